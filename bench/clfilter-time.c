/* clfilter-time: times one pipeline for bench/clfilter-bench.py
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   appsrc ! PIPELINE ! fakesink sync=false enable-last-sample=false
 *
 * on a ring of frames from --frames-file, which --write-frames makes from
 * an image. Prints "key value" lines on stdout and does nothing else: the
 * rounds, medians, peers, memory peaks and tables are the script's (see
 * docs/performance.md).
 */
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/gst.h>
#include <gst/video/video.h>

#include "gst/cl/gstclmemoryapi.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Distinct frames pushed in turn, so that no cache holds "the" frame. */
#define RING 4
/* No buffer for this long means a hung pipeline. */
#define WAIT_TIMEOUT_S 120

static gchar *opt_format = "GRAY8";
static gchar *opt_size = "640x480";
static gchar *opt_frames_file;
static gchar *opt_image;
static gboolean opt_write_frames;
static gint opt_frames = 100;
static gint opt_warmup = 20;
static gint opt_runs = 1;
static gchar *opt_device;
static gboolean opt_system_memory;
static gboolean opt_startup;
static gint opt_timeout = 1800;

static GOptionEntry entries[] = {
  { "format", 'f', 0, G_OPTION_ARG_STRING, &opt_format,
      "GStreamer video format of the frames (default GRAY8)", "F" },
  { "size", 's', 0, G_OPTION_ARG_STRING, &opt_size,
      "Frame size (default "
      "640x480)",
      "WxH" },
  { "frames-file", 'i', 0, G_OPTION_ARG_FILENAME, &opt_frames_file,
      "The ring of frames, plane after plane, rows unpadded", "FILE" },
  { "write-frames", 0, 0, G_OPTION_ARG_NONE, &opt_write_frames,
      "Make --frames-file from --image and exit", NULL },
  { "image", 0, 0, G_OPTION_ARG_FILENAME, &opt_image,
      "Image for --write-frames", "PNG" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &opt_frames,
      "Frames per timed run (default 100)", "N" },
  { "warmup", 'w', 0, G_OPTION_ARG_INT, &opt_warmup,
      "Frames before the first run (default 20)", "N" },
  { "runs", 'r', 0, G_OPTION_ARG_INT, &opt_runs, "Timed runs (default 1)",
      "N" },
  { "device", 'd', 0, G_OPTION_ARG_STRING, &opt_device,
      "Sets \"device\" on every element that has it", "SEL" },
  { "system-memory", 0, 0, G_OPTION_ARG_NONE, &opt_system_memory,
      "Keep the frames in system memory, not the first element's", NULL },
  { "startup", 0, 0, G_OPTION_ARG_NONE, &opt_startup,
      "Time PLAYING to the first buffer, for a first and a second pipeline",
      NULL },
  { "timeout", 0, 0, G_OPTION_ARG_INT, &opt_timeout,
      "Exit after this many seconds (default 1800)", "S" },
  { NULL }
};

static gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Plane @p without row padding: bytes per row, rows, and the unit a row is
 * mirrored in (a pixel; a pixel pair in YUY2, a U,V pair in NV12's UV). */
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

/* The image decoded, converted, then scaled by GStreamer (so GRAY16 gets
 * interpolated 16-bit values), and RING variants of it (as is, mirrored,
 * flipped, both) written to --frames-file. */
static gboolean
write_frames (const GstVideoInfo *want)
{
  gchar *desc = g_strdup_printf ("filesrc location=\"%s\" ! pngdec ! "
                                 "videoconvert ! videoscale ! "
                                 "video/x-raw,format=%s,width=%d,height=%d ! "
                                 "appsink name=sink sync=false",
      opt_image, opt_format, want->width, want->height);
  GError *error = NULL;
  GstElement *pipe = gst_parse_launch (desc, &error), *sink;
  GstSample *sample = NULL;
  GstVideoInfo info;
  GstVideoFrame vf;
  FILE *f = NULL;
  gboolean ok = FALSE;

  g_free (desc);
  if (!pipe) {
    g_printerr ("%s\n", error->message);
    g_error_free (error);
    return FALSE;
  }
  sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  gst_element_set_state (pipe, GST_STATE_PLAYING);
  sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 30 * GST_SECOND);
  gst_object_unref (sink);
  if (sample &&
      gst_video_info_from_caps (&info, gst_sample_get_caps (sample)) &&
      gst_video_frame_map (&vf, &info, gst_sample_get_buffer (sample),
          GST_MAP_READ)) {
    f = fopen (opt_frames_file, "wb");
    for (guint v = 0; f && v < RING; v++)
      for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&vf); p++) {
        gsize row;
        guint rows, unit;

        plane_layout (&info, p, &row, &rows, &unit);
        for (guint y = 0; y < rows; y++) {
          const guint8 *src = (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, p) +
                              (gsize)(v & 2 ? rows - 1 - y : y) *
                                  GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p);

          if (!(v & 1))
            fwrite (src, 1, row, f);
          else
            for (gsize x = row; x >= unit; x -= unit)
              fwrite (src + x - unit, 1, unit, f);
        }
      }
    ok = f && fclose (f) == 0;
    gst_video_frame_unmap (&vf);
  }
  if (!ok)
    g_printerr ("could not make %s from %s\n", opt_frames_file, opt_image);
  if (sample)
    gst_sample_unref (sample);
  gst_element_set_state (pipe, GST_STATE_NULL);
  gst_object_unref (pipe);
  return ok;
}

static gboolean
load_ring (const GstVideoInfo *info, GstMemory **ring)
{
  FILE *f = fopen (opt_frames_file, "rb");
  gboolean ok = f != NULL;

  for (guint i = 0; ok && i < RING; i++) {
    guint8 *data = g_malloc0 (GST_VIDEO_INFO_SIZE (info));

    for (guint p = 0; ok && p < GST_VIDEO_INFO_N_PLANES (info); p++) {
      gsize row;
      guint rows, unit;

      plane_layout (info, p, &row, &rows, &unit);
      for (guint y = 0; ok && y < rows; y++)
        ok = fread (data + GST_VIDEO_INFO_PLANE_OFFSET (info, p) +
                        (gsize)y * GST_VIDEO_INFO_PLANE_STRIDE (info, p),
                 1, row, f) == row;
    }
    /* Read-only: each pushed buffer shares it, as a zero-copy source's. */
    ring[i] = gst_memory_new_wrapped (GST_MEMORY_FLAG_READONLY, data,
        GST_VIDEO_INFO_SIZE (info), 0, GST_VIDEO_INFO_SIZE (info), data,
        g_free);
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
  gint64 t_target;
  gboolean eos;
  gchar *error;
  GString *profiles; /* output lines */
  GstClockTime duration;
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

static gboolean
pipe_build (Pipe *p, const gchar *pipeline, GstCaps *caps)
{
  gchar *desc =
      g_strdup_printf ("appsrc name=src ! %s ! fakesink "
                       "name=sink sync=false enable-last-sample=false",
          pipeline);
  GError *error = NULL;
  GstElement *e, *sink;
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
  for (e = peer_element (p->src); e && e != sink; e = peer_element (e)) {
    if (opt_device &&
        g_object_class_find_property (G_OBJECT_GET_CLASS (e), "device"))
      g_object_set (e, "device", opt_device, NULL);
    if (p->n_elements < G_N_ELEMENTS (p->elements))
      p->elements[p->n_elements++] = gst_object_ref (e);
    gst_object_unref (e);
  }
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

/* Waits until every pushed buffer reached the sink; returns when the last
 * one did, or -1 on an error or when no buffer came for WAIT_TIMEOUT_S. */
static gint64
wait_all (Pipe *p)
{
  gint64 t = -1;
  guint64 seen;

  g_mutex_lock (&p->lock);
  p->target = p->pushed;
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

/* Bytes of component 0 of @pad's caps: the luma, what the elements send. */
static guint64
pad_bytes (GstElement *e, const gchar *name)
{
  GstPad *pad = gst_element_get_static_pad (e, name);
  GstCaps *caps = pad ? gst_pad_get_current_caps (pad) : NULL;
  GstVideoInfo info;
  guint64 bytes = 0;

  if (caps && gst_video_info_from_caps (&info, caps))
    bytes = (guint64)GST_VIDEO_INFO_COMP_WIDTH (&info, 0) *
            GST_VIDEO_INFO_COMP_HEIGHT (&info, 0) *
            GST_VIDEO_INFO_COMP_PSTRIDE (&info, 0);
  if (caps)
    gst_caps_unref (caps);
  if (pad)
    gst_object_unref (pad);
  return bytes;
}

static void
print_elements (Pipe *p)
{
  gboolean named = FALSE;

  for (guint i = 0; i < p->n_elements; i++) {
    GstElement *e = p->elements[i];
    const gchar *name = GST_ELEMENT_NAME (e);

    printf ("element %s %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", name,
        GST_OBJECT_NAME (gst_element_get_factory (e)), pad_bytes (e, "sink"),
        pad_bytes (e, "src"));
    if (!named &&
        g_object_class_find_property (G_OBJECT_GET_CLASS (e), "device-name")) {
      gchar *device = NULL;

      g_object_get (e, "device-name", &device, NULL);
      if (device)
        printf ("device-name %s\n", device);
      named = device != NULL;
      g_free (device);
    }
  }
}

/* Exit statuses: the script drops a pipeline that cannot be built (an
 * element not registered) from every format and size. */
enum
{
  DONE = 0,
  FAILED = 2,
  NOT_BUILT = 3
};

/* Warm-up, then --runs runs, each from its first push to the moment its
 * last buffer reaches the sink's pad. */
static int
time_case (const gchar *pipeline, GstCaps *caps, GstMemory **ring)
{
  Pipe p;
  int ret = FAILED;

  if (!pipe_build (&p, pipeline, caps)) {
    ret = NOT_BUILT;
    goto out;
  }
  gst_element_set_state (p.pipe, GST_STATE_PLAYING);
  if (!push (&p, ring, 1) || wait_all (&p) < 0)
    goto out;
  printf ("frame-memory %s\n",
      opt_system_memory ? "SystemMemory" : adopt_allocator (&p, caps, ring));
  if (!push (&p, ring, opt_warmup) || wait_all (&p) < 0)
    goto out;
  for (gint r = 0; r < opt_runs; r++) {
    const gint64 t0 = now_ns ();
    gint64 t1;

    if (!push (&p, ring, opt_frames) || (t1 = wait_all (&p)) < 0)
      goto out;
    printf ("run-ms %.6f\n", (t1 - t0) / 1e6 / opt_frames);
  }
  if (!wait_eos (&p))
    goto out;
  print_elements (&p);
  printf ("%s", p.profiles->str);
  ret = DONE;
out:
  if (p.error)
    printf ("error %s\n", p.error);
  pipe_free (&p);
  return ret;
}

/* set_state(PLAYING) to the first buffer at the sink, for a first pipeline
 * and then a second, new one in the same process. */
static int
time_startup (const gchar *pipeline, GstCaps *caps, GstMemory **ring)
{
  const gchar *which[] = { "first", "second" };

  for (guint i = 0; i < G_N_ELEMENTS (which); i++) {
    gint64 t0, t_state, t_first = -1;
    Pipe p;

    if (!pipe_build (&p, pipeline, caps)) {
      pipe_free (&p);
      return NOT_BUILT;
    }
    t0 = now_ns ();
    gst_element_set_state (p.pipe, GST_STATE_PLAYING);
    t_state = now_ns ();
    if (push (&p, ring, 1))
      t_first = wait_all (&p);
    if (t_first < 0) {
      printf ("error %s\n", p.error ? p.error : "push failed");
      pipe_free (&p);
      return FAILED;
    }
    printf ("%s-ms %.3f\n%s-state-ms %.3f\n", which[i], (t_first - t0) / 1e6,
        which[i], (t_state - t0) / 1e6);
    if (i == 0)
      print_elements (&p);
    pipe_free (&p);
  }
  return DONE;
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
  alarm (opt_timeout);
  if (sscanf (opt_size, "%ux%u", &w, &h) != 2 || !w || !h ||
      gst_video_format_from_string (opt_format) == GST_VIDEO_FORMAT_UNKNOWN ||
      !opt_frames_file || (opt_write_frames ? !opt_image : argc != 2)) {
    g_printerr ("usage: clfilter-time -f FORMAT -s WxH -i FRAMES PIPELINE, "
                "or --write-frames --image PNG -f FORMAT -s WxH -i FRAMES\n");
    return 1;
  }
  gst_video_info_set_format (&info, gst_video_format_from_string (opt_format),
      w, h);
  info.fps_n = 30;
  info.fps_d = 1;
  if (opt_write_frames)
    return write_frames (&info) ? 0 : 1;
  if (!load_ring (&info, ring))
    return 1;
  caps = gst_video_info_to_caps (&info);
  ret = opt_startup ? time_startup (argv[1], caps, ring)
                    : time_case (argv[1], caps, ring);
  printf ("gstreamer %s\n", gst_version_string ());
  for (guint i = 0; i < RING; i++)
    gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  return ret;
}
