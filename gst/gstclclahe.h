/* gst-clfilter
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_CLAHE_H__
#define __GST_CL_CLAHE_H__

#include "gstclfilter.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_CLAHE (gst_cl_clahe_get_type ())
G_DECLARE_FINAL_TYPE (GstClClahe, gst_cl_clahe, GST, CL_CLAHE, GstClFilter)

GST_ELEMENT_REGISTER_DECLARE (clclahe);

G_END_DECLS
#endif /* __GST_CL_CLAHE_H__ */
