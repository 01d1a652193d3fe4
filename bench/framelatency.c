/* gst-clfilter
 * Copyright (C) 2026 gst-clfilter developers
 * SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
 *
 * clfilter-time's latencies; see the header.
 */
#include "framelatency.h"

#include <stdio.h>

static guint
slot (const FrameLatency *l, GstBuffer *buf)
{
  return (guint)(GST_BUFFER_PTS (buf) / l->duration % FRAME_LATENCY_SLOTS);
}

static GstPadProbeReturn
on_source_buffer (GstPad *pad, GstPadProbeInfo *info, gpointer data)
{
  FrameLatency *l = data;
  GstBuffer *buf = GST_PAD_PROBE_INFO_BUFFER (info);
  const GstClockTime t = gst_util_get_timestamp ();

  if (GST_BUFFER_PTS_IS_VALID (buf)) {
    g_mutex_lock (&l->lock);
    l->left_source[slot (l, buf)] = t;
    g_mutex_unlock (&l->lock);
  }
  return GST_PAD_PROBE_OK;
}

void
frame_latency_init (FrameLatency *l, GstClockTime duration, GstPad *source_pad)
{
  g_mutex_init (&l->lock);
  l->duration = MAX (duration, 1);
  l->samples = g_array_new (FALSE, FALSE, sizeof (gint64));
  gst_pad_add_probe (source_pad, GST_PAD_PROBE_TYPE_BUFFER, on_source_buffer, l,
      NULL);
}

void
frame_latency_clear (FrameLatency *l)
{
  if (!l->samples)
    return;
  g_array_unref (l->samples);
  l->samples = NULL;
  g_mutex_clear (&l->lock);
}

void
frame_latency_restart (FrameLatency *l)
{
  g_mutex_lock (&l->lock);
  g_array_set_size (l->samples, 0);
  g_mutex_unlock (&l->lock);
}

void
frame_latency_sink (FrameLatency *l, GstBuffer *buf)
{
  const GstClockTime t = gst_util_get_timestamp ();
  gint64 ns;

  if (!GST_BUFFER_PTS_IS_VALID (buf))
    return;
  g_mutex_lock (&l->lock);
  ns = (gint64)(t - l->left_source[slot (l, buf)]);
  g_array_append_val (l->samples, ns);
  g_mutex_unlock (&l->lock);
}

static gint
compare_ns (gconstpointer a, gconstpointer b)
{
  const gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* The @q quantile of the sorted @v, the nearest rank's. */
static gint64
quantile (const GArray *v, gdouble q)
{
  const guint rank = (guint)(q * v->len + 0.999999);

  return g_array_index (v, gint64, CLAMP (rank, 1, v->len) - 1);
}

void
frame_latency_print (FrameLatency *const *ls, guint n)
{
  GArray *all = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < n; i++) {
    g_mutex_lock (&ls[i]->lock);
    g_array_append_vals (all, ls[i]->samples->data, ls[i]->samples->len);
    g_mutex_unlock (&ls[i]->lock);
  }
  if (all->len) {
    g_array_sort (all, compare_ns);
    printf ("latency-ms %.6f %.6f %.6f\n", quantile (all, 0.5) / 1e6,
        quantile (all, 0.99) / 1e6,
        g_array_index (all, gint64, all->len - 1) / 1e6);
  }
  g_array_unref (all);
}
