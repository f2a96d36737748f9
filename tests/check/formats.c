/* pooledconvert tests
 * Every input format to I420 against the double-precision reference of
 * reference-formats.c: odd and even sizes, input strides and offsets from
 * a video meta, every output matrix for RGB, byte orders that must give
 * RGBA's output to the bit, a gst_parse_launch pipeline per format, and
 * caps the element cannot meet failing on the upstream link.
 *
 * YUV and grey input must round exactly (each sample is a mean of 8- or
 * 10-bit samples rounded once); RGB input may be off by one step.
 *
 * Environment: PC_TEST_REDUCED (set by the sanitizer stages of CI for the
 * suite's forced kernel tiers) leaves out the largest size, whose
 * reference is nearly all of the suite's time.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>

#include "convert/convert.h"
#include "pixelcheck.h"
#include "reference-formats.h"
#include "testutil.h"

typedef struct
{
  gint width;
  gint height;
} Size;

static const Size sizes[] = {
  {1, 1}, {1, 2}, {2, 1}, {2, 2}, {3, 3}, {17, 9}, {9, 17}, {64, 48},
  {641, 481},
};

static GstVideoFormat
format_at (guint i)
{
  return gst_video_format_from_string (ref_input_formats ()[i]);
}

static guint
n_formats (void)
{
  return g_strv_length ((gchar **) ref_input_formats ());
}

static GstVideoInfo
info_of (GstVideoFormat format, gint width, gint height)
{
  GstVideoInfo info;

  fail_unless (gst_video_info_set_format (&info, format, width, height));
  GST_VIDEO_INFO_FPS_N (&info) = 30;
  GST_VIDEO_INFO_FPS_D (&info) = 1;
  return info;
}

/* YUV and grey are only resampled: exact; RGB within one step. */
static gboolean
is_exact (const GstVideoInfo * info)
{
  return ref_format_rounds_exactly (GST_VIDEO_INFO_FORMAT (info));
}

static GstHarness *
harness_for (const GstVideoInfo * in_info, const gchar * sink_caps)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstCaps *caps = gst_video_info_to_caps (in_info);

  /* I420 unless said: a 10-bit format is chosen for deep input where
   * downstream takes one (tests/check/deep.c) */
  gst_harness_set_sink_caps_str (h, sink_caps != NULL ? sink_caps :
      "video/x-raw,format=I420");
  gst_harness_set_src_caps (h, caps);
  return h;
}

/* ---- every format, every size, default and padded layouts ---------------- */

GST_START_TEST (test_format_sizes)
{
  GstVideoFormat format = format_at (__i__);
  guint n_sizes = G_N_ELEMENTS (sizes) - (sweeps_sampled ()? 1 : 0);
  guint s;

  for (s = 0; s < n_sizes; s++) {
    GstVideoInfo info = info_of (format, sizes[s].width, sizes[s].height);
    /* what GStreamer assumes for I420 of this size (RGB input) */
    RefColor color = ref_color (sizes[s].height > 576 ? REF_BT709 :
        REF_BT601, FALSE);
    GstHarness *h = harness_for (&info, NULL);
    guint f;

    for (f = 0; f < 2; f++) {
      gchar *what = g_strdup_printf ("%s %dx%d frame %u",
          gst_video_format_to_string (format), sizes[s].width,
          sizes[s].height, f);

      gst_buffer_unref (push_and_check (h, &info, random_frame (&info,
                  100 * s + f + 1), &color, is_exact (&info), what));
      g_free (what);
    }
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

GST_START_TEST (test_format_strides)
{
  static const Size strided_sizes[] = { {1, 1}, {3, 3}, {17, 9}, {64, 48} };
  GstVideoFormat format = format_at (__i__);
  RefColor color = ref_color (REF_BT601, FALSE);
  guint s, f;

  for (s = 0; s < G_N_ELEMENTS (strided_sizes); s++) {
    GstVideoInfo info = info_of (format, strided_sizes[s].width,
        strided_sizes[s].height);
    GstHarness *h = harness_for (&info, NULL);

    for (f = 0; f < 3; f++) {
      gchar *what = g_strdup_printf ("%s %dx%d, planes at +%u, strides "
          "padded by %u", gst_video_format_to_string (format),
          strided_sizes[s].width, strided_sizes[s].height, 3 + f, 1 + 2 * f);

      gst_buffer_unref (push_and_check (h, &info, padded_frame (&info, 3 + f,
                  1 + 2 * f, 200 + s + f), &color, is_exact (&info), what));
      g_free (what);
    }
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* A packed 4:2:2 row of odd width ends with a whole macropixel: a video
 * meta whose stride stops after the last luma sample (2 * width) leaves no
 * room for the last V (or U) byte, and must be refused, not read past. */
GST_START_TEST (test_packed_422_stride_covers_macropixel)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_YUY2,
    GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_YVYU
  };
  RefColor color = ref_color (REF_BT601, FALSE);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstVideoInfo info = info_of (formats[i], 17, 9);
    GstHarness *h = harness_for (&info, NULL);
    gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, };
    gint strides[GST_VIDEO_MAX_PLANES] = { 2 * 17, };
    GstBuffer *tight = gst_buffer_new_allocate (NULL, 2 * 17 * 9, NULL);
    GstBuffer *whole;

    gst_buffer_add_video_meta_full (tight, GST_VIDEO_FRAME_FLAG_NONE,
        formats[i], 17, 9, 1, offsets, strides);
    fail_unless_equals_int (gst_harness_push (h, tight), GST_FLOW_ERROR);

    /* one more byte per row than the 9 macropixels need is fine */
    gst_harness_teardown (h);
    h = harness_for (&info, NULL);
    whole = padded_frame (&info, 0, 1, 77);
    fail_unless_equals_int (gst_buffer_get_video_meta (whole)->stride[0],
        4 * 9 + 1);
    gst_buffer_unref (push_and_check (h, &info, whole, &color, TRUE,
            gst_video_format_to_string (formats[i])));
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* New caps mid-stream, from one layout to another of a different size:
 * each change builds a new plan, and the frames after it follow it. */
GST_START_TEST (test_format_changes)
{
  static const struct
  {
    GstVideoFormat format;
    gint width, height;
  } steps[] = {
    {GST_VIDEO_FORMAT_NV12, 33, 17}, {GST_VIDEO_FORMAT_YUY2, 64, 9},
    {GST_VIDEO_FORMAT_BGR, 17, 33}, {GST_VIDEO_FORMAT_P010_10LE, 3, 5},
    {GST_VIDEO_FORMAT_ARGB, 130, 2}, {GST_VIDEO_FORMAT_Y444_10LE, 31, 7},
    {GST_VIDEO_FORMAT_NV12, 33, 17},
  };
  RefColor color = ref_color (REF_BT601, FALSE);
  GstHarness *h = gst_harness_new ("pooledconvert");
  guint i, f;

  gst_harness_set_sink_caps_str (h, "video/x-raw,format=I420");
  for (i = 0; i < G_N_ELEMENTS (steps); i++) {
    GstVideoInfo info = info_of (steps[i].format, steps[i].width,
        steps[i].height);
    GstCaps *caps = gst_video_info_to_caps (&info);

    gst_harness_set_src_caps (h, caps);
    for (f = 0; f < 2; f++) {
      gchar *what = g_strdup_printf ("step %u: %s %dx%d frame %u", i,
          gst_video_format_to_string (steps[i].format), steps[i].width,
          steps[i].height, f);

      gst_buffer_unref (push_and_check (h, &info, random_frame (&info,
                  700 + 10 * i + f), &color, is_exact (&info), what));
      g_free (what);
    }
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Bands of rows, as worker threads may run the plan. */
GST_START_TEST (test_format_bands)
{
  static const Size band_sizes[] = { {1, 1}, {3, 5}, {17, 9}, {66, 48},
  {129, 7}
  };
  guint i, band_rows;

  for (i = 0; i < G_N_ELEMENTS (band_sizes); i++)
    for (band_rows = 2; band_rows <= 6; band_rows += 2)
      check_plan_in_bands (format_at (__i__), band_sizes[i].width,
          band_sizes[i].height, band_rows);
}

GST_END_TEST;

/* ---- RGB: every matrix, and byte orders identical to RGBA ---------------- */

static GstVideoFormat
rgb_format (guint i)
{
  const gchar *const *formats = pc_convert_formats (PC_FORMATS_RGB);

  return gst_video_format_from_string (formats[i]);
}

GST_START_TEST (test_rgb_matrices)
{
  static const RefMatrix matrices[] = { REF_BT601, REF_BT709, REF_BT2020 };
  guint i, full;

  for (i = 0; pc_convert_formats (PC_FORMATS_RGB)[i] != NULL; i++) {
    GstVideoFormat format = rgb_format (i);

    for (full = 0; full < 2; full++) {
      RefMatrix matrix = matrices[(i + full) % G_N_ELEMENTS (matrices)];
      gchar *colorimetry = ref_colorimetry_string (matrix, full);
      gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
          "colorimetry=%s", colorimetry);
      RefColor color = ref_color (matrix, full);
      GstVideoInfo info = info_of (format, 33, 7);
      GstHarness *h = harness_for (&info, sink_caps);
      gchar *what = g_strdup_printf ("%s 33x7 -> %s",
          gst_video_format_to_string (format), colorimetry);

      gst_buffer_unref (push_and_check (h, &info, random_frame (&info, 300 + i),
              &color, is_exact (&info), what));
      gst_harness_teardown (h);
      g_free (what);
      g_free (sink_caps);
      g_free (colorimetry);
    }
  }
}

GST_END_TEST;

/* Byte @c (0 = R, 1 = G, 2 = B, 3 = alpha or padding) of a pixel of
 * @format, from the format's name: the letters name the bytes in order. */
static guint
byte_of_channel (GstVideoFormat format, guint c)
{
  const gchar *name = gst_video_format_to_string (format);
  const gchar *letter = strchr (name, "RGB"[MIN (c, 2)]);

  if (c < 3)
    return letter - name;
  letter = strpbrk (name, "Ax");
  return letter ? letter - name : 3;
}

static GstBuffer *
convert_one (const GstVideoInfo * info, GstBuffer * in)
{
  GstHarness *h = harness_for (info, NULL);
  GstBuffer *out = gst_harness_push_and_pull (h, in);

  fail_unless (out != NULL);
  gst_harness_teardown (h);
  return out;
}

static void
assert_same_i420 (GstBuffer * a, GstBuffer * b, const GstVideoInfo * info,
    const gchar * what)
{
  GstVideoInfo i420 = info_of (GST_VIDEO_FORMAT_I420,
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info));
  GstVideoFrame fa, fb;
  guint plane;
  gint y;

  fail_unless (gst_video_frame_map (&fa, &i420, a, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fb, &i420, b, GST_MAP_READ));
  for (plane = 0; plane < 3; plane++) {
    for (y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&fa, plane); y++)
      fail_unless (memcmp ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fa, plane) +
              y * GST_VIDEO_FRAME_PLANE_STRIDE (&fa, plane),
              (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fb, plane) +
              y * GST_VIDEO_FRAME_PLANE_STRIDE (&fb, plane),
              GST_VIDEO_FRAME_COMP_WIDTH (&fa, plane)) == 0,
          "%s: plane %u row %d differs from RGBA's", what, plane, y);
  }
  gst_video_frame_unmap (&fa);
  gst_video_frame_unmap (&fb);
}

/* The same pixels in RGBA and in each other packed 8-bit order: the same
 * I420, byte for byte, whatever alpha or padding holds.  (Planar and 16-bit
 * RGB take the general walk's matrix, within one step:
 * test_rgb_matrices.) */
GST_START_TEST (test_rgb_orders_match_rgba)
{
  static const Size order_sizes[] = { {1, 1}, {3, 2}, {17, 9}, {130, 5} };
  guint i, s;

  for (s = 0; s < G_N_ELEMENTS (order_sizes); s++) {
    gint w = order_sizes[s].width, h = order_sizes[s].height;
    GstVideoInfo rgba_info = info_of (GST_VIDEO_FORMAT_RGBA, w, h);
    GstBuffer *rgba = random_frame (&rgba_info, 400 + s);
    GstBuffer *expected = convert_one (&rgba_info, gst_buffer_ref (rgba));
    GstVideoFrame src;

    fail_unless (gst_video_frame_map (&src, &rgba_info, rgba, GST_MAP_READ));
    for (i = 0; pc_convert_formats (PC_FORMATS_RGB)[i] != NULL; i++) {
      GstVideoFormat format = rgb_format (i);
      GstVideoInfo info = info_of (format, w, h);
      GstBuffer *in;
      guint pstride = GST_VIDEO_INFO_COMP_PSTRIDE (&info, 0);
      gchar *what = g_strdup_printf ("%s %dx%d",
          gst_video_format_to_string (format), w, h);
      GstVideoFrame dst;
      GstBuffer *out;
      gint x, y;
      guint c;

      if (GST_VIDEO_INFO_N_PLANES (&info) > 1 ||
          GST_VIDEO_INFO_COMP_DEPTH (&info, 0) > 8) {
        g_free (what);
        continue;
      }
      in = random_frame (&info, 500 + i);
      fail_unless (gst_video_frame_map (&dst, &info, in, GST_MAP_WRITE));
      for (y = 0; y < h; y++) {
        const guint8 *s_row = (const guint8 *)
            GST_VIDEO_FRAME_PLANE_DATA (&src, 0) +
            y * GST_VIDEO_FRAME_PLANE_STRIDE (&src, 0);
        guint8 *d_row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&dst, 0) +
            y * GST_VIDEO_FRAME_PLANE_STRIDE (&dst, 0);

        for (x = 0; x < w; x++)
          for (c = 0; c < MIN (pstride, 3); c++)
            d_row[x * pstride + byte_of_channel (format, c)] = s_row[4 * x + c];
      }
      gst_video_frame_unmap (&dst);

      out = convert_one (&info, in);
      assert_same_i420 (expected, out, &info, what);
      gst_buffer_unref (out);
      g_free (what);
    }
    gst_video_frame_unmap (&src);
    gst_buffer_unref (expected);
    gst_buffer_unref (rgba);
  }
}

GST_END_TEST;

/* ---- pipelines ----------------------------------------------------------- */

/* videotestsrc in each format, teed: one branch keeps the input frame,
 * the other converts it; the element is picked by gst_parse_launch. */
GST_START_TEST (test_format_pipeline)
{
  const gchar *name = ref_input_formats ()[__i__];
  gchar *input = g_strdup_printf ("video/x-raw,format=%s,width=45,height=31,"
      "framerate=30/1", name);
  RefColor color = ref_color (REF_BT601, FALSE);
  GstVideoInfo out_info;

  check_teed_pipeline (input, "video/x-raw,format=I420", 2, &color,
      ref_format_rounds_exactly (gst_video_format_from_string (name)),
      &out_info);
  g_free (input);
}

GST_END_TEST;

/* ---- caps ---------------------------------------------------------------- */

/* The pad template, the format table and the reference list the same
 * formats: a format added to one and not the others fails here. */
GST_START_TEST (test_caps_list_every_format)
{
  GstElement *element = gst_element_factory_make ("pooledconvert", NULL);
  GstPad *sink = gst_element_get_static_pad (element, "sink");
  GstCaps *template = gst_pad_get_pad_template_caps (sink);
  const gchar *const *reference = ref_input_formats ();
  const gchar *const *table = pc_convert_formats (PC_FORMATS_ALL);
  const GValue *list =
      gst_structure_get_value (gst_caps_get_structure (template, 0), "format");
  guint i;

  fail_unless_equals_int (gst_value_list_get_size (list),
      g_strv_length ((gchar **) reference));
  fail_unless_equals_int (g_strv_length ((gchar **) table),
      g_strv_length ((gchar **) reference));
  for (i = 0; i < gst_value_list_get_size (list); i++) {
    const gchar *name = g_value_get_string (gst_value_list_get_value (list, i));

    fail_unless (g_strv_contains (reference, name), "%s not in the reference",
        name);
    fail_unless (g_strv_contains (table, name), "%s not in the table", name);
  }

  gst_caps_unref (template);
  gst_object_unref (sink);
  gst_object_unref (element);
}

GST_END_TEST;

/* ---- caps the element cannot meet ---------------------------------------- */

/* A format it does not take and fields in separate buffers, behind a
 * capsfilter:
 * the link that fails is the one into the element, and the error says so. */
GST_START_TEST (test_unsupported_fails_upstream_link)
{
  static const gchar *inputs[] = {
    "video/x-raw,format=YUV9",
    "video/x-raw,format=I420,interlace-mode=alternate",
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
    gchar *launch = g_strdup_printf ("videotestsrc name=src ! %s "
        "! pooledconvert name=convert ! fakesink name=sink", inputs[i]);
    GError *error = NULL;
    GstElement *pipeline = gst_parse_launch (launch, &error);

    fail_unless (error != NULL, "%s: linked", inputs[i]);
    fail_unless (g_error_matches (error, GST_PARSE_ERROR,
            GST_PARSE_ERROR_LINK), "%s: %s", inputs[i], error->message);
    fail_unless (strstr (error->message, "src to convert") != NULL,
        "%s: the error names another link: %s", inputs[i], error->message);
    g_clear_error (&error);
    if (pipeline != NULL)
      gst_object_unref (pipeline);
    g_free (launch);
  }
}

GST_END_TEST;

/* Caps that arrive at run time (appsrc links before it has caps): the
 * stream fails not-negotiated, and the pooledconvert log at WARNING names
 * the caps and what the element takes. */
static void
check_refused_at_run_time (const gchar * input, const gchar * expected)
{
  gchar *launch = g_strdup_printf ("appsrc name=src caps=\"%s\" format=time "
      "! pooledconvert ! fakesink", input);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *src;
  gchar **lines, *warnings;
  GstBuffer *buffer;
  GstFlowReturn flow;

  fail_unless (pipeline != NULL, "%s", launch);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  element_log_start (GST_LEVEL_WARNING);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  buffer = gst_buffer_new_allocate (NULL, 64 * 48 * 4, NULL);
  g_signal_emit_by_name (src, "push-buffer", buffer, &flow);
  gst_buffer_unref (buffer);
  /* the streaming thread meets the caps and gives up */
  gst_message_unref (wait_for_error (pipeline, 10));

  /* no thread logs any more once the pipeline is down */
  gst_element_set_state (pipeline, GST_STATE_NULL);
  element_log_stop ();
  lines = element_log_lines (GST_LEVEL_WARNING);
  warnings = g_strjoinv ("\n", lines);
  fail_unless (strstr (warnings, "cannot convert") != NULL &&
      strstr (warnings, expected) != NULL,
      "%s: the warnings do not say \"%s\": %s", launch, expected, warnings);

  gst_object_unref (src);
  gst_object_unref (pipeline);
  g_free (warnings);
  g_strfreev (lines);
  g_free (launch);
}

GST_START_TEST (test_unsupported_warns_at_run_time)
{
  /* not a format it converts: the warning lists the ones it does */
  check_refused_at_run_time ("video/x-raw,format=YUV9,width=64,height=48,"
      "framerate=30/1", "P010_10LE");
  check_refused_at_run_time ("video/x-raw,format=NV12,width=64,height=48,"
      "framerate=30/1,interlace-mode=alternate",
      "interlace-mode=(string){ progressive, interleaved, mixed }");
}

GST_END_TEST;

static Suite *
formats_suite (void)
{
  Suite *s = suite_create ("formats");
  TCase *tc_pixels = tcase_create ("pixels");
  TCase *tc_rgb = tcase_create ("rgb");
  TCase *tc_pipeline = tcase_create ("pipeline");
  TCase *tc_caps = tcase_create ("caps");

  suite_add_tcase (s, tc_pixels);
  tcase_add_loop_test (tc_pixels, test_format_sizes, 0, n_formats ());
  tcase_add_loop_test (tc_pixels, test_format_strides, 0, n_formats ());
  tcase_add_loop_test (tc_pixels, test_format_bands, 0, n_formats ());
  tcase_add_test (tc_pixels, test_packed_422_stride_covers_macropixel);
  tcase_add_test (tc_pixels, test_format_changes);

  suite_add_tcase (s, tc_rgb);
  tcase_add_test (tc_rgb, test_rgb_matrices);
  tcase_add_test (tc_rgb, test_rgb_orders_match_rgba);

  suite_add_tcase (s, tc_pipeline);
  tcase_add_loop_test (tc_pipeline, test_format_pipeline, 0, n_formats ());

  suite_add_tcase (s, tc_caps);
  tcase_add_test (tc_caps, test_caps_list_every_format);
  tcase_add_test (tc_caps, test_unsupported_fails_upstream_link);
  tcase_add_test (tc_caps, test_unsupported_warns_at_run_time);

  return s;
}

PC_CHECK_MAIN_PER_VARIANT (formats);
