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
 * An RGB frame's channel counted and mapped on its pixels; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclrgbtable.h"
#include "gstclkerneltable.h"
#include "gstclutils.h"
#include "clkernels.h"

#define MAP_BANDS_PER_CORE 32
#define MAP_BAND_PIXELS 32768

gboolean
gst_cl_rgb_table_init (GstClRgbTable *t, GstClContext *cl, guint space,
    guint pstride, guint offsets, GError **error)
{
  gchar *defines = g_strdup_printf ("-DGST_CL_RGB_SPACE=%u "
                                    "-DGST_CL_RGB_PSTRIDE=%u "
                                    "-DGST_CL_RGB_OFFSETS=%u",
      space, pstride, offsets);
  cl_program program = gst_cl_context_get_program_with (cl, "rgbtable",
      gst_cl_kernel_rgbtable, FALSE, defines, error);

  g_free (defines);
  t->histogram = t->map = NULL;
  if (!program) {
    g_prefix_error (error,
        "Could not build the OpenCL program \"rgbtable\" for \"%s\".\n",
        cl->device_name);
    return FALSE;
  }
  t->histogram = gst_cl_kernel_table_create (cl, program,
      GST_CL_STAGE_HISTOGRAM_RGB, GST_CL_DEPTHS_8, error);
  if (t->histogram)
    t->map = gst_cl_kernel_table_create (cl, program, GST_CL_STAGE_MAP_RGB,
        GST_CL_DEPTHS_8, error);
  /* The kernels hold the program. */
  clReleaseProgram (program);
  if (!t->map) {
    gst_cl_rgb_table_clear (t);
    return FALSE;
  }
  return TRUE;
}

void
gst_cl_rgb_table_clear (GstClRgbTable *t)
{
  gst_cl_clear_kernel (&t->histogram);
  gst_cl_clear_kernel (&t->map);
}

cl_int
gst_cl_rgb_table_map (const GstClRgbTable *t, const GstClCommands *cmd,
    const GstClPlane *in, const GstClPlane *out, cl_mem lut)
{
  const cl_uint pitch = in->pitch, dpitch = out->pitch;
  const cl_uint width = in->row_bytes / in->rgb_pstride;
  const cl_uint height = in->height;
  /* Bands as the 8-bit histogram's (gstclhistplan.c), four a core at
   * least. */
  const cl_uint bands = MIN (height,
      gst_cl_cpu_bands (cmd->cl->compute_units, (guint64)width * height, 4,
          MAP_BANDS_PER_CORE, MAP_BAND_PIXELS));
  const cl_uint rows = (height + bands - 1) / bands;
  size_t global[1] = { (height + rows - 1) / rows };
  size_t local[1] = { 1 };
  GstClArgs args = GST_CL_ARGS_INIT (t->map);

  g_return_val_if_fail (in->rgb_pstride != 0, CL_INVALID_VALUE);
  GST_CL_ARG (&args, in->mem);
  GST_CL_ARG (&args, pitch);
  GST_CL_ARG (&args, width);
  GST_CL_ARG (&args, height);
  GST_CL_ARG (&args, rows);
  GST_CL_ARG (&args, out->mem);
  GST_CL_ARG (&args, dpitch);
  GST_CL_ARG (&args, lut);
  if (gst_cl_args_end (&args) != CL_SUCCESS)
    return CL_INVALID_KERNEL_ARGS;
  return gst_cl_commands_kernel (cmd, t->map, 1, global, local);
}
