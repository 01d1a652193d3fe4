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
#ifndef __GST_CL_DEVICE_H__
#define __GST_CL_DEVICE_H__

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <gst/gst.h>

G_BEGIN_DECLS

/* Where a device sits in the platform list, as the "device" property's
 * "P.D" form names it, and its driver handles. */
typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  guint platform_index;
  guint device_index;
} GstClDeviceId;

gboolean gst_cl_device_resolve (const gchar *selector, GstClDeviceId *id,
    GError **error);

/* Where @device, a handle an application got from OpenCL, is in the list
 * "P.D" counts. */
gboolean gst_cl_device_identify (cl_device_id device, GstClDeviceId *id);

gchar *gst_cl_device_get_string (cl_device_id device, cl_device_info param);

const gchar *gst_cl_strerror (cl_int status);

G_END_DECLS
#endif /* __GST_CL_DEVICE_H__ */
