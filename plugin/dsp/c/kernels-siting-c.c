/* pooledconvert
 * Plain-C twins of the co-sited chroma kernels; see kernels-siting-c.h.
 */

#include <string.h>

#include "dsp/c/kernels-siting-c.h"
#include "dsp/c/kernels-c-common.h"
#include "dsp/orc/kernels-siting-orc.h"

/* Samples per pass through the stack row of sums (8 bytes each). */
#define SUMS_CHUNK 256

/* [1 2 1] around the even pixel of pair s, one row: the odd pixel of the
 * pair before, twice the even one, the odd one; @step bytes per pixel. */
static inline guint
cosited_row (const guint8 * s, const guint8 * p, guint step)
{
  return p[step] + 2 * s[0] + s[step];
}

void
pc_chroma_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (cosited_row (s1 + 2 * i, p1 + 2 * i, 1) +
        cosited_row (s2 + 2 * i, p2 + 2 * i, 1) + 4) >> 3;
}

void
pc_chroma_cosited_h_weighted_c (guint8 * d, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int n)
{
  int i;

  for (i = 0; i < n; i++)
    d[i] = (3 * cosited_row (s1 + 2 * i, p1 + 2 * i, 1) +
        cosited_row (s2 + 2 * i, p2 + 2 * i, 1) + 8) >> 4;
}

void
pc_rgba_sum_cosited_h_c (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n)
{
  int i, c;

  for (i = 0; i < n; i++) {
    for (c = 0; c < 4; c++) {
      gsize at = 8 * i + c;
      guint sum = ((cosited_row (s1 + at, p1 + at, 4) +
              cosited_row (s2 + at, p2 + at, 4)) << 5) & 0xffff;

      d[8 * i + 2 * c] = sum & 0xff;
      d[8 * i + 2 * c + 1] = sum >> 8;
    }
  }
}

void
pc_rgb_sums_to_uv_c (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    const guint8 *w = s + 8 * i;
    guint r = w[0] | (w[1] << 8), g = w[2] | (w[3] << 8);
    guint b = w[4] | (w[5] << 8);

    u[i] = chroma_sample (b, ub, r, ur, g, ug);
    v[i] = chroma_sample (r, vr, g, vg, b, vb);
  }
}

typedef void (*SumFunc) (guint8 * d, const guint8 * s1, const guint8 * p1,
    const guint8 * s2, const guint8 * p2, int n);
typedef void (*ToUvFunc) (guint8 * u, guint8 * v, const guint8 * s, int ur,
    int ug, int ub, int vr, int vg, int vb, int n);

static inline void
rgba_to_uv_cosited_h_with (SumFunc sum, ToUvFunc to_uv, guint8 * u,
    guint8 * v, const guint8 * s1, const guint8 * p1, const guint8 * s2,
    const guint8 * p2, int ur, int ug, int ub, int vr, int vg, int vb, int n)
{
  /* 8-byte aligned, as ORC wants its 8-byte elements */
  guint64 sums[SUMS_CHUNK];
  int i, chunk;

  for (i = 0; i < n; i += chunk) {
    gsize o = 8 * (gsize) i;

    chunk = MIN (n - i, SUMS_CHUNK);
    sum ((guint8 *) sums, s1 + o, p1 + o, s2 + o, p2 + o, chunk);
    to_uv (u + i, v + i, (const guint8 *) sums, ur, ug, ub, vr, vg, vb, chunk);
  }
}

void
pc_rgba_to_uv_cosited_h_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  rgba_to_uv_cosited_h_with (pc_rgba_sum_cosited_h_c, pc_rgb_sums_to_uv_c, u,
      v, s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n);
}

void
pc_rgba_to_uv_cosited_h_orc (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  rgba_to_uv_cosited_h_with (pc_rgba_sum_cosited_h, pc_rgb_sums_to_uv, u, v,
      s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n);
}

void
pc_packed444_cosited_h_c (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  int i, j = shift / 8;

  for (i = 0; i < n; i++) {
    gsize at = 8 * i + j;

    a[i] = (cosited_row (s1 + at, p1 + at, 4) +
        cosited_row (s2 + at, p2 + at, 4) + 4) >> 3;
    b[i] = (cosited_row (s1 + at + 1, p1 + at + 1, 4) +
        cosited_row (s2 + at + 1, p2 + at + 1, 4) + 4) >> 3;
  }
}

void
pc_packed444_cosited_h_orc (guint8 * a, guint8 * b, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int shift, int n)
{
  /* 8-byte aligned, as ORC wants its 8-byte elements */
  guint64 sums[SUMS_CHUNK];
  int i, chunk;

  for (i = 0; i < n; i += chunk) {
    gsize o = 8 * (gsize) i;

    chunk = MIN (n - i, SUMS_CHUNK);
    pc_rgba_sum_cosited_h ((guint8 *) sums, s1 + o, p1 + o, s2 + o, p2 + o,
        chunk);
    /* the words of channels j and j + 1, j = shift / 8: bit 16 j */
    pc_sums_pick_rounded (a + i, b + i, (const guint8 *) sums, 2 * shift,
        chunk);
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

/* Little-endian (convert.c refuses other machines); memcpy, one load
 * at any alignment. */
static inline guint
read_u16 (const guint8 * s, int k)
{
  guint16 v;

  memcpy (&v, s + 2 * k, sizeof (v));
  return v;
}

/* Sample @k of the rows, weighted and summed; the third only when
 * @three (a constant where it is inlined, so two rows do not pay for it). */
static inline guint
u16_rows_at (const U16Rows * r, int k, gboolean three)
{
  return r->w0 * read_u16 (r->s0, k) + r->w1 * read_u16 (r->s1, k) +
      (three ? r->w2 * read_u16 (r->s2, k) : 0);
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
