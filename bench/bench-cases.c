/* gst-clfilter benchmark: the parent's cases and the children that run them
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
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Parent: a shared machine                                            */

static gboolean
cpu_times (guint64 *busy, guint64 *total)
{
  guint64 v[10] = { 0 };
  gchar *stat = NULL;
  gboolean ok;

  ok = g_file_get_contents ("/proc/stat", &stat, NULL, NULL) &&
       sscanf (stat,
           "cpu %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
           " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
           " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
           &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) >= 5;
  g_free (stat);
  if (!ok)
    return FALSE;
  /* user nice system idle iowait irq softirq steal */
  *total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
  *busy = *total - v[3] - v[4];
  return TRUE;
}

/* The fraction of all CPUs busy over @ms (this process sleeps meanwhile,
 * and no child runs: it is other load). */
static gdouble
cpu_busy (guint ms)
{
  guint64 b0, t0, b1, t1;

  if (!cpu_times (&b0, &t0))
    return NAN;
  g_usleep (ms * 1000);
  if (!cpu_times (&b1, &t1) || t1 == t0)
    return NAN;
  return (gdouble)(b1 - b0) / (t1 - t0);
}

/* Waits, up to --idle-wait seconds, for the machine to be idle; returns
 * the last busy fraction seen. */
gdouble
wait_idle (void)
{
  const gint64 until = g_get_monotonic_time () + opt_idle_wait * G_USEC_PER_SEC;
  gboolean said = FALSE;
  gdouble busy;

  if (opt_idle_wait <= 0)
    return NAN;
  while ((busy = cpu_busy (250)) > opt_idle_busy &&
         g_get_monotonic_time () < until) {
    if (!said)
      g_printerr ("  other load: %.0f%% of the CPUs busy, waiting up to %.0f "
                  "s\n",
          busy * 100, opt_idle_wait);
    said = TRUE;
    g_usleep (750 * 1000);
  }
  if (said)
    g_printerr ("  %s (%.0f%% busy)\n",
        busy > opt_idle_busy ? "going on anyway" : "idle", busy * 100);
  return busy;
}

/* ------------------------------------------------------------------ */
/* Parent: running children                                            */

void
child_clear (Child *c)
{
  if (c->results)
    g_ptr_array_unref (c->results);
  memset (c, 0, sizeof (*c));
}

static gboolean
run_child_full (GPtrArray *argv, gchar **env, gboolean quiet, Child *c)
{
  GError *error = NULL;
  GString *out = g_string_new (NULL);
  gchar buf[4096];
  gchar **lines;
  struct rusage ru;
  gint fd, status = 0;
  GPid pid;
  gint64 t0 = now_ns ();
  ssize_t n;

  memset (c, 0, sizeof (*c));
  c->results = g_ptr_array_new_with_free_func (
      (GDestroyNotify)gst_structure_free);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async_with_pipes (NULL, (gchar **)argv->pdata, env,
          G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH |
              (quiet ? G_SPAWN_STDERR_TO_DEV_NULL : 0),
          NULL, NULL, &pid, NULL, &fd, NULL, &error)) {
    g_printerr ("cannot run %s: %s\n", (gchar *)argv->pdata[0], error->message);
    g_error_free (error);
    g_ptr_array_remove_index (argv, argv->len - 1);
    g_string_free (out, TRUE);
    c->status = -1;
    return FALSE;
  }
  g_ptr_array_remove_index (argv, argv->len - 1);
  while ((n = read (fd, buf, sizeof (buf))) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    g_string_append_len (out, buf, n);
  }
  close (fd);
  while (wait4 (pid, &status, 0, &ru) < 0 && errno == EINTR)
    ;
  c->wall_s = (now_ns () - t0) / 1e9;
  c->maxrss_kib = ru.ru_maxrss;
  c->status = status;
  lines = g_strsplit (out->str, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    GstStructure *s;

    if (!g_str_has_prefix (lines[i], "RESULT "))
      continue;
    s = gst_structure_from_string (lines[i] + 7, NULL);
    if (s)
      g_ptr_array_add (c->results, s);
    else
      g_printerr ("unparsable result line: %s\n", lines[i]);
  }
  g_strfreev (lines);
  g_string_free (out, TRUE);
  if (WIFSIGNALED (status))
    g_printerr ("child killed by signal %d\n", WTERMSIG (status));
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 && c->results->len > 0;
}

gboolean
run_child (GPtrArray *argv, gchar **env, Child *c)
{
  return run_child_full (argv, env, FALSE, c);
}

GPtrArray *
self_argv (const gchar *mode)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (a, g_strdup (self_exe));
  g_ptr_array_add (a, g_strdup_printf ("--child=%s", mode));
  g_ptr_array_add (a,
      g_strdup_printf ("--child-timeout=%d", opt_child_timeout));
  if (opt_device)
    g_ptr_array_add (a, g_strdup_printf ("--device=%s", opt_device));
  return a;
}

void
argv_add (GPtrArray *a, const gchar *key, const gchar *fmt, ...)
{
  va_list ap;
  gchar *v;

  va_start (ap, fmt);
  v = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (a, g_strdup_printf ("--%s=%s", key, v));
  g_free (v);
}

/* ------------------------------------------------------------------ */
/* Parent: what is measured                                            */

gdouble
row_fps (const Row *r)
{
  return r && !isnan (r->ms) && r->ms > 0 ? 1000.0 / r->ms : NAN;
}

const gchar *
factory_of (const gchar *desc, gchar *buf, gsize len)
{
  gsize n = strcspn (desc, " ");

  g_strlcpy (buf, desc, MIN (len, n + 1));
  return buf;
}

gboolean
element_is_cl (const gchar *desc)
{
  gchar name[128];

  return g_str_has_prefix (factory_of (desc, name, sizeof (name)), "cl");
}

Row *
find_row (const gchar *label, const gchar *format, guint w, guint h)
{
  for (guint i = 0; i < rows->len; i++) {
    Row *r = rows->pdata[i];

    if (!strcmp (r->label, label) && !strcmp (r->format, format) &&
        r->width == w && r->height == h)
      return r;
  }
  return NULL;
}

/* The OpenCV op that computes what @desc computes, or NULL. */
const gchar *
opencv_op_for (const gchar *desc)
{
  if (g_str_has_prefix (desc, "clhistequalize"))
    return "equalizeHist";
  /* Only with OpenCV's defaults, which the element's are. */
  if (g_str_has_prefix (desc, "clclahe") && !strchr (desc, '='))
    return "clahe";
  if (g_str_has_prefix (desc, "clsobel")) {
    if (strstr (desc, "l1"))
      return "sobel-l1";
    if (strstr (desc, "magnitude") || !strstr (desc, "mode="))
      return "sobel-magnitude";
  }
  return NULL;
}

gchar *
opencv_label (const gchar *op, const gchar *variant)
{
  if (!strcmp (variant, "mat"))
    return g_strdup_printf ("opencv %s", op);
  return g_strdup_printf ("opencv %s %s", op, variant);
}

/* Element descriptions to run; an element with a "mode" enum property and
 * no mode= given becomes one description per mode. */
GPtrArray *
expand_elements (const gchar *list)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  gchar **items = g_strsplit (list, ",", -1);

  for (guint i = 0; items[i]; i++) {
    gchar *desc = g_strstrip (items[i]);
    gchar name[128];
    GstElementFactory *f;
    GstElement *e;
    GParamSpec *ps;

    if (!*desc)
      continue;
    factory_of (desc, name, sizeof (name));
    f = gst_element_factory_find (name);
    if (!f) {
      g_print ("skipped: element \"%s\" is not registered (GST_PLUGIN_PATH: "
               "%s)\n",
          name,
          g_getenv ("GST_PLUGIN_PATH") ? g_getenv ("GST_PLUGIN_PATH")
                                       : "unset");
      continue;
    }
    e = gst_element_factory_create (f, NULL);
    ps = e ? g_object_class_find_property (G_OBJECT_GET_CLASS (e), "mode")
           : NULL;
    if (ps && G_IS_PARAM_SPEC_ENUM (ps) && !strstr (desc, "mode=")) {
      GEnumClass *ec = G_PARAM_SPEC_ENUM (ps)->enum_class;

      for (guint v = 0; v < ec->n_values; v++)
        g_ptr_array_add (out,
            g_strdup_printf ("%s mode=%s", desc, ec->values[v].value_nick));
    } else {
      g_ptr_array_add (out, g_strdup (desc));
    }
    if (e)
      gst_object_unref (e);
    gst_object_unref (f);
  }
  g_strfreev (items);
  return out;
}

gboolean
element_accepts (const gchar *desc, GstCaps *caps)
{
  gchar name[128];
  GstElementFactory *f = gst_element_factory_find (
      factory_of (desc, name, sizeof (name)));
  gboolean ok = f && gst_element_factory_can_sink_any_caps (f, caps);

  if (f)
    gst_object_unref (f);
  return ok;
}

gboolean
have_element (const gchar *name)
{
  GstElementFactory *f = gst_element_factory_find (name);

  if (f)
    gst_object_unref (f);
  return f != NULL;
}

gint
frames_for (guint w, guint h, gboolean gpu)
{
  const guint64 px = (guint64)w * h;

  if (opt_frames > 0)
    return opt_frames;
  if (gpu || px <= 1920 * 1080)
    return 300;
  return px <= 3840 * 2160 ? 100 : 50;
}

gint
warmup_for (gint frames)
{
  return opt_warmup >= 0 ? opt_warmup : MAX (10, frames / 5);
}

gchar *
prep_frames (const gchar *format, guint w, guint h, const gchar *image)
{
  gchar *path = g_strdup_printf ("%s/frames-%s-%ux%u.raw", tmp_root, format, w,
      h);
  GPtrArray *a = self_argv ("prep");
  Child c;
  gboolean ok;

  argv_add (a, "format", "%s", format);
  argv_add (a, "size", "%ux%u", w, h);
  argv_add (a, "image", "%s", image);
  argv_add (a, "frames-file", "%s", path);
  ok = run_child (a, NULL, &c);
  child_clear (&c);
  g_ptr_array_unref (a);
  if (!ok) {
    g_free (path);
    return NULL;
  }
  return path;
}

static void
row_print_progress (const Row *r)
{
  if (r->error)
    g_printerr ("  %-44s failed: %s\n", r->label, r->error);
  else
    g_printerr ("  %-44s %9.4f ms/frame  %9.1f fps  peak %.1f MiB\n", r->label,
        r->ms, row_fps (r), r->peak_kib / 1024.0);
}

Row *
row_new (RowKind kind, const gchar *label, const gchar *element,
    const gchar *format, guint w, guint h)
{
  Row *r = g_new0 (Row, 1);

  r->kind = kind;
  r->label = g_strdup (label);
  r->element = g_strdup (element);
  r->format = format;
  r->width = w;
  r->height = h;
  r->runs = g_array_new (FALSE, FALSE, sizeof (gdouble));
  r->ms = NAN;
  r->is_cl = kind == ROW_PIPELINE && element_is_cl (element);
  g_ptr_array_add (rows, r);
  return r;
}

/* One child's result for @r: a run's time, or the case's error. */
static void
row_take_result (Row *r, const GstStructure *s, const Child *c)
{
  gdouble ms = NAN;

  if (!s) {
    r->error = g_strdup_printf ("child failed (wait status %d)", c->status);
    return;
  }
  if (!r->res)
    r->res = gst_structure_copy (s);
  if (gst_structure_has_field (s, "error")) {
    r->error = g_strdup (gst_structure_get_string (s, "error"));
    return;
  }
  gst_structure_get_double (s, "median-ms", &ms);
  g_array_append_val (r->runs, ms);
  r->peak_kib = MAX (r->peak_kib, c->maxrss_kib);
}

void
row_finish (Row *r)
{
  if (!r->error && r->runs->len)
    r->ms = median ((gdouble *)r->runs->data, r->runs->len);
  else if (!r->error)
    r->error = g_strdup ("no run");
  row_print_progress (r);
}

void
run_pipeline_case (Row *r, const gchar *frames_file, gint frames, gint warmup,
    gboolean profile)
{
  GPtrArray *a = self_argv ("case");
  gchar **env = NULL;
  GstStructure *s;
  Child c;

  argv_add (a, "element", "%s", r->element);
  argv_add (a, "format", "%s", r->format);
  argv_add (a, "size", "%ux%u", r->width, r->height);
  argv_add (a, "frames-file", "%s", frames_file);
  argv_add (a, "frames", "%d", frames);
  argv_add (a, "warmup", "%d", warmup);
  argv_add (a, "runs", "1");
  if (profile)
    env = g_environ_setenv (g_get_environ (), "GST_CL_PROFILING", "1", TRUE);
  run_child (a, env, &c);
  s = c.results->len ? c.results->pdata[0] : NULL;
  if (!profile)
    row_take_result (r, s, &c);
  else if (s && !gst_structure_has_field (s, "error"))
    r->prof = gst_structure_copy (s);
  child_clear (&c);
  g_strfreev (env);
  g_ptr_array_unref (a);
}

gboolean
opencv_available (void)
{
  static gint avail = -1;
  /* Without --python: python3 from PATH, else the system's. */
  const gchar *cands[] = { opt_python ? opt_python : "python3",
    opt_python ? NULL : "/usr/bin/python3", NULL };

  if (avail >= 0)
    return avail;
  avail = 0;
  if (!peers_script) {
    g_print ("skipped: OpenCV peers (opencv_peers.py not found)\n");
    return FALSE;
  }
  for (guint i = 0; cands[i] && !avail; i++) {
    GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
    Child c;

    g_ptr_array_add (a, g_strdup (cands[i]));
    g_ptr_array_add (a, g_strdup (peers_script));
    g_ptr_array_add (a, g_strdup ("--check"));
    if (run_child_full (a, NULL, TRUE, &c)) {
      cv_info = gst_structure_copy (c.results->pdata[0]);
      g_free (python);
      python = g_strdup (cands[i]);
      avail = 1;
    }
    child_clear (&c);
    g_ptr_array_unref (a);
  }
  if (!avail)
    g_print ("skipped: OpenCV peers (%s --check failed with %s%s: no cv2?)\n",
        peers_script, cands[0], cands[1] ? " and /usr/bin/python3" : "");
  return avail;
}

static const gchar *cv_variants[] = { "mat", "umat", "umat-resident" };

static guint
cv_n_variants (void)
{
  return opt_umat ? G_N_ELEMENTS (cv_variants) : 1;
}

/* Rows for @op, one per variant, in an array to g_free(). */
Row **
opencv_rows (const gchar *op, const gchar *format, guint w, guint h)
{
  Row **vr = g_new0 (Row *, G_N_ELEMENTS (cv_variants));

  for (guint i = 0; i < cv_n_variants (); i++) {
    gchar *label = opencv_label (op, cv_variants[i]);

    vr[i] = row_new (ROW_OPENCV, label, op, format, w, h);
    vr[i]->variant = g_strdup (cv_variants[i]);
    g_free (label);
  }
  return vr;
}

/* One run of every variant of @vr[0]'s op in one Python process. */
void
run_opencv (Row **vr, const gchar *frames_file, gint frames, gint warmup)
{
  GPtrArray *a = g_ptr_array_new_with_free_func (g_free);
  Child c;

  g_ptr_array_add (a, g_strdup (python));
  g_ptr_array_add (a, g_strdup (peers_script));
  argv_add (a, "frames-file", "%s", frames_file);
  argv_add (a, "format", "%s", vr[0]->format);
  argv_add (a, "size", "%ux%u", vr[0]->width, vr[0]->height);
  argv_add (a, "ops", "%s", vr[0]->element);
  argv_add (a, "frames", "%d", frames);
  argv_add (a, "warmup", "%d", warmup);
  argv_add (a, "runs", "1");
  if (opt_umat)
    g_ptr_array_add (a, g_strdup ("--umat"));
  run_child (a, NULL, &c);
  for (guint i = 0; i < cv_n_variants (); i++) {
    GstStructure *found = NULL;

    if (vr[i]->error)
      continue;
    for (guint j = 0; j < c.results->len && !found; j++) {
      GstStructure *s = c.results->pdata[j];

      if (!g_strcmp0 (gst_structure_get_string (s, "variant"), vr[i]->variant))
        found = s;
    }
    /* One process runs all variants: its peak covers them all. */
    row_take_result (vr[i], found, &c);
    if (found && !vr[i]->error && strcmp (vr[i]->variant, "mat") != 0) {
      gboolean ocl = FALSE;

      /* UMat without OpenCL is OpenCV's CPU code again: no peer. */
      gst_structure_get_boolean (found, "use-opencl", &ocl);
      if (!ocl)
        vr[i]->error = g_strdup ("cv2 did not use OpenCL (no OpenCL GPU? "
                                 "see OPENCV_OPENCL_DEVICE)");
    }
  }
  child_clear (&c);
  g_ptr_array_unref (a);
}

void
run_startup (const gchar *element, const gchar *format, guint w, guint h,
    const gchar *frames_file)
{
  Startup *st = g_new0 (Startup, 1);
  gchar *cache = g_strdup_printf ("%s/cache-%u", tmp_root, startups->len);
  gchar *sub[3];
  gchar **env = g_get_environ ();
  const gchar *vars[] = { "GST_CL_CACHE_DIR", "POCL_CACHE_DIR",
    "CUDA_CACHE_PATH" };

  st->element = g_strdup (element);
  st->format = format;
  st->width = w;
  st->height = h;
  st->cold_ms = st->second_ms = st->warm_ms = NAN;
  st->cold_state_ms = st->warm_state_ms = NAN;
  g_ptr_array_add (startups, st);
  /* Every cache the plugin or the driver keeps, empty for the cold run and
   * as that run left them for the warm one. */
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++) {
    sub[i] = g_build_filename (cache, vars[i], NULL);
    g_mkdir_with_parents (sub[i], 0700);
    env = g_environ_setenv (env, vars[i], sub[i], TRUE);
    g_free (sub[i]);
  }
  for (guint pass = 0; pass < 2; pass++) {
    GPtrArray *a = self_argv ("startup");
    GstStructure *s;
    Child c;

    argv_add (a, "element", "%s", element);
    argv_add (a, "format", "%s", format);
    argv_add (a, "size", "%ux%u", w, h);
    argv_add (a, "frames-file", "%s", frames_file);
    run_child (a, env, &c);
    s = c.results->len ? c.results->pdata[0] : NULL;
    if (!s || gst_structure_has_field (s, "error")) {
      if (!st->error)
        st->error = g_strdup (
            s ? gst_structure_get_string (s, "error") : "child failed");
    } else if (pass == 0) {
      gst_structure_get_double (s, "first-ms", &st->cold_ms);
      gst_structure_get_double (s, "first-state-ms", &st->cold_state_ms);
      gst_structure_get_double (s, "second-ms", &st->second_ms);
    } else {
      gst_structure_get_double (s, "first-ms", &st->warm_ms);
      gst_structure_get_double (s, "first-state-ms", &st->warm_state_ms);
    }
    child_clear (&c);
    g_ptr_array_unref (a);
  }
  g_printerr ("  start-up %-35s cold %.1f ms, second %.1f ms, warm cache "
              "%.1f ms\n",
      element, st->cold_ms, st->second_ms, st->warm_ms);
  g_strfreev (env);
  g_free (cache);
}
