/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Negotiation: what the caps offer and what the plan converts agree.
 *
 * - Input caps that the sink template does not take (fields in separate
 *   buffers, memory other than system memory) and input caps that pass it
 *   but that no plan takes (a siting that names no position, such as dv's
 *   alternate lines) are refused on the sink pad: the accept-caps
 *   query and the caps event fail there, and the element logs one WARNING
 *   per negotiation that says what was asked and why, however often
 *   upstream tries the same caps again.  In a gst_parse_launch pipeline
 *   the link into the element fails, or at run time the stream fails
 *   not-negotiated with that one WARNING.
 * - Downstream that takes none of the output formats is refused on the sink pad
 *   the same way, the WARNING saying so; in a launch line the link out
 *   of the element fails.
 * - For every input the sink template lets in, the source caps offer a
 *   siting and colorimetry exactly when a plan converts to them, and the
 *   sink pad's caps take the input exactly when some plan does.
 * - The plan is logged once per caps, at INFO, in one line that names the
 *   formats, size, walk, sitings, fields, matrix, kernel variant and
 *   threads.
 *
 * Every harness test checks with the leaks tracer that nothing it made
 * outlives its teardown.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include "convert/convert.h"
#include "dsp/dsp.h"
#include "element/outputcaps.h"
#include "testutil.h"

/* ---- the element's log (testutil.h) ---------------------------------------- */

static void
begin_test (void)
{
  assert_nothing_alive ("before the test");
  element_log_start (GST_LEVEL_INFO);
}

/* Tears @h down: nothing it made may outlive it. */
static void
finish_harness (GstHarness * h)
{
  gst_harness_teardown (h);
  element_log_stop ();
  assert_nothing_alive ("after the teardown");
}

/* Fails unless exactly one line at @level starts with @start and it has
 * every one of @words (NULL-terminated). */
static void
assert_logged_once (GstDebugLevel level, const gchar * start,
    const gchar * const *words, const gchar * what)
{
  gchar **lines = element_log_lines (level);
  gchar *all = g_strjoinv ("\n  ", lines);
  const gchar *line = NULL;
  guint i, n = 0;

  for (i = 0; lines[i] != NULL; i++) {
    if (g_str_has_prefix (lines[i], start)) {
      line = lines[i];
      n++;
    }
  }
  fail_unless (n == 1, "%s: %u lines \"%s...\" at %s:\n  %s", what, n,
      start, gst_debug_level_get_name (level), all);
  for (i = 0; words[i] != NULL; i++)
    fail_unless (strstr (line, words[i]) != NULL,
        "%s: the line does not say \"%s\": %s", what, words[i], line);
  g_free (all);
  g_strfreev (lines);
}

static void
assert_warned (guint n)
{
  gchar **lines = element_log_lines (GST_LEVEL_WARNING);
  gchar *all = g_strjoinv ("\n  ", lines);

  fail_unless (g_strv_length (lines) == n, "%u WARNINGs, not %u:\n  %s",
      g_strv_length (lines), n, all);
  g_free (all);
  g_strfreev (lines);
}

/* ---- refused on the sink pad ---------------------------------------------- */

typedef struct
{
  const gchar *input;
  /* what downstream takes; NULL: anything */
  const gchar *downstream;
  /* what the WARNING must say: the input, what was asked, the reason */
  const gchar *words[4];
} Refusal;

/* Only what names no conversion: fields in separate buffers, memory the
 * element cannot map, and sitings that are no position (dv's alternate
 * lines).  Every siting, matrix, range and interlacing of the formats the
 * sink pad lists converts. */
static const Refusal refusals[] = {
  {"video/x-raw(format:Interlaced),format=Y444_10LE,width=64,height=48,"
        "framerate=30/1,interlace-mode=alternate", NULL,
      {"Y444_10LE", "alternate", "the sink pad takes"}},
  {"video/x-raw(memory:DMABuf),format=I422_10LE,width=64,height=48,"
        "framerate=30/1", NULL,
      {"I422_10LE", "memory:DMABuf", "the sink pad takes"}},
  /* alternate lines (dv): no position to re-site from */
  {"video/x-raw,format=NV12,width=1920,height=1080,framerate=30/1,"
        "chroma-site=dv", "video/x-raw,format=I420,chroma-site=jpeg",
      {"NV12", "jpeg", "input chroma-site is not one the element reads"}},
  {"video/x-raw,format=YUY2,width=64,height=48,framerate=30/1,"
        "chroma-site=dv", "video/x-raw,format=I420,chroma-site=mpeg2",
      {"YUY2", "mpeg2", "input chroma-site is not one the element reads"}},
  {"video/x-raw,format=P010_10LE,width=64,height=48,framerate=30/1,"
        "interlace-mode=interleaved,chroma-site=dv",
        "video/x-raw,format=I420,chroma-site=cosited",
      {"P010_10LE", "cosited", "input chroma-site is not one the element "
              "reads"}},
};

/* Downstream that takes none of the output formats. */
static const Refusal no_output_format[] = {
  {"video/x-raw,format=RGBA,width=64,height=48,framerate=30/1",
        "video/x-raw,format=Y444",
        {"RGBA", "Y444",
          "downstream takes none of I420, NV12, I420_10LE and P010_10LE"}},
  {"video/x-raw,format=NV12,width=64,height=48,framerate=30/1",
        "video/x-raw,format={ YV12, NV21 }",
        {"NV12", "NV21",
          "downstream takes none of I420, NV12, I420_10LE and P010_10LE"}},
};

static GstHarness *
harness_with_downstream (const gchar * downstream, const gchar * properties)
{
  GstHarness *h = new_converter_harness (properties, NULL);

  if (downstream != NULL)
    gst_harness_set_sink_caps_str (h, downstream);
  return h;
}

/* Pushes @caps_str as a caps event and a segment; TRUE when the element's
 * sink pad took the caps (a refused sticky event is still "handled", and
 * the caps of the last negotiation stay). */
static gboolean
push_caps (GstHarness * h, const gchar * caps_str)
{
  GstCaps *caps = gst_caps_from_string (caps_str), *current;
  GstSegment segment;
  gboolean taken;

  fail_unless (caps != NULL, "bad caps in the test: %s", caps_str);
  gst_harness_push_event (h, gst_event_new_caps (caps));
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_harness_push_event (h, gst_event_new_segment (&segment));
  current = gst_pad_get_current_caps (GST_BASE_TRANSFORM_SINK_PAD (h->element));
  taken = current != NULL && gst_caps_is_equal (current, caps);
  gst_clear_caps (&current);
  gst_caps_unref (caps);
  return taken;
}

static GstBuffer *
frame_for (const gchar * caps_str, guint32 seed)
{
  GstVideoInfo info = video_info_from_string (caps_str);

  return random_input_buffer (GST_VIDEO_INFO_SIZE (&info), seed);
}

/* Upstream asks whether the caps are accepted, then sends them, then
 * pushes frames (each push sends the sticky caps again): all on the sink
 * pad, one WARNING. */
static void
check_refused_on_sink_pad (const Refusal * r)
{
  GstCaps *caps = gst_caps_from_string (r->input);
  GstHarness *h;
  guint i;

  begin_test ();
  h = harness_with_downstream (r->downstream, NULL);
  fail_if (gst_pad_query_accept_caps (GST_BASE_TRANSFORM_SINK_PAD
          (h->element), caps), "the sink pad accepts %s", r->input);
  fail_if (push_caps (h, r->input), "the sink pad took %s", r->input);
  for (i = 0; i < 3; i++)
    fail_unless_equals_int (gst_harness_push (h, frame_for (r->input, i)),
        GST_FLOW_NOT_NEGOTIATED);
  fail_unless (gst_harness_try_pull (h) == NULL);
  assert_logged_once (GST_LEVEL_WARNING, "", r->words, r->input);

  gst_caps_unref (caps);
  finish_harness (h);
}

GST_START_TEST (test_refused_on_sink_pad)
{
  check_refused_on_sink_pad (&refusals[__i__]);
}

GST_END_TEST;

GST_START_TEST (test_no_output_format_refused_on_sink_pad)
{
  check_refused_on_sink_pad (&no_output_format[__i__]);
}

GST_END_TEST;

/* In a launch line the link out of the element fails: its source pad
 * offers only I420 and NV12. */
GST_START_TEST (test_no_output_format_fails_link_out)
{
  const Refusal *r = &no_output_format[__i__];
  GError *error = NULL;
  GstElement *pipeline;
  gchar *launch;

  launch = g_strdup_printf ("videotestsrc ! %s ! pooledconvert name=convert "
      "! %s ! fakesink", r->input, r->downstream);
  pipeline = gst_parse_launch (launch, &error);
  fail_unless (error != NULL && error->domain == GST_PARSE_ERROR &&
      error->code == GST_PARSE_ERROR_LINK, "%s: %s", launch,
      error ? error->message : "linked");
  fail_unless (strstr (error->message, "link convert to") != NULL,
      "%s: the error names another link: %s", launch, error->message);
  g_clear_error (&error);
  gst_clear_object (&pipeline);
  g_free (launch);
}

GST_END_TEST;

/* Once per negotiation: refused caps, then caps that convert, then the
 * refused ones again give two WARNINGs. */
GST_START_TEST (test_warned_again_after_a_negotiation)
{
  const Refusal *r = &refusals[2];      /* NV12 dv at 1080 lines to jpeg */
  const gchar *taken =
      "video/x-raw,format=NV12,width=1920,height=1080,framerate=30/1,"
      "chroma-site=jpeg,colorimetry=bt709";
  GstHarness *h;
  GstBuffer *out;

  begin_test ();
  h = harness_with_downstream (r->downstream, NULL);
  fail_if (push_caps (h, r->input));
  fail_unless_equals_int (gst_harness_push (h, frame_for (r->input, 1)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless (push_caps (h, taken), "%s refused", taken);
  fail_unless_equals_int (gst_harness_push (h, frame_for (taken, 2)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  gst_buffer_unref (out);
  fail_if (push_caps (h, r->input));
  fail_unless_equals_int (gst_harness_push (h, frame_for (r->input, 3)),
      GST_FLOW_NOT_NEGOTIATED);

  assert_warned (2);
  finish_harness (h);
}

GST_END_TEST;

/* A restart is a new negotiation too. */
GST_START_TEST (test_warned_again_after_a_restart)
{
  const Refusal *r = &refusals[0];
  GstHarness *h;

  begin_test ();
  h = harness_with_downstream (r->downstream, NULL);
  fail_if (push_caps (h, r->input));
  fail_unless (gst_element_set_state (h->element, GST_STATE_READY) ==
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (gst_element_set_state (h->element, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_SUCCESS);
  fail_if (push_caps (h, r->input));

  assert_warned (2);
  finish_harness (h);
}

GST_END_TEST;

/* ---- refused in a pipeline ------------------------------------------------ */

/* In a launch line, behind a capsfilter, the link that fails is the one
 * into the element (gst_parse_launch links in order: the element's source
 * pad is not linked yet, and its sink pad's caps leave such input out). */
GST_START_TEST (test_refused_fails_link_into_element)
{
  const Refusal *r = &refusals[__i__];
  GError *error = NULL;
  GstElement *pipeline;
  gchar *launch;

  /* refused for what downstream takes: that link is the one that fails */
  if (r->downstream != NULL)
    return;
  launch = g_strdup_printf ("videotestsrc ! %s ! pooledconvert name=convert "
      "! fakesink", r->input);
  pipeline = gst_parse_launch (launch, &error);
  fail_unless (error != NULL && error->domain == GST_PARSE_ERROR &&
      error->code == GST_PARSE_ERROR_LINK, "%s: %s", launch,
      error ? error->message : "linked");
  fail_unless (g_str_has_suffix (error->message, "to convert") ||
      strstr (error->message, "to convert,") != NULL,
      "%s: the error names another link: %s", launch, error->message);
  g_clear_error (&error);
  gst_clear_object (&pipeline);
  g_free (launch);
}

GST_END_TEST;

/* Caps that arrive at run time (appsrc links before it has caps): the
 * stream fails not-negotiated at the element's sink pad, and the log says
 * once what was asked and why. */
GST_START_TEST (test_refused_at_run_time)
{
  const Refusal *r = &refusals[__i__];
  gchar *downstream = g_strdup_printf ("%s !", r->downstream);
  gchar *launch = g_strdup_printf ("appsrc name=src caps=\"%s\" format=time "
      "! pooledconvert name=convert ! %s fakesink", r->input,
      r->downstream ? downstream : "");
  GstElement *pipeline, *src, *convert;
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;
  GstPad *sinkpad;
  guint i;

  begin_test ();
  pipeline = launch_pipeline (launch);
  src = pipeline_element (pipeline, "src");
  convert = pipeline_element (pipeline, "convert");
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  for (i = 0; i < 3; i++) {
    GstFlowReturn flow;
    GstBuffer *buffer = frame_for (r->input, i);

    g_signal_emit_by_name (src, "push-buffer", buffer, &flow);
    gst_buffer_unref (buffer);
  }

  /* appsrc's streaming thread meets the refusal and gives up */
  msg = wait_for_error (pipeline, 10);
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (src));
  fail_unless (debug != NULL && strstr (debug, "not-negotiated") != NULL,
      "%s: %s (%s)", launch, error->message, GST_STR_NULL (debug));
  sinkpad = gst_element_get_static_pad (convert, "sink");
  fail_if (gst_pad_has_current_caps (sinkpad), "the sink pad took the caps");
  gst_object_unref (sinkpad);

  /* no thread logs any more once the pipeline is down */
  gst_element_set_state (pipeline, GST_STATE_NULL);
  element_log_stop ();
  assert_logged_once (GST_LEVEL_WARNING, "", r->words, launch);

  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);
  gst_object_unref (convert);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  assert_nothing_alive ("after the teardown");
  g_free (launch);
  g_free (downstream);
}

GST_END_TEST;

/* ---- the caps offer what the plans make ----------------------------------- */

/* The sitings an output can name; the input's own is tried too. */
static const gchar *const out_sites[] = {
  "jpeg", "mpeg2", "v-cosited", "cosited", NULL
};

typedef struct
{
  GstElement *upstream;         /* a capsfilter with the input caps */
  GstElement *convert;
  GstCaps *sink_caps;           /* what the sink pad takes, downstream open */
  /* the first disagreements, and how many there are */
  GString *failures;
  guint n_failures;
  guint cases;
} Agreement;

/* Notes a disagreement; the first few are kept for the message (check's
 * messages have a size limit). */
static void
disagree (Agreement * a, const gchar * format, ...)
{
  va_list args;

  if (a->n_failures++ >= 12)
    return;
  va_start (args, format);
  g_string_append (a->failures, "\n  ");
  g_string_append_vprintf (a->failures, format, args);
  va_end (args);
}

/* Whether a plan converts @in_info to I420 at @site in @colorimetry. */
static gboolean
plan_converts (const GstVideoInfo * in_info, GstVideoChromaSite site,
    const gchar * colorimetry)
{
  GstVideoInfo out_info;
  PcConvertPlan plan = { 0 };
  gboolean ok;

  fail_unless (gst_video_info_set_interlaced_format (&out_info,
          GST_VIDEO_FORMAT_I420, GST_VIDEO_INFO_INTERLACE_MODE (in_info),
          GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info)));
  GST_VIDEO_INFO_CHROMA_SITE (&out_info) = site;
  fail_unless (gst_video_colorimetry_from_string
      (&GST_VIDEO_INFO_COLORIMETRY (&out_info), colorimetry));
  ok = pc_convert_plan_init (&plan, in_info, &out_info);
  pc_convert_plan_clear (&plan);
  return ok;
}

static void
check_agreement (Agreement * a, const gchar * in_str)
{
  GstCaps *in_caps = gst_caps_from_string (in_str);
  GstVideoInfo in_info;
  GstCaps *offered;
  GstPad *src;
  GstVideoChromaSite sites[G_N_ELEMENTS (out_sites)];
  gchar *colorimetries[2];
  gboolean any_plan = FALSE;
  guint s, c, n_sites = 0;
  gchar *in_site;

  fail_unless (in_caps != NULL && gst_video_info_from_caps (&in_info,
          in_caps), "%s", in_str);
  pc_video_info_read_chroma_site (&in_info, in_caps);
  g_object_set (a->upstream, "caps", in_caps, NULL);
  src = gst_element_get_static_pad (a->convert, "src");
  offered = gst_pad_query_caps (src, NULL);
  gst_object_unref (src);

  in_site = gst_video_chroma_site_to_string (GST_VIDEO_INFO_CHROMA_SITE
      (&in_info));
  for (s = 0; out_sites[s] != NULL; s++)
    sites[n_sites++] = gst_video_chroma_site_from_string (out_sites[s]);
  if (!GST_VIDEO_INFO_IS_RGB (&in_info) && !GST_VIDEO_INFO_IS_GRAY (&in_info)
      && !g_strv_contains (out_sites, GST_STR_NULL (in_site)))
    sites[n_sites++] = GST_VIDEO_INFO_CHROMA_SITE (&in_info);
  /* YUV: the input's, and another matrix; RGB: two YUV matrices */
  if (GST_VIDEO_INFO_IS_RGB (&in_info))
    colorimetries[0] = g_strdup ("bt601");
  else
    colorimetries[0] = gst_video_colorimetry_to_string
        (&GST_VIDEO_INFO_COLORIMETRY (&in_info));
  colorimetries[1] = g_strdup (GST_VIDEO_INFO_COLORIMETRY (&in_info).matrix ==
      GST_VIDEO_COLOR_MATRIX_BT709 ? "bt601" : "bt709");

  for (s = 0; s < n_sites; s++) {
    for (c = 0; c < G_N_ELEMENTS (colorimetries); c++) {
      gchar *site = gst_video_chroma_site_to_string (sites[s]);
      gchar *out_str = g_strdup_printf ("video/x-raw,format=I420,"
          "chroma-site=%s,colorimetry=%s", site, colorimetries[c]);
      GstCaps *out_caps = gst_caps_from_string (out_str);
      gboolean plan = plan_converts (&in_info, sites[s], colorimetries[c]);
      gboolean offer = gst_caps_can_intersect (offered, out_caps);

      a->cases++;
      any_plan |= plan;
      if (plan != offer)
        disagree (a, "%s -> %s: %s", in_str, out_str, plan ?
            "converted, not offered" : "offered, not converted");
      gst_caps_unref (out_caps);
      g_free (out_str);
      g_free (site);
    }
  }
  if (any_plan != gst_caps_can_intersect (a->sink_caps, in_caps))
    disagree (a, "%s: %s", in_str, any_plan ?
        "converted, refused by the sink pad" :
        "taken by the sink pad, never converted");

  g_free (colorimetries[0]);
  g_free (colorimetries[1]);
  g_free (in_site);
  gst_caps_unref (offered);
  gst_caps_unref (in_caps);
}

/* Every input format, progressive and interleaved, at a size where
 * GStreamer's defaults are jpeg and BT.601 and one where they are mpeg2
 * and BT.709, with and without its siting (4:2:0 and 4:2:2) and
 * colorimetry named. */
GST_START_TEST (test_caps_agree_with_plans)
{
  static const gchar *const sizes[] = { "64,height=48", "1280,height=720" };
  static const gchar *const modes[] = { "progressive", "interleaved" };
  static const gchar *const in_sites[] = { NULL, "jpeg", "mpeg2",
    "v-cosited"
  };
  static const gchar *const yuv_colorimetries[] = { NULL, "bt601", "bt709" };
  static const gchar *const rgb_colorimetries[] = { NULL, "sRGB" };
  const gchar *const *formats = pc_convert_formats (PC_FORMATS_ALL);
  GstElement *bin = gst_bin_new (NULL);
  Agreement a = { 0 };
  GstPad *sink;
  guint f, z, m, s, c;

  a.upstream = gst_element_factory_make ("capsfilter", NULL);
  a.convert = gst_element_factory_make ("pooledconvert", NULL);
  fail_unless (a.upstream != NULL && a.convert != NULL);
  gst_bin_add_many (GST_BIN (bin), a.upstream, a.convert, NULL);
  sink = gst_element_get_static_pad (a.convert, "sink");
  a.sink_caps = gst_pad_query_caps (sink, NULL);
  gst_object_unref (sink);
  fail_unless (gst_element_link (a.upstream, a.convert));
  a.failures = g_string_new (NULL);

  for (f = 0; formats[f] != NULL; f++) {
    GstVideoFormat format = gst_video_format_from_string (formats[f]);
    PcFormatTraits traits;
    gboolean rgb = GST_VIDEO_FORMAT_INFO_IS_RGB (gst_video_format_get_info
        (format));
    const gchar *const *colorimetries = rgb ? rgb_colorimetries :
        yuv_colorimetries;
    guint n_colorimetries = rgb ? G_N_ELEMENTS (rgb_colorimetries) :
        G_N_ELEMENTS (yuv_colorimetries);

    fail_unless (pc_convert_format_traits (format, &traits));
    for (z = 0; z < G_N_ELEMENTS (sizes); z++) {
      for (m = 0; m < G_N_ELEMENTS (modes); m++) {
        for (s = 0; s < G_N_ELEMENTS (in_sites); s++) {
          if (s > 0 && traits.layout != PC_CHROMA_420 &&
              traits.layout != PC_CHROMA_422)
            break;
          for (c = 0; c < n_colorimetries; c++) {
            GString *in = g_string_new (NULL);

            g_string_printf (in, "video/x-raw,format=%s,width=%s,"
                "framerate=30/1,interlace-mode=%s", formats[f], sizes[z],
                modes[m]);
            if (in_sites[s] != NULL)
              g_string_append_printf (in, ",chroma-site=%s", in_sites[s]);
            if (colorimetries[c] != NULL)
              g_string_append_printf (in, ",colorimetry=%s", colorimetries[c]);
            check_agreement (&a, in->str);
            g_string_free (in, TRUE);
          }
        }
      }
    }
  }

  GST_INFO ("%u cases", a.cases);
  fail_unless (a.n_failures == 0, "caps and plans disagree in %u of %u "
      "cases:%s", a.n_failures, a.cases, a.failures->str);
  g_string_free (a.failures, TRUE);
  gst_caps_unref (a.sink_caps);
  gst_object_unref (bin);
}

GST_END_TEST;

/* ---- the plan in the log --------------------------------------------------- */

typedef struct
{
  const gchar *input;
  const gchar *downstream;
  const gchar *properties;
  const gchar *words[8];
} PlanCase;

static const PlanCase plan_cases[] = {
  {"video/x-raw,format=Y444,width=64,height=48,framerate=30/1", NULL, NULL,
        {"Y444 64x48 -> I420", "walk planar-444 (fused)",
              "chroma-site full -> jpeg", "fields progressive",
          "matrix bt601 limited (kept)", "threads 1"}},
  {"video/x-raw,format=Y444,width=1920,height=1080,framerate=30/1,"
        "interlace-mode=interleaved", NULL, NULL,
        {"Y444 1920x1080 -> I420", "walk interlaced-444 (fused)",
              "-> mpeg2", "fields interleaved (kept apart)",
          "matrix bt709 limited (kept)"}},
  {"video/x-raw,format=UYVY,width=720,height=576,framerate=30/1,"
        "interlace-mode=mixed", NULL, NULL,
      {"UYVY 720x576", "walk packed-422 (fused) for progressive frames, "
              "interlaced-422 (fused) for interlaced ones", "fields mixed"}},
  {"video/x-raw,format=I420,width=64,height=48,framerate=30/1,"
        "colorimetry=bt601", "video/x-raw,format=I420,colorimetry=bt709", NULL,
        {"I420 64x48", "walk general (stages over rows",
          "matrix bt601 limited -> bt709 limited"}},
  {"video/x-raw,format=RGBA,width=64,height=48,framerate=30/1", NULL,
        "n-threads=2",
        {"RGBA 64x48", "walk packed-rgb (fused)", "chroma-site full -> jpeg",
          "matrix rgb -> bt601 limited", "threads 2"}},
  {"video/x-raw,format=NV12,width=64,height=48,framerate=30/1,"
        "chroma-site=mpeg2", "video/x-raw,format=I420,chroma-site=mpeg2",
        NULL,
        {"NV12 64x48", "walk semi-planar-420 (fused)",
          "chroma-site mpeg2 -> mpeg2"}},
  {"video/x-raw,format=Y444_10LE,width=1280,height=720,framerate=30/1",
        NULL, NULL,
        {"Y444_10LE 1280x720", "walk planar-444-16 (fused)",
          "chroma-site full -> mpeg2"}},
  /* 10-bit output: the stages, P010_10LE's chroma interleaved after */
  {"video/x-raw,format=Y444_10LE,width=64,height=48,framerate=30/1",
        "video/x-raw,format=I420_10LE", NULL,
        {"Y444_10LE 64x48 -> I420_10LE", "walk general (stages over rows)",
          "chroma-site full -> jpeg"}},
  {"video/x-raw,format=I422_10LE,width=64,height=48,framerate=30/1",
        "video/x-raw,format=P010_10LE", NULL,
      {"I422_10LE 64x48 -> P010_10LE", "walk general (stages over rows) "
              "with P010_10LE chroma interleaved from 128-row sub-bands"}},
  /* NV12 whose pairs the walk makes: no sub-bands */
  {"video/x-raw,format=YUY2,width=64,height=48,framerate=30/1",
        "video/x-raw,format=NV12", NULL,
      {"YUY2 64x48 -> NV12", "walk packed-422 (fused) with NV12 chroma "
              "made as pairs"}},
  /* 10-bit input through the stages: re-matrixed, re-sited, in fields */
  {"video/x-raw,format=P010_10LE,width=64,height=48,framerate=30/1,"
        "colorimetry=bt601,chroma-site=mpeg2",
        "video/x-raw,format=I420,colorimetry=bt709,chroma-site=cosited", NULL,
        {"P010_10LE 64x48", "walk general (stages over rows",
              "chroma-site mpeg2 -> cosited",
          "matrix bt601 limited -> bt709 limited"}},
  {"video/x-raw,format=I422_10LE,width=64,height=48,framerate=30/1,"
        "interlace-mode=interleaved,chroma-site=jpeg",
        "video/x-raw,format=I420,chroma-site=v-cosited", NULL,
        {"I422_10LE 64x48", "walk general (stages over rows",
          "chroma-site jpeg -> v-cosited", "fields interleaved (kept apart)"}},
  {"video/x-raw,format=I420,width=64,height=48,framerate=30/1", NULL, NULL,
      {"I420 64x48", "passthrough"}},
  /* RGB tagged limited range: the general walk's matrix reads it */
  {"video/x-raw,format=RGBA,width=64,height=48,framerate=30/1,"
        "colorimetry=2:1:5:1", NULL, NULL,
        {"RGBA 64x48", "walk general (stages over rows",
          "matrix rgb limited -> bt601 limited"}},
  /* grey's default is full range: to BT.601 its luma changes range */
  {"video/x-raw,format=GRAY8,width=64,height=48,framerate=30/1",
        "video/x-raw,format=I420,colorimetry=bt601", NULL,
      {"GRAY8 64x48", "walk gray (fused)", "full -> bt601 limited"}},
};

GST_START_TEST (test_plan_logged_once_per_caps)
{
  const PlanCase *p = &plan_cases[__i__];
  gchar *kernels = g_strdup_printf ("kernels %s", pc_dsp_default ()->name);
  const gchar *const kernel_words[] = { kernels, NULL };
  GstHarness *h;
  guint i;

  begin_test ();
  h = harness_with_downstream (p->downstream, p->properties);
  gst_harness_set_src_caps_str (h, p->input);
  for (i = 0; i < 3; i++) {
    GstBuffer *out = gst_harness_push_and_pull (h, frame_for (p->input, i));

    fail_unless (out != NULL);
    gst_buffer_unref (out);
  }
  assert_logged_once (GST_LEVEL_INFO, "plan: ", p->words, p->input);
  assert_logged_once (GST_LEVEL_INFO, "plan: ", kernel_words, p->input);

  finish_harness (h);
  g_free (kernels);
}

GST_END_TEST;

/* New caps: a new plan, a new line. */
GST_START_TEST (test_plan_logged_for_new_caps)
{
  static const gchar *const inputs[] = {
    "video/x-raw,format=Y42B,width=64,height=48,framerate=30/1",
    "video/x-raw,format=NV16,width=32,height=16,framerate=30/1",
  };
  static const gchar *const said[][2] = {
    {"plan: Y42B 64x48 -> I420, walk planar-422", NULL},
    {"plan: NV16 32x16 -> I420, walk semi-planar-422", NULL},
  };
  GstHarness *h;
  guint i;

  begin_test ();
  h = harness_with_downstream (NULL, NULL);
  for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
    GstBuffer *out;

    gst_harness_set_src_caps_str (h, inputs[i]);
    out = gst_harness_push_and_pull (h, frame_for (inputs[i], i));
    fail_unless (out != NULL);
    gst_buffer_unref (out);
  }
  /* one line for each */
  for (i = 0; i < G_N_ELEMENTS (inputs); i++)
    assert_logged_once (GST_LEVEL_INFO, said[i][0], said[i], inputs[i]);
  finish_harness (h);
}

GST_END_TEST;

/* The offer for open caps (from upstream, with no size named), asked of a
 * new element each time. */
static GstCaps *
offer_for_open_caps (const gchar * upstream_caps)
{
  GstElement *bin = gst_bin_new (NULL);
  GstElement *upstream = gst_element_factory_make ("capsfilter", NULL);
  GstElement *convert = gst_element_factory_make ("pooledconvert", NULL);
  GstCaps *caps = gst_caps_from_string (upstream_caps);
  GstCaps *offer;
  GstPad *src;

  fail_unless (upstream != NULL && convert != NULL && caps != NULL);
  gst_bin_add_many (GST_BIN (bin), upstream, convert, NULL);
  fail_unless (gst_element_link (upstream, convert));
  g_object_set (upstream, "caps", caps, NULL);
  src = gst_element_get_static_pad (convert, "src");
  offer = gst_pad_query_caps (src, NULL);
  gst_object_unref (src);
  gst_object_unref (bin);
  gst_caps_unref (caps);
  return offer;
}

/* The element keeps its answers for open caps (element/capscache.h): one
 * asked again, by another element, after other open caps, is the first
 * answer. */
GST_START_TEST (test_open_caps_answer_kept_intact)
{
  const gchar *a = "video/x-raw,format=Y444,interlace-mode=progressive";
  const gchar *b = "video/x-raw,format=Y444,interlace-mode=interleaved";
  GstCaps *first = offer_for_open_caps (a);
  GstCaps *other, *again;

  fail_if (gst_caps_is_fixed (first));
  other = offer_for_open_caps (b);
  fail_if (gst_caps_is_equal (other, first), "interleaved and progressive "
      "offered the same: %" GST_PTR_FORMAT, other);
  again = offer_for_open_caps (a);
  fail_unless (gst_caps_is_strictly_equal (again, first),
      "asked again: %" GST_PTR_FORMAT "\nfirst: %" GST_PTR_FORMAT, again,
      first);
  gst_caps_unref (first);
  gst_caps_unref (other);
  gst_caps_unref (again);
}

GST_END_TEST;

/* The framerate the offer of @upstream_caps fixates to. */
static gint
fixated_rate (const gchar * upstream_caps)
{
  GstCaps *offer = gst_caps_fixate (offer_for_open_caps (upstream_caps));
  gint n = 0, d = 0;

  fail_unless (gst_structure_get_fraction (gst_caps_get_structure (offer, 0),
          "framerate", &n, &d), "%" GST_PTR_FORMAT, offer);
  gst_caps_unref (offer);
  return d > 0 ? n / d : -1;
}

/* A list's order is a preference (fixation takes its first value), and
 * the offer keeps it: the same values in another order are other caps
 * for the kept answers, whichever was asked first. */
GST_START_TEST (test_open_caps_answer_keeps_list_order)
{
  fail_unless_equals_int (fixated_rate ("video/x-raw,format=Y42B,"
          "framerate={ 30/1, 25/1 }"), 30);
  fail_unless_equals_int (fixated_rate ("video/x-raw,format=Y42B,"
          "framerate={ 25/1, 30/1 }"), 25);
}

GST_END_TEST;

static Suite *
negotiation_suite (void)
{
  Suite *s = suite_create ("negotiation");
  TCase *tc_refused = tcase_create ("refused");
  TCase *tc_agree = tcase_create ("agree");
  TCase *tc_plan = tcase_create ("plan");

  suite_add_tcase (s, tc_refused);
  tcase_add_loop_test (tc_refused, test_refused_on_sink_pad, 0,
      G_N_ELEMENTS (refusals));
  tcase_add_test (tc_refused, test_warned_again_after_a_negotiation);
  tcase_add_test (tc_refused, test_warned_again_after_a_restart);
  tcase_add_loop_test (tc_refused, test_refused_fails_link_into_element, 0,
      G_N_ELEMENTS (refusals));
  tcase_add_loop_test (tc_refused, test_refused_at_run_time, 0,
      G_N_ELEMENTS (refusals));
  tcase_add_loop_test (tc_refused, test_no_output_format_refused_on_sink_pad,
      0, G_N_ELEMENTS (no_output_format));
  tcase_add_loop_test (tc_refused, test_no_output_format_fails_link_out, 0,
      G_N_ELEMENTS (no_output_format));

  suite_add_tcase (s, tc_agree);
  tcase_add_test (tc_agree, test_caps_agree_with_plans);
  tcase_add_test (tc_agree, test_open_caps_answer_kept_intact);
  tcase_add_test (tc_agree, test_open_caps_answer_keeps_list_order);

  suite_add_tcase (s, tc_plan);
  tcase_add_loop_test (tc_plan, test_plan_logged_once_per_caps, 0,
      G_N_ELEMENTS (plan_cases));
  tcase_add_test (tc_plan, test_plan_logged_for_new_caps);
  return s;
}

int
main (int argc, char **argv)
{
  /* the leaks tracer must be named before gst_init() reads GST_TRACERS */
  use_leaks_tracer ();
  gst_check_init (&argc, &argv);
  return gst_check_run_suite (negotiation_suite (), "negotiation", __FILE__);
}
