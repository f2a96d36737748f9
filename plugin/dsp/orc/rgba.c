/* pooledconvert
 * The rgba family's ORC wrapper: co-sited RGBA chroma as its two ORC
 * programs chained; see wrappers.h.
 */

#include "dsp/orc/wrappers.h"
#include "dsp/c/cosited-sums.h"
#include "dsp/orc/rgba-orc.h"

void
pc_rgba_to_uv_cosited_h_orc (guint8 * u, guint8 * v, const guint8 * s1,
    const guint8 * p1, const guint8 * s2, const guint8 * p2, int ur, int ug,
    int ub, int vr, int vg, int vb, int n)
{
  rgba_to_uv_cosited_h_with (pc_rgba_sum_cosited_h, pc_rgb_sums_to_uv, u, v,
      s1, p1, s2, p2, ur, ug, ub, vr, vg, vb, n);
}
