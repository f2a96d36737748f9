/* pooledconvert
 * The rgb family's C twins: RGB in the byte orders beyond RGBA, 4 bytes a
 * pixel through the rgba twins, 3 bytes a pixel widened to 4 or read in
 * place with the rgba twins' arithmetic (rgb-twins.h).  Contracts in
 * kernels-c.h; they are the reference the ORC, AVX2 and AVX-512 kernels of
 * the family must match to the bit.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/c/rgb-twins.h"

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

void
pc_rgb24_to_y_c (guint8 * d, const guint8 * s, int k0, int k1, int k2,
    int bias, int n)
{
  rgb_to_y_row (d, s, 3, k0, k1, k2, bias, n);
}

void
pc_rgb24_to_uv_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n)
{
  rgb_to_uv_rows (u, v, s1, s2, 3, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

void
pc_rgb24_to_uv_cosited_v_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };

  rgb_to_uv_rows3 (u, v, s, NULL, 3, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

void
pc_rgb24_to_uv_cosited_hv_c (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };
  const guint8 *const p[3] = { p0, p1, p2 };

  rgb_to_uv_rows3 (u, v, s, p, 3, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

/* pc_rgba_to_uv_cosited_h_c's two stages in one: the words of the three
 * channels, then chroma from them. */
void
pc_rgb24_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint w0 = cosited_word (s1, p1, s2, p2, 3, i, 0);
    guint w1 = cosited_word (s1, p1, s2, p2, 3, i, 1);
    guint w2 = cosited_word (s1, p1, s2, p2, 3, i, 2);

    u[i] = chroma_sample (w2, k2u, w0, k0u, w1, k1u);
    v[i] = chroma_sample (w0, k0v, w1, k1v, w2, k2v);
  }
}
