/* pooledconvert tests
 * The element's pixels against the independent double-precision reference
 * in reference.c: every input format at odd and even sizes, every output
 * matrix and range, the default colorimetry, alpha, input strides from a
 * video meta, aligned output strides, and a real pipeline.
 *
 * YUV input is only resampled, so it must round exactly: one rounding of
 * the exact mean ((a + b + c + d + 2) >> 2, (a + b + 1) >> 1).  RGB input
 * goes through a Q16 integer matrix and may be off by at most one step.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "convert/convert.h"
#include "pool/gstpooledconvertpool.h"
#include "pixelcheck.h"
#include "reference.h"
#include "testutil.h"

typedef struct
{
  gint width;
  gint height;
} Size;

/* odd and even, degenerate, unaligned, and real-world sizes */
static const Size small_sizes[] = {
  {1, 1}, {1, 2}, {2, 1}, {2, 2}, {3, 3}, {17, 9}, {9, 17}, {64, 48},
};

static const Size large_sizes[] = {
  {641, 481}, {1920, 1080},
};

#define SMALL_FRAMES 3

static gchar *
input_caps_string (const gchar * format, gint width, gint height)
{
  return g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1", format, width, height);
}

/* A harness fed @caps_str; @sink_caps (may be NULL) is what the harness
 * sink accepts, which is how downstream picks the output colorimetry. */
static GstHarness *
new_harness_for_caps (const gchar * caps_str, const gchar * sink_caps,
    GstVideoInfo * in_info)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstCaps *caps = gst_caps_from_string (caps_str);

  if (sink_caps != NULL)
    gst_harness_set_sink_caps_str (h, sink_caps);
  gst_harness_set_src_caps_str (h, caps_str);
  fail_unless (gst_video_info_from_caps (in_info, caps));

  gst_caps_unref (caps);
  return h;
}

static GstHarness *
new_harness (const gchar * format, gint width, gint height,
    const gchar * sink_caps, GstVideoInfo * in_info)
{
  gchar *caps_str = input_caps_string (format, width, height);
  GstHarness *h = new_harness_for_caps (caps_str, sink_caps, in_info);

  g_free (caps_str);
  return h;
}

static RefMatrix
ref_matrix_of (GstVideoColorMatrix matrix)
{
  switch (matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT601:
      return REF_BT601;
    case GST_VIDEO_COLOR_MATRIX_BT709:
      return REF_BT709;
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      return REF_BT2020;
    default:
      fail ("unexpected output matrix %d", matrix);
      return REF_BT601;
  }
}

/* ---- YUV input: exact rounding ------------------------------------------- */

static void
check_yuv_size (const gchar * format, gint width, gint height, guint frames)
{
  RefColor unused = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info;
  GstHarness *h = new_harness (format, width, height, NULL, &in_info);
  guint i;

  for (i = 0; i < frames; i++) {
    gchar *what = g_strdup_printf ("%s %dx%d frame %u", format, width, height,
        i);

    gst_buffer_unref (push_and_check (h, &in_info, random_frame (&in_info,
                1000 * width + height + i), &unused, TRUE, what));
    g_free (what);
  }
  gst_harness_teardown (h);
}

GST_START_TEST (test_y444_exact)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (small_sizes); i++)
    check_yuv_size ("Y444", small_sizes[i].width, small_sizes[i].height,
        SMALL_FRAMES);
  for (i = 0; i < G_N_ELEMENTS (large_sizes); i++)
    check_yuv_size ("Y444", large_sizes[i].width, large_sizes[i].height, 1);
}

GST_END_TEST;

GST_START_TEST (test_y42b_exact)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (small_sizes); i++)
    check_yuv_size ("Y42B", small_sizes[i].width, small_sizes[i].height,
        SMALL_FRAMES);
  for (i = 0; i < G_N_ELEMENTS (large_sizes); i++)
    check_yuv_size ("Y42B", large_sizes[i].width, large_sizes[i].height, 1);
}

GST_END_TEST;

/* Chroma planes that are flat but for one value per 2x2 block: a
 * converter that averages twice (rounding up twice) or truncates gives
 * other numbers than one rounding of the four-sample sum. */
GST_START_TEST (test_y444_rounding_corner_cases)
{
  RefColor unused = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info;
  GstHarness *h = new_harness ("Y444", 8, 4, NULL, &in_info);
  GstBuffer *in = random_frame (&in_info, 11);
  GstVideoFrame frame;
  guint plane, x, y;
  /* 2x2 blocks: (0 1 / 0 0) sums to 1, (1 1 / 1 0) to 3, (2 3 / 2 2) to 9,
   * (0 0 / 0 2) to 2: expected 0, 1, 2, 1 */
  static const guint8 blocks[4][4] = {
    {0, 1, 0, 0}, {1, 1, 1, 0}, {2, 3, 2, 2}, {0, 0, 0, 2},
  };

  fail_unless (gst_video_frame_map (&frame, &in_info, in, GST_MAP_WRITE));
  for (plane = 1; plane < 3; plane++) {
    for (y = 0; y < 4; y++) {
      guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, plane) +
          y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, plane);

      for (x = 0; x < 8; x++) {
        const guint8 *b = blocks[(x / 2 + y / 2 + plane) % 4];

        row[x] = b[(y % 2) * 2 + x % 2] + (plane == 2 ? 100 : 0);
      }
    }
  }
  gst_video_frame_unmap (&frame);

  gst_buffer_unref (push_and_check (h, &in_info, in, &unused, TRUE,
          "Y444 rounding corner cases"));
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Equal I420 caps in and out: the same buffer comes back untouched. */
static void
check_i420_passthrough (const gchar * caps_str)
{
  RefColor unused = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info;
  GstHarness *h = new_harness_for_caps (caps_str, NULL, &in_info);
  GstBuffer *in = random_frame (&in_info, 21);
  GstBuffer *out;

  out = push_and_check (h, &in_info, gst_buffer_ref (in), &unused, TRUE,
      caps_str);
  fail_unless (out == in, "%s: not passed through, the frame was copied",
      caps_str);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

/* Caps as gst_video_info_to_caps() writes them, as most sources send. */
GST_START_TEST (test_i420_passthrough)
{
  check_i420_passthrough ("video/x-raw,format=I420,width=17,height=9,"
      "framerate=30/1,interlace-mode=progressive,pixel-aspect-ratio=1/1");
}

GST_END_TEST;

/* Caps without interlace-mode, as an application or a capsfilter writes
 * them, mean progressive too: the same caps, so no copy either. */
GST_START_TEST (test_i420_passthrough_minimal_caps)
{
  check_i420_passthrough ("video/x-raw,format=I420,width=17,height=9,"
      "framerate=30/1");
}

GST_END_TEST;

/* ---- RGBA input: matrices, ranges, defaults ------------------------------ */

/* Every 2x2 block one corner of the RGB cube, then blocks that mix two
 * corners: the chroma extremes, where full range saturates. */
static GstBuffer *
cube_corner_buffer (const GstVideoInfo * info)
{
  GstBuffer *buffer = random_frame (info, 31);
  GstVideoFrame frame;
  gint x, y;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  for (y = 0; y < GST_VIDEO_INFO_HEIGHT (info); y++) {
    guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (x = 0; x < GST_VIDEO_INFO_WIDTH (info); x++) {
      guint block = (x / 2) % 8;
      /* the second half of the frame mixes the corner with its opposite */
      guint corner = (y / 2) % 2 && x % 2 ? 7 - block : block;

      row[4 * x + 0] = corner & 1 ? 255 : 0;
      row[4 * x + 1] = corner & 2 ? 255 : 0;
      row[4 * x + 2] = corner & 4 ? 255 : 0;
    }
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

static void
check_rgba_colorimetry (RefMatrix matrix, gboolean full_range)
{
  gchar *colorimetry = ref_colorimetry_string (matrix, full_range);
  gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
      "colorimetry=%s", colorimetry);
  RefColor color = ref_color (matrix, full_range);
  guint i, f;

  for (i = 0; i < G_N_ELEMENTS (small_sizes); i++) {
    const Size *s = &small_sizes[i];
    GstVideoInfo in_info, out_info;
    GstHarness *h = new_harness ("RGBA", s->width, s->height, sink_caps,
        &in_info);

    for (f = 0; f < SMALL_FRAMES; f++) {
      gchar *what = g_strdup_printf ("RGBA %dx%d -> %s frame %u", s->width,
          s->height, colorimetry, f);
      GstBuffer *in = f == 0 ? cube_corner_buffer (&in_info) :
          random_frame (&in_info, 100 * i + f);

      gst_buffer_unref (push_and_check (h, &in_info, in, &color, FALSE, what));
      g_free (what);
    }

    /* the element says what it produced, and it is what was asked */
    out_info = harness_output_info (h);
    fail_unless_equals_int (ref_matrix_of (out_info.colorimetry.matrix),
        matrix);
    fail_unless_equals_int (out_info.colorimetry.range, full_range ?
        GST_VIDEO_COLOR_RANGE_0_255 : GST_VIDEO_COLOR_RANGE_16_235);
    gst_harness_teardown (h);
  }

  g_free (sink_caps);
  g_free (colorimetry);
}

GST_START_TEST (test_rgba_bt601)
{
  check_rgba_colorimetry (REF_BT601, FALSE);
  check_rgba_colorimetry (REF_BT601, TRUE);
}

GST_END_TEST;

GST_START_TEST (test_rgba_bt709)
{
  check_rgba_colorimetry (REF_BT709, FALSE);
  check_rgba_colorimetry (REF_BT709, TRUE);
}

GST_END_TEST;

GST_START_TEST (test_rgba_bt2020)
{
  check_rgba_colorimetry (REF_BT2020, FALSE);
  check_rgba_colorimetry (REF_BT2020, TRUE);
}

GST_END_TEST;

/* Downstream that does not name a colorimetry gets what GStreamer assumes
 * for I420: BT.601 up to 576 lines, BT.709 above, limited range.  The caps
 * must say so and the pixels must follow that matrix. */
GST_START_TEST (test_rgba_default_colorimetry)
{
  static const Size sizes[] = {
    {1, 1}, {2, 1}, {64, 48}, {16, 576}, {16, 577}, {641, 481}, {20, 720},
    {1920, 1080},
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++) {
    const Size *s = &sizes[i];
    RefMatrix expected = s->height > 576 ? REF_BT709 : REF_BT601;
    RefColor color = ref_color (expected, FALSE);
    GstVideoInfo in_info, out_info;
    GstHarness *h = new_harness ("RGBA", s->width, s->height, NULL, &in_info);
    gchar *what = g_strdup_printf ("RGBA %dx%d, default colorimetry",
        s->width, s->height);

    gst_buffer_unref (push_and_check (h, &in_info, random_frame (&in_info,
                s->width + s->height), &color, FALSE, what));

    out_info = harness_output_info (h);
    fail_unless (ref_matrix_of (out_info.colorimetry.matrix) == expected,
        "%s: matrix %d in the caps", what, out_info.colorimetry.matrix);
    fail_unless_equals_int (out_info.colorimetry.range,
        GST_VIDEO_COLOR_RANGE_16_235);

    g_free (what);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* The same RGB with a different alpha gives the same I420, byte for byte. */
GST_START_TEST (test_rgba_alpha_ignored)
{
  RefColor color = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info, out_info;
  GstHarness *h = new_harness ("RGBA", 17, 9, NULL, &in_info);
  GstBuffer *opaque = random_frame (&in_info, 41);
  GstBuffer *other = gst_buffer_copy_deep (opaque);
  GstBuffer *out1, *out2;
  GstVideoFrame f1, f2;
  GstMapInfo map;
  gsize i;
  guint plane;
  gint y;

  fail_unless (gst_buffer_map (opaque, &map, GST_MAP_WRITE));
  for (i = 3; i < map.size; i += 4)
    map.data[i] = 255;
  gst_buffer_unmap (opaque, &map);
  fail_unless (gst_buffer_map (other, &map, GST_MAP_WRITE));
  for (i = 3; i < map.size; i += 4)
    map.data[i] = i * 37;       /* anything but constant */
  gst_buffer_unmap (other, &map);

  out1 = push_and_check (h, &in_info, opaque, &color, FALSE, "opaque");
  out2 = push_and_check (h, &in_info, other, &color, FALSE, "varying alpha");
  out_info = harness_output_info (h);

  fail_unless (gst_video_frame_map (&f1, &out_info, out1, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&f2, &out_info, out2, GST_MAP_READ));
  for (plane = 0; plane < 3; plane++) {
    for (y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&f1, plane); y++) {
      fail_unless (memcmp ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&f1, plane)
              + y * GST_VIDEO_FRAME_PLANE_STRIDE (&f1, plane),
              (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&f2, plane) +
              y * GST_VIDEO_FRAME_PLANE_STRIDE (&f2, plane),
              GST_VIDEO_FRAME_COMP_WIDTH (&f1, plane)) == 0,
          "alpha changed plane %u row %d", plane, y);
    }
  }
  gst_video_frame_unmap (&f1);
  gst_video_frame_unmap (&f2);

  gst_buffer_unref (out1);
  gst_buffer_unref (out2);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- input strides from a video meta ------------------------------------- */

/* Each size in the default (centred) siting, co-sited columns (the
 * [1 2 1] kernels) and co-sited rows (the general path). */
static void
check_padded_input (const gchar * format, gsize start, gint pad)
{
  static const Size sizes[] = { {1, 1}, {3, 3}, {17, 9}, {64, 48} };
  static const gchar *sitings[] = { NULL,
    "video/x-raw,format=I420,chroma-site=mpeg2",
    "video/x-raw,format=I420,chroma-site=v-cosited"
  };
  RefColor color = ref_color (REF_BT601, FALSE);
  gboolean exact = strcmp (format, "RGBA") != 0;
  guint i, f, s;

  for (i = 0; i < 3 * G_N_ELEMENTS (sizes); i++) {
    const Size *size = &sizes[i / 3];
    GstVideoInfo in_info;
    GstHarness *h;

    /* a 4:2:2 input keeps its horizontal siting: only its rows vary */
    s = i % 3;
    if (strcmp (format, "Y42B") == 0 && s == 1)
      continue;
    h = new_harness (format, size->width, size->height, sitings[s], &in_info);
    for (f = 0; f < 2; f++) {
      gchar *what = g_strdup_printf ("%s %dx%d (%s), planes at +%"
          G_GSIZE_FORMAT " with strides padded by %d, frame %u", format,
          size->width, size->height, sitings[s] ? sitings[s] : "default",
          start, pad, f);

      gst_buffer_unref (push_and_check (h, &in_info, padded_frame (&in_info,
                  start + f, pad, 51 + i + f), &color, exact, what));
      g_free (what);
    }
    gst_harness_teardown (h);
  }
}

GST_START_TEST (test_yuv_input_strides)
{
  check_padded_input ("Y444", 37, 13);
  check_padded_input ("Y42B", 37, 13);
  check_padded_input ("Y444", 64, 64);
  check_padded_input ("Y42B", 5, 1);
}

GST_END_TEST;

/* Padding that keeps every RGBA row on an 8-byte boundary. */
GST_START_TEST (test_rgba_input_strides_8_aligned)
{
  GstVideoInfo in_info;
  RefColor color = ref_color (REF_BT601, FALSE);
  GstHarness *h = new_harness ("RGBA", 17, 9, NULL, &in_info);

  gst_buffer_unref (push_and_check (h, &in_info, padded_frame (&in_info, 64,
              28, 61), &color, FALSE, "RGBA 17x9, stride 96, plane at +64"));
  gst_buffer_unref (push_and_check (h, &in_info, padded_frame (&in_info, 8,
              4, 62), &color, FALSE, "RGBA 17x9, stride 72, plane at +8"));
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Any offset and stride a video meta may carry: rows land on every byte
 * boundary, which the RGB chroma kernel must cope with. */
GST_START_TEST (test_rgba_input_strides_any)
{
  check_padded_input ("RGBA", 37, 13);
  check_padded_input ("RGBA", 4, 2);
}

GST_END_TEST;

/* ---- output strides ------------------------------------------------------ */

/* Downstream that understands GstVideoMeta gets the pool's aligned layout:
 * strides, plane offsets and plane starts on GST_POOLED_CONVERT_POOL_ALIGN. */
static void
check_aligned_output (const gchar * format, gint width, gint height,
    guint frames)
{
  RefColor color = ref_color (height > 576 ? REF_BT709 : REF_BT601, FALSE);
  gboolean exact = strcmp (format, "RGBA") != 0;
  GstVideoInfo in_info, out_info;
  GstHarness *h = gst_harness_new ("pooledconvert");
  gchar *caps_str = input_caps_string (format, width, height);
  GstCaps *caps = gst_caps_from_string (caps_str);
  guint f, p;

  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_src_caps_str (h, caps_str);
  fail_unless (gst_video_info_from_caps (&in_info, caps));

  for (f = 0; f < frames; f++) {
    gchar *what = g_strdup_printf ("%s %dx%d to aligned I420, frame %u",
        format, width, height, f);
    GstBuffer *out = push_and_check (h, &in_info, random_frame (&in_info,
            71 + f), &color, exact, what);
    GstVideoMeta *meta = gst_buffer_get_video_meta (out);
    GstVideoFrame frame;

    fail_unless (meta != NULL, "%s: no video meta on the output", what);
    fail_unless_equals_int (meta->n_planes, 3);
    fail_unless_equals_int (meta->width, width);
    fail_unless_equals_int (meta->height, height);
    out_info = harness_output_info (h);
    fail_unless (gst_video_frame_map (&frame, &out_info, out, GST_MAP_READ));
    for (p = 0; p < meta->n_planes; p++) {
      fail_unless (meta->stride[p] % GST_POOLED_CONVERT_POOL_ALIGN == 0,
          "%s: plane %u stride %d", what, p, meta->stride[p]);
      fail_unless (meta->offset[p] % GST_POOLED_CONVERT_POOL_ALIGN == 0,
          "%s: plane %u offset %" G_GSIZE_FORMAT, what, p, meta->offset[p]);
      fail_unless (meta->stride[p] >= GST_VIDEO_INFO_COMP_WIDTH (&out_info,
              p), "%s: plane %u stride %d too short", what, p, meta->stride[p]);
      fail_unless ((guintptr) GST_VIDEO_FRAME_PLANE_DATA (&frame, p) %
          GST_POOLED_CONVERT_POOL_ALIGN == 0, "%s: plane %u starts at %p", what,
          p, GST_VIDEO_FRAME_PLANE_DATA (&frame, p));
    }
    gst_video_frame_unmap (&frame);

    gst_buffer_unref (out);
    g_free (what);
  }

  gst_caps_unref (caps);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_START_TEST (test_aligned_output_strides)
{
  check_aligned_output ("Y444", 1, 1, 2);
  check_aligned_output ("Y444", 17, 9, 3);
  check_aligned_output ("Y42B", 65, 7, 3);
  check_aligned_output ("RGBA", 17, 9, 3);
  check_aligned_output ("RGBA", 641, 481, 1);
}

GST_END_TEST;

/* Streaming stores (PC_STORES=streaming) into the default layout (no video
 * meta downstream) of widths whose rows start at every alignment: each
 * streaming kernel meets misaligned heads, tails and whole rows, which
 * take normal stores, and must still give the exact output. */
GST_START_TEST (test_streaming_misaligned_output)
{
  static const gchar *const formats[] = { "Y444", "Y42B", "NV12", "NV16",
    "NV24", "YUY2", "UYVY", "AYUV", "YV12"
  };
  static const gint widths[] = { 1000, 1030, 1090 };
  gchar *saved = env_override ("PC_STORES", "streaming");
  guint f, w;

  for (f = 0; f < G_N_ELEMENTS (formats); f++)
    for (w = 0; w < G_N_ELEMENTS (widths); w++)
      check_yuv_size (formats[f], widths[w], 6, 2);
  env_restore ("PC_STORES", saved);
}

GST_END_TEST;

/* Without GstVideoMeta downstream the output must be the default layout
 * for the caps: that is all such a downstream can read. */
GST_START_TEST (test_default_output_layout)
{
  RefColor color = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info, out_info;
  GstHarness *h = new_harness ("Y444", 17, 9, NULL, &in_info);
  GstBuffer *out = push_and_check (h, &in_info, random_frame (&in_info, 81),
      &color, TRUE, "Y444 17x9, default layout");
  GstVideoMeta *meta = gst_buffer_get_video_meta (out);
  guint p;

  out_info = harness_output_info (h);
  fail_unless (gst_buffer_get_size (out) >= GST_VIDEO_INFO_SIZE (&out_info));
  if (meta != NULL) {
    for (p = 0; p < 3; p++) {
      fail_unless_equals_int (meta->stride[p],
          GST_VIDEO_INFO_PLANE_STRIDE (&out_info, p));
      fail_unless_equals_int (meta->offset[p],
          GST_VIDEO_INFO_PLANE_OFFSET (&out_info, p));
    }
  }
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- caps change --------------------------------------------------------- */

/* New caps mid-stream (size and format) build a new plan: the frames after
 * the change follow the new caps. */
GST_START_TEST (test_caps_change)
{
  RefColor color = ref_color (REF_BT601, FALSE);
  GstVideoInfo in_info;
  GstHarness *h = new_harness ("Y42B", 17, 9, NULL, &in_info);
  gchar *caps_str;
  GstCaps *caps;

  gst_buffer_unref (push_and_check (h, &in_info, random_frame (&in_info, 91),
          &color, TRUE, "Y42B 17x9 before the change"));

  caps_str = input_caps_string ("RGBA", 33, 15);
  gst_harness_set_src_caps_str (h, caps_str);
  caps = gst_caps_from_string (caps_str);
  fail_unless (gst_video_info_from_caps (&in_info, caps));
  gst_buffer_unref (push_and_check (h, &in_info, random_frame (&in_info, 92),
          &color, FALSE, "RGBA 33x15 after the change"));
  gst_buffer_unref (push_and_check (h, &in_info, random_frame (&in_info, 93),
          &color, FALSE, "RGBA 33x15, second frame"));

  gst_caps_unref (caps);
  g_free (caps_str);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- real pipelines ------------------------------------------------------ */

static void
expect_eos (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

  fail_unless (msg != NULL, "no EOS");
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_object_unref (bus);
}

/* appsrc -> pooledconvert -> appsink, the frames we made ourselves. */
GST_START_TEST (test_pipeline_appsrc)
{
  RefColor unused = ref_color (REF_BT601, FALSE);
  gchar *caps_str = input_caps_string ("Y42B", 33, 17);
  gchar *launch = g_strdup_printf ("appsrc name=src format=time caps=\"%s\" "
      "! pooledconvert ! appsink name=sink sync=false", caps_str);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *src, *sink;
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstVideoInfo in_info;
  GstBuffer *frames[3];
  GstFlowReturn flow;
  guint i;

  fail_unless (pipeline != NULL);
  fail_unless (gst_video_info_from_caps (&in_info, caps));
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  for (i = 0; i < G_N_ELEMENTS (frames); i++) {
    frames[i] = random_frame (&in_info, 101 + i);
    GST_BUFFER_PTS (frames[i]) = i * GST_SECOND / 30;
    GST_BUFFER_DURATION (frames[i]) = GST_SECOND / 30;
    g_signal_emit_by_name (src, "push-buffer", frames[i], &flow);
    fail_unless_equals_int (flow, GST_FLOW_OK);
  }
  g_signal_emit_by_name (src, "end-of-stream", &flow);

  for (i = 0; i < G_N_ELEMENTS (frames); i++) {
    GstSample *sample = pull_sample (sink);
    GstVideoInfo out_info;
    gchar *what = g_strdup_printf ("appsrc Y42B 33x17 frame %u", i);

    fail_unless (gst_video_info_from_caps (&out_info,
            gst_sample_get_caps (sample)));
    fail_unless_equals_uint64 (GST_BUFFER_PTS (gst_sample_get_buffer
            (sample)), GST_BUFFER_PTS (frames[i]));
    check_output (&in_info, frames[i], &out_info,
        gst_sample_get_buffer (sample), &unused, TRUE, what);
    gst_sample_unref (sample);
    gst_buffer_unref (frames[i]);
    g_free (what);
  }
  expect_eos (pipeline);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  gst_caps_unref (caps);
  g_free (launch);
  g_free (caps_str);
}

GST_END_TEST;

/* videotestsrc's frames, teed: one branch keeps the very input frame, the
 * other converts it to full-range BT.709 chosen by a capsfilter. */
GST_START_TEST (test_pipeline_videotestsrc)
{
  gchar *colorimetry = ref_colorimetry_string (REF_BT709, TRUE);
  gchar *output = g_strdup_printf ("video/x-raw,colorimetry=%s", colorimetry);
  RefColor color = ref_color (REF_BT709, TRUE);
  GstVideoInfo out_info;

  check_teed_pipeline ("video/x-raw,format=RGBA,width=95,height=63,"
      "framerate=30/1", output, 3, &color, FALSE, &out_info);
  fail_unless_equals_int (out_info.colorimetry.matrix,
      GST_VIDEO_COLOR_MATRIX_BT709);
  fail_unless_equals_int (out_info.colorimetry.range,
      GST_VIDEO_COLOR_RANGE_0_255);
  g_free (output);
  g_free (colorimetry);
}

GST_END_TEST;

GST_START_TEST (test_plan_bands)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_Y444,
    GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420
  };
  static const Size sizes[] = { {1, 1}, {3, 5}, {17, 9}, {66, 48}, {129, 7} };
  guint f, i, band_rows;

  for (f = 0; f < G_N_ELEMENTS (formats); f++)
    for (i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (band_rows = 2; band_rows <= 6; band_rows += 2)
        check_plan_in_bands (formats[f], sizes[i].width, sizes[i].height,
            band_rows);
}

GST_END_TEST;

/* The 10-bit conversions a fused walk makes, made by the stages too: the
 * same bytes, since both sum the 10-bit samples exactly and round once,
 * (sum + half) >> bits.  The plan is built as the element builds it, then
 * sent through the general walk instead. */
static void
check_stages_match_fused (const gchar * format, const gchar * in_site,
    const gchar * out_site, gint width, gint height, guint32 seed)
{
  gchar *in_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
      "height=%d,framerate=30/1,colorimetry=bt709,chroma-site=%s", format,
      width, height, in_site);
  gchar *out_str = g_strdup_printf ("video/x-raw,format=I420,width=%d,"
      "height=%d,framerate=30/1,colorimetry=bt709,chroma-site=%s", width,
      height, out_site);
  GstVideoInfo in_info = video_info_from_string (in_str);
  GstVideoInfo out_info = video_info_from_string (out_str);
  PcConvertPlan fused = { 0 }, stages = { 0 };
  PcSiting in_siting, out_siting;
  PcMatrix3 matrix;
  GstBuffer *in = random_frame (&in_info, seed);
  GstBuffer *outs[2];
  GstVideoFrame in_frame, out_frames[2];
  GstMapInfo fused_map, stages_map;
  guint k;

  GST_VIDEO_INFO_CHROMA_SITE (&in_info) =
      gst_video_chroma_site_from_string (in_site);
  GST_VIDEO_INFO_CHROMA_SITE (&out_info) =
      gst_video_chroma_site_from_string (out_site);
  fail_unless (pc_convert_plan_init (&fused, &in_info, &out_info), "%s",
      in_str);
  fail_unless (fused.progressive == PC_STRATEGY_FUSED, "%s -> %s: not fused",
      in_str, out_site);
  fail_unless (pc_convert_plan_init (&stages, &in_info, &out_info));
  fail_unless (pc_siting_from_chroma_site (GST_VIDEO_INFO_CHROMA_SITE
          (&in_info), &in_siting));
  fail_unless (pc_siting_from_chroma_site (GST_VIDEO_INFO_CHROMA_SITE
          (&out_info), &out_siting));
  /* 4:2:2 keeps its rows: only its columns are sited */
  if (GST_VIDEO_INFO_COMP_HEIGHT (&in_info, 1) == height)
    in_siting.v_cosited = out_siting.v_cosited;
  fail_unless (pc_matrix3_init (&matrix, &in_info,
          &GST_VIDEO_INFO_COLORIMETRY (&out_info)));
  fail_unless (pc_matrix3_is_identity (&matrix));
  stages.progressive = PC_STRATEGY_GENERAL;
  stages.siting = out_siting;
  pc_stages_init (&stages.stages, &in_info, stages.format, &in_siting,
      &out_siting, &matrix);
  pc_row_scratch_clear (&stages.scratch);
  pc_row_scratch_init (&stages.scratch, &stages);

  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  for (k = 0; k < 2; k++) {
    outs[k] = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&out_info),
        NULL);
    gst_buffer_memset (outs[k], 0, 0x5a, GST_VIDEO_INFO_SIZE (&out_info));
    fail_unless (gst_video_frame_map (&out_frames[k], &out_info, outs[k],
            GST_MAP_WRITE));
    pc_convert_plan_run (k == 0 ? &fused : &stages, &in_frame, &out_frames[k]);
    gst_video_frame_unmap (&out_frames[k]);
  }
  gst_video_frame_unmap (&in_frame);
  fail_unless (gst_buffer_map (outs[0], &fused_map, GST_MAP_READ));
  fail_unless (gst_buffer_map (outs[1], &stages_map, GST_MAP_READ));
  fail_unless (memcmp (fused_map.data, stages_map.data, fused_map.size) == 0,
      "%s -> %s: the stages and the fused walk differ", in_str, out_site);
  gst_buffer_unmap (outs[0], &fused_map);
  gst_buffer_unmap (outs[1], &stages_map);

  for (k = 0; k < 2; k++)
    gst_buffer_unref (outs[k]);
  gst_buffer_unref (in);
  pc_convert_plan_clear (&fused);
  pc_convert_plan_clear (&stages);
  g_free (out_str);
  g_free (in_str);
}

GST_START_TEST (test_tenbit_stages_match_fused)
{
  static const gchar *cases[][3] = {
    {"Y444_10LE", "jpeg", "jpeg"}, {"Y444_10LE", "jpeg", "mpeg2"},
    {"Y444_10LE", "jpeg", "v-cosited"}, {"Y444_10LE", "jpeg", "cosited"},
    {"I422_10LE", "jpeg", "jpeg"}, {"I422_10LE", "mpeg2", "cosited"},
    {"I420_10LE", "mpeg2", "mpeg2"}, {"P010_10LE", "cosited", "cosited"},
  };
  static const Size sizes[] = { {1, 1}, {3, 5}, {33, 15}, {130, 7} };
  guint c, i;

  for (c = 0; c < G_N_ELEMENTS (cases); c++)
    for (i = 0; i < G_N_ELEMENTS (sizes); i++)
      check_stages_match_fused (cases[c][0], cases[c][1], cases[c][2],
          sizes[i].width, sizes[i].height, 40 + c * 8 + i);
}

GST_END_TEST;

/* The matrix changes and re-sitings whose rows the rung makes in fused
 * kernels (stage_block_matrix, _16, stage_block_fold16, the fused chroma
 * rows, stage_resite_pairs, _pairs16, stage_resite_words), made by the
 * separate stages too (the plan's tier with PcDsp.fuses_matrix and
 * resites_pairs cleared): the same bytes, since both sum the same
 * samples and round once.  On a rung without the fused kernels both runs
 * take the stages. */
static void
check_fused_matches_stages (const gchar * format, const gchar * colorimetry,
    const gchar * site, gint width, gint height, guint32 seed)
{
  gchar *in_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
      "height=%d,framerate=30/1,colorimetry=bt709", format, width, height);
  gchar *out_str = g_strdup_printf ("video/x-raw,format=I420,width=%d,"
      "height=%d,framerate=30/1,colorimetry=%s", width, height, colorimetry);
  gchar *request = g_strdup_printf ("%s, %s", colorimetry, site);
  GstVideoInfo in_info = video_info_from_string (in_str);
  GstVideoInfo out_info = video_info_from_string (out_str);
  PcDsp apart;
  PcConvertPlan plans[2] = { {0}, {0} };
  GstBuffer *in = random_frame (&in_info, seed);
  GstBuffer *outs[2];
  GstMapInfo maps[2];
  GstVideoFrame in_frame, out_frame;
  guint k;

  GST_VIDEO_INFO_CHROMA_SITE (&in_info) = GST_VIDEO_CHROMA_SITE_MPEG2;
  GST_VIDEO_INFO_CHROMA_SITE (&out_info) =
      gst_video_chroma_site_from_string (site);
  for (k = 0; k < 2; k++)
    fail_unless (pc_convert_plan_init (&plans[k], &in_info, &out_info), "%s",
        in_str);
  /* the plan's tier with its stores, the fused kernels taken out */
  apart = *plans[1].dsp;
  apart.fuses_matrix = apart.resites_pairs = FALSE;
  plans[1].dsp = &apart;
  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  for (k = 0; k < 2; k++) {
    outs[k] = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&out_info),
        NULL);
    gst_buffer_memset (outs[k], 0, 0x5a, GST_VIDEO_INFO_SIZE (&out_info));
    fail_unless (gst_video_frame_map (&out_frame, &out_info, outs[k],
            GST_MAP_WRITE));
    pc_convert_plan_run (&plans[k], &in_frame, &out_frame);
    gst_video_frame_unmap (&out_frame);
    fail_unless (gst_buffer_map (outs[k], &maps[k], GST_MAP_READ));
  }
  gst_video_frame_unmap (&in_frame);
  fail_unless (memcmp (maps[0].data, maps[1].data, maps[0].size) == 0,
      "%s -> %s: the fused kernels and the stages differ", in_str, request);
  for (k = 0; k < 2; k++) {
    gst_buffer_unmap (outs[k], &maps[k]);
    gst_buffer_unref (outs[k]);
    pc_convert_plan_clear (&plans[k]);
  }
  gst_buffer_unref (in);
  g_free (request);
  g_free (out_str);
  g_free (in_str);
}

GST_START_TEST (test_fused_matches_stages)
{
  static const gchar *formats[] = { "I420", "NV12", "Y42B", "Y444",
    "I420_10LE", "I420_12LE", "I422_10LE", "P010_10LE", "Y444_10LE"
  };
  /* two matrix changes; the sitings the output's chroma may take */
  static const gchar *requests[][2] = {
    {"bt601", "mpeg2"}, {"1:4:0:0", "mpeg2"}, {"bt709", "jpeg"},
    {"bt709", "v-cosited"}, {"bt709", "cosited"},
  };
  static const Size sizes[] = { {2, 2}, {3, 5}, {66, 10}, {129, 7} };
  guint f, r, i;

  for (f = 0; f < G_N_ELEMENTS (formats); f++)
    for (r = 0; r < G_N_ELEMENTS (requests); r++)
      for (i = 0; i < G_N_ELEMENTS (sizes); i++)
        check_fused_matches_stages (formats[f], requests[r][0],
            requests[r][1], sizes[i].width, sizes[i].height,
            90 + f * 32 + r * 4 + i);
}

GST_END_TEST;

/* Runs @plan on @in into a new buffer, with its prefetch set to
 * @prefetch. */
static GstBuffer *
run_with_prefetch (PcConvertPlan * plan, const GstVideoInfo * in_info,
    GstBuffer * in, const GstVideoInfo * out_info, gboolean prefetch)
{
  GstBuffer *out = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (out_info), NULL);
  GstVideoFrame in_frame, out_frame;

  gst_buffer_memset (out, 0, 0x5a, GST_VIDEO_INFO_SIZE (out_info));
  fail_unless (gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out_frame, out_info, out, GST_MAP_WRITE));
  plan->prefetch = prefetch;
  pc_convert_plan_run (plan, &in_frame, &out_frame);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  return out;
}

/* PC_PREFETCH reaches the plan (and its log line), and the walks that
 * prefetch give the same bytes with it on and off: a prefetch only asks
 * for rows sooner.  Re-matrixed rows, which the AVX2 matrix kernels ask
 * for themselves, and re-sited ones, which the general walk asks for on
 * every rung. */
GST_START_TEST (test_prefetch_setting)
{
  static const gchar *cases[][3] = {
    {"NV12", "bt601", "mpeg2"}, {"I420", "bt2020", "mpeg2"},
    {"YUY2", "bt709", "mpeg2"}, {"UYVY", "bt601", "mpeg2"},
    {"P010_10LE", "bt601", "mpeg2"}, {"NV12", "bt709", "jpeg"},
    {"Y42B", "bt709", "v-cosited"}, {"P010_10LE", "bt709", "cosited"},
  };
  gchar *saved = env_override ("PC_PREFETCH", NULL);
  guint c;

  for (c = 0; c < G_N_ELEMENTS (cases); c++) {
    gchar *in_str = g_strdup_printf ("video/x-raw,format=%s,width=262,"
        "height=37,framerate=30/1,colorimetry=bt709,chroma-site=mpeg2",
        cases[c][0]);
    gchar *out_str = g_strdup_printf ("video/x-raw,format=I420,width=262,"
        "height=37,framerate=30/1,colorimetry=%s,chroma-site=%s",
        cases[c][1], cases[c][2]);
    GstVideoInfo in_info = video_info_from_string (in_str);
    GstVideoInfo out_info = video_info_from_string (out_str);
    PcConvertPlan plan = { 0 };
    GstBuffer *in = random_frame (&in_info, 300 + c);
    GstBuffer *with, *without;
    GstMapInfo a, b;
    gchar *line;

    g_setenv ("PC_PREFETCH", "on", TRUE);
    fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info), "%s -> %s",
        in_str, out_str);
    fail_unless (plan.prefetch, "%s: PC_PREFETCH=on not taken", in_str);
    line = pc_convert_plan_describe (&plan, &in_info, &out_info);
    fail_unless (strstr (line, ", prefetch on") != NULL, "%s", line);
    g_free (line);
    pc_convert_plan_clear (&plan);
    g_setenv ("PC_PREFETCH", "off", TRUE);
    fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info));
    fail_if (plan.prefetch, "%s: PC_PREFETCH=off not taken", in_str);
    g_setenv ("PC_PREFETCH", "", TRUE);
    pc_convert_plan_clear (&plan);
    fail_unless (pc_convert_plan_init (&plan, &in_info, &out_info));
    fail_unless_equals_int (plan.prefetch, pc_dsp_cpu_prefetch_pays ());

    with = run_with_prefetch (&plan, &in_info, in, &out_info, TRUE);
    without = run_with_prefetch (&plan, &in_info, in, &out_info, FALSE);
    fail_unless (gst_buffer_map (with, &a, GST_MAP_READ));
    fail_unless (gst_buffer_map (without, &b, GST_MAP_READ));
    fail_unless (a.size == b.size && memcmp (a.data, b.data, a.size) == 0,
        "%s -> %s: the prefetch changed the output", in_str, out_str);
    gst_buffer_unmap (with, &a);
    gst_buffer_unmap (without, &b);

    gst_buffer_unref (with);
    gst_buffer_unref (without);
    gst_buffer_unref (in);
    pc_convert_plan_clear (&plan);
    g_free (out_str);
    g_free (in_str);
  }
  env_restore ("PC_PREFETCH", saved);
}

GST_END_TEST;

static Suite *
conversion_suite (void)
{
  Suite *s = suite_create ("conversion");
  TCase *tc_yuv = tcase_create ("yuv");
  TCase *tc_rgba = tcase_create ("rgba");
  TCase *tc_layout = tcase_create ("layout");
  TCase *tc_pipeline = tcase_create ("pipeline");

  suite_add_tcase (s, tc_yuv);
  tcase_add_test (tc_yuv, test_y444_exact);
  tcase_add_test (tc_yuv, test_y42b_exact);
  tcase_add_test (tc_yuv, test_y444_rounding_corner_cases);
  tcase_add_test (tc_yuv, test_tenbit_stages_match_fused);
  tcase_add_test (tc_yuv, test_fused_matches_stages);
  tcase_add_test (tc_yuv, test_i420_passthrough);
  tcase_add_test (tc_yuv, test_i420_passthrough_minimal_caps);

  suite_add_tcase (s, tc_rgba);
  tcase_add_test (tc_rgba, test_rgba_bt601);
  tcase_add_test (tc_rgba, test_rgba_bt709);
  tcase_add_test (tc_rgba, test_rgba_bt2020);
  tcase_add_test (tc_rgba, test_rgba_default_colorimetry);
  tcase_add_test (tc_rgba, test_rgba_alpha_ignored);

  suite_add_tcase (s, tc_layout);
  tcase_add_test (tc_layout, test_yuv_input_strides);
  tcase_add_test (tc_layout, test_rgba_input_strides_8_aligned);
  tcase_add_test (tc_layout, test_rgba_input_strides_any);
  tcase_add_test (tc_layout, test_aligned_output_strides);
  tcase_add_test (tc_layout, test_default_output_layout);
  tcase_add_test (tc_layout, test_streaming_misaligned_output);
  tcase_add_test (tc_layout, test_prefetch_setting);
  tcase_add_test (tc_layout, test_caps_change);
  tcase_add_test (tc_layout, test_plan_bands);

  suite_add_tcase (s, tc_pipeline);
  tcase_add_test (tc_pipeline, test_pipeline_appsrc);
  tcase_add_test (tc_pipeline, test_pipeline_videotestsrc);

  return s;
}

PC_CHECK_MAIN_PER_VARIANT (conversion);
