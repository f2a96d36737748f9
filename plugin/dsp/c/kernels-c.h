/* pooledconvert
 * The plain-C twins of every row kernel, by family as dsp.h groups them,
 * each family's code in c/<family>.c.
 *
 * Each twin has the same signature and the same contract, to the bit, as
 * the ORC and AVX2 kernels of the same name without the _c suffix.  The
 * twins are the reference those kernels are tested against, the bottom
 * rung of the ladder (dsp-init-c.c), and what the faster kernels and the
 * conversion fall back to for the columns a vector cannot take (the odd
 * column at the right edge, column 0 of co-sited chroma).
 *
 * Alignment: ORC requires every source and destination array to be
 * aligned to its element size; each family below lists those sizes.
 * The walks copy a misaligned row to aligned scratch before calling.
 * The C twins have no alignment requirement.
 *
 * Byte and channel order are parameters: a shift (in bits, a multiple of
 * 8) picks the byte of a little-endian word, and orders that only
 * exchange U and V swap the destination pointers.
 *
 * Co-sited chroma (_cosited_h, the mpeg2 siting): s1, s2 are pair i of two
 * rows (pixels 2i, 2i + 1), p1, p2 pair i - 1.
 */

#ifndef __PC_KERNELS_C_H__
#define __PC_KERNELS_C_H__

#include <glib.h>

G_BEGIN_DECLS
/* ---- chroma (chroma.c): planar 4:4:4 and 4:2:2 chroma to 4:2:0 ---------
 * ORC alignment: 2 bytes for the sources of pc_chroma_box_2x2,
 * pc_chroma_box_2x2_weighted, pc_chroma_box_2x2_pairs and of the co-sited
 * kernels, 1 for the others; 2 for the destination of the _pairs ones. */
/* d[i] = (s1[2i] + s1[2i+1] + s2[2i] + s2[2i+1] + 2) >> 2, for i < n */
void pc_chroma_box_2x2_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

/* The box of an interlaced field's chroma between two rows of that field,
 * 3/4 from the nearer: d[i] = (3 (s1[2i] + s1[2i+1]) + s2[2i] + s2[2i+1]
 * + 4) >> 3, for i < n */
void pc_chroma_box_2x2_weighted_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);

/* d[i] = (s1[i] + s2[i] + 1) >> 1, for i < n */
void pc_chroma_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

/* d[i] = (s1[i / 2] + s2[i / 2] + 1) >> 1, for i < n: 4:1:1 chroma rows
 * to 4:2:0, each sample covering two output columns */
void pc_chroma_avg_v_double_h_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n);

/* NV12's pairs of the box: d[2i] = (u1[2i] + u1[2i+1] + u2[2i] +
 * u2[2i+1] + 2) >> 2 and d[2i+1] the same of v1, v2, for i < n */
void pc_chroma_box_2x2_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);

/* NV12's pairs of the vertical average: d[2i] = (u1[i] + u2[i] + 1) >> 1
 * and d[2i+1] = (v1[i] + v2[i] + 1) >> 1, for i < n */
void pc_chroma_avg_v_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);

/* NV12's pairs of 4:1:1's vertical average, each twice: d[2i] = (u1[i / 2]
 * + u2[i / 2] + 1) >> 1 and d[2i+1] the same of v1, v2, for i < n */
void pc_chroma_avg_v_double_h_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n);

/* NV12's pairs of the co-sited filter: d[2i] as pc_chroma_cosited_h_c's
 * d[i] of u1, pu1, u2, pu2, d[2i+1] of v1, pv1, v2, pv2, for i < n */
void pc_chroma_cosited_h_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n);

/* d[i] = (3 s1[i] + s2[i] + 2) >> 2, for i < n: a chroma row of an
 * interlaced field between two rows of that field, 3/4 from the nearer */
void pc_chroma_weighted_v_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

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

/* ---- rgba (rgba.c): RGBA to YUV, chroma centred or co-sited ------------
 * ORC alignment: 4 bytes for pc_rgba_to_y's source, 8 for the sources of
 * pc_rgba_to_uv and of the co-sited kernels (their SSE code faults
 * otherwise). */
/* For the RGBA pixel at s + 4i (bytes R, G, B, A):
 * d[i] = (hi (kr, R << 8) + hi (kg, G << 8) + hi (kb, B << 8) + bias) >> 8,
 * where hi (k, x) = (k * x) >> 16, the sum wraps at 16 bits, and kr, kg,
 * kb, bias are read as unsigned 16-bit values (Q16 coefficients; bias is
 * offset * 256 + 128). */
void pc_rgba_to_y_c (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n);

/* u[i] and v[i] from the 2x2 block of RGBA pixels s1 + 8i, s1 + 8i + 4,
 * s2 + 8i, s2 + 8i + 4.  Per channel the four values are summed and shifted
 * left by 6 (X = 256 times the mean), then with hi () as above and 16-bit
 * wrapping arithmetic:
 *   t = hi (ub, B) - hi (ur, R) - hi (ug, G)      (signed 16 bits)
 *   u = clamp ((saturate16 (t + 128) >> 8) + 128)  (arithmetic shift)
 * and likewise v from t = hi (vr, R) - hi (vg, G) - hi (vb, B).  The six
 * coefficients are unsigned Q16 magnitudes. */
void pc_rgba_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);

/* For RGBA pixel pairs: per channel c (R, G, B, A) the 16-bit word
 * ((p1.hi + 2 s1.lo + s1.hi + p2.hi + 2 s2.lo + s2.hi) << 5) & 0xffff,
 * stored little-endian at d + 8i + 2c.  (For ORC, d too is aligned to its
 * 8-byte elements.) */
void pc_rgba_sum_cosited_h_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n);

/* u[i], v[i] from the words R, G, B at s + 8i (as written above) with the
 * arithmetic of pc_rgba_to_uv_c after its sums. */
void pc_rgb_sums_to_uv_c (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n);

/* The kernel the conversion calls for co-sited RGBA chroma: u[i], v[i] as
 * pc_rgba_to_uv_c, from the words pc_rgba_sum_cosited_h_c makes of pairs
 * i of s1, s2 and i - 1 of p1, p2.  Exactly pc_rgba_sum_cosited_h_c then
 * pc_rgb_sums_to_uv_c, which is how this twin computes it. */
void pc_rgba_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n);

/* Chroma sited on the middle row of three, as pc_rgba_to_uv_c after its
 * sums: _cosited_v from each channel's column pair i of s0, s1, s2
 * weighed 1, 2, 1, the sum of 8 shifted left by 5 (& 0xffff); _cosited_hv
 * from the [1 2 1] of pair i and pair i - 1's odd pixel (p0, p1, p2) of
 * each row, weighed 1, 2, 1 down the rows, the sum of 16 shifted left by
 * 4.  ORC keeps these twins. */
void pc_rgba_to_uv_cosited_v_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n);
void pc_rgba_to_uv_cosited_hv_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n);

/* ---- rgb (rgb.c): RGB in other byte orders, 4 and 3 bytes a pixel ------
 * ORC alignment: 4 bytes for pc_rgb4_to_y's source, 8 for
 * pc_rgb4_to_uv's. */
/* pc_rgba_to_y_c on the bytes shift / 8, + 1, + 2 of each 4-byte pixel,
 * weighted k0, k1, k2; shift is 0 or 8 */
void pc_rgb4_to_y_c (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n);

/* pc_rgba_to_uv_c on the bytes shift / 8, + 1, + 2 of each 4-byte pixel,
 * whose block sums P0, P1, P2 take the places of R, G, B: (k0u, k1u, k2u)
 * are (ur, ug, ub) and (k0v, k1v, k2v) are (vr, vg, vb).  shift is 0 or
 * 8. */
void pc_rgb4_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);

/* d[4i], d[4i+1], d[4i+2] = s[3i], s[3i+1], s[3i+2] and d[4i+3] = 0: 24-bit
 * pixels widened for the 4-byte RGB kernels.  ORC has no 3-byte elements,
 * so the ORC tier keeps this twin. */
void pc_rgb24_to_rgb4_c (guint8 * d, const guint8 * s, int n);

/* 24-bit pixels read in place: pc_rgba_to_y_c, pc_rgba_to_uv_c and
 * pc_rgba_to_uv_cosited_h_c on the pixels s + 3i (pairs s + 6i), bytes 0,
 * 1, 2 weighted k0, k1, k2 as those weigh R, G, B, so the output is that
 * of the same bytes widened by pc_rgb24_to_rgb4_c, to the bit.  The
 * co-sited one reads pair i of s1, s2 and pair i - 1 of p1, p2 (6 bytes
 * each).  ORC has no 3-byte elements, so the ORC tier keeps these twins. */
void pc_rgb24_to_y_c (guint8 * d, const guint8 * s, int k0, int k1, int k2,
    int bias, int n);
void pc_rgb24_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n);
void pc_rgb24_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n);
/* pc_rgba_to_uv_cosited_v_c and _hv_c on 24-bit pixels in place */
void pc_rgb24_to_uv_cosited_v_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);
void pc_rgb24_to_uv_cosited_hv_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);

/* ---- rgb pairs (rgb-pairs.c): RGB chroma as NV12's pairs ---------------
 * pc_rgba_to_uv_c, pc_rgba_to_uv_cosited_h_c, pc_rgb4_to_uv_c,
 * pc_rgb24_to_uv_c and pc_rgb24_to_uv_cosited_h_c with their u[i] and v[i]
 * stored at d[2i] and d[2i+1], or at d[2i+1] and d[2i] when v_first.  The
 * ORC and AVX2 rungs keep these twins (dsp.h's rgb_pairs). */
void pc_rgba_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int ur, int ug, int ub, int vr, int vg, int vb, int v_first, int n);
void pc_rgba_to_uv_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int v_first, int n);
void pc_rgb4_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int shift, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int v_first, int n);
void pc_rgb24_to_uv_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int v_first, int n);
void pc_rgb24_to_uv_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int v_first, int n);

/* ---- semi_planar (semi-planar.c): interleaved chroma, NV12 and kin -----
 * ORC alignment: 2 bytes for the sources of pc_uv_deinterleave and
 * pc_uv_deinterleave_avg_v, 4 for pc_uv_deinterleave_box_2x2's, 2 for
 * pc_uv_swap_avg_v's sources and destination. */
/* u[i] = s[2i], v[i] = s[2i+1], for i < n */
void pc_uv_deinterleave_c (guint8 * u, guint8 * v, const guint8 * s, int n);

/* u[i] = (s1[2i] + s2[2i] + 1) >> 1, v[i] = (s1[2i+1] + s2[2i+1] + 1) >> 1 */
void pc_uv_deinterleave_avg_v_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n);

/* u[i] = (s1[4i] + s1[4i+2] + s2[4i] + s2[4i+2] + 2) >> 2, v[i] the same
 * from bytes 4i+1 and 4i+3 */
void pc_uv_deinterleave_box_2x2_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n);

/* d[2i] = (s1[2i+1] + s2[2i+1] + 1) >> 1, d[2i+1] = (s1[2i] + s2[2i] + 1)
 * >> 1, for i < n: NV61's chroma to NV12's */
void pc_uv_swap_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

/* ---- output (output.c): output formats other than I420 ----------------
 * ORC alignment: 2 bytes for pc_uv_interleave's destination, and for
 * pc_uv_swap's source and destination. */
/* d[2i] = u[i], d[2i+1] = v[i], for i < n: NV12 chroma */
void pc_uv_interleave_c (guint8 * d, const guint8 * u, const guint8 * v, int n);

/* d[2i] = s[2i+1], d[2i+1] = s[2i], for i < n: NV21 chroma as NV12's */
void pc_uv_swap_c (guint8 * d, const guint8 * s, int n);

/* The same as pc_uv_interleave of 16-bit words: words 2i and 2i+1 of d
 * are words i of u and v (any alignment): P010_10LE chroma */
void pc_uv_interleave_16_c (guint8 * d, const guint8 * u, const guint8 * v,
    int n);

/* ---- packed (packed.c): packed 4:2:2 (YUY2 and kin) and 4:4:4 (AYUV,
 * VUYA), 4:4:4 chroma centred or co-sited, grey luma remapped -----------
 * ORC alignment: 2 bytes for pc_packed422_to_y's source, 4 for the sources
 * of pc_packed422_to_uv, pc_packed422_to_uv_weighted,
 * pc_packed422_to_uv_cosited_v, pc_packed422_to_uv_pairs
 * (2 for its destination) and pc_packed444_to_y,
 * 8 for pc_packed444_box_2x2's and the co-sited kernel's. */
/* d[i] = s[2i + shift / 8]; shift is 0 or 8 */
void pc_packed422_to_y_c (guint8 * d, const guint8 * s, int shift, int n);

/* With m = the bytewise average (x + y + 1) >> 1 of the 4 bytes at s1 + 4i
 * and s2 + 4i: a[i] = m[shift / 8], b[i] = m[2 + shift / 8]; shift is 0
 * or 8 */
void pc_packed422_to_uv_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* With m as for pc_packed422_to_uv: d[2i] = m[shift / 8] (U) and
 * d[2i + 1] = m[(shift / 8) ^ 2] (V), NV12's pairs; shift is 8 times U's
 * byte: 8 for YUY2, 0 for UYVY, 24 for YVYU (16 for V Y U Y) */
void pc_packed422_to_uv_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* An interlaced field's chroma from two 4:2:2 macropixel rows of that
 * field, 3/4 from the nearer: with j = shift / 8,
 * a[i] = (3 s1[4i + j] + s2[4i + j] + 2) >> 2, b[i] likewise from byte
 * 2 + j; shift is 0 or 8 */
void pc_packed422_to_uv_weighted_c (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);

/* Chroma co-sited with the 4:2:2 macropixel row s1, weighed [1 2 1] with
 * the rows above and below it: with j = shift / 8,
 * a[i] = (s0[4i + j] + 2 s1[4i + j] + s2[4i + j] + 2) >> 2, b[i] likewise
 * from byte 2 + j; shift is 0 or 8 */
void pc_packed422_to_uv_cosited_v_c (guint8 * a, guint8 * b,
    const guint8 * s0, const guint8 * s1, const guint8 * s2, int shift,
    int n);

/* d[i] = s[4i + shift / 8]; shift is 0, 8, 16 or 24 */
void pc_packed444_to_y_c (guint8 * d, const guint8 * s, int shift, int n);

/* With j = shift / 8: a[i] = (sum of byte j of the 4-byte pixels s1 + 8i,
 * s1 + 8i + 4, s2 + 8i, s2 + 8i + 4, + 2) >> 2, b[i] the same from byte
 * j + 1; shift is 0, 8 or 16 */
void pc_packed444_box_2x2_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* Packed 4:4:4 chroma (AYUV, VUYA), co-sited.  With j = shift / 8 and c
 * the byte j of a 4-byte pixel: a[i] = (c of the odd pixel of pair i of
 * p1 + 2 c of the even pixel of pair i of s1 + c of its odd pixel, the
 * same over p2 and s2, + 4) >> 3; b[i] likewise from byte j + 1.  Pairs
 * are 8 bytes; shift is 0, 8 or 16. */
void pc_packed444_cosited_h_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n);

/* The two above as NV12's pairs: d[2i] = a[i] and d[2i+1] = b[i], or the
 * other way round when v_first (the byte order of VUYA).  No ORC version:
 * the twins at that tier. */
void pc_packed444_box_2x2_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int v_first, int n);
void pc_packed444_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n);

/* d[i] = table[s[i]], for i < n: grey luma written in another range, the
 * table built once per caps (no alignment needed) */
void pc_gray_remap_c (guint8 * d, const guint8 * s, const guint8 * table,
    int n);

/* The 16-bit little-endian word at d + 2 i is table[s[i]], for i < n:
 * grey luma as 10-bit output words (no alignment needed; every tier runs
 * the twin) */
void pc_gray_remap_to_u16_c (guint8 * d, const guint8 * s,
    const guint16 * table, int n);

/* Grey luma to 10-bit output words through an affine map: with
 * x = max (s[i] - sub, 0), the 16-bit little-endian word at d + 2 i is
 * min (1023, (x a + b) >> 16) << out_shift.  0 <= sub <= 255,
 * 0 <= a < 2^20, 0 <= b < 2^26 (so x a + b < 2^31), 0 <= out_shift <= 6. */
void pc_gray_affine_10_c (guint8 * d, const guint8 * s, int sub, int a,
    int b, int out_shift, int n);

/* Grey luma through an affine map in unsigned 16-bit arithmetic: with
 * x = max (s[i] - sub, 0), h = (x << 8) * a >> 16 (a read as unsigned 16
 * bits), h doubled when twice, then b added (both saturating at 65535):
 * d[i] = min (255, h >> 8).  0 <= sub <= 255, 0 <= b <= 65535. */
void pc_gray_affine_c (guint8 * d, const guint8 * s, int sub, int a, int b,
    int twice, int n);

/* ---- u16 (u16.c): 16-bit samples (little-endian) to 8 bits -------------
 * ORC alignment: 2 bytes for the sources of pc_u16_to_u8 and
 * pc_u16_avg_v_to_u8, 4 for pc_u16_uv_deinterleave_to_u8's and
 * pc_u16_box_2x2_to_u8's, 2 for the sources and the destination of the
 * two pairs kernels. */
/* For the little-endian 16-bit samples x = s[i]:
 * d[i] = min (255, min (65535, x + round) >> shift), with round read as
 * unsigned 16 bits and 0 <= shift <= 15 */
void pc_u16_to_u8_c (guint8 * d, const guint8 * s, int round, int shift, int n);

/* d[i] = table[x] for the little-endian 16-bit samples x = s[i] (@table
 * holds 65536 entries): 16-bit grey to another range.  No alignment
 * needed; every tier runs the twin (a table lookup per sample). */
void pc_u16_remap_to_u8_c (guint8 * d, const guint8 * s, const guint8 * table,
    int n);

/* The same to 16-bit little-endian words: the word at d + 2 i is
 * table[x], 16-bit grey as 10-bit output words.  No alignment needed;
 * every tier runs the twin. */
void pc_u16_remap_to_u16_c (guint8 * d, const guint8 * s,
    const guint16 * table, int n);

/* Two AYUV64 rows (pixels of four little-endian 16-bit words: A, Y, U, V)
 * of @n pixels to their 4:2:0: y0[i] and y1[i] are the Y of s0 and s1
 * rounded to 8 bits as pc_u16_to_u8_c rounds them; u[i] and v[i] sum the
 * U or V of both rows over columns 2i, 2i + 1 (_box) or 2i - 1, 2i, 2i,
 * 2i + 1 (_cosited: [1 2 1]), a column outside the row taking the edge
 * column's, and are (sum + ((round & 0xffff) << k)) >> (shift + k), at
 * most 255, with k = 2 (_box) or 3 (_cosited): one rounding.  Only the
 * pixels from @first on (even) and their chroma are written; column
 * @first - 1 is read, so the SIMD kernels hand their tails over.  No
 * ORC version: the rows are read at any alignment. */
void pc_u16_ayuv64_to_420_box_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n);
void pc_u16_ayuv64_to_420_cosited_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n);

/* The same pixels to 16-bit words (little-endian, the 10-bit code shifted
 * left by @out_shift: 0 for I420_10LE, 6 for P010_10LE): each word read as
 * the code min (word >> read_shift, 1023), as the general walk's 10-bit
 * stages read it; y0[i] and y1[i] the Y codes as they are; u[i] and v[i]
 * the codes summed over the same columns of both rows, (sum + 2^(k-1)) >>
 * k with k as above: the bytes the general walk makes of the same
 * rows. */
void pc_u16_ayuv64_to_420_10_box_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n);
void pc_u16_ayuv64_to_420_10_cosited_c (guint8 * y0, guint8 * y1,
    guint8 * u, guint8 * v, const guint8 * s0, const guint8 * s1,
    int read_shift, int out_shift, int first, int n);

/* u[i] and v[i] from the 16-bit samples s[2i] and s[2i+1], each as
 * pc_u16_to_u8_c */
void pc_u16_uv_deinterleave_to_u8_c (guint8 * u, guint8 * v, const guint8 * s,
    int round, int shift, int n);

/* d[i] = min (255, (s1[i] + s2[i] + round) >> shift) over 16-bit samples,
 * summed without overflow; 0 <= round <= 65535, 0 <= shift <= 15 */
void pc_u16_avg_v_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n);

/* d[i] = min (255, (s1[2i] + s1[2i+1] + s2[2i] + s2[2i+1] + round) >> shift)
 * over 16-bit samples, with round and shift as pc_u16_avg_v_to_u8_c */
void pc_u16_box_2x2_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n);

/* NV12's pairs from 16-bit U and V rows: d[2i] is u[i] and d[2i+1] v[i],
 * each as pc_u16_to_u8_c rounds it (I420_10LE's chroma) */
void pc_u16_pairs_to_u8_c (guint8 * d, const guint8 * u, const guint8 * v,
    int round, int shift, int n);

/* NV12's pairs from the row pairs of 16-bit U and V: d[2i] is u1[i] and
 * u2[i] averaged, d[2i+1] v1[i] and v2[i], each as pc_u16_avg_v_to_u8_c
 * (I422_10LE's chroma) */
void pc_u16_avg_v_pairs_to_u8_c (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int round,
    int shift, int n);

/* For the 10-bit 4:4:4 and 4:2:2 walks: up to three rows s[0..2], each
 * weighted w[r] (a row of weight 0 counts nothing and may not be read),
 * filtered across columns, rounded once:
 * d[i] = min (255, (sum over r of w[r] * h_r(i) + round) >> shift), summed
 * without overflow (weights up to 4, 0 <= shift <= 15), where h_r(i) is
 *   cosited_h:  s[r][2i - 1] + 2 s[r][2i] + s[r][2i + 1]  (s[r][-1] read)
 *   box_h:      s[r][2i] + s[r][2i + 1]
 *   plain:      s[r][i]
 * They make the sitings the box kernels above do not; the cosited_h one,
 * the HD default for Y444_10LE, has an AVX2 version, the others are plain
 * C at every tier.  No alignment needed. */
void pc_u16_rows_cosited_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_box_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);
void pc_u16_rows_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n);

/* ---- stage (stage.c): the general walk's stages over 16-bit rows --------
 * Working rows hold exact sums of 8-bit codes or 10-bit samples, at most
 * 32 x 1023 = 32736, so every sum below fits 16 bits and every matrix
 * product 32.
 * rows: d[i] = w[0] s[0][i] + w[1] s[1][i] + w[2] s[2][i], weights 0..16
 *   summing to at most 16.
 * rows16: the same of 16-bit little-endian words (any alignment), each
 *   read as min (word >> shift, 1023): shift 0 for 10 bits in the low
 *   bits, 6 for P010's high bits; weights 0..32 summing to at most 32.
 * taps_box: d[i] = s[2i] + s[2i + 1].
 * taps_cosited: d[i] = s[2i - 1] + 2 s[2i] + s[2i + 1] (reads s[-1]).
 * taps_pair: d[i] = w_left s[i - 1] + w_here s[i] (reads s[-1]), weights
 *   0..4 (re-siting's quarters) on sums of at most 4 x 255.
 * pick: d[i] = s[(i >> sub) stride] << shift, sub 0 or 1, shift 0..4,
 *   stride 1..4.
 * matrix: d[i] = clamp ((m0 s0[i] + m1 s1[i] + m2 s2[i] + bias) >> shift,
 *   0, 255), arithmetic shift (floor), |m| < 2^15, shift 14..18.
 * round: d[i] = clamp ((s[i] + 2^(shift - 1)) >> shift, 0, 255), shift
 *   1..4.
 * rows_strided: rows of every @stride-th byte (stride 1..4), d[i] =
 *   w[0] s[0][i stride] + w[1] s[1][i stride] + w[2] s[2][i stride]: one
 *   component of an interleaved plane weighed alone, weights summing to
 *   at most 32.
 * rows_pixels: the three channels of @stride-byte pixels (stride 3 or 4),
 *   channel c at byte offset[c] (0..stride - 1) of each pixel, weighed
 *   as rows_strided weighs one: d[c][i] = w[0] s[0][i stride + offset[c]]
 *   + w[1] s[1][...] + w[2] s[2][...]; each row is read once for the
 *   three (packed RGB's chroma rows).
 * matrix_bytes: matrix of the bytes s0[i luma_stride],
 *   s1[(i >> sub) chroma_stride] and s2[(i >> sub) chroma_stride] (one
 *   luma row of 8-bit input, each sample with the chroma of its block),
 *   strides 1..4, sub 0..2, |m| < 2^15, shift 14.
 * matrix_words: the same of 16-bit little-endian words (any alignment),
 *   each read as min (word >> read_shift, 1023) as rows16 reads them,
 *   strides (in words) 1..4, shift 16.
 * matrix_10, round_10: as matrix and round, to 10-bit codes: word i of d
 *   (little-endian, any alignment) is the result clamped to 0..1023,
 *   shifted left by out_shift (0 or 6); round_10 takes shift 0..6 (0: the
 *   sums are the codes).
 * matrix_dither, round_dither: as matrix and round, rounded at the
 *   threshold (2 pattern[i % 4] + 1) / 32 of a unit instead of 1/2
 *   (pattern: 0..15, a row of an ordered dither matrix): matrix_dither
 *   adds (2 pattern[i % 4] + 1) << (shift - 5) to bias (which holds no
 *   half), shift >= 5; round_dither gives ((s << 5) + ((2 pattern[i % 4]
 *   + 1) << shift)) >> (shift + 5), shift 0..6.
 * resite_bytes: d[i] = min (255, (sum over r of w[r] (left s[r][i - 1] +
 *   here s[r][i]) + 2^(shift - 1)) >> shift): a subsampled 8-bit chroma
 *   row re-sited between rows and columns at once (the pair taps of up to
 *   three weighed rows, rounded); weights non-negative,
 *   (w[0] + w[1] + w[2])(left + here) <= 64, shift 1..7; reads
 *   s[r][-1 .. n - 1].
 * resite_pairs: resite_bytes of the pairs of a semi-planar chroma row,
 *   its U at byte 2i and V at byte 2i + 1: du[i] from s[r][2i - 2] and
 *   s[r][2i], dv[i] from s[r][2i - 1] and s[r][2i + 1]; weights and shift
 *   as resite_bytes'; reads s[r][-2 .. 2n - 1].
 * resite_pairs16: the same of 16-bit words (pairs of two words), each
 *   read as rows16 reads it, min (word >> read_shift, 1023), into bytes,
 *   the shift counting the samples' 2 bits of depth too (1..9); reads
 *   the words s[r][-2 .. 2n - 1].
 * resite_words: resite_bytes of a row of 16-bit planar chroma, each word
 *   read so, the shift as resite_pairs16's; reads the words
 *   s[r][-1 .. n - 1].
 * fold_bytes: d[i] = min (255, (sum over r of w[r] (c s[r][2i - 1] +
 *   (1 + c) s[r][2i] + s[r][2i + 1]) + 2^(shift - 1)) >> shift), c =
 *   cosited (0 or 1): a full-resolution 8-bit chroma row folded to the
 *   output's columns between three rows and the column box (c = 0) or
 *   [1 2 1] (c = 1) at once, rounded; weights non-negative,
 *   (w[0] + w[1] + w[2])(2 + 2c) <= 64, shift 1..7; reads
 *   s[r][-2c .. 2n - 1] (a co-sited row from the pair before its first,
 *   for kernels that read pairs aligned).
 * fold_matrix: the sums of fold_bytes before its rounding, su[i] of rows
 *   u and sv[i] of rows v, their samples stride bytes apart (1: planes;
 *   4: the U and V of 4-byte pixels, as AYUV's), taken through two
 *   matrix rows:
 *   du[i] = clamp ((mu[0] su[i] + mu[1] sv[i] + mu[2]) >> shift, 0, 255),
 *   dv[i] likewise with mv: full-resolution 8-bit chroma folded to the
 *   output's columns and re-matrixed in one pass; weights as
 *   fold_bytes', |m[0]|, |m[1]| < 2^15, shift 14..20; reads as
 *   fold_bytes, in samples (with stride 4 the vector tiers read the
 *   pixels whole, from the first byte of u and v's).
 * fold_matrix16: fold_matrix of 16-bit planes: each sample the word
 *   min (word >> read_shift, 1023) (little-endian, any alignment), the
 *   sums of 10-bit samples; weights non-negative with
 *   (w[0] + w[1] + w[2])(2 + 2c) <= 32, so that every sum fits 15 bits;
 *   |m[0]|, |m[1]| < 2^15, shift 16..21; reads u[r] and v[r] words
 *   -c .. 2n - 1.
 * block_fold16: a block row of 16-bit planar 4:4:4 through a matrix
 *   change, samples read as fold_matrix16 reads them: both luma rows,
 *   dy[r][i] = clamp ((my[0] y[r][i] + my[1] u[r][i] + my[2] v[r][i] +
 *   my[3]) >> luma_shift, 0, 255) for i < n, and the chroma row folded
 *   from the same two rows (weight one each), su[i] = sum over r of
 *   (c u[r][2i - 1] + (1 + c) u[r][2i] + u[r][2i + 1]) with the columns
 *   repeating at both edges (index clamped to 0 .. n - 1; sv likewise),
 *   through the matrix rows as fold_matrix, chroma_shift, for
 *   i < (n + 1) / 2; |my[0..2]|, |m[0]|, |m[1]| < 2^15, shifts 16..19;
 *   reads words 0 .. n - 1 of each row.
 * rows_matrix: the same of chroma already at the output's columns, the
 *   rows weighed alone: su[i] = sum over r of w[r] u[r][i] (sv likewise)
 *   through the two matrix rows; weights non-negative, their sum at most
 *   64, shift 14..20; reads u[r][0 .. n - 1] and v[r][0 .. n - 1].
 * block_matrix: a block row of 8-bit 4:2:0 through a matrix change:
 *   with chroma sample k at k chroma_stride (u and v, for
 *   k < (n + 1) / 2), dy[r][i] = clamp ((my[0] y[r][i] + my[1] u +
 *   my[2] v + my[3]) >> shift, 0, 255) over sample i >> 1 for both luma
 *   rows and i < n, du[k] = clamp ((mu[0] u + mu[1] v + mu[2]) >> shift,
 *   0, 255), dv[k] likewise with mv: matrix_bytes of the luma rows
 *   (chroma_steps and add_steps where my[0] is 2^shift, the luma's own
 *   term at one) and of the chroma rows (m0 0), fused; |m| < 2^15,
 *   shift 14.
 * block_matrix16: a block row of 16-bit 4:2:0 or 4:2:2 through such a
 *   change, samples read as fold_matrix16 reads them, chroma row r under
 *   luma row r (4:2:0: the same row twice): with chroma sample k of row
 *   r at k chroma_stride (u[r], v[r]),
 *   dy[r][i] = clamp ((y[r][i] << (shift - 2) + my[0] u + my[1] v +
 *   my[2]) >> shift, 0, 255) for i < n over sample i >> 1 (the 10-bit
 *   code's own term at one), and both rows' samples summed for the
 *   chroma row, du[k] = clamp ((mu[0] (u[0] + u[1]) + mu[1] (v[0] +
 *   v[1]) + mu[2]) >> (shift + 1), 0, 255), dv[k] likewise with mv, for
 *   k < (n + 1) / 2; |m| < 2^15, shift 14..18.
 * ORC alignment: 4 bytes for pc_stage_taps_box's source, 2 for the 16-bit
 * rows of pc_stage_matrix and pc_stage_round (pick, co-sited and pair taps
 * have no ORC kernel; rows16's wrapper takes the twin for a row at an odd
 * address). */
void pc_stage_rows_c (gint16 * d, const guint8 * const s[3], const int w[3],
    int n);
void pc_stage_rows16_c (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int n);
void pc_stage_taps_box_c (gint16 * d, const gint16 * s, int n);
void pc_stage_taps_cosited_c (gint16 * d, const gint16 * s, int n);
void pc_stage_taps_pair_c (gint16 * d, const gint16 * s, int w_left,
    int w_here, int n);
void pc_stage_pick_c (gint16 * d, const gint16 * s, int stride, int sub,
    int shift, int n);
void pc_stage_matrix_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_round_c (guint8 * d, const gint16 * s, int shift, int n);
/* The two rows of pc_stage_matrix_c as NV12's pairs: d[2i] through mu0..mu2
 * and bu, d[2i+1] through mv0..mv2 and bv */
void pc_stage_matrix_pairs_c (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2, int bu,
    int mv0, int mv1, int mv2, int bv, int shift, int n);
void pc_stage_matrix_10_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift,
    int out_shift, int n);
void pc_stage_round_10_c (guint8 * d, const gint16 * s, int shift,
    int out_shift, int n);
void pc_stage_matrix_dither_c (guint8 * d, const gint16 * s0,
    const gint16 * s1, const gint16 * s2, int m0, int m1, int m2, int bias,
    int shift, const guint8 * pattern, int n);
void pc_stage_round_dither_c (guint8 * d, const gint16 * s, int shift,
    const guint8 * pattern, int n);
void pc_stage_rows16_strided_c (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int stride, int n);
void pc_stage_rows_pixels_c (gint16 * const d[3], const guint8 * const s[3],
    const int w[3], const int offset[3], int stride, int n);
void pc_stage_rows_strided_c (gint16 * d, const guint8 * const s[3],
    const int w[3], int stride, int n);
/* stage_matrix_packed_uv: su = sum_r w[r] s[r][4i + u_byte] and sv the
 * same at v_byte, each as a 16-bit working row holds it; then
 * du[i] = clamp ((mu1 su + mu2 sv + bu) >> shift, 0, 255) and dv[i]
 * with mv1, mv2, bv.  Rows of weight 0 at the end are not read. */
void pc_stage_matrix_packed_uv_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int mu1, int mu2, int bu, int mv1, int mv2, int bv, int shift, int n);
/* stage_resite_packed_uv: with u[r][i] = s[r][4i + u_byte],
 * du[i] = min ((sum_r w[r] (left u[r][i - 1] + here u[r][i])
 * + 2^(shift - 1)) >> shift, 255), dv[i] the same at v_byte: the U and
 * V of packed 4:2:2 rows as pc_stage_resite_bytes_c takes a plane's */
void pc_stage_resite_packed_uv_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int left, int here, int shift, int n);
void pc_stage_matrix_bytes_c (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n);
void pc_stage_resite_bytes_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n);
void pc_stage_resite_pairs_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n);
void pc_stage_resite_words_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n);
void pc_stage_resite_pairs16_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n);
void pc_stage_fold_matrix_c (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n);
void pc_stage_fold_matrix16_c (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n);
void pc_stage_block_fold16_c (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int read_shift, int cosited, const int my[4],
    const int mu[3], const int mv[3], int luma_shift, int chroma_shift,
    int n);
void pc_stage_rows_matrix_c (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n);
void pc_stage_block_matrix_c (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n);
void pc_stage_block_matrix16_c (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int chroma_stride, int read_shift,
    const int my[3], const int mu[3], const int mv[3], int shift, int n);
void pc_stage_fold_bytes_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n);
void pc_stage_keep_10_c (guint8 * d, const guint8 * s, int stride,
    int read_shift, int out_shift, int n);
void pc_stage_widen_10_c (guint8 * d, const guint8 * s, int stride,
    int out_shift, int n);
void pc_stage_chroma_steps_c (guint8 * up, guint8 * down,
    const guint8 * u, const guint8 * v, int chroma_stride, int m1, int m2,
    int bias, int shift, int n);
void pc_stage_add_steps_c (guint8 * d, const guint8 * y,
    const guint8 * up, const guint8 * down, int n);
void pc_stage_matrix_words_c (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int read_shift, int m0, int m1, int m2, int bias, int shift,
    int n);

/* ---- unpack (unpack.c): 10-bit samples in 32-bit words to 16-bit words --
 * The words are little-endian; every output is a little-endian 16-bit
 * word holding a 10-bit sample (in its low bits but for GRAY10_LE32).  No
 * ORC kernel. */
/* d[i] = (word i of s >> shift) & 0x3ff, for i < n */
void pc_unpack_word_field_c (guint8 * d, const guint8 * s, int shift, int n);

/* v210: six pixels in each group of four words w0..w3 of s, three fields
 * a word (bits 0-9, 10-19, 20-29): w0 = U0 Y0 V0, w1 = Y1 U1 Y2,
 * w2 = V1 Y3 U2, w3 = Y4 V2 Y5.  Y sample i (i < n) lies in group i / 6,
 * chroma sample i in group i / 3; whole groups are read. */
void pc_unpack_v210_y_c (guint8 * d, const guint8 * s, int n);
void pc_unpack_v210_uv_c (guint8 * u, guint8 * v, const guint8 * s, int n);

/* Packed 8-bit YUV: a[i] = s[4 i + a_byte], b[i] = s[4 i + b_byte], for
 * i < n (a_byte, b_byte < 4). */
void pc_unpack_packed_uv_c (guint8 * a, guint8 * b, const guint8 * s,
    int a_byte, int b_byte, int n);

/* GRAY10_LE32: sample i is field i % 3 (bits 0-9, 10-19, 20-29) of word
 * i / 3; d[i] = that field << 6, GRAY16_LE's scale.  Whole words are
 * read. */
void pc_unpack_gray10_le32_c (guint8 * d, const guint8 * s, int n);

/* v210's samples to 8 bits: d[i] = min (255, (Y_i + round) >> shift);
 * u[i] = min (255, (U_i of s1 + U_i of s2 + round) >> shift), v[i] the
 * same of V; 0 <= round <= 63489 and 0 <= shift < 16, so that the sums
 * stay within 16 bits. */
void pc_v210_y_to_u8_c (guint8 * d, const guint8 * s, int round, int shift,
    int n);
void pc_v210_uv_avg_v_to_u8_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);

/* The same as NV12's pairs: d[2i] is u[i] above, d[2i+1] v[i] */
void pc_v210_uv_avg_v_pairs_to_u8_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n);

G_END_DECLS
#endif /* __PC_KERNELS_C_H__ */
