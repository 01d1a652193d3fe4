/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_HIST_EQUALIZE_H__
#define __GST_CL_HIST_EQUALIZE_H__

#include "gstclfilter.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_HIST_EQUALIZE (gst_cl_hist_equalize_get_type ())
G_DECLARE_FINAL_TYPE (GstClHistEqualize, gst_cl_hist_equalize, GST,
    CL_HIST_EQUALIZE, GstClFilter)

GST_ELEMENT_REGISTER_DECLARE (clhistequalize);

G_END_DECLS
#endif /* __GST_CL_HIST_EQUALIZE_H__ */
