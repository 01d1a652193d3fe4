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
 * Host memory owned by OpenCL buffers, and a pool of it; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhostmemory.h"

#include <string.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

#define GST_CL_HOST_MEMORY_NAME "ClHostMemory"

struct _GstClHostAllocator {
  GstAllocator parent;
  GstClContext *ctx;
};

typedef struct {
  GstMemory mem;
  /* NULL in a shared sub-memory, which keeps its parent alive. */
  cl_mem buffer;
  guint8 *data;
  /* The parent's: a download not yet waited for (gst_cl_host_memory_defer),
   * under @lock, which is held while waiting so that a second thread
   * mapping the memory waits too. */
  GMutex lock;
  cl_event pending;
} GstClHostMemory;

G_DEFINE_TYPE (GstClHostAllocator, gst_cl_host_allocator, GST_TYPE_ALLOCATOR);

static GstMemory *
host_alloc (GstAllocator *allocator, gsize size, GstAllocationParams *params)
{
  GstClHostAllocator *self = GST_CL_HOST_ALLOCATOR (allocator);
  const gsize align = params->align | gst_memory_alignment;
  const gsize maxsize = size + params->prefix + params->padding + align;
  GstClHostMemory *mem;
  cl_int status;
  gsize shift;

  mem = g_new0 (GstClHostMemory, 1);
  g_mutex_init (&mem->lock);
  mem->buffer = clCreateBuffer (self->ctx->context,
      CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, maxsize, NULL, &status);
  if (status != CL_SUCCESS)
    goto failed;
  mem->data = clEnqueueMapBuffer (self->ctx->queues->queue, mem->buffer,
      CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, maxsize, 0, NULL, NULL, &status);
  if (status != CL_SUCCESS)
    goto failed;

  shift = ((guintptr)mem->data + params->prefix) & align;
  shift = shift ? align + 1 - shift : 0;
  gst_memory_init (GST_MEMORY_CAST (mem), params->flags, allocator, NULL,
      maxsize, align, params->prefix + shift, size);
  return GST_MEMORY_CAST (mem);

failed:
  GST_WARNING_OBJECT (self, "could not allocate %" G_GSIZE_FORMAT " bytes: %s",
      maxsize, gst_cl_strerror (status));
  if (mem->buffer)
    clReleaseMemObject (mem->buffer);
  g_mutex_clear (&mem->lock);
  g_free (mem);
  return NULL;
}

static GstClHostMemory *
root_of (GstMemory *memory)
{
  return (GstClHostMemory *)(memory->parent ? memory->parent : memory);
}

static void
wait_pending (GstMemory *memory)
{
  GstClHostMemory *mem = root_of (memory);

  g_mutex_lock (&mem->lock);
  if (mem->pending) {
    const cl_int status = clWaitForEvents (1, &mem->pending);

    /* The frame's element has already gone on: all that is left to say
     * is that the data is not what the device wrote. */
    if (status != CL_SUCCESS)
      GST_ERROR ("the download into memory %p failed: %s", memory,
          gst_cl_strerror (status));
    clReleaseEvent (mem->pending);
    mem->pending = NULL;
  }
  g_mutex_unlock (&mem->lock);
}

static void
host_free (GstAllocator *allocator, GstMemory *memory)
{
  GstClHostAllocator *self = GST_CL_HOST_ALLOCATOR (allocator);
  GstClHostMemory *mem = (GstClHostMemory *)memory;

  if (mem->buffer) {
    wait_pending (memory);
    clEnqueueUnmapMemObject (self->ctx->queues->queue, mem->buffer, mem->data,
        0, NULL, NULL);
    clReleaseMemObject (mem->buffer);
  }
  g_mutex_clear (&mem->lock);
  g_free (mem);
}

static gpointer
host_map (GstMemory *memory, gsize maxsize, GstMapFlags flags)
{
  wait_pending (memory);
  return ((GstClHostMemory *)memory)->data;
}

static void
host_unmap (GstMemory *memory)
{}

static GstMemory *
host_share (GstMemory *memory, gssize offset, gssize size)
{
  GstClHostMemory *mem = (GstClHostMemory *)memory;
  GstClHostMemory *sub = g_new0 (GstClHostMemory, 1);
  GstMemory *parent = GST_MEMORY_CAST (root_of (memory));

  g_mutex_init (&sub->lock);
  if (size == -1)
    size = memory->size - offset;
  gst_memory_init (GST_MEMORY_CAST (sub),
      GST_MINI_OBJECT_FLAGS (parent) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      memory->allocator, parent, memory->maxsize, memory->align,
      memory->offset + offset, size);
  sub->data = mem->data;
  return GST_MEMORY_CAST (sub);
}

static void
gst_cl_host_allocator_finalize (GObject *object)
{
  gst_clear_object (&GST_CL_HOST_ALLOCATOR (object)->ctx);
  G_OBJECT_CLASS (gst_cl_host_allocator_parent_class)->finalize (object);
}

static void
gst_cl_host_allocator_class_init (GstClHostAllocatorClass *klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_host_allocator_finalize;
  allocator_class->alloc = host_alloc;
  allocator_class->free = host_free;
}

static void
gst_cl_host_allocator_init (GstClHostAllocator *self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = GST_CL_HOST_MEMORY_NAME;
  allocator->mem_map = host_map;
  allocator->mem_unmap = host_unmap;
  allocator->mem_share = host_share;
  GST_OBJECT_FLAG_SET (self, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);
}

GstAllocator *
gst_cl_host_allocator_new (GstClContext *ctx)
{
  GstClHostAllocator *self = g_object_new (GST_TYPE_CL_HOST_ALLOCATOR, NULL);

  gst_object_ref_sink (self);
  self->ctx = gst_object_ref (ctx);
  return GST_ALLOCATOR_CAST (self);
}

GstMemory *
gst_cl_host_memory_alloc (GstClContext *ctx, gsize size, gpointer *data)
{
  GstAllocator *allocator = gst_cl_host_allocator_new (ctx);
  GstMemory *mem = gst_allocator_alloc (allocator, size, NULL);

  gst_object_unref (allocator);
  *data = mem ? ((GstClHostMemory *)mem)->data + mem->offset : NULL;
  if (mem)
    memset (*data, 0, size);
  return mem;
}

static gboolean
is_ours (GstMemory *memory, GstClContext *ctx)
{
  return memory->allocator && GST_IS_CL_HOST_ALLOCATOR (memory->allocator) &&
         GST_CL_HOST_ALLOCATOR (memory->allocator)->ctx == ctx;
}

cl_mem
gst_cl_host_memory_lookup (GstMemory *memory, GstClContext *ctx,
    gconstpointer data, gsize *offset)
{
  GstClHostMemory *mem;

  if (!is_ours (memory, ctx))
    return NULL;
  mem = root_of (memory);
  if ((const guint8 *)data < mem->data ||
      (const guint8 *)data >= mem->data + mem->mem.maxsize)
    return NULL;
  *offset = (const guint8 *)data - mem->data;
  return mem->buffer;
}

gboolean
gst_cl_host_memory_defer (GstBuffer *buf, GstClContext *ctx, cl_event done)
{
  const guint n = gst_buffer_n_memory (buf);

  for (guint i = 0; i < n; i++)
    if (!is_ours (gst_buffer_peek_memory (buf, i), ctx))
      return FALSE;
  for (guint i = 0; i < n; i++) {
    GstClHostMemory *mem = root_of (gst_buffer_peek_memory (buf, i));

    clRetainEvent (done);
    g_mutex_lock (&mem->lock);
    /* An earlier download nobody mapped: the queue's order puts it first. */
    if (mem->pending)
      clReleaseEvent (mem->pending);
    mem->pending = done;
    g_mutex_unlock (&mem->lock);
  }
  return TRUE;
}

GstBufferPool *
gst_cl_host_pool_new (GstClContext *ctx, GstCaps *caps, guint size)
{
  GstBufferPool *pool = gst_video_buffer_pool_new ();
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstAllocator *allocator = gst_cl_host_allocator_new (ctx);
  GstAllocationParams params;

  /* Cache-line aligned, which lets PoCL use the memory as it is. */
  gst_allocation_params_init (&params);
  params.align = 127;
  gst_buffer_pool_config_set_params (config, caps, size, 2, 0);
  gst_buffer_pool_config_set_allocator (config, allocator, &params);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_object_unref (allocator);
  if (!gst_buffer_pool_set_config (pool, config)) {
    gst_object_unref (pool);
    return NULL;
  }
  return pool;
}

gboolean
gst_cl_host_memory_propose_allocation (GstClContext *ctx, GstQuery *query)
{
  GstBufferPool *pool;
  GstCaps *caps;
  GstVideoInfo info;
  gboolean need_pool;

  gst_query_parse_allocation (query, &caps, &need_pool);
  if (!caps || !gst_video_info_from_caps (&info, caps) || !ctx)
    return FALSE;
  pool = gst_cl_host_pool_new (ctx, caps, info.size);
  if (pool) {
    GstStructure *config = gst_buffer_pool_get_config (pool);
    GstAllocationParams params;
    GstAllocator *allocator = NULL;

    /* Upstream pools, GstBaseSrc's too, take the allocator from here. */
    gst_buffer_pool_config_get_allocator (config, &allocator, &params);
    gst_query_add_allocation_param (query, allocator, &params);
    gst_structure_free (config);
    if (need_pool)
      gst_query_add_allocation_pool (query, pool, info.size, 2, 0);
    gst_object_unref (pool);
  }
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  return TRUE;
}

gboolean
gst_cl_host_memory_decide_allocation (GstClContext *ctx, GstQuery *query)
{
  GstBufferPool *pool;
  GstStructure *config;
  GstCaps *caps;
  GstVideoInfo info;
  guint min = 2, max = 0;

  gst_query_parse_allocation (query, &caps, NULL);
  if (!caps || !gst_video_info_from_caps (&info, caps) || !ctx)
    return FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, NULL, NULL, &min, &max);
  pool = gst_cl_host_pool_new (ctx, caps, info.size);
  if (!pool)
    return FALSE;
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_set_params (config, caps, info.size, MAX (min, 2),
      max);
  gst_buffer_pool_set_config (pool, config);
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, info.size, MAX (min, 2),
        max);
  else
    gst_query_add_allocation_pool (query, pool, info.size, MAX (min, 2), max);
  gst_object_unref (pool);
  return TRUE;
}
