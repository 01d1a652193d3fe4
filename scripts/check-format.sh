#!/bin/sh
# Fails when a C file differs from what .clang-format makes of it.
# Fix with: clang-format -i $(git ls-files '*.c' '*.h')
set -eu
cd "$(dirname "$0")/.."
files=$(find gst tests bench examples -name '*.[ch]' 2>/dev/null | sort)
clang-format --dry-run --Werror $files
echo "format: $(echo "$files" | wc -l) files clean"
