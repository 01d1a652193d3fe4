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
#ifndef __GST_CL_RGB_TABLE_H__
#define __GST_CL_RGB_TABLE_H__

#include "gstclframeplan.h"

G_BEGIN_DECLS

/* An RGB frame's channel counted, and the frame mapped through a
 * 256-entry table of that channel, on the frame's own pixels
 * (kernels/rgbtable.cl), on CPU devices: for elements whose work on the
 * channel is such a table (clhistequalize), in two passes over the
 * pixels where the frame plan's unpacking and packing around the
 * element's own kernels take four. The frames come as pixels where the
 * element sets GstClFilterClass.rgb_pixels. */
typedef struct {
  /* Takes the arguments of the histogram kernels, which
   * gst_cl_hist_plan_enqueue() launches. */
  cl_kernel histogram;
  cl_kernel map;
} GstClRgbTable;

/* The kernels for pixels of @pstride bytes with R, G and B at the byte
 * offsets @offsets (gst_cl_color_rgb_offsets()) and the channel @space
 * (GST_CL_COLOR_*, not GST_CL_COLOR_RGB). FALSE and @error (a sentence
 * for the user, then a line of details) on failure. */
gboolean gst_cl_rgb_table_init (GstClRgbTable *t, GstClContext *cl, guint space,
    guint pstride, guint offsets, GError **error);
void gst_cl_rgb_table_clear (GstClRgbTable *t);

/* Queues the pixels of @in mapped through @lut into @out (which may be
 * @in's buffer). */
cl_int gst_cl_rgb_table_map (const GstClRgbTable *t, const GstClCommands *cmd,
    const GstClPlane *in, const GstClPlane *out, cl_mem lut);

G_END_DECLS
#endif /* __GST_CL_RGB_TABLE_H__ */
