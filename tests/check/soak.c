/* gst-clfilter tests: a long stream of small frames must not grow memory
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
 * videotestsrc ! clhistequalize ! clsobel ! fakesink for tens of thousands
 * of frames, the histogram messages taken off the bus as an application
 * would, in a sync handler. The heap in use (mallinfo2) and the resident
 * set size are read after a warm-up and at the end; they may not grow by
 * more than SOAK_MAX_HEAP_GROWTH and SOAK_MAX_GROWTH. CLFILTER_SOAK_FRAMES=N
 * sets the number of GRAY8 frames (GRAY16 streams a tenth of it).
 */
#include <gst/check/gstcheck.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define DEFAULT_FRAMES 100000
#define WARMUP_FRAMES 2000
/* Resident memory, and bytes of heap in use (a leak of 8 bytes a frame
 * would pass 256 KiB at 33000 frames). */
#define SOAK_MAX_GROWTH (2 * 1024 * 1024)
#define SOAK_MAX_HEAP_GROWTH (256 * 1024)

static gsize
rss_bytes (void)
{
  gchar *statm = NULL;
  gsize pages = 0;

  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    sscanf (statm, "%*s %" G_GSIZE_FORMAT, &pages);
  g_free (statm);
  return pages * sysconf (_SC_PAGESIZE);
}

/* Bytes malloc has handed out and not had back. */
static gsize
heap_bytes (void)
{
  struct mallinfo2 mi = mallinfo2 ();

  return mi.uordblks + mi.hblkhd;
}

typedef struct {
  gint frames;
  gint histograms;
  gsize rss_warm;
  gsize heap_warm;
} Soak;

/* Takes the histogram messages as they are posted, so that no backlog on
 * the bus counts as growth. */
static GstBusSyncReply
take_histograms (GstBus *bus, GstMessage *msg, gpointer data)
{
  Soak *soak = data;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT &&
      gst_message_has_name (msg, "histogram")) {
    g_atomic_int_inc (&soak->histograms);
    gst_message_unref (msg);
    return GST_BUS_DROP;
  }
  return GST_BUS_PASS;
}

static void
on_handoff (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  Soak *soak = data;

  if (g_atomic_int_add (&soak->frames, 1) + 1 == WARMUP_FRAMES) {
    soak->rss_warm = rss_bytes ();
    soak->heap_warm = heap_bytes ();
  }
}

static void
soak (const gchar *caps, guint frames)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=%u pattern=snow ! "
                                 "%s ! clhistequalize ! clsobel ! "
                                 "fakesink name=sink sync=false "
                                 "signal-handoffs=true",
      frames, caps);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  Soak s = { 0, 0, 0, 0 };
  gboolean done = FALSE;
  gint64 t0 = g_get_monotonic_time ();
  gsize rss_end, heap_end;
  gint last_frames = -1;
  gint64 last_progress = t0;

  g_signal_connect (sink, "handoff", G_CALLBACK (on_handoff), &s);
  gst_bus_set_sync_handler (bus, take_histograms, &s, NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop (bus, GST_SECOND);
    const gint now = g_atomic_int_get (&s.frames);

    /* A stall is no frame for 30 s; a slow device is not one. */
    if (now != last_frames) {
      last_frames = now;
      last_progress = g_get_monotonic_time ();
    }
    fail_if (g_get_monotonic_time () - last_progress > 30 * G_TIME_SPAN_SECOND,
        "stalled after %d frames", now);
    if (!msg)
      continue;
    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_ERROR:
        fail ("error after %d frames", s.frames);
        break;
      case GST_MESSAGE_EOS:
        done = TRUE;
        break;
      default:
        break;
    }
    gst_message_unref (msg);
  }
  rss_end = rss_bytes ();
  heap_end = heap_bytes ();
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_bus_set_sync_handler (bus, NULL, NULL, NULL);
  fail_unless_equals_int (s.frames, frames);
  fail_unless_equals_int (s.histograms, frames);
  g_print ("%s: %u frames in %.1f s, %d histogram messages; after %u frames "
           "and at the end: heap in use %.2f and %.2f MiB (%+.1f KiB), "
           "resident %.1f and %.1f MiB (%+.1f KiB)\n",
      caps, frames, (g_get_monotonic_time () - t0) / 1e6, s.histograms,
      WARMUP_FRAMES, s.heap_warm / 1048576.0, heap_end / 1048576.0,
      ((gdouble)heap_end - s.heap_warm) / 1024, s.rss_warm / 1048576.0,
      rss_end / 1048576.0, ((gdouble)rss_end - s.rss_warm) / 1024);
  fail_unless (heap_end <= s.heap_warm + SOAK_MAX_HEAP_GROWTH,
      "heap grew by %" G_GSIZE_FORMAT " bytes over %u frames",
      heap_end - s.heap_warm, frames - WARMUP_FRAMES);
  fail_unless (rss_end <= s.rss_warm + SOAK_MAX_GROWTH,
      "memory grew by %" G_GSIZE_FORMAT " bytes over %u frames",
      rss_end - s.rss_warm, frames - WARMUP_FRAMES);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (desc);
}

GST_START_TEST (test_long_stream)
{
  const gchar *v = g_getenv ("CLFILTER_SOAK_FRAMES");
  const guint frames = v && *v ? (guint)strtoul (v, NULL, 0) : DEFAULT_FRAMES;

  soak ("video/x-raw,format=GRAY8,width=64,height=48", frames);
  /* GRAY16 equalization builds a 65536-entry table per frame: slower,
   * and much slower with the GPU kernels on a CPU device. */
  soak ("video/x-raw,format=GRAY16_LE,width=40,height=30",
      MAX (frames / 10, WARMUP_FRAMES + 1));
}

GST_END_TEST;

static Suite *
soak_suite (void)
{
  Suite *s = suite_create ("soak");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 900);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_long_stream);
  return s;
}

GST_CHECK_MAIN (soak);
