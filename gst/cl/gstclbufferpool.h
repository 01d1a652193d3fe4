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
#ifndef __GST_CL_BUFFER_POOL_H__
#define __GST_CL_BUFFER_POOL_H__

#include <gst/video/video.h>

#include "gstclmemory.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BUFFER_POOL (gst_cl_buffer_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstClBufferPool, gst_cl_buffer_pool, GST, CL_BUFFER_POOL,
    GstBufferPool)

/* Video frames in device memory of @ctx: each plane a GstMemory of its
 * own, its rows a multiple of GST_CL_POOL_ROW_ALIGN bytes apart, which the
 * GPU kernels take as they are; a GstVideoMeta says where. */
#define GST_CL_POOL_ROW_ALIGN 64
GstBufferPool *gst_cl_buffer_pool_new (GstClContext *ctx);

/* The frame layout of the pool's buffers for @caps: @info's strides and
 * offsets, and its size, the buffers' size. FALSE for caps that are not
 * video. */
gboolean gst_cl_buffer_pool_layout (GstCaps *caps, GstVideoInfo *info);

/* GstBaseTransform's allocation queries for caps with
 * GST_CAPS_FEATURE_MEMORY_CL_BUFFER: a pool of @ctx's for upstream, and
 * one for the element's own output whatever downstream offers. */
gboolean gst_cl_buffer_pool_propose_allocation (GstClContext *ctx,
    GstQuery *query);
gboolean gst_cl_buffer_pool_decide_allocation (GstClContext *ctx,
    GstQuery *query);

G_END_DECLS
#endif /* __GST_CL_BUFFER_POOL_H__ */
