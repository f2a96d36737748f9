/* pooledconvert
 * The C twins of the RGB chroma kernels that store NV12's pairs: each the
 * twin of the same kernel for two rows (rgba.c, rgb.c), over a chunk of
 * the row on the stack, then its U and V as pairs.  Contracts in
 * kernels-c.h.
 */

#include "dsp/c/kernels-c.h"

/* Outputs a chunk holds */
#define CHUNK 256

/* NV12's pairs from @n samples of @a and @b, @b's first when @b_first */
static void
pairs_of (guint8 * d, const guint8 * a, const guint8 * b, int b_first, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = b_first ? b[i] : a[i];
    d[2 * i + 1] = b_first ? a[i] : b[i];
  }
}

void
pc_rgba_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int ur, int ug, int ub, int vr, int vg, int vb, int v_first, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    gsize o = 8 * (gsize) i;

    m = MIN (CHUNK, n - i);
    pc_rgba_to_uv_c (u, v, s1 + o, s2 + o, ur, ug, ub, vr, vg, vb, m);
    pairs_of (d + 2 * i, u, v, v_first, m);
  }
}

void
pc_rgba_to_uv_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int v_first, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    gsize o = 8 * (gsize) i;

    m = MIN (CHUNK, n - i);
    pc_rgba_to_uv_cosited_h_c (u, v, s1 + o, p1 + o, s2 + o, p2 + o, ur, ug,
        ub, vr, vg, vb, m);
    pairs_of (d + 2 * i, u, v, v_first, m);
  }
}

void
pc_rgb4_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int shift, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int v_first, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    gsize o = 8 * (gsize) i;

    m = MIN (CHUNK, n - i);
    pc_rgb4_to_uv_c (u, v, s1 + o, s2 + o, shift, k0u, k1u, k2u, k0v, k1v,
        k2v, m);
    pairs_of (d + 2 * i, u, v, v_first, m);
  }
}

void
pc_rgb24_to_uv_pairs_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int k0u, int k1u, int k2u, int k0v, int k1v, int k2v, int v_first, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    gsize o = 6 * (gsize) i;

    m = MIN (CHUNK, n - i);
    pc_rgb24_to_uv_c (u, v, s1 + o, s2 + o, k0u, k1u, k2u, k0v, k1v, k2v, m);
    pairs_of (d + 2 * i, u, v, v_first, m);
  }
}

void
pc_rgb24_to_uv_cosited_h_pairs_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int v_first, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    gsize o = 6 * (gsize) i;

    m = MIN (CHUNK, n - i);
    pc_rgb24_to_uv_cosited_h_c (u, v, s1 + o, p1 + o, s2 + o, p2 + o, k0u,
        k1u, k2u, k0v, k1v, k2v, m);
    pairs_of (d + 2 * i, u, v, v_first, m);
  }
}
