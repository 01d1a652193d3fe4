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
 * Which kernel of kernels/ runs for each step, depth and path; see the
 * header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclkerneltable.h"

GST_DEBUG_CATEGORY_EXTERN (gst_cl_debug);
#define GST_CAT_DEFAULT gst_cl_debug

static const gchar *stage_names[GST_CL_N_STAGES] = { "unpack", "pack",
  "unpack-rgb", "pack-rgb", "histogram-rgb", "map-rgb", "histogram", "make-lut",
  "summary", "bounds", "apply", "equalize", "map-count", "clahe-count",
  "clahe-tables", "clahe-excess", "clahe-apply", "clahe", "sobel",
  "sobel-magnitude", "sobel-magnitude-l1", "sobel-dx", "sobel-dy", "narrow" };
static const gchar *depth_names[GST_CL_N_DEPTHS] = { "8-bit", "16-bit",
  "16-bit to 8-bit" };

typedef struct {
  GstClStage stage;
  GstClDepths depths;
  const gchar *gpu;
  const gchar *cpu;
} Entry;

/* docs/opencl.md lists the same table. */
static const Entry table[] = {
  { GST_CL_STAGE_UNPACK, GST_CL_DEPTHS_8, "unpack_u8", "unpack_u8" },
  { GST_CL_STAGE_UNPACK, GST_CL_DEPTHS_16, "unpack_u16", "unpack_u16" },
  { GST_CL_STAGE_UNPACK, GST_CL_DEPTHS_16_8, "unpack_u16", "unpack_u16" },
  { GST_CL_STAGE_PACK, GST_CL_DEPTHS_8, "pack_u8", "pack_u8" },
  { GST_CL_STAGE_PACK, GST_CL_DEPTHS_16, "pack_u16", "pack_u16" },
  { GST_CL_STAGE_PACK, GST_CL_DEPTHS_16_8, "pack_u8", "pack_u8" },
  { GST_CL_STAGE_UNPACK_RGB, GST_CL_DEPTHS_8, "unpack_rgb", "unpack_rgb_rows" },
  { GST_CL_STAGE_PACK_RGB, GST_CL_DEPTHS_8, "pack_rgb", "pack_rgb_rows" },
  { GST_CL_STAGE_HISTOGRAM_RGB, GST_CL_DEPTHS_8, NULL, "histogram_rgb_rows" },
  { GST_CL_STAGE_MAP_RGB, GST_CL_DEPTHS_8, NULL, "map_rgb_rows" },
  { GST_CL_STAGE_HISTOGRAM, GST_CL_DEPTHS_8, "histogram_u8",
      "histogram_rows_u8" },
  { GST_CL_STAGE_HISTOGRAM, GST_CL_DEPTHS_16, "histogram_u16",
      "histogram_rows_u16" },
  { GST_CL_STAGE_HISTOGRAM, GST_CL_DEPTHS_16_8, "histogram_u16",
      "histogram_rows_u16" },
  { GST_CL_STAGE_MAKE_LUT, GST_CL_DEPTHS_8, "make_lut_u8", "make_lut_rows_u8" },
  { GST_CL_STAGE_MAKE_LUT, GST_CL_DEPTHS_16, "make_lut_u16",
      "make_lut_rows_u16" },
  { GST_CL_STAGE_MAKE_LUT, GST_CL_DEPTHS_16_8, "make_lut_u16",
      "make_lut_rows_u16" },
  { GST_CL_STAGE_SUMMARY, GST_CL_DEPTHS_8, "summary_u8", NULL },
  { GST_CL_STAGE_BOUNDS, GST_CL_DEPTHS_16, "bounds_u16", NULL },
  { GST_CL_STAGE_BOUNDS, GST_CL_DEPTHS_16_8, "bounds_u16", NULL },
  { GST_CL_STAGE_APPLY, GST_CL_DEPTHS_8, "apply_u8", "apply_rows_u8" },
  { GST_CL_STAGE_APPLY, GST_CL_DEPTHS_16, "apply_u16", "apply_rows_u16" },
  { GST_CL_STAGE_APPLY, GST_CL_DEPTHS_16_8, "apply_u16_u8",
      "apply_rows_u16_u8" },
  { GST_CL_STAGE_EQUALIZE, GST_CL_DEPTHS_8, "equalize_u8", NULL },
  { GST_CL_STAGE_MAP_COUNT, GST_CL_DEPTHS_8, "map_count_u8",
      "map_count_rows_u8" },
  { GST_CL_STAGE_MAP_COUNT, GST_CL_DEPTHS_16, NULL, "map_count_rows_u16" },
  { GST_CL_STAGE_MAP_COUNT, GST_CL_DEPTHS_16_8, NULL, "map_count_rows_u16_u8" },
  { GST_CL_STAGE_CLAHE_COUNT, GST_CL_DEPTHS_16, "clahe_count_u16", NULL },
  { GST_CL_STAGE_CLAHE_COUNT, GST_CL_DEPTHS_16_8, "clahe_count_u16", NULL },
  { GST_CL_STAGE_CLAHE_TABLES, GST_CL_DEPTHS_8, "clahe_count_tables_u8",
      "clahe_tables_u8" },
  { GST_CL_STAGE_CLAHE_TABLES, GST_CL_DEPTHS_16, "clahe_tables_counted_u16",
      "clahe_tables_u16" },
  { GST_CL_STAGE_CLAHE_TABLES, GST_CL_DEPTHS_16_8, "clahe_tables_counted_u16",
      "clahe_tables_u16" },
  { GST_CL_STAGE_CLAHE_EXCESS, GST_CL_DEPTHS_16, "clahe_tables_excess_u16",
      NULL },
  { GST_CL_STAGE_CLAHE_EXCESS, GST_CL_DEPTHS_16_8, "clahe_tables_excess_u16",
      NULL },
  { GST_CL_STAGE_CLAHE_APPLY, GST_CL_DEPTHS_8, "clahe_apply_u8",
      "clahe_apply_rows_u8" },
  { GST_CL_STAGE_CLAHE_APPLY, GST_CL_DEPTHS_16, "clahe_apply_u16",
      "clahe_apply_rows_u16" },
  { GST_CL_STAGE_CLAHE_APPLY, GST_CL_DEPTHS_16_8, "clahe_apply_u16_u8",
      "clahe_apply_rows_u16_u8" },
  { GST_CL_STAGE_CLAHE, GST_CL_DEPTHS_8, "clahe_u8", NULL },
  { GST_CL_STAGE_SOBEL, GST_CL_DEPTHS_8, "sobel_u8", "sobel_rows_u8" },
  { GST_CL_STAGE_SOBEL, GST_CL_DEPTHS_16, "sobel_u16", "sobel_rows_u16" },
  { GST_CL_STAGE_SOBEL, GST_CL_DEPTHS_16_8, "sobel_u16_u8",
      "sobel_rows_u16_u8" },
  { GST_CL_STAGE_SOBEL_MAGNITUDE, GST_CL_DEPTHS_8, "sobel_magnitude_u8", NULL },
  { GST_CL_STAGE_SOBEL_MAGNITUDE, GST_CL_DEPTHS_16, "sobel_magnitude_u16",
      NULL },
  { GST_CL_STAGE_SOBEL_MAGNITUDE_L1, GST_CL_DEPTHS_8, "sobel_magnitude_l1_u8",
      NULL },
  { GST_CL_STAGE_SOBEL_MAGNITUDE_L1, GST_CL_DEPTHS_16, "sobel_magnitude_l1_u16",
      NULL },
  { GST_CL_STAGE_SOBEL_DX, GST_CL_DEPTHS_8, "sobel_dx_u8", NULL },
  { GST_CL_STAGE_SOBEL_DX, GST_CL_DEPTHS_16, "sobel_dx_u16", NULL },
  { GST_CL_STAGE_SOBEL_DY, GST_CL_DEPTHS_8, "sobel_dy_u8", NULL },
  { GST_CL_STAGE_SOBEL_DY, GST_CL_DEPTHS_16, "sobel_dy_u16", NULL },
  { GST_CL_STAGE_NARROW, GST_CL_DEPTHS_16_8, "narrow_u16_u8", "narrow_u16_u8" },
};

const gchar *
gst_cl_kernel_table_lookup (GstClStage stage, GstClDepths depths, gboolean cpu)
{
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (table[i].stage == stage && table[i].depths == depths)
      return cpu ? table[i].cpu : table[i].gpu;
  return NULL;
}

cl_kernel
gst_cl_kernel_table_create (GstClContext *cl, cl_program program,
    GstClStage stage, GstClDepths depths, GError **error)
{
  const gboolean cpu = gst_cl_context_use_cpu_kernels (cl);
  const gchar *name = gst_cl_kernel_table_lookup (stage, depths, cpu);

  if (!name) {
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_NOT_IMPLEMENTED,
        "No OpenCL kernel does this on \"%s\".\n"
        "no %s kernel for %s samples on the %s path",
        cl->device_name, stage_names[stage], depth_names[depths],
        cpu ? "CPU" : "GPU");
    return NULL;
  }
  GST_DEBUG_OBJECT (cl, "%s, %s samples, %s kernels: %s", stage_names[stage],
      depth_names[depths], cpu ? "CPU" : "GPU", name);
  return gst_cl_context_create_kernel (cl, program, name, error);
}

GstClDepths
gst_cl_kernel_table_depths (guint in_bits, guint out_bits)
{
  if (in_bits == 8)
    return GST_CL_DEPTHS_8;
  return out_bits == 8 ? GST_CL_DEPTHS_16_8 : GST_CL_DEPTHS_16;
}
