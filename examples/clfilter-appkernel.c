/* gst-clfilter example: the application's own OpenCL kernel on frames
 * that stay on the device between two clfilter elements
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
 * usage: clfilter-appkernel [--own-context] [--check] [FRAMES]
 *
 * Plays FRAMES (10) frames of videotestsrc through
 *   clhistequalize ! identity ! clsobel
 * where the link carries memory:OpenCLBuffer, and inverts each frame on
 * the device at the identity, with a kernel of its own: GST_MAP_CL gives
 * the frame's cl_mem, the "gst.opencl.context" GstContext the queue the
 * elements use, so the kernel runs between theirs with no wait and no
 * copy. --own-context hands the elements a context the application made
 * instead; --check reads each frame on the CPU before and after the kernel
 * to check it (a copy each way, for the check only). Links with nothing of
 * gst-clfilter: gstclmemoryapi.h only holds values. Exits with 1 on an
 * error, and on an argument it does not know (FRAMES: a number from 1).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <string.h>

#include "gst/cl/gstclmemoryapi.h"

static const char *kernel_source =
    "__kernel void invert (__global uchar *p, uint stride, uint width)\n"
    "{\n"
    "  size_t x = get_global_id (0), y = get_global_id (1);\n"
    "  if (x < width)\n"
    "    p[y * stride + x] = 255 - p[y * stride + x];\n"
    "}\n";

typedef struct {
  GMutex lock;
  gboolean own;
  gboolean check;
  /* The context and queue the elements run on. */
  cl_context context;
  cl_device_id device;
  cl_command_queue queue;
  cl_kernel kernel;
  guint inverted;
  guint checked;
  gboolean failed;
  guint8 *before;
} App;

static void
fail (App *app, const gchar *what)
{
  g_printerr ("error: %s\n", what);
  app->failed = TRUE;
}

/* The application's own context, on the first GPU, else any device. */
static gboolean
make_own_context (App *app)
{
  cl_platform_id platforms[8];
  cl_uint n = 0;
  cl_int status;

  if (clGetPlatformIDs (8, platforms, &n) != CL_SUCCESS || n == 0)
    return FALSE;
  for (cl_uint i = 0; i < n && !app->device; i++)
    if (clGetDeviceIDs (platforms[i], CL_DEVICE_TYPE_GPU, 1, &app->device,
            NULL) != CL_SUCCESS)
      app->device = NULL;
  for (cl_uint i = 0; i < n && !app->device; i++)
    if (clGetDeviceIDs (platforms[i], CL_DEVICE_TYPE_ALL, 1, &app->device,
            NULL) != CL_SUCCESS)
      app->device = NULL;
  if (!app->device)
    return FALSE;
  app->context = clCreateContext (NULL, 1, &app->device, NULL, NULL, &status);
  if (status != CL_SUCCESS)
    return FALSE;
  app->queue = clCreateCommandQueue (app->context, app->device, 0, &status);
  return status == CL_SUCCESS;
}

/* Elements ask for a context before they make one: with --own-context they
 * get the application's; else the application learns theirs. */
static GstBusSyncReply
bus_sync (GstBus *bus, GstMessage *msg, gpointer data)
{
  App *app = data;
  const gchar *type = NULL;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_NEED_CONTEXT && app->own &&
      gst_message_parse_context_type (msg, &type) &&
      g_str_equal (type, GST_CL_CONTEXT_TYPE)) {
    GstContext *context = gst_context_new (GST_CL_CONTEXT_TYPE, TRUE);

    gst_structure_set (gst_context_writable_structure (context),
        GST_CL_CONTEXT_FIELD_CONTEXT, G_TYPE_POINTER, app->context,
        GST_CL_CONTEXT_FIELD_DEVICE, G_TYPE_POINTER, app->device,
        GST_CL_CONTEXT_FIELD_QUEUE, G_TYPE_POINTER, app->queue, NULL);
    gst_element_set_context (GST_ELEMENT (GST_MESSAGE_SRC (msg)), context);
    gst_context_unref (context);
  } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_HAVE_CONTEXT && !app->own) {
    GstContext *context;
    gpointer ctx = NULL, device = NULL, queue = NULL;

    gst_message_parse_have_context (msg, &context);
    if (g_str_equal (gst_context_get_context_type (context),
            GST_CL_CONTEXT_TYPE) &&
        gst_structure_get (gst_context_get_structure (context),
            GST_CL_CONTEXT_FIELD_CONTEXT, G_TYPE_POINTER, &ctx,
            GST_CL_CONTEXT_FIELD_DEVICE, G_TYPE_POINTER, &device,
            GST_CL_CONTEXT_FIELD_QUEUE, G_TYPE_POINTER, &queue, NULL)) {
      g_mutex_lock (&app->lock);
      if (!app->context) {
        /* Ours to keep as long as we use them. */
        clRetainContext (ctx);
        clRetainCommandQueue (queue);
        app->context = ctx;
        app->device = device;
        app->queue = queue;
      }
      g_mutex_unlock (&app->lock);
    }
    gst_context_unref (context);
  }
  return GST_BUS_PASS;
}

static gboolean
build_kernel (App *app)
{
  cl_program program;
  cl_int status;

  program = clCreateProgramWithSource (app->context, 1, &kernel_source, NULL,
      &status);
  if (status != CL_SUCCESS)
    return FALSE;
  if (clBuildProgram (program, 1, &app->device, NULL, NULL, NULL) == CL_SUCCESS)
    app->kernel = clCreateKernel (program, "invert", &status);
  clReleaseProgram (program);
  return app->kernel != NULL;
}

static gboolean
on_device (GstPad *pad)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gboolean yes = caps &&
                 gst_caps_features_contains (gst_caps_get_features (caps, 0),
                     GST_CAPS_FEATURE_MEMORY_CL_BUFFER);

  if (caps)
    gst_caps_unref (caps);
  return yes;
}

/* The frame's pixels on the CPU (a download, for --check only). */
static guint8 *
read_frame (GstBuffer *buf, GstPad *pad)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoFrame frame;
  GstVideoInfo info;
  guint8 *pixels = NULL;

  gst_video_info_from_caps (&info, caps);
  gst_caps_unref (caps);
  if (!gst_video_frame_map (&frame, &info, buf, GST_MAP_READ))
    return NULL;
  pixels = g_malloc (info.width * info.height);
  for (gint y = 0; y < info.height; y++)
    memcpy (pixels + y * info.width,
        (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
            y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
        info.width);
  gst_video_frame_unmap (&frame);
  return pixels;
}

static GstPadProbeReturn
before_kernel (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  App *app = data;

  g_free (app->before);
  app->before = read_frame (GST_PAD_PROBE_INFO_BUFFER (info), pad);
  return GST_PAD_PROBE_OK;
}

/* At the identity's source pad: the kernel on the frame's cl_mem, queued
 * after the work of clhistequalize and before clsobel's. */
static GstPadProbeReturn
run_kernel (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  App *app = data;
  GstBuffer *buf = gst_buffer_make_writable (GST_PAD_PROBE_INFO_BUFFER (info));
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  GstMemory *mem = gst_buffer_peek_memory (buf, 0);
  const size_t global[2] = { meta ? GST_ROUND_UP_16 (meta->width) : 0,
    meta ? meta->height : 0 };
  cl_context owner = NULL;
  cl_uint stride, width;
  GstMapInfo map;
  cl_mem plane;

  GST_PAD_PROBE_INFO_DATA (info) = buf;
  if (!on_device (pad) || !meta ||
      !gst_memory_is_type (mem, GST_CL_MEMORY_TYPE)) {
    fail (app, "the frame between the elements is not on the device");
    return GST_PAD_PROBE_OK;
  }
  if (!gst_memory_map (mem, &map, GST_MAP_READWRITE | GST_MAP_CL)) {
    fail (app, "GST_MAP_CL failed");
    return GST_PAD_PROBE_OK;
  }
  plane = (cl_mem)map.data;
  clGetMemObjectInfo (plane, CL_MEM_CONTEXT, sizeof (owner), &owner, NULL);
  g_mutex_lock (&app->lock);
  if (owner != app->context)
    fail (app, "the frame is not of the context the application has");
  else if (!app->kernel && !build_kernel (app))
    fail (app, "could not build the application's kernel");
  g_mutex_unlock (&app->lock);
  if (!app->failed) {
    stride = meta->stride[0];
    width = meta->width;
    clSetKernelArg (app->kernel, 0, sizeof (plane), &plane);
    clSetKernelArg (app->kernel, 1, sizeof (stride), &stride);
    clSetKernelArg (app->kernel, 2, sizeof (width), &width);
    /* On the elements' in-order queue: no wait, clsobel's kernels come
     * after it. */
    if (clEnqueueNDRangeKernel (app->queue, app->kernel, 2, NULL, global, NULL,
            0, NULL, NULL) != CL_SUCCESS)
      fail (app, "could not queue the application's kernel");
    else
      app->inverted++;
  }
  gst_memory_unmap (mem, &map);
  return GST_PAD_PROBE_OK;
}

/* At clsobel's sink pad, for --check: the CPU map waits for the queue. */
static GstPadProbeReturn
after_kernel (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  App *app = data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  guint8 *after = read_frame (buf, pad);
  GstVideoInfo vinfo;

  gst_video_info_from_caps (&vinfo, caps);
  gst_caps_unref (caps);
  if (!after || !app->before) {
    fail (app, "could not read a frame on the CPU");
  } else {
    for (gint i = 0; i < vinfo.width * vinfo.height; i++)
      if (after[i] != 255 - app->before[i]) {
        fail (app, "a frame is not inverted");
        break;
      }
    app->checked++;
  }
  g_free (after);
  return GST_PAD_PROBE_OK;
}

int
main (int argc, char **argv)
{
  App app = { 0 };
  guint frames = 10;
  gboolean frames_given = FALSE;
  GstElement *pipeline, *identity, *sobel;
  GstPad *src, *sink;
  GstMessage *msg;
  GstBus *bus;
  gchar *desc;

  gst_init (&argc, &argv);
  g_mutex_init (&app.lock);
  for (int i = 1; i < argc; i++) {
    guint64 n;

    if (g_str_equal (argv[i], "--own-context")) {
      app.own = TRUE;
    } else if (g_str_equal (argv[i], "--check")) {
      app.check = TRUE;
    } else if (!frames_given && g_ascii_string_to_unsigned (argv[i], 10, 1,
                                    G_MAXINT, &n, NULL)) {
      frames = n;
      frames_given = TRUE;
    } else {
      g_printerr ("usage: %s [--own-context] [--check] [FRAMES]\n", argv[0]);
      return 1;
    }
  }
  if (app.own && !make_own_context (&app)) {
    g_printerr ("error: could not make an OpenCL context\n");
    return 1;
  }
  desc = g_strdup_printf ("videotestsrc num-buffers=%u pattern=ball ! "
                          "video/x-raw,format=GRAY8,width=320,height=240 ! "
                          "clhistequalize post-messages=false ! "
                          "identity name=app ! clsobel name=sobel ! "
                          "video/x-raw,format=GRAY8 ! fakesink",
      frames);
  pipeline = gst_parse_launch (desc, NULL);
  g_free (desc);
  if (!pipeline) {
    g_printerr ("error: no pipeline (is the plugin on GST_PLUGIN_PATH?)\n");
    return 1;
  }
  identity = gst_bin_get_by_name (GST_BIN (pipeline), "app");
  sobel = gst_bin_get_by_name (GST_BIN (pipeline), "sobel");
  src = gst_element_get_static_pad (identity, "src");
  sink = gst_element_get_static_pad (sobel, "sink");
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, run_kernel, &app, NULL);
  if (app.check) {
    GstPad *in = gst_element_get_static_pad (identity, "sink");

    gst_pad_add_probe (in, GST_PAD_PROBE_TYPE_BUFFER, before_kernel, &app,
        NULL);
    gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER, after_kernel, &app,
        NULL);
    gst_object_unref (in);
  }
  bus = gst_element_get_bus (pipeline);
  gst_bus_set_sync_handler (bus, bus_sync, &app, NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err = NULL;
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    g_printerr ("error from %s: %s\n%s\n", GST_MESSAGE_SRC_NAME (msg),
        err->message, dbg ? dbg : "");
    app.failed = TRUE;
    g_clear_error (&err);
    g_free (dbg);
  }
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);

  printf ("%u frames inverted on the device by the application's kernel, "
          "on %s context",
      app.inverted, app.own ? "its own" : "the elements'");
  if (app.check)
    printf ("; %u checked on the CPU", app.checked);
  printf ("\n");

  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (identity);
  gst_object_unref (sobel);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  if (app.kernel)
    clReleaseKernel (app.kernel);
  if (app.queue)
    clReleaseCommandQueue (app.queue);
  if (app.context)
    clReleaseContext (app.context);
  g_free (app.before);
  return app.failed || app.inverted != frames ? 1 : 0;
}
