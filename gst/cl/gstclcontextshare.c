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
 * Sharing a GstClContext between elements and with applications through
 * GstContext, as GStreamer's CUDA and GL libraries do; see gstclcontext.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcontextshare.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug
GST_DEBUG_CATEGORY_EXTERN (gst_cl_context_debug);
#define GST_CAT_CONTEXT gst_cl_context_debug

static void
context_set_cl_context (GstContext *context, GstClContext *ctx)
{
  GstStructure *s = gst_context_writable_structure (context);

  gst_structure_set (s, GST_CL_CONTEXT_TYPE, GST_TYPE_CL_CONTEXT, ctx,
      "device-name", G_TYPE_STRING, ctx->device_name, "platform-index",
      G_TYPE_UINT, ctx->id.platform_index, "device-index", G_TYPE_UINT,
      ctx->id.device_index, NULL);
  /* For applications, which need nothing of ours to read them. */
  gst_structure_set (s, GST_CL_CONTEXT_FIELD_CONTEXT, G_TYPE_POINTER,
      ctx->context, GST_CL_CONTEXT_FIELD_DEVICE, G_TYPE_POINTER, ctx->id.device,
      GST_CL_CONTEXT_FIELD_QUEUE, G_TYPE_POINTER, ctx->queues->queue, NULL);
}

GstContext *
gst_context_new_cl_context (GstClContext *ctx)
{
  GstContext *context = gst_context_new (GST_CL_CONTEXT_TYPE, TRUE);

  context_set_cl_context (context, ctx);
  return context;
}

/* The GstClContext for an application's context in @s, or NULL. */
static GstClContext *
app_context (GstElement *element, const GstStructure *s)
{
  gpointer context = NULL, device = NULL, queue = NULL;
  GError *error = NULL;
  GstClContext *ctx;

  if (!gst_structure_get (s, GST_CL_CONTEXT_FIELD_CONTEXT, G_TYPE_POINTER,
          &context, NULL) ||
      !context)
    return NULL;
  gst_structure_get (s, GST_CL_CONTEXT_FIELD_QUEUE, G_TYPE_POINTER, &queue,
      NULL);
  /* Without a device, the context's first. */
  if ((!gst_structure_get (s, GST_CL_CONTEXT_FIELD_DEVICE, G_TYPE_POINTER,
           &device, NULL) ||
          !device) &&
      clGetContextInfo (context, CL_CONTEXT_DEVICES, sizeof (device), &device,
          NULL) != CL_SUCCESS)
    device = NULL;
  ctx = device ? gst_cl_context_new_wrapped (context, device, queue, &error)
               : NULL;
  if (!ctx)
    GST_ELEMENT_WARNING (element, RESOURCE, SETTINGS,
        ("The application's OpenCL context cannot be used."),
        ("%s", error ? error->message : "no device in its cl-context"));
  g_clear_error (&error);
  return ctx;
}

/* Takes the GstClContext in @context if there is none yet and it is on the
 * device this element wants: elements on other devices keep their own. An
 * application's own context (its cl-context field, and no GstClContext)
 * is taken on any device by elements that asked for none in particular
 * (@default_device). */
gboolean
gst_cl_handle_set_context (GstElement *element, GstContext *context,
    const GstClDeviceId *want, gboolean default_device, GstClContext **ctx)
{
  const GstStructure *s;
  GstClContext *other = NULL;

  if (!context || g_strcmp0 (gst_context_get_context_type (context),
                      GST_CL_CONTEXT_TYPE) != 0)
    return FALSE;
  if (*ctx)
    return TRUE;

  s = gst_context_get_structure (context);
  if (!gst_structure_get (s, GST_CL_CONTEXT_TYPE, GST_TYPE_CL_CONTEXT, &other,
          NULL) &&
      !(other = app_context (element, s)))
    return FALSE;
  if (want && other->id.device != want->device &&
      !(other->external && default_device)) {
    GST_CAT_DEBUG_OBJECT (GST_CAT_CONTEXT, element,
        "ignoring context on \"%s\": another device was asked for",
        other->device_name);
    gst_object_unref (other);
    return FALSE;
  }
  GST_CAT_DEBUG_OBJECT (GST_CAT_CONTEXT, element,
      "using shared context %" GST_PTR_FORMAT, other);
  *ctx = other;
  return TRUE;
}

gboolean
gst_cl_handle_context_query (GstElement *element, GstQuery *query,
    GstClContext *ctx)
{
  const gchar *type;
  GstContext *old, *context;

  gst_query_parse_context_type (query, &type);
  if (!ctx || g_strcmp0 (type, GST_CL_CONTEXT_TYPE) != 0)
    return FALSE;

  gst_query_parse_context (query, &old);
  context = old ? gst_context_copy (old)
                : gst_context_new (GST_CL_CONTEXT_TYPE, TRUE);
  context_set_cl_context (context, ctx);
  gst_query_set_context (query, context);
  gst_context_unref (context);
  return TRUE;
}

static gboolean
pad_peer_query (const GValue *item, GValue *value, gpointer user_data)
{
  GstPad *pad = g_value_get_object (item);

  if (gst_pad_peer_query (pad, GST_QUERY_CAST (user_data))) {
    g_value_set_boolean (value, TRUE);
    return FALSE;
  }
  return TRUE;
}

static gboolean
run_query (GstElement *element, GstQuery *query, GstPadDirection direction)
{
  GValue res = G_VALUE_INIT;
  GstIterator *it = direction == GST_PAD_SRC
                        ? gst_element_iterate_src_pads (element)
                        : gst_element_iterate_sink_pads (element);

  g_value_init (&res, G_TYPE_BOOLEAN);
  while (gst_iterator_fold (it, pad_peer_query, &res, query) ==
         GST_ITERATOR_RESYNC)
    gst_iterator_resync (it);
  gst_iterator_free (it);
  return g_value_get_boolean (&res);
}

static void
find_context (GstElement *element, const GstClDeviceId *want,
    GstClContext **ctx)
{
  GstQuery *query = gst_query_new_context (GST_CL_CONTEXT_TYPE);
  GstPadDirection dirs[] = { GST_PAD_SRC, GST_PAD_SINK };

  for (guint i = 0; i < G_N_ELEMENTS (dirs) && !*ctx; i++) {
    if (run_query (element, query, dirs[i])) {
      GstContext *context = NULL;

      gst_query_parse_context (query, &context);
      /* The element keeps it through its set_context(); @ctx is the
       * caller's own reference. */
      if (context) {
        gst_element_set_context (element, context);
        gst_cl_handle_set_context (element, context, want, FALSE, ctx);
      }
    }
  }
  if (!*ctx) {
    GstContext *context;

    /* The application or a parent bin may answer with set_context(), which
     * GstElement keeps. */
    gst_element_post_message (element,
        gst_message_new_need_context (GST_OBJECT_CAST (element),
            GST_CL_CONTEXT_TYPE));
    context = gst_element_get_context (element, GST_CL_CONTEXT_TYPE);
    if (context) {
      gst_cl_handle_set_context (element, context, want, FALSE, ctx);
      gst_context_unref (context);
    }
  }
  gst_query_unref (query);
}

/* Finds a GstClContext for @want's device in the pipeline (downstream,
 * upstream, then the application), or takes the process's for the device
 * (made where there is none) and announces it. */
gboolean
gst_cl_ensure_element_context (GstElement *element, const GstClDeviceId *want,
    GstClContext **ctx, GError **error)
{
  static GRecMutex lock;
  GstContext *context;

  /* Two elements starting at once must not both create a context. */
  g_rec_mutex_lock (&lock);
  if (!*ctx)
    find_context (element, want, ctx);
  if (*ctx) {
    g_rec_mutex_unlock (&lock);
    return TRUE;
  }

  *ctx = gst_cl_context_get_default (want, error);
  if (!*ctx) {
    g_rec_mutex_unlock (&lock);
    return FALSE;
  }
  context = gst_context_new_cl_context (*ctx);
  gst_element_set_context (element, context);
  GST_CAT_INFO_OBJECT (GST_CAT_CONTEXT, element,
      "posting have-context with new context on \"%s\"", (*ctx)->device_name);
  gst_element_post_message (element,
      gst_message_new_have_context (GST_OBJECT_CAST (element), context));
  g_rec_mutex_unlock (&lock);
  return TRUE;
}
