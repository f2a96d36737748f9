/* pooledconvert tests
 * The kernels of Y444, Y42B and RGBA (the chroma and rgba families of
 * dsp/dsp.h and their co-sited versions): descriptors, their formulas,
 * and the checks of the RGB matrices the plan hands the RGB kernels.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "checkdsp.h"
#include "convert/convert.h"
#include "reference.h"

/* How far the fixed point may move a result beyond the final rounding:
 * three products floored to 1/256 (0.012) and Q16 coefficients rounded
 * (under 0.01 over three terms). */
#define FIXED_POINT_SLACK 0.03
#define RANDOM_COEF_SETS 2

/* ---- calls --------------------------------------------------------------- */

static void
call_chroma_box_2x2 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_box_2x2 (d[0], s[0], s[1], n);
}

static void
call_chroma_box_2x2_weighted (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->chroma.chroma_box_2x2_weighted (d[0], s[0], s[1], n);
}

static void
call_copy_row (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->store.copy_row (d[0], s[0], n);
}

static void
call_chroma_avg_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_avg_v (d[0], s[0], s[1], n);
}

static void
call_chroma_avg_v_double_h (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_avg_v_double_h (d[0], s[0], s[1], n);
}

static void
call_chroma_box_2x2_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_box_2x2_pairs (d[0], s[0], s[1], s[2], s[3], n);
}

static void
call_chroma_avg_v_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_avg_v_pairs (d[0], s[0], s[1], s[2], s[3], n);
}

static void
call_chroma_avg_v_double_h_pairs (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->chroma.chroma_avg_v_double_h_pairs (d[0], s[0], s[1], s[2], s[3], n);
}

/* u1, pu1, u2, pu2, then the same of V: eight independent rows */
static void
call_chroma_cosited_h_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_cosited_h_pairs (d[0], s[0], s[1], s[2], s[3], s[4], s[5],
      s[6], s[7], n);
}

static void
call_chroma_weighted_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_weighted_v (d[0], s[0], s[1], n);
}

static void
call_rgba_to_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_y (d[0], s[0], p[0], p[1], p[2], p[3], n);
}

static void
call_rgba_to_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_uv (d[0], d[1], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], n);
}

/* The co-sited kernels take s1, p1, s2, p2: pair i of two rows and pair
 * i - 1, here four independent rows. */
static void
call_chroma_cosited_h (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->chroma.chroma_cosited_h (d[0], s[0], s[1], s[2], s[3], n);
}

static void
call_chroma_cosited_h_weighted (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->chroma.chroma_cosited_h_weighted (d[0], s[0], s[1], s[2], s[3], n);
}

static void
call_rgba_to_uv_cosited_h (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_uv_cosited_h (d[0], d[1], s[0], s[1], s[2], s[3], p[0],
      p[1], p[2], p[3], p[4], p[5], n);
}

/* three rows, top to bottom; co-sited across columns, each with its
 * pair before */
static void
call_rgba_to_uv_cosited_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_uv_cosited_v (d[0], d[1], s[0], s[1], s[2], p[0], p[1],
      p[2], p[3], p[4], p[5], n);
}

static void
call_rgba_to_uv_cosited_hv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_uv_cosited_hv (d[0], d[1], s[0], s[1], s[2], s[3], s[4],
      s[5], p[0], p[1], p[2], p[3], p[4], p[5], n);
}

/* The pairs kernels: the same, U V pairs into d[0], V first when p[6] */
static void
call_rgba_to_uv_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgba.rgba_to_uv_pairs (d[0], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], p[6], n);
}

static void
call_rgba_to_uv_cosited_h_pairs (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->rgba.rgba_to_uv_cosited_h_pairs (d[0], s[0], s[1], s[2], s[3], p[0],
      p[1], p[2], p[3], p[4], p[5], p[6], n);
}

/* ---- coefficients -------------------------------------------------------- */

/* Past every real matrix.  The kernels read each coefficient and the
 * bias as unsigned 16 bits (bits above are ignored, negative ints are
 * their low 16 bits) and add in 16-bit lanes that wrap: these sets make the
 * sums wrap, put the chroma term at its saturation point and on both sides
 * of zero, and pass ints outside 16 bits.  Y: kr, kg, kb, bias. */
static const DspParams extreme_y[] = {
  {{65535, 65535, 65535, 65535}},
  {{0, 0, 0, 0}},
  {{32768, 32768, 32768, 128}},
  {{65535, 0, 0, 0}},
  {{0, 65535, 1, 65535}},
  {{21845, 21846, 21845, 255 << 8}},
  {{-1, -2, -3, -128}},
  {{0x12345, 0x1ffff, 7, 0x10080}},
};

/* ur, ug, ub, vr, vg, vb */
static const DspParams extreme_uv[] = {
  {{65535, 65535, 65535, 65535, 65535, 65535}},
  {{0, 0, 0, 0, 0, 0}},
  {{0, 0, 32767, 32767, 0, 0}},
  {{0, 0, 32896, 32896, 0, 0}},
  {{65535, 65535, 0, 0, 65535, 65535}},
  {{32768, 32768, 32768, 1, 2, 3}},
  {{-1, -1, -1, -32768, 40000, -2}},
  {{0x18000, 0x2ffff, 0x10001, 0x7ffff, 3, 0x12345}},
};

/* Every matrix GStreamer knows Kr and Kb for (BT.601, BT.709, BT.2020,
 * FCC, SMPTE 240M; RGB and unknown fall back to BT.601), limited and full
 * range, as the plan makes them; then the extremes and random sets (any
 * 16-bit value, or any int, whose low 16 bits count). */
static GArray *
coefficient_sets (gboolean uv)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  GRand *rand = g_rand_new_with_seed (uv ? 0xc0ef : 0xc0e);
  GstVideoColorMatrix m;
  guint full, i, j;

  for (m = GST_VIDEO_COLOR_MATRIX_UNKNOWN; m <= GST_VIDEO_COLOR_MATRIX_BT2020;
      m++) {
    for (full = 0; full < 2; full++) {
      GstVideoColorimetry c = { 0, };
      PcRgbMatrix k;
      DspParams p = { {0}
      };

      c.matrix = m;
      c.range = full ? GST_VIDEO_COLOR_RANGE_0_255 :
          GST_VIDEO_COLOR_RANGE_16_235;
      pc_rgb_matrix_init (&k, &c);
      if (uv) {
        memcpy (p.p, k.u, sizeof (k.u));
        memcpy (p.p + 3, k.v, sizeof (k.v));
      } else {
        memcpy (p.p, k.y, sizeof (k.y));
        p.p[3] = k.y_bias;
      }
      g_array_append_val (a, p);
    }
  }
  if (uv)
    g_array_append_vals (a, extreme_uv, G_N_ELEMENTS (extreme_uv));
  else
    g_array_append_vals (a, extreme_y, G_N_ELEMENTS (extreme_y));
  for (i = 0; i < RANDOM_COEF_SETS; i++) {
    DspParams p = { {0}
    };

    for (j = 0; j < (uv ? 6 : 4); j++)
      p.p[j] = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 65536) :
          (gint) g_rand_int (rand);
    g_array_append_val (a, p);
  }
  g_rand_free (rand);
  return a;
}

GArray *
dsp_y_coefficients (void)
{
  return coefficient_sets (FALSE);
}

GArray *
dsp_uv_coefficients (void)
{
  return coefficient_sets (TRUE);
}

/* ---- formulas ------------------------------------------------------------ */

/* The box: one rounding of the four-sample mean. */
static gint
expect_chroma_box_2x2 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return dsp_round ((s[0][2 * i] + s[0][2 * i + 1] + s[1][2 * i] +
          s[1][2 * i + 1]) / 4.0);
}

/* 3/4 of the nearer row's pair mean and 1/4 of the farther's. */
static gint
expect_chroma_box_2x2_weighted (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  gdouble near = (s[0][2 * i] + s[0][2 * i + 1]) / 2.0;
  gdouble far = (s[1][2 * i] + s[1][2 * i + 1]) / 2.0;

  return dsp_round (0.75 * near + 0.25 * far);
}

static gint
expect_copy_row (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][i];
}

static gint
expect_chroma_avg_v (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return dsp_round ((s[0][i] + s[1][i]) / 2.0);
}

/* byte i of the NV12 row: U's sample of pair i / 2 from rows 0 and 1,
 * then V's from rows 2 and 3 */
static gint
expect_chroma_box_2x2_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 *a = s[2 * (i % 2)], *b = s[2 * (i % 2) + 1];
  gint j = i / 2;

  return dsp_round ((a[2 * j] + a[2 * j + 1] + b[2 * j] + b[2 * j + 1]) /
      4.0);
}

static gint
expect_chroma_avg_v_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_round ((s[2 * (i % 2)][i / 2] + s[2 * (i % 2) + 1][i / 2]) /
      2.0);
}

static gint
expect_chroma_avg_v_double_h (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_round ((s[0][i / 2] + s[1][i / 2]) / 2.0);
}

static gint
expect_chroma_weighted_v (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return dsp_round (0.75 * s[0][i] + 0.25 * s[1][i]);
}

/* [1 2 1] around the even pixel of each row (the left one from p). */
static gdouble
cosited_mean (const guint8 * s, const guint8 * prev, gint i)
{
  return (prev[2 * i + 1] + 2.0 * s[2 * i] + s[2 * i + 1]) / 4.0;
}

static gint
expect_chroma_cosited_h (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return dsp_round ((cosited_mean (s[0], s[1], i) + cosited_mean (s[2], s[3],
              i)) / 2.0);
}

static gint
expect_chroma_avg_v_double_h_pairs (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_round ((s[2 * (i % 2)][i / 4] + s[2 * (i % 2) + 1][i / 4]) /
      2.0);
}

/* byte i of the NV12 row: U's co-sited sample of pair i / 2 from sources
 * 0-3, then V's from sources 4-7 */
static gint
expect_chroma_cosited_h_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 **c = s + 4 * (i % 2);

  return dsp_round ((cosited_mean (c[0], c[1], i / 2) + cosited_mean (c[2],
              c[3], i / 2)) / 2.0);
}

static gint
expect_chroma_cosited_h_weighted (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_round (0.75 * cosited_mean (s[0], s[1], i) +
      0.25 * cosited_mean (s[2], s[3], i));
}

/* hi (k, x): the high 16 bits of the product of x and k read as unsigned
 * 16 bits, as ORC's mulhuw gives it. */
static guint
hi (gint k, guint x)
{
  return ((guint) k & 0xffff) * x >> 16;
}

/* The two's complement reading of the low 16 bits. */
static gint
as_signed16 (gint value)
{
  gint low = value & 0xffff;

  return low >= 32768 ? low - 65536 : low;
}

/* Y of one pixel: three products of the samples times 256, the bias, all
 * kept modulo 2^16; Y is the high byte. */
gint
dsp_expect_y (guint r, guint g, guint b, const gint * k)
{
  guint sum = hi (k[0], r << 8) + hi (k[1], g << 8) + hi (k[2], b << 8) +
      ((guint) k[3] & 0xffff);

  return (sum % 65536) / 256;
}

/* One chroma sample from words of 256 times the means of R, G, B
 * (the block the kernel averages): the product of the added one less
 * the two subtracted, in a wrapping 16-bit lane, + 128 saturating at
 * 32767, an arithmetic >> 8, + 128.  @k: the coefficients of R, G, B;
 * @plus: which one is added (2 for U, 0 for V). */
gint
dsp_expect_chroma (const guint * words, const gint * k, guint plus)
{
  gint t = hi (k[plus], words[plus]);
  gint q;
  guint c;

  for (c = 0; c < 3; c++)
    if (c != plus)
      t -= hi (k[c], words[c]);
  t = as_signed16 (t);
  q = (gint) floor (MIN (t + 128, 32767) / 256.0) + 128;
  return CLAMP (q, 0, 255);
}

static gint
expect_rgba_to_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const guint8 *px = s[0] + 4 * i;

  return dsp_expect_y (px[0], px[1], px[2], p);
}

/* U adds B and subtracts R and G; V adds R and subtracts G and B; alpha
 * (byte 3) takes no part.  A 2x2 block's sum of four is 64 times. */
static gint
expect_rgba_to_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint words[3], c;

  for (c = 0; c < 3; c++)
    words[c] = 64 * (s[0][8 * i + c] + s[0][8 * i + 4 + c] + s[1][8 * i + c]
        + s[1][8 * i + 4 + c]);
  return dsp_expect_chroma (words, dest ? p + 3 : p, dest ? 0 : 2);
}

/* The [1 2 1] sums of two rows (weights 8 in all) are 32 times. */
static gint
expect_rgba_to_uv_cosited_h (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint words[3], c, r;

  for (c = 0; c < 3; c++) {
    words[c] = 0;
    for (r = 0; r < 4; r += 2)
      words[c] += 32 * (s[r + 1][8 * i + 4 + c] + 2 * s[r][8 * i + c] +
          s[r][8 * i + 4 + c]);
  }
  return dsp_expect_chroma (words, dest ? p + 3 : p, dest ? 0 : 2);
}

/* Three rows weighed 1, 2, 1: pairs (8 in all) are 32 times the mean,
 * [1 2 1] across columns (16 in all) 16 times. */
gint
dsp_expect_rgb_rows3 (const guint8 ** s, const gint * p, guint dest, gint i,
    guint step, gboolean cosited)
{
  static const guint row_weight[3] = { 1, 2, 1 };
  gsize at = 2 * step * (gsize) i;
  guint words[3], c, r;

  for (c = 0; c < 3; c++) {
    words[c] = 0;
    for (r = 0; r < 3; r++) {
      if (cosited)
        words[c] += 16 * row_weight[r] * (s[2 * r + 1][at + step + c] +
            2 * s[2 * r][at + c] + s[2 * r][at + step + c]);
      else
        words[c] += 32 * row_weight[r] * (s[r][at + c] + s[r][at + step + c]);
    }
  }
  return dsp_expect_chroma (words, dest ? p + 3 : p, dest ? 0 : 2);
}

static gint
expect_rgba_to_uv_cosited_v (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_expect_rgb_rows3 (s, p, dest, i, 4, FALSE);
}

static gint
expect_rgba_to_uv_cosited_hv (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_rgb_rows3 (s, p, dest, i, 4, TRUE);
}

static gint
expect_rgba_to_uv_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_expect_pairs_byte (expect_rgba_to_uv, s, p, p[6], i);
}

static gint
expect_rgba_to_uv_cosited_h_pairs (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_pairs_byte (expect_rgba_to_uv_cosited_h, s, p, p[6], i);
}

static GArray *
uv_coefficients_either_first (void)
{
  return dsp_params_with_flag (dsp_uv_coefficients (), 6);
}

#define ROW_KERNEL(fam, kname, dests, sources, elem, params_fn) \
  { #kname, #fam, DSP_OFFSET (fam.kname), dests, sources, elem, 0, 1, FALSE, \
    call_##kname, params_fn, expect_##kname }

const DspKernel dsp_row_kernels[] = {
  ROW_KERNEL (chroma, chroma_box_2x2, 1, 2, 2, NULL),
  ROW_KERNEL (chroma, chroma_box_2x2_weighted, 1, 2, 2, NULL),
  ROW_KERNEL (chroma, chroma_avg_v, 1, 2, 1, NULL),
  ROW_KERNEL (chroma, chroma_avg_v_double_h, 1, 2, 1, NULL),
  ROW_KERNEL (chroma, chroma_weighted_v, 1, 2, 1, NULL),
  ROW_KERNEL (rgba, rgba_to_y, 1, 1, 4, dsp_y_coefficients),
  ROW_KERNEL (rgba, rgba_to_uv, 2, 2, 8, dsp_uv_coefficients),
  ROW_KERNEL (chroma, chroma_cosited_h, 1, 4, 2, NULL),
  ROW_KERNEL (chroma, chroma_cosited_h_weighted, 1, 4, 2, NULL),
  ROW_KERNEL (rgba, rgba_to_uv_cosited_h, 2, 4, 8, dsp_uv_coefficients),
  ROW_KERNEL (rgba, rgba_to_uv_cosited_v, 2, 3, 8, dsp_uv_coefficients),
  ROW_KERNEL (rgba, rgba_to_uv_cosited_hv, 2, 6, 8, dsp_uv_coefficients),
  ROW_KERNEL (store, copy_row, 1, 1, 1, NULL),
  /* two bytes written an output: a U V pair */
  {"rgba_to_uv_pairs", "rgba", DSP_OFFSET (rgba.rgba_to_uv_pairs), 1, 2, 8, 0,
      2, FALSE, call_rgba_to_uv_pairs, uv_coefficients_either_first,
      expect_rgba_to_uv_pairs},
  {"rgba_to_uv_cosited_h_pairs", "rgba",
        DSP_OFFSET (rgba.rgba_to_uv_cosited_h_pairs), 1, 4, 8, 0, 2, FALSE,
        call_rgba_to_uv_cosited_h_pairs, uv_coefficients_either_first,
      expect_rgba_to_uv_cosited_h_pairs},
  {"chroma_box_2x2_pairs", "chroma", DSP_OFFSET (chroma.chroma_box_2x2_pairs),
      1, 4, 2, 0, 2, FALSE, call_chroma_box_2x2_pairs, NULL,
      expect_chroma_box_2x2_pairs},
  {"chroma_avg_v_pairs", "chroma", DSP_OFFSET (chroma.chroma_avg_v_pairs),
      1, 4, 1, 0, 2, FALSE, call_chroma_avg_v_pairs, NULL,
      expect_chroma_avg_v_pairs},
  {"chroma_avg_v_double_h_pairs", "chroma",
        DSP_OFFSET (chroma.chroma_avg_v_double_h_pairs), 1, 4, 1, 0, 2, FALSE,
      call_chroma_avg_v_double_h_pairs, NULL,
      expect_chroma_avg_v_double_h_pairs},
  {"chroma_cosited_h_pairs", "chroma",
        DSP_OFFSET (chroma.chroma_cosited_h_pairs), 1, 8, 2, 0, 2, FALSE,
      call_chroma_cosited_h_pairs, NULL, expect_chroma_cosited_h_pairs},
};

const guint dsp_n_row_kernels = G_N_ELEMENTS (dsp_row_kernels);

/* ---- hand-picked cases and the matrices ---------------------------------- */

#define CHECK(cond, ...) (failures += !dsp_check ((cond), __VA_ARGS__))

/* Every pair of samples: 3/4 of s1 and 1/4 of s2, rounded half up. */
static guint
check_weighted_every_pair (void)
{
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  guint a, b, failures = 0;

  for (a = 0; a < 256; a++)
    for (b = 0; b < 256; b++) {
      guint8 s1 = a, s2 = b, out;
      gint expected = dsp_round (0.75 * a + 0.25 * b);

      c->chroma.chroma_weighted_v (&out, &s1, &s2, 1);
      if (out != expected)
        CHECK (FALSE, "chroma_weighted_v twin: %u %u gives %u, expected %d",
            a, b, out, expected);
    }
  CHECK (TRUE, "chroma_weighted_v twin");
  return failures;
}

/* The box's rounding: one rounding of the four-sample sum.  Averaging
 * twice (the obvious SIMD shortcut, avg (avg (a, b), avg (c, d))) rounds
 * up twice, and truncating (sum >> 2) never rounds up; these blocks tell
 * all three apart.  Top a b, bottom c d, the mean rounded by hand. */
static guint
check_box_cases (void)
{
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
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  guint i, failures = 0;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint8 top[2] = { cases[i].a, cases[i].b };
    guint8 bottom[2] = { cases[i].c, cases[i].d };
    guint twice = (((cases[i].a + cases[i].b + 1) >> 1) +
        ((cases[i].c + cases[i].d + 1) >> 1) + 1) >> 1;
    guint8 out;

    c->chroma.chroma_box_2x2 (&out, top, bottom, 1);
    CHECK (out == cases[i].expected, "chroma_box_2x2 twin: case %u gives %u, "
        "expected %u", i, out, cases[i].expected);
    if (i == 0 || i == 5)
      CHECK (twice != cases[i].expected, "box case %u does not tell the "
          "double average apart", i);
  }
  return failures;
}

static guint
check_avg_cases (void)
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
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  guint i, failures = 0;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint8 out;

    c->chroma.chroma_avg_v (&out, &cases[i].a, &cases[i].b, 1);
    CHECK (out == cases[i].expected, "chroma_avg_v twin: case %u gives %u, "
        "expected %u", i, out, cases[i].expected);
  }
  return failures;
}

/* Hand-picked colours whose YCbCr the standards fix: black, white and
 * grey have neutral chroma, and the primaries reach the chroma extremes.
 * This ties pc_rgb_matrix_init and the twins to the definitions. */
static guint
check_matrix_known_colours (void)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  /* black, white, grey, blue, red, yellow (no blue), cyan (no red) */
  static const guint8 rgb[][3] = {
    {0, 0, 0}, {255, 255, 255}, {128, 128, 128}, {0, 0, 255},
    {255, 0, 0}, {255, 255, 0}, {0, 255, 255},
  };
  const PcDsp *c = pc_dsp_get (PC_KERNELS_C);
  guint m, full, i, failures = 0;

  for (m = 0; m < G_N_ELEMENTS (matrices); m++) {
    for (full = 0; full < 2; full++) {
      GstVideoColorimetry cinfo = ref_colorimetry (matrices[m], full);
      RefColor color = ref_color (matrices[m], full);
      gdouble y_lo = full ? 0 : 16, y_hi = full ? 255 : 235;
      gdouble c_half = full ? 127.5 : 112;
      guint8 black[8] = { 0 }, white[8], y, u, v;
      PcRgbMatrix k;

      pc_rgb_matrix_init (&k, &cinfo);
      for (i = 0; i < G_N_ELEMENTS (rgb); i++) {
        const guint8 *px = rgb[i];
        guint8 block[8] = { px[0], px[1], px[2], 0, px[0], px[1], px[2], 255 };
        gdouble yv = color.kr * px[0] + (1 - color.kr - color.kb) * px[1] +
            color.kb * px[2];
        gdouble y_exp = y_lo + (y_hi - y_lo) * yv / 255.0;
        gdouble u_exp = 128 + c_half * (px[2] - yv) / 255.0 / (1 - color.kb);
        gdouble v_exp = 128 + c_half * (px[0] - yv) / 255.0 / (1 - color.kr);

        u_exp = CLAMP (u_exp, 0, 255);
        v_exp = CLAMP (v_exp, 0, 255);
        c->rgba.rgba_to_y (&y, block, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
        c->rgba.rgba_to_uv (&u, &v, block, block, k.u[0], k.u[1], k.u[2],
            k.v[0], k.v[1], k.v[2], 1);
        CHECK (fabs (y - y_exp) <= 0.5 + FIXED_POINT_SLACK &&
            fabs (u - u_exp) <= 0.5 + FIXED_POINT_SLACK &&
            fabs (v - v_exp) <= 0.5 + FIXED_POINT_SLACK,
            "matrix %u full %u rgb %u,%u,%u: YUV %u %u %u, expected %.3f "
            "%.3f %.3f", m, full, px[0], px[1], px[2], y, u, v, y_exp, u_exp,
            v_exp);
      }

      /* the exact ends of the ranges */
      memset (white, 255, sizeof (white));
      c->rgba.rgba_to_y (&y, black, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
      CHECK (y == y_lo, "matrix %u full %u: black's Y is %u", m, full, y);
      c->rgba.rgba_to_y (&y, white, k.y[0], k.y[1], k.y[2], k.y_bias, 1);
      CHECK (y == y_hi, "matrix %u full %u: white's Y is %u", m, full, y);
      c->rgba.rgba_to_uv (&u, &v, white, white, k.u[0], k.u[1], k.u[2],
          k.v[0], k.v[1], k.v[2], 1);
      CHECK (u == 128 && v == 128, "matrix %u full %u: white's chroma is %u "
          "%u", m, full, u, v);
    }
  }
  return failures;
}

/* The integer matrix is the double one in unsigned Q16 magnitudes (the
 * kernels fix the signs), each coefficient rounded; the middle one of each
 * row takes up the others' rounding, so it may be off by one and a half. */
static guint
check_coefficient (gint actual, gdouble expected, gdouble tolerance,
    const gchar * name, guint row, guint m, guint full)
{
  guint failures = 0;

  CHECK (fabs (actual - expected * 65536) <= tolerance,
      "matrix %u full %u %s[%u] = %d, expected %.2f", m, full, name, row,
      actual, expected * 65536);
  /* what the kernels can take */
  CHECK (actual >= 0 && actual <= 65535,
      "matrix %u full %u %s[%u] = %d is not 16-bit", m, full, name, row,
      actual);
  return failures;
}

static guint
check_matrix_coefficients (void)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  guint m, full, i, failures = 0;

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

      pc_rgb_matrix_init (&k, &cinfo);
      for (i = 0; i < 3; i++) {
        gdouble tolerance = i == 1 ? 1.5 : 1.0;

        failures += check_coefficient (k.y[i], expect_y[i], tolerance, "y", i,
            m, full);
        failures += check_coefficient (k.u[i], expect_u[i], tolerance, "u", i,
            m, full);
        failures += check_coefficient (k.v[i], expect_v[i], tolerance, "v", i,
            m, full);
      }
      /* the Y offset in 8.8 fixed point, plus one half for rounding */
      CHECK (k.y_bias == (full ? 0 : 16 * 256) + 128, "matrix %u full %u: "
          "Y bias %d", m, full, k.y_bias);
    }
  }
  return failures;
}

const DspExtraCheck dsp_row_extra_checks[] = {
  {"chroma_weighted_v twin at every pair of samples",
      check_weighted_every_pair},
  {"chroma_box_2x2 twin rounds once", check_box_cases},
  {"chroma_avg_v twin rounds half up", check_avg_cases},
  {"RGB matrices give the standards' colours", check_matrix_known_colours},
  {"RGB matrices are the standards' in Q16", check_matrix_coefficients},
};

const guint dsp_n_row_extra_checks = G_N_ELEMENTS (dsp_row_extra_checks);
