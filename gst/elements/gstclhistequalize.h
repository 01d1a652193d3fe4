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
#ifndef __GST_CL_HIST_EQUALIZE_H__
#define __GST_CL_HIST_EQUALIZE_H__

#include "gstclfilter.h"
#include "kernels/clshared.h"

G_BEGIN_DECLS

/**
 * GstClHistEqualizeMethod:
 * @GST_CL_HIST_EQUALIZE_METHOD_EQUALIZE: histogram equalization
 * @GST_CL_HIST_EQUALIZE_METHOD_LINEAR: a linear stretch between two
 *   percentiles
 *
 * How clhistequalize builds each frame's table.
 */
typedef enum
{
  GST_CL_HIST_EQUALIZE_METHOD_EQUALIZE = GST_CL_METHOD_EQUALIZE,
  GST_CL_HIST_EQUALIZE_METHOD_LINEAR = GST_CL_METHOD_LINEAR,
} GstClHistEqualizeMethod;

#define GST_TYPE_CL_HIST_EQUALIZE_METHOD                                       \
  (gst_cl_hist_equalize_method_get_type ())
GType gst_cl_hist_equalize_method_get_type (void);

#define GST_TYPE_CL_HIST_EQUALIZE (gst_cl_hist_equalize_get_type ())
G_DECLARE_FINAL_TYPE (GstClHistEqualize, gst_cl_hist_equalize, GST,
    CL_HIST_EQUALIZE, GstClFilter)

GST_ELEMENT_REGISTER_DECLARE (clhistequalize);

G_END_DECLS
#endif /* __GST_CL_HIST_EQUALIZE_H__ */
