/* pooledconvert
 * The unpack family's C twins: 10-bit samples packed three to a 32-bit
 * little-endian word (RGB10A2_LE, BGR10A2_LE, v210, GRAY10_LE32) into the
 * 16-bit words the general walk's stages and the grey walk read, and
 * packed 8-bit YUV's chroma bytes into planes.  Contracts in kernels-c.h.
 */

#include <string.h>

#include "dsp/c/kernels-c.h"

/* Word @k of @s (walk.c refuses big-endian machines); memcpy, one load at
 * any alignment. */
static inline guint32
word_at (const guint8 * s, int k)
{
  guint32 w;

  memcpy (&w, s + 4 * k, sizeof (w));
  return w;
}

static inline void
put_sample (guint8 * d, int k, guint32 word, int shift)
{
  guint16 v = (word >> shift) & 0x3ff;

  memcpy (d + 2 * k, &v, sizeof (v));
}

void
pc_unpack_word_field_c (guint8 * d, const guint8 * s, int shift, int n)
{
  int i;

  for (i = 0; i < n; i++)
    put_sample (d, i, word_at (s, i), shift);
}

void
pc_unpack_packed_uv_c (guint8 * a, guint8 * b, const guint8 * s, int a_byte,
    int b_byte, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    a[i] = s[4 * i + a_byte];
    b[i] = s[4 * i + b_byte];
  }
}

/* v210's fields in the order of a group's words, three a word (bits 0-9,
 * 10-19, 20-29), as kernels-c.h gives them */
static inline void
v210_fields (const guint8 * s, int group, guint f[12])
{
  int k;

  for (k = 0; k < 4; k++) {
    guint32 w = word_at (s, 4 * group + k);

    f[3 * k] = w & 0x3ff;
    f[3 * k + 1] = (w >> 10) & 0x3ff;
    f[3 * k + 2] = (w >> 20) & 0x3ff;
  }
}

/* the fields of a group that hold its six Y, three U and three V */
static const guint8 v210_y[6] = { 1, 3, 5, 7, 9, 11 };
static const guint8 v210_u[3] = { 0, 4, 8 };
static const guint8 v210_v[3] = { 2, 6, 10 };

static inline void
put_field (guint8 * d, int k, guint field)
{
  guint16 v = field;

  memcpy (d + 2 * k, &v, sizeof (v));
}

void
pc_unpack_v210_y_c (guint8 * d, const guint8 * s, int n)
{
  guint f[12];
  int i, k;

  for (i = 0; i < n; i += 6) {
    v210_fields (s, i / 6, f);
    for (k = 0; k < 6 && i + k < n; k++)
      put_field (d, i + k, f[v210_y[k]]);
  }
}

void
pc_unpack_v210_uv_c (guint8 * u, guint8 * v, const guint8 * s, int n)
{
  guint f[12];
  int i, k;

  for (i = 0; i < n; i += 3) {
    v210_fields (s, i / 3, f);
    for (k = 0; k < 3 && i + k < n; k++) {
      put_field (u, i + k, f[v210_u[k]]);
      put_field (v, i + k, f[v210_v[k]]);
    }
  }
}

void
pc_unpack_gray10_le32_c (guint8 * d, const guint8 * s, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint16 v = ((word_at (s, i / 3) >> (10 * (i % 3))) & 0x3ff) << 6;

    memcpy (d + 2 * i, &v, sizeof (v));
  }
}

static inline guint8
rounded (guint x, int round, int shift)
{
  return (guint8) MIN ((x + (guint) round) >> shift, 255);
}

void
pc_v210_y_to_u8_c (guint8 * d, const guint8 * s, int round, int shift, int n)
{
  guint f[12];
  int i, k;

  for (i = 0; i < n; i += 6) {
    v210_fields (s, i / 6, f);
    for (k = 0; k < 6 && i + k < n; k++)
      d[i + k] = rounded (f[v210_y[k]], round, shift);
  }
}

/* U's sample i at u[step * i], V's at v[step * i]: planes (step 1) or
 * NV12's pairs (step 2) */
static void
v210_uv_avg_v (guint8 * u, guint8 * v, int step, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n)
{
  guint f1[12], f2[12];
  int i, k;

  for (i = 0; i < n; i += 3) {
    v210_fields (s1, i / 3, f1);
    v210_fields (s2, i / 3, f2);
    for (k = 0; k < 3 && i + k < n; k++) {
      u[step * (i + k)] = rounded (f1[v210_u[k]] + f2[v210_u[k]], round,
          shift);
      v[step * (i + k)] = rounded (f1[v210_v[k]] + f2[v210_v[k]], round,
          shift);
    }
  }
}

void
pc_v210_uv_avg_v_to_u8_c (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n)
{
  v210_uv_avg_v (u, v, 1, s1, s2, round, shift, n);
}

void
pc_v210_uv_avg_v_pairs_to_u8_c (guint8 * d, const guint8 * s1,
    const guint8 * s2, int round, int shift, int n)
{
  v210_uv_avg_v (d, d + 1, 2, s1, s2, round, shift, n);
}
