/* pooledconvert
 * Pool counters; see poolstats.h for what each one means.  One uncontended
 * mutex guards them: it is taken a few times per frame and allocates
 * nothing.
 */

#include "pool/poolstats.h"

struct _PcPoolStats
{
  GMutex lock;
  guint64 allocated;
  guint64 preallocated;
  guint64 new_buffers;
  guint64 reused;
  guint64 downstream;
  guint64 freed;
  guint64 temporary;
  guint64 discarded;
  guint64 trimmed;
  guint64 retired;
  guint64 kept_shared;
  guint64 reclaimed;
  guint64 waits;
  guint64 wait_timeouts;
  guint64 in_flight;
  guint64 peak_in_flight;
  guint64 buffers_held;
  guint64 peak_buffers_held;
  guint64 bytes_held;
  guint64 peak_bytes_held;
};

PcPoolStats *
pc_pool_stats_new (void)
{
  PcPoolStats *stats = g_atomic_rc_box_new0 (PcPoolStats);

  g_mutex_init (&stats->lock);
  return stats;
}

PcPoolStats *
pc_pool_stats_ref (PcPoolStats * stats)
{
  return g_atomic_rc_box_acquire (stats);
}

static void
pc_pool_stats_clear (PcPoolStats * stats)
{
  g_mutex_clear (&stats->lock);
}

void
pc_pool_stats_unref (PcPoolStats * stats)
{
  g_atomic_rc_box_release_full (stats, (GDestroyNotify) pc_pool_stats_clear);
}

void
pc_pool_stats_buffer_allocated (PcPoolStats * stats, gsize size,
    PcAllocReason reason)
{
  g_mutex_lock (&stats->lock);
  stats->allocated++;
  if (reason == PC_ALLOCATED_UP_FRONT)
    stats->preallocated++;
  else if (reason == PC_ALLOCATED_TEMPORARY)
    stats->temporary++;
  stats->buffers_held++;
  stats->bytes_held += size;
  stats->peak_buffers_held = MAX (stats->peak_buffers_held,
      stats->buffers_held);
  stats->peak_bytes_held = MAX (stats->peak_bytes_held, stats->bytes_held);
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_buffer_freed (PcPoolStats * stats, gsize size,
    PcFreeReason reason)
{
  g_mutex_lock (&stats->lock);
  stats->freed++;
  switch (reason) {
    case PC_FREED_DISCARDED:
      stats->discarded++;
      break;
    case PC_FREED_TRIMMED:
      stats->trimmed++;
      break;
    case PC_FREED_RETIRED:
      stats->retired++;
      break;
    case PC_FREED_TEMPORARY:
      break;
  }
  stats->buffers_held--;
  stats->bytes_held -= size;
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_buffer_acquired (PcPoolStats * stats, gboolean first_trip)
{
  g_mutex_lock (&stats->lock);
  if (first_trip)
    stats->new_buffers++;
  else
    stats->reused++;
  stats->in_flight++;
  stats->peak_in_flight = MAX (stats->peak_in_flight, stats->in_flight);
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_downstream_acquired (PcPoolStats * stats)
{
  g_mutex_lock (&stats->lock);
  stats->downstream++;
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_buffer_released (PcPoolStats * stats)
{
  g_mutex_lock (&stats->lock);
  stats->in_flight--;
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_buffer_kept_shared (PcPoolStats * stats)
{
  g_mutex_lock (&stats->lock);
  stats->kept_shared++;
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_buffers_reclaimed (PcPoolStats * stats, guint n)
{
  g_mutex_lock (&stats->lock);
  stats->reclaimed += n;
  g_mutex_unlock (&stats->lock);
}

void
pc_pool_stats_waited (PcPoolStats * stats, gboolean timed_out)
{
  g_mutex_lock (&stats->lock);
  stats->waits++;
  if (timed_out)
    stats->wait_timeouts++;
  g_mutex_unlock (&stats->lock);
}

GstStructure *
pc_pool_stats_to_structure (PcPoolStats * stats)
{
  GstStructure *s;

  g_mutex_lock (&stats->lock);
  s = gst_structure_new (PC_POOL_STATS_NAME,
      "buffers-allocated", G_TYPE_UINT64, stats->allocated,
      "buffers-preallocated", G_TYPE_UINT64, stats->preallocated,
      "buffers-new", G_TYPE_UINT64, stats->new_buffers,
      "buffers-reused", G_TYPE_UINT64, stats->reused,
      "buffers-downstream", G_TYPE_UINT64, stats->downstream,
      "buffers-freed", G_TYPE_UINT64, stats->freed,
      "buffers-temporary", G_TYPE_UINT64, stats->temporary,
      "buffers-discarded", G_TYPE_UINT64, stats->discarded,
      "buffers-trimmed", G_TYPE_UINT64, stats->trimmed,
      "buffers-retired", G_TYPE_UINT64, stats->retired,
      "buffers-kept-shared", G_TYPE_UINT64, stats->kept_shared,
      "buffers-reclaimed", G_TYPE_UINT64, stats->reclaimed,
      "waits", G_TYPE_UINT64, stats->waits,
      "wait-timeouts", G_TYPE_UINT64, stats->wait_timeouts,
      "buffers-in-flight", G_TYPE_UINT64, stats->in_flight,
      "peak-in-flight", G_TYPE_UINT64, stats->peak_in_flight,
      "buffers-held", G_TYPE_UINT64, stats->buffers_held,
      "peak-buffers-held", G_TYPE_UINT64, stats->peak_buffers_held,
      "bytes-held", G_TYPE_UINT64, stats->bytes_held,
      "peak-bytes-held", G_TYPE_UINT64, stats->peak_bytes_held, NULL);
  g_mutex_unlock (&stats->lock);

  return s;
}
