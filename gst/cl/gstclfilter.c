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
 * The frame layer every element derives from; see gstclfilter.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfilter.h"
#include "gstclcolor.h"
#include "gstclbufferpool.h"
#include "gstclfiltercaps.h"
#include "gstclframe.h"
#include "gstclvideoplane.h"
#include "gstclasyncdownload.h"
#include "gstclheldframe.h"
#include "gstclhostmemory.h"
#include "gstclutils.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

#define ELEMENT_CAT(f) (GST_CL_BASE_FILTER_GET_CLASS (f)->debug_category)

#define DEFAULT_HOLD_FRAME FALSE

enum
{
  PROP_0,
  PROP_HOLD_FRAME,
};

typedef struct {
  /* The channel of RGB frames, set and read atomically (elements set it
   * with their object lock held), and the one of the plan. */
  gint space;
  gint plan_space;
  /* The element takes RGB frames as pixels where it can
   * (gst_cl_filter_set_rgb_pixels()), for the plan. */
  gboolean rgb_pixels;
  /* Per caps, for the streaming thread. */
  gboolean negotiated;
  GstClFramePlan plan;
  /* The caps have GST_CAPS_FEATURE_MEMORY_CL_BUFFER. */
  gboolean in_device;
  gboolean out_device;
  /* Per frame: gst_cl_filter_wait_for_results() was called. */
  gboolean wait_results;
  gboolean may_defer;
  /* A frame whose finish() waits for its results: their marker, and the
   * frame's timestamps and flags. */
  cl_event results;
  GstClDownloads downloads;
  GstBuffer *pending;
  GstClHeldFrame held;
  /* Per frame: its input, and whether finish() ran while its download
   * was under way, with what it returned. */
  GstBuffer *inbuf;
  gboolean finished;
  GstFlowReturn finish_ret;
  /* The caps last refused: a sticky caps event is sent again with every
   * buffer, and its error is posted once. */
  GstCaps *refused;
} GstClFilterPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GstClFilter, gst_cl_filter,
    GST_TYPE_CL_BASE_FILTER);

#define PRIV(f)                                                                \
  ((GstClFilterPrivate *)gst_cl_filter_get_instance_private (GST_CL_FILTER (f)))

/* The plan and the element's configuration for frames of @in_info into
 * frames of @out_info, RGB's channel as last set. */
static gboolean
make_plan (GstClFilter *filter, const GstVideoInfo *in_info,
    const GstVideoInfo *out_info)
{
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFilterPrivate *priv = PRIV (filter);
  const gboolean passthrough = klass->write_components == 0;
  const gboolean in_place = !passthrough && klass->in_place &&
                            gst_video_info_is_equal (in_info, out_info);
  GstClCommands cmd = gst_cl_base_filter_get_commands (
      GST_CL_BASE_FILTER (filter));
  GError *error = NULL;

  priv->plan_space = g_atomic_int_get (&priv->space);
  priv->rgb_pixels = FALSE;
  if (!gst_cl_frame_plan_init (&priv->plan, &cmd, in_info, out_info,
          klass->read_components, klass->write_components, in_place,
          priv->plan_space, &error)) {
    gst_cl_base_filter_post_error (GST_CL_BASE_FILTER (filter), error);
    g_error_free (error);
    return FALSE;
  }
  if (klass->configure && !klass->configure (filter, in_info, out_info)) {
    gst_cl_frame_plan_clear (&priv->plan);
    return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_filter_set_caps (GstBaseTransform *trans, GstCaps *incaps,
    GstCaps *outcaps)
{
  GstClFilter *filter = GST_CL_FILTER (trans);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFilterPrivate *priv = PRIV (filter);
  GstVideoInfo in_info, out_info;

  /* The last frame's results, while its plan and the element's buffers
   * are there. */
  gst_cl_filter_complete_pending (filter);
  gst_cl_downloads_forget (&priv->downloads);
  priv->negotiated = FALSE;
  if (!gst_video_info_from_caps (&in_info, incaps) ||
      !gst_video_info_from_caps (&out_info, outcaps)) {
    GST_WARNING_OBJECT (filter,
        "invalid caps %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, incaps,
        outcaps);
    return FALSE;
  }
  if (!gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (filter)))
    return FALSE;
  GST_DEBUG_OBJECT (filter, "in %" GST_PTR_FORMAT " out %" GST_PTR_FORMAT,
      incaps, outcaps);

  priv->in_device = gst_cl_caps_on_device (incaps);
  priv->out_device = gst_cl_caps_on_device (outcaps);
  if (!make_plan (filter, &in_info, &out_info))
    return FALSE;
  /* An element that writes nothing only measures: frames pass as they
   * are, and are read where they are. */
  gst_base_transform_set_passthrough (trans, klass->write_components == 0);
  priv->negotiated = TRUE;
  return TRUE;
}

/* Whether a frame may be processed: caps came, and the plan is made for
 * RGB's channel as last set (a change takes effect from the next frame,
 * as a change of caps). */
static gboolean
ready_for_frame (GstClFilter *filter)
{
  GstClFilterPrivate *priv = PRIV (filter);

  if (!priv->negotiated) {
    GST_ELEMENT_ERROR (filter, CORE, NOT_IMPLEMENTED, (NULL),
        ("frame before caps"));
    return FALSE;
  }
  if (g_atomic_int_get (&priv->space) != priv->plan_space &&
      gst_cl_color_is_rgb (&priv->plan.in_info)) {
    const GstVideoInfo in_info = priv->plan.in_info;
    const GstVideoInfo out_info = priv->plan.out_info;

    gst_cl_filter_complete_pending (filter);
    gst_cl_downloads_forget (&priv->downloads);
    priv->negotiated = make_plan (filter, &in_info, &out_info);
  }
  return priv->negotiated;
}

/* A refused format says which the element takes: the pad's accept-caps
 * check refuses caps before any event handler sees them, so this probe,
 * which runs first, names them. */
static GstPadProbeReturn
refused_caps_probe (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  GstBaseTransform *trans = GST_BASE_TRANSFORM (user_data);
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps, *templ;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  templ = gst_pad_get_pad_template_caps (pad);
  if (!gst_caps_can_intersect (caps, templ) &&
      !(PRIV (trans)->refused &&
          gst_caps_is_equal (caps, PRIV (trans)->refused))) {
    GPtrArray *formats = gst_cl_filter_template_formats (trans, GST_PAD_SINK);
    const GstStructure *s = gst_caps_get_structure (caps, 0);
    const gchar *format = s ? gst_structure_get_string (s, "format") : NULL;
    gchar *list;

    g_ptr_array_add (formats, NULL);
    list = g_strjoinv (", ", (gchar **)formats->pdata);
    GST_ELEMENT_ERROR (trans, CORE, NEGOTIATION,
        ("%s does not take %s video; it takes %s (videoconvert in front "
         "converts others).",
            GST_OBJECT_NAME (trans), format ? format : "this", list),
        ("refused caps %" GST_PTR_FORMAT, caps));
    g_free (list);
    g_ptr_array_unref (formats);
    gst_caps_replace (&PRIV (trans)->refused, caps);
  }
  gst_caps_unref (templ);
  return GST_PAD_PROBE_OK;
}

static GstCaps *
gst_cl_filter_transform_caps (GstBaseTransform *trans,
    GstPadDirection direction, GstCaps *caps, GstCaps *filter)
{
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (trans);

  return gst_cl_filter_caps_transform (trans, klass->converts,
      klass->write_components != 0, direction, caps, filter);
}

static gboolean
gst_cl_filter_get_unit_size (GstBaseTransform *trans, GstCaps *caps,
    gsize *size)
{
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps))
    return FALSE;
  *size = GST_VIDEO_INFO_SIZE (&info);
  return TRUE;
}

/* As GstVideoFilter: metas that only describe the picture's content go
 * along, those of its layout (GstVideoMeta) do not. */
static gboolean
gst_cl_filter_transform_meta (GstBaseTransform *trans, GstBuffer *outbuf,
    GstMeta *meta, GstBuffer *inbuf)
{
  const GstMetaInfo *info = meta->info;
  const gchar *const *tags = gst_meta_api_type_get_tags (info->api);

  return !tags || (g_strv_length ((gchar **)tags) == 1 &&
                      gst_meta_api_type_has_tag (info->api,
                          g_quark_from_string (GST_META_TAG_VIDEO_STR)));
}

gboolean
gst_cl_filter_keeps_or_narrows (GstVideoFormat in, GstVideoFormat out)
{
  return in == out || gst_cl_narrow_formats (in, out) ||
         ((in == GST_VIDEO_FORMAT_GRAY16_LE ||
              in == GST_VIDEO_FORMAT_GRAY16_BE) &&
             out == GST_VIDEO_FORMAT_GRAY8);
}

/* The queues of the frame under way. */
static GstClQueues *
queues_of (GstClFilter *filter)
{
  return gst_cl_base_filter_get_queues (GST_CL_BASE_FILTER (filter));
}

/* Whether the frame's download into host memory goes on the stream's
 * download queue and runs on after the frame leaves: only while the
 * element is the context's one stream. With several, their transfers
 * already fill both directions of the bus, and on NVIDIA's driver the
 * waits between queues that the second queue needs cost more than the
 * overlap gains. */
static gboolean
defers_downloads (GstClFilter *filter)
{
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (filter));

  return queues_of (filter)->download_queue && gst_cl_context_streams (cl) <= 1;
}

void
gst_cl_filter_wait_for_results (GstClFilter *filter, gboolean may_defer)
{
  PRIV (filter)->wait_results = TRUE;
  PRIV (filter)->may_defer = may_defer;
}

void
gst_cl_filter_complete_pending (GstClFilter *filter)
{
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFilterPrivate *priv = PRIV (filter);
  cl_int status;

  if (!priv->pending)
    return;
  status = clWaitForEvents (1, &priv->results);
  clReleaseEvent (priv->results);
  priv->results = NULL;
  if (status != CL_SUCCESS)
    GST_ELEMENT_WARNING (filter, RESOURCE, FAILED,
        ("A frame's results could not be read back from the device."),
        ("clWaitForEvents: %s (%d)", gst_cl_strerror (status), status));
  else if (klass->finish)
    klass->finish (filter, priv->pending, priv->pending, &priv->plan.in_info);
  gst_clear_buffer (&priv->pending);
}

/* Where the frame's output stays on the device, the results it reads back
 * may come later: @results is their marker, and finish() waits for it
 * when the next frame comes, by which time the device has long been done
 * with them. */
static gboolean
defer_results (GstClFilter *filter, GstBuffer *inbuf)
{
  GstClFilterPrivate *priv = PRIV (filter);

  if (!priv->results)
    return FALSE;
  priv->pending = gst_buffer_new ();
  gst_buffer_copy_into (priv->pending, inbuf,
      GST_BUFFER_COPY_FLAGS | GST_BUFFER_COPY_TIMESTAMPS, 0, -1);
  return TRUE;
}

/* The last frame's deferred finish() (a frame that stayed on the device),
 * once this frame's upload is queued and before its own commands, which
 * reuse what that finish() reads: its message is built while the upload
 * is under way rather than before it. */
static void
complete_pending_during (GstClFilter *filter, GstClContext *cl)
{
  GstClQueues *q = queues_of (filter);

  if (!PRIV (filter)->pending)
    return;
  clFlush (q->queue);
  gst_cl_filter_complete_pending (filter);
}

/* Where a frame's results may come later (gst_cl_filter_wait_for_results())
 * and its output is downloaded after them, finish() need not wait for the
 * download: a marker after the results, just queued, lets it run while the
 * download is under way rather than after it, so that building a message
 * costs the frame no time where the device is another processor. */
static cl_int
mark_results (GstClFilter *filter, GstClContext *cl, cl_event *marker)
{
  GstClQueues *q = queues_of (filter);

  *marker = NULL;
  if (!PRIV (filter)->wait_results || !PRIV (filter)->may_defer)
    return CL_SUCCESS;
  return clEnqueueMarkerWithWaitList (q->queue, 0, NULL, marker);
}

/* With the download queued and flushed: finish() once @marker is done. */
static void
finish_before_download (GstClFilter *filter, cl_event marker)
{
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFilterPrivate *priv = PRIV (filter);

  if (!marker)
    return;
  if (clWaitForEvents (1, &marker) == CL_SUCCESS && klass->finish) {
    priv->finish_ret = klass->finish (filter, priv->inbuf, priv->inbuf,
        &priv->plan.in_info);
    priv->finished = TRUE;
  }
  clReleaseEvent (marker);
}

/* On the frames themselves, where the device shares the host's memory: the
 * frame's one wait is in gst_cl_frame_plan_unwrap(). */
static cl_int
process_wrapped (GstClFilter *filter, GstClContext *cl, GstVideoFrame *in,
    GstVideoFrame *out, gboolean copy_unwritten)
{
  GstClQueues *q = queues_of (filter);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFramePlan *plan = &PRIV (filter)->plan;
  GstClPlane src[GST_VIDEO_MAX_COMPONENTS] = { { 0 } };
  GstClPlane dst[GST_VIDEO_MAX_COMPONENTS] = { { 0 } };
  cl_int status = gst_cl_frame_plan_wrap (plan, in, out,
      PRIV (filter)->rgb_pixels, src, dst);

  complete_pending_during (filter, cl);
  if (status == CL_SUCCESS)
    status = klass->enqueue (filter, src, dst);
  if (copy_unwritten) {
    clFlush (q->queue);
    gst_cl_frame_plan_copy_unwritten (plan, in, out, FALSE);
  }
  return gst_cl_frame_plan_unwrap (plan, src, dst, status);
}

/* Through the device planes: the frame's one wait is here, for all of its
 * work or, where its download goes on after it (gst_cl_downloads_leave()),
 * for its upload and results. */
static cl_int
process_through_copies (GstClFilter *filter, GstClContext *cl,
    GstVideoFrame *in, GstVideoFrame *out, gboolean copy_unwritten)
{
  GstClQueues *q = queues_of (filter);
  const gboolean defer = defers_downloads (filter);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFramePlan *plan = &PRIV (filter)->plan;
  GstClPlane src[GST_VIDEO_MAX_COMPONENTS], dst[GST_VIDEO_MAX_COMPONENTS];
  /* What the host waits for where the download goes on without it. */
  cl_event results = NULL, host_wait = NULL, done = NULL;
  cl_int status;

  memset (src, 0, sizeof (src));
  memset (dst, 0, sizeof (dst));
  GST_CL_FOREACH_COMPONENT (plan->in_mask, c)
  {
    gst_cl_frame_plan_device_planes (plan->in, c, src);
  }
  GST_CL_FOREACH_COMPONENT (plan->out_mask, c)
  {
    gst_cl_frame_plan_device_planes (plan->out, c, dst);
  }
  status = gst_cl_frame_plan_upload (plan, in);
  if (status == CL_SUCCESS && defer)
    status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL, &host_wait);
  /* After an earlier frame's download, which may still run. */
  if (status == CL_SUCCESS)
    status = gst_cl_downloads_order_after (&PRIV (filter)->downloads, q);
  complete_pending_during (filter, cl);
  if (status == CL_SUCCESS)
    status = klass->enqueue (filter, src, dst);
  if (status == CL_SUCCESS)
    status = mark_results (filter, cl, &results);
  /* Results that finish() reads after this function: the host waits for
   * them rather than for the upload alone. */
  if (status == CL_SUCCESS && host_wait && PRIV (filter)->wait_results &&
      !results) {
    clReleaseEvent (host_wait);
    host_wait = NULL;
    status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL, &host_wait);
  }
  if (status == CL_SUCCESS)
    status = gst_cl_frame_plan_download (plan, out, host_wait ? &done : NULL);
  /* The device's work, the download included, under way before the
   * host's own copy, which would otherwise hold the download back. */
  if (copy_unwritten || results || host_wait)
    clFlush (q->queue);
  if (done)
    clFlush (q->download_queue);
  if (copy_unwritten)
    gst_cl_frame_plan_copy_unwritten (plan, in, out, TRUE);
  if (status == CL_SUCCESS)
    finish_before_download (filter, results);
  else if (results)
    clReleaseEvent (results);
  /* The frame's one wait: for its upload (and results) where its
   * download may go on without it, else for all. After a failure,
   * commands still queued may use the frames, which must not go away
   * under them. */
  if (status == CL_SUCCESS && done) {
    status = gst_cl_downloads_leave (&PRIV (filter)->downloads, cl, q,
        out->buffer, done, GST_OBJECT (filter));
    if (status == CL_SUCCESS)
      status = clWaitForEvents (1, &host_wait);
  } else {
    const cl_int finished = clFinish (q->queue);

    if (status == CL_SUCCESS)
      status = finished;
  }
  if (status != CL_SUCCESS)
    gst_cl_downloads_finish_all (q);
  if (host_wait)
    clReleaseEvent (host_wait);
  return status;
}

/* Both frames in system memory: on the frames themselves where the device
 * shares the host's memory and the element's kernels allow, else through
 * device planes. With @copy_unwritten the planes no kernel writes go from
 * @in to @out on the host while the device works, so that their copy costs
 * no time of its own where the device is another processor. */
static cl_int
process_on_host (GstClFilter *filter, GstVideoFrame *in, GstVideoFrame *out,
    gboolean copy_unwritten, const gchar **how)
{
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (filter));

  if (GST_CL_FILTER_GET_CLASS (filter)->host_planes &&
      gst_cl_frame_plan_can_wrap (&PRIV (filter)->plan, in, out)) {
    *how = "on the frame's memory";
    return process_wrapped (filter, cl, in, out, copy_unwritten);
  }
  *how = "through device copies";
  return process_through_copies (filter, cl, in, out, copy_unwritten);
}

/* One frame or both on the device. Where the output stays there the host
 * waits for nothing of the device's but an upload of host memory that is
 * about to go back upstream and what the element reads back, each through
 * a marker after it, not the queue, which other elements' threads feed
 * too: the next element's commands follow on the same in-order queue. */
static cl_int
process_on_device (GstClFilter *filter, GstClFrame *in, GstClFrame *out,
    const gchar **how)
{
  GstClQueues *q = queues_of (filter);
  const gboolean defer = defers_downloads (filter);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  GstClFramePlan *plan = &PRIV (filter)->plan;
  GstClContext *cl = gst_cl_base_filter_get_context (base);
  GstClPlane src[GST_VIDEO_MAX_COMPONENTS] = { { 0 } };
  GstClPlane dst[GST_VIDEO_MAX_COMPONENTS] = { { 0 } };
  cl_event waits[3] = { NULL, NULL, NULL };
  cl_event results = NULL, done = NULL;
  cl_uint n_waits = 0;
  cl_int status, waited;

  *how = !in->on_device    ? "to the device"
         : !out->on_device ? "from the device"
                           : "on the device";
  status = gst_cl_frame_inputs (plan, in, src);
  if (status == CL_SUCCESS && !in->on_device && out->on_device)
    status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL, &waits[n_waits++]);
  complete_pending_during (filter, cl);
  if (status == CL_SUCCESS && !out->on_device)
    status = gst_cl_downloads_order_after (&PRIV (filter)->downloads, q);
  if (status == CL_SUCCESS) {
    gst_cl_frame_outputs (plan, src, out, dst);
    status = klass->enqueue (filter, src, dst);
  }
  if (status == CL_SUCCESS && PRIV (filter)->wait_results && out->on_device) {
    if (PRIV (filter)->may_defer && !cl->profiling)
      status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL,
          &PRIV (filter)->results);
    else
      status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL,
          &waits[n_waits++]);
  } else if (status == CL_SUCCESS) {
    status = mark_results (filter, cl, &results);
  }
  /* As in process_on_host(): where the download is not waited for, the
   * results read after this function are. */
  if (status == CL_SUCCESS && !out->on_device && defer &&
      PRIV (filter)->wait_results && !results)
    status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL, &waits[n_waits++]);
  /* A download to host memory is waited for, here or where the frame's
   * memory is next mapped (gst_cl_downloads_leave()). */
  if (status == CL_SUCCESS)
    status = gst_cl_frame_complete (plan, out, dst,
        !out->on_device && defer ? &done : NULL);
  if (status == CL_SUCCESS && done)
    status = gst_cl_downloads_leave (&PRIV (filter)->downloads, cl, q,
        out->host.buffer, done, GST_OBJECT (filter));
  else if (status == CL_SUCCESS && !out->on_device)
    status = clEnqueueMarkerWithWaitList (q->queue, 0, NULL, &waits[n_waits++]);
  if (status == CL_SUCCESS && results) {
    clFlush (q->queue);
    finish_before_download (filter, results);
  } else if (results) {
    clReleaseEvent (results);
  }
  /* After a failure, commands still queued may use the frames. Profiling
   * reads the times of complete commands. */
  if (status != CL_SUCCESS) {
    gst_cl_downloads_finish_all (q);
    waited = status;
  } else if (cl->profiling)
    waited = clFinish (q->queue);
  else if (n_waits)
    waited = clWaitForEvents (n_waits, waits);
  else
    waited = clFlush (q->queue);
  for (guint i = 0; i < G_N_ELEMENTS (waits); i++)
    if (waits[i])
      clReleaseEvent (waits[i]);
  return status != CL_SUCCESS ? status : waited;
}

/* The frame's work, from the input's components to the output's, the
 * planes the element leaves alone copied first where the output is a
 * buffer of its own (@copy_planes). Its device time goes to @device_ns
 * when profiling. */
static cl_int
process (GstClFilter *filter, GstClFrame *in, GstClFrame *out,
    gboolean copy_planes, guint64 *device_ns, const gchar **how)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  /* Both in host memory, the copy overlaps the device's work. */
  const gboolean on_host = !in->on_device && !out->on_device;
  cl_int status = CL_SUCCESS;

  PRIV (filter)->wait_results = FALSE;
  PRIV (filter)->may_defer = FALSE;
  PRIV (filter)->finished = FALSE;
  *how = "not at all";
  if (copy_planes && !on_host)
    status = gst_cl_frame_copy_unwritten_planes (&PRIV (filter)->plan, in, out);
  if (status != CL_SUCCESS)
    clFinish (queues_of (filter)->queue);
  else if (on_host)
    status = process_on_host (filter, &in->host, &out->host, copy_planes, how);
  else
    status = process_on_device (filter, in, out, how);
  /* Where no path came as far as its upload. */
  gst_cl_filter_complete_pending (filter);
  if (status != CL_SUCCESS && PRIV (filter)->results) {
    clReleaseEvent (PRIV (filter)->results);
    PRIV (filter)->results = NULL;
  }
  *device_ns = gst_cl_base_filter_profile_collect (base);
  return status;
}

static gboolean
check_buffer (GstClFilter *filter, GstBuffer *buf, const GstVideoInfo *info,
    guint mask, const gchar *what)
{
  gchar *why = NULL;

  if (gst_cl_video_buffer_fits (buf, info, mask, &why))
    return TRUE;
  GST_ELEMENT_ERROR (filter, STREAM, FORMAT,
      ("%s buffer does not hold the frame its caps describe.", what),
      ("%s", why));
  g_free (why);
  return FALSE;
}

static cl_int
choose_queues (GstClFilter *filter, GstBuffer *inbuf, GstBuffer *outbuf,
    const GstClFrame *in, const GstClFrame *out)
{
  return gst_cl_base_filter_frame_queues (GST_CL_BASE_FILTER (filter), inbuf,
      in->on_device, outbuf, out->on_device);
}

static GstFlowReturn
run_frames (GstClFilter *filter, GstBuffer *inbuf, GstBuffer *outbuf,
    GstClFrame *in, GstClFrame *out, gboolean copy_planes)
{
  GstClFilterPrivate *priv = PRIV (filter);
  const GstVideoInfo *info = &priv->plan.in_info;
  guint64 device_ns = GST_CLOCK_TIME_NONE;
  const gchar *where = NULL;
  const gchar *how = inbuf != outbuf       ? "into a new buffer"
                     : priv->plan.in_place ? "in place"
                                           : "passthrough";
  cl_int status;

  priv->inbuf = inbuf;
  status = choose_queues (filter, inbuf, outbuf, in, out);
  if (status == CL_SUCCESS)
    status = process (filter, in, out, copy_planes, &device_ns, &where);
  priv->inbuf = NULL;

  if (status != CL_SUCCESS) {
    GST_ELEMENT_ERROR (filter, RESOURCE, FAILED,
        ("Processing a frame on the OpenCL device failed."),
        ("%s (%d) on \"%s\"", gst_cl_strerror (status), status,
            gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (filter))
                ->device_name));
    return GST_FLOW_ERROR;
  }
  /* In the element's category: GST_DEBUG=<element>:6 shows each frame. */
  if (device_ns != GST_CLOCK_TIME_NONE)
    GST_CAT_LOG_OBJECT (ELEMENT_CAT (filter), filter,
        "%s %dx%d frame %" GST_TIME_FORMAT ": %s, %s, %.1f us on the device",
        GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), GST_TIME_ARGS (GST_BUFFER_PTS (inbuf)),
        how, where, device_ns / 1000.0);
  else
    GST_CAT_LOG_OBJECT (ELEMENT_CAT (filter), filter,
        "%s %dx%d frame %" GST_TIME_FORMAT ": %s, %s",
        GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), GST_TIME_ARGS (GST_BUFFER_PTS (inbuf)),
        how, where);
  return GST_FLOW_OK;
}

/* After the frames are unmapped, which leaves @outbuf writable for the
 * element's metas. */
static GstFlowReturn
finish_frame (GstClFilter *filter, GstBuffer *inbuf, GstBuffer *outbuf)
{
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);

  if (PRIV (filter)->finished)
    return PRIV (filter)->finish_ret;
  return klass->finish ? klass->finish (filter, inbuf, outbuf,
                             &PRIV (filter)->plan.in_info)
                       : GST_FLOW_OK;
}

static GstFlowReturn gst_cl_filter_transform_ip (GstBaseTransform *trans,
    GstBuffer *buf);

static gboolean
map_frame (GstClFilter *filter, GstClFrame *frame, const GstVideoInfo *info,
    GstBuffer *buf, GstMapFlags flags, const gchar *what)
{
  if (gst_cl_frame_map (frame,
          gst_cl_base_filter_get_context (GST_CL_BASE_FILTER (filter)), info,
          buf, flags))
    return TRUE;
  GST_ELEMENT_ERROR (filter, STREAM, FORMAT, ("Could not map a frame."),
      ("%s buffer %" GST_PTR_FORMAT, what, buf));
  return FALSE;
}

static GstFlowReturn
gst_cl_filter_transform (GstBaseTransform *trans, GstBuffer *inbuf,
    GstBuffer *outbuf)
{
  GstClFilter *filter = GST_CL_FILTER (trans);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFramePlan *plan = &PRIV (filter)->plan;
  GstClFrame in, out;
  GstFlowReturn ret;

  if (!ready_for_frame (filter))
    return GST_FLOW_NOT_NEGOTIATED;
  if (!check_buffer (filter, inbuf, &plan->in_info, klass->read_components,
          "Input") ||
      !check_buffer (filter, outbuf, &plan->out_info, klass->write_components,
          "Output"))
    return GST_FLOW_ERROR;
  if (inbuf == outbuf)
    return gst_cl_filter_transform_ip (trans, inbuf);
  if (!map_frame (filter, &in, &plan->in_info, inbuf, GST_MAP_READ, "input"))
    return GST_FLOW_ERROR;
  if (!map_frame (filter, &out, &plan->out_info, outbuf, GST_MAP_WRITE,
          "output")) {
    gst_cl_frame_unmap (&in);
    return GST_FLOW_ERROR;
  }
  /* Output in a buffer of its own: the planes the kernels leave alone come
   * from the input, narrowed where the output is its 8-bit sibling. */
  ret = run_frames (filter, inbuf, outbuf, &in, &out,
      plan->keeps_planes || plan->narrow.active);
  gst_cl_frame_unmap (&out);
  gst_cl_frame_unmap (&in);
  if (ret != GST_FLOW_OK || defer_results (filter, inbuf))
    return ret;
  return finish_frame (filter, inbuf, outbuf);
}

/* Where the element may write over its input, a writable input buffer
 * whose memory is its own (else writing would copy it whole), in the
 * memory the output's caps ask for, is the output when that saves copying
 * planes the element does not write, or on CPU devices, where the kernels
 * then run on it in place. Otherwise the output comes from the pool
 * (device memory, or pinned or the device's own host memory) rather than
 * from GstBaseTransform's copy of the whole input in system memory. */
static GstFlowReturn
gst_cl_filter_prepare_output_buffer (GstBaseTransform *trans, GstBuffer *inbuf,
    GstBuffer **outbuf)
{
  GstClFilterPrivate *priv = PRIV (trans);
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (trans));

  if (!gst_base_transform_is_passthrough (trans) && priv->negotiated &&
      priv->plan.in_place && priv->in_device == priv->out_device &&
      gst_buffer_is_writable (inbuf) &&
      gst_buffer_is_memory_range_writable (inbuf, 0, -1) &&
      (priv->plan.keeps_planes || (cl->device_type & CL_DEVICE_TYPE_CPU))) {
    *outbuf = inbuf;
    return GST_FLOW_OK;
  }
  return GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
      ->prepare_output_buffer (trans, inbuf, outbuf);
}

static GstFlowReturn
gst_cl_filter_transform_ip (GstBaseTransform *trans, GstBuffer *buf)
{
  GstClFilter *filter = GST_CL_FILTER (trans);
  GstClFilterClass *klass = GST_CL_FILTER_GET_CLASS (filter);
  GstClFramePlan *plan = &PRIV (filter)->plan;
  GstClFrame frame;
  GstFlowReturn ret;

  if (!ready_for_frame (filter))
    return GST_FLOW_NOT_NEGOTIATED;
  if (!check_buffer (filter, buf, &plan->in_info,
          klass->read_components | klass->write_components, "Input"))
    return GST_FLOW_ERROR;
  if (!map_frame (filter, &frame, &plan->in_info, buf,
          klass->write_components ? GST_MAP_READWRITE : GST_MAP_READ, ""))
    return GST_FLOW_ERROR;
  ret = run_frames (filter, buf, buf, &frame, &frame, FALSE);
  gst_cl_frame_unmap (&frame);
  if (ret != GST_FLOW_OK || defer_results (filter, buf))
    return ret;
  return finish_frame (filter, buf, buf);
}

static gboolean
gst_cl_filter_propose_allocation (GstBaseTransform *trans,
    GstQuery *decide_query, GstQuery *query)
{
  GstClContext *cl = gst_cl_base_filter_ref_context (
      GST_CL_BASE_FILTER (trans));
  GstCaps *caps = NULL;
  gboolean ret;

  gst_query_parse_allocation (query, &caps, NULL);
  ret = gst_cl_caps_on_device (caps)
            ? gst_cl_buffer_pool_propose_allocation (cl, query)
            : gst_cl_host_memory_propose_allocation (cl, query);
  gst_clear_object (&cl);
  return ret;
}

static gboolean
gst_cl_filter_decide_allocation (GstBaseTransform *trans, GstQuery *query)
{
  GstClContext *cl = gst_cl_base_filter_ref_context (
      GST_CL_BASE_FILTER (trans));
  GstCaps *caps = NULL;
  gboolean ret;

  gst_query_parse_allocation (query, &caps, NULL);
  /* A frame that hold-frame keeps is one buffer more than downstream
   * counted on keeping: without it, a downstream that keeps the last
   * frame would wait for the held one, which waits for a buffer. The
   * property may be set while playing, after this query. */
  if (gst_query_get_n_allocation_pools (query) > 0) {
    GstBufferPool *pool;
    guint size, min, max;

    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
    if (max)
      gst_query_set_nth_allocation_pool (query, 0, pool, size, min, max + 1);
    gst_clear_object (&pool);
  }
  ret = gst_cl_caps_on_device (caps)
            ? gst_cl_buffer_pool_decide_allocation (cl, query)
            : gst_cl_host_memory_decide_allocation (cl, query);
  gst_clear_object (&cl);
  if (ret)
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
      ->decide_allocation (trans, query);
}

/* A serialized event comes after the frames before it, their results
 * too. */
static gboolean
gst_cl_filter_query (GstBaseTransform *trans, GstPadDirection direction,
    GstQuery *query)
{
  if (GST_QUERY_TYPE (query) == GST_QUERY_DRAIN && direction == GST_PAD_SINK)
    gst_cl_held_frame_push (&PRIV (trans)->held, trans->srcpad);
  if (!GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
           ->query (trans, direction, query))
    return FALSE;
  if (GST_QUERY_TYPE (query) == GST_QUERY_LATENCY && direction == GST_PAD_SRC) {
    GstCaps *caps = gst_pad_get_current_caps (trans->sinkpad);

    gst_cl_held_frame_add_latency (&PRIV (trans)->held, caps, query);
    gst_clear_caps (&caps);
  }
  if (GST_QUERY_TYPE (query) == GST_QUERY_CAPS && direction == GST_PAD_SINK)
    gst_cl_filter_caps_order_sink_query (trans,
        GST_CL_FILTER_GET_CLASS (trans)->write_components != 0, query);
  return TRUE;
}

static gboolean
gst_cl_filter_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    gst_cl_held_frame_clear (&PRIV (trans)->held);
  else if (GST_EVENT_IS_SERIALIZED (event))
    gst_cl_held_frame_push (&PRIV (trans)->held, trans->srcpad);
  if (GST_EVENT_IS_SERIALIZED (event))
    gst_cl_filter_complete_pending (GST_CL_FILTER (trans));
  return GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
      ->sink_event (trans, event);
}

static gboolean
gst_cl_filter_stop (GstBaseTransform *trans)
{
  gst_cl_held_frame_clear (&PRIV (trans)->held);
  gst_cl_filter_complete_pending (GST_CL_FILTER (trans));
  gst_cl_downloads_forget (&PRIV (trans)->downloads);
  PRIV (trans)->negotiated = FALSE;
  gst_caps_replace (&PRIV (trans)->refused, NULL);
  gst_cl_frame_plan_clear (&PRIV (trans)->plan);
  return GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)->stop (trans);
}

static void
gst_cl_filter_finalize (GObject *object)
{
  if (PRIV (object)->results)
    clReleaseEvent (PRIV (object)->results);
  gst_cl_downloads_forget (&PRIV (object)->downloads);
  gst_clear_buffer (&PRIV (object)->pending);
  gst_cl_held_frame_clear (&PRIV (object)->held);
  gst_cl_frame_plan_clear (&PRIV (object)->plan);
  gst_caps_replace (&PRIV (object)->refused, NULL);
  G_OBJECT_CLASS (gst_cl_filter_parent_class)->finalize (object);
}

/* A frame made under the caps before a renegotiation leaves before the
 * new caps do; the frame before a gap leaves before the base class marks
 * the next frame it pushes as DISCONT. */
static GstFlowReturn
gst_cl_filter_submit_input_buffer (GstBaseTransform *trans, gboolean is_discont,
    GstBuffer *input)
{
  GstFlowReturn ret = gst_cl_held_frame_before_input (&PRIV (trans)->held,
      trans->srcpad, is_discont, gst_pad_needs_reconfigure (trans->srcpad));

  if (ret != GST_FLOW_OK) {
    gst_buffer_unref (input);
    return ret;
  }
  return GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
      ->submit_input_buffer (trans, is_discont, input);
}

static GstFlowReturn
gst_cl_filter_generate_output (GstBaseTransform *trans, GstBuffer **outbuf)
{
  GstFlowReturn ret = GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)
                          ->generate_output (trans, outbuf);

  if (ret != GST_FLOW_OK)
    return ret;
  return gst_cl_held_frame_take (&PRIV (trans)->held, trans->srcpad, outbuf);
}

static void
gst_cl_filter_set_property (GObject *object, guint prop_id, const GValue *value,
    GParamSpec *pspec)
{
  switch (prop_id) {
    case PROP_HOLD_FRAME:
      g_atomic_int_set (&PRIV (object)->held.enabled,
          g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_cl_filter_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  switch (prop_id) {
    case PROP_HOLD_FRAME:
      g_value_set_boolean (value,
          g_atomic_int_get (&PRIV (object)->held.enabled));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_cl_filter_class_init (GstClFilterClass *klass)
{
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);

  gobject_class->finalize = gst_cl_filter_finalize;
  gobject_class->set_property = gst_cl_filter_set_property;
  gobject_class->get_property = gst_cl_filter_get_property;

  /**
   * GstClFilter:hold-frame:
   *
   * Each output frame leaves when the next frame's commands are queued,
   * so that its download from the device runs beside the next frame's
   * upload where the next element reads each frame on this element's
   * thread (no `queue` between them). Adds one frame interval of latency,
   * which the element reports in the LATENCY query. A held frame is pushed
   * before any serialized event (EOS, caps, segment), before a drain, a
   * downstream renegotiation and a frame that follows a gap, and dropped
   * on a flush.
   */
  g_object_class_install_property (gobject_class, PROP_HOLD_FRAME,
      g_param_spec_boolean ("hold-frame", "Hold frame",
          "Push each frame when the next is queued, for overlapping "
          "transfers (one frame of latency)",
          DEFAULT_HOLD_FRAME,
          G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
              G_PARAM_STATIC_STRINGS));
  trans_class->transform_caps = GST_DEBUG_FUNCPTR (
      gst_cl_filter_transform_caps);
  trans_class->set_caps = GST_DEBUG_FUNCPTR (gst_cl_filter_set_caps);
  trans_class->get_unit_size = GST_DEBUG_FUNCPTR (gst_cl_filter_get_unit_size);
  trans_class->transform_meta = GST_DEBUG_FUNCPTR (
      gst_cl_filter_transform_meta);
  trans_class->transform = GST_DEBUG_FUNCPTR (gst_cl_filter_transform);
  trans_class->transform_ip = GST_DEBUG_FUNCPTR (gst_cl_filter_transform_ip);
  trans_class->prepare_output_buffer = GST_DEBUG_FUNCPTR (
      gst_cl_filter_prepare_output_buffer);
  trans_class->propose_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_filter_propose_allocation);
  trans_class->decide_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_filter_decide_allocation);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_cl_filter_stop);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_cl_filter_sink_event);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_cl_filter_query);
  trans_class->submit_input_buffer = GST_DEBUG_FUNCPTR (
      gst_cl_filter_submit_input_buffer);
  trans_class->generate_output = GST_DEBUG_FUNCPTR (
      gst_cl_filter_generate_output);
  trans_class->passthrough_on_same_caps = FALSE;
  /* Elements that write nothing see frames in passthrough. */
  trans_class->transform_ip_on_passthrough = TRUE;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_FILTER, 0);
}

static void
gst_cl_filter_init (GstClFilter *filter)
{
  /* Late frames are dropped before they cost device time, as
   * GstVideoFilter does. */
  gst_base_transform_set_qos_enabled (GST_BASE_TRANSFORM (filter), TRUE);
  gst_pad_add_probe (GST_BASE_TRANSFORM (filter)->sinkpad,
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, refused_caps_probe, filter, NULL);
}

void
gst_cl_filter_set_color_space (GstClFilter *filter, guint space)
{
  g_atomic_int_set (&PRIV (filter)->space, space);
}

guint
gst_cl_filter_channels (GstClFilter *filter)
{
  return gst_cl_frame_plan_channels (&PRIV (filter)->plan);
}

guint
gst_cl_filter_get_color_space (GstClFilter *filter)
{
  return g_atomic_int_get (&PRIV (filter)->space);
}

gboolean
gst_cl_filter_rgb_layout (GstClFilter *filter, guint *space, guint *pstride,
    guint *offsets)
{
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (filter));

  /* Only the frames' own memory comes as pixels (process_wrapped()). */
  return GST_CL_FILTER_GET_CLASS (filter)->host_planes && cl &&
         gst_cl_context_use_cpu_kernels (cl) &&
         (cl->device_type & CL_DEVICE_TYPE_CPU) &&
         gst_cl_frame_plan_pixels (&PRIV (filter)->plan, space, pstride,
             offsets);
}

void
gst_cl_filter_set_rgb_pixels (GstClFilter *filter, gboolean pixels)
{
  PRIV (filter)->rgb_pixels = pixels;
}
