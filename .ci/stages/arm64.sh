#!/usr/bin/env bash
# CI stage: the plugin cross-built for arm64 (aarch64) in build-arm64/,
# with cross/arm64-linux-gnu.ini, and its suites run under qemu-user
# (meson runs each test program through qemu-aarch64-static).  There the
# default kernel variant is ORC, which compiles for NEON, and the rest of a
# frame goes through the C twins; there is no AVX2.  Prints
# "testlog: PATH" last for .ci/run to count the suites.
#
# install-deps-arm64.sh upgrades amd64 GStreamer packages to the versions of
# the arm64 ones it installs: .ci/run runs this stage after all the others.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

scripts/install-deps-arm64.sh

if [ ! -f build-arm64/build.ninja ]; then
  meson setup build-arm64 --cross-file cross/arm64-linux-gnu.ini \
    -Dbenchmarks=disabled
fi
ninja -C build-arm64

# Without binfmt_misc the plugin scanner (an arm64 program) cannot be
# exec'd: scan plugins in the test process itself.
export GST_REGISTRY_FORK=no
unset GST_DEBUG ORC_CODE PC_KERNELS

# The default runs must test NEON code: ORC takes it only when the CPU
# reports NEON, and would run its C backup otherwise.
orc_log=$(ORC_DEBUG=4 qemu-aarch64-static build-arm64/tests/dsp/checkdsp \
  --kernel chroma_box_2x2 --tier orc --widths 64 2>&1) || true
if [[ "$orc_log" != *'compiling for target "neon"'* ]]; then
  echo "arm64: ORC did not compile for NEON under qemu"
  exit 1
fi

# Under qemu a suite takes 15-25 times as long as natively (formats and
# fidelity with ORC: 35-53 s against 2 s on a loaded machine), so
# conformance plays its sampled set and the kernel runner (dsp) a subset of
# its widths (PC_TEST_REDUCED, as under valgrind);
# every case runs natively in the other stages.  Not run: the -avx2 and -avx512 runs
# (skipped here), the -orc runs (ORC is the default here), conformance's
# forced variants, and retention, whose RSS readings would include qemu's
# own memory.
suites=(
  orctargets
  dsp dsp-orc-backup
  conversion conversion-orc-backup conversion-c
  formats formats-orc-backup formats-c
  fidelity fidelity-orc-backup fidelity-c
  conformance golden metapadding nv12 nv12-orc-backup deep deep-orc-backup dither
  bufferpool pool pipeline threads stress badinput leaks
)
export PC_TEST_REDUCED=1

rc=0
rm -f build-arm64/meson-logs/testlog-arm64.json
meson test -C build-arm64 --print-errorlogs --num-processes 2 \
  --logbase testlog-arm64 "${suites[@]}" || rc=$?
echo "testlog: $root/build-arm64/meson-logs/testlog-arm64.json"
exit $rc
