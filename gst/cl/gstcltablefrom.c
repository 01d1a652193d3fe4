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
/*
 * The "table-from" property of the equalizing elements; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcltablefrom.h"

GType
gst_cl_table_from_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    { GST_CL_TABLE_FROM_CURRENT, "The frame's own histogram (two passes)",
        "current" },
    { GST_CL_TABLE_FROM_PREVIOUS,
        "The previous frame's histogram (one pass, a frame's lag)",
        "previous" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClTableFrom", values);

    g_once_init_leave (&type, t);
  }
  return type;
}

void
gst_cl_table_from_install_property (GObjectClass *gobject_class, guint prop_id)
{
  g_object_class_install_property (gobject_class, prop_id,
      g_param_spec_enum ("table-from", "Table from",
          "Whose histogram builds the table a frame is mapped through",
          GST_TYPE_CL_TABLE_FROM, GST_CL_TABLE_FROM_CURRENT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_PLAYING));
  gst_type_mark_as_plugin_api (GST_TYPE_CL_TABLE_FROM, 0);
}
