/* pooledconvert
 * The stage family's ORC kernels whose twins take their arguments in
 * another shape (rows and weights as arrays, the rounding from the
 * shift): each calls its one program of stage.orc.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/orc/wrappers.h"
#include "dsp/orc/stage-orc.h"

void
pc_stage_rows_orc (gint16 * d, const guint8 * const s[3], const int w[3], int n)
{
  pc_stage_rows3 (d, s[0], s[1], s[2], w[0], w[1], w[2], n);
}

void
pc_stage_round_orc (guint8 * d, const gint16 * s, int shift, int n)
{
  pc_stage_round_by (d, s, 1 << (shift - 1), shift, n);
}
