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

  *nbins = in->format == GST_VIDEO_FORMAT_GRAY8 ? 256 : 65536;
  hist = g_new0 (guint64, *nbins);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      hist[test_frame_get (in, x, y)]++;
  return hist;
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

/* round_half_even ((cdf[v] - cdf_min) * 65535 / (N - cdf_min)) in exact
 * integers. */
static void
lut_gray16 (const guint64 *hist, guint64 total, guint i0, guint *lut)
{
  const guint64 den = total - hist[i0];
  guint64 cdf = hist[i0];

  lut[i0] = 0;
  for (guint v = i0 + 1; v < 65536; v++) {
    guint64 num, q, r;

    cdf += hist[v];
    num = (cdf - hist[i0]) * 65535;
    q = num / den;
    r = num % den;
    if (2 * r > den || (2 * r == den && (q & 1)))
      q++;
    lut[v] = q;
  }
}

TestFrame *
ref_histequalize (const TestFrame *in)
{
  guint nbins, i0 = 0;
  guint64 *hist = ref_histogram (in, &nbins);
  const guint64 total = (guint64)in->width * in->height;
  TestFrame *out = test_frame_copy (in, in->format, in->stride);
  guint *lut;

  while (hist[i0] == 0)
    i0++;
  if (hist[i0] == total) {
    g_free (hist);
    return out;
  }
  lut = g_new0 (guint, nbins);
  if (nbins == 256)
    lut_gray8 (hist, total, i0, lut);
  else
    lut_gray16 (hist, total, i0, lut);
  for (guint y = 0; y < in->height; y++)
    for (guint x = 0; x < in->width; x++)
      test_frame_set (out, x, y, lut[test_frame_get (in, x, y)]);
  g_free (lut);
  g_free (hist);
  return out;
}

/* The pixel at (x, y) with coordinates outside the frame moved to its
 * nearest edge (OpenCV's BORDER_REPLICATE). */
static gint64
pixel_replicate (const TestFrame *in, gint x, gint y)
{
  return test_frame_get (in, CLAMP (x, 0, (gint)in->width - 1),
      CLAMP (y, 0, (gint)in->height - 1));
}

/* cv::Sobel with ksize=3 and BORDER_REPLICATE, straight from the two 3x3
 * kernels; gx and gy are exact integers, the rest is IEEE double: sqrt and
 * the product are correctly rounded, rint rounds half to even. */
TestFrame *
ref_sobel (const TestFrame *in, RefSobelMode mode, gdouble scale,
    guint threshold)
{
  static const gint kx[3][3] = { { -1, 0, 1 }, { -2, 0, 2 }, { -1, 0, 1 } };
  static const gint ky[3][3] = { { -1, -2, -1 }, { 0, 0, 0 }, { 1, 2, 1 } };
  const gdouble max = in->format == GST_VIDEO_FORMAT_GRAY8 ? 255 : 65535;
  TestFrame *out = test_frame_new (in->format, in->width, in->height,
      in->stride);

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

TestFrame *
ref_element (const gchar *element, const TestFrame *in)
{
  if (g_str_equal (element, "clhistequalize"))
    return ref_histequalize (in);
  /* It only measures. */
  if (g_str_equal (element, "clhistogram"))
    return test_frame_copy (in, in->format, in->stride);
  g_assert (g_str_equal (element, "clsobel"));
  return ref_sobel (in, REF_SOBEL_MAGNITUDE, 1.0, 0);
}
