/* pooledconvert
 * GstPooledConvert: converts the 29 input formats of the plan's format
 * table (planar, semi-planar and packed YUV, grey, 10-bit YUV and ten RGB
 * byte orders; README.md lists them) to I420, into buffers from its own
 * bounded pool; I420 in the output's siting and colorimetry passes
 * through untouched.
 */

#ifndef __GST_POOLED_CONVERT_H__
#define __GST_POOLED_CONVERT_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/video/gstvideofilter.h>

#include "convert/convert.h"
#include "pool/gstpooledconvertpool.h"
#include "pool/poolstats.h"
#include "convert/workers.h"

G_BEGIN_DECLS
/**
 * GstPooledConvertPoolMode:
 * @GST_POOLED_CONVERT_POOL_MODE_OWN: buffers from the element's own pool
 * @GST_POOLED_CONVERT_POOL_MODE_DOWNSTREAM: a pool downstream offers, else own
 * @GST_POOLED_CONVERT_POOL_MODE_NONE: a freshly allocated buffer every frame
 *
 * Where pooledconvert takes its output buffers from.
 */
    typedef enum
{
  GST_POOLED_CONVERT_POOL_MODE_OWN,
  GST_POOLED_CONVERT_POOL_MODE_DOWNSTREAM,
  GST_POOLED_CONVERT_POOL_MODE_NONE,
} GstPooledConvertPoolMode;

#define GST_TYPE_POOLED_CONVERT_POOL_MODE \
  (gst_pooled_convert_pool_mode_get_type ())
GType gst_pooled_convert_pool_mode_get_type (void);

/* values are GstPooledConvertPoolExhaustedPolicy's */
#define GST_TYPE_POOLED_CONVERT_EXHAUSTED_POLICY \
  (gst_pooled_convert_exhausted_policy_get_type ())
GType gst_pooled_convert_exhausted_policy_get_type (void);

/* values are PcDither's, which are GstVideoDitherMethod's */
#define GST_TYPE_POOLED_CONVERT_DITHER \
  (gst_pooled_convert_dither_get_type ())
GType gst_pooled_convert_dither_get_type (void);

#define GST_TYPE_POOLED_CONVERT (gst_pooled_convert_get_type ())
G_DECLARE_FINAL_TYPE (GstPooledConvert, gst_pooled_convert, GST,
    POOLED_CONVERT, GstVideoFilter);

struct _GstPooledConvert
{
  GstVideoFilter parent;

  /* properties, guarded by the object lock */
  GstPooledConvertPoolMode pool_mode;
  guint min_buffers;
  guint max_buffers;
  guint trim_window;
  GstPooledConvertPoolExhaustedPolicy exhausted_policy;
  guint wait_timeout;
  guint n_threads;
  PcDither dither;

  /* what decide_allocation chose, guarded by the object lock */
  const gchar *pool_in_use;
  /* own: the output pool; downstream: the pool of temporaries; else NULL */
  GstPooledConvertPool *own_pool;
  /* the pool GstBaseTransform takes output buffers from (NULL: none), with
   * a reference of our own, guarded by the object lock.  Flushing and state
   * changes come from other threads than the streaming thread that swaps
   * the base class's pool, and GstBaseTransform reads its own without a
   * lock, so they take the pool from here. */
  GstBufferPool *output_pool;

  /* streaming thread only; rebuilt in set_info, and when dither
   * changes (plan.dither says what it was built with) */
  PcConvertPlan plan;
  /* g_str_hash of the last refusal logged, 0 once caps are set or the
   * element starts: a refusal is logged once per negotiation; guarded by
   * the object lock */
  guint refusal_said;
  /* streaming thread only (and stop, when streaming has stopped); made
   * on the first frame that asks for more than one thread */
  PcWorkers *workers;

  PcPoolStats *stats;
};

GST_ELEMENT_REGISTER_DECLARE (pooledconvert);

G_END_DECLS
#endif /* __GST_POOLED_CONVERT_H__ */
