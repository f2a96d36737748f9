/* pooledconvert
 * AVX-512 kernels of the general walk's stages (see kernels-avx512.h):
 * stage_fold_bytes, full-resolution 8-bit chroma folded across up to
 * three rows and [1 2 1] across columns, as its AVX2 form does it
 * (stage-avx2.c) at twice the width; the column box goes to AVX2's.
 * stage_fold_matrix, both planes of such chroma folded and through the
 * matrix of a change without a luma term, in one pass, and
 * stage_fold_matrix16 the same of 16-bit planes, and stage_block_fold16
 * their whole block rows with the luma rows; stage_rows_matrix the same
 * of chroma at the output's columns; stage_block_matrix16, the block rows
 * of 16-bit 4:2:0 and 4:2:2.
 * stage_matrix_bytes, the luma rows of a matrix change, for planar,
 * semi-planar and 4-byte packed 4:4:4 8-bit layouts, and
 * stage_chroma_steps, the steps of 4:2:0 chroma rows such a change adds
 * to luma; the others go to AVX2's.
 * Bit for bit the C twins (c/stage.c): the sums are exact in 16-bit
 * (or 32-bit) lanes and rounded once.  Steps are 64 outputs (32 for the
 * re-siting and the fold of 16-bit words); the last loads and stores
 * through byte masks, so nothing is read or written past the row.
 * stage_resite_bytes was written the same way and measured level with
 * AVX2's (docs/design.md): the tier keeps AVX2's.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/c/kernels-c.h"
#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx512-common.h"

/* Outputs 0-31 of one row at @s (64 bytes, @bytes of them there unless
 * @full): each byte pair (2i, 2i + 1) weighed and summed by one
 * multiply-add, and with @cosited the pair (2i - 1, 2i) too, which makes
 * [1 2 1] of the two. */
static ALWAYS_INLINE __m512i
folded_pairs (const guint8 * s, __m512i w, int bytes, gboolean full,
    gboolean cosited)
{
  __m512i x = _mm512_maddubs_epi16 (load_row (s, bytes, full), w);

  if (cosited)
    x = _mm512_add_epi16 (x, _mm512_maddubs_epi16 (load_row (s - 1, bytes,
                full), w));
  return x;
}

/* Outputs 0-31 of @rows rows folded from byte @o on, not rounded: every
 * term is at most 64 x 255, so the sums fit 16 bits. */
static ALWAYS_INLINE __m512i
folded_sums (const guint8 * const s[3], const __m512i w[3], gsize o,
    int bytes, gboolean full, int rows, gboolean cosited)
{
  __m512i x = folded_pairs (s[0] + o, w[0], bytes, full, cosited);
  int r;

  for (r = 1; r < rows; r++)
    x = _mm512_add_epi16 (x, folded_pairs (s[r] + o, w[r], bytes, full,
            cosited));
  return x;
}

/* folded_sums () rounded: the sums fit, so the shift may be logical */
static ALWAYS_INLINE __m512i
folded_rows (const guint8 * const s[3], const __m512i w[3], gsize o,
    int bytes, gboolean full, int rows, gboolean cosited, __m512i half,
    __m128i count)
{
  return _mm512_srl_epi16 (_mm512_add_epi16 (folded_sums (s, w, o, bytes,
              full, rows, cosited), half), count);
}

static ALWAYS_INLINE void
fold_rows (guint8 * d, const guint8 * const s[3], const __m512i w[3],
    int rows, gboolean cosited, __m512i half, __m128i count, int n,
    gboolean stream)
{
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  int i;

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    gsize o = 2 * (gsize) i;
    __m512i a, b = _mm512_setzero_si512 ();

    /* three rows: two of them new to each output row */
    if (rows == 3) {
      prefetch_ahead (s[1] + o, 128);
      prefetch_ahead (s[2] + o, 128);
    }
    a = folded_rows (s, w, o, 2 * left, full, rows, cosited, half, count);
    /* the second half's sums exist only where its outputs do */
    if (left > 32)
      b = folded_rows (s, w, o + 64, 2 * left - 64, full, rows, cosited, half,
          count);
    store_row (d + i, _mm512_permutexvar_epi64 (order, _mm512_packus_epi16 (a,
                b)), left, full, stream);
  }
}

/* Rows of weight 0 at the end are not read, as in AVX2.  The column box
 * (centred columns) keeps AVX2's: at 512 bits it measured level or slower
 * on cold frames (docs/design.md), as the planar box did. */
static ALWAYS_INLINE void
stage_fold_bytes (guint8 * d, const guint8 * const s[3], const int w[3],
    int cosited, int shift, int n, gboolean stream)
{
  const __m512i weights[3] = { _mm512_set1_epi8 (w[0]),
    _mm512_set1_epi8 (w[1]), _mm512_set1_epi8 (w[2])
  };
  const __m512i half = _mm512_set1_epi16 (1 << (shift - 1));
  const __m128i count = _mm_cvtsi32_si128 (shift);
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;

  if (!cosited && stream)
    pc_stage_fold_bytes_stream_avx2 (d, s, w, cosited, shift, n);
  else if (!cosited)
    pc_stage_fold_bytes_avx2 (d, s, w, cosited, shift, n);
  else if (rows == 3)
    fold_rows (d, s, weights, 3, TRUE, half, count, n, stream);
  else
    fold_rows (d, s, weights, rows, TRUE, half, count, n, stream);
}

void
pc_stage_fold_bytes_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n)
{
  stage_fold_bytes (d, s, w, cosited, shift, n, FALSE);
}

void
pc_stage_fold_bytes_stream_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int cosited, int shift, int n)
{
  stage_fold_bytes (d, s, w, cosited, shift, n, TRUE);
}

/* The byte permute that puts the even bytes of 64 (U of 32 pairs) in the
 * low half and the odd ones (V) in the high half */
static ALWAYS_INLINE __m512i
pairs_split (void)
{
  guint8 index[64];
  int i;

  for (i = 0; i < 32; i++) {
    index[i] = 2 * i;
    index[32 + i] = 2 * i + 1;
  }
  return _mm512_loadu_si512 ((const void *) index);
}

/* stage_resite_pairs: 32 pairs a step.  Each row's pairs and the pairs
 * before them (loaded from 2 bytes before) interleave by unpacks into
 * (left, here) byte pairs of one component, which one multiply-add of
 * bytes with (w left, w here) weighs; the sums are exact in 16 bits
 * ((w[0] + w[1] + w[2])(left + here) <= 64), and the packs of the halves
 * give the pairs back in order, which one byte permute splits into U's
 * 32 and V's 32. */
static ALWAYS_INLINE void
resite_pairs_loop (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int rows, int left, int here, int shift, int n,
    gboolean stream)
{
  const __m512i half = _mm512_set1_epi16 (1 << (shift - 1));
  const __m128i count = _mm_cvtsi32_si128 (shift);
  __m512i weights[3], split;
  int i, r;

  split = pairs_split ();
  for (r = 0; r < rows; r++)
    weights[r] = _mm512_set1_epi16 ((w[r] * left) | (w[r] * here) << 8);
  for (i = 0; i < n; i += 32) {
    int outputs = MIN (n - i, 32);
    gboolean full = outputs == 32;
    __m512i lo = _mm512_setzero_si512 (), hi = lo, x;

    for (r = 0; r < rows; r++) {
      const guint8 *p = s[r] + 2 * (gsize) i;
      __m512i h = load_row (p, 2 * outputs, full);
      __m512i l = load_row (p - 2, 2 * outputs, full);

      if (r == rows - 1)
        prefetch_ahead (p, 64);
      lo = _mm512_add_epi16 (lo, _mm512_maddubs_epi16 (_mm512_unpacklo_epi8
              (l, h), weights[r]));
      hi = _mm512_add_epi16 (hi, _mm512_maddubs_epi16 (_mm512_unpackhi_epi8
              (l, h), weights[r]));
    }
    x = _mm512_permutexvar_epi8 (split, _mm512_packus_epi16 (_mm512_srl_epi16
            (_mm512_add_epi16 (lo, half), count), _mm512_srl_epi16
            (_mm512_add_epi16 (hi, half), count)));
    store_row32 (du + i, _mm512_castsi512_si256 (x), outputs, full, stream);
    store_row32 (dv + i, _mm512_extracti64x4_epi64 (x, 1), outputs, full,
        stream);
  }
}

/* stage_resite_pairs16: 32 pairs a step, two vectors of 16 a row.  Each
 * word read (shifted, capped at 1023) and the word of the pair before,
 * unpacked into (left, here) pairs of one component, take one
 * multiply-add with (w left, w here) into 32-bit sums; the packs of the
 * halves give the pairs back in order, narrowed to bytes with the cap at
 * 255, and one byte permute splits U from V as above. */
static ALWAYS_INLINE __m512i
words_read (const guint8 * p, int bytes, gboolean full, __m128i count)
{
  return _mm512_min_epu16 (_mm512_srl_epi16 (load_row (p, bytes, full),
          count), _mm512_set1_epi16 (1023));
}

static ALWAYS_INLINE void
resite_pairs16_loop (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int rows, int read_shift, int left, int here, int shift,
    int n, gboolean stream)
{
  const __m512i half = _mm512_set1_epi32 (1 << (shift - 1));
  const __m128i count = _mm_cvtsi32_si128 (shift);
  const __m128i read_count = _mm_cvtsi32_si128 (read_shift);
  __m512i weights[3], split;
  int i, r, h;

  split = pairs_split ();
  for (r = 0; r < rows; r++)
    weights[r] = _mm512_set1_epi32 ((w[r] * left) | (w[r] * here) << 16);
  for (i = 0; i < n; i += 32) {
    int outputs = MIN (n - i, 32);
    __m512i narrowed[2];

    for (h = 0; h < 2; h++) {
      /* pairs i + 16 h .. i + 16 h + 15: 64 bytes */
      int bytes = 4 * (outputs - 16 * h);
      gboolean full = bytes >= 64;
      __m512i lo = _mm512_setzero_si512 (), hi = lo;

      for (r = 0; r < rows && bytes > 0; r++) {
        const guint8 *p = s[r] + 4 * (gsize) (i + 16 * h);
        __m512i here_w = words_read (p, bytes, full, read_count);
        __m512i left_w = words_read (p - 4, bytes, full, read_count);

        if (r == rows - 1)
          prefetch_ahead (p, 64);
        lo = _mm512_add_epi32 (lo, _mm512_madd_epi16 (_mm512_unpacklo_epi16
                (left_w, here_w), weights[r]));
        hi = _mm512_add_epi32 (hi, _mm512_madd_epi16 (_mm512_unpackhi_epi16
                (left_w, here_w), weights[r]));
      }
      narrowed[h] = _mm512_packus_epi32 (_mm512_srl_epi32 (_mm512_add_epi32
              (lo, half), count), _mm512_srl_epi32 (_mm512_add_epi32 (hi,
                  half), count));
    }
    {
      __m512i x = _mm512_permutexvar_epi8 (split,
          _mm512_inserti64x4 (_mm512_castsi256_si512 (_mm512_cvtusepi16_epi8
                  (narrowed[0])), _mm512_cvtusepi16_epi8 (narrowed[1]), 1));

      store_row32 (du + i, _mm512_castsi512_si256 (x), outputs,
          outputs == 32, stream);
      store_row32 (dv + i, _mm512_extracti64x4_epi64 (x, 1), outputs,
          outputs == 32, stream);
    }
  }
}

static ALWAYS_INLINE void
stage_resite_pairs16 (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n,
    gboolean stream)
{
  if (w[2] != 0)
    resite_pairs16_loop (du, dv, s, w, 3, read_shift, left, here, shift, n,
        stream);
  else if (w[1] != 0)
    resite_pairs16_loop (du, dv, s, w, 2, read_shift, left, here, shift, n,
        stream);
  else
    resite_pairs16_loop (du, dv, s, w, 1, read_shift, left, here, shift, n,
        stream);
}

void
pc_stage_resite_pairs16_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n)
{
  stage_resite_pairs16 (du, dv, s, w, read_shift, left, here, shift, n, FALSE);
}

void
pc_stage_resite_pairs16_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int read_shift, int left,
    int here, int shift, int n)
{
  stage_resite_pairs16 (du, dv, s, w, read_shift, left, here, shift, n, TRUE);
}

/* stage_resite_words: 32 outputs a step, one vector of words a row: the
 * words and those one before (read as words_read () reads them),
 * unpacked into (left, here) pairs, take one multiply-add with
 * (w left, w here) into 32-bit sums, and the packs of the halves give the
 * outputs back in order, as in resite_pairs16_loop (). */
static ALWAYS_INLINE void
resite_words_loop (guint8 * d, const guint8 * const s[3], const int w[3],
    int rows, int read_shift, int left, int here, int shift, int n,
    gboolean stream)
{
  const __m512i half = _mm512_set1_epi32 (1 << (shift - 1));
  const __m128i count = _mm_cvtsi32_si128 (shift);
  const __m128i read_count = _mm_cvtsi32_si128 (read_shift);
  __m512i weights[3];
  int i, r;

  for (r = 0; r < rows; r++)
    weights[r] = _mm512_set1_epi32 ((w[r] * left) | (w[r] * here) << 16);
  for (i = 0; i < n; i += 32) {
    int outputs = MIN (n - i, 32);
    gboolean full = outputs == 32;
    __m512i lo = _mm512_setzero_si512 (), hi = lo;

    for (r = 0; r < rows; r++) {
      const guint8 *p = s[r] + 2 * (gsize) i;
      __m512i here_w = words_read (p, 2 * outputs, full, read_count);
      __m512i left_w = words_read (p - 2, 2 * outputs, full, read_count);

      /* three rows (4:2:2's frame rows): two of them new to each output
       * row */
      if (r == rows - 1 || (rows == 3 && r == 1))
        prefetch_ahead (p, 64);
      lo = _mm512_add_epi32 (lo, _mm512_madd_epi16 (_mm512_unpacklo_epi16
              (left_w, here_w), weights[r]));
      hi = _mm512_add_epi32 (hi, _mm512_madd_epi16 (_mm512_unpackhi_epi16
              (left_w, here_w), weights[r]));
    }
    store_row32 (d + i, _mm512_cvtusepi16_epi8 (_mm512_packus_epi32
            (_mm512_srl_epi32 (_mm512_add_epi32 (lo, half), count),
                _mm512_srl_epi32 (_mm512_add_epi32 (hi, half), count))),
        outputs, full, stream);
  }
}

static ALWAYS_INLINE void
stage_resite_words (guint8 * d, const guint8 * const s[3], const int w[3],
    int read_shift, int left, int here, int shift, int n, gboolean stream)
{
  if (w[2] != 0)
    resite_words_loop (d, s, w, 3, read_shift, left, here, shift, n, stream);
  else if (w[1] != 0)
    resite_words_loop (d, s, w, 2, read_shift, left, here, shift, n, stream);
  else
    resite_words_loop (d, s, w, 1, read_shift, left, here, shift, n, stream);
}

void
pc_stage_resite_words_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n)
{
  stage_resite_words (d, s, w, read_shift, left, here, shift, n, FALSE);
}

void
pc_stage_resite_words_stream_avx512 (guint8 * d, const guint8 * const s[3],
    const int w[3], int read_shift, int left, int here, int shift, int n)
{
  stage_resite_words (d, s, w, read_shift, left, here, shift, n, TRUE);
}

static ALWAYS_INLINE void
stage_resite_pairs (guint8 * du, guint8 * dv, const guint8 * const s[3],
    const int w[3], int left, int here, int shift, int n, gboolean stream)
{
  if (w[2] != 0)
    resite_pairs_loop (du, dv, s, w, 3, left, here, shift, n, stream);
  else if (w[1] != 0)
    resite_pairs_loop (du, dv, s, w, 2, left, here, shift, n, stream);
  else
    resite_pairs_loop (du, dv, s, w, 1, left, here, shift, n, stream);
}

void
pc_stage_resite_pairs_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n)
{
  stage_resite_pairs (du, dv, s, w, left, here, shift, n, FALSE);
}

void
pc_stage_resite_pairs_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const s[3], const int w[3], int left, int here, int shift,
    int n)
{
  stage_resite_pairs (du, dv, s, w, left, here, shift, n, TRUE);
}

/* The two matrix rows of the fused chroma kernels: (m[0], m[1]) as a
 * 16-bit pair for one multiply-add of (su, sv), and the offset with its
 * rounding */
typedef struct
{
  __m512i m_u;
  __m512i m_v;
  __m512i bias_u;
  __m512i bias_v;
  __m128i count;
} ChromaMatrix512;

static ALWAYS_INLINE void
chroma_matrix_init (ChromaMatrix512 * m, const int mu[3], const int mv[3],
    int shift)
{
  m->m_u = _mm512_set1_epi32 ((mu[0] & 0xffff) | (guint32) mu[1] << 16);
  m->m_v = _mm512_set1_epi32 ((mv[0] & 0xffff) | (guint32) mv[1] << 16);
  m->bias_u = _mm512_set1_epi32 (mu[2]);
  m->bias_v = _mm512_set1_epi32 (mv[2]);
  m->count = _mm_cvtsi32_si128 (shift);
}

/* stage_fold_matrix: the sums of fold_rows () for U and V, each output
 * through its matrix row from the pair (su, sv) of 16-bit lanes by one
 * multiply-add, in 32-bit lanes; the packs keep the order within each
 * 128-bit lane, as the unpacks took it. */
static ALWAYS_INLINE __m512i
fold_matrix_words (__m512i su, __m512i sv, __m512i m, __m512i bias,
    __m128i count)
{
  __m512i lo = _mm512_add_epi32 (_mm512_madd_epi16 (_mm512_unpacklo_epi16 (su,
              sv), m), bias);
  __m512i hi = _mm512_add_epi32 (_mm512_madd_epi16 (_mm512_unpackhi_epi16 (su,
              sv), m), bias);

  return _mm512_packs_epi32 (_mm512_sra_epi32 (lo, count),
      _mm512_sra_epi32 (hi, count));
}

static ALWAYS_INLINE void
fold_matrix_rows (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const __m512i w[3], int rows,
    gboolean cosited, const int mu[3], const int mv[3], int shift, int n,
    gboolean stream)
{
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  ChromaMatrix512 m;
  int i, h;

  chroma_matrix_init (&m, mu, mv, shift);

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    gsize o = 2 * (gsize) i;
    __m512i a[2], b[2];

    if (rows == 3) {
      prefetch_ahead (u[1] + o, 128);
      prefetch_ahead (u[2] + o, 128);
      prefetch_ahead (v[1] + o, 128);
      prefetch_ahead (v[2] + o, 128);
    }
    for (h = 0; h < 2; h++) {
      __m512i su = _mm512_setzero_si512 (), sv = su;

      /* the second half's sums exist only where its outputs do */
      if (h == 0 || left > 32) {
        su = folded_sums (u, w, o + 64 * h, 2 * left - 64 * h, full, rows,
            cosited);
        sv = folded_sums (v, w, o + 64 * h, 2 * left - 64 * h, full, rows,
            cosited);
      }
      a[h] = fold_matrix_words (su, sv, m.m_u, m.bias_u, m.count);
      b[h] = fold_matrix_words (su, sv, m.m_v, m.bias_v, m.count);
    }
    store_row (du + i, _mm512_permutexvar_epi64 (order, _mm512_packus_epi16
            (a[0], a[1])), left, full, stream);
    store_row (dv + i, _mm512_permutexvar_epi64 (order, _mm512_packus_epi16
            (b[0], b[1])), left, full, stream);
  }
}

/* stage_fold_matrix of 4-byte pixels (stride 4, U and V at bytes @ou and
 * @ov of each pixel from @base[r]): 8 outputs a group.  One byte permute
 * of the group's pixels 2o - c .. 2o + 15 (two loads; one for the box)
 * puts in lane d the U bytes of pixels 2(o + d) - c .. 2(o + d) + 1, and
 * in lane 8 + d the V bytes, so that one multiply-add of bytes with the
 * taps times the row weight makes their two partial sums, added over the
 * rows.  A multiply-add of those with (m0, m0) in the U lanes and
 * (m1, m1) in the V lanes makes m0 su and m1 sv; the halves of two
 * groups, added, are 16 outputs in order, and the packs of four such
 * leave output 16 g + 4 L + j at lane L's dword g, as in the packed
 * luma above.  Loads read only the bytes of the pixels the twin reads
 * up to the last one's U or V. */
static ALWAYS_INLINE __m512i
packed_fold_group (const guint8 * const base[3], const __m512i w[3],
    int rows, gboolean cosited, __m512i index, int o, int readable)
{
  const __mmask64 taps = cosited ? 0x7777777777777777ULL :
      0x3333333333333333ULL;
  __m512i sums = _mm512_setzero_si512 ();
  int r;

  for (r = 0; r < rows; r++) {
    const guint8 *s = base[r] + 4 * (2 * o - cosited);
    int count = readable - 4 * (2 * o - cosited);
    __m512i a = load_row (s, count, count >= 64), b = a;

    if (cosited)
      b = load_row (s + 64, count - 64, count >= 128);
    sums = _mm512_add_epi16 (sums, _mm512_maddubs_epi16
        (_mm512_maskz_permutex2var_epi8 (taps, a, index, b), w[r]));
  }
  return sums;
}

static ALWAYS_INLINE void
fold_matrix_packed (guint8 * du, guint8 * dv, const guint8 * const base[3],
    int ou, int ov, const int w[3], int rows, gboolean cosited,
    const int mu[3], const int mv[3], int shift, int n, gboolean stream)
{
  /* lane d: pixel 2 d, 2 d + 1, 2 d + 2 from the first loaded */
  const __m512i pixel = _mm512_setr_epi32 (0, 8, 16, 24, 32, 40, 48, 56, 0,
      8, 16, 24, 32, 40, 48, 56);
  const __m512i at = _mm512_add_epi32 (pixel, _mm512_mask_blend_epi32
      (0xff00, _mm512_set1_epi32 (ou), _mm512_set1_epi32 (ov)));
  const __m512i index = _mm512_or_si512 (_mm512_or_si512 (at,
          _mm512_slli_epi32 (_mm512_add_epi32 (at, _mm512_set1_epi32 (4)),
              8)), _mm512_slli_epi32 (_mm512_add_epi32 (at,
              _mm512_set1_epi32 (8)), 16));
  const __m512i order = _mm512_setr_epi32 (0, 4, 8, 12, 1, 5, 9, 13, 2, 6,
      10, 14, 3, 7, 11, 15);
  const __m512i m_u = _mm512_mask_blend_epi32 (0xff00,
      _mm512_set1_epi32 (((guint32) mu[0] & 0xffff) * 0x10001),
      _mm512_set1_epi32 (((guint32) mu[1] & 0xffff) * 0x10001));
  const __m512i m_v = _mm512_mask_blend_epi32 (0xff00,
      _mm512_set1_epi32 (((guint32) mv[0] & 0xffff) * 0x10001),
      _mm512_set1_epi32 (((guint32) mv[1] & 0xffff) * 0x10001));
  const __m512i bias_u = _mm512_set1_epi32 (mu[2]);
  const __m512i bias_v = _mm512_set1_epi32 (mv[2]);
  const __m128i count = _mm_cvtsi32_si128 (shift);
  /* the bytes from pixel 0 the twin's outputs read, to the last U or V */
  int readable = 4 * (2 * n - 1) + MAX (ou, ov) + 1;
  __m512i weights[3];
  int i, g, r;

  for (r = 0; r < rows; r++)
    weights[r] = _mm512_set1_epi32 (cosited ? w[r] * 0x010201 : w[r] * 0x0101);
  for (i = 0; i < n; i += 64) {
    int left = n - i;
    __m512i u_out[4], v_out[4];

    for (g = 0; g < 4; g++) {
      int o = i + 16 * g;
      __m512i s0 = packed_fold_group (base, weights, rows, cosited, index, o,
          readable);
      __m512i s1 = packed_fold_group (base, weights, rows, cosited, index,
          o + 8, readable);
      __m512i p0 = _mm512_madd_epi16 (s0, m_u), p1 = _mm512_madd_epi16 (s1,
          m_u);
      __m512i q0 = _mm512_madd_epi16 (s0, m_v), q1 = _mm512_madd_epi16 (s1,
          m_v);

      u_out[g] = _mm512_sra_epi32 (_mm512_add_epi32 (_mm512_add_epi32
              (_mm512_shuffle_i64x2 (p0, p1, 0x44), _mm512_shuffle_i64x2 (p0,
                      p1, 0xee)), bias_u), count);
      v_out[g] = _mm512_sra_epi32 (_mm512_add_epi32 (_mm512_add_epi32
              (_mm512_shuffle_i64x2 (q0, q1, 0x44), _mm512_shuffle_i64x2 (q0,
                      q1, 0xee)), bias_v), count);
    }
    store_row (du + i, _mm512_permutexvar_epi32 (order, _mm512_packus_epi16
            (_mm512_packs_epi32 (u_out[0], u_out[1]), _mm512_packs_epi32
                (u_out[2], u_out[3]))), left, left >= 64, stream);
    store_row (dv + i, _mm512_permutexvar_epi32 (order, _mm512_packus_epi16
            (_mm512_packs_epi32 (v_out[0], v_out[1]), _mm512_packs_epi32
                (v_out[2], v_out[3]))), left, left >= 64, stream);
  }
}

static ALWAYS_INLINE void
stage_fold_matrix (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], int stride, const int w[3], int cosited,
    const int mu[3], const int mv[3], int shift, int n, gboolean stream)
{
  const __m512i weights[3] = { _mm512_set1_epi8 (w[0]),
    _mm512_set1_epi8 (w[1]), _mm512_set1_epi8 (w[2])
  };
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;

  /* U and V of one pixel: compared as addresses, as the rows may not be
   * one object to C */
  guintptr u0 = (guintptr) u[0], v0 = (guintptr) v[0];

  if (stride == 4 && MAX (u0, v0) - MIN (u0, v0) < 4) {
    const guint8 *base[3];
    int r;

    for (r = 0; r < 3; r++)
      base[r] = (const guint8 *) MIN ((guintptr) u[r], (guintptr) v[r]);
#define FOLD_MATRIX_PACKED(k, c) \
    if (rows == k && !cosited == !c) { \
      fold_matrix_packed (du, dv, base, u0 - (guintptr) base[0], \
          v0 - (guintptr) base[0], w, k, c, mu, mv, shift, n, stream); \
      return; \
    }
    FOLD_MATRIX_PACKED (1, TRUE);
    FOLD_MATRIX_PACKED (2, TRUE);
    FOLD_MATRIX_PACKED (3, TRUE);
    FOLD_MATRIX_PACKED (1, FALSE);
    FOLD_MATRIX_PACKED (2, FALSE);
    FOLD_MATRIX_PACKED (3, FALSE);
#undef FOLD_MATRIX_PACKED
  }
  if (stride != 1) {
    pc_stage_fold_matrix_c (du, dv, u, v, stride, w, cosited, mu, mv, shift, n);
    return;
  }
#define FOLD_MATRIX_ROWS(r, c) \
  if (rows == r && !cosited == !c) { \
    fold_matrix_rows (du, dv, u, v, weights, r, c, mu, mv, shift, n, \
        stream); \
    return; \
  }
  FOLD_MATRIX_ROWS (1, TRUE);
  FOLD_MATRIX_ROWS (2, TRUE);
  FOLD_MATRIX_ROWS (3, TRUE);
  FOLD_MATRIX_ROWS (1, FALSE);
  FOLD_MATRIX_ROWS (2, FALSE);
  FOLD_MATRIX_ROWS (3, FALSE);
#undef FOLD_MATRIX_ROWS
}

void
pc_stage_fold_matrix_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n)
{
  stage_fold_matrix (du, dv, u, v, stride, w, cosited, mu, mv, shift, n, FALSE);
}

void
pc_stage_fold_matrix_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], int stride,
    const int w[3], int cosited, const int mu[3], const int mv[3],
    int shift, int n)
{
  stage_fold_matrix (du, dv, u, v, stride, w, cosited, mu, mv, shift, n, TRUE);
}

/* stage_fold_matrix16: 32 outputs a step, two halves of 16.  For each
 * row, the words of the half's 16 column pairs (read as words_read ()
 * reads them) take one multiply-add with (w, w), or (2w, w) and the pair
 * one word before with (w, 0) for [1 2 1], into 32-bit sums.  The sums
 * fit 15 bits, so (su, sv) packed as a 16-bit pair takes each matrix
 * row by one more multiply-add; the result clamped at 0 narrows with
 * unsigned saturation. */
static ALWAYS_INLINE __m512i
folded_words (const guint8 * const s[3], const __m512i here_w[3],
    const __m512i left_w[3], gsize o, int bytes, gboolean full, int rows,
    gboolean cosited, __m128i read)
{
  __m512i x = _mm512_setzero_si512 ();
  int r;

  for (r = 0; r < rows; r++) {
    const guint8 *p = s[r] + o;

    x = _mm512_add_epi32 (x, _mm512_madd_epi16 (words_read (p, bytes, full,
                read), here_w[r]));
    if (cosited)
      x = _mm512_add_epi32 (x, _mm512_madd_epi16 (words_read (p - 2, bytes,
                  full, read), left_w[r]));
  }
  return x;
}

static ALWAYS_INLINE __m128i
matrix_row_bytes16 (__m512i pairs, __m512i m, __m512i bias, __m128i count)
{
  __m512i x = _mm512_sra_epi32 (_mm512_add_epi32 (_mm512_madd_epi16 (pairs,
              m), bias), count);

  return _mm512_cvtusepi32_epi8 (_mm512_max_epi32 (x, _mm512_setzero_si512 ()));
}

static ALWAYS_INLINE void
fold_matrix16_rows (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const int w[3], int rows, gboolean cosited,
    int read_shift, const int mu[3], const int mv[3], int shift, int n,
    gboolean stream)
{
  const __m128i read = _mm_cvtsi32_si128 (read_shift);
  __m512i here_w[3], left_w[3];
  ChromaMatrix512 m;
  int i, r, h;

  chroma_matrix_init (&m, mu, mv, shift);
  for (r = 0; r < 3; r++) {
    here_w[r] = _mm512_set1_epi32 ((cosited ? 2 * w[r] : w[r]) | w[r] << 16);
    left_w[r] = _mm512_set1_epi32 (w[r]);
  }
  for (i = 0; i < n; i += 32) {
    int outputs = MIN (n - i, 32);
    __m128i a[2], b[2];

    if (rows == 3) {
      gsize o = 4 * (gsize) i;

      prefetch_ahead (u[1] + o, 128);
      prefetch_ahead (u[2] + o, 128);
      prefetch_ahead (v[1] + o, 128);
      prefetch_ahead (v[2] + o, 128);
    }
    for (h = 0; h < 2; h++) {
      /* column pairs i + 16 h .. i + 16 h + 15: 64 bytes a row */
      int bytes = 4 * (outputs - 16 * h);
      gboolean full = bytes >= 64;
      gsize o = 4 * (gsize) (i + 16 * h);
      __m512i su = _mm512_setzero_si512 (), sv = su, pairs;

      if (bytes > 0) {
        su = folded_words (u, here_w, left_w, o, bytes, full, rows, cosited,
            read);
        sv = folded_words (v, here_w, left_w, o, bytes, full, rows, cosited,
            read);
      }
      pairs = _mm512_or_si512 (su, _mm512_slli_epi32 (sv, 16));
      a[h] = matrix_row_bytes16 (pairs, m.m_u, m.bias_u, m.count);
      b[h] = matrix_row_bytes16 (pairs, m.m_v, m.bias_v, m.count);
    }
    store_row32 (du + i, _mm256_inserti128_si256 (_mm256_castsi128_si256
            (a[0]), a[1], 1), outputs, outputs == 32, stream);
    store_row32 (dv + i, _mm256_inserti128_si256 (_mm256_castsi128_si256
            (b[0]), b[1], 1), outputs, outputs == 32, stream);
  }
}

static ALWAYS_INLINE void
stage_fold_matrix16 (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const int w[3], int read_shift, int cosited,
    const int mu[3], const int mv[3], int shift, int n, gboolean stream)
{
  int rows = w[2] != 0 ? 3 : w[1] != 0 ? 2 : 1;

#define FOLD_MATRIX16_ROWS(r, c) \
  if (rows == r && !cosited == !c) { \
    fold_matrix16_rows (du, dv, u, v, w, r, c, read_shift, mu, mv, shift, \
        n, stream); \
    return; \
  }
  FOLD_MATRIX16_ROWS (1, TRUE);
  FOLD_MATRIX16_ROWS (2, TRUE);
  FOLD_MATRIX16_ROWS (3, TRUE);
  FOLD_MATRIX16_ROWS (1, FALSE);
  FOLD_MATRIX16_ROWS (2, FALSE);
  FOLD_MATRIX16_ROWS (3, FALSE);
#undef FOLD_MATRIX16_ROWS
}

void
pc_stage_fold_matrix16_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n)
{
  stage_fold_matrix16 (du, dv, u, v, w, read_shift, cosited, mu, mv, shift,
      n, FALSE);
}

void
pc_stage_fold_matrix16_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    int read_shift, int cosited, const int mu[3], const int mv[3],
    int shift, int n)
{
  stage_fold_matrix16 (du, dv, u, v, w, read_shift, cosited, mu, mv, shift,
      n, TRUE);
}

/* stage_block_fold16: a step is 64 columns of both rows, in two halves
 * of 32 words a plane and row, each loaded once for both the luma and
 * the chroma (read as words_read () reads them).  Luma: the (y, u) words of a column as a 16-bit pair take
 * (my0, my1) by one multiply-add, (v, 0) takes (my2, 0), in 32-bit lanes;
 * the packs restore the order as in fold_matrix_words ().  Chroma: the
 * half's U and V words fold as folded_words () folds them, the pair one
 * word before from a second load, and go through the matrix as there.
 * Both edges repeat the edge column: at column 0 the word before is not
 * read and lane 0 takes word 0; past an odd last column the lane takes
 * the column before it.  (The same of 8-bit Y444, its bytes widened,
 * measured level with the separate kernels: docs/design.md.) */
typedef struct
{
  __m512i m_y01;
  __m512i m_y2;
  __m512i bias_y;
  __m128i luma_count;
  __m512i here_w;
  __m512i left_w;
  __m128i read;
} BlockFold;

/* 32 words from @p read as words_read () reads them, @count of them
 * there; with @at_left the word before column 0 is not read (lane 0
 * holds 0) */
static ALWAYS_INLINE __m512i
words_of (const guint8 * p, int count, gboolean at_left, __m128i read)
{
  __mmask64 mask = first_bytes (2 * count) & ~(__mmask64) (at_left ? 3 : 0);

  return _mm512_min_epu16 (_mm512_srl_epi16 (_mm512_maskz_loadu_epi8 (mask,
              p), read), _mm512_set1_epi16 (1023));
}

/* Lane @k (the column past an odd last one) takes lane k - 1's word */
static ALWAYS_INLINE __m512i
repeat_last (__m512i x, int k)
{
  const __m512i before = _mm512_set_epi16 (30, 29, 28, 27, 26, 25, 24, 23,
      22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
      2, 1, 0, 0);

  return _mm512_mask_permutexvar_epi16 (x, (__mmask32) 1 << k, before, x);
}

static ALWAYS_INLINE __m512i
block_luma_words (const BlockFold * b, __m512i y, __m512i u, __m512i v)
{
  const __m512i zero = _mm512_setzero_si512 ();
  __m512i lo = _mm512_add_epi32 (_mm512_add_epi32 (_mm512_madd_epi16
          (_mm512_unpacklo_epi16 (y, u), b->m_y01),
          _mm512_madd_epi16 (_mm512_unpacklo_epi16 (v, zero), b->m_y2)),
      b->bias_y);
  __m512i hi = _mm512_add_epi32 (_mm512_add_epi32 (_mm512_madd_epi16
          (_mm512_unpackhi_epi16 (y, u), b->m_y01),
          _mm512_madd_epi16 (_mm512_unpackhi_epi16 (v, zero), b->m_y2)),
      b->bias_y);

  return _mm512_packs_epi32 (_mm512_sra_epi32 (lo, b->luma_count),
      _mm512_sra_epi32 (hi, b->luma_count));
}

/* One plane's folded sums of a half from byte @o of @rows: the rows'
 * words @here (the edge repeat made) and, [1 2 1], those one word
 * before */
static ALWAYS_INLINE __m512i
block_fold_sums (const BlockFold * b, const __m512i here[2],
    const guint8 * const rows[2], gsize o, int count, gboolean cosited)
{
  __m512i x = _mm512_add_epi32 (_mm512_madd_epi16 (here[0], b->here_w),
      _mm512_madd_epi16 (here[1], b->here_w));
  int r;

  if (cosited)
    for (r = 0; r < 2; r++) {
      __m512i left = words_of (rows[r] + o - 2, count, o == 0, b->read);

      if (o == 0)
        left = _mm512_mask_mov_epi16 (left, 1, here[r]);
      x = _mm512_add_epi32 (x, _mm512_madd_epi16 (left, b->left_w));
    }
  return x;
}

static ALWAYS_INLINE void
block_fold_loop (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int read_shift, gboolean cosited,
    const int my[4], const int mu[3], const int mv[3], int luma_shift,
    int chroma_shift, int n, gboolean stream_luma, gboolean stream_chroma)
{
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  ChromaMatrix512 m;
  BlockFold b;
  int i, r, h;

  chroma_matrix_init (&m, mu, mv, chroma_shift);
  b.m_y01 = _mm512_set1_epi32 ((my[0] & 0xffff) | (guint32) my[1] << 16);
  b.m_y2 = _mm512_set1_epi32 (my[2] & 0xffff);
  b.bias_y = _mm512_set1_epi32 (my[3]);
  b.luma_count = _mm_cvtsi32_si128 (luma_shift);
  b.here_w = _mm512_set1_epi32 (cosited ? 2 | 1 << 16 : 1 | 1 << 16);
  b.left_w = _mm512_set1_epi32 (1);
  b.read = _mm_cvtsi32_si128 (read_shift);
  for (i = 0; i < n; i += 64) {
    int left = n - i, k = i >> 1, samples = (MIN (left, 64) + 1) >> 1;
    gboolean full = left >= 64;
    __m512i luma[2][2], a[2], c[2];

    for (r = 0; r < 2; r++) {
      prefetch_ahead (y[r] + 2 * (gsize) i, 128);
      prefetch_ahead (u[r] + 2 * (gsize) i, 128);
      prefetch_ahead (v[r] + 2 * (gsize) i, 128);
    }
    for (h = 0; h < 2; h++) {
      int count = MIN (left - 32 * h, 32);
      gsize o = 2 * (gsize) (i + 32 * h);
      __m512i su, sv, pairs, wu[2], wv[2];

      if (count <= 0) {
        luma[0][h] = luma[1][h] = a[h] = c[h] = _mm512_setzero_si512 ();
        continue;
      }
      for (r = 0; r < 2; r++) {
        __m512i wy = words_of (y[r] + o, count, FALSE, b.read);

        wu[r] = words_of (u[r] + o, count, FALSE, b.read);
        wv[r] = words_of (v[r] + o, count, FALSE, b.read);
        luma[r][h] = block_luma_words (&b, wy, wu[r], wv[r]);
        if (count < 32 && (count & 1)) {
          wu[r] = repeat_last (wu[r], count);
          wv[r] = repeat_last (wv[r], count);
        }
      }
      su = block_fold_sums (&b, wu, u, o, count, cosited);
      sv = block_fold_sums (&b, wv, v, o, count, cosited);
      pairs = _mm512_or_si512 (su, _mm512_slli_epi32 (sv, 16));
      a[h] = _mm512_castsi128_si512 (matrix_row_bytes16 (pairs, m.m_u,
              m.bias_u, m.count));
      c[h] = _mm512_castsi128_si512 (matrix_row_bytes16 (pairs, m.m_v,
              m.bias_v, m.count));
    }
    for (r = 0; r < 2; r++)
      store_row (dy[r] + i, _mm512_permutexvar_epi64 (order,
              _mm512_packus_epi16 (luma[r][0], luma[r][1])), left, full,
          stream_luma);
    store_row32 (du + k, _mm256_inserti128_si256 (_mm512_castsi512_si256
            (a[0]), _mm512_castsi512_si128 (a[1]), 1), samples, full,
        stream_chroma);
    store_row32 (dv + k, _mm256_inserti128_si256 (_mm512_castsi512_si256
            (c[0]), _mm512_castsi512_si128 (c[1]), 1), samples, full,
        stream_chroma);
  }
}

static ALWAYS_INLINE void
stage_block_fold16 (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int read_shift, int cosited, const int my[4],
    const int mu[3], const int mv[3], int luma_shift, int chroma_shift,
    int n, gboolean stream_luma, gboolean stream_chroma)
{
  if (cosited)
    block_fold_loop (dy, du, dv, y, u, v, read_shift, TRUE, my, mu, mv,
        luma_shift, chroma_shift, n, stream_luma, stream_chroma);
  else
    block_fold_loop (dy, du, dv, y, u, v, read_shift, FALSE, my, mu, mv,
        luma_shift, chroma_shift, n, stream_luma, stream_chroma);
}

#define BLOCK_FOLD16_ENTRY(suffix, luma, chroma) \
void \
pc_stage_block_fold16##suffix##_avx512 (guint8 * const dy[2], guint8 * du, \
    guint8 * dv, const guint8 * const y[2], const guint8 * const u[2], \
    const guint8 * const v[2], int read_shift, int cosited, \
    const int my[4], const int mu[3], const int mv[3], int luma_shift, \
    int chroma_shift, int n) \
{ \
  stage_block_fold16 (dy, du, dv, y, u, v, read_shift, cosited, my, mu, mv, \
      luma_shift, chroma_shift, n, luma, chroma); \
}

BLOCK_FOLD16_ENTRY (, FALSE, FALSE);
BLOCK_FOLD16_ENTRY (_stream_luma, TRUE, FALSE);
BLOCK_FOLD16_ENTRY (_stream, TRUE, TRUE);
#undef BLOCK_FOLD16_ENTRY

/* stage_rows_matrix: each row's bytes widened in two halves of every
 * 128-bit lane (unpacks with zero), weighed and summed, both halves
 * through the matrix as stage_fold_matrix's are; the byte pack joins
 * the halves as the unpacks split them. */
static ALWAYS_INLINE void
rows_matrix_step (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const __m512i w[3], int rows,
    const ChromaMatrix512 * m, int i, int left, gboolean full, gboolean stream)
{
  const __m512i zero = _mm512_setzero_si512 ();
  __m512i su[2] = { zero, zero }, sv[2] = { zero, zero };
  __m512i a[2], b[2];
  int r, h;

  for (r = 0; r < rows; r++) {
    __m512i x = load_row (u[r] + i, left, full);
    __m512i y = load_row (v[r] + i, left, full);

    su[0] = _mm512_add_epi16 (su[0], _mm512_mullo_epi16 (_mm512_unpacklo_epi8
            (x, zero), w[r]));
    su[1] = _mm512_add_epi16 (su[1], _mm512_mullo_epi16 (_mm512_unpackhi_epi8
            (x, zero), w[r]));
    sv[0] = _mm512_add_epi16 (sv[0], _mm512_mullo_epi16 (_mm512_unpacklo_epi8
            (y, zero), w[r]));
    sv[1] = _mm512_add_epi16 (sv[1], _mm512_mullo_epi16 (_mm512_unpackhi_epi8
            (y, zero), w[r]));
  }
  for (h = 0; h < 2; h++) {
    a[h] = fold_matrix_words (su[h], sv[h], m->m_u, m->bias_u, m->count);
    b[h] = fold_matrix_words (su[h], sv[h], m->m_v, m->bias_v, m->count);
  }
  store_row (du + i, _mm512_packus_epi16 (a[0], a[1]), left, full, stream);
  store_row (dv + i, _mm512_packus_epi16 (b[0], b[1]), left, full, stream);
}

static ALWAYS_INLINE void
rows_matrix (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const int w[3], int rows, const int mu[3],
    const int mv[3], int shift, int n, gboolean stream)
{
  const __m512i weights[3] = { _mm512_set1_epi16 (w[0]),
    _mm512_set1_epi16 (w[1]), _mm512_set1_epi16 (w[2])
  };
  ChromaMatrix512 m;
  int i;

  chroma_matrix_init (&m, mu, mv, shift);
  for (i = 0; i < n; i += 64)
    rows_matrix_step (du, dv, u, v, weights, rows, &m, i, n - i, n - i >= 64,
        stream);
}

static ALWAYS_INLINE void
stage_rows_matrix (guint8 * du, guint8 * dv, const guint8 * const u[3],
    const guint8 * const v[3], const int w[3], const int mu[3],
    const int mv[3], int shift, int n, gboolean stream)
{
  if (w[2] != 0)
    rows_matrix (du, dv, u, v, w, 3, mu, mv, shift, n, stream);
  else if (w[1] != 0)
    rows_matrix (du, dv, u, v, w, 2, mu, mv, shift, n, stream);
  else
    rows_matrix (du, dv, u, v, w, 1, mu, mv, shift, n, stream);
}

void
pc_stage_rows_matrix_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n)
{
  stage_rows_matrix (du, dv, u, v, w, mu, mv, shift, n, FALSE);
}

void
pc_stage_rows_matrix_stream_avx512 (guint8 * du, guint8 * dv,
    const guint8 * const u[3], const guint8 * const v[3], const int w[3],
    const int mu[3], const int mv[3], int shift, int n)
{
  stage_rows_matrix (du, dv, u, v, w, mu, mv, shift, n, TRUE);
}

/* stage_matrix_bytes: luma (or co-sited chroma) rows through one matrix
 * row, for planar and semi-planar 8-bit layouts, 64 outputs a step.
 * Group q (0-3) of a step makes the 32-bit terms of outputs
 * 16 L + 4 q + j in its lane 4 L + j (L the 128-bit lane, j < 4): then
 * two packs of 32 to 16 bits and one of 16 to 8 give the 64 outputs in
 * order, and the luma bytes widen to match with one unpack each.  One
 * byte permute per group makes its (u, 0, v, 0) lanes from the chroma
 * vectors, which need not be widened first: planar u and v (A = u,
 * B = v) or the pairs of a semi-planar row (A and B its 128 bytes). */
typedef enum
{
  M512_PLANAR,
  M512_PAIRED,
  /* strided, or apart: AVX2's */
  M512_OTHER,
} M512Chroma;

/* What m0 is: 0 (a chroma row: luma is not read), 2^unit, or any other */
typedef enum
{
  M512_LUMA_NONE,
  M512_LUMA_UNIT,
  M512_LUMA_SCALED,
} M512Luma;

typedef struct
{
  __m512i m0;
  __m512i m12;
  __m512i bias;
  __m128i count;
  __m128i unit_count;
  __m128i rest_count;
  __m512i uv_index[4];
  __m512i y_index[4];
} Matrix512;

static ALWAYS_INLINE void
matrix512_init (Matrix512 * m, M512Chroma chroma, int sub, int m0, int m1,
    int m2, int bias, int shift, int unit)
{
  /* the output of lane 4 L + j of group 0, 16 L + j; group q adds 4 q */
  const __m512i first = _mm512_setr_epi32 (0, 1, 2, 3, 16, 17, 18, 19, 32,
      33, 34, 35, 48, 49, 50, 51);
  int q;

  for (q = 0; q < 4; q++) {
    __m512i out = _mm512_add_epi32 (first, _mm512_set1_epi32 (4 * q));
    __m512i k = _mm512_srli_epi32 (out, sub);

    /* bytes 0 and 2 of each lane index u and v (bytes 1 and 3 are masked
     * to 0): in A and B, or a pair's two bytes */
    if (chroma == M512_PAIRED)
      k = _mm512_add_epi32 (k, k);
    m->uv_index[q] = _mm512_or_si512 (k, _mm512_slli_epi32 (_mm512_add_epi32
            (k, _mm512_set1_epi32 (chroma == M512_PAIRED ? 1 : 64)), 16));
    m->y_index[q] = out;
  }
  m->m0 = _mm512_set1_epi32 (m0 & 0xffff);
  m->m12 = _mm512_set1_epi32 ((m1 & 0xffff) | (guint32) m2 << 16);
  m->bias = _mm512_set1_epi32 (bias);
  m->count = _mm_cvtsi32_si128 (shift);
  m->unit_count = _mm_cvtsi32_si128 (unit);
  m->rest_count = _mm_cvtsi32_si128 (shift - unit);
}

/* the 16-bit lanes of terms @a and @b (groups 2 h and 2 h + 1) >> @count */
static ALWAYS_INLINE __m512i
terms_packed (__m512i a, __m512i b, __m128i count)
{
  return _mm512_packs_epi32 (_mm512_sra_epi32 (a, count),
      _mm512_sra_epi32 (b, count));
}

/* 64 outputs from luma bytes @y and chroma vectors @a, @b */
static ALWAYS_INLINE __m512i
matrix512_step (__m512i y, __m512i a, __m512i b, M512Luma luma,
    const Matrix512 * m)
{
  const __mmask64 even_bytes = 0x5555555555555555ULL;
  const __mmask64 first_bytes_of_lanes = 0x1111111111111111ULL;
  __m512i t[4], w[2];
  int q;

  for (q = 0; q < 4; q++) {
    t[q] = _mm512_add_epi32 (_mm512_madd_epi16 (_mm512_maskz_permutex2var_epi8
            (even_bytes, a, m->uv_index[q], b), m->m12), m->bias);
    if (luma == M512_LUMA_SCALED)
      t[q] = _mm512_add_epi32 (t[q], _mm512_madd_epi16
          (_mm512_maskz_permutexvar_epi8 (first_bytes_of_lanes,
                  m->y_index[q], y), m->m0));
  }
  if (luma == M512_LUMA_UNIT) {
    /* (y 2^unit + c) >> shift = (y + (c >> unit)) >> (shift - unit) */
    const __m512i zero = _mm512_setzero_si512 ();

    w[0] = _mm512_sra_epi16 (_mm512_adds_epi16 (_mm512_unpacklo_epi8 (y,
                zero), terms_packed (t[0], t[1], m->unit_count)),
        m->rest_count);
    w[1] = _mm512_sra_epi16 (_mm512_adds_epi16 (_mm512_unpackhi_epi8 (y,
                zero), terms_packed (t[2], t[3], m->unit_count)),
        m->rest_count);
  } else {
    w[0] = terms_packed (t[0], t[1], m->count);
    w[1] = terms_packed (t[2], t[3], m->count);
  }
  return _mm512_packus_epi16 (w[0], w[1]);
}

/* @count bytes at @p for a step (64, or 32 for subsampled chroma, when
 * @full), the others 0 */
static ALWAYS_INLINE __m512i
load_part (const guint8 * p, int count, gboolean full)
{
  if (full && count >= 64)
    return _mm512_loadu_si512 ((const void *) p);
  if (full && count == 32)
    return _mm512_zextsi256_si512 (_mm256_loadu_si256 ((const __m256i *) p));
  return load_row (p, count, FALSE);
}

/* Each step reads what the twin's outputs i .. i + 63 read: the luma
 * bytes, the chroma samples (i >> sub) on, as planes or pairs; the last
 * step through byte masks.  A re-matrixed frame's luma rows are the
 * first to read its rows (walk-general.c): the loop asks for them
 * ahead. */
static ALWAYS_INLINE void
matrix512_loop (guint8 * d, const guint8 * y, const guint8 * u,
    const guint8 * v, M512Chroma chroma, int sub, M512Luma luma,
    const Matrix512 * m, int n, gboolean stream)
{
  int i;

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    int k = i >> sub;
    int samples = (MIN (left, 64) + sub) >> sub;
    __m512i ys = _mm512_setzero_si512 (), a, b;

    if (luma != M512_LUMA_NONE) {
      prefetch_ahead (y + i, 64);
      ys = load_row (y + i, left, full);
    }
    if (chroma == M512_PLANAR) {
      prefetch_row_ahead (u, k, 64 >> sub);
      prefetch_row_ahead (v, k, 64 >> sub);
      a = load_part (u + k, samples, full);
      b = load_part (v + k, samples, full);
    } else {
      int bytes = 2 * samples;

      prefetch_ahead (u + 2 * k, 128 >> sub);
      a = load_part (u + 2 * k, bytes, full);
      b = sub == 0 ? load_part (u + 2 * k + 64, bytes - 64, full) : a;
    }
    store_row (d + i, matrix512_step (ys, a, b, luma, m), left, full, stream);
  }
}

/* Packed 4:4:4 of 4-byte pixels (AYUV, VUYA), Y, U and V at bytes @oy,
 * @ou and @ov of each pixel from @base: group q of a step is its load q,
 * pixel 16 q + i in lane i, luma in 32-bit lanes as chroma (a unit m0
 * too: 2^14 is a 16-bit term).  The packs then leave output
 * 16 g + 4 L + j in lane L's dword g, j its byte: one dword transpose a
 * step puts the outputs in order. */
static ALWAYS_INLINE void
matrix512_packed_loop (guint8 * d, const guint8 * base, int oy, int ou,
    int ov, int m0, int m1, int m2, int bias, int shift, int n, gboolean stream)
{
  const __mmask64 even_bytes = 0x5555555555555555ULL;
  const __mmask64 first_bytes_of_lanes = 0x1111111111111111ULL;
  const __m512i pixel = _mm512_setr_epi32 (0, 4, 8, 12, 16, 20, 24, 28, 32,
      36, 40, 44, 48, 52, 56, 60);
  const __m512i uv_index = _mm512_or_si512 (_mm512_add_epi32 (pixel,
          _mm512_set1_epi32 (ou)), _mm512_slli_epi32 (_mm512_add_epi32 (pixel,
              _mm512_set1_epi32 (ov)), 16));
  const __m512i y_index = _mm512_add_epi32 (pixel, _mm512_set1_epi32 (oy));
  const __m512i order = _mm512_setr_epi32 (0, 4, 8, 12, 1, 5, 9, 13, 2, 6,
      10, 14, 3, 7, 11, 15);
  const __m512i m_y = _mm512_set1_epi32 (m0 & 0xffff);
  const __m512i m_uv = _mm512_set1_epi32 ((m1 & 0xffff) | (guint32) m2 << 16);
  const __m512i bias_v = _mm512_set1_epi32 (bias);
  const __m128i shift_count = _mm_cvtsi32_si128 (shift);
  int last = MAX (oy, MAX (ou, ov));
  int i, q;

  for (i = 0; i < n; i += 64) {
    int left = n - i;
    /* the bytes from this step's first pixel the twin reads: the last
     * pixel's end only to its last component read, so even a whole step
     * loads its last 64 bytes through a mask where that is not byte 3 */
    int bytes = 4 * (MIN (left, 64) - 1) + last + 1;
    const guint8 *s = base + 4 * (gsize) i;
    __m512i t[4];

    prefetch_ahead (s, 256);
    for (q = 0; q < 4; q++) {
      int count = bytes - 64 * q;
      __m512i x = load_row (s + 64 * q, count, count >= 64);

      t[q] = _mm512_add_epi32 (_mm512_add_epi32 (_mm512_madd_epi16
              (_mm512_maskz_permutexvar_epi8 (even_bytes, uv_index, x), m_uv),
              _mm512_madd_epi16 (_mm512_maskz_permutexvar_epi8
                  (first_bytes_of_lanes, y_index, x), m_y)), bias_v);
    }
    store_row (d + i, _mm512_permutexvar_epi32 (order, _mm512_packus_epi16
            (terms_packed (t[0], t[1], shift_count), terms_packed (t[2], t[3],
                    shift_count))), left, left >= 64, stream);
  }
}

/* stage_chroma_steps: 64 outputs a step from 32 chroma samples, planar
 * or side by side.  Group q's lane 4 L + j holds the terms of sample
 * 8 L + 4 q + j (one byte permute of the (u, 0, v, 0) lanes, as above),
 * so the pack of both groups holds samples 8 L .. 8 L + 7 in lane L and
 * its narrowing to the up and down steps, each byte taken twice by an
 * unpack, gives outputs 16 L .. 16 L + 15 in order. */
static ALWAYS_INLINE void
steps_index_init (__m512i index[2], M512Chroma chroma)
{
  const __m512i first = _mm512_setr_epi32 (0, 1, 2, 3, 8, 9, 10, 11, 16, 17,
      18, 19, 24, 25, 26, 27);
  int q;

  for (q = 0; q < 2; q++) {
    __m512i k = _mm512_add_epi32 (first, _mm512_set1_epi32 (4 * q));

    if (chroma == M512_PAIRED)
      k = _mm512_add_epi32 (k, k);
    index[q] = _mm512_or_si512 (k, _mm512_slli_epi32 (_mm512_add_epi32 (k,
                _mm512_set1_epi32 (chroma == M512_PAIRED ? 1 : 64)), 16));
  }
}

/* The 32 chroma samples from sample @k on (@samples of them there unless
 * @full): planes U in @a, V in @b, or pairs in both */
static ALWAYS_INLINE void
steps_chroma_loads (__m512i * a, __m512i * b, const guint8 * u,
    const guint8 * v, M512Chroma chroma, int k, int samples, gboolean full)
{
  if (chroma == M512_PLANAR) {
    prefetch_row_ahead (u, k, 32);
    prefetch_row_ahead (v, k, 32);
    *a = load_part (u + k, samples, full);
    *b = load_part (v + k, samples, full);
  } else {
    prefetch_ahead (u + 2 * k, 64);
    *a = *b = load_part (u + 2 * k, 2 * samples, full);
  }
}

/* The (u, 0, v, 0) lanes of those samples, group q in @x[q] */
static ALWAYS_INLINE void
steps_chroma_lanes (__m512i x[2], __m512i a, __m512i b, const __m512i index[2])
{
  const __mmask64 even_bytes = 0x5555555555555555ULL;
  int q;

  for (q = 0; q < 2; q++)
    x[q] = _mm512_maskz_permutex2var_epi8 (even_bytes, a, index[q], b);
}

/* The 16-bit terms of lanes @x through the matrix row (@m12, @bias):
 * samples 0-31 in order */
static ALWAYS_INLINE __m512i
steps_terms (const __m512i x[2], __m512i m12, __m512i bias, __m128i count)
{
  return terms_packed (_mm512_add_epi32 (_mm512_madd_epi16 (x[0], m12), bias),
      _mm512_add_epi32 (_mm512_madd_epi16 (x[1], m12), bias), count);
}

static ALWAYS_INLINE void
chroma_steps_loop (guint8 * up, guint8 * down, const guint8 * u,
    const guint8 * v, M512Chroma chroma, int m1, int m2, int bias, int shift,
    int n)
{
  const __m512i zero = _mm512_setzero_si512 ();
  const __m512i m12 = _mm512_set1_epi32 ((m1 & 0xffff) | (guint32) m2 << 16);
  const __m512i bias_v = _mm512_set1_epi32 (bias);
  const __m128i count = _mm_cvtsi32_si128 (shift);
  __m512i index[2];
  int i;

  steps_index_init (index, chroma);
  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    __m512i a, b, x[2], t, steps;

    steps_chroma_loads (&a, &b, u, v, chroma, i >> 1,
        (MIN (left, 64) + 1) >> 1, full);
    steps_chroma_lanes (x, a, b, index);
    t = steps_terms (x, m12, bias_v, count);
    steps = _mm512_packus_epi16 (t, _mm512_subs_epi16 (zero, t));
    store_row (up + i, _mm512_unpacklo_epi8 (steps, steps), left, full, FALSE);
    store_row (down + i, _mm512_unpackhi_epi8 (steps, steps), left, full,
        FALSE);
  }
}

void
pc_stage_chroma_steps_avx512 (guint8 * up, guint8 * down, const guint8 * u,
    const guint8 * v, int chroma_stride, int m1, int m2, int bias, int shift,
    int n)
{
  if (chroma_stride == 2 && u == v + 1)
    pairs_from_v (&u, &v, &m1, &m2);
  if (chroma_stride == 1)
    chroma_steps_loop (up, down, u, v, M512_PLANAR, m1, m2, bias, shift, n);
  else if (chroma_stride == 2 && v == u + 1)
    chroma_steps_loop (up, down, u, v, M512_PAIRED, m1, m2, bias, shift, n);
  else
    pc_stage_chroma_steps_avx2 (up, down, u, v, chroma_stride, m1, m2, bias,
        shift, n);
}

/* stage_block_matrix: a step is 64 columns of both luma rows and the 32
 * chroma samples under them, read once.  Where the luma keeps its own
 * term (LUMA_UNIT) the chroma lanes of stage_chroma_steps go through the
 * three matrix rows: the luma terms become the steps each luma byte
 * takes, as there.  Otherwise (LUMA_SCALED: a range change) the chroma
 * terms of the luma row are made once a step in matrix512_step ()'s
 * lanes and each luma row adds its own products, as that step does for
 * one row.  The U and V terms, packed to bytes together, hold U's
 * 8 L .. 8 L + 7 in lane L's first quadword and V's in its second, which
 * one quadword permute puts in order.  The luma rows are asked for ahead,
 * as add_steps asks. */
static ALWAYS_INLINE void
block_matrix_loop (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * u, const guint8 * v,
    M512Chroma chroma, M512Luma luma, const int my[4], const int mu[3],
    const int mv[3], int shift, int n, gboolean stream_luma,
    gboolean stream_chroma)
{
  const __mmask64 even_bytes = 0x5555555555555555ULL;
  const __mmask64 first_bytes_of_lanes = 0x1111111111111111ULL;
  const __m512i zero = _mm512_setzero_si512 ();
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  const __m512i m_y = _mm512_set1_epi32 ((my[1] & 0xffff) |
      (guint32) my[2] << 16);
  const __m512i bias_y = _mm512_set1_epi32 (my[3]);
  const __m128i count = _mm_cvtsi32_si128 (shift);
  Matrix512 scaled;
  ChromaMatrix512 m;
  __m512i index[2];
  int i, r, q;

  chroma_matrix_init (&m, mu, mv, shift);
  steps_index_init (index, chroma);
  if (luma == M512_LUMA_SCALED)
    matrix512_init (&scaled, chroma, 1, my[0], my[1], my[2], my[3], shift, 0);
  for (i = 0; i < n; i += 64) {
    int left = n - i;
    gboolean full = left >= 64;
    int k = i >> 1, samples = (MIN (left, 64) + 1) >> 1;
    __m512i a, b, x[2], uv;

    steps_chroma_loads (&a, &b, u, v, chroma, k, samples, full);
    steps_chroma_lanes (x, a, b, index);
    if (luma == M512_LUMA_SCALED) {
      __m512i terms[4];

      for (q = 0; q < 4; q++)
        terms[q] = _mm512_add_epi32 (_mm512_madd_epi16
            (_mm512_maskz_permutex2var_epi8 (even_bytes, a,
                    scaled.uv_index[q], b), scaled.m12), scaled.bias);
      for (r = 0; r < 2; r++) {
        __m512i ys, t[4];

        prefetch_ahead (y[r] + i, 64);
        ys = load_row (y[r] + i, left, full);
        for (q = 0; q < 4; q++)
          t[q] = _mm512_add_epi32 (terms[q], _mm512_madd_epi16
              (_mm512_maskz_permutexvar_epi8 (first_bytes_of_lanes,
                      scaled.y_index[q], ys), scaled.m0));
        store_row (dy[r] + i, _mm512_packus_epi16 (terms_packed (t[0], t[1],
                    count), terms_packed (t[2], t[3], count)), left, full,
            stream_luma);
      }
    } else {
      __m512i t = steps_terms (x, m_y, bias_y, count);
      __m512i steps = _mm512_packus_epi16 (t, _mm512_subs_epi16 (zero, t));
      __m512i up = _mm512_unpacklo_epi8 (steps, steps);
      __m512i down = _mm512_unpackhi_epi8 (steps, steps);

      for (r = 0; r < 2; r++) {
        prefetch_ahead (y[r] + i, 64);
        store_row (dy[r] + i, _mm512_subs_epu8 (_mm512_adds_epu8 (load_row
                    (y[r] + i, left, full), up), down), left, full,
            stream_luma);
      }
    }
    uv = _mm512_permutexvar_epi64 (order, _mm512_packus_epi16 (steps_terms (x,
                m.m_u, m.bias_u, m.count), steps_terms (x, m.m_v, m.bias_v,
                m.count)));
    store_row32 (du + k, _mm512_castsi512_si256 (uv), samples, full,
        stream_chroma);
    store_row32 (dv + k, _mm512_extracti64x4_epi64 (uv, 1), samples, full,
        stream_chroma);
  }
}

static ALWAYS_INLINE void
stage_block_matrix (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * u, const guint8 * v,
    int chroma_stride, const int my[4], const int mu[3], const int mv[3],
    int shift, int n, gboolean stream_luma, gboolean stream_chroma)
{
  int sy[4] = { my[0], my[1], my[2], my[3] };
  int su[3] = { mu[0], mu[1], mu[2] }, sv[3] = { mv[0], mv[1], mv[2] };
  gboolean unit = my[0] == 1 << shift;

  if (chroma_stride == 2 && u == v + 1) {
    /* NV21: the pairs read as NV12's, the u and v terms of the other two
     * rows swapped as pairs_from_v () swaps the luma row's */
    pairs_from_v (&u, &v, &sy[1], &sy[2]);
    su[0] = mu[1];
    su[1] = mu[0];
    sv[0] = mv[1];
    sv[1] = mv[0];
  }
#define BLOCK_MATRIX_LOOP(chroma) \
  if (unit) \
    block_matrix_loop (dy, du, dv, y, u, v, chroma, M512_LUMA_UNIT, sy, su, \
        sv, shift, n, stream_luma, stream_chroma); \
  else \
    block_matrix_loop (dy, du, dv, y, u, v, chroma, M512_LUMA_SCALED, sy, \
        su, sv, shift, n, stream_luma, stream_chroma)
  if (chroma_stride == 1) {
    BLOCK_MATRIX_LOOP (M512_PLANAR);
  } else if (chroma_stride == 2 && v == u + 1) {
    BLOCK_MATRIX_LOOP (M512_PAIRED);
  } else
    pc_stage_block_matrix_c (dy, du, dv, y, u, v, chroma_stride, my, mu, mv,
        shift, n);
#undef BLOCK_MATRIX_LOOP
}

void
pc_stage_block_matrix_avx512 (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * u, const guint8 * v,
    int chroma_stride, const int my[4], const int mu[3], const int mv[3],
    int shift, int n)
{
  stage_block_matrix (dy, du, dv, y, u, v, chroma_stride, my, mu, mv, shift,
      n, FALSE, FALSE);
}

void
pc_stage_block_matrix_stream_luma_avx512 (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n)
{
  stage_block_matrix (dy, du, dv, y, u, v, chroma_stride, my, mu, mv, shift,
      n, TRUE, FALSE);
}

void
pc_stage_block_matrix_stream_avx512 (guint8 * const dy[2], guint8 * du,
    guint8 * dv, const guint8 * const y[2], const guint8 * u,
    const guint8 * v, int chroma_stride, const int my[4], const int mu[3],
    const int mv[3], int shift, int n)
{
  stage_block_matrix (dy, du, dv, y, u, v, chroma_stride, my, mu, mv, shift,
      n, TRUE, TRUE);
}

/* stage_block_matrix16: a step is 64 columns of both luma rows and the
 * 32 chroma samples of each chroma row under them, every word read once
 * (as words_of () reads it).  A chroma row's (u, v) pairs are the unpacks
 * of its U and V words, or its two loads of side-by-side pairs (P010's)
 * put in the same order by two dword permutes; one multiply-add takes a
 * pair through a matrix row, and the packs keep the samples in order.
 * The luma term t = T >> (shift - 2) fits 16 bits, and (y + t) >> 2 is
 * the twin's (y 2^(shift - 2) + T) >> shift: two floors by powers of two
 * make one.  One word permute gives each term to its two luma columns.
 * The pairs of both chroma rows are summed before the U and V matrix
 * rows, whose results pack to bytes together as in block_fold_loop (). */
static ALWAYS_INLINE void
block_pairs16 (__m512i pair[2], const guint8 * u, const guint8 * v,
    M512Chroma chroma, int k, int samples, __m128i read)
{
  __m512i a, b, lo;

  if (chroma == M512_PLANAR) {
    a = words_of (u + 2 * (gsize) k, samples, FALSE, read);
    b = words_of (v + 2 * (gsize) k, samples, FALSE, read);
    pair[0] = _mm512_unpacklo_epi16 (a, b);
    pair[1] = _mm512_unpackhi_epi16 (a, b);
    return;
  }
  /* pairs 8 L .. 8 L + 3 to lane L of the first, the next four to the
   * second, as the unpacks leave planar samples */
  lo = _mm512_setr_epi32 (0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25,
      26, 27);
  a = words_of (u + 4 * (gsize) k, 2 * samples, FALSE, read);
  b = words_of (u + 4 * (gsize) k + 64, 2 * samples - 32, FALSE, read);
  pair[0] = _mm512_permutex2var_epi32 (a, lo, b);
  pair[1] = _mm512_permutex2var_epi32 (a, _mm512_add_epi32 (lo,
          _mm512_set1_epi32 (4)), b);
}

static ALWAYS_INLINE void
block_matrix16_loop (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], M512Chroma chroma, int read_shift,
    const int my[3], const int mu[3], const int mv[3], int shift, int n,
    gboolean stream_luma, gboolean stream_chroma)
{
  const __m512i order = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  const __m512i m_y = _mm512_set1_epi32 ((my[0] & 0xffff) |
      (guint32) my[1] << 16);
  const __m512i bias_y = _mm512_set1_epi32 (my[2]);
  const __m128i t_count = _mm_cvtsi32_si128 (shift - 2);
  const __m128i read = _mm_cvtsi32_si128 (read_shift);
  /* luma column j of a half takes term j / 2 (the second half's + 16) */
  const __m512i twice = _mm512_set_epi16 (15, 15, 14, 14, 13, 13, 12, 12,
      11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1,
      0, 0);
  const __m512i dup[2] = { twice, _mm512_add_epi16 (twice,
        _mm512_set1_epi16 (16))
  };
  ChromaMatrix512 m;
  int i, r, h;

  chroma_matrix_init (&m, mu, mv, shift + 1);
  for (i = 0; i < n; i += 64) {
    int left = n - i, k = i >> 1, samples = (MIN (left, 64) + 1) >> 1;
    gboolean full = left >= 64;
    __m512i sum[2], uv;

    for (r = 0; r < 2; r++) {
      __m512i pair[2], t, luma[2];

      prefetch_ahead (y[r] + 2 * (gsize) i, 128);
      prefetch_ahead (u[r] + (chroma == M512_PLANAR ? 2 : 4) * (gsize) k,
          chroma == M512_PLANAR ? 64 : 128);
      if (chroma == M512_PLANAR)
        prefetch_ahead (v[r] + 2 * (gsize) k, 64);
      block_pairs16 (pair, u[r], v[r], chroma, k, samples, read);
      t = steps_terms (pair, m_y, bias_y, t_count);
      for (h = 0; h < 2; h++)
        luma[h] = _mm512_srai_epi16 (_mm512_adds_epi16 (words_of (y[r] +
                    2 * (gsize) (i + 32 * h), left - 32 * h, FALSE, read),
                _mm512_permutexvar_epi16 (dup[h], t)), 2);
      store_row (dy[r] + i, _mm512_permutexvar_epi64 (order,
              _mm512_packus_epi16 (luma[0], luma[1])), left, full, stream_luma);
      for (h = 0; h < 2; h++)
        sum[h] = r == 0 ? pair[h] : _mm512_add_epi16 (sum[h], pair[h]);
    }
    uv = _mm512_permutexvar_epi64 (order, _mm512_packus_epi16 (steps_terms
            (sum, m.m_u, m.bias_u, m.count), steps_terms (sum, m.m_v,
                m.bias_v, m.count)));
    store_row32 (du + k, _mm512_castsi512_si256 (uv), samples, full,
        stream_chroma);
    store_row32 (dv + k, _mm512_extracti64x4_epi64 (uv, 1), samples, full,
        stream_chroma);
  }
}

static ALWAYS_INLINE void
stage_block_matrix16 (guint8 * const dy[2], guint8 * du, guint8 * dv,
    const guint8 * const y[2], const guint8 * const u[2],
    const guint8 * const v[2], int chroma_stride, int read_shift,
    const int my[3], const int mu[3], const int mv[3], int shift, int n,
    gboolean stream_luma, gboolean stream_chroma)
{
  if (chroma_stride == 1)
    block_matrix16_loop (dy, du, dv, y, u, v, M512_PLANAR, read_shift, my,
        mu, mv, shift, n, stream_luma, stream_chroma);
  else if (chroma_stride == 2 && v[0] == u[0] + 2 && v[1] == u[1] + 2)
    block_matrix16_loop (dy, du, dv, y, u, v, M512_PAIRED, read_shift, my,
        mu, mv, shift, n, stream_luma, stream_chroma);
  else
    pc_stage_block_matrix16_c (dy, du, dv, y, u, v, chroma_stride,
        read_shift, my, mu, mv, shift, n);
}

#define BLOCK_MATRIX16_ENTRY(suffix, luma, chroma) \
void \
pc_stage_block_matrix16##suffix##_avx512 (guint8 * const dy[2], \
    guint8 * du, guint8 * dv, const guint8 * const y[2], \
    const guint8 * const u[2], const guint8 * const v[2], \
    int chroma_stride, int read_shift, const int my[3], const int mu[3], \
    const int mv[3], int shift, int n) \
{ \
  stage_block_matrix16 (dy, du, dv, y, u, v, chroma_stride, read_shift, \
      my, mu, mv, shift, n, luma, chroma); \
}

BLOCK_MATRIX16_ENTRY (, FALSE, FALSE);
BLOCK_MATRIX16_ENTRY (_stream_luma, TRUE, FALSE);
BLOCK_MATRIX16_ENTRY (_stream, TRUE, TRUE);
#undef BLOCK_MATRIX16_ENTRY

/* The layouts above, luma with a unit or scaled term or none (co-sited
 * chroma rows); the others go to AVX2's. */
static ALWAYS_INLINE void
stage_matrix_bytes (guint8 * d, const guint8 * s0, const guint8 * s1,
    const guint8 * s2, int luma_stride, int chroma_stride, int sub, int m0,
    int m1, int m2, int bias, int shift, int n, gboolean stream)
{
  Matrix512 m;
  M512Chroma chroma;
  M512Luma luma;
  int unit = luma_unit (m0, shift);

  if (m0 == 0)
    luma = M512_LUMA_NONE;
  else
    luma = unit >= 0 ? M512_LUMA_UNIT : M512_LUMA_SCALED;
  unit = MAX (unit, 0);
  if (chroma_stride == 2 && s1 == s2 + 1)
    pairs_from_v (&s1, &s2, &m1, &m2);
  if (chroma_stride == 1)
    chroma = M512_PLANAR;
  else if (chroma_stride == 2 && s2 == s1 + 1)
    chroma = M512_PAIRED;
  else
    chroma = M512_OTHER;
  if (luma_stride == 4 && chroma_stride == 4 && sub == 0 &&
      luma != M512_LUMA_NONE && (m1 != 0 || m2 != 0)) {
    /* one pixel's bytes: compared as addresses, as the rows may not be
     * one object to C */
    guintptr y = (guintptr) s0, u = (guintptr) s1, v = (guintptr) s2;
    guintptr base = MIN (y, MIN (u, v));

    if (y - base < 4 && u - base < 4 && v - base < 4) {
      matrix512_packed_loop (d, (const guint8 *) base, y - base, u - base,
          v - base, m0, m1, m2, bias, shift, n, stream);
      return;
    }
  }
  /* a chroma row's luma source is not read: its stride does not matter */
  if ((luma != M512_LUMA_NONE && luma_stride != 1) || sub > 1 ||
      chroma == M512_OTHER ||
      (luma == M512_LUMA_NONE && sub != 0) || (m1 == 0 && m2 == 0)) {
    if (stream)
      pc_stage_matrix_bytes_stream_avx2 (d, s0, s1, s2, luma_stride,
          chroma_stride, sub, m0, m1, m2, bias, shift, n);
    else
      pc_stage_matrix_bytes_avx2 (d, s0, s1, s2, luma_stride, chroma_stride,
          sub, m0, m1, m2, bias, shift, n);
    return;
  }
  matrix512_init (&m, chroma, sub, m0, m1, m2, bias, shift, unit);
#define MATRIX512_LOOP(c, s, l) \
  if (chroma == c && sub == s && luma == l) { \
    matrix512_loop (d, s0, s1, s2, c, s, l, &m, n, stream); \
    return; \
  }
  MATRIX512_LOOP (M512_PLANAR, 0, M512_LUMA_UNIT);
  MATRIX512_LOOP (M512_PLANAR, 0, M512_LUMA_SCALED);
  MATRIX512_LOOP (M512_PLANAR, 0, M512_LUMA_NONE);
  MATRIX512_LOOP (M512_PLANAR, 1, M512_LUMA_UNIT);
  MATRIX512_LOOP (M512_PLANAR, 1, M512_LUMA_SCALED);
  MATRIX512_LOOP (M512_PAIRED, 0, M512_LUMA_UNIT);
  MATRIX512_LOOP (M512_PAIRED, 0, M512_LUMA_SCALED);
  MATRIX512_LOOP (M512_PAIRED, 0, M512_LUMA_NONE);
  MATRIX512_LOOP (M512_PAIRED, 1, M512_LUMA_UNIT);
  MATRIX512_LOOP (M512_PAIRED, 1, M512_LUMA_SCALED);
#undef MATRIX512_LOOP
}

void
pc_stage_matrix_bytes_avx512 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n)
{
  stage_matrix_bytes (d, s0, s1, s2, luma_stride, chroma_stride, sub, m0, m1,
      m2, bias, shift, n, FALSE);
}

void
pc_stage_matrix_bytes_stream_avx512 (guint8 * d, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int luma_stride, int chroma_stride,
    int sub, int m0, int m1, int m2, int bias, int shift, int n)
{
  stage_matrix_bytes (d, s0, s1, s2, luma_stride, chroma_stride, sub, m0, m1,
      m2, bias, shift, n, TRUE);
}
