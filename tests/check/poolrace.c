/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The output pool across threads.  A streaming thread renegotiates before
 * every frame (three caps in turn, one of them passthrough), so that every
 * frame gets a new pool, or none, and the base class deactivates and drops
 * the pool before; no output is held, so that drop is the pool's last
 * reference.  Meanwhile the test's thread does what an application that
 * seeks and pauses does, as fast as it can: flush-start and flush-stop,
 * PLAYING to PAUSED and back, down to READY and up again.  Each of these
 * reaches the element's pool from that thread while the streaming thread
 * may be swapping it.
 *
 * Where the application's thread takes a reference to a pool, a tracer
 * hook (object-reffed, which GStreamer calls before the count goes up)
 * pauses for a moment and then reads the pool: a pool that can be freed
 * while someone is about to take a reference to it is then read after it
 * was freed, which ThreadSanitizer (.ci/stages/tsan.sh) reports, and in
 * every build GObject then refuses the reference with a critical.  The
 * pause only widens that moment; nothing depends on it.
 *
 * Every build runs it as a functional test too: every push returns OK or
 * FLUSHING (a frame that meets a restart may also fail as the pads go
 * down), no critical, and afterwards the stream still converts right
 * (against the reference) and nothing is held once the element stops.  The
 * streaming
 * thread holds the upstream pad's stream lock around each frame and the
 * test's thread takes it for flush-stop and for going back to PLAYING, as
 * a source element and a seek do, so no frame goes out ahead of its caps
 * and segment.  No timing is asserted.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "testutil.h"

/* frames the streaming thread pushes, each after a caps change;
 * PC_POOLRACE_FRAMES overrides */
#define DEFAULT_FRAMES 1500
/* how long a reference to a pool waits in the tracer hook */
#define REF_PAUSE_US 200

/* Y444 in two sizes (a new pool each), I420 (passthrough: no pool) */
static const gchar *caps_cycle[] = {
  "video/x-raw,format=Y444,width=64,height=48,framerate=30/1",
  "video/x-raw,format=Y444,width=32,height=24,framerate=30/1",
  "video/x-raw,format=I420,width=64,height=48,framerate=30/1",
};

typedef struct
{
  GstHarness *h;
  guint frames;
  gint done;                    /* atomic: the streaming thread finished */
  gint pushed;                  /* atomic: frames pushed so far */
  gint resync;                  /* atomic: send stream-start again */
  gint restarting;              /* atomic: going to READY and back */
  gint bad_flow;                /* atomic: first push neither OK nor FLUSHING */
  guint converted;              /* frames out, streaming thread only */
  guint shutdown_flows;         /* pushes that met a restart, likewise */
} Race;

/* ---- the tracer that stretches a reference ------------------------------- */

typedef GstTracer PoolraceTracer;
typedef GstTracerClass PoolraceTracerClass;

G_DEFINE_TYPE (PoolraceTracer, poolrace_tracer, GST_TYPE_TRACER);

static void
poolrace_tracer_class_init (PoolraceTracerClass * klass)
{
}

static void
poolrace_tracer_init (PoolraceTracer * tracer)
{
}

/* the thread whose pool references are stretched (the application's) */
static GThread *stretched_thread;

static void
on_object_reffed (GObject * tracer, GstClockTime ts, GstObject * object,
    gint new_refcount)
{
  volatile guint *ref_count;

  if (g_thread_self () != stretched_thread || !GST_IS_BUFFER_POOL (object))
    return;
  g_usleep (REF_PAUSE_US);
  /* still alive? (the sanitizers answer) */
  ref_count = &((GObject *) object)->ref_count;
  (void) *ref_count;
}

/* Hooks cannot be removed: the tracer stays for the rest of the process. */
static void
stretch_pool_refs_of_this_thread (void)
{
  static GstTracer *tracer;

  stretched_thread = g_thread_self ();
  if (tracer != NULL)
    return;
  tracer = g_object_new (poolrace_tracer_get_type (), NULL);
  gst_tracing_register_hook (tracer, "object-reffed",
      G_CALLBACK (on_object_reffed));
}

/* ---- the two threads ----------------------------------------------------- */

static GstFlowReturn
push_frame (Race * race, guint i)
{
  GstVideoInfo info = video_info_from_string (caps_cycle[i % 3]);
  GstCaps *caps = gst_caps_from_string (caps_cycle[i % 3]);
  GstSegment segment;

  if (g_atomic_int_compare_and_exchange (&race->resync, TRUE, FALSE))
    gst_pad_push_event (race->h->srcpad,
        gst_event_new_stream_start ("poolrace"));
  /* refused while flushing: the pad sends it again with the frame */
  gst_pad_push_event (race->h->srcpad, gst_event_new_caps (caps));
  gst_caps_unref (caps);
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_pad_push_event (race->h->srcpad, gst_event_new_segment (&segment));
  return gst_harness_push (race->h,
      random_input_buffer (GST_VIDEO_INFO_SIZE (&info), i));
}

/* Downstream lets go of everything at once, so the next caps change
 * leaves the pool before with no buffer out.  (Events wait until the end:
 * both threads send them, and the harness queues them behind a lock inside
 * GLib that TSan does not see.) */
static void
drop_outputs (Race * race)
{
  GstBuffer *out;

  while ((out = gst_harness_try_pull (race->h)) != NULL) {
    race->converted++;
    gst_buffer_unref (out);
  }
}

static gpointer
streaming_thread (gpointer data)
{
  Race *race = data;
  guint i;

  for (i = 0; i < race->frames; i++) {
    gboolean restarted;
    GstFlowReturn ret;

    GST_PAD_STREAM_LOCK (race->h->srcpad);
    ret = push_frame (race, i);
    /* Going to READY deactivates the source pad before the sink pad, so a
     * frame on its way may fail to negotiate or to go out, as it would in
     * any element; only a restart ends under this lock, so one that is not
     * under way now did not overlap this frame. */
    restarted = g_atomic_int_get (&race->restarting);
    GST_PAD_STREAM_UNLOCK (race->h->srcpad);
    if (ret != GST_FLOW_OK && ret != GST_FLOW_FLUSHING) {
      if (restarted)
        race->shutdown_flows++;
      else
        g_atomic_int_compare_and_exchange (&race->bad_flow, GST_FLOW_OK, ret);
    }
    drop_outputs (race);
    g_atomic_int_inc (&race->pushed);
    /* let the other thread take the stream lock */
    g_thread_yield ();
  }
  g_atomic_int_set (&race->done, TRUE);
  return NULL;
}

static void
set_state (GstElement * element, GstState state)
{
  fail_unless (gst_element_set_state (element, state) ==
      GST_STATE_CHANGE_SUCCESS, "cannot go to %s",
      gst_element_state_get_name (state));
}

/* A flushing seek: flush-start from the application's thread, flush-stop
 * once the streaming thread has let go of the stream lock. */
static void
flush (Race * race)
{
  fail_unless (gst_pad_push_event (race->h->srcpad,
          gst_event_new_flush_start ()));
  GST_PAD_STREAM_LOCK (race->h->srcpad);
  fail_unless (gst_pad_push_event (race->h->srcpad,
          gst_event_new_flush_stop (TRUE)));
  GST_PAD_STREAM_UNLOCK (race->h->srcpad);
}

/* Going to READY deactivates the element's pads, which forget the stream:
 * the streaming thread starts it again before its next frame. */
static void
restart (Race * race)
{
  g_atomic_int_set (&race->restarting, TRUE);
  set_state (race->h->element, GST_STATE_READY);
  GST_PAD_STREAM_LOCK (race->h->srcpad);
  set_state (race->h->element, GST_STATE_PLAYING);
  g_atomic_int_set (&race->resync, TRUE);
  g_atomic_int_set (&race->restarting, FALSE);
  GST_PAD_STREAM_UNLOCK (race->h->srcpad);
}

GST_START_TEST (test_flush_and_state_changes_while_renegotiating)
{
  const gchar *env = g_getenv ("PC_POOLRACE_FRAMES");
  guint flushes = 0, pauses = 0, restarts = 0, i;
  GstBuffer *in, *out;
  GstVideoInfo in_info, out_info;
  GThread *thread;
  GstEvent *event;
  Stats st;
  Race race = { 0 };

  race.frames = env != NULL ? (guint) atoi (env) : DEFAULT_FRAMES;
  race.h = new_converter_harness ("exhausted-policy=wait wait-timeout=20",
      caps_cycle[0]);

  stretch_pool_refs_of_this_thread ();
  thread = g_thread_new ("poolrace-streaming", streaming_thread, &race);
  for (i = 0; !g_atomic_int_get (&race.done); i++) {
    /* one thing at a time, each while a frame is on its way, the first
     * once a frame has gone through: a flush that meets the very first
     * caps can leave the streaming thread's pushes returning FLUSHING
     * until the next stream-start (seen about 3 runs in 100, with no
     * operation after the first: not yet understood) */
    while (g_atomic_int_get (&race.pushed) < (gint) i / 2 + 1 &&
        !g_atomic_int_get (&race.done))
      g_thread_yield ();
    switch (i % 3) {
      case 0:
        flush (&race);
        flushes++;
        break;
      case 1:
        set_state (race.h->element, GST_STATE_PAUSED);
        set_state (race.h->element, GST_STATE_PLAYING);
        pauses++;
        break;
      default:
        restart (&race);
        restarts++;
        break;
    }
  }
  g_thread_join (thread);
  while ((event = gst_harness_try_pull_event (race.h)) != NULL)
    gst_event_unref (event);
  g_print ("poolrace: %u frames, %u converted, %u met a restart, %u flushes, "
      "%u pauses, %u restarts\n", race.frames, race.converted,
      race.shutdown_flows, flushes, pauses, restarts);
  fail_unless (g_atomic_int_get (&race.bad_flow) == GST_FLOW_OK,
      "a push returned %s",
      gst_flow_get_name (g_atomic_int_get (&race.bad_flow)));
  fail_unless (flushes > 0 && pauses > 0 && restarts > 0);

  /* after all that, a frame still converts as the reference does */
  in_info = video_info_from_string (caps_cycle[0]);
  fail_unless (gst_pad_push_event (race.h->srcpad,
          gst_event_new_stream_start ("poolrace")));
  gst_harness_set_src_caps_str (race.h, caps_cycle[0]);
  in = random_input_buffer (GST_VIDEO_INFO_SIZE (&in_info), 0x9001);
  out = gst_harness_push_and_pull (race.h, gst_buffer_ref (in));
  fail_unless (out != NULL);
  out_info = harness_output_info (race.h);
  fail_unless (reference_error (in, &in_info, out, &out_info) <= 1.0);
  gst_buffer_unref (out);
  gst_buffer_unref (in);

  /* and once the element stops, no pool holds anything */
  set_state (race.h->element, GST_STATE_NULL);
  read_stats (race.h->element, &st);
  fail_unless_equals_uint64 (st.held, 0);
  fail_unless_equals_uint64 (st.allocated, st.freed);
  gst_harness_teardown (race.h);
}

GST_END_TEST;

static Suite *
poolrace_suite (void)
{
  Suite *s = suite_create ("poolrace");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_flush_and_state_changes_while_renegotiating);
  return s;
}

GST_CHECK_MAIN (poolrace);
