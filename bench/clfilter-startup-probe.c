/* clfilter-startup-probe: where an OpenCL start-up's time goes, step by
 * step, outside GStreamer: the ICD loader's platform list, each device's
 * context and queue, a first transfer, and a build of one of the plugin's
 * programs (the source embedded in the plugin) with given options.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   clfilter-startup-probe [PROGRAM [OPTIONS]]
 *
 * PROGRAM is clahe, frame, histequalize or sobel (default histequalize);
 * OPTIONS are its build options (default those clhistequalize uses for
 * GRAY8 on a device with correctly rounded division). Run it with the
 * drivers' caches off (CUDA_CACHE_DISABLE=1, POCL_KERNEL_CACHE=0) for a
 * cold start, twice with them on for a warm one. Prints one line per step
 * in milliseconds; nothing is checked.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clkernels.h"

#define MAX_PLATFORMS 8
#define DEFAULT_OPTIONS                                                        \
  "-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt "                      \
  "-DGST_CL_EXACT_DIV=1 -DGST_CL_IN=8 -DGST_CL_OUT=8"

static double
now_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static const char *
program_source (const char *name)
{
  static const struct {
    const char *name;
    const char *source;
  } programs[] = {
    { "clahe", gst_cl_kernel_clahe },
    { "frame", gst_cl_kernel_frame },
    { "histequalize", gst_cl_kernel_histequalize },
    { "sobel", gst_cl_kernel_sobel },
  };

  for (size_t i = 0; i < sizeof (programs) / sizeof (programs[0]); i++)
    if (strcmp (programs[i].name, name) == 0)
      return programs[i].source;
  return NULL;
}

/* The steps of a start on @device, each timed. */
static void
probe_device (cl_device_id device, const char *label, const char *source,
    const char *options)
{
  static char pixels[640 * 480];
  cl_context ctx;
  cl_command_queue queue;
  cl_program program;
  cl_mem mem;
  cl_int err;
  double t = now_ms ();

  ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  printf ("%s: clCreateContext %.1f ms (%d)\n", label, now_ms () - t, err);
  if (err != CL_SUCCESS)
    return;
  t = now_ms ();
  queue = clCreateCommandQueue (ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
  printf ("%s: clCreateCommandQueue %.1f ms (%d)\n", label, now_ms () - t, err);
  t = now_ms ();
  mem = clCreateBuffer (ctx, CL_MEM_READ_WRITE, sizeof (pixels), NULL, &err);
  if (err == CL_SUCCESS && queue)
    err = clEnqueueWriteBuffer (queue, mem, CL_TRUE, 0, sizeof (pixels), pixels,
        0, NULL, NULL);
  printf ("%s: first buffer and transfer %.1f ms (%d)\n", label, now_ms () - t,
      err);
  t = now_ms ();
  program = clCreateProgramWithSource (ctx, 1, &source, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (program, 1, &device, options, NULL, NULL);
  printf ("%s: clBuildProgram %.1f ms (%d)\n", label, now_ms () - t, err);
  t = now_ms ();
  if (program)
    clReleaseProgram (program);
  if (mem)
    clReleaseMemObject (mem);
  if (queue)
    clReleaseCommandQueue (queue);
  clReleaseContext (ctx);
  printf ("%s: release %.1f ms\n", label, now_ms () - t);
}

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "histequalize";
  const char *options = argc > 2 ? argv[2] : DEFAULT_OPTIONS;
  const char *source = program_source (name);
  cl_platform_id platforms[MAX_PLATFORMS];
  cl_uint n_platforms = 0;
  double start = now_ms (), t;

  if (!source) {
    fprintf (stderr, "usage: %s [clahe|frame|histequalize|sobel [OPTIONS]]\n",
        argv[0]);
    return 2;
  }
  clGetPlatformIDs (MAX_PLATFORMS, platforms, &n_platforms);
  if (n_platforms > MAX_PLATFORMS)
    n_platforms = MAX_PLATFORMS;
  printf ("clGetPlatformIDs %.1f ms (%u platforms)\n", now_ms () - start,
      n_platforms);
  for (cl_uint p = 0; p < n_platforms; p++) {
    char label[256] = "";
    cl_device_id device;
    cl_uint n_devices = 0;

    clGetPlatformInfo (platforms[p], CL_PLATFORM_NAME, sizeof (label), label,
        NULL);
    t = now_ms ();
    clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 1, &device, &n_devices);
    printf ("%s: clGetDeviceIDs %.1f ms (%u)\n", label, now_ms () - t,
        n_devices);
    if (n_devices)
      probe_device (device, label, source, options);
  }
  printf ("total %.1f ms\n", now_ms () - start);
  return 0;
}
