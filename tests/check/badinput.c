/* gst-clfilter tests: input the elements must refuse or survive
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Buffers that do not hold the frame their caps describe must end in a
 * STREAM FORMAT error, never in a read past the end of the buffer nor in a
 * frame silently dropped or pushed unfilled.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static const gchar *elements[] = { "clhistequalize", "clsobel" };
static const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

static GstHarness *
new_harness (const gchar *element, GstBus **bus)
{
  GstHarness *h = gst_harness_new (element);

  if (g_str_equal (element, "clhistequalize"))
    g_object_set (h->element, "post-messages", FALSE, NULL);
  if (bus) {
    *bus = gst_bus_new ();
    gst_element_set_bus (h->element, *bus);
  }
  return h;
}

static void
free_harness (GstHarness *h, GstBus *bus)
{
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

static GstCaps *
make_caps (GstVideoFormat format, guint width, guint height)
{
  return gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      gst_video_format_to_string (format), "width", G_TYPE_INT, width, "height",
      G_TYPE_INT, height, "framerate", GST_TYPE_FRACTION, 25, 1, NULL);
}

/* A buffer of @size bytes of a pattern, with a GstVideoMeta for @format
 * @width x @height at @offset and @stride unless @stride is 0. */
static GstBuffer *
make_buffer (gsize size, GstVideoFormat format, guint width, guint height,
    gsize offset, gint stride)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, size, NULL);

  gst_buffer_memset (buf, 0, 0x5A, size);
  if (stride) {
    gsize offsets[GST_VIDEO_MAX_PLANES] = { offset };
    gint strides[GST_VIDEO_MAX_PLANES] = { stride };

    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE, format,
        width, height, 1, offsets, strides);
  }
  return buf;
}

/* Pushes @buf into a new harness of @element with @caps: the push fails,
 * nothing comes out, and the element posts a STREAM FORMAT error whose
 * debug text contains @reason. */
static void
expect_format_error (const gchar *element, GstCaps *caps, GstBuffer *buf,
    const gchar *reason)
{
  GstBus *bus;
  GstHarness *h = new_harness (element, &bus);
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL;

  gst_harness_set_src_caps (h, caps);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_ERROR);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s posted no error", element);
  gst_message_parse_error (msg, &err, &dbg);
  g_print ("%s: %s (%s)\n", element, err->message, dbg);
  fail_unless (g_error_matches (err, GST_STREAM_ERROR, GST_STREAM_ERROR_FORMAT),
      "%s", err->message);
  fail_unless (dbg && strstr (dbg, reason), "\"%s\" not in \"%s\"", reason,
      dbg);
  g_error_free (err);
  g_free (dbg);
  gst_message_unref (msg);
  free_harness (h, bus);
}

/* ---- Buffers smaller than their caps ---- */

GST_START_TEST (test_short_buffer)
{
  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      GstVideoInfo info;
      GstCaps *caps = make_caps (formats[f], 37, 21);

      fail_unless (gst_video_info_from_caps (&info, caps));
      /* One byte short, and empty. */
      expect_format_error (elements[e], gst_caps_ref (caps),
          make_buffer (info.size - 1, formats[f], 0, 0, 0, 0), "bytes");
      expect_format_error (elements[e], caps,
          make_buffer (0, formats[f], 0, 0, 0, 0), "bytes");
    }
  }
}

GST_END_TEST;

/* With a GstVideoMeta, gst_video_frame_map() checks nothing of the plane's
 * size: the element must. */
GST_START_TEST (test_short_buffer_meta)
{
  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const GstVideoFormat fmt = formats[f];
      const guint bpp = fmt == GRAY8 ? 1 : 2;
      const guint w = 37, h = 21;
      const gsize row = w * bpp;

      /* A padded stride, buffer sized as if unpadded. */
      expect_format_error (elements[e], make_caps (fmt, w, h),
          make_buffer (row * h, fmt, w, h, 0, row + 7), "bytes");
      /* The last row one byte short: stride * (h - 1) + row is enough. */
      expect_format_error (elements[e], make_caps (fmt, w, h),
          make_buffer ((row + 3) * (h - 1) + row - 1, fmt, w, h, 0, row + 3),
          "bytes");
      /* The plane starts past the end, or runs past it from its offset. */
      expect_format_error (elements[e], make_caps (fmt, w, h),
          make_buffer (row * h, fmt, w, h, row * h + 16, row), "offset");
      expect_format_error (elements[e], make_caps (fmt, w, h),
          make_buffer (row * h + 5, fmt, w, h, 6, row), "bytes");
    }
  }
}

GST_END_TEST;

/* The same buffers once they fit: processed as the reference says. */
GST_START_TEST (test_exact_buffer_meta)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const guint bpp = formats[f] == GRAY8 ? 1 : 2;
      const gsize row = 37 * bpp;
      /* Exactly stride * (h - 1) + row bytes: no padding after the last
       * row. */
      TestFrame *in = test_frame_random (formats[f], 37, 21, row + 3 * bpp,
          bpp * 8, rand);
      GstBuffer *buf = gst_buffer_new_memdup (in->data,
          in->stride * (in->height - 1) + row);
      gint stride[GST_VIDEO_MAX_PLANES] = { in->stride };
      gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
      GstHarness *h = new_harness (elements[e], NULL);
      TestFrame *expected = ref_element (elements[e], in), *out;
      GstBuffer *outbuf;
      GstCaps *caps = test_frame_caps (in);

      gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
          formats[f], 37, 21, 1, offset, stride);
      gst_harness_set_src_caps (h, gst_caps_ref (caps));
      fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
      outbuf = gst_harness_pull (h);
      out = test_frame_from_buffer (outbuf, caps);
      fail_unless (test_frame_equal (expected, out), "%s %s", elements[e],
          gst_video_format_to_string (formats[f]));
      gst_buffer_unref (outbuf);
      gst_caps_unref (caps);
      test_frame_free (out);
      test_frame_free (expected);
      test_frame_free (in);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* A GstVideoMeta larger than the caps: gst_video_frame_map() takes the
 * meta's size for the frame, but the element processes the caps' (the
 * top-left corner), and writes no row past the output frame's end. */
GST_START_TEST (test_meta_larger_than_caps)
{
  GRand *rand = g_rand_new_with_seed (11);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const guint bpp = formats[f] == GRAY8 ? 1 : 2;
      TestFrame *big = test_frame_random (formats[f], 45, 30, 48 * bpp, bpp * 8,
          rand);
      TestFrame *in = test_frame_new (formats[f], 37, 21, big->stride);
      GstBuffer *buf = test_frame_to_buffer (big);
      GstHarness *h = new_harness (elements[e], NULL);
      TestFrame *expected, *out;
      GstBuffer *outbuf;
      GstCaps *caps;

      memcpy (in->data, big->data, in->stride * in->height);
      expected = ref_element (elements[e], in);
      caps = test_frame_caps (in);
      gst_harness_set_src_caps (h, gst_caps_ref (caps));
      fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
      outbuf = gst_harness_pull (h);
      out = test_frame_from_buffer (outbuf, caps);
      fail_unless (test_frame_equal (expected, out), "%s %s", elements[e],
          gst_video_format_to_string (formats[f]));
      gst_buffer_unref (outbuf);
      gst_caps_unref (caps);
      test_frame_free (out);
      test_frame_free (expected);
      test_frame_free (in);
      test_frame_free (big);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
badinput_suite (void)
{
  Suite *s = suite_create ("badinput");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_short_buffer);
  tcase_add_test (tc, test_short_buffer_meta);
  tcase_add_test (tc, test_exact_buffer_meta);
  tcase_add_test (tc, test_meta_larger_than_caps);
  return s;
}

GST_CHECK_MAIN (badinput);
