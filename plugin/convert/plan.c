/* pooledconvert
 * The conversion plan: built once per caps from the format table and the
 * route, run per band of rows through the walk table (walk.h); frame
 * validation and the workers' scratch.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>
#include <unistd.h>

#include "convert/convert.h"
#include "convert/walk.h"
#include "convert/output.h"

/* ---- the kind of stores -------------------------------------------------- */

/* The threshold is the last-level cache's size divided by
 * PC_STORES_LLC_SHARE, capped at PC_STORES_MAX_THRESHOLD (a VM may report
 * the host's whole cache); PC_STORES_FALLBACK_LLC when sysconf cannot
 * tell. */
#define PC_STORES_LLC_SHARE 4
#define PC_STORES_MAX_THRESHOLD (8 << 20)
#define PC_STORES_FALLBACK_LLC (32 << 20)

/* Output frames of more bytes than this are written with streaming stores
 * (docs/design.md, "Stores", has the measurement): a frame this large
 * would not stay in the cache for its consumer anyway, and a normal store
 * reads each line before overwriting it. */
static gsize
streaming_threshold (void)
{
  static gsize threshold = 0;

  if (g_once_init_enter (&threshold)) {
    long llc = -1;
    gsize bytes;

#ifdef _SC_LEVEL3_CACHE_SIZE
    llc = sysconf (_SC_LEVEL3_CACHE_SIZE);
#endif
    if (llc <= 0)
      llc = PC_STORES_FALLBACK_LLC;
    bytes = MIN ((gsize) llc / PC_STORES_LLC_SHARE, PC_STORES_MAX_THRESHOLD);
    g_once_init_leave (&threshold, MAX (bytes, 1));
  }
  return threshold;
}

/* PC_STORES=normal|streaming|streaming-luma forces the kind (*@forced);
 * anything else (or nothing) lets the frame's size choose, and a value
 * that is not one of them is reported on stderr once. */
static PcStores
choose_stores (gsize frame_bytes, gboolean * forced)
{
  static gsize warned = 0;
  const gchar *asked = g_getenv ("PC_STORES");
  guint k;

  *forced = TRUE;
  if (asked != NULL && *asked != '\0') {
    for (k = 0; k < PC_STORES_N_KINDS; k++)
      if (g_ascii_strcasecmp (asked, pc_dsp_stores_name (k)) == 0)
        return k;
    if (g_once_init_enter (&warned)) {
      g_printerr ("pooledconvert: PC_STORES=%s is not one of normal, "
          "streaming, streaming-luma; choosing by frame size\n", asked);
      g_once_init_leave (&warned, 1);
    }
  }
  *forced = FALSE;
  return frame_bytes > streaming_threshold ()? PC_STORES_STREAMING :
      PC_STORES_NORMAL;
}

/* Whether some frame of @plan makes its NV12 or P010_10LE chroma in the
 * sub-bands' scratch, which the interleave reads back next: there the
 * kernels that write it should store through the cache
 * (PC_STORES_STREAMING_LUMA; docs/design.md, "Stores of the sub-bands"). */
static gboolean
chroma_through_scratch (const PcConvertPlan * plan)
{
  return pc_output_path (plan, plan->progressive) == PC_OUTPUT_SUB_BANDS ||
      (plan->interlaced_frames &&
      pc_output_path (plan, plan->interlaced) == PC_OUTPUT_SUB_BANDS);
}

/* ---- prefetch ------------------------------------------------------------ */

/* PC_PREFETCH=on|off forces it; anything else (or nothing) lets the CPU
 * choose, where it measured faster (pc_dsp_cpu_prefetch_pays ()), and a
 * value that is not one of the two is reported on stderr once. */
static gboolean
choose_prefetch (void)
{
  static gsize warned = 0;
  const gchar *forced = g_getenv ("PC_PREFETCH");

  if (forced != NULL && *forced != '\0') {
    if (g_ascii_strcasecmp (forced, "on") == 0)
      return TRUE;
    if (g_ascii_strcasecmp (forced, "off") == 0)
      return FALSE;
    if (g_once_init_enter (&warned)) {
      g_printerr ("pooledconvert: PC_PREFETCH=%s is not one of on, off; "
          "the CPU chooses\n", forced);
      g_once_init_leave (&warned, 1);
    }
  }
  return pc_dsp_cpu_prefetch_pays ();
}

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

  *swap_uv = entry->layout == PC_LAYOUT_PACKED_RGB &&
      entry->channels[0] > entry->channels[2];
  if (!*swap_uv)
    return;
  for (c = 0; c < 3; c++) {
    m->y[c] = rgb.y[2 - c];
    m->u[c] = rgb.v[2 - c];
    m->v[c] = rgb.u[2 - c];
  }
}


void
pc_row_scratch_init (PcRowScratch * scratch, const PcConvertPlan * plan)
{
  /* malloc's alignment (16 on 64-bit) covers every kernel's element size;
   * v210's chroma row holds U and V of 16 bits, V 32-byte aligned; an
   * AYUV64 row is 8 bytes a pixel */
  gsize row_bytes = (gsize) plan->width * MAX (plan->format->pixel_stride,
      4) + 64;

  guint i;

  scratch->row[0] = g_malloc (row_bytes);
  scratch->row[1] = g_malloc (row_bytes);
  pc_stage_rows_init (&scratch->stage_rows, &plan->stages);
  for (i = 0; i < G_N_ELEMENTS (scratch->chroma); i++)
    scratch->chroma[i] = g_malloc (2 * (gsize) plan->width);
  pc_output_scratch_init (scratch, plan);
}

void
pc_row_scratch_clear (PcRowScratch * scratch)
{
  guint i;

  g_free (scratch->row[0]);
  g_free (scratch->row[1]);
  pc_stage_rows_clear (&scratch->stage_rows);
  scratch->row[0] = scratch->row[1] = NULL;
  for (i = 0; i < G_N_ELEMENTS (scratch->chroma); i++)
    g_clear_pointer (&scratch->chroma[i], g_free);
  pc_output_scratch_clear (scratch);
}

void
pc_convert_plan_clear (PcConvertPlan * plan)
{
  pc_row_scratch_clear (&plan->scratch);
  g_free (plan->gray_16_luma);
  g_free (plan->gray_10_words);
  memset (plan, 0, sizeof (*plan));
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
  request.dither = plan->dither == PC_DITHER_BAYER;
  if (!pc_convert_route (&request, &route, reason))
    return FALSE;
  plan->progressive = route.progressive;
  plan->interlaced = route.interlaced;
  plan->interlaced_frames = interlaced;
  plan->siting = route.siting;
  plan->yuv_matrix_change = route.yuv_matrix_change;
  plan->keeps_frame = route.keeps_frame;
  if (route.progressive != PC_STRATEGY_GENERAL &&
      (!interlaced || route.interlaced != PC_STRATEGY_GENERAL))
    return TRUE;

  if (!pc_matrix3_init (&matrix, in, &GST_VIDEO_INFO_COLORIMETRY (out)))
    return pc_route_refuse (reason,
        "the general walk needs the matrix of the input "
        "and of the output, and one of them is unknown");
  pc_stages_init (&plan->stages, in, plan->format, &route.in_siting,
      &plan->siting, &matrix);
  pc_stages_set_output (&plan->stages, GST_VIDEO_INFO_FORMAT (out),
      route.dithers);
  return TRUE;
}

/* Grey to 10-bit output: the words of its luma codes, but for GRAY8
 * whose codes are kept */
static void
init_gray_10 (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  GstVideoColorRange in_range = GST_VIDEO_INFO_COLORIMETRY (in).range;
  GstVideoColorRange out_range = GST_VIDEO_INFO_COLORIMETRY (out).range;

  plan->gray_10 = TRUE;
  if (plan->format->layout == PC_LAYOUT_GRAY && !plan->gray_remap)
    return;
  plan->gray_10_words = pc_gray_10_table_new (plan->format->layout ==
      PC_LAYOUT_GRAY ? 256 : 65536, in_range, out_range, plan->out_shift);
  /* as for 8-bit output, the affine map only where a tier vectorises it */
  plan->gray_10_affine = plan->format->layout == PC_LAYOUT_GRAY &&
      plan->dsp->packed.gray_affine_10 !=
      plan->c_twins->packed.gray_affine_10 &&
      pc_gray_affine_10_init (plan->gray_10_affine_params,
      plan->gray_10_words, plan->out_shift, in_range, out_range);
}

/* Never 0, and never the same twice in a process (wrapping after 2^32
 * plans, long after any worker set's last one). */
static guint
next_serial (void)
{
  static gint serials = 0;
  guint serial;

  do
    serial = (guint) g_atomic_int_add (&serials, 1) + 1;
  while (serial == 0);
  return serial;
}

gboolean
pc_convert_plan_init_full (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const PcDsp * dsp, const gchar ** reason)
{
  return pc_convert_plan_init_dithered (plan, in, out, dsp, PC_DITHER_NONE,
      reason);
}

gboolean
pc_convert_plan_init_dithered (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const PcDsp * dsp, PcDither dither,
    const gchar ** reason)
{
  gboolean stores_forced;
  PcStores stores;

  pc_convert_plan_clear (plan);
  plan->dither = dither;

  if (dsp == NULL)
    return pc_route_refuse (reason, "no kernel tier");
  if (!pc_output_format_supported (GST_VIDEO_INFO_FORMAT (out)))
    return pc_route_refuse (reason,
        "the output is I420, NV12, I420_10LE or P010_10LE only");
  if (GST_VIDEO_INFO_WIDTH (in) != GST_VIDEO_INFO_WIDTH (out) ||
      GST_VIDEO_INFO_HEIGHT (in) != GST_VIDEO_INFO_HEIGHT (out))
    return pc_route_refuse (reason,
        "the element does not scale: input and output " "sizes differ");
  if (GST_VIDEO_INFO_WIDTH (in) < 1 || GST_VIDEO_INFO_HEIGHT (in) < 1)
    return pc_route_refuse (reason, "an empty frame");
  if (GST_VIDEO_INFO_INTERLACE_MODE (in) == GST_VIDEO_INTERLACE_MODE_ALTERNATE)
    return pc_route_refuse (reason, "fields in separate buffers "
        "(interlace-mode=alternate) are not taken");
  if (GST_VIDEO_INFO_INTERLACE_MODE (in) != GST_VIDEO_INFO_INTERLACE_MODE (out))
    return pc_route_refuse (reason,
        "the output keeps the input's interlace-mode");

  plan->format = pc_convert_find_format (GST_VIDEO_INFO_FORMAT (in));
  if (plan->format == NULL)
    return pc_route_refuse (reason, "not an input format of the element");

  stores = choose_stores (GST_VIDEO_INFO_SIZE (out), &stores_forced);
  plan->dsp = pc_dsp_with_stores (dsp, stores);
  plan->c_twins = pc_dsp_get (PC_KERNELS_C);
  plan->prefetch = choose_prefetch ();
  plan->in_format = GST_VIDEO_INFO_FORMAT (in);
  plan->out_format = GST_VIDEO_INFO_FORMAT (out);
  plan->out_10 = GST_VIDEO_INFO_COMP_DEPTH (out, 0) > 8;
  plan->out_shift = plan->out_10 ? GST_VIDEO_FORMAT_INFO_SHIFT (out->finfo,
      0) : 0;
  plan->width = GST_VIDEO_INFO_WIDTH (in);
  plan->height = GST_VIDEO_INFO_HEIGHT (in);
  plan->full_pairs = plan->width / 2;
  pc_rgb_matrix_init (&plan->matrix, &GST_VIDEO_INFO_COLORIMETRY (out));
  order_rgb_matrix (&plan->matrix, plan->format, &plan->rgb_swap_uv);
  if (plan->format->layout == PC_LAYOUT_GRAY) {
    plan->gray_remap = pc_gray_range_table (plan->gray_luma,
        GST_VIDEO_INFO_COLORIMETRY (in).range,
        GST_VIDEO_INFO_COLORIMETRY (out).range);
    /* in plain C the table is the faster (0.6 against 2.4 ms for 1080p
     * luma): the affine map only where a tier vectorises it */
    plan->gray_affine = plan->gray_remap &&
        dsp->packed.gray_affine != plan->c_twins->packed.gray_affine &&
        pc_gray_affine_init (plan->gray_affine_params, plan->gray_luma,
        GST_VIDEO_INFO_COLORIMETRY (in).range,
        GST_VIDEO_INFO_COLORIMETRY (out).range);
  }
  if (plan->format->layout == PC_LAYOUT_GRAY_16 ||
      plan->format->layout == PC_LAYOUT_GRAY_WORDS) {
    plan->gray_16_luma = pc_gray_16_range_table_new
        (GST_VIDEO_INFO_COLORIMETRY (in).range,
        GST_VIDEO_INFO_COLORIMETRY (out).range);
  }
  if (GST_VIDEO_INFO_IS_GRAY (in) && GST_VIDEO_INFO_COMP_DEPTH (out, 0) > 8)
    init_gray_10 (plan, in, out);
  if (!choose_walks (plan, in, out, reason)) {
    plan->format = NULL;
    return FALSE;
  }
  if (stores == PC_STORES_STREAMING && !stores_forced &&
      chroma_through_scratch (plan))
    plan->dsp = pc_dsp_with_stores (dsp, PC_STORES_STREAMING_LUMA);
  pc_row_scratch_init (&plan->scratch, plan);
  plan->serial = next_serial ();

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
  return plan->format != NULL && plan->in_format == plan->out_format &&
      plan->keeps_frame;
}

gboolean
pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  return pc_convert_plan_init_full (plan, in, out, pc_dsp_default (), NULL);
}

/* ---- the plan in words, for the log ------------------------------------ */

/* The walk @strategy takes for @plan's layout: its name, and whether it
 * is fused or the general path. */
static void
append_walk (GString * s, const PcConvertPlan * plan, PcStrategy strategy)
{
  const PcLayoutWalks *walks = &pc_layout_walks[plan->format->layout];

  if (strategy == PC_STRATEGY_GENERAL)
    g_string_append (s, "general (stages over rows)");
  else
    g_string_append_printf (s, "%s (fused)", strategy == PC_STRATEGY_FIELD ?
        walks->field_name : walks->name);
  switch (pc_output_path (plan, strategy)) {
    case PC_OUTPUT_DIRECT:
      g_string_append (s, " with NV12 chroma from the input's rows");
      break;
    case PC_OUTPUT_PAIRS:
      g_string_append_printf (s, " with %s chroma made as pairs",
          gst_video_format_to_string (plan->out_format));
      break;
    case PC_OUTPUT_SUB_BANDS:
      g_string_append_printf (s, " with %s chroma interleaved from "
          "%u-row sub-bands", gst_video_format_to_string (plan->out_format),
          pc_output_chroma_rows (plan));
      break;
    default:
      break;
  }
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
  g_string_append_printf (s, "%s %ux%u -> %s, walk ",
      gst_video_format_to_string (plan->in_format), plan->width, plan->height,
      gst_video_format_to_string (plan->out_format));
  if (mode == GST_VIDEO_INTERLACE_MODE_PROGRESSIVE) {
    append_walk (s, plan, plan->progressive);
  } else if (mode == GST_VIDEO_INTERLACE_MODE_INTERLEAVED) {
    append_walk (s, plan, plan->interlaced);
  } else {
    append_walk (s, plan, plan->progressive);
    g_string_append (s, " for progressive frames, ");
    append_walk (s, plan, plan->interlaced);
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
    g_string_append (s, GST_VIDEO_INFO_COLORIMETRY (in).range ==
        GST_VIDEO_COLOR_RANGE_16_235 ? "rgb limited -> " : "rgb -> ");
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

  if (plan->stages.dither)
    g_string_append (s, ", dither bayer");
  g_string_append_printf (s, ", kernels %s, stores %s, prefetch %s",
      plan->dsp->name, pc_dsp_stores_name (plan->dsp->stores),
      plan->prefetch ? "on" : "off");
  return g_string_free (s, FALSE);
}


/* The largest of @size over the components in @plane. */
static gsize
plane_max (const GstVideoInfo * info, guint plane,
    gsize (*size) (const GstVideoInfo * info, guint comp))
{
  gsize largest = 0;
  guint comp;

  for (comp = 0; comp < GST_VIDEO_INFO_N_COMPONENTS (info); comp++) {
    if (GST_VIDEO_INFO_COMP_PLANE (info, comp) == plane)
      largest = MAX (largest, size (info, comp));
  }
  return largest;
}

static gsize
component_row_bytes (const GstVideoInfo * info, guint comp)
{
  return (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, comp) *
      GST_VIDEO_INFO_COMP_PSTRIDE (info, comp);
}

static gsize
component_rows (const GstVideoInfo * info, guint comp)
{
  return GST_VIDEO_INFO_COMP_HEIGHT (info, comp);
}

gsize
pc_convert_plane_row_bytes (const GstVideoInfo * info, guint plane)
{
  /* v210's components have no pixel stride: six pixels take 16 bytes,
   * and the unpack kernels read the groups that hold the row's pixels */
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_v210)
    return (GST_VIDEO_INFO_WIDTH (info) + 5) / 6 * (gsize) 16;
  /* GRAY10_LE32's: three pixels a 32-bit word */
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_GRAY10_LE32)
    return (GST_VIDEO_INFO_WIDTH (info) + 2) / 3 * (gsize) 4;
  return plane_max (info, plane, component_row_bytes);
}

gsize
pc_convert_plane_rows (const GstVideoInfo * info, guint plane)
{
  return plane_max (info, plane, component_rows);
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
  pc_output_run_band (plan, pc_walk_for (plan, GST_VIDEO_FRAME_IS_INTERLACED
          (in) ? plan->interlaced : plan->progressive), in, out, &band,
      scratch);
  /* the band's streaming stores reach memory before another thread (the
   * one that hands the frame on) reads them */
  if (plan->dsp->stores != PC_STORES_NORMAL)
    pc_dsp_store_fence ();
}

void
pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out)
{
  pc_convert_plan_run_rows (plan, in, out, 0, plan->height, &plan->scratch);
}
