#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
#
# Fails on kernel source that PoCL (the device of every local and CI run)
# compiles and NVIDIA's OpenCL compiler rejects: PoCL's newer clang takes
# code that NVIDIA's front end refuses, so such code passes every test here
# and fails to build on a GPU.
# - variadic macros ("variadic macros not supported in OpenCL")
set -eu
cd "$(dirname "$0")/.."
found=$(grep -n -E '^[[:space:]]*#[[:space:]]*define[[:space:]]+[A-Za-z_][A-Za-z0-9_]*\([^)]*\.\.\.' \
  kernels/*.cl kernels/*.h 2>/dev/null || true)
if [ -n "$found" ]; then
  echo "kernels: variadic macros, which NVIDIA's OpenCL C rejects:"
  echo "$found"
  exit 1
fi
echo "kernels: no construct that NVIDIA's compiler is known to reject"
