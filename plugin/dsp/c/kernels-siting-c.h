/* pooledconvert
 * Plain-C twins of the co-sited chroma kernels in kernels-siting.orc, with
 * the same signatures and the same results to the bit.  They finish the
 * columns the ORC kernels cannot (column 0, an odd last column), and are
 * the reference the ORC kernels are tested against.  No alignment needed.
 *
 * s1, s2: pair i of two rows (pixels 2i, 2i + 1); p1, p2: pair i - 1.
 */

#ifndef __PC_KERNELS_SITING_C_H__
#define __PC_KERNELS_SITING_C_H__

#include <glib.h>

G_BEGIN_DECLS
/* d[i] = (p1[2i+1] + 2 s1[2i] + s1[2i+1] + p2[2i+1] + 2 s2[2i] + s2[2i+1]
 *         + 4) >> 3, for i < n (p1[2i+1] is the pixel left of s1[2i]) */
void pc_chroma_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n);

/* As pc_chroma_cosited_h_c for an interlaced field's chroma between two
 * rows of that field, 3/4 from the nearer (s1, p1):
 * d[i] = (3 (p1[2i-1] + 2 s1[2i] + s1[2i+1]) + p2[2i-1] + 2 s2[2i]
 *         + s2[2i+1] + 8) >> 4 */
void pc_chroma_cosited_h_weighted_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* For RGBA pixel pairs: per channel c (R, G, B, A) the 16-bit word
 * ((p1.hi + 2 s1.lo + s1.hi + p2.hi + 2 s2.lo + s2.hi) << 5) & 0xffff,
 * stored little-endian at d + 8i + 2c.  (For ORC, d too is aligned to its
 * 8-byte elements.) */
void pc_rgba_sum_cosited_h_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* u[i], v[i] from the words R, G, B at s + 8i (as written above) with the
 * arithmetic of pc_rgba_to_uv_c (kernels-c.h) after its sums. */
void pc_rgb_sums_to_uv_c (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n);

/* The kernel the conversion calls for co-sited RGBA chroma: u[i], v[i] as
 * pc_rgba_to_uv_c, from the words pc_rgba_sum_cosited_h_c makes of pairs
 * i of s1, s2 and i - 1 of p1, p2.  Exactly pc_rgba_sum_cosited_h_c then
 * pc_rgb_sums_to_uv_c, which is how this twin computes it. */
void pc_rgba_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);

/* The same through the two ORC kernels (kernels-siting.orc), a stack row
 * at a time, so nothing is allocated.  Sources aligned to 8 bytes. */
void pc_rgba_to_uv_cosited_h_orc (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);

/* Packed 4:4:4 chroma (AYUV, VUYA), co-sited.  With j = shift / 8 and c
 * the byte j of a 4-byte pixel: a[i] = (c of the odd pixel of pair i of
 * p1 + 2 c of the even pixel of pair i of s1 + c of its odd pixel, the
 * same over p2 and s2, + 4) >> 3; b[i] likewise from byte j + 1.  Pairs
 * are 8 bytes; shift is 0, 8 or 16. */
void pc_packed444_cosited_h_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n);

/* The same through pc_rgba_sum_cosited_h and pc_sums_pick_rounded
 * (kernels-siting.orc), a stack row at a time.  Sources aligned to 8
 * bytes. */
void pc_packed444_cosited_h_orc (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n);

/* 16-bit samples (little-endian), for the 10-bit 4:4:4 and 4:2:2 walks:
 * up to three rows s[0..2], each weighted w[r] (a row of weight 0 counts
 * nothing and may not be read), filtered across columns, rounded once:
 * d[i] = min (255, (sum over r of w[r] * h_r(i) + round) >> shift), summed
 * without overflow (weights up to 4, 0 <= shift <= 15), where h_r(i) is
 *   cosited_h:  s[r][2i - 1] + 2 s[r][2i] + s[r][2i + 1]  (s[r][-1] read)
 *   box_h:      s[r][2i] + s[r][2i + 1]
 *   plain:      s[r][i]
 * They make the sitings the ORC and AVX2 box kernels of the 16-bit family
 * (dsp/dsp.h) do not; the cosited_h one, the HD default for Y444_10LE, is
 * in the context's co-sited family with an AVX2 version
 * (kernels-formats-avx2.c), the others are plain C. */
void pc_u16_rows_cosited_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_box_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_SITING_C_H__ */
