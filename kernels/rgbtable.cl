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
/* A build asking for the 32-byte shuffle (the tests') gets the lookup
 * that CPUs without AVX-512 run, not the 16-bit lanes below. */
#ifdef GST_CL_LUT_AVX2
#define RGB_NO_SHORTS 1
#endif
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

/* AVX-512BW: the channel looked up in 16-bit lanes, 32 pixels at once,
 * from the table widened to 16-bit entries in eight vectors: four
 * two-vector permutes (64 entries each) and a select by bits 6 and 7
 * of the index, where the byte shuffles take 16 shuffles and 16
 * compares for as many pixels, one after the other. YCrCb's map then
 * stays in 16-bit lanes: COLOR_DESCALE (x c, 14) is (2 x c + 2^14) >> 15,
 * what pmulhrsw makes of 2 x and c, exactly, for |2 x| and |c| below
 * 2^15 (here |x| <= 255). */
#if defined(LUT_LANES) && !defined(RGB_NO_SHORTS) && \
    defined(__has_builtin) && defined(__AVX512BW__) && \
    __has_builtin(__builtin_ia32_pmulhrsw512) && \
    __has_builtin(__builtin_ia32_vpermi2varhi512) && \
    __has_builtin(__builtin_ia32_packssdw512)
#define RGB_SHORTS 1
typedef short rgb_shorts __attribute__ ((ext_vector_type (32)));

static inline rgb_shorts
shorts_descale14 (rgb_shorts x, short c)
{
  return __builtin_ia32_pmulhrsw512 (x * (short) 2, (rgb_shorts) c);
}

/* @words (the table's 256 entries) at @i (0-255). */
static inline rgb_shorts
shorts_lookup (const rgb_shorts * words, rgb_shorts i)
{
  const rgb_shorts a = __builtin_ia32_vpermi2varhi512 (words[0], i, words[1]);
  const rgb_shorts b = __builtin_ia32_vpermi2varhi512 (words[2], i, words[3]);
  const rgb_shorts c = __builtin_ia32_vpermi2varhi512 (words[4], i, words[5]);
  const rgb_shorts d = __builtin_ia32_vpermi2varhi512 (words[6], i, words[7]);
  const rgb_shorts b6 = i & (short) 64;
  const rgb_shorts lo = b6 != (short) 0 ? b : a, hi = b6 != (short) 0 ? d : c;

  return (i & (short) 128) != (short) 0 ? hi : lo;
}

static inline rgb_shorts
shorts_clamp255 (rgb_shorts x)
{
  x = x < (short) 0 ? (rgb_shorts) 0 : x;
  return x > (short) 255 ? (rgb_shorts) 255 : x;
}

/* Two vectors of 32-bit lanes (values 0-255) as one of 16-bit lanes, and
 * back, by the CPU's packs and unpacks, which work within each 16-byte
 * block: the 16-bit lanes hold the pixels in another order, the same for
 * every vector packed so, which lane-by-lane arithmetic does not mind and
 * the unpacks undo. Moving lanes across blocks, as a plain concatenation
 * does, takes more and slower instructions. */
static inline rgb_shorts
shorts_of (int16 lo, int16 hi)
{
  return __builtin_ia32_packssdw512 (lo, hi);
}

/* Lanes 0-3 (LO) or 4-7 (HI) of each 16-byte block of @a and of @b,
 * interleaved: the CPU's unpacks. */
#define SHORTS_UNPACK_LO(a, b) __builtin_shufflevector (a, b, 0, 32, 1, 33, \
    2, 34, 3, 35, 8, 40, 9, 41, 10, 42, 11, 43, 16, 48, 17, 49, 18, 50, 19, \
    51, 24, 56, 25, 57, 26, 58, 27, 59)
#define SHORTS_UNPACK_HI(a, b) __builtin_shufflevector (a, b, 4, 36, 5, 37, \
    6, 38, 7, 39, 12, 44, 13, 45, 14, 46, 15, 47, 20, 52, 21, 53, 22, 54, \
    23, 55, 28, 60, 29, 61, 30, 62, 31, 63)

static inline int16
shorts_lo (rgb_shorts v)
{
  return as_int16 (SHORTS_UNPACK_LO (v, (rgb_shorts) 0));
}

static inline int16
shorts_hi (rgb_shorts v)
{
  return as_int16 (SHORTS_UNPACK_HI (v, (rgb_shorts) 0));
}

#if GST_CL_RGB_SPACE == GST_CL_COLOR_YCRCB
/* COLOR_DESCALE (cb x COLOR_CB2GI + cr x COLOR_CR2GI, 14) of @cb and @cr:
 * pmaddwd's two products before one rounding, on their lanes paired by
 * unpacks, packed back in their order. */
static inline rgb_shorts
shorts_cbcr_to_g (rgb_shorts cb, rgb_shorts cr)
{
  const rgb_shorts coef = (rgb_shorts) (COLOR_CB2GI, COLOR_CR2GI,
      COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI,
      COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI,
      COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI,
      COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI,
      COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI,
      COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI, COLOR_CB2GI, COLOR_CR2GI);
  const int16 round = 1 << (COLOR_YUV_SHIFT - 1);
  const int16 lo = (__builtin_ia32_pmaddwd512 (SHORTS_UNPACK_LO (cb, cr),
          coef) + round) >> COLOR_YUV_SHIFT;
  const int16 hi = (__builtin_ia32_pmaddwd512 (SHORTS_UNPACK_HI (cb, cr),
          coef) + round) >> COLOR_YUV_SHIFT;

  return __builtin_ia32_packssdw512 (lo, hi);
}

/* lanes_replace of YCrCb for the pixels (@r0, @g0, @b0) and (@r1, @g1,
 * @b1), whose Y are @y0 and @y1, with Y set to @v (packed by shorts_of). */
static inline void
lanes_replace_ycrcb2 (int16 * r0, int16 * g0, int16 * b0, int16 * r1,
    int16 * g1, int16 * b1, int16 y0, int16 y1, rgb_shorts v)
{
  const rgb_shorts y = shorts_of (y0, y1);
  const rgb_shorts cr = shorts_clamp255 (shorts_descale14 (shorts_of (*r0,
              *r1) - y, COLOR_YCRI) + (short) 128) - (short) 128;
  const rgb_shorts cb = shorts_clamp255 (shorts_descale14 (shorts_of (*b0,
              *b1) - y, COLOR_YCBI) + (short) 128) - (short) 128;
  const rgb_shorts r = shorts_clamp255 (v + shorts_descale14 (cr,
          COLOR_CR2RI));
  const rgb_shorts g = shorts_clamp255 (v + shorts_cbcr_to_g (cb, cr));
  const rgb_shorts b = shorts_clamp255 (v + shorts_descale14 (cb,
          COLOR_CB2BI));

  *r0 = shorts_lo (r);
  *r1 = shorts_hi (r);
  *g0 = shorts_lo (g);
  *g1 = shorts_hi (g);
  *b0 = shorts_lo (b);
  *b1 = shorts_hi (b);
}
#endif
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
 * counted into partial histogram get_global_id(0) of @hist. Eight
 * sub-histograms in turn: a flat area's pixels, of one value, increment
 * the same one only every eighth pixel, so that each increment waits less
 * for the store of the one before. */
#define RGB_HIST_COPIES 8

__kernel void
histogram_rgb_rows (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint swap, uint param,
    uint packed, __global uint * hist, __local uint * lhist)
{
  uint h[RGB_HIST_COPIES * 256];
  const uint ya = get_global_id (0) * rows_per_group;
  const uint yb = min (ya + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 256;

  for (uint i = 0; i < RGB_HIST_COPIES * 256; i++)
    h[i] = 0;
  for (uint y = ya; y < yb; y++) {
    __global const uchar *row = src + (size_t) (y0 + y) * pitch +
        (size_t) x0 * GST_CL_RGB_PSTRIDE;
    uint x = 0;

#ifdef RGB_VECTORS
#if GST_CL_RGB_PSTRIDE == 4
    /* A vector that straddles two cache lines is loaded as two: the row's
     * vectors of 4-byte pixels start at a line's start. */
    {
      const uint off = (uint) ((size_t) row & 63);
      const uint lead = off % 4 ? 0 : min (width, ((64 - off) & 63) / 4);

      for (; x < lead; x++)
        h[pixel_channel (row + (size_t) x * 4)]++;
    }
#endif
    for (; x + RGB_LANES <= width; x += RGB_LANES) {
      int16 r, g, b;
      ulong2 v;

      lanes_load (row, x, &r, &g, &b);
      /* The bytes taken out of two 64-bit words by shifts on the
       * integer units, which the loop leaves idle, rather than by a
       * shuffle-unit instruction each. */
      v = as_ulong2 (lanes_channel (r, g, b));
#pragma unroll
      for (uint k = 0; k < RGB_LANES; k++)
        h[(k % RGB_HIST_COPIES) * 256 + (uint) ((v[k / 8] >> (8 * (k % 8)))
                & 0xff)]++;
    }
#endif
    for (; x < width; x++)
      h[pixel_channel (row + (size_t) x * GST_CL_RGB_PSTRIDE)]++;
  }
  for (uint b = 0; b < 256; b++) {
    uint t = 0;

    for (uint c = 0; c < RGB_HIST_COPIES; c++)
      t += h[c * 256 + b];
    part[b] = t;
  }
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
#if defined(RGB_VECTORS) && defined(RGB_SHORTS)
  rgb_shorts words[8];

  for (uint i = 0; i < 256; i++)
    words[i / 32][i % 32] = lut[i];
#elif defined(RGB_VECTORS) && defined(LUT_LANES)
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

      lanes_load (s, x, &r0, &g0, &b0);
      lanes_load (s, x + RGB_LANES, &r1, &g1, &b1);
#ifdef RGB_SHORTS
      {
#if GST_CL_RGB_SPACE == GST_CL_COLOR_YCRCB
        const int16 y0 = lanes_y (r0, g0, b0), y1 = lanes_y (r1, g1, b1);
#else
        const int16 y0 = convert_int16 (lanes_channel (r0, g0, b0));
        const int16 y1 = convert_int16 (lanes_channel (r1, g1, b1));
#endif
        const rgb_shorts w = shorts_lookup (words, shorts_of (y0, y1));

#if GST_CL_RGB_SPACE == GST_CL_COLOR_YCRCB
        lanes_replace_ycrcb2 (&r0, &g0, &b0, &r1, &g1, &b1, y0, y1, w);
#else
        lanes_replace (&r0, &g0, &b0, shorts_lo (w));
        lanes_replace (&r1, &g1, &b1, shorts_hi (w));
#endif
      }
#else
      {
        const lut_ubytes v = __builtin_astype (lut_lookup (__builtin_astype (
                    CAT16 (lanes_channel (r0, g0, b0),
                        lanes_channel (r1, g1, b1)), lut_bytes), slice),
            lut_ubytes);

        lanes_replace (&r0, &g0, &b0, convert_int16 (LOW16 (v)));
        lanes_replace (&r1, &g1, &b1, convert_int16 (HIGH16 (v)));
      }
#endif
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
