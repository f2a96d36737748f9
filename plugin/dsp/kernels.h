/* pooledconvert
 * The row kernels as a table of function pointers, one table per variant.
 *
 * Every variant of a kernel keeps the contract of its plain-C twin in
 * kernels-c.h to the bit, so the choice of variant changes speed only.
 * The choice is made once per process: the best variant this CPU runs, or
 * the one named by the environment variable PC_KERNELS (c, orc or avx2),
 * which tests, CI and the benchmark use to exercise each of them.  The
 * conversion plan reads the table once per caps.
 */

#ifndef __PC_KERNELS_H__
#define __PC_KERNELS_H__

#include "dsp/dsp.h"

G_BEGIN_DECLS typedef struct
{
  PcKernelVariant variant;
  const gchar *name;
  /* TRUE when every source row must be aligned to the kernel's element
   * size (ORC's SIMD code assumes it; see kernels-c.h) */
  gboolean needs_aligned_sources;
  PcChromaFunc chroma_box_2x2;
  PcChromaFunc chroma_avg_v;
  PcChromaFunc chroma_weighted_v;
  PcRgbaToYFunc rgba_to_y;
  PcRgbaToUvFunc rgba_to_uv;
  PcCositedFunc chroma_cosited_h;
  PcRgbaToUvCositedFunc rgba_to_uv_cosited_h;
  /* interlaced fields: 3/4 from the nearer row */
  PcChromaFunc chroma_box_2x2_weighted;
  PcCositedFunc chroma_cosited_h_weighted;
} PcKernels;

/* The table of @variant, or NULL when this build or CPU cannot run it. */
const PcKernels *pc_kernels_get (PcKernelVariant variant);

/* The fastest variant this build and CPU run. */
PcKernelVariant pc_kernels_best (void);

/* What PC_KERNELS=@forced selects (@forced may be NULL: the best).  An
 * unknown or unsupported name selects the best, and *@warning (when not
 * NULL) gets a message to show; otherwise it is set to NULL. */
PcKernelVariant pc_kernels_choose (const gchar * forced, gchar ** warning);

/* The process's choice: pc_kernels_choose (PC_KERNELS), made once; an
 * unknown or unsupported name is reported on stderr. */
const PcKernels *pc_kernels_default (void);

const gchar *pc_kernels_variant_name (PcKernelVariant variant);

G_END_DECLS
#endif /* __PC_KERNELS_H__ */
