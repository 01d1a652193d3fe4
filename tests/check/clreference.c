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
#include <stdlib.h>
#include <string.h>

#include "clreference.h"

guint64 *
ref_histogram (const TestFrame *in, guint *nbins)
{
  guint64 *hist;

  if (test_format_is_rgb (in->format)) {
    TestFrame *y = ref_rgb_channel (in, REF_COLOR_YCRCB);

    hist = ref_histogram (y, nbins);
    test_frame_free (y);
    return hist;
  }
  *nbins = 1u << test_format_depth (in->format);
  hist = g_new0 (guint64, *nbins);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      hist[test_frame_value (in, x, y)]++;
  return hist;
}

RefRegionFit
ref_region (const guint roi[4], guint width, guint height, guint region[4])
{
  /* The right and bottom edges asked for, one past the region. */
  const guint64 right = roi[2] ? (guint64)roi[0] + roi[2] : width;
  const guint64 bottom = roi[3] ? (guint64)roi[1] + roi[3] : height;

  if (roi[0] >= width || roi[1] >= height) {
    region[0] = region[1] = 0;
    region[2] = width;
    region[3] = height;
    return REF_REGION_EMPTY;
  }
  region[0] = roi[0];
  region[1] = roi[1];
  region[2] = MIN (right, width) - roi[0];
  region[3] = MIN (bottom, height) - roi[1];
  return right > width || bottom > height ? REF_REGION_CLIPPED
                                          : REF_REGION_INSIDE;
}

/* cv::equalizeHist, restated: float32 scale and product, lrintf rounds half
 * to even in the default rounding mode. */
static void
lut_gray8 (const guint64 *hist, guint64 total, guint i0, guint *lut)
{
  const float scale = 255.0f / (float)(total - hist[i0]);
  guint64 sum = 0;

  lut[i0] = 0;
  for (guint v = i0 + 1; v < 256; v++) {
    long r;

    sum += hist[v];
    r = lrintf ((float)sum * scale);
    lut[v] = CLAMP (r, 0, 255);
  }
}

/* @lo + round_half_even ((cdf[v] - cdf_min) * span / (N - cdf_min)) in
 * exact integers, for every v from i0 up to @nbins. GRAY16 takes 0 and
 * 65535, limited-range luma 16 and 219 (16-235), shifted up by d - 8 for
 * d-bit luma; full-range luma of d > 8 bits 0 and 2^d - 1. */
static void
lut_exact (const guint64 *hist, guint nbins, guint64 total, guint i0, guint lo,
    guint64 span, guint *lut)
{
  const guint64 den = total - hist[i0];
  guint64 cdf = hist[i0];

  lut[i0] = lo;
  for (guint v = i0 + 1; v < nbins; v++) {
    guint64 num, q, r;

    cdf += hist[v];
    num = (cdf - hist[i0]) * span;
    q = num / den;
    r = num % den;
    if (2 * r > den || (2 * r == den && (q & 1)))
      q++;
    lut[v] = lo + q;
  }
}

TestFrame *
ref_rgb_on_channel (const TestFrame *in, RefColorSpace space, RefChannelOp op,
    gconstpointer data)
{
  TestFrame *channel, *done, *out;

  if (space == REF_COLOR_RGB) {
    /* Each channel's work leaves the others' values alone. */
    TestFrame *r = ref_rgb_on_channel (in, REF_COLOR_R, op, data);
    TestFrame *rg = ref_rgb_on_channel (r, REF_COLOR_G, op, data);

    out = ref_rgb_on_channel (rg, REF_COLOR_B, op, data);
    test_frame_free (rg);
    test_frame_free (r);
    return out;
  }
  channel = ref_rgb_channel (in, space);
  done = op (channel, data);
  out = ref_rgb_replace (in, done, space);
  test_frame_free (done);
  test_frame_free (channel);
  return out;
}

static TestFrame *
histequalize_op (const TestFrame *channel, gconstpointer data)
{
  return ref_histequalize (channel);
}

/* ref_histequalize() of gray and YUV frames. */
static TestFrame *
histequalize_frame (const TestFrame *in)
{
  guint nbins, i0 = 0;
  guint64 *hist;
  const guint64 total = (guint64)in->width * in->height;
  const guint d = test_format_depth (in->format);
  const gboolean limited = test_format_is_yuv (in->format) &&
                           !test_frame_full_range (in);
  /* Chroma and the colorimetry come along untouched. */
  TestFrame *out = test_frame_copy_strides (in, in->format, in->strides);
  guint *lut;

  hist = ref_histogram (in, &nbins);
  lut = g_new0 (guint, nbins);
  while (hist[i0] == 0)
    i0++;
  /* A constant frame keeps its values; the luma's bits above the depth
   * go, as they do from any frame. */
  if (hist[i0] == total)
    for (guint v = 0; v < nbins; v++)
      lut[v] = v;
  else if (limited)
    lut_exact (hist, nbins, total, i0, 16u << (d - 8), 219u << (d - 8), lut);
  else if (d > 8)
    lut_exact (hist, nbins, total, i0, 0, nbins - 1, lut);
  else
    lut_gray8 (hist, total, i0, lut);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (out, x, y, lut[test_frame_value (in, x, y)]);
  g_free (lut);
  g_free (hist);
  return out;
}

TestFrame *
ref_histequalize (const TestFrame *in)
{
  if (test_format_is_rgb (in->format))
    return ref_rgb_on_channel (in, REF_COLOR_YCRCB, histequalize_op, NULL);
  return histequalize_frame (in);
}

TestFrame *
ref_histequalize_narrow (const TestFrame *in, GstVideoFormat format)
{
  guint nbins, i0 = 0;
  guint64 *hist = ref_histogram (in, &nbins);
  const guint64 total = (guint64)in->width * in->height;
  const guint d = test_format_depth (in->format);
  TestFrame *out = test_frame_new (format, in->width, in->height, 0);
  guint *lut = g_new0 (guint, nbins);

  g_assert (d > 8 && test_format_depth (format) == 8);
  test_frame_set_colorimetry (out, in->colorimetry);
  while (hist[i0] == 0)
    i0++;
  if (hist[i0] == total)
    for (guint v = 0; v < nbins; v++)
      lut[v] = v >> (d - 8);
  else if (!test_frame_full_range (in))
    lut_exact (hist, nbins, total, i0, 16, 219, lut);
  else
    lut_exact (hist, nbins, total, i0, 0, 255, lut);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (out, x, y, lut[test_frame_value (in, x, y)]);
  for (guint k = 1; k < test_frame_n_components (in); k++)
    for (guint y = 0; y < test_frame_comp_height (in, k); y++)
      for (guint x = 0; x < test_frame_comp_width (in, k); x++)
        test_frame_set_comp (out, k, x, y,
            (test_frame_get_comp (in, k, x, y) & (nbins - 1)) >> (d - 8));
  g_free (lut);
  g_free (hist);
  return out;
}

/* The pixel at (x, y) with coordinates outside the frame moved to its
 * nearest edge (OpenCV's BORDER_REPLICATE). */
static gint64
pixel_replicate (const TestFrame *in, gint x, gint y)
{
  return test_frame_value (in, CLAMP (x, 0, (gint)in->width - 1),
      CLAMP (y, 0, (gint)in->height - 1));
}

/* cv::Sobel with ksize=3 and BORDER_REPLICATE, straight from the two 3x3
 * kernels; gx and gy are exact integers, the rest is IEEE double: sqrt and
 * the product are correctly rounded, rint rounds half to even. */
GstVideoFormat
ref_sobel_default_format (GstVideoFormat in)
{
  if (test_format_is_rgb (in))
    return GST_VIDEO_FORMAT_GRAY8;
  if (!test_format_is_yuv (in))
    return in;
  return test_format_depth (in) > 8 ? GST_VIDEO_FORMAT_GRAY16_LE
                                    : GST_VIDEO_FORMAT_GRAY8;
}

TestFrame *
ref_sobel (const TestFrame *in, RefSobelMode mode, gdouble scale,
    guint threshold)
{
  return ref_sobel_format (in, mode, scale, threshold,
      ref_sobel_default_format (in->format));
}

TestFrame *
ref_sobel_format (const TestFrame *in, RefSobelMode mode, gdouble scale,
    guint threshold, GstVideoFormat format)
{
  static const gint kx[3][3] = { { -1, 0, 1 }, { -2, 0, 2 }, { -1, 0, 1 } };
  static const gint ky[3][3] = { { -1, -2, -1 }, { 0, 0, 0 }, { 1, 2, 1 } };
  const gdouble max = format == GST_VIDEO_FORMAT_GRAY8 ? 255 : 65535;
  TestFrame *out;

  /* RGB: the edges of its gray. */
  if (test_format_is_rgb (in->format)) {
    TestFrame *gray = ref_rgb_channel (in, REF_COLOR_GRAY);

    out = ref_sobel_format (gray, mode, scale, threshold, format);
    test_frame_free (gray);
    return out;
  }
  /* The input's stride where the output has the same layout. */
  out = test_frame_new (format, in->width, in->height,
      format == in->format ? in->stride : 0);

  g_assert (format == GST_VIDEO_FORMAT_GRAY8 ||
            (format == in->format && !test_format_is_yuv (format)) ||
            (format == GST_VIDEO_FORMAT_GRAY16_LE &&
                test_format_depth (in->format) > 8));

  for (gint y = 0; y < (gint)in->height; y++) {
    for (gint x = 0; x < (gint)in->width; x++) {
      gint64 gx = 0, gy = 0;
      gdouble m, v;
      guint o;

      for (gint j = -1; j <= 1; j++)
        for (gint i = -1; i <= 1; i++) {
          const gint64 p = pixel_replicate (in, x + i, y + j);

          gx += kx[j + 1][i + 1] * p;
          gy += ky[j + 1][i + 1] * p;
        }
      switch (mode) {
        case REF_SOBEL_MAGNITUDE:
          m = sqrt ((gdouble)(gx * gx + gy * gy));
          break;
        case REF_SOBEL_MAGNITUDE_L1:
          m = (gdouble)(llabs (gx) + llabs (gy));
          break;
        case REF_SOBEL_DX:
          m = (gdouble)llabs (gx);
          break;
        default:
          m = (gdouble)llabs (gy);
          break;
      }
      v = rint (scale * m);
      o = (guint)CLAMP (v, 0.0, max);
      if (threshold > 0)
        o = o >= threshold ? (guint)max : 0;
      test_frame_set (out, x, y, o);
    }
  }
  return out;
}

/* ---- CLAHE: OpenCV's modules/imgproc/src/clahe.cpp, restated ---- */

void
ref_clahe_params_init (RefClaheParams *p)
{
  memset (p, 0, sizeof (*p));
  p->clip_limit = 2.0;
  p->tiles_x = p->tiles_y = 8;
}

void
ref_clahe_state_clear (RefClaheState *state)
{
  g_clear_pointer (&state->T, g_free);
  state->tiles_x = state->tiles_y = state->nbins = 0;
}

/* OpenCV's borderInterpolate for BORDER_REFLECT_101, as it loops. */
static gint
reflect_101 (gint p, gint len)
{
  if (len == 1)
    return 0;
  while (p < 0 || p >= len)
    p = p < 0 ? -p : 2 * len - 2 - p;
  return p;
}

/* CLAHE_CalcLut_Body for one tile of the padded frame: histogram, clip,
 * redistribution with OpenCV's loop, float32 table. */
static void
clahe_tile_table (const TestFrame *in, guint tx, guint ty, guint tile_w,
    guint tile_h, guint nbins, gint limit, float scale, guint lo, guint top,
    guint *table)
{
  gint64 *hist = g_new0 (gint64, nbins);
  gint64 sum = 0;

  for (guint r = 0; r < tile_h; r++)
    for (guint c = 0; c < tile_w; c++)
      hist[test_frame_get (in, reflect_101 (tx * tile_w + c, in->width),
          reflect_101 (ty * tile_h + r, in->height))]++;
  if (limit > 0) {
    gint64 clipped = 0, batch, residual;

    for (guint i = 0; i < nbins; i++)
      if (hist[i] > limit) {
        clipped += hist[i] - limit;
        hist[i] = limit;
      }
    batch = clipped / nbins;
    residual = clipped - batch * nbins;
    for (guint i = 0; i < nbins; i++)
      hist[i] += batch;
    if (residual != 0) {
      const gint64 step = MAX (nbins / residual, 1);

      for (gint64 i = 0; i < nbins && residual > 0; i += step, residual--)
        hist[i]++;
    }
  }
  for (guint i = 0; i < nbins; i++) {
    long v;

    sum += hist[i];
    /* saturate_cast<T> (sum * lutScale): int to float, float product,
     * cvRound (half to even), then the type's range. */
    v = lrintf ((float)sum * scale);
    table[i] = lo + CLAMP (v, 0, (long)top);
  }
  g_free (hist);
}

TestFrame *
ref_clahe (const TestFrame *in, const RefClaheParams *p, RefClaheState *state)
{
  const guint bits = p->bits ? p->bits : test_format_depth (in->format);
  const guint nbins = 1u << bits;
  const guint tiles_x = p->tiles_x, tiles_y = p->tiles_y;
  const guint w = in->width, h = in->height;
  const GstVideoFormat out_format = p->to_8bit ? GST_VIDEO_FORMAT_GRAY8
                                               : in->format;
  /* OpenCV's lutScale is (histSize - 1) / area; limited range maps into
   * (16..235) << (d - 8). */
  const guint lo = p->limited ? 16u << (bits - 8) : 0;
  const guint top = p->limited ? 219u << (bits - 8) : nbins - 1;
  /* saturate_cast to the input's type; 8-bit output shifts the result. */
  const long in_max = test_format_depth (in->format) == 8 ? 255 : 65535;
  const guint down = p->to_8bit ? bits - 8 : 0;
  TestFrame *out = test_frame_new (out_format, w, h, 0);
  guint tile_w, tile_h, *tables, *previous = NULL;
  gint64 area;
  gint limit = 0;
  float scale, inv_tw, inv_th;
  RefClaheState local = { 0 };

  /* Frames that do not divide are padded on the right and at the bottom,
   * by tiles - size % tiles both ways. */
  if (w % tiles_x == 0 && h % tiles_y == 0) {
    tile_w = w / tiles_x;
    tile_h = h / tiles_y;
  } else {
    tile_w = (w + tiles_x - w % tiles_x) / tiles_x;
    tile_h = (h + tiles_y - h % tiles_y) / tiles_y;
  }
  area = (gint64)tile_w * tile_h;
  scale = (float)top / (float)area;
  if (p->clip_limit > 0.0) {
    /* (int) (clipLimit * tileSizeTotal / histSize), where it fits an int;
     * a limit of the area or more clips nothing. */
    const gdouble l = p->clip_limit * (gdouble)area / nbins;

    limit = l >= (gdouble)area ? (gint)area : MAX ((gint)l, 1);
  }

  tables = g_new (guint, (gsize)tiles_x * tiles_y * nbins);
  for (guint ty = 0; ty < tiles_y; ty++)
    for (guint tx = 0; tx < tiles_x; tx++)
      clahe_tile_table (in, tx, ty, tile_w, tile_h, nbins, limit, scale, lo,
          top, tables + ((gsize)ty * tiles_x + tx) * nbins);

  /* The smoothing, as defined: a first frame sets T = 256 t; later frames
   * T = (s T + (256 - s) 256 t + 128) >> 8; the blend uses (T + 128) >> 8. */
  if (!state)
    state = &local;
  if (state->T && (state->tiles_x != tiles_x || state->tiles_y != tiles_y ||
                      state->nbins != nbins))
    ref_clahe_state_clear (state);
  if (p->from_previous && state->T) {
    previous = g_new (guint, (gsize)tiles_x * tiles_y * nbins);
    for (gsize i = 0; i < (gsize)tiles_x * tiles_y * nbins; i++)
      previous[i] = (state->T[i] + 128) >> 8;
  }
  if (!state->T) {
    state->T = g_new (guint32, (gsize)tiles_x * tiles_y * nbins);
    for (gsize i = 0; i < (gsize)tiles_x * tiles_y * nbins; i++)
      state->T[i] = tables[i] * 256;
    state->tiles_x = tiles_x;
    state->tiles_y = tiles_y;
    state->nbins = nbins;
  } else {
    for (gsize i = 0; i < (gsize)tiles_x * tiles_y * nbins; i++)
      state->T[i] = ((guint64)p->smoothing * state->T[i] +
                        (guint64)(256 - p->smoothing) * 256 * tables[i] +
                        128) >>
                    8;
  }
  for (gsize i = 0; i < (gsize)tiles_x * tiles_y * nbins; i++)
    tables[i] = (state->T[i] + 128) >> 8;
  if (state == &local)
    ref_clahe_state_clear (&local);
  if (previous) {
    g_free (tables);
    tables = previous;
  }

  /* CLAHE_Interpolation_Body: float32 weights and blend, each operation
   * rounded (the library is built with -ffp-contract=off for this), then
   * cvRound and the type's range. */
  inv_tw = 1.0f / (float)tile_w;
  inv_th = 1.0f / (float)tile_h;
  for (guint y = 0; y < h; y++) {
    const float tyf = (float)y * inv_th - 0.5f;
    const gint fy = (gint)floorf (tyf);
    const float ya = tyf - (float)fy, ya1 = 1.0f - ya;
    const guint ty1 = MAX (fy, 0), ty2 = MIN (fy + 1, (gint)tiles_y - 1);

    for (guint x = 0; x < w; x++) {
      const float txf = (float)x * inv_tw - 0.5f;
      const gint fx = (gint)floorf (txf);
      const float xa = txf - (float)fx, xa1 = 1.0f - xa;
      const guint tx1 = MAX (fx, 0), tx2 = MIN (fx + 1, (gint)tiles_x - 1);
      const guint v = test_frame_get (in, x, y);
      const float t11 = tables[((gsize)ty1 * tiles_x + tx1) * nbins + v];
      const float t12 = tables[((gsize)ty1 * tiles_x + tx2) * nbins + v];
      const float t21 = tables[((gsize)ty2 * tiles_x + tx1) * nbins + v];
      const float t22 = tables[((gsize)ty2 * tiles_x + tx2) * nbins + v];
      const float res = (t11 * xa1 + t12 * xa) * ya1 +
                        (t21 * xa1 + t22 * xa) * ya;
      const long o = lrintf (res);

      test_frame_set (out, x, y, CLAMP (o, 0, in_max) >> down);
    }
  }
  g_free (tables);
  return out;
}

/* The luma @eq into @in's YUV format, the chroma as it came, or with
 * @to_8bit into its 8-bit sibling, the chroma's values shifted down. */
static TestFrame *
clahe_yuv_output (const TestFrame *in, const TestFrame *eq, gboolean to_8bit)
{
  const guint d = test_format_depth (in->format);
  TestFrame *out;

  if (!to_8bit)
    out = test_frame_copy (in, in->format, 0);
  else
    out = test_frame_new (test_format_narrow (in->format), in->width,
        in->height, 0);
  test_frame_set_colorimetry (out, in->colorimetry);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (out, x, y, test_frame_get (eq, x, y));
  for (guint k = 1; to_8bit && k < test_frame_n_components (in); k++)
    for (guint y = 0; y < test_frame_comp_height (in, k); y++)
      for (guint x = 0; x < test_frame_comp_width (in, k); x++)
        test_frame_set_comp (out, k, x, y,
            (test_frame_get_comp (in, k, x, y) & ((1u << d) - 1)) >> (d - 8));
  return out;
}

typedef struct {
  const RefClaheParams *p;
  RefClaheState *states;
  guint next;
} ClaheRun;

static TestFrame *
clahe_channel_op (const TestFrame *channel, gconstpointer data)
{
  ClaheRun *run = (ClaheRun *)data;

  return ref_clahe (channel, run->p,
      run->states ? &run->states[run->next++] : NULL);
}

TestFrame *
ref_clahe_frame_rgb (const TestFrame *in, RefColorSpace space,
    const RefClaheParams *p, RefClaheState *states)
{
  ClaheRun run = { p, states, 0 };

  return ref_rgb_on_channel (in, space, clahe_channel_op, &run);
}

TestFrame *
ref_clahe_frame (const TestFrame *in, const RefClaheParams *p,
    RefClaheState *state)
{
  const gboolean yuv = test_format_is_yuv (in->format);
  const guint d = test_format_depth (in->format);
  RefClaheParams q = *p;
  TestFrame *gray, *eq, *out;

  if (test_format_is_rgb (in->format))
    return ref_clahe_frame_rgb (in, REF_COLOR_YCRCB, p, state);
  gray = test_frame_new (d == 8 ? GST_VIDEO_FORMAT_GRAY8
                                : GST_VIDEO_FORMAT_GRAY16_LE,
      in->width, in->height, 0);

  /* The luma's values, without the bits above the depth. */
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (gray, x, y, test_frame_value (in, x, y));
  q.bits = d;
  q.limited = yuv && !test_frame_full_range (in);
  q.to_8bit = p->to_8bit && d > 8;
  eq = ref_clahe (gray, &q, state);
  test_frame_free (gray);
  if (yuv) {
    out = clahe_yuv_output (in, eq, q.to_8bit);
    test_frame_free (eq);
    return out;
  }
  if (q.to_8bit || in->format == eq->format)
    return eq;
  /* The input's own format: GRAY16_BE. */
  out = test_frame_copy (eq, in->format, 0);
  test_frame_free (eq);
  return out;
}

TestFrame *
ref_element (const gchar *element, const TestFrame *in)
{
  if (g_str_equal (element, "clhistequalize"))
    return ref_histequalize (in);
  /* It only measures. */
  if (g_str_equal (element, "clhistogram"))
    return test_frame_copy (in, in->format, in->stride);
  if (g_str_equal (element, "clclahe")) {
    RefClaheParams p;

    ref_clahe_params_init (&p);
    return ref_clahe_frame (in, &p, NULL);
  }
  g_assert (g_str_equal (element, "clsobel"));
  return ref_sobel (in, REF_SOBEL_MAGNITUDE, 1.0, 0);
}

static void
rgb_of (const TestFrame *f, guint x, guint y, guint8 rgb[3])
{
  for (guint c = 0; c < 3; c++)
    rgb[c] = test_frame_get_comp (f, GST_VIDEO_COMP_R + c, x, y);
}

TestFrame *
ref_rgb_channel (const TestFrame *in, RefColorSpace space)
{
  TestFrame *out = test_frame_new (GST_VIDEO_FORMAT_GRAY8, in->width,
      in->height, 0);

  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++) {
      guint8 p[3];

      rgb_of (in, x, y, p);
      test_frame_set (out, x, y, ref_color_channel (space, p[0], p[1], p[2]));
    }
  return out;
}

TestFrame *
ref_rgb_replace (const TestFrame *in, const TestFrame *channel,
    RefColorSpace space)
{
  TestFrame *out = test_frame_copy (in, in->format, in->stride);

  /* Padding bytes, which are no component, as they came too. */
  for (guint y = 0; y < in->height; y++)
    memcpy (out->data + y * out->stride, in->data + y * in->stride,
        MIN (in->stride, out->stride));
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++) {
      guint8 p[3];

      rgb_of (in, x, y, p);
      ref_color_replace (space, test_frame_get (channel, x, y), &p[0], &p[1],
          &p[2]);
      for (guint k = 0; k < 3; k++)
        test_frame_set_comp (out, GST_VIDEO_COMP_R + k, x, y, p[k]);
    }
  return out;
}
