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
 * It takes GRAY8, GRAY16_LE, GRAY16_BE and the 8-bit YUV formats I420,
 * YV12, NV12, NV21, Y42B, Y444, YUY2 and UYVY, and outputs the same format;
 * GRAY16 input gives GRAY8 output when downstream asks for it. For YUV the
 * luma (Y) is equalized and U and V are left as they are.
 *
 * With bins = 256 (8-bit input) or 65536 (GRAY16), the formulas are
 * OpenCV's (modules/imgproc/src/clahe.cpp), in its float32 operations:
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
 * with range 0-255, as jpegdec outputs) are identical to OpenCV's CPU
 * cv::CLAHE with 256 or 65536 bins. Limited-range luma (16-235, GStreamer's
 * default for YUV) stays in its range: scale = 219 / area and the tables
 * are 16 + saturate (rint (cdf[v] * scale)) clamped to 16..235. GRAY16 to
 * GRAY8 uses the 65536-bin histograms with scale = 255 / area.
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
 *   "GRAY16_LE" (also when the output is GRAY8) or "NV12"
 * * #guint `num-bins`: the number of entries in `bins`
 * * #GstValueArray of #guint64 `bins`: the histogram, adjacent bins summed
 *   down to #GstClClahe:message-bins entries (at most 256 for 8-bit
 *   formats, 65536 for GRAY16); bin i counts values from
 *   i * 2^depth / num-bins on
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
 * The tables take tiles-x * tiles-y * bins entries of the output's size on
 * the device (512 MiB for 64x64 tiles of GRAY16), and as many 32-bit words
 * more while smoothing.
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
 * count there, which stretches a 16-bit picture only mildly.
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
#include "gstclhistoutput.h"
#include "gstclcolor.h"
#include "gstclutils.h"
#include "clkernels.h"
#include "kernels/clshared.h"

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

/* Tiles of GRAY16 whose histograms the tables kernel holds at once, 256
 * KiB each. */
#define U16_BATCH 64
/* GPU shapes: the tables kernel's groups (one per tile for 8-bit input),
 * the count kernel's (bands of a tile's rows of about COUNT_PIXELS pixels,
 * enough groups to fill a large GPU while each still spreads its flush of
 * the histogram over many pixels), and the apply kernel's, one work-item
 * per pixel (GST_CL_CLAHE_APPLY_PIXELS for 8-bit input) for APPLY_ROWS_MAX
 * rows, halved down to APPLY_ROWS_MIN while that leaves fewer than
 * APPLY_GROUPS_PER_UNIT groups per compute unit: rows spread a work-item's
 * column weights over more pixels, groups keep a smaller frame's GPU
 * busy. */
#define TABLES_GROUP 256
/* GRAY16: one group per tile and chunk of GST_CL_CLAHE_U16_CHUNK bins,
 * which it must not outnumber: each work-item takes as many bins. */
#define TABLES_GROUP_16 256
G_STATIC_ASSERT (TABLES_GROUP_16 <= GST_CL_CLAHE_U16_CHUNK);
#define U16_CHUNKS (65536 / GST_CL_CLAHE_U16_CHUNK)
#define COUNT_GROUP 256
#define COUNT_PIXELS 16384
#define APPLY_GROUP_X 64
#define APPLY_GROUP_Y 4
#define APPLY_ROWS_MAX 16
#define APPLY_ROWS_MIN 4
#define APPLY_GROUPS_PER_UNIT 3

/* The properties, copied once per frame. */
typedef struct {
  gdouble clip_limit;
  guint tiles_x;
  guint tiles_y;
  guint smoothing;
  GstClHistOutputSettings out;
} Settings;

/* Kernels by input and output depth. */
enum
{
  DEPTHS_8_8,
  DEPTHS_16_16,
  DEPTHS_16_8,
  N_DEPTHS
};

struct _GstClClahe {
  GstClFilter parent;

  /* Under the object lock. */
  Settings settings;

  /* From start to stop: tables by input depth (on GPUs, for 8-bit input,
   * counting too; for GRAY16 after the count kernel), apply by depths (the
   * *_rows_* kernels on CPUs). */
  cl_kernel k_count;
  cl_kernel k_tables[2];
  /* GRAY16 on GPUs: the chunks' sums the tables kernel starts from. */
  cl_kernel k_excess;
  cl_kernel k_apply[N_DEPTHS];

  /* Per caps. */
  guint depths;
  guint in_bps;
  guint out_bps;
  guint nbins;
  cl_uint swap;
  /* The tables' range: lo + (0..top). */
  cl_uint lo;
  cl_uint top;
  gboolean cpu;
  GstVideoInfo in_info;
  /* The whole frame's histogram for the message, from the first frame
   * that posts one. */
  GstClHistMeasure *measure;
  /* The frame in flight measured its histogram, and all its work was
   * queued: finish posts the message and attaches the meta it asked for. */
  gboolean message_pending;
  gboolean frame_posts;
  gboolean frame_attaches;

  /* Per grid of tiles: the tables (bytes for 8-bit input, 16-bit words
   * for GRAY16), the smoothing state (from the first frame that smooths),
   * the histograms (GRAY16's, and all of them on GPUs) and 8-bit input's
   * packed tables (see kernels/clahe.cl). */
  guint tiles_x;
  guint tiles_y;
  cl_mem lut;
  cl_mem state;
  cl_mem scratch;
  cl_mem quads;
  /* GRAY16 on GPUs: per tile of a batch and chunk of its bins, the counts
   * above the clip limit and below it (see kernels/clahe.cl). */
  cl_mem sums;
  /* The GPU kernels count into @scratch and leave it zero: it needs
   * zeroing when new, or after a frame that failed between the two. */
  gboolean scratch_dirty;
  /* Where the next frame finds the last one's state: GST_CL_CLAHE_PREV_*. */
  cl_uint prev;
};

#define SINK_FORMATS "{ " GST_CL_LUMA_FORMATS ", " GST_CL_RGB_FORMATS " }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SINK_FORMATS)));

static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_CL_VIDEO_CAPS (SINK_FORMATS)));

G_DEFINE_TYPE (GstClClahe, gst_cl_clahe, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clclahe, "clclahe", GST_RANK_NONE,
    GST_TYPE_CL_CLAHE);

static void
release_tables (GstClClahe *self)
{
  gst_cl_clear_mem (&self->lut);
  gst_cl_clear_mem (&self->state);
  gst_cl_clear_mem (&self->scratch);
  gst_cl_clear_mem (&self->quads);
  gst_cl_clear_mem (&self->sums);
  self->tiles_x = self->tiles_y = 0;
  self->prev = GST_CL_CLAHE_PREV_NONE;
}

static void
release_kernels (GstClClahe *self)
{
  cl_kernel *k[] = { &self->k_count, &self->k_tables[0], &self->k_tables[1],
    &self->k_excess, &self->k_apply[0], &self->k_apply[1], &self->k_apply[2] };

  for (guint i = 0; i < G_N_ELEMENTS (k); i++)
    gst_cl_clear_kernel (k[i]);
}

static void
gst_cl_clahe_teardown (GstClBaseFilter *filter)
{
  GstClClahe *self = GST_CL_CLAHE (filter);

  release_tables (self);
  g_clear_pointer (&self->measure, gst_cl_hist_measure_free);
  release_kernels (self);
}

/* The kernel of the table (gstclkerneltable.h) for @stage. */
static gboolean
create_kernel (GstClClahe *self, cl_program program, GstClStage stage,
    GstClDepths depths, cl_kernel *kernel)
{
  *kernel = gst_cl_base_filter_stage_kernel (GST_CL_BASE_FILTER (self), program,
      stage, depths);
  return *kernel != NULL;
}

/* The caps' kernels only, from a program of their depths. */
static gboolean
create_kernels (GstClClahe *self)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (self);
  const gboolean u8 = self->in_bps == 1;
  const GstClDepths depths = gst_cl_kernel_table_depths (self->in_bps * 8,
      self->out_bps * 8);
  gchar *defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u",
      self->in_bps * 8, self->out_bps * 8);
  cl_program program = gst_cl_base_filter_get_program (base, "clahe",
      gst_cl_kernel_clahe, FALSE, defines);
  /* GPUs count GRAY16 in a kernel of their own, and its tables take two. */
  const gboolean ok = program &&
                      (self->cpu || u8 ||
                          create_kernel (self, program,
                              GST_CL_STAGE_CLAHE_COUNT, depths,
                              &self->k_count)) &&
                      create_kernel (self, program, GST_CL_STAGE_CLAHE_TABLES,
                          depths, &self->k_tables[self->in_bps - 1]) &&
                      (self->cpu || u8 ||
                          create_kernel (self, program,
                              GST_CL_STAGE_CLAHE_EXCESS, depths,
                              &self->k_excess)) &&
                      create_kernel (self, program, GST_CL_STAGE_CLAHE_APPLY,
                          depths, &self->k_apply[self->depths]);

  if (program)
    clReleaseProgram (program);
  g_free (defines);
  return ok;
}

static gboolean
gst_cl_clahe_configure (GstClFilter *filter, const GstVideoInfo *in_info,
    const GstVideoInfo *out_info)
{
  GstClClahe *self = GST_CL_CLAHE (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (
      GST_CL_BASE_FILTER (filter));

  release_tables (self);
  g_clear_pointer (&self->measure, gst_cl_hist_measure_free);
  self->in_info = *in_info;
  self->in_bps = GST_VIDEO_INFO_COMP_DEPTH (in_info, 0) / 8;
  self->out_bps = GST_VIDEO_INFO_COMP_DEPTH (out_info, 0) / 8;
  self->depths = self->in_bps == 1    ? DEPTHS_8_8
                 : self->out_bps == 2 ? DEPTHS_16_16
                                      : DEPTHS_16_8;
  self->nbins = self->in_bps == 1 ? 256 : 65536;
  self->swap = gst_cl_context_swaps (cl, GST_VIDEO_INFO_FORMAT (in_info));
  self->cpu = gst_cl_context_use_cpu_kernels (cl);
  self->lo = 0;
  self->top = self->out_bps == 1 ? 255 : 65535;
  /* Limited-range luma keeps to 16..235, as its caps say it holds. */
  if (GST_VIDEO_INFO_IS_YUV (in_info) &&
      in_info->colorimetry.range != GST_VIDEO_COLOR_RANGE_0_255) {
    self->lo = 16;
    self->top = 219;
  }
  GST_DEBUG_OBJECT (self, "%ux%u %s to %s, tables onto %u + %u",
      GST_VIDEO_INFO_WIDTH (in_info), GST_VIDEO_INFO_HEIGHT (in_info),
      GST_VIDEO_INFO_NAME (in_info), GST_VIDEO_INFO_NAME (out_info), self->lo,
      self->top);
  release_kernels (self);
  return create_kernels (self);
}

/* Tiles whose tables one launch makes: GRAY16's histograms take 256 KiB
 * each. */
static guint
tiles_batch (GstClClahe *self, guint tiles)
{
  return self->nbins == 65536 ? MIN (tiles, U16_BATCH) : tiles;
}

/* 8-bit input on GPUs: the tables kernel counts the tiles itself, in the
 * count's shape, groups of a band of a tile's rows each. */
static gboolean
tables_count (GstClClahe *self)
{
  return !self->cpu && self->nbins == 256;
}

/* Bytes of the histograms of @batch tiles; a tables kernel that counts
 * counts each tile's finished groups in a word after them. */
static gsize
scratch_size (GstClClahe *self, guint batch)
{
  return (gsize)batch * (self->nbins + tables_count (self)) * 4;
}

/* The buffers for a grid of tiles; the state waits for the first frame
 * that smooths. */
static gboolean
alloc_tables (GstClClahe *self, guint tiles_x, guint tiles_y)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (self);
  const gsize tiles = (gsize)tiles_x * tiles_y;
  const gsize entry = self->in_bps;

  release_tables (self);
  self->lut = gst_cl_base_filter_alloc (base, tiles * self->nbins * entry);
  if (!self->lut)
    return FALSE;
  if (self->nbins == 65536 || !self->cpu) {
    self->scratch = gst_cl_base_filter_alloc (base,
        scratch_size (self, tiles_batch (self, tiles)));
    if (!self->scratch)
      return FALSE;
    self->scratch_dirty = TRUE;
  }
  if (self->nbins == 65536 && !self->cpu) {
    self->sums = gst_cl_base_filter_alloc (base,
        (gsize)tiles_batch (self, tiles) * U16_CHUNKS * 2 * 4);
    if (!self->sums)
      return FALSE;
  }
  if (self->nbins == 256) {
    /* Four table entries per value and quad: bytes for the CPU kernels,
     * halves for the GPU ones. */
    const gsize quad = self->cpu ? 4 : 8;

    self->quads = gst_cl_base_filter_alloc (base,
        (gsize)(tiles_x + 1) * (tiles_y + 1) * 256 * quad);
    if (!self->quads)
      return FALSE;
  }
  self->tiles_x = tiles_x;
  self->tiles_y = tiles_y;
  return TRUE;
}

/* The tiles' geometry as OpenCV's CLAHE has it: a frame that does not
 * divide into the tiles is padded on the right and at the bottom, by
 * tiles - size % tiles on both sides even where one of them divides. */
static void
tile_size (guint width, guint height, guint tiles_x, guint tiles_y,
    guint *tile_w, guint *tile_h)
{
  if (width % tiles_x == 0 && height % tiles_y == 0) {
    *tile_w = width / tiles_x;
    *tile_h = height / tiles_y;
  } else {
    *tile_w = (width + tiles_x - width % tiles_x) / tiles_x;
    *tile_h = (height + tiles_y - height % tiles_y) / tiles_y;
  }
}

/* OpenCV's clip limit in counts per bin, 0 for none. Limits of the area
 * or more clip nothing, so they stay there, where OpenCV's int could
 * overflow. */
static cl_uint
clip_count (gdouble clip_limit, guint64 area, guint nbins)
{
  gdouble limit;

  if (clip_limit <= 0.0)
    return 0;
  limit = clip_limit * (gdouble)area / nbins;
  if (limit >= (gdouble)area)
    return (cl_uint)area;
  return MAX ((cl_uint)limit, 1);
}

/* The first arguments of the count and tables kernels. */
static void
add_tile_args (GstClClahe *self, GstClArgs *args, const GstClPlane *in,
    cl_uint tile_w, cl_uint tile_h)
{
  const cl_uint pitch = in->pitch / self->in_bps;
  const cl_uint width = in->row_bytes / self->in_bps;
  const cl_uint height = in->height;

  GST_CL_ARG (args, in->mem);
  GST_CL_ARG (args, pitch);
  GST_CL_ARG (args, width);
  GST_CL_ARG (args, height);
  GST_CL_ARG (args, self->swap);
  GST_CL_ARG (args, self->tiles_x);
  GST_CL_ARG (args, tile_w);
  GST_CL_ARG (args, tile_h);
}

/* A GPU's group for the tables kernel @k: a power of two, as the kernel's
 * split of the bins needs, that the device runs @k in. */
static size_t
tables_group (GstClClahe *self, GstClContext *cl, cl_kernel k)
{
  size_t most = cl->max_work_group_size, lsz = 1;
  const size_t want = self->nbins == 256 ? TABLES_GROUP : TABLES_GROUP_16;

  clGetKernelWorkGroupInfo (k, cl->id.device, CL_KERNEL_WORK_GROUP_SIZE,
      sizeof (most), &most, NULL);
  while (lsz * 2 <= MIN (want, most))
    lsz *= 2;
  return lsz;
}

/* GPUs: the rows of a tile that one group of the count counts. */
static cl_uint
count_band (cl_uint tile_w, cl_uint tile_h)
{
  return CLAMP ((COUNT_PIXELS + tile_w - 1) / tile_w, 1, tile_h);
}

/* GPUs: the count's groups per tile, one per band. */
static size_t
count_bands (cl_uint tile_w, cl_uint tile_h)
{
  const cl_uint band = count_band (tile_w, tile_h);

  return (tile_h + band - 1) / band;
}

/* GPUs, GRAY16: the histograms of @n tiles from @first on, into the
 * scratch buffer. */
static cl_int
enqueue_count (GstClClahe *self, GstClContext *cl, const GstClPlane *in,
    cl_uint first, cl_uint n, cl_uint tile_w, cl_uint tile_h)
{
  cl_kernel k = self->k_count;
  const cl_uint band = count_band (tile_w, tile_h);
  const size_t lsz = MIN (COUNT_GROUP, cl->max_work_group_size);
  const size_t global[2] = { n * lsz, count_bands (tile_w, tile_h) };
  const size_t local[2] = { lsz, 1 };
  GstClArgs args = GST_CL_ARGS_INIT (k);

  add_tile_args (self, &args, in, tile_w, tile_h);
  GST_CL_ARG (&args, first);
  GST_CL_ARG (&args, band);
  GST_CL_ARG (&args, self->scratch);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_base_filter_enqueue_kernel (GST_CL_BASE_FILTER (self), k, 2,
      global, local);
}

/* The arguments of a tables kernel @k for the tiles from @first on: its
 * local histogram holds @hist_words words, its part one per work-item of
 * @lsz. */
static cl_int
set_tables_args (GstClClahe *self, cl_kernel k, const GstClPlane *in,
    cl_uint first, cl_uint tile_w, cl_uint tile_h, cl_uint limit,
    cl_float scale, cl_uint smoothing, size_t hist_words, size_t lsz)
{
  GstClArgs args = GST_CL_ARGS_INIT (k);

  add_tile_args (self, &args, in, tile_w, tile_h);
  GST_CL_ARG (&args, first);

  GST_CL_ARG (&args, limit);
  GST_CL_ARG (&args, scale);
  GST_CL_ARG (&args, self->lo);
  GST_CL_ARG (&args, self->top);
  GST_CL_ARG (&args, smoothing);
  GST_CL_ARG (&args, self->prev);
  GST_CL_ARG (&args, self->lut);
  GST_CL_ARG (&args, self->state);
  GST_CL_ARG (&args, self->scratch);
  GST_CL_ARG_LOCAL (&args, hist_words * 4);
  GST_CL_ARG_LOCAL (&args, lsz * 4);
  /* 8-bit input: the tables packed for apply too; GRAY16 on GPUs: the
   * chunks' sums. */
  if (self->quads) {
    GST_CL_ARG (&args, self->tiles_y);
    GST_CL_ARG (&args, self->quads);
    if (tables_count (self)) {
      const cl_uint band = count_band (tile_w, tile_h);

      GST_CL_ARG (&args, band);
    }
  }
  if (self->sums)
    GST_CL_ARG (&args, self->sums);
  return gst_cl_args_end (&args);
}

/* The tables of all tiles, batch by batch of tiles whose histograms the
 * scratch buffer holds. 8-bit input on GPUs takes one kernel in the count
 * kernel's shape, groups of a band of a tile's rows each. GRAY16 on GPUs
 * takes three kernels per batch: the count, then in one group per tile and
 * chunk of bins the chunks' counts above and below the limit, then the
 * tables. */
static cl_int
enqueue_tables (GstClClahe *self, GstClContext *cl, const GstClPlane *in,
    const Settings *settings, cl_uint tile_w, cl_uint tile_h)
{
  GstClBaseFilter *base = GST_CL_BASE_FILTER (self);
  cl_kernel k = self->k_tables[self->in_bps - 1];
  cl_kernel kx = self->k_excess;
  const cl_uint tiles = self->tiles_x * self->tiles_y;
  const guint64 area = (guint64)tile_w * tile_h;
  const cl_uint limit = clip_count (settings->clip_limit, area, self->nbins);
  /* OpenCV's lutScale, (bins - 1) / area, in C float on the host; top is
   * bins - 1 but for 8-bit output of GRAY16 and limited range. */
  const cl_float scale = (gfloat)self->top / (gfloat)area;
  const cl_uint smoothing = settings->smoothing;
  const size_t lsz = self->cpu ? 1 : tables_group (self, cl, k);
  const size_t lsz_x = kx ? tables_group (self, cl, kx) : 0;
  /* Local histograms: 8-bit input's, GRAY16's chunk on GPUs, else none
   * (a word, as OpenCL takes no empty local argument). */
  const size_t hist_words = self->nbins == 256 ? 256
                            : kx               ? GST_CL_CLAHE_U16_CHUNK
                                               : 1;
  const cl_uint per_tile = kx ? U16_CHUNKS : 1;
  const gboolean counts = tables_count (self);
  const size_t bands = counts ? count_bands (tile_w, tile_h) : 1;
  const cl_uint batch = tiles_batch (self, tiles);

  if (!self->cpu && self->scratch_dirty) {
    const cl_uint zero = 0;
    cl_int status = clEnqueueFillBuffer (cl->queue, self->scratch, &zero,
        sizeof (zero), 0, scratch_size (self, batch), 0, NULL, NULL);

    if (status != CL_SUCCESS)
      return status;
    self->scratch_dirty = FALSE;
  }
  for (cl_uint first = 0; first < tiles; first += batch) {
    const cl_uint n = MIN (batch, tiles - first);
    const size_t global[2] = { (size_t)n * per_tile * lsz, bands };
    const size_t local[2] = { lsz, 1 };
    const size_t global_x = (size_t)n * per_tile * lsz_x;
    cl_int status;

    if (set_tables_args (self, k, in, first, tile_w, tile_h, limit, scale,
            smoothing, hist_words, lsz) != CL_SUCCESS ||
        (kx && set_tables_args (self, kx, in, first, tile_w, tile_h, limit,
                   scale, smoothing, 1, lsz_x) != CL_SUCCESS))
      return CL_INVALID_KERNEL_ARGS;
    status = self->cpu || counts
                 ? CL_SUCCESS
                 : enqueue_count (self, cl, in, first, n, tile_w, tile_h);
    if (status == CL_SUCCESS && kx)
      status = gst_cl_base_filter_enqueue_kernel (base, kx, 1, &global_x,
          &lsz_x);
    if (status == CL_SUCCESS)
      status = gst_cl_base_filter_enqueue_kernel (base, k, 2, global, local);
    /* Counts may lie in the histograms that no tables kernel took. */
    if (status != CL_SUCCESS) {
      self->scratch_dirty = TRUE;
      return status;
    }
  }
  return CL_SUCCESS;
}

/* The blend of the tiles' tables (packed for 8-bit input). */
static cl_int
enqueue_apply (GstClClahe *self, GstClContext *cl, const GstClPlane *in,
    const GstClPlane *out, cl_uint tile_w, cl_uint tile_h)
{
  cl_kernel k = self->k_apply[self->depths];
  const cl_uint pitch = in->pitch / self->in_bps;
  const cl_uint dpitch = out->pitch / self->out_bps;
  const cl_uint width = in->row_bytes / self->in_bps;
  const cl_uint height = in->height;
  /* OpenCV's float reciprocals, in C float on the host. */
  const cl_float inv_tw = 1.0f / (gfloat)tile_w;
  const cl_float inv_th = 1.0f / (gfloat)tile_h;
  /* CPUs: a few bands of whole rows per core, each one work-item. */
  const cl_uint bands = MIN (height, MAX (1, cl->compute_units) * 4);
  const cl_mem lut = self->quads ? self->quads : self->lut;
  size_t lx = MIN (APPLY_GROUP_X, cl->max_work_group_size);
  size_t ly = lx * APPLY_GROUP_Y <= cl->max_work_group_size ? APPLY_GROUP_Y : 1;
  /* 8-bit input: GST_CL_CLAHE_APPLY_PIXELS pixels per work-item. */
  const cl_uint across = self->quads ? GST_CL_CLAHE_APPLY_PIXELS : 1;
  const size_t columns = (width + across - 1) / across;
  cl_uint rows = APPLY_ROWS_MAX;
  size_t global[2];
  GstClArgs args = GST_CL_ARGS_INIT (k);

  if (self->cpu) {
    rows = (height + bands - 1) / bands;
    lx = ly = 1;
    global[0] = (height + rows - 1) / rows;
    global[1] = 1;
  } else {
    while (rows > APPLY_ROWS_MIN &&
           (columns + lx - 1) / lx * ((height + rows * ly - 1) / (rows * ly)) <
               (size_t)APPLY_GROUPS_PER_UNIT * MAX (1, cl->compute_units))
      rows /= 2;
    global[0] = GST_ROUND_UP_N (columns, lx);
    global[1] = GST_ROUND_UP_N ((height + rows - 1) / rows, ly);
  }
  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, self->swap);
  GST_CL_ARG (&args, out->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, rows);
  GST_CL_ARG (&args, lut);
  GST_CL_ARG (&args, self->tiles_x);
  GST_CL_ARG (&args, self->tiles_y);
  GST_CL_ARG (&args, inv_tw);
  GST_CL_ARG (&args, inv_th);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  {
    size_t local[2] = { lx, ly };

    return gst_cl_base_filter_enqueue_kernel (GST_CL_BASE_FILTER (self), k, 2,
        global, local);
  }
}

/* The input's whole-frame histogram, measured as clhistogram measures it,
 * for the message; the measure is made for the caps the first time. */
static cl_int
enqueue_message_histogram (GstClClahe *self, const GstClPlane *in, guint width,
    const Settings *settings)
{
  const guint num_bins = MIN (settings->out.message_bins, self->nbins);

  if (!self->measure) {
    self->measure = gst_cl_hist_output_new_measure (GST_CL_FILTER (self),
        &self->in_info);
    if (!self->measure)
      return CL_OUT_OF_RESOURCES;
  }
  return gst_cl_hist_measure_enqueue (self->measure, in, 0, 0, width,
      in->height, num_bins);
}

static cl_int
gst_cl_clahe_enqueue (GstClFilter *filter, const GstClPlane *in_planes,
    const GstClPlane *out_planes)
{
  GstClClahe *self = GST_CL_CLAHE (filter);
  GstClBaseFilter *base = GST_CL_BASE_FILTER (filter);
  GstClContext *cl = gst_cl_base_filter_get_context (base);
  const GstClPlane *in = &in_planes[GST_VIDEO_COMP_Y];
  const GstClPlane *out = &out_planes[GST_VIDEO_COMP_Y];
  const guint width = in->row_bytes / self->in_bps;
  guint tile_w, tile_h;
  Settings settings;
  cl_int status;

  GST_OBJECT_LOCK (self);
  settings = self->settings;
  GST_OBJECT_UNLOCK (self);

  /* New tiles make new tables: the old state belongs to other tiles. */
  if (settings.tiles_x != self->tiles_x || settings.tiles_y != self->tiles_y) {
    GST_DEBUG_OBJECT (self, "%ux%u tiles", settings.tiles_x, settings.tiles_y);
    if (!alloc_tables (self, settings.tiles_x, settings.tiles_y))
      return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  }
  if (settings.smoothing && !self->state) {
    self->state = gst_cl_base_filter_alloc (base,
        (gsize)self->tiles_x * self->tiles_y * self->nbins * 4);
    if (!self->state)
      return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  }
  tile_size (width, in->height, self->tiles_x, self->tiles_y, &tile_w, &tile_h);

  status = CL_SUCCESS;
  /* Before the tables: the output may be the input's own memory. */
  if (settings.out.post_messages || settings.out.attach_meta)
    status = enqueue_message_histogram (self, in, width, &settings);
  if (status == CL_SUCCESS)
    status = enqueue_tables (self, cl, in, &settings, tile_w, tile_h);
  if (status == CL_SUCCESS)
    status = enqueue_apply (self, cl, in, out, tile_w, tile_h);
  self->message_pending = (settings.out.post_messages ||
                              settings.out.attach_meta) &&
                          status == CL_SUCCESS;
  self->frame_posts = settings.out.post_messages;
  self->frame_attaches = settings.out.attach_meta;
  /* A meta goes on the buffer before it is pushed; a message may come
   * when the next frame does. */
  if (self->message_pending)
    gst_cl_filter_wait_for_results (filter, !settings.out.attach_meta);
  /* A failed frame may have left the tables half written. */
  if (status != CL_SUCCESS)
    self->prev = GST_CL_CLAHE_PREV_NONE;
  else
    self->prev = settings.smoothing ? GST_CL_CLAHE_PREV_STATE
                                    : GST_CL_CLAHE_PREV_TABLE;
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
  s = gst_cl_hist_output_take (filter, self->measure, inbuf, in_info);
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
    self->prev = GST_CL_CLAHE_PREV_NONE;
}

static gboolean
gst_cl_clahe_sink_event (GstBaseTransform *trans, GstEvent *event)
{
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    GST_CL_CLAHE (trans)->prev = GST_CL_CLAHE_PREV_NONE;
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
      self->settings.clip_limit = g_value_get_double (value);
      break;
    case PROP_TILES_X:
      self->settings.tiles_x = g_value_get_uint (value);
      break;
    case PROP_TILES_Y:
      self->settings.tiles_y = g_value_get_uint (value);
      break;
    case PROP_SMOOTHING:
      self->settings.smoothing = g_value_get_uint (value);
      break;
    case PROP_COLOR_SPACE:
      gst_cl_filter_set_color_space (GST_CL_FILTER (self),
          g_value_get_enum (value));
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
      g_value_set_double (value, self->settings.clip_limit);
      break;
    case PROP_TILES_X:
      g_value_set_uint (value, self->settings.tiles_x);
      break;
    case PROP_TILES_Y:
      g_value_set_uint (value, self->settings.tiles_y);
      break;
    case PROP_SMOOTHING:
      g_value_set_uint (value, self->settings.smoothing);
      break;
    case PROP_COLOR_SPACE:
      g_value_set_enum (value,
          gst_cl_filter_get_color_space (GST_CL_FILTER (self)));
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
   * tile's pixels and bins 256 for 8-bit input or 65536 for GRAY16, and the
   * excess is spread over all bins. This caps how steep a tile's table may
   * get: low values keep noise in flat regions down, high values approach
   * plain equalization of each tile, and 0 turns clipping off. 1 to 4 suit
   * 8-bit input; GRAY16 clips alike at 256 times the 8-bit value. May
   * change while playing, from the next frame on.
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
   * two channels as they were. Alpha and padding bytes are kept. YUV and
   * gray frames have their luma worked on whatever the value. May change
   * while playing, from the next frame on.
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
  self->settings.clip_limit = DEFAULT_CLIP_LIMIT;
  self->settings.tiles_x = DEFAULT_TILES_X;
  self->settings.tiles_y = DEFAULT_TILES_Y;
  self->settings.smoothing = DEFAULT_SMOOTHING;
  gst_cl_hist_output_settings_init (&self->settings.out, FALSE);
}
