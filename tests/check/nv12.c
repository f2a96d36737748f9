/* pooledconvert tests
 * NV12 output: for every layout family, odd and even sizes, another
 * siting and colorimetry and interlaced frames, the interleaved chroma
 * plane and the luma against the double-precision reference the I420
 * suites use, and sample for sample against I420 output; NV12 in and out
 * passing through; which output downstream
 * gets; the same frames for any n-threads; the output's video meta and
 * strides; the pool reused, not refilled, frame after frame, and trimmed
 * after a burst; the plan alone in bands, to rows at odd addresses too;
 * the kind of stores a plan takes for 4K sub-bands.
 *
 * Environment: PC_TEST_REDUCED (set by .ci/stages/valgrind.sh) leaves the
 * tallest size, 22x531, out of the pixel sweeps.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "convert/convert.h"
#include "pixelcheck.h"
#include "reference.h"
#include "reference-siting.h"
#include "testutil.h"

#define NV12_ONLY "video/x-raw,format=NV12"

typedef struct
{
  gint width;
  gint height;
} Size;

/* 22x531: taller than two sub-bands of the output stage (128 chroma
 * rows for narrow frames), the last one ending inside */
static const Size sizes[] = {
  {1, 1}, {2, 2}, {3, 3}, {17, 9}, {9, 17}, {64, 48}, {131, 67}, {22, 531},
};

/* The sizes the pixel sweeps try: all, or under PC_TEST_REDUCED all but
 * the last (its sub-bands run whole in the normal suite and under ASan) */
static guint
sizes_to_try (void)
{
  return sweeps_sampled ()? G_N_ELEMENTS (sizes) - 1 : G_N_ELEMENTS (sizes);
}

/* one of each layout family: planar 4:2:0, 4:2:2, 4:4:4, 4:1:1, semi-planar
 * and packed 4:2:2 (U first and V first), semi-planar 4:4:4, packed 4:4:4
 * (U first and V first), planar RGB, RGB of 4 and 3 bytes, grey, 10, 12
 * and 16 bits, v210 */
static const gchar *formats[] = {
  "I420", "YV12", "Y42B", "Y444", "Y41B", "NV21", "NV16", "NV61", "NV24", "YUY2",
  "UYVY", "YVYU", "AYUV", "VUYA", "GBR", "GBRA", "RGBA", "BGRx", "RGB", "BGR", "GRAY8", "GRAY16_LE",
  "I420_10LE", "P010_10LE", "P016_LE", "I422_10LE", "Y444_10LE", "I420_12LE",
  "I422_12LE", "v210",
};

static GstHarness *
nv12_harness (const gchar * properties, const gchar * caps_str,
    const gchar * downstream)
{
  GstHarness *h = new_converter_harness (properties, NULL);

  gst_harness_set_sink_caps_str (h, downstream);
  gst_harness_set_src_caps_str (h, caps_str);
  return h;
}

/* The format reference of @in, in the output's matrix and range. */
static RefI420 *
format_reference (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info)
{
  RefColor color = ref_color_of (out_info);

  return reference_of_output (in_info, in, out_info, &color);
}

/* Converts a random frame of @caps_str to what @downstream takes, NV12,
 * and checks it against the reference: the format reference, or with
 * @sited the siting one (another siting, colorimetry, fields). */
static void
convert_and_check (const gchar * caps_str, const gchar * downstream,
    gboolean sited, guint32 seed)
{
  GstHarness *h = nv12_harness (NULL, caps_str, downstream);
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo in_info, out_info;
  GstBuffer *in, *out;
  RefI420 *ref;

  fail_unless (ref_video_info_from_caps (&in_info, caps), "%s", caps_str);
  in = random_frame (&in_info, seed);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "%s: no output", caps_str);
  out_info = harness_output_info (h);
  fail_unless_equals_string (gst_video_format_to_string
      (GST_VIDEO_INFO_FORMAT (&out_info)), "NV12");
  if (sited)
    ref = sited_reference_of_output (&in_info, in, &out_info);
  else
    ref = format_reference (&in_info, in, &out_info);
  check_nv12_against_reference (&out_info, out, ref,
      output_rounds_exactly (&in_info, &out_info), caps_str);

  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  gst_harness_teardown (h);
}

/* ---- pixels ---------------------------------------------------------------- */

GST_START_TEST (test_formats_to_nv12)
{
  guint s;

  for (s = 0; s < sizes_to_try (); s++) {
    gchar *caps_str = raw_input_caps (formats[__i__], sizes[s].width,
        sizes[s].height, NULL);

    convert_and_check (caps_str, NV12_ONLY, TRUE, s + 1);
    g_free (caps_str);
  }
}

GST_END_TEST;

/* Another siting, matrix and range than the input's (or than the
 * default's): the general walk and the fused co-sited ones. */
GST_START_TEST (test_sited_and_colorimetry)
{
  static const gchar *downstream[] = {
    NV12_ONLY ",chroma-site=jpeg,colorimetry=bt709",
    NV12_ONLY ",chroma-site=mpeg2,colorimetry=1:4:0:0",
    NV12_ONLY ",chroma-site=cosited,colorimetry=bt601",
  };
  static const gchar *inputs[] = { "I420", "NV12", "Y42B", "Y444", "YUY2",
    "RGBA", "RGB", "GRAY8", "P010_10LE", "I420_10LE"
  };
  guint d, s;

  for (d = 0; d < G_N_ELEMENTS (downstream); d++)
    for (s = 0; s < 3; s++) {
      GstVideoFormat format = gst_video_format_from_string (inputs[__i__]);
      /* RGB tagged bt601 would be limited-range RGB: its own default */
      gchar *caps_str = raw_input_caps (inputs[__i__], sizes[4 + s].width,
          sizes[4 + s].height, GST_VIDEO_FORMAT_INFO_IS_RGB
          (gst_video_format_get_info (format)) ? NULL :
          "colorimetry=bt601,chroma-site=mpeg2");

      convert_and_check (caps_str, downstream[d], TRUE, 10 * d + s);
      g_free (caps_str);
    }
}

GST_END_TEST;

GST_START_TEST (test_interlaced)
{
  static const gchar *inputs[] = { "I420", "NV21", "Y42B", "YUY2", "Y444",
    "RGBA", "BGR", "GRAY8", "P010_10LE"
  };
  static const gchar *downstream[] = {
    NV12_ONLY, NV12_ONLY ",chroma-site=jpeg",
  };
  guint d, s;

  for (d = 0; d < G_N_ELEMENTS (downstream); d++)
    for (s = 3; s < sizes_to_try (); s++) {
      gchar *caps_str = raw_input_caps (inputs[__i__], sizes[s].width,
          sizes[s].height, "interlace-mode=interleaved");

      convert_and_check (caps_str, downstream[d], TRUE, s);
      g_free (caps_str);
    }
}

GST_END_TEST;

/* @caps_str's frame made as @out_format for downstream caps that also
 * hold @asked (a siting or colorimetry field, "" for none), mapped into
 * @frame. */
static void
convert_to (const gchar * caps_str, GstBuffer * in, const gchar * out_format,
    const gchar * asked, GstVideoFrame * frame)
{
  gchar *downstream = g_strdup_printf ("video/x-raw,format=%s%s",
      out_format, asked);
  GstHarness *h = nv12_harness (NULL, caps_str, downstream);
  GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  GstVideoInfo info;

  fail_unless (out != NULL, "%s to %s: no output", caps_str, downstream);
  info = harness_output_info (h);
  fail_unless (gst_video_frame_map (frame, &info, out, GST_MAP_READ));
  gst_buffer_unref (out);
  g_free (downstream);
  gst_harness_teardown (h);
}

/* NV12 is I420 with U and V interleaved: whichever path makes its chroma
 * (pairs written by the walk, sub-bands, the input's own rows), every
 * sample is the one I420 output has, whose bytes golden pins.  The
 * reference sweeps above allow a difference of 1; this does not.  The
 * frames are SD: BT.709 asks for another matrix. */
GST_START_TEST (test_same_samples_as_i420)
{
  static const gchar *sites[] = { "", ",chroma-site=jpeg",
    ",chroma-site=mpeg2", ",chroma-site=cosited", ",colorimetry=bt709"
  };
  static const Size frames[] = { {3, 3}, {17, 9}, {64, 48}, {131, 67} };
  guint f, s, x, y;

  for (f = 0; f < G_N_ELEMENTS (frames); f++)
    for (s = 0; s < G_N_ELEMENTS (sites); s++) {
      gchar *caps_str = raw_input_caps (formats[__i__], frames[f].width,
          frames[f].height, NULL);
      GstVideoInfo in_info = video_info_from_string (caps_str);
      GstBuffer *in = random_frame (&in_info, 4 * f + s + 1);
      GstVideoFrame i420, nv12;
      guint width = frames[f].width, height = frames[f].height;

      convert_to (caps_str, in, "I420", sites[s], &i420);
      convert_to (caps_str, in, "NV12", sites[s], &nv12);
      for (y = 0; y < height; y++)
        fail_unless (memcmp (GST_VIDEO_FRAME_COMP_DATA (&i420, 0) +
                y * GST_VIDEO_FRAME_COMP_STRIDE (&i420, 0),
                GST_VIDEO_FRAME_COMP_DATA (&nv12, 0) +
                y * GST_VIDEO_FRAME_COMP_STRIDE (&nv12, 0), width) == 0,
            "%s%s: luma row %u differs from I420's", caps_str,
            sites[s], y);
      for (y = 0; y < (height + 1) / 2; y++) {
        const guint8 *u = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&i420,
            1) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&i420, 1);
        const guint8 *v = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&i420,
            2) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&i420, 2);
        const guint8 *uv = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&nv12,
            1) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&nv12, 1);

        for (x = 0; x < (width + 1) / 2; x++)
          fail_unless (uv[2 * x] == u[x] && uv[2 * x + 1] == v[x],
              "%s%s: chroma (%u, %u) is %u %u, I420's %u %u", caps_str,
              sites[s], x, y, uv[2 * x],
              uv[2 * x + 1], u[x], v[x]);
      }
      gst_video_frame_unmap (&nv12);
      gst_video_frame_unmap (&i420);
      gst_buffer_unref (in);
      g_free (caps_str);
    }
}

GST_END_TEST;

/* ---- passthrough and negotiation --------------------------------------------- */

GST_START_TEST (test_nv12_passthrough)
{
  gchar *caps_str = raw_input_caps ("NV12", 65, 33, NULL);
  GstHarness *h = nv12_harness (NULL, caps_str, NV12_ONLY);
  GstVideoInfo info = video_info_from_string (caps_str);
  GstBuffer *in = random_frame (&info, 7), *out;

  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out == in, "NV12 to NV12 is not passed through");
  fail_unless (gst_base_transform_is_passthrough (GST_BASE_TRANSFORM
          (h->element)));
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The format downstream's caps leave: I420 whenever it takes I420, in
 * whichever order or structure it lists them. */
GST_START_TEST (test_output_format_chosen)
{
  static const struct
  {
    const gchar *downstream;
    const gchar *made;
  } cases[] = {
    {NV12_ONLY, "NV12"},
    {"video/x-raw,format={ NV12, I420 }", "I420"},
    {"video/x-raw,format={ I420, NV12 }", "I420"},
    {"video/x-raw,format=NV12; video/x-raw,format=I420", "I420"},
    {"video/x-raw,format=NV12; video/x-raw,format=YUY2", "NV12"},
    {"video/x-raw", "I420"},
  };
  static const gchar *inputs[] = { "RGBA", "NV12", "I420", "Y444" };
  guint c, i;

  for (c = 0; c < G_N_ELEMENTS (cases); c++)
    for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
      gchar *caps_str = raw_input_caps (inputs[i], 32, 18, NULL);
      GstHarness *h = nv12_harness (NULL, caps_str, cases[c].downstream);
      GstVideoInfo info = video_info_from_string (caps_str), out_info;
      GstBuffer *out;

      out = gst_harness_push_and_pull (h, random_frame (&info, c));
      fail_unless (out != NULL);
      out_info = harness_output_info (h);
      fail_unless (g_strcmp0 (gst_video_format_to_string
              (GST_VIDEO_INFO_FORMAT (&out_info)), cases[c].made) == 0,
          "%s to %s: made %s, not %s", inputs[i], cases[c].downstream,
          gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (&out_info)),
          cases[c].made);
      gst_buffer_unref (out);
      g_free (caps_str);
      gst_harness_teardown (h);
    }
}

GST_END_TEST;

/* ---- threads, layout, pool --------------------------------------------------- */

/* n-threads=2 (more bands than sub-bands, and sub-bands that end inside
 * a band) gives the very bytes n-threads=1 gives. */
GST_START_TEST (test_threads_identical)
{
  static const gchar *inputs[] = { "RGBA", "Y444", "YUY2", "NV12", "I420",
    "P010_10LE"
  };
  static const Size frames[] = { {641, 359}, {130, 7}, {3, 5}, {1920, 1080} };
  guint f;

  for (f = 0; f < G_N_ELEMENTS (frames); f++) {
    gchar *caps_str = raw_input_caps (inputs[__i__], frames[f].width,
        frames[f].height, "chroma-site=mpeg2");
    GstVideoInfo info = video_info_from_string (caps_str);
    const gchar *downstream = NV12_ONLY ",chroma-site=jpeg";
    GstBuffer *in = random_frame (&info, f), *out[2];
    guint64 sums[2];
    guint t;

    for (t = 0; t < 2; t++) {
      gchar *properties = g_strdup_printf ("n-threads=%u", t + 1);
      GstHarness *h = nv12_harness (properties, caps_str, downstream);
      GstVideoInfo out_info;

      out[t] = gst_harness_push_and_pull (h, gst_buffer_ref (in));
      fail_unless (out[t] != NULL);
      out_info = harness_output_info (h);
      fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (&out_info),
          GST_VIDEO_FORMAT_NV12);
      sums[t] = visible_pixels_checksum (out[t], &out_info);
      gst_buffer_unref (out[t]);
      g_free (properties);
      gst_harness_teardown (h);
    }
    fail_unless (sums[0] == sums[1], "%s: n-threads=2 differs from 1",
        caps_str);
    gst_buffer_unref (in);
    g_free (caps_str);
  }
}

GST_END_TEST;

/* With a video meta downstream, the pool's NV12 buffers carry one that
 * says NV12, two planes, aligned strides, and the offsets the frame is
 * written at; the pixels read through it are the reference's. */
GST_START_TEST (test_video_meta_layout)
{
  gchar *caps_str = raw_input_caps ("RGBA", 99, 37, NULL);
  GstHarness *h = new_converter_harness (NULL, NULL);
  GstVideoInfo in_info = video_info_from_string (caps_str), out_info;
  GstBuffer *in = random_frame (&in_info, 3), *out;
  GstVideoMeta *meta;
  guint p;

  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_sink_caps_str (h, NV12_ONLY);
  gst_harness_set_src_caps_str (h, caps_str);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL);
  out_info = harness_output_info (h);
  meta = gst_buffer_get_video_meta (out);
  fail_unless (meta != NULL, "no video meta on the output");
  fail_unless_equals_int (meta->format, GST_VIDEO_FORMAT_NV12);
  fail_unless_equals_int (meta->n_planes, 2);
  fail_unless_equals_int (meta->width, 99);
  fail_unless_equals_int (meta->height, 37);
  for (p = 0; p < 2; p++) {
    fail_unless (meta->stride[p] >= 100, "plane %u stride %d", p,
        meta->stride[p]);
    fail_unless (meta->stride[p] % 16 == 0, "plane %u stride %d unaligned",
        p, meta->stride[p]);
  }
  fail_unless (meta->offset[1] >= meta->offset[0] + 37 * meta->stride[0]);
  fail_unless (gst_buffer_get_size (out) >= meta->offset[1] +
      19 * meta->stride[1]);
  check_nv12_against_reference (&out_info, out, format_reference (&in_info,
          in, &out_info), output_rounds_exactly (&in_info, &out_info),
      caps_str);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Input planes where a video meta puts them (strides padded, planes
 * reversed): the NV12 output is the reference's. */
GST_START_TEST (test_padded_input)
{
  static const gchar *inputs[] = { "I420", "NV21", "YUY2", "RGB", "Y444" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (inputs); i++) {
    gchar *caps_str = raw_input_caps (inputs[i], 45, 21, NULL);
    GstHarness *h = new_converter_harness (NULL, NULL);
    GstVideoInfo in_info = video_info_from_string (caps_str), out_info;
    GstBuffer *in = padded_frame (&in_info, 13, 7, i), *out;

    gst_harness_set_sink_caps_str (h, NV12_ONLY);
    gst_harness_set_src_caps_str (h, caps_str);
    out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    fail_unless (out != NULL);
    out_info = harness_output_info (h);
    check_nv12_against_reference (&out_info, out,
        format_reference (&in_info, in, &out_info),
        output_rounds_exactly (&in_info, &out_info), caps_str);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    g_free (caps_str);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* Frame after frame the pool hands back the same NV12 buffers: none is
 * allocated after the first frames, each is NV12's size. */
GST_START_TEST (test_pool_reused)
{
  gchar *caps_str = raw_input_caps ("YUY2", 161, 91, NULL);
  GstHarness *h = nv12_harness (NULL, caps_str, NV12_ONLY);
  GstVideoInfo in_info = video_info_from_string (caps_str), nv12;
  guint i;

  gst_video_info_set_format (&nv12, GST_VIDEO_FORMAT_NV12, 161, 91);
  for (i = 0; i < 4; i++) {
    GstBuffer *out = gst_harness_push_and_pull (h, random_frame (&in_info, i));

    fail_unless (out != NULL);
    gst_buffer_unref (out);
  }
  check_pool_steady (h, &in_info, &nv12, 50);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* After a burst of held NV12 buffers the pool trims back to what the
 * stream needs, one to two windows later. */
GST_START_TEST (test_pool_trims_after_burst)
{
  gchar *caps_str = raw_input_caps ("RGBA", 96, 54, NULL);
  GstHarness *h = nv12_harness ("trim-window=20 min-buffers=2", caps_str,
      NV12_ONLY);
  GstVideoInfo in_info = video_info_from_string (caps_str);
  GstBuffer *held[8];
  Stats st;
  guint i;

  for (i = 0; i < 40; i++)
    gst_buffer_unref (gst_harness_push_and_pull (h, random_frame (&in_info,
                i)));
  for (i = 0; i < G_N_ELEMENTS (held); i++)
    held[i] = gst_harness_push_and_pull (h, random_frame (&in_info, i));
  read_stats (h->element, &st);
  fail_unless (st.held >= G_N_ELEMENTS (held));
  for (i = 0; i < G_N_ELEMENTS (held); i++)
    gst_buffer_unref (held[i]);
  for (i = 0; i < 41; i++)
    gst_buffer_unref (gst_harness_push_and_pull (h, random_frame (&in_info,
                i)));
  read_stats (h->element, &st);
  fail_unless (st.held <= 2 + st.in_flight, "%" G_GUINT64_FORMAT " held",
      st.held);
  fail_unless (st.trimmed >= G_N_ELEMENTS (held) - 2, "%" G_GUINT64_FORMAT
      " trimmed", st.trimmed);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The plan alone, in bands as workers run them, last band first: NV12
 * in and out copied (the element passes it through instead), the direct
 * paths and the general way, also to rows at odd addresses, which ORC's
 * 2-byte stores leave to the twins. */
GST_START_TEST (test_plan_in_bands)
{
  static const gchar *inputs[] = { "NV12", "NV21", "I420", "YV12", "RGBA",
    "Y444", "YUY2", "P010_10LE"
  };
  static const Size frames[] = { {17, 9}, {66, 37}, {131, 20} };
  GstVideoFormat format = gst_video_format_from_string (inputs[__i__]);
  guint f, bands[] = { 2, 4, 18, 1000 }, b;

  for (f = 0; f < G_N_ELEMENTS (frames); f++)
    for (b = 0; b < G_N_ELEMENTS (bands); b++) {
      check_plan_in_bands_to (format, GST_VIDEO_FORMAT_NV12, frames[f].width,
          frames[f].height, bands[b], FALSE);
      check_plan_in_bands_to (format, GST_VIDEO_FORMAT_NV12, frames[f].width,
          frames[f].height, bands[b], TRUE);
    }
}

GST_END_TEST;

/* The kind of stores a plan takes, PC_STORES unset, for @in_format at
 * @width x @height to @out_format. */
static PcStores
plan_stores (const gchar * in_format, const gchar * out_format, gint width,
    gint height)
{
  GstVideoInfo in_info, out_info;
  PcConvertPlan plan = { 0 };
  PcStores stores;

  gst_video_info_set_format (&in_info,
      gst_video_format_from_string (in_format), width, height);
  gst_video_info_set_format (&out_info,
      gst_video_format_from_string (out_format), width, height);
  fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info), "%s -> %s",
      in_format, out_format);
  stores = plan.dsp->stores;
  pc_convert_plan_clear (&plan);
  return stores;
}

/* A frame above the streaming threshold streams, but where NV12's chroma
 * is made in the sub-bands' scratch and read back by the interleave,
 * only the kernels that write the frame stream (streaming-luma); the
 * direct and pairs paths, I420 out and a forced PC_STORES keep their
 * kind; a tier without streaming kernels has one kind, normal. */
GST_START_TEST (test_stores_of_sub_bands)
{
  const PcDsp *tier = pc_dsp_default ();
  gboolean streams = pc_dsp_with_stores (tier, PC_STORES_STREAMING) != tier;
  PcStores streaming = streams ? PC_STORES_STREAMING : PC_STORES_NORMAL;
  PcStores luma = streams ? PC_STORES_STREAMING_LUMA : PC_STORES_NORMAL;
  gchar *saved = env_override ("PC_STORES", NULL);

  /* packed RGB makes pairs only with a tier's own RGB pairs kernels */
  fail_unless_equals_int (plan_stores ("RGBA", "NV12", 3840, 2160),
      tier->rgb_pairs ? streaming : luma);
  /* GStreamer's default siting for 4:4:4 is co-sited: the sub-bands */
  fail_unless_equals_int (plan_stores ("Y444", "NV12", 3840, 2160), luma);
  fail_unless_equals_int (plan_stores ("Y42B", "NV12", 3840, 2160),
      streaming);
  fail_unless_equals_int (plan_stores ("Y42B", "I420", 3840, 2160), streaming);
  fail_unless_equals_int (plan_stores ("I420", "NV12", 3840, 2160), streaming);
  fail_unless_equals_int (plan_stores ("YUY2", "NV12", 3840, 2160), streaming);
  fail_unless_equals_int (plan_stores ("Y444", "NV12", 1280, 720),
      PC_STORES_NORMAL);
  g_setenv ("PC_STORES", "streaming", TRUE);
  fail_unless_equals_int (plan_stores ("Y444", "NV12", 3840, 2160), streaming);
  env_restore ("PC_STORES", saved);
}

GST_END_TEST;

static Suite *
nv12_suite (void)
{
  Suite *s = suite_create ("nv12");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, 300);
  tcase_add_loop_test (tc, test_formats_to_nv12, 0, G_N_ELEMENTS (formats));
  tcase_add_loop_test (tc, test_sited_and_colorimetry, 0, 10);
  tcase_add_loop_test (tc, test_interlaced, 0, 9);
  tcase_add_loop_test (tc, test_same_samples_as_i420, 0,
      G_N_ELEMENTS (formats));
  tcase_add_test (tc, test_nv12_passthrough);
  tcase_add_test (tc, test_output_format_chosen);
  tcase_add_loop_test (tc, test_threads_identical, 0, 6);
  tcase_add_test (tc, test_video_meta_layout);
  tcase_add_test (tc, test_padded_input);
  tcase_add_test (tc, test_pool_reused);
  tcase_add_test (tc, test_pool_trims_after_burst);
  tcase_add_loop_test (tc, test_plan_in_bands, 0, 8);
  tcase_add_test (tc, test_stores_of_sub_bands);
  return s;
}

PC_CHECK_MAIN_PER_VARIANT (nv12);
