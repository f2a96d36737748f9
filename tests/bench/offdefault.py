#!/usr/bin/python3
"""Prints one table from the passes of scripts/bench-offdefault.sh: for each
input format, size and request off the default path (another colorimetry,
chroma-site or interlaced input), pooledconvert (own) against videoconvert
(vc) and against the same input on its default path (own-default), from the
interleaved runs of one pooledconvert-bench invocation per request; where
the runs measured it, the memcpy floor (a copy of the same bytes read and
written), which says whether 1.5x videoconvert's speed can be reached at
all.

usage: offdefault.py LABEL=RESULTS.json ...
"""
import json
import math
import sys


def u_distribution(nx, ny):
    """Counts of each value of U for samples of nx and ny without ties."""
    # ways[n][m][u]: arrangements of n x's and m y's with U = u
    ways = {}

    def count(n, m):
        if (n, m) in ways:
            return ways[(n, m)]
        if n == 0 or m == 0:
            dist = [1]
        else:
            # the largest value is an x (each y below it adds one) or a y
            a = count(n - 1, m)
            b = count(n, m - 1)
            dist = [0] * (n * m + 1)
            for u, c in enumerate(a):
                dist[u + m] += c
            for u, c in enumerate(b):
                dist[u] += c
        ways[(n, m)] = dist
        return dist

    return count(nx, ny)


def mann_whitney_p(x, y):
    """Two-sided p of the Mann-Whitney U test, as benchstats.c computes it:
    exact without ties, the normal approximation with ties."""
    pooled = sorted(x + y)
    if not x or not y or pooled[0] == pooled[-1]:
        return 1.0
    n = len(pooled)
    rank = {}
    i = 0
    ties = 0.0
    while i < n:
        j = i
        while j < n and pooled[j] == pooled[i]:
            j += 1
        rank[pooled[i]] = (i + 1 + j) / 2.0
        t = j - i
        ties += t ** 3 - t
        i = j
    u = sum(rank[v] for v in x) - len(x) * (len(x) + 1) / 2.0
    nx, ny = len(x), len(y)
    if ties == 0:
        dist = u_distribution(nx, ny)
        total = float(sum(dist))
        lower = sum(dist[:int(round(u)) + 1]) / total
        upper = sum(dist[int(round(u)):]) / total
        return min(1.0, 2 * min(lower, upper))
    mean = nx * ny / 2.0
    var = nx * ny / 12.0 * ((n + 1) - ties / (n * (n - 1)))
    z = (abs(u - mean) - 0.5) / math.sqrt(var)
    return min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2)))


# below this time per frame the default path copies nothing (passthrough)
PASSTHROUGH_S = 10e-6


def median(v):
    s = sorted(v)
    k = len(s)
    return s[k // 2] if k % 2 else (s[k // 2 - 1] + s[k // 2]) / 2.0


def main():
    rows = []
    for arg in sys.argv[1:]:
        label, path = arg.rsplit("=", 1)
        data = json.load(open(path))
        for case in data["cases"]:
            res = case["results"]
            if not all(k in res for k in ("own", "own-default", "vc")):
                continue
            own = res["own"]["sec"]["samples"]
            default = res["own-default"]["sec"]["samples"]
            vc = res["vc"]["sec"]["samples"]
            allocs = max(res["own"]["allocs"]["samples"])
            copy = (median(res["memcpy"]["sec"]["samples"])
                    if "memcpy" in res else None)
            rows.append(("%s %ux%u" % (case["format"], case["width"],
                                        case["height"]), label,
                         median(own), median(default), median(vc),
                         median(vc) / median(own), mann_whitney_p(own, vc),
                         median(own) / median(default),
                         mann_whitney_p(own, default), allocs, len(own),
                         copy))
    print("off the default path: stream level, n-threads=1, time per frame "
          "(median of n interleaved runs)")
    print("vc/own: videoconvert's time over pooledconvert's (speed-up, goal "
          ">= 1.5); own/def: pooledconvert's time over its time on the same "
          "input's default path (goal <= 1.5); p: Mann-Whitney U, "
          "two-sided; allocs: most per frame in any run of own; copy ms: "
          "memcpy of the same bytes read and written, the floor (below: "
          "1.5x videoconvert's speed would be faster than the copy)")
    head = "%-22s %-22s %9s %9s %9s %9s %7s %7s %7s %7s %6s %3s" % (
        "case", "asked", "own ms", "def ms", "vc ms", "copy ms", "vc/own",
        "p", "own/def", "p", "allocs", "n")
    print(head)
    print("-" * len(head))
    worst_vc = worst_def = None
    for r in rows:
        copy = "-" if r[11] is None else "%.3f" % (r[11] * 1e3)
        # the goal's time, videoconvert's over 1.5, below the copy's
        below = r[11] is not None and r[4] / 1.5 < r[11]
        if r[3] < PASSTHROUGH_S:
            # the default path is passthrough: no ratio means anything
            print("%-22s %-22s %9.3f %9s %9.3f %9s %7.2f %7.3f %7s %7s %6.2f "
                  "%3d%s" % (r[0], r[1], r[2] * 1e3, "passthru", r[4] * 1e3,
                             copy, r[5], r[6], "-", "-", r[9], r[10],
                             "  below" if below else ""))
        else:
            print("%-22s %-22s %9.3f %9.3f %9.3f %9s %7.2f %7.3f %7.2f %7.3f "
                  "%6.2f %3d%s" % (r[0], r[1], r[2] * 1e3, r[3] * 1e3,
                                   r[4] * 1e3, copy, r[5], r[6], r[7], r[8],
                                   r[9], r[10], "  below" if below else ""))
        if worst_vc is None or r[5] < worst_vc[5]:
            worst_vc = r
        if r[3] >= PASSTHROUGH_S and (worst_def is None or
                                      r[7] > worst_def[7]):
            worst_def = r
    if rows:
        slow = [r for r in rows if r[5] < 1.5]
        print("lowest vc/own: %.2f (%s, %s); highest own/def: %.2f (%s, %s); "
              "%d cases below 1.5x vc (%d of them where 1.5x vc is faster "
              "than the copy), %d above 1.5x the default path"
              % (worst_vc[5], worst_vc[0], worst_vc[1], worst_def[7],
                 worst_def[0], worst_def[1], len(slow),
                 sum(1 for r in slow
                     if r[11] is not None and r[4] / 1.5 < r[11]),
                 sum(1 for r in rows
                     if r[3] >= PASSTHROUGH_S and r[7] > 1.5)))


if __name__ == "__main__":
    main()
