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
#ifndef __GST_CL_FILTER_CAPS_H__
#define __GST_CL_FILTER_CAPS_H__

#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* The formats of @trans's pad template on @direction's side, each once.
 */
GPtrArray *gst_cl_filter_template_formats (GstBaseTransform *trans,
    GstPadDirection direction);

/* Whether an element turns frames of @in into frames of @out
 * (GstClFilterClass's converts()). */
typedef gboolean (*GstClConvertsFunc) (GstVideoFormat in, GstVideoFormat out);

/* GstBaseTransform's transform_caps for a GstClFilter: each structure's
 * formats become those the element makes of them (or makes them from) by
 * @converts, in either memory where the element @writes frames. */
GstCaps *gst_cl_filter_caps_transform (GstBaseTransform *trans,
    GstClConvertsFunc converts, gboolean writes, GstPadDirection direction,
    GstCaps *caps, GstCaps *filter);

/* Orders the answer to a caps query on the sink pad as upstream prefers:
 * its formats in the order of the query's filter (upstream's own), not in
 * the order downstream's answer gave them, which GstBaseTransform puts
 * first; and, given the choice, frames on the device before those in
 * system memory where the element @writes frames (else as downstream
 * prefers), upstream preferring neither. */
void gst_cl_filter_caps_order_sink_query (GstBaseTransform *trans,
    gboolean writes, GstQuery *query);

G_END_DECLS
#endif /* __GST_CL_FILTER_CAPS_H__ */
