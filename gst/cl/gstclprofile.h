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
#ifndef __GST_CL_PROFILE_H__
#define __GST_CL_PROFILE_H__

#include "gstcldevice.h"

G_BEGIN_DECLS

/* Device time per command name, summed over a stream, from the events of
 * a queue created with CL_QUEUE_PROFILING_ENABLE (GST_CL_PROFILING=1). */
typedef struct _GstClProfile GstClProfile;

GstClProfile *gst_cl_profile_new (void);
void gst_cl_profile_free (GstClProfile *profile);

/* Where the event of the frame's command @name goes; NULL when the frame
 * has too many commands to keep. */
cl_event *gst_cl_profile_event (GstClProfile *profile, const gchar *name);

/* What bytes a command moved: to the device, from it, or within it. */
typedef enum
{
  GST_CL_TRANSFER_UPLOAD,
  GST_CL_TRANSFER_DOWNLOAD,
  GST_CL_TRANSFER_COPY,
} GstClTransfer;

/* Counts @bytes moved, for upload-bytes, download-bytes and copy-bytes. */
void gst_cl_profile_add_bytes (GstClProfile *profile, GstClTransfer transfer,
    guint64 bytes);

/* After the frame's wait, when its events are complete: the frame's
 * device time in nanoseconds, or GST_CLOCK_TIME_NONE without @profile. */
guint64 gst_cl_profile_collect (GstClProfile *profile);

/* The totals as the `clfilter-profile` structure (docs/opencl.md), or NULL
 * if no frame was profiled; the totals start again from zero. */
GstStructure *gst_cl_profile_take (GstClProfile *profile,
    const gchar *device_name);

G_END_DECLS
#endif /* __GST_CL_PROFILE_H__ */
