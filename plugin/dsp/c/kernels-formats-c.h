/* pooledconvert
 * Plain-C twins of the ORC row kernels in kernels-formats.orc, for the
 * input formats beyond Y444, Y42B and RGBA.
 *
 * Each function has the same signature and the same contract, to the bit,
 * as the ORC function of the same name without the _c suffix; see
 * kernels-c.h for how twins are used.  Byte and channel order are
 * parameters: a shift (in bits, a multiple of 8) picks the byte of a
 * little-endian word, and orders that only exchange U and V swap the
 * destination pointers.
 *
 * Alignment: ORC requires every source array to be aligned to its element
 * size: 2 bytes for the sources of pc_uv_deinterleave,
 * pc_uv_deinterleave_avg_v, pc_packed422_to_y and pc_u16_to_u8; 4 for
 * pc_uv_deinterleave_box_2x2, pc_packed422_to_uv, pc_packed444_to_y,
 * pc_u16_uv_deinterleave_to_u8, pc_u16_box_2x2_to_u8 and pc_rgb4_to_y; 8
 * for pc_packed444_box_2x2 and pc_rgb4_to_uv.  pc_u16_avg_v_to_u8 reads
 * 16-bit samples: 2.  The C twins have no alignment requirement.
 */

#ifndef __PC_KERNELS_FORMATS_C_H__
#define __PC_KERNELS_FORMATS_C_H__

#include <glib.h>

G_BEGIN_DECLS
/* u[i] = s[2i], v[i] = s[2i+1], for i < n */
void pc_uv_deinterleave_c (guint8 * u, guint8 * v, const guint8 * s, int n);

/* u[i] = (s1[2i] + s2[2i] + 1) >> 1, v[i] = (s1[2i+1] + s2[2i+1] + 1) >> 1 */
void pc_uv_deinterleave_avg_v_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n);

/* u[i] = (s1[4i] + s1[4i+2] + s2[4i] + s2[4i+2] + 2) >> 2, v[i] the same
 * from bytes 4i+1 and 4i+3 */
void pc_uv_deinterleave_box_2x2_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n);

/* d[i] = s[2i + shift / 8]; shift is 0 or 8 */
void pc_packed422_to_y_c (guint8 * d, const guint8 * s, int shift, int n);

/* With m = the bytewise average (x + y + 1) >> 1 of the 4 bytes at s1 + 4i
 * and s2 + 4i: a[i] = m[shift / 8], b[i] = m[2 + shift / 8]; shift is 0
 * or 8 */
void pc_packed422_to_uv_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* An interlaced field's chroma from two 4:2:2 macropixel rows of that
 * field, 3/4 from the nearer: with j = shift / 8,
 * a[i] = (3 s1[4i + j] + s2[4i + j] + 2) >> 2, b[i] likewise from byte
 * 2 + j; shift is 0 or 8 */
void pc_packed422_to_uv_weighted_c (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * s2, int shift, int n);

/* d[i] = s[4i + shift / 8]; shift is 0, 8, 16 or 24 */
void pc_packed444_to_y_c (guint8 * d, const guint8 * s, int shift, int n);

/* With j = shift / 8: a[i] = (sum of byte j of the 4-byte pixels s1 + 8i,
 * s1 + 8i + 4, s2 + 8i, s2 + 8i + 4, + 2) >> 2, b[i] the same from byte
 * j + 1; shift is 0, 8 or 16 */
void pc_packed444_box_2x2_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n);

/* For the little-endian 16-bit samples x = s[i]:
 * d[i] = min (255, min (65535, x + round) >> shift), with round read as
 * unsigned 16 bits and 0 <= shift <= 15 */
void pc_u16_to_u8_c (guint8 * d, const guint8 * s, int round, int shift, int n);

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

/* pc_rgba_to_y_c (kernels-c.h) on the bytes shift / 8, + 1, + 2 of each
 * 4-byte pixel, weighted k0, k1, k2; shift is 0 or 8 */
void pc_rgb4_to_y_c (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n);

/* pc_rgba_to_uv_c (kernels-c.h) on the bytes shift / 8, + 1, + 2 of each
 * 4-byte pixel, whose block sums P0, P1, P2 take the places of R, G, B:
 * (k0u, k1u, k2u) are (ur, ug, ub) and (k0v, k1v, k2v) are (vr, vg, vb).
 * shift is 0 or 8. */
void pc_rgb4_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n);

/* d[4i], d[4i+1], d[4i+2] = s[3i], s[3i+1], s[3i+2] and d[4i+3] = 0: 24-bit
 * pixels widened for the 4-byte RGB kernels.  ORC has no 3-byte elements,
 * so the ORC tier keeps this twin. */
void pc_rgb24_to_rgb4_c (guint8 * d, const guint8 * s, int n);

G_END_DECLS
#endif /* __PC_KERNELS_FORMATS_C_H__ */
