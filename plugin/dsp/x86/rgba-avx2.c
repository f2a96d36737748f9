/* pooledconvert
 * The rgba family in AVX2: RGBA to Y, and chroma from 2x2 blocks centred or
 * co-sited; see kernels-avx2.h.  Each keeps its C twin's 16-bit arithmetic
 * (c/rgba.c: mulhuw products, wrapping sums, the saturating + 128), so the
 * results match the twin bit for bit, not merely within one step, at any
 * width and alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
#include "dsp/x86/pixel-sums-avx2.h"
#include "dsp/c/kernels-c.h"

/* The low 16 bits of @k in every 16-bit lane. */
static inline __m256i
splat16 (int k)
{
  return _mm256_set1_epi16 ((short) (k & 0xffff));
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
      chroma16 (r, k->vr, g, k->vg, bl, k->vb), FALSE);
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
