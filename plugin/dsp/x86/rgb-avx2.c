/* pooledconvert
 * The rgb family in AVX2: 4-byte RGB orders through the rgba kernels, and
 * 3-byte RGB widened to 4 or read in place; see kernels-avx2.h.  They give
 * the results of their C twins (c/rgb.c) to the bit, at any width and
 * alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/rgb-arith-avx2.h"
#include "dsp/c/kernels-c.h"

/* The RGBA kernels weigh bytes 0, 1, 2 of each pixel and read only the
 * row they are given: started shift / 8 bytes in, they weigh bytes 1, 2,
 * 3, but the last pixel's window would end past the row, so it goes to
 * the C twin. */
void
pc_rgb4_to_y_avx2 (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n)
{
  int skip = shift / 8;

  /* no pixels: the C call below would write d[-1] */
  if (n <= 0)
    return;
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

  if (n <= 0)
    return;
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

/* ---- 3-byte pixels ------------------------------------------------------ */

/* pshufb tables for 8 pixels as load24 () holds them: pixels 0-3 from byte
 * 0 of the low half, pixels 4-7 from byte 4 of the high half.  -128 makes
 * a zero. */
#define Z -128
/* each pixel in 4 bytes, the fourth 0: RGBA's layout */
static const gint8 spread24_bytes[32] = {
  0, 1, 2, Z, 3, 4, 5, Z, 6, 7, 8, Z, 9, 10, 11, Z,
  4, 5, 6, Z, 7, 8, 9, Z, 10, 11, 12, Z, 13, 14, 15, Z
};

/* each half's 4 pixels by channel, as by_channel_bytes sorts RGBA's: R R R
 * R G G G G B B B B and four zeros */
static const gint8 by_channel24_bytes[32] = {
  0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11, Z, Z, Z, Z,
  4, 7, 10, 13, 5, 8, 11, 14, 6, 9, 12, 15, Z, Z, Z, Z
};

/* the odd pixel of each pair, by channel, in 16-bit lanes as pmaddubsw
 * leaves the sums of by_channel24_bytes: R R G G B B 0 0 */
static const gint8 odd_by_channel24_bytes[32] = {
  3, Z, 9, Z, 4, Z, 10, Z, 5, Z, 11, Z, Z, Z, Z, Z,
  7, Z, 13, Z, 8, Z, 14, Z, 9, Z, 15, Z, Z, Z, Z, Z
};

#undef Z

/* The 8 pixels (24 bytes) at @p in one vector, bytes 0-15 in the low half
 * and 8-23 in the high, so nothing past the 24 is read; then @table. */
static inline __m256i
load24 (const guint8 * p, __m256i table)
{
  __m256i px = _mm256_inserti128_si256 (_mm256_castsi128_si256
      (_mm_loadu_si128 ((const __m128i *) p)),
      _mm_loadu_si128 ((const __m128i *) (p + 8)), 1);

  return _mm256_shuffle_epi8 (px, table);
}

void
pc_rgb24_to_rgb4_avx2 (guint8 * d, const guint8 * s, int n)
{
  const __m256i spread = LOAD (spread24_bytes);
  int i = 0;

  for (; i + 8 <= n; i += 8)
    STORE (d + 4 * (gsize) i, load24 (s + 3 * (gsize) i, spread));
  if (i < n)
    pc_rgb24_to_rgb4_c (d + 4 * (gsize) i, s + 3 * (gsize) i, n - i);
}

/* The pixels spread to RGBA's layout in registers, then RGBA's arithmetic:
 * no row of 4-byte pixels is written and read again. */
void
pc_rgb24_to_y_avx2 (guint8 * d, const guint8 * s, int k0, int k1, int k2,
    int bias, int n)
{
  const __m256i spread = LOAD (spread24_bytes);
  YCoefs16 k;
  int i = 0;

  if (n < 32) {
    pc_rgb24_to_y_c (d, s, k0, k1, k2, bias, n);
    return;
  }
  y_coefs16_init (&k, k0, k1, k2, bias);
  /* the last vector may overlap the one before: the same pixels again */
  for (;; i = MIN (i + 32, n - 32)) {
    const guint8 *p = s + 3 * (gsize) i;

    /* 96 bytes a step: two lines ahead cover them */
    prefetch_ahead (p, 128);
    STORE (d + i, rgba_to_y32 (load24 (p, spread), load24 (p + 24, spread),
            load24 (p + 48, spread), load24 (p + 72, spread), &k));
    if (i == n - 32)
      break;
  }
}

/* As rgba-avx2.c's block_sums4: the sums of four 2x2 blocks, per 128-bit
 * half 16-bit lanes R R G G B B 0 0, from 8 pixels of each row. */
static inline __m256i
block_sums4_24 (const guint8 * a, const guint8 * b, __m256i by_channel,
    __m256i ones)
{
  return _mm256_add_epi16 (_mm256_maddubs_epi16 (load24 (a, by_channel),
          ones), _mm256_maddubs_epi16 (load24 (b, by_channel), ones));
}

void
pc_rgb24_to_uv_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n)
{
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i by_channel = LOAD (by_channel24_bytes);
  UvCoefs16 k;
  int i = 0;

  if (n < 16) {
    pc_rgb24_to_uv_c (u, v, s1, s2, k0u, k1u, k2u, k0v, k1v, k2v, n);
    return;
  }
  uv_coefs16_init (&k, k0u, k1u, k2u, k0v, k1v, k2v);
  for (;; i = MIN (i + 16, n - 16)) {
    const guint8 *a = s1 + 6 * (gsize) i, *b = s2 + 6 * (gsize) i;

    /* the sum of four, shifted left by 6: 256 times the block mean */
    store_uv16 (u + i, v + i, block_sums4_24 (a, b, by_channel, ones),
        block_sums4_24 (a + 24, b + 24, by_channel, ones),
        block_sums4_24 (a + 48, b + 48, by_channel, ones),
        block_sums4_24 (a + 72, b + 72, by_channel, ones), 6, &k);
    if (i == n - 16)
      break;
  }
}

/* Co-sited sums of four blocks: per row 2 even + odd of each pair
 * (pmaddubsw with 2, 1), plus the odd pixel of the pair before in both
 * rows, taken as 16-bit lanes in the same places (at most 8 * 255). */
static inline __m256i
cosited_block_sums4_24 (const guint8 * a, const guint8 * pa,
    const guint8 * b, const guint8 * pb, __m256i by_channel,
    __m256i odd_by_channel, __m256i two_one)
{
  __m256i rows = _mm256_add_epi16 (_mm256_maddubs_epi16 (load24 (a,
              by_channel), two_one), _mm256_maddubs_epi16 (load24 (b,
              by_channel), two_one));
  __m256i before = _mm256_add_epi16 (load24 (pa, odd_by_channel),
      load24 (pb, odd_by_channel));

  return _mm256_add_epi16 (rows, before);
}

void
pc_rgb24_to_uv_cosited_h_avx2 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i by_channel = LOAD (by_channel24_bytes);
  const __m256i odd_by_channel = LOAD (odd_by_channel24_bytes);
  UvCoefs16 k;
  int i = 0, j;

  if (n < 16) {
    pc_rgb24_to_uv_cosited_h_c (u, v, s1, p1, s2, p2, k0u, k1u, k2u, k0v,
        k1v, k2v, n);
    return;
  }
  uv_coefs16_init (&k, k0u, k1u, k2u, k0v, k1v, k2v);
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 6 * (gsize) i;
    __m256i q[4];

    for (j = 0; j < 4; j++)
      q[j] = cosited_block_sums4_24 (s1 + o + 24 * j, p1 + o + 24 * j,
          s2 + o + 24 * j, p2 + o + 24 * j, by_channel, odd_by_channel,
          two_one);
    /* the weights sum to 8: shifted left by 5, 256 times the mean */
    store_uv16 (u + i, v + i, q[0], q[1], q[2], q[3], 5, &k);
    if (i == n - 16)
      break;
  }
}

/* As rgba-avx2.c's three-row kernels, on 3-byte pixels in place. */
void
pc_rgb24_to_uv_cosited_v_avx2 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i twos = _mm256_set1_epi8 (2);
  const __m256i by_channel = LOAD (by_channel24_bytes);
  UvCoefs16 k;
  int i = 0, j;

  if (n < 16) {
    pc_rgb24_to_uv_cosited_v_c (u, v, s0, s1, s2, k0u, k1u, k2u, k0v, k1v,
        k2v, n);
    return;
  }
  uv_coefs16_init (&k, k0u, k1u, k2u, k0v, k1v, k2v);
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 6 * (gsize) i;
    __m256i q[4];

    for (j = 0; j < 4; j++)
      q[j] = _mm256_add_epi16 (block_sums4_24 (s0 + o + 24 * j,
              s2 + o + 24 * j, by_channel, ones),
          _mm256_maddubs_epi16 (load24 (s1 + o + 24 * j, by_channel), twos));
    /* the weights sum to 8: shifted left by 5, 256 times the mean */
    store_uv16 (u + i, v + i, q[0], q[1], q[2], q[3], 5, &k);
    if (i == n - 16)
      break;
  }
}

void
pc_rgb24_to_uv_cosited_hv_avx2 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i by_channel = LOAD (by_channel24_bytes);
  const __m256i odd_by_channel = LOAD (odd_by_channel24_bytes);
  UvCoefs16 k;
  int i = 0, j;

  if (n < 16) {
    pc_rgb24_to_uv_cosited_hv_c (u, v, s0, p0, s1, p1, s2, p2, k0u, k1u, k2u,
        k0v, k1v, k2v, n);
    return;
  }
  uv_coefs16_init (&k, k0u, k1u, k2u, k0v, k1v, k2v);
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 6 * (gsize) i;
    __m256i q[4];

    for (j = 0; j < 4; j++) {
      gsize at = o + 24 * j;

      q[j] = _mm256_add_epi16 (cosited_block_sums4_24 (s0 + at, p0 + at,
              s2 + at, p2 + at, by_channel, odd_by_channel, two_one),
          cosited_block_sums4_24 (s1 + at, p1 + at, s1 + at, p1 + at,
              by_channel, odd_by_channel, two_one));
    }
    /* the weights sum to 16: shifted left by 4, 256 times the mean */
    store_uv16 (u + i, v + i, q[0], q[1], q[2], q[3], 4, &k);
    if (i == n - 16)
      break;
  }
}
