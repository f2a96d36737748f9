/* pooledconvert tests
 * Helpers the pixel suites share; see pixelcheck.h.
 */

#include <gst/check/gstcheck.h>

#include <math.h>
#include <string.h>

#include "convert/convert.h"
#include "pixelcheck.h"
#include "reference-formats.h"
#include "reference-siting.h"
#include "testutil.h"

/* Random bytes everywhere (padding too), then valid samples. */
static void
fill_frame (GstBuffer * buffer, const GstVideoInfo * info, guint32 seed)
{
  GstVideoFrame frame;
  GstMapInfo map;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  ref_fill_random (map.data, map.size, seed);
  gst_buffer_unmap (buffer, &map);
  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  ref_make_valid (&frame);
  gst_video_frame_unmap (&frame);
}

GstBuffer *
random_frame (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (info), NULL);

  fill_frame (buffer, info, seed);
  return buffer;
}

/* The bytes one row of @plane holds: every component in it, whole pixels
 * (a packed 4:2:2 row ends with a whole macropixel). */
gsize
row_bytes_of_plane (const GstVideoInfo * info, guint plane)
{
  gsize bytes = 0;
  guint c;

  /* v210's and GRAY10_LE32's format info have no pixel stride: six
   * pixels in 16 bytes, three in 4 */
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_v210)
    return (GST_VIDEO_INFO_WIDTH (info) + 5) / 6 * 16;
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_GRAY10_LE32)
    return (GST_VIDEO_INFO_WIDTH (info) + 2) / 3 * 4;
  for (c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      bytes = MAX (bytes, (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, c) *
          GST_VIDEO_INFO_COMP_PSTRIDE (info, c));
  return bytes;
}

GstBuffer *
padded_frame (const GstVideoInfo * info, gsize start, gint pad, guint32 seed)
{
  guint n_planes = GST_VIDEO_INFO_N_PLANES (info);
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, };
  gint strides[GST_VIDEO_MAX_PLANES] = { 0, };
  gsize position = start;
  GstBuffer *buffer;
  gint plane;

  for (plane = n_planes - 1; plane >= 0; plane--) {
    strides[plane] = row_bytes_of_plane (info, plane) + pad * (1 + plane);
    offsets[plane] = position;
    position += (gsize) strides[plane] *
        GST_VIDEO_INFO_COMP_HEIGHT (info, plane) + start;
  }

  buffer = gst_buffer_new_allocate (NULL, position, NULL);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), n_planes, offsets, strides);
  fill_frame (buffer, info, seed);
  return buffer;
}

/* The format reference makes centred chroma, which 4:2:2 and 4:2:0 input
 * keep horizontally as they are; co-sited rows, full-resolution chroma
 * co-sited across columns and YUV matrix changes have their own
 * (reference-siting.c, three-component input of 8 or 10 bits). */
static gboolean
needs_siting_reference (const GstVideoInfo * in_info,
    const GstVideoInfo * out_info)
{
  GstVideoChromaSite site = GST_VIDEO_INFO_CHROMA_SITE (out_info);
  gboolean full_width = GST_VIDEO_INFO_N_COMPONENTS (in_info) >= 3 &&
      GST_VIDEO_FORMAT_INFO_W_SUB (in_info->finfo, 1) == 0;

  if (GST_VIDEO_INFO_N_COMPONENTS (in_info) < 3)
    return FALSE;
  return (site & GST_VIDEO_CHROMA_SITE_V_COSITED) ||
      ((site & GST_VIDEO_CHROMA_SITE_H_COSITED) && full_width) ||
      (GST_VIDEO_INFO_IS_YUV (in_info) &&
      !ref_keeps_yuv_values (in_info, out_info));
}

void
check_against_reference (const GstVideoInfo * out_info, GstBuffer * out,
    RefI420 * ref, gboolean exact, const gchar * what)
{
  GstVideoFrame out_frame;
  gchar *worst;

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

RefI420 *
reference_of_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, const RefColor * color)
{
  GstVideoFrame in_frame;
  RefI420 *ref;

  fail_unless (gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ),
      "cannot map the input");
  if (needs_siting_reference (in_info, out_info))
    ref = ref_sited_i420 (&in_frame, out_info);
  else
    ref = ref_expected_i420 (&in_frame, color);
  gst_video_frame_unmap (&in_frame);
  return ref;
}

void
check_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const RefColor * color,
    gboolean exact, const gchar * what)
{
  check_against_reference (out_info, out, reference_of_output (in_info, in,
          out_info, color), exact, what);
}

RefI420 *
sited_reference_of_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info)
{
  GstVideoFrame in_frame;
  RefI420 *ref;

  fail_unless (gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ));
  if (GST_VIDEO_INFO_IS_GRAY (in_info)) {
    /* the luma from one range to the other, rounded once */
    RefColor out_range = ref_color (REF_BT601,
        out_info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);

    ref = ref_expected_i420_from_range (&in_frame, &out_range,
        in_info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255);
  } else {
    ref = ref_sited_i420 (&in_frame, out_info);
  }
  gst_video_frame_unmap (&in_frame);
  return ref;
}

/* Whether every frame of @in_info takes a fused walk (the route's
 * choice, not the walk's output). */
static gboolean
takes_fused_walks (const GstVideoInfo * in_info, const GstVideoInfo * out_info)
{
  PcRouteRequest request;
  PcRoute route;

  pc_route_request_init (&request, in_info, out_info);
  return pc_convert_route (&request, &route, NULL) &&
      route.progressive == PC_STRATEGY_FUSED &&
      (!GST_VIDEO_INFO_IS_INTERLACED (in_info) ||
      route.interlaced == PC_STRATEGY_FUSED);
}

gboolean
yuv_rounds_exactly (const GstVideoInfo * in_info, const GstVideoInfo * out_info)
{
  /* the general walk reads 12 and 16 bits as their top 10 (its working
   * rows are 16 bits): within one step of the reference, as with a
   * matrix; the fused walks round every depth once */
  return ref_keeps_yuv_values (in_info, out_info) &&
      (GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) <= 10 ||
      takes_fused_walks (in_info, out_info)) &&
      ref_format_rounds_exactly (GST_VIDEO_INFO_FORMAT (in_info));
}

gboolean
output_rounds_exactly (const GstVideoInfo * in_info,
    const GstVideoInfo * out_info)
{
  return GST_VIDEO_INFO_IS_GRAY (in_info) ||
      yuv_rounds_exactly (in_info, out_info);
}

void
check_sited_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const gchar * what)
{
  gboolean exact = output_rounds_exactly (in_info, out_info);

  check_against_reference (out_info, out, sited_reference_of_output (in_info,
          in, out_info), exact, what);
}

/* The largest |sample - expected| of one plane of samples @pixel_stride
 * bytes apart; where, in *@worst_x, *@worst_y; and in *@misrounded the
 * samples that are not the expected value rounded half up. */
static gdouble
plane_error (const guint8 * data, gint stride, gint pixel_stride,
    gint width, gint height, const gdouble * expected, gint * worst_x,
    gint * worst_y, guint * misrounded)
{
  gdouble largest = -1.0;
  gint x, y;

  *misrounded = 0;
  for (y = 0; y < height; y++)
    for (x = 0; x < width; x++) {
      guint8 sample = data[(gsize) y * stride + x * pixel_stride];
      gdouble want = expected[(gsize) y * width + x];
      gdouble error = fabs (sample - want);

      if (sample != (guint8) floor (want + 0.5))
        (*misrounded)++;
      if (error > largest) {
        largest = error;
        *worst_x = x;
        *worst_y = y;
      }
    }
  return largest;
}

void
check_nv12_against_reference (const GstVideoInfo * out_info, GstBuffer * out,
    RefI420 * ref, gboolean exact, const gchar * what)
{
  gint cw = (ref->width + 1) / 2, ch = (ref->height + 1) / 2;
  const gdouble *planes[3] = { ref->y, ref->u, ref->v };
  GstVideoFrame frame;
  guint c;

  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (out_info),
      GST_VIDEO_FORMAT_NV12);
  fail_unless (gst_video_frame_map (&frame, out_info, out, GST_MAP_READ),
      "%s: cannot map the output", what);
  /* Y, then the U and the V bytes of the interleaved plane */
  for (c = 0; c < 3; c++) {
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&frame, c > 0);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&frame, c > 0);
    gint x = 0, y = 0;
    guint misrounded;
    gdouble error;

    if (c == 0)
      error = plane_error (data, stride, 1, ref->width, ref->height,
          planes[c], &x, &y, &misrounded);
    else
      error = plane_error (data + (c - 1), stride, 2, cw, ch, planes[c],
          &x, &y, &misrounded);
    fail_unless (error <= 1.0, "%s: component %u (%d, %d) off by %.3f", what,
        c, x, y, error);
    fail_unless (!exact || misrounded == 0, "%s: component %u: %u samples "
        "misrounded, worst (%d, %d) off by %.3f", what, c, misrounded, x, y,
        error);
  }
  gst_video_frame_unmap (&frame);
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
  out_info = harness_output_info (h);
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

/* An NV12 output buffer whose chroma rows all start at odd addresses (the
 * luma plane starts at one too), described by a video meta. */
static GstBuffer *
odd_nv12_buffer (const GstVideoInfo * info)
{
  gint width = GST_VIDEO_INFO_WIDTH (info);
  gint height = GST_VIDEO_INFO_HEIGHT (info);
  gint strides[GST_VIDEO_MAX_PLANES] = { width + 3,
    2 * ((width + 1) / 2) + 2
  };
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 1, 0 };
  GstBuffer *buffer;

  offsets[1] = offsets[0] + (gsize) strides[0] * height + 2;
  buffer = gst_buffer_new_allocate (NULL, offsets[1] + (gsize) strides[1] *
      ((height + 1) / 2), NULL);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_FORMAT_NV12, width, height, 2, offsets, strides);
  return buffer;
}

void
check_plan_in_bands (GstVideoFormat format, gint width, gint height,
    guint band_rows)
{
  check_plan_in_bands_to (format, GST_VIDEO_FORMAT_I420, width, height,
      band_rows, FALSE);
}

void
check_plan_in_bands_to (GstVideoFormat format, GstVideoFormat out_format,
    gint width, gint height, guint band_rows, gboolean odd_rows)
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
  gst_video_info_set_format (&out_info, out_format, width, height);
  out_info.colorimetry = ref_colorimetry (REF_BT709, FALSE);
  /* YUV keeps its values when its matrix and range are the output's;
   * grey is converted only then */
  if (GST_VIDEO_INFO_IS_YUV (&in_info) || GST_VIDEO_INFO_IS_GRAY (&in_info))
    in_info.colorimetry = out_info.colorimetry;
  in = random_frame (&in_info, width * 131 + height);
  out = odd_rows ? odd_nv12_buffer (&out_info) :
      gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&out_info), NULL);
  fail_unless (gst_buffer_map (out, &map, GST_MAP_WRITE));
  memset (map.data, 0x5a, map.size);
  gst_buffer_unmap (out, &map);

  fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info));
  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out_frame, &out_info, out, GST_MAP_WRITE));
  for (first = ((height - 1) / band_rows) * band_rows; first >= 0;
      first -= band_rows)
    pc_convert_plan_run_rows (&plan, &in_frame, &out_frame, first,
        MIN ((gint) band_rows, height - first), &plan.scratch);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  pc_convert_plan_clear (&plan);

  what = g_strdup_printf ("%s %dx%d to %s%s in bands of %u rows (%s kernels)",
      gst_video_format_to_string (format), width, height,
      gst_video_format_to_string (out_format), odd_rows ? " at odd addresses"
      : "", band_rows, pc_dsp_default ()->name);
  if (out_format == GST_VIDEO_FORMAT_NV12)
    check_nv12_against_reference (&out_info, out, reference_of_output
        (&in_info, in, &out_info, &color), ref_format_rounds_exactly (format),
        what);
  else
    check_output (&in_info, in, &out_info, out, &color,
        ref_format_rounds_exactly (format), what);
  g_free (what);
  gst_buffer_unref (in);
  gst_buffer_unref (out);
}

void
check_teed_pipeline (const gchar * input, const gchar * output, guint frames,
    const RefColor * color, gboolean exact, GstVideoInfo * out_info)
{
  gchar *launch = g_strdup_printf ("videotestsrc num-buffers=%u pattern=snow "
      "! %s ! tee name=t t. ! queue ! appsink name=in sync=false "
      "t. ! queue ! pooledconvert ! %s ! appsink name=out sync=false", frames,
      input, output);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *in_sink, *out_sink;
  GstBus *bus;
  GstMessage *msg;
  guint i;

  fail_unless (pipeline != NULL, "%s", launch);
  in_sink = gst_bin_get_by_name (GST_BIN (pipeline), "in");
  out_sink = gst_bin_get_by_name (GST_BIN (pipeline), "out");
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  for (i = 0; i < frames; i++) {
    GstSample *in = pull_sample (in_sink), *out = pull_sample (out_sink);
    GstVideoInfo in_info;
    gchar *what = g_strdup_printf ("%s -> %s, frame %u", input, output, i);

    fail_unless (gst_video_info_from_caps (&in_info, gst_sample_get_caps (in)));
    fail_unless (gst_video_info_from_caps (out_info,
            gst_sample_get_caps (out)));
    check_output (&in_info, gst_sample_get_buffer (in), out_info,
        gst_sample_get_buffer (out), color, exact, what);
    gst_sample_unref (in);
    gst_sample_unref (out);
    g_free (what);
  }

  bus = gst_element_get_bus (pipeline);
  msg = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no EOS", launch);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_object_unref (bus);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (in_sink);
  gst_object_unref (out_sink);
  gst_object_unref (pipeline);
  g_free (launch);
}

void
check_pool_steady (GstHarness * h, const GstVideoInfo * in_info,
    const GstVideoInfo * out_info, guint n)
{
  gsize size = GST_VIDEO_INFO_SIZE (out_info);
  Stats before, after;
  guint i;

  read_stats (h->element, &before);
  for (i = 0; i < n; i++) {
    GstBuffer *out = gst_harness_push_and_pull (h, random_frame (in_info, i));

    fail_unless (out != NULL, "frame %u: no output", i);
    fail_unless (gst_buffer_get_size (out) >= size);
    gst_buffer_unref (out);
  }
  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.allocated, before.allocated);
  fail_unless_equals_uint64 (after.reused, before.reused + n);
  fail_unless_equals_uint64 (after.temporary, before.temporary);
  fail_unless (after.bytes_held <= after.held * (size + 4096),
      "%" G_GUINT64_FORMAT " bytes held in %" G_GUINT64_FORMAT " buffers",
      after.bytes_held, after.held);
}
