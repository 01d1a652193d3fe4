/* gst-clfilter tests: the test frames themselves
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
 * TestFrame works out plane layouts from GstVideoFormatInfo on its own;
 * here GStreamer's own code reads the same buffers (gst_video_frame_map
 * and the formats' unpack functions), so that a layout mistake cannot hide
 * behind the element tests, which would make the same mistake on both
 * sides of a comparison. No OpenCL element runs here.
 */
#include <gst/check/gstcheck.h>
#include <string.h>

#include "cltestutils.h"

/* Every component of every pixel of @f as GStreamer unpacks @buf, with its
 * caps: Y (or gray), U and V at the subsampled position. */
static void
check_unpacked (const TestFrame *f, GstBuffer *buf)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (f->format);
  const gboolean wide = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) > 8;
  GstCaps *caps = test_frame_caps (f);
  GstVideoInfo info;
  GstVideoFrame vf;
  gpointer line = g_malloc (f->width * 8);

  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless (gst_video_frame_map (&vf, &info, buf, GST_MAP_READ));
  for (guint y = 0; y < f->height; y++) {
    finfo->unpack_func (finfo, GST_VIDEO_PACK_FLAG_NONE, line, vf.data,
        vf.info.stride, 0, y, f->width);
    for (guint x = 0; x < f->width; x++) {
      /* AYUV, ARGB or AYUV64 (ARGB64 for gray: luma in R, G and B). */
      const guint n = test_frame_n_components (f);

      for (guint k = 0; k < n; k++) {
        const guint sx = x >> GST_VIDEO_FORMAT_INFO_W_SUB (finfo, k);
        const guint sy = y >> GST_VIDEO_FORMAT_INFO_H_SUB (finfo, k);
        /* Alpha, component 3 of RGBA and the like, unpacks first. */
        const guint at = k == 3 ? 0 : 1 + k;
        const guint unpacked = wide ? ((guint16 *)line)[4 * x + at]
                                    : ((guint8 *)line)[4 * x + at];

        fail_unless_equals_int (unpacked, test_frame_get_comp (f, k, sx, sy));
      }
    }
  }
  gst_video_frame_unmap (&vf);
  gst_caps_unref (caps);
  g_free (line);
}

/* Random frames of every format, sizes from 1x1, strides and gaps random:
 * the buffer holds what the accessors say, and reading it back gives the
 * same frame, padding pattern included. */
GST_START_TEST (test_layout_against_gstreamer)
{
  GRand *rand = g_rand_new_with_seed (31);
  const guint sizes[][2] = { { 1, 1 }, { 2, 2 }, { 3, 1 }, { 1, 3 }, { 7, 5 },
    { 64, 48 }, { 33, 17 } };

  for (guint f = 0; f < test_n_all_formats; f++) {
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
      for (guint padded = 0; padded < 2; padded++) {
        const GstVideoFormat format = test_all_formats[f];
        gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
        TestFrame *in, *back;
        GstBuffer *buf;
        GstCaps *caps;

        if (padded)
          test_random_strides (format, sizes[s][0], 9, rand, strides);
        in = test_frame_random_strides (format, sizes[s][0], sizes[s][1],
            strides, test_format_depth (format), rand);
        in->plane_gap = padded ? g_rand_int_range (rand, 0, 13) : 0;
        in->planes_reversed = padded && s % 2;
        buf = test_frame_to_buffer (in);
        check_unpacked (in, buf);
        caps = test_frame_caps (in);
        back = test_frame_from_buffer (buf, caps);
        fail_unless (test_frame_equal (in, back), "%s %ux%u",
            gst_video_format_to_string (format), sizes[s][0], sizes[s][1]);
        gst_caps_unref (caps);
        gst_buffer_unref (buf);
        test_frame_free (back);
        test_frame_free (in);
      }
    }
  }
  g_rand_free (rand);
}

GST_END_TEST;

/* The chroma of subsampled formats rounds up as GstVideoInfo's does, and
 * packed rows match GStreamer's plane sizes where it does not pad. */
GST_START_TEST (test_plane_sizes)
{
  for (guint f = 0; f < test_n_all_formats; f++) {
    for (guint w = 1; w <= 9; w++) {
      for (guint h = 1; h <= 5; h++) {
        const GstVideoFormat format = test_all_formats[f];
        GstVideoInfo info;
        TestFrame *t = test_frame_new (format, w, h, 0);

        fail_unless (gst_video_info_set_format (&info, format, w, h));
        fail_unless_equals_int (t->n_planes, GST_VIDEO_INFO_N_PLANES (&info));
        for (guint k = 0; k < GST_VIDEO_INFO_N_COMPONENTS (&info); k++) {
          fail_unless_equals_int (test_frame_comp_width (t, k),
              GST_VIDEO_INFO_COMP_WIDTH (&info, k));
          fail_unless_equals_int (test_frame_comp_height (t, k),
              GST_VIDEO_INFO_COMP_HEIGHT (&info, k));
        }
        for (guint p = 0; p < t->n_planes; p++)
          /* GStreamer rounds its default strides up to 4 bytes. */
          fail_unless (GST_ROUND_UP_4 (t->strides[p]) ==
                               (gsize)GST_VIDEO_INFO_PLANE_STRIDE (&info, p) ||
                           t->strides[p] ==
                               (gsize)GST_VIDEO_INFO_PLANE_STRIDE (&info, p),
              "%s %ux%u plane %u: row of %" G_GSIZE_FORMAT ", stride %d",
              gst_video_format_to_string (format), w, h, p, t->strides[p],
              GST_VIDEO_INFO_PLANE_STRIDE (&info, p));
        test_frame_free (t);
      }
    }
  }
}

GST_END_TEST;

/* What the reference needs to pick a table: GStreamer's own reading of the
 * caps that test_frame_caps makes. */
GST_START_TEST (test_range_from_caps)
{
  TestFrame *yuv = test_frame_new (GST_VIDEO_FORMAT_NV12, 8, 8, 0);
  TestFrame *gray = test_frame_new (GST_VIDEO_FORMAT_GRAY8, 8, 8, 0);

  fail_if (test_frame_full_range (yuv));
  test_frame_set_colorimetry (yuv, TEST_COLORIMETRY_LIMITED);
  fail_if (test_frame_full_range (yuv));
  test_frame_set_colorimetry (yuv, "bt709");
  fail_if (test_frame_full_range (yuv));
  test_frame_set_colorimetry (yuv, TEST_COLORIMETRY_FULL);
  fail_unless (test_frame_full_range (yuv));
  test_frame_set_colorimetry (yuv, NULL);
  fail_if (test_frame_full_range (yuv));
  fail_unless (test_frame_full_range (gray));
  test_frame_free (yuv);
  test_frame_free (gray);
}

GST_END_TEST;

static Suite *
testutils_suite (void)
{
  Suite *s = suite_create ("testutils");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_layout_against_gstreamer);
  tcase_add_test (tc, test_plane_sizes);
  tcase_add_test (tc, test_range_from_caps);
  return s;
}

GST_CHECK_MAIN (testutils);
