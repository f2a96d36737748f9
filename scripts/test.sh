#!/usr/bin/env bash
# Quick start 2: install, build, and run the test suite (also with
# ORC_CODE=backup).  Extra arguments go to meson test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
meson test -C build --print-errorlogs "$@"
