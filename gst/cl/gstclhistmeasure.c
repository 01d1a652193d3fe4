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
 * The histogram of a frame for the `histogram` message, on the device; see
 * the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistmeasure.h"
#include "gstclutils.h"
#include "gstclhistresults.h"
#include "gstclhistplan.h"
#include "gstclkerneltable.h"
#include "clkernels.h"
#include "kernels/clshared.h"

#include <string.h>

struct _GstClHistMeasure {
  /* Where its commands go. */
  GstClCommands cmd;
  cl_program program;
  cl_kernel k_hist;
  /* make_lut_* for its summary, or summary_u8 (8 bits on GPUs). */
  cl_kernel k_summary;

  /* CPUs store partial histograms whole; GPUs count into one with atomics,
   * which summary_u8 leaves clear for the next frame and a fill clears for
   * GRAY16 (and after a failed frame). */
  cl_mem hist;
  gboolean hist_dirty;
  /* What the table kernels need besides: their table and, on CPUs, the
   * cumulative counts. */
  cl_mem lut;
  cl_mem cum;
  /* The table kernels' smoothing state, which they always store: one
   * scratch buffer, never read (every frame restarts it). */
  cl_mem scratch;
  /* The table kernels' summary and per-block statistics, read back with
   * the frame's number of message bins; 0 when none. */
  GstClHistResults results;
  guint pending_bins;
  guint pending_region[4];

  /* Bits of the kernels' samples (8 or 16), and of the values (10 for
   * P010): the message's bins divide 2^bits. */
  guint depth;
  guint bits;
  guint nbins;
  cl_uint swap;
  gboolean cpu;
  /* clhistequalize's plan for its histogram and table stages. */
  GstClHistPlan plan;
  /* Partial histograms the frame's region filled. */
  cl_uint hist_parts;
};

void
gst_cl_hist_measure_free (GstClHistMeasure *m)
{
  if (!m)
    return;
  gst_cl_clear_mem (&m->hist);
  gst_cl_clear_mem (&m->lut);
  gst_cl_clear_mem (&m->cum);
  gst_cl_clear_mem (&m->scratch);
  gst_cl_hist_results_clear (&m->results);
  gst_cl_clear_kernel (&m->k_hist);
  gst_cl_clear_kernel (&m->k_summary);
  gst_cl_clear_program (&m->program);
  g_free (m);
}

GstClHistMeasure *
gst_cl_hist_measure_new (const GstClCommands *cmd, const GstVideoInfo *info,
    GstDebugCategory *category, GObject *owner, GError **error)
{
  GstClContext *cl = cmd->cl;
  GstClHistMeasure *m = g_new0 (GstClHistMeasure, 1);
  GstClDepths depths;
  gchar *defines;

  m->cmd = *cmd;
  m->bits = GST_VIDEO_INFO_COMP_DEPTH (info, 0);
  m->depth = m->bits > 8 ? 16 : 8;
  /* clhistequalize's program for the depth, which the context builds once
   * for both when the output keeps the input's depth. */
  defines = g_strdup_printf ("-DGST_CL_IN=%u -DGST_CL_OUT=%u", m->depth,
      m->depth);
  m->program = gst_cl_context_get_program_with (cl, "histequalize",
      gst_cl_kernel_histequalize, TRUE, defines, error);
  g_free (defines);
  if (!m->program) {
    g_prefix_error (error,
        "Could not build the OpenCL program \"histequalize\" for \"%s\".\n",
        cl->device_name);
    goto failed;
  }
  m->nbins = 1u << m->depth;
  m->swap = gst_cl_context_swaps (cl, GST_VIDEO_INFO_FORMAT (info));
  m->cpu = gst_cl_context_use_cpu_kernels (cl);
  gst_cl_hist_plan_init (&m->plan, cl, m->depth, m->cpu,
      GST_VIDEO_INFO_COMP_WIDTH (info, 0),
      GST_VIDEO_INFO_COMP_HEIGHT (info, 0));
  /* 8 bits on GPUs: summary_u8, as no table is built. */
  depths = gst_cl_kernel_table_depths (m->depth, m->depth);
  m->k_hist = gst_cl_kernel_table_create (cl, m->program,
      GST_CL_STAGE_HISTOGRAM, depths, error);
  m->k_summary = m->k_hist
                     ? gst_cl_kernel_table_create (cl, m->program,
                           !m->cpu && m->depth == 8 ? GST_CL_STAGE_SUMMARY
                                                    : GST_CL_STAGE_MAKE_LUT,
                           depths, error)
                     : NULL;
  if (!m->k_summary)
    goto failed;

  m->hist = gst_cl_context_alloc (cl, (gsize)m->plan.parts * m->nbins * 4,
      error);
  m->lut = gst_cl_context_alloc (cl, m->nbins * m->depth / 8, error);
  m->scratch = gst_cl_context_alloc (cl, m->nbins * 4, error);
  if (!m->hist || !m->lut || !m->scratch)
    goto failed;
  if (m->cpu) {
    m->cum = gst_cl_context_alloc (cl, m->nbins * 4, error);
    if (!m->cum)
      goto failed;
  }
  /* The table kernels' statistics: a block per work-item on CPUs. */
  if (!gst_cl_hist_results_alloc (&m->results, cl, m->nbins, 1u << m->bits,
          gst_cl_hist_plan_stat_blocks (&m->plan), error))
    goto failed;
  /* In the element's category, with its other lines. */
  GST_CAT_DEBUG_OBJECT (category, owner,
      "%s %dx%d: %u bands of %u rows on %s kernels", GST_VIDEO_INFO_NAME (info),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info), m->plan.groups,
      m->plan.rows_per_group, m->cpu ? "CPU" : "GPU");
  /* GPUs count into the histogram with atomics: it starts clear. */
  m->hist_dirty = !m->cpu;
  return m;

failed:
  gst_cl_hist_measure_free (m);
  return NULL;
}

/* The summary for @num_bins bins, by a table kernel or summary_u8. The
 * table goes unused: the plainest one is asked for (equalize, full
 * strength, no smoothing, every frame a first). */
static cl_int
enqueue_summary (GstClHistMeasure *m, cl_uint total, guint num_bins)
{
  const cl_uint group = (1u << m->bits) / num_bins;
  const cl_uint lo = 0, method = GST_CL_METHOD_EQUALIZE, cut = 0;
  const cl_uint span = m->depth == 8 ? GST_CL_SPAN_CV : 65535;
  const cl_uint strength = 256, smoothing = 0, restart = 1, id_shift = 0;
  const cl_mem no_bounds = NULL;
  const size_t one = 1, lsz = GST_CL_LUT_GROUP;
  const size_t blocks = GST_CL_HIST_LUT_BLOCKS * GST_CL_LUT_GROUP, bins8 = 256;
  cl_kernel k = m->k_summary;
  GstClArgs args = GST_CL_ARGS_INIT (k);

  GST_CL_ARG (&args, m->hist);
  GST_CL_ARG (&args, m->hist_parts);
  GST_CL_ARG (&args, total);
  GST_CL_ARG (&args, m->lut);
  GST_CL_ARG (&args, m->results.stats);
  GST_CL_ARG (&args, m->results.summary);
  GST_CL_ARG (&args, group);
  GST_CL_ARG (&args, m->cum);
  GST_CL_ARG (&args, lo);
  GST_CL_ARG (&args, span);
  GST_CL_ARG (&args, method);
  GST_CL_ARG (&args, cut);
  GST_CL_ARG (&args, cut);
  GST_CL_ARG (&args, strength);
  GST_CL_ARG (&args, smoothing);
  GST_CL_ARG (&args, restart);
  GST_CL_ARG (&args, id_shift);
  GST_CL_ARG (&args, m->scratch);
  GST_CL_ARG (&args, m->scratch);
  GST_CL_ARG (&args, no_bounds);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  if (m->cpu)
    return gst_cl_commands_kernel (&m->cmd, k, 1, &m->plan.lut_items, &one);
  if (m->depth == 8)
    return gst_cl_commands_kernel (&m->cmd, k, 1, &bins8, &bins8);
  return gst_cl_commands_kernel (&m->cmd, k, 1, &blocks, &lsz);
}

static cl_int
clear_histogram (GstClHistMeasure *m)
{
  const cl_uint zero = 0;

  return clEnqueueFillBuffer (gst_cl_commands_queue (&m->cmd), m->hist, &zero,
      sizeof (zero), 0, (gsize)m->plan.parts * m->nbins * 4, 0, NULL, NULL);
}

cl_int
gst_cl_hist_measure_enqueue (GstClHistMeasure *m, const GstClPlane *plane,
    guint x, guint y, guint width, guint height, guint num_bins)
{
  cl_int status = CL_SUCCESS;

  m->pending_bins = 0;
  if (m->hist_dirty || (!m->cpu && m->depth == 16))
    status = clear_histogram (m);
  if (status == CL_SUCCESS)
    status = gst_cl_hist_plan_enqueue (&m->plan, &m->cmd, m->k_hist, plane,
        m->swap, x, y, width, height, m->hist, &m->hist_parts);
  if (status == CL_SUCCESS)
    status = enqueue_summary (m, width * height, num_bins);
  if (status == CL_SUCCESS)
    status = gst_cl_hist_results_read (&m->results,
        gst_cl_commands_queue (&m->cmd), num_bins);
  /* A frame that failed may have left counts behind on GPUs. */
  m->hist_dirty = status != CL_SUCCESS && !m->cpu;
  if (status == CL_SUCCESS) {
    m->pending_bins = num_bins;
    m->pending_region[0] = x;
    m->pending_region[1] = y;
    m->pending_region[2] = width;
    m->pending_region[3] = height;
  }
  return status;
}

GstStructure *
gst_cl_hist_measure_take (GstClHistMeasure *m, const GstSegment *segment,
    GstBuffer *buf, const GstVideoInfo *info, guint *region)
{
  GstStructure *s;

  if (!m->pending_bins)
    return NULL;
  s = gst_cl_hist_results_fields (&m->results, segment, buf, info,
      m->pending_bins);
  memcpy (region, m->pending_region, sizeof (m->pending_region));
  m->pending_bins = 0;
  return s;
}
