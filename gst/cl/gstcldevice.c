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
 * Picks the OpenCL device that the "device" property names.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstcldevice.h"

#include <string.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

/* Not in the 1.2 headers, but what the ICD loader returns with no driver. */
#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001
#endif

const gchar *
gst_cl_strerror (cl_int status)
{
  switch (status) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x
    CASE (CL_SUCCESS);
    CASE (CL_DEVICE_NOT_FOUND);
    CASE (CL_DEVICE_NOT_AVAILABLE);
    CASE (CL_COMPILER_NOT_AVAILABLE);
    CASE (CL_MEM_OBJECT_ALLOCATION_FAILURE);
    CASE (CL_OUT_OF_RESOURCES);
    CASE (CL_OUT_OF_HOST_MEMORY);
    CASE (CL_PROFILING_INFO_NOT_AVAILABLE);
    CASE (CL_MEM_COPY_OVERLAP);
    CASE (CL_BUILD_PROGRAM_FAILURE);
    CASE (CL_MAP_FAILURE);
    CASE (CL_MISALIGNED_SUB_BUFFER_OFFSET);
    CASE (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    CASE (CL_COMPILE_PROGRAM_FAILURE);
    CASE (CL_LINKER_NOT_AVAILABLE);
    CASE (CL_LINK_PROGRAM_FAILURE);
    CASE (CL_INVALID_VALUE);
    CASE (CL_INVALID_DEVICE_TYPE);
    CASE (CL_INVALID_PLATFORM);
    CASE (CL_INVALID_DEVICE);
    CASE (CL_INVALID_CONTEXT);
    CASE (CL_INVALID_QUEUE_PROPERTIES);
    CASE (CL_INVALID_COMMAND_QUEUE);
    CASE (CL_INVALID_HOST_PTR);
    CASE (CL_INVALID_MEM_OBJECT);
    CASE (CL_INVALID_BINARY);
    CASE (CL_INVALID_BUILD_OPTIONS);
    CASE (CL_INVALID_PROGRAM);
    CASE (CL_INVALID_PROGRAM_EXECUTABLE);
    CASE (CL_INVALID_KERNEL_NAME);
    CASE (CL_INVALID_KERNEL);
    CASE (CL_INVALID_ARG_INDEX);
    CASE (CL_INVALID_ARG_VALUE);
    CASE (CL_INVALID_ARG_SIZE);
    CASE (CL_INVALID_KERNEL_ARGS);
    CASE (CL_INVALID_WORK_DIMENSION);
    CASE (CL_INVALID_WORK_GROUP_SIZE);
    CASE (CL_INVALID_WORK_ITEM_SIZE);
    CASE (CL_INVALID_GLOBAL_OFFSET);
    CASE (CL_INVALID_EVENT_WAIT_LIST);
    CASE (CL_INVALID_EVENT);
    CASE (CL_INVALID_OPERATION);
    CASE (CL_INVALID_BUFFER_SIZE);
    CASE (CL_INVALID_GLOBAL_WORK_SIZE);
    CASE (CL_PLATFORM_NOT_FOUND_KHR);
#undef CASE
    default:
      return "unknown OpenCL error";
  }
}

gchar *
gst_cl_device_get_string (cl_device_id device, cl_device_info param)
{
  size_t size = 0;
  gchar *str;

  if (clGetDeviceInfo (device, param, 0, NULL, &size) != CL_SUCCESS ||
      size == 0)
    return g_strdup ("");
  str = g_malloc0 (size + 1);
  if (clGetDeviceInfo (device, param, size, str, NULL) != CL_SUCCESS)
    str[0] = '\0';
  return g_strstrip (str);
}

typedef struct {
  GstClDeviceId id;
  cl_device_type type;
  gchar *name;
} DeviceEntry;

static void
device_entry_clear (gpointer data)
{
  g_free (((DeviceEntry *)data)->name);
}

/* Every device of every platform, in the order "P.D" counts them. */
static GArray *
list_devices (GError **error)
{
  cl_uint n_platforms = 0;
  cl_platform_id *platforms;
  GArray *devices;
  cl_int status;

  status = clGetPlatformIDs (0, NULL, &n_platforms);
  if (status != CL_SUCCESS || n_platforms == 0) {
    const gchar *vendors = g_getenv ("OCL_ICD_VENDORS");

    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "No OpenCL platform found (clGetPlatformIDs: %s): install an OpenCL "
        "driver such as pocl-opencl-icd, or check the ICD files in %s",
        gst_cl_strerror (status), vendors ? vendors : "/etc/OpenCL/vendors");
    return NULL;
  }

  platforms = g_new0 (cl_platform_id, n_platforms);
  status = clGetPlatformIDs (n_platforms, platforms, NULL);
  if (status != CL_SUCCESS) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "Could not list OpenCL platforms (clGetPlatformIDs: %s)",
        gst_cl_strerror (status));
    g_free (platforms);
    return NULL;
  }

  devices = g_array_new (FALSE, TRUE, sizeof (DeviceEntry));
  g_array_set_clear_func (devices, device_entry_clear);

  for (guint p = 0; p < n_platforms; p++) {
    cl_uint n_devices = 0;
    cl_device_id *ids;

    /* A platform without devices answers CL_DEVICE_NOT_FOUND: skip it. */
    if (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL,
            &n_devices) != CL_SUCCESS ||
        n_devices == 0)
      continue;
    ids = g_new0 (cl_device_id, n_devices);
    if (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, n_devices, ids,
            NULL) == CL_SUCCESS) {
      for (guint d = 0; d < n_devices; d++) {
        DeviceEntry e = { { platforms[p], ids[d], p, d }, 0, NULL };

        clGetDeviceInfo (ids[d], CL_DEVICE_TYPE, sizeof (e.type), &e.type,
            NULL);
        e.name = gst_cl_device_get_string (ids[d], CL_DEVICE_NAME);
        g_array_append_val (devices, e);
      }
    }
    g_free (ids);
  }
  g_free (platforms);
  return devices;
}

static const DeviceEntry *
first_of_type (GArray *devices, cl_device_type type)
{
  for (guint i = 0; i < devices->len; i++) {
    const DeviceEntry *e = &g_array_index (devices, DeviceEntry, i);

    if (e->type & type)
      return e;
  }
  return NULL;
}

static gboolean
parse_index_pair (const gchar *s, guint *p, guint *d)
{
  gchar **parts = g_strsplit (s, ".", -1);
  guint64 a, b;
  gboolean ok = g_strv_length (parts) == 2 &&
                g_ascii_string_to_unsigned (parts[0], 10, 0, G_MAXUINT, &a,
                    NULL) &&
                g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &b,
                    NULL);

  g_strfreev (parts);
  if (ok) {
    *p = a;
    *d = b;
  }
  return ok;
}

static const DeviceEntry *
select_device (GArray *devices, const gchar *selector)
{
  guint p, d;

  if (selector == NULL || *selector == '\0') {
    const DeviceEntry *e = first_of_type (devices, CL_DEVICE_TYPE_GPU);

    if (!e)
      e = first_of_type (devices, CL_DEVICE_TYPE_ACCELERATOR);
    if (!e)
      e = first_of_type (devices, CL_DEVICE_TYPE_CPU);
    return e;
  }
  if (g_ascii_strcasecmp (selector, "gpu") == 0)
    return first_of_type (devices, CL_DEVICE_TYPE_GPU);
  if (g_ascii_strcasecmp (selector, "cpu") == 0)
    return first_of_type (devices, CL_DEVICE_TYPE_CPU);
  if (g_ascii_strcasecmp (selector, "accelerator") == 0)
    return first_of_type (devices, CL_DEVICE_TYPE_ACCELERATOR);

  if (parse_index_pair (selector, &p, &d)) {
    for (guint i = 0; i < devices->len; i++) {
      const DeviceEntry *e = &g_array_index (devices, DeviceEntry, i);

      if (e->id.platform_index == p && e->id.device_index == d)
        return e;
    }
    return NULL;
  }

  {
    gchar *needle = g_utf8_casefold (selector, -1);
    const DeviceEntry *found = NULL;

    for (guint i = 0; i < devices->len && !found; i++) {
      const DeviceEntry *e = &g_array_index (devices, DeviceEntry, i);
      gchar *hay = g_utf8_casefold (e->name, -1);

      if (strstr (hay, needle))
        found = e;
      g_free (hay);
    }
    g_free (needle);
    return found;
  }
}

static const gchar *
type_name (cl_device_type type)
{
  if (type & CL_DEVICE_TYPE_GPU)
    return "gpu";
  if (type & CL_DEVICE_TYPE_ACCELERATOR)
    return "accelerator";
  if (type & CL_DEVICE_TYPE_CPU)
    return "cpu";
  return "other";
}

/* Resolves @selector, the "device" property's value, to one device. On
 * failure the error lists the devices there are, so that the user can pick. */
gboolean
gst_cl_device_resolve (const gchar *selector, GstClDeviceId *id, GError **error)
{
  GArray *devices = list_devices (error);
  const DeviceEntry *e;
  GString *avail;

  if (!devices)
    return FALSE;

  e = select_device (devices, selector);
  if (e) {
    GST_DEBUG ("device '%s' -> %u.%u %s", selector ? selector : "",
        e->id.platform_index, e->id.device_index, e->name);
    *id = e->id;
    g_array_unref (devices);
    return TRUE;
  }

  avail = g_string_new (NULL);
  for (guint i = 0; i < devices->len; i++) {
    const DeviceEntry *d = &g_array_index (devices, DeviceEntry, i);

    g_string_append_printf (avail, "%s%u.%u \"%s\" (%s)", i ? ", " : "",
        d->id.platform_index, d->id.device_index, d->name, type_name (d->type));
  }
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
      "No OpenCL device matches device=\"%s\"; available: %s",
      selector ? selector : "", devices->len ? avail->str : "none");
  g_string_free (avail, TRUE);
  g_array_unref (devices);
  return FALSE;
}

gboolean
gst_cl_device_identify (cl_device_id device, GstClDeviceId *id)
{
  GArray *devices = list_devices (NULL);
  gboolean found = FALSE;

  for (guint i = 0; devices && i < devices->len && !found; i++) {
    const DeviceEntry *e = &g_array_index (devices, DeviceEntry, i);

    if (e->id.device == device) {
      *id = e->id;
      found = TRUE;
    }
  }
  if (devices)
    g_array_unref (devices);
  return found;
}
