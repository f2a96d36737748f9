/* pooledconvert
 * GstI420Pool: the buffer pool pooledconvert fills its output from.
 */

#ifndef __GST_I420_POOL_H__
#define __GST_I420_POOL_H__

#include <gst/gst.h>
#include <gst/video/video.h>

#include "poolstats.h"

G_BEGIN_DECLS

#define GST_TYPE_I420_POOL (gst_i420_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstI420Pool, gst_i420_pool, GST, I420_POOL,
    GstBufferPool);

/* Strides and planes of buffers with a video meta are aligned to this. */
#define GST_I420_POOL_ALIGN 64

/* What acquire does when max-buffers buffers are all downstream. */
typedef enum
{
  /* allocate one more, freed (not kept) when it comes back */
  GST_I420_POOL_EXHAUSTED_TEMPORARY,
  /* wait for one to come back, at most the wait timeout, then as above */
  GST_I420_POOL_EXHAUSTED_WAIT,
} GstI420PoolExhaustedPolicy;

GstBufferPool *gst_i420_pool_new (PcPoolStats * stats);

/* Set before the pool is activated.  trim_window: frames over which the
 * pool remembers how many buffers were in use at once; idle buffers beyond
 * that (and min-buffers) are freed.  0 never trims. */
void gst_i420_pool_set_policy (GstI420Pool * pool, guint trim_window,
    GstI420PoolExhaustedPolicy exhausted, guint wait_timeout_ms);

G_END_DECLS

#endif /* __GST_I420_POOL_H__ */
