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
#ifndef __GST_CL_CONTEXT_SHARE_H__
#define __GST_CL_CONTEXT_SHARE_H__

#include "gstclcontext.h"

G_BEGIN_DECLS

/* GstContext sharing, as GStreamer's CUDA and GL libraries do it. */
gboolean gst_cl_ensure_element_context (GstElement *element,
    const GstClDeviceId *want, GstClContext **ctx, GError **error);
gboolean gst_cl_handle_set_context (GstElement *element, GstContext *context,
    const GstClDeviceId *want, gboolean default_device, GstClContext **ctx);
gboolean gst_cl_handle_context_query (GstElement *element, GstQuery *query,
    GstClContext *ctx);
GstContext *gst_context_new_cl_context (GstClContext *ctx);

G_END_DECLS
#endif /* __GST_CL_CONTEXT_SHARE_H__ */
