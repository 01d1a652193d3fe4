#!/usr/bin/env python3
# gst-clfilter example: a live histogram plot of any video file
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Plays a video file through clhistogram (or clhistequalize) and plots each
frame's histogram with matplotlib.

    clhistogram-plot.py CLIP [--element clhistequalize] [--read meta]
        [--png hist.png] [--animation hist.gif] [--bins 64]

Any file GStreamer decodes (decodebin), colour or gray: YUV frames are
measured by their luma, GRAY8 and GRAY16 whole. The histograms come from
the element's `histogram` bus messages (--read message, the default) or
from the GstClHistogramMeta on each buffer an appsink receives (--read
meta). --png is redrawn while the clip plays, so an image viewer showing it
follows along, and holds the last frame's plot at the end; --animation
writes every frame's plot into a GIF. Errors are printed; the exit status
is 1 on any failure.

Needs Debian's python3-gi, python3-gst-1.0 and python3-matplotlib, and the
plugin where GStreamer finds it (installed, or GST_PLUGIN_PATH=build/gst).
"""
import argparse
import os
import sys


def fail(message):
    print("clhistogram-plot: error: %s" % message, file=sys.stderr)
    sys.exit(1)


try:
    import gi
    gi.require_version("Gst", "1.0")
    from gi.repository import GLib, Gst
except (ImportError, ValueError) as e:
    fail("GStreamer's Python bindings are missing (python3-gi, "
         "python3-gst-1.0): %s" % e)
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import animation
except ImportError as e:
    fail("matplotlib is missing (python3-matplotlib): %s" % e)

META_NAME = "GstClHistogramMeta"


def histogram_fields(s):
    """The fields of a `histogram` message or meta structure."""
    return {
        "time": s.get_value("running-time"),
        "pts": s.get_value("timestamp"),
        "format": s.get_value("format"),
        "bins": list(s.get_value("bins")),
        "pixels": s.get_value("pixels"),
        "min": s.get_value("min"),
        "max": s.get_value("max"),
        "mean": s.get_value("mean"),
        "stddev": s.get_value("stddev"),
    }


class Plot:
    """One figure: the current frame's histogram over the brightness of
    every frame so far."""

    def __init__(self, title):
        self.fig, (self.ax_hist, self.ax_time) = plt.subplots(
            2, 1, figsize=(8, 6), gridspec_kw={"height_ratios": [3, 2]})
        self.fig.suptitle(title)
        self.frames = []

    def add(self, h):
        self.frames.append(h)

    def draw(self, index=-1):
        h = self.frames[index]
        upto = self.frames[:index + 1 if index >= 0 else len(self.frames)]
        bins = h["bins"]
        depth = 16 if h["format"].startswith("GRAY16") else 8
        width = (1 << depth) / len(bins)
        self.ax_hist.clear()
        self.ax_hist.bar([i * width for i in range(len(bins))], bins,
                         width=width, align="edge", color="#4070c0")
        self.ax_hist.set_xlim(0, 1 << depth)
        self.ax_hist.set_xlabel("%s value (%s)" % (
            "luma" if not h["format"].startswith("GRAY") else "gray",
            h["format"]))
        self.ax_hist.set_ylabel("pixels")
        self.ax_hist.set_title(
            "frame %d at %.3f s: min %d, max %d, mean %.1f, stddev %.1f"
            % (len(upto) - 1, h["pts"] / 1e9, h["min"], h["max"], h["mean"],
               h["stddev"]), fontsize=9)
        t = [f["pts"] / 1e9 for f in upto]
        mean = [f["mean"] for f in upto]
        sd = [f["stddev"] for f in upto]
        self.ax_time.clear()
        self.ax_time.plot(t, mean, color="#c04040", label="mean")
        self.ax_time.fill_between(t, [m - s for m, s in zip(mean, sd)],
                                  [m + s for m, s in zip(mean, sd)],
                                  color="#c04040", alpha=0.2,
                                  label="mean ± stddev")
        self.ax_time.plot(t, [f["min"] for f in upto], color="#808080",
                          linewidth=0.8, label="min, max")
        self.ax_time.plot(t, [f["max"] for f in upto], color="#808080",
                          linewidth=0.8)
        self.ax_time.set_ylim(0, (1 << depth) * 1.04)
        self.ax_time.set_xlabel("time (s)")
        self.ax_time.legend(loc="upper right", fontsize=8)
        self.fig.tight_layout()

    def save_png(self, path):
        # Written aside and renamed, so that a viewer never reads half a
        # file.
        tmp = path + ".tmp.png"
        self.fig.savefig(tmp, dpi=80)
        os.replace(tmp, path)

    def save_animation(self, path, fps):
        anim = animation.FuncAnimation(
            self.fig, self.draw, frames=len(self.frames), interval=1000 / fps)
        anim.save(path, writer=animation.PillowWriter(fps=fps), dpi=60)


def run(args):
    Gst.init(None)
    if not Gst.ElementFactory.find(args.element):
        fail("GStreamer has no element %s: install the plugin or set "
             "GST_PLUGIN_PATH to the build's gst folder" % args.element)
    if not os.path.isfile(args.clip):
        fail("no such file: %s" % args.clip)

    meta = args.read == "meta"
    desc = (
        "filesrc name=src ! decodebin ! videoconvert ! "
        "%s name=hist message-bins=%d post-messages=%s attach-meta=%s ! %s"
        % (args.element, args.bins, "false" if meta else "true",
           "true" if meta else "false",
           "appsink name=sink sync=false max-buffers=4" if meta
           else "fakesink"))
    try:
        pipeline = Gst.parse_launch(desc)
    except GLib.Error as e:
        fail("could not make the pipeline: %s" % e)
    pipeline.get_by_name("src").set_property("location", args.clip)
    if args.device is not None:
        pipeline.get_by_name("hist").set_property("device", args.device)

    plot = Plot("%s: %s" % (args.element, os.path.basename(args.clip)))
    state = {"error": None, "done": False, "drawn": 0}

    def take(h):
        plot.add(h)
        if args.png and len(plot.frames) - state["drawn"] >= args.png_every:
            plot.draw()
            plot.save_png(args.png)
            state["drawn"] = len(plot.frames)

    def on_sample(sink):
        sample = sink.emit("pull-sample")
        if sample is None:
            return Gst.FlowReturn.EOS
        m = sample.get_buffer().get_custom_meta(META_NAME)
        if m is None:
            state["error"] = "a buffer came without %s" % META_NAME
            return Gst.FlowReturn.ERROR
        take(histogram_fields(m.get_structure()))
        return Gst.FlowReturn.OK

    if meta:
        sink = pipeline.get_by_name("sink")
        sink.set_property("emit-signals", True)
        sink.connect("new-sample", on_sample)

    bus = pipeline.get_bus()
    if pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
        msg = bus.pop_filtered(Gst.MessageType.ERROR)
        pipeline.set_state(Gst.State.NULL)
        fail("could not play %s: %s" % (
            args.clip, msg.parse_error()[0].message if msg else "unknown"))

    types = (Gst.MessageType.ELEMENT | Gst.MessageType.EOS
             | Gst.MessageType.ERROR)
    while not state["done"]:
        msg = bus.timed_pop_filtered(100 * Gst.MSECOND, types)
        if msg is None:
            if state["error"]:
                break
            continue
        if msg.type == Gst.MessageType.ERROR:
            err, debug = msg.parse_error()
            state["error"] = "%s (%s)" % (err.message, debug)
        elif msg.type == Gst.MessageType.EOS:
            state["done"] = True
        elif (not meta and msg.get_structure().get_name() == "histogram"):
            take(histogram_fields(msg.get_structure()))
        if state["error"]:
            break
        if args.max_frames and len(plot.frames) >= args.max_frames:
            state["done"] = True
    pipeline.set_state(Gst.State.NULL)
    if state["error"]:
        fail(state["error"])
    if not plot.frames:
        fail("%s gave no histogram for %s" % (args.element, args.clip))

    plot.draw()
    if args.png:
        plot.save_png(args.png)
        print("wrote %s" % args.png)
    if args.animation:
        plot.save_animation(args.animation, args.fps)
        print("wrote %s (%d frames)" % (args.animation, len(plot.frames)))
    last = plot.frames[-1]
    print("%d frames of %s; last: %d pixels, min %d, max %d, mean %.2f"
          % (len(plot.frames), last["format"], last["pixels"], last["min"],
             last["max"], last["mean"]))


def main():
    p = argparse.ArgumentParser(
        description="Plot the histogram of every frame of a video file, "
        "measured on an OpenCL device by clhistogram or clhistequalize.")
    p.add_argument("clip", help="any video file GStreamer can decode")
    p.add_argument("--element", default="clhistogram",
                   choices=["clhistogram", "clhistequalize"])
    p.add_argument("--read", default="message", choices=["message", "meta"],
                   help="bus messages, or the meta on the buffers an "
                   "appsink receives")
    p.add_argument("--bins", type=int, default=64,
                   help="message-bins (a power of two)")
    p.add_argument("--png", help="PNG redrawn while playing, the last "
                   "frame's plot at the end")
    p.add_argument("--png-every", type=int, default=10,
                   help="frames between redraws of the PNG")
    p.add_argument("--animation", help="GIF of every frame's plot")
    p.add_argument("--fps", type=float, default=10,
                   help="frames per second of the animation")
    p.add_argument("--max-frames", type=int, default=0,
                   help="stop after this many frames (0: the whole clip)")
    p.add_argument("--device", help="the elements' device property")
    args = p.parse_args()
    if not args.png and not args.animation:
        args.png = os.path.splitext(os.path.basename(args.clip))[0] + \
            "-histogram.png"
    run(args)


if __name__ == "__main__":
    main()
