/* pooledconvert
 * Integer colour matrices; see yuvmatrix.h.  Both are built in double
 * from Kr and Kb of the colorimetry: the 3x3 matrices from the definitions
 * (codes -> normalised values -> R'G'B' -> normalised values -> codes),
 * rounded once to Q14; the RGB row kernels' matrix in Q16.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "convert/yuvmatrix.h"

#define Q16_ONE 65536.0

gboolean
pc_color_matrix_kr_kb (GstVideoColorMatrix matrix, gdouble * kr, gdouble * kb)
{
  if (gst_video_color_matrix_get_Kr_Kb (matrix, kr, kb))
    return TRUE;
  *kr = 0.299;
  *kb = 0.114;
  return FALSE;
}

/* x_out = a x_in + b */
typedef struct
{
  gdouble a[3][3];
  gdouble b[3];
} Affine;

static void
affine_compose (Affine * result, const Affine * second, const Affine * first)
{
  Affine r;
  gint i, j, k;

  for (i = 0; i < 3; i++) {
    r.b[i] = second->b[i];
    for (j = 0; j < 3; j++) {
      r.a[i][j] = 0.0;
      for (k = 0; k < 3; k++)
        r.a[i][j] += second->a[i][k] * first->a[k][j];
      r.b[i] += second->a[i][j] * first->b[j];
    }
  }
  *result = r;
}

static void
affine_scale (Affine * t, const gdouble scale[3], const gdouble offset[3])
{
  memset (t, 0, sizeof (*t));
  t->a[0][0] = scale[0];
  t->a[1][1] = scale[1];
  t->a[2][2] = scale[2];
  memcpy (t->b, offset, sizeof (t->b));
}

/* 8-bit codes -> normalised values (Y' in [0, 1], Pb and Pr in
 * [-1/2, 1/2], or R'G'B' in [0, 1]).  R'G'B' is full range unless tagged
 * limited (16..235, as Y'), Y'CbCr limited unless tagged full. */
static void
codes_to_normalised (Affine * t, gboolean rgb, GstVideoColorRange range)
{
  gboolean full = rgb ? range != GST_VIDEO_COLOR_RANGE_16_235 :
      range == GST_VIDEO_COLOR_RANGE_0_255;
  gdouble scale[3], offset[3];
  gint c;

  for (c = 0; c < 3; c++) {
    gboolean chroma = !rgb && c > 0;
    gdouble span = full ? 255.0 : chroma ? 224.0 : 219.0;
    gdouble zero = chroma ? 128.0 : full ? 0.0 : 16.0;

    scale[c] = 1.0 / span;
    offset[c] = -zero / span;
  }
  affine_scale (t, scale, offset);
}

/* normalised Y'PbPr -> R'G'B' */
static void
ypbpr_to_rgb (Affine * t, gdouble kr, gdouble kb)
{
  gdouble kg = 1.0 - kr - kb;

  memset (t, 0, sizeof (*t));
  t->a[0][0] = t->a[1][0] = t->a[2][0] = 1.0;
  t->a[0][2] = 2.0 * (1.0 - kr);
  t->a[2][1] = 2.0 * (1.0 - kb);
  t->a[1][1] = -2.0 * (1.0 - kb) * kb / kg;
  t->a[1][2] = -2.0 * (1.0 - kr) * kr / kg;
}

/* R'G'B' -> normalised Y'PbPr */
static void
rgb_to_ypbpr (Affine * t, gdouble kr, gdouble kb)
{
  gdouble kg = 1.0 - kr - kb;
  gint j;

  memset (t, 0, sizeof (*t));
  t->a[0][0] = kr;
  t->a[0][1] = kg;
  t->a[0][2] = kb;
  for (j = 0; j < 3; j++) {
    t->a[1][j] = ((j == 2 ? 1.0 : 0.0) - t->a[0][j]) / (2.0 * (1.0 - kb));
    t->a[2][j] = ((j == 0 ? 1.0 : 0.0) - t->a[0][j]) / (2.0 * (1.0 - kr));
  }
}

/* normalised Y'PbPr -> 8-bit codes: the inverse of codes_to_normalised */
static void
normalised_to_codes (Affine * t, GstVideoColorRange range)
{
  gdouble full = range == GST_VIDEO_COLOR_RANGE_0_255;
  gdouble scale[3] = { full ? 255.0 : 219.0, full ? 255.0 : 224.0,
    full ? 255.0 : 224.0
  };
  gdouble offset[3] = { full ? 0.0 : 16.0, 128.0, 128.0 };

  affine_scale (t, scale, offset);
}

gboolean
pc_matrix3_init (PcMatrix3 * matrix, const GstVideoInfo * in,
    const GstVideoColorimetry * out_colorimetry)
{
  const GstVideoColorimetry *in_c = &GST_VIDEO_INFO_COLORIMETRY (in);
  gboolean rgb = GST_VIDEO_INFO_IS_RGB (in);
  gdouble kr_in = 0.0, kb_in = 0.0, kr_out, kb_out;
  Affine total, step;
  gint i, j;

  if (!pc_color_matrix_kr_kb (out_colorimetry->matrix, &kr_out, &kb_out))
    return FALSE;
  if (!rgb && !pc_color_matrix_kr_kb (in_c->matrix, &kr_in, &kb_in))
    return FALSE;

  codes_to_normalised (&total, rgb, in_c->range);
  if (!rgb) {
    ypbpr_to_rgb (&step, kr_in, kb_in);
    affine_compose (&total, &step, &total);
  }
  rgb_to_ypbpr (&step, kr_out, kb_out);
  affine_compose (&total, &step, &total);
  normalised_to_codes (&step, out_colorimetry->range);
  affine_compose (&total, &step, &total);

  for (i = 0; i < 3; i++) {
    for (j = 0; j < 3; j++)
      matrix->m[i][j] = (gint) lround (ldexp (total.a[i][j], PC_MATRIX_Q));
    matrix->offset[i] = (gint) lround (ldexp (total.b[i], PC_MATRIX_Q));
  }
  return TRUE;
}

/* Grey's luma changes: both ranges known, and not the same */
static gboolean
gray_ranges_differ (GstVideoColorRange in_range, GstVideoColorRange out_range)
{
  return in_range != out_range && in_range != GST_VIDEO_COLOR_RANGE_UNKNOWN &&
      out_range != GST_VIDEO_COLOR_RANGE_UNKNOWN;
}

/* The @n codes of grey, each @scale of an 8-bit code, from @in_range to
 * 8-bit codes of @out_range. */
static gboolean
gray_table (guint8 * table, guint n, gdouble scale,
    GstVideoColorRange in_range, GstVideoColorRange out_range)
{
  Affine in_codes, out_codes;
  guint code;

  if (!gray_ranges_differ (in_range, out_range))
    return FALSE;
  codes_to_normalised (&in_codes, FALSE, in_range);
  normalised_to_codes (&out_codes, out_range);
  for (code = 0; code < n; code++) {
    gdouble y = code * scale * in_codes.a[0][0] + in_codes.b[0];
    glong out = lround (y * out_codes.a[0][0] + out_codes.b[0]);

    table[code] = (guint8) CLAMP (out, 0, 255);
  }
  return TRUE;
}

gboolean
pc_gray_range_table (guint8 table[256], GstVideoColorRange in_range,
    GstVideoColorRange out_range)
{
  return gray_table (table, 256, 1.0, in_range, out_range);
}

guint8 *
pc_gray_16_range_table_new (GstVideoColorRange in_range,
    GstVideoColorRange out_range)
{
  guint8 *table;

  if (!gray_ranges_differ (in_range, out_range))
    return NULL;
  table = g_malloc (65536);
  gray_table (table, 65536, 1.0 / 256.0, in_range, out_range);
  return table;
}

guint16 *
pc_gray_10_table_new (guint n_codes, GstVideoColorRange in_range,
    GstVideoColorRange out_range, guint out_shift)
{
  /* a code of 16-bit grey counts as code / 256 on the 8-bit scale */
  gdouble scale = n_codes > 256 ? 1.0 / 256.0 : 1.0;
  guint16 *table = g_new (guint16, n_codes);
  Affine in_codes, out_codes;
  guint code;

  if (!gray_ranges_differ (in_range, out_range))
    in_range = out_range = GST_VIDEO_COLOR_RANGE_16_235;
  codes_to_normalised (&in_codes, FALSE, in_range);
  normalised_to_codes (&out_codes, out_range);
  for (code = 0; code < n_codes; code++) {
    gdouble y = code * scale * in_codes.a[0][0] + in_codes.b[0];
    /* a 10-bit code is four units of the 8-bit scale */
    glong out = lround (4.0 * (y * out_codes.a[0][0] + out_codes.b[0]));

    table[code] = (guint16) (CLAMP (out, 0, 1023) << out_shift);
  }
  return table;
}

/* The offsets b for which the affine map with @sub, @a, @twice gives
 * @table: each code bounds b to the 256 values that land on its entry
 * (255 only from below: the sums saturate).  The lowest, when any. */
static gboolean
affine_offset (const guint8 table[256], gint sub, gint a, gboolean twice,
    gint * b)
{
  gint low = 0, high = 65535, code;

  for (code = 0; code < 256; code++) {
    gint h = (gint) (((guint) MAX (code - sub, 0) * 256u * (guint) a) >> 16);

    if (twice)
      h = MIN (2 * h, 65535);
    low = MAX (low, 256 * table[code] - h);
    if (table[code] < 255)
      high = MIN (high, 256 * table[code] + 255 - h);
  }
  *b = low;
  return low <= high;
}

gboolean
pc_gray_affine_init (gint params[4], const guint8 table[256],
    GstVideoColorRange in_range, GstVideoColorRange out_range)
{
  gboolean in_full = in_range == GST_VIDEO_COLOR_RANGE_0_255;
  gdouble scale = in_full ? 219.0 / 255.0 : 255.0 / 219.0;
  /* a < 1 in Q16: a scale past 1 is halved and the product doubled */
  gboolean twice = scale >= 1.0;
  gint sub = in_full ? 0 : 16, a0, step, b;

  g_return_val_if_fail (in_range != out_range, FALSE);
  a0 = (gint) lround (ldexp (twice ? scale / 2.0 : scale, 16));
  /* the rounding of a can cost the last code: try its neighbours too */
  for (step = 0; step < 64; step++) {
    gint a = a0 + (step % 2 ? -(step + 1) / 2 : step / 2);

    if (a > 0 && a < 65536 && affine_offset (table, sub, a, twice, &b)) {
      params[0] = sub;
      params[1] = a;
      params[2] = b;
      params[3] = twice;
      return TRUE;
    }
  }
  return FALSE;
}

gboolean
pc_gray_affine_10_init (gint params[3], const guint16 words[256],
    guint out_shift, GstVideoColorRange in_range, GstVideoColorRange out_range)
{
  gboolean in_full = in_range == GST_VIDEO_COLOR_RANGE_0_255;
  gboolean out_full = out_range == GST_VIDEO_COLOR_RANGE_0_255;
  /* 10-bit units of the output per code of the input */
  gdouble slope = 4.0 * (out_full ? 255.0 : 219.0) / (in_full ? 255.0 : 219.0);
  gint sub = in_full ? 0 : 16, a0, step, code;

  a0 = (gint) lround (ldexp (slope, 16));
  /* the rounding of a can cost the last codes: try its neighbours too */
  for (step = 0; step < 64; step++) {
    gint64 a = a0 + (step % 2 ? -(step + 1) / 2 : step / 2), low = 0;
    gint64 high = (1 << 26) - 1;

    for (code = 0; code < 256; code++) {
      gint64 h = (gint64) MAX (code - sub, 0) * a;
      gint64 want = words[code] >> out_shift;

      low = MAX (low, (want << 16) - h);
      if (want < 1023)
        high = MIN (high, (want << 16) + 65535 - h);
    }
    if (a > 0 && a < (1 << 20) && low <= high) {
      params[0] = sub;
      params[1] = (gint) a;
      params[2] = (gint) low;
      return TRUE;
    }
  }
  return FALSE;
}

gboolean
pc_matrix3_is_identity (const PcMatrix3 * matrix)
{
  gint i, j;

  for (i = 0; i < 3; i++) {
    if (matrix->offset[i] != 0)
      return FALSE;
    for (j = 0; j < 3; j++) {
      if (matrix->m[i][j] != (i == j ? 1 << PC_MATRIX_Q : 0))
        return FALSE;
    }
  }
  return TRUE;
}

/* The matrix is derived from Kr and Kb of the output colorimetry.  One
 * coefficient of each row absorbs the rounding so that the rows sum
 * exactly: white gives the top of the range and every grey 128 chroma.
 *
 * It reads R'G'B' as full range only.  Limited-range R'G'B' cannot be
 * folded into it: its scale 255 / 219 makes the kernels' 16-bit sums wrap
 * for every code whose result must clamp.  To full range, Y's terms sum
 * to 76309 in Q16, so 255 white sums to 255 * 256 * 76309 / 65536 - 4641
 * (the bias of code 16) = 71369 > 65535 and wraps to Y 22, and black 0
 * to -4641, Y 237; the chroma term 0.5 * 224 / 219 (to limited) reaches
 * 33385 > 32767 for B 255, R = G = 0, and wraps to U 2 instead of 255.
 * The route sends limited R'G'B' to the general walk, whose Q14 matrix
 * (pc_matrix3_init) sums in 32 bits and clamps. */
void
pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry)
{
  gdouble kr, kb, y_scale, c_scale, y_offset;
  gint y_total, c_half;

  /* RGB or unknown matrix: BT.601, as GStreamer assumes for SD */
  pc_color_matrix_kr_kb (colorimetry->matrix, &kr, &kb);

  if (colorimetry->range == GST_VIDEO_COLOR_RANGE_0_255) {
    y_scale = 1.0;
    c_scale = 1.0;
    y_offset = 0.0;
  } else {
    y_scale = 219.0 / 255.0;
    c_scale = 224.0 / 255.0;
    y_offset = 16.0;
  }

  /* Y = Kr R + (1 - Kr - Kb) G + Kb B, scaled; each term < 1 in Q16 */
  y_total = (gint) lround (y_scale * Q16_ONE);
  matrix->y[0] = (gint) lround (kr * y_scale * Q16_ONE);
  matrix->y[2] = (gint) lround (kb * y_scale * Q16_ONE);
  matrix->y[1] = y_total - matrix->y[0] - matrix->y[2];
  matrix->y_bias = (gint) (y_offset * 256.0) + 128;

  /* U = (B - Y) / (2 (1 - Kb)) and V = (R - Y) / (2 (1 - Kr)), scaled:
   * the positive term is half the scale, the two others sum to it */
  c_half = (gint) lround (0.5 * c_scale * Q16_ONE);
  matrix->u[2] = c_half;
  matrix->u[0] = (gint) lround (kr / (2.0 * (1.0 - kb)) * c_scale * Q16_ONE);
  matrix->u[1] = c_half - matrix->u[0];

  matrix->v[0] = c_half;
  matrix->v[2] = (gint) lround (kb / (2.0 * (1.0 - kr)) * c_scale * Q16_ONE);
  matrix->v[1] = c_half - matrix->v[2];
}
