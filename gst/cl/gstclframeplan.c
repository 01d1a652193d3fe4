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
 * Frames to and from the device, one component at a time, and the checks
 * that a buffer holds what its caps say; see gstclframe.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclframeplan.h"
#include "gstclkerneltable.h"
#include "gstclutils.h"
#include "gstclcolor.h"
#include "gstclhostcopy.h"
#include "gstclvideoplane.h"
#include "gstclhostmemory.h"
#include "clkernels.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

static void
component_describe (GstClComponent *comp, const GstVideoInfo *info, guint c,
    guint space)
{
  if (gst_cl_color_is_rgb (info)) {
    comp->rgb = TRUE;
    comp->rgb_offsets = gst_cl_color_rgb_offsets (info);
    comp->space = space;
  }
  comp->channels = comp->rgb && space == GST_CL_COLOR_RGB ? GST_CL_RGB_CHANNELS
                                                          : 1;
  comp->plane = GST_VIDEO_INFO_COMP_PLANE (info, c);
  comp->offset = gst_cl_video_comp_offset (info, c);
  comp->pstride = GST_VIDEO_INFO_COMP_PSTRIDE (info, c);
  comp->depth = GST_VIDEO_INFO_COMP_DEPTH (info, c);
  comp->bps = (comp->depth + 7) / 8;
  comp->shift = GST_VIDEO_FORMAT_INFO_SHIFT (info->finfo, c);
  comp->width = GST_VIDEO_INFO_COMP_WIDTH (info, c);
  comp->height = GST_VIDEO_INFO_COMP_HEIGHT (info, c);
  /* Words that hold more than the value go through the kernels too, so
   * that the elements see values only. */
  comp->packed = comp->pstride != comp->bps || comp->rgb || comp->shift != 0 ||
                 comp->depth != comp->bps * 8;
  comp->dev.row_bytes = (gsize)comp->width * comp->bps;
  comp->dev.height = comp->height;
  comp->dev.pitch = GST_ROUND_UP_N (comp->dev.row_bytes, GST_CL_PLANE_ALIGN);
  if (comp->packed) {
    comp->staging_row_bytes = gst_cl_video_plane_row_bytes (info, comp->plane);
    comp->staging_pitch = GST_ROUND_UP_N (comp->staging_row_bytes,
        GST_CL_PLANE_ALIGN);
  }
}

void
gst_cl_frame_plan_clear (GstClFramePlan *plan)
{
  for (guint c = 0; c < GST_VIDEO_MAX_COMPONENTS; c++) {
    gst_cl_clear_mem (&plan->in[c].wrapped);
    gst_cl_clear_mem (&plan->out[c].wrapped);
    gst_cl_clear_mem (&plan->in[c].dev.mem);
    gst_cl_clear_mem (&plan->in[c].staging);
    gst_cl_clear_mem (&plan->out[c].dev.mem);
    gst_cl_clear_mem (&plan->out[c].staging);
    for (guint k = 0; k < GST_CL_RGB_CHANNELS; k++) {
      gst_cl_clear_mem (&plan->in[c].channel[k]);
      gst_cl_clear_mem (&plan->out[c].channel[k]);
    }
  }
  gst_cl_clear_kernel (&plan->unpack);
  gst_cl_clear_kernel (&plan->pack);
  gst_cl_clear_kernel (&plan->unpack16);
  gst_cl_clear_kernel (&plan->pack16);
  gst_cl_narrow_clear (&plan->narrow);
  gst_cl_clear_program (&plan->program);
  memset (plan, 0, sizeof (*plan));
}

guint
gst_cl_frame_plan_channels (const GstClFramePlan *plan)
{
  return MAX (plan->in[0].channels, 1);
}

void
gst_cl_frame_plan_device_planes (const GstClComponent *comps, guint c,
    GstClPlane *planes)
{
  const GstClComponent *comp = &comps[c];

  planes[c] = comp->dev;
  for (guint k = 0; comp->channels > 1 && k < comp->channels; k++) {
    planes[c + k] = comp->dev;
    planes[c + k].mem = comp->channel[k];
  }
}

/* The unpack and pack kernels of @unpack_stage and @pack_stage for
 * components of @depths. */
static gboolean
create_pack_pair (GstClFramePlan *plan, GstClStage unpack_stage,
    GstClStage pack_stage, GstClDepths depths, cl_kernel *unpack,
    cl_kernel *pack, GError **error)
{
  GstClContext *cl = plan->cmd.cl;

  *unpack = gst_cl_kernel_table_create (cl, plan->program, unpack_stage, depths,
      error);
  *pack = *unpack ? gst_cl_kernel_table_create (cl, plan->program, pack_stage,
                        depths, error)
                  : NULL;
  return *pack != NULL;
}

/* The kernels that move packed components, from their own small program,
 * built only for streams that have such components: YUY2's luma, or the
 * channel of RGB's @rgb (NULL for none), whose layout and space the program
 * is built for; @sizes has bit 0 set for components of bytes, bit 1 for
 * components of 16-bit words (P010's luma). */
static gboolean
create_pack_kernels (GstClFramePlan *plan, guint sizes,
    const GstClComponent *rgb, gboolean rgb_in, gboolean rgb_out,
    GError **error)
{
  GstClContext *cl = plan->cmd.cl;
  gchar *defines = rgb ? g_strdup_printf ("-DGST_CL_RGB_SPACE=%u "
                                          "-DGST_CL_RGB_PSTRIDE=%u "
                                          "-DGST_CL_RGB_OFFSETS=%u",
                             rgb->space, rgb->pstride, rgb->rgb_offsets)
                       : NULL;

  plan->program = gst_cl_context_get_program_with (cl, "frame",
      gst_cl_kernel_frame, FALSE, defines, error);
  g_free (defines);
  if (!plan->program) {
    g_prefix_error (error,
        "Could not build the OpenCL program \"frame\" for \"%s\".\n",
        cl->device_name);
    return FALSE;
  }
  if ((sizes & 1) && !create_pack_pair (plan,
                         rgb_in ? GST_CL_STAGE_UNPACK_RGB : GST_CL_STAGE_UNPACK,
                         rgb_out ? GST_CL_STAGE_PACK_RGB : GST_CL_STAGE_PACK,
                         GST_CL_DEPTHS_8, &plan->unpack, &plan->pack, error))
    return FALSE;
  return !(sizes & 2) ||
         create_pack_pair (plan, GST_CL_STAGE_UNPACK, GST_CL_STAGE_PACK,
             GST_CL_DEPTHS_16, &plan->unpack16, &plan->pack16, error);
}

/* @comp's channels, each a sub-buffer of @comp->dev.mem, at offsets the
 * device's alignment of buffers allows. */
static gboolean
channels_alloc (GstClContext *cl, GstClComponent *comp, GError **error)
{
  cl_uint align_bits = 8;
  cl_int status = CL_SUCCESS;

  clGetDeviceInfo (cl->id.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
      sizeof (align_bits), &align_bits, NULL);
  comp->channel_bytes = GST_ROUND_UP_N (comp->dev.pitch * comp->height,
      MAX (align_bits / 8, 1));
  comp->dev.mem = gst_cl_context_alloc (cl,
      comp->channel_bytes * comp->channels, error);
  for (guint k = 0; comp->dev.mem && k < comp->channels; k++) {
    const cl_buffer_region region = { k * comp->channel_bytes,
      comp->channel_bytes };

    comp->channel[k] = clCreateSubBuffer (comp->dev.mem, 0,
        CL_BUFFER_CREATE_TYPE_REGION, &region, &status);
    if (status != CL_SUCCESS) {
      g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
          "Could not make the RGB channels' planes on \"%s\".\n"
          "clCreateSubBuffer failed (%d)",
          cl->device_name, status);
      return FALSE;
    }
  }
  return comp->dev.mem != NULL;
}

/* Describes component @c of frames of @info in @comp, and allocates its
 * device plane and, packed, its staging copy of the frame's plane. */
static gboolean
component_alloc (GstClContext *cl, GstClComponent *comp,
    const GstVideoInfo *info, guint c, guint space, GError **error)
{
  component_describe (comp, info, c, space);
  if (comp->packed && comp->bps > 2) {
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_NOT_IMPLEMENTED,
        "%s frames are not supported.\n"
        "component %u: packed samples of %u bytes",
        GST_VIDEO_INFO_NAME (info), c, comp->bps);
    return FALSE;
  }
  if (comp->channels > 1) {
    if (!channels_alloc (cl, comp, error))
      return FALSE;
  } else {
    comp->dev.mem = gst_cl_context_alloc (cl, comp->dev.pitch * comp->height,
        error);
  }
  if (comp->dev.mem && comp->packed)
    comp->staging = gst_cl_context_alloc (cl,
        comp->staging_pitch * comp->height, error);
  return comp->dev.mem && (!comp->packed || comp->staging);
}

gboolean
gst_cl_frame_plan_init (GstClFramePlan *plan, const GstClCommands *cmd,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, guint in_mask,
    guint out_mask, gboolean in_place, guint space, GError **error)
{
  gboolean rgb_in = FALSE, rgb_out = FALSE;
  const GstClComponent *rgb = NULL;
  guint packed = 0, written = 0;

  gst_cl_frame_plan_clear (plan);
  plan->cmd = *cmd;
  plan->in_info = *in_info;
  plan->out_info = *out_info;
  plan->in_mask = in_mask;
  plan->out_mask = out_mask;
  plan->in_place = in_place;

  GST_CL_FOREACH_COMPONENT (in_mask, c)
  {
    if (!component_alloc (cmd->cl, &plan->in[c], in_info, c, space, error))
      goto failed;
    if (plan->in[c].packed)
      packed |= plan->in[c].bps;
    rgb_in |= plan->in[c].rgb;
    if (plan->in[c].rgb)
      rgb = &plan->in[c];
  }
  GST_CL_FOREACH_COMPONENT (out_mask, c)
  {
    if (!component_alloc (cmd->cl, &plan->out[c], out_info, c, space, error))
      goto failed;
    rgb_out |= plan->out[c].rgb;
    if (plan->out[c].rgb)
      rgb = &plan->out[c];
    /* The plane's other components come from the input frame's staging
     * copy, which only in place has the output's layout. */
    if (plan->out[c].packed && (!in_place || !(in_mask & (1u << c)))) {
      g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_NOT_IMPLEMENTED,
          "%s output is not supported here.\n"
          "component %u is packed, and the output is not the input",
          GST_VIDEO_INFO_NAME (out_info), c);
      goto failed;
    }
    if (plan->out[c].packed)
      packed |= plan->out[c].bps;
  }
  if (packed &&
      !create_pack_kernels (plan, packed, rgb, rgb_in, rgb_out, error))
    goto failed;
  GST_CL_FOREACH_COMPONENT (out_mask, c)
  {
    written |= 1u << plan->out[c].plane;
  }
  if (in_place)
    plan->keeps_planes = written !=
                         (1u << GST_VIDEO_INFO_N_PLANES (out_info)) - 1;
  else if (!gst_cl_narrow_init (&plan->narrow, cmd->cl, in_info, out_info,
               written, error))
    goto failed;
  return TRUE;

failed:
  gst_cl_frame_plan_clear (plan);
  return FALSE;
}

/* The arguments of the kernels that move packed components between
 * @packed, rows @packed_pitch bytes apart, and @comp's device plane; for
 * 16-bit words the value's shift and mask; pack_rgb reads the pixels of
 * @source. */
static cl_int
pack_args (cl_kernel k, const GstClComponent *comp, cl_mem packed,
    gsize packed_pitch, cl_mem source)
{
  const cl_uint shift = comp->shift;
  const cl_uint mask = (1u << comp->depth) - 1;
  const cl_uint ppitch = packed_pitch;
  const cl_uint offset = comp->rgb ? comp->rgb_offsets : comp->offset;
  const cl_uint pstride = comp->pstride, width = comp->width;
  const cl_uint height = comp->height, pitch = comp->dev.pitch;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, packed);
  GST_CL_ARG (&args, ppitch);
  GST_CL_ARG (&args, offset);
  GST_CL_ARG (&args, pstride);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, comp->dev.mem);
  GST_CL_ARG (&args, pitch);
  if (comp->bps == 2) {
    GST_CL_ARG (&args, shift);
    GST_CL_ARG (&args, mask);
  }
  if (comp->rgb) {
    const cl_uint channel_bytes = comp->channel_bytes;

    GST_CL_ARG (&args, comp->space);
    GST_CL_ARG (&args, channel_bytes);
  }
  if (source)
    GST_CL_ARG (&args, source);
  return gst_cl_args_end (&args);
}

/* Queues @k, plan->unpack or plan->pack, over @comp's samples, between
 * @packed and the device plane. */
static cl_int
enqueue_packed (GstClFramePlan *plan, cl_kernel k, const GstClComponent *comp,
    cl_mem packed, gsize packed_pitch, cl_mem source)
{
  const guint per_item = comp->rgb        ? GST_CL_RGB_PIXELS
                         : comp->bps == 2 ? GST_CL_U16_SAMPLES
                                          : 1;
  const guint items = (comp->width + per_item - 1) / per_item;
  /* Groups of several rows: a group of one row's 64 items does too little
   * for the device's cost of starting it. */
  const size_t local[2] = { 64, GST_CL_PACK_GROUP_ROWS };
  const size_t global[2] = { GST_ROUND_UP_N (items, 64),
    GST_ROUND_UP_N (comp->height, GST_CL_PACK_GROUP_ROWS) };

  if (pack_args (k, comp, packed, packed_pitch, source) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  /* The CPU's RGB kernels: a few bands of rows per core, each one
   * work-item. */
  if (comp->rgb && gst_cl_context_use_cpu_kernels (plan->cmd.cl)) {
    const size_t bands[1] = { MIN (comp->height,
        MAX (1, plan->cmd.cl->compute_units) * 4) };
    const size_t one[1] = { 1 };

    return gst_cl_commands_kernel (&plan->cmd, k, 1, bands, one);
  }
  if (items < 64) {
    const size_t rows[2] = { items, comp->height };

    return gst_cl_commands_kernel (&plan->cmd, k, 2, rows, NULL);
  }
  return gst_cl_commands_kernel (&plan->cmd, k, 2, global, local);
}

/* The same between @comp's staging copy and its device plane. */
static cl_int
enqueue_pack_kernel (GstClFramePlan *plan, cl_kernel k,
    const GstClComponent *comp, cl_mem source)
{
  return enqueue_packed (plan, k, comp, comp->staging, comp->staging_pitch,
      source);
}

cl_int
gst_cl_frame_plan_unpack (GstClFramePlan *plan, guint c)
{
  const GstClComponent *comp = &plan->in[c];

  return enqueue_pack_kernel (plan,
      comp->bps == 2 ? plan->unpack16 : plan->unpack, comp, NULL);
}

cl_int
gst_cl_frame_plan_pack (GstClFramePlan *plan, guint c)
{
  const GstClComponent *comp = &plan->out[c];
  const gsize bytes = comp->staging_pitch * comp->height;
  cl_int status;

  /* pack_rgb writes whole pixels from the input's staging copy. */
  if (comp->rgb)
    return enqueue_pack_kernel (plan, plan->pack, comp, plan->in[c].staging);
  /* The plane's other components, from the input's staging copy. */
  status = clEnqueueCopyBuffer (gst_cl_commands_queue (&plan->cmd),
      plan->in[c].staging, comp->staging, 0, 0, bytes, 0, NULL, NULL);
  gst_cl_commands_count (&plan->cmd, GST_CL_TRANSFER_COPY, bytes);
  if (status == CL_SUCCESS)
    status = enqueue_pack_kernel (plan,
        comp->bps == 2 ? plan->pack16 : plan->pack, comp, NULL);
  return status;
}

/* The device side of a component's copy to or from the host: its device
 * plane, or for a packed component the staging buffer, which holds the
 * frame's whole plane from its first byte (kernels move the component
 * between it and the device plane). @host_offset is where the copy starts
 * in the frame's plane. */
typedef struct {
  cl_mem mem;
  size_t pitch;
  size_t region[3];
  gsize host_offset;
} PlaneCopy;

static void
plane_copy_of (const GstClComponent *comp, PlaneCopy *t)
{
  t->mem = comp->packed ? comp->staging : comp->dev.mem;
  t->pitch = comp->packed ? comp->staging_pitch : comp->dev.pitch;
  t->region[0] = comp->packed ? comp->staging_row_bytes : comp->dev.row_bytes;
  t->region[1] = comp->height;
  t->region[2] = 1;
  t->host_offset = comp->packed ? 0 : comp->offset;
}

cl_int
gst_cl_frame_plan_upload (GstClFramePlan *plan, GstVideoFrame *in)
{
  const size_t origin[3] = { 0, 0, 0 };
  cl_int status = CL_SUCCESS;

  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    const GstClComponent *comp = &plan->in[c];
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (in, comp->plane);
    const gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (in, comp->plane);
    cl_event *event = gst_cl_commands_event (&plan->cmd, "upload");
    PlaneCopy t;

    plane_copy_of (comp, &t);
    status = clEnqueueWriteBufferRect (gst_cl_commands_queue (&plan->cmd),
        t.mem, CL_FALSE, origin, origin, t.region, t.pitch, 0, stride, 0,
        data + t.host_offset, 0, NULL, event);
    gst_cl_commands_count (&plan->cmd, GST_CL_TRANSFER_UPLOAD,
        t.region[0] * t.region[1]);
    if (status == CL_SUCCESS && comp->packed)
      status = gst_cl_frame_plan_unpack (plan, c);
    if (status != CL_SUCCESS)
      break;
  }
  return status;
}

cl_int
gst_cl_frame_plan_download (GstClFramePlan *plan, GstVideoFrame *out,
    cl_event *done)
{
  cl_command_queue queue = done ? gst_cl_commands_download_queue (&plan->cmd)
                                : gst_cl_commands_queue (&plan->cmd);
  const size_t origin[3] = { 0, 0, 0 };
  cl_event ready = NULL;
  cl_int status = CL_SUCCESS;

  /* Packing is a kernel, on the frame's queue before the copies. */
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    if (plan->out[c].packed && status == CL_SUCCESS)
      status = gst_cl_frame_plan_pack (plan, c);
  }
  if (status == CL_SUCCESS && done)
    status = clEnqueueMarkerWithWaitList (gst_cl_commands_queue (&plan->cmd), 0,
        NULL, &ready);
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    const GstClComponent *comp = &plan->out[c];
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (out, comp->plane);
    const gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (out, comp->plane);
    PlaneCopy t;
    cl_event *event;

    if (status != CL_SUCCESS)
      break;
    /* The queue is in order: the last copy's end is the download's. */
    if (done) {
      if (*done)
        clReleaseEvent (*done);
      *done = NULL;
      event = done;
    } else {
      event = gst_cl_commands_event (&plan->cmd, "download");
    }
    plane_copy_of (comp, &t);
    status = clEnqueueReadBufferRect (queue, t.mem, CL_FALSE, origin, origin,
        t.region, t.pitch, 0, stride, 0, data + t.host_offset, ready ? 1 : 0,
        ready ? &ready : NULL, event);
    gst_cl_commands_count (&plan->cmd, GST_CL_TRANSFER_DOWNLOAD,
        t.region[0] * t.region[1]);
  }
  if (status != CL_SUCCESS && done && *done) {
    clReleaseEvent (*done);
    *done = NULL;
  }
  if (ready)
    clReleaseEvent (ready);
  return status;
}

gboolean
gst_cl_frame_plan_pixels (const GstClFramePlan *plan, guint *space,
    guint *pstride, guint *offsets)
{
  const GstClComponent *in = &plan->in[0], *out = &plan->out[0];

  if (!(plan->in_mask & plan->out_mask & 1) || !in->rgb || !out->rgb ||
      in->channels != 1)
    return FALSE;
  *space = in->space;
  *pstride = in->pstride;
  *offsets = in->rgb_offsets;
  return TRUE;
}

gboolean
gst_cl_frame_plan_can_wrap (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out)
{
  GstClContext *cl = plan->cmd.cl;

  /* Kernels on host memory share it only on a CPU device; a GPU running the
   * CPU kernels (GST_CL_KERNEL_PATH=cpu) gets device planes too. */
  if (!gst_cl_context_use_cpu_kernels (cl) ||
      !(cl->device_type & CL_DEVICE_TYPE_CPU))
    return FALSE;
  /* RGB's kernels take pixels at any address, and pack_rgb reads the
   * input's rows and writes the output's at one stride. */
  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    if ((plan->in[c].packed && !plan->in[c].rgb) ||
        GST_VIDEO_FRAME_PLANE_STRIDE (in, plan->in[c].plane) % plan->in[c].bps)
      return FALSE;
  }
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    if ((plan->out[c].packed && !plan->out[c].rgb) ||
        GST_VIDEO_FRAME_PLANE_STRIDE (out, plan->out[c].plane) %
            plan->out[c].bps)
      return FALSE;
    if (plan->out[c].rgb &&
        (!(plan->in_mask & (1u << c)) ||
            GST_VIDEO_FRAME_PLANE_STRIDE (out, plan->out[c].plane) !=
                GST_VIDEO_FRAME_PLANE_STRIDE (in, plan->in[c].plane)))
      return FALSE;
  }
  return TRUE;
}

/* The OpenCL buffer on @frame's memory for @comp at the frame's stride:
 * its own if the memory comes from our pool and the plane starts it, else
 * a wrapper (which PoCL turns into no copy when the memory is aligned). A
 * new reference, or NULL. */
static cl_mem
wrap_component (GstClContext *cl, GstVideoFrame *frame,
    const GstClComponent *comp, cl_mem_flags flags, GstClPlane *plane)
{
  /* RGB's: the plane's whole pixels, which its kernels read and write. */
  guint8 *data = (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (frame, comp->plane) +
                 (comp->rgb ? 0 : comp->offset);
  cl_int status;
  gsize offset;

  plane->pitch = GST_VIDEO_FRAME_PLANE_STRIDE (frame, comp->plane);
  plane->row_bytes = comp->rgb ? comp->staging_row_bytes : comp->dev.row_bytes;
  plane->height = comp->height;
  if (gst_buffer_n_memory (frame->buffer) == 1) {
    cl_mem mem =
        gst_cl_host_memory_lookup (gst_buffer_peek_memory (frame->buffer, 0),
            cl, data, &offset);

    if (mem && offset == 0) {
      clRetainMemObject (mem);
      return mem;
    }
  }
  return clCreateBuffer (cl->context, flags | CL_MEM_USE_HOST_PTR,
      plane->pitch * (plane->height - 1) + plane->row_bytes, data, &status);
}

cl_int
gst_cl_frame_plan_wrap (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out, gboolean pixels, GstClPlane *in_planes,
    GstClPlane *out_planes)
{
  GstClContext *cl = plan->cmd.cl;
  const gboolean same = in->buffer == out->buffer;

  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    GstClComponent *comp = &plan->in[c];

    in_planes[c].mem = wrap_component (cl, in, comp,
        same ? CL_MEM_READ_WRITE : CL_MEM_READ_ONLY, &in_planes[c]);
    if (!in_planes[c].mem)
      return CL_OUT_OF_RESOURCES;
    comp->as_pixels = pixels && comp->rgb && comp->channels == 1;
    if (comp->as_pixels) {
      in_planes[c].rgb_pstride = comp->pstride;
    } else if (comp->rgb) {
      /* The element gets the channel's planes, which unpack_rgb makes from
       * the frame. */
      comp->wrapped = in_planes[c].mem;
      comp->wrapped_pitch = in_planes[c].pitch;
      in_planes[c].mem = NULL;
      gst_cl_frame_plan_device_planes (plan->in, c, in_planes);
      for (guint k = 0; k < comp->channels; k++)
        clRetainMemObject (in_planes[c + k].mem);
    }
  }
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    GstClComponent *comp = &plan->out[c];

    /* In place a component read and written is one buffer: two wrappers
     * of the same memory would not be coherent with each other. An RGB
     * output is read too (gst_cl_frame_plan_can_wrap()). */
    comp->as_pixels = comp->rgb && plan->in[c].as_pixels;
    if (comp->as_pixels) {
      if (same) {
        out_planes[c] = in_planes[c];
        clRetainMemObject (out_planes[c].mem);
      } else {
        out_planes[c].mem = wrap_component (cl, out, comp, CL_MEM_WRITE_ONLY,
            &out_planes[c]);
        out_planes[c].rgb_pstride = comp->pstride;
      }
    } else if (comp->rgb) {
      if (same)
        comp->wrapped = clRetainMemObject (plan->in[c].wrapped) == CL_SUCCESS
                            ? plan->in[c].wrapped
                            : NULL;
      else
        comp->wrapped = wrap_component (cl, out, comp, CL_MEM_WRITE_ONLY,
            &out_planes[c]);
      comp->wrapped_pitch = plan->in[c].wrapped_pitch;
      if (!comp->wrapped)
        return CL_OUT_OF_RESOURCES;
      gst_cl_frame_plan_device_planes (plan->out, c, out_planes);
      for (guint k = 0; k < comp->channels; k++)
        clRetainMemObject (out_planes[c + k].mem);
    } else if (same && in_planes[c].mem) {
      out_planes[c] = in_planes[c];
      clRetainMemObject (out_planes[c].mem);
    } else {
      out_planes[c].mem = wrap_component (cl, out, comp, CL_MEM_WRITE_ONLY,
          &out_planes[c]);
    }
    if (!out_planes[c].mem)
      return CL_OUT_OF_RESOURCES;
  }
  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    const GstClComponent *comp = &plan->in[c];
    const cl_int status = comp->rgb && !comp->as_pixels
                              ? enqueue_packed (plan, plan->unpack, comp,
                                    comp->wrapped, comp->wrapped_pitch, NULL)
                              : CL_SUCCESS;

    if (status != CL_SUCCESS)
      return status;
  }
  return CL_SUCCESS;
}

cl_int
gst_cl_frame_plan_unwrap (GstClFramePlan *plan, GstClPlane *in_planes,
    GstClPlane *out_planes, cl_int status)
{

  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    GstClComponent *comp = &plan->out[c];
    GstClPlane *p = &out_planes[c];
    gpointer mapped;

    /* RGB: the element's channel back into the frame's pixels, and the
     * frame is what is made coherent. */
    if (comp->rgb && !comp->as_pixels && status == CL_SUCCESS) {
      status = enqueue_packed (plan, plan->pack, comp, comp->wrapped,
          comp->wrapped_pitch, plan->in[c].wrapped);
      gst_cl_clear_mem (&p->mem);
      p->mem = comp->wrapped;
      comp->wrapped = NULL;
      p->pitch = comp->wrapped_pitch;
      p->row_bytes = comp->staging_row_bytes;
      p->height = comp->height;
    }
    if (status != CL_SUCCESS || !p->mem)
      break;
    /* Makes the output coherent in the host memory it wraps. Not blocking:
     * the clFinish() below is the frame's one wait, where a blocking map
     * and then the finish were two rounds with the device's threads. */
    mapped = clEnqueueMapBuffer (gst_cl_commands_queue (&plan->cmd), p->mem,
        CL_FALSE, CL_MAP_READ, 0, p->pitch * (p->height - 1) + p->row_bytes, 0,
        NULL, NULL, &status);
    if (status == CL_SUCCESS)
      status = clEnqueueUnmapMemObject (gst_cl_commands_queue (&plan->cmd),
          p->mem, mapped, 0, NULL, NULL);
  }
  clFinish (gst_cl_commands_queue (&plan->cmd));
  for (guint c = 0; c < GST_VIDEO_MAX_COMPONENTS; c++) {
    gst_cl_clear_mem (&in_planes[c].mem);
    gst_cl_clear_mem (&out_planes[c].mem);
    gst_cl_clear_mem (&plan->in[c].wrapped);
    gst_cl_clear_mem (&plan->out[c].wrapped);
    plan->in[c].as_pixels = plan->out[c].as_pixels = FALSE;
  }
  return status;
}

void
gst_cl_frame_plan_copy_unwritten (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out, gboolean threads)
{
  guint written = 0;

  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    written |= 1u << plan->out[c].plane;
  }
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (in); p++)
    if (plan->narrow.active && (plan->narrow.planes & (1u << p))) {
      gst_cl_narrow_host_plane (&plan->narrow, in, out, p);
    } else if (!(written & (1u << p))) {
      if (threads)
        gst_cl_host_copy_plane (out, in, p);
      else
        gst_video_frame_copy_plane (out, in, p);
    }
}
