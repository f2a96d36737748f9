/* pooledconvert
 * What the AVX2 files of every family share (private to dsp/x86/, built
 * with -mavx2, and by the AVX-512 files): unaligned loads and stores,
 * streaming stores, packing lanes to bytes, and the prefetch of a cold
 * row.
 */

#ifndef __PC_AVX2_COMMON_H__
#define __PC_AVX2_COMMON_H__

#include <immintrin.h>

#include <glib.h>

/* How far ahead of its loads a kernel that reads a frame's rows first
 * asks for the source.  At the stream level on the Zen 5 VM (processes
 * with each distance alternated, 12-20 samples a side), 4 KiB against
 * 1 KiB: RGBA 0.82-0.89x the time at 720p and 1080p, RGB 0.83-0.85x,
 * Y444 0.77x at 720p and 0.93x at 4K; with PC_KERNELS=avx2 Y444 0.81x
 * and 0.84x at 1080p and 4K; 2 KiB took 1.04-1.20x 4 KiB's time and
 * 8 KiB was level with it.  (A loop of rgba_to_y alone over a ring of
 * cold frames had preferred 1 KiB: the pipeline around the kernels
 * leaves less of the memory's time to hide.) */
#define PREFETCH_AHEAD 4096

/* Asks for the @bytes (a multiple of 64) that follow @p by
 * PREFETCH_AHEAD; a prefetch past the row or the buffer does not fault. */
static inline G_ALWAYS_INLINE void
prefetch_ahead (const guint8 * p, int bytes)
{
  int at;

  for (at = 0; at < bytes; at += 64)
    _mm_prefetch ((const char *) p + PREFETCH_AHEAD + at, _MM_HINT_T0);
}

/* For kernels that step through a row by less than a line (@step bytes,
 * at most 64): asks for the line PREFETCH_AHEAD past byte @at of @row once
 * a line, on the step that enters it. */
static inline G_ALWAYS_INLINE void
prefetch_row_ahead (const guint8 * row, gsize at, gsize step)
{
  if ((at & 63) < step)
    _mm_prefetch ((const char *) row + at + PREFETCH_AHEAD, _MM_HINT_T0);
}

/* For the kernels of a row pair that walks go through pair by pair:
 * asks for the @bytes a step reads from byte @at of rows @s1 and @s2 in
 * the next pair's rows, twice the rows' distance on.  AYUV64's kernel
 * reads its pairs once, and two streams of 8 bytes a pixel outran the
 * hardware's prefetch; the chroma kernels of packed RGB, 4:2:2 and 4:4:4
 * read a pair luma has just read, and memory works for the next pair
 * meanwhile (docs/design.md).  For the last pair of an odd height
 * (@s1 = @s2) it asks for lines already there.  Always inlined: GCC takes
 * a call of a function that only prefetches for one without effect, and
 * drops it. */
static inline G_ALWAYS_INLINE void
ask_next_pair (const guint8 * s1, const guint8 * s2, gsize at, int bytes)
{
  const gssize next = 2 * (s2 - s1);
  int k;

  for (k = 0; k < bytes; k += 64) {
    _mm_prefetch ((const char *) s1 + at + next + k, _MM_HINT_T0);
    _mm_prefetch ((const char *) s2 + at + next + k, _MM_HINT_T0);
  }
}

/* The matrix kernels' 16-bit form of a luma term m0 = 2^unit:
 * (m0 y + c) >> shift = (y + (c >> unit)) >> (shift - unit) exactly, y
 * an integer; c >> unit saturated to 16 bits still clamps as the twin
 * does where shift - unit <= 7 (32767 >> 7 > 255).  Returns unit, or -1
 * where m0 takes the 32-bit form. */
static inline int
luma_unit (int m0, int shift)
{
  int unit;

  if (m0 <= 0 || (m0 & (m0 - 1)) != 0)
    return -1;
  unit = __builtin_ctz (m0);
  return unit <= shift && shift - unit <= 7 ? unit : -1;
}

/* For matrix kernels that read semi-planar chroma pairs from their first
 * byte: where v comes first (NV21), the pairs are read from v and the
 * terms of u and v trade places with the sources. */
static inline void
pairs_from_v (const guint8 ** s1, const guint8 ** s2, int *m1, int *m2)
{
  const guint8 *u = *s1;
  int mu = *m1;

  *s1 = *s2;
  *s2 = u;
  *m1 = *m2;
  *m2 = mu;
}

#define LOAD(p) _mm256_loadu_si256 ((const __m256i *) (p))
#define STORE(p, x) _mm256_storeu_si256 ((__m256i *) (p), (x))

/* 32 output bytes at @p: with @stream a non-temporal store, which writes
 * the line without first reading it into the cache, where @p is 32-byte
 * aligned (the rows of our pool are); a misaligned head, tail or
 * destination takes the normal store, so any destination works.  The
 * caller's band ends with pc_dsp_store_fence (). */
static inline void
store32 (guint8 * p, __m256i x, gboolean stream)
{
  if (stream && ((guintptr) p & 31) == 0)
    _mm256_stream_si256 ((__m256i *) p, x);
  else
    STORE (p, x);
}

/* 16 output bytes at @p, as store32 does for 32. */
static inline void
store16 (guint8 * p, __m128i x, gboolean stream)
{
  if (stream && ((guintptr) p & 15) == 0)
    _mm_stream_si128 ((__m128i *) p, x);
  else
    _mm_storeu_si128 ((__m128i *) p, x);
}

/* 32 bytes of U and 32 of V as 32 U V pairs at @d (NV12's): the unpacks
 * interleave within each 128-bit half, the permutes put the halves back
 * in order. */
static inline void
store_pairs64 (guint8 * d, __m256i u, __m256i v, gboolean stream)
{
  __m256i low = _mm256_unpacklo_epi8 (u, v);
  __m256i high = _mm256_unpackhi_epi8 (u, v);

  store32 (d, _mm256_permute2x128_si256 (low, high, 0x20), stream);
  store32 (d + 32, _mm256_permute2x128_si256 (low, high, 0x31), stream);
}

/* Rows of @n U and V samples as NV12's pairs at @d: 32 a step, then the
 * last few one at a time.  The kernels that make U and V in stack chunks
 * interleave them with this, and so does the output stage. */
static inline void
store_pairs (guint8 * d, const guint8 * u, const guint8 * v, int n,
    gboolean stream)
{
  int i = 0;

  for (; i + 32 <= n; i += 32)
    store_pairs64 (d + 2 * i, LOAD (u + i), LOAD (v + i), stream);
  for (; i < n; i++) {
    d[2 * i] = u[i];
    d[2 * i + 1] = v[i];
  }
}

/* A kernel's two exported variants, normal and streaming stores, from one
 * body: @call names `stream`, constant in each, so the body's store32
 * calls fold to one kind of store. */
#define NORMAL_AND_STREAMING(name, proto, call) \
  void pc_##name##_avx2 proto \
  { \
    const gboolean stream = FALSE; \
    call; \
  } \
  void pc_##name##_stream_avx2 proto \
  { \
    const gboolean stream = TRUE; \
    call; \
  }

/* The 16-bit lanes of @a then @b as 32 bytes in order, each signed lane
 * clamped to 0..255 (its low byte when it is in range): packus works per
 * 128-bit half, the permute puts the halves back. */
static inline __m256i
words_to_bytes (__m256i a, __m256i b)
{
  return _mm256_permute4x64_epi64 (_mm256_packus_epi16 (a, b), 0xd8);
}

/* The low bytes of the 32-bit lanes of @a, @b, @c, @d (each 0..255), in
 * order: after two packs each half holds 4-lane groups of a, b, c, d
 * interleaved by half, which the dword permute undoes. */
static inline __m256i
dwords_to_bytes (__m256i a, __m256i b, __m256i c, __m256i d)
{
  const __m256i order = _mm256_setr_epi32 (0, 4, 1, 5, 2, 6, 3, 7);

  return _mm256_permutevar8x32_epi32 (_mm256_packus_epi16
      (_mm256_packus_epi32 (a, b), _mm256_packus_epi32 (c, d)), order);
}

/* (a + 2 b + c + 2) >> 2 of each byte, exactly: the rounded mean of b and
 * the floored mean of a and c (true for every three bytes) */
static inline __m256i
tent_weighted (__m256i a, __m256i b, __m256i c)
{
  __m256i floored = _mm256_sub_epi8 (_mm256_avg_epu8 (a, c),
      _mm256_and_si256 (_mm256_xor_si256 (a, c), _mm256_set1_epi8 (1)));

  return _mm256_avg_epu8 (b, floored);
}

/* (3 near + far + 2) >> 2 of each byte: a field's nearer row taken twice */
static inline __m256i
field_weighted (__m256i near, __m256i far)
{
  return tent_weighted (far, near, near);
}

static inline __m128i
shift_count (int shift)
{
  return _mm_cvtsi32_si128 (shift);
}

#endif /* __PC_AVX2_COMMON_H__ */
