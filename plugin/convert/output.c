/* pooledconvert
 * The output stage; see output.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "convert/output.h"

const gchar *const pc_output_format_names[PC_N_OUTPUT_FORMATS + 1] = {
  "I420", "NV12", "I420_10LE", "P010_10LE", NULL
};

gboolean
pc_output_format_supported (GstVideoFormat format)
{
  const gchar *name = gst_video_format_to_string (format);

  return name != NULL &&
      g_strv_contains ((const gchar * const *) pc_output_format_names, name);
}

const gchar *const *
pc_output_formats_for (GstVideoFormat in_format)
{
  static const gchar *const eight_bit[] = {
    "I420", "NV12", "I420_10LE", "P010_10LE", NULL
  };
  static const gchar *const deep[] = {
    "I420_10LE", "P010_10LE", "I420", "NV12", NULL
  };
  static const gchar *const deep_semi_planar[] = {
    "P010_10LE", "I420_10LE", "I420", "NV12", NULL
  };
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (in_format);

  if (finfo == NULL || GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) <= 8)
    return eight_bit;
  return GST_VIDEO_FORMAT_INFO_IS_YUV (finfo) &&
      GST_VIDEO_FORMAT_INFO_N_PLANES (finfo) == 2 ? deep_semi_planar : deep;
}

/* A multiple of 64 bytes: every row starts on a cache line */
static gsize
scratch_stride (const PcConvertPlan * plan)
{
  gsize sample_bytes = plan->out_format == GST_VIDEO_FORMAT_P010_10LE ? 2 : 1;

  return (sample_bytes * chroma_width (plan) + 63) & ~(gsize) 63;
}

guint
pc_output_chroma_rows (const PcConvertPlan * plan)
{
  gsize rows = PC_OUTPUT_SCRATCH_BYTES / (2 * scratch_stride (plan));

  return CLAMP (rows, PC_OUTPUT_MIN_CHROMA_ROWS, PC_OUTPUT_MAX_CHROMA_ROWS);
}

void
pc_output_scratch_init (PcRowScratch * scratch, const PcConvertPlan * plan)
{
  scratch->uv_rows = NULL;
  scratch->uv_stride = 0;
  scratch->uv_chroma_rows = 0;
  if (pc_output_path (plan, plan->progressive) != PC_OUTPUT_SUB_BANDS &&
      (!plan->interlaced_frames ||
          pc_output_path (plan, plan->interlaced) != PC_OUTPUT_SUB_BANDS))
    return;
  scratch->uv_stride = scratch_stride (plan);
  scratch->uv_chroma_rows = pc_output_chroma_rows (plan);
  scratch->uv_rows = g_malloc (2 * scratch->uv_chroma_rows *
      scratch->uv_stride);
}

void
pc_output_scratch_clear (PcRowScratch * scratch)
{
  g_clear_pointer (&scratch->uv_rows, g_free);
  scratch->uv_stride = 0;
  scratch->uv_chroma_rows = 0;
}

/* ORC stores NV12's U V pairs as 2-byte elements, which its SIMD code
 * assumes aligned (kernels-c.h): a row at an odd address takes the twin. */
static void
interleave_row (const PcConvertPlan * plan, guint8 * d, const guint8 * u,
    const guint8 * v, guint n)
{
  if (plan->dsp->needs_aligned_sources && ((guintptr) d & 1) != 0)
    plan->c_twins->output.uv_interleave (d, u, v, n);
  else
    plan->dsp->output.uv_interleave (d, u, v, n);
}

/* As interleave_row for NV21's pairs swapped: ORC reads and writes them
 * as 2-byte elements. */
static void
swap_row (const PcConvertPlan * plan, guint8 * d, const guint8 * s, guint n)
{
  if (plan->dsp->needs_aligned_sources && (((guintptr) d | (guintptr) s) & 1))
    plan->c_twins->output.uv_swap (d, s, n);
  else
    plan->dsp->output.uv_swap (d, s, n);
}

/* The layouts whose fused walk only copies 4:2:0 chroma. */
static gboolean
direct_for_layout (PcLayout layout)
{
  return layout == PC_LAYOUT_COPY_420 || layout == PC_LAYOUT_SEMI_PLANAR_420;
}

/* TRUE when @walk would only copy 4:2:0 chroma as it is (the siting,
 * matrix and range kept): NV12 is then made from the input's own chroma
 * rows in one pass, without the scratch. */
static gboolean
takes_direct_path (const PcConvertPlan * plan, PcWalkFunc walk)
{
  return walk == pc_layout_walks[plan->format->layout].fused &&
      direct_for_layout (plan->format->layout);
}

/* The path of frames that take @walk. */
static PcOutputPath
path_of_walk (const PcConvertPlan * plan, PcWalkFunc walk)
{
  if (plan->out_format != GST_VIDEO_FORMAT_NV12 &&
      plan->out_format != GST_VIDEO_FORMAT_P010_10LE)
    return PC_OUTPUT_OWN_PLANES;
  if (takes_direct_path (plan, walk))
    return PC_OUTPUT_DIRECT;
  if (pc_walk_makes_pairs (plan, walk))
    return PC_OUTPUT_PAIRS;
  return PC_OUTPUT_SUB_BANDS;
}

PcOutputPath
pc_output_path (const PcConvertPlan * plan, PcStrategy strategy)
{
  return path_of_walk (plan, pc_walk_for (plan, strategy));
}

/* Luma copied; the chroma of I420 and YV12 interleaved, NV21's swapped,
 * NV12's copied. */
static void
run_direct_band (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out, const PcBand * band)
{
  const PcFormatEntry *format = plan->format;
  guint n = chroma_width (plan), row;

  pc_walk_copy_luma (plan, in, out, band);
  if (format->layout == PC_LAYOUT_SEMI_PLANAR_420 && format->channels[1] == 0) {
    pc_walk_copy_rows (plan, out, 1, band->first_chroma_row, in,
        format->planes[1], band->first_chroma_row,
        band->end_chroma_row - band->first_chroma_row, 2 * (gsize) n);
    return;
  }
  for (row = band->first_chroma_row; row < band->end_chroma_row; row++) {
    guint8 *d = out_row (out, 1, row);

    if (format->layout == PC_LAYOUT_SEMI_PLANAR_420)
      swap_row (plan, d, in_row (in, format->planes[1], row), n);
    else
      interleave_row (plan, d, in_row (in, format->planes[1], row),
          in_row (in, format->planes[2], row), n);
  }
}

/* A view of @out as I420 for the walks: its luma plane, and U and V
 * planes in the scratch whose row @first_chroma_row is the scratch's
 * first (the walks address rows from the frame's top; only the sub-band's
 * rows are written). */
static void
point_chroma_at_scratch (GstVideoFrame * view, const PcRowScratch * scratch,
    guint first_chroma_row)
{
  guintptr offset = (guintptr) first_chroma_row * scratch->uv_stride;
  guintptr u = (guintptr) scratch->uv_rows;
  guintptr v = u + scratch->uv_chroma_rows * scratch->uv_stride;

  view->data[1] = (gpointer) (u - offset);
  view->data[2] = (gpointer) (v - offset);
}

void
pc_output_run_band (const PcConvertPlan * plan, PcWalkFunc walk,
    const GstVideoFrame * in, GstVideoFrame * out, const PcBand * band,
    const PcRowScratch * scratch)
{
  const guint8 *u, *v;
  GstVideoFrame view;
  PcBand sub;
  guint first, row;

  gboolean deep = plan->out_format == GST_VIDEO_FORMAT_P010_10LE;

  switch (path_of_walk (plan, walk)) {
    case PC_OUTPUT_OWN_PLANES:
    case PC_OUTPUT_PAIRS:
      walk (plan, in, out, band, scratch);
      return;
    case PC_OUTPUT_DIRECT:
      run_direct_band (plan, in, out, band);
      return;
    default:
      break;
  }

  /* only here is there scratch: for the other paths its rows are NULL,
   * and pc_output_scratch_init () made them for every strategy that
   * comes here (without them the sub-bands would have no rows) */
  g_return_if_fail (scratch->uv_rows != NULL);
  u = scratch->uv_rows;
  v = u + scratch->uv_chroma_rows * scratch->uv_stride;
  view = *out;
  view.info.finfo = gst_video_format_get_info (deep ?
      GST_VIDEO_FORMAT_I420_10LE : GST_VIDEO_FORMAT_I420);
  view.info.stride[1] = view.info.stride[2] = (gint) scratch->uv_stride;
  view.info.offset[1] = view.info.offset[2] = 0;
  /* sub-bands of whole row pairs, as bands are: none shares a chroma row */
  for (first = band->first_row; first < band->end_row; first = sub.end_row) {
    sub.first_row = first;
    sub.end_row = MIN (first + 2 * scratch->uv_chroma_rows, band->end_row);
    sub.first_chroma_row = first / 2;
    sub.end_chroma_row = (sub.end_row + 1) / 2;
    point_chroma_at_scratch (&view, scratch, sub.first_chroma_row);
    walk (plan, in, &view, &sub, scratch);
    for (row = sub.first_chroma_row; row < sub.end_chroma_row; row++) {
      gsize at = (row - sub.first_chroma_row) * scratch->uv_stride;

      if (deep)
        plan->dsp->output.uv_interleave_16 (out_row (out, 1, row), u + at,
            v + at, chroma_width (plan));
      else
        interleave_row (plan, out_row (out, 1, row), u + at, v + at,
            chroma_width (plan));
    }
  }
}
