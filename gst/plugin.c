/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhistequalize.h"
#include "gstclhistmessage.h"
#include "gstclhistogram.h"
#include "gstclsobel.h"

static gboolean
plugin_init (GstPlugin *plugin)
{
  gboolean ret = FALSE;

  gst_cl_histogram_meta_get_info ();
  ret |= GST_ELEMENT_REGISTER (clhistequalize, plugin);
  ret |= GST_ELEMENT_REGISTER (clhistogram, plugin);
  ret |= GST_ELEMENT_REGISTER (clsobel, plugin);
  return ret;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, clfilter,
    "Video filters on OpenCL devices: histogram equalization, histograms "
    "and Sobel edges",
    plugin_init, PACKAGE_VERSION, "LGPL", PACKAGE_NAME, PACKAGE_ORIGIN)
