/* pooledconvert
 * The output stage: what the walks' I420 rows become in the output
 * format.
 *
 * Every walk writes I420 planes.  For I420 output they are the output
 * frame's own.  For NV12 output, luma goes straight to the output's luma
 * plane; the U and V rows of a sub-band (PC_OUTPUT_CHROMA_ROWS chroma
 * rows, so that they stay in the cache) go to the band's scratch, and the
 * output family's uv_interleave writes them as NV12's interleaved rows.
 * Where the walk would only copy 4:2:0 chroma (I420, YV12, NV12, NV21 in,
 * siting, matrix and range kept), NV12 is made from the input's own rows
 * in one pass: luma copied, chroma interleaved, swapped or copied.
 */

#ifndef __PC_OUTPUT_H__
#define __PC_OUTPUT_H__

#include "convert/walk.h"

G_BEGIN_DECLS
/* Chroma rows of one sub-band of NV12 output. */
#define PC_OUTPUT_CHROMA_ROWS 8
/* The formats the element makes, NULL-terminated, I420 first: the one
 * it prefers. */
extern const gchar *const pc_output_format_names[];

/* TRUE for the formats of pc_output_format_names. */
gboolean pc_output_format_supported (GstVideoFormat format);

/* The sub-band rows of @plan's output format in @scratch (none for
 * I420); pc_output_scratch_clear () frees them. */
void pc_output_scratch_init (PcRowScratch * scratch,
    const PcConvertPlan * plan);
void pc_output_scratch_clear (PcRowScratch * scratch);

/* TRUE when the fused walk of @layout only copies 4:2:0 chroma, so NV12
 * output is made from the input's rows directly, without the scratch. */
gboolean pc_output_direct_for_layout (PcLayout layout);

/* Converts @band of @in into @out (of the plan's output format) with
 * @walk, which writes I420 rows. */
void pc_output_run_band (const PcConvertPlan * plan, PcWalkFunc walk,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);

G_END_DECLS
#endif /* __PC_OUTPUT_H__ */
