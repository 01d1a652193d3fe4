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
 * The frame each element may hold back; see gstclheldframe.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclheldframe.h"

#include <gst/video/video.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

GstFlowReturn
gst_cl_held_frame_take (GstClHeldFrame *held, GstPad *srcpad,
    GstBuffer **outbuf)
{
  GstBuffer *frame;

  if (!*outbuf)
    return GST_FLOW_OK;
  /* Turned off: the frame held before this one leaves first. */
  if (!g_atomic_int_get (&held->enabled))
    return gst_cl_held_frame_push (held, srcpad);
  frame = held->frame;
  held->frame = *outbuf;
  *outbuf = frame;
  return GST_FLOW_OK;
}

GstFlowReturn
gst_cl_held_frame_before_input (GstClHeldFrame *held, GstPad *srcpad,
    gboolean is_discont, gboolean reconfigure)
{
  const gboolean before_gap = is_discont && !held->after_gap;

  held->after_gap = is_discont;
  if (before_gap || reconfigure)
    return gst_cl_held_frame_push (held, srcpad);
  return GST_FLOW_OK;
}

GstFlowReturn
gst_cl_held_frame_push (GstClHeldFrame *held, GstPad *srcpad)
{
  GstBuffer *frame = held->frame;
  GstFlowReturn ret;

  if (!frame)
    return GST_FLOW_OK;
  held->frame = NULL;
  ret = gst_pad_push (srcpad, frame);
  if (ret != GST_FLOW_OK)
    GST_DEBUG_OBJECT (srcpad, "the held frame's push returned %s",
        gst_flow_get_name (ret));
  return ret;
}

void
gst_cl_held_frame_clear (GstClHeldFrame *held)
{
  gst_clear_buffer (&held->frame);
  held->after_gap = FALSE;
}

void
gst_cl_held_frame_add_latency (GstClHeldFrame *held, GstCaps *caps,
    GstQuery *query)
{
  GstVideoInfo info;
  GstClockTime min, max, frame;
  gboolean live;

  if (!g_atomic_int_get (&held->enabled) || !caps ||
      !gst_video_info_from_caps (&info, caps) || info.fps_n <= 0 ||
      info.fps_d <= 0)
    return;
  gst_query_parse_latency (query, &live, &min, &max);
  frame = gst_util_uint64_scale_int (GST_SECOND, info.fps_d, info.fps_n);
  min += frame;
  if (GST_CLOCK_TIME_IS_VALID (max))
    max += frame;
  gst_query_set_latency (query, live, min, max);
}
