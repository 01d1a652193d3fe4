/* gst-clfilter tests: clhistogram, and the GstClHistogramMeta of every
 * element that measures a histogram
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
 * Every frame must leave byte for byte as it came, on the same memory, and
 * its message must equal, field for field and exactly, the one computed
 * here from the plain C reference's histogram (clreference.c for gray
 * frames; for YUV the luma samples counted through GstVideoFrame). The
 * meta must hold the message's fields.
 *
 * The checks every element has (real images, sizes, padded strides,
 * state cycles, every YUV format) are elements.c's.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/app/gstappsink.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"
#include "histframe.h"

static GRand *
test_rand (void)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  const guint32 seed = 20261123;

  g_print ("random frames from seed %u\n", seed);
  return g_rand_new_with_seed (seed);
}

/* Every YUV format at odd sizes, every byte random, the rows' padding and
 * the gaps between planes too (elements.c's test_yuv_every_format has
 * them hold 0xA5): only the luma is counted, and no byte of any plane
 * changes. */
GST_START_TEST (test_yuv_random_bytes)
{
  const guint sizes[][2] = { { 1, 1 }, { 7, 5 }, { 97, 35 }, { 640, 480 } };
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);

  for (guint i = 0; i < test_n_yuv_formats; i++) {
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
      const guint pad = s % 2 ? g_rand_int_range (rand, 1, 40) : 0;
      const guint gap = s % 2 ? 0 : g_rand_int_range (rand, 0, 50);
      HistFrame *f = hist_frame_random (test_yuv_formats[i], sizes[s][0],
          sizes[s][1], pad, gap, rand);

      hist_check_frame (h, bus, f, s == 2 ? 16 : 256);
      hist_frame_free (f);
    }
  }
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_one_1080p_nv12)
{
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  HistFrame *f = hist_frame_random (GST_VIDEO_FORMAT_NV12, 1920, 1080, 0, 0,
      rand);

  hist_check_frame (h, bus, f, 256);
  hist_frame_free (f);
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* Format and size changes mid-stream, each frame's message its own. */
GST_START_TEST (test_caps_changes)
{
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  TestFrame *moon = test_frame_load ("moon.png");
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  HistFrame *frames[] = {
    hist_frame_from_test_frame (moon),
    hist_frame_random (GST_VIDEO_FORMAT_NV12, 33, 17, 0, 0, rand),
    hist_frame_from_test_frame (flower),
    hist_frame_random (GST_VIDEO_FORMAT_YUY2, 64, 3, 6, 0, rand),
    hist_frame_from_test_frame (moon),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    hist_check_frame (h, bus, frames[i], 64);
    hist_frame_free (frames[i]);
  }
  test_frame_free (moon);
  test_frame_free (flower);
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* GRAY16 values in one band: the summary is built in blocks of bins (per
 * work-item on CPUs, per group on GPUs), so bands below, above and across
 * the blocks' edges, with every message size. */
GST_START_TEST (test_gray16_value_bands)
{
  const guint bands[][2] = { { 0, 300 }, { 40000, 40900 }, { 32000, 33500 },
    { 65000, 65535 }, { 1023, 1025 }, { 30000, 65535 }, { 7, 7 } };
  const guint bins_list[] = { 65536, 4096, 256, 64, 8, 1 };
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);

  for (guint b = 0; b < G_N_ELEMENTS (bands); b++) {
    TestFrame *t = test_frame_new (GST_VIDEO_FORMAT_GRAY16_LE, 97, 61, 0);
    HistFrame *f;

    for (guint y = 0; y < t->height; y++)
      for (guint x = 0; x < t->width; x++)
        test_frame_set (t, x, y,
            g_rand_int_range (rand, bands[b][0], bands[b][1] + 1));
    f = hist_frame_from_test_frame (t);
    for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++)
      hist_check_frame (h, bus, f, bins_list[i]);
    hist_frame_free (f);
    test_frame_free (t);
  }
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* Luma of d bits has 2^d bins, summed down to message-bins where fewer:
 * the message says so (1024 for 10 bits, not 65536), in clhistogram's and
 * clhistequalize's messages and metas alike, every byte of the frames
 * random (bits above the depth too, which are not counted). */
GST_START_TEST (test_high_depth_bins)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_P012_LE,
    GST_VIDEO_FORMAT_I422_10LE, GST_VIDEO_FORMAT_Y444_16LE };
  const guint bins_list[] = { 65536, 4096, 1024, 256, 64, 1 };
  const gchar *elements[] = { "clhistogram", "clhistequalize" };
  GRand *rand = test_rand ();

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    GstBus *bus;
    GstHarness *h = hist_harness_new (elements[e], &bus);

    for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
      HistFrame *f = hist_frame_random (formats[i], 97, 35, 6, 3, rand);
      const guint nbins = 1u << GST_VIDEO_INFO_COMP_DEPTH (&f->info, 0);

      fail_unless_equals_int (f->nbins, nbins);
      for (guint b = 0; b < G_N_ELEMENTS (bins_list); b++) {
        GstMessage *msg;
        GstBuffer *out;
        guint num_bins = 0;

        g_object_set (h->element, "message-bins", bins_list[b], NULL);
        gst_harness_set_src_caps (h, gst_video_info_to_caps (&f->info));
        fail_unless_equals_int (gst_harness_push (h,
                                    gst_buffer_copy_deep (f->buf)),
            GST_FLOW_OK);
        out = gst_harness_pull (h);
        msg = hist_pop_message (bus);
        fail_unless (gst_structure_get_uint (gst_message_get_structure (msg),
            "num-bins", &num_bins));
        fail_unless_equals_int (num_bins, MIN (bins_list[b], nbins));
        hist_check_fields (gst_message_get_structure (msg), f, bins_list[b]);
        hist_check_meta_equals_message (out, gst_message_get_structure (msg));
        gst_message_unref (msg);
        gst_buffer_unref (out);
      }
      hist_frame_free (f);
    }
    hist_harness_free (h, bus);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* What docs/clhistogram.md says the roi-* properties measure:
 * ref_region() of the frame's luma. */
static RefRegionFit
expected_region (const guint *roi, const GstVideoInfo *info, guint *r)
{
  return ref_region (roi, GST_VIDEO_INFO_COMP_WIDTH (info, 0),
      GST_VIDEO_INFO_COMP_HEIGHT (info, 0), r);
}

/* The roi-* properties: the histogram of the region, the region in the
 * message. */
GST_START_TEST (test_region)
{
  const guint rois[][4] = { { 10, 20, 100, 50 }, { 0, 0, 1, 1 },
    { 90, 30, 1000, 1000 }, { 3, 1, 0, 10 }, { 500, 1, 10, 10 },
    { 96, 34, 5, 5 }, { 5, 7, 11, 13 } };
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  TestFrame *moon = test_frame_load ("moon.png");
  HistFrame *frames[] = {
    hist_frame_from_test_frame (moon),
    hist_frame_random (GST_VIDEO_FORMAT_NV12, 97, 35, 3, 2, rand),
    hist_frame_random (GST_VIDEO_FORMAT_YUY2, 97, 35, 0, 0, rand),
    hist_frame_random (GST_VIDEO_FORMAT_GRAY16_BE, 97, 35, 2, 0, rand),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    HistFrame *f = frames[i];

    for (guint c = 0; c < G_N_ELEMENTS (rois); c++) {
      g_object_set (h->element, "roi-x", rois[c][0], "roi-y", rois[c][1],
          "roi-width", rois[c][2], "roi-height", rois[c][3], NULL);
      expected_region (rois[c], &f->info, f->roi);
      g_free (f->hist);
      f->hist = hist_luma_histogram (f->buf, &f->info, f->roi, &f->nbins);
      hist_check_frame (h, bus, f, c % 2 ? 64 : 65536);
    }
    hist_frame_free (f);
  }
  test_frame_free (moon);
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* Each roi-* property alone and with others, 0 sizes reaching the frame's
 * edges: every bin and the region in the message as ref_region() says,
 * and one warning naming the region used where the region is cut at the
 * frame's edge or starts past it (the whole frame is measured then), none
 * for the next frame nor where the region is inside; new caps warn
 * again. */
GST_START_TEST (test_region_edges)
{
  /* On 97x35 frames. */
  const guint rois[][4] = {
    { 0, 0, 40, 0 },    /* width only: a band of full height */
    { 0, 0, 0, 20 },    /* height only */
    { 30, 0, 0, 0 },    /* x only: to the right edge */
    { 0, 10, 0, 0 },    /* y only: to the bottom edge */
    { 30, 10, 0, 0 },   /* x and y */
    { 30, 0, 40, 0 },   /* x and width */
    { 0, 10, 0, 7 },    /* y and height */
    { 10, 5, 87, 30 },  /* exactly to both edges */
    { 90, 30, 20, 10 }, /* cut at both edges */
    { 10, 0, 200, 0 },  /* cut at the right edge */
    { 0, 34, 0, 2 },    /* cut at the bottom edge */
    { 97, 0, 5, 5 },    /* x past the frame: the whole frame */
    { 0, 35, 0, 0 },    /* y past the frame */
    { 500, 900, 1, 1 }, /* both */
    { 0, 0, 0, 0 },     /* the whole frame */
  };
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  HistFrame *frames[] = {
    hist_frame_random (GST_VIDEO_FORMAT_GRAY8, 97, 35, 1, 0, rand),
    hist_frame_random (GST_VIDEO_FORMAT_GRAY16_LE, 97, 35, 2, 0, rand),
    hist_frame_random (GST_VIDEO_FORMAT_NV12, 97, 35, 3, 2, rand),
    hist_frame_random (GST_VIDEO_FORMAT_YUY2, 97, 35, 0, 0, rand),
  };
  gchar *text = NULL;
  guint warnings;

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    HistFrame *f = frames[i];

    for (guint c = 0; c < G_N_ELEMENTS (rois); c++) {
      RefRegionFit fit;
      gchar *used;

      g_object_set (h->element, "roi-x", rois[c][0], "roi-y", rois[c][1],
          "roi-width", rois[c][2], "roi-height", rois[c][3], NULL);
      fit = expected_region (rois[c], &f->info, f->roi);
      g_free (f->hist);
      f->hist = hist_luma_histogram (f->buf, &f->info, f->roi, &f->nbins);
      used = g_strdup_printf ("%u,%u %ux%u", f->roi[0], f->roi[1], f->roi[2],
          f->roi[3]);
      hist_check_frame_warned (h, bus, f, 65536, &warnings, &text);
      fail_unless (warnings == (fit == REF_REGION_INSIDE ? 0u : 1u),
          "%s roi %u,%u %ux%u: %u warnings", GST_VIDEO_INFO_NAME (&f->info),
          rois[c][0], rois[c][1], rois[c][2], rois[c][3], warnings);
      if (fit != REF_REGION_INSIDE)
        fail_unless (strstr (text, used) != NULL,
            "roi %u,%u %ux%u: \"%s\" does not say %s", rois[c][0], rois[c][1],
            rois[c][2], rois[c][3], text, used);
      hist_check_frame_warned (h, bus, f, 64, &warnings, &text);
      fail_unless_equals_int (warnings, 0);
      g_free (used);
    }
  }
  /* New caps of the same size, the same region: warned again. */
  g_object_set (h->element, "roi-x", 90, "roi-y", 0, "roi-width", 20,
      "roi-height", 0, NULL);
  for (guint i = 0; i < 2; i++) {
    const guint roi[4] = { 90, 0, 20, 0 };
    HistFrame *f = frames[i];

    expected_region (roi, &f->info, f->roi);
    g_free (f->hist);
    f->hist = hist_luma_histogram (f->buf, &f->info, f->roi, &f->nbins);
    hist_check_frame_warned (h, bus, f, 256, &warnings, &text);
    fail_unless_equals_int (warnings, 1);
  }
  /* Inside, then the same cut region again: warned again, once. */
  for (guint i = 0; i < 3; i++) {
    const guint inside[4] = { 0, 0, 0, 10 }, cut[4] = { 90, 0, 20, 0 };
    const guint *roi = i == 0 ? inside : cut;
    HistFrame *f = frames[1];

    g_object_set (h->element, "roi-x", roi[0], "roi-y", roi[1], "roi-width",
        roi[2], "roi-height", roi[3], NULL);
    expected_region (roi, &f->info, f->roi);
    g_free (f->hist);
    f->hist = hist_luma_histogram (f->buf, &f->info, f->roi, &f->nbins);
    hist_check_frame_warned (h, bus, f, 256, &warnings, &text);
    fail_unless_equals_int (warnings, i == 1 ? 1 : 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++)
    hist_frame_free (frames[i]);
  g_free (text);
  hist_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* The message's times, as clhistequalize's test checks them. */
GST_START_TEST (test_message_times)
{
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  TestFrame *t = test_frame_load ("camera.png");
  GstSegment segment;

  gst_harness_set_src_caps (h, test_frame_caps (t));
  gst_segment_init (&segment, GST_FORMAT_TIME);
  segment.start = GST_SECOND;
  segment.time = 10 * GST_SECOND;
  fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));
  for (guint i = 0; i < 3; i++) {
    GstBuffer *buf = test_frame_to_buffer (t);
    const GstClockTime ts = GST_SECOND + i * 40 * GST_MSECOND;
    const GstStructure *s;
    GstMessage *msg;
    GstBuffer *out;
    guint64 v;

    GST_BUFFER_PTS (buf) = ts;
    GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
    out = gst_harness_pull (h);
    /* Nobody else held it: the buffer itself goes on. */
    fail_unless (out == buf);
    msg = hist_pop_message (bus);
    s = gst_message_get_structure (msg);
    fail_unless (gst_structure_get_uint64 (s, "timestamp", &v));
    fail_unless_equals_uint64 (v, ts);
    fail_unless (gst_structure_get_uint64 (s, "stream-time", &v));
    fail_unless_equals_uint64 (v, ts - GST_SECOND + 10 * GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "running-time", &v));
    fail_unless_equals_uint64 (v, ts - GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "duration", &v));
    fail_unless_equals_uint64 (v, 40 * GST_MSECOND);
    hist_check_meta_equals_message (out, s);
    gst_message_unref (msg);
    gst_buffer_unref (out);
  }
  test_frame_free (t);
  hist_harness_free (h, bus);
}

GST_END_TEST;

/* Messages and meta each on their own, both off, and back on while
 * playing. */
GST_START_TEST (test_outputs_on_and_off)
{
  const gboolean settings[][2] = { { TRUE, FALSE }, { FALSE, TRUE },
    { FALSE, FALSE }, { TRUE, TRUE } };
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistogram", &bus);
  TestFrame *t = test_frame_load ("moon.png");
  HistFrame *f = hist_frame_from_test_frame (t);

  gst_harness_set_src_caps (h, gst_video_info_to_caps (&f->info));
  for (guint i = 0; i < G_N_ELEMENTS (settings); i++) {
    GstBuffer *out;
    GstMessage *msg;
    GstCustomMeta *meta;

    g_object_set (h->element, "post-messages", settings[i][0], "attach-meta",
        settings[i][1], NULL);
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_copy (f->buf)),
        GST_FLOW_OK);
    out = gst_harness_pull (h);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);
    meta = gst_buffer_get_custom_meta (out, HIST_META_NAME);
    fail_unless_equals_int (msg != NULL, settings[i][0]);
    fail_unless_equals_int (meta != NULL, settings[i][1]);
    if (msg)
      hist_check_fields (gst_message_get_structure (msg), f, 256);
    if (meta)
      hist_check_fields (gst_custom_meta_get_structure (meta), f, 256);
    if (msg && meta)
      hist_check_meta_equals_message (out, gst_message_get_structure (msg));
    if (msg)
      gst_message_unref (msg);
    gst_buffer_unref (out);
  }
  hist_frame_free (f);
  test_frame_free (t);
  hist_harness_free (h, bus);
}

GST_END_TEST;

/* clhistequalize's meta: the message's fields, describing its input. */
GST_START_TEST (test_clhistequalize_meta)
{
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clhistequalize", &bus);
  GRand *rand = test_rand ();
  TestFrame *moon = test_frame_load ("moon.png");
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  HistFrame *frames[] = {
    hist_frame_from_test_frame (moon),
    hist_frame_from_test_frame (flower),
    hist_frame_random (GST_VIDEO_FORMAT_I420, 99, 37, 4, 3, rand),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    GstBuffer *out;
    GstMessage *msg;

    g_object_set (h->element, "message-bins", 128, NULL);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&frames[i]->info));
    fail_unless_equals_int (gst_harness_push (h,
                                gst_buffer_copy_deep (frames[i]->buf)),
        GST_FLOW_OK);
    out = gst_harness_pull (h);
    msg = hist_pop_message (bus);
    hist_check_fields (gst_message_get_structure (msg), frames[i], 128);
    hist_check_meta_equals_message (out, gst_message_get_structure (msg));
    gst_message_unref (msg);
    gst_buffer_unref (out);
    hist_frame_free (frames[i]);
  }
  test_frame_free (moon);
  test_frame_free (flower);
  g_rand_free (rand);
  hist_harness_free (h, bus);
}

GST_END_TEST;

/* clclahe's meta: the message's fields, describing its input, with
 * messages and meta each on their own, both and neither, changed while
 * playing. */
GST_START_TEST (test_clclahe_meta)
{
  const gboolean settings[][2] = { { FALSE, TRUE }, { TRUE, TRUE },
    { TRUE, FALSE }, { FALSE, FALSE }, { FALSE, TRUE } };
  GstBus *bus;
  GstHarness *h = hist_harness_new ("clclahe", &bus);
  GRand *rand = test_rand ();
  TestFrame *moon = test_frame_load ("moon.png");
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  HistFrame *frames[] = {
    hist_frame_from_test_frame (moon),
    hist_frame_from_test_frame (flower),
    hist_frame_random (GST_VIDEO_FORMAT_NV12, 99, 37, 4, 3, rand),
  };

  g_object_set (h->element, "message-bins", 128, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&frames[i]->info));
    for (guint k = 0; k < G_N_ELEMENTS (settings); k++) {
      GstBuffer *out;
      GstMessage *msg;
      GstCustomMeta *meta;

      g_object_set (h->element, "post-messages", settings[k][0], "attach-meta",
          settings[k][1], NULL);
      fail_unless_equals_int (gst_harness_push (h,
                                  gst_buffer_copy_deep (frames[i]->buf)),
          GST_FLOW_OK);
      out = gst_harness_pull (h);
      msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);
      meta = gst_buffer_get_custom_meta (out, HIST_META_NAME);
      fail_unless_equals_int (msg != NULL, settings[k][0]);
      fail_unless_equals_int (meta != NULL, settings[k][1]);
      if (meta)
        hist_check_fields (gst_custom_meta_get_structure (meta), frames[i],
            128);
      if (msg && meta)
        hist_check_meta_equals_message (out, gst_message_get_structure (msg));
      if (msg)
        gst_message_unref (msg);
      gst_buffer_unref (out);
    }
    hist_frame_free (frames[i]);
  }
  test_frame_free (moon);
  test_frame_free (flower);
  g_rand_free (rand);
  hist_harness_free (h, bus);
}

GST_END_TEST;

/* clhistogram then clhistequalize: the buffer leaves with one meta, the
 * last element's, which describes what that element saw. */
GST_START_TEST (test_meta_replaced_downstream)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc num-buffers=2 pattern=ball ! "
      "video/x-raw,format=GRAY8,width=64,height=48 ! "
      "clhistogram attach-meta=true post-messages=false ! "
      "clhistequalize attach-meta=true message-bins=16 ! appsink name=sink",
      NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstSample *sample;
  guint frames = 0;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (sink)))) {
    GstBuffer *buf = gst_sample_get_buffer (sample);
    gpointer state = NULL;
    GstMeta *meta;
    guint n = 0, bins = 0;

    while ((meta = gst_buffer_iterate_meta (buf, &state)))
      n += gst_meta_info_is_custom (meta->info) &&
           gst_custom_meta_has_name ((GstCustomMeta *)meta, HIST_META_NAME);
    fail_unless_equals_int (n, 1);
    fail_unless (gst_structure_get_uint (gst_custom_meta_get_structure (
                                             gst_buffer_get_custom_meta (buf,
                                                 HIST_META_NAME)),
        "num-bins", &bins));
    fail_unless_equals_int (bins, 16);
    gst_sample_unref (sample);
    frames++;
  }
  fail_unless_equals_int (frames, 2);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* The meta survives queue, tee and videoconvert (a format change), and
 * equals the message of its frame. */
GST_START_TEST (test_meta_through_pipeline)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc num-buffers=4 pattern=ball ! "
      "video/x-raw,format=NV12,width=96,height=64 ! "
      "clhistogram name=hist attach-meta=true message-bins=32 ! queue ! "
      "tee name=t ! queue ! fakesink t. ! queue ! videoconvert ! "
      "video/x-raw,format=RGBA ! appsink name=sink",
      NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  GHashTable *messages = g_hash_table_new_full (g_int64_hash, g_int64_equal,
      g_free, (GDestroyNotify)gst_message_unref);
  GPtrArray *buffers = g_ptr_array_new_with_free_func (
      (GDestroyNotify)gst_buffer_unref);
  GstSample *sample;
  GstMessage *msg;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (sink)))) {
    g_ptr_array_add (buffers, gst_buffer_ref (gst_sample_get_buffer (sample)));
    gst_sample_unref (sample);
  }
  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT))) {
    const GstStructure *s = gst_message_get_structure (msg);
    gint64 *ts = g_new (gint64, 1);
    guint64 t;

    fail_unless (gst_structure_has_name (s, "histogram"));
    fail_unless (gst_structure_get_uint64 (s, "timestamp", &t));
    *ts = t;
    g_hash_table_insert (messages, ts, msg);
  }
  fail_unless_equals_int (buffers->len, 4);
  fail_unless_equals_int (g_hash_table_size (messages), 4);
  for (guint i = 0; i < buffers->len; i++) {
    GstBuffer *buf = g_ptr_array_index (buffers, i);
    gint64 ts = GST_BUFFER_PTS (buf);
    GstMessage *m = g_hash_table_lookup (messages, &ts);

    fail_unless (m != NULL, "no message for buffer %u", i);
    hist_check_meta_equals_message (buf, gst_message_get_structure (m));
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_ptr_array_unref (buffers);
  g_hash_table_unref (messages);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* ---- What the elements log about property values ---- */

static GMutex log_lock;
static GString *warnings;
static GString *log_lines;

/* Warnings and LOG lines, each into its string while it is there. */
static void
collect_log (GstDebugCategory *category, GstDebugLevel level, const gchar *file,
    const gchar *function, gint line, GObject *object, GstDebugMessage *message,
    gpointer user_data)
{
  GString *into = level == GST_LEVEL_WARNING ? warnings
                  : level == GST_LEVEL_LOG   ? log_lines
                                             : NULL;

  if (!into)
    return;
  g_mutex_lock (&log_lock);
  g_string_append_printf (into, "%s: %s\n",
      gst_debug_category_get_name (category), gst_debug_message_get (message));
  g_mutex_unlock (&log_lock);
}

static gboolean
warned (const gchar *category, const gchar *text)
{
  gchar *line = g_strdup_printf ("%s: %s", category, text);
  gboolean found;

  g_mutex_lock (&log_lock);
  found = strstr (warnings->str, line) != NULL;
  g_mutex_unlock (&log_lock);
  g_free (line);
  return found;
}

GST_START_TEST (test_property_warnings)
{
  const gchar *elements[] = { "clhistogram", "clhistequalize" };

  warnings = g_string_new (NULL);
  gst_debug_add_log_function (collect_log, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    GstHarness *h = gst_harness_new (elements[i]);
    guint bins;

    gst_harness_play (h);
    gst_debug_set_threshold_for_name (elements[i], GST_LEVEL_WARNING);
    g_object_set (h->element, "message-bins", 100, NULL);
    g_object_get (h->element, "message-bins", &bins, NULL);
    fail_unless_equals_int (bins, 64);
    fail_unless (warned (elements[i],
                     "message-bins 100 is not a power of two, using 64"),
        "%s", warnings->str);

    /* PLAYING: the device in use stays until the next start. */
    g_object_set (h->element, "device", "cpu", NULL);
    fail_unless (warned (elements[i], "device=\"cpu\" takes effect at the "
                                      "next start"),
        "%s", warnings->str);
    gst_harness_teardown (h);
  }
  gst_debug_remove_log_function (collect_log);
  g_string_free (warnings, TRUE);
  warnings = NULL;
}

GST_END_TEST;

/* Whether LOG has PREFIX followed by one of PATHS. */
static gboolean
frame_logged (const gchar *log, const gchar *prefix, const gchar **paths)
{
  for (const gchar *at = strstr (log, prefix); at != NULL;
       at = strstr (at + 1, prefix)) {
    for (guint i = 0; paths[i] != NULL; i++) {
      if (g_str_has_prefix (at + strlen (prefix), paths[i]))
        return TRUE;
    }
  }
  return FALSE;
}

/* GST_DEBUG=<element>:6 shows what each frame did, in the element's own
 * category. */
GST_START_TEST (test_frame_log)
{
  const gchar *elements[] = { "clhistogram", "clhistequalize" };
  TestFrame *t = test_frame_load ("moon.png");

  log_lines = g_string_new (NULL);
  gst_debug_add_log_function (collect_log, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    GstHarness *h = gst_harness_new (elements[i]);
    TestFrame *out;
    gchar *frame, *hist;

    gst_debug_set_threshold_for_name (elements[i], GST_LEVEL_LOG);
    g_object_set (h->element, "post-messages", FALSE, "attach-meta", TRUE,
        NULL);
    out = test_harness_process (h, t);
    /* clhistequalize works in place where the frame's memory is the
     * device's (PoCL) and into a new buffer through device copies where it
     * is not (a GPU). */
    frame = g_strdup_printf ("%s: GRAY8 512x512 frame 99:99:99.999999999: ",
        elements[i]);
    hist = g_strdup_printf ("%s: histogram of 262144 pixels, ", elements[i]);
    g_mutex_lock (&log_lock);
    fail_unless (frame_logged (log_lines->str, frame,
                     i == 0 ? (const gchar *[]){ "passthrough, ", NULL }
                            : (const gchar *[]){ "in place, ",
                                  "into a new buffer, ", NULL }),
        "no \"%s\" with its path in\n%s", frame, log_lines->str);
    fail_unless (strstr (log_lines->str, hist) != NULL, "no \"%s\" in\n%s",
        hist, log_lines->str);
    g_mutex_unlock (&log_lock);
    gst_debug_set_threshold_for_name (elements[i], GST_LEVEL_ERROR);
    g_free (frame);
    g_free (hist);
    test_frame_free (out);
    gst_harness_teardown (h);
  }
  gst_debug_remove_log_function (collect_log);
  g_string_free (log_lines, TRUE);
  log_lines = NULL;
  test_frame_free (t);
}

GST_END_TEST;

GST_START_TEST (test_properties)
{
  GstElement *e = gst_element_factory_make ("clhistogram", NULL);
  gboolean post, attach;
  guint bins;

  g_object_get (e, "post-messages", &post, "attach-meta", &attach,
      "message-bins", &bins, NULL);
  fail_unless (post);
  fail_unless (!attach);
  fail_unless_equals_int (bins, 256);
  g_object_set (e, "message-bins", 65536, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 65536);
  gst_object_unref (e);

  e = gst_element_factory_make ("clhistequalize", NULL);
  g_object_get (e, "attach-meta", &attach, NULL);
  fail_unless (!attach);
  gst_object_unref (e);
}

GST_END_TEST;

static Suite *
clhistogram_suite (void)
{
  Suite *s = suite_create ("clhistogram");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_yuv_random_bytes);
  tcase_add_test (tc, test_one_1080p_nv12);
  tcase_add_test (tc, test_caps_changes);
  tcase_add_test (tc, test_gray16_value_bands);
  tcase_add_test (tc, test_high_depth_bins);
  tcase_add_test (tc, test_region);
  tcase_add_test (tc, test_region_edges);
  tcase_add_test (tc, test_message_times);
  tcase_add_test (tc, test_outputs_on_and_off);
  tcase_add_test (tc, test_clhistequalize_meta);
  tcase_add_test (tc, test_clclahe_meta);
  tcase_add_test (tc, test_meta_replaced_downstream);
  tcase_add_test (tc, test_meta_through_pipeline);
  tcase_add_test (tc, test_property_warnings);
  tcase_add_test (tc, test_frame_log);
  tcase_add_test (tc, test_properties);
  return s;
}

GST_CHECK_MAIN (clhistogram);
