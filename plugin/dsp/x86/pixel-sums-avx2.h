/* pooledconvert
 * Sums of 4-byte pixels by channel (private to dsp/x86/, built with
 * -mavx2): the co-sited block sums of rgba-avx2.c, which packed-avx2.c
 * also takes for co-sited 4:4:4 chroma.
 */

#ifndef __PC_PIXEL_SUMS_AVX2_H__
#define __PC_PIXEL_SUMS_AVX2_H__

#include "dsp/x86/avx2-common.h"

/* Four vectors of block sums as block_sums4 lays them out, transposed to
 * one vector per channel (R, G, B, A in RGBA order), 16 blocks each:
 * 32-bit pairs are interleaved twice. */
static inline void
sums_by_channel (__m256i q0, __m256i q1, __m256i q2, __m256i q3, __m256i c[4])
{
  __m256i lo01 = _mm256_unpacklo_epi32 (q0, q1);
  __m256i hi01 = _mm256_unpackhi_epi32 (q0, q1);
  __m256i lo23 = _mm256_unpacklo_epi32 (q2, q3);
  __m256i hi23 = _mm256_unpackhi_epi32 (q2, q3);

  c[0] = _mm256_unpacklo_epi64 (lo01, lo23);
  c[1] = _mm256_unpackhi_epi64 (lo01, lo23);
  c[2] = _mm256_unpacklo_epi64 (hi01, hi23);
  c[3] = _mm256_unpackhi_epi64 (hi01, hi23);
}

/* Stores 16 samples of each of two channel vectors (16-bit lanes, 0..255)
 * from sums_by_channel to @x and @y, in block order (streaming: store16). */
static inline void
store_two_channels16 (guint8 * x, guint8 * y, __m256i cx, __m256i cy,
    gboolean stream)
{
  /* after the packing, block k sits at byte position
   * 0 1 8 9 2 3 10 11 4 5 12 13 6 7 14 15 of each half */
  const __m256i in_order = _mm256_setr_epi8 (0, 1, 8, 9, 2, 3, 10, 11, 4, 5,
      12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14,
      15);
  /* lower half: the 16 bytes of @cx, upper half: of @cy */
  __m256i xy = _mm256_shuffle_epi8 (words_to_bytes (cx, cy), in_order);

  store16 (x, _mm256_castsi256_si128 (xy), stream);
  store16 (y, _mm256_extracti128_si256 (xy, 1), stream);
}

/* The same as NV12's pairs at @d: @cx's sample k, then @cy's */
static inline void
store_two_channels16_pairs (guint8 * d, __m256i cx, __m256i cy,
    gboolean stream)
{
  /* block k's bytes, as above, to pair order: the 64-bit quarters of
   * @cx's first 8 samples and @cy's in one lane, then interleaved */
  const __m256i in_order = _mm256_setr_epi8 (0, 1, 8, 9, 2, 3, 10, 11, 4, 5,
      12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14,
      15);
  const __m256i pair = _mm256_setr_epi8 (0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5,
      13, 6, 14, 7, 15, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
  __m256i xy = _mm256_shuffle_epi8 (words_to_bytes (cx, cy), in_order);

  store32 (d, _mm256_shuffle_epi8 (_mm256_permute4x64_epi64 (xy, 0xd8), pair),
      stream);
}

static const guint8 by_channel_bytes[32] = { 0, 4, 8, 12, 1, 5, 9, 13, 2,
  6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7,
  11, 15
};

/* As block_sums4, with co-sited weights: per channel 2 even + odd pixel
 * of each pair of a and b (pmaddubsw with 2, 1), plus the odd pixel before
 * each pair in both rows (at most 8 * 255 per lane).  Those two odd pixels
 * are gathered into one pixel pair per block (b's moved to the even
 * dword, a's kept in the odd one: a shift and a blend, no shuffle port),
 * so one shuffle and one pmaddubsw with 1s serve both rows. */
static inline __m256i
cosited_block_sums4 (const guint8 * a, const guint8 * pa, const guint8 * b,
    const guint8 * pb, __m256i by_channel, __m256i two_one, __m256i ones)
{
  __m256i rows = _mm256_add_epi16 (_mm256_maddubs_epi16 (_mm256_shuffle_epi8
          (LOAD (a), by_channel), two_one),
      _mm256_maddubs_epi16 (_mm256_shuffle_epi8 (LOAD (b), by_channel),
          two_one));
  __m256i before = _mm256_blend_epi32 (_mm256_srli_epi64 (LOAD (pb), 32),
      LOAD (pa), 0xaa);

  return _mm256_add_epi16 (rows,
      _mm256_maddubs_epi16 (_mm256_shuffle_epi8 (before, by_channel), ones));
}

#endif /* __PC_PIXEL_SUMS_AVX2_H__ */
