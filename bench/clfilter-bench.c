/* gst-clfilter benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times clfilter elements and their peers in real pipelines,
 *
 *   appsrc ! ELEMENT ! fakesink sync=false
 *
 * on frames made once, before timing, from tests/data/moon.png. See
 * docs/performance.md for the method and the meaning of every column.
 *
 * One process per measurement: the parent prepares frames, runs every case
 * in a child (this program again, with a hidden --child=MODE) and reads the
 * child's peak memory from wait4(), so that peaks of different cases do not
 * mix. A child prints its results as "RESULT <GstStructure>" lines on stdout;
 * bench/opencv_peers.py, run the same way, prints the same kind of lines.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <glib/gstdio.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef BENCH_SOURCE_DIR
#define BENCH_SOURCE_DIR "."
#endif

/* Distinct frames pushed in turn, so that no cache holds "the" frame. */
#define RING 4
/* No progress for this long means a hung pipeline. */
#define WAIT_TIMEOUT_S 120

/* ------------------------------------------------------------------ */
/* Options                                                             */

static gchar *opt_sizes = NULL;
static gchar *opt_formats = NULL;
static gchar *opt_elements = NULL;
static gchar *opt_peers = NULL;
static gint opt_frames = 0;
static gint opt_warmup = -1;
static gint opt_runs = 5;
static gboolean opt_quick = FALSE;
static gchar *opt_json = NULL;
static gboolean opt_profile = FALSE;
static gboolean opt_bandwidth = FALSE;
static gchar *opt_device = NULL;
static gboolean opt_umat = FALSE;
static gboolean opt_no_startup = FALSE;
static gchar *opt_startup_size = NULL;
static gchar *opt_python = NULL;
static gchar *opt_peers_script = NULL;
static gchar *opt_image = NULL;
static gint opt_bw_mib = 256;
static gint opt_child_timeout = 1800;
static gdouble opt_idle_wait = 10;
static gdouble opt_idle_busy = 0.15;
/* Child side. */
static gchar *opt_child = NULL;
static gchar *opt_element = NULL;
static gchar *opt_format = NULL;
static gchar *opt_size = NULL;
static gchar *opt_frames_file = NULL;
static gchar *opt_copy_sizes = NULL;

static GOptionEntry entries[] = {
  { "sizes", 's', 0, G_OPTION_ARG_STRING, &opt_sizes,
      "Comma-separated WxH list (default 640x480,1920x1080,3840x2160, and "
      "7680x4320 on a GPU)",
      "LIST" },
  { "formats", 'f', 0, G_OPTION_ARG_STRING, &opt_formats,
      "Comma-separated formats (default GRAY8,GRAY16_LE)", "LIST" },
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
/* Small helpers                                                       */

static gint64
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

static gdouble
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

static gboolean
parse_size (const gchar *s, guint *w, guint *h)
{
  return s && sscanf (s, "%ux%u", w, h) == 2 && *w > 0 && *h > 0;
}

/* VmHWM: the peak resident set of this process image (exec resets it). */
static gint64
vmhwm_kib (void)
{
  gchar *status = NULL, *p;
  gint64 v = -1;

  if (g_file_get_contents ("/proc/self/status", &status, NULL, NULL) &&
      (p = strstr (status, "VmHWM:")))
    v = g_ascii_strtoll (p + 6, NULL, 10);
  g_free (status);
  return v;
}

static void
print_result (GstStructure *s)
{
  gchar *str;

  gst_structure_set (s, "vmhwm-kib", G_TYPE_INT64, vmhwm_kib (), NULL);
  str = gst_structure_to_string (s);
  printf ("RESULT %s\n", str);
  fflush (stdout);
  g_free (str);
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
/* OpenCL device selection, as the elements' "device" property does it */

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  guint p, d;
  cl_device_type type;
  gchar name[256];
} ClDev;

static gboolean
cl_select_device (const gchar *sel, ClDev *out, gchar **why)
{
  cl_platform_id platforms[16];
  cl_uint np = 0;
  ClDev all[64];
  guint n = 0, p, d;

  if (clGetPlatformIDs (16, platforms, &np) != CL_SUCCESS || np == 0) {
    *why = g_strdup ("no OpenCL platform");
    return FALSE;
  }
  for (guint i = 0; i < np; i++) {
    cl_device_id ids[16];
    cl_uint nd = 0;

    if (clGetDeviceIDs (platforms[i], CL_DEVICE_TYPE_ALL, 16, ids, &nd) !=
        CL_SUCCESS)
      continue;
    for (guint j = 0; j < nd && n < G_N_ELEMENTS (all); j++, n++) {
      all[n].platform = platforms[i];
      all[n].device = ids[j];
      all[n].p = i;
      all[n].d = j;
      clGetDeviceInfo (ids[j], CL_DEVICE_TYPE, sizeof (cl_device_type),
          &all[n].type, NULL);
      all[n].name[0] = '\0';
      clGetDeviceInfo (ids[j], CL_DEVICE_NAME, sizeof (all[n].name),
          all[n].name, NULL);
      g_strstrip (all[n].name);
    }
  }
  if (!sel || !*sel) {
    const cl_device_type order[] = { CL_DEVICE_TYPE_GPU,
      CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CPU };

    for (guint t = 0; t < G_N_ELEMENTS (order); t++)
      for (guint i = 0; i < n; i++)
        if (all[i].type & order[t]) {
          *out = all[i];
          return TRUE;
        }
  } else if (!g_ascii_strcasecmp (sel, "gpu") ||
             !g_ascii_strcasecmp (sel, "cpu") ||
             !g_ascii_strcasecmp (sel, "accelerator")) {
    cl_device_type t = !g_ascii_strcasecmp (sel, "gpu") ? CL_DEVICE_TYPE_GPU
                       : !g_ascii_strcasecmp (sel, "cpu")
                           ? CL_DEVICE_TYPE_CPU
                           : CL_DEVICE_TYPE_ACCELERATOR;

    for (guint i = 0; i < n; i++)
      if (all[i].type & t) {
        *out = all[i];
        return TRUE;
      }
  } else if (sscanf (sel, "%u.%u", &p, &d) == 2) {
    for (guint i = 0; i < n; i++)
      if (all[i].p == p && all[i].d == d) {
        *out = all[i];
        return TRUE;
      }
  } else {
    gchar *needle = g_utf8_casefold (sel, -1);

    for (guint i = 0; i < n; i++) {
      gchar *hay = g_utf8_casefold (all[i].name, -1);
      gboolean hit = strstr (hay, needle) != NULL;

      g_free (hay);
      if (hit) {
        *out = all[i];
        g_free (needle);
        return TRUE;
      }
    }
    g_free (needle);
  }
  *why = g_strdup_printf ("no OpenCL device matches \"%s\"", sel ? sel : "");
  return FALSE;
}

static const gchar *
cl_type_name (cl_device_type t)
{
  return (t & CL_DEVICE_TYPE_GPU)           ? "gpu"
         : (t & CL_DEVICE_TYPE_ACCELERATOR) ? "accelerator"
         : (t & CL_DEVICE_TYPE_CPU)         ? "cpu"
                                            : "other";
}

/* --child=probe: which device the selector names. */
static int
child_probe (void)
{
  GstStructure *s = gst_structure_new_empty ("probe");
  gchar *why = NULL;
  ClDev dev;

  if (cl_select_device (opt_device, &dev, &why)) {
    gchar pname[256] = "", version[256] = "", driver[256] = "";
    cl_uint cus = 0;
    cl_ulong mem = 0;

    clGetPlatformInfo (dev.platform, CL_PLATFORM_NAME, sizeof (pname), pname,
        NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_VERSION, sizeof (version), version,
        NULL);
    clGetDeviceInfo (dev.device, CL_DRIVER_VERSION, sizeof (driver), driver,
        NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof (cus),
        &cus, NULL);
    clGetDeviceInfo (dev.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof (mem), &mem,
        NULL);
    gchar *index = g_strdup_printf ("%u.%u", dev.p, dev.d);

    gst_structure_set (s, "device-name", G_TYPE_STRING, dev.name, "type",
        G_TYPE_STRING, cl_type_name (dev.type), "index", G_TYPE_STRING, index,
        "platform", G_TYPE_STRING, g_strstrip (pname), "version", G_TYPE_STRING,
        g_strstrip (version), "driver", G_TYPE_STRING, g_strstrip (driver),
        "compute-units", G_TYPE_UINT, cus, "global-mem-mib", G_TYPE_UINT64,
        mem >> 20, NULL);
    g_free (index);
  } else {
    gst_structure_set (s, "error", G_TYPE_STRING, why, NULL);
    g_free (why);
  }
  print_result (s);
  gst_structure_free (s);
  return 0;
}

/* --child=bandwidth: a plain copy kernel's bytes read + written per second
 * on a large buffer, best of several, and the time of copying each of
 * --copy-sizes bytes (the smallest a filter of that frame could take). */
static const char *copy_src =
    "__kernel void copy4 (__global const uint4 *src, __global uint4 *dst)\n"
    "{ size_t i = get_global_id (0); dst[i] = src[i]; }\n";

static gdouble
time_copy (cl_command_queue q, cl_kernel k, size_t n_vec, guint reps,
    cl_int *err)
{
  gdouble best = INFINITY;

  for (guint r = 0; r < reps; r++) {
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;

    *err = clEnqueueNDRangeKernel (q, k, 1, NULL, &n_vec, NULL, 0, NULL, &ev);
    if (*err != CL_SUCCESS)
      return NAN;
    clWaitForEvents (1, &ev);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof (t0), &t0,
        NULL);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof (t1), &t1,
        NULL);
    clReleaseEvent (ev);
    best = MIN (best, (gdouble)(t1 - t0));
  }
  return best;
}

static int
child_bandwidth (void)
{
  GstStructure *s = gst_structure_new_empty ("bandwidth");
  gchar *why = NULL;
  ClDev dev;
  cl_context ctx = NULL;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_mem a = NULL, b = NULL;
  cl_int err = CL_SUCCESS;
  cl_ulong max_alloc = 0;
  size_t bytes;
  gdouble ns;

  if (!cl_select_device (opt_device, &dev, &why))
    goto fail;
  clGetDeviceInfo (dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof (max_alloc),
      &max_alloc, NULL);
  bytes = MIN ((cl_ulong)opt_bw_mib << 20, max_alloc) & ~(size_t)15;
  ctx = clCreateContext (NULL, 1, &dev.device, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    q = clCreateCommandQueue (ctx, dev.device, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err == CL_SUCCESS)
    prog = clCreateProgramWithSource (ctx, 1, &copy_src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &dev.device, "-cl-std=CL1.2", NULL, NULL);
  if (err == CL_SUCCESS)
    k = clCreateKernel (prog, "copy4", &err);
  if (err == CL_SUCCESS)
    a = clCreateBuffer (ctx, CL_MEM_READ_ONLY, bytes, NULL, &err);
  if (err == CL_SUCCESS)
    b = clCreateBuffer (ctx, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  if (err == CL_SUCCESS) {
    const cl_uint pattern = 0x5a5a1234;

    err = clEnqueueFillBuffer (q, a, &pattern, sizeof (pattern), 0, bytes, 0,
        NULL, NULL);
  }
  if (err == CL_SUCCESS)
    err = clSetKernelArg (k, 0, sizeof (a), &a);
  if (err == CL_SUCCESS)
    err = clSetKernelArg (k, 1, sizeof (b), &b);
  if (err != CL_SUCCESS) {
    why = g_strdup_printf ("OpenCL setup failed (%d)", err);
    goto fail;
  }
  /* One untimed pass to fault the pages in, then the best of 10. */
  time_copy (q, k, bytes / 16, 1, &err);
  ns = time_copy (q, k, bytes / 16, 10, &err);
  if (err != CL_SUCCESS) {
    why = g_strdup_printf ("copy kernel failed (%d)", err);
    goto fail;
  }
  gst_structure_set (s, "device-name", G_TYPE_STRING, dev.name, "bytes",
      G_TYPE_UINT64, (guint64)bytes, "copy-ns", G_TYPE_DOUBLE, ns,
      "bytes-per-s", G_TYPE_DOUBLE, 2.0 * bytes / ns * 1e9, NULL);

  if (opt_copy_sizes) {
    gchar **sizes = g_strsplit (opt_copy_sizes, ",", -1);

    for (guint i = 0; sizes[i]; i++) {
      guint64 n = g_ascii_strtoull (sizes[i], NULL, 10);
      gchar *key = g_strdup_printf ("copy-ns-%" G_GUINT64_FORMAT, n);

      n = (n + 15) / 16;
      if (n && n * 16 <= bytes)
        gst_structure_set (s, key, G_TYPE_DOUBLE, time_copy (q, k, n, 20, &err),
            NULL);
      g_free (key);
    }
    g_strfreev (sizes);
  }
  print_result (s);
  goto done;

fail:
  gst_structure_set (s, "error", G_TYPE_STRING, why, NULL);
  g_free (why);
  print_result (s);
done:
  if (a)
    clReleaseMemObject (a);
  if (b)
    clReleaseMemObject (b);
  if (k)
    clReleaseKernel (k);
  if (prog)
    clReleaseProgram (prog);
  if (q)
    clReleaseCommandQueue (q);
  if (ctx)
    clReleaseContext (ctx);
  gst_structure_free (s);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Frames                                                              */

static gboolean
video_info_for (const gchar *format, guint w, guint h, GstVideoInfo *info)
{
  GstVideoFormat f = gst_video_format_from_string (format);

  if (f == GST_VIDEO_FORMAT_UNKNOWN)
    return FALSE;
  gst_video_info_set_format (info, f, w, h);
  GST_VIDEO_INFO_FPS_N (info) = 30;
  GST_VIDEO_INFO_FPS_D (info) = 1;
  return TRUE;
}

/* --child=prep: moon.png decoded, scaled and converted by GStreamer into
 * one frame; RING variants of it (as is, mirrored, flipped, both) written
 * packed (no row padding) to --frames-file. */
static int
child_prep (void)
{
  GstStructure *res = gst_structure_new_empty ("prep");
  GstElement *pipe = NULL, *sink;
  GstSample *sample = NULL;
  GstVideoInfo info;
  GstVideoFrame vf;
  GError *error = NULL;
  guint w, h;
  gchar *desc;
  int ret = 1;

  if (!parse_size (opt_size, &w, &h) || !opt_format || !opt_frames_file ||
      !opt_image) {
    g_printerr ("prep: --size, --format, --image and --frames-file needed\n");
    return 1;
  }
  desc = g_strdup_printf ("filesrc location=\"%s\" ! pngdec ! videoconvert ! "
                          "videoscale ! video/x-raw,format=%s,width=%u,"
                          "height=%u ! appsink name=sink sync=false",
      opt_image, opt_format, w, h);
  pipe = gst_parse_launch (desc, &error);
  g_free (desc);
  if (!pipe) {
    g_printerr ("prep: %s\n", error->message);
    return 1;
  }
  sink = gst_bin_get_by_name (GST_BIN (pipe), "sink");
  gst_element_set_state (pipe, GST_STATE_PLAYING);
  sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 30 * GST_SECOND);
  gst_object_unref (sink);
  if (!sample) {
    g_printerr ("prep: no frame from %s\n", opt_image);
    goto out;
  }
  if (!gst_video_info_from_caps (&info, gst_sample_get_caps (sample)) ||
      !gst_video_frame_map (&vf, &info, gst_sample_get_buffer (sample),
          GST_MAP_READ)) {
    g_printerr ("prep: cannot map the frame\n");
    goto out;
  }
  {
    const guint bpp = GST_VIDEO_FRAME_COMP_PSTRIDE (&vf, 0);
    const gsize row = (gsize)w * bpp;
    guint8 *packed = g_malloc (row * h);
    FILE *f = fopen (opt_frames_file, "wb");
    guint64 sum = 0;

    for (guint y = 0; y < h; y++)
      memcpy (packed + y * row,
          (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (&vf, 0) +
              y * GST_VIDEO_FRAME_PLANE_STRIDE (&vf, 0),
          row);
    for (gsize i = 0; i < row * h; i++)
      sum += packed[i];
    for (guint v = 0; f && v < RING; v++) {
      const gboolean mirror = v & 1, flip = v & 2;

      for (guint y = 0; y < h; y++) {
        const guint8 *src = packed + (flip ? h - 1 - y : y) * row;

        if (!mirror) {
          fwrite (src, 1, row, f);
          continue;
        }
        for (guint x = 0; x < w; x++)
          fwrite (src + (gsize)(w - 1 - x) * bpp, 1, bpp, f);
      }
    }
    gst_video_frame_unmap (&vf);
    if (!f || fclose (f) != 0) {
      g_printerr ("prep: cannot write %s\n", opt_frames_file);
      g_free (packed);
      goto out;
    }
    gst_structure_set (res, "format", G_TYPE_STRING, opt_format, "width",
        G_TYPE_UINT, w, "height", G_TYPE_UINT, h, "mean", G_TYPE_DOUBLE,
        (gdouble)sum / (row * h), NULL);
    g_free (packed);
  }
  print_result (res);
  ret = 0;
out:
  if (sample)
    gst_sample_unref (sample);
  gst_element_set_state (pipe, GST_STATE_NULL);
  gst_object_unref (pipe);
  gst_structure_free (res);
  return ret;
}

/* The ring, read into memory once, each frame laid out as @info says. */
static gboolean
load_ring (const GstVideoInfo *info, GstMemory **ring)
{
  const gsize row = (gsize)GST_VIDEO_INFO_WIDTH (info) *
                    GST_VIDEO_INFO_COMP_PSTRIDE (info, 0);
  const gsize stride = GST_VIDEO_INFO_PLANE_STRIDE (info, 0);
  FILE *f = fopen (opt_frames_file, "rb");

  if (!f) {
    g_printerr ("cannot open %s\n", opt_frames_file);
    return FALSE;
  }
  for (guint i = 0; i < RING; i++) {
    guint8 *data = g_malloc0 (GST_VIDEO_INFO_SIZE (info));

    for (gint y = 0; y < GST_VIDEO_INFO_HEIGHT (info); y++)
      if (fread (data + y * stride, 1, row, f) != row) {
        g_printerr ("%s is short\n", opt_frames_file);
        g_free (data);
        fclose (f);
        return FALSE;
      }
    ring[i] = gst_memory_new_wrapped (GST_MEMORY_FLAG_READONLY, data,
        GST_VIDEO_INFO_SIZE (info), 0, GST_VIDEO_INFO_SIZE (info), data,
        g_free);
  }
  fclose (f);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* One pipeline: appsrc ! ELEMENT ! fakesink                           */

typedef struct {
  GMutex lock;
  GCond cond;
  guint64 received;
  guint64 target;
  gint64 t_target;
  gboolean eos;
  gchar *error;
  GstStructure *profile;
  GstCaps *out_caps;
} Sync;

typedef struct {
  GstElement *pipe;
  GstElement *src;
  GstElement *dut;
  Sync sync;
  guint64 pushed;
  GstClockTime duration;
} Pipe;

static GstBusSyncReply
on_bus (GstBus *bus, GstMessage *msg, gpointer data)
{
  Sync *s = data;

  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR: {
      GError *e = NULL;
      gchar *dbg = NULL;

      gst_message_parse_error (msg, &e, &dbg);
      g_mutex_lock (&s->lock);
      if (!s->error)
        s->error = g_strdup_printf ("%s: %s", GST_OBJECT_NAME (msg->src),
            e->message);
      g_cond_broadcast (&s->cond);
      g_mutex_unlock (&s->lock);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
          e->message, dbg ? dbg : "");
      g_error_free (e);
      g_free (dbg);
      break;
    }
    case GST_MESSAGE_EOS:
      g_mutex_lock (&s->lock);
      s->eos = TRUE;
      g_cond_broadcast (&s->cond);
      g_mutex_unlock (&s->lock);
      break;
    case GST_MESSAGE_ELEMENT:
      /* Everything else, e.g. clhistequalize's per-frame "histogram"
       * messages, is dropped here so that nothing piles up on the bus. */
      if (gst_message_has_name (msg, "clfilter-profile")) {
        g_mutex_lock (&s->lock);
        if (s->profile)
          gst_structure_free (s->profile);
        s->profile = gst_structure_copy (gst_message_get_structure (msg));
        g_mutex_unlock (&s->lock);
      }
      break;
    default:
      break;
  }
  return GST_BUS_DROP;
}

static GstPadProbeReturn
on_sink_buffer (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  Sync *s = data;
  const gint64 t = now_ns ();

  g_mutex_lock (&s->lock);
  if (++s->received == s->target) {
    s->t_target = t;
    g_cond_broadcast (&s->cond);
  }
  if (!s->out_caps)
    s->out_caps = gst_pad_get_current_caps (pad);
  g_mutex_unlock (&s->lock);
  return GST_PAD_PROBE_OK;
}

static gboolean
pipe_build (Pipe *p, const gchar *element, GstCaps *caps, GError **error)
{
  gchar *desc =
      g_strdup_printf ("appsrc name=src ! %s name=dut ! fakesink "
                       "name=sink sync=false enable-last-sample=false",
          element);
  GstElement *sink;
  GstPad *pad;
  GstBus *bus;

  memset (p, 0, sizeof (*p));
  g_mutex_init (&p->sync.lock);
  g_cond_init (&p->sync.cond);
  p->pipe = gst_parse_launch (desc, error);
  g_free (desc);
  if (!p->pipe)
    return FALSE;
  p->src = gst_bin_get_by_name (GST_BIN (p->pipe), "src");
  p->dut = gst_bin_get_by_name (GST_BIN (p->pipe), "dut");
  g_object_set (p->src, "caps", caps, "format", GST_FORMAT_TIME, "is-live",
      FALSE, "block", FALSE, "max-bytes", (guint64)0, NULL);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (p->src), "max-buffers"))
    g_object_set (p->src, "max-buffers", (guint64)0, NULL);
  if (opt_device &&
      g_object_class_find_property (G_OBJECT_GET_CLASS (p->dut), "device"))
    g_object_set (p->dut, "device", opt_device, NULL);

  sink = gst_bin_get_by_name (GST_BIN (p->pipe), "sink");
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_sink_buffer, &p->sync,
      NULL);
  gst_object_unref (pad);
  gst_object_unref (sink);

  bus = gst_element_get_bus (p->pipe);
  gst_bus_set_sync_handler (bus, on_bus, &p->sync, NULL);
  gst_object_unref (bus);
  {
    GstVideoInfo info;

    gst_video_info_from_caps (&info, caps);
    p->duration = gst_util_uint64_scale_int (GST_SECOND,
        GST_VIDEO_INFO_FPS_D (&info), GST_VIDEO_INFO_FPS_N (&info));
  }
  return TRUE;
}

static void
pipe_free (Pipe *p)
{
  if (p->pipe) {
    gst_element_set_state (p->pipe, GST_STATE_NULL);
    gst_object_unref (p->src);
    gst_object_unref (p->dut);
    gst_object_unref (p->pipe);
  }
  g_free (p->sync.error);
  if (p->sync.profile)
    gst_structure_free (p->sync.profile);
  if (p->sync.out_caps)
    gst_caps_unref (p->sync.out_caps);
  g_mutex_clear (&p->sync.lock);
  g_cond_clear (&p->sync.cond);
}

/* Moves the ring into memory from the allocator that @p's element proposes
 * in its ALLOCATION query, as a source that honours it would allocate its
 * frames (clfilter elements offer pinned or device-shared memory). Done
 * once, after the first frame negotiated the caps, before any timing. */
static const gchar *
pipe_adopt_allocator (Pipe *p, GstCaps *caps, GstMemory **ring)
{
  GstPad *pad = gst_element_get_static_pad (p->dut, "sink");
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstAllocator *allocator = NULL;
  GstAllocationParams params;
  const gchar *type = "SystemMemory";

  if (gst_pad_query (pad, query) &&
      gst_query_get_n_allocation_params (query) > 0)
    gst_query_parse_nth_allocation_param (query, 0, &allocator, &params);
  if (allocator) {
    for (guint i = 0; i < RING; i++) {
      GstMemory *mem = gst_allocator_alloc (allocator, ring[i]->size, &params);
      GstMapInfo src, dst;

      if (!mem)
        break;
      gst_memory_map (ring[i], &src, GST_MAP_READ);
      gst_memory_map (mem, &dst, GST_MAP_WRITE);
      memcpy (dst.data, src.data, src.size);
      gst_memory_unmap (mem, &dst);
      gst_memory_unmap (ring[i], &src);
      gst_memory_unref (ring[i]);
      ring[i] = mem;
    }
    type = allocator->mem_type;
    gst_object_unref (allocator);
  }
  gst_query_unref (query);
  gst_object_unref (pad);
  return type;
}

/* Each pushed buffer is new but shares one of the ring's read-only
 * memories: no copy, as a zero-copy source would give it. */
static gboolean
pipe_push (Pipe *p, GstMemory **ring, guint n)
{
  for (guint i = 0; i < n; i++, p->pushed++) {
    GstBuffer *buf = gst_buffer_new ();

    gst_buffer_append_memory (buf, gst_memory_ref (ring[p->pushed % RING]));
    GST_BUFFER_PTS (buf) = p->pushed * p->duration;
    GST_BUFFER_DURATION (buf) = p->duration;
    if (gst_app_src_push_buffer (GST_APP_SRC (p->src), buf) != GST_FLOW_OK)
      return FALSE;
  }
  return TRUE;
}

/* Waits until @target buffers in all reached the sink; returns the time the
 * last one did, or -1 on error or timeout. Progress resets the timeout. */
static gint64
pipe_wait (Pipe *p, guint64 target)
{
  Sync *s = &p->sync;
  gint64 t = -1;
  guint64 seen;

  g_mutex_lock (&s->lock);
  s->target = target;
  if (s->received >= target) {
    g_mutex_unlock (&s->lock);
    return now_ns ();
  }
  seen = s->received;
  while (s->received < target && !s->error) {
    gint64 deadline = g_get_monotonic_time () +
                      WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND;

    if (!g_cond_wait_until (&s->cond, &s->lock, deadline) &&
        s->received == seen) {
      s->error =
          g_strdup_printf ("timed out waiting for buffer %" G_GUINT64_FORMAT
                           " (%" G_GUINT64_FORMAT " arrived)",
              target, s->received);
      break;
    }
    seen = s->received;
  }
  if (!s->error)
    t = s->t_target;
  g_mutex_unlock (&s->lock);
  return t;
}

static gboolean
pipe_wait_eos (Pipe *p)
{
  Sync *s = &p->sync;
  const gint64 deadline = g_get_monotonic_time () +
                          WAIT_TIMEOUT_S * G_TIME_SPAN_SECOND;
  gboolean ok;

  gst_app_src_end_of_stream (GST_APP_SRC (p->src));
  g_mutex_lock (&s->lock);
  while (!s->eos && !s->error)
    if (!g_cond_wait_until (&s->cond, &s->lock, deadline))
      break;
  ok = s->eos;
  g_mutex_unlock (&s->lock);
  return ok;
}

static void
add_device_name (GstStructure *res, Pipe *p)
{
  gchar *name = NULL;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (p->dut), "device-name"))
    g_object_get (p->dut, "device-name", &name, NULL);
  if (name)
    gst_structure_set (res, "device-name", G_TYPE_STRING, name, NULL);
  g_free (name);
}

static void
add_profile (GstStructure *res, const GstStructure *prof)
{
  const GstStructure *kernels = NULL;
  const gchar *fields[] = { "frames", "upload-ns", "download-ns", "kernel-ns" };
  const GValue *v;

  if (!prof) {
    gst_structure_set (res, "profile", G_TYPE_BOOLEAN, FALSE, NULL);
    return;
  }
  gst_structure_set (res, "profile", G_TYPE_BOOLEAN, TRUE, NULL);
  if (gst_structure_has_field (prof, "device-name"))
    gst_structure_set (res, "profile-device", G_TYPE_STRING,
        gst_structure_get_string (prof, "device-name"), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++) {
    guint64 u;
    gchar *key = g_strconcat ("profile-", fields[i], NULL);

    if (gst_structure_get_uint64 (prof, fields[i], &u))
      gst_structure_set (res, key, G_TYPE_UINT64, u, NULL);
    g_free (key);
  }
  v = gst_structure_get_value (prof, "kernels");
  if (v && GST_VALUE_HOLDS_STRUCTURE (v))
    kernels = gst_value_get_structure (v);
  for (gint i = 0; kernels && i < gst_structure_n_fields (kernels); i++) {
    const gchar *name = gst_structure_nth_field_name (kernels, i);
    guint64 u;
    gchar *key = g_strconcat ("kernel-", name, NULL);

    if (gst_structure_get_uint64 (kernels, name, &u))
      gst_structure_set (res, key, G_TYPE_UINT64, u, NULL);
    g_free (key);
  }
}

static gboolean
child_setup_frames (GstVideoInfo *info, GstMemory **ring, GstCaps **caps)
{
  guint w, h;

  if (!opt_element || !parse_size (opt_size, &w, &h) || !opt_format ||
      !opt_frames_file || !video_info_for (opt_format, w, h, info)) {
    g_printerr ("child: --element, --size, --format, --frames-file needed\n");
    return FALSE;
  }
  *caps = gst_video_info_to_caps (info);
  return load_ring (info, ring);
}

/* --child=case: warm-up, then --runs timed runs of --frames frames. */
static int
child_case (void)
{
  GstStructure *res = gst_structure_new_empty ("case");
  GstMemory *ring[RING] = { NULL };
  GstVideoInfo info;
  GstCaps *caps = NULL;
  GError *error = NULL;
  GString *runs = g_string_new (NULL);
  gdouble *ms = g_new0 (gdouble, MAX (opt_runs, 1));
  Pipe p;
  int ret = 1;

  if (!child_setup_frames (&info, ring, &caps))
    return 1;
  gst_structure_set (res, "element", G_TYPE_STRING, opt_element, "format",
      G_TYPE_STRING, opt_format, "width", G_TYPE_INT,
      GST_VIDEO_INFO_WIDTH (&info), "height", G_TYPE_INT,
      GST_VIDEO_INFO_HEIGHT (&info), "frames", G_TYPE_INT, opt_frames, "warmup",
      G_TYPE_INT, opt_warmup, "runs", G_TYPE_INT, opt_runs, NULL);
  if (!pipe_build (&p, opt_element, caps, &error)) {
    gst_structure_set (res, "error", G_TYPE_STRING, error->message, NULL);
    print_result (res);
    goto out_nopipe;
  }
  gst_element_set_state (p.pipe, GST_STATE_PLAYING);
  if (!pipe_push (&p, ring, 1) || pipe_wait (&p, p.pushed) < 0)
    goto failed;
  gst_structure_set (res, "frame-memory", G_TYPE_STRING,
      pipe_adopt_allocator (&p, caps, ring), NULL);
  if (!pipe_push (&p, ring, opt_warmup) || pipe_wait (&p, p.pushed) < 0)
    goto failed;
  for (gint r = 0; r < opt_runs; r++) {
    const gint64 t0 = now_ns ();
    gint64 t1;

    if (!pipe_push (&p, ring, opt_frames) ||
        (t1 = pipe_wait (&p, p.pushed)) < 0)
      goto failed;
    ms[r] = (t1 - t0) / 1e6 / opt_frames;
    g_string_append_printf (runs, "%s%.6f", r ? "," : "", ms[r]);
  }
  if (!pipe_wait_eos (&p) && !p.sync.error)
    p.sync.error = g_strdup ("no EOS");
  if (p.sync.error)
    goto failed;
  gst_structure_set (res, "median-ms", G_TYPE_DOUBLE, median (ms, opt_runs),
      "run-ms", G_TYPE_STRING, runs->str, NULL);
  if (p.sync.out_caps) {
    GstVideoInfo oi;
    gchar *s = gst_caps_to_string (p.sync.out_caps);

    gst_structure_set (res, "out-caps", G_TYPE_STRING, s, NULL);
    if (gst_video_info_from_caps (&oi, p.sync.out_caps))
      gst_structure_set (res, "out-bytes", G_TYPE_UINT64,
          (guint64)GST_VIDEO_INFO_WIDTH (&oi) * GST_VIDEO_INFO_HEIGHT (&oi) *
              GST_VIDEO_INFO_COMP_PSTRIDE (&oi, 0),
          NULL);
    g_free (s);
  }
  add_device_name (res, &p);
  add_profile (res, p.sync.profile);
  print_result (res);
  ret = 0;
  goto out;

failed:
  gst_structure_set (res, "error", G_TYPE_STRING,
      p.sync.error ? p.sync.error : "push failed", NULL);
  print_result (res);
out:
  pipe_free (&p);
out_nopipe:
  g_clear_error (&error);
  for (guint i = 0; i < RING; i++)
    if (ring[i])
      gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  gst_structure_free (res);
  g_string_free (runs, TRUE);
  g_free (ms);
  return ret;
}

/* --child=startup: set_state(PLAYING) to the first buffer at the sink, for
 * a first pipeline and then a second, new one in the same process. */
static int
child_startup (void)
{
  GstStructure *res = gst_structure_new_empty ("startup");
  GstMemory *ring[RING] = { NULL };
  GstVideoInfo info;
  GstCaps *caps = NULL;
  const gchar *which[] = { "first", "second" };

  if (!child_setup_frames (&info, ring, &caps))
    return 1;
  gst_structure_set (res, "element", G_TYPE_STRING, opt_element, "format",
      G_TYPE_STRING, opt_format, "width", G_TYPE_INT,
      GST_VIDEO_INFO_WIDTH (&info), "height", G_TYPE_INT,
      GST_VIDEO_INFO_HEIGHT (&info), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (which); i++) {
    GError *error = NULL;
    gchar *key;
    gint64 t0, t_state, t_first;
    Pipe p;

    if (!pipe_build (&p, opt_element, caps, &error)) {
      gst_structure_set (res, "error", G_TYPE_STRING, error->message, NULL);
      g_error_free (error);
      break;
    }
    t0 = now_ns ();
    gst_element_set_state (p.pipe, GST_STATE_PLAYING);
    t_state = now_ns ();
    if (!pipe_push (&p, ring, 1) || (t_first = pipe_wait (&p, 1)) < 0) {
      gst_structure_set (res, "error", G_TYPE_STRING,
          p.sync.error ? p.sync.error : "push failed", NULL);
      pipe_free (&p);
      break;
    }
    key = g_strdup_printf ("%s-ms", which[i]);
    gst_structure_set (res, key, G_TYPE_DOUBLE, (t_first - t0) / 1e6, NULL);
    g_free (key);
    key = g_strdup_printf ("%s-state-ms", which[i]);
    gst_structure_set (res, key, G_TYPE_DOUBLE, (t_state - t0) / 1e6, NULL);
    g_free (key);
    if (i == 0)
      add_device_name (res, &p);
    pipe_free (&p);
  }
  print_result (res);
  for (guint i = 0; i < RING; i++)
    if (ring[i])
      gst_memory_unref (ring[i]);
  gst_caps_unref (caps);
  gst_structure_free (res);
  return 0;
}

/* ------------------------------------------------------------------ */
/* Parent: a shared machine                                            */

static gboolean
cpu_times (guint64 *busy, guint64 *total)
{
  guint64 v[10] = { 0 };
  gchar *stat = NULL;
  gboolean ok;

  ok = g_file_get_contents ("/proc/stat", &stat, NULL, NULL) &&
       sscanf (stat,
           "cpu %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
           " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
           " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
           &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) >= 5;
  g_free (stat);
  if (!ok)
    return FALSE;
  /* user nice system idle iowait irq softirq steal */
  *total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
  *busy = *total - v[3] - v[4];
  return TRUE;
}

/* The fraction of all CPUs busy over @ms (this process sleeps meanwhile,
 * and no child runs: it is other load). */
static gdouble
cpu_busy (guint ms)
{
  guint64 b0, t0, b1, t1;

  if (!cpu_times (&b0, &t0))
    return NAN;
  g_usleep (ms * 1000);
  if (!cpu_times (&b1, &t1) || t1 == t0)
    return NAN;
  return (gdouble)(b1 - b0) / (t1 - t0);
}

/* Waits, up to --idle-wait seconds, for the machine to be idle; returns
 * the last busy fraction seen. */
static gdouble
wait_idle (void)
{
  const gint64 until = g_get_monotonic_time () + opt_idle_wait * G_USEC_PER_SEC;
  gboolean said = FALSE;
  gdouble busy;

  if (opt_idle_wait <= 0)
    return NAN;
  while ((busy = cpu_busy (250)) > opt_idle_busy &&
         g_get_monotonic_time () < until) {
    if (!said)
      g_printerr ("  other load: %.0f%% of the CPUs busy, waiting up to %.0f "
                  "s\n",
          busy * 100, opt_idle_wait);
    said = TRUE;
    g_usleep (750 * 1000);
  }
  if (said)
    g_printerr ("  %s (%.0f%% busy)\n",
        busy > opt_idle_busy ? "going on anyway" : "idle", busy * 100);
  return busy;
}

/* ------------------------------------------------------------------ */
/* Parent: running children                                            */

typedef struct {
  GPtrArray *results; /* GstStructure *, one per RESULT line */
  gint64 maxrss_kib;
  gint status;
  gdouble wall_s;
} Child;

static gchar *self_exe;

static void
child_clear (Child *c)
{
  if (c->results)
    g_ptr_array_unref (c->results);
  memset (c, 0, sizeof (*c));
}

static gboolean
run_child_full (GPtrArray *argv, gchar **env, gboolean quiet, Child *c)
{
  GError *error = NULL;
  GString *out = g_string_new (NULL);
  gchar buf[4096];
  gchar **lines;
  struct rusage ru;
  gint fd, status = 0;
  GPid pid;
  gint64 t0 = now_ns ();
  ssize_t n;

  memset (c, 0, sizeof (*c));
  c->results = g_ptr_array_new_with_free_func (
      (GDestroyNotify)gst_structure_free);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async_with_pipes (NULL, (gchar **)argv->pdata, env,
          G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH |
              (quiet ? G_SPAWN_STDERR_TO_DEV_NULL : 0),
          NULL, NULL, &pid, NULL, &fd, NULL, &error)) {
    g_printerr ("cannot run %s: %s\n", (gchar *)argv->pdata[0], error->message);
    g_error_free (error);
    g_ptr_array_remove_index (argv, argv->len - 1);
    g_string_free (out, TRUE);
    c->status = -1;
    return FALSE;
  }
  g_ptr_array_remove_index (argv, argv->len - 1);
  while ((n = read (fd, buf, sizeof (buf))) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    g_string_append_len (out, buf, n);
  }
  close (fd);
  while (wait4 (pid, &status, 0, &ru) < 0 && errno == EINTR)
    ;
  c->wall_s = (now_ns () - t0) / 1e9;
  c->maxrss_kib = ru.ru_maxrss;
  c->status = status;
  lines = g_strsplit (out->str, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    GstStructure *s;

    if (!g_str_has_prefix (lines[i], "RESULT "))
      continue;
    s = gst_structure_from_string (lines[i] + 7, NULL);
    if (s)
      g_ptr_array_add (c->results, s);
    else
      g_printerr ("unparsable result line: %s\n", lines[i]);
  }
  g_strfreev (lines);
  g_string_free (out, TRUE);
  if (WIFSIGNALED (status))
    g_printerr ("child killed by signal %d\n", WTERMSIG (status));
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 && c->results->len > 0;
}

static gboolean
run_child (GPtrArray *argv, gchar **env, Child *c)
{
  return run_child_full (argv, env, FALSE, c);
}

static GPtrArray *
self_argv (const gchar *mode)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (a, g_strdup (self_exe));
  g_ptr_array_add (a, g_strdup_printf ("--child=%s", mode));
  g_ptr_array_add (a,
      g_strdup_printf ("--child-timeout=%d", opt_child_timeout));
  if (opt_device)
    g_ptr_array_add (a, g_strdup_printf ("--device=%s", opt_device));
  return a;
}

static void
argv_add (GPtrArray *a, const gchar *key, const gchar *fmt, ...)
{
  va_list ap;
  gchar *v;

  va_start (ap, fmt);
  v = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (a, g_strdup_printf ("--%s=%s", key, v));
  g_free (v);
}

/* ------------------------------------------------------------------ */
/* Parent: what is measured                                            */

typedef enum
{
  ROW_PIPELINE,
  ROW_OPENCV,
} RowKind;

typedef struct {
  RowKind kind;
  gchar *label;   /* as printed */
  gchar *element; /* pipeline description, or OpenCV op */
  gchar *variant; /* OpenCV: mat, umat, umat-resident */
  const gchar *format;
  guint width, height;
  gboolean is_cl;
  GArray *runs;    /* gdouble ms/frame of each run (round) */
  GArray *busy;    /* other load before each round, as a fraction */
  gdouble ms;      /* their median, NAN if failed */
  gint64 peak_kib; /* largest ru_maxrss of the case's children */
  GstStructure *res;
  GstStructure *prof; /* --profile run */
  gchar *error;
} Row;

typedef struct {
  gchar *element;
  const gchar *format;
  guint width, height;
  gdouble cold_ms, cold_state_ms, second_ms, warm_ms, warm_state_ms;
  gchar *error;
} Startup;

static GPtrArray *rows;     /* Row * */
static GPtrArray *startups; /* Startup * */
static GstStructure *probe_res, *bw_res, *cv_info;
static gchar *load_start, *load_end;
static gchar *tmp_root;

static gdouble
row_fps (const Row *r)
{
  return r && !isnan (r->ms) && r->ms > 0 ? 1000.0 / r->ms : NAN;
}

static const gchar *
factory_of (const gchar *desc, gchar *buf, gsize len)
{
  gsize n = strcspn (desc, " ");

  g_strlcpy (buf, desc, MIN (len, n + 1));
  return buf;
}

static gboolean
element_is_cl (const gchar *desc)
{
  gchar name[128];

  return g_str_has_prefix (factory_of (desc, name, sizeof (name)), "cl");
}

static Row *
find_row (const gchar *label, const gchar *format, guint w, guint h)
{
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];

    if (!strcmp (r->label, label) && !strcmp (r->format, format) &&
        r->width == w && r->height == h)
      return r;
  }
  return NULL;
}

/* The OpenCV op that computes what @desc computes, or NULL. */
static const gchar *
opencv_op_for (const gchar *desc)
{
  if (g_str_has_prefix (desc, "clhistequalize"))
    return "equalizeHist";
  if (g_str_has_prefix (desc, "clsobel")) {
    if (strstr (desc, "l1"))
      return "sobel-l1";
    if (strstr (desc, "magnitude") || !strstr (desc, "mode="))
      return "sobel-magnitude";
  }
  return NULL;
}

static gchar *
opencv_label (const gchar *op, const gchar *variant)
{
  if (!strcmp (variant, "mat"))
    return g_strdup_printf ("opencv %s", op);
  return g_strdup_printf ("opencv %s %s", op, variant);
}

/* Element descriptions to run; an element with a "mode" enum property and
 * no mode= given becomes one description per mode. */
static GPtrArray *
expand_elements (const gchar *list)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  gchar **items = g_strsplit (list, ",", -1);

  for (guint i = 0; items[i]; i++) {
    gchar *desc = g_strstrip (items[i]);
    gchar name[128];
    GstElementFactory *f;
    GstElement *e;
    GParamSpec *ps;

    if (!*desc)
      continue;
    factory_of (desc, name, sizeof (name));
    f = gst_element_factory_find (name);
    if (!f) {
      g_print ("skipped: element \"%s\" is not registered (GST_PLUGIN_PATH: "
               "%s)\n",
          name,
          g_getenv ("GST_PLUGIN_PATH") ? g_getenv ("GST_PLUGIN_PATH")
                                       : "unset");
      continue;
    }
    e = gst_element_factory_create (f, NULL);
    ps = e ? g_object_class_find_property (G_OBJECT_GET_CLASS (e), "mode")
           : NULL;
    if (ps && G_IS_PARAM_SPEC_ENUM (ps) && !strstr (desc, "mode=")) {
      GEnumClass *ec = G_PARAM_SPEC_ENUM (ps)->enum_class;

      for (guint v = 0; v < ec->n_values; v++)
        g_ptr_array_add (out,
            g_strdup_printf ("%s mode=%s", desc, ec->values[v].value_nick));
    } else {
      g_ptr_array_add (out, g_strdup (desc));
    }
    if (e)
      gst_object_unref (e);
    gst_object_unref (f);
  }
  g_strfreev (items);
  return out;
}

static gboolean
element_accepts (const gchar *desc, GstCaps *caps)
{
  gchar name[128];
  GstElementFactory *f = gst_element_factory_find (
      factory_of (desc, name, sizeof (name)));
  gboolean ok = f && gst_element_factory_can_sink_any_caps (f, caps);

  if (f)
    gst_object_unref (f);
  return ok;
}

static gboolean
have_element (const gchar *name)
{
  GstElementFactory *f = gst_element_factory_find (name);

  if (f)
    gst_object_unref (f);
  return f != NULL;
}

static gint
frames_for (guint w, guint h, gboolean gpu)
{
  const guint64 px = (guint64)w * h;

  if (opt_frames > 0)
    return opt_frames;
  if (gpu || px <= 1920 * 1080)
    return 300;
  return px <= 3840 * 2160 ? 100 : 50;
}

static gint
warmup_for (gint frames)
{
  return opt_warmup >= 0 ? opt_warmup : MAX (10, frames / 5);
}

static gchar *
prep_frames (const gchar *format, guint w, guint h, const gchar *image)
{
  gchar *path = g_strdup_printf ("%s/frames-%s-%ux%u.raw", tmp_root, format, w,
      h);
  GPtrArray *a = self_argv ("prep");
  Child c;
  gboolean ok;

  argv_add (a, "format", "%s", format);
  argv_add (a, "size", "%ux%u", w, h);
  argv_add (a, "image", "%s", image);
  argv_add (a, "frames-file", "%s", path);
  ok = run_child (a, NULL, &c);
  child_clear (&c);
  g_ptr_array_unref (a);
  if (!ok) {
    g_free (path);
    return NULL;
  }
  return path;
}

static void
row_print_progress (const Row *r)
{
  if (r->error)
    g_printerr ("  %-44s failed: %s\n", r->label, r->error);
  else
    g_printerr ("  %-44s %9.4f ms/frame  %9.1f fps  peak %.1f MiB\n", r->label,
        r->ms, row_fps (r), r->peak_kib / 1024.0);
}

static Row *
row_new (RowKind kind, const gchar *label, const gchar *element,
    const gchar *format, guint w, guint h)
{
  Row *r = g_new0 (Row, 1);

  r->kind = kind;
  r->label = g_strdup (label);
  r->element = g_strdup (element);
  r->format = format;
  r->width = w;
  r->height = h;
  r->runs = g_array_new (FALSE, FALSE, sizeof (gdouble));
  r->ms = NAN;
  r->is_cl = kind == ROW_PIPELINE && element_is_cl (element);
  g_ptr_array_add (rows, r);
  return r;
}

/* One child's result for @r: a run's time, or the case's error. */
static void
row_take_result (Row *r, const GstStructure *s, const Child *c)
{
  gdouble ms = NAN;

  if (!s) {
    r->error = g_strdup_printf ("child failed (wait status %d)", c->status);
    return;
  }
  if (!r->res)
    r->res = gst_structure_copy (s);
  if (gst_structure_has_field (s, "error")) {
    r->error = g_strdup (gst_structure_get_string (s, "error"));
    return;
  }
  gst_structure_get_double (s, "median-ms", &ms);
  g_array_append_val (r->runs, ms);
  r->peak_kib = MAX (r->peak_kib, c->maxrss_kib);
}

static void
row_finish (Row *r)
{
  if (!r->error && r->runs->len)
    r->ms = median ((gdouble *)r->runs->data, r->runs->len);
  else if (!r->error)
    r->error = g_strdup ("no run");
  row_print_progress (r);
}

static void
run_pipeline_case (Row *r, const gchar *frames_file, gint frames, gint warmup,
    gboolean profile)
{
  GPtrArray *a = self_argv ("case");
  gchar **env = NULL;
  GstStructure *s;
  Child c;

  argv_add (a, "element", "%s", r->element);
  argv_add (a, "format", "%s", r->format);
  argv_add (a, "size", "%ux%u", r->width, r->height);
  argv_add (a, "frames-file", "%s", frames_file);
  argv_add (a, "frames", "%d", frames);
  argv_add (a, "warmup", "%d", warmup);
  argv_add (a, "runs", "1");
  if (profile)
    env = g_environ_setenv (g_get_environ (), "GST_CL_PROFILING", "1", TRUE);
  run_child (a, env, &c);
  s = c.results->len ? c.results->pdata[0] : NULL;
  if (!profile)
    row_take_result (r, s, &c);
  else if (s && !gst_structure_has_field (s, "error"))
    r->prof = gst_structure_copy (s);
  child_clear (&c);
  g_strfreev (env);
  g_ptr_array_unref (a);
}

static gchar *peers_script, *python;

static gboolean
opencv_available (void)
{
  static gint avail = -1;
  /* Without --python: python3 from PATH, else the system's. */
  const gchar *cands[] = { opt_python ? opt_python : "python3",
    opt_python ? NULL : "/usr/bin/python3", NULL };

  if (avail >= 0)
    return avail;
  avail = 0;
  if (!peers_script) {
    g_print ("skipped: OpenCV peers (opencv_peers.py not found)\n");
    return FALSE;
  }
  for (guint i = 0; cands[i] && !avail; i++) {
    GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
    Child c;

    g_ptr_array_add (a, g_strdup (cands[i]));
    g_ptr_array_add (a, g_strdup (peers_script));
    g_ptr_array_add (a, g_strdup ("--check"));
    if (run_child_full (a, NULL, TRUE, &c)) {
      cv_info = gst_structure_copy (c.results->pdata[0]);
      g_free (python);
      python = g_strdup (cands[i]);
      avail = 1;
    }
    child_clear (&c);
    g_ptr_array_unref (a);
  }
  if (!avail)
    g_print ("skipped: OpenCV peers (%s --check failed with %s%s: no cv2?)\n",
        peers_script, cands[0], cands[1] ? " and /usr/bin/python3" : "");
  return avail;
}

static const gchar *cv_variants[] = { "mat", "umat", "umat-resident" };

static guint
cv_n_variants (void)
{
  return opt_umat ? G_N_ELEMENTS (cv_variants) : 1;
}

/* Rows for @op, one per variant. */
static void
opencv_rows (Row **vr, const gchar *op, const gchar *format, guint w, guint h)
{
  for (guint i = 0; i < cv_n_variants (); i++) {
    gchar *label = opencv_label (op, cv_variants[i]);

    vr[i] = row_new (ROW_OPENCV, label, op, format, w, h);
    vr[i]->variant = g_strdup (cv_variants[i]);
    g_free (label);
  }
}

/* One run of every variant of @vr[0]'s op in one Python process. */
static void
run_opencv (Row **vr, const gchar *frames_file, gint frames, gint warmup)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
  Child c;

  g_ptr_array_add (a, g_strdup (python));
  g_ptr_array_add (a, g_strdup (peers_script));
  argv_add (a, "frames-file", "%s", frames_file);
  argv_add (a, "format", "%s", vr[0]->format);
  argv_add (a, "size", "%ux%u", vr[0]->width, vr[0]->height);
  argv_add (a, "ops", "%s", vr[0]->element);
  argv_add (a, "frames", "%d", frames);
  argv_add (a, "warmup", "%d", warmup);
  argv_add (a, "runs", "1");
  if (opt_umat)
    g_ptr_array_add (a, g_strdup ("--umat"));
  run_child (a, NULL, &c);
  for (guint i = 0; i < cv_n_variants (); i++) {
    GstStructure *found = NULL;

    if (vr[i]->error)
      continue;
    for (guint j = 0; j < c.results->len && !found; j++) {
      GstStructure *s = c.results->pdata[j];

      if (!g_strcmp0 (gst_structure_get_string (s, "variant"), vr[i]->variant))
        found = s;
    }
    /* One process runs all variants: its peak covers them all. */
    row_take_result (vr[i], found, &c);
    if (found && !vr[i]->error && strcmp (vr[i]->variant, "mat") != 0) {
      gboolean ocl = FALSE;

      /* UMat without OpenCL is OpenCV's CPU code again: no peer. */
      gst_structure_get_boolean (found, "use-opencl", &ocl);
      if (!ocl)
        vr[i]->error = g_strdup ("cv2 did not use OpenCL (no OpenCL GPU? "
                                 "see OPENCV_OPENCL_DEVICE)");
    }
  }
  child_clear (&c);
  g_ptr_array_unref (a);
}

static void
run_startup (const gchar *element, const gchar *format, guint w, guint h,
    const gchar *frames_file)
{
  Startup *st = g_new0 (Startup, 1);
  gchar *cache = g_strdup_printf ("%s/cache-%u", tmp_root, startups->len);
  gchar *sub[3];
  gchar **env = g_get_environ ();
  const gchar *vars[] = { "GST_CL_CACHE_DIR", "POCL_CACHE_DIR",
    "CUDA_CACHE_PATH" };

  st->element = g_strdup (element);
  st->format = format;
  st->width = w;
  st->height = h;
  st->cold_ms = st->second_ms = st->warm_ms = NAN;
  st->cold_state_ms = st->warm_state_ms = NAN;
  g_ptr_array_add (startups, st);
  /* Every cache the plugin or the driver keeps, empty for the cold run and
   * as that run left them for the warm one. */
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++) {
    sub[i] = g_build_filename (cache, vars[i], NULL);
    g_mkdir_with_parents (sub[i], 0700);
    env = g_environ_setenv (env, vars[i], sub[i], TRUE);
    g_free (sub[i]);
  }
  for (guint pass = 0; pass < 2; pass++) {
    GPtrArray *a = self_argv ("startup");
    GstStructure *s;
    Child c;

    argv_add (a, "element", "%s", element);
    argv_add (a, "format", "%s", format);
    argv_add (a, "size", "%ux%u", w, h);
    argv_add (a, "frames-file", "%s", frames_file);
    run_child (a, env, &c);
    s = c.results->len ? c.results->pdata[0] : NULL;
    if (!s || gst_structure_has_field (s, "error")) {
      if (!st->error)
        st->error = g_strdup (
            s ? gst_structure_get_string (s, "error") : "child failed");
    } else if (pass == 0) {
      gst_structure_get_double (s, "first-ms", &st->cold_ms);
      gst_structure_get_double (s, "first-state-ms", &st->cold_state_ms);
      gst_structure_get_double (s, "second-ms", &st->second_ms);
    } else {
      gst_structure_get_double (s, "first-ms", &st->warm_ms);
      gst_structure_get_double (s, "first-state-ms", &st->warm_state_ms);
    }
    child_clear (&c);
    g_ptr_array_unref (a);
  }
  g_printerr ("  start-up %-35s cold %.1f ms, second %.1f ms, warm cache "
              "%.1f ms\n",
      element, st->cold_ms, st->second_ms, st->warm_ms);
  g_strfreev (env);
  g_free (cache);
}

/* ------------------------------------------------------------------ */
/* Parent: reporting                                                   */

static guint64
in_bytes (const Row *r)
{
  return (guint64)r->width * r->height *
         (g_str_has_prefix (r->format, "GRAY16") ? 2 : 1);
}

/* Bytes a kernel must at least move per frame. clhistequalize reads the
 * frame twice (histogram, then the table lookup) and writes it once; any
 * other filter (clsobel) reads it once and writes its output once. */
static guint64
model_bytes (const Row *r)
{
  guint64 out = in_bytes (r);
  const guint reads = g_str_has_prefix (r->element, "clhistequalize") ? 2 : 1;

  if (r->res)
    gst_structure_get_uint64 (r->res, "out-bytes", &out);
  return reads * in_bytes (r) + out;
}

static gdouble
prof_per_frame_us (const GstStructure *p, const gchar *field)
{
  guint64 frames = 0, ns = 0;

  if (!p || !gst_structure_get_uint64 (p, "profile-frames", &frames) ||
      !frames || !gst_structure_get_uint64 (p, field, &ns))
    return NAN;
  return ns / 1e3 / frames;
}

/* (slowest - fastest run) / median, in percent: how noisy the case was. */
static gdouble
row_spread (const Row *r)
{
  gdouble lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < r->runs->len; i++) {
    lo = MIN (lo, g_array_index (r->runs, gdouble, i));
    hi = MAX (hi, g_array_index (r->runs, gdouble, i));
  }
  return r->runs->len ? (hi - lo) / r->ms * 100 : NAN;
}

/* How many times faster @r is than @peer (peer time / row time). Runs of
 * one group are rounds in which every case ran once, in turn: the median of
 * the per-round ratios cancels drifts in the machine's speed that hit a
 * whole round. Falls back to the ratio of the medians. */
static gdouble
speedup (const Row *r, const Row *peer)
{
  gdouble *q, m;
  guint n;

  if (!r || !peer || r->error || peer->error)
    return NAN;
  n = r->runs->len;
  if (n == 0 || n != peer->runs->len)
    return peer->ms / r->ms;
  q = g_new (gdouble, n);
  for (guint i = 0; i < n; i++)
    q[i] = g_array_index (peer->runs, gdouble, i) /
           g_array_index (r->runs, gdouble, i);
  m = median (q, n);
  g_free (q);
  return m;
}

static gchar *
fmt_ratio (gdouble v)
{
  if (isnan (v))
    return g_strdup ("-");
  if (v >= 100)
    return g_strdup_printf ("%.0f", v);
  return g_strdup_printf ("%.3g", v);
}

static void
print_group (const gchar *format, guint w, guint h, gint frames, gint warmup)
{
  const gboolean umat = opt_umat;
  Row *ident = find_row ("identity", format, w, h);
  Row *cveq = find_row ("cvequalizehist", format, w, h);

  g_print ("\n== %s %ux%u: %d frames per run after %d warm-up, median of %d "
           "runs ==\n",
      format, w, h, frames, warmup, opt_runs);
  if (ident && ident->busy && ident->busy->len) {
    g_print ("other load before each round (fraction of all CPUs busy):");
    for (guint i = 0; i < ident->busy->len; i++)
      g_print (" %.2f", g_array_index (ident->busy, gdouble, i));
    g_print ("\n");
  }
  g_print ("%-44s %10s %10s %7s %9s %9s %9s", "case", "ms/frame", "fps",
      "spread", "vs ident", "vs cvequ", "vs OpenCV");
  if (umat)
    g_print (" %9s %9s", "vs UMat", "vs UMat-r");
  g_print (" %9s\n", "peak MiB");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];
    const gchar *op;
    Row *cv = NULL, *cvu = NULL, *cvr = NULL;
    gchar *c[5];

    if (strcmp (r->format, format) || r->width != w || r->height != h)
      continue;
    if (r->error) {
      g_print ("%-44s %s\n", r->label, r->error);
      continue;
    }
    op = r->kind == ROW_PIPELINE ? opencv_op_for (r->element) : NULL;
    if (op) {
      gchar *l = opencv_label (op, "mat");

      cv = find_row (l, format, w, h);
      g_free (l);
      l = opencv_label (op, "umat");
      cvu = find_row (l, format, w, h);
      g_free (l);
      l = opencv_label (op, "umat-resident");
      cvr = find_row (l, format, w, h);
      g_free (l);
    }
    c[0] = fmt_ratio (speedup (r, ident));
    c[1] = fmt_ratio (g_str_has_prefix (r->element, "clhistequalize")
                          ? speedup (r, cveq)
                          : NAN);
    c[2] = fmt_ratio (speedup (r, cv));
    c[3] = fmt_ratio (speedup (r, cvu));
    c[4] = fmt_ratio (speedup (r, cvr));
    g_print ("%-44s %10.4f %10.1f %6.1f%% %9s %9s %9s", r->label, r->ms,
        row_fps (r), row_spread (r), c[0], c[1], c[2]);
    if (umat)
      g_print (" %9s %9s", c[3], c[4]);
    g_print (" %9.1f\n", r->peak_kib / 1024.0);
    for (guint k = 0; k < 5; k++)
      g_free (c[k]);
  }
}

static gdouble
bw_bytes_per_s (void)
{
  gdouble bw = NAN;

  if (bw_res)
    gst_structure_get_double (bw_res, "bytes-per-s", &bw);
  return bw;
}

static void
print_profile (void)
{
  const gdouble bw = bw_bytes_per_s ();
  gboolean any = FALSE;

  g_print ("\n== Device time per frame (GST_CL_PROFILING=1, %s) ==\n",
      "one run of each case");
  if (!isnan (bw)) {
    guint64 b = 0;

    gst_structure_get_uint64 (bw_res, "bytes", &b);
    g_print ("copy-kernel bandwidth on \"%s\": %.1f GB/s (read + written, "
             "best of 10 over %" G_GUINT64_FORMAT " MiB)\n",
        gst_structure_get_string (bw_res, "device-name"), bw / 1e9, b >> 20);
  }
  g_print ("%-34s %-9s %-9s %9s %9s %9s %9s %9s %8s  %s\n", "case", "format",
      "size", "upload", "kernels", "download", "ideal", "copy", "x ideal",
      "kernels (us/frame)");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];
    gchar size[32], *copy_key;
    gdouble kern, ideal, copy = NAN;
    gboolean have = FALSE;
    GString *ks;

    if (!r->is_cl || !r->prof)
      continue;
    any = TRUE;
    g_snprintf (size, sizeof (size), "%ux%u", r->width, r->height);
    gst_structure_get_boolean (r->prof, "profile", &have);
    if (!have) {
      g_print ("%-34s %-9s %-9s no clfilter-profile message (plugin without "
               "GST_CL_PROFILING support?)\n",
          r->label, r->format, size);
      continue;
    }
    kern = prof_per_frame_us (r->prof, "profile-kernel-ns");
    ideal = isnan (bw) ? NAN : model_bytes (r) / bw * 1e6;
    copy_key = g_strdup_printf ("copy-ns-%" G_GUINT64_FORMAT, in_bytes (r));
    if (bw_res && gst_structure_get_double (bw_res, copy_key, &copy))
      copy /= 1e3;
    g_free (copy_key);
    ks = g_string_new (NULL);
    for (gint f = 0; f < gst_structure_n_fields (r->prof); f++) {
      const gchar *name = gst_structure_nth_field_name (r->prof, f);

      if (g_str_has_prefix (name, "kernel-"))
        g_string_append_printf (ks, "%s%s %.1f", ks->len ? ", " : "", name + 7,
            prof_per_frame_us (r->prof, name));
    }
    g_print ("%-34s %-9s %-9s %9.1f %9.1f %9.1f %9.1f %9.1f %8.2f  %s\n",
        r->label, r->format, size,
        prof_per_frame_us (r->prof, "profile-upload-ns"), kern,
        prof_per_frame_us (r->prof, "profile-download-ns"), ideal, copy,
        kern / ideal, ks->str);
    g_string_free (ks, TRUE);
  }
  if (!any)
    g_print ("(no OpenCL element cases)\n");
  g_print ("upload/kernels/download/ideal/copy in us per frame; ideal = bytes "
           "the kernels must move / copy bandwidth; copy = the copy kernel "
           "on one input frame's bytes; x ideal = kernels / ideal\n");
}

static void
print_startup (void)
{
  if (!startups->len)
    return;
  g_print ("\n== set_state(PLAYING) to first buffer at the sink, ms ==\n");
  g_print ("%-40s %-9s %-9s %9s %9s %9s %9s\n", "element", "format", "size",
      "cold", "(state)", "second", "warm");
  for (guint i = 0; i < startups->len; i++) {
    Startup *st = startups->pdata[i];
    gchar size[32];

    g_snprintf (size, sizeof (size), "%ux%u", st->width, st->height);
    if (st->error) {
      g_print ("%-40s %-9s %-9s %s\n", st->element, st->format, size,
          st->error);
      continue;
    }
    g_print ("%-40s %-9s %-9s %9.1f %9.1f %9.1f %9.1f\n", st->element,
        st->format, size, st->cold_ms, st->cold_state_ms, st->second_ms,
        st->warm_ms);
  }
  g_print ("cold: new process, empty GST_CL_CACHE_DIR, POCL_CACHE_DIR and "
           "CUDA_CACHE_PATH; (state): of which set_state() itself; second: "
           "a new pipeline in the same process; warm: a new process with "
           "the caches the cold one filled\n");
}

static void
target_line (const gchar *what, gdouble value, const gchar *unit, gboolean met)
{
  if (isnan (value))
    g_print ("  %s: not measured\n", what);
  else
    g_print ("  %s: %.3f %s, %s\n", what, value, unit, met ? "met" : "NOT met");
}

static void
print_targets (gboolean gpu)
{
  g_print ("\n== Targets (%s) ==\n", gpu ? "GPU" : "CPU device");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i], *r8;
    gchar *what;
    gdouble v;

    if (!r->is_cl || r->error)
      continue;
    if (!gpu && r->width == 1920 && r->height == 1080 &&
        !strcmp (r->format, "GRAY8")) {
      const gchar *op = opencv_op_for (r->element);
      gchar *l = op ? opencv_label (op, "mat") : NULL;
      Row *cv = l ? find_row (l, r->format, r->width, r->height) : NULL;

      g_free (l);
      if (g_str_has_prefix (r->element, "clhistequalize")) {
        what =
            g_strdup_printf ("%s 1080p GRAY8 fps / cvequalizehist fps (>= 1)",
                r->label);
        v = speedup (r, find_row ("cvequalizehist", "GRAY8", 1920, 1080));
        target_line (what, v, "x", v >= 1.0);
        g_free (what);
      } else if (op && !strcmp (op, "sobel-magnitude")) {
        what = g_strdup_printf ("%s 1080p GRAY8 fps / OpenCV fps (>= 2)",
            r->label);
        v = speedup (r, cv);
        target_line (what, v, "x", v >= 2.0);
        g_free (what);
      } else if (op && !strcmp (op, "sobel-l1")) {
        what = g_strdup_printf ("%s 1080p GRAY8 fps / OpenCV fps (>= 1)",
            r->label);
        v = speedup (r, cv);
        target_line (what, v, "x", v >= 1.0);
        g_free (what);
      }
    }
    if (g_str_has_prefix (r->format, "GRAY16") &&
        (r8 = find_row (r->label, "GRAY8", r->width, r->height)) &&
        !r8->error) {
      what = g_strdup_printf ("%s %ux%u GRAY16 time / GRAY8 time (<= 2)",
          r->label, r->width, r->height);
      v = 1.0 / speedup (r, r8);
      target_line (what, v, "x", v <= 2.0);
      g_free (what);
    }
    if (gpu && r->width == 3840 && r->height == 2160) {
      const gboolean hist = g_str_has_prefix (r->element, "clhistequalize");
      const gboolean gray8 = !strcmp (r->format, "GRAY8");
      const gdouble limit = hist ? (gray8 ? 25 : 60) : (gray8 ? 15 : NAN);

      if (gray8) {
        what = g_strdup_printf ("%s 4K GRAY8 pipeline fps (>= 1500)", r->label);
        target_line (what, row_fps (r), "fps", row_fps (r) >= 1500);
        g_free (what);
      }
      if (!isnan (limit)) {
        what = g_strdup_printf ("%s 4K %s device time (<= %.0f us)", r->label,
            r->format, limit);
        v = prof_per_frame_us (r->prof, "profile-kernel-ns");
        target_line (what, v, "us", v <= limit);
        g_free (what);
      }
    }
  }
}

/* ---- JSON ---- */

static void
json_str (GString *j, const gchar *s)
{
  g_string_append_c (j, '"');
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      g_string_append_printf (j, "\\%c", *s);
    else if ((guchar)*s < 0x20)
      g_string_append_printf (j, "\\u%04x", *s);
    else
      g_string_append_c (j, *s);
  }
  g_string_append_c (j, '"');
}

static void
json_num (GString *j, gdouble v)
{
  if (isnan (v) || isinf (v))
    g_string_append (j, "null");
  else
    g_string_append_printf (j, "%.9g", v);
}

/* A GstStructure's fields as JSON members (numbers, strings, booleans). */
static void
json_structure (GString *j, const GstStructure *s)
{
  g_string_append_c (j, '{');
  for (gint i = 0; s && i < gst_structure_n_fields (s); i++) {
    const gchar *name = gst_structure_nth_field_name (s, i);
    const GValue *v = gst_structure_get_value (s, name);
    GValue d = G_VALUE_INIT;

    if (i)
      g_string_append (j, ", ");
    json_str (j, name);
    g_string_append (j, ": ");
    if (G_VALUE_HOLDS_STRING (v)) {
      json_str (j, g_value_get_string (v));
    } else if (G_VALUE_HOLDS_BOOLEAN (v)) {
      g_string_append (j, g_value_get_boolean (v) ? "true" : "false");
    } else if (g_value_type_transformable (G_VALUE_TYPE (v), G_TYPE_DOUBLE)) {
      g_value_init (&d, G_TYPE_DOUBLE);
      g_value_transform (v, &d);
      json_num (j, g_value_get_double (&d));
      g_value_unset (&d);
    } else {
      gchar *str = gst_value_serialize (v);

      json_str (j, str);
      g_free (str);
    }
  }
  g_string_append_c (j, '}');
}

static gboolean
write_json (const gchar *path, gboolean gpu, gint argc, gchar **argv)
{
  GString *j = g_string_new ("{\n \"tool\": \"clfilter-bench\",\n");
  GDateTime *now = g_date_time_new_now_utc ();
  gchar *date = g_date_time_format_iso8601 (now);
  gchar *cmd = g_strjoinv (" ", argv);
  gboolean ok;
  GError *error = NULL;

  g_string_append (j, " \"date\": ");
  json_str (j, date);
  g_string_append (j, ",\n \"command\": ");
  json_str (j, cmd);
  g_string_append_printf (j,
      ",\n \"host-cpus\": %u,\n \"gstreamer\": ", g_get_num_processors ());
  json_str (j, gst_version_string ());
  g_string_append (j, ",\n \"loadavg-start\": ");
  json_str (j, load_start);
  g_string_append (j, ",\n \"loadavg-end\": ");
  json_str (j, load_end);
  g_string_append_printf (j,
      ",\n \"runs\": %d,\n \"gpu\": %s,\n \"device\": ", opt_runs,
      gpu ? "true" : "false");
  json_structure (j, probe_res);
  g_string_append (j, ",\n \"opencv\": ");
  if (cv_info)
    json_structure (j, cv_info);
  else
    g_string_append (j, "null");
  g_string_append (j, ",\n \"bandwidth\": ");
  if (bw_res)
    json_structure (j, bw_res);
  else
    g_string_append (j, "null");
  g_string_append (j, ",\n \"cases\": [");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];

    g_string_append (j, i ? ",\n  {" : "\n  {");
    g_string_append (j, "\"label\": ");
    json_str (j, r->label);
    g_string_append_printf (j,
        ", \"kind\": \"%s\", \"format\": \"%s\", "
        "\"width\": %u, \"height\": %u, \"ms\": ",
        r->kind == ROW_PIPELINE ? "pipeline" : "opencv", r->format, r->width,
        r->height);
    json_num (j, r->ms);
    g_string_append (j, ", \"fps\": ");
    json_num (j, row_fps (r));
    g_string_append (j, ", \"busy-before-runs\": [");
    for (guint k = 0; r->busy && k < r->busy->len; k++) {
      if (k)
        g_string_append (j, ", ");
      json_num (j, g_array_index (r->busy, gdouble, k));
    }
    g_string_append (j, "], \"run-ms\": [");
    for (guint k = 0; k < r->runs->len; k++) {
      if (k)
        g_string_append (j, ", ");
      json_num (j, g_array_index (r->runs, gdouble, k));
    }
    g_string_append_c (j, ']');
    g_string_append_printf (j, ", \"peak-rss-kib\": %" G_GINT64_FORMAT,
        r->peak_kib);
    if (r->error) {
      g_string_append (j, ", \"error\": ");
      json_str (j, r->error);
    }
    if (r->is_cl && r->prof) {
      g_string_append (j, ", \"model-bytes\": ");
      json_num (j, model_bytes (r));
      g_string_append (j, ", \"profile\": ");
      json_structure (j, r->prof);
    }
    g_string_append (j, ", \"result\": ");
    if (r->res)
      json_structure (j, r->res);
    else
      g_string_append (j, "null");
    g_string_append_c (j, '}');
  }
  g_string_append (j, "\n ],\n \"startup\": [");
  for (guint i = 0; i < startups->len; i++) {
    Startup *st = startups->pdata[i];

    g_string_append (j, i ? ",\n  {" : "\n  {");
    g_string_append (j, "\"element\": ");
    json_str (j, st->element);
    g_string_append_printf (j,
        ", \"format\": \"%s\", \"width\": %u, "
        "\"height\": %u, \"cold-ms\": ",
        st->format, st->width, st->height);
    json_num (j, st->cold_ms);
    g_string_append (j, ", \"cold-state-ms\": ");
    json_num (j, st->cold_state_ms);
    g_string_append (j, ", \"second-ms\": ");
    json_num (j, st->second_ms);
    g_string_append (j, ", \"warm-ms\": ");
    json_num (j, st->warm_ms);
    g_string_append (j, ", \"warm-state-ms\": ");
    json_num (j, st->warm_state_ms);
    if (st->error) {
      g_string_append (j, ", \"error\": ");
      json_str (j, st->error);
    }
    g_string_append_c (j, '}');
  }
  g_string_append (j, "\n ]\n}\n");
  ok = g_file_set_contents (path, j->str, j->len, &error);
  if (!ok) {
    g_printerr ("cannot write %s: %s\n", path, error->message);
    g_error_free (error);
  }
  g_string_free (j, TRUE);
  g_free (date);
  g_free (cmd);
  g_date_time_unref (now);
  return ok;
}

/* ------------------------------------------------------------------ */

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
    opt_formats = g_strdup ("GRAY8,GRAY16_LE");
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
      if (in_list (opt_peers, "opencv") && opencv_available ()) {
        const gchar *ops[] = { "equalizeHist", "sobel-magnitude", "sobel-l1" };

        for (guint o = 0; o < G_N_ELEMENTS (ops); o++) {
          gboolean wanted = FALSE;

          /* cv::equalizeHist has no 16-bit form. */
          if (!strcmp (ops[o], "equalizeHist") && strcmp (format, "GRAY8"))
            continue;
          for (guint e = 0; e < elements->len; e++)
            wanted |= !g_strcmp0 (opencv_op_for (elements->pdata[e]), ops[o]);
          if (wanted) {
            Row **vr = g_new0 (Row *, G_N_ELEMENTS (cv_variants));

            opencv_rows (vr, ops[o], format, w, h);
            g_ptr_array_add (cvs, vr);
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
