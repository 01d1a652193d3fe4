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
 * A stream's commands on its queue; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcommands.h"

cl_int
gst_cl_commands_kernel (const GstClCommands *cmd, cl_kernel kernel,
    cl_uint dims, const size_t *global, const size_t *local)
{
  cl_event *event = NULL;

  if (cmd->profile) {
    gchar name[64] = "";

    clGetKernelInfo (kernel, CL_KERNEL_FUNCTION_NAME, sizeof (name) - 1, name,
        NULL);
    event = gst_cl_profile_event (cmd->profile, name);
  }
  return clEnqueueNDRangeKernel (gst_cl_commands_queue (cmd), kernel, dims,
      NULL, global, local, 0, NULL, event);
}

cl_event *
gst_cl_commands_event (const GstClCommands *cmd, const gchar *name)
{
  return gst_cl_profile_event (cmd->profile, name);
}

void
gst_cl_commands_count (const GstClCommands *cmd, GstClTransfer transfer,
    guint64 bytes)
{
  gst_cl_profile_add_bytes (cmd->profile, transfer, bytes);
}
