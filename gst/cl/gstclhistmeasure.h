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
#ifndef __GST_CL_HIST_MEASURE_H__
#define __GST_CL_HIST_MEASURE_H__

#include "gstclframeplan.h"

G_BEGIN_DECLS

/* A frame's histogram measured on the device for the `histogram` message,
 * by clhistequalize's histogram and table kernels (the "histequalize"
 * program) with the launch shapes clhistequalize gives them: what
 * clhistogram does with every frame, and what an element that does not
 * count the whole frame's histogram itself (clclahe) runs for its
 * message. */
typedef struct _GstClHistMeasure GstClHistMeasure;

/* For frames of @info, whose gray or luma plane is measured, its commands
 * to @cmd; what it chose is logged in @category for @owner. NULL and
 * @error (a sentence, then a line of details) on failure. */
GstClHistMeasure *gst_cl_hist_measure_new (const GstClCommands *cmd,
    const GstVideoInfo *info, GstDebugCategory *category, GObject *owner,
    GError **error);
void gst_cl_hist_measure_free (GstClHistMeasure *m);

/* Queues the histogram of the region (@x, @y, @width x @height, inside
 * the frame) of @plane, and the reading back of its summary with
 * @num_bins bins (a power of two, at most 2^depth), without waiting. */
cl_int gst_cl_hist_measure_enqueue (GstClHistMeasure *m,
    const GstClPlane *plane, guint x, guint y, guint width, guint height,
    guint num_bins);

/* After the frame's wait: the `histogram` fields of the last frame
 * queued, for the frame in @buf with its times in @segment, and its region
 * (x, y, width, height) in @region; NULL when none is pending (none
 * queued, or its queueing failed). Each frame gives its fields once. */
GstStructure *gst_cl_hist_measure_take (GstClHistMeasure *m,
    const GstSegment *segment, GstBuffer *buf, const GstVideoInfo *info,
    guint *region);

G_END_DECLS
#endif /* __GST_CL_HIST_MEASURE_H__ */
