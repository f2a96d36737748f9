/* pooledconvert
 * The u16 family's C twins: 16-bit little-endian samples (10-bit YUV, P010)
 * to 8 bits, rounded once: one row, two rows averaged or boxed, or up to
 * three weighted rows filtered across columns for the co-sited and other
 * sitings.  Contracts in kernels-c.h; they are the reference the ORC and
 * AVX2 kernels of the family must match to the bit.
 */

#include <string.h>

#include "dsp/c/kernels-c.h"

/* Sample @k of a row of little-endian 16-bit samples (walk.c refuses
 * other machines); memcpy, one load at any alignment. */
static inline guint
u16_sample (const guint8 * row, int k)
{
  guint16 v;

  memcpy (&v, row + 2 * k, sizeof (v));
  return v;
}

/* 16-bit sample to 8 bits: add with unsigned 16-bit saturation, shift,
 * saturate to a byte */
static inline guint8
u16_to_u8 (guint x, int round, int shift)
{
  guint t = MIN (x + (guint) (round & 0xffff), 0xffff) >> shift;

  return (guint8) MIN (t, 255);
}

void
pc_u16_to_u8_c (guint8 * d, const guint8 * s, int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = u16_to_u8 (u16_sample (s, i), round, shift);
}

void
pc_u16_remap_to_u8_c (guint8 * d, const guint8 * s, const guint8 * table, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = table[u16_sample (s, i)];
}

void
pc_u16_remap_to_u16_c (guint8 * d, const guint8 * s, const guint16 * table,
    int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint16 word = table[u16_sample (s, i)];

    d[2 * i] = word & 0xff;
    d[2 * i + 1] = word >> 8;
  }
}

/* Word @word (1 Y, 2 U, 3 V) of pixel @k of an AYUV64 row of @n pixels,
 * a pixel outside the row taking the edge pixel's */
static inline guint
ayuv64_word (const guint8 * s, int k, int word, int n)
{
  return u16_sample (s, 4 * CLAMP (k, 0, n - 1) + word);
}

/* Word @word of pixel @k read as min (word >> @read_shift, @max): the
 * word itself for 8-bit output (0, 65535), its 10-bit code for 10-bit
 * output (as the general walk's stages read it) */
static inline guint
ayuv64_value (const guint8 * s, int k, int word, int n, int read_shift,
    guint max)
{
  return MIN (ayuv64_word (s, k, word, n) >> read_shift, max);
}

/* Chroma output @i's sum of @word over both rows and the columns' taps
 * (the pair, or [1 2 1] with @cosited), values read as ayuv64_value () */
static inline guint
ayuv64_taps_sum (const guint8 * s0, const guint8 * s1, int i, int word,
    int n, int read_shift, guint max, gboolean cosited)
{
  const guint8 *s;
  guint sum = 0;
  int r;

  for (r = 0, s = s0; r < 2; r++, s = s1) {
    sum += ayuv64_value (s, 2 * i, word, n, read_shift, max) +
        ayuv64_value (s, 2 * i + 1, word, n, read_shift, max);
    if (cosited)
      sum += ayuv64_value (s, 2 * i - 1, word, n, read_shift, max) +
          ayuv64_value (s, 2 * i, word, n, read_shift, max);
  }
  return sum;
}

static inline void
u16_ayuv64_to_420 (guint8 * y0, guint8 * y1, guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, int round, int shift, int first,
    int n, gboolean cosited)
{
  int extra = cosited ? 3 : 2;
  guint chroma_round = (guint) (round & 0xffff) << extra;
  int i, word;

  for (i = first; i < n; i++) {
    y0[i] = u16_to_u8 (ayuv64_word (s0, i, 1, n), round, shift);
    y1[i] = u16_to_u8 (ayuv64_word (s1, i, 1, n), round, shift);
  }
  for (i = first / 2; i < (n + 1) / 2; i++)
    for (word = 2; word <= 3; word++) {
      guint sum = chroma_round + ayuv64_taps_sum (s0, s1, i, word, n, 0,
          65535, cosited);

      (word == 2 ? u : v)[i] = (guint8) MIN (sum >> (shift + extra), 255);
    }
}

void
pc_u16_ayuv64_to_420_box_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n)
{
  u16_ayuv64_to_420 (y0, y1, u, v, s0, s1, round, shift, first, n, FALSE);
}

void
pc_u16_ayuv64_to_420_cosited_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int round, int shift,
    int first, int n)
{
  u16_ayuv64_to_420 (y0, y1, u, v, s0, s1, round, shift, first, n, TRUE);
}

static inline void
store_word (guint8 * d, int i, guint code)
{
  d[2 * i] = code & 0xff;
  d[2 * i + 1] = code >> 8;
}

static inline void
u16_ayuv64_to_420_10 (guint8 * y0, guint8 * y1, guint8 * u, guint8 * v,
    const guint8 * s0, const guint8 * s1, int read_shift, int out_shift,
    int first, int n, gboolean cosited)
{
  int extra = cosited ? 3 : 2;
  int i, word;

  for (i = first; i < n; i++) {
    store_word (y0, i, ayuv64_value (s0, i, 1, n, read_shift,
            1023) << out_shift);
    store_word (y1, i, ayuv64_value (s1, i, 1, n, read_shift,
            1023) << out_shift);
  }
  for (i = first / 2; i < (n + 1) / 2; i++)
    for (word = 2; word <= 3; word++) {
      guint sum = (1 << (extra - 1)) + ayuv64_taps_sum (s0, s1, i, word, n,
          read_shift, 1023, cosited);

      store_word (word == 2 ? u : v, i, (sum >> extra) << out_shift);
    }
}

void
pc_u16_ayuv64_to_420_10_box_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n)
{
  u16_ayuv64_to_420_10 (y0, y1, u, v, s0, s1, read_shift, out_shift, first,
      n, FALSE);
}

void
pc_u16_ayuv64_to_420_10_cosited_c (guint8 * y0, guint8 * y1, guint8 * u,
    guint8 * v, const guint8 * s0, const guint8 * s1, int read_shift,
    int out_shift, int first, int n)
{
  u16_ayuv64_to_420_10 (y0, y1, u, v, s0, s1, read_shift, out_shift, first,
      n, TRUE);
}

void
pc_u16_uv_deinterleave_to_u8_c (guint8 * u, guint8 * v, const guint8 * s,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    u[i] = u16_to_u8 (u16_sample (s, 2 * i), round, shift);
    v[i] = u16_to_u8 (u16_sample (s, 2 * i + 1), round, shift);
  }
}

/* sample @i of rows @s1 and @s2 summed, rounded and shifted to 8 bits */
static inline guint8
avg_v_to_u8 (const guint8 * s1, const guint8 * s2, int i, int round, int shift)
{
  guint sum = u16_sample (s1, i) + u16_sample (s2, i) + (guint) round;

  return (guint8) MIN (sum >> shift, 255);
}

void
pc_u16_avg_v_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = avg_v_to_u8 (s1, s2, i, round, shift);
}

void
pc_u16_box_2x2_to_u8_c (guint8 * d, const guint8 * s1, const guint8 * s2,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint sum = u16_sample (s1, 2 * i) + u16_sample (s1, 2 * i + 1) +
        u16_sample (s2, 2 * i) + u16_sample (s2, 2 * i + 1) + (guint) round;

    d[i] = (guint8) MIN (sum >> shift, 255);
  }
}

/* Three 16-bit rows and their weights, copied out of the caller's
 * arrays: a store to the 8-bit destination may alias the arrays, and
 * would make every iteration load them again. */
typedef struct
{
  const guint8 *s0, *s1, *s2;
  guint w0, w1, w2;
} U16Rows;

static inline U16Rows
u16_rows (const guint8 * const s[3], const int w[3])
{
  U16Rows rows = { s[0], s[1], s[2], w[0], w[1], w[2] };

  return rows;
}

/* Sample @k of the rows, weighted and summed; the third only when
 * @three (a constant where it is inlined, so two rows do not pay for it). */
static inline guint
u16_rows_at (const U16Rows * r, int k, gboolean three)
{
  return r->w0 * u16_sample (r->s0, k) + r->w1 * u16_sample (r->s1, k) +
      (three ? r->w2 * u16_sample (r->s2, k) : 0);
}

static inline guint8
u16_rounded (guint sum, int round, int shift)
{
  return (guint8) MIN ((sum + (guint) round) >> shift, 255);
}

static inline void
u16_rows_cosited_h (guint8 * d, const U16Rows * r, int round, int shift,
    int n, gboolean three)
{
  /* the column right of sample i is the one left of sample i + 1 */
  guint left = u16_rows_at (r, -1, three);
  int i;

  for (i = 0; i < n; i++) {
    guint right = u16_rows_at (r, 2 * i + 1, three);

    d[i] = u16_rounded (left + 2 * u16_rows_at (r, 2 * i, three) + right,
        round, shift);
    left = right;
  }
}

void
pc_u16_rows_cosited_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  const U16Rows r = u16_rows (s, w);

  if (n <= 0)
    return;
  /* centred rows (mpeg2, GStreamer's default above 576 lines): two */
  if (r.w2 == 0)
    u16_rows_cosited_h (d, &r, round, shift, n, FALSE);
  else
    u16_rows_cosited_h (d, &r, round, shift, n, TRUE);
}

void
pc_u16_rows_box_h_to_u8_c (guint8 * d, const guint8 * const s[3],
    const int w[3], int round, int shift, int n)
{
  const U16Rows r = u16_rows (s, w);
  int i;

  for (i = 0; i < n; i++)
    d[i] = u16_rounded (u16_rows_at (&r, 2 * i, TRUE) +
        u16_rows_at (&r, 2 * i + 1, TRUE), round, shift);
}

void
pc_u16_rows_to_u8_c (guint8 * d, const guint8 * const s[3], const int w[3],
    int round, int shift, int n)
{
  const U16Rows r = u16_rows (s, w);
  int i;

  for (i = 0; i < n; i++)
    d[i] = u16_rounded (u16_rows_at (&r, i, TRUE), round, shift);
}

void
pc_u16_pairs_to_u8_c (guint8 * d, const guint8 * u, const guint8 * v,
    int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = u16_to_u8 (u16_sample (u, i), round, shift);
    d[2 * i + 1] = u16_to_u8 (u16_sample (v, i), round, shift);
  }
}

void
pc_u16_avg_v_pairs_to_u8_c (guint8 * d, const guint8 * u1, const guint8 * u2,
    const guint8 * v1, const guint8 * v2, int round, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = avg_v_to_u8 (u1, u2, i, round, shift);
    d[2 * i + 1] = avg_v_to_u8 (v1, v2, i, round, shift);
  }
}
