/* pooledconvert tests
 * Helpers the pixel suites (conversion, formats) share: the caps the
 * element produced, one frame through a harness checked against the
 * double-precision reference, a sample from an appsink.
 */

#ifndef __PC_TEST_PIXELCHECK_H__
#define __PC_TEST_PIXELCHECK_H__

#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reference.h"

G_BEGIN_DECLS
/* The I420 caps on the harness's sink pad; fails the test otherwise. */
void harness_output_info (GstHarness * h, GstVideoInfo * out_info);

/* Compares @out (I420 described by @out_info) with the reference computed
 * from @in: every sample exactly rounded (@exact) or within one step. */
void check_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const RefColor * color,
    gboolean exact, const gchar * what);

/* Pushes @in (taken), pulls the result and checks it; returns the output
 * for callers that look further (unref it). */
GstBuffer *push_and_check (GstHarness * h, const GstVideoInfo * in_info,
    GstBuffer * in, const RefColor * color, gboolean exact, const gchar * what);

/* Converts a random frame of @format with the plan's walk in bands of
 * @band_rows rows, last band first, as worker threads may run it, and
 * checks it against the reference: each band must write exactly its own
 * luma and chroma rows (exact for YUV, within one step for RGB). */
void check_plan_in_bands (GstVideoFormat format, gint width, gint height,
    guint band_rows);

/* The next sample of @appsink; fails the test when there is none. */
GstSample *pull_sample (GstElement * appsink);

G_END_DECLS
#endif /* __PC_TEST_PIXELCHECK_H__ */
