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
#include "gstclutils.h"

/* GStreamer 1.22 gives the V of P010_10LE, P012_LE and P016_LE the offset
 * of NV12's, 1 byte, inside U's word, where its own unpacking reads it 2
 * bytes on: a sample starts at a whole number of samples. */
guint
gst_cl_video_comp_offset (const GstVideoInfo *info, guint c)
{
  const guint bytes = (GST_VIDEO_INFO_COMP_DEPTH (info, c) + 7) / 8;

  return GST_ROUND_UP_N (GST_VIDEO_INFO_COMP_POFFSET (info, c), bytes);
}

gsize
gst_cl_video_plane_row_bytes (const GstVideoInfo *info, guint plane)
{
  gsize row = 0;

  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    const guint w = GST_VIDEO_INFO_COMP_WIDTH (info, c);

    if (GST_VIDEO_INFO_COMP_PLANE (info, c) != plane || w == 0)
      continue;
    row = MAX (row, gst_cl_video_comp_offset (info, c) +
                        (gsize)(w - 1) * GST_VIDEO_INFO_COMP_PSTRIDE (info, c) +
                        (GST_VIDEO_INFO_COMP_DEPTH (info, c) + 7) / 8);
    /* Packed RGB's pixels are whole, padding byte and all (RGBx's x):
     * they travel and come back as they were. */
    if (GST_VIDEO_INFO_IS_RGB (info))
      row = MAX (row, (gsize)w * GST_VIDEO_INFO_COMP_PSTRIDE (info, c));
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

/* Without a GstVideoMeta the frame map checks the buffer's size itself, but
 * GstBaseTransform would then only warn and push the output unfilled. With
 * a meta it checks neither the planes' sizes nor, for a plane that starts
 * in one memory of several, that the plane ends in it: it maps only that
 * memory, and reading the plane would go past its end. */
gboolean
gst_cl_video_buffer_fits (GstBuffer *buf, const GstVideoInfo *info, guint mask,
    gchar **why)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  const gsize size = gst_buffer_get_size (buf);
  guint planes = 0;

  if (!meta) {
    if (size >= GST_VIDEO_INFO_SIZE (info))
      return TRUE;
    *why = g_strdup_printf ("a buffer of %" G_GSIZE_FORMAT " bytes, where "
                            "%s %dx%d needs %" G_GSIZE_FORMAT,
        size, GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_SIZE (info));
    return FALSE;
  }
  if (meta->format != GST_VIDEO_INFO_FORMAT (info) ||
      meta->width < (guint)GST_VIDEO_INFO_WIDTH (info) ||
      meta->height < (guint)GST_VIDEO_INFO_HEIGHT (info) ||
      meta->n_planes != GST_VIDEO_INFO_N_PLANES (info)) {
    *why = g_strdup_printf ("a GstVideoMeta of %s %ux%u on %s %dx%d caps",
        gst_video_format_to_string (meta->format), meta->width, meta->height,
        GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info));
    return FALSE;
  }
  GST_CL_FOREACH_COMPONENT (mask, c)
  {
    planes |= 1u << GST_VIDEO_INFO_COMP_PLANE (info, c);
  }
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    const gsize row = gst_cl_video_plane_row_bytes (info, p);
    const guint height = gst_cl_video_plane_height (info, p);
    const gint stride = meta->stride[p];
    gsize skip = 0, have, need;
    guint idx, length;

    if (!(planes & (1u << p)))
      continue;
    if (stride < 0 || (gsize)stride < row) {
      *why = g_strdup_printf ("a GstVideoMeta stride of %d bytes for rows of "
                              "%" G_GSIZE_FORMAT " in plane %u",
          stride, row, p);
      return FALSE;
    }
    if (!gst_buffer_find_memory (buf, meta->offset[p], 1, &idx, &length,
            &skip)) {
      *why = g_strdup_printf ("a GstVideoMeta offset of %" G_GSIZE_FORMAT
                              " for plane %u in a buffer of %" G_GSIZE_FORMAT
                              " bytes",
          meta->offset[p], p, size);
      return FALSE;
    }
    have = gst_memory_get_sizes (gst_buffer_peek_memory (buf, idx), NULL, NULL);
    need = skip + (gsize)stride * (height - 1) + row;
    if (have < need) {
      *why = g_strdup_printf ("%" G_GSIZE_FORMAT " bytes from the GstVideoMeta "
                              "offset %" G_GSIZE_FORMAT " of plane %u on, "
                              "where %s %dx%d with stride %d needs "
                              "%" G_GSIZE_FORMAT,
          have - skip, meta->offset[p], p, GST_VIDEO_INFO_NAME (info),
          GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info), stride,
          need - skip);
      return FALSE;
    }
  }
  return TRUE;
}
