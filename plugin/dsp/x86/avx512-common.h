/* pooledconvert
 * What the AVX-512 files share (private to dsp/x86/, built with the
 * AVX-512 flags): byte masks for a row's last vector, and loads and
 * stores through them.  A masked load reads nothing past the mask and
 * does not fault there, so a kernel's last step needs no tail in the C
 * twin.
 */

#ifndef __PC_AVX512_COMMON_H__
#define __PC_AVX512_COMMON_H__

#include <immintrin.h>

#include <glib.h>

/* PREFETCH_AHEAD and prefetch_ahead (), shared with the AVX2 files */
#include "dsp/x86/avx2-common.h"

#define ALWAYS_INLINE inline __attribute__ ((always_inline))

/* The first @n bytes of a vector (all 64 from n >= 64, none from n <= 0). */
static inline __mmask64
first_bytes (int n)
{
  if (n <= 0)
    return 0;
  if (n >= 64)
    return ~(__mmask64) 0;
  return ((__mmask64) 1 << n) - 1;
}

/* 64 bytes at @p, of which the first @left exist when not @full; the
 * others read as 0 and are not touched. */
static ALWAYS_INLINE __m512i
load_row (const guint8 * p, int left, gboolean full)
{
  if (full)
    return _mm512_loadu_si512 ((const void *) p);
  return _mm512_maskz_loadu_epi8 (first_bytes (left), p);
}

/* @x to the 64 bytes at @d, of which the first @left exist when not
 * @full; with @stream a whole vector bound for a 64-byte boundary goes
 * around the cache (the caller's band ends with pc_dsp_store_fence ()). */
static ALWAYS_INLINE void
store_row (guint8 * d, __m512i x, int left, gboolean full, gboolean stream)
{
  if (full && stream && ((guintptr) d & 63) == 0)
    _mm512_stream_si512 ((void *) d, x);
  else if (full)
    _mm512_storeu_si512 ((void *) d, x);
  else
    _mm512_mask_storeu_epi8 (d, first_bytes (left), x);
}

/* store_row () of 32 bytes: streamed when bound for a 32-byte boundary
 * (two such stores fill a line). */
static ALWAYS_INLINE void
store_row32 (guint8 * d, __m256i x, int left, gboolean full, gboolean stream)
{
  if (full && stream && ((guintptr) d & 31) == 0)
    _mm256_stream_si256 ((__m256i *) d, x);
  else if (full)
    _mm256_storeu_si256 ((__m256i *) d, x);
  else
    _mm256_mask_storeu_epi8 (d, (__mmask32) first_bytes (left), x);
}

#endif /* __PC_AVX512_COMMON_H__ */
