/* gst-clfilter: libFuzzer target over frame formats, sizes, strides and
 * contents
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
 *   byte 0  bit 0: element (clhistequalize, clsobel); bits 1-2: clsobel
 *           mode, or clhistequalize's method (bit 1: linear) and region
 *           (bit 2: a region of interest from byte 3, partly outside the
 *           frame where it falls so); bits 3-4: strides (packed, rounded
 *           up to 4, padded by byte 3, padded odd), every plane alike;
 *           bit 5: the buffer is byte 3 + 1 bytes short, plane 0 last in
 *           it; bit 6: plane 0 last in the buffer, after a gap of byte 3 &
 *           15; bit 7: into a sink that asks for 8 bits (clsobel: GRAY8;
 *           clhistequalize and clclahe on 16-bit samples: GRAY8 of GRAY16,
 *           the 8-bit sibling of YUV of more bits)
 *   byte 1  width - 1, byte 2 height - 1 (bits 0-1 of byte 5 add 256 to
 *           each)
 *   byte 3  padding, or how much is missing
 *   byte 4  clsobel scale (index) and threshold; clhistequalize's
 *           saturate-low (bits 0-1), saturate-high (2-3), strength (4-5)
 *           and smoothing (6-7), each an index into a table below; with
 *           smoothing a second frame, the first's samples reversed, follows
 *           with the table carried from the first
 *   byte 5  bit 0: width + 256, bit 1: height + 256; bit 2:
 *           clhistequalize's and clclahe's table-from=previous, with a
 *           second frame as for smoothing, mapped through the first's
 *           table(s); bits 6-7: YUV range (no colorimetry, bt601, bt709,
 *           full), and clhistequalize's and clclahe's color-space
 *           (ycrcb, lab, rgb, ycrcb), set whatever the format: YUV and
 *           gray frames must come out as they would without it
 *   byte 6  bit 0: clclahe instead of byte 0's element; then bits 1-3 and
 *           4-6 tiles-x and tiles-y (indices into a table below, at most
 *           16 for GRAY16), bit 7 post-messages with message-bins 2^(byte
 *           3 & 15), each message's bins, pixels, min and max checked
 *           against a count of the input; byte 4's bits 0-2 its clip-limit
 *           and bits 6-7 its smoothing (indices into tables below, a second
 *           frame as for clhistequalize), byte 0's bit 7 8-bit output
 *   byte 7  format: test_all_formats (gray, YUV, then packed RGB) then
 *           test_high_depth_formats (YUV of 10 to 16 bits), the byte
 *           modulo their count
 *   rest    sample values, component by component, repeated over the
 *           frame
 *
 * A frame that fits must come out equal to the C reference (RGB's on the
 * channel color-space picks, or on R, G and B each with its own tables
 * and smoothing state); one whose luma plane is short must be refused
 * with GST_FLOW_ERROR. Anything else traps.
 */
#include <gst/gst.h>
#include <gst/check/gstharness.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cltestutils.h"
#include "agcreference.h"
#include "clreference.h"

void gst_plugin_clfilter_register (void);

/* clhistequalize, clsobel, clsobel into a GRAY8 sink, clhistequalize into
 * an 8-bit sink, clclahe, clclahe into an 8-bit sink; the last two post to
 * their buses. An 8-bit sink takes GRAY8 after GRAY16 and the 8-bit
 * sibling after YUV of more bits. */
static GstHarness *harness[6];
static GstBus *bus[2];
static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };
static const double scales[] = { 1.0, 0.25, 0.5, 2.0, 1.0 / 3, 0.0, 4.5,
  65535.0 };
static const double saturations[] = { 0.0, 0.01, 0.05, 0.3 };
static const double strengths[] = { 1.0, 0.0, 0.5, 0.37 };
static const guint smoothings[] = { 0, 1, 128, 255 };
static const double clips[] = { 2.0, 0.0, 1.0, 40.0, 65536.0, 0.01, 3.7,
  512.0 };
static const guint tiles[] = { 1, 2, 3, 5, 8, 13, 33, 64 };
static const gchar *colorimetries[] = { NULL, TEST_COLORIMETRY_LIMITED, "bt709",
  TEST_COLORIMETRY_FULL };
/* Drawn for every format, so that YUV and gray frames show that the
 * property leaves their luma alone. */
static const struct {
  const gchar *nick;
  RefColorSpace space;
} color_spaces[] = { { "ycrcb", REF_COLOR_YCRCB }, { "lab", REF_COLOR_LAB },
  { "rgb", REF_COLOR_RGB }, { "ycrcb", REF_COLOR_YCRCB } };

#define TO_8BIT_CAPS "video/x-raw,format={ GRAY8, NV12, I420, Y42B, Y444 }"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Says what failed, then traps: libFuzzer saves the input as crash-*. */
static void
die (const TestFrame *in, const gchar *why)
{
  gchar *what = in ? test_frame_describe (in) : NULL;

  g_printerr ("fuzz: %s%s%s\n", what ? what : "", what ? ": " : "", why);
  g_free (what);
  __builtin_trap ();
}

/* @f with every component's samples in reverse order: a second frame
 * whose histogram is the first's, placed elsewhere, so that the region of
 * interest sees another one. */
static TestFrame *
reversed (const TestFrame *f)
{
  TestFrame *r = test_frame_copy_strides (f, f->format, f->strides);

  for (guint k = 0; k < test_frame_n_components (f); k++) {
    const guint w = test_frame_comp_width (f, k);
    const guint h = test_frame_comp_height (f, k);

    for (guint y = 0; y < h; y++)
      for (guint x = 0; x < w; x++)
        test_frame_set_comp (r, k, x, y,
            test_frame_get_comp (f, k, w - 1 - x, h - 1 - y));
  }
  r->planes_reversed = f->planes_reversed;
  r->plane_gap = f->plane_gap;
  return r;
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
  harness[2] = gst_harness_new ("clsobel");
  harness[3] = gst_harness_new ("clhistequalize");
  gst_harness_set_sink_caps_str (harness[2], "video/x-raw,format=GRAY8");
  gst_harness_set_sink_caps_str (harness[3], TO_8BIT_CAPS);
  g_object_set (harness[0]->element, "post-messages", TRUE, NULL);
  g_object_set (harness[3]->element, "post-messages", TRUE, NULL);
  for (guint i = 0; i < 2; i++) {
    harness[4 + i] = gst_harness_new ("clclahe");
    bus[i] = gst_bus_new ();
    gst_element_set_bus (harness[4 + i]->element, bus[i]);
  }
  gst_harness_set_sink_caps_str (harness[5], TO_8BIT_CAPS);
  return 0;
}

/* Drops what else the element posted (the errors of refused buffers). */
static void
drain (GstBus *b)
{
  gst_bus_set_flushing (b, TRUE);
  gst_bus_set_flushing (b, FALSE);
}

/* The frame's `histogram` message from clclahe: its counts from a plain
 * count of @in's gray or luma, or of RGB's channel @space; with
 * REF_COLOR_RGB, R, G and B's fields (`red-bins`, ...), each counted as
 * its own message's would be. */
static void
check_message (GstBus *b, const TestFrame *in, RefColorSpace space,
    guint message_bins)
{
  static const gchar *channels[] = { "red", "green", "blue" };
  static const gchar *fields[] = { "bins", "min", "max", "mean", "stddev" };
  const gboolean rgb = test_format_is_rgb (in->format);
  const guint n = rgb && space == REF_COLOR_RGB ? 3 : 1;
  GstMessage *msg = gst_bus_pop_filtered (b, GST_MESSAGE_ELEMENT);
  const GstStructure *s;

  if (!msg)
    die (in, "no histogram message");
  s = gst_message_get_structure (msg);
  if (!gst_structure_has_name (s, "histogram"))
    die (in, "an element message that is not the histogram");
  if (n == 3 && gst_structure_has_field (s, "bins"))
    die (in, "bins in a message of R, G and B");
  for (guint k = 0; k < n; k++) {
    GstStructure *own = gst_structure_copy (s);
    TestFrame *channel = rgb ? ref_rgb_channel (in,
                                   n == 3 ? REF_COLOR_R + k : space)
                             : NULL;
    guint nbins;
    guint64 *hist = ref_histogram (channel ? channel : in, &nbins);
    gchar *why;

    for (guint i = 0; n == 3 && i < G_N_ELEMENTS (fields); i++) {
      gchar *name = g_strdup_printf ("%s-%s", channels[k], fields[i]);
      const GValue *v = gst_structure_get_value (s, name);

      if (!v)
        die (in, g_strdup_printf ("no %s", name));
      gst_structure_set_value (own, fields[i], v);
      g_free (name);
    }
    why = test_histogram_counts_differ (own, hist, nbins, message_bins,
        (guint64)in->width * in->height);
    if (why)
      die (in, why);
    gst_structure_free (own);
    g_free (hist);
    if (channel)
      test_frame_free (channel);
  }
  gst_message_unref (msg);
}

/* Byte 7's format: gray, 8-bit YUV and RGB, then YUV of more bits. */
static GstVideoFormat
format_of (guint8 b)
{
  const guint i = b % (test_n_all_formats + test_n_high_depth_formats);

  return i < test_n_all_formats
             ? test_all_formats[i]
             : test_high_depth_formats[i - test_n_all_formats];
}

/* The bits of a 16-bit word's sample the fuzzer sets in component @k of
 * @format: P010's luma 10 (the word's low bits are no part of it),
 * I420_10LE's all 16, whose bits above the depth the elements must drop. */
static guint
sample_mask (GstVideoFormat format, guint k)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  return 0xffffu >> GST_VIDEO_FORMAT_INFO_SHIFT (finfo, k);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  guint e, width, height, mode, stride_kind, pad, threshold, frames;
  GstVideoFormat format, out_format;
  gboolean shortened, to_8bit;
  gdouble scale;
  TestFrame *in, *expected, *out;
  GstHarness *h;
  GstBuffer *buf, *outbuf;
  GstCaps *caps, *current;
  const uint8_t *pixels;
  size_t n_pixels, i = 0;
  gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
  AgcSettings agc;
  /* R, G and B's with color-space=rgb; the others use the first. */
  AgcState state[3] = { { 0 } };
  RefClaheParams clahe;
  RefClaheState clahe_state[3] = { { 0 } };
  RefColorSpace space;
  gboolean post = FALSE, previous;
  guint message_bins = 0;

  if (size < 8)
    return 0;
  e = data[6] & 1 ? 2 : data[0] & 1;
  mode = (data[0] >> 1) & 3;
  stride_kind = (data[0] >> 3) & 3;
  shortened = (data[0] >> 5) & 1;
  to_8bit = data[0] >> 7;
  width = data[1] + 1 + (data[5] & 1 ? 256 : 0);
  height = data[2] + 1 + (data[5] & 2 ? 256 : 0);
  pad = data[3];
  format = format_of (data[7]);
  space = color_spaces[data[5] >> 6].space;
  if (e != 1 && test_format_depth (format) == 8)
    to_8bit = FALSE;
  out_format = !to_8bit ? (e != 1 ? format : ref_sobel_default_format (format))
               : e != 1 && test_format_is_yuv (format)
                   ? test_format_narrow (format)
                   : GST_VIDEO_FORMAT_GRAY8;
  scale = scales[data[4] & 7];
  threshold = data[4] >> 3
                  ? (data[4] >> 3) *
                        (e == 0 || out_format == GST_VIDEO_FORMAT_GRAY8 ? 8
                                                                        : 2048)
                  : 0;
  pixels = data + 8;
  n_pixels = size - 8;

  for (guint p = 0; p < test_format_n_planes (format); p++) {
    const gsize row = test_format_row_bytes (format, width, p);

    strides[p] = stride_kind == 0   ? row
                 : stride_kind == 1 ? GST_ROUND_UP_4 (row)
                 : stride_kind == 2 ? row + pad
                                    : row + (pad | 1);
  }
  in = test_frame_new_strides (format, width, height, strides);
  for (guint k = 0; k < test_frame_n_components (in); k++) {
    /* Luma (gray) of 16-bit words from two bytes, the rest from one. */
    const gboolean words = k == 0 && test_format_depth (format) > 8;

    for (guint y = 0; y < test_frame_comp_height (in, k); y++)
      for (guint x = 0; x < test_frame_comp_width (in, k); x++) {
        guint v = 0;

        if (n_pixels) {
          const size_t j = i % n_pixels;

          v = words ? (pixels[j] | pixels[(j + 1) % n_pixels] << 8) &
                          sample_mask (format, k)
                    : pixels[j];
          i += words ? 2 : 1;
        }
        test_frame_set_comp (in, k, x, y, v);
      }
  }
  if (test_format_is_yuv (format))
    test_frame_set_colorimetry (in, colorimetries[data[5] >> 6]);
  /* Plane 0 last, so that cutting the buffer's end cuts the plane the
   * elements read. */
  in->planes_reversed = shortened || (data[0] >> 6) & 1;
  in->plane_gap = (data[0] >> 6) & 1 ? pad & 15 : 0;

  h = harness[e == 0   ? (to_8bit ? 3 : 0)
              : e == 1 ? (to_8bit ? 2 : 1)
                       : (to_8bit ? 5 : 4)];
  frames = 1;
  previous = e != 1 && (data[5] >> 2) & 1;
  if (e != 1) {
    g_object_set (h->element, "table-from", previous, NULL);
    gst_util_set_object_arg (G_OBJECT (h->element), "color-space",
        color_spaces[data[5] >> 6].nick);
  }
  if (e == 2) {
    /* GRAY16's tables are 128 KiB a tile. */
    const guint max_tiles = test_format_depth (format) == 16 ? 16 : 64;

    ref_clahe_params_init (&clahe);
    clahe.clip_limit = clips[data[4] & 7];
    clahe.smoothing = smoothings[data[4] >> 6];
    clahe.tiles_x = MIN (tiles[(data[6] >> 1) & 7], max_tiles);
    clahe.tiles_y = MIN (tiles[(data[6] >> 4) & 7], max_tiles);
    clahe.to_8bit = to_8bit;
    post = data[6] >> 7;
    message_bins = 1u << (pad & 15);
    frames = clahe.smoothing || previous ? 2 : 1;
    g_object_set (h->element, "clip-limit", clahe.clip_limit, "tiles-x",
        clahe.tiles_x, "tiles-y", clahe.tiles_y, "smoothing", clahe.smoothing,
        "post-messages", post, "message-bins", message_bins, NULL);
  } else if (e == 1) {
    gst_util_set_object_arg (G_OBJECT (h->element), "mode", mode_nicks[mode]);
    g_object_set (h->element, "scale", scale, "threshold", threshold, NULL);
  } else {
    const guint b = data[4];

    agc = (AgcSettings){ mode & 1 ? AGC_LINEAR : AGC_EQUALIZE,
      saturations[b & 3], saturations[(b >> 2) & 3], strengths[(b >> 4) & 3],
      smoothings[b >> 6], 0, 0, 0, 0 };
    if (mode & 2) {
      agc.roi_x = (pad & 15) * width / 8;
      agc.roi_y = (pad >> 4) * height / 8;
      agc.roi_width = width / 2 + 1;
      agc.roi_height = height / 2 + 1;
    }
    frames = agc.smoothing || previous ? 2 : 1;
    g_object_set (h->element, "method", agc.method, "saturate-low",
        agc.saturate_low, "saturate-high", agc.saturate_high, "strength",
        agc.strength, "smoothing", agc.smoothing, "roi-x", agc.roi_x, "roi-y",
        agc.roi_y, "roi-width", agc.roi_width, "roi-height", agc.roi_height,
        NULL);
  }
  caps = test_frame_caps (in);
  current = gst_pad_get_current_caps (h->srcpad);
  if (!current || !gst_caps_is_equal (current, caps))
    gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_clear_caps (&current);

  buf = test_frame_to_buffer (in);
  /* The smoothed table starts from this frame, whatever came before. */
  GST_BUFFER_FLAG_SET (buf, GST_BUFFER_FLAG_DISCONT);
  if (shortened) {
    /* Plane 0 ends with its last row's samples: cutting the padding after
     * them leaves a buffer that still holds the frame. */
    const gsize full = gst_buffer_get_size (buf);
    const gsize need = gst_buffer_get_video_meta (buf)->offset[0] +
                       in->stride *
                           (test_format_plane_height (format, height, 0) - 1) +
                       test_format_row_bytes (format, width, 0);
    const gsize cut = full > pad + 1u ? full - pad - 1 : 0;

    gst_buffer_resize (buf, 0, cut);
    if (cut < need) {
      if (gst_harness_push (h, buf) != GST_FLOW_ERROR)
        die (in, "a short buffer was not refused");
      if (gst_harness_buffers_in_queue (h))
        die (in, "a short buffer gave output");
      if (e == 2)
        drain (bus[to_8bit]);
      gst_caps_unref (caps);
      test_frame_free (in);
      return 0;
    }
  }

  gst_caps_unref (caps);
  for (guint f = 0; f < frames; f++) {
    if (f > 0) {
      TestFrame *next = reversed (in);

      test_frame_free (in);
      in = next;
      buf = test_frame_to_buffer (in);
    }
    if (gst_harness_push (h, buf) != GST_FLOW_OK)
      die (in, "push failed");
    outbuf = gst_harness_pull (h);
    if (!outbuf)
      die (in, "no output");
    caps = gst_pad_get_current_caps (h->sinkpad);
    out = test_frame_try_from_buffer (outbuf, caps);
    if (!out)
      die (NULL, "cannot map the output");
    clahe.from_previous = previous && f > 0;
    if (e == 1)
      expected = ref_sobel_format (in, mode, scale, threshold, out_format);
    else if (test_format_is_rgb (format))
      expected = e == 0 ? ref_agc_frame_previous_rgb (in, space, &agc, state,
                              !previous || f == 0)
                        : ref_clahe_frame_rgb (in, space, &clahe, clahe_state);
    else
      expected = e == 0 ? ref_agc_frame_previous (in, out_format,
                              test_format_is_yuv (format) &&
                                  !test_frame_full_range (in),
                              &agc, &state[0], !previous || f == 0)
                        : ref_clahe_frame (in, &clahe, &clahe_state[0]);
    if (!test_frame_equal (expected, out))
      die (in, g_strdup_printf ("%s%s%s",
                   f ? "the second frame differs from the reference"
                     : "output differs from the reference",
                   e != 1 ? ", color-space " : "",
                   e != 1 ? color_spaces[data[5] >> 6].nick : ""));
    if (post)
      check_message (bus[to_8bit], in, space, message_bins);
    if (e == 2 && gst_bus_pop_filtered (bus[to_8bit], GST_MESSAGE_ELEMENT))
      die (in, "a message too many");
    gst_buffer_unref (outbuf);
    test_frame_free (expected);
    test_frame_free (out);
    gst_caps_unref (caps);
  }
  if (e == 2)
    drain (bus[to_8bit]);
  for (guint k = 0; k < 3; k++) {
    agc_state_reset (&state[k]);
    ref_clahe_state_clear (&clahe_state[k]);
  }
  test_frame_free (in);
  return 0;
}
