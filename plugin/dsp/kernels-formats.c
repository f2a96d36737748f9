/* pooledconvert
 * The variant tables of the format kernels; see kernels-formats.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/kernels-formats.h"
#include "dsp/c/kernels-formats-c.h"
#include "dsp/orc/kernels-formats-orc.h"
#include "dsp/c/kernels-siting-c.h"
#ifdef HAVE_AVX2_KERNELS
#include "dsp/x86/kernels-formats-avx2.h"
#include "dsp/x86/kernels-avx2.h"
#endif

static const PcFormatKernels c_kernels = {
  PC_KERNELS_C, FALSE,
  pc_uv_deinterleave_c, pc_uv_deinterleave_avg_v_c,
  pc_uv_deinterleave_box_2x2_c, pc_packed422_to_y_c, pc_packed422_to_uv_c,
  pc_packed422_to_uv_weighted_c,
  pc_packed444_to_y_c, pc_packed444_box_2x2_c, pc_packed444_cosited_h_c,
  pc_u16_to_u8_c,
  pc_u16_uv_deinterleave_to_u8_c, pc_u16_avg_v_to_u8_c,
  pc_u16_box_2x2_to_u8_c, pc_u16_rows_cosited_h_to_u8_c, pc_rgb4_to_y_c,
  pc_rgb4_to_uv_c,
  pc_rgb24_to_rgb4_c,
};

/* Without ORC (DISABLE_ORC) these are orcc's backup C code. */
static const PcFormatKernels orc_kernels = {
  PC_KERNELS_ORC, TRUE,
  pc_uv_deinterleave, pc_uv_deinterleave_avg_v, pc_uv_deinterleave_box_2x2,
  pc_packed422_to_y, pc_packed422_to_uv, pc_packed422_to_uv_weighted,
  pc_packed444_to_y,
  pc_packed444_box_2x2, pc_packed444_cosited_h_orc, pc_u16_to_u8,
  pc_u16_uv_deinterleave_to_u8,
  pc_u16_avg_v_to_u8, pc_u16_box_2x2_to_u8, pc_u16_rows_cosited_h_to_u8_c,
  pc_rgb4_to_y, pc_rgb4_to_uv,
  pc_rgb24_to_rgb4_c,
};

#ifdef HAVE_AVX2_KERNELS
static const PcFormatKernels avx2_kernels = {
  PC_KERNELS_AVX2, FALSE,
  pc_uv_deinterleave_avx2, pc_uv_deinterleave_avg_v_avx2,
  pc_uv_deinterleave_box_2x2_avx2, pc_packed422_to_y_avx2,
  pc_packed422_to_uv_avx2, pc_packed422_to_uv_weighted_avx2,
  pc_packed444_to_y_avx2,
  pc_packed444_box_2x2_avx2, pc_packed444_cosited_h_avx2, pc_u16_to_u8_avx2,
  pc_u16_uv_deinterleave_to_u8_avx2, pc_u16_avg_v_to_u8_avx2,
  pc_u16_box_2x2_to_u8_avx2, pc_u16_rows_cosited_h_to_u8_avx2,
  pc_rgb4_to_y_avx2, pc_rgb4_to_uv_avx2,
  pc_rgb24_to_rgb4_avx2,
};
#endif

const PcFormatKernels *
pc_format_kernels_get (PcKernelVariant variant)
{
  if (pc_kernels_get (variant) == NULL)
    return NULL;
  switch (variant) {
    case PC_KERNELS_C:
      return &c_kernels;
    case PC_KERNELS_ORC:
      return &orc_kernels;
#ifdef HAVE_AVX2_KERNELS
    case PC_KERNELS_AVX2:
      return &avx2_kernels;
#endif
    default:
      return NULL;
  }
}
