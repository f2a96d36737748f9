/* pooledconvert
 * The stage family's C twins: the general walk's steps over 16-bit
 * working rows of exact sums, rounded once by the last.  Contracts in
 * kernels-c.h; the AVX2 kernels of the family match them to the bit.
 */

#include <string.h>

#include "dsp/c/kernels-c.h"

void
pc_stage_rows_c (gint16 * d, const guint8 * const s[3], const int w[3], int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = w[0] * s[0][i] + w[1] * s[1][i] + w[2] * s[2][i];
}

void
pc_stage_rows_strided_c (gint16 * d, const guint8 * const s[3],
    const int w[3], int stride, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = w[0] * s[0][i * stride] + w[1] * s[1][i * stride] +
        w[2] * s[2][i * stride];
}

void
pc_stage_rows_pixels_c (gint16 * const d[3], const guint8 * const s[3],
    const int w[3], const int offset[3], int stride, int n)
{
  int c, i;

  for (c = 0; c < 3; c++)
    for (i = 0; i < n; i++)
      d[c][i] = w[0] * s[0][i * stride + offset[c]] +
          w[1] * s[1][i * stride + offset[c]] +
          w[2] * s[2][i * stride + offset[c]];
}

/* 16-bit little-endian sample @k of @row (walk.c refuses other machines),
 * its 10 bits brought down by @shift; a value past 10 bits (not a valid
 * sample) reads as 1023, so no sum can leave 16 bits */
static inline int
sample10 (const guint8 * row, int k, int shift)
{
  guint16 v;

  memcpy (&v, row + 2 * k, sizeof (v));
  return MIN (v >> shift, 1023);
}

void
pc_stage_rows16_c (gint16 * d, const guint8 * const s[3], const int w[3],
    int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = w[0] * sample10 (s[0], i, shift) + w[1] * sample10 (s[1], i,
        shift) + w[2] * sample10 (s[2], i, shift);
}

void
pc_stage_rows16_strided_c (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int stride, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = w[0] * sample10 (s[0], i * stride, shift) +
        w[1] * sample10 (s[1], i * stride, shift) +
        w[2] * sample10 (s[2], i * stride, shift);
}

void
pc_stage_taps_box_c (gint16 * d, const gint16 * s, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[2 * i] + s[2 * i + 1];
}

void
pc_stage_taps_cosited_c (gint16 * d, const gint16 * s, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[2 * i - 1] + 2 * s[2 * i] + s[2 * i + 1];
}

void
pc_stage_taps_pair_c (gint16 * d, const gint16 * s, int w_left, int w_here,
    int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = w_left * s[i - 1] + w_here * s[i];
}

void
pc_stage_pick_c (gint16 * d, const gint16 * s, int stride, int sub,
    int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = s[(i >> sub) * stride] * (1 << shift);
}

/* sample @i of the three rows through one matrix row, clamped to a byte */
static inline guint8
matrix_sample (const gint16 * s0, const gint16 * s1, const gint16 * s2,
    int i, int m0, int m1, int m2, int bias, int shift)
{
  int acc = (m0 * s0[i] + m1 * s1[i] + m2 * s2[i] + bias) >> shift;

  return CLAMP (acc, 0, 255);
}

void
pc_stage_matrix_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = matrix_sample (s0, s1, s2, i, m0, m1, m2, bias, shift);
}

void
pc_stage_matrix_pairs_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int mu0, int mu1, int mu2, int bu, int mv0, int mv1,
    int mv2, int bv, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = matrix_sample (s0, s1, s2, i, mu0, mu1, mu2, bu, shift);
    d[2 * i + 1] = matrix_sample (s0, s1, s2, i, mv0, mv1, mv2, bv, shift);
  }
}

void
pc_stage_round_c (guint8 * d, const gint16 * s, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int v = (s[i] + (1 << (shift - 1))) >> shift;

    d[i] = CLAMP (v, 0, 255);
  }
}

void
pc_stage_resite_bytes_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int v = 1 << (shift - 1);

    for (r = 0; r < 3; r++)
      v += w[r] * (left * s[r][i - 1] + here * s[r][i]);
    d[i] = MIN (v >> shift, 255);
  }
}

/* Sample k of a row of bytes, or of 16-bit words read as rows16 reads
 * them (@read_shift >= 0): the pairs re-sited and the planes folded */
static inline int
pair_sample (const guint8 * row, int k, int read_shift)
{
  return read_shift < 0 ? row[k] : sample10 (row, k, read_shift);
}

static inline void
resite_pairs (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n)
{
  guint8 *d[2] = { du, dv };
  int i, c, r;

  for (i = 0; i < n; i++)
    for (c = 0; c < 2; c++) {
      int v = 1 << (shift - 1);

      for (r = 0; r < 3; r++)
        v += w[r] * (left * pair_sample (s[r], 2 * i - 2 + c, read_shift) +
            here * pair_sample (s[r], 2 * i + c, read_shift));
      d[c][i] = MIN (v >> shift, 255);
    }
}

void
pc_stage_resite_pairs_c (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n)
{
  resite_pairs (du, dv, s, w, -1, left, here, shift, n);
}

void
pc_stage_resite_words_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int v = 1 << (shift - 1);

    for (r = 0; r < 3; r++)
      v += w[r] * (left * sample10 (s[r], i - 1, read_shift) +
          here * sample10 (s[r], i, read_shift));
    d[i] = MIN (v >> shift, 255);
  }
}

void
pc_stage_resite_pairs16_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n)
{
  resite_pairs (du, dv, s, w, read_shift, left, here, shift, n);
}

void
pc_stage_resite_packed_uv_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int left, int here, int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int u = 1 << (shift - 1), v = u;

    for (r = 0; r < 3; r++) {
      const guint8 *p = s[r] + 4 * i;

      u += w[r] * (left * p[u_byte - 4] + here * p[u_byte]);
      v += w[r] * (left * p[v_byte - 4] + here * p[v_byte]);
    }
    du[i] = MIN (u >> shift, 255);
    dv[i] = MIN (v >> shift, 255);
  }
}

void
pc_stage_fold_bytes_c (guint8 * d, const guint8 * const s[3], const int w[3],
    int cosited, int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int v = 1 << (shift - 1);

    for (r = 0; r < 3; r++) {
      const guint8 *p = s[r] + 2 * i;

      v += w[r] * ((cosited ? p[-1] + 2 * p[0] : p[0]) + p[1]);
    }
    d[i] = MIN (v >> shift, 255);
  }
}

/* One output column of fold_bytes over samples @stride samples apart,
 * not rounded: bytes, or with @read_shift >= 0 words read as
 * pair_sample () reads them */
static inline int
folded_sum (const guint8 * const s[3], int stride, int read_shift,
    const int w[3], int cosited, int i)
{
  int v = 0, r;

  for (r = 0; r < 3; r++) {
    int k = 2 * i * stride;
    int here = pair_sample (s[r], k, read_shift);

    v += w[r] * ((cosited ? pair_sample (s[r], k - stride, read_shift) +
            2 * here : here) + pair_sample (s[r], k + stride, read_shift));
  }
  return v;
}

static inline void
fold_matrix (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], int stride, int read_shift, const int w[3],
    int cosited, const int mu[3], const int mv[3], int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int su = folded_sum (u, stride, read_shift, w, cosited, i);
    int sv = folded_sum (v, stride, read_shift, w, cosited, i);
    int a = (mu[0] * su + mu[1] * sv + mu[2]) >> shift;
    int b = (mv[0] * su + mv[1] * sv + mv[2]) >> shift;

    du[i] = CLAMP (a, 0, 255);
    dv[i] = CLAMP (b, 0, 255);
  }
}

void
pc_stage_fold_matrix_c (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], int stride, const int w[3], int cosited,
    const int mu[3], const int mv[3], int shift, int n)
{
  fold_matrix (du, dv, u, v, stride, -1, w, cosited, mu, mv, shift, n);
}

void
pc_stage_fold_matrix16_c (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n)
{
  fold_matrix (du, dv, u, v, 1, read_shift, w, cosited, mu, mv, shift, n);
}

/* Column k of a row of @n words as fold_matrix16 reads it, the columns
 * repeating past both edges */
static inline int
edge_sample10 (const guint8 * row, int k, int n, int read_shift)
{
  return sample10 (row, CLAMP (k, 0, n - 1), read_shift);
}

/* Output column i of block_fold16's fold of one row of @n words */
static inline int
edge_folded10 (const guint8 * row, int i, int n, int cosited, int read_shift)
{
  int k = 2 * i;

  return (cosited ? edge_sample10 (row, k - 1, n, read_shift) : 0) +
      (1 + cosited) * edge_sample10 (row, k, n, read_shift) +
      edge_sample10 (row, k + 1, n, read_shift);
}

void
pc_stage_block_fold16_c (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int read_shift, int cosited, const int my[4],
    const int mu[3], const int mv[3], int luma_shift, int chroma_shift, int n)
{
  int i, r;

  for (r = 0; r < 2; r++)
    for (i = 0; i < n; i++) {
      int acc = (my[0] * sample10 (y[r], i, read_shift) +
          my[1] * sample10 (u[r], i, read_shift) +
          my[2] * sample10 (v[r], i, read_shift) + my[3]) >> luma_shift;

      dy[r][i] = CLAMP (acc, 0, 255);
    }
  for (i = 0; i < (n + 1) / 2; i++) {
    int su = 0, sv = 0, a, b;

    for (r = 0; r < 2; r++) {
      su += edge_folded10 (u[r], i, n, cosited, read_shift);
      sv += edge_folded10 (v[r], i, n, cosited, read_shift);
    }
    a = (mu[0] * su + mu[1] * sv + mu[2]) >> chroma_shift;
    b = (mv[0] * su + mv[1] * sv + mv[2]) >> chroma_shift;
    du[i] = CLAMP (a, 0, 255);
    dv[i] = CLAMP (b, 0, 255);
  }
}

void
pc_stage_rows_matrix_c (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const int w[3], const int mu[3],
    const int mv[3], int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int su = w[0] * u[0][i] + w[1] * u[1][i] + w[2] * u[2][i];
    int sv = w[0] * v[0][i] + w[1] * v[1][i] + w[2] * v[2][i];
    int a = (mu[0] * su + mu[1] * sv + mu[2]) >> shift;
    int b = (mv[0] * su + mv[1] * sv + mv[2]) >> shift;

    du[i] = CLAMP (a, 0, 255);
    dv[i] = CLAMP (b, 0, 255);
  }
}

void
pc_stage_block_matrix_c (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * u, const guint8 * v,
    int chroma_stride, const int my[4], const int mu[3], const int mv[3],
    int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int k = (i >> 1) * chroma_stride;
    int t = my[1] * u[k] + my[2] * v[k] + my[3];

    for (r = 0; r < 2; r++) {
      int acc = (my[0] * y[r][i] + t) >> shift;

      dy[r][i] = CLAMP (acc, 0, 255);
    }
    if (i % 2 == 0) {
      int a = (mu[0] * u[k] + mu[1] * v[k] + mu[2]) >> shift;
      int b = (mv[0] * u[k] + mv[1] * v[k] + mv[2]) >> shift;

      du[i >> 1] = CLAMP (a, 0, 255);
      dv[i >> 1] = CLAMP (b, 0, 255);
    }
  }
}

void
pc_stage_block_matrix16_c (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int chroma_stride, int read_shift,
    const int my[3], const int mu[3], const int mv[3], int shift, int n)
{
  int i, r;

  for (i = 0; i < n; i++) {
    int k = (i >> 1) * chroma_stride, su = 0, sv = 0;

    for (r = 0; r < 2; r++) {
      int cu = sample10 (u[r], k, read_shift);
      int cv = sample10 (v[r], k, read_shift);
      int acc = (sample10 (y[r], i, read_shift) * (1 << (shift - 2)) +
          my[0] * cu + my[1] * cv + my[2]) >> shift;

      dy[r][i] = CLAMP (acc, 0, 255);
      su += cu;
      sv += cv;
    }
    if (i % 2 == 0) {
      int a = (mu[0] * su + mu[1] * sv + mu[2]) >> (shift + 1);
      int b = (mv[0] * su + mv[1] * sv + mv[2]) >> (shift + 1);

      du[i >> 1] = CLAMP (a, 0, 255);
      dv[i >> 1] = CLAMP (b, 0, 255);
    }
  }
}

/* A 10-bit code, clamped, shifted and stored as a little-endian word. */
static inline void
store_10 (guint8 * d, int v, int out_shift)
{
  guint w = (guint) CLAMP (v, 0, 1023) << out_shift;

  d[0] = w & 0xff;
  d[1] = w >> 8;
}

void
pc_stage_matrix_10_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift,
    int out_shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    store_10 (d + 2 * i, (m0 * s0[i] + m1 * s1[i] + m2 * s2[i] + bias) >>
        shift, out_shift);
}

void
pc_stage_round_10_c (guint8 * d, const gint16 * s, int shift, int out_shift,
    int n)
{
  int half = (1 << shift) >> 1;
  int i;

  for (i = 0; i < n; i++)
    store_10 (d + 2 * i, (s[i] + half) >> shift, out_shift);
}

void
pc_stage_keep_10_c (guint8 * d, const guint8 * s, int stride,
    int read_shift, int out_shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    store_10 (d + 2 * i, sample10 (s, i * stride, read_shift), out_shift);
}

/* an 8-bit sample counts as four units of a 10-bit code */
void
pc_stage_widen_10_c (guint8 * d, const guint8 * s, int stride, int out_shift,
    int n)
{
  int i;

  for (i = 0; i < n; i++)
    store_10 (d + 2 * i, s[i * stride] << 2, out_shift);
}

void
pc_stage_matrix_dither_c (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift,
    const guint8 * pattern, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int threshold = (2 * pattern[i & 3] + 1) << (shift - 5);
    int acc = (m0 * s0[i] + m1 * s1[i] + m2 * s2[i] + bias + threshold) >>
        shift;

    d[i] = CLAMP (acc, 0, 255);
  }
}

void
pc_stage_round_dither_c (guint8 * d, const gint16 * s, int shift,
    const guint8 * pattern, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int v = (s[i] * 32 + ((2 * pattern[i & 3] + 1) << shift)) >> (shift + 5);

    d[i] = CLAMP (v, 0, 255);
  }
}

void
pc_stage_matrix_bytes_c (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub, int m0,
    int m1, int m2, int bias, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int k = (i >> sub) * chroma_stride;
    int acc = (m0 * s0[i * luma_stride] + m1 * s1[k] + m2 * s2[k] +
        bias) >> shift;

    d[i] = CLAMP (acc, 0, 255);
  }
}

void
pc_stage_matrix_packed_uv_c (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int mu1, int mu2, int bu, int mv1, int mv2, int bv, int shift, int n)
{
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;
  int i, r;

  for (i = 0; i < n; i++) {
    gint16 su = 0, sv = 0;
    int u, v;

    for (r = 0; r < rows; r++) {
      su += w[r] * s[r][4 * i + u_byte];
      sv += w[r] * s[r][4 * i + v_byte];
    }
    u = (mu1 * su + mu2 * sv + bu) >> shift;
    v = (mv1 * su + mv2 * sv + bv) >> shift;
    du[i] = CLAMP (u, 0, 255);
    dv[i] = CLAMP (v, 0, 255);
  }
}

/* Output i takes the chroma term of sample i >> 1,
 * t = (m1 u + m2 v + bias) >> shift, as a step up (t, at most 255) or
 * down (-t, at most 255): a luma sample y then becomes
 * clamp (y + t, 0, 255), which is what the matrix of bytes makes of it
 * when m0 is 2^shift. */
void
pc_stage_chroma_steps_c (guint8 * up, guint8 * down, const guint8 * u,
    const guint8 * v, int chroma_stride, int m1, int m2, int bias, int shift,
    int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int k = (i >> 1) * chroma_stride;
    int t = (m1 * u[k] + m2 * v[k] + bias) >> shift;

    up[i] = CLAMP (t, 0, 255);
    down[i] = CLAMP (-t, 0, 255);
  }
}

/* y + up - down, each step saturated at 0 and 255 as unsigned bytes add
 * and subtract */
void
pc_stage_add_steps_c (guint8 * d, const guint8 * y, const guint8 * up,
    const guint8 * down, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int raised = MIN (y[i] + up[i], 255);

    d[i] = MAX (raised - down[i], 0);
  }
}

void
pc_stage_matrix_words_c (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub,
    int read_shift, int m0, int m1, int m2, int bias, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    int k = (i >> sub) * chroma_stride;
    int acc = (m0 * sample10 (s0, i * luma_stride, read_shift) +
        m1 * sample10 (s1, k, read_shift) + m2 * sample10 (s2, k,
            read_shift) + bias) >> shift;

    d[i] = CLAMP (acc, 0, 255);
  }
}
