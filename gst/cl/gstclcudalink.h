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
#ifndef __GST_CL_CUDA_LINK_H__
#define __GST_CL_CUDA_LINK_H__

#include "gstclcontext.h"
#include "gstclcudaapi.h"

G_BEGIN_DECLS

/* Frames handed between a CUDA context and an OpenCL context on the same
 * GPU without leaving it. Memory that CUDA allocates as exportable
 * (cuMemCreate with a file descriptor) is imported into OpenCL
 * (cl_khr_external_memory_opaque_fd): a ring of such slots, each a frame.
 * NVIDIA's OpenCL imports semaphores but cannot export one, and CUDA
 * cannot export one either, so OpenCL tells CUDA through a word at the end
 * of the slot, which it writes after its commands and CUDA's stream waits
 * for on the device (cuStreamWaitValue32), and CUDA tells OpenCL through a
 * host function on its stream that completes an OpenCL user event, which
 * OpenCL's commands on the slot wait for: neither side waits on the host
 * for the other, but for the ring's bound. CUDA's side runs on the
 * context's legacy
 * stream: GStreamer's CUDA memory (up to 1.22) carries no stream to order
 * on, and work on the legacy stream runs after, and before, that of the
 * CUDA elements' streams. */
typedef struct _GstClCudaLink GstClCudaLink;

/* One plane of a CUDA copy: @device at @pitch, @height rows of @width
 * bytes, to the slot at @slot_offset with @slot_pitch (or the other
 * way). */
typedef struct {
  CUdeviceptr device;
  gsize pitch;
  gsize width;
  gsize height;
  gsize slot_offset;
  gsize slot_pitch;
} GstClCudaPlane;

/* The ordinal of the CUDA device that is @cl's GPU, or -1. */
gint gst_cl_cuda_device_for (GstClContext *cl);

/* NULL with @error set where the two devices differ or either driver
 * lacks what the link needs. */
GstClCudaLink *gst_cl_cuda_link_new (GstClContext *cl, CUcontext cuda,
    gsize frame_size, GError **error);
void gst_cl_cuda_link_free (GstClCudaLink *link);
gboolean gst_cl_cuda_link_fits (GstClCudaLink *link, CUcontext cuda,
    gsize frame_size);

/* CUDA to OpenCL: queues CUDA's copy of @planes into the next slot and
 * returns the slot's OpenCL buffer, with @ready, the event that completes
 * when the copy is done, for OpenCL's commands on it to wait for. @hold
 * (may be NULL) is kept until the copy is done. After queueing those commands
 * on @queue, the caller calls gst_cl_cuda_link_release(). */
cl_mem gst_cl_cuda_link_to_cl (GstClCudaLink *link,
    const GstClCudaPlane *planes, guint n_planes, GstBuffer *hold,
    cl_event *ready, GError **error);

/* OpenCL to CUDA: the next slot's OpenCL buffer, free of CUDA's last
 * read of it. After queueing OpenCL's writes into it on @queue,
 * gst_cl_cuda_link_from_cl() queues CUDA's copy of the slot to @planes,
 * which waits for them on the device. */
cl_mem gst_cl_cuda_link_begin_from_cl (GstClCudaLink *link);
gboolean gst_cl_cuda_link_from_cl (GstClCudaLink *link, cl_command_queue queue,
    const GstClCudaPlane *planes, guint n_planes, GError **error);

/* OpenCL's commands on the slot gst_cl_cuda_link_to_cl() gave are queued
 * on @queue; CUDA may write it again once they are done. */
gboolean gst_cl_cuda_link_release (GstClCudaLink *link, cl_command_queue queue,
    GError **error);

G_END_DECLS
#endif /* __GST_CL_CUDA_LINK_H__ */
