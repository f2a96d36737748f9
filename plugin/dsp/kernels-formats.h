/* pooledconvert
 * The row kernels of the input formats beyond Y444, Y42B and RGBA, as a
 * table of function pointers per variant, beside the one in kernels.h.
 *
 * A plan takes the table of the same variant as its PcKernels.  Every
 * entry keeps the contract of its plain-C twin in kernels-formats-c.h to
 * the bit.
 */

#ifndef __PC_KERNELS_FORMATS_H__
#define __PC_KERNELS_FORMATS_H__

#include "dsp/kernels.h"

G_BEGIN_DECLS typedef struct
{
  PcKernelVariant variant;
  /* TRUE when every source row must be aligned to the kernel's element
   *size (kernels-formats-c.h lists them) */
  gboolean needs_aligned_sources;
  PcSplitFunc uv_deinterleave;
  PcSplit2Func uv_deinterleave_avg_v;
  PcSplit2Func uv_deinterleave_box_2x2;
  PcPickFunc packed422_to_y;
  PcPick2Func packed422_to_uv;
  PcPick2Func packed422_to_uv_weighted;
  PcPickFunc packed444_to_y;
  PcPick2Func packed444_box_2x2;
  /* twin in kernels-siting-c.h */
  PcPickCositedFunc packed444_cosited_h;
  PcU16Func u16_to_u8;
  PcU16SplitFunc u16_uv_deinterleave_to_u8;
  PcU16ChromaFunc u16_avg_v_to_u8;
  PcU16ChromaFunc u16_box_2x2_to_u8;
  /* twin in kernels-siting-c.h; ORC's table has the twin */
  PcU16RowsFunc u16_rows_cosited_h_to_u8;
  PcRgb4ToYFunc rgb4_to_y;
  PcRgb4ToUvFunc rgb4_to_uv;
  PcWidenFunc rgb24_to_rgb4;
} PcFormatKernels;

/* The table that goes with @variant; NULL when this build or CPU cannot
 * run the variant (as pc_kernels_get). */
const PcFormatKernels *pc_format_kernels_get (PcKernelVariant variant);

G_END_DECLS
#endif /* __PC_KERNELS_FORMATS_H__ */
