/* gst-clfilter: 3x3 Sobel gradient kernels for clsobel.
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
 * On GPUs one work-item computes a strip of 8 horizontally adjacent output
 * pixels over @rows rows (CPU devices: see their section). It reads each input row
 * of the strip, plus the row above and below, once: one vector load and the
 * left and right neighbour pixels. Each row is reduced at once to its
 * horizontal derivative d = p[x+1] - p[x-1] and smoothing
 * s = p[x-1] + 2 p[x] + p[x+1], and three rows of those slide down the
 * strip:
 *
 *   gx = d[y-1] + 2 d[y] + d[y+1]      ([-1 0 1; -2 0 2; -1 0 1])
 *   gy = s[y+1] - s[y-1]               ([-1 -2 -1; 0 0 0; 1 2 1])
 *
 * Pixels outside the frame repeat the nearest edge pixel (OpenCV's
 * BORDER_REPLICATE): row and column indices are clamped to the frame. Planes
 * are row-aligned to 64 bytes, so the vector load of the last strip of a row
 * stays inside the row's padding; the lanes past the last pixel are replaced
 * with the last pixel before use, and the vector store writes results for
 * them into the padding, which the host never reads back.
 *
 * The output is out = clamp (rint (scale * m), 0, MAX) with m the mode's
 * gradient value, then MAX or 0 against a non-zero threshold. gx and gy are
 * exact integers. With scale 1 the whole formula is computed exactly
 * without double (in integers, and GRAY8 magnitudes from a float sqrt whose
 * rounding is provably exact, see round_sqrt8_u32); otherwise, with
 * GST_CL_HAVE_FP64, m and the product are computed in double, whose sqrt
 * and multiply are correctly rounded, so the result is the same as any IEEE
 * double computation of the formula. There is no add
 * after a multiply for the compiler to contract into an fma.
 *
 * GRAY16 input may give GRAY8 output (the *_u16_u8 kernels): the same
 * formula with MAX 255.
 *
 * Every kernel takes (src, pitch, width, height, rows, dst, dpitch, mode,
 * scale, threshold, swap), pitches and widths in pixels; GRAY8 kernels
 * ignore swap.
 *
 * Build-time defines (see gstclcontext.c):
 *   GST_CL_HAVE_FP64   the device has cl_khr_fp64: exact double path
 */

#ifdef GST_CL_HAVE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real_t;
typedef double8 real8;
#define convert_real8 convert_double8
#else
/* Not exact: float cannot hold every gx^2 + gy^2 nor round like double. */
typedef float real_t;
typedef float8 real8;
#define convert_real8 convert_float8
#endif

/* With scale 1 the formula needs no floating point: m itself, clamped, for
 * the integer modes, and for magnitudes the square root of n = gx^2 + gy^2
 * rounded to nearest: round (sqrt (n)) = k exactly when
 * k^2 - k < n <= k^2 + k (or k = 0 and n = 0), and sqrt(n) is never a tie
 * for integer n, so an estimate is corrected exactly with integers. */

/* GRAY8 (n < 2^21): no correction is needed. Only n <= 65280 gives an
 * output below 255, and there sqrt (n) <= 255.5 stays at least 4.8e-4
 * away from every k + 0.5 (sqrt (k^2 + k) is about k + 0.5 - 1 / (8k + 4)),
 * ten times the 3 ulp (4.6e-5 below 256) that OpenCL allows sqrt; above it,
 * sqrt (n) > 255.5 rounds to 255 or more either way. The program is built
 * without -cl-fp32-correctly-rounded-divide-sqrt (see gstclcontext.c), so
 * sqrt is the device's fast one. At 3840x2160 on an H200 magnitude took
 * 19.0 us with an estimate and integer corrections, 14.3 us so. */
static inline uint8
round_sqrt8_u32 (uint8 n)
{
  return convert_uint8_sat_rte (sqrt (convert_float8 (n)));
}

/* GRAY16 magnitudes in 32 bits. The output clamps at 65535, which n
 * reaches as soon as |gx| or |gy| does: the components are clamped there,
 * their squares summed with saturation, and n capped at 65535^2 + 65535,
 * the largest n that rounds to 65535. Every step then fits in 32 bits
 * (k <= 65535), half the width of 64-bit arithmetic on a CPU's vectors.
 * From an estimate within 1 (sqrt, 3 ulp by the spec): k^2 <= n, then
 * k = floor (sqrt (n)) written so that no (k + 1)^2 can overflow, then the
 * rounding. */
#define MAG_N_MAX (65535u * 65536u)
#define ROUND_SQRT_CAPPED(k, n, one, maxk)                                   \
  do {                                                                       \
    k = min (k, maxk);                                                       \
    k = select (k, k - one, k * k > n);                                      \
    k = select (k, k + one, n - k * k >= 2 * k + one);                       \
    k = select (k, k + one, n > k * k + k);                                  \
  } while (0)

static inline uint8
round_sqrt8_u16 (int8 gx, int8 gy)
{
  const uint8 ax = min (abs (gx), (uint8) 65535);
  const uint8 ay = min (abs (gy), (uint8) 65535);
  const uint8 n = min (add_sat (ax * ax, ay * ay), (uint8) MAG_N_MAX);
  uint8 k = convert_uint8 (sqrt (convert_float8 (n)));

  ROUND_SQRT_CAPPED (k, n, (uint8) 1, (uint8) 65535);
  return k;
}

#define MODE_MAGNITUDE GST_CL_SOBEL_MAGNITUDE
#define MODE_MAGNITUDE_L1 GST_CL_SOBEL_MAGNITUDE_L1
#define MODE_DX GST_CL_SOBEL_DX
#define MODE_DY GST_CL_SOBEL_DY

#if GST_CL_SOBEL_STRIP != 8
#error "the GPU kernels compute strips of 8 pixels"
#endif

/* ---- GPUs: 8 pixels per work-item over @rows rows; GRAY16 frames in the
 * byte order @swap says ---- */

#define LOAD8(p) (*(__global const uint2 *) (p))
#define STORE8(p, v) (*(__global uint2 *) (p) = (v))

static inline ushort
swap16_1 (ushort v, uint swap)
{
  return swap ? rotate (v, (ushort) 8) : v;
}

/* A row's horizontal derivative d and smoothing s at the strip's 8 pixels
 * @c, from them and their left and right neighbours. */
static inline void
row_terms (int8 c, int left, int right, int8 * d, int8 * s)
{
  const int8 l = (int8) (left, c.s0123, c.s456);
  const int8 r = (int8) (c.s1234, c.s567, right);

  *d = r - l;
  *s = l + 2 * c + r;
}

/* Row @y of the strip at @x0, borders replicated. */
static inline void
row_u8 (__global const uchar * src, uint pitch, uint width, uint height,
    uint x0, int y, int8 * d, int8 * s)
{
  const uint yc = (uint) clamp (y, 0, (int) height - 1);
  __global const uchar *row = src + (size_t) yc * pitch;
  uchar8 v = as_uchar8 (LOAD8 (row + x0));

  if (x0 + 8 > width) {
    const uchar8 lane = (uchar8) (0, 1, 2, 3, 4, 5, 6, 7);

    v = select (v, (uchar8) row[width - 1], lane >= (uchar8) (width - x0));
  }
  row_terms (convert_int8 (v), row[x0 ? x0 - 1 : 0],
      row[min (x0 + 8, width - 1)], d, s);
}

static inline void
row_u16 (__global const ushort * src, uint pitch, uint width, uint height,
    uint swap, uint x0, int y, int8 * d, int8 * s)
{
  const uint yc = (uint) clamp (y, 0, (int) height - 1);
  __global const ushort *row = src + (size_t) yc * pitch;
  ushort8 v = swap16 (as_ushort8 (LOAD16 (row + x0)), swap);

  if (x0 + 8 > width) {
    const ushort8 lane = (ushort8) (0, 1, 2, 3, 4, 5, 6, 7);

    v = select (v, (ushort8) swap16_1 (row[width - 1], swap),
        lane >= (ushort8) (width - x0));
  }
  row_terms (convert_int8 (v), swap16_1 (row[x0 ? x0 - 1 : 0], swap),
      swap16_1 (row[min (x0 + 8, width - 1)], swap), d, s);
}

/* The output for gradients gx, gy: the mode's m, scaled, rounded half to
 * even, clamped to @maxv, then thresholded. @wide: 16-bit input, whose
 * gradients' squares overflow 32 bits; for 8-bit output they are capped at
 * 256 first, where the output already clamps. */
static inline uint8
sobel_value (int8 gx, int8 gy, uint mode, real_t scale, uint threshold,
    uint maxv, bool wide)
{
  uint8 o;

  if (scale == (real_t) 1) {
    if (mode == MODE_MAGNITUDE && maxv == 255) {
      const int8 cx = wide ? clamp (gx, -256, 256) : gx;
      const int8 cy = wide ? clamp (gy, -256, 256) : gy;

      o = round_sqrt8_u32 (as_uint8 (cx * cx + cy * cy));
    } else if (mode == MODE_MAGNITUDE) {
      o = round_sqrt8_u16 (gx, gy);
    } else if (mode == MODE_MAGNITUDE_L1) {
      o = abs (gx) + abs (gy);
    } else if (mode == MODE_DX) {
      o = abs (gx);
    } else {
      o = abs (gy);
    }
    o = min (o, (uint8) maxv);
  } else {
    real8 m;

    if (mode == MODE_MAGNITUDE) {
      /* gx^2 reaches 2^36: 64-bit integers hold the sum exactly, and so
       * does double (below 2^53). */
      const long8 lx = convert_long8 (gx), ly = convert_long8 (gy);

      m = sqrt (convert_real8 (lx * lx + ly * ly));
    } else if (mode == MODE_MAGNITUDE_L1) {
      m = convert_real8 (abs (gx) + abs (gy));
    } else if (mode == MODE_DX) {
      m = convert_real8 (abs (gx));
    } else {
      m = convert_real8 (abs (gy));
    }
    o = convert_uint8 (clamp (rint (scale * m), (real_t) 0, (real_t) maxv));
  }
  if (threshold)
    o = select ((uint8) 0, (uint8) maxv, o >= (uint8) threshold);
  return o;
}

/* The kernels' bodies; the per-mode kernels pass scale 1 as a constant, so
 * that the compiler drops the double path and the registers it needs.
 * With @unroll (the magnitudes' kernels), a strip of the host's
 * GST_CL_SOBEL_ROWS rows inside the frame runs as straight code: the
 * window is renamed instead of copied from row to row, and, as the buffers
 * are restrict, the compiler may load later rows before earlier stores.
 * Which modes gain is the compiler's doing, measured on NVIDIA's
 * (docs/performance.md). */
#define SOBEL_ROW_U8(y)                                                      \
  do {                                                                       \
    row_u8 (src, pitch, width, height, x0, (int) (y) + 1, &d2, &s2);         \
    STORE8 (dst + (size_t) (y) * dpitch + x0,                                \
        as_uint2 (convert_uchar8 (sobel_value (d0 + 2 * d1 + d2, s2 - s0,    \
                    mode, scale, threshold, 255, false))));                  \
    d0 = d1; s0 = s1;                                                        \
    d1 = d2; s1 = s2;                                                        \
  } while (0)

static inline void
sobel_body_u8 (__global const uchar * restrict src, uint pitch, uint width,
    uint height, uint rows, __global uchar * restrict dst, uint dpitch,
    uint mode, real_t scale, uint threshold, bool unroll)
{
  const uint x0 = get_global_id (0) * 8;
  const uint y0 = get_global_id (1) * rows;
  int8 d0, s0, d1, s1, d2, s2;

  if (x0 >= width || y0 >= height)
    return;
  row_u8 (src, pitch, width, height, x0, (int) y0 - 1, &d0, &s0);
  row_u8 (src, pitch, width, height, x0, (int) y0, &d1, &s1);
  if (unroll && rows == GST_CL_SOBEL_ROWS &&
      y0 + GST_CL_SOBEL_ROWS <= height) {
#pragma unroll
    for (uint k = 0; k < GST_CL_SOBEL_ROWS; k++)
      SOBEL_ROW_U8 (y0 + k);
    return;
  }
  for (uint y = y0; y < min (y0 + rows, height); y++)
    SOBEL_ROW_U8 (y);
}

/* GRAY16 input to @T output of maximum @maxv, stored by @STORE. */
#define SOBEL_BODY_U16(name, T, maxv, STORE)                                 \
  static inline void name (__global const ushort * src, uint pitch,          \
      uint width, uint height, uint rows, __global T * dst, uint dpitch,     \
      uint mode, real_t scale, uint threshold, uint swap)                    \
  {                                                                          \
    const uint x0 = get_global_id (0) * 8;                                   \
    const uint y0 = get_global_id (1) * rows;                                \
    int8 d0, s0, d1, s1, d2, s2;                                             \
                                                                             \
    if (x0 >= width || y0 >= height)                                         \
      return;                                                                \
    row_u16 (src, pitch, width, height, swap, x0, (int) y0 - 1, &d0, &s0);   \
    row_u16 (src, pitch, width, height, swap, x0, (int) y0, &d1, &s1);       \
    for (uint y = y0; y < min (y0 + rows, height); y++) {                    \
      row_u16 (src, pitch, width, height, swap, x0, (int) y + 1, &d2, &s2);  \
      STORE (dst + (size_t) y * dpitch + x0, sobel_value (d0 + 2 * d1 + d2,  \
              s2 - s0, mode, scale, threshold, maxv, true));                 \
      d0 = d1; s0 = s1;                                                      \
      d1 = d2; s1 = s2;                                                      \
    }                                                                        \
  }

#define STORE_U16(p, o) STORE16 (p, as_uint4 (swap16 (convert_ushort8 (o), swap)))
#define STORE_U8(p, o) STORE8 (p, as_uint2 (convert_uchar8 (o)))
SOBEL_BODY_U16 (sobel_body_u16, ushort, 65535, STORE_U16)
SOBEL_BODY_U16 (sobel_body_u16_u8, uchar, 255, STORE_U8)

#if WANT_GPU && WANT_U8 && !defined(GST_CL_SOBEL_UNIT)
__kernel void
sobel_u8 (__global const uchar * restrict src, uint pitch, uint width,
    uint height, uint rows, __global uchar * restrict dst, uint dpitch,
    uint mode, real_t scale, uint threshold, uint swap)
{
  sobel_body_u8 (src, pitch, width, height, rows, dst, dpitch, mode, scale,
      threshold, false);
}
#endif

#if WANT_GPU && WANT_U16 && !defined(GST_CL_SOBEL_UNIT)
__kernel void
sobel_u16 (__global const ushort * src, uint pitch, uint width, uint height,
    uint rows, __global ushort * dst, uint dpitch, uint mode, real_t scale,
    uint threshold, uint swap)
{
  sobel_body_u16 (src, pitch, width, height, rows, dst, dpitch, mode, scale,
      threshold, swap);
}
#endif

#if WANT_GPU && WANT_U16_U8 && !defined(GST_CL_SOBEL_UNIT)
__kernel void
sobel_u16_u8 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows, __global uchar * dst, uint dpitch, uint mode,
    real_t scale, uint threshold, uint swap)
{
  sobel_body_u16_u8 (src, pitch, width, height, rows, dst, dpitch, mode,
      scale, threshold, swap);
}
#endif

/* Scale 1, one kernel per mode: with the mode a constant, the compiler
 * keeps only its arithmetic and the registers it needs, and the body is
 * inlined twice, without and with a threshold, so that the common case
 * carries no per-pixel threshold test. The mode argument is there for the
 * host's one way to set arguments. */
#define UNROLLS(mode) ((mode) == MODE_MAGNITUDE || (mode) == MODE_MAGNITUDE_L1)
#define UNIT_KERNEL_U8(name, MODE)                                           \
  __kernel void sobel_##name##_u8 (__global const uchar * restrict src,     \
      uint pitch, uint width, uint height, uint rows,                        \
      __global uchar * restrict dst, uint dpitch, uint mode, real_t scale,   \
      uint threshold, uint swap)                                             \
  {                                                                          \
    if (threshold)                                                           \
      sobel_body_u8 (src, pitch, width, height, rows, dst, dpitch, MODE,     \
          (real_t) 1, threshold, UNROLLS (MODE));                            \
    else                                                                     \
      sobel_body_u8 (src, pitch, width, height, rows, dst, dpitch, MODE,     \
          (real_t) 1, 0, UNROLLS (MODE));                                    \
  }

#define UNIT_KERNEL_U16(name, MODE)                                          \
  __kernel void sobel_##name##_u16 (__global const ushort * src,             \
      uint pitch, uint width, uint height, uint rows, __global ushort * dst, \
      uint dpitch, uint mode, real_t scale, uint threshold, uint swap)       \
  {                                                                          \
    if (threshold)                                                           \
      sobel_body_u16 (src, pitch, width, height, rows, dst, dpitch, MODE,    \
          (real_t) 1, threshold, swap);                                      \
    else                                                                     \
      sobel_body_u16 (src, pitch, width, height, rows, dst, dpitch, MODE,    \
          (real_t) 1, 0, swap);                                              \
  }

/* GST_CL_SOBEL_UNIT: the mode whose scale-1 kernel the program has, in
 * place of the one for any scale. */
#if WANT_U8
#define UNIT_KERNELS UNIT_KERNEL_U8
#else
#define UNIT_KERNELS UNIT_KERNEL_U16
#endif
#ifndef GST_CL_SOBEL_UNIT
#elif GST_CL_SOBEL_UNIT == MODE_MAGNITUDE
UNIT_KERNELS (magnitude, MODE_MAGNITUDE)
#elif GST_CL_SOBEL_UNIT == MODE_MAGNITUDE_L1
UNIT_KERNELS (magnitude_l1, MODE_MAGNITUDE_L1)
#elif GST_CL_SOBEL_UNIT == MODE_DX
UNIT_KERNELS (dx, MODE_DX)
#elif GST_CL_SOBEL_UNIT == MODE_DY
UNIT_KERNELS (dy, MODE_DY)
#endif

/* ---- CPU devices: one work-item per band of @rows rows, a plain loop per
 * row that the compiler vectorizes; only the row's pixels are read and
 * written, so these run on the frames' memory in place ---- */

/* m for @mode from gx and gy (int or long). */
#define MODE_VALUE(mode, gx, gy, T)                                          \
  ((mode) == MODE_MAGNITUDE ? sqrt ((real_t) ((T) (gx) * (gx) + (T) (gy) * (gy))) \
   : (mode) == MODE_MAGNITUDE_L1 ? (real_t) (abs (gx) + abs (gy))             \
   : (mode) == MODE_DX ? (real_t) abs (gx) : (real_t) abs (gy))

static inline uint
finish_value (real_t m, real_t scale, uint threshold, uint maxv)
{
  const uint o = (uint) clamp (rint (scale * m), (real_t) 0, (real_t) maxv);

  return threshold ? (o >= threshold ? maxv : 0) : o;
}

/* With scale 1 the formula needs no floating point: m itself, clamped, for
 * the integer modes, and for magnitudes the square root of n rounded to
 * nearest, in 32 bits as round_sqrt8_u16 explains: n = gx^2 + gy^2 < 2^21
 * for GRAY8, capped at MAG_N_MAX for GRAY16. */
static inline uint
round_sqrt_uint (uint n)
{
  uint k = (uint) sqrt ((float) n);

  ROUND_SQRT_CAPPED (k, n, 1u, 65535u);
  return k;
}

static inline uint
mag_n_u16 (int gx, int gy)
{
  const uint ax = min ((uint) abs (gx), 65535u);
  const uint ay = min ((uint) abs (gy), 65535u);

  return min (add_sat (ax * ax, ay * ay), MAG_N_MAX);
}

#define MAG_N_u8(gx, gy) ((uint) ((gx) * (gx) + (gy) * (gy)))
#define MAG_N_u16(gx, gy) mag_n_u16 (gx, gy)

static inline uint
finish_int (uint o, uint threshold, uint maxv)
{
  o = min (o, maxv);
  return threshold ? (o >= threshold ? maxv : 0) : o;
}

/* GRAY8, where round_sqrt_uint's three corrections were most of the
 * vectorized loop (and PoCL's rint and rounding conversions are not single
 * instructions): up to n = 65280, the largest n whose output is below 255,
 * the root of an n that is not a square lies at least 1 / 512 from every
 * integer, far more than sqrt's 3 ulp, so its truncation is
 * floor (sqrt (n)); a square's may be one less. One step rounds either
 * exactly (no tie, see above). Above 65280 the result is at least 255, the
 * clamp. */
static inline uint
round_sqrt_u8 (uint n)
{
  const uint k = (uint) sqrt ((float) n);

  return k + (n > k * k + k);
}

#define ROUND_SQRT_u8(n) round_sqrt_u8 (n)
#define ROUND_SQRT_u16(n) round_sqrt_uint (n)

#define UNIT_VALUE(mode, gx, gy, T)                                          \
  ((mode) == MODE_MAGNITUDE ? ROUND_SQRT_##T (MAG_N_##T (gx, gy))            \
   : (mode) == MODE_MAGNITUDE_L1 ? (uint) (abs (gx) + abs (gy))               \
   : (mode) == MODE_DX ? (uint) abs (gx) : (uint) abs (gy))

/* The gradients at x from rows a, b, c with columns l, x, r. */
#define GX(a, b, c, l, r) \
  ((int) (a)[r] - (int) (a)[l] + 2 * ((int) (b)[r] - (int) (b)[l]) + \
   (int) (c)[r] - (int) (c)[l])
#define GY(a, c, l, x, r) \
  ((int) (c)[l] + 2 * (int) (c)[x] + (int) (c)[r] - \
   ((int) (a)[l] + 2 * (int) (a)[x] + (int) (a)[r]))

/* Output pixel x of a row, columns l and r clamped by the caller; T is int
 * or long for the double path, u8 or u16 for the integer path of scale 1. */
#define SOBEL_PIXEL(a, b, c, d, x, l, r, M, T, maxv)                         \
  do {                                                                       \
    const int gx = GX (a, b, c, l, r), gy = GY (a, c, l, x, r);              \
    (d)[x] = FINISH_##T (M, gx, gy, maxv);                                   \
  } while (0)
#define FINISH_int(M, gx, gy, maxv) \
  finish_value (MODE_VALUE (M, gx, gy, int), scale, threshold, maxv)
#define FINISH_long(M, gx, gy, maxv) \
  finish_value (MODE_VALUE (M, gx, gy, long), scale, threshold, maxv)
#define FINISH_u8(M, gx, gy, maxv) \
  finish_int (UNIT_VALUE (M, gx, gy, u8), threshold, maxv)
#define FINISH_u16(M, gx, gy, maxv) \
  finish_int (UNIT_VALUE (M, gx, gy, u16), threshold, maxv)

/* One output row: the two edge columns, then the inside in a loop without
 * clamps, one per mode, so that the compiler vectorizes it. */
#define SOBEL_ROW(a, b, c, d, width, M, T, maxv)                             \
  do {                                                                       \
    SOBEL_PIXEL (a, b, c, d, 0, 0, min (1u, (width) - 1), M, T, maxv);       \
    for (uint x = 1; x + 1 < (width); x++)                                   \
      SOBEL_PIXEL (a, b, c, d, x, x - 1, x + 1, M, T, maxv);                 \
    if ((width) > 1)                                                         \
      SOBEL_PIXEL (a, b, c, d, (width) - 1, (width) - 2, (width) - 1, M, T,  \
          maxv);                                                             \
  } while (0)

/* SOBEL_ROW for @mode, a loop of its own per mode. */
#define SOBEL_ROW_MODES(a, b, c, d, width, T, maxv)                          \
  do {                                                                       \
    switch (mode) {                                                          \
      case MODE_MAGNITUDE:                                                   \
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE, T, maxv);              \
        break;                                                               \
      case MODE_MAGNITUDE_L1:                                                \
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE_L1, T, maxv);           \
        break;                                                               \
      case MODE_DX:                                                          \
        SOBEL_ROW (a, b, c, d, width, MODE_DX, T, maxv);                     \
        break;                                                               \
      default:                                                               \
        SOBEL_ROW (a, b, c, d, width, MODE_DY, T, maxv);                     \
        break;                                                               \
    }                                                                        \
  } while (0)

#if WANT_ROWS && WANT_U8
__kernel void
sobel_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows, __global uchar * dst, uint dpitch, uint mode,
    real_t scale, uint threshold, uint swap)
{
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint y = y0; y < y1; y++) {
    __global const uchar *a = src + (size_t) (y ? y - 1 : 0) * pitch;
    __global const uchar *b = src + (size_t) y * pitch;
    __global const uchar *c = src + (size_t) min (y + 1, height - 1) * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;

    if (scale == (real_t) 1) {
      SOBEL_ROW_MODES (a, b, c, d, width, u8, 255);
      continue;
    }
    SOBEL_ROW_MODES (a, b, c, d, width, int, 255);
  }
}
#endif

/* GRAY16 rows to @T output of maximum @maxv. */
#define SOBEL_ROWS_U16(name, T, maxv)                                        \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint rows, __global T * dst, uint dpitch, uint mode,      \
      real_t scale, uint threshold, uint swap)                               \
  {                                                                          \
    const uint y0 = get_global_id (1) * rows;                                \
    const uint y1 = min (y0 + rows, height);                                 \
                                                                             \
    for (uint y = y0; y < y1; y++) {                                         \
      __global const ushort *a = src + (size_t) (y ? y - 1 : 0) * pitch;     \
      __global const ushort *b = src + (size_t) y * pitch;                   \
      __global const ushort *c =                                             \
          src + (size_t) min (y + 1, height - 1) * pitch;                    \
      __global T *d = dst + (size_t) y * dpitch;                             \
                                                                             \
      if (swap) {                                                            \
        sobel_swapped_row (a, b, c, width, mode, scale, threshold, maxv,     \
            d, sizeof (T));                                                  \
        continue;                                                            \
      }                                                                      \
      if (scale == (real_t) 1) {                                             \
        SOBEL_ROW_MODES (a, b, c, d, width, u16, maxv);                      \
        continue;                                                            \
      }                                                                      \
      SOBEL_ROW_MODES (a, b, c, d, width, long, maxv);                       \
    }                                                                        \
  }

/* A row of big-endian frames on a little-endian device, or the other way:
 * rare, so correct, not fast. Output of @size bytes a pixel, 16-bit
 * output swapped back. */
static void
sobel_swapped_row (__global const ushort * a, __global const ushort * b,
    __global const ushort * c, uint width, uint mode, real_t scale,
    uint threshold, uint maxv, __global void *d, uint size)
{
  for (uint x = 0; x < width; x++) {
    const uint l = x ? x - 1 : 0, r = min (x + 1, width - 1);
    ushort ra[3], rb[3], rc[3];
    uint o;

    ra[0] = rotate (a[l], (ushort) 8); ra[1] = rotate (a[x], (ushort) 8);
    ra[2] = rotate (a[r], (ushort) 8); rb[0] = rotate (b[l], (ushort) 8);
    rb[2] = rotate (b[r], (ushort) 8); rc[0] = rotate (c[l], (ushort) 8);
    rc[1] = rotate (c[x], (ushort) 8); rc[2] = rotate (c[r], (ushort) 8);
    {
      const int gx = GX (ra, rb, rc, 0, 2), gy = GY (ra, rc, 0, 1, 2);

      o = finish_value (MODE_VALUE (mode, gx, gy, long), scale, threshold,
          maxv);
    }
    if (size == 2)
      ((__global ushort *) d)[x] = rotate ((ushort) o, (ushort) 8);
    else
      ((__global uchar *) d)[x] = (uchar) o;
  }
}

#if WANT_ROWS && WANT_U16
SOBEL_ROWS_U16 (sobel_rows_u16, ushort, 65535)
#endif
#if WANT_ROWS && WANT_U16_U8
SOBEL_ROWS_U16 (sobel_rows_u16_u8, uchar, 255)
#endif
