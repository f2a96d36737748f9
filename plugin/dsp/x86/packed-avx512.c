/* pooledconvert
 * AVX-512 kernels of the packed family (see kernels-avx512.h) for
 * 4-byte 4:4:4 pixels (AYUV, VUYA and kin): the luma, one byte of every
 * pixel, and the chroma co-sited, [1 2 1] across pixels 2i - 1, 2i,
 * 2i + 1 of both rows.  Bit for bit the C twins (c/packed.c).
 *
 * Both gather bytes with VBMI's one-table byte permute (vpermb), one per
 * 64-byte load, each merged into its part of the result under a mask.
 * The luma: 16 bytes a load, 64 pixels a step, one store.  The chroma:
 * each load's 8 outputs of both channels as byte pairs (pixel 2i, pixel
 * 2i + 1) that one multiply-add with (2, 1) sums, plus pixel 2i - 1 from
 * the load at @p zero-extended, both rows added and rounded once in
 * 16-bit lanes; 16 outputs a step, U in the low half and V in the high
 * half of one byte pack.  The last step loads and stores through byte
 * masks, so nothing past the row is touched.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/x86/avx512-common.h"

/* 64 pixels' luma from @s, of which @left exist when not @full */
static ALWAYS_INLINE __m512i
luma64 (const guint8 * s, __m512i pick, int left, gboolean full)
{
  __m512i y = _mm512_permutexvar_epi8 (pick, load_row (s, 4 * left, full));
  int k;

  for (k = 1; k < 4; k++)
    y = _mm512_mask_permutexvar_epi8 (y, (__mmask64) 0xffff << (16 * k),
        pick, load_row (s + 64 * k, 4 * left - 64 * k, full));
  return y;
}

/* Bytes 0, 4, ... 60 (byte 0 of each pixel of a 64-byte load) in each
 * 128-bit lane, plus @add and, in the upper half, @add_high: the byte
 * permutes are made in registers, since a 64-byte index array on the
 * stack gets aligned loads that ASan's fake stack frames do not align. */
static ALWAYS_INLINE __m512i
pixel_bytes (int add, int add_high)
{
  const int b0 = 0x0c080400, b1 = 0x1c181410, b2 = 0x2c282420;
  const int b3 = 0x3c383430;

  return _mm512_add_epi8 (_mm512_setr_epi32 (b0, b1, b2, b3, b0, b1, b2, b3,
          b0, b1, b2, b3, b0, b1, b2, b3), _mm512_mask_blend_epi64 (0xf0,
          _mm512_set1_epi8 (add), _mm512_set1_epi8 (add + add_high)));
}

static ALWAYS_INLINE void
packed444_to_y (guint8 * d, const guint8 * s, int shift, int n, gboolean stream)
{
  /* output byte j of each quarter: byte shift / 8 of pixel j of its
   * 64-byte load */
  const __m512i pick = pixel_bytes (shift / 8, 0);
  int i;

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;

    prefetch_ahead (s + 4 * (gsize) i, 256);
    store_row (d + i, luma64 (s + 4 * (gsize) i, pick, left, full), left,
        full, stream);
  }
}

void
pc_packed444_to_y_avx512 (guint8 * d, const guint8 * s, int shift, int n)
{
  packed444_to_y (d, s, shift, n, FALSE);
}

void
pc_packed444_to_y_stream_avx512 (guint8 * d, const guint8 * s, int shift, int n)
{
  packed444_to_y (d, s, shift, n, TRUE);
}

/* The co-sited chroma's 16-bit lane L holds output L % 16 of U (L < 16)
 * or V; load k (of two) fills the lanes of outputs 8k .. 8k + 7, whose
 * bytes are these, and their low bytes the second masks. */
#define COSITED_LANES_0 ((__mmask64) 0x0000ffff0000ffffull)
#define COSITED_LANES_1 ((__mmask64) 0xffff0000ffff0000ull)
#define LOW_BYTES ((__mmask64) 0x5555555555555555ull)

/* One row's [1 2 1] sums of 16 outputs of both channels from @s and @p
 * (128 bytes each, of which @bytes exist when not @full) */
static ALWAYS_INLINE __m512i
cosited_row_sums (const guint8 * s, const guint8 * p, int bytes,
    gboolean full, __m512i pair, __m512i before)
{
  __m512i pairs = _mm512_maskz_permutexvar_epi8 (COSITED_LANES_0, pair,
      load_row (s, bytes, full));
  __m512i earlier = _mm512_maskz_permutexvar_epi8 (COSITED_LANES_0 &
      LOW_BYTES, before, load_row (p, bytes, full));

  pairs = _mm512_mask_permutexvar_epi8 (pairs, COSITED_LANES_1, pair,
      load_row (s + 64, bytes - 64, full));
  earlier = _mm512_mask_permutexvar_epi8 (earlier, COSITED_LANES_1 &
      LOW_BYTES, before, load_row (p + 64, bytes - 64, full));
  return _mm512_add_epi16 (_mm512_maddubs_epi16 (pairs,
          _mm512_set1_epi16 (0x0102)), earlier);
}

/* Into rows @a and @b, or with @pairs into NV12's pairs at @a (b's
 * samples first when @v_first): the 16 bytes of each channel
 * interleaved, one 32-byte store. */
static ALWAYS_INLINE void
packed444_cosited_h (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n,
    gboolean pairs, int v_first, gboolean stream)
{
  const __m512i four = _mm512_set1_epi16 (4);
  /* lane L's bytes: pixels 2m and 2m + 1 (m = L % 8) of channel
   * shift / 8, or of the next one for V's lanes; the byte of pixel 2m + 1
   * alone, of the load at p, the pixel before 2m */
  const __m512i pair = pixel_bytes (shift / 8, 1);
  const __m512i before = _mm512_srli_epi16 (pair, 8);
  int i;

  for (i = 0; i < n; i += 16) {
    gsize o = 8 * (gsize) i;
    int left = n - i;
    gboolean full = left >= 16;
    __m512i sums;
    __m256i bytes;

    /* I420's rows with normal stores ask for the next pair (see
     * ask_next_pair ()); NV12's pairs measured mixed with it, 0.82x to
     * 1.28x the time, and keep the request ahead in the row */
    if (!stream && !pairs)
      ask_next_pair (s1, s2, o, 128);
    else {
      prefetch_ahead (s1 + o, 128);
      prefetch_ahead (s2 + o, 128);
    }
    sums = _mm512_add_epi16 (cosited_row_sums (s1 + o, p1 + o, 8 * left,
            full, pair, before), cosited_row_sums (s2 + o, p2 + o, 8 * left,
            full, pair, before));
    bytes = _mm512_cvtepi16_epi8 (_mm512_srli_epi16 (_mm512_add_epi16 (sums,
                four), 3));
    if (pairs) {
      __m128i x = _mm256_castsi256_si128 (bytes);
      __m128i y = _mm256_extracti128_si256 (bytes, 1);
      __m128i first = v_first ? y : x, second = v_first ? x : y;
      __m256i d = _mm256_setr_m128i (_mm_unpacklo_epi8 (first, second),
          _mm_unpackhi_epi8 (first, second));

      if (full && stream && ((guintptr) (a + 2 * i) & 31) == 0)
        _mm256_stream_si256 ((__m256i *) (a + 2 * i), d);
      else
        _mm256_mask_storeu_epi8 (a + 2 * i, full ? 0xffffffffu :
            (__mmask32) ((1ull << (2 * left)) - 1), d);
      continue;
    }
    if (full && stream && ((guintptr) (a + i) & 15) == 0
        && ((guintptr) (b + i) & 15) == 0) {
      _mm_stream_si128 ((__m128i *) (a + i), _mm256_castsi256_si128 (bytes));
      _mm_stream_si128 ((__m128i *) (b + i), _mm256_extracti128_si256 (bytes,
              1));
    } else {
      __mmask16 m = full ? 0xffff : (__mmask16) ((1u << left) - 1);

      _mm_mask_storeu_epi8 (a + i, m, _mm256_castsi256_si128 (bytes));
      _mm_mask_storeu_epi8 (b + i, m, _mm256_extracti128_si256 (bytes, 1));
    }
  }
}

void
pc_packed444_cosited_h_avx512 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  packed444_cosited_h (a, b, s1, p1, s2, p2, shift, n, FALSE, 0, FALSE);
}

void
pc_packed444_cosited_h_stream_avx512 (guint8 * a, guint8 * b,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int shift, int n)
{
  packed444_cosited_h (a, b, s1, p1, s2, p2, shift, n, FALSE, 0, TRUE);
}

void
pc_packed444_cosited_h_pairs_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n)
{
  packed444_cosited_h (d, NULL, s1, p1, s2, p2, shift, n, TRUE, v_first,
      FALSE);
}

void
pc_packed444_cosited_h_pairs_stream_avx512 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift,
    int v_first, int n)
{
  packed444_cosited_h (d, NULL, s1, p1, s2, p2, shift, n, TRUE, v_first,
      TRUE);
}
