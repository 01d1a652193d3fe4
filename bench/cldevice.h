/* gst-clfilter
 * Copyright (C) 2026 gst-clfilter developers
 * SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
 *
 * The OpenCL device a bench program is told to use, by the name the
 * elements report in "device-name" or by type.
 */
#ifndef __BENCH_CL_DEVICE_H__
#define __BENCH_CL_DEVICE_H__

#include <CL/cl.h>
#include <glib.h>

#include <string.h>

/* The first device named @name (as the plugin reports names: without
 * surrounding spaces) or, with @type not 0, the first of that type; NULL
 * if there is none. */
static inline cl_device_id
bench_find_device (const char *name, cl_device_type type)
{
  cl_platform_id platforms[16];
  cl_uint np = 0;

  clGetPlatformIDs (16, platforms, &np);
  for (cl_uint i = 0; i < np; i++) {
    cl_device_id ids[16];
    cl_uint nd = 0;

    clGetDeviceIDs (platforms[i], type ? type : CL_DEVICE_TYPE_ALL, 16, ids,
        &nd);
    for (cl_uint j = 0; j < nd; j++) {
      gchar s[256] = "";

      clGetDeviceInfo (ids[j], CL_DEVICE_NAME, sizeof (s) - 1, s, NULL);
      if (type || !strcmp (g_strstrip (s), name))
        return ids[j];
    }
  }
  return NULL;
}

#endif /* __BENCH_CL_DEVICE_H__ */
