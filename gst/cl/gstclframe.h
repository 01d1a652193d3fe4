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
#ifndef __GST_CL_FRAME_H__
#define __GST_CL_FRAME_H__

#include "gstclframeplan.h"

G_BEGIN_DECLS

/* A frame as the kernels reach it: the OpenCL buffers of its planes where
 * it is device memory of the filter's context (gstclmemory.h) at strides
 * the kernels take, else mapped for the CPU in @host. */
typedef struct {
  GstVideoFrame host;
  gboolean on_device;
  cl_mem planes[GST_VIDEO_MAX_PLANES];
  gsize strides[GST_VIDEO_MAX_PLANES];
} GstClFrame;

gboolean gst_cl_frame_map (GstClFrame *frame, GstClContext *cl,
    const GstVideoInfo *info, GstBuffer *buf, GstMapFlags flags);
void gst_cl_frame_unmap (GstClFrame *frame);

/* For frames of which one or both are on the device. The planes the
 * kernels read, in @src by component: the frame's own buffers on the
 * device (packed components unpacked from them), else the device copies,
 * uploaded. */
cl_int gst_cl_frame_inputs (GstClFramePlan *plan, GstClFrame *in,
    GstClPlane *src);
/* The planes the kernels write, in @dst: the frame's own buffers where
 * they can, else the device copies. */
void gst_cl_frame_outputs (GstClFramePlan *plan, const GstClPlane *src,
    GstClFrame *out, GstClPlane *dst);
/* After the kernels: what they wrote moved into @out's buffers on the
 * device, or its download to the host queued; the caller waits for that.
 * @done as for gst_cl_frame_plan_download(), for a download only. */
cl_int gst_cl_frame_complete (GstClFramePlan *plan, GstClFrame *out,
    const GstClPlane *dst, cl_event *done);

/* Queues the copy of the planes of @in that hold no written component to
 * @out, each frame on the device or the host. A copy from the host must be
 * waited for before @in goes; one to the host, before @out is read. */
cl_int gst_cl_frame_copy_unwritten_planes (GstClFramePlan *plan, GstClFrame *in,
    GstClFrame *out);

/* Queues the copy of the planes of @in to @out but those in the mask
 * @skip_planes, whole rows of @info's, where they are: between device
 * buffers, to or from the device, or on the host (done on return). As
 * above, a copy from the host must be waited for before @in goes, one to
 * the host before @out is read. The filters' planes that they do not
 * write, and clupload's and cldownload's frames. */
cl_int gst_cl_frame_copy_planes (const GstClCommands *cmd,
    const GstVideoInfo *info, GstClFrame *in, GstClFrame *out,
    guint skip_planes);

G_END_DECLS
#endif /* __GST_CL_FRAME_H__ */
