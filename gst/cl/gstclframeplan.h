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
#ifndef __GST_CL_FRAME_PLAN_H__
#define __GST_CL_FRAME_PLAN_H__

#include <gst/video/video.h>

#include "gstclcommands.h"
#include "gstclnarrow.h"
#include "kernels/clshared.h"

G_BEGIN_DECLS

/* One component of a frame (the luma of YUV, the samples of GRAY) as the
 * kernels see it: a plane of its own, @width samples of the component's
 * size a row, rows @pitch bytes apart. Device copies start their rows at
 * multiples of GST_CL_PLANE_ALIGN bytes, so that kernels may use aligned
 * vector loads; on CPU devices it may be the frame's memory itself, at the
 * frame's stride. Of an RGB frame on a CPU device it may be the frame's
 * pixels themselves, @rgb_pstride bytes each, where the element takes them
 * (gst_cl_frame_plan_wrap()); @rgb_pstride is 0 for a plane of samples. */
typedef struct {
  cl_mem mem;
  gsize pitch;
  gsize row_bytes;
  guint height;
  guint rgb_pstride;
} GstClPlane;

/* Where a component lies in frames of one format, and its device copy. A
 * packed component (YUY2's luma, NV12's chroma) shares its frame plane with
 * others: the whole plane travels to @staging and kernels move the
 * component between it and @dev. So does a component whose samples are not
 * their words' whole value (P010's luma, @shift bits up; I420_10LE's, whose
 * words may have bits set above @depth): the kernels give @dev the values,
 * in 16-bit little-endian words like GRAY16_LE, and put them back shifted.
 *
 * A frame's download may still run while the next frame is uploaded (on
 * the context's download_queue): it reads only the output's buffers
 * (plan->out), which the next frame writes only after
 * gst_cl_downloads_order_after(), and uploads write only the input's. So
 * an output component has a staging copy of its own even in place. */
typedef struct {
  guint plane;
  guint offset;
  guint pstride;
  guint bps;
  guint depth;
  guint shift;
  guint width;
  guint height;
  gboolean packed;
  /* Packed 8-bit RGB: the component is the channel @space (GST_CL_COLOR_*)
   * made from each pixel's R, G and B, at the byte offsets @rgb_offsets
   * (gst_cl_color_rgb_offsets()), and packed back into them. Of
   * GST_CL_COLOR_RGB it is @channels (3) planes, R, G and B, each
   * @channel_bytes into @dev's buffer, @channel their sub-buffers. */
  gboolean rgb;
  guint rgb_offsets;
  guint space;
  guint channels;
  gsize channel_bytes;
  cl_mem channel[GST_CL_RGB_CHANNELS];
  GstClPlane dev;
  cl_mem staging;
  gsize staging_pitch;
  gsize staging_row_bytes;
  /* RGB on a CPU device: the frame's plane itself, for the frame being
   * processed (gst_cl_frame_plan_wrap() to _unwrap()), rows @wrapped_pitch
   * bytes apart; the kernels move the channel between it and @dev. */
  cl_mem wrapped;
  gsize wrapped_pitch;
  /* The frame being processed comes to the element as its pixels. */
  gboolean as_pixels;
} GstClComponent;

/* How frames of one pair of caps travel, set up once per caps: the
 * components the element reads from the input and writes to the output.
 * Of RGB frames, component 0 is the channel @space of each pixel (the
 * luma's place in YUV and GRAY), the only one an element may name; with
 * GST_CL_COLOR_RGB the element's planes 0, 1 and 2 are R, G and B
 * (gst_cl_frame_plan_channels()).
 * @in_place: the formats are the same and the element may write over its
 * input, so the output frame may be the input frame; when it is not, the
 * planes the element does not write are copied over
 * (gst_cl_frame_plan_copy_unwritten()). */
typedef struct {
  GstClCommands cmd;
  GstVideoInfo in_info;
  GstVideoInfo out_info;
  gboolean in_place;
  /* In place, and some plane holds no component the element writes. */
  gboolean keeps_planes;
  guint in_mask;
  guint out_mask;
  GstClComponent in[GST_VIDEO_MAX_COMPONENTS];
  GstClComponent out[GST_VIDEO_MAX_COMPONENTS];
  cl_program program;
  cl_kernel unpack;
  cl_kernel pack;
  /* The same for components of 16-bit words. */
  cl_kernel unpack16;
  cl_kernel pack16;
  /* Output in the 8-bit sibling of the input's format: the planes the
   * element leaves alone are narrowed rather than copied. */
  GstClNarrow narrow;
} GstClFramePlan;

/* Allocates the device planes, whose commands go to @cmd; FALSE and
 * @error (a sentence for the user, then a line of details) on failure.
 * @space (GST_CL_COLOR_*) is the channel of RGB frames. */
gboolean gst_cl_frame_plan_init (GstClFramePlan *plan, const GstClCommands *cmd,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, guint in_mask,
    guint out_mask, gboolean in_place, guint space, GError **error);
void gst_cl_frame_plan_clear (GstClFramePlan *plan);

/* The planes the element works on, one per channel of what it reads: 3
 * for RGB frames with GST_CL_COLOR_RGB, else 1. */
guint gst_cl_frame_plan_channels (const GstClFramePlan *plan);
/* The device plane of component @c of @comps (plan->in or plan->out) into
 * @planes[c], or of its channels into @planes[c] on. */
void gst_cl_frame_plan_device_planes (const GstClComponent *comps, guint c,
    GstClPlane *planes);

/* Whether RGB frames' component 0 is of one channel (not
 * GST_CL_COLOR_RGB's three), which an element may take as the frames'
 * pixels where they are wrapped, and if so the channel (GST_CL_COLOR_*)
 * and the pixels' layout: bytes a pixel and R, G and B's offsets
 * (gst_cl_color_rgb_offsets()). */
gboolean gst_cl_frame_plan_pixels (const GstClFramePlan *plan, guint *space,
    guint *pstride, guint *offsets);

/* Whether the frames can be used by the kernels where they are (CPU
 * devices, components not packed but for RGB's, strides whole samples,
 * RGB's the same in and out). */
gboolean gst_cl_frame_plan_can_wrap (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out);
/* Buffers on the frames' memory for @in and @out, indexed by component;
 * release with gst_cl_frame_plan_unwrap(). An RGB component of one channel
 * comes as the frame's pixels with @pixels (gst_cl_frame_plan_pixels()
 * says whether it can), else as its channel's planes. */
cl_int gst_cl_frame_plan_wrap (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out, gboolean pixels, GstClPlane *in_planes,
    GstClPlane *out_planes);
/* Makes the output coherent in the host memory it wraps, waits, and
 * releases the buffers. */
cl_int gst_cl_frame_plan_unwrap (GstClFramePlan *plan, GstClPlane *in_planes,
    GstClPlane *out_planes, cl_int status);

/* Queues the copy of the read components of @in to their device planes. */
cl_int gst_cl_frame_plan_upload (GstClFramePlan *plan, GstVideoFrame *in);
/* Queues the copy of the written components to @out; the caller waits.
 * With @done the copies go on the context's download_queue, after what the
 * frame's queue holds, and @done is their end. */
cl_int gst_cl_frame_plan_download (GstClFramePlan *plan, GstVideoFrame *out,
    cl_event *done);

/* Queue plan->unpack, the input component @c's staging copy to its device
 * plane, and for the output component @c, the input's staging copy copied
 * to the output's and plan->pack, the device plane packed over it (for
 * RGB, each pixel of the input's staging copy converted with the channel
 * replaced, into the output's). */
cl_int gst_cl_frame_plan_unpack (GstClFramePlan *plan, guint c);
cl_int gst_cl_frame_plan_pack (GstClFramePlan *plan, guint c);

/* Copies the planes of @in that hold no written component to @out (or
 * narrows them, plan->narrow); with
 * @threads, large ones on a few threads (gst_cl_host_copy_plane()), where
 * the device is not the host's own processors. */
void gst_cl_frame_plan_copy_unwritten (GstClFramePlan *plan, GstVideoFrame *in,
    GstVideoFrame *out, gboolean threads);

G_END_DECLS
#endif /* __GST_CL_FRAME_PLAN_H__ */
