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

/* The properties' gtk-doc blocks, for each element that installs them. */
/**
 * GstClHistEqualize:roi-x:
 *
 * The left edge of the region whose histogram builds the table, in luma
 * samples; 0 (the default) is the frame's left edge. The table then applies
 * to every pixel of the frame. At or past the frame's width nothing of the
 * region is in the frame: the whole frame's histogram builds the table
 * instead, with a warning (once, until the region or the caps change). May
 * change while playing, from the next frame on.
 */
/**
 * GstClHistEqualize:roi-y:
 *
 * The top edge of the region whose histogram builds the table, in luma
 * samples; 0 (the default) is the frame's top edge. At or past the frame's
 * height nothing of the region is in the frame: the whole frame's histogram
 * builds the table instead, with a warning (once, until the region or the
 * caps change). May change while playing, from the next frame on.
 */
/**
 * GstClHistEqualize:roi-width:
 *
 * The width of the region whose histogram builds the table, in luma samples
 * from #GstClHistEqualize:roi-x; 0 (the default) reaches the frame's right
 * edge, and a region reaching past it stops there, with a warning (once,
 * until the region or the caps change). May change while playing, from the
 * next frame on.
 */
/**
 * GstClHistEqualize:roi-height:
 *
 * The height of the region whose histogram builds the table, in luma
 * samples from #GstClHistEqualize:roi-y; 0 (the default) reaches the
 * frame's bottom edge, and a region reaching past it stops there, with a
 * warning (once, until the region or the caps change). May change while
 * playing, from the next frame on.
 */
/**
 * GstClHistogram:roi-x:
 *
 * The left edge of the region measured, in luma samples; 0 (the default) is
 * the frame's left edge. At or past the frame's width nothing of the region
 * is in the frame: the whole frame is measured instead, with a warning
 * (once, until the region or the caps change). May change while playing,
 * from the next frame on.
 */
/**
 * GstClHistogram:roi-y:
 *
 * The top edge of the region measured, in luma samples; 0 (the default) is
 * the frame's top edge. At or past the frame's height nothing of the region
 * is in the frame: the whole frame is measured instead, with a warning
 * (once, until the region or the caps change). May change while playing,
 * from the next frame on.
 */
/**
 * GstClHistogram:roi-width:
 *
 * The width of the region measured, in luma samples from
 * #GstClHistogram:roi-x; 0 (the default) reaches the frame's right edge,
 * and a region reaching past it stops there, with a warning (once, until
 * the region or the caps change). May change while playing, from the next
 * frame on.
 */
/**
 * GstClHistogram:roi-height:
 *
 * The height of the region measured, in luma samples from
 * #GstClHistogram:roi-y; 0 (the default) reaches the frame's bottom edge,
 * and a region reaching past it stops there, with a warning (once, until
 * the region or the caps change). May change while playing, from the next
 * frame on.
 */
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

gboolean
gst_cl_roi_set_property (GstClRoi *roi, guint first_id, guint prop_id,
    const GValue *value)
{
  guint *fields[4] = { &roi->x, &roi->y, &roi->width, &roi->height };

  if (prop_id < first_id || prop_id - first_id >= G_N_ELEMENTS (fields))
    return FALSE;
  *fields[prop_id - first_id] = g_value_get_uint (value);
  return TRUE;
}

gboolean
gst_cl_roi_get_property (const GstClRoi *roi, guint first_id, guint prop_id,
    GValue *value)
{
  const guint fields[4] = { roi->x, roi->y, roi->width, roi->height };

  if (prop_id < first_id || prop_id - first_id >= G_N_ELEMENTS (fields))
    return FALSE;
  g_value_set_uint (value, fields[prop_id - first_id]);
  return TRUE;
}
