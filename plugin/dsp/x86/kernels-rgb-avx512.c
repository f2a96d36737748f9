/* pooledconvert
 * AVX-512 RGB row kernels; see kernels-rgb-avx512.h.  They keep the C
 * twins' 16-bit arithmetic (mulhuw products, wrapping sums, the saturating
 * + 128), so the results match the twins bit for bit.
 *
 * Why VBMI: the AVX2 kernels spend most of their shuffle port on getting
 * channels out of packed pixels (pshufb per 128-bit half, phaddw, then
 * transposes to undo the halves).  vpermt2b picks any of 128 bytes for
 * each of 64, so one permute puts one channel of 32 pixels, already in
 * pixel order and in the high byte of 16-bit lanes (R << 8, what mulhuw
 * wants), into one vector; nothing is left to transpose.
 *
 * Each kernel steps over whole vectors, and its last step loads and
 * stores through byte masks: nothing is read or written past the row and
 * no tail goes to the C twin.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-rgb-avx512.h"

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

/* The low 16 bits of @k in every 16-bit lane. */
static inline __m512i
splat16 (int k)
{
  return _mm512_set1_epi16 ((short) (k & 0xffff));
}

/* The bytes of one channel, for vpermt2b over 128 bytes of pixels: lane
 * j's high byte is byte @stride * j + @first + pair_step * (j & 1) (the low
 * bytes are zeroed by the permute's mask).  @pair_step 0 makes 32 pixels
 * of 4 bytes (stride 4); stride 8 and pair_step 4 make 16 pixel pairs, the
 * two pixels of pair i in lanes 2i and 2i + 1. */
static inline __m512i
channel_index (int stride, int pair_step, int first)
{
  guint8 idx[64];
  int j;

  for (j = 0; j < 32; j++) {
    idx[2 * j] = 0;
    idx[2 * j + 1] = stride * (j / (pair_step ? 2 : 1)) + first +
        pair_step * (j & 1);
  }
  return _mm512_loadu_si512 ((const void *) idx);
}

/* Odd bytes of 16-bit lanes. */
#define HIGH_BYTES ((__mmask64) 0xaaaaaaaaaaaaaaaaULL)

/* ---- luma ---------------------------------------------------------------- */

typedef struct
{
  __m512i r, g, b;              /* channel_index of each channel */
  __m512i kr, kg, kb, bias;
  __m512i high_of_pairs;        /* byte j: byte 2j + 1 of two vectors */
} YCoefs;

static inline void
y_coefs_init (YCoefs * k, int first, int kr, int kg, int kb, int bias)
{
  guint8 idx[64];
  int j;

  k->r = channel_index (4, 0, first);
  k->g = channel_index (4, 0, first + 1);
  k->b = channel_index (4, 0, first + 2);
  k->kr = splat16 (kr);
  k->kg = splat16 (kg);
  k->kb = splat16 (kb);
  k->bias = splat16 (bias);
  for (j = 0; j < 64; j++)
    idx[j] = 2 * j + 1;
  k->high_of_pairs = _mm512_loadu_si512 ((const void *) idx);
}

/* The 16-bit sums of 32 pixels (128 bytes in @lo, @hi), in pixel order;
 * Y is each lane's high byte. */
static inline __m512i
y_sums32 (__m512i lo, __m512i hi, const YCoefs * k)
{
  __m512i r = _mm512_maskz_permutex2var_epi8 (HIGH_BYTES, lo, k->r, hi);
  __m512i g = _mm512_maskz_permutex2var_epi8 (HIGH_BYTES, lo, k->g, hi);
  __m512i b = _mm512_maskz_permutex2var_epi8 (HIGH_BYTES, lo, k->b, hi);

  return _mm512_add_epi16 (_mm512_add_epi16 (_mm512_mulhi_epu16 (r, k->kr),
          _mm512_mulhi_epu16 (g, k->kg)),
      _mm512_add_epi16 (_mm512_mulhi_epu16 (b, k->kb), k->bias));
}

/* Y of 64 pixels from @s (4 bytes each) to @d; of only @left when not
 * @full. */
static ALWAYS_INLINE void
y_step64 (guint8 * d, const guint8 * s, int left, gboolean full,
    const YCoefs * k)
{
  int bytes = 4 * left;
  __m512i y = _mm512_permutex2var_epi8 (y_sums32 (load_row (s, bytes, full),
          load_row (s + 64, bytes - 64, full), k), k->high_of_pairs,
      y_sums32 (load_row (s + 128, bytes - 128, full), load_row (s + 192,
              bytes - 192, full), k));

  if (full)
    _mm512_storeu_si512 ((void *) d, y);
  else
    _mm512_mask_storeu_epi8 (d, first_bytes (left), y);
}

/* pc_rgba_to_y on the bytes @first, + 1, + 2 of each 4-byte pixel. */
static void
y_row (guint8 * d, const guint8 * s, int first, int kr, int kg, int kb,
    int bias, int n)
{
  YCoefs k;
  int i = 0;

  y_coefs_init (&k, first, kr, kg, kb, bias);
  for (; i + 64 <= n; i += 64)
    y_step64 (d + i, s + 4 * (gsize) i, 64, TRUE, &k);
  if (i < n)
    y_step64 (d + i, s + 4 * (gsize) i, n - i, FALSE, &k);
}

void
pc_rgba_to_y_avx512 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  y_row (d, s, 0, kr, kg, kb, bias, n);
}

void
pc_rgb4_to_y_avx512 (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n)
{
  y_row (d, s, shift / 8, k0, k1, k2, bias, n);
}

/* ---- chroma -------------------------------------------------------------- */

typedef struct
{
  /* per 16 pixel pairs: R's pairs then G's (lanes 0-31 and 32-63), and
   * B's twice */
  __m512i rg, bb;
  __m512i ur, ug, ub, vr, vg, vb;
  __m512i u_then_v;             /* qwords of packus (u, v) in order */
} UvCoefs;

static inline void
uv_coefs_init (UvCoefs * k, int first, int ur, int ug, int ub, int vr,
    int vg, int vb)
{
  /* channel_index puts the pair's bytes in high bytes; here both bytes of
   * a lane are a pair's two pixels, taken from that table's odd bytes */
  const __m512i odd = _mm512_set_epi8 (63, 61, 59, 57, 55, 53, 51, 49, 47,
      45, 43, 41, 39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11,
      9, 7, 5, 3, 1, 63, 61, 59, 57, 55, 53, 51, 49, 47, 45, 43, 41, 39, 37,
      35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
  __m512i r = _mm512_permutexvar_epi8 (odd, channel_index (8, 4, first));
  __m512i g = _mm512_permutexvar_epi8 (odd, channel_index (8, 4, first + 1));
  __m512i b = _mm512_permutexvar_epi8 (odd, channel_index (8, 4, first + 2));

  k->rg = _mm512_shuffle_i64x2 (r, g, 0x44);
  k->bb = b;
  k->ur = splat16 (ur);
  k->ug = splat16 (ug);
  k->ub = splat16 (ub);
  k->vr = splat16 (vr);
  k->vg = splat16 (vg);
  k->vb = splat16 (vb);
  k->u_then_v = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
}

/* Weighted sums of 16 pixel pairs (128 bytes in @lo, @hi), added to
 * @rg (R's 16 then G's 16) and @bb: pmaddubsw adds each pair's two
 * pixels, the even one times the low byte of @w, the odd one times its
 * high byte. */
static inline void
add_pair_sums16 (__m512i * rg, __m512i * bb, __m512i lo, __m512i hi,
    __m512i w, const UvCoefs * k)
{
  *rg = _mm512_add_epi16 (*rg, _mm512_maddubs_epi16
      (_mm512_permutex2var_epi8 (lo, k->rg, hi), w));
  *bb = _mm512_add_epi16 (*bb, _mm512_maddubs_epi16
      (_mm512_permutex2var_epi8 (lo, k->bb, hi), w));
}

/* One chroma plane's 32 samples: plus * k_plus - minus1 * k_minus1 -
 * minus2 * k_minus2 in wrapping 16-bit lanes, + 128 saturating,
 * arithmetic >> 8, + 128 wrapping; packus later clamps. */
static inline __m512i
chroma32 (__m512i plus, __m512i k_plus, __m512i minus1, __m512i k_minus1,
    __m512i minus2, __m512i k_minus2)
{
  __m512i t = _mm512_sub_epi16 (_mm512_sub_epi16 (_mm512_mulhi_epu16 (plus,
              k_plus), _mm512_mulhi_epu16 (minus1, k_minus1)),
      _mm512_mulhi_epu16 (minus2, k_minus2));

  t = _mm512_srai_epi16 (_mm512_adds_epi16 (t, _mm512_set1_epi16 (128)), 8);
  return _mm512_add_epi16 (t, _mm512_set1_epi16 (128));
}

/* 32 U and V samples from the sums of pairs 0-15 (@rg0, @bb0) and 16-31
 * (@rg1, @bb1), each already 256 times the block mean; only @left of them
 * stored when not @full. */
static ALWAYS_INLINE void
store_uv32 (guint8 * u, guint8 * v, __m512i rg0, __m512i bb0, __m512i rg1,
    __m512i bb1, int left, gboolean full, const UvCoefs * k)
{
  __m512i r = _mm512_shuffle_i64x2 (rg0, rg1, 0x44);
  __m512i g = _mm512_shuffle_i64x2 (rg0, rg1, 0xee);
  __m512i b = _mm512_shuffle_i64x2 (bb0, bb1, 0x44);
  __m512i uv = _mm512_permutexvar_epi64 (k->u_then_v,
      _mm512_packus_epi16 (chroma32 (b, k->ub, r, k->ur, g, k->ug),
          chroma32 (r, k->vr, g, k->vg, b, k->vb)));

  if (full) {
    _mm256_storeu_si256 ((__m256i *) u, _mm512_castsi512_si256 (uv));
    _mm256_storeu_si256 ((__m256i *) v, _mm512_extracti64x4_epi64 (uv, 1));
  } else {
    __mmask32 m = (__mmask32) first_bytes (left);

    _mm256_mask_storeu_epi8 (u, m, _mm512_castsi512_si256 (uv));
    _mm256_mask_storeu_epi8 (v, m, _mm512_extracti64x4_epi64 (uv, 1));
  }
}

/* The 2x2 box's sums of 32 blocks: the weights 64 make each a sum of four
 * times 64, 256 times the mean (at most 65280: exact in unsigned 16 bits,
 * and each row's 32640 fits pmaddubsw's signed lanes). */
static ALWAYS_INLINE void
uv_step32 (guint8 * u, guint8 * v, const guint8 * a, const guint8 * b,
    int left, gboolean full, const UvCoefs * k)
{
  const __m512i w = _mm512_set1_epi8 (64);
  __m512i rg0 = _mm512_setzero_si512 (), bb0 = rg0, rg1 = rg0, bb1 = rg0;
  int bytes = 8 * left;

  add_pair_sums16 (&rg0, &bb0, load_row (a, bytes, full), load_row (a + 64,
          bytes - 64, full), w, k);
  add_pair_sums16 (&rg0, &bb0, load_row (b, bytes, full), load_row (b + 64,
          bytes - 64, full), w, k);
  add_pair_sums16 (&rg1, &bb1, load_row (a + 128, bytes - 128, full),
      load_row (a + 192, bytes - 192, full), w, k);
  add_pair_sums16 (&rg1, &bb1, load_row (b + 128, bytes - 128, full),
      load_row (b + 192, bytes - 192, full), w, k);
  store_uv32 (u, v, rg0, bb0, rg1, bb1, left, full, k);
}

static void
uv_row (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int first, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  UvCoefs k;
  int i = 0;

  uv_coefs_init (&k, first, ur, ug, ub, vr, vg, vb);
  for (; i + 32 <= n; i += 32)
    uv_step32 (u + i, v + i, s1 + 8 * (gsize) i, s2 + 8 * (gsize) i, 32,
        TRUE, &k);
  if (i < n)
    uv_step32 (u + i, v + i, s1 + 8 * (gsize) i, s2 + 8 * (gsize) i, n - i,
        FALSE, &k);
}

void
pc_rgba_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  uv_row (u, v, s1, s2, 0, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgb4_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  uv_row (u, v, s1, s2, shift / 8, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

/* The odd pixels before 16 pairs of two rows as one row of pairs: per
 * qword, @pb's odd pixel moved to the even dword, @pa's kept in the odd
 * one (a shift and a blend). */
static inline __m512i
pixels_before (__m512i pa, __m512i pb)
{
  return _mm512_mask_blend_epi32 (0xaaaa, _mm512_srli_epi64 (pb, 32), pa);
}

/* Co-sited sums of 32 blocks: per row 2 even + odd of each pair, plus
 * the odd pixel before the pair in both rows; the weights are those times
 * 32, so the eight shares make 256 times the mean (at most 65280, each
 * pmaddubsw's at most 24480). */
static ALWAYS_INLINE void
uv_cosited_step32 (guint8 * u, guint8 * v, const guint8 * a,
    const guint8 * pa, const guint8 * b, const guint8 * pb, int left,
    gboolean full, const UvCoefs * k)
{
  const __m512i two_one = _mm512_set1_epi16 (0x2040);
  const __m512i one_one = _mm512_set1_epi8 (32);
  __m512i rg[2], bb[2];
  int bytes = 8 * left, h;

  for (h = 0; h < 2; h++) {
    int at = 128 * h, left_at = bytes - at;

    rg[h] = bb[h] = _mm512_setzero_si512 ();
    add_pair_sums16 (&rg[h], &bb[h], load_row (a + at, left_at, full),
        load_row (a + at + 64, left_at - 64, full), two_one, k);
    add_pair_sums16 (&rg[h], &bb[h], load_row (b + at, left_at, full),
        load_row (b + at + 64, left_at - 64, full), two_one, k);
    add_pair_sums16 (&rg[h], &bb[h],
        pixels_before (load_row (pa + at, left_at, full), load_row (pb + at,
                left_at, full)), pixels_before (load_row (pa + at + 64,
                left_at - 64, full), load_row (pb + at + 64, left_at - 64,
                full)), one_one, k);
  }
  store_uv32 (u, v, rg[0], bb[0], rg[1], bb[1], left, full, k);
}

void
pc_rgba_to_uv_cosited_h_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  UvCoefs k;
  int i = 0;

  uv_coefs_init (&k, 0, ur, ug, ub, vr, vg, vb);
  for (; i + 32 <= n; i += 32) {
    gsize o = 8 * (gsize) i;

    uv_cosited_step32 (u + i, v + i, s1 + o, p1 + o, s2 + o, p2 + o, 32,
        TRUE, &k);
  }
  if (i < n) {
    gsize o = 8 * (gsize) i;

    uv_cosited_step32 (u + i, v + i, s1 + o, p1 + o, s2 + o, p2 + o, n - i,
        FALSE, &k);
  }
}

/* ---- 24-bit RGB widened -------------------------------------------------- */

/* 16 pixels a step: 48 bytes spread to 64 by vpermb, the fourth byte of
 * each pixel zeroed by the permute's mask. */
void
pc_rgb24_to_rgb4_avx512 (guint8 * d, const guint8 * s, int n)
{
  const __mmask64 colour_bytes = 0x7777777777777777ULL;
  guint8 idx[64];
  __m512i spread;
  int i, j;

  for (j = 0; j < 64; j++)
    idx[j] = 3 * (j / 4) + j % 4;
  spread = _mm512_loadu_si512 ((const void *) idx);
  for (i = 0; i < n; i += 16) {
    int left = n - i;
    __m512i px = _mm512_maskz_loadu_epi8 (first_bytes (MIN (3 * left, 48)),
        s + 3 * (gsize) i);

    _mm512_mask_storeu_epi8 (d + 4 * (gsize) i, first_bytes (4 * left),
        _mm512_maskz_permutexvar_epi8 (colour_bytes, spread, px));
  }
}
