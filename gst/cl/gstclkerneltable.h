/* gst-clfilter
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
 */
#ifndef __GST_CL_KERNEL_TABLE_H__
#define __GST_CL_KERNEL_TABLE_H__

#include "gstclcontext.h"

G_BEGIN_DECLS

/* The steps of the elements' work that a kernel of kernels/ does. */
typedef enum
{
  /* frame.cl: a packed component to its plane and back (YUY2's luma), or
   * 16-bit words to their values and back (P010's luma). */
  GST_CL_STAGE_UNPACK,
  GST_CL_STAGE_PACK,
  /* color.cl: RGB's channel from each pixel, and the pixel with it
   * replaced. */
  GST_CL_STAGE_UNPACK_RGB,
  GST_CL_STAGE_PACK_RGB,
  /* rgbtable.cl (CPU devices): the histogram of RGB's channel, and the
   * pixels mapped through a table of it, on the frame's pixels. */
  GST_CL_STAGE_HISTOGRAM_RGB,
  GST_CL_STAGE_MAP_RGB,
  /* histequalize.cl: the histogram of a frame's luma or gray samples, its
   * table (and the message's summary with it), the summary alone where no
   * table is built, GRAY16's bounds for the linear stretch, the table
   * applied, and on GPUs at 8 bits the histogram and the applied table in
   * one launch; with table-from=previous, the frame mapped through the
   * table of the frame before while its histogram is counted, in one
   * pass. */
  GST_CL_STAGE_HISTOGRAM,
  GST_CL_STAGE_MAKE_LUT,
  GST_CL_STAGE_SUMMARY,
  GST_CL_STAGE_BOUNDS,
  GST_CL_STAGE_APPLY,
  GST_CL_STAGE_EQUALIZE,
  GST_CL_STAGE_MAP_COUNT,
  /* clahe.cl: GRAY16's tile histograms, the tiles' tables (from the
   * counts on GPUs), GRAY16's clipped excess, the blend, and on GPUs at 8
   * bits the tables and the blend in one launch. */
  GST_CL_STAGE_CLAHE_COUNT,
  GST_CL_STAGE_CLAHE_TABLES,
  GST_CL_STAGE_CLAHE_EXCESS,
  GST_CL_STAGE_CLAHE_APPLY,
  GST_CL_STAGE_CLAHE,
  /* sobel.cl: any mode and scale, and each mode's scale-1 kernel. */
  GST_CL_STAGE_SOBEL,
  GST_CL_STAGE_SOBEL_MAGNITUDE,
  GST_CL_STAGE_SOBEL_MAGNITUDE_L1,
  GST_CL_STAGE_SOBEL_DX,
  GST_CL_STAGE_SOBEL_DY,
  /* frame.cl: the planes left alone, from words to bytes where the output
   * is the 8-bit sibling of the input's format (P010_10LE to NV12). */
  GST_CL_STAGE_NARROW,
  GST_CL_N_STAGES
} GstClStage;

/* The samples' depths in and out. */
typedef enum
{
  GST_CL_DEPTHS_8,
  GST_CL_DEPTHS_16,
  GST_CL_DEPTHS_16_8,
  GST_CL_N_DEPTHS
} GstClDepths;

/* The kernel that does @stage for @depths on the CPU kernels' path (@cpu:
 * rows per work-item, on the frames' memory) or the GPU kernels' path; NULL
 * where that path has none (the 8-bit GPU path builds its table in its
 * apply kernel). Every kernel an element creates is named here. */
const gchar *gst_cl_kernel_table_lookup (GstClStage stage, GstClDepths depths,
    gboolean cpu);

/* The kernel of @program that does @stage for @depths on @cl's path, its
 * choice logged; NULL and @error (a sentence, then a line of details) on
 * failure. */
cl_kernel gst_cl_kernel_table_create (GstClContext *cl, cl_program program,
    GstClStage stage, GstClDepths depths, GError **error);

/* The depths of samples of @in_bits in and @out_bits out. */
GstClDepths gst_cl_kernel_table_depths (guint in_bits, guint out_bits);

G_END_DECLS
#endif /* __GST_CL_KERNEL_TABLE_H__ */
