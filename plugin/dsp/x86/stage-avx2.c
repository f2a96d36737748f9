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
  const guint8 *tail[3];
  int i, a;

  for (i = 0; i + 16 <= n; i += 16) {
    __m256i sum = _mm256_add_epi16 (_mm256_mullo_epi16 (LOAD16 (s[0] + i), w0),
        _mm256_add_epi16 (_mm256_mullo_epi16 (LOAD16 (s[1] + i), w1),
            _mm256_mullo_epi16 (LOAD16 (s[2] + i), w2)));

    STORE (d + i, sum);
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
    __m256i sum = _mm256_add_epi16 (_mm256_mullo_epi16 (samples10 (s[0] +
                2 * i, count), w0), _mm256_add_epi16 (_mm256_mullo_epi16
            (samples10 (s[1] + 2 * i, count), w1),
            _mm256_mullo_epi16 (samples10 (s[2] + 2 * i, count), w2)));

    STORE (d + i, sum);
  }
  for (a = 0; a < 3; a++)
    tail[a] = s[a] + 2 * i;
  pc_stage_rows16_c (d + i, tail, w, shift, n - i);
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

  if (stride >= 1 && stride <= 4) {
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

/* m0 s0 + m1 s1 + m2 s2 + bias, >> shift, of 16 samples, as 16-bit lanes
 * (saturated: beyond 16 bits a lane is far outside 0..255 either way) */
static inline __m256i
matrix16 (const gint16 * s0, const gint16 * s1, const gint16 * s2,
    __m256i m01, __m256i m2, __m256i bias, __m128i count)
{
  __m256i a = LOAD (s0), b = LOAD (s1), c = LOAD (s2);
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

void
pc_stage_matrix_avx2 (guint8 * d, const gint16 * s0, const gint16 * s1,
    const gint16 * s2, int m0, int m1, int m2, int bias, int shift, int n)
{
  const __m256i m01 = _mm256_set1_epi32 ((gint32) (((guint32) m0 & 0xffff) |
          ((guint32) m1 << 16)));
  const __m256i m2z = _mm256_set1_epi32 (m2 & 0xffff);
  const __m256i b = _mm256_set1_epi32 (bias);
  const __m128i count = shift_count (shift);
  int i;

  for (i = 0; i + 32 <= n; i += 32)
    STORE (d + i, words_to_bytes (matrix16 (s0 + i, s1 + i, s2 + i, m01, m2z,
                b, count), matrix16 (s0 + i + 16, s1 + i + 16, s2 + i + 16,
                m01, m2z, b, count)));
  pc_stage_matrix_c (d + i, s0 + i, s1 + i, s2 + i, m0, m1, m2, bias, shift,
      n - i);
}

/* saturating the rounding add changes only sums that clamp to 255 */
void
pc_stage_round_avx2 (guint8 * d, const gint16 * s, int shift, int n)
{
  const __m256i half = _mm256_set1_epi16 (1 << (shift - 1));
  const __m128i count = shift_count (shift);
  int i;

  for (i = 0; i + 32 <= n; i += 32)
    STORE (d + i, words_to_bytes (_mm256_sra_epi16 (_mm256_adds_epi16 (LOAD
                    (s + i), half), count),
            _mm256_sra_epi16 (_mm256_adds_epi16 (LOAD (s + i + 16), half),
                count)));
  pc_stage_round_c (d + i, s + i, shift, n - i);
}
