/* pooledconvert
 * ORC's 16-bit arithmetic in plain C, for the C twins of the row kernels
 * (kernels-c.c, kernels-siting-c.c).
 */

#ifndef __PC_KERNELS_C_COMMON_H__
#define __PC_KERNELS_C_COMMON_H__

#include <glib.h>

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

#endif /* __PC_KERNELS_C_COMMON_H__ */
