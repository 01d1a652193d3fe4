#!/bin/sh
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
# Frames in GStreamer's CUDA memory through clupload and cldownload, on an
# NVIDIA GPU with GStreamer's nvcodec plugin: every frame's bytes equal to
# those of the same element on system memory, after cudaupload, before
# cudadownload, and after nvh264dec on CLIP (a H.264 byte stream; its
# checks are skipped where it is empty). Skipped (77) with the reason where
# there is no CUDA, no nvcodec or a plugin built without the interop.
# FRAME_CMP is tests/cuda/frame-cmp, which compares the frames' pixels
# and not the padding of their rows.
# usage: cuda-interop.sh CLIP FRAME_CMP
set -u
clip=$1
frame_cmp=$2
skip () { echo "SKIP: $*"; exit 77; }
gst-inspect-1.0 clupload 2>/dev/null | grep -q 'memory:CUDAMemory' ||
  skip "the plugin is built without CUDA interop (meson -Dcuda; it needs libgstreamer-plugins-bad1.0-dev)"
gst-inspect-1.0 cudaupload >/dev/null 2>&1 ||
  skip "no cudaupload: GStreamer's nvcodec plugin (gstreamer1.0-plugins-bad) did not load, or there is no NVIDIA GPU with CUDA"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
# cudadownload's rows keep CUDA's pitch; two flips copy them into
# GStreamer's default layout, the one the references have.
tight="videoflip method=horizontal-flip ! videoflip method=horizontal-flip"
# usage: same WHAT FORMAT WIDTHxHEIGHT
same () {
  if [ -s "$tmp/a" ] && "$frame_cmp" "$2" "${3%x*}" "${3#*x}" "$tmp/a" "$tmp/b" \
    >"$tmp/cmp"; then
    echo "ok   $1 ($(stat -c %s "$tmp/a") bytes)"
  else
    echo "FAIL $1: $(tr '\n' ' ' <"$tmp/cmp")"
    failed=1
  fi
}
run () { timeout 120 gst-launch-1.0 -q "$@" >"$tmp/log" 2>&1 || cat "$tmp/log"; }
for f in NV12 I420 Y444 BGRx; do
  for s in 1002x602 3840x2160; do
    src="videotestsrc num-buffers=6 pattern=ball ! video/x-raw,format=$f,width=${s%x*},height=${s#*x}"
    run $src ! filesink location="$tmp/a"
    run $src ! cudaupload ! "video/x-raw(memory:CUDAMemory)" ! clupload ! cldownload ! video/x-raw ! filesink location="$tmp/b"
    same "$f $s: cudaupload ! clupload ! cldownload" "$f" "$s"
    run $src ! clhistequalize ! filesink location="$tmp/a"
    run $src ! cudaupload ! "video/x-raw(memory:CUDAMemory)" ! clupload ! clhistequalize ! cldownload ! \
      "video/x-raw(memory:CUDAMemory)" ! cudadownload ! $tight ! filesink location="$tmp/b"
    same "$f $s: CUDA memory on both sides of clhistequalize" "$f" "$s"
    run $src ! clhistequalize ! cldownload ! "video/x-raw(memory:CUDAMemory)" ! \
      cudadownload ! $tight ! filesink location="$tmp/b"
    same "$f $s: system memory in, CUDA memory out" "$f" "$s"
  done
done
# cudadownload's P010 keeps CUDA's plane heights, and videoflip has no
# 10-bit format: CUDA memory in only.
src="videotestsrc num-buffers=6 pattern=ball ! video/x-raw,format=P010_10LE,width=3840,height=2160"
run $src ! clhistequalize ! filesink location="$tmp/a"
run $src ! cudaupload ! "video/x-raw(memory:CUDAMemory)" ! clupload ! clhistequalize ! cldownload ! video/x-raw ! \
  filesink location="$tmp/b"
same "P010_10LE 3840x2160: CUDA memory into clhistequalize" P010_10LE 3840x2160
if [ -s "$clip" ] && gst-inspect-1.0 nvh264dec >/dev/null 2>&1; then
  dec="filesrc location=$clip ! h264parse ! nvh264dec"
  run $dec ! video/x-raw ! clclahe ! filesink location="$tmp/a"
  run $dec ! "video/x-raw(memory:CUDAMemory)" ! clupload ! clclahe ! cldownload ! \
    "video/x-raw(memory:CUDAMemory)" ! cudadownload ! $tight ! filesink location="$tmp/b"
  same "nvh264dec ! clupload ! clclahe ! cldownload, CUDA memory on both sides" \
    NV12 3840x2160
else
  echo "SKIP nvh264dec: no clip (built where x264enc is) or no nvh264dec"
fi
exit $failed
