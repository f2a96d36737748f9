/* pooledconvert
 * The output family's C twins: the rows of output formats other than I420
 * made from the U and V rows the walks write.  Contracts in kernels-c.h;
 * they are the reference the ORC and AVX2 kernels of the family must match
 * to the bit.
 */

#include "dsp/c/kernels-c.h"

void
pc_uv_interleave_c (guint8 * d, const guint8 * u, const guint8 * v, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[2 * i] = u[i];
    d[2 * i + 1] = v[i];
  }
}

void
pc_uv_swap_c (guint8 * d, const guint8 * s, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    guint8 first = s[2 * i];

    d[2 * i] = s[2 * i + 1];
    d[2 * i + 1] = first;
  }
}

void
pc_uv_interleave_16_c (guint8 * d, const guint8 * u, const guint8 * v, int n)
{
  int i;

  for (i = 0; i < n; i++) {
    d[4 * i] = u[2 * i];
    d[4 * i + 1] = u[2 * i + 1];
    d[4 * i + 2] = v[2 * i];
    d[4 * i + 3] = v[2 * i + 1];
  }
}
