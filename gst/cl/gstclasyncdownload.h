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
#ifndef __GST_CL_ASYNC_DOWNLOAD_H__
#define __GST_CL_ASYNC_DOWNLOAD_H__

#include "gstclcontext.h"

G_BEGIN_DECLS

/* A frame's download into host memory that the frame leaves with, still
 * running (the stream's download queue, gst_cl_host_memory_defer()), so
 * that it runs beside the next frame's upload: one per element, the last
 * such download's end. */
typedef struct {
  cl_event last;
} GstClDownloads;

/* Before kernels that write the device planes the last download reads:
 * they wait for it on the device, not on the host. */
cl_int gst_cl_downloads_order_after (GstClDownloads *downloads, GstClQueues *q);

/* The download ending with @done, queued and not yet flushed, into
 * @outbuf: left running where the buffer's memory can carry it, else
 * waited for. Takes @done. */
cl_int gst_cl_downloads_leave (GstClDownloads *downloads, GstClContext *cl,
    GstClQueues *q, GstBuffer *outbuf, cl_event done, GstObject *element);

/* At caps, stop and finalize: waits for the last download and forgets it. */
void gst_cl_downloads_forget (GstClDownloads *downloads);

/* After a failure: both queues finished, as commands still queued may use
 * the frames. */
void gst_cl_downloads_finish_all (GstClQueues *q);

G_END_DECLS
#endif /* __GST_CL_ASYNC_DOWNLOAD_H__ */
