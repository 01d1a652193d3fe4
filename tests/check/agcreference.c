/* gst-clfilter tests
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
#include <math.h>

#include "agcreference.h"
#include "clreference.h"

void
agc_state_reset (AgcState *state)
{
  g_clear_pointer (&state->T, g_free);
  state->nbins = 0;
}

void
agc_region (const AgcSettings *s, guint width, guint height, guint *x, guint *y,
    guint *w, guint *h)
{
  const guint roi[4] = { s->roi_x, s->roi_y, s->roi_width, s->roi_height };
  guint r[4];

  ref_region (roi, width, height, r);
  *x = r[0];
  *y = r[1];
  *w = r[2];
  *h = r[3];
}

/* round_half_even (num / den). */
static guint64
rhe (guint64 num, guint64 den)
{
  guint64 q = num / den, r = num % den;

  if (2 * r > den || (2 * r == den && (q & 1)))
    q++;
  return q;
}

/* The method's table before strength and smoothing: onto lo + (0..m), or
 * with @cv cv::equalizeHist's float formula onto 0..255. */
static void
base_table (const guint64 *hist, guint nbins, guint64 n, const AgcSettings *s,
    guint lo, guint m, gboolean cv, guint id_shift, guint64 *table)
{
  guint64 cdf = 0;
  guint i0 = 0;

  if (s->method == AGC_LINEAR) {
    const guint64 a = (guint64)floor (s->saturate_low * n);
    const guint64 b = n - (guint64)floor (s->saturate_high * n);
    guint lv = nbins, hv = nbins;

    for (guint v = 0; v < nbins; v++) {
      cdf += hist[v];
      if (lv == nbins && cdf > a)
        lv = v;
      if (hv == nbins && cdf >= b)
        hv = v;
    }
    for (guint v = 0; v < nbins; v++)
      table[v] = hv <= lv ? v >> id_shift
                 : v < lv ? lo
                          : lo + MIN (rhe ((guint64)(v - lv) * m, hv - lv), m);
    return;
  }
  while (hist[i0] == 0)
    i0++;
  for (guint v = 0; v < nbins; v++) {
    cdf += hist[v];
    if (hist[i0] == n) {
      table[v] = v >> id_shift;
    } else if (v <= i0) {
      table[v] = lo;
    } else if (cv) {
      const float scale = 255.0f / (float)(n - hist[i0]);
      const long r = lrintf ((float)(cdf - hist[i0]) * scale);

      table[v] = CLAMP (r, 0, 255);
    } else {
      table[v] = lo + rhe ((cdf - hist[i0]) * m, n - hist[i0]);
    }
  }
}

/* ref_agc_frame() of gray and YUV frames, the pixels mapped through @map
 * (a table T of the frame before) where given, else through the new T. */
static TestFrame *
agc_frame (const TestFrame *in, GstVideoFormat out_format, gboolean limited,
    const AgcSettings *s, AgcState *state, const guint64 *map)
{
  const guint d = test_format_depth (in->format);
  const guint od = test_format_depth (out_format);
  const guint nbins = 1u << d;
  const guint id_shift = d - od;
  const gboolean cv = d == 8 && !limited;
  const guint lo = limited ? 16u << (od - 8) : 0;
  const guint m = limited ? 219u << (od - 8) : (1u << od) - 1;
  const guint64 w = (guint64)floor (s->strength * 256 + 0.5);
  guint64 *hist = g_new0 (guint64, nbins), *table = g_new0 (guint64, nbins);
  TestFrame *out = out_format == in->format
                       ? test_frame_copy (in, in->format, in->stride)
                       : test_frame_new (out_format, in->width, in->height, 0);
  guint rx, ry, rw, rh;

  agc_region (s, in->width, in->height, &rx, &ry, &rw, &rh);
  for (guint y = ry; y < ry + rh; y++)
    for (guint x = rx; x < rx + rw; x++)
      hist[test_frame_value (in, x, y)]++;
  base_table (hist, nbins, (guint64)rw * rh, s, lo, m, cv, id_shift, table);

  if (state->nbins != nbins) {
    agc_state_reset (state);
    state->nbins = nbins;
  }
  for (guint v = 0; v < nbins; v++) {
    const guint64 t = (w * table[v] + (256 - w) * (v >> id_shift) + 128) >> 8;

    table[v] = state->T ? (s->smoothing * state->T[v] +
                              (256 - s->smoothing) * 256 * t + 128) >>
                              8
                        : 256 * t;
  }
  g_free (state->T);
  state->T = table;
  /* YUV into its 8-bit sibling: the chroma's values shifted down too. */
  if (out_format != in->format && test_format_is_yuv (in->format)) {
    test_frame_set_colorimetry (out, in->colorimetry);
    for (guint k = 1; k < test_frame_n_components (in); k++)
      for (guint y = 0; y < test_frame_comp_height (in, k); y++)
        for (guint x = 0; x < test_frame_comp_width (in, k); x++)
          test_frame_set_comp (out, k, x, y,
              (test_frame_get_comp (in, k, x, y) & (nbins - 1)) >> id_shift);
  }
  if (!map)
    map = state->T;
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (out, x, y, (map[test_frame_value (in, x, y)] + 128) >> 8);
  g_free (hist);
  return out;
}

static TestFrame *
agc_any_frame (const TestFrame *in, GstVideoFormat out_format, gboolean limited,
    const AgcSettings *s, AgcState *state, const guint64 *map)
{
  TestFrame *y, *done, *out;

  if (!test_format_is_rgb (in->format))
    return agc_frame (in, out_format, limited, s, state, map);
  /* RGB: the Y of its YCrCb, as 8-bit full range. */
  y = ref_rgb_channel (in, REF_COLOR_YCRCB);
  done = agc_frame (y, GST_VIDEO_FORMAT_GRAY8, FALSE, s, state, map);
  out = ref_rgb_replace (in, done, REF_COLOR_YCRCB);
  test_frame_free (done);
  test_frame_free (y);
  return out;
}

TestFrame *
ref_agc_frame (const TestFrame *in, GstVideoFormat out_format, gboolean limited,
    const AgcSettings *s, AgcState *state)
{
  return agc_any_frame (in, out_format, limited, s, state, NULL);
}

TestFrame *
ref_agc_frame_previous (const TestFrame *in, GstVideoFormat out_format,
    gboolean limited, const AgcSettings *s, AgcState *state, gboolean own)
{
  const guint nbins = 1u << test_format_depth (test_format_is_rgb (in->format)
                                                   ? GST_VIDEO_FORMAT_GRAY8
                                                   : in->format);
  guint64 *prev = NULL;
  TestFrame *out;

  /* The table of the frame before: the T that ref_agc_frame() mapped it
   * through. */
  if (!own && state->T && state->nbins == nbins)
    prev = g_memdup2 (state->T, nbins * sizeof (guint64));
  out = agc_any_frame (in, out_format, limited, s, state, prev);
  g_free (prev);
  return out;
}

typedef struct {
  const AgcSettings *s;
  AgcState *states;
  gboolean own;
  guint next;
} ChannelRun;

static TestFrame *
previous_op (const TestFrame *channel, gconstpointer data)
{
  ChannelRun *run = (ChannelRun *)data;

  return ref_agc_frame_previous (channel, GST_VIDEO_FORMAT_GRAY8, FALSE, run->s,
      &run->states[run->next++], run->own);
}

TestFrame *
ref_agc_frame_previous_rgb (const TestFrame *in, RefColorSpace space,
    const AgcSettings *s, AgcState states[3], gboolean own)
{
  ChannelRun run = { s, states, own, 0 };

  return ref_rgb_on_channel (in, space, previous_op, &run);
}
