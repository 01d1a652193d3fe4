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
 *
 * The geometry of a frame's planes; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclvideoplane.h"

gsize
gst_cl_video_plane_row_bytes (const GstVideoInfo *info, guint plane)
{
  gsize row = 0;

  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    const guint w = GST_VIDEO_INFO_COMP_WIDTH (info, c);

    if (GST_VIDEO_INFO_COMP_PLANE (info, c) != plane || w == 0)
      continue;
    row = MAX (row, GST_VIDEO_INFO_COMP_POFFSET (info, c) +
                        (gsize)(w - 1) * GST_VIDEO_INFO_COMP_PSTRIDE (info, c) +
                        (GST_VIDEO_INFO_COMP_DEPTH (info, c) + 7) / 8);
  }
  return row;
}

guint
gst_cl_video_plane_height (const GstVideoInfo *info, guint plane)
{
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      return GST_VIDEO_INFO_COMP_HEIGHT (info, c);
  return 0;
}
