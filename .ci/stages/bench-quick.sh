#!/usr/bin/env bash
# Benchmark smoke run: scripts/bench.sh --quick (n=3, a few frames, no
# timing assertions).  Passes when the benchmark ran to the end and
# pooledconvert pool-mode=own showed 0 allocations per frame in steady state
# in the pipeline (the program's --check, over every case it ran).
set -uo pipefail
cd "$(dirname "$0")/../.."

log=$(mktemp)
scripts/bench.sh --quick >"$log" 2>&1
rc=$?

echo "bench-quick: checked that the quick benchmark ran and that, in the"
echo "pipeline, pool-mode=own allocated nothing per frame after warm-up:"
grep -E '^check:|-> (ok|FAIL)$|pooledconvert loaded from|not this build' "$log" \
  || { echo "no check lines; the end of the log:"; tail -n 40 "$log"; }
if [ $rc -eq 0 ] && grep -q '^check: PASSED' "$log"; then
  echo "bench-quick: PASSED"
  rm -f "$log"
  exit 0
fi
echo "bench-quick: FAILED (exit $rc); the end of the log:"
tail -n 40 "$log"
rm -f "$log"
exit 1
