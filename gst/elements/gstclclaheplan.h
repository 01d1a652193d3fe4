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
#ifndef __GST_CL_CLAHE_PLAN_H__
#define __GST_CL_CLAHE_PLAN_H__

#include "gstclframeplan.h"

G_BEGIN_DECLS

/* What one frame's tables are made with: clclahe's properties. */
typedef struct {
  gdouble clip_limit;
  guint tiles_x;
  guint tiles_y;
  guint smoothing;
} GstClClaheSettings;

/* How clclahe's kernels (kernels/clahe.cl) make a frame's tables and blend
 * them, for one pair of caps: their kernels and, per grid of tiles, their
 * buffers. The element owns it and posts what fails. */
typedef struct {
  /* Where its commands go. */
  GstClCommands cmd;

  /* The caps' kernels: tables (on GPUs, for 8-bit input, counting too; for
   * 16-bit input after the count kernel) and apply (the *_rows_* kernels on
   * CPUs). */
  cl_kernel k_count;
  cl_kernel k_tables;
  /* 16-bit input on GPUs: the chunks' sums the tables kernel starts
   * from. */
  cl_kernel k_excess;
  cl_kernel k_apply;
  /* GPUs, 8-bit input: k_tables' and k_apply's work in one launch, for
   * frames blended with their own tables. */
  cl_kernel k_clahe;

  /* Per caps: bits of the input's values (10 for P010_10LE), bytes of
   * its samples and of the output's, the tables' bins (2^bits). */
  guint bits;
  guint in_bps;
  guint out_bps;
  guint nbins;
  cl_uint swap;
  /* The tables' range: lo + (0..top). */
  cl_uint lo;
  cl_uint top;
  gboolean cpu;

  /* Per grid of tiles: the tables (bytes for 8-bit input, 16-bit words
   * for 16-bit input), the smoothing state (from the first frame that
   * smooths), the histograms (16-bit input's, and all of them on GPUs)
   * and 8-bit input's packed tables (see kernels/clahe.cl); 0 tiles
   * before the first. */
  guint tiles_x;
  guint tiles_y;
  cl_mem lut;
  cl_mem state;
  cl_mem scratch;
  cl_mem quads;
  /* table-from=previous: a copy of the tables apply takes (the packed
   * ones for 8-bit input), made before the frame's own overwrite them,
   * of @apply_bytes; from the first frame that needs it. */
  cl_mem previous;
  gsize apply_bytes;
  /* 16-bit input on GPUs: per tile of a batch and chunk of its bins, the
   * counts above the clip limit and below it (see kernels/clahe.cl). */
  cl_mem sums;
  /* The GPU kernels count into @scratch and leave it zero: it needs
   * zeroing when new, or after a frame that failed between the two. */
  gboolean scratch_dirty;
  /* Where the next frame finds the last one's state: GST_CL_CLAHE_PREV_*. */
  cl_uint prev;
} GstClClahePlan;

/* The plan for frames of @in_info's luma made into @out_info's: the
 * kernels of their depths, from a program built for them; the buffers wait
 * for gst_cl_clahe_plan_alloc(). @p is cleared on failure. */
gboolean gst_cl_clahe_plan_init (GstClClahePlan *p, const GstClCommands *cmd,
    const GstVideoInfo *in_info, const GstVideoInfo *out_info, GError **error);
/* Releases the kernels and buffers; @p may be cleared again. */
void gst_cl_clahe_plan_clear (GstClClahePlan *p);

/* The buffers for @s's grid of tiles, new where the grid changed (the
 * smoothing then starts afresh), and the smoothing state once @s smooths. */
gboolean gst_cl_clahe_plan_alloc (GstClClahePlan *p,
    const GstClClaheSettings *s, GError **error);
/* The next frame's tables start afresh, as after a discontinuity. */
void gst_cl_clahe_plan_restart (GstClClahePlan *p);

/* Queues the tables of @in's tiles for @s, then their blend into @out:
 * with @from_previous, the blend of the tables the frame before was
 * blended with (the grid's last frame must have been made with @s).
 * gst_cl_clahe_plan_alloc() must have been given @s first. */
cl_int gst_cl_clahe_plan_enqueue (GstClClahePlan *p, const GstClPlane *in,
    const GstClPlane *out, const GstClClaheSettings *s, gboolean from_previous);

G_END_DECLS
#endif /* __GST_CL_CLAHE_PLAN_H__ */
