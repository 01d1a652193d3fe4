/* gst-clfilter benchmark
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
 * Times clfilter elements and their peers in real pipelines,
 *
 *   appsrc ! ELEMENT ! fakesink sync=false
 *
 * on frames made once, before timing, from tests/data/moon.png. See
 * docs/performance.md for the method and the meaning of every column.
 *
 * One process per measurement: the parent prepares frames, runs every case
 * in a child (this program again, with a hidden --child=MODE) and reads the
 * child's peak memory from wait4(), so that peaks of different cases do not
 * mix. A child prints its results as "RESULT <GstStructure>" lines on stdout;
 * bench/opencv_peers.py, run the same way, prints the same kind of lines.
 *
 * bench-main.c    options, the parent's plan of runs, main
 * bench-cases.c   the parent's cases (rows) and the children that run them
 * bench-report.c  the parent's tables, targets and JSON
 * bench-child.c   the child modes that run pipelines: prep, case, startup
 * bench-opencl.c  the child modes that ask OpenCL: probe, bandwidth
 */
#ifndef BENCH_H
#define BENCH_H

#include <gst/gst.h>
#include <gst/video/video.h>

/* ------------------------------------------------------------------ */
/* Options (bench-main.c)                                              */

extern gchar *opt_sizes;
extern gchar *opt_formats;
extern gchar *opt_elements;
extern gchar *opt_peers;
extern gint opt_frames;
extern gint opt_warmup;
extern gint opt_runs;
extern gboolean opt_quick;
extern gchar *opt_json;
extern gboolean opt_profile;
extern gboolean opt_bandwidth;
extern gchar *opt_device;
extern gboolean opt_umat;
extern gboolean opt_no_startup;
extern gchar *opt_startup_size;
extern gchar *opt_python;
extern gchar *opt_peers_script;
extern gchar *opt_image;
extern gint opt_bw_mib;
extern gint opt_child_timeout;
extern gdouble opt_idle_wait;
extern gdouble opt_idle_busy;
/* Child side. */
extern gchar *opt_child;
extern gchar *opt_element;
extern gchar *opt_format;
extern gchar *opt_size;
extern gchar *opt_frames_file;
extern gchar *opt_copy_sizes;

/* ------------------------------------------------------------------ */
/* Small helpers (bench-main.c)                                        */

gint64 now_ns (void);
gdouble median (const gdouble *v, guint n);
gboolean parse_size (const gchar *s, guint *w, guint *h);

/* ------------------------------------------------------------------ */
/* Child modes (bench-child.c, bench-opencl.c)                         */

void print_result (GstStructure *s);
gboolean video_info_for (const gchar *format, guint w, guint h,
    GstVideoInfo *info);
int child_prep (void);
int child_case (void);
int child_startup (void);
int child_probe (void);
int child_bandwidth (void);

/* ------------------------------------------------------------------ */
/* Parent: running children (bench-cases.c)                            */

typedef struct {
  GPtrArray *results; /* GstStructure *, one per RESULT line */
  gint64 maxrss_kib;
  gint status;
  gdouble wall_s;
} Child;

gdouble wait_idle (void);
void child_clear (Child *c);
gboolean run_child (GPtrArray *argv, gchar **env, Child *c);
GPtrArray *self_argv (const gchar *mode);
void argv_add (GPtrArray *a, const gchar *key, const gchar *fmt, ...);

/* ------------------------------------------------------------------ */
/* Parent: what is measured (bench-cases.c; the state in bench-main.c) */

typedef enum
{
  ROW_PIPELINE,
  ROW_OPENCV,
} RowKind;

typedef struct {
  RowKind kind;
  gchar *label;   /* as printed */
  gchar *element; /* pipeline description, or OpenCV op */
  gchar *variant; /* OpenCV: mat, umat, umat-resident */
  const gchar *format;
  guint width, height;
  gboolean is_cl;
  GArray *runs;    /* gdouble ms/frame of each run (round) */
  GArray *busy;    /* other load before each round, as a fraction */
  gdouble ms;      /* their median, NAN if failed */
  gint64 peak_kib; /* largest ru_maxrss of the case's children */
  GstStructure *res;
  GstStructure *prof; /* --profile run */
  gchar *error;
} Row;

typedef struct {
  gchar *element;
  const gchar *format;
  guint width, height;
  gdouble cold_ms, cold_state_ms, second_ms, warm_ms, warm_state_ms;
  gchar *error;
} Startup;

extern gchar *self_exe;
extern GPtrArray *rows;     /* Row * */
extern GPtrArray *startups; /* Startup * */
extern GstStructure *probe_res, *bw_res, *cv_info;
extern gchar *load_start, *load_end;
extern gchar *tmp_root;
extern gchar *peers_script, *python;

gdouble row_fps (const Row *r);
const gchar *factory_of (const gchar *desc, gchar *buf, gsize len);
gboolean element_is_cl (const gchar *desc);
Row *find_row (const gchar *label, const gchar *format, guint w, guint h);
const gchar *opencv_op_for (const gchar *desc);
gchar *opencv_label (const gchar *op, const gchar *variant);
GPtrArray *expand_elements (const gchar *list);
gboolean element_accepts (const gchar *desc, GstCaps *caps);
gboolean have_element (const gchar *name);
gint frames_for (guint w, guint h, gboolean gpu);
gint warmup_for (gint frames);
gchar *prep_frames (const gchar *format, guint w, guint h, const gchar *image);
Row *row_new (RowKind kind, const gchar *label, const gchar *element,
    const gchar *format, guint w, guint h);
void row_finish (Row *r);
void run_pipeline_case (Row *r, const gchar *frames_file, gint frames,
    gint warmup, gboolean profile);
gboolean opencv_available (void);
Row **opencv_rows (const gchar *op, const gchar *format, guint w, guint h);
void run_opencv (Row **vr, const gchar *frames_file, gint frames, gint warmup);
void run_startup (const gchar *element, const gchar *format, guint w, guint h,
    const gchar *frames_file);

/* ------------------------------------------------------------------ */
/* Parent: reporting (bench-report.c)                                  */

gdouble bw_bytes_per_s (void);
void print_group (const gchar *format, guint w, guint h, gint frames,
    gint warmup);
void print_profile (void);
void print_startup (void);
void print_targets (gboolean gpu);
gboolean write_json (const gchar *path, gboolean gpu, gint argc, gchar **argv);

#endif /* BENCH_H */
