/* pooledconvert tests
 * Every tier of the format kernels (the semi-planar, packed, 16-bit, RGB
 * byte-order and co-sited packed and 16-bit families of dsp/dsp.h) against
 * the plain-C twins, bit for bit.
 *
 * Rows are random, every width from 1 to 130 is tried plus long rows, with
 * each kernel's parameters as the plan passes them and at their limits
 * (for the 16-bit kernels: rounding that saturates, every shift; for the
 * RGB kernels: every standard matrix and coefficients past 16 bits).
 * Sources sit at random offsets: any byte for tiers that accept any
 * alignment, multiples of the element size (but not of 16) for those that
 * need it; one round in three passes the same row as both sources, as the
 * walk does for an odd last row.  Destinations carry guard bytes: a kernel
 * that writes past n fails.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>

#include "convert/convert.h"
#include "dsp/dsp.h"
#include "reference.h"

#define SMALL_WIDTHS 130
#define GUARD 32
#define MAX_OFFSET 16
#define ROUNDS 3
#define MAX_PARAMS 7

/* and around the AVX2 kernels' stack chunks (1024 and 2048 outputs; the
 * co-sited kernel is called with one output fewer) */
static const gint large_widths[] = { 1920, 1025, 1050, 2049, 2050, 2081, 3840,
  4097, 4130
};

typedef struct
{
  gint p[MAX_PARAMS];
} Params;

/* One kernel: how many destination and source rows it has, the source
 * bytes per output sample (its element size), and a call through a
 * tier's context. */
typedef struct
{
  const gchar *name;
  guint n_dests;
  guint n_sources;
  guint element;
  /* bytes written per output sample: 1 but for the widening kernel */
  guint out_bytes;
  void (*call) (const PcDsp * k, guint8 ** d, const guint8 ** s,
      const gint * p, gint n);
  GArray *(*params) (void);
} Kernel;

static void
call_uv_deinterleave (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->semi_planar.uv_deinterleave (d[0], d[1], s[0], n);
}

static void
call_uv_deinterleave_avg_v (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->semi_planar.uv_deinterleave_avg_v (d[0], d[1], s[0], s[1], n);
}

static void
call_uv_deinterleave_box_2x2 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->semi_planar.uv_deinterleave_box_2x2 (d[0], d[1], s[0], s[1], n);
}

static void
call_packed422_to_y (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed422_to_y (d[0], s[0], p[0], n);
}

static void
call_packed422_to_uv (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed422_to_uv (d[0], d[1], s[0], s[1], p[0], n);
}

static void
call_packed422_to_uv_weighted (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed422_to_uv_weighted (d[0], d[1], s[0], s[1], p[0], n);
}

static void
call_packed444_to_y (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed444_to_y (d[0], s[0], p[0], n);
}

static void
call_packed444_box_2x2 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed444_box_2x2 (d[0], d[1], s[0], s[1], p[0], n);
}

/* Co-sited: pair i and pair i - 1 of each row, so the rows hold n + 1
 * pairs for n outputs (and n = 0 is tried too). */
static void
call_packed444_cosited_h (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed444_cosited_h (d[0], d[1], s[0] + 8, s[0], s[1] + 8, s[1],
      p[0], n - 1);
}

/* Rows s[0], s[1], s[0] (weights p[0..2]) read from their second pair
 * on, since the kernel reads the sample before pair 0: n - 1 outputs. */
static void
call_u16_rows_cosited_h (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 4, s[1] + 4, s[0] + 4 };

  k->u16.u16_rows_cosited_h_to_u8 (d[0], rows, p, p[3], p[4], n - 1);
}

static void
call_u16_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_to_u8 (d[0], s[0], p[0], p[1], n);
}

static void
call_u16_uv_deinterleave_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_uv_deinterleave_to_u8 (d[0], d[1], s[0], p[0], p[1], n);
}

static void
call_u16_avg_v_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_avg_v_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

static void
call_u16_box_2x2_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_box_2x2_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

static void
call_rgb4_to_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb4_to_y (d[0], s[0], p[0], p[1], p[2], p[3], p[4], n);
}

static void
call_rgb4_to_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb4_to_uv (d[0], d[1], s[0], s[1], p[0], p[1], p[2], p[3], p[4], p[5],
      p[6], n);
}

static void
call_rgb24_to_rgb4 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_rgb4 (d[0], s[0], n);
}

/* ---- parameters ---------------------------------------------------------- */

static GArray *
params_from (const Params * sets, guint n)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (Params));

  g_array_append_vals (a, sets, n);
  return a;
}

static GArray *
no_params (void)
{
  static const Params none[] = { {{0}} };

  return params_from (none, G_N_ELEMENTS (none));
}

static GArray *
byte_shifts_422 (void)
{
  static const Params shifts[] = { {{0}}, {{8}} };

  return params_from (shifts, G_N_ELEMENTS (shifts));
}

static GArray *
byte_shifts_444_y (void)
{
  static const Params shifts[] = { {{0}}, {{8}}, {{16}}, {{24}} };

  return params_from (shifts, G_N_ELEMENTS (shifts));
}

static GArray *
byte_shifts_444_uv (void)
{
  static const Params shifts[] = { {{0}}, {{8}}, {{16}} };

  return params_from (shifts, G_N_ELEMENTS (shifts));
}

/* round, shift: what the plan passes (10 bits low and high, for one, two
 * and four samples) and the limits of the contract */
static GArray *
rounding (void)
{
  static const Params sets[] = {
    {{2, 2}}, {{128, 8}}, {{4, 3}}, {{8, 4}}, {{256, 9}}, {{512, 10}},
    {{0, 0}}, {{1, 1}}, {{65535, 15}}, {{65535, 0}}, {{32768, 4}},
    {{0, 15}}, {{-1, 2}}, {{0x10002, 2}},
  };

  return params_from (sets, G_N_ELEMENTS (sets));
}

/* The contract of the 32-bit sums: round within 16 bits, unsigned. */
static GArray *
rounding_sums (void)
{
  GArray *a = rounding ();
  guint i;

  for (i = 0; i < a->len;) {
    const gint *p = g_array_index (a, Params, i).p;

    if (p[0] < 0 || p[0] > 65535)
      g_array_remove_index (a, i);
    else
      i++;
  }
  return a;
}

/* The weights of up to three rows (what siting.c's taps give: the pair,
 * [1 2 1], 3 and 1, one row alone; a weight of 0 leaves its row unread),
 * then round and shift as rounding_sums has them. */
static GArray *
row_weights_and_rounding (void)
{
  static const gint weights[][3] = {
    {1, 1, 0}, {1, 2, 1}, {3, 1, 0}, {1, 3, 0}, {4, 0, 0}, {0, 4, 0},
  };
  GArray *rounds = rounding_sums (), *a = g_array_new (FALSE, TRUE,
      sizeof (Params));
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (weights); i++)
    for (j = 0; j < rounds->len; j++) {
      Params p = { {0}
      };

      memcpy (p.p, weights[i], sizeof (weights[i]));
      p.p[3] = g_array_index (rounds, Params, j).p[0];
      p.p[4] = g_array_index (rounds, Params, j).p[1];
      g_array_append_val (a, p);
    }
  g_array_unref (rounds);
  return a;
}

/* Q16 coefficients of every standard matrix in both byte orders the plan
 * uses, then values past 16 bits and negative ones (read as their low 16
 * bits), each at shift 0 and 8. */
static GArray *
rgb_coefficient_sets (gboolean uv)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  static const gint extreme[][6] = {
    {65535, 65535, 65535, 65535, 65535, 65535},
    {0, 0, 0, 0, 0, 0},
    {0, 0, 32767, 32767, 0, 0},
    {-1, -2, -3, -32768, 40000, -2},
    {0x12345, 0x1ffff, 7, 0x10080, 3, 0x7ffff},
  };
  GArray *a = g_array_new (FALSE, TRUE, sizeof (Params));
  guint m, full, shift, i;

  for (shift = 0; shift <= 8; shift += 8) {
    for (m = 0; m < G_N_ELEMENTS (matrices); m++) {
      for (full = 0; full < 2; full++) {
        GstVideoColorimetry c = ref_colorimetry (matrices[m], full);
        PcRgbMatrix k;
        Params p = { {shift}
        };

        pc_rgb_matrix_init (&k, &c);
        if (uv) {
          memcpy (p.p + 1, k.u, sizeof (k.u));
          memcpy (p.p + 4, k.v, sizeof (k.v));
        } else {
          memcpy (p.p + 1, k.y, sizeof (k.y));
          p.p[4] = k.y_bias;
        }
        g_array_append_val (a, p);
      }
    }
    for (i = 0; i < G_N_ELEMENTS (extreme); i++) {
      Params p = { {shift}
      };

      memcpy (p.p + 1, extreme[i], sizeof (extreme[i]));
      g_array_append_val (a, p);
    }
  }
  return a;
}

static GArray *
rgb_y_params (void)
{
  return rgb_coefficient_sets (FALSE);
}

static GArray *
rgb_uv_params (void)
{
  return rgb_coefficient_sets (TRUE);
}

static const Kernel kernels[] = {
  {"uv_deinterleave", 2, 1, 2, 1, call_uv_deinterleave, no_params},
  {"uv_deinterleave_avg_v", 2, 2, 2, 1, call_uv_deinterleave_avg_v,
      no_params},
  {"uv_deinterleave_box_2x2", 2, 2, 4, 1, call_uv_deinterleave_box_2x2,
      no_params},
  {"packed422_to_y", 1, 1, 2, 1, call_packed422_to_y, byte_shifts_422},
  {"packed422_to_uv", 2, 2, 4, 1, call_packed422_to_uv, byte_shifts_422},
  {"packed422_to_uv_weighted", 2, 2, 4, 1, call_packed422_to_uv_weighted,
      byte_shifts_422},
  {"packed444_to_y", 1, 1, 4, 1, call_packed444_to_y, byte_shifts_444_y},
  {"packed444_box_2x2", 2, 2, 8, 1, call_packed444_box_2x2,
      byte_shifts_444_uv},
  {"packed444_cosited_h", 2, 2, 8, 1, call_packed444_cosited_h,
      byte_shifts_444_uv},
  {"u16_to_u8", 1, 1, 2, 1, call_u16_to_u8, rounding},
  {"u16_uv_deinterleave_to_u8", 2, 1, 4, 1, call_u16_uv_deinterleave_to_u8,
      rounding},
  {"u16_avg_v_to_u8", 1, 2, 2, 1, call_u16_avg_v_to_u8, rounding_sums},
  {"u16_box_2x2_to_u8", 1, 2, 4, 1, call_u16_box_2x2_to_u8, rounding_sums},
  {"u16_rows_cosited_h_to_u8", 1, 2, 4, 1, call_u16_rows_cosited_h,
      row_weights_and_rounding},
  {"rgb4_to_y", 1, 1, 4, 1, call_rgb4_to_y, rgb_y_params},
  {"rgb4_to_uv", 2, 2, 8, 1, call_rgb4_to_uv, rgb_uv_params},
  {"rgb24_to_rgb4", 1, 1, 3, 4, call_rgb24_to_rgb4, no_params},
};

/* ---- the comparison ------------------------------------------------------ */

/* A random block of @size bytes at @offset in an allocation that ends
 * where the block does, so over-reads leave the allocation. */
static guint8 *
random_block (gsize size, guint offset, guint32 seed, guint8 ** base)
{
  *base = g_malloc (offset + size);
  ref_fill_random (*base, offset + size, seed);
  return *base + offset;
}

static void
check_width (const Kernel * kernel, const PcDsp * variant,
    const Params * params, gint n, GRand * rand)
{
  const PcDsp *twin = pc_dsp_get (PC_KERNELS_C);
  guint round;

  for (round = 0; round < ROUNDS; round++) {
    guint8 *source_base[2] = { NULL, NULL }, *dest_base[2][2];
    const guint8 *s[2];
    guint8 *d_variant[2], *d_twin[2];
    gsize dest_size = MAX_OFFSET + (gsize) kernel->out_bytes * n + GUARD;
    GString *what = g_string_new (NULL);
    guint i;

    for (i = 0; i < kernel->n_sources; i++) {
      guint offset = variant->needs_aligned_sources ?
          kernel->element * g_rand_int_range (rand, 0,
          MAX_OFFSET / kernel->element + 1) :
          (guint) g_rand_int_range (rand, 0, MAX_OFFSET);

      if (i == 1 && round == 0) {
        s[1] = s[0];            /* an odd last row: the same row twice */
        g_string_append (what, "same row, ");
        continue;
      }
      s[i] = random_block ((gsize) kernel->element * n, offset,
          g_rand_int (rand), &source_base[i]);
      g_string_append_printf (what, "source %u at +%u, ", i, offset);
    }
    if (kernel->n_sources == 1)
      s[1] = NULL;

    for (i = 0; i < kernel->n_dests; i++) {
      guint offset = g_rand_int_range (rand, 0, MAX_OFFSET);

      dest_base[i][0] = g_malloc (dest_size);
      dest_base[i][1] = g_malloc (dest_size);
      ref_fill_random (dest_base[i][0], dest_size, g_rand_int (rand));
      memcpy (dest_base[i][1], dest_base[i][0], dest_size);
      d_variant[i] = dest_base[i][0] + offset;
      d_twin[i] = dest_base[i][1] + offset;
    }
    if (kernel->n_dests == 1)
      d_variant[1] = d_twin[1] = NULL;

    g_string_append (what, "params");
    for (i = 0; i < MAX_PARAMS; i++)
      g_string_append_printf (what, " %d", params->p[i]);

    kernel->call (variant, d_variant, s, params->p, n);
    kernel->call (twin, d_twin, s, params->p, n);

    for (i = 0; i < kernel->n_dests; i++) {
      gsize b;

      for (b = 0; b < dest_size; b++)
        if (dest_base[i][0][b] != dest_base[i][1][b])
          break;
      fail_unless (b == dest_size, "%s (%s) n=%d, %s: destination %u differs "
          "from the C twin at byte %" G_GSIZE_FORMAT " (of which %d are "
          "padding before the row): %u, twin %u", kernel->name,
          variant->name, n, what->str, i, b,
          (gint) (d_variant[i] - dest_base[i][0]), dest_base[i][0][b],
          dest_base[i][1][b]);
      g_free (dest_base[i][0]);
      g_free (dest_base[i][1]);
    }
    g_free (source_base[0]);
    g_free (source_base[1]);
    g_string_free (what, TRUE);
  }
}

static void
check_kernel_variant (const Kernel * kernel, PcKernelVariant v)
{
  const PcDsp *variant = pc_dsp_get (v);
  GArray *params = kernel->params ();
  GRand *rand = g_rand_new_with_seed (0x5eed + v);
  guint p, i;
  gint n;

  if (variant == NULL) {
    g_print ("kernel tier %s: not available here, not tested\n",
        pc_dsp_tier_name (v));
    return;
  }
  fail_unless_equals_int (variant->tier, v);
  for (p = 0; p < params->len; p++) {
    const Params *set = &g_array_index (params, Params, p);

    for (n = 1; n <= SMALL_WIDTHS; n++)
      check_width (kernel, variant, set, n, rand);
    for (i = 0; i < G_N_ELEMENTS (large_widths); i++)
      check_width (kernel, variant, set, large_widths[i], rand);
  }
  g_rand_free (rand);
  g_array_unref (params);
}

/* Loop index: kernel * tiers + tier.  The C twins are the reference
 * and are not compared with themselves. */
GST_START_TEST (test_variant_matches_twin)
{
  const Kernel *kernel = &kernels[__i__ / PC_KERNELS_N_VARIANTS];
  PcKernelVariant v = __i__ % PC_KERNELS_N_VARIANTS;

  if (v != PC_KERNELS_C)
    check_kernel_variant (kernel, v);
}

GST_END_TEST;

static Suite *
kernels_formats_suite (void)
{
  Suite *s = suite_create ("kernels-formats");
  TCase *tc = tcase_create ("variants-vs-c");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_variant_matches_twin, 0,
      G_N_ELEMENTS (kernels) * PC_KERNELS_N_VARIANTS);
  return s;
}

GST_CHECK_MAIN (kernels_formats);
