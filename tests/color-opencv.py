#!/usr/bin/env python3
# gst-clfilter tests
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Checks the C colour references (tests/check/colorreference.c, through
the refcolor tool) against OpenCV itself, on every 8-bit input.

usage: color-opencv.py REFCOLOR

For RGB2YCrCb, YCrCb2RGB, RGB2Lab, Lab2RGB and RGB2GRAY, the reference's
result for each of the 2^24 inputs must be cv2.cvtColor's, wherever the
input lies in the image: cv2 runs on images holding all 2^24 inputs in
several shapes (4096 columns, every row of whole SIMD blocks; 4095 and 4097
columns, so that rows end in partial blocks and each input falls in other
lanes; one column, OpenCV's scalar code alone; four channels for the
conversions from RGB), and every shape must give every input the same
result. Then the round trip the elements make (to YCrCb or Lab, channel 0
replaced, back to RGB) on random pixels. Skips (77) without cv2.
"""
import subprocess
import sys

try:
    import numpy as np
    import cv2
except ImportError as e:
    print('skipped: %s' % e)
    sys.exit(77)

N = 1 << 24
SEED = 20261124

# (refcolor's name, cv2's code, output channels)
CONVERSIONS = [
    ('rgb2ycrcb', cv2.COLOR_RGB2YCrCb, 3),
    ('ycrcb2rgb', cv2.COLOR_YCrCb2RGB, 3),
    ('rgb2lab', cv2.COLOR_RGB2Lab, 3),
    ('lab2rgb', cv2.COLOR_Lab2RGB, 3),
    ('rgb2gray', cv2.COLOR_RGB2GRAY, 1),
]


def every_input():
    """All 2^24 triples, input i being (i >> 16, (i >> 8) & 255, i & 255)."""
    i = np.arange(N, dtype=np.uint32)
    return np.stack([i >> 16, (i >> 8) & 255, i & 255], axis=-1).astype(
        np.uint8)


def reference(tool, name, pixels):
    out = subprocess.run([tool, name], input=pixels.tobytes(),
                         capture_output=True, check=True).stdout
    return np.frombuffer(out, np.uint8).reshape(len(pixels), -1).copy()


def shapes(channels_in):
    """(description, columns, first input, channels): each image's pixel k
    holds input (first + k) mod 2^24, rows enough to hold them all."""
    yield '4096 columns', 4096, 0, 3
    yield '4095 columns', 4095, 0, 3
    yield '4097 columns from input 1', 4097, 1, 3
    yield '1 column', 1, 0, 3
    if channels_in == 'rgb':
        yield '4 channels, 4096 columns', 4096, 0, 4
        yield '4 channels, 4095 columns', 4095, 7, 4


def check_shape(code, inputs, expected, cols, first, channels):
    """cv2 on one shape: the pixels whose result is not the reference's,
    the input each pixel holds, and cv2's results."""
    rows = -(-N // cols)
    idx = (first + np.arange(rows * cols, dtype=np.int64)) % N
    img = inputs[idx]
    if channels == 4:
        alpha = (idx * 7 % 251).astype(np.uint8)[:, None]
        img = np.concatenate([img, alpha], axis=1)
    got = cv2.cvtColor(img.reshape(rows, cols, channels), code).reshape(
        rows * cols, -1)
    bad = np.nonzero(np.any(got != expected[idx], axis=1))[0]
    return bad, idx, got


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    inputs = every_input()
    failed = 0
    for name, code, _ in CONVERSIONS:
        expected = reference(tool, name, inputs)
        for desc, cols, first, channels in shapes(name[:3]):
            bad, idx, got = check_shape(code, inputs, expected, cols, first,
                                        channels)
            if len(bad):
                k = bad[0]
                print('FAIL %s, %s: %d pixels differ, first input %s: '
                      'reference %s, OpenCV %s' % (
                          name, desc, len(bad), inputs[idx[k]],
                          expected[idx[k]], got[k]))
                failed += 1
            else:
                print('ok   %s, %s: all %d inputs' % (name, desc, N))

    # The elements' round trip, with cv2 on one image and the reference per
    # pixel: to YCrCb or Lab, channel 0 set to any value, back to RGB.
    rng = np.random.default_rng(SEED)
    rgb = rng.integers(0, 256, (1 << 20, 3), dtype=np.uint8)
    v = rng.integers(0, 256, 1 << 20, dtype=np.uint8)
    for space, to, back in (('ycrcb', cv2.COLOR_RGB2YCrCb,
                             cv2.COLOR_YCrCb2RGB),
                            ('lab', cv2.COLOR_RGB2Lab, cv2.COLOR_Lab2RGB)):
        img = cv2.cvtColor(rgb.reshape(1024, 1024, 3), to)
        img[..., 0] = v.reshape(1024, 1024)
        cv_out = cv2.cvtColor(img, back).reshape(-1, 3)
        conv = reference(tool, 'rgb2' + space, rgb)
        conv[:, 0] = v
        ref_out = reference(tool, space + '2rgb', conv)
        n_bad = np.count_nonzero(np.any(cv_out != ref_out, axis=1))
        if n_bad:
            print('FAIL round trip through %s: %d of %d pixels differ' % (
                space, n_bad, len(rgb)))
            failed += 1
        else:
            print('ok   round trip through %s, channel 0 replaced: %d '
                  'random pixels' % (space, len(rgb)))
    print('%s against cv2 %s' % ('FAILED' if failed else 'identical',
                                  cv2.__version__))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
