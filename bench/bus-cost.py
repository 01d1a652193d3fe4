#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
"""What clhistogram's `histogram` messages cost, read or left on the bus.

usage: bus-cost.py FORMAT MESSAGE-BINS FRAMES POST(true|false) read|noread

Plays FRAMES frames of 320x240 FORMAT from videotestsrc (snow) through
clhistogram into a fakesink and prints the time per frame and how much the
process's resident memory grew. With `noread` nobody takes the messages
off the bus until the end, as in an application that never watches its
pipeline's bus; with `read` they are popped as they come. Each run is one
process, after a 20-frame warm-up (device, program, allocations). Results
are in docs/clhistogram.md. Needs GST_PLUGIN_PATH to find the plugin.
"""
import sys
import time

import gi
gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402


def rss_kib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def run(fmt, bins, post, frames, read):
    p = Gst.parse_launch(
        "videotestsrc num-buffers=%d pattern=snow ! "
        "video/x-raw,format=%s,width=320,height=240 ! "
        "clhistogram post-messages=%s message-bins=%d ! fakesink name=sink"
        % (frames, fmt, post, bins))
    bus = p.get_bus()
    done = []

    def on_event(pad, info):
        if info.get_event().type == Gst.EventType.EOS:
            done.append(True)
        return Gst.PadProbeReturn.OK

    p.get_by_name("sink").get_static_pad("sink").add_probe(
        Gst.PadProbeType.EVENT_DOWNSTREAM, on_event)
    r0 = rss_kib()
    t0 = time.monotonic()
    p.set_state(Gst.State.PLAYING)
    if read:
        types = (Gst.MessageType.EOS | Gst.MessageType.ERROR
                 | Gst.MessageType.ELEMENT)
        while True:
            m = bus.timed_pop_filtered(Gst.CLOCK_TIME_NONE, types)
            if m.type != Gst.MessageType.ELEMENT:
                break
    else:
        # timed_pop_filtered would drop the messages it skips: wait for the
        # sink's EOS instead.
        while not done:
            time.sleep(0.002)
    t = time.monotonic() - t0
    grown = rss_kib() - r0
    queued = 0
    while bus.pop():
        queued += 1
    p.set_state(Gst.State.NULL)
    return t, grown, queued


def main():
    fmt, bins, frames = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    post, read = sys.argv[4], sys.argv[5] == "read"
    Gst.init(None)
    run(fmt, bins, "false", 20, True)
    t, grown, queued = run(fmt, bins, post, frames, read)
    print("%s message-bins=%d post-messages=%s %s: %.2f ms/frame, "
          "RSS +%d KiB (%.1f KiB/frame), %d messages left on the bus"
          % (fmt, bins, post, sys.argv[5], t * 1000 / frames, grown,
             grown / frames, queued))


if __name__ == "__main__":
    main()
