/* pooledconvert tests
 * Every kernel tier (ORC, AVX2 and AVX-512 where the CPU has them) against
 * the plain-C twins, bit for bit, and the twins against the formulas they
 * promise.
 * Also how the ladder fills each tier's context and which tier PC_KERNELS
 * selects.
 *
 * Rows are random, or extreme (only 0 and 255, one constant: black, white
 * or a grey), every width from 1 to 130 is tried (SIMD code splits a row
 * into a vector body and a scalar tail, so every remainder must be seen),
 * plus a few long rows.  Destinations sit at random byte offsets; sources
 * at random offsets 0..15, which for ORC keep the alignment kernels-c.h
 * demands (ORC assumes arrays aligned to their element size: 2, 4 and 8
 * bytes) and for the other tiers are any offset.  Destinations carry
 * guard bytes: a kernel that writes past n fails.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include <gst/check/gstcheck.h>

#include "convert/convert.h"
#include "dsp/dsp.h"
#include "dsp/c/kernels-c.h"
#include "dsp/c/kernels-formats-c.h"
#include "dsp/c/kernels-siting-c.h"
#include "dsp/orc/kernels-orc.h"
#include "dsp/orc/kernels-siting-orc.h"
#include "reference.h"

#define SMALL_WIDTHS 130
#define GUARD 32
#define MAX_OFFSET 16
#define ROUNDS_PER_WIDTH 4
#define RANDOM_COEF_SETS 2

/* How far the fixed point may move a result beyond the final rounding:
 * three products floored to 1/256 (0.012) and Q16 coefficients rounded
 * (under 0.01 over three terms). */
#define FIXED_POINT_SLACK 0.03

/* 2048 and around it: the AVX2 chroma kernels take rows in chunks of 2048
 * outputs, and a short last chunk steps back over the one before. */
static const gint large_widths[] = { 1920, 2048, 2049, 2079, 3840, 4097 };

/* Y coefficients as the kernels take them: kr, kg, kb, bias */
typedef struct
{
  gint k[3];
  gint bias;
} YCoefs;

/* U and V coefficients: ur, ug, ub, vr, vg, vb */
typedef struct
{
  gint u[3];
  gint v[3];
} UvCoefs;

/* Past every real matrix.  The kernels read each coefficient and the
 * bias as unsigned 16 bits (bits above are ignored, negative ints are
 * their low 16 bits) and add in 16-bit lanes that wrap: these sets make the
 * sums wrap, put the chroma term at its saturation point and on both sides
 * of zero, and pass ints outside 16 bits. */
static const YCoefs extreme_y[] = {
  {{65535, 65535, 65535}, 65535},
  {{0, 0, 0}, 0},
  {{32768, 32768, 32768}, 128},
  {{65535, 0, 0}, 0},
  {{0, 65535, 1}, 65535},
  {{21845, 21846, 21845}, 255 << 8},
  {{-1, -2, -3}, -128},
  {{0x12345, 0x1ffff, 7}, 0x10080},
};

static const UvCoefs extreme_uv[] = {
  {{65535, 65535, 65535}, {65535, 65535, 65535}},
  {{0, 0, 0}, {0, 0, 0}},
  {{0, 0, 32767}, {32767, 0, 0}},
  {{0, 0, 32896}, {32896, 0, 0}},
  {{65535, 65535, 0}, {0, 65535, 65535}},
  {{32768, 32768, 32768}, {1, 2, 3}},
  {{-1, -1, -1}, {-32768, 40000, -2}},
  {{0x18000, 0x2ffff, 0x10001}, {0x7ffff, 3, 0x12345}},
};

/* The tier under test, set by for_each_variant. */
static const PcDsp *dsp;

typedef enum
{
  FILL_RANDOM,
  FILL_EXTREMES,                /* every byte 0 or 255 */
  FILL_CONSTANT,                /* 0, 255 or a grey, by seed */
  N_FILLS
} Fill;

static void
fill (guint8 * data, gsize size, Fill how, guint32 seed)
{
  static const guint8 constants[] = { 0, 255, 128, 16, 235, 1 };
  gsize i;

  ref_fill_random (data, size, seed);
  if (how == FILL_EXTREMES) {
    for (i = 0; i < size; i++)
      data[i] = data[i] & 1 ? 255 : 0;
  } else if (how == FILL_CONSTANT) {
    memset (data, constants[seed % G_N_ELEMENTS (constants)], size);
  }
}

/* A block of @size bytes at @offset inside a fresh allocation that ends
 * exactly where the block does, so over-reads leave the allocation. */
static guint8 *
source_block (gsize size, guint offset, Fill how, guint32 seed, guint8 ** base)
{
  *base = g_malloc (offset + size);
  fill (*base, offset + size, how, seed);
  return *base + offset;
}

/* Two destinations with identical random contents and room for guards. */
typedef struct
{
  guint8 *under_test_base;
  guint8 *c_base;
  guint8 *under_test;
  guint8 *c;
  gsize size;
} DestPair;

static void
dest_pair_init (DestPair * d, gsize n, guint offset, guint32 seed)
{
  d->size = offset + n + GUARD;
  d->under_test_base = g_malloc (d->size);
  d->c_base = g_malloc (d->size);
  ref_fill_random (d->under_test_base, d->size, seed);
  memcpy (d->c_base, d->under_test_base, d->size);
  d->under_test = d->under_test_base + offset;
  d->c = d->c_base + offset;
}

/* The whole allocation is compared, so guard bytes count too (the C twins
 * never write past n). */
static void
dest_pair_check_and_clear (DestPair * d, const gchar * kernel, gint n,
    const gchar * what)
{
  gsize i;

  for (i = 0; i < d->size; i++) {
    if (d->under_test_base[i] != d->c_base[i])
      break;
  }
  fail_unless (i == d->size, "%s (%s) n=%d (%s): first difference at byte %"
      G_GSIZE_FORMAT " of the destination: %s %u, c %u", kernel,
      dsp->name, n, what, i, dsp->name, d->under_test_base[i], d->c_base[i]);

  g_free (d->under_test_base);
  g_free (d->c_base);
}

typedef void (*WidthCheck) (gint n, GRand * rand, gconstpointer data);

static void
for_each_width (WidthCheck check, gconstpointer data)
{
  GRand *rand = g_rand_new_with_seed (0x5eed);
  guint i;
  gint n;

  for (n = 1; n <= SMALL_WIDTHS; n++)
    check (n, rand, data);
  for (i = 0; i < G_N_ELEMENTS (large_widths); i++)
    check (large_widths[i], rand, data);

  g_rand_free (rand);
}

/* Runs @check over every width for each tier other than the C one (the
 * twins themselves); a tier this CPU or build lacks is named and
 * skipped. */
static void
for_each_variant (WidthCheck check, gconstpointer data)
{
  PcKernelVariant v;
  guint tested = 0;

  for (v = PC_KERNELS_C + 1; v < PC_KERNELS_N_VARIANTS; v++) {
    dsp = pc_dsp_get (v);
    if (dsp == NULL) {
      g_print ("kernel tier %s: not available here, not tested\n",
          pc_dsp_tier_name (v));
      continue;
    }
    for_each_width (check, data);
    tested++;
  }
  fail_unless (tested > 0, "no kernel tier besides C was tested");
}

static guint
random_offset (GRand * rand)
{
  return g_rand_int_range (rand, 0, MAX_OFFSET);
}

/* A random offset below MAX_OFFSET, a multiple of @element when the
 * tier needs aligned sources. */
static guint
random_source_offset (GRand * rand, guint element)
{
  if (!dsp->needs_aligned_sources)
    return random_offset (rand);
  return element * g_rand_int_range (rand, 0, MAX_OFFSET / element);
}

static Fill
random_fill (GRand * rand)
{
  return g_rand_int_range (rand, 0, N_FILLS);
}

/* ---- each tier against the C twins --------------------------------------- */

/* The three chroma kernels that take two rows of bytes. */
typedef enum
{
  CHROMA_AVG_V,
  CHROMA_BOX_2X2,
  CHROMA_WEIGHTED_V,
  CHROMA_BOX_2X2_WEIGHTED,
} ChromaKernel;

static void
check_chroma (gint n, GRand * rand, gconstpointer data)
{
  ChromaKernel kernel = GPOINTER_TO_INT (data);
  static const gchar *names[] = { "chroma_avg_v", "chroma_box_2x2",
    "chroma_weighted_v", "chroma_box_2x2_weighted"
  };
  guint element = kernel == CHROMA_BOX_2X2 ||
      kernel == CHROMA_BOX_2X2_WEIGHTED ? 2 : 1;
  guint round;

  for (round = 0; round < ROUNDS_PER_WIDTH; round++) {
    guint o1 = random_source_offset (rand, element);
    guint o2 = random_source_offset (rand, element);
    guint od = random_offset (rand);
    Fill how = random_fill (rand);
    guint8 *b1, *b2;
    const guint8 *s1 =
        source_block (element * n, o1, how, g_rand_int (rand), &b1);
    const guint8 *s2 =
        source_block (element * n, o2, how, g_rand_int (rand), &b2);
    gchar *what = g_strdup_printf ("offsets %u %u -> %u, fill %d", o1, o2, od,
        how);
    DestPair d;

    dest_pair_init (&d, n, od, g_rand_int (rand));
    switch (kernel) {
      case CHROMA_BOX_2X2:
        dsp->chroma.chroma_box_2x2 (d.under_test, s1, s2, n);
        pc_chroma_box_2x2_c (d.c, s1, s2, n);
        break;
      case CHROMA_AVG_V:
        dsp->chroma.chroma_avg_v (d.under_test, s1, s2, n);
        pc_chroma_avg_v_c (d.c, s1, s2, n);
        break;
      case CHROMA_WEIGHTED_V:
        dsp->chroma.chroma_weighted_v (d.under_test, s1, s2, n);
        pc_chroma_weighted_v_c (d.c, s1, s2, n);
        break;
      case CHROMA_BOX_2X2_WEIGHTED:
        dsp->chroma.chroma_box_2x2_weighted (d.under_test, s1, s2, n);
        pc_chroma_box_2x2_weighted_c (d.c, s1, s2, n);
        break;
    }
    dest_pair_check_and_clear (&d, names[kernel], n, what);

    g_free (what);
    g_free (b1);
    g_free (b2);
  }
}

GST_START_TEST (test_chroma_box_variants_match_c)
{
  for_each_variant (check_chroma, GINT_TO_POINTER (CHROMA_BOX_2X2));
}

GST_END_TEST;

GST_START_TEST (test_chroma_avg_variants_match_c)
{
  for_each_variant (check_chroma, GINT_TO_POINTER (CHROMA_AVG_V));
}

GST_END_TEST;

GST_START_TEST (test_chroma_weighted_variants_match_c)
{
  for_each_variant (check_chroma, GINT_TO_POINTER (CHROMA_WEIGHTED_V));
}

GST_END_TEST;

GST_START_TEST (test_chroma_box_weighted_variants_match_c)
{
  for_each_variant (check_chroma, GINT_TO_POINTER (CHROMA_BOX_2X2_WEIGHTED));
}

GST_END_TEST;

/* The twin against its definition: 3/4 of s1 and 1/4 of s2, rounded half
 * up, computed in double. */
GST_START_TEST (test_chroma_weighted_c_vs_formula)
{
  guint a, b;

  for (a = 0; a < 256; a++)
    for (b = 0; b < 256; b++) {
      guint8 s1 = a, s2 = b, out;

      pc_chroma_weighted_v_c (&out, &s1, &s2, 1);
      fail_unless_equals_int (out, (gint) floor (0.75 * a + 0.25 * b + 0.5));
    }
}

GST_END_TEST;

/* Every matrix GStreamer knows Kr and Kb for (BT.601, BT.709, BT.2020,
 * FCC, SMPTE 240M; RGB and unknown fall back to BT.601), limited and full
 * range. */
static GArray *
standard_matrices (void)
{
  GArray *result = g_array_new (FALSE, FALSE, sizeof (PcRgbMatrix));
  GstVideoColorMatrix m;
  guint full;

  for (m = GST_VIDEO_COLOR_MATRIX_UNKNOWN; m <= GST_VIDEO_COLOR_MATRIX_BT2020;
      m++) {
    for (full = 0; full < 2; full++) {
      GstVideoColorimetry c = { 0, };
      PcRgbMatrix matrix;

      c.matrix = m;
      c.range = full ? GST_VIDEO_COLOR_RANGE_0_255 :
          GST_VIDEO_COLOR_RANGE_16_235;
      pc_rgb_matrix_init (&matrix, &c);
      g_array_append_val (result, matrix);
    }
  }
  return result;
}

static GArray *
all_y_coefs (void)
{
  GArray *matrices = standard_matrices ();
  GArray *result = g_array_new (FALSE, FALSE, sizeof (YCoefs));
  guint i;

  for (i = 0; i < matrices->len; i++) {
    const PcRgbMatrix *m = &g_array_index (matrices, PcRgbMatrix, i);
    YCoefs c = { {m->y[0], m->y[1], m->y[2]}, m->y_bias };

    g_array_append_val (result, c);
  }
  g_array_append_vals (result, extreme_y, G_N_ELEMENTS (extreme_y));
  g_array_unref (matrices);
  return result;
}

static GArray *
all_uv_coefs (void)
{
  GArray *matrices = standard_matrices ();
  GArray *result = g_array_new (FALSE, FALSE, sizeof (UvCoefs));
  guint i;

  for (i = 0; i < matrices->len; i++) {
    const PcRgbMatrix *m = &g_array_index (matrices, PcRgbMatrix, i);
    UvCoefs c = { {m->u[0], m->u[1], m->u[2]}, {m->v[0], m->v[1], m->v[2]} };

    g_array_append_val (result, c);
  }
  g_array_append_vals (result, extreme_uv, G_N_ELEMENTS (extreme_uv));
  g_array_unref (matrices);
  return result;
}

/* Any 16-bit value, or any int (whose low 16 bits count). */
static gint
random_coef (GRand * rand)
{
  return g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 65536) :
      (gint) g_rand_int (rand);
}

static void
check_rgba_to_y_with (gint n, GRand * rand, const YCoefs * k)
{
  guint os = random_source_offset (rand, 4), od = random_offset (rand);
  Fill how = random_fill (rand);
  guint8 *base;
  const guint8 *s = source_block (4 * n, os, how, g_rand_int (rand), &base);
  gchar *what = g_strdup_printf ("coefs %d %d %d bias %d, offsets %u -> %u, "
      "fill %d", k->k[0], k->k[1], k->k[2], k->bias, os, od, how);
  DestPair d;

  dest_pair_init (&d, n, od, g_rand_int (rand));
  dsp->rgba.rgba_to_y (d.under_test, s, k->k[0], k->k[1], k->k[2], k->bias, n);
  pc_rgba_to_y_c (d.c, s, k->k[0], k->k[1], k->k[2], k->bias, n);
  dest_pair_check_and_clear (&d, "rgba_to_y", n, what);

  g_free (what);
  g_free (base);
}

static void
check_rgba_to_y (gint n, GRand * rand, gconstpointer data)
{
  const GArray *coefs = data;
  guint i;

  for (i = 0; i < coefs->len; i++)
    check_rgba_to_y_with (n, rand, &g_array_index (coefs, YCoefs, i));
  for (i = 0; i < RANDOM_COEF_SETS; i++) {
    YCoefs k = { {random_coef (rand), random_coef (rand), random_coef (rand)},
    random_coef (rand)
    };

    check_rgba_to_y_with (n, rand, &k);
  }
}

GST_START_TEST (test_rgba_to_y_variants_match_c)
{
  GArray *coefs = all_y_coefs ();

  for_each_variant (check_rgba_to_y, coefs);
  g_array_unref (coefs);
}

GST_END_TEST;

static void
check_rgba_to_uv_with (gint n, GRand * rand, const UvCoefs * k)
{
  guint o1 = random_source_offset (rand, 8);
  guint o2 = random_source_offset (rand, 8);
  guint ou = random_offset (rand), ov = random_offset (rand);
  Fill how = random_fill (rand);
  guint8 *b1, *b2;
  const guint8 *s1 = source_block (8 * n, o1, how, g_rand_int (rand), &b1);
  const guint8 *s2 = source_block (8 * n, o2, how, g_rand_int (rand), &b2);
  gchar *what = g_strdup_printf ("u %d %d %d v %d %d %d, offsets %u %u -> "
      "%u %u, fill %d", k->u[0], k->u[1], k->u[2], k->v[0], k->v[1], k->v[2],
      o1, o2, ou, ov, how);
  DestPair du, dv;

  dest_pair_init (&du, n, ou, g_rand_int (rand));
  dest_pair_init (&dv, n, ov, g_rand_int (rand));
  dsp->rgba.rgba_to_uv (du.under_test, dv.under_test, s1, s2, k->u[0],
      k->u[1], k->u[2], k->v[0], k->v[1], k->v[2], n);
  pc_rgba_to_uv_c (du.c, dv.c, s1, s2, k->u[0], k->u[1], k->u[2],
      k->v[0], k->v[1], k->v[2], n);
  dest_pair_check_and_clear (&du, "rgba_to_uv (u)", n, what);
  dest_pair_check_and_clear (&dv, "rgba_to_uv (v)", n, what);

  g_free (what);
  g_free (b1);
  g_free (b2);
}

static void
check_rgba_to_uv (gint n, GRand * rand, gconstpointer data)
{
  const GArray *coefs = data;
  guint i, j;

  for (i = 0; i < coefs->len; i++)
    check_rgba_to_uv_with (n, rand, &g_array_index (coefs, UvCoefs, i));
  for (i = 0; i < RANDOM_COEF_SETS; i++) {
    UvCoefs k;

    for (j = 0; j < 3; j++) {
      k.u[j] = random_coef (rand);
      k.v[j] = random_coef (rand);
    }
    check_rgba_to_uv_with (n, rand, &k);
  }
}

GST_START_TEST (test_rgba_to_uv_variants_match_c)
{
  GArray *coefs = all_uv_coefs ();

  for_each_variant (check_rgba_to_uv, coefs);
  g_array_unref (coefs);
}

GST_END_TEST;

/* ---- co-sited chroma kernels (kernels-siting-c.h) ------------------------ */

/* Four sources of @element * n bytes: s1, p1, s2, p2. */
typedef struct
{
  guint8 *base[4];
  const guint8 *row[4];
  gchar *what;
} CositedSources;

static void
cosited_sources_init (CositedSources * src, gint n, guint element, GRand * rand)
{
  Fill how = random_fill (rand);
  guint offsets[4], i;

  for (i = 0; i < 4; i++) {
    offsets[i] = random_source_offset (rand, element);
    src->row[i] = source_block (element * n, offsets[i], how,
        g_rand_int (rand), &src->base[i]);
  }
  src->what = g_strdup_printf ("offsets %u %u %u %u, fill %d", offsets[0],
      offsets[1], offsets[2], offsets[3], how);
}

static void
cosited_sources_clear (CositedSources * src)
{
  guint i;

  for (i = 0; i < 4; i++)
    g_free (src->base[i]);
  g_free (src->what);
}

/* @data: TRUE for the weighted (interlaced) kernel */
static void
check_chroma_cosited (gint n, GRand * rand, gconstpointer data)
{
  gboolean weighted = GPOINTER_TO_INT (data);
  guint round;

  for (round = 0; round < ROUNDS_PER_WIDTH; round++) {
    CositedSources src;
    DestPair d;

    cosited_sources_init (&src, n, 2, rand);
    dest_pair_init (&d, n, random_offset (rand), g_rand_int (rand));
    if (weighted) {
      dsp->cosited.chroma_cosited_h_weighted (d.under_test, src.row[0],
          src.row[1], src.row[2], src.row[3], n);
      pc_chroma_cosited_h_weighted_c (d.c, src.row[0], src.row[1],
          src.row[2], src.row[3], n);
    } else {
      dsp->cosited.chroma_cosited_h (d.under_test, src.row[0], src.row[1],
          src.row[2], src.row[3], n);
      pc_chroma_cosited_h_c (d.c, src.row[0], src.row[1], src.row[2],
          src.row[3], n);
    }
    dest_pair_check_and_clear (&d, weighted ? "chroma_cosited_h_weighted" :
        "chroma_cosited_h", n, src.what);
    cosited_sources_clear (&src);
  }
}

GST_START_TEST (test_chroma_cosited_variants_match_c)
{
  for_each_variant (check_chroma_cosited, GINT_TO_POINTER (FALSE));
}

GST_END_TEST;

GST_START_TEST (test_chroma_cosited_weighted_variants_match_c)
{
  for_each_variant (check_chroma_cosited, GINT_TO_POINTER (TRUE));
}

GST_END_TEST;

static void
check_rgba_to_uv_cosited_with (gint n, GRand * rand, const UvCoefs * k)
{
  CositedSources src;
  DestPair du, dv;

  cosited_sources_init (&src, n, 8, rand);
  dest_pair_init (&du, n, random_offset (rand), g_rand_int (rand));
  dest_pair_init (&dv, n, random_offset (rand), g_rand_int (rand));
  dsp->cosited.rgba_to_uv_cosited_h (du.under_test, dv.under_test, src.row[0],
      src.row[1], src.row[2], src.row[3], k->u[0], k->u[1], k->u[2], k->v[0],
      k->v[1], k->v[2], n);
  pc_rgba_to_uv_cosited_h_c (du.c, dv.c, src.row[0], src.row[1], src.row[2],
      src.row[3], k->u[0], k->u[1], k->u[2], k->v[0], k->v[1], k->v[2], n);
  dest_pair_check_and_clear (&du, "rgba_to_uv_cosited_h (u)", n, src.what);
  dest_pair_check_and_clear (&dv, "rgba_to_uv_cosited_h (v)", n, src.what);
  cosited_sources_clear (&src);
}

static void
check_rgba_to_uv_cosited (gint n, GRand * rand, gconstpointer data)
{
  const GArray *coefs = data;
  guint i;

  for (i = 0; i < coefs->len; i++)
    check_rgba_to_uv_cosited_with (n, rand, &g_array_index (coefs, UvCoefs, i));
}

GST_START_TEST (test_rgba_to_uv_cosited_variants_match_c)
{
  GArray *coefs = all_uv_coefs ();

  for_each_variant (check_rgba_to_uv_cosited, coefs);
  g_array_unref (coefs);
}

GST_END_TEST;

/* The two ORC kernels the ORC tier's rgba_to_uv_cosited_h is made of,
 * each against its twin (8-byte elements: sources and sums aligned). */
static void
check_orc_cosited_parts (gint n, GRand * rand, gconstpointer data)
{
  const GArray *coefs = data;
  const UvCoefs *k = &g_array_index (coefs, UvCoefs,
      g_rand_int_range (rand, 0, coefs->len));
  CositedSources src;
  DestPair d, du, dv;

  cosited_sources_init (&src, n, 8, rand);
  dest_pair_init (&d, 8 * n, 8 * g_rand_int_range (rand, 0, 2),
      g_rand_int (rand));
  pc_rgba_sum_cosited_h (d.under_test, src.row[0], src.row[1], src.row[2],
      src.row[3], n);
  pc_rgba_sum_cosited_h_c (d.c, src.row[0], src.row[1], src.row[2],
      src.row[3], n);
  dest_pair_init (&du, n, random_offset (rand), g_rand_int (rand));
  dest_pair_init (&dv, n, random_offset (rand), g_rand_int (rand));
  /* the sums of the twin (random where it wrote nothing) feed both */
  pc_rgb_sums_to_uv (du.under_test, dv.under_test, d.c, k->u[0], k->u[1],
      k->u[2], k->v[0], k->v[1], k->v[2], n);
  pc_rgb_sums_to_uv_c (du.c, dv.c, d.c, k->u[0], k->u[1], k->u[2], k->v[0],
      k->v[1], k->v[2], n);
  dest_pair_check_and_clear (&d, "pc_rgba_sum_cosited_h", n, src.what);
  dest_pair_check_and_clear (&du, "pc_rgb_sums_to_uv (u)", n, src.what);
  dest_pair_check_and_clear (&dv, "pc_rgb_sums_to_uv (v)", n, src.what);
  cosited_sources_clear (&src);
}

GST_START_TEST (test_orc_cosited_parts_match_c)
{
  GArray *coefs = all_uv_coefs ();

  dsp = pc_dsp_get (PC_KERNELS_ORC);
  for_each_width (check_orc_cosited_parts, coefs);
  g_array_unref (coefs);
}

GST_END_TEST;

/* The conversion passes the same row as both sources when the frame has
 * an odd last row: filtering a row with itself must give its own values. */
static void
check_same_row_twice (gint n, GRand * rand, gconstpointer data)
{
  guint8 *base, *row, *out = g_malloc (n), *c = g_malloc (n);
  gint i;

  row = source_block (2 * n, random_source_offset (rand, 2), random_fill
      (rand), g_rand_int (rand), &base);
  dsp->chroma.chroma_box_2x2 (out, row, row, n);
  pc_chroma_box_2x2_c (c, row, row, n);
  fail_unless (memcmp (out, c, n) == 0, "%s n=%d", dsp->name, n);
  for (i = 0; i < n; i++)
    fail_unless_equals_int (c[i], (2 * row[2 * i] + 2 * row[2 * i + 1] + 2)
        >> 2);

  dsp->chroma.chroma_avg_v (out, row, row, n);
  pc_chroma_avg_v_c (c, row, row, n);
  fail_unless (memcmp (out, c, n) == 0, "%s n=%d", dsp->name, n);
  fail_unless (memcmp (c, row, n) == 0);

  g_free (base);
  g_free (out);
  g_free (c);
}

GST_START_TEST (test_chroma_same_row_twice)
{
  for_each_variant (check_same_row_twice, NULL);
}

GST_END_TEST;

/* ---- the ladder and which tier runs -------------------------------------- */

/* The highest tier this build and CPU run. */
static PcKernelVariant
highest_tier (void)
{
  PcKernelVariant v = PC_KERNELS_N_VARIANTS - 1;

  while (pc_dsp_get (v) == NULL)
    v--;
  return v;
}

GST_START_TEST (test_ladder_fills_every_tier)
{
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  const PcDsp *orc = pc_dsp_get (PC_KERNELS_ORC);
  const PcDsp *avx2 = pc_dsp_get (PC_KERNELS_AVX2);
  const PcDsp *avx512 = pc_dsp_get (PC_KERNELS_AVX512);
  PcCpuFlags flags = pc_dsp_cpu_flags ();

  fail_unless (c != NULL && orc != NULL);
  fail_unless (pc_dsp_get (PC_KERNELS_N_VARIANTS) == NULL);
  /* the C rung is the twins themselves */
  fail_unless (c->rgba.rgba_to_uv == pc_rgba_to_uv_c);
  fail_unless (c->cosited.packed444_cosited_h == pc_packed444_cosited_h_c);
  fail_unless (!c->needs_aligned_sources);
  /* ORC over it; what ORC lacks keeps the twin by itself */
  fail_unless (orc->rgba.rgba_to_uv == pc_rgba_to_uv);
  fail_unless (orc->rgb.rgb24_to_rgb4 == pc_rgb24_to_rgb4_c);
  fail_unless (orc->cosited.u16_rows_cosited_h_to_u8 ==
      pc_u16_rows_cosited_h_to_u8_c);
  fail_unless (orc->needs_aligned_sources);
  /* AVX2, where it runs, replaces every ORC kernel and loads unaligned */
  if (avx2 != NULL) {
    fail_unless (avx2->rgba.rgba_to_uv != orc->rgba.rgba_to_uv);
    fail_unless (avx2->rgb.rgb24_to_rgb4 != orc->rgb.rgb24_to_rgb4);
    fail_unless (!avx2->needs_aligned_sources);
  }
  /* AVX-512 with VBMI, where this build has it and the CPU and OS run
   * it, replaces the RGB kernels over AVX2's, keeps AVX2's others, and
   * leaves AVX2's context alone */
#if defined(__x86_64__)
  if (flags & PC_CPU_FLAG_AVX512)
    fail_unless (__builtin_cpu_supports ("avx512f") &&
        __builtin_cpu_supports ("avx512bw") &&
        __builtin_cpu_supports ("avx512vl"));
#endif
  fail_unless (avx512 == NULL || (flags & PC_CPU_FLAG_AVX512));
  if (avx512 != NULL && (flags & PC_CPU_FLAG_AVX512_VBMI)) {
    fail_unless (avx2 != NULL);
    fail_unless (avx512->rgba.rgba_to_y != avx2->rgba.rgba_to_y);
    fail_unless (avx512->rgb.rgb24_to_rgb4 != avx2->rgb.rgb24_to_rgb4);
    fail_unless (avx512->cosited.rgba_to_uv_cosited_h !=
        avx2->cosited.rgba_to_uv_cosited_h);
    fail_unless (avx512->chroma.chroma_box_2x2 == avx2->chroma.chroma_box_2x2);
    fail_unless (!avx512->needs_aligned_sources);
  }
  /* a context is made once: the same one every time */
  fail_unless (pc_dsp_get (PC_KERNELS_ORC) == orc);
}

GST_END_TEST;

GST_START_TEST (test_variant_choice)
{
  PcKernelVariant best = highest_tier ();
  PcKernelVariant v;
  gchar *warning;

  fail_unless (best >= PC_KERNELS_ORC);
  fail_unless_equals_int (pc_dsp_choose (NULL, &warning), best);
  fail_unless (warning == NULL);
  fail_unless_equals_int (pc_dsp_choose ("", &warning), best);
  fail_unless (warning == NULL);

  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    const gchar *name = pc_dsp_tier_name (v);
    const PcDsp *dsp = pc_dsp_get (v);

    fail_unless_equals_int (pc_dsp_choose (name, &warning), dsp ? v : best);
    /* forcing a tier the CPU lacks says so */
    fail_unless ((warning != NULL) == (dsp == NULL), "%s", name);
    fail_unless (dsp == NULL || (dsp->tier == v &&
            g_str_equal (dsp->name, name)));
    g_free (warning);
  }

  fail_unless_equals_int (pc_dsp_choose ("sse9", &warning), best);
  fail_unless (warning != NULL && strstr (warning, "sse9") != NULL);
  g_free (warning);

  /* this process: what PC_KERNELS says */
  fail_unless_equals_int (pc_dsp_default ()->tier,
      pc_dsp_choose (g_getenv ("PC_KERNELS"), NULL));
}

GST_END_TEST;

/* ---- the C twins against their formulas ---------------------------------- */

/* The box's rounding: one rounding of the four-sample sum.  Averaging
 * twice (the obvious SIMD shortcut, avg (avg (a, b), avg (c, d))) rounds
 * up twice, and truncating (sum >> 2) never rounds up; the hand-picked
 * blocks below tell all three apart. */
static guint8
box_formula (guint a, guint b, guint c, guint d)
{
  return (a + b + c + d + 2) >> 2;
}

GST_START_TEST (test_chroma_box_c_formula)
{
  /* top a b, bottom c d, expected from the formula by hand */
  static const struct
  {
    guint8 a, b, c, d, expected;
  } cases[] = {
    {0, 1, 0, 0, 0},            /* avg of avgs gives 1 */
    {1, 1, 1, 0, 1},            /* truncation gives 0 */
    {0, 1, 0, 1, 1},
    {0, 0, 0, 2, 1},            /* exactly half rounds up */
    {254, 255, 255, 255, 255},
    {2, 3, 2, 2, 2},            /* 9 / 4 = 2.25, avg of avgs gives 3 */
    {255, 255, 255, 255, 255},
    {0, 0, 0, 0, 0},
    {10, 11, 11, 11, 11},
    {10, 10, 10, 11, 10},       /* 41 / 4 = 10.25 */
    {0, 255, 0, 0, 64},         /* 63.75 */
  };
  guint8 top[2], bottom[2], out;
  guint8 s1[2 * 97], s2[2 * 97], d[97];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint twice = (((cases[i].a + cases[i].b + 1) >> 1) +
        ((cases[i].c + cases[i].d + 1) >> 1) + 1) >> 1;

    top[0] = cases[i].a;
    top[1] = cases[i].b;
    bottom[0] = cases[i].c;
    bottom[1] = cases[i].d;
    pc_chroma_box_2x2_c (&out, top, bottom, 1);
    fail_unless_equals_int (out, cases[i].expected);
    fail_unless_equals_int (out, box_formula (top[0], top[1], bottom[0],
            bottom[1]));
    if (i == 0 || i == 5)
      fail_unless (twice != cases[i].expected, "case %u does not tell the "
          "double average apart", i);
  }

  ref_fill_random (s1, sizeof (s1), 1);
  ref_fill_random (s2, sizeof (s2), 2);
  pc_chroma_box_2x2_c (d, s1, s2, 97);
  for (i = 0; i < 97; i++)
    fail_unless_equals_int (d[i], box_formula (s1[2 * i], s1[2 * i + 1],
            s2[2 * i], s2[2 * i + 1]));
}

GST_END_TEST;

GST_START_TEST (test_chroma_avg_c_formula)
{
  static const struct
  {
    guint8 a, b, expected;
  } cases[] = {
    {0, 1, 1},                  /* half rounds up, truncation gives 0 */
    {0, 0, 0},
    {255, 255, 255},
    {254, 255, 255},
    {0, 255, 128},
    {100, 103, 102},
  };
  guint8 s1[101], s2[101], d[101];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint8 out;

    pc_chroma_avg_v_c (&out, &cases[i].a, &cases[i].b, 1);
    fail_unless_equals_int (out, cases[i].expected);
  }

  ref_fill_random (s1, sizeof (s1), 3);
  ref_fill_random (s2, sizeof (s2), 4);
  pc_chroma_avg_v_c (d, s1, s2, 101);
  for (i = 0; i < 101; i++)
    fail_unless_equals_int (d[i], (s1[i] + s2[i] + 1) / 2);
}

GST_END_TEST;

/* hi (k, x) of the contract with x = v << 8 is floor (k * v / 256). */
static guint
scaled (gint k, guint v)
{
  return ((guint) k & 0xffff) * v / 256;
}

/* The two's complement reading of the low 16 bits. */
static gint
as_signed16 (gint value)
{
  gint low = value & 0xffff;

  return low >= 32768 ? low - 65536 : low;
}

GST_START_TEST (test_rgba_to_y_c_formula)
{
  GArray *coefs = all_y_coefs ();
  guint8 px[4 * 61], d[61];
  guint i, x;

  ref_fill_random (px, sizeof (px), 5);
  for (i = 0; i < coefs->len; i++) {
    const YCoefs *k = &g_array_index (coefs, YCoefs, i);

    pc_rgba_to_y_c (d, px, k->k[0], k->k[1], k->k[2], k->bias, 61);
    for (x = 0; x < 61; x++) {
      const guint8 *p = px + 4 * x;
      guint sum = scaled (k->k[0], p[0]) + scaled (k->k[1], p[1]) +
          scaled (k->k[2], p[2]) + ((guint) k->bias & 0xffff);

      /* the sum is kept modulo 2^16, Y is its high byte */
      fail_unless_equals_int (d[x], (sum % 65536) / 256);
    }
  }
  g_array_unref (coefs);
}

GST_END_TEST;

/* One chroma sample from the contract: 256 times the block means, three
 * Q16 products (the first added, two subtracted) in a wrapping 16-bit
 * lane, + 128 saturating at 32767, an arithmetic >> 8, + 128. */
static guint8
chroma_formula (guint sum_plus, gint k_plus, guint sum_minus1, gint k_minus1,
    guint sum_minus2, gint k_minus2)
{
  /* hi (k, 64 * sum) = floor (k * sum / 1024) */
  gint t = as_signed16 ((gint) (((guint) k_plus & 0xffff) * sum_plus / 1024)
      - (gint) (((guint) k_minus1 & 0xffff) * sum_minus1 / 1024)
      - (gint) (((guint) k_minus2 & 0xffff) * sum_minus2 / 1024));
  gint q = (gint) floor (MIN (t + 128, 32767) / 256.0) + 128;

  return (guint8) CLAMP (q, 0, 255);
}

GST_START_TEST (test_rgba_to_uv_c_formula)
{
  GArray *coefs = all_uv_coefs ();
  guint8 s1[8 * 59], s2[8 * 59], u[59], v[59];
  guint i, x, c;

  ref_fill_random (s1, sizeof (s1), 6);
  ref_fill_random (s2, sizeof (s2), 7);
  for (i = 0; i < coefs->len; i++) {
    const UvCoefs *k = &g_array_index (coefs, UvCoefs, i);

    pc_rgba_to_uv_c (u, v, s1, s2, k->u[0], k->u[1], k->u[2], k->v[0],
        k->v[1], k->v[2], 59);
    for (x = 0; x < 59; x++) {
      guint sum[3];

      /* alpha (byte 3) takes no part */
      for (c = 0; c < 3; c++)
        sum[c] = s1[8 * x + c] + s1[8 * x + 4 + c] + s2[8 * x + c] +
            s2[8 * x + 4 + c];
      /* U adds B and subtracts R and G; V adds R and subtracts G and B */
      fail_unless_equals_int (u[x], chroma_formula (sum[2], k->u[2], sum[0],
              k->u[0], sum[1], k->u[1]));
      fail_unless_equals_int (v[x], chroma_formula (sum[0], k->v[0], sum[1],
              k->v[1], sum[2], k->v[2]));
    }
  }
  g_array_unref (coefs);
}

GST_END_TEST;

/* [1 2 1] around the even pixel, over two rows, rounded once. */
GST_START_TEST (test_chroma_cosited_c_formula)
{
  guint8 s1[2 * 61], p1[2 * 61], s2[2 * 61], p2[2 * 61], d[61];
  guint x;

  ref_fill_random (s1, sizeof (s1), 11);
  ref_fill_random (p1, sizeof (p1), 12);
  ref_fill_random (s2, sizeof (s2), 13);
  ref_fill_random (p2, sizeof (p2), 14);
  pc_chroma_cosited_h_c (d, s1, p1, s2, p2, 61);
  for (x = 0; x < 61; x++) {
    gdouble mean = (p1[2 * x + 1] + 2.0 * s1[2 * x] + s1[2 * x + 1] +
        p2[2 * x + 1] + 2.0 * s2[2 * x] + s2[2 * x + 1]) / 8.0;

    fail_unless_equals_int (d[x], (gint) floor (mean + 0.5));
  }
}

GST_END_TEST;

/* The interlaced kernels against their definitions in double: 3/4 of the
 * nearer row's filter and 1/4 of the farther one's, rounded half up. */
GST_START_TEST (test_chroma_field_weighted_c_formula)
{
  guint8 s1[2 * 61], p1[2 * 61], s2[2 * 61], p2[2 * 61], d[61];
  guint x;

  ref_fill_random (s1, sizeof (s1), 31);
  ref_fill_random (p1, sizeof (p1), 32);
  ref_fill_random (s2, sizeof (s2), 33);
  ref_fill_random (p2, sizeof (p2), 34);
  pc_chroma_cosited_h_weighted_c (d, s1, p1, s2, p2, 61);
  for (x = 0; x < 61; x++) {
    gdouble near = (p1[2 * x + 1] + 2.0 * s1[2 * x] + s1[2 * x + 1]) / 4.0;
    gdouble far = (p2[2 * x + 1] + 2.0 * s2[2 * x] + s2[2 * x + 1]) / 4.0;

    fail_unless_equals_int (d[x], (gint) floor (0.75 * near + 0.25 * far +
            0.5));
  }
  pc_chroma_box_2x2_weighted_c (d, s1, s2, 61);
  for (x = 0; x < 61; x++) {
    gdouble near = (s1[2 * x] + s1[2 * x + 1]) / 2.0;
    gdouble far = (s2[2 * x] + s2[2 * x + 1]) / 2.0;

    fail_unless_equals_int (d[x], (gint) floor (0.75 * near + 0.25 * far +
            0.5));
  }
}

GST_END_TEST;

/* Per channel the weighted sum times 32, in little-endian words; and the
 * matrix over such words is the box kernel's over its sums. */
GST_START_TEST (test_rgba_cosited_c_formula)
{
  GArray *coefs = all_uv_coefs ();
  guint8 s1[8 * 37], p1[8 * 37], s2[8 * 37], p2[8 * 37], sums[8 * 37];
  guint8 u[37], v[37], box_s1[8 * 37], box_s2[8 * 37], bu[37], bv[37];
  guint i, x, c;

  ref_fill_random (s1, sizeof (s1), 21);
  ref_fill_random (p1, sizeof (p1), 22);
  ref_fill_random (s2, sizeof (s2), 23);
  ref_fill_random (p2, sizeof (p2), 24);
  pc_rgba_sum_cosited_h_c (sums, s1, p1, s2, p2, 37);
  for (x = 0; x < 37; x++) {
    for (c = 0; c < 4; c++) {
      guint at = 8 * x + c;
      guint expected = 32 * (p1[at + 4] + 2 * s1[at] + s1[at + 4] +
          p2[at + 4] + 2 * s2[at] + s2[at + 4]);

      fail_unless_equals_int (sums[8 * x + 2 * c] |
          sums[8 * x + 2 * c + 1] << 8, expected);
    }
  }

  /* words of 64 times a box sum give what the box kernel gives */
  ref_fill_random (box_s1, sizeof (box_s1), 25);
  ref_fill_random (box_s2, sizeof (box_s2), 26);
  for (x = 0; x < 37; x++) {
    for (c = 0; c < 4; c++) {
      guint at = 8 * x + c;
      guint word = 64 * (box_s1[at] + box_s1[at + 4] + box_s2[at] +
          box_s2[at + 4]);

      sums[8 * x + 2 * c] = word & 0xff;
      sums[8 * x + 2 * c + 1] = word >> 8;
    }
  }
  for (i = 0; i < coefs->len; i++) {
    const UvCoefs *k = &g_array_index (coefs, UvCoefs, i);

    pc_rgb_sums_to_uv_c (u, v, sums, k->u[0], k->u[1], k->u[2], k->v[0],
        k->v[1], k->v[2], 37);
    pc_rgba_to_uv_c (bu, bv, box_s1, box_s2, k->u[0], k->u[1], k->u[2],
        k->v[0], k->v[1], k->v[2], 37);
    fail_unless (memcmp (u, bu, 37) == 0 && memcmp (v, bv, 37) == 0,
        "coefficient set %u", i);
  }
  g_array_unref (coefs);
}

GST_END_TEST;

/* Hand-picked colours whose YCbCr the standards fix: black, white and
 * grey have neutral chroma, and the primaries reach the chroma extremes.
 * This ties pc_rgb_matrix_init and the twins to the definitions. */
GST_START_TEST (test_rgb_matrix_known_colours)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  guint m, full;

  for (m = 0; m < G_N_ELEMENTS (matrices); m++) {
    for (full = 0; full < 2; full++) {
      GstVideoColorimetry cinfo = ref_colorimetry (matrices[m], full);
      RefColor color = ref_color (matrices[m], full);
      gdouble y_lo = full ? 0 : 16, y_hi = full ? 255 : 235;
      gdouble c_half = full ? 127.5 : 112;
      PcRgbMatrix k;
      /* black, white, grey, blue, red, yellow (no blue), cyan (no red) */
      static const guint8 rgb[][3] = {
        {0, 0, 0}, {255, 255, 255}, {128, 128, 128}, {0, 0, 255},
        {255, 0, 0}, {255, 255, 0}, {0, 255, 255},
      };
      guint i;

      pc_rgb_matrix_init (&k, &cinfo);

      for (i = 0; i < G_N_ELEMENTS (rgb); i++) {
        const guint8 *p = rgb[i];
        guint8 block[8] = { p[0], p[1], p[2], 0, p[0], p[1], p[2], 255 };
        gdouble yv = color.kr * p[0] + (1 - color.kr - color.kb) * p[1] +
            color.kb * p[2];
        gdouble y_exp = y_lo + (y_hi - y_lo) * yv / 255.0;
        gdouble u_exp = 128 + c_half * (p[2] - yv) / 255.0 / (1 - color.kb);
        gdouble v_exp = 128 + c_half * (p[0] - yv) / 255.0 / (1 - color.kr);
        guint8 y, u, v;

        u_exp = CLAMP (u_exp, 0, 255);
        v_exp = CLAMP (v_exp, 0, 255);
        pc_rgba_to_y_c (&y, block, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
        pc_rgba_to_uv_c (&u, &v, block, block, k.u[0], k.u[1], k.u[2],
            k.v[0], k.v[1], k.v[2], 1);

        fail_unless (fabs (y - y_exp) <= 0.5 + FIXED_POINT_SLACK,
            "matrix %u full %u rgb %u,%u,%u: Y %u, expected %.3f", m, full,
            p[0], p[1], p[2], y, y_exp);
        fail_unless (fabs (u - u_exp) <= 0.5 + FIXED_POINT_SLACK,
            "matrix %u full %u rgb %u,%u,%u: U %u, expected %.3f", m, full,
            p[0], p[1], p[2], u, u_exp);
        fail_unless (fabs (v - v_exp) <= 0.5 + FIXED_POINT_SLACK,
            "matrix %u full %u rgb %u,%u,%u: V %u, expected %.3f", m, full,
            p[0], p[1], p[2], v, v_exp);
      }

      /* the exact ends of the ranges */
      {
        guint8 black[8] = { 0 }, white[8], y, u, v;

        memset (white, 255, sizeof (white));
        pc_rgba_to_y_c (&y, black, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
        fail_unless_equals_int (y, (gint) y_lo);
        pc_rgba_to_y_c (&y, white, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
        fail_unless_equals_int (y, (gint) y_hi);
        pc_rgba_to_uv_c (&u, &v, white, white, k.u[0], k.u[1], k.u[2],
            k.v[0], k.v[1], k.v[2], 1);
        fail_unless_equals_int (u, 128);
        fail_unless_equals_int (v, 128);
      }
    }
  }
}

GST_END_TEST;

/* The integer matrix is the double one in unsigned Q16 magnitudes (the
 * kernels fix the signs), each coefficient rounded; the middle one of each
 * row takes up the others' rounding, so it may be off by one and a half. */
static void
check_coefficient (gint actual, gdouble expected, gdouble tolerance,
    const gchar * name, guint row, guint m, guint full)
{
  fail_unless (fabs (actual - expected * 65536) <= tolerance,
      "matrix %u full %u %s[%u] = %d, expected %.2f", m, full, name, row,
      actual, expected * 65536);
  /* what the kernels can take */
  fail_unless (actual >= 0 && actual <= 65535,
      "matrix %u full %u %s[%u] = %d is not 16-bit", m, full, name, row,
      actual);
}

GST_START_TEST (test_rgb_matrix_coefficients)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  guint m, full;

  for (m = 0; m < G_N_ELEMENTS (matrices); m++) {
    for (full = 0; full < 2; full++) {
      GstVideoColorimetry cinfo = ref_colorimetry (matrices[m], full);
      RefColor c = ref_color (matrices[m], full);
      gdouble ys = full ? 1.0 : 219.0 / 255.0;
      gdouble cs = full ? 1.0 : 224.0 / 255.0;
      gdouble kg = 1.0 - c.kr - c.kb;
      /* Y = kr R + kg G + kb B; U = (B - Y) / (2 (1 - kb)); V likewise */
      gdouble expect_y[3] = { c.kr * ys, kg * ys, c.kb * ys };
      gdouble expect_u[3] = { c.kr / (1 - c.kb) / 2 * cs,
        kg / (1 - c.kb) / 2 * cs, 0.5 * cs
      };
      gdouble expect_v[3] = { 0.5 * cs, kg / (1 - c.kr) / 2 * cs,
        c.kb / (1 - c.kr) / 2 * cs
      };
      PcRgbMatrix k;
      guint i;

      pc_rgb_matrix_init (&k, &cinfo);
      for (i = 0; i < 3; i++) {
        gdouble tolerance = i == 1 ? 1.5 : 1.0;

        check_coefficient (k.y[i], expect_y[i], tolerance, "y", i, m, full);
        check_coefficient (k.u[i], expect_u[i], tolerance, "u", i, m, full);
        check_coefficient (k.v[i], expect_v[i], tolerance, "v", i, m, full);
      }
      /* the Y offset in 8.8 fixed point, plus one half for rounding */
      fail_unless_equals_int (k.y_bias, (full ? 0 : 16 * 256) + 128);
    }
  }
}

GST_END_TEST;

static Suite *
kernels_suite (void)
{
  Suite *s = suite_create ("kernels");
  TCase *tc_variants = tcase_create ("variants-vs-c");
  TCase *tc_c = tcase_create ("c-vs-formula");

  suite_add_tcase (s, tc_variants);
  tcase_add_test (tc_variants, test_chroma_box_variants_match_c);
  tcase_add_test (tc_variants, test_chroma_avg_variants_match_c);
  tcase_add_test (tc_variants, test_chroma_weighted_variants_match_c);
  tcase_add_test (tc_variants, test_rgba_to_y_variants_match_c);
  tcase_add_test (tc_variants, test_rgba_to_uv_variants_match_c);
  tcase_add_test (tc_variants, test_chroma_same_row_twice);
  tcase_add_test (tc_variants, test_chroma_cosited_variants_match_c);
  tcase_add_test (tc_variants, test_chroma_cosited_weighted_variants_match_c);
  tcase_add_test (tc_variants, test_chroma_box_weighted_variants_match_c);
  tcase_add_test (tc_variants, test_rgba_to_uv_cosited_variants_match_c);
  tcase_add_test (tc_variants, test_orc_cosited_parts_match_c);
  tcase_add_test (tc_variants, test_ladder_fills_every_tier);
  tcase_add_test (tc_variants, test_variant_choice);

  suite_add_tcase (s, tc_c);
  tcase_add_test (tc_c, test_chroma_box_c_formula);
  tcase_add_test (tc_c, test_chroma_avg_c_formula);
  tcase_add_test (tc_c, test_chroma_weighted_c_vs_formula);
  tcase_add_test (tc_c, test_rgba_to_y_c_formula);
  tcase_add_test (tc_c, test_rgba_to_uv_c_formula);
  tcase_add_test (tc_c, test_chroma_cosited_c_formula);
  tcase_add_test (tc_c, test_chroma_field_weighted_c_formula);
  tcase_add_test (tc_c, test_rgba_cosited_c_formula);
  tcase_add_test (tc_c, test_rgb_matrix_known_colours);
  tcase_add_test (tc_c, test_rgb_matrix_coefficients);

  return s;
}

GST_CHECK_MAIN (kernels);
