/* pooledconvert
 * GstPooledConvertPool: a bounded, self-trimming pool of raw video
 * buffers, of any format GStreamer lays out (the element configures it
 * with its output caps).
 *
 * It keeps its own free list instead of GstBufferPool's queue so that it can
 * decide, buffer by buffer, what to keep.  A buffer that comes back goes to
 * the free list when it is intact, the pool is within max-buffers, and the
 * pool holds no more than the stream has needed lately; a buffer whose
 * memory downstream still shares (videorate sends a frame twice) is kept
 * aside until the memory is the pool's alone again; anything else is freed
 * on the spot.
 *
 * "Needed lately" is the largest number of buffers in use at once over the
 * last one to two trim windows, counted in frames.  When the stream stalls,
 * a timer on the system clock does the same after about a window's worth of
 * time, and the element trims to min-buffers going to PAUSED.  The memory
 * trimming frees is handed back to the system, not only to malloc.
 *
 * When max-buffers buffers are all downstream, acquire either allocates a
 * temporary buffer (freed when it comes back) or waits for one to come back,
 * never longer than the wait timeout.  A flushing pool (seek, going down to
 * READY) wakes a waiting acquire at once and keeps its buffers; a
 * deactivated pool frees them.
 *
 * In pool-mode=downstream the element takes its buffers from downstream's
 * pool through a pool of this kind that keeps nothing
 * (gst_pooled_convert_pool_new_temporaries): when downstream's pool has
 * none free, the same exhausted policy applies, and the temporary buffers
 * come from here.
 *
 * Acquire and release take one mutex and touch only preallocated memory:
 * in steady state a frame costs no heap allocation.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "pool/gstpooledconvertpool.h"
#include "pool/framememory.h"

#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

GST_DEBUG_CATEGORY_STATIC (gst_pooled_convert_pool_debug);
#define GST_CAT_DEFAULT gst_pooled_convert_pool_debug

/* Set on a preallocated buffer until its first frame, so that frame counts
 * as buffers-new, not reused.  Only ever set while the buffer sits in the
 * pool: acquire clears it, and release (GstBufferPool's reset) clears every
 * flag. */
#define BUFFER_FLAG_NEVER_OUT GST_VIDEO_BUFFER_FLAG_LAST

/* Buffers kept aside while their memory is shared, when max-buffers does
 * not bound them. */
#define SHARED_BOUND_UNLIMITED 8
/* While buffers are kept aside a waiting acquire looks at them this often:
 * nothing tells the pool when a copy downstream lets go of the memory. */
#define SHARED_POLL_US (5 * G_TIME_SPAN_MILLISECOND)
/* How often a frame waiting for downstream's pool looks at it again:
 * GstBufferPool wakes only an acquire blocked inside it when a buffer comes
 * back, and such an acquire can be bounded by nothing but flushing the pool,
 * which is downstream's to do.  Short, so that the frame takes the buffer
 * soon after downstream releases it; a look is one non-blocking acquire. */
#define DOWNSTREAM_POLL_US (2 * G_TIME_SPAN_MILLISECOND)
/* Frame rate assumed when the caps name none, for the stall timer. */
#define FALLBACK_FPS 30
/* The stall timer ticks this many times per trim window, within bounds. */
#define TICKS_PER_WINDOW 4
#define MIN_TICK (50 * GST_MSECOND)
#define MAX_TICK (10 * GST_SECOND)

struct _GstPooledConvertPool
{
  GstBufferPool parent;

  /* set in set_config, constant while active */
  GstVideoInfo info;
  gboolean add_video_meta;
  GstAllocator *allocator;      /* NULL: the pool's own frame memory */
  GstAllocationParams params;
  guint min_buffers;
  guint max_buffers;
  gint64 frame_duration_us;
  /* set at creation: every buffer is temporary, none is kept */
  gboolean temporaries_only;

  /* everything below is guarded by lock */
  GMutex lock;
  GCond buffer_returned;

  guint trim_window;
  GstPooledConvertPoolExhaustedPolicy exhausted;
  gint64 wait_timeout_us;

  GPtrArray *free_buffers;      /* a stack: the warmest buffer on top */
  GPtrArray *shared_buffers;    /* kept aside, oldest first */
  guint n_buffers;              /* allocated and not yet freed */
  gboolean started;

  /* trimming by frames */
  guint frames_in_window;
  guint trimmed_in_window;      /* buffers freed by trimming, this window */
  guint peak_in_use;            /* this trim window */
  guint previous_peak_in_use;   /* the window before */
  gint64 window_start_us;
  gint64 window_span_us;        /* time the last full window took */

  /* trimming by time: a periodic clock entry looks for a stalled stream */
  GstClockID tick;
  guint64 frames_acquired;
  guint64 frames_at_last_tick;
  gint64 last_activity_us;

  PcPoolStats *stats;
  GWeakRef *self;               /* this pool's entry in all_pools */
};

/* Every pool, so that a pool that starts can retire its element's older
 * pools (those that share its stats): the base class deactivates the old
 * pool on a caps change, but a buffer of it still downstream keeps it from
 * stopping, and nothing else tells a deactivated pool to let go of its idle
 * buffers.  Weak references: the list never keeps a pool alive. */
static GMutex all_pools_lock;
static GList *all_pools;

G_DEFINE_TYPE_WITH_CODE (GstPooledConvertPool, gst_pooled_convert_pool,
    GST_TYPE_BUFFER_POOL,
    GST_DEBUG_CATEGORY_INIT (gst_pooled_convert_pool_debug,
        "pooledconvertpool", 0, "pooledconvert's output buffer pool"));

static const gchar **
gst_pooled_convert_pool_get_options (GstBufferPool * bpool)
{
  static const gchar *options[] = { GST_BUFFER_POOL_OPTION_VIDEO_META,
    GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT, NULL
  };

  return options;
}

/* ---- configuration --------------------------------------------------------- */

/* With a video meta the layout may be padded: as the config's
 * GstVideoAlignment says, else strides on GST_POOLED_CONVERT_POOL_ALIGN.
 * Without one downstream reads planes at the default offsets, so the
 * layout must be GStreamer's default for the caps. */
static gboolean
align_layout (GstStructure * config, GstVideoInfo * info)
{
  GstVideoAlignment align;
  guint i;

  if (gst_buffer_pool_config_has_option (config,
          GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT)) {
    if (!gst_buffer_pool_config_get_video_alignment (config, &align))
      return FALSE;
  } else {
    gst_video_alignment_reset (&align);
    for (i = 0; i < GST_VIDEO_MAX_PLANES; i++)
      align.stride_align[i] = GST_POOLED_CONVERT_POOL_ALIGN - 1;
  }

  if (!gst_video_info_align (info, &align) || info->size > G_MAXINT32)
    return FALSE;
  /* gst_video_info_align may have padded the alignment; say what we did */
  gst_buffer_pool_config_add_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_ALIGNMENT);
  gst_buffer_pool_config_set_video_alignment (config, &align);
  return TRUE;
}

/* The system allocator's blocks come from g_slice_alloc, which aborts when
 * memory runs out; the pool's own frame memory does the same job and fails
 * cleanly.  Any other allocator is used as given. */
static GstAllocator *
allocator_to_use (GstAllocator * allocator)
{
  GstAllocator *system;
  gboolean is_system;

  if (allocator == NULL)
    return NULL;
  system = gst_allocator_find (GST_ALLOCATOR_SYSMEM);
  is_system = allocator == system;
  gst_clear_object (&system);
  return is_system ? NULL : allocator;
}

static gint64
frame_duration_us (const GstVideoInfo * info)
{
  if (GST_VIDEO_INFO_FPS_N (info) > 0 && GST_VIDEO_INFO_FPS_D (info) > 0)
    return gst_util_uint64_scale_int (G_USEC_PER_SEC,
        GST_VIDEO_INFO_FPS_D (info), GST_VIDEO_INFO_FPS_N (info));
  return G_USEC_PER_SEC / FALLBACK_FPS;
}

/* A format whose frames GStreamer lays out in planes: which of them the
 * element makes is the element's business, not the pool's. */
static gboolean
holds_format (GstVideoFormat format)
{
  return format != GST_VIDEO_FORMAT_UNKNOWN &&
      format != GST_VIDEO_FORMAT_ENCODED;
}

static gboolean
gst_pooled_convert_pool_set_config (GstBufferPool * bpool,
    GstStructure * config)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  GstVideoInfo info;
  GstCaps *caps;
  guint size, min_buffers, max_buffers;
  gboolean video_meta;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min_buffers,
          &max_buffers) || caps == NULL)
    goto wrong_config;
  if (!gst_video_info_from_caps (&info, caps) ||
      !holds_format (GST_VIDEO_INFO_FORMAT (&info)))
    goto wrong_caps;
  if (!gst_buffer_pool_config_get_allocator (config, &allocator, &params))
    goto wrong_config;

  video_meta = gst_buffer_pool_config_has_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (video_meta && !align_layout (config, &info))
    goto wrong_caps;

  /* nothing preallocated, nothing kept */
  if (pool->temporaries_only)
    min_buffers = max_buffers = 0;

  g_mutex_lock (&pool->lock);
  pool->info = info;
  pool->add_video_meta = video_meta;
  gst_object_replace ((GstObject **) & pool->allocator,
      (GstObject *) allocator_to_use (allocator));
  pool->params = params;
  pool->params.align |= PC_FRAME_MEMORY_MIN_ALIGN - 1;
  pool->min_buffers = min_buffers;
  pool->max_buffers = max_buffers;
  pool->frame_duration_us = frame_duration_us (&info);
  g_mutex_unlock (&pool->lock);

  GST_DEBUG_OBJECT (pool, "%dx%d, %s, strides %d/%d, %" G_GSIZE_FORMAT
      " bytes a buffer, align %" G_GSIZE_FORMAT ", prefix %" G_GSIZE_FORMAT
      ", padding %" G_GSIZE_FORMAT ", %s, min %u max %u",
      GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info),
      video_meta ? "video meta" : "default layout", info.stride[0],
      info.stride[1], info.size, pool->params.align + 1, params.prefix,
      params.padding, pool->allocator ? GST_OBJECT_NAME (pool->allocator) :
      "own memory", min_buffers, max_buffers);

  /* the size is ours to decide; the base class stores what we settle on */
  gst_buffer_pool_config_set_params (config, caps, info.size, min_buffers,
      max_buffers);
  return
      GST_BUFFER_POOL_CLASS (gst_pooled_convert_pool_parent_class)->set_config
      (bpool, config);

wrong_config:
  GST_WARNING_OBJECT (pool, "invalid config %" GST_PTR_FORMAT, config);
  return FALSE;
wrong_caps:
  GST_WARNING_OBJECT (pool, "caps are not raw video the pool can lay "
      "out: %" GST_PTR_FORMAT, caps);
  return FALSE;
}

/* ---- buffers ----------------------------------------------------------------- */

static GstMemory *
allocate_memory (GstPooledConvertPool * pool)
{
  const GstVideoInfo *info = &pool->info;
  GstMemory *memory;

  if (pool->allocator != NULL)
    memory = gst_allocator_alloc (pool->allocator, info->size, &pool->params);
  else
    memory = pc_frame_memory_new (info->size, &pool->params);

  if (memory == NULL) {
    GST_WARNING_OBJECT (pool, "cannot allocate %" G_GSIZE_FORMAT " MB for a "
        "%dx%d frame", (info->size + (1 << 20) - 1) >> 20,
        GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info));
    return NULL;
  }
  if (!pc_frame_memory_zero_padding (memory, info)) {
    GST_WARNING_OBJECT (pool, "cannot map new memory to clear its padding");
    gst_memory_unref (memory);
    return NULL;
  }
  return memory;
}

/* Needs no lock: the layout is constant while the pool is active. */
static GstBuffer *
allocate_buffer (GstPooledConvertPool * pool)
{
  const GstVideoInfo *info = &pool->info;
  GstMemory *memory = allocate_memory (pool);
  GstBuffer *buffer;

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
gst_pooled_convert_pool_alloc_buffer (GstBufferPool * bpool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  *buffer = allocate_buffer (GST_POOLED_CONVERT_POOL (bpool));
  return *buffer ? GST_FLOW_OK : GST_FLOW_ERROR;
}

/* Called with the lock held; the buffer's memory goes back to the system
 * (or, shared, to whoever still holds it). */
static void
free_buffer_locked (GstPooledConvertPool * pool, GstBuffer * buffer,
    PcFreeReason reason)
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

/* ---- kept aside: buffers whose memory downstream still shares ------------- */

/* Moves the kept-aside buffers whose memory is exclusive again to the free
 * list; returns how many. */
static guint
reclaim_shared_locked (GstPooledConvertPool * pool)
{
  guint i = 0, reclaimed = 0;

  while (i < pool->shared_buffers->len) {
    GstBuffer *buffer = g_ptr_array_index (pool->shared_buffers, i);

    if (gst_buffer_is_all_memory_writable (buffer)) {
      g_ptr_array_remove_index (pool->shared_buffers, i);
      g_ptr_array_add (pool->free_buffers, buffer);
      reclaimed++;
    } else {
      i++;
    }
  }
  if (reclaimed > 0)
    pc_pool_stats_buffers_reclaimed (pool->stats, reclaimed);
  return reclaimed;
}

static void
keep_shared_locked (GstPooledConvertPool * pool, GstBuffer * buffer)
{
  guint bound = pool->max_buffers > 0 ? pool->max_buffers :
      SHARED_BOUND_UNLIMITED;

  if (pool->shared_buffers->len >= bound) {
    /* shared for longest: the least likely to be free soon */
    GST_DEBUG_OBJECT (pool, "%u buffers kept aside still shared, "
        "discarding the oldest", pool->shared_buffers->len);
    free_buffer_locked (pool, g_ptr_array_remove_index (pool->shared_buffers,
            0), PC_FREED_DISCARDED);
  }
  g_ptr_array_add (pool->shared_buffers, buffer);
  pc_pool_stats_buffer_kept_shared (pool->stats);
}

/* Frees every buffer the pool holds that is not downstream. */
static guint
free_unused_locked (GstPooledConvertPool * pool, PcFreeReason reason)
{
  guint freed = pool->free_buffers->len + pool->shared_buffers->len;

  while (pool->free_buffers->len > 0)
    free_buffer_locked (pool, g_ptr_array_steal_index_fast (pool->free_buffers,
            pool->free_buffers->len - 1), reason);
  while (pool->shared_buffers->len > 0)
    free_buffer_locked (pool, g_ptr_array_steal_index_fast
        (pool->shared_buffers, pool->shared_buffers->len - 1), reason);
  return freed;
}

/* Deactivated: flushing and not active.  is_active takes the base class
 * lock, so never call this with the pool's lock held. */
static gboolean
is_retired (GstPooledConvertPool * pool)
{
  return GST_BUFFER_POOL_IS_FLUSHING (GST_BUFFER_POOL (pool)) &&
      !gst_buffer_pool_is_active (GST_BUFFER_POOL (pool));
}

/* ---- trimming ------------------------------------------------------------------ */

/* How many buffers the pool keeps: what the stream has had in use at once
 * lately, and never fewer than min-buffers. */
static guint
keep_target_locked (GstPooledConvertPool * pool)
{
  if (pool->trim_window == 0)
    return G_MAXUINT;
  return MAX (pool->min_buffers,
      MAX (pool->peak_in_use, pool->previous_peak_in_use));
}

static guint
in_use_locked (GstPooledConvertPool * pool)
{
  return pool->n_buffers - pool->free_buffers->len;
}

/* Frees idle buffers beyond the keep target; returns how many. */
static guint
trim_idle_locked (GstPooledConvertPool * pool)
{
  guint target = keep_target_locked (pool);
  guint trimmed = 0;

  reclaim_shared_locked (pool);
  while (pool->free_buffers->len > 0 && pool->n_buffers > target) {
    /* the bottom of the stack: the buffer used least recently */
    free_buffer_locked (pool, g_ptr_array_steal_index_fast (pool->free_buffers,
            0), PC_FREED_TRIMMED);
    trimmed++;
  }
  pool->trimmed_in_window += trimmed;
  return trimmed;
}

/* Starts a new trim window in which only what is in use now counts. */
static void
forget_peaks_locked (GstPooledConvertPool * pool, gint64 now)
{
  pool->previous_peak_in_use = pool->peak_in_use = in_use_locked (pool);
  pool->frames_in_window = 0;
  pool->window_start_us = now;
}

/* Called for every acquired buffer: the trim window advances by frames.
 * Two windows are remembered, so a peak is forgotten after one to two
 * windows without keeping a per-frame history.  Returns how many buffers
 * trimming freed during the window that just ended (0 mid-window), so that
 * the caller hands their memory back to the system once per window rather
 * than once per buffer. */
static guint
note_acquired_locked (GstPooledConvertPool * pool)
{
  guint in_use = in_use_locked (pool);
  guint trimmed;
  gint64 now;

  pool->frames_acquired++;
  if (pool->trim_window == 0)
    return 0;

  pool->peak_in_use = MAX (pool->peak_in_use, in_use);
  if (++pool->frames_in_window < pool->trim_window)
    return 0;

  now = g_get_monotonic_time ();
  pool->window_span_us = now - pool->window_start_us;
  pool->window_start_us = now;
  pool->previous_peak_in_use = pool->peak_in_use;
  pool->peak_in_use = in_use;
  pool->frames_in_window = 0;
  trim_idle_locked (pool);
  trimmed = pool->trimmed_in_window;
  pool->trimmed_in_window = 0;
  return trimmed;
}

/* The trim window at the caps' frame rate, in microseconds.  Up to 2^32 - 1
 * frames of up to 2^31 - 1 seconds each do not fit in 64 bits: a window
 * longer than G_MAXINT64 is taken as that long, which is never. */
static gint64
window_duration_us_locked (GstPooledConvertPool * pool)
{
  if (pool->frame_duration_us > 0 &&
      pool->trim_window > G_MAXINT64 / pool->frame_duration_us)
    return G_MAXINT64;
  return (gint64) pool->trim_window * pool->frame_duration_us;
}

/* How long without a frame counts as a stall: the time a trim window took
 * when frames last flowed, and never less than the window at the caps'
 * frame rate, so that a fast non-live stream is not trimmed between two
 * bursts of frames. */
static gint64
stall_threshold_us_locked (GstPooledConvertPool * pool)
{
  return MAX (pool->window_span_us, window_duration_us_locked (pool));
}

/* The periodic clock callback.  It holds only a weak reference, so a
 * pending tick never keeps a pool alive. */
static gboolean
on_tick (GstClock * clock, GstClockTime time, GstClockID id, gpointer data)
{
  GstPooledConvertPool *pool = g_weak_ref_get (data);
  gint64 now = g_get_monotonic_time ();
  gboolean retired;
  guint freed = 0;

  if (pool == NULL)
    return TRUE;

  /* a pool deactivated with buffers out frees its idle ones now rather
   * than when the first of those comes back */
  retired = is_retired (pool);

  g_mutex_lock (&pool->lock);
  if (retired) {
    freed = free_unused_locked (pool, PC_FREED_RETIRED);
  } else if (pool->frames_acquired != pool->frames_at_last_tick) {
    pool->frames_at_last_tick = pool->frames_acquired;
    pool->last_activity_us = now;
  } else if (pool->trim_window > 0
      && !GST_BUFFER_POOL_IS_FLUSHING (GST_BUFFER_POOL (pool))
      && now - pool->last_activity_us >= stall_threshold_us_locked (pool)) {
    /* no frame for a window's worth of time: what is in use now is all
     * the stream needs */
    forget_peaks_locked (pool, now);
    freed = trim_idle_locked (pool);
    pool->trimmed_in_window = 0;
    pool->last_activity_us = now;
    if (freed > 0)
      GST_DEBUG_OBJECT (pool, "stream stalled, trimmed %u buffers", freed);
  }
  g_mutex_unlock (&pool->lock);

  if (freed > 0)
    return_memory_to_system ();
  gst_object_unref (pool);
  return TRUE;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
stop_tick_locked (GstPooledConvertPool * pool)
{
  if (pool->tick == NULL)
    return;
  gst_clock_id_unschedule (pool->tick);
  gst_clock_id_unref (pool->tick);
  pool->tick = NULL;
}

/* One periodic entry per started pool, made once: ticking costs no
 * allocation. */
static void
start_tick_locked (GstPooledConvertPool * pool)
{
  GstClock *clock;
  GstClockTime interval;
  GWeakRef *target;
  gint64 tick_us;

  stop_tick_locked (pool);
  /* a pool of temporaries has nothing idle to trim */
  if (!pool->started || pool->trim_window == 0 || pool->temporaries_only)
    return;

  /* bounded in microseconds first, so the nanoseconds cannot overflow */
  tick_us = window_duration_us_locked (pool) / TICKS_PER_WINDOW;
  interval = MIN (tick_us, MAX_TICK / GST_USECOND) * GST_USECOND;
  interval = MAX (interval, MIN_TICK);
  clock = gst_system_clock_obtain ();
  pool->tick = gst_clock_new_periodic_id (clock,
      gst_clock_get_time (clock) + interval, interval);
  gst_object_unref (clock);

  target = g_new (GWeakRef, 1);
  g_weak_ref_init (target, pool);
  if (gst_clock_id_wait_async (pool->tick, on_tick, target,
          weak_ref_free) != GST_CLOCK_OK) {
    GST_WARNING_OBJECT (pool, "no stall timer: a stalled stream is trimmed "
        "when frames flow again");
    gst_clock_id_unref (pool->tick);
    pool->tick = NULL;
  }
  pool->frames_at_last_tick = pool->frames_acquired;
  pool->last_activity_us = g_get_monotonic_time ();
}

/* ---- activation and flushing ------------------------------------------------- */

/* Frees the idle buffers of the element's deactivated pools; their buffers
 * still downstream go as they come back. */
static void
retire_older_pools (GstPooledConvertPool * pool)
{
  GPtrArray *others = g_ptr_array_new_with_free_func (gst_object_unref);
  guint i, freed = 0;
  GList *l;

  g_mutex_lock (&all_pools_lock);
  for (l = all_pools; l != NULL; l = l->next) {
    GstPooledConvertPool *other = g_weak_ref_get (l->data);

    if (other != NULL && other != pool && other->stats == pool->stats)
      g_ptr_array_add (others, other);
    else if (other != NULL)
      gst_object_unref (other);
  }
  g_mutex_unlock (&all_pools_lock);

  for (i = 0; i < others->len; i++) {
    GstPooledConvertPool *other = g_ptr_array_index (others, i);

    if (is_retired (other)) {
      g_mutex_lock (&other->lock);
      freed += free_unused_locked (other, PC_FREED_RETIRED);
      g_mutex_unlock (&other->lock);
    }
  }
  g_ptr_array_unref (others);
  if (freed > 0) {
    GST_DEBUG_OBJECT (pool, "freed %u idle buffers of retired pools", freed);
    return_memory_to_system ();
  }
}

static gboolean
gst_pooled_convert_pool_start (GstBufferPool * bpool)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);
  guint have, i;

  retire_older_pools (pool);

  g_mutex_lock (&pool->lock);
  have = pool->n_buffers;
  g_mutex_unlock (&pool->lock);

  for (i = have; i < pool->min_buffers; i++) {
    GstBuffer *buffer = allocate_buffer (pool);

    if (buffer == NULL) {
      /* the element's error says it again, for the user */
      GST_WARNING_OBJECT (pool, "cannot preallocate min-buffers=%u buffers "
          "of %" G_GSIZE_FORMAT " bytes (%" G_GUINT64_FORMAT " in all): no "
          "memory after %u", pool->min_buffers, pool->info.size,
          (guint64) pool->min_buffers * pool->info.size, i);
      g_mutex_lock (&pool->lock);
      free_unused_locked (pool, PC_FREED_RETIRED);
      g_mutex_unlock (&pool->lock);
      return FALSE;
    }
    GST_BUFFER_FLAG_SET (buffer, BUFFER_FLAG_NEVER_OUT);
    g_mutex_lock (&pool->lock);
    pool->n_buffers++;
    pc_pool_stats_buffer_allocated (pool->stats, pool->info.size,
        PC_ALLOCATED_UP_FRONT);
    g_ptr_array_add (pool->free_buffers, buffer);
    g_mutex_unlock (&pool->lock);
  }

  g_mutex_lock (&pool->lock);
  pool->started = TRUE;
  forget_peaks_locked (pool, g_get_monotonic_time ());
  pool->window_span_us = 0;
  start_tick_locked (pool);
  g_mutex_unlock (&pool->lock);

  GST_DEBUG_OBJECT (pool, "started with %u buffers", pool->min_buffers);
  return TRUE;
}

/* The base class calls this once the pool is inactive and every buffer it
 * handed out has come back (and when start fails). */
static gboolean
gst_pooled_convert_pool_stop (GstBufferPool * bpool)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);
  guint freed;

  g_mutex_lock (&pool->lock);
  pool->started = FALSE;
  stop_tick_locked (pool);
  freed = free_unused_locked (pool, PC_FREED_RETIRED);
  g_mutex_unlock (&pool->lock);
  if (freed > 0)
    return_memory_to_system ();

  GST_DEBUG_OBJECT (pool, "stopped, freed %u buffers", freed);
  return TRUE;
}

/* A seek, or the element going down to READY: an acquire waiting for a
 * buffer wakes up at once and returns FLUSHING.  The buffers stay; a
 * flushing pool is not a retired one (deactivation frees them: see stop
 * and release). */
static void
gst_pooled_convert_pool_flush_start (GstBufferPool * bpool)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);

  GST_DEBUG_OBJECT (pool, "flushing");
  g_mutex_lock (&pool->lock);
  g_cond_broadcast (&pool->buffer_returned);
  g_mutex_unlock (&pool->lock);
}

/* Frames flow again: the time spent flushing is not a stall. */
static void
gst_pooled_convert_pool_flush_stop (GstBufferPool * bpool)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);

  GST_DEBUG_OBJECT (pool, "flush done");
  g_mutex_lock (&pool->lock);
  pool->last_activity_us = g_get_monotonic_time ();
  g_mutex_unlock (&pool->lock);
}

/* ---- acquire ------------------------------------------------------------------- */

/* Whether an acquire can go on without a temporary buffer: one is free, or
 * the pool may allocate within max-buffers. */
static gboolean
can_serve_locked (GstPooledConvertPool * pool)
{
  /* a reclaimed buffer goes on top of the stack, so the pool keeps using
   * the buffers it has rather than growing */
  if (pool->shared_buffers->len > 0)
    reclaim_shared_locked (pool);
  return pool->free_buffers->len > 0 || pool->max_buffers == 0 ||
      pool->n_buffers < pool->max_buffers;
}

/* Every buffer is downstream and the pool is at max-buffers.  With the
 * wait policy, wait for a buffer to come back (or to be discarded, which
 * makes room), but only so long: a downstream that holds frames until it
 * receives more would otherwise never return one.  Returns FALSE when it
 * gave up; the caller checks for flushing. */
static gboolean
wait_for_buffer_locked (GstPooledConvertPool * pool)
{
  gint64 deadline = g_get_monotonic_time () + pool->wait_timeout_us;

  while (!can_serve_locked (pool)) {
    gint64 until = deadline;

    if (GST_BUFFER_POOL_IS_FLUSHING (GST_BUFFER_POOL (pool)))
      return TRUE;
    /* the policy was changed to temporary while waiting */
    if (pool->exhausted != GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT)
      return FALSE;
    if (pool->shared_buffers->len > 0)
      until = MIN (deadline, g_get_monotonic_time () + SHARED_POLL_US);
    if (!g_cond_wait_until (&pool->buffer_returned, &pool->lock, until) &&
        g_get_monotonic_time () >= deadline && !can_serve_locked (pool)) {
      GST_INFO_OBJECT (pool, "no buffer came back within %" G_GINT64_FORMAT
          " ms, downstream holds all %u: not waiting longer",
          pool->wait_timeout_us / 1000, pool->n_buffers);
      return FALSE;
    }
  }
  return TRUE;
}

static GstFlowReturn
gst_pooled_convert_pool_acquire_buffer (GstBufferPool * bpool,
    GstBuffer ** buffer, GstBufferPoolAcquireParams * params)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);
  gboolean dont_wait = params != NULL &&
      (params->flags & GST_BUFFER_POOL_ACQUIRE_FLAG_DONTWAIT);
  gboolean temporary, first_trip, waited = FALSE, timed_out = FALSE;
  guint trimmed;

  g_mutex_lock (&pool->lock);
  if (GST_BUFFER_POOL_IS_FLUSHING (bpool))
    goto flushing;

  /* a pool of temporaries is never exhausted: it makes one at once */
  if (!pool->temporaries_only && !can_serve_locked (pool)) {
    if (dont_wait) {
      g_mutex_unlock (&pool->lock);
      GST_LOG_OBJECT (pool, "all %u buffers are out, not waiting",
          pool->n_buffers);
      return GST_FLOW_EOS;
    }
    if (pool->exhausted == GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT) {
      waited = TRUE;
      timed_out = !wait_for_buffer_locked (pool);
      if (GST_BUFFER_POOL_IS_FLUSHING (bpool))
        goto flushing;
    }
  }

  if (pool->free_buffers->len > 0) {
    *buffer = g_ptr_array_steal_index_fast (pool->free_buffers,
        pool->free_buffers->len - 1);
    first_trip = GST_BUFFER_FLAG_IS_SET (*buffer, BUFFER_FLAG_NEVER_OUT);
    GST_BUFFER_FLAG_UNSET (*buffer, BUFFER_FLAG_NEVER_OUT);
    trimmed = note_acquired_locked (pool);
    g_mutex_unlock (&pool->lock);
    pc_pool_stats_buffer_acquired (pool->stats, first_trip);
  } else {
    /* temporary when this one takes the pool past max-buffers: release
     * frees a buffer while the pool is above it */
    temporary = pool->temporaries_only ||
        (pool->max_buffers > 0 && pool->n_buffers >= pool->max_buffers);
    pool->n_buffers++;
    trimmed = note_acquired_locked (pool);
    g_mutex_unlock (&pool->lock);

    /* outside the lock: a large frame takes a while, and releases must
     * not wait for it */
    *buffer = allocate_buffer (pool);
    if (*buffer == NULL) {
      g_mutex_lock (&pool->lock);
      pool->n_buffers--;
      g_cond_signal (&pool->buffer_returned);
      g_mutex_unlock (&pool->lock);
      return GST_FLOW_ERROR;
    }
    GST_DEBUG_OBJECT (pool, "allocated %s buffer",
        temporary ? "a temporary" : "a");
    pc_pool_stats_buffer_allocated (pool->stats, pool->info.size,
        temporary ? PC_ALLOCATED_TEMPORARY : PC_ALLOCATED_FOR_FRAME);
    pc_pool_stats_buffer_acquired (pool->stats, TRUE);
  }

  if (waited)
    pc_pool_stats_waited (pool->stats, timed_out);
  if (trimmed > 0) {
    GST_DEBUG_OBJECT (pool, "trimmed %u buffers this window", trimmed);
    return_memory_to_system ();
  }
  return GST_FLOW_OK;

flushing:
  g_mutex_unlock (&pool->lock);
  if (waited)
    pc_pool_stats_waited (pool->stats, FALSE);
  return GST_FLOW_FLUSHING;
}

/* ---- pool-mode=downstream ----------------------------------------------------- */

static GstFlowReturn
acquire_without_waiting (GstBufferPool * downstream, GstBuffer ** buffer)
{
  GstBufferPoolAcquireParams params = { 0, };

  params.flags = GST_BUFFER_POOL_ACQUIRE_FLAG_DONTWAIT;
  return gst_buffer_pool_acquire_buffer (downstream, buffer, &params);
}

/* Downstream's pool has no free buffer and exhausted-policy is wait: looks
 * at it again every DOWNSTREAM_POLL_US until it has one, until wait-timeout
 * has passed (GST_FLOW_EOS with *timed_out set), or until a flush of either
 * pool (GST_FLOW_FLUSHING) or a change of policy ends the wait. */
static GstFlowReturn
wait_for_downstream_locked (GstPooledConvertPool * pool,
    GstBufferPool * downstream, GstBuffer ** buffer, gboolean * timed_out)
{
  gint64 deadline = g_get_monotonic_time () + pool->wait_timeout_us;
  GstFlowReturn ret = GST_FLOW_EOS;

  while (ret == GST_FLOW_EOS) {
    gint64 now = g_get_monotonic_time ();

    if (now >= deadline) {
      GST_INFO_OBJECT (pool, "downstream's pool gave no buffer within %"
          G_GINT64_FORMAT " ms: a temporary one", pool->wait_timeout_us / 1000);
      *timed_out = TRUE;
      break;
    }
    /* set_policy and flush_start wake it early */
    g_cond_wait_until (&pool->buffer_returned, &pool->lock,
        MIN (deadline, now + DOWNSTREAM_POLL_US));
    if (GST_BUFFER_POOL_IS_FLUSHING (GST_BUFFER_POOL (pool)))
      return GST_FLOW_FLUSHING;
    if (pool->exhausted != GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT)
      break;
    /* downstream's acquire may allocate: not under our lock */
    g_mutex_unlock (&pool->lock);
    ret = acquire_without_waiting (downstream, buffer);
    g_mutex_lock (&pool->lock);
  }
  return ret;
}

/**
 * gst_pooled_convert_pool_acquire_downstream:
 * @pool: an active pool made by gst_pooled_convert_pool_new_temporaries()
 * @downstream: the active pool downstream offered
 * @buffer: (out): the buffer
 *
 * A buffer of @downstream when it has one free; otherwise, as @pool's
 * exhausted policy says, at once or after waiting for one at most the wait
 * timeout, a temporary buffer of @pool's.  Never blocks longer than that.
 *
 * Returns: GST_FLOW_OK, GST_FLOW_FLUSHING when either pool flushes, or
 * what a failed acquire of either returned.
 */
GstFlowReturn
gst_pooled_convert_pool_acquire_downstream (GstPooledConvertPool * pool,
    GstBufferPool * downstream, GstBuffer ** buffer)
{
  gboolean waited = FALSE, timed_out = FALSE;
  GstFlowReturn ret;

  g_return_val_if_fail (pool->temporaries_only, GST_FLOW_ERROR);

  ret = acquire_without_waiting (downstream, buffer);
  if (ret == GST_FLOW_EOS) {
    g_mutex_lock (&pool->lock);
    if (pool->exhausted == GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT) {
      waited = TRUE;
      ret = wait_for_downstream_locked (pool, downstream, buffer, &timed_out);
    }
    g_mutex_unlock (&pool->lock);
  }

  if (waited)
    pc_pool_stats_waited (pool->stats, timed_out);
  if (ret == GST_FLOW_OK) {
    pc_pool_stats_downstream_acquired (pool->stats);
  } else if (ret == GST_FLOW_EOS) {
    GST_LOG_OBJECT (pool, "all of downstream's buffers are out");
    ret = gst_buffer_pool_acquire_buffer (GST_BUFFER_POOL (pool), buffer, NULL);
  }
  return ret;
}

/* ---- release ------------------------------------------------------------------- */

/* A buffer may come back changed: memory replaced or resized.  Writing a
 * frame into it would not fill what downstream reads, so it goes. */
static gboolean
buffer_is_intact (GstPooledConvertPool * pool, GstBuffer * buffer)
{
  return !GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_TAG_MEMORY) &&
      gst_buffer_n_memory (buffer) == 1 &&
      gst_buffer_get_size (buffer) == pool->info.size;
}

static void
gst_pooled_convert_pool_release_buffer (GstBufferPool * bpool,
    GstBuffer * buffer)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (bpool);
  /* flushing and inactive: deactivated, its buffers are of no more use
   * (is_active takes the base class lock, so ask before taking ours) */
  gboolean retired = is_retired (pool);

  pc_pool_stats_buffer_released (pool->stats);

  g_mutex_lock (&pool->lock);
  if (!buffer_is_intact (pool, buffer)) {
    GST_DEBUG_OBJECT (pool, "buffer %p came back changed, freeing", buffer);
    free_buffer_locked (pool, buffer, PC_FREED_DISCARDED);
  } else if (pool->temporaries_only) {
    free_buffer_locked (pool, buffer, PC_FREED_TEMPORARY);
  } else if (retired) {
    GST_LOG_OBJECT (pool, "pool inactive, freeing returned buffer %p", buffer);
    free_buffer_locked (pool, buffer, PC_FREED_RETIRED);
    free_unused_locked (pool, PC_FREED_RETIRED);
  } else if (pool->max_buffers > 0 && pool->n_buffers > pool->max_buffers) {
    GST_LOG_OBJECT (pool, "above max-buffers, freeing temporary buffer");
    free_buffer_locked (pool, buffer, PC_FREED_TEMPORARY);
  } else if (pool->n_buffers > keep_target_locked (pool)) {
    GST_LOG_OBJECT (pool, "more than the stream needs lately, freeing");
    free_buffer_locked (pool, buffer, PC_FREED_TRIMMED);
    pool->trimmed_in_window++;
  } else if (!gst_buffer_is_all_memory_writable (buffer)) {
    GST_LOG_OBJECT (pool, "buffer %p came back shared, keeping it aside",
        buffer);
    keep_shared_locked (pool, buffer);
  } else {
    g_ptr_array_add (pool->free_buffers, buffer);
  }
  /* a buffer back or room made: a waiting acquire can go on */
  g_cond_signal (&pool->buffer_returned);
  g_mutex_unlock (&pool->lock);
}

/* ---- object ---------------------------------------------------------------------- */

static void
forget_pool (GstPooledConvertPool * pool)
{
  GList *l;

  if (pool->self == NULL)
    return;
  g_mutex_lock (&all_pools_lock);
  for (l = all_pools; l != NULL; l = l->next) {
    if (l->data == pool->self) {
      all_pools = g_list_delete_link (all_pools, l);
      break;
    }
  }
  g_mutex_unlock (&all_pools_lock);
  g_weak_ref_clear (pool->self);
  g_free (pool->self);
}

static void
gst_pooled_convert_pool_finalize (GObject * object)
{
  GstPooledConvertPool *pool = GST_POOLED_CONVERT_POOL (object);

  forget_pool (pool);

  /* the base class would deactivate an active pool after this, when the
   * state stop() needs is gone; do it first (no buffer can be out: each
   * holds a reference to the pool) */
  gst_buffer_pool_set_active (GST_BUFFER_POOL (pool), FALSE);
  g_mutex_lock (&pool->lock);
  stop_tick_locked (pool);
  free_unused_locked (pool, PC_FREED_RETIRED);
  g_mutex_unlock (&pool->lock);
  g_ptr_array_unref (pool->free_buffers);
  g_ptr_array_unref (pool->shared_buffers);
  gst_clear_object (&pool->allocator);
  g_clear_pointer (&pool->stats, pc_pool_stats_unref);
  g_mutex_clear (&pool->lock);
  g_cond_clear (&pool->buffer_returned);

  G_OBJECT_CLASS (gst_pooled_convert_pool_parent_class)->finalize (object);
}

static void
gst_pooled_convert_pool_class_init (GstPooledConvertPoolClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  gobject_class->finalize = gst_pooled_convert_pool_finalize;

  pool_class->get_options = gst_pooled_convert_pool_get_options;
  pool_class->set_config = gst_pooled_convert_pool_set_config;
  pool_class->start = gst_pooled_convert_pool_start;
  pool_class->stop = gst_pooled_convert_pool_stop;
  pool_class->alloc_buffer = gst_pooled_convert_pool_alloc_buffer;
  pool_class->flush_start = gst_pooled_convert_pool_flush_start;
  pool_class->flush_stop = gst_pooled_convert_pool_flush_stop;
  pool_class->acquire_buffer = gst_pooled_convert_pool_acquire_buffer;
  pool_class->release_buffer = gst_pooled_convert_pool_release_buffer;
}

static void
gst_pooled_convert_pool_init (GstPooledConvertPool * pool)
{
  g_mutex_init (&pool->lock);
  g_cond_init (&pool->buffer_returned);
  /* sized for a typical pipeline; grows once if a stream needs more */
  pool->free_buffers = g_ptr_array_sized_new (16);
  pool->shared_buffers = g_ptr_array_sized_new (SHARED_BOUND_UNLIMITED);
  gst_allocation_params_init (&pool->params);
  pool->trim_window = 0;
  pool->exhausted = GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY;
  pool->frame_duration_us = G_USEC_PER_SEC / FALLBACK_FPS;
}

/**
 * gst_pooled_convert_pool_new:
 * @stats: the counters this pool adds to (shared by an element's pools)
 *
 * Returns: (transfer full): a new pool, to be configured with caps of an output format.
 */
GstBufferPool *
gst_pooled_convert_pool_new (PcPoolStats * stats)
{
  GstPooledConvertPool *pool = g_object_new (GST_TYPE_POOLED_CONVERT_POOL,
      NULL);

  gst_object_ref_sink (pool);
  pool->stats = pc_pool_stats_ref (stats);
  pool->self = g_new (GWeakRef, 1);
  g_weak_ref_init (pool->self, pool);
  g_mutex_lock (&all_pools_lock);
  all_pools = g_list_prepend (all_pools, pool->self);
  g_mutex_unlock (&all_pools_lock);
  return GST_BUFFER_POOL (pool);
}

/**
 * gst_pooled_convert_pool_new_temporaries:
 * @stats: the counters this pool adds to
 *
 * A pool that keeps nothing: every buffer it hands out is temporary and
 * freed when it comes back; it preallocates none (min and max buffers of
 * its configuration are ignored).  What pool-mode=downstream takes when
 * downstream's pool has no buffer free: see
 * gst_pooled_convert_pool_acquire_downstream().
 *
 * Returns: (transfer full): a new pool, to be configured with caps of an output format.
 */
GstBufferPool *
gst_pooled_convert_pool_new_temporaries (PcPoolStats * stats)
{
  GstBufferPool *pool = gst_pooled_convert_pool_new (stats);

  GST_POOLED_CONVERT_POOL (pool)->temporaries_only = TRUE;
  return pool;
}

void
gst_pooled_convert_pool_set_policy (GstPooledConvertPool * pool,
    guint trim_window, GstPooledConvertPoolExhaustedPolicy exhausted,
    guint wait_timeout_ms)
{
  g_mutex_lock (&pool->lock);
  pool->exhausted = exhausted;
  pool->wait_timeout_us = wait_timeout_ms * G_GINT64_CONSTANT (1000);
  if (trim_window != pool->trim_window) {
    pool->trim_window = trim_window;
    forget_peaks_locked (pool, g_get_monotonic_time ());
    pool->window_span_us = 0;
    start_tick_locked (pool);
  }
  /* a waiting acquire looks again under the new policy */
  g_cond_broadcast (&pool->buffer_returned);
  g_mutex_unlock (&pool->lock);
}

guint
gst_pooled_convert_pool_trim_idle (GstPooledConvertPool * pool)
{
  guint trimmed;

  g_mutex_lock (&pool->lock);
  forget_peaks_locked (pool, g_get_monotonic_time ());
  pool->previous_peak_in_use = pool->peak_in_use = 0;
  trimmed = trim_idle_locked (pool);
  pool->trimmed_in_window = 0;
  g_mutex_unlock (&pool->lock);

  if (trimmed > 0) {
    GST_DEBUG_OBJECT (pool, "trimmed %u idle buffers", trimmed);
    return_memory_to_system ();
  }
  return trimmed;
}
