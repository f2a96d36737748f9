/* pooledconvert
 * AVX-512 kernel of the unpack family (see kernels-avx512.h): v210's luma
 * to 8 bits, bit for bit the C twin (c/unpack.c).
 *
 * Sixteen groups (256 bytes, 96 samples) a step, in three vectors of 32
 * samples.  For each, one two-table byte permute (vpermt2b) puts the two
 * bytes that hold a sample's 10-bit field in the sample's 16-bit lane; a
 * shift by lane (vpsrlvw) and a mask leave the field, and the rounding,
 * and the shift follow in the same lanes, as AVX2's do; vpmovuswb narrows
 * the 32 lanes to 32 bytes, clamped to 255.  The last step loads and stores
 * through byte masks, so nothing is read or written past the row.
 */

#include <immintrin.h>

#include "dsp/x86/kernels-avx512.h"
#include "dsp/x86/avx512-common.h"

/* Samples a step, and the groups (16 bytes, 6 samples) they fill */
#define V210_STEP 96
#define V210_STEP_GROUPS (V210_STEP / 6)

/* Where vector m (0..2) of a step finds its 32 samples: lane l is sample
 * j = 32 m + l, of group j / 6, whose field (kernels-c.h: Y0..Y5 are b0,
 * a1, c1, b2, a3, c3) starts in the byte and at the bit these say.  The
 * bytes count from 64 m, the first of the two loads the permute reads. */
typedef struct
{
  guint8 bytes[3][64];
  guint16 shifts[3][32];
} V210LumaPicks;

static const V210LumaPicks *
v210_luma_picks (void)
{
  static const int field_byte[6] = { 1, 4, 6, 9, 12, 14 };
  static const int field_bit[6] = { 2, 0, 4, 2, 0, 4 };
  static V210LumaPicks picks;
  static gsize made = 0;

  if (g_once_init_enter (&made)) {
    int m, l;

    for (m = 0; m < 3; m++)
      for (l = 0; l < 32; l++) {
        int j = 32 * m + l;
        int byte = 16 * (j / 6) + field_byte[j % 6] - 64 * m;

        picks.bytes[m][2 * l] = byte;
        picks.bytes[m][2 * l + 1] = byte + 1;
        picks.shifts[m][l] = field_bit[j % 6];
      }
    g_once_init_leave (&made, 1);
  }
  return &picks;
}

/* The 32 samples of vector @m from loads @a and @b, to 8 bits */
static ALWAYS_INLINE __m256i
luma32 (__m512i a, __m512i b, __m512i bytes, __m512i shifts, __m512i round,
    __m128i count)
{
  const __m512i field = _mm512_set1_epi16 (0x3ff);
  __m512i y = _mm512_and_si512 (_mm512_srlv_epi16
      (_mm512_permutex2var_epi8 (a, bytes, b), shifts), field);

  /* at most 1023 + 63489 (kernels-c.h): no lane wraps; the narrowing
   * saturates to 255 */
  y = _mm512_srl_epi16 (_mm512_add_epi16 (y, round), count);
  return _mm512_cvtusepi16_epi8 (y);
}

void
pc_v210_y_to_u8_avx512 (guint8 * d, const guint8 * s, int round, int shift,
    int n)
{
  const V210LumaPicks *picks = v210_luma_picks ();
  const __m512i r = _mm512_set1_epi16 ((short) round);
  const __m128i count = _mm_cvtsi32_si128 (shift);
  __m512i bytes[3], shifts[3];
  int i, m;

  for (m = 0; m < 3; m++) {
    bytes[m] = _mm512_loadu_si512 ((const void *) picks->bytes[m]);
    shifts[m] = _mm512_loadu_si512 ((const void *) picks->shifts[m]);
  }
  for (i = 0; i < n; i += V210_STEP) {
    const guint8 *p = s + 16 * (gsize) (i / 6);
    int left = n - i;
    gboolean full = left >= V210_STEP;
    /* whole groups, as the twin reads them */
    int in = 16 * ((MIN (left, V210_STEP) + 5) / 6);
    __m512i z[4];
    int k;

    if (full)
      prefetch_ahead (p, 16 * V210_STEP_GROUPS);
    for (k = 0; k < 4; k++)
      z[k] = load_row (p + 64 * k, in - 64 * k, full);
    for (m = 0; m < 3; m++)
      store_row32 (d + i + 32 * m, luma32 (z[m], z[m + 1], bytes[m],
              shifts[m], r, count), left - 32 * m, full, FALSE);
  }
}
