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
 * clhistequalize's video AGC (docs/clhistequalize.md): methods, strength,
 * smoothing over frames and the region of interest, restated from the
 * formulas in plain C, sharing no code with the kernels.
 */
#ifndef __AGC_REFERENCE_H__
#define __AGC_REFERENCE_H__

#include "cltestutils.h"
#include "colorreference.h"

G_BEGIN_DECLS

typedef enum
{
  AGC_EQUALIZE,
  AGC_LINEAR,
} AgcMethod;

typedef struct {
  AgcMethod method;
  gdouble saturate_low, saturate_high;
  gdouble strength;
  guint smoothing;
  guint roi_x, roi_y, roi_width, roi_height;
} AgcSettings;

/* The element's defaults. */
#define AGC_DEFAULTS                                                           \
  {                                                                            \
    AGC_EQUALIZE, 0.01, 0.01, 1.0, 0, 0, 0, 0, 0                               \
  }

/* The smoothed table T carried from frame to frame; restart with
 * agc_state_reset(). */
typedef struct {
  guint nbins;
  guint64 *T;
} AgcState;

void agc_state_reset (AgcState *state);

/* The region the histogram covers: ref_region() of the ROI. */
void agc_region (const AgcSettings *s, guint width, guint height, guint *x,
    guint *y, guint *w, guint *h);

/* clhistequalize's output for @in in @out_format (its own, or GRAY8 for
 * GRAY16 input, or the 8-bit sibling of YUV of more bits: NV12 for
 * P010_10LE, its chroma's values shifted down by d - 8), moving @state on by
 * one frame; @limited: @in is YUV of limited range, whose luma maps
 * into 16..235 (shifted up by d - 8 for luma of d bits). Luma values are read
 * without the bits above the depth. */
TestFrame *ref_agc_frame (const TestFrame *in, GstVideoFormat out_format,
    gboolean limited, const AgcSettings *s, AgcState *state);

/* The same with table-from=previous: @state moves on by @in's own table
 * exactly as ref_agc_frame() moves it, but @in is mapped through the table
 * ref_agc_frame() mapped the frame before through (the T @state holds
 * when called), unless @own (the first frame of a run: after start, a
 * flush, DISCONT, new caps, a switch to previous or a change of the
 * table's properties) or there is none. */
TestFrame *ref_agc_frame_previous (const TestFrame *in,
    GstVideoFormat out_format, gboolean limited, const AgcSettings *s,
    AgcState *state, gboolean own);
/* The same for packed RGB @in in color-space @space (REF_COLOR_YCRCB,
 * REF_COLOR_LAB, or REF_COLOR_RGB with a state per channel, R, G and B in
 * @states; the others use states[0]). */
TestFrame *ref_agc_frame_previous_rgb (const TestFrame *in, RefColorSpace space,
    const AgcSettings *s, AgcState states[3], gboolean own);

G_END_DECLS
#endif
