/* pooledconvert
 * AVX-512 versions of row kernels of the RGB, chroma, packed and unpack
 * families and of the general walk's stages
 * (x86-64, compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vbmi).
 *
 * Same signatures and the same contracts, to the bit, as the C twins of
 * those families in c/kernels-c.h.  Any width (the
 * last vector's loads and stores are masked, so nothing is read or written
 * past the row) and any alignment.  Call them only when the CPU and the OS
 * run AVX-512 F, BW, VL and VBMI: the ladder's x86 rung (dsp-init-x86.c)
 * sets them only then.
 */

#ifndef __PC_KERNELS_AVX512_H__
#define __PC_KERNELS_AVX512_H__

#include <glib.h>

G_BEGIN_DECLS
    void pc_rgba_to_y_avx512 (guint8 * d, const guint8 * s, int kr, int kg,
    int kb, int bias, int n);
void pc_rgba_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_h_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_v_avx512 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_hv_avx512 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * p0, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
void pc_rgb24_to_uv_cosited_v_avx512 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n);
void pc_rgb24_to_uv_cosited_hv_avx512 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * p0, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n);
void pc_rgb4_to_y_avx512 (guint8 * d, const guint8 * s, int shift, int k0,
    int k1, int k2, int bias, int n);
void pc_rgb4_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
void pc_rgb24_to_rgb4_avx512 (guint8 * d, const guint8 * s, int n);
void pc_rgb24_to_y_avx512 (guint8 * d, const guint8 * s, int k0, int k1,
    int k2, int bias, int n);
void pc_rgb24_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);
void pc_rgb24_to_uv_cosited_h_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);
/* the luma kernels with streaming stores where a whole vector lands on a
 * 64-byte boundary, for the streaming contexts */
void pc_rgba_to_y_stream_avx512 (guint8 * d, const guint8 * s, int kr,
    int kg, int kb, int bias, int n);
void pc_rgb4_to_y_stream_avx512 (guint8 * d, const guint8 * s, int shift,
    int k0, int k1, int k2, int bias, int n);
void pc_rgb24_to_y_stream_avx512 (guint8 * d, const guint8 * s, int k0,
    int k1, int k2, int bias, int n);
/* the chroma kernels with streaming stores where 32 samples land on a
 * 32-byte boundary, for the streaming context */
void pc_rgba_to_uv_stream_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_h_stream_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_rgb4_to_uv_stream_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
void pc_rgb24_to_uv_stream_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int k0u, int k1u, int k2u,
    int k0v, int k1v, int k2v, int n);
void pc_rgb24_to_uv_cosited_h_stream_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);

/* the RGB chroma kernels storing NV12's pairs (dsp.h), and with streaming
 * stores where a whole vector lands on a 64-byte boundary */
#define PC_RGB_PAIRS_AVX512(name) \
void pc_rgba_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, \
    int v_first, int n); \
void pc_rgb4_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v, \
    int k1v, int k2v, int v_first, int n); \
void pc_rgba_to_uv_cosited_h_pairs##name##_avx512 (guint8 * d, \
    const guint8 * s1, const guint8 * p1, const guint8 * s2, \
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, \
    int v_first, int n); \
void pc_rgb24_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, \
    int k2v, int v_first, int n); \
void pc_rgb24_to_uv_cosited_h_pairs##name##_avx512 (guint8 * d, \
    const guint8 * s1, const guint8 * p1, const guint8 * s2, \
    const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, \
    int k2v, int v_first, int n);
PC_RGB_PAIRS_AVX512 ()
PC_RGB_PAIRS_AVX512 (_stream)

void pc_chroma_cosited_h_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
void pc_chroma_cosited_h_weighted_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* pc_chroma_cosited_h_avx512 with streaming stores where a whole vector
 * lands on a 64-byte boundary, for the streaming context (the others are
 * normal stores: the same bytes either way) */
void pc_chroma_cosited_h_stream_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* pc_chroma_cosited_h_avx512 of U's rows, then V's, as NV12's pairs; and
 * with streaming stores where a whole vector lands on a 64-byte
 * boundary */
void pc_chroma_cosited_h_pairs_avx512 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);
void pc_chroma_cosited_h_pairs_stream_avx512 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);

void pc_packed444_to_y_avx512 (guint8 * d, const guint8 * s, int shift, int n);
/* with streaming stores where a whole vector lands on a 64-byte boundary,
 * for the streaming contexts */
void pc_packed444_to_y_stream_avx512 (guint8 * d, const guint8 * s,
    int shift, int n);
void pc_packed444_cosited_h_avx512 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n);
void pc_packed444_cosited_h_pairs_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n);
void pc_packed444_cosited_h_pairs_stream_avx512 (guint8 * d,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int v_first, int n);
void pc_packed444_cosited_h_stream_avx512 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n);

/* unpack (unpack-avx512.c): pc_v210_y_to_u8_c's contract */
void pc_v210_y_to_u8_avx512 (guint8 * d, const guint8 * s, int round,
    int shift, int n);

/* stage (stage-avx512.c): pc_stage_fold_bytes_c's contract; the stream
 * form stores a whole vector bound for a cache line around the cache */
void pc_stage_fold_bytes_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);
void pc_stage_fold_bytes_stream_avx512 (guint8 * d,
    const guint8 * const s[3], const int w[3], int cosited, int shift, int n);
/* pc_stage_resite_pairs_c's contract; rows of weight 0 at the end are not
 * read */
void pc_stage_resite_pairs_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
void pc_stage_resite_pairs_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
/* pc_stage_resite_pairs16_c's contract, likewise */
void pc_stage_resite_pairs16_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
void pc_stage_resite_pairs16_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
/* pc_stage_resite_words_c's contract, likewise */
void pc_stage_resite_words_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n);
void pc_stage_resite_words_stream_avx512 (guint8 * d,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
/* pc_stage_fold_matrix_c's contract */
void pc_stage_fold_matrix_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n);
void pc_stage_fold_matrix_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n);
/* pc_stage_fold_matrix16_c's contract */
void pc_stage_fold_matrix16_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n);
void pc_stage_fold_matrix16_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n);
/* pc_stage_rows_matrix_c's contract */
void pc_stage_rows_matrix_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n);
void pc_stage_rows_matrix_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n);
/* pc_stage_block_matrix_c's contract; stream_luma stores the luma rows
 * around the cache, stream both luma and chroma */
void pc_stage_block_matrix_avx512 (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n);
void pc_stage_block_matrix_stream_luma_avx512 (guint8 * const dy[2],
    guint8 * du, guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n);
void pc_stage_block_matrix_stream_avx512 (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n);
/* pc_stage_block_matrix16_c's contract; stream_luma and stream as
 * block_matrix's */
#define PC_BLOCK_MATRIX16_AVX512(suffix) \
void pc_stage_block_matrix16##suffix##_avx512 (guint8 * const dy[2], \
    guint8 * du, guint8 * dv, const guint8 * const y[2], \
    const guint8 * const u[2], const guint8 * const v[2], \
    int chroma_stride, int read_shift, const int my[3], const int mu[3], \
    const int mv[3], int shift, int n)
PC_BLOCK_MATRIX16_AVX512 ();
PC_BLOCK_MATRIX16_AVX512 (_stream_luma);
PC_BLOCK_MATRIX16_AVX512 (_stream);
#undef PC_BLOCK_MATRIX16_AVX512
/* pc_stage_block_fold16_c's contract; stream_luma and stream as
 * block_matrix's */
#define PC_BLOCK_FOLD16_AVX512(suffix) \
void pc_stage_block_fold16##suffix##_avx512 (guint8 * const dy[2], \
    guint8 * du, guint8 * dv, const guint8 * const y[2], \
    const guint8 * const u[2], const guint8 * const v[2], int read_shift, \
    int cosited, const int my[4], const int mu[3], const int mv[3], \
    int luma_shift, int chroma_shift, int n)
PC_BLOCK_FOLD16_AVX512 ();
PC_BLOCK_FOLD16_AVX512 (_stream_luma);
PC_BLOCK_FOLD16_AVX512 (_stream);
#undef PC_BLOCK_FOLD16_AVX512

/* pc_stage_chroma_steps_c's contract */
void pc_stage_chroma_steps_avx512 (guint8 * up, guint8 * down,
    const guint8 * u, const guint8 * v, int chroma_stride, int m1, int m2,
    int bias, int shift, int n);
/* pc_stage_matrix_bytes_c's contract */
void pc_stage_matrix_bytes_avx512 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_matrix_bytes_stream_avx512 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_AVX512_H__ */
