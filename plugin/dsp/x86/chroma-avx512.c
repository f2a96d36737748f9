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

/* @m U and V samples from the stack chunks @u, @v as NV12's pairs at @d:
 * the unpacks interleave within each 128-bit lane, the permutes put the
 * lanes in order; the last step loads and stores through masks. */
static ALWAYS_INLINE void
interleave_chunks (guint8 * d, const guint8 * u, const guint8 * v, int m,
    gboolean stream)
{
  const __m512i first = _mm512_setr_epi64 (0, 1, 8, 9, 2, 3, 10, 11);
  const __m512i second = _mm512_setr_epi64 (4, 5, 12, 13, 6, 7, 14, 15);
  int i;

  for (i = 0; i < m; i += 64) {
    int left = m - i;
    gboolean full = left >= 64;
    __m512i a = load_row (u + i, left, full), b = load_row (v + i, left, full);
    __m512i low = _mm512_unpacklo_epi8 (a, b);
    __m512i high = _mm512_unpackhi_epi8 (a, b);

    store_row (d + 2 * i, _mm512_permutex2var_epi64 (low, first, high),
        2 * left, full, stream);
    if (left > 32)
      store_row (d + 2 * i + 64, _mm512_permutex2var_epi64 (low, second,
              high), 2 * left - 64, full, stream);
  }
}

/* As pc_chroma_cosited_h_avx512 for U's rows into a stack chunk, then
 * V's, then both interleaved into @d (chroma-avx2.c's pairs kernels say
 * why by chunks) */
static ALWAYS_INLINE void
cosited_h_pairs (guint8 * d, const guint8 * u1, const guint8 * pu1,
    const guint8 * u2, const guint8 * pu2, const guint8 * v1,
    const guint8 * pv1, const guint8 * v2, const guint8 * pv2, int n,
    gboolean stream)
{
  guint8 u[ROW_CHUNK], v[ROW_CHUNK];
  int first, m;

  for (first = 0; first < n; first += m) {
    gsize o = 2 * (gsize) first;

    m = MIN (ROW_CHUNK, n - first);
    two_row_filter (u, u1 + o, pu1 + o, u2 + o, pu2 + o, m, FALSE, 4, 3,
        FALSE);
    two_row_filter (v, v1 + o, pv1 + o, v2 + o, pv2 + o, m, FALSE, 4, 3,
        FALSE);
    interleave_chunks (d + o, u, v, m, stream);
  }
}

void
pc_chroma_cosited_h_pairs_avx512 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n)
{
  cosited_h_pairs (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n, FALSE);
}

void
pc_chroma_cosited_h_pairs_stream_avx512 (guint8 * d, const guint8 * u1,
    const guint8 * pu1, const guint8 * u2, const guint8 * pu2,
    const guint8 * v1, const guint8 * pv1, const guint8 * v2,
    const guint8 * pv2, int n)
{
  cosited_h_pairs (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n, TRUE);
}
