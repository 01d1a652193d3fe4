/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_HISTOGRAM_H__
#define __GST_CL_HISTOGRAM_H__

#include "gstclfilter.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_HISTOGRAM (gst_cl_histogram_get_type ())
G_DECLARE_FINAL_TYPE (GstClHistogram, gst_cl_histogram, GST, CL_HISTOGRAM,
    GstClFilter)

GST_ELEMENT_REGISTER_DECLARE (clhistogram);

G_END_DECLS
#endif /* __GST_CL_HISTOGRAM_H__ */
