/* pooledconvert tests
 * GstPooledConvertPool on its own, driven through GstBufferPool's API the
 * way any element would drive it: the pool contract (flushing, inactive,
 * DONTWAIT, deactivation with buffers out, a caps change), the wait policy,
 * the layout and memory it hands out, reuse of buffers downstream shares,
 * trimming, and running out of memory.  Counts only, no timing: where a
 * thread must wake up, the bound is a generous functional one.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include "pool/gstpooledconvertpool.h"

#define W 64
#define H 48

/* ---- helpers ------------------------------------------------------------- */

typedef struct
{
  PcPoolStats *stats;
  GstBufferPool *pool;
} TestPool;

static GstCaps *
i420_caps (gint width, gint height, gint fps_n, gint fps_d)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, width, height);
  GST_VIDEO_INFO_FPS_N (&info) = fps_n;
  GST_VIDEO_INFO_FPS_D (&info) = fps_d;
  return gst_video_info_to_caps (&info);
}

static GstStructure *
config_at_rate (GstBufferPool * pool, gint width, gint height, guint min,
    guint max, gint fps_n, gint fps_d)
{
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = i420_caps (width, height, fps_n, fps_d);

  gst_buffer_pool_config_set_params (config, caps, 0, min, max);
  gst_caps_unref (caps);
  return config;
}

static GstStructure *
config_for (GstBufferPool * pool, gint width, gint height, guint min, guint max)
{
  return config_at_rate (pool, width, height, min, max, 30, 1);
}

/* A configured, inactive pool with its own stats. */
static void
test_pool_init (TestPool * tp, gint width, gint height, guint min, guint max)
{
  tp->stats = pc_pool_stats_new ();
  tp->pool = gst_pooled_convert_pool_new (tp->stats);
  fail_unless (gst_buffer_pool_set_config (tp->pool,
          config_for (tp->pool, width, height, min, max)));
}

static void
test_pool_clear (TestPool * tp)
{
  gst_buffer_pool_set_active (tp->pool, FALSE);
  gst_object_unref (tp->pool);
  pc_pool_stats_unref (tp->stats);
}

static void
set_policy (TestPool * tp, guint trim_window,
    GstPooledConvertPoolExhaustedPolicy policy, guint wait_timeout_ms)
{
  gst_pooled_convert_pool_set_policy (GST_POOLED_CONVERT_POOL (tp->pool),
      trim_window, policy, wait_timeout_ms);
}

static guint64
stat (TestPool * tp, const gchar * field)
{
  GstStructure *s = pc_pool_stats_to_structure (tp->stats);
  guint64 value = 0;

  fail_unless (gst_structure_get_uint64 (s, field, &value),
      "no guint64 %s in %" GST_PTR_FORMAT, field, s);
  gst_structure_free (s);
  return value;
}

/* buffers-allocated = buffers-freed + buffers-held, always */
static void
check_accounting (TestPool * tp)
{
  fail_unless_equals_uint64 (stat (tp, "buffers-allocated"),
      stat (tp, "buffers-freed") + stat (tp, "buffers-held"));
}

static GstBuffer *
acquire (TestPool * tp)
{
  GstBuffer *buffer = NULL;

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp->pool, &buffer,
          NULL), GST_FLOW_OK);
  fail_unless (buffer != NULL);
  return buffer;
}

/* Counts how many tracked buffers were really freed (not just returned). */
static gint buffers_freed;

static void
count_freed (gpointer data)
{
  g_atomic_int_inc (&buffers_freed);
}

static void
track (GstBuffer * buffer)
{
  gst_mini_object_set_qdata (GST_MINI_OBJECT_CAST (buffer),
      g_quark_from_static_string ("bufferpool-test-track"),
      GINT_TO_POINTER (1), count_freed);
}

static gpointer
map_data (GstBuffer * buffer)
{
  GstMapInfo map;
  gpointer data;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  data = map.data;
  gst_buffer_unmap (buffer, &map);
  return data;
}

/* ---- the GstBufferPool contract ------------------------------------------ */

GST_START_TEST (test_inactive_pool_returns_flushing)
{
  TestPool tp;
  GstBuffer *buffer = NULL;

  test_pool_init (&tp, W, H, 2, 0);
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &buffer,
          NULL), GST_FLOW_FLUSHING);

  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  gst_buffer_unref (acquire (&tp));
  fail_unless (gst_buffer_pool_set_active (tp.pool, FALSE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &buffer,
          NULL), GST_FLOW_FLUSHING);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 0);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* A seek flushes the pool and then unflushes it: while flushing acquire
 * says FLUSHING, and afterwards the same buffers are there, none freed. */
GST_START_TEST (test_flushing_round_trip_keeps_buffers)
{
  TestPool tp;
  GstBuffer *a, *b, *buffer = NULL;

  test_pool_init (&tp, W, H, 2, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  g_atomic_int_set (&buffers_freed, 0);
  a = acquire (&tp);
  b = acquire (&tp);
  track (a);
  track (b);
  gst_buffer_unref (a);
  gst_buffer_unref (b);

  gst_buffer_pool_set_flushing (tp.pool, TRUE);
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &buffer,
          NULL), GST_FLOW_FLUSHING);
  gst_buffer_pool_set_flushing (tp.pool, FALSE);

  fail_unless_equals_int (g_atomic_int_get (&buffers_freed), 0);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 2);
  buffer = acquire (&tp);
  fail_unless (buffer == a || buffer == b, "a new buffer after the flush");
  gst_buffer_unref (buffer);
  fail_unless_equals_uint64 (stat (&tp, "buffers-allocated"), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-freed"), 0);

  test_pool_clear (&tp);
  fail_unless_equals_int (g_atomic_int_get (&buffers_freed), 2);
}

GST_END_TEST;

/* A buffer downstream holds across a flush comes back into the pool. */
GST_START_TEST (test_buffer_out_across_flush_is_kept)
{
  TestPool tp;
  GstBuffer *a, *buffer;

  test_pool_init (&tp, W, H, 1, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  a = acquire (&tp);
  gst_buffer_pool_set_flushing (tp.pool, TRUE);
  gst_buffer_unref (a);
  gst_buffer_pool_set_flushing (tp.pool, FALSE);
  buffer = acquire (&tp);
  fail_unless (buffer == a);
  gst_buffer_unref (buffer);
  fail_unless_equals_uint64 (stat (&tp, "buffers-freed"), 0);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* Every buffer out at max-buffers: DONTWAIT says EOS under either policy,
 * and makes no temporary buffer. */
GST_START_TEST (test_dontwait_exhausted_returns_eos)
{
  GstPooledConvertPoolExhaustedPolicy policy = __i__ == 0 ?
      GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY :
      GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT;
  GstBufferPoolAcquireParams params = { 0, };
  TestPool tp;
  GstBuffer *a, *b, *buffer = NULL;

  test_pool_init (&tp, W, H, 1, 2);
  set_policy (&tp, 0, policy, 10000);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  params.flags = GST_BUFFER_POOL_ACQUIRE_FLAG_DONTWAIT;

  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &a,
          &params), GST_FLOW_OK);
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &b,
          &params), GST_FLOW_OK);
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &buffer,
          &params), GST_FLOW_EOS);
  fail_unless (buffer == NULL);
  fail_unless_equals_uint64 (stat (&tp, "buffers-temporary"), 0);
  fail_unless_equals_uint64 (stat (&tp, "buffers-allocated"), 2);

  gst_buffer_unref (a);
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (tp.pool, &buffer,
          &params), GST_FLOW_OK);
  fail_unless (buffer == a);
  gst_buffer_unref (buffer);
  gst_buffer_unref (b);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* A buffer's first frame is not a reuse.  min-buffers=2 preallocates two:
 * their first trips, and a third buffer allocated on demand, count as
 * buffers-new; a buffer that comes back and goes out again counts as
 * buffers-reused.  Every acquire is one or the other. */
GST_START_TEST (test_first_trip_is_new_not_reused)
{
  TestPool tp;
  GstBuffer *a, *b, *c;
  guint i;

  test_pool_init (&tp, W, H, 2, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  fail_unless_equals_uint64 (stat (&tp, "buffers-preallocated"), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-allocated"), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-new"), 0);

  a = acquire (&tp);
  b = acquire (&tp);
  c = acquire (&tp);
  fail_unless_equals_uint64 (stat (&tp, "buffers-new"), 3);
  fail_unless_equals_uint64 (stat (&tp, "buffers-reused"), 0);
  fail_unless_equals_uint64 (stat (&tp, "buffers-allocated"), 3);
  fail_unless_equals_uint64 (stat (&tp, "buffers-preallocated"), 2);

  gst_buffer_unref (a);
  a = acquire (&tp);
  fail_unless_equals_uint64 (stat (&tp, "buffers-reused"), 1);
  gst_buffer_unref (a);
  gst_buffer_unref (b);
  gst_buffer_unref (c);
  for (i = 0; i < 5; i++)
    gst_buffer_unref (acquire (&tp));
  fail_unless_equals_uint64 (stat (&tp, "buffers-new"), 3);
  fail_unless_equals_uint64 (stat (&tp, "buffers-reused"), 1 + 5);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* Deactivated with buffers out: the idle one goes at once or with the
 * first return, each one out goes when it comes back, and the pool stops
 * holding anything. */
GST_START_TEST (test_deactivate_with_buffers_out)
{
  TestPool tp;
  GstBuffer *a, *b;

  test_pool_init (&tp, W, H, 3, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  g_atomic_int_set (&buffers_freed, 0);
  a = acquire (&tp);
  b = acquire (&tp);
  track (a);
  track (b);

  fail_unless (gst_buffer_pool_set_active (tp.pool, FALSE));
  fail_unless_equals_int (g_atomic_int_get (&buffers_freed), 0);
  gst_buffer_unref (a);
  fail_unless_equals_int (g_atomic_int_get (&buffers_freed), 1);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 1);
  gst_buffer_unref (b);
  fail_unless_equals_int (g_atomic_int_get (&buffers_freed), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 0);
  fail_unless_equals_uint64 (stat (&tp, "buffers-retired"), 3);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* New caps on the stopped pool: the next buffers are of the new size, and
 * none of the old size is left. */
GST_START_TEST (test_caps_change)
{
  TestPool tp;
  GstVideoInfo small, big;
  GstBuffer *buffer;

  gst_video_info_set_format (&small, GST_VIDEO_FORMAT_I420, W, H);
  gst_video_info_set_format (&big, GST_VIDEO_FORMAT_I420, 2 * W, 2 * H);
  test_pool_init (&tp, W, H, 2, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  buffer = acquire (&tp);
  fail_unless_equals_int (gst_buffer_get_size (buffer), small.size);
  /* an active pool refuses other caps */
  fail_if (gst_buffer_pool_set_config (tp.pool,
          config_for (tp.pool, 2 * W, 2 * H, 2, 0)));
  gst_buffer_unref (buffer);

  fail_unless (gst_buffer_pool_set_active (tp.pool, FALSE));
  fail_unless (gst_buffer_pool_set_config (tp.pool,
          config_for (tp.pool, 2 * W, 2 * H, 2, 0)));
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  buffer = acquire (&tp);
  fail_unless_equals_int (gst_buffer_get_size (buffer), big.size);
  gst_buffer_unref (buffer);
  fail_unless_equals_uint64 (stat (&tp, "bytes-held"), 2 * big.size);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* ---- the wait policy ------------------------------------------------------- */

typedef struct
{
  TestPool *tp;
  GstFlowReturn ret;
  GstBuffer *buffer;
} Waiter;

static gpointer
acquire_in_thread (gpointer data)
{
  Waiter *w = data;

  w->ret = gst_buffer_pool_acquire_buffer (w->tp->pool, &w->buffer, NULL);
  return NULL;
}

/* Joins @thread; fails if that took longer than half the wait timeout the
 * tests use (10 s): only a waiter that was never woken takes that long. */
static void
join_woken (GThread * thread, gint64 start)
{
  g_thread_join (thread);
  fail_unless (g_get_monotonic_time () - start < 5 * G_TIME_SPAN_SECOND,
      "the waiting acquire was not woken; it waited for its timeout");
}

/* FLUSH_START (set_flushing) and deactivation (the element going to
 * READY) wake an acquire waiting for a buffer: it returns FLUSHING long
 * before its 10 s wait-timeout.  After a flush the pool works again. */
GST_START_TEST (test_flush_wakes_waiting_acquire)
{
  gboolean deactivate = __i__ == 1;
  TestPool tp;
  Waiter w = { &tp, GST_FLOW_OK, NULL };
  GstBuffer *held;
  GThread *thread;
  gint64 start;

  test_pool_init (&tp, W, H, 1, 1);
  set_policy (&tp, 0, GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT, 10000);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  held = acquire (&tp);

  start = g_get_monotonic_time ();
  thread = g_thread_new ("waiter", acquire_in_thread, &w);
  g_usleep (50 * G_TIME_SPAN_MILLISECOND);
  if (deactivate)
    fail_unless (gst_buffer_pool_set_active (tp.pool, FALSE));
  else
    gst_buffer_pool_set_flushing (tp.pool, TRUE);
  join_woken (thread, start);
  fail_unless_equals_int (w.ret, GST_FLOW_FLUSHING);
  fail_unless_equals_uint64 (stat (&tp, "buffers-temporary"), 0);

  if (!deactivate) {
    gst_buffer_pool_set_flushing (tp.pool, FALSE);
    gst_buffer_unref (held);
    gst_buffer_unref (acquire (&tp));
  } else {
    gst_buffer_unref (held);
    fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 0);
  }
  test_pool_clear (&tp);
}

GST_END_TEST;

/* A buffer that comes back changed is discarded, which makes room: the
 * waiter wakes and allocates a regular member, not a temporary buffer, and
 * the stats count no timeout and no temporary. */
GST_START_TEST (test_discarded_buffer_wakes_waiter)
{
  TestPool tp;
  Waiter w = { &tp, GST_FLOW_ERROR, NULL };
  GstBuffer *a, *b;
  GThread *thread;
  gint64 start;

  test_pool_init (&tp, W, H, 2, 2);
  set_policy (&tp, 0, GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT, 10000);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  a = acquire (&tp);
  b = acquire (&tp);

  start = g_get_monotonic_time ();
  thread = g_thread_new ("waiter", acquire_in_thread, &w);
  g_usleep (50 * G_TIME_SPAN_MILLISECOND);
  gst_buffer_append_memory (a, gst_allocator_alloc (NULL, 16, NULL));
  gst_buffer_unref (a);
  join_woken (thread, start);

  fail_unless_equals_int (w.ret, GST_FLOW_OK);
  fail_unless_equals_uint64 (stat (&tp, "buffers-discarded"), 1);
  fail_unless_equals_uint64 (stat (&tp, "buffers-temporary"), 0);
  fail_unless_equals_uint64 (stat (&tp, "wait-timeouts"), 0);
  fail_unless_equals_uint64 (stat (&tp, "waits"), 1);

  /* it is a member: it comes back into the pool, not freed */
  gst_buffer_unref (w.buffer);
  gst_buffer_unref (b);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-freed"), 1);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* A downstream that never gives a buffer back: the wait ends after the
 * timeout with a temporary buffer, freed when it comes back. */
GST_START_TEST (test_wait_timeout_makes_temporary)
{
  TestPool tp;
  GstBuffer *a, *t;

  test_pool_init (&tp, W, H, 1, 1);
  set_policy (&tp, 0, GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT, 5);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  a = acquire (&tp);
  t = acquire (&tp);
  fail_unless_equals_uint64 (stat (&tp, "wait-timeouts"), 1);
  fail_unless_equals_uint64 (stat (&tp, "buffers-temporary"), 1);
  gst_buffer_unref (t);
  gst_buffer_unref (a);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 1);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* ---- layout and memory ----------------------------------------------------- */

static GstBuffer *
acquire_with_config (TestPool * tp, gint width, gint height,
    const GstVideoAlignment * align, const GstAllocationParams * params)
{
  GstStructure *config;

  tp->stats = pc_pool_stats_new ();
  tp->pool = gst_pooled_convert_pool_new (tp->stats);
  config = config_for (tp->pool, width, height, 1, 0);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (align != NULL) {
    gst_buffer_pool_config_add_option (config,
        GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT);
    gst_buffer_pool_config_set_video_alignment (config, align);
  }
  if (params != NULL)
    gst_buffer_pool_config_set_allocator (config, NULL, params);
  fail_unless (gst_buffer_pool_set_config (tp->pool, config));
  fail_unless (gst_buffer_pool_set_active (tp->pool, TRUE));
  return acquire (tp);
}

/* The config's GstVideoAlignment decides the strides: 128-byte stride
 * alignment gives strides that are multiples of 128, and the video meta
 * describes planes that fit the buffer. */
GST_START_TEST (test_video_alignment_from_config)
{
  GstVideoAlignment align;
  GstVideoMeta *meta;
  GstBuffer *buffer;
  TestPool tp;
  guint p;

  gst_video_alignment_reset (&align);
  for (p = 0; p < GST_VIDEO_MAX_PLANES; p++)
    align.stride_align[p] = 127;
  buffer = acquire_with_config (&tp, 99, 37, &align, NULL);
  meta = gst_buffer_get_video_meta (buffer);
  fail_unless (meta != NULL);
  for (p = 0; p < 3; p++) {
    guint rows = p == 0 ? 37 : 19;

    fail_unless (meta->stride[p] % 128 == 0, "plane %u stride %d", p,
        meta->stride[p]);
    fail_unless (meta->offset[p] + (gsize) meta->stride[p] * rows <=
        gst_buffer_get_size (buffer));
  }
  gst_buffer_unref (buffer);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* Without a GstVideoAlignment in the config a video meta still gets
 * strides on 64 bytes; without a video meta the layout is the default. */
GST_START_TEST (test_default_layouts)
{
  GstVideoInfo info;
  GstVideoMeta *meta;
  GstBuffer *buffer;
  TestPool tp;
  guint p;

  buffer = acquire_with_config (&tp, 99, 37, NULL, NULL);
  meta = gst_buffer_get_video_meta (buffer);
  fail_unless (meta != NULL);
  for (p = 0; p < 3; p++)
    fail_unless (meta->stride[p] % 64 == 0);
  gst_buffer_unref (buffer);
  test_pool_clear (&tp);

  test_pool_init (&tp, 99, 37, 1, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  buffer = acquire (&tp);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, 99, 37);
  fail_unless (gst_buffer_get_video_meta (buffer) == NULL);
  fail_unless_equals_int (gst_buffer_get_size (buffer), info.size);
  gst_buffer_unref (buffer);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* The pool holds frames of any raw format at their size (the element's
 * output formats are the element's choice), and refuses caps that are not
 * raw video. */
GST_START_TEST (test_any_raw_format)
{
  static const GstVideoFormat formats[] = {
    GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420_10LE,
    GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_v210,
  };
  GstStructure *config;
  GstVideoInfo info;
  GstBuffer *buffer;
  GstCaps *caps;
  TestPool tp;
  guint f;

  for (f = 0; f < G_N_ELEMENTS (formats); f++) {
    tp.stats = pc_pool_stats_new ();
    tp.pool = gst_pooled_convert_pool_new (tp.stats);
    gst_video_info_set_format (&info, formats[f], 99, 37);
    caps = gst_video_info_to_caps (&info);
    config = gst_buffer_pool_get_config (tp.pool);
    gst_buffer_pool_config_set_params (config, caps, 0, 1, 0);
    gst_caps_unref (caps);
    fail_unless (gst_buffer_pool_set_config (tp.pool, config), "%s refused",
        gst_video_format_to_string (formats[f]));
    fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
    buffer = acquire (&tp);
    fail_unless_equals_int (gst_buffer_get_size (buffer), info.size);
    gst_buffer_unref (buffer);
    test_pool_clear (&tp);
  }

  tp.stats = pc_pool_stats_new ();
  tp.pool = gst_pooled_convert_pool_new (tp.stats);
  caps = gst_caps_from_string ("video/x-h264,width=64,height=64");
  config = gst_buffer_pool_get_config (tp.pool);
  gst_buffer_pool_config_set_params (config, caps, 4096, 1, 0);
  gst_caps_unref (caps);
  fail_if (gst_buffer_pool_set_config (tp.pool, config));
  test_pool_clear (&tp);
}

GST_END_TEST;

/* GstAllocationParams from the config: a request for 4096-byte alignment
 * gives a 4096-aligned block; the prefix lies before the frame and the
 * padding after it, inside the memory. */
GST_START_TEST (test_allocation_params_honoured)
{
  static const gsize prefixes[] = { 0, 128 };
  GstAllocationParams params;
  gsize offset, maxsize, size;
  GstBuffer *buffer;
  GstMemory *memory;
  guint8 *data;
  TestPool tp;

  gst_allocation_params_init (&params);
  params.align = 4095;
  params.prefix = prefixes[__i__];
  params.padding = 256;
  buffer = acquire_with_config (&tp, 99, 37, NULL, &params);
  memory = gst_buffer_peek_memory (buffer, 0);
  size = gst_memory_get_sizes (memory, &offset, &maxsize);
  fail_unless_equals_int (offset, params.prefix);
  fail_unless (maxsize >= params.prefix + size + params.padding);
  data = map_data (buffer);
  fail_unless (((guintptr) (data - params.prefix)) % 4096 == 0,
      "block at %p, not 4096-aligned", data - params.prefix);
  gst_buffer_unref (buffer);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* Every byte that is not a pixel (stride padding, space between planes,
 * prefix and padding) is zero in a new buffer, even when malloc hands back
 * memory that held other data. */
GST_START_TEST (test_padding_zeroed)
{
  GstAllocationParams params;
  GstVideoMeta *meta;
  GstBuffer *buffer;
  GstMapInfo map;
  TestPool tp;
  gsize i, maxsize, offset;
  gboolean *pixel;
  guint p, row;

  /* leave dirty memory of about the right size for malloc to reuse */
  for (i = 0; i < 4; i++) {
    guint8 *dirty = g_malloc (99 * 64 * 2 + 8192);

    memset (dirty, 0xa5, 99 * 64 * 2 + 8192);
    g_free (dirty);
  }

  gst_allocation_params_init (&params);
  params.prefix = 32;
  params.padding = 64;
  buffer = acquire_with_config (&tp, 99, 37, NULL, &params);
  meta = gst_buffer_get_video_meta (buffer);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  /* the pixels are uninitialised until written: mark them, read the rest
   * (valgrind checks that what is read was written) */
  pixel = g_new0 (gboolean, map.size);
  for (p = 0; p < 3; p++) {
    guint rows = p == 0 ? 37 : 19, width = p == 0 ? 99 : 50;

    for (row = 0; row < rows; row++)
      for (i = 0; i < width; i++)
        pixel[meta->offset[p] + (gsize) row * meta->stride[p] + i] = TRUE;
  }
  for (i = 0; i < map.size; i++)
    if (!pixel[i])
      fail_unless_equals_int (map.data[i], 0);
  g_free (pixel);
  gst_buffer_unmap (buffer, &map);

  gst_memory_get_sizes (gst_buffer_peek_memory (buffer, 0), &offset, &maxsize);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_READ));
  for (i = 1; i <= offset; i++)
    fail_unless_equals_int (map.data[-(gssize) i], 0);
  for (i = map.size; i < maxsize - offset; i++)
    fail_unless_equals_int (map.data[i], 0);
  gst_buffer_unmap (buffer, &map);

  gst_buffer_unref (buffer);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* ---- buffers downstream shares --------------------------------------------- */

/* The original comes back while a copy shares its memory: kept aside, not
 * handed out while the copy lives, and reused (the same buffer, the same
 * memory) once the copy is gone. */
GST_START_TEST (test_shared_buffer_kept_and_reclaimed)
{
  TestPool tp;
  GstBuffer *a, *copy, *other, *again;

  test_pool_init (&tp, W, H, 1, 0);
  set_policy (&tp, 100, GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  a = acquire (&tp);
  copy = gst_buffer_copy (a);
  gst_buffer_unref (a);
  fail_unless_equals_uint64 (stat (&tp, "buffers-kept-shared"), 1);
  fail_unless_equals_uint64 (stat (&tp, "buffers-discarded"), 0);

  other = acquire (&tp);
  fail_unless (other != a);
  fail_unless (map_data (other) != map_data (copy));
  gst_buffer_unref (other);

  gst_buffer_unref (copy);
  again = acquire (&tp);
  fail_unless (again == a, "the reclaimed buffer should come first");
  fail_unless_equals_uint64 (stat (&tp, "buffers-reclaimed"), 1);
  gst_buffer_unref (again);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* Memory that stays shared is not kept forever: with max-buffers
 * unlimited, at most 8 buffers are kept aside, and past that the oldest is
 * discarded (with max-buffers set, it is the bound, and buffers beyond it
 * are temporary anyway). */
GST_START_TEST (test_shared_buffers_bounded)
{
  TestPool tp;
  GstBuffer *copies[10];
  guint i;

  test_pool_init (&tp, W, H, 0, 0);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  for (i = 0; i < 10; i++) {
    GstBuffer *b = acquire (&tp);

    copies[i] = gst_buffer_copy (b);
    gst_buffer_unref (b);
  }
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 8);
  fail_unless_equals_uint64 (stat (&tp, "buffers-discarded"), 2);
  check_accounting (&tp);
  for (i = 0; i < 10; i++)
    gst_buffer_unref (copies[i]);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* What videorate does when it doubles the frame rate: each buffer goes
 * downstream with a copy that shares its memory, the original comes back
 * first and the copy a frame later.  Over 120 frames the pool allocates a
 * handful of buffers, then reuses them. */
GST_START_TEST (test_duplicated_frames_steady_state)
{
  TestPool tp;
  GstBuffer *pending_copy = NULL;
  guint i;

  test_pool_init (&tp, W, H, 2, 0);
  set_policy (&tp, 30, GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  for (i = 0; i < 120; i++) {
    GstBuffer *b = acquire (&tp);
    GstBuffer *copy = gst_buffer_copy (b);

    gst_buffer_unref (b);
    if (pending_copy != NULL)
      gst_buffer_unref (pending_copy);
    pending_copy = copy;
  }
  gst_buffer_unref (pending_copy);
  fail_unless (stat (&tp, "buffers-allocated") <= 3, "%" G_GUINT64_FORMAT
      " allocated", stat (&tp, "buffers-allocated"));
  fail_unless_equals_uint64 (stat (&tp, "buffers-discarded"), 0);
  fail_unless (stat (&tp, "buffers-reclaimed") >= 100);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* ---- trimming ----------------------------------------------------------------- */

static void
burst (TestPool * tp, guint n)
{
  GstBuffer *held[16];
  guint i;

  fail_unless (n <= G_N_ELEMENTS (held));
  for (i = 0; i < n; i++)
    held[i] = acquire (tp);
  for (i = 0; i < n; i++)
    gst_buffer_unref (held[i]);
}

/* The stream stops after a burst: with no frame to advance the trim window,
 * the pool's timer frees the burst's buffers after about a window of time
 * (10 frames at 30 fps here).  The bound only turns a never into a failure. */
GST_START_TEST (test_stalled_stream_trimmed_by_time)
{
  TestPool tp;
  gint64 deadline;

  test_pool_init (&tp, W, H, 1, 0);
  set_policy (&tp, 10, GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  burst (&tp, 8);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 8);

  deadline = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  while (stat (&tp, "buffers-held") > 1 && g_get_monotonic_time () < deadline)
    g_usleep (20 * G_TIME_SPAN_MILLISECOND);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 1);
  fail_unless_equals_uint64 (stat (&tp, "buffers-trimmed"), 7);
  check_accounting (&tp);

  /* and the stream resumes as usual */
  burst (&tp, 2);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* The stall timer holds no reference: a pool with its timer armed is
 * freed when its last reference goes, active or not.  A tick running at
 * that moment holds the pool until it returns, so the pool may go from the
 * clock's thread a moment later: wait for that, never for long. */
GST_START_TEST (test_timer_does_not_keep_pool_alive)
{
  gpointer alive;
  gint64 deadline;
  TestPool tp;

  test_pool_init (&tp, W, H, 1, 0);
  set_policy (&tp, 10, GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  burst (&tp, 3);
  alive = tp.pool;
  g_object_add_weak_pointer (G_OBJECT (tp.pool), &alive);
  gst_object_unref (tp.pool);
  deadline = g_get_monotonic_time () + 2 * G_TIME_SPAN_SECOND;
  while (g_atomic_pointer_get (&alive) != NULL &&
      g_get_monotonic_time () < deadline)
    g_usleep (G_TIME_SPAN_MILLISECOND);
  fail_unless (g_atomic_pointer_get (&alive) == NULL,
      "the pool outlived its last reference");
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 0);
  pc_pool_stats_unref (tp.stats);
}

GST_END_TEST;

/* Going to PAUSED: idle buffers beyond min-buffers go at once. */
GST_START_TEST (test_trim_idle)
{
  TestPool tp;
  GstBuffer *held;

  test_pool_init (&tp, W, H, 2, 0);
  set_policy (&tp, 300, GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  burst (&tp, 6);
  held = acquire (&tp);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 6);
  fail_unless_equals_int (gst_pooled_convert_pool_trim_idle
      (GST_POOLED_CONVERT_POOL (tp.pool)), 4);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 2);
  fail_unless_equals_uint64 (stat (&tp, "buffers-trimmed"), 4);
  gst_buffer_unref (held);
  fail_unless_equals_uint64 (stat (&tp, "buffers-held"), 2);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* The stall timer ticks a quarter of a trim window apart: the window
 * (frames) times the frame duration.  At a frame every 2^31 - 1 seconds,
 * or with a window of 2^32 - 1 frames at a frame every 3 s, that is more
 * nanoseconds than 64 bits hold.  The pool starts, hands out and takes
 * back buffers as usual, also when the window changes while it runs; the
 * asan stage's UBSan is what sees an overflow. */
static const struct
{
  gint fps_n, fps_d;
  guint trim_window;
} extreme_rates[] = {
  {1, G_MAXINT, 300},
  {1, 3, G_MAXUINT},
  {1, G_MAXINT, G_MAXUINT},
};

GST_START_TEST (test_trim_timer_at_extreme_rates)
{
  TestPool tp;

  test_pool_init (&tp, W, H, 1, 0);
  fail_unless (gst_buffer_pool_set_config (tp.pool,
          config_at_rate (tp.pool, W, H, 1, 0, extreme_rates[__i__].fps_n,
              extreme_rates[__i__].fps_d)));
  set_policy (&tp, extreme_rates[__i__].trim_window,
      GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  fail_unless (gst_buffer_pool_set_active (tp.pool, TRUE));
  burst (&tp, 3);
  set_policy (&tp, extreme_rates[__i__].trim_window - 1,
      GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY, 100);
  burst (&tp, 3);
  fail_unless_equals_uint64 (stat (&tp, "buffers-temporary"), 0);
  check_accounting (&tp);
  test_pool_clear (&tp);
}

GST_END_TEST;

/* ---- out of memory ------------------------------------------------------------ */

static gboolean
under_memory_tool (void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return TRUE;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
  return TRUE;
#endif
#endif
  return g_strrstr (g_getenv ("LD_PRELOAD") ? g_getenv ("LD_PRELOAD") : "",
      "vgpreload") != NULL;
}

static gsize
address_space_bytes (void)
{
  gchar *contents = NULL;
  gsize pages = 0;

  if (g_file_get_contents ("/proc/self/statm", &contents, NULL, NULL)) {
    sscanf (contents, "%" G_GSIZE_FORMAT, &pages);
    g_free (contents);
  }
  return pages * (gsize) sysconf (_SC_PAGESIZE);
}

/* allocate_huge_frames()'s exit status when the address-space limit is
 * accepted but not enforced (qemu-user keeps a guest's RLIMIT_AS to itself,
 * since its own mappings would not fit under it) */
#define ADDRESS_LIMIT_IGNORED 77

/* In the child: a 16384x16384 frame (384 MiB) with only 128 MiB of address
 * space to spare.  Exit 0 when both the preallocation and an acquire fail
 * cleanly. */
static int
allocate_huge_frames (void)
{
  PcPoolStats *stats = pc_pool_stats_new ();
  GstBufferPool *pool = gst_pooled_convert_pool_new (stats);
  GstBuffer *buffer = NULL;
  struct rlimit limit;
  GstFlowReturn ret;
  gboolean started;
  gpointer probe;

  limit.rlim_cur = limit.rlim_max = address_space_bytes () + (128 << 20);
  if (setrlimit (RLIMIT_AS, &limit) != 0)
    return 3;
  /* twice the room left: must fail where the limit holds (never touched,
   * so it costs no memory where it does not) */
  probe = g_try_malloc (256 << 20);
  if (probe != NULL) {
    g_free (probe);
    return ADDRESS_LIMIT_IGNORED;
  }

  gst_buffer_pool_set_config (pool, config_for (pool, 16384, 16384, 2, 0));
  started = gst_buffer_pool_set_active (pool, TRUE);
  if (started)
    return 4;

  gst_buffer_pool_set_config (pool, config_for (pool, 16384, 16384, 0, 0));
  if (!gst_buffer_pool_set_active (pool, TRUE))
    return 5;
  ret = gst_buffer_pool_acquire_buffer (pool, &buffer, NULL);
  if (ret != GST_FLOW_ERROR)
    return 6;

  gst_buffer_pool_set_active (pool, FALSE);
  gst_object_unref (pool);
  pc_pool_stats_unref (stats);
  return 0;
}

GST_START_TEST (test_out_of_memory_is_an_error)
{
  pid_t child;
  int status = 0;

  if (under_memory_tool ()) {
    GST_INFO ("skipped: sanitizers and valgrind do not run under RLIMIT_AS");
    return;
  }

  child = fork ();
  fail_unless (child >= 0);
  if (child == 0)
    _exit (allocate_huge_frames ());
  fail_unless (waitpid (child, &status, 0) == child);
  fail_unless (WIFEXITED (status), "the process died (signal %d) instead of "
      "getting an error", WIFSIGNALED (status) ? WTERMSIG (status) : 0);
  if (WEXITSTATUS (status) == ADDRESS_LIMIT_IGNORED) {
    g_print ("skipped: RLIMIT_AS is not enforced here (a 256 MiB allocation "
        "succeeded under the limit, as qemu-user lets it), so no allocation "
        "can run out of memory\n");
    return;
  }
  fail_unless_equals_int (WEXITSTATUS (status), 0);
}

GST_END_TEST;

static Suite *
bufferpool_suite (void)
{
  Suite *s = suite_create ("bufferpool");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_inactive_pool_returns_flushing);
  tcase_add_test (tc, test_flushing_round_trip_keeps_buffers);
  tcase_add_test (tc, test_buffer_out_across_flush_is_kept);
  tcase_add_loop_test (tc, test_dontwait_exhausted_returns_eos, 0, 2);
  tcase_add_test (tc, test_first_trip_is_new_not_reused);
  tcase_add_test (tc, test_deactivate_with_buffers_out);
  tcase_add_test (tc, test_caps_change);
  tcase_add_loop_test (tc, test_flush_wakes_waiting_acquire, 0, 2);
  tcase_add_test (tc, test_discarded_buffer_wakes_waiter);
  tcase_add_test (tc, test_wait_timeout_makes_temporary);
  tcase_add_test (tc, test_video_alignment_from_config);
  tcase_add_test (tc, test_default_layouts);
  tcase_add_test (tc, test_any_raw_format);
  tcase_add_loop_test (tc, test_allocation_params_honoured, 0, 2);
  tcase_add_test (tc, test_padding_zeroed);
  tcase_add_test (tc, test_shared_buffer_kept_and_reclaimed);
  tcase_add_test (tc, test_shared_buffers_bounded);
  tcase_add_test (tc, test_duplicated_frames_steady_state);
  tcase_add_test (tc, test_stalled_stream_trimmed_by_time);
  tcase_add_test (tc, test_timer_does_not_keep_pool_alive);
  tcase_add_test (tc, test_trim_idle);
  tcase_add_loop_test (tc, test_trim_timer_at_extreme_rates, 0,
      G_N_ELEMENTS (extreme_rates));
  tcase_add_test (tc, test_out_of_memory_is_an_error);
  return s;
}

GST_CHECK_MAIN (bufferpool);
