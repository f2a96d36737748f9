/* pooledconvert
 * The arithmetic the rgba and rgb families' AVX2 kernels share (private
 * to dsp/x86/, built with -mavx2): Y of pixels laid out as RGBA's, and
 * chroma from block sums, in their C twins' 16-bit arithmetic (mulhuw
 * products, wrapping sums, the saturating + 128).  rgba-avx2.c loads
 * 4-byte pixels, rgb-avx2.c spreads 3-byte ones into the same lanes.
 */

#ifndef __PC_RGB_ARITH_AVX2_H__
#define __PC_RGB_ARITH_AVX2_H__

#include "dsp/x86/avx2-common.h"
#include "dsp/x86/pixel-sums-avx2.h"

/* The low 16 bits of @k in every 16-bit lane. */
static inline __m256i
splat16 (int k)
{
  return _mm256_set1_epi16 ((short) (k & 0xffff));
}

typedef struct
{
  __m256i k_rb, k_g, g_mask, bias;
  __m256i in_order;             /* dwords of the packed bytes, pixel order */
} YCoefs16;

static inline void
y_coefs16_init (YCoefs16 * k, int kr, int kg, int kb, int bias)
{
  k->k_rb = _mm256_set1_epi32 ((int) ((guint) (kr & 0xffff) |
          (guint) (kb & 0xffff) << 16));
  k->k_g = _mm256_set1_epi32 (kg & 0xffff);
  k->g_mask = _mm256_set1_epi32 (0xff00);
  k->bias = splat16 (bias);
  k->in_order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);
}

/* R + G and B of eight RGBA pixels, their products in 16-bit lanes.
 * Read as 16-bit lanes a pixel is (R | G << 8, B | A << 8): shifting left
 * by 8 gives R << 8 and B << 8, masking gives G << 8, each multiplied by its
 * coefficient (B's lane gets 0 for G).  A is never weighed. */
static inline __m256i
rgba_products8 (__m256i px, const YCoefs16 * k)
{
  return _mm256_add_epi16 (_mm256_mulhi_epu16 (_mm256_slli_epi16 (px, 8),
          k->k_rb), _mm256_mulhi_epu16 (_mm256_and_si256 (px, k->g_mask),
          k->k_g));
}

/* Y of sixteen pixels in 16-bit lanes: phaddw adds each pixel's two lanes
 * (wrapping, as the twin does), then the bias and the high byte.  Per
 * 128-bit half: 4 pixels of @px0, 4 of @px1. */
static inline __m256i
rgba_to_y16 (__m256i px0, __m256i px1, const YCoefs16 * k)
{
  __m256i sum = _mm256_hadd_epi16 (rgba_products8 (px0, k),
      rgba_products8 (px1, k));

  return _mm256_srli_epi16 (_mm256_add_epi16 (sum, k->bias), 8);
}

/* The 32 Y bytes of pixels 0-7, 8-15, 16-23, 24-31 (@px0 to @px3), in
 * order: per 128-bit half the packing holds 4 pixels of each, the permute
 * puts them back in pixel order. */
static inline __m256i
rgba_to_y32 (__m256i px0, __m256i px1, __m256i px2, __m256i px3,
    const YCoefs16 * k)
{
  return _mm256_permutevar8x32_epi32 (_mm256_packus_epi16 (rgba_to_y16 (px0,
              px1, k), rgba_to_y16 (px2, px3, k)), k->in_order);
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

/* 16 U and 16 V bytes from four vectors of block sums laid out per 128-bit
 * half as 16-bit lanes R R G G B B A A (two blocks each; A is never
 * weighed), each sum shifted left by @shift to 256 times the mean. */
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

#endif /* __PC_RGB_ARITH_AVX2_H__ */
