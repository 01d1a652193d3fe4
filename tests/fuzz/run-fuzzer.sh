#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Runs the libFuzzer target for a bounded time from a fixed seed, on a
# corpus kept in the build folder (a later run starts where this one ended).
# usage: run-fuzzer.sh FUZZER CORPUS SECONDS
set -eu
mkdir -p "$2"
echo "fuzz: $1, $3 s, seed 1, corpus $2 ($(ls "$2" | wc -l) inputs)"
# Any failure is a failure: an exit status of 77 would read as skipped.
status=0
"$1" -seed=1 -max_total_time="$3" -timeout=60 -rss_limit_mb=6144 \
  -max_len=4096 -print_final_stats=1 "$2" || status=$?
[ "$status" -ne 77 ] || status=1
exit "$status"
