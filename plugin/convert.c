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

#include "convert.h"
#include "kernels-c.h"

/* the RGBA row kernels read RGBA pixels as little-endian words */
#if G_BYTE_ORDER != G_LITTLE_ENDIAN
#error "the RGBA row kernels assume a little-endian machine"
#endif

#define Q16_ONE 65536.0

static const PcFormatEntry format_table[] = {
  /* only reached when passthrough is off for equal I420 caps */
  {GST_VIDEO_FORMAT_I420, PC_WALK_COPY_420, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_Y444, PC_WALK_PLANAR_444, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_Y42B, PC_WALK_PLANAR_422, {0, 1, 2}, 0, {0, 0, 0}},
  {GST_VIDEO_FORMAT_RGBA, PC_WALK_PACKED_RGB, {0, 0, 0}, 4, {0, 1, 2}},
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

/* ORC reads each source array in elements of the kernel's size (an RGBA
 * pixel, a pair of pixels) and its SIMD code assumes every element is
 * naturally aligned.  Rows of a frame with a video meta may start anywhere,
 * so for such kernels a misaligned row is copied to scratch first.  Of
 * default layouts only RGBA at odd widths takes this path (a 4 * width
 * stride puts every second row at 4 modulo 8). */
static inline const guint8 *
aligned_source (const PcConvertPlan * plan, guint8 * scratch,
    const guint8 * row, gsize bytes, guint align)
{
  if (!plan->kernels->needs_aligned_sources ||
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

/* Box-filters one full-resolution chroma row pair down to one I420 row.
 * An odd last column is finished by repeating its pixels, which makes the
 * box average exactly the two (or one) samples that exist. */
static void
chroma_box_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * d, const guint8 * s1, const guint8 * s2)
{
  if (plan->full_pairs > 0)
    plan->kernels->chroma_box_2x2 (d,
        aligned_source (plan, scratch->row[0], s1, 2 * plan->full_pairs, 2),
        aligned_source (plan, scratch->row[1], s2, 2 * plan->full_pairs, 2),
        plan->full_pairs);

  if (plan->width & 1) {
    guint last = plan->width - 1;
    const guint8 top[2] = { s1[last], s1[last] };
    const guint8 bottom[2] = { s2[last], s2[last] };

    pc_chroma_box_2x2_c (d + plan->full_pairs, top, bottom, 1);
  }
}

static void
walk_planar_444 (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  guint c, row;

  copy_luma (plan, in, out, band);
  for (c = 1; c < 3; c++) {
    guint plane = plan->format->planes[c];

    for (row = band->first_chroma_row; row < band->end_chroma_row; row++)
      chroma_box_row (plan, scratch, out_row (out, c, row),
          in_row (in, plane, 2 * row), in_row (in, plane, bottom_row (plan,
                  row)));
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
      plan->kernels->chroma_avg_v (out_row (out, c, row),
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

static void
rgb_chroma_row (const PcConvertPlan * plan, const PcRowScratch * scratch,
    guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2)
{
  const PcRgbMatrix *m = &plan->matrix;

  if (plan->full_pairs > 0)
    plan->kernels->rgba_to_uv (u, v,
        aligned_source (plan, scratch->row[0], s1, 8 * plan->full_pairs, 8),
        aligned_source (plan, scratch->row[1], s2, 8 * plan->full_pairs, 8),
        m->u[0], m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], plan->full_pairs);

  if (plan->width & 1) {
    const guint8 *a = s1 + 4 * (plan->width - 1);
    const guint8 *b = s2 + 4 * (plan->width - 1);
    const guint8 top_px[8] = { a[0], a[1], a[2], a[3], a[0], a[1], a[2], a[3] };
    const guint8 bottom_px[8] =
        { b[0], b[1], b[2], b[3], b[0], b[1], b[2], b[3] };
    guint i = plan->full_pairs;

    pc_rgba_to_uv_c (u + i, v + i, top_px, bottom_px, m->u[0], m->u[1],
        m->u[2], m->v[0], m->v[1], m->v[2], 1);
  }
}

/* Packed RGB is the exception to plane by plane: each row pair's two luma
 * rows and its chroma row are made while the pair's pixels are in cache.
 * The input is one stream and the largest plane; reading it twice (luma
 * plane, then chroma) measured 1.3x slower on frames that come from
 * memory. */
static void
walk_packed_rgb (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band, const PcRowScratch * scratch)
{
  const PcRgbMatrix *m = &plan->matrix;
  gsize row_bytes = (gsize) plan->format->pixel_stride * plan->width;
  guint chroma_row, row;

  for (chroma_row = band->first_chroma_row;
      chroma_row < band->end_chroma_row; chroma_row++) {
    guint bottom = bottom_row (plan, chroma_row);

    for (row = 2 * chroma_row; row <= bottom; row++)
      plan->kernels->rgba_to_y (out_row (out, 0, row),
          aligned_source (plan, scratch->row[0], in_row (in, 0, row),
              row_bytes, 4), m->y[0], m->y[1], m->y[2], m->y_bias, plan->width);
    rgb_chroma_row (plan, scratch, out_row (out, 1, chroma_row),
        out_row (out, 2, chroma_row), in_row (in, 0, 2 * chroma_row),
        in_row (in, 0, bottom));
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
};

/* The RGB kernels read R, G, B from bytes 0, 1, 2 of 4-byte pixels.  Other
 * layouts need kernel parameters first (for B, G, R order, swapping the U
 * and V outputs and their coefficients serves, as the kernels' signs are
 * per byte position). */
static gboolean
kernels_serve_layout (const PcFormatEntry * entry)
{
  if (entry->walk != PC_WALK_PACKED_RGB)
    return TRUE;
  return entry->pixel_stride == 4 && entry->channels[0] == 0 &&
      entry->channels[1] == 1 && entry->channels[2] == 2;
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

  scratch->row[0] = g_malloc (row_bytes);
  scratch->row[1] = g_malloc (row_bytes);
}

void
pc_row_scratch_clear (PcRowScratch * scratch)
{
  g_free (scratch->row[0]);
  g_free (scratch->row[1]);
  scratch->row[0] = scratch->row[1] = NULL;
}

void
pc_convert_plan_clear (PcConvertPlan * plan)
{
  pc_row_scratch_clear (&plan->scratch);
  memset (plan, 0, sizeof (*plan));
}

gboolean
pc_convert_plan_init_with_kernels (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out,
    const PcKernels * kernels)
{
  guint i;

  pc_convert_plan_clear (plan);

  if (kernels == NULL)
    return FALSE;
  if (GST_VIDEO_INFO_FORMAT (out) != GST_VIDEO_FORMAT_I420)
    return FALSE;
  if (GST_VIDEO_INFO_WIDTH (in) != GST_VIDEO_INFO_WIDTH (out) ||
      GST_VIDEO_INFO_HEIGHT (in) != GST_VIDEO_INFO_HEIGHT (out))
    return FALSE;
  if (GST_VIDEO_INFO_WIDTH (in) < 1 || GST_VIDEO_INFO_HEIGHT (in) < 1)
    return FALSE;

  for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
    if (format_table[i].format == GST_VIDEO_INFO_FORMAT (in))
      plan->format = &format_table[i];
  }
  if (plan->format == NULL || !kernels_serve_layout (plan->format)) {
    plan->format = NULL;
    return FALSE;
  }

  plan->kernels = kernels;
  plan->in_format = GST_VIDEO_INFO_FORMAT (in);
  plan->width = GST_VIDEO_INFO_WIDTH (in);
  plan->height = GST_VIDEO_INFO_HEIGHT (in);
  plan->full_pairs = plan->width / 2;
  pc_rgb_matrix_init (&plan->matrix, &GST_VIDEO_INFO_COLORIMETRY (out));
  pc_row_scratch_init (&plan->scratch, plan);

  return TRUE;
}

gboolean
pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  return pc_convert_plan_init_with_kernels (plan, in, out,
      pc_kernels_default ());
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
    guint comp = plane;
    gsize row_bytes = (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, comp) *
        GST_VIDEO_INFO_COMP_PSTRIDE (info, comp);
    gsize rows = GST_VIDEO_INFO_COMP_HEIGHT (info, comp);
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
  walks[plan->format->walk] (plan, in, out, &band, scratch);
}

void
pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out)
{
  pc_convert_plan_run_rows (plan, in, out, 0, plan->height, &plan->scratch);
}
