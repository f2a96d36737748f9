/* pooledconvert
 * Counters shared by every pool an element creates.
 *
 * A caps change replaces the pool while buffers of the old one may still be
 * held downstream, so the counts live here, reference-counted, and each pool
 * feeds the same set.  The element turns them into its `stats` property.
 *
 * The structure (named PC_POOL_STATS_NAME) has these fields, every one a
 * guint64, counted since the element was created:
 *
 *   buffers-allocated   buffers the pools allocated, temporary ones included
 *   buffers-reused      acquires served by a buffer allocated earlier
 *   buffers-downstream  frames that went out in a buffer of downstream's
 *                       pool (pool-mode=downstream)
 *   buffers-freed       buffers the pools freed, for any reason below
 *   buffers-temporary   buffers allocated while max-buffers were all out
 *                       (in pool-mode=downstream: all of downstream's
 *                       pool); the pool frees one when it comes back above
 *                       max-buffers (not counted again in the reasons below)
 *   buffers-discarded   freed when they came back changed (memory replaced
 *                       or resized), or still shared past the kept-aside
 *                       bound: reusing them would overwrite memory in use
 *   buffers-trimmed     idle buffers freed because the stream needed fewer
 *                       lately: by frames, by time when the stream stalls,
 *                       or going to PAUSED
 *   buffers-retired     freed because their pool stopped or was replaced
 *                       (caps change, pool-mode change, going to READY)
 *   buffers-kept-shared came back while downstream still shared their
 *                       memory (videorate's duplicates) and were kept aside
 *   buffers-reclaimed   kept-aside buffers reused once their memory was the
 *                       pool's alone again
 *   waits               acquires that waited for a buffer to come back
 *                       (exhausted-policy=wait), in either pool
 *   wait-timeouts       of those, the ones that gave up after wait-timeout
 *                       and made a temporary buffer
 *   buffers-in-flight   buffers handed out and not yet back, now
 *   peak-in-flight      the most buffers in flight at once
 *   buffers-held        buffers allocated and not yet freed, now: idle,
 *                       kept aside and in flight
 *   peak-buffers-held   the most buffers held at once
 *   bytes-held          the memory of those buffers, now
 *   peak-bytes-held     the most bytes held at once
 *
 * buffers-allocated = buffers-freed + buffers-held at every reading, and
 * buffers-freed = buffers-discarded + buffers-trimmed + buffers-retired +
 * the temporaries freed on return.
 */

#ifndef __PC_POOL_STATS_H__
#define __PC_POOL_STATS_H__

#include <gst/gst.h>

G_BEGIN_DECLS
#define PC_POOL_STATS_NAME "application/x-pooledconvert-stats"
typedef struct _PcPoolStats PcPoolStats;

PcPoolStats *pc_pool_stats_new (void);
PcPoolStats *pc_pool_stats_ref (PcPoolStats * stats);
void pc_pool_stats_unref (PcPoolStats * stats);

/* Why a pool let go of a buffer. */
typedef enum
{
  PC_FREED_RETIRED,             /* pool stopped or replaced */
  PC_FREED_DISCARDED,           /* came back changed, or shared too long */
  PC_FREED_TEMPORARY,           /* came back while above max-buffers */
  PC_FREED_TRIMMED,             /* idle beyond what the stream needs */
} PcFreeReason;

void pc_pool_stats_buffer_allocated (PcPoolStats * stats, gsize size,
    gboolean temporary);
void pc_pool_stats_buffer_freed (PcPoolStats * stats, gsize size,
    PcFreeReason reason);
void pc_pool_stats_buffer_acquired (PcPoolStats * stats, gboolean reused);
/* A buffer of downstream's pool goes out with a frame. */
void pc_pool_stats_downstream_acquired (PcPoolStats * stats);
void pc_pool_stats_buffer_released (PcPoolStats * stats);
void pc_pool_stats_buffer_kept_shared (PcPoolStats * stats);
void pc_pool_stats_buffers_reclaimed (PcPoolStats * stats, guint n);
void pc_pool_stats_waited (PcPoolStats * stats, gboolean timed_out);

GstStructure *pc_pool_stats_to_structure (PcPoolStats * stats);

G_END_DECLS
#endif /* __PC_POOL_STATS_H__ */
