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
 * clupload and cldownload: clupload ! cldownload gives back every byte it
 * got, and clupload ! clhistequalize ! cldownload what clhistequalize
 * gives on system memory, in every format, at odd sizes and with padded
 * rows, the frames on the device in between; frames already in the
 * memory an element gives pass through; state changes, caps changes
 * mid-stream, an upstream pool of few buffers that it writes again as
 * soon as they come back, read-only input, one context for the whole
 * chain whose only copies are at its ends, and a device that is not
 * there.
 */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>
#include <gst/base/gstbasetransform.h>

#include "cldevices.h"
#include "cltestutils.h"
#include "../../gst/cl/gstclmemoryapi.h"

/* Every format the filters take: test_all_formats and the high-depth
 * ones. */
static GArray *
every_format (void)
{
  GArray *formats = g_array_new (FALSE, FALSE, sizeof (GstVideoFormat));

  g_array_append_vals (formats, test_all_formats, test_n_all_formats);
  g_array_append_vals (formats, test_high_depth_formats,
      test_n_high_depth_formats);
  return formats;
}

/* Every byte of every plane's rows that holds samples, padding bits of
 * 16-bit words and RGBx's x included. */
static gboolean
bytes_equal (const TestFrame *e, const TestFrame *a, gchar **why)
{
  if (e->format != a->format || e->width != a->width ||
      e->height != a->height) {
    *why = g_strdup_printf ("%s %ux%u out for %s %ux%u in",
        gst_video_format_to_string (a->format), a->width, a->height,
        gst_video_format_to_string (e->format), e->width, e->height);
    return FALSE;
  }
  for (guint p = 0; p < e->n_planes; p++) {
    const gsize bytes = test_format_row_bytes (e->format, e->width, p);

    for (guint y = 0; y < test_format_plane_height (e->format, e->height, p);
         y++)
      if (memcmp (e->planes[p] + y * e->strides[p],
              a->planes[p] + y * a->strides[p], bytes) != 0) {
        *why = g_strdup_printf ("plane %u row %u differs", p, y);
        return FALSE;
      }
  }
  return TRUE;
}

static void
assert_bytes_equal (const TestFrame *e, const TestFrame *a)
{
  gchar *why = NULL;

  if (!bytes_equal (e, a, &why)) {
    gchar *what = test_frame_describe (e);

    fail ("%s: %s", what, why);
    g_free (what);
  }
  g_free (why);
}

static gboolean
src_on_device (GstHarness *h, const gchar *factory)
{
  GstElement *e = gst_harness_find_element (h, factory);
  GstPad *pad = gst_element_get_static_pad (e, "src");
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gboolean result = caps &&
                    gst_caps_features_contains (gst_caps_get_features (caps, 0),
                        GST_CAPS_FEATURE_MEMORY_CL_BUFFER);

  gst_clear_caps (&caps);
  gst_object_unref (pad);
  gst_object_unref (e);
  return result;
}

/* Frames of @format: sizes from one pixel to a few hundred, odd ones,
 * rows packed or padded by random amounts, planes apart and reversed. */
static TestFrame *
nth_frame (GstVideoFormat format, guint i, GRand *rand)
{
  static const guint sizes[][2] = { { 1, 1 }, { 7, 5 }, { 98, 66 }, { 333, 17 },
    { 64, 3 }, { 2, 129 } };
  const guint w = sizes[i % G_N_ELEMENTS (sizes)][0];
  const guint h = sizes[i % G_N_ELEMENTS (sizes)][1];
  gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
  TestFrame *f;

  if (i % 2)
    test_random_strides (format, w, 70, rand, strides);
  f = test_frame_random_strides (format, w, h, strides,
      test_format_depth (format), rand);
  f->plane_gap = i % 3 ? g_rand_int_range (rand, 0, 40) : 0;
  f->planes_reversed = i % 4 == 3;
  return f;
}

#define FRAMES_PER_FORMAT 12

GST_START_TEST (test_round_trip)
{
  GArray *formats = every_format ();
  GRand *rand = g_rand_new_with_seed (1);

  for (guint k = 0; k < formats->len; k++) {
    const GstVideoFormat format = g_array_index (formats, GstVideoFormat, k);
    GstHarness *h = gst_harness_new_parse ("clupload ! cldownload");

    for (guint i = 0; i < FRAMES_PER_FORMAT; i++) {
      TestFrame *in = nth_frame (format, i, rand);
      TestFrame *out = test_harness_process (h, in);

      assert_bytes_equal (in, out);
      fail_unless (src_on_device (h, "clupload"), "%s not uploaded",
          gst_video_format_to_string (format));
      fail_if (src_on_device (h, "cldownload"));
      test_frame_free (in);
      test_frame_free (out);
    }
    gst_harness_teardown (h);
  }
  g_printerr ("round trip: %u formats, %u frames each, exact\n", formats->len,
      FRAMES_PER_FORMAT);
  g_array_unref (formats);
  g_rand_free (rand);
}
GST_END_TEST;

GST_START_TEST (test_histequalize_between)
{
  GArray *formats = every_format ();
  GRand *rand = g_rand_new_with_seed (2);

  for (guint k = 0; k < formats->len; k++) {
    const GstVideoFormat format = g_array_index (formats, GstVideoFormat, k);
    GstHarness *on_host = gst_harness_new_parse ("clhistequalize");
    GstHarness *on_device = gst_harness_new_parse (
        "clupload ! clhistequalize ! cldownload");

    for (guint i = 0; i < FRAMES_PER_FORMAT / 2; i++) {
      TestFrame *in = nth_frame (format, i, rand);
      TestFrame *expected = test_harness_process (on_host, in);
      TestFrame *out = test_harness_process (on_device, in);

      assert_bytes_equal (expected, out);
      fail_unless (src_on_device (on_device, "clupload"));
      fail_unless (src_on_device (on_device, "clhistequalize"),
          "%s: clhistequalize gave system memory to cldownload",
          gst_video_format_to_string (format));
      fail_if (src_on_device (on_device, "cldownload"));
      test_frame_free (in);
      test_frame_free (expected);
      test_frame_free (out);
    }
    gst_harness_teardown (on_host);
    gst_harness_teardown (on_device);
  }
  g_array_unref (formats);
  g_rand_free (rand);
}
GST_END_TEST;

/* clupload given frames on the device and cldownload given frames in
 * system memory hand on the very buffers they got. */
GST_START_TEST (test_passthrough)
{
  GRand *rand = g_rand_new_with_seed (3);
  TestFrame *in = nth_frame (GST_VIDEO_FORMAT_NV12, 3, rand);
  GstHarness *h = gst_harness_new ("cldownload");
  GstBuffer *buf = test_frame_to_buffer (in), *out;
  GstElement *second;
  TestFrame *back;

  gst_harness_set_src_caps (h, test_frame_caps (in));
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (buf)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out == buf, "cldownload copied system memory");
  gst_buffer_unref (out);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);

  /* The second clupload's input is already on the device. */
  h = gst_harness_new_parse ("clupload ! clupload name=second ! cldownload");
  back = test_harness_process (h, in);
  assert_bytes_equal (in, back);
  fail_unless (src_on_device (h, "clupload"));
  second = gst_bin_get_by_name (GST_BIN (h->element), "second");
  fail_unless (gst_base_transform_is_passthrough (GST_BASE_TRANSFORM (second)));
  gst_object_unref (second);
  gst_harness_teardown (h);
  test_frame_free (back);
  test_frame_free (in);
  g_rand_free (rand);
}
GST_END_TEST;

/* Frames on the device of another context (clupload's is the process's,
 * cldownload is handed an application's) reach cldownload through a map
 * for the CPU, exact. */
GST_START_TEST (test_other_context)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_RGB };
  GRand *rand = g_rand_new_with_seed (6);
  cl_context other;
  GstContext *context = cl_test_app_context (&other);

  for (guint k = 0; k < G_N_ELEMENTS (formats); k++) {
    GstHarness *up = gst_harness_new ("clupload");
    GstElement *e = gst_element_factory_make ("cldownload", NULL);
    GstHarness *down;
    TestFrame *in = nth_frame (formats[k], k, rand);

    /* Before the harness starts it. */
    gst_element_set_context (e, context);
    down = gst_harness_new_with_element (e, "sink", "src");
    gst_object_unref (e);
    GstBuffer *buf;
    GstCaps *caps;
    TestFrame *out;

    gst_harness_set_src_caps (up, test_frame_caps (in));
    fail_unless_equals_int (gst_harness_push (up, test_frame_to_buffer (in)),
        GST_FLOW_OK);
    buf = gst_harness_pull (up);
    caps = gst_pad_get_current_caps (up->sinkpad);
    fail_unless (gst_caps_features_contains (gst_caps_get_features (caps, 0),
        GST_CAPS_FEATURE_MEMORY_CL_BUFFER));
    gst_harness_set_src_caps (down, caps);
    fail_unless_equals_int (gst_harness_push (down, buf), GST_FLOW_OK);
    buf = gst_harness_pull (down);
    caps = gst_pad_get_current_caps (down->sinkpad);
    fail_if (gst_caps_features_contains (gst_caps_get_features (caps, 0),
        GST_CAPS_FEATURE_MEMORY_CL_BUFFER));
    out = test_frame_from_buffer (buf, caps);
    assert_bytes_equal (in, out);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
    test_frame_free (out);
    test_frame_free (in);
    gst_harness_teardown (down);
    gst_harness_teardown (up);
  }
  gst_context_unref (context);
  clReleaseContext (other);
  g_rand_free (rand);
}
GST_END_TEST;

/* Caps of another format and size every few frames, each frame back
 * exact. */
GST_START_TEST (test_caps_changes)
{
  static const GstVideoFormat order[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_BGRx,
    GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_GRAY8 };
  GRand *rand = g_rand_new_with_seed (4);
  GstHarness *copy = gst_harness_new_parse ("clupload ! cldownload");

  for (guint k = 0; k < G_N_ELEMENTS (order) * 3; k++) {
    TestFrame *in = nth_frame (order[k % G_N_ELEMENTS (order)], k / 2, rand);
    TestFrame *out = test_harness_process (copy, in);

    assert_bytes_equal (in, out);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (copy);
  g_rand_free (rand);
}
GST_END_TEST;

static void
set_and_wait (GstElement *pipeline, GstState state)
{
  GstStateChangeReturn ret;

  fail_unless (
      gst_element_set_state (pipeline, state) != GST_STATE_CHANGE_FAILURE);
  ret = gst_element_get_state (pipeline, NULL, NULL, 30 * GST_SECOND);
  fail_unless (ret == GST_STATE_CHANGE_SUCCESS, "%s",
      gst_element_state_change_return_get_name (ret));
}

static void
assert_no_error (GstElement *pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

  if (msg) {
    GError *err;
    gchar *dbg;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s (%s)", err->message, dbg);
  }
  gst_object_unref (bus);
}

/* NULL, READY, PAUSED and PLAYING in every order that GStreamer steps
 * through, again and again, while frames flow; device-name from PAUSED
 * to READY only. Each PAUSED is reached through the elements' preroll.
 * The source is not live: a live videotestsrc taken from PLAYING to
 * PAUSED and straight back can leave its own task paused (GstBaseSrc's
 * unscheduled clock wait ends in FLUSHING after the task was restarted),
 * which a chain of identity elements shows as well: a hang of the test
 * that is not the elements'. */
GST_START_TEST (test_state_changes)
{
  static const GstState walk[] = { GST_STATE_READY, GST_STATE_PAUSED,
    GST_STATE_PLAYING, GST_STATE_PAUSED, GST_STATE_PLAYING, GST_STATE_READY,
    GST_STATE_PLAYING, GST_STATE_NULL, GST_STATE_PAUSED, GST_STATE_NULL,
    GST_STATE_PLAYING, GST_STATE_PAUSED, GST_STATE_READY, GST_STATE_NULL };
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc ! video/x-raw,format=I420,width=97,height=31 "
      "! clupload name=up ! clhistequalize ! cldownload name=down ! "
      "fakesink sync=false",
      NULL);
  GstElement *up = gst_bin_get_by_name (GST_BIN (pipeline), "up");
  GstElement *down = gst_bin_get_by_name (GST_BIN (pipeline), "down");

  for (guint round = 0; round < 5; round++)
    for (guint i = 0; i < G_N_ELEMENTS (walk); i++) {
      gchar *name = NULL, *name2 = NULL;

      set_and_wait (pipeline, walk[i]);
      if (walk[i] == GST_STATE_PLAYING)
        g_usleep (20000);
      g_object_get (up, "device-name", &name, NULL);
      g_object_get (down, "device-name", &name2, NULL);
      fail_unless ((name != NULL) == (walk[i] >= GST_STATE_PAUSED));
      fail_unless ((name2 != NULL) == (walk[i] >= GST_STATE_PAUSED));
      g_free (name);
      g_free (name2);
      assert_no_error (pipeline);
    }
  set_and_wait (pipeline, GST_STATE_NULL);
  gst_object_unref (up);
  gst_object_unref (down);
  gst_object_unref (pipeline);
}
GST_END_TEST;

/* The appsrc's side: random frames written into buffers of its own pool
 * of few buffers, or read-only memory it keeps. */
typedef struct {
  gboolean readonly;
  GPtrArray *frames;
  guint next;
  GstBufferPool *pool;
  GstVideoInfo info;
  GPtrArray *pushed;
} Feed;

#define POOL_MAX 3
#define FEED_FRAMES 40
#define HOLD 2

static GstBuffer *
pool_buffer (Feed *feed, const TestFrame *f)
{
  GstBuffer *buf = NULL;
  GstVideoFrame vf;

  fail_unless (
      gst_buffer_pool_acquire_buffer (feed->pool, &buf, NULL) == GST_FLOW_OK);
  fail_unless (gst_video_frame_map (&vf, &feed->info, buf, GST_MAP_WRITE));
  for (guint p = 0; p < f->n_planes; p++)
    for (guint y = 0; y < test_format_plane_height (f->format, f->height, p);
         y++)
      memcpy ((guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, p) +
                  y * GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p),
          f->planes[p] + y * f->strides[p],
          test_format_row_bytes (f->format, f->width, p));
  gst_video_frame_unmap (&vf);
  return buf;
}

static void
on_need_data (GstAppSrc *src, guint length, Feed *feed)
{
  const TestFrame *f;
  GstBuffer *buf;

  if (feed->next == feed->frames->len) {
    gst_app_src_end_of_stream (src);
    return;
  }
  f = g_ptr_array_index (feed->frames, feed->next);
  if (feed->readonly) {
    buf = test_frame_to_buffer (f);
    for (guint i = 0; i < gst_buffer_n_memory (buf); i++)
      GST_MINI_OBJECT_FLAG_SET (gst_buffer_peek_memory (buf, i),
          GST_MEMORY_FLAG_READONLY);
    g_ptr_array_add (feed->pushed, gst_buffer_ref (buf));
  } else {
    buf = pool_buffer (feed, f);
  }
  GST_BUFFER_PTS (buf) = feed->next * GST_MSECOND;
  GST_BUFFER_DURATION (buf) = GST_MSECOND;
  feed->next++;
  gst_app_src_push_buffer (src, buf);
}

/* The sink's side: frames held HOLD at a time before they are read, so
 * that a frame whose memory is written again while held shows. */
typedef struct {
  GQueue held;
  GPtrArray *out;
  GArray *pts;
} Collector;

static void
collect_one (Collector *c, GstBuffer *buf, GstPad *pad)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstClockTime pts = GST_BUFFER_PTS (buf);

  g_ptr_array_add (c->out, test_frame_from_buffer (buf, caps));
  g_array_append_val (c->pts, pts);
  gst_caps_unref (caps);
}

static void
on_handoff (GstElement *sink, GstBuffer *buf, GstPad *pad, Collector *c)
{
  GstBuffer *oldest;

  g_queue_push_tail (&c->held, gst_buffer_ref (buf));
  if (g_queue_get_length (&c->held) <= HOLD)
    return;
  oldest = g_queue_pop_head (&c->held);
  collect_one (c, oldest, pad);
  gst_buffer_unref (oldest);
}

static void
play_feed (const gchar *desc, Feed *feed, Collector *c)
{
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstCaps *caps = test_frame_caps (g_ptr_array_index (feed->frames, 0));
  GstBus *bus = gst_element_get_bus (pipeline);
  GstPad *pad = gst_element_get_static_pad (sink, "sink");
  GstMessage *msg;

  fail_unless (gst_video_info_from_caps (&feed->info, caps));
  if (!feed->readonly) {
    GstStructure *config;

    feed->pool = gst_video_buffer_pool_new ();
    config = gst_buffer_pool_get_config (feed->pool);
    gst_buffer_pool_config_set_params (config, caps,
        GST_VIDEO_INFO_SIZE (&feed->info), 1, POOL_MAX);
    fail_unless (gst_buffer_pool_set_config (feed->pool, config));
    fail_unless (gst_buffer_pool_set_active (feed->pool, TRUE));
  }
  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME, "max-buffers",
      (guint64)1, NULL);
  g_signal_connect (src, "need-data", G_CALLBACK (on_need_data), feed);
  g_object_set (sink, "signal-handoffs", TRUE, "sync", FALSE, NULL);
  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), c);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
               GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s did not finish", desc);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err;
    gchar *dbg;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s: %s (%s)", desc, err->message, dbg);
  }
  gst_message_unref (msg);
  while (!g_queue_is_empty (&c->held)) {
    GstBuffer *buf = g_queue_pop_head (&c->held);

    collect_one (c, buf, pad);
    gst_buffer_unref (buf);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  if (feed->pool) {
    gst_buffer_pool_set_active (feed->pool, FALSE);
    gst_clear_object (&feed->pool);
  }
  gst_caps_unref (caps);
  gst_object_unref (pad);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

/* An upstream pool of POOL_MAX buffers that it writes again as soon as
 * they come back, and read-only buffers: every frame out, in order, once,
 * exact, into a sink that holds frames unread; the read-only input is
 * unchanged. */
GST_START_TEST (test_recycling_pool)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_I420_10LE,
    GST_VIDEO_FORMAT_RGBx };
  static const gchar *chains[] = {
    "clupload ! cldownload",
    "clupload ! queue max-size-buffers=2 ! cldownload ! queue "
    "max-size-buffers=2",
    "clupload ! tee name=t t. ! queue ! cldownload ! fakesink name=sink "
    "t. ! queue ! fakesink",
  };
  GRand *rand = g_rand_new_with_seed (5);

  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    for (guint ch = 0; ch < G_N_ELEMENTS (chains); ch++)
      for (guint readonly = 0; readonly < 2; readonly++) {
        Feed feed = { readonly,
          g_ptr_array_new_with_free_func ((GDestroyNotify)test_frame_free) };
        Collector c = { G_QUEUE_INIT,
          g_ptr_array_new_with_free_func ((GDestroyNotify)test_frame_free),
          g_array_new (FALSE, FALSE, sizeof (GstClockTime)) };
        const gboolean tee = strstr (chains[ch], "tee") != NULL;
        gchar *desc = g_strdup_printf ("appsrc name=src ! %s%s", chains[ch],
            tee ? "" : " ! fakesink name=sink");

        feed.pushed = g_ptr_array_new_with_free_func (
            (GDestroyNotify)gst_buffer_unref);
        for (guint i = 0; i < FEED_FRAMES; i++)
          g_ptr_array_add (feed.frames,
              test_frame_random (formats[k], 98, 66, 0,
                  test_format_depth (formats[k]), rand));
        play_feed (desc, &feed, &c);
        fail_unless_equals_int (c.out->len, FEED_FRAMES);
        for (guint i = 0; i < FEED_FRAMES; i++) {
          fail_unless_equals_uint64 (g_array_index (c.pts, GstClockTime, i),
              i * GST_MSECOND);
          assert_bytes_equal (g_ptr_array_index (feed.frames, i),
              g_ptr_array_index (c.out, i));
        }
        for (guint i = 0; i < feed.pushed->len; i++) {
          GstBuffer *buf = g_ptr_array_index (feed.pushed, i);
          GstCaps *caps = test_frame_caps (g_ptr_array_index (feed.frames, i));
          TestFrame *now = test_frame_from_buffer (buf, caps);

          assert_bytes_equal (g_ptr_array_index (feed.frames, i), now);
          test_frame_free (now);
          gst_caps_unref (caps);
        }
        g_free (desc);
        g_ptr_array_unref (feed.frames);
        g_ptr_array_unref (feed.pushed);
        g_ptr_array_unref (c.out);
        g_array_unref (c.pts);
      }
  g_rand_free (rand);
}
GST_END_TEST;

/* One context for the whole chain: the first element to start posts it,
 * the others take it. */
GST_START_TEST (test_one_context)
{
  guint have_context = 0;
  gchar *error = test_run_pipeline (
      "videotestsrc num-buffers=5 ! video/x-raw,format=NV12 ! clupload ! "
      "clhistequalize ! clsobel ! cldownload ! fakesink",
      &have_context);

  fail_unless (error == NULL, "%s", error);
  fail_unless_equals_int (have_context, 1);
}
GST_END_TEST;

/* With GST_CL_PROFILING=1, the bytes each element copied between host
 * and device: the upload's frames at clupload, the download's at
 * cldownload, nothing at the filters between them. */
GST_START_TEST (test_copies_at_the_ends)
{
  GstElement *pipeline;
  GstBus *bus;
  GHashTable *profiles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      (GDestroyNotify)gst_structure_free);
  static const struct {
    const gchar *name;
    guint64 up, down;
  } expect[] = { { "up", 4 * 64 * 48 * 3 / 2, 0 }, { "he", 0, 0 },
    { "so", 0, 0 }, { "down", 0, 4 * 64 * 48 } };
  gboolean done = FALSE;

  g_setenv ("GST_CL_PROFILING", "1", TRUE);
  pipeline = gst_parse_launch (
      "videotestsrc num-buffers=4 ! video/x-raw,format=NV12,width=64,height=48 "
      "! clupload name=up ! clhistequalize name=he ! clsobel name=so ! "
      "cldownload name=down ! fakesink",
      NULL);
  bus = gst_element_get_bus (pipeline);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
               GST_STATE_CHANGE_FAILURE);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop (bus, 60 * GST_SECOND);
    const GstStructure *s;

    fail_unless (msg != NULL, "the pipeline did not finish");
    s = gst_message_get_structure (msg);
    fail_if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR);
    done = GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
        gst_structure_has_name (s, "clfilter-profile"))
      g_hash_table_insert (profiles, g_strdup (GST_MESSAGE_SRC_NAME (msg)),
          gst_structure_copy (s));
    gst_message_unref (msg);
  }
  for (guint i = 0; i < G_N_ELEMENTS (expect); i++) {
    const GstStructure *s = g_hash_table_lookup (profiles, expect[i].name);
    guint64 up = G_MAXUINT64, down = G_MAXUINT64;

    fail_unless (s != NULL, "no profile from %s", expect[i].name);
    fail_unless (gst_structure_get_uint64 (s, "upload-bytes", &up) &&
                 gst_structure_get_uint64 (s, "download-bytes", &down));
    fail_unless (up == expect[i].up && down == expect[i].down,
        "%s: %" G_GUINT64_FORMAT " bytes up, %" G_GUINT64_FORMAT " down",
        expect[i].name, up, down);
  }
  g_unsetenv ("GST_CL_PROFILING");
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_hash_table_unref (profiles);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}
GST_END_TEST;

/* A device that is not there: the element's own error, naming the value
 * and the devices there are, and the pipeline does not start. */
GST_START_TEST (test_missing_device)
{
  static const gchar *factories[] = { "clupload", "cldownload" };

  for (guint i = 0; i < G_N_ELEMENTS (factories); i++) {
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=3 ! "
                                   "%s name=e device=no-such-device ! fakesink",
        factories[i]);
    GstElement *pipeline = gst_parse_launch (desc, NULL);
    GstBus *bus = gst_element_get_bus (pipeline);
    GstMessage *msg;
    GError *err = NULL;
    gchar *dbg = NULL;

    fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
                 GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL, "%s: no error", factories[i]);
    fail_unless (g_str_equal (GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), "e"));
    gst_message_parse_error (msg, &err, &dbg);
    fail_unless (err->domain == GST_RESOURCE_ERROR &&
                     err->code == GST_RESOURCE_ERROR_NOT_FOUND,
        "%s", err->message);
    fail_unless (strstr (err->message, "no-such-device") != NULL, "%s",
        err->message);
    fail_unless (strstr (dbg, "no-such-device") != NULL, "%s", dbg);
    g_printerr ("%s: %s\n", factories[i], err->message);
    g_error_free (err);
    g_free (dbg);
    gst_message_unref (msg);
    gst_element_set_state (pipeline, GST_STATE_NULL);
    gst_object_unref (bus);
    gst_object_unref (pipeline);
    g_free (desc);
  }
}
GST_END_TEST;

static Suite *
uploaddownload_suite (void)
{
  Suite *s = suite_create ("uploaddownload");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_histequalize_between);
  tcase_add_test (tc, test_passthrough);
  tcase_add_test (tc, test_other_context);
  tcase_add_test (tc, test_caps_changes);
  tcase_add_test (tc, test_state_changes);
  tcase_add_test (tc, test_recycling_pool);
  tcase_add_test (tc, test_one_context);
  tcase_add_test (tc, test_copies_at_the_ends);
  tcase_add_test (tc, test_missing_device);
  return s;
}

GST_CHECK_MAIN (uploaddownload);
