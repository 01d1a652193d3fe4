/* clfilter-time: times one pipeline for bench/clfilter-bench.py
 * gst-clfilter
 * Copyright (C) 2026 gst-clfilter developers
 * SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
 *
 *   appsrc ! PIPELINE ! fakesink sync=false enable-last-sample=false
 *
 * on a ring of frames from --frames-file, which --write-frames makes from
 * an image; with --copy-bw, a copy kernel's speed, the yardstick for the
 * elements' kernels. Prints "key value" lines on stdout and does nothing
 * else: the rounds, medians, peers, memory peaks and tables are the
 * script's (see docs/performance.md).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <gst/video/video.h>

#include "bench/cldevice.h"
#include "bench/framelatency.h"
#include "gst/cl/gstclmemoryapi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Distinct frames pushed in turn, so that no cache holds "the" frame. */
#define RING 4
/* No buffer for this long means a hung pipeline. */
#define WAIT_TIMEOUT_S 120

static gchar *opt_format = "GRAY8";
static gchar *opt_size = "640x480";
static gchar *opt_frames_file;
static gchar *opt_image;
static gint opt_frames = 100;
static gint opt_warmup = 20;
static gchar *opt_device;
static gboolean opt_system_memory;
static gboolean opt_startup;
static gboolean opt_copy_bw;
static gint opt_streams = 1;
static gboolean opt_wait_start;

static GOptionEntry entries[] = {
  { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format,
      "GStreamer video format of the frames (default GRAY8)", "F" },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size,
      "Frame size (default 640x480)", "WxH" },
  { "frames-file", 'i', 0, G_OPTION_ARG_FILENAME, &opt_frames_file,
      "The ring of frames, in GStreamer's default layout", "FILE" },
  { "write-frames", 0, 0, G_OPTION_ARG_FILENAME, &opt_image,
      "Make --frames-file from an image and exit", "PNG" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &opt_frames,
      "Frames per timed run (default 100)", "N" },
  { "warmup", 'w', 0, G_OPTION_ARG_INT, &opt_warmup,
      "Frames before the first run (default 20)", "N" },
  { "device", 'd', 0, G_OPTION_ARG_STRING, &opt_device,
      "Sets \"device\" on every element that has it; with --streams, a "
      "comma-separated list gives stream i the i-th, in turn",
      "SEL[,SEL...]" },
  { "system-memory", 0, 0, G_OPTION_ARG_NONE, &opt_system_memory,
      "Keep the frames in system memory, not the first element's", NULL },
  { "startup", 0, 0, G_OPTION_ARG_NONE, &opt_startup,
      "Time PLAYING to the first buffer, for a first and a second pipeline",
      NULL },
  { "streams", 0, 0, G_OPTION_ARG_INT, &opt_streams,
      "N pipelines at once in this process, frames pushed to each in turn "
      "(default 1)",
      "N" },
  { "wait-start", 0, 0, G_OPTION_ARG_NONE, &opt_wait_start,
      "After the warm-up, print \"ready\" and wait for a line on stdin "
      "before the timed run, so that several processes run at once",
      NULL },
  { "copy-bw", 0, 0, G_OPTION_ARG_NONE, &opt_copy_bw,
      "Time a copy kernel: arguments DEVICE-NAME MIB [BYTES...]", NULL },
  { NULL }
};

#define now_ns() (g_get_monotonic_time () * 1000)

/* The image flipped RING ways (as is, mirrored, upside down, both), each
 * converted, then scaled by GStreamer (so GRAY16 gets interpolated 16-bit
 * values), written to --frames-file one after the other, in GStreamer's
 * default layout of the format and size. */
static gboolean
write_frames (const GstVideoInfo *want)
{
  static const gchar *flips[RING] = { "none", "horizontal-flip",
    "vertical-flip", "rotate-180" };
  FILE *f = fopen (opt_frames_file, "wb");
  gboolean ok = f != NULL;

  for (guint v = 0; ok && v < RING; v++) {
    gchar *desc = g_strdup_printf ("filesrc location=\"%s\" ! pngdec ! "
                                   "videoflip method=%s ! videoconvert ! "
                                   "videoscale ! video/x-raw,format=%s,"
                                   "width=%d,height=%d ! appsink name=sink",
        opt_image, flips[v], opt_format, want->width, want->height);
    GstElement *pipe = gst_parse_launch (desc, NULL), *sink;
    GstSample *sample = NULL;
    GstMapInfo map;

    g_free (desc);
    if (pipe) {
      sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
      gst_element_set_state (pipe, GST_STATE_PLAYING);
      sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
          30 * GST_SECOND);
      gst_object_unref (sink);
    }
    ok = sample &&
         gst_buffer_map (gst_sample_get_buffer (sample), &map, GST_MAP_READ);
    if (ok) {
      ok = map.size == GST_VIDEO_INFO_SIZE (want) &&
           fwrite (map.data, 1, map.size, f) == map.size;
      gst_buffer_unmap (gst_sample_get_buffer (sample), &map);
    }
    if (sample)
      gst_sample_unref (sample);
    if (pipe) {
      gst_element_set_state (pipe, GST_STATE_NULL);
      gst_object_unref (pipe);
    }
  }
  if (f && fclose (f) != 0)
    ok = FALSE;
  if (!ok)
    g_printerr ("could not make %s from %s\n", opt_frames_file, opt_image);
  return ok;
}

static gboolean
load_ring (const GstVideoInfo *info, GstMemory **ring)
{
  const gsize size = GST_VIDEO_INFO_SIZE (info);
  FILE *f = fopen (opt_frames_file, "rb");
  gboolean ok = f != NULL;

  for (guint i = 0; i < RING; i++) {
    guint8 *data = g_malloc0 (size);

    ok = ok && fread (data, 1, size, f) == size;
    /* Read-only: each pushed buffer shares it, as a zero-copy source's. */
    ring[i] = gst_memory_new_wrapped (GST_MEMORY_FLAG_READONLY, data, size, 0,
        size, data, g_free);
  }
  if (f)
    fclose (f);
  if (!ok)
    g_printerr ("cannot read %d frames from %s\n", RING, opt_frames_file);
  return ok;
}

typedef struct {
  GstElement *pipe, *src;
  GstElement *elements[16]; /* PIPELINE's, in stream order */
  guint n_elements;
  GMutex lock;
  GCond cond;
  guint64 pushed, received, target;
  /* Frames the elements hold back until the next one comes (hold-frame):
   * a wait counts them as arrived, and EOS brings them out. */
  guint held;
  gint64 t_target;
  gboolean eos;
  gchar *error;
  GString *profiles; /* output lines */
  GstClockTime duration;
  /* --streams: the frames this stream pushes, its device's own. */
  GstMemory *ring[RING];
  FrameLatency latency;
} Pipe;

/* "key value" lines for a structure's fields, nested ones under their
 * field's name: profile/clsobel0/kernels/sobel_dx_u8 9600. */
static void
print_fields (GString *out, const gchar *prefix, const GstStructure *s)
{
  for (gint i = 0; i < gst_structure_n_fields (s); i++) {
    const gchar *name = gst_structure_nth_field_name (s, i);
    const GValue *v = gst_structure_get_value (s, name);
    gchar *key = g_strdup_printf ("%s/%s", prefix, name);

    if (GST_VALUE_HOLDS_STRUCTURE (v)) {
      print_fields (out, key, gst_value_get_structure (v));
    } else if (G_VALUE_HOLDS_STRING (v)) {
      g_string_append_printf (out, "%s %s\n", key, g_value_get_string (v));
    } else {
      gchar *str = gst_value_serialize (v);

      g_string_append_printf (out, "%s %s\n", key, str);
      g_free (str);
    }
    g_free (key);
  }
}

static GstBusSyncReply
on_bus (GstBus *bus, GstMessage *msg, gpointer data)
{
  Pipe *p = data;
  GError *e = NULL;

  g_mutex_lock (&p->lock);
  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR:
      gst_message_parse_error (msg, &e, NULL);
      /* One output line, whatever the message holds. */
      if (!p->error)
        p->error = g_strdelimit (g_strdup_printf ("%s: %s",
                                     GST_MESSAGE_SRC_NAME (msg), e->message),
            "\n", ' ');
      g_error_free (e);
      break;
    case GST_MESSAGE_EOS:
      p->eos = TRUE;
      break;
    case GST_MESSAGE_ELEMENT:
      /* Posted at EOS under GST_CL_PROFILING=1, once per element. */
      if (gst_message_has_name (msg, "clfilter-profile")) {
        gchar *prefix = g_strdup_printf ("profile/%s",
            GST_MESSAGE_SRC_NAME (msg));

        print_fields (p->profiles, prefix, gst_message_get_structure (msg));
        g_free (prefix);
      }
      break;
    default:
      break;
  }
  /* Only these end a wait: waking the timing thread at every histogram
   * message would cost the frames a context switch each. */
  if (p->error || p->eos)
    g_cond_broadcast (&p->cond);
  g_mutex_unlock (&p->lock);
  /* Dropped, per-frame histogram messages too, so that none pile up. A
   * sync handler that drops a message owns it. */
  gst_message_unref (msg);
  return GST_BUS_DROP;
}

/* A frame is there when the sink could read it: an element may push a
 * buffer whose download is still running, which its map waits for. Frames
 * left on the device are not mapped, which would download them. */
static void
wait_readable (GstBuffer *buf)
{
  for (guint i = 0; i < gst_buffer_n_memory (buf); i++) {
    GstMemory *mem = gst_buffer_peek_memory (buf, i);
    GstMapInfo map;

    if (!gst_memory_is_type (mem, GST_CL_MEMORY_TYPE) &&
        gst_memory_map (mem, &map, GST_MAP_READ))
      gst_memory_unmap (mem, &map);
  }
}

static GstPadProbeReturn
on_sink_buffer (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  Pipe *p = data;
  gint64 t;

  wait_readable (GST_PAD_PROBE_INFO_BUFFER (info));
  t = now_ns ();
  frame_latency_sink (&p->latency, GST_PAD_PROBE_INFO_BUFFER (info));

  g_mutex_lock (&p->lock);
  if (++p->received == p->target) {
    p->t_target = t;
    g_cond_broadcast (&p->cond);
  }
  g_mutex_unlock (&p->lock);
  return GST_PAD_PROBE_OK;
}

static GstElement *
peer_element (GstElement *e)
{
  GstPad *pad = gst_element_get_static_pad (e, "src");
  GstPad *peer = pad ? gst_pad_get_peer (pad) : NULL;
  GstElement *next = peer ? gst_pad_get_parent_element (peer) : NULL;

  if (pad)
    gst_object_unref (pad);
  if (peer)
    gst_object_unref (peer);
  return next;
}

/* --device for stream @i: the i-th of its list, in turn; NULL for none. */
static gchar *
stream_device (guint i)
{
  gchar **list, *device;

  if (!opt_device)
    return NULL;
  list = g_strsplit (opt_device, ",", -1);
  device = g_strdup (list[i % g_strv_length (list)]);
  g_strfreev (list);
  return device;
}

static gboolean
pipe_build (Pipe *p, const gchar *pipeline, GstCaps *caps, guint stream)
{
  gchar *desc =
      g_strdup_printf ("appsrc name=src ! %s ! fakesink "
                       "name=sink sync=false enable-last-sample=false",
          pipeline);
  GError *error = NULL;
  GstElement *e, *sink;
  gchar *device;
  GstPad *pad;
  GstBus *bus;
  GstVideoInfo info;

  memset (p, 0, sizeof (*p));
  g_mutex_init (&p->lock);
  g_cond_init (&p->cond);
  p->profiles = g_string_new (NULL);
  p->pipe = gst_parse_launch_full (desc, NULL, GST_PARSE_FLAG_FATAL_ERRORS,
      &error);
  g_free (desc);
  if (!p->pipe) {
    printf ("error %s\n", error->message);
    g_error_free (error);
    return FALSE;
  }
  p->src = gst_bin_get_by_name (GST_BIN (p->pipe), "src");
  g_object_set (p->src, "caps", caps, "format", GST_FORMAT_TIME, "block", FALSE,
      "max-bytes", (guint64)0, NULL);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (p->src), "max-buffers"))
    g_object_set (p->src, "max-buffers", (guint64)0, NULL);

  sink = gst_bin_get_by_name (GST_BIN (p->pipe), "sink");
  device = stream_device (stream);
  for (e = peer_element (p->src); e && e != sink; e = peer_element (e)) {
    if (device &&
        g_object_class_find_property (G_OBJECT_GET_CLASS (e), "device"))
      g_object_set (e, "device", device, NULL);
    if (p->n_elements < G_N_ELEMENTS (p->elements))
      p->elements[p->n_elements++] = gst_object_ref (e);
    if (g_object_class_find_property (G_OBJECT_GET_CLASS (e), "hold-frame")) {
      gboolean hold;

      g_object_get (e, "hold-frame", &hold, NULL);
      p->held += hold;
    }
    gst_object_unref (e);
  }
  g_free (device);
  if (e)
    gst_object_unref (e);
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_sink_buffer, p, NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);

  bus = gst_element_get_bus (p->pipe);
  gst_bus_set_sync_handler (bus, on_bus, p, NULL);
  gst_object_unref (bus);
  gst_video_info_from_caps (&info, caps);
  p->duration = gst_util_uint64_scale_int (GST_SECOND, info.fps_d, info.fps_n);
  pad = gst_element_get_static_pad (p->src, "src");
  frame_latency_init (&p->latency, p->duration, pad);
  gst_object_unref (pad);
  return TRUE;
}

static void
pipe_free (Pipe *p)
{
  if (p->pipe) {
    gst_element_set_state (p->pipe, GST_STATE_NULL);
    for (guint i = 0; i < p->n_elements; i++)
      gst_object_unref (p->elements[i]);
    gst_object_unref (p->src);
    gst_object_unref (p->pipe);
  }
  for (guint i = 0; i < RING; i++)
    if (p->ring[i])
      gst_memory_unref (p->ring[i]);
  frame_latency_clear (&p->latency);
  g_free (p->error);
  g_string_free (p->profiles, TRUE);
  g_mutex_clear (&p->lock);
  g_cond_clear (&p->cond);
}

/* Moves the ring into memory from the allocator that the first element
 * proposes in its ALLOCATION query, as a source honouring the query would
 * allocate its frames (pinned memory on GPUs, the device's own on CPU
 * devices). Done once, after the caps are negotiated, before any timing. */
static const gchar *
adopt_allocator (Pipe *p, GstCaps *caps, GstMemory **ring)
{
  GstPad *pad = gst_element_get_static_pad (p->src, "src");
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  const gchar *type = "SystemMemory";

  if (gst_pad_peer_query (pad, query) &&
      gst_query_get_n_allocation_params (query) > 0)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);
  for (guint i = 0; allocator && i < RING; i++) {
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
    type = allocator->mem_type;
  }
  if (allocator)
    gst_object_unref (allocator);
  gst_query_unref (query);
  gst_object_unref (pad);
  return type;
}

static gboolean
push (Pipe *p, GstMemory **ring, guint n)
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

/* Waits until every pushed buffer but those held reached the sink; returns
 * when the last one did, or -1 on an error or when no buffer came for
 * WAIT_TIMEOUT_S. */
static gint64
wait_all (Pipe *p)
{
  gint64 t = -1;
  guint64 seen;

  g_mutex_lock (&p->lock);
  p->target = p->pushed - MIN (p->pushed, p->held);
  if (p->received >= p->target)
    p->t_target = now_ns ();
  seen = p->received;
  while (p->received < p->target && !p->error) {
    if (!g_cond_wait_until (&p->cond, &p->lock,
            g_get_monotonic_time () + WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND) &&
        p->received == seen)
      p->error = g_strdup_printf ("no buffer for %d s", WAIT_TIMEOUT_S);
    seen = p->received;
  }
  if (!p->error)
    t = p->t_target;
  g_mutex_unlock (&p->lock);
  return t;
}

static gboolean
wait_eos (Pipe *p)
{
  const gint64 deadline = g_get_monotonic_time () +
                          WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND;

  gst_app_src_end_of_stream (GST_APP_SRC (p->src));
  g_mutex_lock (&p->lock);
  while (
      !p->eos && !p->error && g_cond_wait_until (&p->cond, &p->lock, deadline))
    ;
  if (!p->eos && !p->error)
    p->error = g_strdup ("no EOS");
  g_mutex_unlock (&p->lock);
  return !p->error;
}

static void
print_elements (Pipe *p)
{
  for (guint i = 0; i < p->n_elements; i++) {
    GstElement *e = p->elements[i];
    gchar *device = NULL;

    printf ("element %s %s\n", GST_ELEMENT_NAME (e),
        GST_OBJECT_NAME (gst_element_get_factory (e)));
    if (g_object_class_find_property (G_OBJECT_GET_CLASS (e), "device-name"))
      g_object_get (e, "device-name", &device, NULL);
    if (device)
      printf ("device-name %s\n", device); /* the last one's counts */
    g_free (device);
  }
}

/* With --wait-start: "ready", then the timed run once a line (or the end)
 * comes on stdin. clfilter-bench.py --processes starts its processes' runs
 * together this way; each prints its run's start and end on the monotonic
 * clock, which all processes share. */
static gboolean
wait_start (void)
{
  int c;

  if (!opt_wait_start)
    return TRUE;
  printf ("ready\n");
  fflush (stdout);
  while ((c = getchar ()) != EOF && c != '\n')
    ;
  return TRUE;
}

static void
print_span (gint64 t0, gint64 t1)
{
  printf ("run-start-ns %" G_GINT64_FORMAT "\nrun-end-ns %" G_GINT64_FORMAT
          "\n",
      t0, t1);
}

/* Exit statuses: the script drops a pipeline that cannot be built (an
 * element not registered) from every format and size. */
enum
{
  DONE = 0,
  FAILED = 2,
  NOT_BUILT = 3
};

/* The pipeline's first frame from set_state (PLAYING), then a warm-up and
 * one run, from its first push to the moment its last buffer reaches the
 * sink's pad. With --startup, the first frame's time only, of this pipeline
 * and then of a second, new one in this process. */
static int
time_case (const gchar *pipeline, GstCaps *caps, GstMemory **ring)
{
  int ret = DONE;

  for (guint i = 0; ret == DONE && i < (opt_startup ? 2 : 1); i++) {
    const gchar *which = i ? "second" : "first";
    gint64 t0, t_state, t1 = -1;
    Pipe p;

    if (!pipe_build (&p, pipeline, caps, 0)) {
      pipe_free (&p);
      return NOT_BUILT;
    }
    t0 = now_ns ();
    gst_element_set_state (p.pipe, GST_STATE_PLAYING);
    t_state = now_ns ();
    /* A held frame comes out when the next one goes in: the first frame
     * reaches the sink, the caps and the allocator negotiated, only once
     * as many frames follow it as are held. */
    ret = push (&p, ring, 1 + p.held) && (t1 = wait_all (&p)) >= 0 ? DONE
                                                                   : FAILED;
    if (ret == DONE && opt_startup) {
      printf ("%s-ms %.3f\n%s-state-ms %.3f\n", which, (t1 - t0) / 1e6, which,
          (t_state - t0) / 1e6);
    } else if (ret == DONE) {
      printf ("frame-memory %s\n", opt_system_memory
                                       ? "SystemMemory"
                                       : adopt_allocator (&p, caps, ring));
      ret = FAILED;
      if (push (&p, ring, opt_warmup) && wait_all (&p) >= 0 && wait_start ()) {
        FrameLatency *latency = &p.latency;

        frame_latency_restart (latency);
        t0 = now_ns ();
        if (push (&p, ring, opt_frames) && (t1 = wait_all (&p)) >= 0 &&
            wait_eos (&p)) {
          printf ("run-ms %.6f\n%s", (t1 - t0) / 1e6 / opt_frames,
              p.profiles->str);
          frame_latency_print (&latency, 1);
          print_span (t0, t1);
          ret = DONE;
        }
      }
    }
    if (ret == DONE && i == 0)
      print_elements (&p);
    if (ret != DONE)
      printf ("error %s\n", p.error ? p.error : "a push failed");
    pipe_free (&p);
  }
  return ret;
}

/* Pushes @frames to each of @n pipes in turn, and waits for all: the time
 * each took from @t0 in @t. */
static gboolean
run_streams (Pipe *p, guint n, GstMemory **ring, guint frames, gint64 t0,
    gint64 *t)
{
  for (guint f = 0; f < frames; f++)
    for (guint i = 0; i < n; i++)
      if (!push (&p[i], p[i].ring[0] ? p[i].ring : ring, 1))
        return FALSE;
  for (guint i = 0; i < n; i++)
    if ((t[i] = wait_all (&p[i])) < 0)
      return FALSE;
    else
      t[i] -= t0;
  return TRUE;
}

/* The first stream on stream @i's device. */
static guint
first_on_device (guint i)
{
  gchar *device = stream_device (i);
  guint j = 0;

  for (;; j++) {
    gchar *other = stream_device (j);
    gboolean same = g_strcmp0 (device, other) == 0;

    g_free (other);
    if (same)
      break;
  }
  g_free (device);
  return j;
}

/* Each stream's ring: its device's first stream moves a copy of @ring into
 * its first element's memory, and the device's other streams share it,
 * so that no GPU is handed another's pinned memory (which it would take
 * as foreign memory), as a source on each GPU would allocate. The type of
 * the memory is stream 0's. */
static const gchar *
adopt_stream_rings (Pipe *p, guint n, GstCaps *caps, GstMemory **ring)
{
  const gchar *type = "SystemMemory";

  for (guint i = 0; i < n; i++) {
    const guint j = first_on_device (i);

    for (guint k = 0; k < RING; k++)
      p[i].ring[k] = gst_memory_ref (j == i ? ring[k] : p[j].ring[k]);
    if (j == i && !opt_system_memory) {
      const gchar *t = adopt_allocator (&p[i], caps, p[i].ring);

      if (i == 0)
        type = t;
    }
  }
  return type;
}

/* --streams N: N pipelines of @pipeline in this process, on frames of
 * one ring for each device (in its first element's memory unless
 * --system-memory), sharing the elements' device and context as any
 * pipelines of a process do. run-ms is the time per frame of all streams
 * together (its inverse, the aggregate rate), stream-ms each stream's own
 * time per frame. */
static int
time_streams (const gchar *pipeline, GstCaps *caps, GstMemory **ring, guint n)
{
  Pipe *p = g_new0 (Pipe, n);
  gint64 *t = g_new0 (gint64, n), t0, last = 0;
  int ret = FAILED;
  guint built = 0;

  for (; built < n; built++)
    if (!pipe_build (&p[built], pipeline, caps, built))
      break;
  if (built == n) {
    for (guint i = 0; i < n; i++)
      gst_element_set_state (p[i].pipe, GST_STATE_PLAYING);
    if (run_streams (p, n, ring, 1 + p[0].held, now_ns (), t)) {
      printf ("frame-memory %s\n", adopt_stream_rings (p, n, caps, ring));
      t0 = now_ns ();
      if (run_streams (p, n, ring, opt_warmup, t0, t) && wait_start ()) {
        for (guint i = 0; i < n; i++)
          frame_latency_restart (&p[i].latency);
        if (run_streams (p, n, ring, opt_frames, t0 = now_ns (), t))
          ret = DONE;
      }
    }
  }
  for (guint i = 0; ret == DONE && i < n; i++) {
    last = MAX (last, t[i]);
    printf ("stream-ms %.6f\n", t[i] / 1e6 / opt_frames);
    if (!wait_eos (&p[i]))
      ret = FAILED;
  }
  if (ret == DONE) {
    FrameLatency **latencies = g_new (FrameLatency *, n);

    for (guint i = 0; i < n; i++)
      latencies[i] = &p[i].latency;
    printf ("streams %u\nrun-ms %.6f\n%s", n, last / 1e6 / opt_frames / n,
        p[0].profiles->str);
    frame_latency_print (latencies, n);
    g_free (latencies);
    print_span (t0, t0 + last);
    print_elements (&p[0]);
  } else {
    for (guint i = 0; i < MIN (built, n); i++)
      if (p[i].error)
        printf ("error %s\n", p[i].error);
    if (built == n)
      printf ("error a push failed\n");
  }
  for (guint i = 0; i <= MIN (built, n - 1); i++)
    pipe_free (&p[i]);
  g_free (t);
  g_free (p);
  return built < n ? NOT_BUILT : ret;
}

/* --copy-bw DEVICE-NAME MIB [BYTES...]: on the device the elements named
 * (their "device-name", so that their device selection has no second copy
 * here; the first of several of that name), what it is, then (MIB > 0)
 * the best of 10 copies of a MIB buffer (bytes read + written per second)
 * and the best of 20 copies of each BYTES (the least a kernel on a frame
 * can take). */
static const char *copy_src =
    "__kernel void copy4 (__global const uint4 *src, __global uint4 *dst)\n"
    "{ size_t i = get_global_id (0); dst[i] = src[i]; }\n";

/* The best of @reps copies of @n_vec uint4, in ns of device time. */
static double
time_copy (cl_command_queue q, cl_kernel k, size_t n_vec, int reps)
{
  double best = -1;

  for (int r = 0; r < reps; r++) {
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;

    if (clEnqueueNDRangeKernel (q, k, 1, NULL, &n_vec, NULL, 0, NULL, &ev))
      return -1;
    clWaitForEvents (1, &ev);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
    clReleaseEvent (ev);
    if (best < 0 || t1 - t0 < best)
      best = t1 - t0;
  }
  return best;
}

static int
copy_bw (int argc, char **argv)
{
  cl_platform_id platform = NULL;
  cl_device_id dev = argc >= 3 ? bench_find_device (argv[1], 0) : NULL;
  cl_device_type type = 0;
  cl_context ctx;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_mem a = NULL, b = NULL;
  cl_ulong max_alloc = 0;
  const cl_uint pattern = 0x5a5a1234;
  gchar s[256] = "", d[256] = "";
  cl_int err;
  size_t bytes;
  double ns;

  if (!dev) {
    printf ("error no OpenCL device named \"%s\"\n", argc >= 3 ? argv[1] : "");
    return 2;
  }
  clGetDeviceInfo (dev, CL_DEVICE_TYPE, sizeof (type), &type, NULL);
  clGetDeviceInfo (dev, CL_DEVICE_PLATFORM, sizeof (platform), &platform, NULL);
  clGetPlatformInfo (platform, CL_PLATFORM_NAME, sizeof (s) - 1, s, NULL);
  clGetDeviceInfo (dev, CL_DRIVER_VERSION, sizeof (d) - 1, d, NULL);
  printf ("device-type %s\nplatform %s\ndriver %s\n",
      (type & CL_DEVICE_TYPE_GPU)           ? "gpu"
      : (type & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
      : (type & CL_DEVICE_TYPE_CPU)         ? "cpu"
                                            : "other",
      g_strstrip (s), g_strstrip (d));
  clGetDeviceInfo (dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof (max_alloc),
      &max_alloc, NULL);
  bytes = MIN ((size_t)strtoull (argv[2], NULL, 10) << 20, max_alloc) & ~15;
  if (!bytes)
    return 0;
  /* Each step only if every step before it succeeded. */
  ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  if (!err)
    q = clCreateCommandQueue (ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  if (!err)
    prog = clCreateProgramWithSource (ctx, 1, &copy_src, NULL, &err);
  if (!err)
    err = clBuildProgram (prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL);
  if (!err)
    k = clCreateKernel (prog, "copy4", &err);
  if (!err)
    a = clCreateBuffer (ctx, CL_MEM_READ_ONLY, bytes, NULL, &err);
  if (!err)
    b = clCreateBuffer (ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  if (!err)
    err = clEnqueueFillBuffer (q, a, &pattern, sizeof (pattern), 0, bytes, 0,
        NULL, NULL);
  if (!err)
    err = clSetKernelArg (k, 0, sizeof (a), &a);
  if (!err)
    err = clSetKernelArg (k, 1, sizeof (b), &b);
  /* One untimed pass faults the pages in. */
  if (err || time_copy (q, k, bytes / 16, 1) <= 0 ||
      (ns = time_copy (q, k, bytes / 16, 10)) <= 0) {
    printf ("error OpenCL setup or the copy kernel failed (%d)\n", err);
    return 2;
  }
  printf ("device-name %s\nbytes %zu\ncopy-ns %.0f\nbytes-per-s %.6g\n",
      argv[1], bytes, ns, 2.0 * bytes / ns * 1e9);
  for (int i = 3; i < argc; i++) {
    const size_t n = strtoull (argv[i], NULL, 10);

    if (n > 0 && n <= bytes)
      printf ("copy-ns/%zu %.0f\n", n, time_copy (q, k, (n + 15) / 16, 20));
  }
  /* The process ends here; the driver frees what it holds. */
  return 0;
}

int
main (int argc, char **argv)
{
  GOptionContext *ctx = g_option_context_new ("PIPELINE");
  GError *error = NULL;
  GstMemory *ring[RING] = { NULL };
  GstVideoInfo info;
  GstCaps *caps;
  guint w = 0, h = 0;
  int ret;

  g_option_context_set_summary (ctx,
      "Times appsrc ! PIPELINE ! fakesink for bench/clfilter-bench.py.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 1;
  }
  g_option_context_free (ctx);
  alarm (1800); /* a hung driver ends the process, not the benchmark */
  if (opt_copy_bw)
    return copy_bw (argc, argv);
  if (sscanf (opt_size, "%ux%u", &w, &h) != 2 || !w || !h ||
      gst_video_format_from_string (opt_format) == GST_VIDEO_FORMAT_UNKNOWN ||
      !opt_frames_file || (!opt_image && argc != 2)) {
    g_printerr ("usage: clfilter-time -f FORMAT -s WxH -i FRAMES PIPELINE, "
                "or --write-frames PNG -f FORMAT -s WxH -i FRAMES, "
                "or --copy-bw DEVICE-NAME MIB [BYTES...]\n");
    return 1;
  }
  gst_video_info_set_format (&info, gst_video_format_from_string (opt_format),
      w, h);
  info.fps_n = 30;
  info.fps_d = 1;
  if (opt_image)
    return write_frames (&info) ? 0 : 1;
  if (!load_ring (&info, ring))
    return 1;
  caps = gst_video_info_to_caps (&info);
  ret = opt_streams > 1 ? time_streams (argv[1], caps, ring, opt_streams)
                        : time_case (argv[1], caps, ring);
  printf ("gstreamer %s\n", gst_version_string ());
  for (guint i = 0; i < RING; i++)
    gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  return ret;
}
