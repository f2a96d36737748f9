/* pooledconvert
 * The packed family's ORC wrappers: NV12's pairs from packed 4:2:2 with
 * V's shift derived from U's, and co-sited packed 4:4:4 chroma as the
 * rgba family's pair sums then a rounded pick of two channels; see
 * wrappers.h.
 */

#include "dsp/orc/wrappers.h"
#include "dsp/c/cosited-sums.h"
#include "dsp/orc/rgba-orc.h"
#include "dsp/orc/packed-orc.h"

void
pc_packed422_to_uv_pairs_orc (guint8 * d, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  pc_packed422_to_uv_pairs (d, s1, s2, shift, shift ^ 16, n);
}

void
pc_packed444_cosited_h_orc (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  /* 8-byte aligned, as ORC wants its 8-byte elements */
  guint64 sums[SUMS_CHUNK];
  int i, chunk;

  for (i = 0; i < n; i += chunk) {
    gsize o = 8 * (gsize) i;

    chunk = MIN (n - i, SUMS_CHUNK);
    pc_rgba_sum_cosited_h ((guint8 *) sums, s1 + o, p1 + o, s2 + o, p2 + o,
        chunk);
    /* the words of channels j and j + 1, j = shift / 8: bit 16 j */
    pc_sums_pick_rounded (a + i, b + i, (const guint8 *) sums, 2 * shift,
        chunk);
  }
}
