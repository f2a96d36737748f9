/* pooledconvert tests
 * A double-precision model of the conversion to I420 for every output
 * chroma siting, for interlaced frames, and for changes of YUV matrix and
 * range, written from the definitions and sharing nothing with the element:
 *
 * - A chroma sample sits, along each axis, between samples 2k and 2k + 1
 *   (centred) or on sample 2k (co-sited); in an interlaced frame chroma
 *   row j = 2k + f belongs to field f and sits at frame row 2j + 1/2
 *   (centred, MPEG-2's interlaced 4:2:0) or on the field's row 2k, frame
 *   row 4k + f (co-sited: the progressive rule on the field's rows).
 * - Subsampled input chroma sits, along the axes it is subsampled in,
 *   where the input's siting says, by the same rules; the output sample
 *   there is the linear interpolation between the two nearest input
 *   chroma samples (of the same field), edges repeating the last.
 * - Full-resolution input is the mean of the input around that position,
 *   weighted by a tent w(d) = max (0, 1 - |d| / r) over the distance d,
 *   counted in the rows of the grid (frame rows, or the rows of one
 *   field, two frame rows apart) and columns: r = 1 for centred positions
 *   (progressive: the two neighbours, equally), r = 2 for co-sited ones.
 *   Samples past the edge repeat the last one (of the same field).
 *   Samples of more than 8 bits count on the 8-bit scale (value / 4 for
 *   10 bits, value / 256 for P010's high bits), exactly, before any
 *   matrix.
 * - Colour: input codes -> R'G'B' -> output codes in double with the
 *   standards' Kr and Kb; a YUV input whose matrix and range equal the
 *   output's keeps its values.  Each luma sample of a subsampled input
 *   takes the chroma of its block (of its own field when interlaced).
 */

#ifndef __PC_TEST_REFERENCE_SITING_H__
#define __PC_TEST_REFERENCE_SITING_H__

#include "reference.h"

G_BEGIN_DECLS
/* The exact (unrounded, clamped) I420 that @in should become as @out_info
 * (its chroma-site and colorimetry).  @in's info gives the input siting
 * and colorimetry (read with ref_video_info_from_caps ()); its frame flags
 * say whether it is interlaced. */
    RefI420 * ref_sited_i420 (const GstVideoFrame * in,
    const GstVideoInfo * out_info);

/* gst_video_info_from_caps (), with the chroma-site the caps name (or,
 * when they name none, GStreamer's I420 default for the size): GStreamer
 * 1.22 keeps the caps' chroma-site only when they name a colorimetry. */
gboolean ref_video_info_from_caps (GstVideoInfo * info, const GstCaps * caps);

/* TRUE when @in to @out_info keeps the YUV values (same matrix and range,
 * or RGB input never): the output must then be rounded exactly. */
gboolean ref_keeps_yuv_values (const GstVideoInfo * in,
    const GstVideoInfo * out_info);

G_END_DECLS
#endif /* __PC_TEST_REFERENCE_SITING_H__ */
