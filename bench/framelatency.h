/* gst-clfilter
 * Copyright (C) 2026 gst-clfilter developers
 * SPDX-License-Identifier: LGPL-2.1-or-later (COPYING)
 *
 * clfilter-time's latencies: how long each frame takes from leaving the
 * pipeline's source to reaching its sink, frames told apart by their
 * timestamps.
 */
#ifndef __BENCH_FRAME_LATENCY_H__
#define __BENCH_FRAME_LATENCY_H__

#include <gst/gst.h>

/* Frames that may be between the source and the sink at once. */
#define FRAME_LATENCY_SLOTS 1024

typedef struct {
  GMutex lock;
  /* A frame's index is its PTS / @duration. */
  GstClockTime duration;
  GstClockTime left_source[FRAME_LATENCY_SLOTS];
  /* Nanoseconds, of the frames that reached the sink since the last
   * frame_latency_restart(). */
  GArray *samples;
} FrameLatency;

/* Watches the buffers leaving @source_pad; frame_latency_sink() is told
 * those reaching the sink. */
void frame_latency_init (FrameLatency *l, GstClockTime duration,
    GstPad *source_pad);
void frame_latency_clear (FrameLatency *l);
/* Forgets the frames that reached the sink so far. */
void frame_latency_restart (FrameLatency *l);
/* @buf reached the sink, now. */
void frame_latency_sink (FrameLatency *l, GstBuffer *buf);
/* "latency-ms P50 P99 MAX" of the frames of all @n that reached their
 * sinks since their last restart; nothing if none did. */
void frame_latency_print (FrameLatency *const *ls, guint n);

#endif
