/* gst-clfilter: histogram equalization kernels for clhistequalize.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Per frame: histogram -> make_lut -> apply. Planes are row-aligned to 64
 * bytes with padding the host never reads back, so a vector may run past
 * the last pixel of a row: the histogram must not count those lanes, the
 * table lookup may process them.
 *
 * GPUs run many work-items per group on local histograms merged with
 * atomics into one global histogram; CPU devices run one work-item per band
 * of rows (the *_rows_* kernels) with a private histogram that it stores,
 * without atomics, as one of @parts partial histograms that make_lut sums.
 *
 * Build-time defines (see gstclcontext.c):
 *   GST_CL_EXACT_DIV   float division is correctly rounded
 *   GST_CL_FP64_DIV    get a correctly rounded float quotient through double
 */

#ifdef GST_CL_FP64_DIV
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define COUNT(h, i) atomic_inc (&(h)[i])

static inline ushort8
swap16 (ushort8 v, uint swap)
{
  return swap ? rotate (v, (ushort8) 8) : v;
}

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

/* One group counts a band of @rows_per_group rows, 16 pixels per load. */
__kernel void
histogram_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows_per_group, uint copies, __global uint * hist,
    __local uint * lhist)
{
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint row0 = get_group_id (0) * rows_per_group;
  const uint rows = min (rows_per_group, height - row0);
  const uint vpr = (width + 15) / 16;
  __local uint *mine = lhist + (lid & (copies - 1));

  local_hist_clear (lhist, 256 * copies);
  for (uint i = lid; i < rows * vpr; i += lsz) {
    const uint r = i / vpr;
    const uint x = (i - r * vpr) * 16;
    const uchar16 v = vload16 (0, src + (size_t) (row0 + r) * pitch + x);
    const uchar p[16] = { v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7,
      v.s8, v.s9, v.sa, v.sb, v.sc, v.sd, v.se, v.sf
    };
    const uint n = min (16u, width - x);

    for (uint k = 0; k < n; k++)
      COUNT (mine, p[k] * copies);
  }
  local_hist_merge (lhist, 256, copies, hist);
}

/* Like histogram_u8, for the slice of bins [slice * nbins, +nbins) that
 * dimension 1 selects: 65536 bins rarely fit in local memory at once. */
__kernel void
histogram_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows_per_group, uint swap, uint nbins,
    __global uint * hist, __local uint * lhist)
{
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint row0 = get_group_id (0) * rows_per_group;
  const uint rows = min (rows_per_group, height - row0);
  const uint vpr = (width + 7) / 8;
  const uint base = get_global_id (1) * nbins;

  local_hist_clear (lhist, nbins);
  for (uint i = lid; i < rows * vpr; i += lsz) {
    const uint r = i / vpr;
    const uint x = (i - r * vpr) * 8;
    const ushort8 v =
        swap16 (vload8 (0, src + (size_t) (row0 + r) * pitch + x), swap);
    const ushort p[8] = { v.s0, v.s1, v.s2, v.s3, v.s4, v.s5, v.s6, v.s7 };
    const uint n = min (8u, width - x);

    for (uint k = 0; k < n; k++) {
      const uint b = (uint) p[k] - base;

      if (b < nbins)
        COUNT (lhist, b);
    }
  }
  local_hist_merge (lhist, nbins, 1, hist + base);
}

/* For a single work-group whose items own @chunk bins each: sums the
 * @parts partial histograms into the first, then finds the first non-empty
 * bin and each work-item's exclusive prefix of the histogram. */
static inline uint
scan_histogram (__global uint * hist, uint nbins, uint parts, uint chunk,
    __local uint * scratch, __local uint * first, uint * prefix)
{
  const uint lid = get_local_id (0);
  const uint b0 = lid * chunk;
  uint sum = 0, mine = UINT_MAX;

  if (lid == 0)
    *first = UINT_MAX;
  for (uint k = 0; k < chunk; k++) {
    uint h = hist[b0 + k];

    for (uint p = 1; p < parts; p++)
      h += hist[p * nbins + b0 + k];
    if (parts > 1)
      hist[b0 + k] = h;
    if (h && mine == UINT_MAX)
      mine = b0 + k;
    sum += h;
  }
  scratch[lid] = sum;
  barrier (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (mine != UINT_MAX)
    atomic_min (first, mine);
  /* Inclusive scan of the work-items' sums (Hillis-Steele: log2 steps of
   * the whole group rather than one work-item's serial loop). */
  for (uint off = 1; off < get_local_size (0); off *= 2) {
    const uint t = lid >= off ? scratch[lid - off] : 0;

    barrier (CLK_LOCAL_MEM_FENCE);
    scratch[lid] += t;
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  *prefix = scratch[lid] - sum;
  return *first;
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

/* cv::equalizeHist's table, bit for bit: float32 scale and multiply, round
 * half to even. One work-group. */
__kernel void
make_lut_u8 (__global uint * hist, uint parts, uint total,
    __global uchar * lut, __local uint * scratch)
{
  __local uint first;
  const uint chunk = 256 / get_local_size (0);
  uint cdf;
  const uint i0 =
      scan_histogram (hist, 256, parts, chunk, scratch, &first, &cdf);
  const uint h0 = hist[i0];
  const float scale = equalize_scale (total - h0);

  for (uint k = 0, v = get_local_id (0) * chunk; k < chunk; k++, v++) {
    cdf += hist[v];
    if (h0 == total)
      lut[v] = v;
    else if (v <= i0)
      lut[v] = 0;
    else
      lut[v] = (uchar) clamp (rint ((float) (cdf - h0) * scale), 0.0f,
          255.0f);
  }
}

/* Exact integer rounding, half to even, of
 * (cdf - cdf_min) * 65535 / (total - cdf_min). One work-group. */
__kernel void
make_lut_u16 (__global uint * hist, uint parts, uint total,
    __global ushort * lut, __local uint * scratch)
{
  __local uint first;
  const uint chunk = 65536 / get_local_size (0);
  uint cdf;
  const uint i0 =
      scan_histogram (hist, 65536, parts, chunk, scratch, &first, &cdf);
  const uint h0 = hist[i0];
  const ulong den = total - h0;
  ushort q = 0;

  for (uint k = 0, v = get_local_id (0) * chunk; k < chunk; k++, v++) {
    const uint h = hist[v];

    cdf += h;
    if (h0 == total) {
      q = v;
    } else if (v <= i0) {
      q = 0;
    } else if (h || k == 0) {
      /* An empty bin repeats the previous entry: divide only when the
       * cumulative count moved, which real data makes rare. */
      const ulong num = (ulong) (cdf - h0) * 65535u;
      ulong d = num / den;
      const ulong r2 = 2 * (num - d * den);

      if (r2 > den || (r2 == den && (d & 1)))
        d++;
      q = (ushort) d;
    }
    lut[v] = q;
  }
}

/* 16 pixels per work-item; dimension 1 is the row. */
__kernel void
apply_u8 (__global const uchar * src, uint pitch, uint vpr, uint height,
    __global const uchar * lut, __global uchar * dst, uint dpitch)
{
  __local uchar table[256];
  const uint x = get_global_id (0);
  const uint y = get_global_id (1);
  const uint lsz = get_local_size (0) * get_local_size (1);

  for (uint i = get_local_id (1) * get_local_size (0) + get_local_id (0);
      i < 256; i += lsz)
    table[i] = lut[i];
  barrier (CLK_LOCAL_MEM_FENCE);
  if (x >= vpr || y >= height)
    return;

  {
    const uchar16 v = vload16 (x, src + (size_t) y * pitch);
    uchar16 o;

    o.s0 = table[v.s0]; o.s1 = table[v.s1]; o.s2 = table[v.s2];
    o.s3 = table[v.s3]; o.s4 = table[v.s4]; o.s5 = table[v.s5];
    o.s6 = table[v.s6]; o.s7 = table[v.s7]; o.s8 = table[v.s8];
    o.s9 = table[v.s9]; o.sa = table[v.sa]; o.sb = table[v.sb];
    o.sc = table[v.sc]; o.sd = table[v.sd]; o.se = table[v.se];
    o.sf = table[v.sf];
    vstore16 (o, x, dst + (size_t) y * dpitch);
  }
}

/* 8 pixels per work-item; @swap converts from and back to the frame's
 * byte order. */
__kernel void
apply_u16 (__global const ushort * src, uint pitch, uint vpr, uint height,
    __global const ushort * lut, __global ushort * dst, uint dpitch, uint swap)
{
  const uint x = get_global_id (0);
  const uint y = get_global_id (1);

  if (x >= vpr || y >= height)
    return;

  {
    const ushort8 v = swap16 (vload8 (x, src + (size_t) y * pitch), swap);
    ushort8 o;

    o.s0 = lut[v.s0]; o.s1 = lut[v.s1]; o.s2 = lut[v.s2]; o.s3 = lut[v.s3];
    o.s4 = lut[v.s4]; o.s5 = lut[v.s5]; o.s6 = lut[v.s6]; o.s7 = lut[v.s7];
    vstore8 (swap16 (o, swap), x, dst + (size_t) y * dpitch);
  }
}

/* ---- CPU devices: one work-item per band of rows ---- */

/* Four sub-histograms in turn break the chains of increments to one
 * address that a uniform picture makes. Stores partial histogram
 * get_global_id(0) of hist. */
__kernel void
histogram_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows_per_group, __global uint * hist)
{
  uint h[4 * 256];
  const uint y0 = get_global_id (0) * rows_per_group;
  const uint y1 = min (y0 + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 256;

  for (uint i = 0; i < 4 * 256; i++)
    h[i] = 0;
  for (uint y = y0; y < y1; y++) {
    __global const uchar *s = src + (size_t) y * pitch;
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

/* 65536 bins are too many for private memory: they live in the group's
 * local memory, the group being this one work-item. */
__kernel void
histogram_rows_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows_per_group, uint swap, __global uint * hist,
    __local uint * h)
{
  const uint y0 = get_global_id (0) * rows_per_group;
  const uint y1 = min (y0 + rows_per_group, height);
  __global uint *part = hist + get_global_id (0) * 65536;

  for (uint i = 0; i < 65536; i++)
    h[i] = 0;
  for (uint y = y0; y < y1; y++) {
    __global const ushort *s = src + (size_t) y * pitch;

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

__kernel void
apply_rows_u8 (__global const uchar * src, uint pitch, uint width,
    uint height, uint rows, __global const uchar * lut,
    __global uchar * dst, uint dpitch)
{
  uchar table[256];
  const uint y0 = get_global_id (0) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint i = 0; i < 256; i++)
    table[i] = lut[i];
  for (uint y = y0; y < y1; y++) {
    __global const uchar *s = src + (size_t) y * pitch;
    __global uchar *d = dst + (size_t) y * dpitch;

    for (uint x = 0; x < width; x++)
      d[x] = table[s[x]];
  }
}

__kernel void
apply_rows_u16 (__global const ushort * src, uint pitch, uint width,
    uint height, uint rows, __global const ushort * lut,
    __global ushort * dst, uint dpitch, uint swap)
{
  const uint y0 = get_global_id (0) * rows;
  const uint y1 = min (y0 + rows, height);

  for (uint y = y0; y < y1; y++) {
    __global const ushort *s = src + (size_t) y * pitch;
    __global ushort *d = dst + (size_t) y * dpitch;

    if (swap)
      for (uint x = 0; x < width; x++)
        d[x] = rotate (lut[rotate (s[x], (ushort) 8)], (ushort) 8);
    else
      for (uint x = 0; x < width; x++)
        d[x] = lut[s[x]];
  }
}
