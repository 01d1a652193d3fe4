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
#ifndef __GST_CL_MEMORY_H__
#define __GST_CL_MEMORY_H__

#include <gst/video/video.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_ALLOCATOR (gst_cl_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstClAllocator, gst_cl_allocator, GST, CL_ALLOCATOR,
    GstAllocator)

/* Device memory: one OpenCL buffer of @ctx per GstMemory, which keeps
 * @ctx alive through its allocator, and the queues its last commands went
 * on. Mapped for the CPU on those queues, after the work queued before on
 * them; GST_MAP_CL gives the buffer itself (gstclmemoryapi.h), after
 * ordering the context's queue, which the application's work goes on,
 * after that work. */
GstAllocator *gst_cl_allocator_new (GstClContext *ctx);

/* Whether @mem is such memory, of any context. */
gboolean gst_is_cl_memory (GstMemory *mem);

/* The buffer behind @mem, and the context it belongs to (no new
 * references), when @mem is such memory starting at the buffer's first
 * byte; else NULL. */
cl_mem gst_cl_memory_get_buffer (GstMemory *mem, GstClContext **ctx);

/* The buffers of @buf's planes in @planes and their strides in @strides,
 * when each plane is the whole of a memory of @ctx's (as
 * gst_cl_buffer_pool_new()'s buffers are) at least @info's plane in size;
 * FALSE otherwise. */
gboolean gst_cl_memory_get_planes (GstBuffer *buf, const GstVideoInfo *info,
    GstClContext *ctx, cl_mem *planes, gsize *strides);

/* The queues the last commands on @buf's device memory went on (the
 * context's where there were none), a new reference; NULL where @buf has
 * no device memory. */
GstClQueues *gst_cl_buffer_ref_queues (GstBuffer *buf);
/* The commands @queues get next on @buf's device memory run after those
 * queued before on it, on whatever queues, and the memory now carries
 * @queues. */
cl_int gst_cl_buffer_order_on (GstBuffer *buf, GstClQueues *queues);

/* Whether the caps' first structure has GST_CAPS_FEATURE_MEMORY_CL_BUFFER. */
gboolean gst_cl_caps_on_device (const GstCaps *caps);

G_END_DECLS
#endif /* __GST_CL_MEMORY_H__ */
