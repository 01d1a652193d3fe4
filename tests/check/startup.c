/* gst-clfilter tests: which kernels a stream compiles
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
 * Each stream runs with GST_CL_CACHE_DIR in a new folder; the programs the
 * plugin stored there are loaded back and their kernels listed: only those
 * of the stream's depth and kernel path (and clsobel's mode) may be there,
 * and a clsobel mode set while playing adds its kernel.
 */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

static const gchar *elements[] = { "clhistequalize", "clhistogram", "clclahe",
  "clsobel" };

/* The device whose CL_DEVICE_NAME is @name. */
static cl_device_id
find_device (const gchar *name)
{
  cl_platform_id platforms[8];
  cl_uint n_platforms = 0;

  clGetPlatformIDs (G_N_ELEMENTS (platforms), platforms, &n_platforms);
  for (cl_uint p = 0; p < MIN (n_platforms, G_N_ELEMENTS (platforms)); p++) {
    cl_device_id devices[16];
    cl_uint n = 0;

    clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, G_N_ELEMENTS (devices),
        devices, &n);
    for (cl_uint d = 0; d < MIN (n, G_N_ELEMENTS (devices)); d++) {
      gchar dev_name[256] = "";

      clGetDeviceInfo (devices[d], CL_DEVICE_NAME, sizeof (dev_name) - 1,
          dev_name, NULL);
      if (g_str_equal (dev_name, name))
        return devices[d];
    }
  }
  fail ("no device \"%s\"", name);
  return NULL;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const gchar *const *)a, *(const gchar *const *)b);
}

/* The kernels of every program stored in @dir, sorted, ';'-separated. */
static gchar *
stored_kernels (const gchar *dir, cl_device_id device)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  cl_context ctx = clCreateContext (NULL, 1, &device, NULL, NULL, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const gchar *file;
  gchar *joined;

  fail_unless (d && ctx);
  while ((file = g_dir_read_name (d))) {
    gchar *path = g_build_filename (dir, file, NULL);
    gchar *binary = NULL, **list;
    gsize length = 0;
    gchar text[4096] = "";
    cl_int status;
    cl_program program;

    fail_unless (g_file_get_contents (path, &binary, &length, NULL));
    program = clCreateProgramWithBinary (ctx, 1, &device, &length,
        (const unsigned char **)&binary, NULL, &status);
    fail_unless_equals_int (status, CL_SUCCESS);
    fail_unless_equals_int (clBuildProgram (program, 1, &device, NULL, NULL,
                                NULL),
        CL_SUCCESS);
    fail_unless_equals_int (clGetProgramInfo (program, CL_PROGRAM_KERNEL_NAMES,
                                sizeof (text) - 1, text, NULL),
        CL_SUCCESS);
    list = g_strsplit (text, ";", -1);
    for (gchar **k = list; *k; k++)
      if (**k)
        g_ptr_array_add (names, g_strdup (*k));
    g_strfreev (list);
    clReleaseProgram (program);
    g_free (binary);
    g_free (path);
  }
  g_dir_close (d);
  clReleaseContext (ctx);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (";", (gchar **)names->pdata);
  g_ptr_array_unref (names);
  return joined;
}

static volatile gint frames_seen;

static GstPadProbeReturn
count_frame (GstPad *pad, GstPadProbeInfo *info, gpointer user_data)
{
  g_atomic_int_inc (&frames_seen);
  return GST_PAD_PROBE_OK;
}

static void
wait_frames (gint n)
{
  for (guint i = 0; i < 30000 && g_atomic_int_get (&frames_seen) < n; i++)
    g_usleep (1000);
  fail_unless (g_atomic_int_get (&frames_seen) >= n, "no frames");
}

/* Runs @element on @format frames in a new cache folder; @new_mode, if
 * any, is set on it while playing. Returns the stored kernels; @device
 * gets the device it ran on. */
static gchar *
run_stream (const gchar *element, const gchar *format, const gchar *new_mode,
    cl_device_id *device)
{
  gchar *dir = g_dir_make_tmp ("clfilter-startup-XXXXXX", NULL);
  gchar *desc = g_strdup_printf ("videotestsrc pattern=ball ! "
                                 "video/x-raw,format=%s,width=64,height=48 ! "
                                 "%s name=e ! fakesink name=sink",
      format, element);
  GstElement *pipeline = gst_parse_launch (desc, NULL);
  GstElement *e = gst_bin_get_by_name (GST_BIN (pipeline), "e");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstPad *pad = gst_element_get_static_pad (sink, "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  gchar *device_name = NULL, *kernels;
  GDir *d;
  const gchar *file;

  g_setenv ("GST_CL_CACHE_DIR", dir, TRUE);
  g_atomic_int_set (&frames_seen, 0);
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_frame, NULL, NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
           GST_STATE_CHANGE_FAILURE);
  wait_frames (2);
  if (new_mode) {
    gst_util_set_object_arg (G_OBJECT (e), "mode", new_mode);
    wait_frames (g_atomic_int_get (&frames_seen) + 2);
  }
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_if (msg != NULL, "%s %s posted an error", element, format);
  g_object_get (e, "device-name", &device_name, NULL);
  *device = find_device (device_name);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  kernels = stored_kernels (dir, *device);

  d = g_dir_open (dir, 0, NULL);
  while ((file = g_dir_read_name (d))) {
    gchar *path = g_build_filename (dir, file, NULL);

    g_unlink (path);
    g_free (path);
  }
  g_dir_close (d);
  g_rmdir (dir);
  g_free (device_name);
  gst_object_unref (bus);
  gst_object_unref (pad);
  gst_object_unref (sink);
  gst_object_unref (e);
  gst_object_unref (pipeline);
  g_free (desc);
  g_free (dir);
  return kernels;
}

static gboolean
cpu_kernels (cl_device_id device)
{
  const gchar *path = g_getenv ("GST_CL_KERNEL_PATH");
  cl_device_type type = 0;

  if (path && *path)
    return g_str_equal (path, "cpu");
  clGetDeviceInfo (device, CL_DEVICE_TYPE, sizeof (type), &type, NULL);
  return (type & CL_DEVICE_TYPE_CPU) != 0;
}

/* Every kernel is of the stream's depth and path: 8-bit streams have no
 * _u16 kernel, 16-bit ones only _u16 kernels, and CPU paths only rows_
 * kernels, GPU paths none. */
GST_START_TEST (test_only_stream_kernels)
{
  const gchar *formats[] = { "GRAY8", "GRAY16_LE" };

  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      cl_device_id device;
      gchar *kernels = run_stream (elements[i], formats[f], NULL, &device);
      gchar **list = g_strsplit (kernels, ";", -1);
      const gboolean cpu = cpu_kernels (device);

      g_print ("%s %s: %s\n", elements[i], formats[f], kernels);
      fail_unless (list[0] && *list[0], "%s: no kernels", elements[i]);
      for (gchar **k = list; *k; k++) {
        fail_unless (g_str_has_suffix (*k, f == 0 ? "_u8" : "_u16"),
            "%s %s compiled %s", elements[i], formats[f], *k);
        /* clclahe's tables kernels serve both paths. */
        if (!g_str_has_prefix (*k, "clahe_tables_"))
          fail_unless ((strstr (*k, "_rows_") != NULL) == cpu,
              "%s %s compiled %s", elements[i], formats[f], *k);
      }
      g_strfreev (list);
      g_free (kernels);
    }
  }
}

GST_END_TEST;

/* clsobel compiles one kernel, and a mode set while playing its own on
 * GPU paths, where each mode has one; CPU paths run every mode in one. */
GST_START_TEST (test_sobel_mode_while_playing)
{
  cl_device_id device;
  gchar *kernels = run_stream ("clsobel", "GRAY8", "dx", &device);

  fail_unless_equals_string (kernels, cpu_kernels (device)
                                          ? "sobel_rows_u8"
                                          : "sobel_dx_u8;sobel_magnitude_u8");
  g_free (kernels);
}

GST_END_TEST;

static Suite *
startup_suite (void)
{
  Suite *s = suite_create ("startup");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_only_stream_kernels);
  tcase_add_test (tc, test_sobel_mode_while_playing);
  return s;
}

GST_CHECK_MAIN (startup);
