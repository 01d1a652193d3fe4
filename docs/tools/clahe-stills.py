#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Makes the stills of docs/clclahe.md with the clclahe element.

usage: clahe-stills.py CLIP OUTDIR
CLIP is diver.mov (scripts/demo.sh fetches it). Writes to OUTDIR:
  diver-clclahe.png           the frame at 6 s (as the demo's stills) in
                              GRAY8 through clclahe with its defaults
  diver-colour.png            the same frame in colour, before | after
                              clclahe on the decoder's full-range luma
  thermal-16bit.png           a thermal-style 16-bit scene (GRAY16, made
                              here: raw counts in a narrow band, a few hot
                              objects)
  thermal-linear.png          it stretched linearly to 8 bits, min to max
  thermal-clclahe.png         it through clclahe clip-limit=512 into GRAY8
Each output of the element is checked against cv2.createCLAHE as it goes.
Needs Debian's python3-gi, python3-gst-1.0, python3-numpy, python3-opencv
and GST_PLUGIN_PATH pointing at the plugin.
"""
import os
import sys

import cv2
import gi
import numpy as np

gi.require_version('Gst', '1.0')
gi.require_version('GstVideo', '1.0')
from gi.repository import Gst, GstVideo  # noqa: E402

STILL_AT = 6 * Gst.SECOND


def frames(desc, count=1):
    """The first @count frames of the appsink named sink in @desc, as
    (numpy array of the first plane's rows, video info)."""
    pipeline = Gst.parse_launch(desc)
    sink = pipeline.get_by_name('sink')
    pipeline.set_state(Gst.State.PLAYING)
    out = []
    while len(out) < count:
        sample = sink.emit('try-pull-sample', 30 * Gst.SECOND)
        if sample is None:
            break
        info = GstVideo.VideoInfo.new_from_caps(sample.get_caps())
        buf = sample.get_buffer()
        data = np.frombuffer(buf.extract_dup(0, buf.get_size()), np.uint8)
        out.append((data, info))
    pipeline.set_state(Gst.State.NULL)
    return out


def still(clip, caps, element):
    desc = ('filesrc location="%s" ! decodebin ! videoconvert ! %s ! '
            'identity name=gate ! %s ! appsink name=sink sync=false' % (
                clip, caps, element))
    pipeline = Gst.parse_launch(desc)
    gate = pipeline.get_by_name('gate').get_static_pad('sink')
    gate.add_probe(Gst.PadProbeType.BUFFER,
                   lambda pad, info: Gst.PadProbeReturn.DROP
                   if info.get_buffer().pts < STILL_AT
                   else Gst.PadProbeReturn.OK)
    sink = pipeline.get_by_name('sink')
    pipeline.set_state(Gst.State.PLAYING)
    sample = sink.emit('try-pull-sample', 60 * Gst.SECOND)
    assert sample is not None, desc
    info = GstVideo.VideoInfo.new_from_caps(sample.get_caps())
    buf = sample.get_buffer()
    data = np.frombuffer(buf.extract_dup(0, buf.get_size()), np.uint8)
    pipeline.set_state(Gst.State.NULL)
    return data, info


def rows(data, info, p=0, bytes_per_row=None):
    n = bytes_per_row or info.width
    start = info.offset[p]
    return data[start:start + info.stride[p] * (info.height if p == 0 else
                                                (info.height + 1) // 2)] \
        .reshape(-1, info.stride[p])[:, :n].copy()


def thermal_scene():
    """Raw counts of a thermal-style camera: a cool sky and warmer ground,
    a building with windows a little warmer than its wall, a road, a
    person and a car's engine far hotter than the rest, sensor noise."""
    rng = np.random.default_rng(11)
    h, w = 240, 320
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    t = np.where(yy < 110, 28200 + yy * 4, 29100 + (yy - 110) * 3)
    t += 40 * np.sin(xx / 23.0)
    t[60:170, 30:140] = 29400 + (yy[60:170, 30:140] - 60) * 1.5
    for wy in range(75, 150, 25):
        for wx in range(45, 130, 28):
            t[wy:wy + 12, wx:wx + 16] = 29550
    t[185:215, :] = 29700 + 10 * np.sin(xx[185:215, :] / 7.0)
    person = ((xx - 215) / 11) ** 2 + ((yy - 150) / 30) ** 2 < 1
    head = ((xx - 215) / 7) ** 2 + ((yy - 112) / 8) ** 2 < 1
    t[person] = 33800 + 150 * np.cos((yy[person] - 150) / 9)
    t[head] = 34500
    t[190:212, 250:305] = 31000
    t[192:206, 290:304] = 36500
    t += rng.normal(0, 12, (h, w))
    return np.clip(t, 0, 65535).astype(np.uint16)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    clip, out = sys.argv[1], sys.argv[2]
    Gst.init(None)
    os.makedirs(out, exist_ok=True)

    # The gray still, as the demo's.
    orig = rows(*still(clip, 'video/x-raw,format=GRAY8', 'identity'))
    got = rows(*still(clip, 'video/x-raw,format=GRAY8', 'clclahe'))
    assert np.array_equal(got, cv2.createCLAHE(2.0, (8, 8)).apply(orig))
    cv2.imwrite(os.path.join(out, 'diver-clclahe.png'), got)

    # Colour: clclahe on the decoder's I420 (jpegdec: full range).
    before = still(clip, 'video/x-raw,format=I420', 'videoconvert ! '
                   'video/x-raw,format=BGR')
    after = still(clip, 'video/x-raw,format=I420', 'clclahe ! videoconvert ! '
                  'video/x-raw,format=BGR')
    pics = [rows(d, i, 0, i.width * 3).reshape(i.height, i.width, 3)
            for d, i in (before, after)]
    half = [cv2.resize(p, (p.shape[1] // 2, p.shape[0] // 2),
                       interpolation=cv2.INTER_AREA) for p in pics]
    cv2.imwrite(os.path.join(out, 'diver-colour.png'), np.hstack(half))

    # Thermal.
    scene = thermal_scene()
    path16 = os.path.join(out, 'thermal-16bit.png')
    cv2.imwrite(path16, scene)
    lo, hi = int(scene.min()), int(scene.max())
    linear = ((scene.astype(np.float64) - lo) * 255 / (hi - lo) + 0.5) \
        .astype(np.uint8)
    cv2.imwrite(os.path.join(out, 'thermal-linear.png'), linear)
    data, info = frames(
        'filesrc location="%s" ! pngdec ! video/x-raw,format=GRAY16_BE ! '
        'clclahe clip-limit=512 ! video/x-raw,format=GRAY8 ! '
        'appsink name=sink sync=false' % path16)[0]
    got = rows(data, info)
    # GRAY8 out of GRAY16 is OpenCV's 16-bit CLAHE shifted down by 8.
    want = (cv2.createCLAHE(512, (8, 8)).apply(scene) >> 8).astype(np.uint8)
    assert np.array_equal(got.reshape(want.shape), want), 'thermal: not cv2'
    cv2.imwrite(os.path.join(out, 'thermal-clclahe.png'), got)
    print('lo %d hi %d: written to %s' % (lo, hi, out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
