/* pooledconvert benchmarks
 * The statistics behind the tables: medians, a distribution-free
 * confidence interval for the median, and the Mann-Whitney U test.
 */

#ifndef __PC_BENCH_STATS_H__
#define __PC_BENCH_STATS_H__

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint n;
  gdouble median;
  gdouble lo;                   /* confidence interval of the median */
  gdouble hi;
  gboolean has_ci;              /* FALSE when n is too small for 95 % */
  gdouble ci_level;             /* the interval's actual coverage */
} PcSummary;

void pc_summarize (const gdouble * values, guint n, PcSummary * summary);

/* Largest distance from the median to either end of the interval, as a
 * fraction of the median (0 when the median is 0 and so is the interval). */
gdouble pc_summary_spread (const PcSummary * summary);

/* Two-sided p-value of the Mann-Whitney U test of x against y.  Exact
 * (from the distribution of U) when there are no ties and both samples
 * are small; otherwise the normal approximation with tie and continuity
 * corrections.  1.0 when every value in both samples is the same. */
gdouble pc_mann_whitney_p (const gdouble * x, guint nx, const gdouble * y,
    guint ny, gboolean * all_equal);

G_END_DECLS

#endif /* __PC_BENCH_STATS_H__ */
