/* pooledconvert
 * The packed family in AVX2: luma and chroma of packed 4:2:2 and 4:4:4
 * pixels, 4:4:4 chroma centred or co-sited, grey luma's affine map; see
 * kernels-avx2.h.  They give
 * the results of their C twins (c/packed.c) to the bit, at any width and
 * alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/x86/pixel-sums-avx2.h"
#include "dsp/c/kernels-c.h"

static inline void
packed422_to_y (guint8 * d, const guint8 * s, int shift, int n, gboolean stream)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i a, b;

    prefetch_ahead (s + 2 * (gsize) i, 64);
    a = _mm256_srl_epi16 (LOAD (s + 2 * i), count);
    b = _mm256_srl_epi16 (LOAD (s + 2 * i + 32), count);

    store32 (d + i, words_to_bytes (_mm256_and_si256 (a, low),
            _mm256_and_si256 (b, low)), stream);
  }
  if (i < n)
    pc_packed422_to_y_c (d + i, s + 2 * i, shift, n - i);
}

NORMAL_AND_STREAMING (packed422_to_y, (guint8 * d, const guint8 * s,
        int shift, int n), packed422_to_y (d, s, shift, n, stream));

/* Bytes (shift / 8) of each 16-bit half of 8 macropixels @m, in 32-bit
 * lanes: the first half's in @lo, the second's in @hi. */
static inline void
packed422_chroma8 (__m256i m, __m128i count, __m256i * lo, __m256i * hi)
{
  const __m256i low = _mm256_set1_epi32 (0xff);
  __m256i x = _mm256_srl_epi32 (m, count);

  *lo = _mm256_and_si256 (x, low);
  *hi = _mm256_and_si256 (_mm256_srli_epi32 (x, 16), low);
}

static inline void
packed422_to_uv (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n, gboolean stream)
{
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i lo[4], hi[4];
    int j;

    if (!stream)
      ask_next_pair (s1, s2, 4 * (gsize) i, 128);
    /* the rows' bytewise average, then byte shift / 8 of each word */
    for (j = 0; j < 4; j++)
      packed422_chroma8 (_mm256_avg_epu8 (LOAD (s1 + 4 * i + 32 * j),
              LOAD (s2 + 4 * i + 32 * j)), count, &lo[j], &hi[j]);
    store32 (a + i, dwords_to_bytes (lo[0], lo[1], lo[2], lo[3]), stream);
    store32 (b + i, dwords_to_bytes (hi[0], hi[1], hi[2], hi[3]), stream);
  }
  if (i < n)
    pc_packed422_to_uv_c (a + i, b + i, s1 + 4 * i, s2 + 4 * i, shift, n - i);
}

NORMAL_AND_STREAMING (packed422_to_uv, (guint8 * a, guint8 * b,
        const guint8 * s1, const guint8 * s2, int shift, int n),
    packed422_to_uv (a, b, s1, s2, shift, n, stream));

/* The byte shuffle that takes U (byte shift / 8 of each macropixel) and
 * V (the byte two over) of a half's four macropixels as four pairs, in
 * its low 8 bytes; the high 8 are zeroed. */
static inline __m256i
pairs_shuffle (int shift)
{
  gint64 order = 0;
  int u = shift / 8, k;

  for (k = 0; k < 4; k++)
    order |= (gint64) (4 * k + u) << (16 * k) |
        (gint64) (4 * k + (u ^ 2)) << (16 * k + 8);
  return _mm256_set_epi64x (-1, order, -1, order);
}

/* 16 pairs a step: the rows' bytewise average, each half's four pairs
 * shuffled to its low bytes, and the four quarters put in order. */
static inline void
packed422_to_uv_pairs (guint8 * d, const guint8 * s1, const guint8 * s2,
    int shift, int n, gboolean stream)
{
  const __m256i order = pairs_shuffle (shift);
  int i = 0;

  for (; i + 16 <= n; i += 16) {
    __m256i lo, hi;

    if (!stream)
      ask_next_pair (s1, s2, 4 * (gsize) i, 64);
    lo = _mm256_shuffle_epi8 (_mm256_avg_epu8 (LOAD (s1 + 4 * i),
            LOAD (s2 + 4 * i)), order);
    hi = _mm256_shuffle_epi8 (_mm256_avg_epu8 (LOAD (s1 + 4 * i + 32),
            LOAD (s2 + 4 * i + 32)), order);

    store32 (d + 2 * i, _mm256_permute4x64_epi64 (_mm256_unpacklo_epi64 (lo,
                hi), 0xd8), stream);
  }
  if (i < n)
    pc_packed422_to_uv_pairs_c (d + 2 * i, s1 + 4 * i, s2 + 4 * i, shift,
        n - i);
}

NORMAL_AND_STREAMING (packed422_to_uv_pairs, (guint8 * d, const guint8 * s1,
        const guint8 * s2, int shift, int n),
    packed422_to_uv_pairs (d, s1, s2, shift, n, stream));

/* The [1 2 1] of the macropixels of rows @s0, @s1, @s2 bytewise, then
 * split as packed422_to_uv splits, 32 outputs a step.  Returns the
 * outputs made. */
static inline int
packed422_tent_rows (guint8 * a, guint8 * b, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int shift, int n)
{
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i ca[4], cb[4];
    int j;

    for (j = 0; j < 4; j++)
      packed422_chroma8 (tent_weighted (LOAD (s0 + 4 * i + 32 * j),
              LOAD (s1 + 4 * i + 32 * j), LOAD (s2 + 4 * i + 32 * j)), count,
          &ca[j], &cb[j]);
    STORE (a + i, dwords_to_bytes (ca[0], ca[1], ca[2], ca[3]));
    STORE (b + i, dwords_to_bytes (cb[0], cb[1], cb[2], cb[3]));
  }
  return i;
}

/* the far row taken once, the near twice */
void
pc_packed422_to_uv_weighted_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  int i = packed422_tent_rows (a, b, s2, s1, s1, shift, n);

  if (i < n)
    pc_packed422_to_uv_weighted_c (a + i, b + i, s1 + 4 * i, s2 + 4 * i,
        shift, n - i);
}

/* the stages' co-sited rows, which luma has just read */
void
pc_packed422_to_uv_cosited_v_avx2 (guint8 * a, guint8 * b, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int shift, int n)
{
  int i = packed422_tent_rows (a, b, s0, s1, s2, shift, n);

  if (i < n)
    pc_packed422_to_uv_cosited_v_c (a + i, b + i, s0 + 4 * i, s1 + 4 * i,
        s2 + 4 * i, shift, n - i);
}

static inline void
packed444_to_y (guint8 * d, const guint8 * s, int shift, int n, gboolean stream)
{
  const __m256i low = _mm256_set1_epi32 (0xff);
  const __m128i count = shift_count (shift);
  __m256i y[4];
  int i = 0, j;

  for (; i + 32 <= n; i += 32) {
    prefetch_ahead (s + 4 * (gsize) i, 128);
    for (j = 0; j < 4; j++)
      y[j] = _mm256_and_si256 (_mm256_srl_epi32 (LOAD (s + 4 * i + 32 * j),
              count), low);
    store32 (d + i, dwords_to_bytes (y[0], y[1], y[2], y[3]), stream);
  }
  if (i < n)
    pc_packed444_to_y_c (d + i, s + 4 * i, shift, n - i);
}

NORMAL_AND_STREAMING (packed444_to_y, (guint8 * d, const guint8 * s,
        int shift, int n), packed444_to_y (d, s, shift, n, stream));

/* 8 outputs of each channel from 16 pixels of each row: per 32-bit lane
 * the two rows' channel bytes added, then horizontal pairs added (hadd
 * works per 128-bit half; the 64-bit permute restores the order), then
 * rounded once. */
static inline void
box8_444 (const guint8 * p1, const guint8 * p2, __m128i count, __m256i * a,
    __m256i * b)
{
  const __m256i low = _mm256_set1_epi32 (0xff);
  const __m256i two = _mm256_set1_epi32 (2);
  __m256i c0[2], c1[2];
  int k;

  for (k = 0; k < 2; k++) {
    __m256i x = _mm256_srl_epi32 (LOAD (p1 + 32 * k), count);
    __m256i y = _mm256_srl_epi32 (LOAD (p2 + 32 * k), count);

    c0[k] = _mm256_add_epi32 (_mm256_and_si256 (x, low),
        _mm256_and_si256 (y, low));
    c1[k] = _mm256_add_epi32 (_mm256_and_si256 (_mm256_srli_epi32 (x, 8),
            low), _mm256_and_si256 (_mm256_srli_epi32 (y, 8), low));
  }
  *a = _mm256_srli_epi32 (_mm256_add_epi32 (_mm256_permute4x64_epi64
          (_mm256_hadd_epi32 (c0[0], c0[1]), 0xd8), two), 2);
  *b = _mm256_srli_epi32 (_mm256_add_epi32 (_mm256_permute4x64_epi64
          (_mm256_hadd_epi32 (c1[0], c1[1]), 0xd8), two), 2);
}

/* Into rows @a and @b, or with @pairs into NV12's pairs at @a (b's
 * samples first when @v_first). */
static inline void
packed444_box_2x2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n, gboolean pairs, int v_first,
    gboolean stream)
{
  const __m128i count = shift_count (shift);
  __m256i ca[4], cb[4];
  int i = 0, j;

  for (; i + 32 <= n; i += 32) {
    __m256i x, y;

    for (j = 0; j < 4; j++)
      box8_444 (s1 + 8 * i + 64 * j, s2 + 8 * i + 64 * j, count, &ca[j],
          &cb[j]);
    x = dwords_to_bytes (ca[0], ca[1], ca[2], ca[3]);
    y = dwords_to_bytes (cb[0], cb[1], cb[2], cb[3]);
    if (pairs) {
      store_pairs64 (a + 2 * i, v_first ? y : x, v_first ? x : y, stream);
    } else {
      store32 (a + i, x, stream);
      store32 (b + i, y, stream);
    }
  }
  if (i < n && pairs)
    pc_packed444_box_2x2_pairs_c (a + 2 * i, s1 + 8 * i, s2 + 8 * i, shift,
        v_first, n - i);
  else if (i < n)
    pc_packed444_box_2x2_c (a + i, b + i, s1 + 8 * i, s2 + 8 * i, shift, n - i);
}

NORMAL_AND_STREAMING (packed444_box_2x2, (guint8 * a, guint8 * b,
        const guint8 * s1, const guint8 * s2, int shift, int n),
    packed444_box_2x2 (a, b, s1, s2, shift, n, FALSE, 0, stream));

NORMAL_AND_STREAMING (packed444_box_2x2_pairs, (guint8 * d,
        const guint8 * s1, const guint8 * s2, int shift, int v_first, int n),
    packed444_box_2x2 (d, NULL, s1, s2, shift, n, TRUE, v_first, stream));

/* 16 samples of channels j and j + 1 (j = @shift / 8) of packed 4:4:4
 * pixels, co-sited: the per-channel sums of cosited_block_sums4, split by
 * channel as store_uv16 does (each vector of sums holds, per 128-bit half,
 * one dword per channel for two blocks), rounded once. */
static inline void
packed444_cosited_h (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n,
    gboolean pairs, int v_first, gboolean stream)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i four = _mm256_set1_epi16 (4);
  const __m256i by_channel = LOAD (by_channel_bytes);
  int i = 0, j = shift / 8, k;

  if (n < 16 && pairs) {
    pc_packed444_cosited_h_pairs_c (a, s1, p1, s2, p2, shift, v_first, n);
    return;
  }
  if (n < 16) {
    pc_packed444_cosited_h_c (a, b, s1, p1, s2, p2, shift, n);
    return;
  }
  /* the last vector may overlap the one before: the same samples again */
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 8 * (gsize) i;
    __m256i q[4], c[4], x, y;

    for (k = 0; k < 4; k++)
      q[k] = cosited_block_sums4 (s1 + o + 32 * k, p1 + o + 32 * k,
          s2 + o + 32 * k, p2 + o + 32 * k, by_channel, two_one, ones);
    sums_by_channel (q[0], q[1], q[2], q[3], c);
    x = _mm256_srli_epi16 (_mm256_add_epi16 (c[j], four), 3);
    y = _mm256_srli_epi16 (_mm256_add_epi16 (c[j + 1], four), 3);
    if (pairs)
      store_two_channels16_pairs (a + 2 * i, v_first ? y : x, v_first ? x : y,
          stream);
    else
      store_two_channels16 (a + i, b + i, x, y, stream);
    if (i == n - 16)
      break;
  }
}

NORMAL_AND_STREAMING (packed444_cosited_h, (guint8 * a, guint8 * b,
        const guint8 * s1, const guint8 * p1, const guint8 * s2,
        const guint8 * p2, int shift, int n),
    packed444_cosited_h (a, b, s1, p1, s2, p2, shift, n, FALSE, 0, stream));

NORMAL_AND_STREAMING (packed444_cosited_h_pairs, (guint8 * d,
        const guint8 * s1, const guint8 * p1, const guint8 * s2,
        const guint8 * p2, int shift, int v_first, int n),
    packed444_cosited_h (d, NULL, s1, p1, s2, p2, shift, n, TRUE, v_first,
        stream));

/* 32 codes a vector: x << 8 is x in the high byte of each 16-bit lane,
 * mulhi_epu16 is (x << 8) * a >> 16, and the saturating adds and packus
 * are the contract's two saturations and its min (255, .). */
void
pc_gray_affine_avx2 (guint8 * d, const guint8 * s, int sub, int a, int b,
    int twice, int n)
{
  const __m256i vsub = _mm256_set1_epi8 ((gchar) sub);
  const __m256i va = _mm256_set1_epi16 ((gshort) a);
  const __m256i vb = _mm256_set1_epi16 ((gshort) b);
  const __m256i zero = _mm256_setzero_si256 ();
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i x = _mm256_subs_epu8 (_mm256_loadu_si256 ((const __m256i *) (s +
                i)), vsub);
    __m256i lo = _mm256_mulhi_epu16 (_mm256_unpacklo_epi8 (zero, x), va);
    __m256i hi = _mm256_mulhi_epu16 (_mm256_unpackhi_epi8 (zero, x), va);

    if (twice) {
      lo = _mm256_adds_epu16 (lo, lo);
      hi = _mm256_adds_epu16 (hi, hi);
    }
    lo = _mm256_srli_epi16 (_mm256_adds_epu16 (lo, vb), 8);
    hi = _mm256_srli_epi16 (_mm256_adds_epu16 (hi, vb), 8);
    _mm256_storeu_si256 ((__m256i *) (d + i), _mm256_packus_epi16 (lo, hi));
  }
  if (i < n)
    pc_gray_affine_c (d + i, s + i, sub, a, b, twice, n - i);
}

/* 16 codes an iteration, in two vectors of 32-bit lanes: the saturating
 * byte subtract is max (s - sub, 0), and the words are packed (in lane
 * order, then the 64-bit quarters put back in order) before the shift */
void
pc_gray_affine_10_avx2 (guint8 * d, const guint8 * s, int sub, int a, int b,
    int out_shift, int n)
{
  const __m128i vsub = _mm_set1_epi8 ((gchar) sub);
  const __m256i va = _mm256_set1_epi32 (a);
  const __m256i vb = _mm256_set1_epi32 (b);
  const __m256i top = _mm256_set1_epi32 (1023);
  const __m128i count = _mm_cvtsi32_si128 (out_shift);
  int i = 0;

  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_subs_epu8 (_mm_loadu_si128 ((const __m128i *) (s + i)),
        vsub);
    __m256i lo = _mm256_cvtepu8_epi32 (x);
    __m256i hi = _mm256_cvtepu8_epi32 (_mm_srli_si128 (x, 8));

    lo = _mm256_min_epi32 (_mm256_srli_epi32 (_mm256_add_epi32
            (_mm256_mullo_epi32 (lo, va), vb), 16), top);
    hi = _mm256_min_epi32 (_mm256_srli_epi32 (_mm256_add_epi32
            (_mm256_mullo_epi32 (hi, va), vb), 16), top);
    _mm256_storeu_si256 ((__m256i *) (d + 2 * i),
        _mm256_sll_epi16 (_mm256_permute4x64_epi64 (_mm256_packus_epi32 (lo,
                    hi), 0xd8), count));
  }
  if (i < n)
    pc_gray_affine_10_c (d + 2 * i, s + i, sub, a, b, out_shift, n - i);
}
