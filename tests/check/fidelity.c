/* pooledconvert tests
 * Colour and field fidelity: the chroma siting the output caps name is the
 * siting of the pixels; YUV inputs change matrix and range when downstream
 * asks, grey its luma's range, RGB is read in the range it is tagged;
 * interlaced frames keep their fields apart and their flags; metas that do
 * not depend on the colour space survive the conversion.
 *
 * Pixels are compared with reference-siting.c, a double-precision model
 * written from the definitions: exact rounding where the YUV values are
 * only filtered, within one step where a matrix is applied.
 *
 * Environment: PC_TEST_REDUCED (set by .ci/stages/valgrind.sh) keeps one
 * case in REDUCED_STRIDE of the matrix, re-siting and 10-bit field sweeps.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "convert/convert.h"
#include "pixelcheck.h"
#include "reference.h"
#include "reference-siting.h"
#include "testutil.h"

typedef struct
{
  gint width;
  gint height;
} Size;

/* odd, degenerate and even sizes; 3x5 and 5x7 give each field an odd
 * number of rows */
static const Size sizes[] = {
  {1, 1}, {2, 2}, {3, 5}, {5, 7}, {17, 9}, {33, 15}, {64, 48},
};

static const gchar *sitings[] = { "jpeg", "mpeg2", "v-cosited", "cosited" };

/* Under PC_TEST_REDUCED (set by .ci/stages/valgrind.sh) the long sweeps
 * keep case @n only when it is one in REDUCED_STRIDE, so every dimension
 * is still visited, each in turn. */
#define REDUCED_STRIDE 3

static gboolean
keep_case (guint n)
{
  return !sweeps_sampled () || n % REDUCED_STRIDE == 0;
}

/* ---- helpers ------------------------------------------------------------- */

/* A harness whose sink takes @sink_caps (NULL: any I420), fed @in_caps. */
static GstHarness *
start_harness (const gchar * in_caps, const gchar * sink_caps,
    GstVideoInfo * in_info)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstCaps *caps = gst_caps_from_string (in_caps);

  fail_unless (caps != NULL, "bad caps %s", in_caps);
  fail_unless (ref_video_info_from_caps (in_info, caps), "%s", in_caps);
  gst_caps_unref (caps);
  gst_harness_set_sink_caps_str (h, sink_caps ? sink_caps :
      "video/x-raw,format=I420");
  gst_harness_set_src_caps_str (h, in_caps);
  return h;
}

static GstCaps *
output_caps (GstHarness * h, GstVideoInfo * out_info)
{
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);

  fail_unless (caps != NULL, "no output caps");
  fail_unless (ref_video_info_from_caps (out_info, caps));
  return caps;
}

/* Pushes @in (taken) through @h and checks it; returns the output caps
 * (unref them). */
static GstCaps *
convert_buffer_and_check (GstHarness * h, const GstVideoInfo * in_info,
    GstBuffer * in, GstBufferFlags flags, const gchar * what)
{
  GstBuffer *out;
  GstVideoInfo out_info;
  GstCaps *caps;

  GST_BUFFER_FLAG_SET (in, flags);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "%s: no output", what);
  caps = output_caps (h, &out_info);
  check_sited_output (in_info, in, &out_info, out, what);
  fail_unless_equals_int (GST_BUFFER_FLAGS (out) & flags, flags);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  return caps;
}

/* The same for one random frame in the default layout. */
static GstCaps *
convert_and_check (GstHarness * h, const GstVideoInfo * in_info,
    GstBufferFlags flags, guint32 seed, const gchar * what)
{
  return convert_buffer_and_check (h, in_info, random_frame (in_info, seed),
      flags, what);
}

static gchar *
input_caps (const gchar * format, const Size * size, const gchar * extra)
{
  return g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1%s%s", format, size->width, size->height,
      extra ? "," : "", extra ? extra : "");
}

/* TRUE when caps @in_caps can go out as @sink_caps: negotiation and one
 * frame through. */
static gboolean
negotiates (const gchar * in_caps, const gchar * sink_caps)
{
  GstVideoInfo in_info;
  GstHarness *h = start_harness (in_caps, sink_caps, &in_info);
  GstFlowReturn ret = gst_harness_push (h, random_frame (&in_info, 1));

  gst_harness_teardown (h);
  return ret == GST_FLOW_OK;
}

/* ---- chroma siting ------------------------------------------------------- */

/* Downstream names the siting: the caps say it and the pixels are it. */
static void
check_requested_siting (const gchar * format, const gchar * extra,
    const gchar * siting)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
    gchar *in_caps = input_caps (format, &sizes[i], extra);
    gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
        "chroma-site=%s", siting);
    gchar *what = g_strdup_printf ("%s -> %s", in_caps, siting);
    GstVideoInfo in_info;
    GstHarness *h = start_harness (in_caps, sink_caps, &in_info);
    GstCaps *caps = convert_and_check (h, &in_info, 0, 100 + i, what);

    fail_unless_equals_string (gst_structure_get_string
        (gst_caps_get_structure (caps, 0), "chroma-site"), siting);
    gst_caps_unref (caps);
    gst_harness_teardown (h);
    g_free (what);
    g_free (sink_caps);
    g_free (in_caps);
  }
}

GST_START_TEST (test_siting_requested_y444)
{
  check_requested_siting ("Y444", NULL, sitings[__i__]);
}

GST_END_TEST;

GST_START_TEST (test_siting_requested_rgba)
{
  check_requested_siting ("RGBA", NULL, sitings[__i__]);
}

GST_END_TEST;

/* 4:2:2 in either horizontal position gives every siting: kept, or
 * re-sited between its two nearest chroma columns. */
GST_START_TEST (test_siting_requested_y42b)
{
  guint s;

  for (s = 0; s < G_N_ELEMENTS (sitings); s++) {
    check_requested_siting ("Y42B", "chroma-site=jpeg", sitings[s]);
    check_requested_siting ("Y42B", "chroma-site=mpeg2", sitings[s]);
  }
}

GST_END_TEST;

/* Nobody names a siting: the caps name the one GStreamer assumes for I420
 * of that size (jpeg up to 576 lines, mpeg2 above), and the pixels match
 * the label. */
GST_START_TEST (test_siting_default_is_labelled)
{
  static const Size default_sizes[] = { {33, 15}, {16, 576}, {17, 577},
  {1280, 720}
  };
  static const gchar *formats[] = { "Y444", "Y42B", "RGBA" };
  guint f, i;

  for (f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (i = 0; i < G_N_ELEMENTS (default_sizes); i++) {
      gchar *in_caps = input_caps (formats[f], &default_sizes[i], NULL);
      GstVideoInfo in_info, expected;
      GstHarness *h = start_harness (in_caps, NULL, &in_info);
      GstCaps *caps = convert_and_check (h, &in_info, 0, 7 + i, in_caps);
      const gchar *site = gst_structure_get_string (gst_caps_get_structure
          (caps, 0), "chroma-site");
      gchar *default_site;

      gst_video_info_set_format (&expected, GST_VIDEO_FORMAT_I420,
          default_sizes[i].width, default_sizes[i].height);
      default_site = gst_video_chroma_site_to_string (expected.chroma_site);
      fail_unless (site != NULL, "%s: no chroma-site in %" GST_PTR_FORMAT,
          in_caps, caps);
      fail_unless_equals_string (site, default_site);
      fail_unless_equals_string (site,
          default_sizes[i].height > 576 ? "mpeg2" : "jpeg");
      g_free (default_site);
      gst_caps_unref (caps);
      gst_harness_teardown (h);
      g_free (in_caps);
    }
  }
}

GST_END_TEST;

/* 4:2:0 input keeps its siting (passed through) or is re-sited; sitings
 * this element does not produce or read (dv: alternate lines) do not
 * negotiate. */
GST_START_TEST (test_siting_refusals)
{
  fail_unless (negotiates ("video/x-raw,format=I420,width=16,height=8,"
          "framerate=30/1,chroma-site=cosited",
          "video/x-raw,format=I420,chroma-site=cosited"));
  fail_unless (negotiates ("video/x-raw,format=I420,width=16,height=8,"
          "framerate=30/1,chroma-site=cosited",
          "video/x-raw,format=I420,chroma-site=jpeg"));
  fail_if (negotiates ("video/x-raw,format=I420,width=16,height=8,"
          "framerate=30/1,chroma-site=dv",
          "video/x-raw,format=I420,chroma-site=jpeg"));
  fail_if (negotiates ("video/x-raw,format=Y444,width=16,height=8,"
          "framerate=30/1", "video/x-raw,format=I420,chroma-site=dv"));
}

GST_END_TEST;

/* ---- matrix and range ---------------------------------------------------- */

static const gchar *in_colorimetries[] = { "bt601", "bt709", "1:4:5:4" };

static const gchar *out_colorimetries[] = {
  "bt709", "bt2020", "bt601", "1:4:0:0", "2:5:0:0", "1:3:5:1",
};

typedef GstBuffer *(*FrameFunc) (const GstVideoInfo * info, guint32 seed);

/* Input @format with caps fields @extra (or none) at each of @n_sizes
 * sizes, to every output colorimetry: the caps name it and the pixels
 * are it. */
static void
check_colorimetries (const gchar * format, const gchar * extra,
    const Size * at_sizes, guint n_sizes, FrameFunc make_frame)
{
  guint i, o;

  for (o = 0; o < G_N_ELEMENTS (out_colorimetries); o++) {
    for (i = 0; i < n_sizes; i++) {
      gchar *in_caps, *sink_caps, *what;
      GstVideoInfo in_info;
      GstHarness *h;
      GstCaps *caps;

      if (!keep_case (o * n_sizes + i))
        continue;
      in_caps = input_caps (format, &at_sizes[i], extra);
      sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
          "colorimetry=%s", out_colorimetries[o]);
      what = g_strdup_printf ("%s -> %s", in_caps, out_colorimetries[o]);
      h = start_harness (in_caps, sink_caps, &in_info);
      caps = convert_buffer_and_check (h, &in_info,
          make_frame (&in_info, 300 + i), 0, what);

      fail_unless_equals_string (gst_structure_get_string
          (gst_caps_get_structure (caps, 0), "colorimetry"),
          out_colorimetries[o]);
      gst_caps_unref (caps);
      gst_harness_teardown (h);
      g_free (what);
      g_free (sink_caps);
      g_free (in_caps);
    }
  }
}

static void
check_matrix_change (const gchar * format, const gchar * in_colorimetry,
    const gchar * siting)
{
  gchar *extra = g_strdup_printf ("colorimetry=%s,chroma-site=%s",
      in_colorimetry, siting);

  check_colorimetries (format, extra, sizes, G_N_ELEMENTS (sizes),
      random_frame);
  g_free (extra);
}

GST_START_TEST (test_matrix_change_y444)
{
  check_matrix_change ("Y444", in_colorimetries[__i__], "mpeg2");
}

GST_END_TEST;

GST_START_TEST (test_matrix_change_y42b)
{
  check_matrix_change ("Y42B", in_colorimetries[__i__], "jpeg");
}

GST_END_TEST;

GST_START_TEST (test_matrix_change_i420)
{
  check_matrix_change ("I420", in_colorimetries[__i__], "mpeg2");
}

GST_END_TEST;

/* The 10-bit formats re-matrixed through the stages: their samples on the
 * 8-bit scale, through the matrix, rounded once. */
static const gchar *tenbit_formats[] = {
  "I420_10LE", "P010_10LE", "I422_10LE", "Y444_10LE",
};

GST_START_TEST (test_matrix_change_tenbit)
{
  guint c;

  for (c = 0; c < G_N_ELEMENTS (in_colorimetries); c++)
    check_matrix_change (tenbit_formats[__i__], in_colorimetries[c],
        c == 1 ? "jpeg" : "mpeg2");
}

GST_END_TEST;

/* Grey, 8 and 16 bits, to any matrix and range: the luma written in the
 * output's range (rounded once: every code exactly rounded), chroma 128.
 * At 16x16 a ramp holds every 8-bit code (the high byte of a 16-bit one,
 * its low byte random), the extremes and the codes outside 16..235 among
 * them; the other sizes are random. */
static const gchar *gray_in_colorimetries[] = { NULL, "bt601", "1:4:0:0" };
static const gchar *gray_formats[] = { "GRAY8", "GRAY16_LE" };

static GstBuffer *
gray_frame (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = random_frame (info, seed);
  GstVideoFrame frame;
  guint code;

  if (GST_VIDEO_INFO_WIDTH (info) != 16 || GST_VIDEO_INFO_HEIGHT (info) != 16)
    return buffer;
  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  for (code = 0; code < 256; code++) {
    guint bytes = GST_VIDEO_INFO_COMP_PSTRIDE (info, 0);

    ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0))[(code / 16) *
        GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0) + bytes * (code % 16) +
        bytes - 1] = code;
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

GST_START_TEST (test_gray_range_change)
{
  static const Size gray_sizes[] = { {16, 16}, {1, 1}, {3, 5}, {33, 15} };
  const gchar *in_colorimetry =
      gray_in_colorimetries[__i__ % G_N_ELEMENTS (gray_in_colorimetries)];
  gchar *extra = in_colorimetry ? g_strdup_printf ("colorimetry=%s",
      in_colorimetry) : NULL;

  check_colorimetries (gray_formats[__i__ /
          G_N_ELEMENTS (gray_in_colorimetries)], extra, gray_sizes,
      G_N_ELEMENTS (gray_sizes), gray_frame);
  g_free (extra);
}

GST_END_TEST;

/* RGB tagged limited range (R' = (code - 16) / 219) to every matrix and
 * range: within one step of the reference, codes outside 16..235
 * extrapolated and the result clamped.  At 16x16 each 2x2 block has one
 * of the 64 colours whose R, G and B are 0, 16, 235 or 255 (superwhite,
 * superblack and the primaries past the range among them), so the chroma
 * sees them unfiltered; the other sizes are random. */
static const gchar *rgb_limited_formats[] = { "RGBA", "BGR", "xRGB" };

static const gchar *rgb_out_colorimetries[] = {
  "bt709", "bt2020", "bt601", "1:4:0:0", "1:3:5:1",
};

static GstBuffer *
rgb_extremes_frame (const GstVideoInfo * info, guint32 seed)
{
  static const guint8 levels[] = { 0, 16, 235, 255 };
  GstBuffer *buffer = random_frame (info, seed);
  GstVideoFrame frame;
  guint x, y, c;

  if (GST_VIDEO_INFO_WIDTH (info) != 16 || GST_VIDEO_INFO_HEIGHT (info) != 16)
    return buffer;
  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  for (y = 0; y < 16; y++) {
    for (x = 0; x < 16; x++) {
      guint colour = (y / 2) * 8 + x / 2;

      for (c = 0; c < 3; c++)
        ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (&frame, c))[y *
            GST_VIDEO_FRAME_COMP_STRIDE (&frame, c) + x *
            GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c)] =
            levels[(colour >> (2 * c)) & 3];
    }
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

GST_START_TEST (test_rgb_limited_range)
{
  static const Size rgb_sizes[] = { {16, 16}, {1, 1}, {3, 5}, {33, 15} };
  const gchar *format = rgb_limited_formats[__i__];
  guint i, o;

  for (o = 0; o < G_N_ELEMENTS (rgb_out_colorimetries); o++) {
    for (i = 0; i < G_N_ELEMENTS (rgb_sizes); i++) {
      gchar *in_caps = input_caps (format, &rgb_sizes[i],
          "colorimetry=2:1:5:1");
      gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
          "chroma-site=jpeg,colorimetry=%s", rgb_out_colorimetries[o]);
      gchar *what = g_strdup_printf ("%s -> %s", in_caps,
          rgb_out_colorimetries[o]);
      GstVideoInfo in_info, out_info;
      GstHarness *h = start_harness (in_caps, sink_caps, &in_info);
      GstBuffer *in = rgb_extremes_frame (&in_info, 500 + i);
      GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
      GstVideoFrame in_frame;
      RefColor color;

      fail_unless (out != NULL, "%s: no output", what);
      gst_caps_unref (output_caps (h, &out_info));
      fail_unless_equals_int (in_info.colorimetry.range,
          GST_VIDEO_COLOR_RANGE_16_235);
      color = ref_color_of (&out_info);
      fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
      check_against_reference (&out_info, out,
          ref_expected_i420_from_range (&in_frame, &color, FALSE), FALSE, what);
      gst_video_frame_unmap (&in_frame);
      gst_buffer_unref (out);
      gst_buffer_unref (in);
      gst_harness_teardown (h);
      g_free (what);
      g_free (sink_caps);
      g_free (in_caps);
    }
  }
}

GST_END_TEST;

/* ---- against videoconvert ---------------------------------------------- */

/* One flat frame of @rgb (or grey @rgb[0]) through @factory to @sink_caps;
 * the output buffer (unref it) and its caps' info. */
static GstBuffer *
convert_flat (const gchar * factory, const gchar * in_caps,
    const gchar * sink_caps, const guint8 rgb[3], GstVideoInfo * out_info)
{
  GstHarness *h = gst_harness_new (factory);
  GstCaps *caps = gst_caps_from_string (in_caps);
  GstVideoInfo in_info;
  GstVideoFrame frame;
  GstBuffer *in, *out;
  gint x, y, c;

  fail_unless (gst_video_info_from_caps (&in_info, caps));
  gst_caps_unref (caps);
  gst_harness_set_sink_caps_str (h, sink_caps);
  gst_harness_set_src_caps_str (h, in_caps);
  in = random_frame (&in_info, 9);
  fail_unless (gst_video_frame_map (&frame, &in_info, in, GST_MAP_WRITE));
  for (y = 0; y < GST_VIDEO_INFO_HEIGHT (&in_info); y++)
    for (x = 0; x < GST_VIDEO_INFO_WIDTH (&in_info); x++)
      for (c = 0; c < (gint) GST_VIDEO_INFO_N_COMPONENTS (&in_info) && c < 3;
          c++)
        ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (&frame, c))[y *
            GST_VIDEO_FRAME_COMP_STRIDE (&frame, c) + x *
            GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c)] = rgb[c];
  gst_video_frame_unmap (&frame);
  out = gst_harness_push_and_pull (h, in);
  fail_unless (out != NULL, "%s: no output from %s", in_caps, factory);
  caps = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (gst_video_info_from_caps (out_info, caps));
  gst_caps_unref (caps);
  gst_harness_teardown (h);
  return out;
}

/* Largest difference between two I420 frames of @info. */
static gint
max_difference (const GstVideoInfo * info, GstBuffer * a, GstBuffer * b)
{
  GstVideoFrame fa, fb;
  gint worst = 0, p, x, y;

  fail_unless (gst_video_frame_map (&fa, info, a, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fb, info, b, GST_MAP_READ));
  for (p = 0; p < 3; p++)
    for (y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&fa, p); y++)
      for (x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (&fa, p); x++) {
        gint d = ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (&fa, p))[y *
            GST_VIDEO_FRAME_COMP_STRIDE (&fa, p) + x] -
            ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (&fb, p))[y *
            GST_VIDEO_FRAME_COMP_STRIDE (&fb, p) + x];

        worst = MAX (worst, ABS (d));
      }
  gst_video_frame_unmap (&fa);
  gst_video_frame_unmap (&fb);
  return worst;
}

/* What a user swapping videoconvert for the element sees, on flat
 * colours (no chroma filter can tell them apart): grey to another matrix
 * in the same range is videoconvert's output within 1 (to the code but
 * for videoconvert's own ORC backup code, ORC_CODE=backup); limited-range
 * RGB is read in its range as videoconvert reads it, within 4 codes.
 * Those 4 are videoconvert's error, not the element's (whose values
 * test_rgb_limited_range holds to the reference): videoconvert gives
 * 16, 16, 16 chroma 126, 235 white luma 233 or 234, and 0, 0, 255 luma 11
 * in full range where the definition gives 15.2.  Where grey changes
 * range, videoconvert copies the codes and is not compared. */
GST_START_TEST (test_same_as_videoconvert)
{
  static const struct
  {
    const gchar *in;
    const gchar *out;
    gint tolerance;
  } cases[] = {
    {"RGBA,colorimetry=2:1:5:1", "bt601", 4},
    {"RGBA,colorimetry=2:1:5:1", "bt709", 4},
    {"BGR,colorimetry=2:1:5:1", "1:4:0:0", 4},
    {"GRAY8,colorimetry=bt601", "bt709", 1},
    {"GRAY8,colorimetry=bt709", "bt2020", 1},
  };
  static const guint8 colours[][3] = {
    {16, 16, 16}, {235, 235, 235}, {128, 128, 128}, {235, 16, 16},
    {16, 235, 16}, {16, 16, 235}, {100, 150, 200}, {0, 0, 0},
    {255, 255, 255}, {255, 0, 0}, {0, 0, 255}, {240, 10, 250},
  };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *in_caps = g_strdup_printf ("video/x-raw,format=%s,width=8,"
        "height=8,framerate=30/1", cases[i].in);
    gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
        "chroma-site=jpeg,colorimetry=%s", cases[i].out);

    for (k = 0; k < G_N_ELEMENTS (colours); k++) {
      GstVideoInfo ours_info, theirs_info;
      GstBuffer *ours = convert_flat ("pooledconvert", in_caps, sink_caps,
          colours[k], &ours_info);
      GstBuffer *theirs = convert_flat ("videoconvert", in_caps, sink_caps,
          colours[k], &theirs_info);
      gint d = max_difference (&ours_info, ours, theirs);

      fail_unless (d <= cases[i].tolerance, "%s -> %s, colour %u %u %u: "
          "%d codes from videoconvert", in_caps, cases[i].out, colours[k][0],
          colours[k][1], colours[k][2], d);
      gst_buffer_unref (ours);
      gst_buffer_unref (theirs);
    }
    g_free (sink_caps);
    g_free (in_caps);
  }
}

GST_END_TEST;

/* A matrix change is a conversion, never a passthrough. */
GST_START_TEST (test_matrix_change_not_passthrough)
{
  GstVideoInfo in_info;
  GstHarness *h = start_harness ("video/x-raw,format=I420,width=17,height=9,"
      "framerate=30/1,colorimetry=bt601",
      "video/x-raw,format=I420,colorimetry=bt709", &in_info);
  GstBuffer *in = random_frame (&in_info, 5);
  GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));

  fail_unless (out != NULL);
  fail_if (out == in, "a bt601 -> bt709 conversion passed the buffer through");
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Without a request, YUV keeps its colorimetry, and RGB gets the default
 * matrix and range for the size with its own transfer and primaries. */
GST_START_TEST (test_colorimetry_carried_over)
{
  GstVideoInfo in_info, out_info;
  GstHarness *h;
  GstCaps *caps;

  h = start_harness ("video/x-raw,format=Y444,width=16,height=8,"
      "framerate=30/1,colorimetry=bt2020", NULL, &in_info);
  caps = convert_and_check (h, &in_info, 0, 1, "Y444 bt2020");
  fail_unless_equals_string (gst_structure_get_string (gst_caps_get_structure
          (caps, 0), "colorimetry"), "bt2020");
  gst_caps_unref (caps);
  gst_harness_teardown (h);

  /* sRGB: BT.709 primaries and the sRGB transfer, as videoconvert keeps */
  h = start_harness ("video/x-raw,format=RGBA,width=16,height=8,"
      "framerate=30/1,colorimetry=sRGB", NULL, &in_info);
  caps = convert_and_check (h, &in_info, 0, 2, "RGBA sRGB");
  gst_caps_unref (output_caps (h, &out_info));
  fail_unless_equals_int (out_info.colorimetry.matrix,
      GST_VIDEO_COLOR_MATRIX_BT601);
  fail_unless_equals_int (out_info.colorimetry.range,
      GST_VIDEO_COLOR_RANGE_16_235);
  fail_unless_equals_int (out_info.colorimetry.transfer,
      GST_VIDEO_TRANSFER_SRGB);
  fail_unless_equals_int (out_info.colorimetry.primaries,
      GST_VIDEO_COLOR_PRIMARIES_BT709);
  gst_caps_unref (caps);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- interlaced ---------------------------------------------------------- */

#define FIELD_FLAGS (GST_VIDEO_BUFFER_FLAG_INTERLACED | \
    GST_VIDEO_BUFFER_FLAG_TFF | GST_VIDEO_BUFFER_FLAG_RFF | \
    GST_VIDEO_BUFFER_FLAG_ONEFIELD)

/* I420 interleaved: the same buffer, flags and all; the caps keep the
 * interlace mode and field order. */
GST_START_TEST (test_interlaced_i420_passthrough)
{
  GstVideoInfo in_info, out_info;
  GstHarness *h = start_harness ("video/x-raw,format=I420,width=720,"
      "height=576,framerate=25/1,interlace-mode=interleaved,"
      "field-order=top-field-first", NULL, &in_info);
  GstBuffer *in = random_frame (&in_info, 9), *out;
  GstCaps *caps;

  GST_BUFFER_FLAG_SET (in, FIELD_FLAGS);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out == in, "interlaced I420 was not passed through");
  fail_unless_equals_int (GST_BUFFER_FLAGS (out) & FIELD_FLAGS, FIELD_FLAGS);
  caps = output_caps (h, &out_info);
  fail_unless_equals_int (GST_VIDEO_INFO_INTERLACE_MODE (&out_info),
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED);
  fail_unless_equals_int (GST_VIDEO_INFO_FIELD_ORDER (&out_info),
      GST_VIDEO_FIELD_ORDER_TOP_FIELD_FIRST);
  gst_caps_unref (caps);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Interleaved 4:4:4, 4:2:2 and RGBA: 4:2:0 chroma from rows of one field,
 * in every siting (co-sited rows on the field's rows); flags come
 * along. */
GST_START_TEST (test_interlaced_fields)
{
  static const gchar *formats[] = { "Y444", "Y42B", "RGBA" };
  guint f, s, i;

  for (f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (s = 0; s < G_N_ELEMENTS (sitings); s++) {
      for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
        gchar *extra = g_strdup_printf ("interlace-mode=interleaved,"
            "field-order=bottom-field-first,chroma-site=%s",
            sitings[s % 2]);
        gchar *in_caps = input_caps (formats[f], &sizes[i], extra);
        gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
            "chroma-site=%s", sitings[s]);
        GstVideoInfo in_info, out_info;
        GstHarness *h = start_harness (in_caps, sink_caps, &in_info);
        GstCaps *caps = convert_and_check (h, &in_info,
            (GstBufferFlags) GST_VIDEO_BUFFER_FLAG_RFF, 500 + i, in_caps);

        gst_caps_unref (output_caps (h, &out_info));
        fail_unless_equals_int (GST_VIDEO_INFO_INTERLACE_MODE (&out_info),
            GST_VIDEO_INTERLACE_MODE_INTERLEAVED);
        fail_unless_equals_int (GST_VIDEO_INFO_FIELD_ORDER (&out_info),
            GST_VIDEO_FIELD_ORDER_BOTTOM_FIELD_FIRST);
        gst_caps_unref (caps);
        gst_harness_teardown (h);
        g_free (sink_caps);
        g_free (in_caps);
        g_free (extra);
      }
    }
  }
}

GST_END_TEST;

/* Mixed: each frame as its flag says.  The two references differ, so a
 * converter that ignores the flag fails one of the two frames. */
GST_START_TEST (test_mixed_interlacing)
{
  GstVideoInfo in_info;
  GstHarness *h = start_harness ("video/x-raw,format=Y444,width=33,"
      "height=15,framerate=30/1,interlace-mode=mixed", NULL, &in_info);
  GstCaps *caps;

  caps = convert_and_check (h, &in_info, (GstBufferFlags)
      (GST_VIDEO_BUFFER_FLAG_INTERLACED | GST_VIDEO_BUFFER_FLAG_TFF), 61,
      "mixed, interlaced frame");
  gst_caps_unref (caps);
  caps = convert_and_check (h, &in_info, 0, 62, "mixed, progressive frame");
  gst_caps_unref (caps);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* YUV matrix changes on interlaced 4:2:0: luma takes the chroma of its
 * own field. */
GST_START_TEST (test_interlaced_matrix_change)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
    gchar *in_caps = input_caps ("I420", &sizes[i],
        "interlace-mode=interleaved,colorimetry=bt601,chroma-site=jpeg");
    GstVideoInfo in_info;
    GstHarness *h = start_harness (in_caps,
        "video/x-raw,format=I420,colorimetry=bt709", &in_info);

    gst_caps_unref (convert_and_check (h, &in_info, 0, 70 + i, in_caps));
    gst_harness_teardown (h);
    g_free (in_caps);
  }
}

GST_END_TEST;

/* The output keeps the input's interlacing: interlaced input does not go
 * out progressive. */
GST_START_TEST (test_interlaced_refusals)
{
  fail_if (negotiates ("video/x-raw,format=Y444,width=16,height=8,"
          "framerate=30/1,interlace-mode=interleaved",
          "video/x-raw,format=I420,interlace-mode=progressive"));
}

GST_END_TEST;

/* In a pipeline, interlaced input links and runs; fields in separate
 * buffers (alternate) fail to link upstream of the element, where the
 * problem is. */
GST_START_TEST (test_interlaced_pipeline_links)
{
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=3 ! "
      "video/x-raw,format=Y444,width=64,height=48,interlace-mode=interleaved "
      "! pooledconvert ! video/x-raw,format=I420 ! fakesink", &error);
  GstMessage *msg;

  fail_unless (pipeline != NULL && error == NULL, "%s",
      error ? error->message : "");
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_ASYNC);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      10 * GST_SECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);

  pipeline = gst_parse_launch ("videotestsrc ! "
      "video/x-raw(format:Interlaced),format=I420,interlace-mode=alternate "
      "! pooledconvert name=convert ! fakesink", &error);
  fail_unless (error != NULL, "alternate linked");
  fail_unless (strstr (error->message, "to convert") != NULL,
      "the failure is not on the element's sink: %s", error->message);
  g_clear_error (&error);
  gst_clear_object (&pipeline);
}

GST_END_TEST;

/* Every format of three components (10-bit ones too) but 4:2:0, in the
 * sitings its walk does not make by itself and with interlaced fields:
 * the general path and the co-sited kernels (B, G, R orders included)
 * against the reference. */
GST_START_TEST (test_every_format_sited)
{
  const gchar *const *formats = pc_convert_formats (PC_FORMATS_ALL);
  static const gchar *cases[][2] = {
    {"", "mpeg2"}, {"", "cosited"}, {"interlace-mode=interleaved,", "mpeg2"},
    {"interlace-mode=interleaved,", "cosited"},
  };
  const Size size = { 33, 15 };
  guint f, c;

  for (f = 0; formats[f] != NULL; f++) {
    GstVideoFormat format = gst_video_format_from_string (formats[f]);
    PcFormatTraits traits;

    fail_unless (pc_convert_format_traits (format, &traits));
    if (!traits.general || traits.layout == PC_CHROMA_420)
      continue;
    for (c = 0; c < G_N_ELEMENTS (cases); c++) {
      gboolean h_kept = traits.layout == PC_CHROMA_422;
      gchar *extra = g_strdup_printf ("%schroma-site=%s", cases[c][0],
          h_kept ? "mpeg2" : "jpeg");
      gchar *in_caps = input_caps (formats[f], &size, extra);
      gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
          "chroma-site=%s", cases[c][1]);
      GstVideoInfo in_info;
      GstHarness *h = start_harness (in_caps, sink_caps, &in_info);

      gst_caps_unref (convert_and_check (h, &in_info, 0, 900 + f, in_caps));
      gst_harness_teardown (h);
      g_free (sink_caps);
      g_free (in_caps);
      g_free (extra);
    }
  }
}

GST_END_TEST;

/* Subsampled input, 8 and 10 bits, re-sited: every input siting to every
 * other, progressive and interlaced (rows of one field: co-sited on the
 * field's rows, centred as MPEG-2's), at odd and even sizes, and once
 * re-matrixed as well, against the reference's linear interpolation
 * between the nearest input chroma samples. */
GST_START_TEST (test_resite_subsampled)
{
  const gchar *const *formats = pc_convert_formats (PC_FORMATS_ALL);
  static const Size resite_sizes[] = { {1, 1}, {2, 2}, {5, 7}, {33, 15} };
  static const gchar *modes[] = { "progressive", "interleaved" };
  guint f, a, b, m, z, n = 0;

  for (f = 0; formats[f] != NULL; f++) {
    GstVideoFormat format = gst_video_format_from_string (formats[f]);
    PcFormatTraits traits;

    fail_unless (pc_convert_format_traits (format, &traits));
    if (!traits.general || (traits.layout != PC_CHROMA_420 &&
            traits.layout != PC_CHROMA_422))
      continue;
    for (m = 0; m < G_N_ELEMENTS (modes); m++) {
      for (a = 0; a < G_N_ELEMENTS (sitings); a++) {
        for (b = 0; b < G_N_ELEMENTS (sitings); b++) {
          if (a == b)
            continue;
          for (z = 0; z < G_N_ELEMENTS (resite_sizes); z++) {
            gchar *extra, *in_caps, *sink_caps, *what;
            GstVideoInfo in_info;
            GstHarness *h;
            GstCaps *caps;

            if (!keep_case (n++))
              continue;
            extra = g_strdup_printf ("interlace-mode=%s,"
                "chroma-site=%s,colorimetry=bt601", modes[m], sitings[a]);
            in_caps = input_caps (formats[f], &resite_sizes[z], extra);
            sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
                "chroma-site=%s%s", sitings[b],
                z == 3 ? ",colorimetry=bt709" : "");
            h = start_harness (in_caps, sink_caps, &in_info);
            what = g_strdup_printf ("%s -> %s", in_caps, sink_caps);
            caps = convert_and_check (h, &in_info,
                m == 1 ? GST_VIDEO_BUFFER_FLAG_INTERLACED : 0, 700 + f, what);

            fail_unless_equals_string (gst_structure_get_string
                (gst_caps_get_structure (caps, 0), "chroma-site"), sitings[b]);
            gst_caps_unref (caps);
            gst_harness_teardown (h);
            g_free (what);
            g_free (sink_caps);
            g_free (in_caps);
            g_free (extra);
          }
        }
      }
    }
  }
}

GST_END_TEST;

/* The 10-bit formats interlaced, in every siting (4:2:0 in its own siting
 * keeps its chroma rows as they are, in another it is re-sited across the
 * rows of each field), and mixed: each frame as its flag says. */
GST_START_TEST (test_tenbit_interlaced)
{
  static const gchar *modes[] = { "interleaved", "mixed" };
  const gchar *format = tenbit_formats[__i__];
  guint s, m, i, n = 0;

  for (m = 0; m < G_N_ELEMENTS (modes); m++) {
    for (s = 0; s < G_N_ELEMENTS (sitings); s++) {
      for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
        gchar *extra, *in_caps, *sink_caps, *what;
        GstVideoInfo in_info;
        GstHarness *h;

        if (!keep_case (n++))
          continue;
        extra = g_strdup_printf ("interlace-mode=%s,chroma-site=%s",
            modes[m], sitings[(s + 1) % G_N_ELEMENTS (sitings)]);
        in_caps = input_caps (format, &sizes[i], extra);
        sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
            "chroma-site=%s", sitings[s]);
        what = g_strdup_printf ("%s -> %s", in_caps, sitings[s]);
        h = start_harness (in_caps, sink_caps, &in_info);

        gst_caps_unref (convert_and_check (h, &in_info, (GstBufferFlags)
                GST_VIDEO_BUFFER_FLAG_INTERLACED, 510 + i, what));
        if (m == 1)
          gst_caps_unref (convert_and_check (h, &in_info, 0, 520 + i, what));
        gst_harness_teardown (h);
        g_free (what);
        g_free (sink_caps);
        g_free (in_caps);
        g_free (extra);
      }
    }
  }
}

GST_END_TEST;

/* The 4:4:4 layouts that hold U and V together and the RGB orders with
 * alpha or padding first: their co-sited columns go through the planar
 * kernel on split rows, or the RGBA kernel one byte in. */
static const gchar *split_formats[] = {
  "AYUV", "VUYA", "NV24", "ARGB", "ABGR", "xRGB", "xBGR",
};

/* @format at @size (with @extra input caps fields, may be NULL),
 * downstream asking for @sink_site (NULL: nothing): the caps say @site,
 * and the pixels are it, for a frame in the default layout (its last
 * pixel the buffer's last bytes) and for one strided by a video meta at
 * an odd offset (rows misaligned for every kernel). */
static void
check_format_sited (const gchar * format, const gchar * extra,
    const Size * size, const gchar * sink_site, const gchar * site,
    guint32 seed)
{
  gchar *in_caps = input_caps (format, size, extra);
  gchar *sink_caps = sink_site ? g_strdup_printf ("video/x-raw,format=I420,"
      "chroma-site=%s", sink_site) : NULL;
  gchar *what = g_strdup_printf ("%s -> %s", in_caps, site);
  GstVideoInfo in_info;
  GstHarness *h = start_harness (in_caps, sink_caps, &in_info);
  GstBuffer *inputs[2];
  guint i;

  inputs[0] = random_frame (&in_info, seed);
  inputs[1] = padded_frame (&in_info, 1 + seed % 3, 1 + seed % 5, seed);
  for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
    GstCaps *caps = convert_buffer_and_check (h, &in_info, inputs[i], 0,
        what);

    fail_unless_equals_string (gst_structure_get_string
        (gst_caps_get_structure (caps, 0), "chroma-site"), site);
    gst_caps_unref (caps);
  }
  gst_harness_teardown (h);
  g_free (what);
  g_free (sink_caps);
  g_free (in_caps);
}

/* Asked for mpeg2, at odd and even sizes, narrow (edge columns only) and
 * wide enough for every variant's vector loop. */
GST_START_TEST (test_split_formats_mpeg2)
{
  static const Size split_sizes[] = { {1, 1}, {2, 2}, {3, 5}, {4, 3},
  {33, 15}, {34, 9}, {130, 7}, {131, 4}
  };
  guint s;

  for (s = 0; s < G_N_ELEMENTS (split_sizes); s++)
    check_format_sited (split_formats[__i__], NULL, &split_sizes[s], "mpeg2",
        "mpeg2", 60 + s);
}

GST_END_TEST;

/* Asked for nothing, they follow GStreamer's default like every other
 * format: mpeg2 above 576 lines, jpeg up to it. */
GST_START_TEST (test_split_formats_default)
{
  static const Size tall[] = { {34, 578}, {35, 577} };
  static const Size short_size = { 33, 15 };
  guint s;

  for (s = 0; s < G_N_ELEMENTS (tall); s++)
    check_format_sited (split_formats[__i__], NULL, &tall[s], NULL, "mpeg2",
        40 + s);
  check_format_sited (split_formats[__i__], NULL, &short_size, NULL, "jpeg",
      45);
}

GST_END_TEST;

/* 10-bit 4:4:4 in every siting, 10-bit 4:2:2 and 4:2:0 kept or re-sited:
 * the input siting, then the output's. */
static const gchar *tenbit_cases[][3] = {
  {"Y444_10LE", "jpeg", "jpeg"}, {"Y444_10LE", "jpeg", "mpeg2"},
  {"Y444_10LE", "jpeg", "v-cosited"}, {"Y444_10LE", "jpeg", "cosited"},
  {"I422_10LE", "jpeg", "jpeg"}, {"I422_10LE", "jpeg", "v-cosited"},
  {"I422_10LE", "mpeg2", "mpeg2"}, {"I422_10LE", "mpeg2", "cosited"},
  /* re-sited through the stages */
  {"I422_10LE", "jpeg", "mpeg2"}, {"I422_10LE", "mpeg2", "v-cosited"},
  {"I420_10LE", "jpeg", "cosited"}, {"I420_10LE", "mpeg2", "jpeg"},
  {"P010_10LE", "jpeg", "mpeg2"}, {"P010_10LE", "cosited", "v-cosited"},
};

/* Asked for, at odd and even sizes, narrow (edge columns only), wide
 * enough for every vector loop, and one larger frame. */
GST_START_TEST (test_tenbit_sited)
{
  static const Size tenbit_sizes[] = { {1, 1}, {2, 2}, {3, 5}, {4, 3},
  {33, 15}, {34, 9}, {130, 7}, {131, 4}, {641, 481}
  };
  const gchar *const *c = tenbit_cases[__i__];
  gchar *extra = g_strdup_printf ("chroma-site=%s", c[1]);
  guint s;

  for (s = 0; s < G_N_ELEMENTS (tenbit_sizes); s++)
    check_format_sited (c[0], extra, &tenbit_sizes[s], c[2], c[2], 80 + s);
  g_free (extra);
}

GST_END_TEST;

/* Asked for nothing, above 576 lines they follow GStreamer's default,
 * mpeg2, like the 8-bit formats (4:2:2 input at that size is mpeg2 by
 * default too), and jpeg up to it. */
GST_START_TEST (test_tenbit_default)
{
  static const gchar *formats[] = { "Y444_10LE", "I422_10LE" };
  static const Size hd = { 1280, 720 }, odd_tall = { 35, 577 }, sd = { 33,
    15
  };
  const gchar *format = formats[__i__];

  check_format_sited (format, NULL, &hd, NULL, "mpeg2", 20);
  check_format_sited (format, NULL, &odd_tall, NULL, "mpeg2", 21);
  check_format_sited (format, NULL, &sd, NULL, "jpeg", 22);
}

GST_END_TEST;

/* ---- metas --------------------------------------------------------------- */

/* A meta that describes the colour space: it must not survive. */
static GType
colour_meta_api_get_type (void)
{
  static GType type = 0;
  static const gchar *tags[] = { GST_META_TAG_VIDEO_COLORSPACE_STR, NULL };

  if (g_once_init_enter (&type)) {
    GType t = gst_meta_api_type_register ("PcTestColourMetaAPI", tags);

    g_once_init_leave (&type, t);
  }
  return type;
}

static gboolean
colour_meta_init (GstMeta * meta, gpointer params, GstBuffer * buffer)
{
  return TRUE;
}

static gboolean
colour_meta_transform (GstBuffer * dest, GstMeta * meta, GstBuffer * buffer,
    GQuark type, gpointer data)
{
  return gst_buffer_add_meta (dest, meta->info, NULL) != NULL;
}

static const GstMetaInfo *
colour_meta_get_info (void)
{
  static const GstMetaInfo *info = NULL;

  if (g_once_init_enter ((GstMetaInfo **) & info)) {
    const GstMetaInfo *i = gst_meta_register (colour_meta_api_get_type (),
        "PcTestColourMeta", sizeof (GstMeta), colour_meta_init, NULL,
        colour_meta_transform);

    g_once_init_leave ((GstMetaInfo **) & info, (GstMetaInfo *) i);
  }
  return info;
}

static void
add_metas (GstBuffer * buffer)
{
  GstVideoCropMeta *crop = gst_buffer_add_video_crop_meta (buffer);
  GstVideoTimeCode tc;
  static const guint8 caption[] = { 0x94, 0x2c, 0x94, 0x2c };
  GstCaps *reference = gst_caps_new_empty_simple ("timestamp/x-ntp");

  gst_buffer_add_video_region_of_interest_meta (buffer, "face", 3, 5, 20, 10);
  crop->x = 2;
  crop->y = 4;
  crop->width = 30;
  crop->height = 20;
  gst_video_time_code_init (&tc, 30, 1, NULL, GST_VIDEO_TIME_CODE_FLAGS_NONE,
      1, 2, 3, 4, 0);
  gst_buffer_add_video_time_code_meta (buffer, &tc);
  gst_video_time_code_clear (&tc);
  gst_buffer_add_video_caption_meta (buffer, GST_VIDEO_CAPTION_TYPE_CEA608_RAW,
      caption, sizeof (caption));
  gst_buffer_add_reference_timestamp_meta (buffer, reference, 12345,
      GST_CLOCK_TIME_NONE);
  gst_caps_unref (reference);
  gst_buffer_add_meta (buffer, colour_meta_get_info (), NULL);
}

static void
check_metas (GstBuffer * out, const gchar * what)
{
  GstVideoRegionOfInterestMeta *roi =
      gst_buffer_get_video_region_of_interest_meta (out);
  GstVideoCropMeta *crop = gst_buffer_get_video_crop_meta (out);
  GstVideoTimeCodeMeta *tc = gst_buffer_get_video_time_code_meta (out);
  GstVideoCaptionMeta *cc = gst_buffer_get_video_caption_meta (out);
  GstReferenceTimestampMeta *ts =
      gst_buffer_get_reference_timestamp_meta (out, NULL);

  fail_unless (roi != NULL, "%s: ROI meta dropped", what);
  fail_unless_equals_string (g_quark_to_string (roi->roi_type), "face");
  fail_unless (roi->x == 3 && roi->y == 5 && roi->w == 20 && roi->h == 10);
  fail_unless (crop != NULL, "%s: crop meta dropped", what);
  fail_unless (crop->x == 2 && crop->y == 4 && crop->width == 30 &&
      crop->height == 20);
  fail_unless (tc != NULL, "%s: timecode meta dropped", what);
  fail_unless_equals_int (tc->tc.frames, 4);
  fail_unless (cc != NULL && cc->size == 4, "%s: caption meta dropped", what);
  fail_unless (ts != NULL && ts->timestamp == 12345,
      "%s: reference timestamp meta dropped", what);
  fail_unless (gst_buffer_get_meta (out, colour_meta_api_get_type ()) == NULL,
      "%s: a colorspace meta survived", what);
}

GST_START_TEST (test_metas_survive_conversion)
{
  static const gchar *formats[] = { "RGBA", "Y444", "Y42B" };
  const Size size = { 64, 48 };
  gchar *in_caps = input_caps (formats[__i__], &size, NULL);
  GstVideoInfo in_info;
  GstHarness *h = start_harness (in_caps, NULL, &in_info);
  GstBuffer *in = random_frame (&in_info, 3), *out;

  add_metas (in);
  out = gst_harness_push_and_pull (h, in);
  fail_unless (out != NULL);
  check_metas (out, in_caps);
  gst_buffer_unref (out);
  gst_harness_teardown (h);
  g_free (in_caps);
}

GST_END_TEST;

/* Passthrough hands on the buffer itself, every meta with it. */
GST_START_TEST (test_metas_survive_passthrough)
{
  GstVideoInfo in_info;
  GstHarness *h = start_harness ("video/x-raw,format=I420,width=64,"
      "height=48,framerate=30/1", NULL, &in_info);
  GstBuffer *in = random_frame (&in_info, 4), *out;

  add_metas (in);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out == in);
  fail_unless (gst_buffer_get_video_region_of_interest_meta (out) != NULL);
  fail_unless (gst_buffer_get_video_crop_meta (out) != NULL);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
fidelity_suite (void)
{
  Suite *s = suite_create ("fidelity");
  TCase *tc_siting = tcase_create ("siting");
  TCase *tc_matrix = tcase_create ("matrix");
  TCase *tc_interlace = tcase_create ("interlace");
  TCase *tc_meta = tcase_create ("meta");

  suite_add_tcase (s, tc_siting);
  tcase_add_loop_test (tc_siting, test_siting_requested_y444, 0,
      G_N_ELEMENTS (sitings));
  tcase_add_loop_test (tc_siting, test_siting_requested_rgba, 0,
      G_N_ELEMENTS (sitings));
  tcase_add_test (tc_siting, test_siting_requested_y42b);
  tcase_add_test (tc_siting, test_siting_default_is_labelled);
  tcase_add_test (tc_siting, test_siting_refusals);
  tcase_add_loop_test (tc_siting, test_split_formats_mpeg2, 0,
      G_N_ELEMENTS (split_formats));
  tcase_add_loop_test (tc_siting, test_split_formats_default, 0,
      G_N_ELEMENTS (split_formats));
  tcase_add_loop_test (tc_siting, test_tenbit_sited, 0,
      G_N_ELEMENTS (tenbit_cases));
  tcase_add_loop_test (tc_siting, test_tenbit_default, 0, 2);

  suite_add_tcase (s, tc_matrix);
  tcase_add_loop_test (tc_matrix, test_matrix_change_y444, 0,
      G_N_ELEMENTS (in_colorimetries));
  tcase_add_loop_test (tc_matrix, test_matrix_change_y42b, 0,
      G_N_ELEMENTS (in_colorimetries));
  tcase_add_loop_test (tc_matrix, test_matrix_change_i420, 0,
      G_N_ELEMENTS (in_colorimetries));
  tcase_add_loop_test (tc_matrix, test_matrix_change_tenbit, 0,
      G_N_ELEMENTS (tenbit_formats));
  tcase_add_test (tc_matrix, test_matrix_change_not_passthrough);
  tcase_add_loop_test (tc_matrix, test_gray_range_change, 0,
      G_N_ELEMENTS (gray_in_colorimetries) * G_N_ELEMENTS (gray_formats));
  tcase_add_loop_test (tc_matrix, test_rgb_limited_range, 0,
      G_N_ELEMENTS (rgb_limited_formats));
  tcase_add_test (tc_matrix, test_same_as_videoconvert);
  tcase_add_test (tc_matrix, test_colorimetry_carried_over);

  suite_add_tcase (s, tc_interlace);
  tcase_add_test (tc_interlace, test_interlaced_i420_passthrough);
  tcase_add_test (tc_interlace, test_interlaced_fields);
  tcase_add_test (tc_interlace, test_mixed_interlacing);
  tcase_add_test (tc_interlace, test_interlaced_matrix_change);
  tcase_add_test (tc_interlace, test_interlaced_refusals);
  tcase_add_test (tc_interlace, test_interlaced_pipeline_links);
  tcase_add_test (tc_interlace, test_every_format_sited);
  tcase_add_test (tc_interlace, test_resite_subsampled);
  tcase_add_loop_test (tc_interlace, test_tenbit_interlaced, 0,
      G_N_ELEMENTS (tenbit_formats));

  suite_add_tcase (s, tc_meta);
  tcase_add_loop_test (tc_meta, test_metas_survive_conversion, 0, 3);
  tcase_add_test (tc_meta, test_metas_survive_passthrough);

  return s;
}

/* GST_CHECK_MAIN, but a run for a kernel variant this CPU lacks is
 * skipped rather than passed with another variant. */
int
main (int argc, char **argv)
{
  if (forced_kernels_unavailable ())
    return PC_TEST_SKIP;

  gst_check_init (&argc, &argv);
  return gst_check_run_suite (fidelity_suite (), "fidelity", __FILE__);
}
