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
 * The histogram stage's plan and launch, shared by clhistequalize and
 * gstclhistmeasure.c; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistplan.h"
#include "gstclutils.h"
#include "gstclhistresults.h"
#include "kernels/clshared.h"

#include <string.h>

#define MAX_BINS 65536
/* The GPU 8-bit histogram's interleaved local copies of each bin: one, as
 * more counted slower on the H100 on flat, noisy and real frames alike
 * (the hardware merges a warp's atomics on one word; docs/performance.md
 * has the figures). */
#define GPU_HIST_COPIES 1
/* GRAY16 histogram on GPUs: the largest groups, up to this size, fill the
 * device with fewer groups, each of which clears and merges its local
 * bins once (docs/performance.md has the H200's figures). */
#define HIST16_GROUP 1024
/* The CPU 8-bit histogram's bands (gst_cl_cpu_bands): up to
 * CPU_BANDS_PER_CORE, each of CPU_BAND_PIXELS or more, as a band costs
 * 256 partial counts to clear, write and sum. */
#define CPU_BANDS_PER_CORE 16
#define CPU_BAND_PIXELS 65536

/* Rows per band for about @bands bands. */
static guint
band_rows (guint height, guint bands)
{
  return (height + MIN (height, bands) - 1) / MIN (height, bands);
}

/* Slices of the 65536 bins for @words local words each, two counters a
 * word where @packed. */
static guint
slices_of (guint64 words, gboolean packed)
{
  const guint64 bins = MIN (MAX_BINS, packed ? 2 * words : words);

  return (MAX_BINS + bins - 1) / bins;
}

/* Local words for a GRAY16 slice of bins on GPUs: a power of two, or, where
 * that would cut the 65536 bins into more slices (48 KiB, as NVIDIA's
 * driver reports: 8192 words, 4 slices), as many as fit beside the 1 KiB
 * that CUDA keeps of every group's share (3 slices), so that the frame is
 * read once less. NVIDIA refuses a group that asks for all the local
 * memory it reports. */
static guint
slice_words (guint64 local_mem_size, gboolean packed)
{
  const guint pow2 = gst_cl_hist_floor_pow2 (local_mem_size / 4);
  const guint64 fit = local_mem_size > 2048 ? (local_mem_size - 1024) / 4 : 0;

  return fit && slices_of (fit, packed) < slices_of (pow2, packed) ? (guint)fit
                                                                   : pow2;
}

/* The bins of a slice of @words local words: the 65536 bins cut into as
 * few slices as fit, of equal size, even where two 16-bit counters share a
 * word. */
static guint
slice_bins (guint words, gboolean packed)
{
  const guint slices = slices_of (words, packed);
  const guint bins = (MAX_BINS + slices - 1) / slices;

  return packed ? GST_ROUND_UP_2 (bins) : bins;
}

void
gst_cl_hist_plan_init (GstClHistPlan *p, GstClContext *cl, guint depth,
    gboolean cpu, guint width, guint height)
{
  const guint units = MAX (1, cl->compute_units);

  memset (p, 0, sizeof (*p));
  p->depth = depth;
  p->cpu = cpu;
  p->parts = 1;
  if (cpu) {
    /* GRAY16's partials are 256 KiB each: a band per core. */
    const guint bands = depth == 8
                            ? gst_cl_cpu_bands (units, (guint64)width * height,
                                  2, CPU_BANDS_PER_CORE, CPU_BAND_PIXELS)
                            : units;

    p->rows_per_group = band_rows (height, bands);
  } else if (depth == 8) {
    /* Enough groups to fill the device, and few enough that the merges of
     * their local bins into the 256 global ones queue briefly. */
    p->rows_per_group = band_rows (height, units * 2);
  } else {
    /* About one large group per compute unit and slice. */
    p->hist16_group = MIN (HIST16_GROUP, cl->max_work_group_size);
    p->rows_per_group = band_rows (height, units);
    /* Packed 16-bit counters need fewer than 65536 pixels per group. */
    p->packed = width <= G_MAXUINT16;
    if (p->packed)
      p->rows_per_group = MAX (1, MIN (p->rows_per_group, G_MAXUINT16 / width));
    p->slice_bins = slice_bins (slice_words (cl->local_mem_size, p->packed),
        p->packed);
  }
  p->groups = (height + p->rows_per_group - 1) / p->rows_per_group;
  if (cpu) {
    p->parts = p->groups;
    /* The 8-bit table is too small to share. */
    p->lut_items = depth == 8 ? 1 : gst_cl_hist_floor_pow2 (units);
  }
}

guint
gst_cl_hist_plan_stat_blocks (const GstClHistPlan *p)
{
  /* A block per work-item on CPUs. */
  return p->cpu ? p->lut_items : p->depth == 8 ? 0 : GST_CL_HIST_LUT_BLOCKS;
}

cl_int
gst_cl_hist_plan_enqueue (const GstClHistPlan *p, const GstClCommands *cmd,
    cl_kernel k, const GstClPlane *in, cl_uint swap, cl_uint x0, cl_uint y0,
    cl_uint width, cl_uint height, cl_mem hist, cl_uint *parts)
{
  GstClContext *cl = cmd->cl;
  const cl_uint pitch = in->pitch / (p->depth / 8);
  const gboolean slices = !p->cpu && p->depth == 16;
  const size_t lsz = p->cpu   ? 1
                     : slices ? p->hist16_group
                              : MIN (256, cl->max_work_group_size);
  const cl_uint param = p->depth == 8 ? GPU_HIST_COPIES : p->slice_bins;
  const size_t local_bytes = p->cpu ? (p->depth == 8 ? 4 : MAX_BINS * 4)
                             : p->depth == 8 ? 256 * GPU_HIST_COPIES * 4
                                             : (p->packed ? p->slice_bins / 2
                                                          : p->slice_bins) *
                                                   4;
  /* Bands of the region, which may be fewer than the frame's. */
  const cl_uint groups = (height + p->rows_per_group - 1) / p->rows_per_group;
  size_t global[2] = { groups * lsz,
    slices ? (MAX_BINS + p->slice_bins - 1) / p->slice_bins : 1 };
  size_t local[2] = { lsz, 1 };
  GstClArgs args = GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, x0);
  GST_CL_ARG (&args, y0);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, p->rows_per_group);
  GST_CL_ARG (&args, swap);
  GST_CL_ARG (&args, param);
  GST_CL_ARG (&args, p->packed);
  GST_CL_ARG (&args, hist);
  GST_CL_ARG_LOCAL (&args, local_bytes);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  /* CPUs: one partial histogram per band. */
  *parts = p->cpu ? groups : 1;
  return gst_cl_commands_kernel (cmd, k, 2, global, local);
}

gsize
gst_cl_hist_plan_map_count_local (const GstClHistPlan *p)
{
  return p->cpu && p->depth == 16 ? MAX_BINS * 4 : 256 * 4;
}

cl_int
gst_cl_hist_plan_launch_map_count (const GstClHistPlan *p,
    const GstClCommands *cmd, cl_kernel k, cl_uint height, cl_uint *parts)
{
  /* map_count_u8 builds its table with one work-item per entry. */
  const size_t lsz = p->cpu ? 1 : 256;
  const cl_uint groups = (height + p->rows_per_group - 1) / p->rows_per_group;
  size_t global[1] = { groups * lsz };
  size_t local[1] = { lsz };

  g_return_val_if_fail (p->cpu || p->depth == 8, CL_INVALID_OPERATION);
  /* CPUs: one partial histogram per band of the frame. */
  *parts = p->cpu ? groups : 1;
  return gst_cl_commands_kernel (cmd, k, 1, global, local);
}
