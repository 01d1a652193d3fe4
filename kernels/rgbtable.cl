/* gst-clfilter: the histogram of an RGB frame's channel (Y of YCrCb, L of
 * Lab, gray), and the frame mapped through a 256-entry table of that
 * channel, straight from and to the frame's pixels, on CPU devices.
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
 * frame.cl's unpack_rgb_rows, a histogram kernel on the channel's plane,
 * an apply kernel on it and pack_rgb_rows read or write every pixel four
 * times; these two read it twice and write it once, which on a CPU, where
 * those passes are bound by memory, is most of the frame's time. Built
 * as frame.cl is for the CPU path (gstclrgbtable.c): -DGST_CL_ROWS,
 * -DGST_CL_RGB_SPACE (not GST_CL_COLOR_RGB), -DGST_CL_RGB_PSTRIDE and
 * -DGST_CL_RGB_OFFSETS.
 */

#include "rgblanes.cl"
/* The map looks up two lanes of channels, 32 bytes, at a time. */
#ifndef GST_CL_LUT_AVX2
#define GST_CL_LUT_AVX2 1
#endif
#include "tablelookup.cl"

#if defined(GST_CL_ROWS) && GST_CL_ROWS && defined(GST_CL_RGB_SPACE) && \
    GST_CL_RGB_SPACE != GST_CL_COLOR_RGB

#if defined(LUT_LANES) && LUT_LANES == 2 * RGB_LANES
#define CAT16(a, b) __builtin_shufflevector (a, b, 0, 1, 2, 3, 4, 5, 6, 7, 8, \
    9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, \
    27, 28, 29, 30, 31)
#define LOW16(v) __builtin_shufflevector (v, v, 0, 1, 2, 3, 4, 5, 6, 7, 8, \
    9, 10, 11, 12, 13, 14, 15)
#define HIGH16(v) __builtin_shufflevector (v, v, 16, 17, 18, 19, 20, 21, 22, \
    23, 24, 25, 26, 27, 28, 29, 30, 31)
#else
#undef LUT_LANES
#endif

static inline uchar
pixel_channel (__global const uchar * pixel)
{
  return color_channel (load_rgb (pixel, GST_CL_RGB_OFFSETS),
      GST_CL_RGB_SPACE);
}

/* @table's entries at @i: by gathers where the CPU has them, 8 or 16
 * lanes an instruction, else a lookup per lane (an extract, a load and an
 * insert). The pointer goes through an integer: the builtins take the
 * generic address space, which on PoCL's CPU devices is the same memory. */
static inline int16
lanes_table (const int * table, int16 i)
{
#if defined(__has_builtin) && defined(__AVX512F__) && \
    __has_builtin(__builtin_ia32_gathersiv16si)
  return __builtin_ia32_gathersiv16si ((int16) 0,
      (const void *) (size_t) table, i, (ushort) 0xffff, 4);
#elif defined(__has_builtin) && defined(__AVX2__) && \
    __has_builtin(__builtin_ia32_gatherd_d256)
  const int8 lo = __builtin_ia32_gatherd_d256 ((int8) 0,
      (const int *) (size_t) table, i.lo, (int8) -1, 4);
  const int8 hi = __builtin_ia32_gatherd_d256 ((int8) 0,
      (const int *) (size_t) table, i.hi, (int8) -1, 4);

  return (int16) (lo, hi);
#else
  int16 v;

#pragma unroll
  for (uint k = 0; k < RGB_LANES; k++)
    v[k] = table[i[k]];
  return v;
#endif
}

/* The arguments of histequalize.cl's histogram_rows_u8, so that
 * gst_cl_hist_plan_enqueue() launches either: the channel of the region
 * of @width x @height pixels at (@x0, @y0), rows @pitch bytes apart,
 * counted into partial histogram get_global_id(0) of @hist, four
 * sub-histograms in turn as there. */
__kernel void
histogram_rgb_rows (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint swap, uint param,
    uint packed, __global uint * hist, __local uint * lhist)
{
  uint h[4 * 256];
  const uint ya = get_global_id (0) * rows_per_group;
  const uint yb = min (ya + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 256;

  for (uint i = 0; i < 4 * 256; i++)
    h[i] = 0;
  for (uint y = ya; y < yb; y++) {
    __global const uchar *row = src + (size_t) (y0 + y) * pitch +
        (size_t) x0 * GST_CL_RGB_PSTRIDE;
    uint x = 0;

#ifdef RGB_VECTORS
    for (; x + RGB_LANES <= width; x += RGB_LANES) {
      int16 r, g, b;
      uchar16 v;

      lanes_load (row, x, &r, &g, &b);
      v = lanes_channel (r, g, b);
#pragma unroll
      for (uint k = 0; k < RGB_LANES; k++)
        h[(k & 3) * 256 + v[k]]++;
    }
#endif
    for (; x < width; x++)
      h[pixel_channel (row + (size_t) x * GST_CL_RGB_PSTRIDE)]++;
  }
  for (uint b = 0; b < 256; b++)
    part[b] = h[b] + h[256 + b] + h[512 + b] + h[768 + b];
}

/* Each pixel of @src with its channel v replaced by @lut[v], into @dst
 * (which may be @src): the other bytes (alpha, padding) as they were, the
 * rows' bytes past their pixels not written. @rows rows per work-item. */
__kernel void
map_rgb_rows (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows, __global uchar * dst, uint dpitch,
    __global const uchar * lut)
{
  const uint ya = get_global_id (0) * rows;
  const uint yb = min (ya + rows, height);
  int table[256];
#if defined(RGB_VECTORS) && defined(LUT_LANES)
  uchar bytes[256];
  lut_bytes slice[16];

  for (uint i = 0; i < 256; i++)
    bytes[i] = lut[i];
  lut_slices (bytes, slice);
#endif

  for (uint i = 0; i < 256; i++)
    table[i] = lut[i];
  for (uint y = ya; y < yb; y++) {
    __global const uchar *s = src + (size_t) y * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;
    uint x = 0;

#if defined(RGB_VECTORS) && defined(LUT_LANES)
    /* Two lanes of pixels, their channels looked up as one vector. */
    for (; x + 2 * RGB_LANES <= width; x += 2 * RGB_LANES) {
      int16 r0, g0, b0, r1, g1, b1;
      lut_ubytes v;

      lanes_load (s, x, &r0, &g0, &b0);
      lanes_load (s, x + RGB_LANES, &r1, &g1, &b1);
      v = __builtin_astype (lut_lookup (__builtin_astype (
                  CAT16 (lanes_channel (r0, g0, b0),
                      lanes_channel (r1, g1, b1)), lut_bytes), slice),
          lut_ubytes);
      lanes_replace (&r0, &g0, &b0, convert_int16 (LOW16 (v)));
      lanes_replace (&r1, &g1, &b1, convert_int16 (HIGH16 (v)));
      lanes_store (s, d, x, r0, g0, b0);
      lanes_store (s, d, x + RGB_LANES, r1, g1, b1);
    }
#endif
#ifdef RGB_VECTORS
    for (; x + RGB_LANES <= width; x += RGB_LANES) {
      int16 r, g, b;

      lanes_load (s, x, &r, &g, &b);
      lanes_replace (&r, &g, &b, lanes_table (table,
              convert_int16 (lanes_channel (r, g, b))));
      lanes_store (s, d, x, r, g, b);
    }
#endif
    for (; x < width; x++) {
      const size_t at = (size_t) x * GST_CL_RGB_PSTRIDE;
      const uchar3 rgb = load_rgb (s + at, GST_CL_RGB_OFFSETS);
      const uchar3 out = color_replace (rgb,
          table[color_channel (rgb, GST_CL_RGB_SPACE)], GST_CL_RGB_SPACE);

      for (uint k = 0; k < GST_CL_RGB_PSTRIDE; k++)
        d[at + k] = s[at + k];
      d[at + RGB_RO] = out.x;
      d[at + RGB_GO] = out.y;
      d[at + RGB_BO] = out.z;
    }
  }
}
#endif
