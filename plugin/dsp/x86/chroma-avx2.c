/* pooledconvert
 * The chroma family in AVX2: planar 4:4:4 and 4:2:2 chroma to 4:2:0,
 * centred, for interlaced fields and co-sited; see kernels-avx2.h.  They
 * give the results of their C twins (c/chroma.c) to the bit, at any width
 * and alignment.  Each source row is read to its end before the next
 * (ROW_CHUNK says why).
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/c/kernels-c.h"

/* Why the chroma kernels below read one source row to its end before the
 * next: on cold frames, loads that alternate between two rows a stride
 * apart ran at about a third of the speed of the same loads taken one row
 * after the other (measured on this project's 2-core AMD VM: 4:2:2 chroma
 * of a 1080p frame, 340 µs interleaved against 90 µs row by row, see
 * docs/design.md).  So each kernel makes a first pass over row 1 into a
 * small buffer of 16-bit sums that stays in L1, then a second pass over
 * row 2 that finishes the samples.  Rows are taken in chunks of
 * ROW_CHUNK outputs (4 KiB of source per row at 4:4:4), a whole row up
 * to 4K. */
#define ROW_CHUNK 2048

/* 16 sums of one row, for 16 outputs from 32 source bytes: @s the pairs,
 * @p the pairs before them (the co-sited filter's left pixel). */
typedef __m256i (*RowSums16Func) (const guint8 * s, const guint8 * p,
    __m256i weights);

/* The box: each byte pair added into a 16-bit lane (pmaddubsw with 1s, at
 * most 510). */
static inline __m256i
box_row16 (const guint8 * s, const guint8 * p, __m256i ones)
{
  return _mm256_maddubs_epi16 (LOAD (s), ones);
}

/* [1 2 1]: pmaddubsw with (2, 1) gives 2 s[2i] + s[2i + 1] per 16-bit lane
 * (at most 765), and the high byte of each pair of p is the pixel left of
 * s[2i]. */
static inline __m256i
cosited_row16 (const guint8 * s, const guint8 * p, __m256i two_one)
{
  return _mm256_add_epi16 (_mm256_maddubs_epi16 (LOAD (s), two_one),
      _mm256_srli_epi16 (LOAD (p), 8));
}

/* The steps of 32 outputs over [@first, @end), the last one moved back to
 * end at @end: it may overlap the one before, which writes the same
 * samples again.  @end - @first >= 32. */
#define FOR_EACH_32(i, first, end) \
  for (i = (first);; i = MIN (i + 32, (end) - 32))
#define LAST_32(i, end) if (i == (end) - 32) break

/* Row 1's sums, three times when @thrice (an interlaced field's nearer
 * row): sums + 2 sums, at most 3 * 1020 with row 2's 1020 added. */
static inline __m256i
row1_weighted (__m256i sums, gboolean thrice)
{
  return thrice ? _mm256_add_epi16 (sums, _mm256_slli_epi16 (sums, 1)) : sums;
}

/* One output row from two source rows of pairs, @n >= 32 outputs: the sums
 * of @row_sums over row 1 (times 3 when @thrice), then over row 2, plus
 * @round, shifted right by @shift (one rounding, as the C twins do).  Each
 * row asks for its bytes ahead (avx2-common.h): the box took 0.52x and
 * 0.56x the time without it for Y444 centred at 1080p and 4K, 0.58x and
 * 0.65x for fields at 576i and 1080i. */
G_ALWAYS_INLINE static inline void
two_row_filter (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n, RowSums16Func row_sums,
    __m256i weights, gboolean thrice, __m256i round, int shift, gboolean stream)
{
  gint16 row1[ROW_CHUNK];
  int first, end, i;

  for (first = 0; first < n; first = end) {
    end = MIN (n, first + ROW_CHUNK);
    /* a short last chunk starts earlier, over outputs already written */
    first = MIN (first, end - 32);
    FOR_EACH_32 (i, first, end) {
      gsize o = 2 * (gsize) i;
      gint16 *sums = row1 + (i - first);

      prefetch_ahead (s1 + o, 64);
      STORE (sums, row1_weighted (row_sums (s1 + o, p1 + o, weights), thrice));
      STORE (sums + 16, row1_weighted (row_sums (s1 + o + 32, p1 + o + 32,
                  weights), thrice));
      LAST_32 (i, end);
    }
    FOR_EACH_32 (i, first, end) {
      gsize o = 2 * (gsize) i;
      const gint16 *sums = row1 + (i - first);
      __m256i a, b;

      prefetch_ahead (s2 + o, 64);
      a = _mm256_add_epi16 (LOAD (sums), row_sums (s2 + o, p2 + o, weights));
      b = _mm256_add_epi16 (LOAD (sums + 16), row_sums (s2 + o + 32,
              p2 + o + 32, weights));

      store32 (d + i, words_to_bytes (_mm256_srli_epi16 (_mm256_add_epi16
                  (a, round), shift), _mm256_srli_epi16 (_mm256_add_epi16 (b,
                      round), shift)), stream);
      LAST_32 (i, end);
    }
  }
}

/* The two filters with their weights and roundings: the box (sums of 4,
 * or of 8 when @thrice weighs a field's nearer row) and [1 2 1] across
 * the columns (sums of 8, or 16). */
G_ALWAYS_INLINE static inline void
box_filter (guint8 * d, const guint8 * s1, const guint8 * s2, int n,
    gboolean thrice, gboolean stream)
{
  two_row_filter (d, s1, s1, s2, s2, n, box_row16, _mm256_set1_epi8 (1),
      thrice, _mm256_set1_epi16 (thrice ? 4 : 2), thrice ? 3 : 2, stream);
}

G_ALWAYS_INLINE static inline void
cosited_filter (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n, gboolean thrice,
    gboolean stream)
{
  two_row_filter (d, s1, p1, s2, p2, n, cosited_row16,
      _mm256_set1_epi16 (0x0102), thrice, _mm256_set1_epi16 (thrice ? 8 : 4),
      thrice ? 4 : 3, stream);
}

static inline void
chroma_box_2x2 (guint8 * d, const guint8 * s1, const guint8 * s2, int n,
    gboolean stream)
{
  if (n < 32) {
    pc_chroma_box_2x2_c (d, s1, s2, n);
    return;
  }
  box_filter (d, s1, s2, n, FALSE, stream);
}

NORMAL_AND_STREAMING (chroma_box_2x2, (guint8 * d, const guint8 * s1,
        const guint8 * s2, int n), chroma_box_2x2 (d, s1, s2, n, stream));

static inline void
chroma_box_2x2_weighted (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n, gboolean stream)
{
  if (n < 32) {
    pc_chroma_box_2x2_weighted_c (d, s1, s2, n);
    return;
  }
  box_filter (d, s1, s2, n, TRUE, stream);
}

NORMAL_AND_STREAMING (chroma_box_2x2_weighted, (guint8 * d,
        const guint8 * s1, const guint8 * s2, int n),
    chroma_box_2x2_weighted (d, s1, s2, n, stream));

/* pavgb is (a + b + 1) >> 1 exactly.  Normal stores: row 1 copied to d,
 * then averaged in place with row 2, so each source row is read to its
 * end before the next (the reason is above two_row_filter).  Streaming
 * stores must not read d back (it is not in the cache): row 1 goes to a
 * stack chunk instead. */
static inline void
chroma_avg_v (guint8 * d, const guint8 * s1, const guint8 * s2, int n,
    gboolean stream)
{
  guint8 row1[ROW_CHUNK];
  int first, end, i;

  if (!stream) {
    memcpy (d, s1, n);
    for (i = 0; i + 32 <= n; i += 32)
      STORE (d + i, _mm256_avg_epu8 (LOAD (d + i), LOAD (s2 + i)));
    for (; i < n; i++)
      d[i] = (d[i] + s2[i] + 1) >> 1;
    return;
  }
  for (first = 0; first + 32 <= n; first = end) {
    end = first + MIN (ROW_CHUNK, (n - first) / 32 * 32);
    memcpy (row1, s1 + first, end - first);
    for (i = first; i < end; i += 32)
      store32 (d + i, _mm256_avg_epu8 (LOAD (row1 + (i - first)),
              LOAD (s2 + i)), TRUE);
  }
  for (i = first; i < n; i++)
    d[i] = (s1[i] + s2[i] + 1) >> 1;
}

NORMAL_AND_STREAMING (chroma_avg_v, (guint8 * d, const guint8 * s1,
        const guint8 * s2, int n), chroma_avg_v (d, s1, s2, n, stream));

/* The filters of the pairs kernels. */
typedef enum
{
  PAIRS_BOX,
  PAIRS_AVG_V,
  PAIRS_COSITED,
} PairsShape;

/* One plane's chunk of @m >= 32 outputs into @d (on the stack), by
 * @shape: the I420 kernel's body with normal stores. */
static inline void
pairs_chunk (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int m, PairsShape shape)
{
  if (shape == PAIRS_BOX)
    box_filter (d, s1, s2, m, FALSE, FALSE);
  else if (shape == PAIRS_COSITED)
    cosited_filter (d, s1, p1, s2, p2, m, FALSE, FALSE);
  else
    chroma_avg_v (d, s1, s2, m, FALSE);
}

/* The pairs kernels make U's chunk, then V's, as the I420 kernels make a
 * row (each source row read to its end before the next, see ROW_CHUNK),
 * into the stack, and interleave the two chunks into @d: the output's
 * chroma is written once, where the output stage's sub-bands wrote I420
 * rows to a scratch in L2 and read them back.  @n >= 32. */
G_ALWAYS_INLINE static inline void
chroma_pairs (guint8 * d, const guint8 * u1, const guint8 * pu1,
    const guint8 * u2, const guint8 * pu2, const guint8 * v1,
    const guint8 * pv1, const guint8 * v2, const guint8 * pv2, int n,
    PairsShape shape, gboolean stream)
{
  guint8 u[ROW_CHUNK], v[ROW_CHUNK];
  gsize step = shape == PAIRS_AVG_V ? 1 : 2;
  int first, end;

  for (first = 0; first < n; first = end) {
    gsize o;

    end = MIN (n, first + ROW_CHUNK);
    /* a short last chunk starts earlier, over outputs already written */
    first = MIN (first, end - 32);
    o = step * first;
    pairs_chunk (u, u1 + o, pu1 + o, u2 + o, pu2 + o, end - first, shape);
    pairs_chunk (v, v1 + o, pv1 + o, v2 + o, pv2 + o, end - first, shape);
    store_pairs (d + 2 * (gsize) first, u, v, end - first, stream);
  }
}

static inline void
chroma_box_2x2_pairs (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int n, gboolean stream)
{
  if (n < 32)
    pc_chroma_box_2x2_pairs_c (d, u1, u2, v1, v2, n);
  else
    chroma_pairs (d, u1, u1, u2, u2, v1, v1, v2, v2, n, PAIRS_BOX, stream);
}

NORMAL_AND_STREAMING (chroma_box_2x2_pairs, (guint8 * d, const guint8 * u1,
        const guint8 * u2, const guint8 * v1, const guint8 * v2, int n),
    chroma_box_2x2_pairs (d, u1, u2, v1, v2, n, stream));

static inline void
chroma_avg_v_pairs (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int n, gboolean stream)
{
  if (n < 32)
    pc_chroma_avg_v_pairs_c (d, u1, u2, v1, v2, n);
  else
    chroma_pairs (d, u1, u1, u2, u2, v1, v1, v2, v2, n, PAIRS_AVG_V, stream);
}

NORMAL_AND_STREAMING (chroma_avg_v_pairs, (guint8 * d, const guint8 * u1,
        const guint8 * u2, const guint8 * v1, const guint8 * v2, int n),
    chroma_avg_v_pairs (d, u1, u2, v1, v2, n, stream));

static inline void
chroma_cosited_h_pairs (guint8 * d, const guint8 * u1, const guint8 * pu1,
    const guint8 * u2, const guint8 * pu2, const guint8 * v1,
    const guint8 * pv1, const guint8 * v2, const guint8 * pv2, int n,
    gboolean stream)
{
  if (n < 32)
    pc_chroma_cosited_h_pairs_c (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n);
  else
    chroma_pairs (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n, PAIRS_COSITED,
        stream);
}

NORMAL_AND_STREAMING (chroma_cosited_h_pairs, (guint8 * d,
        const guint8 * u1, const guint8 * pu1, const guint8 * u2,
        const guint8 * pu2, const guint8 * v1, const guint8 * pv1,
        const guint8 * v2, const guint8 * pv2, int n),
    chroma_cosited_h_pairs (d, u1, pu1, u2, pu2, v1, pv1, v2, pv2, n,
        stream));

/* 4:1:1 to NV12's pairs: each plane's averages of a chunk of source
 * samples into the stack (as chroma_pairs does), then per 16 samples of
 * each, the pairs (unpack of bytes) each twice (unpack of the 16-bit
 * pairs with themselves): 64 output bytes.  Outputs past a whole step
 * come from the stack chunks in C. */
static inline void
chroma_avg_v_double_h_pairs (guint8 * d, const guint8 * u1,
    const guint8 * u2, const guint8 * v1, const guint8 * v2, int n,
    gboolean stream)
{
  guint8 u[ROW_CHUNK], v[ROW_CHUNK];
  int sources = (n + 1) / 2, first, m, j;

  for (first = 0; first < sources; first += m) {
    guint8 *out = d + 4 * (gsize) first;
    int outputs;

    m = MIN (ROW_CHUNK, sources - first);
    outputs = MIN (2 * m, n - 2 * first);
    chroma_avg_v (u, u1 + first, u2 + first, m, FALSE);
    chroma_avg_v (v, v1 + first, v2 + first, m, FALSE);
    for (j = 0; 2 * (j + 16) <= outputs; j += 16) {
      __m128i a = _mm_loadu_si128 ((const __m128i *) (u + j));
      __m128i b = _mm_loadu_si128 ((const __m128i *) (v + j));
      __m128i low = _mm_unpacklo_epi8 (a, b), high = _mm_unpackhi_epi8 (a, b);

      store16 (out + 4 * j, _mm_unpacklo_epi16 (low, low), stream);
      store16 (out + 4 * j + 16, _mm_unpackhi_epi16 (low, low), stream);
      store16 (out + 4 * j + 32, _mm_unpacklo_epi16 (high, high), stream);
      store16 (out + 4 * j + 48, _mm_unpackhi_epi16 (high, high), stream);
    }
    for (j *= 2; j < outputs; j++) {
      out[2 * j] = u[j / 2];
      out[2 * j + 1] = v[j / 2];
    }
  }
}

NORMAL_AND_STREAMING (chroma_avg_v_double_h_pairs, (guint8 * d,
        const guint8 * u1, const guint8 * u2, const guint8 * v1,
        const guint8 * v2, int n), chroma_avg_v_double_h_pairs (d, u1, u2,
        v1, v2, n, stream));

/* 32 source bytes a step: pavgb, then each byte twice; the qword
 * permute puts bytes 0-15 in the lower halves of both lanes, so the
 * in-lane unpacks give 0-15 then 16-31 in order */
void
pc_chroma_avg_v_double_h_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n)
{
  int i = 0;

  for (; i + 64 <= n; i += 64) {
    __m256i t = _mm256_permute4x64_epi64 (_mm256_avg_epu8 (LOAD (s1 + i / 2),
            LOAD (s2 + i / 2)), 0xd8);

    STORE (d + i, _mm256_unpacklo_epi8 (t, t));
    STORE (d + i + 32, _mm256_unpackhi_epi8 (t, t));
  }
  if (i < n)
    pc_chroma_avg_v_double_h_c (d + i, s1 + i / 2, s2 + i / 2, n - i);
}

/* (3 s1 + s2 + 2) >> 2 weighed as bytes, 32 outputs a step */
void
pc_chroma_weighted_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n)
{
  int i = 0;

  for (; i + 32 <= n; i += 32)
    STORE (d + i, field_weighted (LOAD (s1 + i), LOAD (s2 + i)));
  if (i < n)
    pc_chroma_weighted_v_c (d + i, s1 + i, s2 + i, n - i);
}

static inline void
chroma_cosited_h (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n, gboolean stream)
{
  if (n < 32) {
    pc_chroma_cosited_h_c (d, s1, p1, s2, p2, n);
    return;
  }
  cosited_filter (d, s1, p1, s2, p2, n, FALSE, stream);
}

NORMAL_AND_STREAMING (chroma_cosited_h, (guint8 * d, const guint8 * s1,
        const guint8 * p1, const guint8 * s2, const guint8 * p2, int n),
    chroma_cosited_h (d, s1, p1, s2, p2, n, stream));

void
pc_chroma_cosited_h_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  if (n < 32) {
    pc_chroma_cosited_h_weighted_c (d, s1, p1, s2, p2, n);
    return;
  }
  cosited_filter (d, s1, p1, s2, p2, n, TRUE, FALSE);
}
