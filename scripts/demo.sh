#!/usr/bin/env bash
# Quick start 1: install, build, and run a pipeline through pooledconvert;
# prints what its pool did.  Any arguments replace the demo pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh >/dev/null
GST_PLUGIN_PATH="$PWD/build/plugin${GST_PLUGIN_PATH:+:$GST_PLUGIN_PATH}" \
  build/tools/pooledconvert-demo "$@"
