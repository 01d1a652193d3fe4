/* gst-clfilter tests: clhistequalize
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
 * Every output pixel is compared with the plain C reference in
 * clreference.c; runs on whatever OpenCL device the default selection picks
 * (PoCL's CPU device where there is no GPU).
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <math.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static GRand *
test_rand (void)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  const guint32 seed = 20261121;

  g_print ("random frames from seed %u\n", seed);
  return g_rand_new_with_seed (seed);
}

static GstHarness *
new_harness (void)
{
  GstHarness *h = gst_harness_new ("clhistequalize");

  g_object_set (h->element, "post-messages", FALSE, NULL);
  return h;
}

/* Processes @in and checks every pixel against the reference. */
static void
check_equalize (GstHarness *h, const TestFrame *in)
{
  TestFrame *expected = ref_histequalize (in);
  TestFrame *out = test_harness_process (h, in);

  fail_unless (test_frame_equal (expected, out),
      "%s %ux%u stride %" G_GSIZE_FORMAT " differs from the reference",
      gst_video_format_to_string (in->format), in->width, in->height,
      in->stride);
  test_frame_free (expected);
  test_frame_free (out);
}

static gboolean
frame_changed (const TestFrame *a, const TestFrame *b)
{
  for (guint y = 0; y < a->height; y++)
    for (guint x = 0; x < a->width; x++)
      if (test_frame_get (a, x, y) != test_frame_get (b, x, y))
        return TRUE;
  return FALSE;
}

GST_START_TEST (test_real_gray8)
{
  const gchar *names[] = { "moon.png", "camera.png" };
  GstHarness *h = new_harness ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *in = test_frame_load (names[i]);
    TestFrame *out;

    fail_unless_equals_int (in->format, GRAY8);
    check_equalize (h, in);
    /* Equalization must do something to these: rules out a passthrough
     * that a flat reference could not catch. */
    out = test_harness_process (h, in);
    fail_unless (frame_changed (in, out), "%s came out unchanged", names[i]);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_real_gray16)
{
  const gchar *names[] = { "basn0g16.png", "flower_small.g.depth12.pgm" };
  GstHarness *h = new_harness ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *be = test_frame_load (names[i]);
    TestFrame *le = test_frame_copy (be, GRAY16_LE, 0);

    fail_unless_equals_int (be->format, GRAY16_BE);
    check_equalize (h, be);
    check_equalize (h, le);
    test_frame_free (be);
    test_frame_free (le);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

static const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

GST_START_TEST (test_sizes)
{
  const guint sizes[][2] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 641, 479 },
    { 3840, 2160 } };
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const guint bits = formats[f] == GRAY8 ? 8 : (s % 2 ? 12 : 16);
      TestFrame *in = test_frame_random (formats[f], sizes[s][0], sizes[s][1],
          0, bits, rand);

      check_equalize (h, in);
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_padded_strides)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint i = 0; i < 24; i++) {
    const GstVideoFormat format = formats[i % 3];
    const guint bpp = format == GRAY8 ? 1 : 2;
    const guint width = g_rand_int_range (rand, 1, 300);
    const guint height = g_rand_int_range (rand, 1, 200);
    /* Odd paddings too: only the row stride says where rows start. */
    const gsize stride = width * bpp + g_rand_int_range (rand, 1, 70) * bpp;
    TestFrame *in = test_frame_random (format, width, height, stride, bpp * 8,
        rand);

    check_equalize (h, in);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_caps_change)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();
  TestFrame *frames[] = {
    test_frame_load ("moon.png"),
    test_frame_random (GRAY16_LE, 33, 17, 0, 16, rand),
    test_frame_random (GRAY8, 7, 1, 0, 8, rand),
    test_frame_load ("flower_small.g.depth12.pgm"),
    test_frame_load ("camera.png"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    check_equalize (h, frames[i]);
    test_frame_free (frames[i]);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_constant_frame)
{
  GstHarness *h = new_harness ();

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    const guint value = formats[f] == GRAY8 ? 77 : 1234;
    TestFrame *in = test_frame_new (formats[f], 64, 48, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, value);
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (in, out));
    test_frame_free (out);

    /* One other value: both ends of the range come out. */
    test_frame_set (in, 5, 5, value + 1);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, 0, 0), 0);
    fail_unless_equals_int (test_frame_get (out, 5, 5),
        formats[f] == GRAY8 ? 255 : 65535);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- The histogram message ---- */

static GstMessage *
pop_histogram (GstBus *bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);

  fail_unless (msg != NULL, "no element message");
  fail_unless (
      gst_structure_has_name (gst_message_get_structure (msg), "histogram"));
  return msg;
}

static void
check_message (const GstStructure *s, const TestFrame *in, guint message_bins)
{
  guint nbins, num_bins, min = G_MAXUINT, max = 0;
  guint64 *hist = ref_histogram (in, &nbins);
  const guint64 pixels = (guint64)in->width * in->height;
  const GValue *bins;
  guint64 u64, sum = 0, bins_sum = 0;
  gdouble mean, stddev, var = 0, ref_mean;
  guint u;

  fail_unless_equals_string (gst_structure_get_string (s, "format"),
      gst_video_format_to_string (in->format));
  fail_unless (gst_structure_get_uint (s, "num-bins", &num_bins));
  fail_unless_equals_int (num_bins, MIN (message_bins, nbins));
  bins = gst_structure_get_value (s, "bins");
  fail_unless (GST_VALUE_HOLDS_ARRAY (bins));
  fail_unless_equals_int (gst_value_array_get_size (bins), num_bins);
  for (guint i = 0; i < num_bins; i++) {
    const GValue *v = gst_value_array_get_value (bins, i);
    const guint per = nbins / num_bins;
    guint64 expected = 0;

    fail_unless (G_VALUE_HOLDS_UINT64 (v));
    for (guint j = i * per; j < (i + 1) * per; j++)
      expected += hist[j];
    fail_unless_equals_uint64 (g_value_get_uint64 (v), expected);
    bins_sum += g_value_get_uint64 (v);
  }

  fail_unless (gst_structure_get_uint64 (s, "pixels", &u64));
  fail_unless_equals_uint64 (u64, pixels);
  fail_unless_equals_uint64 (bins_sum, pixels);

  for (guint i = 0; i < nbins; i++) {
    if (hist[i]) {
      min = MIN (min, i);
      max = MAX (max, i);
    }
    sum += hist[i] * i;
  }
  ref_mean = (gdouble)sum / pixels;
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++) {
      gdouble d = test_frame_get (in, x, y) - ref_mean;
      var += d * d;
    }
  fail_unless (gst_structure_get_uint (s, "min", &u));
  fail_unless_equals_int (u, min);
  fail_unless (gst_structure_get_uint (s, "max", &u));
  fail_unless_equals_int (u, max);
  fail_unless (gst_structure_get_double (s, "mean", &mean));
  fail_unless (fabs (mean - ref_mean) <= 1e-9 * MAX (1, ref_mean));
  fail_unless (gst_structure_get_double (s, "stddev", &stddev));
  fail_unless (fabs (stddev - sqrt (var / pixels)) <= 1e-6 * MAX (1, stddev),
      "stddev %f, expected %f", stddev, sqrt (var / pixels));
  g_free (hist);
}

GST_START_TEST (test_message_fields)
{
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  TestFrame *moon = test_frame_load ("moon.png");
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  const guint bins_list[] = { 256, 65536, 8, 1 };
  GstSegment segment;

  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, test_frame_caps (moon));
  /* A segment from 1 s on: running time is then 1 s behind. */
  gst_segment_init (&segment, GST_FORMAT_TIME);
  segment.start = GST_SECOND;
  segment.time = 10 * GST_SECOND;
  fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));

  for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
    GstBuffer *buf = test_frame_to_buffer (moon);
    const GstClockTime ts = GST_SECOND + i * 40 * GST_MSECOND;
    const GstStructure *s;
    GstMessage *msg;
    guint64 t;

    g_object_set (h->element, "message-bins", bins_list[i], NULL);
    GST_BUFFER_PTS (buf) = ts;
    GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
    gst_buffer_unref (gst_harness_pull (h));

    msg = pop_histogram (bus);
    fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (h->element));
    s = gst_message_get_structure (msg);
    fail_unless (gst_structure_get_uint64 (s, "timestamp", &t));
    fail_unless_equals_uint64 (t, ts);
    fail_unless (gst_structure_get_uint64 (s, "stream-time", &t));
    fail_unless_equals_uint64 (t, ts - GST_SECOND + 10 * GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "running-time", &t));
    fail_unless_equals_uint64 (t, ts - GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "duration", &t));
    fail_unless_equals_uint64 (t, 40 * GST_MSECOND);
    check_message (s, moon, bins_list[i]);
    gst_message_unref (msg);
  }

  /* 16 bits: 65536 bins summed down. */
  for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
    TestFrame *out;
    GstMessage *msg;

    g_object_set (h->element, "message-bins", bins_list[i], NULL);
    out = test_harness_process (h, flower);
    msg = pop_histogram (bus);
    check_message (gst_message_get_structure (msg), flower, bins_list[i]);
    gst_message_unref (msg);
    test_frame_free (out);
  }
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
      "more than one message per frame");

  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  test_frame_free (moon);
  test_frame_free (flower);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* GRAY16 frames whose values sit in one band: the table and the message
 * are built in blocks of bins (per work-item on CPUs, per group on GPUs),
 * so bands below, above and across the blocks' edges (32768 on a CPU of 2
 * cores, multiples of 1024 on GPUs) must give the reference's pixels and
 * message. */
GST_START_TEST (test_gray16_value_bands)
{
  const guint bands[][2] = { { 0, 300 }, { 40000, 40900 }, { 32000, 33500 },
    { 65000, 65535 }, { 1023, 1025 }, { 30000, 65535 } };
  const guint bins_list[] = { 65536, 256, 8, 1 };
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  GRand *rand = test_rand ();

  gst_element_set_bus (h->element, bus);
  for (guint b = 0; b < G_N_ELEMENTS (bands); b++) {
    TestFrame *in = test_frame_new (GRAY16_LE, 97, 61, 0);

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y,
            g_rand_int_range (rand, bands[b][0], bands[b][1] + 1));
    for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
      GstMessage *msg;

      g_object_set (h->element, "message-bins", bins_list[i], NULL);
      check_equalize (h, in);
      msg = pop_histogram (bus);
      check_message (gst_message_get_structure (msg), in, bins_list[i]);
      gst_message_unref (msg);
    }
    test_frame_free (in);
  }
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  g_rand_free (rand);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_post_messages_off)
{
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  TestFrame *in = test_frame_load ("camera.png");
  TestFrame *out;
  GstMessage *msg;

  gst_element_set_bus (h->element, bus);
  g_object_set (h->element, "post-messages", FALSE, NULL);
  out = test_harness_process (h, in);
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL);
  test_frame_free (out);

  /* And back on while playing. */
  g_object_set (h->element, "post-messages", TRUE, NULL);
  out = test_harness_process (h, in);
  msg = pop_histogram (bus);
  gst_message_unref (msg);
  test_frame_free (out);

  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  test_frame_free (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_message_bins_property)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  guint bins;

  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 256);
  g_object_set (e, "message-bins", 100, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 64);
  g_object_set (e, "message-bins", 65536, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 65536);
  gst_object_unref (e);
}

GST_END_TEST;

/* ---- Device selection, context sharing, pipelines ---- */

GST_START_TEST (test_device_selection)
{
  const gchar *good[] = { "", "cpu", "0.0", "PTHREAD" };
  const gchar *bad[] = { "9.9", "0.99", "no-such-device", "accelerator" };
  GstHarness *h;
  gchar *name = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++) {
    h = gst_harness_new ("clhistequalize");
    g_object_set (h->element, "device", good[i], NULL);
    gst_harness_play (h);
    g_object_get (h->element, "device-name", &name, NULL);
    fail_unless (name != NULL && *name, "no device-name for \"%s\"", good[i]);
    g_print ("device=\"%s\" -> %s\n", good[i], name);
    g_free (name);
    gst_harness_teardown (h);
  }

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=1 ! "
                                   "video/x-raw,format=GRAY8 ! clhistequalize "
                                   "device=%s ! fakesink",
        bad[i]);
    gchar *error = test_run_pipeline (desc, NULL);

    fail_unless (error != NULL, "no error for device=%s", bad[i]);
    fail_unless (strstr (error, "No OpenCL device matches") != NULL, "%s",
        error);
    fail_unless (strstr (error, "available:") != NULL, "%s", error);
    g_free (error);
    g_free (desc);
  }
}

GST_END_TEST;

GST_START_TEST (test_device_change_in_ready)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  GstElement *pipeline = gst_pipeline_new (NULL);
  GstElement *src = gst_element_factory_make ("fakesrc", NULL);
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  gst_bin_add_many (GST_BIN (pipeline), src, e, sink, NULL);
  fail_unless (gst_element_link_many (src, e, sink, NULL));
  g_object_set (e, "device", "no-such-device", NULL);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PAUSED),
      GST_STATE_CHANGE_FAILURE);
  gst_element_set_state (pipeline, GST_STATE_READY);
  g_object_set (e, "device", "cpu", NULL);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PAUSED) !=
               GST_STATE_CHANGE_FAILURE);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
}

GST_END_TEST;

GST_START_TEST (test_shared_context)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc num-buffers=3 ! "
      "video/x-raw,format=GRAY8,width=64,height=48 ! "
      "clhistequalize name=a device=cpu ! clhistequalize name=b device=cpu ! "
      "fakesink",
      NULL);
  GstElement *a = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  GstElement *b = gst_bin_get_by_name (GST_BIN (pipeline), "b");
  GstContext *ca, *cb;
  GstClockTime timeout = 30 * GST_SECOND;
  GstMessage *msg;
  GstBus *bus = gst_element_get_bus (pipeline);
  guint have_context = 0;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while ((msg = gst_bus_timed_pop (bus, timeout))) {
    GstMessageType t = GST_MESSAGE_TYPE (msg);

    if (t == GST_MESSAGE_HAVE_CONTEXT)
      have_context++;
    gst_message_unref (msg);
    fail_if (t == GST_MESSAGE_ERROR);
    if (t == GST_MESSAGE_EOS)
      break;
  }
  /* One element created the context, the other found it. */
  fail_unless_equals_int (have_context, 1);
  ca = gst_element_get_context (a, "gst.opencl.context");
  cb = gst_element_get_context (b, "gst.opencl.context");
  fail_unless (ca != NULL && cb != NULL);
  {
    const GValue *va = gst_structure_get_value (gst_context_get_structure (ca),
        "gst.opencl.context");
    const GValue *vb = gst_structure_get_value (gst_context_get_structure (cb),
        "gst.opencl.context");

    fail_unless (va && G_VALUE_HOLDS_OBJECT (va));
    fail_unless (vb && G_VALUE_HOLDS_OBJECT (vb));
    fail_unless (g_value_get_object (va) == g_value_get_object (vb),
        "the elements hold different contexts");
  }
  gst_context_unref (ca);
  gst_context_unref (cb);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (a);
  gst_object_unref (b);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

GST_START_TEST (test_videoconvert_pipeline)
{
  gchar *error = test_run_pipeline (
      "videotestsrc num-buffers=5 ! "
      "video/x-raw,format=I420,width=320,height=240 ! videoconvert ! "
      "clhistequalize ! videoconvert ! video/x-raw,format=RGBx ! fakesink",
      NULL);

  fail_unless (error == NULL, "%s", error);
  error = test_run_pipeline (
      "videotestsrc num-buffers=5 ! "
      "video/x-raw,format=RGB,width=97,height=35 ! videoconvert ! "
      "video/x-raw,format=GRAY16_BE ! clhistequalize ! videoconvert ! "
      "fakesink",
      NULL);
  fail_unless (error == NULL, "%s", error);
}

GST_END_TEST;

GST_START_TEST (test_state_cycles)
{
  GstHarness *h = new_harness ();
  TestFrame *in = test_frame_load ("moon.png");

  for (guint i = 0; i < 10; i++) {
    TestFrame *out;

    fail_unless_equals_int (gst_element_set_state (h->element, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    gst_harness_play (h);
    gst_harness_set_src_caps (h, test_frame_caps (in));
    out = test_harness_process (h, in);
    test_frame_free (out);
  }
  test_frame_free (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- Buffers from the element's own pool ---- */

static void
collect_frame (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);

  g_ptr_array_add (data, test_frame_from_buffer (buf, caps));
  gst_caps_unref (caps);
}

static GstPadProbeReturn
count_pool_buffers (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  GstMemory *mem = gst_buffer_peek_memory (GST_PAD_PROBE_INFO_BUFFER (info), 0);

  if (mem->allocator &&
      g_strcmp0 (mem->allocator->mem_type, "ClHostMemory") == 0)
    (*(guint *)data)++;
  return GST_PAD_PROBE_OK;
}

/* Frames of @caps from videotestsrc (deterministic), through @filter or
 * not; returns them in order. */
static GPtrArray *
run_test_source (const gchar *caps, const gchar *filter, guint *pooled)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=4 pattern=ball ! "
                                 "%s ! %s fakesink name=sink "
                                 "signal-handoffs=true",
      caps, filter);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GPtrArray *frames = g_ptr_array_new_with_free_func (
      (GDestroyNotify)test_frame_free);
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  g_signal_connect (sink, "handoff", G_CALLBACK (collect_frame), frames);
  if (pooled) {
    GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), "eq");
    GstPad *pad = gst_element_get_static_pad (e, "sink");

    *pooled = 0;
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_pool_buffers,
        pooled, NULL);
    gst_object_unref (pad);
    gst_object_unref (e);
  }
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (desc);
  return frames;
}

/* Upstream allocates from the pool the element proposes (memory the kernels
 * use in place on CPU devices, pinned on GPUs): the results are the same. */
GST_START_TEST (test_upstream_pool)
{
  const gchar *caps[] = {
    "video/x-raw,format=GRAY8,width=333,height=97",
    "video/x-raw,format=GRAY16_LE,width=640,height=480",
    "video/x-raw,format=GRAY16_BE,width=31,height=7",
  };

  for (guint c = 0; c < G_N_ELEMENTS (caps); c++) {
    GPtrArray *in = run_test_source (caps[c], "", NULL);
    guint pooled = 0;
    GPtrArray *out = run_test_source (caps[c],
        "clhistequalize name=eq post-messages=false !", &pooled);

    fail_unless_equals_int (in->len, 4);
    fail_unless_equals_int (out->len, 4);
    fail_unless_equals_int (pooled, 4);
    for (guint i = 0; i < in->len; i++) {
      TestFrame *expected = ref_histequalize (g_ptr_array_index (in, i));

      fail_unless (test_frame_equal (expected, g_ptr_array_index (out, i)),
          "%s frame %u", caps[c], i);
      test_frame_free (expected);
    }
    g_ptr_array_unref (in);
    g_ptr_array_unref (out);
  }
}

GST_END_TEST;

static Suite *
clhistequalize_suite (void)
{
  Suite *s = suite_create ("clhistequalize");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_real_gray8);
  tcase_add_test (tc, test_real_gray16);
  tcase_add_test (tc, test_sizes);
  tcase_add_test (tc, test_padded_strides);
  tcase_add_test (tc, test_caps_change);
  tcase_add_test (tc, test_constant_frame);
  tcase_add_test (tc, test_message_fields);
  tcase_add_test (tc, test_gray16_value_bands);
  tcase_add_test (tc, test_post_messages_off);
  tcase_add_test (tc, test_message_bins_property);
  tcase_add_test (tc, test_device_selection);
  tcase_add_test (tc, test_device_change_in_ready);
  tcase_add_test (tc, test_shared_context);
  tcase_add_test (tc, test_videoconvert_pipeline);
  tcase_add_test (tc, test_state_cycles);
  tcase_add_test (tc, test_upstream_pool);
  return s;
}

GST_CHECK_MAIN (clhistequalize);
