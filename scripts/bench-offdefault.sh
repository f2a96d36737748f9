#!/usr/bin/env bash
# The off-default pass: conversions that leave the fused walks for the
# stages (another colorimetry or chroma-site asked downstream, interlaced
# input), at 720p and 1080p on one thread, pooledconvert (own) against
# videoconvert (vc) and against the same input on its default path
# (own-default) and against memcpy of the same bytes (the floor), in
# interleaved runs.  Prints one table (tests/bench/offdefault.py).
#
#   scripts/bench-offdefault.sh [BUILD_DIR] [pooledconvert-bench options]
#
# BUILD_DIR (default build-bench) must be configured with
# -Dbenchmarks=enabled and built; the other arguments (e.g. --runs 8
# --target-ms 100) go to every pass.  Each pass's JSON is left in
# BUILD_DIR/bench-offdefault/.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build-bench
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  build=$1
  shift
fi

# shellcheck source=scripts/bench-env.sh
. scripts/bench-env.sh

out="$build/bench-offdefault"
mkdir -p "$out"

# label | formats | the request
passes=(
  "colorimetry=bt601|Y444,NV12,YUY2,AYUV,Y42B,P010_10LE,I420_10LE,I422_10LE,Y444_10LE|--colorimetry bt601"
  "colorimetry=bt2020|Y444,NV12,YUY2,AYUV,Y42B|--colorimetry bt2020"
  "colorimetry=1:4:0:0|Y444,NV12,YUY2,AYUV,Y42B|--colorimetry 1:4:0:0"
  "chroma-site=v-cosited|Y444,Y42B,YUY2,AYUV,RGBA,BGRx,RGB,I420,NV12,YV12,P010_10LE,I420_10LE,I422_10LE,Y444_10LE|--chroma-site v-cosited"
  "chroma-site=cosited|Y444,Y42B,YUY2,AYUV,RGBA,BGRx,RGB,I420,NV12,YV12,P010_10LE,I420_10LE,I422_10LE,Y444_10LE|--chroma-site cosited"
  "chroma-site=jpeg|I420,NV12,YV12|--chroma-site jpeg"
  "chroma-site=mpeg2|I420,NV12,YV12|--chroma-site mpeg2"
  "interlaced|RGBA,BGRx,RGB,AYUV|--interlaced"
)

jsons=()
status=0
for pass in "${passes[@]}"; do
  IFS='|' read -r label formats request <<<"$pass"
  json="$out/${label//[=:]/-}.json"
  # shellcheck disable=SC2086
  "$build/tests/bench/pooledconvert-bench" --formats "$formats" \
    --check --sizes 1280x720,1920x1080 --only own,own-default,vc,memcpy \
    --runs 5 --target-ms 60 --no-retained $request --json "$json" "$@" \
    >"$out/${label//[=:]/-}.txt" 2>&1 || status=$?
  jsons+=("$label=$json")
done
/usr/bin/python3 tests/bench/offdefault.py "${jsons[@]}"
exit $status
