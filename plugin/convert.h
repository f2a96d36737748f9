/* pooledconvert
 * The conversion plan: what turns one input frame into one I420 frame.
 *
 * A plan is built once per caps (in set_info), never per frame.  It holds
 * the input format's row of the format table (which walk, which planes,
 * which pixel layout), the kernel variant table, and, for RGB input, the
 * integer matrix taken from the output colorimetry.
 */

#ifndef __PC_CONVERT_H__
#define __PC_CONVERT_H__

#include <gst/video/video.h>

#include "kernels.h"

G_BEGIN_DECLS
/* How a frame of one input format is walked, plane by plane. */
    typedef enum
{
  PC_WALK_COPY_420,             /* 4:2:0 planes: every plane copied */
  PC_WALK_PLANAR_444,           /* 4:4:4 planes: chroma box-filtered 2x2 */
  PC_WALK_PLANAR_422,           /* 4:2:2 planes: chroma averaged vertically */
  PC_WALK_PACKED_RGB,           /* packed RGB: per row pair, its Y and chroma */
} PcWalk;

/* One input format: its walk and where its samples are.  A new format is
 * a new row of these, not a new loop. */
typedef struct
{
  GstVideoFormat format;
  PcWalk walk;
  /* planar: the input plane that holds Y, U and V */
  guint planes[3];
  /* packed RGB: bytes per pixel and the byte of R, G and B in a pixel */
  guint pixel_stride;
  guint channels[3];
} PcFormatEntry;

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

/* Two rows for sources that are not aligned to the kernel's element size
 * (ORC requires it).  Each walker of a band needs its own. */
typedef struct
{
  guint8 *row[2];
} PcRowScratch;

typedef struct
{
  GstVideoFormat in_format;
  guint width;
  guint height;
  /* chroma samples built from two full columns: width / 2 */
  guint full_pairs;
  const PcFormatEntry *format;
  const PcKernels *kernels;
  PcRgbMatrix matrix;
  /* the scratch of pc_convert_plan_run; allocated once per caps */
  PcRowScratch scratch;
} PcConvertPlan;

gboolean pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out);
gboolean pc_convert_plan_init_with_kernels (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out,
    const PcKernels * kernels);
void pc_convert_plan_clear (PcConvertPlan * plan);

void pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry);

gboolean pc_convert_frame_planes_fit (const GstVideoFrame * frame);

void pc_row_scratch_init (PcRowScratch * scratch, const PcConvertPlan * plan);
void pc_row_scratch_clear (PcRowScratch * scratch);

/* Converts output luma rows first_row .. first_row + n_rows - 1 and the
 * chroma rows they cover.  first_row must be even and n_rows even unless
 * the band ends at the last row, so that bands never share a chroma row:
 * disjoint bands may run at the same time, each with its own scratch. */
void pc_convert_plan_run_rows (const PcConvertPlan * plan,
    const GstVideoFrame * in, GstVideoFrame * out, guint first_row,
    guint n_rows, const PcRowScratch * scratch);

/* The whole frame, with the plan's own scratch. */
void pc_convert_plan_run (const PcConvertPlan * plan, const GstVideoFrame * in,
    GstVideoFrame * out);

G_END_DECLS
#endif /* __PC_CONVERT_H__ */
