/* pooledconvert tests
 * The dither property: its names and values (GstVideoDitherMethod's);
 * flat 10-bit input between two 8-bit codes, where bayer gives the
 * fraction of upper codes in every 4x4 tile that the value has and
 * rounding gives one code; random frames of every depth within one code
 * of the double reference; 8-bit input, grey and 10-bit output not
 * dithered; a change while playing taking effect at the next frame.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "pixelcheck.h"
#include "reference.h"
#include "testutil.h"

/* ---- the property ------------------------------------------------------ */

GST_START_TEST (test_property)
{
  GstElement *e = gst_element_factory_make ("pooledconvert", NULL);
  GParamSpec *spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
      "dither");
  GEnumClass *ours, *theirs;
  guint i;

  fail_unless (spec != NULL && G_IS_PARAM_SPEC_ENUM (spec));
  ours = G_PARAM_SPEC_ENUM (spec)->enum_class;
  theirs = g_type_class_ref (GST_TYPE_VIDEO_DITHER_METHOD);
  fail_unless_equals_int (G_PARAM_SPEC_ENUM (spec)->default_value,
      GST_VIDEO_DITHER_NONE);
  fail_unless_equals_int (ours->n_values, 2);
  /* each of ours is videoconvert's of the same nick, with its value */
  for (i = 0; i < ours->n_values; i++) {
    GEnumValue *same = g_enum_get_value_by_nick (theirs,
        ours->values[i].value_nick);

    fail_unless (same != NULL, "%s", ours->values[i].value_nick);
    fail_unless_equals_int (same->value, ours->values[i].value);
  }
  fail_unless (g_enum_get_value_by_nick (ours, "bayer") != NULL);
  g_type_class_unref (theirs);
  gst_object_unref (e);
}

GST_END_TEST;

/* ---- flat frames ------------------------------------------------------- */

/* A frame of @info (16-bit words, luma alone in plane 0) with every word
 * of plane 0 @y and of the other planes @c, in the words' own bits. */
static GstBuffer *
flat_frame (const GstVideoInfo * info, guint y, guint c)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);
  guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (info->finfo, 0);
  GstVideoFrame frame;
  guint plane;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  for (plane = 0; plane < GST_VIDEO_FRAME_N_PLANES (&frame); plane++) {
    guint value = (plane == 0 ? y : c) << shift;
    gsize bytes = row_bytes_of_plane (info, plane), i;
    /* the last component of a plane has its rows */
    guint comp = plane == 0 ? 0 : 2;
    gint row;

    for (row = 0; row < GST_VIDEO_FRAME_COMP_HEIGHT (&frame, comp); row++) {
      guint8 *p = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, plane) +
          row * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, plane);

      for (i = 0; i + 2 <= bytes; i += 2) {
        p[i] = value & 0xff;
        p[i + 1] = value >> 8;
      }
    }
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* @frame's plane @plane (8-bit I420): in every 4x4 tile, @upper samples
 * hold @low + 1 and the others @low; with @interlaced, tiles of each
 * field's rows (so each field keeps the mean). */
static void
check_tiles (GstVideoFrame * frame, guint plane, guint low, guint upper,
    gboolean interlaced, const gchar * what)
{
  gint width = GST_VIDEO_FRAME_COMP_WIDTH (frame, plane);
  gint height = GST_VIDEO_FRAME_COMP_HEIGHT (frame, plane);
  gint step = interlaced ? 2 : 1;
  gint field, tx, ty, x, k;

  /* a tile: 4 columns of 4 rows of one field (each row of a progressive
   * frame), field row ty, ty + step, ... */
  for (field = 0; field < step; field++)
    for (ty = field; ty + 3 * step < height; ty += 4 * step)
      for (tx = 0; tx + 4 <= width; tx += 4) {
        guint count = 0;

        for (k = 0; k < 4; k++)
          for (x = tx; x < tx + 4; x++) {
            gint y = ty + k * step;
            guint v = ((const guint8 *) GST_VIDEO_FRAME_COMP_DATA (frame,
                    plane))[y * GST_VIDEO_FRAME_COMP_STRIDE (frame, plane) + x];

            fail_unless (v == low || v == low + 1, "%s: plane %u (%d, %d) "
                "is %u, not %u or %u", what, plane, x, y, v, low, low + 1);
            count += v == low + 1;
          }
        fail_unless (count == upper, "%s: plane %u, tile (%d, %d): %u upper "
            "codes, not %u", what, plane, tx, ty, count, upper);
      }
}

/* Flat 10-bit luma 4 x 100 + k and chroma 4 x 120 + k: bayer makes k of
 * every 16 samples the upper code, rounding half up none (k < 2) or all
 * of them (k >= 2). */
GST_START_TEST (test_flat_fraction)
{
  static const gchar *const formats[] = { "I420_10LE", "P010_10LE",
    "I422_10LE", "Y444_10LE"
  };
  guint k, d, interlaced;

  for (interlaced = 0; interlaced < 2; interlaced++)
    for (k = 0; k < 4; k++)
      for (d = 0; d < 2; d++) {
        gchar *caps_str = raw_input_caps (formats[__i__], 32, 16,
            interlaced ? "interlace-mode=interleaved" : NULL);
        GstHarness *h = new_converter_harness (d ? "dither=bayer" : NULL,
            caps_str);
        GstVideoInfo info = video_info_from_string (caps_str), out_info;
        GstBuffer *out;
        GstVideoFrame frame;
        gchar *what = g_strdup_printf ("%s%s, code + %u, %s", formats[__i__],
            interlaced ? " interlaced" : "", k, d ? "bayer" : "none");
        guint upper = d ? 4 * k : (k >= 2 ? 16 : 0);
        guint p;

        gst_harness_set_sink_caps_str (h, "video/x-raw,format=I420");
        out =
            gst_harness_push_and_pull (h, flat_frame (&info, 400 + k, 480 + k));
        fail_unless (out != NULL, "%s: no output", what);
        out_info = harness_output_info (h);
        fail_unless (gst_video_frame_map (&frame, &out_info, out,
                GST_MAP_READ));
        check_tiles (&frame, 0, 100, upper, interlaced, what);
        for (p = 1; p < 3; p++)
          check_tiles (&frame, p, 120, upper, interlaced, what);
        gst_video_frame_unmap (&frame);
        gst_buffer_unref (out);
        g_free (what);
        g_free (caps_str);
        gst_harness_teardown (h);
      }
}

GST_END_TEST;

/* ---- random frames ----------------------------------------------------- */

/* One random frame of @caps_str through @properties to I420. */
static GstBuffer *
convert (const gchar * properties, const gchar * caps_str, GstBuffer * in,
    GstVideoInfo * out_info)
{
  GstHarness *h = new_converter_harness (properties, NULL);
  GstBuffer *out;

  gst_harness_set_sink_caps_str (h, "video/x-raw,format=I420");
  gst_harness_set_src_caps_str (h, caps_str);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "%s: no output", caps_str);
  *out_info = harness_output_info (h);
  gst_harness_teardown (h);
  return out;
}

/* Within one code of the exact value, and not what rounding gives. */
GST_START_TEST (test_random_within_one)
{
  static const gchar *const formats[] = { "I420_10LE", "P010_10LE",
    "I422_10LE", "Y444_10LE", "I420_12LE", "Y444_12LE", "P016_LE", "v210",
    "GBR_10LE", "RGBA64_LE", "BGR10A2_LE", "AYUV64"
  };
  gchar *caps_str = raw_input_caps (formats[__i__], 37, 21, NULL);
  GstVideoInfo in_info = video_info_from_string (caps_str), out_info;
  GstBuffer *in = random_frame (&in_info, 31 + __i__);
  GstBuffer *dithered = convert ("dither=bayer", caps_str, in, &out_info);
  GstBuffer *rounded = convert (NULL, caps_str, in, &out_info);
  RefColor color = ref_color_of (&out_info);

  /* input of more than 10 bits is read at its top 10, truncated: a
   * quarter of a code more */
  gdouble tolerance = GST_VIDEO_INFO_COMP_DEPTH (&in_info, 0) > 10 ? 1.25 : 1.0;
  RefI420 *ref = reference_of_output (&in_info, in, &out_info, &color);
  GstVideoFrame frame;
  gdouble error;

  fail_if (buffer_checksum (dithered) == buffer_checksum (rounded),
      "%s: bayer made what rounding makes", caps_str);
  fail_unless (gst_video_frame_map (&frame, &out_info, dithered, GST_MAP_READ));
  error = ref_max_error (&frame, ref);
  fail_unless (error < tolerance, "%s: %.3f from the reference", caps_str,
      error);
  gst_video_frame_unmap (&frame);
  ref_i420_free (ref);
  gst_buffer_unref (dithered);
  gst_buffer_unref (rounded);
  gst_buffer_unref (in);
  g_free (caps_str);
}

GST_END_TEST;

/* No depth to reduce: the same bytes either way. */
GST_START_TEST (test_not_dithered)
{
  static const struct
  {
    const gchar *format;
    const gchar *downstream;
  } cases[] = {
    {"I420", "video/x-raw,format=I420"},
    {"Y444", "video/x-raw,format=I420"},
    {"RGBA", "video/x-raw,format=I420"},
    {"GRAY16_LE", "video/x-raw,format=I420"},
    {"I422_10LE", "video/x-raw,format=I420_10LE"},
    {"RGBA64_LE", "video/x-raw,format=P010_10LE"},
  };
  gchar *caps_str = raw_input_caps (cases[__i__].format, 33, 17, NULL);
  GstVideoInfo in_info = video_info_from_string (caps_str);
  GstBuffer *in = random_frame (&in_info, 5), *out[2];
  guint d;

  for (d = 0; d < 2; d++) {
    GstHarness *h = new_converter_harness (d ? "dither=bayer" : NULL, NULL);

    gst_harness_set_sink_caps_str (h, cases[__i__].downstream);
    gst_harness_set_src_caps_str (h, caps_str);
    out[d] = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    fail_unless (out[d] != NULL);
    gst_harness_teardown (h);
  }
  fail_unless (buffer_checksum (out[0]) == buffer_checksum (out[1]),
      "%s to %s: dithered", caps_str, cases[__i__].downstream);
  gst_buffer_unref (out[0]);
  gst_buffer_unref (out[1]);
  gst_buffer_unref (in);
  g_free (caps_str);
}

GST_END_TEST;

/* Set while playing: the next frame is dithered, as a new element's. */
GST_START_TEST (test_change_while_playing)
{
  gchar *caps_str = raw_input_caps ("I422_10LE", 40, 24, NULL);
  GstVideoInfo in_info = video_info_from_string (caps_str), out_info;
  GstBuffer *in = random_frame (&in_info, 9), *before, *after, *fresh;
  GstHarness *h = new_converter_harness (NULL, NULL);

  gst_harness_set_sink_caps_str (h, "video/x-raw,format=I420");
  gst_harness_set_src_caps_str (h, caps_str);
  before = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  g_object_set (h->element, "dither", GST_VIDEO_DITHER_BAYER, NULL);
  after = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fresh = convert ("dither=bayer", caps_str, in, &out_info);
  fail_unless (before != NULL && after != NULL);
  fail_if (buffer_checksum (before) == buffer_checksum (after));
  fail_unless (buffer_checksum (after) == buffer_checksum (fresh));
  gst_buffer_unref (before);
  gst_buffer_unref (after);
  gst_buffer_unref (fresh);
  gst_buffer_unref (in);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
dither_suite (void)
{
  Suite *s = suite_create ("dither");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_property);
  tcase_add_loop_test (tc, test_flat_fraction, 0, 4);
  tcase_add_loop_test (tc, test_random_within_one, 0, 12);
  tcase_add_loop_test (tc, test_not_dithered, 0, 6);
  tcase_add_test (tc, test_change_while_playing);
  return s;
}

GST_CHECK_MAIN (dither);
