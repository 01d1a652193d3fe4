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
 * OpenCV 4.6's 8-bit colour conversions (cv::cvtColor on CV_8U arrays),
 * restated in plain C from OpenCV's fixed-point formulas and sharing no
 * code with the kernels (kernels/color.cl). tests/color-opencv.py holds
 * them to cv2 itself over every 8-bit input.
 */
#ifndef __COLOR_REFERENCE_H__
#define __COLOR_REFERENCE_H__

#include <glib.h>

G_BEGIN_DECLS

/* COLOR_RGB2YCrCb and COLOR_YCrCb2RGB: BT.601, full range, Y 0-255 and
 * chroma centred on 128. */
void ref_rgb_to_ycrcb (guint8 r, guint8 g, guint8 b, guint8 *y, guint8 *cr,
    guint8 *cb);
void ref_ycrcb_to_rgb (guint8 y, guint8 cr, guint8 cb, guint8 *r, guint8 *g,
    guint8 *b);

/* COLOR_RGB2Lab and COLOR_Lab2RGB (sRGB, D65) as OpenCV stores Lab in 8
 * bits: L * 255 / 100, a + 128, b + 128. */
void ref_rgb_to_lab (guint8 r, guint8 g, guint8 b, guint8 *l, guint8 *a,
    guint8 *lab_b);
void ref_lab_to_rgb (guint8 l, guint8 a, guint8 lab_b, guint8 *r, guint8 *g,
    guint8 *b);

/* COLOR_RGB2GRAY. */
guint8 ref_rgb_to_gray (guint8 r, guint8 g, guint8 b);

/* The channel the elements work on, numbered as GST_CL_COLOR_* in
 * kernels/clshared.h. */
typedef enum
{
  REF_COLOR_YCRCB,
  REF_COLOR_LAB,
  REF_COLOR_GRAY,
  /* R, G and B, each on its own: the references take each of the three
   * below in turn. */
  REF_COLOR_RGB,
  REF_COLOR_R,
  REF_COLOR_G,
  REF_COLOR_B,
} RefColorSpace;

/* What unpack_rgb writes to the plane for the pixel (@r, @g, @b): Y of
 * YCrCb, L of Lab, gray, or R, G or B itself. */
guint8 ref_color_channel (RefColorSpace space, guint8 r, guint8 g, guint8 b);

/* What pack_rgb makes of the pixel (@r, @g, @b) and the plane's value @v:
 * the pixel converted, its channel 0 replaced by @v and converted back to
 * RGB; for gray, @v in all three; for R, G or B, @v in that one. */
void ref_color_replace (RefColorSpace space, guint8 v, guint8 *r, guint8 *g,
    guint8 *b);

G_END_DECLS
#endif
