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
 * Frames that stay on the device between elements: chains of every pair
 * and of three elements in every format against the C reference, each
 * link between two writing elements checked to carry memory:OpenCLBuffer
 * with no byte copied between host and device there (the profile's
 * upload-bytes and download-bytes); mixed chains with videoconvert, tee
 * and queue; another context's frames; caps and size changes mid-stream;
 * flushing seeks and state cycles.
 */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>

#include "cldevices.h"
#include "cltestutils.h"
#include "clreference.h"
#include "../../gst/cl/gstclmemoryapi.h"

static const gchar *elements[] = { "clhistequalize", "clclahe", "clsobel",
  "clhistogram" };

/* An element writes frames (so it may turn host memory into device
 * memory); clhistogram passes them through. */
static gboolean
writes (const gchar *element)
{
  return !g_str_equal (element, "clhistogram");
}

typedef struct {
  GstClockTime pts;
  TestFrame *frame;
} Out;

static void
out_free (Out *o)
{
  test_frame_free (o->frame);
  g_free (o);
}

static void
collect (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);
  Out *o = g_new0 (Out, 1);

  o->pts = GST_BUFFER_PTS (buf);
  o->frame = test_frame_from_buffer (buf, caps);
  g_ptr_array_add (data, o);
  gst_caps_unref (caps);
}

static GPtrArray *
outs_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)out_free);
}

static gboolean
on_device (GstElement *pipeline, const gchar *name)
{
  GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), name);
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

static guint64
profile_bytes (GHashTable *profiles, const gchar *name, const gchar *field)
{
  const GstStructure *s = g_hash_table_lookup (profiles, name);
  guint64 v = G_MAXUINT64;

  fail_unless (s != NULL, "no clfilter-profile from %s", name);
  fail_unless (gst_structure_get_uint64 (s, field, &v));
  return v;
}

/* Plays @pipeline to EOS, the frames of the sinks named "sink" and "sink2"
 * (if there) into @outs and @outs2; the elements' profiles into
 * @profiles. Checks that the element named @names[i] hands its frames to
 * the next on the device, copying nothing there, where bit i of
 * @device_links is set. */
static void
play (GstElement *pipeline, GPtrArray *outs, GPtrArray *outs2,
    const gchar **names, guint device_links)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GHashTable *profiles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      (GDestroyNotify)gst_structure_free);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstElement *sink2 = gst_bin_get_by_name (GST_BIN (pipeline), "sink2");
  gboolean done = FALSE;

  if (sink)
    g_signal_connect (sink, "handoff", G_CALLBACK (collect), outs);
  if (sink2)
    g_signal_connect (sink2, "handoff", G_CALLBACK (collect), outs2);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
               GST_STATE_CHANGE_FAILURE);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop (bus, 60 * GST_SECOND);
    const GstStructure *s;

    fail_unless (msg != NULL, "the pipeline did not finish");
    s = gst_message_get_structure (msg);
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      GError *err;
      gchar *dbg;

      gst_message_parse_error (msg, &err, &dbg);
      fail ("%s (%s)", err->message, dbg);
    } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS) {
      done = TRUE;
    } else if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
               gst_structure_has_name (s, "clfilter-profile")) {
      g_hash_table_insert (profiles, g_strdup (GST_MESSAGE_SRC_NAME (msg)),
          gst_structure_copy (s));
    }
    gst_message_unref (msg);
  }
  for (guint i = 0; names && names[i]; i++) {
    if (!(device_links & (1u << i)))
      continue;
    fail_unless (on_device (pipeline, names[i]),
        "%s's output is not on "
        "the device",
        names[i]);
    fail_unless_equals_uint64 (profile_bytes (profiles, names[i],
                                   "download-bytes"),
        0);
    fail_unless (names[i + 1] != NULL);
    fail_unless_equals_uint64 (profile_bytes (profiles, names[i + 1],
                                   "upload-bytes"),
        0);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_hash_table_unref (profiles);
  gst_clear_object (&sink);
  gst_clear_object (&sink2);
  gst_object_unref (bus);
}

static GstElement *
parse (const gchar *desc)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &err);

  fail_unless (pipeline != NULL && err == NULL, "%s: %s", desc,
      err ? err->message : "");
  return pipeline;
}

/* videotestsrc's frames, which are the same each run. */
static gchar *
source (GstVideoFormat format, guint width, guint height, guint n)
{
  return g_strdup_printf ("videotestsrc num-buffers=%u pattern=ball ! "
                          "video/x-raw,format=%s,width=%u,height=%u",
      n, gst_video_format_to_string (format), width, height);
}

static GPtrArray *
source_frames (const gchar *src)
{
  gchar *desc = g_strdup_printf ("%s ! fakesink name=sink "
                                 "signal-handoffs=true",
      src);
  GstElement *pipeline = parse (desc);
  GPtrArray *outs = outs_new ();

  play (pipeline, outs, NULL, NULL, 0);
  gst_object_unref (pipeline);
  g_free (desc);
  return outs;
}

/* The reference output of @chain on @in. */
static TestFrame *
ref_chain (const gchar **chain, const TestFrame *in)
{
  TestFrame *f = test_frame_copy (in, in->format, in->stride);

  for (guint i = 0; chain[i]; i++) {
    TestFrame *next = ref_element (chain[i], f);

    test_frame_free (f);
    f = next;
  }
  return f;
}

/* Each output frame is the reference of the input frame of its time. */
static void
check_outs (GPtrArray *in, GPtrArray *outs, const gchar **chain,
    const gchar *desc)
{
  fail_unless (outs->len > 0, "%s: no frames", desc);
  for (guint i = 0; i < outs->len; i++) {
    const Out *o = g_ptr_array_index (outs, i);
    TestFrame *expected = NULL;

    for (guint j = 0; j < in->len && !expected; j++) {
      const Out *src = g_ptr_array_index (in, j);

      if (src->pts == o->pts)
        expected = ref_chain (chain, src->frame);
    }
    fail_unless (expected != NULL, "%s: no input frame at %" GST_TIME_FORMAT,
        desc, GST_TIME_ARGS (o->pts));
    fail_unless (test_frame_equal (expected, o->frame), "%s: frame %u", desc,
        i);
    test_frame_free (expected);
  }
}

/* @chain's elements named e0, e1, ... after @src; links between two
 * elements that write must be on the device. */
static void
check_chain (const gchar *src, GPtrArray *in, const gchar **chain)
{
  GString *desc = g_string_new (src);
  const gchar *names[] = { "e0", "e1", "e2", "e3", NULL };
  GPtrArray *outs = outs_new ();
  guint links = 0, n = g_strv_length ((gchar **)chain);
  GstElement *pipeline;

  for (guint i = 0; chain[i]; i++)
    g_string_append_printf (desc, " ! %s name=e%u", chain[i], i);
  g_string_append (desc, " ! fakesink name=sink signal-handoffs=true");
  /* A link is on the device from the first element that writes on to
   * the last one that does: clhistogram passes frames as they come. */
  for (guint i = 0; i + 1 < n; i++) {
    gboolean before = FALSE, after = FALSE;

    for (guint j = 0; j <= i; j++)
      before |= writes (chain[j]);
    for (guint j = i + 1; j < n; j++)
      after |= writes (chain[j]);
    if (before && after)
      links |= 1u << i;
  }
  names[n] = NULL;
  pipeline = parse (desc->str);
  play (pipeline, outs, NULL, names, links);
  check_outs (in, outs, chain, desc->str);
  fail_unless_equals_int (outs->len, in->len);
  gst_object_unref (pipeline);
  g_ptr_array_unref (outs);
  g_string_free (desc, TRUE);
}

GST_START_TEST (test_pairs)
{
  for (guint f = 0; f < test_n_all_formats; f++) {
    gchar *src = source (test_all_formats[f], 61, 35, 2);
    GPtrArray *in = source_frames (src);

    for (guint a = 0; a < G_N_ELEMENTS (elements); a++)
      for (guint b = 0; b < G_N_ELEMENTS (elements); b++) {
        const gchar *chain[] = { elements[a], elements[b], NULL };

        check_chain (src, in, chain);
      }
    g_ptr_array_unref (in);
    g_free (src);
  }
}
GST_END_TEST;

GST_START_TEST (test_triples)
{
  const gchar *triples[][4] = {
    { "clhistequalize", "clclahe", "clsobel", NULL },
    { "clsobel", "clhistogram", "clhistequalize", NULL },
    { "clclahe", "clhistequalize", "clhistequalize", NULL },
  };

  for (guint f = 0; f < test_n_all_formats; f++) {
    gchar *src = source (test_all_formats[f], 80, 45, 2);
    GPtrArray *in = source_frames (src);

    for (guint t = 0; t < G_N_ELEMENTS (triples); t++)
      check_chain (src, in, triples[t]);
    g_ptr_array_unref (in);
    g_free (src);
  }
}
GST_END_TEST;

/* Luma of more than 8 bits in device memory between the elements: P010's
 * shifted words unpacked from and packed into the device's buffers,
 * I420_10LE's low bits, Y444_16LE's whole words. */
GST_START_TEST (test_high_depth_pairs)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_Y444_16LE };
  const gchar *takers[] = { "clhistequalize", "clsobel", "clhistogram",
    "clclahe" };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    gchar *src = source (formats[f], 61, 35, 2);
    GPtrArray *in = source_frames (src);
    const gchar *triples[][4] = {
      { "clhistequalize", "clhistogram", "clhistequalize", NULL },
      { "clclahe", "clhistequalize", "clclahe", NULL },
    };

    for (guint a = 0; a < G_N_ELEMENTS (takers); a++)
      for (guint b = 0; b < G_N_ELEMENTS (takers); b++) {
        const gchar *chain[] = { takers[a], takers[b], NULL };

        check_chain (src, in, chain);
      }
    for (guint t = 0; t < G_N_ELEMENTS (triples); t++)
      check_chain (src, in, triples[t]);
    g_ptr_array_unref (in);
    g_free (src);
  }
}
GST_END_TEST;

/* One of @in's frames, equalized @times times by clhistequalize, the last
 * time into its 8-bit sibling @narrow, then once more in 8 bits if
 * @after. */
static TestFrame *
ref_narrowed (const TestFrame *in, guint times, GstVideoFormat narrow,
    gboolean after)
{
  TestFrame *f = test_frame_copy (in, in->format, in->stride), *next;

  for (guint i = 0; i + 1 < times; i++) {
    next = ref_histequalize (f);
    test_frame_free (f);
    f = next;
  }
  next = ref_histequalize_narrow (f, narrow);
  test_frame_free (f);
  f = next;
  if (after) {
    next = ref_histequalize (f);
    test_frame_free (f);
    f = next;
  }
  return f;
}

/* clhistequalize into the 8-bit sibling of high-bit-depth YUV, its chroma
 * narrowed from device memory to device memory, from host memory to the
 * device's and from the device's to host memory; a clhistequalize after
 * it brings the chroma to host memory as it found it. */
GST_START_TEST (test_high_depth_narrow_on_device)
{
  const GstVideoFormat formats[][2] = {
    { GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_NV12 },
    { GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420 },
    { GST_VIDEO_FORMAT_Y444_16LE, GST_VIDEO_FORMAT_Y444 },
  };
  const struct {
    const gchar *chain;
    guint times, links;
    gboolean after;
  } cases[] = {
    { "clhistequalize name=e0 ! clhistequalize name=e1 ! "
      "video/x-raw(memory:OpenCLBuffer),format=%s ! clhistequalize name=e2",
        2, 3, TRUE },
    { "clhistequalize name=e0 ! video/x-raw(memory:OpenCLBuffer),format=%s ! "
      "clhistequalize name=e1",
        1, 1, TRUE },
    { "clhistequalize name=e0 ! clhistequalize name=e1 ! "
      "video/x-raw,format=%s",
        2, 1, FALSE },
  };
  const gchar *names[] = { "e0", "e1", "e2", NULL };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    gchar *src = source (formats[f][0], 61, 35, 2);
    GPtrArray *in = source_frames (src);

    for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
      gchar *chain = g_strdup_printf (cases[c].chain,
          gst_video_format_to_string (formats[f][1]));
      gchar *desc = g_strdup_printf ("%s ! %s ! fakesink name=sink "
                                     "signal-handoffs=true",
          src, chain);
      GstElement *pipeline = parse (desc);
      GPtrArray *outs = outs_new ();

      play (pipeline, outs, NULL, names, cases[c].links);
      fail_unless_equals_int (outs->len, in->len);
      for (guint i = 0; i < outs->len; i++) {
        TestFrame *expected =
            ref_narrowed (((Out *)g_ptr_array_index (in, i))->frame,
                cases[c].times, formats[f][1], cases[c].after);

        fail_unless (test_frame_equal (expected,
                         ((Out *)g_ptr_array_index (outs, i))->frame),
            "%s: frame %u", desc, i);
        test_frame_free (expected);
      }
      g_ptr_array_unref (outs);
      gst_object_unref (pipeline);
      g_free (desc);
      g_free (chain);
    }
    g_ptr_array_unref (in);
    g_free (src);
  }
}
GST_END_TEST;

/* The same chain with system memory forced between the elements gives
 * the same frames. */
static void
check_against_host (const gchar *desc, const gchar *host_desc,
    const gchar **names, guint links)
{
  GstElement *pipeline = parse (desc);
  GstElement *host = parse (host_desc);
  GPtrArray *outs = outs_new (), *expected = outs_new ();

  play (pipeline, outs, NULL, names, links);
  play (host, expected, NULL, NULL, 0);
  fail_unless_equals_int (outs->len, expected->len);
  for (guint i = 0; i < outs->len; i++)
    fail_unless (test_frame_equal (((Out *)g_ptr_array_index (expected, i))
                                       ->frame,
                     ((Out *)g_ptr_array_index (outs, i))->frame),
        "%s: frame %u", desc, i);
  g_ptr_array_unref (outs);
  g_ptr_array_unref (expected);
  gst_object_unref (pipeline);
  gst_object_unref (host);
}

/* videoconvert converting takes system memory; passing through, the
 * device's. A queue passes the device's on. */
GST_START_TEST (test_videoconvert_queue)
{
  const gchar *names[] = { "a", "b", NULL };

  check_against_host ("videotestsrc num-buffers=3 pattern=ball ! "
                      "video/x-raw,format=GRAY8,width=64,height=40 ! "
                      "clhistequalize name=a ! videoconvert ! "
                      "video/x-raw,format=I420 ! clsobel name=b ! "
                      "fakesink name=sink signal-handoffs=true",
      "videotestsrc num-buffers=3 pattern=ball ! "
      "video/x-raw,format=GRAY8,width=64,height=40 ! clhistequalize ! "
      "video/x-raw ! videoconvert ! video/x-raw,format=I420 ! clsobel ! "
      "fakesink name=sink signal-handoffs=true",
      NULL, 0);
  check_against_host ("videotestsrc num-buffers=3 pattern=ball ! "
                      "video/x-raw,format=NV12,width=64,height=40 ! "
                      "clclahe name=a ! videoconvert ! queue ! "
                      "clsobel name=b ! fakesink name=sink "
                      "signal-handoffs=true",
      "videotestsrc num-buffers=3 pattern=ball ! "
      "video/x-raw,format=NV12,width=64,height=40 ! clclahe ! video/x-raw ! "
      "clsobel ! fakesink name=sink signal-handoffs=true",
      names, 1);
}
GST_END_TEST;

/* One branch of a tee on the device, one in system memory. */
GST_START_TEST (test_tee)
{
  const gchar *src = "videotestsrc num-buffers=4 pattern=ball ! "
                     "video/x-raw,format=I420,width=50,height=30";
  gchar *desc = g_strdup_printf ("%s ! clhistequalize name=a ! tee name=t "
                                 "t. ! queue ! clsobel name=b ! fakesink "
                                 "name=sink signal-handoffs=true "
                                 "t. ! queue ! videoconvert ! "
                                 "video/x-raw,format=Y444 ! fakesink "
                                 "name=sink2 signal-handoffs=true",
      src);
  GPtrArray *in = source_frames (src);
  GPtrArray *outs = outs_new (), *outs2 = outs_new ();
  GstElement *pipeline = parse (desc);
  const gchar *chain[] = { "clhistequalize", "clsobel", NULL };

  play (pipeline, outs, outs2, NULL, 0);
  check_outs (in, outs, chain, desc);
  fail_unless_equals_int (outs->len, 4);
  fail_unless_equals_int (outs2->len, 4);
  /* The other branch: equalized, as videoconvert makes Y444 of it. */
  for (guint i = 0; i < outs2->len; i++) {
    const Out *o = g_ptr_array_index (outs2, i);
    TestFrame *eq = ref_histequalize (
        ((Out *)g_ptr_array_index (in, i))->frame);

    fail_unless_equals_int (o->frame->format, GST_VIDEO_FORMAT_Y444);
    for (guint y = 0; y < eq->height; y++)
      for (guint x = 0; x < eq->width; x++)
        fail_unless_equals_int (test_frame_get (o->frame, x, y),
            test_frame_get (eq, x, y));
    test_frame_free (eq);
  }
  gst_object_unref (pipeline);
  g_ptr_array_unref (outs);
  g_ptr_array_unref (outs2);
  g_ptr_array_unref (in);
  g_free (desc);
}
GST_END_TEST;

/* Frames on the device of another context (here the application's, which
 * the second pipeline is handed; pipelines that nobody hands one share the
 * process's) are read through the host. */
GST_START_TEST (test_other_context)
{
  const gchar *src = "videotestsrc num-buffers=3 pattern=ball ! "
                     "video/x-raw,format=GRAY8,width=64,height=40";
  gchar *first = g_strdup_printf ("%s ! clhistequalize ! appsink name=as "
                                  "caps=video/x-raw(memory:OpenCLBuffer)",
      src);
  GstElement *p1 = parse (first);
  GstElement *p2 = parse ("appsrc name=src format=time ! clsobel name=b ! "
                          "fakesink name=sink signal-handoffs=true");
  GstElement *as = gst_bin_get_by_name (GST_BIN (p1), "as");
  GstElement *appsrc = gst_bin_get_by_name (GST_BIN (p2), "src");
  GPtrArray *in = source_frames (src), *outs = outs_new ();
  const gchar *chain[] = { "clhistequalize", "clsobel", NULL };
  cl_context other;
  GstContext *context = cl_test_app_context (&other);
  GstSample *sample;

  gst_element_set_context (p2, context);
  gst_context_unref (context);
  gst_element_set_state (p1, GST_STATE_PLAYING);
  while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (as)))) {
    GstBuffer *buf = gst_sample_get_buffer (sample);

    fail_unless (gst_memory_is_type (gst_buffer_peek_memory (buf, 0),
        GST_CL_MEMORY_TYPE));
    gst_app_src_set_caps (GST_APP_SRC (appsrc), gst_sample_get_caps (sample));
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (appsrc),
                                gst_buffer_ref (buf)),
        GST_FLOW_OK);
    gst_sample_unref (sample);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (appsrc));
  play (p2, outs, NULL, NULL, 0);
  check_outs (in, outs, chain, "another context");
  fail_unless_equals_int (outs->len, 3);
  gst_element_set_state (p1, GST_STATE_NULL);
  gst_object_unref (as);
  gst_object_unref (appsrc);
  gst_object_unref (p1);
  gst_object_unref (p2);
  clReleaseContext (other);
  g_ptr_array_unref (in);
  g_ptr_array_unref (outs);
  g_free (first);
}
GST_END_TEST;

/* New sizes and formats mid-stream, on the device all along. */
GST_START_TEST (test_caps_changes)
{
  const struct {
    GstVideoFormat format;
    guint width, height;
  } steps[] = {
    { GST_VIDEO_FORMAT_GRAY8, 64, 48 },
    { GST_VIDEO_FORMAT_GRAY8, 33, 17 },
    { GST_VIDEO_FORMAT_I420, 33, 17 },
    { GST_VIDEO_FORMAT_YUY2, 90, 20 },
    { GST_VIDEO_FORMAT_GRAY16_LE, 90, 20 },
    { GST_VIDEO_FORMAT_GRAY8, 64, 48 },
  };
  const gchar *chain[] = { "clhistequalize", "clclahe", "clsobel", NULL };
  const gchar *names[] = { "e0", "e1", "e2", NULL };
  GstElement *pipeline = parse ("appsrc name=src format=time ! "
                                "clhistequalize name=e0 ! clclahe name=e1 ! "
                                "clsobel name=e2 ! fakesink name=sink "
                                "signal-handoffs=true");
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GPtrArray *in = outs_new (), *outs = outs_new ();
  GRand *rand = g_rand_new_with_seed (13);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    Out *o = g_new0 (Out, 1);
    GstBuffer *buf;
    GstCaps *caps;

    o->frame = test_frame_random (steps[i].format, steps[i].width,
        steps[i].height, 0, test_format_depth (steps[i].format), rand);
    o->pts = i * GST_SECOND / 30;
    buf = test_frame_to_buffer (o->frame);
    caps = test_frame_caps (o->frame);
    GST_BUFFER_PTS (buf) = o->pts;
    GST_BUFFER_DURATION (buf) = GST_SECOND / 30;
    gst_app_src_set_caps (GST_APP_SRC (src), caps);
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src), buf),
        GST_FLOW_OK);
    gst_caps_unref (caps);
    g_ptr_array_add (in, o);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  play (pipeline, outs, NULL, names, 0x3);
  check_outs (in, outs, chain, "caps changes");
  fail_unless_equals_int (outs->len, G_N_ELEMENTS (steps));
  g_rand_free (rand);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  g_ptr_array_unref (in);
  g_ptr_array_unref (outs);
}
GST_END_TEST;

static GstMessage *
wait_for (GstBus *bus, GstMessageType types)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      types | GST_MESSAGE_ERROR);

  fail_unless (msg != NULL);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *err;
    gchar *dbg;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s (%s)", err->message, dbg);
  }
  return msg;
}

/* After a flushing seek, and after READY and back, every frame that comes
 * out is the reference of the frame of its time: nothing of the frames in
 * flight on the device before is left over. */
GST_START_TEST (test_seek_and_state_cycles)
{
  const gchar *src = "videotestsrc num-buffers=12 pattern=ball ! "
                     "video/x-raw,format=NV12,width=64,height=36,"
                     "framerate=30/1";
  gchar *desc = g_strdup_printf ("%s ! clhistequalize name=e0 ! queue ! "
                                 "clsobel name=e1 ! clhistequalize name=e2 "
                                 "! fakesink name=sink signal-handoffs=true "
                                 "sync=false",
      src);
  const gchar *chain[] = { "clhistequalize", "clsobel", "clhistequalize",
    NULL };
  GPtrArray *in = source_frames (src), *outs = outs_new ();
  GstElement *pipeline = parse (desc);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  guint before = 0;

  g_signal_connect (sink, "handoff", G_CALLBACK (collect), outs);
  for (guint cycle = 0; cycle < 3; cycle++) {
    gst_element_set_state (pipeline, GST_STATE_PAUSED);
    fail_unless (gst_element_get_state (pipeline, NULL, NULL,
                     60 * GST_SECOND) == GST_STATE_CHANGE_SUCCESS);
    fail_unless (gst_element_seek (pipeline, 1.0, GST_FORMAT_TIME,
        GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, GST_SEEK_TYPE_SET,
        (2 + cycle) * GST_SECOND / 30, GST_SEEK_TYPE_SET, 8 * GST_SECOND / 30));
    fail_unless (gst_element_get_state (pipeline, NULL, NULL,
                     60 * GST_SECOND) == GST_STATE_CHANGE_SUCCESS);
    gst_element_set_state (pipeline, GST_STATE_PLAYING);
    msg = wait_for (bus, GST_MESSAGE_EOS);
    gst_message_unref (msg);
    /* A cycle may end with no frame, in system memory as well: EOS
     * sometimes comes first after the seek. */
    GST_INFO ("cycle %u: %u frames", cycle, outs->len - before);
    before = outs->len;
    /* To READY, which drops what the elements hold, and on again. */
    gst_element_set_state (pipeline, GST_STATE_READY);
  }
  fail_unless (outs->len > 0);
  check_outs (in, outs, chain, desc);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_ptr_array_unref (in);
  g_ptr_array_unref (outs);
  g_free (desc);
}
GST_END_TEST;

/* The histogram messages of @desc, in the order of the bus, up to EOS. */
static GPtrArray *
histogram_messages (const gchar *desc)
{
  GstElement *pipeline = parse (desc);
  GstBus *bus = gst_element_get_bus (pipeline);
  GPtrArray *msgs = g_ptr_array_new_with_free_func (
      (GDestroyNotify)gst_structure_free);
  gboolean done = FALSE;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (!done) {
    GstMessage *msg = wait_for (bus, GST_MESSAGE_EOS | GST_MESSAGE_ELEMENT);
    const GstStructure *s = gst_message_get_structure (msg);

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS) {
      done = TRUE;
    } else if (gst_structure_has_name (s, "histogram")) {
      GstStructure *copy = gst_structure_copy (s);

      gst_structure_set (copy, "from", G_TYPE_STRING,
          GST_MESSAGE_SRC_NAME (msg), NULL);
      g_ptr_array_add (msgs, copy);
    }
    gst_message_unref (msg);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  return msgs;
}

/* Without profiling, which waits for every frame: the messages of
 * elements whose frames stay on the device, whose results come without a
 * wait, are those of the same chain in system memory, in the same order,
 * with the same times, all before EOS. */
GST_START_TEST (test_messages_in_order)
{
  const gchar *fmt = "videotestsrc num-buffers=7 pattern=ball ! "
                     "video/x-raw,format=%s,width=64,height=40 ! "
                     "clhistequalize message-bins=16 name=e0 %s ! "
                     "clhistogram message-bins=8 name=e1 %s ! "
                     "clclahe post-messages=true message-bins=32 name=e3 %s ! "
                     "clsobel name=e2 ! fakesink";
  const gchar *formats[] = { "GRAY8", "GRAY16_LE", "NV12" };

  g_unsetenv ("GST_CL_PROFILING");
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    gchar *device = g_strdup_printf (fmt, formats[f], "", "", "");
    gchar *host = g_strdup_printf (fmt, formats[f], "! video/x-raw",
        "! video/x-raw", "! video/x-raw");
    GPtrArray *got = histogram_messages (device);
    GPtrArray *expected = histogram_messages (host);

    fail_unless_equals_int (got->len, 21);
    fail_unless_equals_int (got->len, expected->len);
    for (guint i = 0; i < got->len; i++) {
      gchar *a = gst_structure_to_string (g_ptr_array_index (expected, i));
      gchar *b = gst_structure_to_string (g_ptr_array_index (got, i));

      fail_unless (gst_structure_is_equal (g_ptr_array_index (expected, i),
                       g_ptr_array_index (got, i)),
          "message %u:\n%s\n%s", i, a, b);
      g_free (a);
      g_free (b);
    }
    g_ptr_array_unref (got);
    g_ptr_array_unref (expected);
    g_free (device);
    g_free (host);
  }
  g_setenv ("GST_CL_PROFILING", "1", TRUE);
}
GST_END_TEST;

/* The context's queue, as an application reads it. */
static gpointer
pipeline_queue (GstElement *pipeline)
{
  GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), "e0");
  GstContext *context = gst_element_get_context (e, GST_CL_CONTEXT_TYPE);
  gpointer queue = NULL;

  fail_unless (context != NULL);
  fail_unless (gst_structure_get (gst_context_get_structure (context),
      GST_CL_CONTEXT_FIELD_QUEUE, G_TYPE_POINTER, &queue, NULL));
  gst_context_unref (context);
  gst_object_unref (e);
  return queue;
}

/* Pipelines at once, each its own streaming threads, on the context the
 * application hands them all or, with nobody answering, on the process's
 * context for the device: one context either way, each element's commands
 * on its own queues. */
static void
check_concurrent (gboolean shared)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_YUY2 };
  const gchar *chain[] = { "clhistequalize", "clclahe", "clsobel", NULL };
  GstElement *pipelines[G_N_ELEMENTS (formats)];
  GPtrArray *ins[G_N_ELEMENTS (formats)], *outs[G_N_ELEMENTS (formats)];
  GstContext *context = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    gchar *src = source (formats[i], 96, 54, 8);
    gchar *desc = g_strdup_printf ("%s ! clhistequalize name=e0 ! queue ! "
                                   "clclahe name=e1 ! clsobel name=e2 ! "
                                   "fakesink name=sink signal-handoffs=true",
        src);
    GstElement *sink;

    ins[i] = source_frames (src);
    outs[i] = outs_new ();
    pipelines[i] = parse (desc);
    sink = gst_bin_get_by_name (GST_BIN (pipelines[i]), "sink");
    g_signal_connect (sink, "handoff", G_CALLBACK (collect), outs[i]);
    gst_object_unref (sink);
    if (shared && context) {
      gst_element_set_context (pipelines[i], context);
    } else if (shared) {
      GstElement *e = gst_bin_get_by_name (GST_BIN (pipelines[i]), "e0");

      /* The first pipeline's, once it has made it. */
      gst_element_set_state (pipelines[i], GST_STATE_READY);
      gst_element_set_state (e, GST_STATE_PAUSED);
      context = gst_element_get_context (e, GST_CL_CONTEXT_TYPE);
      fail_unless (context != NULL);
      gst_object_unref (e);
    }
    g_free (desc);
    g_free (src);
  }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    gst_element_set_state (pipelines[i], GST_STATE_PLAYING);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstBus *bus = gst_element_get_bus (pipelines[i]);
    GstMessage *msg = wait_for (bus, GST_MESSAGE_EOS);

    gst_message_unref (msg);
    gst_object_unref (bus);
  }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    fail_unless (on_device (pipelines[i], "e0"));
    fail_unless (on_device (pipelines[i], "e1"));
    if (i > 0)
      fail_unless (
          pipeline_queue (pipelines[i]) == pipeline_queue (pipelines[0]));
  }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    check_outs (ins[i], outs[i], chain, "concurrent");
    fail_unless_equals_int (outs[i]->len, 8);
    gst_element_set_state (pipelines[i], GST_STATE_NULL);
    gst_object_unref (pipelines[i]);
    g_ptr_array_unref (ins[i]);
    g_ptr_array_unref (outs[i]);
  }
  if (context)
    gst_context_unref (context);
}

GST_START_TEST (test_concurrent_unanswered)
{
  check_concurrent (FALSE);
}
GST_END_TEST;

GST_START_TEST (test_concurrent_shared_context)
{
  check_concurrent (TRUE);
}
GST_END_TEST;

static Suite *
devicememory_suite (void)
{
  Suite *s = suite_create ("devicememory");
  TCase *tc = tcase_create ("general");

  /* Bytes moved come with the profile. */
  g_setenv ("GST_CL_PROFILING", "1", TRUE);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_pairs);
  tcase_add_test (tc, test_triples);
  tcase_add_test (tc, test_high_depth_pairs);
  tcase_add_test (tc, test_high_depth_narrow_on_device);
  tcase_add_test (tc, test_videoconvert_queue);
  tcase_add_test (tc, test_tee);
  tcase_add_test (tc, test_other_context);
  tcase_add_test (tc, test_caps_changes);
  tcase_add_test (tc, test_seek_and_state_cycles);
  tcase_add_test (tc, test_messages_in_order);
  tcase_add_test (tc, test_concurrent_unanswered);
  tcase_add_test (tc, test_concurrent_shared_context);
  return s;
}

GST_CHECK_MAIN (devicememory);
