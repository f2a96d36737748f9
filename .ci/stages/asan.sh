#!/usr/bin/env bash
# CI stage: every gst-check suite (the -orc-backup variants included, so
# ORC's compiled code and its C backup both run) built with AddressSanitizer
# and UndefinedBehaviorSanitizer, in build-asan/.  Any ASan/UBSan report
# aborts the test that hit it, and LeakSanitizer reports unreachable memory
# at exit.  Prints "testlog: PATH" last for .ci/run to count the suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

scripts/install-deps.sh

if [ ! -f build-asan/build.ninja ]; then
  # b_lundef=false: the plugin is a module that gets its sanitizer runtime
  # from the test executable that loads it
  meson setup build-asan -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debugoptimized -Dbenchmarks=disabled
fi
ninja -C build-asan

# The gst-check suites and the kernel runner only: other tests run programs
# that are not built with the sanitizers (python, gst-inspect-1.0) and
# cannot load the plugin.  Not the decoders suite: x265 and the libraries
# libav loads leave allocations of their own at exit that LeakSanitizer
# reports, and the element's paths it takes are the other suites' too.
mapfile -t suites < <(meson introspect --tests build-asan | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    if t["name"] == "decoders":
        continue
    # the prefetch forced either way and normal stores forced: a prefetch
    # touches no memory ASan checks, the walks read and write the same
    # rows either way, and normal stores are what the small frames of the
    # suites take anyway (the streaming variants, which run other store code,
    # stay); their bytes are compared in scripts/test.sh
    if "-prefetch-" in t["name"] or t["name"].endswith("-normal"):
        continue
    # the code ORC compiles is generated at run time, outside what ASan
    # instruments: the -orc suites would check only the walks, which run
    # the same (aligned scratch rows and all) in the -orc-backup suites.
    if t["name"].endswith("-orc"):
        continue
    # the long sweeps with the C tier forced: its kernels are the twins,
    # which the kernel runner (dsp) checks at every width here and every
    # other tier calls for its tails and odd columns
    if t["name"] in ("conformance-c", "golden-c", "fidelity-c", "deep-c",
                     "formats-c"):
        continue
    if "/tests/check/test-" in t["cmd"][0] or "/tests/dsp/" in t["cmd"][0]:
        print(t["name"])')
echo "asan: ${#suites[@]} suites: ${suites[*]}"

# halt on the first report; UBSan with a stack trace; scan plugins in this
# process (the system gst-plugin-scanner has no ASan runtime)
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$root/tests/valgrind/ubsan.supp"
export LSAN_OPTIONS="suppressions=$root/tests/valgrind/lsan.supp:print_suppressions=0"
export GST_REGISTRY_FORK=no
unset GST_DEBUG

# Suites that measure the process's RSS: ASan's quarantine keeps up to
# 256 MB of freed memory mapped, so for them (and only them) it is off.
rss_suites=" retention "
# The long sweeps (conformance, golden, fidelity, deep, metapadding,
# formats) with a kernel tier or streaming stores forced, or with ORC's
# backup code: the sample valgrind plays (PC_TEST_REDUCED; for formats,
# all but its largest size).  Each runs whole with the CPU's tier, and
# whole without the sanitizers in scripts/test.sh; every tier's kernels
# (the backup code's too, in dsp-orc-backup) run whole in the kernel
# runner, and the tiers and streaming stores in the shorter pixel suites
# (conversion-*, nv12-*).  The conformance sweep itself takes the sample
# too: whole, it alone took 9 minutes of this stage on a 2-core AMD EPYC
# (Zen 5) VM, where page faults cost more than on the VMs before it and
# the stage took 30 minutes.
sampled_suites=" conformance conformance-avx2 conformance-avx512 "
sampled_suites+="conformance-orc-backup "
sampled_suites+="golden-avx2 golden-avx512 golden-orc-backup golden-streaming "
sampled_suites+="fidelity-avx2 fidelity-avx512 fidelity-orc-backup "
sampled_suites+="deep-avx2 deep-avx512 deep-orc-backup deep-streaming "
sampled_suites+="metapadding-streaming "
sampled_suites+="formats-avx2 formats-avx512 formats-orc-backup "
main=() rss=() sampled=()
for s in "${suites[@]}"; do
  if [[ "$rss_suites" == *" $s "* ]]; then rss+=("$s");
  elif [[ "$sampled_suites" == *" $s "* ]]; then sampled+=("$s");
  else main+=("$s"); fi
done

rc=0
rm -f build-asan/meson-logs/testlog*.json
meson test -C build-asan --print-errorlogs --timeout-multiplier 1 \
  "${main[@]}" || rc=$?
if [ ${#rss[@]} -gt 0 ]; then
  ASAN_OPTIONS="$ASAN_OPTIONS:quarantine_size_mb=0" \
    meson test -C build-asan --print-errorlogs --timeout-multiplier 1 \
    --logbase testlog-rss "${rss[@]}" || rc=$?
fi
if [ ${#sampled[@]} -gt 0 ]; then
  PC_TEST_REDUCED=1 \
    meson test -C build-asan --print-errorlogs --timeout-multiplier 1 \
    --logbase testlog-sampled "${sampled[@]}" || rc=$?
fi
cat build-asan/meson-logs/testlog.json build-asan/meson-logs/testlog-rss.json \
  build-asan/meson-logs/testlog-sampled.json \
  > build-asan/meson-logs/testlog-all.json 2>/dev/null || true
echo "testlog: $root/build-asan/meson-logs/testlog-all.json"
exit $rc
