/* pooledconvert
 * Packed RGB, every byte order, 3 and 4 bytes a pixel: luma and chroma of
 * each row pair in one pass, centred or co-sited columns.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/walk.h"
#include "dsp/c/kernels-formats-c.h"
#include "dsp/c/kernels-siting-c.h"

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

static void
rgb_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2)
{
  const PcRgbMatrix *m = &plan->matrix;
  guint shift = rgb_shift (plan);
  gsize bytes = 8 * plan->full_pairs;

  if (plan->rgb_swap_uv) {
    guint8 *t = u;

    u = v;
    v = t;
  }

  if (plan->full_pairs > 0 && shift == 0)
    plan->dsp->rgba.rgba_to_uv (u, v,
        aligned_source (plan, scratch->row[0], s1, bytes, 8),
        aligned_source (plan, scratch->row[1], s2, bytes, 8),
        m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], plan->full_pairs);
  else if (plan->full_pairs > 0)
    plan->dsp->rgb.rgb4_to_uv (u, v,
        aligned_source (plan, scratch->row[0], s1, bytes, 8),
        aligned_source (plan, scratch->row[1], s2, bytes, 8), shift,
        m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], plan->full_pairs);

  if (plan->width & 1) {
    const guint8 *a = s1 + 4 * (plan->width - 1);
    const guint8 *b = s2 + 4 * (plan->width - 1);
    const guint8 top_px[8] = { a[0], a[1], a[2], a[3], a[0], a[1], a[2], a[3] };
    const guint8 bottom_px[8] =
        { b[0], b[1], b[2], b[3], b[0], b[1], b[2], b[3] };
    guint i = plan->full_pairs;

    pc_rgb4_to_uv_c (u + i, v + i, top_px, bottom_px, shift, m->u[0],
        m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], 1);
  }
}

/* Pixels @first and @first + 1 of RGB row @s into @pair as RGBA kernels
 * read them (R, G, B in bytes 0 to 2), columns outside the row replaced
 * by the edge pixel. */
static inline void
rgb_pixel_pair (const PcConvertPlan * plan, guint8 pair[8], const guint8 * s,
    gint first)
{
  guint offset = rgb_shift (plan) / 8, j;

  for (j = 0; j < 2; j++) {
    gint column = CLAMP (first + (gint) j, 0, (gint) plan->width - 1);

    memcpy (pair + 4 * j, s + 4 * column + offset, 3);
    pair[4 * j + 3] = 0;
  }
}

/* Co-sited chroma sample @i of an RGB row pair by the C twin, on pixel
 * pairs copied with the edges repeated. */
static void
rgb_cosited_sample (const PcConvertPlan * plan, guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, guint i)
{
  const PcRgbMatrix *m = &plan->matrix;
  guint8 c1[8], p1[8], c2[8], p2[8];

  rgb_pixel_pair (plan, c1, s1, 2 * i);
  rgb_pixel_pair (plan, p1, s1, 2 * i - 2);
  rgb_pixel_pair (plan, c2, s2, 2 * i);
  rgb_pixel_pair (plan, p2, s2, 2 * i - 2);
  pc_rgba_to_uv_cosited_h_c (u + i, v + i, c1, p1, c2, p2, m->u[0], m->u[1],
      m->u[2], m->v[0], m->v[1], m->v[2], 1);
}

/* As chroma_cosited_row, for 4-byte RGB pixel pairs, any order
 * (has_cosited_columns).  The RGBA kernel reads every order: the orders
 * with alpha or padding first start one byte in, where R, G, B are bytes
 * 0 to 2 of each 4 bytes (byte 3, the next pixel's alpha, has no weight).
 * Read so, an even row's last pair would reach one byte past the row: that
 * pair, column 0 and an odd last column go through the C twin on copies. */
static void
rgb_chroma_row_cosited (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2)
{
  const PcRgbMatrix *m = &plan->matrix;
  guint offset = rgb_shift (plan) / 8;
  /* the pairs whose 8 bytes from @offset lie in the row, at least one */
  guint in_row = MAX (MIN (plan->full_pairs,
          (4 * plan->width - offset) / 8), 1);
  guint i;

  /* B, G, R orders: the matrix rows are in byte order (order_rgb_matrix) */
  if (plan->rgb_swap_uv) {
    guint8 *t = u;

    u = v;
    v = t;
  }
  rgb_cosited_sample (plan, u, v, s1, s2, 0);
  if (in_row > 1) {
    gsize bytes = 8 * (gsize) in_row;
    const guint8 *r1 = aligned_source (plan, scratch->row[0], s1 + offset,
        bytes, 8);
    const guint8 *r2 = aligned_source (plan, scratch->row[1], s2 + offset,
        bytes, 8);

    plan->dsp->cosited.rgba_to_uv_cosited_h (u + 1, v + 1, r1 + 8, r1, r2 + 8,
        r2, m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], in_row - 1);
  }
  for (i = in_row; i < chroma_width (plan); i++)
    rgb_cosited_sample (plan, u, v, s1, s2, i);
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
