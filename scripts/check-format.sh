#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Fails when a C file differs from what .clang-format makes of it.
# Fix with: clang-format -i $(git ls-files '*.c' '*.h')
set -eu
cd "$(dirname "$0")/.."
files=$(find gst tests bench examples -name '*.[ch]' 2>/dev/null | sort)
clang-format --dry-run --Werror $files
echo "format: $(echo "$files" | wc -l) files clean"
