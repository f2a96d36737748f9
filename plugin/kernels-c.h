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

/* d[i] = (s1[i] + s2[i] + 1) >> 1, for i < n */
void pc_chroma_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n);

/* d[i] = clamp ((kr * R + kg * G + kb * B + bias) >> 15) for the RGBA pixel
 * at s + 4i; kr, kg and kb are signed Q15 values that fit in 16 bits. */
void pc_rgba_to_y_c (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n);

/* u[i] and v[i] from the 2x2 block of RGBA pixels s1 + 8i, s1 + 8i + 4,
 * s2 + 8i, s2 + 8i + 4: per channel the four values are summed, then
 * u = clamp ((ur * R + ug * G + ub * B + (128 << 17) + (1 << 16)) >> 17),
 * likewise v; all six coefficients are signed Q15 values in 16 bits. */
void pc_rgba_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n);

G_END_DECLS

#endif /* __PC_KERNELS_C_H__ */
