/* gst-clfilter: OpenCV 4.6's 8-bit colour conversions, as cv::cvtColor
 * makes them on CV_8U images, bit for bit: RGB to and from YCrCb and Lab,
 * RGB to gray.
 * Copyright (C) 2026 gst-clfilter developers
 *
 * This library is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Lesser General Public
 * License as published by the Free Software Foundation; either
 * version 2.1 of the License, or (at your option) any later version.
 *
 * This library is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
 * Lesser General Public License for more details.
 *
 * You should have received a copy of the GNU Lesser General Public
 * License along with this library (COPYING); if not, see
 * <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A program that needs these says #include "color.cl": gst/embed-kernels.py
 * puts this file there when it embeds the program. Every function is
 * integer only, as OpenCV's 8-bit paths are (color_yuv.simd.hpp,
 * color_rgb.simd.hpp, and color_lab.cpp's RGB2Lab_b and Lab2RGBinteger,
 * which cvtColor takes with bit-exactness on, its default); each pixel's
 * result depends on that pixel alone. tests/check/colorconvert.c checks
 * every input against the C reference, which tests/color-opencv.py checks
 * against cv2.
 */

/* Lab's tables, OpenCV's 16 KB of integers, which it computes once in
 * float and double: generated at build time by gst/color-tables.py and
 * kept in __constant memory, so that the kernels need no floating point
 * and the host no set-up. */
#include "colortables.cl"

/* Rounds half up, as OpenCV's CV_DESCALE: an arithmetic shift for
 * negative @x, as OpenCV's compilers and OpenCL's make it. */
#define COLOR_DESCALE(x, n) (((x) + (1 << ((n) - 1))) >> (n))

/* YCrCb and gray: BT.601 in fixed point, OpenCV's coefficients. */
#define COLOR_YUV_SHIFT 14
#define COLOR_R2Y 4899
#define COLOR_G2Y 9617
#define COLOR_B2Y 1868
#define COLOR_YCRI 11682
#define COLOR_YCBI 9241
#define COLOR_CR2RI 22987
#define COLOR_CR2GI (-11698)
#define COLOR_CB2GI (-5636)
#define COLOR_CB2BI 29049
/* Gray has its own, to 15 bits: not YCrCb's Y for 0.26 % of colours. */
#define COLOR_GRAY_SHIFT 15
#define COLOR_RY15 9798
#define COLOR_GY15 19235
#define COLOR_BY15 3735

/* Lab: RGB to XYZ at 12 bits (lab_shift), linear RGB at 3 more bits
 * (gamma_shift), Lab to RGB at 14 bits (lab_base_shift) into a 12-bit
 * inverse gamma table. */
#define COLOR_LAB_SHIFT 12
#define COLOR_LAB_SHIFT2 15
#define COLOR_LAB_BASE (1 << 14)
#define COLOR_LAB2RGB_SHIFT 14
#define COLOR_INV_GAMMA_MAX 4095

/* (Y, Cr, Cb) of (R, G, B): COLOR_RGB2YCrCb. */
static inline uchar3
rgb_to_ycrcb (uchar3 rgb)
{
  const int r = rgb.x, g = rgb.y, b = rgb.z;
  /* In 0-255: the coefficients sum to 1 << COLOR_YUV_SHIFT. */
  const int y = COLOR_DESCALE (r * COLOR_R2Y + g * COLOR_G2Y + b * COLOR_B2Y,
      COLOR_YUV_SHIFT);
  const int delta = 128 << COLOR_YUV_SHIFT;

  return (uchar3) ((uchar) y,
      convert_uchar_sat (
          COLOR_DESCALE ((r - y) * COLOR_YCRI + delta, COLOR_YUV_SHIFT)),
      convert_uchar_sat (
          COLOR_DESCALE ((b - y) * COLOR_YCBI + delta, COLOR_YUV_SHIFT)));
}

/* (R, G, B) of (Y, Cr, Cb): COLOR_YCrCb2RGB. */
static inline uchar3
ycrcb_to_rgb (uchar3 ycrcb)
{
  const int y = ycrcb.x, cr = ycrcb.y - 128, cb = ycrcb.z - 128;

  return convert_uchar3_sat ((int3) (
      y + COLOR_DESCALE (cr * COLOR_CR2RI, COLOR_YUV_SHIFT),
      y + COLOR_DESCALE (cb * COLOR_CB2GI + cr * COLOR_CR2GI,
          COLOR_YUV_SHIFT),
      y + COLOR_DESCALE (cb * COLOR_CB2BI, COLOR_YUV_SHIFT)));
}

/* COLOR_RGB2GRAY. */
static inline uchar
rgb_to_gray (uchar3 rgb)
{
  return (uchar) COLOR_DESCALE (rgb.x * COLOR_RY15 + rgb.y * COLOR_GY15 +
      rgb.z * COLOR_BY15, COLOR_GRAY_SHIFT);
}

/* (L * 255 / 100, a + 128, b + 128) of (R, G, B): COLOR_RGB2Lab (sRGB,
 * D65). */
static inline uchar3
rgb_to_lab (uchar3 rgb)
{
  __constant const int *c = color_lab_rgb_to_xyz;
  const int r = color_srgb_gamma[rgb.x], g = color_srgb_gamma[rgb.y],
      b = color_srgb_gamma[rgb.z];
  const int fx = color_lab_cbrt[COLOR_DESCALE (r * c[0] + g * c[1] +
      b * c[2], COLOR_LAB_SHIFT)];
  const int fy = color_lab_cbrt[COLOR_DESCALE (r * c[3] + g * c[4] +
      b * c[5], COLOR_LAB_SHIFT)];
  const int fz = color_lab_cbrt[COLOR_DESCALE (r * c[6] + g * c[7] +
      b * c[8], COLOR_LAB_SHIFT)];
  /* L = 116 f(Y) - 16 scaled to 0-255, OpenCV's rounded integers. */
  const int l_scale = (116 * 255 + 50) / 100;
  const int l_shift = -((16 * 255 * (1 << COLOR_LAB_SHIFT2) + 50) / 100);
  const int ab_shift = 128 << COLOR_LAB_SHIFT2;

  return convert_uchar3_sat ((int3) (
      COLOR_DESCALE (l_scale * fy + l_shift, COLOR_LAB_SHIFT2),
      COLOR_DESCALE (500 * (fx - fy) + ab_shift, COLOR_LAB_SHIFT2),
      COLOR_DESCALE (200 * (fy - fz) + ab_shift, COLOR_LAB_SHIFT2)));
}

/* OpenCV's abToXZ_b, f^-1 at COLOR_LAB_BASE, computed rather than stored
 * (144 KB): for the -8145 <= v < 28719 its table holds. 3390 is 6/29 at
 * that scale; the division truncates towards zero below 0 too, as C's. */
static inline int
color_lab_ab_to_xz (int v)
{
  if (v <= 3390)
    return v * 108 / 841 - COLOR_LAB_BASE * 16 / 116 * 108 / 841;
  return v * v / COLOR_LAB_BASE * v / COLOR_LAB_BASE;
}

/* (R, G, B) of (L * 255 / 100, a + 128, b + 128): COLOR_Lab2RGB. */
static inline uchar3
lab_to_rgb (uchar3 lab)
{
  __constant const int *c = color_lab_xyz_to_rgb;
  const int y = color_lab_l_to_y[lab.x], ify = color_lab_l_to_fy[lab.x];
  /* a / 500 and b / 200 at COLOR_LAB_BASE: OpenCV's multiply-and-shift
   * approximations, not exact divisions. */
  const int adiv = ((5 * lab.y * 53687 + (1 << 7)) >> 13) -
      128 * COLOR_LAB_BASE / 500;
  const int bdiv = ((lab.z * 41943 + (1 << 4)) >> 9) -
      128 * COLOR_LAB_BASE / 200 + 1;
  const int x = color_lab_ab_to_xz (ify + adiv);
  const int z = color_lab_ab_to_xz (ify - bdiv);
  const int3 v = (int3) (
      COLOR_DESCALE (c[0] * x + c[1] * y + c[2] * z, COLOR_LAB2RGB_SHIFT),
      COLOR_DESCALE (c[3] * x + c[4] * y + c[5] * z, COLOR_LAB2RGB_SHIFT),
      COLOR_DESCALE (c[6] * x + c[7] * y + c[8] * z, COLOR_LAB2RGB_SHIFT));
  const int3 i = clamp (v, 0, COLOR_INV_GAMMA_MAX);

  return (uchar3) ((uchar) color_srgb_inv_gamma[i.x],
      (uchar) color_srgb_inv_gamma[i.y], (uchar) color_srgb_inv_gamma[i.z]);
}

/* The channel @space (GST_CL_COLOR_*) names of the pixel @rgb: Y of
 * YCrCb, L of Lab, or gray. */
static inline uchar
color_channel (uchar3 rgb, uint space)
{
  if (space == GST_CL_COLOR_YCRCB)
    return rgb_to_ycrcb (rgb).x;
  if (space == GST_CL_COLOR_LAB)
    return rgb_to_lab (rgb).x;
  return rgb_to_gray (rgb);
}

/* The pixel @rgb with that channel set to @v: converted, channel 0
 * replaced, converted back. Gray has no way back: @v in R, G and B, as
 * COLOR_GRAY2RGB makes it. */
static inline uchar3
color_replace (uchar3 rgb, uchar v, uint space)
{
  if (space == GST_CL_COLOR_YCRCB) {
    uchar3 ycrcb = rgb_to_ycrcb (rgb);

    ycrcb.x = v;
    return ycrcb_to_rgb (ycrcb);
  }
  if (space == GST_CL_COLOR_LAB) {
    uchar3 lab = rgb_to_lab (rgb);

    lab.x = v;
    return lab_to_rgb (lab);
  }
  return (uchar3) (v, v, v);
}
