/* pooledconvert
 * The row kernels as one context of function pointers, grouped by family.
 *
 * A context is filled by a ladder of tiers, each over the one below:
 * pc_dsp_init_c () sets every pointer to its plain-C twin (dsp/c/), then
 * pc_dsp_init_orc () overrides the kernels ORC has (dsp/orc/), then
 * pc_dsp_init_x86 () those AVX2 has (dsp/x86/), when the CPU has AVX2, and
 * over them those AVX-512 has (the RGB family's), when the CPU and the OS
 * run AVX-512 F, BW and VL (and VBMI, which the RGB kernels use).  A
 * kernel a tier lacks keeps the one below it.  Every kernel keeps the
 * contract of its C twin to the bit, so the tier changes speed only.
 *
 * Each family (one struct below) has one file per tier, named after it:
 * c/<family>.c for the twins (all declared in c/kernels-c.h),
 * orc/<family>.orc for the ORC programs (orc/<family>.c for a kernel that
 * chains two), x86/<family>-avx2.c for AVX2 (declared in
 * x86/kernels-avx2.h).  A siting (centred, interlaced field, co-sited) is
 * a variant inside a family, not a family.
 *
 * The process's tier is chosen once: the highest this CPU and build run,
 * or the one named by the environment variable PC_KERNELS (c, orc, avx2
 * or avx512), which caps the ladder; tests, CI and the benchmark use it to
 * exercise each tier.  The conversion plan reads the context once per caps.
 *
 * Each tier has two contexts, one per kind of store (PcStores): the
 * normal one, and one whose kernels that write the rows of memory-bound
 * conversions use streaming (non-temporal) stores, filled by the same
 * ladder with one more rung on top (pc_dsp_init_x86_streaming ()).  A tier
 * without streaming kernels (C, ORC) has one context for both.  The plan
 * chooses the kind per caps (docs/design.md, "Stores").
 */

#ifndef __PC_DSP_H__
#define __PC_DSP_H__

#include <glib.h>

/* The rungs of the ladder, lowest first. */
G_BEGIN_DECLS typedef enum
{
  PC_KERNELS_C,                 /* the plain-C twins: the reference */
  PC_KERNELS_ORC,               /* ORC: portable SIMD, what non-x86 runs */
  PC_KERNELS_AVX2,              /* x86-64 intrinsics, where the CPU has AVX2 */
  PC_KERNELS_AVX512,            /* over AVX2, where the CPU has AVX-512 */
  PC_KERNELS_N_VARIANTS
} PcKernelVariant;

/* How the kernels store output rows. */
typedef enum
{
  /* through the cache, where the consumer reads the frame next */
  PC_STORES_NORMAL,
  /* around the cache where the row is 32-byte aligned: no read of the
   * line before it is overwritten, for frames larger than the cache */
  PC_STORES_STREAMING,
  /* around the cache only for the kernels that write nothing but the
   * frame's own rows (the row copy, luma-only kernels, the output
   * stage's interleaves); through it for the rest, which write the
   * chroma scratch of NV12 and P010_10LE sub-bands that is read back
   * next (output.h) */
  PC_STORES_STREAMING_LUMA,
  PC_STORES_N_KINDS
} PcStores;

/* What the CPU can run, as pc_dsp_cpu_flags () finds it. */
typedef enum
{
  PC_CPU_FLAG_AVX2 = 1 << 0,
  /* AVX-512 F, BW and VL, with the OS saving opmask and ZMM state */
  PC_CPU_FLAG_AVX512 = 1 << 1,
  /* AVX-512 VBMI (vpermb, vpermt2b), on top of PC_CPU_FLAG_AVX512 */
  PC_CPU_FLAG_AVX512_VBMI = 1 << 2,
  /* ERMS and FSRM: rep movsb is the fast copy, large and small */
  PC_CPU_FLAG_FAST_REP_MOVSB = 1 << 3,
} PcCpuFlags;

typedef void (*PcChromaFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
/* d holds n U V pairs (NV12's chroma row): U from rows u1, u2, V from
 * rows v1, v2 */
typedef void (*PcChromaPairsFunc) (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
typedef void (*PcRgbaToYFunc) (guint8 * d, const guint8 * s, int kr, int kg,
    int kb, int bias, int n);
typedef void (*PcRgbaToUvFunc) (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
/* co-sited chroma: pair i and pair i - 1 of two rows */
typedef void (*PcCositedFunc) (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
/* co-sited chroma as NV12's pairs: pair i and pair i - 1 of two U rows,
 * then of two V rows */
typedef void (*PcCositedPairsFunc) (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);
typedef void (*PcRgbaToUvCositedFunc) (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
/* chroma sited on the middle one of three rows, [1 2 1] down @s0, @s1,
 * @s2: box across each column pair (v-cosited), or [1 2 1] across columns
 * as the _cosited_h kernels (pair i - 1 of each row at @p0, @p1, @p2) */
typedef void (*PcRgbaToUvRows3Func) (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
typedef void (*PcRgbaToUvCosited3Func) (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * p0, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
/* RGB chroma as NV12's pairs: what the u and v of the kernels above hold,
 * U then V in each pair, or V then U when @v_first (the byte orders whose
 * matrix rows the plan swaps) */
typedef void (*PcRgbaToUvPairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb,
    int v_first, int n);
typedef void (*PcRgbaToUvCositedPairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int v_first, int n);
typedef void (*PcSplitFunc) (guint8 * u, guint8 * v, const guint8 * s, int n);
typedef void (*PcSplit2Func) (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n);
typedef void (*PcPickFunc) (guint8 * d, const guint8 * s, int shift, int n);
typedef void (*PcPick2Func) (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);
/* the output row co-sited with s1, its neighbours s0 and s2 */
typedef void (*PcPick3Func) (guint8 * a, guint8 * b, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int shift, int n);
/* d holds n U V pairs (NV12's chroma row) */
typedef void (*PcPickPairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n);
typedef void (*PcPickCositedFunc) (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n);
/* the two above as NV12's pairs: a's samples first, or b's (v_first) */
typedef void (*PcPick2PairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int v_first, int n);
typedef void (*PcPickCositedPairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n);
typedef void (*PcU16Func) (guint8 * d, const guint8 * s, int round, int shift,
    int n);
typedef void (*PcU16PairTo420Func) (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n);
typedef void (*PcU16PairTo420_10Func) (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n);
typedef void (*PcRemapFunc) (guint8 * d, const guint8 * s,
    const guint8 * table, int n);
typedef void (*PcRemapWordsFunc) (guint8 * d, const guint8 * s,
    const guint16 * table, int n);
typedef void (*PcGrayAffineFunc) (guint8 * d, const guint8 * s, int sub,
    int a, int b, int twice, int n);
typedef void (*PcU16SplitFunc) (guint8 * u, guint8 * v, const guint8 * s,
    int round, int shift, int n);
typedef void (*PcU16SplitAvgFunc) (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int round, int shift, int n);
typedef void (*PcU16ChromaFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);
/* d holds n U V pairs (NV12's chroma row) from 16-bit U and V rows */
typedef void (*PcU16PairsFunc) (guint8 * d, const guint8 * u,
    const guint8 * v, int round, int shift, int n);
typedef void (*PcU16AvgPairsFunc) (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int round,
    int shift, int n);
typedef void (*PcU16RowsFunc) (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
typedef void (*PcRgb4ToYFunc) (guint8 * d, const guint8 * s, int shift,
    int k0, int k1, int k2, int bias, int n);
typedef void (*PcRgb4ToUvFunc) (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
typedef void (*PcRgb4ToUvPairsFunc) (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int v_first, int n);
typedef void (*PcWidenFunc) (guint8 * d, const guint8 * s, int n);
typedef void (*PcCopyFunc) (guint8 * d, const guint8 * s, int n);
typedef void (*PcInterleaveFunc) (guint8 * d, const guint8 * u,
    const guint8 * v, int n);
typedef void (*PcSwapFunc) (guint8 * d, const guint8 * s, int n);
typedef void (*PcUnpackFunc) (guint8 * d, const guint8 * s, int n);
typedef void (*PcUnpack2Func) (guint8 * a, guint8 * b, const guint8 * s, int n);
typedef void (*PcUnpackBytesFunc) (guint8 * a, guint8 * b, const guint8 * s,
    int a_byte, int b_byte, int n);

typedef void (*PcStageRowsFunc) (gint16 * d, const guint8 * const s[3],
    const int w[3], int n);
typedef void (*PcStageRows16Func) (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int n);
typedef void (*PcStageTapsFunc) (gint16 * d, const gint16 * s, int n);
typedef void (*PcStagePairFunc) (gint16 * d, const gint16 * s, int w_left,
    int w_here, int n);
typedef void (*PcStagePickFunc) (gint16 * d, const gint16 * s, int stride,
    int sub, int shift, int n);
typedef void (*PcStageMatrixFunc) (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, int n);
/* d holds n U V pairs (NV12's chroma row): U through the matrix row
 * mu0..mu2 and bias bu, V through mv0..mv2 and bv */
typedef void (*PcStageMatrixPairsFunc) (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2, int bu,
    int mv0, int mv1, int mv2, int bv, int shift, int n);
typedef void (*PcStageRoundFunc) (guint8 * d, const gint16 * s, int shift,
    int n);
typedef void (*PcStageMatrix10Func) (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, int out_shift, int n);
typedef void (*PcStageRound10Func) (guint8 * d, const gint16 * s, int shift,
    int out_shift, int n);
typedef void (*PcStageMatrixDitherFunc) (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, const guint8 * pattern, int n);
typedef void (*PcStageResiteBytesFunc) (guint8 * d,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
typedef void (*PcStageRoundDitherFunc) (guint8 * d, const gint16 * s,
    int shift, const guint8 * pattern, int n);
typedef void (*PcStageFoldBytesFunc) (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);
typedef void (*PcStageFoldMatrixFunc) (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n);
typedef void (*PcStageFoldMatrix16Func) (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n);
typedef void (*PcStageRowsMatrixFunc) (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n);
typedef void (*PcStageBlockMatrixFunc) (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n);
typedef void (*PcStageBlockMatrix16Func) (guint8 * const dy[2],
    guint8 * du, guint8 * dv, const guint8 * const y[2],
    const guint8 * const u[2], const guint8 * const v[2], int chroma_stride,
    int read_shift, const int my[3], const int mu[3], const int mv[3],
    int shift, int n);
typedef void (*PcStageBlockFold16Func) (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int read_shift, int cosited, const int my[4],
    const int mu[3], const int mv[3], int luma_shift, int chroma_shift, int n);
typedef void (*PcStageRowsStridedFunc) (gint16 * d,
    const guint8 * const s[3], const int w[3], int stride, int n);
typedef void (*PcStageRowsPixelsFunc) (gint16 * const d[3],
    const guint8 * const s[3], const int w[3], const int offset[3],
    int stride, int n);
typedef void (*PcStageRows16StridedFunc) (gint16 * d,
    const guint8 * const s[3], const int w[3], int shift, int stride, int n);
typedef void (*PcStageMatrixBytesFunc) (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);
typedef void (*PcStageResitePackedUvFunc) (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int left, int here, int shift, int n);
typedef void (*PcStageResitePairsFunc) (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
typedef void (*PcStageResiteWordsFunc) (guint8 * d,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
typedef void (*PcStageResitePairs16Func) (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
typedef void (*PcStageMatrixPackedUvFunc) (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int mu1, int mu2, int bu, int mv1, int mv2, int bv, int shift, int n);
typedef void (*PcStageKeep10Func) (guint8 * d, const guint8 * s,
    int stride, int read_shift, int out_shift, int n);
typedef void (*PcStageWiden10Func) (guint8 * d, const guint8 * s,
    int stride, int out_shift, int n);
typedef void (*PcStageChromaStepsFunc) (guint8 * up, guint8 * down,
    const guint8 * u, const guint8 * v, int chroma_stride, int m1, int m2,
    int bias, int shift, int n);
typedef void (*PcStageAddStepsFunc) (guint8 * d, const guint8 * y,
    const guint8 * up, const guint8 * down, int n);
typedef void (*PcStageMatrixWordsFunc) (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int read_shift, int m0, int m1, int m2, int bias, int shift,
    int n);

/* Planar 4:4:4, 4:2:2 and 4:1:1 chroma; the _weighted ones are for
 * interlaced fields, 3/4 from the nearer row, the _cosited_h ones for
 * chroma sited on the even column ([1 2 1] across columns); the
 * _double_h one for 4:1:1, each average twice, as both output columns it
 * covers take it. */
typedef struct
{
  PcChromaFunc chroma_box_2x2;
  PcChromaFunc chroma_box_2x2_weighted;
  PcChromaFunc chroma_avg_v;
  PcChromaFunc chroma_avg_v_double_h;
  PcChromaFunc chroma_weighted_v;
  PcCositedFunc chroma_cosited_h;
  PcCositedFunc chroma_cosited_h_weighted;
  /* the box, the vertical average (of 4:2:2, and of 4:1:1 each twice) and
   * [1 2 1] of U and V planes straight to NV12's pairs */
  PcChromaPairsFunc chroma_box_2x2_pairs;
  PcChromaPairsFunc chroma_avg_v_pairs;
  PcCositedPairsFunc chroma_cosited_h_pairs;
  PcChromaPairsFunc chroma_avg_v_double_h_pairs;
} PcDspChroma;

/* RGBA to YUV, chroma centred or co-sited: across columns (_cosited_h),
 * down rows (_cosited_v) or both (_cosited_hv). */
typedef struct
{
  PcRgbaToYFunc rgba_to_y;
  PcRgbaToUvFunc rgba_to_uv;
  PcRgbaToUvCositedFunc rgba_to_uv_cosited_h;
  PcRgbaToUvRows3Func rgba_to_uv_cosited_v;
  PcRgbaToUvCosited3Func rgba_to_uv_cosited_hv;
  /* the two chroma kernels storing NV12's pairs */
  PcRgbaToUvPairsFunc rgba_to_uv_pairs;
  PcRgbaToUvCositedPairsFunc rgba_to_uv_cosited_h_pairs;
} PcDspRgba;

/* RGB in other byte orders, 4 and 3 bytes a pixel: 3-byte pixels widened
 * to 4 for the rgba kernels, or read in place by the rgb24_ kernels, which
 * weigh the bytes in their order as rgba's do (the co-sited one reads the
 * odd pixel of pair i - 1 from p1, p2, as rgba's). */
typedef struct
{
  PcRgb4ToYFunc rgb4_to_y;
  PcRgb4ToUvFunc rgb4_to_uv;
  PcWidenFunc rgb24_to_rgb4;
  PcRgbaToYFunc rgb24_to_y;
  PcRgbaToUvFunc rgb24_to_uv;
  PcRgbaToUvCositedFunc rgb24_to_uv_cosited_h;
  PcRgbaToUvRows3Func rgb24_to_uv_cosited_v;
  PcRgbaToUvCosited3Func rgb24_to_uv_cosited_hv;
  /* the chroma kernels storing NV12's pairs */
  PcRgb4ToUvPairsFunc rgb4_to_uv_pairs;
  PcRgbaToUvPairsFunc rgb24_to_uv_pairs;
  PcRgbaToUvCositedPairsFunc rgb24_to_uv_cosited_h_pairs;
} PcDspRgb;

/* Semi-planar chroma, NV12 and kin. */
typedef struct
{
  PcSplitFunc uv_deinterleave;
  PcSplit2Func uv_deinterleave_avg_v;
  PcSplit2Func uv_deinterleave_box_2x2;
  /* NV61's row pair averaged to NV12's pairs: n pairs, each swapped */
  PcChromaFunc uv_swap_avg_v;
} PcDspSemiPlanar;

/* Packed 4:2:2 (YUY2 and kin) and 4:4:4 (AYUV, VUYA), 4:4:4 chroma
 * centred or co-sited; and grey luma remapped. */
typedef struct
{
  PcPickFunc packed422_to_y;
  PcPick2Func packed422_to_uv;
  PcPick2Func packed422_to_uv_weighted;
  PcPick3Func packed422_to_uv_cosited_v;
  /* packed 4:2:2 chroma straight to NV12's U V pairs */
  PcPickPairsFunc packed422_to_uv_pairs;
  PcPickFunc packed444_to_y;
  PcPick2Func packed444_box_2x2;
  PcPickCositedFunc packed444_cosited_h;
  /* packed 4:4:4 chroma straight to NV12's U V pairs */
  PcPick2PairsFunc packed444_box_2x2_pairs;
  PcPickCositedPairsFunc packed444_cosited_h_pairs;
  /* grey luma to another range, through a 256-entry table, or as an
   * affine map where one gives the table to the bit */
  PcRemapFunc gray_remap;
  PcGrayAffineFunc gray_affine;
  /* grey luma to 10-bit output words, through a 256-entry table, or as
   * an affine map in 32-bit lanes where one gives the table to the bit */
  PcRemapWordsFunc gray_remap_to_u16;
  PcGrayAffineFunc gray_affine_10;
} PcDspPacked;

/* 16-bit samples to 8 bits; the u16_rows_ kernels filter up to three
 * weighted rows of chroma: [1 2 1] (co-sited), paired (centred 4:4:4) or
 * kept (4:2:2) across columns. */
typedef struct
{
  PcU16Func u16_to_u8;
  PcU16SplitFunc u16_uv_deinterleave_to_u8;
  PcU16ChromaFunc u16_avg_v_to_u8;
  PcU16ChromaFunc u16_box_2x2_to_u8;
  PcU16RowsFunc u16_rows_cosited_h_to_u8;
  PcU16RowsFunc u16_rows_box_h_to_u8;
  PcU16RowsFunc u16_rows_to_u8;
  /* 4:2:0 and 4:2:2 planes of 16-bit chroma straight to NV12's pairs */
  PcU16PairsFunc u16_pairs_to_u8;
  PcU16AvgPairsFunc u16_avg_v_pairs_to_u8;
  /* 16-bit grey to another range: a 65536-entry table; and to 10-bit
   * output words */
  PcRemapFunc u16_remap_to_u8;
  PcRemapWordsFunc u16_remap_to_u16;
  /* an AYUV64 row pair to its luma rows and chroma row, centred or
   * co-sited columns */
  PcU16PairTo420Func u16_ayuv64_to_420_box;
  PcU16PairTo420Func u16_ayuv64_to_420_cosited;
  /* the same to 10-bit words (I420_10LE's, or P010_10LE's shifted) */
  PcU16PairTo420_10Func u16_ayuv64_to_420_10_box;
  PcU16PairTo420_10Func u16_ayuv64_to_420_10_cosited;
} PcDspU16;

/* Rows copied as they are (luma planes, 4:2:0 planes); the twin is
 * memcpy. */
typedef struct
{
  PcCopyFunc copy_row;
} PcDspStore;

/* Output formats other than I420: NV12's interleaved chroma rows from
 * the U and V rows the walks make, or from NV21's rows, each pair's bytes
 * swapped; P010_10LE's from 16-bit U and V rows. */
typedef struct
{
  PcInterleaveFunc uv_interleave;
  PcSwapFunc uv_swap;
  PcInterleaveFunc uv_interleave_16;
} PcDspOutput;

/* The general walk's stages over 16-bit working rows (exact integer sums
 * of 8-bit codes or 10-bit samples, at most 32 x 1023): weighted rows of
 * bytes or of 10-bit samples in 16-bit words, column taps
 * (box pairs, [1 2 1] reading one sample to the left, re-siting pairs of
 * neighbours), a pick of every
 * stride-th sample (each repeated 2^sub times, shifted left), then one
 * rounding: through a matrix row or a plain shift.  The matrix of bytes
 * is the one-row case fused: a luma row of 8-bit input straight from the
 * bytes of its planes; the matrix of words, the same of 10-bit samples in
 * 16-bit words.  Where a luma row's own term is one (a change of matrix
 * of 8-bit 4:2:0 input that keeps the range), the matrix of bytes splits
 * in two: each chroma sample's term, once per chroma row, as the steps up
 * and down each of its luma samples takes (chroma_steps), then the steps
 * added to every luma row of the block with saturation (add_steps).  The
 * _10 roundings make 10-bit output: 16-bit words
 * holding the code shifted left by out_shift (0 for I420_10LE, 6 for
 * P010_10LE), and stage_keep_10 makes them of samples whose values are
 * kept (a luma row of 10 bits or more, its samples @stride words apart,
 * read as stage_rows16 reads them, each code as it is), stage_widen_10
 * of 8-bit samples whose values are kept (@stride bytes apart, each code
 * four times the byte); the _dither ones round to 8 bits at a threshold
 * of an ordered pattern instead of the half (the dither property). */
typedef struct
{
  PcStageRowsFunc stage_rows;
  PcStageRows16Func stage_rows16;
  PcStageTapsFunc stage_taps_box;
  PcStageTapsFunc stage_taps_cosited;
  PcStagePairFunc stage_taps_pair;
  PcStagePickFunc stage_pick;
  PcStageMatrixFunc stage_matrix;
  PcStageMatrixPairsFunc stage_matrix_pairs;
  PcStageRoundFunc stage_round;
  PcStageRowsStridedFunc stage_rows_strided;
  /* the three channels of packed RGB pixels, each row read once */
  PcStageRowsPixelsFunc stage_rows_pixels;
  PcStageRows16StridedFunc stage_rows16_strided;
  PcStageMatrixBytesFunc stage_matrix_bytes;
  PcStageMatrixWordsFunc stage_matrix_words;
  PcStageChromaStepsFunc stage_chroma_steps;
  PcStageAddStepsFunc stage_add_steps;
  /* packed 4:2:2's chroma rows through the matrix in one pass: U and V
   * of every 4-byte group weighed over up to three rows, each output
   * through its matrix row (stage_rows_strided twice, then stage_matrix
   * for U and for V, fused) */
  PcStageMatrixPackedUvFunc stage_matrix_packed_uv;
  /* packed 4:2:2's chroma rows re-sited as stage_resite_bytes re-sites a
   * plane's, both in one pass */
  PcStageResitePackedUvFunc stage_resite_packed_uv;
  /* semi-planar chroma rows (NV12's pairs) re-sited the same way into
   * both planes: the split of the pairs and stage_resite_bytes of each
   * plane, fused */
  PcStageResitePairsFunc stage_resite_pairs;
  /* the same of 16-bit pairs (P010_10LE's, P016_LE's) read as
   * stage_rows16 reads them, into 8-bit planes */
  PcStageResitePairs16Func stage_resite_pairs16;
  /* a row of 16-bit planar chroma (I420_10LE's, I422_10LE's) re-sited
   * so into bytes: the weigh, pair and round stages of one plane, fused */
  PcStageResiteWordsFunc stage_resite_words;
  PcStageMatrix10Func stage_matrix_10;
  PcStageRound10Func stage_round_10;
  PcStageKeep10Func stage_keep_10;
  PcStageWiden10Func stage_widen_10;
  PcStageMatrixDitherFunc stage_matrix_dither;
  PcStageRoundDitherFunc stage_round_dither;
  /* subsampled 8-bit chroma re-sited across up to three rows and two
   * columns in one pass, rounded once: the weigh, pair and round stages of
   * one chroma plane, fused */
  PcStageResiteBytesFunc stage_resite_bytes;
  /* full-resolution 8-bit chroma folded to the output's columns across up
   * to three rows and the column box or [1 2 1] in one pass, rounded once:
   * the weigh, column and round stages of one 4:4:4 chroma plane, fused */
  PcStageFoldBytesFunc stage_fold_bytes;
  /* both components of 4:4:4 chroma (planes, or 4-byte pixels) folded
   * so, then through two rows of the matrix, rounded once: fold_bytes and
   * a matrix change of chroma that has no luma term, fused */
  PcStageFoldMatrixFunc stage_fold_matrix;
  /* the same of 16-bit planes (Y444_10LE's), each word read as
   * stage_rows16 reads it */
  PcStageFoldMatrix16Func stage_fold_matrix16;
  /* the same of subsampled chroma at the output's columns: the rows
   * weighed, then through the matrix */
  PcStageRowsMatrixFunc stage_rows_matrix;
  /* a 4:2:0 block row through a matrix change: both luma rows and the
   * chroma row from one read of each (chroma_steps and add_steps twice
   * where the luma keeps its own term, matrix_bytes of the luma rows
   * otherwise, and matrix_bytes of the chroma rows, fused) */
  PcStageBlockMatrixFunc stage_block_matrix;
  /* the same of 16-bit 4:2:0 and 4:2:2, the chroma row the sum of the
   * two under the block's luma rows (matrix_words twice and the chroma
   * rows' weigh and matrix, fused) */
  PcStageBlockMatrix16Func stage_block_matrix16;
  /* a block row of 16-bit planar 4:4:4 through a matrix change: both luma
   * rows and the chroma row folded from the same two rows, each input row
   * read once (matrix_words twice and fold_matrix16, fused) */
  PcStageBlockFold16Func stage_block_fold16;
} PcDspStage;

/* 10-bit samples packed in 32-bit words, as 16-bit words the general
 * walk's stages read: one 10-bit field of every word (the R, G or B of
 * RGB10A2_LE and BGR10A2_LE pixels), and v210's luma and chroma (six
 * pixels in four words); GRAY10_LE32's three samples a word, in the high
 * bits as GRAY16_LE has them, for the grey walk; and v210 to 8 bits in
 * one pass, for its fused walk: luma, and chroma of two rows averaged,
 * rounded as the u16 family rounds. */
typedef struct
{
  PcPickFunc unpack_word_field;
  PcUnpackFunc unpack_v210_y;
  PcUnpack2Func unpack_v210_uv;
  /* packed 8-bit YUV's U and V, a byte each of every 4-byte group (an
   * AYUV or VUYA pixel, a YUY2, UYVY or YVYU pixel pair), into planes: the
   * general walk's stages read them as planar chroma */
  PcUnpackBytesFunc unpack_packed_uv;
  PcUnpackFunc unpack_gray10_le32;
  PcU16Func v210_y_to_u8;
  PcU16SplitAvgFunc v210_uv_avg_v_to_u8;
  /* the same as NV12's pairs */
  PcU16ChromaFunc v210_uv_avg_v_pairs_to_u8;
} PcDspUnpack;

typedef struct
{
  /* the highest rung the ladder ran, and its name for the plan's log */
  PcKernelVariant tier;
  const gchar *name;
  /* the kind of store the kernels use; after a streaming kernel, call
   * pc_dsp_store_fence () before another thread reads the rows */
  PcStores stores;
  /* TRUE when every source row must be aligned to the kernel's element
   * size: ORC's SIMD code assumes it (dsp/c/kernels-c.h lists the
   * sizes), so the ORC rung sets it and a rung that overrides
   * all of ORC's kernels clears it */
  gboolean needs_aligned_sources;
  /* TRUE when stage.stage_rows_strided weighs 3-byte pixels in vector
   * code; the C twin weighs them slower than stage_rows weighs the whole
   * row and stage_pick takes a component from it */
  gboolean strided_rows_of_3;
  /* TRUE when stage.stage_rows16_strided is vector code; the other rungs
   * keep stage_rows16 over the whole row and a pick */
  gboolean strided_rows16;
  /* TRUE when the RGB chroma kernels that store NV12's pairs are the
   * rung's own (AVX-512); the others keep the twins, and the walk of
   * packed RGB writes NV12 through the output stage's sub-bands */
  gboolean rgb_pairs;
  /* TRUE when the fused matrix kernels (stage.stage_fold_matrix, _16,
   * stage_rows_matrix, stage_block_matrix, _16, stage_block_fold16) are
   * the rung's own (AVX-512);
   * the others keep the stages they fuse apart, faster than the twins */
  gboolean fuses_matrix;
  /* TRUE when stage.stage_resite_pairs, _pairs16 and stage_resite_words
   * are the rung's own (AVX-512); the others split the pairs and re-site
   * each plane, 16-bit planes by the weigh, pair and round stages */
  gboolean resites_pairs;
  /* TRUE when stage.stage_matrix_bytes, _words, stage_chroma_steps,
   * stage_add_steps, the 16-bit weighs (stage_rows16, _strided), packed
   * 4:2:2's luma and the semi-planar split ask for the lines ahead of
   * what they read (AVX2): the general walk then leaves the rows that
   * they are the first to read to them */
  gboolean kernels_ask_ahead;
  PcDspChroma chroma;
  PcDspRgba rgba;
  PcDspRgb rgb;
  PcDspSemiPlanar semi_planar;
  PcDspPacked packed;
  PcDspU16 u16;
  PcDspStore store;
  PcDspStage stage;
  PcDspOutput output;
  PcDspUnpack unpack;
} PcDsp;

/* The rungs of the ladder (dsp/c/, dsp/orc/, dsp/x86/), each over what the
 * one below set.  pc_dsp_init_x86 () sets nothing unless @flags has AVX2,
 * and its AVX-512 kernels only when @flags has PC_CPU_FLAG_AVX512. */
void pc_dsp_init_c (PcDsp * dsp);
void pc_dsp_init_orc (PcDsp * dsp);
void pc_dsp_init_x86 (PcDsp * dsp, PcCpuFlags flags);
/* Over pc_dsp_init_x86 (): the streaming variants, when @flags has AVX2;
 * _luma, only those of the kernels PC_STORES_STREAMING_LUMA names. */
void pc_dsp_init_x86_streaming (PcDsp * dsp, PcCpuFlags flags);
void pc_dsp_init_x86_streaming_luma (PcDsp * dsp, PcCpuFlags flags);

/* What this CPU runs, read once. */
PcCpuFlags pc_dsp_cpu_flags (void);

/* Whether asking for input rows ahead (__builtin_prefetch) measured
 * faster on this kind of CPU: on Intel's, whose hardware prefetcher lags
 * the general walk's short bursts of rows; not on AMD's Zen 4, where the
 * same requests made it slower, nor where nobody measured
 * (docs/design.md, "Prefetch of the next block"). */
gboolean pc_dsp_cpu_prefetch_pays (void);

/* The context with the ladder run up to @tier, or NULL when this build or
 * CPU cannot run @tier. */
const PcDsp *pc_dsp_get (PcKernelVariant tier);

/* As pc_dsp_get (), with @stores: a tier without streaming kernels gives
 * its normal context (its stores field says so). */
const PcDsp *pc_dsp_get_stores (PcKernelVariant tier, PcStores stores);

/* @dsp's tier with @stores. */
const PcDsp *pc_dsp_with_stores (const PcDsp * dsp, PcStores stores);

/* Orders the streaming stores before what follows (a frame handed to
 * another thread): sfence on x86. */
void pc_dsp_store_fence (void);

/* "normal", "streaming" or "streaming-luma". */
const gchar *pc_dsp_stores_name (PcStores stores);

/* What PC_KERNELS=@forced selects (@forced may be NULL: the highest tier
 * this build and CPU run).  An unknown or unavailable name selects the
 * highest, and *@warning (when not NULL) gets a message to show; otherwise
 * it is set to NULL. */
PcKernelVariant pc_dsp_choose (const gchar * forced, gchar ** warning);

/* The process's context: pc_dsp_get (pc_dsp_choose (PC_KERNELS)), made
 * once; an unknown or unavailable name is reported on stderr. */
const PcDsp *pc_dsp_default (void);

const gchar *pc_dsp_tier_name (PcKernelVariant tier);

G_END_DECLS
#endif /* __PC_DSP_H__ */
