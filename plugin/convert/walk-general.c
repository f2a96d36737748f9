/* pooledconvert
 * The general walk: every siting, interlaced fields and YUV matrix changes
 * of 8-bit and 10-bit input, and every 10-bit output, through the stages
 * of stages.c.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"

/* The bytes of one output luma row the general walk copies from the
 * input's luma plane, 0 when it makes them: an 8-bit luma plane to 8-bit
 * output, or 10-bit samples in 16-bit words to 10-bit output that holds
 * them in the same bits, unless the luma is re-matrixed. */
static gsize
luma_copied_bytes (const PcConvertPlan * plan)
{
  const GstVideoFormatInfo *in = gst_video_format_get_info (plan->in_format);

  if (plan->yuv_matrix_change || !GST_VIDEO_FORMAT_INFO_IS_YUV (in) ||
      (plan->stages.read != PC_STAGE_READ_FRAME &&
          plan->stages.read != PC_STAGE_READ_SPLIT_UV))
    return 0;
  if (plan->stages.out_drop == 0)
    return GST_VIDEO_FORMAT_INFO_PSTRIDE (plan->stages.finfo, 0) == 1 ?
        plan->width : 0;
  return GST_VIDEO_FORMAT_INFO_PSTRIDE (in, 0) == 2 &&
      GST_VIDEO_FORMAT_INFO_DEPTH (in, 0) == 10 &&
      GST_VIDEO_FORMAT_INFO_SHIFT (in, 0) == plan->stages.out_shift ?
      2 * (gsize) plan->width : 0;
}

/* Output luma rows @first .. @end - 1: copied (a luma plane), made by the
 * RGB kernels or the format's luma row kernel (packed, 16-bit, to 8 bits),
 * or taken through the matrix stages (re-matrixed, 10-bit output or
 * dithered). */
static void
walk_luma (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint first, guint end, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  const PcRowWalk *rows = pc_layout_walks[plan->format->layout].rows;
  PcLumaRowFunc luma_row = rows != NULL ? rows->luma_row : NULL;
  /* (packed chroma read unpacked has no luma plane for the stages) */
  gboolean by_kernels = (!plan->yuv_matrix_change ||
      plan->stages.read == PC_STAGE_READ_PACKED_UV) &&
      plan->stages.out_drop == 0 && !plan->stages.dither;
  gsize copied = luma_copied_bytes (plan);
  guint row;

  if (first >= end)
    return;
  if (copied > 0)
    pc_walk_copy_rows (plan, out, 0, first, in, plan->format->planes[0], first,
        end - first, copied);
  else if (by_kernels && plan->format->layout == PC_LAYOUT_PACKED_RGB)
    for (row = first; row < end; row++) {
      if (plan->format->pixel_stride == 3)
        pc_walk_rgb24_luma_row (plan, scratch->row[1], out_row (out, 0, row),
            in_row (in, 0, row));
      else
        pc_walk_rgb_luma_row (plan, scratch->row[0], out_row (out, 0, row),
            in_row (in, 0, row));
  } else if (by_kernels && luma_row != NULL)
    /* packed or 16-bit luma: the format's own row kernel */
    for (row = first; row < end; row++)
      luma_row (plan, scratch->row[0], out_row (out, 0, row), in_row (in, 0,
              row));
  else
    for (row = first; row < end; row++)
      pc_stages_luma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
          &scratch->stage_rows);
}

/* Whether the output luma rows of deep input read only the input's luma
 * plane, which holds no chroma: then the walk makes a band's luma rows
 * in one pass over that plane, one stream the hardware prefetcher
 * follows, before the chroma rows, rather than two luma rows before each
 * chroma row (docs/design.md, "Order of rows"; 8-bit input to 10-bit
 * output measured 0.78-1.24x, mixed, and keeps the order). */
static gboolean
luma_alone (const PcConvertPlan * plan)
{
  const GstVideoFormatInfo *finfo = plan->stages.finfo;

  return !plan->yuv_matrix_change && plan->stages.sample_bytes > 1 &&
      GST_VIDEO_FORMAT_INFO_IS_YUV (finfo) &&
      (plan->stages.read == PC_STAGE_READ_FRAME ||
      plan->stages.read == PC_STAGE_READ_SPLIT_UV) &&
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 1) !=
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 0) &&
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 2) !=
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 0);
}

/* Whether the kernels that read each input row first ask for its lines
 * ahead themselves, on the rungs whose kernels ask
 * (dsp->kernels_ask_ahead): packed 4:2:2's luma kernel, whose chroma
 * rows, made from the packed rows in one pass, read what luma has just
 * read; the matrix kernels of re-matrixed luma rows; the 16-bit weighs
 * of packed 16-bit YUV (AYUV64's fields and re-sitings) and the split of
 * 4:4:4 pairs (NV24).  4:2:0 pairs, read in half-rate bursts, still gain
 * from the walk's request. */
static gboolean
kernels_ask_themselves (const PcConvertPlan * plan,
    const GstVideoFormatInfo * finfo)
{
  const PcStages *stages = &plan->stages;

  if (!plan->dsp->kernels_ask_ahead)
    return FALSE;
  if (stages->packs_uv_matrix || stages->resites_packed_uv)
    return TRUE;
  if (plan->yuv_matrix_change && (stages->direct_luma || stages->luma_steps))
    return TRUE;
  return (stages->sample_bytes > 1 && stages->read == PC_STAGE_READ_FRAME &&
      GST_VIDEO_FORMAT_INFO_N_PLANES (finfo) == 1) ||
      (stages->read == PC_STAGE_READ_SPLIT_UV &&
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 0);
}

/* Whether pc_walk_prefetch_block () pays on a CPU where prefetching
 * does (plan->prefetch), as measured there (docs/design.md):
 * for 4:2:0 input, whose chroma rows come in half-length bursts at half
 * the rate; where the walk reads the chroma planes alone (the luma plane
 * copied); for packed YUV read as it is.  Not where luma rows read
 * full-height planes of every component at once, nor for packed RGB, nor
 * for packed YUV whose chroma is read unpacked (each row once, in one
 * pass): the hardware prefetcher follows those, and asking again only
 * slows them.  Nor where the kernels ask themselves. */
static gboolean
prefetch_pays (const PcConvertPlan * plan, const GstVideoFrame * in)
{
  const GstVideoFormatInfo *finfo = in->info.finfo;

  if (kernels_ask_themselves (plan, finfo))
    return FALSE;
  return GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) > 0 ||
      luma_copied_bytes (plan) > 0 || (GST_VIDEO_FORMAT_INFO_IS_YUV (finfo) &&
      GST_VIDEO_FORMAT_INFO_N_PLANES (finfo) == 1 &&
      plan->stages.read != PC_STAGE_READ_PACKED_UV);
}

/* The chroma rows of @band a plane after the other, where the luma plane
 * is copied and chroma only filtered (stages.chroma_by_plane): each plane's
 * rows are then read in order, one stream the hardware prefetcher follows,
 * where rows taken a block at a time alternate between the planes in
 * short bursts (measured in docs/design.md, "Stages"). */
static void
walk_chroma_by_plane (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  guint c, row;

  for (c = 1; c < 3; c++)
    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      pc_stages_chroma_plane_row (&plan->stages, plan->dsp, in, out, c, row,
          interlaced, &scratch->stage_rows);
}

/* Everything the kernels do not cover: co-sited rows, interlaced fields,
 * re-sited chroma, YUV matrix changes; chroma comes from the siting's
 * taps through the stages (stages.c).  Where luma and chroma read the
 * same input rows, the luma rows of each chroma row are made just before
 * it, so those rows come from memory once; a luma plane read alone is
 * copied or made in one go, then the chroma rows.  Chroma row j reads
 * input rows up to 2j + 2, outside the band at its end: the input is
 * only read, so bands stay independent. */
void
pc_walk_general (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  gboolean luma_first = luma_copied_bytes (plan) > 0 || luma_alone (plan);
  guint prefetched = luma_first ? 1 : 0;
  gboolean prefetch = plan->prefetch && prefetch_pays (plan, in);
  guint luma = band->first_row, row;

  pc_stage_rows_forget (&scratch->stage_rows);
  if (luma_first) {
    walk_luma (plan, in, out, luma, band->end_row, scratch);
    luma = band->end_row;
    /* by plane only after a copy: after luma rows made, the interlaced
     * 10-bit output of deep input left working rows unwritten there
     * (memcheck, the deep suite); and not of split chroma, whose rows
     * are split once for both planes */
    if (plan->stages.chroma_by_plane && luma_copied_bytes (plan) > 0 &&
        plan->stages.read == PC_STAGE_READ_FRAME) {
      walk_chroma_by_plane (plan, in, out, band, scratch);
      return;
    }
  }
  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    guint upto = MIN (band->end_row, 2 * row + 2);

    if (prefetch)
      pc_walk_prefetch_block (plan, in, row + 1, prefetched);

    if (plan->yuv_matrix_change && luma == 2 * row &&
        upto == luma + 2 && pc_stages_block_row (&plan->stages, plan->dsp, in,
            out, row, &scratch->stage_rows)) {
      luma = upto;
      continue;
    }
    walk_luma (plan, in, out, luma, upto, scratch);
    luma = MAX (luma, upto);
    pc_stages_chroma_row (&plan->stages, plan->dsp, in, out, row, interlaced,
        &scratch->stage_rows);
  }
  walk_luma (plan, in, out, luma, band->end_row, scratch);
}
