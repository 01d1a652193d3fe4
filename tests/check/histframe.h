/* gst-clfilter tests: frames for clhistogram and their checks
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
 * A frame pushed through clhistogram (or any element that measures a
 * histogram) with the reference histogram of its gray or luma samples,
 * and the checks of what comes out: the frame byte for byte as it came,
 * on the same memory, a message equal field for field and exactly to the
 * one the reference gives, and a GstClHistogramMeta holding the message's
 * fields. For clhistogram.c and elements.c.
 */
#ifndef __HIST_FRAME_H__
#define __HIST_FRAME_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/check/gstharness.h>

#include "cltestutils.h"
#include "colorreference.h"

G_BEGIN_DECLS

#define HIST_META_NAME "GstClHistogramMeta"

/* A frame to push: its buffer, caps and the reference histogram of the
 * region @roi (x, y, width, height; the whole frame unless set). */
typedef struct {
  GstBuffer *buf;
  GstVideoInfo info;
  guint roi[4];
  guint nbins;
  guint64 *hist;
  /* RGB with color-space=rgb: R, G and B's histograms instead, whose
   * fields the message names `red-bins`, `green-min`, ... */
  guint64 *channel_hist[3];
} HistFrame;

void hist_frame_free (HistFrame *f);

/* The gray or luma samples of @buf in @roi, counted through
 * GstVideoFrame. */
guint64 *hist_luma_histogram (GstBuffer *buf, const GstVideoInfo *info,
    const guint *roi, guint *nbins);

/* A gray or YUV TestFrame, with clreference's histogram, which must agree
 * with the luma count. */
HistFrame *hist_frame_from_test_frame (const TestFrame *t);
/* A packed RGB TestFrame, with the reference histogram of its channel
 * @space (or of R, G and B: REF_COLOR_RGB). */
HistFrame *hist_frame_from_rgb (const TestFrame *t, RefColorSpace space);

/* A frame of @format, every byte of every plane random (padding too), rows
 * padded by @pad bytes and each plane @gap bytes after the previous one. */
HistFrame *hist_frame_random (GstVideoFormat format, guint width, guint height,
    guint pad, guint gap, GRand *rand);

/* A harness on @element that attaches the meta and posts on @bus. */
GstHarness *hist_harness_new (const gchar *element, GstBus **bus);
/* Fails if a message is left on @bus. */
void hist_harness_free (GstHarness *h, GstBus *bus);

/* The message's fields from the reference histogram of @f, summed down to
 * @message_bins bins, with the element's formula for the moments. */
void hist_check_fields (const GstStructure *s, const HistFrame *f,
    guint message_bins);
/* The meta on @buf holds exactly the fields of @msg. */
void hist_check_meta_equals_message (GstBuffer *buf, const GstStructure *msg);
/* The next element message on @bus, a "histogram" one. */
GstMessage *hist_pop_message (GstBus *bus);

/* The histogram message on @bus, and the warnings posted before it
 * (gst_bus_pop_filtered() would drop them): how many, and the last one's
 * text in @text. */
GstMessage *hist_pop_message_warned (GstBus *bus, guint *warnings,
    gchar **text);

/* Pushes @f through clhistogram: the same bytes come out on the same
 * memory, with the reference's message and a meta equal to it; with
 * @warnings, the warnings posted before the message are counted there, the
 * last one's text in @text. */
void hist_check_frame (GstHarness *h, GstBus *bus, const HistFrame *f,
    guint message_bins);
void hist_check_frame_warned (GstHarness *h, GstBus *bus, const HistFrame *f,
    guint message_bins, guint *warnings, gchar **text);

G_END_DECLS
#endif
