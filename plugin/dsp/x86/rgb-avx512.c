/* pooledconvert
 * AVX-512 RGB row kernels; see kernels-avx512.h.  They keep the C
 * twins' 16-bit arithmetic (mulhuw products, wrapping sums, the saturating
 * + 128), so the results match the twins bit for bit.
 *
 * Where VBMI helps: vpermb takes any of 64 bytes for each of 64, so one
 * permute sorts 8 pixel pairs by channel, one channel per 128-bit lane,
 * for the chroma kernels, and spreads 16 24-bit pixels to 4 bytes.  The
 * two-table vpermt2b takes any of 128 bytes; it measured at half vpermb's
 * rate here (0.60 against 0.29 ns a permute, a loop of independent ones),
 * and 4-byte kernels built on it were no faster than AVX2's, so those
 * keep vpermb, whose one vector holds what a step needs.  The kernels
 * that read 3-byte pixels in place take it: 32 such pixels span two
 * vectors, and one vpermt2b gathers a channel of all 32 into 16-bit lanes
 * where vpermb would first need the two realigned (valignd, at vpermb's
 * rate).
 *
 * Each kernel steps over whole vectors, and its last step loads and
 * stores through byte masks: nothing is read or written past the row and
 * no tail goes to the C twin.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/x86/avx512-common.h"

/* The low 16 bits of @k in every 16-bit lane. */
static inline __m512i
splat16 (int k)
{
  return _mm512_set1_epi16 ((short) (k & 0xffff));
}

/* ---- luma ---------------------------------------------------------------- */

typedef struct
{
  __m512i k_rb, k_g, mask, ones, bias;
  __m512i in_order;             /* dwords of the packed bytes, pixel order */
} YCoefs;

/* Read as 16-bit lanes a pixel is (c0 | c1 << 8, c2 | c3 << 8).  With
 * @skip 0 the channels are c0, c1, c2: a shift left by 8 gives c0 << 8 and
 * c2 << 8, masking the low lane gives c1 << 8.  With @skip 1 they are c1,
 * c2, c3: masking both lanes gives c1 << 8 and c3 << 8, the shift gives
 * c2 << 8 in the high lane (the low one, c0, is weighed 0).  So each
 * vector is 64 bytes of whole pixels: a load that started one byte in
 * would split a cache line every time. */
static inline void
y_coefs_init (YCoefs * k, int skip, int kr, int kg, int kb, int bias)
{
  k->k_rb = _mm512_set1_epi32 ((int) ((guint) (kr & 0xffff) |
          (guint) (kb & 0xffff) << 16));
  k->k_g = _mm512_set1_epi32 ((int) ((guint) (kg & 0xffff) << (16 * skip)));
  k->mask = _mm512_set1_epi32 (skip ? (int) 0xff00ff00 : 0xff00);
  k->ones = _mm512_set1_epi16 (1);
  k->bias = _mm512_set1_epi32 (bias & 0xffff);
  /* packus of four vectors leaves, per 128-bit lane h, pixels 4h..4h+3
   * of each vector in turn */
  k->in_order = _mm512_setr_epi32 (0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3,
      7, 11, 15);
}

/* Y of 16 pixels, one per dword (0..255): each channel << 8 times its
 * coefficient (y_coefs_init), then pmaddwd adds the pixel's two lanes;
 * only the low 16 bits of that sum and the bias count, as in the twin's
 * wrapping sum. */
static ALWAYS_INLINE __m512i
y16 (__m512i px, int skip, const YCoefs * k)
{
  __m512i shifted = _mm512_slli_epi16 (px, 8);
  __m512i masked = _mm512_and_si512 (px, k->mask);
  __m512i products = _mm512_add_epi16 (_mm512_mulhi_epu16 (skip ? masked :
          shifted, k->k_rb), _mm512_mulhi_epu16 (skip ? shifted : masked,
          k->k_g));
  __m512i sum = _mm512_add_epi32 (_mm512_madd_epi16 (products, k->ones),
      k->bias);

  /* the high byte of the low lane; the high lane cleared */
  return _mm512_maskz_srli_epi16 (0x55555555, sum, 8);
}

/* Y of 64 pixels from @s (4 bytes each) to @d; of only @left when not
 * @full; @stream: around the cache where @d is on a line. */
static ALWAYS_INLINE void
y_step64 (guint8 * d, const guint8 * s, int left, gboolean full, int skip,
    const YCoefs * k, gboolean stream)
{
  int bytes = 4 * left;
  __m512i lo = _mm512_packus_epi32 (y16 (load_row (s, bytes, full), skip, k),
      y16 (load_row (s + 64, bytes - 64, full), skip, k));
  __m512i hi = _mm512_packus_epi32 (y16 (load_row (s + 128, bytes - 128,
              full), skip, k), y16 (load_row (s + 192, bytes - 192, full),
          skip, k));
  __m512i y = _mm512_permutexvar_epi32 (k->in_order,
      _mm512_packus_epi16 (lo, hi));

  store_row (d, y, left, full, stream);
}

/* pc_rgba_to_y on the bytes @skip, + 1, + 2 of each 4-byte pixel. */
static ALWAYS_INLINE void
y_row (guint8 * d, const guint8 * s, int skip, int kr, int kg, int kb,
    int bias, int n, gboolean stream)
{
  YCoefs k;
  int i = 0;

  y_coefs_init (&k, skip, kr, kg, kb, bias);
  for (; i + 64 <= n; i += 64) {
    prefetch_ahead (s + 4 * (gsize) i, 256);
    y_step64 (d + i, s + 4 * (gsize) i, 64, TRUE, skip, &k, stream);
  }
  if (i < n)
    y_step64 (d + i, s + 4 * (gsize) i, n - i, FALSE, skip, &k, FALSE);
}

void
pc_rgba_to_y_avx512 (guint8 * d, const guint8 * s, int kr, int kg, int kb,
    int bias, int n)
{
  y_row (d, s, 0, kr, kg, kb, bias, n, FALSE);
}

void
pc_rgba_to_y_stream_avx512 (guint8 * d, const guint8 * s, int kr, int kg,
    int kb, int bias, int n)
{
  y_row (d, s, 0, kr, kg, kb, bias, n, TRUE);
}

/* a constant skip each, so y16 picks its vectors at compile time */
static ALWAYS_INLINE void
rgb4_y_row (guint8 * d, const guint8 * s, int shift, int k0, int k1, int k2,
    int bias, int n, gboolean stream)
{
  if (shift / 8 == 0)
    y_row (d, s, 0, k0, k1, k2, bias, n, stream);
  else
    y_row (d, s, 1, k0, k1, k2, bias, n, stream);
}

void
pc_rgb4_to_y_avx512 (guint8 * d, const guint8 * s, int shift, int k0, int k1,
    int k2, int bias, int n)
{
  rgb4_y_row (d, s, shift, k0, k1, k2, bias, n, FALSE);
}

void
pc_rgb4_to_y_stream_avx512 (guint8 * d, const guint8 * s, int shift, int k0,
    int k1, int k2, int bias, int n)
{
  rgb4_y_row (d, s, shift, k0, k1, k2, bias, n, TRUE);
}

/* ---- chroma -------------------------------------------------------------- */

/* The six coefficients, one per 16-bit lane, how U and V come out of
 * their packing, whether their rows are stored around the cache (the
 * streaming variants), and whether they are stored as NV12's pairs: the
 * output's bytes per sample (1, or 2 for pairs) and the bytes of the 32
 * U then 32 V samples in the order of the pairs. */
typedef struct
{
  __m512i ur, ug, ub, vr, vg, vb;
  __m512i u_then_v;             /* qwords of packus (u, v) in order */
  gboolean stream;
  int out_step;
  __m512i pair_order;
} ChromaCoefs;

/* How a row's chroma is stored: two rows, or pairs U first or V first
 * (the byte orders whose matrix rows the plan swaps). */
typedef enum
{
  STORE_ROWS,
  STORE_PAIRS,
  STORE_PAIRS_V_FIRST,
} ChromaStore;

static inline void
chroma_coefs_init (ChromaCoefs * k, int ur, int ug, int ub, int vr, int vg,
    int vb, gboolean stream, ChromaStore store)
{
  guint8 order[64];
  int j, first = store == STORE_PAIRS_V_FIRST ? 32 : 0;

  for (j = 0; j < 32; j++) {
    order[2 * j] = j + first;
    order[2 * j + 1] = j + 32 - first;
  }
  k->pair_order = _mm512_loadu_si512 ((const void *) order);
  k->out_step = store == STORE_ROWS ? 1 : 2;
  k->ur = splat16 (ur);
  k->ug = splat16 (ug);
  k->ub = splat16 (ub);
  k->vr = splat16 (vr);
  k->vg = splat16 (vg);
  k->vb = splat16 (vb);
  k->u_then_v = _mm512_setr_epi64 (0, 2, 4, 6, 1, 3, 5, 7);
  k->stream = stream;
}

typedef struct
{
  /* vpermb table: 8 pixel pairs to one channel per 128-bit lane (R, G, B,
   * A), a pair's two pixels side by side */
  __m512i by_channel;
  ChromaCoefs c;
} UvCoefs;

static inline void
uv_coefs_init (UvCoefs * k, int first, int ur, int ug, int ub, int vr,
    int vg, int vb, gboolean stream, ChromaStore store)
{
  guint8 idx[64];
  int c, j;

  /* with @first 1 the A lane's last byte would be 64: the next vector's,
   * unweighed; 63 stands in */
  for (c = 0; c < 4; c++)
    for (j = 0; j < 16; j++)
      idx[16 * c + j] = MIN (8 * (j / 2) + 4 * (j & 1) + c + first, 63);
  k->by_channel = _mm512_loadu_si512 ((const void *) idx);
  chroma_coefs_init (&k->c, ur, ug, ub, vr, vg, vb, stream, store);
}

/* Weighted sums of 8 pixel pairs (64 bytes), one channel per 128-bit
 * lane: pmaddubsw adds each pair's two pixels, the even one times the low
 * byte of @w, the odd one times its high byte. */
static inline __m512i
pair_sums8 (__m512i px, __m512i w, const UvCoefs * k)
{
  return _mm512_maddubs_epi16 (_mm512_permutexvar_epi8 (k->by_channel, px), w);
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

/* 32 U and V samples from the channel vectors @r, @g, @b (16-bit lanes in
 * block order, each 256 times the block mean); only @left of them stored
 * when not @full; as pairs, all 64 bytes at @u. */
static ALWAYS_INLINE void
store_uv_channels32 (guint8 * u, guint8 * v, __m512i r, __m512i g, __m512i b,
    int left, gboolean full, const ChromaCoefs * k)
{
  __m512i uv = _mm512_permutexvar_epi64 (k->u_then_v,
      _mm512_packus_epi16 (chroma32 (b, k->ub, r, k->ur, g, k->ug),
          chroma32 (r, k->vr, g, k->vg, b, k->vb)));

  if (k->out_step == 2) {
    store_row (u, _mm512_permutexvar_epi8 (k->pair_order, uv), 2 * left, full,
        k->stream);
    return;
  }
  store_row32 (u, _mm512_castsi512_si256 (uv), left, full, k->stream);
  store_row32 (v, _mm512_extracti64x4_epi64 (uv, 1), left, full, k->stream);
}

/* 32 U and V samples from the sums of blocks 0-7, 8-15, 16-23 and 24-31
 * (@s0 to @s3, one channel per 128-bit lane), each already 256 times the
 * block mean; only @left of them stored when not @full. */
static ALWAYS_INLINE void
store_uv32 (guint8 * u, guint8 * v, __m512i s0, __m512i s1, __m512i s2,
    __m512i s3, int left, gboolean full, const UvCoefs * k)
{
  /* the lanes transposed: R, G, B of the four in block order */
  __m512i rg01 = _mm512_shuffle_i64x2 (s0, s1, 0x44);
  __m512i rg23 = _mm512_shuffle_i64x2 (s2, s3, 0x44);
  __m512i b01 = _mm512_shuffle_i64x2 (s0, s1, 0xaa);
  __m512i b23 = _mm512_shuffle_i64x2 (s2, s3, 0xaa);

  store_uv_channels32 (u, v, _mm512_shuffle_i64x2 (rg01, rg23, 0x88),
      _mm512_shuffle_i64x2 (rg01, rg23, 0xdd),
      _mm512_shuffle_i64x2 (b01, b23, 0x88), left, full, &k->c);
}

/* The 2x2 box's sums of 8 blocks from 64 bytes of each row: the weights
 * 64 make each a sum of four times 64, 256 times the mean (at most 65280:
 * exact in unsigned 16 bits; each row's 32640 fits pmaddubsw's signed
 * lanes). */
static ALWAYS_INLINE __m512i
box_sums8 (const guint8 * a, const guint8 * b, int bytes, gboolean full,
    const UvCoefs * k)
{
  const __m512i w = _mm512_set1_epi8 (64);

  return _mm512_add_epi16 (pair_sums8 (load_row (a, bytes, full), w, k),
      pair_sums8 (load_row (b, bytes, full), w, k));
}

/* 32 blocks; when not @full, only @left of them and @bytes bytes of each
 * row. */
static ALWAYS_INLINE void
uv_step32 (guint8 * u, guint8 * v, const guint8 * a, const guint8 * b,
    int left, int bytes, gboolean full, const UvCoefs * k)
{
  store_uv32 (u, v, box_sums8 (a, b, bytes, full, k), box_sums8 (a + 64,
          b + 64, bytes - 64, full, k), box_sums8 (a + 128, b + 128,
          bytes - 128, full, k), box_sums8 (a + 192, b + 192, bytes - 192,
          full, k), left, full, k);
}

/* pc_rgba_to_uv on the bytes @skip, + 1, + 2 of each 4-byte pixel, read
 * as uv_coefs_init's table says from @s1 and @s2 themselves. */
static void
uv_row (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int skip, int ur, int ug, int ub, int vr, int vg, int vb, int n,
    gboolean stream, ChromaStore store)
{
  UvCoefs k;
  int i = 0;

  uv_coefs_init (&k, skip, ur, ug, ub, vr, vg, vb, stream, store);
  for (; i + 32 <= n; i += 32) {
    if (!stream)
      ask_next_pair (s1, s2, 8 * (gsize) i, 256);
    uv_step32 (u + k.c.out_step * i, v + i, s1 + 8 * (gsize) i,
        s2 + 8 * (gsize) i, 32, 256, TRUE, &k);
  }
  if (i < n)
    uv_step32 (u + k.c.out_step * i, v + i, s1 + 8 * (gsize) i,
        s2 + 8 * (gsize) i, n - i, 8 * (n - i), FALSE, &k);
}

void
pc_rgba_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  uv_row (u, v, s1, s2, 0, ur, ug, ub, vr, vg, vb, n, FALSE, STORE_ROWS);
}

void
pc_rgba_to_uv_stream_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  uv_row (u, v, s1, s2, 0, ur, ug, ub, vr, vg, vb, n, TRUE, STORE_ROWS);
}

void
pc_rgb4_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  uv_row (u, v, s1, s2, shift / 8, k0u, k1u, k2u, k0v, k1v, k2v, n, FALSE, STORE_ROWS);
}

void
pc_rgb4_to_uv_stream_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  uv_row (u, v, s1, s2, shift / 8, k0u, k1u, k2u, k0v, k1v, k2v, n, TRUE, STORE_ROWS);
}

/* Co-sited sums of 8 blocks: per row 2 even + odd of each pair, plus the
 * odd pixel before the pair in both rows, gathered as one row of pairs
 * (per qword @pb's odd pixel moved to the even dword, @pa's kept in the
 * odd one: a shift and a blend).  The weights are those times 32, so the
 * eight shares make 256 times the mean (at most 65280; each pmaddubsw's
 * at most 24480). */
static ALWAYS_INLINE __m512i
cosited_sums8 (const guint8 * a, const guint8 * pa, const guint8 * b,
    const guint8 * pb, int bytes, gboolean full, const UvCoefs * k)
{
  const __m512i two_one = _mm512_set1_epi16 (0x2040);
  __m512i before = _mm512_mask_blend_epi32 (0xaaaa,
      _mm512_srli_epi64 (load_row (pb, bytes, full), 32),
      load_row (pa, bytes, full));

  return _mm512_add_epi16 (_mm512_add_epi16 (pair_sums8 (load_row (a, bytes,
                  full), two_one, k), pair_sums8 (load_row (b, bytes, full),
              two_one, k)), pair_sums8 (before, _mm512_set1_epi8 (32), k));
}

static ALWAYS_INLINE void
uv_cosited_step32 (guint8 * u, guint8 * v, const guint8 * a,
    const guint8 * pa, const guint8 * b, const guint8 * pb, int left,
    int bytes, gboolean full, const UvCoefs * k)
{
  store_uv32 (u, v, cosited_sums8 (a, pa, b, pb, bytes, full, k),
      cosited_sums8 (a + 64, pa + 64, b + 64, pb + 64, bytes - 64, full, k),
      cosited_sums8 (a + 128, pa + 128, b + 128, pb + 128, bytes - 128, full,
          k), cosited_sums8 (a + 192, pa + 192, b + 192, pb + 192,
          bytes - 192, full, k), left, full, k);
}

static void
uv_cosited_row (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n, gboolean stream, ChromaStore store)
{
  UvCoefs k;
  int i = 0;

  uv_coefs_init (&k, 0, ur, ug, ub, vr, vg, vb, stream, store);
  for (; i + 32 <= n; i += 32) {
    gsize o = 8 * (gsize) i;

    if (!stream)
      ask_next_pair (s1, s2, o, 256);
    uv_cosited_step32 (u + k.c.out_step * i, v + i, s1 + o, p1 + o, s2 + o,
        p2 + o, 32, 256, TRUE, &k);
  }
  if (i < n) {
    gsize o = 8 * (gsize) i;

    uv_cosited_step32 (u + k.c.out_step * i, v + i, s1 + o, p1 + o, s2 + o,
        p2 + o, n - i, 8 * (n - i), FALSE, &k);
  }
}

void
pc_rgba_to_uv_cosited_h_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  uv_cosited_row (u, v, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n, FALSE, STORE_ROWS);
}

void
pc_rgba_to_uv_cosited_h_stream_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  uv_cosited_row (u, v, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n, TRUE, STORE_ROWS);
}

/* ---- three rows: co-sited rows and the rows of fields -------------------- */

/* [1 2 1] down rows @a, @b, @c, the box across columns: the outer rows'
 * pairs weighed 32, the middle row's 64 (8 shares of 32: 256 times the
 * mean; the middle row's pmaddubsw at most 32640). */
static ALWAYS_INLINE __m512i
box3_sums8 (const guint8 * a, const guint8 * b, const guint8 * c, int bytes,
    gboolean full, const UvCoefs * k)
{
  const __m512i outer = _mm512_set1_epi8 (32);

  return _mm512_add_epi16 (_mm512_add_epi16 (pair_sums8 (load_row (a, bytes,
                  full), outer, k), pair_sums8 (load_row (c, bytes, full),
              outer, k)), pair_sums8 (load_row (b, bytes, full),
          _mm512_set1_epi8 (64), k));
}

/* [1 2 1] across columns and down rows: as cosited_sums8 with weights 16
 * (16 shares), the middle row's twice; the odd pixels before the outer
 * rows' pairs gathered into one row of pairs, the middle row's with
 * itself. */
static ALWAYS_INLINE __m512i
cosited3_sums8 (const guint8 * const s[3], const guint8 * const p[3],
    gsize o, int bytes, gboolean full, const UvCoefs * k)
{
  const __m512i outer = _mm512_set1_epi16 (0x1020);
  const __m512i sixteen = _mm512_set1_epi8 (16);
  __m512i middle_before = load_row (p[1] + o, bytes, full);
  __m512i outer_before = _mm512_mask_blend_epi32 (0xaaaa,
      _mm512_srli_epi64 (load_row (p[2] + o, bytes, full), 32),
      load_row (p[0] + o, bytes, full));

  middle_before = _mm512_mask_blend_epi32 (0xaaaa,
      _mm512_srli_epi64 (middle_before, 32), middle_before);
  return _mm512_add_epi16 (_mm512_add_epi16 (_mm512_add_epi16 (pair_sums8
              (load_row (s[0] + o, bytes, full), outer, k),
              pair_sums8 (load_row (s[2] + o, bytes, full), outer, k)),
          pair_sums8 (load_row (s[1] + o, bytes, full),
              _mm512_set1_epi16 (0x2040), k)),
      _mm512_add_epi16 (pair_sums8 (outer_before, sixteen, k),
          pair_sums8 (middle_before, sixteen, k)));
}

/* 32 samples of three rows, @p NULL for the box across columns; when not
 * @full only @left of them and @bytes bytes of each row. */
static ALWAYS_INLINE void
uv_rows3_step32 (guint8 * u, guint8 * v, const guint8 * const s[3],
    const guint8 * const p[3], gsize o, int left, int bytes, gboolean full,
    const UvCoefs * k)
{
  __m512i q[4];
  int j;

  for (j = 0; j < 4; j++)
    q[j] = p == NULL ? box3_sums8 (s[0] + o + 64 * j, s[1] + o + 64 * j,
        s[2] + o + 64 * j, bytes - 64 * j, full, k) : cosited3_sums8 (s, p,
        o + 64 * j, bytes - 64 * j, full, k);
  store_uv32 (u, v, q[0], q[1], q[2], q[3], left, full, k);
}

static void
uv_rows3 (guint8 * u, guint8 * v, const guint8 * const s[3],
    const guint8 * const p[3], int ur, int ug, int ub, int vr, int vg,
    int vb, int n)
{
  UvCoefs k;
  int i = 0;

  uv_coefs_init (&k, 0, ur, ug, ub, vr, vg, vb, FALSE, STORE_ROWS);
  for (; i + 32 <= n; i += 32)
    uv_rows3_step32 (u + i, v + i, s, p, 8 * (gsize) i, 32, 256, TRUE, &k);
  if (i < n)
    uv_rows3_step32 (u + i, v + i, s, p, 8 * (gsize) i, n - i, 8 * (n - i),
        FALSE, &k);
}

void
pc_rgba_to_uv_cosited_v_avx512 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };

  uv_rows3 (u, v, s, NULL, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgba_to_uv_cosited_hv_avx512 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int ur, int ug, int ub, int vr,
    int vg, int vb, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };
  const guint8 *const p[3] = { p0, p1, p2 };

  uv_rows3 (u, v, s, p, ur, ug, ub, vr, vg, vb, n);
}

/* ---- 24-bit RGB widened -------------------------------------------------- */

/* 16 pixels a vector: 48 bytes spread to 64 by vpermb, the fourth byte
 * of each pixel zeroed by the permute's mask.  The body loads 64 bytes
 * for each 48 it uses, so it stops where the last load would pass the
 * row; the rest goes through masked loads and stores. */
static ALWAYS_INLINE void
widen16 (guint8 * d, const guint8 * s, int left, gboolean full, __m512i spread)
{
  const __mmask64 colour_bytes = 0x7777777777777777ULL;
  __m512i px = load_row (s, MIN (3 * left, 48), full);

  px = _mm512_maskz_permutexvar_epi8 (colour_bytes, spread, px);
  if (full)
    _mm512_storeu_si512 ((void *) d, px);
  else
    _mm512_mask_storeu_epi8 (d, first_bytes (4 * left), px);
}

void
pc_rgb24_to_rgb4_avx512 (guint8 * d, const guint8 * s, int n)
{
  guint8 idx[64];
  __m512i spread;
  int i = 0, j;

  for (j = 0; j < 64; j++)
    idx[j] = 3 * (j / 4) + j % 4;
  spread = _mm512_loadu_si512 ((const void *) idx);
  for (; 3 * (gsize) i + 48 * 3 + 64 <= 3 * (gsize) n; i += 64) {
    prefetch_ahead (s + 3 * (gsize) i, 192);
    widen16 (d + 4 * (gsize) i, s + 3 * (gsize) i, 16, TRUE, spread);
    widen16 (d + 4 * (gsize) i + 64, s + 3 * (gsize) i + 48, 16, TRUE, spread);
    widen16 (d + 4 * (gsize) i + 128, s + 3 * (gsize) i + 96, 16, TRUE, spread);
    widen16 (d + 4 * (gsize) i + 192, s + 3 * (gsize) i + 144, 16, TRUE,
        spread);
  }
  for (; i < n; i += 16)
    widen16 (d + 4 * (gsize) i, s + 3 * (gsize) i, n - i, FALSE, spread);
}

/* ---- 24-bit RGB read in place -------------------------------------------- */

/* These step over 64 pixels, 192 bytes of a row in three vectors.  The
 * two-table vpermt2b takes any of two vectors' 128 bytes for each of 64,
 * so pixels 0-31 (bytes 0-95) come from the first two vectors and pixels
 * 32-63 (bytes 96-191) from the last two, starting 32 bytes into the
 * second: each table below exists for both halves, @half 0 and 1. */

/* The 192 bytes at @p, of which the first @bytes exist when not @full. */
static ALWAYS_INLINE void
load192 (__m512i z[3], const guint8 * p, int bytes, gboolean full)
{
  z[0] = load_row (p, bytes, full);
  z[1] = load_row (p + 64, bytes - 64, full);
  z[2] = load_row (p + 128, bytes - 128, full);
}

/* @table with @lo added to each byte of its low 256 bits and @hi to each
 * of its high 256 bits: each call's tables are made so from the constants
 * below, two instructions each, not byte by byte. */
static inline __m512i
table_plus (const guint8 table[64], int lo, int hi)
{
  return _mm512_add_epi8 (_mm512_loadu_si512 ((const void *) table),
      _mm512_inserti64x4 (_mm512_set1_epi8 ((char) lo), _mm256_set1_epi8
          ((char) hi), 1));
}

/* 16-bit lane j: 3j in the high byte (pixel j's byte 0) */
static const guint8 pixel_high_bytes[64] = {
  0, 0, 0, 3, 0, 6, 0, 9, 0, 12, 0, 15, 0, 18, 0, 21,
  0, 24, 0, 27, 0, 30, 0, 33, 0, 36, 0, 39, 0, 42, 0, 45,
  0, 48, 0, 51, 0, 54, 0, 57, 0, 60, 0, 63, 0, 66, 0, 69,
  0, 72, 0, 75, 0, 78, 0, 81, 0, 84, 0, 87, 0, 90, 0, 93
};

/* byte j: the high byte of 16-bit lane j of two vectors */
static const guint8 high_of_words[64] = {
  1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31,
  33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63,
  65, 67, 69, 71, 73, 75, 77, 79, 81, 83, 85, 87, 89, 91, 93, 95,
  97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125,
  127
};

/* byte j of each 256-bit half: pixel j & 1 of pair j / 2 (byte 0) */
static const guint8 pair_bytes[64] = {
  0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45,
  48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93,
  0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45,
  48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93
};

/* 16-bit lane j of each 256-bit half: the odd pixel of pair j (byte 0),
 * in both bytes (the high one is masked off) */
static const guint8 odd_pixel_words[64] = {
  3, 3, 9, 9, 15, 15, 21, 21, 27, 27, 33, 33, 39, 39, 45, 45,
  51, 51, 57, 57, 63, 63, 69, 69, 75, 75, 81, 81, 87, 87, 93, 93,
  3, 3, 9, 9, 15, 15, 21, 21, 27, 27, 33, 33, 39, 39, 45, 45,
  51, 51, 57, 57, 63, 63, 69, 69, 75, 75, 81, 81, 87, 87, 93, 93
};

/* The bytes of half @half of z, by @table: vpermt2b over z[half] and
 * z[half + 1]; bytes outside @mask are 0. */
static ALWAYS_INLINE __m512i
gather_half (const __m512i z[3], int half, __m512i table, __mmask64 mask)
{
  return _mm512_maskz_permutex2var_epi8 (mask, z[half], table, z[half + 1]);
}

#define ALL_BYTES (~(__mmask64) 0)
#define LOW_BYTES 0x5555555555555555ULL
#define HIGH_BYTES 0xaaaaaaaaaaaaaaaaULL

typedef struct
{
  /* channel c of the 32 pixels of a half, each the high byte of a 16-bit
   * lane (the low one 0): c << 8 */
  __m512i channel[2][3];
  /* the high byte of each 16-bit lane of two vectors: Y in pixel order */
  __m512i high_bytes;
  __m512i k[3], bias;
} Y24Coefs;

static inline void
y24_coefs_init (Y24Coefs * k, int k0, int k1, int k2, int bias)
{
  int half, c;

  for (half = 0; half < 2; half++)
    for (c = 0; c < 3; c++)
      k->channel[half][c] = table_plus (pixel_high_bytes, 32 * half + c,
          32 * half + c);
  k->high_bytes = table_plus (high_of_words, 0, 0);
  k->k[0] = splat16 (k0);
  k->k[1] = splat16 (k1);
  k->k[2] = splat16 (k2);
  k->bias = splat16 (bias);
}

/* The twin's sums for the 32 pixels of @half in 16-bit lanes: three
 * products and the bias, wrapping; Y is each lane's high byte. */
static ALWAYS_INLINE __m512i
y24_half (const __m512i z[3], int half, const Y24Coefs * k)
{
  __m512i c0 = _mm512_mulhi_epu16 (gather_half (z, half,
          k->channel[half][0], HIGH_BYTES), k->k[0]);
  __m512i c1 = _mm512_mulhi_epu16 (gather_half (z, half,
          k->channel[half][1], HIGH_BYTES), k->k[1]);
  __m512i c2 = _mm512_mulhi_epu16 (gather_half (z, half,
          k->channel[half][2], HIGH_BYTES), k->k[2]);

  return _mm512_add_epi16 (_mm512_add_epi16 (c0, c1), _mm512_add_epi16 (c2,
          k->bias));
}

static ALWAYS_INLINE void
y24_step64 (guint8 * d, const guint8 * s, int left, gboolean full,
    const Y24Coefs * k, gboolean stream)
{
  __m512i z[3], y;

  load192 (z, s, 3 * left, full);
  y = _mm512_permutex2var_epi8 (y24_half (z, 0, k), k->high_bytes,
      y24_half (z, 1, k));
  store_row (d, y, left, full, stream);
}

static ALWAYS_INLINE void
y24_row (guint8 * d, const guint8 * s, int k0, int k1, int k2, int bias,
    int n, gboolean stream)
{
  Y24Coefs k;
  int i = 0;

  y24_coefs_init (&k, k0, k1, k2, bias);
  for (; i + 64 <= n; i += 64) {
    prefetch_ahead (s + 3 * (gsize) i, 192);
    y24_step64 (d + i, s + 3 * (gsize) i, 64, TRUE, &k, stream);
  }
  if (i < n)
    y24_step64 (d + i, s + 3 * (gsize) i, n - i, FALSE, &k, FALSE);
}

void
pc_rgb24_to_y_avx512 (guint8 * d, const guint8 * s, int k0, int k1, int k2,
    int bias, int n)
{
  y24_row (d, s, k0, k1, k2, bias, n, FALSE);
}

void
pc_rgb24_to_y_stream_avx512 (guint8 * d, const guint8 * s, int k0, int k1,
    int k2, int bias, int n)
{
  y24_row (d, s, k0, k1, k2, bias, n, TRUE);
}

typedef struct
{
  /* the 16 pixel pairs of a half, side by side: R then G (a 256-bit half
   * each), and B (twice) */
  __m512i rg[2], b[2];
  /* the odd pixel of each pair, in the low byte of a 16-bit lane: R then
   * G, and B (twice) */
  __m512i odd_rg[2], odd_b[2];
  ChromaCoefs c;
} Uv24Coefs;

static inline void
uv24_coefs_init (Uv24Coefs * k, int ur, int ug, int ub, int vr, int vg, int vb,
    gboolean stream, ChromaStore store)
{
  int half;

  for (half = 0; half < 2; half++) {
    int at = 32 * half;

    k->rg[half] = table_plus (pair_bytes, at, at + 1);
    k->b[half] = table_plus (pair_bytes, at + 2, at + 2);
    k->odd_rg[half] = table_plus (odd_pixel_words, at, at + 1);
    k->odd_b[half] = table_plus (odd_pixel_words, at + 2, at + 2);
  }
  chroma_coefs_init (&k->c, ur, ug, ub, vr, vg, vb, stream, store);
}

/* R, G and B in block order from the sums of each half: R and G of blocks
 * 0-15 and of 16-31 (@rg0, @rg1), B of each (@b0, @b1). */
static ALWAYS_INLINE void
store_uv24 (guint8 * u, guint8 * v, __m512i rg0, __m512i rg1, __m512i b0,
    __m512i b1, int left, gboolean full, const ChromaCoefs * k)
{
  store_uv_channels32 (u, v, _mm512_shuffle_i64x2 (rg0, rg1, 0x44),
      _mm512_shuffle_i64x2 (rg0, rg1, 0xee), _mm512_shuffle_i64x2 (b0, b1,
          0x44), left, full, k);
}

/* The pairs of both rows weighted by @w (the even pixel times its low
 * byte, the odd one times its high byte), summed: R and G of half @half in
 * @rg, B in @b. */
static ALWAYS_INLINE void
pair_sums24 (const __m512i a[3], const __m512i b[3], int half, __m512i w,
    const Uv24Coefs * k, __m512i * rg, __m512i * bl)
{
  *rg = _mm512_add_epi16 (_mm512_maddubs_epi16 (gather_half (a, half,
              k->rg[half], ALL_BYTES), w),
      _mm512_maddubs_epi16 (gather_half (b, half, k->rg[half], ALL_BYTES), w));
  *bl = _mm512_add_epi16 (_mm512_maddubs_epi16 (gather_half (a, half,
              k->b[half], ALL_BYTES), w),
      _mm512_maddubs_epi16 (gather_half (b, half, k->b[half], ALL_BYTES), w));
}

/* 32 blocks of the 2x2 box; the weights 64 make each sum of four 256
 * times the mean (at most 65280, exact in unsigned 16 bits; each row's
 * 32640 fits pmaddubsw's signed lanes). */
static ALWAYS_INLINE void
uv24_step32 (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int left, gboolean full, const Uv24Coefs * k)
{
  const __m512i w = _mm512_set1_epi8 (64);
  __m512i a[3], b[3], rg0, rg1, b0, b1;

  load192 (a, s1, 6 * left, full);
  load192 (b, s2, 6 * left, full);
  pair_sums24 (a, b, 0, w, k, &rg0, &b0);
  pair_sums24 (a, b, 1, w, k, &rg1, &b1);
  store_uv24 (u, v, rg0, rg1, b0, b1, left, full, &k->c);
}

static void
uv24_row (guint8 * u, guint8 * v, const guint8 * s1, const guint8 * s2,
    int k0u, int k1u, int k2u, int k0v, int k1v, int k2v, int n,
    gboolean stream, ChromaStore store)
{
  Uv24Coefs k;
  int i = 0;

  uv24_coefs_init (&k, k0u, k1u, k2u, k0v, k1v, k2v, stream, store);
  for (; i + 32 <= n; i += 32)
    uv24_step32 (u + k.c.out_step * i, v + i, s1 + 6 * (gsize) i,
        s2 + 6 * (gsize) i, 32, TRUE, &k);
  if (i < n)
    uv24_step32 (u + k.c.out_step * i, v + i, s1 + 6 * (gsize) i,
        s2 + 6 * (gsize) i, n - i, FALSE, &k);
}

void
pc_rgb24_to_uv_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n)
{
  uv24_row (u, v, s1, s2, k0u, k1u, k2u, k0v, k1v, k2v, n, FALSE, STORE_ROWS);
}

void
pc_rgb24_to_uv_stream_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n)
{
  uv24_row (u, v, s1, s2, k0u, k1u, k2u, k0v, k1v, k2v, n, TRUE, STORE_ROWS);
}

/* The odd pixels of the pairs before, both rows, half @half: R and G in
 * @rg, B in @b, added to what they hold (at most 2 * 255 each). */
static ALWAYS_INLINE void
add_odd_pixels24 (const __m512i pa[3], const __m512i pb[3], int half,
    const Uv24Coefs * k, __m512i * rg, __m512i * bl)
{
  *rg = _mm512_add_epi16 (*rg, _mm512_add_epi16 (gather_half (pa, half,
              k->odd_rg[half], LOW_BYTES), gather_half (pb, half,
              k->odd_rg[half], LOW_BYTES)));
  *bl = _mm512_add_epi16 (*bl, _mm512_add_epi16 (gather_half (pa, half,
              k->odd_b[half], LOW_BYTES), gather_half (pb, half,
              k->odd_b[half], LOW_BYTES)));
}

/* 32 co-sited blocks: per row 2 even + odd of each pair, plus the odd
 * pixel of the pair before in both rows, at most 8 * 255, then shifted
 * left by 5 to 256 times the mean. */
static ALWAYS_INLINE void
uv24_cosited_step32 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int left,
    gboolean full, const Uv24Coefs * k)
{
  const __m512i two_one = _mm512_set1_epi16 (0x0102);
  __m512i a[3], pa[3], b[3], pb[3], rg0, rg1, b0, b1;
  int bytes = 6 * left;

  load192 (a, s1, bytes, full);
  load192 (pa, p1, bytes, full);
  load192 (b, s2, bytes, full);
  load192 (pb, p2, bytes, full);
  pair_sums24 (a, b, 0, two_one, k, &rg0, &b0);
  add_odd_pixels24 (pa, pb, 0, k, &rg0, &b0);
  pair_sums24 (a, b, 1, two_one, k, &rg1, &b1);
  add_odd_pixels24 (pa, pb, 1, k, &rg1, &b1);
  store_uv24 (u, v, _mm512_slli_epi16 (rg0, 5), _mm512_slli_epi16 (rg1, 5),
      _mm512_slli_epi16 (b0, 5), _mm512_slli_epi16 (b1, 5), left, full, &k->c);
}

static void
uv24_cosited_row (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n, gboolean stream,
    ChromaStore store)
{
  Uv24Coefs k;
  int i = 0;

  uv24_coefs_init (&k, k0u, k1u, k2u, k0v, k1v, k2v, stream, store);
  for (; i + 32 <= n; i += 32) {
    gsize o = 6 * (gsize) i;

    uv24_cosited_step32 (u + k.c.out_step * i, v + i, s1 + o, p1 + o,
        s2 + o, p2 + o, 32, TRUE, &k);
  }
  if (i < n) {
    gsize o = 6 * (gsize) i;

    uv24_cosited_step32 (u + k.c.out_step * i, v + i, s1 + o, p1 + o,
        s2 + o, p2 + o, n - i, FALSE, &k);
  }
}

void
pc_rgb24_to_uv_cosited_h_avx512 (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int k0u,
    int k1u, int k2u, int k0v, int k1v, int k2v, int n)
{
  uv24_cosited_row (u, v, s1, p1, s2, p2, k0u, k1u, k2u, k0v, k1v, k2v, n,
      FALSE, STORE_ROWS);
}

void
pc_rgb24_to_uv_cosited_h_stream_avx512 (guint8 * u, guint8 * v,
    const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, int k2v,
    int n)
{
  uv24_cosited_row (u, v, s1, p1, s2, p2, k0u, k1u, k2u, k0v, k1v, k2v, n,
      TRUE, STORE_ROWS);
}

/* One row's pairs weighted by @w, as pair_sums24 weighs two rows'. */
static ALWAYS_INLINE void
row_sums24 (const __m512i a[3], int half, __m512i w, const Uv24Coefs * k,
    __m512i * rg, __m512i * bl)
{
  *rg = _mm512_maddubs_epi16 (gather_half (a, half, k->rg[half], ALL_BYTES), w);
  *bl = _mm512_maddubs_epi16 (gather_half (a, half, k->b[half], ALL_BYTES), w);
}

/* 32 samples of three rows weighed [1 2 1]: the box across columns (@p
 * NULL; 8 shares, shifted left by 5) or [1 2 1] with the odd pixels of
 * the pairs before (16 shares, shifted left by 4), the outer rows' as
 * the two-row kernels sum them, the middle row's weighed twice. */
static ALWAYS_INLINE void
uv24_rows3_step32 (guint8 * u, guint8 * v, const guint8 * const s[3],
    const guint8 * const p[3], gsize o, int left, gboolean full,
    const Uv24Coefs * k)
{
  const __m512i outer = _mm512_set1_epi16 (p != NULL ? 0x0102 : 0x0101);
  const __m512i middle = _mm512_set1_epi16 (p != NULL ? 0x0204 : 0x0202);
  __m512i row[3][3], before[3][3], rg[2], bl[2], mrg, mb;
  int bytes = 6 * left, half, j;

  for (j = 0; j < 3; j++) {
    load192 (row[j], s[j] + o, bytes, full);
    if (p != NULL)
      load192 (before[j], p[j] + o, bytes, full);
  }
  for (half = 0; half < 2; half++) {
    pair_sums24 (row[0], row[2], half, outer, k, &rg[half], &bl[half]);
    row_sums24 (row[1], half, middle, k, &mrg, &mb);
    rg[half] = _mm512_add_epi16 (rg[half], mrg);
    bl[half] = _mm512_add_epi16 (bl[half], mb);
    if (p == NULL)
      continue;
    add_odd_pixels24 (before[0], before[2], half, k, &rg[half], &bl[half]);
    rg[half] = _mm512_add_epi16 (rg[half], _mm512_slli_epi16 (gather_half
            (before[1], half, k->odd_rg[half], LOW_BYTES), 1));
    bl[half] = _mm512_add_epi16 (bl[half], _mm512_slli_epi16 (gather_half
            (before[1], half, k->odd_b[half], LOW_BYTES), 1));
  }
  j = p != NULL ? 4 : 5;
  store_uv24 (u, v, _mm512_slli_epi16 (rg[0], j), _mm512_slli_epi16 (rg[1],
          j), _mm512_slli_epi16 (bl[0], j), _mm512_slli_epi16 (bl[1], j),
      left, full, &k->c);
}

static void
uv24_rows3 (guint8 * u, guint8 * v, const guint8 * const s[3],
    const guint8 * const p[3], int k0u, int k1u, int k2u, int k0v, int k1v,
    int k2v, int n)
{
  Uv24Coefs k;
  int i = 0;

  uv24_coefs_init (&k, k0u, k1u, k2u, k0v, k1v, k2v, FALSE, STORE_ROWS);
  for (; i + 32 <= n; i += 32)
    uv24_rows3_step32 (u + i, v + i, s, p, 6 * (gsize) i, 32, TRUE, &k);
  if (i < n)
    uv24_rows3_step32 (u + i, v + i, s, p, 6 * (gsize) i, n - i, FALSE, &k);
}

void
pc_rgb24_to_uv_cosited_v_avx512 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * s1, const guint8 * s2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };

  uv24_rows3 (u, v, s, NULL, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

void
pc_rgb24_to_uv_cosited_hv_avx512 (guint8 * u, guint8 * v, const guint8 * s0,
    const guint8 * p0, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int k0u, int k1u, int k2u, int k0v,
    int k1v, int k2v, int n)
{
  const guint8 *const s[3] = { s0, s1, s2 };
  const guint8 *const p[3] = { p0, p1, p2 };

  uv24_rows3 (u, v, s, p, k0u, k1u, k2u, k0v, k1v, k2v, n);
}

/* ---- NV12's pairs -------------------------------------------------------- */

/* The chroma kernels above with their samples stored as NV12's pairs at
 * @d, V's first when @v_first; the _stream ones with streaming stores. */
#define PAIRS_STORE(v_first) ((v_first) ? STORE_PAIRS_V_FIRST : STORE_PAIRS)

#define RGB_PAIRS_KERNELS(name, stream) \
  void \
  pc_rgba_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
      const guint8 * s2, int ur, int ug, int ub, int vr, int vg, int vb, \
      int v_first, int n) \
  { \
    uv_row (d, d, s1, s2, 0, ur, ug, ub, vr, vg, vb, n, stream, \
        PAIRS_STORE (v_first)); \
  } \
  void \
  pc_rgb4_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
      const guint8 * s2, int shift, int k0u, int k1u, int k2u, int k0v, \
      int k1v, int k2v, int v_first, int n) \
  { \
    uv_row (d, d, s1, s2, shift / 8, k0u, k1u, k2u, k0v, k1v, k2v, n, \
        stream, PAIRS_STORE (v_first)); \
  } \
  void \
  pc_rgba_to_uv_cosited_h_pairs##name##_avx512 (guint8 * d, \
      const guint8 * s1, const guint8 * p1, const guint8 * s2, \
      const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, \
      int v_first, int n) \
  { \
    uv_cosited_row (d, d, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n, stream, \
        PAIRS_STORE (v_first)); \
  } \
  void \
  pc_rgb24_to_uv_pairs##name##_avx512 (guint8 * d, const guint8 * s1, \
      const guint8 * s2, int k0u, int k1u, int k2u, int k0v, int k1v, \
      int k2v, int v_first, int n) \
  { \
    uv24_row (d, d, s1, s2, k0u, k1u, k2u, k0v, k1v, k2v, n, stream, \
        PAIRS_STORE (v_first)); \
  } \
  void \
  pc_rgb24_to_uv_cosited_h_pairs##name##_avx512 (guint8 * d, \
      const guint8 * s1, const guint8 * p1, const guint8 * s2, \
      const guint8 * p2, int k0u, int k1u, int k2u, int k0v, int k1v, \
      int k2v, int v_first, int n) \
  { \
    uv24_cosited_row (d, d, s1, p1, s2, p2, k0u, k1u, k2u, k0v, k1v, k2v, n, \
        stream, PAIRS_STORE (v_first)); \
  }

RGB_PAIRS_KERNELS (, FALSE);
RGB_PAIRS_KERNELS (_stream, TRUE);
