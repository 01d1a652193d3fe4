/* gst-clfilter example: each frame's histogram from the bus and from the
 * buffer, in an application
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
 * usage: clhistogram-appsink [CLIP]
 *
 * Plays CLIP (any file GStreamer decodes; without one, 10 frames of
 * videotestsrc) through clhistogram into an appsink, and prints for every
 * frame the GstClHistogramMeta its buffer carries and the `histogram`
 * message the element posted for it. Exits with 1 on an error.
 */
#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <stdio.h>

/* "timestamp 0:00:00.033 NV12: 76800 pixels, 16..235, mean 120.8, bins
 * 10 0 ... " from either source. */
static void
print_histogram (const gchar *from, const GstStructure *s)
{
  const GValue *bins = gst_structure_get_value (s, "bins");
  guint64 ts = GST_CLOCK_TIME_NONE, pixels = 0;
  guint min = 0, max = 0;
  gdouble mean = 0;

  gst_structure_get (s, "timestamp", G_TYPE_UINT64, &ts, "pixels",
      G_TYPE_UINT64, &pixels, "min", G_TYPE_UINT, &min, "max", G_TYPE_UINT,
      &max, "mean", G_TYPE_DOUBLE, &mean, NULL);
  g_print ("%-7s %" GST_TIME_FORMAT " %s: %" G_GUINT64_FORMAT
           " pixels, %u..%u, mean %.1f, bins",
      from, GST_TIME_ARGS (ts), gst_structure_get_string (s, "format"), pixels,
      min, max, mean);
  for (guint i = 0; bins && i < gst_value_array_get_size (bins); i++)
    g_print (" %" G_GUINT64_FORMAT,
        g_value_get_uint64 (gst_value_array_get_value (bins, i)));
  g_print ("\n");
}

/* Prints the histogram messages waiting on @bus; FALSE on an error. */
static gboolean
drain_bus (GstBus *bus)
{
  GstMessage *msg;
  gboolean ok = TRUE;

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ELEMENT | GST_MESSAGE_ERROR))) {
    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      GError *err = NULL;
      gchar *debug = NULL;

      gst_message_parse_error (msg, &err, &debug);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
          err->message, debug ? debug : "");
      g_clear_error (&err);
      g_free (debug);
      ok = FALSE;
    } else if (gst_message_has_name (msg, "histogram")) {
      print_histogram ("message", gst_message_get_structure (msg));
    }
    gst_message_unref (msg);
  }
  return ok;
}

int
main (int argc, char **argv)
{
  GstElement *pipeline, *sink;
  GstBus *bus;
  GstSample *sample;
  GError *error = NULL;
  gchar *desc;
  guint frames = 0;
  gboolean ok;

  gst_init (&argc, &argv);
  if (argc > 2) {
    g_printerr ("usage: %s [CLIP]\n", argv[0]);
    return 1;
  }
  desc = g_strdup_printf ("%s ! videoconvert ! "
                          "clhistogram attach-meta=true message-bins=8 ! "
                          "appsink name=sink sync=false",
      argc == 2 ? "filesrc name=src ! decodebin"
                : "videotestsrc num-buffers=10 ! "
                  "video/x-raw,format=NV12,width=320,height=240");
  pipeline = gst_parse_launch (desc, &error);
  g_free (desc);
  if (!pipeline) {
    g_printerr ("could not make the pipeline: %s\n", error->message);
    g_clear_error (&error);
    return 1;
  }
  if (argc == 2) {
    GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");

    g_object_set (src, "location", argv[1], NULL);
    gst_object_unref (src);
  }
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  bus = gst_element_get_bus (pipeline);

  ok = gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
       GST_STATE_CHANGE_FAILURE;
  /* NULL at the end of the stream and on an error. */
  while (ok && (sample = gst_app_sink_pull_sample (GST_APP_SINK (sink)))) {
    GstBuffer *buf = gst_sample_get_buffer (sample);
    GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
        "GstClHistogramMeta");

    if (meta) {
      print_histogram ("meta", gst_custom_meta_get_structure (meta));
      frames++;
    } else {
      g_printerr ("a buffer came without GstClHistogramMeta\n");
      ok = FALSE;
    }
    gst_sample_unref (sample);
    ok &= drain_bus (bus);
  }
  /* The messages of the last frames, and the error that ended it if any. */
  ok &= drain_bus (bus);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  if (ok && frames == 0) {
    g_printerr ("no frame came\n");
    ok = FALSE;
  }
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return ok ? 0 : 1;
}
