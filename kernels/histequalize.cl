/* gst-clfilter: histogram equalization kernels for clhistequalize.
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
 * Per frame: histogram -> make_lut -> apply; with table-from=previous
 * map_count (the frame mapped through the table of the frame before while
 * it is counted) -> make_lut, the table for the next frame. Planes are row-aligned to 64
 * bytes with padding the host never reads back, so a vector may run past
 * the last pixel of a row: the histogram must not count those lanes, the
 * table lookup may process them.
 *
 * GPUs run many work-items per group on local histograms merged with
 * atomics into one global histogram; CPU devices run one work-item per band
 * of rows (the *_rows_* kernels) with a private histogram that it stores,
 * without atomics, as one of @parts partial histograms that make_lut sums.
 *
 * The histogram covers a region of interest, (x0, y0) and width x height
 * pixels inside the frame; the table applies to the whole frame.
 *
 * Every kernel of a stage takes the same arguments, whichever it uses, so
 * that the host sets them one way:
 *   histogram_*  (src, pitch, x0, y0, width, height, rows_per_group, swap,
 *                 param, packed, hist, lhist)
 *   bounds_u16   (hist, a, b, bounds)
 *   make_lut_*   (hist, parts, total, lut, stats, summary, group, cum,
 *                 TABLE_ARGS)
 *   apply_*      (src, pitch, width, height, rows, dst, dpitch, swap, lut,
 *                 hist, total, summary, group, next_hist, TABLE_ARGS)
 *   map_count_*  (src, pitch, width, height, rows_per_group, dst, dpitch,
 *                 swap, lut, x0, y0, rw, rh, count, hist, lhist, total,
 *                 summary, group, finished, TABLE_ARGS)
 * Pitches and widths count pixels; TABLE_ARGS below. The apply kernels'
 * width and height are the frame's, @total the region's pixel count.
 *
 * Build-time defines (see gstclcontext.c):
 *   GST_CL_EXACT_DIV   float division is correctly rounded
 *   GST_CL_FP64_DIV    get a correctly rounded float quotient through double
 */

#if defined(GST_CL_FP64_DIV) || defined(GST_CL_HAVE_FP64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define COUNT(h, i) atomic_inc (&(h)[i])

/* Zero this group's local bins: @copies replicas of @nbins, interleaved so
 * that work-items counting the same value hit different banks. */
static inline void
local_hist_clear (__local uint * lhist, uint n)
{
  for (uint i = get_local_id (0); i < n; i += get_local_size (0))
    lhist[i] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
}

static inline void
local_hist_merge (__local uint * lhist, uint nbins, uint copies,
    __global uint * hist)
{
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint b = get_local_id (0); b < nbins; b += get_local_size (0)) {
    uint sum = 0;

    for (uint c = 0; c < copies; c++)
      sum += lhist[b * copies + c];
    if (sum)
      atomic_add (&hist[b], sum);
  }
}

/* A group of 256 work-items adds its local bins @lhist, complete, into
 * @hist before it counts itself done, for other groups to read @hist:
 * each work-item keeps what its addition returns, so that the addition is
 * done in global memory before the group goes on (as clahe_count_tables_u8
 * does: the fence alone does not order them for other groups on NVIDIA's
 * OpenCL). Ends with a barrier. */
static inline void
local_hist_merge_done (__local uint * lhist, __global uint * hist, uint lid)
{
  if (lhist[lid])
    lhist[lid] = atomic_add (&hist[lid], lhist[lid]);
  mem_fence (CLK_GLOBAL_MEM_FENCE);
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

/* Vectors of a band that each work-item loads before it counts any: one
 * at a time, each count waited for its load; more than two gained nothing
 * (docs/performance.md). */
#define HIST_BATCH 2

/* One group counts band @band of @rows_per_group rows of the region, 16
 * pixels per load, into its local bins. */
#if WANT_GPU && WANT_U8
static inline void
count_band_u8 (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint copies,
    __local uint * lhist, uint band)
{
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint row0 = band * rows_per_group;
  const uint rows = min (rows_per_group, height - row0);
  /* Whole aligned vectors from the one holding x0 to the region's end. */
  const uint xa = x0 & ~15u, x1 = x0 + width;
  const uint vpr = (x1 - xa + 15) / 16;
  __local uint *mine = lhist + (lid & (copies - 1));

#define COUNT_WORD(u) do {                                                   \
    COUNT (mine, ((u) & 255) * copies);                                      \
    COUNT (mine, (((u) >> 8) & 255) * copies);                               \
    COUNT (mine, (((u) >> 16) & 255) * copies);                              \
    COUNT (mine, ((u) >> 24) * copies);                                      \
  } while (0)

  local_hist_clear (lhist, 256 * copies);
  for (uint i0 = lid; i0 < rows * vpr; i0 += HIST_BATCH * lsz) {
    __global const uchar *p[HIST_BATCH];
    uint x[HIST_BATCH];
    uint4 w[HIST_BATCH];

    for (uint k = 0; k < HIST_BATCH; k++) {
      const uint i = i0 + k * lsz;
      const uint r = i / vpr;

      x[k] = xa + (i - r * vpr) * 16;
      p[k] = src + (size_t) (y0 + row0 + r) * pitch;
      if (i < rows * vpr && x[k] >= x0 && x[k] + 16 <= x1)
        w[k] = LOAD16 (p[k] + x[k]);
    }
    for (uint k = 0; k < HIST_BATCH && i0 + k * lsz < rows * vpr; k++) {
      if (x[k] >= x0 && x[k] + 16 <= x1) {
        COUNT_WORD (w[k].x);
        COUNT_WORD (w[k].y);
        COUNT_WORD (w[k].z);
        COUNT_WORD (w[k].w);
      } else {
        for (uint j = max (x[k], x0); j < min (x[k] + 16, x1); j++)
          COUNT (mine, p[k][j] * copies);
      }
    }
  }
#undef COUNT_WORD
}

__kernel void
histogram_u8 (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint swap, uint copies,
    uint packed, __global uint * hist, __local uint * lhist)
{
  count_band_u8 (src, pitch, x0, y0, width, height, rows_per_group, copies,
      lhist, get_group_id (0));
  local_hist_merge (lhist, 256, copies, hist);
}
#endif

/* Like histogram_u8, for the slice of bins [slice * nbins, +nbins) that
 * dimension 1 selects (the last one may end before): 65536 bins rarely fit
 * in local memory at once. With @packed, two 16-bit counters share each
 * local word, which halves the slices; the host then gives each group
 * fewer than 65536 pixels, so that no counter can carry into its
 * neighbour, and @nbins is even. A word holds bins half a slice apart, not
 * adjacent ones: neighbouring pixels of real pictures often differ by one,
 * and their atomics would otherwise collide on one word (measured on an
 * H200 at 3840x2160: 32.3 us against 35.5 us). */
#if WANT_GPU && WANT_IN16
__kernel void
histogram_u16 (__global const ushort * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint swap, uint nbins,
    uint packed, __global uint * hist, __local uint * lhist)
{
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint row0 = get_group_id (0) * rows_per_group;
  const uint rows = min (rows_per_group, height - row0);
  const uint xa = x0 & ~7u, x1 = x0 + width;
  const uint vpr = (x1 - xa + 7) / 8;
  const uint base = get_global_id (1) * nbins;
  const uint words = packed ? nbins / 2 : nbins;

#define COUNT16(value) do {                                                  \
    const uint b = (uint) (value) - base;                                    \
                                                                             \
    if (b < nbins) {                                                         \
      if (packed)                                                            \
        atomic_add (&lhist[b < words ? b : b - words],                       \
            b < words ? 1u : 1u << 16);                                      \
      else                                                                   \
        atomic_inc (&lhist[b]);                                              \
    }                                                                        \
  } while (0)

  local_hist_clear (lhist, words);
  for (uint i = lid; i < rows * vpr; i += lsz) {
    const uint r = i / vpr;
    const uint x = xa + (i - r * vpr) * 8;
    __global const ushort *p = src + (size_t) (y0 + row0 + r) * pitch;

    if (x >= x0 && x + 8 <= x1) {
      const ushort8 v = swap16 (as_ushort8 (LOAD16 (p + x)), swap);

      COUNT16 (v.s0); COUNT16 (v.s1); COUNT16 (v.s2); COUNT16 (v.s3);
      COUNT16 (v.s4); COUNT16 (v.s5); COUNT16 (v.s6); COUNT16 (v.s7);
    } else {
      for (uint k = max (x, x0); k < min (x + 8, x1); k++)
        COUNT16 (swap ? rotate (p[k], (ushort) 8) : p[k]);
    }
  }
#undef COUNT16
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint w = lid; w < words; w += lsz) {
    const uint c = lhist[w];

    if (!packed) {
      if (c)
        atomic_add (&hist[base + w], c);
    } else {
      if (c & 0xffff)
        atomic_add (&hist[base + w], c & 0xffff);
      if (c >> 16)
        atomic_add (&hist[base + words + w], c >> 16);
    }
  }
}
#endif

/* The frame's summary for the histogram message, so that the host reads
 * back GST_CL_SUMMARY_HEAD + num-bins words instead of the whole histogram:
 *   [0] min, [1] max, [2..3] sum of v, [4..5] sum of v^2 (64-bit, low word
 *   first), [GST_CL_SUMMARY_HEAD + i] bins summed down by @group (a power
 * of two). v^2 * count stays below 2^64 for frames of up to 2^32 pixels. */
#define SUMMARY_HEAD GST_CL_SUMMARY_HEAD

static inline void
store_u64 (__global uint * p, ulong v)
{
  p[0] = (uint) v;
  p[1] = (uint) (v >> 32);
}

static inline float
equalize_scale (uint denominator)
{
#if defined(GST_CL_FP64_DIV)
  /* A double quotient rounded to float is the correctly rounded float
   * quotient: 53 >= 2 * 24 + 2 bits makes the double rounding harmless. */
  return (float) (255.0 / (double) (float) denominator);
#else
  return 255.0f / (float) denominator;
#endif
}

/* The table entries, for v > i0 of a frame that is not constant (the
 * kernels handle the other cases). */

/* cv::equalizeHist's, bit for bit: float32 scale and multiply, round half
 * to even. */
static inline uchar
lut_entry_u8 (uint cdf, uint h0, float scale)
{
  return (uchar) clamp (rint ((float) (cdf - h0) * scale), 0.0f, 255.0f);
}

/* Exact integer rounding, half to even, of
 * (cdf - cdf_min) * span / (total - cdf_min), with @inv = 1 / den in
 * float and span at most 65535: the float quotient is within 0.04 of the
 * exact one (a few 2^-24 relative errors on a quotient of at most 65535),
 * so one step on the remainder in 64-bit integers makes it exact. A 64-bit
 * division would be a long software loop on GPUs and tens of cycles on
 * CPUs. */
static inline uint
lut_entry_rhe (uint cdf, uint h0, ulong den, float inv, uint span)
{
  const ulong num = (ulong) (cdf - h0) * span;
  long d = (long) ((float) num * inv);
  long r = (long) num - d * (long) den;

  if (r < 0) {
    d--;
    r += den;
  } else if (r >= (long) den) {
    d++;
    r -= den;
  }
  if ((ulong) (2 * r) > den || ((ulong) (2 * r) == den && (d & 1)))
    d++;
  return (uint) d;
}

#ifdef GST_CL_HAVE_FP64
/* lut_entry_rhe in double, with @inv = 1 / @den in double: CPUs compute it
 * on vectors of entries, which they cannot with 64-bit integer products.
 * (cdf - h0) * span < 2^48 and q * den <= num + den are exact in 53 bits,
 * and the quotient's relative error of about 2^-52 on at most 65535 puts
 * q within one of the floor, which the exact remainder corrects. Bins up
 * to the first non-empty one (cdf <= h0) get 0, so that a loop over all
 * bins needs no branch. */
static inline uint
lut_entry_rhe_f64 (uint cdf, uint h0, double den, double inv, double span)
{
  const double num = (double) (max (cdf, h0) - h0) * span;
  /* Truncation is the floor of this quotient, which is not negative. */
  const int q0 = (int) (num * inv);
  const double r0 = num - (double) q0 * den;
  const int q = r0 < 0.0 ? q0 - 1 : r0 >= den ? q0 + 1 : q0;
  const double r = r0 < 0.0 ? r0 + den : r0 >= den ? r0 - den : r0;

  return (uint) (2.0 * r > den || (2.0 * r == den && (q & 1)) ? q + 1 : q);
}
#endif

/* An 8-bit table's entry for v > i0 of a frame that is not constant. */
static inline uint
table_entry_u8 (uint cdf, uint h0, uint total, uint lo, uint span)
{
  const ulong den = total - h0;

  if (span == GST_CL_SPAN_CV)
    return lut_entry_u8 (cdf, h0, equalize_scale (total - h0));
  return lo + lut_entry_rhe (cdf, h0, den, 1.0f / (float) den, span);
}

/* The arguments every table kernel ends with:
 *   lo, span      the output range, lo + (0..span); span GST_CL_SPAN_CV
 *                 is 0..255 with cv::equalizeHist's formula for equalize
 *   method        GST_CL_METHOD_*
 *   cut_lo, cut_hi  linear: the low bound is the smallest v with
 *                 cdf[v] > cut_lo, the high one the smallest with
 *                 cdf[v] >= cut_hi
 *   strength      w of 256: t = (w lut + (256 - w) id + 128) >> 8
 *   smoothing     s of 256: T = (s T' + (256 - s) 256 t + 128) >> 8, or
 *                 256 t on a @restart frame; the pixel maps to
 *                 (T + 128) >> 8. T' is read from @state_prev, T stored
 *                 to @state_next (double-buffered: groups that each build
 *                 the whole table must not see each other's stores)
 *   id_shift      the identity table is v >> id_shift (8 for 16-bit input
 *                 and 8-bit output)
 *   bounds        linear on GPUs, GRAY16: the bounds from bounds_u16
 * Every product fits 32 bits: T <= 256 * 65535, and s T' + (256 - s) 256 t
 * <= 256 * 256 * 65535 < 2^32 - 128. */
#define TABLE_ARGS                                                           \
  uint lo, uint span, uint method, uint cut_lo, uint cut_hi,                 \
      uint strength, uint smoothing, uint restart, uint id_shift,            \
      __global const uint * state_prev, __global uint * state_next,          \
      __global const uint * bounds

/* The linear method's entry for @v between the bounds @lv and @hv. */
static inline uint
linear_entry (uint v, uint lv, uint hv, uint lo, uint span, uint id_shift)
{
  const uint m = span == GST_CL_SPAN_CV ? 255 : span;
  const uint d = hv - lv;
  uint q, r;

  if (hv <= lv)
    return v >> id_shift;
  if (v < lv)
    return lo;
  q = (v - lv) * m / d;
  r = (v - lv) * m - q * d;
  if (2 * r > d || (2 * r == d && (q & 1)))
    q++;
  return lo + min (q, m);
}

/* The table entry of @v from its base entry: strength, then smoothing. */
static inline uint
final_entry (uint base, uint v, uint id_shift, uint strength,
    uint smoothing, uint restart, __global const uint * state_prev,
    __global uint * state_next, bool store)
{
  const uint t = (strength * base + (256 - strength) * (v >> id_shift) + 128)
      >> 8;
  const uint T = restart ? t << 8
      : (smoothing * state_prev[v] + (256 - smoothing) * (t << 8) + 128) >> 8;

  if (store)
    state_next[v] = T;
  return (T + 128) >> 8;
}

/* ---- GPUs: work-group helpers ---- */

/* Inclusive prefix sums of @a, one entry per work-item (Hillis-Steele). */
static inline void
scan_inclusive (__local uint * a, uint lid, uint lsz)
{
  for (uint off = 1; off < lsz; off *= 2) {
    const uint t = lid >= off ? a[lid - off] : 0;

    barrier (CLK_LOCAL_MEM_FENCE);
    a[lid] += t;
    barrier (CLK_LOCAL_MEM_FENCE);
  }
}

static inline ulong
reduce_sum (__local ulong * red, ulong v, uint lid, uint lsz)
{
  red[lid] = v;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint off = lsz / 2; off > 0; off /= 2) {
    if (lid < off)
      red[lid] += red[lid + off];
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  v = red[0];
  barrier (CLK_LOCAL_MEM_FENCE);
  return v;
}

static inline uint
map_word (uint u, __local const uchar * t)
{
  return (uint) t[u & 255] | (uint) t[(u >> 8) & 255] << 8 |
      (uint) t[(u >> 16) & 255] << 16 | (uint) t[u >> 24] << 24;
}

/* The 8-bit table of the histogram whose bin @lid is @h, built by a group
 * of 256 work-items, work-item @lid making entry @lid in @table. The
 * @writer group also stores the smoothing state and, with @summary, the
 * frame's summary. Ends with a barrier. */
static inline void
table_u8 (uint h, uint lid, uint total,
    __global uint * summary, uint group, bool writer, __local uint * cdf,
    __local uint * msg, __local ulong * red, __local uchar * table,
    __local uint * marks, TABLE_ARGS)
{
  /* marks: [0] first and [1] last non-empty bin, [2..3] linear bounds. */
  uint i0, h0, base;

  if (lid == 0) {
    marks[0] = 256;
    marks[1] = 0;
  }
  cdf[lid] = h;
  msg[lid] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (h) {
    atomic_min (&marks[0], lid);
    atomic_max (&marks[1], lid);
  }
  scan_inclusive (cdf, lid, 256);
  i0 = marks[0];
  /* The bins below i0 are empty. */
  h0 = i0 < 256 ? cdf[i0] : 0;
  {
    const uint below = lid ? cdf[lid - 1] : 0;

    if (cdf[lid] > cut_lo && below <= cut_lo)
      marks[2] = lid;
    if (cdf[lid] >= cut_hi && below < cut_hi)
      marks[3] = lid;
  }
  /* Outside any branch: PoCL's work-group loops need every item to meet
   * the barrier unconditionally. */
  barrier (CLK_LOCAL_MEM_FENCE);
  if (method == GST_CL_METHOD_LINEAR)
    base = linear_entry (lid, marks[2], marks[3], lo, span, 0);
  else
    base = h0 == total ? lid : lid <= i0 ? lo :
        table_entry_u8 (cdf[lid], h0, total, lo, span);
  table[lid] = final_entry (base, lid, 0, strength, smoothing, restart,
      state_prev, state_next, writer);

  if (writer && summary) {
    const ulong sv = reduce_sum (red, (ulong) h * lid, lid, 256);
    const ulong sv2 = reduce_sum (red, (ulong) h * lid * lid, lid, 256);

    atomic_add (&msg[lid / group], h);
    barrier (CLK_LOCAL_MEM_FENCE);
    if (lid < 256 / group)
      summary[SUMMARY_HEAD + lid] = msg[lid];
    if (lid == 0) {
      summary[0] = i0;
      summary[1] = marks[1];
      store_u64 (summary + 2, sv);
      store_u64 (summary + 4, sv2);
    }
  }
  barrier (CLK_LOCAL_MEM_FENCE);
}

#define TABLE_ARG_NAMES                                                      \
  lo, span, method, cut_lo, cut_hi, strength, smoothing, restart, id_shift,  \
      state_prev, state_next, bounds

#if WANT_GPU && WANT_U8
/* Rows [@y0, @y1) of the 16-byte column @x of @vpr, GST_CL_APPLY_ROWS at
 * most, loaded into @w. */
static inline void
load_rows_u8 (__global const uchar * src, uint pitch, uint x, uint vpr,
    uint y0, uint y1, uint4 * w)
{
  for (uint k = 0; k < GST_CL_APPLY_ROWS; k++)
    if (x < vpr && y0 + k < y1)
      w[k] = LOAD16 (src + (size_t) (y0 + k) * pitch + x * 16);
}

/* The same rows, @w, mapped through @table into @dst. */
static inline void
map_rows_u8 (__global uchar * dst, uint dpitch, uint x, uint vpr, uint y0,
    uint y1, const uint4 * w, __local const uchar * table)
{
  for (uint k = 0; k < GST_CL_APPLY_ROWS; k++)
    if (x < vpr && y0 + k < y1)
      STORE16 (dst + (size_t) (y0 + k) * dpitch + x * 16,
          (uint4) (map_word (w[k].x, table), map_word (w[k].y, table),
              map_word (w[k].z, table), map_word (w[k].w, table)));
}

/* 8-bit on GPUs: each work-group builds the 256-entry table in local
 * memory from the histogram (cheaper than a launch of its own), then maps
 * @rows (GST_CL_APPLY_ROWS) rows of one 16-byte column per work-item
 * through it. Every group builds its table at once, at the start: the rows
 * are read before, so that their loads are under way meanwhile. Group 0
 * also zeroes @next_hist, the histogram buffer of the next frame
 * (double-buffered, so that no fill is queued), and writes the summary.
 * Groups of exactly 256 work-items. */
__kernel void
__attribute__ ((reqd_work_group_size (GST_CL_APPLY_GROUP_X,
            GST_CL_APPLY_GROUP_Y, 1)))
apply_u8 (__global const uchar * src, uint pitch, uint width, uint height,
    uint rows, __global uchar * dst, uint dpitch, uint swap,
    __global const uchar * lut, __global const uint * hist, uint total,
    __global uint * summary, uint group, __global uint * next_hist,
    TABLE_ARGS)
{
  const uint vpr = (width + 15) / 16;
  __local uint cdf[256], msg[256];
  __local ulong red[256];
  __local uchar table[256];
  __local uint marks[4];
  const uint lid = get_local_id (1) * get_local_size (0) + get_local_id (0);
  const uint x = get_global_id (0);
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);
  const bool group0 = get_group_id (0) == 0 && get_group_id (1) == 0;
  const uint h = hist[lid];
  uint4 w[GST_CL_APPLY_ROWS];

  load_rows_u8 (src, pitch, x, vpr, y0, y1, w);
  if (group0)
    next_hist[lid] = 0;
  table_u8 (h, lid, total, summary, group, group0, cdf, msg, red, table, marks,
      TABLE_ARG_NAMES);
  map_rows_u8 (dst, dpitch, x, vpr, y0, y1, w, table);
}

/* histogram_u8 and apply_u8 in one launch, which on a GPU fed by many
 * threads saves the driver a command a frame. Every group takes a ticket
 * from @sync[0] as it starts: the first @bands count a band each as
 * histogram_u8's groups do, then add one to @sync[1]; each of the others
 * loads a group's rows of apply_u8's grid (@apply_x groups of
 * GST_CL_APPLY_GROUP_X x GST_CL_APPLY_GROUP_Y work-items a row), waits
 * until @sync[1] says that every band is in @hist, reads it through
 * atomics (which see what the bands added), and builds the table and
 * maps the rows as that group does. A group only ever waits for groups
 * that took their tickets before it, which are running, so the wait ends
 * whatever number of groups the device runs at once. The last group to
 * finish zeroes @sync for the next frame; @next_hist is zeroed as by
 * apply_u8. Groups of 256. */
__kernel void
__attribute__ ((reqd_work_group_size (256, 1, 1)))
equalize_u8 (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint rw, uint rh, uint rows_per_group, uint bands, uint apply_x,
    uint width, uint height, uint rows, __global uchar * dst, uint dpitch,
    __global uint * hist, uint total, __global uint * summary, uint group,
    __global uint * next_hist, __global uint * sync, TABLE_ARGS)
{
  __local uint lhist[256], cdf[256], msg[256];
  __local ulong red[256];
  __local uchar table[256];
  __local uint marks[4], ticket;
  const uint lid = get_local_id (0);

  if (lid == 0)
    ticket = atomic_inc (&sync[0]);
  barrier (CLK_LOCAL_MEM_FENCE);
  if (ticket < bands) {
    count_band_u8 (src, pitch, x0, y0, rw, rh, rows_per_group, 1, lhist,
        ticket);
    barrier (CLK_LOCAL_MEM_FENCE);
    local_hist_merge_done (lhist, hist, lid);
    if (lid == 0)
      atomic_inc (&sync[1]);
  } else {
    const uint a = ticket - bands, vpr = (width + 15) / 16;
    const uint x = a % apply_x * GST_CL_APPLY_GROUP_X +
        lid % GST_CL_APPLY_GROUP_X;
    const uint ya = (a / apply_x * GST_CL_APPLY_GROUP_Y +
        lid / GST_CL_APPLY_GROUP_X) * rows;
    const uint yb = min (ya + rows, height);
    uint4 w[GST_CL_APPLY_ROWS];

    load_rows_u8 (src, pitch, x, vpr, ya, yb, w);
    if (lid == 0)
      while (*(volatile __global uint *) &sync[1] < bands);
    barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (a == 0)
      next_hist[lid] = 0;
    table_u8 (atomic_or (&hist[lid], 0), lid, total, summary, group, a == 0,
        cdf, msg, red, table, marks, TABLE_ARG_NAMES);
    map_rows_u8 (dst, dpitch, x, vpr, ya, yb, w, table);
  }
  barrier (CLK_GLOBAL_MEM_FENCE);
  if (lid == 0 && atomic_inc (&sync[2]) == get_num_groups (0) - 1) {
    sync[0] = 0;
    sync[1] = 0;
    sync[2] = 0;
  }
}

/* 8-bit on GPUs with table-from=previous: the frame's table into @lut,
 * for the next frame's map_count_u8, by one group of 256 work-items, with
 * the state and the summary as apply_u8 makes them. Each item then zeroes
 * its bin, which leaves the histogram clear for the next frame without a
 * fill (the host does not swap the histogram buffers after it). */
__kernel void
__attribute__ ((reqd_work_group_size (256, 1, 1)))
make_lut_u8 (__global uint * hist, uint parts, uint total,
    __global uchar * lut, __global uint * stats, __global uint * summary,
    uint group, __global uint * cum, TABLE_ARGS)
{
  __local uint cdf[256], msg[256];
  __local ulong red[256];
  __local uchar table[256];
  __local uint marks[4];
  const uint lid = get_local_id (0);

  const uint h = hist[lid];

  /* Each item reads its own bin only. */
  hist[lid] = 0;
  table_u8 (h, lid, total, summary, group, true, cdf, msg, red, table, marks,
      TABLE_ARG_NAMES);
  lut[lid] = table[lid];
}

/* 8-bit on GPUs with table-from=previous: one pass over the frame, each
 * 16-byte vector read once, mapped through @lut (the previous frame's
 * table) and written, and its pixels inside the region (@x0, @y0, @rw x
 * @rh) counted into the group's local histogram, merged into @hist at the
 * end as histogram_u8 does. Groups of 256 work-items take bands of
 * @rows_per_group rows of the whole frame, consecutive work-items
 * consecutive vectors. The last group to finish, told by the counter
 * @finished, takes the histogram, leaves it and the counter zero, and
 * builds the frame's table into @lut for the next frame, with the state
 * and the summary as make_lut_u8 makes them: no kernel of its own, whose
 * launch would cost as much as its work. Every group loaded @lut before
 * it finished. With @count 0 nothing is counted and no table built (a
 * frame mapped through its own table). */
__kernel void
__attribute__ ((reqd_work_group_size (256, 1, 1)))
map_count_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows_per_group, __global uchar * dst, uint dpitch,
    uint swap, __global uchar * lut, uint x0, uint y0, uint rw, uint rh,
    uint count, __global uint * hist, __local uint * lhist, uint total,
    __global uint * summary, uint group, __global uint * finished,
    TABLE_ARGS)
{
  __local uchar table[256];
  __local uint cdf[256], msg[256];
  __local ulong red[256];
  __local uint marks[4], last;
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint row0 = get_group_id (0) * rows_per_group;
  const uint rows = min (rows_per_group, height - row0);
  const uint vpr = (width + 15) / 16;
  const uint x1 = x0 + rw, y1 = y0 + rh;

#define COUNT_WORD(u) do {                                                   \
    COUNT (lhist, (u) & 255);                                                \
    COUNT (lhist, ((u) >> 8) & 255);                                         \
    COUNT (lhist, ((u) >> 16) & 255);                                        \
    COUNT (lhist, (u) >> 24);                                                \
  } while (0)

  for (uint i = lid; i < 256; i += lsz) {
    lhist[i] = 0;
    table[i] = lut[i];
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint i0 = lid; i0 < rows * vpr; i0 += HIST_BATCH * lsz) {
    __global const uchar *p[HIST_BATCH];
    uint x[HIST_BATCH], y[HIST_BATCH];
    uint4 w[HIST_BATCH];

    for (uint k = 0; k < HIST_BATCH; k++) {
      const uint i = i0 + k * lsz;
      const uint r = i / vpr;

      x[k] = (i - r * vpr) * 16;
      y[k] = row0 + r;
      p[k] = src + (size_t) y[k] * pitch;
      if (i < rows * vpr)
        w[k] = LOAD16 (p[k] + x[k]);
    }
    for (uint k = 0; k < HIST_BATCH && i0 + k * lsz < rows * vpr; k++) {
      if (count && y[k] >= y0 && y[k] < y1 && x[k] < x1 && x[k] + 16 > x0) {
        if (x[k] >= x0 && x[k] + 16 <= x1) {
          COUNT_WORD (w[k].x);
          COUNT_WORD (w[k].y);
          COUNT_WORD (w[k].z);
          COUNT_WORD (w[k].w);
        } else {
          /* The vector is not stored yet: its bytes are still the input. */
          for (uint j = max (x[k], x0); j < min (x[k] + 16, x1); j++)
            COUNT (lhist, p[k][j]);
        }
      }
      STORE16 (dst + (size_t) y[k] * dpitch + x[k],
          (uint4) (map_word (w[k].x, table), map_word (w[k].y, table),
              map_word (w[k].z, table), map_word (w[k].w, table)));
    }
  }
#undef COUNT_WORD
  barrier (CLK_LOCAL_MEM_FENCE);
  if (!count)
    return;
  local_hist_merge_done (lhist, hist, lid);
  if (lid == 0)
    last = atomic_inc (finished) == get_num_groups (0) - 1;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (!last)
    return;
  mem_fence (CLK_GLOBAL_MEM_FENCE);
  {
    /* Exchanges see every group's additions. */
    const uint h = atomic_xchg (&hist[lid], 0);

    if (lid == 0)
      *finished = 0;
    table_u8 (h, lid, total, summary, group, true, cdf, msg, red, table,
        marks, TABLE_ARG_NAMES);
    lut[lid] = table[lid];
  }
}
#endif

/* clhistogram, 8-bit on GPUs, where no table kernel runs (apply_u8 builds
 * clhistequalize's summary): the summary from the histogram, by one group
 * of 256 work-items, one per bin. Each item then zeroes its bin, which
 * leaves the histogram clear for the next frame without a fill. Takes the
 * table kernels' arguments. */
#if WANT_GPU && WANT_U8
__kernel void
summary_u8 (__global uint * hist, uint parts, uint total,
    __global uchar * lut, __global uint * stats, __global uint * summary,
    uint group, __global uint * cum, TABLE_ARGS)
{
  __local uint msg[256];
  __local ulong red[256];
  __local uint first, last;
  const uint lid = get_local_id (0);
  const uint h = hist[lid];
  ulong sv, sv2;

  if (lid == 0) {
    first = 256;
    last = 0;
  }
  msg[lid] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (h) {
    atomic_min (&first, lid);
    atomic_max (&last, lid);
  }
  atomic_add (&msg[lid / group], h);
  /* Its barriers make the atomics above visible. */
  sv = reduce_sum (red, (ulong) h * lid, lid, 256);
  sv2 = reduce_sum (red, (ulong) h * lid * lid, lid, 256);
  hist[lid] = 0;
  if (lid < 256 / group)
    summary[SUMMARY_HEAD + lid] = msg[lid];
  if (lid == 0) {
    summary[0] = first;
    summary[1] = last;
    store_u64 (summary + 2, sv);
    store_u64 (summary + 4, sv2);
  }
}
#endif

/* GRAY16 on GPUs: 65536 bins are too many for each group to rebuild the
 * table, so one small launch builds it over BLOCKS blocks of BLOCK_BINS
 * bins, 4 per work-item in groups of 256. Each group sums the blocks before
 * its own itself (at most 64 K words from L2), which costs less than a
 * launch that would hand it the prefix. */
#define BLOCK_BINS GST_CL_LUT_BLOCK_BINS
#define BLOCKS (65536 / BLOCK_BINS)
/* make_lut_u16's loads per round of its prefix, written out as 4 x 4, and
 * blocks per step of its walk. */
#define PREFIX_LOADS 16
#define WALK_BLOCKS 4
#if PREFIX_LOADS != 16
#error "make_lut_u16 writes out 16 prefix loads"
#endif
/* @stats, 8 words per block for the message, which the host folds into the
 * summary's head: [0] count, [1] first non-empty bin (65536 if none),
 * [2] last non-empty bin, [4..5] sum of v, [6..7] sum of v^2. */

/* The first non-empty bin of the 4 at @b, or 65536. */
static inline uint
first_bin (uint4 h, uint b)
{
  return h.x ? b : h.y ? b + 1 : h.z ? b + 2 : h.w ? b + 3 : 65536;
}

/* Bins below the first non-empty one, i0, map to 0, and empty bins repeat
 * the entry before them: the table divides only where the cumulative count
 * moved, which real data makes rare. A group whose block lies below i0
 * cannot tell a constant frame from others; its entries are 0 either way,
 * and no pixel looks them up. */
#if WANT_GPU && WANT_IN16
__kernel void
make_lut_u16 (__global const uint * hist, uint parts, uint total,
    __global ushort * lut, __global uint * stats, __global uint * summary,
    uint group, __global uint * cum, TABLE_ARGS)
{
  __local uint cdf[256], msg[256];
  __local ulong red[256];
  __local uint lfirst, block_first, llast;
  const uint lid = get_local_id (0);
  const uint g = get_group_id (0);
  const uint b = g * BLOCK_BINS + lid * 4;
  const uint4 h = LOAD16 (hist + b);
  const uint mine = h.x + h.y + h.z + h.w;
  const uint own_first = first_bin (h, b);
  uint before = 0, f = own_first, i0, h0, c;
  ulong den;
  float inv;
  uint4 e;

  /* PREFIX_LOADS blocks' words in flight per round: each round waits for
   * L2 once, so the last groups' 63 blocks take 4 rounds. The loads are
   * written out; as a loop the compiler issued them one round at a time
   * (docs/performance.md). */
  for (uint i = lid * 4; i < g * BLOCK_BINS; i += PREFIX_LOADS * BLOCK_BINS) {
    uint4 q[PREFIX_LOADS];

#define PREFIX_LOAD(k)                                                       \
    q[k] = i + (k) * BLOCK_BINS < g * BLOCK_BINS ?                           \
        LOAD16 (hist + i + (k) * BLOCK_BINS) : 0
#define PREFIX_LOAD4(k)                                                      \
    PREFIX_LOAD (k); PREFIX_LOAD (k + 1); PREFIX_LOAD (k + 2);               \
    PREFIX_LOAD (k + 3)
    PREFIX_LOAD4 (0); PREFIX_LOAD4 (4); PREFIX_LOAD4 (8); PREFIX_LOAD4 (12);
#undef PREFIX_LOAD4
#undef PREFIX_LOAD
    for (uint k = 0; k < PREFIX_LOADS; k++) {
      before += q[k].x + q[k].y + q[k].z + q[k].w;
      f = min (f, first_bin (q[k], i + k * BLOCK_BINS));
    }
  }
  if (lid == 0) {
    lfirst = block_first = 65536;
    llast = 0;
  }
  cdf[lid] = mine;
  msg[lid] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  atomic_min (&lfirst, f);
  atomic_min (&block_first, own_first);
  if (mine)
    atomic_max (&llast, h.w ? b + 3 : h.z ? b + 2 : h.y ? b + 1 : b);
  scan_inclusive (cdf, lid, 256);
  before = (uint) reduce_sum (red, before, lid, 256);
  /* A block below the first non-empty bin must still tell a constant frame
   * (identity) from others: it looks for that bin further up, WALK_BLOCKS
   * blocks a step (a 12-bit signal high in the 16-bit range leaves most
   * blocks below it). */
  for (uint up = (g + 1) * BLOCK_BINS; up < 65536;
      up += WALK_BLOCKS * BLOCK_BINS) {
    const uint seen = lfirst;
    uint m = 65536;

    /* Every item has read it before any item may lower it. */
    barrier (CLK_LOCAL_MEM_FENCE);
    if (seen != 65536)
      break;
#pragma unroll
    for (uint k = 0; k < WALK_BLOCKS; k++) {
      const uint at = up + k * BLOCK_BINS + lid * 4;

      if (at < 65536)
        m = min (m, first_bin (LOAD16 (hist + at), at));
    }
    atomic_min (&lfirst, m);
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  i0 = lfirst;
  h0 = i0 < 65536 ? hist[i0] : 0;
  den = total - h0;
  inv = 1.0f / (float) den;
  c = before + cdf[lid] - mine;

#define ENTRY(v, hv, prev) \
  (method == GST_CL_METHOD_LINEAR ? \
   linear_entry (v, bounds[0], bounds[1], lo, span, id_shift) : \
   h0 == total ? (v) >> id_shift : (v) <= i0 ? lo : \
   (hv) || (v) == b ? lo + lut_entry_rhe (c, h0, den, inv, span) : (prev))
  c += h.x;
  e.x = ENTRY (b, h.x, 0);
  c += h.y;
  e.y = ENTRY (b + 1, h.y, e.x);
  c += h.z;
  e.z = ENTRY (b + 2, h.z, e.y);
  c += h.w;
  e.w = ENTRY (b + 3, h.w, e.z);
#undef ENTRY
#define FINAL(v, base) final_entry (base, v, id_shift, strength, smoothing, \
    restart, state_prev, state_next, true)
  vstore4 ((ushort4) (FINAL (b, e.x), FINAL (b + 1, e.y), FINAL (b + 2, e.z),
          FINAL (b + 3, e.w)), 0, lut + b);
#undef FINAL

  if (summary) {
    const ulong sv = (ulong) h.x * b + (ulong) h.y * (b + 1) +
        (ulong) h.z * (b + 2) + (ulong) h.w * (b + 3);
    const ulong sv2 = (ulong) h.x * b * b + (ulong) h.y * (b + 1) * (b + 1) +
        (ulong) h.z * (b + 2) * (b + 2) + (ulong) h.w * (b + 3) * (b + 3);
    const ulong count = reduce_sum (red, mine, lid, 256);
    const ulong s1 = reduce_sum (red, sv, lid, 256);
    const ulong s2 = reduce_sum (red, sv2, lid, 256);

    if (lid == 0) {
      __global uint *st = stats + g * 8;

      st[0] = (uint) count;
      st[1] = block_first;
      st[2] = llast;
      store_u64 (st + 4, s1);
      store_u64 (st + 6, s2);
    }
    if (group <= 4) {
      const uint hv[4] = { h.x, h.y, h.z, h.w };

      for (uint k = 0; k < 4; k += group) {
        uint n = 0;

        for (uint j = k; j < k + group; j++)
          n += hv[j];
        summary[SUMMARY_HEAD + (b + k) / group] = n;
      }
    } else if (group <= BLOCK_BINS) {
      atomic_add (&msg[lid * 4 / group], mine);
      barrier (CLK_LOCAL_MEM_FENCE);
      if (lid < BLOCK_BINS / group)
        summary[SUMMARY_HEAD + g * (BLOCK_BINS / group) + lid] = msg[lid];
    }
    /* Messages with fewer bins than blocks: the host sums the blocks. */
  }
}
#endif

/* The linear method's bounds for GRAY16 on GPUs, where no group of
 * make_lut_u16 sees the whole cumulative histogram: one group of 256
 * work-items sums 256 bins each and scans the sums; then, for each bound,
 * the group loads the 256 bins of the range that holds it and scans them,
 * so that no work-item walks a range alone (a walk of 256 dependent L2
 * loads took 26 us on an H100). Stores the low and the high bound to
 * @bounds. */
#if WANT_GPU && WANT_IN16
__kernel void
bounds_u16 (__global const uint * hist, uint a, uint b,
    __global uint * bounds)
{
  __local uint sums[256], bins[256], range[2];
  const uint lid = get_local_id (0);
  uint sum = 0;

  for (uint v = lid * 256; v < lid * 256 + 256; v += 4) {
    const uint4 q = LOAD16 (hist + v);

    sum += q.x + q.y + q.z + q.w;
  }
  sums[lid] = sum;
  barrier (CLK_LOCAL_MEM_FENCE);
  scan_inclusive (sums, lid, 256);
  {
    const uint below = lid ? sums[lid - 1] : 0;

    if (below <= a && sums[lid] > a)
      range[0] = lid;
    if (below < b && sums[lid] >= b)
      range[1] = lid;
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < 2; k++) {
    const uint r = range[k];
    const uint base = r ? sums[r - 1] : 0;
    uint c, before;

    bins[lid] = hist[r * 256 + lid];
    barrier (CLK_LOCAL_MEM_FENCE);
    scan_inclusive (bins, lid, 256);
    c = base + bins[lid];
    before = base + (lid ? bins[lid - 1] : 0);
    if (k == 0 && c > a && before <= a)
      bounds[0] = r * 256 + lid;
    if (k == 1 && c >= b && before < b)
      bounds[1] = r * 256 + lid;
    barrier (CLK_LOCAL_MEM_FENCE);
  }
}
#endif

/* @rows rows of 8 pixels per work-item; @swap converts from and back to
 * the frame's byte order, and the _u8 kernel writes 8-bit output. Also
 * zeroes @next_hist, the next frame's histogram buffer. */
#define APPLY_U16(name, T, STORE)                                            \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint rows, __global T * dst, uint dpitch, uint swap,      \
      __global const ushort * lut, __global const uint * hist, uint total,   \
      __global uint * summary, uint group, __global uint * next_hist,        \
      TABLE_ARGS)                                                            \
  {                                                                          \
    apply_body_u16 (src, pitch, width, height, rows, swap, lut, next_hist,   \
        STORE, dst, dpitch);                                                 \
  }

static inline void
apply_body_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows, uint swap, __global const ushort * lut,
    __global uint * next_hist, uint store8, __global void *dst, uint dpitch)
{
  const uint vpr = (width + 7) / 8;
  const uint x = get_global_id (0);
  const uint y0 = get_global_id (1) * rows;
  const uint y1 = min (y0 + rows, height);
  const size_t n = get_global_size (0) * get_global_size (1);

  for (size_t i = get_global_id (1) * get_global_size (0) + x; i < 65536;
      i += n)
    next_hist[i] = 0;
  if (x >= vpr)
    return;
  for (uint y = y0; y < y1; y++) {
    const ushort8 v =
        swap16 (as_ushort8 (LOAD16 (src + (size_t) y * pitch + x * 8)), swap);
    ushort8 o;

    o.s0 = lut[v.s0]; o.s1 = lut[v.s1]; o.s2 = lut[v.s2]; o.s3 = lut[v.s3];
    o.s4 = lut[v.s4]; o.s5 = lut[v.s5]; o.s6 = lut[v.s6]; o.s7 = lut[v.s7];
    if (store8)
      *(__global uint2 *) ((__global uchar *) dst + (size_t) y * dpitch +
          x * 8) = as_uint2 (convert_uchar8 (o));
    else
      STORE16 ((__global ushort *) dst + (size_t) y * dpitch + x * 8,
          as_uint4 (swap16 (o, swap)));
  }
}

#if WANT_GPU && WANT_U16
APPLY_U16 (apply_u16, ushort, 0)
#endif
#if WANT_GPU && WANT_U16_U8
APPLY_U16 (apply_u16_u8, uchar, 1)
#endif

/* ---- CPU devices: one work-item per band of rows ---- */

/* Four sub-histograms in turn break the chains of increments to one
 * address that a uniform picture makes. Stores partial histogram
 * get_global_id(0) of hist. */
#if WANT_ROWS && WANT_U8
__kernel void
histogram_rows_u8 (__global const uchar * src, uint pitch, uint x0, uint y0,
    uint width, uint height, uint rows_per_group, uint swap, uint param,
    uint packed, __global uint * hist, __local uint * lhist)
{
  uint h[4 * 256];
  const uint ya = get_global_id (0) * rows_per_group;
  const uint yb = min (ya + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 256;

  for (uint i = 0; i < 4 * 256; i++)
    h[i] = 0;
  for (uint y = ya; y < yb; y++) {
    __global const uchar *s = src + (size_t) (y0 + y) * pitch + x0;
    uint x = 0;

    for (; x + 4 <= width; x += 4) {
      const uchar4 v = vload4 (0, s + x);

      h[v.x]++;
      h[256 + v.y]++;
      h[512 + v.z]++;
      h[768 + v.w]++;
    }
    for (; x < width; x++)
      h[s[x]]++;
  }
  for (uint b = 0; b < 256; b++)
    part[b] = h[b] + h[256 + b] + h[512 + b] + h[768 + b];
}
#endif

/* 65536 bins are too many for private memory: they live in the group's
 * local memory, the group being this one work-item. */
#if WANT_ROWS && WANT_IN16
__kernel void
histogram_rows_u16 (__global const ushort * src, uint pitch, uint x0,
    uint y0, uint width, uint height, uint rows_per_group, uint swap,
    uint param, uint packed, __global uint * hist, __local uint * h)
{
  const uint ya = get_global_id (0) * rows_per_group;
  const uint yb = min (ya + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 65536;

  for (uint i = 0; i < 65536; i++)
    h[i] = 0;
  for (uint y = ya; y < yb; y++) {
    __global const ushort *s = src + (size_t) (y0 + y) * pitch + x0;

    if (swap)
      for (uint x = 0; x < width; x++)
        h[rotate (s[x], (ushort) 8)]++;
    else
      for (uint x = 0; x < width; x++)
        h[s[x]]++;
  }
  for (uint b = 0; b < 65536; b++)
    part[b] = h[b];
}
#endif

/* Work-item c of n (a power of two) builds the entries of bins
 * [c * nbins / n, (c + 1) * nbins / n), so that n items share the 65536
 * bins of GRAY16 among the cores; on a CPU this beats a work-group, whose
 * barriers turn into loops over its items. Each first finds the first
 * non-empty bin of the whole histogram (the @parts partial histograms
 * summed), and for the linear method both bounds, then takes two passes
 * over its range: a serial one for the cumulative counts, kept in @cum
 * (nbins words), and one without dependencies from bin to bin, which the
 * compiler vectorizes, for the entries: an empty bin has the count of the
 * bin before it, so the same equalized entry. With @summary, item c stores
 * its range's statistics at @stats + 8 c (as make_lut_u16 does per block)
 * for the host to fold, and the message's bins where they do not span
 * ranges. */
static inline uint
bin_count (__global const uint * hist, uint parts, uint nbins, uint v)
{
  uint h = 0;

  for (uint p = 0; p < parts; p++)
    h += hist[p * nbins + v];
  return h;
}

/* Bins [@start, @start + @width) of the @parts partial histograms summed
 * into @cum; with @summary, their statistics stored at @st (as
 * make_lut_u16 does per block) and the message's bins of @group where they
 * do not span ranges; then @cum made their running sum from @below. Loops
 * apart, so that all but the running sum run on vectors. */
static inline void
range_cumulative (__global const uint * hist, uint parts, uint nbins,
    uint start, uint width, __global uint * cum, uint below,
    __global uint * summary, uint group, __global uint * st)
{
  const uint end = start + width;
  uint first = nbins, last = 0, cdf = below;
  ulong sv = 0, sv2 = 0;

  for (uint v = start; v < end; v++)
    cum[v] = hist[v];
  for (uint p = 1; p < parts; p++)
    for (uint v = start; v < end; v++)
      cum[v] += hist[p * nbins + v];
  if (summary) {
    for (uint v = start; v < end; v++) {
      const uint h = cum[v];

      first = min (first, h ? v : nbins);
      last = max (last, h ? v : 0u);
      sv += (ulong) h * v;
      /* v * v < 2^32 for the 65536 bins. */
      sv2 += (ulong) h * (v * v);
    }
    for (uint g = start; group <= width && g < end; g += group) {
      uint acc = 0;

      for (uint v = g; v < g + group; v++)
        acc += cum[v];
      summary[SUMMARY_HEAD + g / group] = acc;
    }
  }
  for (uint v = start; v < end; v++) {
    cdf += cum[v];
    cum[v] = cdf;
  }
  if (summary) {
    st[0] = cdf - below;
    st[1] = first;
    st[2] = last;
    store_u64 (st + 4, sv);
    store_u64 (st + 6, sv2);
  }
}

/* The equalized entries of bins [@start, @start + @width) from their
 * cumulative counts, in the loop of lut_entry_rhe_f64 that the compiler
 * vectorizes. A @restart frame's loop does not read @state_prev, which
 * clhistogram's summary passes as @state_next too: buffers that may
 * overlap keep a loop scalar. */
#if defined(GST_CL_HAVE_FP64) && WANT_ROWS && WANT_IN16
#define MAKE_LUT_ROWS_F64 1
static inline void
entries_f64 (uint start, uint width, uint h0, ulong den, uint lo, uint span,
    __global const uint * cum, __global void *lut, uint tsize,
    uint id_shift, uint strength, uint smoothing, uint restart,
    __global const uint * state_prev, __global uint * state_next)
{
  const double dden = (double) den, inv = 1.0 / dden, dspan = (double) span;

  for (uint v = start; v < start + width; v++) {
    const uint q = lut_entry_rhe_f64 (cum[v], h0, dden, inv, dspan);
    const uint e = final_entry (lo + q, v, id_shift, strength, smoothing,
        restart, state_prev, state_next, true);

    if (tsize == 1)
      ((__global uchar *) lut)[v] = (uchar) e;
    else
      ((__global ushort *) lut)[v] = (ushort) e;
  }
}

#else
#define MAKE_LUT_ROWS_F64 0
#endif

/* Defined in every build, empty and never called where MAKE_LUT_ROWS_F64
 * is 0 (it keeps the call out), so that MAKE_LUT_ROWS may name it: an
 * empty variadic macro instead does not build on NVIDIA, whose OpenCL C
 * has no variadic macros. */
static inline void
make_lut_range_f64 (uint start, uint width, uint h0, ulong den, uint lo,
    uint span, __global const uint * cum, __global void *lut,
    uint tsize, uint id_shift, uint strength, uint smoothing, uint restart,
    __global const uint * state_prev, __global uint * state_next)
{
#if MAKE_LUT_ROWS_F64
  if (restart)
    entries_f64 (start, width, h0, den, lo, span, cum, lut, tsize, id_shift,
        strength, smoothing, 1, state_prev, state_next);
  else
    entries_f64 (start, width, h0, den, lo, span, cum, lut, tsize, id_shift,
        strength, smoothing, 0, state_prev, state_next);
#endif
}

#define MAKE_LUT_ROWS(S, T, nbins)                                           \
  __kernel void make_lut_rows_##S (__global const uint * hist, uint parts,   \
      uint total, __global T * lut, __global uint * stats,                   \
      __global uint * summary, uint group, __global uint * cum, TABLE_ARGS)  \
  {                                                                          \
    const uint width = nbins / get_global_size (0);                          \
    const uint start = get_global_id (0) * width;                            \
    uint i0 = 0, h0, cdf = 0, below, lv = 0, hv = 0;                         \
    ulong den;                                                               \
    float inv, scale;                                                        \
                                                                             \
    while (i0 + 1 < nbins && bin_count (hist, parts, nbins, i0) == 0)        \
      i0++;                                                                  \
    h0 = bin_count (hist, parts, nbins, i0);                                 \
    den = total - h0;                                                        \
    inv = 1.0f / (float) max (den, (ulong) 1);                               \
    scale = equalize_scale (max (total - h0, 1u));                           \
    if (method == GST_CL_METHOD_LINEAR) {                                    \
      uint c = 0;                                                            \
                                                                             \
      for (uint v = 0; v < nbins; v++) {                                     \
        const uint before = c;                                               \
                                                                             \
        c += bin_count (hist, parts, nbins, v);                              \
        if (c > cut_lo && before <= cut_lo)                                  \
          lv = v;                                                            \
        if (c >= cut_hi && before < cut_hi)                                  \
          hv = v;                                                            \
      }                                                                      \
    }                                                                        \
    for (uint p = 0; p < parts; p++)                                         \
      for (uint v = 0; v < start; v++)                                       \
        cdf += hist[p * nbins + v];                                          \
    below = cdf;                                                             \
    range_cumulative (hist, parts, nbins, start, width, cum, below, summary, \
        group, stats + get_global_id (0) * 8);                               \
    if (MAKE_LUT_ROWS_F64 && method != GST_CL_METHOD_LINEAR &&               \
        h0 != total && span != GST_CL_SPAN_CV) {                             \
      make_lut_range_f64 (start, width, h0, den, lo, span, cum,              \
          (__global void *) lut, sizeof (T), id_shift, strength, smoothing,  \
          restart, state_prev, state_next);                                  \
    } else {                                                                 \
      for (uint v = start; v < start + width; v++) {                         \
        uint e;                                                              \
                                                                             \
        if (method == GST_CL_METHOD_LINEAR)                                  \
          e = linear_entry (v, lv, hv, lo, span, id_shift);                  \
        else if (h0 == total)                                                \
          e = v >> id_shift;                                                 \
        else if (v <= i0)                                                    \
          e = lo;                                                            \
        else if (span == GST_CL_SPAN_CV)                                     \
          e = lut_entry_u8 (cum[v], h0, scale);                              \
        else                                                                 \
          e = lo + lut_entry_rhe (cum[v], h0, den, inv, span);               \
        lut[v] = (T) final_entry (e, v, id_shift, strength, smoothing,       \
            restart, state_prev, state_next, true);                          \
      }                                                                      \
    }                                                                        \
  }

#if WANT_ROWS && WANT_U8
MAKE_LUT_ROWS (u8, uchar, 256)
#endif
#if WANT_ROWS && WANT_IN16
MAKE_LUT_ROWS (u16, ushort, 65536)
#endif

#if WANT_ROWS && WANT_U8
#include "tablelookup.cl"
#endif

#if WANT_ROWS && WANT_U8 && defined(LUT_LANES)
static inline void
map_row_u8 (__global const uchar * s, __global uchar * d, uint width,
    const uchar * table, const lut_bytes * slice)
{
  uint x = 0;

  for (; x + LUT_LANES <= width; x += LUT_LANES)
    *(__global lut_bytes_any *) (d + x) =
        lut_lookup (*(__global const lut_bytes_any *) (s + x), slice);
  for (; x < width; x++)
    d[x] = table[s[x]];
}
#endif

#if WANT_ROWS && WANT_U8
__kernel void
apply_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows, __global uchar * dst, uint dpitch, uint swap,
    __global const uchar * lut, __global const uint * hist, uint total,
    __global uint * summary, uint group, __global uint * next_hist,
    TABLE_ARGS)
{
  uchar table[256];
  const uint y0 = get_global_id (0) * rows;
  const uint y1 = min (y0 + rows, height);
#ifdef LUT_LANES
  lut_bytes slice[16];
#endif

  for (uint i = 0; i < 256; i++)
    table[i] = lut[i];
#ifdef LUT_LANES
  lut_slices (table, slice);
#endif
  for (uint y = y0; y < y1; y++) {
    __global const uchar *s = src + (size_t) y * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;

#ifdef LUT_LANES
    map_row_u8 (s, d, width, table, slice);
#else
    for (uint x = 0; x < width; x++)
      d[x] = table[s[x]];
#endif
  }
}
#endif

#if WANT_ROWS && (WANT_U16 || WANT_U16_U8)
typedef ushort4 lut16_pixels __attribute__ ((aligned (1)));
typedef uchar4 lut16_bytes __attribute__ ((aligned (1)));
/* Four pixels a step: one load and one store of the four, so that the
 * table's loads, not the stores, bound the loop. */
#define LUT16_ROW(s, d, width, lut, V4) do {                                 \
    uint x = 0;                                                              \
                                                                             \
    for (; x + 4 <= width; x += 4) {                                         \
      const lut16_pixels v = *(__global const lut16_pixels *) (s + x);       \
                                                                             \
      *(__global V4 *) (d + x) = CONVERT_##V4 ((ushort4) (lut[v.s0],         \
          lut[v.s1], lut[v.s2], lut[v.s3]));                                 \
    }                                                                        \
    for (; x < width; x++)                                                   \
      d[x] = lut[s[x]];                                                      \
  } while (0)
#define CONVERT_lut16_pixels(v) (v)
#define CONVERT_lut16_bytes(v) convert_uchar4 (v)
#endif

/* GRAY16 in, @T of the table's values out; @swap converts from the
 * frame's byte order, and for 16-bit output back. */
#define APPLY_ROWS_U16(name, T, SWAP_OUT, V4)                                \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint rows, __global T * dst, uint dpitch, uint swap,      \
      __global const ushort * lut, __global const uint * hist, uint total,   \
      __global uint * summary, uint group, __global uint * next_hist,        \
      TABLE_ARGS)                                                            \
  {                                                                          \
    const uint ya = get_global_id (0) * rows;                                \
    const uint yb = min (ya + rows, height);                                 \
                                                                             \
    for (uint y = ya; y < yb; y++) {                                         \
      __global const ushort *s = src + (size_t) y * pitch;                   \
      __global T *d = dst + (size_t) y * dpitch;                             \
                                                                             \
      if (swap)                                                              \
        for (uint x = 0; x < width; x++)                                     \
          d[x] = SWAP_OUT (lut[rotate (s[x], (ushort) 8)]);                  \
      else                                                                   \
        LUT16_ROW (s, d, width, lut, V4);                                    \
    }                                                                        \
  }

#define SWAP_BACK(v) rotate ((ushort) (v), (ushort) 8)
#define KEEP(v) ((uchar) (v))
#if WANT_ROWS && WANT_U16
APPLY_ROWS_U16 (apply_rows_u16, ushort, SWAP_BACK, lut16_pixels)
#endif
#if WANT_ROWS && WANT_U16_U8
APPLY_ROWS_U16 (apply_rows_u16_u8, uchar, KEEP, lut16_bytes)
#endif

/* ---- table-from=previous on CPU devices: one pass ---- */

/* The map_count_* kernels (their arguments at the top; those after lhist
 * are map_count_u8's): the whole frame of @width x @height mapped through
 * @lut (the
 * previous frame's table), and with @count its pixels inside the region
 * (@x0, @y0, @rw x @rh) counted, each band of @rows_per_group rows storing
 * its partial histogram get_global_id(0) of @hist as the histogram_rows_*
 * kernels do. Each row is counted and then mapped while it is in the
 * core's cache (the frame may be its own output): the frame travels from
 * memory once and back once. */
#if WANT_ROWS && WANT_U8
__kernel void
map_count_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows_per_group, __global uchar * dst, uint dpitch,
    uint swap, __global uchar * lut, uint x0, uint y0, uint rw, uint rh,
    uint count, __global uint * hist, __local uint * lhist, uint total,
    __global uint * summary, uint group, __global uint * finished,
    TABLE_ARGS)
{
  uint h[4 * 256];
  uchar table[256];
  const uint ya = get_global_id (0) * rows_per_group;
  const uint yb = min (ya + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 256;
#ifdef LUT_LANES
  lut_bytes slice[16];
#endif

  for (uint i = 0; i < 4 * 256; i++)
    h[i] = 0;
  for (uint i = 0; i < 256; i++)
    table[i] = lut[i];
#ifdef LUT_LANES
  lut_slices (table, slice);
#endif
  for (uint y = ya; y < yb; y++) {
    __global const uchar *s = src + (size_t) y * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;

    if (count && y >= y0 && y < y0 + rh) {
      __global const uchar *c = s + x0;
      uint x = 0;

      for (; x + 4 <= rw; x += 4) {
        const uchar4 v = vload4 (0, c + x);

        h[v.x]++;
        h[256 + v.y]++;
        h[512 + v.z]++;
        h[768 + v.w]++;
      }
      for (; x < rw; x++)
        h[c[x]]++;
    }
#ifdef LUT_LANES
    map_row_u8 (s, d, width, table, slice);
#else
    for (uint x = 0; x < width; x++)
      d[x] = table[s[x]];
#endif
  }
  if (count)
    for (uint b = 0; b < 256; b++)
      part[b] = h[b] + h[256 + b] + h[512 + b] + h[768 + b];
}
#endif

/* 65536 bins live in the group's local memory, the group being this one
 * work-item, as in histogram_rows_u16. */
#define MAP_COUNT_ROWS_U16(name, T, SWAP_OUT)                                \
  __kernel void name (__global const ushort * src, uint pitch, uint width,   \
      uint height, uint rows_per_group, __global T * dst, uint dpitch,       \
      uint swap, __global ushort * lut, uint x0, uint y0, uint rw, uint rh,  \
      uint count, __global uint * hist, __local uint * h, uint total,        \
      __global uint * summary, uint group, __global uint * finished,         \
      TABLE_ARGS)                                                            \
  {                                                                          \
    const uint ya = get_global_id (0) * rows_per_group;                      \
    const uint yb = min (ya + rows_per_group, height);                       \
    __global uint *part = hist + get_global_id (0) * 65536;                  \
                                                                             \
    for (uint i = 0; i < 65536; i++)                                         \
      h[i] = 0;                                                              \
    for (uint y = ya; y < yb; y++) {                                         \
      __global const ushort *s = src + (size_t) y * pitch;                   \
      __global T *d = dst + (size_t) y * dpitch;                             \
                                                                             \
      if (count && y >= y0 && y < y0 + rh) {                                 \
        if (swap)                                                            \
          for (uint x = x0; x < x0 + rw; x++)                                \
            h[rotate (s[x], (ushort) 8)]++;                                  \
        else                                                                 \
          for (uint x = x0; x < x0 + rw; x++)                                \
            h[s[x]]++;                                                       \
      }                                                                      \
      if (swap)                                                              \
        for (uint x = 0; x < width; x++)                                     \
          d[x] = SWAP_OUT (lut[rotate (s[x], (ushort) 8)]);                  \
      else                                                                   \
        for (uint x = 0; x < width; x++)                                     \
          d[x] = lut[s[x]];                                                  \
    }                                                                        \
    if (count)                                                               \
      for (uint b = 0; b < 65536; b++)                                       \
        part[b] = h[b];                                                      \
  }

#if WANT_ROWS && WANT_U16
MAP_COUNT_ROWS_U16 (map_count_rows_u16, ushort, SWAP_BACK)
#endif
#if WANT_ROWS && WANT_U16_U8
MAP_COUNT_ROWS_U16 (map_count_rows_u16_u8, uchar, KEEP)
#endif
