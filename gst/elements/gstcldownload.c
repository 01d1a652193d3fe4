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
 * SECTION:element-cldownload
 * @title: cldownload
 * @see_also: clupload
 *
 * Copies video frames from the OpenCL device to system memory: it takes
 * `video/x-raw(memory:OpenCLBuffer)` and gives `video/x-raw` of the same
 * format and size, in every format the clfilter elements take (GRAY8,
 * GRAY16_LE, GRAY16_BE, the 8-bit YUV formats I420, YV12, NV12, NV21,
 * Y42B, Y444, YUY2 and UYVY, packed 8-bit RGB, and the YUV formats of 10
 * to 16 bits P010_10LE, P012_LE, P016_LE, I420_10LE, I420_12LE, I422_10LE,
 * Y444_10LE and Y444_16LE). Frames already in system memory pass through.
 *
 * The output comes from a pool of host memory that the device's driver
 * pins (GPUs) or that is the device's own (CPU devices such as PoCL), as
 * the filters' output in system memory does. The element waits for each
 * frame's copy before it pushes the frame. Frames of another OpenCL
 * context, or with rows the device's copies cannot take, are read through
 * a map for the CPU.
 *
 * Where the plugin is built with CUDA interop, it also gives
 * `video/x-raw(memory:CUDAMemory)` for GStreamer's CUDA elements
 * (`nvh264enc`, `cudadownload`), copied within the GPU without crossing
 * PCIe when the OpenCL device is that GPU (docs/opencl.md, "Interop"). Its
 * CUDA context is shared with theirs through a #GstContext of type
 * `gst.cuda.context`.
 *
 * Like `gldownload` and `cudadownload`, it says where frames leave the
 * device: after a `tee` whose branches run on the device, or at the end of
 * a chain of clfilter elements whose last element should keep its output
 * on the device for a pad probe of an application's.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`, as the filters share it.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc ! clupload ! clclahe ! cldownload ! \
 *     videoconvert ! autovideosink
 * ]| CLAHE on frames uploaded and downloaded by the two elements.
 * |[
 * gst-launch-1.0 filesrc location=clip.mov ! decodebin ! clupload ! \
 *     clhistequalize ! cldownload ! x264enc ! mp4mux ! \
 *     filesink location=equalized.mp4
 * ]| Equalizes a file's frames and encodes them.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcldownload.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_download_debug);
#define GST_CAT_DEFAULT gst_cl_download_debug

struct _GstClDownload {
  GstClMemoryCopy parent;
};

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS (GST_CL_MEMORY_COPY_CAPS));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_MEMORY_COPY_CAPS GST_CL_MEMORY_COPY_CUDA_CAPS));

G_DEFINE_TYPE (GstClDownload, gst_cl_download, GST_TYPE_CL_MEMORY_COPY);
GST_ELEMENT_REGISTER_DEFINE (cldownload, "cldownload", GST_RANK_NONE,
    GST_TYPE_CL_DOWNLOAD);

static void
gst_cl_download_class_init (GstClDownloadClass *klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_download_debug, "cldownload", 0,
      "Video frames from an OpenCL device");

  gst_element_class_set_static_metadata (element_class, "OpenCL downloader",
      "Filter/Video",
      "Copies video frames from an OpenCL device (memory:OpenCLBuffer) to "
      "system memory",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  GST_CL_BASE_FILTER_CLASS (klass)->debug_category = gst_cl_download_debug;
  GST_CL_MEMORY_COPY_CLASS (klass)->to_device = FALSE;
}

static void
gst_cl_download_init (GstClDownload *self)
{}
