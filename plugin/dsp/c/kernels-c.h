/* pooledconvert
 * Plain-C twins of the ORC row kernels in kernels.orc.
 *
 * Each function has the same signature and the same contract, to the bit, as
 * the ORC function of the same name without the _c suffix.  They are the
 * reference the ORC kernels are tested against and the fallback the
 * conversion uses for the one odd column at the right edge of a frame.
 *
 * Alignment: ORC requires every source and destination array to be aligned
 * to its element size: 2 bytes for pc_chroma_box_2x2's sources, 4 for
 * pc_rgba_to_y's, 8 for pc_rgba_to_uv's (its SSE code faults otherwise).
 * convert.c copies a misaligned row to aligned scratch before calling.
 * The C twins have no alignment requirement.
 */

#ifndef __PC_KERNELS_C_H__
#define __PC_KERNELS_C_H__

#include <glib.h>

G_BEGIN_DECLS
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

/* d[i] = (3 s1[i] + s2[i] + 2) >> 2, for i < n: a chroma row of an
 * interlaced field between two rows of that field, 3/4 from the nearer */
void pc_chroma_weighted_v_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

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

G_END_DECLS
#endif /* __PC_KERNELS_C_H__ */
