#!/usr/bin/env bash
# CI stage: the libFuzzer target (tests/fuzz/fuzz-pooledconvert.c), built
# with clang-14 + ASan + UBSan by tests/fuzz/build.sh in build-fuzz/.
#  1. every input in tests/fuzz/regressions/ (inputs that once crashed the
#     element) runs once;
#  2. a bounded fuzzing run (PC_FUZZ_SECONDS, default 60: 40 s with ORC's
#     compiled code, 20 s with ORC_CODE=backup) starts from the checked-in
#     seed corpus, writing new inputs to a scratch directory.
# Any crash, sanitizer report, leak, GLib critical or broken promise of the
# element (see the target's header) fails the stage and leaves the input in
# build-fuzz/artifacts/.  One check for .ci/run (no testlog).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${PC_FUZZ_SECONDS:-60}

PC_EXTRA_PACKAGES="clang-14 libclang-rt-14-dev" scripts/install-deps.sh
tests/fuzz/build.sh build-fuzz

fuzzer=$root/build-fuzz/fuzz-pooledconvert
artifacts=$root/build-fuzz/artifacts/
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$artifacts"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$root/tests/valgrind/ubsan.supp"
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1"
unset GST_DEBUG

rc=0
shopt -s nullglob
regressions=("$root"/tests/fuzz/regressions/*)
if [ ${#regressions[@]} -gt 0 ]; then
  echo "fuzz: ${#regressions[@]} regression inputs"
  "$fuzzer" -artifact_prefix="$artifacts" "${regressions[@]}" \
    > "$work/regressions.log" 2>&1 || rc=$?
  if [ $rc -ne 0 ]; then
    tail -n 40 "$work/regressions.log"
    echo "fuzz: a regression input fails again"
  fi
fi

# Two thirds of the time with ORC's JIT code, a third with ORC_CODE=backup
# (orcc's C code, what builds without ORC run), each from the seed corpus.
status=0
for orc in compiled backup; do
  if [ $orc = compiled ]; then t=$((seconds - seconds / 3)); else t=$((seconds / 3)); fi
  [ "$t" -gt 0 ] || continue
  echo "fuzz: ${t} s from the seed corpus, ORC code: $orc"
  mkdir -p "$work/corpus-$orc"
  s=0
  env $([ $orc = backup ] && echo ORC_CODE=backup) \
    "$fuzzer" -max_total_time="$t" -timeout=10 -rss_limit_mb=4096 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts" \
    "$work/corpus-$orc" "$root/tests/fuzz/corpus" > "$work/fuzz.log" 2>&1 || s=$?
  # the progress lines are noise; the end of the log says what happened
  grep -vE '^#[0-9]+.*(NEW|REDUCE|pulse)' "$work/fuzz.log" | tail -n 30
  [ $s -ne 0 ] && status=$s
done
[ $status -ne 0 ] && rc=$status
exit $rc
