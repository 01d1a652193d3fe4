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
#ifndef __GST_CL_FILTER_H__
#define __GST_CL_FILTER_H__

#include <gst/video/video.h>

#include "gstclbasefilter.h"
#include "gstclframeplan.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_FILTER (gst_cl_filter_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstClFilter, gst_cl_filter, GST, CL_FILTER,
    GstClBaseFilter)

/* Pad template caps for @formats: on the device first, then in system
 * memory. */
#define GST_CL_VIDEO_CAPS(formats)                                             \
  GST_VIDEO_CAPS_MAKE_WITH_FEATURES (GST_CAPS_FEATURE_MEMORY_CL_BUFFER,        \
      formats)                                                                 \
  ";" GST_VIDEO_CAPS_MAKE (formats)

/* The YUV formats of more than 8 bits a sample that every element takes,
 * the elements seeing their luma's values (see GstClComponent). */
#define GST_CL_YUV_HIGH_DEPTH_FORMATS                                          \
  "{ P010_10LE, P012_LE, P016_LE, I420_10LE, I420_12LE, I422_10LE, "           \
  "Y444_10LE, Y444_16LE }"

/* The luma of YUV, the samples of GRAY, the channel of RGB that
 * gst_cl_filter_set_color_space() picks: component 0 in every case. */
#define GST_CL_COMPONENT_LUMA (1u << GST_VIDEO_COMP_Y)

/* The formats of which every element takes component 0: gray, 8-bit YUV
 * and packed 8-bit RGB (its channel made from each pixel). */
#define GST_CL_LUMA_FORMATS                                                    \
  "GRAY8, GRAY16_LE, GRAY16_BE, I420, YV12, NV12, NV21, Y42B, Y444, YUY2, "    \
  "UYVY"
#define GST_CL_RGB_FORMATS                                                     \
  "RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, xRGB, xBGR, RGB, BGR"

/**
 * GstClFilter:
 *
 * The frame layer of every clfilter element, as GstGLFilter is GL's over
 * GstGLBaseFilter: input and output formats negotiated apart, the
 * components an element names sent to the device and back, frames checked
 * against their caps, allocation, and in-place processing where input and
 * output formats are the same, so that the components an element does not
 * write stay where they are.
 */
struct _GstClFilterClass {
  GstClBaseFilterClass parent_class;

  /* Whether the element turns frames of @in into frames of @out; the pad
   * templates list the formats. */
  gboolean (*converts) (GstVideoFormat in, GstVideoFormat out);
  /* Components the kernels read from the input and write to the output,
   * as masks of component indices. */
  guint read_components;
  guint write_components;
  /* The kernels may write the output over the input. */
  gboolean in_place;
  /* The CPU kernels read and write only the samples of each row, so they
   * may run on the frames' memory itself, rows as far apart as the frame
   * has them (no GST_CL_PLANE_ALIGN, no padding). */
  gboolean host_planes;

  /* For new caps, after the device planes are allocated. Posts its own
   * error on failure. */
  gboolean (*configure) (GstClFilter *filter, const GstVideoInfo *in_info,
      const GstVideoInfo *out_info);
  /* Queue the frame's work on @in's components into @out's, both indexed
   * by component. Anything read back here must be non-blocking, and
   * announced with gst_cl_filter_wait_for_results(): the frame's one wait
   * is the download, and where the output stays on the device there is
   * none unless asked for. */
  cl_int (*enqueue) (GstClFilter *filter, const GstClPlane *in,
      const GstClPlane *out);
  /* After the wait: what enqueue read back is there. @outbuf, writable,
   * is @inbuf in place and in passthrough. For a frame whose results
   * may come later (gst_cl_filter_wait_for_results()), called instead
   * while the frame's download is under way, with @inbuf and @outbuf the
   * input, or where the output stays on the device, before the next frame
   * or serialized event, with @inbuf and @outbuf a buffer that only has
   * the frame's timestamps and flags. */
  GstFlowReturn (*finish) (GstClFilter *filter, GstBuffer *inbuf,
      GstBuffer *outbuf, const GstVideoInfo *in_info);
};

/* A converts() for elements whose frames keep their format, or whose
 * GRAY16 becomes GRAY8 where downstream asks (clhistequalize, clclahe), or
 * whose YUV of more bits becomes its 8-bit sibling (P010_10LE to NV12,
 * I420_10LE to I420: gst_cl_narrow_formats()). */
gboolean gst_cl_filter_keeps_or_narrows (GstVideoFormat in, GstVideoFormat out);

/* From enqueue: finish() reads what the frame's commands read back, so the
 * frame waits for them even where its output stays on the device, unless
 * @may_defer: then finish() may come later, when the results are there,
 * without the frame waiting (in frame order: once the next frame's upload
 * is queued and before its enqueue, or before any serialized event, or at
 * the latest at stop). Until then enqueue must leave what finish() reads
 * alone, and so must anything the element does before it. */
void gst_cl_filter_wait_for_results (GstClFilter *filter, gboolean may_defer);
/* Calls finish() for a frame whose results came later, if there is one:
 * for an element that changes what finish() uses before its enqueue. */
void gst_cl_filter_complete_pending (GstClFilter *filter);

/* The channel of RGB frames the element works on (GST_CL_COLOR_*;
 * GST_CL_COLOR_YCRCB unless set), from the next frame on. */
void gst_cl_filter_set_color_space (GstClFilter *filter, guint space);
/* For configure and enqueue: the planes the element works on, one per
 * channel, 3 for RGB frames with GST_CL_COLOR_RGB (planes 0, 1 and 2 are
 * R, G and B), else 1. */
guint gst_cl_filter_channels (GstClFilter *filter);
guint gst_cl_filter_get_color_space (GstClFilter *filter);
/* For configure, of an element with host_planes: whether enqueue could
 * get an RGB frame's pixels themselves rather than the plane of its one
 * channel, where the frames are used where they are (CPU devices), and if
 * so the channel and the pixels' layout as gst_cl_frame_plan_pixels()
 * gives them. The element asks for them with
 * gst_cl_filter_set_rgb_pixels(); they then come with
 * GstClPlane.rgb_pstride set whenever the frames are wrapped. Each new
 * plan starts without. */
gboolean gst_cl_filter_rgb_layout (GstClFilter *filter, guint *space,
    guint *pstride, guint *offsets);
void gst_cl_filter_set_rgb_pixels (GstClFilter *filter, gboolean pixels);

G_END_DECLS
#endif /* __GST_CL_FILTER_H__ */
