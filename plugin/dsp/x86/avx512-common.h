/* pooledconvert
 * What the AVX-512 files share (private to dsp/x86/, built with the
 * AVX-512 flags): byte masks for a row's last vector, loads through
 * them, and the prefetch of a cold row.  A masked load reads nothing past the mask and does not fault
 * there, so a kernel's last step needs no tail in the C twin.
 */

#ifndef __PC_AVX512_COMMON_H__
#define __PC_AVX512_COMMON_H__

#include <immintrin.h>

#include <glib.h>

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

/* How far ahead of its loads a kernel that reads a frame's rows first
 * asks for the source.  Measured here on cold frames (a ring of eight
 * 1080p RGBA frames, rgba_to_y alone): 1.55x faster at 512 bytes and at
 * 2048, 1.59x at 1024, 1.39x at 4096; co-sited planar chroma, which reads
 * its rows first too, took 0.85x and 0.74x AVX2's time at 720p and 1080p
 * with it, 0.91x and 0.95x without (docs/design.md). */
#define PREFETCH_AHEAD 1024

/* Asks for the @bytes (a multiple of 64) that follow @p by
 * PREFETCH_AHEAD; a prefetch past the row or the buffer does not fault. */
static ALWAYS_INLINE void
prefetch_ahead (const guint8 * p, int bytes)
{
  int at;

  for (at = 0; at < bytes; at += 64)
    _mm_prefetch ((const char *) p + PREFETCH_AHEAD + at, _MM_HINT_T0);
}

#endif /* __PC_AVX512_COMMON_H__ */
