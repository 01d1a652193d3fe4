/* clfilter-bus: how many frames a second the bus moves, the bound of a
 * pipeline that uploads and downloads every frame
 * gst-clfilter
 * Copyright (C) 2026 gst-clfilter developers
 * SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
 *
 *   clfilter-bus DEVICE BYTES THREADS...
 *
 * DEVICE is a device's name as the elements report it in "device-name",
 * or "gpu" or "cpu" for the first device of that type. For each count of
 * threads it moves frames of BYTES between pinned host memory (as the
 * elements allocate it) and the device, each thread on queues of its own
 * in one context, as the streams of one process do, and prints "key value"
 * lines, each the median of three runs, in frames a second:
 *
 *   up-fps    every thread uploads, and waits only at the end
 *   down-fps  every thread downloads, and waits only at the end
 *   both-fps  every thread uploads on one queue and downloads on another,
 *             both directions at once (frames each way)
 *   frame-fps every thread uploads a frame, downloads it and waits for
 *             the download, frame after frame: a stream of an element
 *             that moves every frame up and down, with no kernel
 */
#define CL_TARGET_OPENCL_VERSION 120
#include "bench/cldevice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 64
/* Each run moves about this many bytes each way: about 20 ms on a GPU's
 * bus. */
#define RUN_BYTES (1ull << 30)
#define RUNS 3

typedef enum
{
  UP,
  DOWN,
  BOTH,
  FRAME,
  N_MODES
} Mode;
static const char *mode_keys[N_MODES] = { "up-fps", "down-fps", "both-fps",
  "frame-fps" };

typedef struct {
  cl_command_queue up, down;
  cl_mem host_in, host_out, dev_in, dev_out;
  void *in, *out;
  Mode mode;
  guint frames;
  cl_int err;
} Worker;

static size_t frame_bytes;

static gpointer
work (gpointer data)
{
  Worker *w = data;
  cl_int err = CL_SUCCESS;

  for (guint i = 0; !err && i < w->frames; i++) {
    if (w->mode != DOWN)
      err = clEnqueueWriteBuffer (w->up, w->dev_in, CL_FALSE, 0, frame_bytes,
          w->in, 0, NULL, NULL);
    /* FRAME downloads on the upload's queue, after the upload, as an
     * element's frame does; BOTH on its own queue, beside the uploads. */
    if (!err && w->mode != UP)
      err = clEnqueueReadBuffer (w->mode == FRAME ? w->up : w->down, w->dev_out,
          CL_FALSE, 0, frame_bytes, w->out, 0, NULL, NULL);
    if (!err && w->mode == FRAME)
      err = clFinish (w->up);
  }
  if (!err)
    err = clFinish (w->up);
  if (!err)
    err = clFinish (w->down);
  w->err = err;
  return NULL;
}

static void
worker_clear (Worker *w)
{
  cl_mem mems[] = { w->host_in, w->host_out, w->dev_in, w->dev_out };

  if (w->in)
    clEnqueueUnmapMemObject (w->up, w->host_in, w->in, 0, NULL, NULL);
  if (w->out)
    clEnqueueUnmapMemObject (w->up, w->host_out, w->out, 0, NULL, NULL);
  if (w->up)
    clFinish (w->up);
  for (guint i = 0; i < G_N_ELEMENTS (mems); i++)
    if (mems[i])
      clReleaseMemObject (mems[i]);
  if (w->up)
    clReleaseCommandQueue (w->up);
  if (w->down)
    clReleaseCommandQueue (w->down);
  memset (w, 0, sizeof (*w));
}

static gboolean
worker_init (Worker *w, cl_context ctx, cl_device_id dev)
{
  cl_int err;

  memset (w, 0, sizeof (*w));
  w->up = clCreateCommandQueue (ctx, dev, 0, &err);
  if (!err)
    w->down = clCreateCommandQueue (ctx, dev, 0, &err);
  if (!err)
    w->host_in = clCreateBuffer (ctx, CL_MEM_ALLOC_HOST_PTR, frame_bytes, NULL,
        &err);
  if (!err)
    w->host_out = clCreateBuffer (ctx, CL_MEM_ALLOC_HOST_PTR, frame_bytes, NULL,
        &err);
  if (!err)
    w->dev_in = clCreateBuffer (ctx, CL_MEM_READ_WRITE, frame_bytes, NULL,
        &err);
  if (!err)
    w->dev_out = clCreateBuffer (ctx, CL_MEM_READ_WRITE, frame_bytes, NULL,
        &err);
  if (!err)
    w->in = clEnqueueMapBuffer (w->up, w->host_in, CL_TRUE, CL_MAP_WRITE, 0,
        frame_bytes, 0, NULL, NULL, &err);
  if (!err)
    w->out = clEnqueueMapBuffer (w->up, w->host_out, CL_TRUE, CL_MAP_READ, 0,
        frame_bytes, 0, NULL, NULL, &err);
  if (!err) {
    memset (w->in, 0x5a, frame_bytes);
    /* Both device buffers written once, so that no first touch is timed. */
    err = clEnqueueWriteBuffer (w->up, w->dev_in, CL_TRUE, 0, frame_bytes,
        w->in, 0, NULL, NULL);
  }
  if (!err)
    err = clEnqueueWriteBuffer (w->up, w->dev_out, CL_TRUE, 0, frame_bytes,
        w->in, 0, NULL, NULL);
  if (err) {
    printf ("error OpenCL setup of a thread's buffers failed (%d)\n", err);
    worker_clear (w);
  }
  return err == CL_SUCCESS;
}

/* Frames a second of @n workers in @mode, each moving @frames frames. */
static double
run (Worker *w, guint n, Mode mode, guint frames)
{
  GThread *threads[MAX_THREADS];
  gint64 t0 = g_get_monotonic_time (), t1;
  gboolean ok = TRUE;

  for (guint i = 0; i < n; i++) {
    w[i].mode = mode;
    w[i].frames = frames;
    threads[i] = g_thread_new ("bus", work, &w[i]);
  }
  for (guint i = 0; i < n; i++) {
    g_thread_join (threads[i]);
    ok = ok && w[i].err == CL_SUCCESS;
  }
  t1 = g_get_monotonic_time ();
  return ok && t1 > t0 ? (double)n * frames / ((t1 - t0) / 1e6) : -1;
}

static int
cmp_double (const void *a, const void *b)
{
  const double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  Worker w[MAX_THREADS];
  cl_device_type type;
  cl_device_id dev;
  cl_context ctx;
  gchar name[256] = "";
  cl_int err;

  if (argc < 4 || !(frame_bytes = strtoull (argv[2], NULL, 10))) {
    fprintf (stderr, "usage: clfilter-bus DEVICE BYTES THREADS...\n");
    return 1;
  }
  type = !strcmp (argv[1], "gpu")   ? CL_DEVICE_TYPE_GPU
         : !strcmp (argv[1], "cpu") ? CL_DEVICE_TYPE_CPU
                                    : 0;
  if (!(dev = bench_find_device (argv[1], type))) {
    printf ("error no OpenCL device \"%s\"\n", argv[1]);
    return 2;
  }
  clGetDeviceInfo (dev, CL_DEVICE_NAME, sizeof (name) - 1, name, NULL);
  printf ("device-name %s\nbytes %zu\n", g_strstrip (name), frame_bytes);
  ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  if (err) {
    printf ("error clCreateContext failed (%d)\n", err);
    return 2;
  }
  for (int a = 3; a < argc; a++) {
    const guint n = CLAMP (atoi (argv[a]), 1, MAX_THREADS);
    const guint frames = MAX (4, RUN_BYTES / frame_bytes / n);

    printf ("threads %u\n", n);
    for (guint i = 0; i < n; i++)
      if (!worker_init (&w[i], ctx, dev))
        return 2; /* the process ends; the driver frees the rest */
    for (Mode m = UP; m < N_MODES; m++) {
      double fps[RUNS];

      /* An untimed run first: the driver's first transfers set up. */
      run (w, n, m, MAX (1, frames / 8));
      for (guint r = 0; r < RUNS; r++) {
        if ((fps[r] = run (w, n, m, frames)) < 0) {
          printf ("error a transfer failed\n");
          return 2; /* the process ends; the driver frees the rest */
        }
      }
      qsort (fps, RUNS, sizeof (double), cmp_double);
      printf ("%s %.0f\n", mode_keys[m], fps[RUNS / 2]);
    }
    for (guint i = 0; i < n; i++)
      worker_clear (&w[i]);
  }
  clReleaseContext (ctx);
  return 0;
}
