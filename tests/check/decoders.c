/* pooledconvert tests
 * What real decoders emit, into the element: for each format, an encoder
 * and decoder of the machine's GStreamer packages (plugins-good, -ugly,
 * -bad, libav) that make it, in one pipeline
 * videotestsrc ! format ! encoder ! decoder ! pooledconvert ! I420.  Each
 * decoded frame, with the strides and offsets the decoder gave it, is
 * compared with its conversion by the double-precision reference: every
 * sample exactly rounded for YUV (the input's siting and colorimetry are
 * kept, so the samples are only filtered), within one step for RGB.  A pair the machine lacks is skipped
 * with a message, not passed silently as a conversion.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "reference.h"
#include "testutil.h"

#define GUARD_SECONDS 120
#define FRAMES 4

typedef struct
{
  const gchar *format;
  const gchar *encoder;
  const gchar *decoder;
} DecoderCase;

static const DecoderCase cases[] = {
  {"I420_12LE", "x265enc ! h265parse", "avdec_h265"},   /* HEVC Main 12 */
  {"I422_12LE", "x265enc ! h265parse", "avdec_h265"},
  {"Y444_12LE", "x265enc ! h265parse", "avdec_h265"},
  {"I420_10LE", "x265enc ! h265parse", "avdec_h265"},   /* HEVC Main 10 */
  {"I420_12LE", "vp9enc", "vp9dec"},    /* VP9 profile 2 */
  {"I420_10LE", "vp9enc", "vp9dec"},
  {"A444_10LE", "avenc_prores_ks", "avdec_prores"},     /* ProRes 4444 */
  {"I422_10LE", "avenc_prores_ks", "avdec_prores"},     /* ProRes 422 */
  {"Y42B", "x264enc ! h264parse", "avdec_h264"},
  {"Y444", "x264enc ! h264parse", "avdec_h264"},
  {"RGB", "pngenc", "pngdec"},
  {"GBR", "avenc_ffvhuff", "avdec_ffvhuff"},    /* planar RGB */
  {"GBRA", "avenc_ffvhuff", "avdec_ffvhuff"},
  {"GBR_10LE", "avenc_ffv1", "avdec_ffv1"},
  {"GBR_12LE", "avenc_ffv1", "avdec_ffv1"},
  {"GRAY16_LE", "avenc_ffv1", "avdec_ffv1"},
};

/* What one run saw: the decoded frame last pushed into the element (its
 * caps with it), and the failures, checked from the test thread. */
typedef struct
{
  GMutex lock;
  GstBuffer *input;
  GstVideoInfo input_info;
  guint frames;
  gchar *error;
} Seen;

static void
seen_fail (Seen * seen, gchar * message)
{
  if (seen->error == NULL)
    seen->error = message;
  else
    g_free (message);
}

static GstPadProbeReturn
on_input (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Seen *seen = user_data;
  GstCaps *caps = gst_pad_get_current_caps (pad);

  g_mutex_lock (&seen->lock);
  gst_clear_buffer (&seen->input);
  seen->input = gst_buffer_ref (GST_PAD_PROBE_INFO_BUFFER (info));
  if (caps == NULL || !gst_video_info_from_caps (&seen->input_info, caps))
    seen_fail (seen, g_strdup ("a decoded frame without video caps"));
  g_mutex_unlock (&seen->lock);
  gst_clear_caps (&caps);
  return GST_PAD_PROBE_OK;
}

/* Input and output are on one streaming thread: the output pushed now is
 * the conversion of the input seen last. */
static GstPadProbeReturn
on_output (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Seen *seen = user_data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoInfo out_info;

  g_mutex_lock (&seen->lock);
  seen->frames++;
  if (seen->input == NULL || caps == NULL ||
      !gst_video_info_from_caps (&out_info, caps)) {
    seen_fail (seen, g_strdup ("an output without its input or caps"));
  } else {
    gdouble error = reference_error (seen->input, &seen->input_info,
        GST_PAD_PROBE_INFO_BUFFER (info), &out_info);

    /* YUV exactly rounded (within half a step of the exact value), RGB
     * through the integer matrix within one step */
    gdouble allowed = GST_VIDEO_INFO_IS_RGB (&seen->input_info) ? 1.0 :
        0.5 + 1e-9;

    if (error < 0.0 || error > allowed)
      seen_fail (seen, g_strdup_printf ("frame %u of %s: %s %.3f",
              seen->frames, GST_VIDEO_INFO_NAME (&seen->input_info),
              error < 0.0 ? "does not map" : "off the reference by", error));
  }
  gst_clear_buffer (&seen->input);
  g_mutex_unlock (&seen->lock);
  gst_clear_caps (&caps);
  return GST_PAD_PROBE_OK;
}

/* The first element of @chain ("a ! b") this machine has no factory for
 * (free it), or NULL. */
static gchar *
missing_element (const gchar * chain)
{
  gchar **names = g_strsplit (chain, "!", -1);
  gchar *missing = NULL;
  guint i;

  for (i = 0; names[i] != NULL && missing == NULL; i++) {
    GstElementFactory *factory =
        gst_element_factory_find (g_strstrip (names[i]));

    if (factory == NULL)
      missing = g_strdup (names[i]);
    gst_clear_object (&factory);
  }
  g_strfreev (names);
  return missing;
}

static void
watch_element (GstElement * pipeline, Seen * seen)
{
  GstElement *pc = pipeline_element (pipeline, "pc");
  GstPad *sink = gst_element_get_static_pad (pc, "sink");
  GstPad *src = gst_element_get_static_pad (pc, "src");

  gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, on_input, seen, NULL);
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, on_output, seen, NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pc);
}

GST_START_TEST (test_decoded_frames_convert_exactly)
{
  const DecoderCase *c = &cases[__i__];
  gchar *chain = g_strdup_printf ("%s ! %s", c->encoder, c->decoder);
  gchar *missing = missing_element (chain);
  GstElement *pipeline;
  gchar *desc;
  Seen seen = { 0, };

  if (missing != NULL) {
    g_print ("skipped: %s through %s: this machine has no %s\n", c->format,
        c->decoder, missing);
    g_free (missing);
    g_free (chain);
    return;
  }

  /* an odd width and height: the decoders pad their planes */
  desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=ball "
      "! video/x-raw,format=%s,width=66,height=50,framerate=30/1 ! %s "
      "! capsfilter caps=video/x-raw,format=%s "
      "! pooledconvert name=pc ! video/x-raw,format=I420 "
      "! fakesink sync=false", FRAMES, c->format, chain, c->format);
  g_mutex_init (&seen.lock);
  pipeline = launch_pipeline (desc);
  watch_element (pipeline, &seen);
  play_until_eos (pipeline, GUARD_SECONDS);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  fail_unless (seen.error == NULL, "%s: %s", desc, seen.error);
  fail_unless_equals_int (seen.frames, FRAMES);

  gst_clear_buffer (&seen.input);
  g_mutex_clear (&seen.lock);
  gst_object_unref (pipeline);
  g_free (desc);
  g_free (chain);
}

GST_END_TEST;

static Suite *
decoders_suite (void)
{
  Suite *s = suite_create ("decoders");
  TCase *tc = tcase_create ("decoders");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_decoded_frames_convert_exactly, 0,
      G_N_ELEMENTS (cases));
  return s;
}

GST_CHECK_MAIN (decoders);
