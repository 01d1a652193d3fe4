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
 * Per-stream device time of the commands the elements queue; see the
 * header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclprofile.h"

#include <string.h>

/* Commands of one frame whose times are kept; later ones go unmeasured. */
#define MAX_PENDING 16

struct _GstClProfile {
  struct {
    gchar *name;
    cl_event event;
  } pending[MAX_PENDING];
  guint n_pending;
  /* Nanoseconds per command name. */
  GstStructure *totals;
  guint64 frames;
  guint64 bytes[3];
};

GstClProfile *
gst_cl_profile_new (void)
{
  return g_new0 (GstClProfile, 1);
}

void
gst_cl_profile_free (GstClProfile *profile)
{
  if (!profile)
    return;
  for (guint i = 0; i < profile->n_pending; i++) {
    if (profile->pending[i].event)
      clReleaseEvent (profile->pending[i].event);
    g_free (profile->pending[i].name);
  }
  if (profile->totals)
    gst_structure_free (profile->totals);
  g_free (profile);
}

cl_event *
gst_cl_profile_event (GstClProfile *profile, const gchar *name)
{
  if (!profile || profile->n_pending == MAX_PENDING)
    return NULL;
  profile->pending[profile->n_pending].name = g_strdup (name);
  profile->pending[profile->n_pending].event = NULL;
  return &profile->pending[profile->n_pending++].event;
}

void
gst_cl_profile_add_bytes (GstClProfile *profile, GstClTransfer transfer,
    guint64 bytes)
{
  if (profile)
    profile->bytes[transfer] += bytes;
}

guint64
gst_cl_profile_collect (GstClProfile *profile)
{
  guint64 frame_ns = 0;

  if (!profile)
    return GST_CLOCK_TIME_NONE;
  for (guint i = 0; i < profile->n_pending; i++) {
    cl_event event = profile->pending[i].event;
    cl_ulong start = 0, end = 0;
    guint64 total = 0;

    /* A command that failed to queue left no event. */
    if (event) {
      clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_START,
          sizeof (start), &start, NULL);
      clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END, sizeof (end),
          &end, NULL);
      clReleaseEvent (event);
    }
    if (!profile->totals)
      profile->totals = gst_structure_new_empty ("kernels");
    gst_structure_get_uint64 (profile->totals, profile->pending[i].name,
        &total);
    frame_ns += end > start ? end - start : 0;
    gst_structure_set (profile->totals, profile->pending[i].name, G_TYPE_UINT64,
        total + (end > start ? end - start : 0), NULL);
    g_free (profile->pending[i].name);
  }
  if (profile->n_pending)
    profile->frames++;
  profile->n_pending = 0;
  return frame_ns;
}

static guint64
take_total (GstStructure *s, const gchar *name)
{
  guint64 v = 0;

  gst_structure_get_uint64 (s, name, &v);
  gst_structure_remove_field (s, name);
  return v;
}

GstStructure *
gst_cl_profile_take (GstClProfile *profile, const gchar *device_name)
{
  GstStructure *kernels, *s;
  guint64 kernel_ns = 0;

  if (!profile || !profile->totals)
    return NULL;
  kernels = profile->totals;
  profile->totals = NULL;
  s = gst_structure_new ("clfilter-profile", "device-name", G_TYPE_STRING,
      device_name, "frames", G_TYPE_UINT64, profile->frames, "upload-ns",
      G_TYPE_UINT64, take_total (kernels, "upload"), "download-ns",
      G_TYPE_UINT64, take_total (kernels, "download"), "upload-bytes",
      G_TYPE_UINT64, profile->bytes[0], "download-bytes", G_TYPE_UINT64,
      profile->bytes[1], "copy-bytes", G_TYPE_UINT64, profile->bytes[2], NULL);
  for (gint i = 0; i < gst_structure_n_fields (kernels); i++) {
    guint64 v = 0;

    gst_structure_get_uint64 (kernels,
        gst_structure_nth_field_name (kernels, i), &v);
    kernel_ns += v;
  }
  gst_structure_set (s, "kernel-ns", G_TYPE_UINT64, kernel_ns, "kernels",
      GST_TYPE_STRUCTURE, kernels, NULL);
  gst_structure_free (kernels);
  profile->frames = 0;
  memset (profile->bytes, 0, sizeof (profile->bytes));
  return s;
}
