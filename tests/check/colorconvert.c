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
 * kernels/color.cl's conversions against the C reference on every 8-bit
 * input, and frame.cl's unpack_rgb and pack_rgb on frames of RGB formats,
 * run on the device the elements take by default, from the program source
 * the plugin embeds (its "frame" program, color.cl and its tables
 * included) with a test kernel after it; and unpack_rgb_rows and
 * pack_rgb_rows, the CPU path's, built as the plugin builds them for each
 * layout and space; and rgbtable.cl's histogram_rgb_rows and map_rgb_rows,
 * which clhistequalize runs on the CPU path's RGB frames instead.
 */
#include <gst/check/gstcheck.h>
#include <string.h>

#include "cldevices.h"
#include "clkernels.h"
#include "colorreference.h"
#include "kernels/clshared.h"

/* Calls every conversion on input i = c0 << 16 | c1 << 8 | c2, for every
 * i of the launch. */
static const gchar test_kernels[] =
    "__kernel void\n"
    "convert_all (__global uchar * out, uint conversion)\n"
    "{\n"
    "  const uint i = get_global_id (0);\n"
    "  const uchar3 in = (uchar3) (i >> 16, (i >> 8) & 255, i & 255);\n"
    "  uchar3 o;\n"
    "\n"
    "  switch (conversion) {\n"
    "    case 0: o = rgb_to_ycrcb (in); break;\n"
    "    case 1: o = ycrcb_to_rgb (in); break;\n"
    "    case 2: o = rgb_to_lab (in); break;\n"
    "    case 3: o = lab_to_rgb (in); break;\n"
    "    default: o = (uchar3) (rgb_to_gray (in), 0, 0); break;\n"
    "  }\n"
    "  vstore3 (o, i, out);\n"
    "}\n";

typedef void (*Convert3) (guint8, guint8, guint8, guint8 *, guint8 *, guint8 *);

static void
ref_gray (guint8 r, guint8 g, guint8 b, guint8 *v, guint8 *zero1, guint8 *zero2)
{
  *v = ref_rgb_to_gray (r, g, b);
  *zero1 = *zero2 = 0;
}

static const struct {
  const gchar *name;
  Convert3 ref;
} conversions[] = {
  { "rgb_to_ycrcb", ref_rgb_to_ycrcb },
  { "ycrcb_to_rgb", ref_ycrcb_to_rgb },
  { "rgb_to_lab", ref_rgb_to_lab },
  { "lab_to_rgb", ref_lab_to_rgb },
  { "rgb_to_gray", ref_gray },
};

#define N_INPUTS (1 << 24)

static cl_context context;
static cl_command_queue queue;
static cl_program program;
static cl_device_id device;

/* @source, built with @options. */
static cl_program
build_source (const gchar *source, const gchar *options)
{
  const gchar *sources[] = { source, test_kernels };
  cl_int status;
  /* Only the frame program gets the test kernel. */
  cl_program p = clCreateProgramWithSource (context,
      source == gst_cl_kernel_frame ? 2 : 1, sources, NULL, &status);

  fail_unless_equals_int (status, CL_SUCCESS);
  status = clBuildProgram (p, 1, &device, options, NULL, NULL);
  if (status != CL_SUCCESS) {
    gchar log[16384] = "";

    clGetProgramBuildInfo (p, device, CL_PROGRAM_BUILD_LOG, sizeof (log) - 1,
        log, NULL);
    fail ("the program failed to build (%d) with \"%s\":\n%s", status, options,
        log);
  }
  return p;
}

/* The frame program and the test kernel, built with @options. */
static cl_program
build_program (const gchar *options)
{
  return build_source (gst_cl_kernel_frame, options);
}

static void
setup (void)
{
  const ClTestDevice *dev = cl_test_expected_device ("", NULL);
  gchar *desc;
  cl_int status;

  fail_unless (dev != NULL, "no OpenCL device");
  desc = cl_test_device_describe (dev);
  g_print ("running on %s\n", desc);
  g_free (desc);
  device = dev->id;
  context = clCreateContext (NULL, 1, &dev->id, NULL, NULL, &status);
  fail_unless_equals_int (status, CL_SUCCESS);
  queue = clCreateCommandQueue (context, dev->id, 0, &status);
  fail_unless_equals_int (status, CL_SUCCESS);
  program = build_program ("-cl-std=CL1.2");
}

static void
teardown (void)
{
  clReleaseProgram (program);
  clReleaseCommandQueue (queue);
  clReleaseContext (context);
}

static cl_kernel
create_kernel_of (cl_program p, const gchar *name)
{
  cl_int status;
  cl_kernel kernel = clCreateKernel (p, name, &status);

  fail_unless_equals_int (status, CL_SUCCESS);
  return kernel;
}

static cl_kernel
create_kernel (const gchar *name)
{
  return create_kernel_of (program, name);
}

static cl_mem
create_buffer (gsize size, const void *data)
{
  cl_int status;
  cl_mem mem = clCreateBuffer (context,
      CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), size, (void *)data,
      &status);

  fail_unless_equals_int (status, CL_SUCCESS);
  return mem;
}

/* Each conversion of color.cl, on all 2^24 inputs, against the
 * reference. */
GST_START_TEST (test_every_input)
{
  guint8 *out = g_malloc ((gsize)N_INPUTS * 3);
  cl_mem buf = create_buffer ((gsize)N_INPUTS * 3, NULL);
  cl_kernel kernel = create_kernel ("convert_all");

  for (cl_uint c = 0; c < G_N_ELEMENTS (conversions); c++) {
    const size_t global = N_INPUTS;
    guint differ = 0;

    fail_unless_equals_int (clSetKernelArg (kernel, 0, sizeof (buf), &buf),
        CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (kernel, 1, sizeof (c), &c),
        CL_SUCCESS);
    fail_unless_equals_int (clEnqueueNDRangeKernel (queue, kernel, 1, NULL,
                                &global, NULL, 0, NULL, NULL),
        CL_SUCCESS);
    fail_unless_equals_int (clEnqueueReadBuffer (queue, buf, CL_TRUE, 0,
                                (gsize)N_INPUTS * 3, out, 0, NULL, NULL),
        CL_SUCCESS);
    for (guint i = 0; i < N_INPUTS; i++) {
      const guint8 *o = out + (gsize)i * 3;
      guint8 e[3];

      conversions[c].ref (i >> 16, (i >> 8) & 255, i & 255, &e[0], &e[1],
          &e[2]);
      if (memcmp (o, e, 3) != 0 && differ++ == 0)
        g_print ("%s (%u, %u, %u): kernel (%u, %u, %u), reference "
                 "(%u, %u, %u)\n",
            conversions[c].name, i >> 16, (i >> 8) & 255, i & 255, o[0], o[1],
            o[2], e[0], e[1], e[2]);
    }
    g_print ("%s: %u of %u inputs differ\n", conversions[c].name, differ,
        N_INPUTS);
    fail_unless_equals_int (differ, 0);
  }
  clReleaseKernel (kernel);
  clReleaseMemObject (buf);
  g_free (out);
}

GST_END_TEST;

/* An RGB format's layout: bytes per pixel and where R, G and B are. */
typedef struct {
  const gchar *name;
  guint pstride;
  guint r, g, b;
} RgbLayout;

static const RgbLayout layouts[] = {
  { "RGB", 3, 0, 1, 2 },
  { "BGR", 3, 2, 1, 0 },
  { "RGBx", 4, 0, 1, 2 },
  { "BGRA", 4, 2, 1, 0 },
  { "xRGB", 4, 1, 2, 3 },
  { "ABGR", 4, 3, 2, 1 },
};

/* unpack_rgb, or with @source (the input frame) pack_rgb into @packed;
 * the planes of GST_CL_COLOR_RGB @channel_bytes apart. With @rows the
 * CPU's kernels of @rows, in @bands work-items. */
static void
run_frame_kernel (const gchar *name, cl_mem packed, guint ppitch,
    const RgbLayout *l, guint width, guint height, cl_mem plane, guint pitch,
    guint space, guint channel_bytes, cl_mem source, cl_program rows,
    guint bands)
{
  gchar *rows_name = g_strconcat (name, "_rows", NULL);
  cl_kernel kernel = rows ? create_kernel_of (rows, rows_name)
                          : create_kernel (name);
  const cl_uint args[] = { ppitch, l->r | l->g << 8 | l->b << 16, l->pstride,
    width, height };
  const cl_uint last[] = { pitch, space, channel_bytes };
  const size_t global[2] = { rows ? bands : width, height };

  fail_unless_equals_int (clSetKernelArg (kernel, 0, sizeof (packed), &packed),
      CL_SUCCESS);
  for (guint a = 0; a < G_N_ELEMENTS (args); a++)
    fail_unless_equals_int (clSetKernelArg (kernel, 1 + a, sizeof (cl_uint),
                                &args[a]),
        CL_SUCCESS);
  fail_unless_equals_int (clSetKernelArg (kernel, 6, sizeof (plane), &plane),
      CL_SUCCESS);
  for (guint a = 0; a < G_N_ELEMENTS (last); a++)
    fail_unless_equals_int (clSetKernelArg (kernel, 7 + a, sizeof (cl_uint),
                                &last[a]),
        CL_SUCCESS);
  if (source)
    fail_unless_equals_int (clSetKernelArg (kernel, 10, sizeof (source),
                                &source),
        CL_SUCCESS);
  fail_unless_equals_int (clEnqueueNDRangeKernel (queue, kernel, rows ? 1 : 2,
                              NULL, global, NULL, 0, NULL, NULL),
      CL_SUCCESS);
  fail_unless_equals_int (clFinish (queue), CL_SUCCESS);
  clReleaseKernel (kernel);
  g_free (rows_name);
}

static void
read_buffer (cl_mem mem, gsize size, guint8 *data)
{
  fail_unless_equals_int (clEnqueueReadBuffer (queue, mem, CL_TRUE, 0, size,
                              data, 0, NULL, NULL),
      CL_SUCCESS);
}

/* The channel @k of @space's plane of a pixel's bytes @p: the colour
 * space's channel, or for GST_CL_COLOR_RGB, R, G or B. */
static guint
channel_of (guint space, guint k)
{
  return space == REF_COLOR_RGB ? REF_COLOR_R + k : space;
}

/* unpack_rgb, then pack_rgb with new values in the plane, as an element
 * does, on a random frame of odd width, rows padded by an odd number of
 * bytes: the plane (of GST_CL_COLOR_RGB, the three planes, an odd gap
 * apart) must hold the reference's channel, the frame the reference's round
 * trip in R, G and B and its other bytes unchanged; neither kernel may
 * write past a row's pixels. */
static void
check_frame (const RgbLayout *l, guint width, guint height, guint space,
    cl_program rows, guint bands, GRand *rand)
{
  const guint ppitch = width * l->pstride + 13, pitch = width + 7;
  const guint channels = space == REF_COLOR_RGB ? 3 : 1;
  const gsize psize = (gsize)ppitch * height, one = (gsize)pitch * height;
  const gsize gap = one + 5, size = gap * channels;
  guint8 *frame = g_malloc (psize), *packed = g_malloc (psize);
  guint8 *plane = g_malloc (size), *values = g_malloc (size);
  cl_mem packed_mem, plane_mem, out_mem;

  for (gsize i = 0; i < psize; i++)
    frame[i] = g_rand_int_range (rand, 0, 256);
  memset (plane, 0xa5, size);
  packed_mem = create_buffer (psize, frame);
  plane_mem = create_buffer (size, plane);
  run_frame_kernel ("unpack_rgb", packed_mem, ppitch, l, width, height,
      plane_mem, pitch, space, gap, NULL, rows, bands);
  read_buffer (plane_mem, size, plane);
  for (guint k = 0; k < channels; k++)
    for (guint y = 0; y < height; y++) {
      for (guint x = 0; x < pitch; x++) {
        guint expected = 0xa5;

        if (x < width) {
          const guint8 *p = frame + (gsize)y * ppitch + (gsize)x * l->pstride;

          expected = ref_color_channel (channel_of (space, k), p[l->r], p[l->g],
              p[l->b]);
        }
        fail_unless_equals_int (plane[k * gap + (gsize)y * pitch + x],
            expected);
      }
    }

  /* New values, as the element's output, packed from the input frame into
   * an output frame whose bytes start as 0x5a. */
  for (gsize i = 0; i < size; i++)
    values[i] = g_rand_int_range (rand, 0, 256);
  fail_unless_equals_int (clEnqueueWriteBuffer (queue, plane_mem, CL_TRUE, 0,
                              size, values, 0, NULL, NULL),
      CL_SUCCESS);
  memset (packed, 0x5a, psize);
  out_mem = create_buffer (psize, packed);
  run_frame_kernel ("pack_rgb", out_mem, ppitch, l, width, height, plane_mem,
      pitch, space, gap, packed_mem, rows, bands);
  read_buffer (out_mem, psize, packed);
  for (guint y = 0; y < height; y++) {
    for (guint x = 0; x < width; x++) {
      const gsize at = (gsize)y * ppitch + (gsize)x * l->pstride;
      guint8 e[4];

      memcpy (e, frame + at, l->pstride);
      for (guint k = 0; k < channels; k++)
        ref_color_replace (channel_of (space, k),
            values[k * gap + (gsize)y * pitch + x], &e[l->r], &e[l->g],
            &e[l->b]);
      if (memcmp (packed + at, e, l->pstride) != 0)
        fail ("%s space %u at (%u, %u): packed %02x%02x%02x%02x, "
              "expected %02x%02x%02x%02x",
            l->name, space, x, y, packed[at], packed[at + 1], packed[at + 2],
            l->pstride == 4 ? packed[at + 3] : 0, e[0], e[1], e[2],
            l->pstride == 4 ? e[3] : 0);
    }
    /* The row's padding, past its pixels, is not written. */
    for (gsize i = width * l->pstride; i < ppitch; i++)
      fail_unless_equals_int (packed[(gsize)y * ppitch + i], 0x5a);
  }
  clReleaseMemObject (out_mem);
  clReleaseMemObject (packed_mem);
  clReleaseMemObject (plane_mem);
  g_free (frame);
  g_free (packed);
  g_free (plane);
  g_free (values);
}

GST_START_TEST (test_unpack_pack_rgb)
{
  static const guint sizes[][2] = { { 641, 97 }, { 1, 5 }, { 37, 1 } };
  const guint spaces[] = { GST_CL_COLOR_YCRCB, GST_CL_COLOR_LAB,
    GST_CL_COLOR_GRAY, GST_CL_COLOR_RGB };
  GRand *rand = g_rand_new_with_seed (20261124);

  G_STATIC_ASSERT (GST_CL_COLOR_YCRCB == REF_COLOR_YCRCB &&
                   GST_CL_COLOR_LAB == REF_COLOR_LAB &&
                   GST_CL_COLOR_GRAY == REF_COLOR_GRAY &&
                   GST_CL_COLOR_RGB == REF_COLOR_RGB);
  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    for (guint s = 0; s < G_N_ELEMENTS (spaces); s++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        check_frame (&layouts[l], sizes[z][0], sizes[z][1], spaces[s], NULL, 0,
            rand);
  g_rand_free (rand);
}

GST_END_TEST;

/* The same with the CPU path's kernels, of programs built for each layout
 * and space as gstclframeplan.c builds them, in as many bands as rows, in
 * one band, and in a few. */
GST_START_TEST (test_unpack_pack_rgb_rows)
{
  static const guint sizes[][2] = { { 641, 97 }, { 1, 5 }, { 37, 1 },
    { 16, 3 } };
  const guint spaces[] = { GST_CL_COLOR_YCRCB, GST_CL_COLOR_LAB,
    GST_CL_COLOR_GRAY, GST_CL_COLOR_RGB };
  GRand *rand = g_rand_new_with_seed (20261127);

  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    for (guint s = 0; s < G_N_ELEMENTS (spaces); s++) {
      const RgbLayout *lay = &layouts[l];
      gchar *options =
          g_strdup_printf ("-cl-std=CL1.2 -DGST_CL_ROWS=1 "
                           "-DGST_CL_RGB_SPACE=%u -DGST_CL_RGB_PSTRIDE=%u "
                           "-DGST_CL_RGB_OFFSETS=%u",
              spaces[s], lay->pstride, lay->r | lay->g << 8 | lay->b << 16);
      cl_program rows = build_program (options);

      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        check_frame (lay, sizes[z][0], sizes[z][1], spaces[s], rows,
            MAX (1, sizes[z][1] / (1 + z % 3)), rand);
      clReleaseProgram (rows);
      g_free (options);
    }
  g_rand_free (rand);
}

GST_END_TEST;

/* rgbtable.cl's histogram_rgb_rows, over a region of a random frame
 * (odd width, rows padded by an odd number of bytes) in @bands bands, must
 * give the reference's histogram of the channel; map_rgb_rows, with a
 * random table, the reference's pixel with the channel replaced by its
 * entry, the other bytes as they were and the rows' padding untouched,
 * into another frame and in place. */
static void
check_table_frame (cl_program p, const RgbLayout *l, guint width, guint height,
    guint space, guint bands, GRand *rand)
{
  const guint pitch = width * l->pstride + 13;
  const gsize size = (gsize)pitch * height;
  const guint rx = width / 3, ry = height / 4;
  const guint rw = width - rx - width / 5, rh = height - ry;
  const guint rows = (height + bands - 1) / bands;
  const guint parts = (rh + rows - 1) / rows;
  guint8 *frame = g_malloc (size), *out = g_malloc (size);
  guint8 table[256];
  guint *parts_hist = g_new0 (guint, (gsize)parts * 256);
  guint expected[256] = { 0 }, counted[256] = { 0 };
  cl_kernel hist_k = create_kernel_of (p, "histogram_rgb_rows");
  cl_kernel map_k = create_kernel_of (p, "map_rgb_rows");
  cl_mem src, dst, hist, lut;
  const cl_uint zero = 0;

  for (gsize i = 0; i < size; i++)
    frame[i] = g_rand_int_range (rand, 0, 256);
  for (guint i = 0; i < 256; i++)
    table[i] = g_rand_int_range (rand, 0, 256);
  src = create_buffer (size, frame);
  hist = create_buffer ((gsize)parts * 256 * 4, NULL);
  lut = create_buffer (256, table);

  {
    const cl_uint args[] = { pitch, rx, ry, rw, rh, rows, zero, zero, zero };
    const size_t global[1] = { parts }, local[1] = { 1 };

    fail_unless_equals_int (clSetKernelArg (hist_k, 0, sizeof (src), &src),
        CL_SUCCESS);
    for (guint a = 0; a < G_N_ELEMENTS (args); a++)
      fail_unless_equals_int (clSetKernelArg (hist_k, 1 + a, sizeof (cl_uint),
                                  &args[a]),
          CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (hist_k, 10, sizeof (hist), &hist),
        CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (hist_k, 11, 4, NULL), CL_SUCCESS);
    fail_unless_equals_int (clEnqueueNDRangeKernel (queue, hist_k, 1, NULL,
                                global, local, 0, NULL, NULL),
        CL_SUCCESS);
    read_buffer (hist, (gsize)parts * 256 * 4, (guint8 *)parts_hist);
  }
  for (guint y = ry; y < ry + rh; y++)
    for (guint x = rx; x < rx + rw; x++) {
      const guint8 *px = frame + (gsize)y * pitch + (gsize)x * l->pstride;

      expected[ref_color_channel (space, px[l->r], px[l->g], px[l->b])]++;
    }
  for (guint k = 0; k < parts; k++)
    for (guint b = 0; b < 256; b++)
      counted[b] += parts_hist[k * 256 + b];
  for (guint b = 0; b < 256; b++)
    if (counted[b] != expected[b])
      fail ("%s space %u %ux%u in %u bands: bin %u counted %u, expected %u",
          l->name, space, width, height, bands, b, counted[b], expected[b]);

  /* Into another frame, then in place. */
  for (guint in_place = 0; in_place < 2; in_place++) {
    const cl_uint args[] = { pitch, width, height, rows };
    const size_t global[1] = { (height + rows - 1) / rows }, one[1] = { 1 };

    memset (out, 0x5a, size);
    dst = in_place ? clRetainMemObject (src), src : create_buffer (size, out);
    if (in_place)
      fail_unless_equals_int (clEnqueueWriteBuffer (queue, src, CL_TRUE, 0,
                                  size, frame, 0, NULL, NULL),
          CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (map_k, 0, sizeof (src), &src),
        CL_SUCCESS);
    for (guint a = 0; a < G_N_ELEMENTS (args); a++)
      fail_unless_equals_int (clSetKernelArg (map_k, 1 + a, sizeof (cl_uint),
                                  &args[a]),
          CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (map_k, 5, sizeof (dst), &dst),
        CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (map_k, 6, sizeof (cl_uint), &pitch),
        CL_SUCCESS);
    fail_unless_equals_int (clSetKernelArg (map_k, 7, sizeof (lut), &lut),
        CL_SUCCESS);
    fail_unless_equals_int (clEnqueueNDRangeKernel (queue, map_k, 1, NULL,
                                global, one, 0, NULL, NULL),
        CL_SUCCESS);
    read_buffer (dst, size, out);
    for (guint y = 0; y < height; y++) {
      for (guint x = 0; x < width; x++) {
        const gsize at = (gsize)y * pitch + (gsize)x * l->pstride;
        guint8 e[4];

        memcpy (e, frame + at, l->pstride);
        ref_color_replace (space,
            table[ref_color_channel (space, e[l->r], e[l->g], e[l->b])],
            &e[l->r], &e[l->g], &e[l->b]);
        if (memcmp (out + at, e, l->pstride) != 0)
          fail ("%s space %u %ux%u%s at (%u, %u): mapped "
                "%02x%02x%02x%02x, expected %02x%02x%02x%02x",
              l->name, space, width, height, in_place ? " in place" : "", x, y,
              out[at], out[at + 1], out[at + 2],
              l->pstride == 4 ? out[at + 3] : 0, e[0], e[1], e[2],
              l->pstride == 4 ? e[3] : 0);
      }
      /* The row's padding: another frame's untouched, in place the
       * input's. */
      for (gsize i = width * l->pstride; i < pitch; i++)
        fail_unless_equals_int (out[(gsize)y * pitch + i],
            in_place ? frame[(gsize)y * pitch + i] : 0x5a);
    }
    clReleaseMemObject (dst);
  }
  clReleaseKernel (hist_k);
  clReleaseKernel (map_k);
  clReleaseMemObject (src);
  clReleaseMemObject (hist);
  clReleaseMemObject (lut);
  g_free (parts_hist);
  g_free (frame);
  g_free (out);
}

/* rgbtable.cl's kernels, built as gstclrgbtable.c builds them for each
 * layout with YCrCb's luma, the channel clhistequalize gives them; for a
 * layout of 4 bytes and one of 3 also with Lab's L, with the table
 * looked up without the CPU's byte shuffle (-DGST_CL_LUT_SCALAR), and as
 * CPUs without AVX-512 look it up (-DGST_CL_LUT_AVX2). Each in as many
 * bands as rows, in one, and in a few. */
GST_START_TEST (test_rgb_table_rows)
{
  static const guint sizes[][2] = { { 641, 97 }, { 5, 5 }, { 37, 4 }, { 32, 3 },
    { 95, 8 } };
  static const struct {
    guint space;
    const gchar *options;
  } builds[] = {
    { GST_CL_COLOR_YCRCB, "" },
    { GST_CL_COLOR_LAB, "" },
    { GST_CL_COLOR_YCRCB, " -DGST_CL_LUT_SCALAR" },
    { GST_CL_COLOR_YCRCB, " -DGST_CL_LUT_AVX2" },
  };
  GRand *rand = g_rand_new_with_seed (20261128);

  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    for (guint v = 0; v < G_N_ELEMENTS (builds); v++) {
      const RgbLayout *lay = &layouts[l];
      gchar *options;
      cl_program p;

      /* RGB (3 bytes) and BGRA (4) take every build. */
      if (v > 0 && l != 0 && l != 3)
        continue;
      options = g_strdup_printf ("-cl-std=CL1.2 -DGST_CL_ROWS=1 "
                                 "-DGST_CL_RGB_SPACE=%u "
                                 "-DGST_CL_RGB_PSTRIDE=%u "
                                 "-DGST_CL_RGB_OFFSETS=%u%s",
          builds[v].space, lay->pstride, lay->r | lay->g << 8 | lay->b << 16,
          builds[v].options);
      p = build_source (gst_cl_kernel_rgbtable, options);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        check_table_frame (p, lay, sizes[z][0], sizes[z][1], builds[v].space,
            MAX (1, sizes[z][1] / (1 + z % 3)), rand);
      clReleaseProgram (p);
      g_free (options);
    }
  g_rand_free (rand);
}

GST_END_TEST;

static Suite *
colorconvert_suite (void)
{
  Suite *s = suite_create ("colorconvert");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_every_input);
  tcase_add_test (tc, test_unpack_pack_rgb);
  tcase_add_test (tc, test_unpack_pack_rgb_rows);
  tcase_add_test (tc, test_rgb_table_rows);
  return s;
}

GST_CHECK_MAIN (colorconvert);
