/* pooledconvert tests
 * Double-precision reference for every input format; see
 * reference-formats.h.
 */

#include <math.h>

#include "reference-formats.h"

typedef enum
{
  KIND_YUV,
  KIND_RGB,
  KIND_GRAY,
} Kind;

/* Where one component lies: its plane, its byte in the pixel (or the
 * macropixel of 4:2:2 packed formats), the bytes from one sample to the
 * next, log2 of its horizontal and vertical subsampling, and for a 10-bit
 * field of a 32-bit word the field's lowest bit. */
typedef struct
{
  guint plane;
  guint offset;
  guint pstride;
  guint xsub;
  guint ysub;
  guint shift;
} Comp;

/* comp: Y, U, V for YUV; R, G, B for RGB; Y for grey.  bytes: of a sample
 * (2: little-endian 16 bits; 4: a 10-bit field of a little-endian 32-bit
 * word); divisor: from the sample to 8 bits; valid: the bits a 16-bit
 * sample uses; v210: the samples lie as v210_sample_at () says, which no
 * offset and pixel stride can (comp then gives the plane and subsampling
 * only); three_a_word: sample x is the field x % 3 (bits 0-9, 10-19,
 * 20-29) of word x / 3 (GRAY10_LE32). */
typedef struct
{
  const gchar *name;
  Kind kind;
  guint bytes;
  gdouble divisor;
  guint16 valid;
  Comp comp[3];
  gboolean v210;
  gboolean three_a_word;
} Layout;

#define Y1 {0, 0, 1, 0, 0}
#define Y2 {0, 0, 2, 0, 0}

static const Layout layouts[] = {
  {"I420", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 1, 1, 1}, {2, 0, 1, 1, 1}}},
  {"YV12", KIND_YUV, 1, 1, 0, {Y1, {2, 0, 1, 1, 1}, {1, 0, 1, 1, 1}}},
  {"NV12", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 2, 1, 1}, {1, 1, 2, 1, 1}}},
  {"NV21", KIND_YUV, 1, 1, 0, {Y1, {1, 1, 2, 1, 1}, {1, 0, 2, 1, 1}}},
  {"YUY2", KIND_YUV, 1, 1, 0, {{0, 0, 2, 0, 0}, {0, 1, 4, 1, 0}, {0, 3, 4, 1,
              0}}},
  {"UYVY", KIND_YUV, 1, 1, 0, {{0, 1, 2, 0, 0}, {0, 0, 4, 1, 0}, {0, 2, 4, 1,
              0}}},
  {"YVYU", KIND_YUV, 1, 1, 0, {{0, 0, 2, 0, 0}, {0, 3, 4, 1, 0}, {0, 1, 4, 1,
              0}}},
  {"Y42B", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 1, 1, 0}, {2, 0, 1, 1, 0}}},
  {"Y41B", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 1, 2, 0}, {2, 0, 1, 2, 0}}},
  {"NV16", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 2, 1, 0}, {1, 1, 2, 1, 0}}},
  {"NV61", KIND_YUV, 1, 1, 0, {Y1, {1, 1, 2, 1, 0}, {1, 0, 2, 1, 0}}},
  {"Y444", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 1, 0, 0}, {2, 0, 1, 0, 0}}},
  {"NV24", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 2, 0, 0}, {1, 1, 2, 0, 0}}},
  {"AYUV", KIND_YUV, 1, 1, 0, {{0, 1, 4, 0, 0}, {0, 2, 4, 0, 0}, {0, 3, 4, 0,
              0}}},
  {"VUYA", KIND_YUV, 1, 1, 0, {{0, 2, 4, 0, 0}, {0, 1, 4, 0, 0}, {0, 0, 4, 0,
              0}}},
  {"GRAY8", KIND_GRAY, 1, 1, 0, {Y1}},
  {"GRAY16_LE", KIND_GRAY, 2, 256, 0xffff, {Y2}},
  {"GRAY10_LE32", KIND_GRAY, 4, 4, 0, {{0, 0, 0, 0, 0}}, FALSE, TRUE},
  {"I420_10LE", KIND_YUV, 2, 4, 0x03ff, {Y2, {1, 0, 2, 1, 1}, {2, 0, 2, 1,
              1}}},
  {"P010_10LE", KIND_YUV, 2, 256, 0xffc0, {Y2, {1, 0, 4, 1, 1}, {1, 2, 4, 1,
              1}}},
  {"I422_10LE", KIND_YUV, 2, 4, 0x03ff, {Y2, {1, 0, 2, 1, 0}, {2, 0, 2, 1,
              0}}},
  {"Y444_10LE", KIND_YUV, 2, 4, 0x03ff, {Y2, {1, 0, 2, 0, 0}, {2, 0, 2, 0,
              0}}},
  {"I420_12LE", KIND_YUV, 2, 16, 0x0fff, {Y2, {1, 0, 2, 1, 1}, {2, 0, 2, 1,
              1}}},
  {"P012_LE", KIND_YUV, 2, 256, 0xfff0, {Y2, {1, 0, 4, 1, 1}, {1, 2, 4, 1,
              1}}},
  {"P016_LE", KIND_YUV, 2, 256, 0xffff, {Y2, {1, 0, 4, 1, 1}, {1, 2, 4, 1,
              1}}},
  {"I422_12LE", KIND_YUV, 2, 16, 0x0fff, {Y2, {1, 0, 2, 1, 0}, {2, 0, 2, 1,
              0}}},
  {"Y444_12LE", KIND_YUV, 2, 16, 0x0fff, {Y2, {1, 0, 2, 0, 0}, {2, 0, 2, 0,
              0}}},
  /* planar RGB: G, B, R planes (and alpha, not read) */
  {"GBR", KIND_RGB, 1, 1, 0, {{2, 0, 1, 0, 0}, {0, 0, 1, 0, 0}, {1, 0, 1, 0,
              0}}},
  {"GBR_10LE", KIND_RGB, 2, 4, 0x03ff, {{2, 0, 2, 0, 0}, {0, 0, 2, 0, 0}, {1,
              0, 2, 0, 0}}},
  {"GBR_12LE", KIND_RGB, 2, 16, 0x0fff, {{2, 0, 2, 0, 0}, {0, 0, 2, 0, 0}, {1,
              0, 2, 0, 0}}},
  {"GBRA", KIND_RGB, 1, 1, 0, {{2, 0, 1, 0, 0}, {0, 0, 1, 0, 0}, {1, 0, 1, 0,
              0}}},
  /* 16 bits a component, packed (alpha not read) */
  {"ARGB64", KIND_RGB, 2, 256, 0xffff, {{0, 2, 8, 0, 0}, {0, 4, 8, 0, 0}, {0,
              6, 8, 0, 0}}},
  {"RGBA64_LE", KIND_RGB, 2, 256, 0xffff, {{0, 0, 8, 0, 0}, {0, 2, 8, 0, 0},
          {0, 4, 8, 0, 0}}},
  {"AYUV64", KIND_YUV, 2, 256, 0xffff, {{0, 2, 8, 0, 0}, {0, 4, 8, 0, 0}, {0,
              6, 8, 0, 0}}},
  /* the alpha plane (3) is not read */
  {"A420", KIND_YUV, 1, 1, 0, {Y1, {1, 0, 1, 1, 1}, {2, 0, 1, 1, 1}}},
  {"A422_10LE", KIND_YUV, 2, 4, 0x03ff, {Y2, {1, 0, 2, 1, 0}, {2, 0, 2, 1,
              0}}},
  {"A444_10LE", KIND_YUV, 2, 4, 0x03ff, {Y2, {1, 0, 2, 0, 0}, {2, 0, 2, 0,
              0}}},
  {"RGBA", KIND_RGB, 1, 1, 0, {{0, 0, 4, 0, 0}, {0, 1, 4, 0, 0}, {0, 2, 4, 0,
              0}}},
  {"RGBx", KIND_RGB, 1, 1, 0, {{0, 0, 4, 0, 0}, {0, 1, 4, 0, 0}, {0, 2, 4, 0,
              0}}},
  {"BGRA", KIND_RGB, 1, 1, 0, {{0, 2, 4, 0, 0}, {0, 1, 4, 0, 0}, {0, 0, 4, 0,
              0}}},
  {"BGRx", KIND_RGB, 1, 1, 0, {{0, 2, 4, 0, 0}, {0, 1, 4, 0, 0}, {0, 0, 4, 0,
              0}}},
  {"ARGB", KIND_RGB, 1, 1, 0, {{0, 1, 4, 0, 0}, {0, 2, 4, 0, 0}, {0, 3, 4, 0,
              0}}},
  {"xRGB", KIND_RGB, 1, 1, 0, {{0, 1, 4, 0, 0}, {0, 2, 4, 0, 0}, {0, 3, 4, 0,
              0}}},
  {"ABGR", KIND_RGB, 1, 1, 0, {{0, 3, 4, 0, 0}, {0, 2, 4, 0, 0}, {0, 1, 4, 0,
              0}}},
  {"xBGR", KIND_RGB, 1, 1, 0, {{0, 3, 4, 0, 0}, {0, 2, 4, 0, 0}, {0, 1, 4, 0,
              0}}},
  {"RGB", KIND_RGB, 1, 1, 0, {{0, 0, 3, 0, 0}, {0, 1, 3, 0, 0}, {0, 2, 3, 0,
              0}}},
  {"BGR", KIND_RGB, 1, 1, 0, {{0, 2, 3, 0, 0}, {0, 1, 3, 0, 0}, {0, 0, 3, 0,
              0}}},
  /* 10 bits a component in a 32-bit word (alpha, bits 30-31, not read) */
  {"RGB10A2_LE", KIND_RGB, 4, 4, 0, {{0, 0, 4, 0, 0, 0}, {0, 0, 4, 0, 0, 10},
          {0, 0, 4, 0, 0, 20}}},
  {"BGR10A2_LE", KIND_RGB, 4, 4, 0, {{0, 0, 4, 0, 0, 20}, {0, 0, 4, 0, 0, 10},
          {0, 0, 4, 0, 0, 0}}},
  {"v210", KIND_YUV, 4, 4, 0, {{0, 0, 0, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 1,
              0}}, TRUE},
};

/* The layout of each GstVideoFormat, looked up by name once: the
 * references ask for it at every sample. */
static const Layout *
layout_of (GstVideoFormat format)
{
  static GHashTable *by_format = NULL;
  const Layout *layout;

  if (g_once_init_enter (&by_format)) {
    GHashTable *table = g_hash_table_new (NULL, NULL);
    guint i;

    for (i = 0; i < G_N_ELEMENTS (layouts); i++)
      g_hash_table_insert (table, GINT_TO_POINTER (gst_video_format_from_string
              (layouts[i].name)), (gpointer) & layouts[i]);
    g_once_init_leave (&by_format, table);
  }
  layout = g_hash_table_lookup (by_format, GINT_TO_POINTER (format));
  if (layout == NULL)
    g_error ("the reference does not know %s",
        gst_video_format_to_string (format));
  return layout;
}

const gchar *const *
ref_input_formats (void)
{
  static const gchar *names[G_N_ELEMENTS (layouts) + 1];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (layouts); i++)
    names[i] = layouts[i].name;
  return names;
}

gboolean
ref_format_is_rgb (GstVideoFormat format)
{
  return layout_of (format)->kind == KIND_RGB;
}

gboolean
ref_format_rounds_exactly (GstVideoFormat format)
{
  const Layout *l = layout_of (format);

  /* AYUV64's own walk rounds its 16 bits once, as the planar formats' */
  return l->kind != KIND_RGB;
}

/* v210 packs a row as 10-bit fields, three to a little-endian 32-bit
 * word (bits 0-9, 10-19, 20-29), in the order Cb Y Cr Y: six pixels to
 * four words.  Field n is word n / 3's field n % 3.  The word of sample
 * @x of component @c (chroma counted in chroma samples) in @row, and the
 * field's lowest bit in @shift. */
static guint8 *
v210_sample_at (guint8 * row, guint c, gint x, guint * shift)
{
  guint n = c == 0 ? 2 * x + 1 : 4 * x + (c == 1 ? 0 : 2);

  *shift = 10 * (n % 3);
  return row + 4 * (n / 3);
}

/* Sample (@x, @y) of component @c's own grid (chroma samples for a
 * subsampled component); @shift: where a 32-bit word's field starts. */
static guint8 *
grid_sample_at (const GstVideoFrame * f, const Layout * l, guint c, gint x,
    gint y, guint * shift)
{
  const Comp *k = &l->comp[c];
  guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (f, k->plane) +
      (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (f, k->plane);

  if (l->v210)
    return v210_sample_at (row, c, x, shift);
  if (l->three_a_word) {
    *shift = 10 * (x % 3);
    return row + 4 * (gsize) (x / 3);
  }
  *shift = k->shift;
  return row + (gsize) x *k->pstride + k->offset;
}

/* Component @c's sample that covers pixel (@x, @y). */
static guint8 *
sample_at (const GstVideoFrame * f, const Layout * l, guint c, gint x, gint y,
    guint * shift)
{
  const Comp *k = &l->comp[c];

  return grid_sample_at (f, l, c, x >> k->xsub, y >> k->ysub, shift);
}

/* The sample at @p (the field at @shift of a 32-bit word) on the 8-bit
 * scale, not rounded. */
static gdouble
scaled (const Layout * l, const guint8 * p, guint shift)
{
  guint v;

  if (l->bytes == 4)
    /* byte by byte: a field's word may lie at any address */
    v = ((p[0] | p[1] << 8 | p[2] << 16 | (guint32) p[3] << 24) >> shift) &
        0x3ff;
  else if (l->bytes == 2)
    v = p[0] | (p[1] << 8);
  else
    v = p[0];
  return v / l->divisor;
}

/* Component @c of pixel (x, y) on the 8-bit scale, not rounded. */
static gdouble
value (const GstVideoFrame * f, const Layout * l, guint c, gint x, gint y)
{
  guint shift;
  const guint8 *p = sample_at (f, l, c, x, y, &shift);

  return scaled (l, p, shift);
}

gdouble
ref_component (const GstVideoFrame * f, guint c, gint x, gint y)
{
  const Layout *l = layout_of (GST_VIDEO_FRAME_FORMAT (f));
  guint shift;
  const guint8 *p;

  g_assert (c == 0 || l->kind != KIND_GRAY);
  p = grid_sample_at (f, l, c, x, y, &shift);
  return scaled (l, p, shift);
}

static gdouble
clamp_8bit (gdouble v)
{
  return CLAMP (v, 0.0, 255.0);
}

static gdouble
luma_of_rgb (const RefColor * c, const gdouble rgb[3])
{
  return c->kr * rgb[0] + (1.0 - c->kr - c->kb) * rgb[1] + c->kb * rgb[2];
}

/* An R'G'B' or Y' code of a range, as the normalised value 0..1 of the
 * definitions (BT.601, BT.709: limited codes 16..235 span it) */
static gdouble
normalised (gdouble code, gboolean full_range)
{
  return full_range ? code / 255.0 : (code - 16.0) / 219.0;
}

/* In @in_range, NULL: grey keeps its codes, RGB is full range. */
static RefI420 *
expected_i420 (const GstVideoFrame * in, const RefColor * color,
    const gboolean * in_range)
{
  const Layout *l = layout_of (GST_VIDEO_FRAME_FORMAT (in));
  gboolean rgb_full = in_range == NULL || *in_range;
  gint w = GST_VIDEO_FRAME_WIDTH (in), h = GST_VIDEO_FRAME_HEIGHT (in);
  gint cw = (w + 1) / 2, ch = (h + 1) / 2;
  gdouble y_scale = color->full_range ? 1.0 : 219.0 / 255.0;
  gdouble c_scale = color->full_range ? 1.0 : 224.0 / 255.0;
  gdouble y_offset = color->full_range ? 0.0 : 16.0;
  RefI420 *ref = ref_i420_new (w, h);
  gint x, y;

  for (y = 0; y < h; y++) {
    for (x = 0; x < w; x++) {
      gdouble luma;
      guint c;

      if (l->kind == KIND_RGB) {
        gdouble rgb[3];

        for (c = 0; c < 3; c++)
          rgb[c] = 255.0 * normalised (value (in, l, c, x, y), rgb_full);
        luma = y_offset + y_scale * luma_of_rgb (color, rgb);
      } else if (l->kind == KIND_GRAY && in_range != NULL) {
        luma = y_offset + 255.0 * y_scale *
            normalised (value (in, l, 0, x, y), *in_range);
      } else {
        luma = value (in, l, 0, x, y);
      }
      ref->y[y * w + x] = clamp_8bit (luma);
    }
  }

  for (y = 0; y < ch; y++) {
    for (x = 0; x < cw; x++) {
      gdouble mean[3] = { 0, 0, 0 };
      gint n = 0, dx, dy, c;

      for (dy = 0; dy < 2 && 2 * y + dy < h; dy++) {
        for (dx = 0; dx < 2 && 2 * x + dx < w; dx++) {
          for (c = 0; c < 3 && l->kind != KIND_GRAY; c++)
            mean[c] += l->kind == KIND_RGB ? 255.0 * normalised (value (in, l,
                    c, 2 * x + dx, 2 * y + dy), rgb_full) : value (in, l, c,
                2 * x + dx, 2 * y + dy);
          n++;
        }
      }
      for (c = 0; c < 3; c++)
        mean[c] /= n;

      if (l->kind == KIND_GRAY) {
        ref->u[y * cw + x] = ref->v[y * cw + x] = 128.0;
      } else if (l->kind == KIND_RGB) {
        gdouble luma = luma_of_rgb (color, mean);

        ref->u[y * cw + x] = clamp_8bit (128.0 + c_scale * (mean[2] - luma) /
            (2.0 * (1.0 - color->kb)));
        ref->v[y * cw + x] = clamp_8bit (128.0 + c_scale * (mean[0] - luma) /
            (2.0 * (1.0 - color->kr)));
      } else {
        ref->u[y * cw + x] = clamp_8bit (mean[1]);
        ref->v[y * cw + x] = clamp_8bit (mean[2]);
      }
    }
  }
  return ref;
}

RefI420 *
ref_expected_i420 (const GstVideoFrame * in, const RefColor * color)
{
  return expected_i420 (in, color, NULL);
}

RefI420 *
ref_expected_i420_from_range (const GstVideoFrame * in,
    const RefColor * color, gboolean in_full_range)
{
  return expected_i420 (in, color, &in_full_range);
}

void
ref_make_valid (GstVideoFrame * frame)
{
  const Layout *l = layout_of (GST_VIDEO_FRAME_FORMAT (frame));
  guint16 keep = l->valid;
  gint w = GST_VIDEO_FRAME_WIDTH (frame), h = GST_VIDEO_FRAME_HEIGHT (frame);
  gint x, y;
  guint c;

  /* 8-bit samples use every bit; the 32-bit words' unused bits are never
   * read */
  if (l->bytes != 2)
    return;
  for (c = 0; c < 3; c++) {
    for (y = 0; y < h; y++) {
      for (x = 0; x < w; x++) {
        guint shift;
        guint8 *p = sample_at (frame, l, c, x, y, &shift);
        guint16 v = (p[0] | (p[1] << 8)) & keep;

        p[0] = v & 0xff;
        p[1] = v >> 8;
      }
    }
  }
}
