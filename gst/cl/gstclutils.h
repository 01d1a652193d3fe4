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
#ifndef __GST_CL_UTILS_H__
#define __GST_CL_UTILS_H__

#include <gst/video/video.h>

#include "gstcldevice.h"

G_BEGIN_DECLS

/* A kernel's arguments, set in the order of its parameters in kernels/:
 * the order of the GST_CL_ARG() calls is the argument order, so no
 * position is written as a number, and gst_cl_args_end() checks the count
 * against the kernel's own. */
typedef struct {
  cl_kernel kernel;
  cl_uint next;
  cl_int status;
} GstClArgs;

#define GST_CL_ARGS_INIT(k)                                                    \
  {                                                                            \
    (k), 0, CL_SUCCESS                                                         \
  }

static inline void
gst_cl_args_add (GstClArgs *args, size_t size, const void *value)
{
  if (args->status == CL_SUCCESS)
    args->status = clSetKernelArg (args->kernel, args->next, size, value);
  args->next++;
}

/* The next argument: the value of the variable @v. */
#define GST_CL_ARG(args, v) gst_cl_args_add (args, sizeof (v), &(v))
/* The next argument: a __local buffer of @bytes. */
#define GST_CL_ARG_LOCAL(args, bytes) gst_cl_args_add (args, bytes, NULL)

/* CL_SUCCESS when every argument was set and they were as many as the
 * kernel takes, else CL_INVALID_KERNEL_ARGS. */
static inline cl_int
gst_cl_args_end (const GstClArgs *args)
{
  cl_uint n = 0;

  if (args->status != CL_SUCCESS ||
      clGetKernelInfo (args->kernel, CL_KERNEL_NUM_ARGS, sizeof (n), &n,
          NULL) != CL_SUCCESS ||
      n != args->next)
    return CL_INVALID_KERNEL_ARGS;
  return CL_SUCCESS;
}

/* Each component index @c whose bit is set in @mask. */
#define GST_CL_FOREACH_COMPONENT(mask, c)                                      \
  for (guint c = 0; c < GST_VIDEO_MAX_COMPONENTS; c++)                         \
    if ((mask) & (1u << c))

/* Bands of rows for a CPU kernel over @pixels pixels on @units cores: at
 * least @least a core, more on large frames, up to @most a core, each of
 * @band_pixels or more. Many bands let a core that another thread holds
 * up leave its share to the others (docs/performance.md has the
 * figures). */
static inline guint
gst_cl_cpu_bands (guint units, guint64 pixels, guint least, guint most,
    guint band_pixels)
{
  units = MAX (1, units);
  return MAX (units * least, MIN (units * most, pixels / band_pixels));
}

/* Release what *@p holds, if anything, and clear it. */
static inline void
gst_cl_clear_mem (cl_mem *p)
{
  if (*p)
    clReleaseMemObject (*p);
  *p = NULL;
}

static inline void
gst_cl_clear_kernel (cl_kernel *p)
{
  if (*p)
    clReleaseKernel (*p);
  *p = NULL;
}

static inline void
gst_cl_clear_program (cl_program *p)
{
  if (*p)
    clReleaseProgram (*p);
  *p = NULL;
}

G_END_DECLS
#endif /* __GST_CL_UTILS_H__ */
