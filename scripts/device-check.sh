#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# The C suites on a machine without meson or a package registry (the GPU
# machine lent through the `device` tool): each suite's binary from
# ./build, run on the device the elements pick, one log per suite under
# OUTDIR, one summary line per suite on stdout. Build here first; there,
# from the project root, after `. .device/activate.sh`:
#     scripts/device-check.sh "$OUT/suites" clhistequalize clsobel ...
# The GStreamer bundle there needs jpegenc's library for the decoder
# checks: EXTRA_DEBS="libgstreamer-plugins-base1.0-0 libjpeg62-turbo"
# ../shared/device/prepare.sh. cuda-interop (not in the default list) needs
# GStreamer's CUDA elements there: the EXTRA_DEBS prepare.sh lists for
# them.
# With no suite named, every suite that tests/meson.build runs with the
# device the elements pick runs: the element suites, device memory, start-up,
# the soak, the largest frames and the fault checks that need a device.
# usage: scripts/device-check.sh OUTDIR [suite...]
set -u
cd "$(dirname "$0")/.."
out=$1
shift
[ $# -gt 0 ] || set -- clhistequalize clhistogram clclahe clsobel agc \
  badinput lifecycle concurrency randomized devicememory integrity clmemory \
  testutils startup soak large-frames faults-device faults-build-failure
mkdir -p "$out"
# The test data's folder is compiled into the suites as the build
# machine's path (BUILT/tests/data); where this checkout sits elsewhere, a
# link makes that path reach it: BUILT/tests -> this checkout's tests (a
# link there from an earlier run is replaced), or, where BUILT/tests is a
# folder without data, BUILT/tests/data -> this checkout's tests/data.
data=$(grep -a -o -m1 '/[^[:space:]]*/tests/data' build/tests/clhistequalize \
  2>/dev/null | head -n1 || true)
if [ -n "$data" ] && [ ! -d "$data" ]; then
  tests=$(dirname "$data")
  if [ -L "$tests" ] || [ ! -e "$tests" ]; then
    mkdir -p "$(dirname "$tests")"
    ln -sfn "$PWD/tests" "$tests"
  else
    ln -sfn "$PWD/tests/data" "$data"
  fi
fi
export GST_PLUGIN_PATH="$PWD/build/gst" GST_DEBUG='*:1' CK_DEFAULT_TIMEOUT=300
export GST_REGISTRY="${TMPDIR:-/tmp}/gst-clfilter-check-registry.bin"
failed=0 total=0
for t in "$@"; do
  start=$(date +%s)
  # The entries meson runs with a binary of another name and its own checks.
  case $t in
  large-frames) run="badinput GST_CHECKS=test_largest_frames" ;;
  faults-device)
    run="faults GST_CHECKS=test_device_missing,test_frame_too_large" ;;
  faults-build-failure)
    run="faults GST_CHECKS=test_build_failure GST_CL_BUILD_OPTIONS=-D__kernel=broken_type" ;;
  *) run=$t ;;
  esac
  # shellcheck disable=SC2086 # run is a binary's name and VAR=value words
  set -- $run
  bin=$1
  shift
  if [ "$bin" = cuda-interop ]; then
    # A script, with the clip the build made; it needs nvcodec (see below).
    timeout 600 tests/cuda/cuda-interop.sh build/tests/cuda/chelsea-4k.h264 \
      build/tests/cuda/frame-cmp \
      >"$out/$t.log" 2>&1
  else
    env "$@" timeout 600 "build/tests/$bin" >"$out/$t.log" 2>&1
  fi
  rc=$?
  total=$((total + 1))
  [ $rc -eq 0 ] || failed=$((failed + 1))
  echo "$t: exit $rc, $(($(date +%s) - start)) s," \
    "$(grep -E '^[0-9]+%: Checks|^(ok|FAIL|SKIP)' "$out/$t.log" |
      sort | uniq -c -w4 | tr '\n' ' ' || echo 'no check summary')"
done
echo "device-check: $total suites, $failed failed"
[ $failed -eq 0 ]
