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
/**
 * The slot ring between CUDA and OpenCL; see gstclcudalink.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcudalink.h"

#include <CL/cl_ext.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

/* OpenCL 3.0's, which the headers hide at the version the plugin targets;
 * every driver with cl_khr_external_memory has it. */
extern CL_API_ENTRY cl_mem CL_API_CALL
clCreateBufferWithProperties (cl_context context, const cl_ulong *properties,
    cl_mem_flags flags, size_t size, void *host_ptr, cl_int *errcode_ret);

/* Enough that CUDA's copy of one frame, OpenCL's commands on the one
 * before and the handing over of a third overlap. */
#define N_SLOTS 4
/* The word OpenCL writes for CUDA sits after the frame, on its own. */
#define FLAG_ALIGN 256

typedef struct {
  CUmemGenericAllocationHandle handle;
  CUdeviceptr ptr;
  cl_mem mem;
  /* How often OpenCL has handed the slot back; the word reaches it once
   * its commands are done. */
  guint32 seq;
  /* Completed by CUDA's stream when its copy of the slot is done. */
  cl_event cuda_done;
  /* OpenCL's last command on the slot. */
  cl_event cl_done;
  GstBuffer *hold;
} Slot;

struct _GstClCudaLink {
  const GstClCudaApi *cu;
  GstClContext *cl;
  CUcontext cuda;
  gsize frame_size;
  gsize flag_offset;
  gsize slot_size;
  /* Exportable device memory on the CUDA context's GPU. */
  CUmemAllocationProp prop;
  Slot slots[N_SLOTS];
  guint next;
  Slot *current;
};

#define CU_FAILED(call, error) cuda_failed ((call), #call, (error))

static gboolean
cuda_failed (CUresult res, const gchar *what, GError **error)
{
  if (res == CUDA_SUCCESS)
    return FALSE;
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
      "Sharing frames between CUDA and OpenCL failed.\n%s: %s (%d)", what,
      gst_cl_cuda_error_name (res), res);
  return TRUE;
}

static gboolean
cl_failed (cl_int status, const gchar *what, GError **error)
{
  if (status == CL_SUCCESS)
    return FALSE;
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
      "Sharing frames between CUDA and OpenCL failed.\n%s: %s (%d)", what,
      gst_cl_strerror (status), status);
  return TRUE;
}

/* Whether the current CUDA context's device, @dev, is the OpenCL
 * device. */
static gboolean
same_device (GstClCudaLink *link, CUdevice *dev, GError **error)
{
  guint8 cl_uuid[16], cuda_uuid[16];
  gchar extensions[8192] = "";

  clGetDeviceInfo (link->cl->id.device, CL_DEVICE_EXTENSIONS,
      sizeof extensions - 1, extensions, NULL);
  if (!strstr (extensions, "cl_khr_external_memory_opaque_fd") ||
      !strstr (extensions, "cl_khr_device_uuid")) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
        "The OpenCL device cannot share memory with CUDA.\n\"%s\" lacks "
        "cl_khr_external_memory_opaque_fd or cl_khr_device_uuid",
        link->cl->device_name);
    return FALSE;
  }
  if (clGetDeviceInfo (link->cl->id.device, CL_DEVICE_UUID_KHR, sizeof cl_uuid,
          cl_uuid, NULL) != CL_SUCCESS ||
      CU_FAILED (link->cu->CtxGetDevice (dev), error) ||
      CU_FAILED (link->cu->DeviceGetUuid (cuda_uuid, *dev), error))
    return FALSE;
  if (memcmp (cl_uuid, cuda_uuid, sizeof cl_uuid) != 0) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
        "The CUDA frames are on another GPU than the OpenCL device.\n"
        "CUDA device %d is not \"%s\"",
        *dev, link->cl->device_name);
    return FALSE;
  }
  return TRUE;
}

gint
gst_cl_cuda_device_for (GstClContext *cl)
{
  const GstClCudaApi *cu = gst_cl_cuda_api_get (NULL);
  guint8 cl_uuid[16], cuda_uuid[16];
  gint n = 0;

  if (!cu ||
      clGetDeviceInfo (cl->id.device, CL_DEVICE_UUID_KHR, sizeof cl_uuid,
          cl_uuid, NULL) != CL_SUCCESS ||
      cu->DeviceGetCount (&n) != CUDA_SUCCESS)
    return -1;
  for (gint i = 0; i < n; i++) {
    CUdevice dev;

    if (cu->DeviceGet (&dev, i) == CUDA_SUCCESS &&
        cu->DeviceGetUuid (cuda_uuid, dev) == CUDA_SUCCESS &&
        memcmp (cl_uuid, cuda_uuid, sizeof cl_uuid) == 0)
      return i;
  }
  return -1;
}

static gboolean
slot_alloc (GstClCudaLink *link, Slot *slot, CUdevice dev, GError **error)
{
  const GstClCudaApi *cu = link->cu;
  CUmemAccessDesc access = { { CU_MEM_LOCATION_TYPE_DEVICE, dev },
    CU_MEM_ACCESS_FLAGS_PROT_READWRITE };
  cl_ulong props[] = { CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR, 0,
    CL_DEVICE_HANDLE_LIST_KHR, (cl_ulong)link->cl->id.device,
    CL_DEVICE_HANDLE_LIST_END_KHR, 0 };
  const guint32 zero = 0;
  cl_int status;
  gint fd = -1;

  if (CU_FAILED (cu->MemCreate (&slot->handle, link->slot_size, &link->prop, 0),
          error))
    return FALSE;
  if (CU_FAILED (cu->MemAddressReserve (&slot->ptr, link->slot_size, 0, 0, 0),
          error)) {
    slot->ptr = 0;
    return FALSE;
  }
  if (CU_FAILED (cu->MemMap (slot->ptr, link->slot_size, 0, slot->handle, 0),
          error) ||
      CU_FAILED (cu->MemSetAccess (slot->ptr, link->slot_size, &access, 1),
          error) ||
      CU_FAILED (cu->MemExportToShareableHandle (&fd, slot->handle,
                     CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0),
          error))
    return FALSE;
  props[1] = (cl_ulong)fd;
  slot->mem = clCreateBufferWithProperties (link->cl->context, props,
      CL_MEM_READ_WRITE, link->slot_size, NULL, &status);
  /* Whether the import took the descriptor over is the driver's choice. */
  if (fcntl (fd, F_GETFD) != -1)
    close (fd);
  if (cl_failed (status, "clCreateBufferWithProperties", error)) {
    slot->mem = NULL;
    return FALSE;
  }
  /* The word must start below any value OpenCL writes. */
  status = clEnqueueFillBuffer (link->cl->queues->queue, slot->mem, &zero,
      sizeof zero, link->flag_offset, sizeof zero, 0, NULL, &slot->cl_done);
  return !cl_failed (status, "clEnqueueFillBuffer", error);
}

static void
slot_free (GstClCudaLink *link, Slot *slot)
{
  const GstClCudaApi *cu = link->cu;

  if (slot->cl_done) {
    clWaitForEvents (1, &slot->cl_done);
    clReleaseEvent (slot->cl_done);
  }
  if (slot->cuda_done) {
    clWaitForEvents (1, &slot->cuda_done);
    clReleaseEvent (slot->cuda_done);
  }
  gst_clear_buffer (&slot->hold);
  if (slot->mem)
    clReleaseMemObject (slot->mem);
  if (slot->ptr) {
    cu->MemUnmap (slot->ptr, link->slot_size);
    cu->MemAddressFree (slot->ptr, link->slot_size);
  }
  if (slot->handle)
    cu->MemRelease (slot->handle);
}

GstClCudaLink *
gst_cl_cuda_link_new (GstClContext *cl, CUcontext cuda, gsize frame_size,
    GError **error)
{
  const gchar *why = NULL;
  const GstClCudaApi *cu = gst_cl_cuda_api_get (&why);
  GstClCudaLink *link;
  gsize granularity = 0;
  gboolean ok;
  CUdevice dev;

  if (!cu) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "CUDA is not available.\n%s", why);
    return NULL;
  }
  link = g_new0 (GstClCudaLink, 1);
  link->cu = cu;
  link->cl = gst_object_ref (cl);
  link->cuda = cuda;
  link->frame_size = frame_size;
  link->flag_offset = GST_ROUND_UP_N (frame_size, FLAG_ALIGN);
  if (CU_FAILED (cu->CtxPushCurrent (cuda), error)) {
    gst_object_unref (link->cl);
    g_free (link);
    return NULL;
  }
  ok = same_device (link, &dev, error);
  if (ok) {
    link->prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    link->prop.requested_handle_types =
        CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    link->prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    link->prop.location.id = dev;
    ok = !CU_FAILED (cu->MemGetAllocationGranularity (&granularity, &link->prop,
                         CU_MEM_ALLOC_GRANULARITY_RECOMMENDED),
        error);
  }
  if (ok) {
    link->slot_size = GST_ROUND_UP_N (link->flag_offset + FLAG_ALIGN,
        MAX (granularity, 1));
  }
  for (guint i = 0; ok && i < N_SLOTS; i++)
    ok = slot_alloc (link, &link->slots[i], dev, error);
  /* The words start as whatever the memory held: CUDA must not see a
   * value before they are zero. */
  if (ok)
    ok = !cl_failed (clFinish (cl->queues->queue), "clFinish", error);
  cu->CtxPopCurrent (NULL);
  if (!ok) {
    gst_cl_cuda_link_free (link);
    return NULL;
  }
  GST_INFO ("CUDA-OpenCL link on \"%s\": %d slots of %" G_GSIZE_FORMAT " bytes",
      cl->device_name, N_SLOTS, link->slot_size);
  return link;
}

void
gst_cl_cuda_link_free (GstClCudaLink *link)
{
  const GstClCudaApi *cu = link->cu;

  if (cu->CtxPushCurrent (link->cuda) == CUDA_SUCCESS) {
    cu->StreamSynchronize (NULL);
    for (guint i = 0; i < N_SLOTS; i++)
      slot_free (link, &link->slots[i]);
    cu->CtxPopCurrent (NULL);
  }
  gst_object_unref (link->cl);
  g_free (link);
}

gboolean
gst_cl_cuda_link_fits (GstClCudaLink *link, CUcontext cuda, gsize frame_size)
{
  return link->cuda == cuda && link->frame_size == frame_size;
}

static void
complete_event (gpointer data)
{
  cl_event ev = data;

  clSetUserEventStatus (ev, CL_COMPLETE);
  clReleaseEvent (ev);
}

/* The slot's previous use must be over on the host side: its user event
 * set before it is replaced, and @hold given back. Normally long done; a
 * wait only when CUDA is N_SLOTS frames behind. */
static Slot *
next_slot (GstClCudaLink *link)
{
  Slot *slot = &link->slots[link->next];

  link->next = (link->next + 1) % N_SLOTS;
  if (slot->cuda_done) {
    clWaitForEvents (1, &slot->cuda_done);
    clReleaseEvent (slot->cuda_done);
    slot->cuda_done = NULL;
  }
  gst_clear_buffer (&slot->hold);
  return slot;
}

/* Copies between the slot and @planes, then completes a new
 * user event, which the slot keeps and @done gets. */
static gboolean
queue_copies (GstClCudaLink *link, Slot *slot, const GstClCudaPlane *planes,
    guint n_planes, gboolean to_slot, GError **error)
{
  const GstClCudaApi *cu = link->cu;
  cl_int status;
  cl_event ev;

  for (guint i = 0; i < n_planes; i++) {
    CUDA_MEMCPY2D copy = { 0 };
    const CUdeviceptr at = slot->ptr + planes[i].slot_offset;

    copy.src_memory_type = copy.dst_memory_type = CU_MEMORYTYPE_DEVICE;
    copy.src_device = to_slot ? planes[i].device : at;
    copy.src_pitch = to_slot ? planes[i].pitch : planes[i].slot_pitch;
    copy.dst_device = to_slot ? at : planes[i].device;
    copy.dst_pitch = to_slot ? planes[i].slot_pitch : planes[i].pitch;
    copy.width_in_bytes = planes[i].width;
    copy.height = planes[i].height;
    if (CU_FAILED (cu->Memcpy2DAsync (&copy, NULL), error))
      return FALSE;
  }
  ev = clCreateUserEvent (link->cl->context, &status);
  if (cl_failed (status, "clCreateUserEvent", error))
    return FALSE;
  clRetainEvent (ev);
  if (CU_FAILED (cu->LaunchHostFunc (NULL, complete_event, ev), error)) {
    /* Commands waiting for it end with an error instead of waiting. */
    clSetUserEventStatus (ev, -1);
    clReleaseEvent (ev);
    clReleaseEvent (ev);
    return FALSE;
  }
  slot->cuda_done = ev;
  return TRUE;
}

cl_mem
gst_cl_cuda_link_to_cl (GstClCudaLink *link, const GstClCudaPlane *planes,
    guint n_planes, GstBuffer *hold, cl_event *ready, GError **error)
{
  const GstClCudaApi *cu = link->cu;
  Slot *slot = next_slot (link);
  gboolean ok;

  if (CU_FAILED (cu->CtxPushCurrent (link->cuda), error))
    return NULL;
  ok = slot->seq == 0 ||
       !CU_FAILED (cu->StreamWaitValue32 (NULL, slot->ptr + link->flag_offset,
                       slot->seq, CU_STREAM_WAIT_VALUE_GEQ),
           error);
  ok = ok && queue_copies (link, slot, planes, n_planes, TRUE, error);
  cu->CtxPopCurrent (NULL);
  if (!ok)
    return NULL;
  if (hold)
    slot->hold = gst_buffer_ref (hold);
  link->current = slot;
  *ready = slot->cuda_done;
  return slot->mem;
}

/* Writes the slot's word on @queue after what is queued there, and
 * submits it: CUDA's stream waits for the value. */
static gboolean
hand_back (GstClCudaLink *link, Slot *slot, cl_command_queue queue,
    GError **error)
{
  cl_int status;

  slot->seq++;
  if (slot->cl_done)
    clReleaseEvent (slot->cl_done);
  slot->cl_done = NULL;
  status = clEnqueueFillBuffer (queue, slot->mem, &slot->seq, sizeof slot->seq,
      link->flag_offset, sizeof slot->seq, 0, NULL, &slot->cl_done);
  if (status == CL_SUCCESS)
    status = clFlush (queue);
  return !cl_failed (status, "clEnqueueFillBuffer", error);
}

gboolean
gst_cl_cuda_link_release (GstClCudaLink *link, cl_command_queue queue,
    GError **error)
{
  Slot *slot = link->current;

  link->current = NULL;
  g_return_val_if_fail (slot != NULL, FALSE);
  return hand_back (link, slot, queue, error);
}

cl_mem
gst_cl_cuda_link_begin_from_cl (GstClCudaLink *link)
{
  Slot *slot = &link->slots[link->next];

  /* CUDA's last read of the slot, normally long done: waited for only
   * when CUDA is N_SLOTS frames behind, which bounds what is in flight. */
  if (slot->cuda_done) {
    clWaitForEvents (1, &slot->cuda_done);
    clReleaseEvent (slot->cuda_done);
    slot->cuda_done = NULL;
  }
  link->current = slot;
  return slot->mem;
}

gboolean
gst_cl_cuda_link_from_cl (GstClCudaLink *link, cl_command_queue queue,
    const GstClCudaPlane *planes, guint n_planes, GError **error)
{
  const GstClCudaApi *cu = link->cu;
  Slot *slot = link->current;
  gboolean ok;

  g_return_val_if_fail (slot != NULL, FALSE);
  link->current = NULL;
  link->next = (link->next + 1) % N_SLOTS;
  if (!hand_back (link, slot, queue, error))
    return FALSE;
  if (CU_FAILED (cu->CtxPushCurrent (link->cuda), error))
    return FALSE;
  ok = !CU_FAILED (cu->StreamWaitValue32 (NULL, slot->ptr + link->flag_offset,
                       slot->seq, CU_STREAM_WAIT_VALUE_GEQ),
      error);
  ok = ok && queue_copies (link, slot, planes, n_planes, FALSE, error);
  cu->CtxPopCurrent (NULL);
  return ok;
}
