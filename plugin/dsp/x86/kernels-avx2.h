/* pooledconvert
 * AVX2 versions of the row kernels (x86-64, compiled with -mavx2).
 *
 * Same signatures and the same contracts, to the bit, as the C twins in
 * kernels-c.h.  Any width (the last columns that do not fill a vector go
 * to the C twin) and any alignment (unaligned loads and stores).  Call them
 * only when the CPU has AVX2: the ladder's x86 rung (dsp-init-x86.c) sets
 * them only then.
 */

#ifndef __PC_KERNELS_AVX2_H__
#define __PC_KERNELS_AVX2_H__

#include <glib.h>

G_BEGIN_DECLS
    void pc_chroma_box_2x2_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_box_2x2_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_chroma_cosited_h_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
void pc_chroma_avg_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);
void pc_chroma_weighted_v_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);
void pc_rgba_to_y_avx2 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n);
void pc_rgba_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);

/* The co-sited chroma kernels of kernels-siting-c.h. */
void pc_chroma_cosited_h_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);
void pc_rgba_to_uv_cosited_h_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n);
void pc_packed444_cosited_h_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_AVX2_H__ */
