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
 * SECTION:element-clhistequalize
 * @title: clhistequalize
 *
 * Histogram equalization of gray and YUV video on an OpenCL device. For
 * every frame the device counts the histogram, builds its cumulative
 * distribution and the lookup table from it, and maps every pixel through the
 * table; the result spreads a low-contrast picture over the whole range.
 *
 * It takes GRAY8, GRAY16_LE, GRAY16_BE and the 8-bit YUV formats I420,
 * YV12, NV12, NV21, Y42B, Y444, YUY2 and UYVY, and outputs the same format.
 * For YUV the histogram and the table are those of the luma (Y); U and V
 * are left as they are, byte for byte: the colours keep their hue and
 * saturation while the brightness is equalized. Frames are processed in
 * place, so only the luma travels to the device.
 *
 * GRAY8 and full-range luma (caps colorimetry with range 0-255, as jpegdec
 * outputs) are bit-identical to OpenCV's cv::equalizeHist. With N pixels and
 * i0 the first non-empty bin: a frame with hist[i0] == N is passed
 * unchanged; otherwise scale = 255.0f / (N - hist[i0]) in float32,
 * lut[i0] = 0 and lut[v] = clamp(rint((float)(cdf[v] - hist[i0]) * scale),
 * 0, 255) for v > i0, rounding half to even.
 *
 * Limited-range luma (16-235, GStreamer's default for YUV) stays in its
 * range: lut[v] = 16 + round_half_even(219 * (cdf[v] - hist[i0]) /
 * (N - hist[i0])), computed exactly in integers; a constant Y plane is left
 * unchanged.
 *
 * GRAY16 uses all 65536 bins: lut[v] is (cdf[v] - cdf_min) * 65535 /
 * (N - cdf_min) rounded half to even, computed exactly in 64-bit integers,
 * with cdf_min = hist[i0]; a constant frame is passed unchanged.
 *
 * It also takes YUV of d = 10 to 16 bits a sample, P010_10LE, P012_LE,
 * P016_LE, I420_10LE, I420_12LE, I422_10LE, Y444_10LE and Y444_16LE, and
 * equalizes the values of their luma over 2^d levels: full range
 * lut[v] = rhe ((cdf[v] - cdf_min) * (2^d - 1), N - cdf_min), limited range
 * lut[v] = (16 << (d - 8)) + rhe ((cdf[v] - cdf_min) * (219 << (d - 8)),
 * N - cdf_min), rhe rounding half to even. A value is its word shifted down
 * by the format's shift (6 for P010_10LE); bits above the depth of formats
 * that keep the value in the low bits (I420_10LE) are dropped. Where
 * downstream asks for the format's 8-bit sibling (NV12 for P010_10LE,
 * P012_LE and P016_LE, I420 for I420_10LE and I420_12LE, Y42B for
 * I422_10LE, Y444 for Y444_10LE and Y444_16LE), the luma's table takes 8 in
 * place of d on the right-hand side and the chroma becomes c >> (d - 8).
 *
 * While #GstClHistEqualize:post-messages is %TRUE the element posts one
 * element message named `histogram` per frame, describing the input frame
 * (its luma for YUV):
 *
 * * #GstClockTime `timestamp`: the buffer's timestamp
 * * #GstClockTime `stream-time`: the stream time of the buffer
 * * #GstClockTime `running-time`: the running time of the buffer
 * * #GstClockTime `duration`: the duration of the buffer
 * * #gchararray `format`: the video format, e.g. "GRAY8", "GRAY16_LE" or
 *   "NV12"
 * * #guint `num-bins`: the number of entries in `bins`
 * * #GstValueArray of #guint64 `bins`: the histogram, adjacent bins summed
 *   down to #GstClHistEqualize:message-bins entries (at most 256 for 8-bit
 *   formats, 65536 for GRAY16, 2^d for YUV of d bits); bin i counts values from
 *   i * 2^depth / num-bins on
 * * #guint64 `pixels`: the number of pixels, also the sum of `bins`
 * * #guint `min`, `max`: the smallest and largest pixel value present
 * * #gdouble `mean`, `stddev`: mean and standard deviation of pixel values
 *
 * While #GstClHistEqualize:attach-meta is %TRUE each output buffer carries
 * the same fields in a #GstCustomMeta registered as `GstClHistogramMeta`
 * (gst_buffer_get_custom_meta()), as clhistogram's buffers do.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 v4l2src ! videoconvert ! video/x-raw,format=GRAY8 ! \
 *     clhistequalize ! videoconvert ! autovideosink
 * ]| Equalizes a camera's picture live.
 * |[
 * gst-launch-1.0 filesrc location=diver.mov ! decodebin ! clhistequalize ! \
 *     jpegenc ! avimux ! filesink location=out.avi
 * ]| Equalizes a low-contrast colour clip into a file, straight from the
 * decoder's YUV.
 * |[
 * gst-launch-1.0 v4l2src ! video/x-raw,format=YUY2 ! clhistequalize ! \
 *     videoconvert ! autovideosink
 * ]| A webcam's YUY2 picture, equalized live in colour.
 * |[
 * gst-launch-1.0 -m filesrc location=thermal.png ! pngdec ! \
 *     video/x-raw,format=GRAY16_BE ! clhistequalize message-bins=64 ! \
 *     fakesink
 * ]| Prints the 64-bin histogram of a 16-bit image.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistequalize.h"
#include "gstclhistequalizeprops.h"
#include "gstclhistoutput.h"
#include "gstclhistplan.h"
#include "gstclrgbtable.h"
#include "gstclroi.h"
#include "gstclcolor.h"
#include "gstcltablefrom.h"
#include "gstclutils.h"
#include "clkernels.h"
#include "kernels/clshared.h"

#include <math.h>
#include <string.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_hist_equalize_debug);
#define GST_CAT_DEFAULT gst_cl_hist_equalize_debug

enum
{
  PROP_0,
  PROP_POST_MESSAGES,
  PROP_MESSAGE_BINS,
  PROP_ATTACH_META,
  PROP_METHOD,
  PROP_SATURATE_LOW,
  PROP_SATURATE_HIGH,
  PROP_STRENGTH,
  PROP_SMOOTHING,
  PROP_ROI_X,
  PROP_ROI_Y,
  PROP_ROI_WIDTH,
  PROP_ROI_HEIGHT,
  PROP_COLOR_SPACE,
  PROP_TABLE_FROM,
};

/* gst_cl_hist_equalize_install_properties() numbers them so. */
G_STATIC_ASSERT (PROP_SMOOTHING == PROP_METHOD + 4);

#define MAX_BINS 65536
/* Words of a channel's group counters (equalize_u8 takes three). */
#define COUNTERS 3

/* The properties, copied once per frame. */
typedef struct {
  GstClHistOutputSettings out;
  GstClHistEqualizeMethod method;
  gdouble saturate_low;
  gdouble saturate_high;
  gdouble strength;
  guint smoothing;
  GstClRoi roi;
  GstClTableFrom table_from;
} Settings;

/* A channel's buffers. GPUs count into hist[cur] with atomics; the frame's
 * last kernel zeroes the other for the next frame. CPUs store partial
 * histograms whole in hist[0]. */
typedef struct {
  cl_mem hist[2];
  /* CPUs: the table kernel's cumulative counts. */
  cl_mem cum;
  cl_mem lut;
  /* The table kernel's summary (see kernels/histequalize.cl) and block
   * statistics (not for 8 bits on GPUs, whose kernel writes the summary
   * whole), read back for the message. */
  GstClHistResults results;
  /* The smoothed table, 256 T per entry. */
  cl_mem state[2];
  /* k_bounds' result. */
  cl_mem bounds;
  /* The group counters of map_count_u8 (the first) and equalize_u8 (the
   * first three), zero between frames. */
  cl_mem counters;
} Channel;

struct _GstClHistEqualize {
  GstClFilter parent;

  /* Under the object lock. */
  Settings settings;
  /* The streaming thread's copy for the frame in flight. */
  Settings frame;

  /* The caps' program, while configure creates their kernels. */
  cl_program program;
  /* Per caps. */
  cl_kernel k_hist;
  /* Not on GPUs for 8 bits, where k_apply builds the table itself. */
  cl_kernel k_lut;
  cl_kernel k_apply;
  /* 8 bits on GPUs: k_hist and k_apply in one launch. */
  cl_kernel k_equalize;

  /* Per caps, the buffers of each channel the element works on (one, or
   * R, G and B with color-space=rgb). */
  Channel chans[GST_CL_RGB_CHANNELS];
  guint channels;
  /* hist[cur] of each channel counts the frame. */
  guint cur;
  gboolean hist_dirty;
  /* The message's number of bins for the frame read back, 0 when none,
   * and the region and method it describes. */
  guint pending_bins;
  GstClRoi pending_region;
  GstClHistEqualizeMethod pending_method;
  /* Each channel's smoothed table is read from state[state_cur] and
   * written to the other; reset_state starts it again from the frame's
   * own table. */
  guint state_cur;
  gboolean reset_state;
  /* GPUs, GRAY16, linear method. */
  cl_kernel k_bounds;
  /* table-from=previous: the frame mapped and counted in one pass (not on
   * GPUs for 16 bits). */
  cl_kernel k_map_count;
  /* Where RGB frames may come as pixels (CPU devices): the histogram and
   * the map on them, in place of k_hist and k_apply. */
  GstClRgbTable rgb;
  /* Each channel's lut holds the table of the frame before, made with
   * table_settings and table_space; see same_table(). */
  gboolean have_table;
  Settings table_settings;
  guint table_space;
  /* The clipped or empty region last warned about. */
  GstClRoiWarning roi_warning;

  /* Bits of the kernels' samples, 8 or 16, in and out, and of the values
   * in (10 for P010: the histogram's 2^bits levels) and out (8 for P010 to
   * NV12). */
  guint depth;
  guint out_depth;
  guint bits;
  guint out_bits;
  guint nbins;
  cl_uint swap;
  cl_uint id_shift;
  /* The table's range: lo + (0..span), or GST_CL_SPAN_CV. */
  cl_uint lo;
  cl_uint span;
  /* CPU devices run the *_rows_* kernels. */
  gboolean cpu;
  GstClHistPlan plan;
  /* Partial histograms the frame's region filled. */
  cl_uint hist_parts;
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

G_DEFINE_TYPE (GstClHistEqualize, gst_cl_hist_equalize, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clhistequalize, "clhistequalize", GST_RANK_NONE,
    GST_TYPE_CL_HIST_EQUALIZE);

static void
release_buffers (GstClHistEqualize *self)
{
  for (guint k = 0; k < GST_CL_RGB_CHANNELS; k++) {
    Channel *ch = &self->chans[k];

    gst_cl_clear_mem (&ch->hist[0]);
    gst_cl_clear_mem (&ch->hist[1]);
    gst_cl_clear_mem (&ch->cum);
    gst_cl_clear_mem (&ch->lut);
    gst_cl_clear_mem (&ch->state[0]);
    gst_cl_clear_mem (&ch->state[1]);
    gst_cl_clear_mem (&ch->bounds);
    gst_cl_clear_mem (&ch->counters);
    gst_cl_hist_results_clear (&ch->results);
  }
  self->pending_bins = 0;
}

static void
release_kernels (GstClHistEqualize *self)
{
  cl_kernel *k[] = { &self->k_hist, &self->k_lut, &self->k_apply,
    &self->k_equalize, &self->k_bounds, &self->k_map_count };

  for (guint i = 0; i < G_N_ELEMENTS (k); i++)
    gst_cl_clear_kernel (k[i]);
  gst_cl_rgb_table_clear (&self->rgb);
}

static void
gst_cl_hist_equalize_teardown (GstClBaseFilter *filter)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (filter);

  release_buffers (self);
  release_kernels (self);
}

/* The kernel of the table (gstclkerneltable.h) for @stage at the stream's
 * depths on the device's path. */
static gboolean
create_kernel (GstClHistEqualize *self, cl_kernel *kernel, GstClStage stage)
{
  *kernel = gst_cl_base_filter_stage_kernel (GST_CL_BASE_FILTER (self),
      self->program, stage,
      gst_cl_kernel_table_depths (self->depth, self->out_depth));
  return *kernel != NULL;
}

/* Which kernels run, and the histogram stage's plan. 8 bits on GPUs:
 * the apply kernel builds the table itself, k_equalize (equalize_u8) runs
 * k_hist's and k_apply's work in one launch where the groups are of 256,
 * and k_lut (make_lut_u8) runs only with table-from=previous, whose
 * map_count_u8 needs it stored. */
static gboolean
plan_kernels (GstClHistEqualize *self, GstClContext *cl, guint width,
    guint height)
{
  gboolean ok = create_kernel (self, &self->k_hist, GST_CL_STAGE_HISTOGRAM) &&
                create_kernel (self, &self->k_lut, GST_CL_STAGE_MAKE_LUT) &&
                create_kernel (self, &self->k_apply, GST_CL_STAGE_APPLY) &&
                ((!self->cpu && self->depth == 16) ||
                    create_kernel (self, &self->k_map_count,
                        GST_CL_STAGE_MAP_COUNT));

  gst_cl_hist_plan_init (&self->plan, cl, self->depth, self->cpu, width,
      height);
  if (ok && !self->cpu && self->depth == 16)
    ok = create_kernel (self, &self->k_bounds, GST_CL_STAGE_BOUNDS);
  if (ok && !self->cpu && self->depth == 8 && cl->max_work_group_size >= 256)
    ok = create_kernel (self, &self->k_equalize, GST_CL_STAGE_EQUALIZE);
  return ok;
}

static cl_int
zero_histograms (GstClHistEqualize *self)
{
  GstClQueues *q = gst_cl_base_filter_get_queues (GST_CL_BASE_FILTER (self));
  const cl_uint zero = 0;
  cl_int status = CL_SUCCESS;

  for (guint k = 0; k < self->channels; k++) {
    for (guint i = 0; i < 2 && status == CL_SUCCESS; i++)
      if (self->chans[k].hist[i])
        status = clEnqueueFillBuffer (q->queue, self->chans[k].hist[i], &zero,
            sizeof (zero), 0, (gsize)self->plan.parts * self->nbins * 4, 0,
            NULL, NULL);
    if (status == CL_SUCCESS && self->chans[k].counters)
      status = clEnqueueFillBuffer (q->queue, self->chans[k].counters, &zero,
          sizeof (zero), 0, COUNTERS * sizeof (zero), 0, NULL, NULL);
  }
  self->hist_dirty = status != CL_SUCCESS;
  return status;
}

/* The table's output range: limited-range luma maps into 16..235 (of 8
 * bits out, 64..940 of 10 bits: shifted by out_bits - 8), as its caps say
 * it should hold; full-range luma and GRAY8 by cv::equalizeHist; GRAY16 and
 * full-range luma of more bits onto 0..2^out_bits - 1 (0..255 for GRAY8
 * output, or for NV12 from P010). */
static void
choose_range (GstClHistEqualize *self, const GstVideoInfo *info)
{
  const gboolean limited = GST_VIDEO_INFO_IS_YUV (info) &&
                           info->colorimetry.range !=
                               GST_VIDEO_COLOR_RANGE_0_255;

  self->lo = 0;
  if (limited) {
    self->lo = 16u << (self->out_bits - 8);
    self->span = 219u << (self->out_bits - 8);
  } else if (self->depth == 16) {
    self->span = (1u << self->out_bits) - 1;
  } else {
    self->span = GST_CL_SPAN_CV;
  }
}

/* A channel's device buffers, once plan_kernels() has set the histograms'
 * parts and whether k_bounds runs: the histograms, the cumulative counts
 * (CPUs), the table, its statistics, the smoothing state and the linear
 * bounds (GPUs, GRAY16). */
static gboolean
alloc_channel (GstClHistEqualize *self, GstClContext *cl, Channel *ch)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (self);
  GError *error = NULL;

  for (guint i = 0; i < (self->cpu ? 1 : 2); i++) {
    ch->hist[i] = gst_cl_base_filter_alloc (base,
        (gsize)self->plan.parts * self->nbins * 4);
    if (!ch->hist[i])
      return FALSE;
  }
  if (self->cpu) {
    ch->cum = gst_cl_base_filter_alloc (base, self->nbins * 4);
    if (!ch->cum)
      return FALSE;
  }
  /* The table kernels' statistics: a block per work-item on CPUs. */
  if (!gst_cl_hist_results_alloc (&ch->results, cl, self->nbins,
          1u << self->bits, gst_cl_hist_plan_stat_blocks (&self->plan),
          &error)) {
    gst_cl_base_filter_post_error (base, error);
    g_error_free (error);
    return FALSE;
  }
  ch->lut = gst_cl_base_filter_alloc (base, self->nbins * self->depth / 8);
  if (!ch->lut)
    return FALSE;
  for (guint i = 0; i < 2; i++) {
    ch->state[i] = gst_cl_base_filter_alloc (base, self->nbins * 4);
    if (!ch->state[i])
      return FALSE;
  }
  if (self->k_bounds) {
    ch->bounds = gst_cl_base_filter_alloc (base, 2 * 4);
    if (!ch->bounds)
      return FALSE;
  }
  if (!self->cpu && self->depth == 8) {
    ch->counters = gst_cl_base_filter_alloc (base, COUNTERS * 4);
    if (!ch->counters)
      return FALSE;
  }
  return TRUE;
}

static gboolean
alloc_buffers (GstClHistEqualize *self, GstClContext *cl)
{
  self->channels = gst_cl_filter_channels (GST_CL_FILTER (self));
  for (guint k = 0; k < self->channels; k++)
    if (!alloc_channel (self, cl, &self->chans[k]))
      return FALSE;
  self->cur = 0;
  self->state_cur = 0;
  self->reset_state = TRUE;
  self->have_table = FALSE;
  return TRUE;
}

/* Kernels depend on the depth and the device type, and the launch shapes on
 * the size: all is set here, once per caps. */
static gboolean
gst_cl_hist_equalize_configure (GstClFilter *filter,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (filter);
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (base);
  GError *error = NULL;
  guint space, pstride, offsets;
  gchar *defines;
  gboolean ok;

  release_buffers (self);
  release_kernels (self);

  self->bits = GST_VIDEO_INFO_COMP_DEPTH (in_info, 0);
  self->depth = self->bits > 8 ? 16 : 8;
  self->out_bits = GST_VIDEO_INFO_COMP_DEPTH (out_info, 0);
  self->out_depth = self->out_bits > 8 ? 16 : 8;
  self->id_shift = self->bits - self->out_bits;
  self->nbins = 1u << self->depth;
  self->swap = gst_cl_context_swaps (cl, GST_VIDEO_INFO_FORMAT (in_info));
  self->cpu = gst_cl_context_use_cpu_kernels (cl);
  gst_cl_roi_forget (&self->roi_warning);
  choose_range (self, in_info);
  GST_DEBUG_OBJECT (self, "%s %dx%d: table onto %u + %u%s",
      GST_VIDEO_INFO_NAME (in_info), GST_VIDEO_INFO_WIDTH (in_info),
      GST_VIDEO_INFO_HEIGHT (in_info), self->lo, self->span,
      self->span == GST_CL_SPAN_CV ? " (cv::equalizeHist)" : "");
  /* Only the kernels of these depths are compiled. */
  defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u", self->depth,
      self->out_depth);
  self->program = gst_cl_base_filter_get_program (base, "histequalize",
      gst_cl_kernel_histequalize, TRUE, defines);
  g_free (defines);
  if (!self->program)
    return FALSE;
  ok = plan_kernels (self, cl, GST_VIDEO_INFO_COMP_WIDTH (in_info, 0),
      GST_VIDEO_INFO_COMP_HEIGHT (in_info, 0));
  clReleaseProgram (self->program);
  self->program = NULL;
  if (!ok)
    return FALSE;
  /* RGB's pixels counted and mapped where they are, for YCrCb's luma:
   * Lab's channel costs more to make twice than the passes over the
   * channel's plane that this saves. */
  if (gst_cl_filter_rgb_layout (filter, &space, &pstride, &offsets) &&
      space == GST_CL_COLOR_YCRCB) {
    if (!gst_cl_rgb_table_init (&self->rgb, cl, space, pstride, offsets,
            &error)) {
      gst_cl_base_filter_post_error (base, error);
      g_error_free (error);
      return FALSE;
    }
    gst_cl_filter_set_rgb_pixels (filter, TRUE);
  }
  if (!alloc_buffers (self, cl))
    return FALSE;
  if (!self->cpu && zero_histograms (self) != CL_SUCCESS) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Could not clear the histogram buffers on \"%s\".", cl->device_name),
        ("clEnqueueFillBuffer failed"));
    return FALSE;
  }
  return TRUE;
}

static cl_int
enqueue_histogram (GstClHistEqualize *self, Channel *ch, const GstClPlane *in,
    const GstClRoi *r)
{
  const GstClCommands cmd = gst_cl_base_filter_get_commands (
      GST_CL_BASE_FILTER (self));

  return gst_cl_hist_plan_enqueue (&self->plan, &cmd,
      in->rgb_pstride ? self->rgb.histogram : self->k_hist, in, self->swap,
      r->x, r->y, r->width, r->height, ch->hist[self->cur], &self->hist_parts);
}

/* What every table kernel takes after its own arguments (TABLE_ARGS in
 * kernels/histequalize.cl), for the frame's settings. */
typedef struct {
  cl_uint method, a, b, strength, smoothing, first;
} TableParams;

static void
add_table_args (GstClHistEqualize *self, Channel *ch, GstClArgs *args,
    const TableParams *t)
{
  GST_CL_ARG (args, self->lo);
  GST_CL_ARG (args, self->span);
  GST_CL_ARG (args, t->method);
  GST_CL_ARG (args, t->a);
  GST_CL_ARG (args, t->b);
  GST_CL_ARG (args, t->strength);
  GST_CL_ARG (args, t->smoothing);
  GST_CL_ARG (args, t->first);
  GST_CL_ARG (args, self->id_shift);
  GST_CL_ARG (args, ch->state[self->state_cur]);
  GST_CL_ARG (args, ch->state[!self->state_cur]);
  GST_CL_ARG (args, ch->bounds);
}

/* The linear method's bounds, where the table kernel cannot find them. */
static cl_int
enqueue_bounds (GstClHistEqualize *self, Channel *ch, const TableParams *t)
{
  const size_t one = 256;
  cl_kernel k = self->k_bounds;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  if (!k || t->method != GST_CL_METHOD_LINEAR)
    return CL_SUCCESS;
  GST_CL_ARG (&args, ch->hist[self->cur]);
  GST_CL_ARG (&args, t->a);
  GST_CL_ARG (&args, t->b);
  GST_CL_ARG (&args, ch->bounds);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_base_filter_enqueue_kernel (GST_CL_BASE_FILTER (self), k, 1,
      &one, &one);
}

/* The table, and the summary for a message of @num_bins bins unless 0
 * (GPUs build the 8-bit table in the apply kernel, but for @previous). */
static cl_int
enqueue_lut (GstClHistEqualize *self, Channel *ch, cl_uint total,
    guint num_bins, const TableParams *t, gboolean previous)
{
  GstClBaseFilter *filter = GST_CL_BASE_FILTER (self);
  const cl_uint group = num_bins ? (1u << self->bits) / num_bins : 1;
  const cl_mem summary = num_bins ? ch->results.summary : NULL;
  const size_t one = 1, lsz = GST_CL_LUT_GROUP;
  const size_t blocks = GST_CL_HIST_LUT_BLOCKS * GST_CL_LUT_GROUP;
  cl_kernel k = self->k_lut;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  if (!self->cpu && self->depth == 8 && !previous)
    return CL_SUCCESS;
  GST_CL_ARG (&args, ch->hist[self->cur]);
  GST_CL_ARG (&args, self->hist_parts);
  GST_CL_ARG (&args, total);
  GST_CL_ARG (&args, ch->lut);
  GST_CL_ARG (&args, ch->results.stats);
  GST_CL_ARG (&args, summary);
  GST_CL_ARG (&args, group);
  GST_CL_ARG (&args, ch->cum);
  add_table_args (self, ch, &args, t);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  if (self->cpu)
    return gst_cl_base_filter_enqueue_kernel (filter, k, 1,
        &self->plan.lut_items, &one);
  /* make_lut_u8 is one group. */
  return gst_cl_base_filter_enqueue_kernel (filter, k, 1,
      self->depth == 8 ? &lsz : &blocks, &lsz);
}

/* The GPU apply kernel's groups for the plane @in, @x by @y, each
 * GST_CL_APPLY_ROWS rows of GST_CL_APPLY_GROUP_X 16-byte columns by
 * GST_CL_APPLY_GROUP_Y. */
static void
apply_groups (const GstClPlane *in, cl_uint *x, cl_uint *y)
{
  const cl_uint vpr = (in->row_bytes + 15) / 16;
  const cl_uint rows = (in->height + GST_CL_APPLY_ROWS - 1) / GST_CL_APPLY_ROWS;

  *x = (vpr + GST_CL_APPLY_GROUP_X - 1) / GST_CL_APPLY_GROUP_X;
  *y = (rows + GST_CL_APPLY_GROUP_Y - 1) / GST_CL_APPLY_GROUP_Y;
}

/* The table applied; GPUs' 8-bit kernel builds it first. */
static cl_int
enqueue_apply (GstClHistEqualize *self, Channel *ch, const GstClPlane *in,
    const GstClPlane *out, cl_uint total, guint num_bins, const TableParams *t)
{
  if (in->rgb_pstride) {
    const GstClCommands cmd = gst_cl_base_filter_get_commands (
        GST_CL_BASE_FILTER (self));

    return gst_cl_rgb_table_map (&self->rgb, &cmd, in, out, ch->lut);
  }
  cl_kernel k = self->k_apply;
  const cl_uint bps = self->depth / 8;
  const cl_uint pitch = in->pitch / bps;
  const cl_uint dpitch = out->pitch / (self->out_depth / 8);
  const cl_uint width = in->row_bytes / bps;
  const cl_uint height = in->height;
  const cl_uint rows = self->cpu ? self->plan.rows_per_group
                                 : GST_CL_APPLY_ROWS;
  const cl_uint group = num_bins ? (1u << self->bits) / num_bins : 1;
  const cl_mem summary = num_bins ? ch->results.summary : NULL;
  const cl_mem next = self->cpu ? NULL : ch->hist[!self->cur];
  size_t local[2] = { GST_CL_APPLY_GROUP_X, GST_CL_APPLY_GROUP_Y };
  size_t global[2] = { self->plan.groups, 1 };
  GstClArgs args = GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, rows);
  GST_CL_ARG (&args, out->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, self->swap);
  GST_CL_ARG (&args, ch->lut);
  GST_CL_ARG (&args, ch->hist[self->cur]);
  GST_CL_ARG (&args, total);
  GST_CL_ARG (&args, summary);
  GST_CL_ARG (&args, group);
  GST_CL_ARG (&args, next);
  add_table_args (self, ch, &args, t);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  if (self->cpu) {
    local[0] = 1;
  } else {
    cl_uint x, y;

    apply_groups (in, &x, &y);
    global[0] = x * GST_CL_APPLY_GROUP_X;
    global[1] = y * GST_CL_APPLY_GROUP_Y;
  }
  return gst_cl_base_filter_enqueue_kernel (GST_CL_BASE_FILTER (self), k,
      self->cpu ? 1 : 2, global, local);
}

/* equalize_u8's grid for the plane @in and the region @r: the histogram's
 * @bands, then the apply kernel's groups, @apply_x by @apply_y.
 * Whether the kernel takes the frame: where those groups are no more
 * than the bands. Past that (3840x2160 on the H200) the two kernels take
 * less device time than the one (docs/performance.md). */
static gboolean
equalize_grid (GstClHistEqualize *self, const GstClPlane *in, const GstClRoi *r,
    cl_uint *bands, cl_uint *apply_x, cl_uint *apply_y)
{
  if (!self->k_equalize || in->rgb_pstride)
    return FALSE;
  *bands = (r->height + self->plan.rows_per_group - 1) /
           self->plan.rows_per_group;
  apply_groups (in, apply_x, apply_y);
  return *apply_x * *apply_y <= *bands;
}

/* 8 bits on GPUs: the histogram of the region @r and the table applied to
 * the plane, as enqueue_histogram() and enqueue_apply() do, in one
 * launch of equalize_grid()'s grid: a group for each of the histogram's
 * @bands, then one for each of the apply kernel's @apply_x by @apply_y
 * (kernels/histequalize.cl). */
static cl_int
enqueue_equalize (GstClHistEqualize *self, Channel *ch, const GstClPlane *in,
    const GstClPlane *out, const GstClRoi *r, guint num_bins,
    const TableParams *t, cl_uint bands, cl_uint apply_x, cl_uint apply_y)
{
  cl_kernel k = self->k_equalize;
  const cl_uint pitch = in->pitch, dpitch = out->pitch;
  const cl_uint width = in->row_bytes, height = in->height;
  const cl_uint rows = GST_CL_APPLY_ROWS, total = r->width * r->height;
  const cl_uint group = num_bins ? (1u << self->bits) / num_bins : 1;
  const cl_mem summary = num_bins ? ch->results.summary : NULL;
  const size_t local = 256, global = (bands + apply_x * apply_y) * local;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, r->x);
  GST_CL_ARG (&args, r->y);
  GST_CL_ARG (&args, r->width);
  GST_CL_ARG (&args, r->height);
  GST_CL_ARG (&args, self->plan.rows_per_group);
  GST_CL_ARG (&args, bands);
  GST_CL_ARG (&args, apply_x);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, rows);
  GST_CL_ARG (&args, out->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, ch->hist[self->cur]);
  GST_CL_ARG (&args, total);
  GST_CL_ARG (&args, summary);
  GST_CL_ARG (&args, group);
  GST_CL_ARG (&args, ch->hist[!self->cur]);
  GST_CL_ARG (&args, ch->counters);
  add_table_args (self, ch, &args, t);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  self->hist_parts = 1;
  return gst_cl_base_filter_enqueue_kernel (GST_CL_BASE_FILTER (self), k, 1,
      &global, &local);
}

/* The channel's histogram, table and mapping, and the read-back of its
 * message's summary. */
static cl_int
enqueue_channel (GstClHistEqualize *self, Channel *ch, const GstClPlane *src,
    const GstClPlane *dst, const GstClRoi *r, guint num_bins,
    const TableParams *t)
{
  GstClQueues *q = gst_cl_base_filter_get_queues (GST_CL_BASE_FILTER (self));
  const cl_uint total = r->width * r->height;
  cl_uint bands, apply_x, apply_y;
  cl_int status;

  if (equalize_grid (self, src, r, &bands, &apply_x, &apply_y)) {
    status = enqueue_equalize (self, ch, src, dst, r, num_bins, t, bands,
        apply_x, apply_y);
  } else {
    status = enqueue_histogram (self, ch, src, r);
    if (status == CL_SUCCESS)
      status = enqueue_bounds (self, ch, t);
    if (status == CL_SUCCESS)
      status = enqueue_lut (self, ch, total, num_bins, t, FALSE);
    if (status == CL_SUCCESS)
      status = enqueue_apply (self, ch, src, dst, total, num_bins, t);
  }
  if (status == CL_SUCCESS && num_bins)
    status = gst_cl_hist_results_read (&ch->results, q->queue, num_bins);
  return status;
}

/* table-from=previous's one pass: the channel mapped through its lut
 * while, with @count, the region is counted (and on GPUs for 8 bits the
 * frame's table built into the lut). */
static cl_int
enqueue_map_count (GstClHistEqualize *self, Channel *ch, const GstClPlane *src,
    const GstClPlane *dst, const GstClRoi *r, guint num_bins,
    const TableParams *t, cl_uint count)
{
  const GstClCommands cmd = gst_cl_base_filter_get_commands (
      GST_CL_BASE_FILTER (self));
  const cl_uint bps = self->depth / 8;
  const cl_uint pitch = src->pitch / bps;
  const cl_uint dpitch = dst->pitch / (self->out_depth / 8);
  const cl_uint width = src->row_bytes / bps;
  const cl_uint total = r->width * r->height;
  const cl_uint group = num_bins ? (1u << self->bits) / num_bins : 1;
  const cl_mem summary = num_bins ? ch->results.summary : NULL;
  cl_kernel k = self->k_map_count;
  GstClArgs args = GST_CL_ARGS_INIT (k);
  cl_uint parts;
  cl_int status;

  GST_CL_ARG (&args, src->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, src->height);
  GST_CL_ARG (&args, self->plan.rows_per_group);
  GST_CL_ARG (&args, dst->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, self->swap);
  GST_CL_ARG (&args, ch->lut);
  GST_CL_ARG (&args, r->x);
  GST_CL_ARG (&args, r->y);
  GST_CL_ARG (&args, r->width);
  GST_CL_ARG (&args, r->height);
  GST_CL_ARG (&args, count);
  GST_CL_ARG (&args, ch->hist[self->cur]);
  GST_CL_ARG_LOCAL (&args, gst_cl_hist_plan_map_count_local (&self->plan));
  GST_CL_ARG (&args, total);
  GST_CL_ARG (&args, summary);
  GST_CL_ARG (&args, group);
  GST_CL_ARG (&args, ch->counters);
  add_table_args (self, ch, &args, t);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  status = gst_cl_hist_plan_launch_map_count (&self->plan, &cmd, k, src->height,
      &parts);
  if (count)
    self->hist_parts = parts;
  return status;
}

/* table-from=previous: with @fused, the channel mapped through its lut,
 * the table of the frame before, while its histogram is counted (in one
 * pass, but for 16 bits on GPUs and RGB's pixels: counted, then mapped);
 * without, a first frame, mapped through its own table as with
 * table-from=current. Then the frame's table goes into the lut for the
 * next frame, with the message's summary of the frame's own histogram. */
static cl_int
enqueue_channel_previous (GstClHistEqualize *self, Channel *ch,
    const GstClPlane *src, const GstClPlane *dst, const GstClRoi *r,
    guint num_bins, const TableParams *t, gboolean fused)
{
  GstClQueues *q = gst_cl_base_filter_get_queues (GST_CL_BASE_FILTER (self));
  const cl_uint total = r->width * r->height;
  /* RGB's pixels are counted, then mapped. */
  const gboolean one_pass = self->k_map_count != NULL && !src->rgb_pstride;
  cl_int status = CL_SUCCESS;

  if (!fused || !one_pass)
    status = enqueue_histogram (self, ch, src, r);
  if (fused && status == CL_SUCCESS)
    status = one_pass
                 ? enqueue_map_count (self, ch, src, dst, r, num_bins, t, TRUE)
                 : enqueue_apply (self, ch, src, dst, total, 0, t);
  if (status == CL_SUCCESS)
    status = enqueue_bounds (self, ch, t);
  /* map_count_u8 built the table itself. */
  if (status == CL_SUCCESS && !(fused && !self->cpu && self->depth == 8))
    status = enqueue_lut (self, ch, total, num_bins, t, TRUE);
  /* 8 bits on GPUs: apply_u8 would build the table again. */
  if (!fused && status == CL_SUCCESS)
    status = !self->cpu && self->depth == 8
                 ? enqueue_map_count (self, ch, src, dst, r, 0, t, FALSE)
                 : enqueue_apply (self, ch, src, dst, total, 0, t);
  if (status == CL_SUCCESS && num_bins)
    status = gst_cl_hist_results_read (&ch->results, q->queue, num_bins);
  return status;
}

/* Whether @a and @b build the same table from the same histogram. */
static gboolean
same_table (const Settings *a, const Settings *b)
{
  return a->method == b->method && a->saturate_low == b->saturate_low &&
         a->saturate_high == b->saturate_high && a->strength == b->strength &&
         a->smoothing == b->smoothing &&
         memcmp (&a->roi, &b->roi, sizeof (a->roi)) == 0;
}

static cl_int
gst_cl_hist_equalize_enqueue (GstClFilter *filter, const GstClPlane *in,
    const GstClPlane *out)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (filter);
  cl_int status = CL_SUCCESS;
  Settings settings;
  TableParams t;
  GstClRoi r;
  cl_uint total;
  guint num_bins = 0;
  gboolean previous, fused;
  guint space;

  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);
  space = gst_cl_filter_get_color_space (filter);
  previous = settings.table_from == GST_CL_TABLE_FROM_PREVIOUS;
  /* The table of the frame before applies where it exists and this frame
   * would have been mapped through one made the same way. */
  fused = previous && self->have_table && !self->reset_state &&
          same_table (&settings, &self->table_settings) &&
          space == self->table_space;
  /* The message's shape is fixed for the frame here. */
  self->frame = settings;
  if (settings.out.post_messages || settings.out.attach_meta)
    num_bins = MIN (settings.out.message_bins, 1u << self->bits);
  self->pending_bins = 0;

  gst_cl_roi_choose (GST_ELEMENT (self), &self->roi_warning, &settings.roi,
      in[0].row_bytes /
          (in[0].rgb_pstride ? in[0].rgb_pstride : self->depth / 8),
      in[0].height, &r);
  total = r.width * r.height;
  t.method = settings.method;
  t.a = (cl_uint)floor (settings.saturate_low * total);
  t.b = total - (cl_uint)floor (settings.saturate_high * total);
  t.strength = (cl_uint)floor (settings.strength * 256 + 0.5);
  t.smoothing = settings.smoothing;
  t.first = self->reset_state;

  /* After a failed frame the next histogram may not have been cleared. */
  if (self->hist_dirty)
    status = zero_histograms (self);
  for (guint k = 0; k < self->channels && status == CL_SUCCESS; k++)
    status = previous ? enqueue_channel_previous (self, &self->chans[k], &in[k],
                            &out[k], &r, num_bins, &t, fused)
                      : enqueue_channel (self, &self->chans[k], &in[k], &out[k],
                            &r, num_bins, &t);
  if (status == CL_SUCCESS && num_bins) {
    self->pending_bins = num_bins;
    self->pending_region = r;
    self->pending_method = settings.method;
    /* A meta goes on the buffer before it is pushed. */
    gst_cl_filter_wait_for_results (filter, !settings.out.attach_meta);
  }
  if (status != CL_SUCCESS) {
    self->hist_dirty = !self->cpu;
    self->reset_state = TRUE;
    self->have_table = FALSE;
    return status;
  }
  GST_LOG_OBJECT (self, "table from the %s frame",
      fused ? "previous" : "current");
  self->have_table = previous;
  self->table_settings = settings;
  self->table_space = space;
  /* make_lut_u8 leaves its histogram clear. */
  if (!self->cpu && !(previous && self->depth == 8))
    self->cur = !self->cur;
  self->state_cur = !self->state_cur;
  self->reset_state = FALSE;
  return status;
}

/* The smoothed table starts again from the next frame's own. */
static gboolean
gst_cl_hist_equalize_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    GST_CL_HIST_EQUALIZE (trans)->reset_state = TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_hist_equalize_parent_class)
      ->sink_event (trans, event);
}

static void
gst_cl_hist_equalize_before_transform (GstBaseTransform *trans,
    GstBuffer *buffer)
{
  if (GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DISCONT))
    GST_CL_HIST_EQUALIZE (trans)->reset_state = TRUE;
}

static GstFlowReturn
gst_cl_hist_equalize_finish (GstClFilter *filter, GstBuffer *inbuf,
    GstBuffer *outbuf, const GstVideoInfo *in_info)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (filter);
  const GstClRoi *r = &self->pending_region;
  GstClHistResults *results[GST_CL_RGB_CHANNELS];
  GstStructure *s;

  if (!self->pending_bins)
    return GST_FLOW_OK;
  for (guint k = 0; k < self->channels; k++)
    results[k] = &self->chans[k].results;
  s = gst_cl_hist_output_channel_fields (filter, results, self->channels, inbuf,
      in_info, self->pending_bins);
  gst_structure_set (s, "method", G_TYPE_STRING,
      self->pending_method == GST_CL_HIST_EQUALIZE_METHOD_LINEAR ? "linear"
                                                                 : "equalize",
      NULL);
  gst_cl_hist_output_set_region (s, r->x, r->y, r->width, r->height);
  /* Posted without the object lock, as level does. */
  gst_cl_hist_output_publish (filter, s, self->frame.out.post_messages,
      self->frame.out.attach_meta ? outbuf : NULL);
  return GST_FLOW_OK;
}

static void
gst_cl_hist_equalize_set_property (GObject *object, guint prop_id,
    const GValue *value, GParamSpec *pspec)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_METHOD:
      self->settings.method = g_value_get_enum (value);
      break;
    case PROP_SATURATE_LOW:
      self->settings.saturate_low = g_value_get_double (value);
      break;
    case PROP_SATURATE_HIGH:
      self->settings.saturate_high = g_value_get_double (value);
      break;
    case PROP_STRENGTH:
      self->settings.strength = g_value_get_double (value);
      break;
    case PROP_SMOOTHING:
      self->settings.smoothing = g_value_get_uint (value);
      break;
    case PROP_COLOR_SPACE:
      gst_cl_filter_set_color_space (GST_CL_FILTER (self),
          g_value_get_enum (value));
      break;
    case PROP_TABLE_FROM:
      self->settings.table_from = g_value_get_enum (value);
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
gst_cl_hist_equalize_get_property (GObject *object, guint prop_id,
    GValue *value, GParamSpec *pspec)
{
  GstClHistEqualize *self = GST_CL_HIST_EQUALIZE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_METHOD:
      g_value_set_enum (value, self->settings.method);
      break;
    case PROP_SATURATE_LOW:
      g_value_set_double (value, self->settings.saturate_low);
      break;
    case PROP_SATURATE_HIGH:
      g_value_set_double (value, self->settings.saturate_high);
      break;
    case PROP_STRENGTH:
      g_value_set_double (value, self->settings.strength);
      break;
    case PROP_SMOOTHING:
      g_value_set_uint (value, self->settings.smoothing);
      break;
    case PROP_COLOR_SPACE:
      g_value_set_enum (value,
          gst_cl_filter_get_color_space (GST_CL_FILTER (self)));
      break;
    case PROP_TABLE_FROM:
      g_value_set_enum (value, self->settings.table_from);
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

static void
gst_cl_hist_equalize_class_init (GstClHistEqualizeClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstClBaseFilterClass *base_class = GST_CL_BASE_FILTER_CLASS (klass);
  GstClFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_hist_equalize_debug, "clhistequalize", 0,
      "OpenCL histogram equalization");

  gobject_class->set_property = gst_cl_hist_equalize_set_property;
  gobject_class->get_property = gst_cl_hist_equalize_get_property;
  GST_BASE_TRANSFORM_CLASS (klass)->sink_event = GST_DEBUG_FUNCPTR (
      gst_cl_hist_equalize_sink_event);
  GST_BASE_TRANSFORM_CLASS (klass)->before_transform = GST_DEBUG_FUNCPTR (
      gst_cl_hist_equalize_before_transform);

  gst_cl_hist_output_install_properties (gobject_class, PROP_POST_MESSAGES,
      TRUE);
  gst_cl_histogram_meta_get_info ();
  gst_cl_hist_equalize_install_properties (gobject_class, PROP_METHOD,
      PROP_ROI_X, PROP_TABLE_FROM, PROP_COLOR_SPACE);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL histogram equalization", "Filter/Effect/Video",
      "Equalizes the histogram of gray video, or of the luma of YUV video, "
      "on an OpenCL device and posts each frame's histogram",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  base_class->teardown = GST_DEBUG_FUNCPTR (gst_cl_hist_equalize_teardown);
  base_class->debug_category = gst_cl_hist_equalize_debug;
  cl_class->converts = gst_cl_filter_keeps_or_narrows;
  cl_class->read_components = GST_CL_COMPONENT_LUMA;
  cl_class->write_components = GST_CL_COMPONENT_LUMA;
  cl_class->in_place = TRUE;
  cl_class->host_planes = TRUE;
  cl_class->configure = GST_DEBUG_FUNCPTR (gst_cl_hist_equalize_configure);
  cl_class->enqueue = GST_DEBUG_FUNCPTR (gst_cl_hist_equalize_enqueue);
  cl_class->finish = GST_DEBUG_FUNCPTR (gst_cl_hist_equalize_finish);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_HIST_EQUALIZE_METHOD, 0);
}

static void
gst_cl_hist_equalize_init (GstClHistEqualize *self)
{
  gst_cl_hist_output_settings_init (&self->settings.out, TRUE);
  self->settings.method = DEFAULT_METHOD;
  self->settings.saturate_low = DEFAULT_SATURATE;
  self->settings.saturate_high = DEFAULT_SATURATE;
  self->settings.strength = DEFAULT_STRENGTH;
  self->settings.smoothing = DEFAULT_SMOOTHING;
}
