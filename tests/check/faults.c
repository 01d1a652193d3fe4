/* gst-clfilter tests: faults that must end in a clear element error
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each test needs its own process and environment (the ICD loader reads
 * OCL_ICD_VENDORS once), so meson runs this binary once per test with
 * GST_CHECKS naming it; see tests/meson.build.
 */
#include <gst/check/gstcheck.h>
#include <string.h>

static const gchar *elements[] = { "clhistequalize", "clsobel" };

/* Starts @element in a pipeline and returns the error it posts. */
static gchar *
start_and_get_error (const gchar *element)
{
  gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                                 "video/x-raw,format=GRAY8,width=32,height=16 "
                                 "! %s ! fakesink",
      element);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  GError *err = NULL;
  gchar *dbg = NULL, *text;

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PLAYING),
      GST_STATE_CHANGE_FAILURE);
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
 * declares its kernels __kernel, so every program then fails to compile. */
GST_START_TEST (test_build_failure)
{
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gchar *error = start_and_get_error (elements[i]);

    fail_unless (strstr (error, "failed to build") != NULL, "%s", error);
    fail_unless (strstr (error, "Build log:") != NULL, "%s", error);
    /* The compiler's own words about the broken type are in it. */
    fail_unless (strstr (error, "error") != NULL, "%s", error);
    g_free (error);
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
  return s;
}

GST_CHECK_MAIN (faults);
