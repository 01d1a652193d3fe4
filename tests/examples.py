#!/usr/bin/env python3
# gst-clfilter tests: the examples, run as a person would run them
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs examples/clhistogram-plot.py on a real clip (MJPEG in AVI, made by
the build from videotestsrc) in each of its modes and checks what it wrote,
then the failures it must report; runs the C example on the clip too, and
the one that runs its own kernel on frames on the device, and the demo on
the clip, which is shorter than the demo's 6 s.

usage: examples.py PLOT.py APPSINK-EXAMPLE CLIP OUTDIR APPKERNEL-EXAMPLE DEMO
(GST_PLUGIN_PATH must find the plugin.)
"""
import hashlib
import os
import shutil
import subprocess
import sys

plot, appsink, clip, outdir, appkernel, demo = sys.argv[1:7]
os.makedirs(outdir, exist_ok=True)
failed = 0


def run(name, cmd, want_ok=True, want_text=None, env=None):
    global failed
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300,
                       env=env)
    out = r.stdout + r.stderr
    ok = (r.returncode == 0) == want_ok and (r.returncode in (0, 1))
    if want_text and want_text not in out:
        ok = False
    print("%s: %s (exit %d)" % (name, "ok" if ok else "FAILED", r.returncode))
    print("  " + out.strip().replace("\n", "\n  ")[-3000:])
    failed += not ok
    return out


def check(name, cond, why):
    global failed
    print("%s: %s%s" % (name, "ok" if cond else "FAILED: ", "" if cond else
                        why))
    failed += not cond


def frames_in_gif(path):
    from PIL import Image
    with Image.open(path) as im:
        return getattr(im, "n_frames", 1)


python = sys.executable
png = os.path.join(outdir, "clip-histogram.png")
gif = os.path.join(outdir, "clip-histogram.gif")
for f in (png, gif):
    if os.path.exists(f):
        os.remove(f)

# Messages from clhistogram into a PNG and a GIF.
out = run("plot messages", [python, plot, clip, "--png", png,
                            "--animation", gif, "--bins", "32"])
check("plot messages: PNG", os.path.exists(png) and
      open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n", "no PNG at " + png)
check("plot messages: GIF", os.path.exists(gif) and
      open(gif, "rb").read(6) in (b"GIF89a", b"GIF87a"), "no GIF at " + gif)
check("plot messages: every frame", "30 frames of I420" in out and
      frames_in_gif(gif) == 30, "expected 30 I420 frames")

# The meta from clhistequalize, through an appsink.
png2 = os.path.join(outdir, "clip-histequalize.png")
out = run("plot meta", [python, plot, clip, "--element", "clhistequalize",
                        "--read", "meta", "--png", png2, "--png-every", "5"])
check("plot meta: PNG", os.path.exists(png2), "no PNG at " + png2)
check("plot meta: every frame", "30 frames of I420" in out,
      "expected 30 I420 frames")

# A gray still (PNG decodes to GRAY8).
still = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                     "moon.png")
out = run("plot gray", [python, plot, still, "--png",
                        os.path.join(outdir, "moon-histogram.png")])
check("plot gray", "1 frames of GRAY8; last: 262144 pixels" in out,
      "expected one GRAY8 frame of 512x512")

# Failures are printed, with exit status 1.
run("plot missing file", [python, plot, os.path.join(outdir, "no-such.avi")],
    want_ok=False, want_text="error: no such file")
junk = os.path.join(outdir, "junk.avi")
with open(junk, "w") as f:
    f.write("not a video\n")
run("plot undecodable file", [python, plot, junk, "--png",
                              os.path.join(outdir, "junk.png")],
    want_ok=False, want_text="error:")
run("plot bad device", [python, plot, clip, "--device", "no-such-device",
                        "--png", os.path.join(outdir, "none.png")],
    want_ok=False, want_text="No OpenCL device matches")

# The C example, on videotestsrc and on the clip; and its failure.
out = run("appsink videotestsrc", [appsink])
check("appsink videotestsrc: meta and message for every frame",
      out.count("meta ") == 10 and out.count("message ") == 10,
      "expected 10 of each")
out = run("appsink clip", [appsink, clip])
check("appsink clip: meta and message for every frame",
      out.count("meta ") == 30 and out.count("message ") == 30,
      "expected 30 of each")
run("appsink missing file", [appsink, os.path.join(outdir, "no-such.avi")],
    want_ok=False, want_text="error from")

# The application's kernel between two elements, on their context and on
# its own, each frame checked on the CPU.
for args, context in (([], "the elements'"), (["--own-context"], "its own")):
    out = run("appkernel " + context, [appkernel, "--check"] + args)
    check("appkernel " + context + ": every frame on the device",
          "10 frames inverted on the device by the application's kernel, "
          "on %s context; 10 checked on the CPU" % context in out,
          "expected 10 frames inverted and checked")
out = run("appkernel 3 frames", [appkernel, "3"])
check("appkernel 3 frames: as many inverted", "3 frames inverted" in out,
      "expected 3 frames inverted")
# An argument it does not know: the usage line, with exit status 1.
for args in (["bogus"], ["0"], ["--own-contxt"], ["3", "4"]):
    run("appkernel " + " ".join(args), [appkernel] + args, want_ok=False,
        want_text="usage:")

# The demo on the clip, 2 s long: the stills are taken at its middle, and
# every file is written.
demo_out = os.path.join(outdir, "demo")
shutil.rmtree(demo_out, ignore_errors=True)
os.makedirs(demo_out)  # as scripts/demo.sh does
name = os.path.splitext(os.path.basename(clip))[0]
demo_files = [name + "-compare.avi"] + [
    "%s-%s.%s" % (name, stream, ext)
    for stream in ("clhistequalize", "clclahe", "clsobel")
    for ext in ("avi", "png")] + [name + "-original.png"]
out = run("demo short clip", [demo, clip, demo_out])
check("demo short clip: still at the middle", "(stills at 1.00 s)" in out,
      "expected the stills at 1.00 s, the middle of the 2 s clip")
empty = [f for f in demo_files
         if not os.path.exists(os.path.join(demo_out, f)) or
         os.path.getsize(os.path.join(demo_out, f)) == 0]
check("demo short clip: every file written", not empty,
      "missing or empty: " + ", ".join(empty))
check("demo short clip: the stills are PNGs", all(
    open(os.path.join(demo_out, f), "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    for f in demo_files if f.endswith(".png") and f not in empty),
    "a still is no PNG")


def digests(folder):
    """Each entry's SHA-256, or "folder"."""
    paths = {f: os.path.join(folder, f) for f in os.listdir(folder)}
    return {f: "folder" if os.path.isdir(p) else
            hashlib.sha256(open(p, "rb").read()).hexdigest()
            for f, p in paths.items()}


# A run that fails (no OpenCL driver) leaves the earlier run's files as they
# were, and nothing else.
if not empty:
    before = digests(demo_out)
    no_icd = os.path.join(outdir, "no-icd-vendors")
    os.makedirs(no_icd, exist_ok=True)
    run("demo without OpenCL", [demo, clip, demo_out], want_ok=False,
        want_text="nothing was moved into",
        env=dict(os.environ, OCL_ICD_VENDORS=no_icd))
    check("demo without OpenCL: earlier files kept",
          digests(demo_out) == before,
          "the files in %s changed or were added" % demo_out)

print("examples: %d failed" % failed)
sys.exit(1 if failed else 0)
