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
 * The device layer every element derives from; see gstclbasefilter.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclbasefilter.h"
#include "gstclcontextshare.h"
#include "gstclmemory.h"
#include "gstclprofile.h"

#include <string.h>

GST_DEBUG_CATEGORY (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

enum
{
  PROP_0,
  PROP_DEVICE,
  PROP_DEVICE_NAME,
};

#define DEFAULT_DEVICE ""

typedef struct {
  /* Settings, under the object lock. */
  gchar *device;

  /* State. @cl is written under the object lock: set_context() and the
   * context query may come from other threads. The rest belongs to the
   * thread that starts and stops the element and then to streaming. */
  GstClContext *cl;
  GstClProfile *profile;
  /* The element's own queues, and those of the frame under way: its own,
   * or those of the device chain it is part of. */
  GstClQueues *own_queues;
  GstClQueues *queues;
} GstClBaseFilterPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GstClBaseFilter, gst_cl_base_filter,
    GST_TYPE_BASE_TRANSFORM);

#define PRIV(f)                                                                \
  ((GstClBaseFilterPrivate *)gst_cl_base_filter_get_instance_private (         \
      GST_CL_BASE_FILTER (f)))

GstClContext *
gst_cl_base_filter_get_context (GstClBaseFilter *filter)
{
  return PRIV (filter)->cl;
}

GstClContext *
gst_cl_base_filter_ref_context (GstClBaseFilter *filter)
{
  GstClContext *cl;

  GST_OBJECT_LOCK (filter);
  cl = PRIV (filter)->cl ? gst_object_ref (PRIV (filter)->cl) : NULL;
  GST_OBJECT_UNLOCK (filter);
  return cl;
}

static void
set_context_object (GstClBaseFilter *filter, GstClContext *cl)
{
  GstClContext *old;

  GST_OBJECT_LOCK (filter);
  old = PRIV (filter)->cl;
  PRIV (filter)->cl = cl;
  GST_OBJECT_UNLOCK (filter);
  if (old)
    gst_object_unref (old);
}

guint64
gst_cl_base_filter_profile_collect (GstClBaseFilter *filter)
{
  return gst_cl_profile_collect (PRIV (filter)->profile);
}

GstClCommands
gst_cl_base_filter_get_commands (GstClBaseFilter *filter)
{
  GstClCommands cmd = { PRIV (filter)->cl, PRIV (filter)->profile,
    &PRIV (filter)->queues };

  return cmd;
}

GstClQueues *
gst_cl_base_filter_get_queues (GstClBaseFilter *filter)
{
  return PRIV (filter)->queues;
}

cl_int
gst_cl_base_filter_use_queues (GstClBaseFilter *filter, GstClQueues *queues)
{
  GstClBaseFilterPrivate *priv = PRIV (filter);
  cl_int status;

  if (!queues)
    queues = priv->own_queues;
  if (queues == priv->queues)
    return CL_SUCCESS;
  /* The element's own buffers, which the last frame's commands used, are
   * used next on the new queue. */
  status = gst_cl_queues_order_after (queues, priv->queues);
  if (status != CL_SUCCESS)
    return status;
  GST_DEBUG_OBJECT (filter, "frames now on queue %p", queues->queue);
  /* A stream of its own, or part of a chain's. */
  if (queues == priv->own_queues)
    gst_cl_context_add_streams (priv->cl, 1);
  else if (priv->queues == priv->own_queues)
    gst_cl_context_add_streams (priv->cl, -1);
  gst_cl_queues_unref (priv->queues);
  priv->queues = gst_cl_queues_ref (queues);
  return CL_SUCCESS;
}

cl_int
gst_cl_base_filter_frame_queues (GstClBaseFilter *filter, GstBuffer *inbuf,
    gboolean in_device, GstBuffer *outbuf, gboolean out_device)
{
  GstClQueues *from = in_device ? gst_cl_buffer_ref_queues (inbuf) : NULL;
  cl_int status = gst_cl_base_filter_use_queues (filter, from);

  if (from)
    gst_cl_queues_unref (from);
  if (status == CL_SUCCESS && in_device)
    status = gst_cl_buffer_order_on (inbuf, PRIV (filter)->queues);
  if (status == CL_SUCCESS && out_device && outbuf != inbuf)
    status = gst_cl_buffer_order_on (outbuf, PRIV (filter)->queues);
  return status;
}

void
gst_cl_base_filter_post_error (GstClBaseFilter *filter, const GError *error)
{
  const gchar *details = strchr (error->message, '\n');
  gchar *text = details ? g_strndup (error->message, details - error->message)
                        : g_strdup (error->message);

  gst_element_message_full (GST_ELEMENT (filter), GST_MESSAGE_ERROR,
      error->domain, error->code, text,
      g_strdup (details ? details + 1 : error->message), __FILE__, GST_FUNCTION,
      __LINE__);
}

cl_int
gst_cl_base_filter_enqueue_kernel (GstClBaseFilter *filter, cl_kernel kernel,
    cl_uint dims, const size_t *global, const size_t *local)
{
  const GstClCommands cmd = gst_cl_base_filter_get_commands (filter);

  return gst_cl_commands_kernel (&cmd, kernel, dims, global, local);
}

cl_kernel
gst_cl_base_filter_stage_kernel (GstClBaseFilter *filter, cl_program program,
    GstClStage stage, GstClDepths depths)
{
  GError *error = NULL;
  cl_kernel kernel = gst_cl_kernel_table_create (PRIV (filter)->cl, program,
      stage, depths, &error);

  if (!kernel) {
    gst_cl_base_filter_post_error (filter, error);
    g_error_free (error);
  }
  return kernel;
}

cl_program
gst_cl_base_filter_get_program (GstClBaseFilter *filter, const gchar *name,
    const gchar *source, gboolean exact_div, const gchar *defines)
{
  GstClContext *cl = PRIV (filter)->cl;
  GError *error = NULL;
  cl_program program = gst_cl_context_get_program_with (cl, name, source,
      exact_div, defines, &error);

  if (!program) {
    GST_ELEMENT_ERROR (filter, RESOURCE, FAILED,
        ("Could not build the OpenCL program \"%s\" for \"%s\".", name,
            cl->device_name),
        ("%s", error->message));
    g_error_free (error);
  }
  return program;
}

cl_mem
gst_cl_base_filter_alloc (GstClBaseFilter *filter, gsize size)
{
  GError *error = NULL;
  cl_mem mem = gst_cl_context_alloc (PRIV (filter)->cl, size, &error);

  if (!mem) {
    gst_cl_base_filter_post_error (filter, error);
    g_error_free (error);
  }
  return mem;
}

/* @notify: FALSE from finalize, where no signal may be emitted. */
static void
release_device (GstClBaseFilter *filter, gboolean notify)
{
  GstClBaseFilterClass *klass = GST_CL_BASE_FILTER_GET_CLASS (filter);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  gboolean had_context = priv->cl != NULL;

  if (had_context && klass->teardown)
    klass->teardown (filter);
  g_clear_pointer (&priv->profile, gst_cl_profile_free);
  if (priv->queues && priv->queues == priv->own_queues)
    gst_cl_context_add_streams (priv->cl, -1);
  g_clear_pointer (&priv->queues, gst_cl_queues_unref);
  g_clear_pointer (&priv->own_queues, gst_cl_queues_unref);
  set_context_object (filter, NULL);
  if (had_context && notify)
    g_object_notify (G_OBJECT (filter), "device-name");
}

static gboolean
gst_cl_base_filter_start (GstBaseTransform *trans)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (trans);
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GstClContext *cl;
  GstClDeviceId want;
  GError *error = NULL;
  gchar *selector;

  GST_OBJECT_LOCK (filter);
  selector = g_strdup (priv->device);
  GST_OBJECT_UNLOCK (filter);

  if (!gst_cl_device_resolve (selector, &want, &error)) {
    GST_ELEMENT_ERROR (filter, RESOURCE, NOT_FOUND, ("%s", error->message),
        ("device=\"%s\"", selector));
    goto failed;
  }
  /* A context set earlier may be for the device asked for before. */
  cl = gst_cl_base_filter_ref_context (filter);
  if (cl && cl->id.device != want.device && !(cl->external && !*selector)) {
    gst_clear_object (&cl);
    set_context_object (filter, NULL);
  }
  if (!gst_cl_ensure_element_context (GST_ELEMENT (filter), &want, &cl,
          &error)) {
    GST_ELEMENT_ERROR (filter, RESOURCE, OPEN_READ_WRITE,
        ("Could not open the OpenCL device for device=\"%s\".", selector),
        ("%s", error->message));
    goto failed;
  }
  set_context_object (filter, cl);
  priv->own_queues = gst_cl_context_new_queues (cl, &error);
  if (!priv->own_queues) {
    gst_cl_base_filter_post_error (filter, error);
    goto failed;
  }
  priv->queues = gst_cl_queues_ref (priv->own_queues);
  gst_cl_context_add_streams (cl, 1);
  if (cl->profiling)
    priv->profile = gst_cl_profile_new ();

  GST_INFO_OBJECT (filter, "running on \"%s\"", cl->device_name);
  g_free (selector);
  g_object_notify (G_OBJECT (filter), "device-name");
  return TRUE;

failed:
  g_clear_error (&error);
  g_free (selector);
  release_device (filter, TRUE);
  return FALSE;
}

static void
post_profile (GstClBaseFilter *filter)
{
  GstClBaseFilterPrivate *priv = PRIV (filter);
  GstStructure *s = priv->cl ? gst_cl_profile_take (priv->profile,
                                   priv->cl->device_name)
                             : NULL;

  if (s)
    gst_element_post_message (GST_ELEMENT (filter),
        gst_message_new_element (GST_OBJECT (filter), s));
}

static gboolean
gst_cl_base_filter_stop (GstBaseTransform *trans)
{
  release_device (GST_CL_BASE_FILTER (trans), TRUE);
  return TRUE;
}

static gboolean
gst_cl_base_filter_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  /* The stream's device time, once it is complete. */
  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS)
    post_profile (GST_CL_BASE_FILTER (trans));
  return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
      ->sink_event (trans, event);
}

static void
gst_cl_base_filter_set_context (GstElement *element, GstContext *context)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (element);
  GstClDeviceId want;
  gchar *selector;

  GST_OBJECT_LOCK (filter);
  selector = g_strdup (PRIV (filter)->device);
  GST_OBJECT_UNLOCK (filter);
  /* Not finding the device is reported by start(), not here. */
  if (gst_cl_device_resolve (selector, &want, NULL)) {
    GstClContext *cl = gst_cl_base_filter_ref_context (filter);

    if (!cl && gst_cl_handle_set_context (element, context, &want,
                   *selector == '\0', &cl))
      set_context_object (filter, cl);
    else
      gst_clear_object (&cl);
  }
  g_free (selector);

  GST_ELEMENT_CLASS (gst_cl_base_filter_parent_class)
      ->set_context (element, context);
}

static gboolean
gst_cl_base_filter_query (GstBaseTransform *trans, GstPadDirection direction,
    GstQuery *query)
{
  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT) {
    GstClContext *cl = gst_cl_base_filter_ref_context (
        GST_CL_BASE_FILTER (trans));
    gboolean handled = cl && gst_cl_handle_context_query (GST_ELEMENT (trans),
                                 query, cl);

    gst_clear_object (&cl);
    if (handled)
      return TRUE;
  }
  return GST_BASE_TRANSFORM_CLASS (gst_cl_base_filter_parent_class)
      ->query (trans, direction, query);
}

static void
gst_cl_base_filter_set_property (GObject *object, guint prop_id,
    const GValue *value, GParamSpec *pspec)
{
  GstClBaseFilterPrivate *priv = PRIV (object);

  switch (prop_id) {
    case PROP_DEVICE: {
      gboolean running;
      gchar *selector, *in_use;

      GST_OBJECT_LOCK (object);
      g_free (priv->device);
      priv->device = g_value_dup_string (value);
      if (!priv->device)
        priv->device = g_strdup (DEFAULT_DEVICE);
      running = GST_STATE (object) >= GST_STATE_PAUSED;
      selector = g_strdup (priv->device);
      in_use = g_strdup (priv->cl ? priv->cl->device_name : "no device");
      GST_OBJECT_UNLOCK (object);
      /* The element keeps the device it started on until it stops. */
      if (running)
        GST_CAT_WARNING_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (object)
                                    ->debug_category,
            object,
            "device=\"%s\" takes effect at the next start (READY to PAUSED); "
            "running on \"%s\" until then",
            selector, in_use);
      g_free (selector);
      g_free (in_use);
      break;
    }
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
}

static void
gst_cl_base_filter_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  GstClBaseFilterPrivate *priv = PRIV (object);

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
  release_device (GST_CL_BASE_FILTER (object), FALSE);
  g_free (PRIV (object)->device);
  G_OBJECT_CLASS (gst_cl_base_filter_parent_class)->finalize (object);
}

static void
gst_cl_base_filter_class_init (GstClBaseFilterClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_debug, "clfilter", 0, "OpenCL filters");
  klass->debug_category = gst_cl_debug;

  gobject_class->set_property = gst_cl_base_filter_set_property;
  gobject_class->get_property = gst_cl_base_filter_get_property;
  gobject_class->finalize = gst_cl_base_filter_finalize;

  /**
   * GstClBaseFilter:device:
   *
   * The OpenCL device the element runs on, read when it goes from READY to
   * PAUSED:
   *
   * * empty (the default): the first GPU, else the first accelerator, else
   *   the first CPU device;
   * * "P.D": device D of platform P, by index, in the order `clinfo -l`
   *   lists them;
   * * "gpu", "cpu" or "accelerator": the first device of that type;
   * * any other text: the first device whose name contains it, ignoring
   *   case.
   *
   * A value that matches no device is an element error at start, never a
   * fall-back to another device. It may change in the NULL and READY
   * states; set while the element runs, it takes effect at the next READY
   * to PAUSED change, and a warning is logged.
   */
  g_object_class_install_property (gobject_class, PROP_DEVICE,
      g_param_spec_string ("device", "Device",
          "OpenCL device: empty (default), \"P.D\", \"gpu\", "
          "\"cpu\", \"accelerator\" or part of its name",
          DEFAULT_DEVICE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_READY));
  /**
   * GstClBaseFilter:device-name:
   *
   * The name of the OpenCL device the element runs on, as its driver
   * reports it (CL_DEVICE_NAME): set when the element goes from READY to
   * PAUSED, with a notification, and %NULL again once it stops.
   */
  g_object_class_install_property (gobject_class, PROP_DEVICE_NAME,
      g_param_spec_string ("device-name", "Device name",
          "Name of the OpenCL device in use", NULL,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  element_class->set_context = GST_DEBUG_FUNCPTR (
      gst_cl_base_filter_set_context);
  trans_class->start = GST_DEBUG_FUNCPTR (gst_cl_base_filter_start);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_cl_base_filter_stop);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_cl_base_filter_query);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_cl_base_filter_sink_event);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BASE_FILTER, 0);
}

static void
gst_cl_base_filter_init (GstClBaseFilter *filter)
{
  PRIV (filter)->device = g_strdup (DEFAULT_DEVICE);
}
