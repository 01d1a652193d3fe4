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
#ifndef __GST_CL_ROI_H__
#define __GST_CL_ROI_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* The region of interest of the elements that measure a histogram
 * (clhistequalize, clhistogram): their roi-x, roi-y, roi-width and
 * roi-height properties, and the region of a frame they select, in luma
 * samples. */
typedef struct {
  guint x, y, width, height;
} GstClRoi;

/* How the properties' region meets a frame. */
typedef enum
{
  /* Inside the frame, as set. */
  GST_CL_ROI_INSIDE,
  /* roi-width or roi-height reaches past the frame's right or bottom edge:
   * the region stops at that edge. */
  GST_CL_ROI_CLIPPED,
  /* roi-x or roi-y lies past the frame: nothing of it is in the frame, and
   * the whole frame is used instead. */
  GST_CL_ROI_EMPTY,
} GstClRoiFit;

/* The region of a @width x @height frame that the properties' values @roi
 * select, in @region: from (roi-x, roi-y), 0 being the left and top edges,
 * roi-width samples across (0: to the right edge) and roi-height rows down
 * (0: to the bottom edge), each clipped to the frame; the whole frame where
 * roi-x or roi-y lies past it. The properties all 0 select the whole
 * frame. */
GstClRoiFit gst_cl_roi_fit (const GstClRoi *roi, guint width, guint height,
    GstClRoi *region);

/* The ROI and frame size an element last warned about. Zero-initialized,
 * after gst_cl_roi_forget() or after a region inside the frame, the next
 * cut or empty region warns again. */
typedef struct {
  GstClRoi roi;
  guint width, height;
  gboolean warned;
} GstClRoiWarning;

/* gst_cl_roi_fit(), and where the region is clipped or empty, an element
 * warning from @element saying which region is used: once, not for every
 * frame, until the ROI, the frame's size or the caps change. From the
 * streaming thread. */
void gst_cl_roi_choose (GstElement *element, GstClRoiWarning *last,
    const GstClRoi *roi, guint width, guint height, GstClRoi *region);

/* New caps: the next clipped or empty region warns again. */
void gst_cl_roi_forget (GstClRoiWarning *last);

/* Installs the four properties, @first_id and the three ids after it for
 * roi-x, roi-y, roi-width and roi-height, with the element's @blurbs (static
 * strings, one line each) in that order. Each element's gtk-doc blocks for
 * them are in gstclroi.c. */
void gst_cl_roi_install_properties (GObjectClass *gobject_class, guint first_id,
    const gchar *const blurbs[4]);

/* From the element's set_property and get_property, under its object lock,
 * for the ids gst_cl_roi_install_properties() gave: FALSE where @prop_id is
 * none of them. */
gboolean gst_cl_roi_set_property (GstClRoi *roi, guint first_id, guint prop_id,
    const GValue *value);
gboolean gst_cl_roi_get_property (const GstClRoi *roi, guint first_id,
    guint prop_id, GValue *value);

G_END_DECLS
#endif /* __GST_CL_ROI_H__ */
