/* pooledconvert
 * What the output caps say about colour and chroma: the chroma sitings
 * offered for an input, and how the output's chroma-site and colorimetry
 * are fixed.  The element's transform_caps and fixate_caps call these.
 */

#ifndef __PC_OUTPUT_CAPS_H__
#define __PC_OUTPUT_CAPS_H__

#include <gst/video/video.h>

G_BEGIN_DECLS
/* TRUE when @s describes interlaced frames (interlace-mode fixed to
 * interleaved or mixed). */
    gboolean pc_structure_is_interlaced (const GstStructure * s);

/* Sets the colorimetry and chroma-site fields of the output structure
 * @out to what the element can produce from the input structure @in of
 * @in_format: the colorimetry open when the output may change matrix and
 * range (RGB, and YUV the general walk serves), kept otherwise; the
 * sitings of pc_siting_output_choices ().  FALSE when none can be made
 * (fields of a format only the row kernels serve). */
gboolean pc_output_caps_offer (GstStructure * out, const GstStructure * in,
    GstVideoFormat in_format);

/* Fixes chroma-site and colorimetry of @out for the fixed input @in_caps:
 * what downstream (@peer_caps, may be empty) names when it names one,
 * otherwise GStreamer's default siting for the size, and the input's
 * colorimetry (YUV) or the default matrix and range for the size with the
 * input's transfer function and primaries (RGB). */
void pc_output_caps_fixate (GstStructure * out, GstCaps * in_caps,
    GstCaps * peer_caps);

/* Sets the chroma siting of @info from @caps.  GStreamer 1.22's
 * gst_video_info_from_caps() replaces a chroma-site given without a
 * colorimetry by the default for the size. */
void pc_video_info_read_chroma_site (GstVideoInfo * info, GstCaps * caps);

G_END_DECLS
#endif /* __PC_OUTPUT_CAPS_H__ */
