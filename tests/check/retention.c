/* pooledconvert tests
 * Pool memory over time: what the pool keeps after a burst, what it does
 * when downstream holds every buffer, and that neither policy deadlocks a
 * downstream that holds frames until it gets more (an encoder with
 * look-ahead).  Every assertion is on counts, never on time.
 */

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <unistd.h>

#include "reference.h"

#define BURST 64

static guint64
stat_u64 (GstElement * element, const gchar * field)
{
  GstStructure *stats = NULL;
  guint64 value = 0;
  guint small;

  g_object_get (element, "stats", &stats, NULL);
  fail_unless (stats != NULL);
  if (!gst_structure_get_uint64 (stats, field, &value)) {
    fail_unless (gst_structure_get_uint (stats, field, &small),
        "stats has no field %s", field);
    value = small;
  }
  gst_structure_free (stats);
  return value;
}

/* Resident set size of this process, from /proc/self/statm. */
static gsize
resident_bytes (void)
{
  gchar *contents = NULL;
  gsize pages = 0;

  if (g_file_get_contents ("/proc/self/statm", &contents, NULL, NULL)) {
    sscanf (contents, "%*s %" G_GSIZE_FORMAT, &pages);
    g_free (contents);
  }
  return pages * (gsize) sysconf (_SC_PAGESIZE);
}

/* A harness around one pooledconvert with @properties ("name=value ..."),
 * fed Y444 frames of @width x @height. */
static GstHarness *
new_harness (const gchar * properties, gint width, gint height)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  gchar **assignments = g_strsplit (properties, " ", -1);
  gchar *caps = g_strdup_printf ("video/x-raw,format=Y444,width=%d,height=%d,"
      "framerate=30/1", width, height);
  guint i;

  for (i = 0; assignments[i] != NULL; i++) {
    gchar **pair = g_strsplit (assignments[i], "=", 2);

    if (pair[0] && pair[1])
      gst_util_set_object_arg (G_OBJECT (h->element), pair[0], pair[1]);
    g_strfreev (pair);
  }
  gst_harness_set_src_caps_str (h, caps);
  g_strfreev (assignments);
  g_free (caps);
  return h;
}

static GstBuffer *
new_input (gint width, gint height, guint32 seed)
{
  gsize size = (gsize) width * height * 3;
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, size, NULL);
  GstMapInfo map;

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  ref_fill_random (map.data, map.size, seed);
  gst_buffer_unmap (buffer, &map);
  return buffer;
}

/* Pushes one frame and returns the output (caller owns it). */
static GstBuffer *
convert_one (GstHarness * h, gint width, gint height, guint32 seed)
{
  GstBuffer *out = gst_harness_push_and_pull (h, new_input (width, height,
          seed));

  fail_unless (out != NULL);
  return out;
}

/* Runs @frames frames through, each released at once. */
static void
run_steady (GstHarness * h, gint width, gint height, guint frames)
{
  guint i;

  for (i = 0; i < frames; i++)
    gst_buffer_unref (convert_one (h, width, height, i));
}

/* Holds BURST frames at once, then lets them all go. */
static void
run_burst (GstHarness * h, gint width, gint height)
{
  GstBuffer *held[BURST];
  guint i;

  for (i = 0; i < BURST; i++)
    held[i] = convert_one (h, width, height, 1000 + i);
  fail_unless (stat_u64 (h->element, "buffers-held") >= BURST);
  for (i = 0; i < BURST; i++)
    gst_buffer_unref (held[i]);
}

GST_START_TEST (test_trim_after_burst)
{
  const gint width = 1280, height = 720;
  const guint window = 40, min_buffers = 2;
  GstHarness *h = new_harness ("trim-window=40 min-buffers=2", width, height);
  gsize frame_bytes = (gsize) width * height * 3 / 2;
  gsize rss_before, rss_burst, rss_after;
  guint64 held, in_flight;

  run_steady (h, width, height, 2 * window);
  rss_before = resident_bytes ();

  run_burst (h, width, height);
  rss_burst = resident_bytes ();
  fail_unless (rss_burst > rss_before + BURST / 2 * frame_bytes,
      "the burst should have grown the process (%" G_GSIZE_FORMAT " -> %"
      G_GSIZE_FORMAT ")", rss_before, rss_burst);

  /* one to two windows later the burst's peak is forgotten */
  run_steady (h, width, height, 2 * window + 1);

  held = stat_u64 (h->element, "buffers-held");
  in_flight = stat_u64 (h->element, "buffers-in-flight");
  fail_unless (held <= min_buffers + in_flight,
      "pool still holds %" G_GUINT64_FORMAT " buffers, %" G_GUINT64_FORMAT
      " in flight", held, in_flight);
  fail_unless (stat_u64 (h->element, "buffers-trimmed") >= BURST - min_buffers);
  fail_unless_equals_uint64 (stat_u64 (h->element, "bytes-held"),
      held * stat_u64 (h->element, "peak-bytes-held") /
      stat_u64 (h->element, "peak-buffers-held"));

  /* the memory went back to the system, not only to malloc; the tolerance
   * is a quarter of the burst for allocator and page-cache noise */
  rss_after = resident_bytes ();
  fail_unless (rss_after < rss_before + BURST / 4 * frame_bytes,
      "RSS before %" G_GSIZE_FORMAT ", at burst %" G_GSIZE_FORMAT
      ", after trimming %" G_GSIZE_FORMAT, rss_before, rss_burst, rss_after);

  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_no_trim_keeps_burst)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("trim-window=0", width, height);

  run_burst (h, width, height);
  run_steady (h, width, height, 500);

  fail_unless (stat_u64 (h->element, "buffers-held") >= BURST);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-trimmed"), 0);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Steady streams never trim: what is in use every frame stays. */
GST_START_TEST (test_steady_stream_never_trims)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("trim-window=10 min-buffers=1", width, height);
  GstBuffer *held[3];
  guint i, frame;

  /* downstream keeps three frames in flight, like a small queue: with the
   * one being converted, three buffers are in use at once */
  for (i = 0; i < 3; i++)
    held[i] = convert_one (h, width, height, i);
  for (frame = 0; frame < 200; frame++) {
    gst_buffer_unref (held[frame % 3]);
    held[frame % 3] = convert_one (h, width, height, frame);
  }

  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-trimmed"), 0);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-allocated"), 3);
  for (i = 0; i < 3; i++)
    gst_buffer_unref (held[i]);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_exhausted_temporary)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("max-buffers=4 min-buffers=2 "
      "exhausted-policy=temporary", width, height);
  GstBuffer *held[10];
  guint i;

  for (i = 0; i < 10; i++)
    held[i] = convert_one (h, width, height, i);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-temporary"), 6);
  for (i = 0; i < 10; i++)
    gst_buffer_unref (held[i]);

  /* temporaries are freed on return: back within max-buffers */
  fail_unless (stat_u64 (h->element, "buffers-held") <= 4);
  run_steady (h, width, height, 20);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-temporary"), 6);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Downstream never returns a buffer while it waits for more frames: the
 * wait policy must give up after wait-timeout and keep frames flowing. */
GST_START_TEST (test_exhausted_wait_does_not_deadlock)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("max-buffers=3 min-buffers=1 "
      "exhausted-policy=wait wait-timeout=5", width, height);
  GstBuffer *held[8];
  guint i;

  for (i = 0; i < 8; i++)
    held[i] = convert_one (h, width, height, i);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-temporary"), 5);
  for (i = 0; i < 8; i++)
    gst_buffer_unref (held[i]);
  fail_unless (stat_u64 (h->element, "buffers-held") <= 3);
  gst_harness_teardown (h);
}

GST_END_TEST;

static gpointer
release_later (gpointer buffer)
{
  g_usleep (50 * G_TIME_SPAN_MILLISECOND);
  gst_buffer_unref (buffer);
  return NULL;
}

/* Back-pressure: with a long timeout, the acquire waits for the buffer that
 * downstream releases from another thread and reuses it. */
GST_START_TEST (test_exhausted_wait_reuses_released)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("max-buffers=2 min-buffers=2 "
      "exhausted-policy=wait wait-timeout=60000", width, height);
  GstBuffer *first, *second, *third;
  GThread *thread;

  first = convert_one (h, width, height, 1);
  second = convert_one (h, width, height, 2);
  thread = g_thread_new ("release", release_later, first);
  third = convert_one (h, width, height, 3);
  g_thread_join (thread);

  fail_unless (third == first, "the released buffer should be reused");
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-temporary"), 0);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-allocated"), 2);
  gst_buffer_unref (second);
  gst_buffer_unref (third);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Plays @pipeline to EOS.  The bound is a deadlock guard, not a timing
 * check: each run here takes well under a second. */
static void
play_to_eos (GstElement * pipeline, const gchar * policy)
{
  GstMessage *msg;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      120 * GST_SECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "pipeline stalled with exhausted-policy=%s",
      policy);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);
}

static void
count_buffer (GstElement * identity, GstBuffer * buffer, guint * count)
{
  (*count)++;
}

/* Real encoders with look-ahead behind a tiny max-buffers.  x264enc keeps
 * the input frames of its look-ahead (rc-lookahead) and asks for that many
 * buffers in the allocation query, so the pool grows to what it holds and
 * needs no temporaries; libvpx copies each frame into its own queue, so
 * vp8enc holds none of ours and one buffer serves the whole stream.  Each
 * encoder is optional: a missing plugin skips its test, saying so. */
static void
run_encoder_lookahead (const gchar * factory, const gchar * encoder,
    const gchar * policy, gboolean holds_frames)
{
  const guint frames = 60;
  GstElementFactory *f = gst_element_factory_find (factory);
  gchar *launch;
  GstElement *pipeline, *counter, *convert;
  guint encoded = 0;

  if (f == NULL) {
    g_print ("SKIPPED: %s is not installed\n", factory);
    return;
  }
  gst_object_unref (f);

  launch = g_strdup_printf ("videotestsrc num-buffers=%u "
      "! video/x-raw,format=RGBA,width=96,height=64,framerate=30/1 "
      "! pooledconvert name=convert max-buffers=2 min-buffers=1 "
      "exhausted-policy=%s wait-timeout=10 ! %s "
      "! identity name=counter signal-handoffs=true ! fakesink", frames,
      policy, encoder);
  pipeline = gst_parse_launch (launch, NULL);
  fail_unless (pipeline != NULL, "cannot build: %s", launch);
  counter = gst_bin_get_by_name (GST_BIN (pipeline), "counter");
  convert = gst_bin_get_by_name (GST_BIN (pipeline), "convert");
  g_signal_connect (counter, "handoff", G_CALLBACK (count_buffer), &encoded);
  play_to_eos (pipeline, policy);
  fail_unless_equals_int (encoded, frames);

  if (holds_frames) {
    fail_unless (stat_u64 (convert, "peak-in-flight") > 2,
        "%s held at most %" G_GUINT64_FORMAT " frames", factory,
        stat_u64 (convert, "peak-in-flight"));
    fail_unless_equals_uint64 (stat_u64 (convert, "buffers-temporary"), 0);
  } else {
    fail_unless (stat_u64 (convert, "peak-in-flight") <= 2);
  }

  gst_element_set_state (pipeline, GST_STATE_NULL);
  fail_unless_equals_uint64 (stat_u64 (convert, "buffers-in-flight"), 0);
  gst_object_unref (convert);
  gst_object_unref (counter);
  gst_object_unref (pipeline);
  g_free (launch);
}

GST_START_TEST (test_x264enc_lookahead_temporary)
{
  run_encoder_lookahead ("x264enc", "x264enc rc-lookahead=20", "temporary",
      TRUE);
}

GST_END_TEST;

GST_START_TEST (test_x264enc_lookahead_wait)
{
  run_encoder_lookahead ("x264enc", "x264enc rc-lookahead=20", "wait", TRUE);
}

GST_END_TEST;

GST_START_TEST (test_vp8enc_copies_frames)
{
  run_encoder_lookahead ("vp8enc", "vp8enc lag-in-frames=25 deadline=0",
      "wait", FALSE);
}

GST_END_TEST;

#define LOOKAHEAD 25

typedef struct
{
  GQueue held;
  guint received;
  guint max_held;
} Lookahead;

/* Like an encoder with look-ahead: keeps the last LOOKAHEAD frames and
 * lets go of the oldest only when a new one arrives. */
static GstFlowReturn
hold_until_more (GstElement * appsink, Lookahead * lookahead)
{
  GstSample *sample = NULL;

  g_signal_emit_by_name (appsink, "pull-sample", &sample);
  if (sample == NULL)
    return GST_FLOW_ERROR;
  g_queue_push_tail (&lookahead->held,
      gst_buffer_ref (gst_sample_get_buffer (sample)));
  gst_sample_unref (sample);
  lookahead->received++;
  if (lookahead->held.length > LOOKAHEAD)
    gst_buffer_unref (g_queue_pop_head (&lookahead->held));
  lookahead->max_held = MAX (lookahead->max_held, lookahead->held.length);
  return GST_FLOW_OK;
}

static void
run_holding_downstream (const gchar * policy)
{
  const guint frames = 100;
  gchar *launch = g_strdup_printf ("videotestsrc num-buffers=%u "
      "! video/x-raw,format=RGBA,width=96,height=64,framerate=30/1 "
      "! pooledconvert name=convert max-buffers=4 min-buffers=2 "
      "exhausted-policy=%s wait-timeout=10 "
      "! appsink name=sink sync=false emit-signals=true enable-last-sample=false",
      frames, policy);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *convert, *sink;
  Lookahead lookahead = { G_QUEUE_INIT, 0, 0 };

  fail_unless (pipeline != NULL);
  convert = gst_bin_get_by_name (GST_BIN (pipeline), "convert");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_signal_connect (sink, "new-sample", G_CALLBACK (hold_until_more),
      &lookahead);
  play_to_eos (pipeline, policy);

  fail_unless_equals_int (lookahead.received, frames);
  fail_unless_equals_int (lookahead.max_held, LOOKAHEAD);
  fail_unless (stat_u64 (convert, "peak-in-flight") >= LOOKAHEAD);
  fail_unless (stat_u64 (convert, "buffers-temporary") > 0);

  /* once everything downstream is gone, every buffer is back and freed */
  g_queue_clear_full (&lookahead.held, (GDestroyNotify) gst_buffer_unref);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  fail_unless_equals_uint64 (stat_u64 (convert, "buffers-in-flight"), 0);
  fail_unless_equals_uint64 (stat_u64 (convert, "buffers-held"), 0);
  gst_object_unref (convert);
  g_free (launch);
}

GST_START_TEST (test_lookahead_downstream_temporary)
{
  run_holding_downstream ("temporary");
}

GST_END_TEST;

GST_START_TEST (test_lookahead_downstream_wait)
{
  run_holding_downstream ("wait");
}

GST_END_TEST;

/* After a caps change the old pool's buffers are freed as each comes back,
 * even while the new pool is running. */
GST_START_TEST (test_caps_change_frees_old_size)
{
  GstHarness *h = new_harness ("min-buffers=1", 64, 48);
  GstBuffer *old_held[3];
  guint64 old_size, new_size, held;
  guint i;

  for (i = 0; i < 3; i++)
    old_held[i] = convert_one (h, 64, 48, i);
  old_size = stat_u64 (h->element, "peak-bytes-held") /
      stat_u64 (h->element, "peak-buffers-held");

  gst_harness_set_src_caps_str (h,
      "video/x-raw,format=Y444,width=32,height=16,framerate=30/1");
  run_steady (h, 32, 16, 5);

  /* the old pool's idle buffers went at the switch; its held ones stay */
  held = stat_u64 (h->element, "buffers-held");
  for (i = 0; i < 3; i++)
    gst_buffer_unref (old_held[i]);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-held"), held - 3);

  /* what is left is all of the new size (default layout: no video meta
   * downstream, and these widths need no stride padding) */
  new_size = (guint64) 32 *16 * 3 / 2;
  fail_unless_equals_uint64 (old_size, (guint64) 64 * 48 * 3 / 2);
  fail_unless_equals_uint64 (stat_u64 (h->element, "bytes-held"),
      stat_u64 (h->element, "buffers-held") * new_size);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Going to PAUSED the element trims its pool's idle buffers down to
 * min-buffers at once, whatever the trim window remembers. */
GST_START_TEST (test_paused_trims_idle)
{
  const gint width = 64, height = 48;
  GstHarness *h = new_harness ("trim-window=300 min-buffers=2", width, height);
  GstBuffer *held[6];
  guint i;

  for (i = 0; i < 6; i++)
    held[i] = convert_one (h, width, height, i);
  for (i = 0; i < 6; i++)
    gst_buffer_unref (held[i]);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-held"), 6);

  fail_unless (gst_element_set_state (h->element, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-held"), 2);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-trimmed"), 4);

  fail_unless (gst_element_set_state (h->element, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  run_steady (h, width, height, 3);
  fail_unless_equals_uint64 (stat_u64 (h->element, "buffers-allocated"), 6);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* videorate doubling 30 fps to 60 sends each output buffer twice, the
 * second a copy that shares its memory.  The pool keeps each returned
 * original aside until the copy is gone and reuses it, so the stream runs
 * on a handful of buffers instead of one new buffer per frame. */
GST_START_TEST (test_videorate_duplicates_reuse)
{
  const guint frames = 120;
  gchar *launch = g_strdup_printf ("videotestsrc num-buffers=%u "
      "! video/x-raw,format=Y444,width=96,height=64,framerate=30/1 "
      "! pooledconvert name=convert ! videorate "
      "! video/x-raw,framerate=60/1 ! fakesink sync=false", frames);
  GstElement *pipeline, *convert;

  if (!gst_registry_check_feature_version (gst_registry_get (), "videorate",
          1, 0, 0)) {
    GST_WARNING ("skipped: no videorate element");
    g_free (launch);
    return;
  }
  pipeline = gst_parse_launch (launch, NULL);
  fail_unless (pipeline != NULL);
  convert = gst_bin_get_by_name (GST_BIN (pipeline), "convert");
  play_to_eos (pipeline, "temporary");

  fail_unless (stat_u64 (convert, "buffers-kept-shared") >= frames / 2,
      "videorate did not share the buffers' memory as expected");
  fail_unless (stat_u64 (convert, "buffers-allocated") <= 4,
      "%" G_GUINT64_FORMAT " buffers allocated for %u frames",
      stat_u64 (convert, "buffers-allocated"), frames);
  fail_unless_equals_uint64 (stat_u64 (convert, "buffers-discarded"), 0);
  fail_unless (stat_u64 (convert, "buffers-reclaimed") >= frames / 2);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  fail_unless_equals_uint64 (stat_u64 (convert, "buffers-held"), 0);
  gst_object_unref (convert);
  gst_object_unref (pipeline);
  g_free (launch);
}

GST_END_TEST;

static Suite *
retention_suite (void)
{
  Suite *s = suite_create ("retention");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_trim_after_burst);
  tcase_add_test (tc, test_no_trim_keeps_burst);
  tcase_add_test (tc, test_steady_stream_never_trims);
  tcase_add_test (tc, test_exhausted_temporary);
  tcase_add_test (tc, test_exhausted_wait_does_not_deadlock);
  tcase_add_test (tc, test_exhausted_wait_reuses_released);
  tcase_add_test (tc, test_x264enc_lookahead_temporary);
  tcase_add_test (tc, test_x264enc_lookahead_wait);
  tcase_add_test (tc, test_vp8enc_copies_frames);
  tcase_add_test (tc, test_lookahead_downstream_temporary);
  tcase_add_test (tc, test_lookahead_downstream_wait);
  tcase_add_test (tc, test_caps_change_frees_old_size);
  tcase_add_test (tc, test_paused_trims_idle);
  tcase_add_test (tc, test_videorate_duplicates_reuse);
  return s;
}

GST_CHECK_MAIN (retention);
