/* pooledconvert tests
 * The kernel runner's descriptor: one per kernel of PcDsp (dsp/dsp.h),
 * saying how to make its inputs, how to call it through a context, and
 * what its C twin must give, from a formula written here.
 */

#ifndef __CHECKDSP_H__
#define __CHECKDSP_H__

#include <math.h>

#include <glib.h>

#include "dsp/dsp.h"

G_BEGIN_DECLS
#define DSP_MAX_DESTS 4
#define DSP_MAX_SOURCES 8
#define DSP_MAX_PARAMS 14
/* The scalar arguments of one call, in the order the kernel takes them. */
    typedef struct
{
  gint p[DSP_MAX_PARAMS];
} DspParams;

/* @s: the source blocks (each starting @lead bytes before sample 0's),
 * @d: the destination rows, @n: outputs. */
typedef void (*DspCallFunc) (const PcDsp * dsp, guint8 ** d,
    const guint8 ** s, const gint * p, gint n);

/* Byte @i of destination @dest as the C twin's contract defines it,
 * computed from the sources without the code under test (the call's
 * width in dsp_formula_width, for the formulas whose edges need it). */
typedef gint (*DspExpectFunc) (const guint8 ** s, const gint * p, guint dest,
    gint i);

/* The parameter sets a kernel is run with; NULL: one set of zeros. */
typedef GArray *(*DspParamsFunc) (void);

typedef struct
{
  const gchar *name;
  const gchar *family;
  /* where the kernel's pointer lies in PcDsp */
  gsize offset;
  guint n_dests;
  guint n_sources;
  /* source bytes per output sample; an aligned tier gets sources at
   * multiples of it */
  guint element;
  /* bytes a source holds before sample 0's (the co-sited kernels read the
   * pair or sample to the left) */
  guint lead;
  /* bytes written per output sample: 1 but for the widening kernel */
  guint out_bytes;
  /* the sources are 16-bit samples: also filled with 16-bit extremes and
   * 10-bit values */
  gboolean samples16;
  DspCallFunc call;
  DspParamsFunc params;
  DspExpectFunc expect;
  /* when not NULL: the source bytes per output sample for parameters @p,
   * for a kernel whose layouts read more than others (element is then
   * the most); each layout gets sources that hold only what it reads */
    guint (*element_for) (const gint * p);
  /* when not NULL: the bytes written per output sample of each
   * destination, for a kernel whose destinations differ (out_bytes is
   * then the most) */
  const guint *dest_out_bytes;
  /* bit d set: destination d holds (n + 1) / 2 outputs, a chroma row
   * under the n columns of luma rows */
  guint half_dests;
} DspKernel;

#define DSP_OFFSET(member) G_STRUCT_OFFSET (PcDsp, member)

/* A check that does not fit the descriptor (hand-picked cases, the
 * matrices); returns the number of failures. */
typedef struct
{
  const gchar *name;
    guint (*run) (void);
} DspExtraCheck;

/* the families (dsp-rows.c, dsp-formats.c, dsp-stage.c, dsp-output.c) */
extern const DspKernel dsp_row_kernels[];
extern const guint dsp_n_row_kernels;
extern const DspExtraCheck dsp_row_extra_checks[];
extern const guint dsp_n_row_extra_checks;
extern const DspKernel dsp_format_kernels[];
extern const guint dsp_n_format_kernels;
extern const DspKernel dsp_stage_kernels[];
extern const guint dsp_n_stage_kernels;
extern const DspKernel dsp_output_kernels[];
extern const guint dsp_n_output_kernels;

/* The number of checks made so far, and of those that failed. */
extern guint64 dsp_checks;
extern gint dsp_formula_width;
extern guint64 dsp_failures;

/* Counts a check; on failure prints "FAIL: " and the message. */
gboolean
dsp_check (gboolean ok, const gchar * format, ...)
G_GNUC_PRINTF (2, 3);

     GArray *dsp_params_from (const DspParams * sets, guint n);

/* Each set of @sets twice, parameter @at 0 then 1 (a flag such as the
 * pairs kernels' v_first); frees @sets. */
     GArray *dsp_params_with_flag (GArray * sets, guint at);

/* The RGB kernels' arithmetic (dsp-rows.c): Y of one pixel with @k = the
 * coefficients of its three bytes and the bias; one chroma sample from
 * @words, 256 times the block means of the three bytes, with @k their
 * coefficients and @plus the one that is added. */
     gint dsp_expect_y (guint r, guint g, guint b, const gint * k);
     gint dsp_expect_chroma (const guint * words, const gint * k, guint plus);
/* Byte @i of U (@dest 0) or V of the three-row RGB kernels from sources
 * @s of pixels @step bytes apart (3 or 4): rows s[0..2] weighed 1, 2, 1,
 * each the sum of its column pair, or with @cosited rows and the pairs
 * before them at s[0], s[1] (top row) to s[4], s[5], [1 2 1] across
 * columns. */
     gint dsp_expect_rgb_rows3 (const guint8 ** s, const gint * p, guint dest,
    gint i, guint step, gboolean cosited);

/* The coefficient sets of the RGB kernels without a byte shift
 * (dsp-rows.c): Y's kr, kg, kb, bias, and chroma's ur, ug, ub, vr, vg, vb,
 * for every matrix and range as the plan makes them, extremes and random
 * sets. */
     GArray *dsp_y_coefficients (void);
     GArray *dsp_uv_coefficients (void);

/* A little-endian 16-bit sample. */
     static inline guint dsp_u16 (const guint8 * s, gint index)
{
  return s[2 * index] | s[2 * index + 1] << 8;
}

/* Byte @i of a row of NV12's pairs from a kernel whose twin for two rows
 * @rows defines: sample i / 2 of its U (byte 0 of each pair) or V,
 * swapped when @v_first. */
static inline gint
dsp_expect_pairs_byte (DspExpectFunc rows, const guint8 ** s, const gint * p,
    gint v_first, gint i)
{
  return rows (s, p, (i % 2) ^ (v_first != 0), i / 2);
}

/* The rounding every kernel does: to nearest, halves up. */
static inline gint
dsp_round (gdouble x)
{
  return (gint) floor (x + 0.5);
}

G_END_DECLS
#endif /* __CHECKDSP_H__ */
