/* gst-clfilter: an RGB frame's pixels as the kernels read and write
 * them: R, G and B of one pixel, and on CPU devices rows in lanes of 16
 * pixels, with their channel (Y of YCrCb, L of Lab, gray) made and
 * replaced as kernels/color.cl makes them.
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
 * A program that needs these says #include "rgblanes.cl", which brings
 * color.cl with it: frame.cl's unpack and pack kernels, and rgbtable.cl's.
 * Pixels are @pstride bytes (3 or 4) with R, G and B at the byte offsets
 * @offsets = R | G << 8 | B << 16 (RGBx, BGR, xRGB, ... alike). On CPU
 * devices the programs are built with -DGST_CL_ROWS, -DGST_CL_RGB_SPACE,
 * -DGST_CL_RGB_PSTRIDE and -DGST_CL_RGB_OFFSETS, which the lanes need.
 */

#include "color.cl"

/* A pixel's R, G and B, byte by byte. */
static inline uchar3
load_rgb (__global const uchar * pixel, uint offsets)
{
  return (uchar3) (pixel[offsets & 0xff], pixel[(offsets >> 8) & 0xff],
      pixel[(offsets >> 16) & 0xff]);
}

/* CPU devices (GST_CL_ROWS): one work-item per band of rows, each row in
 * blocks of RGB_LANES pixels as vectors of 32-bit lanes. PoCL vectorizes
 * across work-items only where they load and store neighbouring elements
 * without branches, which strided pixels and the row's edge defeat; a loop
 * of whole vectors within a work-item compiles to the CPU's SIMD as it
 * stands. */
#if defined(GST_CL_ROWS) && GST_CL_ROWS && defined(GST_CL_RGB_SPACE)
#define RGB_LANES 16
#define RGB_RO (GST_CL_RGB_OFFSETS & 0xff)
#define RGB_GO ((GST_CL_RGB_OFFSETS >> 8) & 0xff)
#define RGB_BO ((GST_CL_RGB_OFFSETS >> 16) & 0xff)

/* Rows of frames in host memory start at any address. */
typedef uint16 rgb_words __attribute__ ((aligned (1)));

/* Lanes of whole pixels: little-endian words of 4-byte pixels, or the
 * bytes of 3-byte ones picked out by the compiler's shuffles. */
#if GST_CL_RGB_PSTRIDE == 4 && defined(__ENDIAN_LITTLE__)
#define RGB_LANE_WORDS 1
#elif GST_CL_RGB_PSTRIDE == 3 && defined(__clang__)
#define RGB_LANE_WORDS 0
typedef uchar rgb_block __attribute__ ((ext_vector_type (48)));
typedef rgb_block rgb_block_any __attribute__ ((aligned (1)));
typedef uchar rgb_half __attribute__ ((ext_vector_type (32)));
#define PICK16(v, o) __builtin_shufflevector (v, v, (o), (o) + 3, (o) + 6, \
    (o) + 9, (o) + 12, (o) + 15, (o) + 18, (o) + 21, (o) + 24, (o) + 27, \
    (o) + 30, (o) + 33, (o) + 36, (o) + 39, (o) + 42, (o) + 45)
/* Byte @k of a block, from R, G and B in lanes 0-15, 16-31 and 32-47. */
#define REPACK(k) ((k) % 3 == RGB_RO ? (k) / 3 : \
    (k) % 3 == RGB_GO ? 16 + (k) / 3 : 32 + (k) / 3)
#define REPACK4(k) REPACK (k), REPACK ((k) + 1), REPACK ((k) + 2), \
    REPACK ((k) + 3)
#define REPACK16(k) REPACK4 (k), REPACK4 ((k) + 4), REPACK4 ((k) + 8), \
    REPACK4 ((k) + 12)
#endif

#ifdef RGB_LANE_WORDS
#define RGB_VECTORS 1

static inline void
lanes_load (__global const uchar * row, uint x, int16 * r, int16 * g,
    int16 * b)
{
#if RGB_LANE_WORDS
  const uint16 w = *(__global const rgb_words *) (row + (size_t) x * 4);

  *r = convert_int16 ((w >> (8 * RGB_RO)) & 0xffu);
  *g = convert_int16 ((w >> (8 * RGB_GO)) & 0xffu);
  *b = convert_int16 ((w >> (8 * RGB_BO)) & 0xffu);
#else
  const rgb_block v = *(__global const rgb_block_any *) (row + (size_t) x * 3);

  *r = convert_int16 (PICK16 (v, RGB_RO));
  *g = convert_int16 (PICK16 (v, RGB_GO));
  *b = convert_int16 (PICK16 (v, RGB_BO));
#endif
}

/* The pixels at @x of @src with R, G and B replaced, into @dst: the other
 * bytes as they were. */
static inline void
lanes_store (__global const uchar * src, __global uchar * dst, uint x,
    int16 r, int16 g, int16 b)
{
#if RGB_LANE_WORDS
  const uint keep = ~(0xffu << 8 * RGB_RO | 0xffu << 8 * RGB_GO |
      0xffu << 8 * RGB_BO);
  const uint16 w = *(__global const rgb_words *) (src + (size_t) x * 4);

  *(__global rgb_words *) (dst + (size_t) x * 4) = (w & keep) |
      convert_uint16 (r) << (8 * RGB_RO) | convert_uint16 (g) << (8 * RGB_GO) |
      convert_uint16 (b) << (8 * RGB_BO);
#else
  const uchar16 r8 = convert_uchar16 (r), g8 = convert_uchar16 (g);
  const uchar16 b8 = convert_uchar16 (b);
  const rgb_half rg = __builtin_shufflevector (r8, g8, 0, 1, 2, 3, 4, 5, 6,
      7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
      25, 26, 27, 28, 29, 30, 31);
  const rgb_half bb = __builtin_shufflevector (b8, b8, 0, 1, 2, 3, 4, 5, 6,
      7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      12, 13, 14, 15);
  const rgb_block rgb = __builtin_shufflevector (rg, bb, 0, 1, 2, 3, 4, 5, 6,
      7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
      25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42,
      43, 44, 45, 46, 47);

  /* 3-byte pixels have no other bytes: the block is R, G and B alone. */
  *(__global rgb_block_any *) (dst + (size_t) x * 3) =
      __builtin_shufflevector (rgb, rgb, REPACK16 (0), REPACK16 (16),
      REPACK16 (32));
#endif
}

/* @table's entries at @i, a lookup per lane: the arithmetic around them
 * stays in vectors. */
static inline int16
lanes_lookup (__constant const ushort * table, int16 i)
{
#if defined(__AVX512F__) && defined(__has_builtin) && \
    __has_builtin(__builtin_ia32_gathersiv16si)
  /* One gather of 32-bit words at the entries (the tables end with a
   * spare entry, gst/color-tables.py), their low halves the entries: a
   * lookup per lane costs an extract, a load and an insert. The pointer
   * goes through an integer: the builtin takes the generic address
   * space, which on PoCL's CPU devices is the same memory. */
  return __builtin_ia32_gathersiv16si ((int16) 0,
      (const void *) (size_t) table, i, (ushort) 0xffff, 2) & 0xffff;
#else
  int16 v;

#pragma unroll
  for (uint k = 0; k < RGB_LANES; k++)
    v[k] = table[i[k]];
  return v;
#endif
}

/* rgb_to_lab's f(X), f(Y) and f(Z) of the lanes, by the same steps. */
static inline void
lanes_lab_f (int16 r, int16 g, int16 b, int16 * fx, int16 * fy, int16 * fz)
{
  __constant const int *c = color_lab_rgb_to_xyz;
  const int16 lr = lanes_lookup (color_srgb_gamma, r);
  const int16 lg = lanes_lookup (color_srgb_gamma, g);
  const int16 lb = lanes_lookup (color_srgb_gamma, b);

  if (fx)
    *fx = lanes_lookup (color_lab_cbrt, COLOR_DESCALE (lr * c[0] + lg * c[1] +
            lb * c[2], COLOR_LAB_SHIFT));
  *fy = lanes_lookup (color_lab_cbrt, COLOR_DESCALE (lr * c[3] + lg * c[4] +
          lb * c[5], COLOR_LAB_SHIFT));
  if (fz)
    *fz = lanes_lookup (color_lab_cbrt, COLOR_DESCALE (lr * c[6] + lg * c[7] +
            lb * c[8], COLOR_LAB_SHIFT));
}

/* color_lab_ab_to_xz of the lanes, both branches and a select. */
static inline int16
lanes_ab_to_xz (int16 v)
{
  return v <= 3390 ? v * 108 / 841 - COLOR_LAB_BASE * 16 / 116 * 108 / 841 :
      v * v / COLOR_LAB_BASE * v / COLOR_LAB_BASE;
}

/* Y of COLOR_RGB2YCrCb. */
static inline int16
lanes_y (int16 r, int16 g, int16 b)
{
  return COLOR_DESCALE (r * COLOR_R2Y + g * COLOR_G2Y + b * COLOR_B2Y,
      COLOR_YUV_SHIFT);
}

/* The lanes' channel of RGB_SPACE (not RGB's own planes). */
static inline uchar16
lanes_channel (int16 r, int16 g, int16 b)
{
#if GST_CL_RGB_SPACE == GST_CL_COLOR_YCRCB
  return convert_uchar16 (lanes_y (r, g, b));
#elif GST_CL_RGB_SPACE == GST_CL_COLOR_GRAY
  return convert_uchar16 (COLOR_DESCALE (r * COLOR_RY15 + g * COLOR_GY15 +
          b * COLOR_BY15, COLOR_GRAY_SHIFT));
#else
  int16 fy;

  lanes_lab_f (r, g, b, NULL, &fy, NULL);
  return convert_uchar16_sat (COLOR_DESCALE ((116 * 255 + 50) / 100 * fy -
          (16 * 255 * (1 << COLOR_LAB_SHIFT2) + 50) / 100, COLOR_LAB_SHIFT2));
#endif
}

/* R, G and B of the lanes with their channel set to @v, as color_replace
 * makes them. */
static inline void
lanes_replace (int16 * r, int16 * g, int16 * b, int16 v)
{
#if GST_CL_RGB_SPACE == GST_CL_COLOR_YCRCB
  const int16 y = lanes_y (*r, *g, *b);
  const int delta = 128 << COLOR_YUV_SHIFT;
  const int16 cr = clamp (COLOR_DESCALE ((*r - y) * COLOR_YCRI + delta,
          COLOR_YUV_SHIFT), 0, 255) - 128;
  const int16 cb = clamp (COLOR_DESCALE ((*b - y) * COLOR_YCBI + delta,
          COLOR_YUV_SHIFT), 0, 255) - 128;

  *r = clamp (v + COLOR_DESCALE (cr * COLOR_CR2RI, COLOR_YUV_SHIFT), 0, 255);
  *g = clamp (v + COLOR_DESCALE (cb * COLOR_CB2GI + cr * COLOR_CR2GI,
          COLOR_YUV_SHIFT), 0, 255);
  *b = clamp (v + COLOR_DESCALE (cb * COLOR_CB2BI, COLOR_YUV_SHIFT), 0, 255);
#elif GST_CL_RGB_SPACE == GST_CL_COLOR_GRAY
  *r = *g = *b = v;
#else
  /* rgb_to_lab's a and b, then lab_to_rgb with L = @v. */
  __constant const int *c = color_lab_xyz_to_rgb;
  const int ab_shift = 128 << COLOR_LAB_SHIFT2;
  int16 fx, fy, fz;

  lanes_lab_f (*r, *g, *b, &fx, &fy, &fz);
  {
    const int16 la = clamp (COLOR_DESCALE (500 * (fx - fy) + ab_shift,
            COLOR_LAB_SHIFT2), 0, 255);
    const int16 lb = clamp (COLOR_DESCALE (200 * (fy - fz) + ab_shift,
            COLOR_LAB_SHIFT2), 0, 255);
    const int16 y = lanes_lookup (color_lab_l_to_y, v);
    const int16 ify = lanes_lookup (color_lab_l_to_fy, v);
    const int16 adiv = ((5 * la * 53687 + (1 << 7)) >> 13) -
        128 * COLOR_LAB_BASE / 500;
    const int16 bdiv = ((lb * 41943 + (1 << 4)) >> 9) -
        128 * COLOR_LAB_BASE / 200 + 1;
    const int16 x = lanes_ab_to_xz (ify + adiv);
    const int16 z = lanes_ab_to_xz (ify - bdiv);

    *r = lanes_lookup (color_srgb_inv_gamma, clamp (COLOR_DESCALE (c[0] * x +
                c[1] * y + c[2] * z, COLOR_LAB2RGB_SHIFT), 0,
            COLOR_INV_GAMMA_MAX));
    *g = lanes_lookup (color_srgb_inv_gamma, clamp (COLOR_DESCALE (c[3] * x +
                c[4] * y + c[5] * z, COLOR_LAB2RGB_SHIFT), 0,
            COLOR_INV_GAMMA_MAX));
    *b = lanes_lookup (color_srgb_inv_gamma, clamp (COLOR_DESCALE (c[6] * x +
                c[7] * y + c[8] * z, COLOR_LAB2RGB_SHIFT), 0,
            COLOR_INV_GAMMA_MAX));
  }
#endif
}
#endif
#endif
