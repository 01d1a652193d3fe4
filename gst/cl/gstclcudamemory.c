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
 * GStreamer's CUDA memory as the CUDA link sees it; see gstclcudamemory.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcudamemory.h"

#include <gmodule.h>

/* GstCudaMemory's public fields, in their order (since GStreamer 1.22). */
typedef struct {
  GstMemory mem;
  GstObject *context;
  GstVideoInfo info;
} CudaMemoryFields;

gboolean
gst_cl_is_cuda_memory (GstMemory *mem)
{
  return mem && gst_memory_is_type (mem, "gst.cuda.memory");
}

const GstVideoInfo *
gst_cl_cuda_memory_info (GstMemory *mem)
{
  return &((CudaMemoryFields *)mem)->info;
}

static GstClGstCuda gst_cuda;

static gpointer
load_gst_cuda (gpointer unused)
{
  static const struct {
    const gchar *name;
    gsize offset;
  } symbols[] = {
#define SYM(field) { "gst_cuda_" #field, G_STRUCT_OFFSET (GstClGstCuda, field) }
    SYM (context_get_handle),
    SYM (ensure_element_context),
    SYM (handle_set_context),
    SYM (handle_context_query),
    SYM (buffer_pool_new),
#undef SYM
  };
  GModule *module = g_module_open ("libgstcuda-1.0.so.0", G_MODULE_BIND_LAZY);

  if (!module)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++) {
    if (!g_module_symbol (module, symbols[i].name,
            G_STRUCT_MEMBER_P (&gst_cuda, symbols[i].offset))) {
      g_module_close (module);
      return NULL;
    }
  }
  g_module_make_resident (module);
  return &gst_cuda;
}

const GstClGstCuda *
gst_cl_gst_cuda_get (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, load_gst_cuda, NULL);
}

CUcontext
gst_cl_cuda_memory_context (GstMemory *mem, GError **error)
{
  const GstClGstCuda *cuda = gst_cl_gst_cuda_get ();
  GstObject *context = ((CudaMemoryFields *)mem)->context;

  if (!cuda || !context) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "CUDA memory without GStreamer's CUDA library.\n"
        "libgstcuda-1.0.so.0 or one of its functions is missing");
    return NULL;
  }
  return cuda->context_get_handle (context);
}
