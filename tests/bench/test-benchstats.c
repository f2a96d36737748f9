/* pooledconvert benchmarks
 * The benchmark's statistics against values worked out by hand.
 */

#include <math.h>
#include <stdio.h>

#include "benchstats.h"

static int failures;

static void
expect (const char *what, double got, double want, double tolerance)
{
  if (fabs (got - want) > tolerance) {
    printf ("FAIL %s: got %.6g, want %.6g\n", what, got, want);
    failures++;
  } else {
    printf ("ok   %s: %.6g\n", what, got);
  }
}

int
main (void)
{
  const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
  const double c[] = { 1, 3, 5, 7, 9 }, d[] = { 2, 4, 6, 8, 10 };
  const double zeros[] = { 0, 0, 0 };
  const double tied_x[] = { 1, 2, 2, 3 }, tied_y[] = { 2, 3, 4, 4 };
  double ten_a[10], ten_b[10];
  gboolean equal;
  PcSummary s;
  int i;

  for (i = 0; i < 10; i++) {
    ten_a[i] = i;
    ten_b[i] = 100 + i;
  }

  /* completely separated 5 + 5: 2 of C(10,5) = 252 orderings as extreme */
  expect ("separated 5+5", pc_mann_whitney_p (a, 5, b, 5, NULL),
      2.0 / 252.0, 1e-12);
  expect ("separated 5+5, swapped", pc_mann_whitney_p (b, 5, a, 5, NULL),
      2.0 / 252.0, 1e-12);
  /* separated 10 + 10: 2 / C(20,10) */
  expect ("separated 10+10", pc_mann_whitney_p (ten_a, 10, ten_b, 10, NULL),
      2.0 / 184756.0, 1e-15);
  /* interleaved: U = 10 of 25; 87 of the 252 orderings have U <= 10
   * (counted by enumeration), doubled */
  expect ("interleaved 5+5", pc_mann_whitney_p (c, 5, d, 5, NULL),
      174.0 / 252.0, 1e-12);
  expect ("all equal", pc_mann_whitney_p (zeros, 3, zeros, 3, &equal), 1.0,
      0.0);
  expect ("all equal flag", equal, 1, 0);
  /* ties: rank sum of x = 1 + 3 + 3 + 5.5 = 12.5, U = 2.5, mean 8,
   * var = 16/12 (9 - 36/56), |U - mean| - 0.5 = 5 -> z = 1.5 */
  expect ("ties, normal approximation",
      pc_mann_whitney_p (tied_x, 4, tied_y, 4, NULL),
      erfc (5.0 / sqrt (16.0 / 12.0 * (9.0 - 36.0 / 56.0)) / sqrt (2.0)),
      1e-12);

  pc_summarize (ten_a, 10, &s);
  expect ("median of 0..9", s.median, 4.5, 0);
  expect ("95% interval low (x(2))", s.lo, 1, 0);
  expect ("95% interval high (x(9))", s.hi, 8, 0);
  expect ("has interval", s.has_ci, 1, 0);
  pc_summarize (a, 3, &s);
  expect ("no interval for n=3", s.has_ci, 0, 0);

  printf ("%d failures\n", failures);
  return failures ? 1 : 0;
}
