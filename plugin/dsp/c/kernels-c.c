/* pooledconvert
 * Plain-C twins of the ORC row kernels; see kernels-c.h for each contract.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/c/kernels-c-common.h"

void
pc_chroma_box_2x2_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (s1[2 * i] + s1[2 * i + 1] + s2[2 * i] + s2[2 * i + 1] + 2) >> 2;
}

void
pc_chroma_box_2x2_weighted_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (3 * (s1[2 * i] + s1[2 * i + 1]) + s2[2 * i] + s2[2 * i + 1] +
        4) >> 3;
}

void
pc_chroma_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (s1[i] + s2[i] + 1) >> 1;
}

void
pc_chroma_weighted_v_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (3 * s1[i] + s2[i] + 2) >> 2;
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
