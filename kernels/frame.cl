/* gst-clfilter: moving one component of a packed frame (YUY2's luma,
 * NV12's interleaved chroma, ...) between the frame's plane and a plane of
 * its own, where the elements' kernels read and write it like a gray frame;
 * and one channel of an RGB frame (Y of YCrCb, L of Lab, gray) the same
 * way, converted as OpenCV converts it.
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
 * unpack_u8 and pack_u8 take (packed, ppitch, offset, pstride, width,
 * height, plane, pitch): the frame's plane with rows @ppitch bytes apart,
 * the component's first byte at @offset and one sample every @pstride
 * bytes, and the component's own plane, rows @pitch bytes apart. One
 * work-item per sample.
 */

#include "rgblanes.cl"

__kernel void
unpack_u8 (__global const uchar * packed, uint ppitch, uint offset,
    uint pstride, uint width, uint height, __global uchar * plane, uint pitch)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height)
    plane[(size_t) y * pitch + x] =
        packed[(size_t) y * ppitch + offset + (size_t) x * pstride];
}

/* Writes only the component's bytes: the others in @packed stay. The
 * output's staging copy, where the input's plane was copied first: the
 * next frame's upload leaves it alone while this frame's download reads
 * it. */
__kernel void
pack_u8 (__global uchar * packed, uint ppitch, uint offset, uint pstride,
    uint width, uint height, __global const uchar * plane, uint pitch)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height)
    packed[(size_t) y * ppitch + offset + (size_t) x * pstride] =
        plane[(size_t) y * pitch + x];
}

/* GST_CL_U16_SAMPLES samples a work-item: as one vector of words where
 * the samples are whole words of their own (a plane of 16-bit samples, not
 * interleaved), aligned, and all in the row, on little-endian devices;
 * else one by one. */
#define U16_VECTORS(x0) \
  (pstride == 2 && ((ppitch | offset | pitch) & 1) == 0 && \
      (x0) + GST_CL_U16_SAMPLES <= width && y < height)

/* 16-bit little-endian words, whatever the device's byte order: the value
 * is (word >> @shift) & @mask (P010's luma: shift 6, mask 0x3ff), and its
 * plane holds it as GRAY16_LE does, so that the elements' kernels read it
 * as they read GRAY16_LE. Bits above the value in words of formats that
 * keep it in the low bits (I420_10LE) are dropped, as GStreamer's own
 * unpacking drops them. Both take the arguments above, then @shift and
 * @mask. */
__kernel void
unpack_u16 (__global const uchar * packed, uint ppitch, uint offset,
    uint pstride, uint width, uint height, __global uchar * plane, uint pitch,
    uint shift, uint mask)
{
  const uint y = get_global_id (1);
  const uint x0 = get_global_id (0) * GST_CL_U16_SAMPLES;

#ifdef __ENDIAN_LITTLE__
  if (U16_VECTORS (x0)) {
    const ushort4 w = vload4 (0, (__global const ushort *) (packed +
            (size_t) y * ppitch + offset) + x0);

    vstore4 ((w >> (ushort) shift) & (ushort) mask, 0,
        (__global ushort *) (plane + (size_t) y * pitch) + x0);
    return;
  }
#endif
  for (uint x = x0; x < x0 + GST_CL_U16_SAMPLES; x++) {
    if (x < width && y < height) {
      __global const uchar *w =
          packed + (size_t) y * ppitch + offset + (size_t) x * pstride;
      __global uchar *v = plane + (size_t) y * pitch + (size_t) x * 2;
      const uint value = ((w[0] | ((uint) w[1] << 8)) >> shift) & mask;

      v[0] = (uchar) value;
      v[1] = (uchar) (value >> 8);
    }
  }
}

/* The values back into their words, the bits below @shift cleared (P010
 * keeps them zero). */
__kernel void
pack_u16 (__global uchar * packed, uint ppitch, uint offset, uint pstride,
    uint width, uint height, __global const uchar * plane, uint pitch,
    uint shift, uint mask)
{
  const uint y = get_global_id (1);
  const uint x0 = get_global_id (0) * GST_CL_U16_SAMPLES;

#ifdef __ENDIAN_LITTLE__
  if (U16_VECTORS (x0)) {
    const ushort4 v = vload4 (0, (__global const ushort *) (plane +
            (size_t) y * pitch) + x0);

    vstore4 ((v & (ushort) mask) << (ushort) shift, 0,
        (__global ushort *) (packed + (size_t) y * ppitch + offset) + x0);
    return;
  }
#endif
  for (uint x = x0; x < x0 + GST_CL_U16_SAMPLES; x++) {
    if (x < width && y < height) {
      __global uchar *w =
          packed + (size_t) y * ppitch + offset + (size_t) x * pstride;
      __global const uchar *v = plane + (size_t) y * pitch + (size_t) x * 2;
      const uint word = ((v[0] | ((uint) v[1] << 8)) & mask) << shift;

      w[0] = (uchar) word;
      w[1] = (uchar) (word >> 8);
    }
  }
}

/* The planes an element leaves alone where its output is the 8-bit
 * sibling of a format of more bits (P010_10LE to NV12): @width bytes a row
 * from as many little-endian words, each the word's value shifted down by
 * @down, the depth's bits beyond 8. */
__kernel void
narrow_u16_u8 (__global const uchar * src, uint spitch, uint width,
    uint height, __global uchar * dst, uint dpitch, uint shift, uint mask,
    uint down)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height) {
    __global const uchar *w = src + (size_t) y * spitch + (size_t) x * 2;

    dst[(size_t) y * dpitch + x] =
        (uchar) ((((w[0] | ((uint) w[1] << 8)) >> shift) & mask) >> down);
  }
}

/* The RGB kernels take (packed, ppitch, offsets, pstride, width, height,
 * plane, pitch, space, channel_bytes): the frame's plane with rows @ppitch
 * bytes apart and a pixel every @pstride bytes (3 or 4), the byte offsets
 * of R, G and B in a pixel as R | G << 8 | B << 16 (RGBx, BGR, xRGB, ...
 * alike), the channel's own plane, rows @pitch bytes apart, and the colour
 * space (GST_CL_COLOR_*); for GST_CL_COLOR_RGB, @plane holds R, G and B as
 * three such planes, @channel_bytes apart. RGB_PIXELS pixels per
 * work-item. */

/* Streams build this program with -DGST_CL_RGB_SPACE, -DGST_CL_RGB_PSTRIDE
 * and -DGST_CL_RGB_OFFSETS (gstclframeplan.c): constants that the compiler
 * folds into each pixel's loads, stores and conversion, which then
 * vectorize; the arguments of the same names are used where they are not
 * defined. */
#ifdef GST_CL_RGB_SPACE
#define RGB_SPACE GST_CL_RGB_SPACE
#define RGB_PSTRIDE GST_CL_RGB_PSTRIDE
#define RGB_OFFSETS GST_CL_RGB_OFFSETS
#define RGB_PIXELS GST_CL_RGB_PIXELS
#else
#define RGB_SPACE space
#define RGB_PSTRIDE pstride
#define RGB_OFFSETS offsets
#define RGB_PIXELS 1
#endif

/* The plugin's builds, on little-endian devices: a work-item's
 * RGB_PIXELS pixels, a whole number of words, travel as one vector of
 * words (vload3/vload4), which GPUs coalesce across work-items, where the
 * row starts at a multiple of 4 bytes and all of them lie in the row. */
#if defined(GST_CL_RGB_SPACE) && defined(__ENDIAN_LITTLE__) && \
    GST_CL_RGB_PIXELS == 4
#define RGB_BLOCKS 1
#define BLOCK_WORDS GST_CL_RGB_PSTRIDE
#define BLOCK_BYTE(w, j) ((uchar) ((w)[(j) / 4] >> 8 * ((j) % 4)))
#define BLOCK_SET(w, j, v) \
  ((w)[(j) / 4] = ((w)[(j) / 4] & ~(0xffu << 8 * ((j) % 4))) | \
      (uint) (v) << 8 * ((j) % 4))
#define BLOCK_RGB(w, i) \
  ((uchar3) (BLOCK_BYTE (w, (i) * RGB_PSTRIDE + (RGB_OFFSETS & 0xff)), \
      BLOCK_BYTE (w, (i) * RGB_PSTRIDE + ((RGB_OFFSETS >> 8) & 0xff)), \
      BLOCK_BYTE (w, (i) * RGB_PSTRIDE + ((RGB_OFFSETS >> 16) & 0xff))))

static inline void
load_block (__global const uchar * row, uint x0, uint w[BLOCK_WORDS])
{
  __global const uint *p = (__global const uint *) row + x0 / 4 * BLOCK_WORDS;
#if BLOCK_WORDS == 4
  const uint4 v = vload4 (0, p);

  w[0] = v.s0;
  w[1] = v.s1;
  w[2] = v.s2;
  w[3] = v.s3;
#else
  const uint3 v = vload3 (0, p);

  w[0] = v.s0;
  w[1] = v.s1;
  w[2] = v.s2;
#endif
}

static inline void
store_block (__global uchar * row, uint x0, const uint w[BLOCK_WORDS])
{
  __global uint *p = (__global uint *) row + x0 / 4 * BLOCK_WORDS;
#if BLOCK_WORDS == 4
  vstore4 ((uint4) (w[0], w[1], w[2], w[3]), 0, p);
#else
  vstore3 ((uint3) (w[0], w[1], w[2]), 0, p);
#endif
}
#else
#define RGB_BLOCKS 0
#endif

/* A pixel's R, G and B: of 4 bytes as one word where rows start at
 * multiples of 4 bytes and the device is little-endian (the offsets count
 * bytes), else byte by byte. */
static inline uchar3
load_pixel (__global const uchar * pixel, uint ppitch, uint offsets,
    uint pstride)
{
#ifdef __ENDIAN_LITTLE__
  if (RGB_PSTRIDE == 4 && (ppitch & 3) == 0) {
    const uint word = *(__global const uint *) pixel;

    return (uchar3) ((uchar) (word >> 8 * (RGB_OFFSETS & 0xff)),
        (uchar) (word >> 8 * ((RGB_OFFSETS >> 8) & 0xff)),
        (uchar) (word >> 8 * ((RGB_OFFSETS >> 16) & 0xff)));
  }
#endif
  return load_rgb (pixel, RGB_OFFSETS);
}

/* The pixel @rgb with its channel replaced by the plane's value at @v; of
 * GST_CL_COLOR_RGB, R, G and B of the three planes at @v. */
static inline uchar3
replaced (uchar3 rgb, __global const uchar * v, uint channel_bytes,
    uint space)
{
  if (space == GST_CL_COLOR_RGB)
    return (uchar3) (v[0], v[channel_bytes], v[2 * (size_t) channel_bytes]);
  return color_replace (rgb, v[0], space);
}

__kernel void
unpack_rgb (__global const uchar * packed, uint ppitch, uint offsets,
    uint pstride, uint width, uint height, __global uchar * plane, uint pitch,
    uint space, uint channel_bytes)
{
  const uint y = get_global_id (1);

#if RGB_BLOCKS
  {
    const uint x0 = get_global_id (0) * RGB_PIXELS;

    if ((ppitch & 3) == 0 && x0 + RGB_PIXELS <= width && y < height) {
      __global uchar *at = plane + (size_t) y * pitch + x0;
      uint w[BLOCK_WORDS];
      uchar3 p[RGB_PIXELS];

      load_block (packed + (size_t) y * ppitch, x0, w);
      for (uint i = 0; i < RGB_PIXELS; i++)
        p[i] = BLOCK_RGB (w, i);
      if (RGB_SPACE == GST_CL_COLOR_RGB) {
        vstore4 ((uchar4) (p[0].x, p[1].x, p[2].x, p[3].x), 0, at);
        vstore4 ((uchar4) (p[0].y, p[1].y, p[2].y, p[3].y), 0,
            at + channel_bytes);
        vstore4 ((uchar4) (p[0].z, p[1].z, p[2].z, p[3].z), 0,
            at + 2 * (size_t) channel_bytes);
      } else {
        vstore4 ((uchar4) (color_channel (p[0], RGB_SPACE),
                color_channel (p[1], RGB_SPACE),
                color_channel (p[2], RGB_SPACE),
                color_channel (p[3], RGB_SPACE)), 0, at);
      }
      return;
    }
  }
#endif
  for (uint i = 0; i < RGB_PIXELS; i++) {
    const uint x = get_global_id (0) * RGB_PIXELS + i;
    __global uchar *at = plane + (size_t) y * pitch + x;
    uchar3 rgb;

    if (x >= width || y >= height)
      break;
    rgb = load_pixel (packed + (size_t) y * ppitch + (size_t) x * RGB_PSTRIDE,
        ppitch, offsets, pstride);
    if (RGB_SPACE == GST_CL_COLOR_RGB) {
      at[0] = rgb.x;
      at[channel_bytes] = rgb.y;
      at[2 * (size_t) channel_bytes] = rgb.z;
    } else {
      at[0] = color_channel (rgb, RGB_SPACE);
    }
  }
}

/* Each pixel of @source (the input's staging copy) with its channel
 * replaced by the plane's value, into @packed (the output's): R, G and B
 * converted back, the other bytes (alpha, padding) as they were. Every
 * byte of every pixel is written, so @packed needs no copy of the input
 * first. Pixels of 4 bytes travel as one word where rows start at
 * multiples of 4 bytes (the staging copies' at GST_CL_PLANE_ALIGN) and the
 * device is little-endian, as the offsets count bytes. */
__kernel void
pack_rgb (__global uchar * packed, uint ppitch, uint offsets, uint pstride,
    uint width, uint height, __global const uchar * plane, uint pitch,
    uint space, uint channel_bytes, __global const uchar * source)
{
  const uint y = get_global_id (1);
  const uint ro = RGB_OFFSETS & 0xff, go = (RGB_OFFSETS >> 8) & 0xff;
  const uint bo = (RGB_OFFSETS >> 16) & 0xff;

#if RGB_BLOCKS
  {
    const uint x0 = get_global_id (0) * RGB_PIXELS;

    if ((ppitch & 3) == 0 && x0 + RGB_PIXELS <= width && y < height) {
      __global const uchar *at = plane + (size_t) y * pitch + x0;
      const uchar4 v = vload4 (0, at);
      uint w[BLOCK_WORDS];
      uchar3 p[RGB_PIXELS];

      load_block (source + (size_t) y * ppitch, x0, w);
      if (RGB_SPACE == GST_CL_COLOR_RGB) {
        const uchar4 g = vload4 (0, at + channel_bytes);
        const uchar4 b = vload4 (0, at + 2 * (size_t) channel_bytes);

        p[0] = (uchar3) (v.s0, g.s0, b.s0);
        p[1] = (uchar3) (v.s1, g.s1, b.s1);
        p[2] = (uchar3) (v.s2, g.s2, b.s2);
        p[3] = (uchar3) (v.s3, g.s3, b.s3);
      } else {
        const uchar vs[RGB_PIXELS] = { v.s0, v.s1, v.s2, v.s3 };

        for (uint i = 0; i < RGB_PIXELS; i++)
          p[i] = color_replace (BLOCK_RGB (w, i), vs[i], RGB_SPACE);
      }
      for (uint i = 0; i < RGB_PIXELS; i++) {
        BLOCK_SET (w, i * RGB_PSTRIDE + ro, p[i].x);
        BLOCK_SET (w, i * RGB_PSTRIDE + go, p[i].y);
        BLOCK_SET (w, i * RGB_PSTRIDE + bo, p[i].z);
      }
      store_block (packed + (size_t) y * ppitch, x0, w);
      return;
    }
  }
#endif
  for (uint i = 0; i < RGB_PIXELS; i++) {
    const uint x = get_global_id (0) * RGB_PIXELS + i;
    const size_t at = (size_t) y * ppitch + (size_t) x * RGB_PSTRIDE;
    __global const uchar *v = plane + (size_t) y * pitch + x;

    if (x >= width || y >= height)
      break;
#ifdef __ENDIAN_LITTLE__
    if (RGB_PSTRIDE == 4 && (ppitch & 3) == 0) {
      const uint word = *(__global const uint *) (source + at);
      const uchar3 rgb = replaced ((uchar3) ((uchar) (word >> 8 * ro),
              (uchar) (word >> 8 * go), (uchar) (word >> 8 * bo)), v,
          channel_bytes, RGB_SPACE);
      const uint keep = ~(0xffu << 8 * ro | 0xffu << 8 * go |
          0xffu << 8 * bo);

      *(__global uint *) (packed + at) = (word & keep) |
          (uint) rgb.x << 8 * ro | (uint) rgb.y << 8 * go |
          (uint) rgb.z << 8 * bo;
      continue;
    }
#endif
    {
      const uchar3 rgb = replaced (load_rgb (source + at, RGB_OFFSETS), v,
          channel_bytes, RGB_SPACE);

      for (uint k = 0; k < RGB_PSTRIDE; k++)
        packed[at + k] = source[at + k];
      packed[at + ro] = rgb.x;
      packed[at + go] = rgb.y;
      packed[at + bo] = rgb.z;
    }
  }
}

/* CPU devices: one work-item per band of rows, each row in lanes of
 * pixels (rgblanes.cl). The band is the work-item's share of the launch's
 * rows. */
#if defined(GST_CL_ROWS) && GST_CL_ROWS && defined(GST_CL_RGB_SPACE)

/* The rows of work-item @i of @n over @height rows. */
#define ROWS_BAND(i, n, height) ((uint) ((ulong) (i) * (height) / (n)))

__kernel void
unpack_rgb_rows (__global const uchar * packed, uint ppitch, uint offsets,
    uint pstride, uint width, uint height, __global uchar * plane, uint pitch,
    uint space, uint channel_bytes)
{
  const uint i = get_global_id (0), n = get_global_size (0);

  for (uint y = ROWS_BAND (i, n, height); y < ROWS_BAND (i + 1, n, height);
      y++) {
    __global const uchar *row = packed + (size_t) y * ppitch;
    __global uchar *at = plane + (size_t) y * pitch;
    uint x = 0;

#ifdef RGB_VECTORS
    for (; x + RGB_LANES <= width; x += RGB_LANES) {
      int16 r, g, b;

      lanes_load (row, x, &r, &g, &b);
#if GST_CL_RGB_SPACE == GST_CL_COLOR_RGB
      vstore16 (convert_uchar16 (r), 0, at + x);
      vstore16 (convert_uchar16 (g), 0, at + channel_bytes + x);
      vstore16 (convert_uchar16 (b), 0, at + 2 * (size_t) channel_bytes + x);
#else
      vstore16 (lanes_channel (r, g, b), 0, at + x);
#endif
    }
#endif
    for (; x < width; x++) {
      const uchar3 rgb = load_rgb (row + (size_t) x * GST_CL_RGB_PSTRIDE,
          GST_CL_RGB_OFFSETS);

#if GST_CL_RGB_SPACE == GST_CL_COLOR_RGB
      at[x] = rgb.x;
      at[channel_bytes + x] = rgb.y;
      at[2 * (size_t) channel_bytes + x] = rgb.z;
#else
      at[x] = color_channel (rgb, GST_CL_RGB_SPACE);
#endif
    }
  }
}

__kernel void
pack_rgb_rows (__global uchar * packed, uint ppitch, uint offsets,
    uint pstride, uint width, uint height, __global const uchar * plane,
    uint pitch, uint space, uint channel_bytes, __global const uchar * source)
{
  const uint i = get_global_id (0), n = get_global_size (0);

  for (uint y = ROWS_BAND (i, n, height); y < ROWS_BAND (i + 1, n, height);
      y++) {
    __global const uchar *src = source + (size_t) y * ppitch;
    __global uchar *dst = packed + (size_t) y * ppitch;
    __global const uchar *at = plane + (size_t) y * pitch;
    uint x = 0;

#ifdef RGB_VECTORS
    for (; x + RGB_LANES <= width; x += RGB_LANES) {
      int16 r, g, b;

#if GST_CL_RGB_SPACE == GST_CL_COLOR_RGB
      r = convert_int16 (vload16 (0, at + x));
      g = convert_int16 (vload16 (0, at + channel_bytes + x));
      b = convert_int16 (vload16 (0, at + 2 * (size_t) channel_bytes + x));
#else
      lanes_load (src, x, &r, &g, &b);
      lanes_replace (&r, &g, &b, convert_int16 (vload16 (0, at + x)));
#endif
      lanes_store (src, dst, x, r, g, b);
    }
#endif
    for (; x < width; x++) {
      __global const uchar *s = src + (size_t) x * GST_CL_RGB_PSTRIDE;
      __global uchar *d = dst + (size_t) x * GST_CL_RGB_PSTRIDE;
      const uchar3 rgb = replaced (load_rgb (s, GST_CL_RGB_OFFSETS), at + x,
          channel_bytes, GST_CL_RGB_SPACE);

      for (uint k = 0; k < GST_CL_RGB_PSTRIDE; k++)
        d[k] = s[k];
      d[RGB_RO] = rgb.x;
      d[RGB_GO] = rgb.y;
      d[RGB_BO] = rgb.z;
    }
  }
}
#endif
