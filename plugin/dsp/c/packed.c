/* pooledconvert
 * The packed family's C twins: luma and chroma of packed 4:2:2 (YUY2 and
 * kin) and 4:4:4 (AYUV, VUYA) pixels, a shift picking the byte; 4:4:4 chroma
 * centred or co-sited; grey luma through a table.  Contracts in kernels-c.h; they are the reference the
 * ORC and AVX2 kernels of the family must match to the bit.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/c/kernels-c-common.h"

void
pc_packed422_to_y_c (guint8 * d, const guint8 * s, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[2 * i + shift / 8];
}

void
pc_packed422_to_uv_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    a[i] = (s1[4 * i + j] + s2[4 * i + j] + 1) >> 1;
    b[i] = (s1[4 * i + 2 + j] + s2[4 * i + 2 + j] + 1) >> 1;
  }
}

void
pc_packed422_to_uv_weighted_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    a[i] = (3 * s1[4 * i + j] + s2[4 * i + j] + 2) >> 2;
    b[i] = (3 * s1[4 * i + 2 + j] + s2[4 * i + 2 + j] + 2) >> 2;
  }
}

void
pc_packed422_to_uv_cosited_v_c (guint8 * a, guint8 * b, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    a[i] = (s0[4 * i + j] + 2 * s1[4 * i + j] + s2[4 * i + j] + 2) >> 2;
    b[i] = (s0[4 * i + 2 + j] + 2 * s1[4 * i + 2 + j] + s2[4 * i + 2 + j] +
        2) >> 2;
  }
}

void
pc_packed422_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int shift, int n)
{
  int i, u = shift / 8, v = u ^ 2;

  for (i = 0; i < n; i++) {
    d[2 * i] = (s1[4 * i + u] + s2[4 * i + u] + 1) >> 1;
    d[2 * i + 1] = (s1[4 * i + v] + s2[4 * i + v] + 1) >> 1;
  }
}

void
pc_packed444_to_y_c (guint8 * d, const guint8 * s, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[4 * i + shift / 8];
}

/* a's sample i at a[step * i], b's at b[step * i]: rows (step 1) or
 * NV12's pairs (step 2) */
static void
packed444_box_2x2 (guint8 * a, guint8 * b, int step, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    const guint8 *p = s1 + 8 * i + j, *q = s2 + 8 * i + j;

    a[step * i] = (p[0] + p[4] + q[0] + q[4] + 2) >> 2;
    b[step * i] = (p[1] + p[5] + q[1] + q[5] + 2) >> 2;
  }
}

static void
packed444_cosited_h (guint8 * a, guint8 * b, int step, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    gsize at = 8 * i + j;

    a[step * i] = (cosited_row (s1 + at, p1 + at, 4) +
        cosited_row (s2 + at, p2 + at, 4) + 4) >> 3;
    b[step * i] = (cosited_row (s1 + at + 1, p1 + at + 1, 4) +
        cosited_row (s2 + at + 1, p2 + at + 1, 4) + 4) >> 3;
  }
}

void
pc_packed444_box_2x2_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  packed444_box_2x2 (a, b, 1, s1, s2, shift, n);
}

void
pc_packed444_cosited_h_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  packed444_cosited_h (a, b, 1, s1, p1, s2, p2, shift, n);
}

void
pc_packed444_box_2x2_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int v_first, int n)
{
  packed444_box_2x2 (d + (v_first != 0), d + (v_first == 0), 2, s1, s2,
      shift, n);
}

void
pc_packed444_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n)
{
  packed444_cosited_h (d + (v_first != 0), d + (v_first == 0), 2, s1, p1, s2,
      p2, shift, n);
}

void
pc_gray_remap_c (guint8 * d, const guint8 * s, const guint8 * table, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = table[s[i]];
}

void
pc_gray_remap_to_u16_c (guint8 * d, const guint8 * s, const guint16 * table,
    int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint16 word = table[s[i]];

    d[2 * i] = word & 0xff;
    d[2 * i + 1] = word >> 8;
  }
}

void
pc_gray_affine_10_c (guint8 * d, const guint8 * s, int sub, int a, int b,
    int out_shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint x = (guint) MAX (s[i] - sub, 0);
    guint word = MIN ((x * (guint) a + (guint) b) >> 16, 1023) << out_shift;

    d[2 * i] = word & 0xff;
    d[2 * i + 1] = word >> 8;
  }
}

void
pc_gray_affine_c (guint8 * d, const guint8 * s, int sub, int a, int b,
    int twice, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint x = s[i] > sub ? s[i] - sub : 0;
    guint h = ((x << 8) * (guint) (a & 0xffff)) >> 16;

    if (twice)
      h = MIN (2 * h, 65535);
    h = MIN (h + (guint) b, 65535);
    d[i] = MIN (h >> 8, 255);
  }
}
