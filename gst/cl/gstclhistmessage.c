/* gst-clfilter
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
 * The `histogram` message and GstClHistogramMeta, one helper for every
 * element that measures histograms; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistmessage.h"
#include "kernels/clshared.h"

#include <math.h>
#include <string.h>

const GstMetaInfo *
gst_cl_histogram_meta_get_info (void)
{
  static const GstMetaInfo *info;

  if (g_once_init_enter (&info)) {
    /* No tags: the histogram describes the picture's content, which
     * elements that keep only such metas (videoconvert, GstVideoFilter's
     * defaults) keep, and the default transform copies the structure. */
    const gchar *tags[] = { NULL };
    const GstMetaInfo *registered =
        gst_meta_register_custom (GST_CL_HISTOGRAM_META_NAME, tags, NULL, NULL,
            NULL);

    g_once_init_leave (&info, registered);
  }
  return info;
}

static guint64
summary_u64 (const guint32 *w)
{
  return w[0] | ((guint64)w[1] << 32);
}

static void
store_u64 (guint32 *w, guint64 v)
{
  w[0] = (guint32)v;
  w[1] = (guint32)(v >> 32);
}

void
gst_cl_histogram_fold_block_stats (guint32 *summary, const guint32 *stats,
    guint n_blocks, guint num_bins)
{
  const guint32 *st = stats;
  guint64 sum = 0, sum2 = 0;
  guint first = G_MAXUINT16 + 1, last = 0;

  for (guint b = 0; b < n_blocks; b++, st += 8) {
    if (st[0]) {
      first = MIN (first, st[1]);
      last = st[2];
    }
    sum += summary_u64 (st + 4);
    sum2 += summary_u64 (st + 6);
  }
  summary[0] = first;
  summary[1] = last;
  store_u64 (summary + 2, sum);
  store_u64 (summary + 4, sum2);
  if (num_bins < n_blocks) {
    const guint per = n_blocks / num_bins;

    for (guint i = 0; i < num_bins; i++) {
      summary[GST_CL_SUMMARY_HEAD + i] = 0;
      for (guint b = i * per; b < (i + 1) * per; b++)
        summary[GST_CL_SUMMARY_HEAD + i] += stats[b * 8];
    }
  }
}

GstStructure *
gst_cl_histogram_new (GstClFilter *filter, GstBuffer *buf,
    const GstVideoInfo *info, const guint32 *summary, guint num_bins)
{
  const GstSegment *segment = &GST_BASE_TRANSFORM (filter)->segment;
  const GstClockTime ts = GST_BUFFER_PTS (buf);
  const guint64 sum = summary_u64 (summary + 2);
  const guint64 sum2 = summary_u64 (summary + 4);
  GValue bins = G_VALUE_INIT, v = G_VALUE_INIT;
  guint64 pixels = 0;
  gdouble mean = 0, stddev = 0;
  GstStructure *s;

  /* Sized once, and each bin's value moved in from a copy of one
   * initialised value (a guint64 holds nothing to free): appending copies
   * of a value cost most of the message's time. */
  gst_value_array_init (&bins, num_bins);
  g_value_init (&v, G_TYPE_UINT64);
  for (guint i = 0; i < num_bins; i++) {
    GValue bin = v;

    pixels += summary[GST_CL_SUMMARY_HEAD + i];
    g_value_set_uint64 (&bin, summary[GST_CL_SUMMARY_HEAD + i]);
    gst_value_array_append_and_take_value (&bins, &bin);
  }
  g_value_unset (&v);
  GstClockTime stream_time = GST_CLOCK_TIME_NONE;
  GstClockTime running_time = GST_CLOCK_TIME_NONE;

  /* N * sum(v^2) - sum(v)^2 is exact in 128 bits; only the root rounds. */
  if (pixels) {
    mean = (gdouble)sum / pixels;
    stddev = sqrt ((gdouble)((unsigned __int128)sum2 * pixels -
                             (unsigned __int128)sum * sum)) /
             pixels;
  }

  /* A stream in another format (appsrc's default bytes) has no times to
   * give. */
  if (segment->format == GST_FORMAT_TIME) {
    stream_time = gst_segment_to_stream_time (segment, GST_FORMAT_TIME, ts);
    running_time = gst_segment_to_running_time (segment, GST_FORMAT_TIME, ts);
  }
  s = gst_structure_new ("histogram", "timestamp", G_TYPE_UINT64, ts,
      "stream-time", G_TYPE_UINT64, stream_time, "running-time", G_TYPE_UINT64,
      running_time, "duration", G_TYPE_UINT64, GST_BUFFER_DURATION (buf),
      "format", G_TYPE_STRING, GST_VIDEO_INFO_NAME (info), "num-bins",
      G_TYPE_UINT, num_bins, "pixels", G_TYPE_UINT64, pixels, "min",
      G_TYPE_UINT, summary[0], "max", G_TYPE_UINT, summary[1], "mean",
      G_TYPE_DOUBLE, mean, "stddev", G_TYPE_DOUBLE, stddev, NULL);
  gst_structure_take_value (s, "bins", &bins);
  return s;
}

gboolean
gst_cl_hist_results_alloc (GstClHistResults *r, GstClBaseFilter *filter,
    guint nbins, guint stat_blocks)
{
  const gsize summary_bytes = (GST_CL_SUMMARY_HEAD + nbins) * 4;

  r->stat_blocks = stat_blocks;
  r->summary = gst_cl_base_filter_alloc (filter, summary_bytes);
  if (!r->summary)
    return FALSE;
  r->host_summary_mem = gst_cl_base_filter_alloc_host (filter, summary_bytes,
      (gpointer *)&r->host_summary);
  if (!r->host_summary_mem || !stat_blocks)
    return r->host_summary_mem != NULL;
  r->stats = gst_cl_base_filter_alloc (filter, stat_blocks * 8 * 4);
  if (!r->stats)
    return FALSE;
  r->host_stats_mem = gst_cl_base_filter_alloc_host (filter,
      stat_blocks * 8 * 4, (gpointer *)&r->host_stats);
  return r->host_stats_mem != NULL;
}

void
gst_cl_hist_results_clear (GstClHistResults *r)
{
  if (r->summary)
    clReleaseMemObject (r->summary);
  if (r->stats)
    clReleaseMemObject (r->stats);
  g_clear_pointer (&r->host_summary_mem, gst_memory_unref);
  g_clear_pointer (&r->host_stats_mem, gst_memory_unref);
  memset (r, 0, sizeof (*r));
}

cl_int
gst_cl_hist_results_read (GstClHistResults *r, GstClContext *cl, guint num_bins)
{
  cl_int status = clEnqueueReadBuffer (cl->queue, r->summary, CL_FALSE, 0,
      (GST_CL_SUMMARY_HEAD + num_bins) * 4, r->host_summary, 0, NULL, NULL);

  if (status == CL_SUCCESS && r->host_stats)
    status = clEnqueueReadBuffer (cl->queue, r->stats, CL_FALSE, 0,
        r->stat_blocks * 8 * 4, r->host_stats, 0, NULL, NULL);
  return status;
}

GstStructure *
gst_cl_hist_results_message (GstClHistResults *r, GstClFilter *filter,
    GstBuffer *buf, const GstVideoInfo *info, guint num_bins)
{
  if (r->host_stats)
    gst_cl_histogram_fold_block_stats (r->host_summary, r->host_stats,
        r->stat_blocks, num_bins);
  return gst_cl_histogram_new (filter, buf, info, r->host_summary, num_bins);
}

/* GRAY16's: the most bins a histogram has. */
#define MAX_BINS 65536

guint
gst_cl_histogram_floor_pow2 (guint64 v)
{
  guint p = 1;

  while ((guint64)p * 2 <= v && p < MAX_BINS)
    p *= 2;
  return p;
}

guint
gst_cl_histogram_message_bins (GstClFilter *filter, guint requested)
{
  const guint bins = gst_cl_histogram_floor_pow2 (requested);

  /* In the element's category, where its users look. */
  if (bins != requested)
    GST_CAT_WARNING_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (filter)
                                ->debug_category,
        filter, "message-bins %u is not a power of two, using %u", requested,
        bins);
  return bins;
}

void
gst_cl_histogram_set_region (GstStructure *s, guint x, guint y, guint width,
    guint height)
{
  gst_structure_set (s, "roi-x", G_TYPE_UINT, x, "roi-y", G_TYPE_UINT, y,
      "roi-width", G_TYPE_UINT, width, "roi-height", G_TYPE_UINT, height, NULL);
}

static gboolean
copy_field (GQuark field, const GValue *value, gpointer dest)
{
  gst_structure_id_set_value (dest, field, value);
  return TRUE;
}

/* Hands the field's value to @dest and leaves a placeholder that holds
 * nothing: copying the bins, one GValue each, and freeing them twice cost
 * more than building them. */
static gboolean
move_field (GQuark field, GValue *value, gpointer dest)
{
  GValue moved = *value;

  memset (value, 0, sizeof (*value));
  g_value_init (value, G_TYPE_BOOLEAN);
  gst_structure_id_take_value (dest, field, &moved);
  return TRUE;
}

/* Replaces any GstClHistogramMeta on @buf with @s's fields (an element
 * further down the pipeline describes the frame as it leaves that
 * element), moved out of @s where it is not needed after. */
static void
attach_meta (GstBuffer *buf, GstStructure *s, gboolean keep)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
      GST_CL_HISTOGRAM_META_NAME);
  GstStructure *dest;

  if (meta)
    gst_buffer_remove_meta (buf, (GstMeta *)meta);
  meta = gst_buffer_add_custom_meta (buf, GST_CL_HISTOGRAM_META_NAME);
  dest = gst_custom_meta_get_structure (meta);
  if (keep)
    gst_structure_foreach (s, copy_field, dest);
  else
    gst_structure_map_in_place (s, move_field, dest);
}

void
gst_cl_histogram_publish (GstClFilter *filter, GstStructure *s, gboolean post,
    GstBuffer *outbuf)
{
  guint64 pixels = 0;
  guint min = 0, max = 0;
  gdouble mean = 0;

  gst_structure_get (s, "pixels", G_TYPE_UINT64, &pixels, "min", G_TYPE_UINT,
      &min, "max", G_TYPE_UINT, &max, "mean", G_TYPE_DOUBLE, &mean, NULL);
  /* In the element's category, with its per-frame lines. */
  GST_CAT_LOG_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (filter)->debug_category,
      filter,
      "histogram of %" G_GUINT64_FORMAT " pixels, %u..%u, mean %.3f%s%s",
      pixels, min, max, mean, post ? ", posted" : "",
      outbuf ? ", on the buffer" : "");
  if (outbuf)
    attach_meta (outbuf, s, post);
  if (post)
    gst_element_post_message (GST_ELEMENT (filter),
        gst_message_new_element (GST_OBJECT (filter), s));
  else
    gst_structure_free (s);
}
