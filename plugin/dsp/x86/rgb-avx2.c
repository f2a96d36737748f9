/* pooledconvert
 * The rgb family in AVX2: 4-byte RGB orders through the rgba kernels, and
 * 3-byte RGB widened to 4; see kernels-avx2.h.  They give the results of
 * their C twins (c/rgb.c) to the bit, at any width and alignment.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"
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
