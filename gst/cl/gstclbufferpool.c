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
 * A pool of video frames in device memory; see gstclbufferpool.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclbufferpool.h"
#include "gstclvideoplane.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

struct _GstClBufferPool {
  GstBufferPool parent;
  GstAllocator *allocator;
  /* From the configuration, for the streaming thread. */
  GstVideoInfo info;
};

G_DEFINE_TYPE (GstClBufferPool, gst_cl_buffer_pool, GST_TYPE_BUFFER_POOL);

gboolean
gst_cl_buffer_pool_layout (GstCaps *caps, GstVideoInfo *info)
{
  gsize offset = 0;

  if (!caps || !gst_video_info_from_caps (info, caps))
    return FALSE;
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    info->stride[p] = GST_ROUND_UP_N (info->stride[p], GST_CL_POOL_ROW_ALIGN);
    info->offset[p] = offset;
    offset += (gsize)info->stride[p] * gst_cl_video_plane_height (info, p);
  }
  info->size = offset;
  return TRUE;
}

static const gchar **
pool_get_options (GstBufferPool *pool)
{
  static const gchar *options[] = { GST_BUFFER_POOL_OPTION_VIDEO_META, NULL };

  return options;
}

static gboolean
pool_set_config (GstBufferPool *pool, GstStructure *config)
{
  GstClBufferPool *self = GST_CL_BUFFER_POOL (pool);
  guint size, min, max;
  GstCaps *caps;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min, &max) ||
      !gst_cl_buffer_pool_layout (caps, &self->info)) {
    GST_WARNING_OBJECT (pool, "no video caps in the configuration");
    return FALSE;
  }
  /* Only the layout decides the buffers' size. */
  gst_buffer_pool_config_set_params (config, caps, self->info.size, min, max);
  return GST_BUFFER_POOL_CLASS (gst_cl_buffer_pool_parent_class)
             ->set_config (pool, config) &&
         self->info.size > 0;
}

static GstFlowReturn
pool_alloc_buffer (GstBufferPool *pool, GstBuffer **buffer,
    GstBufferPoolAcquireParams *params)
{
  GstClBufferPool *self = GST_CL_BUFFER_POOL (pool);
  GstVideoInfo *info = &self->info;
  GstBuffer *buf = gst_buffer_new ();

  /* A memory per plane: GST_MAP_CL gives each plane's buffer from its
   * first byte, as a kernel's argument wants it. */
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    const gsize end = p + 1 < GST_VIDEO_INFO_N_PLANES (info)
                          ? info->offset[p + 1]
                          : info->size;
    GstMemory *mem = gst_allocator_alloc (self->allocator,
        end - info->offset[p], NULL);

    if (!mem) {
      gst_buffer_unref (buf);
      GST_WARNING_OBJECT (pool, "could not allocate plane %u of %s %dx%d", p,
          GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
          GST_VIDEO_INFO_HEIGHT (info));
      return GST_FLOW_ERROR;
    }
    gst_buffer_append_memory (buf, mem);
  }
  /* Without a GstVideoMeta nothing says where the planes are. */
  gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_N_PLANES (info),
      info->offset, info->stride);
  *buffer = buf;
  return GST_FLOW_OK;
}

static void
gst_cl_buffer_pool_finalize (GObject *object)
{
  gst_clear_object (&GST_CL_BUFFER_POOL (object)->allocator);
  G_OBJECT_CLASS (gst_cl_buffer_pool_parent_class)->finalize (object);
}

static void
gst_cl_buffer_pool_class_init (GstClBufferPoolClass *klass)
{
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_buffer_pool_finalize;
  pool_class->get_options = pool_get_options;
  pool_class->set_config = pool_set_config;
  pool_class->alloc_buffer = pool_alloc_buffer;
}

static void
gst_cl_buffer_pool_init (GstClBufferPool *self)
{}

GstBufferPool *
gst_cl_buffer_pool_new (GstClContext *ctx)
{
  GstClBufferPool *self = g_object_new (GST_TYPE_CL_BUFFER_POOL, NULL);

  gst_object_ref_sink (self);
  self->allocator = gst_cl_allocator_new (ctx);
  return GST_BUFFER_POOL_CAST (self);
}

/* A new pool configured for @caps, @min to @max buffers. */
static GstBufferPool *
configured_pool (GstClContext *ctx, GstCaps *caps, guint min, guint max,
    guint *size)
{
  GstBufferPool *pool = gst_cl_buffer_pool_new (ctx);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstVideoInfo info;

  gst_cl_buffer_pool_layout (caps, &info);
  *size = info.size;
  gst_buffer_pool_config_set_params (config, caps, info.size, min, max);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (!gst_buffer_pool_set_config (pool, config)) {
    gst_object_unref (pool);
    return NULL;
  }
  return pool;
}

gboolean
gst_cl_buffer_pool_propose_allocation (GstClContext *ctx, GstQuery *query)
{
  GstBufferPool *pool;
  GstCaps *caps;
  GstVideoInfo info;
  gboolean need_pool;
  guint size;

  gst_query_parse_allocation (query, &caps, &need_pool);
  if (!ctx || !gst_cl_buffer_pool_layout (caps, &info))
    return FALSE;
  if (need_pool) {
    pool = configured_pool (ctx, caps, 2, 0, &size);
    if (pool) {
      gst_query_add_allocation_pool (query, pool, size, 2, 0);
      gst_object_unref (pool);
    }
  }
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  return TRUE;
}

gboolean
gst_cl_buffer_pool_decide_allocation (GstClContext *ctx, GstQuery *query)
{
  GstBufferPool *pool;
  GstCaps *caps;
  GstVideoInfo info;
  guint min = 2, max = 0, size;

  gst_query_parse_allocation (query, &caps, NULL);
  if (!ctx || !gst_cl_buffer_pool_layout (caps, &info))
    return FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, NULL, NULL, &min, &max);
  min = MAX (min, 2);
  if (max && max < min)
    max = min;
  pool = configured_pool (ctx, caps, min, max, &size);
  if (!pool)
    return FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, size, min, max);
  else
    gst_query_add_allocation_pool (query, pool, size, min, max);
  gst_object_unref (pool);
  return TRUE;
}
