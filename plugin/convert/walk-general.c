/* pooledconvert
 * The general walk: every siting, interlaced fields and YUV matrix changes
 * of 8-bit and 10-bit input, through the stages of stages.c.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"

/* Everything the kernels do not cover: co-sited rows, interlaced fields,
 * re-sited chroma, YUV matrix changes.  Luma is copied (a luma plane), made by the RGB
 * kernels or the format's luma row kernel (packed, 16-bit), or taken
 * through the matrix stages when it is re-matrixed; chroma comes from the
 * siting's taps through the stages (stages.c).  Chroma
 * row j reads input rows up to 2j + 2, outside the band at its end: the
 * input is only read, so bands stay independent. */
void
pc_walk_general (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  const PcRowWalk *rows = pc_layout_walks[plan->format->layout].rows;
  PcLumaRowFunc luma_row = rows != NULL ? rows->luma_row : NULL;
  guint row;

  if (plan->format->layout == PC_LAYOUT_PACKED_RGB && !plan->yuv_matrix_change)
    for (row = band->first_row; row < band->end_row; row++) {
      const guint8 *s = in_row (in, 0, row);

      if (plan->format->pixel_stride == 3) {
        plan->dsp->rgb.rgb24_to_rgb4 (scratch->row[1], s, plan->width);
        s = scratch->row[1];
      }
      pc_walk_rgb_luma_row (plan, scratch->row[0], out_row (out, 0, row), s);
  } else if (!plan->yuv_matrix_change &&
      GST_VIDEO_FORMAT_INFO_PSTRIDE (plan->stages.finfo, 0) == 1)
    pc_walk_copy_luma (plan, in, out, band);
  else if (!plan->yuv_matrix_change && luma_row != NULL)
    /* packed or 16-bit luma: the format's own row kernel */
    for (row = band->first_row; row < band->end_row; row++)
      luma_row (plan, scratch->row[0], out_row (out, 0, row), in_row (in, 0,
              row));
  else                          /* re-matrixed */
    for (row = band->first_row; row < band->end_row; row++)
      pc_stages_luma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
          &scratch->stage_rows);

  for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
    pc_stages_chroma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
        &scratch->stage_rows);
}
