/* pooledconvert
 * The semi_planar family in AVX2: interleaved U and V split, averaged or
 * boxed to 4:2:0; see kernels-avx2.h.  They give the results of their C twins
 * (c/semi-planar.c) to the bit, at any width and alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

void
pc_uv_deinterleave_avx2 (guint8 * u, guint8 * v, const guint8 * s, int n)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i a = LOAD (s + 2 * i), b = LOAD (s + 2 * i + 32);

    STORE (u + i, words_to_bytes (_mm256_and_si256 (a, low),
            _mm256_and_si256 (b, low)));
    STORE (v + i, words_to_bytes (_mm256_srli_epi16 (a, 8),
            _mm256_srli_epi16 (b, 8)));
  }
  if (i < n)
    pc_uv_deinterleave_c (u + i, v + i, s + 2 * i, n - i);
}

/* Row 1 split into @u and @v, then row 2 split and averaged into them:
 * each source row is read to its end before the next (why: the comment
 * above two_row_filter in chroma-avx2.c).  pavgb is (a + b + 1) >> 1,
 * the twin's average of the two rows' bytes. */
void
pc_uv_deinterleave_avg_v_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  int i = 0;

  pc_uv_deinterleave_avx2 (u, v, s1, n);
  for (; i + 32 <= n; i += 32) {
    __m256i a = LOAD (s2 + 2 * i), b = LOAD (s2 + 2 * i + 32);

    STORE (u + i, _mm256_avg_epu8 (LOAD (u + i),
            words_to_bytes (_mm256_and_si256 (a, low),
                _mm256_and_si256 (b, low))));
    STORE (v + i, _mm256_avg_epu8 (LOAD (v + i),
            words_to_bytes (_mm256_srli_epi16 (a, 8),
                _mm256_srli_epi16 (b, 8))));
  }
  for (; i < n; i++) {
    u[i] = (u[i] + s2[2 * i] + 1) >> 1;
    v[i] = (v[i] + s2[2 * i + 1] + 1) >> 1;
  }
}

/* Per 32-bit lane U0 V0 U1 V1: the sums U0 + U1 and V0 + V1. */
static inline void
uv_pair_sums (__m256i x, __m256i * u, __m256i * v)
{
  const __m256i low = _mm256_set1_epi32 (0xff);

  *u = _mm256_add_epi32 (_mm256_and_si256 (x, low),
      _mm256_and_si256 (_mm256_srli_epi32 (x, 16), low));
  *v = _mm256_add_epi32 (_mm256_and_si256 (_mm256_srli_epi32 (x, 8), low),
      _mm256_srli_epi32 (x, 24));
}

/* Outputs per chunk of row 1's sums on the stack (8 KiB of them, 4 KiB of
 * each source row: smaller pieces of a row read in turn with the other
 * row's measured slower). */
#define BOX_CHUNK 1024

/* Row 1's pair sums of a chunk into the stack, then row 2's added, rounded
 * once: each source row read to its end before the next, as above. */
void
pc_uv_deinterleave_box_2x2_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n)
{
  const __m256i two = _mm256_set1_epi32 (2);
  __m256i row1[BOX_CHUNK / 8][2];
  __m256i cu[4], cv[4];
  int first, end, i, j;

  /* whole vectors of 32 outputs, chunk by chunk */
  for (first = 0; first + 32 <= n; first = end) {
    end = first + MIN (BOX_CHUNK, (n - first) / 32 * 32);
    for (i = first; i < end; i += 32)
      for (j = 0; j < 4; j++)
        uv_pair_sums (LOAD (s1 + 4 * i + 32 * j),
            &row1[(i - first) / 8 + j][0], &row1[(i - first) / 8 + j][1]);
    for (i = first; i < end; i += 32) {
      for (j = 0; j < 4; j++) {
        const __m256i *sums = row1[(i - first) / 8 + j];
        __m256i u2, v2;

        uv_pair_sums (LOAD (s2 + 4 * i + 32 * j), &u2, &v2);
        cu[j] = _mm256_srli_epi32 (_mm256_add_epi32 (_mm256_add_epi32
                (sums[0], u2), two), 2);
        cv[j] = _mm256_srli_epi32 (_mm256_add_epi32 (_mm256_add_epi32
                (sums[1], v2), two), 2);
      }
      STORE (u + i, dwords_to_bytes (cu[0], cu[1], cu[2], cu[3]));
      STORE (v + i, dwords_to_bytes (cv[0], cv[1], cv[2], cv[3]));
    }
  }
  if (first < n)
    pc_uv_deinterleave_box_2x2_c (u + first, v + first, s1 + 4 * first,
        s2 + 4 * first, n - first);
}
