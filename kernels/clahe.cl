/* gst-clfilter: contrast-limited adaptive histogram equalization kernels
 * for clclahe, pixel-identical to OpenCV's cv::CLAHE (CPU path).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Per frame: tables -> apply. The frame is cut into tiles_x * tiles_y tiles
 * of tile_w x tile_h pixels; where the frame does not divide into them,
 * OpenCV pads it on the right and at the bottom (BORDER_REFLECT_101) and the
 * tiles cover the padded frame: the tables kernels read those pixels through
 * reflect101() instead of a padded copy. Each tile's histogram is clipped,
 * the excess redistributed, and its cumulative counts scaled into a table;
 * apply blends the four nearest tiles' tables bilinearly.
 *
 * Every kernel of a stage takes the same arguments, so that the host sets
 * them one way:
 *   clahe_tables_*  (src, pitch, width, height, swap, tiles_x, tile_w,
 *                    tile_h, first_tile, limit, scale, lo, top, smoothing,
 *                    prev, lut, state, scratch, lhist, part)
 *   clahe_apply_*   (src, pitch, width, height, swap, dst, dpitch, cols,
 *                    rows, lut, tiles_x, tiles_y, inv_tw, inv_th)
 * Pitches and widths count pixels.
 *
 * The floats are OpenCV's, operation for operation: the host computes the
 * quotients (scale, inv_tw, inv_th) in C float, the kernels only multiply,
 * add, subtract and convert, which OpenCL rounds correctly. OpenCL C lets
 * the compiler fuse a * b + c into one rounding; OpenCV's build (SSE2) does
 * not, so contraction is off.
 */
#pragma OPENCL FP_CONTRACT OFF

/* OpenCV's borderInterpolate for BORDER_REFLECT_101 (gfedcb|abcdefgh|gfedcba),
 * repeated for pads longer than the frame, for p >= 0. */
static inline uint
reflect101 (uint p, uint n)
{
  uint m;

  if (p < n)
    return p;
  if (n == 1)
    return 0;
  m = p % (2 * n - 2);
  return m < n ? m : 2 * n - 2 - m;
}

/* The table entry of a bin from its clipped cumulative count: OpenCV's
 * saturate_cast (cdf * lutScale), float32 product rounded half to even,
 * then clamped to 0..top and moved up by lo; then the smoothing of the
 * frame's tables (see gstclclahe.c): @prev says what holds last frame's
 * state, @told the entry of @state or of the table. */
static inline uint
table_entry (uint cdf, float scale, uint lo, uint top, uint smoothing,
    uint prev, uint told)
{
  const int e = convert_int_rte (convert_float_rte (cdf) * scale);
  const uint t = lo + (uint) clamp (e, 0, (int) top);
  uint big = t << 8;

  if (prev == GST_CL_CLAHE_PREV_TABLE)
    told <<= 8;
  if (smoothing && prev != GST_CL_CLAHE_PREV_NONE)
    big = (smoothing * told + (256 - smoothing) * big + 128) >> 8;
  return big;
}

/* One work-group per tile, any size from 1 (CPUs) to @nbins, a power of
 * two: counting the tile's pixels, clipping, redistributing and the table,
 * each work-item taking a contiguous run of nbins / lsz bins for the
 * scan. @hist is the tile's histogram (local for 256 bins, a global slice
 * for 65536); @part holds lsz + 1 words. Stores the table (entries (T + 128)
 * >> 8) at @lut, and T at @state while smoothing. */
#define TABLES_BODY(T, nbins, HIST_SPACE, LOAD_PIXEL)                        \
  const uint lid = get_local_id (0);                                         \
  const uint lsz = get_local_size (0);                                       \
  const uint tile = first_tile + get_group_id (0);                           \
  const uint x0 = (tile % tiles_x) * tile_w;                                 \
  const uint y0 = (tile / tiles_x) * tile_h;                                 \
  const uint chunk = nbins / lsz;                                            \
  const uint b0 = lid * chunk;                                               \
  __global T *tlut = lut + (size_t) tile * nbins;                            \
  __global uint *tstate = state ? state + (size_t) tile * nbins : 0;         \
  uint clipped = 0, batch = 0, residual = 0, step = 1, sum = 0, cdf;         \
                                                                             \
  for (uint i = lid; i < nbins; i += lsz)                                    \
    hist[i] = 0;                                                             \
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);                      \
  for (uint r = 0; r < tile_h; r++) {                                        \
    const uint y = reflect101 (y0 + r, height);                              \
    __global const T *row = src + (size_t) y * pitch;                        \
                                                                             \
    if (lsz == 1) {                                                          \
      for (uint c = 0; c < tile_w; c++)                                      \
        hist[LOAD_PIXEL (row, reflect101 (x0 + c, width))]++;                \
    } else {                                                                 \
      for (uint c = lid; c < tile_w; c += lsz)                               \
        atomic_inc (&hist[LOAD_PIXEL (row, reflect101 (x0 + c, width))]);    \
    }                                                                        \
  }                                                                          \
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);                      \
                                                                             \
  /* Clip: what lies above the limit, over the whole tile. */                \
  if (limit) {                                                               \
    uint excess = 0;                                                         \
                                                                             \
    for (uint i = b0; i < b0 + chunk; i++)                                   \
      excess += hist[i] > limit ? hist[i] - limit : 0;                       \
    part[lid] = excess;                                                      \
    barrier (CLK_LOCAL_MEM_FENCE);                                           \
    if (lid == 0) {                                                          \
      for (uint i = 0; i < lsz; i++)                                         \
        clipped += part[i];                                                  \
      part[lsz] = clipped;                                                   \
    }                                                                        \
    barrier (CLK_LOCAL_MEM_FENCE);                                           \
    clipped = part[lsz];                                                     \
    barrier (CLK_LOCAL_MEM_FENCE);                                           \
    /* OpenCV's redistribution: clipped / nbins to every bin, then one more \
     * to the bins 0, step, 2 step, ... until the residual is spent. */      \
    batch = clipped / nbins;                                                 \
    residual = clipped - batch * nbins;                                      \
    step = residual ? max (nbins / residual, 1u) : 1;                        \
  }                                                                          \
                                                                             \
  /* The clipped counts in place, and each run's total for the scan. */      \
  for (uint i = b0; i < b0 + chunk; i++) {                                   \
    uint h = hist[i];                                                        \
                                                                             \
    if (limit)                                                               \
      h = min (h, limit) + batch +                                           \
          (residual && i % step == 0 && i / step < residual);                \
    hist[i] = h;                                                             \
    sum += h;                                                                \
  }                                                                          \
  part[lid] = sum;                                                           \
  barrier (CLK_LOCAL_MEM_FENCE);                                             \
  cdf = 0;                                                                   \
  for (uint i = 0; i < lid; i++)                                             \
    cdf += part[i];                                                          \
  for (uint i = b0; i < b0 + chunk; i++) {                                   \
    uint told = 0, big;                                                      \
                                                                             \
    cdf += hist[i];                                                          \
    if (prev == GST_CL_CLAHE_PREV_STATE)                                     \
      told = tstate[i];                                                      \
    else if (prev == GST_CL_CLAHE_PREV_TABLE)                                \
      told = tlut[i];                                                        \
    big = table_entry (cdf, scale, lo, top, smoothing, prev, told);          \
    tlut[i] = (T) ((big + 128) >> 8);                                        \
    if (smoothing)                                                           \
      tstate[i] = big;                                                       \
  }

#define PIXEL_U8(row, x) ((row)[x])
#define PIXEL_U16(row, x) (swap ? rotate ((row)[x], (ushort) 8) : (row)[x])

__kernel void
clahe_tables_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint swap, uint tiles_x, uint tile_w, uint tile_h,
    uint first_tile, uint limit, float scale, uint lo, uint top,
    uint smoothing, uint prev, __global uchar * lut, __global uint * state,
    __global uint * scratch, __local uint * hist, __local uint * part)
{
  TABLES_BODY (uchar, 256, __local, PIXEL_U8)
}

/* 65536 bins: the histogram of the group's tile in @scratch, 65536 words
 * per group of the launch. */
__kernel void
clahe_tables_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint swap, uint tiles_x, uint tile_w, uint tile_h,
    uint first_tile, uint limit, float scale, uint lo, uint top,
    uint smoothing, uint prev, __global ushort * lut, __global uint * state,
    __global uint * scratch, __local uint * lhist, __local uint * part)
{
  __global uint *hist = scratch + (size_t) get_group_id (0) * 65536;

  TABLES_BODY (ushort, 65536, __global, PIXEL_U16)
}

/* The bilinear blend of the four nearest tiles' tables, in OpenCV's float
 * operations and order; the blend's weights depend only on the column
 * and the row. Each work-item takes @cols columns of @rows rows. */
#define APPLY_BODY(TS, TL, TD, LOAD_PIXEL, STORE_PIXEL, max_out, nbins)       \
  const uint xs = get_global_id (0) * cols;                                  \
  const uint xe = min (xs + cols, width);                                    \
  const uint ys = get_global_id (1) * rows;                                  \
  const uint ye = min (ys + rows, height);                                   \
                                                                             \
  for (uint y = ys; y < ye; y++) {                                           \
    const float tyf = convert_float_rte (y) * inv_th - 0.5f;                 \
    const int fy = convert_int_rtn (tyf);                                    \
    const float ya = tyf - convert_float_rte (fy);                           \
    const float ya1 = 1.0f - ya;                                             \
    const uint ty1 = max (fy, 0);                                            \
    const uint ty2 = min (fy + 1, (int) tiles_y - 1);                        \
    __global const TL *p1 = lut + (size_t) ty1 * tiles_x * nbins;            \
    __global const TL *p2 = lut + (size_t) ty2 * tiles_x * nbins;            \
    __global const TS *s = src + (size_t) y * pitch;                         \
    __global TD *d = dst + (size_t) y * dpitch;                              \
                                                                             \
    for (uint x = xs; x < xe; x++) {                                         \
      const float txf = convert_float_rte (x) * inv_tw - 0.5f;               \
      const int fx = convert_int_rtn (txf);                                  \
      const float xa = txf - convert_float_rte (fx);                         \
      const float xa1 = 1.0f - xa;                                           \
      const uint i1 = max (fx, 0) * nbins;                                   \
      const uint i2 = min (fx + 1, (int) tiles_x - 1) * nbins;               \
      const uint v = LOAD_PIXEL (s, x);                                      \
      const float res =                                                      \
          (convert_float (p1[i1 + v]) * xa1 + convert_float (p1[i2 + v]) * xa) \
              * ya1 +                                                        \
          (convert_float (p2[i1 + v]) * xa1 + convert_float (p2[i2 + v]) * xa) \
              * ya;                                                          \
                                                                             \
      STORE_PIXEL (d, x, clamp (convert_int_rte (res), 0, max_out));         \
    }                                                                        \
  }

#define STORE_U8(row, x, v) ((row)[x] = (uchar) (v))
#define STORE_U16(row, x, v)                                                 \
  ((row)[x] = swap ? rotate ((ushort) (v), (ushort) 8) : (ushort) (v))

__kernel void
clahe_apply_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint swap, __global uchar * dst, uint dpitch, uint cols,
    uint rows, __global const uchar * lut, uint tiles_x, uint tiles_y,
    float inv_tw, float inv_th)
{
  APPLY_BODY (uchar, uchar, uchar, PIXEL_U8, STORE_U8, 255, 256)
}

__kernel void
clahe_apply_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint swap, __global ushort * dst, uint dpitch, uint cols,
    uint rows, __global const ushort * lut, uint tiles_x, uint tiles_y,
    float inv_tw, float inv_th)
{
  APPLY_BODY (ushort, ushort, ushort, PIXEL_U16, STORE_U16, 65535, 65536)
}

/* GRAY16 in, GRAY8 out: 16-bit tables of 8-bit values. */
__kernel void
clahe_apply_u16_u8 (__global const ushort * src, uint pitch, uint width,
    uint height, uint swap, __global uchar * dst, uint dpitch, uint cols,
    uint rows, __global const ushort * lut, uint tiles_x, uint tiles_y,
    float inv_tw, float inv_th)
{
  APPLY_BODY (ushort, ushort, uchar, PIXEL_U16, STORE_U8, 255, 65536)
}
