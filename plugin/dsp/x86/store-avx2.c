/* pooledconvert
 * The store family in AVX2: a row copied with streaming stores; see
 * kernels-avx2.h.  Same bytes as its twin, memcpy, at any alignment.
 */

#include <immintrin.h>
#include <string.h>

#include "dsp/x86/kernels-avx2.h"
#include "dsp/x86/avx2-common.h"

/* The head up to @d's first 32-byte boundary and the tail past the last
 * go through memcpy (normal stores); the body in between is streamed, 64
 * bytes a step (a whole line). */
void
pc_copy_row_stream_avx2 (guint8 * d, const guint8 * s, int n)
{
  gsize head, i;

  if (n < 64) {
    memcpy (d, s, n);
    return;
  }
  head = (32 - ((guintptr) d & 31)) & 31;
  memcpy (d, s, head);
  for (i = head; i + 64 <= (gsize) n; i += 64) {
    __m256i a = LOAD (s + i), b = LOAD (s + i + 32);

    _mm256_stream_si256 ((__m256i *) (d + i), a);
    _mm256_stream_si256 ((__m256i *) (d + i + 32), b);
  }
  for (; i + 32 <= (gsize) n; i += 32)
    _mm256_stream_si256 ((__m256i *) (d + i), LOAD (s + i));
  memcpy (d + i, s + i, n - i);
}
