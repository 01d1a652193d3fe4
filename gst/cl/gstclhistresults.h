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
 */
#ifndef __GST_CL_HIST_RESULTS_H__
#define __GST_CL_HIST_RESULTS_H__

#include <gst/video/video.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

/* What a frame's histogram kernels leave for its message on the device:
 * the summary (GST_CL_SUMMARY_HEAD words, then the bins) and, where no
 * one work-item sees the whole histogram, the statistics of @stat_blocks
 * blocks of bins, 8 words each; and the host memory they are read back
 * into, pinned on GPUs so that a read-back queued behind a frame's work
 * does not hold the host. The kernels count @nbins bins, of which the
 * first @values can be non-empty (1024 of 65536 for 10-bit samples): the
 * message's bins divide those. */
typedef struct {
  cl_mem summary;
  cl_mem stats;
  guint stat_blocks;
  guint nbins;
  guint values;
  guint32 *host_summary;
  guint32 *host_stats;
  GstMemory *host_summary_mem;
  GstMemory *host_stats_mem;
} GstClHistResults;

/* Allocates @r's buffers for @nbins bins, the first @values of them
 * used, and @stat_blocks blocks (0 for none); FALSE and @error (a sentence,
 * then a line of details) on failure, after which gst_cl_hist_results_clear()
 * still frees what was allocated. */
gboolean gst_cl_hist_results_alloc (GstClHistResults *r, GstClContext *cl,
    guint nbins, guint values, guint stat_blocks, GError **error);
void gst_cl_hist_results_clear (GstClHistResults *r);
/* Queues the read-back of the summary with @num_bins bins and of the
 * statistics on @queue, without a wait. */
cl_int gst_cl_hist_results_read (GstClHistResults *r, cl_command_queue queue,
    guint num_bins);
/* Once the read-back is done: the `histogram` message's fields (see
 * docs/clhistogram.md) for the frame in @buf, its times in @segment, with
 * @num_bins bins. */
GstStructure *gst_cl_hist_results_fields (GstClHistResults *r,
    const GstSegment *segment, GstBuffer *buf, const GstVideoInfo *info,
    guint num_bins);

/* The largest power of two at most @v (and at most 65536, the most bins a
 * histogram has), 1 for 0. */
guint gst_cl_hist_floor_pow2 (guint64 v);

G_END_DECLS
#endif /* __GST_CL_HIST_RESULTS_H__ */
