/* pooledconvert
 * The general walk: every siting, interlaced fields and YUV matrix changes
 * of 8-bit and 10-bit input, through the stages of stages.c.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"

/* TRUE when the output's luma rows are the input's luma plane copied */
static gboolean
luma_copied (const PcConvertPlan * plan)
{
  return !plan->yuv_matrix_change &&
      GST_VIDEO_FORMAT_INFO_IS_YUV (plan->stages.finfo) &&
      GST_VIDEO_FORMAT_INFO_PSTRIDE (plan->stages.finfo, 0) == 1;
}

/* Output luma rows @first .. @end - 1: copied (a luma plane), made by the
 * RGB kernels or the format's luma row kernel (packed, 16-bit), or taken
 * through the matrix stages when it is re-matrixed. */
static void
walk_luma (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint first, guint end, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  const PcRowWalk *rows = pc_layout_walks[plan->format->layout].rows;
  PcLumaRowFunc luma_row = rows != NULL ? rows->luma_row : NULL;
  guint row;

  if (first >= end)
    return;
  if (plan->format->layout == PC_LAYOUT_PACKED_RGB && !plan->yuv_matrix_change)
    for (row = first; row < end; row++) {
      const guint8 *s = in_row (in, 0, row);

      if (plan->format->pixel_stride == 3) {
        plan->dsp->rgb.rgb24_to_rgb4 (scratch->row[1], s, plan->width);
        s = scratch->row[1];
      }
      pc_walk_rgb_luma_row (plan, scratch->row[0], out_row (out, 0, row), s);
  } else if (luma_copied (plan)) {
    PcBand rows_of_luma = { first, end, 0, 0 };

    pc_walk_copy_luma (plan, in, out, &rows_of_luma);
  } else if (!plan->yuv_matrix_change && luma_row != NULL)
    /* packed or 16-bit luma: the format's own row kernel */
    for (row = first; row < end; row++)
      luma_row (plan, scratch->row[0], out_row (out, 0, row), in_row (in, 0,
              row));
  else                          /* re-matrixed */
    for (row = first; row < end; row++)
      pc_stages_luma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
          &scratch->stage_rows);
}

/* Everything the kernels do not cover: co-sited rows, interlaced fields,
 * re-sited chroma, YUV matrix changes; chroma comes from the siting's
 * taps through the stages (stages.c).  Where luma and chroma read the
 * same input rows, the luma rows of each chroma row are made just before
 * it, so those rows come from memory once; a copied luma plane is copied
 * in one go.  Chroma row j reads input rows up to 2j + 2, outside the
 * band at its end: the input is only read, so bands stay independent. */
void
pc_walk_general (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  guint luma = band->first_row, row;

  pc_stage_rows_forget (&scratch->stage_rows);
  if (luma_copied (plan)) {
    walk_luma (plan, in, out, luma, band->end_row, scratch);
    luma = band->end_row;
  }
  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    guint upto = MIN (band->end_row, 2 * row + 2);

    walk_luma (plan, in, out, luma, upto, scratch);
    luma = MAX (luma, upto);
    pc_stages_chroma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
        &scratch->stage_rows);
  }
  walk_luma (plan, in, out, luma, band->end_row, scratch);
}
