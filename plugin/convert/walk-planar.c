/* pooledconvert
 * Planar 8-bit walks: 4:2:0 copied, 4:2:2 averaged down the rows, 4:4:4
 * box-filtered or co-sited, and the field walk of planar 4:4:4.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"
#include "dsp/c/kernels-c.h"
#include "dsp/c/kernels-siting-c.h"

/* Box-filters one full-resolution chroma row pair down to one I420 row
 * with @kernel (@twin, its C twin, for the edge).  An odd last column is
 * finished by repeating its pixels, which makes the box average exactly the
 * two (or one) samples that exist. */
static inline void
box_row_with (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2, PcChromaFunc kernel,
    PcChromaFunc twin)
{
  if (plan->full_pairs > 0)
    kernel (d,
        aligned_source (plan, scratch->row[0], s1, 2 * plan->full_pairs, 2),
        aligned_source (plan, scratch->row[1], s2, 2 * plan->full_pairs, 2),
        plan->full_pairs);

  if (plan->width & 1) {
    guint last = plan->width - 1;
    const guint8 top[2] = { s1[last], s1[last] };
    const guint8 bottom[2] = { s2[last], s2[last] };

    twin (d + plan->full_pairs, top, bottom, 1);
  }
}

static void
chroma_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2)
{
  box_row_with (plan, scratch, d, s1, s2, plan->dsp->chroma.chroma_box_2x2,
      pc_chroma_box_2x2_c);
}

/* An interlaced field's row: 3/4 from @s1, the nearer row. */
static void
chroma_box_row_weighted (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  box_row_with (plan, scratch, d, s1, s2,
      plan->dsp->chroma.chroma_box_2x2_weighted, pc_chroma_box_2x2_weighted_c);
}

/* Chroma co-sited with the even column (mpeg2 siting): [1 2 1] across
 * columns, [1 1] down the pair of rows.  Column 0 has no left neighbour and
 * an odd last column no right one: the C twin finishes them on pixel pairs
 * that repeat the edge pixel.  Between them the kernel reads each row as
 * pair i and pair i - 1 of the same (aligned) row. */
static inline void
cosited_row_with (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2, PcCositedFunc kernel,
    PcCositedFunc twin)
{
  guint pairs = plan->full_pairs, last = plan->width - 1;
  const guint8 left1[2] = { s1[0], s1[0] }, left2[2] = { s2[0], s2[0] };
  const guint8 right1[2] = { s1[last], s1[last] };
  const guint8 right2[2] = { s2[last], s2[last] };

  if (pairs > 0)
    twin (d, s1, left1, s2, left2, 1);
  if (pairs > 1) {
    const guint8 *r1 = aligned_source (plan, scratch->row[0], s1, 2 * pairs,
        2);
    const guint8 *r2 = aligned_source (plan, scratch->row[1], s2, 2 * pairs,
        2);

    kernel (d + 1, r1 + 2, r1, r2 + 2, r2, pairs - 1);
  }
  if (plan->width & 1)
    twin (d + pairs, right1, last > 0 ? s1 + last - 2 : left1, right2,
        last > 0 ? s2 + last - 2 : left2, 1);
}

void
pc_walk_chroma_cosited_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  cosited_row_with (plan, scratch, d, s1, s2,
      plan->dsp->cosited.chroma_cosited_h, pc_chroma_cosited_h_c);
}

/* An interlaced field's row: 3/4 from @s1, the nearer row. */
static void
chroma_cosited_row_weighted (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  cosited_row_with (plan, scratch, d, s1, s2,
      plan->dsp->cosited.chroma_cosited_h_weighted,
      pc_chroma_cosited_h_weighted_c);
}

/* One full-resolution chroma row pair down to one I420 row. */
typedef void (*PcPlanarChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2);

void
pc_walk_planar_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  PcPlanarChromaRowFunc chroma_row = plan->siting.h_cosited ?
      pc_walk_chroma_cosited_row : chroma_box_row;
  guint c, row;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      chroma_row (plan, scratch, out_row (out, c, row),
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
  PcPlanarChromaRowFunc chroma_row = plan->siting.h_cosited ?
      chroma_cosited_row_weighted : chroma_box_row_weighted;
  guint c, row, near, far;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
      pc_walk_field_rows (plan, row, &near, &far);
      chroma_row (plan, scratch, out_row (out, c, row), in_row (in, plane,
              near), in_row (in, plane, far));
    }
  }
}

void
pc_walk_planar_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint chroma_width = (plan->width + 1) / 2;
  guint c, row;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      plan->dsp->chroma.chroma_avg_v (out_row (out, c, row),
          in_row (in, plane, 2 * row), in_row (in, plane, bottom_row (plan,
                  row)), chroma_width);
  }
}

void
pc_walk_copy_420 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c;

  pc_walk_copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++)
    pc_walk_copy_rows (out, c, band->first_chroma_row, in,
        plan->format->planes[c], band->first_chroma_row,
        band->end_chroma_row - band->first_chroma_row, (plan->width + 1) / 2);
}
