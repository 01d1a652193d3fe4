/* gst-clfilter tests: several pipelines in threads of one process
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
 * Each pipeline is appsrc ! clhistequalize ! clsobel ! appsink on its own
 * frames. Run one after the other, then all at once from threads, once with
 * every pipeline's elements on one GstClContext that the application hands
 * out (NEED_CONTEXT answered with the first pipeline's context) and once
 * with nobody answering, where every pipeline takes the process's context
 * for the device: the outputs and the histogram messages are the same
 * every time, and the first run's are the C reference's.
 */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define N_PIPELINES 6
#define N_FRAMES 24
/* Threaded runs of each kind. */
#define ROUNDS 5
#define CONTEXT_TYPE "gst.opencl.context"

typedef struct {
  guint index;
  GPtrArray *inputs;     /* TestFrame */
  GPtrArray *outputs;    /* TestFrame */
  GPtrArray *histograms; /* gchar *, the messages' structures serialized */
  GstContext *shared;    /* answer to NEED_CONTEXT, or NULL */
  GstContext *used;      /* the context the pipeline's elements ended on */
} Job;

static GstBusSyncReply
answer_need_context (GstBus *bus, GstMessage *msg, gpointer data)
{
  Job *job = data;
  const gchar *type;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_NEED_CONTEXT && job->shared &&
      gst_message_parse_context_type (msg, &type) &&
      g_str_equal (type, CONTEXT_TYPE))
    gst_element_set_context (GST_ELEMENT (GST_MESSAGE_SRC (msg)), job->shared);
  return GST_BUS_PASS;
}

static gpointer
run_job (gpointer data)
{
  Job *job = data;
  GstElement *pipeline = gst_parse_launch (
      "appsrc name=src format=time ! clhistequalize name=eq ! "
      "clsobel name=sobel mode=magnitude-l1 scale=0.5 ! "
      "appsink name=sink sync=false",
      NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstElement *eq = gst_bin_get_by_name (GST_BIN (pipeline), "eq");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstCaps *caps = test_frame_caps (g_ptr_array_index (job->inputs, 0));
  GstSample *sample;
  GstMessage *msg;

  gst_bus_set_sync_handler (bus, answer_need_context, job, NULL);
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
           GST_STATE_CHANGE_FAILURE);
  for (guint i = 0; i < job->inputs->len; i++) {
    GstBuffer *buf = test_frame_to_buffer (g_ptr_array_index (job->inputs, i));

    GST_BUFFER_PTS (buf) = i * 40 * GST_MSECOND;
    GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src), buf),
        GST_FLOW_OK);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (sink)))) {
    g_ptr_array_add (job->outputs,
        test_frame_from_buffer (gst_sample_get_buffer (sample),
            gst_sample_get_caps (sample)));
    gst_sample_unref (sample);
  }
  fail_unless (gst_app_sink_is_eos (GST_APP_SINK (sink)));
  while ((msg = gst_bus_pop (bus))) {
    fail_if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR, "pipeline %u failed",
        job->index);
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
        GST_MESSAGE_SRC (msg) == GST_OBJECT (eq))
      g_ptr_array_add (job->histograms,
          gst_structure_to_string (gst_message_get_structure (msg)));
    gst_message_unref (msg);
  }
  job->used = gst_element_get_context (eq, CONTEXT_TYPE);
  fail_unless (job->used != NULL);
  {
    GstElement *sobel = gst_bin_get_by_name (GST_BIN (pipeline), "sobel");
    GstContext *c = gst_element_get_context (sobel, CONTEXT_TYPE);

    /* Within a pipeline the elements always share. */
    fail_unless (c != NULL);
    fail_unless (
        g_value_get_object (
            gst_structure_get_value (gst_context_get_structure (c),
                CONTEXT_TYPE)) ==
        g_value_get_object (
            gst_structure_get_value (gst_context_get_structure (job->used),
                CONTEXT_TYPE)));
    gst_context_unref (c);
    gst_object_unref (sobel);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_bus_set_sync_handler (bus, NULL, NULL, NULL);
  gst_object_unref (bus);
  gst_object_unref (eq);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return NULL;
}

static gpointer
cl_context_of (GstContext *context)
{
  return g_value_get_object (
      gst_structure_get_value (gst_context_get_structure (context),
          CONTEXT_TYPE));
}

static void
job_init (Job *job, guint index, GRand *rand)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_GRAY16_BE };
  const GstVideoFormat format = formats[index % 3];
  const guint width = g_rand_int_range (rand, 1, 321);
  const guint height = g_rand_int_range (rand, 1, 241);

  memset (job, 0, sizeof (*job));
  job->index = index;
  job->inputs = g_ptr_array_new_with_free_func (
      (GDestroyNotify)test_frame_free);
  for (guint i = 0; i < N_FRAMES; i++)
    g_ptr_array_add (job->inputs,
        test_frame_random (format, width, height, 0,
            format == GST_VIDEO_FORMAT_GRAY8 ? 8 : 12 + 4 * (i % 2), rand));
}

static void
job_reset (Job *job, GstContext *shared)
{
  g_clear_pointer (&job->outputs, g_ptr_array_unref);
  g_clear_pointer (&job->histograms, g_ptr_array_unref);
  g_clear_pointer (&job->used, gst_context_unref);
  job->outputs = g_ptr_array_new_with_free_func (
      (GDestroyNotify)test_frame_free);
  job->histograms = g_ptr_array_new_with_free_func (g_free);
  job->shared = shared;
}

static void
job_clear (Job *job)
{
  g_clear_pointer (&job->outputs, g_ptr_array_unref);
  g_clear_pointer (&job->histograms, g_ptr_array_unref);
  g_clear_pointer (&job->used, gst_context_unref);
  g_ptr_array_unref (job->inputs);
}

static void
check_same (const Job *a, const Job *b, const gchar *what)
{
  fail_unless_equals_int (a->outputs->len, N_FRAMES);
  fail_unless_equals_int (b->outputs->len, N_FRAMES);
  for (guint i = 0; i < N_FRAMES; i++)
    fail_unless (test_frame_equal (g_ptr_array_index (a->outputs, i),
                     g_ptr_array_index (b->outputs, i)),
        "%s: pipeline %u frame %u differs", what, a->index, i);
  fail_unless_equals_int (a->histograms->len, N_FRAMES);
  fail_unless_equals_int (b->histograms->len, N_FRAMES);
  for (guint i = 0; i < N_FRAMES; i++)
    fail_unless_equals_string (g_ptr_array_index (a->histograms, i),
        g_ptr_array_index (b->histograms, i));
}

static void
run_threads (Job *jobs)
{
  GThread *threads[N_PIPELINES];

  for (guint i = 0; i < N_PIPELINES; i++)
    threads[i] = g_thread_new ("pipeline", run_job, &jobs[i]);
  for (guint i = 0; i < N_PIPELINES; i++)
    g_thread_join (threads[i]);
}

GST_START_TEST (test_pipelines_in_threads)
{
  GRand *rand = g_rand_new_with_seed (37);
  Job single[N_PIPELINES], shared[N_PIPELINES], separate[N_PIPELINES];
  GstContext *context;
  gint64 t0;

  for (guint i = 0; i < N_PIPELINES; i++) {
    job_init (&single[i], i, rand);
    job_init (&shared[i], i, rand);
    job_init (&separate[i], i, rand);
    /* The same frames for all three runs. */
    g_ptr_array_unref (shared[i].inputs);
    g_ptr_array_unref (separate[i].inputs);
    shared[i].inputs = g_ptr_array_ref (single[i].inputs);
    separate[i].inputs = g_ptr_array_ref (single[i].inputs);
  }

  /* One after the other; each pipeline creates its context. */
  t0 = g_get_monotonic_time ();
  for (guint i = 0; i < N_PIPELINES; i++) {
    job_reset (&single[i], NULL);
    run_job (&single[i]);
    for (guint f = 0; f < N_FRAMES; f++) {
      TestFrame *eq = ref_histequalize (
          g_ptr_array_index (single[i].inputs, f));
      TestFrame *expected = ref_sobel (eq, REF_SOBEL_MAGNITUDE_L1, 0.5, 0);

      fail_unless (test_frame_equal (expected,
                       g_ptr_array_index (single[i].outputs, f)),
          "pipeline %u frame %u differs from the reference", i, f);
      test_frame_free (eq);
      test_frame_free (expected);
    }
  }
  g_print ("%u pipelines one after the other: %.2f s\n", N_PIPELINES,
      (g_get_monotonic_time () - t0) / 1e6);

  context = gst_context_ref (single[0].used);
  t0 = g_get_monotonic_time ();
  for (guint r = 0; r < ROUNDS; r++) {
    /* All at once, sharing the first pipeline's context. */
    for (guint i = 0; i < N_PIPELINES; i++)
      job_reset (&shared[i], context);
    run_threads (shared);
    for (guint i = 0; i < N_PIPELINES; i++) {
      check_same (&single[i], &shared[i], "shared context");
      fail_unless (cl_context_of (shared[i].used) == cl_context_of (context),
          "pipeline %u did not take the application's context", i);
    }

    /* All at once, unanswered: the process's one context. */
    for (guint i = 0; i < N_PIPELINES; i++)
      job_reset (&separate[i], NULL);
    run_threads (separate);
    for (guint i = 0; i < N_PIPELINES; i++) {
      check_same (&single[i], &separate[i], "the process's context");
      for (guint j = 0; j < i; j++)
        fail_unless (cl_context_of (separate[i].used) ==
                         cl_context_of (separate[j].used),
            "pipelines %u and %u have contexts of their own", i, j);
    }
  }
  g_print ("%u rounds of %u pipelines in threads, the application's "
           "context then the process's, %u frames each: %.2f s\n",
      ROUNDS, N_PIPELINES, N_FRAMES, (g_get_monotonic_time () - t0) / 1e6);

  gst_context_unref (context);
  for (guint i = 0; i < N_PIPELINES; i++) {
    job_clear (&single[i]);
    job_clear (&shared[i]);
    job_clear (&separate[i]);
  }
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
concurrency_suite (void)
{
  Suite *s = suite_create ("concurrency");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_pipelines_in_threads);
  return s;
}

GST_CHECK_MAIN (concurrency);
