/* pooledconvert
 * What the caps say about colour, chroma and fields: the outputs offered
 * for an input and the inputs taken for an output, both asked of
 * pc_convert_route (), so the caps list only what the plan makes; how the
 * output's chroma-site and colorimetry are fixed; and why a refused input
 * is refused.  The element's transform_caps, fixate_caps and accept_caps
 * call these.
 */

#ifndef __PC_OUTPUT_CAPS_H__
#define __PC_OUTPUT_CAPS_H__

#include <gst/video/video.h>

G_BEGIN_DECLS
/* TRUE when @s describes interlaced frames (interlace-mode fixed to
 * interleaved or mixed). */
    gboolean pc_structure_is_interlaced (const GstStructure * s);

/* The output structures (the formats pc_output_formats_for () lists, in
 * caps without features)
 * the element can make from the input structure @in of @in_format: @in's size, rate and
 * interlacing, the chroma sitings pc_convert_route () takes, and the
 * colorimetry open where the route takes a change of matrix and range
 * (RGB: always), else the input's (the one it names, or GStreamer's
 * default for its format and size).  Empty when no route takes @in. */
GstCaps *pc_output_caps_offer (const GstStructure * in,
    GstVideoFormat in_format);

/* The input structures of @in_format that can give the output structure
 * @out (of the element's output formats; none when it makes none of them
 * of @in_format): the interlace modes some route takes and, when @out
 * names sitings, for 4:2:0 and 4:2:2 input the input sitings that reach one of
 * them.  The colorimetry is left open. */
GstCaps *pc_input_caps_for (const GstStructure * out, GstVideoFormat in_format);

/* Why no route takes the fixed input @in_caps to what downstream
 * (@peer_caps, may be NULL or empty) names in its first structure
 * (chroma-site and colorimetry; what it leaves open, as the element
 * would choose): the route's reason and the input's siting and
 * colorimetry as the plan reads them, or NULL when a route takes it.
 * Free it with g_free (). */
gchar *pc_output_caps_refusal (GstCaps * in_caps, GstCaps * peer_caps);

/* @caps (taken) with a structure that can be the format the element
 * prefers for @in_format (pc_output_formats_for ()) moved to the front:
 * I420 is made whenever downstream takes it, and a 10-bit format from
 * input of more than 8 bits. */
GstCaps *pc_output_caps_prefer (GstCaps * caps, GstVideoFormat in_format);

/* Fixes the format (the first of pc_output_formats_for () that @out
 * allows), chroma-site and colorimetry
 * of @out for the fixed input @in_caps:
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
