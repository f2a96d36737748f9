/* pooledconvert
 * The stage family's ORC kernels whose twins take their arguments in
 * another shape (rows and weights as arrays, the rounding from the
 * shift): each calls its one program of stage.orc.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/orc/wrappers.h"
#include "dsp/c/kernels-c.h"
#include "dsp/orc/stage-orc.h"
#include "dsp/orc/output-orc.h"

void
pc_stage_rows_orc (gint16 * d, const guint8 * const s[3], const int w[3], int n)
{
  pc_stage_rows3 (d, s[0], s[1], s[2], w[0], w[1], w[2], n);
}

/* ORC reads its 16-bit sources aligned: a row at an odd address (a video
 * meta's offset) takes the twin */
void
pc_stage_rows16_orc (gint16 * d, const guint8 * const s[3], const int w[3],
    int shift, int n)
{
  if ((((guintptr) s[0] | (guintptr) s[1] | (guintptr) s[2]) & 1) != 0) {
    pc_stage_rows16_c (d, s, w, shift, n);
    return;
  }
  pc_stage_rows16 (d, (const guint16 *) s[0], (const guint16 *) s[1],
      (const guint16 *) s[2], w[0], w[1], w[2], shift, n);
}

/* Words a sample apart have a program; other strides, and rows at an odd
 * address (a video meta's), take the twin */
void
pc_stage_keep_10_orc (guint8 * d, const guint8 * s, int stride,
    int read_shift, int out_shift, int n)
{
  if (stride != 1 || (((guintptr) d | (guintptr) s) & 1) != 0) {
    pc_stage_keep_10_c (d, s, stride, read_shift, out_shift, n);
    return;
  }
  pc_stage_keep_10 ((guint16 *) d, (const guint16 *) s, read_shift,
      out_shift, n);
}

/* Bytes a sample apart have a program; other strides, and output at an
 * odd address, take the twin */
void
pc_stage_widen_10_orc (guint8 * d, const guint8 * s, int stride,
    int out_shift, int n)
{
  if (stride != 1 || ((guintptr) d & 1) != 0) {
    pc_stage_widen_10_c (d, s, stride, out_shift, n);
    return;
  }
  pc_stage_widen_10 ((guint16 *) d, s, 2 + out_shift, n);
}

/* The planar layouts have programs (stage.orc); the others, and rows at
 * an odd address for the 4:2:0 one's 16-bit elements, take the twin */
void
pc_stage_matrix_bytes_orc (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub, int m0,
    int m1, int m2, int bias, int shift, int n)
{
  int pairs = n / 2;

  if (luma_stride == 1 && chroma_stride == 1 && sub == 0) {
    pc_stage_matrix_bytes_444 (d, s0, s1, s2, m0, m1, m2, bias, shift, n);
    return;
  }
  if (luma_stride != 1 || chroma_stride != 1 || sub != 1 ||
      (((guintptr) d | (guintptr) s0) & 1) != 0) {
    pc_stage_matrix_bytes_c (d, s0, s1, s2, luma_stride, chroma_stride, sub,
        m0, m1, m2, bias, shift, n);
    return;
  }
  pc_stage_matrix_bytes_422 (d, s0, s1, s2, m0, m1, m2, bias, shift, pairs);
  pc_stage_matrix_bytes_c (d + 2 * pairs, s0 + 2 * pairs, s1 + pairs,
      s2 + pairs, 1, 1, 1, m0, m1, m2, bias, shift, n - 2 * pairs);
}

/* Two rows (4:2:0 chroma) through the program of two, three through the
 * program of three */
void
pc_stage_resite_bytes_orc (guint8 * d, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n)
{
  if (w[2] == 0)
    pc_stage_resite_pairs (d, s[0] - 1, s[0], s[1] - 1, s[1], w[0] * left,
        w[0] * here, w[1] * left, w[1] * here, 1 << (shift - 1), shift, n);
  else
    pc_stage_resite_pairs3 (d, s[0] - 1, s[0], s[1] - 1, s[1], s[2] - 1, s[2],
        w[0] * left, w[0] * here, w[1] * left, w[1] * here, w[2] * left,
        w[2] * here, 1 << (shift - 1), shift, n);
}

/* Rows read as aligned byte pairs: a row at an odd address (a video
 * meta's offset) takes the twin */
void
pc_stage_fold_bytes_orc (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n)
{
  const guint16 *a = (const guint16 *) s[0], *b = (const guint16 *) s[1];
  const guint16 *c = (const guint16 *) s[2];

  if ((((guintptr) s[0] | (guintptr) s[1] | (guintptr) s[2]) & 1) != 0) {
    pc_stage_fold_bytes_c (d, s, w, cosited, shift, n);
    return;
  }
  if (cosited)
    pc_stage_fold_cosited3 (d, a - 1, a, b - 1, b, c - 1, c, w[0], w[1],
        w[2], 1 << (shift - 1), shift, n);
  else
    pc_stage_fold_box3 (d, a, b, c, w[0], w[1], w[2], 1 << (shift - 1),
        shift, n);
}

void
pc_stage_round_orc (guint8 * d, const gint16 * s, int shift, int n)
{
  pc_stage_round_by (d, s, 1 << (shift - 1), shift, n);
}

/* Samples of U and of V per stack chunk of pc_stage_matrix_pairs_orc */
#define MATRIX_PAIRS_CHUNK 1024

/* a destination at an odd address, which ORC's 2-byte pairs cannot
 * store, interleaves through the twin */
void
pc_stage_matrix_pairs_orc (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int mu0, int mu1, int mu2, int bu, int mv0, int mv1,
    int mv2, int bv, int shift, int n)
{
  guint8 u[MATRIX_PAIRS_CHUNK], v[MATRIX_PAIRS_CHUNK];
  int i, m;

  for (i = 0; i < n; i += m) {
    m = MIN (n - i, MATRIX_PAIRS_CHUNK);
    pc_stage_matrix (u, s0 + i, s1 + i, s2 + i, mu0, mu1, mu2, bu, shift, m);
    pc_stage_matrix (v, s0 + i, s1 + i, s2 + i, mv0, mv1, mv2, bv, shift, m);
    if (((guintptr) d & 1) != 0)
      pc_uv_interleave_c (d + 2 * i, u, v, m);
    else
      pc_uv_interleave (d + 2 * i, u, v, m);
  }
}
