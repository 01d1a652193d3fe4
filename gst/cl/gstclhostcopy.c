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
 * Large plane copies in bands of rows on a few threads; see the header.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclhostcopy.h"
#include "gstclvideoplane.h"

#include <string.h>

/* Below this a plane is copied in the caller's thread: handing bands to
 * other threads costs more than it saves. */
#define PARALLEL_BYTES (1u << 20)
#define MAX_BANDS 4

typedef struct {
  GMutex lock;
  GCond cond;
  guint left;
} Job;

typedef struct {
  const guint8 *src;
  guint8 *dest;
  gint src_stride, dest_stride;
  gsize row_bytes;
  guint rows;
  Job *job;
} Band;

static void
copy_band (const Band *b)
{
  if (b->src_stride == b->dest_stride && (gsize)b->src_stride == b->row_bytes) {
    memcpy (b->dest, b->src, b->row_bytes * b->rows);
    return;
  }
  for (guint r = 0; r < b->rows; r++)
    memcpy (b->dest + (gsize)r * b->dest_stride,
        b->src + (gsize)r * b->src_stride, b->row_bytes);
}

static void
run_band (gpointer data, gpointer user_data)
{
  Band *b = data;

  copy_band (b);
  g_mutex_lock (&b->job->lock);
  if (--b->job->left == 0)
    g_cond_signal (&b->job->cond);
  g_mutex_unlock (&b->job->lock);
}

/* One pool for the process, as GStreamer's own task pool: its threads go
 * away when idle. NULL where no thread can be had, or on one core. */
static GThreadPool *
band_pool (void)
{
  static gsize made;
  static GThreadPool *pool;

  if (g_once_init_enter (&made)) {
    const guint cores = g_get_num_processors ();

    if (cores > 1)
      pool = g_thread_pool_new (run_band, NULL, MIN (cores, MAX_BANDS) - 1,
          FALSE, NULL);
    g_once_init_leave (&made, 1);
  }
  return pool;
}

gboolean
gst_cl_host_copy_plane (GstVideoFrame *dest, const GstVideoFrame *src,
    guint plane)
{
  const gsize row_bytes = gst_cl_video_plane_row_bytes (&src->info, plane);
  const guint rows = gst_cl_video_plane_height (&src->info, plane);
  GThreadPool *pool = row_bytes * rows >= PARALLEL_BYTES ? band_pool () : NULL;
  const guint n = pool ? MIN (MAX_BANDS, g_get_num_processors ()) : 1;
  Band bands[MAX_BANDS];
  Job job;

  if (n < 2)
    return gst_video_frame_copy_plane (dest, src, plane);
  g_mutex_init (&job.lock);
  g_cond_init (&job.cond);
  job.left = n - 1;
  for (guint i = 0; i < n; i++) {
    const guint r0 = rows * i / n, r1 = rows * (i + 1) / n;
    Band *b = &bands[i];

    b->src_stride = GST_VIDEO_FRAME_PLANE_STRIDE (src, plane);
    b->dest_stride = GST_VIDEO_FRAME_PLANE_STRIDE (dest, plane);
    b->src = (const guint8 *)GST_VIDEO_FRAME_PLANE_DATA (src, plane) +
             (gsize)r0 * b->src_stride;
    b->dest = (guint8 *)GST_VIDEO_FRAME_PLANE_DATA (dest, plane) +
              (gsize)r0 * b->dest_stride;
    b->row_bytes = row_bytes;
    b->rows = r1 - r0;
    b->job = &job;
    /* A band the pool cannot take is copied here. */
    if (i > 0 && !g_thread_pool_push (pool, b, NULL))
      run_band (b, NULL);
  }
  copy_band (&bands[0]);
  g_mutex_lock (&job.lock);
  while (job.left)
    g_cond_wait (&job.cond, &job.lock);
  g_mutex_unlock (&job.lock);
  g_mutex_clear (&job.lock);
  g_cond_clear (&job.cond);
  return TRUE;
}
