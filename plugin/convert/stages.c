/* pooledconvert
 * The general conversion path as stages over rows; see stages.h and the
 * "Stages" section of docs/design.md.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "convert/stages.h"

/* What the stages read of @in: its own rows, or, for 10-bit samples in
 * 32-bit words, the rows of a planar format of the same samples that the
 * unpack kernels make; returns the format the stages see.  Packed 8-bit
 * YUV is read as it is until pc_stages_set_output () knows whether its
 * chroma can be read unpacked. */
static const GstVideoFormatInfo *
choose_read (PcStages * stages, const GstVideoInfo * in,
    const PcFormatEntry * entry)
{
  const GstVideoFormatInfo *finfo;
  guint c;

  switch (entry->layout) {
    case PC_LAYOUT_WORDS_444:
      stages->read = PC_STAGE_READ_WORDS_444;
      finfo = gst_video_format_get_info (GST_VIDEO_FORMAT_GBR_10LE);
      for (c = 0; c < 3; c++)
        stages->word_shift[GST_VIDEO_FORMAT_INFO_PLANE (finfo, c)] =
            entry->channels[c];
      return finfo;
    case PC_LAYOUT_V210:
      stages->read = PC_STAGE_READ_V210;
      return gst_video_format_get_info (GST_VIDEO_FORMAT_I422_10LE);
    case PC_LAYOUT_PACKED_422:
    case PC_LAYOUT_PACKED_444:
      stages->uv_read = PC_STAGE_READ_PACKED_UV;
      stages->uv_planar = gst_video_format_get_info (entry->layout ==
          PC_LAYOUT_PACKED_422 ? GST_VIDEO_FORMAT_Y42B : GST_VIDEO_FORMAT_Y444);
      stages->uv_bytes[0] = entry->channels[1];
      stages->uv_bytes[1] = entry->channels[2];
      stages->read = PC_STAGE_READ_FRAME;
      return in->finfo;
    case PC_LAYOUT_SEMI_PLANAR_420:
    case PC_LAYOUT_SEMI_PLANAR_422:
    case PC_LAYOUT_SEMI_PLANAR_444:
    case PC_LAYOUT_SEMI_PLANAR_420_16:
      stages->uv_read = PC_STAGE_READ_SPLIT_UV;
      stages->uv_planar = gst_video_format_get_info (entry->layout ==
          PC_LAYOUT_SEMI_PLANAR_420 ? GST_VIDEO_FORMAT_I420 : entry->layout ==
          PC_LAYOUT_SEMI_PLANAR_422 ? GST_VIDEO_FORMAT_Y42B : entry->layout ==
          PC_LAYOUT_SEMI_PLANAR_444 ? GST_VIDEO_FORMAT_Y444 :
          GST_VIDEO_FORMAT_I420_10LE);
      stages->uv_bytes[0] = entry->channels[1];
      stages->uv_bytes[1] = entry->channels[2];
      stages->read = PC_STAGE_READ_FRAME;
      return in->finfo;
    default:
      stages->read = PC_STAGE_READ_FRAME;
      return in->finfo;
  }
}

/* The column taps of stages->columns and after (stages.h), from the
 * sitings and widths. */
static void
column_taps_init (PcStages * stages)
{
  const PcSiting *siting = &stages->siting;
  guint n = stages->out_chroma_width;
  guint first = siting->h_cosited ? 1 : 0;
  guint end = stages->width / 2;
  guint i;

  stages->filter_first = first;
  stages->filter_end = end;
  pc_siting_column_taps (NULL, siting, stages->width, 0, &stages->columns);
  pc_siting_column_taps (&stages->in_siting, siting, n, 0,
      &stages->chroma_columns);
  /* re-sited across columns and centred: columns 0 .. n - 2 from the
   * pairs right of them; else 1 .. n - 1 from the pairs left of them */
  stages->resite_interior = stages->chroma_columns.n > 1 &&
      !siting->h_cosited ? 0 : 1;
  stages->resite_edge = stages->resite_interior ? 0 : n - 1;
  pc_siting_column_taps (&stages->in_siting, siting, n,
      MIN (stages->resite_interior, n - 1), &stages->resite_interior_taps);
  pc_siting_column_taps (&stages->in_siting, siting, n, stages->resite_edge,
      &stages->resite_edge_taps);
  /* what stage_taps_cosited or stage_taps_box leave: columns before
   * @first and from @end (or all of them when the kernels make none) */
  stages->n_edge_columns = 0;
  for (i = 0; i < n; i++) {
    if (i == first && first < end)
      i = end;
    if (i >= n)
      break;
    g_assert (stages->n_edge_columns < G_N_ELEMENTS (stages->edge_column));
    stages->edge_column[stages->n_edge_columns] = i;
    pc_siting_column_taps (NULL, siting, stages->width, i,
        &stages->edge_column_taps[stages->n_edge_columns++]);
  }
}

/* What depends on the planes the stages read (stages->finfo, read): where
 * each component lies, and which fused kernels its rows can take. */
static void
layout_init (PcStages * stages)
{
  const GstVideoFormatInfo *finfo = stages->finfo;
  const PcMatrix3 *matrix = &stages->matrix;
  guint c;

  memset (stages->plane_samples, 0, sizeof (stages->plane_samples));
  for (c = 0; c < 3; c++) {
    guint plane = GST_VIDEO_FORMAT_INFO_PLANE (finfo, c);
    guint samples = GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, c,
        stages->width);
    guint k;

    stages->stride[c] = GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c) /
        stages->sample_bytes;
    stages->offset[c] = GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c);
    if (stages->sample_bytes > 1) {
      /* in words; GStreamer 1.22 gives the V of P010_10LE and P012_LE an
       * offset of one byte, inside U's word: an offset off a word counts
       * the components before it in the plane, as interleaved 4:2:0
       * chroma has them */
      stages->offset[c] /= 2;
      if (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c) % 2 != 0) {
        stages->offset[c] = 0;
        for (k = 0; k < c; k++)
          stages->offset[c] += GST_VIDEO_FORMAT_INFO_PLANE (finfo, k) == plane;
      }
    }
    stages->plane_samples[plane] = MAX (stages->plane_samples[plane],
        stages->offset[c] + (samples - 1) * stages->stride[c] + 1);
  }
  /* both chroma components laid out alike, as every YUV format has
   * them */
  stages->direct_luma = stages->stride[1] == stages->stride[2] &&
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) ==
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 2);
  stages->block_matrix = stages->direct_luma && stages->sample_bytes == 1 &&
      stages->read == PC_STAGE_READ_FRAME && stages->stride[0] == 1 &&
      stages->stride[1] <= 2 && GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) == 1;
  stages->luma_steps = stages->block_matrix &&
      matrix->m[0][0] == 1 << PC_MATRIX_Q;
  stages->direct_chroma = stages->direct_luma && !stages->keeps_values &&
      !stages->chroma_reads_first &&
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) == 1;
  for (c = 0; c < 3; c++)
    stages->sample_bias[c] = matrix->offset[c] * (1 << stages->depth_shift) +
        (1 << (PC_MATRIX_Q + stages->depth_shift - 1));
  stages->chroma_by_plane = stages->keeps_values &&
      (stages->read == PC_STAGE_READ_FRAME ||
      stages->read == PC_STAGE_READ_PACKED_UV ||
      stages->read == PC_STAGE_READ_SPLIT_UV) && stages->stride[1] == 1 &&
      stages->stride[2] == 1 && GST_VIDEO_FORMAT_INFO_PLANE (finfo, 1) !=
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 2);
  stages->resites_bytes = stages->chroma_by_plane &&
      stages->sample_bytes == 1 && GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1
      && GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) <= 1;
  stages->resites_words = stages->chroma_by_plane &&
      stages->sample_bytes == 2 && stages->read == PC_STAGE_READ_FRAME &&
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) <= 1;
  stages->resites_pairs = stages->chroma_by_plane &&
      stages->read == PC_STAGE_READ_SPLIT_UV &&
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) <= 1;
  stages->folds_bytes = stages->chroma_by_plane &&
      stages->sample_bytes == 1 && GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 0
      && GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) == 0;
  stages->fuses_matrix = !stages->keeps_values &&
      !stages->chroma_reads_first && stages->read == PC_STAGE_READ_FRAME &&
      stages->stride[2] == stages->stride[1] &&
      (GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 0 ?
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) == 0 :
      GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) <= 1);
  if (stages->stride[1] == 1)
    stages->fuses_matrix &= GST_VIDEO_FORMAT_INFO_PLANE (finfo, 1) !=
        GST_VIDEO_FORMAT_INFO_PLANE (finfo, 2);
  else
    /* the U and V of 4-byte 4:4:4 pixels (AYUV, VUYA) */
    stages->fuses_matrix &= stages->stride[1] == 4 &&
        GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 0 &&
        GST_VIDEO_FORMAT_INFO_PLANE (finfo, 1) ==
        GST_VIDEO_FORMAT_INFO_PLANE (finfo, 2);
  /* of 16-bit samples, planar 4:4:4 alone (stage_fold_matrix16) */
  if (stages->sample_bytes > 1)
    stages->fuses_matrix &= stages->stride[1] == 1 &&
        GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) == 0;
}

void
pc_stages_init (PcStages * stages, const GstVideoInfo * in,
    const PcFormatEntry * entry, const PcSiting * in_siting,
    const PcSiting * siting, const PcMatrix3 * matrix)
{
  const GstVideoFormatInfo *finfo;
  guint depth;

  stages->uv_planar = NULL;
  finfo = choose_read (stages, in, entry);
  depth = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0);
  stages->finfo = finfo;
  stages->width = GST_VIDEO_INFO_WIDTH (in);
  stages->height = GST_VIDEO_INFO_HEIGHT (in);
  stages->in_chroma_height = GST_VIDEO_INFO_COMP_HEIGHT (in, 1);
  stages->out_chroma_width = (stages->width + 1) / 2;
  stages->siting = *siting;
  stages->in_siting = *in_siting;
  stages->matrix = *matrix;
  stages->chroma_reads_first = matrix->m[1][0] != 0 || matrix->m[2][0] != 0;
  stages->keeps_values = pc_matrix3_is_identity (matrix);
  stages->sample_bytes = depth > 8 ? 2 : 1;
  /* 12 and 16 bits are read as 10: the working rows' sums must fit 16
   * bits, and the dropped bits move no result by a whole 8-bit code */
  stages->read_shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, 0) +
      (depth > 10 ? depth - 10 : 0);
  stages->depth_shift = MIN (depth, 10) - 8;
  layout_init (stages);
  column_taps_init (stages);
}

void
pc_stages_set_output (PcStages * stages, GstVideoFormat out_format,
    gboolean dither)
{
  const GstVideoFormatInfo *out = gst_video_format_get_info (out_format);
  gboolean identity_luma, reads_packed_uv;
  guint c;

  stages->out_drop = stages->out_shift = 0;
  stages->dither = dither;
  if (GST_VIDEO_FORMAT_INFO_DEPTH (out, 0) > 8) {
    stages->out_drop = 2;
    stages->out_shift = GST_VIDEO_FORMAT_INFO_SHIFT (out, 0);
  }
  /* packed 4:2:2 into I420 has both chroma rows made in one pass over
   * its packed rows, which measured faster than unpacking them first:
   * columns taken as they sit through stage_matrix_packed_uv below (the
   * identity), re-sited through stage_resite_packed_uv */
  reads_packed_uv = stages->uv_planar != NULL &&
      stages->uv_read == PC_STAGE_READ_PACKED_UV &&
      GST_VIDEO_FORMAT_INFO_W_SUB (stages->finfo, 1) == 1 &&
      out_format == GST_VIDEO_FORMAT_I420 && !dither;
  /* packed and semi-planar YUV's chroma only filtered into bytes: each
   * row's U and V unpacked once, then the fused kernels of planar chroma
   * (the luma takes the format's own kernels or is copied: no dither nor
   * 10-bit word reads it here) */
  if (stages->uv_planar != NULL && stages->keeps_values &&
      stages->out_drop == 0 && !dither && !reads_packed_uv) {
    stages->read = stages->uv_read;
    stages->finfo = stages->uv_planar;
    if (stages->read == PC_STAGE_READ_SPLIT_UV && stages->sample_bytes == 2) {
      /* 16-bit pairs (P010_10LE, P012_LE, P016_LE): each U and V split
       * as the 10 bits the stages read of them (the 32-bit word's field),
       * and those read as they are */
      for (c = 1; c < 3; c++)
        stages->word_shift[c] = 16 * stages->uv_bytes[c - 1] +
            stages->read_shift;
      stages->read_shift = 0;
    }
    layout_init (stages);
  }
  identity_luma = stages->matrix.m[0][0] == 1 << PC_MATRIX_Q &&
      stages->matrix.m[0][1] == 0 && stages->matrix.m[0][2] == 0 &&
      stages->matrix.offset[0] == 0;
  stages->luma_keeps_10 = stages->out_drop > 0 && identity_luma &&
      stages->sample_bytes == 2;
  stages->luma_widens_10 = stages->out_drop > 0 && identity_luma &&
      stages->sample_bytes == 1 && stages->stride[0] <= 4;
  /* the fused matrix kernels round by the half into bytes: 10-bit rows
   * and dithered ones take the working rows and their own roundings */
  if (stages->out_drop > 0 || stages->dither)
    stages->direct_luma = stages->block_matrix = stages->luma_steps =
        stages->direct_chroma =
        stages->resites_bytes = stages->resites_words = stages->resites_pairs =
        stages->folds_bytes = FALSE;
  stages->packs_uv_matrix = out_format == GST_VIDEO_FORMAT_I420 && !dither &&
      !stages->chroma_reads_first &&
      stages->read == PC_STAGE_READ_FRAME && stages->sample_bytes == 1 &&
      stages->stride[1] == 4 && stages->stride[2] == 4 &&
      GST_VIDEO_FORMAT_INFO_PLANE (stages->finfo, 1) == 0 &&
      GST_VIDEO_FORMAT_INFO_PLANE (stages->finfo, 2) == 0 &&
      GST_VIDEO_FORMAT_INFO_W_SUB (stages->finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1) == 0 &&
      stages->chroma_columns.n == 1;
  stages->resites_packed_uv = reads_packed_uv && stages->keeps_values &&
      stages->chroma_columns.n > 1;
  stages->block_fold16 = stages->fuses_matrix && stages->sample_bytes == 2 &&
      GST_VIDEO_FORMAT_INFO_W_SUB (stages->finfo, 1) == 0 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1) == 0 &&
      stages->out_drop == 0 && !dither && !stages->siting.v_cosited;
  stages->block_matrix16 = stages->direct_luma && stages->sample_bytes == 2 &&
      !stages->keeps_values && !stages->chroma_reads_first &&
      stages->read == PC_STAGE_READ_FRAME && stages->stride[0] == 1 &&
      GST_VIDEO_FORMAT_INFO_W_SUB (stages->finfo, 1) == 1 &&
      GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1) <= 1 &&
      stages->matrix.m[0][0] == 1 << PC_MATRIX_Q &&
      stages->chroma_columns.n == 1 &&
      (stages->stride[1] == 1 ? GST_VIDEO_FORMAT_INFO_PLANE (stages->finfo,
          1) != GST_VIDEO_FORMAT_INFO_PLANE (stages->finfo, 2) :
      stages->stride[1] == 2);
}

/* The row of the 4x4 ordered dither matrix for output row @row (each
 * entry's threshold is (2 entry + 1) / 32): by the row in its field when
 * @interlaced, so that each field gets every row of the matrix and keeps
 * its own mean. */
static const guint8 *
dither_pattern (guint row, gboolean interlaced)
{
  static const guint8 bayer[4][4] = {
    {0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5},
  };

  return bayer[(interlaced ? row >> 1 : row) & 3];
}

/* Where weigh_pixels () puts each component's sums in the working row:
 * whole 32-byte blocks apart, so that each starts as aligned as the row
 * (the ORC column taps read 4-byte elements, and fault off them). */
static inline gsize
pixel_sums_pitch (const PcStages * stages)
{
  return GST_ROUND_UP_16 ((gsize) stages->width);
}

void
pc_stage_rows_init (PcStageRows * rows, const PcStages * stages)
{
  guint bytes = 0, p, c;

  for (p = 0; p < GST_VIDEO_MAX_PLANES; p++)
    bytes = MAX (bytes, stages->plane_samples[p]);
  /* or three rows of a component each, for weigh_pixels () */
  bytes = MAX (bytes, 3 * pixel_sums_pitch (stages));
  rows->bytes = g_new (gint16, bytes);
  rows->split = g_new (gint16, stages->width);
  for (c = 0; c < 3; c++)
    rows->sums[c] = g_new (gint16, stages->width);
  rows->unpacked = NULL;
  rows->steps = NULL;
  if (stages->luma_steps) {
    rows->steps = g_new0 (PcStageSteps, 1);
    for (p = 0; p < 2; p++) {
      rows->steps->up[p] = g_malloc (stages->width);
      rows->steps->down[p] = g_malloc (stages->width);
    }
  }
  if (stages->read != PC_STAGE_READ_FRAME) {
    guint slot;

    rows->unpacked = g_new0 (PcStageUnpacked, 1);
    for (slot = 0; slot < PC_STAGE_UNPACKED_ROWS; slot++)
      for (p = 0; p < 3; p++)
        rows->unpacked->planes[slot][p] = g_malloc (2 * (gsize)
            stages->plane_samples[p]);
    pc_stage_rows_forget (rows);
  }
}

void
pc_stage_rows_forget (const PcStageRows * rows)
{
  guint slot;

  if (rows->steps != NULL)
    rows->steps->held[0] = rows->steps->held[1] = G_MAXUINT;
  if (rows->unpacked == NULL)
    return;
  for (slot = 0; slot < PC_STAGE_UNPACKED_ROWS; slot++)
    rows->unpacked->held[slot] = G_MAXUINT;
}

void
pc_stage_rows_clear (PcStageRows * rows)
{
  guint c;

  g_clear_pointer (&rows->bytes, g_free);
  g_clear_pointer (&rows->split, g_free);
  for (c = 0; c < 3; c++)
    g_clear_pointer (&rows->sums[c], g_free);
  if (rows->unpacked != NULL) {
    guint slot;

    for (slot = 0; slot < PC_STAGE_UNPACKED_ROWS; slot++)
      for (c = 0; c < 3; c++)
        g_free (rows->unpacked->planes[slot][c]);
    g_clear_pointer (&rows->unpacked, g_free);
  }
  if (rows->steps != NULL) {
    for (c = 0; c < 2; c++) {
      g_free (rows->steps->up[c]);
      g_free (rows->steps->down[c]);
    }
    g_clear_pointer (&rows->steps, g_free);
  }
}

/* Frame row @row of @frame (for split chroma, row @row of its chroma
 * plane) unpacked into its slot of @rows, unless the slot holds it: the
 * planes of the unpacked format. */
static guint8 *const *
unpacked_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * frame, const PcStageRows * rows, guint row)
{
  PcStageUnpacked *unpacked = rows->unpacked;
  guint slot = row % PC_STAGE_UNPACKED_ROWS, p;
  guint8 *const *planes = unpacked->planes[slot];
  const guint8 *s;

  if (unpacked->held[slot] == row)
    return planes;
  s = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, 0) +
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0) * (gsize) row;
  if (stages->read == PC_STAGE_READ_PACKED_UV) {
    dsp->unpack.unpack_packed_uv (planes[1], planes[2], s,
        stages->uv_bytes[0], stages->uv_bytes[1], stages->plane_samples[1]);
  } else if (stages->read == PC_STAGE_READ_SPLIT_UV) {
    /* the row of the chroma plane, V first in NV21 and NV61 */
    s = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, 1) +
        GST_VIDEO_FRAME_PLANE_STRIDE (frame, 1) * (gsize) row;
    if (stages->sample_bytes == 2)
      for (p = 1; p < 3; p++)
        dsp->unpack.unpack_word_field (planes[p], s, stages->word_shift[p],
            stages->plane_samples[1]);
    else {
      /* ORC reads the pairs as aligned 2-byte elements: a misaligned row
       * is copied to the slot's luma plane, which split chroma leaves
       * unused (2 samples a column, as the pairs) */
      if (dsp->needs_aligned_sources && ((guintptr) s & 1) != 0) {
        memcpy (planes[0], s, 2 * (gsize) stages->plane_samples[1]);
        s = planes[0];
      }
      dsp->semi_planar.uv_deinterleave (planes[stages->uv_bytes[0] == 0 ? 1 :
              2], planes[stages->uv_bytes[0] == 0 ? 2 : 1], s,
          stages->plane_samples[1]);
    }
  } else if (stages->read == PC_STAGE_READ_WORDS_444) {
    for (p = 0; p < 3; p++)
      dsp->unpack.unpack_word_field (planes[p], s, stages->word_shift[p],
          stages->width);
  } else {
    dsp->unpack.unpack_v210_y (planes[0], s, stages->width);
    dsp->unpack.unpack_v210_uv (planes[1], planes[2], s,
        stages->out_chroma_width);
  }
  unpacked->held[slot] = row;
  return planes;
}

/* The first sample of row @row of @plane (of stages->finfo's format): the
 * frame's, or the row unpacked. */
static const guint8 *
input_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * frame, const PcStageRows * rows, guint plane,
    guint row)
{
  /* (split chroma's luma plane is the frame's) */
  if (stages->read != PC_STAGE_READ_FRAME &&
      !(stages->read == PC_STAGE_READ_SPLIT_UV && plane == 0))
    return unpacked_row (stages, dsp, frame, rows, row)[plane];
  return (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane) * (gsize) row;
}

/* The source rows of the first stage: @n rows of @plane (frame rows
 * @index), starting @skip bytes in, into @s, their weights @weight times
 * 2^@scale into @w (0 past @n). */
static void
source_rows (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * frame, const PcStageRows * rows, guint plane,
    gsize skip, const guint * index, const guint * weight, guint n,
    guint scale, const guint8 * s[3], int w[3])
{
  guint a;

  for (a = 0; a < 3; a++) {
    s[a] = input_row (stages, dsp, frame, rows, plane,
        index[MIN (a, n - 1)]) + skip;
    w[a] = a < n ? (int) weight[a] << scale : 0;
  }
}

/* The first stage: the samples of @n source rows of @plane (frame rows
 * @index, weights @weight times 2^@scale) summed into @d, 8-bit codes or
 * 10-bit samples as they are. */
static void
weigh_rows (const PcStages * stages, const PcDsp * dsp, gint16 * d,
    const GstVideoFrame * frame, const PcStageRows * rows, guint plane,
    const guint * index, const guint * weight, guint n, guint scale)
{
  const guint8 *s[3];
  int w[3];

  source_rows (stages, dsp, frame, rows, plane, 0, index, weight, n, scale, s,
      w);
  if (stages->sample_bytes > 1)
    dsp->stage.stage_rows16 (d, s, w, stages->read_shift,
        stages->plane_samples[plane]);
  else
    dsp->stage.stage_rows (d, s, w, stages->plane_samples[plane]);
}

/* The first stage for component @c that shares its plane: every
 * stride-th sample of @n source rows (frame rows @index, weights @weight
 * times 2^@scale) summed into @d, @count samples; bytes, or 16-bit words
 * read as weigh_rows reads them. */
static void
weigh_component (const PcStages * stages, const PcDsp * dsp, gint16 * d,
    const GstVideoFrame * frame, const PcStageRows * rows, guint c,
    const guint * index, const guint * weight, guint n, guint scale,
    guint count)
{
  const guint8 *s[3];
  int w[3];

  source_rows (stages, dsp, frame, rows, GST_VIDEO_FORMAT_INFO_PLANE
      (stages->finfo, c),
      (gsize) stages->offset[c] * stages->sample_bytes, index, weight, n,
      scale, s, w);
  if (stages->sample_bytes > 1)
    dsp->stage.stage_rows16_strided (d, s, w, stages->read_shift,
        stages->stride[c], count);
  else
    dsp->stage.stage_rows_strided (d, s, w, stages->stride[c], count);
}

/* TRUE when component @c, which shares its plane, is weighed alone: the
 * rung has a vector kernel for its stride and sample size (the C twins of
 * 3-byte pixels and of 16-bit words are slower, or not measured, against
 * weighing the whole row and a pick) */
static inline gboolean
weighs_component (const PcStages * stages, const PcDsp * dsp, guint c)
{
  if (stages->sample_bytes > 1)
    return dsp->strided_rows16;
  return stages->stride[c] != 3 || dsp->strided_rows_of_3;
}

/* TRUE when chroma rows that read components @first .. @to - 1 read
 * the three bytes of one plane's 3- or 4-byte pixels at full width
 * (packed RGB in every byte order): they are weighed together, each
 * source row read once, where the rung weighs components apart */
static inline gboolean
weighs_pixels (const PcStages * stages, const PcDsp * dsp, guint first,
    guint to)
{
  const GstVideoFormatInfo *finfo = stages->finfo;
  guint plane = GST_VIDEO_FORMAT_INFO_PLANE (finfo, 0);

  return first == 0 && to == 3 && stages->sample_bytes == 1 &&
      (stages->stride[0] == 3 || stages->stride[0] == 4) &&
      stages->stride[1] == stages->stride[0] &&
      stages->stride[2] == stages->stride[0] &&
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 1) == plane &&
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, 2) == plane &&
      !GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1) &&
      !GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) &&
      weighs_component (stages, dsp, 0);
}

/* The first stage of weighs_pixels () rows: frame rows @row_taps (weights
 * times 2^@scale) of the three components into the working row, component
 * c's sums at c times pixel_sums_pitch (). */
static void
weigh_pixels (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * frame, const PcStageRows * rows,
    const PcTaps * row_taps, guint scale)
{
  gint16 *d[3];
  const guint8 *s[3];
  int w[3], offset[3];
  guint c;

  for (c = 0; c < 3; c++) {
    d[c] = rows->bytes + c * pixel_sums_pitch (stages);
    offset[c] = stages->offset[c];
  }
  source_rows (stages, dsp, frame, rows, GST_VIDEO_FORMAT_INFO_PLANE
      (stages->finfo, 0), 0, row_taps->index, row_taps->weight, row_taps->n,
      scale, s, w);
  dsp->stage.stage_rows_pixels (d, s, w, offset, stages->stride[0],
      stages->width);
}

/* TRUE when component @c is alone in its plane: its weighed row is its
 * samples, and a scale of its sums can go into the row weights. */
static inline gboolean
alone_in_plane (const PcStages * stages, guint c)
{
  return stages->stride[c] == 1;
}

/* The column taps of one full-resolution component row @s (stride 1) to
 * the output chroma columns of @d: the interior through the siting's
 * kernel, the edge columns (column 0 when co-sited, an odd last column)
 * from siting.c's taps, where edges repeat the last sample. */
static void
tap_columns (const PcStages * stages, const PcDsp * dsp, gint16 * d,
    const gint16 * s)
{
  guint first = stages->filter_first, end = stages->filter_end;
  guint e, b;

  if (first < end) {
    if (stages->siting.h_cosited)
      dsp->stage.stage_taps_cosited (d + first, s + 2 * first, end - first);
    else
      dsp->stage.stage_taps_box (d + first, s + 2 * first, end - first);
  }
  for (e = 0; e < stages->n_edge_columns; e++) {
    const PcTaps *columns = &stages->edge_column_taps[e];
    gint sum = 0;

    for (b = 0; b < columns->n; b++)
      sum += columns->weight[b] * s[columns->index[b]];
    d[stages->edge_column[e]] = sum;
  }
}

/* Subsampled chroma columns @s re-sited to the output's columns @d:
 * siting.c's taps, 1/4 and 3/4 of the two nearest columns.  The interior
 * through the pair kernel with the weights of its first column: column i
 * from columns i - 1 and i when the output is co-sited (column 0 is the
 * edge), from i and i + 1 when it is centred (the last is); the edge
 * column, which repeats the last sample, from its own taps. */
static void
resite_columns (const PcStages * stages, const PcDsp * dsp, gint16 * d,
    const gint16 * s)
{
  const PcTaps *interior = &stages->resite_interior_taps;
  const PcTaps *edge = &stages->resite_edge_taps;
  guint n = stages->out_chroma_width, b;
  gint sum = 0;

  if (n > 1)
    dsp->stage.stage_taps_pair (d + stages->resite_interior, s + 1,
        interior->weight[0], interior->weight[1], n - 1);
  for (b = 0; b < edge->n; b++)
    sum += edge->weight[b] * s[edge->index[b]];
  d[stages->resite_edge] = sum;
}

/* The last stage of chroma component @c (1 or 2): through the matrix, or
 * only rounded when the matrix keeps the values.  @shift counts the
 * weights and the bits past 8 of the samples (log2 of the units of one
 * 8-bit code in the sums).  The largest sum is 2^5 x 1023 = 32736 (10-bit
 * chroma re-sited across the rows of a field, eighths, and across
 * columns, quarters), inside 16 bits; the matrix rows that
 * pc_matrix3_init makes have |m0| + |m1| + |m2| <= 25248 and offsets of at
 * most 2^21 (BT.601, 709, 2020, 240M, either range), so the accumulator
 * stays below 25248 x 32736 + 2^21 x 2^7 + 2^20 < 1.1 x 2^30, inside 32
 * bits. */
static void
finish_chroma (const PcStages * stages, const PcDsp * dsp, guint8 * d,
    const PcStageRows * rows, guint c, guint shift, guint row,
    gboolean interlaced)
{
  const PcMatrix3 *m = &stages->matrix;
  guint shift_all = PC_MATRIX_Q + shift - stages->out_drop;
  const gint16 *first = rows->sums[stages->chroma_reads_first ? 0 : c];
  gint bias = m->offset[c] * (1 << shift) + (1 << (shift_all - 1));
  guint n = stages->out_chroma_width;

  if (stages->out_drop > 0) {
    /* 8-bit sums of one sample hold fewer units than a 10-bit code: the
     * matrix's fractional bits scale them */
    if (stages->keeps_values && shift >= stages->out_drop)
      dsp->stage.stage_round_10 (d, rows->sums[c], shift - stages->out_drop,
          stages->out_shift, n);
    else
      dsp->stage.stage_matrix_10 (d, first, rows->sums[1], rows->sums[2],
          m->m[c][0], m->m[c][1], m->m[c][2], bias, shift_all,
          stages->out_shift, n);
    return;
  }
  if (stages->dither) {
    if (stages->keeps_values)
      dsp->stage.stage_round_dither (d, rows->sums[c], shift,
          dither_pattern (row, interlaced), n);
    else
      dsp->stage.stage_matrix_dither (d, first, rows->sums[1], rows->sums[2],
          m->m[c][0], m->m[c][1], m->m[c][2], m->offset[c] * (1 << shift),
          shift_all, dither_pattern (row, interlaced), n);
    return;
  }
  if (stages->keeps_values) {
    dsp->stage.stage_round (d, rows->sums[c], shift, n);
    return;
  }
  /* without chroma_reads_first m[c][0] is 0: any row does for the first */
  dsp->stage.stage_matrix (d, first, rows->sums[1], rows->sums[2], m->m[c][0],
      m->m[c][1], m->m[c][2], bias, shift_all, n);
}

/* The last stage of both chroma components as NV12's pairs, through the
 * matrix (pc_stages_makes_pairs () says when): finish_chroma's roundings
 * of 8-bit output, one pass. */
static void
finish_chroma_pairs (const PcStages * stages, const PcDsp * dsp, guint8 * d,
    const PcStageRows * rows, guint shift)
{
  const PcMatrix3 *m = &stages->matrix;
  guint shift_all = PC_MATRIX_Q + shift;
  gint half = 1 << (shift_all - 1);

  dsp->stage.stage_matrix_pairs (d, rows->sums[stages->chroma_reads_first ?
          0 : 1], rows->sums[1], rows->sums[2], m->m[1][0], m->m[1][1],
      m->m[1][2], m->offset[1] * (1 << shift) + half, m->m[2][0], m->m[2][1],
      m->m[2][2], m->offset[2] * (1 << shift) + half, shift_all,
      stages->out_chroma_width);
}

gboolean
pc_stages_makes_pairs (const PcStages * stages)
{
  return !stages->keeps_values && stages->out_drop == 0 && !stages->dither &&
      !stages->direct_chroma && !stages->resites_bytes &&
      !stages->folds_bytes && !stages->chroma_by_plane;
}

/* The taps of one output chroma row: over frame rows and columns for
 * full-resolution components, over input chroma rows and columns for
 * subsampled ones (re-siting them, or taking them as they sit). */
typedef struct
{
  PcTaps frame_rows;
  PcTaps chroma_rows;
  PcTaps columns;
  PcTaps chroma_columns;
} RowTaps;

/* log2 of the sum of the weights component @c of @finfo gets */
static guint
component_shift (const GstVideoFormatInfo * finfo, guint c,
    const RowTaps * taps)
{
  return (GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c) ? taps->chroma_rows.shift :
      taps->frame_rows.shift) + (GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c) ?
      taps->chroma_columns.shift : taps->columns.shift);
}

/* Component @c's first sample in frame row @row of @frame. */
static const guint8 *
component_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * frame, const PcStageRows * rows, guint c, guint row)
{
  return input_row (stages, dsp, frame, rows, GST_VIDEO_FORMAT_INFO_PLANE
      (stages->finfo, c), row) + stages->offset[c] * stages->sample_bytes;
}

/* Output row @d through matrix row @r straight from the samples of @y,
 * @u and @v (stage_matrix_bytes or _words), @n outputs; @y is read with
 * @luma_stride and @sub, @u and @v with the chroma stride. */
static void
matrix_samples (const PcStages * stages, const PcDsp * dsp, guint8 * d,
    guint r, const guint8 * y, const guint8 * u, const guint8 * v,
    guint luma_stride, guint sub, guint n)
{
  const gint *m = stages->matrix.m[r];
  guint depth = stages->depth_shift;

  if (stages->sample_bytes > 1)
    dsp->stage.stage_matrix_words (d, y, u, v, luma_stride, stages->stride[1],
        sub, stages->read_shift, m[0], m[1], m[2], stages->sample_bias[r],
        PC_MATRIX_Q + depth, n);
  else
    dsp->stage.stage_matrix_bytes (d, y, u, v, luma_stride, stages->stride[1],
        sub, m[0], m[1], m[2], stages->sample_bias[r], PC_MATRIX_Q, n);
}

/* The steps of input chroma row @chroma_row, made unless its slot holds
 * them; returns the slot. */
static guint
chroma_steps (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, const PcStageRows * rows, guint chroma_row)
{
  PcStageSteps *steps = rows->steps;
  guint slot = chroma_row & 1;
  const gint *m = stages->matrix.m[0];

  if (steps->held[slot] != chroma_row) {
    dsp->stage.stage_chroma_steps (steps->up[slot], steps->down[slot],
        component_row (stages, dsp, in, rows, 1, chroma_row),
        component_row (stages, dsp, in, rows, 2, chroma_row),
        stages->stride[1], m[1], m[2], stages->sample_bias[0], PC_MATRIX_Q,
        stages->width);
    steps->held[slot] = chroma_row;
  }
  return slot;
}

/* Both output chroma rows @row from input chroma row @in_row, where
 * stages->direct_chroma says so and the row taps keep the row: m0 is 0,
 * so the kernel's luma source is any row it may read (U's). */
static void
direct_chroma_rows (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    guint row, guint in_row)
{
  const guint8 *u = component_row (stages, dsp, in, rows, 1, in_row);
  const guint8 *v = component_row (stages, dsp, in, rows, 2, in_row);
  guint c;

  for (c = 1; c < 3; c++)
    matrix_samples (stages, dsp, (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out,
            c) + (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, c), c, u,
        u, v, stages->stride[1], 0, stages->out_chroma_width);
}

/* The sum of one edge column of a fused chroma row: siting.c's @columns
 * taps over rows @s (samples @stride samples apart, bytes or, with
 * @words, 16-bit words read as stage_rows16 reads them; weights @w,
 * @n_rows of them). */
static gint
edge_sum_of (const guint8 * const s[3], guint stride, gboolean words,
    guint read_shift, const int w[3], guint n_rows, const PcTaps * columns)
{
  gint sum = 0;
  guint a, b;

  for (a = 0; a < n_rows; a++)
    for (b = 0; b < columns->n; b++) {
      guint k = stride * columns->index[b];
      /* a word of a frame's row need not be aligned: read byte by byte */
      const guint8 *word = s[a] + 2 * k;
      gint sample = words ? MIN ((word[0] | word[1] << 8) >> read_shift,
          1023) : s[a][k];

      sum += w[a] * columns->weight[b] * sample;
    }
  return sum;
}

/* edge_sum_of () of bytes */
static gint
edge_sum (const guint8 * const s[3], guint stride, const int w[3],
    guint n_rows, const PcTaps * columns)
{
  return edge_sum_of (s, stride, FALSE, 0, w, n_rows, columns);
}

/* A sum rounded once by @shift into a byte, as the fused kernels round
 * (stage_resite_bytes, stage_fold_bytes, stage_resite_packed_uv,
 * stage_resite_pairs). */
static guint8
rounded_byte (gint sum, guint shift)
{
  return MIN ((sum + (1 << (shift - 1))) >> shift, 255);
}

/* edge_sum () as a byte */
static guint8
edge_column (const guint8 * const s[3], guint stride, const int w[3],
    guint n_rows, const PcTaps * columns, guint shift)
{
  return rounded_byte (edge_sum (s, stride, w, n_rows, columns), shift);
}

/* Chroma row @row of component @c of 4:2:0 or 4:2:2 input re-sited
 * (stages->resites_bytes, _words): the row taps (over input chroma rows,
 * or frame rows for 4:2:2), the column pair and the one rounding (@shift,
 * the taps' before the samples' depth) in one kernel (stage_resite_bytes,
 * or _words for 16-bit samples).  The kernel makes columns 1 .. n - 1
 * from the pairs left of them, or, for centred output re-sited across
 * columns, 0 .. n - 2 from the pairs right of them; the other column, at
 * the edge where the last sample repeats, takes siting.c's taps here. */
static void
resite_plane_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    guint c, const RowTaps * taps, guint shift, guint row)
{
  const PcTaps *row_taps = GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, c) ?
      &taps->chroma_rows : &taps->frame_rows;
  const PcTaps *interior = &stages->resite_interior_taps;
  guint n = stages->out_chroma_width, bytes = stages->sample_bytes;
  gboolean words = bytes > 1;
  guint8 *d = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) +
      GST_VIDEO_FRAME_COMP_STRIDE (out, c) * (gsize) row;
  const guint8 *s[3];
  int w[3];

  shift += stages->depth_shift;
  source_rows (stages, dsp, in, rows, GST_VIDEO_FORMAT_INFO_PLANE
      (stages->finfo, c), (gsize) stages->offset[c] * bytes, row_taps->index,
      row_taps->weight, row_taps->n, 0, s, w);
  if (n > 1) {
    const guint8 *interior_rows[3] = { s[0] + bytes, s[1] + bytes,
      s[2] + bytes
    };
    int left = interior->n > 1 ? interior->weight[0] : 0;
    int here = interior->weight[interior->n - 1];

    if (words)
      dsp->stage.stage_resite_words (d + stages->resite_interior,
          interior_rows, w, stages->read_shift, left, here, shift, n - 1);
    else
      dsp->stage.stage_resite_bytes (d + stages->resite_interior,
          interior_rows, w, left, here, shift, n - 1);
  }
  d[stages->resite_edge] = rounded_byte (edge_sum_of (s, 1, words,
          stages->read_shift, w, row_taps->n, &stages->resite_edge_taps),
      shift);
}

/* Row @row of component @c of @out */
static guint8 *
out_component_row (GstVideoFrame * out, guint c, guint row)
{
  gsize offset = (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, c);

  return (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) + offset;
}

/* Both chroma rows @row of semi-planar input re-sited into 8-bit planes
 * (stages->resites_pairs), as resite_plane_row () makes each of 8-bit
 * split planes, straight from the frame's pairs in one kernel
 * (stage_resite_pairs, or _pairs16 for 16-bit pairs, each word read as
 * its split read it).  @shift: the taps', before the samples' depth. */
static void
resite_pairs_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const RowTaps * taps,
    guint shift, guint row)
{
  gboolean words = stages->sample_bytes == 2;
  /* the split's read shift of 16-bit pairs, less the word's place */
  guint read_shift = words ? stages->word_shift[1] -
      16 * stages->uv_bytes[0] : 0;
  guint pair = 2 * stages->sample_bytes;
  const PcTaps *row_taps = GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1) ?
      &taps->chroma_rows : &taps->frame_rows;
  const PcTaps *interior = &stages->resite_interior_taps;
  const guint8 *plane = GST_VIDEO_FRAME_PLANE_DATA (in, 1);
  guint n = stages->out_chroma_width, c, a;
  guint8 *d[3];
  const guint8 *s[3];
  int w[3];

  shift += stages->depth_shift;
  for (c = 1; c < 3; c++)
    d[c] = out_component_row (out, c, row);
  for (a = 0; a < 3; a++) {
    s[a] = plane + GST_VIDEO_FRAME_PLANE_STRIDE (in, 1) *
        (gsize) row_taps->index[MIN (a, row_taps->n - 1)];
    w[a] = a < row_taps->n ? (int) row_taps->weight[a] : 0;
  }
  if (n > 1) {
    const guint8 *interior_rows[3] = { s[0] + pair, s[1] + pair, s[2] + pair };
    /* the kernel's first output takes each pair's first sample: NV21's V */
    guint first = stages->uv_bytes[0] == 0 ? 1 : 2;
    guint8 *du = d[first] + stages->resite_interior;
    guint8 *dv = d[3 - first] + stages->resite_interior;
    int left = interior->n > 1 ? interior->weight[0] : 0;
    int here = interior->weight[interior->n - 1];

    if (words)
      dsp->stage.stage_resite_pairs16 (du, dv, interior_rows, w, read_shift,
          left, here, shift, n - 1);
    else
      dsp->stage.stage_resite_pairs (du, dv, interior_rows, w, left, here,
          shift, n - 1);
  }
  for (c = 1; c < 3; c++) {
    gsize at = stages->sample_bytes * stages->uv_bytes[c - 1];
    const guint8 *component[3] = { s[0] + at, s[1] + at, s[2] + at };

    d[c][stages->resite_edge] = rounded_byte (edge_sum_of (component, 2,
            words, read_shift, w, row_taps->n, &stages->resite_edge_taps),
        shift);
  }
}

/* Chroma row @row of component @c of 8-bit 4:4:4 input
 * (stages->folds_bytes): the row taps, the column box or [1 2 1] and the
 * one rounding (@shift) in one kernel over the columns the filter kernels
 * make; the edge columns, where the last sample repeats, take siting.c's
 * taps here. */
static void
fold_plane_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    guint c, const PcTaps * row_taps, guint shift, guint row)
{
  guint first = stages->filter_first, end = stages->filter_end;
  guint8 *d = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) +
      GST_VIDEO_FRAME_COMP_STRIDE (out, c) * (gsize) row;
  guint plane = GST_VIDEO_FORMAT_INFO_PLANE (stages->finfo, c);
  const guint8 *s[3];
  int w[3];
  guint e;

  source_rows (stages, dsp, in, rows, plane, stages->offset[c], row_taps->index,
      row_taps->weight, row_taps->n, 0, s, w);
  if (first < end) {
    const guint8 *interior[3] = { s[0] + 2 * first, s[1] + 2 * first,
      s[2] + 2 * first
    };

    dsp->stage.stage_fold_bytes (d + first, interior, w,
        stages->siting.h_cosited, shift, end - first);
  }
  for (e = 0; e < stages->n_edge_columns; e++)
    d[stages->edge_column[e]] = edge_column (s, 1, w, row_taps->n,
        &stages->edge_column_taps[e], shift);
}

/* The matrix rows of U and V of a fused chroma row, as finish_chroma ()
 * takes them for sums of 2^@shift units (the rounding in the offsets),
 * and the output rows @row and the source rows (@row_taps) of both
 * components. */
typedef struct
{
  int mu[3];
  int mv[3];
  guint shift;
  /* by component: 1 (U) and 2 (V) */
  guint8 *d[3];
  const guint8 *s[3][3];
  int w[3];
} FusedRow;

static void
fused_row_init (FusedRow * f, const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    const PcTaps * row_taps, guint shift, guint row)
{
  const PcMatrix3 *m = &stages->matrix;
  gint half;
  guint c;

  f->shift = PC_MATRIX_Q + shift;
  half = 1 << (f->shift - 1);
  for (c = 0; c < 2; c++) {
    f->mu[c] = m->m[1][1 + c];
    f->mv[c] = m->m[2][1 + c];
  }
  f->mu[2] = m->offset[1] * (1 << shift) + half;
  f->mv[2] = m->offset[2] * (1 << shift) + half;
  for (c = 1; c < 3; c++) {
    f->d[c] = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) +
        GST_VIDEO_FRAME_COMP_STRIDE (out, c) * (gsize) row;
    source_rows (stages, dsp, in, rows, GST_VIDEO_FORMAT_INFO_PLANE
        (stages->finfo, c), (gsize) stages->offset[c] * stages->sample_bytes,
        row_taps->index, row_taps->weight, row_taps->n, 0, f->s[c], f->w);
  }
}

/* Both chroma rows @row of 8-bit 4:2:2 or 4:2:0 input re-matrixed
 * (stages->fuses_matrix) whose columns the output keeps: the row taps
 * and the matrix in one kernel (stage_rows_matrix). */
static void
rows_matrix_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    const PcTaps * row_taps, guint shift, guint row)
{
  FusedRow f;

  fused_row_init (&f, stages, dsp, in, out, rows, row_taps, shift, row);
  dsp->stage.stage_rows_matrix (f.d[1], f.d[2], f.s[1], f.s[2], f.w, f.mu,
      f.mv, f.shift, stages->out_chroma_width);
}

/* Both chroma rows @row of 4:4:4 input (8-bit planes or AYUV's pixels,
 * 16-bit planes) re-matrixed (stages->fuses_matrix): fold_plane_row ()'s
 * sums of U and V, each output through its matrix row, in one kernel
 * (stage_fold_matrix, _16); the edge columns here.  The sums of 10-bit
 * samples hold four units of a code more (depth_shift). */
static void
fold_matrix_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    const PcTaps * row_taps, guint shift, guint row)
{
  guint first = stages->filter_first, end = stages->filter_end;
  gboolean words = stages->sample_bytes > 1;
  FusedRow f;
  guint e;

  fused_row_init (&f, stages, dsp, in, out, rows, row_taps,
      shift + stages->depth_shift, row);
  if (first < end) {
    gsize at = 2 * (gsize) first * stages->stride[1] * stages->sample_bytes;
    const guint8 *u[3] = { f.s[1][0] + at, f.s[1][1] + at, f.s[1][2] + at };
    const guint8 *v[3] = { f.s[2][0] + at, f.s[2][1] + at, f.s[2][2] + at };

    if (words)
      dsp->stage.stage_fold_matrix16 (f.d[1] + first, f.d[2] + first, u, v,
          f.w, stages->read_shift, stages->siting.h_cosited, f.mu, f.mv,
          f.shift, end - first);
    else
      dsp->stage.stage_fold_matrix (f.d[1] + first, f.d[2] + first, u, v,
          stages->stride[1], f.w, stages->siting.h_cosited, f.mu, f.mv,
          f.shift, end - first);
  }
  for (e = 0; e < stages->n_edge_columns; e++) {
    const PcTaps *columns = &stages->edge_column_taps[e];
    gint su = edge_sum_of (f.s[1], stages->stride[1], words,
        stages->read_shift, f.w, row_taps->n, columns);
    gint sv = edge_sum_of (f.s[2], stages->stride[1], words,
        stages->read_shift, f.w, row_taps->n, columns);
    gint a = (f.mu[0] * su + f.mu[1] * sv + f.mu[2]) >> f.shift;
    gint b = (f.mv[0] * su + f.mv[1] * sv + f.mv[2]) >> f.shift;

    f.d[1][stages->edge_column[e]] = CLAMP (a, 0, 255);
    f.d[2][stages->edge_column[e]] = CLAMP (b, 0, 255);
  }
}

/* Both chroma rows @row of packed 4:2:2 re-sited across columns
 * (stages->resites_packed_uv), as resite_plane_row () re-sites a plane's
 * row: the interior columns in one kernel over the packed rows, the
 * edge column here. */
static void
resite_packed_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    const RowTaps * taps, guint shift, guint row)
{
  const PcTaps *interior = &stages->resite_interior_taps;
  guint n = stages->out_chroma_width, c;
  guint8 *d[3];
  const guint8 *s[3];
  int w[3];

  for (c = 1; c < 3; c++)
    d[c] = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) +
        GST_VIDEO_FRAME_COMP_STRIDE (out, c) * (gsize) row;
  source_rows (stages, dsp, in, rows, 0, 0, taps->frame_rows.index,
      taps->frame_rows.weight, taps->frame_rows.n, 0, s, w);
  if (n > 1) {
    const guint8 *interior_rows[3] = { s[0] + 4, s[1] + 4, s[2] + 4 };

    dsp->stage.stage_resite_packed_uv (d[1] + stages->resite_interior,
        d[2] + stages->resite_interior, interior_rows, w, stages->offset[1],
        stages->offset[2], interior->n > 1 ? interior->weight[0] : 0,
        interior->weight[interior->n - 1], shift, n - 1);
  }
  for (c = 1; c < 3; c++) {
    const guint8 *component[3] = { s[0] + stages->offset[c],
      s[1] + stages->offset[c], s[2] + stages->offset[c]
    };

    d[c][stages->resite_edge] = edge_column (component, 4, w,
        taps->frame_rows.n, &stages->resite_edge_taps, shift);
  }
}

/* Both chroma rows @row of packed 4:2:2 (stages->packs_uv_matrix): the
 * row taps, then each output through its matrix row, rounded as
 * finish_chroma () rounds (@shift as it takes it); values kept, the
 * matrix is the identity. */
static void
packed_uv_matrix_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, const PcStageRows * rows,
    const RowTaps * taps, guint shift, guint row)
{
  const PcMatrix3 *m = &stages->matrix;
  guint shift_all = PC_MATRIX_Q + shift;
  gint half = 1 << (shift_all - 1);
  const guint8 *s[3];
  int w[3];
  guint c;

  source_rows (stages, dsp, in, rows, 0, 0, taps->frame_rows.index,
      taps->frame_rows.weight, taps->frame_rows.n, 0, s, w);
  if (stages->keeps_values && w[0] == 1 && w[1] == 2 && w[2] == 1 &&
      (!dsp->needs_aligned_sources || (((guintptr) s[0] | (guintptr) s[1] |
                  (guintptr) s[2]) & 3) == 0)) {
    /* the co-sited rows of a progressive frame: [1 2 1] bytewise (ORC
     * reads whole macropixels: misaligned rows take the kernel below);
     * the kernel's first output is the component at the lower byte */
    gboolean u_first = stages->offset[1] < stages->offset[2];
    guint8 *d[3];

    for (c = 1; c < 3; c++)
      d[c] = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, c) +
          GST_VIDEO_FRAME_COMP_STRIDE (out, c) * (gsize) row;
    dsp->packed.packed422_to_uv_cosited_v (d[u_first ? 1 : 2],
        d[u_first ? 2 : 1], s[0], s[1], s[2],
        8 * MIN (stages->offset[1], stages->offset[2]),
        stages->out_chroma_width);
    return;
  }
  dsp->stage.stage_matrix_packed_uv ((guint8 *) GST_VIDEO_FRAME_COMP_DATA (out,
          1) + (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 1),
      (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out,
          2) + (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 2), s, w,
      stages->offset[1], stages->offset[2], m->m[1][1], m->m[1][2],
      m->offset[1] * (1 << shift) + half, m->m[2][1], m->m[2][2],
      m->offset[2] * (1 << shift) + half, shift_all, stages->out_chroma_width);
}

/* Chroma row @row of output components @from .. @to - 1 (1 and 2, or
 * one of them where stages->chroma_by_plane says they are apart). */
static void
chroma_components_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, const PcStageRows * rows, guint from, guint to)
{
  const GstVideoFormatInfo *finfo = stages->finfo;
  guint chroma_width = stages->out_chroma_width;
  guint first = stages->chroma_reads_first ? 0 : 1;
  gint last_plane = -1;
  RowTaps taps;
  guint c, shift = 0;
  gboolean pixels;

  pc_siting_row_taps (NULL, &stages->siting, interlaced, stages->height, row,
      &taps.frame_rows);
  pc_siting_row_taps (&stages->in_siting, &stages->siting, interlaced,
      stages->in_chroma_height, row, &taps.chroma_rows);
  taps.columns = stages->columns;
  taps.chroma_columns = stages->chroma_columns;
  if (stages->direct_chroma && taps.chroma_rows.n == 1 &&
      taps.chroma_columns.n == 1) {
    direct_chroma_rows (stages, dsp, in, out, rows, row,
        taps.chroma_rows.index[0]);
    return;
  }
  /* every component's sums are brought to the largest weight sum (at most
   * 2^5: eighths across the rows of a field, quarters across columns), so
   * the last stage rounds them together */
  for (c = first; c < 3; c++)
    shift = MAX (shift, component_shift (finfo, c, &taps));
  if (!stages->chroma_reads_first)
    first = from;
  if (stages->resites_pairs && dsp->resites_pairs && shift > 0 && from == 1 &&
      to == 3 && GST_VIDEO_FRAME_N_PLANES (out) == 3) {
    resite_pairs_row (stages, dsp, in, out, &taps, shift, row);
    return;
  }
  if ((stages->resites_bytes || (stages->resites_words &&
              dsp->resites_pairs)) && shift > 0) {
    for (c = from; c < to; c++)
      resite_plane_row (stages, dsp, in, out, rows, c, &taps, shift, row);
    return;
  }
  if (stages->fuses_matrix && dsp->fuses_matrix && !stages->dither &&
      stages->out_drop == 0 && from == 1 && to == 3 &&
      GST_VIDEO_FRAME_N_PLANES (out) == 3) {
    if (!GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1)) {
      fold_matrix_row (stages, dsp, in, out, rows, &taps.frame_rows, shift,
          row);
      return;
    }
    if (taps.chroma_columns.n == 1) {
      rows_matrix_row (stages, dsp, in, out, rows,
          GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1) ? &taps.chroma_rows :
          &taps.frame_rows, shift, row);
      return;
    }
  }
  if (stages->folds_bytes) {
    for (c = from; c < to; c++)
      fold_plane_row (stages, dsp, in, out, rows, c, &taps.frame_rows, shift,
          row);
    return;
  }
  if (stages->resites_packed_uv) {
    resite_packed_row (stages, dsp, in, out, rows, &taps, shift, row);
    return;
  }
  if (stages->packs_uv_matrix) {
    packed_uv_matrix_row (stages, dsp, in, out, rows, &taps, shift, row);
    return;
  }

  pixels = weighs_pixels (stages, dsp, first, to);
  if (pixels)
    weigh_pixels (stages, dsp, in, rows, &taps.frame_rows,
        shift - component_shift (finfo, 0, &taps));
  for (c = first; c < to; c++) {
    guint plane = GST_VIDEO_FORMAT_INFO_PLANE (finfo, c);
    gint ps = stages->stride[c];
    gboolean w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c) != 0;
    const PcTaps *row_taps = GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c) ?
        &taps.chroma_rows : &taps.frame_rows;
    /* 4:1:1: each sample covers both columns of an output sample (the
     * route never re-sites it), weighed at its own width, then taken
     * twice */
    gboolean widened = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c) == 2;
    gboolean resited_columns = w_sub && !widened && taps.chroma_columns.n > 1;
    guint scale = shift - component_shift (finfo, c, &taps);
    /* subsampled chroma taken as it sits needs no column stage */
    gint16 *weighed = w_sub && !widened && !resited_columns ? rows->sums[c] :
        rows->split;

    if (pixels) {
      tap_columns (stages, dsp, rows->sums[c],
          rows->bytes + c * pixel_sums_pitch (stages));
      continue;
    }
    if (alone_in_plane (stages, c)) {
      weigh_rows (stages, dsp, weighed, in, rows, plane, row_taps->index,
          row_taps->weight, row_taps->n, scale);
    } else if (weighs_component (stages, dsp, c)) {
      /* only this component's samples, its pick folded into the
       * weighing */
      weigh_component (stages, dsp, weighed, in, rows, c, row_taps->index,
          row_taps->weight, row_taps->n, scale,
          w_sub ? chroma_width : stages->width);
    } else {
      /* the components of one plane share its weighed rows */
      if ((gint) plane != last_plane) {
        weigh_rows (stages, dsp, rows->bytes, in, rows, plane, row_taps->index,
            row_taps->weight, row_taps->n, 0);
        last_plane = plane;
      }
      dsp->stage.stage_pick (weighed, rows->bytes + stages->offset[c], ps, 0,
          scale, w_sub ? chroma_width : stages->width);
    }
    if (weighed == rows->sums[c])
      continue;
    if (widened)
      dsp->stage.stage_pick (rows->sums[c], rows->split, 1, 1, 0, chroma_width);
    else if (resited_columns)
      resite_columns (stages, dsp, rows->sums[c], rows->split);
    else
      tap_columns (stages, dsp, rows->sums[c], rows->split);
  }

  if (GST_VIDEO_FRAME_N_PLANES (out) == 2) {
    finish_chroma_pairs (stages, dsp, (guint8 *) GST_VIDEO_FRAME_PLANE_DATA
        (out, 1) + (gsize) row * GST_VIDEO_FRAME_PLANE_STRIDE (out, 1), rows,
        shift + stages->depth_shift);
    return;
  }
  for (c = from; c < to; c++)
    finish_chroma (stages, dsp, (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out,
            c) + (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, c), rows, c,
        shift + stages->depth_shift, row, interlaced);
}

void
pc_stages_chroma_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, const PcStageRows * rows)
{
  chroma_components_row (stages, dsp, in, out, row, interlaced, rows, 1, 3);
}

void
pc_stages_chroma_plane_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint c, guint row,
    gboolean interlaced, const PcStageRows * rows)
{
  g_return_if_fail (stages->chroma_by_plane && (c == 1 || c == 2));
  chroma_components_row (stages, dsp, in, out, row, interlaced, rows, c, c + 1);
}

/* pc_stages_block_row () of 16-bit planar 4:4:4 (stages->block_fold16):
 * the luma rows through the matrix as pc_stages_luma_row () takes them,
 * the chroma row as fold_matrix_row () folds frame rows 2 @row and
 * 2 @row + 1, edges and all. */
static void
block_fold16_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    const PcStageRows * rows)
{
  const gint *m = stages->matrix.m[0];
  const int my[4] = { m[0], m[1], m[2], stages->sample_bias[0] };
  PcTaps frame_rows;
  FusedRow f;
  guint8 *dy[2];
  const guint8 *y[2];
  guint r;

  pc_siting_row_taps (NULL, &stages->siting, FALSE, stages->height, row,
      &frame_rows);
  fused_row_init (&f, stages, dsp, in, out, rows, &frame_rows,
      frame_rows.shift + stages->columns.shift + stages->depth_shift, row);
  for (r = 0; r < 2; r++) {
    dy[r] = out_component_row (out, 0, 2 * row + r);
    y[r] = component_row (stages, dsp, in, rows, 0, 2 * row + r);
  }
  dsp->stage.stage_block_fold16 (dy, f.d[1], f.d[2], y, f.s[1], f.s[2],
      stages->read_shift, stages->siting.h_cosited, my, f.mu, f.mv,
      PC_MATRIX_Q + stages->depth_shift, f.shift, stages->width);
}

/* pc_stages_block_row () of 16-bit 4:2:0 and 4:2:2 (stages->block_matrix16):
 * each luma row through the matrix with the chroma row of its samples, as
 * pc_stages_luma_row () takes it, and the chroma row from those rows
 * where the output's sits at their mean: 4:2:0's one row as it sits,
 * 4:2:2's pair averaged.  FALSE, nothing written, for other taps. */
static gboolean
block_matrix16_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    const PcStageRows * rows)
{
  const PcMatrix3 *m = &stages->matrix;
  /* the chroma sums hold two 10-bit codes: eight units of an 8-bit one */
  guint sum_shift = stages->depth_shift + 1;
  gint half = 1 << (PC_MATRIX_Q + sum_shift - 1);
  const int my[3] = { m->m[0][1], m->m[0][2], stages->sample_bias[0] };
  const int mu[3] = { m->m[1][1], m->m[1][2],
    m->offset[1] * (1 << sum_shift) + half
  };
  const int mv[3] = { m->m[2][1], m->m[2][2],
    m->offset[2] * (1 << sum_shift) + half
  };
  const guint8 *y[2], *u[2], *v[2];
  guint8 *dy[2];
  PcTaps taps;
  guint r;

  if (GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1)) {
    pc_siting_row_taps (&stages->in_siting, &stages->siting, FALSE,
        stages->in_chroma_height, row, &taps);
    if (taps.n != 1 || taps.index[0] != row)
      return FALSE;
    taps.index[1] = row;
  } else {
    pc_siting_row_taps (NULL, &stages->siting, FALSE, stages->height, row,
        &taps);
    if (taps.n != 2 || taps.index[0] != 2 * row ||
        taps.index[1] != 2 * row + 1 || taps.weight[0] != taps.weight[1])
      return FALSE;
  }
  for (r = 0; r < 2; r++) {
    dy[r] = out_component_row (out, 0, 2 * row + r);
    y[r] = component_row (stages, dsp, in, rows, 0, 2 * row + r);
    u[r] = component_row (stages, dsp, in, rows, 1, taps.index[r]);
    v[r] = component_row (stages, dsp, in, rows, 2, taps.index[r]);
  }
  dsp->stage.stage_block_matrix16 (dy, out_component_row (out, 1, row),
      out_component_row (out, 2, row), y, u, v, stages->stride[1],
      stages->read_shift, my, mu, mv, PC_MATRIX_Q + stages->depth_shift,
      stages->width);
  return TRUE;
}

gboolean
pc_stages_block_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    const PcStageRows * rows)
{
  const PcMatrix3 *m = &stages->matrix;
  const int my[4] = { m->m[0][0], m->m[0][1], m->m[0][2],
    stages->sample_bias[0]
  };
  const int mu[3] = { m->m[1][1], m->m[1][2], stages->sample_bias[1] };
  const int mv[3] = { m->m[2][1], m->m[2][2], stages->sample_bias[2] };
  PcTaps chroma_rows;
  guint8 *dy[2];
  const guint8 *y[2];
  guint r;

  if (!dsp->fuses_matrix || GST_VIDEO_FRAME_IS_INTERLACED (in) ||
      GST_VIDEO_FRAME_N_PLANES (out) != 3 || 2 * row + 1 >= stages->height)
    return FALSE;
  if (stages->block_fold16) {
    block_fold16_row (stages, dsp, in, out, row, rows);
    return TRUE;
  }
  if (stages->block_matrix16)
    return block_matrix16_row (stages, dsp, in, out, row, rows);
  if (!stages->block_matrix || !stages->direct_chroma ||
      stages->chroma_columns.n != 1)
    return FALSE;
  /* chroma taken as it sits: its output row is input row @row */
  pc_siting_row_taps (&stages->in_siting, &stages->siting, FALSE,
      stages->in_chroma_height, row, &chroma_rows);
  if (chroma_rows.n != 1 || chroma_rows.index[0] != row)
    return FALSE;
  for (r = 0; r < 2; r++) {
    dy[r] = out_component_row (out, 0, 2 * row + r);
    y[r] = component_row (stages, dsp, in, rows, 0, 2 * row + r);
  }
  dsp->stage.stage_block_matrix (dy, out_component_row (out, 1, row),
      out_component_row (out, 2, row), y, component_row (stages, dsp, in, rows,
          1, row), component_row (stages, dsp, in, rows, 2, row),
      stages->stride[1], my, mu, mv, PC_MATRIX_Q, stages->width);
  return TRUE;
}

/* The chroma row that holds the chroma of luma row @row. */
static guint
chroma_row_of (const PcStages * stages, guint row, gboolean interlaced)
{
  guint chroma_row;

  if (!GST_VIDEO_FORMAT_INFO_H_SUB (stages->finfo, 1))
    return row;
  /* field f, field row r: chroma field row r / 2, frame chroma row
   * 2 (r / 2) + f */
  chroma_row = interlaced ? ((row >> 2) << 1) | (row & 1) : row >> 1;
  return MIN (chroma_row, stages->in_chroma_height - 1);
}

void
pc_stages_luma_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, const PcStageRows * rows)
{
  static const guint one = 1;
  const GstVideoFormatInfo *finfo = stages->finfo;
  const PcMatrix3 *m = &stages->matrix;
  guint chroma_row = chroma_row_of (stages, row, interlaced);
  guint8 *d = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (out, 0) +
      (gsize) row * GST_VIDEO_FRAME_COMP_STRIDE (out, 0);
  gint last_plane = -1;
  guint c;

  if (stages->luma_keeps_10) {
    dsp->stage.stage_keep_10 (d, component_row (stages, dsp, in, rows, 0,
            row), stages->stride[0], stages->read_shift, stages->out_shift,
        stages->width);
    return;
  }
  if (stages->luma_widens_10) {
    dsp->stage.stage_widen_10 (d, component_row (stages, dsp, in, rows, 0,
            row), stages->stride[0], stages->out_shift, stages->width);
    return;
  }
  if (stages->luma_steps) {
    guint slot = chroma_steps (stages, dsp, in, rows, chroma_row);

    dsp->stage.stage_add_steps (d, component_row (stages, dsp, in, rows, 0,
            row), rows->steps->up[slot], rows->steps->down[slot],
        stages->width);
    return;
  }
  if (stages->direct_luma) {
    /* the samples straight through the matrix: no working rows */
    matrix_samples (stages, dsp, d, 0, component_row (stages, dsp, in, rows, 0,
            row), component_row (stages, dsp, in, rows, 1, chroma_row),
        component_row (stages, dsp, in, rows, 2, chroma_row), stages->stride[0],
        GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1), stages->width);
    return;
  }
  for (c = 0; c < 3; c++) {
    guint plane = GST_VIDEO_FORMAT_INFO_PLANE (finfo, c);
    guint source_row = c == 0 ? row : chroma_row;
    guint sub = c == 0 ? 0 : GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);

    if (alone_in_plane (stages, c) && sub == 0) {
      weigh_rows (stages, dsp, rows->sums[c], in, rows, plane, &source_row,
          &one, 1, 0);
      continue;
    }
    /* a plane that holds luma and chroma holds them in the same row */
    if ((gint) plane != last_plane) {
      weigh_rows (stages, dsp, rows->bytes, in, rows, plane, &source_row, &one,
          1, 0);
      last_plane = plane;
    }
    /* each luma sample with the chroma of its block */
    dsp->stage.stage_pick (rows->sums[c], rows->bytes + stages->offset[c],
        stages->stride[c], sub, 0, stages->width);
  }
  if (stages->out_drop > 0) {
    guint shift_all = PC_MATRIX_Q + stages->depth_shift - stages->out_drop;

    dsp->stage.stage_matrix_10 (d, rows->sums[0], rows->sums[1],
        rows->sums[2], m->m[0][0], m->m[0][1], m->m[0][2],
        m->offset[0] * (1 << stages->depth_shift) + (1 << (shift_all - 1)),
        shift_all, stages->out_shift, stages->width);
    return;
  }
  if (stages->dither) {
    dsp->stage.stage_matrix_dither (d, rows->sums[0], rows->sums[1],
        rows->sums[2], m->m[0][0], m->m[0][1], m->m[0][2],
        m->offset[0] * (1 << stages->depth_shift),
        PC_MATRIX_Q + stages->depth_shift, dither_pattern (row, interlaced),
        stages->width);
    return;
  }
  dsp->stage.stage_matrix (d, rows->sums[0],
      rows->sums[1], rows->sums[2], m->m[0][0], m->m[0][1], m->m[0][2],
      stages->sample_bias[0], PC_MATRIX_Q + stages->depth_shift, stages->width);
}
