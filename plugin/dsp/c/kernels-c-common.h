/* pooledconvert
 * What the C twins of more than one family share (chroma.c, rgba.c,
 * packed.c): the co-sited filter of one row.
 */

#ifndef __PC_KERNELS_C_COMMON_H__
#define __PC_KERNELS_C_COMMON_H__

#include <glib.h>

/* [1 2 1] around the even pixel of pair s, one row: the odd pixel of the
 * pair before, twice the even one, the odd one; @step bytes per pixel. */
static inline guint
cosited_row (const guint8 * s, const guint8 * p, guint step)
{
  return p[step] + 2 * s[0] + s[step];
}

#endif /* __PC_KERNELS_C_COMMON_H__ */
