#!/usr/bin/env python3
# gst-clfilter
# Copyright (C) 2026 gst-clfilter developers
# SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
"""Writes the tables of OpenCV's 8-bit Lab conversions (color_lab.cpp,
OpenCV 4.6) as OpenCL __constant arrays, for kernels/color.cl.

usage: color-tables.py OUT.cl

OpenCV builds them once in cv::softfloat and cv::softdouble (IEEE single
and double, rounded to nearest even, no fused operations but its explicit
mulAdd), from float arithmetic and its own cube root and pow; its
conversions then run in integers only. The kernels get the integers, so
they need no floating point at all. Plain Python: its floats are IEEE
doubles; a single operation on two float32 values computed in double and
rounded to float32 is the float32 operation's correctly rounded result (53
bits are more than 2 * 24 + 2), and the one fused multiply-add is rounded
once from its exact value.
"""
import fractions
import math
import struct
import sys

GAMMA_SHIFT = 3
LAB_SHIFT = 12
LAB_SHIFT2 = LAB_SHIFT + GAMMA_SHIFT
CBRT_TAB_SIZE = 256 * 3 // 2 * (1 << GAMMA_SHIFT)
INV_GAMMA_TAB_SIZE = 1 << 12
LAB_BASE = 1 << 14

SRGB_TO_XYZ = [0.412453, 0.357580, 0.180423,
               0.212671, 0.715160, 0.072169,
               0.019334, 0.119193, 0.950227]
XYZ_TO_SRGB = [3.240479, -1.53715, -0.498535,
               -0.969256, 1.875991, 0.041556,
               0.055648, -0.204043, 1.057311]
D65 = [0.950456, 1.0, 1.088754]

# cv::cbrt's rational approximation (Turkowski), as OpenCV stores it.
CBRT_NUM = [float.fromhex(h) for h in (
    '0x1.6a09e6653ba70p+5', '0x1.808f46c6116e0p+7', '0x1.dca97439cae14p+6',
    '0x1.add70d2827500p+3', '0x1.4f15f83f55d2dp-3')]
CBRT_DEN = [float.fromhex(h) for h in (
    '0x1.d9e20660edb21p+3', '0x1.2ff15c0285815p+7', '0x1.510d06a8112cep+7',
    '0x1.0fecbc9e2c375p+5')] + [1.0]

# OpenCV's pow is its own (exp (y * log (x)) from tables), not the C
# library's; every entry that depends on it is checked to come out the same
# with pow off by this much either way, far more than either's error (they
# all stay the same up to 2^-24).
POW_TOLERANCE = 2.0 ** -30


def f32(x):
    """x rounded to the nearest float32, ties to even."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f32_exact(q):
    """The Fraction q rounded once to the nearest float32, ties to even;
    q positive and normal."""
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if fractions.Fraction(2) ** e > q:
        e -= 1
    scaled = q / fractions.Fraction(2) ** (e - 23)
    m = round(scaled)  # Fraction's round() is half to even
    return math.ldexp(m, e - 23)


def fma32(a, b, c):
    exact = (fractions.Fraction(a) * fractions.Fraction(b) +
             fractions.Fraction(c))
    return f32_exact(exact)


def cv_cbrt(x):
    """cv::cbrt for a positive normal float32: the approximation on the
    mantissa scaled into [0.125, 1), its mantissa cut (not rounded) to
    float32."""
    u = struct.unpack('<I', struct.pack('<f', x))[0]
    ex = ((u >> 23) & 0xff) - 127
    shx = int(math.fmod(ex, 3))  # C's remainder, towards zero
    if shx >= 0:
        shx -= 3
    ex = (ex - shx) // 3 - 1
    fr = struct.unpack('<d', struct.pack(
        '<Q', (shx + 1023) << 52 | (u & 0x7fffff) << 29))[0]
    num = CBRT_NUM[0]
    for k in CBRT_NUM[1:]:
        num = num * fr + k
    den = CBRT_DEN[0]
    for k in CBRT_DEN[1:]:
        den = den * fr + k
    d = struct.unpack('<Q', struct.pack('<d', num / den))[0]
    u = (u & 0x80000000) + ((ex + 127) << 23) + ((d & ((1 << 52) - 1)) >> 29)
    return struct.unpack('<f', struct.pack('<I', u))[0]


def lab_f(t):
    lthresh = f32(216 / 24389)
    if t < lthresh:
        return fma32(t, f32(841 / 108), f32(16 / 116))
    return cv_cbrt(t)


def apply_gamma(x, err=0.0):
    if x <= 809 / 20000:
        return f32(x / (323 / 25))
    p = math.pow((x + 11 / 200) / (1 + 11 / 200), 12 / 5)
    return f32(p * (1 + err))


def apply_inv_gamma(x, err=0.0):
    if x <= 7827 / 2500000:
        return f32(x * (323 / 25))
    p = math.pow(x, 1 / (12 / 5))
    return f32(p * (1 + err) * (1 + 11 / 200) - 11 / 200)


def stable(make):
    """make(err), checked to be the same integer for pow off by
    +-POW_TOLERANCE."""
    v = make(0.0)
    for err in (POW_TOLERANCE, -POW_TOLERANCE):
        if make(err) != v:
            sys.exit('color-tables.py: an entry changes with pow off by %g; '
                     'OpenCV\'s own pow is needed' % POW_TOLERANCE)
    return v


def tables():
    t = {}
    scale = f32(255 * (1 << GAMMA_SHIFT))
    # cvRound: Python's round() is half to even, as OpenCV's softfloat.
    t['color_srgb_gamma'] = [
        stable(lambda e, i=i: round(f32(scale * apply_gamma(f32(i / 255), e))))
        for i in range(256)]
    cbrt_scale = f32(1 / (255 * (1 << GAMMA_SHIFT)))
    t['color_lab_cbrt'] = [
        round(f32((1 << LAB_SHIFT2) * lab_f(f32(cbrt_scale * i))))
        for i in range(CBRT_TAB_SIZE)]
    l_to_y, l_to_fy = [], []
    for i in range(256):
        if i <= 20:
            l_to_y.append(round(f32(f32(i * LAB_BASE * 20 * 9) /
                                    f32(17 * 29 * 29 * 29))))
            l_to_fy.append(round(f32(LAB_BASE * f32(
                f32(16 / 116) + f32(f32(i * 5) / (3 * 17 * 29))))))
        else:
            fy = f32(f32(f32(i * 100 * LAB_BASE) / (255 * 116)) +
                     f32(16 * LAB_BASE / 116))
            l_to_fy.append(round(fy))
            l_to_y.append(round(f32(f32(f32(fy * fy) * fy) /
                                    (LAB_BASE * LAB_BASE))))
    t['color_lab_l_to_y'] = l_to_y
    t['color_lab_l_to_fy'] = l_to_fy
    t['color_srgb_inv_gamma'] = [
        stable(lambda e, i=i: round(f32(255 * apply_inv_gamma(
            i / INV_GAMMA_TAB_SIZE, e))))
        for i in range(INV_GAMMA_TAB_SIZE)]
    return t


def coefficients():
    rgb_to_xyz = [round((1 << LAB_SHIFT) * SRGB_TO_XYZ[i * 3 + j] / D65[i])
                  for i in range(3) for j in range(3)]
    xyz_to_rgb = [round((1 << LAB_SHIFT) * XYZ_TO_SRGB[i * 3 + j] * D65[j])
                  for i in range(3) for j in range(3)]
    return rgb_to_xyz, xyz_to_rgb


def c_array(ctype, name, values):
    lines = []
    for k in range(0, len(values), 12):
        lines.append('  ' + ', '.join(str(v) for v in values[k:k + 12]) +
                     ',')
    return '__constant %s %s[%d] = {\n%s\n};\n' % (
        ctype, name, len(values), '\n'.join(lines))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = ['/* Generated by gst/color-tables.py; do not edit. */', '']
    # One entry more, 0, past each 16-bit table: the CPU kernels read an
    # entry as the low half of a 32-bit word (a gather), which at the last
    # entry takes in the one after it.
    for name, values in tables().items():
        out.append(c_array('ushort', name, values + [0]))
    rgb_to_xyz, xyz_to_rgb = coefficients()
    out.append(c_array('int', 'color_lab_rgb_to_xyz', rgb_to_xyz))
    out.append(c_array('int', 'color_lab_xyz_to_rgb', xyz_to_rgb))
    with open(sys.argv[1], 'w', encoding='utf-8') as f:
        f.write('\n'.join(out))


if __name__ == '__main__':
    main()
