/* pooledconvert
 * AVX2 versions of the format kernels (x86-64, compiled with -mavx2).
 *
 * Same signatures and contracts, to the bit, as the C twins in
 * kernels-formats-c.h; any width (columns that do not fill a vector go to
 * the C twin) and any alignment.  Every format kernel has one.  Call them only
 * when the CPU has AVX2: the ladder's x86 rung (dsp-init-x86.c) checks.
 */

#ifndef __PC_KERNELS_FORMATS_AVX2_H__
#define __PC_KERNELS_FORMATS_AVX2_H__

#include <glib.h>

G_BEGIN_DECLS
    void pc_uv_deinterleave_avx2 (guint8 * u, guint8 * v, const guint8 * s,
    int n);
void pc_uv_deinterleave_avg_v_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_uv_deinterleave_box_2x2_avx2 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * s2, int n);
void pc_packed422_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n);
void pc_packed422_to_uv_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_packed444_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n);
void pc_packed444_box_2x2_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);
void pc_u16_avg_v_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);
void pc_u16_box_2x2_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);
void pc_u16_to_u8_avx2 (guint8 * d, const guint8 * s, int round, int shift,
    int n);
void pc_u16_uv_deinterleave_to_u8_avx2 (guint8 * u, guint8 * v,
    const guint8 * s, int round, int shift, int n);
void pc_rgb4_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int k0,
    int k1, int k2, int bias, int n);
void pc_rgb4_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
void pc_rgb24_to_rgb4_avx2 (guint8 * d, const guint8 * s, int n);
void pc_packed422_to_uv_weighted_avx2 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);
void pc_u16_rows_cosited_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_FORMATS_AVX2_H__ */
