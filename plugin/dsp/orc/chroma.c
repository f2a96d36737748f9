/* pooledconvert
 * The chroma family's ORC wrappers: 4:1:1 chroma, whose output has two
 * columns a sample, as one ORC program over the pairs, and the programs
 * that write NV12's pairs, with the rows ORC cannot take aligned sent to
 * the twins; see wrappers.h.
 */

#include "dsp/orc/wrappers.h"
#include "dsp/c/kernels-c.h"
#include "dsp/orc/chroma-orc.h"
#include "dsp/orc/output-orc.h"

/* Outputs a stack chunk of the chained wrappers holds */
#define CHUNK 1024

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

/* ORC reads and writes 2-byte elements aligned: the output rows of a
 * downstream buffer and the input rows of a stride that is odd go to the
 * twin */
void
pc_chroma_box_2x2_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n)
{
  if ((((guintptr) d | (guintptr) u1 | (guintptr) u2 | (guintptr) v1 |
              (guintptr) v2) & 1) != 0)
    pc_chroma_box_2x2_pairs_c (d, u1, u2, v1, v2, n);
  else
    pc_chroma_box_2x2_pairs (d, u1, u2, v1, v2, n);
}

void
pc_chroma_avg_v_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n)
{
  if (((guintptr) d & 1) != 0)
    pc_chroma_avg_v_pairs_c (d, u1, u2, v1, v2, n);
  else
    pc_chroma_avg_v_pairs (d, u1, u2, v1, v2, n);
}

void
pc_chroma_cosited_h_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n)
{
  guint8 u[CHUNK], v[CHUNK];
  int first, m;

  if ((((guintptr) d | (guintptr) u1 | (guintptr) pu1 | (guintptr) u2 |
              (guintptr) pu2 | (guintptr) v1 | (guintptr) pv1 |
              (guintptr) v2 | (guintptr) pv2) & 1) != 0) {
    pc_chroma_cosited_h_pairs_c (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n);
    return;
  }
  for (first = 0; first < n; first += m) {
    gsize o = 2 * (gsize) first;

    m = MIN (CHUNK, n - first);
    pc_chroma_cosited_h (u, u1 + o, pu1 + o, u2 + o, pu2 + o, m);
    pc_chroma_cosited_h (v, v1 + o, pv1 + o, v2 + o, pv2 + o, m);
    pc_uv_interleave (d + o, u, v, m);
  }
}

void
pc_chroma_avg_v_double_h_pairs_orc (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n)
{
  int quads = n / 2;

  if (((guintptr) d & 3) != 0) {
    pc_chroma_avg_v_double_h_pairs_c (d, u1, u2, v1, v2, n);
    return;
  }
  if (quads > 0)
    pc_chroma_avg_v_double_uv (d, u1, u2, v1, v2, quads);
  if (n % 2 != 0)
    pc_chroma_avg_v_double_h_pairs_c (d + 4 * quads, u1 + quads, u2 + quads,
        v1 + quads, v2 + quads, 1);
}
