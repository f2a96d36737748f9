/* pooledconvert
 * The output stage: what the walks' I420 rows become in the output
 * format.
 *
 * The walks write I420 planes, and the general walk, for 10-bit output,
 * I420_10LE's (pc_walk_rows writes pairs too, below).  For I420 output
 * they are the output frame's own.  For NV12 output, luma goes straight
 * to the output's luma plane; the U and V rows of a sub-band
 * (pc_output_chroma_rows (), so that they stay in the cache) go to the
 * band's scratch, and the output family's uv_interleave writes them as
 * NV12's interleaved rows.
 * Where the walk would only copy 4:2:0 chroma (I420, YV12, NV12, NV21 in,
 * siting, matrix and range kept), NV12 is made from the input's own rows
 * in one pass: luma copied, chroma interleaved, swapped or copied.  Where
 * a kernel makes the pairs (packed 4:2:2, P010_LE and kin, grey, whose
 * input holds U and V together; planar 4:2:2 and 4:4:4, from both
 * planes' rows), the walk writes them itself.
 * P010_10LE is made as NV12 is from the sub-band's rows, of 16-bit words
 * already shifted to its high bits (grey's, by its walk).
 */

#ifndef __PC_OUTPUT_H__
#define __PC_OUTPUT_H__

#include "convert/walk.h"

G_BEGIN_DECLS
/* The chroma rows of one sub-band of @plan's NV12 or P010_10LE output:
 * as many as PC_OUTPUT_SCRATCH_BYTES of U and V rows hold, from
 * PC_OUTPUT_MIN_CHROMA_ROWS to PC_OUTPUT_MAX_CHROMA_ROWS.  Long sub-bands
 * keep the walk on each plane for longer bursts (docs/design.md). */
#define PC_OUTPUT_SCRATCH_BYTES (256 << 10)
#define PC_OUTPUT_MIN_CHROMA_ROWS 8
#define PC_OUTPUT_MAX_CHROMA_ROWS 128
    guint pc_output_chroma_rows (const PcConvertPlan * plan);
/* The formats the element makes, NULL-terminated, I420 first. */
extern const gchar *const pc_output_format_names[];
#define PC_N_OUTPUT_FORMATS 4

/* TRUE for the formats of pc_output_format_names. */
gboolean pc_output_format_supported (GstVideoFormat format);

/* The formats the element makes from @in_format, in the order it prefers
 * them, NULL-terminated: for input of more than 8 bits the 10-bit ones
 * first, so that depth is kept where downstream takes it (P010_10LE first
 * for semi-planar input), then I420 and NV12; for 8-bit input I420, NV12,
 * then the 10-bit ones. */
const gchar *const *pc_output_formats_for (GstVideoFormat in_format);

/* The sub-band rows of @plan's output format in @scratch (none where no
 * frame takes PC_OUTPUT_SUB_BANDS); pc_output_scratch_clear () frees
 * them. */
void pc_output_scratch_init (PcRowScratch * scratch,
    const PcConvertPlan * plan);
void pc_output_scratch_clear (PcRowScratch * scratch);

/* How the output's chroma rows are made. */
typedef enum
{
  /* the walk writes the output's own planes (I420, I420_10LE) */
  PC_OUTPUT_OWN_PLANES,
  /* the walk would only copy 4:2:0 chroma: NV12 is made from the input's
   * rows directly */
  PC_OUTPUT_DIRECT,
  /* the walk writes the pairs itself (pc_walk_makes_pairs ()) */
  PC_OUTPUT_PAIRS,
  /* the walk writes I420 rows into the scratch, interleaved sub-band by
   * sub-band */
  PC_OUTPUT_SUB_BANDS,
} PcOutputPath;

/* The path of @plan's output for frames that take @strategy. */
PcOutputPath pc_output_path (const PcConvertPlan * plan, PcStrategy strategy);

/* Converts @band of @in into @out (of the plan's output format) with
 * @walk, by the path pc_output_path () names for it. */
void pc_output_run_band (const PcConvertPlan * plan, PcWalkFunc walk,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);

G_END_DECLS
#endif /* __PC_OUTPUT_H__ */
