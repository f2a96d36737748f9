/* pooledconvert
 * The conversion plan: what turns one input frame into one I420 frame.
 *
 * A plan is built once per caps (in set_info), never per frame.  It holds
 * the input format's row of the format table (which walk, which planes,
 * which pixel layout), the DSP context of its kernel tier, and, for RGB
 * input, the integer matrix taken from the output colorimetry.
 */

#ifndef __PC_CONVERT_H__
#define __PC_CONVERT_H__

#include <gst/video/video.h>

#include "dsp/dsp.h"
#include "convert/resample.h"

G_BEGIN_DECLS
/* How a frame of one input format is walked, plane by plane. */
    typedef enum
{
  PC_WALK_COPY_420,             /* 4:2:0 planes: every plane copied */
  PC_WALK_PLANAR_444,           /* 4:4:4 planes: chroma box-filtered 2x2 */
  PC_WALK_PLANAR_422,           /* 4:2:2 planes: chroma averaged vertically */
  PC_WALK_PACKED_RGB,           /* packed RGB: per row pair, its Y and chroma */
  PC_WALK_SEMI_PLANAR_420,      /* Y plane, interleaved 4:2:0 chroma */
  PC_WALK_SEMI_PLANAR_422,      /* Y plane, interleaved 4:2:2 chroma */
  PC_WALK_SEMI_PLANAR_444,      /* Y plane, interleaved 4:4:4 chroma */
  PC_WALK_PACKED_422,           /* Y, U and V bytes in 4-byte macropixels */
  PC_WALK_PACKED_444,           /* Y, U and V bytes in 4-byte pixels */
  PC_WALK_GRAY,                 /* Y plane only: chroma 128 */
  PC_WALK_PLANAR_420_16,        /* 16-bit samples of these layouts */
  PC_WALK_SEMI_PLANAR_420_16,
  PC_WALK_PLANAR_422_16,
  PC_WALK_PLANAR_444_16,
  PC_WALK_INTERLACED_422,       /* 8-bit 4:2:2 fields, same matrix */
  PC_WALK_INTERLACED_444,       /* planar 8-bit 4:4:4 fields, same matrix */
  PC_WALK_GENERAL,              /* any siting, fields, YUV matrix: resample.c */
} PcWalk;

/* One input format: its walk and where its samples are.  A new format is
 * a new row of these, not a new loop. */
typedef struct
{
  GstVideoFormat format;
  PcWalk walk;
  /* planar: the input plane that holds Y, U and V */
  guint planes[3];
  /* packed RGB: bytes per pixel and the byte of R, G and B in a pixel;
   * packed YUV: bytes per pixel and the byte of Y, U and V in a pixel (in
   * the 4-byte macropixel of two pixels for 4:2:2);
   * semi-planar: 0 and the byte of U and V in an interleaved pair */
  guint pixel_stride;
  guint channels[3];
  /* 16-bit samples: the low bits dropped to reach 8 bits (2 for 10 bits
   * in the low bits, 8 for 10 bits in the high bits) */
  guint drop_bits;
} PcFormatEntry;

/* Which input formats pc_convert_formats () lists. */
typedef enum
{
  PC_FORMATS_ALL,               /* every format the plan converts */
  PC_FORMATS_YUV,               /* YUV and grey, I420 excepted: the samples
                                 * keep their colorimetry */
  PC_FORMATS_RGB,               /* RGB: the output colorimetry picks the
                                 * matrix */
} PcFormatClass;

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
  /* the general walk's chroma sums: 3 x chroma width */
  gint *sums;
  /* 4:4:4 chroma held together, split for co-sited columns: one row of
   * each component for each row of a pair (full width, aligned) */
  guint8 *chroma[4];
} PcRowScratch;

typedef struct
{
  GstVideoFormat in_format;
  guint width;
  guint height;
  /* chroma samples built from two full columns: width / 2 */
  guint full_pairs;
  const PcFormatEntry *format;
  /* the row kernels of the plan's tier */
  const PcDsp *dsp;
  /* for RGB input, with coefficients in the order of the bytes of a pixel
   * (see pc_rgb4_to_y and pc_rgb4_to_uv): the matrix of the output
   * colorimetry, and whether U and V come out swapped (B, G, R orders) */
  PcRgbMatrix matrix;
  gboolean rgb_swap_uv;
  /* the walks for progressive and for interlaced frames (interleaved caps,
   * or flagged in mixed caps): the format's own, or PC_WALK_GENERAL */
  PcWalk walk;
  PcWalk walk_interlaced;
  /* where the output chroma sits; horizontally co-sited chroma takes the
   * [1 2 1] kernels in the format's walk */
  PcSiting siting;
  /* a YUV input re-matrixed (another matrix or range downstream) */
  gboolean yuv_matrix_change;
  PcResample resample;
  /* the scratch of pc_convert_plan_run; allocated once per caps */
  PcRowScratch scratch;
} PcConvertPlan;

/* How an input format's chroma is laid out, for what the output can be. */
typedef enum
{
  PC_CHROMA_420,                /* kept as it is: its siting too */
  PC_CHROMA_422,                /* rows filtered: its horizontal position kept */
  PC_CHROMA_444,                /* (or RGB) any siting the walks produce */
  PC_CHROMA_NONE,               /* grey: constant chroma, sited anywhere */
} PcChromaLayout;

typedef struct
{
  PcChromaLayout layout;
  /* 8-bit samples of three components: the general walk serves it, so
   * any siting, interlaced fields and matrix or range changes */
  gboolean general;
  /* 4:4:4 or RGB whose own walk has kernels for co-sited columns (mpeg2)
   * as well as centred ones */
  gboolean cosited_columns;
  /* its own walk makes co-sited rows (v-cosited, cosited) too: the 10-bit
   * 4:4:4 and 4:2:2 walks; 8-bit formats take the general walk for them */
  gboolean cosited_rows;
} PcFormatTraits;

/* A conversion as the caps describe it: what pc_convert_route () decides
 * from.  The caps code asks it for every siting it might offer, the plan
 * for the one negotiated, so both follow one rule. */
typedef struct
{
  GstVideoFormat in_format;
  /* interleaved or mixed frames */
  gboolean interlaced;
  GstVideoChromaSite in_site;
  GstVideoChromaSite out_site;
  /* the output's matrix or range differs from a YUV or grey input's
   * (ignored for RGB, whose matrix the output colorimetry always picks) */
  gboolean matrix_change;
} PcRouteRequest;

/* What the route decided. */
typedef struct
{
  /* the walks for progressive and for interlaced frames: the format's own
   * (fused), a field walk, or PC_WALK_GENERAL */
  PcWalk walk;
  PcWalk walk_interlaced;
  /* where the output chroma sits (not set when the input's chroma is kept
   * as it is: grey, 4:2:0 in its own siting) */
  PcSiting siting;
  gboolean yuv_matrix_change;
} PcRoute;

/* Decides how @request is converted.  FALSE when no walk makes it; then
 * *@reason (when not NULL) says why, in words for a log (static). */
gboolean pc_convert_route (const PcRouteRequest * request, PcRoute * route,
    const gchar ** reason);

/* The request of converting @in to @out (chroma sites as the infos hold
 * them: see pc_video_info_read_chroma_site ()). */
void pc_route_request_init (PcRouteRequest * request, const GstVideoInfo * in,
    const GstVideoInfo * out);

/* The traits of input @format; FALSE when the plan does not take it. */
gboolean pc_convert_format_traits (GstVideoFormat format,
    PcFormatTraits * traits);

/* The names of the input formats of @klass, NULL-terminated, in the order
 * of the format table: the one list the element's caps are built from. */
const gchar *const *pc_convert_formats (PcFormatClass klass);

gboolean pc_convert_plan_init (PcConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out);
gboolean pc_convert_plan_init_with_dsp (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out, const PcDsp * dsp);
/* As pc_convert_plan_init_with_dsp (); when it fails, *@reason (when
 * not NULL) says why, in words for a log (static). */
gboolean pc_convert_plan_init_full (PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out,
    const PcDsp * dsp, const gchar ** reason);
void pc_convert_plan_clear (PcConvertPlan * plan);

/* TRUE when the plan copies an I420 input as it is (passthrough). */
gboolean pc_convert_plan_is_identity (const PcConvertPlan * plan);

/* What @plan (built from @in and @out) does, in one line for the log:
 * formats and size, the walk (fused or general) for each kind of frame,
 * siting in and out, fields, matrix and range, kernel tier.  Free it
 * with g_free (). */
gchar *pc_convert_plan_describe (const PcConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out);

void pc_rgb_matrix_init (PcRgbMatrix * matrix,
    const GstVideoColorimetry * colorimetry);

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
