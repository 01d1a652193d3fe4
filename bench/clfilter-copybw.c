/* clfilter-copybw: a copy kernel's speed, the yardstick for the elements'
 * kernels in bench/clfilter-bench.py
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   clfilter-copybw DEVICE-NAME MIB [BYTES...]
 *
 * DEVICE-NAME is what the elements' "device-name" property said, so the
 * plugin's device selection has no second copy here (of several devices of
 * that name, the first is taken). Prints "key value" lines: what the device
 * is, then (MIB > 0) the best of 10 copies of a MIB buffer (bytes read +
 * written per second), and the best of 20 copies of each BYTES (the least
 * a kernel on a frame can take).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *copy_src =
    "__kernel void copy4 (__global const uint4 *src, __global uint4 *dst)\n"
    "{ size_t i = get_global_id (0); dst[i] = src[i]; }\n";

static void
strip (char *s)
{
  size_t n = strspn (s, " ");

  memmove (s, s + n, strlen (s + n) + 1);
  for (n = strlen (s); n > 0 && s[n - 1] == ' '; n--)
    s[n - 1] = '\0';
}

static cl_device_id
find_device (const char *name)
{
  cl_platform_id platforms[16];
  cl_uint np = 0;

  clGetPlatformIDs (16, platforms, &np);
  for (cl_uint i = 0; i < np; i++) {
    cl_device_id ids[16];
    cl_uint nd = 0;

    clGetDeviceIDs (platforms[i], CL_DEVICE_TYPE_ALL, 16, ids, &nd);
    for (cl_uint j = 0; j < nd; j++) {
      char dev[256] = "";

      clGetDeviceInfo (ids[j], CL_DEVICE_NAME, sizeof (dev) - 1, dev, NULL);
      /* As the plugin reports it: without surrounding spaces. */
      strip (dev);
      if (!strcmp (dev, name))
        return ids[j];
    }
  }
  return NULL;
}

/* The best of @reps copies of @n_vec uint4, in ns of device time. */
static void
print_info (cl_device_id dev)
{
  cl_platform_id platform;
  cl_device_type type = 0;
  char s[256] = "";

  clGetDeviceInfo (dev, CL_DEVICE_TYPE, sizeof (type), &type, NULL);
  printf ("device-type %s\n", (type & CL_DEVICE_TYPE_GPU) ? "gpu"
                              : (type & CL_DEVICE_TYPE_ACCELERATOR)
                                  ? "accelerator"
                              : (type & CL_DEVICE_TYPE_CPU) ? "cpu"
                                                            : "other");
  clGetDeviceInfo (dev, CL_DEVICE_PLATFORM, sizeof (platform), &platform, NULL);
  clGetPlatformInfo (platform, CL_PLATFORM_NAME, sizeof (s) - 1, s, NULL);
  strip (s);
  printf ("platform %s\n", s);
  clGetDeviceInfo (dev, CL_DRIVER_VERSION, sizeof (s) - 1, s, NULL);
  strip (s);
  printf ("driver %s\n", s);
}

static double
time_copy (cl_command_queue q, cl_kernel k, size_t n_vec, int reps)
{
  double best = -1;

  for (int r = 0; r < reps; r++) {
    cl_event ev;
    cl_ulong t0 = 0, t1 = 0;

    if (clEnqueueNDRangeKernel (q, k, 1, NULL, &n_vec, NULL, 0, NULL, &ev) !=
        CL_SUCCESS)
      return -1;
    clWaitForEvents (1, &ev);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_START, sizeof (t0), &t0,
        NULL);
    clGetEventProfilingInfo (ev, CL_PROFILING_COMMAND_END, sizeof (t1), &t1,
        NULL);
    clReleaseEvent (ev);
    if (best < 0 || t1 - t0 < best)
      best = t1 - t0;
  }
  return best;
}

int
main (int argc, char **argv)
{
  cl_device_id dev;
  cl_context ctx;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_mem a = NULL, b = NULL;
  cl_ulong max_alloc = 0;
  cl_int err;
  size_t bytes;
  double ns;

  if (argc < 3) {
    fprintf (stderr, "usage: clfilter-copybw DEVICE-NAME MIB [BYTES...]\n");
    return 1;
  }
  dev = find_device (argv[1]);
  if (!dev) {
    printf ("error no OpenCL device named \"%s\"\n", argv[1]);
    return 2;
  }
  print_info (dev);
  if (!strtoull (argv[2], NULL, 10))
    return 0;
  clGetDeviceInfo (dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof (max_alloc),
      &max_alloc, NULL);
  bytes = (size_t)strtoull (argv[2], NULL, 10) << 20;
  if (bytes > max_alloc)
    bytes = max_alloc;
  bytes &= ~(size_t)15;
  ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    q = clCreateCommandQueue (ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err == CL_SUCCESS)
    prog = clCreateProgramWithSource (ctx, 1, &copy_src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL);
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
    printf ("error OpenCL setup failed (%d)\n", err);
    return 2;
  }
  /* One untimed pass faults the pages in. */
  time_copy (q, k, bytes / 16, 1);
  ns = time_copy (q, k, bytes / 16, 10);
  if (ns <= 0) {
    printf ("error the copy kernel failed\n");
    return 2;
  }
  printf ("device-name %s\nbytes %zu\ncopy-ns %.0f\nbytes-per-s %.6g\n",
      argv[1], bytes, ns, 2.0 * bytes / ns * 1e9);
  for (int i = 3; i < argc; i++) {
    const size_t n = strtoull (argv[i], NULL, 10);

    if (n > 0 && n <= bytes)
      printf ("copy-ns/%zu %.0f\n", n, time_copy (q, k, (n + 15) / 16, 20));
  }
  /* The process ends here; the driver frees what it holds. */
  return 0;
}
