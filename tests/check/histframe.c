/* gst-clfilter tests: frames for clhistogram and their checks
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
 * The helpers histframe.h declares.
 */
#include <gst/check/gstcheck.h>
#include <string.h>

#include "histframe.h"
#include "clreference.h"

static void
whole_frame (HistFrame *f)
{
  f->roi[0] = f->roi[1] = 0;
  f->roi[2] = GST_VIDEO_INFO_COMP_WIDTH (&f->info, 0);
  f->roi[3] = GST_VIDEO_INFO_COMP_HEIGHT (&f->info, 0);
}

void
hist_frame_free (HistFrame *f)
{
  gst_buffer_unref (f->buf);
  g_free (f->hist);
  for (guint k = 0; k < 3; k++)
    g_free (f->channel_hist[k]);
  g_free (f);
}

/* The gray or luma samples of @buf in @roi, counted through
 * GstVideoFrame. */
guint64 *
hist_luma_histogram (GstBuffer *buf, const GstVideoInfo *info, const guint *roi,
    guint *nbins)
{
  const GstVideoFormat format = GST_VIDEO_INFO_FORMAT (info);
  GstVideoFrame frame;
  guint64 *hist;

  *nbins = 1u << GST_VIDEO_INFO_COMP_DEPTH (info, 0);
  hist = g_new0 (guint64, *nbins);
  fail_unless (gst_video_frame_map (&frame, info, buf, GST_MAP_READ));
  for (guint y = roi[1]; y < roi[1] + roi[3]; y++) {
    const guint8 *row = (const guint8 *)GST_VIDEO_FRAME_COMP_DATA (&frame, 0) +
                        y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, 0);

    for (guint x = roi[0]; x < roi[0] + roi[2]; x++) {
      const guint8 *p = row + x * GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, 0);

      if (format == GST_VIDEO_FORMAT_GRAY16_BE)
        hist[GST_READ_UINT16_BE (p)]++;
      else if (GST_VIDEO_INFO_COMP_DEPTH (info, 0) > 8)
        hist[(GST_READ_UINT16_LE (p) >>
                 GST_VIDEO_FORMAT_INFO_SHIFT (info->finfo, 0)) &
             (*nbins - 1)]++;
      else
        hist[p[0]]++;
    }
  }
  gst_video_frame_unmap (&frame);
  return hist;
}

/* A gray or YUV TestFrame, with clreference's histogram, which must
 * agree with the luma count. */
HistFrame *
hist_frame_from_test_frame (const TestFrame *t)
{
  HistFrame *f = g_new0 (HistFrame, 1);
  GstCaps *caps = test_frame_caps (t);
  guint nbins;
  guint64 *check;

  f->buf = test_frame_to_buffer (t);
  fail_unless (gst_video_info_from_caps (&f->info, caps));
  gst_caps_unref (caps);
  f->hist = ref_histogram (t, &f->nbins);
  whole_frame (f);
  check = hist_luma_histogram (f->buf, &f->info, f->roi, &nbins);
  fail_unless_equals_int (nbins, f->nbins);
  fail_unless (memcmp (check, f->hist, nbins * sizeof (guint64)) == 0);
  g_free (check);
  return f;
}

HistFrame *
hist_frame_from_rgb (const TestFrame *t, RefColorSpace space)
{
  HistFrame *f = g_new0 (HistFrame, 1);
  GstCaps *caps = test_frame_caps (t);
  f->buf = test_frame_to_buffer (t);
  fail_unless (gst_video_info_from_caps (&f->info, caps));
  gst_caps_unref (caps);
  for (guint k = 0; k < (space == REF_COLOR_RGB ? 3 : 1); k++) {
    TestFrame *channel = ref_rgb_channel (t,
        space == REF_COLOR_RGB ? REF_COLOR_R + k : space);
    guint64 *hist = ref_histogram (channel, &f->nbins);

    if (space == REF_COLOR_RGB)
      f->channel_hist[k] = hist;
    else
      f->hist = hist;
    test_frame_free (channel);
  }
  whole_frame (f);
  return f;
}

/* A frame of @format, every byte of every plane random (padding too), rows
 * padded by @pad bytes and each plane @gap bytes after the previous one. */
HistFrame *
hist_frame_random (GstVideoFormat format, guint width, guint height, guint pad,
    guint gap, GRand *rand)
{
  HistFrame *f = g_new0 (HistFrame, 1);
  gsize offsets[GST_VIDEO_MAX_PLANES];
  gint strides[GST_VIDEO_MAX_PLANES];
  gsize size = 0;
  guint8 *data;

  gst_video_info_set_format (&f->info, format, width, height);
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (&f->info); p++) {
    gint comps[GST_VIDEO_MAX_COMPONENTS];
    guint rows;

    /* A plane has the rows of the components it holds. */
    gst_video_format_info_component (f->info.finfo, p, comps);
    rows = GST_VIDEO_INFO_COMP_HEIGHT (&f->info, comps[0]);
    strides[p] = GST_VIDEO_INFO_PLANE_STRIDE (&f->info, p) + pad;
    offsets[p] = size + gap;
    size = offsets[p] + (gsize)strides[p] * rows;
  }
  data = g_malloc (size);
  for (gsize i = 0; i < size; i++)
    data[i] = g_rand_int (rand);
  f->buf = gst_buffer_new_wrapped (data, size);
  gst_buffer_add_video_meta_full (f->buf, GST_VIDEO_FRAME_FLAG_NONE, format,
      width, height, GST_VIDEO_INFO_N_PLANES (&f->info), offsets, strides);
  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (&f->info); p++) {
    f->info.offset[p] = offsets[p];
    f->info.stride[p] = strides[p];
  }
  f->info.size = size;
  whole_frame (f);
  f->hist = hist_luma_histogram (f->buf, &f->info, f->roi, &f->nbins);
  return f;
}

GstHarness *
hist_harness_new (const gchar *element, GstBus **bus)
{
  GstHarness *h = gst_harness_new (element);

  *bus = gst_bus_new ();
  gst_element_set_bus (h->element, *bus);
  g_object_set (h->element, "attach-meta", TRUE, NULL);
  return h;
}

void
hist_harness_free (GstHarness *h, GstBus *bus)
{
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
      "more than one message per frame");
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

/* The message's fields from the reference histogram @hist, summed down to
 * @message_bins bins, with the element's formula for the moments. */
/* R, G and B's fields, each checked as a channel's own message would be:
 * `red-bins` as `bins`, ...; and no field of one channel without its
 * name. */
static void
check_channel_fields (const GstStructure *s, const HistFrame *f,
    guint message_bins)
{
  const gchar *channels[] = { "red", "green", "blue" };
  const gchar *fields[] = { "bins", "min", "max", "mean", "stddev" };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    fail_if (gst_structure_has_field (s, fields[i]), "%s in an RGB message",
        fields[i]);
  for (guint k = 0; k < 3; k++) {
    GstStructure *own = gst_structure_copy (s);
    gchar *why;

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++) {
      gchar *name = g_strdup_printf ("%s-%s", channels[k], fields[i]);
      const GValue *v = gst_structure_get_value (s, name);

      fail_unless (v != NULL, "no %s", name);
      gst_structure_set_value (own, fields[i], v);
      g_free (name);
    }
    why = test_histogram_counts_differ (own, f->channel_hist[k], f->nbins,
        message_bins, (guint64)f->roi[2] * f->roi[3]);
    fail_unless (why == NULL, "%s %ux%u, %s: %s",
        GST_VIDEO_INFO_NAME (&f->info), GST_VIDEO_INFO_WIDTH (&f->info),
        GST_VIDEO_INFO_HEIGHT (&f->info), channels[k], why);
    gst_structure_free (own);
  }
}

void
hist_check_fields (const GstStructure *s, const HistFrame *f,
    guint message_bins)
{
  const gchar *names[] = { "roi-x", "roi-y", "roi-width", "roi-height" };
  guint u;

  if (f->channel_hist[0]) {
    check_channel_fields (s, f, message_bins);
  } else {
    gchar *why = test_histogram_counts_differ (s, f->hist, f->nbins,
        message_bins, (guint64)f->roi[2] * f->roi[3]);

    fail_unless (why == NULL, "%s %ux%u: %s", GST_VIDEO_INFO_NAME (&f->info),
        GST_VIDEO_INFO_WIDTH (&f->info), GST_VIDEO_INFO_HEIGHT (&f->info), why);
  }
  fail_unless_equals_string (gst_structure_get_string (s, "format"),
      GST_VIDEO_INFO_NAME (&f->info));
  for (guint i = 0; i < 4; i++) {
    fail_unless (gst_structure_get_uint (s, names[i], &u), "no %s", names[i]);
    fail_unless_equals_int (u, f->roi[i]);
  }
}

/* The meta on @buf holds exactly the fields of @msg. */
void
hist_check_meta_equals_message (GstBuffer *buf, const GstStructure *msg)
{
  GstCustomMeta *meta = gst_buffer_get_custom_meta (buf, HIST_META_NAME);
  const GstStructure *s;

  fail_unless (meta != NULL, "no " HIST_META_NAME " on the buffer");
  s = gst_custom_meta_get_structure (meta);
  fail_unless (gst_structure_has_name (s, HIST_META_NAME));
  fail_unless_equals_int (gst_structure_n_fields (s),
      gst_structure_n_fields (msg));
  for (gint i = 0; i < gst_structure_n_fields (msg); i++) {
    const gchar *name = gst_structure_nth_field_name (msg, i);
    const GValue *a = gst_structure_get_value (msg, name);
    const GValue *b = gst_structure_get_value (s, name);

    fail_unless (b != NULL, "the meta has no %s", name);
    fail_unless (gst_value_compare (a, b) == GST_VALUE_EQUAL,
        "%s differs between the meta and the message", name);
  }
}

GstMessage *
hist_pop_message (GstBus *bus)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);

  fail_unless (msg != NULL, "no element message");
  fail_unless (
      gst_structure_has_name (gst_message_get_structure (msg), "histogram"));
  return msg;
}

GstMessage *
hist_pop_message_warned (GstBus *bus, guint *warnings, gchar **text)
{
  GstMessage *msg;

  *warnings = 0;
  while ((msg = gst_bus_pop (bus))) {
    GError *err;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT)
      break;
    fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_WARNING);
    gst_message_parse_warning (msg, &err, NULL);
    g_free (*text);
    *text = g_strdup (err->message);
    g_error_free (err);
    gst_message_unref (msg);
    (*warnings)++;
  }
  fail_unless (msg != NULL, "no element message");
  fail_unless (
      gst_structure_has_name (gst_message_get_structure (msg), "histogram"));
  return msg;
}

void
hist_check_frame_warned (GstHarness *h, GstBus *bus, const HistFrame *f,
    guint message_bins, guint *warnings, gchar **text)
{
  const gsize size = gst_buffer_get_size (f->buf);
  GstMemory *mem = gst_buffer_peek_memory (f->buf, 0);
  guint8 *before = g_malloc (size);
  GstMessage *msg;
  GstBuffer *out;

  gst_buffer_extract (f->buf, 0, before, size);
  g_object_set (h->element, "message-bins", message_bins, NULL);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&f->info));
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (f->buf)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  /* Our reference made it a shared buffer: a new one on the same
   * memory. */
  fail_unless (gst_buffer_peek_memory (out, 0) == mem, "the frame was copied");
  fail_unless_equals_int (gst_buffer_get_size (out), size);
  fail_unless (gst_buffer_memcmp (out, 0, before, size) == 0,
      "%s %ux%u changed", GST_VIDEO_INFO_NAME (&f->info),
      GST_VIDEO_INFO_WIDTH (&f->info), GST_VIDEO_INFO_HEIGHT (&f->info));
  fail_unless (gst_buffer_get_custom_meta (f->buf, HIST_META_NAME) == NULL,
      "the meta went on a buffer someone else holds");

  msg = warnings ? hist_pop_message_warned (bus, warnings, text)
                 : hist_pop_message (bus);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (h->element));
  hist_check_fields (gst_message_get_structure (msg), f, message_bins);
  hist_check_meta_equals_message (out, gst_message_get_structure (msg));
  gst_message_unref (msg);
  gst_buffer_unref (out);
  g_free (before);
}

void
hist_check_frame (GstHarness *h, GstBus *bus, const HistFrame *f,
    guint message_bins)
{
  hist_check_frame_warned (h, bus, f, message_bins, NULL, NULL);
}
