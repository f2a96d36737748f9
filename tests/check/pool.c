/* pooledconvert tests
 * The output buffer pool, seen from outside: the `stats` property, the
 * buffers the element pushes (their identity, their memory, their pool) and
 * the pool properties.
 *
 * Every test drives the element through a GstHarness.  A harness sink offers
 * no pool, so the element's own pool is what runs, unless a test answers the
 * ALLOCATION query itself with a pad probe.  Frames are small and filled
 * with pseudo-random bytes, so a frame the element did not really write (or
 * overwrote later) shows up in the checksums and in the comparison with the
 * double-precision reference.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gst/video/gstvideopool.h>

#include "reference.h"
#include "testutil.h"

/* Deadlock guard for tests where a blocking pool would hang: generous, it
 * only turns a hang into a failure. */
#define GUARD_SECONDS 60

/* ---- helpers ------------------------------------------------------------- */

static GstCaps *
video_caps (GstVideoFormat format, gint width, gint height)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, format, width, height);
  GST_VIDEO_INFO_FPS_N (&info) = 30;
  GST_VIDEO_INFO_FPS_D (&info) = 1;
  return gst_video_info_to_caps (&info);
}

static gsize
i420_size (gint width, gint height)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, width, height);
  return GST_VIDEO_INFO_SIZE (&info);
}

/* A pooledconvert harness with @props (gst_util_set_object_arg pairs,
 * NULL-terminated) set before the input caps. */
static GstHarness *
harness_new (GstVideoFormat format, gint width, gint height,
    const gchar * first_prop, ...)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  const gchar *name = first_prop;
  va_list args;

  va_start (args, first_prop);
  while (name != NULL) {
    const gchar *value = va_arg (args, const gchar *);

    gst_util_set_object_arg (G_OBJECT (h->element), name, value);
    name = va_arg (args, const gchar *);
  }
  va_end (args);

  gst_harness_set_src_caps (h, video_caps (format, width, height));
  return h;
}

/* An input frame of pseudo-random bytes; different seeds, different frames. */
static GstBuffer *
make_frame (GstVideoFormat format, gint width, gint height, guint32 seed)
{
  GstVideoInfo info;
  GstBuffer *buffer;
  GstMapInfo map;

  gst_video_info_set_format (&info, format, width, height);
  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  ref_fill_random (map.data, map.size, seed);
  gst_buffer_unmap (buffer, &map);
  GST_BUFFER_PTS (buffer) = seed * GST_MSECOND;
  return buffer;
}

/* Checks @out against the reference conversion of @in. */
static void
check_converted (GstBuffer * in, GstVideoFormat format, gint width,
    gint height, GstBuffer * out)
{
  GstVideoInfo in_info, out_info;
  GstVideoFrame in_frame, out_frame;
  RefColor color = ref_color (REF_BT601, FALSE);
  RefI420 *ref;
  gdouble error;

  gst_video_info_set_format (&in_info, format, width, height);
  gst_video_info_set_format (&out_info, GST_VIDEO_FORMAT_I420, width, height);
  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out_frame, &out_info, out,
          GST_MAP_READ), "output buffer of %" G_GSIZE_FORMAT
      " bytes does not map as %dx%d I420", gst_buffer_get_size (out), width,
      height);
  ref = ref_expected_i420 (&in_frame, &color);
  error = ref_max_error (&out_frame, ref);
  ref_i420_free (ref);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);

  /* a sanity check, not the conversion test: an unwritten or overwritten
   * frame of random bytes is off by far more */
  fail_unless (error <= 1.5, "output differs from the reference by %f", error);
}

/* Pushes one frame made from @seed and pulls the output; checks the pixels
 * and returns the output (owned by the caller). */
static GstBuffer *
convert_one (GstHarness * h, GstVideoFormat format, gint width, gint height,
    guint32 seed)
{
  GstBuffer *in = make_frame (format, width, height, seed);
  GstBuffer *out;

  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  check_converted (in, format, width, height, out);
  gst_buffer_unref (in);
  return out;
}

static gpointer
memory_data (GstBuffer * buffer)
{
  GstMapInfo map;
  gpointer data;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  data = map.data;
  gst_buffer_unmap (buffer, &map);
  return data;
}

/* Buffer identity that survives a trip through the pool and cannot be
 * fooled by malloc handing out an old address again: a tag in the buffer's
 * qdata, whose destroy notify counts how many tagged buffers were freed. */
static gint tags_freed;

static GQuark
tag_quark (void)
{
  return g_quark_from_static_string ("pooledconvert-test-tag");
}

static void
tag_freed (gpointer data)
{
  g_atomic_int_inc (&tags_freed);
}

static guint
get_tag (GstBuffer * buffer)
{
  return GPOINTER_TO_UINT (gst_mini_object_get_qdata (GST_MINI_OBJECT_CAST
          (buffer), tag_quark ()));
}

static void
set_tag (GstBuffer * buffer, guint tag)
{
  gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (buffer), tag_quark (),
      GUINT_TO_POINTER (tag), tag_freed);
}

/* Runs @func on its own thread and fails if it has not returned after
 * GUARD_SECONDS: a pool that blocks would otherwise hang the suite. */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean done;
  GThreadFunc func;
  gpointer data;
} Guard;

static gpointer
guard_thread (gpointer user_data)
{
  Guard *guard = user_data;

  guard->func (guard->data);
  g_mutex_lock (&guard->lock);
  guard->done = TRUE;
  g_cond_signal (&guard->cond);
  g_mutex_unlock (&guard->lock);
  return NULL;
}

static void
run_guarded (GThreadFunc func, gpointer data, const gchar * what)
{
  /* leaked on failure: the stuck thread still uses it */
  Guard *guard = g_new0 (Guard, 1);
  gint64 deadline;
  GThread *thread;
  gboolean done;

  g_mutex_init (&guard->lock);
  g_cond_init (&guard->cond);
  guard->func = func;
  guard->data = data;
  thread = g_thread_new ("guarded", guard_thread, guard);

  deadline = g_get_monotonic_time () + GUARD_SECONDS * G_TIME_SPAN_SECOND;
  g_mutex_lock (&guard->lock);
  while (!guard->done && g_cond_wait_until (&guard->cond, &guard->lock,
          deadline));
  done = guard->done;
  g_mutex_unlock (&guard->lock);

  fail_unless (done, "%s did not finish in %d s: deadlock", what,
      GUARD_SECONDS);
  g_thread_join (thread);
  g_mutex_clear (&guard->lock);
  g_cond_clear (&guard->cond);
  g_free (guard);
}

/* Answers the ALLOCATION query on the harness sink pad the way a downstream
 * element with a pool would: a fresh GstVideoBufferPool (or only a minimum
 * when offer_pool is FALSE), its bounds, and GstVideoMeta support. */
typedef struct
{
  gboolean offer_pool;
  guint min;
  GstBufferPool *pool;          /* the last pool offered */
  guint queries;
  guint max;                    /* 0: downstream sets no bound */
} AllocationOffer;

static GstPadProbeReturn
answer_allocation (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  AllocationOffer *offer = user_data;
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  GstVideoInfo vinfo;
  GstCaps *caps;

  if (GST_QUERY_TYPE (query) != GST_QUERY_ALLOCATION)
    return GST_PAD_PROBE_OK;

  gst_query_parse_allocation (query, &caps, NULL);
  fail_unless (caps != NULL);
  fail_unless (gst_video_info_from_caps (&vinfo, caps));

  gst_clear_object (&offer->pool);
  if (offer->offer_pool)
    offer->pool = gst_video_buffer_pool_new ();
  gst_query_add_allocation_pool (query, offer->pool,
      GST_VIDEO_INFO_SIZE (&vinfo), offer->min, offer->max);
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  offer->queries++;
  return GST_PAD_PROBE_HANDLED;
}

static void
offer_allocation (GstHarness * h, AllocationOffer * offer)
{
  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_QUERY_DOWNSTREAM,
      answer_allocation, offer, NULL);
}

#define W 64
#define H 48

/* ---- steady state and reuse ---------------------------------------------- */

/* A running stream takes every output buffer from the pool: after the first
 * frame nothing is allocated, freed or made temporary; every later frame
 * counts as a reuse (the first went out in a new, preallocated buffer); and
 * what the pool holds is exactly what it allocated. */
GST_START_TEST (test_steady_state_no_allocation)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H, NULL);
  Stats before, after;
  GstBuffer *out;
  guint i;

  read_stats (h->element, &before);
  fail_unless_equals_uint64 (before.allocated, 0);

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1);
  fail_unless (out->pool != NULL, "output buffer is not from a pool");
  gst_buffer_unref (out);

  read_stats (h->element, &before);
  fail_unless_equals_string (before.pool, "own");
  fail_unless (before.allocated >= 1);

  for (i = 0; i < 40; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 100 + i);
    fail_unless_equals_int (gst_buffer_get_size (out), i420_size (W, H));
    gst_buffer_unref (out);
  }

  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.allocated, before.allocated);
  fail_unless_equals_uint64 (after.reused, before.reused + 40);
  fail_unless_equals_uint64 (after.freed, 0);
  fail_unless_equals_uint64 (after.temporary, 0);
  fail_unless_equals_uint64 (after.discarded, 0);
  fail_unless_equals_int (after.in_flight, 0);
  fail_unless_equals_int (after.peak_in_flight, 1);
  /* one frame at a time needs no more than the default two */
  fail_unless_equals_uint64 (after.allocated, 2);
  fail_unless_equals_uint64 (after.preallocated, 2);
  fail_unless_equals_uint64 (after.new_buffers, 1);
  fail_unless_equals_uint64 (after.new_buffers + after.reused, 1 + 40);
  fail_unless_equals_int (after.held, after.allocated);
  fail_unless_equals_uint64 (after.bytes_held, after.held * i420_size (W, H));
  fail_unless_equals_int (after.peak_held, after.held);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* With exactly one buffer in the pool, the buffer released after frame 1 is
 * the very buffer frame 2 gets: same GstBuffer (its tag survived, it was
 * never freed), same memory.  Frame 1 is its first trip, the other five are
 * reuses. */
GST_START_TEST (test_reuse_same_buffer)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "min-buffers", "1", "max-buffers", "1", NULL);
  GstBuffer *out;
  GstMemory *memory;
  gpointer data, first;
  Stats st;
  guint i;

  g_atomic_int_set (&tags_freed, 0);
  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1);
  set_tag (out, 1);
  first = out;
  memory = gst_buffer_peek_memory (out, 0);
  data = memory_data (out);
  gst_buffer_unref (out);

  for (i = 0; i < 5; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 2 + i);
    fail_unless (out == first, "frame %u got a different buffer", i + 2);
    fail_unless_equals_int (get_tag (out), 1);
    fail_unless (gst_buffer_peek_memory (out, 0) == memory);
    fail_unless (memory_data (out) == data);
    gst_buffer_unref (out);
  }
  fail_unless_equals_int (g_atomic_int_get (&tags_freed), 0);

  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.allocated, 1);
  fail_unless_equals_uint64 (st.new_buffers, 1);
  fail_unless_equals_uint64 (st.reused, 5);
  fail_unless_equals_uint64 (st.freed, 0);

  gst_harness_teardown (h);
  /* the pool's buffer is freed with the element, not leaked */
  fail_unless_equals_int (g_atomic_int_get (&tags_freed), 1);
}

GST_END_TEST;

/* With the default pool, a stream only ever sees the buffers the stats say
 * were allocated: tag each new buffer and count them. */
GST_START_TEST (test_reuse_distinct_buffers_match_stats)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y42B, W, H, NULL);
  GstBuffer *held[3];
  guint next_tag = 1, i, j;
  Stats st;

  g_atomic_int_set (&tags_freed, 0);
  for (i = 0; i < 10; i++) {
    /* hold up to three at a time, then let them all go */
    for (j = 0; j < 3; j++) {
      held[j] = convert_one (h, GST_VIDEO_FORMAT_Y42B, W, H, i * 3 + j + 1);
      if (get_tag (held[j]) == 0)
        set_tag (held[j], next_tag++);
    }
    for (j = 0; j < 3; j++)
      gst_buffer_unref (held[j]);
  }

  read_stats (h->element, &st);
  fail_unless_equals_int (st.peak_in_flight, 3);
  fail_unless_equals_uint64 (st.allocated, 3);
  fail_unless_equals_int (next_tag - 1, st.allocated);
  /* each tag was put on a buffer's first trip */
  fail_unless_equals_int (next_tag - 1, st.new_buffers);
  fail_unless_equals_uint64 (st.reused, 30 - st.new_buffers);
  fail_unless_equals_int (g_atomic_int_get (&tags_freed), 0);

  gst_harness_teardown (h);
  fail_unless_equals_int (g_atomic_int_get (&tags_freed), next_tag - 1);
}

GST_END_TEST;

/* In flight and its peak follow the buffers downstream holds. */
GST_START_TEST (test_in_flight_counts)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_RGBA, W, H, NULL);
  GstBuffer *held[4];
  Stats st;
  guint i;

  for (i = 0; i < 4; i++) {
    held[i] = convert_one (h, GST_VIDEO_FORMAT_RGBA, W, H, i + 1);
    read_stats (h->element, &st);
    fail_unless_equals_int (st.in_flight, i + 1);
  }
  for (i = 0; i < 4; i++) {
    gst_buffer_unref (held[i]);
    read_stats (h->element, &st);
    fail_unless_equals_int (st.in_flight, 3 - i);
  }
  fail_unless_equals_int (st.peak_in_flight, 4);
  fail_unless_equals_uint64 (st.allocated, 4);
  fail_unless_equals_int (st.held, 4);
  fail_unless_equals_int (st.peak_held, 4);
  fail_unless_equals_uint64 (st.peak_bytes_held, 4 * i420_size (W, H));

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- max-buffers: never block, temporary buffers -------------------------- */

#define HOLD_MAX 3
#define HOLD_N 8

typedef struct
{
  GstHarness *h;
  GstBuffer *held[HOLD_N];
  guint64 sums[HOLD_N];
  guint received;
} HoldState;

/* The visible pixels of an output held downstream: downstream's pool does
 * not clear its buffers' padding, and the element does not write it. */
static guint64
held_checksum (GstBuffer * out)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, W, H);
  return visible_pixels_checksum (out, &info);
}

static gpointer
push_and_hold (gpointer user_data)
{
  HoldState *state = user_data;
  guint i;

  for (i = 0; i < HOLD_N; i++) {
    GstBuffer *out = convert_one (state->h, GST_VIDEO_FORMAT_Y444, W, H,
        i + 1);

    state->sums[i] = held_checksum (out);
    state->held[i] = out;
    state->received++;
  }
  return NULL;
}

/* Downstream holds more frames than max-buffers: the element must not wait
 * for one to come back.  Every frame arrives, each beyond max-buffers is a
 * temporary buffer, nothing held is overwritten, and once downstream lets
 * go the pool keeps no more than max-buffers.  Run for both release
 * orders (oldest first: the pool's own go first; newest first: the
 * temporaries go first). */
GST_START_TEST (test_max_buffers_never_blocks)
{
  gboolean newest_first = __i__ == 1;
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "max-buffers", G_STRINGIFY (HOLD_MAX), NULL);
  HoldState state = { h, };
  Stats st;
  guint i, j;

  run_guarded (push_and_hold, &state, "pushing 8 frames with max-buffers=3");
  fail_unless_equals_int (state.received, HOLD_N);

  for (i = 0; i < HOLD_N; i++) {
    for (j = 0; j < i; j++)
      fail_unless (state.held[i] != state.held[j]);
    fail_unless_equals_uint64 (held_checksum (state.held[i]), state.sums[i]);
  }

  read_stats (h->element, &st);
  fail_unless_equals_int (st.in_flight, HOLD_N);
  fail_unless_equals_int (st.peak_in_flight, HOLD_N);
  fail_unless_equals_uint64 (st.temporary, HOLD_N - HOLD_MAX);
  fail_unless_equals_uint64 (st.allocated, HOLD_N);
  fail_unless_equals_int (st.held, HOLD_N);

  for (i = 0; i < HOLD_N; i++)
    gst_buffer_unref (state.held[newest_first ? HOLD_N - 1 - i : i]);

  read_stats (h->element, &st);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless (st.held <= HOLD_MAX, "pool keeps %u buffers, max-buffers %d",
      st.held, HOLD_MAX);
  fail_unless_equals_uint64 (st.freed, HOLD_N - HOLD_MAX);
  fail_unless_equals_uint64 (st.bytes_held, st.held * i420_size (W, H));

  /* and it is a working pool again: no more temporaries, no allocation */
  for (i = 0; i < 10; i++)
    gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 50 + i));
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.allocated, HOLD_N);
  fail_unless_equals_uint64 (st.temporary, HOLD_N - HOLD_MAX);
  fail_unless (st.held <= HOLD_MAX);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* max-buffers is mutable while PLAYING: unlimited first (holding 4 makes
 * no temporaries), then 2 (holding 4 again makes exactly 2), and after the
 * release the pool is back within the new bound. */
GST_START_TEST (test_max_buffers_change_while_playing)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y42B, W, H, NULL);
  GstBuffer *held[4];
  Stats st;
  guint i;

  for (i = 0; i < 4; i++)
    held[i] = convert_one (h, GST_VIDEO_FORMAT_Y42B, W, H, i + 1);
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.temporary, 0);
  for (i = 0; i < 4; i++)
    gst_buffer_unref (held[i]);

  gst_util_set_object_arg (G_OBJECT (h->element), "max-buffers", "2");
  for (i = 0; i < 4; i++)
    held[i] = convert_one (h, GST_VIDEO_FORMAT_Y42B, W, H, 10 + i);
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.temporary, 2);
  for (i = 0; i < 4; i++)
    gst_buffer_unref (held[i]);

  read_stats (h->element, &st);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless (st.held <= 2, "pool keeps %u buffers, max-buffers 2", st.held);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- held buffers are never written ---------------------------------------- */

/* Hold 4 outputs, push 6 more frames with other content: the held ones keep
 * their bytes, and none of the new outputs is one of them.  Loops over
 * max-buffers 0 (unlimited) and 2 (below what is held). */
GST_START_TEST (test_held_buffers_not_overwritten)
{
  const gchar *max = __i__ == 0 ? "0" : "2";
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_RGBA, W, H,
      "max-buffers", max, NULL);
  GstBuffer *held[4];
  guint64 sums[4];
  guint i, j;

  for (i = 0; i < 4; i++) {
    held[i] = convert_one (h, GST_VIDEO_FORMAT_RGBA, W, H, i + 1);
    sums[i] = buffer_checksum (held[i]);
  }

  for (i = 0; i < 6; i++) {
    GstBuffer *out = convert_one (h, GST_VIDEO_FORMAT_RGBA, W, H, 1000 + i);

    for (j = 0; j < 4; j++) {
      fail_unless (out != held[j]);
      fail_unless (memory_data (out) != memory_data (held[j]));
    }
    gst_buffer_unref (out);
  }

  for (i = 0; i < 4; i++) {
    fail_unless_equals_uint64 (buffer_checksum (held[i]), sums[i]);
    gst_buffer_unref (held[i]);
  }

  gst_harness_teardown (h);
}

GST_END_TEST;

/* Downstream keeps a copy that shares the output's memory and drops the
 * original: gst_buffer_copy (all of it) or gst_buffer_copy_region (only the
 * luma plane, a sub-memory of the same block).  The pool keeps that buffer
 * aside (buffers-kept-shared), writes no later frame into the copy's memory
 * while the copy lives, and once the copy is gone reuses the buffer
 * (buffers-reclaimed) instead of allocating: nothing is discarded. */
GST_START_TEST (test_shared_memory_not_reused)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "min-buffers", "1", NULL);
  GstBuffer *out, *copy;
  gpointer copy_data;
  guint64 sum;
  Stats before, after;
  guint i;

  gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1));

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 2);
  if (__i__ == 0)
    copy = gst_buffer_copy (out);
  else
    copy = gst_buffer_copy_region (out, GST_BUFFER_COPY_ALL, 0, W * H);
  copy_data = memory_data (copy);
  fail_unless (copy_data == memory_data (out),
      "the copy was expected to share the output's memory");
  sum = buffer_checksum (copy);

  read_stats (h->element, &before);
  gst_buffer_unref (out);
  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.kept_shared, before.kept_shared + 1);
  fail_unless_equals_uint64 (after.discarded, before.discarded);
  fail_unless_equals_uint64 (after.freed, before.freed);
  fail_unless_equals_int (after.held, before.held);

  for (i = 0; i < 6; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 100 + i);
    fail_unless (memory_data (out) != copy_data,
        "frame written into memory a copy downstream still holds");
    gst_buffer_unref (out);
  }
  fail_unless_equals_uint64 (buffer_checksum (copy), sum);
  read_stats (h->element, &before);
  fail_unless_equals_uint64 (before.reclaimed, 0);

  /* the copy goes: its memory is the pool's alone again, and the next
   * frames use it without a new allocation */
  gst_buffer_unref (copy);
  for (i = 0; i < 2; i++)
    gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 200 + i));
  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.reclaimed, 1);
  fail_unless_equals_uint64 (after.allocated, before.allocated);
  fail_unless_equals_uint64 (after.discarded, 0);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* Downstream changes the buffer itself before dropping it: appends memory
 * or replaces its memory.  Neither may be reused as if it were a pool
 * buffer; each is discarded and the next frames are whole and right. */
GST_START_TEST (test_changed_buffer_discarded)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H, NULL);
  GstBuffer *out;
  Stats before, after;
  guint i;

  gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1));

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 2);
  fail_unless (gst_buffer_is_writable (out));
  if (__i__ == 0)
    gst_buffer_append_memory (out, gst_allocator_alloc (NULL, 64, NULL));
  else
    gst_buffer_replace_all_memory (out, gst_allocator_alloc (NULL,
            i420_size (W, H), NULL));

  read_stats (h->element, &before);
  gst_buffer_unref (out);
  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.discarded, before.discarded + 1);

  for (i = 0; i < 4; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 10 + i);
    fail_unless_equals_int (gst_buffer_get_size (out), i420_size (W, H));
    fail_unless_equals_int (gst_buffer_n_memory (out), 1);
    gst_buffer_unref (out);
  }

  gst_harness_teardown (h);
}

GST_END_TEST;

/* Downstream shrinks a buffer (its memory still its own) and drops it.
 * Whether the pool restores the size or discards the buffer, every later
 * frame must come out whole and right. */
GST_START_TEST (test_resized_buffer_comes_back_whole)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "min-buffers", "1", "max-buffers", "1", NULL);
  GstBuffer *out;
  Stats st;
  guint i;

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1);
  gst_buffer_set_size (out, 100);
  gst_buffer_unref (out);

  for (i = 0; i < 4; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 10 + i);
    fail_unless_equals_int (gst_buffer_get_size (out), i420_size (W, H));
    gst_buffer_unref (out);
  }

  read_stats (h->element, &st);
  fail_unless (st.held <= 1);
  fail_unless_equals_uint64 (st.bytes_held, st.held * i420_size (W, H));

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- caps changes ---------------------------------------------------------- */

typedef struct
{
  GstVideoFormat format;
  gint width;
  gint height;
} Geometry;

/* From 64x48 Y444 to a new size, a new format, or both.  One output of the
 * old caps is held across the change: it keeps its bytes, and when it comes
 * back it is freed; then only buffers of the new size are held. */
GST_START_TEST (test_caps_change_frees_old_size)
{
  static const Geometry next[] = {
    {GST_VIDEO_FORMAT_Y444, 32, 24},
    {GST_VIDEO_FORMAT_RGBA, 48, 30},
    {GST_VIDEO_FORMAT_Y42B, W, H},
    {GST_VIDEO_FORMAT_Y444, 128, 96},
  };
  const Geometry *b = &next[__i__];
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H, NULL);
  GstBuffer *old, *out;
  gsize old_size = i420_size (W, H), new_size = i420_size (b->width, b->height);
  guint64 old_sum;
  Stats st, before;
  guint i;

  for (i = 0; i < 3; i++)
    gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, i + 1));
  old = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 4);
  old_sum = buffer_checksum (old);

  gst_harness_set_src_caps (h, video_caps (b->format, b->width, b->height));
  for (i = 0; i < 5; i++) {
    out = convert_one (h, b->format, b->width, b->height, 10 + i);
    fail_unless_equals_int (gst_buffer_get_size (out), new_size);
    gst_buffer_unref (out);
  }

  read_stats (h->element, &before);
  fail_unless_equals_string (before.pool, "own");
  /* the idle buffers of the old pool are gone; the held one is not */
  fail_unless_equals_uint64 (before.bytes_held,
      old_size + (before.held - 1) * new_size);
  fail_unless_equals_uint64 (buffer_checksum (old), old_sum);

  gst_buffer_unref (old);
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.freed, before.freed + 1);
  fail_unless_equals_int (st.held, before.held - 1);
  fail_unless_equals_uint64 (st.bytes_held, st.held * new_size);
  fail_unless_equals_int (st.in_flight, 0);

  /* the new pool is a steady pool too */
  read_stats (h->element, &before);
  for (i = 0; i < 5; i++)
    gst_buffer_unref (convert_one (h, b->format, b->width, b->height, 20 + i));
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.allocated, before.allocated);
  fail_unless_equals_uint64 (st.reused, before.reused + 5);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- passthrough ----------------------------------------------------------- */

/* I420 in, equal caps out: the element pushes the very buffer it got, with
 * its memory, and its pool allocates nothing. */
GST_START_TEST (test_passthrough_same_buffer)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_I420, W, H, NULL);
  Stats st;
  guint i;

  for (i = 0; i < 5; i++) {
    GstBuffer *in = make_frame (GST_VIDEO_FORMAT_I420, W, H, i + 1);
    GstMemory *memory = gst_buffer_peek_memory (in, 0);
    guint64 sum = buffer_checksum (in);
    GstBuffer *out;

    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
        GST_FLOW_OK);
    out = gst_harness_pull (h);
    fail_unless (out == in, "passthrough pushed a different buffer");
    fail_unless (gst_buffer_peek_memory (out, 0) == memory);
    fail_unless_equals_uint64 (buffer_checksum (out), sum);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
  }

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "passthrough");
  fail_unless_equals_uint64 (st.allocated, 0);
  fail_unless_equals_uint64 (st.reused, 0);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_int (st.peak_in_flight, 0);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- pool-mode --------------------------------------------------------------- */

/* pool-mode=none: right pixels, every frame a new buffer not from any pool,
 * and the stats show no pool buffer at all. */
GST_START_TEST (test_pool_mode_none)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_RGBA, W, H,
      "pool-mode", "none", NULL);
  GstBuffer *out;
  Stats st;
  guint i;

  g_atomic_int_set (&tags_freed, 0);
  for (i = 0; i < 6; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_RGBA, W, H, i + 1);
    fail_unless (out->pool == NULL);
    fail_unless_equals_int (get_tag (out), 0);
    set_tag (out, i + 1);
    gst_buffer_unref (out);
    /* freed as soon as downstream drops it */
    fail_unless_equals_int (g_atomic_int_get (&tags_freed), i + 1);
  }

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "none");
  fail_unless_equals_uint64 (st.allocated, 0);
  fail_unless_equals_uint64 (st.reused, 0);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_uint64 (st.bytes_held, 0);
  fail_unless_equals_int (st.peak_in_flight, 0);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* pool-mode=downstream with a pool offered: the output buffers are that
 * pool's, the stats say "downstream" and our pool allocated nothing. */
GST_START_TEST (test_pool_mode_downstream_uses_offered_pool)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  AllocationOffer offer = { TRUE, 3, NULL, 0 };
  GstBuffer *out;
  Stats st;
  guint i;

  gst_util_set_object_arg (G_OBJECT (h->element), "pool-mode", "downstream");
  offer_allocation (h, &offer);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, W, H));

  for (i = 0; i < 5; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, i + 1);
    fail_unless (offer.pool != NULL);
    fail_unless (out->pool == offer.pool,
        "output buffer is not from the pool downstream offered");
    gst_buffer_unref (out);
  }
  fail_unless (offer.queries >= 1);

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "downstream");
  fail_unless_equals_uint64 (st.downstream, 5);
  fail_unless_equals_uint64 (st.new_buffers, 0);
  fail_unless_equals_uint64 (st.allocated, 0);
  fail_unless_equals_int (st.held, 0);

  gst_harness_teardown (h);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

/* pool-mode=own ignores an offered pool, but honours downstream's minimum:
 * it preallocates max (min-buffers, downstream min). */
GST_START_TEST (test_pool_mode_own_ignores_offered_pool)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  AllocationOffer offer = { TRUE, 5, NULL, 0 };
  GstBuffer *out;
  Stats st;

  offer_allocation (h, &offer);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, W, H));

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1);
  fail_unless (out->pool != NULL);
  fail_unless (out->pool != offer.pool);
  gst_buffer_unref (out);

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless_equals_uint64 (st.allocated, 5);
  fail_unless_equals_int (st.held, 5);

  gst_harness_teardown (h);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

/* pool-mode=downstream when downstream offers no pool (a harness sink):
 * the element's own pool. */
GST_START_TEST (test_pool_mode_downstream_falls_back)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "pool-mode", "downstream", NULL);
  GstBuffer *out;
  Stats st;
  guint i;

  for (i = 0; i < 4; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, i + 1);
    fail_unless (out->pool != NULL);
    gst_buffer_unref (out);
  }

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless_equals_uint64 (st.allocated, 2);
  fail_unless_equals_uint64 (st.new_buffers, 1);
  fail_unless_equals_uint64 (st.reused, 3);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* The same, when downstream answers with only a minimum and no pool: own
 * pool, and that minimum is preallocated. */
GST_START_TEST (test_pool_mode_downstream_min_only)
{
  GstHarness *h = gst_harness_new ("pooledconvert");
  AllocationOffer offer = { FALSE, 4, NULL, 0 };
  Stats st;

  gst_util_set_object_arg (G_OBJECT (h->element), "pool-mode", "downstream");
  offer_allocation (h, &offer);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, W, H));
  gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1));

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless_equals_uint64 (st.allocated, 4);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* pool-mode is mutable while PLAYING: own -> none -> own.  The own pool is
 * deactivated with a buffer out: its idle buffer goes no later than that
 * buffer comes back (or the pool's timer notices), and the held one then. */
GST_START_TEST (test_pool_mode_switch_while_playing)
{
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H, NULL);
  GstBuffer *held, *out;
  Stats st;

  gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1));
  held = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 2);

  gst_util_set_object_arg (G_OBJECT (h->element), "pool-mode", "none");
  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 3);
  fail_unless (out->pool == NULL, "pool-mode=none ignored while playing");
  gst_buffer_unref (out);

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "none");
  fail_unless (st.held >= 1 && st.held <= 2, "%u held", (guint) st.held);
  gst_buffer_unref (held);
  read_stats (h->element, &st);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_uint64 (st.freed, st.allocated);

  gst_util_set_object_arg (G_OBJECT (h->element), "pool-mode", "own");
  out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 4);
  fail_unless (out->pool != NULL);
  gst_buffer_unref (out);
  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "own");
  fail_unless_equals_int (st.held, 2);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- min-buffers ------------------------------------------------------------- */

/* The pool preallocates min-buffers when it starts (at the first frame) and
 * then holds them; with min 0 it allocates on demand.  Either way the first
 * frame's buffer is new, not reused. */
GST_START_TEST (test_min_buffers_preallocated)
{
  static const guint mins[] = { 0, 1, 2, 6 };
  guint min = mins[__i__];
  gchar *value = g_strdup_printf ("%u", min);
  GstHarness *h = harness_new (GST_VIDEO_FORMAT_Y444, W, H,
      "min-buffers", value, NULL);
  Stats st;

  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.allocated, 0);

  gst_buffer_unref (convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1));
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.allocated, MAX (min, 1));
  fail_unless_equals_int (st.held, MAX (min, 1));
  fail_unless_equals_uint64 (st.bytes_held, MAX (min, 1) * i420_size (W, H));
  fail_unless_equals_uint64 (st.preallocated, min);
  fail_unless_equals_uint64 (st.new_buffers, 1);
  fail_unless_equals_uint64 (st.reused, 0);

  gst_harness_teardown (h);
  g_free (value);
}

GST_END_TEST;

/* ---- video meta ------------------------------------------------------------ */

/* Downstream that understands GstVideoMeta gets buffers with a meta that
 * describes them (the pool may pad strides); frames map through it and are
 * right, and reuse works the same.  Without the meta, the layout must be
 * GStreamer's default for the caps. */
GST_START_TEST (test_video_meta_layout)
{
  gboolean with_meta = __i__ == 1;
  /* odd sizes: strides and chroma rounding are where layouts differ */
  gint width = 99, height = 37;
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstBuffer *out;
  GstVideoMeta *meta;
  Stats before, after;
  guint i;

  if (with_meta)
    gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, width,
          height));

  out = convert_one (h, GST_VIDEO_FORMAT_Y444, width, height, 1);
  meta = gst_buffer_get_video_meta (out);
  if (with_meta) {
    fail_unless (meta != NULL);
    fail_unless_equals_int (meta->format, GST_VIDEO_FORMAT_I420);
    fail_unless_equals_int (meta->width, width);
    fail_unless_equals_int (meta->height, height);
    fail_unless_equals_int (meta->n_planes, 3);
    fail_unless (meta->stride[0] >= width);
    fail_unless (meta->stride[1] >= (width + 1) / 2);
  } else {
    fail_unless (meta == NULL);
    fail_unless_equals_int (gst_buffer_get_size (out),
        i420_size (width, height));
  }
  gst_buffer_unref (out);

  read_stats (h->element, &before);
  for (i = 0; i < 5; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, width, height, 10 + i);
    fail_unless_equals_int (gst_buffer_get_video_meta (out) != NULL, with_meta);
    gst_buffer_unref (out);
  }
  read_stats (h->element, &after);
  fail_unless_equals_uint64 (after.allocated, before.allocated);
  fail_unless_equals_uint64 (after.reused, before.reused + 5);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- pool-mode=downstream: downstream's bounds, never blocking ------------ */

static guint
count_from_pool (GstBuffer ** buffers, guint n, GstBufferPool * pool)
{
  guint i, count = 0;

  for (i = 0; i < n; i++)
    if (buffers[i]->pool == pool)
      count++;
  return count;
}

/* The max the element configured downstream's pool with. */
static guint
configured_max (GstBufferPool * pool)
{
  GstStructure *config = gst_buffer_pool_get_config (pool);
  guint max = 0;

  fail_unless (gst_buffer_pool_config_get_params (config, NULL, NULL, NULL,
          &max));
  gst_structure_free (config);
  return max;
}

/* A harness in pool-mode=downstream whose sink offers @offer. */
static GstHarness *
downstream_harness (AllocationOffer * offer, const gchar * min_buffers,
    const gchar * max_buffers, const gchar * policy)
{
  GstHarness *h = gst_harness_new ("pooledconvert");

  gst_util_set_object_arg (G_OBJECT (h->element), "pool-mode", "downstream");
  gst_util_set_object_arg (G_OBJECT (h->element), "min-buffers", min_buffers);
  gst_util_set_object_arg (G_OBJECT (h->element), "max-buffers", max_buffers);
  gst_util_set_object_arg (G_OBJECT (h->element), "exhausted-policy", policy);
  gst_util_set_object_arg (G_OBJECT (h->element), "wait-timeout", "5");
  offer_allocation (h, offer);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, W, H));
  return h;
}

/* pool-mode=downstream with max-buffers=2: downstream's pool holds 2
 * buffers, and downstream keeps every frame.  The push must not block (it
 * did: GstBufferPool's acquire waits for a release without limit), with
 * either policy: the frames past the 2 are temporary buffers of the
 * element's own, at once (temporary) or after wait-timeout (wait), freed
 * when they come back; then frames come from downstream's pool again. */
GST_START_TEST (test_downstream_pool_exhausted_never_blocks)
{
  gboolean wait = __i__ == 1;
  AllocationOffer offer = { TRUE, 0, NULL, 0, 0 };
  GstHarness *h = downstream_harness (&offer, "2", "2",
      wait ? "wait" : "temporary");
  HoldState state = { h, };
  GstBuffer *out;
  Stats st;
  guint i;

  run_guarded (push_and_hold, &state,
      "pushing 8 frames while downstream holds its pool of 2");
  fail_unless_equals_int (state.received, HOLD_N);
  fail_unless_equals_int (count_from_pool (state.held, HOLD_N, offer.pool), 2);
  for (i = 0; i < HOLD_N; i++) {
    fail_unless (state.held[i]->pool != NULL);
    fail_unless_equals_uint64 (held_checksum (state.held[i]), state.sums[i]);
  }

  read_stats (h->element, &st);
  fail_unless_equals_string (st.pool, "downstream");
  fail_unless_equals_uint64 (st.downstream, 2);
  fail_unless_equals_uint64 (st.temporary, HOLD_N - 2);
  fail_unless_equals_uint64 (st.new_buffers, HOLD_N - 2);
  fail_unless_equals_uint64 (st.reused, 0);
  fail_unless_equals_uint64 (st.allocated, HOLD_N - 2);
  fail_unless_equals_uint64 (st.preallocated, 0);
  fail_unless_equals_uint64 (st.waits, wait ? HOLD_N - 2 : 0);
  fail_unless_equals_uint64 (st.wait_timeouts, wait ? HOLD_N - 2 : 0);
  fail_unless_equals_int (st.in_flight, HOLD_N - 2);

  for (i = 0; i < HOLD_N; i++)
    gst_buffer_unref (state.held[i]);
  read_stats (h->element, &st);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_int (st.in_flight, 0);
  fail_unless_equals_uint64 (st.freed, HOLD_N - 2);

  for (i = 0; i < 5; i++) {
    out = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 100 + i);
    fail_unless (out->pool == offer.pool, "frame %u not from downstream's "
        "pool although downstream holds nothing", i);
    gst_buffer_unref (out);
  }
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.downstream, 2 + 5);
  fail_unless_equals_uint64 (st.allocated, HOLD_N - 2);

  gst_harness_teardown (h);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

static gpointer
release_soon (gpointer buffer)
{
  g_usleep (20 * G_TIME_SPAN_MILLISECOND);
  gst_buffer_unref (buffer);
  return NULL;
}

/* Back-pressure on downstream's pool: with exhausted-policy=wait and a long
 * wait-timeout, the frame waits for the buffer downstream releases from
 * another thread and gets it, not a temporary one. */
GST_START_TEST (test_downstream_pool_wait_takes_released)
{
  AllocationOffer offer = { TRUE, 0, NULL, 0, 0 };
  GstHarness *h = downstream_harness (&offer, "2", "2", "wait");
  GstBuffer *first, *second, *third;
  GThread *thread;
  Stats st;

  g_object_set (h->element, "wait-timeout", 60000, NULL);
  first = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 1);
  second = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 2);
  fail_unless (first->pool == offer.pool && second->pool == offer.pool);
  thread = g_thread_new ("release", release_soon, first);
  third = convert_one (h, GST_VIDEO_FORMAT_Y444, W, H, 3);
  g_thread_join (thread);

  fail_unless (third->pool == offer.pool,
      "the frame did not get the buffer downstream released");
  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.temporary, 0);
  fail_unless_equals_uint64 (st.wait_timeouts, 0);
  fail_unless_equals_uint64 (st.downstream, 3);

  gst_buffer_unref (second);
  gst_buffer_unref (third);
  gst_harness_teardown (h);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

/* Downstream bounds its pool at 2 buffers.  That is a hard limit:
 * max-buffers may lower it (to 1 here, with min-buffers 1) but never raise
 * it, and 0 ("no limit of the element's own") keeps it.  Downstream holds
 * every frame; no more of its buffers than the bound are ever out, and
 * the rest are temporaries. */
GST_START_TEST (test_downstream_max_is_a_hard_limit)
{
  static const struct
  {
    const gchar *min_buffers, *max_buffers;
    guint bound;
  } cases[] = {
    {"2", "0", 2},
    {"2", "8", 2},
    {"1", "1", 1},
  };
  AllocationOffer offer = { TRUE, 0, NULL, 0, 2 };
  GstHarness *h = downstream_harness (&offer, cases[__i__].min_buffers,
      cases[__i__].max_buffers, "temporary");
  guint bound = cases[__i__].bound;
  HoldState state = { h, };
  Stats st;
  guint i;

  run_guarded (push_and_hold, &state,
      "pushing 8 frames while downstream holds its pool");
  fail_unless_equals_int (state.received, HOLD_N);
  fail_unless_equals_int (count_from_pool (state.held, HOLD_N, offer.pool),
      bound);
  fail_unless_equals_int (configured_max (offer.pool), bound);

  read_stats (h->element, &st);
  fail_unless_equals_uint64 (st.downstream, bound);
  fail_unless_equals_uint64 (st.temporary, HOLD_N - bound);

  for (i = 0; i < HOLD_N; i++)
    gst_buffer_unref (state.held[i]);
  gst_harness_teardown (h);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

/* ---- running out of memory ------------------------------------------------- */

/* An allocator with room for @budget bytes in all (a process near its
 * memory limit): past that it has no memory. */
typedef struct
{
  GstAllocator parent;
  gsize budget;
  gsize used;
} BudgetAllocator;

typedef struct
{
  GstAllocatorClass parent_class;
} BudgetAllocatorClass;

static GType budget_allocator_get_type (void);
G_DEFINE_TYPE (BudgetAllocator, budget_allocator, GST_TYPE_ALLOCATOR);

static GstMemory *
budget_alloc (GstAllocator * allocator, gsize size,
    GstAllocationParams * params)
{
  BudgetAllocator *self = (BudgetAllocator *) allocator;

  if (self->used + size > self->budget)
    return NULL;
  self->used += size;
  /* system memory: it is freed by the system allocator */
  return gst_allocator_alloc (NULL, size, params);
}

static void
budget_free (GstAllocator * allocator, GstMemory * memory)
{
  g_assert_not_reached ();
}

static void
budget_allocator_class_init (BudgetAllocatorClass * klass)
{
  GST_ALLOCATOR_CLASS (klass)->alloc = budget_alloc;
  GST_ALLOCATOR_CLASS (klass)->free = budget_free;
}

static void
budget_allocator_init (BudgetAllocator * self)
{
  GST_OBJECT_FLAG_SET (self, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);
}

/* The text of the ERROR message @h's element posted on @bus. */
static gchar *
error_text (GstBus * bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  GError *error = NULL;
  gchar *text;

  fail_unless (msg != NULL, "no ERROR message was posted");
  gst_message_parse_error (msg, &error, NULL);
  fail_unless (error->domain == GST_RESOURCE_ERROR);
  text = g_strdup (error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  return text;
}

/* min-buffers=100 of 640x480 (450 KiB each) with memory for 4 MiB: the pool
 * cannot start, and the error says what it needed in all (43.9 MiB) and
 * that min-buffers asked for it, not what one frame takes.  With
 * min-buffers=0 and no memory at all it is one frame that fails, and the
 * error names that frame as before. */
GST_START_TEST (test_pool_start_failure_names_min_buffers)
{
  gboolean preallocating = __i__ == 0;
  GstHarness *h = gst_harness_new ("pooledconvert");
  BudgetAllocator *allocator = g_object_new (budget_allocator_get_type (),
      NULL);
  GstBus *bus = gst_bus_new ();
  gchar *text;

  allocator->budget = preallocating ? 4 << 20 : 0;
  gst_element_set_bus (h->element, bus);
  g_object_set (h->element, "min-buffers", preallocating ? 100 : 0, NULL);
  gst_harness_set_propose_allocator (h,
      GST_ALLOCATOR (gst_object_ref_sink (allocator)), NULL);
  gst_harness_set_src_caps (h, video_caps (GST_VIDEO_FORMAT_Y444, 640, 480));

  fail_unless_equals_int (gst_harness_push (h, make_frame
          (GST_VIDEO_FORMAT_Y444, 640, 480, 1)), GST_FLOW_ERROR);
  text = error_text (bus);
  GST_INFO ("error: %s", text);
  if (preallocating) {
    fail_unless (strstr (text, "min-buffers=100") != NULL,
        "\"%s\" does not name min-buffers", text);
    fail_unless (strstr (text,
            "Cannot allocate 43.9 MiB for the output pool") != NULL,
        "\"%s\" does not name what the pool needs in all", text);
  } else {
    fail_unless (strstr (text, "Cannot allocate 1 MB for a 640x480 frame")
        != NULL, "\"%s\" does not name the frame", text);
    fail_unless (strstr (text, "min-buffers") == NULL);
  }

  g_free (text);
  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
}

GST_END_TEST;

/* ---- the counts add up ------------------------------------------------------ */

/* The frames a test pulled, told apart from outside: not from a pool, from
 * downstream's pool, or from the element's (first trip of a buffer: it has
 * no tag yet; a later trip: it has one). */
typedef struct
{
  guint frames;
  guint unpooled;
  guint from_downstream;
  guint first_trips;
  guint later_trips;
} Tally;

static void
tally_frame (Tally * tally, AllocationOffer * offer, GstBuffer * out)
{
  tally->frames++;
  if (out->pool == NULL) {
    tally->unpooled++;
  } else if (out->pool == offer->pool) {
    tally->from_downstream++;
  } else if (get_tag (out) == 0) {
    set_tag (out, 1);
    tally->first_trips++;
  } else {
    tally->later_trips++;
  }
}

/* 36 frames: 10 one at a time, a burst of 6 held at once (past
 * max-buffers=4), 20 one at a time (the 8-frame trim window passes twice
 * after the burst). */
static void
counted_frames (GstHarness * h, Tally * tally, AllocationOffer * offer,
    GstVideoFormat format, gint width, gint height)
{
  GstBuffer *burst[6];
  GstBuffer *out;
  guint i;

  for (i = 0; i < 10; i++) {
    out = convert_one (h, format, width, height, i + 1);
    tally_frame (tally, offer, out);
    gst_buffer_unref (out);
  }
  for (i = 0; i < G_N_ELEMENTS (burst); i++) {
    burst[i] = convert_one (h, format, width, height, 20 + i);
    tally_frame (tally, offer, burst[i]);
  }
  for (i = 0; i < G_N_ELEMENTS (burst); i++)
    gst_buffer_unref (burst[i]);
  for (i = 0; i < 20; i++) {
    out = convert_one (h, format, width, height, 30 + i);
    tally_frame (tally, offer, out);
    gst_buffer_unref (out);
  }
}

typedef struct
{
  GstHarness *h;
  AllocationOffer *offer;
  Tally *tally;
} CountedRun;

/* Frames of one caps, then of others: a new pool, preallocated again. */
static gpointer
run_counted_frames (gpointer user_data)
{
  CountedRun *run = user_data;

  gst_harness_set_src_caps (run->h, video_caps (GST_VIDEO_FORMAT_Y444, W, H));
  counted_frames (run->h, run->tally, run->offer, GST_VIDEO_FORMAT_Y444, W, H);
  gst_harness_set_src_caps (run->h, video_caps (GST_VIDEO_FORMAT_RGBA, 32, 24));
  counted_frames (run->h, run->tally, run->offer, GST_VIDEO_FORMAT_RGBA, 32,
      24);
  return NULL;
}

/* Every frame out of a pool is counted once: buffers-new (a buffer of the
 * element's on its first trip: allocated for the frame, a temporary, or a
 * preallocated one going out for the first time), buffers-reused (one
 * going out again) or buffers-downstream (a buffer of downstream's pool),
 * and the counts match the frames seen.  In each pool mode, with
 * preallocation (min-buffers=3), temporaries (a burst past max-buffers=4),
 * trimming (trim-window=8) and a renegotiation (a new pool). */
GST_START_TEST (test_counts_add_up)
{
  static const gchar *modes[] = { "own", "downstream", "none" };
  const gchar *mode = modes[__i__];
  AllocationOffer offer = { TRUE, 0, NULL, 0, 0 };
  GstHarness *h = gst_harness_new ("pooledconvert");
  GstElement *element = gst_object_ref (h->element);
  Tally tally = { 0, };
  CountedRun run = { h, &offer, &tally };
  Stats st;

  gst_util_set_object_arg (G_OBJECT (element), "pool-mode", mode);
  g_object_set (element, "min-buffers", 3, "max-buffers", 4, "trim-window",
      8, NULL);
  offer_allocation (h, &offer);
  /* a burst past the bound of downstream's pool must not block either */
  run_guarded (run_counted_frames, &run, "72 frames with bursts");

  read_stats (element, &st);
  fail_unless_equals_uint64 (st.new_buffers, tally.first_trips);
  fail_unless_equals_uint64 (st.reused, tally.later_trips);
  fail_unless_equals_uint64 (st.downstream, tally.from_downstream);
  fail_unless_equals_uint64 (st.allocated, st.freed + st.held);
  if (g_str_equal (mode, "none")) {
    fail_unless_equals_int (tally.unpooled, tally.frames);
    fail_unless_equals_uint64 (st.allocated, 0);
  } else {
    fail_unless_equals_int (tally.unpooled, 0);
    fail_unless_equals_uint64 (st.new_buffers + st.reused + st.downstream,
        tally.frames);
    fail_unless (st.temporary > 0, "no temporaries: a weak test");
  }
  if (g_str_equal (mode, "own")) {
    /* two pools, each started with min-buffers */
    fail_unless_equals_uint64 (st.preallocated, 2 * 3);
    fail_unless (st.new_buffers <= st.allocated);
    fail_unless (st.new_buffers >= st.allocated - st.preallocated);
    fail_unless (st.trimmed > 0, "nothing trimmed: a weak test");
    fail_unless_equals_uint64 (st.downstream, 0);
  } else if (g_str_equal (mode, "downstream")) {
    /* downstream's pools hold 4 each; only temporaries are the element's */
    fail_unless_equals_uint64 (st.preallocated, 0);
    fail_unless_equals_uint64 (st.reused, 0);
    fail_unless_equals_uint64 (st.new_buffers, st.temporary);
    fail_unless_equals_uint64 (st.allocated, st.temporary);
  }

  gst_harness_teardown (h);
  read_stats (element, &st);
  fail_unless_equals_int (st.held, 0);
  fail_unless_equals_uint64 (st.freed, st.allocated);
  gst_object_unref (element);
  gst_clear_object (&offer.pool);
}

GST_END_TEST;

static Suite *
pool_suite (void)
{
  Suite *s = suite_create ("pool");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_steady_state_no_allocation);
  tcase_add_test (tc, test_reuse_same_buffer);
  tcase_add_test (tc, test_reuse_distinct_buffers_match_stats);
  tcase_add_test (tc, test_in_flight_counts);
  tcase_add_loop_test (tc, test_max_buffers_never_blocks, 0, 2);
  tcase_add_test (tc, test_max_buffers_change_while_playing);
  tcase_add_loop_test (tc, test_held_buffers_not_overwritten, 0, 2);
  tcase_add_loop_test (tc, test_shared_memory_not_reused, 0, 2);
  tcase_add_loop_test (tc, test_changed_buffer_discarded, 0, 2);
  tcase_add_test (tc, test_resized_buffer_comes_back_whole);
  tcase_add_loop_test (tc, test_caps_change_frees_old_size, 0, 4);
  tcase_add_test (tc, test_passthrough_same_buffer);
  tcase_add_test (tc, test_pool_mode_none);
  tcase_add_test (tc, test_pool_mode_downstream_uses_offered_pool);
  tcase_add_test (tc, test_pool_mode_own_ignores_offered_pool);
  tcase_add_test (tc, test_pool_mode_downstream_falls_back);
  tcase_add_test (tc, test_pool_mode_downstream_min_only);
  tcase_add_test (tc, test_pool_mode_switch_while_playing);
  tcase_add_loop_test (tc, test_min_buffers_preallocated, 0, 4);
  tcase_add_loop_test (tc, test_video_meta_layout, 0, 2);
  tcase_add_loop_test (tc, test_downstream_pool_exhausted_never_blocks, 0, 2);
  tcase_add_test (tc, test_downstream_pool_wait_takes_released);
  tcase_add_loop_test (tc, test_downstream_max_is_a_hard_limit, 0, 3);
  tcase_add_loop_test (tc, test_pool_start_failure_names_min_buffers, 0, 2);
  tcase_add_loop_test (tc, test_counts_add_up, 0, 3);

  return s;
}

GST_CHECK_MAIN (pool);
