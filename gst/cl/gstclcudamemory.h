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
#ifndef __GST_CL_CUDA_MEMORY_H__
#define __GST_CL_CUDA_MEMORY_H__

#include "gstclcudaapi.h"
#include <gst/video/video.h>

G_BEGIN_DECLS

/* GStreamer's CUDA memory (gst-plugins-bad's CUDA library, which nvcodec's
 * decoders, cudaupload and cudadownload use), seen without its headers:
 * they need the CUDA toolkit's, which Debian does not ship. What is used
 * is its public part: the memory type's and caps feature's names, the
 * GST_MAP_CUDA flag and GstCudaMemory's public fields. The library itself
 * is opened at run time; it is loaded wherever such memory exists. */
#define GST_CL_CAPS_FEATURE_MEMORY_CUDA "memory:CUDAMemory"
#define GST_CL_MAP_CUDA (GST_MAP_FLAG_LAST << 1)

gboolean gst_cl_is_cuda_memory (GstMemory *mem);
/* The device layout of @mem's frame: its strides and plane offsets. */
const GstVideoInfo *gst_cl_cuda_memory_info (GstMemory *mem);
/* The CUDA context @mem belongs to, or NULL with @error set. */
CUcontext gst_cl_cuda_memory_context (GstMemory *mem, GError **error);

/* GStreamer's CUDA library's functions for an element that gives CUDA
 * memory (their names without gst_cuda_), NULL where it is missing. The
 * context objects are its GstCudaContext. */
typedef struct {
  CUcontext (*context_get_handle) (GstObject *context);
  gboolean (*ensure_element_context) (GstElement *element, gint device_id,
      GstObject **context);
  gboolean (*handle_set_context) (GstElement *element, GstContext *context,
      gint device_id, GstObject **cuda_context);
  gboolean (*handle_context_query) (GstElement *element, GstQuery *query,
      GstObject *context);
  GstBufferPool *(*buffer_pool_new) (GstObject *context);
} GstClGstCuda;

const GstClGstCuda *gst_cl_gst_cuda_get (void);

G_END_DECLS
#endif /* __GST_CL_CUDA_MEMORY_H__ */
