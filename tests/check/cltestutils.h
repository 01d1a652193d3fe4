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
 * Frames for the element tests: real images, random content, padded rows.
 */
#ifndef __CL_TEST_UTILS_H__
#define __CL_TEST_UTILS_H__

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/check/gstharness.h>

G_BEGIN_DECLS

/* A frame in plain memory: rows of width * bpp bytes, @stride apart, in the
 * byte order @format says. */
typedef struct {
  GstVideoFormat format;
  guint width, height;
  gsize stride;
  guint8 *data;
} TestFrame;

TestFrame *test_frame_new (GstVideoFormat format, guint width, guint height,
    gsize stride);
void test_frame_free (TestFrame *f);
guint test_frame_bpp (const TestFrame *f);
guint test_frame_get (const TestFrame *f, guint x, guint y);
void test_frame_set (TestFrame *f, guint x, guint y, guint v);
TestFrame *test_frame_copy (const TestFrame *f, GstVideoFormat format,
    gsize stride);

/* Loads tests/data/@name: PNG through pngdec, or binary PGM. */
TestFrame *test_frame_load (const gchar *name);
/* Random values below 2^@bits, from @rand. */
TestFrame *test_frame_random (GstVideoFormat format, guint width, guint height,
    gsize stride, guint bits, GRand *rand);

/* A buffer holding @f with its stride in a GstVideoMeta, and its caps. */
GstBuffer *test_frame_to_buffer (const TestFrame *f);
GstCaps *test_frame_caps (const TestFrame *f);
/* The frame in @buf, whatever its stride, for @caps. */
TestFrame *test_frame_from_buffer (GstBuffer *buf, GstCaps *caps);
/* The same without assertions, for code outside a check runner: NULL when
 * @buf cannot be mapped. */
TestFrame *test_frame_try_from_buffer (GstBuffer *buf, GstCaps *caps);

/* Every pixel equal, or the first difference printed and FALSE. */
gboolean test_frame_equal (const TestFrame *expected, const TestFrame *actual);

/* Pushes @in through the harness and returns what came out. */
TestFrame *test_harness_process (GstHarness *h, const TestFrame *in);

/* Plays @desc to EOS; returns the error's message and debug text, or NULL.
 * Counts HAVE_CONTEXT messages into @have_context_count unless NULL. */
gchar *test_run_pipeline (const gchar *desc, guint *have_context_count);

G_END_DECLS
#endif
