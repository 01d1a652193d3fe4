#!/usr/bin/env python3
# gst-clfilter tests
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Checks clclahe's definition against OpenCV itself.

usage: clahe-opencv.py reference REFCLAHE   the C reference (tests/check/
                                            clreference.c, through the
                                            refclahe tool) against cv2
       clahe-opencv.py element              the clclahe element (through
                                            GStreamer, GST_PLUGIN_PATH must
                                            find it) against cv2

Both compare every pixel with cv2.createCLAHE(clip, (tiles_x, tiles_y))
.apply(frame), OpenCV's CPU path, on the same cases: the test images, random
frames of sizes that do and do not divide into the tiles, 1x1 tiles, 64x64
tiles on frames smaller than that, clip limits from none to one that clips
nothing, 8 and 16 bits. The element also takes the 16-bit cases as the
full-range luma of Y444_16LE and P016_LE (2^16 bins, as GRAY16: OpenCV's
CLAHE of the uint16 luma), its chroma to come out as it went in. The C
suite (tests/check/clclahe.c) then holds the element to the reference on
everything else, 10 and 12 bits too, which OpenCV's CLAHE does not take.
Skips (77) without cv2.
"""
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import cv2
except ImportError as e:
    print('skipped: %s' % e)
    sys.exit(77)

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data')
SEED = 20261123


def load(name):
    img = cv2.imread(os.path.join(DATA, name), cv2.IMREAD_UNCHANGED)
    assert img is not None and img.ndim == 2, name
    return img


def cases():
    """(name, frame, clip, tiles_x, tiles_y)"""
    rng = np.random.default_rng(SEED)
    moon, camera = load('moon.png'), load('camera.png')
    flower = load('flower_small.g.depth12.pgm')
    basn = load('basn0g16.png')
    for img, name in ((moon, 'moon'), (camera, 'camera'), (flower, 'flower'),
                      (basn, 'basn0g16')):
        for clip, tx, ty in ((2.0, 8, 8), (40.0, 8, 8), (0.0, 8, 8),
                             (4.0, 7, 5), (2.0, 1, 1), (1.0, 64, 64),
                             (3.5, 3, 16)):
            yield ('%s clip %g %dx%d' % (name, clip, tx, ty), img, clip, tx,
                   ty)
    # A 16-bit frame of wide range, and one of 8-bit values scaled: OpenCV's
    # 65536-bin tables on both.
    yield ('flower x16 clip 2 8x8', (flower.astype(np.uint32) * 16).astype(
        np.uint16), 2.0, 8, 8)
    yield ('camera x257 clip 3 6x6', camera.astype(np.uint16) * 257, 3.0, 6,
           6)
    sizes = [(1, 1), (1, 7), (7, 1), (64, 64), (65, 63), (63, 65), (97, 61),
             (640, 480), (641, 479), (1920, 1080)]
    for i, (w, h) in enumerate(sizes):
        for bits in (8, 16):
            if w * h > 1e6 and bits == 16:
                continue
            tx = int(rng.integers(1, 17))
            ty = int(rng.integers(1, 17))
            if i % 4 == 0:
                tx, ty = 8, 8
            if i % 4 == 1:
                tx, ty = 64, 64
            clip = float(rng.choice([0.0, 0.5, 1.0, 2.0, 40.0, 1000.0,
                                     rng.uniform(0, 8)]))
            dtype = np.uint8 if bits == 8 else np.uint16
            kind = i % 3
            if kind == 0:
                frame = rng.integers(0, 1 << bits, (h, w)).astype(dtype)
            elif kind == 1:
                # A narrow band: most of the histogram clipped.
                lo = int(rng.integers(0, (1 << bits) // 2))
                frame = (lo + rng.integers(0, max(2, (1 << bits) // 32),
                                           (h, w))).astype(dtype)
            else:
                # A smooth ramp with noise: neighbours alike, as in pictures.
                yy, xx = np.mgrid[0:h, 0:w]
                ramp = (xx * 3 + yy * 2) % (1 << bits)
                noise = rng.integers(0, 4, (h, w))
                frame = np.clip(ramp + noise, 0, (1 << bits) - 1).astype(dtype)
            yield ('random %dx%d %d-bit clip %g %dx%d' % (w, h, bits, clip,
                                                         tx, ty),
                   frame, clip, tx, ty)


def run_reference(tool, frame, clip, tx, ty):
    h, w = frame.shape
    bits = 8 if frame.dtype == np.uint8 else 16
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, 'in.raw'), os.path.join(d, 'out.raw')
        frame.astype('<u2' if bits == 16 else np.uint8).tofile(src)
        subprocess.run([tool, src, dst, str(w), str(h), str(bits), repr(clip),
                        str(tx), str(ty)], check=True)
        out = np.fromfile(dst, '<u2' if bits == 16 else np.uint8)
    return out.reshape(h, w).astype(frame.dtype)


# The formats of 16-bit luma the element's 16-bit cases run in too.
YUV16 = ('Y444_16LE', 'P016_LE')
# Their chroma planes: (plane, rows, bytes of samples in a row) of w x h.
CHROMA_ROWS = {
    'Y444_16LE': lambda w, h: [(1, h, w * 2), (2, h, w * 2)],
    'P016_LE': lambda w, h: [(1, (h + 1) // 2, (w + 1) // 2 * 4)],
}


def plane_rows(data, info, plane, rows, row_bytes):
    """The sample bytes of @rows rows of @plane of a frame laid out as
    @info says."""
    start = info.offset[plane]
    stride = info.stride[plane]
    return data[start:start + rows * stride].reshape(rows, stride)[
        :, :row_bytes]


class Element:
    """clclahe in appsrc ! clclahe ! appsink, one pipeline per format."""

    def __init__(self):
        import gi
        gi.require_version('Gst', '1.0')
        gi.require_version('GstVideo', '1.0')
        from gi.repository import Gst, GstVideo
        Gst.init(None)
        self.Gst = Gst
        self.GstVideo = GstVideo

    def run_yuv(self, fmt, frame, clip, tx, ty, rng):
        """The luma of a full-range @fmt frame whose luma is @frame and whose
        chroma is random, and whether the chroma came out unchanged."""
        Gst, GstVideo = self.Gst, self.GstVideo
        h, w = frame.shape
        info = GstVideo.VideoInfo.new()
        info.set_format(GstVideo.VideoFormat.from_string(fmt), w, h)
        data = rng.integers(0, 256, info.size).astype(np.uint8)
        y = data[info.offset[0]:info.offset[0] + h * info.stride[0]]
        y.reshape(h, info.stride[0])[:, :w * 2] = \
            frame.astype('<u2').view(np.uint8).reshape(h, w * 2)
        caps = ('video/x-raw,format=%s,width=%d,height=%d,framerate=25/1,'
                'colorimetry=1:4:0:0' % (fmt, w, h))
        p = Gst.parse_launch(
            'appsrc name=src format=time caps=%s ! clclahe clip-limit=%r '
            'tiles-x=%d tiles-y=%d ! appsink name=sink sync=false' % (
                caps, clip, tx, ty))
        p.set_state(Gst.State.PLAYING)
        p.get_by_name('src').emit('push-buffer',
                                  Gst.Buffer.new_wrapped(data.tobytes()))
        sample = p.get_by_name('sink').emit('try-pull-sample',
                                            60 * Gst.SECOND)
        assert sample is not None, 'no output'
        buf = sample.get_buffer()
        ok, m = buf.map(Gst.MapFlags.READ)
        out = np.frombuffer(m.data, np.uint8).copy()
        buf.unmap(m)
        p.set_state(Gst.State.NULL)
        luma = plane_rows(out, info, 0, h, w * 2).copy() \
            .view('<u2').reshape(h, w).astype(np.uint16)
        # The chroma planes' samples; the bytes that pad their rows are not
        # the frame's, and an output buffer of the element's own (upstream's
        # not writable) leaves them as its memory had them.
        chroma_ok = all(np.array_equal(plane_rows(out, info, p, n, row),
                                       plane_rows(data, info, p, n, row))
                        for p, n, row in CHROMA_ROWS[fmt](w, h))
        return luma, chroma_ok

    def run(self, frame, clip, tx, ty):
        Gst = self.Gst
        h, w = frame.shape
        fmt = 'GRAY8' if frame.dtype == np.uint8 else 'GRAY16_LE'
        bps = frame.dtype.itemsize
        caps = 'video/x-raw,format=%s,width=%d,height=%d,framerate=25/1' % (
            fmt, w, h)
        p = Gst.parse_launch(
            'appsrc name=src format=time caps=%s ! clclahe clip-limit=%r '
            'tiles-x=%d tiles-y=%d ! appsink name=sink sync=false' % (
                caps, clip, tx, ty))
        p.set_state(Gst.State.PLAYING)
        # GStreamer's default GRAY stride: rows rounded up to 4 bytes.
        stride = (w * bps + 3) // 4 * 4
        rows = np.zeros((h, stride), np.uint8)
        rows[:, :w * bps] = frame.astype('<u2' if bps == 2 else np.uint8) \
            .view(np.uint8).reshape(h, w * bps)
        p.get_by_name('src').emit('push-buffer',
                                  Gst.Buffer.new_wrapped(rows.tobytes()))
        sample = p.get_by_name('sink').emit('try-pull-sample',
                                            60 * Gst.SECOND)
        assert sample is not None, 'no output'
        buf = sample.get_buffer()
        ok, info = buf.map(Gst.MapFlags.READ)
        data = np.frombuffer(info.data, np.uint8).copy()
        buf.unmap(info)
        p.set_state(Gst.State.NULL)
        out = data[:h * stride].reshape(h, stride)[:, :w * bps]
        return out.copy().view('<u2' if bps == 2 else np.uint8) \
            .reshape(h, w).astype(frame.dtype)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ''
    if mode == 'reference' and len(sys.argv) == 3:
        tool = sys.argv[2]
        run = lambda *a: run_reference(tool, *a)
    elif mode == 'element':
        element = Element()
        run = element.run
    else:
        print(__doc__)
        return 2
    failed = 0
    n = 0
    rng = np.random.default_rng(SEED)
    for name, frame, clip, tx, ty in cases():
        expected = cv2.createCLAHE(clip, (tx, ty)).apply(frame)
        runs = [(name, lambda: (run(frame, clip, tx, ty), True))]
        if mode == 'element' and frame.dtype == np.uint16:
            for fmt in YUV16:
                runs.append(('%s as %s' % (name, fmt),
                             lambda fmt=fmt: element.run_yuv(
                                 fmt, frame, clip, tx, ty, rng)))
        for what, go in runs:
            got, chroma_ok = go()
            n += 1
            if not np.array_equal(expected, got):
                diff = np.abs(expected.astype(np.int64) -
                              got.astype(np.int64))
                y, x = np.unravel_index(np.argmax(diff), diff.shape)
                print('FAIL %s: %d pixels differ, the most at (%d,%d): %d, '
                      'OpenCV %d' % (what, np.count_nonzero(diff), x, y,
                                     got[y, x], expected[y, x]))
                failed += 1
            elif not chroma_ok:
                print('FAIL %s: the chroma changed' % what)
                failed += 1
            else:
                print('ok   %s' % what)
    print('%s: %d of %d cases identical to cv2 %s' % (
        mode, n - failed, n, cv2.__version__))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
