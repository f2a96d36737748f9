/* pooledconvert
 * Planar 8-bit walks: 4:2:0 copied, 4:2:2 averaged down the rows, 4:4:4
 * box-filtered or co-sited, and the field walk of planar 4:4:4.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/edges.h"
#include "convert/walk.h"

/* Planar chroma kernels over a row pair of one plane, in the shapes of
 * edges.h: a box, or [1 2 1] across co-sited columns; the _weighted ones
 * for interlaced fields, 3/4 from the nearer row (@rows[0]). */
static void
box_2x2 (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_box_2x2 (job->a + at, rows[0], rows[1], n);
}

static void
box_2x2_weighted (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_box_2x2_weighted (job->a + at, rows[0], rows[1], n);
}

static void
cosited_h (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_cosited_h (job->a + at, rows[0], prev[0], rows[1],
      prev[1], n);
}

static void
cosited_h_weighted (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_cosited_h_weighted (job->a + at, rows[0], prev[0],
      rows[1], prev[1], n);
}

/* One full-resolution chroma row pair of a plane down to one I420 row,
 * across columns as the siting says; @weighted: an interlaced field's
 * row, 3/4 from @s1, the nearer row. */
static void
planar_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2, gboolean weighted)
{
  PcEdgeJob job;

  pc_edge_job_init (&job, plan, scratch, d, NULL, s1, s2, 1);
  pc_edge_row (&job, weighted ? box_2x2_weighted : box_2x2,
      weighted ? cosited_h_weighted : cosited_h);
}

void
pc_walk_planar_chroma_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  planar_chroma_row (plan, scratch, d, s1, s2, FALSE);
}

/* The same as NV12's pairs: U's row pair in @rows[0, 1], V's in
 * @rows[2, 3], each sample @at two bytes of @job->a. */
static void
box_2x2_pairs (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_box_2x2_pairs (job->a + 2 * at, rows[0], rows[1],
      rows[2], rows[3], n);
}

static void
cosited_h_pairs (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->chroma.chroma_cosited_h_pairs (job->a + 2 * at, rows[0], prev[0],
      rows[1], prev[1], rows[2], prev[2], rows[3], prev[3], n);
}

/* Into NV12 (pc_walk_makes_pairs ()), each chroma row of the band as its
 * U V pairs in one call, from the row pairs of both planes: 4:4:4 across
 * columns as the siting says, with the edge columns of edges.c, or 4:2:2
 * and 4:1:1 averaged down the rows through @average. */
static void
planar_pairs (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, gboolean full_columns,
    PcChromaPairsFunc average)
{
  const guint *planes = plan->format->planes;
  guint row;

  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    guint top = 2 * row, bottom = bottom_row (plan, row);
    const guint8 *u1 = in_row (in, planes[1], top);
    const guint8 *u2 = in_row (in, planes[1], bottom);
    const guint8 *v1 = in_row (in, planes[2], top);
    const guint8 *v2 = in_row (in, planes[2], bottom);
    guint8 *d = out_row (out, 1, row);
    PcEdgeJob job;

    if (!full_columns) {
      average (d, u1, u2, v1, v2, chroma_width (plan));
      continue;
    }
    /* no scratch: the ORC rung's pairs kernels send rows they cannot
     * read aligned to the twin themselves */
    pc_edge_job_init (&job, plan, NULL, d, NULL, u1, u2, 1);
    job.rows[2] = v1;
    job.rows[3] = v2;
    job.n_rows = 4;
    pc_edge_row (&job, box_2x2_pairs, cosited_h_pairs);
  }
}

void
pc_walk_planar_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c, row;

  pc_walk_copy_luma (plan, in, out, band);
  if (GST_VIDEO_FRAME_N_PLANES (out) == 2) {
    planar_pairs (plan, in, out, band, TRUE, NULL);
    return;
  }
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      pc_walk_planar_chroma_row (plan, scratch, out_row (out, c, row),
          in_row (in, plane, 2 * row), in_row (in, plane, bottom_row (plan,
                  row)));
  }
}

/* Interlaced planar 4:4:4 without a matrix change: each output chroma
 * row filters the two rows of its field that siting.c's interlaced taps
 * name, across columns as the siting says, 3/4 from the nearer row. */
void
pc_walk_interlaced_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c, row, near, far;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
      pc_walk_field_rows (plan, row, &near, &far);
      planar_chroma_row (plan, scratch, out_row (out, c, row),
          in_row (in, plane, near), in_row (in, plane, far), TRUE);
    }
  }
}

/* Each chroma row of the band from its input row pair, through @pair:
 * the 4:2:2 and 4:1:1 walks, whose chroma rows are full-resolution. */
static void
chroma_row_pairs (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, PcChromaFunc pair)
{
  guint chroma_width = (plan->width + 1) / 2;
  guint c, row;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      pair (out_row (out, c, row), in_row (in, plane, 2 * row), in_row (in,
              plane, bottom_row (plan, row)), chroma_width);
  }
}

void
pc_walk_planar_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  if (GST_VIDEO_FRAME_N_PLANES (out) == 2) {
    pc_walk_copy_luma (plan, in, out, band);
    planar_pairs (plan, in, out, band, FALSE,
        plan->dsp->chroma.chroma_avg_v_pairs);
    return;
  }
  chroma_row_pairs (plan, in, out, band, plan->dsp->chroma.chroma_avg_v);
}

/* 4:1:1: as 4:2:2, each average covering two output columns */
void
pc_walk_planar_411 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  if (GST_VIDEO_FRAME_N_PLANES (out) == 2) {
    pc_walk_copy_luma (plan, in, out, band);
    planar_pairs (plan, in, out, band, FALSE,
        plan->dsp->chroma.chroma_avg_v_double_h_pairs);
    return;
  }
  chroma_row_pairs (plan, in, out, band,
      plan->dsp->chroma.chroma_avg_v_double_h);
}

void
pc_walk_copy_420 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++)
    pc_walk_copy_rows (plan, out, c, band->first_chroma_row, in,
        plan->format->planes[c], band->first_chroma_row,
        band->end_chroma_row - band->first_chroma_row, (plan->width + 1) / 2);
}
