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
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcudaapi.h"

#include <gmodule.h>

static GstClCudaApi cuda_api;
static gchar *cuda_missing;

/* The versioned names are the ones the driver's headers map the plain
 * names to since CUDA 4 (_v2), 11.4 (cuDeviceGetUuid_v2) and 11.7
 * (cuStreamWaitValue32_v2). */
static const struct {
  const gchar *name;
  gsize offset;
} cuda_symbols[] = {
#define SYM(field, name)                                                       \
  {                                                                            \
    name, G_STRUCT_OFFSET (GstClCudaApi, field)                                \
  }
  SYM (Init, "cuInit"),
  SYM (GetErrorName, "cuGetErrorName"),
  SYM (DeviceGetCount, "cuDeviceGetCount"),
  SYM (DeviceGet, "cuDeviceGet"),
  SYM (DeviceGetUuid, "cuDeviceGetUuid_v2"),
  SYM (CtxPushCurrent, "cuCtxPushCurrent_v2"),
  SYM (CtxPopCurrent, "cuCtxPopCurrent_v2"),
  SYM (CtxGetDevice, "cuCtxGetDevice"),
  SYM (StreamSynchronize, "cuStreamSynchronize"),
  SYM (MemGetAllocationGranularity, "cuMemGetAllocationGranularity"),
  SYM (MemCreate, "cuMemCreate"),
  SYM (MemRelease, "cuMemRelease"),
  SYM (MemAddressReserve, "cuMemAddressReserve"),
  SYM (MemAddressFree, "cuMemAddressFree"),
  SYM (MemMap, "cuMemMap"),
  SYM (MemUnmap, "cuMemUnmap"),
  SYM (MemSetAccess, "cuMemSetAccess"),
  SYM (MemExportToShareableHandle, "cuMemExportToShareableHandle"),
  SYM (Memcpy2DAsync, "cuMemcpy2DAsync_v2"),
  /* Without a kernel module option since CUDA 11.7. */
  SYM (StreamWaitValue32, "cuStreamWaitValue32_v2"),
  SYM (LaunchHostFunc, "cuLaunchHostFunc"),
#undef SYM
};

static gpointer
cuda_api_load (gpointer unused)
{
  GModule *module;
  CUresult res;
  guint i;

  module = g_module_open ("libcuda.so.1", G_MODULE_BIND_LAZY);
  if (!module) {
    cuda_missing = g_strdup_printf ("no NVIDIA CUDA driver (libcuda.so.1: %s)",
        g_module_error ());
    return NULL;
  }
  for (i = 0; i < G_N_ELEMENTS (cuda_symbols); i++) {
    gpointer *slot = G_STRUCT_MEMBER_P (&cuda_api, cuda_symbols[i].offset);

    if (!g_module_symbol (module, cuda_symbols[i].name, slot)) {
      cuda_missing = g_strdup_printf ("libcuda.so.1 has no %s: the driver is "
                                      "older than CUDA 11.7",
          cuda_symbols[i].name);
      g_module_close (module);
      return NULL;
    }
  }
  res = cuda_api.Init (0);
  if (res != CUDA_SUCCESS) {
    const gchar *name = NULL;

    cuda_api.GetErrorName (res, &name);
    cuda_missing = g_strdup_printf ("cuInit failed: %s (%d)",
        name ? name : "unknown error", res);
    return NULL;
  }
  /* Kept open for the life of the process, as GStreamer's CUDA loader does:
   * memory and contexts made through it may outlive any one element. */
  g_module_make_resident (module);
  return &cuda_api;
}

/* The CUDA driver's entry points, or NULL with @why set (not to be freed)
 * to the reason when there is no usable driver. */
const GstClCudaApi *
gst_cl_cuda_api_get (const gchar **why)
{
  static GOnce once = G_ONCE_INIT;
  const GstClCudaApi *api = g_once (&once, cuda_api_load, NULL);

  if (!api && why)
    *why = cuda_missing;
  return api;
}

const gchar *
gst_cl_cuda_error_name (CUresult result)
{
  const gchar *name = NULL;

  if (cuda_api.GetErrorName)
    cuda_api.GetErrorName (result, &name);
  return name ? name : "unknown CUDA error";
}
