/* pooledconvert
 * The chroma family's C twins: planar 4:4:4 and 4:2:2 chroma to 4:2:0,
 * centred (box, vertical average), for interlaced fields (3/4 from the
 * nearer row) and co-sited ([1 2 1] across columns).  Contracts in
 * kernels-c.h; they are the reference the ORC and AVX2 kernels of the family
 * must match to the bit.
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
pc_chroma_avg_v_double_h_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (s1[i / 2] + s2[i / 2] + 1) >> 1;
}

void
pc_chroma_box_2x2_pairs_c (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = (u1[2 * i] + u1[2 * i + 1] + u2[2 * i] + u2[2 * i + 1] +
        2) >> 2;
    d[2 * i + 1] = (v1[2 * i] + v1[2 * i + 1] + v2[2 * i] + v2[2 * i + 1] +
        2) >> 2;
  }
}

void
pc_chroma_avg_v_pairs_c (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = (u1[i] + u2[i] + 1) >> 1;
    d[2 * i + 1] = (v1[i] + v2[i] + 1) >> 1;
  }
}

void
pc_chroma_weighted_v_c (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (3 * s1[i] + s2[i] + 2) >> 2;
}

void
pc_chroma_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (cosited_row (s1 + 2 * i, p1 + 2 * i, 1) +
        cosited_row (s2 + 2 * i, p2 + 2 * i, 1) + 4) >> 3;
}

void
pc_chroma_avg_v_double_h_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = (u1[i / 2] + u2[i / 2] + 1) >> 1;
    d[2 * i + 1] = (v1[i / 2] + v2[i / 2] + 1) >> 1;
  }
}

void
pc_chroma_cosited_h_pairs_c (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = (cosited_row (u1 + 2 * i, pu1 + 2 * i, 1) +
        cosited_row (u2 + 2 * i, pu2 + 2 * i, 1) + 4) >> 3;
    d[2 * i + 1] = (cosited_row (v1 + 2 * i, pv1 + 2 * i, 1) +
        cosited_row (v2 + 2 * i, pv2 + 2 * i, 1) + 4) >> 3;
  }
}

void
pc_chroma_cosited_h_weighted_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (3 * cosited_row (s1 + 2 * i, p1 + 2 * i, 1) +
        cosited_row (s2 + 2 * i, p2 + 2 * i, 1) + 8) >> 4;
}
