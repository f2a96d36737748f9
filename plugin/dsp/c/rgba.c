/* pooledconvert
 * The rgba family's C twins: RGBA to Y, and chroma from 2x2 blocks centred
 * or co-sited, in ORC's 16-bit arithmetic so that the ORC and AVX2 kernels
 * match them to the bit.  Contracts in kernels-c.h; they are the reference
 * the ORC and AVX2 kernels of the family must match to the bit.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/c/rgb-twins.h"
#include "dsp/c/cosited-sums.h"

void
pc_rgba_to_y_c (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  rgb_to_y_row (d, s, 4, kr, kg, kb, bias, n);
}

void
pc_rgba_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  rgb_to_uv_rows (u, v, s1, s2, 4, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgba_to_uv_cosited_v_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };

  rgb_to_uv_rows3 (u, v, s, NULL, 4, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgba_to_uv_cosited_hv_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };
  const guint8 *const p[3] = { p0, p1, p2 };

  rgb_to_uv_rows3 (u, v, s, p, 4, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgba_sum_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  int i, c;

  for (i = 0; i < n; i++) {
    for (c = 0; c < 4; c++) {
      guint sum = cosited_word (s1, p1, s2, p2, 4, i, c);

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
