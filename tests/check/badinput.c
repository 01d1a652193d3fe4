/* gst-clfilter tests: input the elements must refuse or survive
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

static const gchar *elements[] = { "clhistequalize", "clhistogram", "clsobel" };
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

/* Pushes @buf into a new harness of @element with the caps of @in, whose
 * pixels @buf holds in whatever layout: the output equals the reference
 * for @in. */
static void
expect_reference (const gchar *element, const TestFrame *in, GstBuffer *buf)
{
  GstHarness *h = new_harness (element, NULL);
  GstCaps *caps = test_frame_caps (in);
  TestFrame *expected = ref_element (element, in), *out;
  GstBuffer *outbuf;

  gst_harness_set_src_caps (h, caps);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  outbuf = gst_harness_pull (h);
  /* clsobel's output of YUV is GRAY8: the output's own caps. */
  caps = gst_pad_get_current_caps (h->sinkpad);
  out = test_frame_from_buffer (outbuf, caps);
  fail_unless (test_frame_equal (expected, out), "%s %s", element,
      gst_video_format_to_string (in->format));
  gst_buffer_unref (outbuf);
  gst_caps_unref (caps);
  test_frame_free (out);
  test_frame_free (expected);
  gst_harness_teardown (h);
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

      gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
          formats[f], 37, 21, 1, offset, stride);
      expect_reference (elements[e], in, buf);
      test_frame_free (in);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* YUV frames with plane 0 last in the buffer: exactly as long as the luma's
 * last row needs is enough, one byte less is refused; a luma stride
 * shorter than its row too. */
GST_START_TEST (test_short_buffer_yuv)
{
  GRand *rand = g_rand_new_with_seed (37);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint f = 0; f < test_n_yuv_formats; f++) {
      const GstVideoFormat format = test_yuv_formats[f];
      gsize strides[GST_VIDEO_MAX_PLANES];
      TestFrame *in;
      GstBuffer *buf;
      gsize cut;

      test_random_strides (format, 37, 9, rand, strides);
      in = test_frame_random_strides (format, 37, 21, strides, 8, rand);
      in->planes_reversed = TRUE;
      in->plane_gap = 5;
      /* The padding after plane 0's last row. */
      cut = in->stride - test_format_row_bytes (format, 37, 0);

      buf = test_frame_to_buffer (in);
      gst_buffer_resize (buf, 0, gst_buffer_get_size (buf) - cut);
      expect_reference (elements[e], in, buf);

      buf = test_frame_to_buffer (in);
      gst_buffer_resize (buf, 0, gst_buffer_get_size (buf) - cut - 1);
      expect_format_error (elements[e], test_frame_caps (in), buf, "bytes");

      buf = test_frame_to_buffer (in);
      gst_buffer_get_video_meta (buf)->stride[0] =
          test_format_row_bytes (format, 37, 0) - 1;
      expect_format_error (elements[e], test_frame_caps (in), buf, "stride");
      test_frame_free (in);
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

      memcpy (in->data, big->data, in->stride * in->height);
      expect_reference (elements[e], in, test_frame_to_buffer (big));
      test_frame_free (in);
      test_frame_free (big);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* A meta that disagrees with the caps (gst_video_frame_map() would only
 * g_return_val_if_fail), and a plane split over two memories, of which
 * gst_video_meta_map() maps only the first. */
GST_START_TEST (test_meta_mismatch)
{
  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    GstBuffer *buf, *second;

    expect_format_error (elements[e], make_caps (GRAY8, 16, 8),
        make_buffer (512, GRAY16_LE, 16, 8, 0, 32), "GstVideoMeta of");
    expect_format_error (elements[e], make_caps (GRAY8, 16, 8),
        make_buffer (512, GRAY8, 15, 8, 0, 16), "GstVideoMeta of");
    expect_format_error (elements[e], make_caps (GRAY8, 16, 8),
        make_buffer (512, GRAY8, 16, 7, 0, 16), "GstVideoMeta of");
    expect_format_error (elements[e], make_caps (GRAY8, 16, 8),
        make_buffer (512, GRAY8, 16, 8, 0, 15), "stride");

    buf = make_buffer (64, GRAY8, 16, 8, 0, 16);
    second = gst_buffer_new_allocate (NULL, 64, NULL);
    gst_buffer_append_memory (buf, gst_buffer_get_memory (second, 0));
    gst_buffer_unref (second);
    expect_format_error (elements[e], make_caps (GRAY8, 16, 8), buf, "bytes");
  }
}

GST_END_TEST;

/* Without a meta, a frame in several memories is mapped merged: fine. */
GST_START_TEST (test_split_memory)
{
  GRand *rand = g_rand_new_with_seed (13);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    TestFrame *in = test_frame_random (GRAY8, 16, 8, 0, 8, rand);
    GstBuffer *buf = gst_buffer_new_memdup (in->data, 40);
    GstBuffer *rest = gst_buffer_new_memdup (in->data + 40, 88);

    gst_buffer_append_memory (buf, gst_buffer_get_memory (rest, 0));
    gst_buffer_unref (rest);
    expect_reference (elements[e], in, buf);
    test_frame_free (in);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Caps ---- */

/* @caps with the output's @format: the colorimetry and chroma siting of
 * another format do not describe it, so they are left out of both sides. */
static GstCaps *
caps_in_format (const GstCaps *caps, GstVideoFormat format)
{
  GstCaps *copy = gst_caps_copy (caps);
  GstStructure *s = gst_caps_get_structure (copy, 0);

  gst_structure_set (s, "format", G_TYPE_STRING,
      gst_video_format_to_string (format), NULL);
  gst_structure_remove_fields (s, "colorimetry", "chroma-site", NULL);
  return copy;
}

/* Pushes @in with @caps (which must describe it) and checks the output's
 * caps and every pixel. */
static void
check_with_caps (GstHarness *h, const gchar *element, GstCaps *caps,
    const TestFrame *in)
{
  TestFrame *expected = ref_element (element, in), *out;
  GstCaps *outcaps;
  GstBuffer *outbuf;
  gchar *in_str = gst_caps_to_string (caps), *out_str;

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  fail_unless_equals_int (gst_harness_push (h, test_frame_to_buffer (in)),
      GST_FLOW_OK);
  outbuf = gst_harness_pull (h);
  fail_unless (outbuf != NULL);
  outcaps = gst_pad_get_current_caps (h->sinkpad);
  out_str = gst_caps_to_string (outcaps);
  if (expected->format == in->format) {
    fail_unless (gst_caps_is_equal (outcaps, caps), "%s became %s", in_str,
        out_str);
  } else {
    GstCaps *a = caps_in_format (caps, expected->format);
    GstCaps *b = caps_in_format (outcaps, expected->format);

    fail_unless (gst_caps_is_equal (a, b), "%s became %s", in_str, out_str);
    gst_caps_unref (a);
    gst_caps_unref (b);
  }
  out = test_frame_from_buffer (outbuf, outcaps);
  fail_unless (test_frame_equal (expected, out), "%s %s", element, in_str);
  g_free (in_str);
  g_free (out_str);
  gst_caps_unref (outcaps);
  gst_caps_unref (caps);
  gst_buffer_unref (outbuf);
  test_frame_free (out);
  test_frame_free (expected);
}

/* Every format of the templates, at sizes from 1x1 up, with the fields the
 * templates leave open (framerate, interlace mode, pixel aspect ratio,
 * colorimetry) taking their kinds of values in turn. */
GST_START_TEST (test_template_caps)
{
  const guint sizes[][2] = { { 1, 1 }, { 2, 1 }, { 1, 2 }, { 3, 3 }, { 7, 1 },
    { 1, 7 }, { 33, 17 }, { 640, 480 }, { 1921, 3 } };
  const gchar *rates[] = { "25/1", "0/1", "30000/1001", "1/3600" };
  const gchar *modes[] = { "progressive", "interleaved", "mixed" };
  const gchar *pars[] = { "1/1", "16/15", "4/3" };
  const gchar *extra[] = { "", ",colorimetry=bt709", ",chroma-site=jpeg",
    ",multiview-mode=mono" };
  GRand *rand = g_rand_new_with_seed (17);
  guint n = 0;

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    GstHarness *h = new_harness (elements[e], NULL);

    for (guint f = 0; f < test_n_all_formats; f++) {
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++, n++) {
        const GstVideoFormat format = test_all_formats[f];
        TestFrame *in = test_frame_random (format, sizes[i][0], sizes[i][1], 0,
            test_format_depth (format), rand);
        gchar *str = g_strdup_printf ("video/x-raw,format=%s,width=%u,"
                                      "height=%u,framerate=%s,"
                                      "interlace-mode=%s,"
                                      "pixel-aspect-ratio=%s%s",
            gst_video_format_to_string (format), sizes[i][0], sizes[i][1],
            rates[n % G_N_ELEMENTS (rates)], modes[n % G_N_ELEMENTS (modes)],
            pars[n % G_N_ELEMENTS (pars)], extra[n % G_N_ELEMENTS (extra)]);
        GstCaps *caps = gst_caps_from_string (str);

        fail_unless (caps != NULL, "%s", str);
        /* The reference takes the range from the frame's caps. */
        test_frame_set_colorimetry (in,
            gst_structure_get_string (gst_caps_get_structure (caps, 0),
                "colorimetry"));
        check_with_caps (h, elements[e], caps, in);
        test_frame_free (in);
        g_free (str);
      }
    }
    gst_harness_teardown (h);
  }
  g_print ("%u caps accepted and processed\n", n);
  g_rand_free (rand);
}

GST_END_TEST;

static const gchar *refused_caps[] = {
  "video/x-raw,format=RGB16,width=16,height=16,framerate=25/1",
  /* YUV, but not of the formats the elements take: I420_10BE is
   * I420_10LE's other byte order. */
  "video/x-raw,format=AYUV,width=16,height=16,framerate=25/1",
  "video/x-raw,format=NV16,width=16,height=16,framerate=25/1",
  "video/x-raw,format=I420_10BE,width=16,height=16,framerate=25/1",
  "video/x-raw,format=YVYU,width=16,height=16,framerate=25/1",
  "video/x-raw,format=GRAY10_LE32,width=16,height=16,framerate=25/1",
  "video/x-raw,format=GRAY16,width=16,height=16,framerate=25/1",
  "video/x-raw(memory:GLMemory),format=GRAY8,width=16,height=16,"
  "framerate=25/1",
  "video/x-raw(format:Interlaced),format=GRAY8,width=16,height=16,"
  "interlace-mode=alternate,framerate=25/1",
  "video/x-raw,format=GRAY8,width=0,height=16,framerate=25/1",
  "video/x-bayer,format=bggr,width=16,height=16,framerate=25/1",
  "image/png,width=16,height=16,framerate=25/1",
};

/* Caps the templates exclude are refused at negotiation: accept-caps says
 * no, gst-launch names the caps it cannot link with, and a source pushing
 * them stops with not-negotiated. */
GST_START_TEST (test_refused_caps)
{
  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    for (guint i = 0; i < G_N_ELEMENTS (refused_caps); i++) {
      GstCaps *caps = gst_caps_from_string (refused_caps[i]);
      GstElement *el = gst_element_factory_make (elements[e], NULL);
      GstPad *pad = gst_element_get_static_pad (el, "sink");
      gchar *desc;
      GstElement *pipeline, *src;
      GError *err = NULL;
      GstMessage *msg;
      gchar *dbg = NULL;
      GstFlowReturn ret;

      fail_unless (caps != NULL, "%s", refused_caps[i]);
      fail_if (gst_pad_query_accept_caps (pad, caps), "%s accepts %s",
          elements[e], refused_caps[i]);
      gst_object_unref (pad);
      gst_object_unref (el);

      desc = g_strdup_printf ("fakesrc ! %s ! %s ! fakesink", refused_caps[i],
          elements[e]);
      pipeline = gst_parse_launch (desc, &err);
      fail_unless (err != NULL, "%s linked", desc);
      fail_unless (strstr (err->message, "can't handle caps") != NULL, "%s",
          err->message);
      g_clear_error (&err);
      gst_clear_object (&pipeline);
      g_free (desc);

      desc = g_strdup_printf ("appsrc name=src ! %s ! fakesink", elements[e]);
      pipeline = gst_parse_launch (desc, NULL);
      src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
      g_object_set (src, "caps", caps, NULL);
      gst_element_set_state (pipeline, GST_STATE_PLAYING);
      g_signal_emit_by_name (src, "push-buffer",
          gst_buffer_new_allocate (NULL, 16 * 16 * 4, NULL), &ret);
      /* The element may first say which formats it takes; the source then
       * stops with not-negotiated. */
      for (guint n = 0;; n++) {
        gboolean stopped;

        msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
            10 * GST_SECOND, GST_MESSAGE_ERROR);
        fail_unless (msg != NULL && n < 2, "no not-negotiated for %s",
            refused_caps[i]);
        gst_message_parse_error (msg, &err, &dbg);
        stopped = strstr (dbg, "not-negotiated") != NULL;
        if (!stopped)
          fail_unless (strstr (err->message, "it takes GRAY8") != NULL, "%s",
              err->message);
        g_clear_error (&err);
        g_free (dbg);
        gst_message_unref (msg);
        if (stopped)
          break;
      }
      gst_element_set_state (pipeline, GST_STATE_NULL);
      gst_object_unref (src);
      gst_object_unref (pipeline);
      g_free (desc);
      gst_caps_unref (caps);
    }
  }
  g_print ("%u caps refused by each element\n",
      (guint)G_N_ELEMENTS (refused_caps));
}

GST_END_TEST;

/* ---- Sizes, strides, bit depths ---- */

/* Every width from 1 to 40 with odd strides given by a GstVideoMeta, odd
 * byte counts for GRAY16 too (rows then start at odd addresses). */
GST_START_TEST (test_odd_widths_strides)
{
  GRand *rand = g_rand_new_with_seed (19);
  guint n = 0;

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    GstHarness *h = new_harness (elements[e], NULL);

    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const guint bpp = formats[f] == GRAY8 ? 1 : 2;

      for (guint w = 1; w <= 40; w++, n++) {
        const guint height = 1 + (w * 7) % 13;
        const gsize stride = w * bpp + 1 + 2 * (w % 5);
        TestFrame *in = test_frame_random (formats[f], w, height, stride,
            bpp * 8, rand);
        TestFrame *expected = ref_element (elements[e], in);
        TestFrame *out = test_harness_process (h, in);

        fail_unless (test_frame_equal (expected, out),
            "%s %s %ux%u stride %" G_GSIZE_FORMAT, elements[e],
            gst_video_format_to_string (formats[f]), w, height, stride);
        test_frame_free (out);
        test_frame_free (expected);
        test_frame_free (in);
      }
    }
    gst_harness_teardown (h);
  }
  g_print ("%u frames of odd widths and strides\n", n);
  g_rand_free (rand);
}

GST_END_TEST;

/* GRAY16 frames using all 16 bits (0 and 65535 among them) and frames of
 * 12-bit samples, both byte orders. */
GST_START_TEST (test_gray16_depths)
{
  GRand *rand = g_rand_new_with_seed (23);

  for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
    GstHarness *h = new_harness (elements[e], NULL);

    for (guint f = 1; f < G_N_ELEMENTS (formats); f++) {
      for (guint bits = 12; bits <= 16; bits += 4) {
        TestFrame *in = test_frame_random (formats[f], 257, 129, 0, bits, rand);
        TestFrame *expected, *out;

        test_frame_set (in, 0, 0, 0);
        test_frame_set (in, 1, 0, (1u << bits) - 1);
        expected = ref_element (elements[e], in);
        out = test_harness_process (h, in);
        fail_unless (test_frame_equal (expected, out), "%s %s %u bits",
            elements[e], gst_video_format_to_string (formats[f]), bits);
        test_frame_free (out);
        test_frame_free (expected);
        test_frame_free (in);
      }
    }
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* One frame of 16384x16384 per format and element (256 and 512 MiB), run
 * on its own (meson test "large-frames"). */
GST_START_TEST (test_largest_frames)
{
  const guint size = 16384;
  GRand *rand = g_rand_new_with_seed (29);

  for (guint f = 0; f < 2; f++) {
    const guint bits = formats[f] == GRAY8 ? 8 : 16;
    TestFrame *in = test_frame_random (formats[f], size, size, 0, bits, rand);

    for (guint e = 0; e < G_N_ELEMENTS (elements); e++) {
      GstHarness *h = new_harness (elements[e], NULL);
      gint64 t0 = g_get_monotonic_time ();
      TestFrame *out = test_harness_process (h, in);
      gint64 t1 = g_get_monotonic_time ();
      TestFrame *expected = ref_element (elements[e], in);

      fail_unless (test_frame_equal (expected, out), "%s %s %ux%u", elements[e],
          gst_video_format_to_string (formats[f]), size, size);
      g_print ("%s %s %ux%u: element %.2f s, reference %.2f s\n", elements[e],
          gst_video_format_to_string (formats[f]), size, size, (t1 - t0) / 1e6,
          (g_get_monotonic_time () - t1) / 1e6);
      test_frame_free (out);
      test_frame_free (expected);
      gst_harness_teardown (h);
    }
    test_frame_free (in);
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
  tcase_add_test (tc, test_short_buffer_yuv);
  tcase_add_test (tc, test_meta_larger_than_caps);
  tcase_add_test (tc, test_meta_mismatch);
  tcase_add_test (tc, test_split_memory);
  tcase_add_test (tc, test_template_caps);
  tcase_add_test (tc, test_refused_caps);
  tcase_add_test (tc, test_odd_widths_strides);
  tcase_add_test (tc, test_gray16_depths);
  /* Only when asked for by name (GST_CHECKS=test_largest_frames). */
  if (g_strcmp0 (g_getenv ("GST_CHECKS"), "test_largest_frames") == 0)
    tcase_add_test (tc, test_largest_frames);
  return s;
}

GST_CHECK_MAIN (badinput);
