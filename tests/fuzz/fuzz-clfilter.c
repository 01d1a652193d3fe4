/* gst-clfilter: libFuzzer target over frame sizes, strides and contents
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
 * Built by clang with -fsanitize=fuzzer,address together with the plugin's
 * sources (registered statically), so that coverage guides the fuzzer
 * through the element code too. Each input is a frame for one element:
 *
 *   byte 0  bit 0: element (clhistequalize, clsobel); bits 1-2: format
 *           (GRAY8, GRAY16_LE, GRAY16_BE); bits 3-4: clsobel mode;
 *           bits 5-6: stride (packed, default, padded by byte 3, padded
 *           odd); bit 7: the buffer is byte 3 + 1 bytes short
 *   byte 1  width - 1, byte 2 height - 1 (the bytes of byte 5 add 256
 *           to each)
 *   byte 3  padding, or how much is missing
 *   byte 4  clsobel scale (index) and threshold
 *   byte 5  bit 0: width + 256, bit 1: height + 256
 *   rest    pixel values, repeated over the frame
 *
 * A frame that fits must come out equal to the C reference; one that is
 * short must be refused with GST_FLOW_ERROR. Anything else traps.
 */
#include <gst/gst.h>
#include <gst/check/gstharness.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"

void gst_plugin_clfilter_register (void);

static GstHarness *harness[2];
static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };
static const double scales[] = { 1.0, 0.25, 0.5, 2.0, 1.0 / 3, 0.0, 4.5,
  65535.0 };

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Says what failed, then traps: libFuzzer saves the input as crash-*. */
static void
die (const TestFrame *in, const gchar *why)
{
  if (in)
    g_printerr ("fuzz: %s %ux%u stride %" G_GSIZE_FORMAT ": %s\n",
        gst_video_format_to_string (in->format), in->width, in->height,
        in->stride, why);
  else
    g_printerr ("fuzz: %s\n", why);
  __builtin_trap ();
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* Only what is linked in: no registry, no other plugins. */
  g_setenv ("GST_REGISTRY_DISABLE", "yes", TRUE);
  gst_init (NULL, NULL);
  gst_plugin_clfilter_register ();
  harness[0] = gst_harness_new ("clhistequalize");
  harness[1] = gst_harness_new ("clsobel");
  g_object_set (harness[0]->element, "post-messages", TRUE, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_GRAY16_BE,
    GST_VIDEO_FORMAT_GRAY8 };
  guint e, bpp, width, height, mode, stride_kind, pad, threshold;
  GstVideoFormat format;
  gboolean shortened;
  gdouble scale;
  TestFrame *in, *expected, *out;
  GstHarness *h;
  GstBuffer *buf, *outbuf;
  GstCaps *caps, *current;
  const uint8_t *pixels;
  size_t n_pixels;
  gsize stride;

  if (size < 6)
    return 0;
  e = data[0] & 1;
  format = formats[(data[0] >> 1) & 3];
  bpp = format == GST_VIDEO_FORMAT_GRAY8 ? 1 : 2;
  mode = (data[0] >> 3) & 3;
  stride_kind = (data[0] >> 5) & 3;
  shortened = (data[0] >> 7) & 1;
  width = data[1] + 1 + (data[5] & 1 ? 256 : 0);
  height = data[2] + 1 + (data[5] & 2 ? 256 : 0);
  pad = data[3];
  scale = scales[data[4] & 7];
  threshold = data[4] >> 3 ? (data[4] >> 3) * (bpp == 1 ? 8 : 2048) : 0;
  pixels = data + 6;
  n_pixels = size - 6;

  switch (stride_kind) {
    case 0:
      stride = (gsize)width * bpp;
      break;
    case 1:
      stride = GST_ROUND_UP_4 (width * bpp);
      break;
    case 2:
      stride = (gsize)width * bpp + pad;
      break;
    default:
      stride = (gsize)width * bpp + (pad | 1);
      break;
  }
  in = test_frame_new (format, width, height, stride);
  for (guint y = 0, i = 0; y < height; y++)
    for (guint x = 0; x < width; x++, i++) {
      guint v = 0;

      if (n_pixels) {
        const size_t k = (i * bpp) % n_pixels;

        v = bpp == 1 ? pixels[k] : pixels[k] | pixels[(k + 1) % n_pixels] << 8;
      }
      test_frame_set (in, x, y, v);
    }

  h = harness[e];
  if (e == 1) {
    gst_util_set_object_arg (G_OBJECT (h->element), "mode", mode_nicks[mode]);
    g_object_set (h->element, "scale", scale, "threshold", threshold, NULL);
  }
  caps = test_frame_caps (in);
  current = gst_pad_get_current_caps (h->srcpad);
  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);

  buf = test_frame_to_buffer (in);
  if (shortened) {
    /* The plane ends with the last row's pixels: cutting the padding after
     * them leaves a buffer that still holds the frame. */
    const gsize full = gst_buffer_get_size (buf);
    const gsize need = stride * (height - 1) + (gsize)width * bpp;
    const gsize cut = full > pad + 1u ? full - pad - 1 : 0;

    gst_buffer_resize (buf, 0, cut);
    if (cut < need) {
      if (gst_harness_push (h, buf) != GST_FLOW_ERROR)
        die (in, "a short buffer was not refused");
      if (gst_harness_buffers_in_queue (h))
        die (in, "a short buffer gave output");
      gst_caps_unref (caps);
      test_frame_free (in);
      return 0;
    }
  }

  if (gst_harness_push (h, buf) != GST_FLOW_OK)
    die (in, "push failed");
  outbuf = gst_harness_pull (h);
  if (!outbuf)
    die (in, "no output");
  out = test_frame_try_from_buffer (outbuf, caps);
  if (!out)
    die (NULL, "cannot map the output");
  expected = e == 0 ? ref_histequalize (in)
                    : ref_sobel (in, mode, scale, threshold);
  if (!test_frame_equal (expected, out))
    die (in, "output differs from the reference");
  gst_buffer_unref (outbuf);
  test_frame_free (expected);
  test_frame_free (out);
  gst_caps_unref (caps);
  test_frame_free (in);
  return 0;
}
