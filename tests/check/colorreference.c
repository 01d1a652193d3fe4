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
 *
 * OpenCV computes its 8-bit Lab tables once, in cv::softfloat and
 * cv::softdouble: IEEE single and double arithmetic, each operation
 * rounded to nearest even, which C's float and double are on x86-64 and
 * other SSE-class machines, provided no multiply-add is fused (this file
 * is built with -ffp-contract=off). The conversions themselves are integer
 * only.
 */
#include <math.h>
#include <string.h>

#include "colorreference.h"

/* Rounds half up, as OpenCV's CV_DESCALE, also for negative @x (an
 * arithmetic right shift, as in OpenCV). */
#define DESCALE(x, n) (((x) + (1 << ((n)-1))) >> (n))

static guint8
saturate_u8 (gint v)
{
  return (guint8)CLAMP (v, 0, 255);
}

/* ----- YCrCb and gray: BT.601 in fixed point (color.hpp,
 * color_yuv.simd.hpp, color_rgb.simd.hpp) ----- */

#define YUV_SHIFT 14
#define R2Y 4899     /* 0.299 * 16384 */
#define G2Y 9617     /* 0.587 * 16384 */
#define B2Y 1868     /* 0.114 * 16384 */
#define YCRI 11682   /* 0.713 * 16384, 1 / 2 / (1 - 0.299) */
#define YCBI 9241    /* 0.564 * 16384, 1 / 2 / (1 - 0.114) */
#define CR2RI 22987  /* 1.403 * 16384 */
#define CR2GI -11698 /* -0.714 * 16384 */
#define CB2GI -5636  /* -0.344 * 16384 */
#define CB2BI 29049  /* 1.773 * 16384 */

void
ref_rgb_to_ycrcb (guint8 r, guint8 g, guint8 b, guint8 *y, guint8 *cr,
    guint8 *cb)
{
  const gint delta = 128 << YUV_SHIFT;
  /* Y stays in 0-255: the coefficients sum to 16384. */
  const gint Y = DESCALE (r * R2Y + g * G2Y + b * B2Y, YUV_SHIFT);

  *y = Y;
  *cr = saturate_u8 (DESCALE ((r - Y) * YCRI + delta, YUV_SHIFT));
  *cb = saturate_u8 (DESCALE ((b - Y) * YCBI + delta, YUV_SHIFT));
}

void
ref_ycrcb_to_rgb (guint8 y, guint8 cr, guint8 cb, guint8 *r, guint8 *g,
    guint8 *b)
{
  const gint dcr = cr - 128, dcb = cb - 128;

  *r = saturate_u8 (y + DESCALE (dcr * CR2RI, YUV_SHIFT));
  *g = saturate_u8 (y + DESCALE (dcb * CB2GI + dcr * CR2GI, YUV_SHIFT));
  *b = saturate_u8 (y + DESCALE (dcb * CB2BI, YUV_SHIFT));
}

/* Gray has its own coefficients, to 15 bits (gray_shift, RY15 ...): it
 * differs from YCrCb's Y by one for 43864 colours (0.26 %). */
#define GRAY_SHIFT 15
#define RY15 9798  /* 0.299 * 32768 + 0.5 */
#define GY15 19235 /* 0.587 * 32768 + 0.5 */
#define BY15 3735  /* 0.114 * 32768 + 0.5 */

guint8
ref_rgb_to_gray (guint8 r, guint8 g, guint8 b)
{
  return DESCALE (r * RY15 + g * GY15 + b * BY15, GRAY_SHIFT);
}

/* ----- Lab (color_lab.cpp: RGB2Lab_b and Lab2RGBinteger, the paths
 * cvtColor takes for CV_8U with bit-exactness on, its default) ----- */

/* RGB to XYZ scales (lab_shift), the gamma table's extra bits, and so
 * the scale of the cube roots. */
#define LAB_SHIFT 12
#define GAMMA_SHIFT 3
#define LAB_SHIFT2 (LAB_SHIFT + GAMMA_SHIFT)
/* Linear RGB runs to 255 << GAMMA_SHIFT; XYZ a little past it. */
#define CBRT_TAB_SIZE (256 * 3 / 2 * (1 << GAMMA_SHIFT))
#define INV_GAMMA_SHIFT 12
#define INV_GAMMA_TAB_SIZE (1 << INV_GAMMA_SHIFT)
/* Lab to RGB works at 14 bits (lab_base_shift). */
#define LAB_BASE_SHIFT 14
#define LAB_BASE (1 << LAB_BASE_SHIFT)
#define LAB2RGB_SHIFT (LAB_SHIFT + LAB_BASE_SHIFT - INV_GAMMA_SHIFT)

/* OpenCV's sRGB2XYZ_D65, XYZ2sRGB_D65 and D65 white point: these decimal
 * literals are the doubles it stores bit for bit. */
static const double srgb_to_xyz[3][3] = {
  { 0.412453, 0.357580, 0.180423 },
  { 0.212671, 0.715160, 0.072169 },
  { 0.019334, 0.119193, 0.950227 },
};
static const double xyz_to_srgb[3][3] = {
  { 3.240479, -1.53715, -0.498535 },
  { -0.969256, 1.875991, 0.041556 },
  { 0.055648, -0.204043, 1.057311 },
};
static const double d65[3] = { 0.950456, 1.0, 1.088754 };

typedef struct {
  /* sRGBGammaTab_b: sRGB to linear, << GAMMA_SHIFT. */
  guint16 gamma[256];
  /* LabCbrtTab_b: f(t) << LAB_SHIFT2. */
  guint16 cbrt[CBRT_TAB_SIZE];
  /* LabToYF_b: Y and f(Y) of L, at LAB_BASE. */
  guint16 l_to_y[256], l_to_fy[256];
  /* sRGBInvGammaTab_b: linear at INV_GAMMA_SHIFT bits to sRGB. */
  guint16 inv_gamma[INV_GAMMA_TAB_SIZE];
  /* Rows X, Y, Z over R, G, B, divided by the white point. */
  gint rgb_to_xyz[9];
  /* Rows R, G, B over X, Y, Z, times the white point. */
  gint xyz_to_rgb[9];
} LabTables;

/* cv::cbrt (softfloat): Turkowski's rational approximation in double on
 * the mantissa scaled into [0.125, 1), whose result's mantissa is then cut
 * (not rounded) to float. It is not the C library's cbrtf: with that, 3
 * entries of the table and 18780 colours' Lab would differ from OpenCV's.
 * For positive normal @x only, all the table needs. */
static float
cv_cbrtf (float x)
{
  static const double num[] = { 0x1.6a09e6653ba70p+5, 0x1.808f46c6116e0p+7,
    0x1.dca97439cae14p+6, 0x1.add70d2827500p+3, 0x1.4f15f83f55d2dp-3 };
  static const double den[] = { 0x1.d9e20660edb21p+3, 0x1.2ff15c0285815p+7,
    0x1.510d06a8112cep+7, 0x1.0fecbc9e2c375p+5, 1.0 };
  guint32 u;
  guint64 d;
  gint ex, shx;
  double fr, p, q;

  memcpy (&u, &x, sizeof (u));
  ex = (gint)((u >> 23) & 0xff) - 127;
  /* C's remainder, truncated towards zero, as in OpenCV. */
  shx = ex % 3;
  if (shx >= 0)
    shx -= 3;
  ex = (ex - shx) / 3 - 1;
  d = (guint64)(shx + 1023) << 52 | (guint64)(u & 0x7fffff) << 29;
  memcpy (&fr, &d, sizeof (fr));
  p = num[0];
  q = den[0];
  for (guint k = 1; k < G_N_ELEMENTS (num); k++) {
    p = p * fr + num[k];
    q = q * fr + den[k];
  }
  fr = p / q;
  memcpy (&d, &fr, sizeof (d));
  u = (u & 0x80000000u) + ((guint32)(ex + 127) << 23) +
      (guint32)((d & G_GUINT64_CONSTANT (0xfffffffffffff)) >> 29);
  memcpy (&x, &u, sizeof (x));
  return x;
}

/* OpenCV's applyGamma and applyInvGamma, in double, their constants as its
 * integer ratios. OpenCV's own pow (exp (y * log (x)) from its tables)
 * is not the C library's, but the tables' integers do not tell them
 * apart: every entry stays the same for any pow within a relative 2^-24
 * of the exact one (gst/color-tables.py checks 2^-30 at each build). */
static float
apply_gamma (float x)
{
  const double xd = x;

  if (xd <= 809.0 / 20000.0)
    return (float)(xd / (323.0 / 25.0));
  return (float)pow ((xd + 11.0 / 200.0) / (1.0 + 11.0 / 200.0), 12.0 / 5.0);
}

static float
apply_inv_gamma (float x)
{
  const double xd = x;

  if (xd <= 7827.0 / 2500000.0)
    return (float)(xd * (323.0 / 25.0));
  return (float)(pow (xd, 1.0 / (12.0 / 5.0)) * (1.0 + 11.0 / 200.0) -
                 11.0 / 200.0);
}

/* Lab's f(t): the cube root above (6/29)^3, the line below, in float. */
static float
lab_f (float t)
{
  const float lthresh = 216.0f / 24389.0f;

  return t < lthresh ? fmaf (t, 841.0f / 108.0f, 16.0f / 116.0f) : cv_cbrtf (t);
}

static void
lab_tables_init (LabTables *t)
{
  const float cbrt_scale = 1.0f / (255.0f * (1 << GAMMA_SHIFT));

  /* cvRound: lrint rounds half to even, as OpenCV's softfloat does. */
  for (gint i = 0; i < 256; i++) {
    t->gamma[i] = lrintf (
        (255.0f * (1 << GAMMA_SHIFT)) * apply_gamma ((float)i / 255.0f));
  }
  for (gint i = 0; i < CBRT_TAB_SIZE; i++)
    t->cbrt[i] = lrintf (
        (float)(1 << LAB_SHIFT2) * lab_f (cbrt_scale * (float)i));
  for (gint i = 0; i < INV_GAMMA_TAB_SIZE; i++)
    t->inv_gamma[i] = lrintf (
        255.0f * apply_inv_gamma ((1.0f / INV_GAMMA_TAB_SIZE) * (float)i));
  for (gint i = 0; i < 256; i++) {
    /* L = i * 100 / 255; below L = 8 (i <= 20) Y is linear in L. */
    if (i <= 20) {
      t->l_to_y[i] = lrintf (
          (float)(i * LAB_BASE * 20 * 9) / (float)(17 * 29 * 29 * 29));
      t->l_to_fy[i] = lrintf (
          (float)LAB_BASE *
          (16.0f / 116.0f + (float)(i * 5) / (float)(3 * 17 * 29)));
    } else {
      const float fy = (float)(i * 100 * LAB_BASE) / (float)(255 * 116) +
                       (float)(16 * LAB_BASE) / 116.0f;

      t->l_to_fy[i] = lrintf (fy);
      t->l_to_y[i] = lrintf (fy * fy * fy / (float)(LAB_BASE * LAB_BASE));
    }
  }
  for (gint i = 0; i < 3; i++) {
    for (gint j = 0; j < 3; j++) {
      t->rgb_to_xyz[i * 3 + j] = lrint (
          (double)(1 << LAB_SHIFT) * srgb_to_xyz[i][j] / d65[i]);
      t->xyz_to_rgb[i * 3 + j] = lrint (
          (double)(1 << LAB_SHIFT) * xyz_to_srgb[i][j] * d65[j]);
    }
  }
}

static const LabTables *
lab_tables (void)
{
  static LabTables *tables;

  if (g_once_init_enter (&tables)) {
    LabTables *t = g_new0 (LabTables, 1);

    lab_tables_init (t);
    g_once_init_leave (&tables, t);
  }
  return tables;
}

void
ref_rgb_to_lab (guint8 r, guint8 g, guint8 b, guint8 *l, guint8 *a,
    guint8 *lab_b)
{
  const LabTables *t = lab_tables ();
  const gint *c = t->rgb_to_xyz;
  const gint R = t->gamma[r], G = t->gamma[g], B = t->gamma[b];
  const gint fx = t->cbrt[DESCALE (R * c[0] + G * c[1] + B * c[2], LAB_SHIFT)];
  const gint fy = t->cbrt[DESCALE (R * c[3] + G * c[4] + B * c[5], LAB_SHIFT)];
  const gint fz = t->cbrt[DESCALE (R * c[6] + G * c[7] + B * c[8], LAB_SHIFT)];
  /* L = 116 f(Y) - 16, scaled to 0-255, with OpenCV's integer rounding. */
  const gint l_scale = (116 * 255 + 50) / 100;
  const gint l_shift = -((16 * 255 * (1 << LAB_SHIFT2) + 50) / 100);

  *l = saturate_u8 (DESCALE (l_scale * fy + l_shift, LAB_SHIFT2));
  *a = saturate_u8 (
      DESCALE (500 * (fx - fy) + 128 * (1 << LAB_SHIFT2), LAB_SHIFT2));
  *lab_b = saturate_u8 (
      DESCALE (200 * (fy - fz) + 128 * (1 << LAB_SHIFT2), LAB_SHIFT2));
}

/* abToXZ_b, OpenCV's table of f^-1 at LAB_BASE scale, in integers, for
 * the -8145 <= v < 28719 it holds. 3390 is 6/29 at that scale; C's
 * division truncates towards zero, as in OpenCV, below 0 too. */
static gint
ab_to_xz (gint v)
{
  if (v <= 3390)
    return v * 108 / 841 - LAB_BASE * 16 / 116 * 108 / 841;
  return v * v / LAB_BASE * v / LAB_BASE;
}

void
ref_lab_to_rgb (guint8 l, guint8 a, guint8 lab_b, guint8 *r, guint8 *g,
    guint8 *b)
{
  const LabTables *t = lab_tables ();
  const gint *c = t->xyz_to_rgb;
  const gint y = t->l_to_y[l], ify = t->l_to_fy[l];
  /* a / 500 and b / 200 at LAB_BASE scale: OpenCV's multiply-and-shift
   * approximations, not exact divisions. */
  const gint adiv = ((5 * a * 53687 + (1 << 7)) >> 13) - 128 * LAB_BASE / 500;
  const gint bdiv = ((lab_b * 41943 + (1 << 4)) >> 9) - 128 * LAB_BASE / 200 +
                    1;
  const gint x = ab_to_xz (ify + adiv), z = ab_to_xz (ify - bdiv);
  gint rgb[3];

  for (gint i = 0; i < 3; i++) {
    const gint v = DESCALE (c[i * 3] * x + c[i * 3 + 1] * y + c[i * 3 + 2] * z,
        LAB2RGB_SHIFT);

    rgb[i] = t->inv_gamma[CLAMP (v, 0, INV_GAMMA_TAB_SIZE - 1)];
  }
  *r = rgb[0];
  *g = rgb[1];
  *b = rgb[2];
}

guint8
ref_color_channel (RefColorSpace space, guint8 r, guint8 g, guint8 b)
{
  guint8 c0, c1, c2;

  switch (space) {
    case REF_COLOR_YCRCB:
      ref_rgb_to_ycrcb (r, g, b, &c0, &c1, &c2);
      return c0;
    case REF_COLOR_LAB:
      ref_rgb_to_lab (r, g, b, &c0, &c1, &c2);
      return c0;
    case REF_COLOR_R:
      return r;
    case REF_COLOR_G:
      return g;
    case REF_COLOR_B:
      return b;
    default:
      return ref_rgb_to_gray (r, g, b);
  }
}

void
ref_color_replace (RefColorSpace space, guint8 v, guint8 *r, guint8 *g,
    guint8 *b)
{
  guint8 c0, c1, c2;

  switch (space) {
    case REF_COLOR_YCRCB:
      ref_rgb_to_ycrcb (*r, *g, *b, &c0, &c1, &c2);
      ref_ycrcb_to_rgb (v, c1, c2, r, g, b);
      break;
    case REF_COLOR_LAB:
      ref_rgb_to_lab (*r, *g, *b, &c0, &c1, &c2);
      ref_lab_to_rgb (v, c1, c2, r, g, b);
      break;
    case REF_COLOR_R:
      *r = v;
      break;
    case REF_COLOR_G:
      *g = v;
      break;
    case REF_COLOR_B:
      *b = v;
      break;
    default:
      *r = *g = *b = v;
      break;
  }
}
