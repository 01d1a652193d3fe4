/* gst-clfilter demo: the elements on a real clip, in colour.
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
 * Decodes CLIP (any file GStreamer can decode, e.g. diver.mov) with
 * decodebin and sends the decoder's YUV frames, as they are, through
 * clhistequalize (equalizes the luma, leaves the colour alone), clclahe
 * (the same per tile, contrast-limited, OpenCV's CLAHE) and clsobel (edges
 * of the equalized luma, GRAY8). Writes MJPEG AVI files a person can watch and
 * PNG stills (the frame at 6 s, or at the middle of a clip shorter than
 * 12 s) into OUTDIR, named after CLIP, and prints a summary of the histogram
 * messages: an example of reading them from an application. The files are
 * written into a temporary folder in OUTDIR and moved into OUTDIR only when
 * the whole clip went through and none of them is empty: a run that fails
 * exits with status 1 and leaves the files of an earlier run as they were.
 */
#include <gst/gst.h>
#include <gst/video/video.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define SUMMARY_BINS 16
/* The stills' time, or the middle of a shorter clip (stream time). */
#define STILL_AT (6 * GST_SECOND)

/* The streams shown side by side, in this order, each also written as a
 * still and (but the original) as an AVI of its own: the tee each is read
 * from, its file names, and the branch that makes it from the tee @from
 * (NULL for the original). A stream whose element the build lacks is left
 * out. The stills' sinks do not wait for preroll (async=false): their
 * first frame comes at the still's time, and the other sinks would wait
 * for it. */
static const struct {
  const gchar *tee, *name, *from, *branch, *label;
} streams[] = {
  { "in", "original", NULL, NULL, "original" },
  { "eqt", "clhistequalize", "in", "clhistequalize name=eq", "equalized" },
  { "clt", "clclahe", "in", "clclahe", "CLAHE" },
  { "sob", "clsobel", "eqt", "clsobel", "Sobel" },
};

typedef struct _Summary Summary;

/* One stream's still: the frame it took and when. */
typedef struct {
  Summary *sum;
  gboolean taken;
  GstClockTime time;
} Still;

struct _Summary {
  guint frames;
  guint64 in_bins[SUMMARY_BINS];
  guint64 out_bins[SUMMARY_BINS];
  gdouble mean_sum, stddev_sum, mean_min, mean_max;
  guint min, max;
  gchar *device;
  gchar *format; /* what clhistequalize was given */
  GstElement *mix;
  /* Each stream's place from the left, or -1 where it is left out. */
  gint slot[G_N_ELEMENTS (streams)];
  Still still[G_N_ELEMENTS (streams)];
  /* The stills' time, set by the first still branch to see a frame. */
  GMutex lock;
  GstClockTime still_at;
};

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

/* Counts the equalized luma on the CPU, to show what the element did. */
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
    const GstVideoFormatInfo *f = vinfo.finfo;
    /* The most significant byte of Y, wherever the format keeps it. */
    const guint8 *y0 = (const guint8 *)GST_VIDEO_FRAME_COMP_DATA (&frame, 0) +
                       (GST_VIDEO_FORMAT_INFO_IS_LE (f) &&
                           GST_VIDEO_FORMAT_INFO_DEPTH (f, 0) > 8);
    const gint stride = GST_VIDEO_FRAME_COMP_STRIDE (&frame, 0);
    const gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, 0);

    for (gint y = 0; y < GST_VIDEO_FRAME_HEIGHT (&frame); y++)
      for (gint x = 0; x < GST_VIDEO_FRAME_WIDTH (&frame); x++)
        sum->out_bins[y0[y * stride + x * pstride] * SUMMARY_BINS / 256]++;
    gst_video_frame_unmap (&frame);
  }
  gst_clear_caps (&caps);
  return GST_PAD_PROBE_OK;
}

/* On the first tee's sink pad, so before any branch has caps: places the
 * streams side by side for the clip's width, and notes the format that
 * clhistequalize gets. */
static GstPadProbeReturn
on_caps (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  Summary *sum = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps;
  GstVideoInfo vinfo;
  const gchar *range = "";

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  if (!gst_video_info_from_caps (&vinfo, caps))
    return GST_PAD_PROBE_OK;
  for (guint i = 1; i < G_N_ELEMENTS (streams); i++) {
    gchar *name = g_strdup_printf ("sink_%u", i);
    GstPad *mixpad = gst_element_get_static_pad (sum->mix, name);

    if (mixpad && sum->slot[i] >= 0)
      g_object_set (mixpad, "xpos",
          sum->slot[i] * GST_VIDEO_INFO_WIDTH (&vinfo), NULL);
    gst_clear_object (&mixpad);
    g_free (name);
  }
  if (GST_VIDEO_INFO_IS_YUV (&vinfo))
    range = vinfo.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255
                ? " full range"
                : " limited range";
  g_free (sum->format);
  sum->format = g_strdup_printf ("%s %dx%d%s", GST_VIDEO_INFO_NAME (&vinfo),
      GST_VIDEO_INFO_WIDTH (&vinfo), GST_VIDEO_INFO_HEIGHT (&vinfo), range);
  return GST_PAD_PROBE_OK;
}

/* STILL_AT, or the middle of a clip shorter than twice that (asked once,
 * upstream, of the demuxer); STILL_AT where the duration is unknown. */
static GstClockTime
still_time (Summary *sum, GstPad *pad)
{
  GstClockTime at;

  g_mutex_lock (&sum->lock);
  if (!GST_CLOCK_TIME_IS_VALID (sum->still_at)) {
    gint64 duration = -1;

    sum->still_at = STILL_AT;
    if (gst_pad_peer_query_duration (pad, GST_FORMAT_TIME, &duration) &&
        duration > 0)
      sum->still_at = MIN (STILL_AT, (GstClockTime)duration / 2);
  }
  at = sum->still_at;
  g_mutex_unlock (&sum->lock);
  return at;
}

/* A buffer's time in the clip, whatever its timestamps start at. */
static GstClockTime
stream_time (GstPad *pad, GstBuffer *buf)
{
  GstEvent *event = gst_pad_get_sticky_event (pad, GST_EVENT_SEGMENT, 0);
  GstClockTime t = GST_BUFFER_PTS (buf);

  if (event) {
    const GstSegment *segment;

    gst_event_parse_segment (event, &segment);
    if (segment->format == GST_FORMAT_TIME)
      t = gst_segment_to_stream_time (segment, GST_FORMAT_TIME, t);
    gst_event_unref (event);
  }
  return t;
}

/* Lets one frame through, the first at the still's time or later: a still.
 * (pngenc snapshot=true would end the stream after it, and with it the
 * clip.) */
static GstPadProbeReturn
pass_still (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  Still *still = user_data;
  GstClockTime t;

  if (still->taken)
    return GST_PAD_PROBE_DROP;
  t = stream_time (pad, GST_PAD_PROBE_INFO_BUFFER (info));
  if (!GST_CLOCK_TIME_IS_VALID (t) || t < still_time (still->sum, pad))
    return GST_PAD_PROBE_DROP;
  still->taken = TRUE;
  still->time = t;
  return GST_PAD_PROBE_OK;
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
        if (gst_structure_has_name (s, "histogram")) {
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

static void
probe (GstElement *pipeline, const gchar *element, const gchar *pad,
    GstPadProbeType type, GstPadProbeCallback cb, gpointer data)
{
  GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), element);
  GstPad *p = gst_element_get_static_pad (e, pad);

  gst_pad_add_probe (p, type, cb, data, NULL);
  gst_object_unref (p);
  gst_object_unref (e);
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

/* Removes the folder @dir and the files in it. */
static void
remove_folder (const gchar *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const gchar *name;

  while (d && (name = g_dir_read_name (d))) {
    gchar *path = g_build_filename (dir, name, NULL);

    g_unlink (path);
    g_free (path);
  }
  if (d)
    g_dir_close (d);
  g_rmdir (dir);
}

/* Checks that each of @files in @tmp is there and not empty; if so, moves
 * them all into @outdir, over those of an earlier run (@moved: whether any
 * was). */
static gboolean
move_files (const gchar *tmp, const gchar *outdir, GPtrArray *files,
    gboolean *moved)
{
  gboolean ok = TRUE;

  for (guint i = 0; i < files->len; i++) {
    gchar *path = g_build_filename (tmp, files->pdata[i], NULL);
    GStatBuf st;

    if (g_stat (path, &st) != 0 || st.st_size == 0) {
      g_printerr ("error: %s came out empty\n", (gchar *)files->pdata[i]);
      ok = FALSE;
    }
    g_free (path);
  }
  for (guint i = 0; ok && i < files->len; i++) {
    gchar *from = g_build_filename (tmp, files->pdata[i], NULL);
    gchar *to = g_build_filename (outdir, files->pdata[i], NULL);

    if (g_rename (from, to) != 0) {
      g_printerr ("error: could not move %s to %s: %s\n", from, to,
          g_strerror (errno));
      ok = FALSE;
    } else {
      *moved = TRUE;
    }
    g_free (from);
    g_free (to);
  }
  return ok;
}

int
main (int argc, char **argv)
{
  const gchar *clip, *outdir;
  gchar *prefix, *base, *dot, *tmp;
  GString *desc, *written;
  GPtrArray *files;
  GstElement *pipeline;
  GError *err = NULL;
  Summary sum = { 0 };
  GString *elements;
  gint64 t0;
  gdouble seconds;
  guint n_slots = 0;
  gboolean ok, moved = FALSE;

  gst_init (&argc, &argv);
  if (argc != 3) {
    g_printerr ("usage: %s CLIP OUTDIR\n", argv[0]);
    return 2;
  }
  clip = argv[1];
  outdir = argv[2];
  g_mutex_init (&sum.lock);
  sum.still_at = GST_CLOCK_TIME_NONE;
  /* The files are written into a folder of their own in OUTDIR, and moved
   * into OUTDIR once they are all there: a run that fails leaves an earlier
   * run's files as they were. */
  if (g_mkdir_with_parents (outdir, 0755) != 0) {
    g_printerr ("error: could not make %s: %s\n", outdir, g_strerror (errno));
    return 1;
  }
  tmp = g_build_filename (outdir, ".clfilter-demo-XXXXXX", NULL);
  if (!g_mkdtemp (tmp)) {
    g_printerr ("error: could not make %s: %s\n", tmp, g_strerror (errno));
    return 1;
  }
  /* OUTDIR/diver-compare.avi etc. for diver.mov */
  base = g_path_get_basename (clip);
  dot = strrchr (base, '.');
  if (dot && dot != base)
    *dot = '\0';
  prefix = g_build_filename (tmp, base, NULL);
  files = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (streams); i++) {
    GstElementFactory *f = streams[i].from
                               ? gst_element_factory_find (streams[i].name)
                               : NULL;

    sum.slot[i] = !streams[i].from || f ? (gint)n_slots++ : -1;
    sum.still[i].sum = &sum;
    gst_clear_object (&f);
  }

  /* videoconvert passes the decoder's frames through untouched when the
   * elements take their format (jpegdec's I420 here); it converts only the
   * others (10-bit, RGB, ...). */
  desc = g_string_new (NULL);
  g_string_append_printf (desc,
      "filesrc location=\"%s\" ! decodebin ! videoconvert ! tee name=in "
      "compositor name=mix ! videoconvert ! jpegenc ! avimux ! "
      "filesink location=\"%s-compare.avi\" ",
      clip, prefix);
  g_ptr_array_add (files, g_strdup_printf ("%s-compare.avi", base));
  written = g_string_new (NULL);
  elements = g_string_new (NULL);
  g_string_append_printf (written, "%s (", (gchar *)files->pdata[0]);
  for (guint i = 0; i < G_N_ELEMENTS (streams); i++) {
    if (sum.slot[i] < 0)
      continue;
    g_string_append_printf (written, "%s%s", i ? " | " : "", streams[i].label);
    if (!streams[i].from)
      continue;
    g_string_append_printf (desc, "%s. ! queue ! %s ! tee name=%s ",
        streams[i].from, streams[i].branch, streams[i].tee);
    g_string_append_printf (elements, "%s%s", elements->len ? ", " : "",
        streams[i].name);
  }
  g_string_append (written, ")");
  for (guint i = 0; i < G_N_ELEMENTS (streams); i++) {
    const gchar *t = streams[i].tee, *name = streams[i].name;

    if (sum.slot[i] < 0)
      continue;

    g_string_append_printf (desc,
        "%s. ! queue ! videoconvert ! mix.sink_%u "
        "%s. ! queue ! identity name=still%u ! videoconvert ! "
        "pngenc ! filesink async=false location=\"%s-%s.png\" ",
        t, i, t, i, prefix, name);
    g_ptr_array_add (files, g_strdup_printf ("%s-%s.png", base, name));
    if (i > 0) {
      g_string_append_printf (desc,
          "%s. ! queue ! videoconvert ! jpegenc ! avimux ! "
          "filesink location=\"%s-%s.avi\" ",
          t, prefix, name);
      g_ptr_array_add (files, g_strdup_printf ("%s-%s.avi", base, name));
    }
  }
  for (guint i = 1; i < files->len; i++)
    g_string_append_printf (written, ", %s", (gchar *)files->pdata[i]);
  pipeline = gst_parse_launch (desc->str, &err);
  if (!pipeline || err) {
    g_printerr ("could not build pipeline: %s\n%s\n", err ? err->message : "?",
        desc->str);
    remove_folder (tmp);
    return 1;
  }
  g_string_free (desc, TRUE);

  sum.mix = gst_bin_get_by_name (GST_BIN (pipeline), "mix");
  probe (pipeline, "in", "sink", GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, on_caps,
      &sum);
  probe (pipeline, "eq", "src", GST_PAD_PROBE_TYPE_BUFFER, count_output, &sum);
  for (guint i = 0; i < G_N_ELEMENTS (streams); i++) {
    gchar *name;

    if (sum.slot[i] < 0)
      continue;
    name = g_strdup_printf ("still%u", i);
    probe (pipeline, name, "sink", GST_PAD_PROBE_TYPE_BUFFER, pass_still,
        &sum.still[i]);
    g_free (name);
  }

  t0 = g_get_monotonic_time ();
  ok = run (pipeline, &sum);
  seconds = (g_get_monotonic_time () - t0) / 1e6;
  gst_object_unref (sum.mix);
  gst_object_unref (pipeline);

  if (ok) {
    g_print ("\n%s: %u frames of %s through %s on \"%s\" in %.1f s (%.0f "
             "fps, with decoding and encoding)\n",
        clip, sum.frames, sum.format ? sum.format : "?", elements->str,
        sum.device ? sum.device : "?", seconds, sum.frames / seconds);
    if (sum.frames) {
      g_print ("input luma: mean %.1f (per frame %.1f..%.1f), stddev %.1f, "
               "values %u..%u\n",
          sum.mean_sum / sum.frames, sum.mean_min, sum.mean_max,
          sum.stddev_sum / sum.frames, sum.min, sum.max);
      print_bars ("input histogram, all frames (from the histogram messages):",
          sum.in_bins);
      print_bars ("equalized output histogram, all frames:", sum.out_bins);
    }
    for (guint i = 0; i < G_N_ELEMENTS (streams); i++)
      if (sum.slot[i] >= 0 && !sum.still[i].taken) {
        g_printerr ("error: no frame at %.2f s or later for the %s still\n",
            (gdouble)sum.still_at / GST_SECOND, streams[i].name);
        ok = FALSE;
      }
    ok = move_files (tmp, outdir, files, &moved) && ok;
  }
  if (ok) {
    g_print ("\nwritten into %s (stills at %.2f s): %s\n", outdir,
        (gdouble)sum.still[0].time / GST_SECOND, written->str);
  } else if (!moved) {
    g_printerr ("clfilter-demo: failed on %s; nothing was moved into %s, "
                "where the files of an earlier run are left as they were\n",
        clip, outdir);
  } else {
    g_printerr ("clfilter-demo: failed on %s while moving the files into "
                "%s\n",
        clip, outdir);
  }
  remove_folder (tmp);
  g_string_free (elements, TRUE);
  g_string_free (written, TRUE);
  g_ptr_array_unref (files);
  g_free (tmp);
  g_free (prefix);
  g_free (base);
  g_free (sum.device);
  g_free (sum.format);
  g_mutex_clear (&sum.lock);
  return ok ? 0 : 1;
}
