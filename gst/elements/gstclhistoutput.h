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
#ifndef __GST_CL_HIST_OUTPUT_H__
#define __GST_CL_HIST_OUTPUT_H__

#include "gstclfilter.h"
#include "gstclhistmeasure.h"
#include "gstclhistresults.h"

G_BEGIN_DECLS

/* The GstCustomMeta that carries a frame's `histogram` fields on its
 * buffer (#GstClHistogram:attach-meta). */
#define GST_CL_HISTOGRAM_META_NAME "GstClHistogramMeta"

/* The properties every element that posts histograms has, in this order:
 * post-messages, message-bins and attach-meta; the element keeps them under
 * its object lock. */
typedef struct {
  gboolean post_messages;
  guint message_bins;
  gboolean attach_meta;
} GstClHistOutputSettings;

/* Their defaults: messages posted where @post (clclahe's are off, as its
 * whole-frame histogram is work it does not otherwise do), 256 bins, no
 * meta. */
void gst_cl_hist_output_settings_init (GstClHistOutputSettings *s,
    gboolean post);
/* Installs them as @first_id and the two ids after it, with @post the
 * default of post-messages. */
void gst_cl_hist_output_install_properties (GObjectClass *gobject_class,
    guint first_id, gboolean post);
/* From the element's set_property and get_property, under its object lock:
 * FALSE where @prop_id is none of them. */
gboolean gst_cl_hist_output_set_property (GstClFilter *filter,
    GstClHistOutputSettings *s, guint first_id, guint prop_id,
    const GValue *value);
gboolean gst_cl_hist_output_get_property (const GstClHistOutputSettings *s,
    guint first_id, guint prop_id, GValue *value);

/* Registers GstClHistogramMeta the first time. */
const GstMetaInfo *gst_cl_histogram_meta_get_info (void);

/* The `histogram` fields of the frame in @buf from the read-back of its
 * @n channels' results @r (gst_cl_filter_channels()), with the element's
 * segment's times. An element may add its own fields before publishing. */
GstStructure *gst_cl_hist_output_channel_fields (GstClFilter *filter,
    GstClHistResults **r, guint n, GstBuffer *buf, const GstVideoInfo *info,
    guint num_bins);
/* One channel's fields @s[0] when @n is 1; of R, G and B's (@n 3), one
 * structure with the fields they share and each one's own fields under
 * its name: `red-bins`, `green-min`, ... Takes the structures. */
GstStructure *gst_cl_hist_output_merge_channels (GstStructure **s, guint n);

/* A GstClHistMeasure for frames of @info on @filter's device; NULL after
 * posting the element's error. */
GstClHistMeasure *gst_cl_hist_output_new_measure (GstClFilter *filter,
    const GstVideoInfo *info);
/* What @m measured of the frame in @buf, with its region, as the
 * `histogram` fields (gst_cl_hist_measure_take()), or NULL. */
GstStructure *gst_cl_hist_output_take (GstClFilter *filter, GstClHistMeasure *m,
    GstBuffer *buf, const GstVideoInfo *info);
/* The same of @n measures of the frame's channels, merged as
 * gst_cl_hist_output_merge_channels() does; NULL unless all have fields. */
GstStructure *gst_cl_hist_output_take_channels (GstClFilter *filter,
    GstClHistMeasure **m, guint n, GstBuffer *buf, const GstVideoInfo *info);

/* The `message-bins` property's value for a @requested count: rounded down
 * to a power of two, with a warning in @filter's category saying what it
 * used. */
guint gst_cl_hist_output_message_bins (GstClFilter *filter, guint requested);

/* Adds the region of the frame the histogram covers, as the `roi-x`,
 * `roi-y`, `roi-width` and `roi-height` fields. */
void gst_cl_hist_output_set_region (GstStructure *s, guint x, guint y,
    guint width, guint height);

/* Posts @s as the element's message when @post, and puts its fields in a
 * GstClHistogramMeta on @outbuf (writable) unless NULL, replacing one
 * there; takes @s. Call without the object lock. */
void gst_cl_hist_output_publish (GstClFilter *filter, GstStructure *s,
    gboolean post, GstBuffer *outbuf);

G_END_DECLS
#endif /* __GST_CL_HIST_OUTPUT_H__ */
