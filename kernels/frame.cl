/* gst-clfilter: moving one component of a packed frame (YUY2's luma,
 * NV12's interleaved chroma, ...) between the frame's plane and a plane of
 * its own, where the elements' kernels read and write it like a gray frame.
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
 * Both kernels take (packed, ppitch, offset, pstride, width, height, plane,
 * pitch): the frame's plane with rows @ppitch bytes apart, the component's
 * first byte at @offset and one sample every @pstride bytes, and the
 * component's own plane, rows @pitch bytes apart. One work-item per sample.
 */

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
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height) {
    __global const uchar *w =
        packed + (size_t) y * ppitch + offset + (size_t) x * pstride;
    __global uchar *v = plane + (size_t) y * pitch + (size_t) x * 2;
    const uint value = ((w[0] | ((uint) w[1] << 8)) >> shift) & mask;

    v[0] = (uchar) value;
    v[1] = (uchar) (value >> 8);
  }
}

/* The values back into their words, the bits below @shift cleared (P010
 * keeps them zero). */
__kernel void
pack_u16 (__global uchar * packed, uint ppitch, uint offset, uint pstride,
    uint width, uint height, __global const uchar * plane, uint pitch,
    uint shift, uint mask)
{
  const uint x = get_global_id (0), y = get_global_id (1);

  if (x < width && y < height) {
    __global uchar *w =
        packed + (size_t) y * ppitch + offset + (size_t) x * pstride;
    __global const uchar *v = plane + (size_t) y * pitch + (size_t) x * 2;
    const uint word = ((v[0] | ((uint) v[1] << 8)) & mask) << shift;

    w[0] = (uchar) word;
    w[1] = (uchar) (word >> 8);
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
