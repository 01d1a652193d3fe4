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
 * Device memory: GstMemory on an OpenCL buffer; see gstclmemory.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclmemory.h"
#include "gstclvideoplane.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

struct _GstClAllocator {
  GstAllocator parent;
  GstClContext *ctx;
};

/* A sub-memory (gst_memory_share()) holds a reference to its parent's
 * buffer. */
typedef struct {
  GstMemory mem;
  cl_mem buffer;
  /* The root memory's: the queues the last commands on the buffer went on,
   * NULL before any. */
  GMutex lock;
  GstClQueues *queues;
} GstClMemory;

G_DEFINE_TYPE (GstClAllocator, gst_cl_allocator, GST_TYPE_ALLOCATOR);

static GstClContext *
memory_context (GstMemory *mem)
{
  return GST_CL_ALLOCATOR (mem->allocator)->ctx;
}

static GstMemory *
wrap_buffer (GstAllocator *allocator, GstMemory *parent, cl_mem buffer,
    GstMemoryFlags flags, gsize maxsize, gsize offset, gsize size)
{
  GstClMemory *mem = g_new0 (GstClMemory, 1);

  g_mutex_init (&mem->lock);
  gst_memory_init (GST_MEMORY_CAST (mem), flags, allocator, parent, maxsize, 0,
      offset, size);
  mem->buffer = buffer;
  return GST_MEMORY_CAST (mem);
}

/* Prefix and padding only move the memory within the buffer; alignment
 * means nothing to a buffer the host does not address. */
static GstMemory *
cl_alloc (GstAllocator *allocator, gsize size, GstAllocationParams *params)
{
  GstClAllocator *self = GST_CL_ALLOCATOR (allocator);
  const gsize maxsize = size + params->prefix + params->padding;
  cl_int status = CL_SUCCESS;
  cl_mem buffer;

  if (maxsize > self->ctx->max_alloc_size) {
    GST_WARNING_OBJECT (self,
        "%" G_GSIZE_FORMAT " bytes are more than \"%s\" allocates at once",
        maxsize, self->ctx->device_name);
    return NULL;
  }
  buffer = clCreateBuffer (self->ctx->context, CL_MEM_READ_WRITE,
      MAX (maxsize, 1), NULL, &status);
  if (status != CL_SUCCESS) {
    GST_WARNING_OBJECT (self, "clCreateBuffer of %" G_GSIZE_FORMAT " bytes: %s",
        maxsize, gst_cl_strerror (status));
    return NULL;
  }
  return wrap_buffer (allocator, NULL, buffer, params->flags, maxsize,
      params->prefix, size);
}

static void
cl_free (GstAllocator *allocator, GstMemory *memory)
{
  /* The driver frees the buffer once the commands queued on it are done,
   * so a frame may go while the device still works on it. */
  GstClMemory *mem = (GstClMemory *)memory;

  clReleaseMemObject (mem->buffer);
  if (mem->queues)
    gst_cl_queues_unref (mem->queues);
  g_mutex_clear (&mem->lock);
  g_free (memory);
}

static GstClMemory *
root_of (GstMemory *memory)
{
  return (GstClMemory *)(memory->parent ? memory->parent : memory);
}

/* The queues of @memory's last commands, or the context's where there were
 * none, which @memory's next commands then go on: a new reference. */
static GstClQueues *
ref_queues (GstMemory *memory)
{
  GstClMemory *root = root_of (memory);
  GstClQueues *queues;

  g_mutex_lock (&root->lock);
  if (!root->queues)
    root->queues = gst_cl_queues_ref (memory_context (memory)->queues);
  queues = gst_cl_queues_ref (root->queues);
  g_mutex_unlock (&root->lock);
  return queues;
}

static cl_int
order_on (GstMemory *memory, GstClQueues *queues)
{
  GstClMemory *root = root_of (memory);
  cl_int status = CL_SUCCESS;

  g_mutex_lock (&root->lock);
  if (root->queues != queues) {
    if (root->queues) {
      status = gst_cl_queues_order_after (queues, root->queues);
      if (status == CL_SUCCESS)
        gst_cl_queues_unref (root->queues);
    }
    if (status == CL_SUCCESS)
      root->queues = gst_cl_queues_ref (queues);
  }
  g_mutex_unlock (&root->lock);
  return status;
}

static gpointer
cl_map (GstMemory *memory, GstMapInfo *info, gsize maxsize)
{
  GstClMemory *mem = (GstClMemory *)memory;
  GstClContext *ctx = memory_context (memory);
  GstClQueues *queues;
  cl_map_flags flags = 0;
  cl_int status;
  gpointer data;

  if (info->flags & GST_MAP_CL) {
    /* GstMemory adds the offset to what this returns. */
    if (memory->offset != 0) {
      GST_WARNING ("GST_MAP_CL of a memory %" G_GSIZE_FORMAT
                   " bytes into its buffer",
          memory->offset);
      return NULL;
    }
    /* The application queues its work on the context's queue. */
    status = order_on (memory, ctx->queues);
    if (status != CL_SUCCESS) {
      GST_WARNING ("ordering the context's queue: %s",
          gst_cl_strerror (status));
      return NULL;
    }
    return mem->buffer;
  }
  if (info->flags & GST_MAP_READ)
    flags |= CL_MAP_READ;
  if (info->flags & GST_MAP_WRITE)
    flags |= CL_MAP_WRITE;
  /* Blocking, on the in-order queue of the buffer's last commands: after
   * them, so the host sees what the device wrote. */
  queues = ref_queues (memory);
  data = clEnqueueMapBuffer (queues->queue, mem->buffer, CL_TRUE, flags, 0,
      maxsize, 0, NULL, NULL, &status);
  gst_cl_queues_unref (queues);
  if (status != CL_SUCCESS) {
    GST_WARNING ("clEnqueueMapBuffer of %" G_GSIZE_FORMAT " bytes on \"%s\": "
                 "%s",
        maxsize, ctx->device_name, gst_cl_strerror (status));
    return NULL;
  }
  return data;
}

static void
cl_unmap (GstMemory *memory, GstMapInfo *info)
{
  GstClContext *ctx = memory_context (memory);
  GstClQueues *queues;
  cl_int status;

  if (info->flags & GST_MAP_CL)
    return;
  /* Commands queued after this one see what the host wrote. */
  queues = ref_queues (memory);
  status = clEnqueueUnmapMemObject (queues->queue,
      ((GstClMemory *)memory)->buffer, (guint8 *)info->data - memory->offset, 0,
      NULL, NULL);
  if (status != CL_SUCCESS)
    GST_WARNING ("clEnqueueUnmapMemObject on \"%s\": %s", ctx->device_name,
        gst_cl_strerror (status));
  else
    clFlush (queues->queue);
  gst_cl_queues_unref (queues);
}

/* A copy stays on the device. */
static GstMemory *
cl_copy (GstMemory *memory, gssize offset, gssize size)
{
  GstClMemory *mem = (GstClMemory *)memory;
  GstAllocationParams params = { 0 };
  GstClQueues *queues;
  GstMemory *copy;
  cl_int status;

  if (size == -1)
    size = memory->size > (gsize)offset ? memory->size - offset : 0;
  copy = cl_alloc (memory->allocator, size, &params);
  if (!copy)
    return NULL;
  if (size == 0)
    return copy;
  /* The copy follows the memory's commands, and carries their queues. */
  queues = ref_queues (memory);
  status = clEnqueueCopyBuffer (queues->queue, mem->buffer,
      ((GstClMemory *)copy)->buffer, memory->offset + offset, 0, size, 0, NULL,
      NULL);
  if (status == CL_SUCCESS)
    status = order_on (copy, queues);
  gst_cl_queues_unref (queues);
  if (status != CL_SUCCESS) {
    GST_WARNING ("clEnqueueCopyBuffer of %" G_GSSIZE_FORMAT " bytes: %s", size,
        gst_cl_strerror (status));
    gst_memory_unref (copy);
    return NULL;
  }
  return copy;
}

static GstMemory *
cl_share (GstMemory *memory, gssize offset, gssize size)
{
  GstMemory *parent = memory->parent ? memory->parent : memory;

  if (size == -1)
    size = memory->size - offset;
  clRetainMemObject (((GstClMemory *)memory)->buffer);
  return wrap_buffer (memory->allocator, parent,
      ((GstClMemory *)memory)->buffer,
      GST_MINI_OBJECT_FLAGS (parent) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      memory->maxsize, memory->offset + offset, size);
}

static void
gst_cl_allocator_finalize (GObject *object)
{
  gst_clear_object (&GST_CL_ALLOCATOR (object)->ctx);
  G_OBJECT_CLASS (gst_cl_allocator_parent_class)->finalize (object);
}

static void
gst_cl_allocator_class_init (GstClAllocatorClass *klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_allocator_finalize;
  allocator_class->alloc = cl_alloc;
  allocator_class->free = cl_free;
}

static void
gst_cl_allocator_init (GstClAllocator *self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = GST_CL_MEMORY_TYPE;
  allocator->mem_map_full = cl_map;
  allocator->mem_unmap_full = cl_unmap;
  allocator->mem_copy = cl_copy;
  allocator->mem_share = cl_share;
  GST_OBJECT_FLAG_SET (self, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);
}

GstAllocator *
gst_cl_allocator_new (GstClContext *ctx)
{
  GstClAllocator *self = g_object_new (GST_TYPE_CL_ALLOCATOR, NULL);

  gst_object_ref_sink (self);
  self->ctx = gst_object_ref (ctx);
  return GST_ALLOCATOR_CAST (self);
}

gboolean
gst_is_cl_memory (GstMemory *mem)
{
  return mem && mem->allocator && GST_IS_CL_ALLOCATOR (mem->allocator);
}

cl_mem
gst_cl_memory_get_buffer (GstMemory *mem, GstClContext **ctx)
{
  if (!gst_is_cl_memory (mem) || mem->offset != 0)
    return NULL;
  if (ctx)
    *ctx = memory_context (mem);
  return ((GstClMemory *)mem)->buffer;
}

static gsize
plane_bytes (const GstVideoInfo *info, guint plane, gsize stride)
{
  return stride * gst_cl_video_plane_height (info, plane);
}

gboolean
gst_cl_memory_get_planes (GstBuffer *buf, const GstVideoInfo *info,
    GstClContext *ctx, cl_mem *planes, gsize *strides)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);

  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    const gsize offset = meta ? meta->offset[p] : info->offset[p];
    const gint stride = meta ? meta->stride[p] : info->stride[p];
    GstClContext *owner = NULL;
    gsize skip = 0;
    guint idx, length;
    GstMemory *mem;

    if (stride <= 0 ||
        !gst_buffer_find_memory (buf, offset, 1, &idx, &length, &skip) ||
        skip != 0)
      return FALSE;
    mem = gst_buffer_peek_memory (buf, idx);
    planes[p] = gst_cl_memory_get_buffer (mem, &owner);
    strides[p] = stride;
    if (!planes[p] || owner != ctx || mem->size < plane_bytes (info, p, stride))
      return FALSE;
  }
  return TRUE;
}

gboolean
gst_cl_caps_on_device (const GstCaps *caps)
{
  GstCapsFeatures *features = caps && gst_caps_get_size (caps) > 0
                                  ? gst_caps_get_features (caps, 0)
                                  : NULL;

  return features && gst_caps_features_contains (features,
                         GST_CAPS_FEATURE_MEMORY_CL_BUFFER);
}

GstClQueues *
gst_cl_buffer_ref_queues (GstBuffer *buf)
{
  const guint n = gst_buffer_n_memory (buf);

  for (guint i = 0; i < n; i++) {
    GstMemory *mem = gst_buffer_peek_memory (buf, i);

    if (gst_is_cl_memory (mem))
      return ref_queues (mem);
  }
  return NULL;
}

cl_int
gst_cl_buffer_order_on (GstBuffer *buf, GstClQueues *queues)
{
  const guint n = gst_buffer_n_memory (buf);
  cl_int status = CL_SUCCESS;

  for (guint i = 0; i < n && status == CL_SUCCESS; i++) {
    GstMemory *mem = gst_buffer_peek_memory (buf, i);

    if (gst_is_cl_memory (mem))
      status = order_on (mem, queues);
  }
  return status;
}
