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
 * ref_clahe on a raw frame, for tests/clahe-opencv.py, which checks the
 * reference itself against OpenCV's cv2.createCLAHE.
 *
 * usage: refclahe IN OUT WIDTH HEIGHT BITS CLIP TILES_X TILES_Y
 * IN and OUT hold WIDTH x HEIGHT samples, rows packed, one byte each for
 * BITS 8, two little-endian bytes for 10, 12 and 16: the values, over
 * whose 2^BITS bins the tables are made.
 */
#include <stdio.h>
#include <stdlib.h>

#include "clreference.h"

int
main (int argc, char **argv)
{
  RefClaheParams p;
  TestFrame *in, *out;
  gchar *data = NULL;
  gsize len = 0;
  guint width, height, bits, bps;
  const guint8 *s;
  guint8 *result;
  GError *error = NULL;

  if (argc != 9) {
    fprintf (stderr,
        "usage: %s IN OUT WIDTH HEIGHT BITS CLIP TILES_X TILES_Y\n", argv[0]);
    return 2;
  }
  gst_init (NULL, NULL);
  width = atoi (argv[3]);
  height = atoi (argv[4]);
  bits = atoi (argv[5]);
  bps = bits == 8 ? 1 : 2;
  ref_clahe_params_init (&p);
  p.bits = bits;
  p.clip_limit = g_ascii_strtod (argv[6], NULL);
  p.tiles_x = atoi (argv[7]);
  p.tiles_y = atoi (argv[8]);
  if (!g_file_get_contents (argv[1], &data, &len, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  s = (const guint8 *)data;
  in = test_frame_new (bits == 8 ? GST_VIDEO_FORMAT_GRAY8
                                 : GST_VIDEO_FORMAT_GRAY16_LE,
      width, height, 0);
  if (len != (gsize)width * height * bps) {
    fprintf (stderr, "%s: %" G_GSIZE_FORMAT " bytes, expected %u\n", argv[1],
        len, width * height * bps);
    return 1;
  }
  for (guint i = 0; i < width * height; i++)
    test_frame_set (in, i % width, i / width,
        bps == 1 ? s[i] : s[2 * i] | s[2 * i + 1] << 8);
  out = ref_clahe (in, &p, NULL);
  result = g_malloc (len);
  for (guint i = 0; i < width * height; i++) {
    const guint v = test_frame_get (out, i % width, i / width);

    if (bps == 1) {
      result[i] = v;
    } else {
      result[2 * i] = v & 255;
      result[2 * i + 1] = v >> 8;
    }
  }
  if (!g_file_set_contents (argv[2], (const gchar *)result, len, &error)) {
    fprintf (stderr, "%s\n", error->message);
    return 1;
  }
  test_frame_free (in);
  test_frame_free (out);
  g_free (result);
  g_free (data);
  return 0;
}
