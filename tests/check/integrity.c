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
 * Every frame out exact, none lost or repeated, whatever upstream hands
 * over and however fast downstream takes it: each element in each format
 * it takes (gray, 8-bit YUV, packed RGB and YUV of 10 to 16 bits), fed by
 * upstream elements that recycle their own buffers (videotestsrc,
 * videoconvert, an appsrc with a small pool of its own) and with buffers
 * it may not write, into a sink that reads each frame at once,
 * one that holds frames unread for a while (as filesink does), and a slow
 * one, each with and without a queue in front, and in chains of two
 * elements whose frames stay on the device; packed RGB also in the
 * color-space values other than the default. Every output frame is
 * compared with the C reference of the frame that went in, and its
 * timestamp with that frame's. INTEGRITY_ROUNDS=N repeats every pipeline
 * N times; INTEGRITY_FORMATS=GRAY8,NV12 keeps to those formats (a quicker
 * run).
 */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>

#include "cltestutils.h"
#include "clreference.h"

/* Not a multiple of the device rows' alignment, so that rows are padded
 * on the device; even, for the 4:2:2 and 4:2:0 formats. */
#define WIDTH 98
#define HEIGHT 66
#define FRAMES 24
/* Frames a holding sink keeps unread, and a queue's length. */
#define HOLD 3
#define QUEUE "queue max-size-buffers=3 max-size-bytes=0 max-size-time=0"
/* The appsrc's own pool: enough for what the sink and queue hold and the
 * frames in flight, few enough that its buffers come back again and
 * again. */
#define POOL_MAX (HOLD + 3 + 4)
#define FRAME_DURATION (GST_SECOND / 30)

static const gchar *elements[] = { "clhistequalize", "clclahe", "clhistogram",
  "clsobel" };

typedef enum
{
  /* videotestsrc's snow, in the pool the element proposes. */
  SOURCE_TESTSRC,
  /* The same through videoconvert, out of its own pool. */
  SOURCE_CONVERT,
  /* An appsrc writing random frames into buffers of its own small pool,
   * which it gives up as it pushes them. */
  SOURCE_APP_POOL,
  /* An appsrc pushing read-only memory it keeps a reference to. */
  SOURCE_APP_READONLY,
  N_SOURCES
} Source;

static const gchar *source_names[] = { "videotestsrc", "videoconvert",
  "appsrc-pool", "appsrc-readonly" };

typedef enum
{
  /* Reads each frame as it comes. */
  SINK_AT_ONCE,
  /* Keeps HOLD frames unread, reading the oldest as each new one comes. */
  SINK_HOLD,
  /* Takes 2 ms for each frame before it reads it. */
  SINK_SLOW,
  N_SINKS
} SinkMode;

static const gchar *sink_names[] = { "at-once", "holding", "slow" };

typedef struct {
  GstClockTime pts;
  TestFrame *frame;
} Frame;

static void
frame_free (Frame *f)
{
  test_frame_free (f->frame);
  g_free (f);
}

static GPtrArray *
frames_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)frame_free);
}

/* The sink's side of a run. */
typedef struct {
  SinkMode mode;
  GQueue held;
  GstCaps *caps;
  GPtrArray *out;
} Collector;

static void
collect_one (Collector *c, GstBuffer *buf)
{
  Frame *f = g_new0 (Frame, 1);

  f->pts = GST_BUFFER_PTS (buf);
  f->frame = test_frame_from_buffer (buf, c->caps);
  g_ptr_array_add (c->out, f);
}

static void
on_handoff (GstElement *sink, GstBuffer *buf, GstPad *pad, Collector *c)
{
  if (!c->caps)
    c->caps = gst_pad_get_current_caps (pad);
  switch (c->mode) {
    case SINK_SLOW:
      g_usleep (2000);
      collect_one (c, buf);
      break;
    case SINK_HOLD:
      g_queue_push_tail (&c->held, gst_buffer_ref (buf));
      if (g_queue_get_length (&c->held) > HOLD) {
        GstBuffer *oldest = g_queue_pop_head (&c->held);

        collect_one (c, oldest);
        gst_buffer_unref (oldest);
      }
      break;
    default:
      collect_one (c, buf);
      break;
  }
}

/* The appsrc's side of a run. */
typedef struct {
  Source source;
  GPtrArray *frames;
  guint next;
  GstBufferPool *pool;
  GstVideoInfo info;
  /* SOURCE_APP_READONLY: what was pushed, to check it is unchanged. */
  GPtrArray *pushed;
} Feed;

static GstBuffer *
pool_buffer (Feed *feed, const TestFrame *f)
{
  GstBuffer *buf = NULL;
  GstVideoFrame vf;

  fail_unless (
      gst_buffer_pool_acquire_buffer (feed->pool, &buf, NULL) == GST_FLOW_OK);
  fail_unless (gst_video_frame_map (&vf, &feed->info, buf, GST_MAP_WRITE));
  for (guint p = 0; p < f->n_planes; p++) {
    const guint rows = test_format_plane_height (f->format, f->height, p);
    const gsize bytes = test_format_row_bytes (f->format, f->width, p);

    for (guint y = 0; y < rows; y++)
      memcpy ((guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, p) +
                  y * GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p),
          f->planes[p] + y * f->strides[p], bytes);
  }
  gst_video_frame_unmap (&vf);
  return buf;
}

static GstBuffer *
readonly_buffer (Feed *feed, const TestFrame *f)
{
  GstBuffer *buf = test_frame_to_buffer (f);

  for (guint i = 0; i < gst_buffer_n_memory (buf); i++)
    GST_MINI_OBJECT_FLAG_SET (gst_buffer_peek_memory (buf, i),
        GST_MEMORY_FLAG_READONLY);
  g_ptr_array_add (feed->pushed, gst_buffer_ref (buf));
  return buf;
}

static void
on_need_data (GstAppSrc *src, guint length, Feed *feed)
{
  const Frame *f;
  GstBuffer *buf;

  if (feed->next == feed->frames->len) {
    gst_app_src_end_of_stream (src);
    return;
  }
  f = g_ptr_array_index (feed->frames, feed->next++);
  buf = feed->source == SOURCE_APP_POOL ? pool_buffer (feed, f->frame)
                                        : readonly_buffer (feed, f->frame);
  GST_BUFFER_PTS (buf) = f->pts;
  GST_BUFFER_DURATION (buf) = FRAME_DURATION;
  gst_app_src_push_buffer (src, buf);
}

static void
feed_start (Feed *feed, GstElement *pipeline)
{
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  const TestFrame *first =
      ((Frame *)g_ptr_array_index (feed->frames, 0))->frame;
  GstCaps *caps = test_frame_caps (first);

  fail_unless (gst_video_info_from_caps (&feed->info, caps));
  if (feed->source == SOURCE_APP_POOL) {
    GstStructure *config;

    feed->pool = gst_video_buffer_pool_new ();
    config = gst_buffer_pool_get_config (feed->pool);
    gst_buffer_pool_config_set_params (config, caps,
        GST_VIDEO_INFO_SIZE (&feed->info), 2, POOL_MAX);
    fail_unless (gst_buffer_pool_set_config (feed->pool, config));
    fail_unless (gst_buffer_pool_set_active (feed->pool, TRUE));
  }
  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME, "max-buffers",
      (guint64)2, NULL);
  g_signal_connect (src, "need-data", G_CALLBACK (on_need_data), feed);
  gst_caps_unref (caps);
  gst_object_unref (src);
}

/* The first OpenCL context a pipeline of this check posted, held until the
 * check ends so that the next pipelines' elements find it as the process's
 * context (as an application's pipelines do while one of them runs): on a
 * GPU driver a context takes far longer to create and release than one of
 * these pipelines takes to play. */
static GstContext *kept_context;

static void
release_kept_context (void)
{
  g_clear_pointer (&kept_context, gst_context_unref);
}

/* Plays @desc, whose last element is "fakesink name=sink" and whose source
 * is "appsrc name=src" where @feed is given, and returns what the sink
 * got. */
static GPtrArray *
play (const gchar *desc, SinkMode mode, Feed *feed)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &err);
  Collector c = { mode, G_QUEUE_INIT, NULL, frames_new () };
  GstElement *sink;
  GstBus *bus;
  GstMessage *msg;
  GstBuffer *buf;

  fail_unless (pipeline != NULL && err == NULL, "%s: %s", desc,
      err ? err->message : "");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_object_set (sink, "signal-handoffs", TRUE, "sync", FALSE, NULL);
  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), &c);
  if (feed)
    feed_start (feed, pipeline);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (
      (msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
           GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_HAVE_CONTEXT)) &&
      GST_MESSAGE_TYPE (msg) == GST_MESSAGE_HAVE_CONTEXT) {
    if (!kept_context)
      gst_message_parse_have_context (msg, &kept_context);
    gst_message_unref (msg);
  }
  fail_unless (msg != NULL, "%s did not finish", desc);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s: %s (%s)", desc, err->message, dbg);
  }
  gst_message_unref (msg);
  /* The frames the sink still holds are read only now, after the
   * stream's end: the sink saw the last of them before EOS. */
  while ((buf = g_queue_pop_head (&c.held))) {
    collect_one (&c, buf);
    gst_buffer_unref (buf);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_clear_caps (&c.caps);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return c.out;
}

/* The source part of a pipeline for @source, up to its last caps. */
static gchar *
source_desc (Source source, GstVideoFormat format)
{
  const gchar *name = gst_video_format_to_string (format);

  switch (source) {
    case SOURCE_TESTSRC:
      return g_strdup_printf ("videotestsrc pattern=snow num-buffers=%u ! "
                              "video/x-raw,format=%s,width=%u,height=%u,"
                              "framerate=30/1",
          FRAMES, name, WIDTH, HEIGHT);
    case SOURCE_CONVERT:
      return g_strdup_printf ("videotestsrc pattern=snow num-buffers=%u ! "
                              "video/x-raw,format=AYUV,width=%u,height=%u,"
                              "framerate=30/1 ! videoconvert ! "
                              "video/x-raw,format=%s",
          FRAMES, WIDTH, HEIGHT, name);
    default:
      return g_strdup ("appsrc name=src");
  }
}

/* What goes in: the frames the source makes (its sources are
 * deterministic), or random ones for an appsrc. */
static GPtrArray *
source_frames (Source source, GstVideoFormat format, GRand *rand)
{
  GPtrArray *frames;

  if (source == SOURCE_TESTSRC || source == SOURCE_CONVERT) {
    gchar *src = source_desc (source, format);
    gchar *desc = g_strdup_printf ("%s ! fakesink name=sink", src);

    frames = play (desc, SINK_AT_ONCE, NULL);
    fail_unless_equals_int (frames->len, FRAMES);
    g_free (desc);
    g_free (src);
    return frames;
  }
  frames = frames_new ();
  for (guint i = 0; i < FRAMES; i++) {
    Frame *f = g_new0 (Frame, 1);

    f->pts = i * FRAME_DURATION;
    f->frame = test_frame_random (format, WIDTH, HEIGHT, 0,
        test_format_depth (format), rand);
    g_ptr_array_add (frames, f);
  }
  return frames;
}

/* Which input frame @out is, if it is one unprocessed: the mark of a
 * frame that went out before its output was written, or after it was
 * overwritten. */
static gint
find_input (GPtrArray *in, const TestFrame *out)
{
  for (guint i = 0; i < in->len; i++) {
    const TestFrame *f = ((Frame *)g_ptr_array_index (in, i))->frame;

    if (f->format != out->format)
      return -1;
    for (guint y = 0; y < f->height; y++)
      for (guint x = 0; x < f->width; x++)
        if (test_frame_get (f, x, y) != test_frame_get (out, x, y))
          goto next;
    return i;
  next:;
  }
  return -1;
}

/* @out against @expected, frame by frame (with @padding, RGBx's padding
 * bytes too), and their timestamps against @in's; returns the number of
 * wrong frames, each described on stderr. */
static guint
count_wrong (const gchar *what, GPtrArray *in, GPtrArray *expected,
    GPtrArray *out, gboolean padding)
{
  guint wrong = 0;

  if (out->len != expected->len) {
    g_printerr ("%s: %u frames out of %u\n", what, out->len, expected->len);
    return MAX (out->len, expected->len);
  }
  for (guint i = 0; i < out->len; i++) {
    const Frame *o = g_ptr_array_index (out, i);
    const Frame *e = g_ptr_array_index (expected, i);
    const Frame *src = g_ptr_array_index (in, i);

    if (o->pts != src->pts) {
      g_printerr ("%s: frame %u has the timestamp %" GST_TIME_FORMAT
                  ", not %" GST_TIME_FORMAT "\n",
          what, i, GST_TIME_ARGS (o->pts), GST_TIME_ARGS (src->pts));
      wrong++;
    } else if (!test_frame_equal (e->frame, o->frame) ||
               (padding && !test_frame_padding_equal (e->frame, o->frame))) {
      const gint j = find_input (in, o->frame);

      if (j >= 0)
        g_printerr ("%s: frame %u is input frame %d, unprocessed\n", what, i,
            j);
      else
        g_printerr ("%s: frame %u differs from the reference\n", what, i);
      wrong++;
    }
  }
  return wrong;
}

/* An RGB channel goes through the element as a gray frame would. */
static TestFrame *
channel_op (const TestFrame *channel, gconstpointer element)
{
  return ref_element (element, channel);
}

/* The reference of one link of a chain as the pipeline names it: an
 * element, and for clhistequalize and clclahe perhaps its color-space
 * ("clclahe color-space=lab"), read from the same words the pipeline is
 * made of, so that the two cannot disagree. */
static TestFrame *
ref_link (const gchar *link, const TestFrame *in)
{
  static const struct {
    const gchar *arg;
    RefColorSpace space;
  } spaces[] = { { "color-space=ycrcb", REF_COLOR_YCRCB },
    { "color-space=lab", REF_COLOR_LAB },
    { "color-space=rgb", REF_COLOR_RGB } };
  gchar **words = g_strsplit (link, " ", -1);
  gint space = -1;
  TestFrame *out;

  for (guint i = 1; words[i]; i++) {
    guint k = 0;

    /* When frames leave changes nothing of what they hold. */
    if (g_str_has_prefix (words[i], "hold-frame="))
      continue;
    while (k < G_N_ELEMENTS (spaces) && !g_str_equal (words[i], spaces[k].arg))
      k++;
    fail_unless (k < G_N_ELEMENTS (spaces), "%s: no reference for %s", link,
        words[i]);
    space = spaces[k].space;
  }
  /* Without the property, ref_element(): clsobel's and clhistogram's RGB
   * is no channel put back. */
  out = space >= 0 && test_format_is_rgb (in->format)
            ? ref_rgb_on_channel (in, space, channel_op, words[0])
            : ref_element (words[0], in);
  g_strfreev (words);
  return out;
}

static GPtrArray *
expected_frames (GPtrArray *in, const gchar *const *chain, guint n)
{
  GPtrArray *expected = frames_new ();

  for (guint i = 0; i < in->len; i++) {
    const Frame *f = g_ptr_array_index (in, i);
    Frame *e = g_new0 (Frame, 1);
    TestFrame *cur = test_frame_copy (f->frame, f->frame->format, 0);

    for (guint k = 0; k < n; k++) {
      TestFrame *next = ref_link (chain[k], cur);

      test_frame_free (cur);
      cur = next;
    }
    e->pts = f->pts;
    e->frame = cur;
    g_ptr_array_add (expected, e);
  }
  return expected;
}

/* Every frame an appsrc pushed read-only is as it was. */
static guint
count_written_inputs (const gchar *what, Feed *feed)
{
  guint written = 0;

  for (guint i = 0; i < feed->pushed->len; i++) {
    GstBuffer *buf = g_ptr_array_index (feed->pushed, i);
    GstCaps *caps = gst_video_info_to_caps (&feed->info);
    TestFrame *now = test_frame_from_buffer (buf, caps);
    const Frame *f = g_ptr_array_index (feed->frames, i);

    if (!test_frame_equal (f->frame, now)) {
      g_printerr ("%s: read-only input frame %u was written\n", what, i);
      written++;
    }
    test_frame_free (now);
    gst_caps_unref (caps);
  }
  return written;
}

static guint
rounds (void)
{
  const gchar *env = g_getenv ("INTEGRITY_ROUNDS");

  return env ? MAX (1, atoi (env)) : 1;
}

/* Every format the elements take: gray, 8-bit YUV and RGB, then YUV of
 * 10 to 16 bits. */
static guint
n_formats (void)
{
  return test_n_all_formats + test_n_high_depth_formats;
}

static GstVideoFormat
format_at (guint i)
{
  return i < test_n_all_formats
             ? test_all_formats[i]
             : test_high_depth_formats[i - test_n_all_formats];
}

/* Whether INTEGRITY_FORMATS, where set, names @format. */
static gboolean
format_wanted (GstVideoFormat format)
{
  const gchar *env = g_getenv ("INTEGRITY_FORMATS");
  gchar **names;
  gboolean wanted;

  if (!env)
    return TRUE;
  names = g_strsplit (env, ",", -1);
  wanted = g_strv_contains ((const gchar *const *)names,
      gst_video_format_to_string (format));
  g_strfreev (names);
  return wanted;
}

/* Plays @source into the chain of @n elements and into each sink, with
 * and without a queue, and returns the number of wrong frames. */
static guint
check_chain (Source source, GstVideoFormat format, const gchar *const *chain,
    guint n, GRand *rand)
{
  GPtrArray *in = source_frames (source, format, rand);
  GPtrArray *expected = expected_frames (in, chain, n);
  gchar *src = source_desc (source, format);
  GString *joined = g_string_new (chain[0]);
  gchar *elems;
  guint wrong = 0;

  for (guint k = 1; k < n; k++)
    g_string_append_printf (joined, " ! %s", chain[k]);
  elems = g_string_free (joined, FALSE);

  for (guint r = 0; r < rounds (); r++)
    for (SinkMode mode = 0; mode < N_SINKS; mode++)
      for (guint queued = 0; queued < 2; queued++) {
        gchar *desc = g_strdup_printf ("%s ! %s ! %s fakesink name=sink", src,
            elems, queued ? QUEUE " !" : "");
        gchar *what = g_strdup_printf ("%s %s -> %s, %s sink%s",
            source_names[source], gst_video_format_to_string (format), elems,
            sink_names[mode], queued ? " behind a queue" : "");
        Feed feed = { source, in, 0, NULL, { 0 },
          g_ptr_array_new_with_free_func ((GDestroyNotify)gst_buffer_unref) };
        GPtrArray *out = play (desc, mode,
            source >= SOURCE_APP_POOL ? &feed : NULL);

        /* The other sources' padding bytes are whatever their buffers
         * held. */
        wrong += count_wrong (what, in, expected, out,
            source == SOURCE_APP_READONLY);
        if (source == SOURCE_APP_READONLY)
          wrong += count_written_inputs (what, &feed);
        if (feed.pool) {
          gst_buffer_pool_set_active (feed.pool, FALSE);
          gst_object_unref (feed.pool);
        }
        g_ptr_array_unref (feed.pushed);
        g_ptr_array_unref (out);
        g_free (what);
        g_free (desc);
      }
  g_free (elems);
  g_free (src);
  g_ptr_array_unref (expected);
  g_ptr_array_unref (in);
  return wrong;
}

/* One element, every format it takes, every source. */
static void
check_element (const gchar *element)
{
  GRand *rand = g_rand_new_with_seed (g_str_hash (element));
  guint wrong = 0, formats = 0;

  for (guint i = 0; i < n_formats (); i++) {
    if (!format_wanted (format_at (i)))
      continue;
    formats++;
    for (Source s = 0; s < N_SOURCES; s++)
      wrong += check_chain (s, format_at (i), &element, 1, rand);
  }
  g_rand_free (rand);
  fail_unless (formats > 0, "INTEGRITY_FORMATS names no format");
  fail_unless_equals_int (wrong, 0);
}

GST_START_TEST (test_clhistequalize)
{
  check_element ("clhistequalize");
}
GST_END_TEST;

GST_START_TEST (test_clclahe)
{
  check_element ("clclahe");
}
GST_END_TEST;

GST_START_TEST (test_clhistogram)
{
  check_element ("clhistogram");
}
GST_END_TEST;

GST_START_TEST (test_clsobel)
{
  check_element ("clsobel");
}
GST_END_TEST;

/* Of YUV of more bits, the chains take one format of each layout the
 * device planes differ in (P010's shifted words, I420_12LE's low bits,
 * Y444_16LE's whole words): the others only repeat these between the
 * elements, and 16-bit clclahe on the GPU kernels is slow on PoCL. */
static gboolean
chained (GstVideoFormat format)
{
  return test_format_depth (format) == 8 ||
         format == GST_VIDEO_FORMAT_GRAY16_LE ||
         format == GST_VIDEO_FORMAT_GRAY16_BE ||
         format == GST_VIDEO_FORMAT_P010_10LE ||
         format == GST_VIDEO_FORMAT_I420_12LE ||
         format == GST_VIDEO_FORMAT_Y444_16LE;
}

/* RGB in the color-space values whose work differs most from the
 * default's: Lab's conversion there and back, and R, G and B on the
 * device as three planes of their own. A 4-byte format (whose padding or
 * alpha must come out as it went in) or a 3-byte one, from read-only
 * buffers and from one recycling source each (the heavier three planes
 * from the appsrc's small pool); then the two chained, frames staying on
 * the device. Not every source for each: this keeps to a few seconds. */
GST_START_TEST (test_color_spaces)
{
  static const struct {
    const gchar *link;
    GstVideoFormat format;
    Source recycled;
  } cases[] = {
    { "clhistequalize color-space=lab", GST_VIDEO_FORMAT_BGRx, SOURCE_CONVERT },
    { "clhistequalize color-space=rgb", GST_VIDEO_FORMAT_RGB, SOURCE_APP_POOL },
    { "clclahe color-space=lab", GST_VIDEO_FORMAT_BGR, SOURCE_TESTSRC },
    { "clclahe color-space=rgb", GST_VIDEO_FORMAT_ARGB, SOURCE_APP_POOL },
  };
  const gchar *chain[] = { "clclahe color-space=rgb",
    "clhistequalize color-space=lab" };
  const GstVideoFormat chain_format = GST_VIDEO_FORMAT_xBGR;
  GRand *rand = g_rand_new_with_seed (11);
  guint wrong = 0, runs = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    if (!format_wanted (cases[i].format))
      continue;
    runs++;
    wrong += check_chain (cases[i].recycled, cases[i].format, &cases[i].link, 1,
        rand);
    wrong += check_chain (SOURCE_APP_READONLY, cases[i].format, &cases[i].link,
        1, rand);
  }
  if (format_wanted (chain_format)) {
    runs++;
    wrong += check_chain (SOURCE_APP_POOL, chain_format, chain, 2, rand);
  }
  /* INTEGRITY_FORMATS of no RGB format: the other checks' quick run. */
  if (!runs)
    g_print ("color spaces: INTEGRITY_FORMATS names none of their formats\n");
  g_rand_free (rand);
  fail_unless_equals_int (wrong, 0);
}
GST_END_TEST;

/* Two elements whose link keeps frames on the device: the second reads
 * buffers of the first's device pool, which it recycles. */
GST_START_TEST (test_device_chains)
{
  GRand *rand = g_rand_new_with_seed (7);
  guint wrong = 0, formats = 0;

  for (guint i = 0; i < n_formats (); i++) {
    if (!format_wanted (format_at (i)))
      continue;
    formats++;
    if (!chained (format_at (i)))
      continue;
    for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
      const gchar *after[] = { "clhistequalize", elements[e] };
      const gchar *before[] = { elements[e], "clhistequalize" };

      wrong += check_chain (SOURCE_TESTSRC, format_at (i), after, 2, rand);
      wrong += check_chain (SOURCE_APP_POOL, format_at (i), before, 2, rand);
    }
  }
  g_rand_free (rand);
  fail_unless (formats > 0, "INTEGRITY_FORMATS names no format");
  fail_unless_equals_int (wrong, 0);
}
GST_END_TEST;

/* hold-frame: every element keeps its last frame until the next one comes,
 * from every source, on a format of each kind (gray, YUV, RGB, YUV of more
 * bits), and two elements that both hold one, on the device between
 * them. */
GST_START_TEST (test_hold_frame)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_P010_10LE };
  const gchar *chain[] = { "clhistequalize hold-frame=true",
    "clsobel hold-frame=true" };
  GRand *rand = g_rand_new_with_seed (5);
  guint wrong = 0, runs = 0;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    if (!format_wanted (formats[f]))
      continue;
    runs++;
    for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
      gchar *link = g_strdup_printf ("%s hold-frame=true", elements[e]);

      for (Source s = 0; s < N_SOURCES; s++)
        wrong += check_chain (s, formats[f], (const gchar *const *)&link, 1,
            rand);
      g_free (link);
    }
    wrong += check_chain (SOURCE_APP_POOL, formats[f], chain, 2, rand);
  }
  if (!runs)
    g_print ("hold-frame: INTEGRITY_FORMATS names none of its formats\n");
  g_rand_free (rand);
  fail_unless_equals_int (wrong, 0);
}
GST_END_TEST;

static Suite *
integrity_suite (void)
{
  Suite *s = suite_create ("integrity");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, NULL, release_kept_context);
  tcase_add_test (tc, test_clhistequalize);
  tcase_add_test (tc, test_clclahe);
  tcase_add_test (tc, test_clhistogram);
  tcase_add_test (tc, test_clsobel);
  tcase_add_test (tc, test_device_chains);
  tcase_add_test (tc, test_color_spaces);
  tcase_add_test (tc, test_hold_frame);
  return s;
}

GST_CHECK_MAIN (integrity);
