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
 * Downloads left running after their frame leaves; see gstclasyncdownload.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclasyncdownload.h"
#include "gstclhostmemory.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

cl_int
gst_cl_downloads_order_after (GstClDownloads *downloads, GstClQueues *q)
{
  cl_int done = CL_QUEUED;

  if (!downloads->last)
    return CL_SUCCESS;
  /* Where the frame's consumer has already waited for it, a barrier would
   * cost the queue time for nothing. */
  clGetEventInfo (downloads->last, CL_EVENT_COMMAND_EXECUTION_STATUS,
      sizeof (done), &done, NULL);
  if (done == CL_COMPLETE)
    return CL_SUCCESS;
  return clEnqueueBarrierWithWaitList (q->queue, 1, &downloads->last, NULL);
}

cl_int
gst_cl_downloads_leave (GstClDownloads *downloads, GstClContext *cl,
    GstClQueues *q, GstBuffer *outbuf, cl_event done, GstObject *element)
{
  cl_int status = clFlush (q->queue);

  /* The download waits for the frame's queue, flushed first. */
  if (status == CL_SUCCESS)
    status = clFlush (q->download_queue);
  if (gst_cl_host_memory_defer (outbuf, cl, done))
    GST_LOG_OBJECT (element, "the frame leaves with its download running");
  else
    status = clWaitForEvents (1, &done);
  if (downloads->last)
    clReleaseEvent (downloads->last);
  downloads->last = done;
  return status;
}

void
gst_cl_downloads_forget (GstClDownloads *downloads)
{
  if (!downloads->last)
    return;
  clWaitForEvents (1, &downloads->last);
  clReleaseEvent (downloads->last);
  downloads->last = NULL;
}

void
gst_cl_downloads_finish_all (GstClQueues *q)
{
  gst_cl_queues_finish (q);
}
