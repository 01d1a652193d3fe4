/* gst-clfilter tests
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

  *nbins = test_frame_bpp (in) == 1 ? 256 : 65536;
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

/* @lo + round_half_even ((cdf[v] - cdf_min) * span / (N - cdf_min)) in
 * exact integers, for every v from i0 up to @nbins. GRAY16 takes 0 and
 * 65535, limited-range luma 16 and 219 (16-235). */
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
ref_histequalize (const TestFrame *in)
{
  guint nbins, i0 = 0;
  guint64 *hist = ref_histogram (in, &nbins);
  const guint64 total = (guint64)in->width * in->height;
  /* Chroma and the colorimetry come along untouched. */
  TestFrame *out = test_frame_copy_strides (in, in->format, in->strides);
  guint *lut;

  while (hist[i0] == 0)
    i0++;
  if (hist[i0] == total) {
    g_free (hist);
    return out;
  }
  lut = g_new0 (guint, nbins);
  if (nbins == 65536)
    lut_exact (hist, nbins, total, i0, 0, 65535, lut);
  else if (test_format_is_yuv (in->format) && !test_frame_full_range (in))
    lut_exact (hist, nbins, total, i0, 16, 219, lut);
  else
    lut_gray8 (hist, total, i0, lut);
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
GstVideoFormat
ref_sobel_default_format (GstVideoFormat in)
{
  return test_format_is_yuv (in) ? GST_VIDEO_FORMAT_GRAY8 : in;
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
  /* The input's stride where the output has the same layout. */
  TestFrame *out = test_frame_new (format, in->width, in->height,
      format == in->format ? in->stride : 0);

  g_assert (format == GST_VIDEO_FORMAT_GRAY8 ||
            (format == in->format && !test_format_is_yuv (format)));

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
  g_assert (g_str_equal (element, "clsobel"));
  return ref_sobel (in, REF_SOBEL_MAGNITUDE, 1.0, 0);
}
