/* pooledconvert
 * Counters shared by every pool an element creates.
 *
 * A caps change replaces the pool while buffers of the old one may still be
 * held downstream, so the counts live here, reference-counted, and each pool
 * feeds the same set.  The element turns them into its `stats` property.
 *
 * The structure (named PC_POOL_STATS_NAME) has these fields, every one a
 * guint64, counted since the element was created.  Buffers made:
 *
 *   buffers-allocated   buffers the element made, of every kind: those
 *                       below, and those allocated for a frame when no
 *                       free one was there
 *   buffers-preallocated  of those, the ones made when a pool started
 *                       (min-buffers), before any frame asked for them
 *   buffers-temporary   of those, the ones made because the pool's bound
 *                       was reached (max-buffers, or downstream's pool in
 *                       pool-mode=downstream); the pool frees one buffer for
 *                       each as buffers come back above max-buffers
 *                       (pool-mode=downstream: the temporary itself)
 *
 * Frames handed out, each counted once, in one of:
 *
 *   buffers-new         frames that went out in a buffer of the element's
 *                       on its first trip: made for that frame (on demand
 *                       or temporary), or preallocated and not out before
 *   buffers-reused      frames that went out in a buffer of the element's
 *                       that had carried a frame before and come back
 *   buffers-downstream  frames that went out in a buffer of downstream's
 *                       pool (pool-mode=downstream)
 *
 * Buffers freed, and why:
 *
 *   buffers-freed       buffers the element freed, for any reason below
 *                       or as a temporary coming back
 *   buffers-discarded   freed when they came back changed (memory replaced
 *                       or resized), or still shared past the kept-aside
 *                       bound: reusing them would overwrite memory in use
 *   buffers-trimmed     idle buffers freed because the stream needed fewer
 *                       lately: by frames, by time when the stream stalls,
 *                       or going to PAUSED
 *   buffers-retired     freed because their pool stopped or was replaced
 *                       (caps change, pool-mode change, going to READY)
 *
 * What happened on the way:
 *
 *   buffers-kept-shared came back while downstream still shared their
 *                       memory (videorate's duplicates) and were kept aside
 *   buffers-reclaimed   kept-aside buffers put back on the free list once
 *                       their memory was the pool's alone again
 *   waits               frames that waited for a buffer to come back
 *                       (exhausted-policy=wait), in either pool
 *   wait-timeouts       of those, the ones that gave up after wait-timeout
 *                       and took a temporary buffer
 *
 * Now, and the most at once (the element's own buffers only):
 *
 *   buffers-in-flight   buffers handed out and not yet back, now
 *   peak-in-flight      the most buffers in flight at once
 *   buffers-held        buffers allocated and not yet freed, now: idle,
 *                       kept aside and in flight
 *   peak-buffers-held   the most buffers held at once
 *   bytes-held          the memory of those buffers, now
 *   peak-bytes-held     the most bytes held at once
 *
 * At every reading: buffers-new + buffers-reused + buffers-downstream is
 * the number of frames that went out in a pool's buffer (pool-mode=none
 * and passthrough count none); buffers-allocated - buffers-preallocated <=
 * buffers-new <= buffers-allocated (the difference: preallocated buffers
 * that never went out); buffers-allocated = buffers-freed + buffers-held.
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

/* Why a pool made a buffer. */
typedef enum
{
  PC_ALLOCATED_UP_FRONT,        /* preallocated when the pool started */
  PC_ALLOCATED_FOR_FRAME,       /* no free buffer, within the bound */
  PC_ALLOCATED_TEMPORARY,       /* the bound was reached */
} PcAllocReason;

void pc_pool_stats_buffer_allocated (PcPoolStats * stats, gsize size,
    PcAllocReason reason);
void pc_pool_stats_buffer_freed (PcPoolStats * stats, gsize size,
    PcFreeReason reason);
/* One of the element's buffers goes out with a frame; @first_trip: it never
 * carried one before. */
void pc_pool_stats_buffer_acquired (PcPoolStats * stats, gboolean first_trip);
/* A buffer of downstream's pool goes out with a frame. */
void pc_pool_stats_downstream_acquired (PcPoolStats * stats);
void pc_pool_stats_buffer_released (PcPoolStats * stats);
void pc_pool_stats_buffer_kept_shared (PcPoolStats * stats);
void pc_pool_stats_buffers_reclaimed (PcPoolStats * stats, guint n);
void pc_pool_stats_waited (PcPoolStats * stats, gboolean timed_out);

GstStructure *pc_pool_stats_to_structure (PcPoolStats * stats);

G_END_DECLS
#endif /* __PC_POOL_STATS_H__ */
