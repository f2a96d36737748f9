/* pooledconvert tests
 * An independent double-precision model of the conversion to I420.
 *
 * It is written from the definitions (BT.601/709/2020 Kr and Kb, the 2x2
 * chroma box over the pixels that exist), not from the element's code, and
 * shares nothing with it.  Tests convert with the element and compare.
 */

#ifndef __PC_TEST_REFERENCE_H__
#define __PC_TEST_REFERENCE_H__

#include <gst/video/video.h>

G_BEGIN_DECLS typedef enum
{
  REF_BT601,
  REF_BT709,
  REF_BT2020,
} RefMatrix;

typedef struct
{
  gdouble kr;
  gdouble kb;
  gboolean full_range;
} RefColor;

/* The standard's Kr and Kb for @matrix. */
RefColor ref_color (RefMatrix matrix, gboolean full_range);

/* GStreamer's colorimetry for @matrix and range (BT.709 transfer, the
 * matrix's own primaries), and the string caps use for it. */
GstVideoColorimetry ref_colorimetry (RefMatrix matrix, gboolean full_range);
gchar *ref_colorimetry_string (RefMatrix matrix, gboolean full_range);

typedef struct
{
  gint width;
  gint height;
  gdouble *y;                   /* width x height */
  gdouble *u;                   /* ceil (width / 2) x ceil (height / 2) */
  gdouble *v;
} RefI420;

/* A zeroed RefI420 of @width x @height. */
RefI420 *ref_i420_new (gint width, gint height);

/* The exact (unrounded) I420 that @in, of any input format, should become
 * (reference-formats.c).  @color is used for RGB input only; YUV input
 * keeps its values. */
RefI420 *ref_expected_i420 (const GstVideoFrame * in, const RefColor * color);

/* As ref_expected_i420 (), for input whose codes are in the range
 * @in_full_range says (R'G'B' or Y' = code / 255 full, (code - 16) / 219
 * limited): grey's luma is written in @color's range; RGB is read in it
 * (codes outside 16..235 extrapolate, and the result is clamped). */
RefI420 *ref_expected_i420_from_range (const GstVideoFrame * in,
    const RefColor * color, gboolean in_full_range);
void ref_i420_free (RefI420 * ref);

/* Largest |output - expected| over every sample of the three planes. */
gdouble ref_max_error (const GstVideoFrame * out, const RefI420 * ref);

/* Number of samples that differ from the expected value rounded half up:
 * the exact-rounding check for box-filtered chroma. */
guint ref_count_misrounded (const GstVideoFrame * out, const RefI420 * ref);

/* Where the output is furthest from the expected value, as text for a
 * failure message ("plane 1 (x, y): 93, expected 91.250"); free it. */
gchar *ref_describe_worst (const GstVideoFrame * out, const RefI420 * ref);

/* Deterministic pseudo-random bytes (xorshift), for frames and rows. */
void ref_fill_random (guint8 * data, gsize size, guint32 seed);

G_END_DECLS
#endif /* __PC_TEST_REFERENCE_H__ */
