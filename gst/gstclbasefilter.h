/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_BASE_FILTER_H__
#define __GST_CL_BASE_FILTER_H__

#include <gst/video/video.h>
#include <gst/video/gstvideofilter.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BASE_FILTER (gst_cl_base_filter_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstClBaseFilter, gst_cl_base_filter, GST,
    CL_BASE_FILTER, GstVideoFilter)

/* One plane of a frame in device memory. Rows start at multiples of
 * GST_CL_PLANE_ALIGN bytes so that kernels may use aligned vector loads. */
#define GST_CL_PLANE_ALIGN 64
typedef struct {
  cl_mem mem;
  gsize pitch;
  gsize row_bytes;
  guint height;
} GstClPlane;

/**
 * GstClBaseFilter:
 *
 * What both elements need: the "device" and "device-name" properties, a
 * GstClContext found or shared through GstContext, the element's program
 * built once per context, and each frame copied to and from the device with
 * its row stride.
 */
struct _GstClBaseFilterClass {
  GstVideoFilterClass parent_class;

  /* The embedded kernels/<name>.cl source this element runs. */
  const gchar *program_name;
  const gchar *program_source;
  /* The program's float division must be correctly rounded. */
  gboolean exact_div;
  /* On CPU devices the kernels read and write only the pixels of each row,
   * so they may run on the frames' memory itself, rows @pitch bytes apart
   * as the frame has them (no GST_CL_PLANE_ALIGN, no padding). */
  gboolean host_planes;

  /* After the context is found and the program built: create kernels. */
  gboolean (
      *setup) (GstClBaseFilter *filter, cl_program program, GError **error);
  void (*teardown) (GstClBaseFilter *filter);

  /* For new caps, once the device planes have their size. */
  gboolean (*configure) (GstClBaseFilter *filter, GError **error);

  /* Queue the frame's work between upload of @in and download of @out.
   * Anything read back here must be non-blocking: the download is the
   * frame's one wait. */
  cl_int (*enqueue) (GstClBaseFilter *filter, const GstClPlane *in,
      const GstClPlane *out);

  /* After the wait: results read back in enqueue are there. */
  GstFlowReturn (*finish) (GstClBaseFilter *filter, GstVideoFrame *in);
};

GstClContext *gst_cl_base_filter_get_context (GstClBaseFilter *filter);

cl_kernel gst_cl_base_filter_create_kernel (GstClBaseFilter *filter,
    cl_program program, const gchar *name, GError **error);

cl_int gst_cl_base_filter_enqueue_kernel (GstClBaseFilter *filter,
    cl_kernel kernel, cl_uint dims, const size_t *global, const size_t *local);

cl_mem gst_cl_base_filter_alloc (GstClBaseFilter *filter, gsize size,
    GError **error);

void gst_cl_base_filter_post_error (GstClBaseFilter *filter, GError *error);

G_END_DECLS
#endif /* __GST_CL_BASE_FILTER_H__ */
