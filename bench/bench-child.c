/* gst-clfilter benchmark: the child modes that run pipelines
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
 * --child=prep makes the frames, --child=case times a pipeline,
 * --child=startup times its start; each prints its "RESULT" line.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "bench.h"

#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>

#include <stdio.h>
#include <string.h>

/* Distinct frames pushed in turn, so that no cache holds "the" frame. */
#define RING 4
/* No progress for this long means a hung pipeline. */
#define WAIT_TIMEOUT_S 120

/* VmHWM: the peak resident set of this process image (exec resets it). */
static gint64
vmhwm_kib (void)
{
  gchar *status = NULL, *p;
  gint64 v = -1;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (p = strstr (status, "VmHWM:")))
    v = g_ascii_strtoll (p + 6, NULL, 10);
  g_free (status);
  return v;
}

void
print_result (GstStructure *s)
{
  gchar *str;

  gst_structure_set (s, "vmhwm-kib", G_TYPE_INT64, vmhwm_kib (), NULL);
  str = gst_structure_to_string (s);
  printf ("RESULT %s\n", str);
  fflush (stdout);
  g_free (str);
}

/* ------------------------------------------------------------------ */
/* Frames                                                              */

gboolean
video_info_for (const gchar *format, guint w, guint h, GstVideoInfo *info)
{
  GstVideoFormat f = gst_video_format_from_string (format);

  if (f == GST_VIDEO_FORMAT_UNKNOWN)
    return FALSE;
  gst_video_info_set_format (info, f, w, h);
  GST_VIDEO_INFO_FPS_N (info) = 30;
  GST_VIDEO_INFO_FPS_D (info) = 1;
  return TRUE;
}

/* Plane @p of @info without row padding: bytes per row, rows, and the unit
 * a row can be mirrored in (a pixel; a pixel pair in YUY2 and UYVY, a U,V
 * pair in NV12's second plane). */
static void
plane_layout (const GstVideoInfo *info, guint p, gsize *row, guint *rows,
    guint *unit)
{
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (info->finfo, p, comp);
  *row = 0;
  *unit = 1;
  for (guint i = 0; i < GST_VIDEO_MAX_COMPONENTS && comp[i] >= 0; i++) {
    *row = MAX (*row, (gsize)GST_VIDEO_INFO_COMP_WIDTH (info, comp[i]) *
                          GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[i]));
    *unit = MAX (*unit, (guint)GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[i]));
  }
  *rows = GST_VIDEO_INFO_COMP_HEIGHT (info, comp[0]);
}

/* --child=prep: moon.png decoded, converted and scaled by GStreamer into
 * one frame; RING variants of it (as is, mirrored, flipped, both) written
 * plane after plane, rows without padding, to --frames-file. */
int
child_prep (void)
{
  GstStructure *res = gst_structure_new_empty ("prep");
  GstElement *pipe = NULL, *sink;
  GstSample *sample = NULL;
  GstVideoInfo info;
  GstVideoFrame vf;
  GError *error = NULL;
  guint w, h;
  gchar *desc;
  int ret = 1;

  if (!parse_size (opt_size, &w, &h) || !opt_format || !opt_frames_file ||
      !opt_image) {
    g_printerr ("prep: --size, --format, --image and --frames-file needed\n");
    return 1;
  }
  desc = g_strdup_printf ("filesrc location=\"%s\" ! pngdec ! videoconvert ! "
                          "videoscale ! video/x-raw,format=%s,width=%u,"
                          "height=%u ! appsink name=sink sync=false",
      opt_image, opt_format, w, h);
  pipe = gst_parse_launch (desc, &error);
  g_free (desc);
  if (!pipe) {
    g_printerr ("prep: %s\n", error->message);
    return 1;
  }
  sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  gst_element_set_state (pipe, GST_STATE_PLAYING);
  sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 30 * GST_SECOND);
  gst_object_unref (sink);
  if (!sample) {
    g_printerr ("prep: no frame from %s\n", opt_image);
    goto out;
  }
  if (!gst_video_info_from_caps (&info, gst_sample_get_caps (sample)) ||
      !gst_video_frame_map (&vf, &info, gst_sample_get_buffer (sample),
          GST_MAP_READ)) {
    g_printerr ("prep: cannot map the frame\n");
    goto out;
  }
  {
    FILE *f = fopen (opt_frames_file, "wb");
    guint64 sum = 0;
    gsize row;
    guint rows, unit;

    for (guint v = 0; f && v < RING; v++) {
      const gboolean mirror = v & 1, flip = v & 2;

      for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&vf); p++) {
        plane_layout (&info, p, &row, &rows, &unit);
        for (guint y = 0; y < rows; y++) {
          const guint8 *src = (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, p) +
                              (gsize)(flip ? rows - 1 - y : y) *
                                  GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p);

          if (v == 0 && p == 0)
            for (gsize x = 0; x < row; x++)
              sum += src[x];
          if (!mirror) {
            fwrite (src, 1, row, f);
            continue;
          }
          for (gsize x = row; x >= unit; x -= unit)
            fwrite (src + x - unit, 1, unit, f);
        }
      }
    }
    gst_video_frame_unmap (&vf);
    if (!f || fclose (f) != 0) {
      g_printerr ("prep: cannot write %s\n", opt_frames_file);
      goto out;
    }
    plane_layout (&info, 0, &row, &rows, &unit);
    gst_structure_set (res, "format", G_TYPE_STRING, opt_format, "width",
        G_TYPE_UINT, w, "height", G_TYPE_UINT, h, "mean", G_TYPE_DOUBLE,
        (gdouble)sum / (row * rows), NULL);
  }
  print_result (res);
  ret = 0;
out:
  if (sample)
    gst_sample_unref (sample);
  gst_element_set_state (pipe, GST_STATE_NULL);
  gst_object_unref (pipe);
  gst_structure_free (res);
  return ret;
}

/* The ring, read into memory once, each frame laid out as @info says. */
static gboolean
load_ring (const GstVideoInfo *info, GstMemory **ring)
{
  FILE *f = fopen (opt_frames_file, "rb");

  if (!f) {
    g_printerr ("cannot open %s\n", opt_frames_file);
    return FALSE;
  }
  for (guint i = 0; i < RING; i++) {
    guint8 *data = g_malloc0 (GST_VIDEO_INFO_SIZE (info));

    for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
      guint8 *plane = data + GST_VIDEO_INFO_PLANE_OFFSET (info, p);
      gsize row;
      guint rows, unit;

      plane_layout (info, p, &row, &rows, &unit);
      for (guint y = 0; y < rows; y++)
        if (fread (plane + (gsize)y * GST_VIDEO_INFO_PLANE_STRIDE (info, p), 1,
                row, f) != row) {
          g_printerr ("%s is short\n", opt_frames_file);
          g_free (data);
          fclose (f);
          return FALSE;
        }
    }
    ring[i] = gst_memory_new_wrapped (GST_MEMORY_FLAG_READONLY, data,
        GST_VIDEO_INFO_SIZE (info), 0, GST_VIDEO_INFO_SIZE (info), data,
        g_free);
  }
  fclose (f);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* One pipeline: appsrc ! ELEMENT ! fakesink                           */

typedef struct {
  GMutex lock;
  GCond cond;
  guint64 received;
  guint64 target;
  gint64 t_target;
  gboolean eos;
  gchar *error;
  GstStructure *profile;
  GstCaps *out_caps;
} Sync;

typedef struct {
  GstElement *pipe;
  GstElement *src;
  GstElement *dut;
  Sync sync;
  guint64 pushed;
  GstClockTime duration;
} Pipe;

static GstBusSyncReply
on_bus (GstBus *bus, GstMessage *msg, gpointer data)
{
  Sync *s = data;

  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR: {
      GError *e = NULL;
      gchar *dbg = NULL;

      gst_message_parse_error (msg, &e, &dbg);
      g_mutex_lock (&s->lock);
      if (!s->error)
        s->error = g_strdup_printf ("%s: %s", GST_OBJECT_NAME (msg->src),
            e->message);
      g_cond_broadcast (&s->cond);
      g_mutex_unlock (&s->lock);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
          e->message, dbg ? dbg : "");
      g_error_free (e);
      g_free (dbg);
      break;
    }
    case GST_MESSAGE_EOS:
      g_mutex_lock (&s->lock);
      s->eos = TRUE;
      g_cond_broadcast (&s->cond);
      g_mutex_unlock (&s->lock);
      break;
    case GST_MESSAGE_ELEMENT:
      /* Everything else, e.g. clhistequalize's per-frame "histogram"
       * messages, is dropped here so that nothing piles up on the bus. */
      if (gst_message_has_name (msg, "clfilter-profile")) {
        g_mutex_lock (&s->lock);
        if (s->profile)
          gst_structure_free (s->profile);
        s->profile = gst_structure_copy (gst_message_get_structure (msg));
        g_mutex_unlock (&s->lock);
      }
      break;
    default:
      break;
  }
  return GST_BUS_DROP;
}

static GstPadProbeReturn
on_sink_buffer (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  Sync *s = data;
  const gint64 t = now_ns ();

  g_mutex_lock (&s->lock);
  if (++s->received == s->target) {
    s->t_target = t;
    g_cond_broadcast (&s->cond);
  }
  if (!s->out_caps)
    s->out_caps = gst_pad_get_current_caps (pad);
  g_mutex_unlock (&s->lock);
  return GST_PAD_PROBE_OK;
}

static gboolean
pipe_build (Pipe *p, const gchar *element, GstCaps *caps, GError **error)
{
  gchar *desc =
      g_strdup_printf ("appsrc name=src ! %s name=dut ! fakesink "
                       "name=sink sync=false enable-last-sample=false",
          element);
  GstElement *sink;
  GstPad *pad;
  GstBus *bus;

  memset (p, 0, sizeof (*p));
  g_mutex_init (&p->sync.lock);
  g_cond_init (&p->sync.cond);
  p->pipe = gst_parse_launch (desc, error);
  g_free (desc);
  if (!p->pipe)
    return FALSE;
  p->src = gst_bin_get_by_name (GST_BIN (p->pipe), "src");
  p->dut = gst_bin_get_by_name (GST_BIN (p->pipe), "dut");
  g_object_set (p->src, "caps", caps, "format", GST_FORMAT_TIME, "is-live",
      FALSE, "block", FALSE, "max-bytes", (guint64)0, NULL);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (p->src), "max-buffers"))
    g_object_set (p->src, "max-buffers", (guint64)0, NULL);
  if (opt_device &&
      g_object_class_find_property (G_OBJECT_GET_CLASS (p->dut), "device"))
    g_object_set (p->dut, "device", opt_device, NULL);

  sink = gst_bin_get_by_name (GST_BIN (p->pipe), "sink");
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_sink_buffer, &p->sync,
      NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);

  bus = gst_element_get_bus (p->pipe);
  gst_bus_set_sync_handler (bus, on_bus, &p->sync, NULL);
  gst_object_unref (bus);
  {
    GstVideoInfo info;

    gst_video_info_from_caps (&info, caps);
    p->duration = gst_util_uint64_scale_int (GST_SECOND,
        GST_VIDEO_INFO_FPS_D (&info), GST_VIDEO_INFO_FPS_N (&info));
  }
  return TRUE;
}

static void
pipe_free (Pipe *p)
{
  if (p->pipe) {
    gst_element_set_state (p->pipe, GST_STATE_NULL);
    gst_object_unref (p->src);
    gst_object_unref (p->dut);
    gst_object_unref (p->pipe);
  }
  g_free (p->sync.error);
  if (p->sync.profile)
    gst_structure_free (p->sync.profile);
  if (p->sync.out_caps)
    gst_caps_unref (p->sync.out_caps);
  g_mutex_clear (&p->sync.lock);
  g_cond_clear (&p->sync.cond);
}

/* Moves the ring into memory from the allocator that @p's element proposes
 * in its ALLOCATION query, as a source that honours it would allocate its
 * frames (clfilter elements offer pinned or device-shared memory). Done
 * once, after the first frame negotiated the caps, before any timing. */
static const gchar *
pipe_adopt_allocator (Pipe *p, GstCaps *caps, GstMemory **ring)
{
  GstPad *pad = gst_element_get_static_pad (p->dut, "sink");
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  const gchar *type = "SystemMemory";

  if (gst_pad_query (pad, query) &&
      gst_query_get_n_allocation_params (query) > 0)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);
  if (allocator) {
    for (guint i = 0; i < RING; i++) {
      GstMemory *mem = gst_allocator_alloc (allocator, ring[i]->size, &params);
      GstMapInfo src, dst;

      if (!mem)
        break;
      gst_memory_map (ring[i], &src, GST_MAP_READ);
      gst_memory_map (mem, &dst, GST_MAP_WRITE);
      memcpy (dst.data, src.data, src.size);
      gst_memory_unmap (mem, &dst);
      gst_memory_unmap (ring[i], &src);
      gst_memory_unref (ring[i]);
      ring[i] = mem;
    }
    type = allocator->mem_type;
    gst_object_unref (allocator);
  }
  gst_query_unref (query);
  gst_object_unref (pad);
  return type;
}

/* Each pushed buffer is new but shares one of the ring's read-only
 * memories: no copy, as a zero-copy source would give it. */
static gboolean
pipe_push (Pipe *p, GstMemory **ring, guint n)
{
  for (guint i = 0; i < n; i++, p->pushed++) {
    GstBuffer *buf = gst_buffer_new ();

    gst_buffer_append_memory (buf, gst_memory_ref (ring[p->pushed % RING]));
    GST_BUFFER_PTS (buf) = p->pushed * p->duration;
    GST_BUFFER_DURATION (buf) = p->duration;
    if (gst_app_src_push_buffer (GST_APP_SRC (p->src), buf) != GST_FLOW_OK)
      return FALSE;
  }
  return TRUE;
}

/* Waits until @target buffers in all reached the sink; returns the time the
 * last one did, or -1 on error or timeout. Progress resets the timeout. */
static gint64
pipe_wait (Pipe *p, guint64 target)
{
  Sync *s = &p->sync;
  gint64 t = -1;
  guint64 seen;

  g_mutex_lock (&s->lock);
  s->target = target;
  if (s->received >= target) {
    g_mutex_unlock (&s->lock);
    return now_ns ();
  }
  seen = s->received;
  while (s->received < target && !s->error) {
    gint64 deadline = g_get_monotonic_time () +
                      WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND;

    if (!g_cond_wait_until (&s->cond, &s->lock, deadline) &&
        s->received == seen) {
      s->error =
          g_strdup_printf ("timed out waiting for buffer %" G_GUINT64_FORMAT
                           " (%" G_GUINT64_FORMAT " arrived)",
              target, s->received);
      break;
    }
    seen = s->received;
  }
  if (!s->error)
    t = s->t_target;
  g_mutex_unlock (&s->lock);
  return t;
}

static gboolean
pipe_wait_eos (Pipe *p)
{
  Sync *s = &p->sync;
  const gint64 deadline = g_get_monotonic_time () +
                          WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND;
  gboolean ok;

  gst_app_src_end_of_stream (GST_APP_SRC (p->src));
  g_mutex_lock (&s->lock);
  while (!s->eos && !s->error)
    if (!g_cond_wait_until (&s->cond, &s->lock, deadline))
      break;
  ok = s->eos;
  g_mutex_unlock (&s->lock);
  return ok;
}

static void
add_device_name (GstStructure *res, Pipe *p)
{
  gchar *name = NULL;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (p->dut), "device-name"))
    g_object_get (p->dut, "device-name", &name, NULL);
  if (name)
    gst_structure_set (res, "device-name", G_TYPE_STRING, name, NULL);
  g_free (name);
}

static void
add_profile (GstStructure *res, const GstStructure *prof)
{
  const GstStructure *kernels = NULL;
  const gchar *fields[] = { "frames", "upload-ns", "download-ns", "kernel-ns" };
  const GValue *v;

  if (!prof) {
    gst_structure_set (res, "profile", G_TYPE_BOOLEAN, FALSE, NULL);
    return;
  }
  gst_structure_set (res, "profile", G_TYPE_BOOLEAN, TRUE, NULL);
  if (gst_structure_has_field (prof, "device-name"))
    gst_structure_set (res, "profile-device", G_TYPE_STRING,
        gst_structure_get_string (prof, "device-name"), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++) {
    guint64 u;
    gchar *key = g_strconcat ("profile-", fields[i], NULL);

    if (gst_structure_get_uint64 (prof, fields[i], &u))
      gst_structure_set (res, key, G_TYPE_UINT64, u, NULL);
    g_free (key);
  }
  v = gst_structure_get_value (prof, "kernels");
  if (v && GST_VALUE_HOLDS_STRUCTURE (v))
    kernels = gst_value_get_structure (v);
  for (gint i = 0; kernels && i < gst_structure_n_fields (kernels); i++) {
    const gchar *name = gst_structure_nth_field_name (kernels, i);
    guint64 u;
    gchar *key = g_strconcat ("kernel-", name, NULL);

    if (gst_structure_get_uint64 (kernels, name, &u))
      gst_structure_set (res, key, G_TYPE_UINT64, u, NULL);
    g_free (key);
  }
}

static gboolean
child_setup_frames (GstVideoInfo *info, GstMemory **ring, GstCaps **caps)
{
  guint w, h;

  if (!opt_element || !parse_size (opt_size, &w, &h) || !opt_format ||
      !opt_frames_file || !video_info_for (opt_format, w, h, info)) {
    g_printerr ("child: --element, --size, --format, --frames-file needed\n");
    return FALSE;
  }
  *caps = gst_video_info_to_caps (info);
  return load_ring (info, ring);
}

/* --child=case: warm-up, then --runs timed runs of --frames frames. */
int
child_case (void)
{
  GstStructure *res = gst_structure_new_empty ("case");
  GstMemory *ring[RING] = { NULL };
  GstVideoInfo info;
  GstCaps *caps = NULL;
  GError *error = NULL;
  GString *runs = g_string_new (NULL);
  gdouble *ms = g_new0 (gdouble, MAX (opt_runs, 1));
  Pipe p;
  int ret = 1;

  if (!child_setup_frames (&info, ring, &caps))
    return 1;
  gst_structure_set (res, "element", G_TYPE_STRING, opt_element, "format",
      G_TYPE_STRING, opt_format, "width", G_TYPE_INT,
      GST_VIDEO_INFO_WIDTH (&info), "height", G_TYPE_INT,
      GST_VIDEO_INFO_HEIGHT (&info), "frames", G_TYPE_INT, opt_frames, "warmup",
      G_TYPE_INT, opt_warmup, "runs", G_TYPE_INT, opt_runs, NULL);
  if (!pipe_build (&p, opt_element, caps, &error)) {
    gst_structure_set (res, "error", G_TYPE_STRING, error->message, NULL);
    print_result (res);
    goto out_nopipe;
  }
  gst_element_set_state (p.pipe, GST_STATE_PLAYING);
  if (!pipe_push (&p, ring, 1) || pipe_wait (&p, p.pushed) < 0)
    goto failed;
  gst_structure_set (res, "frame-memory", G_TYPE_STRING,
      pipe_adopt_allocator (&p, caps, ring), NULL);
  if (!pipe_push (&p, ring, opt_warmup) || pipe_wait (&p, p.pushed) < 0)
    goto failed;
  for (gint r = 0; r < opt_runs; r++) {
    const gint64 t0 = now_ns ();
    gint64 t1;

    if (!pipe_push (&p, ring, opt_frames) ||
        (t1 = pipe_wait (&p, p.pushed)) < 0)
      goto failed;
    ms[r] = (t1 - t0) / 1e6 / opt_frames;
    g_string_append_printf (runs, "%s%.6f", r ? "," : "", ms[r]);
  }
  if (!pipe_wait_eos (&p) && !p.sync.error)
    p.sync.error = g_strdup ("no EOS");
  if (p.sync.error)
    goto failed;
  gst_structure_set (res, "median-ms", G_TYPE_DOUBLE, median (ms, opt_runs),
      "run-ms", G_TYPE_STRING, runs->str, NULL);
  if (p.sync.out_caps) {
    GstVideoInfo oi;
    gchar *s = gst_caps_to_string (p.sync.out_caps);

    gst_structure_set (res, "out-caps", G_TYPE_STRING, s, NULL);
    if (gst_video_info_from_caps (&oi, p.sync.out_caps))
      gst_structure_set (res, "out-bytes", G_TYPE_UINT64,
          (guint64)GST_VIDEO_INFO_WIDTH (&oi) * GST_VIDEO_INFO_HEIGHT (&oi) *
              GST_VIDEO_INFO_COMP_PSTRIDE (&oi, 0),
          NULL);
    g_free (s);
  }
  add_device_name (res, &p);
  add_profile (res, p.sync.profile);
  print_result (res);
  ret = 0;
  goto out;

failed:
  gst_structure_set (res, "error", G_TYPE_STRING,
      p.sync.error ? p.sync.error : "push failed", NULL);
  print_result (res);
out:
  pipe_free (&p);
out_nopipe:
  g_clear_error (&error);
  for (guint i = 0; i < RING; i++)
    if (ring[i])
      gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  gst_structure_free (res);
  g_string_free (runs, TRUE);
  g_free (ms);
  return ret;
}

/* --child=startup: set_state(PLAYING) to the first buffer at the sink, for
 * a first pipeline and then a second, new one in the same process. */
int
child_startup (void)
{
  GstStructure *res = gst_structure_new_empty ("startup");
  GstMemory *ring[RING] = { NULL };
  GstVideoInfo info;
  GstCaps *caps = NULL;
  const gchar *which[] = { "first", "second" };

  if (!child_setup_frames (&info, ring, &caps))
    return 1;
  gst_structure_set (res, "element", G_TYPE_STRING, opt_element, "format",
      G_TYPE_STRING, opt_format, "width", G_TYPE_INT,
      GST_VIDEO_INFO_WIDTH (&info), "height", G_TYPE_INT,
      GST_VIDEO_INFO_HEIGHT (&info), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (which); i++) {
    GError *error = NULL;
    gchar *key;
    gint64 t0, t_state, t_first;
    Pipe p;

    if (!pipe_build (&p, opt_element, caps, &error)) {
      gst_structure_set (res, "error", G_TYPE_STRING, error->message, NULL);
      g_error_free (error);
      break;
    }
    t0 = now_ns ();
    gst_element_set_state (p.pipe, GST_STATE_PLAYING);
    t_state = now_ns ();
    if (!pipe_push (&p, ring, 1) || (t_first = pipe_wait (&p, 1)) < 0) {
      gst_structure_set (res, "error", G_TYPE_STRING,
          p.sync.error ? p.sync.error : "push failed", NULL);
      pipe_free (&p);
      break;
    }
    key = g_strdup_printf ("%s-ms", which[i]);
    gst_structure_set (res, key, G_TYPE_DOUBLE, (t_first - t0) / 1e6, NULL);
    g_free (key);
    key = g_strdup_printf ("%s-state-ms", which[i]);
    gst_structure_set (res, key, G_TYPE_DOUBLE, (t_state - t0) / 1e6, NULL);
    g_free (key);
    if (i == 0)
      add_device_name (res, &p);
    pipe_free (&p);
  }
  print_result (res);
  for (guint i = 0; i < RING; i++)
    if (ring[i])
      gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  gst_structure_free (res);
  return 0;
}
