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
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclclahe.h"
#include "gstcldownload.h"
#include "gstclhistequalize.h"
#include "gstclhistoutput.h"
#include "gstclhistogram.h"
#include "gstclsobel.h"
#include "gstclupload.h"

static gboolean
plugin_init (GstPlugin *plugin)
{
  gboolean ret = FALSE;

  gst_cl_histogram_meta_get_info ();
  ret |= GST_ELEMENT_REGISTER (clclahe, plugin);
  ret |= GST_ELEMENT_REGISTER (clhistequalize, plugin);
  ret |= GST_ELEMENT_REGISTER (clhistogram, plugin);
  ret |= GST_ELEMENT_REGISTER (clsobel, plugin);
  ret |= GST_ELEMENT_REGISTER (clupload, plugin);
  ret |= GST_ELEMENT_REGISTER (cldownload, plugin);
  return ret;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, clfilter,
    "Video filters on OpenCL devices: histogram equalization, histograms, "
    "CLAHE and Sobel edges, and frames to and from the device",
    plugin_init, PACKAGE_VERSION, "LGPL", PACKAGE_NAME, PACKAGE_ORIGIN)
