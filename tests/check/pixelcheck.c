/* pooledconvert tests
 * Helpers the pixel suites share; see pixelcheck.h.
 */

#include <gst/check/gstcheck.h>

#include <string.h>

#include "convert.h"
#include "pixelcheck.h"
#include "reference-formats.h"

void
harness_output_info (GstHarness * h, GstVideoInfo * out_info)
{
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);

  fail_unless (caps != NULL, "no caps on the output");
  fail_unless (gst_video_info_from_caps (out_info, caps));
  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (out_info),
      GST_VIDEO_FORMAT_I420);
  gst_caps_unref (caps);
}

void
check_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const RefColor * color,
    gboolean exact, const gchar * what)
{
  GstVideoFrame in_frame, out_frame;
  RefI420 *ref;
  gchar *worst;

  fail_unless (gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ),
      "%s: cannot map the input", what);
  ref = ref_expected_i420 (&in_frame, color);
  gst_video_frame_unmap (&in_frame);

  fail_unless (gst_video_frame_map (&out_frame, out_info, out, GST_MAP_READ),
      "%s: cannot map the output", what);
  worst = ref_describe_worst (&out_frame, ref);
  if (exact) {
    guint misrounded = ref_count_misrounded (&out_frame, ref);

    fail_unless (misrounded == 0, "%s: %u samples misrounded, worst %s", what,
        misrounded, worst);
  } else {
    gdouble error = ref_max_error (&out_frame, ref);

    fail_unless (error <= 1.0, "%s: max error %.3f at %s", what, error, worst);
  }
  g_free (worst);
  gst_video_frame_unmap (&out_frame);
  ref_i420_free (ref);
}

GstBuffer *
push_and_check (GstHarness * h, const GstVideoInfo * in_info, GstBuffer * in,
    const RefColor * color, gboolean exact, const gchar * what)
{
  GstVideoInfo out_info;
  GstBuffer *out;

  /* the extra ref keeps the very input frame for the reference */
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "%s: no output", what);
  harness_output_info (h, &out_info);
  check_output (in_info, in, &out_info, out, color, exact, what);
  gst_buffer_unref (in);
  return out;
}

GstSample *
pull_sample (GstElement * appsink)
{
  GstSample *sample = NULL;

  g_signal_emit_by_name (appsink, "pull-sample", &sample);
  fail_unless (sample != NULL, "no sample from %s", GST_OBJECT_NAME (appsink));
  return sample;
}

void
check_plan_in_bands (GstVideoFormat format, gint width, gint height,
    guint band_rows)
{
  RefColor color = ref_color (REF_BT709, FALSE);
  GstVideoInfo in_info, out_info;
  GstVideoFrame in_frame, out_frame;
  PcConvertPlan plan = { 0, };
  GstBuffer *in, *out;
  GstMapInfo map;
  gchar *what;
  gint first;

  gst_video_info_set_format (&in_info, format, width, height);
  gst_video_info_set_format (&out_info, GST_VIDEO_FORMAT_I420, width, height);
  out_info.colorimetry = ref_colorimetry (REF_BT709, FALSE);
  in = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&in_info), NULL);
  fail_unless (gst_buffer_map (in, &map, GST_MAP_WRITE));
  ref_fill_random (map.data, map.size, width * 131 + height);
  gst_buffer_unmap (in, &map);
  out = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&out_info), NULL);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_WRITE));
  memset (map.data, 0x5a, map.size);
  gst_buffer_unmap (out, &map);

  fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info));
  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_WRITE));
  ref_make_valid (&in_frame);
  fail_unless (gst_video_frame_map (&out_frame, &out_info, out, GST_MAP_WRITE));
  for (first = ((height - 1) / band_rows) * band_rows; first >= 0;
      first -= band_rows)
    pc_convert_plan_run_rows (&plan, &in_frame, &out_frame, first,
        MIN ((gint) band_rows, height - first), &plan.scratch);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  pc_convert_plan_clear (&plan);

  what = g_strdup_printf ("%s %dx%d in bands of %u rows (%s kernels)",
      gst_video_format_to_string (format), width, height, band_rows,
      pc_kernels_default ()->name);
  check_output (&in_info, in, &out_info, out, &color,
      !ref_format_is_rgb (format), what);
  g_free (what);
  gst_buffer_unref (in);
  gst_buffer_unref (out);
}
