/* pooledconvert
 * The walk table and the row helpers the walks share; see walk.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"

/* the RGBA row kernels read RGBA pixels as little-endian words */
#if G_BYTE_ORDER != G_LITTLE_ENDIAN
#error "the RGBA row kernels assume a little-endian machine"
#endif

const PcLayoutWalks pc_layout_walks[PC_N_LAYOUTS] = {
  [PC_LAYOUT_COPY_420] = {"copy-420", pc_walk_copy_420},
  [PC_LAYOUT_PLANAR_444] = {"planar-444", pc_walk_planar_444, NULL,
      "interlaced-444", pc_walk_interlaced_444},
  [PC_LAYOUT_PLANAR_422] = {"planar-422", pc_walk_planar_422, NULL,
      "interlaced-422", pc_walk_interlaced_422},
  [PC_LAYOUT_PACKED_RGB] = {"packed-rgb", pc_walk_packed_rgb, NULL,
      "interlaced-rgb", pc_walk_interlaced_rgb},
  [PC_LAYOUT_SEMI_PLANAR_420] = {"semi-planar-420", pc_walk_rows,
      &pc_rows_semi_planar_420},
  [PC_LAYOUT_PLANAR_411] = {"planar-411", pc_walk_planar_411},
  [PC_LAYOUT_SEMI_PLANAR_422] = {"semi-planar-422", pc_walk_rows,
        &pc_rows_semi_planar_422, "interlaced-422",
      pc_walk_interlaced_422},
  [PC_LAYOUT_SEMI_PLANAR_444] = {"semi-planar-444", pc_walk_rows,
      &pc_rows_semi_planar_444},
  [PC_LAYOUT_PACKED_422] = {"packed-422", pc_walk_rows, &pc_rows_packed_422,
      "interlaced-422", pc_walk_interlaced_422},
  [PC_LAYOUT_PACKED_444] = {"packed-444", pc_walk_rows, &pc_rows_packed_444},
  [PC_LAYOUT_GRAY] = {"gray", pc_walk_rows, &pc_rows_gray},
  [PC_LAYOUT_GRAY_16] = {"gray-16", pc_walk_rows, &pc_rows_gray_16},
  [PC_LAYOUT_GRAY_WORDS] = {"gray-words", pc_walk_rows, &pc_rows_gray_words},
  [PC_LAYOUT_PLANAR_420_16] = {"planar-420-16", pc_walk_rows,
      &pc_rows_planar_420_16},
  [PC_LAYOUT_SEMI_PLANAR_420_16] = {"semi-planar-420-16", pc_walk_rows,
      &pc_rows_semi_planar_420_16},
  [PC_LAYOUT_PLANAR_422_16] = {"planar-422-16", pc_walk_rows,
      &pc_rows_planar_422_16},
  [PC_LAYOUT_PLANAR_444_16] = {"planar-444-16", pc_walk_rows,
      &pc_rows_planar_444_16},
  [PC_LAYOUT_PACKED_444_16] = {"packed-444-16", pc_walk_packed_444_16,
      .fused_writes_10 = TRUE},
  /* no fused walk: the general walk serves every frame */
  [PC_LAYOUT_GENERAL_444] = {"general-444"},
  [PC_LAYOUT_WORDS_444] = {"words-444"},
  [PC_LAYOUT_V210] = {"v210", pc_walk_rows, &pc_rows_v210},
};

PcWalkFunc
pc_walk_for (const PcConvertPlan * plan, PcStrategy strategy)
{
  const PcLayoutWalks *walks = &pc_layout_walks[plan->format->layout];

  switch (strategy) {
    case PC_STRATEGY_FIELD:
      return walks->field;
    case PC_STRATEGY_GENERAL:
      return pc_walk_general;
    default:
      return walks->fused;
  }
}

gboolean
pc_walk_makes_pairs (const PcConvertPlan * plan, PcWalkFunc walk)
{
  /* co-sited 4:4:4 from frames large enough to stream keeps the
   * sub-bands: there the pairs, which read U's and V's rows in turn from
   * memory, measured slower than a sub-band of each plane in turn
   * (docs/design.md, "Output: I420, or NV12 from the same rows") */
  if (walk == pc_walk_planar_444 && plan->siting.h_cosited &&
      plan->dsp->stores != PC_STORES_NORMAL)
    return FALSE;
  if (walk == pc_walk_planar_422 || walk == pc_walk_planar_444 ||
      walk == pc_walk_planar_411)
    return plan->out_format == GST_VIDEO_FORMAT_NV12;
  if (walk == pc_walk_general)
    return plan->out_format == GST_VIDEO_FORMAT_NV12 &&
        pc_stages_makes_pairs (&plan->stages);
  /* packed RGB where the tier has its own pairs kernels (dsp.h) */
  if (walk == pc_walk_packed_rgb)
    return plan->out_format == GST_VIDEO_FORMAT_NV12 && plan->dsp->rgb_pairs;
  return pc_walk_rows_makes_pairs (plan, walk);
}

gboolean
pc_walk_has_fused (PcLayout layout)
{
  return pc_layout_walks[layout].fused != NULL;
}

gboolean
pc_walk_fused_writes_10 (PcLayout layout)
{
  return pc_layout_walks[layout].fused_writes_10;
}

gboolean
pc_walk_has_field (PcLayout layout)
{
  return pc_layout_walks[layout].field != NULL;
}

void
pc_walk_copy_rows (const PcConvertPlan * plan, GstVideoFrame * out,
    guint out_plane, guint out_first, const GstVideoFrame * in,
    guint in_plane, guint in_first, guint rows, gsize row_bytes)
{
  gint in_stride = GST_VIDEO_FRAME_PLANE_STRIDE (in, in_plane);
  gint out_stride = GST_VIDEO_FRAME_PLANE_STRIDE (out, out_plane);
  guint row;

  if (rows == 0)
    return;
  /* one copy when both planes' rows are contiguous */
  if ((gsize) in_stride == row_bytes && (gsize) out_stride == row_bytes &&
      rows * row_bytes <= G_MAXINT) {
    plan->dsp->store.copy_row (out_row (out, out_plane, out_first),
        in_row (in, in_plane, in_first), rows * row_bytes);
    return;
  }
  for (row = 0; row < rows; row++)
    plan->dsp->store.copy_row (out_row (out, out_plane, out_first + row),
        in_row (in, in_plane, in_first + row), row_bytes);
}

void
pc_walk_prefetch_block (const PcConvertPlan * plan, const GstVideoFrame * in,
    guint block, guint first_plane)
{
  const GstVideoFormatInfo *finfo = in->info.finfo;
  guint height = plan->height, plane, row;

  if (2 * block >= height)
    return;
  for (plane = first_plane; plane < GST_VIDEO_FRAME_N_PLANES (in); plane++) {
    guint comp = 0, bytes = ABS (GST_VIDEO_FRAME_PLANE_STRIDE (in, plane));
    guint first, last, k;

    while (comp + 1 < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) &&
        GST_VIDEO_FORMAT_INFO_PLANE (finfo, comp) != plane)
      comp++;
    first = GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, comp, 2 * block);
    last = GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, comp,
        MIN (2 * block + 2, height)) - 1;
    for (row = first; row <= last; row++) {
      const guint8 *p = in_row (in, plane, row);

      for (k = 0; k < bytes; k += 64)
        __builtin_prefetch (p + k);
    }
  }
}

void
pc_walk_copy_luma (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band)
{
  pc_walk_copy_rows (plan, out, 0, band->first_row, in,
      plan->format->planes[0],
      band->first_row, band->end_row - band->first_row, plan->width);
}

void
pc_walk_field_rows (const PcConvertPlan * plan, guint row, guint * near,
    guint * far)
{
  PcTaps taps;

  pc_siting_row_taps (NULL, &plan->siting, TRUE, plan->height, row, &taps);
  *near = taps.weight[0] > taps.weight[1] ? taps.index[0] : taps.index[1];
  *far = *near == taps.index[0] ? taps.index[1] : taps.index[0];
}
