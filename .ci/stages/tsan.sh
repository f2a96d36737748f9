#!/usr/bin/env bash
# CI stage: the suites where threads meet the pool (bufferpool, pool,
# pipeline, threads, stress, poolrace) built with ThreadSanitizer (gcc's,
# -Db_sanitize=thread) in build-tsan/.  A data race, a use of freed memory
# seen by two threads or a lock-order inversion aborts the test that hit
# it.  Prints "testlog: PATH" last for .ci/run to count the suites.
#
# GLib's GMutex and GCond are futexes TSan cannot see: the suites of this
# build carry tests/tsan/glib-sync-shim.c, which puts them on pthread
# objects (see that file and docs/robustness.md).  What is left unseen
# inside GLib and GStreamer is suppressed in tests/valgrind/tsan.supp, each
# entry with its reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

PC_EXTRA_PACKAGES="libtsan2" scripts/install-deps.sh

if [ ! -f build-tsan/build.ninja ]; then
  # b_lundef=false: the plugin is a module that gets its sanitizer runtime
  # from the test executable that loads it
  meson setup build-tsan -Db_sanitize=thread -Db_lundef=false \
    -Dbuildtype=debugoptimized -Dbenchmarks=disabled
fi

suites=(bufferpool pool pipeline threads stress poolrace)
echo "tsan: ${#suites[@]} suites: ${suites[*]}"
# only what these suites need: the plugin and their executables
ninja -C build-tsan plugin/libgstpooledconvert.so "${suites[@]/#/tests/check/test-}"

# halt on the first report; scan plugins in this process (the system
# gst-plugin-scanner has no TSan runtime); G_SLICE=always-malloc: GSlice's
# own free lists would hand memory from thread to thread behind TSan's back
export TSAN_OPTIONS="halt_on_error=1:abort_on_error=1:second_deadlock_stack=1:history_size=4:suppressions=$root/tests/valgrind/tsan.supp"
export GST_REGISTRY_FORK=no G_SLICE=always-malloc
unset GST_DEBUG

rc=0
rm -f build-tsan/meson-logs/testlog.json
meson test -C build-tsan --no-rebuild --print-errorlogs --timeout-multiplier 1 \
  --num-processes 2 "${suites[@]}" || rc=$?
echo "testlog: $root/build-tsan/meson-logs/testlog.json"
exit $rc
