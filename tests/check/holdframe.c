/* gst-clfilter tests: the hold-frame property (each frame pushed when the
 * next one comes): order, exact output, EOS, drains, flushes, caps changes,
 * latency
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

#include "cltestutils.h"
#include "clreference.h"

static const gchar *elements[] = { "clhistequalize", "clhistogram", "clclahe",
  "clsobel" };
static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_NV12 };

#define FRAMES 6
#define FRAME_NS (GST_SECOND / 25)

static GstHarness *
new_harness (const gchar *element, gboolean hold)
{
  gchar *desc = g_strdup_printf ("%s hold-frame=%s", element,
      hold ? "true" : "false");
  GstHarness *h = gst_harness_new_parse (desc);

  g_free (desc);
  return h;
}

/* Frame @i of a stream as a buffer with its time, DISCONT where it
 * follows a gap; the harness's caps set to its own first. */
static GstBuffer *
frame_buffer (GstHarness *h, const TestFrame *f, guint i, gboolean discont)
{
  GstCaps *caps = test_frame_caps (f);
  GstCaps *current = gst_pad_get_current_caps (h->srcpad);
  GstBuffer *buf = test_frame_to_buffer (f);

  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);
  gst_caps_unref (caps);
  GST_BUFFER_PTS (buf) = i * FRAME_NS;
  GST_BUFFER_DURATION (buf) = FRAME_NS;
  if (discont)
    GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
  return buf;
}

static void
push_frame (GstHarness *h, const TestFrame *f, guint i)
{
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (h, f, i, FALSE)),
      GST_FLOW_OK);
}

/* The next output, which must be frame @i of @in, exact, with its time. */
static void
pull_frame (GstHarness *h, const gchar *element, TestFrame **in, guint i)
{
  GstBuffer *out = gst_harness_try_pull (h);
  GstCaps *caps = gst_pad_get_current_caps (h->sinkpad);
  TestFrame *expected, *got;

  fail_unless (out != NULL, "%s: frame %u did not come out", element, i);
  fail_unless_equals_uint64 (GST_BUFFER_PTS (out), i * FRAME_NS);
  got = test_frame_from_buffer (out, caps);
  expected = ref_element (element, in[i]);
  fail_unless (test_frame_equal (expected, got), "%s: frame %u differs",
      element, i);
  test_frame_free (expected);
  test_frame_free (got);
  gst_caps_unref (caps);
  gst_buffer_unref (out);
}

static void
no_frame (GstHarness *h, const gchar *element, const gchar *when)
{
  GstBuffer *out = gst_harness_try_pull (h);

  fail_unless (out == NULL, "%s: a frame came out %s", element, when);
}

/* Frame i leaves when frame i + 1 comes, exact and in order, none twice;
 * the last one at EOS, before the EOS event. */
GST_START_TEST (test_order_and_eos)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      GstHarness *h = new_harness (elements[e], TRUE);
      TestFrame *in[FRAMES];
      GstEvent *ev;

      for (guint i = 0; i < FRAMES; i++)
        in[i] = test_frame_random (formats[f], 97, 61, 0,
            test_format_depth (formats[f]), rand);
      for (guint i = 0; i < FRAMES; i++) {
        push_frame (h, in[i], i);
        if (i > 0)
          pull_frame (h, elements[e], in, i - 1);
        no_frame (h, elements[e], "before the next frame came");
      }
      while ((ev = gst_harness_try_pull_event (h)))
        gst_event_unref (ev);
      gst_harness_push_event (h, gst_event_new_eos ());
      pull_frame (h, elements[e], in, FRAMES - 1);
      no_frame (h, elements[e], "twice");
      ev = gst_harness_try_pull_event (h);
      fail_unless (ev && GST_EVENT_TYPE (ev) == GST_EVENT_EOS,
          "%s: no EOS after the last frame", elements[e]);
      gst_event_unref (ev);
      for (guint i = 0; i < FRAMES; i++)
        test_frame_free (in[i]);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

typedef struct {
  GstBuffer *next_in;
  gint refs;
} NextInput;

/* The references to the input after the frame passing, taken when it
 * passes the element's src pad. */
static GstPadProbeReturn
count_next_input_refs (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  NextInput *n = data;

  n->refs = n->next_in ? GST_MINI_OBJECT_REFCOUNT_VALUE (n->next_in) : -1;
  return GST_PAD_PROBE_OK;
}

/* Frame i leaves once frame i + 1's work is queued, which is the point:
 * by then the element has let go of input i + 1. So from the first frame
 * on, which comes with DISCONT as from any source, and after a gap. The
 * elements that write frames; clhistogram passes its input on. */
GST_START_TEST (test_leaves_after_next_work)
{
  GRand *rand = g_rand_new_with_seed (19);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    const gchar *el = elements[e];
    GstHarness *h;
    GstElement *element;
    GstPad *src;
    NextInput next = { NULL, 0 };
    TestFrame *in[FRAMES];

    if (g_str_equal (el, "clhistogram"))
      continue;
    h = new_harness (el, TRUE);
    element = gst_harness_find_element (h, el);
    src = gst_element_get_static_pad (element, "src");
    gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, count_next_input_refs,
        &next, NULL);
    for (guint i = 0; i < FRAMES; i++) {
      GstBuffer *buf;

      in[i] = test_frame_random (GST_VIDEO_FORMAT_GRAY8, 64, 48, 0, 8, rand);
      buf = frame_buffer (h, in[i], i, i == 0 || i == 3);
      next.next_in = gst_buffer_ref (buf);
      next.refs = 0;
      fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
      if (i > 0 && i != 3) {
        pull_frame (h, el, in, i - 1);
        fail_unless (next.refs == 1,
            "%s: frame %u left before frame %u's work (%d references to it)",
            el, i - 1, i, next.refs);
      } else if (i == 3) {
        /* The frame before the gap leaves first. */
        pull_frame (h, el, in, 2);
      }
      gst_clear_buffer (&next.next_in);
    }
    for (guint i = 0; i < FRAMES; i++)
      test_frame_free (in[i]);
    gst_object_unref (src);
    gst_object_unref (element);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* A flush drops the held frame; a drain, a caps change and turning the
 * property off push it, before what follows. */
GST_START_TEST (test_flush_drain_caps_and_off)
{
  GRand *rand = g_rand_new_with_seed (11);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    const gchar *el = elements[e];
    GstHarness *h = new_harness (el, TRUE);
    TestFrame *in[FRAMES];
    GstSegment segment;
    GstQuery *drain;
    GstElement *element;

    for (guint i = 0; i < FRAMES; i++)
      in[i] = test_frame_random (GST_VIDEO_FORMAT_GRAY8, i < 4 ? 64 : 80,
          i < 4 ? 48 : 60, 0, 8, rand);
    push_frame (h, in[0], 0);
    push_frame (h, in[1], 1);
    pull_frame (h, el, in, 0);
    /* Frame 1, held, is dropped. */
    fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
    fail_unless (gst_harness_push_event (h, gst_event_new_flush_stop (TRUE)));
    gst_segment_init (&segment, GST_FORMAT_TIME);
    fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));
    no_frame (h, el, "after a flush");
    push_frame (h, in[2], 2);
    no_frame (h, el, "when it was held");
    drain = gst_query_new_drain ();
    fail_unless (gst_pad_peer_query (h->srcpad, drain));
    gst_query_unref (drain);
    pull_frame (h, el, in, 2);
    push_frame (h, in[3], 3);
    no_frame (h, el, "when it was held");
    /* New caps: frame 3 leaves under its own first. */
    push_frame (h, in[4], 4);
    if (!g_str_equal (el, "clsobel")) {
      GstBuffer *out = gst_harness_try_pull (h);

      fail_unless (out != NULL, "%s: the held frame stayed at a caps change",
          el);
      fail_unless_equals_uint64 (GST_BUFFER_PTS (out), 3 * FRAME_NS);
      fail_unless_equals_uint64 (gst_buffer_get_size (out), 64 * 48);
      gst_buffer_unref (out);
    } else {
      gst_buffer_unref (gst_harness_pull (h));
    }
    /* Turned off: frame 4 first, then frame 5 at once. */
    element = gst_harness_find_element (h, el);
    g_object_set (element, "hold-frame", FALSE, NULL);
    gst_object_unref (element);
    push_frame (h, in[5], 5);
    pull_frame (h, el, in, 4);
    pull_frame (h, el, in, 5);
    no_frame (h, el, "twice");
    for (guint i = 0; i < FRAMES; i++)
      test_frame_free (in[i]);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* The next output: frame @i by its time, with or without DISCONT. */
static void
pull_flagged (GstHarness *h, const gchar *element, guint i, gboolean discont)
{
  GstBuffer *out = gst_harness_try_pull (h);

  fail_unless (out != NULL, "%s: frame %u did not come out", element, i);
  fail_unless_equals_uint64 (GST_BUFFER_PTS (out), i * FRAME_NS);
  fail_unless_equals_int (GST_BUFFER_IS_DISCONT (out), discont);
  gst_buffer_unref (out);
}

/* A gap upstream marks the frame after it with DISCONT, not the held
 * frame before it, which leaves first. */
GST_START_TEST (test_discont)
{
  GRand *rand = g_rand_new_with_seed (13);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    const gchar *el = elements[e];
    GstHarness *h = new_harness (el, TRUE);
    TestFrame *in[FRAMES];
    GstBuffer *buf;

    for (guint i = 0; i < FRAMES; i++)
      in[i] = test_frame_random (GST_VIDEO_FORMAT_GRAY8, 64, 48, 0, 8, rand);
    push_frame (h, in[0], 0);
    push_frame (h, in[1], 1);
    pull_flagged (h, el, 0, FALSE);
    /* Frame 2 comes after a gap. */
    buf = frame_buffer (h, in[2], 2, TRUE);
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
    pull_flagged (h, el, 1, FALSE);
    no_frame (h, el, "when it was held");
    push_frame (h, in[3], 3);
    pull_flagged (h, el, 2, TRUE);
    push_frame (h, in[4], 4);
    pull_flagged (h, el, 3, FALSE);
    for (guint i = 0; i < FRAMES; i++)
      test_frame_free (in[i]);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Downstream answers the ALLOCATION query with a pool of at most 2
 * buffers. */
static GstPadProbeReturn
offer_two_buffers (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  GstQuery *query = GST_PAD_PROBE_INFO_QUERY (info);
  GstCaps *caps;
  GstVideoInfo vinfo;

  if (GST_QUERY_TYPE (query) != GST_QUERY_ALLOCATION)
    return GST_PAD_PROBE_OK;
  gst_query_parse_allocation (query, &caps, NULL);
  fail_unless (caps && gst_video_info_from_caps (&vinfo, caps));
  while (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_remove_nth_allocation_pool (query, 0);
  gst_query_add_allocation_pool (query, NULL, vinfo.size, 2, 2);
  return GST_PAD_PROBE_OK;
}

/* A downstream that allows 2 buffers and keeps the last frame it got (as
 * a sink keeps its last sample) while the element holds the next: the
 * third frame still gets a buffer. */
GST_START_TEST (test_pool_of_two)
{
  GRand *rand = g_rand_new_with_seed (17);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    const gchar *el = elements[e];
    GstHarness *h = new_harness (el, TRUE);
    GstElement *element = gst_harness_find_element (h, el);
    GstPad *src = gst_element_get_static_pad (element, "src");
    GstBuffer *kept = NULL;
    TestFrame *in[FRAMES];

    gst_pad_add_probe (src,
        GST_PAD_PROBE_TYPE_QUERY_DOWNSTREAM | GST_PAD_PROBE_TYPE_PULL,
        offer_two_buffers, NULL, NULL);
    for (guint i = 0; i < FRAMES; i++) {
      in[i] = test_frame_random (GST_VIDEO_FORMAT_GRAY8, 64, 48, 0, 8, rand);
      push_frame (h, in[i], i);
      if (i > 0) {
        gst_clear_buffer (&kept);
        kept = gst_harness_try_pull (h);
        fail_unless (kept != NULL, "%s: frame %u did not come out", el, i - 1);
        fail_unless_equals_uint64 (GST_BUFFER_PTS (kept), (i - 1) * FRAME_NS);
      }
    }
    gst_clear_buffer (&kept);
    for (guint i = 0; i < FRAMES; i++)
      test_frame_free (in[i]);
    gst_object_unref (src);
    gst_object_unref (element);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Records, for each buffer that reaches the harness, the format of the
 * caps it came under. */
static GstPadProbeReturn
record_format (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstStructure *s = caps ? gst_caps_get_structure (caps, 0) : NULL;

  g_string_append_printf ((GString *)data, "%s ",
      s ? gst_structure_get_string (s, "format") : "none");
  gst_clear_caps (&caps);
  return GST_PAD_PROBE_OK;
}

/* Downstream asks for other caps (GRAY16 in, GRAY8 out): the held frame
 * leaves with the caps it was made under, before the new ones. */
GST_START_TEST (test_downstream_renegotiation)
{
  GRand *rand = g_rand_new_with_seed (5);
  GstHarness *h = new_harness ("clhistequalize", TRUE);
  TestFrame *in[3];
  GstBuffer *out;
  GstCaps *caps;

  GString *seen = g_string_new ("");

  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_BUFFER, record_format, seen,
      NULL);
  for (guint i = 0; i < 3; i++)
    in[i] = test_frame_random (GST_VIDEO_FORMAT_GRAY16_LE, 40, 30, 0, 16, rand);
  push_frame (h, in[0], 0);
  push_frame (h, in[1], 1);
  pull_frame (h, "clhistequalize", in, 0);
  caps = gst_caps_from_string ("video/x-raw,format=GRAY8,width=40,height=30,"
                               "framerate=25/1");
  gst_harness_set_sink_caps (h, caps);
  push_frame (h, in[2], 2);
  out = gst_harness_try_pull (h);
  fail_unless (out != NULL, "the held frame stayed");
  fail_unless_equals_uint64 (GST_BUFFER_PTS (out), FRAME_NS);
  fail_unless_equals_uint64 (gst_buffer_get_size (out), 40 * 30 * 2);
  gst_buffer_unref (out);
  gst_harness_push_event (h, gst_event_new_eos ());
  out = gst_harness_try_pull (h);
  fail_unless (out != NULL, "the last frame stayed");
  fail_unless_equals_uint64 (GST_BUFFER_PTS (out), 2 * FRAME_NS);
  fail_unless_equals_uint64 (gst_buffer_get_size (out), 40 * 30);
  gst_buffer_unref (out);
  fail_unless_equals_string (seen->str, "GRAY16_LE GRAY16_LE GRAY8 ");
  g_string_free (seen, TRUE);
  for (guint i = 0; i < 3; i++)
    test_frame_free (in[i]);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* One frame interval (25 fps here) more latency, only with the property. */
GST_START_TEST (test_latency)
{
  GRand *rand = g_rand_new_with_seed (3);
  TestFrame *in = test_frame_random (GST_VIDEO_FORMAT_GRAY8, 32, 16, 0, 8,
      rand);

  for (guint hold = 0; hold < 2; hold++) {
    GstHarness *h = new_harness ("clhistequalize", hold);

    push_frame (h, in, 0);
    fail_unless_equals_uint64 (gst_harness_query_latency (h),
        hold ? FRAME_NS : 0);
    gst_harness_teardown (h);
  }
  test_frame_free (in);
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
holdframe_suite (void)
{
  Suite *s = suite_create ("holdframe");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_order_and_eos);
  tcase_add_test (tc, test_flush_drain_caps_and_off);
  tcase_add_test (tc, test_downstream_renegotiation);
  tcase_add_test (tc, test_latency);
  tcase_add_test (tc, test_discont);
  tcase_add_test (tc, test_pool_of_two);
  tcase_add_test (tc, test_leaves_after_next_work);
  return s;
}

GST_CHECK_MAIN (holdframe);
