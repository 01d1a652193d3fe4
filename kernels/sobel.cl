/* gst-clfilter: 3x3 Sobel gradient kernels for clsobel.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One work-item computes a strip of VW horizontally adjacent output pixels
 * (16 for GRAY8, 8 for GRAY16) over @rows rows. It reads each input row
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
 * exact integers; with GST_CL_HAVE_FP64 m and the product are computed in
 * double, whose sqrt and multiply are correctly rounded, so the result is
 * the same as any IEEE double computation of the formula. There is no add
 * after a multiply for the compiler to contract into an fma.
 *
 * Build-time defines (see gstclcontext.c):
 *   GST_CL_HAVE_FP64   the device has cl_khr_fp64: exact double path
 */

#ifdef GST_CL_HAVE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real_t;
typedef double8 real8;
typedef double16 real16;
#define convert_real8 convert_double8
#define convert_real16 convert_double16
#else
/* Not exact: float cannot hold every gx^2 + gy^2 nor round like double. */
typedef float real_t;
typedef float8 real8;
typedef float16 real16;
#define convert_real8 convert_float8
#define convert_real16 convert_float16
#endif

/* The mode property's values, as GstClSobelMode numbers them. */
#define MODE_MAGNITUDE 0
#define MODE_MAGNITUDE_L1 1
#define MODE_DX 2
#define MODE_DY 3

/* ---- GRAY8: 16 pixels per work-item ---- */

/* Row @y of the strip at @x0, borders replicated, as d and s. */
static inline void
row_u8 (__global const uchar * src, uint pitch, uint width, uint height,
    uint x0, int y, short16 * d, short16 * s)
{
  const uint yc = (uint) clamp (y, 0, (int) height - 1);
  __global const uchar *row = src + (size_t) yc * pitch;
  const uchar left = row[x0 ? x0 - 1 : 0];
  const uchar right = row[min (x0 + 16, width - 1)];
  uchar16 v = vload16 (0, row + x0);
  short16 c, l, r;

  if (x0 + 16 > width) {
    const uchar16 lane = (uchar16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
        13, 14, 15);

    v = select (v, (uchar16) row[width - 1], lane >= (uchar16) (width - x0));
  }
  c = convert_short16 (v);
  l = (short16) ((short) left, c.s0123, c.s4567, c.s89ab, c.scde);
  r = (short16) (c.s1234, c.s5678, c.s9abc, c.sdef, (short) right);
  *d = r - l;
  *s = l + (short) 2 * c + r;
}

static inline uchar16
output_u8 (short16 gx16, short16 gy16, uint mode, real_t scale,
    uint threshold)
{
  const int16 gx = convert_int16 (gx16);
  const int16 gy = convert_int16 (gy16);
  real16 m, v;
  uint16 o;

  if (mode == MODE_MAGNITUDE)
    m = sqrt (convert_real16 (gx * gx + gy * gy));
  else if (mode == MODE_MAGNITUDE_L1)
    m = convert_real16 (abs (gx) + abs (gy));
  else if (mode == MODE_DX)
    m = convert_real16 (abs (gx));
  else
    m = convert_real16 (abs (gy));
  v = clamp (rint (scale * m), (real_t) 0, (real_t) 255);
  o = convert_uint16 (v);
  if (threshold)
    o = select ((uint16) 0, (uint16) 255, o >= (uint16) threshold);
  return convert_uchar16 (o);
}

__kernel void
sobel_u8 (__global const uchar * src, uint pitch, uint width, uint height,
    uint rows, __global uchar * dst, uint dpitch, uint mode, real_t scale,
    uint threshold)
{
  const uint x0 = get_global_id (0) * 16;
  const uint y0 = get_global_id (1) * rows;
  short16 d0, s0, d1, s1, d2, s2;
  uint y, y1;

  if (x0 >= width || y0 >= height)
    return;
  y1 = min (y0 + rows, height);
  row_u8 (src, pitch, width, height, x0, (int) y0 - 1, &d0, &s0);
  row_u8 (src, pitch, width, height, x0, (int) y0, &d1, &s1);
  for (y = y0; y < y1; y++) {
    row_u8 (src, pitch, width, height, x0, (int) y + 1, &d2, &s2);
    vstore16 (output_u8 (d0 + (short) 2 * d1 + d2, s2 - s0, mode, scale,
            threshold), 0, dst + (size_t) y * dpitch + x0);
    d0 = d1; s0 = s1;
    d1 = d2; s1 = s2;
  }
}

/* ---- GRAY16: 8 pixels per work-item; @swap converts from and back to the
 * frame's byte order ---- */

static inline ushort8
swap16 (ushort8 v, uint swap)
{
  return swap ? rotate (v, (ushort8) 8) : v;
}

static inline ushort
swap16_1 (ushort v, uint swap)
{
  return swap ? rotate (v, (ushort) 8) : v;
}

static inline void
row_u16 (__global const ushort * src, uint pitch, uint width, uint height,
    uint swap, uint x0, int y, int8 * d, int8 * s)
{
  const uint yc = (uint) clamp (y, 0, (int) height - 1);
  __global const ushort *row = src + (size_t) yc * pitch;
  const ushort left = swap16_1 (row[x0 ? x0 - 1 : 0], swap);
  const ushort right = swap16_1 (row[min (x0 + 8, width - 1)], swap);
  ushort8 v = swap16 (vload8 (0, row + x0), swap);
  int8 c, l, r;

  if (x0 + 8 > width) {
    const ushort8 lane = (ushort8) (0, 1, 2, 3, 4, 5, 6, 7);
    const ushort last = swap16_1 (row[width - 1], swap);

    v = select (v, (ushort8) last, lane >= (ushort8) (width - x0));
  }
  c = convert_int8 (v);
  l = (int8) ((int) left, c.s0123, c.s456);
  r = (int8) (c.s1234, c.s567, (int) right);
  *d = r - l;
  *s = l + 2 * c + r;
}

static inline ushort8
output_u16 (int8 gx, int8 gy, uint mode, real_t scale, uint threshold)
{
  real8 m, v;
  uint8 o;

  if (mode == MODE_MAGNITUDE) {
    /* gx^2 reaches 2^36: 64-bit integers hold the sum exactly, and double
     * holds it exactly too (below 2^53). */
    const long8 lx = convert_long8 (gx), ly = convert_long8 (gy);

    m = sqrt (convert_real8 (lx * lx + ly * ly));
  } else if (mode == MODE_MAGNITUDE_L1) {
    m = convert_real8 (abs (gx) + abs (gy));
  } else if (mode == MODE_DX) {
    m = convert_real8 (abs (gx));
  } else {
    m = convert_real8 (abs (gy));
  }
  v = clamp (rint (scale * m), (real_t) 0, (real_t) 65535);
  o = convert_uint8 (v);
  if (threshold)
    o = select ((uint8) 0, (uint8) 65535, o >= (uint8) threshold);
  return convert_ushort8 (o);
}

__kernel void
sobel_u16 (__global const ushort * src, uint pitch, uint width, uint height,
    uint rows, __global ushort * dst, uint dpitch, uint mode, real_t scale,
    uint threshold, uint swap)
{
  const uint x0 = get_global_id (0) * 8;
  const uint y0 = get_global_id (1) * rows;
  int8 d0, s0, d1, s1, d2, s2;
  uint y, y1;

  if (x0 >= width || y0 >= height)
    return;
  y1 = min (y0 + rows, height);
  row_u16 (src, pitch, width, height, swap, x0, (int) y0 - 1, &d0, &s0);
  row_u16 (src, pitch, width, height, swap, x0, (int) y0, &d1, &s1);
  for (y = y0; y < y1; y++) {
    row_u16 (src, pitch, width, height, swap, x0, (int) y + 1, &d2, &s2);
    vstore8 (swap16 (output_u16 (d0 + 2 * d1 + d2, s2 - s0, mode, scale,
                threshold), swap), 0, dst + (size_t) y * dpitch + x0);
    d0 = d1; s0 = s1;
    d1 = d2; s1 = s2;
  }
}

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
 * the integer modes, and for magnitudes (n = gx^2 + gy^2 < 2^38) the square
 * root rounded to nearest, which a float sqrt (off by less than 1) and
 * exact integer corrections give; sqrt(n) is never a tie for integer n. */
#define ROUND_SQRT(T)                                                        \
  static inline uint round_sqrt_##T (T n)                                    \
  {                                                                          \
    T k = (T) sqrt ((float) n);                                              \
                                                                             \
    k -= k * k > n;                                                          \
    k += (k + 1) * (k + 1) <= n;                                             \
    return (uint) (k + (n > k * k + k));                                     \
  }
/* GRAY8 (n < 2^22) in 32 bits, which vectorizes twice as wide. */
ROUND_SQRT (uint)
ROUND_SQRT (ulong)

static inline uint
finish_int (uint o, uint threshold, uint maxv)
{
  o = min (o, maxv);
  return threshold ? (o >= threshold ? maxv : 0) : o;
}

#define UNIT_VALUE(mode, gx, gy, T)                                          \
  ((mode) == MODE_MAGNITUDE ?                                                \
   round_sqrt_##T ((T) ((T) (gx) * (gx) + (T) (gy) * (gy)))                  \
   : (mode) == MODE_MAGNITUDE_L1 ? (uint) (abs (gx) + abs (gy))               \
   : (mode) == MODE_DX ? (uint) abs (gx) : (uint) abs (gy))

/* The gradients at x from rows a, b, c with columns l, x, r. */
#define GX(a, b, c, l, r) \
  ((int) (a)[r] - (int) (a)[l] + 2 * ((int) (b)[r] - (int) (b)[l]) + \
   (int) (c)[r] - (int) (c)[l])
#define GY(a, c, l, x, r) \
  ((int) (c)[l] + 2 * (int) (c)[x] + (int) (c)[r] - \
   ((int) (a)[l] + 2 * (int) (a)[x] + (int) (a)[r]))

/* Output pixel x of a row, columns l and r clamped by the caller; T is uint
 * or ulong for the exact integer path of scale 1. */
#define SOBEL_PIXEL(a, b, c, d, x, l, r, M, T, maxv)                         \
  do {                                                                       \
    const int gx = GX (a, b, c, l, r), gy = GY (a, c, l, x, r);              \
    (d)[x] = FINISH_##T (M, gx, gy, maxv);                                   \
  } while (0)
#define FINISH_int(M, gx, gy, maxv) \
  finish_value (MODE_VALUE (M, gx, gy, int), scale, threshold, maxv)
#define FINISH_long(M, gx, gy, maxv) \
  finish_value (MODE_VALUE (M, gx, gy, long), scale, threshold, maxv)
#define FINISH_uint(M, gx, gy, maxv) \
  finish_int (UNIT_VALUE (M, gx, gy, uint), threshold, maxv)
#define FINISH_ulong(M, gx, gy, maxv) \
  finish_int (UNIT_VALUE (M, gx, gy, ulong), threshold, maxv)

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

__kernel void
sobel_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows, __global uchar * dst, uint dpitch, uint mode,
    real_t scale, uint threshold)
{
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint y = y0; y < y1; y++) {
    __global const uchar *a = src + (size_t) (y ? y - 1 : 0) * pitch;
    __global const uchar *b = src + (size_t) y * pitch;
    __global const uchar *c = src + (size_t) min (y + 1, height - 1) * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;

    if (scale == (real_t) 1) {
      switch (mode) {
        case MODE_MAGNITUDE:
          SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE, uint, 255);
          break;
        case MODE_MAGNITUDE_L1:
          SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE_L1, uint, 255);
          break;
        case MODE_DX:
          SOBEL_ROW (a, b, c, d, width, MODE_DX, uint, 255);
          break;
        default:
          SOBEL_ROW (a, b, c, d, width, MODE_DY, uint, 255);
          break;
      }
      continue;
    }
    switch (mode) {
      case MODE_MAGNITUDE:
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE, int, 255);
        break;
      case MODE_MAGNITUDE_L1:
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE_L1, int, 255);
        break;
      case MODE_DX:
        SOBEL_ROW (a, b, c, d, width, MODE_DX, int, 255);
        break;
      default:
        SOBEL_ROW (a, b, c, d, width, MODE_DY, int, 255);
        break;
    }
  }
}

__kernel void
sobel_rows_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows, __global ushort * dst, uint dpitch, uint mode,
    real_t scale, uint threshold, uint swap)
{
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint y = y0; y < y1; y++) {
    __global const ushort *a = src + (size_t) (y ? y - 1 : 0) * pitch;
    __global const ushort *b = src + (size_t) y * pitch;
    __global const ushort *c = src + (size_t) min (y + 1, height - 1) * pitch;
    __global ushort *d = dst + (size_t) y * dpitch;

    if (swap) {
      /* Rare (big-endian frames): correct, not fast. */
      for (uint x = 0; x < width; x++) {
        const uint l = x ? x - 1 : 0, r = min (x + 1, width - 1);
        ushort ra[3], rb[3], rc[3];

        ra[0] = rotate (a[l], (ushort) 8); ra[1] = rotate (a[x], (ushort) 8);
        ra[2] = rotate (a[r], (ushort) 8); rb[0] = rotate (b[l], (ushort) 8);
        rb[2] = rotate (b[r], (ushort) 8); rc[0] = rotate (c[l], (ushort) 8);
        rc[1] = rotate (c[x], (ushort) 8); rc[2] = rotate (c[r], (ushort) 8);
        {
          const int gx = GX (ra, rb, rc, 0, 2), gy = GY (ra, rc, 0, 1, 2);
          d[x] = rotate ((ushort) finish_value (MODE_VALUE (mode, gx, gy,
                      long), scale, threshold, 65535), (ushort) 8);
        }
      }
      continue;
    }
    if (scale == (real_t) 1) {
      switch (mode) {
        case MODE_MAGNITUDE:
          SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE, ulong, 65535);
          break;
        case MODE_MAGNITUDE_L1:
          SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE_L1, ulong, 65535);
          break;
        case MODE_DX:
          SOBEL_ROW (a, b, c, d, width, MODE_DX, ulong, 65535);
          break;
        default:
          SOBEL_ROW (a, b, c, d, width, MODE_DY, ulong, 65535);
          break;
      }
      continue;
    }
    switch (mode) {
      case MODE_MAGNITUDE:
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE, long, 65535);
        break;
      case MODE_MAGNITUDE_L1:
        SOBEL_ROW (a, b, c, d, width, MODE_MAGNITUDE_L1, long, 65535);
        break;
      case MODE_DX:
        SOBEL_ROW (a, b, c, d, width, MODE_DX, long, 65535);
        break;
      default:
        SOBEL_ROW (a, b, c, d, width, MODE_DY, long, 65535);
        break;
    }
  }
}
