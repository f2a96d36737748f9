# Sourced by the benchmark scripts with $build set: this build's plugin;
# the system's stock plugins (videoconvert, appsrc, fakesink) from their
# own directory only, so no installed pooledconvert can shadow ours; a
# private registry.  The program checks where its pooledconvert came from.
plugins_dir=$(pkg-config --variable=pluginsdir gstreamer-1.0)
export GST_PLUGIN_SYSTEM_PATH_1_0="$plugins_dir"
export GST_PLUGIN_PATH_1_0="$PWD/$build/plugin"
export GST_REGISTRY_1_0="$PWD/$build/bench-registry.bin"
export PC_BENCH_PLUGIN_DIR="$PWD/$build/plugin"
unset GST_PLUGIN_PATH GST_PLUGIN_SYSTEM_PATH
