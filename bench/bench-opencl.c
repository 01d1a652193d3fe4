/* gst-clfilter benchmark: the child modes that ask OpenCL directly
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
 * --child=probe names the device the elements would pick, --child=bandwidth
 * times a copy kernel on it: the yardstick for the elements' kernels.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* OpenCL device selection, as the elements' "device" property does it */

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  guint p, d;
  cl_device_type type;
  gchar name[256];
} ClDev;

static gboolean
cl_select_device (const gchar *sel, ClDev *out, gchar **why)
{
  cl_platform_id platforms[16];
  cl_uint np = 0;
  ClDev all[64];
  guint n = 0, p, d;

  if (clGetPlatformIDs (16, platforms, &np) != CL_SUCCESS || np == 0) {
    *why = g_strdup ("no OpenCL platform");
    return FALSE;
  }
  for (guint i = 0; i < np; i++) {
    cl_device_id ids[16];
    cl_uint nd = 0;

    if (clGetDeviceIDs (platforms[i], CL_DEVICE_TYPE_ALL, 16, ids, &nd) !=
        CL_SUCCESS)
      continue;
    for (guint j = 0; j < nd && n < G_N_ELEMENTS (all); j++, n++) {
      all[n].platform = platforms[i];
      all[n].device = ids[j];
      all[n].p = i;
      all[n].d = j;
      clGetDeviceInfo (ids[j], CL_DEVICE_TYPE, sizeof (cl_device_type),
          &all[n].type, NULL);
      all[n].name[0] = '\0';
      clGetDeviceInfo (ids[j], CL_DEVICE_NAME, sizeof (all[n].name),
          all[n].name, NULL);
      g_strstrip (all[n].name);
    }
  }
  if (!sel || !*sel) {
    const cl_device_type order[] = { CL_DEVICE_TYPE_GPU,
      CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CPU };

    for (guint t = 0; t < G_N_ELEMENTS (order); t++)
      for (guint i = 0; i < n; i++)
        if (all[i].type & order[t]) {
          *out = all[i];
          return TRUE;
        }
  } else if (!g_ascii_strcasecmp (sel, "gpu") ||
             !g_ascii_strcasecmp (sel, "cpu") ||
             !g_ascii_strcasecmp (sel, "accelerator")) {
    cl_device_type t = !g_ascii_strcasecmp (sel, "gpu") ? CL_DEVICE_TYPE_GPU
                       : !g_ascii_strcasecmp (sel, "cpu")
                           ? CL_DEVICE_TYPE_CPU
                           : CL_DEVICE_TYPE_ACCELERATOR;

    for (guint i = 0; i < n; i++)
      if (all[i].type & t) {
        *out = all[i];
        return TRUE;
      }
  } else if (sscanf (sel, "%u.%u", &p, &d) == 2) {
    for (guint i = 0; i < n; i++)
      if (all[i].p == p && all[i].d == d) {
        *out = all[i];
        return TRUE;
      }
  } else {
    gchar *needle = g_utf8_casefold (sel, -1);

    for (guint i = 0; i < n; i++) {
      gchar *hay = g_utf8_casefold (all[i].name, -1);
      gboolean hit = strstr (hay, needle) != NULL;

      g_free (hay);
      if (hit) {
        *out = all[i];
        g_free (needle);
        return TRUE;
      }
    }
    g_free (needle);
  }
  *why = g_strdup_printf ("no OpenCL device matches \"%s\"", sel ? sel : "");
  return FALSE;
}

static const gchar *
cl_type_name (cl_device_type t)
{
  return (t & CL_DEVICE_TYPE_GPU)           ? "gpu"
         : (t & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
         : (t & CL_DEVICE_TYPE_CPU)         ? "cpu"
                                            : "other";
}

/* --child=probe: which device the selector names. */
int
child_probe (void)
{
  GstStructure *s = gst_structure_new_empty ("probe");
  gchar *why = NULL;
  ClDev dev;

  if (cl_select_device (opt_device, &dev, &why)) {
    gchar pname[256] = "", version[256] = "", driver[256] = "";
    cl_uint cus = 0;
    cl_ulong mem = 0;

    clGetPlatformInfo (dev.platform, CL_PLATFORM_NAME, sizeof (pname), pname,
        NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_VERSION, sizeof (version), version,
        NULL);
    clGetDeviceInfo (dev.device, CL_DRIVER_VERSION, sizeof (driver), driver,
        NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof (cus),
        &cus, NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof (mem), &mem,
        NULL);
    gchar *index = g_strdup_printf ("%u.%u", dev.p, dev.d);

    gst_structure_set (s, "device-name", G_TYPE_STRING, dev.name, "type",
        G_TYPE_STRING, cl_type_name (dev.type), "index", G_TYPE_STRING, index,
        "platform", G_TYPE_STRING, g_strstrip (pname), "version", G_TYPE_STRING,
        g_strstrip (version), "driver", G_TYPE_STRING, g_strstrip (driver),
        "compute-units", G_TYPE_UINT, cus, "global-mem-mib", G_TYPE_UINT64,
        mem >> 20, NULL);
    g_free (index);
  } else {
    gst_structure_set (s, "error", G_TYPE_STRING, why, NULL);
    g_free (why);
  }
  print_result (s);
  gst_structure_free (s);
  return 0;
}

/* --child=bandwidth: a plain copy kernel's bytes read + written per second
 * on a large buffer, best of several, and the time of copying each of
 * --copy-sizes bytes (the smallest a filter of that frame could take). */
static const char *copy_src =
    "__kernel void copy4 (__global const uint4 *src, __global uint4 *dst)\n"
    "{ size_t i = get_global_id (0); dst[i] = src[i]; }\n";

static gdouble
time_copy (cl_command_queue q, cl_kernel k, size_t n_vec, guint reps,
    cl_int *err)
{
  gdouble best = INFINITY;

  for (guint r = 0; r < reps; r++) {
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;

    *err = clEnqueueNDRangeKernel (q, k, 1, NULL, &n_vec, NULL, 0, NULL, &ev);
    if (*err != CL_SUCCESS)
      return NAN;
    clWaitForEvents (1, &ev);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof (t0), &t0,
        NULL);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof (t1), &t1,
        NULL);
    clReleaseEvent (ev);
    best = MIN (best, (gdouble)(t1 - t0));
  }
  return best;
}

int
child_bandwidth (void)
{
  GstStructure *s = gst_structure_new_empty ("bandwidth");
  gchar *why = NULL;
  ClDev dev;
  cl_context ctx = NULL;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_mem a = NULL, b = NULL;
  cl_int err = CL_SUCCESS;
  cl_ulong max_alloc = 0;
  size_t bytes;
  gdouble ns;

  if (!cl_select_device (opt_device, &dev, &why))
    goto fail;
  clGetDeviceInfo (dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof (max_alloc),
      &max_alloc, NULL);
  bytes = MIN ((cl_ulong)opt_bw_mib << 20, max_alloc) & ~(size_t)15;
  ctx = clCreateContext (NULL, 1, &dev.device, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    q = clCreateCommandQueue (ctx, dev.device, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err == CL_SUCCESS)
    prog = clCreateProgramWithSource (ctx, 1, &copy_src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &dev.device, "-cl-std=CL1.2", NULL, NULL);
  if (err == CL_SUCCESS)
    k = clCreateKernel (prog, "copy4", &err);
  if (err == CL_SUCCESS)
    a = clCreateBuffer (ctx, CL_MEM_READ_ONLY, bytes, NULL, &err);
  if (err == CL_SUCCESS)
    b = clCreateBuffer (ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  if (err == CL_SUCCESS) {
    const cl_uint pattern = 0x5a5a1234;

    err = clEnqueueFillBuffer (q, a, &pattern, sizeof (pattern), 0, bytes, 0,
        NULL, NULL);
  }
  if (err == CL_SUCCESS)
    err = clSetKernelArg (k, 0, sizeof (a), &a);
  if (err == CL_SUCCESS)
    err = clSetKernelArg (k, 1, sizeof (b), &b);
  if (err != CL_SUCCESS) {
    why = g_strdup_printf ("OpenCL setup failed (%d)", err);
    goto fail;
  }
  /* One untimed pass to fault the pages in, then the best of 10. */
  time_copy (q, k, bytes / 16, 1, &err);
  ns = time_copy (q, k, bytes / 16, 10, &err);
  if (err != CL_SUCCESS) {
    why = g_strdup_printf ("copy kernel failed (%d)", err);
    goto fail;
  }
  gst_structure_set (s, "device-name", G_TYPE_STRING, dev.name, "bytes",
      G_TYPE_UINT64, (guint64)bytes, "copy-ns", G_TYPE_DOUBLE, ns,
      "bytes-per-s", G_TYPE_DOUBLE, 2.0 * bytes / ns * 1e9, NULL);

  if (opt_copy_sizes) {
    gchar **sizes = g_strsplit (opt_copy_sizes, ",", -1);

    for (guint i = 0; sizes[i]; i++) {
      guint64 n = g_ascii_strtoull (sizes[i], NULL, 10);
      gchar *key = g_strdup_printf ("copy-ns-%" G_GUINT64_FORMAT, n);

      n = (n + 15) / 16;
      if (n && n * 16 <= bytes)
        gst_structure_set (s, key, G_TYPE_DOUBLE, time_copy (q, k, n, 20, &err),
            NULL);
      g_free (key);
    }
    g_strfreev (sizes);
  }
  print_result (s);
  goto done;

fail:
  gst_structure_set (s, "error", G_TYPE_STRING, why, NULL);
  g_free (why);
  print_result (s);
done:
  if (a)
    clReleaseMemObject (a);
  if (b)
    clReleaseMemObject (b);
  if (k)
    clReleaseKernel (k);
  if (prog)
    clReleaseProgram (prog);
  if (q)
    clReleaseCommandQueue (q);
  if (ctx)
    clReleaseContext (ctx);
  gst_structure_free (s);
  return 0;
}
