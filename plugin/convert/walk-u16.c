/* pooledconvert
 * 16-bit samples (10 bits in the low or the high bits) to 8 bits: the row
 * routines of the 10-bit walks, with co-sited rows and columns from the
 * siting's taps.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/edges.h"
#include "convert/walk.h"
/* the row-tap kernels no context holds; the others come from the plan */

/* 16-bit samples: sums at full precision, (sum + round) >> shift once,
 * rounding half up.  @extra: log2 of the samples summed. */
static inline gint
u16_round (const PcConvertPlan * plan, guint extra)
{
  return 1 << (plan->format->drop_bits + extra - 1);
}

static inline gint
u16_shift (const PcConvertPlan * plan, guint extra)
{
  return plan->format->drop_bits + extra;
}

static void
u16_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  plan->dsp->u16.u16_to_u8 (d, aligned_source (plan, scratch,
          s, 2 * plan->width, 2), u16_round (plan, 0), u16_shift (plan, 0),
      plan->width);
}

static void
u16_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_to_u8 (a, aligned_source (plan,
          scratch->row[0], s1, 2 * n, 2), u16_round (plan, 0),
      u16_shift (plan, 0), n);
}

static void
u16_split_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_uv_deinterleave_to_u8 (a, b,
      aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
      u16_round (plan, 0), u16_shift (plan, 0), n);
}

/* P010_LE and kin: the U V pairs rounded to 8 bits as they are, NV12's */
static void
u16_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  guint n = 2 * chroma_width (plan);

  plan->dsp->u16.u16_to_u8 (d, aligned_source (plan, scratch->row[0],
          rows[0], 2 * n, 2), u16_round (plan, 0), u16_shift (plan, 0), n);
}

/* The pairs kernels of 16-bit planes; ORC reads 2-byte elements aligned
 * and stores each pair as one: a row that is not takes the twin (these
 * rows are not copied: the pairs kernels take four). */
static const PcDspU16 *
u16_pairs_kernels (const PcConvertPlan * plan, guint8 * d,
    const guint8 * const rows[4])
{
  guintptr any = (guintptr) d;
  guint k;

  for (k = 0; k < 4; k++)
    any |= (guintptr) rows[k];
  if (plan->dsp->needs_aligned_sources && (any & 1) != 0)
    return &plan->c_twins->u16;
  return &plan->dsp->u16;
}

/* I420_10LE and kin: U's row and V's rounded to 8 bits as NV12's pairs */
static void
u16_planes_pairs_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * const rows[4])
{
  u16_pairs_kernels (plan, d, rows)->u16_pairs_to_u8 (d, rows[0], rows[2],
      u16_round (plan, 0), u16_shift (plan, 0), chroma_width (plan));
}

/* I422_10LE and kin: each plane's row pair averaged, as NV12's pairs */
static void
u16_planes_avg_pairs_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * const rows[4])
{
  u16_pairs_kernels (plan, d, rows)->u16_avg_v_pairs_to_u8 (d, rows[0],
      rows[1], rows[2], rows[3], u16_round (plan, 1), u16_shift (plan, 1),
      chroma_width (plan));
}

static void
u16_avg_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->u16.u16_avg_v_to_u8 (a,
      aligned_source (plan, scratch->row[0], s1, 2 * n, 2),
      aligned_source (plan, scratch->row[1], s2, 2 * n, 2),
      u16_round (plan, 1), u16_shift (plan, 1), n);
}

/* v210: six pixels in four words, unpacked and rounded to 8 bits in one
 * pass per row (unpack family).  Its one stream goes row pair by row pair
 * (pc_walk_rows), so a pair is read from memory once. */
static void
v210_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  plan->dsp->unpack.v210_y_to_u8 (d, s, u16_round (plan, 0),
      u16_shift (plan, 0), plan->width);
}

/* Both chroma rows of a pair, averaged vertically as they are unpacked. */
static void
v210_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  plan->dsp->unpack.v210_uv_avg_v_to_u8 (a, b, s1, s2, u16_round (plan, 1),
      u16_shift (plan, 1), chroma_width (plan));
}

/* The same as NV12's pairs */
static void
v210_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  plan->dsp->unpack.v210_uv_avg_v_pairs_to_u8 (d, rows[0], rows[1],
      u16_round (plan, 1), u16_shift (plan, 1), chroma_width (plan));
}

/* The 16-bit chroma kernels in the shapes of edges.h, rounding by
 * job->round and job->shift; the row-tap ones weigh their rows by the
 * weights in job->data. */
static void
u16_box_2x2 (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->u16.u16_box_2x2_to_u8 (job->a + at, rows[0], rows[1], job->round,
      job->shift, n);
}

static void
u16_rows_box_h (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->u16.u16_rows_box_h_to_u8 (job->a + at, rows, job->data,
      job->round, job->shift, n);
}

static void
u16_rows_cosited_h (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->u16.u16_rows_cosited_h_to_u8 (job->a + at, rows, job->data,
      job->round, job->shift, n);
}

static void
u16_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  PcEdgeJob job;

  pc_edge_job_init (&job, plan, scratch, a, NULL, s1, s2, 2);
  job.round = u16_round (plan, 2);
  job.shift = u16_shift (plan, 2);
  pc_edge_box_row (&job, u16_box_2x2);
}

/* ---- 10-bit chroma in the sitings the box and average kernels do not
 * make: the rows of the siting's taps, weighted, the columns [1 2 1]
 * (co-sited) or paired (centred) for 4:4:4 and kept for 4:2:2, one
 * rounding over both (dsp/c/u16.c) -------------------------------- */

void
pc_walk_u16_taps_row (const PcConvertPlan * plan, guint8 * d,
    const guint8 * const rows[3], const PcTaps * taps)
{
  gboolean full_width = plan->format->layout == PC_LAYOUT_PLANAR_444_16 ||
      plan->format->layout == PC_LAYOUT_PACKED_444_16;
  gboolean cosited = full_width && plan->siting.h_cosited;
  guint columns_shift = full_width ? (cosited ? 2 : 1) : 0;
  gint round = u16_round (plan, columns_shift + taps->shift);
  gint shift = u16_shift (plan, columns_shift + taps->shift);
  PcEdgeJob job;
  int w[3];
  guint k;

  for (k = 0; k < 3; k++)
    w[k] = k < taps->n ? (int) taps->weight[k] : 0;

  if (!full_width) {
    plan->dsp->u16.u16_rows_to_u8 (d, rows, w, round, shift,
        chroma_width (plan));
    return;
  }
  /* the row-tap kernels read their rows at any alignment: no scratch */
  pc_edge_job_init (&job, plan, NULL, d, NULL, rows[0], rows[1], 2);
  job.rows[2] = rows[2];
  job.n_rows = 3;
  job.round = round;
  job.shift = shift;
  job.data = w;
  if (cosited)
    pc_edge_cosited_row (&job, u16_rows_cosited_h);
  else
    pc_edge_box_row (&job, u16_rows_box_h);
}

/* Co-sited columns, centred rows: the pair @s1, @s2. */
static void
u16_cosited_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  static const PcTaps pair = { {0, 1, 1}, {1, 1, 0}, 2, 1 };
  const guint8 *rows[3] = { s1, s2, s2 };

  pc_walk_u16_taps_row (plan, a, rows, &pair);
}

const PcRowWalk pc_rows_planar_420_16 = { u16_luma_row, u16_chroma_row,
  TRUE, NULL, u16_planes_pairs_row
};

const PcRowWalk pc_rows_semi_planar_420_16 = { u16_luma_row, u16_split_row,
  TRUE, NULL, u16_pairs_row
};
const PcRowWalk pc_rows_planar_422_16 = { u16_luma_row, u16_avg_row, FALSE,
  NULL, u16_planes_avg_pairs_row
};
const PcRowWalk pc_rows_v210 = { v210_luma_row, v210_chroma_row, FALSE,
  NULL, v210_pairs_row
};

const PcRowWalk pc_rows_planar_444_16 = { u16_luma_row, u16_box_row, FALSE,
  u16_cosited_row
};

/* AYUV64: four 16-bit words a pixel, each row pair read once, in one
 * kernel call that makes both luma rows and the chroma row between them
 * (an odd last row stands for both rows of its pair).  To 10-bit output
 * each word is read as a 10-bit code, as the general walk's stages read
 * it, and stored in the output's bits (P010_10LE's high ones; its chroma
 * rows go to the sub-band scratch, interleaved after, output.h).  The
 * kernel asks for the next pair's lines as it goes; the walk asks for
 * nothing more (docs/design.md, "Prefetch of the next block"). */
void
pc_walk_packed_444_16 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  const PcDspU16 *k = &plan->dsp->u16;
  PcU16PairTo420Func pair = plan->siting.h_cosited ?
      k->u16_ayuv64_to_420_cosited : k->u16_ayuv64_to_420_box;
  PcU16PairTo420_10Func pair_10 = plan->siting.h_cosited ?
      k->u16_ayuv64_to_420_10_cosited : k->u16_ayuv64_to_420_10_box;
  gint read_shift = plan->format->drop_bits - 2;
  guint row;

  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    guint bottom = bottom_row (plan, row);
    guint8 *y0 = out_row (out, 0, 2 * row), *y1 = out_row (out, 0, bottom);
    guint8 *u = out_row (out, 1, row), *v = out_row (out, 2, row);
    const guint8 *s0 = in_row (in, 0, 2 * row), *s1 = in_row (in, 0, bottom);

    if (plan->out_10)
      pair_10 (y0, y1, u, v, s0, s1, read_shift, plan->out_shift, 0,
          plan->width);
    else
      pair (y0, y1, u, v, s0, s1, u16_round (plan, 0), u16_shift (plan, 0), 0,
          plan->width);
  }
}
