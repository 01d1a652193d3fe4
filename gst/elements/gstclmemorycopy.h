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
#ifndef __GST_CL_MEMORY_COPY_H__
#define __GST_CL_MEMORY_COPY_H__

#include "gstclbasefilter.h"
#include "gstclfilter.h"

G_BEGIN_DECLS

/* Every format a clfilter element takes, in either memory: what clupload
 * and cldownload move. */
#define GST_CL_MEMORY_COPY_FORMATS                                             \
  "{ " GST_CL_LUMA_FORMATS ", " GST_CL_RGB_FORMATS " }"
#define GST_CL_MEMORY_COPY_CAPS                                                \
  GST_CL_VIDEO_CAPS (GST_CL_MEMORY_COPY_FORMATS)                               \
  ";" GST_CL_VIDEO_CAPS (GST_CL_YUV_HIGH_DEPTH_FORMATS)

/* clupload's input and cldownload's output also in GStreamer's CUDA
 * memory, where the plugin is built with it. */
#ifdef GST_CL_HAVE_CUDA
#define GST_CL_MEMORY_COPY_CUDA_CAPS                                           \
  ";" GST_VIDEO_CAPS_MAKE_WITH_FEATURES ("memory:CUDAMemory",                  \
      GST_CL_MEMORY_COPY_FORMATS) ";" GST_VIDEO_CAPS_MAKE_WITH_FEATURES ("mem" \
                                                                         "ory" \
                                                                         ":CU" \
                                                                         "DAM" \
                                                                         "emo" \
                                                                         "ry", \
      GST_CL_YUV_HIGH_DEPTH_FORMATS)
#else
#define GST_CL_MEMORY_COPY_CUDA_CAPS ""
#endif

#define GST_TYPE_CL_MEMORY_COPY (gst_cl_memory_copy_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstClMemoryCopy, gst_cl_memory_copy, GST,
    CL_MEMORY_COPY, GstClBaseFilter)

/**
 * GstClMemoryCopy:
 *
 * What clupload and cldownload share, as GstCudaMemoryCopy is cudaupload's
 * and cudadownload's: frames of one format copied whole between system
 * memory and `memory:OpenCLBuffer` of the element's context, through the
 * frame layer's plane copies (gst_cl_frame_copy_planes()) and the
 * library's pools; frames already in the memory the element gives pass
 * through.
 */
struct _GstClMemoryCopyClass {
  GstClBaseFilterClass parent_class;

  /* The memory the element gives: the device's (clupload) or the
   * system's (cldownload). */
  gboolean to_device;
};

G_END_DECLS
#endif /* __GST_CL_MEMORY_COPY_H__ */
