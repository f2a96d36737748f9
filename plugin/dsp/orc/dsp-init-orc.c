/* pooledconvert
 * The ORC rung of the ladder: the programs of each family's .orc source
 * (and the wrappers that chain two, wrappers.h) over the C twins.  Without
 * ORC (DISABLE_ORC) the same functions are orcc's backup C code, so the
 * rung still exists and is still tested.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/dsp.h"
#include "dsp/orc/wrappers.h"
#include "dsp/orc/chroma-orc.h"
#include "dsp/orc/rgba-orc.h"
#include "dsp/orc/rgb-orc.h"
#include "dsp/orc/semi-planar-orc.h"
#include "dsp/orc/packed-orc.h"
#include "dsp/orc/u16-orc.h"
#include "dsp/orc/stage-orc.h"
#include "dsp/orc/output-orc.h"

void
pc_dsp_init_orc (PcDsp * dsp)
{
  /* ORC's SIMD code reads each source in naturally aligned elements */
  dsp->needs_aligned_sources = TRUE;

  dsp->chroma.chroma_box_2x2 = pc_chroma_box_2x2;
  dsp->chroma.chroma_box_2x2_weighted = pc_chroma_box_2x2_weighted;
  dsp->chroma.chroma_avg_v = pc_chroma_avg_v;
  dsp->chroma.chroma_avg_v_double_h = pc_chroma_avg_v_double_h_orc;
  dsp->chroma.chroma_weighted_v = pc_chroma_weighted_v;
  dsp->chroma.chroma_box_2x2_pairs = pc_chroma_box_2x2_pairs_orc;
  dsp->chroma.chroma_avg_v_pairs = pc_chroma_avg_v_pairs_orc;
  dsp->chroma.chroma_cosited_h_pairs = pc_chroma_cosited_h_pairs_orc;
  dsp->chroma.chroma_avg_v_double_h_pairs =
      pc_chroma_avg_v_double_h_pairs_orc;

  dsp->rgba.rgba_to_y = pc_rgba_to_y;
  dsp->rgba.rgba_to_uv = pc_rgba_to_uv;

  /* ORC has no 3-byte elements: rgb24_to_rgb4 stays the twin */
  dsp->rgb.rgb4_to_y = pc_rgb4_to_y;
  dsp->rgb.rgb4_to_uv = pc_rgb4_to_uv;

  dsp->semi_planar.uv_deinterleave = pc_uv_deinterleave;
  dsp->semi_planar.uv_deinterleave_avg_v = pc_uv_deinterleave_avg_v;
  dsp->semi_planar.uv_deinterleave_box_2x2 = pc_uv_deinterleave_box_2x2;
  dsp->semi_planar.uv_swap_avg_v = pc_uv_swap_avg_v;

  dsp->packed.packed422_to_y = pc_packed422_to_y;
  dsp->packed.packed422_to_uv = pc_packed422_to_uv;
  dsp->packed.packed422_to_uv_pairs = pc_packed422_to_uv_pairs_orc;
  dsp->packed.packed422_to_uv_weighted = pc_packed422_to_uv_weighted;
  dsp->packed.packed422_to_uv_cosited_v = pc_packed422_to_uv_cosited_v;
  dsp->packed.packed444_to_y = pc_packed444_to_y;
  dsp->packed.packed444_box_2x2 = pc_packed444_box_2x2;

  dsp->u16.u16_to_u8 = pc_u16_to_u8;
  dsp->u16.u16_uv_deinterleave_to_u8 = pc_u16_uv_deinterleave_to_u8;
  dsp->u16.u16_avg_v_to_u8 = pc_u16_avg_v_to_u8;
  dsp->u16.u16_box_2x2_to_u8 = pc_u16_box_2x2_to_u8;
  dsp->u16.u16_pairs_to_u8 = pc_u16_pairs_to_u8;
  dsp->u16.u16_avg_v_pairs_to_u8 = pc_u16_avg_v_pairs_to_u8;

  /* the RGBA and packed 4:4:4 ones are two ORC kernels each, chained
   * through a stack row (orc/wrappers.h); u16_rows_cosited_h_to_u8
   * stays the twin */
  dsp->chroma.chroma_cosited_h = pc_chroma_cosited_h;
  dsp->chroma.chroma_cosited_h_weighted = pc_chroma_cosited_h_weighted;
  dsp->rgba.rgba_to_uv_cosited_h = pc_rgba_to_uv_cosited_h_orc;
  dsp->packed.packed444_cosited_h = pc_packed444_cosited_h_orc;

  /* stage_pick (any stride), stage_taps_cosited (a source one sample to
   * the left, off its element) and stage_taps_pair stay the twins */
  dsp->stage.stage_rows = pc_stage_rows_orc;
  dsp->stage.stage_rows16 = pc_stage_rows16_orc;
  dsp->stage.stage_taps_box = pc_stage_taps_box;
  dsp->stage.stage_matrix = pc_stage_matrix;
  dsp->stage.stage_matrix_pairs = pc_stage_matrix_pairs_orc;
  dsp->stage.stage_round = pc_stage_round_orc;
  dsp->stage.stage_resite_bytes = pc_stage_resite_bytes_orc;
  dsp->stage.stage_fold_bytes = pc_stage_fold_bytes_orc;
  /* the planar layouts in ORC; stage_matrix_words stays the twin */
  dsp->stage.stage_matrix_bytes = pc_stage_matrix_bytes_orc;
  dsp->stage.stage_keep_10 = pc_stage_keep_10_orc;
  dsp->stage.stage_widen_10 = pc_stage_widen_10_orc;
  /* stage_chroma_steps stays the twin */
  dsp->stage.stage_add_steps = pc_stage_add_steps;

  dsp->output.uv_interleave = pc_uv_interleave;
  dsp->output.uv_swap = pc_uv_swap;
}
