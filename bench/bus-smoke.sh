#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# bus-smoke: clfilter-bus ($1) runs on the first CPU device with frames of
# 1 MiB and two threads, and prints a positive rate for every mode.
out=$("$1" cpu 1048576 2 2>&1) || { rc=$?; printf '%s\n' "$out"; echo "bus-smoke: exit status $rc"; exit 1; }
printf '%s\n' "$out"
for key in up-fps down-fps both-fps frame-fps; do
  printf '%s\n' "$out" | grep -Eq "^$key [1-9][0-9]*$" ||
    { echo "bus-smoke: no positive $key line"; exit 1; }
done
echo "bus-smoke: ok"
