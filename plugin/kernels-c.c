/* pooledconvert
 * Plain-C twins of the ORC row kernels; see kernels-c.h for each contract.
 */

#include "kernels-c.h"

/* ORC's mulhuw: the high half of an unsigned 16 x 16 bit product.  Only
 * the low 16 bits of each argument count, as for ORC's .param 2. */
static inline guint
mul_high_u16 (guint value, int coefficient)
{
  return ((value & 0xffff) * (guint) (coefficient & 0xffff)) >> 16;
}

static inline gint
wrap_s16 (gint value)
{
  return (gint16) (guint16) value;
}

void
pc_chroma_box_2x2_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (s1[2 * i] + s1[2 * i + 1] + s2[2 * i] + s2[2 * i + 1] + 2) >> 2;
}

void
pc_chroma_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (s1[i] + s2[i] + 1) >> 1;
}

void
pc_rgba_to_y_c (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *px = s + 4 * i;
    guint acc = mul_high_u16 (px[0] << 8, kr) + mul_high_u16 (px[1] << 8, kg)
        + mul_high_u16 (px[2] << 8, kb) + (guint) (bias & 0xffff);

    d[i] = (guint8) ((acc & 0xffff) >> 8);
  }
}

/* One chroma sample from 256 times the block means: plus is the channel
 * with the positive coefficient, minus1 and minus2 the two subtracted. */
static inline guint8
chroma_sample (guint plus, int k_plus, guint minus1, int k_minus1,
    guint minus2, int k_minus2)
{
  gint t = wrap_s16 (mul_high_u16 (plus, k_plus) -
      mul_high_u16 (minus1, k_minus1) - mul_high_u16 (minus2, k_minus2));

  t = MIN (t + 128, G_MAXINT16);
  t = wrap_s16 ((t >> 8) + 128);
  return (guint8) CLAMP (t, 0, 255);
}

void
pc_rgba_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *a = s1 + 8 * i, *b = s2 + 8 * i;
    guint r = ((a[0] + a[4] + b[0] + b[4]) << 6) & 0xffff;
    guint g = ((a[1] + a[5] + b[1] + b[5]) << 6) & 0xffff;
    guint bl = ((a[2] + a[6] + b[2] + b[6]) << 6) & 0xffff;

    u[i] = chroma_sample (bl, ub, r, ur, g, ug);
    v[i] = chroma_sample (r, vr, g, vg, bl, vb);
  }
}
