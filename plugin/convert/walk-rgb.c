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
 * memory. */
void
pc_walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  PcRgbLumaRowFunc luma_row_func = rgb4_luma_row;
  PcRgbChromaRowFunc chroma_row_func = plan->siting.h_cosited ?
      rgb_chroma_row_cosited : rgb_chroma_row;
  guint chroma_row, row;

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
    chroma_row_func (plan, scratch, out_row (out, 1, chroma_row),
        GST_VIDEO_FRAME_N_PLANES (out) == 2 ? NULL : out_row (out, 2,
            chroma_row), pair[0], pair[1]);
  }
}
