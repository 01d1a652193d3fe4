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
 * The region of interest of the histogram elements; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclroi.h"

#include <string.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

GstClRoiFit
gst_cl_roi_fit (const GstClRoi *roi, guint width, guint height,
    GstClRoi *region)
{
  GstClRoiFit fit = GST_CL_ROI_INSIDE;

  if (roi->x >= width || roi->y >= height) {
    *region = (GstClRoi){ 0, 0, width, height };
    return GST_CL_ROI_EMPTY;
  }
  region->x = roi->x;
  region->y = roi->y;
  region->width = width - roi->x;
  region->height = height - roi->y;
  /* 0 reaches the edge; a size past it stops there. */
  if (roi->width > region->width)
    fit = GST_CL_ROI_CLIPPED;
  else if (roi->width)
    region->width = roi->width;
  if (roi->height > region->height)
    fit = GST_CL_ROI_CLIPPED;
  else if (roi->height)
    region->height = roi->height;
  return fit;
}

void
gst_cl_roi_choose (GstElement *element, GstClRoiWarning *last,
    const GstClRoi *roi, guint width, guint height, GstClRoi *region)
{
  const GstClRoiFit fit = gst_cl_roi_fit (roi, width, height, region);

  /* Inside again: the next cut or empty region is news. */
  if (fit == GST_CL_ROI_INSIDE) {
    last->warned = FALSE;
    return;
  }
  if (last->warned && last->width == width && last->height == height &&
      memcmp (&last->roi, roi, sizeof (GstClRoi)) == 0)
    return;
  last->roi = *roi;
  last->width = width;
  last->height = height;
  last->warned = TRUE;
  if (fit == GST_CL_ROI_EMPTY)
    GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS,
        ("The region of interest lies outside the %ux%u frame: using the "
         "whole frame, %u,%u %ux%u.",
            width, height, region->x, region->y, region->width, region->height),
        ("roi-x=%u roi-y=%u roi-width=%u roi-height=%u", roi->x, roi->y,
            roi->width, roi->height));
  else
    GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS,
        ("The region of interest reaches past the %ux%u frame: using the "
         "part inside it, %u,%u %ux%u.",
            width, height, region->x, region->y, region->width, region->height),
        ("roi-x=%u roi-y=%u roi-width=%u roi-height=%u", roi->x, roi->y,
            roi->width, roi->height));
}

void
gst_cl_roi_forget (GstClRoiWarning *last)
{
  last->warned = FALSE;
}

void
gst_cl_roi_install_properties (GObjectClass *gobject_class, guint first_id,
    const gchar *const blurbs[4])
{
  static const gchar *const names[] = { "roi-x", "roi-y", "roi-width",
    "roi-height" };
  static const gchar *const nicks[] = { "ROI x", "ROI y", "ROI width",
    "ROI height" };

  for (guint i = 0; i < 4; i++)
    g_object_class_install_property (gobject_class, first_id + i,
        g_param_spec_uint (names[i], nicks[i], blurbs[i], 0, G_MAXUINT, 0,
            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                GST_PARAM_MUTABLE_PLAYING));
}
