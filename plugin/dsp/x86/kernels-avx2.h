/* pooledconvert
 * AVX2 versions of the row kernels (x86-64, compiled with -mavx2), by
 * family as dsp.h groups them, each family's code in x86/<family>-avx2.c.
 *
 * Same signatures and the same contracts, to the bit, as the C twins in
 * dsp/c/kernels-c.h.  Any width (the last columns that do not fill a
 * vector go to the C twin) and any alignment (unaligned loads and
 * stores).  Every kernel of the context has one.  Call them only when the
 * CPU has AVX2: the ladder's x86 rung (dsp-init-x86.c) sets them only
 * then.
 */

#ifndef __PC_KERNELS_AVX2_H__
#define __PC_KERNELS_AVX2_H__

#include <glib.h>

G_BEGIN_DECLS
/* chroma (chroma-avx2.c) */
void pc_chroma_box_2x2_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_box_2x2_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_box_2x2_pairs_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_avg_v_pairs_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_avg_v_double_h_pairs_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_cosited_h_pairs_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);
void pc_chroma_avg_v_double_h_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_avg_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);
void pc_chroma_weighted_v_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_cosited_h_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
void pc_chroma_cosited_h_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* rgba (rgba-avx2.c) */
void pc_rgba_to_y_avx2 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n);
void pc_rgba_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_v_avx2 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
void pc_rgba_to_uv_cosited_hv_avx2 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * p0, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);
void pc_rgb24_to_uv_cosited_v_avx2 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n);
void pc_rgb24_to_uv_cosited_hv_avx2 (guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * p0, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n);
void pc_rgba_to_uv_cosited_h_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n);

/* rgb (rgb-avx2.c) */
void pc_rgb4_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int k0,
    int k1, int k2, int bias, int n);
void pc_rgb4_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
void pc_rgb24_to_rgb4_avx2 (guint8 * d, const guint8 * s, int n);
void pc_rgb24_to_y_avx2 (guint8 * d, const guint8 * s, int k0, int k1,
    int k2, int bias, int n);
void pc_rgb24_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);
void pc_rgb24_to_uv_cosited_h_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);

/* semi_planar (semi-planar-avx2.c) */
void pc_uv_deinterleave_avx2 (guint8 * u, guint8 * v, const guint8 * s, int n);
void pc_uv_deinterleave_avg_v_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_uv_deinterleave_box_2x2_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_uv_swap_avg_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

/* packed (packed-avx2.c) */
void pc_packed422_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n);
void pc_packed422_to_uv_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_packed422_to_uv_weighted_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);
void pc_packed422_to_uv_cosited_v_avx2 (guint8 * a, guint8 * b,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int shift,
    int n);
void pc_packed422_to_uv_pairs_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_packed444_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n);
void pc_packed444_box_2x2_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_packed444_box_2x2_pairs_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int v_first, int n);
void pc_packed444_cosited_h_pairs_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n);
void pc_packed444_cosited_h_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n);
void pc_gray_affine_avx2 (guint8 * d, const guint8 * s, int sub, int a,
    int b, int twice, int n);
void pc_gray_affine_10_avx2 (guint8 * d, const guint8 * s, int sub, int a,
    int b, int out_shift, int n);

/* u16 (u16-avx2.c) */
void pc_u16_to_u8_avx2 (guint8 * d, const guint8 * s, int round, int shift,
    int n);
void pc_u16_ayuv64_to_420_box_avx2 (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n);
void pc_u16_ayuv64_to_420_cosited_avx2 (guint8 * y0, guint8 * y1,
    guint8 * u, guint8 * v, const guint8 * s0, const guint8 * s1, int round,
    int shift, int first, int n);
void pc_u16_ayuv64_to_420_10_box_avx2 (guint8 * y0, guint8 * y1,
    guint8 * u, guint8 * v, const guint8 * s0, const guint8 * s1,
    int read_shift, int out_shift, int first, int n);
void pc_u16_ayuv64_to_420_10_cosited_avx2 (guint8 * y0, guint8 * y1,
    guint8 * u, guint8 * v, const guint8 * s0, const guint8 * s1,
    int read_shift, int out_shift, int first, int n);
void pc_u16_uv_deinterleave_to_u8_avx2 (guint8 * u, guint8 * v,
    const guint8 * s, int round, int shift, int n);
void pc_u16_avg_v_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);
void pc_u16_box_2x2_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);
void pc_u16_pairs_to_u8_avx2 (guint8 * d, const guint8 * u, const guint8 * v,
    int round, int shift, int n);
void pc_u16_avg_v_pairs_to_u8_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int round,
    int shift, int n);
void pc_u16_rows_cosited_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_box_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);

/* The streaming-store variants (see store32 in avx2-common.h) of the
 * kernels that write the rows of memory-bound conversions: the same
 * signatures and bytes as the kernels above, for the context of
 * pc_dsp_get_stores (tier, PC_STORES_STREAMING). */
void pc_chroma_box_2x2_pairs_stream_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_avg_v_pairs_stream_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_avg_v_double_h_pairs_stream_avx2 (guint8 * d,
    const guint8 * u1, const guint8 * u2, const guint8 * v1,
    const guint8 * v2, int n);
void pc_chroma_cosited_h_pairs_stream_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);
void pc_chroma_box_2x2_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_box_2x2_weighted_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_avg_v_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_cosited_h_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
void pc_uv_deinterleave_stream_avx2 (guint8 * u, guint8 * v,
    const guint8 * s, int n);
void pc_uv_deinterleave_avg_v_stream_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_uv_deinterleave_box_2x2_stream_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_u16_pairs_to_u8_stream_avx2 (guint8 * d, const guint8 * u,
    const guint8 * v, int round, int shift, int n);
void pc_u16_avg_v_pairs_to_u8_stream_avx2 (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int round,
    int shift, int n);
void pc_uv_swap_avg_v_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_packed422_to_y_stream_avx2 (guint8 * d, const guint8 * s, int shift,
    int n);
void pc_packed422_to_uv_stream_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);
void pc_packed422_to_uv_pairs_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_packed444_to_y_stream_avx2 (guint8 * d, const guint8 * s, int shift,
    int n);
void pc_packed444_box_2x2_stream_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);
void pc_packed444_box_2x2_pairs_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int v_first, int n);
void pc_packed444_cosited_h_pairs_stream_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n);
void pc_packed444_cosited_h_stream_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n);

/* store (store-avx2.c): memcpy's bytes, streamed, or by rep movsb */
void pc_copy_row_stream_avx2 (guint8 * d, const guint8 * s, int n);
void pc_copy_row_rep_movsb (guint8 * d, const guint8 * s, int n);

/* stage (stage-avx2.c) */
void pc_stage_rows_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int n);
void pc_stage_rows16_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int n);
void pc_stage_taps_box_avx2 (gint16 * d, const gint16 * s, int n);
void pc_stage_taps_cosited_avx2 (gint16 * d, const gint16 * s, int n);
void pc_stage_taps_pair_avx2 (gint16 * d, const gint16 * s, int w_left,
    int w_here, int n);
void pc_stage_pick_avx2 (gint16 * d, const gint16 * s, int stride, int sub,
    int shift, int n);
void pc_stage_matrix_avx2 (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_matrix_pairs_avx2 (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2, int bu,
    int mv0, int mv1, int mv2, int bv, int shift, int n);
void pc_stage_matrix_pairs_stream_avx2 (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2, int bu,
    int mv0, int mv1, int mv2, int bv, int shift, int n);
void pc_stage_matrix_stream_avx2 (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, int n);
void pc_stage_round_avx2 (guint8 * d, const gint16 * s, int shift, int n);
void pc_stage_fold_bytes_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);
void pc_stage_fold_bytes_stream_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);
void pc_stage_resite_bytes_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n);
void pc_stage_resite_bytes_stream_avx2 (guint8 * d,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
void pc_stage_round_stream_avx2 (guint8 * d, const gint16 * s, int shift,
    int n);
void pc_stage_matrix_10_avx2 (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, int out_shift, int n);
void pc_stage_matrix_10_stream_avx2 (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, int out_shift, int n);
void pc_stage_round_10_avx2 (guint8 * d, const gint16 * s, int shift,
    int out_shift, int n);
void pc_stage_round_10_stream_avx2 (guint8 * d, const gint16 * s, int shift,
    int out_shift, int n);
void pc_stage_rows16_strided_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int stride, int n);
void pc_stage_rows_strided_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int stride, int n);
void pc_stage_rows_pixels_avx2 (gint16 * const d[3],
    const guint8 * const s[3], const int w[3], const int offset[3],
    int stride, int n);
void pc_stage_resite_packed_uv_avx2 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int left, int here, int shift, int n);
void pc_stage_matrix_packed_uv_avx2 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int mu1, int mu2, int bu, int mv1, int mv2, int bv, int shift, int n);
void pc_stage_matrix_bytes_avx2 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_matrix_bytes_stream_avx2 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_matrix_words_avx2 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int read_shift, int m0, int m1, int m2, int bias, int shift,
    int n);
void pc_stage_matrix_words_stream_avx2 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int read_shift, int m0, int m1, int m2, int bias, int shift,
    int n);
void pc_stage_keep_10_avx2 (guint8 * d, const guint8 * s, int stride,
    int read_shift, int out_shift, int n);
void pc_stage_keep_10_stream_avx2 (guint8 * d, const guint8 * s,
    int stride, int read_shift, int out_shift, int n);
void pc_stage_widen_10_avx2 (guint8 * d, const guint8 * s, int stride,
    int out_shift, int n);
void pc_stage_widen_10_stream_avx2 (guint8 * d, const guint8 * s,
    int stride, int out_shift, int n);
void pc_stage_chroma_steps_avx2 (guint8 * up, guint8 * down,
    const guint8 * u, const guint8 * v, int chroma_stride, int m1, int m2,
    int bias, int shift, int n);
void pc_stage_add_steps_avx2 (guint8 * d, const guint8 * y,
    const guint8 * up, const guint8 * down, int n);
void pc_stage_add_steps_stream_avx2 (guint8 * d, const guint8 * y,
    const guint8 * up, const guint8 * down, int n);

/* output (output-avx2.c); the _stream_ ones stream their stores */
void pc_uv_interleave_avx2 (guint8 * d, const guint8 * u, const guint8 * v,
    int n);
void pc_uv_interleave_16_avx2 (guint8 * d, const guint8 * u,
    const guint8 * v, int n);
void pc_uv_interleave_16_stream_avx2 (guint8 * d, const guint8 * u,
    const guint8 * v, int n);
void pc_uv_interleave_stream_avx2 (guint8 * d, const guint8 * u,
    const guint8 * v, int n);
void pc_uv_swap_avx2 (guint8 * d, const guint8 * s, int n);
void pc_uv_swap_stream_avx2 (guint8 * d, const guint8 * s, int n);

/* unpack (unpack-avx2.c) */
void pc_unpack_word_field_avx2 (guint8 * d, const guint8 * s, int shift, int n);
void pc_unpack_v210_y_avx2 (guint8 * d, const guint8 * s, int n);
void pc_unpack_v210_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s, int n);
void pc_unpack_packed_uv_avx2 (guint8 * a, guint8 * b, const guint8 * s,
    int a_byte, int b_byte, int n);
void pc_unpack_gray10_le32_avx2 (guint8 * d, const guint8 * s, int n);
void pc_v210_y_to_u8_avx2 (guint8 * d, const guint8 * s, int round,
    int shift, int n);
void pc_v210_uv_avg_v_to_u8_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int round, int shift, int n);
void pc_v210_uv_avg_v_pairs_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_AVX2_H__ */
