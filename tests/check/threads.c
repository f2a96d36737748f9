/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * n-threads: the frame converted in bands by the element's worker threads.
 *
 *  - the output is the same to the bit for n-threads 1, 2, 3, 0 (one per
 *    core) and 64, at odd and even sizes, with input strides and offsets
 *    from a video meta and with aligned output strides, and it matches the
 *    double-precision reference (exact for Y444 and Y42B, within 1 for
 *    RGBA);
 *  - the pool's counts do not depend on n-threads;
 *  - new caps of the same format and size whose route needs other rows
 *    (the general walk's) convert with the workers too;
 *  - the worker threads (named pcworker-N) exist while the element runs,
 *    follow n-threads changes, and are all gone after NULL: counted in
 *    /proc/self/task;
 *  - n-threads changed again and again while frames flow and caps change:
 *    every frame still matches the reference, nothing is left behind (the
 *    leaks tracer) and no thread stays.
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

#define GUARD_SECONDS 120

typedef struct
{
  gint width;
  gint height;
} Size;

static const gchar *formats[] = { "Y444", "Y42B", "RGBA" };

/* the last, more workers than most frames have row pairs, is left out of
 * the sample (PC_TEST_REDUCED: valgrind runs one thread at a time, and
 * 64 of them took most of the suite's time there; TSan runs it) */
static const guint thread_counts[] = { 2, 3, 0, 64 };

/* ---- threads of this process -------------------------------------------- */

/* Threads of this process now; with @prefix, only those whose name starts
 * with it. */
static guint
count_threads (const gchar * prefix)
{
  GDir *dir = g_dir_open ("/proc/self/task", 0, NULL);
  const gchar *task;
  guint n = 0;

  fail_unless (dir != NULL, "cannot read /proc/self/task");
  while ((task = g_dir_read_name (dir)) != NULL) {
    gchar *path = g_build_filename ("/proc/self/task", task, "comm", NULL);
    gchar *name = NULL;

    /* a thread may end between the listing and the read */
    if (g_file_get_contents (path, &name, NULL, NULL) &&
        (prefix == NULL || g_str_has_prefix (name, prefix)))
      n++;
    g_free (name);
    g_free (path);
  }
  g_dir_close (dir);
  return n;
}

static guint
count_workers (void)
{
  return count_threads ("pcworker-");
}

/* The workers once the count has settled on @expected, or after 5 s.
 * A worker is joined before the element goes on, but under qemu-user the
 * host thread behind it can stay listed in /proc a moment longer. */
static guint
settled_workers (guint expected)
{
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  guint n;

  while ((n = count_workers ()) != expected && g_get_monotonic_time () < end)
    g_usleep (1000);
  return n;
}

/* The workers, counted again while there are more than @most, for up to
 * 1 s: the element joins a worker before it starts another, but the
 * kernel can list a joined thread in /proc a moment after the join
 * returns, so an instant count may include one that has gone.  A worker
 * that really stays keeps the count above @most. */
static guint
workers_at_most (guint most)
{
  gint64 end = g_get_monotonic_time () + G_TIME_SPAN_SECOND;
  guint n;

  while ((n = count_workers ()) > most && g_get_monotonic_time () < end)
    g_usleep (1000);
  return n;
}

static guint
settled_threads (guint expected)
{
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
  guint n;

  while ((n = count_threads (NULL)) != expected &&
      g_get_monotonic_time () < end)
    g_usleep (1000);
  return n;
}

/* ---- frames ---------------------------------------------------------------- */

/* A frame of @info whose planes sit @start bytes into the buffer with
 * @pad_pixels of padding at the end of every row, described by a video
 * meta; the whole buffer, padding included, is random. */
static GstBuffer *
strided_input (const GstVideoInfo * info, gsize start, guint pad_pixels,
    guint32 seed, GstVideoInfo * layout)
{
  GstVideoAlignment align;
  gsize offsets[GST_VIDEO_MAX_PLANES];
  GstBuffer *buffer;
  guint plane;

  *layout = *info;
  gst_video_alignment_reset (&align);
  align.padding_right = pad_pixels;
  fail_unless (gst_video_info_align (layout, &align));
  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (layout); plane++)
    offsets[plane] = layout->offset[plane] + start;

  buffer = random_input_buffer (start + GST_VIDEO_INFO_SIZE (layout), seed);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_N_PLANES (info), offsets,
      layout->stride);
  return buffer;
}

/* The input frames each case converts: default layout, and strided at an
 * odd offset (rows misaligned for every kernel) and at an even one. */
#define N_INPUTS 3

static GstBuffer *
make_input (const GstVideoInfo * info, guint which, guint32 seed)
{
  GstVideoInfo layout;

  switch (which) {
    case 0:
      return random_input_buffer (GST_VIDEO_INFO_SIZE (info), seed);
    case 1:
      return strided_input (info, 3, 13, seed, &layout);
    default:
      return strided_input (info, 64, 2, seed, &layout);
  }
}

/* Fails unless the visible samples of @a and @b (I420 frames that may
 * have different layouts) are equal; row padding is not compared. */
static void
assert_same_pixels (const GstVideoInfo * info, GstBuffer * a, GstBuffer * b,
    const gchar * what)
{
  GstVideoFrame fa, fb;
  guint plane, row;

  fail_unless (gst_video_frame_map (&fa, info, a, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fb, info, b, GST_MAP_READ));
  for (plane = 0; plane < 3; plane++) {
    guint width = GST_VIDEO_FRAME_COMP_WIDTH (&fa, plane);

    for (row = 0; row < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&fa, plane); row++) {
      const guint8 *ra = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fa,
          plane) + row * GST_VIDEO_FRAME_PLANE_STRIDE (&fa, plane);
      const guint8 *rb = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fb,
          plane) + row * GST_VIDEO_FRAME_PLANE_STRIDE (&fb, plane);

      fail_unless (memcmp (ra, rb, width) == 0,
          "%s: plane %u row %u differs from n-threads=1", what, plane, row);
    }
  }
  gst_video_frame_unmap (&fb);
  gst_video_frame_unmap (&fa);
}

/* RGBA within 1 of the reference; Y444 and Y42B exactly rounded. */
static void
assert_matches_reference (GstBuffer * in, const GstVideoInfo * in_info,
    GstBuffer * out, const GstVideoInfo * out_info, const gchar * what)
{
  RefColor color = ref_color_of (out_info);
  GstVideoFrame in_frame, out_frame;
  RefI420 *ref;
  gchar *worst;

  fail_unless (gst_video_frame_map (&in_frame, in_info, in, GST_MAP_READ));
  ref = ref_expected_i420 (&in_frame, &color);
  gst_video_frame_unmap (&in_frame);
  fail_unless (gst_video_frame_map (&out_frame, out_info, out, GST_MAP_READ));
  worst = ref_describe_worst (&out_frame, ref);
  if (GST_VIDEO_INFO_FORMAT (in_info) == GST_VIDEO_FORMAT_RGBA)
    fail_unless (ref_max_error (&out_frame, ref) <= 1.0, "%s: worst %s", what,
        worst);
  else
    fail_unless (ref_count_misrounded (&out_frame, ref) == 0,
        "%s: misrounded, worst %s", what, worst);
  g_free (worst);
  gst_video_frame_unmap (&out_frame);
  ref_i420_free (ref);
}

/* A harness with n-threads=@n_threads fed @caps_str; with @video_meta,
 * downstream takes a video meta, so the pool lays out aligned strides. */
static GstHarness *
threads_harness (guint n_threads, const gchar * caps_str, gboolean video_meta)
{
  gchar *properties = g_strdup_printf ("n-threads=%u", n_threads);
  GstHarness *h = new_converter_harness (properties, NULL);

  if (video_meta)
    gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_src_caps_str (h, caps_str);
  g_free (properties);
  return h;
}

/* ---- tests ----------------------------------------------------------------- */

/* Every format at sizes with odd widths and heights, a height of one and
 * two rows (one band), more threads than row pairs: every n-threads gives
 * what n-threads=1 gives, and that is the reference's.  PC_TEST_REDUCED
 * (valgrind) leaves out the largest size, most of the time under it; 66x48
 * still gives every thread bands of several rows. */
GST_START_TEST (test_output_identical)
{
  static const Size sizes[] = { {1, 1}, {2, 2}, {3, 5}, {17, 9}, {130, 7},
  {66, 48}, {641, 359}
  };
  const gchar *format = formats[__i__];
  guint n_sizes = G_N_ELEMENTS (sizes) - (sweeps_sampled ()? 1 : 0);
  guint n_counts = G_N_ELEMENTS (thread_counts) - (sweeps_sampled ()? 1 : 0);
  guint s, which, t, video_meta;

  for (s = 0; s < n_sizes; s++) {
    gchar *caps_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
        "height=%d,framerate=30/1", format, sizes[s].width, sizes[s].height);
    GstVideoInfo in_info = video_info_from_string (caps_str);

    for (video_meta = 0; video_meta < 2; video_meta++) {
      GstHarness *single = threads_harness (1, caps_str, video_meta);
      GstHarness *multi[G_N_ELEMENTS (thread_counts)];

      for (t = 0; t < n_counts; t++)
        multi[t] = threads_harness (thread_counts[t], caps_str, video_meta);

      for (which = 0; which < N_INPUTS; which++) {
        GstBuffer *in = make_input (&in_info, which, s * 7 + which + 1);
        GstBuffer *expected = gst_harness_push_and_pull (single,
            gst_buffer_ref (in));
        GstVideoInfo out_info = harness_output_info (single);
        gchar *what = g_strdup_printf ("%s input %u, %s output strides",
            caps_str, which, video_meta ? "aligned" : "default");

        fail_unless (expected != NULL);
        assert_matches_reference (in, &in_info, expected, &out_info, what);
        for (t = 0; t < n_counts; t++) {
          GstBuffer *out = gst_harness_push_and_pull (multi[t],
              gst_buffer_ref (in));
          gchar *what_n = g_strdup_printf ("%s, n-threads=%u", what,
              thread_counts[t]);

          fail_unless (out != NULL);
          assert_same_pixels (&out_info, expected, out, what_n);
          g_free (what_n);
          gst_buffer_unref (out);
        }
        g_free (what);
        gst_buffer_unref (expected);
        gst_buffer_unref (in);
      }

      for (t = 0; t < n_counts; t++)
        gst_harness_teardown (multi[t]);
      gst_harness_teardown (single);
    }
    g_free (caps_str);
  }
  fail_unless_equals_int (settled_workers (0), 0);
}

GST_END_TEST;

/* Frames of @caps_str (inputs 0, @step, 2 @step ... of make_input,
 * seeded from @seed) converted with n-threads=3 give what n-threads=1
 * gives. */
static void
assert_threads_agree (const gchar * caps_str, guint step, guint32 seed)
{
  GstVideoInfo in_info = video_info_from_string (caps_str);
  GstHarness *single = threads_harness (1, caps_str, FALSE);
  GstHarness *multi = threads_harness (3, caps_str, FALSE);
  guint which;

  for (which = 0; which < N_INPUTS; which += step) {
    GstBuffer *in = make_input (&in_info, which, seed);
    GstBuffer *expected = gst_harness_push_and_pull (single,
        gst_buffer_ref (in));
    GstBuffer *out = gst_harness_push_and_pull (multi, in);
    GstVideoInfo out_info = harness_output_info (single);
    gchar *what = g_strdup_printf ("%s input %u, n-threads=3", caps_str,
        which);

    fail_unless (expected != NULL && out != NULL, "%s: no output", what);
    assert_same_pixels (&out_info, expected, out, what);
    g_free (what);
    gst_buffer_unref (expected);
    gst_buffer_unref (out);
  }
  gst_harness_teardown (multi);
  gst_harness_teardown (single);
}

/* Every other input format the element converts: n-threads=3 gives what
 * n-threads=1 gives (their pixels against the reference are the formats
 * suite's concern), in the default layout and strided by a video meta. */
GST_START_TEST (test_every_format_identical)
{
  static const Size sizes[] = { {17, 9}, {130, 7} };
  const gchar *const *all = pc_convert_formats (PC_FORMATS_ALL);
  guint f, s;

  for (f = 0; all[f] != NULL; f++) {
    if (g_str_equal (all[f], "I420"))
      continue;                 /* passthrough: nothing is converted */
    for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
      gchar *caps_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
          "height=%d,framerate=30/1", all[f], sizes[s].width,
          sizes[s].height);

      /* the default layout, and strided at an even offset (16-bit
       * samples stay aligned) */
      assert_threads_agree (caps_str, 2, f * 5 + s);
      g_free (caps_str);
    }
  }
}

GST_END_TEST;

/* Co-sited columns (mpeg2) for every format whose walk makes them: the
 * split 4:4:4 rows and the byte-offset RGB orders too, n-threads=2 gives
 * what n-threads=1 gives, in the default layout and strided at odd and
 * even offsets (each worker has its own split rows). */
GST_START_TEST (test_cosited_formats_identical)
{
  static const Size sizes[] = { {17, 9}, {130, 7} };
  const gchar *const *all = pc_convert_formats (PC_FORMATS_ALL);
  guint f, s, which, n;

  for (f = 0; all[f] != NULL; f++) {
    PcFormatTraits traits;

    fail_unless (pc_convert_format_traits (gst_video_format_from_string
            (all[f]), &traits));
    if (!traits.cosited_columns)
      continue;
    for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
      gchar *caps_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
          "height=%d,framerate=30/1", all[f], sizes[s].width,
          sizes[s].height);
      GstVideoInfo in_info = video_info_from_string (caps_str);
      GstHarness *h[2];

      for (n = 0; n < 2; n++) {
        gchar *properties = g_strdup_printf ("n-threads=%u", n + 1);

        h[n] = new_converter_harness (properties, NULL);
        gst_harness_set_sink_caps_str (h[n],
            "video/x-raw,format=I420,chroma-site=mpeg2");
        gst_harness_set_src_caps_str (h[n], caps_str);
        g_free (properties);
      }
      for (which = 0; which < N_INPUTS; which++) {
        GstBuffer *in = make_input (&in_info, which, f * 5 + s);
        GstBuffer *expected = gst_harness_push_and_pull (h[0],
            gst_buffer_ref (in));
        GstBuffer *out = gst_harness_push_and_pull (h[1], in);
        GstVideoInfo out_info = harness_output_info (h[0]);
        gchar *what = g_strdup_printf ("%s input %u mpeg2, n-threads=2",
            caps_str, which);

        fail_unless (expected != NULL && out != NULL, "%s: no output", what);
        fail_unless_equals_int (GST_VIDEO_INFO_CHROMA_SITE (&out_info),
            GST_VIDEO_CHROMA_SITE_MPEG2);
        assert_same_pixels (&out_info, expected, out, what);
        g_free (what);
        gst_buffer_unref (expected);
        gst_buffer_unref (out);
      }
      gst_harness_teardown (h[1]);
      gst_harness_teardown (h[0]);
      g_free (caps_str);
    }
  }
}

GST_END_TEST;

/* Planar input re-sited (the general walk makes its chroma a plane after
 * the other, and 8-bit 4:2:0 rows in one kernel): n-threads=3 gives what
 * n-threads=1 gives, and that is the sited reference's, at heights that
 * put band edges inside chroma row pairs, on frames of valid samples as
 * the other sited checks take. */
GST_START_TEST (test_resited_planes_identical)
{
  static const gchar *formats[] = { "I420", "YV12", "A420", "Y42B", "Y444",
    "I420_10LE", "Y444_10LE"
  };
  static const gchar *sites[] = { "jpeg", "v-cosited", "cosited" };
  static const Size sizes[] = { {17, 9}, {130, 23} };
  guint f, c, s, which, n;

  for (f = 0; f < G_N_ELEMENTS (formats); f++)
    for (c = 0; c < G_N_ELEMENTS (sites); c++)
      for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
        gchar *caps_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
            "height=%d,framerate=30/1", formats[f], sizes[s].width,
            sizes[s].height);
        gchar *out_caps_str =
            g_strdup_printf ("video/x-raw,format=I420,chroma-site=%s",
            sites[c]);
        GstVideoInfo in_info = video_info_from_string (caps_str);
        GstHarness *h[2];

        for (n = 0; n < 2; n++) {
          gchar *properties = g_strdup_printf ("n-threads=%u", 2 * n + 1);

          h[n] = new_converter_harness (properties, NULL);
          gst_harness_set_sink_caps_str (h[n], out_caps_str);
          gst_harness_set_src_caps_str (h[n], caps_str);
          g_free (properties);
        }
        for (which = 0; which < 2; which++) {
          GstBuffer *in = random_frame (&in_info, 7 * f + 3 * c + s + which);
          GstBuffer *expected = gst_harness_push_and_pull (h[0],
              gst_buffer_ref (in));
          GstBuffer *out = gst_harness_push_and_pull (h[1],
              gst_buffer_ref (in));
          GstVideoInfo out_info = harness_output_info (h[0]);
          gchar *what = g_strdup_printf ("%s input %u -> %s", caps_str,
              which, sites[c]);

          fail_unless (expected != NULL && out != NULL, "%s: no output", what);
          check_sited_output (&in_info, in, &out_info, expected, what);
          assert_same_pixels (&out_info, expected, out, what);
          g_free (what);
          gst_buffer_unref (expected);
          gst_buffer_unref (out);
          gst_buffer_unref (in);
        }
        gst_harness_teardown (h[1]);
        gst_harness_teardown (h[0]);
        g_free (out_caps_str);
        g_free (caps_str);
      }
}

GST_END_TEST;

/* Interlaced input (interleaved fields) for every format the general walk
 * serves, 4:2:2 through its own field walk: n-threads=3 gives what
 * n-threads=1 gives, heights that put band edges inside field row
 * groups, in the default layout and strided. */
GST_START_TEST (test_interlaced_formats_identical)
{
  static const Size sizes[] = { {17, 9}, {130, 23} };
  const gchar *const *all = pc_convert_formats (PC_FORMATS_ALL);
  guint f, s;

  for (f = 0; all[f] != NULL; f++) {
    PcFormatTraits traits;

    fail_unless (pc_convert_format_traits (gst_video_format_from_string
            (all[f]), &traits));
    if (!traits.general)
      continue;
    for (s = 0; s < G_N_ELEMENTS (sizes); s++) {
      gchar *caps_str = g_strdup_printf ("video/x-raw,format=%s,width=%d,"
          "height=%d,framerate=30/1,interlace-mode=interleaved", all[f],
          sizes[s].width, sizes[s].height);

      assert_threads_agree (caps_str, 1, f * 7 + s);
      g_free (caps_str);
    }
  }
}

GST_END_TEST;

/* Threads convert; they do not touch the pool: its counts after the same
 * frames are the same for any n-threads. */
GST_START_TEST (test_pool_stats_unchanged)
{
  const gchar *caps_str =
      "video/x-raw,format=RGBA,width=96,height=54,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  Stats stats[2];
  guint run, frame;

  for (run = 0; run < 2; run++) {
    GstHarness *h = threads_harness (run == 0 ? 1 : 3, caps_str, FALSE);
    GQueue held = G_QUEUE_INIT;

    for (frame = 0; frame < 40; frame++) {
      g_queue_push_tail (&held, gst_harness_push_and_pull (h,
              random_input_buffer (GST_VIDEO_INFO_SIZE (&info), frame)));
      /* downstream holds a few frames at times, so the pool grows */
      while (g_queue_get_length (&held) > frame % 5)
        gst_buffer_unref (g_queue_pop_head (&held));
    }
    g_queue_clear_full (&held, (GDestroyNotify) gst_buffer_unref);
    read_stats (h->element, &stats[run]);
    gst_harness_teardown (h);
  }

  fail_unless (stats[0].allocated > 1, "the pool never grew: a weak test");
  fail_unless_equals_uint64 (stats[1].allocated, stats[0].allocated);
  fail_unless_equals_uint64 (stats[1].reused, stats[0].reused);
  fail_unless_equals_uint64 (stats[1].freed, stats[0].freed);
  fail_unless_equals_uint64 (stats[1].trimmed, stats[0].trimmed);
  fail_unless_equals_uint64 (stats[1].held, stats[0].held);
  fail_unless_equals_uint64 (stats[1].peak_held, stats[0].peak_held);
  fail_unless_equals_uint64 (stats[1].peak_in_flight, stats[0].peak_in_flight);
  fail_unless_equals_uint64 (stats[1].bytes_held, stats[0].bytes_held);
}

GST_END_TEST;

/* Downstream asks for another siting: the new plan, of the same format
 * and size, takes a walk that needs rows the first one did not (the
 * general walk's stage rows), and the workers' rows are made for it (they
 * were kept while width and format stayed, and the workers read rows that
 * were never made). */
GST_START_TEST (test_new_route_same_size)
{
  static const gchar *cases[][3] = {
    {"video/x-raw,format=Y444,width=640,height=480,framerate=30/1",
          "video/x-raw,format=I420,chroma-site=jpeg",
        "video/x-raw,format=I420,chroma-site=v-cosited"},
  };
  const gchar *caps_str = cases[__i__][0];
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstHarness *h = threads_harness (2, caps_str, FALSE);
  GstVideoInfo in_info;
  guint step, frame;

  fail_unless (ref_video_info_from_caps (&in_info, caps));
  gst_caps_unref (caps);
  for (step = 1; step <= 2; step++) {
    gst_harness_set_sink_caps_str (h, cases[__i__][step]);
    for (frame = 0; frame < 20; frame++) {
      GstBuffer *in = random_frame (&in_info, 10 * step + frame);
      GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
      GstCaps *out_caps = gst_pad_get_current_caps (h->sinkpad);
      gchar *what = g_strdup_printf ("%s -> %s, frame %u", caps_str,
          cases[__i__][step], frame);
      GstVideoInfo out_info;

      fail_unless (out != NULL, "%s: no output", what);
      fail_unless (ref_video_info_from_caps (&out_info, out_caps));
      check_sited_output (&in_info, in, &out_info, out, what);
      gst_caps_unref (out_caps);
      gst_buffer_unref (out);
      gst_buffer_unref (in);
      g_free (what);
    }
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The harness runs the element on this thread, so every other thread the
 * process gains is a worker: n-threads - 1 of them after a frame, as many
 * as a new value asks for at the next frame, none after NULL. */
GST_START_TEST (test_threads_follow_property_and_go)
{
  const gchar *caps_str =
      "video/x-raw,format=Y444,width=64,height=48,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  static const guint steps[] = { 4, 2, 7, 1, 3 };
  GstHarness *h = threads_harness (1, caps_str, FALSE);
  guint before, i;

  /* the first frame starts the pool, which may start the system clock's
   * thread (for trimming by time); count after it */
  gst_buffer_unref (gst_harness_push_and_pull (h,
          random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 99)));
  fail_unless_equals_int (settled_workers (0), 0);
  before = count_threads (NULL);

  for (i = 0; i < G_N_ELEMENTS (steps); i++) {
    g_object_set (h->element, "n-threads", steps[i], NULL);
    gst_buffer_unref (gst_harness_push_and_pull (h,
            random_input_buffer (GST_VIDEO_INFO_SIZE (&info), i)));
    fail_unless_equals_int (settled_workers (steps[i] - 1), steps[i] - 1);
    fail_unless_equals_int (settled_threads (before + steps[i] - 1),
        before + steps[i] - 1);
  }

  gst_element_set_state (h->element, GST_STATE_NULL);
  fail_unless_equals_int (settled_workers (0), 0);
  fail_unless_equals_int (settled_threads (before), before);
  gst_harness_teardown (h);
  fail_unless_equals_int (settled_threads (before), before);
}

GST_END_TEST;

/* n-threads=0 asks for one worker per online core. */
GST_START_TEST (test_zero_is_one_per_core)
{
  const gchar *caps_str =
      "video/x-raw,format=Y42B,width=64,height=48,framerate=30/1";
  GstVideoInfo info = video_info_from_string (caps_str);
  GstHarness *h = threads_harness (0, caps_str, FALSE);
  guint cores = MIN (g_get_num_processors (), 64);

  gst_buffer_unref (gst_harness_push_and_pull (h,
          random_input_buffer (GST_VIDEO_INFO_SIZE (&info), 1)));
  fail_unless_equals_int (settled_workers (cores - 1), cores - 1);
  gst_harness_teardown (h);
  fail_unless_equals_int (settled_workers (0), 0);
}

GST_END_TEST;

/* ---- n-threads changing while frames flow --------------------------------- */

typedef struct
{
  GMutex lock;
  GstBuffer *last_input;        /* what the element got last */
  GstVideoInfo in_info;
  guint checked;
  gchar *failure;               /* the first mismatch, if any */
} Checker;

static GstPadProbeReturn
keep_input (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Checker *c = user_data;

  if (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM) {
    GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);

    if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
      GstCaps *caps;

      gst_event_parse_caps (event, &caps);
      g_mutex_lock (&c->lock);
      if (!gst_video_info_from_caps (&c->in_info, caps) && c->failure == NULL)
        c->failure = g_strdup ("input caps that are not video");
      g_mutex_unlock (&c->lock);
    }
    return GST_PAD_PROBE_OK;
  }
  g_mutex_lock (&c->lock);
  gst_buffer_replace (&c->last_input, GST_PAD_PROBE_INFO_BUFFER (info));
  g_mutex_unlock (&c->lock);
  return GST_PAD_PROBE_OK;
}

/* On the streaming thread, right after the element made @info's buffer
 * from the last input: compare it with the reference.  A failure is kept
 * for the test thread (check's fail in a streaming thread would not stop
 * the pipeline cleanly). */
static GstPadProbeReturn
check_output_probe (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Checker *c = user_data;
  GstBuffer *out = GST_PAD_PROBE_INFO_BUFFER (info);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoInfo out_info;
  gdouble error = -1.0, limit;

  if (caps != NULL && gst_video_info_from_caps (&out_info, caps)) {
    g_mutex_lock (&c->lock);
    error = reference_error (c->last_input, &c->in_info, out, &out_info);
  } else {
    g_mutex_lock (&c->lock);
  }
  gst_clear_caps (&caps);
  /* 0.5: the box and the average are rounded exactly */
  limit = GST_VIDEO_INFO_FORMAT (&c->in_info) == GST_VIDEO_FORMAT_RGBA ?
      1.0 : 0.5;
  if ((error < 0.0 || error > limit) && c->failure == NULL)
    c->failure = g_strdup_printf ("frame %u (%s %dx%d): %.3f from the "
        "reference", c->checked, GST_VIDEO_INFO_NAME (&c->in_info),
        GST_VIDEO_INFO_WIDTH (&c->in_info),
        GST_VIDEO_INFO_HEIGHT (&c->in_info), error);
  c->checked++;
  g_mutex_unlock (&c->lock);
  return GST_PAD_PROBE_OK;
}

static void
add_probe (GstElement * pipeline, const gchar * name, const gchar * pad_name,
    GstPadProbeType type, GstPadProbeCallback callback, Checker * c)
{
  GstElement *element = pipeline_element (pipeline, name);
  GstPad *pad = gst_element_get_static_pad (element, pad_name);

  gst_pad_add_probe (pad, type, callback, c, NULL);
  gst_object_unref (pad);
  gst_object_unref (element);
}

static guint
checked_frames (Checker * c)
{
  guint n;

  g_mutex_lock (&c->lock);
  n = c->checked;
  g_mutex_unlock (&c->lock);
  return n;
}

static const gchar *stress_caps[] = {
  "video/x-raw,format=RGBA,width=97,height=61",
  "video/x-raw,format=Y444,width=64,height=37",
  "video/x-raw,format=Y42B,width=33,height=80",
  "video/x-raw,format=RGBA,width=160,height=2",
};

/* The application sets n-threads as fast as it can, to values that make
 * and remove threads, while the caps change now and then; every frame is
 * checked against the reference, and NULL leaves no thread and no
 * object. */
GST_START_TEST (test_stress_changes_while_playing)
{
  static const guint values[] = { 2, 0, 5, 1, 3, 8, 2, 1, 4 };
  GstElement *pipeline, *element, *capsfilter;
  GRand *rand = g_rand_new_with_seed (8);
  Checker c = { 0, };
  gint64 deadline;
  guint changes = 0, target, n_workers;

  assert_nothing_alive ("before the test");
  g_mutex_init (&c.lock);
  pipeline = launch_pipeline ("videotestsrc pattern=snow "
      "! capsfilter name=cf caps=\"video/x-raw,format=RGBA,width=97,"
      "height=61\" ! pooledconvert name=pc ! fakesink name=sink sync=false");
  element = pipeline_element (pipeline, "pc");
  capsfilter = pipeline_element (pipeline, "cf");
  add_probe (pipeline, "pc", "sink", GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, keep_input, &c);
  add_probe (pipeline, "sink", "sink", GST_PAD_PROBE_TYPE_BUFFER,
      check_output_probe, &c);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);

  deadline = g_get_monotonic_time () + GUARD_SECONDS * G_TIME_SPAN_SECOND;
  target = 600;
  while (checked_frames (&c) < target) {
    g_object_set (element, "n-threads",
        values[g_rand_int_range (rand, 0, G_N_ELEMENTS (values))], NULL);
    if (++changes % 500 == 0) {
      GstCaps *caps = gst_caps_from_string (stress_caps[(changes / 500) %
              G_N_ELEMENTS (stress_caps)]);

      g_object_set (capsfilter, "caps", caps, NULL);
      gst_caps_unref (caps);
    }
    n_workers = workers_at_most (7);
    fail_unless (n_workers <= 7, "%u workers", n_workers);
    g_usleep (g_rand_int_range (rand, 0, 200));
    fail_unless (g_get_monotonic_time () < deadline,
        "watchdog: %u frames after %d s", checked_frames (&c), GUARD_SECONDS);
  }
  GST_INFO ("%u changes of n-threads over %u frames", changes, target);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless (c.failure == NULL, "%s", c.failure);
  fail_unless_equals_int (settled_workers (0), 0);

  gst_buffer_replace (&c.last_input, NULL);
  gst_object_unref (capsfilter);
  gst_object_unref (element);
  gst_object_unref (pipeline);
  g_mutex_clear (&c.lock);
  g_rand_free (rand);
  assert_nothing_alive ("after the teardown");
}

GST_END_TEST;

/* A pipeline to EOS with n-threads=3: its workers exist while it runs and leave with NULL, and so does every
 * buffer, memory, pool and element. */
GST_START_TEST (test_pipeline_leaves_nothing)
{
  GstElement *pipeline;
  guint workers_while_running;

  assert_nothing_alive ("before the test");
  pipeline = launch_pipeline ("videotestsrc num-buffers=30 "
      "! video/x-raw,format=Y42B,width=63,height=45 "
      "! pooledconvert n-threads=3 ! queue ! fakesink sync=false");
  play_until_eos (pipeline, GUARD_SECONDS);
  workers_while_running = count_workers ();
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (pipeline);

  fail_unless_equals_int (workers_while_running, 2);
  fail_unless_equals_int (settled_workers (0), 0);
  assert_nothing_alive ("after the teardown");
}

GST_END_TEST;

static Suite *
threads_suite (void)
{
  Suite *s = suite_create ("threads");
  TCase *tc_output = tcase_create ("output");
  TCase *tc_threads = tcase_create ("threads");

  suite_add_tcase (s, tc_output);
  tcase_add_loop_test (tc_output, test_output_identical, 0,
      G_N_ELEMENTS (formats));
  tcase_add_test (tc_output, test_every_format_identical);
  tcase_add_test (tc_output, test_cosited_formats_identical);
  tcase_add_test (tc_output, test_resited_planes_identical);
  tcase_add_test (tc_output, test_interlaced_formats_identical);
  tcase_add_test (tc_output, test_pool_stats_unchanged);
  tcase_add_loop_test (tc_output, test_new_route_same_size, 0, 1);

  suite_add_tcase (s, tc_threads);
  tcase_add_test (tc_threads, test_threads_follow_property_and_go);
  tcase_add_test (tc_threads, test_zero_is_one_per_core);
  tcase_add_test (tc_threads, test_stress_changes_while_playing);
  tcase_add_test (tc_threads, test_pipeline_leaves_nothing);
  return s;
}

int
main (int argc, char **argv)
{
  use_leaks_tracer ();
  gst_check_init (&argc, &argv);
  return gst_check_run_suite (threads_suite (), "threads", __FILE__);
}
