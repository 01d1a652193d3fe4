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
 *
 * Frames whose planes stay on the device between elements; see
 * gstcldeviceframe.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclframe.h"
#include "gstclutils.h"
#include "gstclbufferpool.h"
#include "gstclvideoplane.h"

#include <string.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

/* The pool's rows suit the kernels' aligned loads. */
G_STATIC_ASSERT (GST_CL_POOL_ROW_ALIGN % GST_CL_PLANE_ALIGN == 0);

gboolean
gst_cl_frame_map (GstClFrame *frame, GstClContext *cl, const GstVideoInfo *info,
    GstBuffer *buf, GstMapFlags flags)
{
  memset (frame, 0, sizeof (*frame));
  /* Buffers of another context, or rows the kernels cannot take, are read
   * and written through the host. */
  frame->on_device = gst_cl_memory_get_planes (buf, info, cl, frame->planes,
      frame->strides);
  for (guint p = 0; frame->on_device && p < GST_VIDEO_INFO_N_PLANES (info); p++)
    frame->on_device = frame->strides[p] % GST_CL_PLANE_ALIGN == 0;
  if (frame->on_device)
    return TRUE;
  return gst_video_frame_map (&frame->host, info, buf, flags);
}

void
gst_cl_frame_unmap (GstClFrame *frame)
{
  if (!frame->on_device)
    gst_video_frame_unmap (&frame->host);
}

static GstClPlane
frame_plane (const GstClFrame *frame, const GstClComponent *comp)
{
  GstClPlane plane = { frame->planes[comp->plane], frame->strides[comp->plane],
    comp->dev.row_bytes, comp->height };

  return plane;
}

static cl_int
copy_rect (GstClFramePlan *plan, cl_mem src, gsize src_pitch, cl_mem dst,
    gsize dst_pitch, gsize row_bytes, guint height)
{
  const size_t origin[3] = { 0, 0, 0 };
  const size_t region[3] = { row_bytes, height, 1 };

  gst_cl_commands_count (&plan->cmd, GST_CL_TRANSFER_COPY,
      (guint64)row_bytes * height);
  return clEnqueueCopyBufferRect (gst_cl_commands_queue (&plan->cmd), src, dst,
      origin, origin, region, src_pitch, 0, dst_pitch, 0, 0, NULL, NULL);
}

cl_int
gst_cl_frame_inputs (GstClFramePlan *plan, GstClFrame *in, GstClPlane *src)
{
  cl_int status = CL_SUCCESS;

  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    const GstClComponent *comp = &plan->in[c];

    gst_cl_frame_plan_device_planes (plan->in, c, src);
    if (!in->on_device)
      continue;
    if (!comp->packed) {
      src[c] = frame_plane (in, comp);
      continue;
    }
    /* The whole plane to the staging copy, as an upload puts it there:
     * an output packed over it keeps the plane's other components. */
    status = copy_rect (plan, in->planes[comp->plane], in->strides[comp->plane],
        comp->staging, comp->staging_pitch, comp->staging_row_bytes,
        comp->height);
    if (status == CL_SUCCESS)
      status = gst_cl_frame_plan_unpack (plan, c);
    if (status != CL_SUCCESS)
      return status;
  }
  return in->on_device ? status : gst_cl_frame_plan_upload (plan, &in->host);
}

void
gst_cl_frame_outputs (GstClFramePlan *plan, const GstClPlane *src,
    GstClFrame *out, GstClPlane *dst)
{
  GstClContext *cl = plan->cmd.cl;

  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    const GstClComponent *comp = &plan->out[c];
    const GstClPlane plane = frame_plane (out, comp);

    gst_cl_frame_plan_device_planes (plan->out, c, dst);
    if (!out->on_device || comp->packed)
      continue;
    /* The GPU kernels never write over what they read: in place they
     * write the device copy, which gst_cl_frame_complete() moves. */
    if (plane.mem == src[c].mem && !gst_cl_context_use_cpu_kernels (cl))
      continue;
    dst[c] = plane;
  }
}

cl_int
gst_cl_frame_complete (GstClFramePlan *plan, GstClFrame *out,
    const GstClPlane *dst, cl_event *done)
{
  cl_int status = CL_SUCCESS;

  if (!out->on_device)
    return gst_cl_frame_plan_download (plan, &out->host, done);
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    const GstClComponent *comp = &plan->out[c];
    cl_mem plane = out->planes[comp->plane];
    const gsize stride = out->strides[comp->plane];

    if (comp->packed) {
      status = gst_cl_frame_plan_pack (plan, c);
      if (status == CL_SUCCESS)
        status = copy_rect (plan, comp->staging, comp->staging_pitch, plane,
            stride, comp->staging_row_bytes, comp->height);
    } else if (dst[c].mem != plane) {
      status = copy_rect (plan, dst[c].mem, dst[c].pitch, plane, stride,
          dst[c].row_bytes, dst[c].height);
    }
    if (status != CL_SUCCESS)
      break;
  }
  return status;
}

/* The planes the element leaves alone where the output is the 8-bit
 * sibling of the input's format, one frame or both on the device. */
static cl_int
narrow_planes (GstClFramePlan *plan, GstClFrame *in, GstClFrame *out)
{
  GstClNarrow *n = &plan->narrow;
  cl_int status = CL_SUCCESS;

  for (guint p = 0; p < GST_VIDEO_MAX_PLANES && status == CL_SUCCESS; p++)
    if (n->planes & (1u << p))
      status = gst_cl_narrow_device_plane (n, &plan->cmd, p,
          in->on_device ? in->planes[p] : NULL, in->strides[p], &in->host,
          out->on_device ? out->planes[p] : NULL, out->strides[p], &out->host);
  return status;
}

cl_int
gst_cl_frame_copy_planes (const GstClCommands *cmd, const GstVideoInfo *info,
    GstClFrame *in, GstClFrame *out, guint skip_planes)
{
  cl_command_queue queue = gst_cl_commands_queue (cmd);
  const size_t origin[3] = { 0, 0, 0 };
  cl_int status = CL_SUCCESS;

  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    const size_t region[3] = { gst_cl_video_plane_row_bytes (info, p),
      gst_cl_video_plane_height (info, p), 1 };

    if (skip_planes & (1u << p))
      continue;
    if (in->on_device && out->on_device) {
      gst_cl_commands_count (cmd, GST_CL_TRANSFER_COPY, region[0] * region[1]);
      status = clEnqueueCopyBufferRect (queue, in->planes[p], out->planes[p],
          origin, origin, region, in->strides[p], 0, out->strides[p], 0, 0,
          NULL, NULL);
    } else if (out->on_device) {
      status = clEnqueueWriteBufferRect (queue, out->planes[p], CL_FALSE,
          origin, origin, region, out->strides[p], 0,
          GST_VIDEO_FRAME_PLANE_STRIDE (&in->host, p), 0,
          GST_VIDEO_FRAME_PLANE_DATA (&in->host, p), 0, NULL,
          gst_cl_commands_event (cmd, "upload"));
      gst_cl_commands_count (cmd, GST_CL_TRANSFER_UPLOAD,
          region[0] * region[1]);
    } else if (in->on_device) {
      status = clEnqueueReadBufferRect (queue, in->planes[p], CL_FALSE, origin,
          origin, region, in->strides[p], 0,
          GST_VIDEO_FRAME_PLANE_STRIDE (&out->host, p), 0,
          GST_VIDEO_FRAME_PLANE_DATA (&out->host, p), 0, NULL,
          gst_cl_commands_event (cmd, "download"));
      gst_cl_commands_count (cmd, GST_CL_TRANSFER_DOWNLOAD,
          region[0] * region[1]);
    } else {
      gst_video_frame_copy_plane (&out->host, &in->host, p);
    }
    if (status != CL_SUCCESS)
      break;
  }
  return status;
}

cl_int
gst_cl_frame_copy_unwritten_planes (GstClFramePlan *plan, GstClFrame *in,
    GstClFrame *out)
{
  guint written = 0;

  if (!in->on_device && !out->on_device) {
    gst_cl_frame_plan_copy_unwritten (plan, &in->host, &out->host, FALSE);
    return CL_SUCCESS;
  }
  if (plan->narrow.active)
    return narrow_planes (plan, in, out);
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    written |= 1u << plan->out[c].plane;
  }
  return gst_cl_frame_copy_planes (&plan->cmd, &plan->out_info, in, out,
      written);
}
