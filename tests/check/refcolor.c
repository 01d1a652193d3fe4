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
 * The colour references on raw pixels, for tests/color-opencv.py, which
 * checks them against OpenCV's cv2.cvtColor.
 *
 * usage: refcolor CONVERSION < IN > OUT
 * CONVERSION is rgb2ycrcb, ycrcb2rgb, rgb2lab, lab2rgb or rgb2gray. IN
 * holds pixels of three bytes, in the order the conversion's input names
 * its channels; OUT three bytes a pixel in its output's order, one for
 * rgb2gray.
 */
#include <stdio.h>
#include <string.h>

#include "colorreference.h"

typedef void (*Convert3) (guint8, guint8, guint8, guint8 *, guint8 *, guint8 *);

static void
gray (guint8 r, guint8 g, guint8 b, guint8 *v, guint8 *unused1, guint8 *unused2)
{
  *v = ref_rgb_to_gray (r, g, b);
}

int
main (int argc, char **argv)
{
  static const struct {
    const char *name;
    Convert3 convert;
    size_t out_bytes;
  } conversions[] = {
    { "rgb2ycrcb", ref_rgb_to_ycrcb, 3 },
    { "ycrcb2rgb", ref_ycrcb_to_rgb, 3 },
    { "rgb2lab", ref_rgb_to_lab, 3 },
    { "lab2rgb", ref_lab_to_rgb, 3 },
    { "rgb2gray", gray, 1 },
  };
  const size_t block = 3 << 16;
  guint8 *in = g_malloc (block), *out = g_malloc (block);
  size_t n;
  guint c;

  for (c = 0; c < G_N_ELEMENTS (conversions); c++)
    if (argc == 2 && strcmp (argv[1], conversions[c].name) == 0)
      break;
  if (c == G_N_ELEMENTS (conversions)) {
    fprintf (stderr,
        "usage: %s rgb2ycrcb|ycrcb2rgb|rgb2lab|lab2rgb|rgb2gray < IN > OUT\n",
        argv[0]);
    return 2;
  }
  while ((n = fread (in, 1, block, stdin)) > 0) {
    size_t o = 0;

    if (n % 3 != 0) {
      fprintf (stderr, "%s: input is not whole pixels\n", argv[0]);
      return 1;
    }
    for (size_t i = 0; i < n; i += 3, o += conversions[c].out_bytes) {
      guint8 p[3];

      conversions[c].convert (in[i], in[i + 1], in[i + 2], &p[0], &p[1], &p[2]);
      memcpy (&out[o], p, conversions[c].out_bytes);
    }
    if (fwrite (out, 1, o, stdout) != o) {
      fprintf (stderr, "%s: could not write\n", argv[0]);
      return 1;
    }
  }
  g_free (in);
  g_free (out);
  return 0;
}
