/* gst-clfilter tests: state changes, seeks, EOS, properties from other
 * threads, QoS, and the histogram message's times after a seek
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
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <string.h>

#include "cldevices.h"
#include "cltestutils.h"
#include "clreference.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static const gchar *elements[] = { "clhistequalize", "clhistogram", "clclahe",
  "clsobel" };

#define STATE_CYCLES 200

/* ---- State changes ---- */

static void
count_handoff (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  g_atomic_int_inc ((gint *)data);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  g_atomic_int_inc ((gint *)data);
}

/* Counts the starts and stops of the pipeline's OpenCL elements: each
 * notifies device-name on both. */
static gint *
count_device_notify (GstElement *pipeline)
{
  gint *count = g_new0 (gint, 1);
  GstIterator *it = gst_bin_iterate_elements (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GObject *e = g_value_get_object (&item);

    if (g_object_class_find_property (G_OBJECT_GET_CLASS (e), "device-name"))
      g_signal_connect (e, "notify::device-name", G_CALLBACK (count_notify),
          count);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return count;
}

static void
set_state_checked (GstElement *e, GstState state)
{
  GstStateChangeReturn ret = gst_element_set_state (e, state);

  fail_if (ret == GST_STATE_CHANGE_FAILURE, "to %s failed",
      gst_element_state_get_name (state));
  ret = gst_element_get_state (e, NULL, NULL, 30 * GST_SECOND);
  fail_unless (ret == GST_STATE_CHANGE_SUCCESS ||
                   ret == GST_STATE_CHANGE_NO_PREROLL,
      "to %s: %s", gst_element_state_get_name (state),
      gst_element_state_change_return_get_name (ret));
}

static void
fail_on_error (GstBus *bus)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR))) {
    GError *err;
    gchar *dbg;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("error from %s: %s (%s)", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
        err->message, dbg);
  }
  /* Drop what piled up: histograms, state changes. */
  gst_bus_set_flushing (bus, TRUE);
  gst_bus_set_flushing (bus, FALSE);
}

/* NULL-READY-PAUSED-PLAYING and back, STATE_CYCLES times, step by step and
 * at once, with frames flowing through both elements. */
GST_START_TEST (test_state_cycles_with_data)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc pattern=ball is-live=false ! "
      "video/x-raw,format=GRAY8,width=64,height=48,framerate=100/1 ! "
      "clhistequalize ! clsobel ! fakesink name=sink signal-handoffs=true "
      "sync=false",
      NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  const GstState up[] = { GST_STATE_READY, GST_STATE_PAUSED,
    GST_STATE_PLAYING };
  gint frames = 0, last = 0;
  gint64 t0 = g_get_monotonic_time ();
  gint *starts_stops = count_device_notify (pipeline);

  g_signal_connect (sink, "handoff", G_CALLBACK (count_handoff), &frames);
  for (guint i = 0; i < STATE_CYCLES; i++) {
    if (i % 2) {
      for (guint s = 0; s < G_N_ELEMENTS (up); s++)
        set_state_checked (pipeline, up[s]);
    } else {
      set_state_checked (pipeline, GST_STATE_PLAYING);
    }
    /* Frames went through before going down again. */
    while (g_atomic_int_get (&frames) < last + 3)
      g_usleep (200);
    if (i % 2) {
      for (gint s = G_N_ELEMENTS (up) - 2; s >= 0; s--)
        set_state_checked (pipeline, up[s]);
    }
    set_state_checked (pipeline, GST_STATE_NULL);
    fail_on_error (bus);
    last = g_atomic_int_get (&frames);
  }
  g_print ("%u state cycles with data: %d frames, %.1f s\n", STATE_CYCLES,
      frames, (g_get_monotonic_time () - t0) / 1e6);
  /* Both elements started and stopped every time. */
  fail_unless_equals_int (*starts_stops, 2 * 2 * STATE_CYCLES);
  g_free (starts_stops);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* The same with no data: a source that never pushes, a sink that does not
 * wait for preroll; and up and down by single steps in an irregular
 * order (READY-PAUSED-READY-PAUSED-PLAYING-PAUSED-PLAYING...). */
GST_START_TEST (test_state_cycles_without_data)
{
  GstElement *pipeline = gst_parse_launch (
      "appsrc caps=video/x-raw,format=GRAY16_LE,width=8,height=8,"
      "framerate=25/1 ! clhistequalize ! clsobel ! fakesink async=false",
      NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  const GstState walk[] = { GST_STATE_READY, GST_STATE_PAUSED, GST_STATE_READY,
    GST_STATE_PAUSED, GST_STATE_PLAYING, GST_STATE_PAUSED, GST_STATE_PLAYING,
    GST_STATE_PAUSED, GST_STATE_READY, GST_STATE_NULL };
  gint64 t0 = g_get_monotonic_time ();
  gint *starts_stops = count_device_notify (pipeline);

  for (guint i = 0; i < STATE_CYCLES; i++) {
    if (i % 2) {
      for (guint s = 0; s < G_N_ELEMENTS (walk); s++)
        set_state_checked (pipeline, walk[s]);
    } else {
      set_state_checked (pipeline, GST_STATE_PLAYING);
      set_state_checked (pipeline, GST_STATE_NULL);
    }
    fail_on_error (bus);
  }
  g_print ("%u state cycles without data: %.1f s\n", STATE_CYCLES,
      (g_get_monotonic_time () - t0) / 1e6);
  /* Odd cycles go READY-PAUSED twice: two starts and stops each. */
  fail_unless_equals_int (*starts_stops,
      2 * 2 * (STATE_CYCLES / 2 + 2 * STATE_CYCLES / 2));
  g_free (starts_stops);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* ---- Output checked frame by frame in a running pipeline ---- */

typedef struct {
  GMutex lock;
  GHashTable *inputs; /* PTS -> TestFrame */
  const gchar *element;
  guint checked;
  guint mismatches;
  GstClockTime first_pts; /* of the first output since reset */
} FrameCheck;

static GstPadProbeReturn
keep_input (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  FrameCheck *fc = data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

  /* A pad that the state change deactivates under this push has dropped
   * its caps; the frame goes nowhere. */
  if (!caps)
    return GST_PAD_PROBE_OK;
  g_mutex_lock (&fc->lock);
  g_hash_table_insert (fc->inputs, GUINT_TO_POINTER (GST_BUFFER_PTS (buf)),
      test_frame_from_buffer (buf, caps));
  g_mutex_unlock (&fc->lock);
  gst_caps_unref (caps);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
check_output (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  FrameCheck *fc = data;
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  TestFrame *out, *in, *expected;

  if (!caps)
    return GST_PAD_PROBE_OK;
  out = test_frame_from_buffer (buf, caps);
  g_mutex_lock (&fc->lock);
  in = g_hash_table_lookup (fc->inputs,
      GUINT_TO_POINTER (GST_BUFFER_PTS (buf)));
  fail_unless (in != NULL, "output with no input at its PTS");
  expected = ref_element (fc->element, in);
  if (!test_frame_equal (expected, out))
    fc->mismatches++;
  if (fc->first_pts == GST_CLOCK_TIME_NONE)
    fc->first_pts = GST_BUFFER_PTS (buf);
  fc->checked++;
  g_mutex_unlock (&fc->lock);
  test_frame_free (expected);
  test_frame_free (out);
  gst_caps_unref (caps);
  return GST_PAD_PROBE_OK;
}

static GstElement *
checked_pipeline (const gchar *element, const gchar *caps, FrameCheck *fc)
{
  gchar *desc = g_strdup_printf ("videotestsrc pattern=snow ! %s ! %s "
                                 "name=el ! fakesink sync=false",
      caps, element);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *el = gst_bin_get_by_name (GST_BIN (pipeline), "el");
  GstPad *sinkpad = gst_element_get_static_pad (el, "sink");
  GstPad *srcpad = gst_element_get_static_pad (el, "src");

  if (g_str_equal (element, "clhistequalize"))
    g_object_set (el, "post-messages", FALSE, NULL);
  /* Measuring into the meta, not onto a bus nobody reads. */
  if (g_str_equal (element, "clhistogram"))
    g_object_set (el, "post-messages", FALSE, "attach-meta", TRUE, NULL);
  g_mutex_init (&fc->lock);
  fc->inputs = g_hash_table_new_full (NULL, NULL, NULL,
      (GDestroyNotify)test_frame_free);
  fc->element = element;
  fc->checked = fc->mismatches = 0;
  fc->first_pts = GST_CLOCK_TIME_NONE;
  gst_pad_add_probe (sinkpad, GST_PAD_PROBE_TYPE_BUFFER, keep_input, fc, NULL);
  gst_pad_add_probe (srcpad, GST_PAD_PROBE_TYPE_BUFFER, check_output, fc, NULL);
  gst_object_unref (sinkpad);
  gst_object_unref (srcpad);
  gst_object_unref (el);
  g_free (desc);
  return pipeline;
}

static void
frame_check_clear (FrameCheck *fc)
{
  g_hash_table_unref (fc->inputs);
  g_mutex_clear (&fc->lock);
}

static guint
wait_checked (FrameCheck *fc, guint n)
{
  gint64 end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  guint checked;

  do {
    g_usleep (1000);
    g_mutex_lock (&fc->lock);
    checked = fc->checked;
    g_mutex_unlock (&fc->lock);
  } while (checked < n && g_get_monotonic_time () < end);
  fail_unless (checked >= n, "only %u of %u frames came out", checked, n);
  return checked;
}

/* Flushing seeks while playing, forwards and back: every frame that comes
 * out is the reference's output for the frame that went in at its PTS, and
 * the first after each seek is at the seek's position. */
GST_START_TEST (test_flushing_seeks)
{
  const GstClockTime positions[] = { 2 * GST_SECOND, GST_SECOND / 2,
    10 * GST_SECOND, 0, 3 * GST_SECOND + 40 * GST_MSECOND };
  guint seeks = 0, frames = 0;

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    FrameCheck fc;
    GstElement *pipeline = checked_pipeline (elements[e],
        "video/x-raw,format=GRAY16_LE,width=40,height=30,framerate=25/1", &fc);
    GstBus *bus = gst_element_get_bus (pipeline);

    set_state_checked (pipeline, GST_STATE_PLAYING);
    wait_checked (&fc, 5);
    for (guint i = 0; i < G_N_ELEMENTS (positions); i++, seeks++) {
      fail_unless (gst_element_seek_simple (pipeline, GST_FORMAT_TIME,
          GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, positions[i]));
      /* The seek is done once the state is reached again. */
      set_state_checked (pipeline, GST_STATE_PLAYING);
      g_mutex_lock (&fc.lock);
      fc.first_pts = GST_CLOCK_TIME_NONE;
      fc.checked = 0;
      g_mutex_unlock (&fc.lock);
      wait_checked (&fc, 5);
      g_mutex_lock (&fc.lock);
      fail_unless (fc.first_pts >= positions[i],
          "first PTS %" GST_TIME_FORMAT " before the seek to %" GST_TIME_FORMAT,
          GST_TIME_ARGS (fc.first_pts), GST_TIME_ARGS (positions[i]));
      frames += fc.checked;
      g_mutex_unlock (&fc.lock);
    }
    fail_on_error (bus);
    set_state_checked (pipeline, GST_STATE_NULL);
    fail_unless_equals_int (fc.mismatches, 0);
    gst_object_unref (bus);
    gst_object_unref (pipeline);
    frame_check_clear (&fc);
  }
  g_print ("%u flushing seeks, %u frames checked after them\n", seeks, frames);
}

GST_END_TEST;

/* EOS goes through after the last frame, also with no frame at all, and a
 * flushing seek after EOS plays the stream again to its end. */
static void
seek_range (GstElement *pipeline, GstClockTime stop)
{
  fail_unless (gst_element_seek (pipeline, 1.0, GST_FORMAT_TIME,
      GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, GST_SEEK_TYPE_SET, 0,
      GST_SEEK_TYPE_SET, stop));
}

static void
wait_eos (GstBus *bus)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, 30 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
}

GST_START_TEST (test_eos)
{
  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (gint n = 0; n <= 3; n += 3) {
      gchar *desc = g_strdup_printf ("videotestsrc %s ! "
                                     "video/x-raw,format=GRAY8,width=16,"
                                     "height=16,framerate=25/1 ! %s ! "
                                     "fakesink name=sink "
                                     "signal-handoffs=true",
          n ? "" : "num-buffers=0", elements[e]);
      GstElement *pipeline = gst_parse_launch (desc, NULL);
      GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
      GstBus *bus = gst_element_get_bus (pipeline);
      gint frames = 0;

      g_signal_connect (sink, "handoff", G_CALLBACK (count_handoff), &frames);
      if (n) {
        /* Three frames of 40 ms, then EOS; twice. */
        set_state_checked (pipeline, GST_STATE_PAUSED);
        seek_range (pipeline, 120 * GST_MSECOND);
      }
      gst_element_set_state (pipeline, GST_STATE_PLAYING);
      wait_eos (bus);
      fail_unless_equals_int (g_atomic_int_get (&frames), n);
      if (n) {
        seek_range (pipeline, 120 * GST_MSECOND);
        wait_eos (bus);
        fail_unless_equals_int (g_atomic_int_get (&frames), 2 * n);
      }
      set_state_checked (pipeline, GST_STATE_NULL);
      gst_object_unref (bus);
      gst_object_unref (sink);
      gst_object_unref (pipeline);
      g_free (desc);
    }
  }
}

GST_END_TEST;

/* ---- device in READY ---- */

GST_START_TEST (test_device_change_in_ready)
{
  GPtrArray *devices = cl_test_selectors ();

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    FrameCheck fc;
    GstElement *pipeline = checked_pipeline (elements[e],
        "video/x-raw,format=GRAY8,width=33,height=9,framerate=25/1", &fc);
    GstElement *el = gst_bin_get_by_name (GST_BIN (pipeline), "el");
    GstBus *bus = gst_element_get_bus (pipeline);

    for (guint d = 0; d < devices->len; d++) {
      const gchar *selector = g_ptr_array_index (devices, d);
      const gboolean bad = !cl_test_expected_device (selector, NULL);
      gchar *where;

      set_state_checked (pipeline, GST_STATE_READY);
      g_object_set (el, "device", selector, NULL);
      if (bad) {
        fail_unless_equals_int (gst_element_set_state (pipeline,
                                    GST_STATE_PLAYING),
            GST_STATE_CHANGE_FAILURE);
        /* The error says why. */
        {
          GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
          GError *err;

          fail_unless (msg != NULL, "device=\"%s\": no error", selector);
          gst_message_parse_error (msg, &err, NULL);
          g_print ("%s restarted in a pipeline: device=\"%s\" -> error: %s\n",
              elements[e], selector, err->message);
          fail_unless (strstr (err->message, "No OpenCL device matches"), "%s",
              err->message);
          g_error_free (err);
          gst_message_unref (msg);
        }
        gst_element_set_state (pipeline, GST_STATE_READY);
        continue;
      }
      set_state_checked (pipeline, GST_STATE_PLAYING);
      g_mutex_lock (&fc.lock);
      fc.checked = 0;
      g_mutex_unlock (&fc.lock);
      wait_checked (&fc, 3);
      where = g_strdup_printf ("%s restarted in a pipeline", elements[e]);
      cl_test_check_selection (el, selector, where);
      g_free (where);
      fail_on_error (bus);
    }
    set_state_checked (pipeline, GST_STATE_NULL);
    fail_unless_equals_int (fc.mismatches, 0);
    gst_object_unref (el);
    gst_object_unref (bus);
    gst_object_unref (pipeline);
    frame_check_clear (&fc);
  }
  g_ptr_array_unref (devices);
}

GST_END_TEST;

/* ---- Every property, changed from other threads while playing ---- */

typedef struct {
  const gchar *name;
  const gchar *values[3];
} PropValues;

/* clhistequalize's and clhistogram's. */
static const PropValues histequalize_props[] = {
  { "post-messages", { "false", "true", NULL } },
  { "attach-meta", { "true", "false", NULL } },
  { "message-bins", { "1", "65536", "100" } },
  { "device", { "cpu", "", "no-such-device" } },
};

/* Grids of up to 17x9 tiles: 64x64 GRAY16 tables are 512 MiB a time. */
static const PropValues clahe_props[] = {
  { "clip-limit", { "0", "40", "2" } },
  { "tiles-x", { "1", "17", "8" } },
  { "tiles-y", { "3", "9", "8" } },
  { "smoothing", { "0", "255", "200" } },
  { "device", { "cpu", "", "no-such-device" } },
};

static const PropValues sobel_props[] = {
  { "mode", { "dx", "magnitude-l1", "magnitude" } },
  { "scale", { "0.25", "65535", "1" } },
  { "threshold", { "0", "200", "65535" } },
  { "device", { "cpu", "", "no-such-device" } },
};

/* A GValue of @pspec's type from @str. */
static void
value_from_string (GParamSpec *pspec, const gchar *str, GValue *value)
{
  g_value_init (value, pspec->value_type);
  fail_unless (gst_value_deserialize (value, str), "%s=%s", pspec->name, str);
}

GST_START_TEST (test_stress_properties)
{
  GRand *rand = g_rand_new_with_seed (31);
  guint frames = 0, messages = 0, threads = 0;

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    const gboolean histeq = g_str_equal (elements[e], "clhistequalize") ||
                            g_str_equal (elements[e], "clhistogram");
    const gboolean clahe = g_str_equal (elements[e], "clclahe");
    const PropValues *props = histeq  ? histequalize_props
                              : clahe ? clahe_props
                                      : sobel_props;
    const guint n_props = histeq  ? G_N_ELEMENTS (histequalize_props)
                          : clahe ? G_N_ELEMENTS (clahe_props)
                                  : G_N_ELEMENTS (sobel_props);
    GstHarness *h = gst_harness_new (elements[e]);
    GstBus *bus = gst_bus_new ();
    GPtrArray *stress = g_ptr_array_new ();
    TestFrame *in, *expected, *out;

    gst_element_set_bus (h->element, bus);
    gst_harness_play (h);
    for (guint p = 0; p < n_props; p++) {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (
                                                            h->element),
          props[p].name);

      /* Two threads per property with different values: it toggles. */
      for (guint v = 0; v < 3 && props[p].values[v]; v++) {
        GValue value = G_VALUE_INIT;

        value_from_string (pspec, props[p].values[v], &value);
        g_ptr_array_add (stress, gst_harness_stress_property_start_full (h,
                                     props[p].name, &value, 100 + 37 * v));
        g_value_unset (&value);
      }
    }
    threads += stress->len;
    /* Frames of changing formats and sizes meanwhile. */
    for (guint i = 0; i < 150; i++, frames++) {
      const GstVideoFormat fmt = (i / 10) % 3 == 0   ? GRAY8
                                 : (i / 10) % 3 == 1 ? GRAY16_LE
                                                     : GRAY16_BE;
      TestFrame *f = test_frame_random (fmt, 16 + (i / 10) * 3, 9 + (i / 30), 0,
          fmt == GRAY8 ? 8 : 16, rand);

      out = test_harness_process (h, f);
      test_frame_free (out);
      test_frame_free (f);
    }
    for (guint i = 0; i < stress->len; i++)
      gst_harness_stress_thread_stop (g_ptr_array_index (stress, i));
    g_ptr_array_unref (stress);

    /* Each histogram message is whole. */
    {
      GstMessage *msg;

      while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT))) {
        const GstStructure *s = gst_message_get_structure (msg);
        guint num_bins;
        guint64 pixels, sum = 0;
        const GValue *bins = gst_structure_get_value (s, "bins");

        fail_unless (gst_structure_get_uint (s, "num-bins", &num_bins));
        fail_unless (gst_structure_get_uint64 (s, "pixels", &pixels));
        fail_unless_equals_int (gst_value_array_get_size (bins), num_bins);
        for (guint b = 0; b < num_bins; b++)
          sum += g_value_get_uint64 (gst_value_array_get_value (bins, b));
        fail_unless_equals_uint64 (sum, pixels);
        gst_message_unref (msg);
        messages++;
      }
    }
    fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR) == NULL);

    /* Settled again: the defaults give the reference's output. */
    for (guint p = 0; p < n_props; p++) {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (
                                                            h->element),
          props[p].name);

      g_object_set_property (G_OBJECT (h->element), props[p].name,
          g_param_spec_get_default_value (pspec));
    }
    if (histeq)
      g_object_set (h->element, "post-messages", FALSE, NULL);
    in = test_frame_random (GRAY16_BE, 77, 31, 0, 16, rand);
    expected = ref_element (elements[e], in);
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (expected, out));
    test_frame_free (in);
    test_frame_free (expected);
    test_frame_free (out);

    gst_element_set_bus (h->element, NULL);
    gst_object_unref (bus);
    gst_harness_teardown (h);
  }
  g_print ("property stress: %u threads, %u frames, %u histogram messages\n",
      threads, frames, messages);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- QoS ---- */

static GstBuffer *
timed_buffer (const TestFrame *f, GstClockTime pts)
{
  GstBuffer *buf = test_frame_to_buffer (f);

  GST_BUFFER_PTS (buf) = pts;
  GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
  return buf;
}

/* As GstBaseTransform does: after a QoS event saying that buffers before
 * running time T are late, those are dropped (a QOS message counts them)
 * and later ones processed; no histogram is posted for a dropped frame;
 * with qos=false nothing is dropped; a flush forgets the lateness. */
GST_START_TEST (test_qos)
{
  TestFrame *in = test_frame_load ("moon.png");

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint qos = 0; qos < 2; qos++) {
      const GstClockTime pts[] = { 500 * GST_MSECOND, GST_SECOND,
        1200 * GST_MSECOND, 1300 * GST_MSECOND };
      const gboolean late[] = { TRUE, TRUE, FALSE, FALSE };
      GstHarness *h = gst_harness_new (elements[e]);
      GstBus *bus = gst_bus_new ();
      guint expected_out = 0, histograms = 0;
      GstMessage *msg;
      gboolean qos_default;

      gst_element_set_bus (h->element, bus);
      g_object_get (h->element, "qos", &qos_default, NULL);
      fail_unless (qos_default, "qos is on by default in GstVideoFilter");
      g_object_set (h->element, "qos", qos, NULL);
      gst_harness_set_src_caps (h, test_frame_caps (in));
      fail_unless_equals_int (gst_harness_push (h, timed_buffer (in, 0)),
          GST_FLOW_OK);
      expected_out++;
      /* Downstream: running time 1 s, 60 ms late. */
      fail_unless (gst_harness_push_upstream_event (h,
          gst_event_new_qos (GST_QOS_TYPE_UNDERFLOW, 0.9, 60 * GST_MSECOND,
              GST_SECOND)));
      for (guint i = 0; i < G_N_ELEMENTS (pts); i++) {
        fail_unless_equals_int (gst_harness_push (h, timed_buffer (in, pts[i])),
            GST_FLOW_OK);
        expected_out += !(qos && late[i]);
      }
      fail_unless_equals_int (gst_harness_buffers_received (h), expected_out);

      while ((msg = gst_bus_pop (bus))) {
        if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_QOS) {
          guint64 processed, dropped;
          GstFormat format;

          fail_unless (qos, "QOS message with qos=false");
          gst_message_parse_qos_stats (msg, &format, &processed, &dropped);
          fail_unless (dropped == 1 || dropped == 2);
        } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT) {
          histograms++;
        }
        gst_message_unref (msg);
      }
      if (g_str_equal (elements[e], "clhistequalize") ||
          g_str_equal (elements[e], "clhistogram"))
        fail_unless_equals_int (histograms, expected_out);

      /* A flush forgets it: a frame at 0.1 s goes through. */
      fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
      fail_unless (gst_harness_push_event (h, gst_event_new_flush_stop (TRUE)));
      {
        GstSegment segment;

        gst_segment_init (&segment, GST_FORMAT_TIME);
        fail_unless (
            gst_harness_push_event (h, gst_event_new_segment (&segment)));
      }
      fail_unless_equals_int (gst_harness_push (h,
                                  timed_buffer (in, 100 * GST_MSECOND)),
          GST_FLOW_OK);
      fail_unless_equals_int (gst_harness_buffers_received (h),
          expected_out + 1);
      g_print ("%s qos=%u: %u of %u frames out\n", elements[e], qos,
          expected_out, (guint)G_N_ELEMENTS (pts) + 1);

      gst_element_set_bus (h->element, NULL);
      gst_object_unref (bus);
      gst_harness_teardown (h);
    }
  }
  test_frame_free (in);
}

GST_END_TEST;

/* ---- The histogram message after seeks ---- */

/* After each flushing seek the histogram messages carry the buffers'
 * timestamps, a running time that starts again at 0 and the stream time of
 * the new segment; also with a seek that moves the stream time (a segment
 * of rate 1 from 2 s). */
GST_START_TEST (test_histogram_times_after_seek)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc ! video/x-raw,format=GRAY8,width=32,height=24,"
      "framerate=25/1 ! clhistequalize ! fakesink sync=false",
      NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  const GstClockTime targets[] = { 2 * GST_SECOND, 400 * GST_MSECOND,
    7 * GST_SECOND };
  guint checked = 0;

  set_state_checked (pipeline, GST_STATE_PAUSED);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++) {
    guint n = 0;

    /* The first seek flushes what was in flight, whose messages may come
     * late; once it prerolled nothing moves, the bus is emptied, and the
     * same seek again gives only messages of the new segment. */
    fail_unless (gst_element_seek_simple (pipeline, GST_FORMAT_TIME,
        GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, targets[i]));
    set_state_checked (pipeline, GST_STATE_PAUSED);
    gst_bus_set_flushing (bus, TRUE);
    gst_bus_set_flushing (bus, FALSE);
    fail_unless (gst_element_seek_simple (pipeline, GST_FORMAT_TIME,
        GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, targets[i]));
    set_state_checked (pipeline, GST_STATE_PLAYING);
    while (n < 10) {
      GstMessage *msg = gst_bus_timed_pop_filtered (bus, 30 * GST_SECOND,
          GST_MESSAGE_ELEMENT | GST_MESSAGE_ERROR);
      const GstStructure *s;
      guint64 ts, rt, st;

      fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT);
      s = gst_message_get_structure (msg);
      if (!gst_structure_has_name (s, "histogram")) {
        gst_message_unref (msg);
        continue;
      }
      fail_unless (gst_structure_get_uint64 (s, "timestamp", &ts));
      fail_unless (gst_structure_get_uint64 (s, "running-time", &rt));
      fail_unless (gst_structure_get_uint64 (s, "stream-time", &st));
      /* Frames of 40 ms from the target on, in order. */
      fail_unless_equals_uint64 (ts, targets[i] + n * 40 * GST_MSECOND);
      fail_unless_equals_uint64 (rt, ts - targets[i]);
      fail_unless_equals_uint64 (st, ts);
      gst_message_unref (msg);
      n++;
      checked++;
    }
    set_state_checked (pipeline, GST_STATE_PAUSED);
  }
  set_state_checked (pipeline, GST_STATE_NULL);
  g_print ("%u histogram messages checked after %u seeks\n", checked,
      (guint)G_N_ELEMENTS (targets));
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

static Suite *
lifecycle_suite (void)
{
  Suite *s = suite_create ("lifecycle");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_state_cycles_with_data);
  tcase_add_test (tc, test_state_cycles_without_data);
  tcase_add_test (tc, test_flushing_seeks);
  tcase_add_test (tc, test_eos);
  tcase_add_test (tc, test_device_change_in_ready);
  tcase_add_test (tc, test_stress_properties);
  tcase_add_test (tc, test_qos);
  tcase_add_test (tc, test_histogram_times_after_seek);
  return s;
}

GST_CHECK_MAIN (lifecycle);
