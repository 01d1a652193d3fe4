#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Plots what clhistequalize's smoothing does to a real clip, per frame,
with and without smoothing: the mean brightness of the output's luma, and
the table's jump, how far the value a pixel of the frame maps to moved
since the previous frame (mean over the frame's pixels of
|lut_n(v) - lut_n-1(v)|, with each frame's table read off its input and
output). Prints the frame-to-frame jitter of both measures: the mean
absolute change of the brightness, and the mean table jump.

usage: agc-smoothing-plot.py CLIP OUT.png [PROPERTIES] [SMOOTHING]
Needs Debian's python3-gi, python3-gst-1.0, python3-numpy and
python3-matplotlib, and GST_PLUGIN_PATH pointing at the plugin.
"""
import sys

import gi
import numpy as np

gi.require_version('Gst', '1.0')
gi.require_version('GstVideo', '1.0')
from gi.repository import Gst, GstVideo  # noqa: E402


def gray(sample):
    info = GstVideo.VideoInfo.new_from_caps(sample.get_caps())
    buf = sample.get_buffer()
    data = np.frombuffer(buf.extract_dup(0, buf.get_size()), np.uint8)
    rows = data[:info.stride[0] * info.height].reshape(info.height,
                                                       info.stride[0])
    return rows[:, :info.width]


def measure(clip, props):
    """Per frame: the output's mean luma and the table's jump."""
    pipeline = Gst.parse_launch(
        'filesrc name=src ! decodebin ! videoconvert ! '
        'video/x-raw,format=GRAY8 ! tee name=t ! queue ! '
        'appsink name=in sync=false t. ! queue ! '
        'clhistequalize post-messages=false %s ! '
        'appsink name=out sync=false' % props)
    pipeline.get_by_name('src').set_property('location', clip)
    sinks = [pipeline.get_by_name(n) for n in ('in', 'out')]
    pipeline.set_state(Gst.State.PLAYING)
    means, jumps, prev = [], [], None
    while True:
        samples = [s.emit('pull-sample') for s in sinks]
        if None in samples:
            break
        x, y = (gray(s) for s in samples)
        lut = np.full(256, -1.0)
        lut[x.ravel()] = y.ravel()
        means.append(float(y.mean()))
        if prev is not None:
            both = (lut[x] >= 0) & (prev[x] >= 0)
            jumps.append(float(np.abs(lut[x] - prev[x])[both].mean()))
        prev = lut
    msg = pipeline.get_bus().pop_filtered(Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    if msg:
        err, dbg = msg.parse_error()
        raise SystemExit('%s: %s\n%s' % (clip, err.message, dbg))
    if not means:
        raise SystemExit('%s: no frames' % clip)
    return np.array(means), np.array(jumps)


def jitter(means):
    return float(np.mean(np.abs(np.diff(means)))) if len(means) > 1 else 0.0


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    clip, out = sys.argv[1], sys.argv[2]
    props = sys.argv[3] if len(sys.argv) > 3 else ''
    smoothing = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    Gst.init(None)
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt

    runs = [('smoothing=0', measure(clip, props)),
            ('smoothing=%d' % smoothing,
             measure(clip, '%s smoothing=%d' % (props, smoothing)))]
    print('%s, %d frames, clhistequalize %s' % (clip, len(runs[0][1][0]),
                                               props or '(defaults)'))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 5.5), dpi=100,
                                      sharex=True)
    for name, (means, jumps) in runs:
        print('%-14s brightness jitter %.3f, table jump %.3f' %
              (name, jitter(means), jumps.mean()))
        top.plot(means, lw=1, label='%s (jitter %.2f)' % (name,
                                                         jitter(means)))
        bottom.plot(range(1, len(means)), jumps, lw=1,
                    label='%s (mean %.2f)' % (name, jumps.mean()))
    top.set_ylabel('mean output luma')
    bottom.set_ylabel('table jump')
    bottom.set_xlabel('frame')
    top.set_title('clhistequalize %s on %s' % (props, clip.rsplit('/', 1)[-1]))
    top.legend(loc='best', fontsize=8)
    bottom.legend(loc='best', fontsize=8)
    fig.tight_layout()
    fig.savefig(out)


if __name__ == '__main__':
    main()
