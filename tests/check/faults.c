/* gst-clfilter tests: faults that must end in a clear element error
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
 * Each test needs its own process and environment (the ICD loader reads
 * OCL_ICD_VENDORS once), so meson runs this binary once per test with
 * GST_CHECKS naming it; see tests/meson.build.
 */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static const gchar *elements[] = { "clhistequalize", "clhistogram", "clclahe",
  "clsobel" };

/* Plays @element with @props in a pipeline and returns the error it posts;
 * @at_start: the error fails the change to PLAYING itself, else it comes
 * later, from streaming. */
static gchar *
play_and_get_error (const gchar *element, const gchar *props, gboolean at_start)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                                 "video/x-raw,format=GRAY8,width=32,height=16 "
                                 "! %s %s ! fakesink",
      element, props);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL, *text;
  GstStateChangeReturn ret = gst_element_set_state (pipeline,
      GST_STATE_PLAYING);

  if (at_start) {
    fail_unless_equals_int (ret, GST_STATE_CHANGE_FAILURE);
  } else {
    fail_unless (ret != GST_STATE_CHANGE_FAILURE, "%s failed to start",
        element);
  }
  msg = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s posted no error", element);
  fail_unless (g_str_has_prefix (GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
                   element),
      "error from %s", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)));
  gst_message_parse_error (msg, &err, &dbg);
  text = g_strdup_printf ("%s\n%s", err->message, dbg ? dbg : "");
  g_print ("%s error: %s\n", element, err->message);
  g_error_free (err);
  g_free (dbg);
  gst_message_unref (msg);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  g_free (desc);
  return text;
}

static gchar *
start_and_get_error (const gchar *element)
{
  return play_and_get_error (element, "", TRUE);
}

/* Run with OCL_ICD_VENDORS pointing at an empty folder. */
GST_START_TEST (test_no_platform)
{
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gchar *error = start_and_get_error (elements[i]);

    fail_unless (strstr (error, "No OpenCL platform found") != NULL, "%s",
        error);
    g_free (error);
  }
}

GST_END_TEST;

/* Run with GST_CL_BUILD_OPTIONS="-D__kernel=broken_type": every kernel file
 * declares its kernels __kernel, so every program then fails to compile.
 * Programs are built for the caps, so the error comes with the first
 * caps, not at start. */
GST_START_TEST (test_build_failure)
{
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gchar *error = play_and_get_error (elements[i], "", FALSE);

    fail_unless (strstr (error, "failed to build") != NULL, "%s", error);
    fail_unless (strstr (error, "Build log:") != NULL, "%s", error);
    /* The compiler's own words about the broken type are in it. */
    fail_unless (strstr (error, "error") != NULL, "%s", error);
    g_free (error);
  }
}

GST_END_TEST;

/* A device that is not there: device=no-such-device. */
GST_START_TEST (test_device_missing)
{
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gchar *error = play_and_get_error (elements[i], "device=no-such-device",
        TRUE);

    fail_unless (strstr (error, "No OpenCL device matches "
                                "device=\"no-such-device\"") != NULL,
        "%s", error);
    fail_unless (strstr (error, "available:") != NULL, "%s", error);
    g_free (error);
  }
}

GST_END_TEST;

/* CL_DEVICE_MAX_MEM_ALLOC_SIZE of device 0.0, which the test selects. */
static guint64
device_max_alloc (void)
{
  cl_platform_id platform;
  cl_device_id device;
  cl_ulong max = 0;

  fail_unless (clGetPlatformIDs (1, &platform, NULL) == CL_SUCCESS);
  fail_unless (clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, 1, &device,
                   NULL) == CL_SUCCESS);
  fail_unless (clGetDeviceInfo (device, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                   sizeof (max), &max, NULL) == CL_SUCCESS);
  return max;
}

/* A frame whose plane is larger than the device may allocate, first as the
 * stream's caps, then as a caps change after a frame went through. The
 * frame itself is never allocated: the caps fail before any buffer of that
 * size is needed, and the buffer pushed is 64 bytes. */
GST_START_TEST (test_frame_too_large)
{
  const guint64 max = device_max_alloc ();
  /* GRAY16 rows of 64 KiB: GstVideoInfo describes frames below 4 GiB. */
  const guint width = 32768, height = max / 65536 + 1;

  g_print ("device 0.0 allocates at most %" G_GUINT64_FORMAT " bytes: "
           "GRAY16 %ux%u\n",
      max, width, height);
  if (height > 65535) {
    g_print ("SKIP: no frame GStreamer can describe is too large\n");
    return;
  }
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    for (guint after_frame = 0; after_frame < 2; after_frame++) {
      gchar *desc = g_strdup_printf ("appsrc name=src format=time ! "
                                     "%s device=0.0 ! fakesink",
          elements[i]);
      GstElement *pipeline = gst_parse_launch (desc, NULL);
      GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
      GstBus *bus = gst_element_get_bus (pipeline);
      GstCaps *big = gst_caps_new_simple ("video/x-raw", "format",
          G_TYPE_STRING, "GRAY16_LE", "width", G_TYPE_INT, width, "height",
          G_TYPE_INT, height, "framerate", GST_TYPE_FRACTION, 25, 1, NULL);
      GstMessage *msg;
      GError *err = NULL;
      gchar *dbg = NULL;

      fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
                   GST_STATE_CHANGE_FAILURE);
      if (after_frame) {
        GstCaps *small = gst_caps_from_string ("video/x-raw,format=GRAY16_LE,"
                                               "width=4,height=8,"
                                               "framerate=25/1");

        gst_app_src_push_sample (GST_APP_SRC (src),
            gst_sample_new (gst_buffer_new_allocate (NULL, 64, NULL), small,
                NULL, NULL));
        gst_caps_unref (small);
      }
      gst_app_src_push_sample (GST_APP_SRC (src),
          gst_sample_new (gst_buffer_new_allocate (NULL, 64, NULL), big, NULL,
              NULL));
      gst_app_src_end_of_stream (GST_APP_SRC (src));
      msg = gst_bus_timed_pop_filtered (bus, 30 * GST_SECOND,
          GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
      fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR,
          "%s: no error", elements[i]);
      fail_unless (g_str_has_prefix (GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)),
                       elements[i]),
          "error from %s", GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)));
      gst_message_parse_error (msg, &err, &dbg);
      g_print ("%s error: %s\n", elements[i], err->message);
      fail_unless (g_error_matches (err, GST_RESOURCE_ERROR,
                       GST_RESOURCE_ERROR_NO_SPACE_LEFT),
          "%s", err->message);
      fail_unless (strstr (err->message, "is larger than") != NULL, "%s",
          err->message);
      g_error_free (err);
      g_free (dbg);
      gst_message_unref (msg);
      fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
          GST_STATE_CHANGE_SUCCESS);
      gst_caps_unref (big);
      gst_object_unref (bus);
      gst_object_unref (src);
      gst_object_unref (pipeline);
      g_free (desc);
    }
  }
}

GST_END_TEST;

static Suite *
faults_suite (void)
{
  Suite *s = suite_create ("faults");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_no_platform);
  tcase_add_test (tc, test_build_failure);
  tcase_add_test (tc, test_device_missing);
  tcase_add_test (tc, test_frame_too_large);
  return s;
}

GST_CHECK_MAIN (faults);
