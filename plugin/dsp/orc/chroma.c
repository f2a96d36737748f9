/* pooledconvert
 * The chroma family's ORC wrapper: 4:1:1 chroma, whose output has two
 * columns a sample, as one ORC program over the pairs; see wrappers.h.
 */

#include "dsp/orc/wrappers.h"
#include "dsp/c/kernels-c.h"
#include "dsp/orc/chroma-orc.h"

void
pc_chroma_avg_v_double_h_orc (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n)
{
  int pairs = n / 2;

  /* ORC writes its 2-byte elements aligned: an odd row (a downstream
   * buffer's) goes to the twin */
  if (((guintptr) d & 1) != 0) {
    pc_chroma_avg_v_double_h_c (d, s1, s2, n);
    return;
  }
  if (pairs > 0)
    pc_chroma_avg_v_double_pairs (d, s1, s2, pairs);
  if (n % 2 != 0)
    pc_chroma_avg_v_double_h_c (d + 2 * pairs, s1 + pairs, s2 + pairs, 1);
}
