/* gst-clfilter
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
 * GstClContext: an OpenCL context, its queues and the programs built
 * for it; gstclcontextshare.c shares it between elements through
 * GstContext.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclcontext.h"

#include <string.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug
GST_DEBUG_CATEGORY (gst_cl_context_debug);
#define GST_CAT_CONTEXT gst_cl_context_debug

G_DEFINE_TYPE (GstClContext, gst_cl_context, GST_TYPE_OBJECT);

static void forget_wrapped (GstClContext *self);

static void
gst_cl_context_finalize (GObject *object)
{
  GstClContext *self = GST_CL_CONTEXT (object);

  if (self->external)
    forget_wrapped (self);
  g_clear_pointer (&self->programs, g_hash_table_unref);
  g_clear_pointer (&self->queues, gst_cl_queues_unref);
  if (self->context)
    clReleaseContext (self->context);
  g_free (self->device_name);
  g_free (self->build_options[0]);
  g_free (self->build_options[1]);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_cl_context_parent_class)->finalize (object);
}

static void
gst_cl_context_class_init (GstClContextClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gst_cl_context_finalize;
  GST_DEBUG_CATEGORY_GET (GST_CAT_CONTEXT, "GST_CONTEXT");
}

static void
release_program (gpointer program)
{
  clReleaseProgram ((cl_program)program);
}

static void
gst_cl_context_init (GstClContext *self)
{
  g_mutex_init (&self->lock);
  self->programs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      release_program);
}

/* Driver errors that happen outside any call, e.g. a device lost. */
static void CL_CALLBACK
context_notify (const char *errinfo, const void *private_info, size_t cb,
    void *user_data)
{
  GST_WARNING ("OpenCL context: %s", errinfo);
}

static gboolean
device_has_extension (cl_device_id device, const gchar *name)
{
  gchar *exts = gst_cl_device_get_string (device, CL_DEVICE_EXTENSIONS);
  gchar **list = g_strsplit (exts, " ", -1);
  gboolean found = g_strv_contains ((const gchar *const *)list, name);

  g_strfreev (list);
  g_free (exts);
  return found;
}

/* A program's options. The exact GRAY8 equalization formula needs a
 * correctly rounded float division, which OpenCL only promises on request
 * (@exact_div); the request makes sqrt correctly rounded too, which
 * clsobel's magnitude does not need and NVIDIA's makes 1.6 times slower.
 * clsobel's formula for other scales needs double. */
static gchar *
make_build_options (GstClContext *self, gboolean exact_div)
{
  GString *opts = g_string_new ("-cl-std=CL1.2");
  cl_device_fp_config fp = 0;
  const gchar *extra = g_getenv ("GST_CL_BUILD_OPTIONS");

  clGetDeviceInfo (self->id.device, CL_DEVICE_SINGLE_FP_CONFIG, sizeof (fp),
      &fp, NULL);
  if (exact_div && (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT))
    g_string_append (opts, " -cl-fp32-correctly-rounded-divide-sqrt"
                           " -DGST_CL_EXACT_DIV=1");
  else if (exact_div && self->has_fp64)
    g_string_append (opts, " -DGST_CL_FP64_DIV=1");
  if (self->has_fp64)
    g_string_append (opts, " -DGST_CL_HAVE_FP64=1");
  if (self->device_type & CL_DEVICE_TYPE_CPU)
    g_string_append (opts, " -DGST_CL_DEVICE_CPU=1");
  /* The kernels of the other path are not compiled. */
  if (self->cpu_kernels)
    g_string_append (opts, " -DGST_CL_ROWS=1");
  if (extra && *extra)
    g_string_append_printf (opts, " %s", extra);
  return g_string_free (opts, FALSE);
}

/* Whether elements run their kernels shaped for CPUs, on the frames' memory
 * in place, or those shaped for GPUs, on padded device copies. The device
 * type decides; GST_CL_KERNEL_PATH=cpu|gpu overrides it, which lets the
 * tests run both on PoCL. Decided once per context, so that the elements
 * and the base class never disagree. */
static gboolean
choose_cpu_kernels (GstClContext *self)
{
  const gchar *path = g_getenv ("GST_CL_KERNEL_PATH");

  if (g_strcmp0 (path, "gpu") == 0)
    return FALSE;
  if (g_strcmp0 (path, "cpu") == 0)
    return TRUE;
  return (self->device_type & CL_DEVICE_TYPE_CPU) != 0;
}

/* A context's description of its device, before it has a context. */
static GstClContext *
context_describe (const GstClDeviceId *id)
{
  GstClContext *self = g_object_new (GST_TYPE_CL_CONTEXT, NULL);

  gst_object_ref_sink (self);
  self->id = *id;
  self->device_name = gst_cl_device_get_string (id->device, CL_DEVICE_NAME);
  clGetDeviceInfo (id->device, CL_DEVICE_TYPE, sizeof (cl_device_type),
      &self->device_type, NULL);
  clGetDeviceInfo (id->device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof (cl_uint),
      &self->compute_units, NULL);
  clGetDeviceInfo (id->device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof (size_t),
      &self->max_work_group_size, NULL);
  clGetDeviceInfo (id->device, CL_DEVICE_LOCAL_MEM_SIZE, sizeof (cl_ulong),
      &self->local_mem_size, NULL);
  /* GST_CL_LOCAL_MEM_SIZE caps what kernels plan for: the tests use it to
   * give PoCL a GPU's 48 KiB, so that they run the GPU's layout. */
  if (g_getenv ("GST_CL_LOCAL_MEM_SIZE"))
    self->local_mem_size = MIN (self->local_mem_size,
        g_ascii_strtoull (g_getenv ("GST_CL_LOCAL_MEM_SIZE"), NULL, 10));
  clGetDeviceInfo (id->device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof (cl_ulong),
      &self->max_alloc_size, NULL);
  clGetDeviceInfo (id->device, CL_DEVICE_ENDIAN_LITTLE, sizeof (cl_bool),
      &self->little_endian, NULL);
  self->cpu_kernels = choose_cpu_kernels (self);
  self->has_fp64 = device_has_extension (id->device, "cl_khr_fp64");
  self->build_options[0] = make_build_options (self, FALSE);
  self->build_options[1] = make_build_options (self, TRUE);
  return self;
}

static cl_int
create_queue (GstClContext *self)
{
  cl_int status;

  cl_command_queue queue;

  self->profiling = g_strcmp0 (g_getenv ("GST_CL_PROFILING"), "1") == 0;
  /* One queue: the elements download on queues of their own. */
  queue = clCreateCommandQueue (self->context, self->id.device,
      self->profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &status);
  if (status != CL_SUCCESS)
    return status;
  self->queues = gst_cl_queues_wrap (queue);
  clReleaseCommandQueue (queue);
  return CL_SUCCESS;
}

void
gst_cl_context_add_streams (GstClContext *ctx, gint delta)
{
  g_atomic_int_add (&ctx->streams, delta);
}

gint
gst_cl_context_streams (GstClContext *ctx)
{
  return g_atomic_int_get (&ctx->streams);
}

GstClQueues *
gst_cl_context_new_queues (GstClContext *ctx, GError **error)
{
  GstClQueues *queues;
  cl_int status;

  if (ctx->app_queue)
    return gst_cl_queues_ref (ctx->queues);
  queues = gst_cl_queues_new (ctx->context, ctx->id.device, ctx->profiling,
      &status);
  if (!queues)
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ_WRITE,
        "Could not create a command queue on \"%s\".\n"
        "clCreateCommandQueue: %s (%d)",
        ctx->device_name, gst_cl_strerror (status), status);
  return queues;
}

GstClContext *
gst_cl_context_new (const GstClDeviceId *id, GError **error)
{
  GstClContext *self = context_describe (id);
  cl_context_properties props[] = { CL_CONTEXT_PLATFORM,
    (cl_context_properties)id->platform, 0 };
  cl_int status;

  self->context = clCreateContext (props, 1, &id->device, context_notify, NULL,
      &status);
  if (status != CL_SUCCESS)
    goto failed;
  status = create_queue (self);
  if (status != CL_SUCCESS)
    goto failed;

  GST_INFO_OBJECT (self, "created context on %u.%u \"%s\", options \"%s\"",
      id->platform_index, id->device_index, self->device_name,
      self->build_options[1]);
  return self;

failed:
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ_WRITE,
      "Could not open OpenCL device %u.%u \"%s\" (%s)", id->platform_index,
      id->device_index, self->device_name, gst_cl_strerror (status));
  gst_object_unref (self);
  return NULL;
}

/* The process's context on each device, held weakly: elements of every
 * pipeline that nobody hands another context share it, so that their
 * streams run at once on one context's queues. Separate contexts on one
 * GPU take turns on it (NVIDIA's driver gives each its own time slices),
 * as separate processes do. */
static GMutex devices_lock;
static GHashTable *devices;

GstClContext *
gst_cl_context_get_default (const GstClDeviceId *id, GError **error)
{
  GstClContext *self = NULL;
  GWeakRef *ref;

  g_mutex_lock (&devices_lock);
  if (!devices)
    devices = g_hash_table_new (NULL, NULL);
  ref = g_hash_table_lookup (devices, id->device);
  if (ref)
    self = g_weak_ref_get (ref);
  if (!self) {
    self = gst_cl_context_new (id, error);
    if (self && !ref) {
      ref = g_new0 (GWeakRef, 1);
      g_hash_table_insert (devices, id->device, ref);
    }
    if (self)
      g_weak_ref_set (ref, self);
  }
  g_mutex_unlock (&devices_lock);
  return self;
}

/* An application's contexts, each wrapped once: elements given the same
 * one share a GstClContext, so its frames stay on the device between them
 * and their commands share one queue. */
static GMutex wrapped_lock;
static GHashTable *wrapped;

static void
forget_wrapped (GstClContext *self)
{
  g_mutex_lock (&wrapped_lock);
  if (wrapped && g_hash_table_lookup (wrapped, self->context) == self)
    g_hash_table_remove (wrapped, self->context);
  g_mutex_unlock (&wrapped_lock);
}

static GstClContext *
wrap (cl_context context, cl_device_id device, cl_command_queue queue,
    GError **error)
{
  cl_command_queue_properties props = 0;
  cl_context owner = NULL;
  GstClDeviceId id;
  GstClContext *self;
  cl_int status;

  if (!gst_cl_device_identify (device, &id)) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "the application's cl-device is no device of any OpenCL platform");
    return NULL;
  }
  if (queue && (clGetCommandQueueInfo (queue, CL_QUEUE_PROPERTIES,
                    sizeof (props), &props, NULL) != CL_SUCCESS ||
                   clGetCommandQueueInfo (queue, CL_QUEUE_CONTEXT,
                       sizeof (owner), &owner, NULL) != CL_SUCCESS ||
                   owner != context ||
                   (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_SETTINGS,
        "the application's cl-queue is not an in-order queue of its "
        "cl-context");
    return NULL;
  }
  self = context_describe (&id);
  self->external = TRUE;
  clRetainContext (context);
  self->context = context;
  if (queue) {
    self->queues = gst_cl_queues_wrap (queue);
    self->app_queue = TRUE;
    self->profiling = (props & CL_QUEUE_PROFILING_ENABLE) != 0;
  } else if ((status = create_queue (self)) != CL_SUCCESS) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_OPEN_READ_WRITE,
        "Could not create a queue on the application's context on \"%s\" "
        "(%s)",
        self->device_name, gst_cl_strerror (status));
    gst_object_unref (self);
    return NULL;
  }
  GST_INFO_OBJECT (self, "the application's context on %u.%u \"%s\"",
      id.platform_index, id.device_index, self->device_name);
  return self;
}

GstClContext *
gst_cl_context_new_wrapped (cl_context context, cl_device_id device,
    cl_command_queue queue, GError **error)
{
  GstClContext *self;

  g_mutex_lock (&wrapped_lock);
  if (!wrapped)
    wrapped = g_hash_table_new (NULL, NULL);
  self = g_hash_table_lookup (wrapped, context);
  if (self &&
      (self->id.device != device || (queue && self->queues->queue != queue)))
    self = NULL;
  if (self) {
    gst_object_ref (self);
  } else {
    self = wrap (context, device, queue, error);
    if (self)
      g_hash_table_insert (wrapped, context, self);
  }
  g_mutex_unlock (&wrapped_lock);
  return self;
}

gboolean
gst_cl_context_use_cpu_kernels (GstClContext *ctx)
{
  return ctx->cpu_kernels;
}

/* Whether GRAY16 frames of @format must be byte-swapped for this device. */
gboolean
gst_cl_context_swaps (GstClContext *ctx, GstVideoFormat format)
{
  return (format == GST_VIDEO_FORMAT_GRAY16_BE) ==
         (ctx->little_endian != CL_FALSE);
}

static gchar *
get_build_log (cl_program program, cl_device_id device)
{
  size_t size = 0;
  gchar *log;

  clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &size);
  log = g_malloc0 (size + 1);
  if (size)
    clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, size, log,
        NULL);
  return g_strstrip (log);
}

/* Where compiled programs are kept: $GST_CL_CACHE_DIR, else the user's
 * cache folder; GST_CL_CACHE_DIR="" turns the cache off. */
static gchar *
cache_path (GstClContext *self, const gchar *source, const gchar *options)
{
  const gchar *dir = g_getenv ("GST_CL_CACHE_DIR");
  gchar *platform, *driver, *key, *path;
  GChecksum *sum;
  size_t size = 0;

  if (dir && !*dir)
    return NULL;
  clGetPlatformInfo (self->id.platform, CL_PLATFORM_VERSION, 0, NULL, &size);
  platform = g_malloc0 (size + 1);
  clGetPlatformInfo (self->id.platform, CL_PLATFORM_VERSION, size, platform,
      NULL);
  driver = gst_cl_device_get_string (self->id.device, CL_DRIVER_VERSION);

  /* Anything that changes the binary is in the key. */
  sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (sum, (const guchar *)platform, -1);
  g_checksum_update (sum, (const guchar *)self->device_name, -1);
  g_checksum_update (sum, (const guchar *)driver, -1);
  g_checksum_update (sum, (const guchar *)options, -1);
  g_checksum_update (sum, (const guchar *)source, -1);
  key = g_strconcat (g_checksum_get_string (sum), ".bin", NULL);
  path = dir ? g_build_filename (dir, key, NULL)
             : g_build_filename (g_get_user_cache_dir (), "gst-clfilter", key,
                   NULL);
  g_checksum_free (sum);
  g_free (key);
  g_free (driver);
  g_free (platform);
  return path;
}

static cl_program
load_cached (GstClContext *self, const gchar *path, const gchar *options)
{
  gchar *binary = NULL;
  gsize length = 0;
  cl_program program;
  cl_int status, binary_status;

  if (!path || !g_file_get_contents (path, &binary, &length, NULL))
    return NULL;
  program = clCreateProgramWithBinary (self->context, 1, &self->id.device,
      &length, (const unsigned char **)&binary, &binary_status, &status);
  g_free (binary);
  if (status == CL_SUCCESS && binary_status == CL_SUCCESS &&
      clBuildProgram (program, 1, &self->id.device, options, NULL, NULL) ==
          CL_SUCCESS) {
    GST_DEBUG_OBJECT (self, "program from %s", path);
    return program;
  }
  GST_INFO_OBJECT (self, "ignoring unusable cached program %s", path);
  if (status == CL_SUCCESS)
    clReleaseProgram (program);
  return NULL;
}

static void
store_cached (GstClContext *self, cl_program program, const gchar *path)
{
  size_t size = 0;
  unsigned char *binary;
  gchar *dir;

  if (!path ||
      clGetProgramInfo (program, CL_PROGRAM_BINARY_SIZES, sizeof (size), &size,
          NULL) != CL_SUCCESS ||
      size == 0)
    return;
  binary = g_malloc (size);
  dir = g_path_get_dirname (path);
  /* A cache that cannot be written only costs the next start a build. */
  if (clGetProgramInfo (program, CL_PROGRAM_BINARIES, sizeof (binary), &binary,
          NULL) == CL_SUCCESS &&
      g_mkdir_with_parents (dir, 0700) == 0 &&
      g_file_set_contents (path, (const gchar *)binary, size, NULL))
    GST_DEBUG_OBJECT (self, "program stored in %s", path);
  g_free (dir);
  g_free (binary);
}

static cl_program
build_program (GstClContext *self, const gchar *name, const gchar *source,
    const gchar *options, GError **error)
{
  gchar *path = cache_path (self, source, options);
  cl_program program = load_cached (self, path, options);
  cl_int status;

  if (program) {
    g_free (path);
    return program;
  }

  program = clCreateProgramWithSource (self->context, 1, &source, NULL,
      &status);
  if (status != CL_SUCCESS) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "Could not create OpenCL program \"%s\" (%s)", name,
        gst_cl_strerror (status));
    g_free (path);
    return NULL;
  }

  status = clBuildProgram (program, 1, &self->id.device, options, NULL, NULL);
  if (status != CL_SUCCESS) {
    gchar *log = get_build_log (program, self->id.device);

    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "OpenCL program \"%s\" failed to build for \"%s\" (%s) with "
        "options \"%s\". Build log:\n%s",
        name, self->device_name, gst_cl_strerror (status), options, log);
    g_free (log);
    g_free (path);
    clReleaseProgram (program);
    return NULL;
  }
  store_cached (self, program, path);
  g_free (path);
  return program;
}

/* Returns a new reference to the program @name built from @source for this
 * context's device, building it on first use only; @exact_div: see
 * make_build_options(). @defines (NULL for none) select which of the
 * source's kernels are compiled: each set is its own program, here and in
 * the disk cache. */
cl_program
gst_cl_context_get_program_with (GstClContext *self, const gchar *name,
    const gchar *source, gboolean exact_div, const gchar *defines,
    GError **error)
{
  gchar *options = g_strjoin (" ", self->build_options[exact_div ? 1 : 0],
      defines, NULL);
  gchar *key = g_strjoin (" ", name, defines, NULL);
  cl_program program;

  g_mutex_lock (&self->lock);
  program = g_hash_table_lookup (self->programs, key);
  if (!program) {
    program = build_program (self, name, source, options, error);
    if (program)
      g_hash_table_insert (self->programs, g_steal_pointer (&key), program);
  }
  if (program)
    clRetainProgram (program);
  g_mutex_unlock (&self->lock);
  g_free (key);
  g_free (options);
  return program;
}

cl_program
gst_cl_context_get_program (GstClContext *self, const gchar *name,
    const gchar *source, gboolean exact_div, GError **error)
{
  return gst_cl_context_get_program_with (self, name, source, exact_div, NULL,
      error);
}

cl_mem
gst_cl_context_alloc (GstClContext *ctx, gsize size, GError **error)
{
  cl_int status = CL_SUCCESS;
  cl_mem mem;

  if (size > ctx->max_alloc_size) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NO_SPACE_LEFT,
        "A %" G_GSIZE_FORMAT "-byte buffer is larger than \"%s\" allows.\n"
        "CL_DEVICE_MAX_MEM_ALLOC_SIZE is %" G_GUINT64_FORMAT " bytes",
        size, ctx->device_name, (guint64)ctx->max_alloc_size);
    return NULL;
  }
  mem = clCreateBuffer (ctx->context, CL_MEM_READ_WRITE, MAX (size, 1), NULL,
      &status);
  if (status != CL_SUCCESS) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NO_SPACE_LEFT,
        "Could not allocate %" G_GSIZE_FORMAT " bytes on \"%s\".\n"
        "clCreateBuffer: %s (%d)",
        size, ctx->device_name, gst_cl_strerror (status), status);
    return NULL;
  }
  return mem;
}

cl_kernel
gst_cl_context_create_kernel (GstClContext *ctx, cl_program program,
    const gchar *name, GError **error)
{
  cl_int status;
  cl_kernel kernel = clCreateKernel (program, name, &status);

  if (status == CL_SUCCESS)
    return kernel;
  g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
      "Could not create the OpenCL kernel \"%s\".\n"
      "clCreateKernel on \"%s\": %s (%d)",
      name, ctx->device_name, gst_cl_strerror (status), status);
  return NULL;
}
