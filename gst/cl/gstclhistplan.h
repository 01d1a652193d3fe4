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
#ifndef __GST_CL_HIST_PLAN_H__
#define __GST_CL_HIST_PLAN_H__

#include "gstclframeplan.h"

G_BEGIN_DECLS

/* Blocks of bins whose statistics the GPU table kernels write for 65536
 * bins; see kernels/histequalize.cl. */
#define GST_CL_HIST_LUT_BLOCKS (65536 / GST_CL_LUT_BLOCK_BINS)

/* How the histogram kernels of kernels/histequalize.cl count a frame's
 * luma and how its table kernels are shaped, for clhistequalize and for
 * the elements that measure with them (gstclhistmeasure.c). */
typedef struct {
  guint depth;
  /* CPU devices run the *_rows_* kernels. */
  gboolean cpu;
  /* Bands of rows, one per group, and the frame's number of them. */
  cl_uint rows_per_group;
  cl_uint groups;
  /* Partial histograms the histogram buffer holds (CPUs: one per band),
   * and work-items that build the table (CPUs). */
  cl_uint parts;
  size_t lut_items;
  /* GPUs, GRAY16: bins one group counts at once, in 16-bit halves of its
   * local words when packed, and the group's size. */
  cl_uint slice_bins;
  cl_uint packed;
  size_t hist16_group;
} GstClHistPlan;

/* The plan for frames of luma @width x @height and @depth bits. */
void gst_cl_hist_plan_init (GstClHistPlan *p, GstClContext *cl, guint depth,
    gboolean cpu, guint width, guint height);

/* Blocks of statistics the table kernels write (0: the summary whole). */
guint gst_cl_hist_plan_stat_blocks (const GstClHistPlan *p);

/* Queues @k, a histogram kernel, counting the region @x0, @y0, @width x
 * @height of @in into @hist; @parts is set to the partial histograms it
 * fills. Every histogram kernel takes (src, pitch, x0, y0, width, height,
 * rows_per_group, swap, param, packed, hist, lhist). */
cl_int gst_cl_hist_plan_enqueue (const GstClHistPlan *p,
    const GstClCommands *cmd, cl_kernel k, const GstClPlane *in, cl_uint swap,
    cl_uint x0, cl_uint y0, cl_uint width, cl_uint height, cl_mem hist,
    cl_uint *parts);

/* table-from=previous's map_count_* kernels, whose arguments the caller
 * sets (kernels/histequalize.cl): the bytes of their local histogram, and
 * the launch over the bands of a frame of @height rows, as
 * gst_cl_hist_plan_init() made them; @parts is set as by
 * gst_cl_hist_plan_enqueue(). None counts GRAY16 on GPUs, whose 65536
 * bins take several passes. */
gsize gst_cl_hist_plan_map_count_local (const GstClHistPlan *p);
cl_int gst_cl_hist_plan_launch_map_count (const GstClHistPlan *p,
    const GstClCommands *cmd, cl_kernel k, cl_uint height, cl_uint *parts);

G_END_DECLS
#endif /* __GST_CL_HIST_PLAN_H__ */
