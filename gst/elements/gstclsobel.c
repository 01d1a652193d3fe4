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
 */
/**
 * SECTION:element-clsobel
 * @title: clsobel
 *
 * Sobel edge detection of gray and YUV video on an OpenCL device. The
 * output has the input's size. GRAY8 gives GRAY8; GRAY16_LE and GRAY16_BE
 * give the same format, or GRAY8 when downstream asks for it (a caps filter
 * `video/x-raw,format=GRAY8` after the element); the 8-bit YUV formats I420,
 * YV12, NV12, NV21, Y42B, Y444, YUY2 and UYVY give GRAY8, the edges of their
 * luma (Y); P010_10LE, P012_LE, P016_LE, I420_10LE, I420_12LE, I422_10LE,
 * Y444_10LE and Y444_16LE give GRAY16_LE (GRAY8 when downstream asks), the
 * edges of their luma's values as for GRAY16. Only the luma travels to the
 * device.
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
 * with MAX 255 for GRAY8 output and 65535 for GRAY16 output. With a non-zero
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
 * gst-launch-1.0 filesrc location=diver.mov ! decodebin ! clhistequalize \
 *     post-messages=false ! clsobel ! videoconvert ! autovideosink
 * ]| Equalizes a low-contrast colour clip, then shows the edges of its
 * luma; both elements run in one OpenCL context.
 * |[
 * gst-launch-1.0 filesrc location=diver.mov ! qtdemux ! jpegdec ! \
 *     videoconvert ! video/x-raw,format=GRAY8 ! \
 *     clsobel mode=magnitude-l1 scale=0.5 threshold=64 ! jpegenc ! avimux ! \
 *     filesink location=edges.avi
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
#include "gstclutils.h"
#include "clkernels.h"
#include "kernels/clshared.h"

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
#define STRIP_WIDTH GST_CL_SOBEL_STRIP
/* Measured on an H200 at 3840x2160 GRAY8 (magnitude-l1): 1 row 24.1 us,
 * 2 rows 18.6, 4 rows 16.2, 8 rows 15.6. */
#define STRIP_ROWS GST_CL_SOBEL_ROWS
/* Work-group shape on GPUs: GROUP_X strips across, each row of work-items
 * reading a contiguous run, GROUP_Y strips down, which share their halo
 * rows in the cache (magnitude at 3840x2160 on an H200: 64x1 17.8 us, 32x4
 * 16.5). */
#define GROUP_X 32
#define GROUP_Y 4

/* The properties, copied once per frame. */
typedef struct {
  GstClSobelMode mode;
  gdouble scale;
  guint threshold;
} Settings;

/* Kernels by input and output depth. */
enum
{
  DEPTHS_8_8,
  DEPTHS_16_16,
  DEPTHS_16_8,
  N_DEPTHS
};

struct _GstClSobel {
  GstClFilter parent;

  /* Under the object lock. */
  Settings settings;

  /* Built as streams need them, released at stop: the kernel for any
   * scale, and on GPUs those for scale 1, by mode (see kernels/sobel.cl),
   * by depths. */
  cl_kernel k_any[N_DEPTHS];
  cl_kernel k_unit[N_DEPTHS][4];

  /* Per caps. */
  guint depths;
  /* The *_rows_* kernels, for CPU devices. */
  gboolean cpu;
  guint in_bps;
  guint out_bps;
  cl_uint swap;
};

#define SINK_FORMATS "{ " GST_CL_LUMA_FORMATS ", " GST_CL_RGB_FORMATS " }"
/* GRAY16_LE before GRAY8: what luma of more than 8 bits gives unless
 * downstream asks for GRAY8. */
#define SRC_FORMATS "{ GRAY16_LE, GRAY16_BE, GRAY8 }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SINK_FORMATS) ";" GST_CL_VIDEO_CAPS (
        GST_CL_YUV_HIGH_DEPTH_FORMATS)));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SRC_FORMATS)));

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

G_DEFINE_TYPE (GstClSobel, gst_cl_sobel, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clsobel, "clsobel", GST_RANK_NONE,
    GST_TYPE_CL_SOBEL);

static void
gst_cl_sobel_teardown (GstClBaseFilter *filter)
{
  GstClSobel *self = GST_CL_SOBEL (filter);

  for (guint i = 0; i < N_DEPTHS; i++) {
    gst_cl_clear_kernel (&self->k_any[i]);
    for (guint m = 0; m < 4; m++)
      gst_cl_clear_kernel (&self->k_unit[i][m]);
  }
}

/* The kernel for the caps' depths at @mode and @scale: on GPUs at scale 1,
 * @mode's own, else the one for any scale. Each is built the first time a
 * stream needs it, alone in its program: a mode set while playing builds
 * its kernel at its first frame. */
static cl_kernel
get_kernel (GstClSobel *self, GstClSobelMode mode, gdouble scale)
{
  const guint in = self->in_bps * 8, out = self->out_bps * 8;
  /* 16 to 8 bits is rare enough for the kernel of any scale. */
  const gboolean unit = scale == 1.0 && !self->cpu &&
                        self->depths != DEPTHS_16_8;
  cl_kernel *k = unit ? &self->k_unit[self->depths][mode]
                      : &self->k_any[self->depths];
  gchar *defines;
  cl_program program;

  if (*k)
    return *k;
  /* Each mode's scale-1 kernel, by GstClSobelMode. */
  G_STATIC_ASSERT (GST_CL_STAGE_SOBEL_DY - GST_CL_STAGE_SOBEL_MAGNITUDE ==
                   GST_CL_SOBEL_DY - GST_CL_SOBEL_MAGNITUDE);
  if (unit)
    defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u "
                               "-DGST_CL_SOBEL_UNIT=%d",
        in, out, mode);
  else
    defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u", in, out);
  program = gst_cl_base_filter_get_program (GST_CL_BASE_FILTER (self), "sobel",
      gst_cl_kernel_sobel, FALSE, defines);
  if (program) {
    *k = gst_cl_base_filter_stage_kernel (GST_CL_BASE_FILTER (self), program,
        unit ? GST_CL_STAGE_SOBEL_MAGNITUDE + mode : GST_CL_STAGE_SOBEL,
        gst_cl_kernel_table_depths (in, out));
    clReleaseProgram (program);
  }
  g_free (defines);
  return *k;
}

static gboolean
gst_cl_sobel_configure (GstClFilter *filter, const GstVideoInfo *in_info,
    const GstVideoInfo *out_info)
{
  GstClSobel *self = GST_CL_SOBEL (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (filter));
  Settings settings;

  self->cpu = gst_cl_context_use_cpu_kernels (cl);
  self->in_bps = (GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) + 7) / 8;
  self->out_bps = GST_VIDEO_INFO_COMP_DEPTH (out_info, 0) / 8;
  self->depths = self->in_bps == 1    ? DEPTHS_8_8
                 : self->out_bps == 2 ? DEPTHS_16_16
                                      : DEPTHS_16_8;
  self->swap = gst_cl_context_swaps (cl, GST_VIDEO_INFO_FORMAT (in_info));
  GST_DEBUG_OBJECT (self, "%ux%u %s to %s, swap %u",
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info),
      GST_VIDEO_INFO_NAME (in_info), GST_VIDEO_INFO_NAME (out_info),
      self->swap);
  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);
  /* Built with the caps, so that the first frame does not wait for it. */
  return get_kernel (self, settings.mode, settings.scale) != NULL;
}

static cl_int
gst_cl_sobel_enqueue (GstClFilter *filter, const GstClPlane *planes_in,
    const GstClPlane *planes_out)
{
  GstClSobel *self = GST_CL_SOBEL (filter);
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (base);
  const GstClPlane *in = &planes_in[GST_VIDEO_COMP_Y];
  const GstClPlane *out = &planes_out[GST_VIDEO_COMP_Y];
  cl_kernel k;
  const cl_uint width = in->row_bytes / self->in_bps;
  const cl_uint height = in->height;
  const cl_uint pitch = in->pitch / self->in_bps;
  const cl_uint dpitch = out->pitch / self->out_bps;
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
  Settings settings;
  cl_uint mode, threshold;
  gdouble scale;
  GstClArgs args;

  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);
  mode = settings.mode;
  scale = settings.scale;
  threshold = settings.threshold;
  k = get_kernel (self, mode, scale);
  if (!k)
    return CL_INVALID_PROGRAM;
  args = (GstClArgs)GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, rows);
  GST_CL_ARG (&args, out->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, mode);
  /* The kernel's scale is double where GST_CL_HAVE_FP64 is defined. */
  if (cl->has_fp64) {
    const cl_double d = scale;

    GST_CL_ARG (&args, d);
  } else {
    const cl_float f = scale;

    GST_CL_ARG (&args, f);
  }
  GST_CL_ARG (&args, threshold);
  GST_CL_ARG (&args, self->swap);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_base_filter_enqueue_kernel (base, k, 2, global, local);
}

static void
gst_cl_sobel_set_property (GObject *object, guint prop_id, const GValue *value,
    GParamSpec *pspec)
{
  GstClSobel *self = GST_CL_SOBEL (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_MODE:
      self->settings.mode = g_value_get_enum (value);
      break;
    case PROP_SCALE:
      self->settings.scale = g_value_get_double (value);
      break;
    case PROP_THRESHOLD:
      self->settings.threshold = g_value_get_uint (value);
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
      g_value_set_enum (value, self->settings.mode);
      break;
    case PROP_SCALE:
      g_value_set_double (value, self->settings.scale);
      break;
    case PROP_THRESHOLD:
      g_value_set_uint (value, self->settings.threshold);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

/* Gray stays gray of its depth, or 16 bits become 8 when downstream asks;
 * YUV gives the edges of its luma in GRAY8, or in GRAY16_LE (GRAY8 when
 * downstream asks) where its luma has more than 8 bits, as GRAY16 does. */
static gboolean
gst_cl_sobel_converts (GstVideoFormat in, GstVideoFormat out)
{
  const GstVideoFormatInfo *info = gst_video_format_get_info (in);

  if (GST_VIDEO_FORMAT_INFO_IS_GRAY (info))
    return in == out || out == GST_VIDEO_FORMAT_GRAY8;
  if (GST_VIDEO_FORMAT_INFO_DEPTH (info, 0) > 8 &&
      out == GST_VIDEO_FORMAT_GRAY16_LE)
    return TRUE;
  return out == GST_VIDEO_FORMAT_GRAY8;
}

/* The properties of the output: which gradient, scaled, thresholded. */
static void
gst_cl_sobel_install_properties (GObjectClass *gobject_class)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            GST_PARAM_MUTABLE_PLAYING;

  /**
   * GstClSobel:mode:
   *
   * What each output pixel measures, from the gradients gx and gy of
   * OpenCV's cv::Sobel with ksize=3, pixels outside the frame repeating the
   * nearest edge pixel:
   *
   * * `magnitude` (the default): sqrt (gx² + gy²)
   * * `magnitude-l1`: |gx| + |gy|
   * * `dx`: |gx|, vertical edges
   * * `dy`: |gy|, horizontal edges
   *
   * The value is then multiplied by #GstClSobel:scale. May change while
   * playing, from the next frame on.
   */
  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "What each output pixel measures of the 3x3 Sobel gradients",
          GST_TYPE_CL_SOBEL_MODE, DEFAULT_MODE, flags));
  /**
   * GstClSobel:scale:
   *
   * The factor on the mode's value m: the output pixel is scale * m rounded
   * half to even and clamped to the output's range, 0-255 for GRAY8 and
   * 0-65535 for GRAY16. m reaches 4 times the input's maximum in `dx` and
   * `dy` (1020 for 8-bit input), 4.47 times in `magnitude` and 6 times in
   * `magnitude-l1`: scales of 0.25, 0.22 and 0.166 keep the strongest edges
   * from saturating, 1 makes faint edges visible.
   *
   * Scale 1 is computed exactly in integers on any device; other scales in
   * double precision, exact on devices with cl_khr_fp64, and in float
   * elsewhere, where results may differ by one. May change while playing,
   * from the next frame on.
   */
  g_object_class_install_property (gobject_class, PROP_SCALE,
      g_param_spec_double ("scale", "Scale",
          "Factor on the gradient value, before rounding and clamping to the "
          "output's range",
          0.0, MAX_SCALE, DEFAULT_SCALE, flags));
  /**
   * GstClSobel:threshold:
   *
   * 0 (the default) outputs the scaled gradient; any other value a binary
   * edge map: the output's maximum (255 or 65535) where the scaled, clamped
   * gradient is at least the threshold, 0 elsewhere. The threshold is in
   * pixel values of the output format: above 255, GRAY8 output is all 0.
   * May change while playing, from the next frame on.
   */
  g_object_class_install_property (gobject_class, PROP_THRESHOLD,
      g_param_spec_uint ("threshold", "Threshold",
          "Binary edge map: maximum where the scaled gradient reaches this, "
          "else 0 (0: off)",
          0, MAX_THRESHOLD, DEFAULT_THRESHOLD, flags));
}

static void
gst_cl_sobel_class_init (GstClSobelClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstClBaseFilterClass *base_class = GST_CL_BASE_FILTER_CLASS (klass);
  GstClFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_sobel_debug, "clsobel", 0,
      "OpenCL Sobel edge detection");

  gobject_class->set_property = gst_cl_sobel_set_property;
  gobject_class->get_property = gst_cl_sobel_get_property;

  gst_cl_sobel_install_properties (gobject_class);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL Sobel edge detection", "Filter/Effect/Video",
      "Computes the 3x3 Sobel gradient magnitude (L2 or L1) or the "
      "absolute horizontal or vertical gradient of gray video, or of the "
      "luma of YUV video, on an OpenCL device",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  base_class->debug_category = gst_cl_sobel_debug;
  base_class->teardown = GST_DEBUG_FUNCPTR (gst_cl_sobel_teardown);
  cl_class->converts = gst_cl_sobel_converts;
  cl_class->read_components = GST_CL_COMPONENT_LUMA;
  cl_class->write_components = GST_CL_COMPONENT_LUMA;
  cl_class->host_planes = TRUE;
  cl_class->configure = GST_DEBUG_FUNCPTR (gst_cl_sobel_configure);
  cl_class->enqueue = GST_DEBUG_FUNCPTR (gst_cl_sobel_enqueue);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_SOBEL_MODE, 0);
}

static void
gst_cl_sobel_init (GstClSobel *self)
{
  self->settings.mode = DEFAULT_MODE;
  self->settings.scale = DEFAULT_SCALE;
  self->settings.threshold = DEFAULT_THRESHOLD;
  /* RGB: the edges of OpenCV's RGB2GRAY. */
  gst_cl_filter_set_color_space (GST_CL_FILTER (self), GST_CL_COLOR_GRAY);
}
