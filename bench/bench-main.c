/* gst-clfilter benchmark: options, the parent's plan of runs, main
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
 * See bench.h for how the work is shared between processes and files.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "bench.h"

#include <glib/gstdio.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_SOURCE_DIR
#define BENCH_SOURCE_DIR "."
#endif

/* ------------------------------------------------------------------ */
/* Options                                                             */

gchar *opt_sizes = NULL;
gchar *opt_formats = NULL;
gchar *opt_elements = NULL;
gchar *opt_peers = NULL;
gint opt_frames = 0;
gint opt_warmup = -1;
gint opt_runs = 5;
gboolean opt_quick = FALSE;
gchar *opt_json = NULL;
gboolean opt_profile = FALSE;
gboolean opt_bandwidth = FALSE;
gchar *opt_device = NULL;
gboolean opt_umat = FALSE;
gboolean opt_no_startup = FALSE;
gchar *opt_startup_size = NULL;
gchar *opt_python = NULL;
gchar *opt_peers_script = NULL;
gchar *opt_image = NULL;
gint opt_bw_mib = 256;
gint opt_child_timeout = 1800;
gdouble opt_idle_wait = 10;
gdouble opt_idle_busy = 0.15;
/* Child side. */
gchar *opt_child = NULL;
gchar *opt_element = NULL;
gchar *opt_format = NULL;
gchar *opt_size = NULL;
gchar *opt_frames_file = NULL;
gchar *opt_copy_sizes = NULL;

static GOptionEntry entries[] = {
  { "sizes", 's', 0, G_OPTION_ARG_STRING, &opt_sizes,
      "Comma-separated WxH list (default 640x480,1920x1080,3840x2160, and "
      "7680x4320 on a GPU)",
      "LIST" },
  { "formats", 'f', 0, G_OPTION_ARG_STRING, &opt_formats,
      "Comma-separated formats (default GRAY8,GRAY16_LE,NV12,I420)", "LIST" },
  { "elements", 'e', 0, G_OPTION_ARG_STRING, &opt_elements,
      "Comma-separated element descriptions with properties, e.g. "
      "\"clhistequalize post-messages=false,clsobel mode=magnitude\"; an "
      "element with a \"mode\" enum and no mode= given is run once per mode "
      "(default clhistequalize,clhistequalize post-messages=false,clsobel)",
      "LIST" },
  { "peers", 0, 0, G_OPTION_ARG_STRING, &opt_peers,
      "Comma-separated peers: identity, cvequalizehist, opencv, or none "
      "(default identity,cvequalizehist,opencv)",
      "LIST" },
  { "frames", 'n', 0, G_OPTION_ARG_INT, &opt_frames,
      "Frames per timed run (default on a CPU device 300 up to 1920x1080, 100 "
      "at 3840x2160, 50 above; 300 on a GPU)",
      "N" },
  { "warmup", 'w', 0, G_OPTION_ARG_INT, &opt_warmup,
      "Frames pushed before the first timed run (default frames/5, at least "
      "10)",
      "N" },
  { "runs", 'r', 0, G_OPTION_ARG_INT, &opt_runs,
      "Timed runs per case; the median is reported (default 5)", "N" },
  { "quick", 'q', 0, G_OPTION_ARG_NONE, &opt_quick,
      "Smoke test: 640x480 only, 20 frames, 3 runs (overridable)", NULL },
  { "json", 'j', 0, G_OPTION_ARG_FILENAME, &opt_json,
      "Also write all results to FILE as JSON", "FILE" },
  { "profile", 'p', 0, G_OPTION_ARG_NONE, &opt_profile,
      "Also run each OpenCL case with GST_CL_PROFILING=1 and report kernel "
      "device times against the copy bandwidth (implies --bandwidth)",
      NULL },
  { "bandwidth", 'b', 0, G_OPTION_ARG_NONE, &opt_bandwidth,
      "Measure the device's copy-kernel bandwidth", NULL },
  { "device", 'd', 0, G_OPTION_ARG_STRING, &opt_device,
      "OpenCL device, as the elements' \"device\" property takes it: empty, "
      "P.D, gpu, cpu, accelerator or a name substring",
      "SEL" },
  { "umat", 'u', 0, G_OPTION_ARG_NONE, &opt_umat,
      "Also time OpenCV's OpenCL path (cv2.UMat), with and without copies",
      NULL },
  { "no-startup", 0, 0, G_OPTION_ARG_NONE, &opt_no_startup,
      "Skip the PLAYING-to-first-buffer measurements", NULL },
  { "startup-size", 0, 0, G_OPTION_ARG_STRING, &opt_startup_size,
      "Frame size for the start-up measurements (default 1920x1080 when "
      "in --sizes, else the first size)",
      "WxH" },
  { "python", 0, 0, G_OPTION_ARG_STRING, &opt_python,
      "Python with cv2 for the OpenCV peers (default python3)", "PATH" },
  { "peers-script", 0, 0, G_OPTION_ARG_FILENAME, &opt_peers_script,
      "opencv_peers.py (default: next to this program, else the source "
      "tree's bench/)",
      "PATH" },
  { "image", 0, 0, G_OPTION_ARG_FILENAME, &opt_image,
      "Source image (default tests/data/moon.png)", "PATH" },
  { "bw-mib", 0, 0, G_OPTION_ARG_INT, &opt_bw_mib,
      "Buffer size of the bandwidth copy kernel in MiB (default 256)", "N" },
  { "idle-wait", 0, 0, G_OPTION_ARG_DOUBLE, &opt_idle_wait,
      "Before each round of runs, wait up to this many seconds for other "
      "processes to leave the CPUs idle (default 10; 0: don't wait)",
      "S" },
  { "idle-busy", 0, 0, G_OPTION_ARG_DOUBLE, &opt_idle_busy,
      "What counts as idle: at most this fraction of all CPUs busy "
      "(default 0.15)",
      "F" },
  { "child-timeout", 0, 0, G_OPTION_ARG_INT, &opt_child_timeout,
      "Kill a child that runs longer than this many seconds (default 1800)",
      "S" },
  { "child", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &opt_child, NULL,
      NULL },
  { "element", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &opt_element, NULL,
      NULL },
  { "format", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &opt_format, NULL,
      NULL },
  { "size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &opt_size, NULL,
      NULL },
  { "frames-file", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME,
      &opt_frames_file, NULL, NULL },
  { "copy-sizes", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, &opt_copy_sizes,
      NULL, NULL },
  { NULL }
};

/* ------------------------------------------------------------------ */
/* The parent's state, filled by bench-cases.c, printed by bench-report.c */

gchar *self_exe;
GPtrArray *rows;     /* Row * */
GPtrArray *startups; /* Startup * */
GstStructure *probe_res, *bw_res, *cv_info;
gchar *load_start, *load_end;
gchar *tmp_root;
gchar *peers_script, *python;

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

gint64
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static gint
cmp_double (gconstpointer a, gconstpointer b)
{
  const gdouble x = *(const gdouble *)a, y = *(const gdouble *)b;

  return x < y ? -1 : x > y;
}

gdouble
median (const gdouble *v, guint n)
{
  gdouble *s, m;

  if (n == 0)
    return NAN;
  s = g_memdup2 (v, n * sizeof (gdouble));
  qsort (s, n, sizeof (gdouble), cmp_double);
  m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  g_free (s);
  return m;
}

gboolean
parse_size (const gchar *s, guint *w, guint *h)
{
  return s && sscanf (s, "%ux%u", w, h) == 2 && *w > 0 && *h > 0;
}

static gchar *
exe_dir (void)
{
  gchar *exe = g_file_read_link ("/proc/self/exe", NULL);
  gchar *dir = exe ? g_path_get_dirname (exe) : g_strdup (".");

  g_free (exe);
  return dir;
}

static gchar *
find_file (const gchar *given, const gchar *const *candidates)
{
  if (given)
    return g_strdup (given);
  for (guint i = 0; candidates[i]; i++)
    if (g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      return g_canonicalize_filename (candidates[i], NULL);
  return NULL;
}

static void
rm_rf (const gchar *path)
{
  GDir *dir;

  if (g_file_test (path, G_FILE_TEST_IS_DIR) &&
      !g_file_test (path, G_FILE_TEST_IS_SYMLINK) &&
      (dir = g_dir_open (path, 0, NULL))) {
    const gchar *name;

    while ((name = g_dir_read_name (dir))) {
      gchar *child = g_build_filename (path, name, NULL);

      rm_rf (child);
      g_free (child);
    }
    g_dir_close (dir);
    g_rmdir (path);
  } else {
    g_unlink (path);
  }
}

/* ------------------------------------------------------------------ */
/* Parent: the plan of runs                                            */

static gchar *
loadavg (void)
{
  gchar *s = NULL;

  if (!g_file_get_contents ("/proc/loadavg", &s, NULL, NULL))
    return g_strdup ("?");
  return g_strstrip (s);
}

static guint
format_index (gchar **formats, const gchar *format)
{
  for (guint i = 0; formats[i]; i++)
    if (!strcmp (formats[i], format))
      return i;
  g_assert_not_reached ();
  return 0;
}

static gboolean
in_list (const gchar *list, const gchar *item)
{
  gchar **v = g_strsplit (list, ",", -1);
  gboolean found = FALSE;

  for (guint i = 0; v[i] && !found; i++)
    found = !strcmp (g_strstrip (v[i]), item);
  g_strfreev (v);
  return found;
}

static int
parent_main (gint argc, gchar **argv)
{
  gchar *dir = exe_dir ();
  gchar *image, **sizes, **formats;
  GPtrArray *elements;
  gboolean gpu = FALSE, have_hist = FALSE, any_cl = FALSE;
  gchar *startup_size;
  guint sw = 0, sh = 0;
  gint failures = 0;
  GString *copy_sizes = g_string_new (NULL);

  {
    gchar *c1 = g_build_filename (BENCH_SOURCE_DIR, "tests", "data", "moon.png",
        NULL);
    gchar *c2 = g_build_filename (dir, "..", "..", "tests", "data", "moon.png",
        NULL);
    const gchar *cand[] = { c1, c2, "tests/data/moon.png", NULL };
    gchar *s1 = g_build_filename (dir, "opencv_peers.py", NULL);
    gchar *s2 = g_build_filename (BENCH_SOURCE_DIR, "bench", "opencv_peers.py",
        NULL);
    const gchar *scand[] = { s1, s2, "bench/opencv_peers.py", NULL };

    image = find_file (opt_image, cand);
    peers_script = find_file (opt_peers_script, scand);
    g_free (c1);
    g_free (c2);
    g_free (s1);
    g_free (s2);
  }
  python = g_strdup (opt_python ? opt_python : "python3");
  if (!image) {
    g_printerr ("cannot find tests/data/moon.png; give --image\n");
    return 1;
  }

  rows = g_ptr_array_new ();
  startups = g_ptr_array_new ();
  tmp_root = g_dir_make_tmp ("clfilter-bench-XXXXXX", NULL);
  if (!tmp_root) {
    g_printerr ("cannot make a temporary directory\n");
    return 1;
  }

  {
    GPtrArray *a = self_argv ("probe");
    Child c;

    if (run_child (a, NULL, &c))
      probe_res = gst_structure_copy (c.results->pdata[0]);
    child_clear (&c);
    g_ptr_array_unref (a);
  }
  if (probe_res && !gst_structure_has_field (probe_res, "error"))
    gpu = !g_strcmp0 (gst_structure_get_string (probe_res, "type"), "gpu");

  if (opt_quick) {
    if (!opt_sizes)
      opt_sizes = g_strdup ("640x480");
    if (opt_frames <= 0)
      opt_frames = 20;
    if (opt_warmup < 0)
      opt_warmup = 5;
    opt_runs = MIN (opt_runs, 3);
  }
  if (!opt_sizes)
    opt_sizes = g_strdup (gpu ? "640x480,1920x1080,3840x2160,7680x4320"
                              : "640x480,1920x1080,3840x2160");
  if (!opt_formats)
    opt_formats = g_strdup ("GRAY8,GRAY16_LE,NV12,I420");
  if (!opt_peers)
    opt_peers = g_strdup ("identity,cvequalizehist,opencv");
  if (opt_runs < 1)
    opt_runs = 1;
  sizes = g_strsplit (opt_sizes, ",", -1);
  formats = g_strsplit (opt_formats, ",", -1);

  load_start = loadavg ();
  g_print ("clfilter-bench: %u CPUs (load average %s), %s",
      g_get_num_processors (), load_start, gst_version_string ());
  if (probe_res && !gst_structure_has_field (probe_res, "error"))
    g_print (", OpenCL device %s \"%s\" (%s; %s; %s)\n",
        gst_structure_get_string (probe_res, "index"),
        gst_structure_get_string (probe_res, "device-name"),
        gst_structure_get_string (probe_res, "type"),
        gst_structure_get_string (probe_res, "platform"),
        gst_structure_get_string (probe_res, "driver"));
  else
    g_print (", no OpenCL device (%s)\n",
        probe_res ? gst_structure_get_string (probe_res, "error") : "?");

  elements = expand_elements (
      opt_elements ? opt_elements
                   : "clhistequalize,clhistequalize post-messages=false,"
                     "clsobel");
  for (guint i = 0; i < elements->len; i++) {
    have_hist |= g_str_has_prefix (elements->pdata[i], "clhistequalize");
    any_cl |= element_is_cl (elements->pdata[i]);
  }
  if (in_list (opt_peers, "cvequalizehist") && have_hist &&
      !have_element ("cvequalizehist"))
    g_print ("skipped: cvequalizehist is not registered (gstreamer1.0-opencv "
             "missing?)\n");
  if (in_list (opt_peers, "opencv"))
    opencv_available ();
  if (cv_info) {
    gint64 threads = 0;

    gst_structure_get_int64 (cv_info, "threads", &threads);
    g_print ("OpenCV peers: %s, cv2 %s, %d threads%s%s\n", peers_script,
        gst_structure_get_string (cv_info, "opencv-version"), (gint)threads,
        opt_umat ? ", UMat device: " : "",
        opt_umat ? gst_structure_get_string (cv_info, "ocl-device") : "");
  }

  startup_size = g_strdup (opt_startup_size                  ? opt_startup_size
                           : strstr (opt_sizes, "1920x1080") ? "1920x1080"
                                                             : sizes[0]);
  parse_size (startup_size, &sw, &sh);

  for (guint si = 0; sizes[si]; si++) {
    const guint nf = g_strv_length (formats);
    GPtrArray *pipes = g_ptr_array_new ();                    /* Row * */
    GPtrArray *cvs = g_ptr_array_new_with_free_func (g_free); /* Row ** */
    GArray *busy_runs = g_array_new (FALSE, FALSE, sizeof (gdouble));
    gchar **files = g_new0 (gchar *, nf + 1);
    GstCaps **caps = g_new0 (GstCaps *, nf + 1);
    guint w, h;
    gint frames, warmup;

    if (!parse_size (g_strstrip (sizes[si]), &w, &h)) {
      g_printerr ("bad size \"%s\"\n", sizes[si]);
      failures++;
      continue;
    }
    frames = frames_for (w, h, gpu);
    warmup = warmup_for (frames);

    /* The size's cases, all formats: pipelines, and OpenCV ops (one Python
     * process for all of an op's variants). */
    for (guint fi = 0; fi < nf; fi++) {
      const gchar *format = g_intern_string (g_strstrip (formats[fi]));
      GstVideoInfo info;

      if (!video_info_for (format, w, h, &info)) {
        g_printerr ("bad format \"%s\"\n", format);
        failures++;
        continue;
      }
      g_printerr ("%s %ux%u: preparing frames\n", format, w, h);
      files[fi] = prep_frames (format, w, h, image);
      if (!files[fi]) {
        g_printerr ("could not prepare %s %ux%u frames\n", format, w, h);
        failures++;
        continue;
      }
      caps[fi] = gst_video_info_to_caps (&info);
      g_string_append_printf (copy_sizes, "%s%" G_GUINT64_FORMAT,
          copy_sizes->len ? "," : "",
          (guint64)w * h * GST_VIDEO_INFO_COMP_PSTRIDE (&info, 0));

      if (in_list (opt_peers, "identity"))
        g_ptr_array_add (pipes,
            row_new (ROW_PIPELINE, "identity", "identity", format, w, h));
      if (in_list (opt_peers, "cvequalizehist") && have_hist &&
          have_element ("cvequalizehist") &&
          element_accepts ("cvequalizehist", caps[fi]))
        g_ptr_array_add (pipes, row_new (ROW_PIPELINE, "cvequalizehist",
                                    "cvequalizehist", format, w, h));
      /* The OpenCV ops are gray ones; YUV rows are read against the GRAY8
       * rows of their size (see the targets). */
      if (in_list (opt_peers, "opencv") && g_str_has_prefix (format, "GRAY") &&
          opencv_available ()) {
        const gchar *ops[] = { "equalizeHist", "clahe", "sobel-magnitude",
          "sobel-l1" };

        for (guint o = 0; o < G_N_ELEMENTS (ops); o++) {
          gboolean wanted = FALSE;

          /* cv::equalizeHist has no 16-bit form. */
          if (!strcmp (ops[o], "equalizeHist") && strcmp (format, "GRAY8"))
            continue;
          for (guint e = 0; e < elements->len; e++)
            wanted |= !g_strcmp0 (opencv_op_for (elements->pdata[e]), ops[o]);
          if (wanted) {
            g_ptr_array_add (cvs, opencv_rows (ops[o], format, w, h));
          }
        }
      }
      for (guint e = 0; e < elements->len; e++) {
        const gchar *desc = elements->pdata[e];

        if (!element_accepts (desc, caps[fi])) {
          g_print ("skipped: %s does not take %s\n", desc, format);
          continue;
        }
        g_ptr_array_add (pipes,
            row_new (ROW_PIPELINE, desc, desc, format, w, h));
      }
    }

    /* Runs go round-robin over the cases, one child per case and run, so
     * that a drift in the machine's speed (other load, clocks) hits every
     * case of the round alike. */
    for (gint run = 0; run < opt_runs; run++) {
      const gdouble busy = wait_idle ();

      g_printerr ("%ux%u: run %d/%d\n", w, h, run + 1, opt_runs);
      if (!isnan (busy))
        g_array_append_val (busy_runs, busy);
      for (guint i = 0; i < pipes->len; i++) {
        Row *r = pipes->pdata[i];

        if (!r->error)
          run_pipeline_case (r, files[format_index (formats, r->format)],
              frames, warmup, FALSE);
      }
      for (guint i = 0; i < cvs->len; i++) {
        Row **vr = cvs->pdata[i];

        run_opencv (vr, files[format_index (formats, vr[0]->format)], frames,
            warmup);
      }
    }
    for (guint i = 0; i < rows->len; i++) {
      Row *r = rows->pdata[i];

      if (r->width == w && r->height == h && !r->busy) {
        r->busy = g_array_ref (busy_runs);
        row_finish (r);
        if (r->error && r->is_cl)
          failures++;
      }
    }
    if (opt_profile)
      for (guint i = 0; i < pipes->len; i++) {
        Row *r = pipes->pdata[i];

        if (r->is_cl && !r->error)
          run_pipeline_case (r, files[format_index (formats, r->format)],
              frames, warmup, TRUE);
      }

    if (!opt_no_startup && w == sw && h == sh) {
      for (guint fi = 0; fi < nf; fi++) {
        gchar last[128] = "";

        if (!files[fi])
          continue;
        for (guint e = 0; e < elements->len; e++) {
          gchar name[128];

          /* One start-up measurement per element, not per property set. */
          factory_of (elements->pdata[e], name, sizeof (name));
          if (!element_is_cl (name) || !strcmp (name, last) ||
              !element_accepts (name, caps[fi]))
            continue;
          g_strlcpy (last, name, sizeof (last));
          run_startup (elements->pdata[e], g_intern_string (formats[fi]), w, h,
              files[fi]);
        }
      }
      if (in_list (opt_peers, "identity") && files[0])
        run_startup ("identity", g_intern_string (formats[0]), w, h, files[0]);
    }

    for (guint fi = 0; fi < nf; fi++) {
      if (files[fi]) {
        print_group (g_intern_string (formats[fi]), w, h, frames, warmup);
        g_unlink (files[fi]);
      }
      g_free (files[fi]);
      if (caps[fi])
        gst_caps_unref (caps[fi]);
    }
    g_free (files);
    g_free (caps);
    g_ptr_array_unref (pipes);
    g_ptr_array_unref (cvs);
    g_array_unref (busy_runs);
  }

  if (opt_profile || opt_bandwidth) {
    GPtrArray *a = self_argv ("bandwidth");
    Child c;

    argv_add (a, "bw-mib", "%d", opt_bw_mib);
    if (copy_sizes->len)
      argv_add (a, "copy-sizes", "%s", copy_sizes->str);
    if (run_child (a, NULL, &c))
      bw_res = gst_structure_copy (c.results->pdata[0]);
    child_clear (&c);
    g_ptr_array_unref (a);
    if (bw_res && gst_structure_has_field (bw_res, "error")) {
      g_print ("\nbandwidth: %s\n", gst_structure_get_string (bw_res, "error"));
      gst_structure_free (bw_res);
      bw_res = NULL;
    } else if (bw_res && !opt_profile) {
      gdouble bw = bw_bytes_per_s ();

      g_print ("\ncopy-kernel bandwidth on \"%s\": %.1f GB/s\n",
          gst_structure_get_string (bw_res, "device-name"), bw / 1e9);
    }
  }
  load_end = loadavg ();
  g_print ("\nload average at the end: %s\n", load_end);
  if (opt_profile && any_cl)
    print_profile ();
  print_startup ();
  if (any_cl)
    print_targets (gpu);

  if (opt_json && !write_json (opt_json, gpu, argc, argv))
    failures++;

  rm_rf (tmp_root);
  g_free (tmp_root);
  g_strfreev (sizes);
  g_strfreev (formats);
  g_ptr_array_unref (elements);
  g_string_free (copy_sizes, TRUE);
  g_free (startup_size);
  g_free (image);
  g_free (dir);
  return failures ? 2 : 0;
}

int
main (int argc, char **argv)
{
  GOptionContext *ctx;
  GError *error = NULL;
  gchar **args = g_strdupv (argv);
  int ret;

  ctx = g_option_context_new ("- time clfilter elements against their peers");
  g_option_context_set_summary (ctx,
      "Runs appsrc ! ELEMENT ! fakesink sync=false on frames made from "
      "moon.png,\nand its peers on the same frames; see docs/performance.md.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_option_context_add_group (ctx, gst_init_get_option_group ());
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 1;
  }
  g_option_context_free (ctx);
  gst_init (NULL, NULL);
  self_exe = g_file_read_link ("/proc/self/exe", NULL);

  if (opt_child) {
    if (opt_child_timeout > 0)
      alarm (opt_child_timeout);
    if (!strcmp (opt_child, "case"))
      ret = child_case ();
    else if (!strcmp (opt_child, "startup"))
      ret = child_startup ();
    else if (!strcmp (opt_child, "prep"))
      ret = child_prep ();
    else if (!strcmp (opt_child, "probe"))
      ret = child_probe ();
    else if (!strcmp (opt_child, "bandwidth"))
      ret = child_bandwidth ();
    else {
      g_printerr ("unknown --child=%s\n", opt_child);
      ret = 1;
    }
  } else {
    ret = parent_main (g_strv_length (args), args);
  }
  g_strfreev (args);
  return ret;
}
