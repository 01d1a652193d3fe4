/* gst-clfilter: a 256-entry table of bytes looked up a vector of bytes
 * at a time on x86 CPUs.
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
 * A program that needs these says #include "tablelookup.cl". PoCL
 * compiles for its host with clang, which defines the CPU's features and
 * offers its byte shuffle. The table is cut into 16 slices of 16 entries;
 * each slice is looked up by one shuffle of the bytes' low nibbles and kept
 * where the high nibble names it, two instructions per slice for LUT_LANES
 * bytes, where a scalar lookup costs a load and a store per byte.
 * GST_CL_LUT_AVX2 takes the 32-byte shuffle where the 64-byte one exists
 * too, GST_CL_LUT_SCALAR neither (the tests build all three); LUT_LANES is
 * not defined where there is no shuffle.
 */

#if defined(__has_builtin) && !defined(GST_CL_LUT_SCALAR)
#if defined(__AVX512BW__) && !defined(GST_CL_LUT_AVX2) && \
    __has_builtin(__builtin_ia32_pshufb512)
#define LUT_LANES 64
#define LUT_SHUFFLE __builtin_ia32_pshufb512
#elif defined(__AVX2__) && __has_builtin(__builtin_ia32_pshufb256)
#define LUT_LANES 32
#define LUT_SHUFFLE __builtin_ia32_pshufb256
#endif
#endif

#ifdef LUT_LANES
typedef char lut_bytes __attribute__ ((ext_vector_type (LUT_LANES)));
typedef uchar lut_ubytes __attribute__ ((ext_vector_type (LUT_LANES)));
/* Rows of frames in host memory start at any address. */
typedef lut_bytes lut_bytes_any __attribute__ ((aligned (1)));

/* The shuffle looks up within each 16-byte lane: every lane of @slice[k]
 * holds entries 16 k to 16 k + 15 of @table. */
static inline void
lut_slices (const uchar * table, lut_bytes * slice)
{
  for (uint k = 0; k < 16; k++)
    for (uint i = 0; i < LUT_LANES; i++)
      slice[k][i] = (char) table[k * 16 + (i & 15)];
}

/* The table's entries at the bytes of @v. */
static inline lut_bytes
lut_lookup (lut_bytes v, const lut_bytes * slice)
{
  const lut_bytes low = v & (char) 15;
  const lut_ubytes high = __builtin_astype (v, lut_ubytes) >> (uchar) 4;
  lut_bytes r = 0;

  /* Unrolled, the slices stay in registers: a loop reloaded them. */
#pragma unroll
  for (uint k = 0; k < 16; k++)
    r = high == (uchar) k ? LUT_SHUFFLE (slice[k], low) : r;
  return r;
}
#endif
