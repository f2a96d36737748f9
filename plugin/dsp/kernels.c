/* pooledconvert
 * The kernel variant tables and the one-time choice between them.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/kernels.h"
#include "dsp/c/kernels-c.h"
#include "dsp/orc/kernels-orc.h"
#include "dsp/c/kernels-siting-c.h"
#include "dsp/orc/kernels-siting-orc.h"
#ifdef HAVE_AVX2_KERNELS
#include "dsp/x86/kernels-avx2.h"
#endif

static const gchar *const variant_names[PC_KERNELS_N_VARIANTS] = {
  "c", "orc", "avx2"
};

static const PcKernels c_kernels = {
  PC_KERNELS_C, "c", FALSE,
  pc_chroma_box_2x2_c, pc_chroma_avg_v_c, pc_chroma_weighted_v_c,
  pc_rgba_to_y_c, pc_rgba_to_uv_c,
  pc_chroma_cosited_h_c, pc_rgba_to_uv_cosited_h_c,
  pc_chroma_box_2x2_weighted_c, pc_chroma_cosited_h_weighted_c,
};

/* Without ORC (DISABLE_ORC) these are orcc's backup C code: the same
 * functions, so the variant still exists and is still tested. */
static const PcKernels orc_kernels = {
  PC_KERNELS_ORC, "orc", TRUE,
  pc_chroma_box_2x2, pc_chroma_avg_v, pc_chroma_weighted_v, pc_rgba_to_y,
  pc_rgba_to_uv,
  pc_chroma_cosited_h, pc_rgba_to_uv_cosited_h_orc,
  pc_chroma_box_2x2_weighted, pc_chroma_cosited_h_weighted,
};

#ifdef HAVE_AVX2_KERNELS
static const PcKernels avx2_kernels = {
  PC_KERNELS_AVX2, "avx2", FALSE,
  pc_chroma_box_2x2_avx2, pc_chroma_avg_v_avx2, pc_chroma_weighted_v_avx2,
  pc_rgba_to_y_avx2,
  pc_rgba_to_uv_avx2, pc_chroma_cosited_h_avx2, pc_rgba_to_uv_cosited_h_avx2,
  pc_chroma_box_2x2_weighted_avx2, pc_chroma_cosited_h_weighted_avx2,
};
#endif

const gchar *
pc_kernels_variant_name (PcKernelVariant variant)
{
  g_return_val_if_fail (variant < PC_KERNELS_N_VARIANTS, NULL);
  return variant_names[variant];
}

const PcKernels *
pc_kernels_get (PcKernelVariant variant)
{
  switch (variant) {
    case PC_KERNELS_C:
      return &c_kernels;
    case PC_KERNELS_ORC:
      return &orc_kernels;
    case PC_KERNELS_AVX2:
#ifdef HAVE_AVX2_KERNELS
      /* the compiler's cpuid check; initialised before main by libgcc */
      __builtin_cpu_init ();
      if (__builtin_cpu_supports ("avx2"))
        return &avx2_kernels;
#endif
      return NULL;
    default:
      return NULL;
  }
}

PcKernelVariant
pc_kernels_best (void)
{
  if (pc_kernels_get (PC_KERNELS_AVX2) != NULL)
    return PC_KERNELS_AVX2;
  return PC_KERNELS_ORC;
}

PcKernelVariant
pc_kernels_choose (const gchar * forced, gchar ** warning)
{
  PcKernelVariant best = pc_kernels_best ();
  guint i;

  if (warning != NULL)
    *warning = NULL;
  if (forced == NULL || *forced == '\0')
    return best;

  for (i = 0; i < PC_KERNELS_N_VARIANTS; i++) {
    if (g_ascii_strcasecmp (forced, variant_names[i]) != 0)
      continue;
    if (pc_kernels_get (i) != NULL)
      return i;
    if (warning != NULL)
      *warning = g_strdup_printf ("PC_KERNELS=%s: this build or CPU cannot "
          "run it; using %s", forced, variant_names[best]);
    return best;
  }

  if (warning != NULL)
    *warning = g_strdup_printf ("PC_KERNELS=%s is not one of c, orc, avx2; "
        "using %s", forced, variant_names[best]);
  return best;
}

const PcKernels *
pc_kernels_default (void)
{
  static gsize chosen = 0;

  if (g_once_init_enter (&chosen)) {
    gchar *warning;
    PcKernelVariant variant =
        pc_kernels_choose (g_getenv ("PC_KERNELS"), &warning);

    /* a developer's setting, not a stream error: stderr, once */
    if (warning != NULL)
      g_printerr ("pooledconvert: %s\n", warning);
    g_free (warning);
    g_once_init_leave (&chosen, (gsize) pc_kernels_get (variant));
  }
  return (const PcKernels *) chosen;
}
