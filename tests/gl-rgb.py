#!/usr/bin/env python3
# gst-clfilter tests
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""RGB from GStreamer's GL elements straight into the elements.

`glupload ! glcolorconvert ! gldownload` hands over RGBA/BGRA/RGBx/BGRx
frames as a GL pipeline does; each goes, through a tee, to an appsink as
it came and through clhistequalize (each color-space) and clhistogram to
another. The output must link without videoconvert and equal OpenCV's
recipe on the frame as it came, byte for byte (alpha and padding bytes
kept); the histogram must equal numpy's count.

Runs under Xvfb (xvfb-run), as GL needs a display; skips (77) without
xvfb-run, the GL plugin or cv2. GST_PLUGIN_PATH must find the plugin.
"""
import os
import shutil
import subprocess
import sys
import tempfile

if 'DISPLAY' not in os.environ:
    if not shutil.which('xvfb-run'):
        print('skipped: no xvfb-run (Debian package xvfb)')
        sys.exit(77)
    env = dict(os.environ)
    # Mesa's EGL asks for one, and complains on every frame without.
    if not os.path.isdir(env.get('XDG_RUNTIME_DIR', '')):
        env['XDG_RUNTIME_DIR'] = tempfile.mkdtemp()
    sys.exit(subprocess.call(['xvfb-run', '-a', sys.executable] + sys.argv,
                             env=env))

try:
    import numpy as np
    import cv2
    import gi
    gi.require_version('Gst', '1.0')
    gi.require_version('GstVideo', '1.0')
    from gi.repository import Gst, GstVideo
except (ImportError, ValueError) as e:
    print('skipped: %s' % e)
    sys.exit(77)

Gst.init(None)
if not Gst.ElementFactory.find('glcolorconvert'):
    print('skipped: no glcolorconvert (Debian package gstreamer1.0-gl)')
    sys.exit(77)

W, H = 333, 251
# Where R, G and B are in a pixel of each format; the rest is kept.
LAYOUTS = {'RGBA': (0, 1, 2), 'BGRA': (2, 1, 0), 'RGBx': (0, 1, 2),
           'BGRx': (2, 1, 0)}


def pixels(sample):
    """The frame's pixels as (H, W, 4), rows where its meta puts them."""
    buf = sample.get_buffer()
    info = GstVideo.VideoInfo.new_from_caps(sample.get_caps())
    meta = GstVideo.buffer_get_video_meta(buf)
    stride = meta.stride[0] if meta else info.stride[0]
    offset = meta.offset[0] if meta else info.offset[0]
    data = buf.extract_dup(0, buf.get_size())
    rows = np.frombuffer(data, np.uint8, stride * (H - 1) + W * 4, offset)
    return np.lib.stride_tricks.as_strided(
        rows, (H, W, 4), (stride, 4, 1)).copy()


def run(fmt, element):
    desc = ('videotestsrc num-buffers=1 pattern=snow ! '
            'video/x-raw,format=I420,width=%d,height=%d ! glupload ! '
            'glcolorconvert ! video/x-raw(memory:GLMemory),format=%s ! '
            'gldownload ! tee name=t ! queue ! appsink name=raw '
            't. ! queue ! %s ! appsink name=out' % (W, H, fmt, element))
    p = Gst.parse_launch(desc)
    p.set_state(Gst.State.PLAYING)
    raw = p.get_by_name('raw').emit('try-pull-sample', 30 * Gst.SECOND)
    out = p.get_by_name('out').emit('try-pull-sample', 30 * Gst.SECOND)
    msgs = []
    bus = p.get_bus()
    while True:
        m = bus.pop_filtered(Gst.MessageType.ELEMENT | Gst.MessageType.ERROR)
        if not m:
            break
        if m.type == Gst.MessageType.ERROR:
            sys.exit('%s: %s' % (desc, m.parse_error()[0].message))
        msgs.append(m.get_structure())
    p.set_state(Gst.State.NULL)
    if not raw or not out:
        sys.exit('%s: no frame came out' % desc)
    fmt_out = out.get_caps().get_structure(0).get_value('format')
    if fmt_out != fmt:
        sys.exit('%s: %s came out' % (desc, fmt_out))
    return pixels(raw), pixels(out), msgs


def recipe(frame, order, space):
    rgb = np.ascontiguousarray(frame[..., list(order)])
    if space == 'rgb':
        done = np.dstack([cv2.equalizeHist(np.ascontiguousarray(rgb[..., c]))
                          for c in range(3)])
    else:
        to, back = ((cv2.COLOR_RGB2YCrCb, cv2.COLOR_YCrCb2RGB)
                    if space == 'ycrcb' else
                    (cv2.COLOR_RGB2Lab, cv2.COLOR_Lab2RGB))
        c = cv2.cvtColor(rgb, to)
        c[..., 0] = cv2.equalizeHist(np.ascontiguousarray(c[..., 0]))
        done = cv2.cvtColor(c, back)
    want = frame.copy()
    for k, at in enumerate(order):
        want[..., at] = done[..., k]
    return want


failed = 0
for fmt, order in LAYOUTS.items():
    for space in ('ycrcb', 'lab', 'rgb'):
        raw, out, _ = run(fmt, 'clhistequalize post-messages=false '
                          'color-space=%s' % space)
        want = recipe(raw, order, space)
        bad = int((out != want).sum())
        print('%s %s: %d of %d bytes differ' % (fmt, space, bad, want.size))
        failed += bad != 0
        if (out == raw).all():
            print('%s %s: the frame came out untouched' % (fmt, space))
            failed += 1
    raw, out, msgs = run(fmt, 'clhistogram color-space=rgb')
    for name, at in zip(('red', 'green', 'blue'), order):
        want = np.bincount(raw[..., at].ravel(), minlength=256)
        got = np.array(msgs[0].get_value(name + '-bins')) if msgs else None
        ok = got is not None and (got == want).all() and (out == raw).all()
        print('%s clhistogram %s: %s' % (fmt, name, 'ok' if ok else 'differs'))
        failed += not ok
sys.exit(1 if failed else 0)
