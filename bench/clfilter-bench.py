#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""clfilter-bench: clfilter elements, chains and their peers, timed.

Every case is a real pipeline, appsrc ! CASE ! fakesink, timed by
clfilter-time (a small C program) in a process of its own; OpenCV peers
run in this script again (--opencv-child) under a python3 that has cv2.
Runs go round-robin over the cases of a frame size; this script keeps the
medians, paired ratios, memory peaks, device times, start-up times and
targets, prints the tables and writes the JSON. The method and every
column: docs/performance.md. Needs only python3; without cv2 and numpy the
OpenCV peers are skipped.
"""

import argparse
import datetime
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# clhistequalize's video AGC with every property set (issue 10): a region
# inside every size benched, so that the histogram is the region's.
AGC = ("clhistequalize method=linear saturate-low=0.02 saturate-high=0.02 "
       "strength=0.8 smoothing=200 roi-x=32 roi-y=32 roi-width=512 "
       "roi-height=384")
ELEMENTS = ("clhistequalize,clhistequalize post-messages=false,"
            "clhistequalize post-messages=false attach-meta=true," + AGC + ","
            "clsobel mode=magnitude,clsobel mode=magnitude-l1,clsobel mode=dx,"
            "clsobel mode=dy,clclahe,clhistogram,"
            "clhistequalize ! clsobel mode=magnitude")
VARIANTS = ("mat", "umat", "umat-resident")
CACHE_VARS = ("GST_CL_CACHE_DIR", "POCL_CACHE_DIR", "CUDA_CACHE_PATH")
NAN = float("nan")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# Child processes: clfilter-time, clfilter-copybw and the OpenCV peers all
# print "key value" lines.

def run(argv, env=None, quiet=False):
    """(exit status, {key: value; run-ms and element: lists}, peak KiB)."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, env=env,
                         stderr=subprocess.DEVNULL if quiet else None,
                         universal_newlines=True)
    out = p.stdout.read()
    p.stdout.close()
    # wait4, not wait: the child's own peak memory, not every child's.
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = (os.WEXITSTATUS(status) if os.WIFEXITED(status)
                    else -os.WTERMSIG(status))
    res = {}
    for line in out.splitlines():
        key, _, value = line.partition(" ")
        if key in ("run-ms", "element"):
            res.setdefault(key, []).append(value)
        elif key:
            res[key] = number(value)
    if p.returncode and "error" not in res:
        res["error"] = "%s exited with %d" % (os.path.basename(argv[0]),
                                              p.returncode)
    return p.returncode, res, usage.ru_maxrss


def number(s):
    for t in (int, float):
        try:
            return t(s)
        except ValueError:
            pass
    return s


def env_with(**extra):
    env = dict(os.environ)
    env.update(extra)
    return env


# ---------------------------------------------------------------------------
# A shared machine: other load before each round.

def cpu_times():
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    return sum(v) - v[3] - v[4], sum(v)  # busy (not idle, iowait), total


def cpu_busy(seconds=0.25):
    b0, t0 = cpu_times()
    time.sleep(seconds)
    b1, t1 = cpu_times()
    return (b1 - b0) / (t1 - t0) if t1 > t0 else NAN


def wait_idle(limit_s, busy_max):
    """Waits up to limit_s for at most busy_max of the CPUs busy; returns
    the last busy fraction seen."""
    if limit_s <= 0:
        return NAN
    until = time.monotonic() + limit_s
    busy = cpu_busy()
    said = False
    while busy > busy_max and time.monotonic() < until:
        if not said:
            log("  other load: %.0f%% of the CPUs busy, waiting up to %.0f s"
                % (busy * 100, limit_s))
            said = True
        time.sleep(0.75)
        busy = cpu_busy()
    if said:
        log("  %s (%.0f%% busy)" % ("going on anyway" if busy > busy_max
                                     else "idle", busy * 100))
    return busy


def loadavg():
    with open("/proc/loadavg") as f:
        return f.read().strip()


# ---------------------------------------------------------------------------
# Cases

def factories(desc):
    return [part.split()[0] for part in desc.split("!") if part.strip()]


def is_cl(desc):
    return any(f.startswith("cl") for f in factories(desc))


def opencv_op(desc):
    """The OpenCV operation computing what a single element computes."""
    if "!" in desc:
        return None
    if desc.startswith("clhistequalize"):
        return "equalizeHist"
    if desc == "clclahe":  # only with OpenCV's defaults, which are its own
        return "clahe"
    if desc.startswith("clsobel"):
        if "l1" in desc:
            return "sobel-l1"
        if "magnitude" in desc or "mode=" not in desc:
            return "sobel-magnitude"
    return None


class Case:
    def __init__(self, label, fmt, w, h, pipeline=None, op=None,
                 variant=None):
        self.label, self.format, self.w, self.h = label, fmt, w, h
        self.pipeline, self.op, self.variant = pipeline, op, variant
        self.runs, self.busy = [], []
        self.peak_kib = 0
        self.result, self.profile, self.error = {}, None, None

    @property
    def ms(self):
        return statistics.median(self.runs) if self.runs and not self.error \
            else NAN

    @property
    def fps(self):
        return 1000.0 / self.ms if self.ms > 0 else NAN

    @property
    def spread(self):
        return (max(self.runs) - min(self.runs)) / self.ms * 100 \
            if self.runs else NAN

    def take(self, rc, res, peak_kib):
        """One child's result: a run's time, or the case's error."""
        if rc or "error" in res:
            self.error = res.get("error", "failed")
            return
        self.result = res
        self.runs.append(float(res["run-ms"][0]))
        self.peak_kib = max(self.peak_kib, peak_kib)


def elements_of(res):
    """[(name, factory, luma bytes in, out)] of a clfilter-time result."""
    return [(n, f, int(i), int(o)) for n, f, i, o in
            (e.split() for e in res.get("element", []))]


def per_frame_profile(res):
    """{element name: {field: per-frame value; kernels: {name: ns}}}."""
    prof = {}
    for key, value in res.items():
        parts = key.split("/")
        if parts[0] != "profile" or len(parts) < 3:
            continue
        p = prof.setdefault(parts[1], {"kernels": {}})
        if parts[2] == "kernels":
            p["kernels"]["/".join(parts[3:])] = float(value)
        else:
            try:
                p[parts[2]] = float(value)
            except ValueError:
                p[parts[2]] = value
    for p in prof.values():
        frames = p.get("frames") or 1
        for k in list(p):
            if k.endswith("-ns") or k.endswith("-bytes"):
                p[k] /= frames
        p["kernels"] = {k: v / frames for k, v in p["kernels"].items()}
    return prof


# ---------------------------------------------------------------------------
# The bench

class Bench:
    def __init__(self, args):
        self.a = args
        self.cases, self.startups = [], []
        self.gone = {}  # pipeline -> why it cannot be built
        self.device, self.cv, self.bw = {}, None, None
        self.tmp = tempfile.mkdtemp(prefix="clfilter-bench-")
        self.time_bin = os.path.join(args.bin_dir, "clfilter-time")
        self.copy_bin = os.path.join(args.bin_dir, "clfilter-copybw")

    def time_argv(self, fmt, w, h, frames_file, *extra):
        argv = [self.time_bin, "-f", fmt, "-s", "%dx%d" % (w, h), "-i",
                frames_file, "--timeout", str(self.a.timeout)]
        if self.a.device:
            argv += ["-d", self.a.device]
        return argv + list(extra)

    def prep_frames(self, fmt, w, h):
        path = os.path.join(self.tmp, "frames-%s-%dx%d.raw" % (fmt, w, h))
        rc, res, _ = run(self.time_argv(fmt, w, h, path, "--write-frames",
                                        "--image", self.a.image))
        return None if rc else path

    def gone_if_not_built(self, pipeline, rc, res):
        if rc == 3 and pipeline not in self.gone:
            self.gone[pipeline] = res["error"]
            print("skipped: %s (%s)" % (pipeline, res["error"]))

    def probe(self, elements):
        """Which device the elements take (their device-name) and what it
        is; before anything else, so that defaults can depend on it."""
        frames = self.prep_frames("GRAY8", 320, 240)
        for e in elements if frames else []:
            rc, res, _ = run(self.time_argv("GRAY8", 320, 240, frames, "-n",
                                            "1", "-w", "0", e))
            self.gone_if_not_built(e, rc, res)
            self.gstreamer = res.get("gstreamer", self.gstreamer)
            if "device-name" in res:
                self.device = {"device-name": res["device-name"]}
                rc, info, _ = run([self.copy_bin, res["device-name"], "0"])
                self.device.update(info)
                return

    def check_opencv(self):
        cands = [self.a.python] if self.a.python else \
            [sys.executable] + (["/usr/bin/python3"]
                                if os.path.exists("/usr/bin/python3") else [])
        for py in cands:
            try:
                rc, res, _ = run([py, __file__, "--opencv-check"], quiet=True)
            except OSError:
                continue
            if rc == 0:
                self.python, self.cv = py, res
                print("OpenCV peers: %s, cv2 %s, %s threads%s" % (
                    py, res["opencv-version"], res["threads"],
                    ", UMat device: " + res.get("ocl-device", "")
                    if self.a.umat else ""))
                return
        print("skipped: OpenCV peers (no cv2 and numpy in %s)"
              % " or ".join(cands))

    def frames_for(self, w, h):
        if self.a.frames:
            return self.a.frames
        if self.gpu or w * h <= 1920 * 1080:
            return 300
        return 100 if w * h <= 3840 * 2160 else 50

    def size_cases(self, fmt, w, h, elements, peers):
        """The cases of one format and size: peers, then the elements."""
        new = []

        def add(label, **kw):
            new.append(Case(label, fmt, w, h, **kw))
        if "identity" in peers:
            add("identity", pipeline="identity")
        if "cvequalizehist" in peers and fmt == "GRAY8" and \
                any(e.startswith("clhistequalize") for e in elements):
            add("cvequalizehist", pipeline="cvequalizehist")
        if "opencv" in peers and self.cv and fmt.startswith("GRAY"):
            for op in dict.fromkeys(filter(None, map(opencv_op, elements))):
                if op == "equalizeHist" and fmt != "GRAY8":
                    continue  # OpenCV has no 16-bit equalizeHist
                for v in VARIANTS[:3 if self.a.umat else 1]:
                    add("opencv " + op + ("" if v == "mat" else " " + v),
                        op=op, variant=v)
        for e in elements:
            add(e, pipeline=e)
        return new

    def run_pipeline(self, c, frames_file, frames, warmup, profile=False):
        if c.pipeline in self.gone:
            c.error = self.gone[c.pipeline]
            return
        extra = ["-n", str(frames), "-w", str(warmup)]
        if self.a.system_memory:
            extra.append("--system-memory")
        rc, res, peak = run(
            self.time_argv(c.format, c.w, c.h, frames_file, *extra,
                           c.pipeline),
            env_with(GST_CL_PROFILING="1") if profile else None)
        self.gone_if_not_built(c.pipeline, rc, res)
        if profile:
            c.profile = res if not rc else None
        else:
            c.take(rc, res, peak)

    def run_opencv(self, group, frames_file, frames, warmup):
        """One round of an op's variants, in one process."""
        c0 = group[0]
        argv = [self.python, __file__, "--opencv-child", "--frames-file",
                frames_file, "--format", c0.format, "--size",
                "%dx%d" % (c0.w, c0.h), "--op", c0.op, "-n", str(frames),
                "-w", str(warmup)] + (["--umat"] if self.a.umat else [])
        rc, res, peak = run(argv)
        for c in group:
            if c.error:
                continue
            v = c.variant
            if "run-ms/" + v not in res:
                c.error = res.get("error/" + v, res.get("error", "failed"))
            elif v != "mat" and res.get("use-opencl/" + v) != 1:
                # UMat without OpenCL is OpenCV's CPU code again: no peer.
                c.error = "cv2 did not use OpenCL (see OPENCV_OPENCL_DEVICE)"
            else:
                c.take(0, {"run-ms": [res["run-ms/" + v]], **res}, peak)

    def run_startup(self, desc, fmt, w, h, frames_file):
        """Cold (empty caches), second (a new pipeline in that process),
        warm (a new process with the caches the cold one filled)."""
        cache = tempfile.mkdtemp(dir=self.tmp)
        env = env_with(**{v: os.path.join(cache, v) for v in CACHE_VARS})
        for v in CACHE_VARS:
            os.mkdir(env[v])
        st = {"element": desc, "format": fmt, "width": w, "height": h}
        for which in ("cold", "warm"):
            rc, res, _ = run(self.time_argv(fmt, w, h, frames_file,
                                            "--startup", desc), env)
            if rc:
                st["error"] = res["error"]
                break
            st[which + "-ms"] = float(res["first-ms"])
            st[which + "-state-ms"] = float(res["first-state-ms"])
            if which == "cold":
                st["second-ms"] = float(res["second-ms"])
        log("  start-up %-35s cold %.1f ms, second %.1f ms, warm cache %.1f "
            "ms" % (desc, st.get("cold-ms", NAN), st.get("second-ms", NAN),
                    st.get("warm-ms", NAN)))
        self.startups.append(st)

    def run_size(self, w, h, formats, elements, peers):
        frames = self.frames_for(w, h)
        warmup = self.a.warmup if self.a.warmup is not None \
            else max(10, frames // 5)
        files, cases = {}, []
        for fmt in formats:
            log("%s %dx%d: preparing frames" % (fmt, w, h))
            files[fmt] = self.prep_frames(fmt, w, h)
            if files[fmt]:
                cases += self.size_cases(fmt, w, h, elements, peers)
            else:
                print("could not prepare %s %dx%d frames" % (fmt, w, h))
        groups = {}
        for c in cases:
            if c.op:
                groups.setdefault((c.format, c.op), []).append(c)
        # Round-robin, one process per case and run: a drift in the
        # machine's speed hits every case of a round alike.
        busy = []
        for r in range(self.a.runs):
            busy.append(wait_idle(self.a.idle_wait, self.a.idle_busy))
            log("%dx%d: run %d/%d" % (w, h, r + 1, self.a.runs))
            for c in cases:
                if c.pipeline and not c.error:
                    self.run_pipeline(c, files[c.format], frames, warmup)
            for g in groups.values():
                if not all(c.error for c in g):
                    self.run_opencv(g, files[g[0].format], frames, warmup)
        for c in cases:
            c.busy = busy
            if c.error:
                log("  %-44s failed: %s" % (c.label, c.error))
            else:
                log("  %-44s %9.4f ms/frame  %9.1f fps  peak %.1f MiB" % (
                    c.label, c.ms, c.fps, c.peak_kib / 1024))
        if self.a.profile:
            for c in cases:
                if c.pipeline and is_cl(c.pipeline) and not c.error:
                    self.run_pipeline(c, files[c.format], frames, warmup,
                                      profile=True)
        if not self.a.no_startup and "%dx%d" % (w, h) == self.startup_size:
            for fmt in filter(files.get, formats):
                seen = set()
                for e in elements:
                    f = factories(e)[0]
                    # One per element, not per property set or chain.
                    if "!" in e or not is_cl(e) or f in seen or any(
                            c.error for c in cases
                            if c.pipeline == e and c.format == fmt):
                        continue
                    seen.add(f)
                    self.run_startup(f, fmt, w, h, files[fmt])
            if "identity" in peers and files[formats[0]]:
                self.run_startup("identity", formats[0], w, h,
                                 files[formats[0]])
        self.cases += cases
        for fmt in formats:
            if files[fmt]:
                self.print_group(fmt, w, h, frames, warmup)
                os.unlink(files[fmt])

    # -----------------------------------------------------------------------
    # Figures

    def find(self, label, fmt, w, h):
        for c in self.cases:
            if (c.label, c.format, c.w, c.h) == (label, fmt, w, h):
                return c
        return None

    @staticmethod
    def speedup(c, peer):
        """How many times faster c is than peer: the median of the
        per-round ratios, which cancels drifts that hit a whole round."""
        if not c or not peer or c.error or peer.error:
            return NAN
        if len(c.runs) != len(peer.runs):
            return peer.ms / c.ms
        return statistics.median(p / x for p, x in zip(peer.runs, c.runs))

    def device_us(self, c):
        """Per frame, summed over the case's elements: upload, kernels,
        download in us, bytes up, down and copied on the device, and the
        kernels by name."""
        if not c.profile:
            return None
        prof = per_frame_profile(c.profile)
        d = {"upload": 0, "kernels": 0, "download": 0, "up": 0, "down": 0,
             "copy": 0, "estimated": False, "names": [], "model": 0}
        for name, factory, b_in, b_out in elements_of(c.profile):
            if not factory.startswith("cl"):
                continue  # identity, queue: no kernel
            # Bytes a kernel must at least move: clhistequalize and clclahe
            # read the frame twice (statistics, then the mapping), others
            # once; clhistogram writes nothing.
            reads = 2 if factory in ("clhistequalize", "clclahe") else 1
            writes = 0 if factory == "clhistogram" else 1
            d["model"] += reads * b_in + writes * b_out
            p = prof.get(name)
            if not p:
                continue
            d["upload"] += p.get("upload-ns", 0) / 1e3
            d["download"] += p.get("download-ns", 0) / 1e3
            d["kernels"] += p.get("kernel-ns", 0) / 1e3
            if "upload-bytes" in p:
                d["up"] += p["upload-bytes"]
                d["down"] += p.get("download-bytes", 0)
                d["copy"] += p.get("copy-bytes", 0)
            else:
                # A plugin without byte counts: the luma of each frame
                # where its transfer took time.
                d["estimated"] = True
                d["up"] += b_in if p.get("upload-ns") else 0
                d["down"] += b_out if p.get("download-ns") else 0
            d["names"].append("%s%s" % (
                factory + ": " if len(elements_of(c.profile)) > 1 else "",
                ", ".join("%s %.1f" % (k, v / 1e3)
                          for k, v in p["kernels"].items())))
        return d

    def copy_us(self, c):
        bpp = 2 if c.format.startswith("GRAY16") else 1
        v = (self.bw or {}).get("copy-ns/%d" % (c.w * c.h * bpp))
        return float(v) / 1e3 if v else NAN

    # -----------------------------------------------------------------------
    # Tables

    def print_group(self, fmt, w, h, frames, warmup):
        umat = self.a.umat
        ident = self.find("identity", fmt, w, h)
        cveq = self.find("cvequalizehist", fmt, w, h)
        print("\n== %s %dx%d: %d frames per run after %d warm-up, median of "
              "%d runs ==" % (fmt, w, h, frames, warmup, self.a.runs))
        if ident and ident.busy and not math.isnan(ident.busy[0]):
            print("other load before each round (fraction of all CPUs busy): "
                  + " ".join("%.2f" % b for b in ident.busy))
        cols = ["vs ident", "vs cvequ", "vs OpenCV"] + \
            (["vs UMat", "vs UMat-r"] if umat else [])
        print("%-44s %10s %10s %7s" % ("case", "ms/frame", "fps", "spread")
              + "".join(" %9s" % x for x in cols) + " %9s" % "peak MiB")
        for c in self.cases:
            if (c.format, c.w, c.h) != (fmt, w, h):
                continue
            if c.error:
                print("%-44s %s" % (c.label, c.error))
                continue
            op = c.pipeline and opencv_op(c.pipeline)
            cv = [self.find("opencv " + op + s, fmt, w, h) if op else None
                  for s in ("", " umat", " umat-resident")]
            hist = c.label.startswith("clhistequalize") and "!" not in c.label
            ratios = [self.speedup(c, ident),
                      self.speedup(c, cveq) if hist else NAN] + \
                [self.speedup(c, x) for x in cv[:3 if umat else 1]]
            print("%-44s %10.4f %10.1f %6.1f%%" % (c.label, c.ms, c.fps,
                                                    c.spread)
                  + "".join(" %9s" % fmt_ratio(r) for r in ratios)
                  + " %9.1f" % (c.peak_kib / 1024))

    def print_profile(self):
        print("\n== Device time per frame (GST_CL_PROFILING=1, one run of "
              "each case) ==")
        if self.bw:
            print("copy-kernel bandwidth on \"%s\": %.1f GB/s (read + "
                  "written, best of 10 over %d MiB)" % (
                      self.bw["device-name"],
                      float(self.bw["bytes-per-s"]) / 1e9,
                      int(self.bw["bytes"]) >> 20))
        print("%-40s %-9s %-9s %8s %8s %8s %8s %8s %7s %7s %7s %7s  %s" % (
            "case", "format", "size", "upload", "kernels", "download",
            "ideal", "copy", "x ideal", "x copy", "up MB", "down MB",
            "kernels (us/frame)"))
        estimated = False
        for c in self.cases:
            if not c.pipeline or not is_cl(c.pipeline) or c.error:
                continue
            size = "%dx%d" % (c.w, c.h)
            d = self.device_us(c)
            if not d or not d["names"]:
                print("%-40s %-9s %-9s no clfilter-profile message" % (
                    c.label, c.format, size))
                continue
            bw = float(self.bw["bytes-per-s"]) if self.bw else NAN
            ideal = div(d["model"] * 1e6, bw)
            copy = self.copy_us(c)
            estimated |= d["estimated"]
            print("%-40s %-9s %-9s %8.1f %8.1f %8.1f %8.1f %8.1f %7.2f %7.2f "
                  "%7.2f %7.2f%s %s" % (
                      c.label, c.format, size, d["upload"], d["kernels"],
                      d["download"], ideal, copy, div(d["kernels"], ideal),
                      div(d["kernels"], copy), d["up"] / 1e6, d["down"] / 1e6,
                      "*" if d["estimated"] else " ",
                      "; ".join(d["names"])))
        print("upload, kernels, download, ideal, copy in us per frame, summed "
              "over a chain's elements; ideal = bytes the kernels must move / "
              "copy bandwidth; copy = the copy kernel on one input frame's "
              "luma; x ideal, x copy = kernels / ideal, / copy; up, down MB = "
              "bytes to and from the device per frame")
        if estimated:
            print("*: the plugin posts no byte counts; the luma of each "
                  "element's input and output where its upload or download "
                  "took time")

    def print_startup(self):
        if not self.startups:
            return
        print("\n== set_state(PLAYING) to first buffer at the sink, ms ==")
        print("%-40s %-9s %-9s %9s %9s %9s %9s" % (
            "element", "format", "size", "cold", "(state)", "second", "warm"))
        for st in self.startups:
            head = "%-40s %-9s %-9s" % (st["element"], st["format"],
                                        "%dx%d" % (st["width"], st["height"]))
            if "error" in st:
                print(head, st["error"])
                continue
            print(head + " %9.1f %9.1f %9.1f %9.1f" % (
                st["cold-ms"], st["cold-state-ms"], st["second-ms"],
                st["warm-ms"]))
        print("cold: new process, empty %s; (state): of which set_state() "
              "itself; second: a new pipeline in the same process; warm: a "
              "new process with the caches the cold one filled"
              % ", ".join(CACHE_VARS))

    # -----------------------------------------------------------------------
    # Targets (issues 9, 11, 13 and 14), from the figures of this run

    def targets(self):
        out = []
        mem = "frames in " + ("system memory" if self.a.system_memory
                              else "the element's memory")

        def target(what, value, unit, ok):
            out.append({"what": what, "value": value, "unit": unit,
                        "met": None if math.isnan(value) else bool(ok)})

        def dev_us(c):
            d = self.device_us(c)
            return d["kernels"] if d and d["names"] else NAN

        gpu = self.gpu
        for c in self.cases:
            if not c.pipeline or not is_cl(c.pipeline) or c.error:
                continue
            L, F, size = c.label, c.format, "%dx%d" % (c.w, c.h)
            fac = factories(L)
            op = opencv_op(L)
            gray8 = self.find(L, "GRAY8", c.w, c.h)
            cv = op and self.find("opencv " + op, F, c.w, c.h)
            if L == AGC:
                # Issue 10: every property set against the plain element.
                plain = self.find("clhistequalize", F, c.w, c.h)
                if gpu and size == "3840x2160":
                    v = div(dev_us(c), dev_us(plain) if plain else NAN)
                    target("AGC %s %s device time / plain's (<= 1.15)" % (
                        F, size), v, "x", v <= 1.15)
                elif not gpu and size == "1920x1080":
                    v = div(1, self.speedup(c, plain))
                    target("AGC %s %s time / plain's (<= 1.15)" % (F, size),
                           v, "x", v <= 1.15)
                continue
            hist = fac == ["clhistequalize"]
            if not gpu and F == "GRAY8" and size in ("1920x1080", "640x480"):
                least = 1.5 if size == "1920x1080" else 1.0
                if hist:
                    v = self.speedup(c, self.find("cvequalizehist", F, c.w,
                                                  c.h))
                    target("%s %s GRAY8 / cvequalizehist, %s (>= %g)" % (
                        L, size, mem, least), v, "x", v >= least)
                least = {"sobel-magnitude": 4, "sobel-l1": 1, "clahe": 1}.get(
                    op) if size == "1920x1080" else None
                if least:
                    v = self.speedup(c, cv)
                    target("%s 1080p GRAY8 / OpenCV (>= %g)" % (L, least), v,
                           "x", v >= least)
            if F in ("NV12", "I420") and gray8 and not gray8.error:
                v = div(1, self.speedup(c, gray8))
                target("%s %s %s time / GRAY8 time (<= 1.25)" % (L, size, F),
                       v, "x", v <= 1.25)
                if gpu and size == "3840x2160":
                    v = div(dev_us(c), dev_us(gray8))
                    target("%s 4K %s device time / GRAY8's (<= 1.1)" % (L, F),
                           v, "x", v <= 1.1)
            if F.startswith("GRAY16") and gray8 and not gray8.error:
                # CLAHE's GRAY16 tables have 65536 bins per tile (issue 11).
                most = (4 if c.w * c.h >= 1920 * 1080 else None) \
                    if fac == ["clclahe"] else (None if gpu else 2)
                if most:
                    v = div(1, self.speedup(c, gray8))
                    target("%s %s GRAY16 time / GRAY8 time (<= %g)" % (
                        L, size, most), v, "x", v <= most)
            if F == "GRAY8" and "post-messages" not in L:
                quiet = self.find(L + " post-messages=false", F, c.w, c.h)
                if quiet and not quiet.error:
                    v = div(1, self.speedup(c, quiet))
                    target("%s %s time / post-messages=false (<= 1.1)" % (
                        L, size), v, "x", v <= 1.1)
            # The meta on each buffer, against the same case without it.
            if F == "GRAY8" and L.endswith(" attach-meta=true"):
                bare = self.find(L[:-len(" attach-meta=true")], F, c.w, c.h)
                if bare and not bare.error:
                    v = div(1, self.speedup(c, bare))
                    target("%s %s time / without attach-meta (<= 1.1)" % (
                        L, size), v, "x", v <= 1.1)
            if not gpu or size != "3840x2160":
                continue
            # GRAY8 unless the issue says otherwise.
            most = {("clhistequalize", "GRAY8"): 1.4,
                    ("clhistequalize", "GRAY16_LE"): 3,
                    ("clsobel", "GRAY8"): 1.2,
                    ("clclahe", "GRAY8"): 3}.get((fac[0], F)) \
                if len(fac) == 1 else None
            if most:
                v = div(dev_us(c), self.copy_us(c))
                target("%s 4K %s device time / copy kernel (<= %g)" % (
                    L, F, most), v, "x", v <= most)
            if F != "GRAY8":
                continue
            # A queue after the element lets a frame's download run beside
            # the next frame's upload (docs/performance.md).
            core = fac[:-1] if fac[-1:] == ["queue"] else fac
            least = {"clhistequalize": 4000, "clsobel": 4500}.get(core[0]) \
                if len(core) == 1 else None
            if least:
                target("%s 4K GRAY8 pipeline fps (>= %d)" % (L, least), c.fps,
                       "fps", c.fps >= least)
            if fac == ["clclahe"]:
                r = self.find("opencv clahe umat-resident", F, c.w, c.h)
                v = div(r.ms * 1e3, dev_us(c)) if r and not r.error else NAN
                target("clclahe 4K GRAY8 device time vs OpenCV UMat-resident "
                       "(>= 10)", v, "x", v >= 10)
            # Issue 13: a chain against its last element alone (each with
            # the queue after it, where the chain has one).
            if len(core) > 1:
                last = L.split("!")[len(core) - 1].strip()
                if len(core) < len(fac):
                    last += " ! queue"
                v = self.speedup(c, self.find(last, F, c.w, c.h))
                target("%s 4K GRAY8 fps / %s alone (>= 0.9)" % (L, last), v,
                       "x", v >= 0.9)
        for st in self.startups if gpu else []:
            if st["element"] != "identity" and "error" not in st:
                target("%s %s start-up cold (<= 1000 ms)" % (
                    st["element"], st["format"]), st["cold-ms"], "ms",
                    st["cold-ms"] <= 1000)
                target("%s %s start-up warm cache (<= 100 ms)" % (
                    st["element"], st["format"]), st["warm-ms"], "ms",
                    st["warm-ms"] <= 100)
        return out

    def print_targets(self, targets):
        print("\n== Targets (%s) ==" % ("GPU" if self.gpu else "CPU device"))
        for t in targets:
            if t["met"] is None:
                print("  %s: not measured" % t["what"])
            else:
                print("  %s: %.3f %s, %s" % (t["what"], t["value"], t["unit"],
                                             "met" if t["met"] else "NOT met"))

    # -----------------------------------------------------------------------
    # JSON, and a previous run's JSON against this one

    def as_json(self, targets):
        def case(c):
            j = {"label": c.label, "kind": "opencv" if c.op else "pipeline",
                 "format": c.format, "width": c.w, "height": c.h,
                 "ms": num(c.ms), "fps": num(c.fps), "spread": num(c.spread),
                 "busy-before-runs": [num(b) for b in c.busy],
                 "run-ms": c.runs, "peak-rss-kib": c.peak_kib,
                 "result": {k: v for k, v in c.result.items()
                            if k != "run-ms"}}
            if c.error:
                j["error"] = c.error
            if c.profile:
                j["profile"] = per_frame_profile(c.profile)
                j["device-us"] = self.device_us(c)
            return j
        return {"tool": "clfilter-bench.py",
                "date": datetime.datetime.now(datetime.timezone.utc)
                .isoformat(timespec="seconds"),
                "command": " ".join(sys.argv), "host-cpus": os.cpu_count(),
                "gstreamer": self.gstreamer, "loadavg-start": self.load_start,
                "loadavg-end": self.load_end, "runs": self.a.runs,
                "gpu": self.gpu, "device": self.device, "opencv": self.cv,
                "bandwidth": self.bw,
                "cases": [case(c) for c in self.cases],
                "startup": self.startups, "targets": targets}

    def compare(self, path):
        """Each row of a previous run (of this script or of the C bench
        before it) against this run: slower by more than either's spread
        is a regression."""
        with open(path) as f:
            old = {(c["label"], c["format"], c["width"], c["height"]): c
                   for c in json.load(f)["cases"] if c.get("ms")}
        print("\n== Against %s (speed = old ms / new ms) ==" % path)
        print("%-44s %-9s %-9s %10s %10s %7s  %s" % (
            "case", "format", "size", "old ms", "new ms", "speed", ""))
        for c in self.cases:
            o = old.get((c.label, c.format, c.w, c.h))
            if not o or c.error:
                continue
            runs = o.get("run-ms") or [o["ms"]]
            noise = max(c.spread, (max(runs) - min(runs)) / o["ms"] * 100)
            speed = o["ms"] / c.ms
            print("%-44s %-9s %-9s %10.4f %10.4f %7.3f  %s" % (
                c.label, c.format, "%dx%d" % (c.w, c.h), o["ms"], c.ms, speed,
                "slower" if speed < 1 - noise / 100 else "within noise"
                if speed < 1 + noise / 100 else "faster"))

    # -----------------------------------------------------------------------

    def main(self):
        a = self.a
        elements = [e.strip() for e in (a.elements or ELEMENTS).split(",")
                    if e.strip()]
        peers = [p.strip() for p in a.peers.split(",")]
        self.load_start = loadavg()
        self.gstreamer = "?"
        if not os.path.exists(self.time_bin):
            sys.exit("no %s: build the project, or give --bin-dir"
                     % self.time_bin)
        self.probe(elements)
        self.gpu = self.device.get("device-type") == "gpu"
        sizes = a.sizes or ("640x480,1920x1080,3840x2160" +
                            (",7680x4320" if self.gpu else ""))
        sizes = [tuple(int(v) for v in s.lower().split("x"))
                 for s in sizes.split(",")]
        formats = a.formats.split(",")
        self.startup_size = a.startup_size or (
            "1920x1080" if (1920, 1080) in sizes else "%dx%d" % sizes[0])
        print("clfilter-bench: %d CPUs (load average %s), %s, %s" % (
            os.cpu_count(), self.load_start, self.gstreamer,
            "OpenCL device \"%s\" (%s; %s; %s)" % (
                self.device["device-name"], self.device.get("device-type"),
                self.device.get("platform"), self.device.get("driver"))
            if self.device else "no OpenCL device seen"))
        if "opencv" in peers:
            self.check_opencv()
        for w, h in sizes:
            self.run_size(w, h, formats, elements, peers)
        if (a.profile or a.bandwidth) and self.device:
            sizes_b = sorted({c.w * c.h * (2 if c.format.startswith("GRAY16")
                                           else 1) for c in self.cases})
            rc, res, _ = run([self.copy_bin, self.device["device-name"],
                              str(a.bw_mib)] + [str(s) for s in sizes_b])
            if rc:
                print("\nbandwidth: %s" % res["error"])
            else:
                self.bw = res
                if not a.profile:
                    print("\ncopy-kernel bandwidth on \"%s\": %.1f GB/s" % (
                        res["device-name"], float(res["bytes-per-s"]) / 1e9))
        self.load_end = loadavg()
        print("\nload average at the end: %s" % self.load_end)
        if a.profile:
            self.print_profile()
        self.print_startup()
        targets = self.targets()
        if targets:
            self.print_targets(targets)
        if a.compare:
            self.compare(a.compare)
        if a.json:
            with open(a.json, "w") as f:
                json.dump(self.as_json(targets), f, indent=1)
        shutil.rmtree(self.tmp, ignore_errors=True)
        failed = [c for c in self.cases if c.error and c.pipeline and
                  is_cl(c.pipeline) and c.pipeline not in self.gone]
        return 2 if failed else 0


def fmt_ratio(v):
    if math.isnan(v):
        return "-"
    return "%.0f" % v if v >= 100 else "%.3g" % v


def div(a, b):
    return a / b if b and not math.isnan(b) else NAN


def num(v):
    return None if v is None or math.isnan(v) else v


# ---------------------------------------------------------------------------
# OpenCV peers: OpenCV called directly on the same frames, outputs
# preallocated and reused, as a C++ user reusing cv::Mat would write it.
#
#   equalizeHist     cv2.equalizeHist (GRAY8 only: OpenCV has no 16-bit one)
#   clahe            cv2.createCLAHE(2.0, (8, 8)).apply, clclahe's defaults
#   sobel-magnitude  Sobel dx, dy (ksize 3, BORDER_REPLICATE, CV_32F),
#                    magnitude, back to the input depth rounded and saturated
#   sobel-l1         |dx| + |dy| saturated: 8 bits through CV_16S and
#                    convertScaleAbs, 16 bits through CV_32F and absdiff
#
# "mat" runs OpenCV's CPU code; with --umat, "umat" uploads each frame and
# downloads the result, "umat-resident" keeps the frames on the device and
# waits (cv2.ocl.finish) at the end of the run only.

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
    w, h = (int(v) for v in a.size.split("x"))
    depth16 = a.format.startswith("GRAY16")
    dt = np.dtype("<u2" if depth16 else np.uint8)
    data = np.fromfile(a.frames_file, dtype=dt)
    ring = [np.ascontiguousarray(data[i * w * h:(i + 1) * w * h]
                                 .reshape(h, w)).astype(dt.newbyteorder("="))
            for i in range(data.size // (w * h))]
    for variant in VARIANTS[:3 if a.umat else 1]:
        umat = variant != "mat"
        cv2.ocl.setUseOpenCL(umat)
        if umat:
            print("use-opencl/%s %d" % (variant, cv2.ocl.useOpenCL()))
            print("ocl-device %s" % ocl_device())

        def alloc(depth):
            return cv2.UMat(h, w, depth) if umat else \
                np.empty((h, w), {cv2.CV_8U: np.uint8, cv2.CV_16U: np.uint16,
                                  cv2.CV_16S: np.int16,
                                  cv2.CV_32F: np.float32}[depth])
        out = alloc(cv2.CV_16U if depth16 else cv2.CV_8U)
        if a.op == "equalizeHist" and not depth16:
            def fn(f):
                return cv2.equalizeHist(f, dst=out)
        elif a.op == "clahe":
            clahe = cv2.createCLAHE(2.0, (8, 8))

            def fn(f):
                return clahe.apply(f, dst=out)
        elif a.op in ("sobel-magnitude", "sobel-l1"):
            l1_8 = a.op == "sobel-l1" and not depth16
            ddepth = cv2.CV_16S if l1_8 else cv2.CV_32F
            dx, dy, mag = alloc(ddepth), alloc(ddepth), alloc(cv2.CV_32F)
            ax, ay = (alloc(cv2.CV_8U), alloc(cv2.CV_8U)) if l1_8 else \
                (alloc(cv2.CV_32F), alloc(cv2.CV_32F))

            def fn(f):
                for d, ox, oy in ((dx, 1, 0), (dy, 0, 1)):
                    cv2.Sobel(f, ddepth, ox, oy, dst=d, ksize=3,
                              borderType=cv2.BORDER_REPLICATE)
                if a.op == "sobel-magnitude":
                    cv2.magnitude(dx, dy, magnitude=mag)
                    if depth16:
                        return cv2.multiply(mag, 1.0, dst=out,
                                            dtype=cv2.CV_16U)
                    return cv2.convertScaleAbs(mag, dst=out)
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
        sync = cv2.ocl.finish if variant == "umat-resident" else (
            lambda: None)
        if variant == "umat":
            def step(i):
                fn(cv2.UMat(ring[i])).get()
        else:
            frames = [cv2.UMat(f) for f in ring] if umat else ring

            def step(i):
                fn(frames[i])
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
    p.add_argument("-s", "--sizes", help="WxH list (default 640x480,"
                   "1920x1080,3840x2160, and 7680x4320 on a GPU)")
    p.add_argument("-f", "--formats", default="GRAY8,GRAY16_LE,NV12,I420")
    p.add_argument("-e", "--elements", help="comma-separated cases: an element "
                   "with properties or a chain 'a ! b' (default: %s)"
                   % ELEMENTS)
    p.add_argument("--peers", default="identity,cvequalizehist,opencv",
                   help="identity, cvequalizehist, opencv, or none")
    p.add_argument("-n", "--frames", type=int, help="frames per run (default "
                   "300; on a CPU device 100 at 3840x2160 and 50 above)")
    p.add_argument("-w", "--warmup", type=int,
                   help="warm-up frames (default frames/5, at least 10)")
    p.add_argument("-r", "--runs", type=int, default=5,
                   help="rounds; the median is reported (default 5)")
    p.add_argument("-q", "--quick", action="store_true",
                   help="smoke test: 640x480, 20 frames, 3 runs")
    p.add_argument("-p", "--profile", action="store_true",
                   help="device times (GST_CL_PROFILING=1) and the "
                   "copy-kernel bound")
    p.add_argument("-b", "--bandwidth", action="store_true",
                   help="only the copy-kernel bandwidth")
    p.add_argument("-d", "--device", help="the elements' \"device\" property")
    p.add_argument("-u", "--umat", action="store_true",
                   help="also OpenCV's OpenCL path (cv2.UMat)")
    p.add_argument("--system-memory", action="store_true",
                   help="frames in system memory, not the element's")
    p.add_argument("--no-startup", action="store_true")
    p.add_argument("--startup-size", help="WxH (default 1920x1080 if "
                   "measured, else the first size)")
    p.add_argument("--python", help="python3 with cv2 and numpy for the "
                   "OpenCV peers (default: this one, then /usr/bin/python3)")
    p.add_argument("--image", default=next(
        (i for i in (os.path.join(HERE, "..", "tests", "data", "moon.png"),
                     os.path.join(HERE, "..", "..", "tests", "data",
                                  "moon.png")) if os.path.exists(i)),
        "tests/data/moon.png"))
    p.add_argument("--bin-dir", default=HERE,
                   help="where clfilter-time and clfilter-copybw are "
                   "(default: next to this script)")
    p.add_argument("--bw-mib", type=int, default=256)
    p.add_argument("--idle-wait", type=float, default=10,
                   help="seconds to wait before each round for idle CPUs")
    p.add_argument("--idle-busy", type=float, default=0.15,
                   help="idle: at most this fraction of the CPUs busy")
    p.add_argument("--timeout", type=int, default=1800,
                   help="seconds a child may run")
    p.add_argument("-j", "--json", help="write every result here")
    p.add_argument("--compare", metavar="JSON",
                   help="a previous run's JSON to hold this run against")
    p.add_argument("--opencv-child", action="store_true",
                   help=argparse.SUPPRESS)
    p.add_argument("--opencv-check", action="store_true",
                   help=argparse.SUPPRESS)
    p.add_argument("--frames-file", help=argparse.SUPPRESS)
    p.add_argument("--format", help=argparse.SUPPRESS)
    p.add_argument("--size", help=argparse.SUPPRESS)
    p.add_argument("--op", help=argparse.SUPPRESS)
    a = p.parse_args()
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # tables as they come
    if a.opencv_child or a.opencv_check:
        return opencv_child(a)
    if a.quick:
        a.sizes = a.sizes or "640x480"
        a.frames = a.frames or 20
        a.warmup = 5 if a.warmup is None else a.warmup
        a.runs = min(a.runs, 3)
    if a.peers == "none":
        a.peers = ""
    return Bench(a).main()


if __name__ == "__main__":
    sys.exit(main())
