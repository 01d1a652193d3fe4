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
#include <glib/gstdio.h>
#include <gst/check/gstharness.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cltestutils.h"

const GstVideoFormat test_all_formats[] = { GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_GRAY16_BE, GST_VIDEO_FORMAT_I420,
  GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV21,
  GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_YUY2,
  GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA,
  GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGBx,
  GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_xBGR,
  GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_BGR };
const guint test_n_all_formats = G_N_ELEMENTS (test_all_formats);
const GstVideoFormat test_rgb_formats[] = { GST_VIDEO_FORMAT_RGBA,
  GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_ABGR,
  GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_xRGB,
  GST_VIDEO_FORMAT_xBGR, GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_BGR };
const guint test_n_rgb_formats = G_N_ELEMENTS (test_rgb_formats);
const GstVideoFormat test_yuv_formats[] = { GST_VIDEO_FORMAT_I420,
  GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV21,
  GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_YUY2,
  GST_VIDEO_FORMAT_UYVY };
const guint test_n_yuv_formats = G_N_ELEMENTS (test_yuv_formats);
const GstVideoFormat test_high_depth_formats[] = { GST_VIDEO_FORMAT_P010_10LE,
  GST_VIDEO_FORMAT_P012_LE, GST_VIDEO_FORMAT_P016_LE,
  GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I420_12LE,
  GST_VIDEO_FORMAT_I422_10LE, GST_VIDEO_FORMAT_Y444_10LE,
  GST_VIDEO_FORMAT_Y444_16LE };
const guint test_n_high_depth_formats = G_N_ELEMENTS (test_high_depth_formats);

GstVideoFormat
test_format_narrow (GstVideoFormat format)
{
  switch (format) {
    case GST_VIDEO_FORMAT_P010_10LE:
    case GST_VIDEO_FORMAT_P012_LE:
    case GST_VIDEO_FORMAT_P016_LE:
      return GST_VIDEO_FORMAT_NV12;
    case GST_VIDEO_FORMAT_I420_10LE:
    case GST_VIDEO_FORMAT_I420_12LE:
      return GST_VIDEO_FORMAT_I420;
    case GST_VIDEO_FORMAT_I422_10LE:
      return GST_VIDEO_FORMAT_Y42B;
    case GST_VIDEO_FORMAT_Y444_10LE:
    case GST_VIDEO_FORMAT_Y444_16LE:
      return GST_VIDEO_FORMAT_Y444;
    default:
      g_assert_not_reached ();
      return GST_VIDEO_FORMAT_UNKNOWN;
  }
}

gboolean
test_format_is_yuv (GstVideoFormat format)
{
  return GST_VIDEO_FORMAT_INFO_IS_YUV (gst_video_format_get_info (format));
}

gboolean
test_format_is_rgb (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  return GST_VIDEO_FORMAT_INFO_IS_RGB (finfo) &&
         GST_VIDEO_FORMAT_INFO_N_PLANES (finfo) == 1 &&
         GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) == 8;
}

static const GstVideoFormatInfo *
format_info (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  g_assert (finfo != NULL);
  return finfo;
}

static guint
comp_bytes (const GstVideoFormatInfo *finfo, guint comp)
{
  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, comp) > 8 ? 2 : 1;
}

/* GStreamer 1.22 gives P010_10LE's V (and P012_LE's, P016_LE's) NV12's
 * offset, 1 byte, where the samples are words: its own unpacking reads V
 * 2 bytes on. */
static guint
comp_offset (const GstVideoFormatInfo *finfo, guint comp)
{
  return GST_ROUND_UP_N (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, comp),
      comp_bytes (finfo, comp));
}

guint
test_format_depth (GstVideoFormat format)
{
  return GST_VIDEO_FORMAT_INFO_DEPTH (format_info (format), 0);
}

guint
test_format_n_planes (GstVideoFormat format)
{
  return GST_VIDEO_FORMAT_INFO_N_PLANES (format_info (format));
}

/* The last byte any component of the plane uses, plus one: a packed row.
 * For YUY2 of odd width that includes the luma slot of the last
 * macropixel, which holds no pixel. */
gsize
test_format_row_bytes (GstVideoFormat format, guint width, guint plane)
{
  const GstVideoFormatInfo *finfo = format_info (format);
  gsize row = 0;

  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
    const guint w = GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, c, width);

    if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) != plane)
      continue;
    row = MAX (row,
        comp_offset (finfo, c) +
            (gsize)(w - 1) * GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c) +
            comp_bytes (finfo, c));
    /* Packed RGB: whole pixels, RGBx's x too. */
    if (GST_VIDEO_FORMAT_INFO_IS_RGB (finfo))
      row = MAX (row, (gsize)w * GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c));
  }
  return row;
}

guint
test_format_plane_height (GstVideoFormat format, guint height, guint plane)
{
  const GstVideoFormatInfo *finfo = format_info (format);
  guint rows = 0;

  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++)
    if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) == plane)
      rows = MAX (rows,
          (guint)GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, c, height));
  return rows;
}

guint
test_frame_bpp (const TestFrame *f)
{
  return comp_bytes (format_info (f->format), 0);
}

TestFrame *
test_frame_new_strides (GstVideoFormat format, guint width, guint height,
    const gsize *strides)
{
  TestFrame *f = g_new0 (TestFrame, 1);

  g_assert (width > 0 && height > 0);
  f->format = format;
  f->width = width;
  f->height = height;
  f->n_planes = test_format_n_planes (format);
  for (guint p = 0; p < f->n_planes; p++) {
    const gsize row = test_format_row_bytes (format, width, p);
    const gsize size = (strides && strides[p] ? strides[p] : row) *
                       test_format_plane_height (format, height, p);

    f->strides[p] = strides && strides[p] ? strides[p] : row;
    g_assert_cmpuint (f->strides[p], >=, row);
    /* Padding holds a pattern the elements must neither read nor count. */
    f->planes[p] = g_malloc (size);
    memset (f->planes[p], 0xA5, size);
  }
  f->stride = f->strides[0];
  f->data = f->planes[0];
  return f;
}

TestFrame *
test_frame_new (GstVideoFormat format, guint width, guint height, gsize stride)
{
  const gsize strides[GST_VIDEO_MAX_PLANES] = { stride };

  return test_frame_new_strides (format, width, height, strides);
}

void
test_frame_free (TestFrame *f)
{
  for (guint p = 0; p < f->n_planes; p++)
    g_free (f->planes[p]);
  g_free (f);
}

guint
test_frame_n_components (const TestFrame *f)
{
  return GST_VIDEO_FORMAT_INFO_N_COMPONENTS (format_info (f->format));
}

guint
test_frame_comp_width (const TestFrame *f, guint comp)
{
  return GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (format_info (f->format), comp,
      f->width);
}

guint
test_frame_comp_height (const TestFrame *f, guint comp)
{
  return GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (format_info (f->format), comp,
      f->height);
}

static guint8 *
comp_pointer (const TestFrame *f, const GstVideoFormatInfo *finfo, guint comp,
    guint x, guint y)
{
  const guint plane = GST_VIDEO_FORMAT_INFO_PLANE (finfo, comp);

  g_assert (
      x < (guint)GST_VIDEO_FORMAT_INFO_SCALE_WIDTH (finfo, comp, f->width));
  g_assert (
      y < (guint)GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (finfo, comp, f->height));
  return f->planes[plane] + y * f->strides[plane] + comp_offset (finfo, comp) +
         (gsize)x * GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, comp);
}

guint
test_frame_get_comp (const TestFrame *f, guint comp, guint x, guint y)
{
  const GstVideoFormatInfo *finfo = format_info (f->format);
  const guint8 *p = comp_pointer (f, finfo, comp, x, y);
  const guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, comp);

  if (comp_bytes (finfo, comp) == 1)
    return p[0];
  return (GST_VIDEO_FORMAT_INFO_IS_LE (finfo) ? GST_READ_UINT16_LE (p)
                                              : GST_READ_UINT16_BE (p)) >>
         shift;
}

void
test_frame_set_comp (TestFrame *f, guint comp, guint x, guint y, guint v)
{
  const GstVideoFormatInfo *finfo = format_info (f->format);
  guint8 *p = comp_pointer (f, finfo, comp, x, y);
  const guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, comp);

  /* A value the format cannot hold is a test's bug, not to be wrapped;
   * a word's bits above the depth where the value is its low bits are
   * the out-of-range bits the elements must ignore. */
  g_assert_cmpuint (v, <,
      comp_bytes (finfo, comp) == 1 ? 256u
      : shift ? 1u << GST_VIDEO_FORMAT_INFO_DEPTH (finfo, comp)
              : 65536u);
  v <<= shift;
  if (comp_bytes (finfo, comp) == 1) {
    p[0] = v;
  } else if (GST_VIDEO_FORMAT_INFO_IS_LE (finfo)) {
    GST_WRITE_UINT16_LE (p, v);
  } else {
    GST_WRITE_UINT16_BE (p, v);
  }
}

guint
test_frame_get (const TestFrame *f, guint x, guint y)
{
  return test_frame_get_comp (f, 0, x, y);
}

guint
test_frame_value (const TestFrame *f, guint x, guint y)
{
  return test_frame_get (f, x, y) & ((1u << test_format_depth (f->format)) - 1);
}

void
test_frame_set (TestFrame *f, guint x, guint y, guint v)
{
  test_frame_set_comp (f, 0, x, y, v);
}

TestFrame *
test_frame_copy_strides (const TestFrame *f, GstVideoFormat format,
    const gsize *strides)
{
  TestFrame *c = test_frame_new_strides (format, f->width, f->height, strides);
  const guint n = test_frame_n_components (f);

  g_assert_cmpuint (test_frame_n_components (c), ==, n);
  for (guint k = 0; k < n; k++) {
    const guint w = test_frame_comp_width (f, k);
    const guint h = test_frame_comp_height (f, k);

    g_assert_cmpuint (test_frame_comp_width (c, k), ==, w);
    g_assert_cmpuint (test_frame_comp_height (c, k), ==, h);
    g_assert_cmpuint (comp_bytes (format_info (format), k), ==,
        comp_bytes (format_info (f->format), k));
    for (guint y = 0; y < h; y++)
      for (guint x = 0; x < w; x++)
        test_frame_set_comp (c, k, x, y, test_frame_get_comp (f, k, x, y));
  }
  test_frame_set_colorimetry (c, f->colorimetry);
  return c;
}

TestFrame *
test_frame_copy (const TestFrame *f, GstVideoFormat format, gsize stride)
{
  const gsize strides[GST_VIDEO_MAX_PLANES] = { stride };

  return test_frame_copy_strides (f, format, strides);
}

static void
fill_chroma (TestFrame *f, GRand *rand)
{
  for (guint k = 1; k < test_frame_n_components (f); k++)
    for (guint y = 0; y < test_frame_comp_height (f, k); y++)
      for (guint x = 0; x < test_frame_comp_width (f, k); x++)
        test_frame_set_comp (f, k, x, y,
            g_rand_int (rand) &
                ((1u << GST_VIDEO_FORMAT_INFO_DEPTH (format_info (f->format),
                      k)) -
                    1));
}

TestFrame *
test_frame_from_gray (const TestFrame *gray, GstVideoFormat format, GRand *rand)
{
  TestFrame *f = test_frame_new (format, gray->width, gray->height, 0);

  g_assert_cmpint (gray->format, ==, GST_VIDEO_FORMAT_GRAY8);
  for (guint y = 0; y < f->height; y++)
    for (guint x = 0; x < f->width; x++)
      test_frame_set (f, x, y, test_frame_get (gray, x, y));
  fill_chroma (f, rand);
  return f;
}

TestFrame *
test_frame_random_strides (GstVideoFormat format, guint width, guint height,
    const gsize *strides, guint bits, GRand *rand)
{
  TestFrame *f = test_frame_new_strides (format, width, height, strides);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      test_frame_set (f, x, y, g_rand_int (rand) & ((1u << bits) - 1));
  fill_chroma (f, rand);
  return f;
}

TestFrame *
test_frame_random (GstVideoFormat format, guint width, guint height,
    gsize stride, guint bits, GRand *rand)
{
  const gsize strides[GST_VIDEO_MAX_PLANES] = { stride };

  return test_frame_random_strides (format, width, height, strides, bits, rand);
}

void
test_random_strides (GstVideoFormat format, guint width, guint max_pad,
    GRand *rand, gsize *strides)
{
  for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++)
    strides[p] = p < test_format_n_planes (format)
                     ? test_format_row_bytes (format, width, p) +
                           g_rand_int_range (rand, 1, max_pad + 1)
                     : 0;
}

void
test_frame_set_colorimetry (TestFrame *f, const gchar *colorimetry)
{
  g_strlcpy (f->colorimetry, colorimetry ? colorimetry : "",
      sizeof (f->colorimetry));
}

/* No gst-check assertion: the fuzzer calls this (through the reference)
 * without a check runner. */
gboolean
test_frame_full_range (const TestFrame *f)
{
  GstCaps *caps = test_frame_caps (f);
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps))
    g_error ("no video info for %" GST_PTR_FORMAT, caps);
  gst_caps_unref (caps);
  return info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
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
  GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      gst_video_format_to_string (f->format), "width", G_TYPE_INT, f->width,
      "height", G_TYPE_INT, f->height, "framerate", GST_TYPE_FRACTION, 25, 1,
      NULL);

  if (f->colorimetry[0])
    gst_caps_set_simple (caps, "colorimetry", G_TYPE_STRING, f->colorimetry,
        NULL);
  return caps;
}

GstBuffer *
test_frame_to_buffer (const TestFrame *f)
{
  gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
  gint stride[GST_VIDEO_MAX_PLANES] = { 0 };
  gsize size[GST_VIDEO_MAX_PLANES] = { 0 };
  gsize total = 0;
  GstBuffer *buf;
  GstMapInfo map;

  for (guint i = 0; i < f->n_planes; i++) {
    const guint p = f->planes_reversed ? f->n_planes - 1 - i : i;

    size[p] = f->strides[p] *
              test_format_plane_height (f->format, f->height, p);
    offset[p] = total + f->plane_gap;
    stride[p] = f->strides[p];
    total = offset[p] + size[p];
  }
  buf = gst_buffer_new_allocate (NULL, total, NULL);
  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  memset (map.data, 0xA5, total);
  for (guint p = 0; p < f->n_planes; p++)
    memcpy (map.data + offset[p], f->planes[p], size[p]);
  gst_buffer_unmap (buf, &map);
  gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE, f->format,
      f->width, f->height, f->n_planes, offset, stride);
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
  for (guint p = 0; p < f->n_planes; p++)
    for (guint y = 0; y < test_format_plane_height (f->format, f->height, p);
         y++)
      memcpy (f->planes[p] + y * f->strides[p],
          (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, p) +
              y * GST_VIDEO_FRAME_PLANE_STRIDE (&vf, p),
          f->strides[p]);
  gst_video_frame_unmap (&vf);
  test_frame_set_colorimetry (f,
      gst_structure_get_string (gst_caps_get_structure (caps, 0),
          "colorimetry"));
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
  const GstVideoFormatInfo *finfo;

  if (e->format != a->format || e->width != a->width ||
      e->height != a->height) {
    g_printerr ("frame mismatch: %s %ux%u vs %s %ux%u\n",
        gst_video_format_to_string (e->format), e->width, e->height,
        gst_video_format_to_string (a->format), a->width, a->height);
    return FALSE;
  }
  finfo = format_info (e->format);
  for (guint k = 0; k < test_frame_n_components (e); k++)
    for (guint y = 0; y < test_frame_comp_height (e, k); y++)
      for (guint x = 0; x < test_frame_comp_width (e, k); x++)
        if (test_frame_get_comp (e, k, x, y) !=
            test_frame_get_comp (a, k, x, y)) {
          g_printerr ("%s %ux%u: %s (component %u, plane %u) at (%u,%u) is "
                      "%u, expected %u\n",
              gst_video_format_to_string (e->format), e->width, e->height,
              GST_VIDEO_FORMAT_INFO_IS_RGB (finfo)    ? "RGB"
              : !GST_VIDEO_FORMAT_INFO_IS_YUV (finfo) ? "gray"
              : k == 0                                ? "Y"
              : k == 1                                ? "U"
                                                      : "V",
              k, GST_VIDEO_FORMAT_INFO_PLANE (finfo, k), x, y,
              test_frame_get_comp (a, k, x, y),
              test_frame_get_comp (e, k, x, y));
          return FALSE;
        }
  return TRUE;
}

gboolean
test_frame_padding_equal (const TestFrame *e, const TestFrame *a)
{
  const GstVideoFormatInfo *finfo = format_info (e->format);

  if (GST_VIDEO_FORMAT_INFO_IS_RGB (finfo) && e->n_planes == 1) {
    const gsize row = (gsize)e->width *
                      GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0);

    for (guint y = 0; y < e->height; y++)
      if (memcmp (e->data + y * e->stride, a->data + y * a->stride, row)) {
        g_printerr ("%s %ux%u: row %u's padding bytes differ\n",
            gst_video_format_to_string (e->format), e->width, e->height, y);
        return FALSE;
      }
  }
  return TRUE;
}

gboolean
test_frame_luma_differs (const TestFrame *a, const TestFrame *b)
{
  for (guint y = 0; y < a->height; y++)
    for (guint x = 0; x < a->width; x++)
      if (test_frame_get (a, x, y) != test_frame_get (b, x, y))
        return TRUE;
  return FALSE;
}

static TestFrame *
harness_process (GstHarness *h, const TestFrame *in, gboolean shared)
{
  GstCaps *caps = test_frame_caps (in);
  GstCaps *current = gst_pad_get_current_caps (h->srcpad);
  GstBuffer *buf = test_frame_to_buffer (in);
  GstBuffer *held = shared ? gst_buffer_ref (buf) : NULL;
  GstBuffer *out;
  GstFlowReturn ret;
  TestFrame *f;

  /* Same caps again would make the element reconfigure for nothing. */
  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);
  gst_caps_unref (caps);
  ret = gst_harness_push (h, buf);
  if (ret != GST_FLOW_OK) {
    gchar *what = test_frame_describe (in);

    fail ("pushing %s: %s", what, gst_flow_get_name (ret));
    g_free (what);
  }
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  fail_unless (!held || out != held, "the output is the shared input");
  caps = gst_pad_get_current_caps (h->sinkpad);
  f = test_frame_from_buffer (out, caps);
  gst_buffer_unref (out);
  gst_clear_buffer (&held);
  gst_caps_unref (caps);
  return f;
}

TestFrame *
test_harness_process (GstHarness *h, const TestFrame *in)
{
  return harness_process (h, in, FALSE);
}

TestFrame *
test_harness_process_shared (GstHarness *h, const TestFrame *in)
{
  return harness_process (h, in, TRUE);
}

gchar *
test_histogram_counts_differ (const GstStructure *s, const guint64 *hist,
    guint nbins, guint message_bins, guint64 pixels)
{
  const guint num_bins = MIN (message_bins, nbins);
  const guint per = nbins / num_bins;
  const GValue *bins = gst_structure_get_value (s, "bins");
  guint64 count = 0, sum = 0, sum2 = 0, u64;
  guint min = G_MAXUINT, max = 0, u;
  gdouble mean, stddev, d;

  if (!gst_structure_get_uint (s, "num-bins", &u) || u != num_bins)
    return g_strdup_printf ("num-bins is not %u", num_bins);
  if (!bins || !GST_VALUE_HOLDS_ARRAY (bins) ||
      gst_value_array_get_size (bins) != num_bins)
    return g_strdup_printf ("bins is not an array of %u", num_bins);
  for (guint i = 0; i < num_bins; i++) {
    const GValue *v = gst_value_array_get_value (bins, i);
    guint64 expected = 0;

    for (guint j = i * per; j < (i + 1) * per; j++)
      expected += hist[j];
    if (!G_VALUE_HOLDS_UINT64 (v) || g_value_get_uint64 (v) != expected)
      return g_strdup_printf ("bin %u of %u is not %" G_GUINT64_FORMAT, i,
          num_bins, expected);
  }
  for (guint v = 0; v < nbins; v++) {
    if (hist[v]) {
      min = MIN (min, v);
      max = v;
    }
    count += hist[v];
    sum += hist[v] * v;
    sum2 += hist[v] * v * v;
  }
  if (count != pixels)
    return g_strdup_printf ("the reference counts %" G_GUINT64_FORMAT
                            " samples, not %" G_GUINT64_FORMAT,
        count, pixels);
  if (!gst_structure_get_uint64 (s, "pixels", &u64) || u64 != pixels)
    return g_strdup_printf ("pixels is not %" G_GUINT64_FORMAT, pixels);
  if (!gst_structure_get_uint (s, "min", &u) || u != min)
    return g_strdup_printf ("min is not %u", min);
  if (!gst_structure_get_uint (s, "max", &u) || u != max)
    return g_strdup_printf ("max is not %u", max);
  /* mean = sum / N, stddev = sqrt (N * sum2 - sum^2) / N with the
   * difference exact: the same doubles, bit for bit. */
  d = (gdouble)sum / pixels;
  if (!gst_structure_get_double (s, "mean", &mean) || mean != d)
    return g_strdup_printf ("mean is not %.17g", d);
  d = sqrt ((gdouble)((unsigned __int128)sum2 * pixels -
                      (unsigned __int128)sum * sum)) /
      pixels;
  if (!gst_structure_get_double (s, "stddev", &stddev) || stddev != d)
    return g_strdup_printf ("stddev is not %.17g", d);
  return NULL;
}

gchar *
test_jpeg_stream (guint width, guint height, guint frames)
{
  gchar *dir = g_dir_make_tmp ("clfilter-XXXXXX", NULL);
  gchar *path = g_build_filename (dir, "frames.jpg", NULL);
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=%u pattern=ball ! "
                                 "video/x-raw,width=%u,height=%u ! jpegenc ! "
                                 "filesink location=\"%s\"",
      frames, width, height, path);
  gchar *error = test_run_pipeline (desc, NULL);

  fail_unless (error == NULL, "%s: %s", desc, error);
  g_free (desc);
  g_free (dir);
  return path;
}

void
test_remove_jpeg_stream (gchar *path)
{
  gchar *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
  g_free (dir);
  g_free (path);
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

static void
collect_frame (GstElement *sink, GstBuffer *buf, GstPad *pad, gpointer data)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);

  g_ptr_array_add (data, test_frame_from_buffer (buf, caps));
  gst_caps_unref (caps);
}

GPtrArray *
test_pipeline_frames (const gchar *desc)
{
  gchar *full = g_strdup_printf ("%s ! fakesink name=sink signal-handoffs=true",
      desc);
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (full, &err);
  GstElement *sink;
  GPtrArray *frames = g_ptr_array_new_with_free_func (
      (GDestroyNotify)test_frame_free);
  GstBus *bus;
  GstMessage *msg;

  fail_unless (pipeline != NULL && err == NULL, "%s: %s", full,
      err ? err->message : "");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  bus = gst_element_get_bus (pipeline);
  g_signal_connect (sink, "handoff", G_CALLBACK (collect_frame), frames);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s did not finish", full);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    fail ("%s: %s (%s)", full, err->message, dbg);
  }
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (full);
  return frames;
}

gchar *
test_refused_caps_errors (const gchar *element, const gchar *caps_str)
{
  gchar *desc = g_strdup_printf ("appsrc name=src ! %s ! fakesink", element);
  GError *err = NULL;
  GstElement *pipeline = gst_parse_launch (desc, &err);
  GstElement *src;
  GstCaps *caps = gst_caps_from_string (caps_str);
  GstBus *bus;
  GString *text = g_string_new (NULL);
  GstClockTime timeout = 10 * GST_SECOND;
  GstFlowReturn ret;
  GstMessage *msg;

  fail_unless (pipeline != NULL && err == NULL, "%s: %s", desc,
      err ? err->message : "");
  fail_unless (caps != NULL, "%s", caps_str);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  bus = gst_element_get_bus (pipeline);
  g_object_set (src, "caps", caps, NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  g_signal_emit_by_name (src, "push-buffer",
      gst_buffer_new_allocate (NULL, 64 * 64 * 4, NULL), &ret);
  /* The element's own error may come before or after the source's
   * not-negotiated: take every one posted soon after the first. */
  while ((msg = gst_bus_timed_pop_filtered (bus, timeout, GST_MESSAGE_ERROR))) {
    gchar *dbg = NULL;

    gst_message_parse_error (msg, &err, &dbg);
    g_string_append_printf (text, "%s: %s\n%s\n",
        GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), err->message, dbg ? dbg : "");
    g_clear_error (&err);
    g_free (dbg);
    gst_message_unref (msg);
    timeout = GST_SECOND / 2;
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_caps_unref (caps);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  g_free (desc);
  return g_string_free (text, text->len == 0);
}

gchar *
test_frame_describe (const TestFrame *f)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "%s %ux%u strides",
      gst_video_format_to_string (f->format), f->width, f->height);
  for (guint p = 0; p < f->n_planes; p++)
    g_string_append_printf (s, "%s%" G_GSIZE_FORMAT, p ? "," : " ",
        f->strides[p]);
  if (f->plane_gap)
    g_string_append_printf (s, " gap %" G_GSIZE_FORMAT, f->plane_gap);
  if (f->colorimetry[0])
    g_string_append_printf (s, " colorimetry %s", f->colorimetry);
  return g_string_free (s, FALSE);
}
