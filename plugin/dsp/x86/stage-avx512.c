/* pooledconvert
 * AVX-512 kernels of the general walk's stages (see kernels-avx512.h):
 * stage_fold_bytes, full-resolution 8-bit chroma folded across up to
 * three rows and [1 2 1] across columns, as its AVX2 form does it
 * (stage-avx2.c) at twice the width; the column box goes to AVX2's.
 * Bit for bit the C twin (c/stage.c): the sums are exact in 16-bit lanes
 * and rounded once.  Steps are 64 outputs (128 source bytes a row); the
 * last loads and stores through byte masks, so nothing is read or
 * written past the row.  stage_resite_bytes was written the same way
 * and measured level with AVX2's (docs/design.md): the tier keeps
 * AVX2's.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx512-common.h"

/* Outputs 0-31 of one row at @s (64 bytes, @bytes of them there unless
 * @full): each byte pair (2i, 2i + 1) weighed and summed by one
 * multiply-add, and with @cosited the pair (2i - 1, 2i) too, which makes
 * [1 2 1] of the two. */
static ALWAYS_INLINE __m512i
folded_pairs (const guint8 * s, __m512i w, int bytes, gboolean full,
    gboolean cosited)
{
  __m512i x = _mm512_maddubs_epi16 (load_row (s, bytes, full), w);

  if (cosited)
    x = _mm512_add_epi16 (x, _mm512_maddubs_epi16 (load_row (s - 1, bytes,
                full), w));
  return x;
}

/* Outputs 0-31 of @rows rows folded from byte @o on, rounded: every term
 * is at most 64 x 255, so the sums fit and the shift may be logical. */
static ALWAYS_INLINE __m512i
folded_rows (const guint8 * const s[3], const __m512i w[3], gsize o,
    int bytes, gboolean full, int rows, gboolean cosited, __m512i half,
    __m128i count)
{
  __m512i x = _mm512_add_epi16 (folded_pairs (s[0] + o, w[0], bytes, full,
          cosited), half);
  int r;

  for (r = 1; r < rows; r++)
    x = _mm512_add_epi16 (x, folded_pairs (s[r] + o, w[r], bytes, full,
            cosited));
  return _mm512_srl_epi16 (x, count);
}

static ALWAYS_INLINE void
fold_rows (guint8 * d, const guint8 * const s[3], const __m512i w[3],
    int rows, gboolean cosited, __m512i half, __m128i count, int n,
    gboolean stream)
{
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  int i;

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    gsize o = 2 * (gsize) i;
    __m512i a, b = _mm512_setzero_si512 ();

    /* three rows: two of them new to each output row */
    if (rows == 3) {
      prefetch_ahead (s[1] + o, 128);
      prefetch_ahead (s[2] + o, 128);
    }
    a = folded_rows (s, w, o, 2 * left, full, rows, cosited, half, count);
    /* the second half's sums exist only where its outputs do */
    if (left > 32)
      b = folded_rows (s, w, o + 64, 2 * left - 64, full, rows, cosited, half,
          count);
    store_row (d + i, _mm512_permutexvar_epi64 (order, _mm512_packus_epi16 (a,
                b)), left, full, stream);
  }
}

/* Rows of weight 0 at the end are not read, as in AVX2.  The column box
 * (centred columns) keeps AVX2's: at 512 bits it measured level or slower
 * on cold frames (docs/design.md), as the planar box did. */
static ALWAYS_INLINE void
stage_fold_bytes (guint8 * d, const guint8 * const s[3], const int w[3],
    int cosited, int shift, int n, gboolean stream)
{
  const __m512i weights[3] = { _mm512_set1_epi8 (w[0]),
    _mm512_set1_epi8 (w[1]), _mm512_set1_epi8 (w[2])
  };
  const __m512i half = _mm512_set1_epi16 (1 << (shift - 1));
  const __m128i count = _mm_cvtsi32_si128 (shift);
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;

  if (!cosited && stream)
    pc_stage_fold_bytes_stream_avx2 (d, s, w, cosited, shift, n);
  else if (!cosited)
    pc_stage_fold_bytes_avx2 (d, s, w, cosited, shift, n);
  else if (rows == 3)
    fold_rows (d, s, weights, 3, TRUE, half, count, n, stream);
  else
    fold_rows (d, s, weights, rows, TRUE, half, count, n, stream);
}

void
pc_stage_fold_bytes_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n)
{
  stage_fold_bytes (d, s, w, cosited, shift, n, FALSE);
}

void
pc_stage_fold_bytes_stream_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n)
{
  stage_fold_bytes (d, s, w, cosited, shift, n, TRUE);
}
