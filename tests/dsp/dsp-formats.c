/* pooledconvert tests
 * The kernels of the other input formats (the semi_planar, packed, u16
 * and rgb families of dsp/dsp.h, and the co-sited packed 4:4:4 and 16-bit
 * ones, and grey luma to another range or to 10-bit words): descriptors and their formulas.  Parameters are what the plan
 * passes and the limits of each contract (for the 16-bit kernels: rounding
 * that saturates, every shift; for the RGB kernels: every standard matrix
 * and coefficients past 16 bits).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "checkdsp.h"
#include "convert/convert.h"
#include "reference.h"

/* ---- calls --------------------------------------------------------------- */

static void
call_uv_deinterleave (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->semi_planar.uv_deinterleave (d[0], d[1], s[0], n);
}

static void
call_uv_swap_avg_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->semi_planar.uv_swap_avg_v (d[0], s[0], s[1], n);
}

static void
call_uv_deinterleave_avg_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
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
call_packed422_to_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed422_to_y (d[0], s[0], p[0], n);
}

static void
call_packed422_to_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed422_to_uv (d[0], d[1], s[0], s[1], p[0], n);
}

static void
call_packed422_to_uv_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed422_to_uv_pairs (d[0], s[0], s[1], p[0], n);
}

static void
call_packed422_to_uv_weighted (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed422_to_uv_weighted (d[0], d[1], s[0], s[1], p[0], n);
}

static void
call_packed422_to_uv_cosited_v (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed422_to_uv_cosited_v (d[0], d[1], s[0], s[1], s[2], p[0], n);
}

static void
call_packed444_to_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed444_to_y (d[0], s[0], p[0], n);
}

static void
call_packed444_box_2x2 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed444_box_2x2 (d[0], d[1], s[0], s[1], p[0], n);
}

static void
call_packed444_box_2x2_pairs (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed444_box_2x2_pairs (d[0], s[0], s[1], p[0], p[1], n);
}

static void
call_packed444_cosited_h_pairs (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->packed.packed444_cosited_h_pairs (d[0], s[0] + 8, s[0], s[1] + 8, s[1],
      p[0], p[1], n);
}

/* Co-sited: pair i and pair i - 1 of each row; each source leads with
 * one pair (8 bytes) before pair 0. */
static void
call_packed444_cosited_h (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.packed444_cosited_h (d[0], d[1], s[0] + 8, s[0], s[1] + 8, s[1],
      p[0], n);
}

/* Grey luma codes to the normalised Y' of a range and back, written here
 * from the definitions: p[0] is the input range, p[1] the output's (1:
 * full, code / 255; 0: limited, (code - 16) / 219) */
/* @code (on the 8-bit scale, a 16-bit code / 256) from one range to the
 * other */
static gdouble
gray_code_in_range (gdouble code, gint from_full, gint to_full)
{
  gdouble y = from_full ? code / 255.0 : (code - 16.0) / 219.0;

  return to_full ? 255.0 * y : 16.0 + 219.0 * y;
}

static const guint8 *
gray_table (const gint * p)
{
  static guint8 tables[2][2][256];
  static gsize made = 0;

  if (g_once_init_enter (&made)) {
    gint from, to, code;

    for (from = 0; from < 2; from++)
      for (to = 0; to < 2; to++)
        for (code = 0; code < 256; code++)
          tables[from][to][code] = CLAMP (dsp_round (gray_code_in_range (code,
                      from, to)), 0, 255);
    g_once_init_leave (&made, 1);
  }
  return tables[p[0] != 0][p[1] != 0];
}

static void
call_gray_remap (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.gray_remap (d[0], s[0], gray_table (p), n);
}

/* the same for 16-bit codes */
static const guint8 *
gray_16_table (const gint * p)
{
  static guint8 tables[2][2][65536];
  static gsize made = 0;

  if (g_once_init_enter (&made)) {
    gint from, to, code;

    for (from = 0; from < 2; from++)
      for (to = 0; to < 2; to++)
        for (code = 0; code < 65536; code++)
          tables[from][to][code] = CLAMP (dsp_round (gray_code_in_range (code /
                      256.0, from, to)), 0, 255);
    g_once_init_leave (&made, 1);
  }
  return tables[p[0] != 0][p[1] != 0];
}

static void
call_u16_remap_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_remap_to_u8 (d[0], s[0], gray_16_table (p), n);
}

/* The 10-bit output words of grey's @n codes (256, or 65536 of 16 bits)
 * for p = from full, to full, shift: the code in the output range, four
 * units of the 8-bit scale, rounded, clamped and shifted. */
static gint
gray_word (gdouble code, const gint * p)
{
  gint v = dsp_round (4.0 * gray_code_in_range (code, p[0], p[1]));

  return CLAMP (v, 0, 1023) << p[2];
}

static const guint16 *
gray_words_table (const gint * p, guint n)
{
  static guint16 tables[2][2][2][2][65536];
  static gsize made = 0;

  if (g_once_init_enter (&made)) {
    gint from, to, shift, wide, code;

    for (from = 0; from < 2; from++)
      for (to = 0; to < 2; to++)
        for (shift = 0; shift < 2; shift++)
          for (wide = 0; wide < 2; wide++)
            for (code = 0; code < (wide ? 65536 : 256); code++) {
              gint q[3] = { from, to, shift ? 6 : 0 };

              tables[from][to][shift][wide][code] = gray_word (wide ?
                  code / 256.0 : code, q);
            }
    g_once_init_leave (&made, 1);
  }
  return tables[p[0] != 0][p[1] != 0][p[2] != 0][n > 256];
}

static void
call_gray_remap_to_u16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.gray_remap_to_u16 (d[0], s[0], gray_words_table (p, 256), n);
}

static void
call_u16_remap_to_u16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_remap_to_u16 (d[0], s[0], gray_words_table (p, 65536), n);
}

static void
call_gray_affine_10 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.gray_affine_10 (d[0], s[0], p[0], p[1], p[2], p[3], n);
}

static void
call_gray_affine (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->packed.gray_affine (d[0], s[0], p[0], p[1], p[2], p[3], n);
}

static void
call_u16_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_to_u8 (d[0], s[0], p[0], p[1], n);
}

/* bytes per output (a pixel pair): both luma rows, then U and V */
static const guint ayuv64_to_420_bytes[] = { 2, 2, 1, 1 };

/* n outputs: 2 n pixels of both rows, from column 0 */
static void
call_u16_ayuv64_to_420_box (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_ayuv64_to_420_box (d[0], d[1], d[2], d[3], s[0], s[1], p[0],
      p[1], 0, 2 * n);
}

static void
call_u16_ayuv64_to_420_cosited (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_ayuv64_to_420_cosited (d[0], d[1], d[2], d[3], s[0], s[1], p[0],
      p[1], 0, 2 * n);
}

/* bytes per output of the 10-bit ones: the words of the same */
static const guint ayuv64_to_420_10_bytes[] = { 4, 4, 2, 2 };

static void
call_u16_ayuv64_to_420_10_box (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_ayuv64_to_420_10_box (d[0], d[1], d[2], d[3], s[0], s[1], p[0],
      p[1], 0, 2 * n);
}

static void
call_u16_ayuv64_to_420_10_cosited (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_ayuv64_to_420_10_cosited (d[0], d[1], d[2], d[3], s[0], s[1],
      p[0], p[1], 0, 2 * n);
}

static void
call_u16_uv_deinterleave_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->u16.u16_uv_deinterleave_to_u8 (d[0], d[1], s[0], p[0], p[1], n);
}

static void
call_u16_avg_v_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_avg_v_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

static void
call_u16_pairs_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_pairs_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

static void
call_u16_avg_v_pairs_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_avg_v_pairs_to_u8 (d[0], s[0], s[1], s[2], s[3], p[0], p[1], n);
}

static void
call_u16_box_2x2_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->u16.u16_box_2x2_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

/* Rows s[0], s[1], s[0] (weights p[0..2]), each leading with one pair of
 * samples (4 bytes): the kernel reads the sample before sample 0. */
static void
call_u16_rows_cosited_h_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0] + 4, s[1] + 4, s[0] + 4 };

  k->u16.u16_rows_cosited_h_to_u8 (d[0], rows, p, p[3], p[4], n);
}

static void
call_u16_rows_box_h_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0], s[1], s[0] };

  k->u16.u16_rows_box_h_to_u8 (d[0], rows, p, p[3], p[4], n);
}

static void
call_u16_rows_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  const guint8 *rows[3] = { s[0], s[1], s[0] };

  k->u16.u16_rows_to_u8 (d[0], rows, p, p[3], p[4], n);
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
  k->rgb.rgb4_to_uv (d[0], d[1], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], p[6], n);
}

static void
call_rgb24_to_rgb4 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_rgb4 (d[0], s[0], n);
}

static void
call_rgb24_to_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_y (d[0], s[0], p[0], p[1], p[2], p[3], n);
}

static void
call_rgb24_to_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_uv (d[0], d[1], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], n);
}

/* s1, p1, s2, p2: pair i of two rows and pair i - 1, four independent
 * rows as for rgba_to_uv_cosited_h */
/* the pairs kernels: U V pairs into d[0], V first when the last
 * parameter says so */
static void
call_rgb4_to_uv_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb4_to_uv_pairs (d[0], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], p[6], p[7], n);
}

static void
call_rgb24_to_uv_pairs (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_uv_pairs (d[0], s[0], s[1], p[0], p[1], p[2], p[3], p[4],
      p[5], p[6], n);
}

static void
call_rgb24_to_uv_cosited_h_pairs (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->rgb.rgb24_to_uv_cosited_h_pairs (d[0], s[0], s[1], s[2], s[3], p[0],
      p[1], p[2], p[3], p[4], p[5], p[6], n);
}

static void
call_rgb24_to_uv_cosited_h (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_uv_cosited_h (d[0], d[1], s[0], s[1], s[2], s[3], p[0],
      p[1], p[2], p[3], p[4], p[5], n);
}

static void
call_rgb24_to_uv_cosited_v (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->rgb.rgb24_to_uv_cosited_v (d[0], d[1], s[0], s[1], s[2], p[0], p[1],
      p[2], p[3], p[4], p[5], n);
}

static void
call_rgb24_to_uv_cosited_hv (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->rgb.rgb24_to_uv_cosited_hv (d[0], d[1], s[0], s[1], s[2], s[3], s[4],
      s[5], p[0], p[1], p[2], p[3], p[4], p[5], n);
}

/* ---- parameters ---------------------------------------------------------- */

static void
call_unpack_word_field (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.unpack_word_field (d[0], s[0], p[0], n);
}

static void
call_unpack_v210_y (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.unpack_v210_y (d[0], s[0], n);
}

static void
call_unpack_v210_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.unpack_v210_uv (d[0], d[1], s[0], n);
}

static void
call_unpack_packed_uv (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.unpack_packed_uv (d[0], d[1], s[0], p[0], p[1], n);
}

static void
call_unpack_gray10_le32 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.unpack_gray10_le32 (d[0], s[0], n);
}

static void
call_v210_y_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.v210_y_to_u8 (d[0], s[0], p[0], p[1], n);
}

static void
call_v210_uv_avg_v_to_u8 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->unpack.v210_uv_avg_v_to_u8 (d[0], d[1], s[0], s[1], p[0], p[1], n);
}

static void
call_v210_uv_avg_v_pairs_to_u8 (const PcDsp * k, guint8 ** d,
    const guint8 ** s, const gint * p, gint n)
{
  k->unpack.v210_uv_avg_v_pairs_to_u8 (d[0], s[0], s[1], p[0], p[1], n);
}

/* v210 to 8 bits: rounds the walk uses, and the extremes the contract
 * allows (two 10-bit samples and the rounding within 16 bits) */
static GArray *
v210_rounding (void)
{
  static const DspParams sets[] = {
    {{2, 2}}, {{4, 3}}, {{0, 0}}, {{1, 1}}, {{8, 4}}, {{512, 10}},
    {{0, 15}}, {{63489, 15}}, {{63489, 0}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* the fields of RGB10A2_LE's and BGR10A2_LE's words */
static GArray *
word_fields (void)
{
  static const DspParams shifts[] = { {{0}}, {{10}}, {{20}} };

  return dsp_params_from (shifts, G_N_ELEMENTS (shifts));
}

static GArray *
byte_shifts_422 (void)
{
  static const DspParams shifts[] = { {{0}}, {{8}} };

  return dsp_params_from (shifts, G_N_ELEMENTS (shifts));
}

/* U at any byte of the macropixel: UYVY, YUY2, V Y U Y, YVYU */
static GArray *
byte_shifts_422_pairs (void)
{
  static const DspParams shifts[] = { {{0}}, {{8}}, {{16}}, {{24}} };

  return dsp_params_from (shifts, G_N_ELEMENTS (shifts));
}

static GArray *
byte_shifts_444_y (void)
{
  static const DspParams shifts[] = { {{0}}, {{8}}, {{16}}, {{24}} };

  return dsp_params_from (shifts, G_N_ELEMENTS (shifts));
}

/* the U and V bytes of a 4-byte group: YUY2, UYVY, YVYU, AYUV, VUYA, and
 * both the same */
static GArray *
packed_uv_bytes (void)
{
  static const DspParams bytes[] = {
    {{1, 3}}, {{0, 2}}, {{3, 1}}, {{2, 3}}, {{1, 0}}, {{2, 2}},
  };

  return dsp_params_from (bytes, G_N_ELEMENTS (bytes));
}

static GArray *
byte_shifts_444_uv (void)
{
  static const DspParams shifts[] = { {{0}}, {{8}}, {{16}} };

  return dsp_params_from (shifts, G_N_ELEMENTS (shifts));
}

/* input range, output range (1 full, 0 limited): the two changes the
 * plan makes, and the identity */
static GArray *
gray_ranges (void)
{
  static const DspParams sets[] = { {{1, 0}}, {{0, 1}}, {{1, 1}} };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* from full, to full, shift: grey to 10-bit words, both ways and kept,
 * in I420_10LE's bits and P010_10LE's */
static GArray *
gray_ranges_10 (void)
{
  static const DspParams sets[] = {
    {{1, 0, 0}}, {{0, 1, 0}}, {{1, 1, 0}}, {{0, 0, 0}},
    {{1, 0, 6}}, {{0, 1, 6}}, {{0, 0, 6}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* sub, a, b, out_shift: the two maps the plan finds (full to limited,
 * limited to full) in I420_10LE's bits and P010_10LE's, and the limits
 * of the contract */
static GArray *
gray_affine_10_maps (void)
{
  static const DspParams sets[] = {
    {{0, 225135, 4226784, 0}}, {{16, 305236, 32352, 6}},
    {{0, 225135, 4226784, 6}}, {{16, 305236, 32352, 0}}, {{0, 0, 0, 0}},
    {{255, (1 << 20) - 1, (1 << 26) - 1, 6}}, {{0, (1 << 20) - 1, 0, 0}},
    {{8, 40000, 300, 3}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* sub, a, b, twice: the two maps the plan finds (full to limited,
 * limited to full) and the limits of the contract */
static GArray *
gray_affine_maps (void)
{
  static const DspParams sets[] = {
    {{0, 56284, 4223, 0}}, {{16, 38155, 126, 1}}, {{0, 0, 0, 0}},
    {{255, 65535, 65535, 1}}, {{0, 65535, 0, 1}}, {{8, 40000, 300, 1}},
    {{0, 65535, 65535, 0}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* round, shift: what the plan passes (10 bits low and high, for one, two
 * and four samples) and the limits of the contract */
/* 16-bit words read as 10-bit codes: AYUV64's shift, the low 10 bits
 * (with the clamp), and between; by the output shifts of I420_10LE and
 * P010_10LE */
static GArray *
read_shifts_10 (void)
{
  static const DspParams sets[] = { {{6, 0}}, {{6, 6}}, {{0, 0}}, {{2, 6}},
  {{4, 0}}
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

static GArray *
rounding (void)
{
  static const DspParams sets[] = {
    {{2, 2}}, {{128, 8}}, {{4, 3}}, {{8, 4}}, {{256, 9}}, {{512, 10}},
    {{0, 0}}, {{1, 1}}, {{65535, 15}}, {{65535, 0}}, {{32768, 4}},
    {{0, 15}}, {{-1, 2}}, {{0x10002, 2}},
  };

  return dsp_params_from (sets, G_N_ELEMENTS (sets));
}

/* The contract of the 32-bit sums: round within 16 bits, unsigned. */
static GArray *
rounding_sums (void)
{
  GArray *a = rounding ();
  guint i;

  for (i = 0; i < a->len;) {
    const gint *p = g_array_index (a, DspParams, i).p;

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
      sizeof (DspParams));
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (weights); i++)
    for (j = 0; j < rounds->len; j++) {
      DspParams p = { {0}
      };

      memcpy (p.p, weights[i], sizeof (weights[i]));
      p.p[3] = g_array_index (rounds, DspParams, j).p[0];
      p.p[4] = g_array_index (rounds, DspParams, j).p[1];
      g_array_append_val (a, p);
    }
  g_array_unref (rounds);
  return a;
}

/* Q16 coefficients of every standard matrix in both ranges as the plan
 * makes them, then values past 16 bits and negative ones (read as their
 * low 16 bits), each at shift 0 and 8. */
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
  GArray *a = g_array_new (FALSE, TRUE, sizeof (DspParams));
  guint m, full, shift, i;

  for (shift = 0; shift <= 8; shift += 8) {
    for (m = 0; m < G_N_ELEMENTS (matrices); m++) {
      for (full = 0; full < 2; full++) {
        GstVideoColorimetry c = ref_colorimetry (matrices[m], full);
        PcRgbMatrix k;
        DspParams p = { {shift}
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
      DspParams p = { {shift}
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

static GArray *
byte_shifts_444_uv_either_first (void)
{
  return dsp_params_with_flag (byte_shifts_444_uv (), 1);
}

static GArray *
rgb_uv_params_either_first (void)
{
  return dsp_params_with_flag (rgb_uv_params (), 7);
}

static GArray *
rgb24_uv_params_either_first (void)
{
  return dsp_params_with_flag (dsp_uv_coefficients (), 6);
}

/* ---- formulas ------------------------------------------------------------ */

static gint
expect_uv_deinterleave (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][2 * i + dest];
}

/* byte @i of the pairs: the other byte of the source pair, averaged */
static gint
expect_uv_swap_avg_v (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return dsp_round ((s[0][i ^ 1] + s[1][i ^ 1]) / 2.0);
}

static gint
expect_uv_deinterleave_avg_v (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_round ((s[0][2 * i + dest] + s[1][2 * i + dest]) / 2.0);
}

static gint
expect_uv_deinterleave_box_2x2 (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  guint at = 4 * i + dest;

  return dsp_round ((s[0][at] + s[0][at + 2] + s[1][at] + s[1][at + 2]) / 4.0);
}

static gint
expect_packed422_to_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][2 * i + p[0] / 8];
}

/* U and V at bytes j and j + 2 of each 4-byte macropixel */
static gint
expect_packed422_to_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint at = 4 * i + p[0] / 8 + 2 * dest;

  return dsp_round ((s[0][at] + s[1][at]) / 2.0);
}

/* byte i of the NV12 row: U of pair i / 2 at byte p / 8 of its
 * macropixel, then V two bytes over */
static gint
expect_packed422_to_uv_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint at = 4 * (i / 2) + ((p[0] / 8) ^ (2 * (i % 2)));

  return dsp_round ((s[0][at] + s[1][at]) / 2.0);
}

static gint
expect_packed422_to_uv_weighted (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  guint at = 4 * i + p[0] / 8 + 2 * dest;

  return dsp_round (0.75 * s[0][at] + 0.25 * s[1][at]);
}

static gint
expect_packed422_to_uv_cosited_v (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  guint at = 4 * i + p[0] / 8 + 2 * dest;

  return dsp_round (0.25 * s[0][at] + 0.5 * s[1][at] + 0.25 * s[2][at]);
}

static gint
expect_packed444_to_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][4 * i + p[0] / 8];
}

static gint
expect_packed444_box_2x2 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint at = 8 * i + p[0] / 8 + dest;

  return dsp_round ((s[0][at] + s[0][at + 4] + s[1][at] + s[1][at + 4]) / 4.0);
}

/* [1 2 1] around the even pixel of pair i, the left one the odd pixel of
 * pair i - 1 (the leading pair for i = 0), over two rows. */
static gint
expect_packed444_cosited_h (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint j = p[0] / 8 + dest, r;
  gdouble sum = 0;

  for (r = 0; r < 2; r++) {
    const guint8 *prev = s[r] + 8 * i, *pair = prev + 8;

    sum += (prev[4 + j] + 2.0 * pair[j] + pair[4 + j]) / 4.0;
  }
  return dsp_round (sum / 2.0);
}

static gint
expect_packed444_box_2x2_pairs (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_pairs_byte (expect_packed444_box_2x2, s, p, p[1], i);
}

static gint
expect_packed444_cosited_h_pairs (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_pairs_byte (expect_packed444_cosited_h, s, p, p[1], i);
}

static gint
expect_gray_remap (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return CLAMP (dsp_round (gray_code_in_range (s[0][i], p[0], p[1])), 0, 255);
}

/* byte i of the words: sample i / 2's, low byte first */
static gint
expect_gray_remap_to_u16 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint word = gray_word (s[0][i / 2], p);

  return i % 2 == 0 ? word & 0xff : word >> 8;
}

static gint
expect_u16_remap_to_u16 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gint word = gray_word (dsp_u16 (s[0], i / 2) / 256.0, p);

  return i % 2 == 0 ? word & 0xff : word >> 8;
}

/* byte i of the words: the code less sub (not below 0) times a, b added,
 * / 2^16 (truncated), capped at 1023 and shifted */
static gint
expect_gray_affine_10 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gdouble x = MAX ((gint) s[0][i / 2] - p[0], 0);
  gint word = (gint) MIN (floor ((x * p[1] + p[2]) / 65536.0), 1023.0) << p[3];

  return i % 2 == 0 ? word & 0xff : word >> 8;
}

/* The contract's arithmetic on the code less sub (not below 0): scaled by
 * a / 2^8 (truncated), doubled when twice, b added, each capped at 65535,
 * then / 256 (truncated) and capped at 255. */
static gint
expect_gray_affine (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gdouble x = MAX ((gint) s[0][i] - p[0], 0);
  gdouble h = floor (x * 256.0 * (p[1] & 0xffff) / 65536.0);

  if (p[3])
    h = MIN (2.0 * h, 65535.0);
  h = MIN (h + p[2], 65535.0);
  return (gint) MIN (floor (h / 256.0), 255.0);
}

/* A sum of 16-bit samples plus the rounding, shifted down, then the 8-bit
 * saturation. */
static gint
u16_scaled (gdouble sum, gint shift)
{
  return MIN (255, (gint) floor (sum / (1 << shift)));
}

static gint
expect_u16_remap_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return CLAMP (dsp_round (gray_code_in_range (dsp_u16 (s[0], i) / 256.0,
              p[0], p[1])), 0, 255);
}

static gint
expect_u16_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  gdouble x = dsp_u16 (s[0], i) + ((guint) p[0] & 0xffff);

  return u16_scaled (MIN (x, 65535), p[1]);
}

/* Destinations 0 and 1: the luma of pixel i of row 0 or 1 rounded as
 * u16_to_u8; 2 and 3: the U or V of output i, summed over both rows and
 * the columns of its taps (column -1 repeats column 0; the runner's rows
 * are of 2 n pixels, so no tap reaches past them), rounded once with the
 * round shifted as the taps' sum. */
static gint
expect_u16_ayuv64_to_420 (const guint8 ** s, const gint * p, guint dest,
    gint i, gboolean cosited)
{
  gint word = dest == 2 ? 2 : 3, extra = cosited ? 3 : 2, r, k;
  gdouble sum = (gdouble) (((guint) p[0] & 0xffff) << extra), x;

  if (dest < 2) {
    x = dsp_u16 (s[dest], 4 * i + 1) + ((guint) p[0] & 0xffff);
    return u16_scaled (MIN (x, 65535), p[1]);
  }
  for (r = 0; r < 2; r++)
    for (k = cosited ? -1 : 0; k <= 1; k++) {
      gint column = MAX (2 * i + k, 0);

      sum += (k == 0 && cosited ? 2.0 : 1.0) * dsp_u16 (s[r],
          4 * column + word);
    }
  return u16_scaled (sum, p[1] + extra);
}

static gint
expect_u16_ayuv64_to_420_box (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return expect_u16_ayuv64_to_420 (s, p, dest, i, FALSE);
}

static gint
expect_u16_ayuv64_to_420_cosited (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return expect_u16_ayuv64_to_420 (s, p, dest, i, TRUE);
}

/* The 10-bit code of word @k of row @s: its value scaled by 2^-p[0],
 * truncated, at most 1023 (p[1]: the output words' shift) */
static gdouble
ayuv64_code_10 (const guint8 * s, gint k, const gint * p)
{
  return MIN (floor (dsp_u16 (s, k) / (1 << p[0])), 1023);
}

/* As expect_u16_ayuv64_to_420, of codes: the luma codes as they are, the
 * chroma's mean over its taps rounded half up; byte @i of the words */
static gint
expect_u16_ayuv64_to_420_10 (const guint8 ** s, const gint * p, guint dest,
    gint i, gboolean cosited)
{
  gint o = i / 2, word = dest == 2 ? 2 : 3, r, k, code;
  gdouble sum = 0;

  if (dest < 2)
    code = (gint) ayuv64_code_10 (s[dest], 4 * o + 1, p);
  else {
    for (r = 0; r < 2; r++)
      for (k = cosited ? -1 : 0; k <= 1; k++)
        sum += (k == 0 && cosited ? 2.0 : 1.0) * ayuv64_code_10 (s[r],
            4 * MAX (2 * o + k, 0) + word, p);
    code = (gint) floor (sum / (cosited ? 8.0 : 4.0) + 0.5);
  }
  code <<= p[1];
  return i % 2 ? code >> 8 : code & 0xff;
}

static gint
expect_u16_ayuv64_to_420_10_box (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return expect_u16_ayuv64_to_420_10 (s, p, dest, i, FALSE);
}

static gint
expect_u16_ayuv64_to_420_10_cosited (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return expect_u16_ayuv64_to_420_10 (s, p, dest, i, TRUE);
}

static gint
expect_u16_uv_deinterleave_to_u8 (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  gdouble x = dsp_u16 (s[0], 2 * i + dest) + ((guint) p[0] & 0xffff);

  return u16_scaled (MIN (x, 65535), p[1]);
}

static gint
expect_u16_avg_v_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return u16_scaled ((gdouble) dsp_u16 (s[0], i) + dsp_u16 (s[1], i) + p[0],
      p[1]);
}

/* byte @i of the pairs: U's sample i / 2 (source 0) or V's (source 1) */
static gint
expect_u16_pairs_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const guint8 *row = s[i % 2];

  return expect_u16_to_u8 (&row, p, 0, i / 2);
}

/* U's row pair (sources 0, 1) or V's (2, 3) */
static gint
expect_u16_avg_v_pairs_to_u8 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return expect_u16_avg_v_to_u8 (s + 2 * (i % 2), p, 0, i / 2);
}

static gint
expect_u16_box_2x2_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return u16_scaled ((gdouble) dsp_u16 (s[0], 2 * i) + dsp_u16 (s[0],
          2 * i + 1) + dsp_u16 (s[1], 2 * i) + dsp_u16 (s[1], 2 * i + 1) +
      p[0], p[1]);
}

/* Each row leads with 2 samples; sample -1 is the one before sample 0. */
static gint
expect_u16_rows_cosited_h_to_u8 (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  const guint8 *rows[3] = { s[0], s[1], s[0] };
  gdouble sum = p[3];
  guint r;

  for (r = 0; r < 3; r++)
    sum += p[r] * ((gdouble) dsp_u16 (rows[r], 2 * i + 1) +
        2.0 * dsp_u16 (rows[r], 2 * i + 2) + dsp_u16 (rows[r], 2 * i + 3));
  return u16_scaled (sum, p[4]);
}

static gint
expect_u16_rows_box_h_to_u8 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  const guint8 *rows[3] = { s[0], s[1], s[0] };
  gdouble sum = p[3];
  guint r;

  for (r = 0; r < 3; r++)
    sum += p[r] * ((gdouble) dsp_u16 (rows[r], 2 * i) + dsp_u16 (rows[r],
            2 * i + 1));
  return u16_scaled (sum, p[4]);
}

static gint
expect_u16_rows_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const guint8 *rows[3] = { s[0], s[1], s[0] };
  gdouble sum = p[3];
  guint r;

  for (r = 0; r < 3; r++)
    sum += p[r] * (gdouble) dsp_u16 (rows[r], i);
  return u16_scaled (sum, p[4]);
}

/* rgba_to_y on bytes j, j + 1, j + 2 of each pixel */
static gint
expect_rgb4_to_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const guint8 *px = s[0] + 4 * i + p[0] / 8;

  return dsp_expect_y (px[0], px[1], px[2], p + 1);
}

/* rgba_to_uv on bytes j, j + 1, j + 2 of each pixel: their block sums
 * take the places of R, G and B */
static gint
expect_rgb4_to_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint words[3], c, at;

  for (c = 0; c < 3; c++) {
    at = 8 * i + p[0] / 8 + c;
    words[c] = 64 * (s[0][at] + s[0][at + 4] + s[1][at] + s[1][at + 4]);
  }
  return dsp_expect_chroma (words, dest ? p + 4 : p + 1, dest ? 0 : 2);
}

/* byte i of the widened row: R, G, B of pixel i / 4, then 0 */
static gint
expect_rgb24_to_rgb4 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return i % 4 == 3 ? 0 : s[0][3 * (i / 4) + i % 4];
}

/* rgba_to_y on the 3-byte pixel i */
static gint
expect_rgb24_to_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  const guint8 *px = s[0] + 3 * i;

  return dsp_expect_y (px[0], px[1], px[2], p);
}

/* rgba_to_uv on the 3-byte pixels 2i, 2i + 1 of both rows */
static gint
expect_rgb24_to_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint words[3], c, at;

  for (c = 0; c < 3; c++) {
    at = 6 * i + c;
    words[c] = 64 * (s[0][at] + s[0][at + 3] + s[1][at] + s[1][at + 3]);
  }
  return dsp_expect_chroma (words, dest ? p + 3 : p, dest ? 0 : 2);
}

/* [1 2 1] over each row: the odd pixel of pair i of p (s[1], s[3]), twice
 * the even pixel of pair i of s (s[0], s[2]), its odd pixel; the weights,
 * 8 in all, times 32 make 256 times the mean */
static gint
expect_rgb24_to_uv_cosited_h (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint words[3], c, r;

  for (c = 0; c < 3; c++) {
    words[c] = 0;
    for (r = 0; r < 4; r += 2)
      words[c] += 32 * (s[r + 1][6 * i + 3 + c] + 2 * s[r][6 * i + c] +
          s[r][6 * i + 3 + c]);
  }
  return dsp_expect_chroma (words, dest ? p + 3 : p, dest ? 0 : 2);
}

/* byte i of the 16-bit outputs: the 10-bit field at bit @shift of
 * little-endian word @word of @s */
static gint
word_field_byte (const guint8 * s, guint word, guint shift, gint i)
{
  const guint8 *w = s + 4 * word;
  guint32 value = w[0] | w[1] << 8 | w[2] << 16 | (guint32) w[3] << 24;
  guint sample = (value >> shift) & 0x3ff;

  return i % 2 == 0 ? sample & 0xff : sample >> 8;
}

static gint
expect_unpack_word_field (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return word_field_byte (s[0], i / 2, p[0], i);
}

/* v210's group of six pixels, in the order of
 * the fields of its words (bits 0-9, 10-19, 20-29):
 * Cb0 Y0 Cr0, Y1 Cb1 Y2, Cr1 Y3 Cb2, Y4 Cr2 Y5 */
static const gchar v210_group[13] = "UYVYUYVYUYVY";

/* the word and field of the @k-th sample named @name in a group */
static void
v210_field (gchar name, guint k, guint * word, guint * shift)
{
  guint f, seen = 0;

  for (f = 0; f < 12; f++) {
    if (v210_group[f] != name)
      continue;
    if (seen++ == k)
      break;
  }
  *word = f / 3;
  *shift = 10 * (f % 3);
}

static gint
expect_unpack_v210_y (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint sample = i / 2, word, shift;

  v210_field ('Y', sample % 6, &word, &shift);
  return word_field_byte (s[0], 4 * (sample / 6) + word, shift, i);
}

static gint
expect_unpack_v210_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint sample = i / 2, word, shift;

  v210_field (dest == 0 ? 'U' : 'V', sample % 3, &word, &shift);
  return word_field_byte (s[0], 4 * (sample / 3) + word, shift, i);
}

static gint
expect_unpack_packed_uv (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][4 * i + p[dest]];
}

/* sample i / 2: field (i / 2) % 3 of word i / 6, in the top ten bits */
static gint
expect_unpack_gray10_le32 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint sample = i / 2;
  const guint8 *w = s[0] + 4 * (sample / 3);
  guint32 value = w[0] | w[1] << 8 | w[2] << 16 | (guint32) w[3] << 24;
  guint high = ((value >> (10 * (sample % 3))) & 0x3ff) << 6;

  return i % 2 == 0 ? high & 0xff : high >> 8;
}

/* Y sample i to 8 bits */
static gint
expect_v210_y_to_u8 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  guint word, shift, w;
  const guint8 *at;

  v210_field ('Y', i % 6, &word, &shift);
  at = s[0] + 16 * (i / 6) + 4 * word;
  w = at[0] | at[1] << 8 | at[2] << 16 | (guint) at[3] << 24;
  return MIN ((((w >> shift) & 0x3ff) + p[0]) >> p[1], 255);
}

/* chroma sample i of both rows, summed, to 8 bits */
static gint
expect_v210_uv_avg_v_to_u8 (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  guint word, shift, sum = 0, r;

  v210_field (dest == 0 ? 'U' : 'V', i % 3, &word, &shift);
  for (r = 0; r < 2; r++) {
    const guint8 *at = s[r] + 16 * (i / 3) + 4 * word;
    guint w = at[0] | at[1] << 8 | at[2] << 16 | (guint) at[3] << 24;

    sum += (w >> shift) & 0x3ff;
  }
  return MIN ((sum + p[0]) >> p[1], 255);
}

/* byte @i of the pairs: U's sample i / 2 or V's */
static gint
expect_v210_uv_avg_v_pairs_to_u8 (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return expect_v210_uv_avg_v_to_u8 (s, p, i % 2, i / 2);
}

static gint
expect_rgb4_to_uv_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_expect_pairs_byte (expect_rgb4_to_uv, s, p, p[7], i);
}

static gint
expect_rgb24_to_uv_pairs (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_expect_pairs_byte (expect_rgb24_to_uv, s, p, p[6], i);
}

static gint
expect_rgb24_to_uv_cosited_v (const guint8 ** s, const gint * p, guint dest,
    gint i)
{
  return dsp_expect_rgb_rows3 (s, p, dest, i, 3, FALSE);
}

static gint
expect_rgb24_to_uv_cosited_hv (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_rgb_rows3 (s, p, dest, i, 3, TRUE);
}

static gint
expect_rgb24_to_uv_cosited_h_pairs (const guint8 ** s, const gint * p,
    guint dest, gint i)
{
  return dsp_expect_pairs_byte (expect_rgb24_to_uv_cosited_h, s, p, p[6], i);
}

#define FORMAT_KERNEL(fam, kname, dests, sources, elem, lead, out, is16, \
    params_fn) \
  { #kname, #fam, DSP_OFFSET (fam.kname), dests, sources, elem, lead, out, \
    is16, call_##kname, params_fn, expect_##kname }

const DspKernel dsp_format_kernels[] = {
  FORMAT_KERNEL (semi_planar, uv_deinterleave, 2, 1, 2, 0, 1, FALSE, NULL),
  FORMAT_KERNEL (semi_planar, uv_deinterleave_avg_v, 2, 2, 2, 0, 1, FALSE,
      NULL),
  FORMAT_KERNEL (semi_planar, uv_deinterleave_box_2x2, 2, 2, 4, 0, 1, FALSE,
      NULL),
  FORMAT_KERNEL (semi_planar, uv_swap_avg_v, 1, 2, 2, 0, 2, FALSE, NULL),
  FORMAT_KERNEL (packed, packed422_to_y, 1, 1, 2, 0, 1, FALSE,
      byte_shifts_422),
  FORMAT_KERNEL (packed, packed422_to_uv, 2, 2, 4, 0, 1, FALSE,
      byte_shifts_422),
  FORMAT_KERNEL (packed, packed422_to_uv_weighted, 2, 2, 4, 0, 1, FALSE,
      byte_shifts_422),
  FORMAT_KERNEL (packed, packed422_to_uv_cosited_v, 2, 3, 4, 0, 1, FALSE,
      byte_shifts_422),
  FORMAT_KERNEL (packed, packed422_to_uv_pairs, 1, 2, 4, 0, 2, FALSE,
      byte_shifts_422_pairs),
  FORMAT_KERNEL (packed, packed444_to_y, 1, 1, 4, 0, 1, FALSE,
      byte_shifts_444_y),
  FORMAT_KERNEL (packed, packed444_box_2x2, 2, 2, 8, 0, 1, FALSE,
      byte_shifts_444_uv),
  FORMAT_KERNEL (packed, packed444_cosited_h, 2, 2, 8, 8, 1, FALSE,
      byte_shifts_444_uv),
  FORMAT_KERNEL (packed, packed444_box_2x2_pairs, 1, 2, 8, 0, 2, FALSE,
      byte_shifts_444_uv_either_first),
  FORMAT_KERNEL (packed, packed444_cosited_h_pairs, 1, 2, 8, 8, 2, FALSE,
      byte_shifts_444_uv_either_first),
  FORMAT_KERNEL (packed, gray_remap, 1, 1, 1, 0, 1, FALSE, gray_ranges),
  FORMAT_KERNEL (packed, gray_affine, 1, 1, 1, 0, 1, FALSE, gray_affine_maps),
  FORMAT_KERNEL (packed, gray_remap_to_u16, 1, 1, 1, 0, 2, FALSE,
      gray_ranges_10),
  FORMAT_KERNEL (packed, gray_affine_10, 1, 1, 1, 0, 2, FALSE,
      gray_affine_10_maps),
  FORMAT_KERNEL (u16, u16_to_u8, 1, 1, 2, 0, 1, TRUE, rounding),
  FORMAT_KERNEL (u16, u16_remap_to_u8, 1, 1, 2, 0, 1, TRUE, gray_ranges),
  FORMAT_KERNEL (u16, u16_remap_to_u16, 1, 1, 2, 0, 2, TRUE, gray_ranges_10),
  {"u16_ayuv64_to_420_box", "u16", DSP_OFFSET (u16.u16_ayuv64_to_420_box), 4,
        2, 16, 0, 2, TRUE, call_u16_ayuv64_to_420_box, rounding,
      expect_u16_ayuv64_to_420_box, NULL, ayuv64_to_420_bytes},
  {"u16_ayuv64_to_420_cosited", "u16",
        DSP_OFFSET (u16.u16_ayuv64_to_420_cosited), 4, 2, 16, 0, 2, TRUE,
        call_u16_ayuv64_to_420_cosited, rounding,
      expect_u16_ayuv64_to_420_cosited, NULL, ayuv64_to_420_bytes},
  {"u16_ayuv64_to_420_10_box", "u16",
        DSP_OFFSET (u16.u16_ayuv64_to_420_10_box), 4, 2, 16, 0, 4, TRUE,
        call_u16_ayuv64_to_420_10_box, read_shifts_10,
      expect_u16_ayuv64_to_420_10_box, NULL, ayuv64_to_420_10_bytes},
  {"u16_ayuv64_to_420_10_cosited", "u16",
        DSP_OFFSET (u16.u16_ayuv64_to_420_10_cosited), 4, 2, 16, 0, 4, TRUE,
        call_u16_ayuv64_to_420_10_cosited, read_shifts_10,
      expect_u16_ayuv64_to_420_10_cosited, NULL, ayuv64_to_420_10_bytes},
  FORMAT_KERNEL (u16, u16_uv_deinterleave_to_u8, 2, 1, 4, 0, 1, TRUE,
      rounding),
  FORMAT_KERNEL (u16, u16_avg_v_to_u8, 1, 2, 2, 0, 1, TRUE, rounding_sums),
  FORMAT_KERNEL (u16, u16_box_2x2_to_u8, 1, 2, 4, 0, 1, TRUE, rounding_sums),
  FORMAT_KERNEL (u16, u16_pairs_to_u8, 1, 2, 2, 0, 2, TRUE, rounding),
  FORMAT_KERNEL (u16, u16_avg_v_pairs_to_u8, 1, 4, 2, 0, 2, TRUE,
      rounding_sums),
  FORMAT_KERNEL (u16, u16_rows_cosited_h_to_u8, 1, 2, 4, 4, 1, TRUE,
      row_weights_and_rounding),
  FORMAT_KERNEL (u16, u16_rows_box_h_to_u8, 1, 2, 4, 0, 1, TRUE,
      row_weights_and_rounding),
  FORMAT_KERNEL (u16, u16_rows_to_u8, 1, 2, 2, 0, 1, TRUE,
      row_weights_and_rounding),
  FORMAT_KERNEL (rgb, rgb4_to_y, 1, 1, 4, 0, 1, FALSE, rgb_y_params),
  FORMAT_KERNEL (rgb, rgb4_to_uv, 2, 2, 8, 0, 1, FALSE, rgb_uv_params),
  FORMAT_KERNEL (rgb, rgb24_to_rgb4, 1, 1, 3, 0, 4, FALSE, NULL),
  FORMAT_KERNEL (rgb, rgb24_to_y, 1, 1, 3, 0, 1, FALSE, dsp_y_coefficients),
  FORMAT_KERNEL (rgb, rgb24_to_uv, 2, 2, 6, 0, 1, FALSE, dsp_uv_coefficients),
  FORMAT_KERNEL (rgb, rgb24_to_uv_cosited_h, 2, 4, 6, 0, 1, FALSE,
      dsp_uv_coefficients),
  FORMAT_KERNEL (rgb, rgb24_to_uv_cosited_v, 2, 3, 6, 0, 1, FALSE,
      dsp_uv_coefficients),
  FORMAT_KERNEL (rgb, rgb24_to_uv_cosited_hv, 2, 6, 6, 0, 1, FALSE,
      dsp_uv_coefficients),
  FORMAT_KERNEL (rgb, rgb4_to_uv_pairs, 1, 2, 8, 0, 2, FALSE,
      rgb_uv_params_either_first),
  FORMAT_KERNEL (rgb, rgb24_to_uv_pairs, 1, 2, 6, 0, 2, FALSE,
      rgb24_uv_params_either_first),
  FORMAT_KERNEL (rgb, rgb24_to_uv_cosited_h_pairs, 1, 4, 6, 0, 2, FALSE,
      rgb24_uv_params_either_first),
  FORMAT_KERNEL (unpack, unpack_word_field, 1, 1, 4, 0, 2, FALSE, word_fields),
  /* 16 source bytes an output: more than the 16 / 6 and 16 / 3 that a
   * v210 sample takes, so whole groups are there for any count */
  FORMAT_KERNEL (unpack, unpack_v210_y, 1, 1, 16, 0, 2, FALSE, NULL),
  FORMAT_KERNEL (unpack, unpack_v210_uv, 2, 1, 16, 0, 2, FALSE, NULL),
  FORMAT_KERNEL (unpack, unpack_packed_uv, 2, 1, 4, 0, 1, FALSE,
      packed_uv_bytes),
  /* 4 source bytes an output, more than the 4 / 3 a sample takes */
  FORMAT_KERNEL (unpack, unpack_gray10_le32, 1, 1, 4, 0, 2, FALSE, NULL),
  FORMAT_KERNEL (unpack, v210_y_to_u8, 1, 1, 16, 0, 1, FALSE, v210_rounding),
  FORMAT_KERNEL (unpack, v210_uv_avg_v_to_u8, 2, 2, 16, 0, 1, FALSE,
      v210_rounding),
  FORMAT_KERNEL (unpack, v210_uv_avg_v_pairs_to_u8, 1, 2, 16, 0, 2, FALSE,
      v210_rounding),
};

const guint dsp_n_format_kernels = G_N_ELEMENTS (dsp_format_kernels);
