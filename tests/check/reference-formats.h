/* pooledconvert tests
 * The double-precision reference for every input format.
 *
 * Where each sample of a format lies (plane, byte, pixel stride or
 * v210's packing, subsampling, bits) is written out here from GStreamer's video format
 * documentation, not taken from the element's format table or from
 * GstVideoFormatInfo.  The expected I420 follows the same definitions as
 * reference.h: each output chroma sample is the mean over the 2x2 block of
 * pixels it covers (only pixels inside the frame), a pixel's chroma being
 * the input chroma sample that covers it; 16-bit samples and the 10-bit
 * fields of 32-bit words (RGB10A2_LE, BGR10A2_LE, v210) are scaled to 8
 * bits exactly (value / 4 for 10 bits in the low bits or in a field, / 16
 * for 12, / 256 for the samples in the high bits of P010, P012 and P016);
 * RGB goes through the matrix of the RefColor; grey has chroma 128.  Every
 * value is clamped to 0..255.  ref_expected_i420 () (reference.h) is
 * implemented here.
 */

#ifndef __PC_TEST_REFERENCE_FORMATS_H__
#define __PC_TEST_REFERENCE_FORMATS_H__

#include "reference.h"

G_BEGIN_DECLS
/* The input formats the reference knows, NULL-terminated. */
const gchar *const *ref_input_formats (void);

gboolean ref_format_is_rgb (GstVideoFormat format);

/* TRUE when docs/pooledconvert.md promises @format's conversion with its
 * siting and colorimetry kept exactly rounded (YUV and grey but for
 * AYUV64), FALSE when within one step (RGB through the matrix, AYUV64). */
gboolean ref_format_rounds_exactly (GstVideoFormat format);

/* Component @c (Y, U, V or R, G, B) of @f at (@x, @y) of the
 * component's own grid (chroma samples for a subsampled component), on
 * the 8-bit scale, not rounded.  Where samples lie is this file's, not
 * GstVideoFormatInfo's: GStreamer 1.22 gives P010_10LE's V an offset of
 * 1 byte, in the middle of U's 16-bit word. */
gdouble ref_component (const GstVideoFrame * f, guint c, gint x, gint y);

/* Clears the bits a 16-bit format does not use (above the sample for
 * I420_10LE and the like, below it for P010 and P012), so random bytes make a
 * valid frame; other formats are left alone. */
void ref_make_valid (GstVideoFrame * frame);

G_END_DECLS
#endif /* __PC_TEST_REFERENCE_FORMATS_H__ */
