/* pooledconvert
 * The conversion plan: what turns one input frame into one frame of an output
 * format (output.h).
 *
 * A plan is built once per caps (in set_info), never per frame.  It holds
 * the input format's row of the format table (formats.h: its layout and
 * planes), the route's choice of walks (route.h), the DSP context of its
 * kernel tier, and, for RGB input, the integer matrix taken from the
 * output colorimetry.
 */

#ifndef __PC_CONVERT_H__
#define __PC_CONVERT_H__

#include <gst/video/video.h>

#include "dsp/dsp.h"
#include "convert/formats.h"
#include "convert/stages.h"
#include "convert/route.h"

G_BEGIN_DECLS
/* Two rows for sources that are not aligned to the kernel's element size
 * (ORC requires it).  Each worker converting a band needs its own. */
    typedef struct
{
  guint8 *row[2];
  /* the general walk's working rows */
  PcStageRows stage_rows;
  /* 4:4:4 chroma held together, split for co-sited columns: one row of
   * each component for each row of a pair (full width, aligned; bytes,
   * or 16-bit words for AYUV64) */
  guint8 *chroma[4];
  /* NV12 and P010_10LE output through sub-bands: a sub-band's U rows,
   * then its V rows, uv_chroma_rows of each, uv_stride bytes apart
   * (output.h); NULL where no frame of the plan takes the sub-bands */
  guint8 *uv_rows;
  gsize uv_stride;
  guint uv_chroma_rows;
} PcRowScratch;

/* How depth is reduced to 8 bits: rounded, or by an ordered dither (the
 * values are GstVideoDitherMethod's, as the element's property has
 * them). */
typedef enum
{
  PC_DITHER_NONE = 0,
  PC_DITHER_BAYER = 4,
} PcDither;

typedef struct
{
  GstVideoFormat in_format;
  /* I420 or NV12: the walks write I420 rows, the output stage (output.h)
   * makes NV12 of them, or pc_walk_rows writes NV12's pairs itself;
   * I420_10LE or P010_10LE: the general walk writes I420_10LE rows, the
   * output stage makes P010_10LE of them (grey's walk writes both) */
  GstVideoFormat out_format;
  /* the output holds 10-bit codes in 16-bit words, shifted left by
   * out_shift (0, or 6 for P010_10LE); both set once per caps */
  gboolean out_10;
  guint out_shift;
  guint width;
  guint height;
  /* chroma samples built from two full columns: width / 2 */
  guint full_pairs;
  const PcFormatEntry *format;
  /* the row kernels of the plan's tier, and their plain-C twins, which
   * make the edge columns on copies (edges.h) */
  const PcDsp *dsp;
  const PcDsp *c_twins;
  /* whether the walks ask for the next block's input rows ahead of
   * reading them (pc_walk_prefetch_block), chosen once per caps */
  gboolean prefetch;
  /* for RGB input, with coefficients in the order of the bytes of a pixel
   * (see pc_rgb4_to_y and pc_rgb4_to_uv): the matrix of the output
   * colorimetry, and whether U and V come out swapped (B, G, R orders) */
  PcRgbMatrix matrix;
  gboolean rgb_swap_uv;
  /* how progressive and interlaced frames (interleaved caps, or flagged
   * in mixed caps) are walked, as the route decided */
  PcStrategy progressive;
  PcStrategy interlaced;
  /* the caps can carry interlaced frames (interleaved or mixed) */
  gboolean interlaced_frames;
  /* where the output chroma sits; horizontally co-sited chroma takes the
   * [1 2 1] kernels in the format's walk */
  PcSiting siting;
  /* a YUV input re-matrixed (another matrix or range downstream), or
   * limited-range RGB read through the general walk's matrix */
  gboolean yuv_matrix_change;
  /* the route keeps the input's chroma, matrix and range: to its own
   * format, a passthrough */
  gboolean keeps_frame;
  /* what was asked; the stages say whether they dither
   * (stages.dither) */
  PcDither dither;
  PcStages stages;
  /* grey input to another range: its luma goes through this table
   * (pc_gray_remap); FALSE: the luma is copied */
  gboolean gray_remap;
  guint8 gray_luma[256];
  /* the same as pc_gray_affine (sub, a, b, twice), when one gives it */
  gboolean gray_affine;
  gint gray_affine_params[4];
  /* 16-bit grey to another range: the 65536 codes' table (made once per
   * caps), else NULL */
  guint8 *gray_16_luma;
  /* grey to 10-bit output (gray_10): each luma code's output word, its
   * code in out_shift's bits (0, or 6 for P010_10LE): 256 entries for
   * GRAY8, 65536 for 16-bit grey, made once per caps; NULL for GRAY8
   * whose codes are kept, four times each byte (stage_widen_10) */
  gboolean gray_10;
  guint16 *gray_10_words;
  /* GRAY8's words as pc_gray_affine_10 (sub, a, b), when one gives them
   * and the tier vectorises it */
  gboolean gray_10_affine;
  gint gray_10_affine_params[3];
  /* the scratch of pc_convert_plan_run; allocated once per caps */
  PcRowScratch scratch;
  /* a number no other plan's init gave (0: none): a worker set's scratch
   * made for another plan is made again (workers.h) */
  guint serial;
} PcConvertPlan;

gboolean pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out);
gboolean pc_convert_plan_init_with_dsp (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out, const PcDsp * dsp);
/* As pc_convert_plan_init_with_dsp (); when it fails, *@reason (when
 * not NULL) says why, in words for a log (static). */
gboolean pc_convert_plan_init_full (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out,
    const PcDsp * dsp, const gchar ** reason);
/* As pc_convert_plan_init_full (), with depth reduced as @dither says. */
gboolean pc_convert_plan_init_dithered (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out, const PcDsp * dsp,
    PcDither dither, const gchar ** reason);
void pc_convert_plan_clear (PcConvertPlan * plan);

/* TRUE when the plan copies its input as it is (passthrough): I420,
 * NV12, I420_10LE or P010_10LE to the same format, same siting, matrix
 * and range. */
gboolean pc_convert_plan_is_identity (const PcConvertPlan * plan);

/* What @plan (built from @in and @out) does, in one line for the log:
 * formats and size, the walk (fused or general) for each kind of frame,
 * siting in and out, fields, matrix and range, kernel tier.  Free it
 * with g_free (). */
gchar *pc_convert_plan_describe (const PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out);

/* The bytes of one row of @plane of a frame of @info that a walk reads:
 * every component in the plane, whole pixels (a packed 4:2:2 row of odd
 * width ends with a whole macropixel, a padding byte is read with its
 * pixel); and the rows of @plane. */
gsize pc_convert_plane_row_bytes (const GstVideoInfo * info, guint plane);
gsize pc_convert_plane_rows (const GstVideoInfo * info, guint plane);

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
