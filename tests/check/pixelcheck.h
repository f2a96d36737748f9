/* pooledconvert tests
 * Helpers the pixel suites (conversion, formats) share: one frame through
 * a harness checked against the double-precision reference, the plan run
 * in bands, a sample from an appsink.
 */

#ifndef __PC_TEST_PIXELCHECK_H__
#define __PC_TEST_PIXELCHECK_H__

#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reference.h"

G_BEGIN_DECLS
/* A frame of @info in the default layout: random bytes (ref_fill_random
 * from @seed), then valid samples (ref_make_valid). */
    GstBuffer * random_frame (const GstVideoInfo * info, guint32 seed);

/* A frame whose planes sit where a video meta says, not where the caps
 * would put them: planes in reverse order, @start bytes in and @start
 * bytes apart, each stride padded by @pad times (1 + plane) beyond the
 * bytes a row holds.  The padding is random too, so reading it shows in
 * the pixels. */
GstBuffer *padded_frame (const GstVideoInfo * info, gsize start, gint pad,
    guint32 seed);

/* Pushes @n random frames of @in_info through @h, whose pool has made
 * its buffers already, and checks that it hands them back: none
 * allocated, each reused, none temporary, each at least @out_info's size,
 * and the bytes held no more than those buffers' (4096 bytes of slack
 * each). */
void check_pool_steady (GstHarness * h, const GstVideoInfo * in_info,
    const GstVideoInfo * out_info, guint n);

/* The bytes one row of @plane of a frame of @info holds: every component
 * in it, whole pixels (v210: six pixels in 16 bytes). */
gsize row_bytes_of_plane (const GstVideoInfo * info, guint plane);

/* Compares @out (I420 described by @out_info) with @ref (taken): every
 * sample exactly rounded (@exact) or within one step. */
void check_against_reference (const GstVideoInfo * out_info, GstBuffer * out,
    RefI420 * ref, gboolean exact, const gchar * what);

/* Compares @out (I420 described by @out_info) with the reference computed
 * from @in: every sample exactly rounded (@exact) or within one step. */
void check_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const RefColor * color,
    gboolean exact, const gchar * what);

/* The reference check_output () compares with (free it). */
RefI420 *reference_of_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, const RefColor * color);

/* The reference check_sited_output () compares with (free it). */
RefI420 *sited_reference_of_output (const GstVideoInfo * in_info,
    GstBuffer * in, const GstVideoInfo * out_info);

/* Compares @out (NV12 described by @out_info) with @ref (taken): every
 * luma sample and every U and V byte of the interleaved plane within one
 * step, and with @exact each one the reference rounded half up. */
void check_nv12_against_reference (const GstVideoInfo * out_info,
    GstBuffer * out, RefI420 * ref, gboolean exact, const gchar * what);

/* TRUE when docs/pooledconvert.md promises every sample of the conversion
 * of @in_info to @out_info exactly rounded: YUV values that are only
 * filtered (not re-matrixed), of up to 10 bits or on a fused walk; else
 * within one step. */
gboolean yuv_rounds_exactly (const GstVideoInfo * in_info,
    const GstVideoInfo * out_info);

/* yuv_rounds_exactly (), and grey, whose luma is rounded once into the
 * output's range. */
gboolean output_rounds_exactly (const GstVideoInfo * in_info,
    const GstVideoInfo * out_info);

/* Compares @out with the sited reference for @in (reference-siting.h;
 * grey's luma from its range to the output's): exactly rounded when the
 * YUV values of up to 10 bits are only filtered or grey's luma changes
 * range, within one step otherwise.  @in_info must carry the input's siting and colorimetry
 * (ref_video_info_from_caps ()). */
void check_sited_output (const GstVideoInfo * in_info, GstBuffer * in,
    const GstVideoInfo * out_info, GstBuffer * out, const gchar * what);

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

/* As check_plan_in_bands () to @out_format (I420 or NV12); with
 * @odd_rows, NV12 rows at odd addresses (a video meta's offsets and
 * strides). */
void check_plan_in_bands_to (GstVideoFormat format, GstVideoFormat out_format,
    gint width, gint height, guint band_rows, gboolean odd_rows);

/* videotestsrc num-buffers=@frames pattern=snow ! @input ! tee, one branch
 * to an appsink that keeps the very input frames, the other through
 * pooledconvert ! @output (caps) to an appsink: each output is checked
 * against the reference of its input, then the stream must end.  The caps
 * of the last output go to @out_info, for more checks. */
void check_teed_pipeline (const gchar * input, const gchar * output,
    guint frames, const RefColor * color, gboolean exact,
    GstVideoInfo * out_info);

/* The next sample of @appsink; fails the test when there is none. */
GstSample *pull_sample (GstElement * appsink);

G_END_DECLS
#endif /* __PC_TEST_PIXELCHECK_H__ */
