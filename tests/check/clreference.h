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
#include "colorreference.h"

G_BEGIN_DECLS

/* clhistequalize's output for @in, in @in's format and strides: GRAY8 and
 * full-range YUV luma equalized as cv::equalizeHist, limited-range YUV
 * luma (GStreamer's default for YUV caps without colorimetry) into
 * 16-235 (shifted up by d - 8 for luma of d bits), GRAY16 and full-range
 * luma of d > 8 bits into 0..2^d - 1; chroma copied. Luma values are read
 * without the bits above the depth (test_frame_value()). */
TestFrame *ref_histequalize (const TestFrame *in);

/* clhistequalize's output for @in of YUV of d > 8 bits in its 8-bit
 * sibling @format (NV12 for P010_10LE, I420 for I420_10LE, ...): the luma
 * equalized as for d bits with 8 in place of d in the table's range (0-255
 * full range, in exact integers; 16-235 limited), a constant frame's luma
 * v >> (d - 8); the chroma's values shifted down by d - 8. */
TestFrame *ref_histequalize_narrow (const TestFrame *in, GstVideoFormat format);

/* The channel @space of each pixel of the packed RGB frame @in, as a
 * GRAY8 frame: what the elements work on. */
TestFrame *ref_rgb_channel (const TestFrame *in, RefColorSpace space);
/* @in with each pixel converted to @space, its channel replaced by
 * @channel's sample, and converted back, as OpenCV's cvtColor round trip;
 * alpha and padding bytes as in @in. */
TestFrame *ref_rgb_replace (const TestFrame *in, const TestFrame *channel,
    RefColorSpace space);

/* @op on the channel @space of @in's pixels, the pixels converted back
 * with its result (ref_rgb_replace()): the references of packed RGB,
 * which each reference below takes in YCrCb unless it says otherwise.
 * REF_COLOR_RGB: @op on each of R, G and B. */
typedef TestFrame *(
    *RefChannelOp) (const TestFrame *channel, gconstpointer data);
TestFrame *ref_rgb_on_channel (const TestFrame *in, RefColorSpace space,
    RefChannelOp op, gconstpointer data);

/* The full histogram of @in's gray or luma values (RGB: the Y of its
 * YCrCb): 2^depth bins. */
guint64 *ref_histogram (const TestFrame *in, guint *nbins);

/* How clhistequalize's and clhistogram's region of interest meets a frame:
 * inside it as set, cut at its right or bottom edge, or starting past it
 * (the element then uses the whole frame and warns, as it does for a cut
 * one). */
typedef enum
{
  REF_REGION_INSIDE,
  REF_REGION_CLIPPED,
  REF_REGION_EMPTY,
} RefRegionFit;

/* The region (x, y, width, height) of a @width x @height frame that the
 * roi-x, roi-y, roi-width and roi-height properties @roi select, as
 * docs/clhistogram.md defines it: from (roi-x, roi-y), roi-width across
 * and roi-height down, a 0 size reaching the frame's right or bottom edge
 * and a larger one cut there; the whole frame where roi-x or roi-y lies
 * past the frame. */
RefRegionFit ref_region (const guint roi[4], guint width, guint height,
    guint region[4]);

/* clsobel's modes, numbered as the element's GstClSobelMode. */
typedef enum
{
  REF_SOBEL_MAGNITUDE,
  REF_SOBEL_MAGNITUDE_L1,
  REF_SOBEL_DX,
  REF_SOBEL_DY,
} RefSobelMode;

/* clsobel's output for @in of its luma or gray values, in the format the
 * element gives by default (ref_sobel_default_format: GRAY8 for 8-bit YUV,
 * GRAY16_LE for YUV of more bits, the input's for gray), in @in's stride
 * where the format is @in's. */
TestFrame *ref_sobel (const TestFrame *in, RefSobelMode mode, gdouble scale,
    guint threshold);
GstVideoFormat ref_sobel_default_format (GstVideoFormat in);
/* The same in @format: GRAY8 from anything (GRAY16 clamped to 255, and the
 * threshold's maximum 255), or the input's own gray format. */
TestFrame *ref_sobel_format (const TestFrame *in, RefSobelMode mode,
    gdouble scale, guint threshold, GstVideoFormat format);

/* clclahe's properties, and the output the reference makes. */
typedef struct {
  gdouble clip_limit;
  guint tiles_x, tiles_y;
  guint smoothing;
  /* Bits d of the values, whose 2^d bins the tables have (OpenCV's
   * histSize): 0 for the gray frame's own, 8 or 16. */
  guint bits;
  /* Limited-range luma: tables onto 16..235, shifted up by d - 8. */
  gboolean limited;
  /* 8-bit output: GRAY8 of GRAY16 input, the 8-bit sibling of YUV of d
   * bits (ref_clahe_frame()); the d-bit output shifted down by d - 8. */
  gboolean to_8bit;
  /* table-from=previous: the blend takes the tables of the frame before,
   * those the state holds ((T + 128) >> 8) when it holds some for this
   * grid and bins, while the state moves on by this frame's tables as
   * without it. */
  gboolean from_previous;
} RefClaheParams;

/* clclahe's smoothing state from frame to frame: T of every tile and bin,
 * for the grid it was made for. Zero-initialize it (or clear it) for a
 * first frame. */
typedef struct {
  guint tiles_x, tiles_y, nbins;
  guint32 *T;
} RefClaheState;

void ref_clahe_state_clear (RefClaheState *state);

/* The clclahe defaults: clip limit 2, 8x8 tiles, no smoothing. */
void ref_clahe_params_init (RefClaheParams *p);

/* clclahe's output for the gray frame @in (the luma of YUV as GRAY8, or
 * as GRAY16_LE holding its values), OpenCV's cv::CLAHE written out from
 * its source with 2^@p->bits bins; @state carries the smoothing (NULL:
 * every frame a first one). */
TestFrame *ref_clahe (const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state);

/* clclahe's output for @in in any format the element takes, in @in's
 * format (with @p->to_8bit GRAY8 of GRAY16, the 8-bit sibling of YUV of
 * more bits): ref_clahe of its gray or luma values over 2^d bins, limited
 * range where @in's caps make it so (whatever @p->limited and @p->bits
 * say), the chroma copied (shifted down by d - 8 into the sibling). */
TestFrame *ref_clahe_frame (const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state);

/* The same for packed RGB @in in color-space @space (REF_COLOR_YCRCB,
 * REF_COLOR_LAB, or REF_COLOR_RGB with R, G and B each on its own tables,
 * their states @states[0], [1] and [2]; the others carry @states[0]).
 * @states may be NULL: every frame a first one. */
TestFrame *ref_clahe_frame_rgb (const TestFrame *in, RefColorSpace space,
    const RefClaheParams *p, RefClaheState *states);

/* @element's output for @in with its default properties: "clhistequalize",
 * "clhistogram" (the input), "clclahe" or "clsobel". */
TestFrame *ref_element (const gchar *element, const TestFrame *in);

G_END_DECLS
#endif
