/* pooledconvert
 * The rgba family's C twins: RGBA to Y, and chroma from 2x2 blocks centred
 * or co-sited, in ORC's 16-bit arithmetic so that the ORC and AVX2 kernels
 * match them to the bit.  Contracts in kernels-c.h; they are the reference
 * the ORC and AVX2 kernels of the family must match to the bit.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/c/kernels-c-common.h"
#include "dsp/c/cosited-sums.h"

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

void
pc_rgba_sum_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  int i, c;

  for (i = 0; i < n; i++) {
    for (c = 0; c < 4; c++) {
      gsize at = 8 * i + c;
      guint sum = ((cosited_row (s1 + at, p1 + at, 4) +
              cosited_row (s2 + at, p2 + at, 4)) << 5) & 0xffff;

      d[8 * i + 2 * c] = sum & 0xff;
      d[8 * i + 2 * c + 1] = sum >> 8;
    }
  }
}

void
pc_rgb_sums_to_uv_c (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *w = s + 8 * i;
    guint r = w[0] | (w[1] << 8), g = w[2] | (w[3] << 8);
    guint b = w[4] | (w[5] << 8);

    u[i] = chroma_sample (b, ub, r, ur, g, ug);
    v[i] = chroma_sample (r, vr, g, vg, b, vb);
  }
}

void
pc_rgba_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  rgba_to_uv_cosited_h_with (pc_rgba_sum_cosited_h_c, pc_rgb_sums_to_uv_c, u,
      v, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n);
}
