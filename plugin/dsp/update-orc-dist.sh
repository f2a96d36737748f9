#!/bin/sh
# Copies the orcc output into the source tree as the checked-in dist files
# (plugin/dsp/orc-dist/), so that builds without orcc run the same kernels:
# NAME-orc.c and NAME-orc.h become NAME-dist.c and NAME-dist.h.
# usage: update-orc-dist.sh DIST_DIR GENERATED...
set -eu
dir="$1"
shift
for generated in "$@"; do
  dist="$dir/$(basename "$generated" | sed 's/-orc\./-dist./')"
  cp "$generated" "$dist"
  echo "updated $dist"
done
