/* pooledconvert
 * The variant tables of the format kernels; see kernels-formats.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "kernels-formats.h"
#include "kernels-formats-c.h"
#include "kernels-formats-orc.h"

static const PcFormatKernels c_kernels = {
  PC_KERNELS_C, FALSE,
  pc_uv_deinterleave_c, pc_uv_deinterleave_avg_v_c,
  pc_uv_deinterleave_box_2x2_c, pc_packed422_to_y_c, pc_packed422_to_uv_c,
  pc_packed444_to_y_c, pc_packed444_box_2x2_c, pc_u16_to_u8_c,
  pc_u16_uv_deinterleave_to_u8_c, pc_u16_avg_v_to_u8_c,
  pc_u16_box_2x2_to_u8_c, pc_rgb4_to_y_c, pc_rgb4_to_uv_c,
};

/* Without ORC (DISABLE_ORC) these are orcc's backup C code. */
#define ORC_KERNELS(variant) { \
  variant, TRUE, \
  pc_uv_deinterleave, pc_uv_deinterleave_avg_v, pc_uv_deinterleave_box_2x2, \
  pc_packed422_to_y, pc_packed422_to_uv, pc_packed444_to_y, \
  pc_packed444_box_2x2, pc_u16_to_u8, pc_u16_uv_deinterleave_to_u8, \
  pc_u16_avg_v_to_u8, pc_u16_box_2x2_to_u8, pc_rgb4_to_y, pc_rgb4_to_uv, \
}

static const PcFormatKernels orc_kernels = ORC_KERNELS (PC_KERNELS_ORC);
static const PcFormatKernels avx2_kernels = ORC_KERNELS (PC_KERNELS_AVX2);

static const PcFormatKernels *const tables[PC_KERNELS_N_VARIANTS] = {
  [PC_KERNELS_C] = &c_kernels,
  [PC_KERNELS_ORC] = &orc_kernels,
  [PC_KERNELS_AVX2] = &avx2_kernels,
};

const PcFormatKernels *
pc_format_kernels_get (PcKernelVariant variant)
{
  return (guint) variant < PC_KERNELS_N_VARIANTS ? tables[variant] : NULL;
}
