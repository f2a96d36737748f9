/* pooledconvert
 * Packed RGB, every byte order, 3 and 4 bytes a pixel: luma and chroma of
 * each row pair in one pass, centred or co-sited columns.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/edges.h"
#include "convert/walk.h"

/* The byte of a 4-byte pixel the RGB kernels start at, as a shift: 8 for
 * the orders with alpha or padding first. */
static inline guint
rgb_shift (const PcConvertPlan * plan)
{
  const guint *c = plan->format->channels;

  return 8 * MIN (c[0], c[2]);
}

/* One luma row of 4-byte RGB pixels.  At shift 0 every byte order is the
 * RGBA kernel with its weights in byte order, and so gets its tier's
 * fastest code; the orders with alpha first take the shifting kernel. */
void
pc_walk_rgb_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
    const guint8 * s)
{
  const PcRgbMatrix *m = &plan->matrix;
  guint shift = rgb_shift (plan);

  if (shift == 0)
    plan->dsp->rgba.rgba_to_y (d, aligned_source (plan, scratch, s,
            4 * plan->width, 4), m->y[0], m->y[1], m->y[2], m->y_bias,
        plan->width);
  else
    plan->dsp->rgb.rgb4_to_y (d, aligned_source (plan, scratch,
            s, 4 * plan->width, 4), shift, m->y[0], m->y[1], m->y[2],
        m->y_bias, plan->width);
}

/* The RGB chroma kernels in the shapes of edges.h, the matrix in
 * job->data and the byte of R (or B) in job->shift.  At shift 0 every
 * byte order of 4-byte pixels is the RGBA kernel; 3-byte pixels (a job of
 * stride 3) take the kernels that read them in place.  A job without
 * job->b writes NV12's pairs at job->a, V first where the plan swaps the
 * matrix rows (job->v_first). */
static void
rgb_box_pairs (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  const PcRgbMatrix *m = job->data;
  PcRgbaToUvPairsFunc box = job->pixel.stride == 3 ?
      kernels->rgb.rgb24_to_uv_pairs : kernels->rgba.rgba_to_uv_pairs;
  guint8 *d = job->a + 2 * at;

  if (job->shift == 0)
    box (d, rows[0], rows[1], m->u[0], m->u[1], m->u[2], m->v[0], m->v[1],
        m->v[2], job->v_first, n);
  else
    kernels->rgb.rgb4_to_uv_pairs (d, rows[0], rows[1], job->shift, m->u[0],
        m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], job->v_first, n);
}

static void
rgb_box (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  const PcRgbMatrix *m = job->data;
  PcRgbaToUvFunc box = job->pixel.stride == 3 ? kernels->rgb.rgb24_to_uv :
      kernels->rgba.rgba_to_uv;

  if (job->b == NULL) {
    rgb_box_pairs (job, kernels, at, rows, n);
    return;
  }

  if (job->shift == 0)
    box (job->a + at, job->b + at, rows[0], rows[1], m->u[0], m->u[1],
        m->u[2], m->v[0], m->v[1], m->v[2], n);
  else
    kernels->rgb.rgb4_to_uv (job->a + at, job->b + at, rows[0], rows[1],
        job->shift, m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], n);
}

static void
rgb_cosited (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  const PcRgbMatrix *m = job->data;
  PcRgbaToUvCositedFunc cosited = job->pixel.stride == 3 ?
      kernels->rgb.rgb24_to_uv_cosited_h : kernels->rgba.rgba_to_uv_cosited_h;

  if (job->b == NULL) {
    PcRgbaToUvCositedPairsFunc pairs = job->pixel.stride == 3 ?
        kernels->rgb.rgb24_to_uv_cosited_h_pairs :
        kernels->rgba.rgba_to_uv_cosited_h_pairs;

    pairs (job->a + 2 * at, rows[0], prev[0], rows[1], prev[1], m->u[0],
        m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], job->v_first, n);
    return;
  }
  cosited (job->a + at, job->b + at, rows[0], prev[0], rows[1], prev[1],
      m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], n);
}

/* A job over the row pair of @stride-byte pixels, U and V in the order
 * the matrix rows are in (B, G, R orders swap them: order_rgb_matrix);
 * without @v, NV12's pairs at @u, V's first where they are swapped. */
static void
rgb_job_init (PcEdgeJob * job, const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, guint stride)
{
  gboolean swap = plan->rgb_swap_uv && v != NULL;

  pc_edge_job_init (job, plan, scratch, swap ? v : u, swap ? u : v, s1, s2,
      stride);
  job->data = &plan->matrix;
  job->v_first = v == NULL && plan->rgb_swap_uv;
}

static void
rgb_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2)
{
  PcEdgeJob job;

  rgb_job_init (&job, plan, scratch, u, v, s1, s2, 4);
  job.shift = rgb_shift (plan);
  pc_edge_box_row (&job, rgb_box);
}

/* As pc_walk_planar_chroma_row co-sited, for 4-byte RGB pixel pairs of
 * any order (the layout's cosited_columns, formats.c).  The RGBA kernel
 * reads every order: the orders with alpha or padding first start one
 * byte in, where R, G, B are bytes 0 to 2 of each 4 bytes (byte 3, the
 * next pixel's alpha, has no weight).  Read so, an even row's last pair
 * would reach one byte past the row, and edges.c makes it on copies too. */
static void
rgb_chroma_row_cosited (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2)
{
  PcEdgeJob job;

  rgb_job_init (&job, plan, scratch, u, v, s1, s2, 4);
  job.pixel.offset = rgb_shift (plan) / 8;
  job.pixel.bytes = 3;
  pc_edge_cosited_row (&job, rgb_cosited);
}

/* 3-byte pixels in place, centred or co-sited; the kernels read any
 * alignment, so the job has no scratch. */
static void
rgb24_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2)
{
  PcEdgeJob job;

  rgb_job_init (&job, plan, NULL, u, v, s1, s2, 3);
  pc_edge_row (&job, rgb_box, rgb_cosited);
}

/* Samples a three-row kernel makes into the stack at a time, on their
 * way to NV12's pairs */
#define PAIRS_CHUNK 256

/* The three-row kernel of @job's shape over @rows (and @prev, the pairs
 * before, for the co-sited one). */
static void
rgb_rows3 (const PcEdgeJob * job, PcRgbaToUvRows3Func box,
    PcRgbaToUvCosited3Func cosited, guint8 * u, guint8 * v,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  const PcRgbMatrix *m = job->data;

  if (cosited != NULL)
    cosited (u, v, rows[0], prev[0], rows[1], prev[1], rows[2], prev[2],
        m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], n);
  else
    box (u, v, rows[0], rows[1], rows[2], m->u[0], m->u[1], m->u[2],
        m->v[0], m->v[1], m->v[2], n);
}

/* Samples @at .. @at + @n - 1 of a three-row job, @prev NULL for the box
 * shape; without job->b into NV12's pairs: U and V a stack chunk at a
 * time, then interleaved, V first where the plan swaps the matrix rows. */
static void
rgb_rows3_run (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS],
    const guint8 * const prev[PC_EDGE_MAX_ROWS], guint n)
{
  gboolean rgb24 = job->pixel.stride == 3;
  PcRgbaToUvRows3Func box = rgb24 ? kernels->rgb.rgb24_to_uv_cosited_v :
      kernels->rgba.rgba_to_uv_cosited_v;
  PcRgbaToUvCosited3Func cosited = prev == NULL ? NULL : rgb24 ?
      kernels->rgb.rgb24_to_uv_cosited_hv : kernels->rgba.rgba_to_uv_cosited_hv;
  guint8 u[PAIRS_CHUNK], v[PAIRS_CHUNK];
  const guint8 *r[PC_EDGE_MAX_ROWS] = { NULL };
  const guint8 *p[PC_EDGE_MAX_ROWS] = { NULL };
  gsize pair_bytes = 2 * (gsize) job->pixel.stride;
  guint done, chunk, k;

  if (job->b != NULL) {
    rgb_rows3 (job, box, cosited, job->a + at, job->b + at, rows, prev, n);
    return;
  }
  for (done = 0; done < n; done += chunk) {
    chunk = MIN (n - done, PAIRS_CHUNK);
    for (k = 0; k < 3; k++) {
      r[k] = rows[k] + pair_bytes * done;
      p[k] = prev != NULL ? prev[k] + pair_bytes * done : NULL;
    }
    rgb_rows3 (job, box, cosited, u, v, r, p, chunk);
    kernels->output.uv_interleave (job->a + 2 * (gsize) (at + done),
        job->v_first ? v : u, job->v_first ? u : v, chunk);
  }
}

static void
rgb_box3 (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  rgb_rows3_run (job, kernels, at, rows, NULL, n);
}

/* The three input rows, weighed 1, 2, 1, that make chroma row
 * @chroma_row as siting.c's row taps say: co-sited rows (of the frame or
 * of a field) are [1 2 1] over the rows around them, the edge row
 * repeated; a field's centred row weighs its nearer row 3/4, which is
 * that row taken twice. */
static void
rgb_chroma_source_rows (const PcConvertPlan * plan, gboolean interlaced,
    guint chroma_row, guint rows[3])
{
  PcTaps taps;

  pc_siting_row_taps (NULL, &plan->siting, interlaced, plan->height,
      chroma_row, &taps);
  if (taps.n == 3) {
    memcpy (rows, taps.index, 3 * sizeof (guint));
    return;
  }
  g_assert (taps.n == 2 && taps.weight[0] + taps.weight[1] == 4);
  rows[0] = taps.index[0];
  rows[1] = taps.weight[0] == 3 ? taps.index[0] : taps.index[1];
  rows[2] = taps.index[1];
}

/* Chroma row @chroma_row from three rows weighed [1 2 1] (co-sited rows,
 * and the rows of fields): the three-row kernels read the input rows in
 * place, 4-byte pixels of every order as the RGBA kernels (the orders with
 * alpha first one byte in, as rgb_chroma_row_cosited reads them). */
static void
rgb_chroma_rows3 (const PcConvertPlan * plan, guint8 * u, guint8 * v,
    const GstVideoFrame * in, guint chroma_row, gboolean interlaced)
{
  guint stride = plan->format->pixel_stride;
  guint rows[3];
  PcEdgeJob job;

  rgb_chroma_source_rows (plan, interlaced, chroma_row, rows);
  rgb_job_init (&job, plan, NULL, u, v, in_row (in, 0, rows[0]),
      in_row (in, 0, rows[1]), stride);
  job.rows[2] = in_row (in, 0, rows[2]);
  job.n_rows = 3;
  if (stride == 4) {
    job.pixel.offset = rgb_shift (plan) / 8;
    job.pixel.bytes = 3;
  }
  pc_edge_row (&job, rgb_box3, rgb_rows3_run);
}

typedef void (*PcRgbChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2);

/* One input row's luma into @d; returns the row its chroma is made from
 * (@slot, scratch of the row's own, when the row is widened there). */
typedef const guint8 *(*PcRgbLumaRowFunc) (const PcConvertPlan * plan,
    guint8 * slot, guint8 * d, const guint8 * s);

static const guint8 *
rgb4_luma_row (const PcConvertPlan * plan, guint8 * slot, guint8 * d,
    const guint8 * s)
{
  pc_walk_rgb_luma_row (plan, slot, d, s);
  return s;
}

/* The widened row is aligned scratch, which every tier reads in place. */
static const guint8 *
rgb24_widened_luma_row (const PcConvertPlan * plan, guint8 * slot,
    guint8 * d, const guint8 * s)
{
  plan->dsp->rgb.rgb24_to_rgb4 (slot, s, plan->width);
  pc_walk_rgb_luma_row (plan, slot, d, slot);
  return slot;
}

static const guint8 *
rgb24_luma_row (const PcConvertPlan * plan, guint8 * slot, guint8 * d,
    const guint8 * s)
{
  const PcRgbMatrix *m = &plan->matrix;

  plan->dsp->rgb.rgb24_to_y (d, s, m->y[0], m->y[1], m->y[2], m->y_bias,
      plan->width);
  return s;
}

/* 24-bit rows are read in place unless the tier's only kernels faster
 * than the twins are the 4-byte ones (ORC, which has no 3-byte elements):
 * there they are widened once into scratch and serve luma and chroma.
 * Measured on cold 1080p RGB frames (pc-loop, CPU time per frame, medians
 * of 9 to 16 runs): ORC widened 4.45 ms against 6.30 for the twins in
 * place; the C tier 7.66 widened, 6.30 in place; AVX2 1.21 widened (its
 * widening given the luma kernel's prefetch), 1.18 in place (5.50 and 4.81
 * at 4K); AVX-512 1.17 and 1.08 (5.40 and 4.83 at 4K).  One hot frame
 * (k-pc) widened took 1.10x (AVX2) and 1.17x (AVX-512) the time in place. */
static gboolean
widens_rgb24 (const PcConvertPlan * plan)
{
  const PcDsp *k = plan->dsp, *c = plan->c_twins;

  return k->rgb.rgb24_to_y == c->rgb.rgb24_to_y &&
      k->rgba.rgba_to_y != c->rgba.rgba_to_y;
}

void
pc_walk_rgb24_luma_row (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s)
{
  if (widens_rgb24 (plan))
    rgb24_widened_luma_row (plan, scratch, d, s);
  else
    rgb24_luma_row (plan, scratch, d, s);
}

/* Packed RGB is the exception to plane by plane: each row pair's two luma
 * rows and its chroma row are made while the pair's pixels are in cache.
 * The input is one stream and the largest plane; reading it twice (luma
 * plane, then chroma) measured 1.3x slower on frames that come from
 * memory.  Chroma rows that weigh three rows (co-sited ones, and those of
 * fields) also read rows outside the pair: rows before it, which earlier
 * pairs brought in, and for half of a field's chroma rows the row after
 * it, which the next pair then reads from cache. */
static void
packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch,
    gboolean interlaced)
{
  gboolean rows3 = plan->siting.v_cosited || interlaced;
  PcRgbLumaRowFunc luma_row_func = rgb4_luma_row;
  PcRgbChromaRowFunc chroma_row_func = plan->siting.h_cosited ?
      rgb_chroma_row_cosited : rgb_chroma_row;
  guint chroma_row, row;
  guint8 *u, *v;

  if (plan->format->pixel_stride == 3 && widens_rgb24 (plan)) {
    luma_row_func = rgb24_widened_luma_row;
  } else if (plan->format->pixel_stride == 3) {
    luma_row_func = rgb24_luma_row;
    chroma_row_func = rgb24_chroma_row;
  }
  for (chroma_row = band->first_chroma_row;
      chroma_row < band->end_chroma_row; chroma_row++) {
    guint bottom = bottom_row (plan, chroma_row);
    const guint8 *pair[2] = { NULL, NULL };

    for (row = 2 * chroma_row; row <= bottom; row++)
      pair[row & 1] = luma_row_func (plan, scratch->row[row & 1],
          out_row (out, 0, row), in_row (in, 0, row));
    if (bottom == 2 * chroma_row)
      pair[1] = pair[0];
    /* into NV12 the pairs (pc_walk_makes_pairs ()) */
    u = out_row (out, 1, chroma_row);
    v = GST_VIDEO_FRAME_N_PLANES (out) == 2 ? NULL : out_row (out, 2,
        chroma_row);
    if (rows3)
      rgb_chroma_rows3 (plan, u, v, in, chroma_row, interlaced);
    else
      chroma_row_func (plan, scratch, u, v, pair[0], pair[1]);
  }
}

void
pc_walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  packed_rgb (plan, in, out, band, scratch, FALSE);
}

/* Interlaced frames: each chroma row from the rows of its field that
 * siting.c's interlaced taps name, luma as for progressive frames. */
void
pc_walk_interlaced_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  packed_rgb (plan, in, out, band, scratch, TRUE);
}
