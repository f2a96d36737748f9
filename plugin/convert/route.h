/* pooledconvert
 * The route: which walk a conversion takes for progressive and for
 * interlaced frames, where its output chroma sits and whether a YUV input
 * is re-matrixed.  The one place that decides it: the caps code asks it
 * for every siting it might offer, the plan for the one negotiated.
 */

#ifndef __PC_ROUTE_H__
#define __PC_ROUTE_H__

#include <gst/video/video.h>

#include "convert/formats.h"
#include "convert/siting.h"

G_BEGIN_DECLS
/* How frames of one kind are walked. */
    typedef enum
{
  PC_STRATEGY_FUSED,            /* the layout's own walk, kernels fused */
  PC_STRATEGY_FIELD,            /* the layout's field walk: interlaced
                                 * frames, same matrix */
  PC_STRATEGY_GENERAL,          /* any siting, fields, YUV matrix:
                                 * stages.c */
} PcStrategy;

/* A conversion as the caps describe it: what pc_convert_route () decides
 * from. */
typedef struct
{
  GstVideoFormat in_format;
  /* interleaved or mixed frames */
  gboolean interlaced;
  GstVideoChromaSite in_site;
  GstVideoChromaSite out_site;
  /* the output's matrix or range differs from a YUV or grey input's; for
   * RGB, whose matrix the output colorimetry picks, the input is tagged
   * limited range */
  gboolean matrix_change;
  /* 10: 10-bit output (I420_10LE, P010_10LE); 0 or 8: 8-bit */
  guint out_bits;
  /* input of more than 8 bits to 8-bit output is dithered (the dither
   * property's bayer) */
  gboolean dither;
} PcRouteRequest;

/* What the route decided. */
typedef struct
{
  /* the input format's layout, and how progressive and interlaced frames
   * of it are walked */
  PcLayout layout;
  PcStrategy progressive;
  PcStrategy interlaced;
  /* where the output chroma sits (not set when the input's chroma is kept
   * as it is: grey, 4:2:0 in its own siting) */
  PcSiting siting;
  /* where a subsampled input's chroma sits (set with siting); along a
   * subsampled axis where it differs from siting, the chroma is re-sited */
  PcSiting in_siting;
  gboolean yuv_matrix_change;
  /* the input's chroma, matrix and range are kept as they are: to the
   * input's own format, nothing is converted (a passthrough) */
  gboolean keeps_frame;
  /* the general walk rounds at the dither's thresholds
   * (pc_route_dithers ()) */
  gboolean dithers;
} PcRoute;

/* Decides how @request is converted: 10-bit output, and dithered depth
 * reduction, by the general walk, whose last stage rounds to 10 bits or
 * at the dither's thresholds, but for progressive frames of a layout
 * whose fused walk writes 10-bit rows.  FALSE when no walk makes it;
 * then
 * *@reason (when not NULL) says why, in words for a log (static). */
gboolean pc_convert_route (const PcRouteRequest * request, PcRoute * route,
    const gchar ** reason);

/* The request of converting @in to @out (chroma sites as the infos hold
 * them: see pc_video_info_read_chroma_site ()). */
void pc_route_request_init (PcRouteRequest * request, const GstVideoInfo * in,
    const GstVideoInfo * out);

/* TRUE when @request asks for dither and has a depth to reduce: YUV or
 * RGB input of more than 8 bits to 8-bit output (grey is rounded). */
gboolean pc_route_dithers (const PcRouteRequest * request);

/* Sets *@reason (when not NULL) to @why; FALSE, for returning. */
gboolean pc_route_refuse (const gchar ** reason, const gchar * why);

G_END_DECLS
#endif /* __PC_ROUTE_H__ */
