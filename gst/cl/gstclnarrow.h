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
#ifndef __GST_CL_NARROW_H__
#define __GST_CL_NARROW_H__

#include <gst/video/video.h>

#include "gstclcommands.h"

G_BEGIN_DECLS

/* The planes an element leaves alone where its output is the 8-bit
 * sibling of a YUV format of more bits (P010_10LE to NV12, I420_10LE to
 * I420): the same layout in bytes for words, each byte the word's value
 * (word >> @shift, & @mask) shifted down by @down = depth - 8. @planes
 * are those planes, as a mask; @active, whether the caps narrow at all.
 * Device staging copies come as the frames need them. */
typedef struct {
  gboolean active;
  guint planes;
  guint shift;
  guint mask;
  guint down;
  cl_kernel kernel;
  cl_mem in_staging[GST_VIDEO_MAX_PLANES];
  cl_mem out_staging[GST_VIDEO_MAX_PLANES];
  gsize in_pitch[GST_VIDEO_MAX_PLANES];
  gsize out_pitch[GST_VIDEO_MAX_PLANES];
  gsize row_bytes[GST_VIDEO_MAX_PLANES];
  guint height[GST_VIDEO_MAX_PLANES];
} GstClNarrow;

/* Whether frames of @out are the 8-bit sibling of frames of @in. */
gboolean gst_cl_narrow_formats (GstVideoFormat in, GstVideoFormat out);

/* Sets @n up for @in_info to @out_info, the planes not in @written
 * narrowed, its kernel built; @n is inactive where the formats do not
 * narrow. FALSE and @error (a sentence, then a line of details) on
 * failure. */
gboolean gst_cl_narrow_init (GstClNarrow *n, GstClContext *cl,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, guint written,
    GError **error);
void gst_cl_narrow_clear (GstClNarrow *n);

/* Plane @p of @in into @out on the host. */
void gst_cl_narrow_host_plane (const GstClNarrow *n, const GstVideoFrame *in,
    GstVideoFrame *out, guint p);

/* Queues plane @p from @in_mem (rows @in_pitch apart), or from the host
 * frame @in where @in_mem is NULL, into @out_mem, or into the host frame
 * @out where @out_mem is NULL; the caller waits for the queue. */
cl_int gst_cl_narrow_device_plane (GstClNarrow *n, const GstClCommands *cmd,
    guint p, cl_mem in_mem, gsize in_pitch, const GstVideoFrame *in,
    cl_mem out_mem, gsize out_pitch, GstVideoFrame *out);

G_END_DECLS
#endif /* __GST_CL_NARROW_H__ */
