/* pooledconvert
 * The ORC rung's kernels that are more than one ORC program: each chains
 * two programs through a stack row of sums (c/cosited-sums.h), so nothing
 * is allocated, with the signature and contract of its C twin
 * (c/kernels-c.h).  Sources aligned to 8 bytes.
 */

#ifndef __PC_ORC_WRAPPERS_H__
#define __PC_ORC_WRAPPERS_H__

#include <glib.h>

G_BEGIN_DECLS
/* pc_rgba_to_uv_cosited_h_c through pc_rgba_sum_cosited_h and
 * pc_rgb_sums_to_uv (rgba.orc); in orc/rgba.c */
void pc_rgba_to_uv_cosited_h_orc (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);

/* pc_packed422_to_uv_pairs_c through packed.orc's program of two shifts,
 * U's and V's; in orc/packed.c */
void pc_packed422_to_uv_pairs_orc (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* pc_packed444_cosited_h_c through pc_rgba_sum_cosited_h (rgba.orc) and
 * pc_sums_pick_rounded (packed.orc); in orc/packed.c */
void pc_packed444_cosited_h_orc (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n);

/* pc_stage_rows_c, pc_stage_rows16_c and pc_stage_round_c through one
 * program each of stage.orc, which takes the rows, weights and rounding
 * as scalars; in orc/stage.c */
void pc_stage_rows_orc (gint16 * d, const guint8 * const s[3],
    const int w[3], int n);
void pc_stage_rows16_orc (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int n);
void pc_stage_round_orc (guint8 * d, const gint16 * s, int shift, int n);
/* pc_stage_matrix_pairs_c through pc_stage_matrix over stack chunks of
 * U and of V, then pc_uv_interleave; in orc/stage.c */
void pc_stage_matrix_pairs_orc (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2, int bu,
    int mv0, int mv1, int mv2, int bv, int shift, int n);
/* pc_stage_resite_bytes_c through pc_stage_resite_pairs (two rows) or
 * pc_stage_resite_pairs3, the row weights folded into the column weights;
 * in orc/stage.c */
void pc_stage_resite_bytes_orc (guint8 * d, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n);

/* pc_stage_fold_bytes_c through pc_stage_fold_box3 or
 * pc_stage_fold_cosited3 (rows at an odd address through the twin); in
 * orc/stage.c */
void pc_stage_fold_bytes_orc (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);

/* pc_stage_matrix_bytes_c: the planar 4:4:4 and 4:2:2/4:2:0 layouts
 * through a program of stage.orc each, the others through the twin; in
 * orc/stage.c */
void pc_stage_keep_10_orc (guint8 * d, const guint8 * s, int stride,
    int read_shift, int out_shift, int n);
void pc_stage_widen_10_orc (guint8 * d, const guint8 * s, int stride,
    int out_shift, int n);
void pc_stage_matrix_bytes_orc (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);

/* pc_chroma_avg_v_double_h_c: the pairs of output columns through
 * pc_chroma_avg_v_double_pairs (chroma.orc), an odd last column through
 * the twin; in orc/chroma.c */
void pc_chroma_avg_v_double_h_orc (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);

/* pc_chroma_box_2x2_pairs_c and pc_chroma_avg_v_pairs_c through
 * pc_chroma_box_2x2_pairs and pc_chroma_avg_v_pairs (chroma.orc), a
 * destination or a box source at an odd address through the twin; in
 * orc/chroma.c */
void pc_chroma_box_2x2_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
void pc_chroma_avg_v_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
/* pc_chroma_avg_v_double_h_pairs_c through pc_chroma_avg_v_double_uv
 * (chroma.orc) over the output's pairs of pairs, an odd last pair and a
 * destination not 4-byte aligned through the twin; in orc/chroma.c */
void pc_chroma_avg_v_double_h_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);
/* pc_chroma_cosited_h_pairs_c through pc_chroma_cosited_h (chroma.orc)
 * for U and V into stack chunks and pc_uv_interleave (output.orc), rows
 * at an odd address through the twin; in orc/chroma.c */
void pc_chroma_cosited_h_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);

G_END_DECLS
#endif /* __PC_ORC_WRAPPERS_H__ */
