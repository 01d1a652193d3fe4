/* gst-clfilter tests
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
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <stdio.h>
#include <string.h>

#include "cltestutils.h"

static gboolean
is_be (GstVideoFormat format)
{
  return format == GST_VIDEO_FORMAT_GRAY16_BE;
}

guint
test_frame_bpp (const TestFrame *f)
{
  return f->format == GST_VIDEO_FORMAT_GRAY8 ? 1 : 2;
}

TestFrame *
test_frame_new (GstVideoFormat format, guint width, guint height, gsize stride)
{
  TestFrame *f = g_new0 (TestFrame, 1);

  f->format = format;
  f->width = width;
  f->height = height;
  f->stride = stride ? stride : (gsize)width * test_frame_bpp (f);
  g_assert_cmpuint (f->stride, >=, (gsize)width * test_frame_bpp (f));
  /* Padding holds a pattern the elements must neither read nor count. */
  f->data = g_malloc (f->stride * height);
  memset (f->data, 0xA5, f->stride * height);
  return f;
}

void
test_frame_free (TestFrame *f)
{
  g_free (f->data);
  g_free (f);
}

guint
test_frame_get (const TestFrame *f, guint x, guint y)
{
  const guint8 *p = f->data + y * f->stride + x * test_frame_bpp (f);

  if (f->format == GST_VIDEO_FORMAT_GRAY8)
    return p[0];
  return is_be (f->format) ? GST_READ_UINT16_BE (p) : GST_READ_UINT16_LE (p);
}

void
test_frame_set (TestFrame *f, guint x, guint y, guint v)
{
  guint8 *p = f->data + y * f->stride + x * test_frame_bpp (f);

  if (f->format == GST_VIDEO_FORMAT_GRAY8)
    p[0] = v;
  else if (is_be (f->format))
    GST_WRITE_UINT16_BE (p, v);
  else
    GST_WRITE_UINT16_LE (p, v);
}

TestFrame *
test_frame_copy (const TestFrame *f, GstVideoFormat format, gsize stride)
{
  TestFrame *c = test_frame_new (format, f->width, f->height, stride);

  g_assert_cmpuint (test_frame_bpp (c), ==, test_frame_bpp (f));
  for (guint y = 0; y < f->height; y++)
    for (guint x = 0; x < f->width; x++)
      test_frame_set (c, x, y, test_frame_get (f, x, y));
  return c;
}

TestFrame *
test_frame_random (GstVideoFormat format, guint width, guint height,
    gsize stride, guint bits, GRand *rand)
{
  TestFrame *f = test_frame_new (format, width, height, stride);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      test_frame_set (f, x, y, g_rand_int (rand) & ((1u << bits) - 1));
  return f;
}

static gchar *
data_path (const gchar *name)
{
  /* Overridable for runs from a copy of the tree elsewhere. */
  const gchar *dir = g_getenv ("CLFILTER_TEST_DATA");

  return g_build_filename (dir ? dir : TEST_DATA_DIR, name, NULL);
}

static TestFrame *
load_pgm (const gchar *path)
{
  gchar *contents;
  gsize len;
  guint width, height, maxval;
  int consumed = 0;
  TestFrame *f;

  fail_unless (g_file_get_contents (path, &contents, &len, NULL));
  fail_unless (sscanf (contents, "P5 %u %u %u%n", &width, &height, &maxval,
                   &consumed) == 3);
  consumed++; /* the single whitespace after maxval */
  f = test_frame_new (maxval > 255 ? GST_VIDEO_FORMAT_GRAY16_BE
                                   : GST_VIDEO_FORMAT_GRAY8,
      width, height, 0);
  fail_unless (len >= consumed + f->stride * height);
  memcpy (f->data, contents + consumed, f->stride * height);
  g_free (contents);
  return f;
}

static TestFrame *
load_png (const gchar *path)
{
  GstHarness *h = gst_harness_new_parse ("pngdec");
  gchar *contents;
  gsize len;
  GstBuffer *buf;
  GstCaps *caps;
  TestFrame *f;

  fail_unless (g_file_get_contents (path, &contents, &len, NULL));
  gst_harness_set_src_caps_str (h, "image/png");
  fail_unless_equals_int (gst_harness_push (h,
                              gst_buffer_new_wrapped (contents, len)),
      GST_FLOW_OK);
  fail_unless (gst_harness_push_event (h, gst_event_new_eos ()));
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL);
  caps = gst_pad_get_current_caps (h->sinkpad);
  f = test_frame_from_buffer (buf, caps);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  return f;
}

TestFrame *
test_frame_load (const gchar *name)
{
  gchar *path = data_path (name);
  TestFrame *f = g_str_has_suffix (name, ".pgm") ? load_pgm (path)
                                                 : load_png (path);

  g_free (path);
  return f;
}

GstCaps *
test_frame_caps (const TestFrame *f)
{
  return gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      gst_video_format_to_string (f->format), "width", G_TYPE_INT, f->width,
      "height", G_TYPE_INT, f->height, "framerate", GST_TYPE_FRACTION, 25, 1,
      NULL);
}

GstBuffer *
test_frame_to_buffer (const TestFrame *f)
{
  gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
  gint stride[GST_VIDEO_MAX_PLANES] = { f->stride };
  GstBuffer *buf = gst_buffer_new_memdup (f->data, f->stride * f->height);

  gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE, f->format,
      f->width, f->height, 1, offset, stride);
  return buf;
}

/* Without gst-check's assertions, which need a check runner even when
 * they pass (the fuzzer has none): NULL when @buf cannot be mapped. */
TestFrame *
test_frame_try_from_buffer (GstBuffer *buf, GstCaps *caps)
{
  GstVideoInfo info;
  GstVideoFrame vf;
  TestFrame *f;

  if (!gst_video_info_from_caps (&info, caps) ||
      !gst_video_frame_map (&vf, &info, buf, GST_MAP_READ))
    return NULL;
  f = test_frame_new (GST_VIDEO_INFO_FORMAT (&info),
      GST_VIDEO_INFO_WIDTH (&info), GST_VIDEO_INFO_HEIGHT (&info), 0);
  for (guint y = 0; y < f->height; y++)
    memcpy (f->data + y * f->stride,
        (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, 0) +
            y * GST_VIDEO_FRAME_PLANE_STRIDE (&vf, 0),
        f->stride);
  gst_video_frame_unmap (&vf);
  return f;
}

TestFrame *
test_frame_from_buffer (GstBuffer *buf, GstCaps *caps)
{
  TestFrame *f = test_frame_try_from_buffer (buf, caps);

  fail_unless (f != NULL, "cannot map the output buffer with its caps");
  return f;
}

gboolean
test_frame_equal (const TestFrame *e, const TestFrame *a)
{
  if (e->format != a->format || e->width != a->width ||
      e->height != a->height) {
    g_printerr ("frame mismatch: %s %ux%u vs %s %ux%u\n",
        gst_video_format_to_string (e->format), e->width, e->height,
        gst_video_format_to_string (a->format), a->width, a->height);
    return FALSE;
  }
  for (guint y = 0; y < e->height; y++)
    for (guint x = 0; x < e->width; x++)
      if (test_frame_get (e, x, y) != test_frame_get (a, x, y)) {
        g_printerr ("%s %ux%u: pixel (%u,%u) is %u, expected %u\n",
            gst_video_format_to_string (e->format), e->width, e->height, x, y,
            test_frame_get (a, x, y), test_frame_get (e, x, y));
        return FALSE;
      }
  return TRUE;
}

TestFrame *
test_harness_process (GstHarness *h, const TestFrame *in)
{
  GstCaps *caps = test_frame_caps (in);
  GstCaps *current = gst_pad_get_current_caps (h->srcpad);
  GstBuffer *out;
  TestFrame *f;

  /* Same caps again would make the element reconfigure for nothing. */
  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);
  gst_caps_unref (caps);
  fail_unless_equals_int (gst_harness_push (h, test_frame_to_buffer (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  caps = gst_pad_get_current_caps (h->sinkpad);
  f = test_frame_from_buffer (out, caps);
  gst_buffer_unref (out);
  gst_caps_unref (caps);
  return f;
}

/* Runs @desc to the end; returns the error message text, or NULL. */
gchar *
test_run_pipeline (const gchar *desc, guint *have_context_count)
{
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  gchar *result = NULL;
  gboolean done = FALSE;

  fail_unless (pipeline != NULL);
  if (have_context_count)
    *have_context_count = 0;
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop (bus, 60 * GST_SECOND);

    fail_unless (msg != NULL, "pipeline did not finish: %s", desc);
    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_ERROR: {
        GError *err;
        gchar *dbg;

        gst_message_parse_error (msg, &err, &dbg);
        result = g_strdup_printf ("%s\n%s", err->message, dbg ? dbg : "");
        g_error_free (err);
        g_free (dbg);
        done = TRUE;
        break;
      }
      case GST_MESSAGE_EOS:
        done = TRUE;
        break;
      case GST_MESSAGE_HAVE_CONTEXT:
        if (have_context_count)
          (*have_context_count)++;
        break;
      default:
        break;
    }
    gst_message_unref (msg);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  return result;
}
