/* gst-clfilter
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
 */
/* Compares two files of raw video frames in GStreamer's default layout
 * (what filesink writes after videotestsrc or videoflip) pixel by pixel:
 * the bytes of the rows' padding are whatever the buffer pool's memory
 * held, so they are left out. Prints where the first difference is and
 * how many frames differ; exit status 0 when every frame's pixels are
 * equal, 1 when they differ or the files are not whole frames.
 * usage: frame-cmp FORMAT WIDTH HEIGHT A B */
#include <stdio.h>
#include <string.h>

#include "cltestutils.h"

int
main (int argc, char **argv)
{
  gchar *a = NULL, *b = NULL;
  gsize len_a = 0, len_b = 0;
  guint frames_differ = 0;
  GstVideoFormat format;
  GstVideoInfo info;

  gst_init (NULL, NULL);
  if (argc != 6) {
    fprintf (stderr, "usage: frame-cmp FORMAT WIDTH HEIGHT A B\n");
    return 2;
  }
  format = gst_video_format_from_string (argv[1]);
  if (format == GST_VIDEO_FORMAT_UNKNOWN ||
      !gst_video_info_set_format (&info, format, atoi (argv[2]),
          atoi (argv[3])) ||
      !g_file_get_contents (argv[4], &a, &len_a, NULL) ||
      !g_file_get_contents (argv[5], &b, &len_b, NULL)) {
    fprintf (stderr, "frame-cmp: bad format, size or file\n");
    return 2;
  }
  if (len_a != len_b || len_a == 0 || len_a % info.size != 0) {
    printf ("%" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT
            " bytes are not the same whole frames of %" G_GSIZE_FORMAT "\n",
        len_a, len_b, info.size);
    return 1;
  }
  for (gsize f = 0; f < len_a / info.size; f++) {
    gboolean differ = FALSE;

    for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (&info); p++) {
      const gsize row = test_format_row_bytes (format, info.width, p);

      for (guint y = 0; y < test_format_plane_height (format, info.height, p);
           y++) {
        const gsize at = f * info.size +
                         GST_VIDEO_INFO_PLANE_OFFSET (&info, p) +
                         (gsize)y * GST_VIDEO_INFO_PLANE_STRIDE (&info, p);

        if (memcmp (a + at, b + at, row) != 0) {
          if (frames_differ == 0)
            printf ("first difference: frame %" G_GSIZE_FORMAT
                    ", plane %u, row %u\n",
                f, p, y);
          differ = TRUE;
          break;
        }
      }
    }
    frames_differ += differ;
  }
  if (frames_differ)
    printf ("%u of %" G_GSIZE_FORMAT " frames differ\n", frames_differ,
        len_a / info.size);
  g_free (a);
  g_free (b);
  return frames_differ ? 1 : 0;
}
