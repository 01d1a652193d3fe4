/* gst-clfilter demo: both elements on a real clip.
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
 * usage: clfilter-demo CLIP OUTDIR
 *
 * Runs CLIP (anything qtdemux ! jpegdec decodes, e.g. diver.mov) through
 * clhistequalize and clsobel, writes MJPEG AVI files a person can watch and
 * PNG stills, and prints a summary of the histogram messages: an example of
 * reading them from an application.
 */
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>

#define SUMMARY_BINS 16
#define STILL_AT (6 * GST_SECOND)

typedef struct {
  guint frames;
  guint64 in_bins[SUMMARY_BINS];
  guint64 out_bins[SUMMARY_BINS];
  gdouble mean_sum, stddev_sum, mean_min, mean_max;
  guint min, max;
  gchar *device;
} Summary;

static void
add_histogram_message (Summary *sum, const GstStructure *s)
{
  const GValue *bins = gst_structure_get_value (s, "bins");
  guint num_bins = gst_value_array_get_size (bins);
  gdouble mean = 0, stddev = 0;
  guint min = 0, max = 0;

  gst_structure_get (s, "mean", G_TYPE_DOUBLE, &mean, "stddev", G_TYPE_DOUBLE,
      &stddev, "min", G_TYPE_UINT, &min, "max", G_TYPE_UINT, &max, NULL);
  for (guint i = 0; i < num_bins; i++)
    sum->in_bins[i * SUMMARY_BINS / num_bins] += g_value_get_uint64 (
        gst_value_array_get_value (bins, i));
  if (sum->frames == 0) {
    sum->mean_min = sum->mean_max = mean;
    sum->min = min;
    sum->max = max;
  }
  sum->frames++;
  sum->mean_sum += mean;
  sum->stddev_sum += stddev;
  sum->mean_min = MIN (sum->mean_min, mean);
  sum->mean_max = MAX (sum->mean_max, mean);
  sum->min = MIN (sum->min, min);
  sum->max = MAX (sum->max, max);
}

/* Counts the equalized frames on the CPU, to show what the element did. */
static GstPadProbeReturn
count_output (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  Summary *sum = user_data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  GstVideoInfo vinfo;
  GstVideoFrame frame;

  if (caps && gst_video_info_from_caps (&vinfo, caps) &&
      gst_video_frame_map (&frame, &vinfo, buf, GST_MAP_READ)) {
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&frame, 0);
    const gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint y = 0; y < GST_VIDEO_FRAME_HEIGHT (&frame); y++)
      for (gint x = 0; x < GST_VIDEO_FRAME_WIDTH (&frame); x++)
        sum->out_bins[data[y * stride + x] * SUMMARY_BINS / 256]++;
    gst_video_frame_unmap (&frame);
  }
  gst_clear_caps (&caps);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
drop_before_still (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);

  return GST_BUFFER_PTS (buf) < STILL_AT ? GST_PAD_PROBE_DROP
                                         : GST_PAD_PROBE_OK;
}

/* Plays @pipeline to EOS; histogram messages go to @sum. */
static gboolean
run (GstElement *pipeline, Summary *sum)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  gboolean ok = TRUE, done = FALSE;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop (bus, GST_CLOCK_TIME_NONE);
    const GstStructure *s = gst_message_get_structure (msg);

    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_ELEMENT:
        if (sum && gst_structure_has_name (s, "histogram")) {
          /* Set while the element runs: read it from the message's source. */
          if (!sum->device)
            g_object_get (GST_MESSAGE_SRC (msg), "device-name", &sum->device,
                NULL);
          add_histogram_message (sum, s);
        }
        break;
      case GST_MESSAGE_ERROR: {
        GError *err;
        gchar *dbg;

        gst_message_parse_error (msg, &err, &dbg);
        g_printerr ("ERROR from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
            err->message, dbg ? dbg : "");
        g_error_free (err);
        g_free (dbg);
        ok = FALSE;
        done = TRUE;
        break;
      }
      case GST_MESSAGE_EOS:
        done = TRUE;
        break;
      default:
        break;
    }
    gst_message_unref (msg);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  return ok;
}

static GstElement *
parse (const gchar *desc)
{
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &err);

  if (!pipeline || err) {
    g_printerr ("could not build pipeline: %s\n%s\n", err ? err->message : "?",
        desc);
    exit (1);
  }
  return pipeline;
}

static void
print_bars (const gchar *title, const guint64 *bins)
{
  guint64 total = 0;

  for (guint i = 0; i < SUMMARY_BINS; i++)
    total += bins[i];
  g_print ("%s\n", title);
  for (guint i = 0; i < SUMMARY_BINS && total; i++) {
    const gdouble pct = 100.0 * bins[i] / total;
    gchar *bar = g_strnfill ((gsize)(pct * 0.6 + 0.5), '#');

    g_print ("  %3u-%3u %5.1f%% %s\n", i * 256 / SUMMARY_BINS,
        (i + 1) * 256 / SUMMARY_BINS - 1, pct, bar);
    g_free (bar);
  }
}

int
main (int argc, char **argv)
{
  const gchar *clip, *out;
  gchar *desc;
  GstElement *pipeline, *eq;
  GstPad *pad;
  Summary sum = { 0 };
  gint64 t0;
  gdouble seconds;
  gboolean have_sobel;

  gst_init (&argc, &argv);
  if (argc != 3) {
    g_printerr ("usage: %s CLIP OUTDIR\n", argv[0]);
    return 2;
  }
  clip = argv[1];
  out = argv[2];
  {
    GstElementFactory *f = gst_element_factory_find ("clsobel");

    have_sobel = f != NULL;
    gst_clear_object (&f);
  }

  /* Original | equalized | equalized + Sobel, and each on its own. */
  desc = g_strdup_printf (
      "filesrc location=\"%s\" ! qtdemux ! jpegdec ! "
      "videoconvert ! video/x-raw,format=GRAY8 ! tee name=src "
      "compositor name=mix sink_1::xpos=%d sink_2::xpos=%d ! videoconvert ! "
      "jpegenc ! avimux ! filesink location=\"%s/diver-compare.avi\" "
      "src. ! queue ! videoconvert ! mix.sink_0 "
      "src. ! queue ! clhistequalize name=eq ! tee name=eqt "
      "eqt. ! queue ! videoconvert ! mix.sink_1 "
      "eqt. ! queue ! jpegenc ! avimux ! "
      "filesink location=\"%s/diver-clhistequalize.avi\" %s",
      clip, 640, have_sobel ? 1280 : 640, out, out,
      have_sobel ? "eqt. ! queue ! clsobel ! tee name=sob "
                   "sob. ! queue ! videoconvert ! mix.sink_2 "
                   "sob. ! queue ! jpegenc ! avimux ! filesink location="
                 : "");
  if (have_sobel) {
    gchar *full = g_strdup_printf ("%s\"%s/diver-clsobel.avi\"", desc, out);

    g_free (desc);
    desc = full;
  }
  pipeline = parse (desc);
  g_free (desc);
  eq = gst_bin_get_by_name (GST_BIN (pipeline), "eq");
  pad = gst_element_get_static_pad (eq, "src");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_output, &sum, NULL);
  gst_object_unref (pad);

  t0 = g_get_monotonic_time ();
  if (!run (pipeline, &sum))
    return 1;
  seconds = (g_get_monotonic_time () - t0) / 1e6;
  gst_object_unref (eq);
  gst_object_unref (pipeline);

  /* Stills from STILL_AT on: one frame each, then EOS. */
  desc = g_strdup_printf (
      "filesrc location=\"%s\" ! qtdemux ! jpegdec ! "
      "videoconvert ! video/x-raw,format=GRAY8 ! identity name=gate ! "
      "tee name=src src. ! queue ! pngenc snapshot=true ! "
      "filesink location=\"%s/diver-original.png\" "
      "src. ! queue ! clhistequalize post-messages=false ! tee name=eqt "
      "eqt. ! queue ! pngenc snapshot=true ! "
      "filesink location=\"%s/diver-clhistequalize.png\" %s%s%s%s",
      clip, out, out,
      have_sobel ? "eqt. ! queue ! clsobel ! "
                   "pngenc snapshot=true ! filesink location=\""
                 : "",
      have_sobel ? out : "", have_sobel ? "/diver-clsobel.png" : "",
      have_sobel ? "\"" : "");
  pipeline = parse (desc);
  g_free (desc);
  eq = gst_bin_get_by_name (GST_BIN (pipeline), "gate");
  pad = gst_element_get_static_pad (eq, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, drop_before_still, NULL,
      NULL);
  gst_object_unref (pad);
  gst_object_unref (eq);
  if (!run (pipeline, NULL))
    return 1;
  gst_object_unref (pipeline);

  g_print ("\n%s: %u frames through clhistequalize%s on \"%s\" in %.1f s "
           "(%.0f fps, with decoding and encoding)\n",
      clip, sum.frames, have_sobel ? " and clsobel" : "",
      sum.device ? sum.device : "?", seconds, sum.frames / seconds);

  if (sum.frames) {
    g_print ("input: mean brightness %.1f (per frame %.1f..%.1f), stddev "
             "%.1f, values %u..%u\n",
        sum.mean_sum / sum.frames, sum.mean_min, sum.mean_max,
        sum.stddev_sum / sum.frames, sum.min, sum.max);
    print_bars ("input histogram, all frames (from the histogram messages):",
        sum.in_bins);
    print_bars ("equalized output histogram, all frames:", sum.out_bins);
  }
  g_print ("\nwritten to %s/: diver-compare.avi (original | equalized%s), "
           "diver-clhistequalize.avi%s, and stills diver-original.png, "
           "diver-clhistequalize.png%s at %u s\n",
      out, have_sobel ? " | Sobel" : "",
      have_sobel ? ", diver-clsobel.avi" : "",
      have_sobel ? ", diver-clsobel.png" : "", (guint)(STILL_AT / GST_SECOND));
  g_free (sum.device);
  return 0;
}
