/* pooledconvert
 * Integer 3x3 matrices (with offsets) from one colour encoding to another:
 * Y'CbCr of one matrix and range to Y'CbCr of another, or R'G'B' to
 * Y'CbCr.  Transfer function and primaries are not touched: these are the
 * same R'G'B' values written with other coefficients.
 */

#ifndef __PC_YUV_MATRIX_H__
#define __PC_YUV_MATRIX_H__

#include <gst/video/video.h>

G_BEGIN_DECLS
/* Fractional bits of the coefficients. */
#define PC_MATRIX_Q 14
/* out[c] = (sum_k m[c][k] * in[k] + offset[c]) / 2^PC_MATRIX_Q, where in
 * and out are 8-bit codes (Y, Cb, Cr or R, G, B) and offset holds the
 * constant terms, all in Q14. */
    typedef struct
{
  gint m[3][3];
  gint offset[3];
} PcMatrix3;

/* From @in (a YUV or RGB format with its colorimetry) to Y'CbCr in
 * @out_colorimetry.  FALSE when a matrix is unknown. */
gboolean pc_matrix3_init (PcMatrix3 * matrix, const GstVideoInfo * in,
    const GstVideoColorimetry * out_colorimetry);

/* RGB -> YCbCr for the row kernels: unsigned Q16 magnitudes (the sign of
 * each chroma term is fixed by the kernels: U adds B and subtracts R and G,
 * V adds R and subtracts G and B), and y_bias = Y offset * 256 + 128. */
typedef struct
{
  gint y[3];
  gint y_bias;
  gint u[3];
  gint v[3];
} PcRgbMatrix;

/* Kr and Kb of @matrix.  FALSE for RGB and unknown matrices; then they
 * are BT.601's, as GStreamer assumes for SD. */
gboolean pc_color_matrix_kr_kb (GstVideoColorMatrix matrix, gdouble * kr,
    gdouble * kb);

/* The row kernels' matrix for R'G'B' to Y'CbCr in @colorimetry (an
 * unknown matrix taken as BT.601), each row summing exactly. */
void pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry);

/* The luma codes of grey in @in_range written in @out_range, from the
 * definitions (Y' = (code - 16) / 219 limited, code / 255 full), rounded
 * once and clamped.  FALSE, and @table untouched, when the ranges are the
 * same or one is unknown: the luma is kept. */
gboolean pc_gray_range_table (guint8 table[256], GstVideoColorRange in_range,
    GstVideoColorRange out_range);

/* The same for 16-bit grey (a code counts as code / 256 on the 8-bit
 * scale): a new table (g_free it) of the 8-bit codes of the 65536 16-bit
 * ones, each rounded once; NULL when the luma is kept. */
guint8 *pc_gray_16_range_table_new (GstVideoColorRange in_range,
    GstVideoColorRange out_range);

/* The words of 10-bit output of grey of @n_codes codes (256: GRAY8;
 * 65536: 16-bit grey, a code counting as code / 256 of an 8-bit one) in
 * @in_range: each code written in @out_range (kept when the ranges are
 * the same or one is unknown) at 10 bits, four units of the 8-bit scale,
 * rounded once, clamped to 0..1023 and shifted left by @out_shift.  A new
 * table; g_free it. */
guint16 *pc_gray_10_table_new (guint n_codes, GstVideoColorRange in_range,
    GstVideoColorRange out_range, guint out_shift);

/* The parameters (sub, a, b) of pc_gray_affine_10 that give @words, made
 * by pc_gray_10_table_new () for GRAY8 of the same ranges and
 * @out_shift, to the bit for every code.  FALSE when none is found: the
 * table kernel serves. */
gboolean pc_gray_affine_10_init (gint params[3], const guint16 words[256],
    guint out_shift, GstVideoColorRange in_range, GstVideoColorRange out_range);

/* The parameters (sub, a, b, twice) of pc_gray_affine that give @table,
 * made by pc_gray_range_table () for the same ranges, to the bit for every
 * code.  FALSE when none is found: the table kernel serves. */
gboolean pc_gray_affine_init (gint params[4], const guint8 table[256],
    GstVideoColorRange in_range, GstVideoColorRange out_range);

/* TRUE when the matrix leaves Y'CbCr codes as they are. */
gboolean pc_matrix3_is_identity (const PcMatrix3 * matrix);

/* One 8-bit code, clamped, from sums of 2^shift weighted input codes:
 * one rounding, at the end. */
static inline guint8
pc_matrix3_apply (const PcMatrix3 * matrix, guint c, gint s0, gint s1,
    gint s2, guint shift)
{
  gint shift_all = PC_MATRIX_Q + shift;
  gint acc = matrix->m[c][0] * s0 + matrix->m[c][1] * s1 +
      matrix->m[c][2] * s2 + matrix->offset[c] * (1 << shift) +
      (1 << (shift_all - 1));

  acc >>= shift_all;            /* arithmetic: floor for negative sums */
  return (guint8) CLAMP (acc, 0, 255);
}

G_END_DECLS
#endif /* __PC_YUV_MATRIX_H__ */
