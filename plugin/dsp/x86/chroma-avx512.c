/* pooledconvert
 * AVX-512 kernels of the chroma family (see kernels-avx512.h): planar
 * 4:4:4 chroma to 4:2:0 co-sited, [1 2 1] across columns, and its
 * interlaced-field form.  Bit for bit the C twins (c/chroma.c): the sums
 * are exact in 16-bit lanes and rounded once.  The box (centred chroma)
 * was written too and measured slower than AVX2's on cold frames of
 * 480p and 720p (docs/design.md): the tier keeps AVX2's.
 *
 * As in AVX2 (chroma-avx2.c, ROW_CHUNK says why), each source row is read
 * to its end before the next: row 1's sums go to a small buffer that
 * stays in L1, then row 2 finishes the outputs.  Steps are 64 outputs
 * (128 source bytes a row); the last loads and stores through byte
 * masks, so nothing is read or written past the row.  Each pass asks
 * for its row PREFETCH_AHEAD bytes ahead (avx512-common.h).  The
 * streaming context's co-sited kernel is the same body with streaming
 * stores.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/x86/avx512-common.h"

/* outputs per pass of the two rows, as in AVX2 */
#define ROW_CHUNK 2048

/* 32 sums of one row for 32 outputs from @s (64 source bytes, of which
 * @bytes exist when not @full): 2 s[2i] + s[2i + 1] (pmaddubsw with
 * (2, 1)) + the high byte of pair i of @p, the pixel left of s[2i]. */
static ALWAYS_INLINE __m512i
row_sums32 (const guint8 * s, const guint8 * p, int bytes, gboolean full)
{
  return _mm512_add_epi16 (_mm512_maddubs_epi16 (load_row (s, bytes, full),
          _mm512_set1_epi16 (0x0102)), _mm512_srli_epi16 (load_row (p, bytes,
              full), 8));
}

/* One output row from two source rows of pairs: row 1's sums (times 3
 * when @thrice, an interlaced field's nearer row), then row 2's added,
 * plus @round, shifted right by @shift.  With @stream, a whole vector
 * bound for a 64-byte boundary goes around the cache. */
static ALWAYS_INLINE void
two_row_filter (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n, gboolean thrice, int round,
    int shift, gboolean stream)
{
  const __m512i r = _mm512_set1_epi16 (round);
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  gint16 row1[ROW_CHUNK];
  int first, end, i;

  for (first = 0; first < n; first = end) {
    end = MIN (n, first + ROW_CHUNK);
    for (i = first; i < end; i += 32) {
      int left = end - i;
      gsize o = 2 * (gsize) i;
      gboolean full = left >= 32;
      __m512i sums;

      prefetch_ahead (s1 + o, 64);
      sums = row_sums32 (s1 + o, p1 + o, 2 * left, full);

      if (thrice)
        sums = _mm512_add_epi16 (sums, _mm512_slli_epi16 (sums, 1));
      _mm512_storeu_si512 ((void *) (row1 + (i - first)), sums);
    }
    for (i = first; i < end; i += 64) {
      int left = end - i;
      gsize o = 2 * (gsize) i;
      gboolean full = left >= 64;
      const gint16 *sums = row1 + (i - first);
      __m512i a = _mm512_add_epi16 (_mm512_loadu_si512 ((const void *) sums),
          row_sums32 (s2 + o, p2 + o, 2 * left, full));
      __m512i b = _mm512_setzero_si512 (), bytes;

      prefetch_ahead (s2 + o, 128);

      /* the second half's sums exist only where its outputs do */
      if (left > 32)
        b = _mm512_add_epi16 (_mm512_loadu_si512 ((const void *) (sums + 32)),
            row_sums32 (s2 + o + 64, p2 + o + 64, 2 * (left - 32), full));
      a = _mm512_srli_epi16 (_mm512_add_epi16 (a, r), shift);
      b = _mm512_srli_epi16 (_mm512_add_epi16 (b, r), shift);
      bytes = _mm512_permutexvar_epi64 (order, _mm512_packus_epi16 (a, b));
      store_row (d + i, bytes, left, full, stream);
    }
  }
}

void
pc_chroma_cosited_h_avx512 (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  two_row_filter (d, s1, p1, s2, p2, n, FALSE, 4, 3, FALSE);
}

void
pc_chroma_cosited_h_stream_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  two_row_filter (d, s1, p1, s2, p2, n, FALSE, 4, 3, TRUE);
}

void
pc_chroma_cosited_h_weighted_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  two_row_filter (d, s1, p1, s2, p2, n, TRUE, 8, 4, FALSE);
}
