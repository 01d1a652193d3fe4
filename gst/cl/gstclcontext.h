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
#ifndef __GST_CL_CONTEXT_H__
#define __GST_CL_CONTEXT_H__

#include "gstcldevice.h"
#include "gstclmemoryapi.h"
#include "gstclqueues.h"

#include <gst/video/video.h>

G_BEGIN_DECLS

/* GST_CL_CONTEXT_TYPE (gstclmemoryapi.h) is the GstContext type under
 * which elements share a GstClContext, named like GStreamer's
 * "gst.cuda.context" and "gst.gl.GLDisplay". */

#define GST_TYPE_CL_CONTEXT (gst_cl_context_get_type ())
G_DECLARE_FINAL_TYPE (GstClContext, gst_cl_context, GST, CL_CONTEXT, GstObject)

/* One OpenCL context on one device, and its own queues. Immutable after
 * creation except for the program cache, which has its own lock, so elements
 * in different streaming threads may use it at once. */
struct _GstClContext {
  GstObject parent;

  GstClDeviceId id;
  cl_context context;
  /* The context's queues: the application's where it gave one, which then
   * every element uses (gst_cl_context_new_queues()); else those the
   * GstContext offers applications, and where memory nobody queued work
   * on is mapped. */
  GstClQueues *queues;
  gchar *device_name;
  cl_device_type device_type;
  cl_uint compute_units;
  size_t max_work_group_size;
  cl_ulong local_mem_size;
  cl_ulong max_alloc_size;
  cl_bool little_endian;
  /* See gst_cl_context_use_cpu_kernels(). */
  gboolean cpu_kernels;
  /* GST_CL_PROFILING is set: the queues record event times. */
  gboolean profiling;
  /* The application's context (and queue, if it gave one), which the
   * elements take whatever device they would have chosen. */
  gboolean external;
  /* The application gave the queue: every element's commands go on it. */
  gboolean app_queue;
  /* cl_khr_fp64: kernels may use double (they see GST_CL_HAVE_FP64). */
  gboolean has_fp64;
  /* Build options on this device: [1] for programs whose float division
   * must be correctly rounded (and their sqrt with it, which costs), [0] for
   * the others. */
  gchar *build_options[2];

  /*< private >*/
  GMutex lock;
  GHashTable *programs;
  /* Elements running frames on queues of their own: gst_cl_context_streams().
   */
  gint streams;
};

GstClContext *gst_cl_context_new (const GstClDeviceId *id, GError **error);
/* The process's context on @id's device: a new reference to the one
 * elements already use, else a new one. */
GstClContext *gst_cl_context_get_default (const GstClDeviceId *id,
    GError **error);
/* The context an application made, on @device of it, its commands on
 * @queue (in order) or a queue of ours where NULL; the same GstClContext
 * for the same handles. */
GstClContext *gst_cl_context_new_wrapped (cl_context context,
    cl_device_id device, cl_command_queue queue, GError **error);

/* Queues of a stream's own (the context's own where the application gave
 * a queue), or NULL with @error set. */
GstClQueues *gst_cl_context_new_queues (GstClContext *ctx, GError **error);
/* How many streams run on the context now: elements whose frames go on
 * queues of their own, not on those of a device chain they are part of;
 * each counts itself in and out with gst_cl_context_add_streams(). */
gint gst_cl_context_streams (GstClContext *ctx);
void gst_cl_context_add_streams (GstClContext *ctx, gint delta);

cl_program gst_cl_context_get_program (GstClContext *ctx, const gchar *name,
    const gchar *source, gboolean exact_div, GError **error);
cl_program gst_cl_context_get_program_with (GstClContext *ctx,
    const gchar *name, const gchar *source, gboolean exact_div,
    const gchar *defines, GError **error);

/* A device buffer of @size bytes, and a kernel of @program. On failure the
 * error's message is a sentence for the user, then a line of details. */
cl_mem gst_cl_context_alloc (GstClContext *ctx, gsize size, GError **error);
cl_kernel gst_cl_context_create_kernel (GstClContext *ctx, cl_program program,
    const gchar *name, GError **error);

gboolean gst_cl_context_swaps (GstClContext *ctx, GstVideoFormat format);
gboolean gst_cl_context_use_cpu_kernels (GstClContext *ctx);

G_END_DECLS
#endif /* __GST_CL_CONTEXT_H__ */
