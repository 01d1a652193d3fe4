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
#ifndef __GST_CL_COMMANDS_H__
#define __GST_CL_COMMANDS_H__

#include "gstclcontext.h"
#include "gstclprofile.h"

G_BEGIN_DECLS

/* Where a stream's commands go: the queues of the frame under way (the
 * element's own, or those its device memory came with), and their events
 * and bytes to @profile when profiling (NULL otherwise). The frame layer
 * and the histogram services get this from the element's base class
 * (gst_cl_base_filter_get_commands()) and never see the element. */
typedef struct {
  GstClContext *cl;
  GstClProfile *profile;
  /* The base class's slot, which changes between frames. */
  GstClQueues *const *queues;
} GstClCommands;

/* The in-order queue of the frame under way. */
static inline cl_command_queue
gst_cl_commands_queue (const GstClCommands *cmd)
{
  return (*cmd->queues)->queue;
}

/* Its download queue, NULL where downloads go on the queue itself. */
static inline cl_command_queue
gst_cl_commands_download_queue (const GstClCommands *cmd)
{
  return (*cmd->queues)->download_queue;
}

/* Queues @kernel on the queue, its time measured when profiling. */
cl_int gst_cl_commands_kernel (const GstClCommands *cmd, cl_kernel kernel,
    cl_uint dims, const size_t *global, const size_t *local);
/* The event slot for a transfer named @name when profiling, else NULL. */
cl_event *gst_cl_commands_event (const GstClCommands *cmd, const gchar *name);
/* Counts @bytes moved, for the profile's upload-bytes, download-bytes and
 * copy-bytes, when profiling. */
void gst_cl_commands_count (const GstClCommands *cmd, GstClTransfer transfer,
    guint64 bytes);

G_END_DECLS
#endif /* __GST_CL_COMMANDS_H__ */
