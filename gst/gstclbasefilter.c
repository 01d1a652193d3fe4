/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The base class both elements derive from; see gstclbasefilter.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclbasefilter.h"
#include "gstclhostmemory.h"

GST_DEBUG_CATEGORY (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

enum
{
  PROP_0,
  PROP_DEVICE,
  PROP_DEVICE_NAME,
};

#define DEFAULT_DEVICE ""
#define MAX_PROFILED 16

typedef struct {
  gchar *device;
  /* Set from start() to stop(), and by set_context() before start(). */
  GstClContext *cl;
  cl_program program;
  GstClPlane in;
  GstClPlane out;

  /* With GST_CL_PROFILING=1: this frame's commands, and device time per
   * command name summed over the stream, posted at EOS. */
  struct {
    gchar *name;
    cl_event event;
  } pending[MAX_PROFILED];
  guint n_pending;
  GstStructure *profile;
  guint64 frames;
} GstClBaseFilterPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GstClBaseFilter, gst_cl_base_filter,
    GST_TYPE_VIDEO_FILTER);

#define PRIV(f)                                                                \
  ((GstClBaseFilterPrivate *)gst_cl_base_filter_get_instance_private (f))

void
gst_cl_base_filter_post_error (GstClBaseFilter *filter, GError *error)
{
  gst_element_message_full (GST_ELEMENT (filter), GST_MESSAGE_ERROR,
      error->domain, error->code, g_strdup (error->message), NULL, __FILE__,
      GST_FUNCTION, __LINE__);
}

static void
post_cl_error (GstClBaseFilter *filter, const gchar *what, cl_int status)
{
  GstClContext *cl = PRIV (filter)->cl;
  GError *error = g_error_new (GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
      "OpenCL %s failed on \"%s\": %s (%d)", what, cl ? cl->device_name : "?",
      gst_cl_strerror (status), status);

  gst_cl_base_filter_post_error (filter, error);
  g_error_free (error);
}

GstClContext *
gst_cl_base_filter_get_context (GstClBaseFilter *filter)
{
  return PRIV (filter)->cl;
}

/* Where @event is needed, for the command @name; NULL unless profiling. */
static cl_event *
profile_event (GstClBaseFilterPrivate *priv, const gchar *name)
{
  if (!priv->cl->profiling || priv->n_pending == MAX_PROFILED)
    return NULL;
  priv->pending[priv->n_pending].name = g_strdup (name);
  return &priv->pending[priv->n_pending++].event;
}

/* After the frame's wait: the events are complete. */
static void
profile_collect (GstClBaseFilterPrivate *priv)
{
  for (guint i = 0; i < priv->n_pending; i++) {
    cl_ulong start = 0, end = 0;
    guint64 total = 0;

    if (priv->pending[i].event) {
      clGetEventProfilingInfo (priv->pending[i].event,
          CL_PROFILING_COMMAND_START, sizeof (start), &start, NULL);
      clGetEventProfilingInfo (priv->pending[i].event, CL_PROFILING_COMMAND_END,
          sizeof (end), &end, NULL);
      clReleaseEvent (priv->pending[i].event);
    }
    if (!priv->profile)
      priv->profile = gst_structure_new_empty ("kernels");
    gst_structure_get_uint64 (priv->profile, priv->pending[i].name, &total);
    gst_structure_set (priv->profile, priv->pending[i].name, G_TYPE_UINT64,
        total + (end > start ? end - start : 0), NULL);
    g_free (priv->pending[i].name);
  }
  if (priv->n_pending)
    priv->frames++;
  priv->n_pending = 0;
}

static guint64
take_total (GstStructure *s, const gchar *name)
{
  guint64 v = 0;

  gst_structure_get_uint64 (s, name, &v);
  gst_structure_remove_field (s, name);
  return v;
}

/* The clfilter-profile message (docs/opencl.md); resets the totals. */
static void
profile_post (GstClBaseFilter *filter)
{
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GstStructure *kernels = priv->profile, *s;
  guint64 kernel_ns = 0;

  if (!kernels)
    return;
  priv->profile = NULL;
  s = gst_structure_new ("clfilter-profile", "device-name", G_TYPE_STRING,
      priv->cl->device_name, "frames", G_TYPE_UINT64, priv->frames, "upload-ns",
      G_TYPE_UINT64, take_total (kernels, "upload"), "download-ns",
      G_TYPE_UINT64, take_total (kernels, "download"), NULL);
  for (gint i = 0; i < gst_structure_n_fields (kernels); i++) {
    guint64 v = 0;

    gst_structure_get_uint64 (kernels,
        gst_structure_nth_field_name (kernels, i), &v);
    kernel_ns += v;
  }
  gst_structure_set (s, "kernel-ns", G_TYPE_UINT64, kernel_ns, "kernels",
      GST_TYPE_STRUCTURE, kernels, NULL);
  gst_structure_free (kernels);
  priv->frames = 0;
  gst_element_post_message (GST_ELEMENT (filter),
      gst_message_new_element (GST_OBJECT (filter), s));
}

/* Every kernel launch goes through here, so that profiling sees it. */
cl_int
gst_cl_base_filter_enqueue_kernel (GstClBaseFilter *filter, cl_kernel kernel,
    cl_uint dims, const size_t *global, const size_t *local)
{
  GstClBaseFilterPrivate *priv = PRIV (filter);
  cl_event *event = NULL;

  if (priv->cl->profiling) {
    gchar name[64] = "";

    clGetKernelInfo (kernel, CL_KERNEL_FUNCTION_NAME, sizeof (name) - 1, name,
        NULL);
    event = profile_event (priv, name);
  }
  return clEnqueueNDRangeKernel (priv->cl->queue, kernel, dims, NULL, global,
      local, 0, NULL, event);
}

cl_kernel
gst_cl_base_filter_create_kernel (GstClBaseFilter *filter, cl_program program,
    const gchar *name, GError **error)
{
  cl_int status;
  cl_kernel kernel = clCreateKernel (program, name, &status);

  if (status != CL_SUCCESS)
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "Could not create OpenCL kernel \"%s\" (%s)", name,
        gst_cl_strerror (status));
  return kernel;
}

cl_mem
gst_cl_base_filter_alloc (GstClBaseFilter *filter, gsize size, GError **error)
{
  GstClContext *cl = PRIV (filter)->cl;
  cl_int status = CL_SUCCESS;
  cl_mem mem = NULL;

  if (size > cl->max_alloc_size) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NO_SPACE_LEFT,
        "A %" G_GSIZE_FORMAT "-byte buffer is larger than \"%s\" allows "
        "(%" G_GUINT64_FORMAT " bytes)",
        size, cl->device_name, (guint64)cl->max_alloc_size);
    return NULL;
  }
  mem = clCreateBuffer (cl->context, CL_MEM_READ_WRITE, size, NULL, &status);
  if (status != CL_SUCCESS)
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NO_SPACE_LEFT,
        "Could not allocate %" G_GSIZE_FORMAT " bytes on \"%s\" (%s)", size,
        cl->device_name, gst_cl_strerror (status));
  return mem;
}

static void
plane_clear (GstClPlane *plane)
{
  if (plane->mem)
    clReleaseMemObject (plane->mem);
  memset (plane, 0, sizeof (*plane));
}

static gboolean
plane_alloc (GstClBaseFilter *filter, GstClPlane *plane,
    const GstVideoInfo *info, GError **error)
{
  plane_clear (plane);
  plane->row_bytes = (gsize)GST_VIDEO_INFO_COMP_WIDTH (info, 0) *
                     GST_VIDEO_INFO_COMP_PSTRIDE (info, 0);
  plane->height = GST_VIDEO_INFO_COMP_HEIGHT (info, 0);
  plane->pitch = GST_ROUND_UP_N (plane->row_bytes, GST_CL_PLANE_ALIGN);
  plane->mem = gst_cl_base_filter_alloc (filter, plane->pitch * plane->height,
      error);
  return plane->mem != NULL;
}

/* @notify: FALSE from finalize, where no signal may be emitted. */
static void
release_device (GstClBaseFilter *filter, gboolean notify)
{
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  gboolean had_context;

  if (priv->program && klass->teardown)
    klass->teardown (filter);
  if (priv->profile)
    gst_structure_free (priv->profile);
  priv->profile = NULL;
  priv->frames = 0;
  plane_clear (&priv->in);
  plane_clear (&priv->out);
  if (priv->program)
    clReleaseProgram (priv->program);
  priv->program = NULL;
  GST_OBJECT_LOCK (filter);
  had_context = priv->cl != NULL;
  gst_clear_object (&priv->cl);
  GST_OBJECT_UNLOCK (filter);
  if (had_context && notify)
    g_object_notify (G_OBJECT (filter), "device-name");
}

static gboolean
gst_cl_base_filter_start (GstBaseTransform *trans)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (trans);
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GstClDeviceId want;
  GError *error = NULL;
  gchar *selector;

  GST_OBJECT_LOCK (filter);
  selector = g_strdup (priv->device);
  GST_OBJECT_UNLOCK (filter);

  if (!gst_cl_device_resolve (selector, &want, &error))
    goto failed;
  /* A context set earlier may be for the device asked for before. */
  if (priv->cl && priv->cl->id.device != want.device)
    gst_clear_object (&priv->cl);
  if (!gst_cl_ensure_element_context (GST_ELEMENT (filter), &want, &priv->cl,
          &error))
    goto failed;
  priv->program = gst_cl_context_get_program (priv->cl, klass->program_name,
      klass->program_source, klass->exact_div, &error);
  if (!priv->program)
    goto failed;
  if (klass->setup && !klass->setup (filter, priv->program, &error))
    goto failed;

  GST_INFO_OBJECT (filter, "running on \"%s\"", priv->cl->device_name);
  g_free (selector);
  g_object_notify (G_OBJECT (filter), "device-name");
  return TRUE;

failed:
  GST_ERROR_OBJECT (filter, "%s", error->message);
  gst_cl_base_filter_post_error (filter, error);
  g_error_free (error);
  g_free (selector);
  release_device (filter, TRUE);
  return FALSE;
}

static gboolean
gst_cl_base_filter_stop (GstBaseTransform *trans)
{
  release_device (GST_CL_BASE_FILTER (trans), TRUE);
  return TRUE;
}

static gboolean
gst_cl_base_filter_set_info (GstVideoFilter *vfilter, GstCaps *incaps,
    GstVideoInfo *in_info, GstCaps *outcaps, GstVideoInfo *out_info)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (vfilter);
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GError *error = NULL;

  GST_DEBUG_OBJECT (filter, "in %" GST_PTR_FORMAT " out %" GST_PTR_FORMAT,
      incaps, outcaps);
  /* GstVideoFilter fills in the infos before calling us; vfilter->in_info
   * is still the old one here. */
  vfilter->in_info = *in_info;
  vfilter->out_info = *out_info;
  if (!plane_alloc (filter, &priv->in, in_info, &error) ||
      !plane_alloc (filter, &priv->out, out_info, &error) ||
      (klass->configure && !klass->configure (filter, &error))) {
    gst_cl_base_filter_post_error (filter, error);
    g_error_free (error);
    plane_clear (&priv->in);
    plane_clear (&priv->out);
    return FALSE;
  }
  return TRUE;
}

static cl_int
upload (GstClContext *cl, const GstClPlane *plane, GstVideoFrame *frame,
    cl_event *event)
{
  const size_t origin[3] = { 0, 0, 0 };
  const size_t region[3] = { plane->row_bytes, plane->height, 1 };

  return clEnqueueWriteBufferRect (cl->queue, plane->mem, CL_FALSE, origin,
      origin, region, plane->pitch, 0, GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0),
      0, GST_VIDEO_FRAME_PLANE_DATA (frame, 0), 0, NULL, event);
}

static cl_int
download (GstClContext *cl, const GstClPlane *plane, GstVideoFrame *frame,
    cl_event *event)
{
  const size_t origin[3] = { 0, 0, 0 };
  const size_t region[3] = { plane->row_bytes, plane->height, 1 };

  return clEnqueueReadBufferRect (cl->queue, plane->mem, CL_TRUE, origin,
      origin, region, plane->pitch, 0, GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0),
      0, GST_VIDEO_FRAME_PLANE_DATA (frame, 0), 0, NULL, event);
}

/* The OpenCL buffer to run kernels on @frame's memory in place, @plane
 * (the caps' size, which a GstVideoMeta may exceed) at its stride: its own
 * if it comes from our pool, else a wrapper (which PoCL turns into no copy
 * when the memory is aligned). A new reference, or NULL. */
static cl_mem
frame_buffer (GstClBaseFilter *filter, GstVideoFrame *frame,
    const GstClPlane *plane, cl_mem_flags flags)
{
  GstClContext *cl = PRIV (filter)->cl;
  guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, 0);
  const gsize size = plane->pitch * (plane->height - 1) + plane->row_bytes;
  cl_mem mem = NULL;
  cl_int status;
  gsize offset;

  if (gst_buffer_n_memory (frame->buffer) == 1) {
    mem = gst_cl_host_memory_lookup (gst_buffer_peek_memory (frame->buffer, 0),
        cl, data, &offset);
    if (mem && offset == 0) {
      clRetainMemObject (mem);
      return mem;
    }
  }
  mem = clCreateBuffer (cl->context, flags | CL_MEM_USE_HOST_PTR, size, data,
      &status);
  return status == CL_SUCCESS ? mem : NULL;
}

/* CPU devices share the host's memory: kernels that honour row ends (the
 * class says so) work on the frames themselves, with no copy. */
static gboolean
can_run_in_place (GstClBaseFilter *filter, GstVideoFrame *in,
    GstVideoFrame *out)
{
  const guint bpp = GST_VIDEO_FRAME_COMP_PSTRIDE (in, 0);

  return GST_CL_BASE_FILTER_GET_CLASS (filter)->host_planes &&
         gst_cl_context_use_cpu_kernels (PRIV (filter)->cl) &&
         GST_VIDEO_FRAME_PLANE_STRIDE (in, 0) % bpp == 0 &&
         GST_VIDEO_FRAME_PLANE_STRIDE (out, 0) % bpp == 0;
}

static cl_int
transform_in_place (GstClBaseFilter *filter, GstVideoFrame *in,
    GstVideoFrame *out)
{
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClContext *cl = PRIV (filter)->cl;
  /* The caps' size: a frame mapped with a GstVideoMeta has the meta's. */
  GstClPlane src = { NULL, GST_VIDEO_FRAME_PLANE_STRIDE (in, 0),
    PRIV (filter)->in.row_bytes, PRIV (filter)->in.height };
  GstClPlane dst = { NULL, GST_VIDEO_FRAME_PLANE_STRIDE (out, 0),
    PRIV (filter)->out.row_bytes, PRIV (filter)->out.height };
  cl_int status = CL_OUT_OF_RESOURCES;

  src.mem = frame_buffer (filter, in, &src, CL_MEM_READ_ONLY);
  dst.mem = frame_buffer (filter, out, &dst, CL_MEM_WRITE_ONLY);
  if (src.mem && dst.mem)
    status = klass->enqueue (filter, &src, &dst);
  if (status == CL_SUCCESS) {
    /* Makes the output coherent in the host memory it wraps. */
    gpointer p = clEnqueueMapBuffer (cl->queue, dst.mem, CL_TRUE, CL_MAP_READ,
        0, dst.pitch * (dst.height - 1) + dst.row_bytes, 0, NULL, NULL,
        &status);

    if (status == CL_SUCCESS)
      status = clEnqueueUnmapMemObject (cl->queue, dst.mem, p, 0, NULL, NULL);
  }
  clFinish (cl->queue);
  if (src.mem)
    clReleaseMemObject (src.mem);
  if (dst.mem)
    clReleaseMemObject (dst.mem);
  return status;
}

static cl_int
transform_with_copies (GstClBaseFilter *filter, GstVideoFrame *in,
    GstVideoFrame *out)
{
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  cl_int status;

  status = upload (priv->cl, &priv->in, in, profile_event (priv, "upload"));
  if (status == CL_SUCCESS)
    status = klass->enqueue (filter, &priv->in, &priv->out);
  if (status == CL_SUCCESS)
    status = download (priv->cl, &priv->out, out,
        profile_event (priv, "download"));
  /* After a failure, commands still queued may read the frames. */
  if (status != CL_SUCCESS)
    clFinish (priv->cl->queue);
  return status;
}

static GstFlowReturn
gst_cl_base_filter_transform_frame (GstVideoFilter *vfilter, GstVideoFrame *in,
    GstVideoFrame *out)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (vfilter);
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  cl_int status;

  if (!priv->in.mem)
    return GST_FLOW_NOT_NEGOTIATED;

  if (can_run_in_place (filter, in, out))
    status = transform_in_place (filter, in, out);
  else
    status = transform_with_copies (filter, in, out);
  profile_collect (priv);
  if (status != CL_SUCCESS) {
    post_cl_error (filter, "processing", status);
    return GST_FLOW_ERROR;
  }
  return klass->finish ? klass->finish (filter, in) : GST_FLOW_OK;
}

/* Whether @buf holds plane 0 of a frame of @info, the caps' size, as
 * gst_video_frame_map() will map it; if not, why in @why. Without a
 * GstVideoMeta the frame map checks the buffer's size itself, but
 * GstVideoFilter then only warns and pushes the output buffer unfilled.
 * With a meta it checks neither the plane's size nor, for a plane that
 * starts in one memory of several, that the plane ends in it: it maps only
 * that memory. Reading the plane would then go past the end. */
static gboolean
buffer_fits (GstBuffer *buf, const GstVideoInfo *info, gchar **why)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buf);
  const gsize row = (gsize)GST_VIDEO_INFO_COMP_WIDTH (info, 0) *
                    GST_VIDEO_INFO_COMP_PSTRIDE (info, 0);
  const guint height = GST_VIDEO_INFO_COMP_HEIGHT (info, 0);
  gsize size = gst_buffer_get_size (buf), skip = 0, need;
  guint idx, length;
  gint stride;

  if (!meta) {
    if (size >= GST_VIDEO_INFO_SIZE (info))
      return TRUE;
    *why = g_strdup_printf ("a buffer of %" G_GSIZE_FORMAT " bytes, where "
                            "%s %dx%d needs %" G_GSIZE_FORMAT,
        size, GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_SIZE (info));
    return FALSE;
  }

  if (meta->format != GST_VIDEO_INFO_FORMAT (info) ||
      meta->width < (guint)GST_VIDEO_INFO_WIDTH (info) ||
      meta->height < (guint)GST_VIDEO_INFO_HEIGHT (info) ||
      meta->n_planes != GST_VIDEO_INFO_N_PLANES (info)) {
    *why = g_strdup_printf ("a GstVideoMeta of %s %ux%u on %s %dx%d caps",
        gst_video_format_to_string (meta->format), meta->width, meta->height,
        GST_VIDEO_INFO_NAME (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info));
    return FALSE;
  }
  stride = meta->stride[0];
  if (stride < 0 || (gsize)stride < row) {
    *why = g_strdup_printf ("a GstVideoMeta stride of %d bytes for rows of "
                            "%" G_GSIZE_FORMAT,
        stride, row);
    return FALSE;
  }
  if (!gst_buffer_find_memory (buf, meta->offset[0], 1, &idx, &length, &skip)) {
    *why = g_strdup_printf ("a GstVideoMeta offset of %" G_GSIZE_FORMAT
                            " in a buffer of %" G_GSIZE_FORMAT " bytes",
        meta->offset[0], size);
    return FALSE;
  }
  size = gst_memory_get_sizes (gst_buffer_peek_memory (buf, idx), NULL, NULL);
  need = skip + (gsize)stride * (height - 1) + row;
  if (size >= need)
    return TRUE;
  *why = g_strdup_printf ("%" G_GSIZE_FORMAT " bytes from the GstVideoMeta "
                          "offset %" G_GSIZE_FORMAT " on, where %s %dx%d with "
                          "stride %d needs %" G_GSIZE_FORMAT,
      size - skip, meta->offset[0], GST_VIDEO_INFO_NAME (info),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info), stride,
      need - skip);
  return FALSE;
}

static GstFlowReturn
gst_cl_base_filter_transform (GstBaseTransform *trans, GstBuffer *inbuf,
    GstBuffer *outbuf)
{
  GstVideoFilter *vfilter = GST_VIDEO_FILTER (trans);
  gchar *why = NULL;

  if (vfilter->negotiated) {
    if (!buffer_fits (inbuf, &vfilter->in_info, &why)) {
      GST_ELEMENT_ERROR (trans, STREAM, FORMAT,
          ("Input buffer does not hold the frame its caps describe."),
          ("input: %s", why));
      g_free (why);
      return GST_FLOW_ERROR;
    }
    if (!buffer_fits (outbuf, &vfilter->out_info, &why)) {
      GST_ELEMENT_ERROR (trans, STREAM, FORMAT,
          ("Output buffer does not hold the frame its caps describe."),
          ("output: %s", why));
      g_free (why);
      return GST_FLOW_ERROR;
    }
  }
  return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
      ->transform (trans, inbuf, outbuf);
}

static gboolean
gst_cl_base_filter_propose_allocation (GstBaseTransform *trans,
    GstQuery *decide_query, GstQuery *query)
{
  GstClContext *cl = PRIV (GST_CL_BASE_FILTER (trans))->cl;
  GstBufferPool *pool;
  GstCaps *caps;
  GstVideoInfo info;
  gboolean need_pool;

  gst_query_parse_allocation (query, &caps, &need_pool);
  if (!caps || !gst_video_info_from_caps (&info, caps) || !cl)
    return FALSE;
  pool = gst_cl_host_pool_new (cl, caps, info.size);
  if (pool) {
    GstStructure *config = gst_buffer_pool_get_config (pool);
    GstAllocationParams params;
    GstAllocator *allocator = NULL;

    /* Upstream pools, GstBaseSrc's too, take the allocator from here. */
    gst_buffer_pool_config_get_allocator (config, &allocator, &params);
    gst_query_add_allocation_param (query, allocator, &params);
    gst_structure_free (config);
    if (need_pool)
      gst_query_add_allocation_pool (query, pool, info.size, 2, 0);
    gst_object_unref (pool);
  }
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  return TRUE;
}

/* Output buffers come from our pool whatever downstream offers: system
 * memory either way, and ours is pinned or the device's own. */
static gboolean
gst_cl_base_filter_decide_allocation (GstBaseTransform *trans, GstQuery *query)
{
  GstClContext *cl = PRIV (GST_CL_BASE_FILTER (trans))->cl;
  GstBufferPool *pool;
  GstCaps *caps;
  GstVideoInfo info;
  guint min = 2, max = 0;

  gst_query_parse_allocation (query, &caps, NULL);
  if (!caps || !gst_video_info_from_caps (&info, caps))
    return FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, NULL, NULL, &min, &max);
  pool = gst_cl_host_pool_new (cl, caps, info.size);
  if (!pool)
    return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
        ->decide_allocation (trans, query);
  {
    GstStructure *config = gst_buffer_pool_get_config (pool);

    gst_buffer_pool_config_set_params (config, caps, info.size, MAX (min, 2),
        max);
    gst_buffer_pool_set_config (pool, config);
  }
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, info.size, MAX (min, 2),
        max);
  else
    gst_query_add_allocation_pool (query, pool, info.size, MAX (min, 2), max);
  gst_object_unref (pool);
  return TRUE;
}

static gboolean
gst_cl_base_filter_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS)
    profile_post (GST_CL_BASE_FILTER (trans));
  return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
      ->sink_event (trans, event);
}

static void
gst_cl_base_filter_set_context (GstElement *element, GstContext *context)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (element);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GstClDeviceId want;
  gchar *selector;

  GST_OBJECT_LOCK (filter);
  selector = g_strdup (priv->device);
  GST_OBJECT_UNLOCK (filter);
  /* Not finding the device is reported by start(), not here. */
  if (gst_cl_device_resolve (selector, &want, NULL))
    gst_cl_handle_set_context (element, context, &want, &priv->cl);
  g_free (selector);

  GST_ELEMENT_CLASS (gst_cl_base_filter_parent_class)
      ->set_context (element, context);
}

static gboolean
gst_cl_base_filter_query (GstBaseTransform *trans, GstPadDirection direction,
    GstQuery *query)
{
  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT &&
      gst_cl_handle_context_query (GST_ELEMENT (trans), query,
          PRIV (GST_CL_BASE_FILTER (trans))->cl))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
      ->query (trans, direction, query);
}

static void
gst_cl_base_filter_set_property (GObject *object, guint prop_id,
    const GValue *value, GParamSpec *pspec)
{
  GstClBaseFilterPrivate *priv = PRIV (GST_CL_BASE_FILTER (object));

  switch (prop_id) {
    case PROP_DEVICE:
      GST_OBJECT_LOCK (object);
      g_free (priv->device);
      priv->device = g_value_dup_string (value);
      if (!priv->device)
        priv->device = g_strdup (DEFAULT_DEVICE);
      GST_OBJECT_UNLOCK (object);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_cl_base_filter_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  GstClBaseFilterPrivate *priv = PRIV (GST_CL_BASE_FILTER (object));

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_DEVICE:
      g_value_set_string (value, priv->device);
      break;
    case PROP_DEVICE_NAME:
      g_value_set_string (value, priv->cl ? priv->cl->device_name : NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_base_filter_finalize (GObject *object)
{
  GstClBaseFilterPrivate *priv = PRIV (GST_CL_BASE_FILTER (object));

  release_device (GST_CL_BASE_FILTER (object), FALSE);
  g_free (priv->device);
  G_OBJECT_CLASS (gst_cl_base_filter_parent_class)->finalize (object);
}

static void
gst_cl_base_filter_class_init (GstClBaseFilterClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *vfilter_class = GST_VIDEO_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_debug, "clfilter", 0, "OpenCL filters");

  gobject_class->set_property = gst_cl_base_filter_set_property;
  gobject_class->get_property = gst_cl_base_filter_get_property;
  gobject_class->finalize = gst_cl_base_filter_finalize;

  g_object_class_install_property (gobject_class, PROP_DEVICE,
      g_param_spec_string ("device", "Device",
          "OpenCL device to run on: empty for the first GPU, else the first "
          "accelerator, else the first CPU; \"P.D\" for platform P, device D "
          "(indices as clinfo -l lists them); \"gpu\", \"cpu\" or "
          "\"accelerator\" for the first of that type; any other text for the "
          "first device whose name contains it (case-insensitive). "
          "Takes effect at the next READY to PAUSED change",
          DEFAULT_DEVICE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_READY));
  g_object_class_install_property (gobject_class, PROP_DEVICE_NAME,
      g_param_spec_string ("device-name", "Device name",
          "Name of the OpenCL device in use (set from READY to PAUSED on)",
          NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  element_class->set_context = GST_DEBUG_FUNCPTR (
      gst_cl_base_filter_set_context);
  trans_class->start = GST_DEBUG_FUNCPTR (gst_cl_base_filter_start);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_cl_base_filter_stop);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_cl_base_filter_query);
  trans_class->transform = GST_DEBUG_FUNCPTR (gst_cl_base_filter_transform);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_cl_base_filter_sink_event);
  trans_class->propose_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_base_filter_propose_allocation);
  trans_class->decide_allocation = GST_DEBUG_FUNCPTR (
      gst_cl_base_filter_decide_allocation);
  vfilter_class->set_info = GST_DEBUG_FUNCPTR (gst_cl_base_filter_set_info);
  vfilter_class->transform_frame = GST_DEBUG_FUNCPTR (
      gst_cl_base_filter_transform_frame);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BASE_FILTER, 0);
}

static void
gst_cl_base_filter_init (GstClBaseFilter *filter)
{
  PRIV (filter)->device = g_strdup (DEFAULT_DEVICE);
}
