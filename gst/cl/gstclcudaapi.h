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
#ifndef __GST_CL_CUDA_API_H__
#define __GST_CL_CUDA_API_H__

#include <glib.h>

G_BEGIN_DECLS

/* The part of NVIDIA's CUDA driver API the interop uses, declared from its
 * documented ABI: neither the CUDA toolkit's cuda.h nor GStreamer's CUDA
 * headers (which need cuda.h) are on a Debian machine, and libcuda is
 * opened at run time (gst_cl_cuda_api_get()), as GStreamer's CUDA library
 * does, so that the plugin loads where there is no NVIDIA driver. */
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef guint64 CUdeviceptr;
typedef guint64 CUmemGenericAllocationHandle;

#define CUDA_SUCCESS 0

typedef struct {
  gint type; /* CU_MEM_LOCATION_TYPE_DEVICE */
  gint id;
} CUmemLocation;

#define CU_MEM_LOCATION_TYPE_DEVICE 1
#define CU_MEM_ALLOCATION_TYPE_PINNED 1
#define CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR 1
#define CU_MEM_ACCESS_FLAGS_PROT_READWRITE 3
#define CU_MEM_ALLOC_GRANULARITY_RECOMMENDED 1

typedef struct {
  gint type;
  gint requested_handle_types;
  CUmemLocation location;
  gpointer win32_handle_meta_data;
  struct {
    guint8 compression_type;
    guint8 gpu_direct_rdma_capable;
    guint16 usage;
    guint8 reserved[4];
  } alloc_flags;
} CUmemAllocationProp;

typedef struct {
  CUmemLocation location;
  gint flags;
} CUmemAccessDesc;

#define CU_MEMORYTYPE_HOST 1
#define CU_MEMORYTYPE_DEVICE 2

typedef struct {
  gsize src_x_in_bytes;
  gsize src_y;
  gint src_memory_type;
  gconstpointer src_host;
  CUdeviceptr src_device;
  gpointer src_array;
  gsize src_pitch;
  gsize dst_x_in_bytes;
  gsize dst_y;
  gint dst_memory_type;
  gpointer dst_host;
  CUdeviceptr dst_device;
  gpointer dst_array;
  gsize dst_pitch;
  gsize width_in_bytes;
  gsize height;
} CUDA_MEMCPY2D;

typedef struct {
  CUresult (*Init) (guint flags);
  CUresult (*GetErrorName) (CUresult error, const gchar **str);
  CUresult (*DeviceGetCount) (gint *count);
  CUresult (*DeviceGet) (CUdevice *device, gint ordinal);
  CUresult (*DeviceGetUuid) (guint8 uuid[16], CUdevice device);
  CUresult (*CtxPushCurrent) (CUcontext ctx);
  CUresult (*CtxPopCurrent) (CUcontext *ctx);
  CUresult (*CtxGetDevice) (CUdevice *device);
  CUresult (*StreamSynchronize) (CUstream stream);
  CUresult (*MemGetAllocationGranularity) (gsize *granularity,
      const CUmemAllocationProp *prop, gint option);
  CUresult (*MemCreate) (CUmemGenericAllocationHandle *handle, gsize size,
      const CUmemAllocationProp *prop, guint64 flags);
  CUresult (*MemRelease) (CUmemGenericAllocationHandle handle);
  CUresult (*MemAddressReserve) (CUdeviceptr *ptr, gsize size, gsize alignment,
      CUdeviceptr addr, guint64 flags);
  CUresult (*MemAddressFree) (CUdeviceptr ptr, gsize size);
  CUresult (*MemMap) (CUdeviceptr ptr, gsize size, gsize offset,
      CUmemGenericAllocationHandle handle, guint64 flags);
  CUresult (*MemUnmap) (CUdeviceptr ptr, gsize size);
  CUresult (*MemSetAccess) (CUdeviceptr ptr, gsize size,
      const CUmemAccessDesc *desc, gsize count);
  CUresult (*MemExportToShareableHandle) (gpointer handle,
      CUmemGenericAllocationHandle allocation, gint handle_type, guint64 flags);
  CUresult (*Memcpy2DAsync) (const CUDA_MEMCPY2D *copy, CUstream stream);
  CUresult (*StreamWaitValue32) (CUstream stream, CUdeviceptr addr,
      guint32 value, guint flags);
  CUresult (*LaunchHostFunc) (CUstream stream, void (*fn) (gpointer data),
      gpointer data);
} GstClCudaApi;

#define CU_STREAM_WAIT_VALUE_GEQ 0

const GstClCudaApi *gst_cl_cuda_api_get (const gchar **why);

const gchar *gst_cl_cuda_error_name (CUresult result);

G_END_DECLS

#endif /* __GST_CL_CUDA_API_H__ */
