/* gst-clfilter tests: clclahe
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
 * Every output pixel is compared with the plain C reference ref_clahe in
 * clreference.c, which tests/clahe-opencv.py holds to OpenCV's
 * cv2.createCLAHE; runs on whatever OpenCL device the default selection
 * picks (PoCL's CPU device where there is no GPU), and again with the GPU
 * kernels (the -gpu-kernels entry).
 *
 * The checks every element has (real images, sizes, padded strides,
 * state cycles, every YUV format) are elements.c's.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static const GstVideoFormat formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

static GRand *
test_rand (void)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  const guint32 seed = 20261123;

  g_print ("random frames from seed %u\n", seed);
  return g_rand_new_with_seed (seed);
}

static RefClaheParams
params (gdouble clip, guint tiles_x, guint tiles_y)
{
  RefClaheParams p;

  ref_clahe_params_init (&p);
  p.clip_limit = clip;
  p.tiles_x = tiles_x;
  p.tiles_y = tiles_y;
  return p;
}

static void
set_params (GstHarness *h, const RefClaheParams *p)
{
  g_object_set (h->element, "clip-limit", p->clip_limit, "tiles-x", p->tiles_x,
      "tiles-y", p->tiles_y, "smoothing", p->smoothing, NULL);
}

/* Sets @p, processes @in and checks every pixel against the reference,
 * which carries @state (NULL: a first frame). */
static void
check_clahe_state (GstHarness *h, const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state)
{
  TestFrame *expected = ref_clahe (in, p, state);
  TestFrame *out;

  set_params (h, p);
  out = test_harness_process (h, in);
  fail_unless (test_frame_equal (expected, out),
      "%s %ux%u stride %" G_GSIZE_FORMAT " clip %g tiles %ux%u smoothing %u%s "
      "differs from the reference",
      gst_video_format_to_string (in->format), in->width, in->height,
      in->stride, p->clip_limit, p->tiles_x, p->tiles_y, p->smoothing,
      p->to_8bit ? " to GRAY8" : "");
  test_frame_free (expected);
  test_frame_free (out);
}

static void
check_clahe (GstHarness *h, const TestFrame *in, const RefClaheParams *p)
{
  check_clahe_state (h, in, p, NULL);
}

/* A clip limit and tiles to try. */
typedef struct {
  gdouble clip;
  guint tx, ty;
} ClaheSet;

/* GRAY16 in, GRAY8 out when downstream asks: the GRAY16 output shifted
 * down by 8, against the reference and against the element's own GRAY16
 * output of the same frame. */
GST_START_TEST (test_gray16_to_gray8)
{
  /* The defaults, no clipping, one that clips nothing, one tile. */
  const ClaheSet sets[] = { { 2.0, 8, 8 }, { 0.0, 8, 8 }, { 65536.0, 4, 4 },
    { 2.0, 1, 1 } };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clclahe");
  GstHarness *h16 = gst_harness_new ("clclahe");
  TestFrame *frames[] = {
    test_frame_load ("flower_small.g.depth12.pgm"),
    test_frame_load ("basn0g16.png"),
    test_frame_random (GRAY16_LE, 97, 61, 0, 16, rand),
    test_frame_random (GRAY16_BE, 31, 7, 0, 12, rand),
  };

  gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    for (guint s = 0; s < G_N_ELEMENTS (sets); s++) {
      RefClaheParams p = params (sets[s].clip, sets[s].tx, sets[s].ty);

      p.to_8bit = TRUE;
      check_clahe (h, frames[i], &p);
      {
        TestFrame *out8 = test_harness_process (h, frames[i]);
        TestFrame *out16;

        set_params (h16, &p);
        out16 = test_harness_process (h16, frames[i]);
        for (guint y = 0; y < out8->height; y++)
          for (guint x = 0; x < out8->width; x++)
            fail_unless_equals_int (test_frame_get (out8, x, y),
                test_frame_get (out16, x, y) >> 8);
        test_frame_free (out16);
        test_frame_free (out8);
      }
    }
    test_frame_free (frames[i]);
  }
  gst_harness_teardown (h16);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* One tile, up to 64x64 tiles on frames with fewer pixels than tiles
 * (tiles of one padded pixel), and grids of one row or column. */
GST_START_TEST (test_tiles)
{
  const guint sizes[][2] = { { 1, 1 }, { 5, 3 }, { 63, 64 }, { 100, 70 } };
  const guint grids[][2] = { { 1, 1 }, { 64, 64 }, { 64, 1 }, { 1, 64 },
    { 2, 3 }, { 13, 11 } };
  const gdouble clips[] = { 0.0, 0.01, 2.0, 1000.0 };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clclahe");

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint f = 0; f < 2; f++) {
      TestFrame *in = test_frame_random (formats[f], sizes[s][0], sizes[s][1],
          0, f == 0 ? 8 : 16, rand);

      for (guint g = 0; g < G_N_ELEMENTS (grids); g++) {
        RefClaheParams p = params (clips[(s + g) % G_N_ELEMENTS (clips)],
            grids[g][0], grids[g][1]);

        /* 64x64 GRAY16 tables: 512 MiB; one frame of them. */
        if (f == 1 && g == 1 && s > 0)
          continue;
        check_clahe (h, in, &p);
      }
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* Constant frames, and values in a narrow band: nearly every count above
 * the limit, the residual spread over the bins. */
GST_START_TEST (test_flat_frames)
{
  /* The defaults, a high limit, no clipping, a limit of 1 count. */
  const ClaheSet sets[] = { { 2.0, 8, 8 }, { 40.0, 8, 8 }, { 0.0, 8, 8 },
    { 0.01, 8, 8 } };
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clclahe");

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    const guint max = formats[f] == GRAY8 ? 255 : 65535;
    const guint values[] = { 0, 77, max };

    for (guint v = 0; v < G_N_ELEMENTS (values); v++) {
      TestFrame *in = test_frame_new (formats[f], 67, 45, 0);

      for (guint y = 0; y < in->height; y++)
        for (guint x = 0; x < in->width; x++)
          test_frame_set (in, x, y,
              v == 1 ? values[v] + g_rand_int_range (rand, 0, 3) : values[v]);
      for (guint s = 0; s < G_N_ELEMENTS (sets); s++) {
        RefClaheParams p = params (sets[s].clip, sets[s].tx, sets[s].ty);

        check_clahe (h, in, &p);
      }
      test_frame_free (in);
    }
  }
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- YUV: the luma equalized, the chroma untouched ---- */

/* A frame of @format whose luma is @luma (GRAY8) and whose other bytes are
 * random, with @colorimetry in its caps. */
static GstBuffer *
yuv_buffer (GstVideoFormat format, const TestFrame *luma,
    const gchar *colorimetry, GRand *rand, GstCaps **caps)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *buf;

  gst_video_info_set_format (&info, format, luma->width, luma->height);
  *caps = gst_video_info_to_caps (&info);
  gst_caps_set_simple (*caps, "colorimetry", G_TYPE_STRING, colorimetry,
      "framerate", GST_TYPE_FRACTION, 25, 1, NULL);
  fail_unless (gst_video_info_from_caps (&info, *caps));
  buf = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  {
    GstMapInfo map;

    fail_unless (gst_buffer_map (buf, &map, GST_MAP_WRITE));
    for (gsize i = 0; i < map.size; i++)
      map.data[i] = g_rand_int_range (rand, 0, 256);
    gst_buffer_unmap (buf, &map);
  }
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (guint y = 0; y < luma->height; y++) {
    guint8 *row = (guint8 *)GST_VIDEO_FRAME_COMP_DATA (&frame, 0) +
                  y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, 0);

    for (guint x = 0; x < luma->width; x++)
      row[x * GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, 0)] = test_frame_get (luma,
          x, y);
  }
  gst_video_frame_unmap (&frame);
  return buf;
}

/* Component @c of @buf, one byte per sample, as a GRAY8 frame. */
static TestFrame *
yuv_component (GstBuffer *buf, GstCaps *caps, guint c)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  TestFrame *f;

  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  f = test_frame_new (GRAY8, GST_VIDEO_FRAME_COMP_WIDTH (&frame, c),
      GST_VIDEO_FRAME_COMP_HEIGHT (&frame, c), 0);
  for (guint y = 0; y < f->height; y++) {
    const guint8 *row = (const guint8 *)GST_VIDEO_FRAME_COMP_DATA (&frame, c) +
                        y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, c);

    for (guint x = 0; x < f->width; x++)
      test_frame_set (f, x, y,
          row[x * GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c)]);
  }
  gst_video_frame_unmap (&frame);
  return f;
}

GST_START_TEST (test_yuv)
{
  const GstVideoFormat yuv[] = { GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12,
    GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_Y42B,
    GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY };
  /* Full range as jpegdec's caps say it, and GStreamer's limited. */
  const gchar *ranges[] = { "1:4:0:0", "bt601" };
  TestFrame *moon = test_frame_load ("moon.png");
  GRand *rand = test_rand ();

  for (guint f = 0; f < G_N_ELEMENTS (yuv); f++) {
    for (guint r = 0; r < G_N_ELEMENTS (ranges); r++) {
      /* Odd sizes, whose chroma rounds up; and a real image. */
      TestFrame *luma = f % 2 ? test_frame_random (GRAY8, 67, 45, 0, 8, rand)
                              : test_frame_copy (moon, GRAY8, 0);
      GstHarness *h = gst_harness_new ("clclahe");
      RefClaheParams p = params (2.5, 6, 5);
      GstCaps *caps;
      GstBuffer *in, *out;
      TestFrame *expected, *got;

      p.limited = r == 1;
      set_params (h, &p);
      in = yuv_buffer (yuv[f], luma, ranges[r], rand, &caps);
      gst_harness_set_src_caps (h, gst_caps_ref (caps));
      fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
          GST_FLOW_OK);
      out = gst_harness_pull (h);
      expected = ref_clahe (luma, &p, NULL);
      got = yuv_component (out, caps, 0);
      fail_unless (test_frame_equal (expected, got), "%s %s luma",
          gst_video_format_to_string (yuv[f]), ranges[r]);
      test_frame_free (expected);
      test_frame_free (got);
      /* U and V as they came in. */
      for (guint c = 1; c < 3; c++) {
        TestFrame *a = yuv_component (in, caps, c);
        TestFrame *b = yuv_component (out, caps, c);

        fail_unless (test_frame_equal (a, b), "%s %s chroma %u changed",
            gst_video_format_to_string (yuv[f]), ranges[r], c);
        test_frame_free (a);
        test_frame_free (b);
      }
      gst_buffer_unref (in);
      gst_buffer_unref (out);
      gst_caps_unref (caps);
      gst_harness_teardown (h);
      test_frame_free (luma);
    }
  }
  test_frame_free (moon);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- YUV of 10 to 16 bits: tables over 2^d bins ---- */

/* A harness for frames of @format into @format or, with @to_8bit, into
 * its 8-bit sibling. */
static GstHarness *
depth_harness (GstVideoFormat format, gboolean to_8bit)
{
  GstHarness *h = gst_harness_new ("clclahe");

  if (to_8bit) {
    gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
        gst_video_format_to_string (test_format_narrow (format)));

    gst_harness_set_sink_caps_str (h, caps);
    g_free (caps);
  }
  return h;
}

/* Processes @in and checks every sample of every plane against
 * ref_clahe_frame(), whose state @state carries (NULL: a first frame). */
static void
check_frame_state (GstHarness *h, const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state)
{
  TestFrame *expected = ref_clahe_frame (in, p, state);
  TestFrame *out;
  gchar *what;

  set_params (h, p);
  out = test_harness_process (h, in);
  what = test_frame_describe (in);
  fail_unless (test_frame_equal (expected, out),
      "%s clip %g tiles %ux%u smoothing %u%s differs from the reference", what,
      p->clip_limit, p->tiles_x, p->tiles_y, p->smoothing,
      p->to_8bit ? " to 8 bits" : "");
  g_free (what);
  test_frame_free (expected);
  test_frame_free (out);
}

/* A frame of @format, d bits, whose luma is the real image @image of
 * @bits bits brought to d bits (shifted, the bits below from @rand where
 * it is shifted up), with random chroma and @colorimetry. */
static TestFrame *
depth_frame (GstVideoFormat format, const TestFrame *image, guint bits,
    const gchar *colorimetry, GRand *rand)
{
  const guint d = test_format_depth (format);
  TestFrame *f = test_frame_random (format, image->width, image->height, 0, d,
      rand);

  for (guint y = 0; y < f->height; y++)
    for (guint x = 0; x < f->width; x++) {
      const guint v = test_frame_get (image, x, y);

      test_frame_set (f, x, y,
          d >= bits
              ? v << (d - bits) | g_rand_int_range (rand, 0, 1 << (d - bits))
              : v >> (bits - d));
    }
  test_frame_set_colorimetry (f, colorimetry);
  return f;
}

/* Real images in every format of 10 to 16 bits, in both ranges, into the
 * same format and into its 8-bit sibling: every sample against the
 * reference, and the luma visibly worked on. */
GST_START_TEST (test_high_depth_real)
{
  const ClaheSet sets[] = { { 2.0, 8, 8 }, { 512.0, 7, 5 }, { 0.0, 3, 2 } };
  const gchar *ranges[] = { TEST_COLORIMETRY_FULL, TEST_COLORIMETRY_LIMITED };
  TestFrame *images[] = { test_frame_load ("flower_small.g.depth12.pgm"),
    test_frame_load ("moon.png") };
  const guint image_bits[] = { 12, 8 };
  GRand *rand = test_rand ();

  for (guint f = 0; f < test_n_high_depth_formats; f++) {
    const GstVideoFormat format = test_high_depth_formats[f];

    for (guint to8 = 0; to8 < 2; to8++) {
      GstHarness *h = depth_harness (format, to8);

      for (guint i = 0; i < G_N_ELEMENTS (images); i++) {
        TestFrame *in = depth_frame (format, images[i], image_bits[i],
            ranges[(f + i) % 2], rand);

        for (guint s = 0; s < G_N_ELEMENTS (sets); s++) {
          RefClaheParams p = params (sets[s].clip, sets[s].tx, sets[s].ty);

          p.to_8bit = to8;
          check_frame_state (h, in, &p, NULL);
        }
        if (!to8) {
          TestFrame *out = test_harness_process (h, in);

          fail_unless (test_frame_luma_differs (in, out),
              "%s came out as if untouched",
              gst_video_format_to_string (format));
          test_frame_free (out);
        }
        test_frame_free (in);
      }
      gst_harness_teardown (h);
    }
  }
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    test_frame_free (images[i]);
  g_rand_free (rand);
}

GST_END_TEST;

/* Worked out by hand, so that a mistake the reference shares with the
 * kernels would not go unnoticed: luma 0..6 in a row, one tile of 7
 * pixels, clip 2 (at most 1 count a bin: nothing clipped), so table[v] =
 * rint ((v + 1) * scale) and every pixel its own entry. 10 bits, 1024
 * bins: scale 1023 / 7 in full range, 146.14 k; limited range 64 + 876 k
 * / 7 (125.14 k). 12 bits, 4096 bins: 585 k exactly; limited 256 +
 * 3504 k / 7 (500.57 k). The 8-bit siblings are those >> (d - 8). */
GST_START_TEST (test_high_depth_hand_values)
{
  static const guint full10[] = { 146, 292, 438, 585, 731, 877, 1023 };
  static const guint limited10[] = { 189, 314, 439, 565, 690, 815, 940 };
  static const guint full12[] = { 585, 1170, 1755, 2340, 2925, 3510, 4095 };
  static const guint limited12[] = { 757, 1257, 1758, 2258, 2759, 3259, 3760 };
  const struct {
    GstVideoFormat format;
    const guint *full, *limited;
  } cases[] = {
    { GST_VIDEO_FORMAT_P010_10LE, full10, limited10 },
    { GST_VIDEO_FORMAT_I420_12LE, full12, limited12 },
  };
  GRand *rand = test_rand ();

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
    const guint d = test_format_depth (cases[c].format);

    for (guint to8 = 0; to8 < 2; to8++) {
      for (guint r = 0; r < 2; r++) {
        const guint *want = r ? cases[c].limited : cases[c].full;
        GstHarness *h = depth_harness (cases[c].format, to8);
        RefClaheParams p = params (2.0, 1, 1);
        TestFrame *in = test_frame_random (cases[c].format, 7, 1, 0, d, rand);
        TestFrame *out;

        for (guint x = 0; x < 7; x++)
          test_frame_set (in, x, 0, x);
        test_frame_set_colorimetry (in,
            r ? TEST_COLORIMETRY_LIMITED : TEST_COLORIMETRY_FULL);
        set_params (h, &p);
        out = test_harness_process (h, in);
        fail_unless_equals_int (out->format,
            to8 ? test_format_narrow (cases[c].format) : cases[c].format);
        for (guint x = 0; x < 7; x++)
          fail_unless_equals_int (test_frame_get (out, x, 0),
              want[x] >> (to8 ? d - 8 : 0));
        test_frame_free (out);
        test_frame_free (in);
        gst_harness_teardown (h);
      }
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Smoothing over a sequence of 10- and 16-bit frames, into the same format
 * and into 8 bits: the d-bit state carried as for GRAY16. */
GST_START_TEST (test_high_depth_smoothing)
{
  const guint weights[] = { 200, 200, 0, 128, 255, 77 };
  const GstVideoFormat depth[] = { GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_Y444_16LE };
  TestFrame *flower = test_frame_load ("flower_small.g.depth12.pgm");
  GRand *rand = test_rand ();

  for (guint f = 0; f < G_N_ELEMENTS (depth); f++) {
    for (guint to8 = 0; to8 < 2; to8++) {
      GstHarness *h = depth_harness (depth[f], to8);
      RefClaheState state = { 0 };

      for (guint i = 0; i < G_N_ELEMENTS (weights); i++) {
        TestFrame *in = depth_frame (depth[f], flower, 12, NULL, rand);

        /* Darker by turns: tables that differ from frame to frame. */
        for (guint y = 0; y < in->height; y++)
          for (guint x = 0; x < in->width; x++)
            test_frame_set (in, x, y,
                test_frame_get (in, x, y) * (16 - i % 5) / 16);
        RefClaheParams p = params (i < 3 ? 2.0 : 300.0, 6, 4);

        p.smoothing = weights[i];
        p.to_8bit = to8;
        check_frame_state (h, in, &p, &state);
        test_frame_free (in);
      }
      ref_clahe_state_clear (&state);
      gst_harness_teardown (h);
    }
  }
  test_frame_free (flower);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Smoothing: the tables' state from frame to frame ---- */

/* Frames whose tables differ from one to the next: real images shifted
 * and darkened, and random bands. */
static TestFrame *
sequence_frame (GstVideoFormat format, guint i, GRand *rand)
{
  TestFrame *base = test_frame_load (format == GRAY8
                                         ? (i % 2 ? "camera.png" : "moon.png")
                                         : "flower_small.g.depth12.pgm");
  TestFrame *f = test_frame_new (format, base->width, base->height, 0);
  const guint shift = i * 7;

  for (guint y = 0; y < f->height; y++)
    for (guint x = 0; x < f->width; x++) {
      const guint v = test_frame_get (base, (x + shift) % base->width, y);

      test_frame_set (f, x, y,
          format == GRAY8 ? v * (8 - i % 3) / 8
                          : v * (16 - i % 5) + g_rand_int_range (rand, 0, 16));
    }
  test_frame_free (base);
  return f;
}

GST_START_TEST (test_smoothing)
{
  /* Smoothing on, switched off (the tables alone carry the state), on
   * again, and the extremes; clip and tiles kept. */
  const guint weights[] = { 200, 200, 128, 0, 0, 77, 255, 1, 0, 240 };
  GRand *rand = test_rand ();

  for (guint f = 0; f < 3; f++) {
    GstHarness *h = gst_harness_new ("clclahe");
    RefClaheState state = { 0 };
    const GstVideoFormat format = f == 0 ? GRAY8 : GRAY16_LE;

    if (f == 2)
      gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
    for (guint i = 0; i < G_N_ELEMENTS (weights); i++) {
      TestFrame *in = sequence_frame (format, i, rand);
      RefClaheParams p = params (i < 5 ? 2.0 : 3.5, 8, 6);

      p.smoothing = weights[i];
      p.to_8bit = f == 2;
      check_clahe_state (h, in, &p, &state);
      test_frame_free (in);
    }
    ref_clahe_state_clear (&state);
    gst_harness_teardown (h);
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Pushes @in with @flags, checks the output against the reference. */
static void
check_flagged (GstHarness *h, const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state, GstBufferFlags flags)
{
  TestFrame *expected = ref_clahe (in, p, state);
  GstBuffer *buf = test_frame_to_buffer (in);
  GstCaps *caps;
  TestFrame *out;

  set_params (h, p);
  GST_BUFFER_FLAG_SET (buf, flags);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  buf = gst_harness_pull (h);
  caps = gst_pad_get_current_caps (h->sinkpad);
  out = test_frame_from_buffer (buf, caps);
  fail_unless (test_frame_equal (expected, out), "smoothing %u after flags %x",
      p->smoothing, flags);
  gst_caps_unref (caps);
  gst_buffer_unref (buf);
  test_frame_free (expected);
  test_frame_free (out);
}

/* The state starts afresh after a flush, a discontinuity, new caps and
 * new tiles, and only then. */
GST_START_TEST (test_smoothing_restarts)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clclahe");
  RefClaheState state = { 0 };
  RefClaheParams p = params (2.0, 8, 8);
  TestFrame *frames[4];

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++)
    frames[i] = sequence_frame (GRAY8, i, rand);
  p.smoothing = 220;
  check_clahe_state (h, frames[0], &p, &state);
  check_clahe_state (h, frames[1], &p, &state);

  /* A flush. */
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_start ()));
  fail_unless (gst_harness_push_event (h, gst_event_new_flush_stop (TRUE)));
  {
    GstSegment segment;

    gst_segment_init (&segment, GST_FORMAT_TIME);
    fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));
  }
  ref_clahe_state_clear (&state);
  check_clahe_state (h, frames[2], &p, &state);
  check_clahe_state (h, frames[3], &p, &state);

  /* A discontinuity, then a plain buffer that keeps the state. */
  ref_clahe_state_clear (&state);
  check_flagged (h, frames[0], &p, &state, GST_BUFFER_FLAG_DISCONT);
  check_flagged (h, frames[1], &p, &state, 0);

  /* New tiles. */
  p.tiles_x = 5;
  ref_clahe_state_clear (&state);
  check_clahe_state (h, frames[2], &p, &state);
  check_clahe_state (h, frames[3], &p, &state);

  /* New caps: a frame of another size, then the first size again. */
  {
    TestFrame *small = test_frame_random (GRAY8, 40, 30, 0, 8, rand);

    ref_clahe_state_clear (&state);
    check_clahe_state (h, small, &p, &state);
    test_frame_free (small);
  }
  ref_clahe_state_clear (&state);
  check_clahe_state (h, frames[0], &p, &state);
  check_clahe_state (h, frames[1], &p, &state);

  ref_clahe_state_clear (&state);
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++)
    test_frame_free (frames[i]);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Randomized ---- */

static guint32
env_uint (const gchar *name, guint32 fallback)
{
  const gchar *v = g_getenv (name);

  return v && *v ? (guint32)strtoul (v, NULL, 0) : fallback;
}

/* Mostly small, some up to @max. */
static guint
random_dimension (GRand *rand, guint max)
{
  const guint kind = g_rand_int_range (rand, 0, 6);

  if (kind < 3)
    return g_rand_int_range (rand, 1, 9);
  if (kind < 5)
    return g_rand_int_range (rand, 1, 80);
  return g_rand_int_range (rand, 1, max + 1);
}

/* Uniform, constant, two values, a narrow band, a smooth ramp. */
static void
random_content (TestFrame *f, GRand *rand)
{
  const guint max = f->format == GRAY8 ? 255 : 65535;
  const guint kind = g_rand_int_range (rand, 0, 5);
  const guint a = g_rand_int_range (rand, 0, max + 1);
  const guint b = g_rand_int_range (rand, 0, max + 1);
  const guint band = g_rand_int_range (rand, 1, 40);

  for (guint y = 0; y < f->height; y++)
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
        default:
          v = MIN (max, a + (x * 3 + y * 5) % band * (max / 255 + 1));
          break;
      }
      test_frame_set (f, x, y, v);
    }
}

/* Random frames (format, size, stride, content) with random properties,
 * the smoothing state carried while the caps and tiles stay. The seed is
 * fixed and printed; CLFILTER_SEED=N replays another, CLFILTER_CLAHE_FRAMES=N
 * changes the count. */
GST_START_TEST (test_randomized)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", 20261123);
  const guint frames = env_uint ("CLFILTER_CLAHE_FRAMES", 150);
  GRand *rand = g_rand_new_with_seed (seed);
  GstHarness *h = gst_harness_new ("clclahe");
  RefClaheState state = { 0 };
  TestFrame *in = NULL;
  RefClaheParams p = params (2.0, 8, 8);

  g_print ("clclahe: %u random frames from seed %u (CLFILTER_SEED=%u "
           "replays them)\n",
      frames, seed, seed);
  for (guint i = 0; i < frames; i++) {
    TestFrame *expected, *out;

    /* A new frame and caps now and then; else the same caps, the state
     * carried on. */
    if (!in || g_rand_int_range (rand, 0, 3) == 0) {
      const GstVideoFormat format = formats[g_rand_int_range (rand, 0, 3)];
      const guint bpp = format == GRAY8 ? 1 : 2;
      const guint width = random_dimension (rand, 700);
      const guint height = random_dimension (rand, 400);
      const gsize stride = g_rand_boolean (rand)
                               ? (gsize)width * bpp
                               : (gsize)width * bpp +
                                     bpp * g_rand_int_range (rand, 1, 40);

      if (in)
        test_frame_free (in);
      in = test_frame_new (format, width, height, stride);
      ref_clahe_state_clear (&state);
    }
    random_content (in, rand);
    if (g_rand_int_range (rand, 0, 4) == 0) {
      p.tiles_x = g_rand_int_range (rand, 1, 65);
      p.tiles_y = g_rand_int_range (rand, 1, 65);
      /* GRAY16 tables of many tiles are hundreds of MiB. */
      if (in->format != GRAY8) {
        p.tiles_x = MIN (p.tiles_x, 16);
        p.tiles_y = MIN (p.tiles_y, 16);
      }
    }
    if (in->format != GRAY8 && p.tiles_x * p.tiles_y > 256)
      p.tiles_x = p.tiles_y = 8;
    p.clip_limit = g_rand_boolean (rand)
                       ? g_rand_double_range (rand, 0, 6)
                       : (gdouble)g_rand_int_range (rand, 0, 3);
    p.smoothing = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 0, 256);
    if (state.T && (state.tiles_x != p.tiles_x || state.tiles_y != p.tiles_y))
      ref_clahe_state_clear (&state);
    expected = ref_clahe (in, &p, &state);
    set_params (h, &p);
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (expected, out),
        "seed %u frame %u: %s %ux%u stride %" G_GSIZE_FORMAT " clip %.17g "
        "tiles %ux%u smoothing %u differs from the reference (replay: "
        "CLFILTER_SEED=%u)",
        seed, i, gst_video_format_to_string (in->format), in->width, in->height,
        in->stride, p.clip_limit, p.tiles_x, p.tiles_y, p.smoothing, seed);
    test_frame_free (expected);
    test_frame_free (out);
  }
  test_frame_free (in);
  ref_clahe_state_clear (&state);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- The histogram message ---- */

/* A harness whose element posts to a bus of the test's own. */
static GstHarness *
message_harness (GstBus **bus)
{
  GstHarness *h = gst_harness_new ("clclahe");

  *bus = gst_bus_new ();
  gst_element_set_bus (h->element, *bus);
  return h;
}

static void
message_harness_free (GstHarness *h, GstBus *bus)
{
  fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
      "more than one message per frame");
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

/* Pushes @in at @pts (a 40 ms frame) and checks every output pixel against
 * the reference for @p (its range from @in's caps): the message's kernels,
 * queued first, must not disturb the equalization. */
static void
push_checked (GstHarness *h, const TestFrame *in, const RefClaheParams *p,
    GstClockTime pts)
{
  GstCaps *caps = test_frame_caps (in);
  GstCaps *current = gst_pad_get_current_caps (h->srcpad);
  GstBuffer *buf = test_frame_to_buffer (in);
  TestFrame *expected = ref_clahe_frame (in, p, NULL);
  TestFrame *out;
  GstBuffer *outbuf;

  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);
  gst_caps_unref (caps);
  GST_BUFFER_PTS (buf) = pts;
  GST_BUFFER_DURATION (buf) = 40 * GST_MSECOND;
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  outbuf = gst_harness_pull (h);
  fail_unless (outbuf != NULL);
  caps = gst_pad_get_current_caps (h->sinkpad);
  out = test_frame_from_buffer (outbuf, caps);
  fail_unless (test_frame_equal (expected, out), "%s %ux%u differs",
      gst_video_format_to_string (in->format), in->width, in->height);
  gst_buffer_unref (outbuf);
  gst_caps_unref (caps);
  test_frame_free (expected);
  test_frame_free (out);
}

/* The one message of the frame @in pushed at @pts with @message_bins:
 * every field from a plain count of @in's gray or luma samples. */
static void
check_message (GstHarness *h, GstBus *bus, const TestFrame *in,
    guint message_bins, GstClockTime pts)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);
  const GstStructure *s;
  guint nbins, u;
  guint64 *hist = ref_histogram (in, &nbins);
  guint64 u64;
  gchar *why;
  const gchar *times[] = { "timestamp", "stream-time", "running-time" };
  const guint expected_roi[] = { 0, 0, in->width, in->height };
  const gchar *rois[] = { "roi-x", "roi-y", "roi-width", "roi-height" };

  fail_unless (msg != NULL, "no message for %s %ux%u",
      gst_video_format_to_string (in->format), in->width, in->height);
  fail_unless (GST_MESSAGE_SRC (msg) == GST_OBJECT (h->element));
  s = gst_message_get_structure (msg);
  fail_unless (gst_structure_has_name (s, "histogram"));
  /* Nothing more nor less than clhistogram's fields. */
  fail_unless_equals_int (gst_structure_n_fields (s), 16);
  for (guint i = 0; i < G_N_ELEMENTS (times); i++) {
    fail_unless (gst_structure_get_uint64 (s, times[i], &u64), "%s", times[i]);
    fail_unless_equals_uint64 (u64, pts);
  }
  fail_unless (gst_structure_get_uint64 (s, "duration", &u64));
  fail_unless_equals_uint64 (u64, 40 * GST_MSECOND);
  /* The input's format, also where the output is GRAY8. */
  fail_unless_equals_string (gst_structure_get_string (s, "format"),
      gst_video_format_to_string (in->format));

  why = test_histogram_counts_differ (s, hist, nbins, message_bins,
      (guint64)in->width * in->height);
  fail_unless (why == NULL, "%s %ux%u: %s",
      gst_video_format_to_string (in->format), in->width, in->height, why);
  for (guint i = 0; i < 4; i++) {
    fail_unless (gst_structure_get_uint (s, rois[i], &u), "no %s", rois[i]);
    fail_unless_equals_int (u, expected_roi[i]);
  }
  gst_message_unref (msg);
  g_free (hist);
}

/* The message-bins values the message tests set: all, one, some, more
 * than 8-bit formats have, and one that is no power of two (64). */
static const guint message_bins_set[] = { 256, 1, 16, 65536, 100 };

static guint
effective_bins (guint message_bins)
{
  return message_bins == 100 ? 64 : message_bins;
}

GST_START_TEST (test_message_gray)
{
  GRand *rand = test_rand ();
  GstClockTime pts = 0;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    for (guint to8 = 0; to8 < (formats[f] == GRAY8 ? 1 : 2); to8++) {
      GstBus *bus;
      GstHarness *h = message_harness (&bus);
      RefClaheParams p = params (3.0, 5, 3);

      p.to_8bit = to8;
      if (to8)
        gst_harness_set_sink_caps_str (h, "video/x-raw,format=GRAY8");
      g_object_set (h->element, "post-messages", TRUE, NULL);
      set_params (h, &p);
      for (guint b = 0; b < G_N_ELEMENTS (message_bins_set); b++) {
        /* Random sizes and padded rows; 12-bit values for GRAY16 too,
         * whose top bins stay empty. */
        const guint width = g_rand_int_range (rand, 1, 150);
        const guint height = g_rand_int_range (rand, 1, 90);
        const guint bits = formats[f] == GRAY8 ? 8 : (b % 2 ? 12 : 16);
        TestFrame *in = test_frame_random (formats[f], width, height,
            width * test_format_depth (formats[f]) / 8 +
                g_rand_int_range (rand, 0, 9),
            bits, rand);

        g_object_set (h->element, "message-bins", message_bins_set[b], NULL);
        push_checked (h, in, &p, pts);
        check_message (h, bus, in, effective_bins (message_bins_set[b]), pts);
        pts += 40 * GST_MSECOND;
        test_frame_free (in);
      }
      /* Real images, whole histograms. */
      {
        TestFrame *real = test_frame_load (
            formats[f] == GRAY8 ? "camera.png" : "flower_small.g.depth12.pgm");
        TestFrame *in = test_frame_copy (real, formats[f], 0);

        g_object_set (h->element, "message-bins", 65536, NULL);
        push_checked (h, in, &p, pts);
        check_message (h, bus, in, 65536, pts);
        test_frame_free (real);
        test_frame_free (in);
      }
      message_harness_free (h, bus);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_message_yuv)
{
  const GstVideoFormat yuv[] = { GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420,
    GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_Y444 };
  const gchar *ranges[] = { TEST_COLORIMETRY_FULL, TEST_COLORIMETRY_LIMITED };
  GRand *rand = test_rand ();

  for (guint f = 0; f < G_N_ELEMENTS (yuv); f++) {
    for (guint r = 0; r < G_N_ELEMENTS (ranges); r++) {
      GstBus *bus;
      GstHarness *h = message_harness (&bus);
      RefClaheParams p = params (2.0, 4, 6);
      GstClockTime pts = 0;

      p.limited = r == 1;
      set_params (h, &p);
      g_object_set (h->element, "post-messages", TRUE, NULL);
      for (guint b = 0; b < G_N_ELEMENTS (message_bins_set); b++) {
        TestFrame *in = test_frame_random (yuv[f],
            g_rand_int_range (rand, 1, 120), g_rand_int_range (rand, 1, 70), 0,
            8, rand);

        test_frame_set_colorimetry (in, ranges[r]);
        g_object_set (h->element, "message-bins", message_bins_set[b], NULL);
        push_checked (h, in, &p, pts);
        check_message (h, bus, in, effective_bins (message_bins_set[b]), pts);
        pts += 40 * GST_MSECOND;
        test_frame_free (in);
      }
      message_harness_free (h, bus);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* YUV of 10 to 16 bits: the histogram over its 2^d bins, message-bins up
 * to 65536 (no more than 2^d), `format` the input's also into 8 bits. */
GST_START_TEST (test_message_high_depth)
{
  const GstVideoFormat depth[] = { GST_VIDEO_FORMAT_P010_10LE,
    GST_VIDEO_FORMAT_I420_12LE, GST_VIDEO_FORMAT_Y444_16LE };
  GRand *rand = test_rand ();

  for (guint f = 0; f < G_N_ELEMENTS (depth); f++) {
    for (guint to8 = 0; to8 < 2; to8++) {
      GstBus *bus;
      GstHarness *h = message_harness (&bus);
      RefClaheParams p = params (2.0, 5, 4);
      GstClockTime pts = 0;

      p.to_8bit = to8;
      if (to8) {
        gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
            gst_video_format_to_string (test_format_narrow (depth[f])));

        gst_harness_set_sink_caps_str (h, caps);
        g_free (caps);
      }
      set_params (h, &p);
      g_object_set (h->element, "post-messages", TRUE, NULL);
      for (guint b = 0; b < G_N_ELEMENTS (message_bins_set); b++) {
        const guint d = test_format_depth (depth[f]);
        TestFrame *in = test_frame_random (depth[f],
            g_rand_int_range (rand, 1, 120), g_rand_int_range (rand, 1, 70), 0,
            d, rand);

        test_frame_set_colorimetry (in,
            b % 2 ? TEST_COLORIMETRY_FULL : TEST_COLORIMETRY_LIMITED);
        g_object_set (h->element, "message-bins", message_bins_set[b], NULL);
        push_checked (h, in, &p, pts);
        check_message (h, bus, in,
            MIN (effective_bins (message_bins_set[b]), 1u << d), pts);
        pts += 40 * GST_MSECOND;
        test_frame_free (in);
      }
      message_harness_free (h, bus);
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* Off by default; on and off again while playing, one message for each
 * frame that asked for it and none for the others. */
GST_START_TEST (test_message_on_and_off)
{
  const gboolean on[] = { FALSE, FALSE, TRUE, TRUE, FALSE, TRUE, FALSE };
  GRand *rand = test_rand ();
  GstBus *bus;
  GstHarness *h = message_harness (&bus);
  RefClaheParams p = params (2.0, 8, 8);
  gboolean post;

  g_object_get (h->element, "post-messages", &post, NULL);
  fail_if (post, "post-messages is on by default");
  for (guint i = 0; i < G_N_ELEMENTS (on); i++) {
    /* A change of caps halfway. */
    TestFrame *in = test_frame_random (i < 3 ? GRAY8 : GRAY16_BE, 40 + i, 30, 0,
        i < 3 ? 8 : 16, rand);

    if (i > 0)
      g_object_set (h->element, "post-messages", on[i], NULL);
    push_checked (h, in, &p, i * 40 * GST_MSECOND);
    if (on[i])
      check_message (h, bus, in, 256, i * 40 * GST_MSECOND);
    else
      fail_unless (gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT) == NULL,
          "a message from frame %u with post-messages off", i);
    test_frame_free (in);
  }
  message_harness_free (h, bus);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Properties ---- */

GST_START_TEST (test_properties)
{
  GstElement *e = gst_element_factory_make ("clclahe", NULL);
  gdouble clip;
  guint tx, ty, smoothing, bins;
  gboolean post;
  GParamSpec *spec;

  fail_unless (e != NULL);
  g_object_get (e, "clip-limit", &clip, "tiles-x", &tx, "tiles-y", &ty,
      "smoothing", &smoothing, NULL);
  fail_unless (clip == 2.0);
  fail_unless_equals_int (tx, 8);
  fail_unless_equals_int (ty, 8);
  fail_unless_equals_int (smoothing, 0);
  g_object_get (e, "post-messages", &post, "message-bins", &bins, NULL);
  fail_if (post);
  fail_unless_equals_int (bins, 256);
  /* Rounded down to a power of two, as clhistequalize's. */
  g_object_set (e, "message-bins", 1000, NULL);
  g_object_get (e, "message-bins", &bins, NULL);
  fail_unless_equals_int (bins, 512);
  spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e), "message-bins");
  fail_unless_equals_int (G_PARAM_SPEC_UINT (spec)->minimum, 1);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (spec)->maximum, 65536);
  spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e), "tiles-x");
  fail_unless_equals_int (G_PARAM_SPEC_UINT (spec)->minimum, 1);
  fail_unless_equals_int (G_PARAM_SPEC_UINT (spec)->maximum, 64);
  spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e), "smoothing");
  fail_unless_equals_int (G_PARAM_SPEC_UINT (spec)->maximum, 255);
  for (const gchar **n = (const gchar *[]){ "clip-limit", "tiles-x", "tiles-y",
           "smoothing", "post-messages", "message-bins", "attach-meta", NULL };
       *n; n++) {
    spec = g_object_class_find_property (G_OBJECT_GET_CLASS (e), *n);
    fail_unless (spec->flags & GST_PARAM_MUTABLE_PLAYING, "%s", *n);
  }
  gst_object_unref (e);
}

GST_END_TEST;

/* Every property changed between frames of one stream. */
GST_START_TEST (test_changes_while_playing)
{
  GRand *rand = test_rand ();
  GstHarness *h = gst_harness_new ("clclahe");
  TestFrame *in = test_frame_load ("camera.png");

  for (guint i = 0; i < 12; i++) {
    RefClaheParams p = params (g_rand_double_range (rand, 0, 6),
        g_rand_int_range (rand, 1, 20), g_rand_int_range (rand, 1, 20));

    check_clahe (h, in, &p);
  }
  test_frame_free (in);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- Pipelines ---- */

GST_START_TEST (test_pipelines)
{
  const gchar *descs[] = {
    "videotestsrc num-buffers=5 ! video/x-raw,format=I420,width=320,"
    "height=240 ! clclahe ! videoconvert ! video/x-raw,format=RGBx ! "
    "fakesink",
    "videotestsrc num-buffers=5 pattern=ball ! video/x-raw,format=GRAY16_BE,"
    "width=97,height=35 ! clclahe smoothing=200 ! video/x-raw,format=GRAY8 ! "
    "fakesink",
    "videotestsrc num-buffers=5 ! video/x-raw,format=RGB,width=64,height=48 ! "
    "videoconvert ! clclahe tiles-x=3 tiles-y=2 clip-limit=0 ! videoconvert ! "
    "fakesink",
    "videotestsrc num-buffers=3 ! video/x-raw,format=GRAY8,width=64,height=48 "
    "! clclahe ! clhistequalize post-messages=false ! clsobel ! fakesink",
  };

  for (guint i = 0; i < G_N_ELEMENTS (descs); i++) {
    gchar *error = test_run_pipeline (descs[i], NULL);

    fail_unless (error == NULL, "%s: %s", descs[i], error);
  }
}

GST_END_TEST;

static Suite *
clclahe_suite (void)
{
  Suite *s = suite_create ("clclahe");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_gray16_to_gray8);
  tcase_add_test (tc, test_tiles);
  tcase_add_test (tc, test_flat_frames);
  tcase_add_test (tc, test_yuv);
  tcase_add_test (tc, test_high_depth_real);
  tcase_add_test (tc, test_high_depth_hand_values);
  tcase_add_test (tc, test_high_depth_smoothing);
  tcase_add_test (tc, test_smoothing);
  tcase_add_test (tc, test_smoothing_restarts);
  tcase_add_test (tc, test_randomized);
  tcase_add_test (tc, test_message_gray);
  tcase_add_test (tc, test_message_yuv);
  tcase_add_test (tc, test_message_high_depth);
  tcase_add_test (tc, test_message_on_and_off);
  tcase_add_test (tc, test_properties);
  tcase_add_test (tc, test_changes_while_playing);
  tcase_add_test (tc, test_pipelines);
  return s;
}

GST_CHECK_MAIN (clclahe);
