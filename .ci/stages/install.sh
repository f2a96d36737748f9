#!/usr/bin/env bash
# CI stage: the install README.md documents ("Using it").  Configures
# build-install/ as it says, with --prefix=/usr (Debian's GStreamer looks
# for plugins in /usr/lib/<arch>/gstreamer-1.0, not under /usr/local) and
# the tests, benchmarks and demo off, installs into a DESTDIR, and checks
#  - that nothing but the plugin was built (no test, benchmark or demo),
#  - that the plugin landed in the system plugin directory (under DESTDIR),
#  - that gst-inspect-1.0 finds pooledconvert there, with that directory
#    the only plugin path and a private registry.
# No meson test log: .ci/run counts the stage as one check.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
build=build-install
destdir=$root/$build/destdir
options=(--prefix=/usr -Dtests=disabled -Dbenchmarks=disabled -Dtools=disabled)

scripts/install-deps.sh

if [ -f $build/build.ninja ]; then
  meson configure $build "${options[@]}"
else
  meson setup $build "${options[@]}"
fi
rm -rf "$destdir"
meson install -C $build --destdir "$destdir"

built=$(ninja -C $build -t targets all | cut -d: -f1)
if grep -E '(^|/)(test-[^/]*|pooledconvert-bench|pooledconvert-demo)$' \
    <<<"$built"; then
  echo "install: the build above has tests, benchmarks or tools in it"
  exit 1
fi

plugins_dir=$(pkg-config --variable=pluginsdir gstreamer-1.0)
installed=$destdir$plugins_dir
if [ ! -f "$installed/libgstpooledconvert.so" ]; then
  echo "install: no libgstpooledconvert.so in $installed; installed:"
  find "$destdir" -type f
  exit 1
fi

# only the installed plugin: no system plugins, no GST_PLUGIN_PATH of the
# caller's, a registry of our own
unset GST_PLUGIN_PATH GST_PLUGIN_SYSTEM_PATH
export GST_PLUGIN_SYSTEM_PATH_1_0=""
export GST_PLUGIN_PATH_1_0=$installed
export GST_REGISTRY_1_0=$root/$build/registry.bin
rm -f "$GST_REGISTRY_1_0"
inspect=$(gst-inspect-1.0 pooledconvert)
if ! grep -q "Filename .*$installed/libgstpooledconvert.so" <<<"$inspect"; then
  echo "install: gst-inspect-1.0 did not find pooledconvert in $installed:"
  echo "$inspect"
  exit 1
fi
echo "install: pooledconvert installed in $plugins_dir and found there"
