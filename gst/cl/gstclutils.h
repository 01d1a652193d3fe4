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

/* Sets argument @i of kernel @k to the value of the variable @v. */
#define GST_CL_SET_ARG(k, i, v) clSetKernelArg (k, i, sizeof (v), &(v))

/* Each component index @c whose bit is set in @mask. */
#define GST_CL_FOREACH_COMPONENT(mask, c)                                      \
  for (guint c = 0; c < GST_VIDEO_MAX_COMPONENTS; c++)                         \
    if ((mask) & (1u << c))

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
