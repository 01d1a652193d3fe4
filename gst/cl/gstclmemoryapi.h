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
 * What an application needs to reach the elements' frames on the device,
 * with nothing of ours to link: values only, so that an application may
 * as well copy them (docs/opencl.md). Changing any of them breaks
 * applications.
 */
#ifndef __GST_CL_MEMORY_API_H__
#define __GST_CL_MEMORY_API_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* The caps feature of video whose planes are OpenCL buffers, as
 * "memory:GLMemory" and "memory:CUDAMemory" are GL's and CUDA's. */
#define GST_CAPS_FEATURE_MEMORY_CL_BUFFER "memory:OpenCLBuffer"

/* GstMemory.allocator->mem_type of such planes. */
#define GST_CL_MEMORY_TYPE "OpenCLBuffer"

/* With GST_MAP_READ or GST_MAP_WRITE on a plane's memory: GstMapInfo.data
 * is the plane's cl_mem itself (no copy, no wait), as GST_MAP_GL gives a
 * texture. Work on it must be queued on the context's queue (below), or
 * finished before the buffer is unmapped. Each memory holds one whole
 * plane, from byte 0, rows GstVideoMeta's stride apart. */
#define GST_MAP_CL (GST_MAP_FLAG_LAST << 8)

/* The GstContext type the elements share their OpenCL context under, and
 * the fields of its structure an application reads, or sets to hand the
 * elements its own context (a "need-context" answer or
 * gst_element_set_context()): each a G_TYPE_POINTER. The elements retain
 * what they take; the queue must be in order. */
#define GST_CL_CONTEXT_TYPE "gst.opencl.context"
#define GST_CL_CONTEXT_FIELD_CONTEXT "cl-context"
#define GST_CL_CONTEXT_FIELD_DEVICE "cl-device"
#define GST_CL_CONTEXT_FIELD_QUEUE "cl-queue"

G_END_DECLS
#endif /* __GST_CL_MEMORY_API_H__ */
