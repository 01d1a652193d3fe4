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
#ifndef __GST_CL_HOST_MEMORY_H__
#define __GST_CL_HOST_MEMORY_H__

#include <gst/video/video.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_HOST_ALLOCATOR (gst_cl_host_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstClHostAllocator, gst_cl_host_allocator, GST,
    CL_HOST_ALLOCATOR, GstAllocator)

/* Host memory that an OpenCL buffer of @ctx owns (CL_MEM_ALLOC_HOST_PTR),
 * mapped for its whole life: pinned on GPUs, so transfers are DMA, and the
 * device's own memory on CPU devices, so kernels use it without a copy. */
GstAllocator *gst_cl_host_allocator_new (GstClContext *ctx);

/* @size bytes of such memory, zeroed, at @data for the memory's life: the
 * host's side of a small read-back (a histogram), which on GPUs is then
 * DMA and does not hold the host while the frame's commands before it
 * run. Freed with gst_memory_unref(); NULL where allocation fails. */
GstMemory *gst_cl_host_memory_alloc (GstClContext *ctx, gsize size,
    gpointer *data);

/* The buffer behind @mem if it is such memory of @ctx, else NULL; @offset
 * is where @data lies in it. */
cl_mem gst_cl_host_memory_lookup (GstMemory *mem, GstClContext *ctx,
    gconstpointer data, gsize *offset);

/* Where every memory of @buf is such memory of @ctx, the download that
 * writes it, which ends with @done, may still be running: each memory
 * keeps a reference to @done and its next map, copy or free waits for it
 * first, so the buffer may leave before its download is over, as
 * GstCudaMemory leaves with its stream's work queued. FALSE, and nothing
 * kept, where some memory is not such memory: the caller waits itself. */
gboolean gst_cl_host_memory_defer (GstBuffer *buf, GstClContext *ctx,
    cl_event done);

/* A video buffer pool of such memory for @caps. */
GstBufferPool *gst_cl_host_pool_new (GstClContext *ctx, GstCaps *caps,
    guint size);

/* GstBaseTransform's allocation queries: upstream is offered a pool of
 * such memory, and output buffers come from one whatever downstream
 * offers (system memory either way, and ours is pinned or the device's
 * own). */
gboolean gst_cl_host_memory_propose_allocation (GstClContext *ctx,
    GstQuery *query);
gboolean gst_cl_host_memory_decide_allocation (GstClContext *ctx,
    GstQuery *query);

G_END_DECLS
#endif /* __GST_CL_HOST_MEMORY_H__ */
