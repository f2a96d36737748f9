#!/bin/sh
# Copies the orcc output into the source tree as the checked-in dist files,
# so that builds without orcc run the same kernels.
# usage: update-orc-dist.sh GENERATED.c GENERATED.h SOURCE_DIR
set -eu
cp "$1" "$3/kernels-dist.c"
cp "$2" "$3/kernels-dist.h"
echo "updated $3/kernels-dist.c and $3/kernels-dist.h"
