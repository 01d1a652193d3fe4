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
#ifndef __GST_CL_HELD_FRAME_H__
#define __GST_CL_HELD_FRAME_H__

#include <gst/gst.h>

G_BEGIN_DECLS

/* The hold-frame property: each output frame leaves when the next frame's
 * commands are queued, not when its own are, so that its download from
 * the device runs beside the next frame's upload even where the consumer
 * reads each frame on the element's thread (no queue between them). One
 * frame of latency for it. The frame is pushed before any serialized
 * event or drain, a renegotiation and a frame after a gap, dropped on a
 * flush and at stop. Streaming thread only,
 * but for @enabled, set and read atomically. */
typedef struct {
  gint enabled;
  GstBuffer *frame;
  /* The last frame submitted came after a gap (the base class's DISCONT,
   * which stays set until the base class pushes a frame): the frame held
   * from then on is the one to carry DISCONT, and leaves as usual. */
  gboolean after_gap;
} GstClHeldFrame;

/* *@outbuf: the frame just made, or NULL. Where the property is on, it is
 * held and *@outbuf becomes the frame held before (or NULL); where it is
 * off, a frame still held is pushed first. */
GstFlowReturn gst_cl_held_frame_take (GstClHeldFrame *held, GstPad *srcpad,
    GstBuffer **outbuf);

/* Before a frame is submitted: the held frame leaves first where it was
 * made before a gap (@is_discont) or under caps that downstream wants to
 * change (@reconfigure). */
GstFlowReturn gst_cl_held_frame_before_input (GstClHeldFrame *held,
    GstPad *srcpad, gboolean is_discont, gboolean reconfigure);

/* Pushes the held frame, if any, on @srcpad. */
GstFlowReturn gst_cl_held_frame_push (GstClHeldFrame *held, GstPad *srcpad);

/* Drops the held frame, if any. */
void gst_cl_held_frame_clear (GstClHeldFrame *held);

/* Adds the frame it holds for (one frame interval of @caps, where its
 * frame rate is known) to a LATENCY query answered upstream. */
void gst_cl_held_frame_add_latency (GstClHeldFrame *held, GstCaps *caps,
    GstQuery *query);

G_END_DECLS
#endif /* __GST_CL_HELD_FRAME_H__ */
