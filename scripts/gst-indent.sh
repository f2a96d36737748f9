#!/usr/bin/env bash
# Formats C files the way GStreamer does (GNU indent with gst-indent's
# settings).  usage: scripts/gst-indent.sh FILE.c...
set -euo pipefail
command -v indent >/dev/null || PC_EXTRA_PACKAGES=indent "$(dirname "$0")/install-deps.sh"
for f in "$@"; do
  indent \
    --braces-on-if-line --case-brace-indentation0 --case-indentation2 \
    --braces-after-struct-decl-line --line-length80 --no-tabs --cuddle-else \
    --dont-line-up-parentheses --continuation-indentation4 --honour-newlines \
    --tab-size8 --indent-level2 --leave-preprocessor-space "$f"
  rm -f "$f~"
done
