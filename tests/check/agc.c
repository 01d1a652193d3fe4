/* gst-clfilter tests: clhistequalize as video AGC
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
 * method, saturate-low/high, strength, smoothing and the region of interest,
 * alone and together, over sequences of frames, against the plain C
 * reference in agcreference.c; the smoothed table carried from frame to
 * frame and restarted on flush, discontinuity and caps change.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <math.h>
#include <string.h>

#include "agcreference.h"
#include "clreference.h"
#include "cltestutils.h"
#include "histframe.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

/* Input and output formats: GRAY16 to GRAY8 too, and YUV luma of either
 * range. */
static const struct {
  GstVideoFormat in, out;
  const gchar *colorimetry;
} formats[] = {
  { GRAY8, GRAY8, "" },
  { GRAY16_LE, GRAY16_LE, "" },
  { GRAY16_BE, GRAY16_BE, "" },
  { GRAY16_LE, GRAY8, "" },
  { GRAY16_BE, GRAY8, "" },
  { GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV12, TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV12, TEST_COLORIMETRY_LIMITED },
  { GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_I420, "" },
  { GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_YUY2, TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_P010_10LE,
      TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420_10LE, "" },
  { GST_VIDEO_FORMAT_P012_LE, GST_VIDEO_FORMAT_P012_LE,
      TEST_COLORIMETRY_LIMITED },
  { GST_VIDEO_FORMAT_Y444_16LE, GST_VIDEO_FORMAT_Y444_16LE, "" },
  { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_NV12, TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420, "" },
};

static const AgcSettings cases[] = {
  AGC_DEFAULTS,
  { AGC_LINEAR, 0.01, 0.01, 1.0, 0, 0, 0, 0, 0 },
  { AGC_LINEAR, 0.2, 0.0, 1.0, 0, 0, 0, 0, 0 },
  { AGC_LINEAR, 0.0, 0.5, 1.0, 0, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 0.37, 0, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 0.0, 0, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 200, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 255, 0, 0, 0, 0 },
  { AGC_LINEAR, 0.05, 0.02, 0.5, 100, 0, 0, 0, 0 },
  /* Regions inside, partly outside, and wholly outside the frame. */
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 10, 5, 20, 9 },
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 40, 30, 100, 100 },
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 70, 0, 5, 5 },
  { AGC_LINEAR, 0.1, 0.1, 0.9, 255, 3, 1, 17, 30 },
};

static void
apply_settings (GstElement *e, const AgcSettings *s)
{
  g_object_set (e, "method", s->method, "saturate-low", s->saturate_low,
      "saturate-high", s->saturate_high, "strength", s->strength, "smoothing",
      s->smoothing, "roi-x", s->roi_x, "roi-y", s->roi_y, "roi-width",
      s->roi_width, "roi-height", s->roi_height, NULL);
}

static GstHarness *
new_harness (GstVideoFormat out)
{
  GstHarness *h = gst_harness_new ("clhistequalize");

  g_object_set (h->element, "post-messages", FALSE, NULL);
  if (out == GRAY8)
    gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
  return h;
}

/* The same, for @in into @out: another format than the input's only
 * where downstream asks for it. */
static GstHarness *
new_harness_into (GstVideoFormat in, GstVideoFormat out)
{
  GstHarness *h = new_harness (out);

  if (in != out && out != GRAY8) {
    gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
        gst_video_format_to_string (out));

    gst_harness_set_sink_caps_str (h, caps);
    g_free (caps);
  }
  return h;
}

/* Frames of a sequence: random values of two spreads, a shifted copy, a
 * constant frame, and random again; GRAY16 of 12 and 16 bits, YUV of more
 * than 8 bits in all its words' bits (above its depth too, where the value
 * is the word's low bits) or 12 of them. */
static TestFrame *
sequence_frame (GstVideoFormat format, const gchar *colorimetry, guint i,
    guint width, guint height, GRand *rand)
{
  const guint depth = test_format_depth (format);
  const guint word =
      16 - GST_VIDEO_FORMAT_INFO_SHIFT (gst_video_format_get_info (format), 0);
  const guint bits = depth == 8 ? 8 : (i % 2 ? MIN (12, word) : word);
  TestFrame *f = test_frame_random (format, width, height,
      test_format_row_bytes (format, width, 0) + 3, i == 1 ? bits - 2 : bits,
      rand);

  test_frame_set_colorimetry (f, colorimetry);
  if (i == 3) {
    const guint v = test_frame_get (f, 0, 0);

    for (guint y = 0; y < height; y++)
      for (guint x = 0; x < width; x++)
        test_frame_set (f, x, y, v);
  }
  return f;
}

static void
check_frame (GstHarness *h, const TestFrame *in, GstVideoFormat out_format,
    const AgcSettings *s, AgcState *state, const gchar *what, guint i)
{
  const gboolean limited = test_format_is_yuv (in->format) &&
                           !test_frame_full_range (in);
  TestFrame *expected = ref_agc_frame (in, out_format, limited, s, state);
  TestFrame *out = test_harness_process (h, in);

  fail_unless (test_frame_equal (expected, out),
      "%s: %s %s to %s, frame %u (method %d, saturate %g/%g, strength %g, "
      "smoothing %u, roi %u,%u %ux%u)",
      what, gst_video_format_to_string (in->format), in->colorimetry,
      gst_video_format_to_string (out_format), i, s->method, s->saturate_low,
      s->saturate_high, s->strength, s->smoothing, s->roi_x, s->roi_y,
      s->roi_width, s->roi_height);
  test_frame_free (expected);
  test_frame_free (out);
}

GST_START_TEST (test_properties)
{
  GRand *rand = g_rand_new_with_seed (20261123);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
      GstHarness *h = new_harness_into (formats[f].in, formats[f].out);
      AgcState state = { 0 };

      apply_settings (h->element, &cases[c]);
      for (guint i = 0; i < 5; i++) {
        TestFrame *in = sequence_frame (formats[f].in, formats[f].colorimetry,
            i, 61, 37, rand);

        check_frame (h, in, formats[f].out, &cases[c], &state, "case", i);
        test_frame_free (in);
      }
      agc_state_reset (&state);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* A real picture through a sequence with every property set. */
GST_START_TEST (test_real_images)
{
  const AgcSettings s = { AGC_LINEAR, 0.02, 0.03, 0.8, 180, 100, 50, 300, 200 };
  const gchar *names[] = { "moon.png", "camera.png", "moon.png" };
  GstHarness *h = new_harness (GRAY8);
  AgcState state = { 0 };

  apply_settings (h->element, &s);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *in = test_frame_load (names[i]);

    check_frame (h, in, GRAY8, &s, &state, names[i], i);
    test_frame_free (in);
  }
  agc_state_reset (&state);
  gst_harness_teardown (h);

  h = new_harness (GRAY8);
  apply_settings (h->element, &s);
  for (guint i = 0; i < 2; i++) {
    TestFrame *be = test_frame_load ("flower_small.g.depth12.pgm");

    check_frame (h, be, GRAY8, &s, &state, "flower 16 to 8", i);
    test_frame_free (be);
  }
  agc_state_reset (&state);
  gst_harness_teardown (h);
}

GST_END_TEST;

static void
push_flush (GstHarness *h)
{
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_stop (TRUE)));
  /* A flush drops the segment: the harness must send one again. */
  fail_unless (gst_harness_push_event (h,
      gst_event_new_segment (&(GstSegment){ .format = GST_FORMAT_TIME,
          .rate = 1.0,
          .applied_rate = 1.0,
          .stop = GST_CLOCK_TIME_NONE,
          .duration = GST_CLOCK_TIME_NONE })));
}

/* The smoothed table goes on over frames and property changes, and starts
 * again after a flush, a discontinuity and new caps. */
GST_START_TEST (test_smoothing_restarts)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    GstHarness *h = new_harness_into (formats[f].in, formats[f].out);
    AgcSettings s = AGC_DEFAULTS;
    AgcState state = { 0 };
    guint n = 0;

    s.smoothing = 230;
    apply_settings (h->element, &s);
    for (guint step = 0; step < 9; step++) {
      TestFrame *in = sequence_frame (formats[f].in, formats[f].colorimetry,
          step % 5, step >= 7 ? 40 : 61, 37, rand);

      if (step == 3) {
        push_flush (h);
        agc_state_reset (&state);
      }
      if (step == 5) {
        /* Changed while playing: applies from this frame, T carries on. */
        s.method = AGC_LINEAR;
        s.strength = 0.6;
        s.roi_x = 5;
        s.roi_width = 30;
        s.roi_height = 30;
        apply_settings (h->element, &s);
      }
      if (step == 7)
        agc_state_reset (&state);
      if (step == 6) {
        GstBuffer *buf = test_frame_to_buffer (in);
        TestFrame *expected, *out;
        GstBuffer *outbuf;
        GstCaps *caps;

        agc_state_reset (&state);
        expected = ref_agc_frame (in, formats[f].out,
            test_format_is_yuv (in->format) && !test_frame_full_range (in), &s,
            &state);
        GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
        fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
        outbuf = gst_harness_pull (h);
        caps = gst_pad_get_current_caps (h->sinkpad);
        out = test_frame_from_buffer (outbuf, caps);
        fail_unless (test_frame_equal (expected, out), "after DISCONT");
        gst_caps_unref (caps);
        gst_buffer_unref (outbuf);
        test_frame_free (out);
        test_frame_free (expected);
      } else {
        check_frame (h, in, formats[f].out, &s, &state, "restarts", step);
      }
      test_frame_free (in);
      n++;
    }
    agc_state_reset (&state);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* The message describes the region the table came from, and names the
 * method. */
GST_START_TEST (test_message_region)
{
  const AgcSettings regions[] = {
    { AGC_LINEAR, 0.01, 0.01, 1.0, 0, 10, 5, 20, 9 },
    { AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 50, 30, 100, 100 },
    { AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 61, 0, 5, 5 },
    AGC_DEFAULTS,
  };
  GRand *rand = g_rand_new_with_seed (11);
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();

  gst_element_set_bus (h->element, bus);
  for (guint i = 0; i < G_N_ELEMENTS (regions); i++) {
    TestFrame *in = test_frame_random (GRAY8, 61, 37, 0, 8, rand);
    TestFrame *out;
    const GstStructure *st;
    const GValue *bins;
    GstMessage *msg;
    guint x, y, w, hh, v;
    guint64 hist[256] = { 0 };
    const gchar *method;

    g_object_set (h->element, "message-bins", 256, NULL);
    apply_settings (h->element, &regions[i]);
    out = test_harness_process (h, in);
    agc_region (&regions[i], 61, 37, &x, &y, &w, &hh);
    for (guint yy = y; yy < y + hh; yy++)
      for (guint xx = x; xx < x + w; xx++)
        hist[test_frame_get (in, xx, yy)]++;
    msg = hist_pop_message (bus);
    st = gst_message_get_structure (msg);
    method = gst_structure_get_string (st, "method");
    fail_unless_equals_string (method,
        regions[i].method == AGC_LINEAR ? "linear" : "equalize");
    fail_unless (gst_structure_get_uint (st, "roi-x", &v) && v == x);
    fail_unless (gst_structure_get_uint (st, "roi-y", &v) && v == y);
    fail_unless (gst_structure_get_uint (st, "roi-width", &v) && v == w);
    fail_unless (gst_structure_get_uint (st, "roi-height", &v) && v == hh);
    bins = gst_structure_get_value (st, "bins");
    for (guint b = 0; b < 256; b++)
      fail_unless_equals_uint64 (g_value_get_uint64 (
                                     gst_value_array_get_value (bins, b)),
          hist[b]);
    gst_message_unref (msg);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Each roi-* property alone and with others, 0 sizes reaching the frame's
 * edges, on clhistequalize: every pixel as the reference makes it from
 * the region ref_region() gives, every bin and the region in the message,
 * and one warning naming the region used where the region is cut at the
 * frame's edge or starts past it (the whole frame builds the table then),
 * none for the next frame nor where the region is inside. */
GST_START_TEST (test_region_edges)
{
  /* On 61x37 frames. */
  const guint rois[][4] = {
    { 0, 0, 20, 0 },    /* width only: a band of full height */
    { 0, 0, 0, 9 },     /* height only */
    { 40, 0, 0, 0 },    /* x only: to the right edge */
    { 0, 25, 0, 0 },    /* y only: to the bottom edge */
    { 40, 25, 0, 0 },   /* x and y */
    { 3, 30, 17, 7 },   /* exactly to the bottom edge */
    { 50, 30, 20, 20 }, /* cut at both edges */
    { 0, 20, 0, 100 },  /* cut at the bottom edge */
    { 61, 0, 5, 5 },    /* x past the frame: the whole frame */
    { 0, 37, 0, 0 },    /* y past the frame */
  };
  const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GST_VIDEO_FORMAT_NV12 };
  GRand *rand = g_rand_new_with_seed (23);
  GstBus *bus = gst_bus_new ();

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    GstHarness *h = gst_harness_new ("clhistequalize");
    TestFrame *in = test_frame_random (formats[f], 61, 37, 0,
        test_format_depth (formats[f]), rand);

    gst_element_set_bus (h->element, bus);
    g_object_set (h->element, "message-bins", 65536, NULL);
    for (guint c = 0; c < G_N_ELEMENTS (rois); c++) {
      AgcSettings s = AGC_DEFAULTS;
      const gboolean limited = test_format_is_yuv (in->format) &&
                               !test_frame_full_range (in);
      guint r[4];
      const RefRegionFit fit = ref_region (rois[c], 61, 37, r);
      gchar *used = g_strdup_printf ("%u,%u %ux%u", r[0], r[1], r[2], r[3]);

      s.roi_x = rois[c][0];
      s.roi_y = rois[c][1];
      s.roi_width = rois[c][2];
      s.roi_height = rois[c][3];
      apply_settings (h->element, &s);
      for (guint frame = 0; frame < 2; frame++) {
        AgcState state = { 0 };
        TestFrame *expected = ref_agc_frame (in, in->format, limited, &s,
            &state);
        TestFrame *out = test_harness_process (h, in);
        const guint nbins = 1u << test_format_depth (in->format);
        guint64 *hist = g_new0 (guint64, nbins);
        const GstStructure *st;
        const GValue *bins;
        GstMessage *msg;
        guint v, warnings = 0;
        gchar *text = NULL;

        fail_unless (test_frame_equal (expected, out), "%s roi %u,%u %ux%u",
            gst_video_format_to_string (in->format), rois[c][0], rois[c][1],
            rois[c][2], rois[c][3]);
        for (guint y = r[1]; y < r[1] + r[3]; y++)
          for (guint x = r[0]; x < r[0] + r[2]; x++)
            hist[test_frame_get (in, x, y)]++;
        /* The warnings come before the message; gst_bus_pop_filtered()
         * would drop them. */
        while ((msg = gst_bus_pop (bus)) &&
               GST_MESSAGE_TYPE (msg) == GST_MESSAGE_WARNING) {
          GError *err;

          gst_message_parse_warning (msg, &err, NULL);
          g_free (text);
          text = g_strdup (err->message);
          g_error_free (err);
          gst_message_unref (msg);
          warnings++;
        }
        fail_unless (msg != NULL &&
                         GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
                         gst_structure_has_name (gst_message_get_structure (
                                                     msg),
                             "histogram"),
            "no histogram message");
        st = gst_message_get_structure (msg);
        fail_unless (gst_structure_get_uint (st, "roi-x", &v) && v == r[0]);
        fail_unless (gst_structure_get_uint (st, "roi-y", &v) && v == r[1]);
        fail_unless (gst_structure_get_uint (st, "roi-width", &v) && v == r[2]);
        fail_unless (
            gst_structure_get_uint (st, "roi-height", &v) && v == r[3]);
        bins = gst_structure_get_value (st, "bins");
        fail_unless_equals_int (gst_value_array_get_size (bins), nbins);
        for (guint b = 0; b < nbins; b++)
          fail_unless_equals_uint64 (g_value_get_uint64 (
                                         gst_value_array_get_value (bins, b)),
              hist[b]);
        gst_message_unref (msg);
        fail_unless_equals_int (warnings,
            frame == 0 && fit != REF_REGION_INSIDE ? 1 : 0);
        if (warnings)
          fail_unless (strstr (text, used) != NULL, "\"%s\" does not say %s",
              text, used);
        g_free (text);
        g_free (hist);
        agc_state_reset (&state);
        test_frame_free (expected);
        test_frame_free (out);
      }
      g_free (used);
    }
    gst_element_set_bus (h->element, NULL);
    gst_harness_teardown (h);
    test_frame_free (in);
  }
  gst_object_unref (bus);
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
agc_suite (void)
{
  Suite *s = suite_create ("agc");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_properties);
  tcase_add_test (tc, test_real_images);
  tcase_add_test (tc, test_smoothing_restarts);
  tcase_add_test (tc, test_message_region);
  tcase_add_test (tc, test_region_edges);
  return s;
}

GST_CHECK_MAIN (agc);
