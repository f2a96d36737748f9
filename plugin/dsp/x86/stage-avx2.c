/* pooledconvert
 * The stage family in AVX2: 16 samples of 16 bits a vector, exact sums
 * (wrapping as the twins' 16-bit stores do), the matrix in 32-bit lanes
 * through multiply-adds.  What is left of a row at the end goes through
 * the C twin, so the bytes are the twin's.
 */

#include "dsp/c/kernels-c.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/x86/kernels-avx2.h"

#define LOAD16(p) _mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *) (p)))

void
pc_stage_rows_avx2 (gint16 * d, const guint8 * const s[3], const int w[3],
    int n)
{
  const __m256i w0 = _mm256_set1_epi16 (w[0]);
  const __m256i w1 = _mm256_set1_epi16 (w[1]);
  const __m256i w2 = _mm256_set1_epi16 (w[2]);
  /* the rows in locals: a store to @d may alias @s, which would make
   * every step load them again */
  const guint8 *s0 = s[0], *s1 = s[1], *s2 = s[2];
  const guint8 *tail[3];
  int i = 0, a;

  /* rows of weight 0 at the end (one row, or a pair) are not read: most
   * calls weigh one row.  Three rows are read one to its end before the
   * next, the sums kept in @d (in L1): two of them are cold (the rows
   * around a co-sited chroma row), and on cold frames loads that alternate
   * between rows run at a fraction of the speed of the same loads row
   * after row (see ROW_CHUNK in chroma-avx2.c; measured for this kernel in
   * docs/design.md, "Stages").  A pair is read together: one of its rows
   * is the last pair's, in cache, and one by one measured no faster. */
  if (w[2] != 0) {
    int end = n & ~15;

    for (; i < end; i += 16)
      STORE (d + i, _mm256_mullo_epi16 (LOAD16 (s0 + i), w0));
    for (i = 0; i < end; i += 16)
      STORE (d + i, _mm256_add_epi16 (LOAD (d + i),
              _mm256_mullo_epi16 (LOAD16 (s1 + i), w1)));
    for (i = 0; i < end; i += 16)
      STORE (d + i, _mm256_add_epi16 (LOAD (d + i),
              _mm256_mullo_epi16 (LOAD16 (s2 + i), w2)));
  } else if (w[1] != 0) {
    for (; i + 16 <= n; i += 16)
      STORE (d + i, _mm256_add_epi16 (_mm256_mullo_epi16 (LOAD16 (s0 + i),
                  w0), _mm256_mullo_epi16 (LOAD16 (s1 + i), w1)));
  } else {
    for (; i + 16 <= n; i += 16)
      STORE (d + i, _mm256_mullo_epi16 (LOAD16 (s0 + i), w0));
  }
  for (a = 0; a < 3; a++)
    tail[a] = s[a] + i;
  pc_stage_rows_c (d + i, tail, w, n - i);
}

/* 16 samples of a row of 16-bit words, each min (word >> shift, 1023) */
static inline __m256i
samples10 (const guint8 * s, __m128i count)
{
  return _mm256_min_epu16 (_mm256_srl_epi16 (LOAD (s), count),
      _mm256_set1_epi16 (1023));
}

/* Words 0, 4, ... 28 of @p, one a 32-bit lane (the high half 0), in the
 * order a pack leaves them: words 0, 4, 16, 20 | 8, 12, 24, 28 */
static inline __m256i
stride4_packed (const guint8 * p)
{
  const __m256i low = _mm256_set1_epi64x (0xffff);

  return _mm256_packus_epi32 (_mm256_and_si256 (LOAD (p), low),
      _mm256_and_si256 (LOAD (p + 32), low));
}

/* Words 0, @stride, ... 15 @stride of @p (stride 1, 2 or 4) as 16-bit
 * lanes; reads 16 stride words. */
static inline __m256i
words16 (const guint8 * p, int stride)
{
  const __m256i low = _mm256_set1_epi32 (0xffff);

  if (stride == 1)
    return LOAD (p);
  if (stride == 4)
    /* two packs leave 32-bit pairs of words in the order 0 2 4 6 1 3 5 7 */
    return _mm256_permutevar8x32_epi32 (_mm256_packus_epi32 (stride4_packed
            (p), stride4_packed (p + 64)), _mm256_setr_epi32 (0, 4, 1, 5, 2,
            6, 3, 7));
  return _mm256_permute4x64_epi64 (_mm256_packus_epi32 (_mm256_and_si256
          (LOAD (p), low), _mm256_and_si256 (LOAD (p + 32), low)), 0xd8);
}

/* 16 samples 4 words apart (AYUV64's, ARGB64's components), each
 * min (word >> shift, 1023) */
static inline __m256i
stride4_samples10 (const guint8 * s, __m128i count)
{
  return _mm256_min_epu16 (_mm256_srl_epi16 (words16 (s, 4), count),
      _mm256_set1_epi16 (1023));
}

void
pc_stage_rows16_avx2 (gint16 * d, const guint8 * const s[3], const int w[3],
    int shift, int n)
{
  const __m256i w0 = _mm256_set1_epi16 (w[0]);
  const __m256i w1 = _mm256_set1_epi16 (w[1]);
  const __m256i w2 = _mm256_set1_epi16 (w[2]);
  const __m128i count = shift_count (shift);
  const guint8 *tail[3];
  int i, a;

  for (i = 0; i + 16 <= n; i += 16) {
    __m256i sum;

    prefetch_row_ahead (s[0], 2 * (gsize) i, 32);
    prefetch_row_ahead (s[1], 2 * (gsize) i, 32);
    prefetch_row_ahead (s[2], 2 * (gsize) i, 32);
    sum = _mm256_add_epi16 (_mm256_mullo_epi16 (samples10 (s[0] +
                2 * i, count), w0), _mm256_add_epi16 (_mm256_mullo_epi16
            (samples10 (s[1] + 2 * i, count), w1),
            _mm256_mullo_epi16 (samples10 (s[2] + 2 * i, count), w2)));

    STORE (d + i, sum);
  }
  for (a = 0; a < 3; a++)
    tail[a] = s[a] + 2 * i;
  pc_stage_rows16_c (d + i, tail, w, shift, n - i);
}

/* Every other 16-bit word of 32 bytes at @s, twice: 16 samples, each
 * min (word >> shift, 1023), of words 0, 2, ... 30 (P010's U or V) */
static inline __m256i
even_samples10 (const guint8 * s, __m128i count)
{
  const __m256i low = _mm256_set1_epi32 (0xffff);

  return _mm256_permute4x64_epi64 (_mm256_packus_epi32 (_mm256_and_si256
          (samples10 (s, count), low), _mm256_and_si256 (samples10 (s + 32,
                  count), low)), 0xd8);
}

/* 16 outputs a step while the reads stay inside the twin's (the last
 * sample is one word before the second vector's end) */
void
pc_stage_rows16_strided_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int shift, int stride, int n)
{
  const __m256i w0 = _mm256_set1_epi16 (w[0]);
  const __m256i w1 = _mm256_set1_epi16 (w[1]);
  const __m256i w2 = _mm256_set1_epi16 (w[2]);
  const __m128i count = shift_count (shift);
  const guint8 *s0 = s[0], *s1 = s[1], *s2 = s[2];
  const guint8 *tail[3];
  int i = 0, a;

  if (stride == 2)
    for (; i + 17 <= n; i += 16) {
      prefetch_ahead (s0 + 4 * (gsize) i, 64);
      prefetch_ahead (s1 + 4 * (gsize) i, 64);
      prefetch_ahead (s2 + 4 * (gsize) i, 64);
      STORE (d + i, _mm256_add_epi16 (_mm256_mullo_epi16 (even_samples10 (s0
                      + 4 * i, count), w0), _mm256_add_epi16
              (_mm256_mullo_epi16 (even_samples10 (s1 + 4 * i, count), w1),
                  _mm256_mullo_epi16 (even_samples10 (s2 + 4 * i, count),
                      w2))));
    }
  if (stride == 4)
    for (; i + 17 <= n; i += 16) {
      prefetch_ahead (s0 + 8 * (gsize) i, 128);
      prefetch_ahead (s1 + 8 * (gsize) i, 128);
      prefetch_ahead (s2 + 8 * (gsize) i, 128);
      STORE (d + i, _mm256_add_epi16 (_mm256_mullo_epi16 (stride4_samples10
                  (s0 + 8 * i, count), w0), _mm256_add_epi16
              (_mm256_mullo_epi16 (stride4_samples10 (s1 + 8 * i, count), w1),
                  _mm256_mullo_epi16 (stride4_samples10 (s2 + 8 * i, count),
                      w2))));
    }
  for (a = 0; a < 3; a++)
    tail[a] = s[a] + 2 * (gsize) i *stride;
  pc_stage_rows16_strided_c (d + i, tail, w, shift, stride, n - i);
}

/* s[2i] + s[2i + 1] of 16 outputs: hadd works per 128-bit half */
static inline __m256i
pair_sums (const gint16 * s)
{
  return _mm256_permute4x64_epi64 (_mm256_hadd_epi16 (LOAD (s),
          LOAD (s + 16)), 0xd8);
}

void
pc_stage_taps_box_avx2 (gint16 * d, const gint16 * s, int n)
{
  int i;

  for (i = 0; i + 16 <= n; i += 16)
    STORE (d + i, pair_sums (s + 2 * i));
  pc_stage_taps_box_c (d + i, s + 2 * i, n - i);
}

/* [1 2 1] = the pair (2i, 2i + 1) plus the pair (2i - 1, 2i) */
void
pc_stage_taps_cosited_avx2 (gint16 * d, const gint16 * s, int n)
{
  int i;

  for (i = 0; i + 16 <= n; i += 16)
    STORE (d + i, _mm256_add_epi16 (pair_sums (s + 2 * i),
            pair_sums (s + 2 * i - 1)));
  pc_stage_taps_cosited_c (d + i, s + 2 * i, n - i);
}

void
pc_stage_taps_pair_avx2 (gint16 * d, const gint16 * s, int w_left,
    int w_here, int n)
{
  const __m256i left = _mm256_set1_epi16 (w_left);
  const __m256i here = _mm256_set1_epi16 (w_here);
  int i;

  for (i = 0; i + 16 <= n; i += 16)
    STORE (d + i, _mm256_add_epi16 (_mm256_mullo_epi16 (LOAD (s + i - 1),
                left), _mm256_mullo_epi16 (LOAD (s + i), here)));
  pc_stage_taps_pair_c (d + i, s + i, w_left, w_here, n - i);
}

/* Samples j .. j + 15 of every @stride-th (1 to 4) sample of @s; reads
 * s[j stride .. (j + 16) stride - 1]. */
static inline __m256i
strided (const gint16 * s, int stride, int j)
{
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  const gint16 *p = s + j * stride;

  if (stride == 1)
    return LOAD (p);
  if (stride == 2 || stride == 3) {
    const __m256i low = _mm256_set1_epi32 (0xffff);
    __m256i a, b;

    if (stride == 2) {
      a = LOAD (p);
      b = LOAD (p + 16);
    } else {
      /* 3-byte RGB: a dword gathered at each sample, its low half kept */
      const __m256i at = _mm256_setr_epi32 (0, 3, 6, 9, 12, 15, 18, 21);

      a = _mm256_i32gather_epi32 ((const int *) p, at, 2);
      b = _mm256_i32gather_epi32 ((const int *) (p + 24), at, 2);
    }
    return _mm256_permute4x64_epi64 (_mm256_packus_epi32 (_mm256_and_si256
            (a, low), _mm256_and_si256 (b, low)), 0xd8);
  } else {
    const __m256i low = _mm256_set1_epi64x (0xffff);
    __m256i ab = _mm256_packus_epi32 (_mm256_and_si256 (LOAD (p), low),
        _mm256_and_si256 (LOAD (p + 16), low));
    __m256i cd = _mm256_packus_epi32 (_mm256_and_si256 (LOAD (p + 32), low),
        _mm256_and_si256 (LOAD (p + 48), low));

    return _mm256_permutevar8x32_epi32 (_mm256_packus_epi32 (ab, cd), order);
  }
}

void
pc_stage_pick_avx2 (gint16 * d, const gint16 * s, int stride, int sub,
    int shift, int n)
{
  const __m128i count = shift_count (shift);
  /* the last sample read, and the vectors that stay at or before it */
  int last = n > 0 ? ((n - 1) >> sub) * stride : 0;
  int i = 0, j = 0;

  /* the vectors repeat each sample once or twice; 4:1:1's four times
   * (sub 2) is the twin's */
  if (stride >= 1 && stride <= 4 && sub <= 1) {
    for (; n - i >= 32 && (j + 16) * stride - 1 <= last; i += 16 << sub,
        j += 16) {
      __m256i v = _mm256_sll_epi16 (strided (s, stride, j), count);

      if (sub) {
        __m256i lo = _mm256_unpacklo_epi16 (v, v);
        __m256i hi = _mm256_unpackhi_epi16 (v, v);

        STORE (d + i, _mm256_permute2x128_si256 (lo, hi, 0x20));
        STORE (d + i + 16, _mm256_permute2x128_si256 (lo, hi, 0x31));
      } else {
        STORE (d + i, v);
      }
    }
  }
  pc_stage_pick_c (d + i, s + j * stride, stride, sub, shift, n - i);
}

/* m0 a + m1 b + m2 c + bias, >> shift, of 16 samples, as 16-bit lanes
 * (saturated: beyond 16 bits a lane is far outside 0..255 either way) */
static inline __m256i
matrix_of (__m256i a, __m256i b, __m256i c, __m256i m01, __m256i m2,
    __m256i bias, __m128i count)
{
  __m256i zero = _mm256_setzero_si256 ();
  __m256i lo = _mm256_add_epi32 (_mm256_madd_epi16 (_mm256_unpacklo_epi16 (a,
              b), m01), _mm256_madd_epi16 (_mm256_unpacklo_epi16 (c, zero),
          m2));
  __m256i hi = _mm256_add_epi32 (_mm256_madd_epi16 (_mm256_unpackhi_epi16 (a,
              b), m01), _mm256_madd_epi16 (_mm256_unpackhi_epi16 (c, zero),
          m2));

  lo = _mm256_sra_epi32 (_mm256_add_epi32 (lo, bias), count);
  hi = _mm256_sra_epi32 (_mm256_add_epi32 (hi, bias), count);
  return _mm256_packs_epi32 (lo, hi);
}

static inline __m256i
matrix16 (const gint16 * s0, const gint16 * s1, const gint16 * s2,
    __m256i m01, __m256i m2, __m256i bias, __m128i count)
{
  return matrix_of (LOAD (s0), LOAD (s1), LOAD (s2), m01, m2, bias, count);
}

/* m0 and m1 in the halves of each 32-bit lane, m2 alone, for matrix_of */
static inline __m256i
pair_of (int m0, int m1)
{
  return _mm256_set1_epi32 ((gint32) (((guint32) m0 & 0xffff) |
          ((guint32) m1 << 16)));
}

static inline void
stage_matrix (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift, int n,
    gboolean stream)
{
  const __m256i m01 = pair_of (m0, m1);
  const __m256i m2z = pair_of (m2, 0);
  const __m256i b = _mm256_set1_epi32 (bias);
  const __m128i count = shift_count (shift);
  int i;

  for (i = 0; i + 32 <= n; i += 32)
    store32 (d + i, words_to_bytes (matrix16 (s0 + i, s1 + i, s2 + i, m01,
                m2z, b, count), matrix16 (s0 + i + 16, s1 + i + 16,
                s2 + i + 16, m01, m2z, b, count)), stream);
  pc_stage_matrix_c (d + i, s0 + i, s1 + i, s2 + i, m0, m1, m2, bias, shift,
      n - i);
}

NORMAL_AND_STREAMING (stage_matrix, (guint8 * d, const gint16 * s0,
        const gint16 * s1, const gint16 * s2, int m0, int m1, int m2,
        int bias, int shift, int n), stage_matrix (d, s0, s1, s2, m0, m1, m2,
        bias, shift, n, stream));

/* Both matrix rows from one load of the rows, stored as NV12's pairs */
static inline void
stage_matrix_pairs (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int mu0, int mu1, int mu2, int bu, int mv0, int mv1,
    int mv2, int bv, int shift, int n, gboolean stream)
{
  const __m256i u01 = pair_of (mu0, mu1), u2z = pair_of (mu2, 0);
  const __m256i v01 = pair_of (mv0, mv1), v2z = pair_of (mv2, 0);
  const __m256i ub = _mm256_set1_epi32 (bu), vb = _mm256_set1_epi32 (bv);
  const __m128i count = shift_count (shift);
  int i;

  for (i = 0; i + 32 <= n; i += 32) {
    __m256i a0 = LOAD (s0 + i), a1 = LOAD (s1 + i), a2 = LOAD (s2 + i);
    __m256i b0 = LOAD (s0 + i + 16), b1 = LOAD (s1 + i + 16);
    __m256i b2 = LOAD (s2 + i + 16);

    store_pairs64 (d + 2 * i, words_to_bytes (matrix_of (a0, a1, a2, u01, u2z,
                ub, count), matrix_of (b0, b1, b2, u01, u2z, ub, count)),
        words_to_bytes (matrix_of (a0, a1, a2, v01, v2z, vb, count),
            matrix_of (b0, b1, b2, v01, v2z, vb, count)), stream);
  }
  pc_stage_matrix_pairs_c (d + 2 * i, s0 + i, s1 + i, s2 + i, mu0, mu1, mu2,
      bu, mv0, mv1, mv2, bv, shift, n - i);
}

NORMAL_AND_STREAMING (stage_matrix_pairs, (guint8 * d, const gint16 * s0,
        const gint16 * s1, const gint16 * s2, int mu0, int mu1, int mu2,
        int bu, int mv0, int mv1, int mv2, int bv, int shift, int n),
    stage_matrix_pairs (d, s0, s1, s2, mu0, mu1, mu2, bu, mv0, mv1, mv2, bv,
        shift, n, stream));

/* saturating the rounding add changes only sums that clamp to 255 */
static inline void
stage_round (guint8 * d, const gint16 * s, int shift, int n, gboolean stream)
{
  const __m256i half = _mm256_set1_epi16 (1 << (shift - 1));
  const __m128i count = shift_count (shift);
  int i;

  for (i = 0; i + 32 <= n; i += 32)
    store32 (d + i, words_to_bytes (_mm256_sra_epi16 (_mm256_adds_epi16 (LOAD
                    (s + i), half), count),
            _mm256_sra_epi16 (_mm256_adds_epi16 (LOAD (s + i + 16), half),
                count)), stream);
  pc_stage_round_c (d + i, s + i, shift, n - i);
}

NORMAL_AND_STREAMING (stage_round, (guint8 * d, const gint16 * s, int shift,
        int n), stage_round (d, s, shift, n, stream));

/* Each sample and its left neighbour as byte pairs, times the pair of
 * weights (pmaddubsw: w_left s[i - 1] + w_here s[i] in a 16-bit lane) for
 * outputs 0-7 and 16-23 (@low) and 8-15 and 24-31 (@high): the order in
 * which a pack of the two gives 32 bytes back in order. */
static inline void
weighed_pairs (const guint8 * s, __m256i weights, __m256i * low, __m256i * high)
{
  __m256i left = LOAD (s - 1), here = LOAD (s);

  *low = _mm256_maddubs_epi16 (_mm256_unpacklo_epi8 (left, here), weights);
  *high = _mm256_maddubs_epi16 (_mm256_unpackhi_epi8 (left, here), weights);
}

/* Outputs 0-7 and 16-23 (@low) and 8-15 and 24-31 (@high) of @rows rows
 * re-sited, the half added: the row weight goes into each pair's byte
 * weights (w left, w here, at most 64 each), so one multiply-add a row
 * makes its terms; the sums stay below 2^14, so the shift may be
 * logical. */
static inline void
resited_rows (const guint8 * const s[3], const __m256i weights[3], int i,
    int rows, __m256i half, __m256i * low, __m256i * high)
{
  __m256i l, h;
  int r;

  weighed_pairs (s[0] + i, weights[0], low, high);
  *low = _mm256_add_epi16 (*low, half);
  *high = _mm256_add_epi16 (*high, half);
  for (r = 1; r < rows; r++) {
    weighed_pairs (s[r] + i, weights[r], &l, &h);
    *low = _mm256_add_epi16 (*low, l);
    *high = _mm256_add_epi16 (*high, h);
  }
}

static inline void
resite_rows (guint8 * d, const guint8 * const s[3], const __m256i weights[3],
    int rows, __m256i half, __m128i count, int n, gboolean stream)
{
  int i;

  /* a row's last 32 outputs in one more step, over outputs already
   * written (the same bytes): a chroma row is seldom a multiple of 32, and
   * the twin would take a tail of up to 31 at 30 times the time */
  for (i = 0;; i = MIN (i + 32, n - 32)) {
    __m256i low, high;

    /* 4:2:2 chroma: two of the three rows are new to each output row */
    if (rows == 3) {
      prefetch_row_ahead (s[1], i, 32);
      prefetch_row_ahead (s[2], i, 32);
    }
    resited_rows (s, weights, i, rows, half, &low, &high);
    store32 (d + i, _mm256_packus_epi16 (_mm256_srl_epi16 (low, count),
            _mm256_srl_epi16 (high, count)), stream);
    if (i == n - 32)
      break;
  }
}

/* Each row's weight times the column pair's, as the byte pairs of
 * pmaddubsw: the left sample's in the low byte */
static inline void
pair_row_weights (__m256i weights[3], const int w[3], int left, int here)
{
  int r;

  for (r = 0; r < 3; r++)
    weights[r] = _mm256_set1_epi16 ((w[r] * here) << 8 | w[r] * left);
}

/* Rows of weight 0 at the end are not read: 4:2:0 chroma takes two rows
 * at most, 4:2:2 chroma three. */
static inline void
stage_resite_bytes (guint8 * d, const guint8 * const s[3], const int w[3],
    int left, int here, int shift, int n, gboolean stream)
{
  __m256i weights[3];
  const __m256i half = _mm256_set1_epi16 (1 << (shift - 1));
  const __m128i count = shift_count (shift);

  if (n < 32) {
    pc_stage_resite_bytes_c (d, s, w, left, here, shift, n);
    return;
  }
  pair_row_weights (weights, w, left, here);
  if (w[2] != 0)
    resite_rows (d, s, weights, 3, half, count, n, stream);
  else if (w[1] != 0)
    resite_rows (d, s, weights, 2, half, count, n, stream);
  else
    resite_rows (d, s, weights, 1, half, count, n, stream);
}

NORMAL_AND_STREAMING (stage_resite_bytes, (guint8 * d,
        const guint8 * const s[3], const int w[3], int left, int here,
        int shift, int n), stage_resite_bytes (d, s, w, left, here, shift, n,
        stream));

/* The chroma of the 8 macropixels at @p as 16 byte pairs, one a word:
 * each chroma byte of the macropixel before in the low byte, the same
 * one of its own in the high byte, the order of the weights of
 * resited_rows; @odd: chroma in the odd bytes (YUY2, YVYU). */
static inline __m256i
packed_chroma_pairs (const guint8 * p, gboolean odd)
{
  __m256i before = LOAD (p - 4), here = LOAD (p);

  if (odd)
    return _mm256_or_si256 (_mm256_srli_epi16 (before, 8),
        _mm256_and_si256 (here, _mm256_set1_epi16 ((gint16) 0xff00)));
  return _mm256_or_si256 (_mm256_and_si256 (before, _mm256_set1_epi16 (0xff)),
      _mm256_slli_epi16 (here, 8));
}

/* Outputs of the 8 macropixels at byte @at of @rows rows, both
 * components alternating by word (the one at the lower byte first),
 * rounded: the sums fit as in resited_rows. */
static inline __m256i
resited_packed_rows (const guint8 * const s[3], const __m256i weights[3],
    gsize at, int rows, gboolean odd, __m256i half, __m128i count)
{
  __m256i x = _mm256_add_epi16 (_mm256_maddubs_epi16 (packed_chroma_pairs
          (s[0] + at, odd), weights[0]), half);
  int r;

  for (r = 1; r < rows; r++)
    x = _mm256_add_epi16 (x, _mm256_maddubs_epi16 (packed_chroma_pairs (s[r]
                + at, odd), weights[r]));
  return _mm256_srl_epi16 (x, count);
}

static inline void
resite_packed_rows (guint8 * first, guint8 * second,
    const guint8 * const s[3], const __m256i weights[3], int rows,
    gboolean odd, __m256i half, __m128i count, int n)
{
  /* per 128-bit half of the pack: the lower bytes' component of its 8
   * macropixels, then the other's; the dword permute puts the halves'
   * runs in order, the first component in the low 128 bits */
  const __m256i split = _mm256_setr_epi8 (0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5,
      7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  int i;

  /* the last 16 outputs in one more step over outputs already written,
   * as resite_rows does */
  for (i = 0;; i = MIN (i + 16, n - 16)) {
    __m256i both = _mm256_packus_epi16 (resited_packed_rows (s, weights,
            4 * (gsize) i, rows, odd, half, count),
        resited_packed_rows (s, weights, 4 * (gsize) i + 32, rows, odd,
            half, count));

    both = _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 (both, split),
        order);
    _mm_storeu_si128 ((__m128i *) (first + i), _mm256_castsi256_si128 (both));
    _mm_storeu_si128 ((__m128i *) (second + i),
        _mm256_extracti128_si256 (both, 1));
    if (i == n - 16)
      break;
  }
}

/* Rows of weight 0 at the end are not read, as for stage_resite_bytes */
void
pc_stage_resite_packed_uv_avx2 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int left, int here, int shift, int n)
{
  __m256i weights[3];
  const __m256i half = _mm256_set1_epi16 (1 << (shift - 1));
  const __m128i count = shift_count (shift);
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;
  gboolean odd = u_byte & 1;
  guint8 *first = u_byte < v_byte ? du : dv;
  guint8 *second = u_byte < v_byte ? dv : du;

  if (n < 16) {
    pc_stage_resite_packed_uv_c (du, dv, s, w, u_byte, v_byte, left, here,
        shift, n);
    return;
  }
  pair_row_weights (weights, w, left, here);
  if (rows == 3 && odd)
    resite_packed_rows (first, second, s, weights, 3, TRUE, half, count, n);
  else if (rows == 3)
    resite_packed_rows (first, second, s, weights, 3, FALSE, half, count, n);
  else if (odd)
    resite_packed_rows (first, second, s, weights, rows, TRUE, half, count, n);
  else
    resite_packed_rows (first, second, s, weights, rows, FALSE, half, count, n);
}

/* Outputs 0-15 of a folded row: each byte pair (2i, 2i + 1) of @s summed
 * and weighed by one pmaddubsw (byte weights @w), and with @cosited the
 * pair (2i - 1, 2i) too, which makes [1 2 1] of the two. */
static inline __m256i
folded_pairs (const guint8 * s, __m256i w, gboolean cosited)
{
  __m256i x = _mm256_maddubs_epi16 (LOAD (s), w);

  if (cosited)
    x = _mm256_add_epi16 (x, _mm256_maddubs_epi16 (LOAD (s - 1), w));
  return x;
}

/* Outputs 0-15 of @rows rows folded, rounded in 16-bit lanes: every
 * term is at most 64 x 255, so the sums fit and the shift may be
 * logical. */
static inline __m256i
folded_rows (const guint8 * const s[3], const __m256i w[3], int offset,
    int rows, gboolean cosited, __m256i half, __m128i count)
{
  __m256i x = _mm256_add_epi16 (folded_pairs (s[0] + offset, w[0], cosited),
      half);
  int r;

  for (r = 1; r < rows; r++)
    x = _mm256_add_epi16 (x, folded_pairs (s[r] + offset, w[r], cosited));
  return _mm256_srl_epi16 (x, count);
}

static inline void
fold_rows (guint8 * d, const guint8 * const s[3], const __m256i w[3],
    int rows, gboolean cosited, __m256i half, __m128i count, int n,
    gboolean stream)
{
  int i;

  /* the last 32 outputs in one more step over outputs already written,
   * as stage_resite_bytes does */
  for (i = 0;; i = MIN (i + 32, n - 32)) {
    /* three rows: two of them new to each output row */
    if (rows == 3) {
      prefetch_ahead (s[1] + 2 * (gsize) i, 64);
      prefetch_ahead (s[2] + 2 * (gsize) i, 64);
    }
    store32 (d + i, words_to_bytes (folded_rows (s, w, 2 * i, rows, cosited,
                half, count), folded_rows (s, w, 2 * i + 32, rows, cosited,
                half, count)), stream);
    if (i == n - 32)
      break;
  }
}

/* Rows of weight 0 at the end are not read: a row pair (centred output of
 * progressive input) takes two loads an output pair instead of three. */
static inline void
stage_fold_bytes (guint8 * d, const guint8 * const s[3], const int w[3],
    int cosited, int shift, int n, gboolean stream)
{
  const __m256i weights[3] = { _mm256_set1_epi8 (w[0]),
    _mm256_set1_epi8 (w[1]), _mm256_set1_epi8 (w[2])
  };
  const __m256i half = _mm256_set1_epi16 (1 << (shift - 1));
  const __m128i count = shift_count (shift);
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;

  if (n < 32) {
    pc_stage_fold_bytes_c (d, s, w, cosited, shift, n);
    return;
  }
  if (rows == 3 && cosited)
    fold_rows (d, s, weights, 3, TRUE, half, count, n, stream);
  else if (rows == 3)
    fold_rows (d, s, weights, 3, FALSE, half, count, n, stream);
  else if (cosited)
    fold_rows (d, s, weights, rows, TRUE, half, count, n, stream);
  else
    fold_rows (d, s, weights, rows, FALSE, half, count, n, stream);
}

NORMAL_AND_STREAMING (stage_fold_bytes, (guint8 * d,
        const guint8 * const s[3], const int w[3], int cosited, int shift,
        int n), stage_fold_bytes (d, s, w, cosited, shift, n, stream));

/* 16 10-bit codes from 16-bit lanes: clamped to 0..1023, shifted left by
 * @out_shift */
static inline __m256i
codes_10 (__m256i x, __m128i out_shift)
{
  x = _mm256_min_epi16 (_mm256_max_epi16 (x, _mm256_setzero_si256 ()),
      _mm256_set1_epi16 (1023));
  return _mm256_sll_epi16 (x, out_shift);
}

/* matrix_of's 16-bit saturation moves no lane across 0..1023 */
static inline void
stage_matrix_10 (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift,
    int out_shift, int n, gboolean stream)
{
  const __m256i m01 = pair_of (m0, m1);
  const __m256i m2z = pair_of (m2, 0);
  const __m256i b = _mm256_set1_epi32 (bias);
  const __m128i count = shift_count (shift);
  const __m128i out_count = shift_count (out_shift);
  int i;

  for (i = 0; i + 16 <= n; i += 16)
    store32 (d + 2 * i, codes_10 (matrix16 (s0 + i, s1 + i, s2 + i, m01, m2z,
                b, count), out_count), stream);
  pc_stage_matrix_10_c (d + 2 * i, s0 + i, s1 + i, s2 + i, m0, m1, m2, bias,
      shift, out_shift, n - i);
}

NORMAL_AND_STREAMING (stage_matrix_10, (guint8 * d, const gint16 * s0,
        const gint16 * s1, const gint16 * s2, int m0, int m1, int m2,
        int bias, int shift, int out_shift, int n), stage_matrix_10 (d, s0,
        s1, s2, m0, m1, m2, bias, shift, out_shift, n, stream));

/* Strides 1 and 4 (a plane's luma, AYUV64's); at 4 while the reads stay
 * inside the twin's, as in rows16_strided; the rest by the twin */
static inline void
stage_keep_10 (guint8 * d, const guint8 * s, int stride, int read_shift,
    int out_shift, int n, gboolean stream)
{
  const __m128i read = shift_count (read_shift);
  const __m128i out_count = shift_count (out_shift);
  int i = 0;

  if (stride == 1)
    for (; i + 16 <= n; i += 16)
      store32 (d + 2 * i, _mm256_sll_epi16 (samples10 (s + 2 * i, read),
              out_count), stream);
  if (stride == 4)
    for (; i + 17 <= n; i += 16) {
      prefetch_ahead (s + 8 * (gsize) i, 128);
      store32 (d + 2 * i, _mm256_sll_epi16 (stride4_samples10 (s + 8 * i,
                  read), out_count), stream);
    }
  pc_stage_keep_10_c (d + 2 * i, s + 2 * (gsize) i * stride, stride,
      read_shift, out_shift, n - i);
}

NORMAL_AND_STREAMING (stage_keep_10, (guint8 * d, const guint8 * s,
        int stride, int read_shift, int out_shift, int n), stage_keep_10 (d,
        s, stride, read_shift, out_shift, n, stream));

/* (s + 2^(shift-1)) >> shift as (s >> shift) plus bit shift - 1 of s:
 * no sum to overflow 16 bits */
static inline void
stage_round_10 (guint8 * d, const gint16 * s, int shift, int out_shift,
    int n, gboolean stream)
{
  const __m128i count = shift_count (shift);
  const __m128i below = shift_count (shift > 0 ? shift - 1 : 0);
  const __m256i bit = _mm256_set1_epi16 (shift > 0 ? 1 : 0);
  const __m128i out_count = shift_count (out_shift);
  int i;

  for (i = 0; i + 16 <= n; i += 16) {
    __m256i x = LOAD (s + i);
    __m256i r = _mm256_add_epi16 (_mm256_sra_epi16 (x, count),
        _mm256_and_si256 (_mm256_sra_epi16 (x, below), bit));

    store32 (d + 2 * i, codes_10 (r, out_count), stream);
  }
  pc_stage_round_10_c (d + 2 * i, s + i, shift, out_shift, n - i);
}

NORMAL_AND_STREAMING (stage_round_10, (guint8 * d, const gint16 * s,
        int shift, int out_shift, int n), stage_round_10 (d, s, shift,
        out_shift, n, stream));

/* Bytes 0, @stride, ... 15 @stride of @p (stride 1 to 4) as 16-bit
 * lanes; reads p[0 .. 16 stride - 1]. */
static inline __m256i
bytes16 (const guint8 * p, int stride)
{
  if (stride == 1)
    return LOAD16 (p);
  if (stride == 2)
    return _mm256_and_si256 (LOAD (p), _mm256_set1_epi16 (0xff));
  if (stride == 3) {
    /* 3-byte pixels: samples 0-5, 6-10 and 11-15 lie in the three 16-byte
     * blocks */
    const __m128i first = _mm_setr_epi8 (0, 3, 6, 9, 12, 15, -1, -1, -1, -1,
        -1, -1, -1, -1, -1, -1);
    const __m128i second = _mm_setr_epi8 (-1, -1, -1, -1, -1, -1, 2, 5, 8,
        11, 14, -1, -1, -1, -1, -1);
    const __m128i third = _mm_setr_epi8 (-1, -1, -1, -1, -1, -1, -1, -1, -1,
        -1, -1, 1, 4, 7, 10, 13);

    return _mm256_cvtepu8_epi16 (_mm_or_si128 (_mm_or_si128
            (_mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) p), first),
                _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p +
                            16)), second)),
            _mm_shuffle_epi8 (_mm_loadu_si128 ((const __m128i *) (p + 32)),
                third)));
  }
  return _mm256_permute4x64_epi64 (_mm256_packus_epi32 (_mm256_and_si256
          (LOAD (p), _mm256_set1_epi32 (0xff)), _mm256_and_si256 (LOAD (p +
                  32), _mm256_set1_epi32 (0xff))), 0xd8);
}

/* 16 outputs a step while the reads stay inside the twin's (16 samples
 * @stride apart end stride - 1 bytes before a vector's end: one sample of
 * margin), strides 1 to 4; the rest by the twin */
static inline void
stage_widen_10 (guint8 * d, const guint8 * s, int stride, int out_shift,
    int n, gboolean stream)
{
  const __m128i count = shift_count (2 + out_shift);
  int margin = stride > 1, i = 0;

#define WIDEN_LOOP(st) \
  for (; i + 16 + margin <= n; i += 16) \
    store32 (d + 2 * i, _mm256_sll_epi16 (bytes16 (s + i * st, st), count), \
        stream)
  if (stride == 1)
    WIDEN_LOOP (1);
  else if (stride == 2)
    WIDEN_LOOP (2);
  else if (stride == 3)
    WIDEN_LOOP (3);
  else if (stride == 4)
    WIDEN_LOOP (4);
#undef WIDEN_LOOP
  pc_stage_widen_10_c (d + 2 * i, s + i * stride, stride, out_shift, n - i);
}

NORMAL_AND_STREAMING (stage_widen_10, (guint8 * d, const guint8 * s,
        int stride, int out_shift, int n), stage_widen_10 (d, s, stride,
        out_shift, n, stream));

/* How the chroma of a row lies in memory: each sample @stride apart
 * (the general case); u and v side by side, as in NV12's or P010's
 * interleaved plane, so that a pair is one load; or a packed 4:2:2 row
 * (YUY2, UYVY, YVYU), where one load of 16 pixels gives luma and chroma
 * pairs by a shuffle each. */
typedef enum
{
  CHROMA_STRIDED,
  CHROMA_PAIRED,
  CHROMA_SHUFFLED,
} ChromaPack;

/* Chroma samples 0 .. 7 of @s1 and @s2, @stride apart (bytes, or with
 * @words 16-bit words read as rows16 reads them), as 8 pairs of 16-bit
 * lanes, u low in each 32-bit lane: the operand of one multiply-add. */
static inline G_ALWAYS_INLINE __m256i
chroma_pairs (const guint8 * s1, const guint8 * s2, int stride,
    gboolean words, ChromaPack pack, __m128i read)
{
  __m256i uv;

  if (pack == CHROMA_PAIRED && !words)
    return LOAD16 (s1);
  if (words) {
    if (pack == CHROMA_PAIRED)
      uv = LOAD (s1);
    else if (stride == 1) {
      __m128i u = _mm_loadu_si128 ((const __m128i *) s1);
      __m128i v = _mm_loadu_si128 ((const __m128i *) s2);

      uv = _mm256_set_m128i (_mm_unpackhi_epi16 (u, v),
          _mm_unpacklo_epi16 (u, v));
    } else if (stride == 4)
      /* samples 0 1 4 5 | 2 3 6 7 after the pack */
      uv = _mm256_permutevar8x32_epi32 (_mm256_or_si256 (stride4_packed (s1),
              _mm256_slli_epi32 (stride4_packed (s2), 16)),
          _mm256_setr_epi32 (0, 1, 4, 5, 2, 3, 6, 7));
    else
      uv = _mm256_or_si256 (_mm256_and_si256 (LOAD (s1),
              _mm256_set1_epi32 (0xffff)), _mm256_slli_epi32 (LOAD (s2), 16));
    return _mm256_min_epu16 (_mm256_srl_epi16 (uv, read),
        _mm256_set1_epi16 (1023));
  }
  if (stride == 1)
    return _mm256_cvtepu8_epi16 (_mm_unpacklo_epi8 (_mm_loadl_epi64 ((const
                    __m128i *) s1), _mm_loadl_epi64 ((const __m128i *) s2)));
  if (stride == 2)
    return _mm256_cvtepu8_epi16 (_mm_or_si128 (_mm_and_si128 (_mm_loadu_si128
                ((const __m128i *) s1), _mm_set1_epi16 (0xff)),
            _mm_slli_epi16 (_mm_loadu_si128 ((const __m128i *) s2), 8)));
  return _mm256_or_si256 (_mm256_and_si256 (LOAD (s1),
          _mm256_set1_epi32 (0xff)), _mm256_srli_epi32 (_mm256_slli_epi32
          (LOAD (s2), 24), 8));
}

/* What a row through the matrix needs of its parameters: the
 * multiply-add operands and shifts.  Where m0 is 2^unit (unit <= shift:
 * a change of matrix that keeps the range),
 * (m0 y + c) >> shift = (y + (c >> unit)) >> (shift - unit) exactly, y
 * being an integer, and 16-bit lanes suffice. */
typedef struct
{
  __m256i m0;
  __m256i m12;
  __m256i bias;
  __m128i count;
  __m128i unit_count;
  __m128i rest_count;
  __m128i read;
  /* m1 = m2 = 0: the chroma term is the bias, and no chroma is read (the
   * luma of a format whose values are kept, as AYUV64's) */
  gboolean no_chroma;
  /* CHROMA_SHUFFLED: where a 128-bit half of 8 pixels has its luma
   * samples and its 4 chroma pairs */
  __m256i luma_bytes;
  __m256i pair_bytes;
} RowMatrix;

/* What m0 is: 0 (the row is a chroma row, luma is not read), 2^unit, or
 * any other */
typedef enum
{
  LUMA_NONE,
  LUMA_UNIT,
  LUMA_SCALED,
} MatrixLuma;

/* The chroma terms m1 u + m2 v + bias of the 8 chroma samples at byte @k
 * of @s1 and @s2, one a 32-bit lane */
static inline G_ALWAYS_INLINE __m256i
chroma_terms (const guint8 * s1, const guint8 * s2, int k, int stride,
    gboolean words, ChromaPack pack, const RowMatrix * m)
{
  return _mm256_add_epi32 (_mm256_madd_epi16 (chroma_pairs (s1 + k, s2 + k,
              stride, words, pack, m->read), m->m12), m->bias);
}

/* 16 terms (@lo, then @hi) >> @count as 16-bit lanes in order, saturated */
static inline __m256i
terms_to_words (__m256i lo, __m256i hi, __m128i count)
{
  return _mm256_permute4x64_epi64 (_mm256_packs_epi32 (_mm256_sra_epi32 (lo,
              count), _mm256_sra_epi32 (hi, count)), 0xd8);
}

/* Outputs j .. j + 15 of the row, as 16-bit lanes (saturated: a lane
 * that saturates is far outside 0..255 either way).  The chroma term
 * m1 u + m2 v + bias is made once per chroma sample. */
static inline G_ALWAYS_INLINE __m256i
row_matrix16 (const guint8 * s0, const guint8 * s1, const guint8 * s2,
    int j, int luma_stride, int chroma_stride, int sub, gboolean words,
    ChromaPack pack, MatrixLuma luma, const RowMatrix * m)
{
  gboolean m0_zero = luma == LUMA_NONE, unit = luma == LUMA_UNIT;
  int bytes = words ? 2 : 1;
  int k = (j >> sub) * chroma_stride * bytes;
  __m256i y, c0, c1 = _mm256_setzero_si256 (), lo, hi;

  if (pack == CHROMA_SHUFFLED) {
    /* 16 pixels of a packed 4:2:2 row from @s0, its first byte (sub is
     * 1, and there is luma) */
    __m256i pixels = LOAD (s0 + 2 * j);

    y = _mm256_shuffle_epi8 (pixels, m->luma_bytes);
    c0 = _mm256_add_epi32 (_mm256_madd_epi16 (_mm256_shuffle_epi8 (pixels,
                m->pair_bytes), m->m12), m->bias);
    goto luma_terms;
  }
  if (m->no_chroma)
    c0 = c1 = m->bias;
  else {
    c0 = chroma_terms (s1, s2, k, chroma_stride, words, pack, m);
    if (sub == 0)
      c1 = chroma_terms (s1, s2, k + 8 * chroma_stride * bytes,
          chroma_stride, words, pack, m);
  }

  if (m0_zero)
    /* a chroma row: no luma to read (sub is 0) */
    return terms_to_words (c0, c1, m->count);
  if (words)
    y = _mm256_min_epu16 (_mm256_srl_epi16 (words16 (s0 + 2 * j *
                luma_stride, luma_stride), m->read), _mm256_set1_epi16 (1023));
  else
    y = bytes16 (s0 + j * luma_stride, luma_stride);
luma_terms:
  if (unit) {
    __m256i delta;

    if (sub == 0)
      delta = terms_to_words (c0, c1, m->unit_count);
    else {
      /* each chroma term for the two luma samples of its block */
      c0 = _mm256_sra_epi32 (c0, m->unit_count);
      delta = _mm256_packs_epi32 (c0, c0);
      delta = _mm256_unpacklo_epi16 (delta, delta);
    }
    return _mm256_sra_epi16 (_mm256_adds_epi16 (y, delta), m->rest_count);
  }

  /* 32-bit lanes: luma 0-3 | 8-11 and 4-7 | 12-15, the chroma terms
   * arranged to match */
  lo = _mm256_madd_epi16 (_mm256_unpacklo_epi16 (y, _mm256_setzero_si256 ()),
      m->m0);
  hi = _mm256_madd_epi16 (_mm256_unpackhi_epi16 (y, _mm256_setzero_si256 ()),
      m->m0);
  if (sub == 0) {
    lo = _mm256_add_epi32 (lo, _mm256_permute2x128_si256 (c0, c1, 0x20));
    hi = _mm256_add_epi32 (hi, _mm256_permute2x128_si256 (c0, c1, 0x31));
  } else {
    lo = _mm256_add_epi32 (lo, _mm256_unpacklo_epi32 (c0, c0));
    hi = _mm256_add_epi32 (hi, _mm256_unpackhi_epi32 (c0, c0));
  }
  return _mm256_packs_epi32 (_mm256_sra_epi32 (lo, m->count),
      _mm256_sra_epi32 (hi, m->count));
}

/* row_matrix16 as 16 bytes */
static inline G_ALWAYS_INLINE __m128i
row_matrix16_bytes (const guint8 * s0, const guint8 * s1, const guint8 * s2,
    int j, int luma_stride, int chroma_stride, int sub, gboolean words,
    ChromaPack pack, MatrixLuma luma, const RowMatrix * m)
{
  __m256i w = row_matrix16 (s0, s1, s2, j, luma_stride, chroma_stride, sub,
      words, pack, luma, m);

  return _mm256_castsi256_si128 (words_to_bytes (w, w));
}

/* Asks for the lines PREFETCH_AHEAD past the @step bytes a step reads
 * from byte @at of @row */
static inline G_ALWAYS_INLINE void
ask_row_ahead (const guint8 * row, gsize at, gsize step)
{
  if (step >= 64)
    prefetch_ahead (row + at, step);
  else
    prefetch_row_ahead (row, at, step);
}

/* 32 outputs a step while the reads stay inside what the twin reads (16
 * strided samples end stride - 1 samples before a vector's end: one
 * sample of margin), then 16, then the last 16 before the margin; the
 * layout is constant in each caller, so the loads fold.  A re-matrixed
 * frame's luma rows are the first to read its rows, luma and chroma, so
 * the loop asks for them ahead (chroma only where it lies in rows of
 * its own), and the general walk does not (walk-general.c). */
static inline G_ALWAYS_INLINE int
matrix_loop (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub,
    gboolean words, ChromaPack pack, MatrixLuma luma, const RowMatrix * m,
    int n, gboolean stream)
{
  int margin = luma_stride > 1 || chroma_stride > 1;
  gsize bytes = words ? 2 : 1;
  gsize luma_step = 32 * luma_stride * bytes;
  gsize chroma_step = (32 >> sub) * chroma_stride * bytes;
  gboolean ask_luma = luma != LUMA_NONE;
  gboolean ask_chroma = !m->no_chroma && pack != CHROMA_SHUFFLED &&
      (!ask_luma || (guintptr) s1 - (guintptr) s0 >= 64);
  int i;

  for (i = 0; i + 32 + margin <= n; i += 32) {
    gsize step = i / 32;

    if (ask_luma)
      ask_row_ahead (s0, step * luma_step, luma_step);
    if (ask_chroma)
      ask_row_ahead (s1, step * chroma_step, chroma_step);
    if (ask_chroma && pack != CHROMA_PAIRED)
      ask_row_ahead (s2, step * chroma_step, chroma_step);
    store32 (d + i, words_to_bytes (row_matrix16 (s0, s1, s2, i,
                luma_stride, chroma_stride, sub, words, pack, luma, m),
            row_matrix16 (s0, s1, s2, i + 16, luma_stride, chroma_stride,
                sub, words, pack, luma, m)), stream);
  }
  for (; i + 16 + margin <= n; i += 16)
    store16 (d + i, row_matrix16_bytes (s0, s1, s2, i, luma_stride,
            chroma_stride, sub, words, pack, luma, m), FALSE);
  /* the last 16 before the margin, overlapping what is made, from an even
   * sample so that a chroma sample's two luma samples stay together */
  if (i + margin < n && n >= 16 + margin) {
    int j = (n - 16 - margin) & ~1;

    store16 (d + j, row_matrix16_bytes (s0, s1, s2, j, luma_stride,
            chroma_stride, sub, words, pack, luma, m), FALSE);
    i = j + 16;
  }
  return i;
}

/* Whether the bytes of a packed 4:2:2 row, from its first byte @base,
 * hold luma at @y + 2 i and chroma at @u and @v + 4 i (all from the twin's
 * strides 2 and 4): then a shuffle of each 128-bit half of 8 pixels gives
 * its luma as 16-bit lanes, and its 4 chroma pairs, u low. */
/* The byte shuffle that takes, in each 128-bit half, the (u, v) pairs of
 * its four 4-byte groups as 16-bit lanes, u low, from bytes @u and @v of
 * a group */
static inline __m256i
group_pairs_pick (int u, int v)
{
  guint8 pairs[32];
  int i;

  for (i = 0; i < 32; i++) {
    int lane = (i & 15) >> 1;

    /* a zero high byte: 0x80 makes the shuffle write 0 */
    pairs[i] = i & 1 ? 0x80 : 4 * (lane >> 1) + (lane & 1 ? v : u);
  }
  return LOAD (pairs);
}

static gboolean
shuffles_packed_422 (RowMatrix * m, guintptr base, guintptr y, guintptr u,
    guintptr v)
{
  guint8 luma[32];
  int i;

  if (y - base > 1 || u - base > 3 || v - base > 3)
    return FALSE;
  for (i = 0; i < 32; i++)
    luma[i] = i & 1 ? 0x80 : ((i & 15) >> 1) * 2 + (y - base);
  m->luma_bytes = LOAD (luma);
  m->pair_bytes = group_pairs_pick (u - base, v - base);
  return TRUE;
}

/* Whether chroma samples @u and @v, @stride bytes apart, lie side by
 * side, @bytes each (NV12, P010: u first; NV21: v first): one load then
 * holds pairs.  *@swapped says whether v comes first, whose term then
 * goes first too. */
static inline gboolean
side_by_side (const guint8 * u, const guint8 * v, int stride, int bytes,
    gboolean * swapped)
{
  *swapped = v + bytes == u;
  return stride == 2 && (u + bytes == v || *swapped);
}

/* The vector part of a luma row through the matrix, for the layouts of
 * the 8-bit and 10-bit YUV formats (none for the others); returns the
 * outputs made. */
static inline int
stage_matrix_samples (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub,
    gboolean words, int read_shift, int m0, int m1, int m2, int bias,
    int shift, int n, gboolean stream)
{
  RowMatrix m;
  MatrixLuma luma;
  ChromaPack pack = CHROMA_STRIDED;
  int bytes = words ? 2 : 1;
  gboolean swapped;
  int unit = MAX (luma_unit (m0, shift), 0);

  if (side_by_side (s1, s2, chroma_stride, bytes, &swapped)) {
    if (swapped)
      pairs_from_v (&s1, &s2, &m1, &m2);
    pack = CHROMA_PAIRED;
  }
  m.m0 = pair_of (m0, 0);
  m.m12 = pair_of (m1, m2);
  m.no_chroma = m1 == 0 && m2 == 0;
  m.bias = _mm256_set1_epi32 (bias);
  m.count = shift_count (shift);
  m.unit_count = shift_count (unit);
  m.rest_count = shift_count (shift - unit);
  m.read = shift_count (read_shift);
  m.luma_bytes = m.pair_bytes = _mm256_setzero_si256 ();

  if (m0 == 0) {
    /* a chroma row: the luma layout does not matter */
    if (sub != 0)
      return 0;
    luma = LUMA_NONE;
    luma_stride = 1;
  } else
    luma = luma_unit (m0, shift) >= 0 ? LUMA_UNIT : LUMA_SCALED;

  if (!words && luma != LUMA_NONE && !m.no_chroma && luma_stride == 2 &&
      chroma_stride == 4 && sub == 1) {
    guintptr base = MIN ((guintptr) s0, MIN ((guintptr) s1, (guintptr) s2));

    if (shuffles_packed_422 (&m, base, (guintptr) s0, (guintptr) s1,
            (guintptr) s2)) {
      pack = CHROMA_SHUFFLED;
      s0 = (const guint8 *) base;
    }
  }
#define LAYOUT_PACKED(w, l, c, s, p) \
    case p << 16 | w << 12 | l << 8 | c << 4 | s: \
      if (luma == LUMA_NONE) \
        return matrix_loop (d, s0, s1, s2, l, c, s, w, p, LUMA_NONE, &m, n, \
            stream); \
      if (luma == LUMA_UNIT) \
        return matrix_loop (d, s0, s1, s2, l, c, s, w, p, LUMA_UNIT, &m, n, \
            stream); \
      return matrix_loop (d, s0, s1, s2, l, c, s, w, p, LUMA_SCALED, &m, n, \
          stream)
#define LAYOUT(w, l, c, s) LAYOUT_PACKED (w, l, c, s, CHROMA_STRIDED)
  switch (pack << 16 | words << 12 | luma_stride << 8 | chroma_stride << 4 |
      sub) {
      LAYOUT (0, 1, 1, 0);      /* planar 4:4:4 */
      LAYOUT (0, 1, 1, 1);      /* planar 4:2:2, 4:2:0 */
      LAYOUT (0, 1, 2, 0);      /* NV24 */
      LAYOUT (0, 1, 2, 1);      /* NV12, NV16 */
      LAYOUT (0, 2, 4, 1);      /* YUY2, UYVY */
      LAYOUT (0, 4, 4, 0);      /* AYUV */
      LAYOUT (1, 1, 1, 0);      /* Y444_10LE */
      LAYOUT (1, 1, 1, 1);      /* I420_10LE, I422_10LE */
      LAYOUT (1, 1, 2, 0);      /* the chroma rows of P010_10LE */
      LAYOUT (1, 1, 2, 1);      /* P010_10LE */
      LAYOUT (1, 4, 4, 0);      /* AYUV64, ARGB64, RGBA64_LE */
      LAYOUT_PACKED (0, 1, 2, 0, CHROMA_PAIRED);        /* NV12's chroma rows */
      LAYOUT_PACKED (0, 1, 2, 1, CHROMA_PAIRED);        /* NV12, NV21, NV16 */
      LAYOUT_PACKED (1, 1, 2, 0, CHROMA_PAIRED);        /* P010's chroma rows */
      LAYOUT_PACKED (1, 1, 2, 1, CHROMA_PAIRED);        /* P010_10LE */
      LAYOUT_PACKED (0, 2, 4, 1, CHROMA_SHUFFLED);      /* YUY2, UYVY, YVYU */
    default:
      return 0;
  }
#undef LAYOUT
#undef LAYOUT_PACKED
}

static inline void
stage_matrix_bytes (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub, int m0,
    int m1, int m2, int bias, int shift, int n, gboolean stream)
{
  int i = stage_matrix_samples (d, s0, s1, s2, luma_stride, chroma_stride,
      sub, FALSE, 0, m0, m1, m2, bias, shift, n, stream);

  pc_stage_matrix_bytes_c (d + i, s0 + i * luma_stride,
      s1 + (i >> sub) * chroma_stride, s2 + (i >> sub) * chroma_stride,
      luma_stride, chroma_stride, sub, m0, m1, m2, bias, shift, n - i);
}

NORMAL_AND_STREAMING (stage_matrix_bytes, (guint8 * d, const guint8 * s0,
        const guint8 * s1, const guint8 * s2, int luma_stride,
        int chroma_stride, int sub, int m0, int m1, int m2, int bias,
        int shift, int n), stage_matrix_bytes (d, s0, s1, s2, luma_stride,
        chroma_stride, sub, m0, m1, m2, bias, shift, n, stream));

static inline void
stage_matrix_words (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub,
    int read_shift, int m0, int m1, int m2, int bias, int shift, int n,
    gboolean stream)
{
  int i = stage_matrix_samples (d, s0, s1, s2, luma_stride, chroma_stride,
      sub, TRUE, read_shift, m0, m1, m2, bias, shift, n, stream);

  pc_stage_matrix_words_c (d + i, s0 + 2 * i * luma_stride,
      s1 + 2 * (i >> sub) * chroma_stride,
      s2 + 2 * (i >> sub) * chroma_stride, luma_stride, chroma_stride, sub,
      read_shift, m0, m1, m2, bias, shift, n - i);
}

NORMAL_AND_STREAMING (stage_matrix_words, (guint8 * d, const guint8 * s0,
        const guint8 * s1, const guint8 * s2, int luma_stride,
        int chroma_stride, int sub, int read_shift, int m0, int m1, int m2,
        int bias, int shift, int n), stage_matrix_words (d, s0, s1, s2,
        luma_stride, chroma_stride, sub, read_shift, m0, m1, m2, bias, shift,
        n, stream));

/* The U, V pairs of 8 groups (@p, 32 bytes) of @rows rows, weighed, as
 * 16-bit lanes u, v (@pick: per 128-bit half, the bytes of its four
 * groups' pairs) */
static inline G_ALWAYS_INLINE __m256i
weighed_uv_pairs (const guint8 * const s[3], const __m256i w[3], gsize at,
    int rows, __m256i pick)
{
  __m256i x = _mm256_mullo_epi16 (_mm256_shuffle_epi8 (LOAD (s[0] + at),
          pick), w[0]);
  int r;

  for (r = 1; r < rows; r++)
    x = _mm256_add_epi16 (x, _mm256_mullo_epi16 (_mm256_shuffle_epi8 (LOAD
                (s[r] + at), pick), w[r]));
  return x;
}

/* 16 groups a step: each half's pairs through a multiply-add with the
 * matrix row's two terms give the outputs in order; the rest through the
 * twin */
static inline G_ALWAYS_INLINE int
matrix_packed_uv (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const __m256i w[3], int rows, __m256i pick, const RowMatrix * u,
    const RowMatrix * v, int n)
{
  int i;

  for (i = 0; i + 16 <= n; i += 16) {
    __m256i lo = weighed_uv_pairs (s, w, 4 * (gsize) i, rows, pick);
    __m256i hi = weighed_uv_pairs (s, w, 4 * (gsize) i + 32, rows, pick);
    __m256i bytes = words_to_bytes (terms_to_words (_mm256_add_epi32
            (_mm256_madd_epi16 (lo, u->m12), u->bias),
            _mm256_add_epi32 (_mm256_madd_epi16 (hi, u->m12), u->bias),
            u->count), terms_to_words (_mm256_add_epi32 (_mm256_madd_epi16 (lo,
                    v->m12), v->bias), _mm256_add_epi32 (_mm256_madd_epi16 (hi,
                    v->m12), v->bias), v->count));

    _mm_storeu_si128 ((__m128i *) (du + i), _mm256_castsi256_si128 (bytes));
    _mm_storeu_si128 ((__m128i *) (dv + i), _mm256_extracti128_si256 (bytes,
            1));
  }
  return i;
}

void
pc_stage_matrix_packed_uv_avx2 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int u_byte, int v_byte,
    int mu1, int mu2, int bu, int mv1, int mv2, int bv, int shift, int n)
{
  const __m256i weights[3] = { _mm256_set1_epi16 (w[0]),
    _mm256_set1_epi16 (w[1]), _mm256_set1_epi16 (w[2])
  };
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;
  const __m256i pick = group_pairs_pick (u_byte, v_byte);
  RowMatrix u = { 0 }, v = { 0 };
  const guint8 *tail[3];
  int i, j;

  u.m12 = pair_of (mu1, mu2);
  u.bias = _mm256_set1_epi32 (bu);
  u.count = shift_count (shift);
  v.m12 = pair_of (mv1, mv2);
  v.bias = _mm256_set1_epi32 (bv);
  v.count = u.count;
  if (rows == 3)
    i = matrix_packed_uv (du, dv, s, weights, 3, pick, &u, &v, n);
  else if (rows == 2)
    i = matrix_packed_uv (du, dv, s, weights, 2, pick, &u, &v, n);
  else
    i = matrix_packed_uv (du, dv, s, weights, 1, pick, &u, &v, n);
  for (j = 0; j < 3; j++)
    tail[j] = s[j] + 4 * (gsize) i;
  pc_stage_matrix_packed_uv_c (du + i, dv + i, tail, w, u_byte, v_byte, mu1,
      mu2, bu, mv1, mv2, bv, shift, n - i);
}

/* 32 outputs a step from 16 chroma samples, planar (stride 1) or u and v
 * side by side (stride 2, either first); the rest, and other layouts, by
 * the twin.  The terms are narrowed with saturation, first to 16 bits,
 * then to bytes (t for up, 0 - t for down), which is the twin's clamp at
 * 0 and 255; each byte is then taken twice. */
void
pc_stage_chroma_steps_avx2 (guint8 * up, guint8 * down, const guint8 * u,
    const guint8 * v, int chroma_stride, int m1, int m2, int bias, int shift,
    int n)
{
  const __m256i zero = _mm256_setzero_si256 ();
  const guint8 *s1 = u, *s2 = v;
  ChromaPack pack = CHROMA_STRIDED;
  RowMatrix m = { 0 };
  gboolean swapped;
  int i = 0, vector_n = n;

  if (side_by_side (u, v, chroma_stride, 1, &swapped)) {
    if (swapped) {
      s1 = v;
      s2 = u;
    }
    pack = CHROMA_PAIRED;
  } else if (chroma_stride != 1)
    vector_n = 0;
  m.m12 = s1 == u ? pair_of (m1, m2) : pair_of (m2, m1);
  m.bias = _mm256_set1_epi32 (bias);
  m.count = shift_count (shift);

  for (; i + 32 <= vector_n; i += 32) {
    int k = (i >> 1) * chroma_stride;

    /* the first reader of the chroma rows, as matrix_loop */
    ask_row_ahead (s1, k, 16 * chroma_stride);
    if (pack != CHROMA_PAIRED)
      ask_row_ahead (s2, k, 16 * chroma_stride);
    /* per 128-bit lane: samples 0-3 and 8-11 | 4-7 and 12-15 */
    __m256i t = _mm256_packs_epi32 (_mm256_sra_epi32 (chroma_terms (s1, s2,
                k, 1, FALSE, pack, &m), m.count),
        _mm256_sra_epi32 (chroma_terms (s1, s2, k + 8 * chroma_stride, 1,
                FALSE, pack, &m), m.count));
    /* per lane: the up steps of those 8, then the down steps */
    __m256i steps = _mm256_packus_epi16 (t, _mm256_subs_epi16 (zero, t));

    STORE (up + i, _mm256_permute4x64_epi64 (_mm256_unpacklo_epi8 (steps,
                steps), 0xd8));
    STORE (down + i, _mm256_permute4x64_epi64 (_mm256_unpackhi_epi8 (steps,
                steps), 0xd8));
  }
  pc_stage_chroma_steps_c (up + i, down + i, u + (i >> 1) * chroma_stride,
      v + (i >> 1) * chroma_stride, chroma_stride, m1, m2, bias, shift, n - i);
}

static inline void
stage_add_steps (guint8 * d, const guint8 * y, const guint8 * up,
    const guint8 * down, int n, gboolean stream)
{
  int i;

  for (i = 0; i + 32 <= n; i += 32) {
    ask_row_ahead (y, i, 32);
    store32 (d + i, _mm256_subs_epu8 (_mm256_adds_epu8 (LOAD (y + i),
                LOAD (up + i)), LOAD (down + i)), stream);
  }
  pc_stage_add_steps_c (d + i, y + i, up + i, down + i, n - i);
}

NORMAL_AND_STREAMING (stage_add_steps, (guint8 * d, const guint8 * y,
        const guint8 * up, const guint8 * down, int n), stage_add_steps (d, y,
        up, down, n, stream));

/* 16 outputs a step while the strided reads stay inside the twin's (the
 * last sample lies stride - 1 bytes before a vector's end); rows of
 * weight 0 at the end are weighed too, as few calls have them */
void
pc_stage_rows_strided_avx2 (gint16 * d, const guint8 * const s[3],
    const int w[3], int stride, int n)
{
  const __m256i w0 = _mm256_set1_epi16 (w[0]);
  const __m256i w1 = _mm256_set1_epi16 (w[1]);
  const __m256i w2 = _mm256_set1_epi16 (w[2]);
  const guint8 *tail[3];
  int i = 0, a;

#define STRIDED_ROWS(st) \
  for (; i + 17 <= n; i += 16) \
    STORE (d + i, _mm256_add_epi16 (_mm256_mullo_epi16 (bytes16 (s[0] + i * \
                    st, st), w0), _mm256_add_epi16 (_mm256_mullo_epi16 \
                (bytes16 (s[1] + i * st, st), w1), _mm256_mullo_epi16 \
                (bytes16 (s[2] + i * st, st), w2))))
  if (stride == 1)
    STRIDED_ROWS (1);
  else if (stride == 2)
    STRIDED_ROWS (2);
  else if (stride == 3)
    STRIDED_ROWS (3);
  else if (stride == 4)
    STRIDED_ROWS (4);
#undef STRIDED_ROWS
  for (a = 0; a < 3; a++)
    tail[a] = s[a] + i * stride;
  pc_stage_rows_strided_c (d + i, tail, w, stride, n - i);
}

/* The three channels of 16 pixels of one row as 16-bit lanes, from
 * @lo (pixels 0-3 and 4-7 in its halves, 4 bytes apart, or 3 for 3-byte
 * pixels) and @hi (pixels 8-15 alike): @pick gathers each half's four
 * samples of channel c into its dword c, the permute puts a vector's
 * eight samples of each channel into one quadword, and the unpacks join
 * the two vectors' quadwords per channel. */
static inline G_ALWAYS_INLINE void
pixel_channels16 (__m256i lo, __m256i hi, __m256i pick, __m256i ch[3])
{
  const __m256i quads = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  __m256i a = _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 (lo, pick),
      quads);
  __m256i b = _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 (hi, pick),
      quads);
  /* channel 0 | channel 2, and channel 1 | the unused dwords */
  __m256i c02 = _mm256_unpacklo_epi64 (a, b);
  __m256i c1 = _mm256_unpackhi_epi64 (a, b);

  ch[0] = _mm256_cvtepu8_epi16 (_mm256_castsi256_si128 (c02));
  ch[1] = _mm256_cvtepu8_epi16 (_mm256_castsi256_si128 (c1));
  ch[2] = _mm256_cvtepu8_epi16 (_mm256_extracti128_si256 (c02, 1));
}

/* Four 3-byte pixels from each of @p and @p + 12 in the two halves: each
 * load reads 4 bytes past its pixels. */
static inline __m256i
load_pixels3x4 (const guint8 * p)
{
  return _mm256_inserti128_si256 (_mm256_castsi128_si256 (_mm_loadu_si128
          ((const __m128i *) p)), _mm_loadu_si128 ((const __m128i *) (p +
              12)), 1);
}

/* Each row's 16 pixels are loaded once for the three channels; 3-byte
 * pixels keep two pixels of margin, as the last load reads 4 bytes past
 * the 16th */
static inline G_ALWAYS_INLINE void
stage_rows_pixels (gint16 * const d[3], const guint8 * const s[3],
    const int w[3], __m256i pick, int stride, int *at, int n)
{
  const __m256i w0 = _mm256_set1_epi16 (w[0]);
  const __m256i w1 = _mm256_set1_epi16 (w[1]);
  const __m256i w2 = _mm256_set1_epi16 (w[2]);
  int margin = stride == 3 ? 2 : 0, i, c;

  for (i = 0; i + 16 + margin <= n; i += 16) {
    __m256i r0[3], r1[3], r2[3];
    const guint8 *p[3];
    int a;

    for (a = 0; a < 3; a++)
      p[a] = s[a] + stride * (gsize) i;
    if (stride == 3) {
      pixel_channels16 (load_pixels3x4 (p[0]), load_pixels3x4 (p[0] + 24),
          pick, r0);
      pixel_channels16 (load_pixels3x4 (p[1]), load_pixels3x4 (p[1] + 24),
          pick, r1);
      pixel_channels16 (load_pixels3x4 (p[2]), load_pixels3x4 (p[2] + 24),
          pick, r2);
    } else {
      pixel_channels16 (LOAD (p[0]), LOAD (p[0] + 32), pick, r0);
      pixel_channels16 (LOAD (p[1]), LOAD (p[1] + 32), pick, r1);
      pixel_channels16 (LOAD (p[2]), LOAD (p[2] + 32), pick, r2);
    }
    for (c = 0; c < 3; c++)
      STORE (d[c] + i, _mm256_add_epi16 (_mm256_mullo_epi16 (r0[c], w0),
              _mm256_add_epi16 (_mm256_mullo_epi16 (r1[c], w1),
                  _mm256_mullo_epi16 (r2[c], w2))));
  }
  *at = i;
}

void
pc_stage_rows_pixels_avx2 (gint16 * const d[3], const guint8 * const s[3],
    const int w[3], const int offset[3], int stride, int n)
{
  guint8 pick_bytes[32];
  const guint8 *tail[3];
  gint16 *rest[3];
  int i = 0, j;

  /* in each half, dword c takes channel c of the half's four pixels */
  for (j = 0; j < 32; j++) {
    int c = (j & 15) >> 2;

    pick_bytes[j] = c < 3 ? stride * (j & 3) + offset[c] : 0x80;
  }
  if (stride == 3)
    stage_rows_pixels (d, s, w, LOAD (pick_bytes), 3, &i, n);
  else if (stride == 4)
    stage_rows_pixels (d, s, w, LOAD (pick_bytes), 4, &i, n);
  for (j = 0; j < 3; j++) {
    tail[j] = s[j] + stride * (gsize) i;
    rest[j] = d[j] + i;
  }
  pc_stage_rows_pixels_c (rest, tail, w, offset, stride, n - i);
}
