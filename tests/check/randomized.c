/* gst-clfilter tests: many random frames against the C reference
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
 * Random sizes (1x1 up to 1024x512, most small), strides (packed, the
 * caps' default, or any padding, odd ones too), formats, contents (uniform,
 * constant, two values, a narrow band, 12-bit, extremes) and clsobel
 * parameters, the caps changing from frame to frame. The seed is fixed and
 * printed; CLFILTER_SEED=N replays another, CLFILTER_FRAMES=N changes the
 * count. A failure names the seed and the frame.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <stdlib.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define DEFAULT_SEED 20261123
#define DEFAULT_FRAMES 3000

static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };

static guint32
env_uint (const gchar *name, guint32 fallback)
{
  const gchar *v = g_getenv (name);

  return v && *v ? (guint32)strtoul (v, NULL, 0) : fallback;
}

static guint
random_dimension (GRand *rand, guint max)
{
  /* Half tiny (1-8), a third small, the rest anything up to max. */
  const guint kind = g_rand_int_range (rand, 0, 6);

  if (kind < 3)
    return g_rand_int_range (rand, 1, 9);
  if (kind < 5)
    return g_rand_int_range (rand, 1, 80);
  return g_rand_int_range (rand, 1, max + 1);
}

/* Fills @f with one of several kinds of content; returns its name. */
static const gchar *
random_content (TestFrame *f, GRand *rand)
{
  const guint max = f->format == GST_VIDEO_FORMAT_GRAY8 ? 255 : 65535;
  const guint kind = g_rand_int_range (rand, 0, 6);
  const guint a = g_rand_int_range (rand, 0, max + 1);
  const guint b = g_rand_int_range (rand, 0, max + 1);
  const guint band = g_rand_int_range (rand, 1, 17);

  for (guint y = 0; y < f->height; y++) {
    for (guint x = 0; x < f->width; x++) {
      guint v;

      switch (kind) {
        case 0:
          v = g_rand_int_range (rand, 0, max + 1);
          break;
        case 1:
          v = a;
          break;
        case 2:
          v = g_rand_boolean (rand) ? a : b;
          break;
        case 3:
          v = MIN (max, a + g_rand_int_range (rand, 0, band));
          break;
        case 4:
          v = g_rand_int (rand) & (max == 255 ? 0xff : 0xfff);
          break;
        default:
          v = g_rand_boolean (rand) ? 0 : max;
          break;
      }
      test_frame_set (f, x, y, v);
    }
  }
  return (const gchar *[]){ "uniform", "constant", "two values", "band",
    "12-bit", "extremes" }[kind];
}

static void
run_randomized (const gchar *element)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", DEFAULT_SEED);
  const guint frames = env_uint ("CLFILTER_FRAMES", DEFAULT_FRAMES);
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_GRAY16_BE };
  const gboolean sobel = g_str_equal (element, "clsobel");
  GRand *rand = g_rand_new_with_seed (seed);
  GstHarness *h = gst_harness_new (element);
  guint64 pixels = 0;
  gint64 t0 = g_get_monotonic_time ();

  g_print ("%s: %u random frames from seed %u (CLFILTER_SEED=%u replays "
           "them)\n",
      element, frames, seed, seed);
  if (!sobel)
    g_object_set (h->element, "post-messages", FALSE, NULL);
  for (guint i = 0; i < frames; i++) {
    const GstVideoFormat format = formats[g_rand_int_range (rand, 0, 3)];
    const guint bpp = format == GST_VIDEO_FORMAT_GRAY8 ? 1 : 2;
    const guint width = random_dimension (rand, 1024);
    const guint height = random_dimension (rand, 512);
    const guint stride_kind = g_rand_int_range (rand, 0, 3);
    const gsize stride = stride_kind == 0 ? (gsize)width * bpp
                         : stride_kind == 1
                             ? GST_ROUND_UP_4 (width * bpp)
                             : (gsize)width * bpp +
                                   g_rand_int_range (rand, 1, 130);
    TestFrame *in = test_frame_new (format, width, height, stride);
    const gchar *content = random_content (in, rand);
    const guint mode = g_rand_int_range (rand, 0, 4);
    const gdouble scales[] = { 1.0, 0.25, 0.5, 2.0, 1.0 / 3,
      g_rand_double_range (rand, 0, 8) };
    const gdouble scale = scales[g_rand_int_range (rand, 0, 6)];
    const guint threshold = g_rand_boolean (rand) ? 0
                                                  : g_rand_int_range (rand, 1,
                                                        bpp == 1 ? 256 : 65536);
    TestFrame *expected, *out;

    if (sobel) {
      gst_util_set_object_arg (G_OBJECT (h->element), "mode", mode_nicks[mode]);
      g_object_set (h->element, "scale", scale, "threshold", threshold, NULL);
      expected = ref_sobel (in, mode, scale, threshold);
    } else {
      expected = ref_histequalize (in);
    }
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (expected, out),
        "seed %u frame %u: %s %ux%u stride %" G_GSIZE_FORMAT
        ", %s content%s%s scale %.17g threshold %u differs from the "
        "reference (replay: CLFILTER_SEED=%u)",
        seed, i, gst_video_format_to_string (format), width, height, stride,
        content, sobel ? ", mode " : "", sobel ? mode_nicks[mode] : "", scale,
        threshold, seed);
    pixels += (guint64)width * height;
    test_frame_free (expected);
    test_frame_free (out);
    test_frame_free (in);
  }
  g_print ("%s: %u frames, %" G_GUINT64_FORMAT " pixels, all equal to the "
           "reference, %.1f s\n",
      element, frames, pixels, (g_get_monotonic_time () - t0) / 1e6);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_START_TEST (test_random_histequalize)
{
  run_randomized ("clhistequalize");
}

GST_END_TEST;

GST_START_TEST (test_random_sobel)
{
  run_randomized ("clsobel");
}

GST_END_TEST;

static Suite *
randomized_suite (void)
{
  Suite *s = suite_create ("randomized");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_random_histequalize);
  tcase_add_test (tc, test_random_sobel);
  return s;
}

GST_CHECK_MAIN (randomized);
