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
 * SECTION:element-clhistogram
 * @title: clhistogram
 * @see_also: clhistequalize, videoanalyse
 *
 * Measures the histogram of every frame on an OpenCL device and passes the
 * frame on untouched, as videoanalyse does on the CPU: nothing is written
 * and nothing copied; on devices that share the host's memory the kernels
 * read the frame where it is, on others only the measured plane travels to
 * the device. GRAY8 and GRAY16 frames are measured whole, YUV frames by
 * their luma: the values of its 8 to 16 bits (P010_10LE's words shifted
 * down by 6; bits above the depth of formats that keep the value in the
 * low bits, as I420_10LE does, not counted), in 2^depth bins.
 *
 * While #GstClHistogram:post-messages is %TRUE the element posts one
 * element message named `histogram` per frame, the same message, from the
 * same code, as clhistequalize posts:
 *
 * * #GstClockTime `timestamp`: the buffer's timestamp
 * * #GstClockTime `stream-time`: the stream time of the buffer
 * * #GstClockTime `running-time`: the running time of the buffer
 * * #GstClockTime `duration`: the duration of the buffer
 * * #gchararray `format`: the video format, e.g. "GRAY8", "GRAY16_LE" or
 *   "NV12"
 * * #guint `num-bins`: the number of entries in `bins`
 * * #GstValueArray of #guint64 `bins`: the histogram, adjacent bins summed
 *   down to #GstClHistogram:message-bins entries (at most 256 for 8-bit
 *   formats, 65536 for GRAY16, 2^d for YUV of d bits); bin i counts values from
 *   i * 2^depth / num-bins on
 * * #guint64 `pixels`: the number of pixels (luma samples), also the sum of
 *   `bins`
 * * #guint `min`, `max`: the smallest and largest value present
 * * #gdouble `mean`, `stddev`: mean and standard deviation of the values
 * * #guint `roi-x`, `roi-y`, `roi-width`, `roi-height`: the region measured
 *   (#GstClHistogram:roi-x and the others, a width or height of 0 reaching
 *   the frame's edge, clipped to the frame; the whole frame by default, or
 *   where the region starts past the frame)
 *
 * RGB frames are measured by the channel #GstClHistogram:color-space picks
 * (256 bins). With `rgb` each of R, G and B has its own histogram: the
 * message then has `red-bins`, `red-min`, `red-max`, `red-mean` and
 * `red-stddev`, the same for `green` and `blue`, in place of `bins`,
 * `min`, `max`, `mean` and `stddev`; `pixels` counts the pixels, the sum
 * of each channel's bins.
 *
 * While #GstClHistogram:attach-meta is %TRUE each buffer leaves with the
 * same fields in a #GstCustomMeta registered as `GstClHistogramMeta`, read
 * with gst_buffer_get_custom_meta() and gst_custom_meta_get_structure(); a
 * buffer that others hold too is replaced by a new #GstBuffer on the same
 * memory, as metas need a writable buffer. With both properties %FALSE the
 * element does nothing with the frames.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 -m videotestsrc num-buffers=3 ! \
 *     video/x-raw,format=GRAY8 ! clhistogram message-bins=16 ! fakesink
 * ]| Prints the 16-bin histogram of three frames.
 * |[
 * gst-launch-1.0 v4l2src ! videoconvert ! video/x-raw,format=NV12 ! \
 *     clhistogram post-messages=false attach-meta=true ! appsink
 * ]| Hands every camera frame to an application with its luma histogram in
 * a GstClHistogramMeta.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistogram.h"
#include "gstclhistoutput.h"
#include "gstclroi.h"
#include "gstclcolor.h"
#include "clkernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_histogram_debug);
#define GST_CAT_DEFAULT gst_cl_histogram_debug

enum
{
  PROP_0,
  PROP_POST_MESSAGES,
  PROP_MESSAGE_BINS,
  PROP_ATTACH_META,
  PROP_ROI_X,
  PROP_ROI_Y,
  PROP_ROI_WIDTH,
  PROP_ROI_HEIGHT,
  PROP_COLOR_SPACE,
};

#define MAX_BINS 65536

/* The properties, copied once per frame. */
typedef struct {
  GstClHistOutputSettings out;
  GstClRoi roi;
} Settings;

struct _GstClHistogram {
  GstClFilter parent;

  /* Under the object lock. */
  Settings settings;
  /* The streaming thread's copy for the frame in flight. */
  Settings frame;

  /* Per caps: the measuring on the device, one per channel (R, G and B
   * with color-space=rgb), and bytes per sample. */
  GstClHistMeasure *measure[GST_CL_RGB_CHANNELS];
  guint channels;
  guint bps;
  /* Bits of the luma's values: the message's bins divide 2^bits. */
  guint bits;
  /* The clipped or empty region last warned about. */
  GstClRoiWarning roi_warning;
};

#define FORMATS "{ " GST_CL_LUMA_FORMATS ", " GST_CL_RGB_FORMATS " }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (FORMATS) ";" GST_CL_VIDEO_CAPS (
        GST_CL_YUV_HIGH_DEPTH_FORMATS)));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (FORMATS) ";" GST_CL_VIDEO_CAPS (
        GST_CL_YUV_HIGH_DEPTH_FORMATS)));

G_DEFINE_TYPE (GstClHistogram, gst_cl_histogram, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clhistogram, "clhistogram", GST_RANK_NONE,
    GST_TYPE_CL_HISTOGRAM);

static void
release_measures (GstClHistogram *self)
{
  for (guint k = 0; k < GST_CL_RGB_CHANNELS; k++)
    g_clear_pointer (&self->measure[k], gst_cl_hist_measure_free);
}

static void
gst_cl_histogram_teardown (GstClBaseFilter *filter)
{
  release_measures (GST_CL_HISTOGRAM (filter));
}

static gboolean
gst_cl_histogram_configure (GstClFilter *filter, const GstVideoInfo *in_info,
    const GstVideoInfo *out_info)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (filter);

  release_measures (self);
  self->channels = gst_cl_filter_channels (filter);
  for (guint k = 0; k < self->channels; k++) {
    self->measure[k] = gst_cl_hist_output_new_measure (filter, in_info);
    if (!self->measure[k])
      return FALSE;
  }
  self->bits = GST_VIDEO_INFO_COMP_DEPTH (in_info, 0);
  self->bps = (self->bits + 7) / 8;
  gst_cl_roi_forget (&self->roi_warning);
  return TRUE;
}

static cl_int
gst_cl_histogram_enqueue (GstClFilter *filter, const GstClPlane *in,
    const GstClPlane *out)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (filter);
  const Settings *settings = &self->frame;
  const guint num_bins = MIN (settings->out.message_bins, 1u << self->bits);
  cl_int status = CL_SUCCESS;
  GstClRoi r;

  gst_cl_roi_choose (GST_ELEMENT (self), &self->roi_warning, &settings->roi,
      in[0].row_bytes / self->bps, in[0].height, &r);
  for (guint k = 0; k < self->channels && status == CL_SUCCESS; k++)
    status = gst_cl_hist_measure_enqueue (self->measure[k], &in[k], r.x, r.y,
        r.width, r.height, num_bins);
  /* A meta goes on the buffer before it is pushed. */
  if (status == CL_SUCCESS)
    gst_cl_filter_wait_for_results (filter, !settings->out.attach_meta);
  return status;
}

static GstFlowReturn
gst_cl_histogram_finish (GstClFilter *filter, GstBuffer *inbuf,
    GstBuffer *outbuf, const GstVideoInfo *in_info)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (filter);
  GstBuffer *target = self->frame.out.attach_meta ? outbuf : NULL;
  GstStructure *s = gst_cl_hist_output_take_channels (filter, self->measure,
      self->channels, inbuf, in_info);

  if (!s)
    return GST_FLOW_OK;
  if (target && !gst_buffer_is_writable (target)) {
    GST_WARNING_OBJECT (self,
        "buffer %" GST_PTR_FORMAT " is not writable, no meta on it", target);
    target = NULL;
  }
  /* Posted without the object lock, as level does. */
  gst_cl_hist_output_publish (filter, s, self->frame.out.post_messages, target);
  return GST_FLOW_OK;
}

/* The frame's settings are taken here, where the buffer is chosen: one
 * that is to carry the meta must be writable, and a buffer others hold
 * becomes a new GstBuffer on the same memory (no pixel is copied). */
static GstFlowReturn
gst_cl_histogram_prepare_output_buffer (GstBaseTransform *trans,
    GstBuffer *inbuf, GstBuffer **outbuf)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (trans);
  GstFlowReturn ret;

  /* The last frame's message, with the settings it was measured with. */
  gst_cl_filter_complete_pending (GST_CL_FILTER (trans));
  GST_OBJECT_LOCK (self);
  self->frame = self->settings;
  GST_OBJECT_UNLOCK (self);
  ret = GST_BASE_TRANSFORM_CLASS (gst_cl_histogram_parent_class)
            ->prepare_output_buffer (trans, inbuf, outbuf);
  if (ret == GST_FLOW_OK && self->frame.out.attach_meta && *outbuf == inbuf &&
      !gst_buffer_is_writable (inbuf))
    *outbuf = gst_buffer_copy (inbuf);
  return ret;
}

/* No one to tell: the frame is not even looked at, nor sent to the
 * device. */
static GstFlowReturn
gst_cl_histogram_transform_ip (GstBaseTransform *trans, GstBuffer *buf)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (trans);

  if (!self->frame.out.post_messages && !self->frame.out.attach_meta)
    return GST_FLOW_OK;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_histogram_parent_class)
      ->transform_ip (trans, buf);
}

static void
gst_cl_histogram_set_property (GObject *object, guint prop_id,
    const GValue *value, GParamSpec *pspec)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_COLOR_SPACE:
      gst_cl_filter_set_color_space (GST_CL_FILTER (self),
          g_value_get_enum (value));
      break;
    default:
      if (!gst_cl_hist_output_set_property (GST_CL_FILTER (self),
              &self->settings.out, PROP_POST_MESSAGES, prop_id, value) &&
          !gst_cl_roi_set_property (&self->settings.roi, PROP_ROI_X, prop_id,
              value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_histogram_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  GstClHistogram *self = GST_CL_HISTOGRAM (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_COLOR_SPACE:
      g_value_set_enum (value,
          gst_cl_filter_get_color_space (GST_CL_FILTER (self)));
      break;
    default:
      if (!gst_cl_hist_output_get_property (&self->settings.out,
              PROP_POST_MESSAGES, prop_id, value) &&
          !gst_cl_roi_get_property (&self->settings.roi, PROP_ROI_X, prop_id,
              value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

/* Frames leave as they came. */
static gboolean
gst_cl_histogram_converts (GstVideoFormat in, GstVideoFormat out)
{
  return in == out;
}

/* In luma samples, as clhistequalize's; see gst_cl_roi_fit(). The gtk-doc
 * blocks are gstclroi.c's. */
static const gchar *const roi_blurbs[] = {
  "Left edge of the region measured (0: the frame's left edge)",
  "Top edge of the region measured (0: the frame's top edge)",
  "Width of the region measured (0: to the frame's right edge)",
  "Height of the region measured (0: to the frame's bottom edge)",
};

static void
gst_cl_histogram_class_init (GstClHistogramClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstClBaseFilterClass *base_class = GST_CL_BASE_FILTER_CLASS (klass);
  GstClFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_histogram_debug, "clhistogram", 0,
      "OpenCL histogram measurement");

  gobject_class->set_property = gst_cl_histogram_set_property;
  gobject_class->get_property = gst_cl_histogram_get_property;

  /**
   * GstClHistogram:color-space:
   *
   * Of RGB frames, the channel measured, as OpenCV users write it:
   * `ycrcb` the Y of `cv2.COLOR_RGB2YCrCb`, `lab` the L of
   * `cv2.COLOR_RGB2Lab` (8-bit); `rgb` R, G and B, each with its own
   * histogram and fields in the message (`red-bins`, `green-min`, ...).
   * YUV and gray frames have their luma measured whatever the value. May
   * change while playing, from the next frame on.
   */
  gst_cl_color_install_property (gobject_class, PROP_COLOR_SPACE);
  gst_cl_hist_output_install_properties (gobject_class, PROP_POST_MESSAGES,
      TRUE);
  gst_cl_roi_install_properties (gobject_class, PROP_ROI_X, roi_blurbs);
  gst_cl_histogram_meta_get_info ();

  gst_element_class_set_static_metadata (element_class, "OpenCL histogram",
      "Filter/Analyzer/Video",
      "Measures the histogram of each frame (the luma of YUV) on an OpenCL "
      "device, posts it and attaches it to the buffer; frames pass "
      "untouched",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  trans_class->prepare_output_buffer = GST_DEBUG_FUNCPTR (
      gst_cl_histogram_prepare_output_buffer);
  trans_class->transform_ip = GST_DEBUG_FUNCPTR (gst_cl_histogram_transform_ip);

  base_class->teardown = GST_DEBUG_FUNCPTR (gst_cl_histogram_teardown);
  base_class->debug_category = gst_cl_histogram_debug;
  cl_class->converts = gst_cl_histogram_converts;
  cl_class->read_components = GST_CL_COMPONENT_LUMA;
  cl_class->write_components = 0;
  cl_class->in_place = FALSE;
  cl_class->host_planes = TRUE;
  cl_class->configure = GST_DEBUG_FUNCPTR (gst_cl_histogram_configure);
  cl_class->enqueue = GST_DEBUG_FUNCPTR (gst_cl_histogram_enqueue);
  cl_class->finish = GST_DEBUG_FUNCPTR (gst_cl_histogram_finish);
}

static void
gst_cl_histogram_init (GstClHistogram *self)
{
  gst_cl_hist_output_settings_init (&self->settings.out, TRUE);
  self->frame = self->settings;
}
