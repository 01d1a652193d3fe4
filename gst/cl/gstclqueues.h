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
 *
 */
#ifndef __GST_CL_QUEUES_H__
#define __GST_CL_QUEUES_H__

#include "gstcldevice.h"

G_BEGIN_DECLS

/* The in-order queues one stream's commands go on. Each element has its
 * own, so that streams in different pipelines neither wait for one another
 * on the host nor line up on the device: their uploads, kernels and
 * downloads overlap. A chain of elements on the device runs on the queues
 * of its first element, which its frames' memory carries
 * (gst_cl_memory_order_on()), so that its frames need no synchronisation
 * between elements. Reference-counted: device memory holds the queues its
 * last commands went on. */
typedef struct {
  gint refcount;
  cl_command_queue queue;
  /* A second queue for downloads into host memory that the frame leaves
   * with (gst_cl_host_memory_defer()), so that one frame's download runs
   * while the next frame's upload does: NULL where the application gave the
   * queue, whose order then holds for every command, and when profiling,
   * which times each frame's commands on one queue. */
  cl_command_queue download_queue;
} GstClQueues;

/* New queues on @device of @context; @profiling: they record event
 * times. */
GstClQueues *gst_cl_queues_new (cl_context context, cl_device_id device,
    gboolean profiling, cl_int *status);
/* The application's queue (retained), with no download queue. */
GstClQueues *gst_cl_queues_wrap (cl_command_queue queue);
GstClQueues *gst_cl_queues_ref (GstClQueues *queues);
void gst_cl_queues_unref (GstClQueues *queues);

/* Commands queued on @queues from now on run after those queued so far on
 * @before: a wait on the device, not on the host. */
cl_int gst_cl_queues_order_after (GstClQueues *queues, GstClQueues *before);
/* Waits until both queues are done. */
cl_int gst_cl_queues_finish (GstClQueues *queues);

G_END_DECLS
#endif /* __GST_CL_QUEUES_H__ */
