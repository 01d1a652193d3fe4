#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
#
# Fails when a source, build or script file lacks the licence header, or
# COPYING its text. Data files (tests/data, bench/results, docs/images)
# carry their licences in their folders' READMEs.
set -eu
cd "$(dirname "$0")/.."
grep -q "GNU LESSER GENERAL PUBLIC LICENSE" COPYING &&
  grep -q "Version 2.1, February 1999" COPYING ||
  { echo "licence: COPYING does not hold the LGPL-2.1 text"; exit 1; }
missing=$(find gst kernels tests examples bench scripts docs/tools meson.build \
  meson_options.txt \( -path tests/data -o -path bench/results \) -prune -o \
  -type f \( -name '*.[ch]' -o -name '*.cl' -o -name '*.py' -o \
  -name '*.sh' -o -name meson.build -o -name meson_options.txt -o \
  -name '*.supp' \) -print | sort |
  while read -r f; do
    grep -q "SPDX-License-Identifier: LGPL-2.1-or-later" "$f" || echo "$f"
  done)
if [ -n "$missing" ]; then
  echo "licence: no licence header in:"
  echo "$missing"
  exit 1
fi
echo "licence: every file has its header"
