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
 * What a frame's histogram kernels leave on the device, read back into the
 * `histogram` message's fields; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistresults.h"
#include "gstclhostmemory.h"
#include "gstclutils.h"
#include "kernels/clshared.h"

#include <math.h>
#include <string.h>

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

/* A block's statistics cover nbins / n_blocks bins; where a message bin
 * covers more, the kernels left its count to the blocks' sums. */
static void
fold_block_stats (const GstClHistResults *r, guint32 *summary,
    const guint32 *stats, guint num_bins)
{
  const guint n_blocks = r->stat_blocks;
  const guint block_bins = r->nbins / n_blocks;
  const guint bin_values = r->values / num_bins;
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
  if (bin_values > block_bins) {
    const guint per = bin_values / block_bins;

    for (guint i = 0; i < num_bins; i++) {
      summary[GST_CL_SUMMARY_HEAD + i] = 0;
      for (guint b = i * per; b < (i + 1) * per; b++)
        summary[GST_CL_SUMMARY_HEAD + i] += stats[b * 8];
    }
  }
}

static GstStructure *
fields_new (const GstSegment *segment, GstBuffer *buf, const GstVideoInfo *info,
    const guint32 *summary, guint num_bins)
{
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

/* Pinned where the device is a GPU, so that a read-back queued behind a
 * frame's work does not hold the host. */
static GstMemory *
host_alloc (GstClContext *cl, gsize size, guint32 **data, GError **error)
{
  GstMemory *mem = gst_cl_host_memory_alloc (cl, MAX (size, 1),
      (gpointer *)data);

  if (!mem)
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NO_SPACE_LEFT,
        "Could not allocate %" G_GSIZE_FORMAT " bytes of host memory for "
        "\"%s\".\nclCreateBuffer or clEnqueueMapBuffer with "
        "CL_MEM_ALLOC_HOST_PTR failed",
        size, cl->device_name);
  return mem;
}

gboolean
gst_cl_hist_results_alloc (GstClHistResults *r, GstClContext *cl, guint nbins,
    guint values, guint stat_blocks, GError **error)
{
  const gsize summary_bytes = (GST_CL_SUMMARY_HEAD + nbins) * 4;

  r->stat_blocks = stat_blocks;
  r->nbins = nbins;
  r->values = values;
  r->summary = gst_cl_context_alloc (cl, summary_bytes, error);
  if (!r->summary)
    return FALSE;
  r->host_summary_mem = host_alloc (cl, summary_bytes, &r->host_summary, error);
  if (!r->host_summary_mem || !stat_blocks)
    return r->host_summary_mem != NULL;
  r->stats = gst_cl_context_alloc (cl, stat_blocks * 8 * 4, error);
  if (!r->stats)
    return FALSE;
  r->host_stats_mem = host_alloc (cl, stat_blocks * 8 * 4, &r->host_stats,
      error);
  return r->host_stats_mem != NULL;
}

void
gst_cl_hist_results_clear (GstClHistResults *r)
{
  gst_cl_clear_mem (&r->summary);
  gst_cl_clear_mem (&r->stats);
  g_clear_pointer (&r->host_summary_mem, gst_memory_unref);
  g_clear_pointer (&r->host_stats_mem, gst_memory_unref);
  memset (r, 0, sizeof (*r));
}

cl_int
gst_cl_hist_results_read (GstClHistResults *r, cl_command_queue queue,
    guint num_bins)
{
  cl_int status = clEnqueueReadBuffer (queue, r->summary, CL_FALSE, 0,
      (GST_CL_SUMMARY_HEAD + num_bins) * 4, r->host_summary, 0, NULL, NULL);

  if (status == CL_SUCCESS && r->host_stats)
    status = clEnqueueReadBuffer (queue, r->stats, CL_FALSE, 0,
        r->stat_blocks * 8 * 4, r->host_stats, 0, NULL, NULL);
  return status;
}

GstStructure *
gst_cl_hist_results_fields (GstClHistResults *r, const GstSegment *segment,
    GstBuffer *buf, const GstVideoInfo *info, guint num_bins)
{
  if (r->host_stats)
    fold_block_stats (r, r->host_summary, r->host_stats, num_bins);
  return fields_new (segment, buf, info, r->host_summary, num_bins);
}

/* GRAY16's: the most bins a histogram has. */
#define MAX_BINS 65536

guint
gst_cl_hist_floor_pow2 (guint64 v)
{
  guint p = 1;

  while ((guint64)p * 2 <= v && p < MAX_BINS)
    p *= 2;
  return p;
}
