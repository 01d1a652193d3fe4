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
#ifndef __GST_CL_BASE_FILTER_H__
#define __GST_CL_BASE_FILTER_H__

#include <gst/base/gstbasetransform.h>

#include "gstclcontext.h"
#include "gstclcommands.h"
#include "gstclkerneltable.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BASE_FILTER (gst_cl_base_filter_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstClBaseFilter, gst_cl_base_filter, GST,
    CL_BASE_FILTER, GstBaseTransform)

/**
 * GstClBaseFilter:
 *
 * The device layer of every clfilter element, as GstGLBaseFilter is GL's:
 * the "device" and "device-name" properties, a GstClContext found or shared
 * through GstContext from READY to PAUSED on, programs and kernels, device
 * buffers and profiling. Frames are GstClFilter's business.
 */
struct _GstClBaseFilterClass {
  GstBaseTransformClass parent_class;

  /* Before the context goes. */
  void (*teardown) (GstClBaseFilter *filter);

  /* The element's debug category, for what the base classes log about
   * its frames and properties, so that GST_DEBUG=<element>:6 shows it;
   * "clfilter" unless set. */
  GstDebugCategory *debug_category;
};

/* The context in use from start() to stop(), for the streaming thread; NULL
 * outside. */
GstClContext *gst_cl_base_filter_get_context (GstClBaseFilter *filter);
/* A new reference to the context in use, or NULL, for any thread. */
GstClContext *gst_cl_base_filter_ref_context (GstClBaseFilter *filter);

/* Where the stream's commands go, for the frame layer and the histogram
 * services, from start() to stop(). */
GstClCommands gst_cl_base_filter_get_commands (GstClBaseFilter *filter);
/* The queues of the frame under way, from start() to stop(). */
GstClQueues *gst_cl_base_filter_get_queues (GstClBaseFilter *filter);
/* The frame's commands go on @queues (those of the device memory it came
 * in), or on the element's own where NULL; ordered on the device after
 * the last frame's, which may have been on other queues. */
cl_int gst_cl_base_filter_use_queues (GstClBaseFilter *filter,
    GstClQueues *queues);
/* A frame in device memory runs on the queues its memory came with, so
 * that a chain of elements on the device is one stream that needs no
 * synchronisation between them; the output's memory carries them on.
 * Other frames run on the element's own. @in_device and @out_device: the
 * buffers' planes are device memory of the element's context. */
cl_int gst_cl_base_filter_frame_queues (GstClBaseFilter *filter,
    GstBuffer *inbuf, gboolean in_device, GstBuffer *outbuf,
    gboolean out_device);
/* Posts @error, from the library (its message: a sentence for the user,
 * then a line of details), as the element's error. */
void gst_cl_base_filter_post_error (GstClBaseFilter *filter,
    const GError *error);

/* Each posts an element error saying what failed on NULL. */
/* A new reference to the embedded kernels/<name>.cl built with @defines
 * (see gst_cl_context_get_program_with()), which select the kernels a
 * stream needs: a stream compiles only those, when its caps or settings
 * first need them, not at start. @exact_div: its float division must be
 * correctly rounded. */
cl_program gst_cl_base_filter_get_program (GstClBaseFilter *filter,
    const gchar *name, const gchar *source, gboolean exact_div,
    const gchar *defines);
/* The kernel of @program for @stage and @depths on the context's path
 * (gstclkerneltable.h). */
cl_kernel gst_cl_base_filter_stage_kernel (GstClBaseFilter *filter,
    cl_program program, GstClStage stage, GstClDepths depths);
cl_mem gst_cl_base_filter_alloc (GstClBaseFilter *filter, gsize size);
/* Queues @kernel on the frame's queue, its time measured when profiling.
 * A kernel whose arguments failed to set is reported as such. */
cl_int gst_cl_base_filter_enqueue_kernel (GstClBaseFilter *filter,
    cl_kernel kernel, cl_uint dims, const size_t *global, const size_t *local);

/* After the frame's wait: the device time of the frame's commands in
 * nanoseconds, or GST_CLOCK_TIME_NONE when not profiling. */
guint64 gst_cl_base_filter_profile_collect (GstClBaseFilter *filter);

G_END_DECLS
#endif /* __GST_CL_BASE_FILTER_H__ */
