/* pooledconvert
 * The store family on x86: a row (or a whole contiguous plane) copied
 * with streaming stores, or by rep movsb; see kernels-avx2.h.  Same bytes
 * as their twin, memcpy, at any alignment.
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

/* One instruction, set only on CPUs with ERMS and FSRM: there it copied
 * a plane from memory faster than glibc's memcpy and than streaming
 * stores (docs/design.md, "Plane copies"). */
void
pc_copy_row_rep_movsb (guint8 * d, const guint8 * s, int n)
{
  gsize count = n;

  __asm__ volatile ("rep movsb":"+D" (d), "+S" (s), "+c" (count)::"memory");
}
