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
#ifndef __GST_CL_SOBEL_H__
#define __GST_CL_SOBEL_H__

#include "gstclfilter.h"
#include "kernels/clshared.h"

G_BEGIN_DECLS

/**
 * GstClSobelMode:
 * @GST_CL_SOBEL_MODE_MAGNITUDE: sqrt (gx² + gy²)
 * @GST_CL_SOBEL_MODE_MAGNITUDE_L1: |gx| + |gy|
 * @GST_CL_SOBEL_MODE_DX: |gx|, the horizontal gradient (vertical edges)
 * @GST_CL_SOBEL_MODE_DY: |gy|, the vertical gradient (horizontal edges)
 *
 * What clsobel outputs from the two gradients.
 */
typedef enum
{
  GST_CL_SOBEL_MODE_MAGNITUDE = GST_CL_SOBEL_MAGNITUDE,
  GST_CL_SOBEL_MODE_MAGNITUDE_L1 = GST_CL_SOBEL_MAGNITUDE_L1,
  GST_CL_SOBEL_MODE_DX = GST_CL_SOBEL_DX,
  GST_CL_SOBEL_MODE_DY = GST_CL_SOBEL_DY,
} GstClSobelMode;

#define GST_TYPE_CL_SOBEL_MODE (gst_cl_sobel_mode_get_type ())
GType gst_cl_sobel_mode_get_type (void);

#define GST_TYPE_CL_SOBEL (gst_cl_sobel_get_type ())
G_DECLARE_FINAL_TYPE (GstClSobel, gst_cl_sobel, GST, CL_SOBEL, GstClFilter)

GST_ELEMENT_REGISTER_DECLARE (clsobel);

G_END_DECLS
#endif /* __GST_CL_SOBEL_H__ */
