/* Engine benchmark: on-device time per operation, from OpenCL profiling
 * events around batches of repeated launches (median of the batches), with
 * clFFT measured in the same run where it is built in.
 *
 * Usage: bench-engine [--csv FILE] [--batches N] [--reps N] [--quick]
 *   [--only GROUPS]
 * GROUPS: comma-separated, of pair, filter, passes, frames, mirror, r2c,
 * spectrum
 * (default all).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-spectrum.h"
#include "engine/clfft-transform.h"
#include "bench-util.h"
#include "peer-clfft.h"
#include "peer-vkfft.h"

static guint n_batches = 15, n_reps = 20;
static ClfftEngine *engine;
static cl_command_queue queue;
static FILE *csv;

#define CHECK_CL(call) G_STMT_START { \
  cl_int _st = (call); \
  if (_st != CL_SUCCESS) \
    g_error ("%s failed: %s (%d)", #call, clfft_cl_status_name (_st), _st); \
} G_STMT_END

typedef gboolean (*RunFunc) (gpointer data);

static cl_ulong
event_end (cl_event event)
{
  cl_ulong t = 0;

  CHECK_CL (clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END,
          sizeof (t), &t, NULL));
  return t;
}

/* Median over batches of the device time per run, in microseconds: the
 * span between a marker before and a marker after n_reps runs. */
static gdouble
median_device_us (RunFunc run, gpointer data)
{
  gdouble *times = g_new (gdouble, n_batches), median;

  for (guint i = 0; i < 3; i++)
    if (!run (data))
      g_error ("warm-up run failed");
  CHECK_CL (clFinish (queue));
  for (guint b = 0; b < n_batches; b++) {
    cl_event start, end;

    CHECK_CL (clEnqueueMarkerWithWaitList (queue, 0, NULL, &start));
    for (guint r = 0; r < n_reps; r++)
      if (!run (data))
        g_error ("run failed");
    CHECK_CL (clEnqueueMarkerWithWaitList (queue, 0, NULL, &end));
    CHECK_CL (clWaitForEvents (1, &end));
    times[b] = (event_end (end) - event_end (start)) / 1000.0 / n_reps;
    CHECK_CL (clReleaseEvent (start));
    CHECK_CL (clReleaseEvent (end));
  }
  median = bench_median (times, n_batches);
  g_free (times);
  return median;
}

static void
report (const gchar * kase, guint a, guint b, const gchar * library,
    gdouble us, gdouble peer_us, gdouble rel_diff)
{
  gchar size[32], ratio[16] = "", diff[16] = "";

  g_snprintf (size, sizeof (size), "%ux%u", a, b);
  if (peer_us > 0)
    g_snprintf (ratio, sizeof (ratio), "%.2f", us / peer_us);
  if (rel_diff >= 0)
    g_snprintf (diff, sizeof (diff), "%.1e", rel_diff);
  printf ("%-14s %-10s %-14s %10.1f %12s %10s\n", kase, size, library, us,
      ratio, diff);
  if (csv)
    fprintf (csv, "%s,%u,%u,%s,%.3f,%s,%s\n", kase, a, b, library, us, ratio,
        diff);
  fflush (stdout);
}

static cl_mem
random_buffer (gsize n_floats, gfloat ** host)
{
  gfloat *data = g_new (gfloat, n_floats);
  cl_mem buffer;
  cl_int st;

  for (gsize i = 0; i < n_floats; i++)
    data[i] = (gfloat) g_random_double_range (-1.0, 1.0);
  buffer = clCreateBuffer (clfft_engine_get_context (engine),
      CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n_floats * sizeof (gfloat),
      data, &st);
  CHECK_CL (st);
  if (host)
    *host = data;
  else
    g_free (data);
  return buffer;
}

static cl_mem
empty_buffer (gsize n_floats)
{
  cl_int st;
  cl_mem buffer = clCreateBuffer (clfft_engine_get_context (engine),
      CL_MEM_READ_WRITE, n_floats * sizeof (gfloat), NULL, &st);

  CHECK_CL (st);
  return buffer;
}

static gfloat *
read_floats (cl_mem buffer, gsize n_floats)
{
  gfloat *data = g_new (gfloat, n_floats);

  CHECK_CL (clEnqueueReadBuffer (queue, buffer, CL_TRUE, 0,
          n_floats * sizeof (gfloat), data, 0, NULL, NULL));
  return data;
}

static gdouble
relative_difference (const gfloat * a, const gfloat * b, gsize n)
{
  gdouble d = 0, norm = 0;

  for (gsize i = 0; i < n; i++) {
    d += ((gdouble) a[i] - b[i]) * ((gdouble) a[i] - b[i]);
    norm += (gdouble) b[i] * b[i];
  }
  return sqrt (d / norm);
}

/* ---- 2D complex forward + inverse pair ------------------------------- */

typedef struct
{
  ClfftPlan2d *plan, *inverse_plan;     /* inverse_plan: C2R, else plan */
  PeerClfft *peer;
  cl_mem in, spectrum, out;
} Pair2d;

static gboolean
run_pair_ours (gpointer data)
{
  Pair2d *p = data;

  return clfft_plan_2d_enqueue (p->plan, CLFFT_FORWARD, p->in, p->spectrum,
      0, NULL, NULL, NULL)
      && clfft_plan_2d_enqueue (p->inverse_plan, CLFFT_INVERSE, p->spectrum,
      p->out, 0, NULL, NULL, NULL);
}

static gboolean
run_pair_peer (gpointer data)
{
  Pair2d *p = data;

  return peer_clfft_enqueue (p->peer, TRUE, p->in, p->spectrum)
      && peer_clfft_enqueue (p->peer, FALSE, p->spectrum, p->out);
}

static gboolean
run_vkfft_pair (gpointer data)
{
  return peer_vkfft_enqueue (data, TRUE) && peer_vkfft_enqueue (data, FALSE);
}

static gboolean
run_vkfft_forward (gpointer data)
{
  return peer_vkfft_enqueue (data, TRUE);
}

/* VkFFT's time for run (its pair, or its forward transform alone) on in
 * and out, and the relative difference of its forward output from ours
 * (n_out floats of out, read before this); 0 when VkFFT is not built in
 * or refuses the shape. */
static gdouble
measure_vkfft (PeerVkfft * peer, RunFunc run, cl_mem out, const gfloat * ours,
    gsize n_out, gdouble * diff)
{
  gfloat *theirs;
  gdouble us;

  if (!peer)
    return 0;
  us = median_device_us (run, peer);
  if (!peer_vkfft_enqueue (peer, TRUE))
    g_error ("VkFFT forward failed");
  theirs = read_floats (out, n_out);
  *diff = relative_difference (ours, theirs, n_out);
  g_free (theirs);
  peer_vkfft_free (peer);
  return us;
}

/* A forward and inverse pair, complex (real = FALSE) or R2C + C2R; for
 * R2C + C2R also VkFFT's, whose time it returns (0 without VkFFT). Ratios
 * are ours to clFFT's and ours to VkFFT's. */
static gdouble
bench_pair_2d (guint w, guint h, gboolean real)
{
  Pair2d p = { 0, };
  gsize n_in = real ? (gsize) w * h : (gsize) 2 * w * h;
  gsize n_spec = real ? (gsize) 2 * (w / 2 + 1) * h : n_in;
  const gchar *kase = real ? "r2c-c2r-2d" : "c2c-2d-pair";
  GError *error = NULL;
  gfloat *ours, *theirs;
  gdouble us, peer_us = 0, diff = -1, vk_us = 0, vk_diff = -1;

  p.plan = clfft_plan_2d_new (engine, real ? CLFFT_R2C : CLFFT_C2C, w, h,
      &error);
  if (p.plan && real)
    p.inverse_plan = clfft_plan_2d_new (engine, CLFFT_C2R, w, h, &error);
  else
    p.inverse_plan = p.plan;
  if (!p.plan || !p.inverse_plan)
    g_error ("2D plan %ux%u: %s", w, h, error->message);
  p.in = random_buffer (n_in, NULL);
  p.spectrum = empty_buffer (n_spec);
  p.out = empty_buffer (n_in);
  us = median_device_us (run_pair_ours, &p);

  p.peer = real ? peer_clfft_new_2d_real (clfft_engine_get_context (engine),
      queue, w, h) : peer_clfft_new_2d_c2c (clfft_engine_get_context (engine),
      queue, w, h);
  if (p.peer) {
    if (!clfft_plan_2d_enqueue (p.plan, CLFFT_FORWARD, p.in, p.spectrum, 0,
            NULL, NULL, &error))
      g_error ("%s", error->message);
    ours = read_floats (p.spectrum, n_spec);
    peer_us = median_device_us (run_pair_peer, &p);
    if (!peer_clfft_enqueue (p.peer, TRUE, p.in, p.spectrum))
      g_error ("clFFT forward failed");
    theirs = read_floats (p.spectrum, n_spec);
    diff = relative_difference (ours, theirs, n_spec);
    g_free (ours);
    g_free (theirs);
  }
  report (kase, w, h, "gst-clfft", us, peer_us, diff);
  if (p.peer) {
    report (kase, w, h, peer_clfft_version (), peer_us, 0, -1);
    peer_clfft_free (p.peer);
  }
  /* VkFFT's default last, so that vk_us is its time */
  for (gint lut = 1; real && lut >= 0; lut--) {
    PeerVkfft *vk = peer_vkfft_new_2d_real (clfft_engine_get_context
        (engine), clfft_engine_get_device (engine)->id, queue, w, h, p.in,
        p.spectrum, lut);

    if (!clfft_plan_2d_enqueue (p.plan, CLFFT_FORWARD, p.in, p.spectrum, 0,
            NULL, NULL, &error))
      g_error ("%s", error->message);
    ours = read_floats (p.spectrum, n_spec);
    vk_us = measure_vkfft (vk, run_vkfft_pair, p.spectrum, ours, n_spec,
        &vk_diff);
    g_free (ours);
    if (vk_us > 0) {
      report (kase, w, h, "gst-clfft/VkFFT", us, vk_us, vk_diff);
      report (kase, w, h, peer_vkfft_name (lut), vk_us, 0, -1);
    }
  }
  if (p.inverse_plan != p.plan)
    clfft_plan_2d_free (p.inverse_plan);
  clfft_plan_2d_free (p.plan);
  CHECK_CL (clReleaseMemObject (p.in));
  CHECK_CL (clReleaseMemObject (p.spectrum));
  CHECK_CL (clReleaseMemObject (p.out));
  return vk_us;
}

/* ---- batched 1D real-to-complex ---------------------------------------- */

typedef struct
{
  ClfftPlan1d *plan;
  PeerClfft *peer;
  cl_mem in, out;
} R2c1d;

static gboolean
run_r2c_ours (gpointer data)
{
  R2c1d *p = data;

  return clfft_plan_1d_enqueue (p->plan, CLFFT_FORWARD, p->in, p->out, 0,
      NULL, NULL, NULL);
}

static gboolean
run_r2c_peer (gpointer data)
{
  R2c1d *p = data;

  return peer_clfft_enqueue (p->peer, TRUE, p->in, p->out);
}

static void
bench_r2c_1d (guint n, guint batch)
{
  ClfftPlan1dDesc desc = { CLFFT_R2C, n, batch, 0, 0, 0, 0 };
  R2c1d p = { 0, };
  gsize n_out = (gsize) 2 * (n / 2 + 1) * batch;
  GError *error = NULL;
  gfloat *ours, *theirs;
  gdouble us, peer_us = 0, diff = -1;

  p.plan = clfft_plan_1d_new (engine, &desc, &error);
  if (!p.plan)
    g_error ("R2C plan %ux%u: %s", n, batch, error->message);
  p.in = random_buffer ((gsize) n * batch, NULL);
  p.out = empty_buffer (n_out);
  us = median_device_us (run_r2c_ours, &p);

  p.peer = peer_clfft_new_1d_r2c (clfft_engine_get_context (engine), queue,
      n, batch);
  if (p.peer) {
    run_r2c_ours (&p);
    ours = read_floats (p.out, n_out);
    peer_us = median_device_us (run_r2c_peer, &p);
    theirs = read_floats (p.out, n_out);
    diff = relative_difference (ours, theirs, n_out);
    g_free (ours);
    g_free (theirs);
  }
  report ("r2c-1d", n, batch, "gst-clfft", us, peer_us, diff);
  if (p.peer) {
    report ("r2c-1d", n, batch, peer_clfft_version (), peer_us, 0, -1);
    peer_clfft_free (p.peer);
  }
  for (gint lut = 1; lut >= 0; lut--) {
    PeerVkfft *vk = peer_vkfft_new_1d_r2c (clfft_engine_get_context (engine),
        clfft_engine_get_device (engine)->id, queue, n, batch, p.in, p.out,
        lut);
    gdouble vk_us, vk_diff = -1;

    run_r2c_ours (&p);
    ours = read_floats (p.out, n_out);
    vk_us = measure_vkfft (vk, run_vkfft_forward, p.out, ours, n_out,
        &vk_diff);
    g_free (ours);
    if (vk_us > 0) {
      report ("r2c-1d", n, batch, "gst-clfft/VkFFT", us, vk_us, vk_diff);
      report ("r2c-1d", n, batch, peer_vkfft_name (lut), vk_us, 0, -1);
    }
  }
  clfft_plan_1d_free (p.plan);
  CHECK_CL (clReleaseMemObject (p.in));
  CHECK_CL (clReleaseMemObject (p.out));
}

/* ---- the 8-bit filter path of clfft2dfilter ------------------------- */

static gboolean
run_filter (gpointer data)
{
  return clfft_filter2d_enqueue (data, NULL);
}

/* The filter path's device time; with vk_pair_us (VkFFT's bare R2C + C2R
 * pair on float data of the same size, 0 if none) the ratio to it. */
static void
bench_filter (guint w, guint h, ClfftPadding padding, gdouble vk_pair_us)
{
  GError *error = NULL;
  ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8,
      padding, &error);
  guint8 *frame = g_malloc ((gsize) w * h);

  if (!filter)
    g_error ("filter %ux%u: %s", w, h, error->message);
  for (gsize i = 0; i < (gsize) w * h; i++)
    frame[i] = g_random_int_range (0, 256);
  /* one real frame through, so the device buffers hold a real picture */
  if (!clfft_filter2d_process (filter, frame, w, frame, w, &error))
    g_error ("%s", error->message);
  report (padding == CLFFT_PADDING_MIRROR ? "filter-mirror" :
      "filter-gray8", w, h, vk_pair_us > 0 ? "gst-clfft/VkFFT" : "gst-clfft",
      median_device_us (run_filter, filter), vk_pair_us, -1);
  clfft_filter2d_free (filter);
  g_free (frame);
}

/* The filter path's passes one by one, built as clfft-filter2d.c builds
 * them for an even width and a one-pass height; pass-columns-* are
 * variants: the forward alone, and over the transposed spectrum. */
typedef struct
{
  ClfftTransform *t;
  ClfftScratch scratch;
  cl_mem src, dst, gain;
  ClfftRowLayout src_layout, dst_layout;
  guint batch, gain_distance;
} PassRun;

static gboolean
run_pass (gpointer data)
{
  PassRun *r = data;

  return clfft_transform_enqueue (r->t, &r->scratch, r->src, r->src_layout,
      r->dst, r->dst_layout, r->batch, r->gain, r->gain_distance, 1.0f, NULL,
      NULL);
}

static void
bench_filter_passes (guint w, guint h)
{
  const guint bins = w / 2 + 1, across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  const ClfftRowLayout pixels = { 1, w }, bin_rows = { 1, bins };
  const ClfftRowLayout columns = { bins, 1 }, column_rows = { 1, h };
  const struct
  {
    const gchar *name;
    ClfftTransformSpec spec;
    gboolean from_bytes, to_bytes;
    ClfftRowLayout src, dst;
    gboolean gain;
  } passes[] = {
    {"pass-rows-fwd", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
            CLFFT_STORE_HALF_SPECTRUM, 0, h}, TRUE, FALSE, pixels, bin_rows},
    {"pass-columns", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            CLFFT_ROW_GAIN_BETWEEN | across, bins}, FALSE, FALSE, columns,
        columns, TRUE},
    {"pass-columns-fwd", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            across, bins}, FALSE, FALSE, columns, columns},
    {"pass-columns-t", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            CLFFT_ROW_GAIN_BETWEEN, bins}, FALSE, FALSE, column_rows,
        column_rows, TRUE},
    {"pass-columns-t-fwd", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            0, bins}, FALSE, FALSE, column_rows, column_rows},
    /* the kernel of pass-columns-fwd on contiguous rows: what the walk
     * down the columns costs */
    {"pass-across-on-rows", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            across, bins}, FALSE, FALSE, column_rows, column_rows},
    {"pass-rows-inv", {w / 2, 1, CLFFT_LOAD_HALF_SPECTRUM,
            CLFFT_STORE_U8_PAIRS, 0, h}, FALSE, TRUE, bin_rows, pixels},
  };
  cl_mem bytes = random_buffer ((gsize) w * h / 4, NULL);
  cl_mem spectrum = random_buffer ((gsize) 2 * bins * h, NULL);
  cl_mem gain = random_buffer ((gsize) bins * h, NULL);
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (passes); i++) {
    ClfftTransform t;
    PassRun r = { &t, {0,}, passes[i].from_bytes ? bytes : spectrum,
      passes[i].to_bytes ? bytes : spectrum, passes[i].gain ? gain : NULL,
      passes[i].src, passes[i].dst, passes[i].spec.max_batch,
      passes[i].gain ? h : 0
    };

    if (!clfft_transform_init (&t, engine, &passes[i].spec, &error))
      g_error ("%s: %s", passes[i].name, error->message);
    report (passes[i].name, w, h, clfft_transform_describe (&t),
        median_device_us (run_pass, &r), 0, -1);
    clfft_transform_clear (&t);
  }
  /* VkFFT's own passes for comparison: the column transforms alone (in
   * place, forward), and its row R2C (out of place) */
  {
    cl_mem reals = random_buffer ((gsize) w * h, NULL);
    PeerVkfft *columns = peer_vkfft_new_columns (clfft_engine_get_context
        (engine), clfft_engine_get_device (engine)->id, queue, bins, h,
        spectrum, FALSE);
    PeerVkfft *rows = peer_vkfft_new_1d_r2c (clfft_engine_get_context
        (engine), clfft_engine_get_device (engine)->id, queue, w, h, reals,
        spectrum, FALSE);

    if (columns)
      report ("pass-columns-fwd", w, h, peer_vkfft_name (FALSE),
          median_device_us (run_vkfft_forward, columns), 0, -1);
    if (rows)
      report ("pass-rows-fwd", w, h, peer_vkfft_name (FALSE),
          median_device_us (run_vkfft_forward, rows), 0, -1);
    peer_vkfft_free (columns);
    peer_vkfft_free (rows);
    CHECK_CL (clReleaseMemObject (reals));
  }
  CHECK_CL (clReleaseMemObject (bytes));
  CHECK_CL (clReleaseMemObject (spectrum));
  CHECK_CL (clReleaseMemObject (gain));
}

/* How frames reach the device in bench_frames. */
typedef enum
{
  FRAMES_STAGED,                /* pageable, staged through pinned memory */
  FRAMES_DRIVER,                /* pageable, handed to the driver as is */
  FRAMES_PINNED,                /* in pinned host buffers */
  FRAMES_IN_PLACE,              /* pageable, used in place (zero copy) */
} FramesMemory;

static const gchar *const frames_case[] = {
  "frames-staged", "frames-driver", "frames-pinned", "frames-in-place"
};

/* Wall time per frame of n_frames 8-bit frames through the filter with
 * their transfers, depth frames in flight: the median of n_batches runs. */
static gdouble
median_frame_us (ClfftFilter2d * filter, gsize size, guint w, guint depth,
    FramesMemory memory, guint8 * frames, guint n_frames, guint8 * out)
{
  gdouble *times = g_new (gdouble, n_batches), median;
  /* FRAMES_DRIVER: the engine takes the memory as pinned and so hands the
   * pointer to the driver, which stages pageable memory its own way */
  gboolean pinned = memory == FRAMES_PINNED || memory == FRAMES_DRIVER;
  GError *error = NULL;

  clfft_filter2d_set_zero_copy (filter, memory == FRAMES_IN_PLACE);
  for (guint b = 0; b < n_batches; b++) {
    gint64 start = g_get_monotonic_time ();
    guint submitted = 0;

    for (guint collected = 0; collected < n_frames; collected++) {
      while (submitted < n_frames && submitted < collected + depth) {
        ClfftHostFrame src = { frames + submitted * size, w, pinned },
            dst = { out + submitted * size, w, pinned };

        if (!clfft_filter2d_submit (filter, &src, &dst, &error))
          g_error ("%s", error->message);
        submitted++;
      }
      if (!clfft_filter2d_collect (filter, &error))
        g_error ("%s", error->message);
    }
    times[b] = (gdouble) (g_get_monotonic_time () - start) / n_frames;
  }
  median = bench_median (times, n_batches);
  g_free (times);
  return median;
}

/* Frames with their uploads and downloads, one at a time and two in
 * flight, from each kind of host memory (in place only where the device's
 * memory is the host's); every output must be the same bytes. The ratio
 * column is to staged frames at depth 1. */
static void
bench_frames (guint w, guint h)
{
  gsize size = (gsize) w * h;
  /* at most 128 MiB of frames each way */
  const guint n_frames = MIN (50, (128u << 20) / size);
  GError *error = NULL;
  ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  ClfftHostBuffer *pinned_in, *pinned_out;
  guint8 *frames = g_malloc (n_frames * size), *first_out = NULL;
  guint8 *out = g_malloc (n_frames * size);
  gdouble base = 0;

  if (!filter)
    g_error ("filter %ux%u: %s", w, h, error->message);
  pinned_in = clfft_host_buffer_new (engine, n_frames * size, &error);
  pinned_out = pinned_in ? clfft_host_buffer_new (engine, n_frames * size,
      &error) : NULL;
  if (!pinned_out)
    g_error ("pinned host memory: %s", error->message);
  for (gsize i = 0; i < n_frames * size; i++)
    frames[i] = g_random_int_range (0, 256);
  memcpy (clfft_host_buffer_get_data (pinned_in), frames, n_frames * size);
  for (FramesMemory memory = FRAMES_STAGED; memory <= FRAMES_IN_PLACE;
      memory++) {
    gboolean is_pinned = memory == FRAMES_PINNED;
    guint8 *in_data = is_pinned ? clfft_host_buffer_get_data (pinned_in) :
        frames;
    guint8 *out_data = is_pinned ? clfft_host_buffer_get_data (pinned_out) :
        out;

    if (memory == FRAMES_IN_PLACE
        && !clfft_engine_get_device (engine)->host_unified_memory)
      continue;
    for (guint depth = 1; depth <= 2; depth++) {
      gchar *name = g_strdup_printf ("%s-depth%u", frames_case[memory],
          depth);
      gdouble us = median_frame_us (filter, size, w, depth, memory, in_data,
          n_frames, out_data);

      if (!first_out)
        first_out = g_memdup2 (out_data, n_frames * size);
      else if (memcmp (first_out, out_data, n_frames * size) != 0)
        g_error ("frames %ux%u: %s differ from the first", w, h, name);
      if (base == 0)
        base = us;
      report (name, w, h, "gst-clfft", us, base, -1);
      g_free (name);
    }
  }
  clfft_filter2d_free (filter);
  clfft_host_buffer_free (pinned_in);
  clfft_host_buffer_free (pinned_out);
  g_free (frames);
  g_free (out);
  g_free (first_out);
}

/* clfft_spectrum_run over several chunks from pageable memory (as
 * clfftspectrum stages them), with each chunk's upload overlapping the
 * transform before it (two device buffers) and without (one): wall
 * microseconds per run, median of n_batches runs; both give the same sums
 * bit for bit. Ratio: two buffers to one. */
static void
bench_spectrum_chunks (guint n, guint channels, guint n_steps)
{
  GError *error = NULL;
  ClfftSpectrum *s = clfft_spectrum_new (engine, n, channels,
      CLFFT_WINDOW_HANN, &error);
  gsize count = (gsize) n_steps * channels * n, n_sums;
  const guint groups[] = { 0, n_steps / 2, n_steps };
  gfloat *frames, *sums[2];
  gdouble us[2], *times = g_new (gdouble, n_batches);

  if (!s)
    g_error ("spectrum %u x %u: %s", n, channels, error->message);
  n_sums = 2 * (gsize) channels * clfft_spectrum_get_bins (s);
  frames = g_new (gfloat, count);
  for (gsize i = 0; i < count; i++)
    frames[i] = g_random_double_range (-1, 1);
  for (guint two = 0; two <= 1; two++) {
    sums[two] = g_new (gfloat, n_sums);
    clfft_spectrum_set_double_buffering (s, two);
    for (guint b = 0; b <= n_batches; b++) {
      gint64 start = g_get_monotonic_time ();

      if (!clfft_spectrum_run (s, frames, n_steps, groups, 2, -90.0,
              sums[two], NULL, &error))
        g_error ("%s", error->message);
      /* the first run builds the plan */
      if (b > 0)
        times[b - 1] = g_get_monotonic_time () - start;
    }
    us[two] = bench_median (times, n_batches);
  }
  if (memcmp (sums[0], sums[1], n_sums * sizeof (gfloat)) != 0)
    g_error ("spectrum %u x %u: two buffers give other sums", n, channels);
  report ("spectrum-1-buffer", n, n_steps * channels, "gst-clfft", us[0], 0,
      -1);
  report ("spectrum-2-buffers", n, n_steps * channels, "gst-clfft", us[1],
      us[0], -1);
  clfft_spectrum_free (s);
  g_free (frames);
  g_free (sums[0]);
  g_free (sums[1]);
  g_free (times);
}

static gchar **only;

/* Whether the group of cases was asked for (--only). */
static gboolean
wanted (const gchar * group)
{
  return !only || g_strv_contains ((const gchar * const *) only, group);
}

int
main (int argc, char **argv)
{
  static const guint frames[][2] = {
    {640, 480}, {1280, 720}, {1920, 1080}, {3840, 2160},
    {7680, 4320},               /* rows and columns in two passes */
  };
  GError *error = NULL;
  gboolean quick = FALSE;

  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--csv") && i + 1 < argc)
      csv = fopen (argv[++i], "w");
    else if (!strcmp (argv[i], "--batches") && i + 1 < argc)
      n_batches = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--reps") && i + 1 < argc)
      n_reps = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--quick"))
      quick = TRUE;
    else if (!strcmp (argv[i], "--only") && i + 1 < argc)
      only = g_strsplit (argv[++i], ",", -1);
  }
  engine = clfft_engine_get (-1, &error);
  if (!engine)
    g_error ("%s", error->message);
  queue = clfft_engine_get_queue (engine);
  printf ("device: %s (%s, driver %s)\n",
      clfft_engine_get_device (engine)->name,
      clfft_engine_get_device (engine)->platform_name,
      clfft_engine_get_device (engine)->driver_version);
  printf ("median of %u batches of %u runs; ratio = gst-clfft / peer (the "
      "row before), or / VkFFT in gst-clfft/VkFFT rows (filter-gray8: / "
      "VkFFT's R2C + C2R pair of the size)\n", n_batches, n_reps);
  printf ("%-14s %-10s %-14s %10s %12s %10s\n", "case", "size", "library",
      "device_us", "ratio_peer", "rel_diff");
  if (csv)
    fprintf (csv, "case,size_a,size_b,library,device_us,ratio_peer,"
        "rel_diff\n");

  for (guint i = 0; i < (quick ? 1 : G_N_ELEMENTS (frames)); i++) {
    gdouble vk_pair_us = 0;

    if (wanted ("pair") || wanted ("filter"))
      vk_pair_us = bench_pair_2d (frames[i][0], frames[i][1], TRUE);
    if (wanted ("pair"))
      bench_pair_2d (frames[i][0], frames[i][1], FALSE);
    if (wanted ("filter"))
      bench_filter (frames[i][0], frames[i][1], CLFFT_PADDING_NONE,
          vk_pair_us);
    if (wanted ("passes") && frames[i][1] <= 4096)
      bench_filter_passes (frames[i][0], frames[i][1]);
    if (frames[i][0] <= 3840 && wanted ("frames"))
      bench_frames (frames[i][0], frames[i][1]);
    /* padding=mirror transforms at least 2.25 times the pixels */
    if (frames[i][0] <= 3840 && wanted ("mirror"))
      bench_filter (frames[i][0], frames[i][1], CLFFT_PADDING_MIRROR, 0);
  }
  if (wanted ("r2c")) {
    bench_r2c_1d (1024, quick ? 64 : 4096);
    bench_r2c_1d (4096, quick ? 16 : 1024);
    /* two passes: spectrum's bands=4096 (Bluestein on 4095), and 65536 */
    bench_r2c_1d (8190, quick ? 4 : 512);
    bench_r2c_1d (65536, quick ? 2 : 64);
  }
  /* 8 channels of 2048-point frames: chunks of 512 steps (32 MiB) */
  if (wanted ("spectrum"))
    bench_spectrum_chunks (2048, 8, quick ? 1024 : 4096);

  if (csv)
    fclose (csv);
  peer_clfft_teardown ();
  clfft_engine_unref (engine);
  g_strfreev (only);
  return 0;
}
