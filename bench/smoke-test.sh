#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# bench-smoke: "$@" (clfilter-bench.py --quick ...) exits 0 and prints a
# clhistequalize result row with its frames' latency (median, 99th
# percentile). Nothing about the timings is checked.
out=$("$@" 2>&1) || { rc=$?; printf '%s\n' "$out"; echo "bench-smoke: exit status $rc"; exit 1; }
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -Eq '^clhistequalize +[0-9.]+ +[0-9.]+ ' ||
  { echo "bench-smoke: no clhistequalize result row"; exit 1; }
printf '%s\n' "$out" |
  grep -Eq '^clhistequalize +[0-9.]+ .* [0-9]+\.[0-9]{3} [0-9]+\.[0-9]{3}( |$)' ||
  { echo "bench-smoke: no latency in the clhistequalize row"; exit 1; }
echo "bench-smoke: ok"
