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
#ifndef __GST_CL_HOST_COPY_H__
#define __GST_CL_HOST_COPY_H__

#include <gst/video/video.h>

G_BEGIN_DECLS

/* Copies plane @plane of @src to @dest as gst_video_frame_copy_plane()
 * does, in bands of rows on a few threads where the plane is large: one
 * thread's memcpy of a 4K frame's chroma takes longer than a GPU's upload
 * and download of its luma, beside which it runs. */
gboolean gst_cl_host_copy_plane (GstVideoFrame *dest, const GstVideoFrame *src,
    guint plane);

G_END_DECLS
#endif /* __GST_CL_HOST_COPY_H__ */
