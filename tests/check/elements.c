/* gst-clfilter tests: the checks every element has
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
 * The checks every element takes, run for each element of one table:
 * real images (GRAY8, and GRAY16 in both byte orders), random frames from
 * 1x1 to 3840x2160, rows with padded strides, state cycles, random frames
 * in every YUV format, and the error for a format it does not take. Each
 * element keeps the sizes, seed and settings (clclahe's clip limits and
 * tiles, clsobel's modes, scales and thresholds, clhistogram's message
 * bins) that its own suite had when each suite held a copy of these
 * checks, so that it gets the same frames; what a suite did not check
 * is new (clclahe's YUV frames, clclahe's and clhistogram's refused
 * format, clhistogram's state cycles, GRAY16_LE images and YUV frames
 * padded with 0xA5, which clhistogram.c checks with random bytes).
 * Every output pixel is compared with the element's plain C reference
 * (clreference.c), clhistequalize's state cycles too; clhistogram's
 * frames must leave as they came, with the message and meta of the
 * reference's histogram (histframe.c). The element-specific checks stay
 * in each element's suite.
 *
 * Each check is a loop test over the table, _i the element's row:
 * CLFILTER_ELEMENTS=clsobel,clclahe runs only those elements' rows.
 * CLFILTER_MAX_PIXELS=N leaves out the frames of test_sizes and
 * test_yuv_every_format larger than N pixels (the quick tier's run); the
 * others are the same frames as in a full run.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <string.h>

#include "cltestutils.h"
#include "clreference.h"
#include "histframe.h"

#define GRAY8 GST_VIDEO_FORMAT_GRAY8
#define GRAY16_LE GST_VIDEO_FORMAT_GRAY16_LE
#define GRAY16_BE GST_VIDEO_FORMAT_GRAY16_BE

static const GstVideoFormat gray_formats[] = { GRAY8, GRAY16_LE, GRAY16_BE };

typedef enum
{
  CHECK_REAL_GRAY8,
  CHECK_REAL_GRAY16,
  CHECK_SIZES,
  CHECK_PADDED_STRIDES,
  CHECK_STATE_CYCLES,
  CHECK_YUV,
  CHECK_RGB,
} Check;

/* What one frame is checked with: each element reads its own fields. */
typedef struct {
  /* clclahe */
  gdouble clip_limit;
  guint tiles_x, tiles_y;
  /* clsobel */
  RefSobelMode mode;
  gdouble scale;
  guint threshold;
  /* clhistogram */
  guint message_bins;
} Settings;

/* Where a frame stands in its check, which picks its settings. */
typedef struct {
  Check check;
  const TestFrame *in;
  /* The frame's image, size, number or cycle in its check. */
  guint index;
  /* Its format's place in gray_formats, test_yuv_formats or
   * test_rgb_formats. */
  guint format;
  GRand *rand;
} Place;

typedef struct {
  guint width, height;
  /* In GRAY8 alone. */
  gboolean gray8_only;
} Size;

typedef struct {
  const gchar *name;
  /* Of the random frames. */
  guint32 seed;
  /* test_sizes: its sizes, and its GRAY16 frames' bits: 16, or 12 and 16
   * by turns. */
  const Size *sizes;
  guint n_sizes;
  gboolean sizes_16_bits;
  /* test_yuv_every_format: each frame in every range (no colorimetry,
   * limited, full), or one frame in one range by turns. */
  gboolean every_range;
  /* The color-space property, for RGB: else RGB's channel is gray. */
  gboolean color_spaces;
  /* test_state_cycles: the image and its cycles. */
  const gchar *cycle_image;
  guint cycles;
  /* Appends the settings the frame at @place is checked with to @out. */
  void (*settings) (const Place *place, GArray *out);
  /* The frames pass as they came and the histogram is checked
   * (histframe.c): no reference frame, no settings to apply. */
  gboolean measures;
  void (*apply) (GstElement *e, const Settings *s);
  TestFrame *(*reference) (const TestFrame *in, const Settings *s);
  /* The output in the 8-bit sibling of YUV of more bits, where downstream
   * asks for it (test_yuv_high_depth); NULL where the element has none. */
  TestFrame *(*reference_narrow) (const TestFrame *in, const Settings *s);
  gchar *(*describe) (const Settings *s);
  /* Whether the output of a real image with the first settings shows the
   * work done: rules out a passthrough or an empty output that a
   * reference of the same mistake could not catch. NULL: not asked. */
  gboolean (*did_work) (const TestFrame *in, const TestFrame *out);
} Element;

#define ADD(out, ...)                                                          \
  do {                                                                         \
    const Settings s_ = { __VA_ARGS__ };                                       \
    g_array_append_val (out, s_);                                              \
  } while (0)

/* ---- clhistequalize: no settings ---- */

static void
histequalize_settings (const Place *place, GArray *out)
{
  ADD (out, 0);
}

static void
histequalize_apply (GstElement *e, const Settings *s)
{
  g_object_set (e, "post-messages", FALSE, NULL);
}

static TestFrame *
histequalize_reference (const TestFrame *in, const Settings *s)
{
  return ref_histequalize (in);
}

static TestFrame *
histequalize_reference_narrow (const TestFrame *in, const Settings *s)
{
  return ref_histequalize_narrow (in, test_format_narrow (in->format));
}

static gchar *
histequalize_describe (const Settings *s)
{
  return g_strdup ("the defaults");
}

/* ---- clclahe: clip limit and tiles ---- */

/* OpenCV's defaults and the corners: no clipping, a limit of 1 count,
 * one that clips nothing, tiles that divide no test image, one tile, and
 * more tiles than the small images have pixels across. */
static const struct {
  gdouble clip;
  guint tx, ty;
} clahe_sets[] = {
  { 2.0, 8, 8 },
  { 40.0, 8, 8 },
  { 0.0, 8, 8 },
  { 0.01, 8, 8 },
  { 65536.0, 4, 4 },
  { 4.0, 7, 5 },
  { 2.0, 1, 1 },
  { 1.0, 64, 64 },
  { 3.0, 3, 17 },
};

static void
add_clahe (GArray *out, gdouble clip, guint tiles_x, guint tiles_y)
{
  ADD (out, .clip_limit = clip, .tiles_x = tiles_x, .tiles_y = tiles_y);
}

static void
clahe_settings (const Place *place, GArray *out)
{
  switch (place->check) {
    case CHECK_REAL_GRAY8:
    case CHECK_REAL_GRAY16:
      for (guint i = 0; i < G_N_ELEMENTS (clahe_sets); i++) {
        /* 64x64 tables of 65536 entries are 512 MiB: once is enough. */
        if (place->check == CHECK_REAL_GRAY16 && clahe_sets[i].tx == 64 &&
            place->index > 0)
          continue;
        add_clahe (out, clahe_sets[i].clip, clahe_sets[i].tx, clahe_sets[i].ty);
      }
      break;
    case CHECK_SIZES:
      /* Sizes that divide into the tiles and sizes that do not, in both
       * directions or one; the largest frame once, in 8 bits. */
      if (place->in->width == 3840) {
        add_clahe (out, 2.0, 16, 9);
      } else {
        add_clahe (out, 2.0, 8, 8);
        add_clahe (out, 3.0, 5, 3);
      }
      break;
    case CHECK_PADDED_STRIDES:
      add_clahe (out, g_rand_double_range (place->rand, 0, 8),
          g_rand_int_range (place->rand, 1, 17),
          g_rand_int_range (place->rand, 1, 17));
      break;
    case CHECK_STATE_CYCLES:
      add_clahe (out, 2.0, 8, 8);
      break;
    case CHECK_YUV:
    case CHECK_RGB:
      add_clahe (out, 2.0, 8, 8);
      add_clahe (out, 4.0, 7, 5);
      break;
  }
}

static RefClaheParams
clahe_params (const Settings *s)
{
  RefClaheParams p;

  ref_clahe_params_init (&p);
  p.clip_limit = s->clip_limit;
  p.tiles_x = s->tiles_x;
  p.tiles_y = s->tiles_y;
  return p;
}

static void
clahe_apply (GstElement *e, const Settings *s)
{
  const RefClaheParams p = clahe_params (s);

  g_object_set (e, "clip-limit", p.clip_limit, "tiles-x", p.tiles_x, "tiles-y",
      p.tiles_y, "smoothing", p.smoothing, NULL);
}

static TestFrame *
clahe_reference (const TestFrame *in, const Settings *s)
{
  const RefClaheParams p = clahe_params (s);

  return ref_clahe_frame (in, &p, NULL);
}

static TestFrame *
clahe_reference_narrow (const TestFrame *in, const Settings *s)
{
  RefClaheParams p = clahe_params (s);

  p.to_8bit = TRUE;
  return ref_clahe_frame (in, &p, NULL);
}

static gchar *
clahe_describe (const Settings *s)
{
  return g_strdup_printf ("clip %g tiles %ux%u", s->clip_limit, s->tiles_x,
      s->tiles_y);
}

/* ---- clsobel: mode, scale and threshold ---- */

static const RefSobelMode modes[] = { REF_SOBEL_MAGNITUDE,
  REF_SOBEL_MAGNITUDE_L1, REF_SOBEL_DX, REF_SOBEL_DY };

static const gchar *mode_nicks[] = { "magnitude", "magnitude-l1", "dx", "dy" };

static void
sobel_all_modes (GArray *out, gdouble scale, guint threshold)
{
  for (guint m = 0; m < G_N_ELEMENTS (modes); m++)
    ADD (out, .mode = modes[m], .scale = scale, .threshold = threshold);
}

static void
sobel_settings (const Place *place, GArray *out)
{
  const guint i = place->index, f = place->format;
  const gboolean big = place->in->width * place->in->height > 100000;

  switch (place->check) {
    case CHECK_REAL_GRAY8:
      sobel_all_modes (out, 1.0, 0);
      sobel_all_modes (out, 0.25, 0);
      ADD (out, .mode = REF_SOBEL_MAGNITUDE, .scale = 0.5, .threshold = 40);
      ADD (out, .mode = REF_SOBEL_MAGNITUDE_L1, .scale = 3.7, .threshold = 200);
      break;
    case CHECK_REAL_GRAY16:
      sobel_all_modes (out, 1.0, 0);
      if (gray_formats[f] == GRAY16_BE) {
        sobel_all_modes (out, 0.25, 0);
        ADD (out, .mode = REF_SOBEL_MAGNITUDE, .scale = 0.5, .threshold = 1000);
      } else {
        sobel_all_modes (out, 3.7, 0);
        ADD (out, .mode = REF_SOBEL_DY, .scale = 1.0, .threshold = 30000);
      }
      break;
    case CHECK_SIZES:
      if (big) {
        /* Two modes each, all four over the three formats. */
        ADD (out, .mode = modes[f], .scale = 0.25);
        ADD (out, .mode = modes[(f + 2) % 4], .scale = 1.0);
      } else {
        sobel_all_modes (out, 1.0, 0);
        sobel_all_modes (out, 0.5, 0);
      }
      break;
    case CHECK_PADDED_STRIDES:
      /* The padding's 0xA5 pattern must not leak into edge pixels. */
      ADD (out, .mode = modes[(i / 3) % 4], .scale = i % 2 ? 0.5 : 1.0);
      break;
    case CHECK_STATE_CYCLES:
      ADD (out, .mode = modes[i % 4], .scale = 1.0);
      break;
    case CHECK_YUV:
    case CHECK_RGB:
      if (big) {
        ADD (out, .mode = modes[f % 4], .scale = 0.25);
        ADD (out, .mode = modes[(f + 1) % 4], .scale = 1.0, .threshold = 100);
      } else {
        sobel_all_modes (out, 1.0, 0);
        sobel_all_modes (out, 0.5, 0);
        ADD (out, .mode = modes[f % 4], .scale = 1.0, .threshold = 60);
      }
      break;
  }
}

static void
sobel_apply (GstElement *e, const Settings *s)
{
  gst_util_set_object_arg (G_OBJECT (e), "mode", mode_nicks[s->mode]);
  g_object_set (e, "scale", s->scale, "threshold", s->threshold, NULL);
}

/* In the format the element gives by default: GRAY8 for YUV. */
static TestFrame *
sobel_reference (const TestFrame *in, const Settings *s)
{
  return ref_sobel (in, s->mode, s->scale, s->threshold);
}

static gchar *
sobel_describe (const Settings *s)
{
  return g_strdup_printf ("mode %s scale %g threshold %u", mode_nicks[s->mode],
      s->scale, s->threshold);
}

/* Real pictures have edges: rules out an all-black output. */
static gboolean
sobel_did_work (const TestFrame *in, const TestFrame *out)
{
  guint n = 0;

  for (guint y = 0; y < out->height; y++)
    for (guint x = 0; x < out->width; x++)
      n += test_frame_get (out, x, y) != 0;
  return n > in->width * in->height / 4;
}

/* ---- clhistogram: the message's bins ---- */

static void
histogram_settings (const Place *place, GArray *out)
{
  switch (place->check) {
    case CHECK_REAL_GRAY8:
    case CHECK_REAL_GRAY16:
      ADD (out, .message_bins = 256);
      ADD (out, .message_bins = 65536);
      break;
    case CHECK_PADDED_STRIDES:
      ADD (out, .message_bins = 1u << g_rand_int_range (place->rand, 0, 17));
      break;
    case CHECK_YUV:
    case CHECK_RGB:
      ADD (out, .message_bins = 256);
      ADD (out, .message_bins = 16);
      break;
    case CHECK_SIZES:
    case CHECK_STATE_CYCLES:
      ADD (out, .message_bins = 256);
      break;
  }
}

/* ---- The table ---- */

static const Size sizes_4k[] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 641, 479 },
  { 3840, 2160 } };
static const Size sizes_tiles[] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 8, 8 },
  { 64, 48 }, { 64, 49 }, { 65, 48 }, { 641, 479 }, { 1920, 1080 },
  { 3840, 2160, TRUE } };
static const Size sizes_strips[] = { { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 },
  { 17, 3 }, { 641, 479 }, { 1920, 1080 } };

static const Element elements[] = {
  {
      .name = "clhistequalize",
      .seed = 20261121,
      .sizes = sizes_4k,
      .n_sizes = G_N_ELEMENTS (sizes_4k),
      .every_range = TRUE,
      .color_spaces = TRUE,
      .cycle_image = "moon.png",
      .cycles = 10,
      .settings = histequalize_settings,
      .apply = histequalize_apply,
      .reference = histequalize_reference,
      .reference_narrow = histequalize_reference_narrow,
      .describe = histequalize_describe,
      .did_work = test_frame_luma_differs,
  },
  {
      .name = "clclahe",
      .seed = 20261123,
      .sizes = sizes_tiles,
      .n_sizes = G_N_ELEMENTS (sizes_tiles),
      .every_range = TRUE,
      .color_spaces = TRUE,
      .cycle_image = "moon.png",
      .cycles = 5,
      .settings = clahe_settings,
      .apply = clahe_apply,
      .reference = clahe_reference,
      .reference_narrow = clahe_reference_narrow,
      .describe = clahe_describe,
      .did_work = test_frame_luma_differs,
  },
  {
      .name = "clsobel",
      .seed = 20261122,
      .sizes = sizes_strips,
      .n_sizes = G_N_ELEMENTS (sizes_strips),
      .sizes_16_bits = TRUE,
      .cycle_image = "camera.png",
      .cycles = 6,
      .settings = sobel_settings,
      .apply = sobel_apply,
      .reference = sobel_reference,
      .describe = sobel_describe,
      .did_work = sobel_did_work,
  },
  {
      .name = "clhistogram",
      .seed = 20261123,
      .sizes = sizes_4k,
      .n_sizes = G_N_ELEMENTS (sizes_4k),
      .color_spaces = TRUE,
      .cycle_image = "moon.png",
      .cycles = 5,
      .settings = histogram_settings,
      .measures = TRUE,
  },
};

/* ---- Running a frame through an element ---- */

typedef struct {
  const Element *e;
  GstHarness *h;
  /* Where clhistogram posts. */
  GstBus *bus;
  /* The channel of RGB frames (REF_COLOR_*), where the element has the
   * color-space property. */
  guint space;
  /* Its sink asks for the 8-bit sibling of YUV of more bits. */
  gboolean narrow;
} Harness;

static Harness *
harness_new (const Element *e)
{
  Harness *h = g_new0 (Harness, 1);

  h->e = e;
  h->h = e->measures ? hist_harness_new (e->name, &h->bus)
                     : gst_harness_new (e->name);
  return h;
}

static void
harness_free (Harness *h)
{
  if (h->bus)
    hist_harness_free (h->h, h->bus);
  else
    gst_harness_teardown (h->h);
  g_free (h);
}

static GRand *
test_rand (const Element *e)
{
  /* Fixed, so that a failure can be replayed; printed to say which. */
  g_print ("%s: random frames from seed %u\n", e->name, e->seed);
  return g_rand_new_with_seed (e->seed);
}

/* The color-space values the element takes, in @spaces; how many. */
static guint
element_spaces (const Element *e, guint spaces[4])
{
  guint n = 0;

  spaces[n++] = REF_COLOR_YCRCB;
  if (e->color_spaces) {
    spaces[n++] = REF_COLOR_LAB;
    spaces[n++] = REF_COLOR_RGB;
  }
  return n;
}

/* The element's work on RGB's channel @space, and the pixels converted
 * back unless the output is that work (clsobel's edges). */
static TestFrame *
reference_channel (Harness *h, const TestFrame *in, guint space,
    const Settings *s)
{
  TestFrame *channel = ref_rgb_channel (in, space);
  TestFrame *done = h->e->reference (channel, s);
  TestFrame *out = done;

  if (done->format == GST_VIDEO_FORMAT_GRAY8 && space != REF_COLOR_GRAY) {
    out = ref_rgb_replace (in, done, space);
    test_frame_free (done);
  }
  test_frame_free (channel);
  return out;
}

static TestFrame *
reference_rgb (Harness *h, const TestFrame *in, const Settings *s)
{
  const guint space = h->e->color_spaces ? h->space : REF_COLOR_GRAY;
  TestFrame *r, *rg, *out;

  if (space != REF_COLOR_RGB)
    return reference_channel (h, in, space, s);
  /* Each channel's work leaves the others' values alone. */
  r = reference_channel (h, in, REF_COLOR_R, s);
  rg = reference_channel (h, r, REF_COLOR_G, s);
  out = reference_channel (h, rg, REF_COLOR_B, s);
  test_frame_free (rg);
  test_frame_free (r);
  return out;
}

static void
check_settings (Harness *h, const TestFrame *in, const Settings *s)
{
  const Element *e = h->e;
  const gboolean rgb = test_format_is_rgb (in->format);
  TestFrame *expected, *out;
  gchar *what, *how;

  if (e->color_spaces)
    g_object_set (h->h->element, "color-space", h->space, NULL);
  if (e->measures) {
    HistFrame *f = rgb ? hist_frame_from_rgb (in, h->space)
                       : hist_frame_from_test_frame (in);

    hist_check_frame (h->h, h->bus, f, s->message_bins);
    hist_frame_free (f);
    return;
  }
  expected = rgb         ? reference_rgb (h, in, s)
             : h->narrow ? e->reference_narrow (in, s)
                         : e->reference (in, s);
  e->apply (h->h->element, s);
  out = test_harness_process (h->h, in);
  what = test_frame_describe (in);
  how = e->describe (s);
  fail_unless (test_frame_equal (expected, out) &&
                   test_frame_padding_equal (expected, out),
      "%s: %s with %s differs from the reference", e->name, what, how);
  g_free (how);
  g_free (what);
  test_frame_free (expected);
  test_frame_free (out);
}

/* Checks @place's frame with each of the settings the element has for it,
 * and returns them. */
static GArray *
check_place (Harness *h, const Place *place)
{
  GArray *settings = g_array_new (FALSE, TRUE, sizeof (Settings));

  h->e->settings (place, settings);
  fail_unless (settings->len > 0);
  for (guint i = 0; i < settings->len; i++)
    check_settings (h, place->in, &g_array_index (settings, Settings, i));
  return settings;
}

static void
check (Harness *h, Check c, const TestFrame *in, guint index, guint format,
    GRand *rand)
{
  const Place place = { c, in, index, format, rand };

  g_array_unref (check_place (h, &place));
}

/* Whether CLFILTER_MAX_PIXELS, where set, leaves out @in. */
static gboolean
too_large (const TestFrame *in)
{
  const gchar *env = g_getenv ("CLFILTER_MAX_PIXELS");

  return env &&
         (guint64)in->width * in->height > g_ascii_strtoull (env, NULL, 10);
}

/* ---- The checks ---- */

GST_START_TEST (test_real_gray8)
{
  const gchar *names[] = { "moon.png", "camera.png" };
  const Element *e = &elements[__i__];
  Harness *h = harness_new (e);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *in = test_frame_load (names[i]);
    const Place place = { CHECK_REAL_GRAY8, in, i, 0, NULL };
    GArray *settings;

    fail_unless_equals_int (in->format, GRAY8);
    settings = check_place (h, &place);
    if (e->did_work) {
      TestFrame *out;

      e->apply (h->h->element, &g_array_index (settings, Settings, 0));
      out = test_harness_process (h->h, in);
      fail_unless (e->did_work (in, out), "%s: %s came out as if untouched",
          e->name, names[i]);
      test_frame_free (out);
    }
    g_array_unref (settings);
    test_frame_free (in);
  }
  harness_free (h);
}

GST_END_TEST;

GST_START_TEST (test_real_gray16)
{
  const gchar *names[] = { "basn0g16.png", "flower_small.g.depth12.pgm" };
  Harness *h = harness_new (&elements[__i__]);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    TestFrame *be = test_frame_load (names[i]);
    TestFrame *le = test_frame_copy (be, GRAY16_LE, 0);

    fail_unless_equals_int (be->format, GRAY16_BE);
    check (h, CHECK_REAL_GRAY16, be, i, 2, NULL);
    check (h, CHECK_REAL_GRAY16, le, i, 1, NULL);
    test_frame_free (be);
    test_frame_free (le);
  }
  harness_free (h);
}

GST_END_TEST;

GST_START_TEST (test_sizes)
{
  const Element *e = &elements[__i__];
  GRand *rand = test_rand (e);
  Harness *h = harness_new (e);

  for (guint s = 0; s < e->n_sizes; s++) {
    const Size *size = &e->sizes[s];

    for (guint f = 0; f < (size->gray8_only ? 1 : G_N_ELEMENTS (gray_formats));
         f++) {
      const guint bits = gray_formats[f] == GRAY8 ? 8
                         : e->sizes_16_bits       ? 16
                         : s % 2                  ? 12
                                                  : 16;
      TestFrame *in = test_frame_random (gray_formats[f], size->width,
          size->height, 0, bits, rand);

      if (!too_large (in))
        check (h, CHECK_SIZES, in, s, f, rand);
      test_frame_free (in);
    }
  }
  harness_free (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_padded_strides)
{
  const Element *e = &elements[__i__];
  GRand *rand = test_rand (e);
  Harness *h = harness_new (e);

  for (guint i = 0; i < 24; i++) {
    const GstVideoFormat format = gray_formats[i % 3];
    const guint bpp = format == GRAY8 ? 1 : 2;
    const guint width = g_rand_int_range (rand, 1, 300);
    const guint height = g_rand_int_range (rand, 1, 200);
    /* Odd paddings too: only the row stride says where rows start. */
    const gsize stride = width * bpp + g_rand_int_range (rand, 1, 70) * bpp;
    TestFrame *in = test_frame_random (format, width, height, stride, bpp * 8,
        rand);

    check (h, CHECK_PADDED_STRIDES, in, i, i % 3, rand);
    test_frame_free (in);
  }
  harness_free (h);
  g_rand_free (rand);
}

GST_END_TEST;

GST_START_TEST (test_state_cycles)
{
  const Element *e = &elements[__i__];
  Harness *h = harness_new (e);
  TestFrame *in = test_frame_load (e->cycle_image);

  for (guint i = 0; i < e->cycles; i++) {
    fail_unless_equals_int (gst_element_set_state (h->h->element,
                                GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    gst_harness_play (h->h);
    gst_harness_set_src_caps (h->h, test_frame_caps (in));
    check (h, CHECK_STATE_CYCLES, in, i, 0, NULL);
  }
  test_frame_free (in);
  harness_free (h);
}

GST_END_TEST;

/* No colorimetry (GStreamer's default: limited range), limited said
 * outright, and full range as jpegdec says it. */
static const gchar *colorimetries[] = { NULL, TEST_COLORIMETRY_LIMITED,
  TEST_COLORIMETRY_FULL };

GST_START_TEST (test_yuv_every_format)
{
  const guint sizes[][2] = { { 1, 1 }, { 2, 2 }, { 3, 1 }, { 1, 3 }, { 7, 5 },
    { 641, 479 } };
  const Element *e = &elements[__i__];
  GRand *rand = test_rand (e);
  Harness *h = harness_new (e);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint f = 0; f < test_n_yuv_formats; f++) {
      for (guint c = 0; c < (e->every_range ? G_N_ELEMENTS (colorimetries) : 1);
           c++) {
        TestFrame *in = test_frame_random (test_yuv_formats[f], sizes[s][0],
            sizes[s][1], 0, 8, rand);

        /* One range by turns: no colorimetry or full range. */
        test_frame_set_colorimetry (in, e->every_range ? colorimetries[c]
                                        : f % 2        ? TEST_COLORIMETRY_FULL
                                                       : NULL);
        if (!too_large (in))
          check (h, CHECK_YUV, in, s, f, rand);
        test_frame_free (in);
      }
    }
  }
  harness_free (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* A real colour photo as pngdec gives it (RGB, rows padded to 4 bytes),
 * and in a 4-byte layout, in each color-space the element has: the output
 * equals the reference and shows the work done. */
GST_START_TEST (test_real_rgb)
{
  const Element *e = &elements[__i__];
  Harness *h = harness_new (e);
  TestFrame *rgb = test_frame_load ("chelsea.png");
  TestFrame *frames[] = { rgb,
    test_frame_copy (rgb, GST_VIDEO_FORMAT_xBGR, 0) };
  guint spaces[4];
  const guint n_spaces = element_spaces (e, spaces);

  fail_unless_equals_int (rgb->format, GST_VIDEO_FORMAT_RGB);
  for (guint i = 0; i < G_N_ELEMENTS (frames); i++) {
    for (guint k = 0; k < n_spaces; k++) {
      GArray *settings;
      const Place place = { CHECK_RGB, frames[i], i, 0, NULL };

      h->space = spaces[k];
      settings = check_place (h, &place);
      if (e->did_work) {
        TestFrame *out;

        e->apply (h->h->element, &g_array_index (settings, Settings, 0));
        out = test_harness_process (h->h, frames[i]);
        fail_unless (e->did_work (frames[i], out),
            "%s: chelsea.png came out as if untouched", e->name);
        test_frame_free (out);
      }
      g_array_unref (settings);
    }
  }
  test_frame_free (frames[1]);
  test_frame_free (rgb);
  harness_free (h);
}

GST_END_TEST;

/* Every packed RGB format, on the channel of each color-space the element
 * has (clsobel: gray), at sizes from one pixel up. */
GST_START_TEST (test_rgb_every_format)
{
  const guint sizes[][2] = { { 1, 1 }, { 3, 1 }, { 1, 3 }, { 7, 5 },
    { 333, 251 } };
  const Element *e = &elements[__i__];
  GRand *rand = test_rand (e);
  Harness *h = harness_new (e);
  guint spaces[4];
  const guint n_spaces = element_spaces (e, spaces);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint f = 0; f < test_n_rgb_formats; f++) {
      for (guint k = 0; k < n_spaces; k++) {
        TestFrame *in = test_frame_random (test_rgb_formats[f], sizes[s][0],
            sizes[s][1], 0, 8, rand);

        h->space = spaces[k];
        check (h, CHECK_RGB, in, s, f, rand);
        test_frame_free (in);
      }
    }
  }
  harness_free (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* ---- YUV of more than 8 bits a sample ---- */

/* Whether @element's sink template lists @format. */
static gboolean
element_takes (const gchar *element, GstVideoFormat format)
{
  GstElementFactory *factory = gst_element_factory_find (element);
  GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING,
      gst_video_format_to_string (format), NULL);
  gboolean takes = FALSE;

  fail_unless (factory != NULL);
  for (const GList *l = gst_element_factory_get_static_pad_templates (factory);
       l; l = l->next) {
    GstStaticPadTemplate *t = l->data;
    GstCaps *templ = gst_static_pad_template_get_caps (t);

    if (t->direction == GST_PAD_SINK)
      takes |= gst_caps_can_intersect (templ, caps);
    gst_caps_unref (templ);
  }
  gst_caps_unref (caps);
  gst_object_unref (factory);
  return takes;
}

/* A harness whose sink asks for the 8-bit sibling of @format. */
static Harness *
harness_new_narrow (const Element *e, GstVideoFormat format)
{
  Harness *h = harness_new (e);
  gchar *caps = g_strdup_printf ("video/x-raw,format=%s",
      gst_video_format_to_string (test_format_narrow (format)));

  gst_harness_set_sink_caps_str (h->h, caps);
  h->narrow = TRUE;
  g_free (caps);
  return h;
}

/* Random frames of every size of test_yuv_every_format in each format,
 * packed rows and padded ones by turns; by turns too, luma words random
 * in all their bits, where formats that keep the value in the low bits
 * (I420_10LE) then have bits set above the depth, which the elements
 * must drop as the reference does. Elements that have an 8-bit output
 * (clhistequalize, clclahe) give each frame in the format's 8-bit
 * sibling too. */
GST_START_TEST (test_yuv_high_depth)
{
  const guint sizes[][2] = { { 1, 1 }, { 2, 2 }, { 3, 1 }, { 1, 3 }, { 7, 5 },
    { 33, 17 }, { 641, 479 } };
  const Element *e = &elements[__i__];
  GRand *rand = test_rand (e);
  Harness *h, *narrow[8] = { NULL };
  guint n = 0;

  fail_unless (test_n_high_depth_formats <= G_N_ELEMENTS (narrow));
  h = harness_new (e);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint f = 0; f < test_n_high_depth_formats; f++) {
      const GstVideoFormat format = test_high_depth_formats[f];
      const GstVideoFormatInfo *info = gst_video_format_get_info (format);
      const guint words = 16 - GST_VIDEO_FORMAT_INFO_SHIFT (info, 0);

      for (guint c = 0; c < G_N_ELEMENTS (colorimetries); c++, n++) {
        gsize strides[GST_VIDEO_MAX_PLANES] = { 0 };
        TestFrame *in;

        if (n % 2)
          test_random_strides (format, sizes[s][0], 40, rand, strides);
        in = test_frame_random_strides (format, sizes[s][0], sizes[s][1],
            strides, n % 3 ? GST_VIDEO_FORMAT_INFO_DEPTH (info, 0) : words,
            rand);
        test_frame_set_colorimetry (in, colorimetries[c]);
        fail_unless (element_takes (e->name, format), "%s: %s", e->name,
            gst_video_format_to_string (format));
        if (!too_large (in)) {
          check (h, CHECK_YUV, in, s, f, rand);
          /* Every bin of the 2^d, and 65536 asked for: no more. */
          if (e->measures) {
            const Settings all = { .message_bins = 65536 };

            check_settings (h, in, &all);
          }
          if (e->reference_narrow) {
            if (!narrow[f])
              narrow[f] = harness_new_narrow (e, format);
            check (narrow[f], CHECK_YUV, in, s, f, rand);
          }
        }
        test_frame_free (in);
      }
    }
  }
  for (guint f = 0; f < G_N_ELEMENTS (narrow); f++)
    if (narrow[f])
      harness_free (narrow[f]);
  harness_free (h);
  g_rand_free (rand);
}

GST_END_TEST;

/* videotestsrc links straight to the element in each format, and so does
 * a caps filter asking for its 8-bit sibling after the elements that
 * have one. */
GST_START_TEST (test_high_depth_caps)
{
  const Element *e = &elements[__i__];

  for (guint f = 0; f < test_n_high_depth_formats; f++) {
    const gchar *format = gst_video_format_to_string (
        test_high_depth_formats[f]);
    gchar *desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                                   "video/x-raw,format=%s,width=67,height=33 ! "
                                   "%s ! fakesink",
        format, e->name);
    gchar *error = test_run_pipeline (desc, NULL);

    fail_unless (error == NULL, "%s: %s", desc, error);
    g_free (error);
    g_free (desc);
    if (!e->reference_narrow)
      continue;
    desc = g_strdup_printf ("videotestsrc num-buffers=2 ! "
                            "video/x-raw,format=%s,width=67,height=33 ! %s ! "
                            "video/x-raw,format=%s ! fakesink",
        format, e->name,
        gst_video_format_to_string (
            test_format_narrow (test_high_depth_formats[f])));
    error = test_run_pipeline (desc, NULL);
    fail_unless (error == NULL, "%s: %s", desc, error);
    g_free (error);
    g_free (desc);
  }
}

GST_END_TEST;

/* A format the element does not take, with nothing to convert it: the
 * error says which formats it does take. */
GST_START_TEST (test_refused_format_error)
{
  const Element *e = &elements[__i__];
  gchar *errors = test_refused_caps_errors (e->name,
      "video/x-raw,format=RGB16,width=64,height=48,framerate=25/1");

  fail_unless (errors != NULL, "%s: no error for RGB16", e->name);
  g_print ("%s", errors);
  fail_unless (strstr (errors, "GRAY8") != NULL, "%s", errors);
  fail_unless (strstr (errors, "NV12") != NULL, "%s", errors);
  g_free (errors);
}

GST_END_TEST;

/* Adds @test as a loop over the table's rows, or over those of the
 * elements CLFILTER_ELEMENTS names (GST_CHECKS still picks the checks). */
static void
add_loop_test (TCase *tc, TFun test, const gchar *name)
{
  const gchar *only = g_getenv ("CLFILTER_ELEMENTS");
  gchar **names;

  if (!only) {
    _tcase_add_test (tc, test, name, 0, 0, 0, G_N_ELEMENTS (elements));
    return;
  }
  names = g_strsplit (only, ",", -1);
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    if (g_strv_contains ((const gchar *const *)names, elements[i].name))
      _tcase_add_test (tc, test, name, 0, 0, i, i + 1);
  g_strfreev (names);
}

#define add_test(tc, test) add_loop_test (tc, test, #test)

static Suite *
elements_suite (void)
{
  Suite *s = suite_create ("elements");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 300);
  suite_add_tcase (s, tc);
  add_test (tc, test_real_gray8);
  add_test (tc, test_real_gray16);
  add_test (tc, test_sizes);
  add_test (tc, test_padded_strides);
  add_test (tc, test_state_cycles);
  add_test (tc, test_yuv_every_format);
  add_test (tc, test_rgb_every_format);
  add_test (tc, test_real_rgb);
  add_test (tc, test_refused_format_error);
  add_test (tc, test_yuv_high_depth);
  add_test (tc, test_high_depth_caps);
  return s;
}

GST_CHECK_MAIN (elements);
