/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clsobel
 * @title: clsobel
 *
 * Sobel edge detection of GRAY8 and GRAY16 video on an OpenCL device. The
 * output has the input's format and size: GRAY8 gives GRAY8, GRAY16_LE gives
 * GRAY16_LE, GRAY16_BE gives GRAY16_BE.
 *
 * Every pixel gets the gradients of OpenCV's cv::Sobel with ksize=3,
 * gx from the kernel [-1 0 1; -2 0 2; -1 0 1] and gy from
 * [-1 -2 -1; 0 0 0; 1 2 1], with pixels outside the frame repeating the
 * nearest edge pixel (BORDER_REPLICATE). #GstClSobel:mode picks the value m
 * made of them:
 *
 * * `magnitude`: m = sqrt (gx² + gy²)
 * * `magnitude-l1`: m = |gx| + |gy|
 * * `dx`: m = |gx|
 * * `dy`: m = |gy|
 *
 * and the output pixel is out = clamp (round_half_even (scale * m), 0, MAX)
 * with MAX 255 for GRAY8 and 65535 for GRAY16. With a non-zero
 * #GstClSobel:threshold the pixel is then MAX where out >= threshold and 0
 * elsewhere, a binary edge map.
 *
 * On devices with cl_khr_fp64 (PoCL, NVIDIA, AMD, most desktop GPUs) m and
 * scale * m are computed in double precision, and the output is the exact
 * value of the formula above, the same as a plain C computation in double.
 * Devices without it compute in float and may differ by one where
 * scale * m lies close to a half, or in magnitude mode where gx² + gy² does
 * not fit float's 24 bits.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 v4l2src ! videoconvert ! video/x-raw,format=GRAY8 ! \
 *     clsobel ! videoconvert ! autovideosink
 * ]| Shows a camera's edges live.
 * |[
 * gst-launch-1.0 filesrc location=diver.mov ! qtdemux ! jpegdec ! \
 *     videoconvert ! video/x-raw,format=GRAY8 ! clhistequalize \
 *     post-messages=false ! clsobel ! videoconvert ! autovideosink
 * ]| Equalizes a low-contrast clip, then shows its edges; both elements run
 * in one OpenCL context.
 * |[
 * gst-launch-1.0 filesrc location=diver.mov ! qtdemux ! jpegdec ! \
 *     videoconvert ! video/x-raw,format=GRAY8 ! \
 *     clsobel mode=magnitude-l1 scale=0.5 threshold=64 ! videoconvert ! \
 *     x264enc ! mp4mux ! filesink location=edges.mp4
 * ]| Writes a binary edge map of the clip to a file.
 * |[
 * gst-launch-1.0 filesrc location=depth.png ! pngdec ! \
 *     video/x-raw,format=GRAY16_BE ! clsobel mode=dx scale=4 ! pngenc ! \
 *     filesink location=depth-dx.png
 * ]| The horizontal gradient of a 16-bit image, four times amplified.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclsobel.h"
#include "clkernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_sobel_debug);
#define GST_CAT_DEFAULT gst_cl_sobel_debug

enum
{
  PROP_0,
  PROP_MODE,
  PROP_SCALE,
  PROP_THRESHOLD,
};

#define DEFAULT_MODE GST_CL_SOBEL_MODE_MAGNITUDE
#define DEFAULT_SCALE 1.0
#define DEFAULT_THRESHOLD 0
#define MAX_SCALE 65535.0
#define MAX_THRESHOLD 65535

/* The GPU kernels' strip shape (see kernels/sobel.cl): pixels across per
 * work-item, fixed by the kernels, and rows down, an argument. Each input
 * row is read once per strip plus the two rows around it; fewer rows mean
 * more work-items in flight to hide memory latency, more rows fewer halo
 * rows read twice. */
#define STRIP_WIDTH 8
/* Measured on an H200 at 3840x2160 GRAY8 (magnitude-l1): 1 row 24.1 us,
 * 2 rows 18.6, 4 rows 16.2, 8 rows 15.6. */
#define STRIP_ROWS 8
/* Work-group shape on GPUs: GROUP_X strips across, each row of work-items
 * reading a contiguous run, GROUP_Y strips down, which share their halo
 * rows in the cache (magnitude at 3840x2160 on an H200: 64x1 17.8 us, 32x4
 * 16.5). */
#define GROUP_X 32
#define GROUP_Y 4

struct _GstClSobel {
  GstClBaseFilter parent;

  GstClSobelMode mode;
  gdouble scale;
  guint threshold;

  /* By depth (GRAY8, GRAY16): the kernel for any scale, and on GPUs those
   * for scale 1, by mode (see kernels/sobel.cl). */
  cl_kernel k_any[2];
  cl_kernel k_unit[2][4];

  /* Per caps. */
  guint index;
  /* The *_rows_* kernels, for CPU devices. */
  gboolean cpu;
  guint depth;
  cl_uint swap;
};

#define FORMATS "{ GRAY8, GRAY16_LE, GRAY16_BE }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_VIDEO_CAPS_MAKE (FORMATS)));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_VIDEO_CAPS_MAKE (FORMATS)));

GType
gst_cl_sobel_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    { GST_CL_SOBEL_MODE_MAGNITUDE, "Gradient magnitude, sqrt (gx² + gy²)",
        "magnitude" },
    { GST_CL_SOBEL_MODE_MAGNITUDE_L1, "L1 gradient magnitude, |gx| + |gy|",
        "magnitude-l1" },
    { GST_CL_SOBEL_MODE_DX, "Horizontal gradient |gx| (vertical edges)", "dx" },
    { GST_CL_SOBEL_MODE_DY, "Vertical gradient |gy| (horizontal edges)", "dy" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClSobelMode", values);

    g_once_init_leave (&type, t);
  }
  return type;
}

G_DEFINE_TYPE (GstClSobel, gst_cl_sobel, GST_TYPE_CL_BASE_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clsobel, "clsobel", GST_RANK_NONE,
    GST_TYPE_CL_SOBEL);

static void
gst_cl_sobel_teardown (GstClBaseFilter *filter)
{
  GstClSobel *self = GST_CL_SOBEL (filter);

  for (guint i = 0; i < 2; i++) {
    if (self->k_any[i])
      clReleaseKernel (self->k_any[i]);
    self->k_any[i] = NULL;
    for (guint m = 0; m < 4; m++) {
      if (self->k_unit[i][m])
        clReleaseKernel (self->k_unit[i][m]);
      self->k_unit[i][m] = NULL;
    }
  }
}

static gboolean
gst_cl_sobel_setup (GstClBaseFilter *filter, cl_program program, GError **error)
{
  GstClSobel *self = GST_CL_SOBEL (filter);
  const gboolean cpu = gst_cl_context_use_cpu_kernels (
      gst_cl_base_filter_get_context (filter));

  /* By GstClSobelMode. */
  const gchar *modes[4] = { "magnitude", "magnitude_l1", "dx", "dy" };

  self->cpu = cpu;
  for (guint i = 0; i < 2; i++) {
    const gchar *suffix = i ? "u16" : "u8";
    gchar *name = g_strdup_printf ("sobel_%s%s", cpu ? "rows_" : "", suffix);

    self->k_any[i] = gst_cl_base_filter_create_kernel (filter, program, name,
        error);
    g_free (name);
    if (!self->k_any[i])
      return FALSE;
    for (guint m = 0; m < 4 && !cpu; m++) {
      name = g_strdup_printf ("sobel_%s_%s", modes[m], suffix);
      self->k_unit[i][m] = gst_cl_base_filter_create_kernel (filter, program,
          name, error);
      g_free (name);
      if (!self->k_unit[i][m])
        return FALSE;
    }
  }
  return TRUE;
}

static gboolean
gst_cl_sobel_configure (GstClBaseFilter *filter, GError **error)
{
  GstClSobel *self = GST_CL_SOBEL (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (filter);
  const GstVideoInfo *info = &GST_VIDEO_FILTER (filter)->in_info;

  self->depth = GST_VIDEO_INFO_COMP_DEPTH (info, 0);
  self->index = self->depth == 8 ? 0 : 1;
  self->swap = gst_cl_context_swaps (cl, GST_VIDEO_INFO_FORMAT (info));
  GST_DEBUG_OBJECT (self, "%ux%u %s, swap %u", GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_NAME (info), self->swap);
  return TRUE;
}

#define SET_ARG(k, i, v) clSetKernelArg (k, i, sizeof (v), &(v))

static cl_int
gst_cl_sobel_enqueue (GstClBaseFilter *filter, const GstClPlane *in,
    const GstClPlane *out)
{
  GstClSobel *self = GST_CL_SOBEL (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (filter);
  cl_kernel k;
  const cl_uint bpp = self->depth / 8;
  const cl_uint width = in->row_bytes / bpp;
  const cl_uint height = in->height;
  const cl_uint pitch = in->pitch / bpp;
  const cl_uint dpitch = out->pitch / bpp;
  const cl_uint strip = STRIP_WIDTH;
  /* CPUs: a few bands of rows per core, each one work-item. */
  const cl_uint bands = MIN (height, MAX (1, cl->compute_units) * 2);
  const cl_uint rows = self->cpu ? (height + bands - 1) / bands : STRIP_ROWS;
  const size_t lx = self->cpu ? 1 : MIN (GROUP_X, cl->max_work_group_size);
  const size_t ly = !self->cpu && lx * GROUP_Y <= cl->max_work_group_size
                        ? GROUP_Y
                        : 1;
  size_t local[2] = { lx, ly };
  size_t global[2] = { self->cpu
                           ? 1
                           : GST_ROUND_UP_N ((width + strip - 1) / strip, lx),
    GST_ROUND_UP_N ((height + rows - 1) / rows, ly) };
  cl_uint mode, threshold;
  gdouble scale;
  cl_int s = 0;

  GST_OBJECT_LOCK (self);
  mode = self->mode;
  scale = self->scale;
  threshold = self->threshold;
  GST_OBJECT_UNLOCK (self);
  k = scale == 1.0 && self->k_unit[self->index][mode]
          ? self->k_unit[self->index][mode]
          : self->k_any[self->index];

  s |= SET_ARG (k, 0, in->mem);
  s |= SET_ARG (k, 1, pitch);
  s |= SET_ARG (k, 2, width);
  s |= SET_ARG (k, 3, height);
  s |= SET_ARG (k, 4, rows);
  s |= SET_ARG (k, 5, out->mem);
  s |= SET_ARG (k, 6, dpitch);
  s |= SET_ARG (k, 7, mode);
  /* The kernel's scale is double where GST_CL_HAVE_FP64 is defined. */
  if (cl->has_fp64) {
    const cl_double d = scale;

    s |= SET_ARG (k, 8, d);
  } else {
    const cl_float f = scale;

    s |= SET_ARG (k, 8, f);
  }
  s |= SET_ARG (k, 9, threshold);
  if (self->depth == 16)
    s |= SET_ARG (k, 10, self->swap);
  if (s != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_base_filter_enqueue_kernel (filter, k, 2, global, local);
}

static void
gst_cl_sobel_set_property (GObject *object, guint prop_id, const GValue *value,
    GParamSpec *pspec)
{
  GstClSobel *self = GST_CL_SOBEL (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;
    case PROP_SCALE:
      self->scale = g_value_get_double (value);
      break;
    case PROP_THRESHOLD:
      self->threshold = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_sobel_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  GstClSobel *self = GST_CL_SOBEL (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;
    case PROP_THRESHOLD:
      g_value_set_uint (value, self->threshold);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_sobel_class_init (GstClSobelClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstClBaseFilterClass *cl_class = GST_CL_BASE_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_sobel_debug, "clsobel", 0,
      "OpenCL Sobel edge detection");

  gobject_class->set_property = gst_cl_sobel_set_property;
  gobject_class->get_property = gst_cl_sobel_get_property;

  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "What each output pixel measures, from the 3x3 Sobel gradients gx "
          "and gy: \"magnitude\" sqrt (gx² + gy²), \"magnitude-l1\" "
          "|gx| + |gy|, \"dx\" |gx| (vertical edges), \"dy\" |gy| "
          "(horizontal edges); the value is then multiplied by \"scale\". "
          "May change while playing, from the next frame on",
          GST_TYPE_CL_SOBEL_MODE, DEFAULT_MODE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_SCALE,
      g_param_spec_double ("scale", "Scale",
          "Factor on the mode's gradient value: the output pixel is "
          "scale * value rounded half to even and clamped to the format's "
          "range (0-255 for GRAY8, 0-65535 for GRAY16). The value reaches "
          "4 times the format's maximum in dx and dy (1020 for GRAY8), 4.47 "
          "times in magnitude and 6 times in magnitude-l1: scales of 0.25, "
          "0.22 and 0.166 keep the strongest edges from saturating, 1.0 "
          "makes faint edges visible. Scale 1 is computed exactly in integers "
          "on any device, other scales in "
          "double precision, exact on devices with cl_khr_fp64 and in float "
          "elsewhere, where results may differ by one. May change while "
          "playing, from the next "
          "frame on",
          0.0, MAX_SCALE, DEFAULT_SCALE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_THRESHOLD,
      g_param_spec_uint ("threshold", "Threshold",
          "0 (off) for the scaled gradient as output; otherwise a binary "
          "edge map: the maximum value (255 or 65535) where the scaled, "
          "clamped gradient is >= threshold, 0 elsewhere. In pixel values "
          "of the output format (a threshold above 255 makes GRAY8 output "
          "all 0). May change while playing, from the next frame on",
          0, MAX_THRESHOLD, DEFAULT_THRESHOLD,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
              GST_PARAM_MUTABLE_PLAYING));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL Sobel edge detection", "Filter/Effect/Video",
      "Computes the 3x3 Sobel gradient magnitude or direction of GRAY8 and "
      "GRAY16 video on an OpenCL device",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  cl_class->program_name = "sobel";
  cl_class->program_source = gst_cl_kernel_sobel;
  cl_class->host_planes = TRUE;
  cl_class->setup = GST_DEBUG_FUNCPTR (gst_cl_sobel_setup);
  cl_class->teardown = GST_DEBUG_FUNCPTR (gst_cl_sobel_teardown);
  cl_class->configure = GST_DEBUG_FUNCPTR (gst_cl_sobel_configure);
  cl_class->enqueue = GST_DEBUG_FUNCPTR (gst_cl_sobel_enqueue);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_SOBEL_MODE, 0);
}

static void
gst_cl_sobel_init (GstClSobel *self)
{
  self->mode = DEFAULT_MODE;
  self->scale = DEFAULT_SCALE;
  self->threshold = DEFAULT_THRESHOLD;
}
