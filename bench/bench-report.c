/* gst-clfilter benchmark: the parent's tables, targets and JSON
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
 * The columns are explained in docs/performance.md.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "bench.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Parent: reporting                                                   */

/* For YUV formats the luma: the planes the elements send to the device. */
static guint64
in_bytes (const Row *r)
{
  return (guint64)r->width * r->height *
         (g_str_has_prefix (r->format, "GRAY16") ? 2 : 1);
}

/* Bytes a kernel must at least move per frame. clhistequalize reads the
 * frame twice (histogram, then the table lookup) and writes it once; any
 * other filter (clsobel) reads it once and writes its output once. */
static guint64
model_bytes (const Row *r)
{
  guint64 out = in_bytes (r);
  const guint reads = g_str_has_prefix (r->element, "clhistequalize") ? 2 : 1;

  if (r->res)
    gst_structure_get_uint64 (r->res, "out-bytes", &out);
  return reads * in_bytes (r) + out;
}

static gdouble
prof_per_frame_us (const GstStructure *p, const gchar *field)
{
  guint64 frames = 0, ns = 0;

  if (!p || !gst_structure_get_uint64 (p, "profile-frames", &frames) ||
      !frames || !gst_structure_get_uint64 (p, field, &ns))
    return NAN;
  return ns / 1e3 / frames;
}

/* (slowest - fastest run) / median, in percent: how noisy the case was. */
static gdouble
row_spread (const Row *r)
{
  gdouble lo = INFINITY, hi = -INFINITY;

  for (guint i = 0; i < r->runs->len; i++) {
    lo = MIN (lo, g_array_index (r->runs, gdouble, i));
    hi = MAX (hi, g_array_index (r->runs, gdouble, i));
  }
  return r->runs->len ? (hi - lo) / r->ms * 100 : NAN;
}

/* How many times faster @r is than @peer (peer time / row time). Runs of
 * one group are rounds in which every case ran once, in turn: the median of
 * the per-round ratios cancels drifts in the machine's speed that hit a
 * whole round. Falls back to the ratio of the medians. */
static gdouble
speedup (const Row *r, const Row *peer)
{
  gdouble *q, m;
  guint n;

  if (!r || !peer || r->error || peer->error)
    return NAN;
  n = r->runs->len;
  if (n == 0 || n != peer->runs->len)
    return peer->ms / r->ms;
  q = g_new (gdouble, n);
  for (guint i = 0; i < n; i++)
    q[i] = g_array_index (peer->runs, gdouble, i) /
           g_array_index (r->runs, gdouble, i);
  m = median (q, n);
  g_free (q);
  return m;
}

static gchar *
fmt_ratio (gdouble v)
{
  if (isnan (v))
    return g_strdup ("-");
  if (v >= 100)
    return g_strdup_printf ("%.0f", v);
  return g_strdup_printf ("%.3g", v);
}

void
print_group (const gchar *format, guint w, guint h, gint frames, gint warmup)
{
  const gboolean umat = opt_umat;
  Row *ident = find_row ("identity", format, w, h);
  Row *cveq = find_row ("cvequalizehist", format, w, h);

  g_print ("\n== %s %ux%u: %d frames per run after %d warm-up, median of %d "
           "runs ==\n",
      format, w, h, frames, warmup, opt_runs);
  if (ident && ident->busy && ident->busy->len) {
    g_print ("other load before each round (fraction of all CPUs busy):");
    for (guint i = 0; i < ident->busy->len; i++)
      g_print (" %.2f", g_array_index (ident->busy, gdouble, i));
    g_print ("\n");
  }
  g_print ("%-44s %10s %10s %7s %9s %9s %9s", "case", "ms/frame", "fps",
      "spread", "vs ident", "vs cvequ", "vs OpenCV");
  if (umat)
    g_print (" %9s %9s", "vs UMat", "vs UMat-r");
  g_print (" %9s\n", "peak MiB");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];
    const gchar *op;
    Row *cv = NULL, *cvu = NULL, *cvr = NULL;
    gchar *c[5];

    if (strcmp (r->format, format) || r->width != w || r->height != h)
      continue;
    if (r->error) {
      g_print ("%-44s %s\n", r->label, r->error);
      continue;
    }
    op = r->kind == ROW_PIPELINE ? opencv_op_for (r->element) : NULL;
    if (op) {
      gchar *l = opencv_label (op, "mat");

      cv = find_row (l, format, w, h);
      g_free (l);
      l = opencv_label (op, "umat");
      cvu = find_row (l, format, w, h);
      g_free (l);
      l = opencv_label (op, "umat-resident");
      cvr = find_row (l, format, w, h);
      g_free (l);
    }
    c[0] = fmt_ratio (speedup (r, ident));
    c[1] = fmt_ratio (g_str_has_prefix (r->element, "clhistequalize")
                          ? speedup (r, cveq)
                          : NAN);
    c[2] = fmt_ratio (speedup (r, cv));
    c[3] = fmt_ratio (speedup (r, cvu));
    c[4] = fmt_ratio (speedup (r, cvr));
    g_print ("%-44s %10.4f %10.1f %6.1f%% %9s %9s %9s", r->label, r->ms,
        row_fps (r), row_spread (r), c[0], c[1], c[2]);
    if (umat)
      g_print (" %9s %9s", c[3], c[4]);
    g_print (" %9.1f\n", r->peak_kib / 1024.0);
    for (guint k = 0; k < 5; k++)
      g_free (c[k]);
  }
}

gdouble
bw_bytes_per_s (void)
{
  gdouble bw = NAN;

  if (bw_res)
    gst_structure_get_double (bw_res, "bytes-per-s", &bw);
  return bw;
}

void
print_profile (void)
{
  const gdouble bw = bw_bytes_per_s ();
  gboolean any = FALSE;

  g_print ("\n== Device time per frame (GST_CL_PROFILING=1, %s) ==\n",
      "one run of each case");
  if (!isnan (bw)) {
    guint64 b = 0;

    gst_structure_get_uint64 (bw_res, "bytes", &b);
    g_print ("copy-kernel bandwidth on \"%s\": %.1f GB/s (read + written, "
             "best of 10 over %" G_GUINT64_FORMAT " MiB)\n",
        gst_structure_get_string (bw_res, "device-name"), bw / 1e9, b >> 20);
  }
  g_print ("%-34s %-9s %-9s %9s %9s %9s %9s %9s %8s  %s\n", "case", "format",
      "size", "upload", "kernels", "download", "ideal", "copy", "x ideal",
      "kernels (us/frame)");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];
    gchar size[32], *copy_key;
    gdouble kern, ideal, copy = NAN;
    gboolean have = FALSE;
    GString *ks;

    if (!r->is_cl || !r->prof)
      continue;
    any = TRUE;
    g_snprintf (size, sizeof (size), "%ux%u", r->width, r->height);
    gst_structure_get_boolean (r->prof, "profile", &have);
    if (!have) {
      g_print ("%-34s %-9s %-9s no clfilter-profile message (plugin without "
               "GST_CL_PROFILING support?)\n",
          r->label, r->format, size);
      continue;
    }
    kern = prof_per_frame_us (r->prof, "profile-kernel-ns");
    ideal = isnan (bw) ? NAN : model_bytes (r) / bw * 1e6;
    copy_key = g_strdup_printf ("copy-ns-%" G_GUINT64_FORMAT, in_bytes (r));
    if (bw_res && gst_structure_get_double (bw_res, copy_key, &copy))
      copy /= 1e3;
    g_free (copy_key);
    ks = g_string_new (NULL);
    for (gint f = 0; f < gst_structure_n_fields (r->prof); f++) {
      const gchar *name = gst_structure_nth_field_name (r->prof, f);

      if (g_str_has_prefix (name, "kernel-"))
        g_string_append_printf (ks, "%s%s %.1f", ks->len ? ", " : "", name + 7,
            prof_per_frame_us (r->prof, name));
    }
    g_print ("%-34s %-9s %-9s %9.1f %9.1f %9.1f %9.1f %9.1f %8.2f  %s\n",
        r->label, r->format, size,
        prof_per_frame_us (r->prof, "profile-upload-ns"), kern,
        prof_per_frame_us (r->prof, "profile-download-ns"), ideal, copy,
        kern / ideal, ks->str);
    g_string_free (ks, TRUE);
  }
  if (!any)
    g_print ("(no OpenCL element cases)\n");
  g_print ("upload/kernels/download/ideal/copy in us per frame; ideal = bytes "
           "the kernels must move / copy bandwidth; copy = the copy kernel "
           "on one input frame's bytes; x ideal = kernels / ideal\n");
}

void
print_startup (void)
{
  if (!startups->len)
    return;
  g_print ("\n== set_state(PLAYING) to first buffer at the sink, ms ==\n");
  g_print ("%-40s %-9s %-9s %9s %9s %9s %9s\n", "element", "format", "size",
      "cold", "(state)", "second", "warm");
  for (guint i = 0; i < startups->len; i++) {
    Startup *st = startups->pdata[i];
    gchar size[32];

    g_snprintf (size, sizeof (size), "%ux%u", st->width, st->height);
    if (st->error) {
      g_print ("%-40s %-9s %-9s %s\n", st->element, st->format, size,
          st->error);
      continue;
    }
    g_print ("%-40s %-9s %-9s %9.1f %9.1f %9.1f %9.1f\n", st->element,
        st->format, size, st->cold_ms, st->cold_state_ms, st->second_ms,
        st->warm_ms);
  }
  g_print ("cold: new process, empty GST_CL_CACHE_DIR, POCL_CACHE_DIR and "
           "CUDA_CACHE_PATH; (state): of which set_state() itself; second: "
           "a new pipeline in the same process; warm: a new process with "
           "the caches the cold one filled\n");
}

static void
target_line (const gchar *what, gdouble value, const gchar *unit, gboolean met)
{
  if (isnan (value))
    g_print ("  %s: not measured\n", what);
  else
    g_print ("  %s: %.3f %s, %s\n", what, value, unit, met ? "met" : "NOT met");
}

static gboolean
is_yuv (const gchar *format)
{
  return GST_VIDEO_FORMAT_INFO_IS_YUV (
      gst_video_format_get_info (gst_video_format_from_string (format)));
}

void
print_targets (gboolean gpu)
{
  g_print ("\n== Targets (%s) ==\n", gpu ? "GPU" : "CPU device");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i], *r8;
    gchar *what;
    gdouble v;

    if (!r->is_cl || r->error)
      continue;
    if (!gpu && r->width == 1920 && r->height == 1080 &&
        !strcmp (r->format, "GRAY8")) {
      const gchar *op = opencv_op_for (r->element);
      gchar *l = op ? opencv_label (op, "mat") : NULL;
      Row *cv = l ? find_row (l, r->format, r->width, r->height) : NULL;

      g_free (l);
      if (g_str_has_prefix (r->element, "clhistequalize")) {
        what =
            g_strdup_printf ("%s 1080p GRAY8 fps / cvequalizehist fps (>= 1)",
                r->label);
        v = speedup (r, find_row ("cvequalizehist", "GRAY8", 1920, 1080));
        target_line (what, v, "x", v >= 1.0);
        g_free (what);
      } else if (op && !strcmp (op, "sobel-magnitude")) {
        what = g_strdup_printf ("%s 1080p GRAY8 fps / OpenCV fps (>= 2)",
            r->label);
        v = speedup (r, cv);
        target_line (what, v, "x", v >= 2.0);
        g_free (what);
      } else if (op && !strcmp (op, "clahe")) {
        what = g_strdup_printf ("%s 1080p GRAY8 fps / OpenCV fps (>= 1)",
            r->label);
        v = speedup (r, cv);
        target_line (what, v, "x", v >= 1.0);
        g_free (what);
      } else if (op && !strcmp (op, "sobel-l1")) {
        what = g_strdup_printf ("%s 1080p GRAY8 fps / OpenCV fps (>= 1)",
            r->label);
        v = speedup (r, cv);
        target_line (what, v, "x", v >= 1.0);
        g_free (what);
      }
    }
    if (is_yuv (r->format) &&
        (r8 = find_row (r->label, "GRAY8", r->width, r->height)) &&
        !r8->error) {
      what = g_strdup_printf ("%s %ux%u %s time / GRAY8 time (<= 1.25)",
          r->label, r->width, r->height, r->format);
      v = 1.0 / speedup (r, r8);
      target_line (what, v, "x", v <= 1.25);
      g_free (what);
    }
    if (g_str_has_prefix (r->format, "GRAY16") &&
        (r8 = find_row (r->label, "GRAY8", r->width, r->height)) &&
        !r8->error) {
      /* CLAHE's GRAY16 tables have 65536 bins per tile. */
      const gdouble most = g_str_has_prefix (r->element, "clclahe") ? 4 : 2;

      what = g_strdup_printf ("%s %ux%u GRAY16 time / GRAY8 time (<= %g)",
          r->label, r->width, r->height, most);
      v = 1.0 / speedup (r, r8);
      target_line (what, v, "x", v <= most);
      g_free (what);
    }
    if (gpu && r->width == 3840 && r->height == 2160) {
      const gboolean hist = g_str_has_prefix (r->element, "clhistequalize");
      const gboolean gray8 = !strcmp (r->format, "GRAY8");
      const gdouble limit = hist ? (gray8 ? 25 : 60) : (gray8 ? 15 : NAN);

      if (gray8) {
        what = g_strdup_printf ("%s 4K GRAY8 pipeline fps (>= 1500)", r->label);
        target_line (what, row_fps (r), "fps", row_fps (r) >= 1500);
        g_free (what);
      }
      if (!isnan (limit)) {
        what = g_strdup_printf ("%s 4K %s device time (<= %.0f us)", r->label,
            r->format, limit);
        v = prof_per_frame_us (r->prof, "profile-kernel-ns");
        target_line (what, v, "us", v <= limit);
        g_free (what);
      }
    }
  }
}

/* ---- JSON ---- */

static void
json_str (GString *j, const gchar *s)
{
  g_string_append_c (j, '"');
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      g_string_append_printf (j, "\\%c", *s);
    else if ((guchar)*s < 0x20)
      g_string_append_printf (j, "\\u%04x", *s);
    else
      g_string_append_c (j, *s);
  }
  g_string_append_c (j, '"');
}

static void
json_num (GString *j, gdouble v)
{
  if (isnan (v) || isinf (v))
    g_string_append (j, "null");
  else
    g_string_append_printf (j, "%.9g", v);
}

/* A GstStructure's fields as JSON members (numbers, strings, booleans). */
static void
json_structure (GString *j, const GstStructure *s)
{
  g_string_append_c (j, '{');
  for (gint i = 0; s && i < gst_structure_n_fields (s); i++) {
    const gchar *name = gst_structure_nth_field_name (s, i);
    const GValue *v = gst_structure_get_value (s, name);
    GValue d = G_VALUE_INIT;

    if (i)
      g_string_append (j, ", ");
    json_str (j, name);
    g_string_append (j, ": ");
    if (G_VALUE_HOLDS_STRING (v)) {
      json_str (j, g_value_get_string (v));
    } else if (G_VALUE_HOLDS_BOOLEAN (v)) {
      g_string_append (j, g_value_get_boolean (v) ? "true" : "false");
    } else if (g_value_type_transformable (G_VALUE_TYPE (v), G_TYPE_DOUBLE)) {
      g_value_init (&d, G_TYPE_DOUBLE);
      g_value_transform (v, &d);
      json_num (j, g_value_get_double (&d));
      g_value_unset (&d);
    } else {
      gchar *str = gst_value_serialize (v);

      json_str (j, str);
      g_free (str);
    }
  }
  g_string_append_c (j, '}');
}

gboolean
write_json (const gchar *path, gboolean gpu, gint argc, gchar **argv)
{
  GString *j = g_string_new ("{\n \"tool\": \"clfilter-bench\",\n");
  GDateTime *now = g_date_time_new_now_utc ();
  gchar *date = g_date_time_format_iso8601 (now);
  gchar *cmd = g_strjoinv (" ", argv);
  gboolean ok;
  GError *error = NULL;

  g_string_append (j, " \"date\": ");
  json_str (j, date);
  g_string_append (j, ",\n \"command\": ");
  json_str (j, cmd);
  g_string_append_printf (j,
      ",\n \"host-cpus\": %u,\n \"gstreamer\": ", g_get_num_processors ());
  json_str (j, gst_version_string ());
  g_string_append (j, ",\n \"loadavg-start\": ");
  json_str (j, load_start);
  g_string_append (j, ",\n \"loadavg-end\": ");
  json_str (j, load_end);
  g_string_append_printf (j,
      ",\n \"runs\": %d,\n \"gpu\": %s,\n \"device\": ", opt_runs,
      gpu ? "true" : "false");
  json_structure (j, probe_res);
  g_string_append (j, ",\n \"opencv\": ");
  if (cv_info)
    json_structure (j, cv_info);
  else
    g_string_append (j, "null");
  g_string_append (j, ",\n \"bandwidth\": ");
  if (bw_res)
    json_structure (j, bw_res);
  else
    g_string_append (j, "null");
  g_string_append (j, ",\n \"cases\": [");
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];

    g_string_append (j, i ? ",\n  {" : "\n  {");
    g_string_append (j, "\"label\": ");
    json_str (j, r->label);
    g_string_append_printf (j,
        ", \"kind\": \"%s\", \"format\": \"%s\", "
        "\"width\": %u, \"height\": %u, \"ms\": ",
        r->kind == ROW_PIPELINE ? "pipeline" : "opencv", r->format, r->width,
        r->height);
    json_num (j, r->ms);
    g_string_append (j, ", \"fps\": ");
    json_num (j, row_fps (r));
    g_string_append (j, ", \"busy-before-runs\": [");
    for (guint k = 0; r->busy && k < r->busy->len; k++) {
      if (k)
        g_string_append (j, ", ");
      json_num (j, g_array_index (r->busy, gdouble, k));
    }
    g_string_append (j, "], \"run-ms\": [");
    for (guint k = 0; k < r->runs->len; k++) {
      if (k)
        g_string_append (j, ", ");
      json_num (j, g_array_index (r->runs, gdouble, k));
    }
    g_string_append_c (j, ']');
    g_string_append_printf (j, ", \"peak-rss-kib\": %" G_GINT64_FORMAT,
        r->peak_kib);
    if (r->error) {
      g_string_append (j, ", \"error\": ");
      json_str (j, r->error);
    }
    if (r->is_cl && r->prof) {
      g_string_append (j, ", \"model-bytes\": ");
      json_num (j, model_bytes (r));
      g_string_append (j, ", \"profile\": ");
      json_structure (j, r->prof);
    }
    g_string_append (j, ", \"result\": ");
    if (r->res)
      json_structure (j, r->res);
    else
      g_string_append (j, "null");
    g_string_append_c (j, '}');
  }
  g_string_append (j, "\n ],\n \"startup\": [");
  for (guint i = 0; i < startups->len; i++) {
    Startup *st = startups->pdata[i];

    g_string_append (j, i ? ",\n  {" : "\n  {");
    g_string_append (j, "\"element\": ");
    json_str (j, st->element);
    g_string_append_printf (j,
        ", \"format\": \"%s\", \"width\": %u, "
        "\"height\": %u, \"cold-ms\": ",
        st->format, st->width, st->height);
    json_num (j, st->cold_ms);
    g_string_append (j, ", \"cold-state-ms\": ");
    json_num (j, st->cold_state_ms);
    g_string_append (j, ", \"second-ms\": ");
    json_num (j, st->second_ms);
    g_string_append (j, ", \"warm-ms\": ");
    json_num (j, st->warm_ms);
    g_string_append (j, ", \"warm-state-ms\": ");
    json_num (j, st->warm_state_ms);
    if (st->error) {
      g_string_append (j, ", \"error\": ");
      json_str (j, st->error);
    }
    g_string_append_c (j, '}');
  }
  g_string_append (j, "\n ]\n}\n");
  ok = g_file_set_contents (path, j->str, j->len, &error);
  if (!ok) {
    g_printerr ("cannot write %s: %s\n", path, error->message);
    g_error_free (error);
  }
  g_string_free (j, TRUE);
  g_free (date);
  g_free (cmd);
  g_date_time_unref (now);
  return ok;
}
