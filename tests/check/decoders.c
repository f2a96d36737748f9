/* pooledconvert tests
 * What real decoders emit, into the element: for each format, an encoder
 * and decoder of the machine's GStreamer packages (plugins-good, -ugly,
 * -bad, libav) that make it, in one pipeline
 * videotestsrc ! format ! encoder ! decoder ! pooledconvert ! I420.  Each
 * decoded frame, with the strides and offsets the decoder gave it, is
 * compared with its conversion by the double-precision reference: every
 * sample exactly rounded for YUV (the input's siting and colorimetry are
 * kept, so the samples are only filtered), within one step for RGB.  A pair the machine lacks is skipped
 * with a message, not passed silently as a conversion.  And one encoder
 * after the element: P010_10LE in, x265enc must be given I420_10LE and
 * make HEVC Main 10 (the element keeps 10 bits where downstream takes
 * them).  A420 comes from VP8 with alpha, the colour and alpha streams
 * joined here as WebM's demuxer joins them.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <unistd.h>

#include <glib/gstdio.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
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
  /* the frame size and rate, where the codec allows only some; NULL: an
   * odd width and height (the decoders pad their planes) */
  const gchar *size;
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
  /* DV's NTSC frame, 4:1:1 */
  {"Y41B", "avenc_dvvideo", "avdec_dvvideo",
      "width=720,height=480,framerate=30000/1001"},
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

/* Plays @pipeline (@desc, with an element named pc) to its end: @frames
 * decoded frames, each converted as the reference says. */
static void
check_launched (GstElement * pipeline, const gchar * desc, guint frames)
{
  Seen seen = { 0, };

  g_mutex_init (&seen.lock);
  watch_element (pipeline, &seen);
  play_until_eos (pipeline, GUARD_SECONDS);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  fail_unless (seen.error == NULL, "%s: %s", desc, seen.error);
  fail_unless_equals_int (seen.frames, frames);

  gst_clear_buffer (&seen.input);
  g_mutex_clear (&seen.lock);
  gst_object_unref (pipeline);
}

static void
check_pipeline (const gchar * desc, guint frames)
{
  check_launched (launch_pipeline (desc), desc, frames);
}

GST_START_TEST (test_decoded_frames_convert_exactly)
{
  const DecoderCase *c = &cases[__i__];
  gchar *chain = g_strdup_printf ("%s ! %s", c->encoder, c->decoder);
  gchar *missing = missing_element (chain);
  gchar *desc;

  if (missing != NULL) {
    g_print ("skipped: %s through %s: this machine has no %s\n", c->format,
        c->decoder, missing);
    g_free (missing);
    g_free (chain);
    return;
  }

  desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=ball "
      "! video/x-raw,format=%s,%s ! %s "
      "! capsfilter caps=video/x-raw,format=%s "
      "! pooledconvert name=pc ! video/x-raw,format=I420 "
      "! fakesink sync=false", FRAMES, c->format, c->size != NULL ? c->size :
      "width=66,height=50,framerate=30/1", chain, c->format);
  check_pipeline (desc, FRAMES);
  g_free (desc);
  g_free (chain);
}

GST_END_TEST;

/* ---- a 16-bit PNG, written here: no encoder of the machine makes one -- */

/* CRC-32 (ISO 3309, as PNG's chunks use it) of @n bytes at @p, from @crc */
static guint32
crc32_of (guint32 crc, const guint8 * p, gsize n)
{
  gsize i;
  gint b;

  crc = ~crc;
  for (i = 0; i < n; i++) {
    crc ^= p[i];
    for (b = 0; b < 8; b++)
      crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
  }
  return ~crc;
}

static void
append_be32 (GByteArray * a, guint32 v)
{
  guint8 b[4] = { v >> 24, v >> 16, v >> 8, v };

  g_byte_array_append (a, b, 4);
}

/* One chunk: length, type, data, the CRC of type and data. */
static void
append_chunk (GByteArray * png, const gchar * type, const guint8 * data,
    gsize n)
{
  append_be32 (png, n);
  g_byte_array_append (png, (const guint8 *) type, 4);
  g_byte_array_append (png, data, n);
  append_be32 (png, crc32_of (crc32_of (0, (const guint8 *) type, 4), data, n));
}

/* @raw in a zlib stream of stored (uncompressed) deflate blocks. */
static GByteArray *
zlib_stored (const guint8 * raw, gsize n)
{
  GByteArray *z = g_byte_array_new ();
  static const guint8 header[2] = { 0x78, 0x01 };
  guint32 a = 1, b = 0;
  gsize at = 0, i;

  g_byte_array_append (z, header, 2);
  do {
    gsize len = MIN (n - at, 65535);
    guint8 block[5] = { at + len == n, len, len >> 8, ~len, ~len >> 8 };

    g_byte_array_append (z, block, 5);
    g_byte_array_append (z, raw + at, len);
    at += len;
  } while (at < n);
  for (i = 0; i < n; i++) {
    a = (a + raw[i]) % 65521;
    b = (b + a) % 65521;
  }
  append_be32 (z, (b << 16) | a);
  return z;
}

/* A @width x @height PNG of 16-bit RGBA (colour type 6) of random samples
 * in a temporary file; returns its path (free it, and the file). */
static gchar *
write_png16 (gint width, gint height, guint32 seed)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a,
    '\n'
  };
  guint8 ihdr[13] = { 0 };
  gsize row = 1 + 8 * (gsize) width, i;
  guint8 *raw = g_malloc (row * height);
  GRand *rand = g_rand_new_with_seed (seed);
  GByteArray *png = g_byte_array_new ();
  GByteArray *idat;
  GError *error = NULL;
  gchar *path;
  gint fd, y;

  ihdr[0] = width >> 24;
  ihdr[1] = width >> 16;
  ihdr[2] = width >> 8;
  ihdr[3] = width;
  ihdr[4] = height >> 24;
  ihdr[5] = height >> 16;
  ihdr[6] = height >> 8;
  ihdr[7] = height;
  ihdr[8] = 16;
  ihdr[9] = 6;
  for (y = 0; y < height; y++) {
    raw[y * row] = 0;           /* filter: none */
    for (i = 1; i < row; i++)
      raw[y * row + i] = g_rand_int_range (rand, 0, 256);
  }
  idat = zlib_stored (raw, row * height);

  g_byte_array_append (png, signature, 8);
  append_chunk (png, "IHDR", ihdr, sizeof (ihdr));
  append_chunk (png, "IDAT", idat->data, idat->len);
  append_chunk (png, "IEND", NULL, 0);

  fd = g_file_open_tmp ("pooledconvert-XXXXXX.png", &path, &error);
  fail_unless (fd >= 0, "no temporary file: %s", error ? error->message : "");
  close (fd);
  fail_unless (g_file_set_contents (path, (const gchar *) png->data, png->len,
          &error), "cannot write %s", path);

  g_byte_array_unref (idat);
  g_byte_array_unref (png);
  g_rand_free (rand);
  g_free (raw);
  return path;
}

/* pngdec gives ARGB64 for a 16-bit PNG (16-bit TIFF and PNG are where
 * ARGB64 comes from) */
GST_START_TEST (test_png16_converts)
{
  gchar *missing = missing_element ("pngdec");
  gchar *path, *desc;

  if (missing != NULL) {
    g_print ("skipped: ARGB64 through pngdec: this machine has no %s\n",
        missing);
    g_free (missing);
    return;
  }
  path = write_png16 (66, 50, 7);
  desc = g_strdup_printf ("filesrc location=%s ! pngdec "
      "! capsfilter caps=video/x-raw,format=ARGB64 "
      "! pooledconvert name=pc ! video/x-raw,format=I420 "
      "! fakesink sync=false", path);
  check_pipeline (desc, 1);
  g_unlink (path);
  g_free (desc);
  g_free (path);
}

GST_END_TEST;

/* ---- A420 from VP8 with alpha ------------------------------------------ */

/* The buffers @desc (ending in an appsink named out) makes, in order. */
static GPtrArray *
encoded_buffers (const gchar * desc)
{
  GstElement *pipeline = launch_pipeline (desc);
  GstElement *out = pipeline_element (pipeline, "out");
  GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  GstSample *sample;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (out),
              GUARD_SECONDS * GST_SECOND)) != NULL) {
    g_ptr_array_add (buffers, gst_buffer_ref (gst_sample_get_buffer (sample)));
    gst_sample_unref (sample);
  }
  fail_unless (gst_app_sink_is_eos (GST_APP_SINK (out)), "%s: no EOS", desc);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (out);
  gst_object_unref (pipeline);
  return buffers;
}

/* WebM keeps VP8's alpha as a second VP8 stream beside the colour one
 * (matroskademux hands it on as a GstVideoCodecAlphaMeta); no encoder
 * here writes it, so the two streams are made with vp8enc and joined as
 * the demuxer would, and vp8alphadecodebin decodes them to A420. */
GST_START_TEST (test_vp8_alpha_converts)
{
  static const gchar *const raw = "video/x-raw,format=I420,width=66,"
      "height=50,framerate=30/1";
  gchar *missing = missing_element ("vp8enc ! vp8alphadecodebin");
  GPtrArray *colour, *alpha;
  GstElement *pipeline, *src;
  gchar *encode, *desc;
  guint i;

  if (missing != NULL) {
    g_print ("skipped: A420 through vp8alphadecodebin: this machine has no "
        "%s\n", missing);
    g_free (missing);
    return;
  }
  encode = g_strdup_printf ("videotestsrc num-buffers=%d pattern=ball ! %s "
      "! vp8enc ! appsink name=out sync=false", FRAMES, raw);
  colour = encoded_buffers (encode);
  g_free (encode);
  encode = g_strdup_printf ("videotestsrc num-buffers=%d pattern=snow ! %s "
      "! vp8enc ! appsink name=out sync=false", FRAMES, raw);
  alpha = encoded_buffers (encode);
  g_free (encode);
  fail_unless_equals_int (colour->len, FRAMES);
  fail_unless_equals_int (alpha->len, FRAMES);

  desc = g_strdup ("appsrc name=src format=time caps=video/x-vp8,width=66,"
      "height=50,framerate=30/1,codec-alpha=true ! vp8alphadecodebin "
      "! capsfilter caps=video/x-raw,format=A420 "
      "! pooledconvert name=pc ! video/x-raw,format=I420 "
      "! fakesink sync=false");
  pipeline = launch_pipeline (desc);
  src = pipeline_element (pipeline, "src");
  for (i = 0; i < colour->len; i++) {
    GstBuffer *buffer = gst_buffer_copy (g_ptr_array_index (colour, i));

    gst_buffer_add_video_codec_alpha_meta (buffer,
        gst_buffer_ref (g_ptr_array_index (alpha, i)));
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
            buffer), GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);
  gst_object_unref (src);
  check_launched (pipeline, desc, FRAMES);
  g_free (desc);
  g_ptr_array_unref (alpha);
  g_ptr_array_unref (colour);
}

GST_END_TEST;

/* ---- 10 bits kept into an encoder ------------------------------------ */

/* The string @field of the current caps of @element's pad @pad_name
 * (free it); NULL when the pad has no caps or they name none. */
static gchar *
current_caps_field (GstElement * pipeline, const gchar * element,
    const gchar * pad_name, const gchar * field)
{
  GstElement *e = pipeline_element (pipeline, element);
  GstPad *pad = gst_element_get_static_pad (e, pad_name);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gchar *value = NULL;

  if (caps != NULL && gst_caps_get_size (caps) > 0)
    value = g_strdup (gst_structure_get_string (gst_caps_get_structure (caps,
                0), field));
  gst_clear_caps (&caps);
  gst_object_unref (pad);
  gst_object_unref (e);
  return value;
}

/* P010_10LE into the element, x265enc after it: the element makes
 * I420_10LE (the encoder takes no P010_10LE, and deep input prefers 10
 * bits to 8), and the stream is HEVC Main 10, not Main. */
GST_START_TEST (test_x265_keeps_10_bits)
{
  gchar *missing = missing_element ("x265enc ! h265parse");
  GstElement *pipeline;
  gchar *format, *profile;

  if (missing != NULL) {
    g_print ("skipped: P010_10LE into x265enc: this machine has no %s\n",
        missing);
    g_free (missing);
    return;
  }
  pipeline = launch_pipeline ("videotestsrc num-buffers=3 "
      "! video/x-raw,format=P010_10LE,width=64,height=48,framerate=30/1 "
      "! pooledconvert name=pc ! x265enc name=enc ! h265parse name=parse "
      "! fakesink sync=false");
  play_until_eos (pipeline, GUARD_SECONDS);
  /* the caps stay on the pads until the pipeline goes down */
  format = current_caps_field (pipeline, "enc", "sink", "format");
  profile = current_caps_field (pipeline, "parse", "src", "profile");
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (g_strcmp0 (format, "I420_10LE") == 0,
      "x265enc was given %s, not I420_10LE", format ? format : "no format");
  fail_unless (g_strcmp0 (profile, "main-10") == 0,
      "h265parse says profile %s, not main-10", profile ? profile : "none");
  g_free (format);
  g_free (profile);
  gst_object_unref (pipeline);
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
  tcase_add_test (tc, test_png16_converts);
  tcase_add_test (tc, test_vp8_alpha_converts);
  tcase_add_test (tc, test_x265_keeps_10_bits);
  return s;
}

GST_CHECK_MAIN (decoders);
