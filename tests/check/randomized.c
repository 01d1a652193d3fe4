/* gst-clfilter tests: many random frames against the C reference
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
 * Random sizes (1x1 up to 1024x512, most small), formats (gray, YUV of 8
 * to 16 bits and packed RGB),
 * strides (packed, the caps' default, or any padding, odd ones too, each
 * plane its own), plane order and gaps in the buffer, luma contents
 * (uniform, constant, two values, a narrow band, 12-bit, extremes), random
 * chroma, YUV ranges (no colorimetry, bt601, bt709, full) and clsobel
 * parameters and output format (GRAY8 asked for by the sink, or the
 * default), 8-bit output of 16-bit samples (GRAY8, or the 8-bit sibling of
 * YUV of more bits) from clhistequalize's AGC and clclahe, clclahe's clip
 * limit, tiles, smoothing and histogram message, both elements'
 * table-from (the frame's own tables, or the frame before's where the
 * caps and settings stay), the caps changing from frame to frame; and the
 * same frames through clupload ! cldownload, which must give them back
 * exact. The seed is fixed and printed; CLFILTER_SEED=N replays another,
 * CLFILTER_FRAMES=N changes the count. A failure names the seed and the
 * frame.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <stdlib.h>
#include <string.h>

#include "cltestutils.h"
#include "agcreference.h"
#include "clreference.h"

#define DEFAULT_SEED 20261123
#define DEFAULT_FRAMES 3000

static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };

static guint32
env_uint (const gchar *name, guint32 fallback)
{
  const gchar *v = g_getenv (name);

  return v && *v ? (guint32)strtoul (v, NULL, 0) : fallback;
}

/* Any format the elements take: gray, 8-bit YUV, RGB, YUV of more bits. */
static GstVideoFormat
random_format (GRand *rand)
{
  const guint i = g_rand_int_range (rand, 0,
      test_n_all_formats + test_n_high_depth_formats);

  return i < test_n_all_formats
             ? test_all_formats[i]
             : test_high_depth_formats[i - test_n_all_formats];
}

/* What a sink that asks for 8 bits takes: GRAY8 after GRAY16, the 8-bit
 * sibling after YUV of more bits. */
#define TO_8BIT_CAPS "video/x-raw,format={ GRAY8, NV12, I420, Y42B, Y444 }"

/* The 8-bit output of @format, which has 16-bit samples. */
static GstVideoFormat
format_8bit (GstVideoFormat format)
{
  return test_format_is_yuv (format) ? test_format_narrow (format)
                                     : GST_VIDEO_FORMAT_GRAY8;
}

/* Random chroma of @f's depth. */
static void
random_chroma (TestFrame *f, GRand *rand)
{
  const guint max = 1u << test_format_depth (f->format);

  for (guint k = 1; k < test_frame_n_components (f); k++)
    for (guint y = 0; y < test_frame_comp_height (f, k); y++)
      for (guint x = 0; x < test_frame_comp_width (f, k); x++)
        test_frame_set_comp (f, k, x, y, g_rand_int_range (rand, 0, max));
}

static guint
random_dimension (GRand *rand, guint max)
{
  /* Half tiny (1-8), a third small, the rest anything up to max. */
  const guint kind = g_rand_int_range (rand, 0, 6);

  if (kind < 3)
    return g_rand_int_range (rand, 1, 9);
  if (kind < 5)
    return g_rand_int_range (rand, 1, 80);
  return g_rand_int_range (rand, 1, max + 1);
}

/* Fills @f with one of several kinds of content; returns its name. */
static const gchar *
random_content (TestFrame *f, GRand *rand)
{
  const guint max = (1u << test_format_depth (f->format)) - 1;
  const guint kind = g_rand_int_range (rand, 0, 6);
  const guint a = g_rand_int_range (rand, 0, max + 1);
  const guint b = g_rand_int_range (rand, 0, max + 1);
  const guint band = g_rand_int_range (rand, 1, 17);

  for (guint y = 0; y < f->height; y++) {
    for (guint x = 0; x < f->width; x++) {
      guint v;

      switch (kind) {
        case 0:
          v = g_rand_int_range (rand, 0, max + 1);
          break;
        case 1:
          v = a;
          break;
        case 2:
          v = g_rand_boolean (rand) ? a : b;
          break;
        case 3:
          /* Not inside MIN (), which would draw twice. */
          v = a + g_rand_int_range (rand, 0, band);
          v = MIN (max, v);
          break;
        case 4:
          v = g_rand_int (rand) & MIN (max, 0xfff);
          break;
        default:
          v = g_rand_boolean (rand) ? 0 : max;
          break;
      }
      test_frame_set (f, x, y, v);
    }
  }
  return (const gchar *[]){ "uniform", "constant", "two values", "band",
    "12-bit", "extremes" }[kind];
}

/* Plane @p's stride: packed, rounded up to 4 bytes as GStreamer's
 * defaults are, or padded by 1 to 129 bytes. */
static gsize
random_stride (GRand *rand, GstVideoFormat format, guint width, guint p)
{
  const gsize row = test_format_row_bytes (format, width, p);

  switch (g_rand_int_range (rand, 0, 3)) {
    case 0:
      return row;
    case 1:
      return GST_ROUND_UP_4 (row);
    default:
      return row + g_rand_int_range (rand, 1, 130);
  }
}

static void
run_randomized (const gchar *element)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", DEFAULT_SEED);
  const guint frames = env_uint ("CLFILTER_FRAMES", DEFAULT_FRAMES);
  static const gchar *colorimetries[] = { NULL, TEST_COLORIMETRY_LIMITED,
    "bt709", TEST_COLORIMETRY_FULL };
  const gboolean sobel = g_str_equal (element, "clsobel");
  GRand *rand = g_rand_new_with_seed (seed);
  /* clsobel's output as the element picks it, and as a GRAY8 sink asks. */
  GstHarness *harness[2] = { gst_harness_new (element),
    gst_harness_new (element) };
  guint64 pixels = 0;
  gint64 t0 = g_get_monotonic_time ();

  g_print ("%s: %u random frames from seed %u (CLFILTER_SEED=%u replays "
           "them)\n",
      element, frames, seed, seed);
  gst_harness_set_sink_caps_str (harness[1], "video/x-raw,format=GRAY8");
  for (guint i = 0; i < 2 && !sobel; i++)
    g_object_set (harness[i]->element, "post-messages", FALSE, NULL);
  for (guint i = 0; i < frames; i++) {
    const GstVideoFormat format = random_format (rand);
    const guint width = random_dimension (rand, 1024);
    const guint height = random_dimension (rand, 512);
    gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
    TestFrame *in;
    const gchar *content;
    const guint mode = g_rand_int_range (rand, 0, 4);
    const gdouble scales[] = { 1.0, 0.25, 0.5, 2.0, 1.0 / 3,
      g_rand_double_range (rand, 0, 8) };
    const gdouble scale = scales[g_rand_int_range (rand, 0, 6)];
    /* GRAY8 out for clsobel's GRAY16 only where the sink asks for it. */
    const gboolean to_gray8 = sobel && g_rand_boolean (rand);
    const GstVideoFormat out_format = to_gray8
                                          ? GST_VIDEO_FORMAT_GRAY8
                                          : ref_sobel_default_format (format);
    const guint threshold = g_rand_boolean (rand)
                                ? 0
                                : g_rand_int_range (rand, 1,
                                      out_format == GST_VIDEO_FORMAT_GRAY8
                                          ? 256
                                          : 65536);
    GstHarness *h = harness[to_gray8];
    TestFrame *expected, *out;
    gchar *what;

    for (guint p = 0; p < test_format_n_planes (format); p++)
      strides[p] = random_stride (rand, format, width, p);
    in = test_frame_new_strides (format, width, height, strides);
    content = random_content (in, rand);
    random_chroma (in, rand);
    if (test_format_is_yuv (format))
      test_frame_set_colorimetry (in,
          colorimetries[g_rand_int_range (rand, 0, 4)]);
    if (g_rand_boolean (rand)) {
      in->plane_gap = g_rand_int_range (rand, 0, 64);
      in->planes_reversed = g_rand_boolean (rand);
    }

    if (sobel) {
      gst_util_set_object_arg (G_OBJECT (h->element), "mode", mode_nicks[mode]);
      g_object_set (h->element, "scale", scale, "threshold", threshold, NULL);
      expected = ref_sobel_format (in, mode, scale, threshold, out_format);
    } else {
      expected = ref_histequalize (in);
    }
    out = test_harness_process (h, in);
    what = test_frame_describe (in);
    fail_unless (test_frame_equal (expected, out),
        "seed %u frame %u: %s, %s content%s%s scale %.17g threshold %u, %s "
        "out, differs from the reference (replay: CLFILTER_SEED=%u)",
        seed, i, what, content, sobel ? ", mode " : "",
        sobel ? mode_nicks[mode] : "", scale, threshold,
        gst_video_format_to_string (out_format), seed);
    g_free (what);
    pixels += (guint64)width * height;
    test_frame_free (expected);
    test_frame_free (out);
    test_frame_free (in);
  }
  g_print ("%s: %u frames, %" G_GUINT64_FORMAT " pixels, all equal to the "
           "reference, %.1f s\n",
      element, frames, pixels, (g_get_monotonic_time () - t0) / 1e6);
  gst_harness_teardown (harness[0]);
  gst_harness_teardown (harness[1]);
  g_rand_free (rand);
}

/* Whether clhistequalize makes the same table from the same histogram
 * with @a and @b. */
static gboolean
same_agc (const AgcSettings *a, const AgcSettings *b)
{
  return a->method == b->method && a->saturate_low == b->saturate_low &&
         a->saturate_high == b->saturate_high && a->strength == b->strength &&
         a->smoothing == b->smoothing && a->roi_x == b->roi_x &&
         a->roi_y == b->roi_y && a->roi_width == b->roi_width &&
         a->roi_height == b->roi_height;
}

/* clhistequalize's AGC with random settings on every frame, the smoothed
 * table carried on while the caps stay. */
static void
run_random_agc (void)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", DEFAULT_SEED);
  const guint frames = env_uint ("CLFILTER_FRAMES", DEFAULT_FRAMES) / 4;
  GRand *rand = g_rand_new_with_seed (seed);
  /* 16-bit samples as they come, and to 8 bits where the sink asks. */
  GstHarness *harness[2] = { gst_harness_new ("clhistequalize"),
    gst_harness_new ("clhistequalize") };
  AgcState state[2] = { { 0 } };
  /* RGB frames' color-space, drawn anew when their caps change, and its
   * states (one per channel for rgb), per element like state: a caps
   * change of the other element leaves them. */
  const RefColorSpace spaces[] = { REF_COLOR_YCRCB, REF_COLOR_LAB,
    REF_COLOR_RGB };
  const gchar *space_names[] = { "ycrcb", "lab", "rgb" };
  GRand *rand_space = g_rand_new_with_seed (seed ^ 0xc0105);
  AgcState rgb_state[2][3] = { { { 0 } } };
  guint space = 0;
  /* What each element was last set to: setting a table property starts
   * the element's own tables afresh. */
  gint space_set[2] = { -1, -1 };
  GstCaps *last[2] = { NULL, NULL };
  /* table-from, drawn from a generator of its own so that the seed's
   * frames and settings stay those of the runs before it. */
  GRand *rand_from = g_rand_new_with_seed (seed ^ 0x7ab1e);
  AgcSettings last_settings[2];
  struct {
    GstVideoFormat format;
    guint width, height;
    gboolean full;
  } last_shape[2];
  gboolean last_previous[2] = { FALSE, FALSE };
  guint lagged = 0;

  g_print ("clhistequalize AGC: %u random frames from seed %u\n", frames, seed);
  gst_harness_set_sink_caps_str (harness[1], TO_8BIT_CAPS);
  for (guint i = 0; i < frames; i++) {
    GstVideoFormat format = random_format (rand);
    const gboolean to_gray8 = test_format_depth (format) > 8 &&
                              g_rand_boolean (rand);
    /* Few sizes, so that the caps often stay and smoothing carries on. */
    guint width = g_rand_boolean (rand) ? 97 : 33;
    guint height = g_rand_boolean (rand) ? 41 : 20;
    AgcSettings s = { g_rand_int_range (rand, 0, 2),
      g_rand_double_range (rand, 0, 0.5), g_rand_double_range (rand, 0, 0.5),
      g_rand_double_range (rand, 0, 1), g_rand_int_range (rand, 0, 256),
      g_rand_int_range (rand, 0, 120), g_rand_int_range (rand, 0, 50),
      g_rand_int_range (rand, 0, 100), g_rand_int_range (rand, 0, 60) };
    GstHarness *h = harness[to_gray8];
    gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
    TestFrame *in, *expected, *out;
    GstCaps *caps;
    const gboolean previous = g_rand_int_range (rand_from, 0, 3) > 0;
    /* With previous, the last frame's caps and settings half the time, so
     * that its table applies (the frames after then differ from those of
     * table-from=current). */
    const gboolean keep = previous && last_previous[to_gray8] &&
                          g_rand_boolean (rand_from);
    gboolean own;

    if (keep) {
      format = last_shape[to_gray8].format;
      width = last_shape[to_gray8].width;
      height = last_shape[to_gray8].height;
      s = last_settings[to_gray8];
    }
    for (guint p = 0; p < test_format_n_planes (format); p++)
      strides[p] = random_stride (rand, format, width, p);
    in = test_frame_new_strides (format, width, height, strides);
    random_content (in, rand);
    random_chroma (in, rand);
    if (test_format_is_yuv (format) &&
        (keep ? last_shape[to_gray8].full : g_rand_boolean (rand)))
      test_frame_set_colorimetry (in, TEST_COLORIMETRY_FULL);
    last_shape[to_gray8].format = format;
    last_shape[to_gray8].width = width;
    last_shape[to_gray8].height = height;
    last_shape[to_gray8].full = test_format_is_yuv (format) &&
                                test_frame_full_range (in);
    caps = test_frame_caps (in);
    own = !last_previous[to_gray8] || !same_agc (&s, &last_settings[to_gray8]);
    if (!last[to_gray8] || !gst_caps_is_equal (caps, last[to_gray8])) {
      agc_state_reset (&state[to_gray8]);
      for (guint k = 0; k < 3; k++)
        agc_state_reset (&rgb_state[to_gray8][k]);
      if (test_format_is_rgb (format))
        space = g_rand_int_range (rand_space, 0, 3);
      own = TRUE;
    }
    gst_caps_replace (&last[to_gray8], caps);
    gst_caps_unref (caps);
    last_settings[to_gray8] = s;
    last_previous[to_gray8] = previous;
    lagged += previous && !own;
    g_object_set (h->element, "table-from", previous, "post-messages",
        g_rand_boolean (rand), "method", s.method, "saturate-low",
        s.saturate_low, "saturate-high", s.saturate_high, "strength",
        s.strength, "smoothing", s.smoothing, "roi-x", s.roi_x, "roi-y",
        s.roi_y, "roi-width", s.roi_width, "roi-height", s.roi_height, NULL);
    if (space_set[to_gray8] != (gint)space && test_format_is_rgb (format)) {
      gst_util_set_object_arg (G_OBJECT (h->element), "color-space",
          space_names[space]);
      space_set[to_gray8] = space;
    }
    expected =
        test_format_is_rgb (format)
            ? ref_agc_frame_previous_rgb (in, spaces[space], &s,
                  rgb_state[to_gray8], !previous || own)
        : previous
            ? ref_agc_frame_previous (in,
                  to_gray8 ? format_8bit (format) : format,
                  test_format_is_yuv (format) && !test_frame_full_range (in),
                  &s, &state[to_gray8], own)
            : ref_agc_frame (in, to_gray8 ? format_8bit (format) : format,
                  test_format_is_yuv (format) && !test_frame_full_range (in),
                  &s, &state[to_gray8]);
    out = test_harness_process (h, in);
    fail_unless (test_frame_equal (expected, out),
        "seed %u AGC frame %u: %s %ux%u%s, method %d saturate %.17g/%.17g "
        "strength %.17g smoothing %u roi %u,%u %ux%u table-from %s%s "
        "color-space %s (replay: CLFILTER_SEED=%u)",
        seed, i, gst_video_format_to_string (format), width, height,
        to_gray8 ? " to 8 bits" : "", s.method, s.saturate_low, s.saturate_high,
        s.strength, s.smoothing, s.roi_x, s.roi_y, s.roi_width, s.roi_height,
        previous ? "previous" : "current", own ? " (own table)" : "",
        space_names[space], seed);
    test_frame_free (expected);
    test_frame_free (out);
    test_frame_free (in);
  }
  g_print ("clhistequalize AGC: %u frames mapped through the table of the "
           "frame before\n",
      lagged);
  for (guint i = 0; i < 2; i++) {
    agc_state_reset (&state[i]);
    gst_clear_caps (&last[i]);
    gst_harness_teardown (harness[i]);
  }
  for (guint i = 0; i < 2; i++)
    for (guint k = 0; k < 3; k++)
      agc_state_reset (&rgb_state[i][k]);
  g_rand_free (rand_space);
  g_rand_free (rand_from);
  g_rand_free (rand);
}

/* The one `histogram` message of a frame: its counts from a plain count of
 * @in's gray or luma. */
static void
check_clahe_message (GstBus *bus, const TestFrame *in, guint message_bins,
    const gchar *what)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT);
  guint nbins;
  guint64 *hist = ref_histogram (in, &nbins);
  gchar *why;

  fail_unless (msg != NULL, "%s: no histogram message", what);
  fail_unless (
      gst_structure_has_name (gst_message_get_structure (msg), "histogram"));
  why = test_histogram_counts_differ (gst_message_get_structure (msg), hist,
      nbins, message_bins, (guint64)in->width * in->height);
  fail_unless (why == NULL, "%s: %s", what, why);
  gst_message_unref (msg);
  g_free (hist);
}

/* clclahe with random clip limits, tiles, smoothing and messages on every
 * frame, every format and layout, 16-bit samples to 8 bits (GRAY8, the
 * 8-bit sibling) where the sink asks; the
 * smoothing state carried on while the caps and tiles stay, as the
 * element's. */
static void
run_random_clahe (void)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", DEFAULT_SEED);
  const guint frames = env_uint ("CLFILTER_FRAMES", DEFAULT_FRAMES) / 4;
  static const gchar *colorimetries[] = { NULL, TEST_COLORIMETRY_LIMITED,
    "bt709", TEST_COLORIMETRY_FULL };
  GRand *rand = g_rand_new_with_seed (seed);
  GstHarness *harness[2] = { gst_harness_new ("clclahe"),
    gst_harness_new ("clclahe") };
  GstBus *bus[2];
  RefClaheState state[2] = { { 0 } };
  GstCaps *last[2] = { NULL, NULL };
  struct {
    GstVideoFormat format;
    gboolean to_8bit;
    guint width, height, colorimetry;
  } shape = { 0 };
  RefClaheParams p;
  guint64 pixels = 0, carried = 0, lagged = 0;
  /* table-from from a generator of its own, as in run_random_agc(). */
  GRand *rand_from = g_rand_new_with_seed (seed ^ 0x7ab1e);
  RefClaheParams last_params[2];
  gboolean last_previous[2] = { FALSE, FALSE };
  gint64 t0 = g_get_monotonic_time ();

  ref_clahe_params_init (&p);
  g_print ("clclahe: %u random frames from seed %u\n", frames, seed);
  gst_harness_set_sink_caps_str (harness[1], TO_8BIT_CAPS);
  for (guint i = 0; i < 2; i++) {
    bus[i] = gst_bus_new ();
    gst_element_set_bus (harness[i]->element, bus[i]);
  }
  for (guint i = 0; i < frames; i++) {
    /* Half the frames keep the last one's caps and a quarter its tiles
     * too, so that the smoothing carries on. */
    const gboolean new_caps = i == 0 || g_rand_boolean (rand);
    const gboolean new_tiles = new_caps || g_rand_int_range (rand, 0, 4) == 0;
    const gdouble clips[] = { 0.0, 1.0, 2.0, 40.0, 65536.0,
      g_rand_double_range (rand, 0, 8), g_rand_double_range (rand, 0, 2048) };
    const guint message_bins = 1u << g_rand_int_range (rand, 0, 17);
    const gboolean post = g_rand_int_range (rand, 0, 3) == 0;
    gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
    TestFrame *in, *expected, *out;
    const gchar *content;
    GstHarness *h;
    GstCaps *caps;
    gchar *desc, *what;
    const gboolean previous = g_rand_int_range (rand_from, 0, 3) > 0;
    gboolean own;

    if (new_caps) {
      shape.format = random_format (rand);
      shape.to_8bit = test_format_depth (shape.format) > 8 &&
                      g_rand_boolean (rand);
      shape.width = random_dimension (rand, 700);
      shape.height = random_dimension (rand, 300);
      shape.colorimetry = g_rand_int_range (rand, 0, 4);
    }
    if (new_tiles) {
      /* 16-bit values' tables are 128 KiB a tile: at most 16x16. */
      const guint max_tiles = test_format_depth (shape.format) == 16 ? 16 : 64;

      p.tiles_x = g_rand_int_range (rand, 1, max_tiles + 1);
      p.tiles_y = g_rand_int_range (rand, 1, max_tiles + 1);
    }
    p.clip_limit = clips[g_rand_int_range (rand, 0, G_N_ELEMENTS (clips))];
    p.smoothing = g_rand_boolean (rand) ? 0 : g_rand_int_range (rand, 0, 256);
    p.to_8bit = shape.to_8bit;
    h = harness[shape.to_8bit];
    for (guint k = 0; k < test_format_n_planes (shape.format); k++)
      strides[k] = random_stride (rand, shape.format, shape.width, k);
    in = test_frame_new_strides (shape.format, shape.width, shape.height,
        strides);
    content = random_content (in, rand);
    random_chroma (in, rand);
    if (test_format_is_yuv (shape.format))
      test_frame_set_colorimetry (in, colorimetries[shape.colorimetry]);
    /* The layout in the buffer is no part of the caps. */
    if (g_rand_boolean (rand)) {
      in->plane_gap = g_rand_int_range (rand, 0, 64);
      in->planes_reversed = g_rand_boolean (rand);
    }

    /* With previous, the last frame's clip limit and smoothing half the
     * time, so that its tables apply where the caps and tiles stay. */
    if (previous && last_previous[p.to_8bit] && g_rand_boolean (rand_from)) {
      p.clip_limit = last_params[p.to_8bit].clip_limit;
      p.smoothing = last_params[p.to_8bit].smoothing;
    }
    own = !last_previous[p.to_8bit] ||
          p.clip_limit != last_params[p.to_8bit].clip_limit ||
          p.smoothing != last_params[p.to_8bit].smoothing ||
          p.tiles_x != last_params[p.to_8bit].tiles_x ||
          p.tiles_y != last_params[p.to_8bit].tiles_y;
    /* The element starts the smoothing afresh on new caps or tiles. */
    caps = test_frame_caps (in);
    if (!last[p.to_8bit] || !gst_caps_is_equal (caps, last[p.to_8bit]) ||
        state[p.to_8bit].tiles_x != p.tiles_x ||
        state[p.to_8bit].tiles_y != p.tiles_y) {
      ref_clahe_state_clear (&state[p.to_8bit]);
      own = TRUE;
    } else if (p.smoothing) {
      carried++;
    }
    last_params[p.to_8bit] = p;
    last_previous[p.to_8bit] = previous;
    p.from_previous = previous && !own;
    lagged += p.from_previous;
    gst_caps_replace (&last[p.to_8bit], caps);
    gst_caps_unref (caps);

    expected = ref_clahe_frame (in, &p, &state[p.to_8bit]);
    g_object_set (h->element, "table-from", previous, "clip-limit",
        p.clip_limit, "tiles-x", p.tiles_x, "tiles-y", p.tiles_y, "smoothing",
        p.smoothing, "post-messages", post, "message-bins", message_bins, NULL);
    out = test_harness_process (h, in);
    desc = test_frame_describe (in);
    what = g_strdup_printf ("seed %u clclahe frame %u: %s%s, %s content, "
                            "clip %.17g tiles %ux%u smoothing %u table-from "
                            "%s%s (replay: CLFILTER_SEED=%u)",
        seed, i, desc, p.to_8bit ? " to 8 bits" : "", content, p.clip_limit,
        p.tiles_x, p.tiles_y, p.smoothing, previous ? "previous" : "current",
        previous && own ? " (own tables)" : "", seed);
    g_free (desc);
    fail_unless (test_frame_equal (expected, out),
        "%s differs from the reference", what);
    if (post)
      check_clahe_message (bus[p.to_8bit], in, message_bins, what);
    fail_unless (gst_bus_pop_filtered (bus[p.to_8bit], GST_MESSAGE_ELEMENT) ==
                     NULL,
        "%s: a message too many", what);
    pixels += (guint64)shape.width * shape.height;
    g_free (what);
    test_frame_free (expected);
    test_frame_free (out);
    test_frame_free (in);
  }
  g_print ("clclahe: %u frames (%" G_GUINT64_FORMAT " smoothed on from the "
           "last), %" G_GUINT64_FORMAT " pixels, all equal to the reference, "
           "%.1f s, %" G_GUINT64_FORMAT " blended with the tables of the "
           "frame before\n",
      frames, carried, pixels, (g_get_monotonic_time () - t0) / 1e6, lagged);
  for (guint i = 0; i < 2; i++) {
    ref_clahe_state_clear (&state[i]);
    gst_clear_caps (&last[i]);
    gst_element_set_bus (harness[i]->element, NULL);
    gst_object_unref (bus[i]);
    gst_harness_teardown (harness[i]);
  }
  g_rand_free (rand_from);
  g_rand_free (rand);
}

/* clupload ! cldownload gives back every frame it got: random formats,
 * sizes, strides and plane layouts, the caps changing from frame to
 * frame. */
static void
run_random_upload_download (void)
{
  const guint32 seed = env_uint ("CLFILTER_SEED", DEFAULT_SEED);
  const guint frames = env_uint ("CLFILTER_FRAMES", DEFAULT_FRAMES) / 4;
  GRand *rand = g_rand_new_with_seed (seed);
  GstHarness *h = gst_harness_new_parse ("clupload ! cldownload");
  gint64 t0 = g_get_monotonic_time ();

  g_print ("clupload ! cldownload: %u random frames from seed %u\n", frames,
      seed);
  for (guint i = 0; i < frames; i++) {
    const GstVideoFormat format = random_format (rand);
    const guint width = random_dimension (rand, 1024);
    const guint height = random_dimension (rand, 512);
    gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
    TestFrame *in, *out;
    gchar *what;

    for (guint p = 0; p < test_format_n_planes (format); p++)
      strides[p] = random_stride (rand, format, width, p);
    in = test_frame_new_strides (format, width, height, strides);
    random_content (in, rand);
    random_chroma (in, rand);
    if (g_rand_boolean (rand)) {
      in->plane_gap = g_rand_int_range (rand, 0, 64);
      in->planes_reversed = g_rand_boolean (rand);
    }
    out = test_harness_process (h, in);
    what = test_frame_describe (in);
    fail_unless (test_frame_equal (in, out) &&
                     test_frame_padding_equal (in, out),
        "seed %u frame %u: %s came back changed (replay: CLFILTER_SEED=%u)",
        seed, i, what, seed);
    g_free (what);
    test_frame_free (out);
    test_frame_free (in);
  }
  g_print ("clupload ! cldownload: %u frames back exact, %.1f s\n", frames,
      (g_get_monotonic_time () - t0) / 1e6);
  gst_harness_teardown (h);
  g_rand_free (rand);
}

GST_START_TEST (test_random_agc)
{
  run_random_agc ();
}

GST_END_TEST;

GST_START_TEST (test_random_histequalize)
{
  run_randomized ("clhistequalize");
}

GST_END_TEST;

GST_START_TEST (test_random_clahe)
{
  run_random_clahe ();
}

GST_END_TEST;

GST_START_TEST (test_random_upload_download)
{
  run_random_upload_download ();
}

GST_END_TEST;

GST_START_TEST (test_random_sobel)
{
  run_randomized ("clsobel");
}

GST_END_TEST;

static Suite *
randomized_suite (void)
{
  Suite *s = suite_create ("randomized");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_random_histequalize);
  tcase_add_test (tc, test_random_agc);
  tcase_add_test (tc, test_random_clahe);
  tcase_add_test (tc, test_random_sobel);
  tcase_add_test (tc, test_random_upload_download);
  return s;
}

GST_CHECK_MAIN (randomized);
