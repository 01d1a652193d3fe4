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
 * clclahe's kernels for a pair of caps: their buffers, the shapes they are
 * launched in and their launches; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclclaheplan.h"
#include "gstclutils.h"
#include "gstclkerneltable.h"
#include "clkernels.h"
#include "kernels/clshared.h"

#include <string.h>

/* 16-bit input: bins of the histograms the tables kernels hold at once,
 * 64 tiles of 65536 bins (16 MiB): more tiles of fewer bins. */
#define U16_BATCH_BINS (64 * 65536)
/* GPU shapes: the tables kernel's groups (one per tile for 8-bit input),
 * the count kernel's (bands of a tile's rows, see count_band ()), and the apply
 * kernel's, groups of GST_CL_CLAHE_APPLY_GROUP_X x GST_CL_CLAHE_APPLY_GROUP_Y
 * of one work-item per pixel (GST_CL_CLAHE_APPLY_PIXELS for 8-bit input) for
 * APPLY_ROWS_MAX rows, halved down to APPLY_ROWS_MIN while that leaves fewer
 * than APPLY_GROUPS_PER_UNIT groups per compute unit: rows spread a work-item's
 * column weights over more pixels, groups keep a smaller frame's GPU
 * busy. */
#define TABLES_GROUP 256
/* 16-bit input: one group per tile and chunk of GST_CL_CLAHE_U16_CHUNK
 * bins, which it must not outnumber: each work-item takes as many bins.
 * The fewest bins, 2^10 of 10-bit values, make one chunk. */
#define TABLES_GROUP_16 256
G_STATIC_ASSERT (TABLES_GROUP_16 <= GST_CL_CLAHE_U16_CHUNK);
G_STATIC_ASSERT (GST_CL_CLAHE_U16_CHUNK <= 1024);
#define COUNT_GROUP 256
#define COUNT_PIXELS_MIN 4096
#define COUNT_PIXELS_MAX 16384
#define COUNT_GROUPS_PER_UNIT 4
#define APPLY_ROWS_MAX 16
#define APPLY_ROWS_MIN 4
#define APPLY_GROUPS_PER_UNIT 3

/* Tiles whose tables one launch makes: 16-bit input's histograms take
 * 4 * 2^d bytes each. */
static guint
tiles_batch (const GstClClahePlan *p, guint tiles)
{
  return p->in_bps == 2 ? MIN (tiles, U16_BATCH_BINS / p->nbins) : tiles;
}

/* 16-bit input on GPUs: chunks of a tile's bins, a group each. */
static guint
u16_chunks (const GstClClahePlan *p)
{
  return p->nbins / GST_CL_CLAHE_U16_CHUNK;
}

/* 8-bit input on GPUs: the tables kernel counts the tiles itself, in the
 * count's shape, groups of a band of a tile's rows each. */
static gboolean
tables_count (const GstClClahePlan *p)
{
  return !p->cpu && p->in_bps == 1;
}

/* Bytes of the histograms of @batch tiles; a tables kernel that counts
 * counts each tile's finished groups in a word after them, and clahe_u8
 * takes three words after those (kernels/clahe.cl). */
static gsize
scratch_size (const GstClClahePlan *p, guint batch)
{
  return ((gsize)batch * (p->nbins + tables_count (p)) +
             (tables_count (p) ? 3 : 0)) *
         4;
}

static void
release_tables (GstClClahePlan *p)
{
  gst_cl_clear_mem (&p->lut);
  gst_cl_clear_mem (&p->state);
  gst_cl_clear_mem (&p->scratch);
  gst_cl_clear_mem (&p->quads);
  gst_cl_clear_mem (&p->previous);
  gst_cl_clear_mem (&p->sums);
  p->tiles_x = p->tiles_y = 0;
  p->prev = GST_CL_CLAHE_PREV_NONE;
}

/* The buffers for a grid of tiles; the state waits for the first frame
 * that smooths. */
static gboolean
alloc_tables (GstClClahePlan *p, guint tiles_x, guint tiles_y, GError **error)
{
  GstClContext *cl = p->cmd.cl;
  const gsize tiles = (gsize)tiles_x * tiles_y;
  const gsize entry = p->in_bps;

  release_tables (p);
  p->lut = gst_cl_context_alloc (cl, tiles * p->nbins * entry, error);
  if (!p->lut)
    return FALSE;
  p->apply_bytes = tiles * p->nbins * entry;
  if (p->in_bps == 2 || !p->cpu) {
    p->scratch = gst_cl_context_alloc (cl,
        scratch_size (p, tiles_batch (p, tiles)), error);
    if (!p->scratch)
      return FALSE;
    p->scratch_dirty = TRUE;
  }
  if (p->in_bps == 2 && !p->cpu) {
    p->sums = gst_cl_context_alloc (cl,
        (gsize)tiles_batch (p, tiles) * u16_chunks (p) * 2 * 4, error);
    if (!p->sums)
      return FALSE;
  }
  if (p->in_bps == 1) {
    /* Four table entries per value and quad: bytes for the CPU kernels,
     * halves for the GPU ones. */
    const gsize quad = p->cpu ? 4 : 8;

    p->apply_bytes = (gsize)(tiles_x + 1) * (tiles_y + 1) * 256 * quad;
    p->quads = gst_cl_context_alloc (cl, p->apply_bytes, error);
    if (!p->quads)
      return FALSE;
  }
  p->tiles_x = tiles_x;
  p->tiles_y = tiles_y;
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

/* The clip limit of @s's tiles of @tile_w x @tile_h in counts per bin. */
static cl_uint
tile_limit (const GstClClahePlan *p, const GstClClaheSettings *s,
    cl_uint tile_w, cl_uint tile_h)
{
  return clip_count (s->clip_limit, (guint64)tile_w * tile_h, p->nbins);
}

/* OpenCV's lutScale, (bins - 1) / area, in C float on the host; top is
 * bins - 1 but for limited range. */
static cl_float
tile_scale (const GstClClahePlan *p, cl_uint tile_w, cl_uint tile_h)
{
  return (gfloat)p->top / (gfloat)((guint64)tile_w * tile_h);
}

/* The first arguments of the count and tables kernels. */
static void
add_tile_args (GstClClahePlan *p, GstClArgs *args, const GstClPlane *in,
    cl_uint tile_w, cl_uint tile_h)
{
  const cl_uint pitch = in->pitch / p->in_bps;
  const cl_uint width = in->row_bytes / p->in_bps;
  const cl_uint height = in->height;

  GST_CL_ARG (args, in->mem);
  GST_CL_ARG (args, pitch);
  GST_CL_ARG (args, width);
  GST_CL_ARG (args, height);
  GST_CL_ARG (args, p->swap);
  GST_CL_ARG (args, p->tiles_x);
  GST_CL_ARG (args, tile_w);
  GST_CL_ARG (args, tile_h);
}

/* A GPU's group for the tables kernel @k: a power of two, as the kernel's
 * split of the bins needs, that the device runs @k in. */
static size_t
tables_group (const GstClClahePlan *p, cl_kernel k)
{
  GstClContext *cl = p->cmd.cl;
  size_t most = cl->max_work_group_size, lsz = 1;
  const size_t want = p->in_bps == 1 ? TABLES_GROUP : TABLES_GROUP_16;

  clGetKernelWorkGroupInfo (k, cl->id.device, CL_KERNEL_WORK_GROUP_SIZE,
      sizeof (most), &most, NULL);
  while (lsz * 2 <= MIN (want, most))
    lsz *= 2;
  return lsz;
}

/* GPUs: the rows of a tile that one group of the count counts, about
 * the pixels that make COUNT_GROUPS_PER_UNIT groups per compute unit for
 * the frame, but no fewer than COUNT_PIXELS_MIN, whose flush of the
 * histogram would outweigh its counting, nor more than COUNT_PIXELS_MAX. */
static cl_uint
count_band (const GstClClahePlan *p, cl_uint tile_w, cl_uint tile_h)
{
  const guint64 area = (guint64)tile_w * tile_h * p->tiles_x * p->tiles_y;
  const guint64 groups = (guint64)COUNT_GROUPS_PER_UNIT *
                         MAX (1, p->cmd.cl->compute_units);
  const cl_uint pixels = CLAMP (area / groups, COUNT_PIXELS_MIN,
      COUNT_PIXELS_MAX);

  return CLAMP ((pixels + tile_w - 1) / tile_w, 1, tile_h);
}

/* GPUs: the count's groups per tile, one per band. */
static size_t
count_bands (const GstClClahePlan *p, cl_uint tile_w, cl_uint tile_h)
{
  const cl_uint band = count_band (p, tile_w, tile_h);

  return (tile_h + band - 1) / band;
}

/* GPUs, 16-bit input: the histograms of @n tiles from @first on, into the
 * scratch buffer. */
static cl_int
enqueue_count (GstClClahePlan *p, const GstClPlane *in, cl_uint first,
    cl_uint n, cl_uint tile_w, cl_uint tile_h)
{
  cl_kernel k = p->k_count;
  const cl_uint band = count_band (p, tile_w, tile_h);
  const size_t lsz = MIN (COUNT_GROUP, p->cmd.cl->max_work_group_size);
  const size_t global[2] = { n * lsz, count_bands (p, tile_w, tile_h) };
  const size_t local[2] = { lsz, 1 };
  GstClArgs args = GST_CL_ARGS_INIT (k);

  add_tile_args (p, &args, in, tile_w, tile_h);
  GST_CL_ARG (&args, first);
  GST_CL_ARG (&args, band);
  GST_CL_ARG (&args, p->scratch);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_commands_kernel (&p->cmd, k, 2, global, local);
}

/* The arguments of a tables kernel @k for the tiles from @first on: its
 * local histogram holds @hist_words words, its part one per work-item of
 * @lsz. */
static void
add_tables_args (GstClClahePlan *p, GstClArgs *args, const GstClPlane *in,
    cl_uint first, cl_uint tile_w, cl_uint tile_h, cl_uint limit,
    cl_float scale, cl_uint smoothing, size_t hist_words, size_t lsz)
{
  add_tile_args (p, args, in, tile_w, tile_h);
  GST_CL_ARG (args, first);

  GST_CL_ARG (args, limit);
  GST_CL_ARG (args, scale);
  GST_CL_ARG (args, p->lo);
  GST_CL_ARG (args, p->top);
  GST_CL_ARG (args, smoothing);
  GST_CL_ARG (args, p->prev);
  GST_CL_ARG (args, p->lut);
  GST_CL_ARG (args, p->state);
  GST_CL_ARG (args, p->scratch);
  GST_CL_ARG_LOCAL (args, hist_words * 4);
  GST_CL_ARG_LOCAL (args, lsz * 4);
  /* 8-bit input: the tables packed for apply too; 16-bit input on GPUs:
   * the chunks' sums. */
  if (p->quads) {
    GST_CL_ARG (args, p->tiles_y);
    GST_CL_ARG (args, p->quads);
    if (tables_count (p)) {
      const cl_uint band = count_band (p, tile_w, tile_h);

      GST_CL_ARG (args, band);
    }
  }
  if (p->sums)
    GST_CL_ARG (args, p->sums);
}

static cl_int
set_tables_args (GstClClahePlan *p, cl_kernel k, const GstClPlane *in,
    cl_uint first, cl_uint tile_w, cl_uint tile_h, cl_uint limit,
    cl_float scale, cl_uint smoothing, size_t hist_words, size_t lsz)
{
  GstClArgs args = GST_CL_ARGS_INIT (k);

  add_tables_args (p, &args, in, first, tile_w, tile_h, limit, scale, smoothing,
      hist_words, lsz);
  return gst_cl_args_end (&args);
}

/* GPUs: the histograms zeroed where scratch_dirty says so. */
static cl_int
clear_scratch (GstClClahePlan *p)
{
  const cl_uint zero = 0;
  cl_int status;

  if (p->cpu || !p->scratch_dirty)
    return CL_SUCCESS;
  status = clEnqueueFillBuffer (gst_cl_commands_queue (&p->cmd), p->scratch,
      &zero, sizeof (zero), 0,
      scratch_size (p, tiles_batch (p, p->tiles_x * p->tiles_y)), 0, NULL,
      NULL);
  if (status == CL_SUCCESS)
    p->scratch_dirty = FALSE;
  return status;
}

/* The tables of all tiles, batch by batch of tiles whose histograms the
 * scratch buffer holds. 8-bit input on GPUs takes one kernel in the count
 * kernel's shape, groups of a band of a tile's rows each. 16-bit input on
 * GPUs takes three kernels per batch: the count, then in one group per tile and
 * chunk of bins the chunks' counts above and below the limit, then the
 * tables. */
static cl_int
enqueue_tables (GstClClahePlan *p, const GstClPlane *in,
    const GstClClaheSettings *s, cl_uint tile_w, cl_uint tile_h)
{
  cl_kernel k = p->k_tables;
  cl_kernel kx = p->k_excess;
  const cl_uint tiles = p->tiles_x * p->tiles_y;
  const cl_uint limit = tile_limit (p, s, tile_w, tile_h);
  const cl_float scale = tile_scale (p, tile_w, tile_h);
  const cl_uint smoothing = s->smoothing;
  const size_t lsz = p->cpu ? 1 : tables_group (p, k);
  const size_t lsz_x = kx ? tables_group (p, kx) : 0;
  /* Local histograms: 8-bit input's, 16-bit input's chunk on GPUs, else
   * none (a word, as OpenCL takes no empty local argument). */
  const size_t hist_words = p->in_bps == 1 ? 256
                            : kx           ? GST_CL_CLAHE_U16_CHUNK
                                           : 1;
  const cl_uint per_tile = kx ? u16_chunks (p) : 1;
  const gboolean counts = tables_count (p);
  const size_t bands = counts ? count_bands (p, tile_w, tile_h) : 1;
  const cl_uint batch = tiles_batch (p, tiles);
  cl_int status = clear_scratch (p);

  if (status != CL_SUCCESS)
    return status;
  for (cl_uint first = 0; first < tiles; first += batch) {
    const cl_uint n = MIN (batch, tiles - first);
    const size_t global[2] = { (size_t)n * per_tile * lsz, bands };
    const size_t local[2] = { lsz, 1 };
    const size_t global_x = (size_t)n * per_tile * lsz_x;

    if (set_tables_args (p, k, in, first, tile_w, tile_h, limit, scale,
            smoothing, hist_words, lsz) != CL_SUCCESS ||
        (kx && set_tables_args (p, kx, in, first, tile_w, tile_h, limit, scale,
                   smoothing, 1, lsz_x) != CL_SUCCESS))
      return CL_INVALID_KERNEL_ARGS;
    status = p->cpu || counts ? CL_SUCCESS
                              : enqueue_count (p, in, first, n, tile_w, tile_h);
    if (status == CL_SUCCESS && kx)
      status = gst_cl_commands_kernel (&p->cmd, kx, 1, &global_x, &lsz_x);
    if (status == CL_SUCCESS)
      status = gst_cl_commands_kernel (&p->cmd, k, 2, global, local);
    /* Counts may lie in the histograms that no tables kernel took. */
    if (status != CL_SUCCESS) {
      p->scratch_dirty = TRUE;
      return status;
    }
  }
  return CL_SUCCESS;
}

/* The apply kernel's grid for a plane of @width x @height: @rows rows
 * per work-item, @global and @local work-items across and down. */
static void
apply_shape (const GstClClahePlan *p, cl_uint width, cl_uint height,
    cl_uint *rows, size_t global[2], size_t local[2])
{
  GstClContext *cl = p->cmd.cl;
  /* CPUs: a few bands of whole rows per core, each one work-item. */
  const cl_uint bands = MIN (height, MAX (1, cl->compute_units) * 4);
  const size_t lx = MIN (GST_CL_CLAHE_APPLY_GROUP_X, cl->max_work_group_size);
  const size_t ly = lx * GST_CL_CLAHE_APPLY_GROUP_Y <= cl->max_work_group_size
                        ? GST_CL_CLAHE_APPLY_GROUP_Y
                        : 1;
  /* 8-bit input: GST_CL_CLAHE_APPLY_PIXELS pixels per work-item. */
  const cl_uint across = p->quads ? GST_CL_CLAHE_APPLY_PIXELS : 1;
  const size_t columns = (width + across - 1) / across;

  if (p->cpu) {
    *rows = (height + bands - 1) / bands;
    local[0] = local[1] = 1;
    global[0] = (height + *rows - 1) / *rows;
    global[1] = 1;
    return;
  }
  *rows = APPLY_ROWS_MAX;
  while (*rows > APPLY_ROWS_MIN &&
         (columns + lx - 1) / lx * ((height + *rows * ly - 1) / (*rows * ly)) <
             (size_t)APPLY_GROUPS_PER_UNIT * MAX (1, cl->compute_units))
    *rows /= 2;
  local[0] = lx;
  local[1] = ly;
  global[0] = GST_ROUND_UP_N (columns, lx);
  global[1] = GST_ROUND_UP_N ((height + *rows - 1) / *rows, ly);
}

/* The last arguments of the apply kernels, from the output on. */
static void
add_apply_args (GstClClahePlan *p, GstClArgs *args, const GstClPlane *out,
    cl_uint rows)
{
  const cl_uint dpitch = out->pitch / p->out_bps;

  GST_CL_ARG (args, out->mem);
  GST_CL_ARG (args, dpitch);
  GST_CL_ARG (args, rows);
}

/* The blend of the tiles' tables (packed for 8-bit input). */
static cl_int
enqueue_apply (GstClClahePlan *p, const GstClPlane *in, const GstClPlane *out,
    cl_mem lut, cl_uint tile_w, cl_uint tile_h)
{
  cl_kernel k = p->k_apply;
  const cl_uint pitch = in->pitch / p->in_bps;
  const cl_uint width = in->row_bytes / p->in_bps;
  const cl_uint height = in->height;
  /* OpenCV's float reciprocals, in C float on the host. */
  const cl_float inv_tw = 1.0f / (gfloat)tile_w;
  const cl_float inv_th = 1.0f / (gfloat)tile_h;
  cl_uint rows;
  size_t global[2], local[2];
  GstClArgs args = GST_CL_ARGS_INIT (k);

  apply_shape (p, width, height, &rows, global, local);
  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, p->swap);
  add_apply_args (p, &args, out, rows);
  GST_CL_ARG (&args, lut);
  GST_CL_ARG (&args, p->tiles_x);
  GST_CL_ARG (&args, p->tiles_y);
  GST_CL_ARG (&args, inv_tw);
  GST_CL_ARG (&args, inv_th);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_commands_kernel (&p->cmd, k, 2, global, local);
}

/* GPUs, 8-bit input: whether clahe_u8 takes the frame, and its grid: the
 * tiles' @bands of the count, then @apply_x by @apply_y groups of the
 * apply kernel's, @rows rows per work-item. */
static gboolean
clahe_grid (const GstClClahePlan *p, const GstClPlane *in, cl_uint tile_w,
    cl_uint tile_h, cl_uint *bands, cl_uint *rows, cl_uint *apply_x,
    cl_uint *apply_y)
{
  size_t global[2], local[2];

  if (!p->k_clahe)
    return FALSE;
  /* k_clahe is made for GPUs that run groups of 256 only, where the apply
   * kernel's groups are GST_CL_CLAHE_APPLY_GROUP_X x
   * GST_CL_CLAHE_APPLY_GROUP_Y, as clahe_u8's tickets take them. */
  apply_shape (p, in->row_bytes, in->height, rows, global, local);
  *bands = count_bands (p, tile_w, tile_h);
  *apply_x = global[0] / local[0];
  *apply_y = global[1] / local[1];
  return TRUE;
}

/* GPUs, 8-bit input: the tables and their blend in one launch of
 * clahe_grid()'s grid (kernels/clahe.cl). */
static cl_int
enqueue_clahe (GstClClahePlan *p, const GstClPlane *in, const GstClPlane *out,
    const GstClClaheSettings *s, cl_uint tile_w, cl_uint tile_h, cl_uint bands,
    cl_uint rows, cl_uint apply_x, cl_uint apply_y)
{
  cl_kernel k = p->k_clahe;
  const size_t lsz = GST_CL_CLAHE_APPLY_GROUP_X * GST_CL_CLAHE_APPLY_GROUP_Y;
  const cl_uint first = 0;
  const cl_float inv_tw = 1.0f / (gfloat)tile_w;
  const cl_float inv_th = 1.0f / (gfloat)tile_h;
  const size_t global = ((size_t)p->tiles_x * p->tiles_y * bands +
                            apply_x * apply_y) *
                        lsz;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  add_tables_args (p, &args, in, first, tile_w, tile_h,
      tile_limit (p, s, tile_w, tile_h), tile_scale (p, tile_w, tile_h),
      s->smoothing, 256, lsz);
  GST_CL_ARG (&args, bands);
  add_apply_args (p, &args, out, rows);
  GST_CL_ARG (&args, apply_x);
  GST_CL_ARG (&args, inv_tw);
  GST_CL_ARG (&args, inv_th);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_commands_kernel (&p->cmd, k, 1, &global, &lsz);
}

/* The kernel of the table (gstclkerneltable.h) for @stage. */
static gboolean
create_kernel (GstClContext *cl, cl_program program, GstClStage stage,
    GstClDepths depths, cl_kernel *kernel, GError **error)
{
  *kernel = gst_cl_kernel_table_create (cl, program, stage, depths, error);
  return *kernel != NULL;
}

/* The caps' kernels only, from a program of their depths. */
static gboolean
create_kernels (GstClClahePlan *p, GError **error)
{
  GstClContext *cl = p->cmd.cl;
  const GstClDepths depths = gst_cl_kernel_table_depths (p->in_bps * 8,
      p->out_bps * 8);
  /* GPUs count 16-bit input in a kernel of their own, and its tables take
   * two. */
  const gboolean u16_gpu = !p->cpu && p->in_bps == 2;
  /* ... and 8-bit input in one kernel where the groups are of 256. */
  const gboolean u8_one = !p->cpu && p->in_bps == 1 &&
                          cl->max_work_group_size >=
                              GST_CL_CLAHE_APPLY_GROUP_X *
                                  GST_CL_CLAHE_APPLY_GROUP_Y;
  /* A program per depth of the values: the bins of 16-bit input. */
  gchar *defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u "
                                    "-DGST_CL_CLAHE_BITS=%u",
      p->in_bps * 8, p->out_bps * 8, p->bits);
  GError *build_error = NULL;
  cl_program program = gst_cl_context_get_program_with (cl, "clahe",
      gst_cl_kernel_clahe, FALSE, defines, &build_error);
  gboolean ok;

  g_free (defines);
  if (!program) {
    /* Worded as any element's program that fails to build: a sentence for
     * the user, then the build's details. */
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED,
        "Could not build the OpenCL program \"clahe\" for \"%s\".\n%s",
        cl->device_name, build_error->message);
    g_error_free (build_error);
    return FALSE;
  }
  ok = (!u16_gpu || create_kernel (cl, program, GST_CL_STAGE_CLAHE_COUNT,
                        depths, &p->k_count, error)) &&
       create_kernel (cl, program, GST_CL_STAGE_CLAHE_TABLES, depths,
           &p->k_tables, error) &&
       (!u16_gpu || create_kernel (cl, program, GST_CL_STAGE_CLAHE_EXCESS,
                        depths, &p->k_excess, error)) &&
       create_kernel (cl, program, GST_CL_STAGE_CLAHE_APPLY, depths,
           &p->k_apply, error) &&
       (!u8_one || create_kernel (cl, program, GST_CL_STAGE_CLAHE, depths,
                       &p->k_clahe, error));
  clReleaseProgram (program);
  /* A device that runs groups of 256 may not run clahe_u8's: the two
   * kernels then take every frame. */
  if (ok && p->k_clahe) {
    size_t most = 0;

    clGetKernelWorkGroupInfo (p->k_clahe, cl->id.device,
        CL_KERNEL_WORK_GROUP_SIZE, sizeof (most), &most, NULL);
    if (most < GST_CL_CLAHE_APPLY_GROUP_X * GST_CL_CLAHE_APPLY_GROUP_Y)
      gst_cl_clear_kernel (&p->k_clahe);
  }
  return ok;
}

gboolean
gst_cl_clahe_plan_init (GstClClahePlan *p, const GstClCommands *cmd,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, GError **error)
{
  memset (p, 0, sizeof (*p));
  p->cmd = *cmd;
  /* The frame layer hands over the luma's values: 10 bits of P010's. */
  p->bits = GST_VIDEO_INFO_COMP_DEPTH (in_info, 0);
  p->in_bps = p->bits > 8 ? 2 : 1;
  p->out_bps = GST_VIDEO_INFO_COMP_DEPTH (out_info, 0) > 8 ? 2 : 1;
  p->nbins = 1u << p->bits;
  p->swap = gst_cl_context_swaps (cmd->cl, GST_VIDEO_INFO_FORMAT (in_info));
  p->cpu = gst_cl_context_use_cpu_kernels (cmd->cl);
  /* The tables are the input's depth also for 8-bit output, which the
   * blend shifts down. */
  p->top = p->nbins - 1;
  /* Limited-range luma keeps to 16..235, shifted up by d - 8 for d bits,
   * as its caps say it holds. */
  if (GST_VIDEO_INFO_IS_YUV (in_info) &&
      in_info->colorimetry.range != GST_VIDEO_COLOR_RANGE_0_255) {
    p->lo = 16u << (p->bits - 8);
    p->top = 219u << (p->bits - 8);
  }
  p->prev = GST_CL_CLAHE_PREV_NONE;
  if (!create_kernels (p, error)) {
    gst_cl_clahe_plan_clear (p);
    return FALSE;
  }
  return TRUE;
}

void
gst_cl_clahe_plan_clear (GstClClahePlan *p)
{
  cl_kernel *k[] = { &p->k_count, &p->k_tables, &p->k_excess, &p->k_apply,
    &p->k_clahe };

  release_tables (p);
  for (guint i = 0; i < G_N_ELEMENTS (k); i++)
    gst_cl_clear_kernel (k[i]);
}

gboolean
gst_cl_clahe_plan_alloc (GstClClahePlan *p, const GstClClaheSettings *s,
    GError **error)
{
  if ((s->tiles_x != p->tiles_x || s->tiles_y != p->tiles_y) &&
      !alloc_tables (p, s->tiles_x, s->tiles_y, error))
    return FALSE;
  if (s->smoothing && !p->state) {
    p->state = gst_cl_context_alloc (p->cmd.cl,
        (gsize)p->tiles_x * p->tiles_y * p->nbins * 4, error);
    if (!p->state)
      return FALSE;
  }
  return TRUE;
}

void
gst_cl_clahe_plan_restart (GstClClahePlan *p)
{
  p->prev = GST_CL_CLAHE_PREV_NONE;
}

/* table-from=previous: the tables the frame before was blended with,
 * kept before this frame's replace them. */
static cl_int
keep_previous (GstClClahePlan *p)
{
  const cl_mem tables = p->quads ? p->quads : p->lut;

  if (!p->previous) {
    p->previous = gst_cl_context_alloc (p->cmd.cl, p->apply_bytes, NULL);
    if (!p->previous)
      return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  }
  return clEnqueueCopyBuffer (gst_cl_commands_queue (&p->cmd), tables,
      p->previous, 0, 0, p->apply_bytes, 0, NULL, NULL);
}

cl_int
gst_cl_clahe_plan_enqueue (GstClClahePlan *p, const GstClPlane *in,
    const GstClPlane *out, const GstClClaheSettings *s, gboolean from_previous)
{
  const guint width = in->row_bytes / p->in_bps;
  guint tile_w, tile_h;
  cl_uint bands, rows, apply_x, apply_y;
  cl_int status = CL_SUCCESS;

  tile_size (width, in->height, p->tiles_x, p->tiles_y, &tile_w, &tile_h);
  if (!from_previous &&
      clahe_grid (p, in, tile_w, tile_h, &bands, &rows, &apply_x, &apply_y)) {
    status = clear_scratch (p);
    if (status == CL_SUCCESS)
      status = enqueue_clahe (p, in, out, s, tile_w, tile_h, bands, rows,
          apply_x, apply_y);
    /* Counts and tickets may lie in the scratch buffer. */
    if (status != CL_SUCCESS)
      p->scratch_dirty = TRUE;
  } else {
    /* The tables kernels count the frame and write its tables in one
     * launch, and the frame may be its own output: the frame's tables are
     * made first, the blend takes the copy. */
    if (from_previous)
      status = keep_previous (p);
    if (status == CL_SUCCESS)
      status = enqueue_tables (p, in, s, tile_w, tile_h);
    if (status == CL_SUCCESS)
      status = enqueue_apply (p, in, out,
          from_previous ? p->previous
          : p->quads    ? p->quads
                        : p->lut,
          tile_w, tile_h);
  }
  /* A failed frame may have left the tables half written. */
  if (status != CL_SUCCESS)
    p->prev = GST_CL_CLAHE_PREV_NONE;
  else
    p->prev = s->smoothing ? GST_CL_CLAHE_PREV_STATE : GST_CL_CLAHE_PREV_TABLE;
  return status;
}
