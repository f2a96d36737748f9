/* pooledconvert tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Stress: several pooledconvert instances, each driven by its own thread
 * through a GstHarness, convert STRESS_FRAMES frames between them (10,000
 * unless PC_STRESS_FRAMES says otherwise) while, at random:
 *
 *  - the caps change (format, size: passthrough I420 included);
 *  - the stream is flushed (flush-start, flush-stop, a new segment: what a
 *    flushing seek does to the element);
 *  - the pool policy changes (pool-mode, max-buffers);
 *  - downstream (the thread) holds a random number of output frames and
 *    lets them go in random order.
 *
 * Asserted for every frame: exactly one output per input, with the input's
 * timestamps, offsets and flags; its pixels match the double-precision
 * reference (on a sample of frames); an output frame is never one that
 * downstream still holds, and a held frame keeps its content until released
 * (checksummed on arrival and again on release).  Asserted all along and at
 * the end: the pool's counts add up (allocated = freed + held, buffers in
 * flight = pooled frames held downstream), and after the element stops
 * nothing is held.
 *
 * No timing is asserted; a watchdog fails the test if the threads do not
 * finish (a deadlock).  Seeds are fixed (PC_STRESS_SEED overrides) and
 * printed, so a failure can be replayed.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reference.h"
#include "testutil.h"

#define DEFAULT_FRAMES 10000
#define N_THREADS 4
#define MAX_HOLD 8
#define WATCHDOG_SECONDS 240
/* one frame in this many is compared with the reference */
#define REFERENCE_EVERY 37

/* flags the test sets at random and the element must carry over */
static const GstBufferFlags random_flags[] = {
  GST_BUFFER_FLAG_DISCONT, GST_BUFFER_FLAG_DELTA_UNIT, GST_BUFFER_FLAG_MARKER,
  GST_BUFFER_FLAG_HEADER, GST_BUFFER_FLAG_DROPPABLE,
  GST_BUFFER_FLAG_NON_DROPPABLE, GST_BUFFER_FLAG_RESYNC,
};

static const gchar *formats[] = { "I420", "Y444", "Y42B", "RGBA" };

typedef struct
{
  GstBuffer *buffer;
  GstVideoInfo info;            /* the output caps it arrived with */
  guint64 checksum;
  guint frame;
} Held;

typedef struct
{
  guint index;
  guint32 seed;
  guint frames;
  GRand *rand;
  GstHarness *h;
  GstElement *element;

  GstVideoInfo in_info;
  gboolean have_caps;
  GQueue held;                  /* of Held */
  guint hold_target;
  guint64 next_pts;
  guint segment_base;

  /* results, read by the main thread after the join */
  gchar *failure;
  guint pushed;
  guint received;
  guint caps_changes;
  guint flushes;
  guint held_max;
  guint reference_checks;
} Worker;

#define WORKER_CHECK(w, cond, ...) G_STMT_START {                        \
  if (G_UNLIKELY (!(cond))) {                                           \
    gchar *what_ = g_strdup_printf (__VA_ARGS__);                       \
    (w)->failure = g_strdup_printf ("thread %u (seed %u), frame %u: %s " \
        "[%s]", (w)->index, (w)->seed, (w)->pushed, what_, #cond);      \
    g_free (what_);                                                     \
    return FALSE;                                                       \
  }                                                                     \
} G_STMT_END

/* ---- helpers -------------------------------------------------------------- */

static gconstpointer
buffer_data (GstBuffer * buffer)
{
  GstMapInfo map;
  gconstpointer data;

  if (!gst_buffer_map (buffer, &map, GST_MAP_READ))
    return NULL;
  data = map.data;
  gst_buffer_unmap (buffer, &map);
  return data;
}

static GstStructure *
get_stats (GstElement * element)
{
  GstStructure *stats = NULL;

  g_object_get (element, "stats", &stats, NULL);
  return stats;
}

static guint64
stat_u64 (const GstStructure * s, const gchar * field)
{
  const GValue *v = gst_structure_get_value (s, field);

  if (v == NULL)
    return G_MAXUINT64;
  if (G_VALUE_HOLDS_UINT64 (v))
    return g_value_get_uint64 (v);
  if (G_VALUE_HOLDS_UINT (v))
    return g_value_get_uint (v);
  return G_MAXUINT64;
}

/* ---- what one thread does --------------------------------------------------- */

/* allocated = freed + held always; in flight = the pooled frames that this
 * thread (downstream) holds, because the element keeps none between frames */
static gboolean
check_pool_counts (Worker * w, gboolean expect_idle)
{
  GstStructure *stats = get_stats (w->element);
  guint64 allocated, freed, held, in_flight;
  guint pooled_held = 0;
  GList *l;

  WORKER_CHECK (w, stats != NULL, "no stats");
  allocated = stat_u64 (stats, "buffers-allocated");
  freed = stat_u64 (stats, "buffers-freed");
  held = stat_u64 (stats, "buffers-held");
  in_flight = stat_u64 (stats, "buffers-in-flight");
  gst_structure_free (stats);

  for (l = w->held.head; l != NULL; l = l->next)
    if (((Held *) l->data)->buffer->pool != NULL)
      pooled_held++;

  WORKER_CHECK (w, allocated != G_MAXUINT64 && freed != G_MAXUINT64 &&
      held != G_MAXUINT64 && in_flight != G_MAXUINT64, "stats fields missing");
  WORKER_CHECK (w, allocated == freed + held,
      "allocated %" G_GUINT64_FORMAT " != freed %" G_GUINT64_FORMAT
      " + held %" G_GUINT64_FORMAT, allocated, freed, held);
  WORKER_CHECK (w, in_flight == pooled_held, "%" G_GUINT64_FORMAT
      " buffers in flight, downstream holds %u pooled ones", in_flight,
      pooled_held);
  if (expect_idle)
    WORKER_CHECK (w, held == 0 && in_flight == 0, "after stop: held %"
        G_GUINT64_FORMAT ", in flight %" G_GUINT64_FORMAT, held, in_flight);
  return TRUE;
}

/* Releases one held frame, checking that nobody wrote into it. */
static gboolean
release_held (Worker * w, guint index)
{
  Held *held = g_queue_pop_nth (&w->held, index);
  guint64 now = visible_pixels_checksum (held->buffer, &held->info);

  WORKER_CHECK (w, now == held->checksum,
      "frame %u changed while downstream held it", held->frame);
  gst_buffer_unref (held->buffer);
  g_free (held);
  return TRUE;
}

static void
new_caps (Worker * w)
{
  const gchar *format = formats[g_rand_int_range (w->rand, 0,
          G_N_ELEMENTS (formats))];
  gint width, height;
  GstCaps *caps;

  if (g_rand_int_range (w->rand, 0, 20) == 0) {
    width = g_rand_int_range (w->rand, 1, 641);
    height = g_rand_int_range (w->rand, 1, 361);
  } else {
    width = g_rand_int_range (w->rand, 1, 81);
    height = g_rand_int_range (w->rand, 1, 61);
  }
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING, format,
      "width", G_TYPE_INT, width, "height", G_TYPE_INT, height,
      "framerate", GST_TYPE_FRACTION, 30, 1, NULL);
  if (!gst_video_info_from_caps (&w->in_info, caps))
    g_error ("bad test caps %" GST_PTR_FORMAT, caps);
  gst_harness_set_src_caps (w->h, caps);
  w->have_caps = TRUE;
  w->caps_changes++;
  while (gst_harness_events_in_queue (w->h) > 0)
    gst_event_unref (gst_harness_pull_event (w->h));
}

/* What a flushing seek does to the element: flush, then a new segment. */
static gboolean
flush (Worker * w)
{
  GstSegment segment;

  WORKER_CHECK (w, gst_harness_push_event (w->h, gst_event_new_flush_start ()),
      "flush-start refused");
  WORKER_CHECK (w, gst_harness_push_event (w->h,
          gst_event_new_flush_stop (TRUE)), "flush-stop refused");
  gst_segment_init (&segment, GST_FORMAT_TIME);
  segment.base = ++w->segment_base * GST_SECOND;
  WORKER_CHECK (w, gst_harness_push_event (w->h,
          gst_event_new_segment (&segment)), "segment refused");
  /* the harness queues the events it receives: they are not under test */
  while (gst_harness_events_in_queue (w->h) > 0)
    gst_event_unref (gst_harness_pull_event (w->h));
  w->flushes++;
  return TRUE;
}

static void
change_pool_policy (Worker * w)
{
  static const gchar *modes[] = { "own", "own", "downstream", "none" };

  gst_util_set_object_arg (G_OBJECT (w->element), "pool-mode",
      modes[g_rand_int_range (w->rand, 0, G_N_ELEMENTS (modes))]);
  g_object_set (w->element, "max-buffers", g_rand_int_range (w->rand, 0, 7),
      "min-buffers", g_rand_int_range (w->rand, 0, 3), NULL);
}

static GstBuffer *
make_input (Worker * w)
{
  GstBuffer *in = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (&w->in_info), NULL);
  GstMapInfo map;
  guint i;

  gst_buffer_map (in, &map, GST_MAP_WRITE);
  ref_fill_random (map.data, map.size, w->seed * 65537u + w->pushed);
  gst_buffer_unmap (in, &map);

  GST_BUFFER_PTS (in) = w->next_pts;
  GST_BUFFER_DTS (in) = g_rand_boolean (w->rand) ? w->next_pts :
      GST_CLOCK_TIME_NONE;
  GST_BUFFER_DURATION (in) = g_rand_boolean (w->rand) ? GST_SECOND / 30 :
      GST_CLOCK_TIME_NONE;
  GST_BUFFER_OFFSET (in) = w->pushed;
  GST_BUFFER_OFFSET_END (in) = w->pushed + 1;
  for (i = 0; i < G_N_ELEMENTS (random_flags); i++)
    if (g_rand_int_range (w->rand, 0, 4) == 0)
      GST_BUFFER_FLAG_SET (in, random_flags[i]);
  w->next_pts += GST_SECOND / 30;
  return in;
}

static gboolean
check_pixels (Worker * w, GstBuffer * in, GstBuffer * out)
{
  GstCaps *out_caps = gst_pad_get_current_caps (w->h->sinkpad);
  GstVideoInfo out_info;
  GstVideoFrame in_frame, out_frame;
  RefColor color;
  RefI420 *ref;
  gdouble error;

  WORKER_CHECK (w, out_caps != NULL, "no output caps");
  WORKER_CHECK (w, gst_video_info_from_caps (&out_info, out_caps),
      "bad output caps");
  gst_caps_unref (out_caps);
  WORKER_CHECK (w, GST_VIDEO_INFO_FORMAT (&out_info) == GST_VIDEO_FORMAT_I420
      && GST_VIDEO_INFO_WIDTH (&out_info) == GST_VIDEO_INFO_WIDTH (&w->in_info)
      && GST_VIDEO_INFO_HEIGHT (&out_info) ==
      GST_VIDEO_INFO_HEIGHT (&w->in_info), "output caps do not match input");
  WORKER_CHECK (w, gst_video_frame_map (&in_frame, &w->in_info, in,
          GST_MAP_READ), "cannot map input");
  if (!gst_video_frame_map (&out_frame, &out_info, out, GST_MAP_READ)) {
    gst_video_frame_unmap (&in_frame);
    WORKER_CHECK (w, FALSE, "output buffer cannot hold its caps' frame");
  }
  color = ref_color_of (&out_info);
  ref = ref_expected_i420 (&in_frame, &color);
  error = ref_max_error (&out_frame, ref);
  ref_i420_free (ref);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  WORKER_CHECK (w, error <= 1.0, "%s %dx%d: output differs from the "
      "reference by %f", GST_VIDEO_INFO_NAME (&w->in_info),
      GST_VIDEO_INFO_WIDTH (&w->in_info), GST_VIDEO_INFO_HEIGHT (&w->in_info),
      error);
  w->reference_checks++;
  return TRUE;
}

static gboolean
one_frame (Worker * w)
{
  GstBuffer *in, *out, *extra;
  GstVideoInfo out_info;
  GstFlowReturn ret;
  gconstpointer data;
  GList *l;
  guint i;

  if (!w->have_caps || g_rand_int_range (w->rand, 0, 150) == 0)
    new_caps (w);
  if (g_rand_int_range (w->rand, 0, 300) == 0 && !flush (w))
    return FALSE;
  if (g_rand_int_range (w->rand, 0, 400) == 0)
    change_pool_policy (w);
  if (g_rand_int_range (w->rand, 0, 100) == 0)
    w->hold_target = g_rand_int_range (w->rand, 0, MAX_HOLD + 1);

  in = make_input (w);
  ret = gst_harness_push (w->h, gst_buffer_ref (in));
  w->pushed++;
  if (ret != GST_FLOW_OK)
    gst_buffer_unref (in);
  WORKER_CHECK (w, ret == GST_FLOW_OK, "push returned %s",
      gst_flow_get_name (ret));

  /* exactly one output, now: the element is synchronous */
  out = gst_harness_try_pull (w->h);
  extra = out ? gst_harness_try_pull (w->h) : NULL;
  if (out == NULL || extra != NULL) {
    const gchar *what = out ? "more than one" : "no";

    gst_buffer_unref (in);
    gst_clear_buffer (&out);
    gst_clear_buffer (&extra);
    WORKER_CHECK (w, FALSE, "%s output for one input", what);
  }
  w->received++;

  /* timestamps, offsets and flags of its input */
  WORKER_CHECK (w, GST_BUFFER_PTS (out) == GST_BUFFER_PTS (in) &&
      GST_BUFFER_DTS (out) == GST_BUFFER_DTS (in) &&
      GST_BUFFER_DURATION (out) == GST_BUFFER_DURATION (in),
      "timestamps changed");
  WORKER_CHECK (w, GST_BUFFER_OFFSET (out) == GST_BUFFER_OFFSET (in) &&
      GST_BUFFER_OFFSET_END (out) == GST_BUFFER_OFFSET_END (in),
      "offsets changed");
  for (i = 0; i < G_N_ELEMENTS (random_flags); i++)
    WORKER_CHECK (w, GST_BUFFER_FLAG_IS_SET (out, random_flags[i]) ==
        GST_BUFFER_FLAG_IS_SET (in, random_flags[i]),
        "flag 0x%x not carried over", random_flags[i]);

  {
    GstCaps *out_caps = gst_pad_get_current_caps (w->h->sinkpad);
    gboolean ok = out_caps != NULL &&
        gst_video_info_from_caps (&out_info, out_caps);

    gst_clear_caps (&out_caps);
    if (!ok) {
      gst_buffer_unref (in);
      gst_buffer_unref (out);
      WORKER_CHECK (w, FALSE, "output without usable caps");
    }
  }

  /* never a frame downstream still holds */
  data = buffer_data (out);
  for (l = w->held.head; l != NULL; l = l->next) {
    Held *held = l->data;

    WORKER_CHECK (w, held->buffer != out && buffer_data (held->buffer) != data,
        "output reuses frame %u, which downstream still holds", held->frame);
  }

  if (w->pushed % REFERENCE_EVERY == 0 && !check_pixels (w, in, out)) {
    gst_buffer_unref (in);
    gst_buffer_unref (out);
    return FALSE;
  }
  gst_buffer_unref (in);

  /* downstream keeps this one for a while, or drops it at once */
  if (w->hold_target > 0) {
    Held *held = g_new0 (Held, 1);

    held->buffer = out;
    held->info = out_info;
    held->checksum = visible_pixels_checksum (out, &out_info);
    held->frame = w->pushed;
    g_queue_push_tail (&w->held, held);
    w->held_max = MAX (w->held_max, g_queue_get_length (&w->held));
  } else {
    gst_buffer_unref (out);
  }
  while (g_queue_get_length (&w->held) > w->hold_target) {
    if (!release_held (w, g_rand_int_range (w->rand, 0,
                g_queue_get_length (&w->held))))
      return FALSE;
  }

  return check_pool_counts (w, FALSE);
}

static gboolean
worker_run (Worker * w)
{
  while (w->pushed < w->frames)
    if (!one_frame (w))
      return FALSE;

  /* downstream lets everything go: nothing is in flight, all is counted */
  while (g_queue_get_length (&w->held) > 0)
    if (!release_held (w, 0))
      return FALSE;
  if (!check_pool_counts (w, FALSE))
    return FALSE;

  /* stopped, the element keeps nothing */
  gst_harness_teardown (w->h);
  w->h = NULL;
  return check_pool_counts (w, TRUE);
}

static gpointer
worker_thread (gpointer data)
{
  Worker *w = data;

  w->rand = g_rand_new_with_seed (w->seed);
  w->h = gst_harness_new ("pooledconvert");
  w->element = gst_object_ref (w->h->element);
  w->hold_target = g_rand_int_range (w->rand, 0, MAX_HOLD + 1);

  worker_run (w);

  while (g_queue_get_length (&w->held) > 0) {
    Held *held = g_queue_pop_head (&w->held);

    gst_buffer_unref (held->buffer);
    g_free (held);
  }
  if (w->h)
    gst_harness_teardown (w->h);
  gst_object_unref (w->element);
  g_rand_free (w->rand);
  return NULL;
}

/* ---- the test --------------------------------------------------------------- */

typedef struct
{
  GMutex lock;
  GCond cond;
  guint running;
} Watch;

typedef struct
{
  Worker *worker;
  Watch *watch;
} Job;

static gpointer
watched_thread (gpointer data)
{
  Job *job = data;

  worker_thread (job->worker);
  g_mutex_lock (&job->watch->lock);
  job->watch->running--;
  g_cond_signal (&job->watch->cond);
  g_mutex_unlock (&job->watch->lock);
  return NULL;
}

static guint
env_uint (const gchar * name, guint fallback)
{
  const gchar *value = g_getenv (name);

  return value && *value ? (guint) g_ascii_strtoull (value, NULL, 10) :
      fallback;
}

GST_START_TEST (test_parallel_random_stream)
{
  guint total = env_uint ("PC_STRESS_FRAMES", DEFAULT_FRAMES);
  guint32 seed = env_uint ("PC_STRESS_SEED", 20261130);
  Worker workers[N_THREADS];
  Job jobs[N_THREADS];
  GThread *threads[N_THREADS];
  Watch watch;
  gint64 deadline;
  guint i, received = 0, caps_changes = 0, flushes = 0, checks = 0;

  memset (workers, 0, sizeof (workers));
  g_mutex_init (&watch.lock);
  g_cond_init (&watch.cond);
  watch.running = N_THREADS;

  GST_INFO ("%u frames over %u threads, seed %u", total, N_THREADS, seed);
  for (i = 0; i < N_THREADS; i++) {
    workers[i].index = i;
    workers[i].seed = seed + i;
    workers[i].frames = total / N_THREADS + (i < total % N_THREADS ? 1 : 0);
    jobs[i].worker = &workers[i];
    jobs[i].watch = &watch;
    threads[i] = g_thread_new ("stress", watched_thread, &jobs[i]);
  }

  /* a deadlock fails the test instead of hanging it */
  deadline = g_get_monotonic_time () + WATCHDOG_SECONDS * G_TIME_SPAN_SECOND;
  g_mutex_lock (&watch.lock);
  while (watch.running > 0)
    if (!g_cond_wait_until (&watch.cond, &watch.lock, deadline))
      break;
  if (watch.running > 0) {
    /* how far each got, to tell a deadlock (a thread stopped) from a
     * machine too slow (all moving); read while they run, only here */
    GString *where = g_string_new (NULL);

    for (i = 0; i < N_THREADS; i++)
      g_string_append_printf (where, "; thread %u: %u of %u frames pushed, "
          "%u received", i, workers[i].pushed, workers[i].frames,
          workers[i].received);
    fail_unless (watch.running == 0, "watchdog: %u threads still running "
        "after %d s%s", watch.running, WATCHDOG_SECONDS, where->str);
    g_string_free (where, TRUE);
  }
  g_mutex_unlock (&watch.lock);

  for (i = 0; i < N_THREADS; i++) {
    Worker *w = &workers[i];

    g_thread_join (threads[i]);
    fail_unless (w->failure == NULL, "%s", w->failure);
    fail_unless_equals_int (w->pushed, w->frames);
    fail_unless_equals_int (w->received, w->pushed);
    received += w->received;
    caps_changes += w->caps_changes;
    flushes += w->flushes;
    checks += w->reference_checks;
    GST_INFO ("thread %u: %u frames, %u caps, %u flushes, held up to %u",
        i, w->received, w->caps_changes, w->flushes, w->held_max);
  }
  fail_unless_equals_int (received, total);
  /* the randomness did exercise what it should */
  if (total >= 1000) {
    fail_unless (caps_changes > N_THREADS, "only %u caps changes",
        caps_changes);
    fail_unless (flushes > 0, "no flush");
    fail_unless (checks > 0, "no reference check");
  }
  g_print ("stress: %u frames, %u caps changes, %u flushes, %u frames "
      "checked against the reference, seed %u\n", received, caps_changes,
      flushes, checks, seed);

  g_mutex_clear (&watch.lock);
  g_cond_clear (&watch.cond);
}

GST_END_TEST;

/* ---- properties from another thread ---------------------------------------- */

#define SETTER_FRAMES 2000
#define SETTER_HOLD 4

typedef struct
{
  GstElement *element;
  guint32 seed;
  gint stop;
  guint sets;
} Setter;

/* Sets every property, at random, as fast as it can, until told to stop:
 * what an application's control thread may do to a playing element. */
static gpointer
setter_thread (gpointer data)
{
  Setter *setter = data;
  GRand *rand = g_rand_new_with_seed (setter->seed);
  static const gchar *modes[] = { "own", "downstream", "none" };
  static const gchar *policies[] = { "temporary", "wait" };

  while (!g_atomic_int_get (&setter->stop)) {
    switch (g_rand_int_range (rand, 0, 6)) {
      case 0:
        gst_util_set_object_arg (G_OBJECT (setter->element), "pool-mode",
            modes[g_rand_int_range (rand, 0, G_N_ELEMENTS (modes))]);
        break;
      case 1:
        g_object_set (setter->element, "min-buffers",
            g_rand_int_range (rand, 0, 4), NULL);
        break;
      case 2:
        g_object_set (setter->element, "max-buffers",
            g_rand_int_range (rand, 0, 6), NULL);
        break;
      case 3:
        g_object_set (setter->element, "trim-window",
            g_rand_int_range (rand, 0, 12), NULL);
        break;
      case 4:
        gst_util_set_object_arg (G_OBJECT (setter->element),
            "exhausted-policy",
            policies[g_rand_int_range (rand, 0, G_N_ELEMENTS (policies))]);
        break;
      default:
        g_object_set (setter->element, "wait-timeout",
            g_rand_int_range (rand, 1, 3), NULL);
        break;
    }
    setter->sets++;
    g_thread_yield ();
  }
  g_rand_free (rand);
  return NULL;
}

/* One pooled buffer is one held buffer: what the pool hands out it has
 * allocated and not freed, and what it allocated it has freed or holds. */
static void
assert_counts_add_up (GstElement * element)
{
  Stats st;

  read_stats (element, &st);
  fail_unless_equals_uint64 (st.allocated, st.freed + st.held);
  fail_unless (st.in_flight <= st.held, "%u in flight, %u held",
      st.in_flight, st.held);
  fail_unless (st.temporary <= st.allocated);
  fail_unless (st.discarded + st.trimmed <= st.freed);
  fail_unless (st.peak_in_flight <= st.peak_held);
}

/* Frames flow through a playing element (downstream holds a few, lets
 * them go in random order) while another thread sets every property at
 * random.  Each frame converts right, the counts add up all along, and
 * after the element stops nothing is held.  Run under ASan and UBSan by
 * .ci/stages/asan.sh, and under valgrind. */
GST_START_TEST (test_properties_set_from_another_thread)
{
  const gchar *caps = "video/x-raw,format=Y444,width=33,height=17,"
      "framerate=30/1";
  GstVideoInfo in_info = video_info_from_string (caps);
  GstHarness *h = new_converter_harness (NULL, caps);
  GstElement *element = gst_object_ref (h->element);
  Setter setter = { element, 20261201, 0, 0 };
  GRand *rand = g_rand_new_with_seed (setter.seed + 1);
  GQueue held = G_QUEUE_INIT;
  GThread *thread;
  Stats st;
  guint i;

  thread = g_thread_new ("setter", setter_thread, &setter);
  for (i = 0; i < SETTER_FRAMES; i++) {
    GstBuffer *in = random_input_buffer (GST_VIDEO_INFO_SIZE (&in_info), i);
    GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));

    fail_unless (out != NULL);
    if (i % 16 == 0) {
      GstVideoInfo out_info = harness_output_info (h);
      gdouble error = reference_error (in, &in_info, out, &out_info);

      fail_unless (error >= 0.0 && error <= 0.5, "frame %u: error %f", i,
          error);
      assert_counts_add_up (element);
    }
    gst_buffer_unref (in);

    g_queue_push_nth (&held, out, g_rand_int_range (rand, 0, held.length + 1));
    while (held.length > (guint) g_rand_int_range (rand, 0, SETTER_HOLD + 1))
      gst_buffer_unref (g_queue_pop_head (&held));
  }

  g_atomic_int_set (&setter.stop, 1);
  g_thread_join (thread);
  GST_INFO ("%u property sets during %u frames", setter.sets, SETTER_FRAMES);
  fail_unless (setter.sets > 0);

  g_queue_clear_full (&held, (GDestroyNotify) gst_buffer_unref);
  assert_counts_add_up (element);
  gst_harness_teardown (h);
  read_stats (element, &st);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_uint64 (st.bytes_held, 0);
  fail_unless_equals_uint64 (st.allocated, st.freed);
  gst_object_unref (element);
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
stress_suite (void)
{
  Suite *s = suite_create ("stress");
  TCase *tc = tcase_create ("stress");

  suite_add_tcase (s, tc);
  tcase_set_timeout (tc, WATCHDOG_SECONDS + 60);
  tcase_add_test (tc, test_parallel_random_stream);
  tcase_add_test (tc, test_properties_set_from_another_thread);
  return s;
}

GST_CHECK_MAIN (stress);
