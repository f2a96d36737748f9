/* pooledconvert
 * The walk of layouts made of a luma row and a chroma row routine
 * (PcRowWalk): semi-planar, packed YUV, grey, 16-bit.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"

/* Chroma row @row of component @c (1 or 2; only 1 when U and V are held
 * together and come out of one call); into an output of two planes, the
 * row of pairs from both planes (pc_output_run_band () gives such an
 * output only where pc_walk_rows_makes_pairs () says so). */
static inline void
convert_chroma_row (const PcConvertPlan * plan, const PcRowWalk * walk,
    const GstVideoFrame * in, GstVideoFrame * out,
    const PcRowScratch * scratch, guint c, guint row)
{
  const guint *planes = plan->format->planes;
  gboolean together = planes[1] == planes[2];
  gboolean u_first = plan->format->channels[1] <= plan->format->channels[2];
  guint top = walk->half_height ? row : 2 * row;
  guint bottom = walk->half_height ? row : bottom_row (plan, row);
  guint8 *a, *b;
  PcChromaRowFunc chroma_row = plan->siting.h_cosited &&
      walk->cosited_chroma_row ? walk->cosited_chroma_row : walk->chroma_row;

  if (GST_VIDEO_FRAME_N_PLANES (out) == 2) {
    const guint8 *rows[4] = { in_row (in, planes[1], top),
      in_row (in, planes[1], bottom), in_row (in, planes[2], top),
      in_row (in, planes[2], bottom)
    };

    walk->pairs_row (plan, scratch, out_row (out, 1, row), rows);
    return;
  }
  a = out_row (out, together && !u_first ? 2 : c, row);
  b = together ? out_row (out, u_first ? 2 : 1, row) : NULL;

  /* the route takes this walk for co-sited rows only where the layout's
   * traits say its walk makes them (the 10-bit layouts) */
  if (plan->siting.v_cosited) {
    const guint8 *rows[3];
    PcTaps taps;
    guint k;

    pc_siting_row_taps (NULL, &plan->siting, FALSE, plan->height, row, &taps);
    for (k = 0; k < 3; k++)
      rows[k] = in_row (in, planes[c], taps.index[MIN (k, taps.n - 1)]);
    pc_walk_u16_taps_row (plan, a, rows, &taps);
    return;
  }
  chroma_row (plan, scratch, a, b, in_row (in, planes[c], top),
      in_row (in, planes[c], bottom));
}

/* The luma plane, then the chroma: planar input plane by plane, input
 * that holds U and V together (interleaved, or none at all for grey) in
 * one pass over its plane.  Packed input is one stream that luma and
 * chroma both read: like packed RGB it goes row pair by row pair, so the
 * chroma reads the pair while it is in cache.  Its kernels ask for their
 * rows ahead themselves (avx2-common.h); the walk asking for the next
 * block as well measured slower (docs/design.md, "Prefetch of the next
 * block"). */
void
pc_walk_rows (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  const PcRowWalk *walk = pc_layout_walks[plan->format->layout].rows;
  const guint *planes = plan->format->planes;
  gboolean packed = walk->luma_row != NULL && planes[0] == planes[1];
  gboolean together;
  guint c, row, y;

  if (packed) {
    for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
      for (y = 2 * row; y <= bottom_row (plan, row); y++)
        walk->luma_row (plan, scratch->row[0], out_row (out, 0, y),
            in_row (in, 0, y));
      convert_chroma_row (plan, walk, in, out, scratch, 1, row);
    }
    return;
  }

  if (walk->luma_row == NULL)
    pc_walk_copy_luma (plan, in, out, band);
  else
    for (row = band->first_row; row < band->end_row; row++)
      walk->luma_row (plan, scratch->row[0], out_row (out, 0, row),
          in_row (in, planes[0], row));

  /* one pass makes both components where they come together: from one
   * plane, or as the output's pairs */
  together = planes[1] == planes[2] || GST_VIDEO_FRAME_N_PLANES (out) == 2;
  for (c = 1; c < (together ? 2 : 3); c++)
    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      convert_chroma_row (plan, walk, in, out, scratch, c, row);
}

gboolean
pc_walk_rows_makes_pairs (const PcConvertPlan * plan, PcWalkFunc walk)
{
  const PcRowWalk *rows = pc_layout_walks[plan->format->layout].rows;

  return walk == pc_walk_rows && rows->pairs_row != NULL &&
      !plan->siting.v_cosited &&
      !(plan->siting.h_cosited && rows->cosited_chroma_row != NULL);
}
