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
 * The `histogram` message and GstClHistogramMeta, one helper for every
 * element that measures histograms; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistoutput.h"

#include <string.h>

const GstMetaInfo *
gst_cl_histogram_meta_get_info (void)
{
  static const GstMetaInfo *info;

  if (g_once_init_enter (&info)) {
    /* No tags: the histogram describes the picture's content, which
     * elements that keep only such metas (videoconvert, GstVideoFilter's
     * defaults) keep, and the default transform copies the structure. */
    const gchar *tags[] = { NULL };
    const GstMetaInfo *registered =
        gst_meta_register_custom (GST_CL_HISTOGRAM_META_NAME, tags, NULL, NULL,
            NULL);

    g_once_init_leave (&info, registered);
  }
  return info;
}

/* The most bins a histogram has: GRAY16's. */
#define MAX_BINS 65536
#define DEFAULT_MESSAGE_BINS 256
#define DEFAULT_ATTACH_META FALSE

void
gst_cl_hist_output_settings_init (GstClHistOutputSettings *s, gboolean post)
{
  s->post_messages = post;
  s->message_bins = DEFAULT_MESSAGE_BINS;
  s->attach_meta = DEFAULT_ATTACH_META;
}

/* The properties' gtk-doc blocks, for each element that installs them. */
/**
 * GstClHistEqualize:post-messages:
 *
 * Whether to post an element message named `histogram` for every frame: the
 * histogram of the input frame's region (its luma for YUV), with the fields
 * the element's description lists and `method`, the table it built. %TRUE
 * by default. May change while playing, from the next frame on.
 */
/**
 * GstClHistEqualize:message-bins:
 *
 * The number of entries in `bins`, in the message and in the meta, a power
 * of two: adjacent bins of the full histogram (256 bins for 8-bit formats,
 * 65536 for GRAY16, 2^d for YUV of d bits) are summed, bin i counting the
 * values from i * 2^depth / num-bins on. Another value is rounded down to a
 * power of two, with a warning in the debug log, and no more than the full
 * histogram's bins are given. 256 by default. May change while playing, from
 * the next frame on.
 */
/**
 * GstClHistEqualize:attach-meta:
 *
 * Whether each output buffer carries the message's fields in a
 * #GstCustomMeta registered as `GstClHistogramMeta`
 * (gst_buffer_get_custom_meta()), whether or not messages are posted; it
 * replaces any such meta the buffer had. %FALSE by default. May change
 * while playing, from the next frame on.
 */
/**
 * GstClHistogram:post-messages:
 *
 * Whether to post an element message named `histogram` for every frame: the
 * histogram of the frame's region (its luma for YUV), with the fields the
 * element's description lists. %TRUE by default; with it and
 * #GstClHistogram:attach-meta %FALSE the element does nothing with the
 * frames. May change while playing, from the next frame on.
 */
/**
 * GstClHistogram:message-bins:
 *
 * The number of entries in `bins`, in the message and in the meta, a power
 * of two: adjacent bins of the full histogram (256 bins for 8-bit formats,
 * 65536 for GRAY16, 2^d for YUV of d bits) are summed, bin i counting the
 * values from i * 2^depth / num-bins on. Another value is rounded down to a
 * power of two, with a warning in the debug log, and no more than the full
 * histogram's bins are given. 256 by default. May change while playing, from
 * the next frame on.
 */
/**
 * GstClHistogram:attach-meta:
 *
 * Whether each buffer leaves with the message's fields in a #GstCustomMeta
 * registered as `GstClHistogramMeta` (gst_buffer_get_custom_meta()),
 * whether or not messages are posted; it replaces any such meta the buffer
 * had. A buffer that others hold too is replaced by a new #GstBuffer on the
 * same memory, as a meta needs a writable buffer. %FALSE by default. May
 * change while playing, from the next frame on.
 */
/**
 * GstClClahe:post-messages:
 *
 * Whether to post an element message named `histogram` for every frame: the
 * histogram of the whole input frame (its luma for YUV), with the fields
 * the element's description lists. %FALSE by default: CLAHE counts the
 * tiles' histograms, not the frame's, so the message costs two more kernels
 * and a read-back of 8 + message-bins words per frame. May change while
 * playing, from the next frame on.
 */
/**
 * GstClClahe:message-bins:
 *
 * The number of entries in `bins`, in the message and in the meta, a power
 * of two: adjacent bins of the full histogram (256 bins for 8-bit formats,
 * 65536 for GRAY16) are summed, bin i counting the values from i * 2^depth
 * / num-bins on. Another value is rounded down to a power of two, with a
 * warning in the debug log, and no more than the full histogram's bins are
 * given. 256 by default. May change while playing, from the next frame on.
 */
/**
 * GstClClahe:attach-meta:
 *
 * Whether each output buffer carries the message's fields, those of the
 * whole input frame, in a #GstCustomMeta registered as `GstClHistogramMeta`
 * (gst_buffer_get_custom_meta()), whether or not messages are posted; it
 * replaces any such meta the buffer had. %FALSE by default. May change
 * while playing, from the next frame on.
 */
void
gst_cl_hist_output_install_properties (GObjectClass *gobject_class,
    guint first_id, gboolean post)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            GST_PARAM_MUTABLE_PLAYING;

  g_object_class_install_property (gobject_class, first_id,
      g_param_spec_boolean ("post-messages", "Post messages",
          "Post a \"histogram\" element message for every frame", post, flags));
  g_object_class_install_property (gobject_class, first_id + 1,
      g_param_spec_uint ("message-bins", "Message bins",
          "Bins of the message's and the meta's histogram, a power of two "
          "(adjacent bins summed)",
          1, MAX_BINS, DEFAULT_MESSAGE_BINS, flags));
  g_object_class_install_property (gobject_class, first_id + 2,
      g_param_spec_boolean ("attach-meta", "Attach meta",
          "Put the message's fields in a " GST_CL_HISTOGRAM_META_NAME
          " on every buffer",
          DEFAULT_ATTACH_META, flags));
}

gboolean
gst_cl_hist_output_set_property (GstClFilter *filter,
    GstClHistOutputSettings *s, guint first_id, guint prop_id,
    const GValue *value)
{
  switch (prop_id - first_id) {
    case 0:
      s->post_messages = g_value_get_boolean (value);
      return TRUE;
    case 1:
      s->message_bins = gst_cl_hist_output_message_bins (filter,
          g_value_get_uint (value));
      return TRUE;
    case 2:
      s->attach_meta = g_value_get_boolean (value);
      return TRUE;
    default:
      return FALSE;
  }
}

gboolean
gst_cl_hist_output_get_property (const GstClHistOutputSettings *s,
    guint first_id, guint prop_id, GValue *value)
{
  switch (prop_id - first_id) {
    case 0:
      g_value_set_boolean (value, s->post_messages);
      return TRUE;
    case 1:
      g_value_set_uint (value, s->message_bins);
      return TRUE;
    case 2:
      g_value_set_boolean (value, s->attach_meta);
      return TRUE;
    default:
      return FALSE;
  }
}

GstStructure *
gst_cl_hist_output_channel_fields (GstClFilter *filter, GstClHistResults **r,
    guint n, GstBuffer *buf, const GstVideoInfo *info, guint num_bins)
{
  GstStructure *s[GST_CL_RGB_CHANNELS];

  for (guint k = 0; k < n; k++)
    s[k] = gst_cl_hist_results_fields (r[k],
        &GST_BASE_TRANSFORM (filter)->segment, buf, info, num_bins);
  return gst_cl_hist_output_merge_channels (s, n);
}

/* The fields that describe one channel's values. */
static const gchar *const channel_fields[] = { "bins", "min", "max", "mean",
  "stddev" };
static const gchar *const channel_names[GST_CL_RGB_CHANNELS] = { "red", "green",
  "blue" };

typedef struct {
  GstStructure *dest;
  const gchar *prefix;
} ChannelMove;

static gboolean is_channel_field (GQuark field);
static gboolean move_field (GQuark field, GValue *value, gpointer dest);

/* Moves a channel's own field to the destination under the channel's
 * name. */
static gboolean
move_channel_field (GQuark field, GValue *value, gpointer data)
{
  const ChannelMove *m = data;
  gchar *name;

  if (!is_channel_field (field))
    return TRUE;
  name = g_strdup_printf ("%s-%s", m->prefix, g_quark_to_string (field));
  move_field (g_quark_from_string (name), value, m->dest);
  g_free (name);
  return TRUE;
}

static gboolean
is_channel_field (GQuark field)
{
  for (guint f = 0; f < G_N_ELEMENTS (channel_fields); f++)
    if (g_quark_from_static_string (channel_fields[f]) == field)
      return TRUE;
  return FALSE;
}

GstStructure *
gst_cl_hist_output_merge_channels (GstStructure **s, guint n)
{
  GstStructure *own;

  if (n == 1)
    return s[0];
  /* Gathered apart first: a structure cannot take fields while its own are
   * walked. */
  own = gst_structure_new_empty ("channels");
  for (guint k = 0; k < n; k++) {
    ChannelMove m = { own, channel_names[k] };

    gst_structure_map_in_place (s[k], move_channel_field, &m);
    if (k > 0)
      gst_structure_free (s[k]);
  }
  for (guint f = 0; f < G_N_ELEMENTS (channel_fields); f++)
    gst_structure_remove_field (s[0], channel_fields[f]);
  gst_structure_map_in_place (own, move_field, s[0]);
  gst_structure_free (own);
  return s[0];
}

GstClHistMeasure *
gst_cl_hist_output_new_measure (GstClFilter *filter, const GstVideoInfo *info)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  const GstClCommands cmd = gst_cl_base_filter_get_commands (base);
  GError *error = NULL;
  GstClHistMeasure *m = gst_cl_hist_measure_new (&cmd, info,
      GST_CL_BASE_FILTER_GET_CLASS (filter)->debug_category, G_OBJECT (filter),
      &error);

  if (!m) {
    gst_cl_base_filter_post_error (base, error);
    g_error_free (error);
  }
  return m;
}

GstStructure *
gst_cl_hist_output_take (GstClFilter *filter, GstClHistMeasure *m,
    GstBuffer *buf, const GstVideoInfo *info)
{
  return gst_cl_hist_output_take_channels (filter, &m, 1, buf, info);
}

GstStructure *
gst_cl_hist_output_take_channels (GstClFilter *filter, GstClHistMeasure **m,
    guint n, GstBuffer *buf, const GstVideoInfo *info)
{
  const GstSegment *segment = &GST_BASE_TRANSFORM (filter)->segment;
  GstStructure *s[GST_CL_RGB_CHANNELS];
  guint r[4];
  guint k;

  for (k = 0; k < n; k++) {
    s[k] = gst_cl_hist_measure_take (m[k], segment, buf, info, r);
    if (!s[k])
      break;
  }
  /* Each channel's measure was queued and read back with the others. */
  if (k < n) {
    while (k--)
      gst_structure_free (s[k]);
    return NULL;
  }
  gst_cl_hist_output_set_region (s[0], r[0], r[1], r[2], r[3]);
  return gst_cl_hist_output_merge_channels (s, n);
}

guint
gst_cl_hist_output_message_bins (GstClFilter *filter, guint requested)
{
  const guint bins = gst_cl_hist_floor_pow2 (requested);

  /* In the element's category, where its users look. */
  if (bins != requested)
    GST_CAT_WARNING_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (filter)
                                ->debug_category,
        filter, "message-bins %u is not a power of two, using %u", requested,
        bins);
  return bins;
}

void
gst_cl_hist_output_set_region (GstStructure *s, guint x, guint y, guint width,
    guint height)
{
  gst_structure_set (s, "roi-x", G_TYPE_UINT, x, "roi-y", G_TYPE_UINT, y,
      "roi-width", G_TYPE_UINT, width, "roi-height", G_TYPE_UINT, height, NULL);
}

static gboolean
copy_field (GQuark field, const GValue *value, gpointer dest)
{
  gst_structure_id_set_value (dest, field, value);
  return TRUE;
}

/* Hands the field's value to @dest and leaves a placeholder that holds
 * nothing: copying the bins, one GValue each, and freeing them twice cost
 * more than building them. */
static gboolean
move_field (GQuark field, GValue *value, gpointer dest)
{
  GValue moved = *value;

  memset (value, 0, sizeof (*value));
  g_value_init (value, G_TYPE_BOOLEAN);
  gst_structure_id_take_value (dest, field, &moved);
  return TRUE;
}

/* Replaces any GstClHistogramMeta on @buf with @s's fields (an element
 * further down the pipeline describes the frame as it leaves that
 * element), moved out of @s where it is not needed after. */
static void
attach_meta (GstBuffer *buf, GstStructure *s, gboolean keep)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf,
      GST_CL_HISTOGRAM_META_NAME);
  GstStructure *dest;

  if (meta)
    gst_buffer_remove_meta (buf, (GstMeta *)meta);
  meta = gst_buffer_add_custom_meta (buf, GST_CL_HISTOGRAM_META_NAME);
  dest = gst_custom_meta_get_structure (meta);
  if (keep)
    gst_structure_foreach (s, copy_field, dest);
  else
    gst_structure_map_in_place (s, move_field, dest);
}

void
gst_cl_hist_output_publish (GstClFilter *filter, GstStructure *s, gboolean post,
    GstBuffer *outbuf)
{
  guint64 pixels = 0;
  guint min = 0, max = 0;
  gdouble mean = 0;

  gst_structure_get (s, "pixels", G_TYPE_UINT64, &pixels, "min", G_TYPE_UINT,
      &min, "max", G_TYPE_UINT, &max, "mean", G_TYPE_DOUBLE, &mean, NULL);
  /* In the element's category, with its per-frame lines. */
  GST_CAT_LOG_OBJECT (GST_CL_BASE_FILTER_GET_CLASS (filter)->debug_category,
      filter,
      "histogram of %" G_GUINT64_FORMAT " pixels, %u..%u, mean %.3f%s%s",
      pixels, min, max, mean, post ? ", posted" : "",
      outbuf ? ", on the buffer" : "");
  if (outbuf)
    attach_meta (outbuf, s, post);
  if (post)
    gst_element_post_message (GST_ELEMENT (filter),
        gst_message_new_element (GST_OBJECT (filter), s));
  else
    gst_structure_free (s);
}
