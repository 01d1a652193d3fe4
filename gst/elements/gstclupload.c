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
/**
 * SECTION:element-clupload
 * @title: clupload
 * @see_also: cldownload
 *
 * Copies video frames from system memory to the OpenCL device: its output
 * is `video/x-raw(memory:OpenCLBuffer)` of the input's format and size,
 * each plane an OpenCL buffer of the element's context, as the clfilter
 * elements pass frames between each other (see docs/opencl.md). It takes
 * every format those elements take: GRAY8, GRAY16_LE, GRAY16_BE, the 8-bit
 * YUV formats I420, YV12, NV12, NV21, Y42B, Y444, YUY2 and UYVY, packed
 * 8-bit RGB (RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, xRGB, xBGR, RGB, BGR) and
 * the YUV formats of 10 to 16 bits (P010_10LE, P012_LE, P016_LE,
 * I420_10LE, I420_12LE, I422_10LE, Y444_10LE, Y444_16LE), at any size and
 * row stride. Frames already in `memory:OpenCLBuffer` pass through.
 *
 * Where the plugin is built with CUDA interop, it also takes
 * `video/x-raw(memory:CUDAMemory)` from GStreamer's CUDA elements
 * (`nvh264dec`, `cudaupload`) and copies the frames within the GPU, without
 * crossing PCIe, when the OpenCL device is that GPU (docs/opencl.md,
 * "Interop"); otherwise through system memory.
 *
 * Where the plugin is built with CUDA interop, it also takes
 * `video/x-raw(memory:CUDAMemory)` from GStreamer's CUDA elements
 * (`nvh264dec`, `cudaupload`) and copies the frames within the GPU, without
 * crossing PCIe, when the OpenCL device is that GPU (docs/opencl.md,
 * "Interop"); otherwise through system memory.
 *
 * The clfilter elements upload frames themselves where they get system
 * memory; clupload says where that happens, as `glupload` and
 * `cudaupload` do for their memories: in front of a `tee` whose branches
 * all run on the device, or for an application that takes frames on the
 * device from an `appsink`. Each frame is copied once, and the element
 * waits for the copy, so upstream may reuse its buffer at once.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`, as the filters share it.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc ! clupload ! clhistequalize ! clsobel ! \
 *     cldownload ! videoconvert ! autovideosink
 * ]| One upload and one download; between them the frames stay on the
 * device.
 * |[
 * gst-launch-1.0 videotestsrc ! video/x-raw,format=NV12 ! clupload ! tee name=t
 * \
 *     t. ! queue ! clsobel ! cldownload ! videoconvert ! autovideosink \
 *     t. ! queue ! clhistequalize ! cldownload ! videoconvert ! autovideosink
 * ]| Uploads each frame once for both branches.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclupload.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_upload_debug);
#define GST_CAT_DEFAULT gst_cl_upload_debug

struct _GstClUpload {
  GstClMemoryCopy parent;
};

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_MEMORY_COPY_CAPS GST_CL_MEMORY_COPY_CUDA_CAPS));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS (GST_CL_MEMORY_COPY_CAPS));

G_DEFINE_TYPE (GstClUpload, gst_cl_upload, GST_TYPE_CL_MEMORY_COPY);
GST_ELEMENT_REGISTER_DEFINE (clupload, "clupload", GST_RANK_NONE,
    GST_TYPE_CL_UPLOAD);

static void
gst_cl_upload_class_init (GstClUploadClass *klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_upload_debug, "clupload", 0,
      "Video frames to an OpenCL device");

  gst_element_class_set_static_metadata (element_class, "OpenCL uploader",
      "Filter/Video",
      "Copies video frames from system memory to an OpenCL device "
      "(memory:OpenCLBuffer)",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  GST_CL_BASE_FILTER_CLASS (klass)->debug_category = gst_cl_upload_debug;
  GST_CL_MEMORY_COPY_CLASS (klass)->to_device = TRUE;
}

static void
gst_cl_upload_init (GstClUpload *self)
{}
