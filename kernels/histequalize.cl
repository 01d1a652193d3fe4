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

/* The frame's summary for the histogram message, so that the host reads
 * back SUMMARY_HEAD + num-bins words instead of the whole histogram:
 *   [0] min, [1] max, [2..3] sum of v, [4..5] sum of v^2 (64-bit, low word
 *   first), [SUMMARY_HEAD + i] bins summed down by @group (a power of two).
 * v^2 * count stays below 2^64 for frames of up to 2^32 pixels. */
#define SUMMARY_HEAD 8

static inline void
store_u64 (__global uint * p, ulong v)
{
  p[0] = (uint) v;
  p[1] = (uint) (v >> 32);
}

/* Work-group version: each work-item owns @chunk bins from lid * chunk;
 * @red and @msg are local scratch of one entry per work-item. */
static inline void
summarize_histogram (__global const uint * hist, uint chunk, uint group,
    uint i0, __global uint * summary, __local ulong * red,
    __local uint * msg, __local uint * maxv)
{
  const uint lid = get_local_id (0);
  const uint lsz = get_local_size (0);
  const uint b0 = lid * chunk;
  ulong sv = 0, sv2 = 0;
  uint acc = 0, last = 0;

  if (lid == 0)
    *maxv = 0;
  msg[lid] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint k = 0, v = b0; k < chunk; k++, v++) {
    const uint h = hist[v];

    if (h)
      last = v;
    sv += (ulong) h * v;
    sv2 += (ulong) h * v * v;
    acc += h;
    /* Message bins inside the chunk are this work-item's alone. */
    if (group <= chunk && ((v + 1) & (group - 1)) == 0) {
      summary[SUMMARY_HEAD + v / group] = acc;
      acc = 0;
    }
  }
  /* Larger message bins span several work-items' chunks. */
  if (group > chunk)
    atomic_add (&msg[b0 / group], acc);
  atomic_max (maxv, last);
  for (uint i = 0; i < 2; i++) {
    red[lid] = i ? sv2 : sv;
    barrier (CLK_LOCAL_MEM_FENCE);
    for (uint off = lsz / 2; off > 0; off /= 2) {
      if (lid < off)
        red[lid] += red[lid + off];
      barrier (CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
      store_u64 (summary + 2 + 2 * i, red[0]);
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  if (group > chunk && lid < lsz * chunk / group)
    summary[SUMMARY_HEAD + lid] = msg[lid];
  if (lid == 0) {
    summary[0] = i0;
    summary[1] = *maxv;
  }
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
 * (cdf - cdf_min) * 65535 / (total - cdf_min). */
static inline ushort
lut_entry_u16 (uint cdf, uint h0, ulong den)
{
  const ulong num = (ulong) (cdf - h0) * 65535u;
  ulong d = num / den;
  const ulong r2 = 2 * (num - d * den);

  if (r2 > den || (r2 == den && (d & 1)))
    d++;
  return (ushort) d;
}

/* One work-group. */
__kernel void
make_lut_u8 (__global uint * hist, uint parts, uint total,
    __global uchar * lut, __global uint * summary, uint group,
    __local uint * scratch, __local ulong * red)
{
  __local uint first, maxv;
  const uint chunk = 256 / get_local_size (0);
  uint cdf;
  const uint i0 =
      scan_histogram (hist, 256, parts, chunk, scratch, &first, &cdf);
  const uint h0 = hist[i0];
  const float scale = equalize_scale (total - h0);

  for (uint k = 0, v = get_local_id (0) * chunk; k < chunk; k++, v++) {
    cdf += hist[v];
    lut[v] = h0 == total ? v : v <= i0 ? 0 : lut_entry_u8 (cdf, h0, scale);
  }
  if (summary)
    summarize_histogram (hist, chunk, group, i0, summary, red, scratch, &maxv);
}

/* One work-group. An empty bin repeats the previous entry: it divides only
 * where the cumulative count moved, which real data makes rare. */
__kernel void
make_lut_u16 (__global uint * hist, uint parts, uint total,
    __global ushort * lut, __global uint * summary, uint group,
    __local uint * scratch, __local ulong * red)
{
  __local uint first, maxv;
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
    if (h0 == total)
      q = v;
    else if (v <= i0)
      q = 0;
    else if (h || k == 0)
      q = lut_entry_u16 (cdf, h0, den);
    lut[v] = q;
  }
  if (summary)
    summarize_histogram (hist, chunk, group, i0, summary, red, scratch, &maxv);
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

/* One work-item, one pass: sums the @parts partial histograms and builds
 * the table and the summary as it goes (bins below the first non-empty one
 * map to 0, and that bin gives h0), which on a CPU beats a work-group whose
 * barriers turn into loops over its items. */
#define MAKE_LUT_ROWS(T, nbins, ENTRY, SETUP)                                \
  __kernel void make_lut_rows_##T (__global const uint * hist, uint parts,   \
      uint total, __global T * lut, __global uint * summary, uint group)     \
  {                                                                          \
    uint i0 = nbins, last = 0, cdf = 0, h0 = 0, acc = 0;                     \
    ulong sv = 0, sv2 = 0;                                                   \
    T q = 0;                                                                 \
    SETUP;                                                                   \
                                                                             \
    for (uint v = 0; v < nbins; v++) {                                       \
      uint h = hist[v];                                                      \
                                                                             \
      for (uint p = 1; p < parts; p++)                                       \
        h += hist[p * nbins + v];                                            \
      cdf += h;                                                              \
      if (h) {                                                               \
        if (i0 == nbins) {                                                   \
          i0 = v;                                                            \
          h0 = h;                                                            \
          INIT;                                                              \
        } else if (h0 != total) {                                            \
          q = ENTRY;                                                         \
        }                                                                    \
        last = v;                                                            \
        sv += (ulong) h * v;                                                 \
        sv2 += (ulong) h * v * v;                                            \
      }                                                                      \
      /* A constant frame is passed unchanged. */                            \
      lut[v] = h0 == total ? (T) v : q;                                      \
      acc += h;                                                              \
      if (summary && ((v + 1) & (group - 1)) == 0) {                         \
        summary[SUMMARY_HEAD + v / group] = acc;                             \
        acc = 0;                                                             \
      }                                                                      \
    }                                                                        \
    if (summary) {                                                           \
      summary[0] = i0;                                                       \
      summary[1] = last;                                                     \
      store_u64 (summary + 2, sv);                                           \
      store_u64 (summary + 4, sv2);                                          \
    }                                                                        \
  }

#define INIT scale = equalize_scale (total - h0)
MAKE_LUT_ROWS (uchar, 256, lut_entry_u8 (cdf, h0, scale), float scale = 0)
#undef INIT
#define INIT den = total - h0
MAKE_LUT_ROWS (ushort, 65536, lut_entry_u16 (cdf, h0, den), ulong den = 1)
#undef INIT

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
