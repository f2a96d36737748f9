/* pooledconvert
 * The u16 family in AVX2: 16-bit samples to 8 bits, one row, two rows
 * averaged or boxed, up to three rows co-sited; see kernels-avx2.h.  They
 * give the results of their C twins (c/u16.c) to the bit, at any width and
 * alignment.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/dsp.h"
#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

/* min (255, min (65535, x + round) >> shift) in 16-bit lanes */
static inline __m256i
u16_to_u8_lanes (__m256i x, __m256i round, __m128i count)
{
  return _mm256_min_epu16 (_mm256_srl_epi16 (_mm256_adds_epu16 (x, round),
          count), _mm256_set1_epi16 (255));
}

void
pc_u16_to_u8_avx2 (guint8 * d, const guint8 * s, int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi16 ((short) (round & 0xffff));
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32)
    STORE (d + i, words_to_bytes (u16_to_u8_lanes (LOAD (s + 2 * i), r,
                count), u16_to_u8_lanes (LOAD (s + 2 * i + 32), r, count)));
  if (i < n)
    pc_u16_to_u8_c (d + i, s + 2 * i, round, shift, n - i);
}

void
pc_u16_uv_deinterleave_to_u8_avx2 (guint8 * u, guint8 * v, const guint8 * s,
    int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi16 ((short) (round & 0xffff));
  const __m256i low = _mm256_set1_epi32 (0xffff);
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i t[4], lo[4], hi[4];
    int j;

    prefetch_ahead (s + 4 * (gsize) i, 128);
    for (j = 0; j < 4; j++) {
      t[j] = u16_to_u8_lanes (LOAD (s + 4 * i + 32 * j), r, count);
      lo[j] = _mm256_and_si256 (t[j], low);
      hi[j] = _mm256_srli_epi32 (t[j], 16);
    }
    STORE (u + i, dwords_to_bytes (lo[0], lo[1], lo[2], lo[3]));
    STORE (v + i, dwords_to_bytes (hi[0], hi[1], hi[2], hi[3]));
  }
  if (i < n)
    pc_u16_uv_deinterleave_to_u8_c (u + i, v + i, s + 4 * i, round, shift,
        n - i);
}

/* 16 AYUV64 pixels at @p from four loads of 4: a shuffle gathers each
 * 128-bit half's two pixels as Y Y | U U | V V | A A pairs, the unpacks
 * put the pairs of a component together (in the order 0 2 4 6 1 3 5 7 of
 * the 32-bit pairs), and a permute puts them back in order.  @luma: the
 * 16 Y words; @u, @v: per 32-bit lane, the words of pixels 2k (low) and
 * 2k + 1. */
static inline void
ayuv64_gather (const guint8 * p, __m256i * luma, __m256i * u, __m256i * v)
{
  const __m256i gather = _mm256_setr_epi8 (2, 3, 10, 11, 4, 5, 12, 13, 6, 7,
      14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9);
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  __m256i x0, x1, x2, x3, yu01, yu23, va01, va23;

  x0 = _mm256_shuffle_epi8 (LOAD (p), gather);
  x1 = _mm256_shuffle_epi8 (LOAD (p + 32), gather);
  x2 = _mm256_shuffle_epi8 (LOAD (p + 64), gather);
  x3 = _mm256_shuffle_epi8 (LOAD (p + 96), gather);
  yu01 = _mm256_unpacklo_epi32 (x0, x1);
  yu23 = _mm256_unpacklo_epi32 (x2, x3);
  va01 = _mm256_unpackhi_epi32 (x0, x1);
  va23 = _mm256_unpackhi_epi32 (x2, x3);
  *luma = _mm256_permutevar8x32_epi32 (_mm256_unpacklo_epi64 (yu01, yu23),
      order);
  *u = _mm256_permutevar8x32_epi32 (_mm256_unpackhi_epi64 (yu01, yu23), order);
  *v = _mm256_permutevar8x32_epi32 (_mm256_unpacklo_epi64 (va01, va23), order);
}

/* Per 32-bit lane k, the column sums over both rows of chroma sample k of
 * a block from the rows' word pairs @a and @b: the pair, or with
 * @cosited [1 2 1] from the odd word of the pair before, which lane 0 of
 * @before holds from the block before; @before gets this block's last
 * odd column in lane 0 for the next. */
static inline __m256i
ayuv64_column_sums (__m256i a, __m256i b, __m256i * before, gboolean cosited)
{
  const __m256i low = _mm256_set1_epi32 (0xffff);
  const __m256i rotate = _mm256_setr_epi32 (7, 0, 1, 2, 3, 4, 5, 6);
  __m256i even = _mm256_add_epi32 (_mm256_and_si256 (a, low),
      _mm256_and_si256 (b, low));
  __m256i odd = _mm256_add_epi32 (_mm256_srli_epi32 (a, 16),
      _mm256_srli_epi32 (b, 16));
  __m256i sums = _mm256_add_epi32 (even, odd), rotated;

  if (!cosited)
    return sums;
  rotated = _mm256_permutevar8x32_epi32 (odd, rotate);
  sums = _mm256_add_epi32 (sums, _mm256_add_epi32 (even,
          _mm256_blend_epi32 (rotated, *before, 0x01)));
  *before = rotated;
  return sums;
}

/* The sum over both rows of word @word of pixel @k (its odd column
 * before the first block), each read as min (word >> @read_shift, @max):
 * the word itself for 8-bit output, its 10-bit code for 10-bit output */
static inline int
ayuv64_word_pair (const guint8 * s0, const guint8 * s1, int k, int word,
    int read_shift, int max)
{
  guint16 a, b;

  memcpy (&a, s0 + 8 * k + 2 * word, 2);
  memcpy (&b, s1 + 8 * k + 2 * word, 2);
  return MIN (a >> read_shift, max) + MIN (b >> read_shift, max);
}

/* 16 pixels of both rows a step, read once: their luma rounded and
 * stored, their chroma summed across rows and columns in 32-bit lanes,
 * rounded and stored as 8 samples of U and of V.  The last pixels that
 * do not fill a step go to the twin, which reads the column before
 * them. */
static inline G_ALWAYS_INLINE void
ayuv64_to_420 (guint8 * y0, guint8 * y1, guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, int round, int shift, int first,
    int n, gboolean cosited, PcU16PairTo420Func twin)
{
  int extra = cosited ? 3 : 2;
  const __m256i r = _mm256_set1_epi16 ((short) (round & 0xffff));
  const __m256i chroma_r = _mm256_set1_epi32 ((round & 0xffff) << extra);
  const __m128i count = shift_count (shift);
  const __m128i chroma_count = shift_count (shift + extra);
  const __m256i max = _mm256_set1_epi32 (255);
  int i = first, k = first > 0 ? first - 1 : 0;
  __m256i before_u, before_v;

  if (first + 16 > n) {         /* no step: column k may not exist */
    if (first < n)
      twin (y0, y1, u, v, s0, s1, round, shift, first, n);
    return;
  }
  before_u = _mm256_set1_epi32 (ayuv64_word_pair (s0, s1, k, 2, 0, 65535));
  before_v = _mm256_set1_epi32 (ayuv64_word_pair (s0, s1, k, 3, 0, 65535));

  for (; i + 16 <= n; i += 16) {
    __m256i luma0, luma1, u0, u1, v0, v1, cu, cv, luma;
    __m128i chroma;

    /* the next pair's lines: 8 KiB ahead in the row left each pair's
     * second row to start cold, 0.57x-0.60x that time */
    ask_next_pair (s0, s1, 8 * (gsize) i, 128);
    ayuv64_gather (s0 + 8 * (gsize) i, &luma0, &u0, &v0);
    ayuv64_gather (s1 + 8 * (gsize) i, &luma1, &u1, &v1);
    luma = words_to_bytes (u16_to_u8_lanes (luma0, r, count),
        u16_to_u8_lanes (luma1, r, count));
    _mm_storeu_si128 ((__m128i *) (y0 + i), _mm256_castsi256_si128 (luma));
    _mm_storeu_si128 ((__m128i *) (y1 + i), _mm256_extracti128_si256 (luma, 1));

    cu = ayuv64_column_sums (u0, u1, &before_u, cosited);
    cv = ayuv64_column_sums (v0, v1, &before_v, cosited);
    cu = _mm256_min_epu32 (_mm256_srl_epi32 (_mm256_add_epi32 (cu, chroma_r),
            chroma_count), max);
    cv = _mm256_min_epu32 (_mm256_srl_epi32 (_mm256_add_epi32 (cv, chroma_r),
            chroma_count), max);
    chroma = _mm256_castsi256_si128 (dwords_to_bytes (cu, cv, cu, cv));
    _mm_storel_epi64 ((__m128i *) (u + i / 2), chroma);
    _mm_storel_epi64 ((__m128i *) (v + i / 2), _mm_unpackhi_epi64 (chroma,
            chroma));
  }
  if (i < n)
    twin (y0, y1, u, v, s0, s1, round, shift, i, n);
}

void
pc_u16_ayuv64_to_420_box_avx2 (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n)
{
  ayuv64_to_420 (y0, y1, u, v, s0, s1, round, shift, first, n, FALSE,
      pc_u16_ayuv64_to_420_box_c);
}

void
pc_u16_ayuv64_to_420_cosited_avx2 (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n)
{
  ayuv64_to_420 (y0, y1, u, v, s0, s1, round, shift, first, n, TRUE,
      pc_u16_ayuv64_to_420_cosited_c);
}

/* min (word >> shift, 1023) in 16-bit lanes */
static inline __m256i
codes10 (__m256i x, __m128i count)
{
  return _mm256_min_epu16 (_mm256_srl_epi16 (x, count),
      _mm256_set1_epi16 (1023));
}

/* As ayuv64_to_420, to 10-bit words: the words read as codes first, the
 * chroma sums (at most 8 * 1023) rounded once, no clamp needed */
static inline G_ALWAYS_INLINE void
ayuv64_to_420_10 (guint8 * y0, guint8 * y1, guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, int read_shift, int out_shift,
    int first, int n, gboolean cosited, PcU16PairTo420_10Func twin)
{
  int extra = cosited ? 3 : 2;
  const __m128i count = shift_count (read_shift);
  const __m128i out_count = shift_count (out_shift);
  const __m256i half = _mm256_set1_epi32 (1 << (extra - 1));
  const __m128i chroma_count = shift_count (extra);
  int i = first, k = first > 0 ? first - 1 : 0;
  __m256i before_u, before_v;

  if (first + 16 > n) {         /* no step: column k may not exist */
    if (first < n)
      twin (y0, y1, u, v, s0, s1, read_shift, out_shift, first, n);
    return;
  }
  before_u = _mm256_set1_epi32 (ayuv64_word_pair (s0, s1, k, 2, read_shift,
          1023));
  before_v = _mm256_set1_epi32 (ayuv64_word_pair (s0, s1, k, 3, read_shift,
          1023));

  for (; i + 16 <= n; i += 16) {
    __m256i luma0, luma1, u0, u1, v0, v1, cu, cv, chroma;

    ask_next_pair (s0, s1, 8 * (gsize) i, 128);
    ayuv64_gather (s0 + 8 * (gsize) i, &luma0, &u0, &v0);
    ayuv64_gather (s1 + 8 * (gsize) i, &luma1, &u1, &v1);
    STORE (y0 + 2 * i, _mm256_sll_epi16 (codes10 (luma0, count), out_count));
    STORE (y1 + 2 * i, _mm256_sll_epi16 (codes10 (luma1, count), out_count));

    cu = ayuv64_column_sums (codes10 (u0, count), codes10 (u1, count),
        &before_u, cosited);
    cv = ayuv64_column_sums (codes10 (v0, count), codes10 (v1, count),
        &before_v, cosited);
    cu = _mm256_srl_epi32 (_mm256_add_epi32 (cu, half), chroma_count);
    cv = _mm256_srl_epi32 (_mm256_add_epi32 (cv, half), chroma_count);
    /* per half: U 4 words, V 4 words; the permute puts U's 8 low */
    chroma = _mm256_sll_epi16 (_mm256_permute4x64_epi64 (_mm256_packus_epi32
            (cu, cv), 0xd8), out_count);
    _mm_storeu_si128 ((__m128i *) (u + i), _mm256_castsi256_si128 (chroma));
    _mm_storeu_si128 ((__m128i *) (v + i), _mm256_extracti128_si256 (chroma,
            1));
  }
  if (i < n)
    twin (y0, y1, u, v, s0, s1, read_shift, out_shift, i, n);
}

void
pc_u16_ayuv64_to_420_10_box_avx2 (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n)
{
  ayuv64_to_420_10 (y0, y1, u, v, s0, s1, read_shift, out_shift, first, n,
      FALSE, pc_u16_ayuv64_to_420_10_box_c);
}

void
pc_u16_ayuv64_to_420_10_cosited_avx2 (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n)
{
  ayuv64_to_420_10 (y0, y1, u, v, s0, s1, read_shift, out_shift, first, n,
      TRUE, pc_u16_ayuv64_to_420_10_cosited_c);
}

/* min (255, (sum + round) >> shift) in 32-bit lanes: the sums of two or
 * four 16-bit samples do not fit 16 bits */
static inline __m256i
sum_to_u8_lanes (__m256i sum, __m256i round, __m128i count)
{
  return _mm256_min_epu32 (_mm256_srl_epi32 (_mm256_add_epi32 (sum, round),
          count), _mm256_set1_epi32 (255));
}

static inline __m256i
load_u16x8 (const guint8 * p)
{
  return _mm256_cvtepu16_epi32 (_mm_loadu_si128 ((const __m128i *) p));
}

/* Per 32-bit lane, the two 16-bit samples of a horizontal pair added. */
static inline __m256i
pair_sums (const guint8 * p)
{
  __m256i x = LOAD (p);

  return _mm256_add_epi32 (_mm256_and_si256 (x, _mm256_set1_epi32 (0xffff)),
      _mm256_srli_epi32 (x, 16));
}

/* Outputs per chunk of row 1's sums on the stack (8 KiB; 4 KiB of a 4:2:2
 * source row, 8 KiB of a 4:4:4 one: a whole row up to 4K). */
#define U16_CHUNK 2048

/* 32 outputs per step, each from @sum8's sums of 8 outputs of a row
 * (@in_bytes source bytes per output and row): row 1's sums of a chunk
 * into the stack, then row 2's added (each source row read to its end
 * before the next: the comment above two_row_filter in chroma-avx2.c).
 * Returns the outputs made, the rest is for the C twin. */
G_ALWAYS_INLINE static inline int
u16_sums_to_u8 (guint8 * d, const guint8 * s1, const guint8 * s2, int round,
    int shift, int n, int in_bytes, __m256i (*sum8) (const guint8 *))
{
  const __m256i r = _mm256_set1_epi32 (round);
  const __m128i count = shift_count (shift);
  __m256i row1[U16_CHUNK / 8], t[4];
  int first, end, i, j;

  for (first = 0; first + 32 <= n; first = end) {
    end = first + MIN (U16_CHUNK, (n - first) / 32 * 32);
    for (i = first; i < end; i += 8) {
      prefetch_row_ahead (s1, (gsize) in_bytes * i, 8 * in_bytes);
      row1[(i - first) / 8] = sum8 (s1 + (gsize) in_bytes * i);
    }
    for (i = first; i < end; i += 32) {
      prefetch_ahead (s2 + (gsize) in_bytes * i, 32 * in_bytes);
      for (j = 0; j < 4; j++) {
        int k = i + 8 * j;

        t[j] = sum_to_u8_lanes (_mm256_add_epi32 (row1[(k - first) / 8],
                sum8 (s2 + (gsize) in_bytes * k)), r, count);
      }
      STORE (d + i, dwords_to_bytes (t[0], t[1], t[2], t[3]));
    }
  }
  return first;
}

void
pc_u16_avg_v_to_u8_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i = u16_sums_to_u8 (d, s1, s2, round, shift, n, 2, load_u16x8);

  if (i < n)
    pc_u16_avg_v_to_u8_c (d + i, s1 + 2 * i, s2 + 2 * i, round, shift, n - i);
}

void
pc_u16_box_2x2_to_u8_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i = u16_sums_to_u8 (d, s1, s2, round, shift, n, 4, pair_sums);

  if (i < n)
    pc_u16_box_2x2_to_u8_c (d + i, s1 + 4 * i, s2 + 4 * i, round, shift, n - i);
}

/* NV12's pairs: U's samples and V's, each rounded in its 16-bit lane,
 * are one pair per lane (V's shifted into the high byte) */
static inline void
u16_pairs_to_u8 (guint8 * d, const guint8 * u, const guint8 * v,
    int round, int shift, int n, gboolean stream)
{
  const __m256i r = _mm256_set1_epi16 ((short) (round & 0xffff));
  const __m128i count = shift_count (shift);
  int i = 0, j;

  for (; i + 32 <= n; i += 32)
    for (j = 0; j < 2; j++) {
      gsize o = 2 * (gsize) i + 32 * j;

      store32 (d + o, _mm256_or_si256 (u16_to_u8_lanes (LOAD (u + o), r,
                  count), _mm256_slli_epi16 (u16_to_u8_lanes (LOAD (v + o),
                      r, count), 8)), stream);
    }
  if (i < n)
    pc_u16_pairs_to_u8_c (d + 2 * i, u + 2 * i, v + 2 * i, round, shift,
        n - i);
}

NORMAL_AND_STREAMING (u16_pairs_to_u8, (guint8 * d, const guint8 * u,
        const guint8 * v, int round, int shift, int n),
    u16_pairs_to_u8 (d, u, v, round, shift, n, stream));

/* Outputs per chunk of the pairs kernel below: U's and V's bytes on the
 * stack (2 KiB each), read back from L1 as they are interleaved. */
#define PAIRS_CHUNK 1024

/* U's row pair averaged into a stack chunk (row 1 read to its end before
 * row 2, as u16_sums_to_u8 does), then V's, then the chunks interleaved:
 * four rows read in turn would each start cold. */
static inline void
u16_avg_v_pairs_to_u8 (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int round, int shift, int n,
    gboolean stream)
{
  guint8 u[PAIRS_CHUNK], v[PAIRS_CHUNK];
  int first, m;

  for (first = 0; first < n; first += m) {
    gsize o = 2 * (gsize) first;

    m = MIN (PAIRS_CHUNK, n - first);
    pc_u16_avg_v_to_u8_avx2 (u, u1 + o, u2 + o, round, shift, m);
    pc_u16_avg_v_to_u8_avx2 (v, v1 + o, v2 + o, round, shift, m);
    store_pairs (d + o, u, v, m, stream);
  }
}

NORMAL_AND_STREAMING (u16_avg_v_pairs_to_u8, (guint8 * d, const guint8 * u1,
        const guint8 * u2, const guint8 * v1, const guint8 * v2, int round,
        int shift, int n), u16_avg_v_pairs_to_u8 (d, u1, u2, v1, v2, round,
        shift, n, stream));

/* Outputs per chunk of co-sited sums on the stack (8 KiB; 8 KiB of each
 * 16-bit source row, a whole row up to 4K). */
#define COSITED_U16_CHUNK 2048

/* Per 32-bit lane, s[2i - 1] + 2 s[2i] + s[2i + 1] for 8 outputs from
 * the pairs at @p: the pair's two samples, and the low sample of the pair
 * read 2 samples earlier. */
static inline __m256i
cosited_u16x8 (const guint8 * p)
{
  const __m256i low = _mm256_set1_epi32 (0xffff);
  __m256i x = LOAD (p), before = LOAD (p - 4);
  __m256i even = _mm256_and_si256 (x, low);

  return _mm256_add_epi32 (_mm256_add_epi32 (even, even),
      _mm256_add_epi32 (_mm256_srli_epi32 (x, 16), _mm256_srli_epi32 (before,
              16)));
}

/* @x times the weight @w (1 is the common weight: the rows of a pair) */
static inline __m256i
weighted (int w, __m256i x)
{
  return w == 1 ? x : _mm256_mullo_epi32 (_mm256_set1_epi32 (w), x);
}

/* The twin's contract in 32-bit lanes (its sums fit them), @sum8 giving
 * the column sums of 8 outputs of one row from its samples at @p (outputs
 * take @in_bytes of each row).  Each row but the last weighted one adds
 * its sums into a stack chunk (the first stores them), one row at a time,
 * so each source row is read to its end before the next (the comment
 * above two_row_filter in chroma-avx2.c); the last row's sums are added
 * as the chunk is rounded and packed, so a pair of rows makes one pass
 * into the chunk and one out.  Sums go 8 outputs at a time; the stores
 * 32 at a time, the last store of a chunk moving back over outputs
 * already stored (the same values again), and a short last chunk
 * starting early.  The last outputs of a chunk that do not fill 8 go to
 * @twin, as do rows under 32 outputs. */
static inline G_ALWAYS_INLINE void
u16_weighted_rows_to_u8 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n, int in_bytes,
    __m256i (*sum8) (const guint8 *), PcU16RowsFunc twin)
{
  const __m256i r = _mm256_set1_epi32 (round);
  const __m128i count = shift_count (shift);
  gint32 acc[COSITED_U16_CHUNK];
  int first, end, end8, i, j, k, last = -1, summed;

  if (n < 32) {
    twin (d, s, w, round, shift, n);
    return;
  }
  for (k = 0; k < 3; k++)
    if (w[k] != 0)              /* a row of weight 0 is not read */
      last = k;
  for (first = 0; first < n; first = end) {
    end = MIN (n, first + COSITED_U16_CHUNK);
    first = MIN (first, end - 32);
    end8 = first + (end - first) / 8 * 8;
    summed = 0;
    for (k = 0; k < last; k++) {
      if (w[k] == 0)
        continue;
      for (i = first; i < end8; i += 8) {
        gint32 *a = acc + (i - first);
        __m256i x;

        prefetch_row_ahead (s[k], (gsize) in_bytes * i, 8 * in_bytes);
        x = weighted (w[k], sum8 (s[k] + (gsize) in_bytes * i));

        STORE (a, summed ? _mm256_add_epi32 (LOAD (a), x) : x);
      }
      summed++;
    }
    for (i = first;; i = MIN (i + 32, end8 - 32)) {
      __m256i t[4];

      if (last >= 0)
        prefetch_ahead (s[last] + (gsize) in_bytes * i, 32 * in_bytes);
      for (j = 0; j < 4; j++) {
        const gint32 *a = acc + (i - first) + 8 * j;
        __m256i x = last < 0 ? _mm256_setzero_si256 () : weighted (w[last],
            sum8 (s[last] + (gsize) in_bytes * (i + 8 * j)));

        if (summed)
          x = _mm256_add_epi32 (LOAD (a), x);
        t[j] = sum_to_u8_lanes (x, r, count);
      }
      STORE (d + i, dwords_to_bytes (t[0], t[1], t[2], t[3]));
      if (i == end8 - 32)
        break;
    }
    if (end8 < end) {
      const guint8 *rest[3];

      for (k = 0; k < 3; k++)
        rest[k] = s[k] + end8 * (gsize) in_bytes;
      twin (d + end8, rest, w, round, shift, end - end8);
    }
  }
}

void
pc_u16_rows_cosited_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  u16_weighted_rows_to_u8 (d, s, w, round, shift, n, 4, cosited_u16x8,
      pc_u16_rows_cosited_h_to_u8_c);
}

void
pc_u16_rows_box_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  u16_weighted_rows_to_u8 (d, s, w, round, shift, n, 4, pair_sums,
      pc_u16_rows_box_h_to_u8_c);
}

void
pc_u16_rows_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  u16_weighted_rows_to_u8 (d, s, w, round, shift, n, 2, load_u16x8,
      pc_u16_rows_to_u8_c);
}
