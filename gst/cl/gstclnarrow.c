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
 * The planes of YUV of more bits narrowed to bytes for its 8-bit sibling;
 * see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclnarrow.h"
#include "gstclkerneltable.h"
#include "gstclutils.h"
#include "gstclvideoplane.h"
#include "clkernels.h"
#include "kernels/clshared.h"

#include <string.h>

/* The 8-bit format of the same layout, or GST_VIDEO_FORMAT_UNKNOWN. */
static GstVideoFormat
sibling (GstVideoFormat in)
{
  switch (in) {
    case GST_VIDEO_FORMAT_P010_10LE:
    case GST_VIDEO_FORMAT_P012_LE:
    case GST_VIDEO_FORMAT_P016_LE:
      return GST_VIDEO_FORMAT_NV12;
    case GST_VIDEO_FORMAT_I420_10LE:
    case GST_VIDEO_FORMAT_I420_12LE:
      return GST_VIDEO_FORMAT_I420;
    case GST_VIDEO_FORMAT_I422_10LE:
      return GST_VIDEO_FORMAT_Y42B;
    case GST_VIDEO_FORMAT_Y444_10LE:
    case GST_VIDEO_FORMAT_Y444_16LE:
      return GST_VIDEO_FORMAT_Y444;
    default:
      return GST_VIDEO_FORMAT_UNKNOWN;
  }
}

gboolean
gst_cl_narrow_formats (GstVideoFormat in, GstVideoFormat out)
{
  return out != GST_VIDEO_FORMAT_UNKNOWN && sibling (in) == out;
}

void
gst_cl_narrow_clear (GstClNarrow *n)
{
  for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++) {
    gst_cl_clear_mem (&n->in_staging[p]);
    gst_cl_clear_mem (&n->out_staging[p]);
  }
  gst_cl_clear_kernel (&n->kernel);
  memset (n, 0, sizeof (*n));
}

static gboolean
create_kernel (GstClNarrow *n, GstClContext *cl, GError **error)
{
  cl_program program = gst_cl_context_get_program (cl, "frame",
      gst_cl_kernel_frame, FALSE, error);

  if (!program) {
    g_prefix_error (error,
        "Could not build the OpenCL program \"frame\" for \"%s\".\n",
        cl->device_name);
    return FALSE;
  }
  /* The kernel holds its program. */
  n->kernel = gst_cl_kernel_table_create (cl, program, GST_CL_STAGE_NARROW,
      GST_CL_DEPTHS_16_8, error);
  clReleaseProgram (program);
  return n->kernel != NULL;
}

gboolean
gst_cl_narrow_init (GstClNarrow *n, GstClContext *cl,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, guint written,
    GError **error)
{
  const guint depth = GST_VIDEO_INFO_COMP_DEPTH (in_info, 1);

  gst_cl_narrow_clear (n);
  if (!gst_cl_narrow_formats (GST_VIDEO_INFO_FORMAT (in_info),
          GST_VIDEO_INFO_FORMAT (out_info)))
    return TRUE;
  n->active = TRUE;
  n->shift = GST_VIDEO_FORMAT_INFO_SHIFT (in_info->finfo, 1);
  n->mask = (1u << depth) - 1;
  n->down = depth - 8;
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (out_info); p++) {
    if (written & (1u << p))
      continue;
    n->planes |= 1u << p;
    n->row_bytes[p] = gst_cl_video_plane_row_bytes (out_info, p);
    n->height[p] = gst_cl_video_plane_height (out_info, p);
    n->in_pitch[p] = GST_ROUND_UP_N (n->row_bytes[p] * 2, GST_CL_PLANE_ALIGN);
    n->out_pitch[p] = GST_ROUND_UP_N (n->row_bytes[p], GST_CL_PLANE_ALIGN);
  }
  return create_kernel (n, cl, error);
}

void
gst_cl_narrow_host_plane (const GstClNarrow *n, const GstVideoFrame *in,
    GstVideoFrame *out, guint p)
{
  const guint8 *src = GST_VIDEO_FRAME_PLANE_DATA (in, p);
  guint8 *dst = GST_VIDEO_FRAME_PLANE_DATA (out, p);
  const gsize sstride = GST_VIDEO_FRAME_PLANE_STRIDE (in, p);
  const gsize dstride = GST_VIDEO_FRAME_PLANE_STRIDE (out, p);

  for (guint y = 0; y < n->height[p]; y++) {
    const guint8 *s = src + y * sstride;
    guint8 *d = dst + y * dstride;

    for (gsize x = 0; x < n->row_bytes[p]; x++)
      d[x] = ((GST_READ_UINT16_LE (s + 2 * x) >> n->shift) & n->mask) >>
             n->down;
  }
}

/* A staging buffer of @bytes for plane @p, allocated the first time. */
static cl_mem
staging (GstClContext *cl, cl_mem *mem, gsize bytes, cl_int *status)
{
  if (!*mem)
    *mem = gst_cl_context_alloc (cl, bytes, NULL);
  if (!*mem)
    *status = CL_MEM_OBJECT_ALLOCATION_FAILURE;
  return *mem;
}

static cl_int
enqueue_kernel (GstClNarrow *n, const GstClCommands *cmd, guint p, cl_mem src,
    cl_uint spitch, cl_mem dst, cl_uint dpitch)
{
  const cl_uint width = n->row_bytes[p], height = n->height[p];
  const size_t local[2] = { 64, 1 };
  const size_t global[2] = { GST_ROUND_UP_N (width, 64), height };
  GstClArgs args = GST_CL_ARGS_INIT (n->kernel);

  GST_CL_ARG (&args, src);
  GST_CL_ARG (&args, spitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, dst);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, n->shift);
  GST_CL_ARG (&args, n->mask);
  GST_CL_ARG (&args, n->down);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_commands_kernel (cmd, n->kernel, 2, global,
      width >= 64 ? local : NULL);
}

cl_int
gst_cl_narrow_device_plane (GstClNarrow *n, const GstClCommands *cmd, guint p,
    cl_mem in_mem, gsize in_pitch, const GstVideoFrame *in, cl_mem out_mem,
    gsize out_pitch, GstVideoFrame *out)
{
  GstClContext *cl = cmd->cl;
  const gboolean to_host = out_mem == NULL;
  const size_t origin[3] = { 0, 0, 0 };
  const size_t in_region[3] = { n->row_bytes[p] * 2, n->height[p], 1 };
  const size_t out_region[3] = { n->row_bytes[p], n->height[p], 1 };
  cl_int status = CL_SUCCESS;

  if (!in_mem) {
    in_mem = staging (cl, &n->in_staging[p], n->in_pitch[p] * n->height[p],
        &status);
    in_pitch = n->in_pitch[p];
    if (status == CL_SUCCESS)
      status = clEnqueueWriteBufferRect (gst_cl_commands_queue (cmd), in_mem,
          CL_FALSE, origin, origin, in_region, in_pitch, 0,
          GST_VIDEO_FRAME_PLANE_STRIDE (in, p), 0,
          GST_VIDEO_FRAME_PLANE_DATA (in, p), 0, NULL, NULL);
    gst_cl_commands_count (cmd, GST_CL_TRANSFER_UPLOAD,
        in_region[0] * in_region[1]);
  }
  if (status == CL_SUCCESS && to_host) {
    out_mem = staging (cl, &n->out_staging[p], n->out_pitch[p] * n->height[p],
        &status);
    out_pitch = n->out_pitch[p];
  }
  if (status == CL_SUCCESS)
    status = enqueue_kernel (n, cmd, p, in_mem, in_pitch, out_mem, out_pitch);
  if (status == CL_SUCCESS && to_host) {
    status = clEnqueueReadBufferRect (gst_cl_commands_queue (cmd), out_mem,
        CL_FALSE, origin, origin, out_region, out_pitch, 0,
        GST_VIDEO_FRAME_PLANE_STRIDE (out, p), 0,
        GST_VIDEO_FRAME_PLANE_DATA (out, p), 0, NULL, NULL);
    gst_cl_commands_count (cmd, GST_CL_TRANSFER_DOWNLOAD,
        out_region[0] * out_region[1]);
  }
  return status;
}
