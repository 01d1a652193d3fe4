#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Installs the Debian packages gst-clfilter needs that are missing, then
# configures and builds it in ./build. Run by demo.sh and test.sh.
# usage: scripts/setup.sh [--build TARGET]... [extra Debian packages...]
# Each --build names a ninja target to build (e.g. gst/libgstclfilter.so,
# examples/clfilter-demo); with none, everything is built (the plugin, the
# examples, the tests, the AddressSanitizer build, the fuzzer, the
# benchmark), as test.sh needs.
set -eu
cd "$(dirname "$0")/.."

targets=""
while [ $# -ge 2 ] && [ "$1" = "--build" ]; do
  targets="$targets $2"
  shift 2
done

pkgs="meson ninja-build pkg-config gcc g++ python3
libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools
gstreamer1.0-plugins-base gstreamer1.0-plugins-good
ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
libgstreamer-plugins-bad1.0-dev $*"

missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends $missing >/dev/null
fi

if [ ! -f build/build.ninja ]; then
  meson setup build
fi
# shellcheck disable=SC2086 # targets is a list of words, or none
ninja -C build $targets
