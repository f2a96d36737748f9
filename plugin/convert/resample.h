/* pooledconvert
 * The general conversion path: every output sample is a weighted sum of
 * input samples (the taps of the output siting, see siting.h) taken
 * through a 3x3 matrix (see yuvmatrix.h), rounded once.  It serves what
 * the row kernels do not: co-sited rows, interlaced fields, and changes of
 * YUV matrix or range.  Plain C, one row at a time, nothing allocated.
 */

#ifndef __PC_RESAMPLE_H__
#define __PC_RESAMPLE_H__

#include <gst/video/video.h>

#include "convert/siting.h"
#include "convert/yuvmatrix.h"

G_BEGIN_DECLS typedef struct
{
  /* where the output chroma sits; a 4:2:2 or 4:2:0 input sits the same
   * way in the directions it is subsampled in */
  PcSiting siting;
  /* input codes (Y'CbCr or R'G'B') -> output Y'CbCr codes */
  PcMatrix3 matrix;
  /* chroma depends on the first input component (luma, or R) */
  gboolean chroma_reads_first;
  /* the matrix is the identity: chroma is only filtered */
  gboolean keeps_values;
  /* the frames walked, from the caps: a buffer's video meta may describe a
   * larger frame (a decoder's padding), of which only the strides and
   * planes are used */
  const GstVideoFormatInfo *finfo;
  guint width;
  guint height;
  guint in_chroma_height;
  guint out_chroma_width;
} PcResample;

/* A resampler for frames of @in (caps) to I420 of the same size. */
void pc_resample_init (PcResample * resample, const GstVideoInfo * in,
    const PcSiting * siting, const PcMatrix3 * matrix);

/* Writes chroma row @row of both chroma planes of @out.  @sums: room for
 * 3 x the output chroma width, the caller's (a walker's scratch). */
void pc_resample_chroma_row (const PcResample * resample,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, gint * sums);

/* Writes luma row @row of @out from a YUV @in through the matrix; each
 * luma sample takes the chroma sample of its block (for 4:2:0 interlaced
 * input, the block of its own field). */
void pc_resample_luma_row (const PcResample * resample,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced);

G_END_DECLS
#endif /* __PC_RESAMPLE_H__ */
