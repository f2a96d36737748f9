/* pooledconvert
 * Semi-planar (NV12 and kin) and packed (YUY2, AYUV and kin) YUV, and
 * grey: the row routines of pc_walk_rows, and the field walk of 8-bit 4:2:2
 * (planar, semi-planar and packed).
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/edges.h"
#include "convert/walk.h"

static void
uv_split_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->semi_planar.uv_deinterleave (a, b,
      aligned_source (plan, scratch->row[0], s1, 2 * n, 2), n);
}

static void
uv_split_avg_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->semi_planar.uv_deinterleave_avg_v (a, b,
      aligned_source (plan, scratch->row[0], s1, 2 * n, 2),
      aligned_source (plan, scratch->row[1], s2, 2 * n, 2), n);
}

/* The semi-planar and packed 4:4:4 chroma kernels in the shapes of
 * edges.h; the packed ones pick U and V by job->shift. */
static void
uv_box_2x2 (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->semi_planar.uv_deinterleave_box_2x2 (job->a + at, job->b + at,
      rows[0], rows[1], n);
}

static void
packed444_box (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->packed.packed444_box_2x2 (job->a + at, job->b + at, rows[0],
      rows[1], job->shift, n);
}

static void
packed444_cosited (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->packed.packed444_cosited_h (job->a + at, job->b + at, rows[0],
      prev[0], rows[1], prev[1], job->shift, n);
}

/* The same as NV12's pairs at job->a, V's first where job->v_first */
static void
packed444_box_pairs (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->packed.packed444_box_2x2_pairs (job->a + 2 * at, rows[0], rows[1],
      job->shift, job->v_first, n);
}

static void
packed444_cosited_pairs (const PcEdgeJob * job, const PcDsp * kernels,
    guint at, const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  kernels->packed.packed444_cosited_h_pairs (job->a + 2 * at, rows[0],
      prev[0], rows[1], prev[1], job->shift, job->v_first, n);
}

static void
uv_split_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  PcEdgeJob job;

  pc_edge_job_init (&job, plan, scratch, a, b, s1, s2, 2);
  pc_edge_box_row (&job, uv_box_2x2);
}

/* Packed 4:2:2 has 2 bytes per pixel, 4:4:4 has 4: the kernel that reads
 * elements of that size. */
static void
packed_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  guint bytes = plan->format->pixel_stride;
  PcPickFunc pick = bytes == 2 ? plan->dsp->packed.packed422_to_y :
      plan->dsp->packed.packed444_to_y;

  pick (d, aligned_source (plan, scratch, s, bytes * plan->width,
          bytes), 8 * plan->format->channels[0], plan->width);
}

static void
packed422_chroma_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2)
{
  guint n = chroma_width (plan);

  plan->dsp->packed.packed422_to_uv (a, b,
      aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
      aligned_source (plan, scratch->row[1], s2, 4 * n, 4),
      chroma_shift (plan), n);
}

/* Packed 4:2:2 chroma as NV12's pairs, U's byte (channels[1]) first in
 * any byte order.  ORC writes the pairs as 2-byte elements, which its
 * SIMD code assumes aligned: a row at an odd address takes the twin. */
static void
packed422_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  const guint8 *s1 = rows[0], *s2 = rows[1];
  guint n = chroma_width (plan);
  PcPickPairsFunc pairs = plan->dsp->needs_aligned_sources &&
      ((guintptr) d & 1) != 0 ? plan->c_twins->packed.packed422_to_uv_pairs :
      plan->dsp->packed.packed422_to_uv_pairs;

  pairs (d, aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
      aligned_source (plan, scratch->row[1], s2, 4 * n, 4),
      8 * plan->format->channels[1], n);
}

/* Packed 4:4:4 chroma (AYUV, VUYA): one kernel over the pixel pairs of
 * both rows, box-filtered or, co-sited, each row read as pair i and pair
 * i - 1, as pc_walk_planar_chroma_row does for a plane. */
static void
packed444_chroma_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2)
{
  PcEdgeJob job;

  pc_edge_job_init (&job, plan, scratch, a, b, s1, s2, 4);
  job.shift = chroma_shift (plan);
  pc_edge_row (&job, packed444_box, packed444_cosited);
}

/* The same as NV12's pairs: the kernel picks the two chroma bytes in the
 * order the pixel holds them, so VUYA's pairs are written V first. */
static void
packed444_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  PcEdgeJob job;

  pc_edge_job_init (&job, plan, scratch, d, NULL, rows[0], rows[1], 4);
  job.shift = chroma_shift (plan);
  job.v_first = plan->format->channels[2] < plan->format->channels[1];
  pc_edge_row (&job, packed444_box_pairs, packed444_cosited_pairs);
}

/* Semi-planar 4:4:4 chroma (NV24), co-sited: each row of the pair
 * is split into a U row and a V row (in the order the input holds them),
 * and each goes through the planar co-sited row. */
static void
uv_split_cosited_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2)
{
  guint8 *const *c = scratch->chroma;   /* a top, a bottom, b top, b bottom */
  guint8 *row_scratch = scratch->row[0];
  guint n = plan->width;

  plan->dsp->semi_planar.uv_deinterleave (c[0], c[2],
      aligned_source (plan, row_scratch, s1, 2 * n, 2), n);
  if (s2 != s1)
    plan->dsp->semi_planar.uv_deinterleave (c[1], c[3],
        aligned_source (plan, row_scratch, s2, 2 * n, 2), n);
  pc_walk_planar_chroma_row (plan, scratch, a, c[0], s2 != s1 ? c[1] : c[0]);
  pc_walk_planar_chroma_row (plan, scratch, b, c[2], s2 != s1 ? c[3] : c[2]);
}

/* Grey luma, remapped when the output's range is another, else copied by
 * the plan's row copy (streamed for frames larger than the cache, as the
 * other walks' luma); to 10-bit output, by the plan's affine map or
 * through its words, or each byte four times as a 10-bit code when the
 * range is kept */
static void
gray_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  const gint *p = plan->gray_affine_params;

  if (plan->gray_10_affine) {
    const gint *q = plan->gray_10_affine_params;

    plan->dsp->packed.gray_affine_10 (d, s, q[0], q[1], q[2],
        plan->out_shift, plan->width);
  } else if (plan->gray_10 && plan->gray_10_words != NULL)
    plan->dsp->packed.gray_remap_to_u16 (d, s, plan->gray_10_words,
        plan->width);
  else if (plan->gray_10)
    plan->dsp->stage.stage_widen_10 (d, s, 1, plan->out_shift, plan->width);
  else if (plan->gray_affine)
    plan->dsp->packed.gray_affine (d, s, p[0], p[1], p[2], p[3], plan->width);
  else if (plan->gray_remap)
    plan->dsp->packed.gray_remap (d, s, plan->gray_luma, plan->width);
  else
    plan->dsp->store.copy_row (d, s, plan->width);
}

static void
gray_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  gray_chroma (plan, a, chroma_width (plan));
  gray_chroma (plan, b, chroma_width (plan));
}

/* NV12's and P010_10LE's rows of the middle value, twice the samples */
static void
gray_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  gray_chroma (plan, d, 2 * chroma_width (plan));
}

/* NV16's chroma rows as NV12's are their average, byte for byte; NV61's
 * also swap each pair.  ORC stores NV61's pairs as 2-byte elements, which
 * its SIMD code assumes aligned: a row at an odd address takes the twin. */
static void
uv_avg_pairs_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * const rows[4])
{
  const guint8 *s1 = rows[0], *s2 = rows[1];
  guint n = chroma_width (plan);
  PcChromaFunc swap_avg = plan->dsp->semi_planar.uv_swap_avg_v;

  if (plan->format->channels[1] < plan->format->channels[2]) {
    plan->dsp->chroma.chroma_avg_v (d, s1, s2, 2 * n);
    return;
  }
  if (plan->dsp->needs_aligned_sources && ((guintptr) d & 1) != 0)
    swap_avg = plan->c_twins->semi_planar.uv_swap_avg_v;
  swap_avg (d, aligned_source (plan, scratch->row[0], s1, 2 * n, 2),
      aligned_source (plan, scratch->row[1], s2, 2 * n, 2), n);
}

const PcRowWalk pc_rows_semi_planar_420 = { NULL, uv_split_row, TRUE };
const PcRowWalk pc_rows_semi_planar_422 = { NULL, uv_split_avg_row, FALSE,
  NULL, uv_avg_pairs_row
};

const PcRowWalk pc_rows_semi_planar_444 = { NULL, uv_split_box_row, FALSE,
  uv_split_cosited_row
};

const PcRowWalk pc_rows_packed_422 = { packed_luma_row, packed422_chroma_row,
  FALSE, NULL, packed422_pairs_row
};

const PcRowWalk pc_rows_packed_444 = { packed_luma_row, packed444_chroma_row,
  FALSE, NULL, packed444_pairs_row
};

/* 16-bit grey luma: through the plan's table to another range, else
 * rounded to 8 bits as the 16-bit walks round; to 10-bit output, through
 * the plan's words */
static void
gray_16_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  if (plan->gray_10)
    plan->dsp->u16.u16_remap_to_u16 (d, s, plan->gray_10_words, plan->width);
  else if (plan->gray_16_luma != NULL)
    plan->dsp->u16.u16_remap_to_u8 (d, s, plan->gray_16_luma, plan->width);
  else
    plan->dsp->u16.u16_to_u8 (d, aligned_source (plan, scratch, s,
            2 * plan->width, 2), 1 << (plan->format->drop_bits - 1),
        plan->format->drop_bits, plan->width);
}

/* GRAY10_LE32: three samples a word, unpacked to GRAY16_LE's words in
 * @scratch first, then as GRAY16_LE */
static void
gray_words_luma_row (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s)
{
  plan->dsp->unpack.unpack_gray10_le32 (scratch, s, plan->width);
  gray_16_luma_row (plan, NULL, d, scratch);
}

const PcRowWalk pc_rows_gray = { gray_luma_row, gray_chroma_row, TRUE, NULL,
  gray_pairs_row
};

const PcRowWalk pc_rows_gray_16 = { gray_16_luma_row, gray_chroma_row, TRUE,
  NULL, gray_pairs_row
};

const PcRowWalk pc_rows_gray_words = { gray_words_luma_row, gray_chroma_row,
  TRUE, NULL, gray_pairs_row
};

/* Chroma row @row of interlaced 4:2:2 input: 3/4 of the nearer and 1/4
 * of the farther row of its field, the taps siting.c gives the general
 * path.  Packed rows go through one kernel; semi-planar rows are split
 * into the scratch chroma rows first; planar rows are read as they are. */
static void
interlaced_422_chroma_row (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out,
    const PcRowScratch * scratch, guint row)
{
  const guint *planes = plan->format->planes;
  gboolean u_first = plan->format->channels[1] <= plan->format->channels[2];
  guint8 *u = out_row (out, 1, row), *v = out_row (out, 2, row);
  guint8 *const *c = scratch->chroma;   /* a near, a far, b near, b far */
  guint n = chroma_width (plan), near, far;

  pc_walk_field_rows (plan, row, &near, &far);
  switch (plan->format->layout) {
    case PC_LAYOUT_PACKED_422:
      plan->dsp->packed.packed422_to_uv_weighted (u_first ? u : v,
          u_first ? v : u, aligned_source (plan, scratch->row[0],
              in_row (in, 0, near), 4 * n, 4),
          aligned_source (plan, scratch->row[1], in_row (in, 0, far),
              4 * n, 4), chroma_shift (plan), n);
      break;
    case PC_LAYOUT_SEMI_PLANAR_422:
      uv_split_row (plan, scratch, c[0], c[2], in_row (in, planes[1], near),
          NULL);
      uv_split_row (plan, scratch, c[1], c[3], in_row (in, planes[1], far),
          NULL);
      plan->dsp->chroma.chroma_weighted_v (u_first ? u : v, c[0], c[1], n);
      plan->dsp->chroma.chroma_weighted_v (u_first ? v : u, c[2], c[3], n);
      break;
    default:                   /* planar */
      plan->dsp->chroma.chroma_weighted_v (u, in_row (in, planes[1], near),
          in_row (in, planes[1], far), n);
      plan->dsp->chroma.chroma_weighted_v (v, in_row (in, planes[2], near),
          in_row (in, planes[2], far), n);
      break;
  }
}

/* Interlaced 8-bit 4:2:2 without a matrix change, the capture-card case
 * (UYVY, YUY2 at 1080i).  Packed rows hold luma and chroma: each chroma
 * row follows the two luma rows of its pair, whose four input rows (two
 * per field) are the ones its chroma reads, so they are still in cache. */
void
pc_walk_interlaced_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean packed = plan->format->layout == PC_LAYOUT_PACKED_422;
  guint row, y;

  if (!packed)
    pc_walk_copy_luma (plan, in, out, band);
  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    if (packed)
      for (y = 2 * row; y <= bottom_row (plan, row); y++)
        packed_luma_row (plan, scratch->row[0], out_row (out, 0, y),
            in_row (in, 0, y));
    interlaced_422_chroma_row (plan, in, out, scratch, row);
  }
}
