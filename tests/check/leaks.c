/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Leak proof: after a pipeline with pooledconvert is torn down, no GstBuffer,
 * GstMemory, buffer pool or element it created is still alive.  The leaks
 * tracer (GST_TRACERS, set by main() below) lists the live objects of those
 * types; every test starts from none and must end with none, after:
 *
 *  - a run to EOS, for each pool mode;
 *  - renegotiation (caps changed on a running pipeline, including to
 *    passthrough and back) and flushing seeks, then a teardown mid-stream;
 *  - buffers that downstream still holds when the pipeline goes away: they
 *    keep their pool alive (that is right) and must take it with them when
 *    released;
 *  - a stream that fails with an ERROR;
 *  - NV12 output through caps changes (NV12 passthrough among them) with
 *    frames held downstream.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reference.h"
#include "testutil.h"

#define LEAKS_TRACER_NAME "pcleaks"
/* how long a step may take before the test calls it a deadlock */
#define WATCHDOG_SECONDS 60

/* ---- a pipeline and what reaches its sink --------------------------------- */

typedef struct
{
  GstElement *pipeline;
  GstElement *capsfilter;
  GMutex lock;
  guint buffers;                /* seen by the sink */
  guint caps_events;            /* caps seen by the sink */
  guint hold;                   /* how many of the latest to keep */
  GQueue held;
} Run;

static GstPadProbeReturn
count_buffer (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;
  GstBuffer *buffer;

  if (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM) {
    if (GST_EVENT_TYPE (GST_PAD_PROBE_INFO_EVENT (info)) == GST_EVENT_CAPS) {
      g_mutex_lock (&run->lock);
      run->caps_events++;
      g_mutex_unlock (&run->lock);
    }
    return GST_PAD_PROBE_OK;
  }

  buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  g_mutex_lock (&run->lock);
  run->buffers++;
  if (run->hold > 0) {
    g_queue_push_tail (&run->held, gst_buffer_ref (buffer));
    while (g_queue_get_length (&run->held) > run->hold)
      gst_buffer_unref (g_queue_pop_head (&run->held));
  }
  g_mutex_unlock (&run->lock);
  return GST_PAD_PROBE_OK;
}

static void
run_init (Run * run, const gchar * description, guint hold)
{
  GError *error = NULL;
  GstElement *sink;
  GstPad *pad;

  memset (run, 0, sizeof (*run));
  g_mutex_init (&run->lock);
  g_queue_init (&run->held);
  run->hold = hold;

  run->pipeline = gst_parse_launch (description, &error);
  fail_unless (run->pipeline != NULL, "cannot build %s: %s", description,
      error ? error->message : "?");
  g_clear_error (&error);
  run->capsfilter = gst_bin_get_by_name (GST_BIN (run->pipeline), "cf");
  sink = gst_bin_get_by_name (GST_BIN (run->pipeline), "sink");
  fail_unless (sink != NULL);
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER |
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, count_buffer, run, NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);
}

static guint
run_buffers (Run * run)
{
  guint n;

  g_mutex_lock (&run->lock);
  n = run->buffers;
  g_mutex_unlock (&run->lock);
  return n;
}

/* Waits until the sink has seen @target buffers (or EOS when @eos), failing
 * on an ERROR message or when the watchdog runs out. */
static void
run_wait (Run * run, guint target, gboolean eos)
{
  GstBus *bus = gst_element_get_bus (run->pipeline);
  gint64 deadline =
      g_get_monotonic_time () + WATCHDOG_SECONDS * G_TIME_SPAN_SECOND;

  while (eos || run_buffers (run) < target) {
    GstMessage *msg = gst_bus_timed_pop_filtered (bus, 10 * GST_MSECOND,
        GST_MESSAGE_ERROR | GST_MESSAGE_EOS);

    if (msg != NULL) {
      if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
        GError *error = NULL;

        gst_message_parse_error (msg, &error, NULL);
        fail ("ERROR from %s: %s", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
            error->message);
      }
      gst_message_unref (msg);
      if (eos)
        break;
    }
    fail_unless (g_get_monotonic_time () < deadline,
        "watchdog: %u of %u buffers after %d s", run_buffers (run), target,
        WATCHDOG_SECONDS);
  }
  gst_object_unref (bus);
}

static void
run_set_state (Run * run, GstState state)
{
  GstStateChangeReturn ret = gst_element_set_state (run->pipeline, state);

  fail_if (ret == GST_STATE_CHANGE_FAILURE);
  if (ret == GST_STATE_CHANGE_ASYNC)
    fail_unless (gst_element_get_state (run->pipeline, NULL, NULL,
            WATCHDOG_SECONDS * GST_SECOND) == GST_STATE_CHANGE_SUCCESS);
}

/* Sets the pipeline to NULL and drops it; buffers the probe still holds
 * stay alive until run_release(). */
static void
run_teardown (Run * run)
{
  fail_unless_equals_int (gst_element_set_state (run->pipeline,
          GST_STATE_NULL), GST_STATE_CHANGE_SUCCESS);
  if (run->capsfilter)
    gst_object_unref (run->capsfilter);
  gst_object_unref (run->pipeline);
  run->pipeline = NULL;
}

static guint
run_release (Run * run)
{
  guint n = g_queue_get_length (&run->held);

  g_queue_clear_full (&run->held, (GDestroyNotify) gst_buffer_unref);
  g_mutex_clear (&run->lock);
  return n;
}

static void
set_caps (Run * run, const gchar * caps_str)
{
  GstCaps *caps = gst_caps_from_string (caps_str);

  fail_unless (caps != NULL);
  g_object_set (run->capsfilter, "caps", caps, NULL);
  gst_caps_unref (caps);
}

static const gchar *pool_modes[] = { "own", "downstream", "none" };

/* ---- tests ---------------------------------------------------------------- */

GST_START_TEST (test_teardown_after_eos)
{
  gchar *description = g_strdup_printf ("videotestsrc num-buffers=40 "
      "! video/x-raw,format=RGBA,width=96,height=64 "
      "! pooledconvert pool-mode=%s ! queue ! fakesink name=sink sync=false",
      pool_modes[__i__]);
  Run run;

  assert_nothing_alive ("before the test");
  run_init (&run, description, 0);
  run_set_state (&run, GST_STATE_PLAYING);
  run_wait (&run, 0, TRUE);
  fail_unless_equals_int (run_buffers (&run), 40);
  run_teardown (&run);
  run_release (&run);
  assert_nothing_alive ("after the teardown");
  g_free (description);
}

GST_END_TEST;

/* Each of @caps in turn on the running pipeline, each followed by a
 * flushing seek, with 5 frames through after each step. */
static void
renegotiate_and_seek (Run * run, const gchar ** caps, guint n_caps)
{
  guint step;

  for (step = 0; step < 2 * n_caps; step++) {
    if (step % 2 == 0)
      set_caps (run, caps[step / 2]);
    else
      fail_unless (gst_element_seek_simple (run->pipeline, GST_FORMAT_TIME,
              GST_SEEK_FLAG_FLUSH, 0));
    run_wait (run, run_buffers (run) + 5, FALSE);
  }
  /* every caps change reached the sink: it was a real renegotiation */
  fail_unless (run->caps_events >= 1 + n_caps, "only %u caps events",
      run->caps_events);
}

static const gchar *renegotiations[] = {
  "video/x-raw,format=Y444,width=33,height=17",
  "video/x-raw,format=I420,width=64,height=48", /* passthrough */
  "video/x-raw,format=Y42B,width=31,height=11",
  "video/x-raw,format=RGBA,width=160,height=90",
  "video/x-raw,format=RGBA,width=15,height=7",
};

/* Caps changes and flushing seeks on a running pipeline, then a teardown
 * while frames are still on their way. */
GST_START_TEST (test_renegotiate_and_flush)
{
  gchar *description = g_strdup_printf ("videotestsrc "
      "! capsfilter name=cf caps=video/x-raw,format=RGBA,width=64,height=48 "
      "! pooledconvert pool-mode=%s ! queue max-size-buffers=3 "
      "! fakesink name=sink sync=false", pool_modes[__i__]);
  Run run;

  assert_nothing_alive ("before the test");
  run_init (&run, description, 0);
  run_set_state (&run, GST_STATE_PLAYING);
  run_wait (&run, 5, FALSE);
  renegotiate_and_seek (&run, renegotiations, G_N_ELEMENTS (renegotiations));

  run_teardown (&run);
  run_release (&run);
  assert_nothing_alive ("after the teardown");
  g_free (description);
}

GST_END_TEST;

static const gchar *nv12_renegotiations[] = {
  "video/x-raw,format=NV12,width=64,height=48", /* passthrough */
  "video/x-raw,format=Y444,width=33,height=17",
  "video/x-raw,format=YUY2,width=31,height=11,interlace-mode=interleaved",
  "video/x-raw,format=P010_10LE,width=160,height=90",
};

/* NV12 output, caps changes (to NV12 passthrough and back) and flushing
 * seeks, downstream holding the latest frames when the pipeline goes. */
GST_START_TEST (test_nv12_renegotiate_and_hold)
{
  gchar *description = g_strdup_printf ("videotestsrc "
      "! capsfilter name=cf caps=video/x-raw,format=RGBA,width=64,height=48 "
      "! pooledconvert pool-mode=%s n-threads=2 ! video/x-raw,format=NV12 "
      "! queue max-size-buffers=3 ! fakesink name=sink sync=false",
      pool_modes[__i__]);
  Run run;

  assert_nothing_alive ("before the test");
  run_init (&run, description, 2);
  run_set_state (&run, GST_STATE_PLAYING);
  run_wait (&run, 5, FALSE);
  renegotiate_and_seek (&run, nv12_renegotiations,
      G_N_ELEMENTS (nv12_renegotiations));

  run_teardown (&run);
  fail_unless_equals_int (run_release (&run), 2);
  assert_nothing_alive ("after the held buffers were released");
  g_free (description);
}

GST_END_TEST;

/* Downstream still holds frames from before a caps change and from the
 * current caps when the pipeline is destroyed.  Their pools must live while
 * they do, and go with the last of them. */
GST_START_TEST (test_held_buffers_outlive_pipeline)
{
  Run run;
  guint held;

  assert_nothing_alive ("before the test");
  run_init (&run, "videotestsrc "
      "! capsfilter name=cf caps=video/x-raw,format=Y444,width=48,height=32 "
      "! pooledconvert ! fakesink name=sink sync=false", 6);
  run_set_state (&run, GST_STATE_PLAYING);
  run_wait (&run, 10, FALSE);
  /* stop the flow with frames of the first caps still held; under the
   * lock, or the probe could see hold drop to 0 mid-way and release all */
  g_mutex_lock (&run.lock);
  run.hold = 0;
  g_mutex_unlock (&run.lock);
  set_caps (&run, "video/x-raw,format=RGBA,width=40,height=30");
  fail_unless (gst_element_seek_simple (run.pipeline, GST_FORMAT_TIME,
          GST_SEEK_FLAG_FLUSH, 0));
  run_wait (&run, run_buffers (&run) + 10, FALSE);
  run_teardown (&run);

  /* the held buffers and their memory and pool are all that is left */
  fail_unless (count_live_objects (NULL) > 0,
      "held buffers are not alive: the tracer or the test is broken");
  held = run_release (&run);
  fail_unless_equals_int (held, 6);
  assert_nothing_alive ("after the held buffers were released");
}

GST_END_TEST;

/* The same with a harness: frames pulled and kept across a caps change and
 * the element's destruction. */
GST_START_TEST (test_harness_held_across_caps_and_teardown)
{
  static const gchar *caps[] = {
    "video/x-raw,format=RGBA,width=32,height=24,framerate=30/1",
    "video/x-raw,format=Y42B,width=33,height=25,framerate=30/1",
    "video/x-raw,format=I420,width=16,height=16,framerate=30/1",
    "video/x-raw,format=Y444,width=7,height=3,framerate=30/1",
  };
  GQueue held = G_QUEUE_INIT;
  GstHarness *h;
  guint i, frame;

  assert_nothing_alive ("before the test");
  h = gst_harness_new ("pooledconvert");
  for (i = 0; i < G_N_ELEMENTS (caps); i++) {
    GstVideoInfo info;
    GstCaps *c = gst_caps_from_string (caps[i]);

    fail_unless (gst_video_info_from_caps (&info, c));
    gst_harness_set_src_caps (h, c);
    for (frame = 0; frame < 4; frame++) {
      GstBuffer *in = gst_buffer_new_allocate (NULL,
          GST_VIDEO_INFO_SIZE (&info), NULL);
      GstMapInfo map;

      fail_unless (gst_buffer_map (in, &map, GST_MAP_WRITE));
      ref_fill_random (map.data, map.size, i * 16 + frame);
      gst_buffer_unmap (in, &map);
      fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
      g_queue_push_tail (&held, gst_harness_pull (h));
    }
  }
  gst_harness_teardown (h);

  fail_unless (count_live_objects (NULL) > 0);
  g_queue_clear_full (&held, (GDestroyNotify) gst_buffer_unref);
  assert_nothing_alive ("after the held buffers were released");
}

GST_END_TEST;

/* A stream that ends in an ERROR (a frame shorter than its caps) leaves
 * nothing behind either. */
GST_START_TEST (test_teardown_after_error)
{
  GstElement *pipeline, *src;
  GstBus *bus;
  GstMessage *msg;
  GstCaps *caps;
  GError *error = NULL;

  assert_nothing_alive ("before the test");
  pipeline = gst_parse_launch ("appsrc name=src format=time "
      "! pooledconvert ! queue ! fakesink sync=false", &error);
  fail_unless (pipeline != NULL, "%s", error ? error->message : "?");
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  caps = gst_caps_from_string ("video/x-raw,format=RGBA,width=64,height=48,"
      "framerate=30/1");
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);

  {
    GstBuffer *good = gst_buffer_new_allocate (NULL, 64 * 48 * 4, NULL);
    GstBuffer *bad = gst_buffer_new_allocate (NULL, 64 * 48, NULL);
    GstFlowReturn ret;

    gst_buffer_memset (good, 0, 0x80, 64 * 48 * 4);
    gst_buffer_memset (bad, 0, 0x80, 64 * 48);
    g_signal_emit_by_name (src, "push-buffer", good, &ret);
    g_signal_emit_by_name (src, "push-buffer", bad, &ret);
    gst_buffer_unref (good);
    gst_buffer_unref (bad);
  }

  bus = gst_element_get_bus (pipeline);
  msg = gst_bus_timed_pop_filtered (bus, WATCHDOG_SECONDS * GST_SECOND,
      GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
  fail_unless (msg != NULL, "watchdog: no ERROR within %d s", WATCHDOG_SECONDS);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_ERROR);
  gst_message_unref (msg);
  gst_object_unref (bus);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  assert_nothing_alive ("after the teardown");
}

GST_END_TEST;

static Suite *
leaks_suite (void)
{
  Suite *s = suite_create ("leaks");
  TCase *tc = tcase_create ("leaks");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_teardown_after_eos, 0,
      G_N_ELEMENTS (pool_modes));
  tcase_add_loop_test (tc, test_renegotiate_and_flush, 0,
      G_N_ELEMENTS (pool_modes));
  tcase_add_test (tc, test_held_buffers_outlive_pipeline);
  tcase_add_test (tc, test_harness_held_across_caps_and_teardown);
  tcase_add_test (tc, test_teardown_after_error);
  tcase_add_loop_test (tc, test_nv12_renegotiate_and_hold, 0,
      G_N_ELEMENTS (pool_modes));
  return s;
}

int
main (int argc, char **argv)
{
  /* the leaks tracer must be set up before gst_init() reads GST_TRACERS */
  g_setenv ("GST_TRACERS", "leaks(name=" LEAKS_TRACER_NAME
      ",filters=\"GstBuffer,GstMemory,GstBufferList,GstBufferPool,GstElement\""
      ",log-leaks-on-deinit=false)", TRUE);
  gst_check_init (&argc, &argv);
  return gst_check_run_suite (leaks_suite (), "leaks", __FILE__);
}
