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
 * clupload's and cldownload's base; see gstclmemorycopy.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclmemorycopy.h"
#include "gstclbufferpool.h"
#include "gstclfiltercaps.h"
#include "gstclframe.h"
#include "gstclhostmemory.h"
#include "gstclutils.h"
#include "gstclvideoplane.h"
#ifdef GST_CL_HAVE_CUDA
#include "gstclcudacopy.h"
#include "gstclcudamemory.h"
#endif

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

typedef struct {
  /* Per caps, for the streaming thread. */
  gboolean negotiated;
  GstVideoInfo info;
#ifdef GST_CL_HAVE_CUDA
  GstClCudaCopy cuda;
#endif
} GstClMemoryCopyPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GstClMemoryCopy, gst_cl_memory_copy,
    GST_TYPE_CL_BASE_FILTER);

#define PRIV(f)                                                                \
  ((GstClMemoryCopyPrivate *)gst_cl_memory_copy_get_instance_private (         \
      GST_CL_MEMORY_COPY (f)))

/* The memories the elements copy frames between: system memory, the
 * device's and (clupload's input) GStreamer's CUDA memory; others (a GL
 * texture) hold no frames of ours. */
static gboolean
is_frame_memory (GstCapsFeatures *f)
{
  return !f || gst_caps_features_is_any (f) ||
         gst_caps_features_is_equal (f,
             GST_CAPS_FEATURES_MEMORY_SYSTEM_MEMORY) ||
#ifdef GST_CL_HAVE_CUDA
         gst_caps_features_contains (f, GST_CL_CAPS_FEATURE_MEMORY_CUDA) ||
#endif
         gst_caps_features_contains (f, GST_CAPS_FEATURE_MEMORY_CL_BUFFER);
}

/* @caps with every structure in @feature's memory (system memory where
 * NULL). */
static GstCaps *
caps_in_memory (GstCaps *caps, const gchar *feature)
{
  GstCaps *result = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    if (!is_frame_memory (gst_caps_get_features (caps, i)))
      continue;
    result = gst_caps_merge_structure_full (result,
        gst_structure_copy (gst_caps_get_structure (caps, i)),
        feature ? gst_caps_features_new (feature, NULL)
                : gst_caps_features_new_empty ());
  }
  return result;
}

/* The format, size and rate stay; the memory becomes the other side's,
 * the copy first, then the caps as they are (passthrough): upload's
 * device memory from system memory, and on its sink side system memory
 * for device memory; download the other way. */
static GstCaps *
gst_cl_memory_copy_transform_caps (GstBaseTransform *trans,
    GstPadDirection direction, GstCaps *caps, GstCaps *filter)
{
  const gboolean to_device = GST_CL_MEMORY_COPY_GET_CLASS (trans)->to_device;
  GstPad *other = direction == GST_PAD_SINK ? trans->srcpad : trans->sinkpad;
  GstCaps *templ = gst_pad_get_pad_template_caps (other);
  const gboolean device = direction == GST_PAD_SINK ? to_device : !to_device;
  GstCaps *result = gst_caps_new_empty ();
  GstCaps *tmp;

#ifdef GST_CL_HAVE_CUDA
  /* clupload asks upstream for CUDA memory first, which stays on the GPU;
   * cldownload gives system memory first, what it is for. */
  if (to_device && direction == GST_PAD_SRC)
    result = gst_caps_merge (result,
        caps_in_memory (caps, GST_CL_CAPS_FEATURE_MEMORY_CUDA));
#endif
  result = gst_caps_merge (result,
      caps_in_memory (caps, device ? GST_CAPS_FEATURE_MEMORY_CL_BUFFER : NULL));
  result = gst_caps_merge (result, gst_caps_ref (caps));
#ifdef GST_CL_HAVE_CUDA
  if (!to_device && direction == GST_PAD_SINK)
    result = gst_caps_merge (result,
        caps_in_memory (caps, GST_CL_CAPS_FEATURE_MEMORY_CUDA));
#endif
  tmp = gst_caps_intersect_full (result, templ, GST_CAPS_INTERSECT_FIRST);
  gst_caps_unref (result);
  gst_caps_unref (templ);
  result = tmp;
  if (filter) {
    tmp = gst_caps_intersect_full (filter, result, GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (result);
    result = tmp;
  }
  GST_DEBUG_OBJECT (trans, "%s %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT,
      direction == GST_PAD_SINK ? "sink" : "src", caps, result);
  return result;
}

/* As the filters' sink pads: frames already on the device first, so that
 * a clfilter element upstream of cldownload leaves the download to
 * cldownload (and one upstream of clupload passes its frames on the
 * device), and the formats in upstream's order. */
static gboolean
gst_cl_memory_copy_query (GstBaseTransform *trans, GstPadDirection direction,
    GstQuery *query)
{
#ifdef GST_CL_HAVE_CUDA
  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT &&
      gst_cl_cuda_copy_query (GST_ELEMENT (trans), &PRIV (trans)->cuda, query))
    return TRUE;
#endif
  if (!GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)
           ->query (trans, direction, query))
    return FALSE;
  if (GST_QUERY_TYPE (query) == GST_QUERY_CAPS && direction == GST_PAD_SINK)
    gst_cl_filter_caps_order_sink_query (trans, TRUE, query);
  return TRUE;
}

static gboolean
gst_cl_memory_copy_set_caps (GstBaseTransform *trans, GstCaps *incaps,
    GstCaps *outcaps)
{
  GstClMemoryCopyPrivate *priv = PRIV (trans);
  GstVideoInfo out_info;

  priv->negotiated = FALSE;
  if (!gst_video_info_from_caps (&priv->info, incaps) ||
      !gst_video_info_from_caps (&out_info, outcaps) ||
      GST_VIDEO_INFO_FORMAT (&priv->info) !=
          GST_VIDEO_INFO_FORMAT (&out_info)) {
    GST_WARNING_OBJECT (trans,
        "invalid caps %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, incaps,
        outcaps);
    return FALSE;
  }
  if (!gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (trans)))
    return FALSE;
  GST_DEBUG_OBJECT (trans, "in %" GST_PTR_FORMAT " out %" GST_PTR_FORMAT,
      incaps, outcaps);
  priv->negotiated = TRUE;
  return TRUE;
}

static gboolean
gst_cl_memory_copy_get_unit_size (GstBaseTransform *trans, GstCaps *caps,
    gsize *size)
{
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps))
    return FALSE;
  *size = GST_VIDEO_INFO_SIZE (&info);
  return TRUE;
}

/* As GstClFilter: metas that only describe the picture's content go
 * along, those of its layout (GstVideoMeta) do not. */
static gboolean
gst_cl_memory_copy_transform_meta (GstBaseTransform *trans, GstBuffer *outbuf,
    GstMeta *meta, GstBuffer *inbuf)
{
  const gchar *const *tags = gst_meta_api_type_get_tags (meta->info->api);

  return !tags || (g_strv_length ((gchar **)tags) == 1 &&
                      gst_meta_api_type_has_tag (meta->info->api,
                          g_quark_from_string (GST_META_TAG_VIDEO_STR)));
}

static gboolean
check_buffer (GstClMemoryCopy *self, GstBuffer *buf, const gchar *what)
{
  const GstVideoInfo *info = &PRIV (self)->info;
  const guint all = (1u << GST_VIDEO_INFO_N_COMPONENTS (info)) - 1;
  gchar *why = NULL;

  if (gst_cl_video_buffer_fits (buf, info, all, &why))
    return TRUE;
  GST_ELEMENT_ERROR (self, STREAM, FORMAT,
      ("%s buffer does not hold the frame its caps describe.", what),
      ("%s", why));
  g_free (why);
  return FALSE;
}

/* Queues the copy and waits for it: an upload before the input goes back
 * upstream, whose pool may write it again at once; a download before the
 * output is read. The wait is a marker's, not the queue's, which other
 * elements of a chain on the device feed too. As in the filters, frames
 * on the device keep the queues their memory came with. */
static cl_int
copy_frame (GstClMemoryCopy *self, GstBuffer *inbuf, GstClFrame *in,
    GstBuffer *outbuf, GstClFrame *out)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (self);
  const GstClCommands cmd = gst_cl_base_filter_get_commands (base);
  cl_event done = NULL;
  cl_int status;

  status = gst_cl_base_filter_frame_queues (base, inbuf, in->on_device, outbuf,
      out->on_device);
  if (status == CL_SUCCESS)
    status = gst_cl_frame_copy_planes (&cmd, &PRIV (self)->info, in, out, 0);
  if (status == CL_SUCCESS && (in->on_device || out->on_device))
    status = clEnqueueMarkerWithWaitList (gst_cl_commands_queue (&cmd), 0, NULL,
        &done);
  /* A wait on a command that never reached the device would not end. */
  if (status == CL_SUCCESS && done)
    status = clFlush (gst_cl_commands_queue (&cmd));
  if (status == CL_SUCCESS && done)
    status = clWaitForEvents (1, &done);
  /* After a failure, copies still queued may use the frames' memory. */
  if (status != CL_SUCCESS)
    clFinish (gst_cl_commands_queue (&cmd));
  if (done)
    clReleaseEvent (done);
  gst_cl_base_filter_profile_collect (base);
  return status;
}

static gboolean
map_frame (GstClMemoryCopy *self, GstClFrame *frame, GstBuffer *buf,
    GstMapFlags flags, const gchar *what)
{
  if (gst_cl_frame_map (frame,
          gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (self)),
          &PRIV (self)->info, buf, flags))
    return TRUE;
  GST_ELEMENT_ERROR (self, STREAM, FORMAT, ("Could not map a frame."),
      ("%s buffer %" GST_PTR_FORMAT, what, buf));
  return FALSE;
}

static GstFlowReturn
gst_cl_memory_copy_transform (GstBaseTransform *trans, GstBuffer *inbuf,
    GstBuffer *outbuf)
{
  GstClMemoryCopy *self = GST_CL_MEMORY_COPY (trans);
  const GstVideoInfo *info = &PRIV (self)->info;
  GstClFrame in, out;
  cl_int status;

  if (!PRIV (self)->negotiated) {
    GST_ELEMENT_ERROR (self, CORE, NOT_IMPLEMENTED, (NULL),
        ("frame before caps"));
    return GST_FLOW_NOT_NEGOTIATED;
  }
#ifdef GST_CL_HAVE_CUDA
  {
    GstFlowReturn ret;

    if (gst_cl_is_cuda_memory (gst_buffer_peek_memory (inbuf, 0)) &&
        gst_cl_cuda_copy_upload (GST_CL_BASE_FILTER (self), &PRIV (self)->cuda,
            info, inbuf, outbuf, &ret))
      return ret;
    if (gst_cl_is_cuda_memory (gst_buffer_peek_memory (outbuf, 0)) &&
        gst_cl_cuda_copy_download (GST_CL_BASE_FILTER (self),
            &PRIV (self)->cuda, info, inbuf, outbuf, &ret))
      return ret;
  }
#endif
  if (!check_buffer (self, inbuf, "Input") ||
      !check_buffer (self, outbuf, "Output"))
    return GST_FLOW_ERROR;
  if (!map_frame (self, &in, inbuf, GST_MAP_READ, "input"))
    return GST_FLOW_ERROR;
  if (!map_frame (self, &out, outbuf, GST_MAP_WRITE, "output")) {
    gst_cl_frame_unmap (&in);
    return GST_FLOW_ERROR;
  }
  status = copy_frame (self, inbuf, &in, outbuf, &out);
  gst_cl_frame_unmap (&out);
  gst_cl_frame_unmap (&in);
  if (status != CL_SUCCESS) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Copying a frame %s the OpenCL device failed.",
            GST_CL_MEMORY_COPY_GET_CLASS (self)->to_device ? "to" : "from"),
        ("%s (%d) on \"%s\"", gst_cl_strerror (status), status,
            gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (self))
                ->device_name));
    return GST_FLOW_ERROR;
  }
  GST_CAT_LOG_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (self)->debug_category, self,
      "%s %dx%d frame %" GST_TIME_FORMAT ": %s", GST_VIDEO_INFO_NAME (info),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
      GST_TIME_ARGS (GST_BUFFER_PTS (inbuf)),
      in.on_device == out.on_device ? "on the host"
      : in.on_device                ? "from the device"
                                    : "to the device");
  return GST_FLOW_OK;
}

/* Upstream is offered the pool the filters offer for the same caps; in
 * passthrough the query goes on downstream. */
static gboolean
gst_cl_memory_copy_propose_allocation (GstBaseTransform *trans,
    GstQuery *decide_query, GstQuery *query)
{
  GstClContext *cl;
  GstCaps *caps = NULL;
  gboolean ret;

  if (gst_base_transform_is_passthrough (trans))
    return GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)
        ->propose_allocation (trans, decide_query, query);
  cl = gst_cl_base_filter_ref_context (GST_CL_BASE_FILTER (trans));
  gst_query_parse_allocation (query, &caps, NULL);
  ret = gst_cl_caps_on_device (caps)
            ? gst_cl_buffer_pool_propose_allocation (cl, query)
            : gst_cl_host_memory_propose_allocation (cl, query);
  gst_clear_object (&cl);
  return ret;
}

/* Output comes from the filters' pools: device memory, or host memory
 * that is pinned (GPUs) or the device's own (CPU devices). */
static gboolean
gst_cl_memory_copy_decide_allocation (GstBaseTransform *trans, GstQuery *query)
{
  GstClContext *cl = gst_cl_base_filter_ref_context (
      GST_CL_BASE_FILTER (trans));
  GstCaps *caps = NULL;
  gboolean ret;

  gst_query_parse_allocation (query, &caps, NULL);
#ifdef GST_CL_HAVE_CUDA
  if (caps && gst_caps_features_contains (gst_caps_get_features (caps, 0),
                  GST_CL_CAPS_FEATURE_MEMORY_CUDA)) {
    gst_clear_object (&cl);
    return gst_cl_cuda_copy_decide_allocation (GST_CL_BASE_FILTER (trans),
        &PRIV (trans)->cuda, query);
  }
#endif
  ret = gst_cl_caps_on_device (caps)
            ? gst_cl_buffer_pool_decide_allocation (cl, query)
            : gst_cl_host_memory_decide_allocation (cl, query);
  gst_clear_object (&cl);
  if (ret)
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)
      ->decide_allocation (trans, query);
}

static gboolean
gst_cl_memory_copy_stop (GstBaseTransform *trans)
{
  PRIV (trans)->negotiated = FALSE;
#ifdef GST_CL_HAVE_CUDA
  gst_cl_cuda_copy_clear (&PRIV (trans)->cuda);
#endif
  return GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)
      ->stop (trans);
}

#ifdef GST_CL_HAVE_CUDA
static void
gst_cl_memory_copy_set_context (GstElement *element, GstContext *context)
{
  gst_cl_cuda_copy_set_context (element, &PRIV (element)->cuda, context);
  GST_ELEMENT_CLASS (gst_cl_memory_copy_parent_class)
      ->set_context (element, context);
}
#endif

static void
gst_cl_memory_copy_class_init (GstClMemoryCopyClass *klass)
{
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
#ifdef GST_CL_HAVE_CUDA
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  element_class->set_context = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_set_context);
#endif

  trans_class->transform_caps = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_transform_caps);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_cl_memory_copy_query);
  trans_class->set_caps = GST_DEBUG_FUNCPTR (gst_cl_memory_copy_set_caps);
  trans_class->get_unit_size = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_get_unit_size);
  trans_class->transform_meta = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_transform_meta);
  trans_class->transform = GST_DEBUG_FUNCPTR (gst_cl_memory_copy_transform);
  trans_class->propose_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_propose_allocation);
  trans_class->decide_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_memory_copy_decide_allocation);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_cl_memory_copy_stop);
  /* Caps that are already in the memory the element gives. */
  trans_class->passthrough_on_same_caps = TRUE;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_MEMORY_COPY, 0);
}

static void
gst_cl_memory_copy_init (GstClMemoryCopy *self)
{}
