#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# bench-smoke: "$@" (clfilter-bench.py --quick ...) exits 0 and prints a
# clhistequalize result row. Nothing about the timings is checked.
set -u
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 0 ]; then
  echo "bench-smoke: exit status $rc"
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq '^clhistequalize +[0-9.]+ +[0-9.]+ '; then
  echo "bench-smoke: no clhistequalize result row"
  exit 1
fi
echo "bench-smoke: ok"
