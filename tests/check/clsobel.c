/* gst-clfilter tests: clsobel
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
 * (PoCL's CPU device where there is no GPU). A few tests check values worked
 * out by hand, so that a reference sharing a mistake with the kernel would
 * not go unnoticed.
 *
 * The checks every element has (real images, sizes, padded strides,
 * state cycles, every YUV format) are elements.c's.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

static const RefSobelMode modes[] = { REF_SOBEL_MAGNITUDE,
  REF_SOBEL_MAGNITUDE_L1, REF_SOBEL_DX, REF_SOBEL_DY };

static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };

static GRand *
test_rand (void)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  const guint32 seed = 20261122;

  g_print ("random frames from seed %u\n", seed);
  return g_rand_new_with_seed (seed);
}

/* On the element, or on the one named "sobel" in a harness's bin. */
static void
set_params (GstHarness *h, RefSobelMode mode, gdouble scale, guint threshold)
{
  GstElement *e = GST_IS_BIN (h->element)
                      ? gst_bin_get_by_name (GST_BIN (h->element), "sobel")
                      : gst_object_ref (h->element);

  fail_unless (e != NULL);
  gst_util_set_object_arg (G_OBJECT (e), "mode", mode_nicks[mode]);
  g_object_set (e, "scale", scale, "threshold", threshold, NULL);
  gst_object_unref (e);
}

/* Processes @in with the given parameters and checks every pixel against
 * the reference in @format, the output format the harness's sink makes
 * the element choose. */
static void
check_sobel_format (GstHarness *h, const TestFrame *in, RefSobelMode mode,
    gdouble scale, guint threshold, GstVideoFormat format)
{
  TestFrame *expected = ref_sobel_format (in, mode, scale, threshold, format);
  TestFrame *out;
  gchar *what = test_frame_describe (in);

  set_params (h, mode, scale, threshold);
  out = test_harness_process (h, in);
  fail_unless (test_frame_equal (expected, out),
      "%s mode %s scale %g threshold %u differs from the reference (%s out)",
      what, mode_nicks[mode], scale, threshold,
      gst_video_format_to_string (format));
  g_free (what);
  test_frame_free (expected);
  test_frame_free (out);
}

/* The same with the element's default output format. */
static void
check_sobel (GstHarness *h, const TestFrame *in, RefSobelMode mode,
    gdouble scale, guint threshold)
{
  check_sobel_format (h, in, mode, scale, threshold,
      ref_sobel_default_format (in->format));
}

static void
check_all_modes (GstHarness *h, const TestFrame *in, gdouble scale,
    guint threshold)
{
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    check_sobel (h, in, modes[m], scale, threshold);
}

static guint
count_nonzero (const TestFrame *f)
{
  guint n = 0;

  for (guint y = 0; y < f->height; y++)
    for (guint x = 0; x < f->width; x++)
      n += test_frame_get (f, x, y) != 0;
  return n;
}

/* ---- Random frames: widths and heights ---- */

/* The full range: 16 bits for GRAY16, where gx² + gy² exceeds 2^32. */
static guint
format_bits (GstVideoFormat format)
{
  return format == GRAY8 ? 8 : 16;
}

/* Every width up to three vectors of both strip widths (16 and 8 pixels),
 * and heights around the strip's 8 rows. */
GST_START_TEST (test_widths_heights)
{
  const guint heights[] = { 1, 2, 3, 7, 8, 9, 15, 16, 17, 25 };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint w = 1; w <= 50; w++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      const guint height = heights[(w + f) % G_N_ELEMENTS (heights)];
      TestFrame *in = test_frame_random (formats[f], w, height, 0,
          format_bits (formats[f]), rand);

      check_sobel (h, in, modes[w % 4], 0.25, 0);
      test_frame_free (in);
    }
  }
  for (guint i = 0; i < G_N_ELEMENTS (heights); i++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      TestFrame *in = test_frame_random (formats[f], 37, heights[i], 0,
          format_bits (formats[f]), rand);

      check_sobel (h, in, modes[i % 4], 1.0, 0);
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- YUV in, the Sobel of the luma out as GRAY8 ---- */

GST_START_TEST (test_yuv_1080p)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *in = test_frame_random (GST_VIDEO_FORMAT_NV12, 1920, 1080, 0, 8,
      rand);

  check_sobel (h, in, REF_SOBEL_MAGNITUDE, 0.5, 0);
  test_frame_free (in);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Every plane its own padding, odd ones too, the planes apart in the
 * buffer, in order or last first: neither the padding's 0xA5 nor the
 * chroma may reach an edge. */
GST_START_TEST (test_yuv_padded_strides)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");

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
    check_sobel (h, in, modes[(i / 3) % 4], i % 2 ? 0.5 : 1.0, 0);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* The real pictures as the luma of every format, random chroma: the same
 * edges as the GRAY8 picture's. */
GST_START_TEST (test_yuv_real_images)
{
  const gchar *names[] = { "moon.png", "camera.png" };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *gray = test_frame_load (names[i]);

    for (guint f = 0; f < test_n_yuv_formats; f++) {
      const RefSobelMode mode = modes[(i + f) % 4];
      TestFrame *in = test_frame_from_gray (gray, test_yuv_formats[f], rand);
      TestFrame *expected = ref_sobel (gray, mode, 0.5, 0);
      TestFrame *out;

      set_params (h, mode, 0.5, 0);
      out = test_harness_process (h, in);
      fail_unless (test_frame_equal (expected, out), "%s as %s, mode %s",
          names[i], gst_video_format_to_string (in->format), mode_nicks[mode]);
      fail_unless (count_nonzero (out) > in->width * in->height / 8,
          "%s as %s: hardly any edges", names[i],
          gst_video_format_to_string (in->format));
      test_frame_free (out);
      test_frame_free (expected);
      test_frame_free (in);
    }
    test_frame_free (gray);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* test_step_edge in the luma, with chroma that has steps of its own
 * elsewhere: only the luma's step shows. */
GST_START_TEST (test_yuv_step_edge)
{
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint f = 0; f < test_n_yuv_formats; f++) {
    const guint c = 21;
    TestFrame *in = test_frame_new (test_yuv_formats[f], 40, 11, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, x < c ? 0 : 50);
    for (guint k = 1; k < 3; k++)
      for (guint y = 0; y < test_frame_comp_height (in, k); y++)
        for (guint x = 0; x < test_frame_comp_width (in, k); x++)
          test_frame_set_comp (in, k, x, y, (x + y) % 3 ? 255 : 0);

    set_params (h, REF_SOBEL_MAGNITUDE, 0.25, 0);
    out = test_harness_process (h, in);
    fail_unless_equals_int (out->format, GST_VIDEO_FORMAT_GRAY8);
    fail_unless_equals_int (out->width, 40);
    fail_unless_equals_int (out->height, 11);
    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        fail_unless_equals_int (test_frame_get (out, x, y),
            x == c - 1 || x == c ? 50 : 0);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Formats and sizes changing from frame to frame through one harness,
 * gray and YUV in turn: the output's format follows. */
GST_START_TEST (test_yuv_caps_change)
{
  const struct {
    GstVideoFormat format;
    guint width, height;
  } steps[] = {
    { GST_VIDEO_FORMAT_NV12, 64, 48 },
    { GST_VIDEO_FORMAT_GRAY8, 64, 48 },
    { GST_VIDEO_FORMAT_I420, 7, 5 },
    { GST_VIDEO_FORMAT_GRAY16_LE, 7, 5 },
    { GST_VIDEO_FORMAT_YUY2, 33, 17 },
    { GST_VIDEO_FORMAT_UYVY, 1, 1 },
    { GST_VIDEO_FORMAT_GRAY16_BE, 1, 1 },
    { GST_VIDEO_FORMAT_Y444, 641, 479 },
    { GST_VIDEO_FORMAT_NV21, 3, 1 },
    { GST_VIDEO_FORMAT_YV12, 2, 2 },
    { GST_VIDEO_FORMAT_Y42B, 13, 9 },
    { GST_VIDEO_FORMAT_NV12, 65, 49 },
  };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    TestFrame *in = test_frame_random (steps[i].format, steps[i].width,
        steps[i].height, 0, test_format_depth (steps[i].format), rand);

    check_sobel (h, in, modes[i % 4], 0.5, 0);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- GRAY16 in, GRAY8 out when downstream asks for it ---- */

static void
check_gray16_to_gray8 (GstHarness *h, GRand *rand)
{
  const gdouble scales[] = { 1.0, 1.0 / 256, 0.01, 0.25, 3.7 };
  const guint thresholds[] = { 1, 100, 255, 256 };
  const gchar *names[] = { "basn0g16.png", "flower_small.g.depth12.pgm" };
  TestFrame *le = test_frame_random (GRAY16_LE, 83, 61, 0, 16, rand);
  TestFrame *be = test_frame_random (GRAY16_BE, 83, 61, 0, 12, rand);

  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    for (guint m = 0; m < G_N_ELEMENTS (modes); m++) {
      check_sobel_format (h, le, modes[m], scales[i], 0, GRAY8);
      check_sobel_format (h, be, modes[m], scales[i], 0, GRAY8);
    }
  for (guint i = 0; i < G_N_ELEMENTS (thresholds); i++) {
    check_sobel_format (h, le, modes[i], 1.0 / 64, thresholds[i], GRAY8);
    check_sobel_format (h, be, modes[i], 0.5, thresholds[i], GRAY8);
  }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *in = test_frame_load (names[i]);

    check_sobel_format (h, in, modes[i], 1.0 / 256, 0, GRAY8);
    check_sobel_format (h, in, REF_SOBEL_MAGNITUDE, 1.0 / 64, 0, GRAY8);
    test_frame_free (in);
  }
  test_frame_free (le);
  test_frame_free (be);
}

/* Luma of more than 8 bits gives GRAY16_LE by default and GRAY8 where the
 * sink's caps say so, the Sobel of its values either way (bits above the
 * depth dropped): a step of 1000 in 10 bits is 4000 in dx. */
GST_START_TEST (test_high_depth_outputs)
{
  const GstVideoFormat hd[] = { GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_I420_12LE, GST_VIDEO_FORMAT_Y444_16LE,
    GST_VIDEO_FORMAT_I422_10LE };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *step = test_frame_new (GST_VIDEO_FORMAT_P010_10LE, 40, 11, 0);
  TestFrame *out;

  for (guint y = 0; y < step->height; y++)
    for (guint x = 0; x < step->width; x++)
      test_frame_set (step, x, y, x < 21 ? 0 : 1000);
  set_params (h, REF_SOBEL_DX, 1.0, 0);
  out = test_harness_process (h, step);
  fail_unless_equals_int (out->format, GST_VIDEO_FORMAT_GRAY16_LE);
  fail_unless_equals_int (test_frame_get (out, 21, 5), 4000);
  test_frame_free (out);
  for (guint f = 0; f < G_N_ELEMENTS (hd); f++) {
    const guint words =
        16 - GST_VIDEO_FORMAT_INFO_SHIFT (gst_video_format_get_info (hd[f]), 0);
    TestFrame *in = test_frame_random (hd[f], 37, 13, 0, words, rand);

    check_sobel_format (h, in, modes[f], 1.0, 0, GST_VIDEO_FORMAT_GRAY16_LE);
    test_frame_free (in);
  }
  gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
  for (guint f = 0; f < G_N_ELEMENTS (hd); f++) {
    const guint words =
        16 - GST_VIDEO_FORMAT_INFO_SHIFT (gst_video_format_get_info (hd[f]), 0);
    TestFrame *in = test_frame_random (hd[f], 37, 13, 0, words, rand);

    check_sobel_format (h, in, modes[f], 1.0 / 64, 0, GRAY8);
    check_sobel_format (h, in, REF_SOBEL_MAGNITUDE, 0.5, 100, GRAY8);
    test_frame_free (in);
  }
  test_frame_free (step);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* The sink's caps say GRAY8: scaled, rounded half to even, clamped to 255
 * and thresholded to 255; checked by hand on a step too (4 * 10000 / 256
 * = 156.25, and unscaled far past 255). */
GST_START_TEST (test_gray16_to_gray8)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");

  gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
  check_gray16_to_gray8 (h, rand);
  for (guint f = 1; f < G_N_ELEMENTS (formats); f++) {
    const guint c = 21;
    TestFrame *in = test_frame_new (formats[f], 40, 11, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, x < c ? 0 : 10000);
    set_params (h, REF_SOBEL_DX, 1.0 / 256, 0);
    out = test_harness_process (h, in);
    fail_unless_equals_int (out->format, GRAY8);
    fail_unless_equals_int (test_frame_get (out, c, 5), 156);
    fail_unless_equals_int (test_frame_get (out, c - 2, 5), 0);
    test_frame_free (out);
    set_params (h, REF_SOBEL_MAGNITUDE, 1.0, 0);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, c - 1, 5), 255);
    test_frame_free (out);
    set_params (h, REF_SOBEL_MAGNITUDE, 1.0 / 256, 156);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, c, 5), 255);
    test_frame_free (out);
    set_params (h, REF_SOBEL_MAGNITUDE, 1.0 / 256, 157);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, c, 5), 0);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);

  /* Without the sink's say: GRAY16 stays GRAY16. */
  h = gst_harness_new ("clsobel");
  {
    TestFrame *in = test_frame_random (GRAY16_LE, 20, 10, 0, 16, rand);
    TestFrame *out = test_harness_process (h, in);

    fail_unless_equals_int (out->format, GRAY16_LE);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* The same through a caps filter, as in a gst-launch line; GRAY8 and YUV
 * input through it too. */
GST_START_TEST (test_gray16_to_gray8_capsfilter)
{
  GRand *rand = test_rand ();
  /* Caps alone are no element inside gst_harness_new_parse's bin. */
  GstHarness *h = gst_harness_new_parse (
      "clsobel name=sobel ! capsfilter caps=video/x-raw,format=GRAY8");
  TestFrame *gray8 = test_frame_random (GRAY8, 50, 30, 0, 8, rand);
  TestFrame *nv12 = test_frame_random (GST_VIDEO_FORMAT_NV12, 50, 30, 0, 8,
      rand);

  check_gray16_to_gray8 (h, rand);
  check_sobel_format (h, gray8, REF_SOBEL_DY, 0.5, 0, GRAY8);
  check_sobel_format (h, nv12, REF_SOBEL_DX, 0.5, 0, GRAY8);
  test_frame_free (gray8);
  test_frame_free (nv12);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- scale and threshold ---- */

GST_START_TEST (test_scale_threshold)
{
  const gdouble scales[] = { 0.0, 0.25, 0.5, 3.7, 1.0 / 3, 0.1, 255.5,
    65535.0 };
  const guint thresholds8[] = { 1, 40, 128, 255, 256 };
  const guint thresholds16[] = { 1, 300, 32768, 65535 };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *cam = test_frame_load ("camera.png");
  TestFrame *r8 = test_frame_random (GRAY8, 83, 61, 0, 8, rand);
  TestFrame *r16 = test_frame_random (GRAY16_BE, 83, 61, 0, 16, rand);
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");

  for (guint i = 0; i < G_N_ELEMENTS (scales); i++) {
    check_all_modes (h, r8, scales[i], 0);
    check_all_modes (h, r16, scales[i], 0);
    check_sobel (h, cam, modes[i % 4], scales[i], 0);
  }
  for (guint i = 0; i < G_N_ELEMENTS (thresholds8); i++) {
    check_all_modes (h, r8, 0.5, thresholds8[i]);
    check_sobel (h, cam, modes[i % 4], 0.25, thresholds8[i]);
  }
  for (guint i = 0; i < G_N_ELEMENTS (thresholds16); i++) {
    check_all_modes (h, r16, 0.25, thresholds16[i]);
    check_sobel (h, flower, modes[i % 4], 3.7, thresholds16[i]);
  }
  test_frame_free (cam);
  test_frame_free (r8);
  test_frame_free (r16);
  test_frame_free (flower);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Values worked out by hand ---- */

/* A vertical step from 0 to @hi at column @c: |gx| is 4 * hi in columns
 * c - 1 and c and 0 elsewhere; gy is 0 everywhere (edge rows included,
 * since the replicated rows equal the edge rows). */
GST_START_TEST (test_step_edge)
{
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    const guint hi = formats[f] == GRAY8 ? 50 : 10000;
    const guint c = 21;
    TestFrame *in = test_frame_new (formats[f], 40, 11, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, x < c ? 0 : hi);

    for (guint m = 0; m < G_N_ELEMENTS (modes); m++) {
      /* 4 * hi, times 0.25 */
      const guint expect = modes[m] == REF_SOBEL_DY ? 0 : hi;

      set_params (h, modes[m], 0.25, 0);
      out = test_harness_process (h, in);
      for (guint y = 0; y < in->height; y++)
        for (guint x = 0; x < in->width; x++)
          fail_unless_equals_int (test_frame_get (out, x, y),
              x == c - 1 || x == c ? expect : 0);
      test_frame_free (out);
    }

    /* As an edge map: the two columns at the maximum, nothing else. */
    set_params (h, REF_SOBEL_MAGNITUDE, 1.0, 1);
    out = test_harness_process (h, in);
    fail_unless_equals_int (count_nonzero (out), 2 * in->height);
    fail_unless_equals_int (test_frame_get (out, c, 5),
        formats[f] == GRAY8 ? 255 : 65535);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* One bright pixel in a corner: the replicated border makes the corner's
 * own gradients -3 p in both directions. */
GST_START_TEST (test_corner_pixel)
{
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *in = test_frame_new (GRAY8, 5, 4, 0);
  TestFrame *out;

  memset (in->data, 0, in->stride * in->height);
  test_frame_set (in, 0, 0, 100);

  set_params (h, REF_SOBEL_DX, 0.25, 0);
  out = test_harness_process (h, in);
  fail_unless_equals_int (test_frame_get (out, 0, 0), 75); /* 300 / 4 */
  fail_unless_equals_int (test_frame_get (out, 1, 0), 75); /* 300 / 4 */
  fail_unless_equals_int (test_frame_get (out, 0, 1), 25); /* 100 / 4 */
  fail_unless_equals_int (test_frame_get (out, 2, 0), 0);
  test_frame_free (out);

  set_params (h, REF_SOBEL_DY, 0.25, 0);
  out = test_harness_process (h, in);
  fail_unless_equals_int (test_frame_get (out, 0, 0), 75);
  fail_unless_equals_int (test_frame_get (out, 1, 0), 25);
  fail_unless_equals_int (test_frame_get (out, 0, 1), 75);
  test_frame_free (out);

  /* sqrt (300² + 300²) / 4 = 106.07 */
  set_params (h, REF_SOBEL_MAGNITUDE, 0.25, 0);
  out = test_harness_process (h, in);
  fail_unless_equals_int (test_frame_get (out, 0, 0), 106);
  test_frame_free (out);

  /* (300 + 300) / 4 */
  set_params (h, REF_SOBEL_MAGNITUDE_L1, 0.25, 0);
  out = test_harness_process (h, in);
  fail_unless_equals_int (test_frame_get (out, 0, 0), 150);
  test_frame_free (out);

  test_frame_free (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* A horizontal ramp with slope k gives |gx| = 8 k away from the side
 * columns; with scale 1/16 that is k / 2, so odd slopes land exactly on a
 * half and round to even. */
GST_START_TEST (test_round_half_even)
{
  /* 0.5 -> 0, 1 -> 1, 1.5 -> 2, 2 -> 2, 2.5 -> 2, 3 -> 3, 3.5 -> 4 */
  static const guint rounded[] = { 0, 1, 2, 2, 2, 3, 4 };
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint k = 1; k <= 7; k++) {
    TestFrame *in = test_frame_new (GRAY16_LE, 12, 3, 0);
    TestFrame *out;

    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, 1000 + k * x);
    set_params (h, REF_SOBEL_DX, 1.0 / 16, 0);
    out = test_harness_process (h, in);
    fail_unless_equals_int (test_frame_get (out, 5, 1), rounded[k - 1]);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Saturation, with both byte orders holding the same values: 16-bit
 * gradients beyond 2^32 when squared. */
GST_START_TEST (test_gray16_extremes)
{
  GstHarness *h = gst_harness_new ("clsobel");

  for (guint f = 1; f < G_N_ELEMENTS (formats); f++) {
    TestFrame *in = test_frame_new (formats[f], 9, 9, 0);
    TestFrame *out;

    /* The top-right triangle at 65535: both gradients near 4 * 65535. */
    for (guint y = 0; y < in->height; y++)
      for (guint x = 0; x < in->width; x++)
        test_frame_set (in, x, y, x > y ? 65535 : 0);
    check_all_modes (h, in, 1.0 / 16, 0);
    check_all_modes (h, in, 0.1, 0);
    set_params (h, REF_SOBEL_MAGNITUDE, 1.0 / 8, 0);
    out = test_harness_process (h, in);
    /* (4, 5) sees 65535 on the top right 6 of 9 pixels: gx = 3 * 65535,
     * gy = -3 * 65535, magnitude 3 sqrt 2 * 65535 / 8 = 34755.18 */
    fail_unless_equals_int (test_frame_get (out, 5, 4), 34755);
    test_frame_free (out);
    test_frame_free (in);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* ---- Changes while playing ---- */

GST_START_TEST (test_properties_while_playing)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *in = test_frame_load ("moon.png");
  TestFrame *r16 = test_frame_random (GRAY16_LE, 130, 70, 0, 16, rand);

  static const gdouble scales[] = { 1.0, 0.25, 3.7, 0.5 };

  /* The same caps all along: only the properties change between frames. */
  for (guint i = 0; i < 12; i++) {
    const gdouble scale = scales[i % 4];
    const guint threshold = i % 3 == 2 ? 30 + i : 0;

    check_sobel (h, in, modes[(i * 3) % 4], scale, threshold);
  }
  for (guint i = 0; i < 8; i++)
    check_sobel (h, r16, modes[i % 4], i % 2 ? 0.5 : 1.0, i > 5 ? 9000 : 0);
  test_frame_free (in);
  test_frame_free (r16);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_caps_change)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clsobel");
  TestFrame *frames[] = {
    test_frame_load ("moon.png"),
    test_frame_random (GRAY16_LE, 33, 17, 0, 16, rand),
    test_frame_random (GRAY8, 7, 1, 0, 8, rand),
    test_frame_load ("flower_small.g.depth12.pgm"),
    test_frame_random (GRAY16_LE, 1, 1, 0, 16, rand),
    test_frame_load ("camera.png"),
    test_frame_random (GRAY16_BE, 100, 3, 0, 16, rand),
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    check_sobel (h, frames[i], modes[i % 4], 0.5, 0);
    test_frame_free (frames[i]);
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Properties ---- */

GST_START_TEST (test_property_defaults)
{
  static const gchar *mutable_props[] = { "mode", "scale", "threshold" };
  GstElement *e = gst_element_factory_make ("clsobel", NULL);
  GParamSpec *pspec;
  const gchar *blurb;
  gdouble scale;
  guint threshold;
  gint mode;

  fail_unless (e != NULL);
  g_object_get (e, "mode", &mode, "scale", &scale, "threshold", &threshold,
      NULL);
  fail_unless_equals_int (mode, REF_SOBEL_MAGNITUDE);
  fail_unless_equals_float (scale, 1.0);
  fail_unless_equals_int (threshold, 0);

  /* The nicks and numbers the reference and gst-launch lines rely on. */
  for (guint m = 0; m < G_N_ELEMENTS (mode_nicks); m++) {
    gst_util_set_object_arg (G_OBJECT (e), "mode", mode_nicks[m]);
    g_object_get (e, "mode", &mode, NULL);
    fail_unless_equals_int (mode, modes[m]);
  }
  for (guint i = 0; i < 3; i++) {
    const gchar *name = mutable_props[i];

    pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (e), name);
    fail_unless (pspec->flags & GST_PARAM_MUTABLE_PLAYING, "%s", name);
    /* One line, as gst-inspect-1.0 shows it; the details are in the
     * gtk-doc blocks and docs/clsobel.md. */
    blurb = g_param_spec_get_blurb (pspec);
    fail_unless (blurb && *blurb && strlen (blurb) <= 100 &&
                     !strchr (blurb, '\n'),
        "%s", name);
  }
  gst_object_unref (e);
}

GST_END_TEST;

/* ---- Pipelines ---- */

GST_START_TEST (test_videoconvert_pipeline)
{
  gchar *error =
      test_run_pipeline ("videotestsrc num-buffers=5 ! videoconvert ! "
                         "clsobel ! videoconvert ! fakesink",
          NULL);

  fail_unless (error == NULL, "%s", error);
  error = test_run_pipeline ("videotestsrc num-buffers=5 ! "
                             "video/x-raw,format=RGB,width=97,height=35 ! "
                             "videoconvert ! video/x-raw,format=GRAY16_BE ! "
                             "clsobel mode=dx scale=0.25 ! videoconvert ! "
                             "video/x-raw,format=RGBx ! fakesink",
      NULL);
  fail_unless (error == NULL, "%s", error);
}

GST_END_TEST;

/* Frames from videotestsrc in every YUV format link with no videoconvert
 * and give the Sobel of their luma; I420 into a GRAY8 caps filter, and
 * GRAY16 into one. */
GST_START_TEST (test_yuv_pipelines)
{
  /* The eight YUV formats and GRAY16_LE. */
  gchar *formats_in[9];
  const gchar *tail[G_N_ELEMENTS (formats_in)];
  guint n = 0;

  for (guint f = 0; f < test_n_yuv_formats; f++, n++) {
    formats_in[n] = g_strdup_printf ("video/x-raw,format=%s,width=%u,height=%u",
        gst_video_format_to_string (test_yuv_formats[f]), 64 - f % 2,
        48 - f % 2);
    tail[n] = f == 0 ? " ! video/x-raw,format=GRAY8" : "";
  }
  formats_in[n] = g_strdup ("video/x-raw,format=GRAY16_LE,width=64,height=48");
  tail[n++] = " ! video/x-raw,format=GRAY8";

  for (guint i = 0; i < n; i++) {
    gchar *src = g_strdup_printf ("videotestsrc num-buffers=3 pattern=ball ! "
                                  "%s",
        formats_in[i]);
    gchar *desc = g_strdup_printf ("%s ! clsobel scale=0.5%s", src, tail[i]);
    GPtrArray *in = test_pipeline_frames (src);
    GPtrArray *out = test_pipeline_frames (desc);

    fail_unless_equals_int (in->len, 3);
    fail_unless_equals_int (out->len, 3);
    for (guint j = 0; j < in->len; j++) {
      TestFrame *expected = ref_sobel_format (g_ptr_array_index (in, j),
          REF_SOBEL_MAGNITUDE, 0.5, 0, GRAY8);

      fail_unless (test_frame_equal (expected, g_ptr_array_index (out, j)),
          "%s: frame %u", desc, j);
      test_frame_free (expected);
    }
    g_ptr_array_unref (in);
    g_ptr_array_unref (out);
    g_free (desc);
    g_free (src);
    g_free (formats_in[i]);
  }
}

GST_END_TEST;

/* jpegdec's I420 straight in, through jpegdec and through decodebin, from
 * one JPEG file. */
GST_START_TEST (test_decoder_pipelines)
{
  gchar *path = test_jpeg_stream (97, 61, 2);
  const gchar *decoders[] = { "jpegdec", "decodebin" };
  gchar *desc = g_strdup_printf ("filesrc location=\"%s\" ! jpegdec", path);
  GPtrArray *in = test_pipeline_frames (desc);

  g_free (desc);
  fail_unless_equals_int (in->len, 2);
  for (guint d = 0; d < G_N_ELEMENTS (decoders); d++) {
    GPtrArray *out;

    desc = g_strdup_printf ("filesrc location=\"%s\" ! %s ! clsobel", path,
        decoders[d]);
    out = test_pipeline_frames (desc);
    fail_unless_equals_int (out->len, 2);
    for (guint i = 0; i < in->len; i++) {
      TestFrame *expected = ref_sobel (g_ptr_array_index (in, i),
          REF_SOBEL_MAGNITUDE, 1.0, 0);

      fail_unless (test_frame_equal (expected, g_ptr_array_index (out, i)),
          "%s: frame %u", desc, i);
      test_frame_free (expected);
    }
    g_ptr_array_unref (out);
    g_free (desc);
  }
  g_ptr_array_unref (in);
  test_remove_jpeg_stream (path);
}

GST_END_TEST;

/* clhistequalize ! clsobel: one element creates the OpenCL context, the
 * other finds it, and the output is the reference of the reference. */
GST_START_TEST (test_chain_with_histequalize)
{
  GstElement *pipeline = gst_parse_launch (
      "appsrc name=src ! clhistequalize name=a post-messages=false ! "
      "clsobel name=b mode=magnitude scale=0.25 ! appsink name=sink",
      NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstElement *a = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  GstElement *b = gst_bin_get_by_name (GST_BIN (pipeline), "b");
  GstBus *bus = gst_element_get_bus (pipeline);
  TestFrame *in = test_frame_load ("moon.png");
  TestFrame *eq = ref_histequalize (in);
  TestFrame *expected = ref_sobel (eq, REF_SOBEL_MAGNITUDE, 0.25, 0);
  TestFrame *out;
  GstCaps *caps = test_frame_caps (in);
  GstContext *ca, *cb;
  GstSample *sample;
  GstMessage *msg;
  guint have_context = 0;
  GstFlowReturn ret;

  g_object_set (src, "caps", caps, "format", GST_FORMAT_TIME, NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  g_signal_emit_by_name (src, "push-buffer", test_frame_to_buffer (in), &ret);
  g_signal_emit_by_name (src, "end-of-stream", &ret);
  g_signal_emit_by_name (sink, "pull-sample", &sample);
  fail_unless (sample != NULL);
  out = test_frame_from_buffer (gst_sample_get_buffer (sample),
      gst_sample_get_caps (sample));
  fail_unless (test_frame_equal (expected, out));
  gst_sample_unref (sample);

  while ((msg = gst_bus_timed_pop (bus, 30 * GST_SECOND))) {
    GstMessageType t = GST_MESSAGE_TYPE (msg);

    if (t == GST_MESSAGE_HAVE_CONTEXT)
      have_context++;
    gst_message_unref (msg);
    fail_if (t == GST_MESSAGE_ERROR);
    if (t == GST_MESSAGE_EOS)
      break;
  }
  fail_unless_equals_int (have_context, 1);
  ca = gst_element_get_context (a, "gst.opencl.context");
  cb = gst_element_get_context (b, "gst.opencl.context");
  fail_unless (ca != NULL && cb != NULL);
  fail_unless (g_value_get_object (
                   gst_structure_get_value (gst_context_get_structure (ca),
                       "gst.opencl.context")) ==
                   g_value_get_object (
                       gst_structure_get_value (gst_context_get_structure (cb),
                           "gst.opencl.context")),
      "the elements hold different contexts");
  gst_context_unref (ca);
  gst_context_unref (cb);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  test_frame_free (in);
  test_frame_free (eq);
  test_frame_free (expected);
  test_frame_free (out);
  gst_caps_unref (caps);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (a);
  gst_object_unref (b);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

GST_START_TEST (test_chain_pipeline)
{
  guint have_context = 0;
  gchar *error =
      test_run_pipeline ("videotestsrc num-buffers=5 pattern=ball ! "
                         "video/x-raw,width=320,height=240 ! videoconvert ! "
                         "video/x-raw,format=GRAY8 ! clhistequalize ! "
                         "clsobel threshold=100 ! videoconvert ! fakesink",
          &have_context);

  fail_unless (error == NULL, "%s", error);
  fail_unless_equals_int (have_context, 1);
}

GST_END_TEST;

static Suite *
clsobel_suite (void)
{
  Suite *s = suite_create ("clsobel");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_widths_heights);
  tcase_add_test (tc, test_yuv_1080p);
  tcase_add_test (tc, test_yuv_padded_strides);
  tcase_add_test (tc, test_yuv_real_images);
  tcase_add_test (tc, test_yuv_step_edge);
  tcase_add_test (tc, test_yuv_caps_change);
  tcase_add_test (tc, test_gray16_to_gray8);
  tcase_add_test (tc, test_high_depth_outputs);
  tcase_add_test (tc, test_gray16_to_gray8_capsfilter);
  tcase_add_test (tc, test_scale_threshold);
  tcase_add_test (tc, test_step_edge);
  tcase_add_test (tc, test_corner_pixel);
  tcase_add_test (tc, test_round_half_even);
  tcase_add_test (tc, test_gray16_extremes);
  tcase_add_test (tc, test_properties_while_playing);
  tcase_add_test (tc, test_caps_change);
  tcase_add_test (tc, test_property_defaults);
  tcase_add_test (tc, test_videoconvert_pipeline);
  tcase_add_test (tc, test_yuv_pipelines);
  tcase_add_test (tc, test_decoder_pipelines);
  tcase_add_test (tc, test_chain_with_histequalize);
  tcase_add_test (tc, test_chain_pipeline);
  return s;
}

GST_CHECK_MAIN (clsobel);
