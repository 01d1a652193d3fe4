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
 * The queues of one stream; see gstclqueues.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclqueues.h"

GstClQueues *
gst_cl_queues_new (cl_context context, cl_device_id device, gboolean profiling,
    cl_int *status)
{
  GstClQueues *self;
  cl_command_queue queue = clCreateCommandQueue (context, device,
      profiling ? CL_QUEUE_PROFILING_ENABLE : 0, status);

  if (*status != CL_SUCCESS)
    return NULL;
  self = gst_cl_queues_wrap (queue);
  clReleaseCommandQueue (queue);
  if (!profiling) {
    cl_int second;

    self->download_queue = clCreateCommandQueue (context, device, 0, &second);
    /* Downloads are then waited for, as on an application's queue. */
    if (second != CL_SUCCESS)
      GST_WARNING ("no download queue: error %d", second);
  }
  return self;
}

GstClQueues *
gst_cl_queues_wrap (cl_command_queue queue)
{
  GstClQueues *self = g_new0 (GstClQueues, 1);

  self->refcount = 1;
  clRetainCommandQueue (queue);
  self->queue = queue;
  return self;
}

GstClQueues *
gst_cl_queues_ref (GstClQueues *queues)
{
  g_atomic_int_inc (&queues->refcount);
  return queues;
}

void
gst_cl_queues_unref (GstClQueues *queues)
{
  if (!g_atomic_int_dec_and_test (&queues->refcount))
    return;
  clReleaseCommandQueue (queues->queue);
  if (queues->download_queue)
    clReleaseCommandQueue (queues->download_queue);
  g_free (queues);
}

cl_int
gst_cl_queues_order_after (GstClQueues *queues, GstClQueues *before)
{
  cl_event last;
  cl_int status;

  if (queues == before || queues->queue == before->queue)
    return CL_SUCCESS;
  status = clEnqueueMarkerWithWaitList (before->queue, 0, NULL, &last);
  if (status != CL_SUCCESS)
    return status;
  /* The marker must reach the device for the barrier ever to pass. */
  status = clFlush (before->queue);
  if (status == CL_SUCCESS)
    status = clEnqueueBarrierWithWaitList (queues->queue, 1, &last, NULL);
  clReleaseEvent (last);
  return status;
}

cl_int
gst_cl_queues_finish (GstClQueues *queues)
{
  cl_int status = clFinish (queues->queue);

  if (queues->download_queue) {
    const cl_int second = clFinish (queues->download_queue);

    if (status == CL_SUCCESS)
      status = second;
  }
  return status;
}
