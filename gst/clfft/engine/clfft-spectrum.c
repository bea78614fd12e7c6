/* A run uploads its steps chunk by chunk (each chunk as large as the
 * device buffers, a power of two of steps), and per chunk launches the
 * window, one batched R2C plan over all of the chunk's frames, and the
 * band sums, which add into sums that stay on the device until the one
 * read at the end. Plans are made per power of two of steps, so a short
 * run transforms at most twice the frames it has.
 * On a GPU, runs of more than one chunk alternate between two device
 * buffers, with the uploads on a queue of their own: chunk k + 1 goes up
 * while chunk k is transformed, and waits only for the transform of chunk
 * k - 1 to have read the buffer it overwrites. */
#include "clfft-spectrum.h"
#include "clfft-fft.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-spectrum-testing.h"

#include <math.h>
#include <string.h>

/* Bytes of frames one chunk holds at most. */
#define CHUNK_BYTES (32u << 20)
/* Work-items per group along the samples and the bins. */
#define ROW_GROUP 64

struct _ClfftSpectrum
{
  ClfftEngine *engine;
  guint n, channels, bins;
  guint capacity;               /* steps per chunk, a power of two */
  ClfftTuning tuning;           /* OFF or BLOCKING: clfft_spectrum_set_tuning */
  cl_kernel apply_window, band_sums;
  ClfftSpectrumAverage average;
  cl_command_queue upload;
  cl_mem window, spectra;
  cl_mem frames[2];             /* the second for runs of several chunks */
  cl_event consumed[2];         /* the last transform reading frames[i] */
  gboolean double_buffering;
  cl_mem group_start, magnitude_sums, phase_sums;
  guint group_capacity;         /* groups the three above hold */
  ClfftPlan1d *plans[32];       /* [i]: batches of 2^i steps */
};

static ClfftPlan1d *plan_for (ClfftSpectrum * s, guint log2_steps,
    GError ** error);

gdouble
clfft_window_value (ClfftWindow window, guint i, guint n)
{
  gdouble x = 2.0 * G_PI * i / n;

  switch (window) {
    case CLFFT_WINDOW_HAMMING:
      return 0.53836 - 0.46164 * cos (x);
    case CLFFT_WINDOW_HANN:
      return 0.5 - 0.5 * cos (x);
    case CLFFT_WINDOW_BLACKMAN:
      return 0.42 - 0.5 * cos (x) + 0.08 * cos (2 * x);
    case CLFFT_WINDOW_BLACKMAN_HARRIS:
      return 0.35875 - 0.48829 * cos (x) + 0.14128 * cos (2 * x)
          - 0.01168 * cos (3 * x);
    case CLFFT_WINDOW_FLATTOP:
      /* the coefficients of MATLAB's and SciPy's flattop */
      return 0.21557895 - 0.41663158 * cos (x) + 0.277263158 * cos (2 * x)
          - 0.083578947 * cos (3 * x) + 0.006947368 * cos (4 * x);
    case CLFFT_WINDOW_RECTANGULAR:
    default:
      return 1.0;
  }
}

void
clfft_spectrum_set_average (ClfftSpectrum * s, ClfftSpectrumAverage average)
{
  s->average = average;
}

/* The one place where a spectrum's tuning is decided. The plans made
 * with the other tuning go: the next run makes them again. */
void
clfft_spectrum_set_tuning (ClfftSpectrum * s, ClfftTuning tuning)
{
  ClfftTuning decided = tuning == CLFFT_TUNING_BLOCKING ?
      CLFFT_TUNING_BLOCKING : CLFFT_TUNING_OFF;

  if (decided != s->tuning)
    for (guint i = 0; i < G_N_ELEMENTS (s->plans); i++)
      g_clear_pointer (&s->plans[i], clfft_plan_1d_free);
  s->tuning = decided;
  clfft_log (CLFFT_LOG_INFO, "the spectra of %u samples: tuning %s", s->n,
      clfft_tuning_name (s->tuning));
}

ClfftTuning
clfft_spectrum_get_tuning (ClfftSpectrum * s)
{
  return s->tuning;
}

guint
clfft_spectrum_get_bins (ClfftSpectrum * s)
{
  return s->bins;
}

ClfftEngine *
clfft_spectrum_get_engine (ClfftSpectrum * s)
{
  return s->engine;
}

static gboolean
upload_window (ClfftSpectrum * s, ClfftWindow window, GError ** error)
{
  gfloat *table = clfft_engine_try_alloc (s->engine, s->n, sizeof (gfloat),
      FALSE, "the window", error);
  gboolean ok;

  if (!table)
    return FALSE;
  for (guint i = 0; i < s->n; i++)
    table[i] = (gfloat) clfft_window_value (window, i, s->n);
  ok = (s->window = clfft_buffer_new (s->engine, CL_MEM_READ_ONLY |
          CL_MEM_COPY_HOST_PTR, s->n * sizeof (gfloat), table, error)) != NULL;
  g_free (table);
  return ok;
}

void
clfft_spectrum_set_double_buffering (ClfftSpectrum * s, gboolean on)
{
  s->double_buffering = on;
}

ClfftSpectrum *
clfft_spectrum_new (ClfftEngine * engine, guint n, guint channels,
    ClfftWindow window, GError ** error)
{
  ClfftSpectrum *s;
  gsize frame_bytes = (gsize) n * channels * sizeof (gfloat);
  gboolean ok;

  if (n < 2 || n % 2 || channels == 0 || !clfft_length_supported (n)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no spectra of length %u for %u channels", n, channels);
    return NULL;
  }
  s = g_new0 (ClfftSpectrum, 1);
  s->engine = clfft_engine_ref (engine);
  s->n = n;
  s->channels = channels;
  s->bins = n / 2 + 1;
  s->tuning = CLFFT_TUNING_OFF;
  /* where the device's memory is the host's, the same cores would copy and
   * transform: nothing to overlap */
  s->double_buffering =
      !clfft_engine_get_device (engine)->host_unified_memory;
  s->capacity = 1;
  while ((gsize) s->capacity * 2 * frame_bytes <= CHUNK_BYTES)
    s->capacity *= 2;
  ok = (s->apply_window = clfft_kernel_new (engine, "spectrum.cl", "",
          "apply_window", error))
      && (s->band_sums = clfft_kernel_new (engine, "spectrum.cl", "",
          "band_sums", error))
      && upload_window (s, window, error)
      && (s->upload = clfft_queue_new (engine, error))
      && (s->frames[0] = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
          s->capacity * frame_bytes, NULL, error))
      && (s->spectra = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
          (gsize) s->capacity * channels * s->bins * sizeof (cl_float2), NULL,
          error));
  /* the plan of one step builds the programs every plan of the length
   * runs: a length the device cannot run fails here, and a new length's
   * builds happen here, where the caller times them */
  if (!ok || !plan_for (s, 0, error)) {
    clfft_spectrum_free (s);
    return NULL;
  }
  return s;
}

/* The R2C plan for chunks of 2^log2_steps steps. */
static ClfftPlan1d *
plan_for (ClfftSpectrum * s, guint log2_steps, GError ** error)
{
  ClfftPlan1dDesc desc = { CLFFT_R2C, s->n, (1u << log2_steps) * s->channels,
    0, 0, 0, 0, s->tuning
  };

  if (!s->plans[log2_steps])
    s->plans[log2_steps] = clfft_plan_1d_new (s->engine, &desc, error);
  return s->plans[log2_steps];
}

static gboolean
ensure_groups (ClfftSpectrum * s, guint n_groups, GError ** error)
{
  gsize sums = (gsize) n_groups * s->channels * s->bins * sizeof (gfloat);

  if (n_groups <= s->group_capacity)
    return TRUE;
  clfft_buffer_release (&s->group_start);
  clfft_buffer_release (&s->magnitude_sums);
  clfft_buffer_release (&s->phase_sums);
  s->group_capacity = 0;
  if (!(s->group_start = clfft_buffer_new (s->engine, CL_MEM_READ_ONLY,
              (n_groups + 1) * sizeof (cl_uint), NULL, error))
      || !(s->magnitude_sums = clfft_buffer_new (s->engine,
              CL_MEM_READ_WRITE, sums, NULL, error))
      || !(s->phase_sums = clfft_buffer_new (s->engine, CL_MEM_READ_WRITE,
              sums, NULL, error)))
    return FALSE;
  s->group_capacity = n_groups;
  return TRUE;
}

/* Uploads steps first .. first + steps - 1 into frames[b] on the upload
 * queue, with the engine's queue waiting for them. */
static gboolean
upload_chunk (ClfftSpectrum * s, const gfloat * frames, guint first,
    guint steps, guint b, GError ** error)
{
  gsize frame_count = (gsize) steps * s->channels;
  cl_event uploaded;
  cl_int st;

  st = clEnqueueWriteBuffer (s->upload, s->frames[b], CL_FALSE, 0,
      frame_count * s->n * sizeof (gfloat),
      frames + (gsize) first * s->channels * s->n, s->consumed[b] ? 1 : 0,
      s->consumed[b] ? &s->consumed[b] : NULL, &uploaded);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueWriteBuffer (frames)");
  clfft_event_release (&s->consumed[b]);
  st = clFlush (s->upload);
  if (st == CL_SUCCESS)
    st = clEnqueueBarrierWithWaitList (clfft_engine_get_queue (s->engine), 1,
        &uploaded, NULL);
  clfft_event_release (&uploaded);
  return st == CL_SUCCESS || clfft_fail (error, st,
      "clFlush, clEnqueueBarrierWithWaitList");
}

/* Window, transform and sum steps first .. first + steps - 1, through
 * frames[b]. */
static gboolean
enqueue_chunk (ClfftSpectrum * s, const gfloat * frames, guint first,
    guint steps, guint b, guint n_groups, gfloat threshold, guint want,
    GError ** error)
{
  /* steps rounded up to a power of two, at most capacity */
  guint log2_steps = steps > 1 ? g_bit_storage (steps - 1) : 0;
  guint n_frames = steps * s->channels, end = first + steps;
  guint n_rows = (1u << log2_steps) * s->channels;    /* the plan's batch */
  gfloat db_n2 = (gfloat) (20.0 * log10 ((gdouble) s->n));
  ClfftPlan1d *plan = plan_for (s, log2_steps, error);
  const gsize window_global[2] = {
    (s->n + ROW_GROUP - 1) / ROW_GROUP * ROW_GROUP, n_rows
  };
  const gsize window_local[2] = { ROW_GROUP, 1 };
  const gsize sums_global[3] = {
    (s->bins + ROW_GROUP - 1) / ROW_GROUP * ROW_GROUP, s->channels, n_groups
  };
  const gsize sums_local[3] = { ROW_GROUP, 1, 1 };
  const ClfftArgsApplyWindow window_args = {
    .frames = s->frames[b],
    .window = s->window,
    .n = s->n,
    .n_frames = n_frames,
    .n_rows = n_rows,
  };
  const ClfftArgsBandSums sums_args = {
    .bins = s->spectra,
    .n_bins = s->bins,
    .channels = s->channels,
    .chunk_first = first,
    .chunk_end = end,
    .group_start = s->group_start,
    .threshold = threshold,
    .db_n2 = db_n2,
    .want = want,
    .magnitude_sums = s->magnitude_sums,
    .phase_sums = s->phase_sums,
  };
  cl_int st;

  if (!plan)
    return FALSE;
  if (!upload_chunk (s, frames, first, steps, b, error)
      || !clfft_kernel_args_apply_window (s->apply_window, &window_args,
          error)
      || !clfft_kernel_enqueue (s->engine, s->apply_window, 2, window_global,
          window_local, NULL, "apply_window", error)
      || !clfft_plan_1d_enqueue (plan, CLFFT_DIRECTION_FORWARD, s->frames[b],
          s->spectra, 0, NULL, &s->consumed[b], error)
      || !clfft_kernel_args_band_sums (s->band_sums, &sums_args, error)
      || !clfft_kernel_enqueue (s->engine, s->band_sums, 3, sums_global,
          sums_local, NULL, "band_sums", error))
    return FALSE;
  /* the device starts on the chunk while the host queues the next upload */
  st = clFlush (clfft_engine_get_queue (s->engine));
  return st == CL_SUCCESS || clfft_fail (error, st, "clFlush");
}

static gboolean
read_sums (ClfftSpectrum * s, cl_mem sums, gfloat * out, guint n_groups,
    GError ** error)
{
  cl_int st = clEnqueueReadBuffer (clfft_engine_get_queue (s->engine), sums,
      CL_TRUE, 0, (gsize) n_groups * s->channels * s->bins * sizeof (gfloat),
      out, 0, NULL, NULL);

  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueReadBuffer (sums)");
  return clfft_engine_check_fault (s->engine, CLFFT_FAULT_AT_COMPLETION,
      "clEnqueueReadBuffer (sums)", error);
}

/* Queues a run whose sums stay on the device; on failure, waits for what
 * it queued. *written (where given): the end of group_start's upload. */
static gboolean
enqueue_run (ClfftSpectrum * s, const gfloat * frames, guint n_steps,
    const guint * group_start, guint n_groups, gdouble threshold, guint want,
    cl_event * written, GError ** error)
{
  cl_command_queue queue = clfft_engine_get_queue (s->engine);
  const gfloat zero = 0.0f;
  gsize sums_bytes = (gsize) n_groups * s->channels * s->bins *
      sizeof (gfloat);
  gboolean double_buffered = s->double_buffering && n_steps > s->capacity;
  gboolean ok;
  cl_int st;

  if (group_start[0] != 0 || group_start[n_groups] != n_steps) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "groups of steps %u .. %u for %u steps", group_start[0],
        group_start[n_groups], n_steps);
    return FALSE;
  }
  if (!ensure_groups (s, n_groups, error))
    return FALSE;
  /* groups of no step sum to 0 */
  st = clEnqueueWriteBuffer (queue, s->group_start, CL_FALSE, 0,
      (n_groups + 1) * sizeof (cl_uint), group_start, 0, NULL, written);
  if (st == CL_SUCCESS)
    st = clEnqueueFillBuffer (queue, s->magnitude_sums, &zero, sizeof (zero),
        0, sums_bytes, 0, NULL, NULL);
  if (st == CL_SUCCESS)
    st = clEnqueueFillBuffer (queue, s->phase_sums, &zero, sizeof (zero), 0,
        sums_bytes, 0, NULL, NULL);
  ok = (st == CL_SUCCESS || clfft_fail (error, st, "clEnqueueFillBuffer"))
      && (!double_buffered || s->frames[1]
      || (s->frames[1] = clfft_buffer_new (s->engine, CL_MEM_READ_WRITE,
              (gsize) s->capacity * s->channels * s->n * sizeof (gfloat),
              NULL, error)));
  for (guint first = 0, k = 0; ok && first < n_steps;
      first += s->capacity, k++)
    ok = enqueue_chunk (s, frames, first, MIN (s->capacity, n_steps - first),
        double_buffered ? k % 2 : 0, n_groups, (gfloat) threshold, want,
        error);
  if (!ok) {
    /* queued uploads read frames and group_start: let them finish */
    clfft_warn_on_failure (clFinish (s->upload), "clFinish (uploads)");
    clfft_warn_on_failure (clFinish (queue), "clFinish");
  }
  return ok;
}

gboolean
clfft_spectrum_run (ClfftSpectrum * s, const gfloat * frames, guint n_steps,
    const guint * group_start, guint n_groups, gdouble threshold,
    gfloat * magnitude_sums, gfloat * phase_sums, GError ** error)
{
  guint want = (magnitude_sums ? (s->average == CLFFT_AVERAGE_POWER ? 4 : 1)
      : 0) | (phase_sums ? 2 : 0);
  gboolean ok;

  if (n_groups == 0 || !want)
    return TRUE;
  ok = enqueue_run (s, frames, n_steps, group_start, n_groups, threshold,
      want, NULL, error)
      && (!magnitude_sums || read_sums (s, s->magnitude_sums,
          magnitude_sums, n_groups, error))
      && (!phase_sums || read_sums (s, s->phase_sums, phase_sums, n_groups,
          error));
  if (!ok)
    clfft_warn_on_failure (clFinish (clfft_engine_get_queue (s->engine)),
        "clFinish");
  clfft_event_release (&s->consumed[0]);
  clfft_event_release (&s->consumed[1]);
  return ok;
}

cl_mem
clfft_spectrum_run_on_device (ClfftSpectrum * s, const gfloat * frames,
    guint n_steps, const guint * group_start, guint n_groups,
    gdouble threshold, cl_mem * group_starts, GError ** error)
{
  guint want = s->average == CLFFT_AVERAGE_POWER ? 4 : 1;
  cl_event written = NULL;
  gboolean ok;
  cl_int st;

  if (n_groups == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a run of no groups");
    return NULL;
  }
  ok = enqueue_run (s, frames, n_steps, group_start, n_groups, threshold,
      want, &written, error);
  /* the uploads read frames and group_start: the caller may free them */
  if (ok) {
    st = clFinish (s->upload);
    if (st == CL_SUCCESS)
      st = clWaitForEvents (1, &written);
    ok = st == CL_SUCCESS || clfft_fail (error, st,
        "clFinish, clWaitForEvents (uploads)");
  }
  clfft_event_release (&written);
  clfft_event_release (&s->consumed[0]);
  clfft_event_release (&s->consumed[1]);
  *group_starts = s->group_start;
  return ok ? s->magnitude_sums : NULL;
}

void
clfft_spectrum_free (ClfftSpectrum * s)
{
  for (guint i = 0; i < G_N_ELEMENTS (s->plans); i++)
    if (s->plans[i])
      clfft_plan_1d_free (s->plans[i]);
  clfft_kernel_release (&s->apply_window);
  clfft_kernel_release (&s->band_sums);
  clfft_buffer_release (&s->window);
  clfft_buffer_release (&s->frames[0]);
  clfft_buffer_release (&s->frames[1]);
  clfft_queue_release (&s->upload);
  clfft_buffer_release (&s->spectra);
  clfft_buffer_release (&s->group_start);
  clfft_buffer_release (&s->magnitude_sums);
  clfft_buffer_release (&s->phase_sums);
  clfft_engine_unref (s->engine);
  g_free (s);
}
