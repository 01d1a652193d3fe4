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

#include "color.cl"

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

/* The RGB kernels take (packed, ppitch, offsets, pstride, width, height,
 * plane, pitch, space): the frame's plane with rows @ppitch bytes apart and
 * a pixel every @pstride bytes (3 or 4), the byte offsets of R, G and B in
 * a pixel as R | G << 8 | B << 16 (RGBx, BGR, xRGB, ... alike), the
 * channel's own plane, rows @pitch bytes apart, and the colour space
 * (GST_CL_COLOR_*). One work-item per pixel. */
static inline uchar3
load_rgb (__global const uchar * pixel, uint offsets)
{
  return (uchar3) (pixel[offsets & 0xff], pixel[(offsets >> 8) & 0xff],
      pixel[(offsets >> 16) & 0xff]);
}

__kernel void
unpack_rgb (__global const uchar * packed, uint ppitch, uint offsets,
    uint pstride, uint width, uint height, __global uchar * plane, uint pitch,
    uint space)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height)
    plane[(size_t) y * pitch + x] = color_channel (load_rgb (packed +
            (size_t) y * ppitch + (size_t) x * pstride, offsets), space);
}

/* @packed holds a copy of the input frame, as pack_u8's does: each pixel's
 * R, G and B are read there, the channel replaced by the plane's value,
 * and written back; the other bytes (alpha, padding) stay. */
__kernel void
pack_rgb (__global uchar * packed, uint ppitch, uint offsets, uint pstride,
    uint width, uint height, __global const uchar * plane, uint pitch,
    uint space)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height) {
    __global uchar *pixel =
        packed + (size_t) y * ppitch + (size_t) x * pstride;
    const uchar3 rgb = color_replace (load_rgb (pixel, offsets),
        plane[(size_t) y * pitch + x], space);

    pixel[offsets & 0xff] = rgb.x;
    pixel[(offsets >> 8) & 0xff] = rgb.y;
    pixel[(offsets >> 16) & 0xff] = rgb.z;
  }
}
