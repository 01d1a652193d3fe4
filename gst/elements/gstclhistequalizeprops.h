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
#ifndef __GST_CL_HIST_EQUALIZE_PROPS_H__
#define __GST_CL_HIST_EQUALIZE_PROPS_H__

#include <gst/gst.h>

G_BEGIN_DECLS

#define DEFAULT_METHOD GST_CL_HIST_EQUALIZE_METHOD_EQUALIZE
#define DEFAULT_SATURATE 0.01
#define DEFAULT_STRENGTH 1.0
#define DEFAULT_SMOOTHING 0

/* Installs method, saturate-low, saturate-high, strength and smoothing as
 * @prop_method and the four ids after it, the roi-* properties from
 * @prop_roi_x on, table-from as @prop_table_from and color-space as
 * @prop_color_space. */
void gst_cl_hist_equalize_install_properties (GObjectClass *gobject_class,
    guint prop_method, guint prop_roi_x, guint prop_table_from,
    guint prop_color_space);

G_END_DECLS
#endif /* __GST_CL_HIST_EQUALIZE_PROPS_H__ */
