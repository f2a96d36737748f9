/* pooledconvert
 * The ladder that fills a context, the CPU's flags, and the one-time
 * choice of the process's tier; see dsp.h.
 */

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "dsp/dsp.h"

#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <xmmintrin.h>
#endif

static const gchar *const tier_names[PC_KERNELS_N_VARIANTS] = {
  [PC_KERNELS_C] = "c",
  [PC_KERNELS_ORC] = "orc",
  [PC_KERNELS_AVX2] = "avx2",
  [PC_KERNELS_AVX512] = "avx512",
};

static const gchar *const stores_names[PC_STORES_N_KINDS] = {
  [PC_STORES_NORMAL] = "normal",
  [PC_STORES_STREAMING] = "streaming",
  [PC_STORES_STREAMING_LUMA] = "streaming-luma",
};

const gchar *
pc_dsp_stores_name (PcStores stores)
{
  g_return_val_if_fail (stores < PC_STORES_N_KINDS, NULL);
  return stores_names[stores];
}

/* The twin of the row copy. */
static void
copy_row_c (guint8 * d, const guint8 * s, int n)
{
  memcpy (d, s, n);
}

void
pc_dsp_store_fence (void)
{
#if defined(__x86_64__) && defined(__GNUC__)
  _mm_sfence ();
#endif
}

const gchar *
pc_dsp_tier_name (PcKernelVariant tier)
{
  g_return_val_if_fail (tier < PC_KERNELS_N_VARIANTS, NULL);
  return tier_names[tier];
}

#if defined(__x86_64__) && defined(__GNUC__)
/* The AVX-512 flags from cpuid, kept only when the OS saves the state
 * they need: a CPU may have AVX-512 that the kernel leaves off, and then
 * its instructions fault.  XCR0 must enable SSE, AVX (YMM), the opmask
 * registers and both halves of the ZMM state. */
static PcCpuFlags
avx512_flags (void)
{
  const guint xcr0_avx512 = (1 << 1) | (1 << 2) | (1 << 5) | (1 << 6) |
      (1 << 7);
  const guint leaf7_ebx_f_bw_vl = (1u << 16) | (1u << 30) | (1u << 31);
  guint eax, ebx, ecx, edx, xcr0_low, xcr0_high;
  PcCpuFlags flags = 0;

  if (!__get_cpuid (1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE))
    return 0;
  /* xgetbv without -mxsave: the instruction itself, XCR0 is register 0 */
  __asm__ volatile ("xgetbv":"=a" (xcr0_low), "=d" (xcr0_high):"c" (0));
  (void) xcr0_high;
  if ((xcr0_low & xcr0_avx512) != xcr0_avx512)
    return 0;
  if (!__get_cpuid_count (7, 0, &eax, &ebx, &ecx, &edx))
    return 0;
  if ((ebx & leaf7_ebx_f_bw_vl) != leaf7_ebx_f_bw_vl)
    return 0;
  flags |= PC_CPU_FLAG_AVX512;
  if (ecx & bit_AVX512VBMI)
    flags |= PC_CPU_FLAG_AVX512_VBMI;
  return flags;
}

/* ERMS (leaf 7, EBX bit 9) and FSRM (EDX bit 4): with both, rep movsb
 * copies a plane faster than glibc's memcpy and than streaming stores
 * (docs/design.md, "Plane copies"). */
static PcCpuFlags
rep_movsb_flags (void)
{
  guint eax, ebx, ecx, edx;

  if (!__get_cpuid_count (7, 0, &eax, &ebx, &ecx, &edx))
    return 0;
  return (ebx & (1u << 9)) && (edx & (1u << 4)) ?
      PC_CPU_FLAG_FAST_REP_MOVSB : 0;
}
#endif

PcCpuFlags
pc_dsp_cpu_flags (void)
{
  PcCpuFlags flags = 0;

#if defined(__x86_64__) && defined(__GNUC__)
  /* the compiler's cpuid check; initialised before main by libgcc */
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("avx2"))
    flags |= PC_CPU_FLAG_AVX2;
  /* the AVX-512 rung sits over AVX2's */
  if (flags & PC_CPU_FLAG_AVX2)
    flags |= avx512_flags ();
  flags |= rep_movsb_flags ();
#endif
  return flags;
}

gboolean
pc_dsp_cpu_prefetch_pays (void)
{
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init ();
  return __builtin_cpu_is ("intel");
#else
  return FALSE;
#endif
}

/* Whether this build has @tier's code and this CPU runs it. */
static gboolean
tier_available (PcKernelVariant tier, PcCpuFlags flags)
{
  switch (tier) {
    case PC_KERNELS_C:
    case PC_KERNELS_ORC:
      /* without ORC, orcc's backup C: the tier still exists */
      return TRUE;
    case PC_KERNELS_AVX2:
#ifdef HAVE_AVX2_KERNELS
      return (flags & PC_CPU_FLAG_AVX2) != 0;
#else
      return FALSE;
#endif
    case PC_KERNELS_AVX512:
#ifdef HAVE_AVX512_KERNELS
      return (flags & PC_CPU_FLAG_AVX512) != 0;
#else
      return FALSE;
#endif
    default:
      return FALSE;
  }
}

static void
run_ladder (PcDsp * dsp, PcKernelVariant tier, PcCpuFlags flags,
    PcStores stores)
{
  pc_dsp_init_c (dsp);
  dsp->stores = PC_STORES_NORMAL;
  dsp->store.copy_row = copy_row_c;
  if (tier >= PC_KERNELS_ORC)
    pc_dsp_init_orc (dsp);
#ifdef HAVE_AVX2_KERNELS
  /* the AVX2 tier's contexts get no AVX-512 kernel */
  if (tier == PC_KERNELS_AVX2)
    flags &= ~(PC_CPU_FLAG_AVX512 | PC_CPU_FLAG_AVX512_VBMI);
  if (tier >= PC_KERNELS_AVX2)
    pc_dsp_init_x86 (dsp, flags);
  if (tier >= PC_KERNELS_AVX2 && stores == PC_STORES_STREAMING)
    pc_dsp_init_x86_streaming (dsp, flags);
  if (tier >= PC_KERNELS_AVX2 && stores == PC_STORES_STREAMING_LUMA)
    pc_dsp_init_x86_streaming_luma (dsp, flags);
#else
  (void) stores;
  (void) flags;
#endif
  dsp->tier = tier;
  dsp->name = tier_names[tier];
}

const PcDsp *
pc_dsp_get_stores (PcKernelVariant tier, PcStores stores)
{
  static PcDsp contexts[PC_KERNELS_N_VARIANTS][PC_STORES_N_KINDS];
  static gsize filled = 0;
  const PcDsp *dsp;

  if (tier >= PC_KERNELS_N_VARIANTS || stores >= PC_STORES_N_KINDS)
    return NULL;
  if (g_once_init_enter (&filled)) {
    PcCpuFlags flags = pc_dsp_cpu_flags ();
    guint i, k;

    for (i = 0; i < PC_KERNELS_N_VARIANTS; i++) {
      if (!tier_available (i, flags))
        continue;
      for (k = 0; k < PC_STORES_N_KINDS; k++)
        run_ladder (&contexts[i][k], i, flags, k);
    }
    g_once_init_leave (&filled, 1);
  }
  dsp = &contexts[tier][stores];
  /* an unavailable tier's context was never filled */
  if (dsp->name == NULL)
    return NULL;
  /* a tier that has no streaming kernels: one context */
  return dsp->stores == stores ? dsp : &contexts[tier][PC_STORES_NORMAL];
}

const PcDsp *
pc_dsp_get (PcKernelVariant tier)
{
  return pc_dsp_get_stores (tier, PC_STORES_NORMAL);
}

const PcDsp *
pc_dsp_with_stores (const PcDsp * dsp, PcStores stores)
{
  return pc_dsp_get_stores (dsp->tier, stores);
}

PcKernelVariant
pc_dsp_choose (const gchar * forced, gchar ** warning)
{
  PcKernelVariant best = PC_KERNELS_N_VARIANTS - 1;
  guint i;

  while (pc_dsp_get (best) == NULL)
    best--;
  if (warning != NULL)
    *warning = NULL;
  if (forced == NULL || *forced == '\0')
    return best;

  for (i = 0; i < PC_KERNELS_N_VARIANTS; i++) {
    if (g_ascii_strcasecmp (forced, tier_names[i]) != 0)
      continue;
    if (pc_dsp_get (i) != NULL)
      return i;
    if (warning != NULL)
      *warning = g_strdup_printf ("PC_KERNELS=%s: this build or CPU cannot "
          "run it; using %s", forced, tier_names[best]);
    return best;
  }

  if (warning != NULL)
    *warning = g_strdup_printf ("PC_KERNELS=%s is not one of c, orc, avx2, "
        "avx512; using %s", forced, tier_names[best]);
  return best;
}

const PcDsp *
pc_dsp_default (void)
{
  static gsize chosen = 0;

  if (g_once_init_enter (&chosen)) {
    gchar *warning;
    PcKernelVariant tier = pc_dsp_choose (g_getenv ("PC_KERNELS"), &warning);

    /* a developer's setting, not a stream error: stderr, once */
    if (warning != NULL)
      g_printerr ("pooledconvert: %s\n", warning);
    g_free (warning);
    g_once_init_leave (&chosen, (gsize) pc_dsp_get (tier));
  }
  return (const PcDsp *) chosen;
}
