#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# A 3840x2160 H.264 byte stream of IMAGE (60 frames) for the CUDA interop
# checks' nvh264dec, made on the build machine, which has an encoder (the
# GPU machine has NVDEC only); empty where there is no x264enc.
# usage: make-clip.sh IMAGE OUT
set -u
: >"$2"
gst-inspect-1.0 x264enc >/dev/null 2>&1 || exit 0
gst-launch-1.0 -q filesrc location="$1" ! pngdec ! imagefreeze num-buffers=60 ! \
  videoconvert ! videoscale ! \
  video/x-raw,format=I420,width=3840,height=2160,framerate=30/1 ! \
  x264enc speed-preset=ultrafast key-int-max=30 ! \
  video/x-h264,stream-format=byte-stream ! filesink location="$2" || : >"$2"
