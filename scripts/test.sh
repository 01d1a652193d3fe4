#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Runs every test: installs what is missing, builds, then `meson test`
# (gst-check suites on the OpenCL device the tests pick, PoCL's CPU device
# where there is no GPU, plus the format check and fault tests).
# gstreamer1.0-plugins-ugly's x264enc makes the H.264 clip that the CUDA
# interop checks decode with nvh264dec on a GPU machine, which has no
# encoder.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh clang-format valgrind python3-gi python3-gst-1.0 \
  python3-matplotlib python3-numpy python3-opencv clang libclang-rt-14-dev \
  gstreamer1.0-gl libegl-mesa0 libgl1-mesa-dri xvfb xauth \
  gstreamer1.0-plugins-ugly
status=0
(cd build && meson test --print-errorlogs "$@") || status=$?
# One closing line in the plain form CI reads.
python3 - build/meson-logs/testlog.json <<'PY'
import json, sys
ok = bad = skip = 0
for line in open(sys.argv[1]):
    r = json.loads(line).get('result')
    if r in ('OK', 'EXPECTEDFAIL'):
        ok += 1
    elif r == 'SKIP':
        skip += 1
    else:
        bad += 1
print('tests: %d passed, %d failed, %d skipped' % (ok, bad, skip))
PY
exit $status
