#!/usr/bin/env python3
# gst-clfilter benchmark: OpenCV called directly, the peers that have no
# GStreamer element.
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Times OpenCV (cv2) on the frames clfilter-bench prepared.

clfilter-bench runs this once per (operation, format, size) with
--frames-file, so that OpenCV sees exactly the bytes the pipelines see, and
reads the RESULT lines it prints (GstStructure syntax). Standalone, without
--frames-file, it makes its own frames from moon.png with cv2.resize.

Operations, as an OpenCV user would write them (outputs preallocated and
reused, as a C++ user reusing cv::Mat would get):

  equalizeHist     cv2.equalizeHist (GRAY8 only: OpenCV has no 16-bit one)
  sobel-magnitude  Sobel dx, Sobel dy (ksize 3, BORDER_REPLICATE, CV_32F),
                   cv2.magnitude, back to the input depth rounded and
                   saturated (convertScaleAbs for 8 bits, multiply by 1 with
                   dtype CV_16U for 16 bits)
  clahe            cv2.createCLAHE(2.0, (8, 8)).apply, the defaults of
                   clclahe (8 and 16 bits; OpenCV's OpenCL path is 8-bit
                   only, its 16-bit UMat runs on the CPU)
  sobel-l1         |dx| + |dy| saturated to the input depth: for 8 bits
                   Sobel to CV_16S, convertScaleAbs of each, cv2.add; for 16
                   bits Sobel to CV_32F, absdiff with 0, cv2.add with dtype
                   CV_16U

Variants: "mat" (numpy arrays, OpenCV's CPU code and its thread pool) and,
with --umat, OpenCV's OpenCL path: "umat" uploads each frame (cv2.UMat(frame))
and downloads the result (.get()), "umat-resident" keeps the frames on the
device and only waits for the queue (cv2.ocl.finish()) at the end of each
run. The OpenCL device is OpenCV's default one; choose it with
OPENCV_OPENCL_DEVICE (e.g. ":GPU:0"); the device it used is printed.
"""

import argparse
import json
import os
import resource
import statistics
import sys
import time

import numpy as np
import cv2

OPS = ("equalizeHist", "clahe", "sobel-magnitude", "sobel-l1")
RING = 4


def gst_str(s):
    """A GstStructure string value."""
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def structure(name, fields):
    parts = [name]
    for key, value in fields.items():
        if isinstance(value, bool):
            parts.append("%s=(boolean)%s" % (key, "true" if value else "false"))
        elif isinstance(value, int):
            parts.append("%s=(gint64)%d" % (key, value))
        elif isinstance(value, float):
            parts.append("%s=(double)%.9g" % (key, value))
        else:
            parts.append("%s=(string)%s" % (key, gst_str(value)))
    return ", ".join(parts) + ";"


def vmhwm_kib():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def dtype_of(fmt):
    if fmt == "GRAY8":
        return np.dtype(np.uint8)
    if fmt == "GRAY16_LE":
        return np.dtype("<u2")
    raise SystemExit("unsupported format %s" % fmt)


def load_frames(path, fmt, width, height):
    dt = dtype_of(fmt)
    data = np.fromfile(path, dtype=dt)
    n = width * height
    if data.size < n or data.size % n:
        raise SystemExit("%s: %d samples is not a whole number of %dx%d frames"
                         % (path, data.size, width, height))
    return [np.ascontiguousarray(data[i * n:(i + 1) * n].reshape(height, width))
            .astype(dt.newbyteorder("=")) for i in range(data.size // n)]


def make_frames(image, fmt, width, height):
    """Standalone: moon.png resized, and three flipped copies."""
    img = cv2.imread(image, cv2.IMREAD_GRAYSCALE)
    if img is None:
        raise SystemExit("cannot read %s" % image)
    img = cv2.resize(img, (width, height), interpolation=cv2.INTER_LINEAR)
    if fmt == "GRAY16_LE":
        img = img.astype(np.uint16) * 257
    return [img, cv2.flip(img, 1), cv2.flip(img, 0), cv2.flip(img, -1)]


class Op:
    """One operation with its outputs preallocated, as Mat or UMat."""

    def __init__(self, op, depth16, shape, umat):
        h, w = shape
        out_t = np.uint16 if depth16 else np.uint8
        if umat:
            def alloc(dtype):
                return cv2.UMat(h, w, {np.uint8: cv2.CV_8U, np.int16: cv2.CV_16S,
                                       np.uint16: cv2.CV_16U,
                                       np.float32: cv2.CV_32F}[dtype])
        else:
            def alloc(dtype):
                return np.empty((h, w), dtype)
        self.out = alloc(out_t)
        if op == "equalizeHist":
            if depth16:
                raise ValueError("cv::equalizeHist is GRAY8 only")
            self.fn = self.equalize
        elif op == "clahe":
            self.clahe = cv2.createCLAHE(2.0, (8, 8))
            self.fn = self.apply_clahe
        elif op == "sobel-magnitude":
            self.dx, self.dy, self.mag = (alloc(np.float32), alloc(np.float32),
                                          alloc(np.float32))
            self.fn = self.magnitude16 if depth16 else self.magnitude8
        elif op == "sobel-l1":
            t = np.float32 if depth16 else np.int16
            self.dx, self.dy = alloc(t), alloc(t)
            self.ax, self.ay = alloc(t if depth16 else np.uint8), \
                alloc(t if depth16 else np.uint8)
            self.fn = self.l1_16 if depth16 else self.l1_8
        else:
            raise ValueError("unknown op %s" % op)

    def equalize(self, f):
        return cv2.equalizeHist(f, dst=self.out)

    def apply_clahe(self, f):
        return self.clahe.apply(f, dst=self.out)

    def sobel(self, f, ddepth):
        cv2.Sobel(f, ddepth, 1, 0, dst=self.dx, ksize=3,
                  borderType=cv2.BORDER_REPLICATE)
        cv2.Sobel(f, ddepth, 0, 1, dst=self.dy, ksize=3,
                  borderType=cv2.BORDER_REPLICATE)

    def magnitude8(self, f):
        self.sobel(f, cv2.CV_32F)
        cv2.magnitude(self.dx, self.dy, magnitude=self.mag)
        return cv2.convertScaleAbs(self.mag, dst=self.out)

    def magnitude16(self, f):
        self.sobel(f, cv2.CV_32F)
        cv2.magnitude(self.dx, self.dy, magnitude=self.mag)
        return cv2.multiply(self.mag, 1.0, dst=self.out, dtype=cv2.CV_16U)

    def l1_8(self, f):
        self.sobel(f, cv2.CV_16S)
        cv2.convertScaleAbs(self.dx, dst=self.ax)
        cv2.convertScaleAbs(self.dy, dst=self.ay)
        return cv2.add(self.ax, self.ay, dst=self.out)

    def l1_16(self, f):
        self.sobel(f, cv2.CV_32F)
        cv2.absdiff(self.dx, 0.0, dst=self.ax)
        cv2.absdiff(self.dy, 0.0, dst=self.ay)
        return cv2.add(self.ax, self.ay, dst=self.out, dtype=cv2.CV_16U)


def time_runs(step, sync, n_ring, frames, warmup, runs):
    for i in range(warmup):
        step(i % n_ring)
    sync()
    per_frame_ms = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        for i in range(frames):
            step(i % n_ring)
        sync()
        per_frame_ms.append((time.perf_counter_ns() - t0) / frames / 1e6)
    return per_frame_ms


def ocl_device_name():
    try:
        if cv2.ocl.haveOpenCL() and cv2.ocl.useOpenCL():
            d = cv2.ocl.Device.getDefault()
            return "%s (%s)" % (d.name(), d.vendorName())
    except cv2.error:
        pass
    return ""


def bench(op, variant, ring, args):
    depth16 = ring[0].dtype.itemsize == 2
    o = Op(op, depth16, ring[0].shape, umat=variant != "mat")

    def no_sync():
        pass

    if variant == "mat":
        def step(i):
            o.fn(ring[i])
        sync = no_sync
    elif variant == "umat":
        def step(i):
            out = o.fn(cv2.UMat(ring[i]))
            out.get()
        sync = no_sync
    else:
        uring = [cv2.UMat(f) for f in ring]
        cv2.ocl.finish()

        def step(i):
            o.fn(uring[i])
        sync = cv2.ocl.finish
    return time_runs(step, sync, len(ring), args.frames, args.warmup,
                     args.runs)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true",
                   help="print OpenCV's version, threads and OpenCL device, then exit")
    p.add_argument("--frames-file", help="raw frames written by clfilter-bench")
    p.add_argument("--image", default=os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", "tests", "data", "moon.png"),
        help="standalone: image to make frames from (default: tests/data/moon.png)")
    p.add_argument("--format", default="GRAY8", choices=("GRAY8", "GRAY16_LE"))
    p.add_argument("--size", default="1920x1080", help="WIDTHxHEIGHT")
    p.add_argument("--ops", default=",".join(OPS),
                   help="comma-separated, of: " + ", ".join(OPS))
    p.add_argument("--frames", type=int, default=300, help="frames per run")
    p.add_argument("--warmup", type=int, default=30)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--umat", action="store_true",
                   help="also time the cv2.UMat (OpenCL) path")
    p.add_argument("--json", help="also write the results to this file")
    args = p.parse_args()

    info = {
        "opencv-version": cv2.__version__,
        "threads": cv2.getNumThreads(),
        "have-opencl": bool(cv2.ocl.haveOpenCL()),
        "ocl-device": ocl_device_name(),
    }
    if args.check:
        print("RESULT " + structure("opencv-info", info), flush=True)
        return 0

    width, height = (int(v) for v in args.size.lower().split("x"))
    if args.frames_file:
        ring = load_frames(args.frames_file, args.format, width, height)
    else:
        ring = make_frames(args.image, args.format, width, height)
    ring = ring[:RING]

    variants = ["mat"] + (["umat", "umat-resident"] if args.umat else [])
    results = []
    status = 0
    for op in [o for o in args.ops.split(",") if o]:
        for variant in variants:
            fields = {"op": op, "variant": variant, "format": args.format,
                      "width": width, "height": height,
                      "frames": args.frames, "warmup": args.warmup,
                      "runs": args.runs}
            fields.update(info)
            if variant != "mat":
                cv2.ocl.setUseOpenCL(True)
                fields["use-opencl"] = bool(cv2.ocl.useOpenCL())
                fields["ocl-device"] = ocl_device_name()
            try:
                runs = bench(op, variant, ring, args)
            except (ValueError, cv2.error) as e:
                fields["error"] = str(e).strip().splitlines()[-1]
                print("RESULT " + structure("opencv", fields), flush=True)
                if not isinstance(e, ValueError):
                    status = 1
                continue
            fields["median-ms"] = float(statistics.median(runs))
            fields["run-ms"] = ",".join("%.6f" % r for r in runs)
            fields["vmhwm-kib"] = vmhwm_kib()
            results.append(dict(fields, **{"run-ms": runs}))
            print("RESULT " + structure("opencv", fields), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
