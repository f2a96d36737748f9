/* pooledconvert tests
 * Double-precision reference conversion; see reference.h.
 */

#include <math.h>

#include "reference.h"

RefColor
ref_color (RefMatrix matrix, gboolean full_range)
{
  /* Kr, Kb: ITU-R BT.601, BT.709 and BT.2020 */
  static const gdouble table[][2] = {
    [REF_BT601] = {0.299, 0.114},
    [REF_BT709] = {0.2126, 0.0722},
    [REF_BT2020] = {0.2627, 0.0593},
  };
  RefColor color = { table[matrix][0], table[matrix][1], full_range };

  return color;
}

GstVideoColorimetry
ref_colorimetry (RefMatrix matrix, gboolean full_range)
{
  static const GstVideoColorMatrix gst_matrix[] = {
    [REF_BT601] = GST_VIDEO_COLOR_MATRIX_BT601,
    [REF_BT709] = GST_VIDEO_COLOR_MATRIX_BT709,
    [REF_BT2020] = GST_VIDEO_COLOR_MATRIX_BT2020,
  };
  GstVideoColorimetry c = {
    full_range ? GST_VIDEO_COLOR_RANGE_0_255 : GST_VIDEO_COLOR_RANGE_16_235,
    gst_matrix[matrix], GST_VIDEO_TRANSFER_BT709,
    matrix == REF_BT601 ? GST_VIDEO_COLOR_PRIMARIES_SMPTE170M :
        matrix == REF_BT709 ? GST_VIDEO_COLOR_PRIMARIES_BT709 :
        GST_VIDEO_COLOR_PRIMARIES_BT2020,
  };

  return c;
}

gchar *
ref_colorimetry_string (RefMatrix matrix, gboolean full_range)
{
  GstVideoColorimetry c = ref_colorimetry (matrix, full_range);

  return gst_video_colorimetry_to_string (&c);
}

static inline guint8
sample (const GstVideoFrame * f, guint plane, gint x, gint y, gint byte)
{
  const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (f, plane) +
      (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (f, plane);

  return row[x * (GST_VIDEO_FRAME_FORMAT (f) == GST_VIDEO_FORMAT_RGBA ? 4 : 1)
      + byte];
}

static gdouble
luma_of (const RefColor * c, gdouble r, gdouble g, gdouble b)
{
  return c->kr * r + (1.0 - c->kr - c->kb) * g + c->kb * b;
}

static gdouble
clamp255 (gdouble v)
{
  return CLAMP (v, 0.0, 255.0);
}

RefI420 *
ref_expected_i420 (const GstVideoFrame * in, const RefColor * color)
{
  GstVideoFormat format = GST_VIDEO_FRAME_FORMAT (in);
  gint w = GST_VIDEO_FRAME_WIDTH (in), h = GST_VIDEO_FRAME_HEIGHT (in);
  gint cw = (w + 1) / 2, ch = (h + 1) / 2;
  gdouble y_scale = color->full_range ? 1.0 : 219.0 / 255.0;
  gdouble c_scale = color->full_range ? 1.0 : 224.0 / 255.0;
  gdouble y_offset = color->full_range ? 0.0 : 16.0;
  RefI420 *ref = g_new0 (RefI420, 1);
  gint x, y;

  ref->width = w;
  ref->height = h;
  ref->y = g_new0 (gdouble, (gsize) w * h);
  ref->u = g_new0 (gdouble, (gsize) cw * ch);
  ref->v = g_new0 (gdouble, (gsize) cw * ch);

  for (y = 0; y < h; y++) {
    for (x = 0; x < w; x++) {
      if (format == GST_VIDEO_FORMAT_RGBA)
        ref->y[y * w + x] = clamp255 (y_offset + y_scale *
            luma_of (color, sample (in, 0, x, y, 0), sample (in, 0, x, y, 1),
                sample (in, 0, x, y, 2)));
      else
        ref->y[y * w + x] = sample (in, 0, x, y, 0);
    }
  }

  /* Each output chroma sample is the mean over the block of input pixels
   * it covers, counting only pixels inside the frame. */
  for (y = 0; y < ch; y++) {
    for (x = 0; x < cw; x++) {
      gdouble sum[3] = { 0, 0, 0 };
      gint n = 0, dx, dy;

      for (dy = 0; dy < 2 && 2 * y + dy < h; dy++) {
        for (dx = 0; dx < 2 && 2 * x + dx < w; dx++) {
          gint sx = 2 * x + dx, sy = 2 * y + dy;

          switch (format) {
            case GST_VIDEO_FORMAT_RGBA:
              sum[0] += sample (in, 0, sx, sy, 0);
              sum[1] += sample (in, 0, sx, sy, 1);
              sum[2] += sample (in, 0, sx, sy, 2);
              break;
            case GST_VIDEO_FORMAT_Y444:
              sum[0] += sample (in, 1, sx, sy, 0);
              sum[1] += sample (in, 2, sx, sy, 0);
              break;
            case GST_VIDEO_FORMAT_Y42B:
              /* chroma is already horizontally subsampled */
              sum[0] += sample (in, 1, x, sy, 0);
              sum[1] += sample (in, 2, x, sy, 0);
              break;
            case GST_VIDEO_FORMAT_I420:
              sum[0] += sample (in, 1, x, y, 0);
              sum[1] += sample (in, 2, x, y, 0);
              break;
            default:
              g_assert_not_reached ();
          }
          n++;
        }
      }

      if (format == GST_VIDEO_FORMAT_RGBA) {
        gdouble r = sum[0] / n, g = sum[1] / n, b = sum[2] / n;
        gdouble luma = luma_of (color, r, g, b);

        ref->u[y * cw + x] = clamp255 (128.0 + c_scale * (b - luma) /
            (2.0 * (1.0 - color->kb)));
        ref->v[y * cw + x] = clamp255 (128.0 + c_scale * (r - luma) /
            (2.0 * (1.0 - color->kr)));
      } else {
        ref->u[y * cw + x] = sum[0] / n;
        ref->v[y * cw + x] = sum[1] / n;
      }
    }
  }
  return ref;
}

void
ref_i420_free (RefI420 * ref)
{
  g_free (ref->y);
  g_free (ref->u);
  g_free (ref->v);
  g_free (ref);
}

/* Calls @visit for every (actual, expected) pair of the three planes. */
static void
for_each_sample (const GstVideoFrame * out, const RefI420 * ref,
    void (*visit) (guint8 actual, gdouble expected, gpointer data),
    gpointer data)
{
  gint cw = (ref->width + 1) / 2, ch = (ref->height + 1) / 2;
  const gdouble *planes[3] = { ref->y, ref->u, ref->v };
  gint plane, x, y;

  g_assert_cmpint (GST_VIDEO_FRAME_FORMAT (out), ==, GST_VIDEO_FORMAT_I420);
  g_assert_cmpint (GST_VIDEO_FRAME_WIDTH (out), ==, ref->width);
  g_assert_cmpint (GST_VIDEO_FRAME_HEIGHT (out), ==, ref->height);

  for (plane = 0; plane < 3; plane++) {
    gint pw = plane ? cw : ref->width, ph = plane ? ch : ref->height;

    for (y = 0; y < ph; y++) {
      const guint8 *row =
          (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (out, plane) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (out, plane);

      for (x = 0; x < pw; x++)
        visit (row[x], planes[plane][y * pw + x], data);
    }
  }
}

static void
track_max_error (guint8 actual, gdouble expected, gpointer data)
{
  gdouble *max = data;

  *max = MAX (*max, fabs (actual - expected));
}

gdouble
ref_max_error (const GstVideoFrame * out, const RefI420 * ref)
{
  gdouble max = 0.0;

  for_each_sample (out, ref, track_max_error, &max);
  return max;
}

static void
count_misrounded (guint8 actual, gdouble expected, gpointer data)
{
  guint *count = data;

  if (actual != (guint8) floor (expected + 0.5))
    (*count)++;
}

guint
ref_count_misrounded (const GstVideoFrame * out, const RefI420 * ref)
{
  guint count = 0;

  for_each_sample (out, ref, count_misrounded, &count);
  return count;
}

gchar *
ref_describe_worst (const GstVideoFrame * out, const RefI420 * ref)
{
  gint cw = (ref->width + 1) / 2, ch = (ref->height + 1) / 2;
  const gdouble *planes[3] = { ref->y, ref->u, ref->v };
  gint plane, x, y, worst_plane = 0, worst_x = 0, worst_y = 0;
  gdouble worst = -1.0, worst_expected = 0.0;
  guint8 worst_actual = 0;

  for (plane = 0; plane < 3; plane++) {
    gint pw = plane ? cw : ref->width, ph = plane ? ch : ref->height;

    for (y = 0; y < ph; y++) {
      const guint8 *row =
          (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (out, plane) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (out, plane);

      for (x = 0; x < pw; x++) {
        gdouble expected = planes[plane][y * pw + x];
        /* a misrounded sample wins a tie with a correctly rounded one */
        gdouble error = fabs (row[x] - expected) +
            (row[x] != (guint8) floor (expected + 0.5) ? 1e-6 : 0.0);

        if (error > worst) {
          worst = error;
          worst_plane = plane;
          worst_x = x;
          worst_y = y;
          worst_actual = row[x];
          worst_expected = expected;
        }
      }
    }
  }

  return g_strdup_printf ("plane %d (%d, %d): %u, expected %.3f", worst_plane,
      worst_x, worst_y, worst_actual, worst_expected);
}

void
ref_fill_random (guint8 * data, gsize size, guint32 seed)
{
  guint32 state = seed ? seed : 0x9e3779b9;
  gsize i;

  for (i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    data[i] = state >> 24;
  }
}
