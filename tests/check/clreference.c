/* gst-clfilter tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <math.h>
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
