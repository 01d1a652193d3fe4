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
 * The RGB channel an element works on; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/gst.h>

#include "gstclcolor.h"

GType
gst_cl_color_space_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    { GST_CL_COLOR_SPACE_YCRCB, "Y of YCrCb (BT.601 luma)", "ycrcb" },
    { GST_CL_COLOR_SPACE_LAB, "L of CIE L*a*b*", "lab" },
    { GST_CL_COLOR_SPACE_RGB, "R, G and B, each on its own", "rgb" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClColorSpace", values);

    g_once_init_leave (&type, t);
  }
  return type;
}

void
gst_cl_color_install_property (GObjectClass *gobject_class, guint prop_id)
{
  g_object_class_install_property (gobject_class, prop_id,
      g_param_spec_enum ("color-space", "Color space",
          "Channel of RGB frames to work on (YUV and gray: the luma)",
          GST_TYPE_CL_COLOR_SPACE, GST_CL_COLOR_SPACE_YCRCB,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_PLAYING));
}

gboolean
gst_cl_color_is_rgb (const GstVideoInfo *info)
{
  return GST_VIDEO_INFO_IS_RGB (info) && GST_VIDEO_INFO_N_PLANES (info) == 1 &&
         GST_VIDEO_INFO_COMP_DEPTH (info, GST_VIDEO_COMP_R) == 8;
}

guint
gst_cl_color_rgb_offsets (const GstVideoInfo *info)
{
  return GST_VIDEO_INFO_COMP_POFFSET (info, GST_VIDEO_COMP_R) |
         GST_VIDEO_INFO_COMP_POFFSET (info, GST_VIDEO_COMP_G) << 8 |
         GST_VIDEO_INFO_COMP_POFFSET (info, GST_VIDEO_COMP_B) << 16;
}
