/* pooledconvert
 * AVX2 row kernels; see kernels-avx2.h.  Each keeps its C twin's 16-bit
 * arithmetic (mulhuw products, wrapping sums, the saturating + 128), so the
 * results match the twin bit for bit, not merely within one step.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/c/kernels-c.h"

#define LOAD(p) _mm256_loadu_si256 ((const __m256i *) (p))
#define STORE(p, x) _mm256_storeu_si256 ((__m256i *) (p), (x))

/* The low 16 bits of @k in every 16-bit lane. */
static inline __m256i
splat16 (int k)
{
  return _mm256_set1_epi16 ((short) (k & 0xffff));
}

/* Packs 16-bit lanes of @a then @b (each 0..255 or clamped) to 32 bytes in
 * order: packus works per 128-bit half, the permute puts halves back. */
static inline __m256i
pack_bytes_in_order (__m256i a, __m256i b)
{
  return _mm256_permute4x64_epi64 (_mm256_packus_epi16 (a, b), 0xd8);
}

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
 * @round, shifted right by @shift (one rounding, as the C twins do). */
G_ALWAYS_INLINE static inline void
two_row_filter (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n, RowSums16Func row_sums,
    __m256i weights, gboolean thrice, __m256i round, int shift)
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

      STORE (sums, row1_weighted (row_sums (s1 + o, p1 + o, weights), thrice));
      STORE (sums + 16, row1_weighted (row_sums (s1 + o + 32, p1 + o + 32,
                  weights), thrice));
      LAST_32 (i, end);
    }
    FOR_EACH_32 (i, first, end) {
      gsize o = 2 * (gsize) i;
      const gint16 *sums = row1 + (i - first);
      __m256i a = _mm256_add_epi16 (LOAD (sums), row_sums (s2 + o, p2 + o,
              weights));
      __m256i b = _mm256_add_epi16 (LOAD (sums + 16), row_sums (s2 + o + 32,
              p2 + o + 32, weights));

      STORE (d + i, pack_bytes_in_order (_mm256_srli_epi16 (_mm256_add_epi16
                  (a, round), shift), _mm256_srli_epi16 (_mm256_add_epi16 (b,
                      round), shift)));
      LAST_32 (i, end);
    }
  }
}

void
pc_chroma_box_2x2_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  if (n < 32) {
    pc_chroma_box_2x2_c (d, s1, s2, n);
    return;
  }
  two_row_filter (d, s1, s1, s2, s2, n, box_row16, _mm256_set1_epi8 (1),
      FALSE, _mm256_set1_epi16 (2), 2);
}

void
pc_chroma_box_2x2_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * s2, int n)
{
  if (n < 32) {
    pc_chroma_box_2x2_weighted_c (d, s1, s2, n);
    return;
  }
  two_row_filter (d, s1, s1, s2, s2, n, box_row16, _mm256_set1_epi8 (1),
      TRUE, _mm256_set1_epi16 (4), 3);
}

void
pc_chroma_avg_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2, int n)
{
  int i = 0;

  /* row 1 copied to d, then averaged in place with row 2 (the reason is
   * above two_row_filter); pavgb is (a + b + 1) >> 1 exactly */
  memcpy (d, s1, n);
  for (; i + 32 <= n; i += 32)
    STORE (d + i, _mm256_avg_epu8 (LOAD (d + i), LOAD (s2 + i)));
  for (; i < n; i++)
    d[i] = (d[i] + s2[i] + 1) >> 1;
}

/* 3 s1 + s2 + 2 over 16-bit lanes fits (at most 1022); row 1's part goes
 * to the stack first, so each source row is read to its end before the
 * next (as two_row_filter does). */
void
pc_chroma_weighted_v_avx2 (guint8 * d, const guint8 * s1, const guint8 * s2,
    int n)
{
  const __m256i two = _mm256_set1_epi16 (2);
  gint16 row1[ROW_CHUNK];
  int first, end, i;

  for (first = 0; first + 16 <= n; first = end) {
    end = first + MIN (ROW_CHUNK, (n - first) / 16 * 16);
    for (i = first; i < end; i += 16) {
      __m256i a = _mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *)
              (s1 + i)));

      STORE (row1 + (i - first), _mm256_add_epi16 (_mm256_add_epi16 (a,
                  _mm256_slli_epi16 (a, 1)), two));
    }
    for (i = first; i < end; i += 16) {
      __m256i b = _mm256_cvtepu8_epi16 (_mm_loadu_si128 ((const __m128i *)
              (s2 + i)));
      __m256i w = _mm256_srli_epi16 (_mm256_add_epi16 (LOAD (row1 + (i -
                      first)), b), 2);

      _mm_storeu_si128 ((__m128i *) (d + i),
          _mm256_castsi256_si128 (pack_bytes_in_order (w, w)));
    }
  }
  if (first < n)
    pc_chroma_weighted_v_c (d + first, s1 + first, s2 + first, n - first);
}

/* R + G and B of eight RGBA pixels, their products in 16-bit lanes.
 * Read as 16-bit lanes a pixel is (R | G << 8, B | A << 8): shifting left
 * by 8 gives R << 8 and B << 8, masking gives G << 8, each multiplied by its
 * coefficient (B's lane gets 0 for G). */
static inline __m256i
rgba_products8 (const guint8 * p, __m256i k_rb, __m256i k_g, __m256i g_mask)
{
  __m256i px = LOAD (p);

  return _mm256_add_epi16 (_mm256_mulhi_epu16 (_mm256_slli_epi16 (px, 8),
          k_rb), _mm256_mulhi_epu16 (_mm256_and_si256 (px, g_mask), k_g));
}

/* Y of sixteen pixels in 16-bit lanes: phaddw adds each pixel's two lanes
 * (wrapping, as the twin does), then the bias and the high byte.  Per
 * 128-bit half: 4 pixels of @p, 4 of @p + 32. */
static inline __m256i
rgba_to_y16 (const guint8 * p, __m256i k_rb, __m256i k_g, __m256i g_mask,
    __m256i bias)
{
  __m256i sum = _mm256_hadd_epi16 (rgba_products8 (p, k_rb, k_g, g_mask),
      rgba_products8 (p + 32, k_rb, k_g, g_mask));

  return _mm256_srli_epi16 (_mm256_add_epi16 (sum, bias), 8);
}

void
pc_rgba_to_y_avx2 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  const __m256i k_rb = _mm256_set1_epi32 ((int) ((guint) (kr & 0xffff) |
          (guint) (kb & 0xffff) << 16));
  const __m256i k_g = _mm256_set1_epi32 (kg & 0xffff);
  const __m256i g_mask = _mm256_set1_epi32 (0xff00);
  const __m256i b = splat16 (bias);
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
  int i = 0;

  for (; i + 32 <= n; i += 32) {
    const guint8 *p = s + 4 * i;
    /* per 128-bit half, 4 pixels of each 8; the permute restores pixel
     * order across the halves */
    __m256i bytes = _mm256_packus_epi16 (rgba_to_y16 (p, k_rb, k_g, g_mask,
            b), rgba_to_y16 (p + 64, k_rb, k_g, g_mask, b));

    STORE (d + i, _mm256_permutevar8x32_epi32 (bytes, order));
  }
  if (i < n)
    pc_rgba_to_y_c (d + i, s + 4 * i, kr, kg, kb, bias, n - i);
}

/* The sums of 2x2 blocks for four blocks (8 pixels of each row), by
 * channel: per 128-bit half, 16-bit lanes R R G G B B A A, two blocks
 * each.  The shuffle groups a half's four pixels by channel; pmaddubsw with
 * 1s then adds horizontal neighbours. */
static inline __m256i
block_sums4 (const guint8 * a, const guint8 * b, __m256i by_channel,
    __m256i ones)
{
  return _mm256_add_epi16 (_mm256_maddubs_epi16 (_mm256_shuffle_epi8 (LOAD
              (a), by_channel), ones),
      _mm256_maddubs_epi16 (_mm256_shuffle_epi8 (LOAD (b), by_channel), ones));
}

/* One chroma plane's 16 samples from the channel vectors: plus * k_plus -
 * minus1 * k_minus1 - minus2 * k_minus2 in wrapping 16-bit lanes, + 128
 * saturating, arithmetic >> 8, + 128 wrapping; packus later clamps. */
static inline __m256i
chroma16 (__m256i plus, __m256i k_plus, __m256i minus1, __m256i k_minus1,
    __m256i minus2, __m256i k_minus2)
{
  __m256i t = _mm256_sub_epi16 (_mm256_sub_epi16 (_mm256_mulhi_epu16 (plus,
              k_plus), _mm256_mulhi_epu16 (minus1, k_minus1)),
      _mm256_mulhi_epu16 (minus2, k_minus2));

  t = _mm256_srai_epi16 (_mm256_adds_epi16 (t, _mm256_set1_epi16 (128)), 8);
  return _mm256_add_epi16 (t, _mm256_set1_epi16 (128));
}

/* The six coefficients, one per 16-bit lane. */
typedef struct
{
  __m256i ur, ug, ub, vr, vg, vb;
} UvCoefs16;

static inline void
uv_coefs16_init (UvCoefs16 * k, int ur, int ug, int ub, int vr, int vg, int vb)
{
  k->ur = splat16 (ur);
  k->ug = splat16 (ug);
  k->ub = splat16 (ub);
  k->vr = splat16 (vr);
  k->vg = splat16 (vg);
  k->vb = splat16 (vb);
}

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
 * from sums_by_channel to @x and @y, in block order. */
static inline void
store_two_channels16 (guint8 * x, guint8 * y, __m256i cx, __m256i cy)
{
  /* after the packing, block k sits at byte position
   * 0 1 8 9 2 3 10 11 4 5 12 13 6 7 14 15 of each half */
  const __m256i in_order = _mm256_setr_epi8 (0, 1, 8, 9, 2, 3, 10, 11, 4, 5,
      12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14,
      15);
  /* lower half: the 16 bytes of @cx, upper half: of @cy */
  __m256i xy = _mm256_shuffle_epi8 (pack_bytes_in_order (cx, cy), in_order);

  _mm_storeu_si128 ((__m128i *) x, _mm256_castsi256_si128 (xy));
  _mm_storeu_si128 ((__m128i *) y, _mm256_extracti128_si256 (xy, 1));
}

/* 16 U and 16 V bytes from four vectors of block sums as block_sums4
 * lays them out, each sum shifted left by @shift to 256 times the mean. */
static inline void
store_uv16 (guint8 * u, guint8 * v, __m256i q0, __m256i q1, __m256i q2,
    __m256i q3, int shift, const UvCoefs16 * k)
{
  const __m128i count = _mm_cvtsi32_si128 (shift);
  __m256i c[4], r, g, bl;

  sums_by_channel (q0, q1, q2, q3, c);
  r = _mm256_sll_epi16 (c[0], count);
  g = _mm256_sll_epi16 (c[1], count);
  bl = _mm256_sll_epi16 (c[2], count);
  store_two_channels16 (u, v, chroma16 (bl, k->ub, r, k->ur, g, k->ug),
      chroma16 (r, k->vr, g, k->vg, bl, k->vb));
}

static const guint8 by_channel_bytes[32] = { 0, 4, 8, 12, 1, 5, 9, 13, 2,
  6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7,
  11, 15
};

void
pc_rgba_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i by_channel = LOAD (by_channel_bytes);
  UvCoefs16 k;
  int i = 0;

  uv_coefs16_init (&k, ur, ug, ub, vr, vg, vb);
  for (; i + 16 <= n; i += 16) {
    const guint8 *a = s1 + 8 * i, *b = s2 + 8 * i;

    /* the sum of four, shifted left by 6: 256 times the block mean */
    store_uv16 (u + i, v + i, block_sums4 (a, b, by_channel, ones),
        block_sums4 (a + 32, b + 32, by_channel, ones),
        block_sums4 (a + 64, b + 64, by_channel, ones),
        block_sums4 (a + 96, b + 96, by_channel, ones), 6, &k);
  }
  if (i < n)
    pc_rgba_to_uv_c (u + i, v + i, s1 + 8 * i, s2 + 8 * i, ur, ug, ub, vr, vg,
        vb, n - i);
}

/* ---- co-sited chroma (kernels-siting-c.h) -------------------------------- */

void
pc_chroma_cosited_h_avx2 (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  if (n < 32) {
    pc_chroma_cosited_h_c (d, s1, p1, s2, p2, n);
    return;
  }
  two_row_filter (d, s1, p1, s2, p2, n, cosited_row16,
      _mm256_set1_epi16 (0x0102), FALSE, _mm256_set1_epi16 (4), 3);
}

void
pc_chroma_cosited_h_weighted_avx2 (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  if (n < 32) {
    pc_chroma_cosited_h_weighted_c (d, s1, p1, s2, p2, n);
    return;
  }
  two_row_filter (d, s1, p1, s2, p2, n, cosited_row16,
      _mm256_set1_epi16 (0x0102), TRUE, _mm256_set1_epi16 (8), 4);
}

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

void
pc_rgba_to_uv_cosited_h_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i by_channel = LOAD (by_channel_bytes);
  UvCoefs16 k;
  int i = 0;

  if (n < 16) {
    pc_rgba_to_uv_cosited_h_c (u, v, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n);
    return;
  }
  uv_coefs16_init (&k, ur, ug, ub, vr, vg, vb);
  /* the last vector may overlap the one before: the same samples again */
  for (;; i = MIN (i + 16, n - 16)) {
    const guint8 *a = s1 + 8 * (gsize) i, *pa = p1 + 8 * (gsize) i;
    const guint8 *b = s2 + 8 * (gsize) i, *pb = p2 + 8 * (gsize) i;

    /* the weights sum to 8: shifted left by 5, 256 times the mean */
    store_uv16 (u + i, v + i, cosited_block_sums4 (a, pa, b, pb, by_channel,
            two_one, ones), cosited_block_sums4 (a + 32, pa + 32, b + 32,
            pb + 32, by_channel, two_one, ones), cosited_block_sums4 (a + 64,
            pa + 64, b + 64, pb + 64, by_channel, two_one, ones),
        cosited_block_sums4 (a + 96, pa + 96, b + 96, pb + 96, by_channel,
            two_one, ones), 5, &k);
    if (i == n - 16)
      break;
  }
}

/* 16 samples of channels j and j + 1 (j = @shift / 8) of packed 4:4:4
 * pixels, co-sited: the per-channel sums of cosited_block_sums4, split by
 * channel as store_uv16 does (each vector of sums holds, per 128-bit half,
 * one dword per channel for two blocks), rounded once. */
void
pc_packed444_cosited_h_avx2 (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i four = _mm256_set1_epi16 (4);
  const __m256i by_channel = LOAD (by_channel_bytes);
  int i = 0, j = shift / 8, k;

  if (n < 16) {
    pc_packed444_cosited_h_c (a, b, s1, p1, s2, p2, shift, n);
    return;
  }
  /* the last vector may overlap the one before: the same samples again */
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 8 * (gsize) i;
    __m256i q[4], c[4];

    for (k = 0; k < 4; k++)
      q[k] = cosited_block_sums4 (s1 + o + 32 * k, p1 + o + 32 * k,
          s2 + o + 32 * k, p2 + o + 32 * k, by_channel, two_one, ones);
    sums_by_channel (q[0], q[1], q[2], q[3], c);
    store_two_channels16 (a + i, b + i, _mm256_srli_epi16 (_mm256_add_epi16
            (c[j], four), 3), _mm256_srli_epi16 (_mm256_add_epi16 (c[j + 1],
                four), 3));
    if (i == n - 16)
      break;
  }
}
