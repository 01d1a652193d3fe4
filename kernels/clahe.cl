/* gst-clfilter: contrast-limited adaptive histogram equalization kernels
 * for clclahe, pixel-identical to OpenCV's cv::CLAHE (CPU path).
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
 * Per frame: tables -> apply, the tables kernel on GPUs counting the tiles'
 * histograms in many groups per tile first (for 16-bit input in a kernel
 * of its own before the tables); for 8-bit input the tables kernels also
 * pack the tables four to an entry for apply (see store_quads ()). The
 * frame is cut into tiles_x * tiles_y tiles of tile_w x tile_h pixels;
 * where the frame does not divide into them, OpenCV pads it on the right
 * and at the bottom (BORDER_REFLECT_101) and the tiles cover the padded
 * frame: the kernels that count read those pixels through reflect101 ()
 * instead of a padded copy. Each tile's histogram is clipped, the excess
 * redistributed, and its cumulative counts scaled into a table; apply
 * blends the four nearest tiles' tables bilinearly.
 *
 * Every kernel of a stage takes the same arguments, so that the host sets
 * them one way:
 *   clahe_count_u16 (src, pitch, width, height, swap, tiles_x, tile_w,
 *                    tile_h, first_tile, band, scratch)
 *   clahe_tables_*, clahe_count_tables_u8
 *                   (src, pitch, width, height, swap, tiles_x, tile_w,
 *                    tile_h, first_tile, limit, scale, lo, top, smoothing,
 *                    prev, lut, state, scratch, lhist, part), 8-bit
 *                    input's with (tiles_y, quads) after them and the GPU
 *                    one with band after those, the *_u16 ones GPUs run
 *                    with sums after them
 *   clahe_apply_*   (src, pitch, width, height, swap, dst, dpitch, rows,
 *                    lut, tiles_x, tiles_y, inv_tw, inv_th)
 *   clahe_u8        clahe_count_tables_u8's, then (bands, dst, dpitch, rows,
 *                    apply_x, inv_tw, inv_th)
 * Pitches and widths count pixels. GPUs run for 8-bit input
 * clahe_count_tables_u8 in many groups of up to 256 work-items per tile,
 * one per band of @band rows, adding into per-tile histograms in @scratch,
 * the last group of each tile making its table, then clahe_apply_u8; or
 * both in one launch of clahe_u8, which takes every frame blended with its
 * own tables where the device runs groups of 256; for 16-bit input
 * clahe_count_u16 in the same shape, then clahe_tables_excess_u16 and
 * clahe_tables_counted_u16 in groups of up to 256 per chunk of
 * GST_CL_CLAHE_U16_CHUNK bins of a tile; then the apply kernels with one
 * work-item per pixel (per GST_CL_CLAHE_APPLY_PIXELS for 8-bit input);
 * CPU devices run clahe_tables_* in groups of one work-item per tile, each
 * counting its tile, and the *_rows_* apply kernels, one work-item per
 * band of rows, which read and write nothing past a row's last pixel (they
 * may run on the frame's own memory).
 *
 * The floats are OpenCV's, operation for operation: the host computes the
 * quotients (scale, inv_tw, inv_th) in C float, the kernels only multiply,
 * add, subtract and convert, which OpenCL rounds correctly. OpenCL C lets
 * the compiler fuse a * b + c into one rounding; OpenCV's build (SSE2) does
 * not, so contraction is off.
 */
#pragma OPENCL FP_CONTRACT OFF

/* 16-bit input holds values of GST_CL_CLAHE_BITS bits (16 for GRAY16, 10
 * or 12 for the luma of P010_10LE, I420_12LE, ...: the frame layer hands
 * over the values), and its tables have a bin per value, as OpenCV's have
 * 2^16 for 16-bit input. 8-bit output of such input is the d-bit output
 * shifted down by d - 8. */
#ifndef GST_CL_CLAHE_BITS
#error "the host sets GST_CL_CLAHE_BITS, the depth of the input's values"
#endif
#define BINS16 (1u << GST_CL_CLAHE_BITS)

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

/* OpenCV's cvFloor, in a truncating conversion and a compare, which
 * vectorize where floor () may be a call. */
static inline int
cv_floor (float v)
{
  const int i = (int) v;

  return i - ((float) i > v);
}

/* rint (v) for 0 <= v < 2^23 in one float addition: v + 2^23 lies where
 * the float spacing is 1, so the sum is v rounded half to even, and its
 * low 23 bits are that integer. Vectorizes where rint () may be a call,
 * and takes no conversion from float to integer. */
#define TWO_23 8388608.0f
#define TWO_23_BITS 0x4B000000u

static inline uint
round_even (float v)
{
  return as_uint (v + TWO_23) - TWO_23_BITS;
}

/* Both for vectors of N, whose compares give -1 for true. */
#define VECTOR_ROUNDING(N)                                                   \
  static inline int##N cv_floor##N (float##N v)                              \
  {                                                                          \
    const int##N i = convert_int##N (v);                                     \
                                                                             \
    return i + (convert_float##N (i) > v);                                   \
  }                                                                          \
                                                                             \
  static inline uint##N round_even##N (float##N v)                           \
  {                                                                          \
    return as_uint##N (v + TWO_23) - TWO_23_BITS;                            \
  }
VECTOR_ROUNDING (4)
VECTOR_ROUNDING (16)

/* The sum of @v over the work-items of the group before this one (an
 * exclusive scan), in log2 (@lsz) steps through @part's @lsz words, where
 * a loop over the items before would take @lsz. Every work-item of the
 * group calls it, with @lsz a power of two; @part is free again on
 * return. */
static inline uint
group_scan (__local uint * part, uint lid, uint lsz, uint v)
{
  uint sum;

  part[lid] = v;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < lsz; off <<= 1) {
    const uint t = lid >= off ? part[lid - off] : 0;

    barrier (CLK_LOCAL_MEM_FENCE);
    part[lid] += t;
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  sum = part[lid];
  barrier (CLK_LOCAL_MEM_FENCE);
  return sum - v;
}

/* The sum of @v over the group's work-items, added up in @part's first
 * word: three barriers where group_scan () takes 2 log2 (@lsz) + 2, for
 * the sums whose totals alone are needed. Every work-item of the group
 * calls it; @part is free again on return. */
static inline uint
group_sum (__local uint * part, uint lid, uint v)
{
  uint total;

  if (lid == 0)
    part[0] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (v)
    atomic_add (part, v);
  barrier (CLK_LOCAL_MEM_FENCE);
  total = part[0];
  barrier (CLK_LOCAL_MEM_FENCE);
  return total;
}

/* Last frame's T for a table entry: the state, or 256 times the table
 * when that frame did not smooth. */
#define TOLD(i)                                                              \
  (prev == GST_CL_CLAHE_PREV_STATE ? tstate[i] : (uint) tlut[i] << 8)

/* The table entries of the bins @b that FOR walks, from their cumulative
 * counts @cdf: OpenCV's saturate_cast (cdf * lutScale), a float32 product
 * rounded half to even, clamped to 0..top (never negative), moved up by
 * lo; then the smoothing, which keeps T at @tstate. STORE (b, t) stores
 * the entry, after TOLD has read it: TOLD may be the table itself. One
 * loop per case, whose bodies have no branch, so that compilers vectorize
 * them. */
#define TABLE_ENTRY(cdf) (lo + min (round_even ((float) (cdf) * scale), top))
#define TABLE_ENTRIES(FOR, cdf, b, STORE)                                    \
  if (!smoothing) {                                                          \
    FOR {                                                                    \
      STORE (b, TABLE_ENTRY (cdf));                                          \
    }                                                                        \
  } else if (prev == GST_CL_CLAHE_PREV_NONE) {                               \
    FOR {                                                                    \
      const uint t = TABLE_ENTRY (cdf);                                      \
                                                                             \
      tstate[b] = t << 8;                                                    \
      STORE (b, t);                                                          \
    }                                                                        \
  } else {                                                                   \
    FOR {                                                                    \
      const uint big = (smoothing * TOLD (b)                                 \
                           + (256 - smoothing) * (TABLE_ENTRY (cdf) << 8)    \
                           + 128) >> 8;                                      \
                                                                             \
      tstate[b] = big;                                                       \
      STORE (b, (big + 128) >> 8);                                           \
    }                                                                        \
  }

/* One work-group per tile, any size from 1 (CPUs) to @nbins, a power of
 * two: clipping, redistributing and the table, each work-item taking a
 * contiguous run of nbins / lsz bins. @hist is the tile's histogram (local
 * for 256 bins, a global slice for BINS16), which becomes the clipped
 * counts and then their cumulative sums; @part holds lsz words. Stores
 * the table at @lut, and T at @state while smoothing. The passes over the
 * bins other than the running sum have no dependency from bin to bin, so
 * that compilers vectorize them. */
#define TABLES_HEAD(T, nbins, slot)                                          \
  const uint lid = get_local_id (0);                                         \
  const uint lsz = get_local_size (0);                                       \
  const uint tile = first_tile + (slot);                                     \
  const uint chunk = nbins / lsz;                                            \
  const uint b0 = lid * chunk, b1 = b0 + chunk;                              \
  __global T *tlut = lut + (size_t) tile * nbins;                            \
  __global uint *tstate = state ? state + (size_t) tile * nbins : 0;         \
  uint sum = 0, cdf = 0

/* The group counts its tile's pixels into @hist itself. */
#define TABLES_COUNT(T, nbins, LOAD_PIXEL)                                   \
  const uint x0 = (tile % tiles_x) * tile_w;                                 \
  const uint y0 = (tile / tiles_x) * tile_h;                                 \
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
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)

#define TABLES_FINISH(T, nbins, STORE)                                       \
  if (limit) {                                                               \
    uint excess = 0, clipped, batch, residual, step;                         \
                                                                             \
    /* What lies above the limit, over the whole tile. */                    \
    for (uint i = b0; i < b1; i++)                                           \
      excess += hist[i] - min (hist[i], limit);                              \
    clipped = group_sum (part, lid, excess);                                 \
    /* OpenCV's redistribution: clipped / nbins to every bin, then one more  \
     * to the bins 0, step, 2 step, ... until the residual is spent. */      \
    batch = clipped / nbins;                                                 \
    residual = clipped - batch * nbins;                                      \
    step = residual ? max (nbins / residual, 1u) : 1;                        \
    for (uint i = b0; i < b1; i++)                                           \
      hist[i] = min (hist[i], limit) + batch;                                \
    /* One work-item walks the bins it adds to; in groups every item         \
     * tests its run's bins (a loop whose trip count differed by work-item   \
     * gave wrong tables in PoCL 3.1's groups). */                           \
    if (lsz == 1) {                                                          \
      for (uint i = 0; i < residual * step; i += step)                       \
        hist[i]++;                                                           \
    } else {                                                                 \
      for (uint i = b0; i < b1; i++)                                         \
        hist[i] += i % step == 0 && i / step < residual;                     \
    }                                                                        \
  }                                                                          \
                                                                             \
  /* The running sums in place, each run from the runs before it. */         \
  for (uint i = b0; i < b1; i++)                                             \
    sum += hist[i];                                                          \
  cdf = group_scan (part, lid, lsz, sum);                                    \
  for (uint i = b0; i < b1; i++) {                                           \
    cdf += hist[i];                                                          \
    hist[i] = cdf;                                                           \
  }                                                                          \
                                                                             \
  TABLE_ENTRIES (for (uint i = b0; i < b1; i++), hist[i], i, STORE)

/* 8-bit input: the tables are also packed for apply, for every pair of
 * neighbouring tile rows and columns the four tables a pixel there blends
 * in one entry per value, so that apply makes one lookup instead of four.
 * Quad (qx, qy), for qx = fx + 1 in 0..tiles_x with fx the floor of the
 * pixel's tile coordinate (-1 left of the first tile centre), holds the
 * tables of tiles (x1, y1), (x2, y1), (x1, y2), (x2, y2) in that order,
 * with x1 = max (fx, 0) and x2 = min (fx + 1, tiles_x - 1), and the same
 * for y. The CPU kernels' entries are words of four bytes (bits 0-7 the
 * first table); the GPU's are four halves, 8 bytes, so that apply converts
 * each value to float in one instruction instead of extracting its byte
 * first (an 8-bit value's half is its float's bits moved down 13 with the
 * exponent rebased). Each tables group stores its entries into every quad
 * that blends its tile: as x1 of quad column tx + 1 (and of column 0 for
 * the first tile), as x2 of column tx (and of column tiles_x for the
 * last), and the same down, so that no kernel of its own packs them after
 * the tables. */
#if WANT_GPU
#define QUAD_T ushort
#define QUAD_ENTRY(t) ((t) ? (as_uint ((float) (t)) >> 13) - (112u << 10) : 0)
#define QUAD_INDEX(q, v, k) (((q) << 8 | (v)) << 2 | (k))
#else
#ifdef __ENDIAN_LITTLE__
#define QUAD_BYTE(k) (k)
#else
#define QUAD_BYTE(k) (3 - (k))
#endif
#define QUAD_T uchar
#define QUAD_ENTRY(t) (t)
#define QUAD_INDEX(q, v, k) ((((q) << 8 | (v)) << 2) + QUAD_BYTE (k))
#endif

/* One entry of the quads. clahe_u8's groups read the quads while the
 * launch runs, so it stores them by atomics, whose values it waits for
 * before it counts its tables done (plain stores may not have reached
 * memory for other groups yet, see clahe_count_tables_u8 ()): the two
 * halves of a word belong to different tiles, so each clears its own and
 * sets it. Returns what the last atomic found, for the caller to wait
 * on. */
static inline uint
put_quad (__global QUAD_T * quads, uint i, QUAD_T e, bool atomically)
{
#if WANT_GPU
  if (atomically) {
    __global uint *w = (__global uint *) quads + (i >> 1);
#ifdef __ENDIAN_LITTLE__
    const uint shift = (i & 1) * 16;
#else
    const uint shift = (~i & 1) * 16;
#endif

    atomic_and (w, ~(0xffffu << shift));
    return atomic_or (w, (uint) e << shift);
  }
#endif
  quads[i] = e;
  return 0;
}

static inline uint
store_quads (__global QUAD_T * quads, uint tiles_x, uint tiles_y, uint tile,
    uint v, uchar t, bool atomically)
{
  const uint tx = tile % tiles_x, ty = tile / tiles_x;
  const QUAD_T e = QUAD_ENTRY (t);
  uint ack = 0;

  for (uint k = 0; k < 4; k++) {
    const uint second_x = k & 1, second_y = k >> 1;
    const uint qx = tx + !second_x, qy = ty + !second_y;
    const uint ex = second_x ? (tx == tiles_x - 1 ? tiles_x : qx)
        : (tx == 0 ? 0 : qx);
    const uint ey = second_y ? (ty == tiles_y - 1 ? tiles_y : qy)
        : (ty == 0 ? 0 : qy);
    const uint cols = tiles_x + 1;

    ack |= put_quad (quads, QUAD_INDEX (qy * cols + qx, v, k), e,
        atomically);
    if (ex != qx)
      ack |= put_quad (quads, QUAD_INDEX (qy * cols + ex, v, k), e,
          atomically);
    if (ey != qy) {
      ack |= put_quad (quads, QUAD_INDEX (ey * cols + qx, v, k), e,
          atomically);
      if (ex != qx)
        ack |= put_quad (quads, QUAD_INDEX (ey * cols + ex, v, k), e,
            atomically);
    }
  }
  return ack;
}

#define STORE_ENTRY(b, t) (tlut[b] = (t))
#define STORE_ENTRY_QUADS(b, t)                                              \
  do {                                                                       \
    const uint t_ = (t);                                                     \
                                                                             \
    tlut[b] = t_;                                                            \
    store_quads (quads, tiles_x, tiles_y, tile, b, t_, false);               \
  } while (0)
/* clahe_u8's, which keeps what the atomics found in @ack. */
#define STORE_ENTRY_QUADS_ATOMIC(b, t)                                       \
  do {                                                                       \
    const uint t_ = (t);                                                     \
                                                                             \
    tlut[b] = t_;                                                            \
    ack |= store_quads (quads, tiles_x, tiles_y, tile, b, t_, true);         \
  } while (0)

/* The stages' arguments (see the top of the file), declared once. */
#define COUNT_PARAMS(T)                                                      \
  __global const T *src, uint pitch, uint width, uint height, uint swap,     \
      uint tiles_x, uint tile_w, uint tile_h, uint first_tile, uint band,    \
      __global uint *scratch
#define TABLES_PARAMS(T, HIST)                                               \
  __global const T *src, uint pitch, uint width, uint height, uint swap,     \
      uint tiles_x, uint tile_w, uint tile_h, uint first_tile, uint limit,   \
      float scale, uint lo, uint top, uint smoothing, uint prev,             \
      __global T *lut, __global uint *state, __global uint *scratch,         \
      __local uint *HIST, __local uint *part

#define PIXEL_U8(row, x) ((row)[x])
#define PIXEL_U16(row, x) (swap ? rotate ((row)[x], (ushort) 8) : (row)[x])

/* CPU devices: each group counts its own tile. */
#if WANT_ROWS && WANT_U8
__kernel void
clahe_tables_u8 (TABLES_PARAMS (uchar, hist), uint tiles_y,
    __global uchar * quads)
{
  TABLES_HEAD (uchar, 256, get_group_id (0));
  TABLES_COUNT (uchar, 256, PIXEL_U8);
  TABLES_FINISH (uchar, 256, STORE_ENTRY_QUADS)
}
#endif

/* BINS16 bins: the histogram of the group's tile in @scratch, BINS16
 * words per group of the launch. */
#if WANT_ROWS && WANT_IN16
__kernel void
clahe_tables_u16 (TABLES_PARAMS (ushort, lhist))
{
  __global uint *hist = scratch + (size_t) get_group_id (0) * BINS16;

  TABLES_HEAD (ushort, BINS16, get_group_id (0));
  TABLES_COUNT (ushort, BINS16, PIXEL_U16);
  TABLES_FINISH (ushort, BINS16, STORE_ENTRY)
}
#endif

/* GPUs: a tile's pixels are far too many for one group, so the counting is
 * spread over groups of @band rows of a tile each: group (i, j) counts rows
 * j * band on of tile first_tile + i and adds its counts into that tile's
 * histogram in @scratch, nbins words per tile of the launch, which must be
 * zero before; the last group of the tile (8-bit input) or
 * clahe_tables_counted_u16 then consume the histograms and leave them
 * zero. Consecutive work-items take consecutive 16-byte words of the
 * band, row after row, so that reads coalesce, narrow tiles keep the whole
 * group busy, and each work-item has few loads to wait for: one pixel per
 * load left the count waiting on memory a pixel at a time. Device copies'
 * rows start at multiples of 64 bytes and are padded to them, so a word
 * that starts inside a row lies in that row's memory. The words that
 * stick out of the tile or the frame, and the padding past the frame's
 * edge, are counted pixel by pixel, the padding through reflect101 (). */
#define COUNT_BODY(T, WORD_PIXELS, LOAD_PIXEL, COUNT_WORD, INC, slot, band_i) \
  const uint lsz = get_local_size (0);                                       \
  const uint tile = first_tile + (slot);                                     \
  const uint x0 = (tile % tiles_x) * tile_w, x1 = x0 + tile_w;               \
  const uint r0 = (band_i) * band;                                           \
  const uint y0 = (tile / tiles_x) * tile_h + r0;                            \
  const uint rows = min (band, tile_h - r0);                                 \
  const uint w0 = x0 / WORD_PIXELS;                                          \
  const uint words = (x1 - 1) / WORD_PIXELS - w0 + 1;                        \
  const uint whole_end = min (x1, width);                                    \
                                                                             \
  for (uint k = get_local_id (0); k < rows * words; k += lsz) {              \
    const uint y = reflect101 (y0 + k / words, height);                      \
    const uint xw = (w0 + k % words) * WORD_PIXELS;                          \
    __global const T *row = src + (size_t) y * pitch;                        \
                                                                             \
    if (xw >= x0 && xw + WORD_PIXELS <= whole_end) {                         \
      COUNT_WORD (*(__global const uint4 *) (row + xw));                     \
    } else {                                                                 \
      for (uint x = max (xw, x0); x < min (xw + WORD_PIXELS, x1); x++)       \
        INC (LOAD_PIXEL (row, reflect101 (x, width)));                       \
    }                                                                        \
  }

/* 8-bit input: a word's 16 pixels, in memory order. */
#define COUNT_WORD_U8(w)                                                     \
  do {                                                                       \
    const uchar16 b = as_uchar16 (w);                                        \
                                                                             \
    INC_LOCAL (b.s0); INC_LOCAL (b.s1); INC_LOCAL (b.s2); INC_LOCAL (b.s3);  \
    INC_LOCAL (b.s4); INC_LOCAL (b.s5); INC_LOCAL (b.s6); INC_LOCAL (b.s7);  \
    INC_LOCAL (b.s8); INC_LOCAL (b.s9); INC_LOCAL (b.sa); INC_LOCAL (b.sb);  \
    INC_LOCAL (b.sc); INC_LOCAL (b.sd); INC_LOCAL (b.se); INC_LOCAL (b.sf);  \
  } while (0)
/* 16-bit input counts go straight to the tile's histogram in global memory,
 * where an atomic addition waits for the others on the same word: equal
 * neighbours, as flat and saturated regions have, are added as one run. */
#define RUN_STEP(p)                                                          \
  do {                                                                       \
    if ((p) == run) {                                                        \
      n++;                                                                   \
    } else {                                                                 \
      atomic_add (&counts[run], n);                                          \
      run = (p);                                                             \
      n = 1;                                                                 \
    }                                                                        \
  } while (0)
#define COUNT_WORD_U16(w)                                                    \
  do {                                                                       \
    const ushort8 raw = as_ushort8 (w);                                      \
    const ushort8 h = swap ? rotate (raw, (ushort8) 8) : raw;                \
    uint run = h.s0, n = 1;                                                  \
                                                                             \
    RUN_STEP (h.s1); RUN_STEP (h.s2); RUN_STEP (h.s3); RUN_STEP (h.s4);      \
    RUN_STEP (h.s5); RUN_STEP (h.s6); RUN_STEP (h.s7);                       \
    atomic_add (&counts[run], n);                                            \
  } while (0)

/* 8-bit input counts in local memory first and adds the group's non-zero
 * counts into the tile's histogram. One copy of the histogram: on the H100
 * eight copies interleaved against flat regions' conflicts counted slower
 * than one, their clearing and adding up costing more than the conflicts
 * they spared. */
#define INC_LOCAL(v) atomic_inc (&lhist[v])
#define INC_GLOBAL(v) atomic_inc (&counts[v])

#if WANT_GPU && WANT_U8
/* The count and tables of band @band_i of tile @slot of the launch, of
 * @slots tiles of @bands bands, its entries stored by STORE; sets the
 * group's local @last where it made the tile's table. */
#define COUNT_TABLES_U8(slot, band_i, slots, bands, STORE)                   \
  __global uint *counts = scratch + (size_t) (slot) * 256;                   \
  __global uint *finished = scratch + (size_t) (slots) * 256 + (slot);       \
  __local uint *hist = lhist;                                                \
                                                                             \
  for (uint i = get_local_id (0); i < 256; i += get_local_size (0))          \
    lhist[i] = 0;                                                            \
  barrier (CLK_LOCAL_MEM_FENCE);                                             \
  {                                                                          \
    COUNT_BODY (uchar, 16, PIXEL_U8, COUNT_WORD_U8, INC_LOCAL, slot, band_i) \
  }                                                                          \
  barrier (CLK_LOCAL_MEM_FENCE);                                             \
  for (uint b = get_local_id (0); b < 256; b += get_local_size (0))          \
    if (lhist[b])                                                            \
      lhist[b] = atomic_add (&counts[b], lhist[b]);                          \
  mem_fence (CLK_GLOBAL_MEM_FENCE);                                          \
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);                      \
  if (get_local_id (0) == 0)                                                 \
    last = atomic_inc (finished) == (bands) - 1;                             \
  barrier (CLK_LOCAL_MEM_FENCE);                                             \
  if (last) {                                                                \
    mem_fence (CLK_GLOBAL_MEM_FENCE);                                        \
    TABLES_HEAD (uchar, 256, slot);                                          \
    for (uint i = lid; i < 256; i += lsz)                                    \
      hist[i] = atomic_xchg (&counts[i], 0);                                 \
    if (lid == 0)                                                            \
      *finished = 0;                                                         \
    barrier (CLK_LOCAL_MEM_FENCE);                                           \
    TABLES_FINISH (uchar, 256, STORE);                                       \
  }

/* 8-bit input counts and makes the tables in one kernel, in the count's
 * groups: each adds its band's counts into the tile's histogram, then the
 * last of the tile's groups to finish, told by a counter per tile after
 * the histograms in @scratch, takes the histogram and makes the table. No
 * group waits for another, so the groups need not run at once; a kernel
 * of its own for the tables cost a launch, as long as its work. Each
 * work-item keeps what its additions return, so that it waits until they
 * are done in global memory before the group counts itself finished: the
 * fence alone does not order them for other groups on NVIDIA's OpenCL,
 * whose compiler makes it a fence of the work-group's scope
 * (MEMBAR.SC.CTA), so that an addition could still be on its way when
 * the last group takes the histogram (docs/performance.md). The last
 * group reads the histogram by exchanges, which see every addition, and
 * leaves it and the counter zero for the next frame. */
__kernel void
clahe_count_tables_u8 (TABLES_PARAMS (uchar, lhist), uint tiles_y,
    __global ushort * quads, uint band)
{
  __local uint last;

  COUNT_TABLES_U8 (get_group_id (0), get_group_id (1), get_num_groups (0),
      get_num_groups (1), STORE_ENTRY_QUADS)
}
#endif

/* 16-bit input counts straight into @scratch, BINS16 words per tile,
 * where the tables kernels find them and leave them zero. */
#if WANT_GPU && WANT_IN16
__kernel void
clahe_count_u16 (COUNT_PARAMS (ushort))
{
  __global uint *counts = scratch + (size_t) get_group_id (0) * BINS16;

  COUNT_BODY (ushort, 8, PIXEL_U16, COUNT_WORD_U16, INC_GLOBAL,
      get_group_id (0), get_group_id (1))
}

/* A tile's BINS16 bins (up to 65536) are too many for one group to pass
 * over in time, and its cumulative sums run through all of them: the
 * tables come
 * from CLAHE_CHUNKS chunks of CLAHE_CHUNK bins per tile, one group per
 * tile and chunk in each of two kernels, consecutive work-items on
 * consecutive bins. The first leaves per chunk, in @sums, what lies above
 * the limit and what stays below it; from those the second knows the
 * tile's redistribution and the cumulative count before its chunk, and
 * scans only its own. Group g is chunk g % CLAHE_CHUNKS of tile
 * first_tile + g / CLAHE_CHUNKS; @sums holds, per tile of the launch, the
 * chunks' excesses and then their kept counts. Every loop here runs as
 * many times in each work-item of a group (see TABLES_FINISH). */
#define CLAHE_CHUNK GST_CL_CLAHE_U16_CHUNK
#define CLAHE_CHUNKS (BINS16 / CLAHE_CHUNK)
#if BINS16 < CLAHE_CHUNK
#error "a tile's bins make whole chunks"
#endif

#define CHUNK_HEAD                                                           \
  const uint lid = get_local_id (0);                                         \
  const uint lsz = get_local_size (0);                                       \
  const uint slot = get_group_id (0) / CLAHE_CHUNKS;                         \
  const uint c = get_group_id (0) % CLAHE_CHUNKS;                            \
  __global uint *hist = scratch + (size_t) slot * BINS16 + c * CLAHE_CHUNK;  \
  __global uint *excess = sums + slot * 2 * CLAHE_CHUNKS;                    \
  __global uint *kept = excess + CLAHE_CHUNKS;                               \
  /* No limit keeps every count. */                                          \
  const uint lim = limit ? limit : UINT_MAX

__kernel void
clahe_tables_excess_u16 (TABLES_PARAMS (ushort, lhist),
    __global uint * sums)
{
  CHUNK_HEAD;
  uint over = 0, under = 0, over_all, under_all;

  for (uint k = 0; k < CLAHE_CHUNK / lsz; k++) {
    const uint h = hist[k * lsz + lid];

    over += h - min (h, lim);
    under += min (h, lim);
  }
  over_all = group_sum (part, lid, over);
  under_all = group_sum (part, lid, under);
  if (lid == 0) {
    excess[c] = over_all;
    kept[c] = under_all;
  }
}

/* The chunk's clipped and redistributed counts, their running sums in
 * @lhist (CLAHE_CHUNK words) from the count before the chunk on, and the
 * table and state entries, as TABLES_FINISH makes them; the histogram's
 * bins zeroed behind for the next frame. */
__kernel void
clahe_tables_counted_u16 (TABLES_PARAMS (ushort, lhist),
    __global uint * sums)
{
  CHUNK_HEAD;
  const uint tile = first_tile + slot;
  const uint b0 = c * CLAHE_CHUNK;
  const uint run = CLAHE_CHUNK / lsz, r0 = lid * run;
  __global ushort *tlut = lut + (size_t) tile * BINS16;
  __global uint *tstate = state ? state + (size_t) tile * BINS16 : 0;
  uint over = 0, below = 0, clipped, before, batch, residual, step, cdf;
  uint sum = 0;

  for (uint k = 0; k < (CLAHE_CHUNKS + lsz - 1) / lsz; k++) {
    const uint j = k * lsz + lid;

    if (j < CLAHE_CHUNKS) {
      over += excess[j];
      below += j < c ? kept[j] : 0;
    }
  }
  clipped = group_sum (part, lid, over);
  before = group_sum (part, lid, below);
  /* OpenCV's redistribution, as in TABLES_FINISH; the bins before the
   * chunk got batch each and the residual's ones below b0 one more: the
   * multiples of step there, at most residual of them. */
  batch = clipped / BINS16;
  residual = clipped - batch * BINS16;
  step = residual ? max (BINS16 / residual, 1u) : 1;
  before += batch * b0 + min ((b0 + step - 1) / step, residual);

  for (uint k = 0; k < CLAHE_CHUNK / lsz; k++) {
    const uint i = k * lsz + lid, b = b0 + i;
    const uint h = hist[i];

    hist[i] = 0;
    lhist[i] = min (h, lim) + batch + (b % step == 0 && b / step < residual);
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  /* The running sums in place, each work-item's run of the chunk from the
   * runs before it. */
  for (uint i = r0; i < r0 + run; i++)
    sum += lhist[i];
  cdf = before + group_scan (part, lid, lsz, sum);
  for (uint i = r0; i < r0 + run; i++) {
    cdf += lhist[i];
    lhist[i] = cdf;
  }
  barrier (CLK_LOCAL_MEM_FENCE);

  TABLE_ENTRIES (for (uint i = lid, b = b0 + lid; i < CLAHE_CHUNK;
          i += lsz, b += lsz), lhist[i], b, STORE_ENTRY)
}
#endif

/* The bilinear blend of the four nearest tiles' tables, in OpenCV's float
 * operations and order:
 *   tyf = y * inv_th - 0.5f, fy = floor (tyf), ya = tyf - fy, ya1 = 1 - ya
 *   (and the same across), then
 *   res = (t11 * xa1 + t12 * xa) * ya1 + (t21 * xa1 + t22 * xa) * ya
 * rounded half to even. The weights of a row are computed once. */
#define ROW_WEIGHTS(y)                                                       \
  const float tyf = (float) (y) * inv_th - 0.5f;                             \
  const int fy = cv_floor (tyf);                                             \
  const float ya = tyf - (float) fy;                                         \
  const float ya1 = 1.0f - ya;                                               \
  const uint ty1 = max (fy, 0);                                              \
  const uint ty2 = min (fy + 1, (int) tiles_y - 1)

#define BLEND(t11, t12, t21, t22, xa, xa1)                                    \
  (((t11) * (xa1) + (t12) * (xa)) * ya1 + ((t21) * (xa1) + (t22) * (xa)) * ya)

/* GPUs: one work-item per GST_CL_CLAHE_APPLY_PIXELS (4) pixels across of
 * @rows rows, their bytes read in one aligned word (device copies' rows
 * start at multiples of 64 bytes and are padded to them, so the word lies
 * in the row's memory past its last pixel too), the blend in float4 as the
 * CPU kernels do it in float16, each pixel's four table values from one
 * quad entry (see store_quads ()); the work-item at the frame's edge writes
 * only the frame's pixels. The words of APPLY_BATCH rows are all read
 * before any is written: the output may be the input, so the compiler
 * cannot move a row's read above the row before's write, and each row
 * would wait on memory in turn. */
#define APPLY_BATCH 4

#if WANT_GPU && WANT_U8
/* v rounded half to even and narrowed to bytes, for 0 <= v < 256: the low
 * byte of v + 2^23's bits (round_even ()), picked without the subtraction
 * and mask of convert_uchar4 (round_even4 (v)). */
static inline uchar4
round_bytes4 (float4 v)
{
  const uchar16 b = as_uchar16 (v + TWO_23);

#ifdef __ENDIAN_LITTLE__
  return (uchar4) (b.s0, b.s4, b.s8, b.sc);
#else
  return (uchar4) (b.s3, b.s7, b.sb, b.sf);
#endif
}

/* The four halves of a quad entry as floats, from one 8-byte load: the
 * entries are 8-byte aligned, which vload_half4 () cannot know, and each
 * word's pair converted on its own lets the compiler take a half from
 * either end of the word instead of shifting it down first. */
static inline float4
load_quad (__global const half * q, uint i)
{
  const uint2 w = ((__global const uint2 *) q)[i];
  const uint lo = w.x, hi = w.y;

  return (float4) (vload_half2 (0, (__private const half *) &lo),
      vload_half2 (0, (__private const half *) &hi));
}

/* The table coordinates across of the GST_CL_CLAHE_APPLY_PIXELS pixels
 * from @x on. */
#define APPLY_COLUMNS(x)                                                     \
  const float4 txf = convert_float4 ((uint4) (x) + (uint4) (0, 1, 2, 3))     \
      * inv_tw - 0.5f;                                                       \
  const int4 fx = cv_floor4 (txf);                                           \
  const float4 xa = txf - convert_float4 (fx);                               \
  const float4 xa1 = 1.0f - xa;                                              \
  /* Clamped for the lanes past the frame's edge, which are not stored:      \
   * with tiles under 4 pixels wide their tile coordinate may lie past the   \
   * last quad column, and the lookup past the quads' end. */                \
  const uint4 column = convert_uint4 (min (fx + 1, (int4) tiles_x)) << 8

/* The words of @n rows from @yb on at @x, into @v. */
static inline void
load_batch_u8 (__global const uchar * src, uint pitch, uint x, uint yb,
    uint n, uchar4 * v)
{
  for (uint r = 0; r < APPLY_BATCH; r++)
    if (r < n)
      v[r] = *(__global const uchar4 *) (src + (size_t) (yb + r) * pitch + x);
}

/* The blend of load_batch_u8 ()'s words, written. */
#define BLEND_BATCH_U8(x, yb, n, v)                                          \
  for (uint r = 0; r < APPLY_BATCH; r++) {                                   \
    const uint y = (yb) + r;                                                 \
                                                                             \
    if (r < (n)) {                                                           \
      ROW_WEIGHTS (y);                                                       \
      __global const half *qrow = (__global const half *) quads              \
          + QUAD_INDEX ((fy + 1) * (tiles_x + 1), 0, 0);                     \
      const uint4 i = column | convert_uint4 ((v)[r]);                       \
      const float4 h0 = load_quad (qrow, i.s0);                              \
      const float4 h1 = load_quad (qrow, i.s1);                              \
      const float4 h2 = load_quad (qrow, i.s2);                              \
      const float4 h3 = load_quad (qrow, i.s3);                              \
      const float4 res = BLEND ((float4) (h0.s0, h1.s0, h2.s0, h3.s0),       \
          (float4) (h0.s1, h1.s1, h2.s1, h3.s1),                             \
          (float4) (h0.s2, h1.s2, h2.s2, h3.s2),                             \
          (float4) (h0.s3, h1.s3, h2.s3, h3.s3), xa, xa1);                   \
      const uchar4 o = round_bytes4 (res);                                   \
      __global uchar *d = dst + (size_t) y * dpitch + (x);                   \
                                                                             \
      if ((x) + GST_CL_CLAHE_APPLY_PIXELS <= width) {                        \
        *(__global uchar4 *) d = o;                                          \
      } else {                                                               \
        d[0] = o.s0;                                                         \
        if ((x) + 1 < width)                                                 \
          d[1] = o.s1;                                                       \
        if ((x) + 2 < width)                                                 \
          d[2] = o.s2;                                                       \
      }                                                                      \
    }                                                                        \
  }

#define APPLY_PARAMS_U8                                                      \
  __global const uchar *src, uint pitch, uint width, uint height, uint swap, \
      __global uchar *dst, uint dpitch, uint rows,                           \
      __global const ushort *quads, uint tiles_x, uint tiles_y,              \
      float inv_tw, float inv_th

__kernel void
clahe_apply_u8 (APPLY_PARAMS_U8)
{
  const uint x = get_global_id (0) * GST_CL_CLAHE_APPLY_PIXELS;
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);
  APPLY_COLUMNS (x);

  if (x >= width)
    return;
  for (uint yb = y0; yb < y1; yb += APPLY_BATCH) {
    const uint n = min ((uint) APPLY_BATCH, y1 - yb);
    uchar4 v[APPLY_BATCH];

    load_batch_u8 (src, pitch, x, yb, n, v);
    BLEND_BATCH_U8 (x, yb, n, v)
  }
}

/* clahe_count_tables_u8 and clahe_apply_u8 in one launch, which on a GPU
 * fed by many threads saves the driver a command a frame, as equalize_u8
 * does in kernels/histequalize.cl. Every group takes a ticket from
 * @sync[0] as it starts: the first @slots * @bands count a band of a tile
 * each, the last of a tile's to finish making its tables and adding one
 * to @sync[1] once its atomics stored them (STORE_ENTRY_QUADS_ATOMIC);
 * each of the others loads the first rows of a group of
 * clahe_apply_u8's grid (@apply_x groups of GST_CL_CLAHE_APPLY_GROUP_X x
 * GST_CL_CLAHE_APPLY_GROUP_Y a row), waits until @sync[1] says that every
 * tile's tables are in, and blends its rows. A group only ever waits for
 * groups that took their tickets before it, which are running and wait
 * for none, so the wait ends whatever number of groups the device runs
 * at once. No pixel is written before every tile is counted, so the
 * output may be the input. The last group to finish zeroes @sync, three
 * words after the tiles' counters in @scratch, for the next frame. */
__kernel void
__attribute__ ((reqd_work_group_size (GST_CL_CLAHE_APPLY_GROUP_X
            * GST_CL_CLAHE_APPLY_GROUP_Y, 1, 1)))
clahe_u8 (TABLES_PARAMS (uchar, lhist), uint tiles_y,
    __global ushort * quads, uint band, uint bands, __global uchar * dst,
    uint dpitch, uint rows, uint apply_x, float inv_tw, float inv_th)
{
  const uint slots = tiles_x * tiles_y;
  __global uint *sync = scratch + (size_t) slots * 257;
  const uint lid = get_local_id (0);
  __local uint ticket, last;

  if (lid == 0)
    ticket = atomic_inc (&sync[0]);
  barrier (CLK_LOCAL_MEM_FENCE);
  if (ticket < slots * bands) {
    uint ack = 0;

    COUNT_TABLES_U8 (ticket / bands, ticket % bands, slots, bands,
        STORE_ENTRY_QUADS_ATOMIC)
    /* Made to wait for the atomics' values. */
    if (last)
      part[lid] = ack;
    barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (lid == 0 && last)
      atomic_inc (&sync[1]);
  } else {
    const uint a = ticket - slots * bands;
    const uint x = (a % apply_x * GST_CL_CLAHE_APPLY_GROUP_X
        + lid % GST_CL_CLAHE_APPLY_GROUP_X) * GST_CL_CLAHE_APPLY_PIXELS;
    const uint y0 = (a / apply_x * GST_CL_CLAHE_APPLY_GROUP_Y
        + lid / GST_CL_CLAHE_APPLY_GROUP_X) * rows;
    const uint y1 = x < width ? min (y0 + rows, height) : 0;
    APPLY_COLUMNS (x);
    uchar4 v[APPLY_BATCH];

    if (y0 < y1)
      load_batch_u8 (src, pitch, x, y0, min ((uint) APPLY_BATCH, y1 - y0), v);
    if (lid == 0)
      while (*(volatile __global uint *) &sync[1] < slots);
    barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    for (uint yb = y0; yb < y1; yb += APPLY_BATCH) {
      const uint n = min ((uint) APPLY_BATCH, y1 - yb);

      if (yb != y0)
        load_batch_u8 (src, pitch, x, yb, n, v);
      BLEND_BATCH_U8 (x, yb, n, v)
    }
  }
  barrier (CLK_GLOBAL_MEM_FENCE);
  if (lid == 0 && atomic_inc (&sync[2]) == get_num_groups (0) - 1) {
    sync[0] = 0;
    sync[1] = 0;
    sync[2] = 0;
  }
}
#endif

/* The tables of tile row @ty, BINS16 entries per tile. */
#define TABLE_ROW(ty) ((size_t) (ty) * tiles_x << GST_CL_CLAHE_BITS)

/* 8-bit output of 16-bit input: the d-bit output shifted down. */
#define NARROW_SHIFT (GST_CL_CLAHE_BITS - 8)
#define STORE_U8(row, x, v) ((row)[x] = (uchar) ((v) >> NARROW_SHIFT))
#define STORE_U16(row, x, v)                                                 \
  ((row)[x] = swap ? rotate ((ushort) (v), (ushort) 8) : (ushort) (v))

/* The GPUs' blend for 16-bit input: four lookups in the tiles'
 * BINS16-entry tables, stored as 16-bit words or, shifted down to 8 bits,
 * as bytes. */
#define APPLY_U16(name, TD, STORE)                                           \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint swap, __global TD * dst, uint dpitch, uint rows,     \
      __global const ushort * lut, uint tiles_x, uint tiles_y, float inv_tw, \
      float inv_th)                                                          \
  {                                                                          \
    const uint gx = get_global_id (0);                                       \
    const uint x = min (gx, width - 1);                                      \
    const float txf = (float) x * inv_tw - 0.5f;                             \
    const int fx = cv_floor (txf);                                           \
    const float xa = txf - (float) fx;                                       \
    const float xa1 = 1.0f - xa;                                             \
    const uint i1 = max (fx, 0) << GST_CL_CLAHE_BITS;                        \
    const uint i2 = min (fx + 1, (int) tiles_x - 1) << GST_CL_CLAHE_BITS;    \
    const uint y0 = get_global_id (1) * rows;                                \
    const uint y1 = min (y0 + rows, height);                                 \
                                                                             \
    for (uint yb = y0; yb < y1; yb += APPLY_BATCH) {                         \
      const uint n = min ((uint) APPLY_BATCH, y1 - yb);                      \
      uint v[APPLY_BATCH];                                                   \
                                                                             \
      for (uint r = 0; r < APPLY_BATCH; r++)                                 \
        if (r < n)                                                           \
          v[r] = PIXEL_U16 (src + (size_t) (yb + r) * pitch, x);             \
      for (uint r = 0; r < APPLY_BATCH; r++) {                               \
        const uint y = yb + r;                                               \
                                                                             \
        if (r < n) {                                                         \
          ROW_WEIGHTS (y);                                                   \
          __global const ushort *p1 = lut + TABLE_ROW (ty1);                 \
          __global const ushort *p2 = lut + TABLE_ROW (ty2);                 \
          const float res = BLEND ((float) p1[i1 + v[r]],                    \
              (float) p1[i2 + v[r]], (float) p2[i1 + v[r]],                  \
              (float) p2[i2 + v[r]], xa, xa1);                               \
                                                                             \
          if (gx < width)                                                    \
            STORE (dst + (size_t) y * dpitch, x, round_even (res));          \
        }                                                                    \
      }                                                                      \
    }                                                                        \
  }

#if WANT_GPU && WANT_U16
APPLY_U16 (clahe_apply_u16, ushort, STORE_U16)
#endif
#if WANT_GPU && WANT_U16_U8
APPLY_U16 (clahe_apply_u16_u8, uchar, STORE_U8)
#endif

/* ---- CPU devices: one work-item per band of rows ---- */

/* 16 pixels at a time in vector types, which the compiler keeps in SIMD
 * registers (a loop over pixels does not vectorize: the lookups, and the
 * output that may be the input), the lookups one by one; a scalar loop
 * for the row's last pixels. */
#define COLUMN_WEIGHTS16(x)                                                  \
  const float16 txf = convert_float16 ((uint16) (x) + lane) * inv_tw - 0.5f; \
  const int16 fx = cv_floor16 (txf);                                         \
  const float16 xa = txf - convert_float16 (fx);                             \
  const float16 xa1 = 1.0f - xa


__constant uint16 lane = (uint16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    12, 13, 14, 15);

#define GATHER16(p, i)                                                       \
  (uint16) ((p)[(i).s0], (p)[(i).s1], (p)[(i).s2], (p)[(i).s3],              \
      (p)[(i).s4], (p)[(i).s5], (p)[(i).s6], (p)[(i).s7], (p)[(i).s8],       \
      (p)[(i).s9], (p)[(i).sa], (p)[(i).sb], (p)[(i).sc], (p)[(i).sd],       \
      (p)[(i).se], (p)[(i).sf])

#if WANT_ROWS && WANT_U8
__kernel void
clahe_apply_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint swap, __global uchar * dst, uint dpitch, uint rows,
    __global const uint * quads, uint tiles_x, uint tiles_y, float inv_tw,
    float inv_th)
{
  const uint y0 = get_global_id (0) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint y = y0; y < y1; y++) {
    ROW_WEIGHTS (y);
    __global const uint *qrow = quads + (fy + 1) * (tiles_x + 1) * 256;
    __global const uchar *s = src + (size_t) y * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;
    uint x = 0;

    for (; x + 16 <= width; x += 16) {
      COLUMN_WEIGHTS16 (x);
      const int16 i = ((fx + 1) << 8) + convert_int16 (vload16 (0, s + x));
      const uint16 q = GATHER16 (qrow, i);
      const float16 res = BLEND (convert_float16 (q & 255),
          convert_float16 ((q >> 8) & 255), convert_float16 ((q >> 16) & 255),
          convert_float16 (q >> 24), xa, xa1);

      vstore16 (convert_uchar16 (round_even16 (res)), 0, d + x);
    }
    for (; x < width; x++) {
      const float txf = (float) x * inv_tw - 0.5f;
      const int fx = cv_floor (txf);
      const float xa = txf - (float) fx;
      const float xa1 = 1.0f - xa;
      const uint q = qrow[((fx + 1) << 8) + s[x]];
      const float res = BLEND ((float) (q & 255), (float) ((q >> 8) & 255),
          (float) ((q >> 16) & 255), (float) (q >> 24), xa, xa1);

      d[x] = round_even (res);
    }
  }
}
#endif

#define APPLY_ROWS_U16(name, TD, STORE, STORE16)                             \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint swap, __global TD * dst, uint dpitch, uint rows,     \
      __global const ushort * lut, uint tiles_x, uint tiles_y, float inv_tw, \
      float inv_th)                                                          \
  {                                                                          \
    const uint y0 = get_global_id (0) * rows;                                \
    const uint y1 = min (y0 + rows, height);                                 \
                                                                             \
    for (uint y = y0; y < y1; y++) {                                         \
      ROW_WEIGHTS (y);                                                       \
      __global const ushort *p1 = lut + TABLE_ROW (ty1);                     \
      __global const ushort *p2 = lut + TABLE_ROW (ty2);                     \
      __global const ushort *s = src + (size_t) y * pitch;                   \
      __global TD *d = dst + (size_t) y * dpitch;                            \
      uint x = 0;                                                            \
                                                                             \
      for (; x + 16 <= width; x += 16) {                                     \
        COLUMN_WEIGHTS16 (x);                                                \
        const ushort16 raw = vload16 (0, s + x);                             \
        const int16 v = convert_int16 (swap ? rotate (raw, (ushort16) 8)     \
                                            : raw);                          \
        const int16 i1 = (max (fx, 0) << GST_CL_CLAHE_BITS) + v;             \
        const int16 i2 = (min (fx + 1, (int) tiles_x - 1)                    \
                             << GST_CL_CLAHE_BITS) + v;                      \
        const float16 res = BLEND (convert_float16 (GATHER16 (p1, i1)),      \
            convert_float16 (GATHER16 (p1, i2)),                             \
            convert_float16 (GATHER16 (p2, i1)),                             \
            convert_float16 (GATHER16 (p2, i2)), xa, xa1);                   \
                                                                             \
        STORE16 (d + x, round_even16 (res));                                 \
      }                                                                      \
      for (; x < width; x++) {                                               \
        const float txf = (float) x * inv_tw - 0.5f;                         \
        const int fx = cv_floor (txf);                                       \
        const float xa = txf - (float) fx;                                   \
        const float xa1 = 1.0f - xa;                                         \
        const uint v = PIXEL_U16 (s, x);                                     \
        const uint i1 = (max (fx, 0) << GST_CL_CLAHE_BITS) + v;              \
        const uint i2 = (min (fx + 1, (int) tiles_x - 1)                     \
                            << GST_CL_CLAHE_BITS) + v;                       \
        const float res = BLEND ((float) p1[i1], (float) p1[i2],             \
            (float) p2[i1], (float) p2[i2], xa, xa1);                        \
                                                                             \
        STORE (d, x, round_even (res));                                      \
      }                                                                      \
    }                                                                        \
  }

#define STORE16_U8(p, v)                                                     \
  vstore16 (convert_uchar16 ((v) >> NARROW_SHIFT), 0, p)
#define STORE16_U16(p, v)                                                    \
  do {                                                                       \
    const ushort16 o = convert_ushort16 (v);                                 \
                                                                             \
    vstore16 (swap ? rotate (o, (ushort16) 8) : o, 0, p);                    \
  } while (0)

#if WANT_ROWS && WANT_U16
APPLY_ROWS_U16 (clahe_apply_rows_u16, ushort, STORE_U16, STORE16_U16)
#endif
#if WANT_ROWS && WANT_U16_U8
APPLY_ROWS_U16 (clahe_apply_rows_u16_u8, uchar, STORE_U8, STORE16_U8)
#endif
