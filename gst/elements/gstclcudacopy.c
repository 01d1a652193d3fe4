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
 */
/**
 * clupload's and cldownload's CUDA side; see gstclcudacopy.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcudacopy.h"
#include "gstclcudamemory.h"
#include "gstclframe.h"
#include "gstclvideoplane.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

void
gst_cl_cuda_copy_clear (GstClCudaCopy *copy)
{
  g_clear_pointer (&copy->link, gst_cl_cuda_link_free);
  gst_clear_object (&copy->context);
  copy->unlinkable = FALSE;
}

/* The link for @mem's context and @size, made or remade; NULL where there
 * can be none, which is warned of once and not tried again until the
 * element stops. */
static GstClCudaLink *
ensure_link (GstClBaseFilter *filter, GstClCudaCopy *copy, GstMemory *mem,
    gsize size)
{
  GError *error = NULL;
  CUcontext cuda;

  if (copy->unlinkable)
    return NULL;
  cuda = gst_cl_cuda_memory_context (mem, &error);
  if (cuda && copy->link && gst_cl_cuda_link_fits (copy->link, cuda, size))
    return copy->link;
  g_clear_pointer (&copy->link, gst_cl_cuda_link_free);
  if (cuda)
    copy->link = gst_cl_cuda_link_new (gst_cl_base_filter_get_context (filter),
        cuda, size, &error);
  if (!copy->link) {
    GST_ELEMENT_WARNING (filter, RESOURCE, SETTINGS,
        ("CUDA frames go through system memory."), ("%s", error->message));
    g_clear_error (&error);
    copy->unlinkable = TRUE;
  }
  return copy->link;
}

/* OpenCL's copies of the slot's planes into @outbuf's, after CUDA's, and
 * the slot handed back after them. */
static cl_int
copy_from_slot (GstClBaseFilter *filter, GstClCudaLink *link,
    const GstVideoInfo *info, cl_mem slot, const GstClCudaPlane *planes,
    cl_event ready, GstBuffer *inbuf, GstBuffer *outbuf, GError **error)
{
  const size_t origin[3] = { 0, 0, 0 };
  GstClCommands cmd;
  GstClFrame out;
  cl_int status;

  if (!gst_cl_frame_map (&out, gst_cl_base_filter_get_context (filter), info,
          outbuf, GST_MAP_WRITE))
    return CL_INVALID_MEM_OBJECT;
  status = gst_cl_base_filter_frame_queues (filter, inbuf, FALSE, outbuf,
      out.on_device);
  cmd = gst_cl_base_filter_get_commands (filter);
  for (guint p = 0; status == CL_SUCCESS && p < GST_VIDEO_INFO_N_PLANES (info);
       p++) {
    const size_t from[3] = { planes[p].slot_offset, 0, 0 };
    const size_t region[3] = { planes[p].width, planes[p].height, 1 };

    gst_cl_commands_count (&cmd, GST_CL_TRANSFER_COPY, region[0] * region[1]);
    status = clEnqueueCopyBufferRect (gst_cl_commands_queue (&cmd), slot,
        out.planes[p], from, origin, region, planes[p].slot_pitch, 0,
        out.strides[p], 0, 1, &ready, NULL);
  }
  gst_cl_frame_unmap (&out);
  /* Handed back even after a failure: what was queued still runs. */
  if (!gst_cl_cuda_link_release (link, gst_cl_commands_queue (&cmd),
          status == CL_SUCCESS ? error : NULL) &&
      status == CL_SUCCESS)
    status = CL_OUT_OF_RESOURCES;
  return status;
}

/* A frame's result; on failure @error (taken), or else @status, posted as
 * the element's error. */
static GstFlowReturn
frame_result (GstClBaseFilter *filter, cl_int status, GError *error,
    const gchar *direction)
{
  if (error) {
    gst_cl_base_filter_post_error (filter, error);
    g_error_free (error);
    return GST_FLOW_ERROR;
  }
  if (status == CL_SUCCESS)
    return GST_FLOW_OK;
  GST_ELEMENT_ERROR (filter, RESOURCE, FAILED,
      ("Copying a frame %s CUDA memory failed.", direction),
      ("%s (%d)", gst_cl_strerror (status), status));
  return GST_FLOW_ERROR;
}

/* The planes of @buf's CUDA memory, laid out one after the other in a
 * slot; FALSE where the memory does not hold the frame @info describes,
 * or no link can be made for it. */
static gboolean
cuda_planes (GstClBaseFilter *filter, GstClCudaCopy *copy,
    const GstVideoInfo *info, GstBuffer *buf, GstMapFlags flags,
    GstClCudaPlane *planes, GstFlowReturn *ret)
{
  GstMemory *mem = gst_buffer_peek_memory (buf, 0);
  const GstVideoInfo *dev = gst_cl_cuda_memory_info (mem);
  gsize size = 0;
  GstMapInfo map;

  if (gst_buffer_n_memory (buf) != 1 ||
      GST_VIDEO_INFO_FORMAT (dev) != GST_VIDEO_INFO_FORMAT (info) ||
      GST_VIDEO_INFO_WIDTH (dev) != GST_VIDEO_INFO_WIDTH (info) ||
      GST_VIDEO_INFO_HEIGHT (dev) != GST_VIDEO_INFO_HEIGHT (info))
    return FALSE;
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    planes[p].pitch = GST_VIDEO_INFO_PLANE_STRIDE (dev, p);
    planes[p].width = gst_cl_video_plane_row_bytes (info, p);
    planes[p].height = gst_cl_video_plane_height (info, p);
    planes[p].slot_offset = size;
    planes[p].slot_pitch = planes[p].width;
    size += planes[p].width * planes[p].height;
  }
  if (!ensure_link (filter, copy, mem, size))
    return FALSE;
  /* The pointer stays valid after the unmap while @buf is held, which
   * the link (upload) or the stream (download) does until CUDA's copy is
   * done. */
  if (!gst_memory_map (mem, &map, flags | GST_CL_MAP_CUDA)) {
    GST_ELEMENT_ERROR (filter, STREAM, FAILED, ("Could not map a frame."),
        ("CUDA memory %p", mem));
    *ret = GST_FLOW_ERROR;
    return FALSE;
  }
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++)
    planes[p].device = (CUdeviceptr)map.data +
                       GST_VIDEO_INFO_PLANE_OFFSET (dev, p);
  gst_memory_unmap (mem, &map);
  return TRUE;
}

gboolean
gst_cl_cuda_copy_upload (GstClBaseFilter *filter, GstClCudaCopy *copy,
    const GstVideoInfo *info, GstBuffer *inbuf, GstBuffer *outbuf,
    GstFlowReturn *ret)
{
  GstClCudaPlane planes[GST_VIDEO_MAX_PLANES];
  GError *error = NULL;
  cl_event ready;
  cl_mem slot;
  cl_int status;

  *ret = GST_FLOW_OK;
  if (!cuda_planes (filter, copy, info, inbuf, GST_MAP_READ, planes, ret))
    return *ret != GST_FLOW_OK;
  slot = gst_cl_cuda_link_to_cl (copy->link, planes,
      GST_VIDEO_INFO_N_PLANES (info), inbuf, &ready, &error);
  status = slot ? copy_from_slot (filter, copy->link, info, slot, planes, ready,
                      inbuf, outbuf, &error)
                : CL_OUT_OF_RESOURCES;
  *ret = frame_result (filter, status, error, "from");
  return TRUE;
}

/* OpenCL's copies of @inbuf's planes into the slot; from host memory (an
 * upstream that gave no device memory) they finish before the input goes
 * back. */
static cl_int
copy_to_slot (GstClBaseFilter *filter, const GstVideoInfo *info, cl_mem slot,
    const GstClCudaPlane *planes, GstBuffer *inbuf, GstBuffer *outbuf,
    cl_command_queue *queue)
{
  const size_t origin[3] = { 0, 0, 0 };
  GstClCommands cmd;
  GstClFrame in;
  cl_int status;

  if (!gst_cl_frame_map (&in, gst_cl_base_filter_get_context (filter), info,
          inbuf, GST_MAP_READ))
    return CL_INVALID_MEM_OBJECT;
  status = gst_cl_base_filter_frame_queues (filter, inbuf, in.on_device, outbuf,
      FALSE);
  cmd = gst_cl_base_filter_get_commands (filter);
  *queue = gst_cl_commands_queue (&cmd);
  for (guint p = 0; status == CL_SUCCESS && p < GST_VIDEO_INFO_N_PLANES (info);
       p++) {
    const size_t to[3] = { planes[p].slot_offset, 0, 0 };
    const size_t region[3] = { planes[p].width, planes[p].height, 1 };

    if (in.on_device) {
      gst_cl_commands_count (&cmd, GST_CL_TRANSFER_COPY, region[0] * region[1]);
      status = clEnqueueCopyBufferRect (*queue, in.planes[p], slot, origin, to,
          region, in.strides[p], 0, planes[p].slot_pitch, 0, 0, NULL, NULL);
    } else {
      gst_cl_commands_count (&cmd, GST_CL_TRANSFER_UPLOAD,
          region[0] * region[1]);
      status = clEnqueueWriteBufferRect (*queue, slot, CL_TRUE, to, origin,
          region, planes[p].slot_pitch, 0,
          GST_VIDEO_FRAME_PLANE_STRIDE (&in.host, p), 0,
          GST_VIDEO_FRAME_PLANE_DATA (&in.host, p), 0, NULL, NULL);
    }
  }
  gst_cl_frame_unmap (&in);
  return status;
}

gboolean
gst_cl_cuda_copy_download (GstClBaseFilter *filter, GstClCudaCopy *copy,
    const GstVideoInfo *info, GstBuffer *inbuf, GstBuffer *outbuf,
    GstFlowReturn *ret)
{
  GstClCudaPlane planes[GST_VIDEO_MAX_PLANES];
  cl_command_queue queue = NULL;
  GError *error = NULL;
  cl_mem slot;
  cl_int status;

  *ret = GST_FLOW_OK;
  if (!cuda_planes (filter, copy, info, outbuf, GST_MAP_WRITE, planes, ret))
    return *ret != GST_FLOW_OK;
  slot = gst_cl_cuda_link_begin_from_cl (copy->link);
  status = copy_to_slot (filter, info, slot, planes, inbuf, outbuf, &queue);
  /* Handed on even after a failure: what was queued still runs. */
  if (queue &&
      !gst_cl_cuda_link_from_cl (copy->link, queue, planes,
          GST_VIDEO_INFO_N_PLANES (info),
          status == CL_SUCCESS ? &error : NULL) &&
      status == CL_SUCCESS)
    status = CL_OUT_OF_RESOURCES;
  *ret = frame_result (filter, status, error, "to");
  return TRUE;
}

void
gst_cl_cuda_copy_set_context (GstElement *element, GstClCudaCopy *copy,
    GstContext *context)
{
  const GstClGstCuda *cuda = gst_cl_gst_cuda_get ();

  if (cuda)
    cuda->handle_set_context (element, context, -1, &copy->context);
}

gboolean
gst_cl_cuda_copy_query (GstElement *element, GstClCudaCopy *copy,
    GstQuery *query)
{
  const GstClGstCuda *cuda = gst_cl_gst_cuda_get ();

  return cuda && copy->context &&
         cuda->handle_context_query (element, query, copy->context);
}

gboolean
gst_cl_cuda_copy_decide_allocation (GstClBaseFilter *filter,
    GstClCudaCopy *copy, GstQuery *query)
{
  const GstClGstCuda *cuda = gst_cl_gst_cuda_get ();
  GstCaps *caps = NULL;
  GstStructure *config;
  GstBufferPool *pool;
  GstVideoInfo info;
  guint size;

  gst_query_parse_allocation (query, &caps, NULL);
  if (!caps || !gst_video_info_from_caps (&info, caps))
    return FALSE;
  /* The CUDA device that is the OpenCL device's GPU, so that frames cross
   * on it; any other still works, through system memory. */
  if (!cuda ||
      !cuda->ensure_element_context (GST_ELEMENT (filter),
          gst_cl_cuda_device_for (gst_cl_base_filter_get_context (filter)),
          &copy->context)) {
    GST_ELEMENT_ERROR (filter, RESOURCE, NOT_FOUND,
        ("No CUDA context for frames in CUDA memory."),
        ("GStreamer's CUDA library %s",
            cuda ? "found no CUDA device" : "(libgstcuda-1.0) is missing"));
    return FALSE;
  }
  pool = cuda->buffer_pool_new (copy->context);
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_set_params (config, caps, info.size, 0, 0);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (!gst_buffer_pool_set_config (pool, config)) {
    gst_object_unref (pool);
    return FALSE;
  }
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_get_params (config, NULL, &size, NULL, NULL);
  gst_structure_free (config);
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, size, 0, 0);
  else
    gst_query_add_allocation_pool (query, pool, size, 0, 0);
  gst_object_unref (pool);
  return TRUE;
}
