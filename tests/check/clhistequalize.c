/* gst-clfilter tests: clhistequalize
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
 * Every output pixel is compared with the plain C reference in
 * clreference.c; runs on whatever OpenCL device the default selection picks
 * (PoCL's CPU device where there is no GPU), but for the device selection
 * checks, which try each device the machine has (cldevices.c).
 *
 * The checks every element has (real images, sizes, padded strides,
 * state cycles, every YUV format) are elements.c's.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cldevices.h"
#include "cltestutils.h"
#include "clreference.h"
#include "histframe.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static GRand *
test_rand (void)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  const guint32 seed = 20261121;

  g_print ("random frames from seed %u\n", seed);
  return g_rand_new_with_seed (seed);
}

static GstHarness *
new_harness (void)
{
  GstHarness *h = gst_harness_new ("clhistequalize");

  g_object_set (h->element, "post-messages", FALSE, NULL);
  return h;
}

/* Processes @in and checks every pixel against the reference. */
static void
check_equalize (GstHarness *h, const TestFrame *in)
{
  TestFrame *expected = ref_histequalize (in);
  TestFrame *out = test_harness_process (h, in);
  gchar *what = test_frame_describe (in);

  fail_unless (test_frame_equal (expected, out),
      "%s differs from the reference", what);
  g_free (what);
  test_frame_free (expected);
  test_frame_free (out);
}

static const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

GST_START_TEST (test_caps_change)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();
  TestFrame *frames[] = {
    test_frame_load ("moon.png"),
    test_frame_random (GRAY16_LE, 33, 17, 0, 16, rand),
    test_frame_random (GRAY8, 7, 1, 0, 8, rand),
    test_frame_load ("flower_small.g.depth12.pgm"),
    test_frame_load ("camera.png"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    check_equalize (h, frames[i]);
    test_frame_free (frames[i]);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_constant_frame)
{
  GstHarness *h = new_harness ();

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    const guint value = formats[f] == GRAY8 ? 77 : 1234;
    TestFrame *in = test_frame_new (formats[f], 64, 48, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, value);
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (in, out));
    test_frame_free (out);

    /* One other value: both ends of the range come out. */
    test_frame_set (in, 5, 5, value + 1);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, 0, 0), 0);
    fail_unless_equals_int (test_frame_get (out, 5, 5),
        formats[f] == GRAY8 ? 255 : 65535);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- YUV: the luma equalized, the chroma untouched ---- */

/* No colorimetry (GStreamer's default: limited range), limited said
 * outright, and full range as jpegdec says it. */
static const gchar *colorimetries[] = { NULL, TEST_COLORIMETRY_LIMITED,
  TEST_COLORIMETRY_FULL };

GST_START_TEST (test_yuv_1080p)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();
  TestFrame *in = test_frame_random (GST_VIDEO_FORMAT_NV12, 1920, 1080, 0, 8,
      rand);

  check_equalize (h, in);
  test_frame_free (in);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Input the element may not write over, as a source sharing its frames
 * gives it: the chroma is copied into the output, planes of a megabyte
 * and more on several threads where the frame goes through device
 * copies (gst_cl_host_copy_plane()), padded strides on both sides. */
GST_START_TEST (test_yuv_shared_input)
{
  const struct {
    GstVideoFormat format;
    guint width, height;
  } cases[] = {
    { GST_VIDEO_FORMAT_NV12, 2048, 1088 },
    { GST_VIDEO_FORMAT_I420, 2900, 1634 },
    { GST_VIDEO_FORMAT_Y444, 1031, 1029 },
    { GST_VIDEO_FORMAT_NV21, 64, 48 },
    /* Words: P010's V 2 bytes after U, which the last row's copy must
     * reach. */
    { GST_VIDEO_FORMAT_P010_10LE, 1031, 1029 },
    { GST_VIDEO_FORMAT_I420_10LE, 67, 45 },
  };
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gsize strides[GST_VIDEO_MAX_PLANES];
    TestFrame *in, *expected, *out;

    test_random_strides (cases[i].format, cases[i].width, 70, rand, strides);
    in = test_frame_random_strides (cases[i].format, cases[i].width,
        cases[i].height, strides, 8, rand);
    expected = ref_histequalize (in);
    out = test_harness_process_shared (h, in);
    fail_unless (test_frame_equal (expected, out), "%s %ux%u",
        gst_video_format_to_string (cases[i].format), cases[i].width,
        cases[i].height);
    test_frame_free (in);
    test_frame_free (expected);
    test_frame_free (out);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Every plane its own padding, odd ones too, and the planes apart in the
 * buffer, in order or last first: only the GstVideoMeta says where each
 * starts. */
GST_START_TEST (test_yuv_padded_strides)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint i = 0; i < 4 * test_n_yuv_formats; i++) {
    const GstVideoFormat format = test_yuv_formats[i % test_n_yuv_formats];
    const guint width = g_rand_int_range (rand, 1, 300);
    const guint height = g_rand_int_range (rand, 1, 200);
    gsize strides[GST_VIDEO_MAX_PLANES];
    TestFrame *in;

    test_random_strides (format, width, 70, rand, strides);
    in = test_frame_random_strides (format, width, height, strides, 8, rand);
    in->plane_gap = g_rand_int_range (rand, 0, 40);
    in->planes_reversed = i % 2;
    test_frame_set_colorimetry (in, colorimetries[i % 3]);
    check_equalize (h, in);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

static const GstVideoFormat high_depth[] = { GST_VIDEO_FORMAT_P010_10LE,
  GST_VIDEO_FORMAT_P012_LE, GST_VIDEO_FORMAT_P016_LE,
  GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420_12LE,
  GST_VIDEO_FORMAT_I422_10LE, GST_VIDEO_FORMAT_Y444_10LE,
  GST_VIDEO_FORMAT_Y444_16LE };
/* Each one's 8-bit sibling. */
static const GstVideoFormat high_depth_narrow[] = { GST_VIDEO_FORMAT_NV12,
  GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420,
  GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_Y444,
  GST_VIDEO_FORMAT_Y444 };

/* Downstream asks for the 8-bit sibling of YUV of more bits: the luma
 * equalized into 8 bits and the chroma narrowed, in one pass, on random
 * frames of odd sizes and padded rows in every range, luma words random
 * in all their bits by turns; a constant frame too. */
GST_START_TEST (test_high_depth_to_8bit)
{
  GRand *rand = test_rand ();

  for (guint f = 0; f < G_N_ELEMENTS (high_depth); f++) {
    const GstVideoFormat format = high_depth[f];
    const guint word = 16 -
                       GST_VIDEO_FORMAT_INFO_SHIFT (gst_video_format_get_info (
                                                        format),
                           0);
    GstHarness *h = new_harness ();
    gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
        gst_video_format_to_string (high_depth_narrow[f]));

    gst_harness_set_sink_caps_str (h, caps);
    for (guint i = 0; i < 7; i++) {
      const guint width = i < 2 ? 1 + i
                                : (guint)g_rand_int_range (rand, 1, 150);
      const guint height = i < 2 ? 3 - i
                                 : (guint)g_rand_int_range (rand, 1, 90);
      gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
      TestFrame *in, *expected, *out;
      gchar *what;

      if (i % 2)
        test_random_strides (format, width, 40, rand, strides);
      in = test_frame_random_strides (format, width, height, strides,
          i % 3 ? test_format_depth (format) : word, rand);
      if (i == 6)
        for (guint y = 0; y < height; y++)
          for (guint x = 0; x < width; x++)
            test_frame_set (in, x, y, test_frame_get (in, 0, 0));
      test_frame_set_colorimetry (in, colorimetries[i % 3]);
      expected = ref_histequalize_narrow (in, high_depth_narrow[f]);
      out = test_harness_process (h, in);
      what = test_frame_describe (in);
      fail_unless (test_frame_equal (expected, out),
          "%s to %s differs from the reference", what, caps);
      g_free (what);
      test_frame_free (out);
      test_frame_free (expected);
      test_frame_free (in);
    }
    g_free (caps);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* 10-bit luma 0..6 in a row, worked out by hand: N - hist[i0] = 6, so
 * limited range gives 64 + 876 k / 6 = 64 + 146 k, full range 1023 k / 6
 * with 170.5, 511.5 and 852.5 rounded to even; into NV12 the 8-bit values
 * of test_yuv_hand_values (255 k / 6 here exact, 42.5, 127.5 and 212.5
 * to even, as cv::equalizeHist's float gives them too). */
GST_START_TEST (test_high_depth_hand_values)
{
  static const guint limited[] = { 64, 210, 356, 502, 648, 794, 940 };
  static const guint full[] = { 0, 170, 341, 512, 682, 852, 1023 };
  static const guint limited8[] = { 16, 52, 89, 126, 162, 198, 235 };
  static const guint full8[] = { 0, 42, 85, 128, 170, 212, 255 };
  GRand *rand = test_rand ();

  for (guint n = 0; n < 2; n++) {
    for (guint c = 1; c < G_N_ELEMENTS (colorimetries); c++) {
      const gboolean is_full = c == 2;
      const guint *want = n ? (is_full ? full8 : limited8)
                            : (is_full ? full : limited);
      GstHarness *h = new_harness ();
      TestFrame *in = test_frame_random (GST_VIDEO_FORMAT_P010_10LE, 7, 1, 0,
          10, rand);
      TestFrame *out;

      if (n)
        gst_harness_set_sink_caps_str (h, "video/x-raw,format=NV12");
      for (guint x = 0; x < 7; x++)
        test_frame_set (in, x, 0, x);
      test_frame_set_colorimetry (in, colorimetries[c]);
      out = test_harness_process (h, in);
      fail_unless_equals_int (out->format,
          n ? GST_VIDEO_FORMAT_NV12 : GST_VIDEO_FORMAT_P010_10LE);
      for (guint x = 0; x < 7; x++)
        fail_unless_equals_int (test_frame_get (out, x, 0), want[x]);
      test_frame_free (out);
      test_frame_free (in);
      gst_harness_teardown (h);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Values worked out by hand from the formulas, so that a reference
 * sharing a mistake with the kernel would not go unnoticed. Luma 0..6 in a
 * row: N - hist[i0] = 6, so limited range gives 16 + 219 k / 6 with
 * 36.5, 109.5 and 182.5 rounded to even; full range 255 k / 6 in float,
 * with 42.5, 127.5 and 212.5 to even. */
GST_START_TEST (test_yuv_hand_values)
{
  static const guint limited[] = { 16, 52, 89, 126, 162, 198, 235 };
  static const guint full[] = { 0, 42, 85, 128, 170, 212, 255 };
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint f = 0; f < test_n_yuv_formats; f++) {
    for (guint c = 0; c < G_N_ELEMENTS (colorimetries); c++) {
      const gboolean is_full = c == 2;
      TestFrame *in = test_frame_random (test_yuv_formats[f], 7, 1, 0, 8, rand);
      TestFrame *out;

      test_frame_set_colorimetry (in, colorimetries[c]);
      fail_unless_equals_int (test_frame_full_range (in), is_full);
      for (guint x = 0; x < 7; x++)
        test_frame_set (in, x, 0, x);
      out = test_harness_process (h, in);
      for (guint x = 0; x < 7; x++)
        fail_unless_equals_int (test_frame_get (out, x, 0),
            is_full ? full[x] : limited[x]);
      for (guint k = 1; k < 3; k++)
        for (guint x = 0; x < test_frame_comp_width (in, k); x++)
          fail_unless_equals_int (test_frame_get_comp (out, k, x, 0),
              test_frame_get_comp (in, k, x, 0));
      test_frame_free (out);
      test_frame_free (in);

      /* 3x1 of 50, 60, 70: 60 maps to 16 + 219 / 2 = 16 + 109.5, rounded
       * to 126, or to 255 / 2 = 127.5, rounded to 128. */
      in = test_frame_random (test_yuv_formats[f], 3, 1, 0, 8, rand);
      test_frame_set_colorimetry (in, colorimetries[c]);
      for (guint x = 0; x < 3; x++)
        test_frame_set (in, x, 0, 50 + 10 * x);
      out = test_harness_process (h, in);
      fail_unless_equals_int (test_frame_get (out, 0, 0), is_full ? 0 : 16);
      fail_unless_equals_int (test_frame_get (out, 1, 0), is_full ? 128 : 126);
      fail_unless_equals_int (test_frame_get (out, 2, 0), is_full ? 255 : 235);
      test_frame_free (out);
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* A constant luma is left as it is, whatever the range; one other value
 * makes both ends of the range's span. */
GST_START_TEST (test_yuv_constant)
{
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint f = 0; f < test_n_yuv_formats; f++) {
    for (guint c = 0; c < G_N_ELEMENTS (colorimetries); c++) {
      const gboolean is_full = c == 2;
      TestFrame *in = test_frame_random (test_yuv_formats[f], 33, 17, 0, 8,
          rand);
      TestFrame *out;

      test_frame_set_colorimetry (in, colorimetries[c]);
      for (guint y = 0; y < in->height; y++)
        for (guint x = 0; x < in->width; x++)
          test_frame_set (in, x, y, 77);
      out = test_harness_process (h, in);
      fail_unless (test_frame_equal (in, out), "%s",
          gst_video_format_to_string (in->format));
      test_frame_free (out);

      test_frame_set (in, 5, 5, 200);
      out = test_harness_process (h, in);
      fail_unless_equals_int (test_frame_get (out, 0, 0), is_full ? 0 : 16);
      fail_unless_equals_int (test_frame_get (out, 5, 5), is_full ? 255 : 235);
      check_equalize (h, in);
      test_frame_free (out);
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* One assertion per frame: Check marks every passing one on a pipe. */
static gboolean
same_luma (const TestFrame *a, const TestFrame *b)
{
  for (guint y = 0; y < a->height; y++)
    for (guint x = 0; x < a->width; x++)
      if (test_frame_get (a, x, y) != test_frame_get (b, x, y)) {
        g_printerr ("luma at (%u,%u) is %u, expected %u\n", x, y,
            test_frame_get (b, x, y), test_frame_get (a, x, y));
        return FALSE;
      }
  return TRUE;
}

/* The real pictures as the luma of every format, random chroma: full
 * range gives GRAY8's pixels exactly, and both ranges change them. */
GST_START_TEST (test_yuv_real_images)
{
  const gchar *names[] = { "moon.png", "camera.png" };
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *gray = test_frame_load (names[i]);
    TestFrame *gray_eq = ref_histequalize (gray);

    for (guint f = 0; f < test_n_yuv_formats; f++) {
      for (guint c = 1; c < G_N_ELEMENTS (colorimetries); c++) {
        TestFrame *in = test_frame_from_gray (gray, test_yuv_formats[f], rand);
        TestFrame *out;

        test_frame_set_colorimetry (in, colorimetries[c]);
        check_equalize (h, in);
        out = test_harness_process (h, in);
        fail_unless (test_frame_luma_differs (in, out),
            "%s as %s came out unchanged", names[i],
            gst_video_format_to_string (in->format));
        if (c == 2)
          fail_unless (same_luma (gray_eq, out), "%s as full-range %s",
              names[i], gst_video_format_to_string (in->format));
        test_frame_free (out);
        test_frame_free (in);
      }
    }
    test_frame_free (gray_eq);
    test_frame_free (gray);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Format, size and range changing from frame to frame through one
 * harness, back and forth between gray and YUV; a change of colorimetry
 * alone must switch the table. */
GST_START_TEST (test_yuv_caps_change)
{
  const struct {
    GstVideoFormat format;
    guint width, height;
    const gchar *colorimetry;
  } steps[] = {
    { GST_VIDEO_FORMAT_NV12, 64, 48, NULL },
    { GST_VIDEO_FORMAT_GRAY8, 64, 48, NULL },
    { GST_VIDEO_FORMAT_I420, 7, 5, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_I420, 7, 5, NULL },
    { GST_VIDEO_FORMAT_I420, 7, 5, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_YUY2, 33, 17, TEST_COLORIMETRY_LIMITED },
    { GST_VIDEO_FORMAT_GRAY16_LE, 33, 17, NULL },
    { GST_VIDEO_FORMAT_UYVY, 1, 1, NULL },
    { GST_VIDEO_FORMAT_Y444, 641, 479, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_NV21, 3, 1, NULL },
    { GST_VIDEO_FORMAT_YV12, 2, 2, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_Y42B, 13, 9, NULL },
    { GST_VIDEO_FORMAT_GRAY16_BE, 13, 9, NULL },
    { GST_VIDEO_FORMAT_NV12, 64, 48, TEST_COLORIMETRY_FULL },
    { GST_VIDEO_FORMAT_NV12, 65, 49, NULL },
  };
  GRand *rand = test_rand ();
  GstHarness *h = new_harness ();

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    const guint bits = test_format_is_yuv (steps[i].format) ||
                               steps[i].format == GRAY8
                           ? 8
                           : 16;
    TestFrame *in = test_frame_random (steps[i].format, steps[i].width,
        steps[i].height, 0, bits, rand);

    test_frame_set_colorimetry (in, steps[i].colorimetry);
    check_equalize (h, in);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- The histogram message ---- */

static void
check_message (const GstStructure *s, const TestFrame *in, guint message_bins)
{
  guint nbins, num_bins, min = G_MAXUINT, max = 0;
  guint64 *hist = ref_histogram (in, &nbins);
  const guint64 pixels = (guint64)in->width * in->height;
  const GValue *bins;
  guint64 u64, sum = 0, bins_sum = 0;
  gdouble mean, stddev, var = 0, ref_mean;
  guint u;

  fail_unless_equals_string (gst_structure_get_string (s, "format"),
      gst_video_format_to_string (in->format));
  fail_unless (gst_structure_get_uint (s, "num-bins", &num_bins));
  fail_unless_equals_int (num_bins, MIN (message_bins, nbins));
  bins = gst_structure_get_value (s, "bins");
  fail_unless (GST_VALUE_HOLDS_ARRAY (bins));
  fail_unless_equals_int (gst_value_array_get_size (bins), num_bins);
  for (guint i = 0; i < num_bins; i++) {
    const GValue *v = gst_value_array_get_value (bins, i);
    const guint per = nbins / num_bins;
    guint64 expected = 0;

    fail_unless (G_VALUE_HOLDS_UINT64 (v));
    for (guint j = i * per; j < (i + 1) * per; j++)
      expected += hist[j];
    fail_unless_equals_uint64 (g_value_get_uint64 (v), expected);
    bins_sum += g_value_get_uint64 (v);
  }

  fail_unless (gst_structure_get_uint64 (s, "pixels", &u64));
  fail_unless_equals_uint64 (u64, pixels);
  fail_unless_equals_uint64 (bins_sum, pixels);

  for (guint i = 0; i < nbins; i++) {
    if (hist[i]) {
      min = MIN (min, i);
      max = MAX (max, i);
    }
    sum += hist[i] * i;
  }
  ref_mean = (gdouble)sum / pixels;
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++) {
      gdouble d = test_frame_get (in, x, y) - ref_mean;
      var += d * d;
    }
  fail_unless (gst_structure_get_uint (s, "min", &u));
  fail_unless_equals_int (u, min);
  fail_unless (gst_structure_get_uint (s, "max", &u));
  fail_unless_equals_int (u, max);
  fail_unless (gst_structure_get_double (s, "mean", &mean));
  fail_unless (fabs (mean - ref_mean) <= 1e-9 * MAX (1, ref_mean));
  fail_unless (gst_structure_get_double (s, "stddev", &stddev));
  fail_unless (fabs (stddev - sqrt (var / pixels)) <= 1e-6 * MAX (1, stddev),
      "stddev %f, expected %f", stddev, sqrt (var / pixels));
  g_free (hist);
}

GST_START_TEST (test_message_fields)
{
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  TestFrame *moon = test_frame_load ("moon.png");
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  const guint bins_list[] = { 256, 65536, 8, 1 };
  GstSegment segment;

  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, test_frame_caps (moon));
  /* A segment from 1 s on: running time is then 1 s behind. */
  gst_segment_init (&segment, GST_FORMAT_TIME);
  segment.start = GST_SECOND;
  segment.time = 10 * GST_SECOND;
  fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));

  for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
    GstBuffer *buf = test_frame_to_buffer (moon);
    const GstClockTime ts = GST_SECOND + i * 40 * GST_MSECOND;
    const GstStructure *s;
    GstMessage *msg;
    guint64 t;

    g_object_set (h->element, "message-bins", bins_list[i], NULL);
    GST_BUFFER_PTS (buf) = ts;
    GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
    gst_buffer_unref (gst_harness_pull (h));

    msg = hist_pop_message (bus);
    fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (h->element));
    s = gst_message_get_structure (msg);
    fail_unless (gst_structure_get_uint64 (s, "timestamp", &t));
    fail_unless_equals_uint64 (t, ts);
    fail_unless (gst_structure_get_uint64 (s, "stream-time", &t));
    fail_unless_equals_uint64 (t, ts - GST_SECOND + 10 * GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "running-time", &t));
    fail_unless_equals_uint64 (t, ts - GST_SECOND);
    fail_unless (gst_structure_get_uint64 (s, "duration", &t));
    fail_unless_equals_uint64 (t, 40 * GST_MSECOND);
    check_message (s, moon, bins_list[i]);
    gst_message_unref (msg);
  }

  /* 16 bits: 65536 bins summed down. */
  for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
    TestFrame *out;
    GstMessage *msg;

    g_object_set (h->element, "message-bins", bins_list[i], NULL);
    out = test_harness_process (h, flower);
    msg = hist_pop_message (bus);
    check_message (gst_message_get_structure (msg), flower, bins_list[i]);
    gst_message_unref (msg);
    test_frame_free (out);
  }
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
      "more than one message per frame");

  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  test_frame_free (moon);
  test_frame_free (flower);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* GRAY16 frames whose values sit in one band: the table and the message
 * are built in blocks of bins (per work-item on CPUs, per group on GPUs),
 * so bands below, above and across the blocks' edges (32768 on a CPU of 2
 * cores, multiples of 1024 on GPUs) must give the reference's pixels and
 * message. */
GST_START_TEST (test_gray16_value_bands)
{
  const guint bands[][2] = { { 0, 300 }, { 40000, 40900 }, { 32000, 33500 },
    { 65000, 65535 }, { 1023, 1025 }, { 30000, 65535 } };
  const guint bins_list[] = { 65536, 256, 8, 1 };
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  GRand *rand = test_rand ();

  gst_element_set_bus (h->element, bus);
  for (guint b = 0; b < G_N_ELEMENTS (bands); b++) {
    TestFrame *in = test_frame_new (GRAY16_LE, 97, 61, 0);

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y,
            g_rand_int_range (rand, bands[b][0], bands[b][1] + 1));
    for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
      GstMessage *msg;

      g_object_set (h->element, "message-bins", bins_list[i], NULL);
      check_equalize (h, in);
      msg = hist_pop_message (bus);
      check_message (gst_message_get_structure (msg), in, bins_list[i]);
      gst_message_unref (msg);
    }
    test_frame_free (in);
  }
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  g_rand_free (rand);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The message of a YUV frame describes its luma: the format's name and
 * the luma's histogram, whatever the chroma holds. */
GST_START_TEST (test_yuv_message)
{
  const GstVideoFormat yuv[] = { GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420,
    GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY };
  const guint bins_list[] = { 256, 65536, 8, 1 };
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  GRand *rand = test_rand ();
  TestFrame *camera = test_frame_load ("camera.png");

  gst_element_set_bus (h->element, bus);
  for (guint f = 0; f < G_N_ELEMENTS (yuv); f++) {
    TestFrame *in = f % 2 ? test_frame_from_gray (camera, yuv[f], rand)
                          : test_frame_random (yuv[f], 97, 61, 0, 8, rand);

    test_frame_set_colorimetry (in, colorimetries[f % 3]);
    for (guint i = 0; i < G_N_ELEMENTS (bins_list); i++) {
      GstMessage *msg;
      const GstStructure *s;

      g_object_set (h->element, "message-bins", bins_list[i], NULL);
      check_equalize (h, in);
      msg = hist_pop_message (bus);
      s = gst_message_get_structure (msg);
      fail_unless_equals_string (gst_structure_get_string (s, "format"),
          gst_video_format_to_string (yuv[f]));
      check_message (s, in, bins_list[i]);
      gst_message_unref (msg);
    }
    test_frame_free (in);
  }
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
      "more than one message per frame");
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  test_frame_free (camera);
  g_rand_free (rand);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_post_messages_off)
{
  GstHarness *h = gst_harness_new ("clhistequalize");
  GstBus *bus = gst_bus_new ();
  TestFrame *in = test_frame_load ("camera.png");
  TestFrame *out;
  GstMessage *msg;

  gst_element_set_bus (h->element, bus);
  g_object_set (h->element, "post-messages", FALSE, NULL);
  out = test_harness_process (h, in);
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL);
  test_frame_free (out);

  /* And back on while playing. */
  g_object_set (h->element, "post-messages", TRUE, NULL);
  out = test_harness_process (h, in);
  msg = hist_pop_message (bus);
  gst_message_unref (msg);
  test_frame_free (out);

  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  test_frame_free (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_message_bins_property)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  guint bins;

  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 256);
  g_object_set (e, "message-bins", 100, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 64);
  g_object_set (e, "message-bins", 65536, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 65536);
  gst_object_unref (e);
}

GST_END_TEST;

/* ---- Device selection, context sharing, pipelines ---- */

/* A harness starts its element at once: the selector is set before. The
 * output is checked too, as the device's own compiler built the kernels. */
static void
check_harness_selection (const gchar *selector, GRand *rand)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  TestFrame *in = test_frame_random (GRAY16_LE, 61, 13, 128, 16, rand);
  GstHarness *h;

  g_object_set (e, "device", selector, "post-messages", FALSE, NULL);
  h = gst_harness_new_with_element (e, "sink", "src");
  cl_test_check_selection (e, selector, "harness");
  check_equalize (h, in);
  test_frame_free (in);
  gst_harness_teardown (h);
  gst_object_unref (e);
}

/* The error that a selector matching nothing posts, from @e. */
static void
expect_no_match (GstBus *bus, GstElement *e, const gchar *selector,
    const gchar *where)
{
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND,
      GST_MESSAGE_ERROR);
  gchar *want = g_strdup_printf ("No OpenCL device matches device=\"%s\"",
      selector);
  gchar *name = NULL;
  GError *err;

  fail_unless (msg != NULL, "%s: device=\"%s\": no error", where, selector);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (e), "%s: error from %s",
      where, GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)));
  gst_message_parse_error (msg, &err, NULL);
  g_print ("%s: device=\"%s\" -> error: %s\n", where, selector, err->message);
  fail_unless (strstr (err->message, want) != NULL, "%s", err->message);
  fail_unless (strstr (err->message, "available:") != NULL, "%s", err->message);
  g_object_get (e, "device-name", &name, NULL);
  fail_unless (name == NULL, "%s: device-name is %s after the error", where,
      name);
  g_error_free (err);
  gst_message_unref (msg);
  g_free (want);
}

/* gst_harness_play() asserts that the element starts, so the harness's
 * element is started on the default device first, then restarted. */
static void
check_harness_no_match (const gchar *selector)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  GstBus *bus = gst_bus_new ();
  GstSegment segment;
  GstHarness *h;

  g_object_set (e, "post-messages", FALSE, NULL);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_element_set_bus (e, bus);
  fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_set (e, "device", selector, NULL);
  fail_unless_equals_int (gst_element_set_state (e, GST_STATE_PLAYING),
      GST_STATE_CHANGE_FAILURE);
  expect_no_match (bus, e, selector, "harness");
  /* Nor does it take frames. */
  gst_segment_init (&segment, GST_FORMAT_TIME);
  gst_harness_push_event (h, gst_event_new_segment (&segment));
  fail_if (gst_harness_push (h, gst_buffer_new_allocate (NULL, 64, NULL)) ==
           GST_FLOW_OK);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  gst_object_unref (e);
}

/* In a pipeline, alone or upstream of an element that has made a context
 * on the default device, which a selector matching nothing must not
 * adopt. */
static void
check_pipeline_selection (const gchar *selector, gboolean with_neighbour)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                                 "video/x-raw,format=GRAY8,width=64,height=48 "
                                 "! clhistequalize name=el post-messages=false "
                                 "! %s fakesink",
      with_neighbour ? "clsobel !" : "");
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *el = gst_bin_get_by_name (GST_BIN (pipeline), "el");
  GstBus *bus = gst_element_get_bus (pipeline);
  const gchar *where = with_neighbour ? "pipeline before clsobel" : "pipeline";

  g_object_set (el, "device", selector, NULL);
  if (cl_test_expected_device (selector, NULL)) {
    GstMessage *msg;

    fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
             GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_timed_pop_filtered (bus, 30 * GST_SECOND,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
        "%s: device=\"%s\" did not reach EOS", where, selector);
    gst_message_unref (msg);
    cl_test_check_selection (el, selector, where);
  } else {
    fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PLAYING),
        GST_STATE_CHANGE_FAILURE);
    expect_no_match (bus, el, selector, where);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (el);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  g_free (desc);
}

/* Every form of selector, with expectations from the device list and the
 * documented rules; set before the element starts, in each embedding. */
GST_START_TEST (test_device_selection)
{
  GPtrArray *selectors = cl_test_selectors ();
  GRand *rand = test_rand ();

  for (guint i = 0; i < selectors->len; i++) {
    const gchar *selector = g_ptr_array_index (selectors, i);

    if (cl_test_expected_device (selector, NULL)) {
      check_harness_selection (selector, rand);
      check_pipeline_selection (selector, FALSE);
    } else {
      check_harness_no_match (selector);
      check_pipeline_selection (selector, FALSE);
      check_pipeline_selection (selector, TRUE);
    }
  }
  g_ptr_array_unref (selectors);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_device_change_in_ready)
{
  GstElement *e = gst_element_factory_make ("clhistequalize", NULL);
  GstElement *pipeline = gst_pipeline_new (NULL);
  GstElement *src = gst_element_factory_make ("fakesrc", NULL);
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  gst_bin_add_many (GST_BIN (pipeline), src, e, sink, NULL);
  fail_unless (gst_element_link_many (src, e, sink, NULL));
  g_object_set (e, "device", "no-such-device", NULL);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PAUSED),
      GST_STATE_CHANGE_FAILURE);
  gst_element_set_state (pipeline, GST_STATE_READY);
  g_object_set (e, "device", "", NULL);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PAUSED) !=
               GST_STATE_CHANGE_FAILURE);
  cl_test_check_selection (e, "", "pipeline after a failed start");
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (pipeline);
}

GST_END_TEST;

GST_START_TEST (test_shared_context)
{
  GstElement *pipeline = gst_parse_launch (
      "videotestsrc num-buffers=3 ! "
      "video/x-raw,format=GRAY8,width=64,height=48 ! "
      "clhistequalize name=a device=cpu ! clhistequalize name=b device=cpu ! "
      "fakesink",
      NULL);
  GstElement *a = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  GstElement *b = gst_bin_get_by_name (GST_BIN (pipeline), "b");
  GstContext *ca, *cb;
  GstClockTime timeout = 30 * GST_SECOND;
  GstMessage *msg;
  GstBus *bus = gst_element_get_bus (pipeline);
  guint have_context = 0;

  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  while ((msg = gst_bus_timed_pop (bus, timeout))) {
    GstMessageType t = GST_MESSAGE_TYPE (msg);

    if (t == GST_MESSAGE_HAVE_CONTEXT)
      have_context++;
    gst_message_unref (msg);
    fail_if (t == GST_MESSAGE_ERROR);
    if (t == GST_MESSAGE_EOS)
      break;
  }
  /* One element created the context, the other found it. */
  fail_unless_equals_int (have_context, 1);
  ca = gst_element_get_context (a, "gst.opencl.context");
  cb = gst_element_get_context (b, "gst.opencl.context");
  fail_unless (ca != NULL && cb != NULL);
  {
    const GValue *va = gst_structure_get_value (gst_context_get_structure (ca),
        "gst.opencl.context");
    const GValue *vb = gst_structure_get_value (gst_context_get_structure (cb),
        "gst.opencl.context");

    fail_unless (va && G_VALUE_HOLDS_OBJECT (va));
    fail_unless (vb && G_VALUE_HOLDS_OBJECT (vb));
    fail_unless (g_value_get_object (va) == g_value_get_object (vb),
        "the elements hold different contexts");
  }
  gst_context_unref (ca);
  gst_context_unref (cb);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (a);
  gst_object_unref (b);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* ---- Elements on different devices ---- */

/* clhistequalize on @sel_a ! clsobel on @sel_b, frames of each format with
 * caps changes between them: each frame exact against the two references
 * chained. */
static void
check_mixed_pipeline (const gchar *sel_a, const gchar *sel_b, GRand *rand)
{
  const struct {
    GstVideoFormat format;
    guint width, height;
    gsize stride;
  } shapes[] = {
    { GRAY8, 97, 35, 100 },
    { GRAY16_LE, 64, 48, 0 },
    { GRAY16_BE, 33, 17, 80 },
  };
  GstElement *pipeline = gst_parse_launch (
      "appsrc name=src format=time ! clhistequalize name=a "
      "post-messages=false ! clsobel name=b ! appsink name=sink sync=false",
      NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *a = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  GstElement *b = gst_bin_get_by_name (GST_BIN (pipeline), "b");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  TestFrame *in[G_N_ELEMENTS (shapes)];
  const ClTestDevice *da, *db;

  g_object_set (a, "device", sel_a, NULL);
  g_object_set (b, "device", sel_b, NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
           GST_STATE_CHANGE_FAILURE);
  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++) {
    GstBuffer *buf;
    GstCaps *caps;
    GstSample *sample;

    in[i] = test_frame_random (shapes[i].format, shapes[i].width,
        shapes[i].height, shapes[i].stride, shapes[i].format == GRAY8 ? 8 : 16,
        rand);
    buf = test_frame_to_buffer (in[i]);
    GST_BUFFER_PTS (buf) = i * 40 * GST_MSECOND;
    caps = test_frame_caps (in[i]);
    sample = gst_sample_new (buf, caps, NULL, NULL);
    fail_unless_equals_int (gst_app_src_push_sample (GST_APP_SRC (src), sample),
        GST_FLOW_OK);
    gst_sample_unref (sample);
    gst_caps_unref (caps);
    gst_buffer_unref (buf);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++) {
    GstSample *sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
        30 * GST_SECOND);
    TestFrame *mid = ref_element ("clhistequalize", in[i]);
    TestFrame *expected = ref_element ("clsobel", mid);
    TestFrame *out;

    fail_unless (sample != NULL, "frame %u did not come out: %" GST_PTR_FORMAT,
        i, gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR));
    out = test_frame_from_buffer (gst_sample_get_buffer (sample),
        gst_sample_get_caps (sample));
    fail_unless (test_frame_equal (expected, out),
        "device=%s ! device=%s: "
        "%s %ux%u differs from the reference",
        sel_a, sel_b, gst_video_format_to_string (in[i]->format), in[i]->width,
        in[i]->height);
    test_frame_free (out);
    test_frame_free (expected);
    test_frame_free (mid);
    test_frame_free (in[i]);
    gst_sample_unref (sample);
  }
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR) == NULL);

  da = cl_test_check_selection (a, sel_a, "mixed: clhistequalize");
  db = cl_test_check_selection (b, sel_b, "mixed: clsobel");
  fail_unless (da->id != db->id, "device=%s and device=%s are one device",
      sel_a, sel_b);
  g_print ("clhistequalize on %u.%u ! clsobel on %u.%u: %u frames exact\n",
      da->platform_index, da->device_index, db->platform_index,
      db->device_index, (guint)G_N_ELEMENTS (shapes));

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (a);
  gst_object_unref (b);
  gst_object_unref (sink);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

/* Each ordered pair of distinct devices among the first three, by index,
 * and the GPU and CPU by type where both exist. */
GST_START_TEST (test_mixed_devices)
{
  GPtrArray *list = cl_test_devices ();
  const guint n = MIN (list->len, 3);
  GRand *rand = test_rand ();
  guint pairs = 0;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++) {
      const ClTestDevice *x = g_ptr_array_index (list, i);
      const ClTestDevice *y = g_ptr_array_index (list, j);
      gchar *sel_a, *sel_b;

      if (x->id == y->id)
        continue;
      sel_a = g_strdup_printf ("%u.%u", x->platform_index, x->device_index);
      sel_b = g_strdup_printf ("%u.%u", y->platform_index, y->device_index);
      check_mixed_pipeline (sel_a, sel_b, rand);
      pairs++;
      g_free (sel_a);
      g_free (sel_b);
    }
  if (cl_test_expected_device ("gpu", NULL) &&
      cl_test_expected_device ("cpu", NULL)) {
    check_mixed_pipeline ("gpu", "cpu", rand);
    check_mixed_pipeline ("cpu", "gpu", rand);
    pairs += 2;
  }
  if (pairs == 0)
    g_print ("test_mixed_devices: skipped, fewer than two OpenCL devices\n");
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_videoconvert_pipeline)
{
  gchar *error = test_run_pipeline (
      "videotestsrc num-buffers=5 ! "
      "video/x-raw,format=I420,width=320,height=240 ! videoconvert ! "
      "clhistequalize ! videoconvert ! video/x-raw,format=RGBx ! fakesink",
      NULL);

  fail_unless (error == NULL, "%s", error);
  error = test_run_pipeline (
      "videotestsrc num-buffers=5 ! "
      "video/x-raw,format=RGB,width=97,height=35 ! videoconvert ! "
      "video/x-raw,format=GRAY16_BE ! clhistequalize ! videoconvert ! "
      "fakesink",
      NULL);
  fail_unless (error == NULL, "%s", error);
}

GST_END_TEST;

/* ---- Negotiation with real elements ---- */

/* Frames from videotestsrc in every YUV format link with no videoconvert
 * and come out as the reference says (the caps' colorimetry, as
 * videotestsrc sets it, choosing the range). */
GST_START_TEST (test_yuv_pipelines)
{
  for (guint f = 0; f < test_n_yuv_formats; f++) {
    for (guint s = 0; s < 2; s++) {
      gchar *src = g_strdup_printf ("videotestsrc num-buffers=3 pattern=ball ! "
                                    "video/x-raw,format=%s,width=%u,height=%u",
          gst_video_format_to_string (test_yuv_formats[f]), 64 - s, 48 - s);
      gchar *desc = g_strdup_printf ("%s ! clhistequalize", src);
      GPtrArray *in = test_pipeline_frames (src);
      GPtrArray *out = test_pipeline_frames (desc);

      fail_unless_equals_int (in->len, 3);
      fail_unless_equals_int (out->len, 3);
      for (guint i = 0; i < in->len; i++) {
        TestFrame *expected = ref_histequalize (g_ptr_array_index (in, i));

        fail_unless (test_frame_equal (expected, g_ptr_array_index (out, i)),
            "%s: frame %u", desc, i);
        test_frame_free (expected);
      }
      g_ptr_array_unref (in);
      g_ptr_array_unref (out);
      g_free (desc);
      g_free (src);
    }
  }
}

GST_END_TEST;

/* For each element named a or b in @desc, played to its end, its input
 * and output format, "+device" after those in device memory:
 * "a Y444>Y444+device b Y444+device>GRAY8". */
static gchar *
negotiated (const gchar *desc)
{
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  GString *str = g_string_new (NULL);
  const gchar *names[] = { "a", "b" };
  GstMessage *msg;

  fail_unless (pipeline != NULL, "%s", desc);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "%s did not play to its end", desc);
  gst_message_unref (msg);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), names[i]);
    const gchar *pads[] = { "sink", "src" };

    if (!e)
      continue;
    g_string_append_printf (str, "%s%s ", str->len ? " " : "", names[i]);
    for (guint p = 0; p < G_N_ELEMENTS (pads); p++) {
      GstPad *pad = gst_element_get_static_pad (e, pads[p]);
      GstCaps *caps = gst_pad_get_current_caps (pad);

      fail_unless (caps != NULL, "%s: %s had no caps", desc, pads[p]);
      g_string_append_printf (str, "%s%s%s", p ? ">" : "",
          gst_structure_get_string (gst_caps_get_structure (caps, 0), "format"),
          gst_caps_features_contains (gst_caps_get_features (caps, 0),
              "memory:OpenCLBuffer")
              ? "+device"
              : "");
      gst_caps_unref (caps);
      gst_object_unref (pad);
    }
    gst_object_unref (e);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  return g_string_free (str, FALSE);
}

/* The first format of videotestsrc's, in its order, that @element takes. */
static const gchar *
first_taken (const gchar *element)
{
  GstElementFactory *src = gst_element_factory_find ("videotestsrc");
  GstElementFactory *f = gst_element_factory_find (element);
  GstCaps *offered = NULL, *taken = NULL;
  const gchar *first = NULL;
  const GValue *formats;

  for (const GList *l = gst_element_factory_get_static_pad_templates (src); l;
       l = l->next)
    if (((GstStaticPadTemplate *)l->data)->direction == GST_PAD_SRC)
      offered = gst_static_caps_get (
          &((GstStaticPadTemplate *)l->data)->static_caps);
  for (const GList *l = gst_element_factory_get_static_pad_templates (f); l;
       l = l->next)
    if (((GstStaticPadTemplate *)l->data)->direction == GST_PAD_SINK)
      taken = gst_static_caps_get (
          &((GstStaticPadTemplate *)l->data)->static_caps);
  fail_unless (offered != NULL && taken != NULL);
  formats = gst_structure_get_value (gst_caps_get_structure (offered, 0),
      "format");
  for (guint i = 0; !first && i < gst_value_list_get_size (formats); i++) {
    const gchar *format = g_value_get_string (
        gst_value_list_get_value (formats, i));
    gchar *str = g_strdup_printf ("video/x-raw,format=%s", format);
    GstCaps *caps = gst_caps_from_string (str);

    if (gst_caps_can_intersect (caps, taken))
      first = g_intern_string (format);
    gst_caps_unref (caps);
    g_free (str);
  }
  gst_caps_unref (offered);
  gst_caps_unref (taken);
  gst_object_unref (src);
  gst_object_unref (f);
  fail_unless (first != NULL, "%s takes nothing videotestsrc offers", element);
  return first;
}

/* Where nothing asks for a format, each element takes the first that
 * upstream offers, in upstream's order, and keeps its depth: an 8-bit one
 * from videotestsrc, never GRAY16 because downstream (videoconvert, or
 * another element) would take it too. Between two elements that write
 * frames they stay on the device. A format that downstream asks for is
 * still what it gets; from upstream's order, which puts GRAY16_LE before
 * GRAY8, GRAY8 output comes from GRAY16_LE input. */
GST_START_TEST (test_unconstrained_negotiation)
{
  const gchar *single[] = { "clhistequalize", "clclahe", "clhistogram",
    "clsobel" };
  const gchar *size = "video/x-raw,width=64,height=48";
  const gchar *gray16 = "video/x-raw,format=GRAY16_LE,width=64,height=48";
  struct {
    const gchar *caps, *chain, *expected;
  } cases[] = {
    /* %1$s: the preferred format of videotestsrc's the elements take. */
    { size, "clhistequalize name=a ! clsobel name=b",
        "a %1$s>%1$s+device b %1$s+device>GRAY8" },
    { size, "clsobel name=a ! clclahe name=b",
        "a %1$s>GRAY8+device b GRAY8+device>GRAY8" },
    { size, "clclahe name=a ! clhistequalize name=b",
        "a %1$s>%1$s+device b %1$s+device>%1$s" },
    { size, "clhistequalize name=a ! clhistogram name=b ! clsobel",
        "a %1$s>%1$s+device b %1$s+device>%1$s+device" },
    { gray16, "clhistequalize name=a ! clsobel name=b",
        "a GRAY16_LE>GRAY16_LE+device b GRAY16_LE+device>GRAY16_LE" },
    { gray16, "clsobel name=a ! videoconvert", "a GRAY16_LE>GRAY16_LE" },
    /* A queue between them answers with its own mix of both answers. */
    { gray16, "clhistequalize name=a ! queue ! clclahe name=b",
        "a GRAY16_LE>GRAY16_LE+device b GRAY16_LE+device>GRAY16_LE" },
    { size, "clhistequalize name=a ! queue ! clsobel name=b",
        "a %1$s>%1$s+device b %1$s+device>GRAY8" },
    /* What downstream asks for. */
    /* videotestsrc offers Y444_16LE before GRAY16_LE. */
    { size, "clsobel name=a ! video/x-raw,format=GRAY16_LE",
        "a Y444_16LE>GRAY16_LE" },
    { gray16, "clhistequalize name=a ! video/x-raw,format=GRAY8",
        "a GRAY16_LE>GRAY8" },
    { gray16,
        "clhistequalize name=a ! clsobel name=b ! "
        "video/x-raw,format=GRAY8",
        "a GRAY16_LE>GRAY16_LE+device b GRAY16_LE+device>GRAY8" },
    { size, "clhistequalize name=a ! video/x-raw,format=GRAY8",
        "a GRAY16_LE>GRAY8" },
    /* videotestsrc offers P016_LE before NV12: clclahe narrows it, as
     * clhistequalize does (test_narrowing_negotiation). */
    { size, "clclahe name=a ! video/x-raw,format=NV12", "a P016_LE>NV12" },
  };
  const gchar *preferred = first_taken ("clsobel");
  GString *wrong = g_string_new (NULL);

  /* The premise: videotestsrc prefers an 8-bit format the elements take. */
  fail_unless_equals_int (test_format_depth (
                              gst_video_format_from_string (preferred)),
      8);
  for (guint i = 0; i < G_N_ELEMENTS (single); i++) {
    const gchar *out = g_str_equal (single[i], "clsobel") ? "GRAY8" : preferred;
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! %s name=a ! "
                                   "videoconvert ! fakesink",
        single[i]);
    gchar *expected = g_strdup_printf ("a %s>%s", preferred, out);
    gchar *got = negotiated (desc);

    fail_unless_equals_string (first_taken (single[i]), preferred);
    if (!g_str_equal (got, expected))
      g_string_append_printf (wrong, "\n%s: %s, not %s", desc, got, expected);
    g_free (got);
    g_free (expected);
    g_free (desc);
  }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! %s ! %s ! "
                                   "fakesink",
        cases[i].caps, cases[i].chain);
    gchar *expected = g_strdup_printf (cases[i].expected, preferred);
    gchar *got = negotiated (desc);

    if (!g_str_equal (got, expected))
      g_string_append_printf (wrong, "\n%s: %s, not %s", desc, got, expected);
    g_free (got);
    g_free (expected);
    g_free (desc);
  }
  fail_unless (wrong->len == 0, "negotiated:%s", wrong->str);
  g_string_free (wrong, TRUE);
}

GST_END_TEST;

/* As test_unconstrained_negotiation: videotestsrc's order puts P016_LE
 * before NV12 and I420_12LE before I420, so a caps filter asking for NV12
 * or I420 after clhistequalize gets them from its 8-bit sibling path. */
GST_START_TEST (test_narrowing_negotiation)
{
  const gchar *cases[][2] = {
    { "video/x-raw,format=NV12", "a P016_LE>NV12" },
    { "video/x-raw,format=I420", "a I420_12LE>I420" },
    { "video/x-raw,format=P010_10LE", "a P010_10LE>P010_10LE" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                                   "video/x-raw,width=64,height=48 ! "
                                   "clhistequalize name=a ! %s ! fakesink",
        cases[i][0]);
    gchar *got = negotiated (desc);

    fail_unless_equals_string (got, cases[i][1]);
    g_free (got);
    g_free (desc);
  }
}

GST_END_TEST;

/* jpegdec's full-range I420 straight in, through jpegdec and through
 * decodebin, from one JPEG file; RGB still through videoconvert. */
GST_START_TEST (test_decoder_pipelines)
{
  gchar *path = test_jpeg_stream (97, 61, 2);
  const gchar *decoders[] = { "jpegdec", "decodebin" };
  gchar *desc = g_strdup_printf ("filesrc location=\"%s\" ! jpegdec", path);
  GPtrArray *in = test_pipeline_frames (desc);
  gchar *error;

  g_free (desc);
  fail_unless_equals_int (in->len, 2);
  for (guint i = 0; i < in->len; i++) {
    const TestFrame *f = g_ptr_array_index (in, i);

    fail_unless_equals_int (f->format, GST_VIDEO_FORMAT_I420);
    fail_unless (test_frame_full_range (f), "jpegdec gave %s", f->colorimetry);
  }
  for (guint d = 0; d < G_N_ELEMENTS (decoders); d++) {
    GPtrArray *out;

    desc = g_strdup_printf ("filesrc location=\"%s\" ! %s ! clhistequalize",
        path, decoders[d]);
    out = test_pipeline_frames (desc);
    fail_unless_equals_int (out->len, 2);
    for (guint i = 0; i < in->len; i++) {
      TestFrame *expected = ref_histequalize (g_ptr_array_index (in, i));

      fail_unless (test_frame_equal (expected, g_ptr_array_index (out, i)),
          "%s: frame %u", desc, i);
      test_frame_free (expected);
    }
    g_ptr_array_unref (out);
    g_free (desc);
  }
  g_ptr_array_unref (in);
  test_remove_jpeg_stream (path);

  error = test_run_pipeline ("videotestsrc num-buffers=2 ! "
                             "video/x-raw,format=RGB,width=64,height=48 ! "
                             "videoconvert ! clhistequalize ! fakesink",
      NULL);
  fail_unless (error == NULL, "%s", error);
}

GST_END_TEST;

/* playbin's video-filter gets the decoder's YUV as it is: no conversion to
 * gray in front of the element. */
GST_START_TEST (test_playbin_video_filter)
{
  gchar *dir = g_dir_make_tmp ("clfilter-XXXXXX", NULL);
  gchar *path = g_build_filename (dir, "frame.jpg", NULL);
  gchar *uri = gst_filename_to_uri (path, NULL);
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=1 ! "
                                 "video/x-raw,width=64,height=48 ! jpegenc ! "
                                 "filesink location=\"%s\"",
      path);
  gchar *error = test_run_pipeline (desc, NULL);
  GstElement *playbin = gst_element_factory_make ("playbin", NULL);
  GstElement *filter = gst_element_factory_make ("clhistequalize", NULL);
  GstPad *pad = gst_element_get_static_pad (filter, "sink");
  GstBus *bus = gst_element_get_bus (playbin);
  GstMessage *msg;
  GstCaps *caps;

  fail_unless (error == NULL, "%s", error);
  g_object_set (playbin, "uri", uri, "video-filter", filter, "video-sink",
      gst_element_factory_make ("fakesink", NULL), "audio-sink",
      gst_element_factory_make ("fakesink", NULL), NULL);
  gst_element_set_state (playbin, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "playbin video-filter=clhistequalize did not play to the end");
  gst_message_unref (msg);
  caps = gst_pad_get_current_caps (pad);
  fail_unless (caps != NULL);
  {
    gchar *str = gst_caps_to_string (caps);

    fail_unless (test_format_is_yuv (gst_video_format_from_string (
                     gst_structure_get_string (gst_caps_get_structure (caps, 0),
                         "format"))),
        "the filter got %s", str);
    g_free (str);
  }
  gst_caps_unref (caps);
  gst_element_set_state (playbin, GST_STATE_NULL);
  gst_object_unref (pad);
  gst_object_unref (bus);
  gst_object_unref (playbin);
  g_unlink (path);
  g_rmdir (dir);
  g_free (desc);
  g_free (uri);
  g_free (path);
  g_free (dir);
}

GST_END_TEST;

/* ---- Buffers from the element's own pool ---- */

static void
collect_frame (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);

  g_ptr_array_add (data, test_frame_from_buffer (buf, caps));
  gst_caps_unref (caps);
}

static GstPadProbeReturn
count_pool_buffers (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  GstMemory *mem = gst_buffer_peek_memory (GST_PAD_PROBE_INFO_BUFFER (info), 0);

  if (mem->allocator &&
      g_strcmp0 (mem->allocator->mem_type, "ClHostMemory") == 0)
    (*(guint *)data)++;
  return GST_PAD_PROBE_OK;
}

/* Frames of @caps from videotestsrc (deterministic), through @filter or
 * not; returns them in order. */
static GPtrArray *
run_test_source (const gchar *caps, const gchar *filter, guint *pooled)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=4 pattern=ball ! "
                                 "%s ! %s fakesink name=sink "
                                 "signal-handoffs=true",
      caps, filter);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GPtrArray *frames = g_ptr_array_new_with_free_func (
      (GDestroyNotify)test_frame_free);
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  g_signal_connect (sink, "handoff", G_CALLBACK (collect_frame), frames);
  if (pooled) {
    GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), "eq");
    GstPad *pad = gst_element_get_static_pad (e, "sink");

    *pooled = 0;
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_pool_buffers,
        pooled, NULL);
    gst_object_unref (pad);
    gst_object_unref (e);
  }
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (desc);
  return frames;
}

/* Upstream allocates from the pool the element proposes (memory the kernels
 * use in place on CPU devices, pinned on GPUs): the results are the same. */
GST_START_TEST (test_upstream_pool)
{
  const gchar *caps[] = {
    "video/x-raw,format=GRAY8,width=333,height=97",
    "video/x-raw,format=GRAY16_LE,width=640,height=480",
    "video/x-raw,format=GRAY16_BE,width=31,height=7",
  };

  for (guint c = 0; c < G_N_ELEMENTS (caps); c++) {
    GPtrArray *in = run_test_source (caps[c], "", NULL);
    guint pooled = 0;
    GPtrArray *out = run_test_source (caps[c],
        "clhistequalize name=eq post-messages=false !", &pooled);

    fail_unless_equals_int (in->len, 4);
    fail_unless_equals_int (out->len, 4);
    fail_unless_equals_int (pooled, 4);
    for (guint i = 0; i < in->len; i++) {
      TestFrame *expected = ref_histequalize (g_ptr_array_index (in, i));

      fail_unless (test_frame_equal (expected, g_ptr_array_index (out, i)),
          "%s frame %u", caps[c], i);
      test_frame_free (expected);
    }
    g_ptr_array_unref (in);
    g_ptr_array_unref (out);
  }
}

GST_END_TEST;

static Suite *
clhistequalize_suite (void)
{
  Suite *s = suite_create ("clhistequalize");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_caps_change);
  tcase_add_test (tc, test_constant_frame);
  tcase_add_test (tc, test_yuv_1080p);
  tcase_add_test (tc, test_yuv_shared_input);
  tcase_add_test (tc, test_yuv_padded_strides);
  tcase_add_test (tc, test_yuv_hand_values);
  tcase_add_test (tc, test_high_depth_to_8bit);
  tcase_add_test (tc, test_high_depth_hand_values);
  tcase_add_test (tc, test_yuv_constant);
  tcase_add_test (tc, test_yuv_real_images);
  tcase_add_test (tc, test_yuv_caps_change);
  tcase_add_test (tc, test_message_fields);
  tcase_add_test (tc, test_gray16_value_bands);
  tcase_add_test (tc, test_yuv_message);
  tcase_add_test (tc, test_post_messages_off);
  tcase_add_test (tc, test_message_bins_property);
  tcase_add_test (tc, test_device_selection);
  tcase_add_test (tc, test_device_change_in_ready);
  tcase_add_test (tc, test_shared_context);
  tcase_add_test (tc, test_mixed_devices);
  tcase_add_test (tc, test_videoconvert_pipeline);
  tcase_add_test (tc, test_yuv_pipelines);
  tcase_add_test (tc, test_unconstrained_negotiation);
  tcase_add_test (tc, test_narrowing_negotiation);
  tcase_add_test (tc, test_decoder_pipelines);
  tcase_add_test (tc, test_playbin_video_filter);
  tcase_add_test (tc, test_upstream_pool);
  return s;
}

GST_CHECK_MAIN (clhistequalize);
