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
#ifndef __GST_CL_HIST_MESSAGE_H__
#define __GST_CL_HIST_MESSAGE_H__

#include "gstclfilter.h"

G_BEGIN_DECLS

/* The GstCustomMeta that carries a frame's `histogram` fields on its
 * buffer (#GstClHistogram:attach-meta). */
#define GST_CL_HISTOGRAM_META_NAME "GstClHistogramMeta"

/* Registers GstClHistogramMeta the first time. */
const GstMetaInfo *gst_cl_histogram_meta_get_info (void);

/* Completes @summary (GST_CL_SUMMARY_HEAD words, then the bins) from the
 * statistics of @n_blocks blocks of bins, 8 words each, that the table
 * kernels write where no one work-item sees the whole histogram: the head
 * always, and the bins where the message has fewer bins than there are
 * blocks. */
void gst_cl_histogram_fold_block_stats (guint32 *summary, const guint32 *stats,
    guint n_blocks, guint num_bins);

/* What a frame's histogram kernels leave for its message on the device:
 * the summary (GST_CL_SUMMARY_HEAD words, then the bins) and, where no
 * one work-item sees the whole histogram, the statistics of @stat_blocks
 * blocks of bins, 8 words each; and the pinned host memory
 * (gst_cl_base_filter_alloc_host()) they are read back into. */
typedef struct {
  cl_mem summary;
  cl_mem stats;
  guint stat_blocks;
  guint32 *host_summary;
  guint32 *host_stats;
  GstMemory *host_summary_mem;
  GstMemory *host_stats_mem;
} GstClHistResults;

/* Allocates @r's buffers for @nbins bins and @stat_blocks blocks (0 for
 * none); posts the element's error and returns FALSE on failure, after
 * which gst_cl_hist_results_clear() still frees what was allocated. */
gboolean gst_cl_hist_results_alloc (GstClHistResults *r,
    GstClBaseFilter *filter, guint nbins, guint stat_blocks);
void gst_cl_hist_results_clear (GstClHistResults *r);
/* Queues the read-back of the summary with @num_bins bins and of the
 * statistics, without a wait. */
cl_int gst_cl_hist_results_read (GstClHistResults *r, GstClContext *cl,
    guint num_bins);
/* Once the read-back is done: the `histogram` message's fields for the
 * frame in @buf (gst_cl_histogram_new()), the statistics folded in. */
GstStructure *gst_cl_hist_results_message (GstClHistResults *r,
    GstClFilter *filter, GstBuffer *buf, const GstVideoInfo *info,
    guint num_bins);

/* The fields of the `histogram` message for the frame in @buf, from the
 * kernels' @summary of it with @num_bins bins (see docs/clhistogram.md).
 * An element may add its own fields before publishing. */
GstStructure *gst_cl_histogram_new (GstClFilter *filter, GstBuffer *buf,
    const GstVideoInfo *info, const guint32 *summary, guint num_bins);

/* The largest power of two at most @v (and at most 65536, the most bins a
 * histogram has), 1 for 0. */
guint gst_cl_histogram_floor_pow2 (guint64 v);

/* The `message-bins` property's value for a @requested count: rounded down
 * to a power of two, with a warning in @filter's category saying what it
 * used. */
guint gst_cl_histogram_message_bins (GstClFilter *filter, guint requested);

/* Adds the region of the frame the histogram covers, as the `roi-x`,
 * `roi-y`, `roi-width` and `roi-height` fields. */
void gst_cl_histogram_set_region (GstStructure *s, guint x, guint y,
    guint width, guint height);

/* Posts @s as the element's message when @post, and puts its fields in a
 * GstClHistogramMeta on @outbuf (writable) unless NULL, replacing one
 * there; takes @s. Call without the object lock. */
void gst_cl_histogram_publish (GstClFilter *filter, GstStructure *s,
    gboolean post, GstBuffer *outbuf);

G_END_DECLS
#endif /* __GST_CL_HIST_MESSAGE_H__ */
