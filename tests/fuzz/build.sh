#!/usr/bin/env bash
# Builds the libFuzzer target for pooledconvert.
#
#   tests/fuzz/build.sh [BUILDDIR]      (default: build-fuzz)
#
# 1. A meson build of the plugin with clang-14, ASan + UBSan, and
#    -fsanitize=fuzzer-no-link so that libFuzzer sees the plugin's coverage.
#    Tests and benchmarks are off: that build exists for the plugin only.
# 2. The fuzz target, tests/fuzz/fuzz-pooledconvert.c, compiled and linked
#    by clang with -fsanitize=fuzzer,address,undefined against the system
#    GStreamer.  It loads the plugin from BUILDDIR/plugin at start-up (the
#    path is compiled in; PC_FUZZ_PLUGIN_DIR overrides it).
#
# Result: BUILDDIR/fuzz-pooledconvert, a libFuzzer binary:
#   build-fuzz/fuzz-pooledconvert -max_total_time=60 NEW_DIR tests/fuzz/corpus
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
builddir=$(realpath -m "${1:-build-fuzz}")
cc=${CC_FUZZ:-clang-14}

if [ ! -f "$builddir/build.ninja" ]; then
  CC=$cc meson setup "$builddir" -Dbuildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link \
    -Dtests=disabled -Dbenchmarks=disabled
fi
ninja -C "$builddir"

# shellcheck disable=SC2046
$cc -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined \
  -DPC_FUZZ_PLUGIN_DIR="\"$builddir/plugin\"" \
  "$root/tests/fuzz/fuzz-pooledconvert.c" \
  $(pkg-config --cflags --libs gstreamer-check-1.0 gstreamer-video-1.0) \
  -o "$builddir/fuzz-pooledconvert"
echo "built $builddir/fuzz-pooledconvert"
