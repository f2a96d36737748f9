/* pooledconvert
 * The route of a conversion; see route.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <string.h>

#include "convert/route.h"
#include "convert/walk.h"

gboolean
pc_route_refuse (const gchar ** reason, const gchar * why)
{
  if (reason != NULL)
    *reason = why;
  return FALSE;
}

/* The walks: the format's own for progressive frames in the sitings its
 * kernels cover, the general one for the rest (co-sited rows, columns
 * without kernels, fields of formats whose walk filters rows, matrix
 * changes, re-sited subsampled chroma), and for interlaced frames a field
 * walk where one exists.  A 4:2:0 input that is neither re-matrixed nor
 * re-sited keeps its siting whatever it is, and its walk never mixes
 * fields.  Grey has no chroma to site or to mix.  What is refused is
 * what names no position: a siting other than the four. */
static gboolean
route_8bit (const PcRouteRequest * request, PcRoute * route,
    const gchar ** reason)
{
  const PcFormatEntry *entry = pc_convert_find_format (request->in_format);
  gboolean progressive_general, resite = FALSE;
  PcFormatTraits traits;

  memset (route, 0, sizeof (*route));
  if (entry == NULL)
    return pc_route_refuse (reason, "not an input format of the element");
  pc_convert_format_traits (request->in_format, &traits);
  route->layout = entry->layout;
  route->progressive = route->interlaced = PC_STRATEGY_FUSED;
  route->yuv_matrix_change = request->matrix_change;
  /* grey has no chroma to re-matrix: its luma changes range in its own
   * walk (a table), its chroma is 128 in any matrix */
  if (traits.layout == PC_CHROMA_NONE)
    return TRUE;
  if (traits.layout == PC_CHROMA_420 && !route->yuv_matrix_change &&
      request->in_site == request->out_site)
    return TRUE;

  if (!pc_siting_from_chroma_site (request->out_site, &route->siting))
    return pc_route_refuse (reason, "the output chroma-site is not one the "
        "element makes (jpeg, mpeg2, v-cosited, cosited)");
  route->in_siting = route->siting;
  if (traits.layout != PC_CHROMA_444 && request->in_site != request->out_site) {
    /* 4:2:2 chroma rows are full-resolution: only its columns are sited */
    gboolean rows_sited = traits.layout == PC_CHROMA_420;

    if (!pc_siting_from_chroma_site (request->in_site, &route->in_siting))
      return pc_route_refuse (reason, "the input chroma-site is not one the "
          "element reads (jpeg, mpeg2, v-cosited, cosited)");
    if (!rows_sited)
      route->in_siting.v_cosited = route->siting.v_cosited;
    resite = route->in_siting.h_cosited != route->siting.h_cosited ||
        route->in_siting.v_cosited != route->siting.v_cosited;
  }

  progressive_general = !pc_walk_has_fused (entry->layout) ||
      (route->siting.v_cosited && !traits.cosited_rows) ||
      route->yuv_matrix_change || traits.layout == PC_CHROMA_420 || resite ||
      (traits.layout == PC_CHROMA_444 && route->siting.h_cosited &&
      !traits.cosited_columns);

  /* a field walk keeps the input's matrix and siting and makes centred
   * rows, or co-sited ones where its layout makes them: it only filters
   * rows */
  route->interlaced = !route->yuv_matrix_change && !resite &&
      (!route->siting.v_cosited || traits.cosited_rows) &&
      pc_walk_has_field (entry->layout) ?
      PC_STRATEGY_FIELD : PC_STRATEGY_GENERAL;
  if (progressive_general)
    route->progressive = PC_STRATEGY_GENERAL;
  return TRUE;
}

gboolean
pc_route_dithers (const PcRouteRequest * request)
{
  const GstVideoFormatInfo *finfo =
      gst_video_format_get_info (request->in_format);

  return request->dither && request->out_bits <= 8 && finfo != NULL &&
      !GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo) &&
      GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) > 8;
}

/* 10-bit output and dithered depth reduction: the stages of the general
 * walk for every frame, from the same sitings (set where the 8-bit route
 * keeps the chroma as it is).  Grey, which has no chroma row for the
 * stages to read, keeps its own walk: it writes 10-bit rows too. */
gboolean
pc_convert_route (const PcRouteRequest * request, PcRoute * route,
    const gchar ** reason)
{
  PcFormatTraits traits;

  if (!route_8bit (request, route, reason))
    return FALSE;
  route->keeps_frame = route->progressive == PC_STRATEGY_FUSED &&
      route->interlaced == PC_STRATEGY_FUSED;
  route->dithers = pc_route_dithers (request);
  if ((request->out_bits <= 8 && !route->dithers) ||
      (pc_convert_format_traits (request->in_format, &traits) &&
          traits.layout == PC_CHROMA_NONE))
    return TRUE;
  /* the fused walk where it writes 10-bit rows itself (AYUV64: read
   * once, 2.4x faster than the general walk's stages); its fields take
   * the general walk */
  if (route->progressive == PC_STRATEGY_FUSED && !route->dithers &&
      pc_walk_fused_writes_10 (route->layout)) {
    route->interlaced = PC_STRATEGY_GENERAL;
    return TRUE;
  }
  if (route->progressive == PC_STRATEGY_FUSED) {
    /* 4:2:0 kept as it sits: the same siting in and out, whatever it is */
    if (!pc_siting_from_chroma_site (request->out_site, &route->siting))
      memset (&route->siting, 0, sizeof (route->siting));
    route->in_siting = route->siting;
  }
  route->progressive = route->interlaced = PC_STRATEGY_GENERAL;
  return TRUE;
}

/* An input whose matrix or range differs from the output's: YUV is
 * re-matrixed, grey's luma changes range.  Unknown on either side counts
 * as equal.  RGB, whose matrix the output picks, counts when it is tagged
 * limited range: the RGB kernels read full range only (yuvmatrix.c). */
static gboolean
matrix_differs (const GstVideoInfo * in, const GstVideoInfo * out)
{
  const GstVideoColorimetry *a = &GST_VIDEO_INFO_COLORIMETRY (in);
  const GstVideoColorimetry *b = &GST_VIDEO_INFO_COLORIMETRY (out);

  if (GST_VIDEO_INFO_IS_RGB (in))
    return a->range == GST_VIDEO_COLOR_RANGE_16_235;
  if (!GST_VIDEO_INFO_IS_YUV (in) && !GST_VIDEO_INFO_IS_GRAY (in))
    return FALSE;
  return (a->matrix != b->matrix && a->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN
      && b->matrix != GST_VIDEO_COLOR_MATRIX_UNKNOWN) ||
      (a->range != b->range && a->range != GST_VIDEO_COLOR_RANGE_UNKNOWN &&
      b->range != GST_VIDEO_COLOR_RANGE_UNKNOWN);
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
  request->out_bits = GST_VIDEO_INFO_COMP_DEPTH (out, 0) > 8 ? 10 : 8;
  request->dither = FALSE;
}
