/* pooledconvert
 * GstI420Pool: a bounded, self-trimming pool of I420 buffers.
 *
 * It keeps its own free list instead of GstBufferPool's queue so that it can
 * decide, buffer by buffer, what to keep.  A buffer that comes back goes to
 * the free list only when its memory is intact and exclusively ours, the
 * pool is active, the pool is within max-buffers, and the pool holds no more
 * than the stream has needed lately; otherwise it is freed on the spot.
 *
 * "Needed lately" is the largest number of buffers in use at once over the
 * last one to two trim windows (counted in frames, so behaviour does not
 * depend on timing).  After a burst (an encoder that held 64 frames) the
 * peak ages out and the surplus is freed, and the memory is handed back to
 * the system, not only to malloc.
 *
 * When max-buffers buffers are all downstream, acquire either allocates a
 * temporary buffer (freed when it comes back) or waits for one to come back,
 * but never longer than the wait timeout: a downstream that holds frames
 * until it gets more (an encoder with look-ahead) cannot deadlock it.
 *
 * With a video meta (downstream supports it) planes and strides are aligned
 * to GST_I420_POOL_ALIGN bytes for SIMD; without one the layout is
 * GStreamer's default for the caps, which every element understands.
 *
 * Acquire and release take one mutex and touch only preallocated memory:
 * in steady state a frame costs no heap allocation.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gsti420pool.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

GST_DEBUG_CATEGORY_EXTERN (gst_pooled_convert_debug);
#define GST_CAT_DEFAULT gst_pooled_convert_debug

struct _GstI420Pool
{
  GstBufferPool parent;

  /* set in set_config, constant while active */
  GstVideoInfo info;
  gboolean add_video_meta;
  GstAllocator *allocator;
  GstAllocationParams params;
  guint min_buffers;
  guint max_buffers;

  /* set before activation, see gst_i420_pool_set_policy() */
  guint trim_window;
  GstI420PoolExhaustedPolicy exhausted;
  gint64 wait_timeout_us;

  /* guarded by lock */
  GMutex lock;
  GCond buffer_returned;
  GPtrArray *free_buffers;
  guint n_buffers;              /* allocated and not yet freed */
  guint frames_in_window;
  guint trimmed_in_window;      /* buffers freed by trimming, this window */
  guint peak_in_use;            /* this trim window */
  guint previous_peak_in_use;   /* the window before */

  PcPoolStats *stats;
};

G_DEFINE_TYPE (GstI420Pool, gst_i420_pool, GST_TYPE_BUFFER_POOL);

static const gchar **
gst_i420_pool_get_options (GstBufferPool * bpool)
{
  static const gchar *options[] = { GST_BUFFER_POOL_OPTION_VIDEO_META, NULL };

  return options;
}

static guint
round_up (guint value, guint align)
{
  return (value + align - 1) / align * align;
}

/* Aligned I420 layout: every stride and plane offset a multiple of align. */
static gboolean
layout_aligned (GstVideoInfo * info, guint align)
{
  guint width = GST_VIDEO_INFO_WIDTH (info);
  guint height = GST_VIDEO_INFO_HEIGHT (info);
  guint chroma_height = (height + 1) / 2;
  guint64 luma_size, chroma_size;

  info->stride[0] = round_up (width, align);
  info->stride[1] = info->stride[2] = round_up ((width + 1) / 2, align);
  luma_size = (guint64) info->stride[0] * height;
  chroma_size = (guint64) info->stride[1] * chroma_height;
  if (luma_size + 2 * chroma_size > G_MAXINT32)
    return FALSE;

  info->offset[0] = 0;
  info->offset[1] = luma_size;
  info->offset[2] = luma_size + chroma_size;
  info->size = luma_size + 2 * chroma_size;
  return TRUE;
}

static gboolean
gst_i420_pool_set_config (GstBufferPool * bpool, GstStructure * config)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  GstVideoInfo info;
  GstCaps *caps;
  guint size, min_buffers, max_buffers;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min_buffers,
          &max_buffers) || caps == NULL)
    goto wrong_config;
  if (!gst_video_info_from_caps (&info, caps) ||
      GST_VIDEO_INFO_FORMAT (&info) != GST_VIDEO_FORMAT_I420)
    goto wrong_caps;

  pool->add_video_meta = gst_buffer_pool_config_has_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (pool->add_video_meta && !layout_aligned (&info, GST_I420_POOL_ALIGN))
    goto wrong_caps;

  if (!gst_buffer_pool_config_get_allocator (config, &allocator, &params))
    goto wrong_config;

  pool->info = info;
  gst_object_replace ((GstObject **) & pool->allocator,
      (GstObject *) allocator);
  pool->params = params;
  pool->params.align |= GST_I420_POOL_ALIGN - 1;
  pool->min_buffers = min_buffers;
  pool->max_buffers = max_buffers;

  GST_DEBUG_OBJECT (pool, "%dx%d, %s, strides %d/%d, %" G_GSIZE_FORMAT
      " bytes a buffer, min %u max %u", GST_VIDEO_INFO_WIDTH (&info),
      GST_VIDEO_INFO_HEIGHT (&info),
      pool->add_video_meta ? "aligned with video meta" : "default layout",
      info.stride[0], info.stride[1], info.size, min_buffers, max_buffers);

  /* the size is ours to decide; the base class stores what we settle on */
  gst_buffer_pool_config_set_params (config, caps, info.size, min_buffers,
      max_buffers);
  return GST_BUFFER_POOL_CLASS (gst_i420_pool_parent_class)->set_config (bpool,
      config);

wrong_config:
  GST_WARNING_OBJECT (pool, "invalid config %" GST_PTR_FORMAT, config);
  return FALSE;
wrong_caps:
  GST_WARNING_OBJECT (pool, "caps are not I420 the pool can hold: %"
      GST_PTR_FORMAT, caps);
  return FALSE;
}

static GstBuffer *
allocate_buffer (GstI420Pool * pool)
{
  const GstVideoInfo *info = &pool->info;
  GstMemory *memory;
  GstBuffer *buffer;

  memory = gst_allocator_alloc (pool->allocator, info->size, &pool->params);
  if (memory == NULL)
    return NULL;

  buffer = gst_buffer_new ();
  gst_buffer_append_memory (buffer, memory);
  if (pool->add_video_meta) {
    GstVideoMeta *meta = gst_buffer_add_video_meta_full (buffer,
        GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_INFO_FORMAT (info),
        GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
        GST_VIDEO_INFO_N_PLANES (info), (gsize *) info->offset,
        (gint *) info->stride);

    /* the meta stays with the buffer through every reuse */
    GST_META_FLAG_SET (meta, GST_META_FLAG_POOLED | GST_META_FLAG_LOCKED);
  }
  /* appending memory tags the buffer as changed; this is its first state,
   * and release compares against it */
  GST_BUFFER_FLAG_UNSET (buffer, GST_BUFFER_FLAG_TAG_MEMORY);
  return buffer;
}

static GstFlowReturn
gst_i420_pool_alloc_buffer (GstBufferPool * bpool, GstBuffer ** buffer,
    GstBufferPoolAcquireParams * params)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);

  *buffer = allocate_buffer (pool);
  return *buffer ? GST_FLOW_OK : GST_FLOW_ERROR;
}

/* Called with the lock held; the buffer's memory goes back to the system. */
static void
free_buffer_locked (GstI420Pool * pool, GstBuffer * buffer, PcFreeReason reason)
{
  pool->n_buffers--;
  pc_pool_stats_buffer_freed (pool->stats, pool->info.size, reason);
  gst_buffer_unref (buffer);
}

/* malloc keeps freed memory for reuse; after a trim the point is to give
 * it back, so ask it to return what it can to the system. */
static void
return_memory_to_system (void)
{
#ifdef HAVE_MALLOC_TRIM
  malloc_trim (0);
#endif
}

/* How many buffers the pool keeps: what the stream has had in use at once
 * lately, and never fewer than min-buffers. */
static guint
keep_target_locked (GstI420Pool * pool)
{
  if (pool->trim_window == 0)
    return G_MAXUINT;
  return MAX (pool->min_buffers,
      MAX (pool->peak_in_use, pool->previous_peak_in_use));
}

/* Frees idle buffers beyond the keep target; returns how many. */
static guint
trim_idle_locked (GstI420Pool * pool)
{
  guint target = keep_target_locked (pool);
  guint trimmed = 0;

  while (pool->free_buffers->len > 0 && pool->n_buffers > target) {
    free_buffer_locked (pool, g_ptr_array_steal_index_fast (pool->free_buffers,
            pool->free_buffers->len - 1), PC_FREED_TRIMMED);
    trimmed++;
  }
  pool->trimmed_in_window += trimmed;
  return trimmed;
}

/* Called for every acquired buffer: the trim window advances by frames.
 * Two windows are remembered, so a peak is forgotten after one to two
 * windows without keeping a per-frame history.  Returns how many buffers
 * trimming freed during the window that just ended (0 mid-window), so that
 * the caller hands their memory back to the system once per window rather
 * than once per buffer. */
static guint
note_acquired_locked (GstI420Pool * pool)
{
  guint in_use = pool->n_buffers - pool->free_buffers->len;
  guint trimmed;

  if (pool->trim_window == 0)
    return 0;

  pool->peak_in_use = MAX (pool->peak_in_use, in_use);
  if (++pool->frames_in_window < pool->trim_window)
    return 0;

  pool->previous_peak_in_use = pool->peak_in_use;
  pool->peak_in_use = in_use;
  pool->frames_in_window = 0;
  trim_idle_locked (pool);
  trimmed = pool->trimmed_in_window;
  pool->trimmed_in_window = 0;
  return trimmed;
}

static guint
free_idle_buffers (GstI420Pool * pool)
{
  guint freed;

  g_mutex_lock (&pool->lock);
  freed = pool->free_buffers->len;
  while (pool->free_buffers->len > 0)
    free_buffer_locked (pool,
        g_ptr_array_steal_index_fast (pool->free_buffers, 0), PC_FREED_RETIRED);
  pool->frames_in_window = pool->trimmed_in_window = 0;
  pool->peak_in_use = pool->previous_peak_in_use = 0;
  g_mutex_unlock (&pool->lock);
  if (freed > 0)
    return_memory_to_system ();

  return freed;
}

static gboolean
gst_i420_pool_start (GstBufferPool * bpool)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);
  gboolean ok = TRUE;
  guint i;

  g_mutex_lock (&pool->lock);
  for (i = pool->n_buffers; i < pool->min_buffers && ok; i++) {
    GstBuffer *buffer = allocate_buffer (pool);

    ok = buffer != NULL;
    if (ok) {
      pool->n_buffers++;
      pc_pool_stats_buffer_allocated (pool->stats, pool->info.size, FALSE);
      g_ptr_array_add (pool->free_buffers, buffer);
    }
  }
  g_mutex_unlock (&pool->lock);

  GST_DEBUG_OBJECT (pool, "started with %u buffers", pool->min_buffers);
  return ok;
}

/* The base class calls this once the pool is inactive and every buffer it
 * handed out has come back. */
static gboolean
gst_i420_pool_stop (GstBufferPool * bpool)
{
  guint freed = free_idle_buffers (GST_I420_POOL (bpool));

  GST_DEBUG_OBJECT (bpool, "stopped, freed %u idle buffers", freed);
  return TRUE;
}

/* Deactivating (a caps change retires the pool) or flushing: buffers that
 * sit idle are of no use until the pool restarts, so they go now, and an
 * acquire waiting for a buffer wakes up to see the flush. */
static void
gst_i420_pool_flush_start (GstBufferPool * bpool)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);
  guint freed = free_idle_buffers (pool);

  GST_DEBUG_OBJECT (pool, "flushing, freed %u idle buffers", freed);
  g_mutex_lock (&pool->lock);
  g_cond_broadcast (&pool->buffer_returned);
  g_mutex_unlock (&pool->lock);
}

/* Every buffer is downstream and the pool is at max-buffers.  With the
 * wait policy, wait for one to come back, but only so long: a downstream
 * that holds frames until it receives more would otherwise never return
 * one.  Returns TRUE when a buffer came back (or the pool is flushing). */
static gboolean
wait_for_returned_buffer_locked (GstI420Pool * pool)
{
  gint64 deadline = g_get_monotonic_time () + pool->wait_timeout_us;

  while (pool->free_buffers->len == 0 &&
      !GST_BUFFER_POOL_IS_FLUSHING (GST_BUFFER_POOL (pool))) {
    if (!g_cond_wait_until (&pool->buffer_returned, &pool->lock, deadline)) {
      GST_INFO_OBJECT (pool, "no buffer came back within %" G_GINT64_FORMAT
          " ms, downstream holds all %u: not waiting longer",
          pool->wait_timeout_us / 1000, pool->n_buffers);
      return FALSE;
    }
  }
  return TRUE;
}

static GstFlowReturn
gst_i420_pool_acquire_buffer (GstBufferPool * bpool, GstBuffer ** buffer,
    GstBufferPoolAcquireParams * params)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);
  gboolean dont_wait = params != NULL &&
      (params->flags & GST_BUFFER_POOL_ACQUIRE_FLAG_DONTWAIT);
  gboolean exhausted, reused, temporary = FALSE;
  guint trimmed;

  g_mutex_lock (&pool->lock);
  exhausted = pool->free_buffers->len == 0 && pool->max_buffers > 0 &&
      pool->n_buffers >= pool->max_buffers;
  if (exhausted && pool->exhausted == GST_I420_POOL_EXHAUSTED_WAIT &&
      !dont_wait && wait_for_returned_buffer_locked (pool))
    exhausted = FALSE;

  if (GST_BUFFER_POOL_IS_FLUSHING (bpool)) {
    g_mutex_unlock (&pool->lock);
    return GST_FLOW_FLUSHING;
  }

  reused = pool->free_buffers->len > 0;
  if (reused) {
    *buffer = g_ptr_array_steal_index_fast (pool->free_buffers,
        pool->free_buffers->len - 1);
  } else {
    /* past max-buffers the buffer is temporary: release frees it, because
     * n_buffers is then above max-buffers */
    temporary = exhausted;
    *buffer = allocate_buffer (pool);
    if (*buffer == NULL) {
      g_mutex_unlock (&pool->lock);
      GST_ERROR_OBJECT (pool, "failed to allocate a %" G_GSIZE_FORMAT
          " byte buffer", pool->info.size);
      return GST_FLOW_ERROR;
    }
    pool->n_buffers++;
  }
  trimmed = note_acquired_locked (pool);
  g_mutex_unlock (&pool->lock);

  if (!reused) {
    GST_DEBUG_OBJECT (pool, "allocated %s buffer, %u now",
        temporary ? "a temporary" : "a", pool->n_buffers);
    pc_pool_stats_buffer_allocated (pool->stats, pool->info.size, temporary);
  }
  if (trimmed > 0) {
    GST_DEBUG_OBJECT (pool, "trimmed %u buffers this window", trimmed);
    return_memory_to_system ();
  }
  pc_pool_stats_buffer_acquired (pool->stats, reused);
  return GST_FLOW_OK;
}

/* A buffer may come back changed: memory replaced, resized, or still shared
 * with a copy somebody holds.  Reusing it would write into memory that is
 * still in use, so such a buffer is freed instead. */
static gboolean
buffer_is_intact (GstI420Pool * pool, GstBuffer * buffer)
{
  return !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_TAG_MEMORY) &&
      gst_buffer_n_memory (buffer) == 1 &&
      gst_buffer_get_size (buffer) == pool->info.size &&
      gst_buffer_is_all_memory_writable (buffer);
}

static void
gst_i420_pool_release_buffer (GstBufferPool * bpool, GstBuffer * buffer)
{
  GstI420Pool *pool = GST_I420_POOL (bpool);

  pc_pool_stats_buffer_released (pool->stats);

  g_mutex_lock (&pool->lock);
  if (!buffer_is_intact (pool, buffer)) {
    GST_DEBUG_OBJECT (pool, "buffer %p came back changed or shared, freeing",
        buffer);
    free_buffer_locked (pool, buffer, PC_FREED_DISCARDED);
  } else if (GST_BUFFER_POOL_IS_FLUSHING (bpool)) {
    /* inactive: a caps change retired this pool, its size is stale */
    GST_LOG_OBJECT (pool, "pool inactive, freeing returned buffer %p", buffer);
    free_buffer_locked (pool, buffer, PC_FREED_RETIRED);
  } else if (pool->max_buffers > 0 && pool->n_buffers > pool->max_buffers) {
    GST_LOG_OBJECT (pool, "above max-buffers, freeing temporary buffer");
    free_buffer_locked (pool, buffer, PC_FREED_TEMPORARY);
  } else if (pool->n_buffers > keep_target_locked (pool)) {
    GST_LOG_OBJECT (pool, "more than the stream needs lately, freeing");
    free_buffer_locked (pool, buffer, PC_FREED_TRIMMED);
    pool->trimmed_in_window++;
  } else {
    g_ptr_array_add (pool->free_buffers, buffer);
    g_cond_signal (&pool->buffer_returned);
  }
  g_mutex_unlock (&pool->lock);
}

static void
gst_i420_pool_finalize (GObject * object)
{
  GstI420Pool *pool = GST_I420_POOL (object);

  /* stop() has emptied the list unless the pool was never stopped */
  free_idle_buffers (pool);
  g_ptr_array_unref (pool->free_buffers);
  gst_clear_object (&pool->allocator);
  pc_pool_stats_unref (pool->stats);
  g_mutex_clear (&pool->lock);
  g_cond_clear (&pool->buffer_returned);

  G_OBJECT_CLASS (gst_i420_pool_parent_class)->finalize (object);
}

static void
gst_i420_pool_class_init (GstI420PoolClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  gobject_class->finalize = gst_i420_pool_finalize;

  pool_class->get_options = gst_i420_pool_get_options;
  pool_class->set_config = gst_i420_pool_set_config;
  pool_class->start = gst_i420_pool_start;
  pool_class->stop = gst_i420_pool_stop;
  pool_class->alloc_buffer = gst_i420_pool_alloc_buffer;
  pool_class->flush_start = gst_i420_pool_flush_start;
  pool_class->acquire_buffer = gst_i420_pool_acquire_buffer;
  pool_class->release_buffer = gst_i420_pool_release_buffer;
}

static void
gst_i420_pool_init (GstI420Pool * pool)
{
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->buffer_returned);
  /* sized for a typical pipeline; grows once if a stream needs more */
  pool->free_buffers = g_ptr_array_sized_new (16);
  gst_allocation_params_init (&pool->params);
}

GstBufferPool *
gst_i420_pool_new (PcPoolStats * stats)
{
  GstI420Pool *pool = g_object_new (GST_TYPE_I420_POOL, NULL);

  gst_object_ref_sink (pool);
  pool->stats = pc_pool_stats_ref (stats);
  return GST_BUFFER_POOL (pool);
}

void
gst_i420_pool_set_policy (GstI420Pool * pool, guint trim_window,
    GstI420PoolExhaustedPolicy exhausted, guint wait_timeout_ms)
{
  g_mutex_lock (&pool->lock);
  pool->trim_window = trim_window;
  pool->exhausted = exhausted;
  pool->wait_timeout_us = wait_timeout_ms * G_GINT64_CONSTANT (1000);
  g_mutex_unlock (&pool->lock);
}
