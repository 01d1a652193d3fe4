/* gst-clfilter tests
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
 * Device memory and its pool on their own, without an element: maps for
 * the CPU both ways, GST_MAP_CL, copies, sub-memories, and the pool's
 * layout for every format at odd sizes; host memory whose download is
 * still running.
 */
#include <string.h>

#include <gst/check/gstcheck.h>

#include "gst/cl/gstclbufferpool.h"
#include "gst/cl/gstclhostmemory.h"
#include "gst/cl/gstclmemory.h"

GST_DEBUG_CATEGORY (gst_cl_debug);

static GstClContext *
new_context (void)
{
  GstClDeviceId id;
  GError *error = NULL;
  GstClContext *ctx;

  fail_unless (gst_cl_device_resolve ("", &id, &error), "%s",
      error ? error->message : "");
  ctx = gst_cl_context_new (&id, &error);
  fail_unless (ctx != NULL, "%s", error ? error->message : "");
  return ctx;
}

static void
fill (guint8 *data, gsize size, guint seed)
{
  for (gsize i = 0; i < size; i++)
    data[i] = (guint8)(i * 31 + seed);
}

static gboolean
filled (const guint8 *data, gsize size, guint seed)
{
  for (gsize i = 0; i < size; i++)
    if (data[i] != (guint8)(i * 31 + seed))
      return FALSE;
  return TRUE;
}

GST_START_TEST (test_map_round_trip)
{
  GstClContext *ctx = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (ctx);
  const gsize sizes[] = { 1, 63, 4097, 1920 * 1081 + 7 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    GstMemory *mem = gst_allocator_alloc (allocator, sizes[i], NULL);
    GstMapInfo map;

    fail_unless (mem != NULL);
    fail_unless (gst_is_cl_memory (mem));
    fail_unless_equals_string (mem->allocator->mem_type, GST_CL_MEMORY_TYPE);
    fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
    fail_unless_equals_int (map.size, sizes[i]);
    fill (map.data, map.size, i);
    gst_memory_unmap (mem, &map);
    fail_unless (gst_memory_map (mem, &map, GST_MAP_READ));
    fail_unless (filled (map.data, map.size, i), "size %" G_GSIZE_FORMAT,
        sizes[i]);
    gst_memory_unmap (mem, &map);
    /* Read and write at once keeps the contents. */
    fail_unless (gst_memory_map (mem, &map, GST_MAP_READWRITE));
    fail_unless (filled (map.data, map.size, i));
    map.data[0] ^= 0xff;
    gst_memory_unmap (mem, &map);
    fail_unless (gst_memory_map (mem, &map, GST_MAP_READ));
    fail_unless_equals_int (map.data[0], (guint8)(i ^ 0xff));
    gst_memory_unmap (mem, &map);
    gst_memory_unref (mem);
  }
  gst_object_unref (allocator);
  gst_object_unref (ctx);
}
GST_END_TEST;

/* What the device writes the host reads, and the other way round, through
 * the buffer GST_MAP_CL gives, on the context's queue. */
GST_START_TEST (test_map_cl)
{
  GstClContext *ctx = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (ctx);
  GstMemory *mem = gst_allocator_alloc (allocator, 1000, NULL);
  guint8 host[1000];
  GstMapInfo map;
  cl_mem buffer;

  fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
  fill (map.data, map.size, 7);
  gst_memory_unmap (mem, &map);

  fail_unless (gst_memory_map (mem, &map, GST_MAP_READWRITE | GST_MAP_CL));
  buffer = (cl_mem)map.data;
  fail_unless (buffer == gst_cl_memory_get_buffer (mem, NULL));
  memset (host, 0, sizeof (host));
  fail_unless_equals_int (clEnqueueReadBuffer (ctx->queues->queue, buffer,
                              CL_TRUE, 0, sizeof (host), host, 0, NULL, NULL),
      CL_SUCCESS);
  fail_unless (filled (host, sizeof (host), 7));
  fill (host, sizeof (host), 9);
  fail_unless_equals_int (clEnqueueWriteBuffer (ctx->queues->queue, buffer,
                              CL_FALSE, 0, sizeof (host), host, 0, NULL, NULL),
      CL_SUCCESS);
  gst_memory_unmap (mem, &map);
  /* No wait: the CPU map comes after the write on the queue. */
  fail_unless (gst_memory_map (mem, &map, GST_MAP_READ));
  fail_unless (filled (map.data, map.size, 9));
  gst_memory_unmap (mem, &map);

  gst_memory_unref (mem);
  gst_object_unref (allocator);
  gst_object_unref (ctx);
}
GST_END_TEST;

GST_START_TEST (test_copy_and_share)
{
  GstClContext *ctx = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (ctx);
  GstMemory *mem = gst_allocator_alloc (allocator, 500, NULL);
  GstMemory *copy, *sub;
  GstMapInfo map;

  fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
  fill (map.data, map.size, 3);
  gst_memory_unmap (mem, &map);

  copy = gst_memory_copy (mem, 100, 300);
  fail_unless (gst_is_cl_memory (copy));
  fail_unless (gst_cl_memory_get_buffer (copy, NULL) !=
               gst_cl_memory_get_buffer (mem, NULL));
  fail_unless (gst_memory_map (copy, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size, 300);
  for (guint i = 0; i < 300; i++)
    fail_unless_equals_int (map.data[i], (guint8)((i + 100) * 31 + 3));
  gst_memory_unmap (copy, &map);

  sub = gst_memory_share (mem, 10, 20);
  gst_memory_unref (mem);
  fail_unless (gst_memory_map (sub, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size, 20);
  for (guint i = 0; i < 20; i++)
    fail_unless_equals_int (map.data[i], (guint8)((i + 10) * 31 + 3));
  gst_memory_unmap (sub, &map);
  /* A sub-memory is no plane from its buffer's first byte. */
  fail_if (gst_memory_map (sub, &map, GST_MAP_READ | GST_MAP_CL));
  fail_unless (gst_cl_memory_get_buffer (sub, NULL) == NULL);

  gst_memory_unref (sub);
  gst_memory_unref (copy);
  gst_object_unref (allocator);
  gst_object_unref (ctx);
}
GST_END_TEST;

/* Every plane a memory of its own, at least the plane's rows, at a stride
 * that is a multiple of GST_CL_POOL_ROW_ALIGN; what is written through a
 * frame map is read back the same. */
static void
check_pool (GstClContext *ctx, GstVideoFormat format, guint width, guint height)
{
  GstBufferPool *pool = gst_cl_buffer_pool_new (ctx);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      gst_video_format_to_string (format), "width", G_TYPE_INT, width, "height",
      G_TYPE_INT, height, "framerate", GST_TYPE_FRACTION, 30, 1, NULL);
  GstVideoInfo info, layout;
  GstVideoFrame frame;
  GstVideoMeta *meta;
  GstBuffer *buf;
  guint size;
  cl_mem planes[GST_VIDEO_MAX_PLANES];
  gsize strides[GST_VIDEO_MAX_PLANES];
  GstClContext *other = new_context ();

  gst_caps_set_features (caps, 0,
      gst_caps_features_new (GST_CAPS_FEATURE_MEMORY_CL_BUFFER, NULL));
  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_cl_buffer_pool_layout (caps, &layout));
  gst_buffer_pool_config_set_params (config, caps, info.size, 2, 3);
  fail_unless (gst_buffer_pool_set_config (pool, config));
  config = gst_buffer_pool_get_config (pool);
  fail_unless (
      gst_buffer_pool_config_get_params (config, NULL, &size, NULL, NULL));
  fail_unless_equals_int (size, layout.size);
  gst_structure_free (config);
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buf, NULL),
      GST_FLOW_OK);

  meta = gst_buffer_get_video_meta (buf);
  fail_unless (meta != NULL);
  fail_unless_equals_int (gst_buffer_n_memory (buf), info.finfo->n_planes);
  fail_unless_equals_int (gst_buffer_get_size (buf), layout.size);
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (&info); p++) {
    GstMemory *mem = gst_buffer_peek_memory (buf, p);

    fail_unless (gst_is_cl_memory (mem));
    fail_unless_equals_int (meta->stride[p] % GST_CL_POOL_ROW_ALIGN, 0);
    fail_unless (meta->stride[p] >= info.stride[p]);
    fail_unless_equals_int (meta->offset[p], layout.offset[p]);
  }
  fail_unless (gst_cl_memory_get_planes (buf, &info, ctx, planes, strides));
  fail_if (gst_cl_memory_get_planes (buf, &info, other, planes, strides));

  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++)
    fill (GST_VIDEO_FRAME_PLANE_DATA (&frame, p),
        GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p) *
            GST_VIDEO_FRAME_COMP_HEIGHT (&frame,
                p == 0 || GST_VIDEO_FRAME_N_PLANES (&frame) == 1 ? 0 : p),
        p);
  gst_video_frame_unmap (&frame);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++)
    fail_unless (filled (GST_VIDEO_FRAME_PLANE_DATA (&frame, p),
                     GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p) *
                         GST_VIDEO_FRAME_COMP_HEIGHT (&frame,
                             p == 0 || GST_VIDEO_FRAME_N_PLANES (&frame) == 1
                                 ? 0
                                 : p),
                     p),
        "%s %ux%u plane %u", gst_video_format_to_string (format), width, height,
        p);
  gst_video_frame_unmap (&frame);

  gst_buffer_unref (buf);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  gst_caps_unref (caps);
  gst_object_unref (other);
}

GST_START_TEST (test_pool_layouts)
{
  GstClContext *ctx = new_context ();
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_GRAY16_BE,
    GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_NV12,
    GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_Y444,
    GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY };
  const guint sizes[][2] = { { 1, 1 }, { 7, 5 }, { 64, 2 }, { 333, 97 },
    { 1920, 1080 } };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      check_pool (ctx, formats[f], sizes[s][0], sizes[s][1]);
  gst_object_unref (ctx);
}
GST_END_TEST;

/* A buffer whose planes are not whole memories of the context is not
 * taken for one: system memory, or one memory for all planes. */
GST_START_TEST (test_planes_refused)
{
  GstClContext *ctx = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (ctx);
  GstVideoInfo info;
  GstBuffer *buf;
  cl_mem planes[GST_VIDEO_MAX_PLANES];
  gsize strides[GST_VIDEO_MAX_PLANES];

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, 64, 16);
  buf = gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_if (gst_cl_memory_get_planes (buf, &info, ctx, planes, strides));
  gst_buffer_unref (buf);
  buf = gst_buffer_new ();
  gst_buffer_append_memory (buf,
      gst_allocator_alloc (allocator, info.size, NULL));
  fail_if (gst_cl_memory_get_planes (buf, &info, ctx, planes, strides));
  gst_buffer_unref (buf);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, 64, 16);
  buf = gst_buffer_new ();
  gst_buffer_append_memory (buf,
      gst_allocator_alloc (allocator, info.size, NULL));
  fail_unless (gst_cl_memory_get_planes (buf, &info, ctx, planes, strides));
  fail_unless_equals_int (strides[0], 64);
  gst_buffer_unref (buf);
  gst_object_unref (allocator);
  gst_object_unref (ctx);
}
GST_END_TEST;

typedef struct {
  GstMemory *mem;
  cl_event event;
  gint done;
} Job;

static gpointer
map_job (gpointer data)
{
  Job *job = data;
  GstMapInfo map;

  fail_unless (gst_memory_map (job->mem, &map, GST_MAP_READ));
  g_atomic_int_set (&job->done, 1);
  gst_memory_unmap (job->mem, &map);
  return NULL;
}

static gpointer
complete_job (gpointer data)
{
  Job *job = data;

  g_usleep (G_USEC_PER_SEC / 10);
  g_atomic_int_set (&job->done, 1);
  clSetUserEventStatus (job->event, CL_COMPLETE);
  return NULL;
}

/* A user event stands for a download still running: a map of the memory
 * or of a share of it, from another thread, returns only once it ends,
 * and freeing the memory waits for it too. */
GST_START_TEST (test_host_memory_deferred)
{
  GstClContext *ctx = new_context ();
  GstAllocator *allocator = gst_cl_host_allocator_new (ctx);
  GstMemory *mem = gst_allocator_alloc (allocator, 4096, NULL);
  GstMemory *sub = gst_memory_share (mem, 100, 200);
  GstBuffer *buf = gst_buffer_new ();
  GstBuffer *sys = gst_buffer_new_allocate (NULL, 64, NULL);
  cl_int status;
  Job job;

  gst_buffer_append_memory (buf, mem);
  for (guint round = 0; round < 3; round++) {
    GThread *thread;

    job.mem = round == 1 ? sub : mem;
    job.event = clCreateUserEvent (ctx->context, &status);
    job.done = 0;
    fail_unless_equals_int (status, CL_SUCCESS);
    fail_unless (gst_cl_host_memory_defer (buf, ctx, job.event));
    if (round < 2) {
      thread = g_thread_new ("map", map_job, &job);
      g_usleep (G_USEC_PER_SEC / 10);
      fail_if (g_atomic_int_get (&job.done), "mapped before the download");
      clSetUserEventStatus (job.event, CL_COMPLETE);
    } else {
      thread = g_thread_new ("complete", complete_job, &job);
      gst_memory_unref (sub);
      gst_clear_buffer (&buf);
      fail_unless (g_atomic_int_get (&job.done), "freed before the download");
    }
    g_thread_join (thread);
    fail_unless (g_atomic_int_get (&job.done));
    fail_if (gst_cl_host_memory_defer (sys, ctx, job.event));
    clReleaseEvent (job.event);
  }
  gst_buffer_unref (sys);
  gst_object_unref (allocator);
  gst_object_unref (ctx);
}
GST_END_TEST;

static Suite *
clmemory_suite (void)
{
  Suite *s = suite_create ("clmemory");
  TCase *tc = tcase_create ("general");

  GST_DEBUG_CATEGORY_INIT (gst_cl_debug, "clfilter", 0, "OpenCL filters");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_map_round_trip);
  tcase_add_test (tc, test_map_cl);
  tcase_add_test (tc, test_copy_and_share);
  tcase_add_test (tc, test_pool_layouts);
  tcase_add_test (tc, test_planes_refused);
  tcase_add_test (tc, test_host_memory_deferred);
  return s;
}

GST_CHECK_MAIN (clmemory);
