#!/bin/sh
# Runs one asan- test. LeakSanitizer's own tracer sometimes crashes while
# stopping PoCL's threads at exit ("LeakSanitizer has encountered a fatal
# error", no leak report): that run says nothing either way and is run
# once more. Any finding (a leak, an invalid access) fails at once.
# usage: run-asan.sh TEST-EXECUTABLE
log=$(mktemp)
"$1" 2>"$log"
status=$?
if [ "$status" -ne 0 ] &&
  grep -q "LeakSanitizer has encountered a fatal error" "$log" &&
  ! grep -q "ERROR: AddressSanitizer\|ERROR: LeakSanitizer: detected" "$log"; then
  cat "$log" >&2
  echo "run-asan: LeakSanitizer's tracer failed, running again" >&2
  "$1" 2>"$log"
  status=$?
fi
cat "$log" >&2
rm -f "$log"
exit "$status"
