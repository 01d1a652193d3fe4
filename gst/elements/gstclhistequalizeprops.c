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
/*
 * clhistequalize's properties of the table itself (method, saturate-low,
 * saturate-high, strength, smoothing, the region, table-from, the RGB
 * channel): their specs and documentation.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistequalize.h"
#include "gstclhistequalizeprops.h"
#include "gstclcolor.h"
#include "gstclroi.h"
#include "gstcltablefrom.h"

GType
gst_cl_hist_equalize_method_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    { GST_CL_HIST_EQUALIZE_METHOD_EQUALIZE, "Histogram equalization",
        "equalize" },
    { GST_CL_HIST_EQUALIZE_METHOD_LINEAR,
        "Linear stretch between the saturate-low and saturate-high "
        "percentiles",
        "linear" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClHistEqualizeMethod", values);

    g_once_init_leave (&type, t);
  }
  return type;
}

/* In luma samples, as clhistogram's; see gst_cl_roi_fit(). The gtk-doc
 * blocks are gstclroi.c's. */
static const gchar *const roi_blurbs[] = {
  "Left edge of the region whose histogram builds the table (0: the frame's "
  "left edge)",
  "Top edge of the region whose histogram builds the table (0: the frame's "
  "top edge)",
  "Width of the region whose histogram builds the table (0: to the frame's "
  "right edge)",
  "Height of the region whose histogram builds the table (0: to the frame's "
  "bottom edge)",
};

/* The properties of the table itself: how it is built and applied. */
void
gst_cl_hist_equalize_install_properties (GObjectClass *gobject_class,
    guint prop_method, guint prop_roi_x, guint prop_table_from,
    guint prop_color_space)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            GST_PARAM_MUTABLE_PLAYING;

  /**
   * GstClHistEqualize:method:
   *
   * How each frame's table is built from the region's histogram:
   * `equalize` (the default) spreads the values evenly over the output
   * range (cv::equalizeHist for GRAY8 and full-range luma); `linear`
   * stretches the values between the #GstClHistEqualize:saturate-low and
   * #GstClHistEqualize:saturate-high percentiles linearly onto it. The
   * output range is 0-255 for 8-bit output, 16-235 for limited-range luma
   * (shifted up by d - 8 for luma of d bits), 0..2^d - 1 for full-range
   * luma of d > 8 bits and 0-65535 for GRAY16. May change while playing, from
   * the next frame on.
   */
  g_object_class_install_property (gobject_class, prop_method,
      g_param_spec_enum ("method", "Method",
          "How each frame's table is built from the histogram",
          GST_TYPE_CL_HIST_EQUALIZE_METHOD, DEFAULT_METHOD, flags));
  /**
   * GstClHistEqualize:saturate-low:
   *
   * With method=linear, the fraction of the region's N pixels that may map
   * to the lowest output value: the stretch starts at the smallest value
   * whose cumulative count exceeds floor (saturate-low * N), so 0 starts it
   * at the darkest value present. May change while playing, from the next
   * frame on.
   */
  g_object_class_install_property (gobject_class, prop_method + 1,
      g_param_spec_double ("saturate-low", "Saturate low",
          "method=linear: fraction of pixels that may map to the lowest value",
          0.0, 0.5, DEFAULT_SATURATE, flags));
  /**
   * GstClHistEqualize:saturate-high:
   *
   * With method=linear, the fraction of the region's N pixels that may map
   * to the highest output value: the stretch ends at the smallest value
   * whose cumulative count reaches N - floor (saturate-high * N), so 0 ends
   * it at the brightest value present. Where the end is not above the
   * start, the table is the identity. May change while playing, from the
   * next frame on.
   */
  g_object_class_install_property (gobject_class, prop_method + 2,
      g_param_spec_double ("saturate-high", "Saturate high",
          "method=linear: fraction of pixels that may map to the highest value",
          0.0, 0.5, DEFAULT_SATURATE, flags));
  /**
   * GstClHistEqualize:strength:
   *
   * How much of the table applies, in steps of 1/256: with
   * w = floor (strength * 256 + 0.5), each entry is
   * (w * table + (256 - w) * identity + 128) >> 8, the identity mapping v
   * to v, or to v >> 8 from GRAY16 to GRAY8. 1 applies the table, 0 leaves
   * the input unchanged. May change while playing, from the next frame on.
   */
  g_object_class_install_property (gobject_class, prop_method + 3,
      g_param_spec_double ("strength", "Strength",
          "Fraction of the table applied: 1 all of it, 0 none", 0.0, 1.0,
          DEFAULT_STRENGTH, flags));
  /**
   * GstClHistEqualize:smoothing:
   *
   * Against flicker: the weight s, out of 256, of the previous frames'
   * table in each frame's, an exponential moving average. The first frame
   * after start, a flush, a buffer marked DISCONT or new caps sets
   * T[v] = 256 * t[v] from its own table t, each later one
   * T[v] = (s * T[v] + (256 - s) * 256 * t[v] + 128) >> 8, and pixels map
   * to (T[v] + 128) >> 8. 0 turns it off. May change while playing, from
   * the next frame on.
   */
  g_object_class_install_property (gobject_class, prop_method + 4,
      g_param_spec_uint ("smoothing", "Smoothing",
          "Weight out of 256 of the previous frames' table, against flicker "
          "(0: off)",
          0, 255, DEFAULT_SMOOTHING, flags));
  gst_cl_roi_install_properties (gobject_class, prop_roi_x, roi_blurbs);
  /**
   * GstClHistEqualize:table-from:
   *
   * Which frame's histogram builds the table a frame is mapped through.
   * `current` (the default): the frame's own, the frame counted and then
   * mapped. `previous`: frame k is mapped through the table that
   * `current` would have used for frame k - 1 (the same method, strength,
   * smoothing state and region), while frame k is counted, in one pass
   * over the frame (GRAY16 and luma of more than 8 bits on GPUs: counted,
   * then mapped); frame k's table is built after it is mapped, for frame
   * k + 1. The first frame after start, a flush, a buffer marked DISCONT,
   * new caps, a change of table-from to `previous` or of method,
   * saturate-low, saturate-high, strength, smoothing, a roi-* property or
   * color-space is mapped through its own table. The `histogram` message
   * and the meta of frame k describe frame k's histogram either way. May
   * change while playing, from the next frame on.
   */
  gst_cl_table_from_install_property (gobject_class, prop_table_from);
  /**
   * GstClHistEqualize:color-space:
   *
   * Of RGB frames, the channel the element works on, as OpenCV users
   * write it: `ycrcb` the Y of `cv2.COLOR_RGB2YCrCb`, `lab` the L of
   * `cv2.COLOR_RGB2Lab` (8-bit), each pixel converted back with the other
   * two channels as they were; `rgb` each of R, G and B on its own, as on
   * three gray frames (its own histogram, table and smoothing each). Alpha
   * and padding bytes are kept. YUV and gray frames have their luma worked
   * on whatever the value. May change while playing, from the next frame
   * on.
   */
  gst_cl_color_install_property (gobject_class, prop_color_space);
}
