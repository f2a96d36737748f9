#!/usr/bin/env bash
# CI stage: every gst-check suite (the -orc-backup variants included) and
# the kernel runner (tests/dsp) under valgrind memcheck, in build-valgrind/
# (a normal build).  Invalid reads and writes, uses of uninitialised values
# and definite leaks fail the test that made them.  Prints "testlog: PATH" last for .ci/run to count the suites.
#
# GLib and GStreamer settings that make memcheck's job possible:
#  - G_SLICE=always-malloc, G_DEBUG=gc-friendly: GLib hands memory back to
#    malloc and clears pointers, so leaks and stale uses are visible;
#  - CK_FORK=no: gst-check forks a child per test by default and valgrind
#    would only watch the parent;
#  - GST_REGISTRY_FORK=no: no plugin scanner child either;
#  - GST_DEBUG unset: debug logging keeps strings alive and slows it down.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

PC_EXTRA_PACKAGES="valgrind" scripts/install-deps.sh

if [ ! -f build-valgrind/build.ninja ]; then
  meson setup build-valgrind -Dbuildtype=debugoptimized -Dbenchmarks=disabled
fi
ninja -C build-valgrind

# Every suite once as the CPU runs it (AVX2 here), and the shorter pixel
# suites once more with ORC's JIT code (-orc); the C twins and orcc's backup code
# are plain C that ASan already watches, so their forced runs (-c,
# -orc-backup, -avx2, -avx512) are left to the other stages (valgrind
# runs no AVX-512 code: the CPU check sees AVX2 only under it), and so are
# the forced store kinds but conversion-streaming (-normal is what the
# small frames of the suites take anyway).
mapfile -t suites < <(meson introspect --tests build-valgrind | python3 -c '
import json, sys
for t in json.load(sys.stdin):
    name = t["name"]
    if "/tests/check/test-" not in t["cmd"][0] and \
            "/tests/dsp/" not in t["cmd"][0]:
        continue
    if name.endswith(("-c", "-avx2", "-avx512", "-orc-backup", "-normal")):
        continue
    # third-party encoders and decoders, not this code (see asan.sh)
    if name == "decoders":
        continue
    # the streaming stores once, in the conversion suite
    if "-streaming" in name and name != "conversion-streaming":
        continue
    # the prefetch forced: memcheck sees no access in a prefetch, and the
    # walks read the same rows either way
    if "-prefetch-" in name:
        continue
    # the ORC JIT code in the long sweeps: the kernel runner (dsp) runs
    # every ORC program at every width it tests under memcheck, and the
    # shorter pixel suites (conversion-orc, golden-orc, nv12-orc, deep-orc)
    # run them in pipelines
    if name in ("conformance-orc", "fidelity-orc", "formats-orc"):
        continue
    # the fidelity sweep (field taps, matrices, sitings at larger sizes):
    # ASan runs it whole and the conformance and deep sweeps here take
    # the same walks at small sizes; sampled, it took 114 s of the stage
    if name == "fidelity":
        continue
    print(name)')
echo "valgrind: ${#suites[@]} suites: ${suites[*]}"

export G_SLICE=always-malloc G_DEBUG=gc-friendly CK_FORK=no GST_REGISTRY_FORK=no
unset GST_DEBUG
# Tests that assert on the process's RSS: valgrind's allocator never gives
# freed memory back to the system, so RSS says nothing under it.  They run
# in the normal suite and under ASan (with the quarantine off).
export GST_CHECKS_IGNORE="test_trim_after_burst"
# Suites that sweep a large product (conformance: some 11000 pipelines)
# play a sample of it here; every case runs in the normal suite and under
# ASan.
export PC_TEST_REDUCED=1

# --smc-check=all: ORC writes its JIT code through a file-backed mapping,
# which valgrind's default self-modifying-code check does not watch.
wrap="valgrind --tool=memcheck --error-exitcode=99 --leak-check=full
  --errors-for-leak-kinds=definite --show-leak-kinds=definite
  --smc-check=all --num-callers=30
  --suppressions=$root/tests/valgrind/pooledconvert.supp"

# A suite takes under 60 s here, the sampled conformance sweep about 140 s
# (a 2-core Zen 5 VM).  With CK_FORK=no, gst-check's per-test timeout
# cannot fire, so meson's is the watchdog: each suite keeps its own 600 s
# limit, which bounds what a deadlock costs CI and leaves room for a suite
# slowed by other builds beside it.
rc=0
rm -f build-valgrind/meson-logs/testlog-valgrind.json
meson test -C build-valgrind --print-errorlogs --timeout-multiplier 1 \
  --num-processes 2 --wrap="$(echo $wrap)" "${suites[@]}" || rc=$?
# meson names the log after the wrapper: testlog-valgrind.json
echo "testlog: $root/build-valgrind/meson-logs/testlog-valgrind.json"
exit $rc
