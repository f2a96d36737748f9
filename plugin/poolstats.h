/* pooledconvert
 * Counters shared by every pool an element creates.
 *
 * A caps change replaces the pool while buffers of the old one may still be
 * held downstream, so the counts live here, reference-counted, and each pool
 * feeds the same set.  The element turns them into its `stats` property.
 */

#ifndef __PC_POOL_STATS_H__
#define __PC_POOL_STATS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

typedef struct _PcPoolStats PcPoolStats;

PcPoolStats *pc_pool_stats_new (void);
PcPoolStats *pc_pool_stats_ref (PcPoolStats * stats);
void pc_pool_stats_unref (PcPoolStats * stats);

/* Why a pool let go of a buffer. */
typedef enum
{
  PC_FREED_RETIRED,             /* pool stopped, flushed or replaced */
  PC_FREED_DISCARDED,           /* came back shared or changed */
  PC_FREED_TEMPORARY,           /* came back while above max-buffers */
  PC_FREED_TRIMMED,             /* idle beyond what the stream needs */
} PcFreeReason;

void pc_pool_stats_buffer_allocated (PcPoolStats * stats, gsize size,
    gboolean temporary);
void pc_pool_stats_buffer_freed (PcPoolStats * stats, gsize size,
    PcFreeReason reason);
void pc_pool_stats_buffer_acquired (PcPoolStats * stats, gboolean reused);
void pc_pool_stats_buffer_released (PcPoolStats * stats);

GstStructure *pc_pool_stats_to_structure (PcPoolStats * stats);

G_END_DECLS

#endif /* __PC_POOL_STATS_H__ */
