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
 * byte order is the RGBA kernel. */
static void
rgb_box (const PcEdgeJob * job, const PcDsp * kernels, guint at,
    const guint8 * const rows[PC_EDGE_MAX_ROWS], guint n)
{
  const PcRgbMatrix *m = job->data;

  if (job->shift == 0)
    kernels->rgba.rgba_to_uv (job->a + at, job->b + at, rows[0], rows[1],
        m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], n);
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

  kernels->rgba.rgba_to_uv_cosited_h (job->a + at, job->b + at, rows[0],
      prev[0], rows[1], prev[1], m->u[0], m->u[1], m->u[2], m->v[0],
      m->v[1], m->v[2], n);
}

/* A job over the row pair of 4-byte pixels, U and V in the order the
 * matrix rows are in (B, G, R orders swap them: order_rgb_matrix). */
static void
rgb_job_init (PcEdgeJob * job, const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2)
{
  pc_edge_job_init (job, plan, scratch, plan->rgb_swap_uv ? v : u,
      plan->rgb_swap_uv ? u : v, s1, s2, 4);
  job->data = &plan->matrix;
}

static void
rgb_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2)
{
  PcEdgeJob job;

  rgb_job_init (&job, plan, scratch, u, v, s1, s2);
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

  rgb_job_init (&job, plan, scratch, u, v, s1, s2);
  job.pixel.offset = rgb_shift (plan) / 8;
  job.pixel.bytes = 3;
  pc_edge_cosited_row (&job, rgb_cosited);
}

typedef void (*PcRgbChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2);

/* Packed RGB is the exception to plane by plane: each row pair's two luma
 * rows and its chroma row are made while the pair's pixels are in cache.
 * The input is one stream and the largest plane; reading it twice (luma
 * plane, then chroma) measured 1.3x slower on frames that come from
 * memory.  24-bit rows are widened into the scratch once and serve both
 * (the scratch rows are aligned, so the kernels read them in place). */
void
pc_walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean widen = plan->format->pixel_stride == 3;
  PcRgbChromaRowFunc chroma_row_func = plan->siting.h_cosited ?
      rgb_chroma_row_cosited : rgb_chroma_row;
  guint chroma_row, row;

  for (chroma_row = band->first_chroma_row;
      chroma_row < band->end_chroma_row; chroma_row++) {
    guint bottom = bottom_row (plan, chroma_row);
    const guint8 *pair[2] = { NULL, NULL };

    for (row = 2 * chroma_row; row <= bottom; row++) {
      guint8 *slot = scratch->row[row & 1];
      const guint8 *s = in_row (in, 0, row);

      if (widen) {
        plan->dsp->rgb.rgb24_to_rgb4 (slot, s, plan->width);
        s = slot;
      }
      pair[row & 1] = s;
      pc_walk_rgb_luma_row (plan, slot, out_row (out, 0, row), s);
    }
    if (bottom == 2 * chroma_row)
      pair[1] = pair[0];
    chroma_row_func (plan, scratch, out_row (out, 1, chroma_row),
        out_row (out, 2, chroma_row), pair[0], pair[1]);
  }
}
