/* pooledconvert
 * The stage family's ORC kernels whose twins take their arguments in
 * another shape (rows and weights as arrays, the rounding from the
 * shift): each calls its one program of stage.orc.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/orc/wrappers.h"
#include "dsp/c/kernels-c.h"
#include "dsp/orc/stage-orc.h"

void
pc_stage_rows_orc (gint16 * d, const guint8 * const s[3], const int w[3], int n)
{
  pc_stage_rows3 (d, s[0], s[1], s[2], w[0], w[1], w[2], n);
}

/* ORC reads its 16-bit sources aligned: a row at an odd address (a video
 * meta's offset) takes the twin */
void
pc_stage_rows16_orc (gint16 * d, const guint8 * const s[3], const int w[3],
    int shift, int n)
{
  if ((((guintptr) s[0] | (guintptr) s[1] | (guintptr) s[2]) & 1) != 0) {
    pc_stage_rows16_c (d, s, w, shift, n);
    return;
  }
  pc_stage_rows16 (d, (const guint16 *) s[0], (const guint16 *) s[1],
      (const guint16 *) s[2], w[0], w[1], w[2], shift, n);
}

void
pc_stage_round_orc (guint8 * d, const gint16 * s, int shift, int n)
{
  pc_stage_round_by (d, s, 1 << (shift - 1), shift, n);
}
