/* pooledconvert benchmarks
 * Statistics for the tables; see benchstats.h.
 */

#include <math.h>
#include <string.h>

#include "benchstats.h"

#define EXACT_LIMIT 50

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

static gdouble *
sorted_copy (const gdouble * values, guint n)
{
  gdouble *copy = g_memdup2 (values, n * sizeof (gdouble));

  qsort (copy, n, sizeof (gdouble), compare_doubles);
  return copy;
}

/* P(B <= k) for B ~ Binomial (n, 1/2). */
static gdouble
binomial_half_cdf (guint n, guint k)
{
  gdouble sum = 0.0, term = pow (0.5, n);
  guint i;

  for (i = 0; i <= k && i <= n; i++) {
    sum += term;
    term = term * (n - i) / (i + 1);
  }
  return sum;
}

void
pc_summarize (const gdouble * values, guint n, PcSummary * summary)
{
  gdouble *sorted;
  guint j;

  memset (summary, 0, sizeof (*summary));
  summary->n = n;
  if (n == 0)
    return;

  sorted = sorted_copy (values, n);
  summary->median = n % 2 ? sorted[n / 2] :
      (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;

  /* The interval [x(j), x(n-j+1)] (1-based order statistics) covers the
   * median with probability 1 - 2 P(B <= j - 1).  Take the narrowest one
   * that still covers it at 95 %. */
  summary->lo = sorted[0];
  summary->hi = sorted[n - 1];
  summary->ci_level = 1.0 - 2.0 * binomial_half_cdf (n, 0);
  summary->has_ci = summary->ci_level >= 0.95;
  for (j = 2; j <= n / 2; j++) {
    gdouble level = 1.0 - 2.0 * binomial_half_cdf (n, j - 1);

    if (level < 0.95)
      break;
    summary->lo = sorted[j - 1];
    summary->hi = sorted[n - j];
    summary->ci_level = level;
  }
  g_free (sorted);
}

gdouble
pc_summary_spread (const PcSummary * summary)
{
  gdouble d = MAX (summary->median - summary->lo, summary->hi -
      summary->median);

  if (summary->median == 0.0)
    return d == 0.0 ? 0.0 : INFINITY;
  return d / fabs (summary->median);
}

/* Number of arrangements of m x-values and n y-values giving each U,
 * U = number of (x, y) pairs with x < y.  Built by the usual recurrence on
 * whether the largest value is an x or a y. */
static gdouble *
u_distribution (guint m, guint n)
{
  guint umax = m * n, i, j, u;
  /* counts[i][j][u] kept for the current i only: rolling over j */
  gdouble *prev = g_new0 (gdouble, (n + 1) * (umax + 1));
  gdouble *cur = g_new0 (gdouble, (n + 1) * (umax + 1));
  gdouble *result;

#define AT(a, jj, uu) ((a)[(jj) * (umax + 1) + (uu)])
  /* i = 0: only y-values, U = 0 */
  for (j = 0; j <= n; j++)
    AT (prev, j, 0) = 1.0;
  for (i = 1; i <= m; i++) {
    memset (cur, 0, (n + 1) * (umax + 1) * sizeof (gdouble));
    AT (cur, 0, 0) = 1.0;
    for (j = 1; j <= n; j++) {
      for (u = 0; u <= i * j; u++) {
        /* largest is a y: it is above all i x-values, adding i pairs */
        gdouble count = u >= i ? AT (cur, j - 1, u - i) : 0.0;

        /* largest is an x: it adds no pair */
        count += AT (prev, j, u);
        AT (cur, j, u) = count;
      }
    }
    {
      gdouble *t = prev;

      prev = cur;
      cur = t;
    }
  }
  result = g_new (gdouble, umax + 1);
  for (u = 0; u <= umax; u++)
    result[u] = AT (prev, n, u);
#undef AT
  g_free (prev);
  g_free (cur);
  return result;
}

gdouble
pc_mann_whitney_p (const gdouble * x, guint nx, const gdouble * y, guint ny,
    gboolean * all_equal)
{
  guint n = nx + ny, i, k;
  gdouble *pooled, *ranks, rank_sum_x = 0.0, u, tie_term = 0.0;
  gboolean ties = FALSE;
  gdouble p;

  if (all_equal)
    *all_equal = FALSE;
  if (nx == 0 || ny == 0)
    return 1.0;

  /* ranks of the pooled sample, ties given their average rank */
  pooled = g_new (gdouble, n);
  memcpy (pooled, x, nx * sizeof (gdouble));
  memcpy (pooled + nx, y, ny * sizeof (gdouble));
  ranks = sorted_copy (pooled, n);
  if (ranks[0] == ranks[n - 1]) {
    g_free (pooled);
    g_free (ranks);
    if (all_equal)
      *all_equal = TRUE;
    return 1.0;
  }
  for (i = 0; i < nx; i++) {
    guint below = 0, equal = 0;

    for (k = 0; k < n; k++) {
      if (ranks[k] < x[i])
        below++;
      else if (ranks[k] == x[i])
        equal++;
    }
    rank_sum_x += below + (equal + 1) / 2.0;
  }
  for (i = 0; i < n;) {
    guint t = 1;

    while (i + t < n && ranks[i + t] == ranks[i])
      t++;
    if (t > 1) {
      ties = TRUE;
      tie_term += (gdouble) t * t * t - t;
    }
    i += t;
  }
  g_free (pooled);
  g_free (ranks);

  /* U of x: pairs where x is above y, ties counting one half */
  u = rank_sum_x - nx * (nx + 1) / 2.0;

  if (!ties && nx <= EXACT_LIMIT && ny <= EXACT_LIMIT) {
    gdouble *dist = u_distribution (nx, ny), total = 0.0, lower = 0.0;
    guint umax = nx * ny, ui = (guint) llround (u);

    for (k = 0; k <= umax; k++) {
      total += dist[k];
      if (k <= ui)
        lower += dist[k];
    }
    /* the distribution is symmetric: P(U >= u) = P(U <= umax - u) */
    {
      gdouble upper = 0.0;

      for (k = ui; k <= umax; k++)
        upper += dist[k];
      p = 2.0 * MIN (lower, upper) / total;
    }
    g_free (dist);
  } else {
    gdouble mean = nx * (gdouble) ny / 2.0;
    gdouble var = nx * (gdouble) ny / 12.0 *
        ((n + 1) - tie_term / ((gdouble) n * (n - 1)));
    gdouble z, d = fabs (u - mean);

    if (var <= 0.0)
      return 1.0;
    d = MAX (d - 0.5, 0.0);     /* continuity correction */
    z = d / sqrt (var);
    p = erfc (z / M_SQRT2);
  }
  return MIN (p, 1.0);
}
