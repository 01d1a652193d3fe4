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
 *
 * Frames for the element tests: real images, random content, padded rows,
 * every plane of the gray and YUV formats the elements take.
 */
#ifndef __CL_TEST_UTILS_H__
#define __CL_TEST_UTILS_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/check/gstharness.h>

G_BEGIN_DECLS

/* A frame in plain memory, one allocation per plane, laid out as @format's
 * GstVideoFormatInfo says: plane p holds rows @strides[p] bytes apart, of
 * which only the bytes its components use are pixels; the rest (and every
 * byte of a plane row past them) holds 0xA5, which the elements must
 * neither read nor count. @stride and @data are plane 0's (the gray image,
 * or the luma of a planar YUV format, or the packed YUY2/UYVY rows). */
typedef struct {
  GstVideoFormat format;
  guint width, height;
  gsize stride;
  guint8 *data;
  guint n_planes;
  gsize strides[GST_VIDEO_MAX_PLANES];
  guint8 *planes[GST_VIDEO_MAX_PLANES];
  /* The caps' colorimetry string ("bt601", "1:4:0:0"), or empty for none:
   * then GStreamer's default applies (limited range for YUV). */
  gchar colorimetry[32];
  /* Bytes of 0xA5 test_frame_to_buffer puts before each plane, and
   * whether it puts the last plane first (plane 0 last). */
  gsize plane_gap;
  gboolean planes_reversed;
} TestFrame;

/* Full range as jpegdec's caps say it: range 0-255, BT.601 matrix. */
#define TEST_COLORIMETRY_FULL "1:4:0:0"
#define TEST_COLORIMETRY_LIMITED "bt601"

/* The formats the elements accept, gray first. */
extern const GstVideoFormat test_all_formats[];
extern const guint test_n_all_formats;
extern const GstVideoFormat test_yuv_formats[];
extern const guint test_n_yuv_formats;
extern const GstVideoFormat test_rgb_formats[];
extern const guint test_n_rgb_formats;
/* YUV of 10 to 16 bits a sample, which test_all_formats leaves out. */
extern const GstVideoFormat test_high_depth_formats[];
extern const guint test_n_high_depth_formats;
/* The 8-bit sibling of one of test_high_depth_formats: NV12 for
 * P010_10LE, P012_LE and P016_LE, I420 for I420_10LE and I420_12LE, Y42B
 * for I422_10LE, Y444 for Y444_10LE and Y444_16LE. */
GstVideoFormat test_format_narrow (GstVideoFormat format);

gboolean test_format_is_yuv (GstVideoFormat format);
/* Packed 8-bit RGB, whose channel the elements make from each pixel. */
gboolean test_format_is_rgb (GstVideoFormat format);
/* Bits of the gray or luma values: 8, 16 for GRAY16, 10 for P010. */
guint test_format_depth (GstVideoFormat format);

/* @stride is plane 0's; 0 means packed (rows of exactly the pixels'
 * bytes). Other planes are packed. */
TestFrame *test_frame_new (GstVideoFormat format, guint width, guint height,
    gsize stride);
/* One stride per plane, 0 for packed. */
TestFrame *test_frame_new_strides (GstVideoFormat format, guint width,
    guint height, const gsize *strides);
void test_frame_free (TestFrame *f);
/* Bytes per sample of the first component: 1, or 2 for GRAY16. */
guint test_frame_bpp (const TestFrame *f);
/* The luma or gray value at (@x, @y): test_frame_get() without the bits
 * above the format's depth, as the elements read it. */
guint test_frame_value (const TestFrame *f, guint x, guint y);
/* The bytes one row of @plane holds pixels in, and its row count. */
gsize test_format_row_bytes (GstVideoFormat format, guint width, guint plane);
guint test_format_plane_height (GstVideoFormat format, guint height,
    guint plane);
guint test_format_n_planes (GstVideoFormat format);

/* The luma (YUV) or gray sample at (@x, @y): for samples of 16-bit words,
 * the word shifted down by the format's shift (P010's value), so in
 * formats that keep the value in the low bits (I420_10LE) with any bits
 * set above the depth, which test_frame_set() may set (see
 * test_frame_value()). */
guint test_frame_get (const TestFrame *f, guint x, guint y);
void test_frame_set (TestFrame *f, guint x, guint y, guint v);
/* Any component (0 Y or gray, 1 U, 2 V), at (@x, @y) of that component's
 * subsampled grid, test_frame_comp_width x test_frame_comp_height. */
guint test_frame_n_components (const TestFrame *f);
guint test_frame_comp_width (const TestFrame *f, guint comp);
guint test_frame_comp_height (const TestFrame *f, guint comp);
guint test_frame_get_comp (const TestFrame *f, guint comp, guint x, guint y);
void test_frame_set_comp (TestFrame *f, guint comp, guint x, guint y, guint v);

/* Every component of @f in a frame of @format (the same components and
 * depths, in any planes and byte order), plane 0 at @stride; the
 * colorimetry comes along. */
TestFrame *test_frame_copy (const TestFrame *f, GstVideoFormat format,
    gsize stride);
/* The same, one stride per plane. */
TestFrame *test_frame_copy_strides (const TestFrame *f, GstVideoFormat format,
    const gsize *strides);
/* A frame of @format whose luma is the gray image @gray (GRAY8) and whose
 * chroma is random, from @rand. */
TestFrame *test_frame_from_gray (const TestFrame *gray, GstVideoFormat format,
    GRand *rand);

/* Loads tests/data/@name: PNG through pngdec, or binary PGM. */
TestFrame *test_frame_load (const gchar *name);
/* Random luma or gray values below 2^@bits, random chroma of the
 * format's depth, from @rand. */
TestFrame *test_frame_random (GstVideoFormat format, guint width, guint height,
    gsize stride, guint bits, GRand *rand);
/* The same, one stride per plane. */
TestFrame *test_frame_random_strides (GstVideoFormat format, guint width,
    guint height, const gsize *strides, guint bits, GRand *rand);
/* Random strides for every plane of @format at @width: each its own
 * padding of 1 to @max_pad bytes, odd ones too. */
void test_random_strides (GstVideoFormat format, guint width, guint max_pad,
    GRand *rand, gsize *strides);

/* Whether the caps of @f make GStreamer read it as full range (0-255):
 * the colorimetry's range, or the format's default without one. */
gboolean test_frame_full_range (const TestFrame *f);
void test_frame_set_colorimetry (TestFrame *f, const gchar *colorimetry);

/* A buffer holding @f, every plane's offset (after plane_gap bytes) and
 * stride in a GstVideoMeta, and its caps (with its colorimetry). */
GstBuffer *test_frame_to_buffer (const TestFrame *f);
GstCaps *test_frame_caps (const TestFrame *f);
/* The frame in @buf, whatever its strides and offsets, for @caps. */
TestFrame *test_frame_from_buffer (GstBuffer *buf, GstCaps *caps);
/* The same without assertions, for code outside a check runner: NULL when
 * @buf cannot be mapped. */
TestFrame *test_frame_try_from_buffer (GstBuffer *buf, GstCaps *caps);

/* Every component of every pixel equal, or the first difference (plane,
 * component, position) printed and FALSE. */
gboolean test_frame_equal (const TestFrame *expected, const TestFrame *actual);
/* Whether a gray or luma sample of @a differs from @b's at its place: an
 * element's output that must differ from its input (frames of one size). */
/* Packed RGB: the bytes of each pixel that are no component (RGBx's x)
 * are equal too; frames of other formats are. */
gboolean test_frame_padding_equal (const TestFrame *expected,
    const TestFrame *actual);
gboolean test_frame_luma_differs (const TestFrame *a, const TestFrame *b);

/* Pushes @in through the harness and returns what came out, read with the
 * caps of the harness's sink pad. */
TestFrame *test_harness_process (GstHarness *h, const TestFrame *in);
/* The same with the pushed buffer held here until the output is back, as
 * a source that shares its frames holds them: the element may not write
 * over it, so the planes it leaves alone are copied into its output. */
TestFrame *test_harness_process_shared (GstHarness *h, const TestFrame *in);

/* Plays @desc to EOS; returns the error's message and debug text, or NULL.
 * Counts HAVE_CONTEXT messages into @have_context_count unless NULL. */
gchar *test_run_pipeline (const gchar *desc, guint *have_context_count);

/* Plays @desc, a source and filters, into a fakesink and returns the
 * frames it got, in order, each read with its pad's caps; fails the check
 * on an error. */
GPtrArray *test_pipeline_frames (const gchar *desc);

/* Writes @frames frames of videotestsrc's ball at @width x @height, JPEG
 * encoded, into a file of a new temporary folder and returns its path;
 * test_remove_jpeg_stream() removes both. Pipelines that decode one file
 * get the same frames: jpegenc fills the last blocks of an odd size from
 * the buffer's uninitialised padding, so two encodings of one frame may
 * decode to luma that differs by one. */
gchar *test_jpeg_stream (guint width, guint height, guint frames);
void test_remove_jpeg_stream (gchar *path);

/* How the counting fields of a `histogram` message @s differ from the
 * histogram @hist (@nbins bins) of @pixels samples, summed down to
 * @message_bins bins: `num-bins`, `bins`, `pixels`, `min`, `max`, and
 * `mean` and `stddev` as the same doubles as the formula of
 * docs/clhistogram.md gives. NULL when they all agree; free with g_free. */
gchar *test_histogram_counts_differ (const GstStructure *s, const guint64 *hist,
    guint nbins, guint message_bins, guint64 pixels);

/* Pushes one buffer of @caps from an appsrc into @element: the caps are
 * refused, and the text (message and debug) of every error posted until
 * the pipeline stops is returned, NULL when none came. */
gchar *test_refused_caps_errors (const gchar *element, const gchar *caps);

/* "NV12 7x5 strides 8,8 gap 3 colorimetry 1:4:0:0", for messages; free
 * with g_free. */
gchar *test_frame_describe (const TestFrame *f);

G_END_DECLS
#endif
