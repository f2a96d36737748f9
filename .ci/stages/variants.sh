#!/usr/bin/env bash
# CI stage: every gst-check suite once per kernel variant, forced with
# PC_KERNELS=c, orc, avx2 and avx512 (see docs/design.md, "Kernels"), in the
# normal build (build/).  The default run picks the best variant the CPU
# has, so without this stage the others would only run in the suites that
# force them (conversion-*; tests/dsp's kernel runner tests every variant
# in each run, whatever PC_KERNELS says, and is not repeated here).  A
# variant the CPU lacks (avx2 or avx512 on an old or non-x86 machine) is
# reported and not run.  Prints "testlog: PATH" last for .ci/run to count
# the suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

scripts/install-deps.sh
scripts/build.sh

# The suites, less the runs that already force a variant or ORC's backup
# code, the store kind or the prefetch (they set PC_KERNELS, PC_STORES or
# PC_PREFETCH themselves and would only repeat), and less the suites that
# have a run per variant of their own (SUITE-c and the others, in every
# meson test run).
mapfile -t suites < <(meson introspect --tests build | python3 -c '
import json, sys
tests = json.load(sys.stdin)
names = {t["name"] for t in tests}
for t in tests:
    if "/tests/check/test-" in t["cmd"][0] and "PC_KERNELS" not in t["env"] \
            and "PC_STORES" not in t["env"] \
            and "PC_PREFETCH" not in t["env"] \
            and t["name"] + "-c" not in names:
        print(t["name"])')
echo "variants: ${#suites[@]} suites: ${suites[*]}"

rc=0
logs=()
for variant in c orc avx2 avx512; do
  # a forced variant the CPU or build lacks would fall back and test
  # another; the conversion suite's main exits 77 for it before any test
  # (CK_RUN_CASE names no test case, so nothing else runs)
  if ! PC_KERNELS=$variant CK_RUN_CASE=none build/tests/check/test-conversion \
      >/dev/null 2>&1; then
    echo "variants: PC_KERNELS=$variant: not available here, not run"
    continue
  fi
  echo "variants: PC_KERNELS=$variant"
  log=build/meson-logs/testlog-kernels-$variant.json
  rm -f "$log"
  PC_KERNELS=$variant meson test -C build --print-errorlogs \
    --logbase "testlog-kernels-$variant" "${suites[@]}" || rc=$?
  logs+=("$log")
done
cat "${logs[@]}" > build/meson-logs/testlog-variants.json 2>/dev/null || true
echo "testlog: $root/build/meson-logs/testlog-variants.json"
exit $rc
