#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Stills of one frame of a colour clip, decoded to RGB and put through
clhistequalize and clclahe in each color-space, for docs/colour.md.

usage: rgb-stills.py CLIP FRAME OUTDIR
Needs Debian's python3-gi, python3-gst-1.0 and GST_PLUGIN_PATH pointing at
the plugin.
"""
import sys

import gi

gi.require_version('Gst', '1.0')
from gi.repository import Gst  # noqa: E402

CASES = [('original', 'identity'),
         ('histequalize-ycrcb', 'clhistequalize color-space=ycrcb'),
         ('histequalize-lab', 'clhistequalize color-space=lab'),
         ('clahe-ycrcb', 'clclahe color-space=ycrcb'),
         ('clahe-lab', 'clclahe color-space=lab')]


def still(clip, frame, element, path):
    p = Gst.parse_launch(
        'filesrc location=%s ! decodebin ! videoconvert ! '
        'video/x-raw,format=RGB ! %s ! videoconvert ! pngenc ! '
        'appsink name=sink sync=false' % (clip, element))
    sink = p.get_by_name('sink')
    p.set_state(Gst.State.PLAYING)
    for _ in range(frame + 1):
        sample = sink.emit('pull-sample')
    buf = sample.get_buffer()
    with open(path, 'wb') as f:
        f.write(buf.extract_dup(0, buf.get_size()))
    p.set_state(Gst.State.NULL)


Gst.init(None)
clip, frame, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for name, element in CASES:
    still(clip, frame, element, '%s/rgb-%s.png' % (out, name))
    print('%s/rgb-%s.png' % (out, name))
