/* pooledconvert
 * The semi_planar family's C twins: interleaved U and V (NV12 and kin) split
 * into planes, averaged or boxed to 4:2:0.  Contracts in kernels-c.h; they
 * are the reference the ORC and AVX2 kernels of the family must match to the
 * bit.
 */

#include "dsp/c/kernels-c.h"

void
pc_uv_deinterleave_c (guint8 * u, guint8 * v, const guint8 * s, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    u[i] = s[2 * i];
    v[i] = s[2 * i + 1];
  }
}

void
pc_uv_deinterleave_avg_v_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    u[i] = (s1[2 * i] + s2[2 * i] + 1) >> 1;
    v[i] = (s1[2 * i + 1] + s2[2 * i + 1] + 1) >> 1;
  }
}

void
pc_uv_deinterleave_box_2x2_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *a = s1 + 4 * i, *b = s2 + 4 * i;

    u[i] = (a[0] + a[2] + b[0] + b[2] + 2) >> 2;
    v[i] = (a[1] + a[3] + b[1] + b[3] + 2) >> 2;
  }
}

void
pc_uv_swap_avg_v_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint8 u = (s1[2 * i + 1] + s2[2 * i + 1] + 1) >> 1;

    d[2 * i + 1] = (s1[2 * i] + s2[2 * i] + 1) >> 1;
    d[2 * i] = u;
  }
}
