#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# The main job: clhistequalize, clclahe and clsobel on real low-contrast
# underwater footage in colour (diver.mov, from Debian's pd-extendedview
# package; any clip GStreamer decodes works). Installs what is missing,
# builds the plugin and the demo program (nothing else), fetches the clip,
# then writes to ./out:
#   diver-compare.avi   original | equalized in colour | CLAHE in colour |
#                       Sobel of the equalized luma, side by side
#   diver-clhistequalize.avi, diver-clclahe.avi (colour), diver-clsobel.avi
#                       (gray)
#   diver-original.png, diver-clhistequalize.png, diver-clclahe.png,
#   diver-clsobel.png   (stills: the frame at 6 s, or at the middle of a
#                       clip shorter than 12 s)
# and prints a summary of the luma histograms the element posted. Another
# clip's files are named after it (clip.mkv: clip-compare.avi, ...). The
# files are moved into the folder only when all of them were written and
# none is empty; else the demo says why and exits non-zero, and the files
# of an earlier run stay as they were.
# usage: scripts/demo.sh [clip] [output folder]
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh --build gst/libgstclfilter.so \
  --build examples/clfilter-demo gstreamer1.0-plugins-good

clip=${1:-build/media/diver.mov}
out=${2:-out}
if [ ! -f "$clip" ]; then
  echo "demo: fetching diver.mov from Debian's pd-extendedview package"
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download pd-extendedview >/dev/null &&
    dpkg-deb -x pd-extendedview_*.deb x)
  mkdir -p "$(dirname "$clip")"
  # Under its own name only once it is whole.
  cp "$tmp/x/usr/share/doc/pd-extendedview/media/diver.mov" "$clip.part"
  mv "$clip.part" "$clip"
  rm -rf "$tmp"
fi
mkdir -p "$out"
GST_PLUGIN_PATH=$PWD/build/gst build/examples/clfilter-demo "$clip" "$out"
