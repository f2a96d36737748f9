/* pooledconvert
 * The conversion plan: what turns one input frame into one I420 frame.
 *
 * A plan is built once per caps (in set_info), never per frame.  It names the
 * row-pair routine for the input format and, for RGB input, the integer
 * matrix taken from the output colorimetry.
 */

#ifndef __PC_CONVERT_H__
#define __PC_CONVERT_H__

#include <gst/video/video.h>

G_BEGIN_DECLS

typedef struct _PcConvertPlan PcConvertPlan;

/* Writes output luma rows 2 * pair and 2 * pair + 1 and chroma row pair. */
typedef void (*PcRowPairFunc) (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, guint pair);

/* RGB -> YCbCr for the row kernels: unsigned Q16 magnitudes (the sign of
 * each chroma term is fixed by the kernels: U adds B and subtracts R and G,
 * V adds R and subtracts G and B), and y_bias = Y offset * 256 + 128. */
typedef struct
{
  gint y[3];
  gint y_bias;
  gint u[3];
  gint v[3];
} PcRgbMatrix;

struct _PcConvertPlan
{
  GstVideoFormat in_format;
  guint width;
  guint height;
  /* chroma samples built from two full columns: width / 2 */
  guint full_pairs;
  PcRowPairFunc convert_row_pair;
  PcRgbMatrix matrix;
  /* two rows for sources that are not aligned to the kernel's element
   * size (ORC requires it); allocated once per caps */
  guint8 *scratch[2];
};

gboolean pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out);
void pc_convert_plan_clear (PcConvertPlan * plan);

void pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry);

gboolean pc_convert_frame_planes_fit (const GstVideoFrame * frame);

void pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out);

G_END_DECLS

#endif /* __PC_CONVERT_H__ */
