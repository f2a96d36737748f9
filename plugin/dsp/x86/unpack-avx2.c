/* pooledconvert
 * The unpack family in AVX2: 10-bit fields of 32-bit words to 16-bit
 * words, packed 8-bit chroma bytes to planes; see kernels-avx2.h.  They give the results of their C twins
 * (c/unpack.c) to the bit, at any width and alignment.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/dsp.h"
#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

void
pc_unpack_word_field_avx2 (guint8 * d, const guint8 * s, int shift, int n)
{
  const __m256i field = _mm256_set1_epi32 (0x3ff);
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 16 <= n; i += 16) {
    __m256i a = _mm256_and_si256 (_mm256_srl_epi32 (LOAD (s + 4 * i), count),
        field);
    __m256i b = _mm256_and_si256 (_mm256_srl_epi32 (LOAD (s + 4 * i + 32),
            count), field);

    /* packus_epi32 pairs the halves of a and b; the permute orders them */
    STORE (d + 2 * i, _mm256_permute4x64_epi64 (_mm256_packus_epi32 (a, b),
            0xd8));
  }
  if (i < n)
    pc_unpack_word_field_c (d + 2 * i, s + 4 * i, shift, n - i);
}

/* Sixteen 4-byte groups a step: in each 128-bit half one shuffle puts
 * the four groups' @a_byte in the first dword and their @b_byte in the
 * second, the permute gathers a's dwords then b's in the low half, and the
 * low halves of two steps' vectors join into 16 bytes of each. */
void
pc_unpack_packed_uv_avx2 (guint8 * a, guint8 * b, const guint8 * s,
    int a_byte, int b_byte, int n)
{
  const __m256i gather = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  gint8 control[32];
  __m256i pick;
  int i, k;

  for (k = 0; k < 32; k++) {
    int at = k % 16;

    control[k] = at < 4 ? 4 * at + a_byte : at < 8 ? 4 * (at - 4) + b_byte : -1;
  }
  pick = LOAD (control);
  for (i = 0; i + 16 <= n; i += 16) {
    __m256i lo = _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 (LOAD (s +
                4 * i), pick), gather);
    __m256i hi = _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8 (LOAD (s +
                4 * i + 32), pick), gather);
    __m128i l = _mm256_castsi256_si128 (lo), h = _mm256_castsi256_si128 (hi);

    _mm_storeu_si128 ((__m128i *) (a + i), _mm_unpacklo_epi64 (l, h));
    _mm_storeu_si128 ((__m128i *) (b + i), _mm_unpackhi_epi64 (l, h));
  }
  if (i < n)
    pc_unpack_packed_uv_c (a + i, b + i, s + 4 * i, a_byte, b_byte, n - i);
}

/* The fields of the v210 group in each 128-bit half of @w as 16-bit lanes:
 * *@ab the fields at bits 0-9 of its four words, then those at bits
 * 10-19; *@cc those at bits 20-29, twice. */
static inline void
v210_fields (__m256i w, __m256i * ab, __m256i * cc)
{
  const __m256i field = _mm256_set1_epi32 (0x3ff);
  __m256i a = _mm256_and_si256 (w, field);
  __m256i b = _mm256_and_si256 (_mm256_srli_epi32 (w, 10), field);
  __m256i c = _mm256_and_si256 (_mm256_srli_epi32 (w, 20), field);

  *ab = _mm256_packus_epi32 (a, b);
  *cc = _mm256_packus_epi32 (c, c);
}

#define Z -1
#define LANE(k) 2 * (k), 2 * (k) + 1
#define NONE Z, Z

/* Y0..Y5 of a group are its fields b0, a1, c1, b2, a3, c3 (kernels-c.h:
 * w0 = U0 Y0 V0, w1 = Y1 U1 Y2, w2 = V1 Y3 U2, w3 = Y4 V2 Y5): lanes 4, 1,
 * 6, 3 of ab and 1, 3 of cc, into lanes 0..5 */
static inline __m256i
v210_y_lanes (const guint8 * s)
{
  const __m256i from_ab = _mm256_setr_epi8 (LANE (4), LANE (1), NONE,
      LANE (6), LANE (3), NONE, NONE, NONE, LANE (4), LANE (1), NONE,
      LANE (6), LANE (3), NONE, NONE, NONE);
  const __m256i from_cc = _mm256_setr_epi8 (NONE, NONE, LANE (1), NONE, NONE,
      LANE (3), NONE, NONE, NONE, NONE, LANE (1), NONE, NONE, LANE (3), NONE,
      NONE);
  /* the halves' first three dwords, then zeros */
  const __m256i together = _mm256_setr_epi32 (0, 1, 2, 4, 5, 6, 3, 7);
  __m256i ab, cc;

  v210_fields (LOAD (s), &ab, &cc);
  return _mm256_permutevar8x32_epi32 (_mm256_or_si256 (_mm256_shuffle_epi8
          (ab, from_ab), _mm256_shuffle_epi8 (cc, from_cc)), together);
}

void
pc_unpack_v210_y_avx2 (guint8 * d, const guint8 * s, int n)
{
  int i = 0;

  /* two groups, twelve samples, a step; the store writes sixteen */
  for (; i + 16 <= n; i += 12)
    STORE (d + 2 * i, v210_y_lanes (s + 16 * (i / 6)));
  if (i < n)
    pc_unpack_v210_y_c (d + 2 * i, s + 16 * (i / 6), n - i);
}

/* The fused kernels to bytes take each field in one 16-bit lane: a
 * shuffle puts the two bytes that hold it there, a multiply by
 * 2^(6 - k) drops the bits above it (k: its offset in the lane, 0, 2 or
 * 4) and a shift by 6 those below.  One shuffle a group instead of five.
 * A field's bytes: a_j at 4j and 4j + 1 (k = 0), b_j at 4j + 1 and
 * 4j + 2 (k = 2), c_j at 4j + 2 and 4j + 3 (k = 4). */
#define FIELD_A(j) 4 * (j), 4 * (j) + 1
#define FIELD_B(j) 4 * (j) + 1, 4 * (j) + 2
#define FIELD_C(j) 4 * (j) + 2, 4 * (j) + 3

static inline __m256i
fields_to_lanes (__m256i w, __m256i from, __m256i scale)
{
  return _mm256_srli_epi16 (_mm256_mullo_epi16 (_mm256_shuffle_epi8 (w,
              from), scale), 6);
}

/* Four groups' Y0..Y5 (fields b0, a1, c1, b2, a3, c3) rounded, each
 * group's six in the first six lanes of its 128-bit half: the groups of
 * @s in *@first, of @s + 32 in *@second */
static inline void
v210_y_rounded (const guint8 * s, __m256i r, __m128i count,
    __m256i * first, __m256i * second)
{
  const __m256i from = _mm256_setr_epi8 (FIELD_B (0), FIELD_A (1),
      FIELD_C (1), FIELD_B (2), FIELD_A (3), FIELD_C (3), NONE, NONE,
      FIELD_B (0), FIELD_A (1), FIELD_C (1), FIELD_B (2), FIELD_A (3),
      FIELD_C (3), NONE, NONE);
  const __m256i scale = _mm256_setr_epi16 (16, 64, 4, 16, 64, 4, 0, 0,
      16, 64, 4, 16, 64, 4, 0, 0);
  const __m256i top = _mm256_set1_epi16 (255);

  *first = _mm256_min_epu16 (_mm256_srl_epi16 (_mm256_add_epi16
          (fields_to_lanes (LOAD (s), from, scale), r), count), top);
  *second = _mm256_min_epu16 (_mm256_srl_epi16 (_mm256_add_epi16
          (fields_to_lanes (LOAD (s + 32), from, scale), r), count), top);
}

/* The bytes of four groups, six of each in the first six of its eight
 * lanes of @first and @second, eight bytes a group, in order: packus gives
 * groups 0, 2 | 1, 3, the qword permute 0, 1 | 2, 3 */
static inline __m256i
v210_groups_paired (__m256i first, __m256i second)
{
  return _mm256_permute4x64_epi64 (_mm256_packus_epi16 (first, second), 0xd8);
}

/* ... and their 24 meaningful bytes together, then eight of no meaning */
static inline __m256i
v210_groups_in_order (__m256i first, __m256i second)
{
  const __m256i compact = _mm256_setr_epi8 (0, 1, 2, 3, 4, 5, 8, 9, 10, 11,
      12, 13, Z, Z, Z, Z, 0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13, Z, Z, Z, Z);
  const __m256i together = _mm256_setr_epi32 (0, 1, 2, 4, 5, 6, 3, 7);

  return _mm256_permutevar8x32_epi32 (_mm256_shuffle_epi8
      (v210_groups_paired (first, second), compact), together);
}

static inline void
v210_y_block (guint8 * d, const guint8 * s, __m256i r, __m128i count)
{
  __m256i first, second, y;

  v210_y_rounded (s, r, count, &first, &second);
  y = v210_groups_in_order (first, second);
  _mm_storeu_si128 ((__m128i *) d, _mm256_castsi256_si128 (y));
  _mm_storel_epi64 ((__m128i *) (d + 16), _mm256_extracti128_si256 (y, 1));
}

/* The last groups of a row, fewer than four: copied out so the block reads
 * no further than the row, and written back as many samples as there are */
#define V210_BLOCK_GROUPS 4

void
pc_v210_y_to_u8_avx2 (guint8 * d, const guint8 * s, int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi16 ((short) round);
  const __m128i count = shift_count (shift);
  int i = 0;

  for (; i + 6 * V210_BLOCK_GROUPS <= n; i += 6 * V210_BLOCK_GROUPS) {
    /* the first reader of each row: 64 bytes a step, a line ahead */
    prefetch_ahead (s + 16 * (i / 6), 64);
    v210_y_block (d + i, s + 16 * (i / 6), r, count);
  }
  if (i < n) {
    guint8 in[16 * V210_BLOCK_GROUPS] = { 0 }, out[6 * V210_BLOCK_GROUPS];

    memcpy (in, s + 16 * (i / 6), 16 * (gsize) ((n - i + 5) / 6));
    v210_y_block (out, in, r, count);
    memcpy (d + i, out, n - i);
  }
}

/* U0..U2 are fields a0, b1, c2 and V0..V2 fields c0, a2, b3: U from lanes
 * 0, 5 of ab and 2 of cc into lanes 0..2, V from lane 0 of cc and 2, 7 of
 * ab into lanes 4..6 */
static inline __m256i
v210_uv_lanes (const guint8 * s)
{
  const __m256i from_ab = _mm256_setr_epi8 (LANE (0), LANE (5), NONE, NONE,
      NONE, LANE (2), LANE (7), NONE, LANE (0), LANE (5), NONE, NONE, NONE,
      LANE (2), LANE (7), NONE);
  const __m256i from_cc = _mm256_setr_epi8 (NONE, NONE, LANE (2), NONE,
      LANE (0), NONE, NONE, NONE, NONE, NONE, LANE (2), NONE, LANE (0), NONE,
      NONE, NONE);
  __m256i ab, cc;

  v210_fields (LOAD (s), &ab, &cc);
  return _mm256_or_si256 (_mm256_shuffle_epi8 (ab, from_ab),
      _mm256_shuffle_epi8 (cc, from_cc));
}

void
pc_unpack_v210_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s, int n)
{
  int i = 0;

  /* two groups, six samples of each, a step; each 8-byte store writes
   * four samples, the fourth overwritten by the next */
  for (; i + 8 <= n; i += 6) {
    __m256i uv = v210_uv_lanes (s + 16 * (i / 3));
    __m128i first, second;

    first = _mm256_castsi256_si128 (uv);
    second = _mm256_extracti128_si256 (uv, 1);
    _mm_storel_epi64 ((__m128i *) (u + 2 * i), first);
    _mm_storel_epi64 ((__m128i *) (u + 2 * i + 6), second);
    _mm_storel_epi64 ((__m128i *) (v + 2 * i), _mm_srli_si128 (first, 8));
    _mm_storel_epi64 ((__m128i *) (v + 2 * i + 6), _mm_srli_si128 (second, 8));
  }
  if (i < n)
    pc_unpack_v210_uv_c (u + 2 * i, v + 2 * i, s + 16 * (i / 3), n - i);
}

/* Four groups' U0..U2 V0..V2 (fields a0, b1, c2 and c0, a2, b3) of two
 * rows, summed and rounded, U then V in the first six lanes of each
 * 128-bit half */
static inline __m256i
v210_uv_sum (const guint8 * s1, const guint8 * s2, __m256i r, __m128i count)
{
  const __m256i from = _mm256_setr_epi8 (FIELD_A (0), FIELD_B (1),
      FIELD_C (2), FIELD_C (0), FIELD_A (2), FIELD_B (3), NONE, NONE,
      FIELD_A (0), FIELD_B (1), FIELD_C (2), FIELD_C (0), FIELD_A (2),
      FIELD_B (3), NONE, NONE);
  const __m256i scale = _mm256_setr_epi16 (64, 16, 4, 4, 64, 16, 0, 0,
      64, 16, 4, 4, 64, 16, 0, 0);
  const __m256i top = _mm256_set1_epi16 (255);
  __m256i sum = _mm256_add_epi16 (fields_to_lanes (LOAD (s1), from, scale),
      fields_to_lanes (LOAD (s2), from, scale));

  return _mm256_min_epu16 (_mm256_srl_epi16 (_mm256_add_epi16 (sum, r),
          count), top);
}

/* Twelve U and twelve V of four groups: the bytes U U U V V V of each
 * group (v210_groups_paired) regrouped to six U, then six V, per 128-bit
 * half, two groups in each;
 * each 8-byte store writes six samples and two the next overwrites, or
 * that fall in @u's and @v's last two bytes of slack */
static inline __m256i
v210_uv_groups (const guint8 * s1, const guint8 * s2, __m256i r,
    __m128i count)
{
  return v210_groups_paired (v210_uv_sum (s1, s2, r, count),
      v210_uv_sum (s1 + 32, s2 + 32, r, count));
}

static inline void
v210_uv_block (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    __m256i r, __m128i count)
{
  const __m256i regroup = _mm256_setr_epi8 (0, 1, 2, 8, 9, 10, Z, Z, 3, 4, 5,
      11, 12, 13, Z, Z, 0, 1, 2, 8, 9, 10, Z, Z, 3, 4, 5, 11, 12, 13, Z, Z);
  __m256i uv = _mm256_shuffle_epi8 (v210_uv_groups (s1, s2, r, count),
      regroup);
  __m128i low = _mm256_castsi256_si128 (uv);
  __m128i high = _mm256_extracti128_si256 (uv, 1);

  _mm_storel_epi64 ((__m128i *) u, low);
  _mm_storel_epi64 ((__m128i *) v, _mm_srli_si128 (low, 8));
  _mm_storel_epi64 ((__m128i *) (u + 6), high);
  _mm_storel_epi64 ((__m128i *) (v + 6), _mm_srli_si128 (high, 8));
}

void
pc_v210_uv_avg_v_to_u8_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi16 ((short) round);
  const __m128i count = shift_count (shift);
  int i = 0;

  /* the stores write two bytes past the block's twelve */
  for (; i + 3 * V210_BLOCK_GROUPS + 2 <= n; i += 3 * V210_BLOCK_GROUPS)
    v210_uv_block (u + i, v + i, s1 + 16 * (i / 3), s2 + 16 * (i / 3), r,
        count);
  for (; i < n; i += 3 * V210_BLOCK_GROUPS) {
    guint8 in1[16 * V210_BLOCK_GROUPS] = { 0 };
    guint8 in2[16 * V210_BLOCK_GROUPS] = { 0 };
    guint8 out_u[3 * V210_BLOCK_GROUPS + 2], out_v[3 * V210_BLOCK_GROUPS + 2];
    int k = MIN (n - i, 3 * V210_BLOCK_GROUPS);
    gsize bytes = 16 * (gsize) ((k + 2) / 3);

    memcpy (in1, s1 + 16 * (i / 3), bytes);
    memcpy (in2, s2 + 16 * (i / 3), bytes);
    v210_uv_block (out_u, out_v, in1, in2, r, count);
    memcpy (u + i, out_u, k);
    memcpy (v + i, out_v, k);
  }
}

/* The same as NV12's pairs: each half's two groups U U U V V V
 * regrouped to six pairs (12 bytes); each 16-byte store writes two pairs
 * past its six, which the next store overwrites (the caller leaves two
 * pairs of the row after a block). */
static inline void
v210_uv_pairs_block (guint8 * d, const guint8 * s1, const guint8 * s2,
    __m256i r, __m128i count)
{
  const __m256i regroup = _mm256_setr_epi8 (0, 3, 1, 4, 2, 5, 8, 11, 9, 12,
      10, 13, Z, Z, Z, Z, 0, 3, 1, 4, 2, 5, 8, 11, 9, 12, 10, 13, Z, Z, Z, Z);
  __m256i pairs = _mm256_shuffle_epi8 (v210_uv_groups (s1, s2, r, count),
      regroup);

  _mm_storeu_si128 ((__m128i *) d, _mm256_castsi256_si128 (pairs));
  _mm_storeu_si128 ((__m128i *) (d + 12), _mm256_extracti128_si256 (pairs,
          1));
}

void
pc_v210_uv_avg_v_pairs_to_u8_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n)
{
  const __m256i r = _mm256_set1_epi16 ((short) round);
  const __m128i count = shift_count (shift);
  int i = 0;

  /* the stores write two pairs past the block's twelve */
  for (; i + 3 * V210_BLOCK_GROUPS + 2 <= n; i += 3 * V210_BLOCK_GROUPS)
    v210_uv_pairs_block (d + 2 * i, s1 + 16 * (i / 3), s2 + 16 * (i / 3), r,
        count);
  for (; i < n; i += 3 * V210_BLOCK_GROUPS) {
    guint8 in1[16 * V210_BLOCK_GROUPS] = { 0 };
    guint8 in2[16 * V210_BLOCK_GROUPS] = { 0 };
    guint8 out[2 * (3 * V210_BLOCK_GROUPS + 2)];
    int k = MIN (n - i, 3 * V210_BLOCK_GROUPS);
    gsize bytes = 16 * (gsize) ((k + 2) / 3);

    memcpy (in1, s1 + 16 * (i / 3), bytes);
    memcpy (in2, s2 + 16 * (i / 3), bytes);
    v210_uv_pairs_block (out, in1, in2, r, count);
    memcpy (d + 2 * i, out, 2 * k);
  }
}

/* GRAY10_LE32: four words (twelve samples) a step, read into both 128-bit
 * halves; the first half takes samples 0-7 (fields a0 b0 c0 a1 b1 c1 a2
 * b2), the second 8-11 (c2 a3 b3 c3).  The multiply leaves each field in
 * the top ten bits of its lane, the mask clears the bits below. */
static inline void
gray10_block (guint8 * d, const guint8 * s)
{
  const __m256i from = _mm256_setr_epi8 (FIELD_A (0), FIELD_B (0),
      FIELD_C (0), FIELD_A (1), FIELD_B (1), FIELD_C (1), FIELD_A (2),
      FIELD_B (2), FIELD_C (2), FIELD_A (3), FIELD_B (3), FIELD_C (3), NONE,
      NONE, NONE, NONE);
  const __m256i scale = _mm256_setr_epi16 (64, 16, 4, 64, 16, 4, 64, 16,
      4, 64, 16, 4, 0, 0, 0, 0);
  const __m256i top_ten = _mm256_set1_epi16 ((short) 0xffc0);
  __m256i words = _mm256_broadcastsi128_si256 (_mm_loadu_si128 ((const
              __m128i *) s));
  __m256i g = _mm256_and_si256 (_mm256_mullo_epi16 (_mm256_shuffle_epi8
          (words, from), scale), top_ten);

  _mm_storeu_si128 ((__m128i *) d, _mm256_castsi256_si128 (g));
  _mm_storel_epi64 ((__m128i *) (d + 16), _mm256_extracti128_si256 (g, 1));
}

void
pc_unpack_gray10_le32_avx2 (guint8 * d, const guint8 * s, int n)
{
  int i = 0;

  for (; i + 12 <= n; i += 12)
    gray10_block (d + 2 * i, s + 4 * (i / 3));
  if (i < n) {
    guint8 in[16] = { 0 }, out[24];

    memcpy (in, s + 4 * (i / 3), 4 * (gsize) ((n - i + 2) / 3));
    gray10_block (out, in);
    memcpy (d + 2 * i, out, 2 * (gsize) (n - i));
  }
}
