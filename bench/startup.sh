#!/bin/bash
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
#
# Start-up of each ELEMENT, RUNS times: set_state(PLAYING) to the first
# buffer at the sink (clfilter-time --startup, 640x480 GRAY8 unless SIZE
# and FORMAT are set), cold and warm, each run with a new cache folder.
# cold: GST_CL_CACHE_DIR empty and the drivers' caches off
# (POCL_KERNEL_CACHE=0, CUDA_CACHE_DISABLE=1); warm: a third process after one has filled both
# the plugin's cache and PoCL's (POCL_CACHE_DIR, CUDA_CACHE_PATH in the
# folder). Prints every run's first-ms and the medians.
#
# usage: bench/startup.sh BUILD_DIR RUNS ELEMENT...
set -eu
build=$(realpath "$1") runs=$2
shift 2
size=${SIZE:-640x480} format=${FORMAT:-GRAY8}
time_bin=$build/bench/clfilter-time
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
frames=$tmp/frames.raw
"$time_bin" --write-frames --image "$(dirname "$0")/../tests/data/camera.png" \
  -f "$format" -s "$size" -i "$frames" >/dev/null
export GST_PLUGIN_PATH=$build/gst GST_REGISTRY=$tmp/registry.bin

first_ms() {
  "$time_bin" -f "$format" -s "$size" -i "$frames" --startup "$1" |
    awk '/^first-ms/ { print $2 }'
}
median() {
  printf '%s\n' "$@" | sort -n |
    awk '{ a[NR] = $1 } END { print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

for element in "$@"; do
  cold=() warm=()
  for _ in $(seq "$runs"); do
    cache=$(mktemp -d "$tmp/cache.XXXXXX")
    cold+=("$(GST_CL_CACHE_DIR=$cache POCL_KERNEL_CACHE=0 CUDA_CACHE_DISABLE=1 \
      first_ms "$element")")
    export GST_CL_CACHE_DIR=$cache POCL_CACHE_DIR=$cache/pocl \
      CUDA_CACHE_PATH=$cache/cuda
    first_ms "$element" >/dev/null
    warm+=("$(first_ms "$element")")
    unset GST_CL_CACHE_DIR POCL_CACHE_DIR CUDA_CACHE_PATH
    rm -rf "$cache"
  done
  echo "$element $format $size: cold ms ${cold[*]} (median $(median "${cold[@]}")); warm ms ${warm[*]} (median $(median "${warm[@]}"))"
done
