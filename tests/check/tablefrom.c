/* gst-clfilter tests: table-from=previous on clhistequalize and clclahe
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
 *
 * table-from=previous: each frame mapped through the table(s) of the frame
 * before, against the C references run on that frame (agcreference.c,
 * refclahe.c), on sequences of random and real frames in every kind of
 * format; the frame's own table after start, a flush, a discontinuity, new
 * caps, a switch to previous and a change of a property that changes the
 * table; the messages of each frame describing its own histogram.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <string.h>

#include "agcreference.h"
#include "clreference.h"
#include "cltestutils.h"
#include "histframe.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

/* Input and output formats: gray, GRAY16 to GRAY8, 8-bit YUV of either
 * range, packed RGB, YUV of more bits and into its 8-bit sibling. */
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
  { GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_I420, TEST_COLORIMETRY_LIMITED },
  { GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_YUY2, TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_RGBx, "" },
  { GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_BGR, "" },
  { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_P010_10LE,
      TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420_10LE, "" },
  { GST_VIDEO_FORMAT_P012_LE, GST_VIDEO_FORMAT_P012_LE,
      TEST_COLORIMETRY_LIMITED },
  { GST_VIDEO_FORMAT_Y444_16LE, GST_VIDEO_FORMAT_Y444_16LE, "" },
  { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_NV12, TEST_COLORIMETRY_FULL },
  { GST_VIDEO_FORMAT_I420_12LE, GST_VIDEO_FORMAT_I420, "" },
};

static const AgcSettings cases[] = {
  AGC_DEFAULTS,
  { AGC_LINEAR, 0.05, 0.02, 0.5, 100, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 1.0, 230, 0, 0, 0, 0 },
  { AGC_EQUALIZE, 0.01, 0.01, 0.8, 0, 10, 5, 20, 9 },
  { AGC_LINEAR, 0.1, 0.1, 0.9, 255, 3, 1, 17, 30 },
  /* A region that starts past the frame: the whole frame builds the
   * table (randomized's seed 20261123, frame 190, under color-space=rgb). */
  { AGC_LINEAR, 0.36215537912658613, 0.27322635410368801, 0.49461538749646217,
      69, 106, 8, 0, 45 },
};

static void
apply_settings (GstElement *e, const AgcSettings *s)
{
  g_object_set (e, "method", s->method, "saturate-low", s->saturate_low,
      "saturate-high", s->saturate_high, "strength", s->strength, "smoothing",
      s->smoothing, "roi-x", s->roi_x, "roi-y", s->roi_y, "roi-width",
      s->roi_width, "roi-height", s->roi_height, NULL);
}

static gboolean
whole_frame (const AgcSettings *s)
{
  return !s->roi_x && !s->roi_y && !s->roi_width && !s->roi_height;
}

/* @element, table-from=previous, into @out where downstream asks for it. */
static GstHarness *
new_harness (const gchar *element, GstVideoFormat in, GstVideoFormat out)
{
  GstHarness *h = gst_harness_new (element);

  g_object_set (h->element, "table-from", 1, "post-messages", FALSE, NULL);
  if (in != out) {
    gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
        gst_video_format_to_string (out));

    gst_harness_set_sink_caps_str (h, caps);
    g_free (caps);
  }
  return h;
}

/* Frames of a sequence: random values of two spreads, a constant frame,
 * a narrow band; 16-bit samples in all the word's bits or 12 of them. */
static TestFrame *
sequence_frame (GstVideoFormat format, const gchar *colorimetry, guint i,
    guint width, guint height, GRand *rand)
{
  const guint depth = test_format_depth (format);
  const guint word =
      16 - GST_VIDEO_FORMAT_INFO_SHIFT (gst_video_format_get_info (format), 0);
  const guint bits = depth == 8 ? 8 : (i % 2 ? MIN (12, word) : word);
  TestFrame *f = test_frame_random (format, width, height,
      test_format_row_bytes (format, width, 0) + 3,
      i % 3 == 1 ? bits - 3 : bits, rand);

  if (!test_format_is_rgb (format))
    test_frame_set_colorimetry (f, colorimetry);
  if (i == 3 && !test_format_is_rgb (format)) {
    const guint v = test_frame_get (f, 0, 0);

    for (guint y = 0; y < height; y++)
      for (guint x = 0; x < width; x++)
        test_frame_set (f, x, y, v);
  }
  return f;
}

static gboolean
limited_of (const TestFrame *in)
{
  return test_format_is_yuv (in->format) && !test_frame_full_range (in);
}

/* Pushes @in, marked DISCONT where asked, and returns the output. */
static TestFrame *
push_frame (GstHarness *h, const TestFrame *in, gboolean discont)
{
  GstBuffer *buf = test_frame_to_buffer (in);
  GstBuffer *outbuf;
  GstCaps *caps = test_frame_caps (in);
  TestFrame *out;

  gst_harness_set_src_caps (h, caps);
  if (discont)
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  outbuf = gst_harness_pull (h);
  caps = gst_pad_get_current_caps (h->sinkpad);
  out = test_frame_from_buffer (outbuf, caps);
  gst_caps_unref (caps);
  gst_buffer_unref (outbuf);
  return out;
}

static void
push_flush (GstHarness *h)
{
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_stop (TRUE)));
  fail_unless (gst_harness_push_event (h,
      gst_event_new_segment (&(GstSegment){ .format = GST_FORMAT_TIME,
          .rate = 1.0,
          .applied_rate = 1.0,
          .stop = GST_CLOCK_TIME_NONE,
          .duration = GST_CLOCK_TIME_NONE })));
}

static void
check_agc (GstHarness *h, const TestFrame *in, GstVideoFormat out_format,
    const AgcSettings *s, AgcState *state, gboolean own, gboolean discont,
    const gchar *what, guint i)
{
  TestFrame *expected = ref_agc_frame_previous (in, out_format, limited_of (in),
      s, state, own);
  TestFrame *out = push_frame (h, in, discont);

  fail_unless (test_frame_equal (expected, out),
      "%s: %s %s to %s, frame %u%s (method %d, saturate %g/%g, strength %g, "
      "smoothing %u, roi %u,%u %ux%u)",
      what, gst_video_format_to_string (in->format), in->colorimetry,
      gst_video_format_to_string (out_format), i, own ? " (own table)" : "",
      s->method, s->saturate_low, s->saturate_high, s->strength, s->smoothing,
      s->roi_x, s->roi_y, s->roi_width, s->roi_height);
  test_frame_free (expected);
  test_frame_free (out);
}

/* The message of the frame just pushed: frame @in's own histogram. */
static void
check_own_message (GstBus *bus, const TestFrame *in, const gchar *what, guint i)
{
  GstMessage *msg = hist_pop_message (bus);
  guint nbins;
  guint64 *hist = ref_histogram (in, &nbins);
  gchar *why = test_histogram_counts_differ (gst_message_get_structure (msg),
      hist, nbins, nbins, (guint64)in->width * in->height);

  fail_unless (why == NULL, "%s: %s frame %u: %s", what,
      gst_video_format_to_string (in->format), i, why);
  gst_message_unref (msg);
  g_free (hist);
}

/* Every format and AGC case over 6 random frames: frame 0 through its own
 * table, each later one through the table of the one before, with the
 * smoothing state moving on as with table-from=current; the message of
 * each frame (the whole frame's, where no region is set) of its own
 * histogram. */
GST_START_TEST (test_histequalize_sequences)
{
  GRand *rand = g_rand_new_with_seed (20261127);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
      GstHarness *h = new_harness ("clhistequalize", formats[f].in,
          formats[f].out);
      const gboolean messages = whole_frame (&cases[c]);
      GstBus *bus = gst_bus_new ();
      AgcState state = { 0 };

      gst_element_set_bus (h->element, bus);
      apply_settings (h->element, &cases[c]);
      g_object_set (h->element, "post-messages", messages, "message-bins",
          65536, NULL);
      for (guint i = 0; i < 6; i++) {
        TestFrame *in = sequence_frame (formats[f].in, formats[f].colorimetry,
            i, 61, 37, rand);

        check_agc (h, in, formats[f].out, &cases[c], &state, i == 0, FALSE,
            "sequence", i);
        if (messages)
          check_own_message (bus, in, "sequence", i);
        test_frame_free (in);
      }
      fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL);
      gst_element_set_bus (h->element, NULL);
      gst_object_unref (bus);
      agc_state_reset (&state);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Packed RGB in each color-space, R, G and B each with its own table and
 * smoothing under rgb. */
GST_START_TEST (test_histequalize_color_spaces)
{
  const struct {
    const gchar *nick;
    RefColorSpace space;
  } spaces[] = {
    { "ycrcb", REF_COLOR_YCRCB },
    { "lab", REF_COLOR_LAB },
    { "rgb", REF_COLOR_RGB },
  };
  const GstVideoFormat rgb[] = { GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGR };
  GRand *rand = g_rand_new_with_seed (31);

  for (guint f = 0; f < G_N_ELEMENTS (rgb); f++) {
    for (guint k = 0; k < G_N_ELEMENTS (spaces); k++) {
      for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
        GstHarness *h = new_harness ("clhistequalize", rgb[f], rgb[f]);
        AgcState states[3] = { { 0 } };

        apply_settings (h->element, &cases[c]);
        gst_util_set_object_arg (G_OBJECT (h->element), "color-space",
            spaces[k].nick);
        for (guint i = 0; i < 5; i++) {
          TestFrame *in = sequence_frame (rgb[f], "", i, 45, 29, rand);
          TestFrame *expected = ref_agc_frame_previous_rgb (in, spaces[k].space,
              &cases[c], states, i == 0);
          TestFrame *out = push_frame (h, in, FALSE);

          fail_unless (test_frame_equal (expected, out),
              "%s color-space=%s case %u frame %u",
              gst_video_format_to_string (rgb[f]), spaces[k].nick, c, i);
          test_frame_free (expected);
          test_frame_free (out);
          test_frame_free (in);
        }
        for (guint j = 0; j < 3; j++)
          agc_state_reset (&states[j]);
        gst_harness_teardown (h);
      }
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Real pictures: moon and camera (512x512) alternating in GRAY8 and as the
 * luma of I420, and a 12-bit picture in GRAY16 and to GRAY8, with every
 * AGC property set. */
GST_START_TEST (test_histequalize_real_images)
{
  const AgcSettings s = { AGC_LINEAR, 0.02, 0.03, 0.8, 180, 100, 50, 300, 200 };
  const gchar *names[] = { "moon.png", "camera.png", "camera.png", "moon.png",
    "camera.png" };
  const GstVideoFormat gray16_out[] = { GRAY16_BE, GRAY8 };
  GRand *rand = g_rand_new_with_seed (3);

  for (guint c = 0; c < 2; c++) {
    const AgcSettings *cs = c ? &s : &cases[0];
    GstHarness *h = new_harness ("clhistequalize", GRAY8, GRAY8);
    GstHarness *hy = new_harness ("clhistequalize", GST_VIDEO_FORMAT_I420,
        GST_VIDEO_FORMAT_I420);
    AgcState state = { 0 }, ystate = { 0 };

    apply_settings (h->element, cs);
    apply_settings (hy->element, cs);
    for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
      TestFrame *in = test_frame_load (names[i]);
      TestFrame *yuv = test_frame_from_gray (in, GST_VIDEO_FORMAT_I420, rand);

      test_frame_set_colorimetry (yuv, TEST_COLORIMETRY_LIMITED);
      check_agc (h, in, GRAY8, cs, &state, i == 0, FALSE, names[i], i);
      check_agc (hy, yuv, GST_VIDEO_FORMAT_I420, cs, &ystate, i == 0, FALSE,
          names[i], i);
      test_frame_free (yuv);
      test_frame_free (in);
    }
    agc_state_reset (&state);
    agc_state_reset (&ystate);
    gst_harness_teardown (h);
    gst_harness_teardown (hy);
  }
  for (guint o = 0; o < G_N_ELEMENTS (gray16_out); o++) {
    GstHarness *h = new_harness ("clhistequalize", GRAY16_BE, gray16_out[o]);
    AgcState state = { 0 };
    TestFrame *in = test_frame_load ("flower_small.g.depth12.pgm");

    apply_settings (h->element, &s);
    for (guint i = 0; i < 4; i++) {
      /* The picture brightening from frame to frame. */
      for (guint y = 0; y < in->height; y++)
        for (guint x = 0; x < in->width; x++)
          test_frame_set (in, x, y, test_frame_get (in, x, y) + 97 * i);
      check_agc (h, in, gray16_out[o], &s, &state, i == 0, FALSE, "flower", i);
    }
    test_frame_free (in);
    agc_state_reset (&state);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* The frame's own table after a flush, DISCONT, new caps, a change of each
 * table property, and a switch from current to previous; the table of the
 * frame before again on the frame after each, and after a change of a
 * property that leaves the table alone. */
GST_START_TEST (test_histequalize_resets)
{
  const struct {
    GstVideoFormat in, out;
    const gchar *colorimetry;
  } shapes[] = {
    { GRAY8, GRAY8, "" },
    { GRAY16_LE, GRAY16_LE, "" },
    { GRAY16_BE, GRAY8, "" },
    { GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV12, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_P010_10LE, "" },
    { GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRx, "" },
  };
  enum
  {
    STEP_PREVIOUS,
    STEP_FLUSH,
    STEP_DISCONT,
    STEP_CAPS,
    STEP_PROPERTY,
    STEP_MESSAGES,
    STEP_CURRENT,
    STEP_SWITCH,
  };
  const guint steps[] = { STEP_PREVIOUS, STEP_PREVIOUS, STEP_PREVIOUS,
    STEP_FLUSH, STEP_PREVIOUS, STEP_DISCONT, STEP_PREVIOUS, STEP_PROPERTY,
    STEP_PREVIOUS, STEP_PROPERTY, STEP_PREVIOUS, STEP_PROPERTY, STEP_PREVIOUS,
    STEP_PROPERTY, STEP_PREVIOUS, STEP_PROPERTY, STEP_PREVIOUS, STEP_CAPS,
    STEP_PREVIOUS, STEP_MESSAGES, STEP_CURRENT, STEP_CURRENT, STEP_SWITCH,
    STEP_PREVIOUS, STEP_PREVIOUS };
  GRand *rand = g_rand_new_with_seed (5);

  for (guint f = 0; f < G_N_ELEMENTS (shapes); f++) {
    GstHarness *h = new_harness ("clhistequalize", shapes[f].in, shapes[f].out);
    AgcSettings s = AGC_DEFAULTS;
    AgcState state = { 0 };
    guint width = 61, props = 0;

    s.smoothing = 200;
    apply_settings (h->element, &s);
    for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
      gboolean own = i == 0, discont = FALSE, current = FALSE;
      TestFrame *in;

      switch (steps[i]) {
        case STEP_FLUSH:
          push_flush (h);
          agc_state_reset (&state);
          own = TRUE;
          break;
        case STEP_DISCONT:
          agc_state_reset (&state);
          own = discont = TRUE;
          break;
        case STEP_CAPS:
          width = 40;
          agc_state_reset (&state);
          own = TRUE;
          break;
        case STEP_PROPERTY:
          /* Each of the table's properties in turn; the smoothing state
           * carries on, as with table-from=current. */
          switch (props++) {
            case 0:
              s.strength = 0.7;
              break;
            case 1:
              s.method = AGC_LINEAR;
              break;
            case 2:
              s.saturate_low = 0.2;
              break;
            case 3:
              s.smoothing = 100;
              break;
            default:
              s.roi_x = 3;
              s.roi_height = 20;
              break;
          }
          apply_settings (h->element, &s);
          own = TRUE;
          break;
        case STEP_MESSAGES:
          g_object_set (h->element, "post-messages", TRUE, "message-bins", 16,
              "attach-meta", TRUE, NULL);
          break;
        case STEP_CURRENT:
          g_object_set (h->element, "table-from", 0, NULL);
          current = TRUE;
          break;
        case STEP_SWITCH:
          g_object_set (h->element, "table-from", 1, NULL);
          own = TRUE;
          break;
        default:
          break;
      }
      in = sequence_frame (shapes[f].in, shapes[f].colorimetry, i % 5, width,
          37, rand);
      if (current) {
        TestFrame *expected = ref_agc_frame (in, shapes[f].out, limited_of (in),
            &s, &state);
        TestFrame *out = push_frame (h, in, FALSE);

        fail_unless (test_frame_equal (expected, out), "%s step %u (current)",
            gst_video_format_to_string (shapes[f].in), i);
        test_frame_free (expected);
        test_frame_free (out);
      } else {
        check_agc (h, in, shapes[f].out, &s, &state, own, discont, "resets", i);
      }
      test_frame_free (in);
    }
    agc_state_reset (&state);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- clclahe ---- */

static const struct {
  gdouble clip_limit;
  guint tiles_x, tiles_y, smoothing;
} clahe_cases[] = {
  { 2.0, 8, 8, 0 },
  { 0.0, 3, 5, 0 },
  { 4.0, 4, 4, 200 },
  { 1.5, 7, 2, 255 },
};

static void
clahe_params (RefClaheParams *p, guint c, GstVideoFormat in, GstVideoFormat out)
{
  ref_clahe_params_init (p);
  /* 16-bit samples clip alike at 256 times the 8-bit limit. */
  p->clip_limit = clahe_cases[c].clip_limit *
                  (test_format_depth (in) > 8
                          ? 1u << (test_format_depth (in) - 8)
                          : 1);
  p->tiles_x = clahe_cases[c].tiles_x;
  p->tiles_y = clahe_cases[c].tiles_y;
  p->smoothing = clahe_cases[c].smoothing;
  p->to_8bit = in != out;
}

static void
apply_clahe (GstElement *e, const RefClaheParams *p)
{
  g_object_set (e, "clip-limit", p->clip_limit, "tiles-x", p->tiles_x,
      "tiles-y", p->tiles_y, "smoothing", p->smoothing, NULL);
}

static void
check_clahe (GstHarness *h, const TestFrame *in, RefClaheParams *p,
    RefClaheState *state, gboolean own, gboolean discont, const gchar *what,
    guint i)
{
  TestFrame *expected, *out;

  p->from_previous = !own;
  expected = ref_clahe_frame (in, p, state);
  out = push_frame (h, in, discont);
  fail_unless (test_frame_equal (expected, out),
      "%s: %s %s%s, frame %u%s (clip %g, tiles %ux%u, smoothing %u)", what,
      gst_video_format_to_string (in->format), in->colorimetry,
      p->to_8bit ? " to 8 bits" : "", i, own ? " (own tables)" : "",
      p->clip_limit, p->tiles_x, p->tiles_y, p->smoothing);
  test_frame_free (expected);
  test_frame_free (out);
}

/* Every format and a few grids, clip limits and smoothings over 5 random
 * frames: frame 0 blended with its own tables, each later one with those
 * of the one before; the message of each frame of its own histogram. */
GST_START_TEST (test_clahe_sequences)
{
  GRand *rand = g_rand_new_with_seed (20261128);

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (guint c = 0; c < G_N_ELEMENTS (clahe_cases); c++) {
      GstHarness *h = new_harness ("clclahe", formats[f].in, formats[f].out);
      GstBus *bus = gst_bus_new ();
      RefClaheState state = { 0 };
      RefClaheParams p;

      clahe_params (&p, c, formats[f].in, formats[f].out);
      gst_element_set_bus (h->element, bus);
      apply_clahe (h->element, &p);
      g_object_set (h->element, "post-messages", TRUE, "message-bins", 65536,
          NULL);
      for (guint i = 0; i < 5; i++) {
        TestFrame *in = sequence_frame (formats[f].in, formats[f].colorimetry,
            i, 61, 37, rand);

        check_clahe (h, in, &p, &state, i == 0, FALSE, "sequence", i);
        check_own_message (bus, in, "clclahe sequence", i);
        test_frame_free (in);
      }
      fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL);
      gst_element_set_bus (h->element, NULL);
      gst_object_unref (bus);
      ref_clahe_state_clear (&state);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Real pictures, moon and camera alternating, in GRAY8 and as the luma of
 * NV12, with smoothing and without. */
GST_START_TEST (test_clahe_real_images)
{
  const gchar *names[] = { "moon.png", "camera.png", "camera.png", "moon.png",
    "camera.png" };
  const GstVideoFormat fmts[] = { GRAY8, GST_VIDEO_FORMAT_NV12 };
  GRand *rand = g_rand_new_with_seed (4);

  for (guint f = 0; f < G_N_ELEMENTS (fmts); f++) {
    for (guint c = 0; c < 3; c += 2) {
      GstHarness *h = new_harness ("clclahe", fmts[f], fmts[f]);
      RefClaheState state = { 0 };
      RefClaheParams p;

      clahe_params (&p, c, fmts[f], fmts[f]);
      apply_clahe (h->element, &p);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
        TestFrame *gray = test_frame_load (names[i]);
        TestFrame *in = fmts[f] == GRAY8
                            ? test_frame_copy (gray, GRAY8, 0)
                            : test_frame_from_gray (gray, fmts[f], rand);

        check_clahe (h, in, &p, &state, i == 0, FALSE, names[i], i);
        test_frame_free (in);
        test_frame_free (gray);
      }
      ref_clahe_state_clear (&state);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* The frame's own tables after a flush, DISCONT, new caps, a change of
 * each table property and a switch to previous; the tables of the frame
 * before again on the frame after each. */
GST_START_TEST (test_clahe_resets)
{
  const struct {
    GstVideoFormat in, out;
    const gchar *colorimetry;
  } shapes[] = {
    { GRAY8, GRAY8, "" },
    { GRAY16_LE, GRAY8, "" },
    { GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_I420, TEST_COLORIMETRY_LIMITED },
    { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_P010_10LE, "" },
    { GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_RGBA, "" },
  };
  /* p: previous, f: flush, d: DISCONT, s: new size, c: clip-limit, x:
   * tiles-x, m: smoothing, o: messages on, r: current, w: switch back. */
  const gchar *steps = "pppfpdpcpxpmpspoprrwpp";
  GRand *rand = g_rand_new_with_seed (6);

  for (guint f = 0; f < G_N_ELEMENTS (shapes); f++) {
    GstHarness *h = new_harness ("clclahe", shapes[f].in, shapes[f].out);
    RefClaheState state = { 0 };
    RefClaheParams p;
    guint width = 61;

    clahe_params (&p, 2, shapes[f].in, shapes[f].out);
    apply_clahe (h->element, &p);
    for (guint i = 0; steps[i]; i++) {
      gboolean own = i == 0, discont = FALSE;
      TestFrame *in;

      switch (steps[i]) {
        case 'f':
          push_flush (h);
          ref_clahe_state_clear (&state);
          own = TRUE;
          break;
        case 'd':
          ref_clahe_state_clear (&state);
          own = discont = TRUE;
          break;
        case 's':
          width = 50;
          ref_clahe_state_clear (&state);
          own = TRUE;
          break;
        case 'c':
          p.clip_limit *= 2;
          own = TRUE;
          break;
        case 'x':
          /* New tiles restart the smoothing too. */
          p.tiles_x = 5;
          ref_clahe_state_clear (&state);
          own = TRUE;
          break;
        case 'm':
          p.smoothing = 50;
          own = TRUE;
          break;
        case 'o':
          g_object_set (h->element, "post-messages", TRUE, "attach-meta", TRUE,
              NULL);
          break;
        case 'r':
          g_object_set (h->element, "table-from", 0, NULL);
          own = TRUE;
          break;
        case 'w':
          g_object_set (h->element, "table-from", 1, NULL);
          own = TRUE;
          break;
        default:
          break;
      }
      apply_clahe (h->element, &p);
      in = sequence_frame (shapes[f].in, shapes[f].colorimetry, i % 5, width,
          37, rand);
      check_clahe (h, in, &p, &state, own, discont, "resets", i);
      test_frame_free (in);
    }
    ref_clahe_state_clear (&state);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_property)
{
  const gchar *elements[] = { "clhistequalize", "clclahe" };

  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    GstElement *e = gst_element_factory_make (elements[i], NULL);
    GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (e),
        "table-from");
    gint v;

    fail_unless (pspec != NULL, "%s has no table-from", elements[i]);
    g_object_get (e, "table-from", &v, NULL);
    fail_unless_equals_int (v, 0);
    gst_util_set_object_arg (G_OBJECT (e), "table-from", "previous");
    g_object_get (e, "table-from", &v, NULL);
    fail_unless_equals_int (v, 1);
    gst_object_unref (e);
  }
}

GST_END_TEST;

static Suite *
tablefrom_suite (void)
{
  Suite *s = suite_create ("tablefrom");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_histequalize_sequences);
  tcase_add_test (tc, test_histequalize_color_spaces);
  tcase_add_test (tc, test_histequalize_real_images);
  tcase_add_test (tc, test_histequalize_resets);
  tcase_add_test (tc, test_clahe_sequences);
  tcase_add_test (tc, test_clahe_real_images);
  tcase_add_test (tc, test_clahe_resets);
  tcase_add_test (tc, test_property);
  return s;
}

GST_CHECK_MAIN (tablefrom);
