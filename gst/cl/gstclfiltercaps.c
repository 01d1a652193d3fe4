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
 * The frame layer's caps: formats in and out, in device or system memory;
 * see gstclfiltercaps.h.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfiltercaps.h"
#include "gstclmemory.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

/* The templates list each format once per memory. */
static void
add_format (GPtrArray *formats, const gchar *format)
{
  for (guint i = 0; i < formats->len; i++)
    if (g_str_equal (g_ptr_array_index (formats, i), format))
      return;
  g_ptr_array_add (formats, g_strdup (format));
}

GPtrArray *
gst_cl_filter_template_formats (GstBaseTransform *trans,
    GstPadDirection direction)
{
  GstPad *pad = direction == GST_PAD_SINK ? trans->sinkpad : trans->srcpad;
  GstCaps *caps = gst_pad_get_pad_template_caps (pad);
  GPtrArray *formats = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    const GValue *v = gst_structure_get_value (gst_caps_get_structure (caps, i),
        "format");

    if (v && G_VALUE_HOLDS_STRING (v))
      add_format (formats, g_value_get_string (v));
    else if (v && GST_VALUE_HOLDS_LIST (v))
      for (guint j = 0; j < gst_value_list_get_size (v); j++)
        add_format (formats,
            g_value_get_string (gst_value_list_get_value (v, j)));
  }
  gst_caps_unref (caps);
  return formats;
}

static gboolean
value_has_format (const GValue *v, const gchar *format)
{
  if (G_VALUE_HOLDS_STRING (v))
    return g_str_equal (g_value_get_string (v), format);
  if (GST_VALUE_HOLDS_LIST (v))
    for (guint j = 0; j < gst_value_list_get_size (v); j++)
      if (value_has_format (gst_value_list_get_value (v, j), format))
        return TRUE;
  return FALSE;
}

static void
list_append (GValue *list, const gchar *format)
{
  GValue v = G_VALUE_INIT;

  g_value_init (&v, G_TYPE_STRING);
  g_value_set_string (&v, format);
  gst_value_list_append_and_take_value (list, &v);
}

static void
append_formats (GstCaps *caps, const GstStructure *s,
    const GstCapsFeatures *features, GValue *formats, gboolean new_format)
{
  GstStructure *copy;

  if (gst_value_list_get_size (formats) == 0)
    return;
  copy = gst_structure_copy (s);
  gst_structure_set_value (copy, "format", formats);
  /* They describe the other format's components, not this one's. */
  if (new_format)
    gst_structure_remove_fields (copy, "colorimetry", "chroma-site", NULL);
  gst_caps_append_structure_full (caps, copy,
      features ? gst_caps_features_copy (features) : NULL);
}

/* @caps in the other memory: system memory for the device's, the
 * device's for system memory. */
static GstCaps *
other_memory (GstCaps *caps)
{
  GstCaps *result = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstCapsFeatures *features = gst_caps_get_features (caps, i);
    GstCapsFeatures *other;

    if (features && gst_caps_features_is_any (features))
      continue;
    if (features && gst_caps_features_contains (features,
                        GST_CAPS_FEATURE_MEMORY_CL_BUFFER))
      other = gst_caps_features_new_empty ();
    else if (!features || gst_caps_features_is_equal (features,
                              GST_CAPS_FEATURES_MEMORY_SYSTEM_MEMORY))
      other = gst_caps_features_new (GST_CAPS_FEATURE_MEMORY_CL_BUFFER, NULL);
    else
      continue;
    gst_caps_append_structure_full (result,
        gst_structure_copy (gst_caps_get_structure (caps, i)), other);
  }
  return result;
}

static gboolean
features_on_device (const GstCapsFeatures *f)
{
  return f && !gst_caps_features_is_any (f) &&
         gst_caps_features_contains (f, GST_CAPS_FEATURE_MEMORY_CL_BUFFER);
}

/* @caps (taken) with the structures in device memory first or last,
 * each part in its order. */
static GstCaps *
order_by_memory (GstCaps *caps, gboolean device_first)
{
  GstCaps *device = gst_caps_new_empty (), *host = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstCapsFeatures *f = gst_caps_get_features (caps, i);

    gst_caps_append_structure_full (features_on_device (f) ? device : host,
        gst_structure_copy (gst_caps_get_structure (caps, i)),
        f ? gst_caps_features_copy (f) : NULL);
  }
  gst_caps_unref (caps);
  if (device_first)
    return gst_caps_merge (device, host);
  return gst_caps_merge (host, device);
}

/* Each structure's formats become those the element makes of them (or
 * makes them from), the same format first, so that it is preferred; a
 * change of format drops the colorimetry and chroma siting that belong to
 * the old one. */
GstCaps *
gst_cl_filter_caps_transform (GstBaseTransform *trans,
    GstClConvertsFunc converts, gboolean writes, GstPadDirection direction,
    GstCaps *caps, GstCaps *filter)
{
  GPtrArray *other = gst_cl_filter_template_formats (trans,
      direction == GST_PAD_SINK ? GST_PAD_SRC : GST_PAD_SINK);
  GPtrArray *own = gst_cl_filter_template_formats (trans, direction);
  GstCaps *result = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    const GstStructure *s = gst_caps_get_structure (caps, i);
    const GstCapsFeatures *features = gst_caps_get_features (caps, i);
    const GValue *given = gst_structure_get_value (s, "format");
    GValue same = G_VALUE_INIT, changed = G_VALUE_INIT;

    g_value_init (&same, GST_TYPE_LIST);
    g_value_init (&changed, GST_TYPE_LIST);
    for (guint o = 0; o < other->len; o++) {
      const gchar *g = g_ptr_array_index (other, o);
      gboolean ok = FALSE;

      for (guint f = 0; f < own->len && !ok; f++) {
        const gchar *name = g_ptr_array_index (own, f);
        const GstVideoFormat a = gst_video_format_from_string (name);
        const GstVideoFormat b = gst_video_format_from_string (g);

        if (given && !value_has_format (given, name))
          continue;
        ok = direction == GST_PAD_SINK ? converts (a, b) : converts (b, a);
      }
      if (ok)
        list_append (given && value_has_format (given, g) ? &same : &changed,
            g);
    }
    append_formats (result, s, features, &same, FALSE);
    append_formats (result, s, features, &changed, TRUE);
    g_value_unset (&same);
    g_value_unset (&changed);
  }
  g_ptr_array_unref (other);
  g_ptr_array_unref (own);
  /* Elements that write the frame copy it between the host and the device
   * as they go, so either memory makes the other. Output is offered in
   * system memory first, so that a sink that takes anything gets frames it
   * can read without a copy; a clfilter element downstream asks for the
   * device's (gst_cl_filter_query()). Frames pass through elements that
   * write nothing as they are. */
  if (writes) {
    result = gst_caps_merge (result, other_memory (result));
    if (direction == GST_PAD_SINK)
      result = order_by_memory (result, FALSE);
  }

  if (filter) {
    GstCaps *tmp = gst_caps_intersect_full (filter, result,
        GST_CAPS_INTERSECT_FIRST);

    gst_caps_unref (result);
    result = tmp;
  }
  GST_DEBUG_OBJECT (trans, "%s %" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT,
      direction == GST_PAD_SINK ? "sink" : "src", caps, result);
  return result;
}

/* Whether the sink pad prefers frames on the device: an element that
 * writes them always does, one that passes them through prefers what
 * downstream does. */
static gboolean
device_first (GstBaseTransform *trans, gboolean writes, GstCaps *caps)
{
  gboolean first = TRUE;

  if (!writes) {
    GstCaps *peer = gst_pad_peer_query_caps (trans->srcpad, caps);

    first = gst_cl_caps_on_device (peer);
    gst_caps_unref (peer);
  }
  return first;
}

/* One format of one structure of the answer, and where it goes. */
typedef struct {
  GstStructure *s;
  GstCapsFeatures *features;
  /* 0 for the memory that goes first, 1 for the other. */
  guint memory;
  /* The format's place among the asker's, G_MAXUINT where it has none. */
  guint rank;
  /* Its place in the answer: ties keep their order. */
  guint index;
} Entry;

static gint
compare_entries (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->memory != y->memory)
    return x->memory < y->memory ? -1 : 1;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return x->index < y->index ? -1 : (gint)(x->index > y->index);
}

static void
entry_clear (Entry *e)
{
  if (e->s)
    gst_structure_free (e->s);
  if (e->features)
    gst_caps_features_free (e->features);
}

static guint
format_rank (GPtrArray *order, const gchar *format)
{
  for (guint i = 0; i < order->len; i++)
    if (g_str_equal (g_ptr_array_index (order, i), format))
      return i;
  return G_MAXUINT;
}

static void
add_entry (GArray *entries, const GstStructure *s, const GstCapsFeatures *f,
    const gchar *format, GPtrArray *order, gboolean memory_first)
{
  Entry e;

  e.s = gst_structure_copy (s);
  if (format)
    gst_structure_set (e.s, "format", G_TYPE_STRING, format, NULL);
  e.features = f ? gst_caps_features_copy (f) : NULL;
  e.memory = memory_first && !features_on_device (f);
  e.rank = format ? format_rank (order, format) : G_MAXUINT;
  e.index = entries->len;
  g_array_append_val (entries, e);
}

/* @caps (taken) as a preference: device memory first where
 * @memory_first, then the formats in the order @filter lists them (the
 * asker's preference), one structure for each format. A queue or tee
 * between two elements intersects this answer with its query's filter
 * zigzag, pairing structures by their places in both: one format a
 * structure, as the element's own transform gives them for fixed caps,
 * keeps the device's first there. */
static GstCaps *
order_by_preference (GstCaps *caps, GstCaps *filter, gboolean memory_first)
{
  GPtrArray *order = g_ptr_array_new_with_free_func (g_free);
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  GstCaps *result = gst_caps_new_empty ();

  g_array_set_clear_func (entries, (GDestroyNotify)entry_clear);
  for (guint i = 0; filter && i < gst_caps_get_size (filter); i++) {
    const GstStructure *s = gst_caps_get_structure (filter, i);
    const GValue *v = gst_structure_get_value (s, "format");

    if (v && G_VALUE_HOLDS_STRING (v))
      add_format (order, g_value_get_string (v));
    else if (v && GST_VALUE_HOLDS_LIST (v))
      for (guint j = 0; j < gst_value_list_get_size (v); j++) {
        const GValue *f = gst_value_list_get_value (v, j);

        if (G_VALUE_HOLDS_STRING (f))
          add_format (order, g_value_get_string (f));
      }
  }

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    const GstStructure *s = gst_caps_get_structure (caps, i);
    const GstCapsFeatures *f = gst_caps_get_features (caps, i);
    const GValue *v = gst_structure_get_value (s, "format");

    if (v && GST_VALUE_HOLDS_LIST (v))
      for (guint j = 0; j < gst_value_list_get_size (v); j++)
        add_entry (entries, s, f,
            g_value_get_string (gst_value_list_get_value (v, j)), order,
            memory_first);
    else
      add_entry (entries, s, f,
          v && G_VALUE_HOLDS_STRING (v) ? g_value_get_string (v) : NULL, order,
          memory_first);
  }
  g_array_sort (entries, compare_entries);

  for (guint i = 0; i < entries->len; i++) {
    Entry *e = &g_array_index (entries, Entry, i);

    gst_caps_append_structure_full (result, e->s, e->features);
    /* The caps have them now. */
    e->s = NULL;
    e->features = NULL;
  }
  g_array_unref (entries);
  g_ptr_array_unref (order);
  gst_caps_unref (caps);
  return result;
}

void
gst_cl_filter_caps_order_sink_query (GstBaseTransform *trans, gboolean writes,
    GstQuery *query)
{
  GstCaps *caps, *filter;

  gst_query_parse_caps (query, &filter);
  gst_query_parse_caps_result (query, &caps);
  if (!caps || gst_caps_is_any (caps) || gst_caps_is_empty (caps))
    return;
  caps = order_by_preference (gst_caps_ref (caps), filter,
      device_first (trans, writes, caps));
  GST_DEBUG_OBJECT (trans, "sink caps in order %" GST_PTR_FORMAT, caps);
  gst_query_set_caps_result (query, caps);
  gst_caps_unref (caps);
}
