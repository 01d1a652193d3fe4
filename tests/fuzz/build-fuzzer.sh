#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Builds the libFuzzer target with clang: the fuzz harness, the plugin's
# sources (registered statically) and the tests' C references, all with
# -fsanitize=fuzzer,address.
# usage: build-fuzzer.sh CLANG OUTPUT BUILD_ROOT SOURCE_ROOT SOURCES...
set -eu
clang=$1 out=$2 build=$3 src=$4
shift 4
# shellcheck disable=SC2046
exec "$clang" -g -O1 -fsanitize=fuzzer,address -fno-omit-frame-pointer \
  -DHAVE_CONFIG_H -DGST_PLUGIN_BUILD_STATIC \
  -DTEST_DATA_DIR="\"$src/tests/data\"" \
  -I"$build" -I"$build/gst" -I"$src" -I"$src/gst/cl" -I"$src/gst/elements" \
  -I"$src/tests/check" \
  $(pkg-config --cflags gstreamer-check-1.0 gstreamer-video-1.0 \
    gstreamer-base-1.0 gmodule-no-export-2.0 OpenCL) \
  -o "$out" "$@" \
  $(pkg-config --libs gstreamer-check-1.0 gstreamer-video-1.0 \
    gstreamer-base-1.0 gmodule-no-export-2.0 OpenCL) -lm
