#!/usr/bin/env bash
# Benchmarks of pooledconvert against videoconvert, libyuv and memcpy.
# Installs what they need (libyuv-dev, python3-matplotlib for the plot),
# builds in build-bench with -Dbenchmarks=enabled and runs
# pooledconvert-bench against this build's plugin.
#
#   scripts/bench.sh           full run (45 min on a 2-core VM): Y444, Y42B, RGBA, I420
#                              with every variant, then a second pass over
#                              every other input format against videoconvert
#                              and libyuv, then a third over interlaced
#                              input against videoconvert, then the
#                              off-default pass (scripts/bench-offdefault.sh:
#                              colorimetry, chroma-site and interlaced
#                              requests against videoconvert and the
#                              default path), then NV12 output against
#                              I420 output and videoconvert, then
#                              I420_10LE and P010_10LE output against
#                              I420 output and videoconvert; writes
#                              docs/benchmark-* and
#                              regenerates docs/benchmarks.md
#   scripts/bench.sh --quick   smoke run (< 1 min, n=3, no timing claims):
#                              writes build-bench/bench-quick/, checks that
#                              pool-mode=own allocates nothing per frame
# Other arguments go to pooledconvert-bench (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
for arg in "$@"; do
  [ "$arg" = "--quick" ] && quick=1
done

PC_EXTRA_PACKAGES="libyuv-dev python3-matplotlib" scripts/install-deps.sh

if [ -f build-bench/build.ninja ]; then
  meson configure build-bench -Dbenchmarks=enabled
else
  meson setup build-bench -Dbenchmarks=enabled
fi
ninja -C build-bench

build=build-bench
# shellcheck source=scripts/bench-env.sh
. scripts/bench-env.sh

if [ $quick -eq 1 ]; then
  out=build-bench/bench-quick
else
  out=docs
fi
mkdir -p "$out"

status=0
build-bench/tests/bench/pooledconvert-bench --check \
  --csv "$out/benchmark-samples.csv" \
  --json "$out/benchmark-results.json" \
  --retained-csv "$out/benchmark-retained.csv" \
  "$@" | tee "$out/benchmark-table.txt" || status=$?

# matplotlib comes from apt, so use the system's python
/usr/bin/python3 tests/bench/plot.py "$out/benchmark-results.json" \
  "$out/benchmark-plot.png" "$out/benchmark-retention.png" \
  || echo "plot failed (the numbers stand)"

if [ $quick -eq 0 ]; then
  formats_args=(--formats others --sizes 1280x720,1920x1080,3840x2160
    --only own,vc,libyuv,k-pc,k-vc,k-libyuv --runs 8 --target-ms 100
    --no-retained)
  build-bench/tests/bench/pooledconvert-bench --check "${formats_args[@]}" \
    --json docs/benchmark-formats-results.json \
    | tee docs/benchmark-formats-table.txt || status=$?
  interlaced_args=(--interlaced --formats UYVY,YUY2,Y42B,NV16,I420,NV12,Y444,RGBA
    --sizes 720x576,1920x1080 --only own,vc --runs 8 --target-ms 100
    --no-retained)
  build-bench/tests/bench/pooledconvert-bench --check "${interlaced_args[@]}" \
    | tee docs/benchmark-interlaced-table.txt || status=$?
  offdefault_args=(--runs 5 --target-ms 60)
  scripts/bench-offdefault.sh build-bench "${offdefault_args[@]}" \
    | tee docs/benchmark-offdefault-table.txt || status=$?
  nv12_args=(--output-format NV12
    --formats Y444,Y42B,YUY2,RGBA,BGRx,RGB,I420,NV21,NV12,P010_10LE
    --sizes 1280x720,1920x1080,3840x2160 --only own,own-i420,vc --runs 8
    --target-ms 100 --no-retained)
  build-bench/tests/bench/pooledconvert-bench --check "${nv12_args[@]}" \
    | tee docs/benchmark-nv12-table.txt || status=$?
  i420_10_args=(--output-format I420_10LE
    --formats I422_10LE,Y444_10LE,P010_10LE,I420_12LE,v210,GBR_10LE,BGR10A2_LE,RGBA64_LE,YUY2
    --sizes 1280x720,1920x1080 --only own,own-i420,vc --runs 8
    --target-ms 100 --no-retained)
  build-bench/tests/bench/pooledconvert-bench --check "${i420_10_args[@]}" \
    | tee docs/benchmark-i420-10-table.txt || status=$?
  p010_args=(--output-format P010_10LE
    --formats I420_10LE,I422_10LE,Y444_10LE,v210,RGBA64_LE
    --sizes 1280x720,1920x1080 --only own,own-i420,vc --runs 8
    --target-ms 100 --no-retained)
  build-bench/tests/bench/pooledconvert-bench --check "${p010_args[@]}" \
    | tee docs/benchmark-p010-table.txt || status=$?
  /usr/bin/python3 tests/bench/mkdoc.py \
    --json docs/benchmark-results.json --table docs/benchmark-table.txt \
    --command "scripts/bench.sh${*:+ $*}" \
    --formats-table docs/benchmark-formats-table.txt \
    --formats-command "pooledconvert-bench --check ${formats_args[*]}" \
    --interlaced-table docs/benchmark-interlaced-table.txt \
    --interlaced-command "pooledconvert-bench --check ${interlaced_args[*]}" \
    --offdefault-table docs/benchmark-offdefault-table.txt \
    --offdefault-command "scripts/bench-offdefault.sh build-bench ${offdefault_args[*]}" \
    --nv12-table docs/benchmark-nv12-table.txt \
    --nv12-command "pooledconvert-bench --check ${nv12_args[*]}" \
    --i420-10-table docs/benchmark-i420-10-table.txt \
    --i420-10-command "pooledconvert-bench --check ${i420_10_args[*]}" \
    --p010-table docs/benchmark-p010-table.txt \
    --p010-command "pooledconvert-bench --check ${p010_args[*]}" \
    --output docs/benchmarks.md
  echo "wrote docs/benchmarks.md and docs/benchmark-*"
fi
exit $status
