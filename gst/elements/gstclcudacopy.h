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
#ifndef __GST_CL_CUDA_COPY_H__
#define __GST_CL_CUDA_COPY_H__

#include "gstclbasefilter.h"
#include "gstclcudalink.h"

G_BEGIN_DECLS

/* clupload's and cldownload's CUDA side: frames in GStreamer's CUDA
 * memory (memory:CUDAMemory, nvcodec's decoders, cudaupload and
 * cudadownload) copied on the GPU through a CUDA link (gstclcudalink.h),
 * made at the first frame. */
typedef struct {
  GstClCudaLink *link;
  /* cldownload's: GStreamer's GstCudaContext, shared with the pipeline's
   * CUDA elements through the gst.cuda.context GstContext. */
  GstObject *context;
  /* No link could be made: frames go through system memory. */
  gboolean unlinkable;
} GstClCudaCopy;

void gst_cl_cuda_copy_clear (GstClCudaCopy *copy);

/* Each FALSE where no link can be made (another GPU, a driver without the
 * extensions): the caller then copies through system memory, which CUDA
 * memory maps to. Else @ret is the frame's result, an element error
 * posted on failure. */
gboolean gst_cl_cuda_copy_upload (GstClBaseFilter *filter, GstClCudaCopy *copy,
    const GstVideoInfo *info, GstBuffer *inbuf, GstBuffer *outbuf,
    GstFlowReturn *ret);
gboolean gst_cl_cuda_copy_download (GstClBaseFilter *filter,
    GstClCudaCopy *copy, const GstVideoInfo *info, GstBuffer *inbuf,
    GstBuffer *outbuf, GstFlowReturn *ret);

/* cldownload's GstContext handling and its pool of CUDA memory. */
void gst_cl_cuda_copy_set_context (GstElement *element, GstClCudaCopy *copy,
    GstContext *context);
gboolean gst_cl_cuda_copy_query (GstElement *element, GstClCudaCopy *copy,
    GstQuery *query);
gboolean gst_cl_cuda_copy_decide_allocation (GstClBaseFilter *filter,
    GstClCudaCopy *copy, GstQuery *query);

G_END_DECLS
#endif /* __GST_CL_CUDA_COPY_H__ */
