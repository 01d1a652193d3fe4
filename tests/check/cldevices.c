/* gst-clfilter tests
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
#include <gst/check/gstcheck.h>
#include <string.h>

#include "cldevices.h"
#include "../../gst/cl/gstclmemoryapi.h"

#define CL_CONTEXT_TYPE "gst.opencl.context"

static GPtrArray *devices;
static guint n_platforms;

static void
device_free (gpointer data)
{
  ClTestDevice *dev = data;

  g_free (dev->name);
  g_free (dev);
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

static gchar *
device_name (cl_device_id id)
{
  size_t size = 0;
  gchar *name;

  if (clGetDeviceInfo (id, CL_DEVICE_NAME, 0, NULL, &size) != CL_SUCCESS ||
      size == 0)
    return g_strdup ("");
  name = g_malloc0 (size + 1);
  if (clGetDeviceInfo (id, CL_DEVICE_NAME, size, name, NULL) != CL_SUCCESS)
    name[0] = '\0';
  /* Some drivers pad the name; the elements report it stripped. */
  return g_strstrip (name);
}

static void
list_devices (void)
{
  cl_platform_id *platforms;
  cl_uint n = 0;

  devices = g_ptr_array_new_with_free_func (device_free);
  if (clGetPlatformIDs (0, NULL, &n) != CL_SUCCESS || n == 0)
    return;
  platforms = g_new0 (cl_platform_id, n);
  fail_unless (clGetPlatformIDs (n, platforms, NULL) == CL_SUCCESS);
  n_platforms = n;
  for (guint p = 0; p < n; p++) {
    cl_uint n_devices = 0;
    cl_device_id *ids;

    /* A platform without devices keeps its index: "P.D" counts it. */
    if (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL,
            &n_devices) != CL_SUCCESS ||
        n_devices == 0)
      continue;
    ids = g_new0 (cl_device_id, n_devices);
    fail_unless (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, n_devices,
                     ids, NULL) == CL_SUCCESS);
    for (guint d = 0; d < n_devices; d++) {
      ClTestDevice *dev = g_new0 (ClTestDevice, 1);

      dev->id = ids[d];
      dev->platform_index = p;
      dev->device_index = d;
      fail_unless (clGetDeviceInfo (ids[d], CL_DEVICE_TYPE, sizeof (dev->type),
                       &dev->type, NULL) == CL_SUCCESS);
      dev->name = device_name (ids[d]);
      g_ptr_array_add (devices, dev);
    }
    g_free (ids);
  }
  g_free (platforms);
}

GPtrArray *
cl_test_devices (void)
{
  if (!devices) {
    list_devices ();
    g_print ("OpenCL devices (%u platforms):", n_platforms);
    for (guint i = 0; i < devices->len; i++) {
      gchar *s = cl_test_device_describe (g_ptr_array_index (devices, i));

      g_print ("%s %s", i ? "," : "", s);
      g_free (s);
    }
    g_print ("%s\n", devices->len ? "" : " none");
  }
  return devices;
}

gchar *
cl_test_device_describe (const ClTestDevice *dev)
{
  return g_strdup_printf ("%u.%u \"%s\" (%s)", dev->platform_index,
      dev->device_index, dev->name, type_name (dev->type));
}

static const ClTestDevice *
first_of_type (cl_device_type type)
{
  GPtrArray *list = cl_test_devices ();

  for (guint i = 0; i < list->len; i++) {
    const ClTestDevice *dev = g_ptr_array_index (list, i);

    if (dev->type & type)
      return dev;
  }
  return NULL;
}

static const ClTestDevice *
at_index (guint p, guint d)
{
  GPtrArray *list = cl_test_devices ();

  for (guint i = 0; i < list->len; i++) {
    const ClTestDevice *dev = g_ptr_array_index (list, i);

    if (dev->platform_index == p && dev->device_index == d)
      return dev;
  }
  return NULL;
}

static gboolean
is_number (const gchar *s, gsize len)
{
  if (len == 0)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (s[i]))
      return FALSE;
  return TRUE;
}

/* "P.D": two decimal numbers and one dot. */
static gboolean
parse_index (const gchar *selector, guint *p, guint *d)
{
  const gchar *dot = strchr (selector, '.');

  if (!dot || !is_number (selector, dot - selector) ||
      !is_number (dot + 1, strlen (dot + 1)))
    return FALSE;
  *p = strtoul (selector, NULL, 10);
  *d = strtoul (dot + 1, NULL, 10);
  return TRUE;
}

/* The type a type name stands for; the element compares them without case,
 * as it does names. */
static cl_device_type
parse_type (const gchar *selector)
{
  if (g_ascii_strcasecmp (selector, "gpu") == 0)
    return CL_DEVICE_TYPE_GPU;
  if (g_ascii_strcasecmp (selector, "cpu") == 0)
    return CL_DEVICE_TYPE_CPU;
  if (g_ascii_strcasecmp (selector, "accelerator") == 0)
    return CL_DEVICE_TYPE_ACCELERATOR;
  return 0;
}

static gboolean
name_contains (const gchar *name, const gchar *piece)
{
  gchar *hay = g_utf8_casefold (name, -1);
  gchar *needle = g_utf8_casefold (piece, -1);
  gboolean found = strstr (hay, needle) != NULL;

  g_free (hay);
  g_free (needle);
  return found;
}

const ClTestDevice *
cl_test_expected_device (const gchar *selector, ClTestSelectKind *kind)
{
  GPtrArray *list = cl_test_devices ();
  ClTestSelectKind k;
  const ClTestDevice *found = NULL;
  cl_device_type type;
  guint p, d;

  if (!selector || !*selector) {
    k = CL_TEST_SELECT_DEFAULT;
    found = first_of_type (CL_DEVICE_TYPE_GPU);
    if (!found)
      found = first_of_type (CL_DEVICE_TYPE_ACCELERATOR);
    if (!found)
      found = first_of_type (CL_DEVICE_TYPE_CPU);
  } else if ((type = parse_type (selector))) {
    k = CL_TEST_SELECT_TYPE;
    found = first_of_type (type);
  } else if (parse_index (selector, &p, &d)) {
    k = CL_TEST_SELECT_INDEX;
    found = at_index (p, d);
  } else {
    k = CL_TEST_SELECT_NAME;
    for (guint i = 0; i < list->len && !found; i++) {
      const ClTestDevice *dev = g_ptr_array_index (list, i);

      if (name_contains (dev->name, selector))
        found = dev;
    }
  }
  if (kind)
    *kind = k;
  return found;
}

static gchar *
swap_case (gchar *s)
{
  for (gchar *c = s; *c; c++)
    *c = g_ascii_isupper (*c) ? g_ascii_tolower (*c) : g_ascii_toupper (*c);
  return s;
}

/* A piece of @dev's name in the other case, so that the match must ignore
 * case and not be anchored: the middle half, else the first half, else
 * the whole name, whichever the rules give @dev for (another device's name
 * may contain it), else the middle half all the same. */
static gchar *
name_piece (const ClTestDevice *dev)
{
  const gchar *name = dev->name;
  const gsize len = strlen (name);
  gchar *pieces[3];
  gchar *piece = NULL;

  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isprint (name[i]))
      return g_strdup (name);
  pieces[0] = swap_case (g_strndup (name + len / 4, MAX (len / 2, 1)));
  pieces[1] = swap_case (g_strndup (name, MAX (len / 2, 1)));
  pieces[2] = swap_case (g_strdup (name));
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++) {
    ClTestSelectKind kind;
    const ClTestDevice *found = cl_test_expected_device (pieces[i], &kind);

    if (!piece && kind == CL_TEST_SELECT_NAME && found &&
        found->id == dev->id) {
      piece = pieces[i];
      pieces[i] = NULL;
    }
  }
  if (!piece) {
    piece = pieces[0];
    pieces[0] = NULL;
  }
  for (guint i = 0; i < G_N_ELEMENTS (pieces); i++)
    g_free (pieces[i]);
  return piece;
}

/* Each platform's first device and the first few: every platform and a
 * second device of one are covered without a run per device on machines
 * with many. */
static gboolean
worth_a_selector (const ClTestDevice *dev, guint position)
{
  return position < 3 || dev->device_index == 0;
}

/* Takes @selector unless @sel has it already (devices of one name). */
static void
add_selector (GPtrArray *sel, gchar *selector)
{
  for (guint i = 0; i < sel->len; i++)
    if (g_str_equal (g_ptr_array_index (sel, i), selector)) {
      g_free (selector);
      return;
    }
  g_ptr_array_add (sel, selector);
}

GPtrArray *
cl_test_selectors (void)
{
  GPtrArray *list = cl_test_devices ();
  GPtrArray *sel = g_ptr_array_new_with_free_func (g_free);
  const ClTestDevice *last = NULL;
  guint on_last_platform = 0;

  add_selector (sel, g_strdup ("no-such-device"));
  add_selector (sel, g_strdup (""));
  add_selector (sel, g_strdup ("gpu"));
  add_selector (sel, g_strdup ("cpu"));
  add_selector (sel, g_strdup ("accelerator"));
  for (guint i = 0; i < list->len; i++) {
    const ClTestDevice *dev = g_ptr_array_index (list, i);

    if (worth_a_selector (dev, i))
      add_selector (sel,
          g_strdup_printf ("%u.%u", dev->platform_index, dev->device_index));
  }
  add_selector (sel, g_strdup_printf ("%u.0", n_platforms));
  for (guint i = 0; i < list->len; i++) {
    const ClTestDevice *dev = g_ptr_array_index (list, i);

    if (worth_a_selector (dev, i) && *dev->name)
      add_selector (sel, name_piece (dev));
  }
  for (guint i = 0; i < list->len; i++) {
    const ClTestDevice *dev = g_ptr_array_index (list, i);

    if (last && dev->platform_index != last->platform_index)
      on_last_platform = 0;
    last = dev;
    on_last_platform++;
  }
  /* One past the last device of a platform that has devices. */
  if (last)
    add_selector (sel,
        g_strdup_printf ("%u.%u", last->platform_index, on_last_platform));
  return sel;
}

const ClTestDevice *
cl_test_element_device (GstElement *element)
{
  GstContext *context = gst_element_get_context (element, CL_CONTEXT_TYPE);
  const GstStructure *s;
  const ClTestDevice *found;
  gchar *name = NULL;
  guint p, d;

  fail_unless (context != NULL, "%s holds no OpenCL context",
      GST_OBJECT_NAME (element));
  s = gst_context_get_structure (context);
  fail_unless (gst_structure_get_uint (s, "platform-index", &p) &&
                   gst_structure_get_uint (s, "device-index", &d),
      "%" GST_PTR_FORMAT, s);
  found = at_index (p, d);
  fail_unless (found != NULL, "%s runs on %u.%u, which the list lacks",
      GST_OBJECT_NAME (element), p, d);
  g_object_get (element, "device-name", &name, NULL);
  fail_unless_equals_string (name, found->name);
  g_free (name);
  gst_context_unref (context);
  return found;
}

const ClTestDevice *
cl_test_check_selection (GstElement *element, const gchar *selector,
    const gchar *where)
{
  ClTestSelectKind kind;
  const ClTestDevice *expected = cl_test_expected_device (selector, &kind);
  const ClTestDevice *actual = cl_test_element_device (element);
  gchar *got = cl_test_device_describe (actual);
  guint p, d;

  g_print ("%s: device=\"%s\" -> %s\n", where, selector, got);
  fail_unless (expected != NULL, "%s: device=\"%s\" matches nothing, yet %s",
      where, selector, got);
  switch (kind) {
    case CL_TEST_SELECT_TYPE:
      fail_unless (actual->type & parse_type (selector),
          "%s: device=\"%s\" chose %s", where, selector, got);
      break;
    case CL_TEST_SELECT_INDEX:
      fail_unless (parse_index (selector, &p, &d));
      fail_unless (at_index (p, d) && at_index (p, d)->id == actual->id,
          "%s: device=\"%s\" chose %s", where, selector, got);
      break;
    case CL_TEST_SELECT_NAME:
      fail_unless (name_contains (actual->name, selector),
          "%s: device=\"%s\" chose %s", where, selector, got);
      break;
    case CL_TEST_SELECT_DEFAULT:
      break;
  }
  /* ... and the first that qualifies, in the documented order. */
  fail_unless (actual->id == expected->id,
      "%s: device=\"%s\" chose %s, not %u.%u", where, selector, got,
      expected->platform_index, expected->device_index);
  g_free (got);
  return actual;
}

GstContext *
cl_test_app_context (cl_context *made)
{
  const ClTestDevice *dev = cl_test_expected_device ("", NULL);
  GstContext *context = gst_context_new (GST_CL_CONTEXT_TYPE, TRUE);
  cl_context_properties props[] = { CL_CONTEXT_PLATFORM, 0, 0 };
  cl_platform_id platform;
  cl_int status;

  fail_unless (dev != NULL);
  clGetDeviceInfo (dev->id, CL_DEVICE_PLATFORM, sizeof (platform), &platform,
      NULL);
  props[1] = (cl_context_properties)platform;
  *made = clCreateContext (props, 1, &dev->id, NULL, NULL, &status);
  fail_unless_equals_int (status, CL_SUCCESS);
  gst_structure_set (gst_context_writable_structure (context),
      GST_CL_CONTEXT_FIELD_CONTEXT, G_TYPE_POINTER, *made,
      GST_CL_CONTEXT_FIELD_DEVICE, G_TYPE_POINTER, dev->id, NULL);
  return context;
}
