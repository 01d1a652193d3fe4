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
 *
 * The machine's OpenCL devices, listed by the tests themselves, and what the
 * elements' "device" property should pick from them: expectations come from
 * the rules the property documents, never from one driver's device names.
 */
#ifndef __CL_DEVICES_H__
#define __CL_DEVICES_H__

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <gst/gst.h>

G_BEGIN_DECLS

/* Two entries can share one device where an ICD is registered twice: the
 * checks compare @id, so that either entry's "P.D" names it. */
typedef struct {
  cl_device_id id;
  guint platform_index;
  guint device_index;
  cl_device_type type;
  gchar *name;
} ClTestDevice;

/* Which of the documented forms a selector has. */
typedef enum
{
  CL_TEST_SELECT_DEFAULT, /* "" */
  CL_TEST_SELECT_TYPE,    /* "gpu", "cpu", "accelerator" */
  CL_TEST_SELECT_INDEX,   /* "P.D" */
  CL_TEST_SELECT_NAME,    /* any other text */
} ClTestSelectKind;

/* Every device of every platform, in "P.D" order; listed (and printed) once
 * per process. Owned by the helper. */
GPtrArray *cl_test_devices (void);

/* "0.1 \"name\" (gpu)", for logs. */
gchar *cl_test_device_describe (const ClTestDevice *dev);

/* The device the documented rules give for @selector, or NULL where
 * nothing matches; @kind (unless NULL) says which rule applied. */
const ClTestDevice *cl_test_expected_device (const gchar *selector,
    ClTestSelectKind *kind);

/* Selectors of every form for this machine's list, in an order that
 * alternates ones that match nothing with ones that do: the empty one,
 * the type names, each device's "P.D", a piece of each device's name in
 * the other case, indices and a name that are not there. */
GPtrArray *cl_test_selectors (void);

/* The device @element runs on, from the GstContext it holds (platform and
 * device index) and its device-name property, which must agree. */
const ClTestDevice *cl_test_element_device (GstElement *element);

/* Asserts that started @element runs on the device @selector names: of
 * that type, at that index, or with a name that contains it, and the one
 * the rules pick. Prints "@where: device=... -> ...". Returns the device. */
const ClTestDevice *cl_test_check_selection (GstElement *element,
    const gchar *selector, const gchar *where);

/* An application's own OpenCL context on the device the elements pick
 * (cl_test_expected_device ("")), as a GstContext to hand elements; @made
 * is the application's reference. */
GstContext *cl_test_app_context (cl_context *made);

G_END_DECLS
#endif
