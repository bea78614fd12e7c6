/* Engine benchmark: on-device time per operation, from OpenCL profiling
 * events around batches of repeated launches (median of the batches), with
 * clFFT measured in the same run where it is built in.
 *
 * Usage: bench-engine [--csv FILE] [--batches N] [--reps N] [--quick]
 *   [--only GROUPS] [--size WxH] [--queue-ahead] [--engine-log]
 *   [--filter-tuning background]
 * GROUPS: comma-separated, of launch, bandwidth, pair, filter,
 * convolution, formats, passes, frames, mirror, r2c, spectrum (default
 * all; convolution: VkFFT's convolution beside the filter, which runs
 * with filter; bandwidth: from memory by a copy, from the L2 by a
 * kernel that reads a small buffer many times). --size: only the frame size WxH of the 2D cases (one of
 * 640x480, 1280x720, 1920x1080, 3840x2160, 7680x4320).
 * The *-enqueue cases are the host's time to enqueue one run, not the
 * device's. --queue-ahead: each batch waits behind a kernel that keeps the
 * device busy until the host has queued the whole batch, so that the
 * device never waits for the host inside it (without it, where the host
 * enqueues a run more slowly than the device runs it, the host's pace is
 * what is measured); the kernel is the engine's ClfftHold. --engine-log:
 * the engine's messages to stderr, the schedules that tuning timed among
 * them. --filter-tuning background: the filter and formats cases tune in
 * the background (clfft2dfilter's default on GPUs) while frames run, and
 * are timed once the tuned schedules are in; otherwise they tune at their
 * first launch, as the plans do.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-filter-lanes.h"
#include "engine/clfft-filter-path.h"
#include "engine/clfft-hold.h"
#include "engine/clfft-spectrum.h"
#include "engine/clfft-transform.h"
#include "gstclfftmask.h"
#include "bench-util.h"
#include "peer-clfft.h"
#include "peer-vkfft.h"

#ifdef HAVE_FFTW
#include <fftw3.h>
#endif

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

/* --filter-tuning background: the filter and formats cases tune in the
 * background, as clfft2dfilter does by default on GPUs, and are timed
 * once the tuned schedules are in (settled_filter, settled_frame_filter) */
static gboolean filter_background;

/* --queue-ahead: each batch waits behind a hold of the device
 * (engine/clfft-hold.h), so that it then runs without waiting on the
 * host's enqueueing. */
static gboolean queue_ahead;
static ClfftHold *hold;

/* queued after a batch's runs, before its end marker, where set */
static RunFunc batch_end;

static gboolean wanted (const gchar * group);
static void bench_vkfft_convolution (guint w, guint h, gdouble ours_us);

static cl_ulong
event_time (cl_event event, cl_profiling_info which)
{
  cl_ulong t = 0;

  CHECK_CL (clGetEventProfilingInfo (event, which, sizeof (t), &t, NULL));
  return t;
}

/* Device time per run of one batch, in microseconds: the span between a
 * marker before and a marker after n_reps runs (and batch_end). With
 * queue_ahead the batch waits behind the hold; where the hold ended
 * before the host had queued the end marker, it doubles and the batch
 * runs again. */
static gdouble
batch_device_us (RunFunc run, gpointer data)
{
  for (;;) {
    ClfftHoldOutcome outcome = CLFFT_HOLD_IN_TIME;
    GError *error = NULL;
    cl_event start, end;
    gdouble us;

    if (queue_ahead) {
      if (!hold && !(hold = clfft_hold_new (engine, 1u << 16, 1u << 30,
                  &error)))
        g_error ("--queue-ahead: %s", error->message);
      if (!clfft_hold_enqueue (hold, queue, &error))
        g_error ("--queue-ahead: %s", error->message);
    }
    CHECK_CL (clEnqueueMarkerWithWaitList (queue, 0, NULL, &start));
    for (guint r = 0; r < n_reps; r++)
      if (!run (data))
        g_error ("run failed");
    if (batch_end && !batch_end (data))
      g_error ("the batch's end failed");
    CHECK_CL (clEnqueueMarkerWithWaitList (queue, 0, NULL, &end));
    CHECK_CL (clWaitForEvents (1, &end));
    us = (event_time (end, CL_PROFILING_COMMAND_END) - event_time (start,
            CL_PROFILING_COMMAND_END)) / 1000.0 / n_reps;
    if (queue_ahead && !clfft_hold_check (hold, end, &outcome, &error))
      g_error ("--queue-ahead: %s", error->message);
    CHECK_CL (clReleaseEvent (start));
    CHECK_CL (clReleaseEvent (end));
    if (outcome == CLFFT_HOLD_AT_LIMIT)
      g_error ("--queue-ahead: the device ran out of queued work with a "
          "hold of %u iterations", clfft_hold_get_iterations (hold));
    if (outcome == CLFFT_HOLD_IN_TIME)
      return us;
  }
}

static void
print_engine_log (ClfftLogLevel level, const gchar * message,
    gpointer user_data)
{
  fprintf (stderr, "engine: %s\n", message);
}

/* Median over batches of the device time per run, in microseconds. */
static gdouble
median_device_us (RunFunc run, gpointer data)
{
  gdouble *times = g_new (gdouble, n_batches), median;

  for (guint i = 0; i < 3; i++)
    if (!run (data))
      g_error ("warm-up run failed");
  CHECK_CL (clFinish (queue));
  for (guint b = 0; b < n_batches; b++)
    times[b] = batch_device_us (run, data);
  median = bench_median (times, n_batches);
  g_free (times);
  return median;
}

/* Median over batches of the host's time to enqueue one run (no waiting
 * inside the batch): where it is near the device's time per run, the host
 * sets the pace. */
static gdouble
median_enqueue_us (RunFunc run, gpointer data)
{
  gdouble *times = g_new (gdouble, n_batches), median;

  CHECK_CL (clFinish (queue));
  for (guint b = 0; b < n_batches; b++) {
    gint64 start = g_get_monotonic_time ();

    for (guint r = 0; r < n_reps; r++)
      if (!run (data))
        g_error ("run failed");
    times[b] = (gdouble) (g_get_monotonic_time () - start) / n_reps;
    CHECK_CL (clFinish (queue));
  }
  median = bench_median (times, n_batches);
  g_free (times);
  return median;
}

static void
report (const gchar * kase, guint a, guint b, const gchar * library,
    gdouble us, gdouble base_us, gdouble rel_error)
{
  gchar size[32], ratio[16] = "", error[16] = "";

  g_snprintf (size, sizeof (size), "%ux%u", a, b);
  if (base_us > 0)
    g_snprintf (ratio, sizeof (ratio), "%.2f", us / base_us);
  if (rel_error >= 0)
    g_snprintf (error, sizeof (error), "%.1e", rel_error);
  printf ("%-18s %-10s %-24s %10.1f %7s %9s\n", kase, size, library, us,
      ratio, error);
  if (csv) {
    /* a pass's description may hold commas: quote it (RFC 4180) */
    gboolean quote = strpbrk (library, ",\"") != NULL;
    gchar **pieces = g_strsplit (library, "\"", -1);
    gchar *field = g_strjoinv ("\"\"", pieces);

    fprintf (csv, "%s,%u,%u,%s%s%s,%.3f,%s,%s\n", kase, a, b,
        quote ? "\"" : "", field, quote ? "\"" : "", us, ratio, error);
    /* a run cut short keeps the rows it printed */
    fflush (csv);
    g_strfreev (pieces);
    g_free (field);
  }
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

/* ||got - ref|| / ||ref|| over n values; -1 without a reference */
static gdouble
relative_error (const gfloat * got, const gdouble * ref, gsize n)
{
  gdouble d = 0, norm = 0;

  if (!ref)
    return -1;
  for (gsize i = 0; i < n; i++) {
    d += (got[i] - ref[i]) * (got[i] - ref[i]);
    norm += ref[i] * ref[i];
  }
  return sqrt (d / norm);
}

/* The forward transform of in in double precision through FFTW, laid out
 * as our outputs are (interleaved complex): R2C rows of w / 2 + 1 bins, or
 * a complex frame. rows: h transforms of length w (1D), else one w x h
 * frame. NULL when FFTW is not built in. */
static gdouble *
fftw_forward (const gfloat * in, guint w, guint h, gboolean real,
    gboolean rows)
{
#ifdef HAVE_FFTW
  gsize n_in = (gsize) w * h * (real ? 1 : 2);
  gsize n_out = (gsize) (real ? w / 2 + 1 : w) * h * 2;
  gdouble *x = fftw_malloc (n_in * sizeof (gdouble));
  gdouble *out = fftw_malloc (n_out * sizeof (gdouble));
  int n[2] = { h, w };
  fftw_plan plan;

  if (real)
    plan = rows ? fftw_plan_many_dft_r2c (1, (int[]) { w }, h, x, NULL, 1, w,
        (fftw_complex *) out, NULL, 1, w / 2 + 1, FFTW_ESTIMATE) :
        fftw_plan_dft_r2c (2, n, x, (fftw_complex *) out, FFTW_ESTIMATE);
  else
    plan = rows ? fftw_plan_many_dft (1, (int[]) { w }, h,
        (fftw_complex *) x, NULL, 1, w, (fftw_complex *) out, NULL, 1, w,
        FFTW_FORWARD, FFTW_ESTIMATE) :
        fftw_plan_dft (2, n, (fftw_complex *) x, (fftw_complex *) out,
        FFTW_FORWARD, FFTW_ESTIMATE);
  for (gsize i = 0; i < n_in; i++)
    x[i] = in[i];
  fftw_execute (plan);
  fftw_destroy_plan (plan);
  fftw_free (x);
  return out;
#else
  return NULL;
#endif
}

static void
reference_free (gdouble * ref)
{
#ifdef HAVE_FFTW
  fftw_free (ref);
#endif
}

/* One library's row of a case: its time and its forward output's error */
typedef struct
{
  const gchar *library;
  gdouble us, error;
} Entry;

/* The rows of a case, each with its ratio to VkFFT's default (vk_us; no
 * ratio when 0). */
static void
report_entries (const gchar * kase, guint a, guint b, const Entry * e,
    guint n, gdouble vk_us)
{
  for (guint i = 0; i < n; i++)
    report (kase, a, b, e[i].library, e[i].us, vk_us, e[i].error);
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

  return clfft_plan_2d_enqueue (p->plan, CLFFT_DIRECTION_FORWARD, p->in,
      p->spectrum, 0, NULL, NULL, NULL)
      && clfft_plan_2d_enqueue (p->inverse_plan, CLFFT_DIRECTION_INVERSE,
      p->spectrum, p->out, 0, NULL, NULL, NULL);
}

static gboolean
run_forward_ours (gpointer data)
{
  Pair2d *p = data;

  return clfft_plan_2d_enqueue (p->plan, CLFFT_DIRECTION_FORWARD, p->in,
      p->spectrum, 0, NULL, NULL, NULL);
}

static gboolean
run_forward_peer (gpointer data)
{
  Pair2d *p = data;

  return peer_clfft_enqueue (p->peer, TRUE, p->in, p->spectrum);
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

/* A library's entry: run's time, then the error against ref of the n_out
 * floats that forward (its forward transform alone) leaves in out. */
static void
measure_entry (Entry * entry, const gchar * library, RunFunc run,
    RunFunc forward, gpointer data, cl_mem out, const gdouble * ref,
    gsize n_out)
{
  gfloat *got;

  entry->library = library;
  entry->us = median_device_us (run, data);
  if (!forward (data))
    g_error ("%s: the forward transform failed", library);
  got = read_floats (out, n_out);
  entry->error = relative_error (got, ref, n_out);
  g_free (got);
}

/* VkFFT's entry (run: its pair, or its forward transform alone), when
 * VkFFT is built in and takes the shape, and where enqueue_us is given
 * the host's time to enqueue a run; frees the peer. */
static gboolean
measure_vkfft (PeerVkfft * peer, gboolean lut, RunFunc run, cl_mem out,
    const gdouble * ref, gsize n_out, Entry * entry, gdouble * enqueue_us)
{
  if (!peer)
    return FALSE;
  measure_entry (entry, peer_vkfft_name (lut), run, run_vkfft_forward, peer,
      out, ref, n_out);
  if (enqueue_us)
    *enqueue_us = median_enqueue_us (run, peer);
  peer_vkfft_free (peer);
  return TRUE;
}

/* A forward and inverse pair, complex (real = FALSE) or R2C + C2R, ours
 * and the peers' (VkFFT only for R2C + C2R). Returns VkFFT's time with its
 * defaults (0 without VkFFT). */
static gdouble
bench_pair_2d (guint w, guint h, gboolean real)
{
  Pair2d p = { 0, };
  gsize n_in = real ? (gsize) w * h : (gsize) 2 * w * h;
  gsize n_spec = real ? (gsize) 2 * (w / 2 + 1) * h : n_in;
  const gchar *kase = real ? "r2c-c2r-2d" : "c2c-2d-pair";
  GError *error = NULL;
  gfloat *host_in;
  gdouble *ref, vk_us = 0, vk_enqueue_us = 0;
  Entry entries[4];
  guint n_entries = 0;

  p.plan = clfft_plan_2d_new (engine, real ? CLFFT_R2C : CLFFT_C2C, w, h,
      &error);
  if (p.plan && real)
    p.inverse_plan = clfft_plan_2d_new (engine, CLFFT_C2R, w, h, &error);
  else
    p.inverse_plan = p.plan;
  if (!p.plan || !p.inverse_plan)
    g_error ("2D plan %ux%u: %s", w, h, error->message);
  p.in = random_buffer (n_in, &host_in);
  ref = fftw_forward (host_in, w, h, real, FALSE);
  p.spectrum = empty_buffer (n_spec);
  p.out = empty_buffer (n_in);
  measure_entry (&entries[n_entries++], "gst-clfft", run_pair_ours,
      run_forward_ours, &p, p.spectrum, ref, n_spec);

  p.peer = real ? peer_clfft_new_2d_real (clfft_engine_get_context (engine),
      queue, w, h) : peer_clfft_new_2d_c2c (clfft_engine_get_context (engine),
      queue, w, h);
  if (p.peer) {
    measure_entry (&entries[n_entries++], peer_clfft_version (),
        run_pair_peer, run_forward_peer, &p, p.spectrum, ref, n_spec);
    peer_clfft_free (p.peer);
  }
  /* VkFFT's default last, so that vk_us is its time */
  for (gint lut = 1; real && lut >= 0; lut--)
    if (measure_vkfft (peer_vkfft_new_2d_real (clfft_engine_get_context
                (engine), clfft_engine_get_device (engine)->id, queue, w, h,
                p.in, p.spectrum, lut), lut, run_vkfft_pair, p.spectrum, ref,
            n_spec, &entries[n_entries], lut ? NULL : &vk_enqueue_us))
      vk_us = entries[n_entries++].us;
  report_entries (kase, w, h, entries, n_entries, vk_us);
  /* at small frames a pair's launches take about what the host needs to
   * enqueue them: whose host sets the pace */
  if (real) {
    report ("r2c-c2r-2d-enqueue", w, h, "gst-clfft host us",
        median_enqueue_us (run_pair_ours, &p), 0, -1);
    if (vk_us > 0)
      report ("r2c-c2r-2d-enqueue", w, h, "VkFFT host us", vk_enqueue_us, 0,
          -1);
  }
  if (p.inverse_plan != p.plan)
    clfft_plan_2d_free (p.inverse_plan);
  clfft_plan_2d_free (p.plan);
  CHECK_CL (clReleaseMemObject (p.in));
  CHECK_CL (clReleaseMemObject (p.spectrum));
  CHECK_CL (clReleaseMemObject (p.out));
  g_free (host_in);
  reference_free (ref);
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

  return clfft_plan_1d_enqueue (p->plan, CLFFT_DIRECTION_FORWARD, p->in,
      p->out, 0, NULL, NULL, NULL);
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
  gfloat *host_in;
  gdouble *ref, vk_us = 0;
  Entry entries[4];
  guint n_entries = 0;

  p.plan = clfft_plan_1d_new (engine, &desc, &error);
  if (!p.plan)
    g_error ("R2C plan %ux%u: %s", n, batch, error->message);
  p.in = random_buffer ((gsize) n * batch, &host_in);
  ref = fftw_forward (host_in, n, batch, TRUE, TRUE);
  p.out = empty_buffer (n_out);
  measure_entry (&entries[n_entries++], "gst-clfft", run_r2c_ours,
      run_r2c_ours, &p, p.out, ref, n_out);

  p.peer = peer_clfft_new_1d_r2c (clfft_engine_get_context (engine), queue,
      n, batch);
  if (p.peer) {
    measure_entry (&entries[n_entries++], peer_clfft_version (),
        run_r2c_peer, run_r2c_peer, &p, p.out, ref, n_out);
    peer_clfft_free (p.peer);
  }
  for (gint lut = 1; lut >= 0; lut--)
    if (measure_vkfft (peer_vkfft_new_1d_r2c (clfft_engine_get_context
                (engine), clfft_engine_get_device (engine)->id, queue, n,
                batch, p.in, p.out, lut), lut, run_vkfft_forward, p.out, ref,
            n_out, &entries[n_entries], NULL))
      vk_us = entries[n_entries++].us;
  report_entries ("r2c-1d", n, batch, entries, n_entries, vk_us);
  clfft_plan_1d_free (p.plan);
  CHECK_CL (clReleaseMemObject (p.in));
  CHECK_CL (clReleaseMemObject (p.out));
  g_free (host_in);
  reference_free (ref);
}

/* ---- colour frames: every channel filtered, against GRAY8 ----------- */

/* The layout of a frame of format (gray8, i420, nv12, nv16, yuy2, rgbx) at
 * an even w x h, as clfft2dfilter makes it from GstVideoInfo. */
static ClfftFrameLayout
format_layout (const gchar * format, guint w, guint h)
{
  const guint cw = w / 2, ch = h / 2;
  ClfftFrameLayout l = { 0 };

  if (!strcmp (format, "i420"))
    l = (ClfftFrameLayout) {
    3, {w, cw, cw}, {h, ch, ch}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 1, cw, ch, 8, 0, 2, 2},
      {2, 0, 1, cw, ch, 8, 0, 2, 2}}};
  else if (!strcmp (format, "nv12"))
    l = (ClfftFrameLayout) {
    2, {w, 2 * cw}, {h, ch}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 2, cw, ch, 8, 0, 2, 2},
      {1, 1, 2, cw, ch, 8, 0, 2, 2}}};
  else if (!strcmp (format, "yuy2"))
    l = (ClfftFrameLayout) {
    1, {2 * w}, {h}, 3, {
      {0, 0, 2, w, h, 8, 0, 1, 1}, {0, 1, 4, cw, h, 8, 0, 2, 1},
      {0, 3, 4, cw, h, 8, 0, 2, 1}}};
  else if (!strcmp (format, "nv16"))
    l = (ClfftFrameLayout) {
    2, {w, 2 * cw}, {h, h}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 2, cw, h, 8, 0, 2, 1},
      {1, 1, 2, cw, h, 8, 0, 2, 1}}};
  else if (!strcmp (format, "rgbx"))
    l = (ClfftFrameLayout) {
    1, {4 * w}, {h}, 3, {
      {0, 0, 4, w, h, 8, 0, 1, 1}, {0, 1, 4, w, h, 8, 0, 1, 1},
      {0, 2, 4, w, h, 8, 0, 1, 1}}};
  else
    l = (ClfftFrameLayout) {
    1, {w}, {h}, 1, {
      {0, 0, 1, w, h, 8, 0, 1, 1}}};
  return l;
}

static gboolean
run_frame_filter (gpointer data)
{
  return clfft_frame_filter_enqueue (data, NULL);
}

/* the frame filter's side queue joined, for the end marker */
static gboolean
join_frame_filter (gpointer data)
{
  return clfft_frame_filter_join (data, NULL);
}

/* With --filter-tuning background: filters frames, as a stream would,
 * until the first plan's schedules tuned in the background are in, its
 * extra transforms' too (at most a minute; the element waits for that
 * plan only, as the others may run no frames of their own); prints how
 * long that took. */
static void
settled_frame_filter (ClfftFrameFilter * filter, const ClfftHostPlanes * in,
    const ClfftHostPlanes * out)
{
  ClfftFilter2d *first = clfft_frame_filter_get_plan (filter, 0, NULL, NULL,
      NULL);
  const gint64 start = g_get_monotonic_time ();
  GError *error = NULL;
  gdouble seconds = -1.0;
  guint frames = 0;

  if (!filter_background)
    return;
  do {
    if (!clfft_frame_filter_submit (filter, in, out, &error)
        || !clfft_frame_filter_collect (filter, &error))
      g_error ("%s", error->message);
    frames++;
  } while (!clfft_filter2d_take_tuned (first, &seconds)
      && g_get_monotonic_time () - start < 60 * G_USEC_PER_SEC);
  printf ("tuned in the background in %.2f s, %u frames filtered "
      "meanwhile\n", seconds, frames);
}

/* Every channel of a frame of each format filtered with clfft2dfilter's
 * default mask (chroma=filter): the device time, and its ratio to GRAY8
 * of the same size in the same run. Formats whose chroma has a plan of
 * its own run three times: as the engine decides, and with the plans
 * apart (CLFFT_STACKED_ROWS=0: NV12's and I420's chroma rows in launches
 * of their own), one after the other on one queue or side by side on two
 * (CLFFT_SIDE_QUEUE 0 and 1). */
static void
bench_formats (guint w, guint h)
{
  static const struct
  {
    const gchar *name;
    const gchar *side_queue;    /* CLFFT_SIDE_QUEUE, or NULL */
  } formats[] = {
    {"gray8", NULL}, {"i420", NULL}, {"i420", "0"}, {"i420", "1"},
    {"nv12", NULL}, {"nv12", "0"}, {"nv12", "1"}, {"yuy2", NULL},
    {"yuy2", "0"}, {"yuy2", "1"}, {"rgbx", NULL},
    {"nv16", NULL},
  };
  gdouble gray_us = 0;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS] = { 0 };
    const gchar *format = formats[i].name;
    ClfftFrameLayout layout = format_layout (format, w, h);
    GError *error = NULL;
    ClfftFrameFilter *filter;
    ClfftHostPlanes in = { 0 }, out = { 0 };
    gboolean new_plans;
    gchar *kase;
    gdouble us;

    /* read when the filter is made */
    if (formats[i].side_queue) {
      g_setenv (CLFFT_SIDE_QUEUE_ENV, formats[i].side_queue, TRUE);
      g_setenv (CLFFT_STACKED_ROWS_ENV, "0", TRUE);
    }
    filter = clfft_frame_filter_new (engine, &layout, CLFFT_PADDING_NONE,
        &error);
    g_unsetenv (CLFFT_SIDE_QUEUE_ENV);
    g_unsetenv (CLFFT_STACKED_ROWS_ENV);
    if (!filter)
      g_error ("%s %ux%u: %s", format, w, h, error->message);
    clfft_frame_filter_set_tuning (filter, filter_background ?
        CLFFT_TUNING_BACKGROUND : clfft_tuning_decide (engine,
            CLFFT_TUNING_AUTO, FALSE));
    if (!clfft_frame_filter_set_roles (filter, roles, &new_plans, &error))
      g_error ("%s %ux%u: %s", format, w, h, error->message);
    for (guint p = 0; p < clfft_frame_filter_get_n_plans (filter); p++) {
      GstClfftMaskParams params = { GST_CLFFT_FILTER_LOWPASS,
        GST_CLFFT_SHAPE_GAUSSIAN, 2, 0.05, 0.25, NULL, 0, 0.01, NULL, FALSE,
        1, 1, 1.0, 0.0
      };
      ClfftFilter2d *plan = clfft_frame_filter_get_plan (filter, p,
          &params.sx, &params.sy, &params.interleaved);
      guint tw, th;
      gfloat *gain;

      if (!clfft_filter2d_finish_own_programs (plan, &error))
        g_error ("%s", error->message);
      clfft_filter2d_get_transform_size (plan, &tw, &th);
      gain = g_new (gfloat, (gsize) tw * th);
      gst_clfft_mask_fill (gain, tw, th, &params);
      if (!clfft_filter2d_set_gain (plan, gain, &error))
        g_error ("%s", error->message);
      g_free (gain);
    }
    for (guint p = 0; p < layout.n_planes; p++) {
      gsize size = layout.row_bytes[p] * layout.rows[p];

      in.planes[p] = (ClfftHostFrame) {
      g_malloc (size), layout.row_bytes[p], FALSE};
      out.planes[p] = (ClfftHostFrame) {
      g_malloc (size), layout.row_bytes[p], FALSE};
      for (gsize b = 0; b < size; b++)
        in.planes[p].data[b] = g_random_int_range (0, 256);
    }
    /* one real frame through, so the device buffers hold a real picture */
    if (!clfft_frame_filter_submit (filter, &in, &out, &error)
        || !clfft_frame_filter_collect (filter, &error))
      g_error ("%s", error->message);
    settled_frame_filter (filter, &in, &out);
    batch_end = join_frame_filter;
    us = median_device_us (run_frame_filter, filter);
    batch_end = NULL;
    if (i == 0)
      gray_us = us;
    kase = g_strdup_printf ("format-%s%s", format,
        !formats[i].side_queue ? "" : *formats[i].side_queue == '1' ?
        "-side-queue" : "-one-queue");
    report (kase, w, h, "gst-clfft, vs gray8", us, gray_us, -1);
    g_free (kase);
    for (guint p = 0; p < layout.n_planes; p++) {
      g_free (in.planes[p].data);
      g_free (out.planes[p].data);
    }
    clfft_frame_filter_free (filter);
  }
}

/* ---- the 8-bit filter path of clfft2dfilter ------------------------- */

static gboolean
run_filter (gpointer data)
{
  return clfft_filter2d_enqueue (data, NULL);
}

/* A w x h gain: clfft2dfilter's default mask (a Gaussian lowpass of cutoff
 * 0.05 cycles per pixel), or a random one, which differs between fy and
 * -fy as a drawn or a notch mask may. */
static gfloat *
filter_gain (guint w, guint h, gboolean lowpass)
{
  const GstClfftMaskParams element_default = { GST_CLFFT_FILTER_LOWPASS,
    GST_CLFFT_SHAPE_GAUSSIAN, 2, 0.05, 0.25, NULL, 0, 0.01, NULL, FALSE,
    1, 1, 1.0, 0.0
  };
  gfloat *gain = g_new (gfloat, (gsize) w * h);

  if (lowpass)
    gst_clfft_mask_fill (gain, w, h, &element_default);
  else
    for (gsize i = 0; i < (gsize) w * h; i++)
      gain[i] = g_random_double_range (0.0, 1.0);
  return gain;
}

static void
set_filter_gain (ClfftFilter2d * filter, gboolean lowpass)
{
  GError *error = NULL;
  guint w, h;
  gfloat *gain;

  clfft_filter2d_get_transform_size (filter, &w, &h);
  gain = filter_gain (w, h, lowpass);
  if (!clfft_filter2d_set_gain (filter, gain, &error))
    g_error ("%s", error->message);
  g_free (gain);
}

/* An 8-bit filter that tunes as the engine's plans do (at the first
 * launch where tuning is on: CLFFT_TUNE or the device), or in the
 * background with --filter-tuning background. */
static ClfftFilter2d *
new_filter (guint w, guint h, ClfftPadding padding, GError ** error)
{
  ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8,
      padding, error);

  /* frames of the size's own programs, not of the generic filter */
  if (filter && !clfft_filter2d_finish_own_programs (filter, error))
    g_clear_pointer (&filter, clfft_filter2d_free);
  if (filter)
    clfft_filter2d_set_tuning (filter, filter_background ?
        CLFFT_TUNING_BACKGROUND : clfft_tuning_decide (engine,
            CLFFT_TUNING_AUTO, FALSE));
  return filter;
}

/* With --filter-tuning background: filters frames, as a stream would,
 * until the schedules tuned in the background are in (at most a
 * minute); prints how long that took. */
static void
settled_filter (ClfftFilter2d * filter, guint w, guint h,
    const guint8 * frame, guint8 * out)
{
  gint64 start = g_get_monotonic_time ();
  GError *error = NULL;
  gdouble seconds;
  guint frames = 0;

  if (clfft_filter2d_get_tuning (filter) != CLFFT_TUNING_BACKGROUND)
    return;
  do {
    if (!clfft_filter2d_process (filter, frame, w, out, w, &error))
      g_error ("%s", error->message);
    frames++;
  } while (!clfft_filter2d_take_tuned (filter, &seconds)
      && g_get_monotonic_time () - start < 60 * G_USEC_PER_SEC);
  printf ("%ux%u filter: tuned in the background in %.2f s, %u frames "
      "filtered meanwhile\n", w, h, seconds, frames);
}

/* The filter path's device time with the element's default mask, and
 * where the columns read half of that mask (clfft_filter2d_get_gain_mirrored)
 * with a random one; with vk_pair_us (VkFFT's bare R2C + C2R pair on float
 * data of the same size, 0 if none) the ratio to it. */
static void
bench_filter (guint w, guint h, ClfftPadding padding, gdouble vk_pair_us)
{
  GError *error = NULL;
  ClfftFilter2d *filter = new_filter (w, h, padding, &error);
  guint8 *frame = g_malloc ((gsize) w * h);
  gdouble ours_us;

  if (!filter)
    g_error ("filter %ux%u: %s", w, h, error->message);
  for (gsize i = 0; i < (gsize) w * h; i++)
    frame[i] = g_random_int_range (0, 256);
  set_filter_gain (filter, TRUE);
  /* one real frame through, so the device buffers hold a real picture */
  if (!clfft_filter2d_process (filter, frame, w, frame, w, &error))
    g_error ("%s", error->message);
  settled_filter (filter, w, h, frame, frame);
  ours_us = median_device_us (run_filter, filter);
  report (padding == CLFFT_PADDING_MIRROR ? "filter-mirror" :
      "filter-gray8", w, h, "gst-clfft", ours_us, vk_pair_us, -1);
  /* VkFFT 1.2.26's convolution faulted the device at 7680x4320 (see
   * docs/experiments/2026-11-27-vkfft-convolution.md) */
  if (padding == CLFFT_PADDING_NONE && wanted ("convolution") && w <= 3840)
    bench_vkfft_convolution (w, h, ours_us);
  if (clfft_filter2d_get_gain_mirrored (filter)) {
    set_filter_gain (filter, FALSE);
    report (padding == CLFFT_PADDING_MIRROR ? "filter-mirror" :
        "filter-gray8", w, h, "gst-clfft, gain not mirrored",
        median_device_us (run_filter, filter), vk_pair_us, -1);
    set_filter_gain (filter, TRUE);
  }
  report (padding == CLFFT_PADDING_MIRROR ? "filter-mirror-enqueue" :
      "filter-gray8-enqueue", w, h, "gst-clfft host us",
      median_enqueue_us (run_filter, filter), 0, -1);
  /* where the filter ran in lanes (CPUs: they are on by default), its
   * three passes in the same run */
  if (clfft_filter2d_set_lanes (filter, TRUE)) {
    clfft_filter2d_set_lanes (filter, FALSE);
    report (padding == CLFFT_PADDING_MIRROR ? "filter-mirror" :
        "filter-gray8", w, h, "gst-clfft three passes",
        median_device_us (run_filter, filter), vk_pair_us, -1);
  }
  clfft_filter2d_free (filter);
  g_free (frame);
}

/* ---- VkFFT's convolution, the strongest peer of the filter path ------ */

/* The peer's u8 frames around its float convolution, as the filter path
 * takes and gives them: plain conversions, rounded and saturated out. */
static const gchar convert_kernels_source[] =
    "__kernel void u8_to_float (__global const uchar *in,\n"
    "    __global float *out, uint n)\n"
    "{\n"
    "  uint i = get_global_id (0);\n"
    "  if (i < n) out[i] = in[i];\n"
    "}\n"
    "__kernel void float_to_u8 (__global const float *in,\n"
    "    __global uchar *out, uint n)\n"
    "{\n"
    "  uint i = get_global_id (0);\n"
    "  if (i < n) out[i] = convert_uchar_sat_rte (in[i]);\n"
    "}\n";

typedef struct
{
  PeerVkfft *peer;
  cl_kernel to_float, to_u8;
  gsize global, local;
} Convolution;

static gboolean
run_convolution (gpointer data)
{
  return peer_vkfft_enqueue (((Convolution *) data)->peer, TRUE);
}

static gboolean
run_convolution_u8 (gpointer data)
{
  Convolution *c = data;

  return clEnqueueNDRangeKernel (queue, c->to_float, 1, NULL, &c->global,
      &c->local, 0, NULL, NULL) == CL_SUCCESS
      && peer_vkfft_enqueue (c->peer, TRUE)
      && clEnqueueNDRangeKernel (queue, c->to_u8, 1, NULL, &c->global,
      &c->local, 0, NULL, NULL) == CL_SUCCESS;
}

#ifdef HAVE_FFTW
/* The frame in (w x h) filtered by the half gain (h rows of w / 2 + 1),
 * in double precision: the inverse of the product, normalized. */
static gdouble *
fftw_filtered (const gfloat * in, const gfloat * gain, guint w, guint h)
{
  const guint bins = w / 2 + 1;
  gdouble *x = fftw_malloc ((gsize) w * h * sizeof (gdouble));
  fftw_complex *X = fftw_malloc ((gsize) bins * h * sizeof (fftw_complex));
  fftw_plan fwd = fftw_plan_dft_r2c_2d (h, w, x, X, FFTW_ESTIMATE);
  fftw_plan inv = fftw_plan_dft_c2r_2d (h, w, X, x, FFTW_ESTIMATE);

  for (gsize i = 0; i < (gsize) w * h; i++)
    x[i] = in[i];
  fftw_execute (fwd);
  for (gsize i = 0; i < (gsize) bins * h; i++) {
    X[i][0] *= gain[i];
    X[i][1] *= gain[i];
  }
  fftw_execute (inv);
  for (gsize i = 0; i < (gsize) w * h; i++)
    x[i] /= (gdouble) w * h;
  fftw_destroy_plan (fwd);
  fftw_destroy_plan (inv);
  fftw_free (X);
  return x;
}
#endif

/* VkFFT's convolution with clfft2dfilter's default mask as its kernel,
 * float in and out (its best case) and with u8 conversions around it (the
 * filter path's work), checked against FFTW: the float output's relative
 * error, and where that is right, every u8 pixel within 1 of the rounded
 * reference. Where VkFFT lays the kernel out otherwise than one pass an
 * axis, the error says so and the times stand alone. ours_us: the filter
 * path's time, for the ratio. */
static void
bench_vkfft_convolution (guint w, guint h, gdouble ours_us)
{
#ifdef HAVE_FFTW
  const guint bins = w / 2 + 1;
  const gsize n = (gsize) w * h;
  gfloat *full = filter_gain (w, h, TRUE), *half = g_new (gfloat, bins * h);
  gfloat *frame_f, *got;
  gdouble *ref, error;
  cl_context context = clfft_engine_get_context (engine);
  cl_device_id device = clfft_engine_get_device (engine)->id;
  const gchar *source = convert_kernels_source;
  cl_mem in = random_buffer (n, &frame_f), out = empty_buffer (n);
  cl_mem bytes_in, bytes_out;
  guint8 *frame_u8 = g_malloc (n), *got_u8 = g_malloc (n);
  Convolution c = { NULL, NULL, NULL, (n + 255) / 256 * 256, 256 };
  const cl_uint count = (cl_uint) n;
  cl_program program;
  gchar *library;
  guint off = 0;
  gdouble us;
  cl_int st;

  for (guint y = 0; y < h; y++)
    memcpy (half + (gsize) y * bins, full + (gsize) y * w,
        bins * sizeof (gfloat));
  c.peer = peer_vkfft_new_convolution (context, device, queue, w, h, half,
      in, out, FALSE);
  if (!c.peer)
    goto done;
  /* float in and out, against FFTW */
  if (!run_convolution (&c))
    g_error ("VkFFT's convolution of %ux%u failed", w, h);
  got = read_floats (out, n);
  ref = fftw_filtered (frame_f, half, w, h);
  error = relative_error (got, ref, n);
  library = g_strdup_printf ("%s convolution, float", peer_vkfft_name
      (FALSE));
  us = median_device_us (run_convolution, &c);
  report ("vkfft-convolution", w, h, library, us, 0, error);
  report ("filter-gray8", w, h, "gst-clfft vs VkFFT convolution", ours_us,
      us, -1);
  g_free (library);
  g_free (got);
  fftw_free (ref);

  /* u8 in and out, as the filter path */
  program = clCreateProgramWithSource (context, 1, &source, NULL, &st);
  CHECK_CL (st);
  CHECK_CL (clBuildProgram (program, 1, &device, "", NULL, NULL));
  c.to_float = clCreateKernel (program, "u8_to_float", &st);
  CHECK_CL (st);
  c.to_u8 = clCreateKernel (program, "float_to_u8", &st);
  CHECK_CL (st);
  for (gsize i = 0; i < n; i++)
    frame_u8[i] = g_random_int_range (0, 256);
  bytes_in = clCreateBuffer (context, CL_MEM_READ_WRITE |
      CL_MEM_COPY_HOST_PTR, n, frame_u8, &st);
  CHECK_CL (st);
  bytes_out = clCreateBuffer (context, CL_MEM_READ_WRITE, n, NULL, &st);
  CHECK_CL (st);
  CHECK_CL (clSetKernelArg (c.to_float, 0, sizeof (cl_mem), &bytes_in));
  CHECK_CL (clSetKernelArg (c.to_float, 1, sizeof (cl_mem), &in));
  CHECK_CL (clSetKernelArg (c.to_float, 2, sizeof (cl_uint), &count));
  CHECK_CL (clSetKernelArg (c.to_u8, 0, sizeof (cl_mem), &out));
  CHECK_CL (clSetKernelArg (c.to_u8, 1, sizeof (cl_mem), &bytes_out));
  CHECK_CL (clSetKernelArg (c.to_u8, 2, sizeof (cl_uint), &count));
  if (!run_convolution_u8 (&c))
    g_error ("VkFFT's convolution of %ux%u failed", w, h);
  CHECK_CL (clEnqueueReadBuffer (queue, bytes_out, CL_TRUE, 0, n, got_u8, 0,
          NULL, NULL));
  for (gsize i = 0; i < n; i++)
    frame_f[i] = frame_u8[i];
  ref = fftw_filtered (frame_f, half, w, h);
  for (gsize i = 0; i < n; i++)
    if (fabs (got_u8[i] - CLAMP (floor (ref[i] + 0.5), 0, 255)) > 1)
      off++;
  fftw_free (ref);
  if (off && error < 1e-4)
    g_error ("VkFFT's convolution of %ux%u in u8: %u pixels more than 1 "
        "off the reference", w, h, off);
  library = g_strdup_printf ("%s convolution, u8", peer_vkfft_name (FALSE));
  us = median_device_us (run_convolution_u8, &c);
  report ("vkfft-convolution", w, h, library, us, 0, -1);
  report ("filter-gray8", w, h, "gst-clfft vs VkFFT convolution u8",
      ours_us, us, -1);
  g_free (library);
  CHECK_CL (clReleaseKernel (c.to_float));
  CHECK_CL (clReleaseKernel (c.to_u8));
  CHECK_CL (clReleaseProgram (program));
  CHECK_CL (clReleaseMemObject (bytes_in));
  CHECK_CL (clReleaseMemObject (bytes_out));
  peer_vkfft_free (c.peer);
done:
  CHECK_CL (clReleaseMemObject (in));
  CHECK_CL (clReleaseMemObject (out));
  g_free (full);
  g_free (half);
  g_free (frame_f);
  g_free (frame_u8);
  g_free (got_u8);
#endif
}

/* The filter path's passes one by one, built as clfft-filter2d.c builds
 * them for an even width; pass-columns-* are variants: the forward
 * alone, and over the transposed spectrum. A height above 4096 runs the
 * columns in three passes through scratch (their gains side by side, by
 * rows of the spectrum's pitch), and only the passes its path runs:
 * neither the transposed columns nor the colour frames' rows. */
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

/* The filter's passes in lanes (CPUs) one by one, as clfft-filter2d.c
 * makes them from its row and column passes. */
typedef struct
{
  ClfftFilterLanes *lanes;
  cl_mem bytes, spectrum, real_twiddles, gain;
  guint pitch, which;
} LanesRun;

static gboolean
run_lanes (gpointer data)
{
  LanesRun *r = data;

  switch (r->which) {
    case 0:
      return clfft_filter_lanes_enqueue_rows_forward (r->lanes, r->bytes,
          r->spectrum, r->pitch, r->real_twiddles, NULL);
    case 1:
      return clfft_filter_lanes_enqueue_columns (r->lanes, r->spectrum,
          r->pitch, r->gain, NULL);
    default:
      return clfft_filter_lanes_enqueue_rows_inverse (r->lanes, r->spectrum,
          r->pitch, r->bytes, r->real_twiddles, 1.0f, 0.0f, FALSE, NULL);
  }
}

static void
bench_filter_lanes (guint w, guint h, guint pitch, cl_mem bytes,
    cl_mem spectrum)
{
  const ClfftTransformSpec rows_spec = { w / 2, -1, CLFFT_LOAD_U8_PAIRS,
    CLFFT_STORE_HALF_SPECTRUM, 0, h
  }, columns_spec = { h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
    CLFFT_ROW_GAIN_BETWEEN | CLFFT_ROW_LOAD_ACROSS_ROWS |
        CLFFT_ROW_STORE_ACROSS_ROWS, w / 2 + 1
  };
  const gchar *names[] = { "lanes-rows-fwd", "lanes-columns",
    "lanes-rows-inv"
  };
  ClfftTransform rows, columns;
  GError *error = NULL;
  LanesRun r = { NULL, bytes, spectrum, NULL, NULL, pitch, 0 };
  ClfftOverrides overrides;
  ClfftFilterChoice choice;

  /* where a filter of this size runs in lanes */
  clfft_overrides_read (&overrides);
  clfft_filter_path_choose (clfft_engine_get_device (engine), &overrides, w,
      h, 1, &choice);
  if (choice.path != CLFFT_FILTER_PATH_LANES || pitch % CLFFT_FILTER_LANES)
    return;
  if (!clfft_transform_init (&rows, engine, &rows_spec, &error)
      || !clfft_transform_init (&columns, engine, &columns_spec, &error)
      || !(r.lanes = clfft_filter_lanes_new (engine, &rows.passes[0],
              &columns.passes[0], 1, &error)))
    g_error ("lanes %ux%u: %s", w, h, error->message);
  r.real_twiddles = rows.tables.real_twiddles;
  r.gain = random_buffer ((gsize) pitch * h, NULL);
  for (r.which = 0; r.which < G_N_ELEMENTS (names); r.which++)
    report (names[r.which], w, h, r.which == 1 ? columns.passes[0].radices :
        rows.passes[0].radices, median_device_us (run_lanes, &r), 0, -1);
  clfft_filter_lanes_free (r.lanes);
  clfft_transform_clear (&rows);
  clfft_transform_clear (&columns);
  CHECK_CL (clReleaseMemObject (r.gain));
}

/* The filter's spectrum pitch for a w x h frame: its passes use it. */
static guint
filter_spectrum_pitch (guint w, guint h)
{
  GError *error = NULL;
  ClfftFilter2d *f = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);
  guint pitch;

  if (!f)
    g_error ("%s", error->message);
  pitch = clfft_filter2d_get_spectrum_pitch (f);
  clfft_filter2d_free (f);
  return pitch;
}

static void
bench_filter_passes (guint w, guint h)
{
  const guint bins = w / 2 + 1, across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS, pitch = filter_spectrum_pitch (w, h);
  const ClfftRowLayout pixels = { 1, w }, bin_rows = { 1, pitch };
  const ClfftRowLayout columns = { pitch, 1 }, column_rows = { 1, h };
  /* columns split in two halves (CLFFT_FILTER_PATH_SPLIT_COLUMNS): the
   * halves side by side in rows of twice the pitch */
  const ClfftRowLayout halves = { 2 * pitch, 1 };
  /* YUY2's plane: its two channels in turn (clfft_filter2d_enqueue_in_
   * turn), their spectra's rows interleaved */
  const ClfftRowLayout plane = { 1, 2 * w }, columns_in_turn = {
    2 * pitch, 1
  };
  /* as the filter's row passes have it (clfft-filter2d.c) */
  const guint unit = CLFFT_ROW_UNIT_STRIDE;
  /* NV12's and I420's stack: the chroma's rows below the luma's, I420's
   * as two halves (clfft_filter2d_enqueue_stack) */
  const guint stacked = h + h / 2;
  const struct
  {
    const gchar *name;
    ClfftTransformSpec spec;
    gboolean from_bytes, to_bytes;
    ClfftRowLayout src, dst;
    gboolean gain;
    /* whether the path of a height above 4096 runs it too */
    gboolean tall;
    /* the split columns' passes: where the filter can split them */
    gboolean split;
  } passes[] = {
    {"pass-rows-fwd", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
            CLFFT_STORE_HALF_SPECTRUM, unit, h}, TRUE, FALSE, pixels,
        bin_rows, FALSE, TRUE},
    {"pass-columns", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            CLFFT_ROW_GAIN_BETWEEN | across, bins}, FALSE, FALSE, columns,
        columns, TRUE, TRUE},
    {"pass-columns-fwd", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            across, bins}, FALSE, FALSE, columns, columns, FALSE, TRUE},
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
            CLFFT_STORE_U8_PAIRS, unit, h}, FALSE, TRUE, bin_rows, pixels,
        FALSE, TRUE},
    {"pass-rows-fwd-split", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
              CLFFT_STORE_HALF_SPECTRUM, unit, h, .split_columns = h / 2},
        TRUE, FALSE, pixels, bin_rows, FALSE, TRUE, TRUE},
    {"pass-columns-split", {h / 2, -1, CLFFT_LOAD_COMPLEX,
              CLFFT_STORE_COMPLEX, CLFFT_ROW_GAIN_BETWEEN | across,
              pitch + bins}, FALSE, FALSE, halves, halves, TRUE, TRUE, TRUE},
    {"pass-rows-inv-split", {w / 2, 1, CLFFT_LOAD_HALF_SPECTRUM,
              CLFFT_STORE_U8_PAIRS, unit, h, .split_columns = h / 2}, FALSE,
        TRUE, bin_rows, pixels, FALSE, TRUE, TRUE},
    /* the stacks' rows, beside the same rows with no halves below */
    {"pass-rows-fwd-stacked", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
            CLFFT_STORE_HALF_SPECTRUM, unit, stacked}, TRUE, FALSE, pixels,
        bin_rows},
    {"pass-rows-fwd-halves", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
              CLFFT_STORE_HALF_SPECTRUM, unit, stacked, 0, FALSE, h}, TRUE,
        FALSE, pixels, bin_rows},
    {"pass-rows-inv-stacked", {w / 2, 1, CLFFT_LOAD_HALF_SPECTRUM,
            CLFFT_STORE_U8_PAIRS, unit, stacked}, FALSE, TRUE, bin_rows,
        pixels},
    {"pass-rows-inv-halves", {w / 2, 1, CLFFT_LOAD_HALF_SPECTRUM,
              CLFFT_STORE_U8_PAIRS, unit, stacked, 0, FALSE, h}, FALSE, TRUE,
        bin_rows, pixels},
    /* YUY2's passes (two channels in turn), beside a plain frame of twice
     * the height */
    {"pass-rows-fwd-2h", {w / 2, -1, CLFFT_LOAD_U8_PAIRS,
            CLFFT_STORE_HALF_SPECTRUM, unit, 2 * h}, TRUE, FALSE, pixels,
        bin_rows},
    {"pass-rows-fwd-in-turn", {w, -1, CLFFT_LOAD_U8_PAIRS,
            CLFFT_STORE_TWO_HALF_SPECTRA, unit, 2 * h}, TRUE, FALSE,
        plane, bin_rows},
    {"pass-columns-in-turn", {h, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            CLFFT_ROW_GAIN_BETWEEN | across, pitch + bins}, FALSE, FALSE,
        columns_in_turn, columns_in_turn, TRUE},
    {"pass-rows-inv-2h", {w / 2, 1, CLFFT_LOAD_HALF_SPECTRUM,
            CLFFT_STORE_U8_PAIRS, unit, 2 * h}, FALSE, TRUE, bin_rows,
        pixels},
    {"pass-rows-inv-in-turn", {w, 1, CLFFT_LOAD_TWO_HALF_SPECTRA,
            CLFFT_STORE_U8_PAIRS, unit, 2 * h}, FALSE, TRUE,
        bin_rows, plane},
  };
  /* room for the largest: two frames' pixels, spectra and gains */
  cl_mem bytes = random_buffer ((gsize) w * h / 2, NULL);
  cl_mem spectrum = random_buffer ((gsize) 4 * pitch * h, NULL);
  cl_mem gain = random_buffer ((gsize) 2 * pitch * h, NULL);
  GError *error = NULL;
  const gboolean tall = !clfft_row_length_direct (h);
  const gboolean split = w % 2 == 0 && clfft_row_length_direct (w / 2)
      && h % 2 == 0 && clfft_row_length_direct (h / 2);

  for (guint i = 0; i < G_N_ELEMENTS (passes); i++) {
    ClfftTransform t;
    PassRun r = { &t, {0,}, passes[i].from_bytes ? bytes : spectrum,
      passes[i].to_bytes ? bytes : spectrum, passes[i].gain ? gain : NULL,
      passes[i].src, passes[i].dst, passes[i].spec.max_batch,
      !passes[i].gain ? 0 : passes[i].split ? h / 2 : tall ? pitch : h
    };

    gdouble us;

    if ((tall && !passes[i].tall) || (passes[i].split && !split))
      continue;
    if (!clfft_transform_init (&t, engine, &passes[i].spec, &error))
      g_error ("%s: %s", passes[i].name, error->message);
    clfft_scratch_add_need (&r.scratch, &t);
    if (!clfft_scratch_alloc (&r.scratch, engine, &error))
      g_error ("%s: %s", passes[i].name, error->message);
    /* the first run tunes the pass: describe it after */
    us = median_device_us (run_pass, &r);
    report (passes[i].name, w, h, clfft_transform_describe (&t), us, 0, -1);
    clfft_scratch_clear (&r.scratch);
    clfft_transform_clear (&t);
  }
  bench_filter_lanes (w, h, pitch, bytes, spectrum);
  /* VkFFT's own passes for comparison: the column transforms alone (in
   * place, forward, over the same rows pitch apart: pitch - bins columns
   * more), and its row R2C (out of place) */
  {
    cl_mem reals = random_buffer ((gsize) w * h, NULL);
    PeerVkfft *columns = peer_vkfft_new_columns (clfft_engine_get_context
        (engine), clfft_engine_get_device (engine)->id, queue, pitch, h,
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
  ClfftFilter2d *filter = new_filter (w, h, CLFFT_PADDING_NONE, &error);
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

/* ---- what a launch costs ------------------------------------------ */

/* The smallest kernel there is: its time per launch, measured as every case
 * is, is the floor under each pass of every library in the same run. The
 * other two touch their buffers only on a condition that never holds, so
 * that only their argument lists differ: the 22 arguments fft_rows took
 * before 2026-11-25, as the filter's forward row pass set them (4 buffers,
 * 4 NULL tables, 14 numbers), and 3 buffers with the numbers in one
 * struct, about as it takes them now. */
static const gchar launch_kernels_source[] =
    "__kernel void empty (__global float *unused) { }\n"
    "__kernel void pass_args (__global const float *src, uint src_stride,\n"
    "    uint src_dist, __global float *dst, uint dst_stride, uint dst_dist,\n"
    "    uint batch, __global const float2 *tw, __global const float2 *real_tw,\n"
    "    __global const float *gain, uint gain_dist,\n"
    "    __global const float2 *chirp, __global const float2 *conv,\n"
    "    float scale, uint sub_rows, uint src_sub_step, uint src_elem_step,\n"
    "    uint dst_sub_step, uint dst_elem_step, __global const float2 *step_tw,\n"
    "    float offset, uint magnitude)\n"
    "{\n"
    "  if (get_global_id (0) == batch)\n"
    "    dst[dst_dist] = src[src_dist] + tw[src_stride].x + real_tw[0].x\n"
    "        + (gain ? gain[gain_dist] : 0) + (chirp ? chirp[0].x : 0)\n"
    "        + (conv ? conv[0].x : 0) + (step_tw ? step_tw[0].x : 0) + scale\n"
    "        + offset + sub_rows + src_sub_step + src_elem_step + dst_sub_step\n"
    "        + dst_elem_step + dst_stride + magnitude;\n"
    "}\n"
    "typedef struct { uint batch, numbers[15]; } Numbers;\n"
    "__kernel void packed_args (__global const float *src, __global float *dst,\n"
    "    __global const float2 *tables, Numbers n)\n"
    "{\n"
    "  if (get_global_id (0) == n.batch)\n"
    "    dst[n.numbers[0]] = src[n.numbers[1]] + tables[n.numbers[2]].x;\n"
    "}\n";

typedef struct
{
  cl_kernel kernel;
  gsize global, local;
} EmptyLaunch;

static gboolean
run_empty (gpointer data)
{
  EmptyLaunch *e = data;

  return clEnqueueNDRangeKernel (queue, e->kernel, 1, NULL, &e->global,
      &e->local, 0, NULL, NULL) == CL_SUCCESS;
}

/* Kernels of 720 groups of 128 work-items (about a 1280x720 frame's row
 * pass) that do nothing, with three argument lists. */
static void
bench_launch (void)
{
  const gchar *source = launch_kernels_source;
  cl_context context = clfft_engine_get_context (engine);
  cl_device_id device = clfft_engine_get_device (engine)->id;
  EmptyLaunch e = { NULL, 720 * 128, 128 };
  cl_mem unused = NULL, buffers[4];
  const cl_uint one = 1, never = G_MAXUINT32;
  const cl_float unit = 1.0f;
  struct
  {
    cl_uint batch, numbers[15];
  } numbers = { G_MAXUINT32, {0,} };
  cl_program program;
  cl_int st;

  for (guint i = 0; i < G_N_ELEMENTS (buffers); i++)
    buffers[i] = random_buffer (i < 2 ? 1 << 20 : 1 << 12, NULL);
  program = clCreateProgramWithSource (context, 1, &source, NULL, &st);
  CHECK_CL (st);
  CHECK_CL (clBuildProgram (program, 1, &device, "", NULL, NULL));

  e.kernel = clCreateKernel (program, "empty", &st);
  CHECK_CL (st);
  CHECK_CL (clSetKernelArg (e.kernel, 0, sizeof (unused), &unused));
  report ("launch-empty", 720, 128, "OpenCL", median_device_us (run_empty,
          &e), 0, -1);
  CHECK_CL (clReleaseKernel (e.kernel));

  e.kernel = clCreateKernel (program, "pass_args", &st);
  CHECK_CL (st);
  for (cl_uint i = 0; i < 22; i++) {
    /* src, dst, tw, real_tw; gain, chirp, conv and step_tw NULL */
    static const cl_uint buffer_args[] = { 0, 3, 7, 8 }, null_args[] = {
      9, 11, 12, 19
    };
    const void *value = &one;
    gsize size = sizeof (one);

    for (guint b = 0; b < G_N_ELEMENTS (buffer_args); b++)
      if (buffer_args[b] == i) {
        value = &buffers[b];
        size = sizeof (cl_mem);
      }
    for (guint b = 0; b < G_N_ELEMENTS (null_args); b++)
      if (null_args[b] == i) {
        value = &unused;
        size = sizeof (cl_mem);
      }
    if (i == 6)
      value = &never;
    else if (i == 13 || i == 20)
      value = &unit;
    CHECK_CL (clSetKernelArg (e.kernel, i, size, value));
  }
  report ("launch-pass-args", 720, 128, "OpenCL", median_device_us (run_empty,
          &e), 0, -1);
  CHECK_CL (clReleaseKernel (e.kernel));

  e.kernel = clCreateKernel (program, "packed_args", &st);
  CHECK_CL (st);
  for (cl_uint i = 0; i < 3; i++)
    CHECK_CL (clSetKernelArg (e.kernel, i, sizeof (cl_mem), &buffers[i]));
  CHECK_CL (clSetKernelArg (e.kernel, 3, sizeof (numbers), &numbers));
  report ("launch-packed-args", 720, 128, "OpenCL",
      median_device_us (run_empty, &e), 0, -1);
  CHECK_CL (clReleaseKernel (e.kernel));

  CHECK_CL (clReleaseProgram (program));
  for (guint i = 0; i < G_N_ELEMENTS (buffers); i++)
    CHECK_CL (clReleaseMemObject (buffers[i]));
}

/* ---- the device's memory bandwidth ---------------------------------- */

/* copy: one float4 a work-item. reread: each work-item sums rounds
 * float4 of src, a round's work-items reading neighbours, and writes the
 * sum: a buffer small enough for the L2 read that many times in one
 * launch, whose start and end then cost little against it. */
static const gchar bandwidth_kernels_source[] =
    "__kernel void copy (__global const float4 *src, __global float4 *dst)\n"
    "{\n"
    "  dst[get_global_id (0)] = src[get_global_id (0)];\n"
    "}\n"
    "__kernel void reread (__global const float4 *src, __global float4 *dst,\n"
    "    uint n, uint rounds)\n"
    "{\n"
    "  const uint i = get_global_id (0);\n"
    "  float4 sum = 0.0f;\n"
    "  for (uint r = 0; r < rounds; r++)\n"
    "    sum += src[(i + r * 4099u) % n];\n"
    "  dst[i] = sum;\n"
    "}\n";

/* The reads of reread, a launch */
#define REREAD_ROUNDS 64

/* What the device's memory gives a pass that streams its data, the
 * bandwidths the roofline of docs/performance.md divides by: a buffer of
 * 1 GiB copied into another (from memory: they outgrow any cache;
 * copy-memory, size_a MiB copied, which a copy reads and writes), and
 * one of 8 MiB read REREAD_ROUNDS times (from the L2 of a large GPU;
 * reread-l2, size_a MiB read, size_b the rounds). Both outputs are
 * checked. */
static void
bench_bandwidth (gboolean quick)
{
  const guint copy_mib = quick ? 64 : 1024, l2_mib = 8;
  const cl_uint rounds = REREAD_ROUNDS;
  const gchar *source = bandwidth_kernels_source;
  cl_context context = clfft_engine_get_context (engine);
  cl_device_id device = clfft_engine_get_device (engine)->id;
  cl_program program;
  cl_int st;

  program = clCreateProgramWithSource (context, 1, &source, NULL, &st);
  CHECK_CL (st);
  CHECK_CL (clBuildProgram (program, 1, &device, "", NULL, NULL));
  for (guint k = 0; k < 2; k++) {
    const guint mib = k ? l2_mib : copy_mib;
    const gsize n_floats = (gsize) mib << 18;
    const cl_uint n = n_floats / 4;
    EmptyLaunch e = { NULL, n, 256 };
    gfloat *data, *back = g_new (gfloat, n_floats);
    cl_mem src = random_buffer (n_floats, &data), dst = empty_buffer (n_floats);

    e.kernel = clCreateKernel (program, k ? "reread" : "copy", &st);
    CHECK_CL (st);
    CHECK_CL (clSetKernelArg (e.kernel, 0, sizeof (cl_mem), &src));
    CHECK_CL (clSetKernelArg (e.kernel, 1, sizeof (cl_mem), &dst));
    if (k) {
      CHECK_CL (clSetKernelArg (e.kernel, 2, sizeof (n), &n));
      CHECK_CL (clSetKernelArg (e.kernel, 3, sizeof (rounds), &rounds));
    }
    report (k ? "reread-l2" : "copy-memory", mib, k ? rounds : 0, "OpenCL",
        median_device_us (run_empty, &e), 0, -1);
    CHECK_CL (clEnqueueReadBuffer (queue, dst, CL_TRUE, 0,
            n_floats * sizeof (gfloat), back, 0, NULL, NULL));
    for (cl_uint i = 0; i < n; i++)
      for (guint c = 0; c < 4; c++) {
        gdouble want = 0;

        for (cl_uint r = 0; r < (k ? rounds : 1); r++)
          want += data[4 * (gsize) ((i + r * 4099u) % n) + c];
        if (fabs (back[4 * (gsize) i + c] - want) > 1e-4 * (k ? rounds : 1))
          g_error ("%s of %u MiB: %g at %u, not %g", k ? "reread" : "copy",
              mib, back[4 * (gsize) i + c], 4 * i + c, want);
      }
    CHECK_CL (clReleaseKernel (e.kernel));
    CHECK_CL (clReleaseMemObject (src));
    CHECK_CL (clReleaseMemObject (dst));
    g_free (data);
    g_free (back);
  }
  CHECK_CL (clReleaseProgram (program));
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
    {7680, 4320},               /* columns in two passes each way */
  };
  GError *error = NULL;
  gboolean quick = FALSE;
  const gchar *size_only = NULL;

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
    else if (!strcmp (argv[i], "--size") && i + 1 < argc)
      size_only = argv[++i];
    else if (!strcmp (argv[i], "--filter-tuning") && i + 1 < argc)
      filter_background = !strcmp (argv[++i], "background");
    else if (!strcmp (argv[i], "--queue-ahead"))
      queue_ahead = TRUE;
    else if (!strcmp (argv[i], "--engine-log"))
      clfft_set_log_func (print_engine_log, NULL);
    else {
      /* a mistyped option would otherwise run every group for an hour */
      fprintf (stderr, "usage: %s [--csv FILE] [--batches N] [--reps N] "
          "[--quick] [--only GROUP,...] [--size WxH] "
          "[--filter-tuning background] [--queue-ahead] [--engine-log]\n",
          argv[0]);
      return strcmp (argv[i], "--help") ? 2 : 0;
    }
  }
  engine = clfft_engine_get (-1, &error);
  if (!engine)
    g_error ("%s", error->message);
  queue = clfft_engine_get_queue (engine);
  printf ("device: %s (%s, driver %s)\n",
      clfft_engine_get_device (engine)->name,
      clfft_engine_get_device (engine)->platform_name,
      clfft_engine_get_device (engine)->driver_version);
  printf ("device_us: median of %u batches of %u runs. ratio: to VkFFT's "
      "time with its defaults for the case (filter-*: VkFFT's R2C + C2R pair "
      "of the size; frames-*: frames-staged-depth1; spectrum-2-buffers: "
      "spectrum-1-buffer)%s. rel_error: relative L2 error of the forward "
      "output against FFTW in double precision%s.\n", n_batches, n_reps,
      queue_ahead ? "; each batch queued whole before the device ran it "
      "(--queue-ahead)" : "",
#ifdef HAVE_FFTW
      ""
#else
      " (not built in: no errors)"
#endif
      );
  printf ("%-18s %-10s %-24s %10s %7s %9s\n", "case", "size", "library",
      "device_us", "ratio", "rel_error");
  if (csv)
    fprintf (csv, "case,size_a,size_b,library,device_us,ratio,rel_error\n");

  if (wanted ("launch"))
    bench_launch ();
  if (wanted ("bandwidth"))
    bench_bandwidth (quick);
  for (guint i = 0; i < (quick ? 1 : G_N_ELEMENTS (frames)); i++) {
    gdouble vk_pair_us = 0;
    gchar *size = g_strdup_printf ("%ux%u", frames[i][0], frames[i][1]);
    gboolean skip = size_only && strcmp (size, size_only);

    g_free (size);
    if (skip)
      continue;
    if (wanted ("pair") || wanted ("filter") || wanted ("convolution"))
      vk_pair_us = bench_pair_2d (frames[i][0], frames[i][1], TRUE);
    if (wanted ("pair"))
      bench_pair_2d (frames[i][0], frames[i][1], FALSE);
    if (wanted ("filter") || wanted ("convolution"))
      bench_filter (frames[i][0], frames[i][1], CLFFT_PADDING_NONE,
          vk_pair_us);
    if (wanted ("formats") && frames[i][0] <= 3840)
      bench_formats (frames[i][0], frames[i][1]);
    if (wanted ("passes"))
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
    /* spectrum's bands=4096 (half length 4095 in one pass), and lengths
     * of two passes up to 65536 (bands=32769), 28350 of them with an odd
     * first pass by the rule (105 x 135) */
    bench_r2c_1d (8190, quick ? 4 : 512);
    if (!quick) {
      bench_r2c_1d (16384, 256);
      bench_r2c_1d (28350, 128);
      bench_r2c_1d (32768, 128);
    }
    bench_r2c_1d (65536, quick ? 2 : 64);
  }
  /* 8 channels of 2048-point frames: chunks of 512 steps (32 MiB) */
  if (wanted ("spectrum"))
    bench_spectrum_chunks (2048, 8, quick ? 1024 : 4096);

  if (csv)
    fclose (csv);
  peer_clfft_teardown ();
  if (hold) {
    printf ("--queue-ahead: the last batches waited behind a hold of %u "
        "iterations (%.0f us)\n", clfft_hold_get_iterations (hold),
        clfft_hold_get_last_us (hold));
    clfft_hold_free (hold);
  }
  clfft_engine_unref (engine);
  g_strfreev (only);
  return 0;
}
