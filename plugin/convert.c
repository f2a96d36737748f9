/* pooledconvert
 * The conversion plan and the frame walk.  Every input format is one row of
 * format_table: a routine that fills one pair of output luma rows and the
 * chroma row between them from the row kernels.  Odd frame edges reuse the
 * pixels that exist, so the last chroma sample averages only real pixels.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "convert.h"
#include "kernels-c.h"
#include "kernels-orc.h"

/* pc_rgba_to_y and pc_rgba_to_uv read RGBA pixels as little-endian words */
#if G_BYTE_ORDER != G_LITTLE_ENDIAN
#error "the RGBA row kernels assume a little-endian machine"
#endif

#define Q16_ONE 65536.0

typedef struct
{
  GstVideoFormat format;
  PcRowPairFunc convert_row_pair;
} PcFormatEntry;

static inline guint
last_row_of_pair (const PcConvertPlan * plan, guint pair)
{
  return MIN (2 * pair + 1, plan->height - 1);
}

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

/* ORC reads each source array in elements of the kernel's size (an RGBA
 * pixel, a pair of pixels) and its SIMD code assumes every element is
 * naturally aligned.  Rows of a frame with a video meta may start anywhere,
 * so a misaligned row is copied to scratch first.  Of default layouts only
 * RGBA at odd widths takes this path (a 4 * width stride puts every second
 * row at 4 modulo 8): one row copy per row pair. */
static inline const guint8 *
aligned_source (const PcConvertPlan * plan, guint slot, const guint8 * row,
    gsize bytes, guint align)
{
  if (G_LIKELY (((guintptr) row & (align - 1)) == 0))
    return row;
  memcpy (plan->scratch[slot], row, bytes);
  return plan->scratch[slot];
}

static void
copy_luma_pair (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint pair)
{
  guint row;

  for (row = 2 * pair; row <= last_row_of_pair (plan, pair); row++)
    memcpy (out_row (out, 0, row), in_row (in, 0, row), plan->width);
}

/* Box-filters one full-resolution chroma row pair down to one I420 row.
 * An odd last column is finished by repeating its pixels, which makes the
 * box average exactly the two (or one) samples that exist. */
static void
chroma_box_row (const PcConvertPlan * plan, guint8 * d, const guint8 * s1,
    const guint8 * s2)
{
  if (plan->full_pairs > 0)
    pc_chroma_box_2x2 (d, aligned_source (plan, 0, s1, 2 * plan->full_pairs, 2),
        aligned_source (plan, 1, s2, 2 * plan->full_pairs, 2),
        plan->full_pairs);

  if (plan->width & 1) {
    guint last = plan->width - 1;
    const guint8 top[2] = { s1[last], s1[last] };
    const guint8 bottom[2] = { s2[last], s2[last] };

    pc_chroma_box_2x2_c (d + plan->full_pairs, top, bottom, 1);
  }
}

static void
convert_y444_row_pair (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint pair)
{
  guint top = 2 * pair, bottom = last_row_of_pair (plan, pair);
  guint plane;

  copy_luma_pair (plan, in, out, pair);
  for (plane = 1; plane < 3; plane++)
    chroma_box_row (plan, out_row (out, plane, pair),
        in_row (in, plane, top), in_row (in, plane, bottom));
}

static void
convert_y42b_row_pair (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint pair)
{
  guint top = 2 * pair, bottom = last_row_of_pair (plan, pair);
  guint chroma_width = (plan->width + 1) / 2;
  guint plane;

  copy_luma_pair (plan, in, out, pair);
  for (plane = 1; plane < 3; plane++)
    pc_chroma_avg_v (out_row (out, plane, pair), in_row (in, plane, top),
        in_row (in, plane, bottom), chroma_width);
}

static void
convert_rgba_row_pair (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint pair)
{
  const PcRgbMatrix *m = &plan->matrix;
  guint top = 2 * pair, bottom = last_row_of_pair (plan, pair);
  const guint8 *s1 = in_row (in, 0, top), *s2 = in_row (in, 0, bottom);
  guint8 *u = out_row (out, 1, pair), *v = out_row (out, 2, pair);
  guint row;

  for (row = top; row <= bottom; row++)
    pc_rgba_to_y (out_row (out, 0, row), aligned_source (plan, 0,
            in_row (in, 0, row), 4 * plan->width, 4), m->y[0], m->y[1],
        m->y[2], m->y_bias, plan->width);

  if (plan->full_pairs > 0)
    pc_rgba_to_uv (u, v, aligned_source (plan, 0, s1, 8 * plan->full_pairs, 8),
        aligned_source (plan, 1, s2, 8 * plan->full_pairs, 8), m->u[0],
        m->u[1], m->u[2], m->v[0], m->v[1], m->v[2], plan->full_pairs);

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

/* Only reached when passthrough is off for equal I420 caps. */
static void
copy_i420_row_pair (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, guint pair)
{
  guint chroma_width = (plan->width + 1) / 2;
  guint plane;

  copy_luma_pair (plan, in, out, pair);
  for (plane = 1; plane < 3; plane++)
    memcpy (out_row (out, plane, pair), in_row (in, plane, pair), chroma_width);
}

static const PcFormatEntry format_table[] = {
  {GST_VIDEO_FORMAT_I420, copy_i420_row_pair},
  {GST_VIDEO_FORMAT_Y444, convert_y444_row_pair},
  {GST_VIDEO_FORMAT_Y42B, convert_y42b_row_pair},
  {GST_VIDEO_FORMAT_RGBA, convert_rgba_row_pair},
};

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
pc_convert_plan_clear (PcConvertPlan * plan)
{
  g_free (plan->scratch[0]);
  g_free (plan->scratch[1]);
  memset (plan, 0, sizeof (*plan));
}

gboolean
pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  gsize row_bytes;
  guint i;

  pc_convert_plan_clear (plan);

  if (GST_VIDEO_INFO_FORMAT (out) != GST_VIDEO_FORMAT_I420)
    return FALSE;
  if (GST_VIDEO_INFO_WIDTH (in) != GST_VIDEO_INFO_WIDTH (out) ||
      GST_VIDEO_INFO_HEIGHT (in) != GST_VIDEO_INFO_HEIGHT (out))
    return FALSE;
  if (GST_VIDEO_INFO_WIDTH (in) < 1 || GST_VIDEO_INFO_HEIGHT (in) < 1)
    return FALSE;

  for (i = 0; i < G_N_ELEMENTS (format_table); i++) {
    if (format_table[i].format == GST_VIDEO_INFO_FORMAT (in))
      plan->convert_row_pair = format_table[i].convert_row_pair;
  }
  if (plan->convert_row_pair == NULL)
    return FALSE;

  plan->in_format = GST_VIDEO_INFO_FORMAT (in);
  plan->width = GST_VIDEO_INFO_WIDTH (in);
  plan->height = GST_VIDEO_INFO_HEIGHT (in);
  plan->full_pairs = plan->width / 2;
  pc_rgb_matrix_init (&plan->matrix, &GST_VIDEO_INFO_COLORIMETRY (out));

  /* malloc's alignment (16 on 64-bit) covers every kernel's element size */
  row_bytes = (gsize) plan->width * 4;
  plan->scratch[0] = g_malloc (row_bytes);
  plan->scratch[1] = g_malloc (row_bytes);

  return TRUE;
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
pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out)
{
  guint pairs = (plan->height + 1) / 2;
  guint pair;

  for (pair = 0; pair < pairs; pair++)
    plan->convert_row_pair (plan, in, out, pair);
}
