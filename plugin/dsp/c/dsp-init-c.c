/* pooledconvert
 * The bottom rung of the ladder: every kernel of the context as its
 * plain-C twin, so a rung above that lacks a kernel leaves the twin.
 */

#include "dsp/dsp.h"
#include "dsp/c/kernels-c.h"

static const PcDsp c_twins = {
  .needs_aligned_sources = FALSE,
  .strided_rows_of_3 = FALSE,
  .strided_rows16 = FALSE,
  .rgb_pairs = FALSE,
  .chroma = {
        .chroma_box_2x2 = pc_chroma_box_2x2_c,
        .chroma_box_2x2_weighted = pc_chroma_box_2x2_weighted_c,
        .chroma_avg_v = pc_chroma_avg_v_c,
        .chroma_avg_v_double_h = pc_chroma_avg_v_double_h_c,
        .chroma_weighted_v = pc_chroma_weighted_v_c,
        .chroma_cosited_h = pc_chroma_cosited_h_c,
        .chroma_cosited_h_weighted = pc_chroma_cosited_h_weighted_c,
        .chroma_box_2x2_pairs = pc_chroma_box_2x2_pairs_c,
        .chroma_avg_v_pairs = pc_chroma_avg_v_pairs_c,
        .chroma_cosited_h_pairs = pc_chroma_cosited_h_pairs_c,
        .chroma_avg_v_double_h_pairs = pc_chroma_avg_v_double_h_pairs_c,
      },
  .rgba = {
        .rgba_to_y = pc_rgba_to_y_c,
        .rgba_to_uv = pc_rgba_to_uv_c,
        .rgba_to_uv_cosited_h = pc_rgba_to_uv_cosited_h_c,
        .rgba_to_uv_pairs = pc_rgba_to_uv_pairs_c,
        .rgba_to_uv_cosited_h_pairs = pc_rgba_to_uv_cosited_h_pairs_c,
      },
  .rgb = {
        .rgb4_to_y = pc_rgb4_to_y_c,
        .rgb4_to_uv = pc_rgb4_to_uv_c,
        .rgb24_to_rgb4 = pc_rgb24_to_rgb4_c,
        .rgb24_to_y = pc_rgb24_to_y_c,
        .rgb24_to_uv = pc_rgb24_to_uv_c,
        .rgb24_to_uv_cosited_h = pc_rgb24_to_uv_cosited_h_c,
        .rgb4_to_uv_pairs = pc_rgb4_to_uv_pairs_c,
        .rgb24_to_uv_pairs = pc_rgb24_to_uv_pairs_c,
        .rgb24_to_uv_cosited_h_pairs = pc_rgb24_to_uv_cosited_h_pairs_c,
      },
  .semi_planar = {
        .uv_deinterleave = pc_uv_deinterleave_c,
        .uv_deinterleave_avg_v = pc_uv_deinterleave_avg_v_c,
        .uv_deinterleave_box_2x2 = pc_uv_deinterleave_box_2x2_c,
        .uv_swap_avg_v = pc_uv_swap_avg_v_c,
      },
  .packed = {
        .packed422_to_y = pc_packed422_to_y_c,
        .packed422_to_uv = pc_packed422_to_uv_c,
        .packed422_to_uv_pairs = pc_packed422_to_uv_pairs_c,
        .packed422_to_uv_weighted = pc_packed422_to_uv_weighted_c,
        .packed444_to_y = pc_packed444_to_y_c,
        .packed444_box_2x2 = pc_packed444_box_2x2_c,
        .packed444_cosited_h = pc_packed444_cosited_h_c,
        .packed444_box_2x2_pairs = pc_packed444_box_2x2_pairs_c,
        .packed444_cosited_h_pairs = pc_packed444_cosited_h_pairs_c,
        .gray_remap = pc_gray_remap_c,
        .gray_affine = pc_gray_affine_c,
        .gray_remap_to_u16 = pc_gray_remap_to_u16_c,
        .gray_affine_10 = pc_gray_affine_10_c,
      },
  .u16 = {
        .u16_to_u8 = pc_u16_to_u8_c,
        .u16_remap_to_u8 = pc_u16_remap_to_u8_c,
        .u16_remap_to_u16 = pc_u16_remap_to_u16_c,
        .u16_ayuv64_to_420_box = pc_u16_ayuv64_to_420_box_c,
        .u16_ayuv64_to_420_cosited = pc_u16_ayuv64_to_420_cosited_c,
        .u16_uv_deinterleave_to_u8 = pc_u16_uv_deinterleave_to_u8_c,
        .u16_avg_v_to_u8 = pc_u16_avg_v_to_u8_c,
        .u16_box_2x2_to_u8 = pc_u16_box_2x2_to_u8_c,
        .u16_rows_cosited_h_to_u8 = pc_u16_rows_cosited_h_to_u8_c,
        .u16_rows_box_h_to_u8 = pc_u16_rows_box_h_to_u8_c,
        .u16_rows_to_u8 = pc_u16_rows_to_u8_c,
        .u16_pairs_to_u8 = pc_u16_pairs_to_u8_c,
        .u16_avg_v_pairs_to_u8 = pc_u16_avg_v_pairs_to_u8_c,
      },
  .stage = {
        .stage_rows = pc_stage_rows_c,
        .stage_rows16 = pc_stage_rows16_c,
        .stage_taps_box = pc_stage_taps_box_c,
        .stage_taps_cosited = pc_stage_taps_cosited_c,
        .stage_taps_pair = pc_stage_taps_pair_c,
        .stage_pick = pc_stage_pick_c,
        .stage_matrix = pc_stage_matrix_c,
        .stage_matrix_pairs = pc_stage_matrix_pairs_c,
        .stage_rows_strided = pc_stage_rows_strided_c,
        .stage_rows_pixels = pc_stage_rows_pixels_c,
        .stage_rows16_strided = pc_stage_rows16_strided_c,
        .stage_matrix_bytes = pc_stage_matrix_bytes_c,
        .stage_matrix_words = pc_stage_matrix_words_c,
        .stage_resite_bytes = pc_stage_resite_bytes_c,
        .stage_fold_bytes = pc_stage_fold_bytes_c,
        .stage_chroma_steps = pc_stage_chroma_steps_c,
        .stage_add_steps = pc_stage_add_steps_c,
        .stage_round = pc_stage_round_c,
        .stage_matrix_10 = pc_stage_matrix_10_c,
        .stage_round_10 = pc_stage_round_10_c,
        .stage_keep_10 = pc_stage_keep_10_c,
        .stage_widen_10 = pc_stage_widen_10_c,
        .stage_matrix_dither = pc_stage_matrix_dither_c,
        .stage_round_dither = pc_stage_round_dither_c,
      },
  .output = {
        .uv_interleave = pc_uv_interleave_c,
        .uv_swap = pc_uv_swap_c,
        .uv_interleave_16 = pc_uv_interleave_16_c,
      },
  .unpack = {
        .unpack_word_field = pc_unpack_word_field_c,
        .unpack_v210_y = pc_unpack_v210_y_c,
        .unpack_v210_uv = pc_unpack_v210_uv_c,
        .unpack_packed_uv = pc_unpack_packed_uv_c,
        .unpack_gray10_le32 = pc_unpack_gray10_le32_c,
        .v210_y_to_u8 = pc_v210_y_to_u8_c,
        .v210_uv_avg_v_to_u8 = pc_v210_uv_avg_v_to_u8_c,
        .v210_uv_avg_v_pairs_to_u8 = pc_v210_uv_avg_v_pairs_to_u8_c,
      },
};

void
pc_dsp_init_c (PcDsp * dsp)
{
  *dsp = c_twins;
}
