/* pooledconvert
 * The output family in AVX2: NV12's interleaved chroma rows, from U and V
 * rows or from NV21's, and P010_10LE's from 16-bit rows; see
 * kernels-avx2.h.  They give the results of their C twins (c/output.c) to
 * the bit, at any width and alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

NORMAL_AND_STREAMING (uv_interleave, (guint8 * d, const guint8 * u,
        const guint8 * v, int n), store_pairs (d, u, v, n, stream));

/* the same of 16-bit words, 16 pairs a step */
static inline void
uv_interleave_16 (guint8 * d, const guint8 * u, const guint8 * v, int n,
    gboolean stream)
{
  int i = 0;

  for (; i + 16 <= n; i += 16) {
    __m256i a = LOAD (u + 2 * i), b = LOAD (v + 2 * i);
    __m256i low = _mm256_unpacklo_epi16 (a, b);
    __m256i high = _mm256_unpackhi_epi16 (a, b);

    store32 (d + 4 * i, _mm256_permute2x128_si256 (low, high, 0x20), stream);
    store32 (d + 4 * i + 32, _mm256_permute2x128_si256 (low, high, 0x31),
        stream);
  }
  if (i < n)
    pc_uv_interleave_16_c (d + 4 * i, u + 2 * i, v + 2 * i, n - i);
}

NORMAL_AND_STREAMING (uv_interleave_16, (guint8 * d, const guint8 * u,
        const guint8 * v, int n), uv_interleave_16 (d, u, v, n, stream));

/* the bytes of each pair trade places: pairs never cross a 128-bit half,
 * so one in-lane shuffle does it */
static inline void
uv_swap (guint8 * d, const guint8 * s, int n, gboolean stream)
{
  const __m256i order = _mm256_setr_epi8 (1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11,
      10, 13, 12, 15, 14, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15,
      14);
  int i = 0;

  for (; i + 16 <= n; i += 16)
    store32 (d + 2 * i, _mm256_shuffle_epi8 (LOAD (s + 2 * i), order), stream);
  if (i < n)
    pc_uv_swap_c (d + 2 * i, s + 2 * i, n - i);
}

NORMAL_AND_STREAMING (uv_swap, (guint8 * d, const guint8 * s, int n),
    uv_swap (d, s, n, stream));
