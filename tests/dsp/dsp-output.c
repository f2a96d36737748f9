/* pooledconvert tests
 * The output family's kernels (dsp/dsp.h's PcDspOutput): descriptors and
 * their formulas.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "checkdsp.h"

static void
call_uv_interleave (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->output.uv_interleave (d[0], s[0], s[1], n);
}

static void
call_uv_swap (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->output.uv_swap (d[0], s[0], n);
}

static void
call_uv_interleave_16 (const PcDsp * k, guint8 ** d, const guint8 ** s,
    const gint * p, gint n)
{
  k->output.uv_interleave_16 (d[0], s[0], s[1], n);
}

/* byte i of the P010_10LE row: the bytes of U's word of pair i / 4, then
 * V's */
static gint
expect_uv_interleave_16 (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[(i / 2) % 2][2 * (i / 4) + i % 2];
}

/* byte i of the NV12 row: U of pair i / 2, then its V */
static gint
expect_uv_interleave (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[i % 2][i / 2];
}

/* byte i of the NV12 row from NV21's: the other byte of its pair */
static gint
expect_uv_swap (const guint8 ** s, const gint * p, guint dest, gint i)
{
  return s[0][i ^ 1];
}

const DspKernel dsp_output_kernels[] = {
  {"uv_interleave", "output", DSP_OFFSET (output.uv_interleave), 1, 2, 1, 0,
      2, FALSE, call_uv_interleave, NULL, expect_uv_interleave},
  {"uv_swap", "output", DSP_OFFSET (output.uv_swap), 1, 1, 2, 0, 2, FALSE,
      call_uv_swap, NULL, expect_uv_swap},
  {"uv_interleave_16", "output", DSP_OFFSET (output.uv_interleave_16), 1, 2,
      2, 0, 4, TRUE, call_uv_interleave_16, NULL, expect_uv_interleave_16},
};

const guint dsp_n_output_kernels = G_N_ELEMENTS (dsp_output_kernels);
