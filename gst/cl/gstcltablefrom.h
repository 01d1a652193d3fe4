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
#ifndef __GST_CL_TABLE_FROM_H__
#define __GST_CL_TABLE_FROM_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/**
 * GstClTableFrom:
 * @GST_CL_TABLE_FROM_CURRENT: each frame is mapped through the table(s)
 *   of its own histogram(s): the frame is counted, then mapped
 * @GST_CL_TABLE_FROM_PREVIOUS: each frame is mapped through the table(s)
 *   of the frame before while its own histogram(s) are counted, in one
 *   pass; the first frame after start, a flush, a buffer marked DISCONT,
 *   new caps or a change of a property that changes the table uses its own
 *
 * Which frame's histogram builds the table(s) a frame is mapped through.
 */
typedef enum
{
  GST_CL_TABLE_FROM_CURRENT,
  GST_CL_TABLE_FROM_PREVIOUS,
} GstClTableFrom;

#define GST_TYPE_CL_TABLE_FROM (gst_cl_table_from_get_type ())
GType gst_cl_table_from_get_type (void);

/* Installs "table-from" (GstClTableFrom, default current, from the next
 * frame on) as @prop_id. */
void gst_cl_table_from_install_property (GObjectClass *gobject_class,
    guint prop_id);

G_END_DECLS
#endif /* __GST_CL_TABLE_FROM_H__ */
