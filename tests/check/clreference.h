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
 * Plain C references for the elements' formulas, written from the formulas
 * alone and sharing no code with the kernels.
 */
#ifndef __CL_REFERENCE_H__
#define __CL_REFERENCE_H__

#include "cltestutils.h"

G_BEGIN_DECLS

/* clhistequalize's output for @in, in @in's format and stride. */
TestFrame *ref_histequalize (const TestFrame *in);

/* The full histogram of @in: 256 or 65536 bins. */
guint64 *ref_histogram (const TestFrame *in, guint *nbins);

/* clsobel's modes, numbered as the element's GstClSobelMode. */
typedef enum
{
  REF_SOBEL_MAGNITUDE,
  REF_SOBEL_MAGNITUDE_L1,
  REF_SOBEL_DX,
  REF_SOBEL_DY,
} RefSobelMode;

/* clsobel's output for @in, in @in's format and stride. */
TestFrame *ref_sobel (const TestFrame *in, RefSobelMode mode, gdouble scale,
    guint threshold);

/* @element's output for @in with its default properties: "clhistequalize",
 * "clhistogram" (the input) or "clsobel". */
TestFrame *ref_element (const gchar *element, const TestFrame *in);

G_END_DECLS
#endif
