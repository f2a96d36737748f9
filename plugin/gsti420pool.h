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

GstBufferPool *gst_i420_pool_new (PcPoolStats * stats);

G_END_DECLS

#endif /* __GST_I420_POOL_H__ */
