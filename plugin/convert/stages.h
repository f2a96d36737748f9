/* pooledconvert
 * The general conversion path as stages over rows: every output sample is
 * a weighted sum of input samples (the taps of the output siting, see
 * siting.h) taken through a 3x3 matrix (see yuvmatrix.h), rounded once.
 * It serves what the fused walks do not: co-sited rows, interlaced
 * fields, re-sited chroma and changes of YUV matrix or range, of 8-bit and
 * 10-bit input.  Each stage is a kernel of the plan's tier (the stage
 * family of dsp.h) over 16-bit working rows that hold exact integer sums,
 * so the one rounding, in the last stage, gives the bytes the formula
 * gives.  Nothing is allocated per frame: the
 * working rows are the worker's scratch.
 */

#ifndef __PC_STAGES_H__
#define __PC_STAGES_H__

#include <gst/video/video.h>

#include "dsp/dsp.h"
#include "convert/formats.h"
#include "convert/siting.h"
#include "convert/yuvmatrix.h"

G_BEGIN_DECLS
/* Input rows unpacked by the worker that reads them, frame row r in
 * slot r % PC_STAGE_UNPACKED_ROWS: a stage holds at most three rows at a
 * time, fewer than eight rows apart (the taps of a field's rows). */
#define PC_STAGE_UNPACKED_ROWS 8
/* How the stages read the input's rows. */
    typedef enum
{
  PC_STAGE_READ_FRAME,          /* the frame's own rows */
  PC_STAGE_READ_WORDS_444,      /* 10-bit fields of 32-bit words, unpacked
                                 * to GBR_10LE's planes */
  PC_STAGE_READ_V210,           /* v210's groups, unpacked to I422_10LE's
                                 * planes */
  PC_STAGE_READ_PACKED_UV,      /* packed 8-bit YUV whose chroma is only
                                 * filtered into 8-bit output: U and V
                                 * unpacked to the chroma planes of Y42B or
                                 * Y444 (its luma, made by the format's own
                                 * kernels, is never read here) */
  PC_STAGE_READ_SPLIT_UV,       /* semi-planar YUV likewise: each chroma
                                 * row's pairs split to the chroma planes
                                 * of I420, Y42B or Y444, or for 16-bit
                                 * pairs to I420_10LE's as the 10 bits the
                                 * stages read (its luma is copied, or made
                                 * by the format's own kernels) */
} PcStageRead;

typedef struct
{
  /* a row of each plane of the unpacked format, per slot */
  guint8 *planes[PC_STAGE_UNPACKED_ROWS][3];
  /* the frame row a slot holds, G_MAXUINT: none */
  guint held[PC_STAGE_UNPACKED_ROWS];
} PcStageUnpacked;

/* The chroma steps of luma rows through the matrix (PcStages'
 * luma_steps), of chroma row r in slot r % 2: the luma rows of a 4:2:0
 * block, in a frame or in a field, read one of two chroma rows. */
typedef struct
{
  guint8 *up[2];
  guint8 *down[2];
  /* the chroma row a slot holds, G_MAXUINT: none */
  guint held[2];
} PcStageSteps;

/* The working rows of one worker: @bytes holds one input row's samples
 * weighted (every component of a plane, as the plane interleaves them),
 * @split one component of it at full width, @sums the three components
 * ready for the last stage (full width for luma rows); @unpacked, for
 * input read unpacked, its rows; @steps, for luma_steps, the steps. */
typedef struct
{
  gint16 *bytes;
  gint16 *split;
  gint16 *sums[3];
  PcStageUnpacked *unpacked;
  PcStageSteps *steps;
} PcStageRows;

typedef struct
{
  /* where the output chroma sits */
  PcSiting siting;
  /* where subsampled input chroma sits: re-sited along an axis where it
   * differs from siting */
  PcSiting in_siting;
  /* input codes (Y'CbCr or R'G'B') -> output Y'CbCr codes */
  PcMatrix3 matrix;
  /* chroma depends on the first input component (luma, or R) */
  gboolean chroma_reads_first;
  /* the matrix is the identity: chroma is only filtered */
  gboolean keeps_values;
  /* the frames walked, from the caps: a buffer's video meta may describe a
   * larger frame (a decoder's padding), of which only the strides and
   * planes are used; for input read unpacked, finfo is the unpacked
   * format's, whose planes the stages read */
  const GstVideoFormatInfo *finfo;
  PcStageRead read;
  /* PC_STAGE_READ_WORDS_444 and 16-bit PC_STAGE_READ_SPLIT_UV: the first
   * bit of each unpacked plane's component in a pixel's (or pair's)
   * word */
  guint word_shift[3];
  /* packed 8-bit and semi-planar YUV: the read of their chroma alone
   * (PC_STAGE_READ_PACKED_UV, _SPLIT_UV), the planar format of their
   * subsampling, and the samples of a 4-byte group or of a pair that
   * hold U and V */
  PcStageRead uv_read;
  const GstVideoFormatInfo *uv_planar;
  guint uv_bytes[2];
  guint width;
  guint height;
  guint in_chroma_height;
  guint out_chroma_width;
  /* 1 for 8-bit samples, 2 for 10 to 16 bits in 16-bit words, read as
   * their top 10 bits (word >> read_shift); depth_shift: the bits past 8
   * of what is read (a 10-bit sample counts as four 8-bit units, so the
   * last stage shifts 2 more) */
  guint sample_bytes;
  guint read_shift;
  guint depth_shift;
  /* luma rows through the matrix read the samples of the frame
   * (stage_matrix_bytes, stage_matrix_words) */
  gboolean direct_luma;
  /* of which 8-bit 4:2:0, planar or semi-planar: the block rows that
   * pc_stages_block_row () makes in one kernel (stage_block_matrix) */
  gboolean block_matrix;
  /* of which luma whose own term is one (a matrix change that keeps the
   * range): each chroma row's terms are made once, as steps added to
   * both its luma rows (stage_chroma_steps, stage_add_steps) */
  gboolean luma_steps;
  /* output chroma rows are input chroma rows through the matrix, sample
   * for sample, where the siting keeps them: 4:2:0 input laid out as
   * direct_luma needs, a matrix change whose chroma rows have no luma
   * term */
  gboolean direct_chroma;
  /* the rounding term of each matrix row over samples, not sums: its
   * offset and half the last unit, at the samples' depth */
  gint sample_bias[3];
  /* where each component lies in its plane's row, in samples */
  guint offset[3];
  guint stride[3];
  /* samples of one row of each input plane that hold components */
  guint plane_samples[GST_VIDEO_MAX_PLANES];
  /* 10-bit output (pc_stages_set_output): the last stage rounds 2 bits
   * less (a 10-bit code is four 8-bit units) into 16-bit words, the code
   * shifted left by out_shift; 0 and 0 for 8-bit output */
  guint out_drop;
  guint out_shift;
  /* 10-bit output of luma rows whose values are kept (the matrix's luma
   * row the identity), of samples in 16-bit words: each sample's code as
   * it is read, in its plane or sharing it (AYUV64) (stage_keep_10) */
  gboolean luma_keeps_10;
  /* the same of 8-bit samples: each code four times the byte
   * (stage_widen_10) */
  gboolean luma_widens_10;
  /* chroma only filtered, each chroma component alone in its plane: the
   * output's U and V rows can be made apart, a plane after the other
   * (pc_stages_chroma_plane_row) */
  gboolean chroma_by_plane;
  /* of which 8-bit 4:2:0 and 4:2:2 chroma to 8-bit output: a re-sited row
   * of a plane is one kernel (stage_resite_bytes) */
  gboolean resites_bytes;
  /* the same of 16-bit planar 4:2:0 and 4:2:2 chroma read from the frame
   * (stage_resite_words), where the rung has its own
   * (PcDsp.resites_pairs) */
  gboolean resites_words;
  /* chroma only filtered, semi-planar 4:2:0 or 4:2:2 (NV12, NV21, NV16,
   * NV61; P010_10LE, P016_LE and kin) to 8-bit output: both re-sited
   * chroma rows in one kernel straight from the frame's pairs
   * (stage_resite_pairs, _pairs16), where the rung has its own
   * (PcDsp.resites_pairs) */
  gboolean resites_pairs;
  /* of which 8-bit 4:4:4 chroma to 8-bit output: a row of a plane is one
   * kernel (stage_fold_bytes) */
  gboolean folds_bytes;
  /* 8-bit planar chroma, each component alone in its plane, or the chroma
   * of 4-byte 4:4:4 pixels, or 16-bit planar 4:4:4 chroma, through a
   * matrix without a luma term, into 8-bit output: both chroma rows in one
   * kernel where the rung has its own (PcDsp.fuses_matrix), into three
   * planes, not dithered; 4:4:4 folded (stage_fold_matrix, _16), planar
   * 4:2:2 and 4:2:0 whose columns the output keeps weighed across rows
   * (stage_rows_matrix) */
  gboolean fuses_matrix;
  /* of which 16-bit planar 4:4:4 whose chroma rows sit centred between
   * two frame rows, into 8-bit output, not dithered: a block row's luma
   * rows and chroma row in one kernel (stage_block_fold16) */
  gboolean block_fold16;
  /* 16-bit planar and semi-planar 4:2:0 and 4:2:2 through a matrix change
   * whose luma keeps its own term, into 8-bit planes, not dithered, the
   * chroma's columns kept: a block row's luma rows and chroma row in one
   * kernel (stage_block_matrix16) where the output's chroma row is the
   * mean of the rows under it */
  gboolean block_matrix16;
  /* packed 4:2:2's chroma through the matrix (the identity where the
   * values are kept) into I420, taken across columns as it sits: both
   * chroma rows in one kernel (stage_matrix_packed_uv), for the strided
   * weighs of U and of V and their roundings through the matrix */
  gboolean packs_uv_matrix;
  /* packed 4:2:2 re-sited across columns into I420, the values kept:
   * both chroma rows in one pass over the packed rows */
  gboolean resites_packed_uv;
  /* 8-bit output of input of more than 8 bits rounded at the thresholds
   * of a 4x4 ordered (Bayer) matrix, by output row and column, instead of
   * the half */
  gboolean dither;
  /* The column taps, which depend on the caps only (siting.c): column
   * 0's at the frame's width and at the input chroma's, which say which
   * column stages a row takes; of re-sited chroma columns, the first
   * interior column's (the pair kernel's weights) and the edge column's,
   * where the last sample repeats; of columns through the filter kernels,
   * the edge columns those leave (column 0 when co-sited, an odd last
   * column), at most two, around the kernels' columns filter_first ..
   * filter_end - 1 (none when filter_first >= filter_end). */
  PcTaps columns;
  PcTaps chroma_columns;
  guint resite_interior;
  guint resite_edge;
  PcTaps resite_interior_taps;
  PcTaps resite_edge_taps;
  guint filter_first;
  guint filter_end;
  guint n_edge_columns;
  guint edge_column[2];
  PcTaps edge_column_taps[2];
} PcStages;

/* The stages for frames of @in (caps; @entry its row of the format
 * table), whose subsampled chroma sits as @in_siting, to I420 of the same
 * size sited as @siting. */
void pc_stages_init (PcStages * stages, const GstVideoInfo * in,
    const PcFormatEntry * entry, const PcSiting * in_siting,
    const PcSiting * siting, const PcMatrix3 * matrix);

/* Makes the stages write @out_format (I420, or I420_10LE or P010_10LE,
 * whose rows of 16-bit words they write as I420_10LE's planes: the output
 * stage interleaves P010_10LE's chroma), with @dither when the route
 * dithers (pc_route_dithers ()).  Called after pc_stages_init (), before
 * the working rows are made. */
void pc_stages_set_output (PcStages * stages, GstVideoFormat out_format,
    gboolean dither);

/* Working rows for @stages, and their release. */
void pc_stage_rows_init (PcStageRows * rows, const PcStages * stages);
void pc_stage_rows_clear (PcStageRows * rows);

/* Forgets the unpacked rows and the steps @rows holds: called before a
 * walk reads another frame (or another band of one) with them. */
void pc_stage_rows_forget (const PcStageRows * rows);

/* Whether the chroma rows can be written as NV12's pairs: through the
 * matrix, into 8-bit output, not dithered, by the working rows (not the
 * fused byte kernels, nor a plane at a time).  Given an output of two
 * planes, pc_stages_chroma_row () then writes the pairs. */
gboolean pc_stages_makes_pairs (const PcStages * stages);

/* Writes chroma row @row of both chroma planes of @out with the kernels
 * of @dsp (NV12's pairs where @out has two planes). */
void pc_stages_chroma_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, const PcStageRows * rows);

/* The same for chroma component @c (1 or 2) alone, where
 * stages->chroma_by_plane: the bytes pc_stages_chroma_row () writes to
 * that plane. */
void pc_stages_chroma_plane_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint c, guint row,
    gboolean interlaced, const PcStageRows * rows);

/* Writes luma rows 2 @row and 2 @row + 1 of @out and its chroma row @row
 * in one pass over their input rows, where the rung has the fused
 * kernels, into planes: where 8-bit 4:2:0 is laid out for it
 * (stages->block_matrix) and the output's chroma rows come straight
 * through the matrix from the input's (stages->direct_chroma, chroma
 * taken as it sits; stage_block_matrix), where 16-bit 4:4:4's
 * chroma row folds the block row's two rows (stages->block_fold16), and
 * where 16-bit 4:2:0's chroma row is taken as it sits or 4:2:2's two
 * rows are averaged (stages->block_matrix16).
 * Each block row then comes from memory once, where the luma rows and
 * the chroma row read it apart.  Returns FALSE, having written nothing,
 * otherwise, and for interlaced @in. */
gboolean pc_stages_block_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    const PcStageRows * rows);

/* Writes luma row @row of @out from a YUV @in through the matrix; each
 * luma sample takes the chroma sample of its block (for 4:2:0 interlaced
 * input, the block of its own field). */
void pc_stages_luma_row (const PcStages * stages, const PcDsp * dsp,
    const GstVideoFrame * in, GstVideoFrame * out, guint row,
    gboolean interlaced, const PcStageRows * rows);

G_END_DECLS
#endif /* __PC_STAGES_H__ */
