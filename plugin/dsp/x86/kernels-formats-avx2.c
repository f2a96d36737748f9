/* pooledconvert
 * AVX2 format kernels; see kernels-formats-avx2.h.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/x86/kernels-formats-avx2.h"
#include "dsp/c/kernels-c.h"
#include "dsp/x86/kernels-avx2.h"

#define LOAD(p) _mm256_loadu_si256 ((const __m256i *) (p))
#define STORE(p, x) _mm256_storeu_si256 ((__m256i *) (p), (x))

/* The low bytes of the 16-bit lanes of @a then @b (each 0..255), in order:
 * packus works per 128-bit half, the permute puts the halves back. */
static inline __m256i
words_to_bytes (__m256i a, __m256i b)
{
  return _mm256_permute4x64_epi64 (_mm256_packus_epi16 (a, b), 0xd8);
}

/* The low bytes of the 32-bit lanes of @a, @b, @c, @d (each 0..255), in
 * order: after two packs each half holds 4-lane groups of a, b, c, d
 * interleaved by half, which the dword permute undoes. */
static inline __m256i
dwords_to_bytes (__m256i a, __m256i b, __m256i c, __m256i d)
{
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);

  return _mm256_permutevar8x32_epi32 (_mm256_packus_epi16
      (_mm256_packus_epi32 (a, b), _mm256_packus_epi32 (c, d)), order);
}

static inline __m128i
shift_count (int shift)
{
  return _mm_cvtsi32_si128 (shift);
}

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
 * above two_row_filter in kernels-avx2.c).  pavgb is (a + b + 1) >> 1,
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

void
pc_packed422_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n)
{
  const __m256i low = _mm256_set1_epi16 (0xff);
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i a = _mm256_srl_epi16 (LOAD (s + 2 * i), count);
    __m256i b = _mm256_srl_epi16 (LOAD (s + 2 * i + 32), count);

    STORE (d + i, words_to_bytes (_mm256_and_si256 (a, low),
            _mm256_and_si256 (b, low)));
  }
  if (i < n)
    pc_packed422_to_y_c (d + i, s + 2 * i, shift, n - i);
}

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

void
pc_packed422_to_uv_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i lo[4], hi[4];
    int j;

    /* the rows' bytewise average, then byte shift / 8 of each word */
    for (j = 0; j < 4; j++)
      packed422_chroma8 (_mm256_avg_epu8 (LOAD (s1 + 4 * i + 32 * j),
              LOAD (s2 + 4 * i + 32 * j)), count, &lo[j], &hi[j]);
    STORE (a + i, dwords_to_bytes (lo[0], lo[1], lo[2], lo[3]));
    STORE (b + i, dwords_to_bytes (hi[0], hi[1], hi[2], hi[3]));
  }
  if (i < n)
    pc_packed422_to_uv_c (a + i, b + i, s1 + 4 * i, s2 + 4 * i, shift, n - i);
}

/* (3 near + far + 2) >> 2 in 32-bit lanes */
static inline __m256i
field_weighted (__m256i near, __m256i far)
{
  return _mm256_srli_epi32 (_mm256_add_epi32 (_mm256_add_epi32 (near,
              _mm256_slli_epi32 (near, 1)), _mm256_add_epi32 (far,
              _mm256_set1_epi32 (2))), 2);
}

void
pc_packed422_to_uv_weighted_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    __m256i ca[4], cb[4];
    int j;

    for (j = 0; j < 4; j++) {
      __m256i lo1, hi1, lo2, hi2;

      packed422_chroma8 (LOAD (s1 + 4 * i + 32 * j), count, &lo1, &hi1);
      packed422_chroma8 (LOAD (s2 + 4 * i + 32 * j), count, &lo2, &hi2);
      ca[j] = field_weighted (lo1, lo2);
      cb[j] = field_weighted (hi1, hi2);
    }
    STORE (a + i, dwords_to_bytes (ca[0], ca[1], ca[2], ca[3]));
    STORE (b + i, dwords_to_bytes (cb[0], cb[1], cb[2], cb[3]));
  }
  if (i < n)
    pc_packed422_to_uv_weighted_c (a + i, b + i, s1 + 4 * i, s2 + 4 * i,
        shift, n - i);
}

void
pc_packed444_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int n)
{
  const __m256i low = _mm256_set1_epi32 (0xff);
  const __m128i count = shift_count (shift);
  __m256i y[4];
  int i = 0, j;

  for (; i + 32 <= n; i += 32) {
    for (j = 0; j < 4; j++)
      y[j] = _mm256_and_si256 (_mm256_srl_epi32 (LOAD (s + 4 * i + 32 * j),
              count), low);
    STORE (d + i, dwords_to_bytes (y[0], y[1], y[2], y[3]));
  }
  if (i < n)
    pc_packed444_to_y_c (d + i, s + 4 * i, shift, n - i);
}

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

void
pc_packed444_box_2x2_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * s2, int shift, int n)
{
  const __m128i count = shift_count (shift);
  __m256i ca[4], cb[4];
  int i = 0, j;

  for (; i + 32 <= n; i += 32) {
    for (j = 0; j < 4; j++)
      box8_444 (s1 + 8 * i + 64 * j, s2 + 8 * i + 64 * j, count, &ca[j],
          &cb[j]);
    STORE (a + i, dwords_to_bytes (ca[0], ca[1], ca[2], ca[3]));
    STORE (b + i, dwords_to_bytes (cb[0], cb[1], cb[2], cb[3]));
  }
  if (i < n)
    pc_packed444_box_2x2_c (a + i, b + i, s1 + 8 * i, s2 + 8 * i, shift, n - i);
}

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
 * before the next: the comment above two_row_filter in kernels-avx2.c).
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
    for (i = first; i < end; i += 8)
      row1[(i - first) / 8] = sum8 (s1 + (gsize) in_bytes * i);
    for (i = first; i < end; i += 32) {
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

/* The twin's contract in 32-bit lanes (its sums fit them), each row's
 * weighted sums added into a stack chunk one row at a time, so each source
 * row is read to its end before the next (the comment above
 * two_row_filter in kernels-avx2.c).  Sums go 8 outputs at a time; the
 * stores 32 at a time, the last store of a chunk moving back over outputs
 * already stored (the same values again), and a short last chunk starting
 * early.  The last outputs of a chunk that do not fill 8 go to the twin. */
void
pc_u16_rows_cosited_h_to_u8_avx2 (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi32 (round);
  const __m128i count = shift_count (shift);
  gint32 acc[COSITED_U16_CHUNK];
  int first, end, end8, i, k;

  if (n < 32) {
    pc_u16_rows_cosited_h_to_u8_c (d, s, w, round, shift, n);
    return;
  }
  for (first = 0; first < n; first = end) {
    end = MIN (n, first + COSITED_U16_CHUNK);
    first = MIN (first, end - 32);
    end8 = first + (end - first) / 8 * 8;
    memset (acc, 0, sizeof (gint32) * (end8 - first));
    for (k = 0; k < 3; k++) {
      const __m256i weight = _mm256_set1_epi32 (w[k]);

      if (w[k] == 0)            /* not read, as the contract allows */
        continue;
      for (i = first; i < end8; i += 8) {
        gint32 *a = acc + (i - first);

        STORE (a, _mm256_add_epi32 (LOAD (a), _mm256_mullo_epi32 (weight,
                    cosited_u16x8 (s[k] + 4 * (gsize) i))));
      }
    }
    for (i = first;; i = MIN (i + 32, end8 - 32)) {
      const gint32 *a = acc + (i - first);

      STORE (d + i, dwords_to_bytes (sum_to_u8_lanes (LOAD (a), r, count),
              sum_to_u8_lanes (LOAD (a + 8), r, count),
              sum_to_u8_lanes (LOAD (a + 16), r, count),
              sum_to_u8_lanes (LOAD (a + 24), r, count)));
      if (i == end8 - 32)
        break;
    }
    if (end8 < end) {
      const guint8 *rest[3];

      for (k = 0; k < 3; k++)
        rest[k] = s[k] + 4 * (gsize) end8;
      pc_u16_rows_cosited_h_to_u8_c (d + end8, rest, w, round, shift,
          end - end8);
    }
  }
}

/* The RGBA kernels weigh bytes 0, 1, 2 of each pixel and read only the
 * row they are given: started shift / 8 bytes in, they weigh bytes 1, 2,
 * 3, but the last pixel's window would end past the row, so it goes to
 * the C twin. */
void
pc_rgb4_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n)
{
  int skip = shift / 8;

  if (skip == 0) {
    pc_rgba_to_y_avx2 (d, s, k0, k1, k2, bias, n);
    return;
  }
  if (n > 1)
    pc_rgba_to_y_avx2 (d, s + skip, k0, k1, k2, bias, n - 1);
  pc_rgb4_to_y_c (d + n - 1, s + 4 * (n - 1), shift, k0, k1, k2, bias, 1);
}

void
pc_rgb4_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  int skip = shift / 8;

  if (skip == 0) {
    pc_rgba_to_uv_avx2 (u, v, s1, s2, k0u, k1u, k2u, k0v, k1v, k2v, n);
    return;
  }
  if (n > 1)
    pc_rgba_to_uv_avx2 (u, v, s1 + skip, s2 + skip, k0u, k1u, k2u, k0v, k1v,
        k2v, n - 1);
  pc_rgb4_to_uv_c (u + n - 1, v + n - 1, s1 + 8 * (n - 1), s2 + 8 * (n - 1),
      shift, k0u, k1u, k2u, k0v, k1v, k2v, 1);
}

/* 8 pixels per step: 12 bytes into each 128-bit half, spread to 16 with a
 * zero fourth byte.  The upper half's load reads 16 bytes from pixel 4, so
 * the loop stops where that would pass the row's 3 n bytes. */
void
pc_rgb24_to_rgb4_avx2 (guint8 * d, const guint8 * s, int n)
{
  const __m256i spread = _mm256_setr_epi8 (0, 1, 2, -128, 3, 4, 5, -128, 6,
      7, 8, -128, 9, 10, 11, -128, 0, 1, 2, -128, 3, 4, 5, -128, 6, 7, 8,
      -128, 9, 10, 11, -128);
  int i = 0;

  for (; 3 * i + 28 <= 3 * n; i += 8) {
    __m256i px = _mm256_inserti128_si256 (_mm256_castsi128_si256
        (_mm_loadu_si128 ((const __m128i *) (s + 3 * i))),
        _mm_loadu_si128 ((const __m128i *) (s + 3 * i + 12)), 1);

    STORE (d + 4 * i, _mm256_shuffle_epi8 (px, spread));
  }
  if (i < n)
    pc_rgb24_to_rgb4_c (d + 4 * i, s + 3 * i, n - i);
}
