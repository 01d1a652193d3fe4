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
#ifndef __GST_CL_COLOR_H__
#define __GST_CL_COLOR_H__

#include <gst/video/video.h>

#include "kernels/clshared.h"

G_BEGIN_DECLS

/**
 * GstClColorSpace:
 * @GST_CL_COLOR_SPACE_YCRCB: the Y of OpenCV's 8-bit YCrCb (BT.601 luma)
 * @GST_CL_COLOR_SPACE_LAB: the L of OpenCV's 8-bit CIE L*a*b*
 * @GST_CL_COLOR_SPACE_RGB: R, G and B, each on its own
 *
 * The channel of an RGB frame that an element works on; the others are
 * kept, and the pixel converted back as OpenCV's cvtColor does. With
 * @GST_CL_COLOR_SPACE_RGB the element works on each of the three channels
 * as on a gray frame of its own.
 */
typedef enum
{
  GST_CL_COLOR_SPACE_YCRCB = GST_CL_COLOR_YCRCB,
  GST_CL_COLOR_SPACE_LAB = GST_CL_COLOR_LAB,
  GST_CL_COLOR_SPACE_RGB = GST_CL_COLOR_RGB,
} GstClColorSpace;

#define GST_TYPE_CL_COLOR_SPACE (gst_cl_color_space_get_type ())
GType gst_cl_color_space_get_type (void);

/* Installs "color-space" (GstClColorSpace, from the next frame on) as
 * @prop_id, for the RGB formats of an element's pad templates. */
void gst_cl_color_install_property (GObjectClass *gobject_class, guint prop_id);

/* Whether frames of @info are packed 8-bit RGB, whose channel the frame
 * layer makes from each pixel. */
gboolean gst_cl_color_is_rgb (const GstVideoInfo *info);

/* The byte offsets of R, G and B in a pixel of @info, as the kernels of
 * kernels/color.cl take them: r | g << 8 | b << 16. */
guint gst_cl_color_rgb_offsets (const GstVideoInfo *info);

G_END_DECLS
#endif /* __GST_CL_COLOR_H__ */
