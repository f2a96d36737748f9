/* pooledconvert
 * Edge columns, written once (private to plugin/convert/).
 *
 * A chroma sample is made from a pair of columns (2i, 2i + 1: the box
 * shape) or from that pair and the one before it (2i - 2, 2i - 1: the
 * co-sited shape, [1 2 1] over columns 2i - 1 .. 2i + 1).  Where such a
 * pair would reach outside the row (column -1, an odd last column, or a
 * pair whose bytes from the pixel's offset run past the row), the sample
 * is made by the C twin of the kernel (the plan's c_twins) on copies of
 * the columns in which columns outside the row repeat the edge pixel, so
 * the filter weighs only pixels that exist.  Every other sample goes
 * through the plan's kernel, in place.
 */

#ifndef __PC_EDGES_H__
#define __PC_EDGES_H__

#include "convert/convert.h"

G_BEGIN_DECLS
/* The most rows one kernel call reads (the row pairs of U and V that the
 * NV12 pairs kernels take). */
#define PC_EDGE_MAX_ROWS 4
/* How a row holds its pixels: @stride bytes apart, of which @bytes from
 * @offset are copied (the rest of a copied pixel is 0). */
    typedef struct
{
  guint stride;
  guint offset;
  guint bytes;
} PcPixelShape;

typedef struct _PcEdgeJob PcEdgeJob;

/* Runs a box-shaped kernel of @kernels over samples @at .. @at + @n - 1,
 * @rows pointing at column 2 @at (in the row or in a copy). */
typedef void (*PcEdgeBoxFunc) (const PcEdgeJob * job, const PcDsp * kernels,
    guint at, const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n);

/* Runs a co-sited kernel of @kernels over samples @at .. @at + @n - 1:
 * @rows point at column 2 @at, @prev at column 2 @at - 2 (contiguous
 * with @rows, so a kernel may also read rows[k][-1]). */
typedef void (*PcEdgeCositedFunc) (const PcEdgeJob * job,
    const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n);

/* One row routine's call: the plan, its scratch (NULL: the kernel reads
 * its rows at any alignment; a job of more than two rows has none), the input rows, the pixels' shape, and what
 * the kernel writes and takes besides. */
struct _PcEdgeJob
{
  const PcConvertPlan *plan;
  const PcRowScratch *scratch;
  const guint8 *rows[PC_EDGE_MAX_ROWS];
  guint n_rows;
  PcPixelShape pixel;
  guint8 *a;
  guint8 *b;
  gint shift;
  gint round;
  /* a job that writes NV12's pairs at @a (no @b): V before U */
  gboolean v_first;
  const void *data;
};

/* A job over the input row pair @s1, @s2 of @stride-byte pixels (all of
 * each copied), writing @a and @b. */
void pc_edge_job_init (PcEdgeJob * job, const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, guint stride);

/* The chroma row of @job from column pairs; an odd last column and a pair
 * whose bytes from the pixel's offset would run past the row on copies. */
void pc_edge_box_row (const PcEdgeJob * job, PcEdgeBoxFunc run);

/* The co-sited chroma row of @job; column 0, an odd last column and pairs
 * that would read past the row on copies. */
void pc_edge_cosited_row (const PcEdgeJob * job, PcEdgeCositedFunc run);

/* The chroma row of @job as the plan's siting says: co-sited columns
 * through @cosited, centred ones through @box. */
void pc_edge_row (const PcEdgeJob * job, PcEdgeBoxFunc box,
    PcEdgeCositedFunc cosited);

G_END_DECLS
#endif /* __PC_EDGES_H__ */
