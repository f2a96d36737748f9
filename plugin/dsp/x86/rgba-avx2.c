/* pooledconvert
 * The rgba family in AVX2: RGBA to Y, and chroma from 2x2 blocks centred or
 * co-sited; see kernels-avx2.h.  Each keeps its C twin's 16-bit arithmetic
 * (c/rgba.c: mulhuw products, wrapping sums, the saturating + 128), so the
 * results match the twin bit for bit, not merely within one step, at any
 * width and alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/rgb-arith-avx2.h"
#include "dsp/c/kernels-c.h"

void
pc_rgba_to_y_avx2 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  YCoefs16 k;
  int i = 0;

  y_coefs16_init (&k, kr, kg, kb, bias);
  for (; i + 32 <= n; i += 32) {
    const guint8 *p = s + 4 * i;

    STORE (d + i, rgba_to_y32 (LOAD (p), LOAD (p + 32), LOAD (p + 64),
            LOAD (p + 96), &k));
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

/* [1 2 1] down three rows: the outer rows' box sums and the middle row's
 * pairs weighed 2 by pmaddubsw (8 in all, at most 8 * 255 a lane) */
void
pc_rgba_to_uv_cosited_v_avx2 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i twos = _mm256_set1_epi8 (2);
  const __m256i by_channel = LOAD (by_channel_bytes);
  UvCoefs16 k;
  int i = 0, j;

  uv_coefs16_init (&k, ur, ug, ub, vr, vg, vb);
  for (; i + 16 <= n; i += 16) {
    gsize o = 8 * (gsize) i;
    __m256i q[4];

    for (j = 0; j < 4; j++)
      q[j] = _mm256_add_epi16 (block_sums4 (s0 + o + 32 * j,
              s2 + o + 32 * j, by_channel, ones),
          _mm256_maddubs_epi16 (_mm256_shuffle_epi8 (LOAD (s1 + o + 32 * j),
                  by_channel), twos));
    /* the weights sum to 8: shifted left by 5, 256 times the mean */
    store_uv16 (u + i, v + i, q[0], q[1], q[2], q[3], 5, &k);
  }
  if (i < n)
    pc_rgba_to_uv_cosited_v_c (u + i, v + i, s0 + 8 * i, s1 + 8 * i,
        s2 + 8 * i, ur, ug, ub, vr, vg, vb, n - i);
}

/* [1 2 1] across columns and down rows: the outer rows' co-sited sums and
 * the middle row's taken twice (at most 16 * 255 a lane) */
void
pc_rgba_to_uv_cosited_hv_avx2 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const __m256i two_one = _mm256_set1_epi16 (0x0102);
  const __m256i ones = _mm256_set1_epi8 (1);
  const __m256i by_channel = LOAD (by_channel_bytes);
  UvCoefs16 k;
  int i = 0, j;

  if (n < 16) {
    pc_rgba_to_uv_cosited_hv_c (u, v, s0, p0, s1, p1, s2, p2, ur, ug, ub, vr,
        vg, vb, n);
    return;
  }
  uv_coefs16_init (&k, ur, ug, ub, vr, vg, vb);
  /* the last vector may overlap the one before: the same samples again */
  for (;; i = MIN (i + 16, n - 16)) {
    gsize o = 8 * (gsize) i;
    __m256i q[4];

    for (j = 0; j < 4; j++) {
      gsize at = o + 32 * j;

      q[j] = _mm256_add_epi16 (cosited_block_sums4 (s0 + at, p0 + at,
              s2 + at, p2 + at, by_channel, two_one, ones),
          cosited_block_sums4 (s1 + at, p1 + at, s1 + at, p1 + at,
              by_channel, two_one, ones));
    }
    /* the weights sum to 16: shifted left by 4, 256 times the mean */
    store_uv16 (u + i, v + i, q[0], q[1], q[2], q[3], 4, &k);
    if (i == n - 16)
      break;
  }
}
