/* pooledconvert
 * Plain-C twins of the ORC kernels in kernels-formats.orc; see
 * kernels-formats-c.h for each contract.
 */

#include "dsp/c/kernels-formats-c.h"
#include "dsp/c/kernels-c.h"

static inline guint
read_u16 (const guint8 * s, int i)
{
  return s[2 * i] | (s[2 * i + 1] << 8);
}

/* 16-bit sample to 8 bits: add with unsigned 16-bit saturation, shift,
 * saturate to a byte */
static inline guint8
u16_to_u8 (guint x, int round, int shift)
{
  guint t = MIN (x + (guint) (round & 0xffff), 0xffff) >> shift;

  return (guint8) MIN (t, 255);
}

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
pc_packed444_to_y_c (guint8 * d, const guint8 * s, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[4 * i + shift / 8];
}

void
pc_packed444_box_2x2_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    const guint8 *p = s1 + 8 * i + j, *q = s2 + 8 * i + j;

    a[i] = (p[0] + p[4] + q[0] + q[4] + 2) >> 2;
    b[i] = (p[1] + p[5] + q[1] + q[5] + 2) >> 2;
  }
}

void
pc_u16_to_u8_c (guint8 * d, const guint8 * s, int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = u16_to_u8 (read_u16 (s, i), round, shift);
}

void
pc_u16_uv_deinterleave_to_u8_c (guint8 * u, guint8 * v, const guint8 * s,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    u[i] = u16_to_u8 (read_u16 (s, 2 * i), round, shift);
    v[i] = u16_to_u8 (read_u16 (s, 2 * i + 1), round, shift);
  }
}

void
pc_u16_avg_v_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint sum = read_u16 (s1, i) + read_u16 (s2, i) + (guint) round;

    d[i] = (guint8) MIN (sum >> shift, 255);
  }
}

void
pc_u16_box_2x2_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint sum = read_u16 (s1, 2 * i) + read_u16 (s1, 2 * i + 1) +
        read_u16 (s2, 2 * i) + read_u16 (s2, 2 * i + 1) + (guint) round;

    d[i] = (guint8) MIN (sum >> shift, 255);
  }
}

/* The RGBA twins read only bytes 0, 1, 2 of each pixel, so starting them
 * shift / 8 bytes in reads bytes 1, 2, 3 without leaving the row. */
void
pc_rgb4_to_y_c (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n)
{
  pc_rgba_to_y_c (d, s + shift / 8, k0, k1, k2, bias, n);
}

void
pc_rgb4_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int shift, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v, int n)
{
  pc_rgba_to_uv_c (u, v, s1 + shift / 8, s2 + shift / 8, k0u, k1u, k2u, k0v,
      k1v, k2v, n);
}

void
pc_rgb24_to_rgb4_c (guint8 * d, const guint8 * s, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[4 * i] = s[3 * i];
    d[4 * i + 1] = s[3 * i + 1];
    d[4 * i + 2] = s[3 * i + 2];
    d[4 * i + 3] = 0;
  }
}
