/* pooledconvert tests
 * The kernel runner: every kernel of PcDsp (dsp/dsp.h), described once in
 * dsp-rows.c or dsp-formats.c, is run in every tier this build and CPU
 * have against the C tier, bit for bit, and the C twins against formulas
 * written in the descriptors.  Also how the ladder fills each tier's
 * context and which tier PC_KERNELS selects.  With --bench it times each
 * kernel in each tier instead.
 *
 * Rows are random, extreme (only 0 and 255; for 16-bit samples also the
 * 16-bit extremes and 10-bit values) or constant (black, white, greys).
 * Widths are 1 to 130 (SIMD code splits a row into a vector body and a
 * scalar tail, so every remainder must be seen) and rows around the AVX2
 * kernels' chunks.  Sources sit at offsets 0..15, element-aligned for a
 * tier that needs aligned sources, in an allocation that ends where the
 * row does; round 0 passes the same row as both sources, as the walk does
 * for an odd last row.  Destinations carry guard bytes before and after:
 * a kernel that writes past its row fails.
 *
 * Exit status: 0 when every check passed, 1 when one failed, 77 (a skip)
 * when --tier names a tier this build or CPU cannot run.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "checkdsp.h"
#include "reference.h"

#define SMALL_WIDTHS 130
#define GUARD 32
#define MAX_OFFSET 16
#define FORMULA_WIDTHS 64
#define SKIP_EXIT_STATUS 77

/* 1024 and 2048 and around them: the AVX2 kernels take rows in stack
 * chunks of 1024 or 2048 outputs and a short last chunk steps back over
 * the one before; 1920 and 3840 are what the plan calls most. */
static const gint large_widths[] = { 1025, 1050, 1920, 2048, 2049, 2050, 2079,
  2081, 3840, 4097, 4130
};

/* with PC_TEST_REDUCED, after 0..REDUCED_SMALL_WIDTHS */
#define REDUCED_SMALL_WIDTHS 33
static const gint reduced_widths[] = { 63, 64, 65, 127, 128, 129, 130, 1920,
  2049, 4097
};

static const gint bench_widths[] = { 1920, 3840 };

guint64 dsp_checks;
gint dsp_formula_width;
guint64 dsp_failures;

gboolean
dsp_check (gboolean ok, const gchar * format, ...)
{
  va_list args;

  dsp_checks++;
  if (ok)
    return TRUE;
  dsp_failures++;
  va_start (args, format);
  fputs ("FAIL: ", stdout);
  vprintf (format, args);
  fputc ('\n', stdout);
  va_end (args);
  fflush (stdout);
  return FALSE;
}

GArray *
dsp_params_from (const DspParams * sets, guint n)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));

  g_array_append_vals (a, sets, n);
  return a;
}

GArray *
dsp_params_with_flag (GArray * sets, guint at)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint i, flag;

  g_assert (at < DSP_MAX_PARAMS);
  for (i = 0; i < sets->len; i++)
    for (flag = 0; flag < 2; flag++) {
      DspParams set = g_array_index (sets, DspParams, i);

      set.p[at] = flag;
      g_array_append_val (a, set);
    }
  g_array_unref (sets);
  return a;
}

static GArray *
kernel_params (const DspKernel * kernel)
{
  static const DspParams zeros = { {0} };

  return kernel->params ? kernel->params () : dsp_params_from (&zeros, 1);
}

static gpointer
kernel_pointer (const PcDsp * dsp, const DspKernel * kernel)
{
  return *(gpointer *) ((const guint8 *) dsp + kernel->offset);
}

/* ---- inputs -------------------------------------------------------------- */

typedef enum
{
  FILL_RANDOM,
  FILL_EXTREMES,                /* every byte 0 or 255 */
  FILL_CONSTANT,                /* 0, 255 or a grey, by seed */
  FILL_U16_EXTREMES,            /* 16-bit samples at the ends and middle */
  FILL_U16_10BIT,               /* 16-bit samples of 10-bit video */
  N_FILLS
} Fill;

static const gchar *fill_names[] = { "random", "extremes", "constant",
  "16-bit extremes", "10-bit"
};

static guint
n_fills (const DspKernel * kernel)
{
  return kernel->samples16 ? N_FILLS : FILL_U16_EXTREMES;
}

static void
fill (guint8 * data, gsize size, Fill how, guint32 seed)
{
  static const guint8 constants[] = { 0, 255, 128, 16, 235, 1 };
  static const guint16 words[] = { 0, 1, 0x3ff, 0x400, 0x7fff, 0x8000,
    0xfffe, 0xffff
  };
  gsize i;

  ref_fill_random (data, size, seed);
  switch (how) {
    case FILL_EXTREMES:
      for (i = 0; i < size; i++)
        data[i] = data[i] & 1 ? 255 : 0;
      break;
    case FILL_CONSTANT:
      memset (data, constants[seed % G_N_ELEMENTS (constants)], size);
      break;
    case FILL_U16_EXTREMES:
      for (i = 0; i + 1 < size; i += 2) {
        guint16 w = words[data[i] % G_N_ELEMENTS (words)];

        data[i] = w & 0xff;
        data[i + 1] = w >> 8;
      }
      break;
    case FILL_U16_10BIT:
      for (i = 1; i < size; i += 2)
        data[i] &= 3;
      break;
    default:
      break;
  }
}

/* The sources of one call, each a block in an allocation of its own that
 * ends where the block does, so an over-read leaves the allocation. */
typedef struct
{
  guint8 *base[DSP_MAX_SOURCES];
  const guint8 *row[DSP_MAX_SOURCES];
  guint offset[DSP_MAX_SOURCES];
  gboolean same_row;
  Fill how;
} Sources;

/* The source bytes per output of @kernel with parameters @p. */
static guint
element_of (const DspKernel * kernel, const gint * p)
{
  return kernel->element_for != NULL ? kernel->element_for (p) :
      kernel->element;
}

static guint
source_offset (guint element, const PcDsp * dsp, GRand * rand)
{
  if (dsp == NULL || !dsp->needs_aligned_sources)
    return g_rand_int_range (rand, 0, MAX_OFFSET);
  return element * g_rand_int_range (rand, 0, MAX_OFFSET / element + 1);
}

/* With @same_row the second row is the first (of s1, p1, s2, p2: s2 and
 * p2 are s1 and p1), as for a frame's odd last row.  A NULL @dsp: any
 * offsets. */
static void
sources_init (Sources * src, const DspKernel * kernel, const PcDsp * dsp,
    const gint * p, gint n, Fill how, gboolean same_row, GRand * rand)
{
  guint element = element_of (kernel, p);
  gsize size = kernel->lead + (gsize) element * n;
  guint i;

  memset (src, 0, sizeof (*src));
  src->how = how;
  src->same_row = same_row && kernel->n_sources >= 2;
  for (i = 0; i < kernel->n_sources; i++) {
    guint32 seed = g_rand_int (rand);

    gsize bytes;
    guint empty;

    src->offset[i] = source_offset (element, dsp, rand);
    bytes = src->offset[i] + size;
    /* an empty row still needs an address (memcpy's may not be NULL):
     * one byte, the row just past it, so any read leaves the allocation */
    empty = bytes == 0;
    src->base[i] = g_malloc (bytes + empty);
    fill (src->base[i], bytes + empty, how, seed);
    src->row[i] = src->base[i] + src->offset[i] + empty;
  }
  if (src->same_row) {
    /* two rows: s[1] is s[0]; two pairs (s1, p1, s2, p2): s2, p2 are s1, p1 */
    if (kernel->n_sources == 4) {
      src->row[2] = src->row[0];
      src->row[3] = src->row[1];
    } else {
      src->row[1] = src->row[0];
    }
  }
}

static void
sources_clear (Sources * src)
{
  guint i;

  for (i = 0; i < DSP_MAX_SOURCES; i++)
    g_free (src->base[i]);
}

static gchar *
describe (const Sources * src, const DspKernel * kernel, const gint * p)
{
  GString *s = g_string_new (NULL);
  guint i;

  g_string_append_printf (s, "fill %s, source offsets", fill_names[src->how]);
  for (i = 0; i < kernel->n_sources; i++)
    g_string_append_printf (s, " %u", src->offset[i]);
  if (src->same_row)
    g_string_append (s, " (same row twice)");
  if (kernel->params) {
    g_string_append (s, ", params");
    for (i = 0; i < DSP_MAX_PARAMS; i++)
      g_string_append_printf (s, " %d", p[i]);
  }
  return g_string_free (s, FALSE);
}

/* ---- each tier against the C tier ---------------------------------------- */

/* Two destinations with the same random contents, the row at a random
 * offset with guard bytes after it. */
typedef struct
{
  guint8 *base[2];
  guint8 *row[2];
  guint offset;
  gsize size;
} DestPair;

static void
dest_pair_init (DestPair * d, gsize bytes, guint align, GRand * rand)
{
  /* half the rows start on a 64-byte boundary, as our pool's do, where the
   * streaming kernels store around the cache; an aligned tier's others at
   * a multiple of @align */
  d->offset = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 0,
      MAX_OFFSET) / align * align;
  d->size = d->offset + bytes + GUARD;
  d->base[0] = g_aligned_alloc (d->size, 1, 64);
  d->base[1] = g_aligned_alloc (d->size, 1, 64);
  ref_fill_random (d->base[0], d->size, g_rand_int (rand));
  memcpy (d->base[1], d->base[0], d->size);
  d->row[0] = d->base[0] + d->offset;
  d->row[1] = d->base[1] + d->offset;
}

/* Bytes written per output sample to destination @dest. */
static guint
out_bytes_of (const DspKernel * kernel, guint dest)
{
  return kernel->dest_out_bytes != NULL ? kernel->dest_out_bytes[dest] :
      kernel->out_bytes;
}

/* Outputs destination @dest holds for a call of @n. */
static gint
dest_samples (const DspKernel * kernel, guint dest, gint n)
{
  return kernel->half_dests & (1u << dest) ? (n + 1) / 2 : n;
}

/* Bytes destination @dest holds for a call of @n. */
static gint
dest_bytes (const DspKernel * kernel, guint dest, gint n)
{
  return dest_samples (kernel, dest, n) * (gint) out_bytes_of (kernel, dest);
}

/* The whole allocation is compared, so the guards count too: an index
 * below 0 or past the row is a write outside it. */
static gboolean
dest_pair_check (const DestPair * d, const DspKernel * kernel,
    const PcDsp * dsp, guint dest, gint n, const Sources * src, const gint * p)
{
  gchar *what;
  gsize i;

  for (i = 0; i < d->size; i++)
    if (d->base[0][i] != d->base[1][i])
      break;
  if (i == d->size)
    return dsp_check (TRUE, "%s", kernel->name);

  what = describe (src, kernel, p);
  dsp_check (FALSE, "%s tier %s stores %s width %d dest %u index %"
      G_GSSIZE_FORMAT " (row of %d bytes at offset %u): expected %u got %u "
      "[%s]", kernel->name, dsp->name, pc_dsp_stores_name (dsp->stores), n,
      dest, (gssize) i - (gssize) d->offset, dest_bytes (kernel, dest, n),
      d->offset, d->base[1][i], d->base[0][i], what);
  g_free (what);
  return FALSE;
}

static gboolean
compare_once (const DspKernel * kernel, const PcDsp * dsp, const gint * p,
    gint n, Fill how, gboolean same_row, GRand * rand)
{
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  Sources src;
  DestPair d[DSP_MAX_DESTS];
  guint8 *under_test[DSP_MAX_DESTS] = { NULL, };
  guint8 *twin[DSP_MAX_DESTS] = { NULL, };
  gboolean ok = TRUE;
  guint i;

  sources_init (&src, kernel, dsp, p, n, how, same_row, rand);
  for (i = 0; i < kernel->n_dests; i++) {
    dest_pair_init (&d[i], (gsize) dest_bytes (kernel, i, n),
        dsp->needs_aligned_sources ? out_bytes_of (kernel, i) : 1, rand);
    under_test[i] = d[i].row[0];
    twin[i] = d[i].row[1];
  }
  kernel->call (dsp, under_test, src.row, p, n);
  kernel->call (c, twin, src.row, p, n);

  for (i = 0; i < kernel->n_dests; i++) {
    ok &= dest_pair_check (&d[i], kernel, dsp, i, n, &src, p);
    g_aligned_free (d[i].base[0]);
    g_aligned_free (d[i].base[1]);
  }
  sources_clear (&src);
  return ok;
}

static gboolean
compare_width (const DspKernel * kernel, const PcDsp * dsp, const gint * p,
    gint n, GRand * rand)
{
  guint how;
  gboolean ok = TRUE;

  /* every fill, then a random row passed twice */
  for (how = 0; how < n_fills (kernel) && ok; how++)
    ok = compare_once (kernel, dsp, p, n, how, FALSE, rand);
  if (ok && kernel->n_sources >= 2)
    ok = compare_once (kernel, dsp, p, n, FILL_RANDOM, TRUE, rand);
  return ok;
}

static GArray *widths;

/* The first mismatch of a kernel in a context is printed and ends its
 * run. */
static void
compare_tier (const DspKernel * kernel, const PcDsp * dsp)
{
  GArray *params = kernel_params (kernel);
  GRand *rand = g_rand_new_with_seed (0x5eed + dsp->tier);
  guint64 before = dsp_checks;
  gboolean ok = TRUE;
  guint p, w;

  for (p = 0; p < params->len && ok; p++) {
    for (w = 0; w < widths->len && ok; w++) {
      gint n = g_array_index (widths, gint, w);

      ok = compare_width (kernel, dsp, g_array_index (params, DspParams,
              p).p, n, rand);
    }
  }
  printf ("%s  %-26s %-6s %-9s vs c: %" G_GUINT64_FORMAT " rows compared\n",
      ok ? "ok  " : "FAIL", kernel->name, dsp->name,
      pc_dsp_stores_name (dsp->stores), dsp_checks - before);
  g_rand_free (rand);
  g_array_unref (params);
}

/* ---- the C twins against their formulas ---------------------------------- */

static gboolean
formula_once (const DspKernel * kernel, const gint * p, gint n, Fill how,
    gboolean same_row, GRand * rand)
{
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  guint8 *d[DSP_MAX_DESTS] = { NULL, };
  Sources src;
  gboolean ok = TRUE;
  gint i;
  guint j;

  sources_init (&src, kernel, NULL, p, n, how, same_row, rand);
  for (j = 0; j < kernel->n_dests; j++)
    d[j] = g_malloc ((gsize) dest_bytes (kernel, j, n));
  kernel->call (c, d, src.row, p, n);
  dsp_formula_width = n;
  for (j = 0; j < kernel->n_dests && ok; j++) {
    gint bytes = dest_bytes (kernel, j, n);

    for (i = 0; i < bytes; i++) {
      gint expected = kernel->expect (src.row, p, j, i);

      if (d[j][i] != expected) {
        gchar *what = describe (&src, kernel, p);

        dsp_check (FALSE, "%s twin vs formula width %d dest %u index %d: "
            "expected %d got %u [%s]", kernel->name, n, j, i, expected,
            d[j][i], what);
        g_free (what);
        ok = FALSE;
        break;
      }
    }
    if (ok)
      dsp_check (TRUE, "%s", kernel->name);
  }
  for (j = 0; j < kernel->n_dests; j++)
    g_free (d[j]);
  sources_clear (&src);
  return ok;
}

static void
formula_kernel (const DspKernel * kernel)
{
  GArray *params = kernel_params (kernel);
  GRand *rand = g_rand_new_with_seed (0xf00d);
  guint64 before = dsp_checks;
  gboolean ok = TRUE;
  guint p, how;
  gint n;

  for (p = 0; p < params->len && ok; p++) {
    const gint *set = g_array_index (params, DspParams, p).p;

    for (n = 1; n <= FORMULA_WIDTHS && ok; n++) {
      for (how = 0; how < n_fills (kernel) && ok; how++)
        ok = formula_once (kernel, set, n, how, FALSE, rand);
      if (ok && kernel->n_sources >= 2)
        ok = formula_once (kernel, set, n, FILL_RANDOM, TRUE, rand);
    }
  }
  printf ("%s  %-26s c vs formula: %" G_GUINT64_FORMAT " rows checked\n",
      ok ? "ok  " : "FAIL", kernel->name, dsp_checks - before);
  g_rand_free (rand);
  g_array_unref (params);
}

/* ---- the ladder and which tier runs -------------------------------------- */

static GPtrArray *all_kernels;

#define CHECK(cond, ...) dsp_check ((cond), __VA_ARGS__)

static void
check_ladder (void)
{
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  const PcDsp *orc = pc_dsp_get (PC_KERNELS_ORC);
  gsize kernel_bytes = sizeof (PcDsp) - G_STRUCT_OFFSET (PcDsp, chroma);
  guint64 before = dsp_failures;
  PcKernelVariant v;
  PcStores kind;
  guint i, j;

  CHECK (c != NULL && orc != NULL, "ladder: the C and ORC tiers exist");
  CHECK (pc_dsp_get (PC_KERNELS_N_VARIANTS) == NULL,
      "ladder: no tier past the last");
  if (c == NULL || orc == NULL)
    return;

  /* one descriptor for every pointer of PcDsp, each at its own place */
  CHECK (all_kernels->len * sizeof (gpointer) == kernel_bytes,
      "ladder: %u kernels described, PcDsp has %" G_GSIZE_FORMAT,
      all_kernels->len, kernel_bytes / sizeof (gpointer));
  for (i = 0; i < all_kernels->len; i++)
    for (j = i + 1; j < all_kernels->len; j++)
      CHECK (((DspKernel *) g_ptr_array_index (all_kernels, i))->offset !=
          ((DspKernel *) g_ptr_array_index (all_kernels, j))->offset,
          "ladder: two descriptors for one kernel");

  /* every tier's context is filled and knows itself */
  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    const PcDsp *dsp = pc_dsp_get (v);

    if (dsp == NULL)
      continue;
    CHECK (dsp->tier == v && g_str_equal (dsp->name, pc_dsp_tier_name (v)),
        "ladder: tier %d is named %s", v, dsp->name);
    for (i = 0; i < all_kernels->len; i++) {
      const DspKernel *k = g_ptr_array_index (all_kernels, i);

      CHECK (kernel_pointer (dsp, k) != NULL, "ladder: %s has no %s",
          dsp->name, k->name);
    }
  }

  /* C needs no alignment; ORC over it, what ORC lacks keeps the twin */
  CHECK (!c->needs_aligned_sources, "ladder: C asks for aligned sources");
  CHECK (orc->needs_aligned_sources, "ladder: ORC does not ask for aligned "
      "sources");
  CHECK (orc->rgba.rgba_to_uv != c->rgba.rgba_to_uv,
      "ladder: ORC keeps C's rgba_to_uv");
  CHECK (orc->rgb.rgb24_to_rgb4 == c->rgb.rgb24_to_rgb4,
      "ladder: ORC's rgb24_to_rgb4 is not the twin");
  CHECK (orc->u16.u16_rows_cosited_h_to_u8 ==
      c->u16.u16_rows_cosited_h_to_u8,
      "ladder: ORC's u16_rows_cosited_h_to_u8 is not the twin");
  /* the walk reads 24-bit rows in place in a tier with 3-byte kernels of
   * its own, and widens them for ORC's 4-byte ones (walk-rgb.c) */
  CHECK (orc->rgb.rgb24_to_y == c->rgb.rgb24_to_y &&
      orc->rgb.rgb24_to_uv == c->rgb.rgb24_to_uv &&
      orc->rgb.rgb24_to_uv_cosited_h == c->rgb.rgb24_to_uv_cosited_h,
      "ladder: ORC has 3-byte kernels of its own");

  /* a tier above ORC that loads unaligned must replace every ORC kernel,
   * or an unaligned row would reach ORC's code */
  for (v = PC_KERNELS_ORC + 1; v < PC_KERNELS_N_VARIANTS; v++) {
    const PcDsp *dsp = pc_dsp_get (v);

    if (dsp == NULL || dsp->needs_aligned_sources)
      continue;
    for (i = 0; i < all_kernels->len; i++) {
      const DspKernel *k = g_ptr_array_index (all_kernels, i);

      if (kernel_pointer (orc, k) != kernel_pointer (c, k))
        CHECK (kernel_pointer (dsp, k) != kernel_pointer (orc, k),
            "ladder: %s keeps ORC's %s but loads unaligned", dsp->name,
            k->name);
    }
  }
  if (pc_dsp_get (PC_KERNELS_AVX2) != NULL) {
    const PcDsp *avx2 = pc_dsp_get (PC_KERNELS_AVX2);

    CHECK (!avx2->needs_aligned_sources, "ladder: AVX2 asks for alignment");
    CHECK (avx2->rgb.rgb24_to_rgb4 != c->rgb.rgb24_to_rgb4,
        "ladder: AVX2 keeps the twin of rgb24_to_rgb4");
    CHECK (avx2->rgb.rgb24_to_y != c->rgb.rgb24_to_y &&
        avx2->rgb.rgb24_to_uv != c->rgb.rgb24_to_uv &&
        avx2->rgb.rgb24_to_uv_cosited_h != c->rgb.rgb24_to_uv_cosited_h,
        "ladder: AVX2 keeps a twin of the 3-byte kernels");
  }
  /* AVX-512 runs only where the CPU and OS have F, BW and VL; with VBMI
   * it replaces the RGB and packed 4:4:4 kernels over AVX2's and keeps
   * AVX2's others */
  if (pc_dsp_get (PC_KERNELS_AVX512) != NULL) {
    const PcDsp *avx2 = pc_dsp_get (PC_KERNELS_AVX2);
    const PcDsp *avx512 = pc_dsp_get (PC_KERNELS_AVX512);
    PcCpuFlags flags = pc_dsp_cpu_flags ();

    CHECK (avx2 != NULL && (flags & PC_CPU_FLAG_AVX512),
        "ladder: AVX-512 without AVX2 or without the CPU flag");
#if defined(__x86_64__) && defined(__GNUC__)
    CHECK (__builtin_cpu_supports ("avx512f") &&
        __builtin_cpu_supports ("avx512bw") &&
        __builtin_cpu_supports ("avx512vl"),
        "ladder: AVX-512 chosen on a CPU without F, BW and VL");
#endif
    CHECK (!avx512->needs_aligned_sources,
        "ladder: AVX-512 asks for alignment");
    CHECK (avx512->chroma.chroma_box_2x2 == avx2->chroma.chroma_box_2x2,
        "ladder: AVX-512 does not keep AVX2's chroma_box_2x2");
    if (flags & PC_CPU_FLAG_AVX512_VBMI) {
      CHECK (avx512->rgba.rgba_to_y != avx2->rgba.rgba_to_y,
          "ladder: AVX-512 keeps AVX2's rgba_to_y");
      CHECK (avx512->rgb.rgb24_to_rgb4 != avx2->rgb.rgb24_to_rgb4,
          "ladder: AVX-512 keeps AVX2's rgb24_to_rgb4");
      /* the walk writes RGB's NV12 pairs only with kernels of the rung's
       * own, not the twins the rungs below keep */
      CHECK (avx512->rgb_pairs && !avx2->rgb_pairs &&
          avx512->rgba.rgba_to_uv_pairs != c->rgba.rgba_to_uv_pairs &&
          avx512->rgb.rgb4_to_uv_pairs != c->rgb.rgb4_to_uv_pairs &&
          avx512->rgb.rgb24_to_uv_cosited_h_pairs !=
          c->rgb.rgb24_to_uv_cosited_h_pairs,
          "ladder: AVX-512's RGB pairs kernels are not its own");
      CHECK (avx512->rgba.rgba_to_uv_cosited_h !=
          avx2->rgba.rgba_to_uv_cosited_h,
          "ladder: AVX-512 keeps AVX2's rgba_to_uv_cosited_h");
      CHECK (avx512->rgb.rgb24_to_y != avx2->rgb.rgb24_to_y &&
          avx512->rgb.rgb24_to_uv != avx2->rgb.rgb24_to_uv &&
          avx512->rgb.rgb24_to_uv_cosited_h !=
          avx2->rgb.rgb24_to_uv_cosited_h,
          "ladder: AVX-512 keeps AVX2's 3-byte kernels");
      CHECK (avx512->packed.packed444_to_y != avx2->packed.packed444_to_y &&
          avx512->packed.packed444_cosited_h !=
          avx2->packed.packed444_cosited_h,
          "ladder: AVX-512 keeps AVX2's packed 4:4:4 kernels");
      /* RGB luma streams in both streaming contexts, chroma only in the
       * one whose chroma rows are the frame's */
      for (kind = PC_STORES_NORMAL + 1; kind < PC_STORES_N_KINDS; kind++) {
        const PcDsp *streaming = pc_dsp_get_stores (PC_KERNELS_AVX512, kind);
        gboolean chroma_streams = kind == PC_STORES_STREAMING;

        CHECK (streaming->rgba.rgba_to_y != avx512->rgba.rgba_to_y &&
            streaming->rgb.rgb4_to_y != avx512->rgb.rgb4_to_y &&
            streaming->rgb.rgb24_to_y != avx512->rgb.rgb24_to_y,
            "ladder: AVX-512's %s context stores RGB luma normally",
            pc_dsp_stores_name (kind));
        CHECK ((streaming->rgba.rgba_to_uv != avx512->rgba.rgba_to_uv) ==
            chroma_streams && (streaming->rgba.rgba_to_uv_cosited_h !=
                avx512->rgba.rgba_to_uv_cosited_h) == chroma_streams &&
            (streaming->rgb.rgb4_to_uv != avx512->rgb.rgb4_to_uv) ==
            chroma_streams && (streaming->rgb.rgb24_to_uv !=
                avx512->rgb.rgb24_to_uv) == chroma_streams &&
            (streaming->rgb.rgb24_to_uv_cosited_h !=
                avx512->rgb.rgb24_to_uv_cosited_h) == chroma_streams,
            "ladder: AVX-512's %s context %s RGB chroma",
            pc_dsp_stores_name (kind), chroma_streams ? "does not stream" :
            "streams");
      }
    }
  }
  /* C and ORC have no streaming kernels: one context for every kind; a
   * tier's other contexts are its own tier, every kernel set */
  for (kind = PC_STORES_NORMAL + 1; kind < PC_STORES_N_KINDS; kind++) {
    CHECK (pc_dsp_get_stores (PC_KERNELS_C, kind) == c &&
        pc_dsp_get_stores (PC_KERNELS_ORC, kind) == orc,
        "ladder: C or ORC has a %s context", pc_dsp_stores_name (kind));
    for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
      const PcDsp *dsp = pc_dsp_get_stores (v, kind);

      if (dsp == NULL || dsp == pc_dsp_get (v))
        continue;
      CHECK (dsp->tier == v && dsp->stores == kind &&
          pc_dsp_with_stores (dsp, PC_STORES_NORMAL) == pc_dsp_get (v),
          "ladder: tier %s's %s context is not its own", dsp->name,
          pc_dsp_stores_name (kind));
      for (i = 0; i < all_kernels->len; i++) {
        const DspKernel *k = g_ptr_array_index (all_kernels, i);

        CHECK (kernel_pointer (dsp, k) != NULL, "ladder: %s %s has no %s",
            dsp->name, pc_dsp_stores_name (kind), k->name);
      }
    }
  }
  /* the luma-only streaming context streams a part of what the streaming
   * one does, and the chroma kernels that fill a scratch store normally */
  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    const PcDsp *normal = pc_dsp_get (v);
    const PcDsp *streaming = pc_dsp_get_stores (v, PC_STORES_STREAMING);
    const PcDsp *luma = pc_dsp_get_stores (v, PC_STORES_STREAMING_LUMA);

    if (normal == NULL || streaming == normal)
      continue;
    CHECK (luma->store.copy_row == streaming->store.copy_row &&
        luma->output.uv_interleave == streaming->output.uv_interleave &&
        luma->chroma.chroma_cosited_h == normal->chroma.chroma_cosited_h &&
        luma->chroma.chroma_avg_v == normal->chroma.chroma_avg_v &&
        luma->stage.stage_round == normal->stage.stage_round,
        "ladder: tier %s's streaming-luma context streams other kernels",
        normal->name);
    /* where rep movsb is fast, every context copies planes with it */
    if (pc_dsp_cpu_flags () & PC_CPU_FLAG_FAST_REP_MOVSB)
      CHECK (normal->store.copy_row != c->store.copy_row &&
          streaming->store.copy_row == normal->store.copy_row &&
          luma->store.copy_row == normal->store.copy_row,
          "ladder: tier %s does not copy planes by rep movsb in every "
          "context", normal->name);
  }
  /* a context is made once: the same one every time */
  CHECK (pc_dsp_get (PC_KERNELS_ORC) == orc, "ladder: ORC's context made "
      "twice");
  printf ("%s  ladder\n", dsp_failures == before ? "ok  " : "FAIL");
}

static PcKernelVariant
highest_tier (void)
{
  PcKernelVariant v = PC_KERNELS_N_VARIANTS - 1;

  while (pc_dsp_get (v) == NULL)
    v--;
  return v;
}

static void
check_choice (void)
{
  PcKernelVariant best = highest_tier (), v;
  guint64 before = dsp_failures;
  gchar *warning;

  CHECK (best >= PC_KERNELS_ORC, "choice: the best tier is below ORC");
  CHECK (pc_dsp_choose (NULL, &warning) == best && warning == NULL,
      "choice: no PC_KERNELS does not select the best tier quietly");
  g_free (warning);
  CHECK (pc_dsp_choose ("", &warning) == best && warning == NULL,
      "choice: an empty PC_KERNELS does not select the best tier quietly");
  g_free (warning);

  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    const gchar *name = pc_dsp_tier_name (v);
    const PcDsp *dsp = pc_dsp_get (v);
    PcKernelVariant chosen = pc_dsp_choose (name, &warning);

    CHECK (chosen == (dsp ? v : best), "choice: PC_KERNELS=%s selects %s",
        name, pc_dsp_tier_name (chosen));
    /* forcing a tier the CPU lacks says so */
    CHECK ((warning != NULL) == (dsp == NULL), "choice: PC_KERNELS=%s %s",
        name, warning ? "warns" : "does not warn");
    g_free (warning);
  }

  {
    PcKernelVariant chosen = pc_dsp_choose ("sse9", &warning);

    CHECK (chosen == best && warning != NULL && strstr (warning, "sse9"),
        "choice: an unknown name does not fall back with a warning naming it");
    g_free (warning);
  }

  /* this process: what PC_KERNELS says */
  CHECK (pc_dsp_default ()->tier == pc_dsp_choose (g_getenv ("PC_KERNELS"),
          NULL), "choice: the default is not what PC_KERNELS selects");
  printf ("%s  tier choice (PC_KERNELS)\n",
      dsp_failures == before ? "ok  " : "FAIL");
}

/* ---- --bench ------------------------------------------------------------- */

#define BENCH_REPEATS 51
/* each timed batch lasts about this long, well over the clock's step */
#define BENCH_BATCH_NS 50000.0
#define BENCH_MAX_CALLS 4096

/* which of a kernel's parameter sets --bench times (--params): the
 * first is often a case a tier hands to another kernel */
static gint bench_params = 0;

static gdouble
now_ns (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

/* Median ns per call of @kernel at width @n in each tier of @tiers, the
 * tiers taking turns so that a change of load falls on all of them. */
static void
bench_kernel (const DspKernel * kernel, gint n, const gboolean * tiers,
    gdouble * median)
{
  GArray *params = kernel_params (kernel);
  const gint *p = g_array_index (params, DspParams,
      CLAMP (bench_params, 0, (gint) params->len - 1)).p;
  GRand *rand = g_rand_new_with_seed (0xbe);
  gdouble times[PC_KERNELS_N_VARIANTS][BENCH_REPEATS];
  guint calls[PC_KERNELS_N_VARIANTS] = { 0, };
  guint8 *d[DSP_MAX_DESTS] = { NULL, };
  Sources src;
  guint r, j, c;
  PcKernelVariant v;

  /* aligned sources, which every tier takes */
  sources_init (&src, kernel, pc_dsp_get (PC_KERNELS_ORC), p, n, FILL_RANDOM,
      FALSE, rand);
  for (j = 0; j < kernel->n_dests; j++)
    d[j] = g_malloc0 ((gsize) out_bytes_of (kernel, j) * n);

  /* a warm-up call, which also sizes the batches */
  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    gdouble start, took;

    if (!tiers[v])
      continue;
    start = now_ns ();
    kernel->call (pc_dsp_get (v), d, src.row, p, n);
    took = now_ns () - start;
    calls[v] = CLAMP (BENCH_BATCH_NS / MAX (took, 1.0), 1, BENCH_MAX_CALLS);
  }
  for (r = 0; r < BENCH_REPEATS; r++) {
    for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
      const PcDsp *dsp = pc_dsp_get (v);
      gdouble start;

      if (!tiers[v])
        continue;
      start = now_ns ();
      for (c = 0; c < calls[v]; c++)
        kernel->call (dsp, d, src.row, p, n);
      times[v][r] = (now_ns () - start) / calls[v];
    }
  }
  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    if (!tiers[v])
      continue;
    qsort (times[v], BENCH_REPEATS, sizeof (gdouble), compare_doubles);
    median[v] = times[v][BENCH_REPEATS / 2];
  }
  for (j = 0; j < kernel->n_dests; j++)
    g_free (d[j]);
  sources_clear (&src);
  g_rand_free (rand);
  g_array_unref (params);
}

static void
bench (GPtrArray * kernels, const gboolean * tiers)
{
  guint i, w;
  PcKernelVariant v;

  printf ("%-26s %5s %-5s %10s %9s %7s %7s\n", "kernel", "width", "tier",
      "ns/call", "ns/sample", "x c", "x below");
  for (i = 0; i < kernels->len; i++) {
    const DspKernel *kernel = g_ptr_array_index (kernels, i);

    for (w = 0; w < G_N_ELEMENTS (bench_widths); w++) {
      gdouble median[PC_KERNELS_N_VARIANTS] = { 0, };
      gint n = bench_widths[w];
      gdouble below = 0;

      bench_kernel (kernel, n, tiers, median);
      for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
        gchar vs_c[16] = "-", vs_below[16] = "-";

        if (!tiers[v])
          continue;
        /* how many times faster than C and than the tier below it */
        if (tiers[PC_KERNELS_C] && median[v] > 0)
          g_snprintf (vs_c, sizeof (vs_c), "%.2f",
              median[PC_KERNELS_C] / median[v]);
        if (below > 0 && median[v] > 0)
          g_snprintf (vs_below, sizeof (vs_below), "%.2f", below / median[v]);
        printf ("%-26s %5d %-5s %10.1f %9.3f %7s %7s\n", kernel->name, n,
            pc_dsp_tier_name (v), median[v],
            median[v] / (n * kernel->n_dests), vs_c, vs_below);
        below = median[v];
      }
    }
  }
}

/* ---- main ---------------------------------------------------------------- */

static GArray *
parse_widths (const gchar * list, gboolean reduced)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (gint));
  gint n;
  guint i;

  if (list == NULL && reduced) {
    for (n = 0; n <= REDUCED_SMALL_WIDTHS; n++)
      g_array_append_val (a, n);
    g_array_append_vals (a, reduced_widths, G_N_ELEMENTS (reduced_widths));
  } else if (list == NULL) {
    for (n = 0; n <= SMALL_WIDTHS; n++)
      g_array_append_val (a, n);
    g_array_append_vals (a, large_widths, G_N_ELEMENTS (large_widths));
  } else {
    gchar **parts = g_strsplit (list, ",", -1);

    for (i = 0; parts[i]; i++) {
      n = atoi (parts[i]);
      if (n >= 0)
        g_array_append_val (a, n);
    }
    g_strfreev (parts);
  }
  return a;
}

int
main (int argc, char **argv)
{
  gboolean run_bench = FALSE;
  gchar *kernel_filter = NULL, *tier_filter = NULL, *width_list = NULL;
  GOptionEntry entries[] = {
    {"bench", 0, 0, G_OPTION_ARG_NONE, &run_bench,
        "Time each kernel in each tier instead of checking", NULL},
    {"kernel", 0, 0, G_OPTION_ARG_STRING, &kernel_filter,
        "Only the kernels whose name contains NAME", "NAME"},
    {"tier", 0, 0, G_OPTION_ARG_STRING, &tier_filter,
        "Only this tier (c, orc, avx2, ...)", "NAME"},
    {"widths", 0, 0, G_OPTION_ARG_STRING, &width_list,
        "Compare at these widths only (comma-separated)", "LIST"},
    {"params", 0, 0, G_OPTION_ARG_INT, &bench_params,
        "With --bench, time each kernel's parameter set K (default 0)", "K"},
    {NULL}
  };
  GOptionContext *options = g_option_context_new ("- the kernel runner");
  GError *error = NULL;
  GPtrArray *kernels = g_ptr_array_new ();
  gboolean tiers[PC_KERNELS_N_VARIANTS] = { FALSE, };
  guint i, n_tested = 0;
  gint status;
  PcKernelVariant v;
  PcStores kind;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (options);

  all_kernels = g_ptr_array_new ();
  for (i = 0; i < dsp_n_row_kernels; i++)
    g_ptr_array_add (all_kernels, (gpointer) & dsp_row_kernels[i]);
  for (i = 0; i < dsp_n_format_kernels; i++)
    g_ptr_array_add (all_kernels, (gpointer) & dsp_format_kernels[i]);
  for (i = 0; i < dsp_n_stage_kernels; i++)
    g_ptr_array_add (all_kernels, (gpointer) & dsp_stage_kernels[i]);
  for (i = 0; i < dsp_n_output_kernels; i++)
    g_ptr_array_add (all_kernels, (gpointer) & dsp_output_kernels[i]);
  for (i = 0; i < all_kernels->len; i++) {
    const DspKernel *k = g_ptr_array_index (all_kernels, i);

    if (kernel_filter == NULL || strstr (k->name, kernel_filter))
      g_ptr_array_add (kernels, (gpointer) k);
  }
  if (kernels->len == 0) {
    g_printerr ("no kernel matches %s\n", kernel_filter);
    return 2;
  }

  if (tier_filter) {
    for (v = 0; v < PC_KERNELS_N_VARIANTS; v++)
      if (g_str_equal (tier_filter, pc_dsp_tier_name (v)))
        break;
    if (v == PC_KERNELS_N_VARIANTS) {
      g_printerr ("no tier named %s\n", tier_filter);
      return 2;
    }
  }

  /* PC_KERNELS caps the process's default only: every tier is here */
  for (v = 0; v < PC_KERNELS_N_VARIANTS; v++) {
    if (tier_filter && !g_str_equal (tier_filter, pc_dsp_tier_name (v)))
      continue;
    if (pc_dsp_get (v) == NULL) {
      printf ("skip  tier %s: not available in this build or CPU\n",
          pc_dsp_tier_name (v));
      continue;
    }
    tiers[v] = TRUE;
    if (v != PC_KERNELS_C)
      n_tested++;
  }
  if (tier_filter && !tiers[PC_KERNELS_C] && n_tested == 0) {
    printf ("tier %s: not available here, nothing to run\n", tier_filter);
    return SKIP_EXIT_STATUS;
  }

  if (run_bench) {
    /* C is the baseline of the ratios, whatever --tier says */
    tiers[PC_KERNELS_C] = TRUE;
    bench (kernels, tiers);
    g_ptr_array_unref (kernels);
    g_ptr_array_unref (all_kernels);
    return 0;
  }

  /* PC_TEST_REDUCED (valgrind, qemu): every remainder of 32 outputs (the
   * AVX2 kernels' widest step), not every width */
  widths = parse_widths (width_list, g_getenv ("PC_TEST_REDUCED") != NULL);
  if (kernel_filter == NULL) {
    check_ladder ();
    check_choice ();
  }
  for (i = 0; i < kernels->len; i++) {
    const DspKernel *kernel = g_ptr_array_index (kernels, i);

    if (tiers[PC_KERNELS_C])
      formula_kernel (kernel);
    for (v = PC_KERNELS_C + 1; v < PC_KERNELS_N_VARIANTS; v++) {
      if (!tiers[v])
        continue;
      compare_tier (kernel, pc_dsp_get (v));
      /* the tier's streaming contexts, where it has them */
      for (kind = PC_STORES_NORMAL + 1; kind < PC_STORES_N_KINDS; kind++)
        if (pc_dsp_get_stores (v, kind) != pc_dsp_get (v))
          compare_tier (kernel, pc_dsp_get_stores (v, kind));
    }
  }
  if (tiers[PC_KERNELS_C] && kernel_filter == NULL) {
    for (i = 0; i < dsp_n_row_extra_checks; i++) {
      guint64 before = dsp_failures;

      dsp_row_extra_checks[i].run ();
      printf ("%s  %s\n", dsp_failures == before ? "ok  " : "FAIL",
          dsp_row_extra_checks[i].name);
    }
  }
  /* a run that compared no tier checked only the twins: a failure unless
   * --tier c asked for just that */
  if (tier_filter == NULL && n_tested == 0)
    dsp_check (FALSE, "no kernel tier besides C was tested");

  status = dsp_failures ? 1 : 0;
  printf ("%s: %" G_GUINT64_FORMAT " checks, %" G_GUINT64_FORMAT
      " failed\n", status ? "FAIL" : "PASS", dsp_checks, dsp_failures);
  g_array_unref (widths);
  g_ptr_array_unref (kernels);
  g_ptr_array_unref (all_kernels);
  g_free (kernel_filter);
  g_free (tier_filter);
  g_free (width_list);
  return status;
}
