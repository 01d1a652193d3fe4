/* gst-clfilter: constants that the plugin's C code and its kernels share,
 * defined once. gst/embed-kernels.py puts this file before every program,
 * and the host code includes it.
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
#ifndef GST_CL_SHARED_H
#define GST_CL_SHARED_H

/* The contract between the host and the kernels, stated once: what the
 * host lays out and launches, and the kernels rely on. Checked at compile
 * time with #error here (on both sides), G_STATIC_ASSERT on the host and
 * reqd_work_group_size on the kernels. */

/* Argument order is each kernel's signature, stated once in kernels/: the
 * host sets arguments in that order with GST_CL_ARG() (gst/cl/gstclutils.h)
 * and checks their count against the kernel's before each launch. */

/* Rows of the device copies of a frame's planes, and of the pool's device
 * frames, start at multiples of this many bytes: the GPU kernels load rows
 * in aligned vectors of up to 16 bytes, and the last strip of a row may
 * read past its end up to the next multiple. */
#define GST_CL_PLANE_ALIGN 64
#if GST_CL_PLANE_ALIGN % 16 != 0
#error "the GPU kernels load rows in aligned 16-byte vectors"
#endif

/* Words before the bins in clhistequalize's frame summary: min, max, the
 * sum of values and of their squares (64-bit, low word first). */
#define GST_CL_SUMMARY_HEAD 8

/* clhistequalize's GRAY16 table on GPUs: blocks of bins, one work-group of
 * GST_CL_LUT_GROUP work-items each, with 4 bins per work-item. */
#define GST_CL_LUT_BLOCK_BINS 1024
#define GST_CL_LUT_GROUP 256

/* The table's span argument: 0 selects cv::equalizeHist's float formula
 * onto 0..255; any other value s gives lo + round_half_even (s * (cdf[v] -
 * hist[i0]) / (N - hist[i0])) in exact integers. */
#define GST_CL_SPAN_CV 0

/* The channel of an RGB frame that unpack_rgb and pack_rgb (frame.cl)
 * move, made as kernels/color.cl does: Y of OpenCV's YCrCb, L of its 8-bit
 * Lab, or its RGB2GRAY (which pack_rgb writes to all of R, G and B);
 * or with GST_CL_COLOR_RGB, R, G and B themselves, as three planes of the
 * same buffer one channel_bytes apart. Numbered as GstClColorSpace but for
 * GRAY, which only clsobel uses. */
#define GST_CL_COLOR_YCRCB 0
#define GST_CL_COLOR_LAB 1
#define GST_CL_COLOR_GRAY 2
#define GST_CL_COLOR_RGB 3
/* The planes of GST_CL_COLOR_RGB. */
#define GST_CL_RGB_CHANNELS 3
/* ... pixels per work-item, in a row: more work for each than one pixel's
 * few bytes. */
#define GST_CL_RGB_PIXELS 4

/* Rows of a work-group of frame.cl's unpack and pack kernels, whose 64
 * work-items a row each move a few pixels. */
#define GST_CL_PACK_GROUP_ROWS 4

/* frame.cl's unpack_u16 and pack_u16 (high-bit-depth YUV): samples per
 * work-item, in a row. */
#define GST_CL_U16_SAMPLES 4

/* clhistequalize's methods, numbered as GstClHistEqualizeMethod. */
#define GST_CL_METHOD_EQUALIZE 0
#define GST_CL_METHOD_LINEAR 1

/* clsobel's modes, numbered as GstClSobelMode. */
#define GST_CL_SOBEL_MAGNITUDE 0
#define GST_CL_SOBEL_MAGNITUDE_L1 1
#define GST_CL_SOBEL_DX 2
#define GST_CL_SOBEL_DY 3

/* clsobel's GPU kernels: output pixels across and rows down per
 * work-item. */
#define GST_CL_SOBEL_STRIP 8
#define GST_CL_SOBEL_ROWS 8

/* clclahe: where the tables kernel finds last frame's smoothing state T,
 * for each tile and bin: nowhere (the first frame), the table itself (the
 * frame before smoothed nothing, T = 256 * table) or the state buffer. */
#define GST_CL_CLAHE_PREV_NONE 0
#define GST_CL_CLAHE_PREV_TABLE 1
#define GST_CL_CLAHE_PREV_STATE 2

/* clclahe's GRAY16 tables on GPUs: bins per chunk of a tile's 65536, one
 * work-group per tile and chunk. */
#define GST_CL_CLAHE_U16_CHUNK 1024

/* clhistequalize's GPU apply kernels: rows of one 16-byte column per
 * work-item. The 8-bit one reads them all before it builds its table. */
#define GST_CL_APPLY_ROWS 4
/* ... in groups of 64 x 4 work-items: apply_u8 builds its 256-entry table
 * with one work-item per entry. */
#define GST_CL_APPLY_GROUP_X 64
#define GST_CL_APPLY_GROUP_Y 4
#if GST_CL_APPLY_GROUP_X * GST_CL_APPLY_GROUP_Y != 256
#error "apply_u8 takes one work-item per entry of its 256-entry table"
#endif

/* clclahe's 8-bit GPU apply kernel: pixels across per work-item, one
 * 32-bit word of the frame. */
#define GST_CL_CLAHE_APPLY_PIXELS 4
/* ... in groups of 64 x 4 work-items where the device runs 256, which
 * clahe_u8's groups, of apply's shape, must be. */
#define GST_CL_CLAHE_APPLY_GROUP_X 64
#define GST_CL_CLAHE_APPLY_GROUP_Y 4

#endif
