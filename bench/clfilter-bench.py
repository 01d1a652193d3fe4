#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
"""clfilter-bench: clfilter elements, chains and their peers, timed.

Each case (appsrc ! CASE ! fakesink) runs in a clfilter-time process of its
own, round-robin over the cases of a frame size; the OpenCV peers run in
this script again (--opencv-child) under a python3 with cv2 and numpy, or
are skipped. Medians, paired ratios, peaks, device times, targets
(targets.json), tables and JSON: docs/performance.md says what each is.
"""

import argparse
import datetime
import functools
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The source tree: this script's parent, or its grandparent in build/bench.
TREE = next((d for d in (os.path.dirname(HERE), os.path.dirname(
    os.path.dirname(HERE))) if os.path.isdir(d + "/tests/data")), HERE)
# clhistequalize as a video AGC, every property set: a region inside every
# size benched, so that the histogram is the region's.
AGC = ("clhistequalize method=linear saturate-low=0.02 saturate-high=0.02 "
       "strength=0.8 smoothing=200 roi-x=32 roi-y=32 roi-width=512 "
       "roi-height=384")
ELEMENTS = ("clhistequalize,clhistequalize post-messages=false,"
            "clhistequalize post-messages=false attach-meta=true," + AGC + ","
            "clsobel mode=magnitude,clsobel mode=magnitude-l1,clsobel mode=dx,"
            "clsobel mode=dy,clclahe,clhistogram,"
            "clhistequalize ! clsobel mode=magnitude")
VARIANTS = ("mat", "umat", "umat-resident")
# RGB into clhistequalize the way users had to before it took RGB.
ROUTE = ("videoconvert ! video/x-raw,format=I420 ! clhistequalize "
         "post-messages=false ! videoconvert ! video/x-raw,format=%s")
RGB = "RGBA BGRA ARGB ABGR RGBx BGRx xRGB xBGR RGB BGR".split()
RING = 4  # frames in a frames file (clfilter-time's ring)
BUS_KEYS = ("up-fps", "down-fps", "both-fps", "frame-fps")  # clfilter-bus
FIELDS = ("upload-ns", "kernel-ns", "download-ns", "upload-bytes",
          "download-bytes", "copy-bytes")  # of clfilter-profile, per frame
NAN = float("nan")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(argv, env=None, quiet=False):
    """(exit status, {key: value}, peak KiB) of a child's "key value" lines."""
    p = spawn(argv, env, quiet)
    return finish(p, p.stdout.read())


def spawn(argv, env=None, quiet=False, stdin=None):
    return subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE,
                            env=env, universal_newlines=True,
                            stderr=subprocess.DEVNULL if quiet else None)


def run_together(argvs, env=None):
    """run() of several children at once, their timed runs started
    together: each (clfilter-time --wait-start) prints "ready" after its
    warm-up and waits for a line on stdin, which all get once all are
    ready (or have exited)."""
    ps = [spawn(argv, env, stdin=subprocess.PIPE) for argv in argvs]
    heads = []
    for p in ps:
        heads.append("")
        for line in iter(p.stdout.readline, ""):  # to "ready" or the end
            if line == "ready\n":
                break
            heads[-1] += line
    for p in ps:
        try:
            p.stdin.write("\n")
            p.stdin.close()
        except OSError:
            pass  # it exited before it was ready
    return [finish(p, head + p.stdout.read()) for p, head in zip(ps, heads)]


def finish(p, out):
    p.stdout.close()
    _, status, usage = os.wait4(p.pid, 0)  # the child's own peak, not all's
    p.returncode = rc = (os.WEXITSTATUS(status) if os.WIFEXITED(status)
                         else -os.WTERMSIG(status))
    res = {}
    for line in out.splitlines():
        key, _, value = line.partition(" ")
        if key in ("run-ms", "stream-ms", "element"):
            res.setdefault(key, []).append(value)
        elif key == "latency-ms":  # median, 99th percentile, most
            res[key] = [float(v) for v in value.split()]
        elif key:
            res[key] = number(value)
    if rc and "error" not in res:
        res["error"] = "%s exited with %d" % (os.path.basename(p.args[0]),
                                              rc)
    return rc, res, usage.ru_maxrss


def number(s):
    for t in (int, float):
        try:
            return t(s)
        except ValueError:
            pass
    return s


def div(a, b):
    return a / b if b and not math.isnan(b) else NAN


def num(v):
    return None if v is None or math.isnan(v) else v


def ratio(v):
    return "-" if math.isnan(v) else "%.0f" % v if v >= 100 else "%.3g" % v


def table(head, rows, left=1, text_last=False):
    """head and rows, columns as wide as their widest cell, the first
    `left` (and a text last one) to the left; short rows (errors) as is."""
    rows = [head] + [[str(x) for x in r] for r in rows]
    w = [max(len(r[i]) for r in rows if len(r) == len(head))
         for i in range(len(head))]
    w[0] = min(w[0], 44)  # a longer label pushes its own row only
    for r in rows:
        print("  ".join(x.ljust(w[i]) if i < left or len(r) < len(head) or (
            text_last and i == len(head) - 1) else x.rjust(w[i])
            for i, x in enumerate(r)).rstrip())


def wait_idle(limit_s, busy_max=0.15):
    """Waits up to limit_s for busy_max of the CPUs busy; the last seen."""
    def times():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:9]]
        return sum(v) - v[3] - v[4], sum(v)  # busy (not idle, iowait), total
    until, busy = time.monotonic() + limit_s, NAN
    while not busy <= busy_max and time.monotonic() < until:
        (b0, t0), _, (b1, t1) = times(), time.sleep(0.25), times()
        busy = (b1 - b0) / max(1, t1 - t0)
    return busy


def factories(desc):
    return [part.split()[0] for part in desc.split("!") if part.strip()]


def is_cl(desc):
    return any(f.startswith("cl") for f in factories(desc))


def opencv_op(desc):
    """The OpenCV operation computing what a single element computes;
    clclahe only with OpenCV's defaults, which are its own."""
    sobel = desc.startswith("clsobel") and "!" not in desc
    return None if "!" in desc else "equalizeHist" if desc.startswith(
        "clhistequalize") else "clahe" if desc == "clclahe" else "sobel-l1" \
        if sobel and "l1" in desc else "sobel-magnitude" if sobel and (
            "magnitude" in desc or "mode=" not in desc) else None


class Case:
    def __init__(self, label, fmt, w, h, pipeline=None, op=None, variant=None):
        self.label, self.format, self.w, self.h = label, fmt, w, h
        self.size = "%dx%d" % (w, h)
        self.pipeline, self.op, self.variant = pipeline, op, variant
        self.runs, self.busy, self.peak_kib = [], [], 0
        self.process_runs = []  # with --processes, each one's per round
        self.latency_runs = []  # (median, 99th percentile, most) per round
        self.result, self.profile, self.error, self.not_built = \
            {}, None, None, False

    @property
    def ms(self):
        return statistics.median(self.runs) if self.runs and not self.error \
            else NAN

    @property
    def process_ms(self):
        return [statistics.median(r[i] for r in self.process_runs) for i in
                range(len(self.process_runs[0]))] \
            if self.process_runs and not self.error else []

    @property
    def latency(self):
        """Medians over the rounds of a frame's median and 99th-percentile
        latency, ms."""
        return [statistics.median(r[i] for r in self.latency_runs)
                for i in (0, 1)] if self.latency_runs and not self.error \
            else None

    @property
    def spread(self):
        return (max(self.runs) - min(self.runs)) / self.ms * 100 \
            if self.runs else NAN

    def take(self, rc, res, peak_kib):
        """One child's result: a run's time, or the case's error."""
        if rc or "error" in res:
            self.error = res.get("error", "failed")
        else:
            self.result, self.peak_kib = res, max(self.peak_kib, peak_kib)
            self.runs.append(float(res["run-ms"][0]))
            if "process-ms" in res:
                self.process_runs.append(res["process-ms"])
            if "latency-ms" in res:
                self.latency_runs.append(res["latency-ms"])


def per_frame_profile(res):
    """{element: {field: per frame; kernels: {name: ns}}} of profile/ lines."""
    prof = {}
    for key, value in res.items():
        parts = key.split("/")
        if parts[0] == "profile" and len(parts) >= 3:
            p = prof.setdefault(parts[1], {"kernels": {}})
            if parts[2] == "kernels":
                p["kernels"]["/".join(parts[3:])] = float(value)
            else:
                p[parts[2]] = value
    for p in prof.values():
        frames = p.get("frames") or 1
        for k in [k for k in p if k.endswith("-ns") or k.endswith("-bytes")]:
            p[k] /= frames
        p["kernels"] = {k: v / frames for k, v in p["kernels"].items()}
    return prof


class Bench:
    def __init__(self, args):
        self.a = args
        self.cases = []
        self.device, self.cv, self.bw, self.gstreamer = {}, None, None, "?"
        self.bus, self.bus_failed = [], False
        self.tmp = tempfile.mkdtemp(prefix="clfilter-bench-")
        self.time_bin = os.path.join(args.bin_dir, "clfilter-time")

    def time_argv(self, fmt, w, h, frames_file, extra, device):
        return [self.time_bin, "-f", fmt, "-s", "%dx%d" % (w, h), "-i",
                frames_file] + (["-d", device] if device else []) + list(extra)

    def clfilter_time(self, fmt, w, h, frames_file, *extra, env=None):
        return run(self.time_argv(fmt, w, h, frames_file, extra,
                                  self.a.device), env)

    def prep_frames(self, fmt, w, h):
        path = os.path.join(self.tmp, "frames-%s-%dx%d.raw" % (fmt, w, h))
        rc = self.clfilter_time(fmt, w, h, path, "--write-frames",
                                self.a.image)[0]
        return None if rc else path

    def probe(self, elements):
        """The elements' device, first, so that defaults can depend on it."""
        frames = self.prep_frames("GRAY8", 320, 240)
        for e in elements if frames else []:
            res = self.clfilter_time("GRAY8", 320, 240, frames, "-n", "1",
                                     "-w", "0", e)[1]
            self.gstreamer = res.get("gstreamer", self.gstreamer)
            if "device-name" in res:
                self.device = {"device-name": res["device-name"]}
                self.device.update(run([self.time_bin, "--copy-bw",
                                        res["device-name"], "0"])[1])
                return

    def check_opencv(self):
        cands = [sys.executable, "/usr/bin/python3"]
        for py in filter(os.path.exists, cands):
            rc, res, _ = run([py, __file__, "--opencv-check"], quiet=True)
            if rc == 0:
                self.python, self.cv = py, res
                print("OpenCV peers: %s, cv2 %s, %s threads%s" % (
                    py, res["opencv-version"], res["threads"],
                    ", UMat device: " + res.get("ocl-device", "")
                    if self.a.umat else ""))
                return
        print("skipped: OpenCV peers (no cv2 and numpy in %s)"
              % " or ".join(cands))

    def size_cases(self, fmt, w, h, elements, peers):
        """The cases of one format and size: peers, then the elements."""
        new = []
        if "identity" in peers:
            new.append(Case("identity", fmt, w, h, pipeline="identity"))
        if "cvequalizehist" in peers and fmt == "GRAY8" and \
                any(e.startswith("clhistequalize") for e in elements):
            new.append(Case("cvequalizehist", fmt, w, h,
                            pipeline="cvequalizehist"))
        if "videoconvert" in peers and fmt in RGB and \
                any(e.startswith("clhistequalize") for e in elements):
            new.append(Case("videoconvert route", fmt, w, h,
                            pipeline=ROUTE % fmt))
        if "opencv" in peers and self.cv and fmt.startswith("GRAY"):
            for op in dict.fromkeys(filter(None, map(opencv_op, elements))):
                if op == "equalizeHist" and fmt != "GRAY8":
                    continue  # OpenCV has no 16-bit equalizeHist
                for v in VARIANTS[:3 if self.a.umat else 1]:
                    new.append(Case("opencv " + op + (
                        "" if v == "mat" else " " + v), fmt, w, h, op=op,
                        variant=v))
        return new + [Case(e, fmt, w, h, pipeline=e) for e in elements]

    def run_pipeline(self, c, frames_file, frames, warmup, profile=False):
        extra = ["-n", str(frames), "-w", str(warmup)] + (
            ["--system-memory"] if self.a.system_memory else []) + [
            "--streams", str(self.a.streams), c.pipeline]
        env = dict(os.environ, GST_CL_PROFILING="1") if profile else None
        rc, res, peak = self.clfilter_time(
            c.format, c.w, c.h, frames_file, *extra, env=env) \
            if self.a.processes == 1 else self.run_processes(
                c, frames_file, frames, extra, env)
        c.not_built = rc == 3  # an element not registered: no failure
        if profile:
            c.profile = None if rc else res
        else:
            c.take(rc, res, peak)

    def run_processes(self, c, frames_file, frames, extra, env):
        """clfilter-time in --processes processes at once, --device's list
        over them in turn, as one result: the first process's, with run-ms
        per frame of all from the first start to the last end, process-ms
        each one's own and stream-ms all their streams'; the first failure,
        if any."""
        n, devices = self.a.processes, (self.a.device or "").split(",")
        results = run_together([self.time_argv(
            c.format, c.w, c.h, frames_file, ["--wait-start"] + extra,
            devices[i % len(devices)]) for i in range(n)], env)
        failed = [r for r in results if r[0] or "error" in r[1]]
        if failed:
            return failed[0]
        res = dict(results[0][1], processes=n)
        span = max(r["run-end-ns"] for _, r, _ in results) - min(
            r["run-start-ns"] for _, r, _ in results)
        res["run-ms"] = ["%.6f" % (span / 1e6 / (frames * n *
                                                 self.a.streams))]
        res["process-ms"] = [float(r["run-ms"][0]) for _, r, _ in results]
        if "stream-ms" in res:
            res["stream-ms"] = [v for _, r, _ in results
                                for v in r["stream-ms"]]
        return 0, res, max(peak for _, _, peak in results)

    def run_opencv(self, group, frames_file, frames, warmup):
        """One round of an op's variants, in one process."""
        c0 = group[0]
        rc, res, peak = run(
            [self.python, __file__, "--opencv-child", "--frames-file",
             frames_file, "--format", c0.format, "--size", c0.size, "--op",
             c0.op, "-n", str(frames), "-w", str(warmup)]
            + (["--umat"] if self.a.umat else []))
        for c in (c for c in group if not c.error):
            v = c.variant
            if "run-ms/" + v not in res:
                c.error = res.get("error/" + v, res.get("error", "failed"))
            elif v != "mat" and res.get("use-opencl/" + v) != 1:
                # UMat without OpenCL is OpenCV's CPU code again: no peer.
                c.error = "cv2 did not use OpenCL (see OPENCV_OPENCL_DEVICE)"
            else:
                c.take(0, {"run-ms": [res["run-ms/" + v]], **res}, peak)

    def run_size(self, w, h, formats, elements, peers):
        frames = self.a.frames or (300 if self.gpu or w * h <= 1920 * 1080
                                   else 100 if w * h <= 3840 * 2160 else 50)
        warmup = max(10, frames // 5) if self.a.warmup is None \
            else self.a.warmup
        files, cases, groups, busy = {}, [], {}, []
        for fmt in formats:
            log("%s %dx%d: preparing frames" % (fmt, w, h))
            files[fmt] = self.prep_frames(fmt, w, h)
            if files[fmt]:
                cases += self.size_cases(fmt, w, h, elements, peers)
            else:
                print("could not prepare %s %dx%d frames" % (fmt, w, h))
        for c in cases:
            if c.op:
                groups.setdefault((c.format, c.op), []).append(c)
        # Round-robin, one process per case and run: a drift in the
        # machine's speed hits every case of a round alike.
        for r in range(self.a.runs):
            busy.append(wait_idle(self.a.idle_wait))
            log("%dx%d: run %d/%d" % (w, h, r + 1, self.a.runs))
            for c in cases:
                if c.pipeline and not c.error:
                    self.run_pipeline(c, files[c.format], frames, warmup)
            for g in groups.values():
                if not all(c.error for c in g):
                    self.run_opencv(g, files[g[0].format], frames, warmup)
        for c in cases:
            c.busy = busy
            log("  %-44s %s" % (c.label, "failed: " + c.error if c.error else
                                "%9.4f ms/frame  %9.1f fps  peak %.1f MiB" % (
                                    c.ms, 1e3 / c.ms, c.peak_kib / 1024)
                                + ("  processes: " + self.each(c)
                                   if c.process_runs else "")))
            if self.a.profile and c.pipeline and is_cl(c.pipeline) and \
                    not c.error:
                self.run_pipeline(c, files[c.format], frames, warmup, True)
        self.cases += cases
        for fmt in filter(files.get, formats):
            self.print_group(fmt, w, h, frames, warmup)
            if self.a.bus and self.device:
                self.run_bus(fmt, w, h, os.path.getsize(files[fmt]) // RING)
            os.unlink(files[fmt])

    def run_bus(self, fmt, w, h, frame_bytes):
        """The bus's rates for these frames (clfilter-bus) on as many
        threads as streams run, beside the cases' own."""
        threads = self.a.streams * self.a.processes
        rc, res, _ = run([os.path.join(self.a.bin_dir, "clfilter-bus"),
                          self.device["device-name"], str(frame_bytes),
                          str(threads)])
        if rc:
            print("bus: %s" % res.get("error", "clfilter-bus failed"))
            self.bus_failed = True
            return
        bus = {"format": fmt, "width": w, "height": h, "bytes": frame_bytes,
               "threads": threads}
        bus.update({k: number(res[k]) for k in BUS_KEYS if k in res})
        self.bus.append(bus)
        print("the bus (clfilter-bus, %d thread%s, %d-byte frames): %s fps"
              % (threads, "" if threads == 1 else "s", frame_bytes, ", ".join(
                  "%s %.0f" % (k[:-4], bus[k]) for k in BUS_KEYS if k in bus)))
        for c in self.cases:
            if c.pipeline and is_cl(c.pipeline) and not c.error and \
                    (c.format, c.w, c.h) == (fmt, w, h) and "both-fps" in bus:
                print("  %-44s %9.1f fps, %5.1f %% of both directions at once"
                      % (c.label, 1e3 / c.ms, 1e5 / c.ms / bus["both-fps"]))

    # -- figures ------------------------------------------------------------

    def find(self, label, fmt, w, h):
        return next((c for c in self.cases
                     if (c.label, c.format, c.w, c.h) == (label, fmt, w, h)),
                    None)

    @staticmethod
    def speedup(c, peer):
        """How many times faster c is than peer: the median per-round ratio."""
        if not c or not peer or c.error or peer.error:
            return NAN
        if len(c.runs) != len(peer.runs):
            return peer.ms / c.ms
        return statistics.median(p / x for p, x in zip(peer.runs, c.runs))

    def device_us(self, c):
        """Per frame over the case's elements: FIELDS, the bytes the kernels
        must at least move (model), and the kernels by name."""
        if not c or not c.profile:
            return None
        prof = per_frame_profile(c.profile)
        elements = [e.split() for e in c.profile.get("element", [])]
        d = dict.fromkeys(FIELDS + ("model",), 0)
        d["names"] = []
        luma = c.w * c.h * (2 if c.format.startswith("GRAY16") else 1)
        for name, factory in elements:
            if not factory.startswith("cl"):
                continue  # identity, queue: no kernel
            # clhistequalize and clclahe read the frame twice (statistics,
            # then the mapping), others once; clhistogram writes nothing.
            d["model"] += luma * (1 + (factory != "clhistogram") + (
                factory in ("clhistequalize", "clclahe")))
            p = prof.get(name)
            if p:
                for f in FIELDS:
                    d[f] += p.get(f, 0)
                d["names"].append((factory + ": " if len(elements) > 1 else "")
                                  + ", ".join("%s %.1f" % (k, v / 1e3) for k, v
                                              in p["kernels"].items()))
        return d

    def kernel_us(self, c):
        d = self.device_us(c)
        return d["kernel-ns"] / 1e3 if d and d["names"] else NAN

    def copy_us(self, c):
        bpp = 2 if c.format.startswith("GRAY16") else 1
        v = (self.bw or {}).get("copy-ns/%d" % (c.w * c.h * bpp))
        return float(v) / 1e3 if v else NAN

    @staticmethod
    def each(c):
        return " ".join("%.4f" % v for v in c.process_ms)

    def print_group(self, fmt, w, h, frames, warmup):
        umat, rows = self.a.umat, []
        n, streams = self.a.processes, self.a.streams
        cveq = self.find("cvequalizehist", fmt, w, h)
        cases = [c for c in self.cases if (c.format, c.w, c.h) == (fmt, w, h)]
        print("\n== %s %dx%d: %d frames per run after %d warm-up, median of "
              "%d runs%s ==" % (fmt, w, h, frames, warmup, self.a.runs,
                               ", %s at once (ms/frame and fps of all)" % (
                                   "%d processes" % n if streams == 1 else
                                   "%d streams" % streams if n == 1 else
                                   "%d processes of %d streams" % (
                                       n, streams))
                               if n * streams > 1 else ""))
        if cases and not math.isnan(cases[0].busy[0]):
            print("other load before each round (fraction of all CPUs busy): "
                  + " ".join("%.2f" % b for b in cases[0].busy))
        for c in cases:
            if c.error:
                rows.append([c.label, c.error])
                continue
            op = c.pipeline and opencv_op(c.pipeline)
            hist = c.label.startswith("clhistequalize") and "!" not in c.label
            rows.append(
                [c.label, "%.4f" % c.ms, "%.1f" % div(1e3, c.ms),
                 "%.1f%%" % c.spread,
                 ratio(self.speedup(c, cveq) if hist else NAN)]
                + [ratio(self.speedup(c, self.find("opencv " + op + s, fmt, w,
                                                   h)) if op else NAN)
                   for s in ("", " umat", " umat-resident")[:3 if umat else 1]]
                + ["%.1f" % (c.peak_kib / 1024),
                   "%.3f %.3f" % tuple(c.latency) if c.latency else "-"]
                + ([self.each(c)] if n > 1 else []))
        table(["case", "ms/frame", "fps", "spread", "vs cvequ", "vs OpenCV"]
              + (["vs UMat", "vs UMat-r"] if umat else [])
              + ["peak MiB", "latency ms (median, p99)"]
              + (["ms/frame of each process"] if n > 1 else []), rows,
              text_last=n > 1)

    def print_profile(self):
        print("\n== Device time per frame (GST_CL_PROFILING=1, one run of "
              "each case), us ==")
        bw = float(self.bw["bytes-per-s"]) if self.bw else NAN
        if self.bw:
            print("copy-kernel bandwidth on \"%s\": %.1f GB/s (read + "
                  "written, best of 10 over %d MiB)" % (
                      self.bw["device-name"], bw / 1e9,
                      int(self.bw["bytes"]) >> 20))
        rows = []
        for c in self.cases:
            if not c.pipeline or not is_cl(c.pipeline) or c.error:
                continue
            d = self.device_us(c)
            if not d or not d["names"]:
                rows.append([c.label, c.format, c.size,
                             "no clfilter-profile message"])
                continue
            ideal, copy = div(d["model"] * 1e6, bw), self.copy_us(c)
            k = d["kernel-ns"] / 1e3
            rows.append([c.label, c.format, c.size] + [
                "%.1f" % v for v in (d["upload-ns"] / 1e3, k, d[
                    "download-ns"] / 1e3, ideal, copy)] + [
                "%.2f" % v for v in (div(k, ideal), div(k, copy), d[
                    "upload-bytes"] / 1e6, d["download-bytes"] / 1e6)]
                + ["; ".join(d["names"])])
        table(["case", "format", "size", "upload", "kernels", "download",
               "ideal", "copy", "x ideal", "x copy", "up MB", "down MB",
               "kernels"], rows, left=3, text_last=True)

    # -- targets.json's lines ("about" there says what each field means) ---

    MEASURES = {
        "time": lambda b, c, p: div(1, b.speedup(c, p)),
        "speedup": lambda b, c, p: b.speedup(c, p),
        "fps": lambda b, c, p: div(1e3, c.ms),
        "device-time": lambda b, c, p: div(b.kernel_us(c), b.kernel_us(p)),
        "copy": lambda b, c, p: div(b.kernel_us(c), b.copy_us(c)),
        "device-speedup": lambda b, c, p: div(
            NAN if p.error else p.ms * 1e3, b.kernel_us(c)),
    }

    def targets(self):
        try:
            with open(self.a.targets) as f:
                spec = json.load(f)["targets"]
        except OSError as e:
            print("\nno targets: %s" % e)
            return []
        out = []
        for t in spec:
            if t.get("gpu", self.gpu) != self.gpu or t.get(
                    "system-memory", self.a.system_memory) != \
                    self.a.system_memory or \
                    t.get("streams", 1) != self.a.streams or \
                    t.get("processes", 1) != self.a.processes:
                continue
            for c in self.cases:
                m = c.pipeline and is_cl(c.pipeline) and not c.error and \
                    re.fullmatch(t.get("case", ".*"), c.label)
                if not m or re.fullmatch(t.get("not", "(?!)"), c.label) or \
                        c.size not in t.get("sizes", [c.size]) or \
                        c.format not in t.get("formats", [c.format]) or \
                        c.w * c.h < t.get("min-pixels", 0):
                    continue
                a, peer = t.get("against", {}), None
                if a:
                    peer = self.find(a.get("case", "{0}").format(
                        m.group(0), *(g or "" for g in m.groups())),
                        a.get("format", c.format), c.w, c.h)
                    if not peer:
                        continue  # not in this run
                out.append(verdict(t, c.label, c.format, c.size,
                                   self.MEASURES[t["measure"]](self, c, peer)))
        return out

    def print_targets(self, targets):
        print("\n== Targets (%s, frames in %s) ==" % (
            "GPU" if self.gpu else "CPU device", "system memory"
            if self.a.system_memory else "the element's memory"))
        for t in targets:
            print("  %s: %s %s %s: %s" % (
                t["target"], t["case"], t["format"], t["size"],
                "not measured" if t["met"] is None else "%.3f (%s), %s" % (
                    t["value"], t["bound"], "met" if t["met"] else "NOT met")))

    # -- JSON ---------------------------------------------------------------

    def as_json(self, targets):
        def case(c):
            j = {"label": c.label, "kind": "opencv" if c.op else "pipeline",
                 "format": c.format, "width": c.w, "height": c.h,
                 "ms": num(c.ms), "fps": num(div(1e3, c.ms)),
                 "spread": num(c.spread), "busy-before-runs": [
                     num(b) for b in c.busy],
                 "run-ms": c.runs, "peak-rss-kib": c.peak_kib,
                 "result": c.result}
            if c.latency:
                j["latency-ms"] = {"median": c.latency[0], "p99": c.latency[1]}
                j["latency-runs"] = c.latency_runs
            if c.process_runs:
                j["process-ms"] = c.process_ms
                j["process-run-ms"] = c.process_runs
            if c.error:
                j["error"] = c.error
            if c.profile:
                j["profile"] = per_frame_profile(c.profile)
                j["device-time"] = self.device_us(c)
            return j
        return {"tool": "clfilter-bench.py",
                "date": datetime.datetime.now(datetime.timezone.utc)
                .isoformat(timespec="seconds"),
                "command": " ".join(sys.argv), "host-cpus": os.cpu_count(),
                "gstreamer": self.gstreamer, "loadavg-start": self.load_start,
                "loadavg-end": self.load_end, "runs": self.a.runs,
                "streams": self.a.streams, "processes": self.a.processes,
                "gpu": self.gpu, "device": self.device, "opencv": self.cv,
                "bandwidth": self.bw, "bus": self.bus,
                "cases": [case(c) for c in self.cases],
                "targets": targets}

    def main(self):
        a = self.a
        elements = [e.strip() for e in (a.elements or ELEMENTS).split(",")
                    if e.strip()]
        peers = [p.strip() for p in a.peers.split(",")]
        self.load_start = open("/proc/loadavg").read().strip()
        if not os.path.exists(self.time_bin):
            sys.exit("no %s: build the project, or give --bin-dir"
                     % self.time_bin)
        self.probe(elements)
        self.gpu = self.device.get("device-type") == "gpu"
        sizes = [tuple(int(v) for v in s.lower().split("x")) for s in (
            a.sizes or "640x480,1920x1080,3840x2160" +
            (",7680x4320" if self.gpu else "")).split(",")]
        print("clfilter-bench: %d CPUs (load average %s), %s, %s" % (
            os.cpu_count(), self.load_start, self.gstreamer,
            "OpenCL device \"%s\" (%s; %s; %s)" % (
                self.device["device-name"], self.device.get("device-type"),
                self.device.get("platform"), self.device.get("driver"))
            if self.device else "no OpenCL device seen"))
        if "opencv" in peers:
            self.check_opencv()
        for w, h in sizes:
            self.run_size(w, h, a.formats.split(","), elements, peers)
        if a.profile and self.device:
            rc, res, _ = run([self.time_bin, "--copy-bw",
                              self.device["device-name"],
                              str(a.bw_mib)] + sorted({str(c.w * c.h * (
                                  2 if c.format.startswith("GRAY16") else 1))
                                  for c in self.cases}))
            self.bw = None if rc else res
            if rc:
                print("\nbandwidth: %s" % res["error"])
        self.load_end = open("/proc/loadavg").read().strip()
        print("\nload average at the end: %s" % self.load_end)
        if a.profile:
            self.print_profile()
        targets = self.targets()
        if targets:
            self.print_targets(targets)
        if a.json:
            with open(a.json, "w") as f:
                json.dump(self.as_json(targets), f, indent=1)
        shutil.rmtree(self.tmp, ignore_errors=True)
        return 2 if self.bus_failed or any(
            c.error and c.pipeline and is_cl(c.pipeline) and not c.not_built
            for c in self.cases) else 0


def verdict(t, label, fmt, size, v):
    return {"target": t["name"], "case": label, "format": fmt, "size": size,
            "value": num(v), "bound": "<= %g" % t["max"] if "max" in t
            else ">= %g" % t["min"], "met": None if math.isnan(v)
            else v <= t["max"] if "max" in t else v >= t["min"]}


# OpenCV peers on the same frames, outputs reused (docs/performance.md):
# "mat" is the CPU code; with --umat, "umat" uploads and downloads each
# frame, "umat-resident" keeps them on the device and waits at the end.

def opencv_child(a):
    import numpy as np
    import cv2

    def ocl_device():
        try:
            if cv2.ocl.haveOpenCL() and cv2.ocl.useOpenCL():
                d = cv2.ocl.Device.getDefault()
                return "%s (%s)" % (d.name(), d.vendorName())
        except cv2.error:
            pass
        return ""

    print("opencv-version %s\nthreads %d" % (cv2.__version__,
                                              cv2.getNumThreads()))
    if a.opencv_check:
        cv2.ocl.setUseOpenCL(True)
        print("ocl-device %s" % ocl_device())
        return 0
    # The frames file holds GStreamer's default layout: rows of 4n bytes.
    w, h = (int(v) for v in a.size.split("x"))
    depth16 = a.format.startswith("GRAY16")
    dt = np.dtype((">" if a.format.endswith("BE") else "<") + "u2") \
        if depth16 else np.dtype(np.uint8)
    row = w * dt.itemsize
    ring = [np.ascontiguousarray(f[:, :row]).view(dt).astype(
        dt.newbyteorder("=")) for f in np.fromfile(a.frames_file, np.uint8)
        .reshape(-1, h, (row + 3) // 4 * 4)]
    for variant in VARIANTS[:3 if a.umat else 1]:
        umat = variant != "mat"
        cv2.ocl.setUseOpenCL(umat)
        if umat:
            print("use-opencl/%s %d\nocl-device %s" % (
                variant, cv2.ocl.useOpenCL(), ocl_device()))

        def alloc(depth):
            return cv2.UMat(h, w, depth) if umat else np.empty((h, w), {
                cv2.CV_8U: np.uint8, cv2.CV_16U: np.uint16,
                cv2.CV_16S: np.int16, cv2.CV_32F: np.float32}[depth])
        out = alloc(cv2.CV_16U if depth16 else cv2.CV_8U)
        if a.op == "equalizeHist" and not depth16:
            def fn(f):
                return cv2.equalizeHist(f, dst=out)
        elif a.op == "clahe":
            fn = functools.partial(cv2.createCLAHE(2.0, (8, 8)).apply, dst=out)
        elif a.op in ("sobel-magnitude", "sobel-l1"):
            l1_8 = a.op == "sobel-l1" and not depth16
            ddepth = cv2.CV_16S if l1_8 else cv2.CV_32F
            dx, dy, mag = alloc(ddepth), alloc(ddepth), alloc(cv2.CV_32F)
            ax, ay = [alloc(cv2.CV_8U if l1_8 else cv2.CV_32F)
                      for _ in range(2)]

            def fn(f):
                for d, ox, oy in ((dx, 1, 0), (dy, 0, 1)):
                    cv2.Sobel(f, ddepth, ox, oy, dst=d, ksize=3,
                              borderType=cv2.BORDER_REPLICATE)
                if a.op == "sobel-magnitude":
                    cv2.magnitude(dx, dy, magnitude=mag)
                    return cv2.multiply(mag, 1.0, dst=out, dtype=cv2.CV_16U) \
                        if depth16 else cv2.convertScaleAbs(mag, dst=out)
                if l1_8:
                    cv2.convertScaleAbs(dx, dst=ax)
                    cv2.convertScaleAbs(dy, dst=ay)
                    return cv2.add(ax, ay, dst=out)
                cv2.absdiff(dx, 0.0, dst=ax)
                cv2.absdiff(dy, 0.0, dst=ay)
                return cv2.add(ax, ay, dst=out, dtype=cv2.CV_16U)
        else:
            print("error/%s no OpenCV %s for %s" % (variant, a.op, a.format))
            continue
        frames = [cv2.UMat(f) for f in ring] if variant == "umat-resident" \
            else ring
        step = (lambda i: fn(cv2.UMat(ring[i])).get()) if variant == "umat" \
            else (lambda i: fn(frames[i]))
        sync = cv2.ocl.finish if variant == "umat-resident" else (
            lambda: None)
        try:
            for i in range(a.warmup):
                step(i % len(ring))
            sync()
            t0 = time.perf_counter()
            for i in range(a.frames):
                step(i % len(ring))
            sync()
            print("run-ms/%s %.6f" % (variant, (time.perf_counter() - t0)
                                      / a.frames * 1e3), flush=True)
        except cv2.error as e:
            print("error/%s %s" % (variant, str(e).strip().splitlines()[-1]))
    return 0


def main():
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="The method and every column: docs/performance.md")
    opt = p.add_argument
    opt("-s", "--sizes", help="WxH list (default 640x480,1920x1080,"
        "3840x2160, and 7680x4320 on a GPU)")
    opt("-f", "--formats", default="GRAY8,GRAY16_LE,NV12,I420")
    opt("-e", "--elements", help="comma-separated cases: an element with "
        "properties or a chain 'a ! b' (default: %s)" % ELEMENTS)
    opt("--peers", default="identity,cvequalizehist,opencv,videoconvert",
        help="identity, cvequalizehist, opencv, videoconvert (RGB through "
        "I420 and back), or none")
    opt("-n", "--frames", type=int, help="frames per run (default 300; on a "
        "CPU device 100 at 3840x2160 and 50 above)")
    opt("-w", "--warmup", type=int,
        help="warm-up frames (default frames/5, at least 10)")
    opt("-r", "--runs", type=int, default=5,
        help="rounds; the median is reported (default 5)")
    opt("-q", "--quick", action="store_true",
        help="smoke test: 640x480, 20 frames, 3 runs")
    opt("-p", "--profile", action="store_true",
        help="device times (GST_CL_PROFILING=1) and the copy-kernel bound")
    opt("-d", "--device", help="the elements' \"device\" property; a "
        "comma-separated list spreads the streams (--streams) over the "
        "devices in turn, or with --processes the processes (each one's "
        "streams on its device)")
    opt("-u", "--umat", action="store_true",
        help="also OpenCV's OpenCL path (cv2.UMat)")
    opt("--system-memory", action="store_true",
        help="frames in system memory, not the element's")
    opt("--streams", type=int, default=1,
        help="N pipelines of each case at once in one process: ms/frame "
        "and fps are of all streams together")
    opt("--processes", type=int, default=1,
        help="N processes of each case (each with --streams pipelines) "
        "timed over the same interval: ms/frame and fps are of all "
        "together; the table adds each process's ms/frame")
    opt("--image", default=TREE + "/tests/data/moon.png")
    opt("--targets", default=TREE + "/bench/targets.json",
        help="the targets to check (default bench/targets.json)")
    opt("--bin-dir", default=next((d for d in (
        HERE, "bench", os.path.join(HERE, "..", "build", "bench")) if
        os.path.exists(os.path.join(d, "clfilter-time"))), HERE),
        help="where clfilter-time is (default: next to this script, else "
        "./bench, else build/bench of the tree)")
    opt("--bus", action="store_true",
        help="also the bus's rates for each format and size's frames "
        "(clfilter-bus: up, down, both at once, frame after frame), on as "
        "many threads as streams run")
    opt("--bw-mib", type=int, default=256,
        help="buffer of the copy-kernel bandwidth, MiB (default 256)")
    opt("--idle-wait", type=float, default=10,
        help="seconds to wait before each round for idle CPUs (default 10)")
    opt("-j", "--json", help="write every result here")
    for hidden in ("--frames-file", "--format", "--size", "--op"):
        opt(hidden, help=argparse.SUPPRESS)
    for hidden in ("--opencv-child", "--opencv-check"):
        opt(hidden, action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # tables as they come
    if a.opencv_child or a.opencv_check:
        return opencv_child(a)
    if a.quick:
        a.sizes, a.frames = a.sizes or "640x480", a.frames or 20
        a.warmup = 5 if a.warmup is None else a.warmup
        a.runs = min(a.runs, 3)
    a.peers = "" if a.peers == "none" else a.peers
    if a.streams < 1 or a.processes < 1:
        p.error("--streams and --processes take 1 or more")
    return Bench(a).main()


if __name__ == "__main__":
    sys.exit(main())
