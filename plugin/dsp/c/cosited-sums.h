/* pooledconvert
 * Co-sited RGBA chroma in two stages through a stack row of sums, so
 * nothing is allocated: the [1 2 1] x [1 1] sums of each pixel pair, then
 * chroma from the sums.  The C twin (c/rgba.c) runs it with the C stages,
 * the ORC wrappers (orc/rgba.c, and orc/packed.c with its own second
 * stage) with ORC's.
 */

#ifndef __PC_COSITED_SUMS_H__
#define __PC_COSITED_SUMS_H__

#include <glib.h>

/* Samples per pass through the stack row of sums (8 bytes each). */
#define SUMS_CHUNK 256

typedef void (*SumFunc) (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n);
typedef void (*ToUvFunc) (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n);

static inline void
rgba_to_uv_cosited_h_with (SumFunc sum, ToUvFunc to_uv, guint8 * u,
    guint8 * v, const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  /* 8-byte aligned, as ORC wants its 8-byte elements */
  guint64 sums[SUMS_CHUNK];
  int i, chunk;

  for (i = 0; i < n; i += chunk) {
    gsize o = 8 * (gsize) i;

    chunk = MIN (n - i, SUMS_CHUNK);
    sum ((guint8 *) sums, s1 + o, p1 + o, s2 + o, p2 + o, chunk);
    to_uv (u + i, v + i, (const guint8 *) sums, ur, ug, ub, vr, vg, vb, chunk);
  }
}

#endif /* __PC_COSITED_SUMS_H__ */
