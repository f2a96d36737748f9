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

RefI420 *
ref_i420_new (gint width, gint height)
{
  gint cw = (width + 1) / 2, ch = (height + 1) / 2;
  RefI420 *ref = g_new0 (RefI420, 1);

  ref->width = width;
  ref->height = height;
  ref->y = g_new0 (gdouble, (gsize) width * height);
  ref->u = g_new0 (gdouble, (gsize) cw * ch);
  ref->v = g_new0 (gdouble, (gsize) cw * ch);
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
