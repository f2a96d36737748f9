/* pooledconvert
 * GstPooledConvertPool: the buffer pool pooledconvert fills its output from.
 */

#ifndef __GST_POOLED_CONVERT_POOL_H__
#define __GST_POOLED_CONVERT_POOL_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "pool/framememory.h"
#include "pool/poolstats.h"

G_BEGIN_DECLS
#define GST_TYPE_POOLED_CONVERT_POOL (gst_pooled_convert_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstPooledConvertPool, gst_pooled_convert_pool, GST,
    POOLED_CONVERT_POOL, GstBufferPool);

/* Strides of buffers with a video meta are aligned to this when the config
 * names no GstVideoAlignment, and memory is never aligned to less. */
#define GST_POOLED_CONVERT_POOL_ALIGN PC_FRAME_MEMORY_MIN_ALIGN

/* What acquire does when max-buffers buffers are all downstream. */
typedef enum
{
  /* allocate one more, freed (not kept) when it comes back */
  GST_POOLED_CONVERT_POOL_EXHAUSTED_TEMPORARY,
  /* wait for one to come back, at most the wait timeout, then as above */
  GST_POOLED_CONVERT_POOL_EXHAUSTED_WAIT,
} GstPooledConvertPoolExhaustedPolicy;

GstBufferPool *gst_pooled_convert_pool_new (PcPoolStats * stats);

/* pool-mode=downstream: a pool that keeps nothing, whose every buffer is a
 * temporary one, and the acquire that takes a buffer of downstream's pool
 * when it has one free and applies this pool's exhausted policy (and wait
 * timeout) when it has none, so that it never blocks for longer. */
GstBufferPool *gst_pooled_convert_pool_new_temporaries (PcPoolStats * stats);
GstFlowReturn gst_pooled_convert_pool_acquire_downstream
    (GstPooledConvertPool * pool, GstBufferPool * downstream,
    GstBuffer ** buffer);

/* May be called at any time, also on an active pool.  trim_window: frames
 * over which the pool remembers how many buffers were in use at once; idle
 * buffers beyond that (and min-buffers) are freed, and a stream that stalls
 * for about that long in time is trimmed too.  0 never trims. */
void gst_pooled_convert_pool_set_policy (GstPooledConvertPool * pool,
    guint trim_window, GstPooledConvertPoolExhaustedPolicy exhausted,
    guint wait_timeout_ms);

/* Frees idle buffers beyond min-buffers now (the element calls it going to
 * PAUSED) and forgets the peaks.  Returns how many it freed. */
guint gst_pooled_convert_pool_trim_idle (GstPooledConvertPool * pool);

G_END_DECLS
#endif /* __GST_POOLED_CONVERT_POOL_H__ */
