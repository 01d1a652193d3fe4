#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Runs one asan- test. LeakSanitizer's own tracer sometimes crashes while
# stopping PoCL's threads at a test process's exit ("LeakSanitizer has
# encountered a fatal error", no leak report): that run says nothing either
# way. The checks whose processes it crashed in (and only those) are run
# again, on their own, until a run says something, at most six times:
# alternately as before and in the test program's own process (CK_FORK=no),
# where the tracer has one process's threads to stop at the end instead of
# a forked child's (a check that crashed the tracer in its child every time
# has run there clean). Any finding (a leak, an invalid access) fails at
# once. Checks that pass every time while the tracer fails at every exit
# are reported as not leak-checked, and do not fail the entry.
# usage: run-asan.sh TEST-EXECUTABLE
out=$(mktemp)
log=$(mktemp)
trap 'rm -f "$out" "$log"' EXIT

tracer_crash_only() {
  grep -q "LeakSanitizer has encountered a fatal error" "$log" &&
    ! grep -q "ERROR: AddressSanitizer\|ERROR: LeakSanitizer: detected" "$log"
}

"$1" >"$out" 2>"$log"
status=$?
cat "$out"
cat "$log" >&2
for attempt in 1 2 3 4 5 6; do
  [ "$status" -ne 0 ] && tracer_crash_only || break
  # Check prints "file:line:E:tcase:test_name:..." for a test whose process
  # ended early; anything else that failed is a real failure.
  # In the program's own process the checks pass and the tracer fails at
  # its exit: the same checks again.
  again=$(sed -n 's/^[^:]*:[0-9]*:E:[^:]*:\(test_[a-z0-9_]*\):.*/\1/p' "$out" |
    sort -u | paste -sd, -)
  checks=${again:-${checks:-}}
  if [ -z "$checks" ] || grep -q ":F:" "$out"; then
    break
  fi
  fork=yes
  [ $((attempt % 2)) -eq 1 ] || fork=no
  echo "run-asan: LeakSanitizer's tracer failed in $checks, running it again" \
    "(CK_FORK=$fork)" >&2
  CK_FORK=$fork GST_CHECKS=$checks "$1" >"$out" 2>"$log"
  status=$?
  cat "$out"
  cat "$log" >&2
done
# Where the tracer failed every time at the exit of a process whose checks
# all passed, AddressSanitizer found no invalid access in them (it reports
# those as they happen) and LeakSanitizer never got to look: said, not
# failed.
if [ "$status" -ne 0 ] && tracer_crash_only && grep -q "^100%: Checks" "$out" &&
  ! grep -q ":F:\|:E:" "$out"; then
  echo "run-asan: $checks passed; LeakSanitizer's tracer failed at every" \
    "exit, so no leak check of them in this run" >&2
  status=0
fi
exit "$status"
