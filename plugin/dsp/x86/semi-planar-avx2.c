/* pooledconvert
 * The semi_planar family in AVX2: interleaved U and V split, averaged or
 * boxed to 4:2:0; see kernels-avx2.h.  They give the results of their C twins
 * (c/semi-planar.c) to the bit, at any width and alignment.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

static inline void
uv_deinterleave (guint8 * u, guint8 * v, const guint8 * s, int n,
    gboolean stream)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i a, b;

    prefetch_ahead (s + 2 * (gsize) i, 64);
    a = LOAD (s + 2 * i);
    b = LOAD (s + 2 * i + 32);
    store32 (u + i, words_to_bytes (_mm256_and_si256 (a, low),
            _mm256_and_si256 (b, low)), stream);
    store32 (v + i, words_to_bytes (_mm256_srli_epi16 (a, 8),
            _mm256_srli_epi16 (b, 8)), stream);
  }
  if (i < n)
    pc_uv_deinterleave_c (u + i, v + i, s + 2 * i, n - i);
}

NORMAL_AND_STREAMING (uv_deinterleave, (guint8 * u, guint8 * v,
        const guint8 * s, int n), uv_deinterleave (u, v, s, n, stream));

/* Outputs per chunk of row 1 split to the stack by the streaming
 * variant below (4 KiB of the source row). */
#define SPLIT_CHUNK 2048

/* Row 1 split into @u and @v (normal stores) or into a stack chunk
 * (streaming stores, which must not read @u and @v back), then row 2
 * split and averaged with it: each source row is read to its end before
 * the next (why: the comment above two_row_filter in chroma-avx2.c).
 * pavgb is (a + b + 1) >> 1, the twin's average of the two rows' bytes. */
static inline void
uv_deinterleave_avg_v (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n, gboolean stream)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  guint8 chunk[2][SPLIT_CHUNK];
  int first, end, i;

  for (first = 0; first + 32 <= n; first = end) {
    guint8 *u1 = u + first, *v1 = v + first;

    end = first + MIN (stream ? SPLIT_CHUNK : n, (n - first) / 32 * 32);
    if (stream) {
      u1 = chunk[0];
      v1 = chunk[1];
    }
    uv_deinterleave (u1, v1, s1 + 2 * first, end - first, FALSE);
    for (i = first; i < end; i += 32) {
      __m256i a, b;

      prefetch_ahead (s2 + 2 * (gsize) i, 64);
      a = LOAD (s2 + 2 * i);
      b = LOAD (s2 + 2 * i + 32);
      store32 (u + i, _mm256_avg_epu8 (LOAD (u1 + (i - first)),
              words_to_bytes (_mm256_and_si256 (a, low),
                  _mm256_and_si256 (b, low))), stream);
      store32 (v + i, _mm256_avg_epu8 (LOAD (v1 + (i - first)),
              words_to_bytes (_mm256_srli_epi16 (a, 8),
                  _mm256_srli_epi16 (b, 8))), stream);
    }
  }
  for (i = first; i < n; i++) {
    u[i] = (s1[2 * i] + s2[2 * i] + 1) >> 1;
    v[i] = (s1[2 * i + 1] + s2[2 * i + 1] + 1) >> 1;
  }
}

NORMAL_AND_STREAMING (uv_deinterleave_avg_v, (guint8 * u, guint8 * v,
        const guint8 * s1, const guint8 * s2, int n),
    uv_deinterleave_avg_v (u, v, s1, s2, n, stream));

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
static inline void
uv_deinterleave_box_2x2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int n, gboolean stream)
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
      store32 (u + i, dwords_to_bytes (cu[0], cu[1], cu[2], cu[3]), stream);
      store32 (v + i, dwords_to_bytes (cv[0], cv[1], cv[2], cv[3]), stream);
    }
  }
  if (first < n)
    pc_uv_deinterleave_box_2x2_c (u + first, v + first, s1 + 4 * first,
        s2 + 4 * first, n - first);
}

NORMAL_AND_STREAMING (uv_deinterleave_box_2x2, (guint8 * u, guint8 * v,
        const guint8 * s1, const guint8 * s2, int n),
    uv_deinterleave_box_2x2 (u, v, s1, s2, n, stream));

/* NV61's row pair to NV12's pairs, @n pairs.  As chroma_avg_v in
 * chroma-avx2.c: row 1 copied to @d (normal stores) or to a stack chunk
 * (streaming stores, which must not read @d back), then averaged with row
 * 2 and each pair's bytes swapped by one in-lane shuffle, so each source
 * row is read to its end before the next. */
static inline void
uv_swap_avg_v (guint8 * d, const guint8 * s1, const guint8 * s2, int n,
    gboolean stream)
{
  const __m256i order = _mm256_setr_epi8 (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11,
      10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15,
      14);
  guint8 chunk[2 * SPLIT_CHUNK];
  int first, end, i;

  for (first = 0; first + 16 <= n; first = end) {
    const guint8 *row1 = chunk;

    end = first + MIN (stream ? SPLIT_CHUNK : n, (n - first) / 16 * 16);
    if (stream)
      memcpy (chunk, s1 + 2 * first, 2 * (end - first));
    else {
      memcpy (d + 2 * first, s1 + 2 * first, 2 * (end - first));
      row1 = d + 2 * first;
    }
    for (i = first; i < end; i += 16)
      store32 (d + 2 * i, _mm256_shuffle_epi8 (_mm256_avg_epu8 (LOAD (row1 +
                      2 * (i - first)), LOAD (s2 + 2 * i)), order), stream);
  }
  if (first < n)
    pc_uv_swap_avg_v_c (d + 2 * first, s1 + 2 * first, s2 + 2 * first,
        n - first);
}

NORMAL_AND_STREAMING (uv_swap_avg_v, (guint8 * d, const guint8 * s1,
        const guint8 * s2, int n), uv_swap_avg_v (d, s1, s2, n, stream));
