/* pooledconvert
 * What the rgba and rgb families' C twins share (rgba.c, rgb.c): ORC's
 * 16-bit arithmetic, and the rows of Y and of chroma over pixels @step
 * bytes apart, so RGBA (4 bytes) and 24-bit RGB (3 bytes) give the same
 * results from the same R, G, B bytes.
 */

#ifndef __PC_RGB_TWINS_H__
#define __PC_RGB_TWINS_H__

#include <glib.h>

#include "dsp/c/kernels-c-common.h"

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

static inline void
rgb_to_y_row (guint8 * d, const guint8 * s, guint step, int kr, int kg,
    int kb, int bias, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *px = s + step * (gsize) i;
    guint acc = mul_high_u16 (px[0] << 8, kr) + mul_high_u16 (px[1] << 8, kg)
        + mul_high_u16 (px[2] << 8, kb) + (guint) (bias & 0xffff);

    d[i] = (guint8) ((acc & 0xffff) >> 8);
  }
}

/* Chroma of 2x2 blocks: each channel's four values summed and shifted
 * left by 6, 256 times the block mean. */
static inline void
rgb_to_uv_rows (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    guint step, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *a = s1 + 2 * step * (gsize) i;
    const guint8 *b = s2 + 2 * step * (gsize) i;
    guint r = ((a[0] + a[step] + b[0] + b[step]) << 6) & 0xffff;
    guint g = ((a[1] + a[step + 1] + b[1] + b[step + 1]) << 6) & 0xffff;
    guint bl = ((a[2] + a[step + 2] + b[2] + b[step + 2]) << 6) & 0xffff;

    u[i] = chroma_sample (bl, ub, r, ur, g, ug);
    v[i] = chroma_sample (r, vr, g, vg, bl, vb);
  }
}

/* The co-sited sum of channel @c of pair @i: [1 2 1] over both rows,
 * weights 8 in all, shifted left by 5 to 256 times the mean. */
static inline guint
cosited_word (const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, guint step, int i, guint c)
{
  gsize at = 2 * step * (gsize) i + c;

  return ((cosited_row (s1 + at, p1 + at, step) +
          cosited_row (s2 + at, p2 + at, step)) << 5) & 0xffff;
}

/* Chroma sited on the middle one of rows @s[0..2], weighed 1, 2, 1: each
 * channel's column pairs (8 in all, shifted left by 5), or with @p (pair
 * i - 1 of each row) [1 2 1] across columns (16 in all, shifted left by
 * 4). */
static inline void
rgb_to_uv_rows3 (guint8 * u, guint8 * v, const guint8 * const s[3],
    const guint8 * const p[3], guint step, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  static const guint row_weight[3] = { 1, 2, 1 };
  int i;
  guint c, r, sum[3];

  for (i = 0; i < n; i++) {
    gsize at = 2 * step * (gsize) i;

    for (c = 0; c < 3; c++) {
      sum[c] = 0;
      for (r = 0; r < 3; r++)
        sum[c] += row_weight[r] * (p != NULL ?
            cosited_row (s[r] + at + c, p[r] + at + c, step) :
            s[r][at + c] + s[r][at + step + c]);
      sum[c] = (sum[c] << (p != NULL ? 4 : 5)) & 0xffff;
    }
    u[i] = chroma_sample (sum[2], ub, sum[0], ur, sum[1], ug);
    v[i] = chroma_sample (sum[0], vr, sum[1], vg, sum[2], vb);
  }
}

#endif /* __PC_RGB_TWINS_H__ */
