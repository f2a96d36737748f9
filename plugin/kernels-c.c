/* pooledconvert
 * Plain-C twins of the ORC row kernels; see kernels-c.h for each contract.
 */

#include "kernels-c.h"

/* The ORC kernels take 16-bit coefficients: only the low 16 bits of the int
 * argument count, read as signed.  The twins do the same. */
static inline gint32
as_s16 (int value)
{
  return (gint16) (value & 0xffff);
}

static inline guint8
clamp_u8 (gint32 value)
{
  return (guint8) CLAMP (value, 0, 255);
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
  gint32 r_coef = as_s16 (kr), g_coef = as_s16 (kg), b_coef = as_s16 (kb);
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *px = s + 4 * i;
    gint32 acc = r_coef * px[0] + g_coef * px[1] + b_coef * px[2] + bias;

    d[i] = clamp_u8 (acc >> 15);
  }
}

/* Shared by the U and V rows: the chroma rounding bias is fixed because
 * both chroma channels are centred on 128 in every matrix and range. */
static inline guint8
chroma_from_sums (gint32 r_sum, gint32 g_sum, gint32 b_sum, gint32 kr,
    gint32 kg, gint32 kb)
{
  gint32 acc = kr * r_sum + kg * g_sum + kb * b_sum + (128 << 17) + (1 << 16);

  return clamp_u8 (acc >> 17);
}

void
pc_rgba_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *a = s1 + 8 * i, *b = s2 + 8 * i;
    gint32 r_sum = a[0] + a[4] + b[0] + b[4];
    gint32 g_sum = a[1] + a[5] + b[1] + b[5];
    gint32 b_sum = a[2] + a[6] + b[2] + b[6];

    u[i] = chroma_from_sums (r_sum, g_sum, b_sum, as_s16 (ur), as_s16 (ug),
        as_s16 (ub));
    v[i] = chroma_from_sums (r_sum, g_sum, b_sum, as_s16 (vr), as_s16 (vg),
        as_s16 (vb));
  }
}
