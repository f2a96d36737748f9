/* pooledconvert
 * The x86 rungs of the ladder.  This file is built without -mavx2: it
 * only stores pointers, and runs before anything knows the CPU has AVX2.
 */

#include "dsp/dsp.h"
#include "dsp/x86/kernels-avx2.h"
#ifdef HAVE_AVX512_KERNELS
#include "dsp/x86/kernels-avx512.h"
#endif

void
pc_dsp_init_x86 (PcDsp * dsp, PcCpuFlags flags)
{
  if (!(flags & PC_CPU_FLAG_AVX2))
    return;

  /* AVX2 overrides every kernel ORC has and loads unaligned */
  dsp->needs_aligned_sources = FALSE;

  dsp->chroma.chroma_box_2x2 = pc_chroma_box_2x2_avx2;
  dsp->chroma.chroma_box_2x2_weighted = pc_chroma_box_2x2_weighted_avx2;
  dsp->chroma.chroma_avg_v = pc_chroma_avg_v_avx2;
  dsp->chroma.chroma_avg_v_double_h = pc_chroma_avg_v_double_h_avx2;
  dsp->chroma.chroma_weighted_v = pc_chroma_weighted_v_avx2;
  dsp->chroma.chroma_box_2x2_pairs = pc_chroma_box_2x2_pairs_avx2;
  dsp->chroma.chroma_avg_v_pairs = pc_chroma_avg_v_pairs_avx2;
  dsp->chroma.chroma_cosited_h_pairs = pc_chroma_cosited_h_pairs_avx2;
  dsp->chroma.chroma_avg_v_double_h_pairs =
      pc_chroma_avg_v_double_h_pairs_avx2;

  dsp->rgba.rgba_to_y = pc_rgba_to_y_avx2;
  dsp->rgba.rgba_to_uv = pc_rgba_to_uv_avx2;

  dsp->rgb.rgb4_to_y = pc_rgb4_to_y_avx2;
  dsp->rgb.rgb4_to_uv = pc_rgb4_to_uv_avx2;
  dsp->rgb.rgb24_to_rgb4 = pc_rgb24_to_rgb4_avx2;
  dsp->rgb.rgb24_to_y = pc_rgb24_to_y_avx2;
  dsp->rgb.rgb24_to_uv = pc_rgb24_to_uv_avx2;
  dsp->rgb.rgb24_to_uv_cosited_h = pc_rgb24_to_uv_cosited_h_avx2;
  dsp->rgb.rgb24_to_uv_cosited_v = pc_rgb24_to_uv_cosited_v_avx2;
  dsp->rgb.rgb24_to_uv_cosited_hv = pc_rgb24_to_uv_cosited_hv_avx2;

  dsp->semi_planar.uv_deinterleave = pc_uv_deinterleave_avx2;
  dsp->semi_planar.uv_deinterleave_avg_v = pc_uv_deinterleave_avg_v_avx2;
  dsp->semi_planar.uv_deinterleave_box_2x2 = pc_uv_deinterleave_box_2x2_avx2;
  dsp->semi_planar.uv_swap_avg_v = pc_uv_swap_avg_v_avx2;

  dsp->packed.packed422_to_y = pc_packed422_to_y_avx2;
  dsp->packed.packed422_to_uv = pc_packed422_to_uv_avx2;
  dsp->packed.packed422_to_uv_pairs = pc_packed422_to_uv_pairs_avx2;
  dsp->packed.packed422_to_uv_weighted = pc_packed422_to_uv_weighted_avx2;
  dsp->packed.packed422_to_uv_cosited_v = pc_packed422_to_uv_cosited_v_avx2;
  dsp->packed.packed444_to_y = pc_packed444_to_y_avx2;
  dsp->packed.packed444_box_2x2 = pc_packed444_box_2x2_avx2;
  dsp->packed.packed444_box_2x2_pairs = pc_packed444_box_2x2_pairs_avx2;

  dsp->u16.u16_to_u8 = pc_u16_to_u8_avx2;
  dsp->u16.u16_ayuv64_to_420_box = pc_u16_ayuv64_to_420_box_avx2;
  dsp->u16.u16_ayuv64_to_420_cosited = pc_u16_ayuv64_to_420_cosited_avx2;
  dsp->u16.u16_ayuv64_to_420_10_box = pc_u16_ayuv64_to_420_10_box_avx2;
  dsp->u16.u16_ayuv64_to_420_10_cosited =
      pc_u16_ayuv64_to_420_10_cosited_avx2;
  dsp->u16.u16_uv_deinterleave_to_u8 = pc_u16_uv_deinterleave_to_u8_avx2;
  dsp->u16.u16_avg_v_to_u8 = pc_u16_avg_v_to_u8_avx2;
  dsp->u16.u16_box_2x2_to_u8 = pc_u16_box_2x2_to_u8_avx2;
  dsp->u16.u16_pairs_to_u8 = pc_u16_pairs_to_u8_avx2;
  dsp->u16.u16_avg_v_pairs_to_u8 = pc_u16_avg_v_pairs_to_u8_avx2;

  dsp->chroma.chroma_cosited_h = pc_chroma_cosited_h_avx2;
  dsp->chroma.chroma_cosited_h_weighted = pc_chroma_cosited_h_weighted_avx2;
  dsp->rgba.rgba_to_uv_cosited_h = pc_rgba_to_uv_cosited_h_avx2;
  dsp->rgba.rgba_to_uv_cosited_v = pc_rgba_to_uv_cosited_v_avx2;
  dsp->rgba.rgba_to_uv_cosited_hv = pc_rgba_to_uv_cosited_hv_avx2;
  dsp->packed.packed444_cosited_h = pc_packed444_cosited_h_avx2;
  dsp->packed.packed444_cosited_h_pairs = pc_packed444_cosited_h_pairs_avx2;
  dsp->packed.gray_affine = pc_gray_affine_avx2;
  dsp->packed.gray_affine_10 = pc_gray_affine_10_avx2;
  dsp->u16.u16_rows_cosited_h_to_u8 = pc_u16_rows_cosited_h_to_u8_avx2;
  dsp->u16.u16_rows_box_h_to_u8 = pc_u16_rows_box_h_to_u8_avx2;
  dsp->u16.u16_rows_to_u8 = pc_u16_rows_to_u8_avx2;

  dsp->stage.stage_rows = pc_stage_rows_avx2;
  dsp->stage.stage_rows16 = pc_stage_rows16_avx2;
  dsp->stage.stage_taps_box = pc_stage_taps_box_avx2;
  dsp->stage.stage_taps_cosited = pc_stage_taps_cosited_avx2;
  dsp->stage.stage_taps_pair = pc_stage_taps_pair_avx2;
  dsp->stage.stage_pick = pc_stage_pick_avx2;
  dsp->stage.stage_matrix = pc_stage_matrix_avx2;
  dsp->stage.stage_matrix_pairs = pc_stage_matrix_pairs_avx2;
  dsp->stage.stage_rows_strided = pc_stage_rows_strided_avx2;
  dsp->strided_rows_of_3 = TRUE;
  dsp->stage.stage_rows_pixels = pc_stage_rows_pixels_avx2;
  dsp->stage.stage_rows16_strided = pc_stage_rows16_strided_avx2;
  dsp->strided_rows16 = TRUE;
  dsp->stage.stage_matrix_bytes = pc_stage_matrix_bytes_avx2;
  dsp->stage.stage_matrix_words = pc_stage_matrix_words_avx2;
  dsp->stage.stage_chroma_steps = pc_stage_chroma_steps_avx2;
  dsp->stage.stage_add_steps = pc_stage_add_steps_avx2;
  dsp->stage.stage_matrix_packed_uv = pc_stage_matrix_packed_uv_avx2;
  dsp->stage.stage_resite_packed_uv = pc_stage_resite_packed_uv_avx2;
  dsp->kernels_ask_ahead = TRUE;
  dsp->stage.stage_round = pc_stage_round_avx2;
  dsp->stage.stage_resite_bytes = pc_stage_resite_bytes_avx2;
  dsp->stage.stage_fold_bytes = pc_stage_fold_bytes_avx2;
  dsp->stage.stage_matrix_10 = pc_stage_matrix_10_avx2;
  dsp->stage.stage_round_10 = pc_stage_round_10_avx2;
  dsp->stage.stage_keep_10 = pc_stage_keep_10_avx2;
  dsp->stage.stage_widen_10 = pc_stage_widen_10_avx2;

  if (flags & PC_CPU_FLAG_FAST_REP_MOVSB)
    dsp->store.copy_row = pc_copy_row_rep_movsb;

  dsp->output.uv_interleave = pc_uv_interleave_avx2;
  dsp->output.uv_interleave_16 = pc_uv_interleave_16_avx2;
  dsp->output.uv_swap = pc_uv_swap_avx2;

  dsp->unpack.unpack_word_field = pc_unpack_word_field_avx2;
  dsp->unpack.unpack_v210_y = pc_unpack_v210_y_avx2;
  dsp->unpack.unpack_v210_uv = pc_unpack_v210_uv_avx2;
  dsp->unpack.unpack_packed_uv = pc_unpack_packed_uv_avx2;
  dsp->unpack.unpack_gray10_le32 = pc_unpack_gray10_le32_avx2;
  dsp->unpack.v210_y_to_u8 = pc_v210_y_to_u8_avx2;
  dsp->unpack.v210_uv_avg_v_to_u8 = pc_v210_uv_avg_v_to_u8_avx2;
  dsp->unpack.v210_uv_avg_v_pairs_to_u8 = pc_v210_uv_avg_v_pairs_to_u8_avx2;

#ifdef HAVE_AVX512_KERNELS
  /* the AVX-512 rung, over AVX2's: only the kernels that measured faster
   * (docs/design.md, "The AVX-512 rung"); the RGB ones gather bytes with
   * vpermb, and those of 3-byte pixels with vpermt2b */
  if (!(flags & PC_CPU_FLAG_AVX512) || !(flags & PC_CPU_FLAG_AVX512_VBMI))
    return;

  dsp->rgba.rgba_to_y = pc_rgba_to_y_avx512;
  dsp->rgba.rgba_to_uv = pc_rgba_to_uv_avx512;

  dsp->rgb.rgb4_to_y = pc_rgb4_to_y_avx512;
  dsp->rgb.rgb4_to_uv = pc_rgb4_to_uv_avx512;
  dsp->rgb.rgb24_to_rgb4 = pc_rgb24_to_rgb4_avx512;
  dsp->rgb.rgb24_to_y = pc_rgb24_to_y_avx512;
  dsp->rgb.rgb24_to_uv = pc_rgb24_to_uv_avx512;
  dsp->rgb.rgb24_to_uv_cosited_h = pc_rgb24_to_uv_cosited_h_avx512;
  dsp->rgb.rgb24_to_uv_cosited_v = pc_rgb24_to_uv_cosited_v_avx512;
  dsp->rgb.rgb24_to_uv_cosited_hv = pc_rgb24_to_uv_cosited_hv_avx512;

  dsp->rgba.rgba_to_uv_cosited_h = pc_rgba_to_uv_cosited_h_avx512;
  dsp->rgba.rgba_to_uv_cosited_v = pc_rgba_to_uv_cosited_v_avx512;
  dsp->rgba.rgba_to_uv_cosited_hv = pc_rgba_to_uv_cosited_hv_avx512;

  dsp->rgb_pairs = TRUE;
  dsp->rgba.rgba_to_uv_pairs = pc_rgba_to_uv_pairs_avx512;
  dsp->rgba.rgba_to_uv_cosited_h_pairs = pc_rgba_to_uv_cosited_h_pairs_avx512;
  dsp->rgb.rgb4_to_uv_pairs = pc_rgb4_to_uv_pairs_avx512;
  dsp->rgb.rgb24_to_uv_pairs = pc_rgb24_to_uv_pairs_avx512;
  dsp->rgb.rgb24_to_uv_cosited_h_pairs = pc_rgb24_to_uv_cosited_h_pairs_avx512;

  dsp->chroma.chroma_cosited_h = pc_chroma_cosited_h_avx512;
  dsp->chroma.chroma_cosited_h_weighted = pc_chroma_cosited_h_weighted_avx512;
  dsp->chroma.chroma_cosited_h_pairs = pc_chroma_cosited_h_pairs_avx512;

  dsp->packed.packed444_to_y = pc_packed444_to_y_avx512;
  dsp->packed.packed444_cosited_h = pc_packed444_cosited_h_avx512;
  dsp->packed.packed444_cosited_h_pairs = pc_packed444_cosited_h_pairs_avx512;

  dsp->unpack.v210_y_to_u8 = pc_v210_y_to_u8_avx512;

  dsp->stage.stage_fold_bytes = pc_stage_fold_bytes_avx512;
  dsp->stage.stage_matrix_bytes = pc_stage_matrix_bytes_avx512;
  dsp->stage.stage_chroma_steps = pc_stage_chroma_steps_avx512;
  dsp->stage.stage_fold_matrix = pc_stage_fold_matrix_avx512;
  dsp->stage.stage_fold_matrix16 = pc_stage_fold_matrix16_avx512;
  dsp->stage.stage_rows_matrix = pc_stage_rows_matrix_avx512;
  dsp->stage.stage_block_matrix = pc_stage_block_matrix_avx512;
  dsp->stage.stage_block_matrix16 = pc_stage_block_matrix16_avx512;
  dsp->stage.stage_block_fold16 = pc_stage_block_fold16_avx512;
  dsp->fuses_matrix = TRUE;
  dsp->stage.stage_resite_pairs = pc_stage_resite_pairs_avx512;
  dsp->stage.stage_resite_pairs16 = pc_stage_resite_pairs16_avx512;
  dsp->stage.stage_resite_words = pc_stage_resite_words_avx512;
  dsp->resites_pairs = TRUE;
#endif
}

/* The rung of PC_STORES_STREAMING_LUMA, over the AVX2 (or AVX-512)
 * context: the streaming variants of the kernels that write only the
 * output frame's own rows, never a scratch (the row copy, the luma-only
 * kernels, the output stage's interleaves). */
void
pc_dsp_init_x86_streaming_luma (PcDsp * dsp, PcCpuFlags flags)
{
  if (!(flags & PC_CPU_FLAG_AVX2))
    return;

  dsp->stores = PC_STORES_STREAMING_LUMA;
  dsp->packed.packed422_to_y = pc_packed422_to_y_stream_avx2;
  dsp->packed.packed444_to_y = pc_packed444_to_y_stream_avx2;
  dsp->stage.stage_keep_10 = pc_stage_keep_10_stream_avx2;
  dsp->stage.stage_widen_10 = pc_stage_widen_10_stream_avx2;
  dsp->stage.stage_add_steps = pc_stage_add_steps_stream_avx2;

  /* rep movsb measured faster than streaming stores at 4K too */
  if (!(flags & PC_CPU_FLAG_FAST_REP_MOVSB))
    dsp->store.copy_row = pc_copy_row_stream_avx2;

  dsp->output.uv_interleave = pc_uv_interleave_stream_avx2;
  dsp->output.uv_interleave_16 = pc_uv_interleave_16_stream_avx2;
  dsp->output.uv_swap = pc_uv_swap_stream_avx2;

#ifdef HAVE_AVX512_KERNELS
  if (!(flags & PC_CPU_FLAG_AVX512) || !(flags & PC_CPU_FLAG_AVX512_VBMI))
    return;
  dsp->packed.packed444_to_y = pc_packed444_to_y_stream_avx512;
  dsp->stage.stage_block_matrix = pc_stage_block_matrix_stream_luma_avx512;
  dsp->stage.stage_block_matrix16 = pc_stage_block_matrix16_stream_luma_avx512;
  dsp->stage.stage_block_fold16 = pc_stage_block_fold16_stream_luma_avx512;
  dsp->rgba.rgba_to_y = pc_rgba_to_y_stream_avx512;
  dsp->rgb.rgb4_to_y = pc_rgb4_to_y_stream_avx512;
  dsp->rgb.rgb24_to_y = pc_rgb24_to_y_stream_avx512;
#endif
}

/* The streaming rung, over the AVX2 (or AVX-512) context: the kernels that
 * write the rows of memory-bound conversions store around the cache, the
 * streaming-luma rung's and those that write chroma. */
void
pc_dsp_init_x86_streaming (PcDsp * dsp, PcCpuFlags flags)
{
  if (!(flags & PC_CPU_FLAG_AVX2))
    return;

  pc_dsp_init_x86_streaming_luma (dsp, flags);
  dsp->stores = PC_STORES_STREAMING;
  dsp->chroma.chroma_box_2x2 = pc_chroma_box_2x2_stream_avx2;
  dsp->chroma.chroma_box_2x2_weighted = pc_chroma_box_2x2_weighted_stream_avx2;
  dsp->chroma.chroma_avg_v = pc_chroma_avg_v_stream_avx2;
  dsp->chroma.chroma_cosited_h = pc_chroma_cosited_h_stream_avx2;
  dsp->chroma.chroma_box_2x2_pairs = pc_chroma_box_2x2_pairs_stream_avx2;
  dsp->chroma.chroma_avg_v_pairs = pc_chroma_avg_v_pairs_stream_avx2;
  dsp->chroma.chroma_cosited_h_pairs = pc_chroma_cosited_h_pairs_stream_avx2;
  dsp->chroma.chroma_avg_v_double_h_pairs =
      pc_chroma_avg_v_double_h_pairs_stream_avx2;

  dsp->semi_planar.uv_deinterleave = pc_uv_deinterleave_stream_avx2;
  dsp->semi_planar.uv_deinterleave_avg_v = pc_uv_deinterleave_avg_v_stream_avx2;
  dsp->semi_planar.uv_deinterleave_box_2x2 =
      pc_uv_deinterleave_box_2x2_stream_avx2;
  dsp->semi_planar.uv_swap_avg_v = pc_uv_swap_avg_v_stream_avx2;
  dsp->u16.u16_pairs_to_u8 = pc_u16_pairs_to_u8_stream_avx2;
  dsp->u16.u16_avg_v_pairs_to_u8 = pc_u16_avg_v_pairs_to_u8_stream_avx2;

  dsp->stage.stage_matrix = pc_stage_matrix_stream_avx2;
  dsp->stage.stage_matrix_pairs = pc_stage_matrix_pairs_stream_avx2;
  dsp->stage.stage_round = pc_stage_round_stream_avx2;
  dsp->stage.stage_resite_bytes = pc_stage_resite_bytes_stream_avx2;
  dsp->stage.stage_fold_bytes = pc_stage_fold_bytes_stream_avx2;
  dsp->stage.stage_matrix_10 = pc_stage_matrix_10_stream_avx2;
  dsp->stage.stage_round_10 = pc_stage_round_10_stream_avx2;
  dsp->stage.stage_matrix_bytes = pc_stage_matrix_bytes_stream_avx2;
  dsp->stage.stage_matrix_words = pc_stage_matrix_words_stream_avx2;

  dsp->packed.packed422_to_uv = pc_packed422_to_uv_stream_avx2;
  dsp->packed.packed422_to_uv_pairs = pc_packed422_to_uv_pairs_stream_avx2;
  dsp->packed.packed444_box_2x2 = pc_packed444_box_2x2_stream_avx2;
  dsp->packed.packed444_cosited_h = pc_packed444_cosited_h_stream_avx2;
  dsp->packed.packed444_box_2x2_pairs = pc_packed444_box_2x2_pairs_stream_avx2;
  dsp->packed.packed444_cosited_h_pairs =
      pc_packed444_cosited_h_pairs_stream_avx2;

#ifdef HAVE_AVX512_KERNELS
  if (!(flags & PC_CPU_FLAG_AVX512) || !(flags & PC_CPU_FLAG_AVX512_VBMI))
    return;
  dsp->stage.stage_fold_bytes = pc_stage_fold_bytes_stream_avx512;
  dsp->stage.stage_matrix_bytes = pc_stage_matrix_bytes_stream_avx512;
  dsp->stage.stage_fold_matrix = pc_stage_fold_matrix_stream_avx512;
  dsp->stage.stage_fold_matrix16 = pc_stage_fold_matrix16_stream_avx512;
  dsp->stage.stage_rows_matrix = pc_stage_rows_matrix_stream_avx512;
  dsp->stage.stage_block_matrix = pc_stage_block_matrix_stream_avx512;
  dsp->stage.stage_block_matrix16 = pc_stage_block_matrix16_stream_avx512;
  dsp->stage.stage_block_fold16 = pc_stage_block_fold16_stream_avx512;
  dsp->stage.stage_resite_pairs = pc_stage_resite_pairs_stream_avx512;
  dsp->stage.stage_resite_pairs16 = pc_stage_resite_pairs16_stream_avx512;
  dsp->stage.stage_resite_words = pc_stage_resite_words_stream_avx512;
  dsp->chroma.chroma_cosited_h = pc_chroma_cosited_h_stream_avx512;
  dsp->chroma.chroma_cosited_h_pairs =
      pc_chroma_cosited_h_pairs_stream_avx512;
  dsp->packed.packed444_cosited_h = pc_packed444_cosited_h_stream_avx512;
  dsp->packed.packed444_cosited_h_pairs =
      pc_packed444_cosited_h_pairs_stream_avx512;
  dsp->rgba.rgba_to_uv = pc_rgba_to_uv_stream_avx512;
  dsp->rgba.rgba_to_uv_cosited_h = pc_rgba_to_uv_cosited_h_stream_avx512;
  dsp->rgb.rgb4_to_uv = pc_rgb4_to_uv_stream_avx512;
  dsp->rgb.rgb24_to_uv = pc_rgb24_to_uv_stream_avx512;
  dsp->rgb.rgb24_to_uv_cosited_h = pc_rgb24_to_uv_cosited_h_stream_avx512;
  dsp->rgba.rgba_to_uv_pairs = pc_rgba_to_uv_pairs_stream_avx512;
  dsp->rgba.rgba_to_uv_cosited_h_pairs =
      pc_rgba_to_uv_cosited_h_pairs_stream_avx512;
  dsp->rgb.rgb4_to_uv_pairs = pc_rgb4_to_uv_pairs_stream_avx512;
  dsp->rgb.rgb24_to_uv_pairs = pc_rgb24_to_uv_pairs_stream_avx512;
  dsp->rgb.rgb24_to_uv_cosited_h_pairs =
      pc_rgb24_to_uv_cosited_h_pairs_stream_avx512;
#endif
}
