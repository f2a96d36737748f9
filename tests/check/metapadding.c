/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Video metas larger than the caps.  A decoder may hand out frames whose
 * GstVideoMeta is wider and taller than the negotiated caps (its padded
 * picture); GStreamer allows it, and the element must convert the caps'
 * picture from the meta's strides and planes without reading a column or a
 * row beyond it.
 *
 * Every walk: each input format x progressive, interleaved and mixed (a
 * frame flagged interlaced and one not) x each output siting the element
 * negotiates for it (jpeg, mpeg2, v-cosited, cosited) x the input's matrix
 * and another (bt601 and bt709 out; a change of matrix for YUV input) x
 * n-threads 1, 2 and 3.  The visible pixels are pushed once in a tight
 * buffer without a meta, then in buffers whose meta is 1, 16 or 32768
 * columns wider and 1 or 7 rows taller, the padding filled with 0 and 255
 * alternating: every output byte must equal the tight frame's output.  The
 * 32768-column cases are 16x4 and 17x5 frames, so a buffer stays near 2 MB;
 * 17x9 and 18x7 give odd last columns and rows.
 *
 * A meta narrower or shorter than the caps is refused with an ERROR.
 *
 * Environment: PC_TEST_REDUCED (set by .ci/stages/valgrind.sh) keeps one
 * configuration (interlacing, siting, colorimetry) in REDUCED_STRIDE.
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
#include "testutil.h"

/* under PC_TEST_REDUCED, one configuration in this many runs */
#define REDUCED_STRIDE 5

typedef struct
{
  guint columns;
  guint rows;
} Padding;

/* columns 1 and 16, rows 1 and 7, alone and together */
static const Padding narrow_paddings[] = {
  {1, 0}, {16, 0}, {0, 1}, {0, 7}, {1, 1}, {1, 7}, {16, 1}, {16, 7},
};

static const Padding wide_paddings[] = { {32768, 0}, {32768, 1}, {32768, 7} };

/* no size has more paddings than these */
G_STATIC_ASSERT (G_N_ELEMENTS (wide_paddings) <=
    G_N_ELEMENTS (narrow_paddings));

typedef struct
{
  gint width;
  gint height;
  const Padding *paddings;
  guint n_paddings;
} Size;

static const Size sizes[] = {
  {17, 9, narrow_paddings, G_N_ELEMENTS (narrow_paddings)},
  {18, 7, narrow_paddings, G_N_ELEMENTS (narrow_paddings)},
  {16, 4, wide_paddings, G_N_ELEMENTS (wide_paddings)},
  {17, 5, wide_paddings, G_N_ELEMENTS (wide_paddings)},
};

typedef enum
{
  PROGRESSIVE,
  INTERLEAVED,
  MIXED,
  N_INTERLACINGS
} Interlacing;

static const gchar *interlace_modes[] = {
  [PROGRESSIVE] = "progressive",
  [INTERLEAVED] = "interleaved",
  [MIXED] = "mixed",
};

static const gchar *sitings[] = { "jpeg", "mpeg2", "v-cosited", "cosited" };

/* the output matrix; YUV input is BT.601, so bt709 re-matrixes it */
static const gchar *out_colorimetries[] = { "bt601", "bt709" };

static const guint thread_counts[] = { 1, 2, 3 };

typedef struct
{
  const gchar *format;
  Interlacing interlacing;
  const gchar *siting;
  const gchar *colorimetry;
} Config;

/* ---- frames -------------------------------------------------------------- */

static gchar *
input_caps (const Config * c, const Size * size)
{
  GstVideoFormat format = gst_video_format_from_string (c->format);
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  /* grey, like YUV, tagged BT.601, so that its bt601 runs keep the
   * matrix and range and its other runs change them */
  gboolean yuv = GST_VIDEO_FORMAT_INFO_IS_YUV (finfo) ||
      GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo);

  return g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1,interlace-mode=%s%s", c->format, size->width,
      size->height, interlace_modes[c->interlacing],
      yuv ? ",colorimetry=bt601" : "");
}

/* The visible pixels of @tight (a frame of @info in the default layout) in
 * a buffer whose video meta is @padding larger than @info, every byte
 * outside the picture 0 and 255 alternating. */
static GstBuffer *
padded_copy (const GstVideoInfo * info, GstBuffer * tight,
    const Padding * padding)
{
  GstVideoInfo big;
  GstVideoFrame from, to;
  GstBuffer *buffer;
  GstMapInfo map;
  guint plane, row;
  gsize done;

  fail_unless (gst_video_info_set_interlaced_format (&big,
          GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_INTERLACE_MODE (info),
          GST_VIDEO_INFO_WIDTH (info) + padding->columns,
          GST_VIDEO_INFO_HEIGHT (info) + padding->rows));
  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&big), NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  /* 0, 255, then the bytes so far doubled: a few calls for 2 MB */
  map.data[0] = 0;
  map.data[1] = 255;
  for (done = 2; done < map.size; done *= 2)
    memcpy (map.data + done, map.data, MIN (done, map.size - done));
  gst_buffer_unmap (buffer, &map);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (&big), GST_VIDEO_INFO_WIDTH (&big),
      GST_VIDEO_INFO_HEIGHT (&big), GST_VIDEO_INFO_N_PLANES (&big),
      big.offset, big.stride);

  fail_unless (gst_video_frame_map (&from, info, tight, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&to, info, buffer, GST_MAP_WRITE));
  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (info); plane++) {
    gsize bytes = pc_convert_plane_row_bytes (info, plane);

    for (row = 0; row < pc_convert_plane_rows (info, plane); row++)
      memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&to, plane) +
          (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&to, plane),
          (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&from, plane) +
          (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&from, plane), bytes);
  }
  gst_video_frame_unmap (&to);
  gst_video_frame_unmap (&from);
  GST_BUFFER_FLAGS (buffer) = GST_BUFFER_FLAGS (tight);
  return buffer;
}

/* Fails unless @out holds the same I420 picture (of @info) as @expected,
 * naming the first sample that differs; when neither has a meta (both from
 * the element's pool) every byte, row padding included, must be equal. */
static void
assert_same_output (const GstVideoInfo * info, GstBuffer * expected,
    GstBuffer * out, const gchar * what)
{
  GstVideoFrame e, o;
  guint plane, row, x;

  fail_unless (gst_video_frame_map (&e, info, expected, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&o, info, out, GST_MAP_READ));
  for (plane = 0; plane < 3; plane++) {
    for (row = 0; row < pc_convert_plane_rows (info, plane); row++) {
      const guint8 *a = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&e,
          plane) + (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&e, plane);
      const guint8 *b = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&o,
          plane) + (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (&o, plane);

      /* each check marks a point through a pipe: only on a difference */
      for (x = 0; x < pc_convert_plane_row_bytes (info, plane); x++)
        if (a[x] != b[x])
          fail ("%s: plane %u row %u column %u is %u, %u without padding",
              what, plane, row, x, b[x], a[x]);
    }
  }
  gst_video_frame_unmap (&o);
  gst_video_frame_unmap (&e);

  if (gst_buffer_get_video_meta (expected) == NULL &&
      gst_buffer_get_video_meta (out) == NULL) {
    GstMapInfo me, mo;

    fail_unless (gst_buffer_map (expected, &me, GST_MAP_READ));
    fail_unless (gst_buffer_map (out, &mo, GST_MAP_READ));
    fail_unless (me.size == mo.size && memcmp (me.data, mo.data,
            me.size) == 0, "%s: the output's row padding differs", what);
    gst_buffer_unmap (out, &mo);
    gst_buffer_unmap (expected, &me);
  }
}

/* ---- the sweep ----------------------------------------------------------- */

static GstBuffer *
convert (GstHarness * h, GstBuffer * in, guint n_threads)
{
  g_object_set (h->element, "n-threads", n_threads, NULL);
  return gst_harness_push_and_pull (h, gst_buffer_ref (in));
}

/* The input frames of one format, interlacing and size: the tight frame
 * and its padded copies, once as they come and, for mixed, once more
 * flagged interlaced.  Made once and pushed for every configuration:
 * filling a padded buffer (2 MB at the widest) was most of the suite's
 * time when each configuration made its own. */
typedef struct
{
  guint n_flagged;
  GstBuffer *tight[2];
  GstBuffer *padded[2][G_N_ELEMENTS (narrow_paddings)];
} Frames;

static void
frames_init (Frames * f, Interlacing interlacing, const GstVideoInfo * info,
    const Size * size, guint32 seed)
{
  guint flagged, p;

  f->n_flagged = interlacing == MIXED ? 2 : 1;
  f->tight[0] = random_frame (info, seed);
  if (f->n_flagged == 2) {
    f->tight[1] = gst_buffer_copy (f->tight[0]);
    GST_BUFFER_FLAG_SET (f->tight[1], GST_VIDEO_BUFFER_FLAG_INTERLACED);
  }
  for (flagged = 0; flagged < f->n_flagged; flagged++)
    for (p = 0; p < size->n_paddings; p++)
      f->padded[flagged][p] = padded_copy (info, f->tight[flagged],
          &size->paddings[p]);
}

static void
frames_clear (Frames * f, const Size * size)
{
  guint flagged, p;

  for (flagged = 0; flagged < f->n_flagged; flagged++) {
    gst_buffer_unref (f->tight[flagged]);
    for (p = 0; p < size->n_paddings; p++)
      gst_buffer_unref (f->padded[flagged][p]);
  }
}

/* @frames of @size through @h, negotiated for @c: the padded frames must
 * give the tight frame's output.  Returns the number of frames compared. */
static guint
check_frames (GstHarness * h, const Config * c, const GstVideoInfo * out_info,
    const Size * size, const Frames * frames)
{
  guint flagged, p, t, n = 0;

  for (flagged = 0; flagged < frames->n_flagged; flagged++) {
    GstBuffer *expected = convert (h, frames->tight[flagged], 1);

    fail_unless (expected != NULL);
    /* thread counts outermost: a change of n-threads remakes the workers */
    for (t = 0; t < G_N_ELEMENTS (thread_counts); t++) {
      for (p = 0; p < size->n_paddings; p++) {
        GstBuffer *out = convert (h, frames->padded[flagged][p],
            thread_counts[t]);
        gchar *what = g_strdup_printf ("%s %dx%d %s%s -> %s %s, meta %u "
            "columns and %u rows larger, n-threads=%u", c->format,
            size->width, size->height, interlace_modes[c->interlacing],
            flagged ? " (flagged)" : "", c->siting, c->colorimetry,
            size->paddings[p].columns, size->paddings[p].rows,
            thread_counts[t]);

        fail_unless (out != NULL, "%s: no output", what);
        assert_same_output (out_info, expected, out, what);
        gst_buffer_unref (out);
        g_free (what);
        n++;
      }
    }
    gst_buffer_unref (expected);
  }
  return n;
}

/* Runs @c at every size, on one harness, so that each new size is a
 * change of caps with the workers of the last n-threads running:
 * @frames[s] are size s's frames.  FALSE when the element does not
 * negotiate it (whether it does, does not depend on the size).  Frames
 * compared are added to @compared. */
static gboolean
check_config (const Config * c, const Frames * frames, guint * compared)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  gchar *sink_caps = g_strdup_printf ("video/x-raw,format=I420,"
      "chroma-site=%s,colorimetry=%s", c->siting, c->colorimetry);
  gboolean taken = TRUE;
  guint s;

  gst_harness_set_sink_caps_str (h, sink_caps);
  for (s = 0; s < G_N_ELEMENTS (sizes) && taken; s++) {
    gchar *caps = input_caps (c, &sizes[s]);
    GstFlowReturn ret;

    gst_harness_set_src_caps_str (h, caps);
    ret = gst_harness_push (h, gst_buffer_ref (frames[s].tight[0]));
    fail_unless (ret == GST_FLOW_OK || (s == 0 &&
            ret == GST_FLOW_NOT_NEGOTIATED), "%s -> %s: %s", caps, sink_caps,
        gst_flow_get_name (ret));
    if (ret == GST_FLOW_OK) {
      GstVideoInfo out_info = harness_output_info (h);
      GstVideoColorimetry asked;

      gst_buffer_unref (gst_harness_pull (h));
      fail_unless_equals_int (GST_VIDEO_INFO_CHROMA_SITE (&out_info),
          gst_video_chroma_site_from_string (c->siting));
      fail_unless (gst_video_colorimetry_from_string (&asked, c->colorimetry));
      fail_unless_equals_int (out_info.colorimetry.matrix, asked.matrix);
      *compared += check_frames (h, c, &out_info, &sizes[s], &frames[s]);
    } else {
      taken = FALSE;
    }
    g_free (caps);
  }
  gst_harness_teardown (h);
  g_free (sink_caps);
  return taken;
}

GST_START_TEST (test_padded_metas)
{
  const gchar *format = pc_convert_formats (PC_FORMATS_ALL)[__i__];
  guint n_configs = G_N_ELEMENTS (sitings) * G_N_ELEMENTS (out_colorimetries);
  guint i, s, k, configs = 0, compared = 0;
  guint stride_start = (guint) __i__ % REDUCED_STRIDE;

  for (i = 0; i < N_INTERLACINGS; i++) {
    Frames frames[G_N_ELEMENTS (sizes)];

    for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
      Config probe = { format, i };
      gchar *caps = input_caps (&probe, &sizes[s]);
      GstVideoInfo in_info = video_info_from_string (caps);

      frames_init (&frames[s], i, &in_info, &sizes[s], 1000 * __i__ + 10 * i +
          s);
      g_free (caps);
    }
    for (k = 0; k < n_configs; k++) {
      Config c = { format, i, sitings[k / G_N_ELEMENTS (out_colorimetries)],
        out_colorimetries[k % G_N_ELEMENTS (out_colorimetries)]
      };

      if (sweeps_sampled () &&
          (i * n_configs + k) % REDUCED_STRIDE != stride_start)
        continue;
      if (check_config (&c, frames, &compared))
        configs++;
    }
    for (s = 0; s < G_N_ELEMENTS (sizes); s++)
      frames_clear (&frames[s], &sizes[s]);
  }
  g_print ("metapadding %s: %u configurations negotiated, %u padded frames "
      "compared\n", format, configs, compared);
  /* every format converts progressive frames in GStreamer's sitings */
  fail_unless (sweeps_sampled ()
      || configs > 0, "%s: nothing negotiated", format);
}

GST_END_TEST;

/* ---- smaller metas ------------------------------------------------------- */

/* A meta one column narrower or one row shorter than the caps cannot hold
 * the frame: an ERROR and no output, on the general walk, a format's own
 * walk and I420 passthrough. */
GST_START_TEST (test_smaller_meta_refused)
{
  static const gchar *cases[][2] = {
    {"RGBA", "interleaved"}, {"Y444", "progressive"},
    {"NV12", "progressive"}, {"I420", "progressive"},
  };
  const gchar *format = cases[__i__ / 2][0];
  gboolean narrower = __i__ % 2 == 0;
  gchar *caps = g_strdup_printf ("video/x-raw,format=%s,width=17,height=9,"
      "framerate=30/1,interlace-mode=%s", format, cases[__i__ / 2][1]);
  GstVideoInfo info = video_info_from_string (caps);
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstBus *bus = gst_bus_new ();
  GstBuffer *in = random_frame (&info, __i__);
  GstMessage *msg;

  /* a harness element has no bus: give it one to catch its error */
  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps_str (h, caps);
  gst_buffer_add_video_meta_full (in, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_INFO_WIDTH (&info) -
      (narrower ? 1 : 0), GST_VIDEO_INFO_HEIGHT (&info) - (narrower ? 0 : 1),
      GST_VIDEO_INFO_N_PLANES (&info), info.offset, info.stride);
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_ERROR);
  fail_unless (gst_harness_try_pull (h) == NULL, "%s: an output", caps);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no ERROR message", caps);
  gst_message_unref (msg);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
  g_free (caps);
}

GST_END_TEST;

static Suite *
metapadding_suite (void)
{
  Suite *s = suite_create ("metapadding");
  TCase *tc_padded = tcase_create ("padded");
  TCase *tc_smaller = tcase_create ("smaller");
  guint n_formats = g_strv_length ((gchar **)
      pc_convert_formats (PC_FORMATS_ALL));

  suite_add_tcase (s, tc_padded);
  tcase_add_loop_test (tc_padded, test_padded_metas, 0, n_formats);
  suite_add_tcase (s, tc_smaller);
  tcase_add_loop_test (tc_smaller, test_smaller_meta_refused, 0, 8);
  return s;
}

PC_CHECK_MAIN_PER_VARIANT (metapadding);
