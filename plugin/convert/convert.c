/* pooledconvert
 * The conversion plan and the frame walk.  Every input format is one row of
 * format_table, which names one of a few walks.  A planar walk goes plane
 * by plane over a band of rows: the luma plane in one copy, each chroma
 * plane row after row with one kernel call per row.  Going plane by plane
 * keeps few memory streams open at once; interleaving luma and chroma rows
 * per row pair measured 15-30 % slower.  Packed RGB, one input stream, is
 * walked in row pairs (see walk_packed_rgb).  Odd frame edges reuse the
 * pixels that exist, so the last chroma sample averages only real pixels.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "convert/convert.h"
#include "dsp/c/kernels-c.h"

/* the RGBA row kernels read RGBA pixels as little-endian words */
#if G_BYTE_ORDER != G_LITTLE_ENDIAN
#error "the RGBA row kernels assume a little-endian machine"
#endif

#define Q16_ONE 65536.0

static const PcFormatEntry format_table[] = {
  /* only reached when passthrough is off for equal I420 caps */
  {GST_VIDEO_FORMAT_I420, PC_WALK_COPY_420, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_YV12, PC_WALK_COPY_420, {0, 2, 1}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV12, PC_WALK_SEMI_PLANAR_420, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_NV21, PC_WALK_SEMI_PLANAR_420, {0, 1, 1}, 0, {0, 1, 0}},
  {GST_VIDEO_FORMAT_YUY2, PC_WALK_PACKED_422, {0, 0, 0}, 2, {0, 1, 3}},
  {GST_VIDEO_FORMAT_UYVY, PC_WALK_PACKED_422, {0, 0, 0}, 2, {1, 0, 2}},
  {GST_VIDEO_FORMAT_YVYU, PC_WALK_PACKED_422, {0, 0, 0}, 2, {0, 3, 1}},
  {GST_VIDEO_FORMAT_Y42B, PC_WALK_PLANAR_422, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV16, PC_WALK_SEMI_PLANAR_422, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_NV61, PC_WALK_SEMI_PLANAR_422, {0, 1, 1}, 0, {0, 1, 0}},
  {GST_VIDEO_FORMAT_Y444, PC_WALK_PLANAR_444, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_NV24, PC_WALK_SEMI_PLANAR_444, {0, 1, 1}, 0, {0, 0, 1}},
  {GST_VIDEO_FORMAT_AYUV, PC_WALK_PACKED_444, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_VUYA, PC_WALK_PACKED_444, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_GRAY8, PC_WALK_GRAY, {0, 0, 0}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_I420_10LE, PC_WALK_PLANAR_420_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_P010_10LE, PC_WALK_SEMI_PLANAR_420_16, {0, 1, 1}, 0,
      {0, 0, 1}, 8},
  {GST_VIDEO_FORMAT_I422_10LE, PC_WALK_PLANAR_422_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_Y444_10LE, PC_WALK_PLANAR_444_16, {0, 1, 2}, 0,
      {0, 0, 0}, 2},
  {GST_VIDEO_FORMAT_RGBA, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {0, 1, 2}},
  {GST_VIDEO_FORMAT_RGBx, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {0, 1, 2}},
  {GST_VIDEO_FORMAT_BGRA, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_BGRx, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {2, 1, 0}},
  {GST_VIDEO_FORMAT_ARGB, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_xRGB, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {1, 2, 3}},
  {GST_VIDEO_FORMAT_ABGR, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {3, 2, 1}},
  {GST_VIDEO_FORMAT_xBGR, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {3, 2, 1}},
  {GST_VIDEO_FORMAT_RGB, PC_WALK_PACKED_RGB, {0, 0, 0}, 3, {0, 1, 2}},
  {GST_VIDEO_FORMAT_BGR, PC_WALK_PACKED_RGB, {0, 0, 0}, 3, {2, 1, 0}},
};

/* The band of output rows one call converts, and the chroma rows in it. */
typedef struct
{
  guint first_row;
  guint end_row;
  guint first_chroma_row;
  guint end_chroma_row;
} PcBand;

static inline const guint8 *
in_row (const GstVideoFrame * frame, guint plane, guint row)
{
  return (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      row * (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
}

static inline guint8 *
out_row (GstVideoFrame * frame, guint plane, guint row)
{
  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane) +
      row * (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
}

/* The second full-resolution row of chroma row @chroma_row: an odd last
 * row pairs with itself. */
static inline guint
bottom_row (const PcConvertPlan * plan, guint chroma_row)
{
  return MIN (2 * chroma_row + 1, plan->height - 1);
}

/* Output chroma samples per row. */
static inline guint
chroma_width (const PcConvertPlan * plan)
{
  return (plan->width + 1) / 2;
}

/* ORC reads each source array in elements of the kernel's size (an RGBA
 * pixel, a pair of pixels) and its SIMD code assumes every element is
 * naturally aligned.  Rows of a frame with a video meta may start anywhere,
 * so when the plan's context needs aligned sources (its ORC tier) a
 * misaligned row is copied to scratch first.  Of
 * default layouts only RGBA at odd widths takes this path (a 4 * width
 * stride puts every second row at 4 modulo 8). */
static inline const guint8 *
aligned_source (const PcConvertPlan * plan, guint8 * scratch,
    const guint8 * row, gsize bytes, guint align)
{
  if (!plan->dsp->needs_aligned_sources ||
      G_LIKELY (((guintptr) row & (align - 1)) == 0))
    return row;
  memcpy (scratch, row, bytes);
  return scratch;
}

/* Copies @rows rows of @row_bytes: one memcpy when both planes are
 * contiguous, else row by row (padding is never read or written). */
static void
copy_rows (GstVideoFrame * out, guint out_plane, guint out_first,
    const GstVideoFrame * in, guint in_plane, guint in_first, guint rows,
    gsize row_bytes)
{
  gint in_stride = GST_VIDEO_FRAME_PLANE_STRIDE (in, in_plane);
  gint out_stride = GST_VIDEO_FRAME_PLANE_STRIDE (out, out_plane);
  guint row;

  if (rows == 0)
    return;
  if ((gsize) in_stride == row_bytes && (gsize) out_stride == row_bytes) {
    memcpy (out_row (out, out_plane, out_first),
        in_row (in, in_plane, in_first), rows * row_bytes);
    return;
  }
  for (row = 0; row < rows; row++)
    memcpy (out_row (out, out_plane, out_first + row),
        in_row (in, in_plane, in_first + row), row_bytes);
}

static void
copy_luma (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band)
{
  copy_rows (out, 0, band->first_row, in, plan->format->planes[0],
      band->first_row, band->end_row - band->first_row, plan->width);
}

/* The rows of interlaced chroma row @row's field that siting.c's taps
 * weigh: the nearer (3/4) and the farther (1/4; the same row at the
 * bottom edge). */
static void
field_rows (const PcConvertPlan * plan, guint row, guint * near, guint * far)
{
  PcTaps taps;

  pc_siting_row_taps (&plan->siting, TRUE, plan->height, row, &taps);
  *near = taps.weight[0] > taps.weight[1] ? taps.index[0] : taps.index[1];
  *far = *near == taps.index[0] ? taps.index[1] : taps.index[0];
}

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

static void
chroma_cosited_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2)
{
  cosited_row_with (plan, scratch, d, s1, s2,
      plan->dsp->chroma.chroma_cosited_h, pc_chroma_cosited_h_c);
}

/* An interlaced field's row: 3/4 from @s1, the nearer row. */
static void
chroma_cosited_row_weighted (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  cosited_row_with (plan, scratch, d, s1, s2,
      plan->dsp->chroma.chroma_cosited_h_weighted,
      pc_chroma_cosited_h_weighted_c);
}

/* One full-resolution chroma row pair down to one I420 row. */
typedef void (*PcPlanarChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * d, const guint8 * s1,
    const guint8 * s2);

static void
walk_planar_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  PcPlanarChromaRowFunc chroma_row = plan->siting.h_cosited ?
      chroma_cosited_row : chroma_box_row;
  guint c, row;

  copy_luma (plan, in, out, band);
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
static void
walk_interlaced_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  PcPlanarChromaRowFunc chroma_row = plan->siting.h_cosited ?
      chroma_cosited_row_weighted : chroma_box_row_weighted;
  guint c, row, near, far;

  copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
      field_rows (plan, row, &near, &far);
      chroma_row (plan, scratch, out_row (out, c, row), in_row (in, plane,
              near), in_row (in, plane, far));
    }
  }
}

static void
walk_planar_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint chroma_width = (plan->width + 1) / 2;
  guint c, row;

  copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      plan->dsp->chroma.chroma_avg_v (out_row (out, c, row),
          in_row (in, plane, 2 * row), in_row (in, plane, bottom_row (plan,
                  row)), chroma_width);
  }
}

static void
walk_copy_420 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c;

  copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++)
    copy_rows (out, c, band->first_chroma_row, in, plan->format->planes[c],
        band->first_chroma_row,
        band->end_chroma_row - band->first_chroma_row, (plan->width + 1) / 2);
}

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
static void
rgb_luma_row (const PcConvertPlan * plan, guint8 * scratch, guint8 * d,
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

    plan->dsp->rgba.rgba_to_uv_cosited_h (u + 1, v + 1, r1 + 8, r1, r2 + 8,
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
static void
walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
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
      rgb_luma_row (plan, slot, out_row (out, 0, row), s);
    }
    if (bottom == 2 * chroma_row)
      pair[1] = pair[0];
    chroma_row_func (plan, scratch, out_row (out, 1, chroma_row),
        out_row (out, 2, chroma_row), pair[0], pair[1]);
  }
}

/* ---- walks built from a luma row and a chroma row routine --------------- */

/* One output luma row @d from input row @s. */
typedef void (*PcLumaRowFunc) (const PcConvertPlan * plan, guint8 * scratch,
    guint8 * d, const guint8 * s);

/* One output chroma row.  @a and @b are the U and V rows in the order the
 * input holds them (interleaved or packed input), or @a is the row of one
 * plane and @b NULL (planar input, one plane at a time); @s1 and @s2 are
 * the input rows of the pair (the same row for 4:2:0 input). */
typedef void (*PcChromaRowFunc) (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2);

typedef struct
{
  PcLumaRowFunc luma_row;       /* NULL: the luma plane is copied */
  PcChromaRowFunc chroma_row;
  gboolean half_height;         /* the input chroma is 4:2:0 already */
  /* the chroma row for horizontally co-sited output (mpeg2), when the
   * walk makes it (4:4:4); NULL: chroma_row serves every siting */
  PcChromaRowFunc cosited_chroma_row;
  /* co-sited rows (v-cosited, cosited) from the siting's row taps
   * (u16_taps_row); FALSE: the general walk makes them */
  gboolean cosited_rows;
} PcRowWalk;

/* An odd last column of 4:4:4 input: the kernel's C twin runs on a copy
 * that repeats the last pixel (@bytes bytes), so the box averages the
 * pixels that exist. */
static inline void
repeat_last_pixel (guint8 * pair, const guint8 * row, guint width, guint bytes)
{
  memcpy (pair, row + (gsize) bytes * (width - 1), bytes);
  memcpy (pair + bytes, pair, bytes);
}

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

static void
uv_split_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  guint n = plan->full_pairs;

  if (n > 0)
    plan->dsp->semi_planar.uv_deinterleave_box_2x2 (a, b,
        aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
        aligned_source (plan, scratch->row[1], s2, 4 * n, 4), n);
  if (plan->width & 1) {
    guint8 top[4], bottom[4];

    repeat_last_pixel (top, s1, plan->width, 2);
    repeat_last_pixel (bottom, s2, plan->width, 2);
    pc_uv_deinterleave_box_2x2_c (a + n, b + n, top, bottom, 1);
  }
}

/* Packed YUV: channels[] are the bytes of Y, U and V in the (macro)pixel;
 * the kernels pick a byte by a shift. */
static inline guint
chroma_shift (const PcConvertPlan * plan)
{
  return 8 * MIN (plan->format->channels[1], plan->format->channels[2]);
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

static void
packed444_chroma_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2)
{
  guint n = plan->full_pairs;

  if (n > 0)
    plan->dsp->packed.packed444_box_2x2 (a, b,
        aligned_source (plan, scratch->row[0], s1, 8 * n, 8),
        aligned_source (plan, scratch->row[1], s2, 8 * n, 8),
        chroma_shift (plan), n);
  if (plan->width & 1) {
    guint8 top[8], bottom[8];

    repeat_last_pixel (top, s1, plan->width, 4);
    repeat_last_pixel (bottom, s2, plan->width, 4);
    pc_packed444_box_2x2_c (a + n, b + n, top, bottom, chroma_shift (plan), 1);
  }
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
  chroma_cosited_row (plan, scratch, a, c[0], s2 != s1 ? c[1] : c[0]);
  chroma_cosited_row (plan, scratch, b, c[2], s2 != s1 ? c[3] : c[2]);
}

/* Packed 4:4:4 chroma (AYUV, VUYA), co-sited: one kernel over the pixel
 * pairs of both rows, each row read as pair i and pair i - 1, as
 * chroma_cosited_row does for a plane.  Column 0 and an odd last column go
 * through the C twin on pairs that repeat the edge pixel. */
static void
packed444_cosited_row (const PcConvertPlan * plan,
    const PcRowScratch * scratch, guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2)
{
  guint pairs = plan->full_pairs, last = plan->width - 1;
  guint shift = chroma_shift (plan);
  guint8 left1[8], left2[8], right1[8], right2[8];

  repeat_last_pixel (left1, s1, 1, 4);
  repeat_last_pixel (left2, s2, 1, 4);
  if (pairs > 0)
    pc_packed444_cosited_h_c (a, b, s1, left1, s2, left2, shift, 1);
  if (pairs > 1) {
    gsize bytes = 8 * (gsize) pairs;
    const guint8 *r1 = aligned_source (plan, scratch->row[0], s1,
        bytes, 8);
    const guint8 *r2 = aligned_source (plan, scratch->row[1], s2,
        bytes, 8);

    plan->dsp->packed.packed444_cosited_h (a + 1, b + 1, r1 + 8, r1,
        r2 + 8, r2, shift, pairs - 1);
  }
  if (plan->width & 1) {
    repeat_last_pixel (right1, s1, plan->width, 4);
    repeat_last_pixel (right2, s2, plan->width, 4);
    pc_packed444_cosited_h_c (a + pairs, b + pairs, right1,
        last > 0 ? s1 + 4 * (last - 2) : left1, right2,
        last > 0 ? s2 + 4 * (last - 2) : left2, shift, 1);
  }
}

static void
gray_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  memset (a, 128, chroma_width (plan));
  memset (b, 128, chroma_width (plan));
}

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

static void
u16_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  gint round = u16_round (plan, 2), shift = u16_shift (plan, 2);
  guint n = plan->full_pairs;

  if (n > 0)
    plan->dsp->u16.u16_box_2x2_to_u8 (a,
        aligned_source (plan, scratch->row[0], s1, 4 * n, 4),
        aligned_source (plan, scratch->row[1], s2, 4 * n, 4), round, shift, n);
  if (plan->width & 1) {
    guint8 top[4], bottom[4];

    repeat_last_pixel (top, s1, plan->width, 2);
    repeat_last_pixel (bottom, s2, plan->width, 2);
    pc_u16_box_2x2_to_u8_c (a + n, top, bottom, round, shift, 1);
  }
}

/* ---- 10-bit chroma in the sitings the box and average kernels do not
 * make: the rows of the siting's taps, weighted, the columns [1 2 1]
 * (co-sited) or paired (centred) for 4:4:4 and kept for 4:2:2, one
 * rounding over both (kernels-c.h) -------------------------------- */

/* Chroma sample @at from copies of columns @first .. @first + 2 of each
 * row (clamped to the frame, so edges repeat), the kernel reading from
 * column @first + @offset. */
static void
u16_edge_sample (const PcConvertPlan * plan, PcU16RowsFunc kernel,
    guint8 * d, const guint8 * const rows[3], const int w[3], int round,
    int shift, gint first, guint offset, guint at)
{
  guint8 copies[3][6];
  const guint8 *r[3];
  guint k, j;

  for (k = 0; k < 3; k++) {
    for (j = 0; j < 3; j++) {
      gint column = CLAMP (first + (gint) j, 0, (gint) plan->width - 1);

      memcpy (copies[k] + 2 * j, rows[k] + 2 * column, 2);
    }
    r[k] = copies[k] + 2 * offset;
  }
  kernel (d + at, r, w, round, shift, 1);
}

/* One chroma row from the rows @rows of @taps (three; beyond taps->n the
 * last, weight 0). */
static void
u16_taps_row (const PcConvertPlan * plan, guint8 * d,
    const guint8 * const rows[3], const PcTaps * taps)
{
  gboolean full_width = plan->format->walk == PC_WALK_PLANAR_444_16;
  gboolean cosited = full_width && plan->siting.h_cosited;
  guint columns_shift = full_width ? (cosited ? 2 : 1) : 0;
  gint round = u16_round (plan, columns_shift + taps->shift);
  gint shift = u16_shift (plan, columns_shift + taps->shift);
  guint n = plan->full_pairs, k;
  int w[3];

  for (k = 0; k < 3; k++)
    w[k] = k < taps->n ? (int) taps->weight[k] : 0;

  if (!full_width) {
    pc_u16_rows_to_u8_c (d, rows, w, round, shift, chroma_width (plan));
  } else if (cosited) {
    /* column 0 and an odd last column on copies, the rest in place from
     * pair 1 on (each reads the sample before its pair) */
    const guint8 *from_pair1[3] = { rows[0] + 4, rows[1] + 4, rows[2] + 4 };

    u16_edge_sample (plan, pc_u16_rows_cosited_h_to_u8_c, d, rows, w, round,
        shift, -1, 1, 0);
    if (n > 1)
      plan->dsp->u16.u16_rows_cosited_h_to_u8 (d + 1, from_pair1, w,
          round, shift, n - 1);
    if ((plan->width & 1) && n > 0)
      u16_edge_sample (plan, pc_u16_rows_cosited_h_to_u8_c, d, rows, w,
          round, shift, 2 * n - 1, 1, n);
  } else {
    pc_u16_rows_box_h_to_u8_c (d, rows, w, round, shift, n);
    if (plan->width & 1)
      u16_edge_sample (plan, pc_u16_rows_box_h_to_u8_c, d, rows, w, round,
          shift, 2 * n, 0, n);
  }
}

/* Co-sited columns, centred rows: the pair @s1, @s2. */
static void
u16_cosited_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * a, guint8 * b, const guint8 * s1, const guint8 * s2)
{
  static const PcTaps pair = { {0, 1, 1}, {1, 1, 0}, 2, 1 };
  const guint8 *rows[3] = { s1, s2, s2 };

  u16_taps_row (plan, a, rows, &pair);
}

static const PcRowWalk row_walks[] = {
  [PC_WALK_SEMI_PLANAR_420] = {NULL, uv_split_row, TRUE},
  [PC_WALK_SEMI_PLANAR_422] = {NULL, uv_split_avg_row, FALSE},
  [PC_WALK_SEMI_PLANAR_444] = {NULL, uv_split_box_row, FALSE,
      uv_split_cosited_row},
  [PC_WALK_PACKED_422] = {packed_luma_row, packed422_chroma_row, FALSE},
  [PC_WALK_PACKED_444] = {packed_luma_row, packed444_chroma_row, FALSE,
      packed444_cosited_row},
  [PC_WALK_GRAY] = {NULL, gray_chroma_row, TRUE},
  [PC_WALK_PLANAR_420_16] = {u16_luma_row, u16_chroma_row, TRUE},
  [PC_WALK_SEMI_PLANAR_420_16] = {u16_luma_row, u16_split_row, TRUE},
  [PC_WALK_PLANAR_422_16] = {u16_luma_row, u16_avg_row, FALSE, NULL, TRUE},
  [PC_WALK_PLANAR_444_16] = {u16_luma_row, u16_box_row, FALSE,
      u16_cosited_row, TRUE},
};

/* Chroma row @row of component @c (1 or 2; only 1 when U and V are held
 * together and come out of one call). */
static inline void
convert_chroma_row (const PcConvertPlan * plan, const PcRowWalk * walk,
    const GstVideoFrame * in, GstVideoFrame * out,
    const PcRowScratch * scratch, guint c, guint row)
{
  const guint *planes = plan->format->planes;
  gboolean together = planes[1] == planes[2];
  gboolean u_first = plan->format->channels[1] <= plan->format->channels[2];
  guint top = walk->half_height ? row : 2 * row;
  guint bottom = walk->half_height ? row : bottom_row (plan, row);
  guint8 *a = out_row (out, together && !u_first ? 2 : c, row);
  guint8 *b = together ? out_row (out, u_first ? 2 : 1, row) : NULL;
  PcChromaRowFunc chroma_row = plan->siting.h_cosited &&
      walk->cosited_chroma_row ? walk->cosited_chroma_row : walk->chroma_row;

  if (plan->siting.v_cosited && walk->cosited_rows) {
    const guint8 *rows[3];
    PcTaps taps;
    guint k;

    pc_siting_row_taps (&plan->siting, FALSE, plan->height, row, &taps);
    for (k = 0; k < 3; k++)
      rows[k] = in_row (in, planes[c], taps.index[MIN (k, taps.n - 1)]);
    u16_taps_row (plan, a, rows, &taps);
    return;
  }
  chroma_row (plan, scratch, a, b, in_row (in, planes[c], top),
      in_row (in, planes[c], bottom));
}

/* The luma plane, then the chroma: planar input plane by plane, input
 * that holds U and V together (interleaved, or none at all for grey) in
 * one pass over its plane.  Packed input is one stream that luma and
 * chroma both read: like packed RGB it goes row pair by row pair, so the
 * chroma reads the pair while it is in cache. */
static void
walk_rows (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  const PcRowWalk *walk = &row_walks[plan->format->walk];
  const guint *planes = plan->format->planes;
  gboolean packed = walk->luma_row != NULL && planes[0] == planes[1];
  guint c, row, y;

  if (packed) {
    for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
      for (y = 2 * row; y <= bottom_row (plan, row); y++)
        walk->luma_row (plan, scratch->row[0], out_row (out, 0, y),
            in_row (in, 0, y));
      convert_chroma_row (plan, walk, in, out, scratch, 1, row);
    }
    return;
  }

  if (walk->luma_row == NULL)
    copy_luma (plan, in, out, band);
  else
    for (row = band->first_row; row < band->end_row; row++)
      walk->luma_row (plan, scratch->row[0], out_row (out, 0, row),
          in_row (in, planes[0], row));

  for (c = 1; c < (planes[1] == planes[2] ? 2 : 3); c++)
    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      convert_chroma_row (plan, walk, in, out, scratch, c, row);
}

/* Everything the kernels do not cover: co-sited rows, interlaced fields,
 * YUV matrix changes.  Luma is copied (a luma plane), made by the RGB
 * kernels or the format's luma row kernel (packed, 16-bit), or taken
 * sample by sample through the matrix when it is re-matrixed; chroma
 * comes from the siting's taps (resample.c).  Chroma
 * row j reads input rows up to 2j + 2, outside the band at its end: the
 * input is only read, so bands stay independent. */
static void
walk_general (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean interlaced = GST_VIDEO_FRAME_IS_INTERLACED (in);
  PcLumaRowFunc luma_row = plan->format->walk < G_N_ELEMENTS (row_walks) ?
      row_walks[plan->format->walk].luma_row : NULL;
  guint row;

  if (plan->format->walk == PC_WALK_PACKED_RGB)
    for (row = band->first_row; row < band->end_row; row++) {
      const guint8 *s = in_row (in, 0, row);

      if (plan->format->pixel_stride == 3) {
        plan->dsp->rgb.rgb24_to_rgb4 (scratch->row[1], s, plan->width);
        s = scratch->row[1];
      }
      rgb_luma_row (plan, scratch->row[0], out_row (out, 0, row), s);
  } else if (!plan->yuv_matrix_change &&
      GST_VIDEO_FORMAT_INFO_PSTRIDE (plan->resample.finfo, 0) == 1)
    copy_luma (plan, in, out, band);
  else if (!plan->yuv_matrix_change && luma_row != NULL)
    /* packed or 16-bit luma: the format's own row kernel */
    for (row = band->first_row; row < band->end_row; row++)
      luma_row (plan, scratch->row[0], out_row (out, 0, row), in_row (in, 0,
              row));
  else                          /* re-matrixed: one sample each */
    for (row = band->first_row; row < band->end_row; row++)
      pc_resample_luma_row (&plan->resample, in, out, row, interlaced);

  for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
    pc_resample_chroma_row (&plan->resample, in, out, row, interlaced,
        scratch->sums);
}

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

  field_rows (plan, row, &near, &far);
  switch (plan->format->walk) {
    case PC_WALK_PACKED_422:
      plan->dsp->packed.packed422_to_uv_weighted (u_first ? u : v,
          u_first ? v : u, aligned_source (plan, scratch->row[0],
              in_row (in, 0, near), 4 * n, 4),
          aligned_source (plan, scratch->row[1], in_row (in, 0, far),
              4 * n, 4), chroma_shift (plan), n);
      break;
    case PC_WALK_SEMI_PLANAR_422:
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
static void
walk_interlaced_422 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  gboolean packed = plan->format->walk == PC_WALK_PACKED_422;
  guint row, y;

  if (!packed)
    copy_luma (plan, in, out, band);
  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    if (packed)
      for (y = 2 * row; y <= bottom_row (plan, row); y++)
        packed_luma_row (plan, scratch->row[0], out_row (out, 0, y),
            in_row (in, 0, y));
    interlaced_422_chroma_row (plan, in, out, scratch, row);
  }
}

typedef void (*PcWalkFunc) (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch);

static const PcWalkFunc walks[] = {
  [PC_WALK_COPY_420] = walk_copy_420,
  [PC_WALK_PLANAR_444] = walk_planar_444,
  [PC_WALK_PLANAR_422] = walk_planar_422,
  [PC_WALK_PACKED_RGB] = walk_packed_rgb,
  [PC_WALK_SEMI_PLANAR_420] = walk_rows,
  [PC_WALK_SEMI_PLANAR_422] = walk_rows,
  [PC_WALK_SEMI_PLANAR_444] = walk_rows,
  [PC_WALK_PACKED_422] = walk_rows,
  [PC_WALK_PACKED_444] = walk_rows,
  [PC_WALK_GRAY] = walk_rows,
  [PC_WALK_PLANAR_420_16] = walk_rows,
  [PC_WALK_SEMI_PLANAR_420_16] = walk_rows,
  [PC_WALK_PLANAR_422_16] = walk_rows,
  [PC_WALK_PLANAR_444_16] = walk_rows,
  [PC_WALK_INTERLACED_422] = walk_interlaced_422,
  [PC_WALK_INTERLACED_444] = walk_interlaced_444,
  [PC_WALK_GENERAL] = walk_general,
};

/* Puts the matrix of R, G, B in the byte order of @entry's pixels.  The
 * RGB kernels weigh bytes 0, 1, 2 (after the shift) and fix the signs per
 * byte: U adds byte 2, V adds byte 0.  In B, G, R order, V is the row that
 * adds byte 2 and U the one that adds byte 0, so the rows trade places and
 * the U and V outputs are swapped (*@swap_uv).  The terms are the same, so
 * the output is that of RGBA for the same pixels, to the bit. */
static void
order_rgb_matrix (PcRgbMatrix * m, const PcFormatEntry * entry,
    gboolean * swap_uv)
{
  PcRgbMatrix rgb = *m;
  guint c;

  *swap_uv = entry->walk == PC_WALK_PACKED_RGB &&
      entry->channels[0] > entry->channels[2];
  if (!*swap_uv)
    return;
  for (c = 0; c < 3; c++) {
    m->y[c] = rgb.y[2 - c];
    m->u[c] = rgb.v[2 - c];
    m->v[c] = rgb.u[2 - c];
  }
}

/* The matrix is derived from Kr and Kb of the output colorimetry.  One
 * coefficient of each row absorbs the rounding so that the rows sum
 * exactly: white gives the top of the range and every grey 128 chroma. */
void
pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry)
{
  gdouble kr, kb, y_scale, c_scale, y_offset;
  gint y_total, c_half;

  if (!gst_video_color_matrix_get_Kr_Kb (colorimetry->matrix, &kr, &kb)) {
    /* RGB or unknown matrix: BT.601, as GStreamer assumes for SD */
    kr = 0.299;
    kb = 0.114;
  }

  if (colorimetry->range == GST_VIDEO_COLOR_RANGE_0_255) {
    y_scale = 1.0;
    c_scale = 1.0;
    y_offset = 0.0;
  } else {
    y_scale = 219.0 / 255.0;
    c_scale = 224.0 / 255.0;
    y_offset = 16.0;
  }

  /* Y = Kr R + (1 - Kr - Kb) G + Kb B, scaled; each term < 1 in Q16 */
  y_total = (gint) lround (y_scale * Q16_ONE);
  matrix->y[0] = (gint) lround (kr * y_scale * Q16_ONE);
  matrix->y[2] = (gint) lround (kb * y_scale * Q16_ONE);
  matrix->y[1] = y_total - matrix->y[0] - matrix->y[2];
  matrix->y_bias = (gint) (y_offset * 256.0) + 128;

  /* U = (B - Y) / (2 (1 - Kb)) and V = (R - Y) / (2 (1 - Kr)), scaled:
   * the positive term is half the scale, the two others sum to it */
  c_half = (gint) lround (0.5 * c_scale * Q16_ONE);
  matrix->u[2] = c_half;
  matrix->u[0] = (gint) lround (kr / (2.0 * (1.0 - kb)) * c_scale * Q16_ONE);
  matrix->u[1] = c_half - matrix->u[0];

  matrix->v[0] = c_half;
  matrix->v[2] = (gint) lround (kb / (2.0 * (1.0 - kr)) * c_scale * Q16_ONE);
  matrix->v[1] = c_half - matrix->v[2];
}

void
pc_row_scratch_init (PcRowScratch * scratch, const PcConvertPlan * plan)
{
  /* malloc's alignment (16 on 64-bit) covers every kernel's element size */
  gsize row_bytes = (gsize) plan->width * 4;

  guint i;

  scratch->row[0] = g_malloc (row_bytes);
  scratch->row[1] = g_malloc (row_bytes);
  scratch->sums = g_new (gint, 3 * (gsize) ((plan->width + 1) / 2));
  for (i = 0; i < G_N_ELEMENTS (scratch->chroma); i++)
    scratch->chroma[i] = g_malloc (plan->width);
}

void
pc_row_scratch_clear (PcRowScratch * scratch)
{
  guint i;

  g_free (scratch->row[0]);
  g_free (scratch->row[1]);
  g_free (scratch->sums);
  scratch->row[0] = scratch->row[1] = NULL;
  scratch->sums = NULL;
  for (i = 0; i < G_N_ELEMENTS (scratch->chroma); i++)
    g_clear_pointer (&scratch->chroma[i], g_free);
}

void
pc_convert_plan_clear (PcConvertPlan * plan)
{
  pc_row_scratch_clear (&plan->scratch);
  memset (plan, 0, sizeof (*plan));
}

static PcFormatClass
format_class (const PcFormatEntry * entry)
{
  if (entry->walk == PC_WALK_PACKED_RGB)
    return PC_FORMATS_RGB;
  if (entry->format == GST_VIDEO_FORMAT_I420)
    return PC_FORMATS_ALL;
  return PC_FORMATS_YUV;
}

const gchar *const *
pc_convert_formats (PcFormatClass klass)
{
  static const gchar *lists[3][G_N_ELEMENTS (format_table) + 1];
  static gsize filled = 0;

  g_return_val_if_fail (klass <= PC_FORMATS_RGB, NULL);

  if (g_once_init_enter (&filled)) {
    guint n[3] = { 0, 0, 0 }, i;

    for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
      const gchar *name = gst_video_format_to_string (format_table[i].format);
      PcFormatClass c = format_class (&format_table[i]);

      lists[PC_FORMATS_ALL][n[PC_FORMATS_ALL]++] = name;
      if (c != PC_FORMATS_ALL)
        lists[c][n[c]++] = name;
    }
    g_once_init_leave (&filled, 1);
  }
  return lists[klass];
}

/* An input whose matrix or range differs from the output's: YUV is
 * re-matrixed, grey (whose luma is copied) refused.  Unknown on either
 * side counts as equal. */
static gboolean
matrix_differs (const GstVideoInfo * in, const GstVideoInfo * out)
{
  const GstVideoColorimetry *a = &GST_VIDEO_INFO_COLORIMETRY (in);
  const GstVideoColorimetry *b = &GST_VIDEO_INFO_COLORIMETRY (out);

  if (!GST_VIDEO_INFO_IS_YUV (in) && !GST_VIDEO_INFO_IS_GRAY (in))
    return FALSE;
  return (a->matrix != b->matrix && a->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN
      && b->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN) ||
      (a->range != b->range && a->range != GST_VIDEO_COLOR_RANGE_UNKNOWN &&
      b->range != GST_VIDEO_COLOR_RANGE_UNKNOWN);
}

static PcChromaLayout
chroma_layout (PcWalk walk)
{
  switch (walk) {
    case PC_WALK_COPY_420:
    case PC_WALK_SEMI_PLANAR_420:
    case PC_WALK_PLANAR_420_16:
    case PC_WALK_SEMI_PLANAR_420_16:
      return PC_CHROMA_420;
    case PC_WALK_PLANAR_422:
    case PC_WALK_SEMI_PLANAR_422:
    case PC_WALK_PACKED_422:
    case PC_WALK_PLANAR_422_16:
      return PC_CHROMA_422;
    case PC_WALK_GRAY:
      return PC_CHROMA_NONE;
    default:
      return PC_CHROMA_444;
  }
}

/* The format's own walk makes [1 2 1] columns: 4:4:4 (planar, or split
 * into planar rows first; 10-bit through u16_taps_row) and every RGB
 * order (the RGBA kernels; see rgb_chroma_row_cosited). */
static gboolean
has_cosited_columns (const PcFormatEntry * entry)
{
  return entry->walk == PC_WALK_PLANAR_444 ||
      entry->walk == PC_WALK_PACKED_RGB ||
      (entry->walk < G_N_ELEMENTS (row_walks) &&
      row_walks[entry->walk].cosited_chroma_row != NULL);
}

static const PcFormatEntry *
find_format (GstVideoFormat format)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
    if (format_table[i].format == format)
      return &format_table[i];
  }
  return NULL;
}

gboolean
pc_convert_format_traits (GstVideoFormat format, PcFormatTraits * traits)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  const PcFormatEntry *entry = find_format (format);

  if (entry == NULL)
    return FALSE;
  traits->layout = chroma_layout (entry->walk);
  traits->general = GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) >= 3 &&
      GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) == 8;
  traits->cosited_columns = has_cosited_columns (entry);
  traits->cosited_rows = entry->walk < G_N_ELEMENTS (row_walks) &&
      row_walks[entry->walk].cosited_rows;
  return TRUE;
}

/* The 8-bit 4:2:2 layouts walk_interlaced_422 takes. */
static gboolean
has_interlaced_422_walk (const PcFormatEntry * entry)
{
  return entry->walk == PC_WALK_PLANAR_422 ||
      entry->walk == PC_WALK_SEMI_PLANAR_422 ||
      entry->walk == PC_WALK_PACKED_422;
}

static gboolean
refuse (const gchar ** reason, const gchar * why)
{
  if (reason != NULL)
    *reason = why;
  return FALSE;
}

/* The walks: the format's own for progressive frames in the sitings its
 * kernels cover, the general one for the rest (co-sited rows, columns
 * without kernels, fields of formats whose walk filters rows, matrix
 * changes), and for interlaced frames a field walk where one exists.
 * A 4:2:0 input keeps its siting, a 4:2:2 one its horizontal position; a
 * 4:2:0 input that is not re-matrixed keeps its siting whatever it is,
 * and its walk never mixes fields.  Grey has no chroma to site or to
 * mix.  Formats the general walk does not serve (10 bits) take only what
 * their own walk makes. */
gboolean
pc_convert_route (const PcRouteRequest * request, PcRoute * route,
    const gchar ** reason)
{
  const PcFormatEntry *entry = find_format (request->in_format);
  gboolean progressive_general;
  PcFormatTraits traits;
  PcSiting in_siting, progressive;

  memset (route, 0, sizeof (*route));
  if (entry == NULL)
    return refuse (reason, "not an input format of the element");
  pc_convert_format_traits (request->in_format, &traits);
  route->walk = route->walk_interlaced = entry->walk;
  route->yuv_matrix_change = request->matrix_change &&
      entry->walk != PC_WALK_PACKED_RGB;
  if (route->yuv_matrix_change && !traits.general)
    return refuse (reason, "10-bit and grey input keep their matrix and "
        "range");
  if (traits.layout == PC_CHROMA_NONE)
    return TRUE;
  if (traits.layout == PC_CHROMA_420 && !route->yuv_matrix_change &&
      request->in_site == request->out_site)
    return TRUE;

  if (!pc_siting_from_chroma_site (request->out_site, request->interlaced,
          &route->siting)) {
    if (pc_siting_from_chroma_site (request->out_site, FALSE, &progressive))
      return refuse (reason, "co-sited rows (v-cosited, cosited) are not "
          "defined across the two fields of interlaced frames");
    return refuse (reason, "the output chroma-site is not one the element "
        "makes (jpeg, mpeg2, v-cosited, cosited)");
  }
  if (traits.layout == PC_CHROMA_420 && request->in_site != request->out_site)
    return refuse (reason, "4:2:0 input keeps its chroma siting");
  if (traits.layout == PC_CHROMA_422 && request->in_site != request->out_site) {
    if (!pc_siting_from_chroma_site (request->in_site, FALSE, &in_siting))
      return refuse (reason, "the input chroma-site is not one the element "
          "reads (jpeg, mpeg2, v-cosited, cosited)");
    if (in_siting.h_cosited != route->siting.h_cosited)
      return refuse (reason, "4:2:2 input keeps the horizontal position of "
          "its chroma");
  }

  progressive_general = (route->siting.v_cosited && !traits.cosited_rows) ||
      route->yuv_matrix_change || traits.layout == PC_CHROMA_420 ||
      (traits.layout == PC_CHROMA_444 && route->siting.h_cosited &&
      !traits.cosited_columns);
  if (!traits.general && request->interlaced)
    return refuse (reason, "10-bit 4:4:4 and 4:2:2 input is converted "
        "progressive only");
  if (!traits.general && progressive_general)
    return refuse (reason, "this siting needs the general walk, which takes "
        "8-bit formats only");
  if (!traits.general)
    return TRUE;

  route->walk_interlaced = PC_WALK_GENERAL;
  if (!route->yuv_matrix_change && has_interlaced_422_walk (entry))
    route->walk_interlaced = PC_WALK_INTERLACED_422;
  else if (!route->yuv_matrix_change && entry->walk == PC_WALK_PLANAR_444)
    route->walk_interlaced = PC_WALK_INTERLACED_444;
  if (progressive_general)
    route->walk = PC_WALK_GENERAL;
  return TRUE;
}

void
pc_route_request_init (PcRouteRequest * request, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  request->in_format = GST_VIDEO_INFO_FORMAT (in);
  request->interlaced = GST_VIDEO_INFO_IS_INTERLACED (in);
  request->in_site = GST_VIDEO_INFO_CHROMA_SITE (in);
  request->out_site = GST_VIDEO_INFO_CHROMA_SITE (out);
  request->matrix_change = matrix_differs (in, out);
}

/* The route of @in to @out, and the 3x3 matrix of the general walk when a
 * frame can take it. */
static gboolean
choose_walks (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const gchar ** reason)
{
  gboolean interlaced = GST_VIDEO_INFO_IS_INTERLACED (in);
  PcRouteRequest request;
  PcMatrix3 matrix;
  PcRoute route;

  pc_route_request_init (&request, in, out);
  if (!pc_convert_route (&request, &route, reason))
    return FALSE;
  plan->walk = route.walk;
  plan->walk_interlaced = route.walk_interlaced;
  plan->siting = route.siting;
  plan->yuv_matrix_change = route.yuv_matrix_change;
  if (route.walk != PC_WALK_GENERAL &&
      (!interlaced || route.walk_interlaced != PC_WALK_GENERAL))
    return TRUE;

  if (!pc_matrix3_init (&matrix, in, &GST_VIDEO_INFO_COLORIMETRY (out)))
    return refuse (reason, "the general walk needs the matrix of the input "
        "and of the output, and one of them is unknown");
  pc_resample_init (&plan->resample, in, &plan->siting, &matrix);
  return TRUE;
}

gboolean
pc_convert_plan_init_full (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const PcDsp * dsp, const gchar ** reason)
{
  pc_convert_plan_clear (plan);

  if (dsp == NULL)
    return refuse (reason, "no kernel tier");
  if (GST_VIDEO_INFO_FORMAT (out) != GST_VIDEO_FORMAT_I420)
    return refuse (reason, "the output is I420 only");
  if (GST_VIDEO_INFO_WIDTH (in) != GST_VIDEO_INFO_WIDTH (out) ||
      GST_VIDEO_INFO_HEIGHT (in) != GST_VIDEO_INFO_HEIGHT (out))
    return refuse (reason, "the element does not scale: input and output "
        "sizes differ");
  if (GST_VIDEO_INFO_WIDTH (in) < 1 || GST_VIDEO_INFO_HEIGHT (in) < 1)
    return refuse (reason, "an empty frame");
  if (GST_VIDEO_INFO_INTERLACE_MODE (in) == GST_VIDEO_INTERLACE_MODE_ALTERNATE)
    return refuse (reason, "fields in separate buffers "
        "(interlace-mode=alternate) are not taken");
  if (GST_VIDEO_INFO_INTERLACE_MODE (in) != GST_VIDEO_INFO_INTERLACE_MODE (out))
    return refuse (reason, "the output keeps the input's interlace-mode");

  plan->format = find_format (GST_VIDEO_INFO_FORMAT (in));
  if (plan->format == NULL)
    return refuse (reason, "not an input format of the element");

  plan->dsp = dsp;
  plan->in_format = GST_VIDEO_INFO_FORMAT (in);
  plan->width = GST_VIDEO_INFO_WIDTH (in);
  plan->height = GST_VIDEO_INFO_HEIGHT (in);
  plan->full_pairs = plan->width / 2;
  pc_rgb_matrix_init (&plan->matrix, &GST_VIDEO_INFO_COLORIMETRY (out));
  order_rgb_matrix (&plan->matrix, plan->format, &plan->rgb_swap_uv);
  if (!choose_walks (plan, in, out, reason)) {
    plan->format = NULL;
    return FALSE;
  }
  pc_row_scratch_init (&plan->scratch, plan);

  return TRUE;
}

gboolean
pc_convert_plan_init_with_dsp (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out, const PcDsp * dsp)
{
  return pc_convert_plan_init_full (plan, in, out, dsp, NULL);
}

gboolean
pc_convert_plan_is_identity (const PcConvertPlan * plan)
{
  return plan->format != NULL && plan->in_format == GST_VIDEO_FORMAT_I420 &&
      plan->walk == PC_WALK_COPY_420 &&
      plan->walk_interlaced == PC_WALK_COPY_420;
}

gboolean
pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  return pc_convert_plan_init_full (plan, in, out, pc_dsp_default (), NULL);
}

/* ---- the plan in words, for the log ------------------------------------ */

static const gchar *const walk_names[] = {
  [PC_WALK_COPY_420] = "copy-420",
  [PC_WALK_PLANAR_444] = "planar-444",
  [PC_WALK_PLANAR_422] = "planar-422",
  [PC_WALK_PACKED_RGB] = "packed-rgb",
  [PC_WALK_SEMI_PLANAR_420] = "semi-planar-420",
  [PC_WALK_SEMI_PLANAR_422] = "semi-planar-422",
  [PC_WALK_SEMI_PLANAR_444] = "semi-planar-444",
  [PC_WALK_PACKED_422] = "packed-422",
  [PC_WALK_PACKED_444] = "packed-444",
  [PC_WALK_GRAY] = "gray",
  [PC_WALK_PLANAR_420_16] = "planar-420-16",
  [PC_WALK_SEMI_PLANAR_420_16] = "semi-planar-420-16",
  [PC_WALK_PLANAR_422_16] = "planar-422-16",
  [PC_WALK_PLANAR_444_16] = "planar-444-16",
  [PC_WALK_INTERLACED_422] = "interlaced-422",
  [PC_WALK_INTERLACED_444] = "interlaced-444",
  [PC_WALK_GENERAL] = "general",
};

static void
append_walk (GString * s, PcWalk walk)
{
  g_string_append_printf (s, "%s (%s)", walk_names[walk],
      walk == PC_WALK_GENERAL ? "general path, plain C" : "fused");
}

static const gchar *
matrix_name (GstVideoColorMatrix matrix)
{
  switch (matrix) {
    case GST_VIDEO_COLOR_MATRIX_RGB:
      return "rgb";
    case GST_VIDEO_COLOR_MATRIX_FCC:
      return "fcc";
    case GST_VIDEO_COLOR_MATRIX_BT709:
      return "bt709";
    case GST_VIDEO_COLOR_MATRIX_BT601:
      return "bt601";
    case GST_VIDEO_COLOR_MATRIX_SMPTE240M:
      return "smpte240m";
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      return "bt2020";
    default:
      return "unknown";
  }
}

static void
append_matrix (GString * s, const GstVideoColorimetry * c)
{
  g_string_append_printf (s, "%s %s", matrix_name (c->matrix),
      c->range == GST_VIDEO_COLOR_RANGE_0_255 ? "full" :
      c->range == GST_VIDEO_COLOR_RANGE_16_235 ? "limited" : "unknown-range");
}

static void
append_site (GString * s, GstVideoChromaSite site)
{
  gchar *name = gst_video_chroma_site_to_string (site);

  g_string_append (s, name ? name : "unknown");
  g_free (name);
}

gchar *
pc_convert_plan_describe (const PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  GstVideoInterlaceMode mode = GST_VIDEO_INFO_INTERLACE_MODE (in);
  PcFormatTraits traits;
  GString *s;

  g_return_val_if_fail (plan->format != NULL, NULL);

  s = g_string_new (NULL);
  g_string_append_printf (s, "%s %ux%u -> I420, walk ",
      gst_video_format_to_string (plan->in_format), plan->width, plan->height);
  if (mode == GST_VIDEO_INTERLACE_MODE_PROGRESSIVE) {
    append_walk (s, plan->walk);
  } else if (mode == GST_VIDEO_INTERLACE_MODE_INTERLEAVED) {
    append_walk (s, plan->walk_interlaced);
  } else {
    append_walk (s, plan->walk);
    g_string_append (s, " for progressive frames, ");
    append_walk (s, plan->walk_interlaced);
    g_string_append (s, " for interlaced ones");
  }

  /* 4:4:4 and RGB have a chroma sample at every pixel, grey none */
  g_string_append (s, ", chroma-site ");
  pc_convert_format_traits (plan->in_format, &traits);
  if (traits.layout == PC_CHROMA_444)
    g_string_append (s, "full");
  else if (traits.layout == PC_CHROMA_NONE)
    g_string_append (s, "none");
  else
    append_site (s, GST_VIDEO_INFO_CHROMA_SITE (in));
  g_string_append (s, " -> ");
  append_site (s, GST_VIDEO_INFO_CHROMA_SITE (out));

  g_string_append_printf (s, ", fields %s",
      gst_video_interlace_mode_to_string (mode));
  if (mode != GST_VIDEO_INTERLACE_MODE_PROGRESSIVE)
    g_string_append (s, " (kept apart)");

  g_string_append (s, ", matrix ");
  if (GST_VIDEO_INFO_IS_RGB (in)) {
    g_string_append (s, "rgb -> ");
    append_matrix (s, &GST_VIDEO_INFO_COLORIMETRY (out));
  } else {
    append_matrix (s, &GST_VIDEO_INFO_COLORIMETRY (in));
    if (plan->yuv_matrix_change) {
      g_string_append (s, " -> ");
      append_matrix (s, &GST_VIDEO_INFO_COLORIMETRY (out));
    } else {
      g_string_append (s, " (kept)");
    }
  }

  g_string_append_printf (s, ", kernels %s", plan->dsp->name);
  return g_string_free (s, FALSE);
}

gsize
pc_convert_plane_row_bytes (const GstVideoInfo * info, guint plane)
{
  gsize bytes = 0;
  guint comp;

  for (comp = 0; comp < GST_VIDEO_INFO_N_COMPONENTS (info); comp++) {
    if (GST_VIDEO_INFO_COMP_PLANE (info, comp) == plane)
      bytes = MAX (bytes, (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, comp) *
          GST_VIDEO_INFO_COMP_PSTRIDE (info, comp));
  }
  return bytes;
}

gsize
pc_convert_plane_rows (const GstVideoInfo * info, guint plane)
{
  gsize rows = 0;
  guint comp;

  for (comp = 0; comp < GST_VIDEO_INFO_N_COMPONENTS (info); comp++) {
    if (GST_VIDEO_INFO_COMP_PLANE (info, comp) == plane)
      rows = MAX (rows, (gsize) GST_VIDEO_INFO_COMP_HEIGHT (info, comp));
  }
  return rows;
}

/* A buffer's video meta may describe planes that run past the memory it
 * maps (bad offsets or strides from upstream).  The walk trusts the frame,
 * so the frame is checked once here, before any row is touched. */
gboolean
pc_convert_frame_planes_fit (const GstVideoFrame * frame)
{
  const GstVideoInfo *info = &frame->info;
  guint plane;

  if (frame->meta == NULL)
    return TRUE;                /* gst_video_frame_map checked the size */

  for (plane = 0; plane < GST_VIDEO_INFO_N_PLANES (info); plane++) {
    gsize row_bytes = pc_convert_plane_row_bytes (info, plane);
    gsize rows = pc_convert_plane_rows (info, plane);
    gint stride = GST_VIDEO_INFO_PLANE_STRIDE (info, plane);
    const guint8 *start = frame->map[plane].data;
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, plane);
    gsize available;

    if (stride < 0 || (gsize) stride < row_bytes || data < start)
      return FALSE;
    if ((gsize) (data - start) > frame->map[plane].size)
      return FALSE;
    available = frame->map[plane].size - (gsize) (data - start);
    if (rows > 0 && (gsize) stride * (rows - 1) + row_bytes > available)
      return FALSE;
  }
  return TRUE;
}

void
pc_convert_plan_run_rows (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint first_row, guint n_rows,
    const PcRowScratch * scratch)
{
  PcBand band;

  g_return_if_fail (first_row % 2 == 0);
  g_return_if_fail (first_row + n_rows <= plan->height);
  g_return_if_fail (n_rows % 2 == 0 || first_row + n_rows == plan->height);

  band.first_row = first_row;
  band.end_row = first_row + n_rows;
  band.first_chroma_row = first_row / 2;
  band.end_chroma_row = (band.end_row + 1) / 2;
  walks[GST_VIDEO_FRAME_IS_INTERLACED (in) ? plan->walk_interlaced :
      plan->walk] (plan, in, out, &band, scratch);
}

void
pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out)
{
  pc_convert_plan_run_rows (plan, in, out, 0, plan->height, &plan->scratch);
}
