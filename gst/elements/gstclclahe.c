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
 * SECTION:element-clclahe
 * @title: clclahe
 *
 * Contrast-limited adaptive histogram equalization (CLAHE) of gray and YUV
 * video on an OpenCL device, pixel-identical to OpenCV's
 * `cv::createCLAHE (clip-limit, (tiles-x, tiles-y))->apply (frame)`. The
 * frame is cut into #GstClClahe:tiles-x by #GstClClahe:tiles-y tiles; each
 * tile's histogram is clipped at a limit set by #GstClClahe:clip-limit, the
 * clipped counts are spread over all bins, and the tile's table maps values
 * by the clipped cumulative distribution; each pixel then blends the tables
 * of its four nearest tiles bilinearly. Dark and bright regions get their
 * own contrast, and the clip keeps flat regions' noise from being blown up:
 * what underwater, medical, microscopy and thermal pictures need.
 *
 * It takes GRAY8, GRAY16_LE, GRAY16_BE, the 8-bit YUV formats I420,
 * YV12, NV12, NV21, Y42B, Y444, YUY2 and UYVY, and YUV of d = 10 to 16
 * bits a sample, P010_10LE, P012_LE, P016_LE, I420_10LE, I420_12LE,
 * I422_10LE, Y444_10LE and Y444_16LE, and outputs the same format. For YUV
 * the luma (Y) is equalized and U and V are left as they are. Where
 * downstream asks for it, GRAY16 input gives GRAY8 output, and YUV of d
 * bits its 8-bit sibling (NV12 for P010_10LE, P012_LE and P016_LE, I420
 * for I420_10LE and I420_12LE, Y42B for I422_10LE, Y444 for Y444_10LE and
 * Y444_16LE), its chroma c >> (d - 8). Packed 8-bit RGB (RGBA, BGRx, RGB,
 * ...) keeps its format: CLAHE on the channel #GstClClahe:color-space
 * picks, or on each of R, G and B.
 *
 * With bins = 2^d for values of d bits (256 for 8-bit input, 65536 for
 * GRAY16, 1024 for the luma of P010_10LE, whose value is the word >> 6),
 * the formulas are OpenCV's (modules/imgproc/src/clahe.cpp), in its
 * float32 operations:
 *
 * * a frame whose width or height does not divide by the tiles is padded on
 *   the right by tiles-x - width % tiles-x columns and at the bottom by
 *   tiles-y - height % tiles-y rows, mirrored without repeating the edge
 *   (BORDER_REFLECT_101), for the histograms only; the tiles are
 *   tile_w x tile_h pixels of the padded frame, area = tile_w * tile_h;
 * * the clip limit is max (1, (int) (clip-limit * area / bins)) (none for
 *   clip-limit 0); counts above it are cut to it, their sum spread as
 *   sum / bins to every bin and one more to bins 0, s, 2 s, ... until the
 *   remainder r is spent, s = max (bins / r, 1);
 * * table[v] = saturate (rint (cdf[v] * scale)) with scale = (bins - 1) /
 *   area in float32, rounding half to even;
 * * with tx = x * (1.0f / tile_w) - 0.5f, x1 = floor (tx), xa = tx - x1 and
 *   the same for y, the pixel is rint ((t11 * (1 - xa) + t12 * xa) *
 *   (1 - ya) + (t21 * (1 - xa) + t22 * xa) * ya) from the tables of tiles
 *   (x1, y1), (x1 + 1, y1), (x1, y1 + 1), (x1 + 1, y1 + 1), clamped to the
 *   tile grid, each operation rounded to float32 (no fused multiply-adds).
 *
 * GRAY8, GRAY16 (either byte order) and full-range luma (caps colorimetry
 * with range 0-255, as jpegdec outputs) of 8 or 16 bits are identical to
 * OpenCV's CPU cv::CLAHE with 256 or 65536 bins; full-range luma of 10 or
 * 12 bits is OpenCV's algorithm with 2^d bins. Limited-range luma (16-235,
 * GStreamer's default for YUV) stays in its range: scale = (219 << (d - 8))
 * / area and the tables are (16 << (d - 8)) + saturate (rint (cdf[v] *
 * scale)), 16..235 for 8 bits, 64..940 for 10. 8-bit output of 16-bit
 * samples (GRAY16 to GRAY8, YUV of d bits to its sibling) is the d-bit
 * output shifted down by d - 8, in one pass.
 *
 * #GstClClahe:smoothing damps the tables from frame to frame against
 * flicker: with s its value, each tile's table t keeps a state T, set to
 * 256 * t[v] on the first frame after start, a flush, a discontinuity or a
 * change of caps or tiles, and on later frames T[v] = (s * T[v] + (256 - s)
 * * 256 * t[v] + 128) >> 8; the blend then uses (T[v] + 128) >> 8.
 *
 * While #GstClClahe:post-messages is %TRUE (it is %FALSE by default: the
 * whole frame's histogram is work CLAHE does not otherwise do) the element
 * posts one element message named `histogram` per frame, describing the
 * whole input frame (its luma for YUV), the same message, from the same
 * code, as clhistequalize and clhistogram post:
 *
 * * #GstClockTime `timestamp`: the buffer's timestamp
 * * #GstClockTime `stream-time`: the stream time of the buffer
 * * #GstClockTime `running-time`: the running time of the buffer
 * * #GstClockTime `duration`: the duration of the buffer
 * * #gchararray `format`: the input's video format, e.g. "GRAY8",
 *   "GRAY16_LE" (also when the output is GRAY8), "NV12" or "P010_10LE"
 * * #guint `num-bins`: the number of entries in `bins`
 * * #GstValueArray of #guint64 `bins`: the histogram, adjacent bins summed
 *   down to #GstClClahe:message-bins entries (at most 256 for 8-bit
 *   formats, 65536 for GRAY16, 2^d for YUV of d bits); bin i counts values
 *   from i * 2^depth / num-bins on
 * * #guint64 `pixels`: the number of pixels (luma samples), also the sum of
 *   `bins`
 * * #guint `min`, `max`: the smallest and largest value present
 * * #gdouble `mean`, `stddev`: mean and standard deviation of the values
 * * #guint `roi-x`, `roi-y`, `roi-width`, `roi-height`: the region
 *   measured, always the whole frame here
 *
 * While #GstClClahe:attach-meta is %TRUE each output buffer carries the
 * same fields in a #GstCustomMeta registered as `GstClHistogramMeta`
 * (gst_buffer_get_custom_meta()), as clhistequalize's and clhistogram's
 * buffers do.
 *
 * The tables take tiles-x * tiles-y * bins entries of the input's sample
 * size on the device (512 MiB for 64x64 tiles of GRAY16, 8 MiB for those
 * of 10-bit luma), and as many 32-bit words more while smoothing.
 *
 * The OpenCL device is chosen with #GstClBaseFilter:device and shared with
 * the pipeline's other OpenCL elements through a #GstContext of type
 * `gst.opencl.context`.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 filesrc location=diver.mov ! decodebin ! clclahe ! \
 *     videoconvert ! autovideosink
 * ]| Brings out the detail of a low-contrast underwater clip, its colours
 * kept.
 * |[
 * gst-launch-1.0 v4l2src ! videoconvert ! video/x-raw,format=GRAY8 ! \
 *     clclahe clip-limit=3 tiles-x=16 tiles-y=9 smoothing=192 ! \
 *     videoconvert ! autovideosink
 * ]| A camera live, with finer tiles and the tables smoothed over frames.
 * |[
 * gst-launch-1.0 filesrc location=thermal.png ! pngdec ! \
 *     video/x-raw,format=GRAY16_BE ! clclahe clip-limit=512 ! \
 *     video/x-raw,format=GRAY8 ! pngenc ! filesink location=thermal-8.png
 * ]| A 16-bit thermal image equalized into an 8-bit one. The clip limit
 * counts against 65536 bins for GRAY16: 256 times the 8-bit value clips
 * alike (512 as 2 does for GRAY8); the default of 2 clips every bin to one
 * count there, which stretches a 16-bit picture only mildly. For d bits
 * the factor is 2^(d - 8): 4 for 10-bit video.
 * |[
 * gst-launch-1.0 filesrc location=hdr.mkv ! decodebin ! \
 *     video/x-raw,format=P010_10LE ! clclahe clip-limit=8 ! \
 *     video/x-raw,format=NV12 ! x264enc ! matroskamux ! \
 *     filesink location=out.mkv
 * ]| A 10-bit decoder's P010 equalized over its 1024 levels and written as
 * 8-bit NV12 in the same pass; without the last caps filter it stays
 * P010_10LE.
 * |[
 * gst-launch-1.0 -m videotestsrc num-buffers=3 ! \
 *     video/x-raw,format=GRAY8 ! \
 *     clclahe post-messages=true message-bins=16 ! fakesink
 * ]| Prints the 16-bin histogram of three input frames.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclclahe.h"
#include "gstclclaheplan.h"
#include "gstclhistoutput.h"
#include "gstclcolor.h"
#include "gstcltablefrom.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_clahe_debug);
#define GST_CAT_DEFAULT gst_cl_clahe_debug

enum
{
  PROP_0,
  PROP_CLIP_LIMIT,
  PROP_TILES_X,
  PROP_TILES_Y,
  PROP_SMOOTHING,
  PROP_POST_MESSAGES,
  PROP_MESSAGE_BINS,
  PROP_ATTACH_META,
  PROP_COLOR_SPACE,
  PROP_TABLE_FROM,
};

#define DEFAULT_CLIP_LIMIT 2.0
#define DEFAULT_TILES_X 8
#define DEFAULT_TILES_Y 8
#define DEFAULT_SMOOTHING 0
/* Off, unlike clhistequalize's: the whole frame's histogram is work
 * CLAHE does not otherwise do (two more kernels and a read-back per
 * frame), which no one should pay for unasked. */
/* A limit of bins or more clips nothing: every count is at most the area. */
#define MAX_CLIP_LIMIT 65536.0
#define MAX_TILES 64

/* The properties, copied once per frame. */
typedef struct {
  GstClClaheSettings clahe;
  GstClHistOutputSettings out;
  GstClTableFrom table_from;
} Settings;

struct _GstClClahe {
  GstClFilter parent;

  /* Under the object lock. */
  Settings settings;

  /* Per caps, for each channel the element works on (one, or R, G and B
   * with color-space=rgb): the kernels, and per grid of tiles their
   * buffers. */
  GstClClahePlan plan[GST_CL_RGB_CHANNELS];
  guint channels;
  GstVideoInfo in_info;
  /* The whole frame's histogram of each channel for the message, from the
   * first frame that posts one. */
  GstClHistMeasure *measure[GST_CL_RGB_CHANNELS];
  /* The frame in flight measured its histogram, and all its work was
   * queued: finish posts the message and attaches the meta it asked for. */
  gboolean message_pending;
  gboolean frame_posts;
  gboolean frame_attaches;
  /* table-from=previous: the last frame's tables, made with
   * table_settings and table_space, are where the plans keep them. */
  gboolean have_tables;
  GstClClaheSettings table_settings;
  guint table_space;
};

#define SINK_FORMATS "{ " GST_CL_LUMA_FORMATS ", " GST_CL_RGB_FORMATS " }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SINK_FORMATS) ";" GST_CL_VIDEO_CAPS (
        GST_CL_YUV_HIGH_DEPTH_FORMATS)));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SINK_FORMATS) ";" GST_CL_VIDEO_CAPS (
        GST_CL_YUV_HIGH_DEPTH_FORMATS)));

G_DEFINE_TYPE (GstClClahe, gst_cl_clahe, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clclahe, "clclahe", GST_RANK_NONE,
    GST_TYPE_CL_CLAHE);

static void
release_channels (GstClClahe *self)
{
  for (guint k = 0; k < GST_CL_RGB_CHANNELS; k++) {
    gst_cl_clahe_plan_clear (&self->plan[k]);
    g_clear_pointer (&self->measure[k], gst_cl_hist_measure_free);
  }
}

/* A discontinuity, a flush or a failed frame: every channel's tables start
 * afresh. */
static void
restart_channels (GstClClahe *self)
{
  for (guint k = 0; k < self->channels; k++)
    gst_cl_clahe_plan_restart (&self->plan[k]);
  self->have_tables = FALSE;
}

static void
gst_cl_clahe_teardown (GstClBaseFilter *filter)
{
  release_channels (GST_CL_CLAHE (filter));
}

static gboolean
gst_cl_clahe_configure (GstClFilter *filter, const GstVideoInfo *in_info,
    const GstVideoInfo *out_info)
{
  GstClClahe *self = GST_CL_CLAHE (filter);
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  const GstClCommands cmd = gst_cl_base_filter_get_commands (base);
  GError *error = NULL;

  release_channels (self);
  self->have_tables = FALSE;
  self->in_info = *in_info;
  self->channels = gst_cl_filter_channels (filter);
  for (guint k = 0; k < self->channels; k++)
    if (!gst_cl_clahe_plan_init (&self->plan[k], &cmd, in_info, out_info,
            &error)) {
      gst_cl_base_filter_post_error (base, error);
      g_error_free (error);
      return FALSE;
    }
  GST_DEBUG_OBJECT (self, "%ux%u %s to %s, tables onto %u + %u, %u channel(s)",
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info),
      GST_VIDEO_INFO_NAME (in_info), GST_VIDEO_INFO_NAME (out_info),
      self->plan[0].lo, self->plan[0].top, self->channels);
  return TRUE;
}

/* Channel @k's whole-frame histogram, measured as clhistogram measures
 * it, for the message; the measure is made for the caps the first time. */
static cl_int
enqueue_message_histogram (GstClClahe *self, guint k, const GstClPlane *in,
    guint width, const Settings *settings)
{
  const guint num_bins = MIN (settings->out.message_bins, self->plan[k].nbins);

  if (!self->measure[k]) {
    self->measure[k] = gst_cl_hist_output_new_measure (GST_CL_FILTER (self),
        &self->in_info);
    if (!self->measure[k])
      return CL_OUT_OF_RESOURCES;
  }
  return gst_cl_hist_measure_enqueue (self->measure[k], in, 0, 0, width,
      in->height, num_bins);
}

/* The buffers for the frame's grid of tiles and smoothing. */
static gboolean
alloc_tables (GstClClahe *self, const GstClClaheSettings *s)
{
  GError *error = NULL;

  /* New tiles make new tables: the old state belongs to other tiles. */
  if (s->tiles_x != self->plan[0].tiles_x ||
      s->tiles_y != self->plan[0].tiles_y)
    GST_DEBUG_OBJECT (self, "%ux%u tiles", s->tiles_x, s->tiles_y);
  for (guint k = 0; k < self->channels; k++)
    if (!gst_cl_clahe_plan_alloc (&self->plan[k], s, &error)) {
      gst_cl_base_filter_post_error (GST_CL_BASE_FILTER (self), error);
      g_error_free (error);
      return FALSE;
    }
  return TRUE;
}

static cl_int
gst_cl_clahe_enqueue (GstClFilter *filter, const GstClPlane *in_planes,
    const GstClPlane *out_planes)
{
  GstClClahe *self = GST_CL_CLAHE (filter);
  const guint width = in_planes[0].row_bytes / self->plan[0].in_bps;
  Settings settings;
  gboolean measures, previous, from_previous;
  guint space;
  cl_int status;

  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);
  space = gst_cl_filter_get_color_space (filter);
  previous = settings.table_from == GST_CL_TABLE_FROM_PREVIOUS;
  /* The tables of the frame before apply where this frame's would have
   * been made the same way (new tiles make new plans' buffers, which
   * restart nothing here: they change the settings). */
  from_previous = previous && self->have_tables &&
                  settings.clahe.clip_limit ==
                      self->table_settings.clip_limit &&
                  settings.clahe.tiles_x == self->table_settings.tiles_x &&
                  settings.clahe.tiles_y == self->table_settings.tiles_y &&
                  settings.clahe.smoothing == self->table_settings.smoothing &&
                  space == self->table_space;

  if (!alloc_tables (self, &settings.clahe))
    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  measures = settings.out.post_messages || settings.out.attach_meta;
  status = CL_SUCCESS;
  for (guint k = 0; k < self->channels && status == CL_SUCCESS; k++) {
    /* Before the tables: the output may be the input's own memory. */
    if (measures)
      status = enqueue_message_histogram (self, k, &in_planes[k], width,
          &settings);
    if (status == CL_SUCCESS)
      status = gst_cl_clahe_plan_enqueue (&self->plan[k], &in_planes[k],
          &out_planes[k], &settings.clahe, from_previous);
  }
  /* Restarted as after a frame whose tables failed: a failed frame leaves
   * nothing that later ones may count on. */
  if (status != CL_SUCCESS)
    restart_channels (self);
  else
    self->have_tables = previous;
  self->table_settings = settings.clahe;
  self->table_space = space;
  self->message_pending = measures && status == CL_SUCCESS;
  self->frame_posts = settings.out.post_messages;
  self->frame_attaches = settings.out.attach_meta;
  /* A meta goes on the buffer before it is pushed; a message may come
   * when the next frame does. */
  if (self->message_pending)
    gst_cl_filter_wait_for_results (filter, !settings.out.attach_meta);
  return status;
}

/* The message of the frame whose histogram enqueue measured, if any. */
static GstFlowReturn
gst_cl_clahe_finish (GstClFilter *filter, GstBuffer *inbuf, GstBuffer *outbuf,
    const GstVideoInfo *in_info)
{
  GstClClahe *self = GST_CL_CLAHE (filter);
  GstStructure *s;

  if (!self->message_pending)
    return GST_FLOW_OK;
  self->message_pending = FALSE;
  s = gst_cl_hist_output_take_channels (filter, self->measure, self->channels,
      inbuf, in_info);
  /* Posted without the object lock, as level does. */
  if (s)
    gst_cl_hist_output_publish (filter, s, self->frame_posts,
        self->frame_attaches ? outbuf : NULL);
  return GST_FLOW_OK;
}

/* A discontinuity starts the smoothing afresh. */
static void
gst_cl_clahe_before_transform (GstBaseTransform *trans, GstBuffer *buffer)
{
  GstClClahe *self = GST_CL_CLAHE (trans);

  if (GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DISCONT))
    restart_channels (self);
}

static gboolean
gst_cl_clahe_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    restart_channels (GST_CL_CLAHE (trans));
  return GST_BASE_TRANSFORM_CLASS (gst_cl_clahe_parent_class)
      ->sink_event (trans, event);
}

static void
gst_cl_clahe_set_property (GObject *object, guint prop_id, const GValue *value,
    GParamSpec *pspec)
{
  GstClClahe *self = GST_CL_CLAHE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_CLIP_LIMIT:
      self->settings.clahe.clip_limit = g_value_get_double (value);
      break;
    case PROP_TILES_X:
      self->settings.clahe.tiles_x = g_value_get_uint (value);
      break;
    case PROP_TILES_Y:
      self->settings.clahe.tiles_y = g_value_get_uint (value);
      break;
    case PROP_SMOOTHING:
      self->settings.clahe.smoothing = g_value_get_uint (value);
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
              &self->settings.out, PROP_POST_MESSAGES, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_clahe_get_property (GObject *object, guint prop_id, GValue *value,
    GParamSpec *pspec)
{
  GstClClahe *self = GST_CL_CLAHE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_CLIP_LIMIT:
      g_value_set_double (value, self->settings.clahe.clip_limit);
      break;
    case PROP_TILES_X:
      g_value_set_uint (value, self->settings.clahe.tiles_x);
      break;
    case PROP_TILES_Y:
      g_value_set_uint (value, self->settings.clahe.tiles_y);
      break;
    case PROP_SMOOTHING:
      g_value_set_uint (value, self->settings.clahe.smoothing);
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
              PROP_POST_MESSAGES, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

/* The properties of the tables: their clip, grid and smoothing. */
static void
gst_cl_clahe_install_properties (GObjectClass *gobject_class)
{
  const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            GST_PARAM_MUTABLE_PLAYING;

  /**
   * GstClClahe:clip-limit:
   *
   * OpenCV's clipLimit: each tile's histogram is clipped at
   * max (1, (int) (clip-limit * area / bins)) counts per bin, with area the
   * tile's pixels and bins 2^d for values of d bits (256 for 8-bit input,
   * 65536 for GRAY16, 1024 for 10-bit YUV), and the excess is spread over
   * all bins. This caps how steep a tile's table may get: low values keep
   * noise in flat regions down, high values approach plain equalization of
   * each tile, and 0 turns clipping off. 1 to 4 suit 8-bit input; d bits
   * clip alike at 2^(d - 8) times the 8-bit value (256 times for GRAY16).
   * May change while playing, from the next frame on.
   */
  g_object_class_install_property (gobject_class, PROP_CLIP_LIMIT,
      g_param_spec_double ("clip-limit", "Clip limit",
          "Clip limit of each tile's histogram, as OpenCV's clipLimit (0: no "
          "clipping)",
          0.0, MAX_CLIP_LIMIT, DEFAULT_CLIP_LIMIT, flags));
  /**
   * GstClClahe:tiles-x:
   *
   * The number of columns of tiles, OpenCV's tileGridSize.width: each tile
   * gets its own table, and each pixel blends the tables of its four
   * nearest tiles. A frame whose width does not divide by it is padded on
   * the right, mirrored, for the histograms. May change while playing, from
   * the next frame on; the smoothing then starts afresh.
   */
  g_object_class_install_property (gobject_class, PROP_TILES_X,
      g_param_spec_uint ("tiles-x", "Tiles across",
          "Columns of tiles, each with its own table (OpenCV's "
          "tileGridSize.width)",
          1, MAX_TILES, DEFAULT_TILES_X, flags));
  /**
   * GstClClahe:tiles-y:
   *
   * The number of rows of tiles, OpenCV's tileGridSize.height: each tile
   * gets its own table, and each pixel blends the tables of its four
   * nearest tiles. A frame whose height does not divide by it is padded at
   * the bottom, mirrored, for the histograms. May change while playing,
   * from the next frame on; the smoothing then starts afresh.
   */
  g_object_class_install_property (gobject_class, PROP_TILES_Y,
      g_param_spec_uint ("tiles-y", "Tiles down",
          "Rows of tiles, each with its own table (OpenCV's "
          "tileGridSize.height)",
          1, MAX_TILES, DEFAULT_TILES_Y, flags));
  /**
   * GstClClahe:smoothing:
   *
   * Against flicker in video: the weight s, out of 256, of the previous
   * frame's tables in each tile's table. Each table t keeps a state T, set
   * to 256 * t[v] on the first frame after start, a flush, a discontinuity
   * or a change of caps or tiles, and on later frames to
   * (s * T[v] + (256 - s) * 256 * t[v] + 128) >> 8; pixels are mapped by
   * (T[v] + 128) >> 8. 0 uses each frame's own tables. May change while
   * playing, from the next frame on.
   */
  g_object_class_install_property (gobject_class, PROP_SMOOTHING,
      g_param_spec_uint ("smoothing", "Smoothing",
          "Weight out of 256 of the previous frame's tables, against flicker "
          "(0: off)",
          0, 255, DEFAULT_SMOOTHING, flags));
  /**
   * GstClClahe:table-from:
   *
   * Which frame's tile histograms make the tables a frame is blended with.
   * `current` (the default): the frame's own. `previous`: frame k is
   * blended with the tables `current` blended frame k - 1 with (the same
   * clip limit, tiles and smoothing state), while frame k's tile
   * histograms are counted and its tables made for frame k + 1. The first
   * frame after start, a flush, a buffer marked DISCONT, new caps, a switch
   * to `previous` or a change of clip-limit, tiles-x, tiles-y, smoothing or
   * color-space is blended with its own tables. The `histogram` message and
   * the meta of frame k describe frame k either way. May change while
   * playing, from the next frame on.
   */
  gst_cl_table_from_install_property (gobject_class, PROP_TABLE_FROM);
}

static void
gst_cl_clahe_class_init (GstClClaheClass *klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstClBaseFilterClass *base_class = GST_CL_BASE_FILTER_CLASS (klass);
  GstClFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_clahe_debug, "clclahe", 0,
      "OpenCL contrast-limited adaptive histogram equalization");

  gobject_class->set_property = gst_cl_clahe_set_property;
  gobject_class->get_property = gst_cl_clahe_get_property;

  gst_cl_clahe_install_properties (gobject_class);
  /**
   * GstClClahe:color-space:
   *
   * Of RGB frames, the channel the element works on, as OpenCV users
   * write it: `ycrcb` the Y of `cv2.COLOR_RGB2YCrCb`, `lab` the L of
   * `cv2.COLOR_RGB2Lab` (8-bit), each pixel converted back with the other
   * two channels as they were; `rgb` each of R, G and B on its own, as on
   * three gray frames (their own tiles' tables and smoothing). Alpha and
   * padding bytes are kept. YUV and gray frames have their luma worked on
   * whatever the value. May change while playing, from the next frame on.
   */
  gst_cl_color_install_property (gobject_class, PROP_COLOR_SPACE);
  gst_cl_hist_output_install_properties (gobject_class, PROP_POST_MESSAGES,
      FALSE);
  gst_cl_histogram_meta_get_info ();

  gst_element_class_set_static_metadata (element_class, "OpenCL CLAHE",
      "Filter/Effect/Video",
      "Contrast-limited adaptive histogram equalization of gray and YUV "
      "video on an OpenCL device, identical to OpenCV's CLAHE",
      "gst-clfilter developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  trans_class->before_transform = GST_DEBUG_FUNCPTR (
      gst_cl_clahe_before_transform);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_cl_clahe_sink_event);
  base_class->teardown = GST_DEBUG_FUNCPTR (gst_cl_clahe_teardown);
  base_class->debug_category = gst_cl_clahe_debug;
  cl_class->converts = gst_cl_filter_keeps_or_narrows;
  cl_class->read_components = GST_CL_COMPONENT_LUMA;
  cl_class->write_components = GST_CL_COMPONENT_LUMA;
  cl_class->in_place = TRUE;
  cl_class->host_planes = TRUE;
  cl_class->configure = GST_DEBUG_FUNCPTR (gst_cl_clahe_configure);
  cl_class->enqueue = GST_DEBUG_FUNCPTR (gst_cl_clahe_enqueue);
  cl_class->finish = GST_DEBUG_FUNCPTR (gst_cl_clahe_finish);
}

static void
gst_cl_clahe_init (GstClClahe *self)
{
  self->settings.clahe.clip_limit = DEFAULT_CLIP_LIMIT;
  self->settings.clahe.tiles_x = DEFAULT_TILES_X;
  self->settings.clahe.tiles_y = DEFAULT_TILES_Y;
  self->settings.clahe.smoothing = DEFAULT_SMOOTHING;
  gst_cl_hist_output_settings_init (&self->settings.out, FALSE);
}
