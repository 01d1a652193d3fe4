/* gst-clfilter: what every program's kernels share. The plugin's build puts
 * this file before each kernels/<element>.cl (gst/embed-kernels.py).
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
 * SPDX-License-Identifier: LGPL-2.1-or-later */

/* A program holds only the kernels a stream needs: the host builds one per
 * set of -D options (see gst_cl_base_filter_get_program()). GST_CL_IN and
 * GST_CL_OUT are the input's and output's sample depths, GST_CL_ROWS is set
 * on contexts that run the CPU kernels (rows_ in their names). */
#define WANT_U8 (GST_CL_IN == 8)
#define WANT_U16 (GST_CL_IN == 16 && GST_CL_OUT == 16)
#define WANT_U16_U8 (GST_CL_IN == 16 && GST_CL_OUT == 8)
#define WANT_IN16 (GST_CL_IN == 16)
#define WANT_GPU (!GST_CL_ROWS)
#define WANT_ROWS GST_CL_ROWS

/* 16 bytes at @p, which the GPU kernels only use where p is 16-byte aligned
 * (planes' rows start at multiples of 64 bytes, loads at multiples of 16):
 * one 128-bit access, where vload16 only promises element alignment. */
#define LOAD16(p) (*(__global const uint4 *) (p))
#define STORE16(p, v) (*(__global uint4 *) (p) = (v))

/* Eight GRAY16 pixels from or to the frame's byte order when @swap (the
 * frame's endianness is not the device's). */
static inline ushort8
swap16 (ushort8 v, uint swap)
{
  return swap ? rotate (v, (ushort8) 8) : v;
}
