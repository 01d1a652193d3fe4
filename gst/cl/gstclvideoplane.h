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
#ifndef __GST_CL_VIDEO_PLANE_H__
#define __GST_CL_VIDEO_PLANE_H__

#include <gst/video/video.h>

G_BEGIN_DECLS

/* Bytes of a row of plane @plane that its components' samples span: more
 * than the width of one component where several share the plane. Only
 * those: a byte past them, such as UYVY's luma after the last pixel of an
 * odd width, may already be the next row's where the stride is tight. */
gsize gst_cl_video_plane_row_bytes (const GstVideoInfo *info, guint plane);
/* The byte offset of component @c's first sample in its plane. */
guint gst_cl_video_comp_offset (const GstVideoInfo *info, guint c);
/* Rows of plane @plane. */
guint gst_cl_video_plane_height (const GstVideoInfo *info, guint plane);

/* Whether @buf holds the planes of @mask's components of a frame of @info
 * as gst_video_frame_map() will map them; if not, why in @why. */
gboolean gst_cl_video_buffer_fits (GstBuffer *buf, const GstVideoInfo *info,
    guint mask, gchar **why);

G_END_DECLS
#endif /* __GST_CL_VIDEO_PLANE_H__ */
