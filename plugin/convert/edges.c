/* pooledconvert
 * Edge columns through the C twins on copies; see edges.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/edges.h"
#include "convert/walk.h"

/* The widest pixel copied (4-byte RGB and packed 4:4:4), and the most
 * columns a sample reads (two pairs). */
#define MAX_PIXEL_BYTES 4
#define MAX_COLUMNS 4

/* Pixels at byte @from[0 .. @count - 1] of @row into @copy, @stride bytes
 * apart; @bytes is a constant at each call, so the copies are moves, not
 * calls. */
static inline void
copy_pixels (guint8 * copy, const guint8 * row, const gsize * from,
    guint stride, guint count, guint bytes)
{
  guint j;

  for (j = 0; j < count; j++)
    memcpy (copy + (gsize) stride * j, row + from[j], bytes);
}

/* Each row of @job from column @first, @count columns, into @copies, the
 * columns clamped to the row, so that the edge pixel stands for those
 * outside it; the pointers into the copies in @at.  No copy is a call:
 * with memcpy and memset of a variable size, the calls were most of the
 * instructions the edges of a row take. */
static void
copy_rows (const PcEdgeJob * job, guint8 copies[][MAX_COLUMNS *
        MAX_PIXEL_BYTES], gint first, guint count,
    const guint8 * at[PC_EDGE_MAX_ROWS])
{
  const PcPixelShape *pixel = &job->pixel;
  gsize from[MAX_COLUMNS];
  guint j, k;

  g_assert (count <= MAX_COLUMNS && pixel->stride <= MAX_PIXEL_BYTES);
  for (j = 0; j < count; j++)
    from[j] = (gsize) pixel->stride * CLAMP (first + (gint) j, 0,
        (gint) job->plan->width - 1) + pixel->offset;
  for (k = 0; k < job->n_rows; k++) {
    guint8 *copy = copies[k];

    memset (copy, 0, MAX_COLUMNS * MAX_PIXEL_BYTES);
    switch (pixel->bytes) {
      case 1:
        copy_pixels (copy, job->rows[k], from, pixel->stride, count, 1);
        break;
      case 2:
        copy_pixels (copy, job->rows[k], from, pixel->stride, count, 2);
        break;
      case 3:
        copy_pixels (copy, job->rows[k], from, pixel->stride, count, 3);
        break;
      default:
        copy_pixels (copy, job->rows[k], from, pixel->stride, count, 4);
        break;
    }
    at[k] = copy;
  }
}

/* The rows of @job from byte @offset, copied to the scratch where the
 * kernel needs them aligned to a pair of pixels. */
static void
interior_rows (const PcEdgeJob * job, guint offset, guint pairs,
    const guint8 * at[PC_EDGE_MAX_ROWS])
{
  gsize pair_bytes = 2 * (gsize) job->pixel.stride;
  guint k;

  g_assert (job->scratch == NULL || job->n_rows <= 2);
  for (k = 0; k < job->n_rows; k++) {
    at[k] = job->rows[k] + offset;
    if (job->scratch != NULL)
      at[k] = aligned_source (job->plan, job->scratch->row[k], at[k],
          pair_bytes * pairs, pair_bytes);
  }
}

void
pc_edge_job_init (PcEdgeJob * job, const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, guint stride)
{
  memset (job, 0, sizeof (*job));
  job->plan = plan;
  job->scratch = scratch;
  job->rows[0] = s1;
  job->rows[1] = s2;
  job->n_rows = 2;
  job->pixel.stride = job->pixel.bytes = stride;
  job->a = a;
  job->b = b;
}

/* The pairs whose bytes from the pixel's offset lie in the row: all full
 * pairs, but the last of an even row when the bytes start past its first
 * (offset + bytes <= stride, so they end within one pixel past the
 * pair); no division on the way to the kernel. */
static inline guint
pairs_in_row (const PcEdgeJob * job)
{
  const PcConvertPlan *plan = job->plan;

  g_assert (job->pixel.offset + job->pixel.bytes <= job->pixel.stride);
  return plan->full_pairs - (job->pixel.offset > 0 &&
      (plan->width & 1) == 0 && plan->full_pairs > 0);
}

void
pc_edge_box_row (const PcEdgeJob * job, PcEdgeBoxFunc run)
{
  const PcConvertPlan *plan = job->plan;
  guint in_row = pairs_in_row (job), i;
  guint8 copies[PC_EDGE_MAX_ROWS][MAX_COLUMNS * MAX_PIXEL_BYTES];
  const guint8 *at[PC_EDGE_MAX_ROWS] = { NULL, NULL, NULL };

  if (in_row > 0) {
    interior_rows (job, job->pixel.offset, in_row, at);
    run (job, plan->dsp, 0, at, in_row);
  }
  for (i = in_row; i < chroma_width (plan); i++) {
    copy_rows (job, copies, 2 * (gint) i, 2, at);
    run (job, plan->c_twins, i, at, 1);
  }
}

/* Co-sited sample @i by the C twin, on copies of columns 2i - 2 .. 2i + 1:
 * the pair before it, then its own. */
static void
cosited_edge_sample (const PcEdgeJob * job, PcEdgeCositedFunc run, guint i)
{
  guint8 copies[PC_EDGE_MAX_ROWS][MAX_COLUMNS * MAX_PIXEL_BYTES];
  const guint8 *prev[PC_EDGE_MAX_ROWS] = { NULL, NULL, NULL };
  const guint8 *own[PC_EDGE_MAX_ROWS] = { NULL, NULL, NULL };
  guint k;

  copy_rows (job, copies, 2 * (gint) i - 2, MAX_COLUMNS, prev);
  for (k = 0; k < job->n_rows; k++)
    own[k] = prev[k] + 2 * job->pixel.stride;
  run (job, job->plan->c_twins, i, own, prev, 1);
}

void
pc_edge_cosited_row (const PcEdgeJob * job, PcEdgeCositedFunc run)
{
  const PcConvertPlan *plan = job->plan;
  const PcPixelShape *pixel = &job->pixel;
  guint in_row = pairs_in_row (job), i;

  /* the interior first: its loads bring the row's first bytes in, which
   * sample 0 then copies from cache rather than waiting on memory (Y444
   * at 1080p measured 15% slower with sample 0 first) */
  if (in_row > 1) {
    const guint8 *prev[PC_EDGE_MAX_ROWS] = { NULL, NULL, NULL };
    const guint8 *own[PC_EDGE_MAX_ROWS] = { NULL, NULL, NULL };
    guint k;

    interior_rows (job, pixel->offset, in_row, prev);
    for (k = 0; k < job->n_rows; k++)
      own[k] = prev[k] + 2 * pixel->stride;
    run (job, plan->dsp, 1, own, prev, in_row - 1);
  }
  cosited_edge_sample (job, run, 0);
  for (i = MAX (in_row, 1); i < chroma_width (plan); i++)
    cosited_edge_sample (job, run, i);
}

void
pc_edge_row (const PcEdgeJob * job, PcEdgeBoxFunc box,
    PcEdgeCositedFunc cosited)
{
  if (job->plan->siting.h_cosited)
    pc_edge_cosited_row (job, cosited);
  else
    pc_edge_box_row (job, box);
}
