/* 1D plans are one transform. 2D plans are rows, then columns read and
 * written across the rows (as the filter's column pass does) where the
 * column length runs without Bluestein; else rows, transpose, columns as
 * rows, transpose.
 *
 * A real forward transform whose length one pass does runs two real rows
 * at a time, as the real and imaginary parts of one complex transform of
 * full length, with the unfolding into two sets of N/2 + 1 bins fused into
 * the same pass: as many values per row of the FFT as a complex transform,
 * and half the rows. Other real transforms of even length N run as a
 * complex transform of length N/2 over the sample pairs (x[2m], x[2m+1]),
 * with the unfolding into N/2 + 1 bins (or the folding back, for C2R)
 * fused into the same pass. Odd lengths run a full-length complex
 * transform of the real data. */
#include "clfft-fft.h"
#include "clfft-passes.h"
#include "clfft-transform.h"
#include "clfft-log.h"
#include "clfft-plans.h"

gboolean
clfft_length_supported (guint n)
{
  return clfft_transform_length_supported (n);
}

/* Sets up one transform of length n on rows of at most max_batch, with
 * the row flags (CLFFT_ROW_*) given. adjacent: the rows' values lie next
 * to each other on both sides, and real rows of even length start on a
 * pair of samples, so that the kernels take stride 1 as a constant and
 * the half-length layout (also the one tuning times against two real rows
 * at a time) moves a pair as one value (CLFFT_ROW_UNIT_STRIDE). An
 * inverse also returns the scale that normalizes its output (forward
 * output needs none). */
static gboolean
init_transform (ClfftTransform * t, ClfftEngine * engine, ClfftKind kind,
    ClfftDirection direction, guint n, guint max_batch, guint flags,
    gboolean adjacent, ClfftTuning tuning, gfloat * inverse_scale,
    GError ** error)
{
  gboolean two_rows = kind == CLFFT_R2C && clfft_row_length_direct (n);
  gboolean half = kind != CLFFT_C2C && !two_rows && n % 2 == 0
      && clfft_transform_length_supported (n / 2);
  ClfftTransformSpec spec = { n, direction, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, flags, max_batch, tuning
  };

  if (inverse_scale)
    *inverse_scale = 1.0f / n;
  switch (kind) {
    case CLFFT_C2C:
      break;
    case CLFFT_R2C:
      if (two_rows) {
        spec.load = CLFFT_LOAD_TWO_REAL_ROWS;
        spec.store = CLFFT_STORE_TWO_HALF_SPECTRA;
        break;
      }
      spec.load = half ? CLFFT_LOAD_REAL_PAIRS : CLFFT_LOAD_REAL;
      spec.store = half ? CLFFT_STORE_HALF_SPECTRUM : CLFFT_STORE_HALF;
      break;
    case CLFFT_C2R:
      spec.load = half ? CLFFT_LOAD_HALF_SPECTRUM : CLFFT_LOAD_HERMITIAN;
      spec.store = half ? CLFFT_STORE_REAL_PAIRS : CLFFT_STORE_REAL;
      /* the inverse is of length n/2 */
      if (half && inverse_scale)
        *inverse_scale = 2.0f / n;
      break;
  }
  if (half)
    spec.length = n / 2;
  if (adjacent)
    spec.flags |= CLFFT_ROW_UNIT_STRIDE;
  return clfft_transform_init (t, engine, &spec, error);
}

static const gchar *
kind_name (ClfftKind kind)
{
  return kind == CLFFT_C2C ? "C2C" : kind == CLFFT_R2C ? "R2C" : "C2R";
}

/* Plans are shared: the engine keeps the ones in use under a key of their
 * parameters, and a plan serializes its enqueues (they set the arguments
 * of its kernels). */
typedef struct
{
  ClfftEngine *engine;
  gchar *key;
  GMutex lock;
} PlanShare;

static void
share_init (PlanShare * share, ClfftEngine * engine, gchar * key)
{
  share->engine = clfft_engine_ref (engine);
  share->key = key;
  g_mutex_init (&share->lock);
}

static void
share_clear (PlanShare * share)
{
  g_mutex_clear (&share->lock);
  g_free (share->key);
  clfft_engine_unref (share->engine);
}

struct _ClfftPlan1d
{
  PlanShare share;
  ClfftPlan1dDesc desc;
  ClfftTransform forward, inverse;      /* the ones the kind needs */
  ClfftScratch scratch;
  gfloat inverse_scale;
  ClfftRowLayout in, out;
  gchar *description;
};

static void plan_1d_destroy (ClfftPlan1d * plan);

/* desc has its layout resolved (no 0); the plan takes key */
static ClfftPlan1d *
plan_1d_build (ClfftEngine * engine, const ClfftPlan1dDesc * desc,
    gchar * key, GError ** error)
{
  ClfftPlan1d *plan = g_new0 (ClfftPlan1d, 1);
  guint n = desc->n;
  /* the real side's rows (R2C's input, C2R's output) start on a pair */
  guint real_distance = desc->kind == CLFFT_R2C ? desc->in_distance :
      desc->out_distance;
  gboolean adjacent = desc->in_stride == 1 && desc->out_stride == 1
      && (desc->kind == CLFFT_C2C || real_distance % 2 == 0);
  gboolean ok = TRUE;
  GString *text;

  share_init (&plan->share, engine, key);
  plan->desc = *desc;
  plan->in = (ClfftRowLayout) {
  desc->in_stride, desc->in_distance};
  plan->out = (ClfftRowLayout) {
  desc->out_stride, desc->out_distance};
  if (desc->batch == 0 || n == 0 || n > 2 * CLFFT_MAX_LENGTH) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a plan needs a batch of at least 1 and a length from 1 to %u "
        "(got %u)", 2 * CLFFT_MAX_LENGTH, n);
    plan_1d_destroy (plan);
    return NULL;
  }
  if (desc->kind != CLFFT_C2R)
    ok = init_transform (&plan->forward, engine, desc->kind,
        CLFFT_DIRECTION_FORWARD, n, desc->batch, 0, adjacent, desc->tuning,
        NULL, error);
  if (ok && desc->kind != CLFFT_R2C)
    ok = init_transform (&plan->inverse, engine, desc->kind,
        CLFFT_DIRECTION_INVERSE, n, desc->batch, 0, adjacent, desc->tuning,
        &plan->inverse_scale, error);
  if (ok) {
    clfft_scratch_add_need (&plan->scratch, &plan->forward);
    clfft_scratch_add_need (&plan->scratch, &plan->inverse);
    ok = clfft_scratch_alloc (&plan->scratch, engine, error);
  }
  if (!ok) {
    plan_1d_destroy (plan);
    return NULL;
  }
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s %u x %u: FFT of length ",
      kind_name (desc->kind), n, desc->batch);
  g_string_append (text, clfft_transform_describe (desc->kind != CLFFT_C2R ?
          &plan->forward : &plan->inverse));
  plan->description = g_string_free (text, FALSE);
  clfft_log (CLFFT_LOG_DEBUG, "plan %s", plan->description);
  return plan;
}

ClfftPlan1d *
clfft_plan_1d_new (ClfftEngine * engine, const ClfftPlan1dDesc * desc,
    GError ** error)
{
  guint half = desc->n / 2 + 1;
  ClfftPlan1dDesc resolved = *desc;
  ClfftPlan1d *plan, *shared;
  gchar *key;

  /* 0 in a layout means contiguous rows: spell it out, so that the plan
   * and its key see one layout however it was given */
  resolved.in_stride = MAX (desc->in_stride, 1);
  resolved.out_stride = MAX (desc->out_stride, 1);
  if (!desc->in_distance)
    resolved.in_distance = desc->kind == CLFFT_C2R ? half : desc->n;
  if (!desc->out_distance)
    resolved.out_distance = desc->kind == CLFFT_R2C ? half : desc->n;
  /* a plan that tunes and one that does not are two plans */
  resolved.tuning = clfft_tuning_decide (engine, desc->tuning, FALSE);
  key = g_strdup_printf ("1d %d %u %u %u %u %u %u %d", resolved.kind,
      resolved.n, resolved.batch, resolved.in_stride, resolved.in_distance,
      resolved.out_stride, resolved.out_distance, resolved.tuning);
  plan = clfft_engine_take_plan (engine, key);
  if (plan) {
    g_free (key);
    return plan;
  }
  plan = plan_1d_build (engine, &resolved, key, error);
  if (!plan)
    return NULL;
  shared = clfft_engine_add_plan (engine, plan->share.key, plan);
  if (shared != plan)
    plan_1d_destroy (plan);
  return shared;
}

const gchar *
clfft_plan_1d_describe (ClfftPlan1d * plan)
{
  return plan->description;
}

/* Whether a plan of this kind runs in this direction; sets error if not. */
static gboolean
check_direction (ClfftKind kind, ClfftDirection direction, GError ** error)
{
  gboolean forward = direction == CLFFT_DIRECTION_FORWARD;

  if ((forward && kind == CLFFT_C2R) || (!forward && kind == CLFFT_R2C)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a %s plan does not run %s", kind_name (kind),
        forward ? "forward" : "inverse");
    return FALSE;
  }
  return TRUE;
}

gboolean
clfft_plan_1d_enqueue (ClfftPlan1d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, cl_uint num_wait_events,
    const cl_event * wait_events, cl_event * event, GError ** error)
{
  gboolean forward = direction == CLFFT_DIRECTION_FORWARD;
  const ClfftEvents events = { num_wait_events, wait_events, event };

  gboolean ok;

  if (!check_direction (plan->desc.kind, direction, error))
    return FALSE;
  g_mutex_lock (&plan->share.lock);
  ok = clfft_transform_enqueue (forward ? &plan->forward : &plan->inverse,
      &plan->scratch, input, plan->in, output, plan->out, plan->desc.batch,
      NULL, 0, forward ? 1.0f : plan->inverse_scale, &events, error);
  g_mutex_unlock (&plan->share.lock);
  return ok;
}

static void
plan_1d_destroy (ClfftPlan1d * plan)
{
  clfft_transform_clear (&plan->forward);
  clfft_transform_clear (&plan->inverse);
  clfft_scratch_clear (&plan->scratch);
  g_free (plan->description);
  share_clear (&plan->share);
  g_free (plan);
}

void
clfft_plan_1d_free (ClfftPlan1d * plan)
{
  if (clfft_engine_drop_plan (plan->share.engine, plan->share.key))
    plan_1d_destroy (plan);
}

/* 2D: the rows (length width) run first forward and last inverse; the
 * columns (length height) run in between, out of place through scratch.
 * A real transform's columns are the width/2 + 1 bins of each row. Where
 * a column runs without Bluestein (clfft_transform_length_direct), the
 * column passes read and write neighbouring columns side by side
 * (across), as the filter's does: two or three launches a direction, and
 * no transposes. Columns through Bluestein run as rows between two
 * transposes. Across, the scratch holds the spectrum's rows pitch bins
 * apart, a multiple of 4 (32 bytes), so that the column pass's side there
 * reads and writes whole memory sectors (the filter's columns got faster
 * so: docs/experiments/2026-11-22-work-group-size-nvidia-reports.md). */
struct _ClfftPlan2d
{
  PlanShare share;
  ClfftKind kind;
  guint width, height, bins;    /* bins: complex columns of the spectrum */
  gboolean across;
  guint pitch;                  /* of the scratch's rows of bins */
  ClfftTransform rows_forward, rows_inverse;
  ClfftTransform cols_forward, cols_inverse;
  gfloat rows_inverse_scale, cols_inverse_scale;
  ClfftTransposePass transpose;
  cl_mem scratch, scratch2;
  ClfftScratch transform_scratch;       /* the transforms' own */
};

static void plan_2d_destroy (ClfftPlan2d * plan);

static ClfftPlan2d *
plan_2d_build (ClfftEngine * engine, ClfftKind kind, guint width,
    guint height, gchar * key, GError ** error)
{
  ClfftPlan2d *plan = g_new0 (ClfftPlan2d, 1);
  gsize bytes;
  gboolean ok = TRUE;
  guint column_flags;

  share_init (&plan->share, engine, key);
  plan->kind = kind;
  plan->width = width;
  plan->height = height;
  plan->bins = kind == CLFFT_C2C ? width : width / 2 + 1;
  plan->across = clfft_transform_length_direct (height);
  column_flags = plan->across ? CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS : 0;
  plan->pitch = plan->across ? (plan->bins + CLFFT_SECTOR_VALUES - 1) /
      CLFFT_SECTOR_VALUES * CLFFT_SECTOR_VALUES : plan->bins;
  bytes = (gsize) plan->pitch * height * sizeof (cl_float2);
  /* rows lie next to each other, and so do the columns once transposed;
   * the columns read across the rows do not */
  if (kind != CLFFT_C2R)
    ok = init_transform (&plan->rows_forward, engine, kind,
        CLFFT_DIRECTION_FORWARD, width, height, 0, TRUE, CLFFT_TUNING_AUTO,
        NULL, error)
        && init_transform (&plan->cols_forward, engine, CLFFT_C2C,
        CLFFT_DIRECTION_FORWARD, height, plan->bins, column_flags,
        !plan->across, CLFFT_TUNING_AUTO, NULL, error);
  if (ok && kind != CLFFT_R2C)
    ok = init_transform (&plan->rows_inverse, engine, kind,
        CLFFT_DIRECTION_INVERSE, width, height, 0, TRUE, CLFFT_TUNING_AUTO,
        &plan->rows_inverse_scale, error)
        && init_transform (&plan->cols_inverse, engine, CLFFT_C2C,
        CLFFT_DIRECTION_INVERSE, height, plan->bins, column_flags,
        !plan->across, CLFFT_TUNING_AUTO, &plan->cols_inverse_scale, error);
  if (ok) {
    clfft_scratch_add_need (&plan->transform_scratch, &plan->rows_forward);
    clfft_scratch_add_need (&plan->transform_scratch, &plan->cols_forward);
    clfft_scratch_add_need (&plan->transform_scratch, &plan->rows_inverse);
    clfft_scratch_add_need (&plan->transform_scratch, &plan->cols_inverse);
    ok = clfft_scratch_alloc (&plan->transform_scratch, engine, error);
  }
  if (!ok || (!plan->across && !clfft_transpose_pass_init (&plan->transpose,
              engine, error))
      || !(plan->scratch = clfft_buffer_new (engine, CL_MEM_READ_WRITE, bytes,
              NULL, error))
      || (kind == CLFFT_C2R && !plan->across
          && !(plan->scratch2 = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
                  bytes, NULL, error)))) {
    plan_2d_destroy (plan);
    return NULL;
  }
  {
    GString *text = g_string_new (NULL);

    g_string_append_printf (text, "plan %s %ux%u: rows of length ",
        kind_name (kind), width, height);
    g_string_append (text, clfft_transform_describe (kind == CLFFT_C2R ?
            &plan->rows_inverse : &plan->rows_forward));
    g_string_append (text, plan->across ? ", columns across the rows of "
        "length " : ", transpose, columns of length ");
    g_string_append (text, clfft_transform_describe (kind == CLFFT_C2R ?
            &plan->cols_inverse : &plan->cols_forward));
    if (!plan->across)
      g_string_append (text, ", transpose");
    clfft_log (CLFFT_LOG_DEBUG, "%s", text->str);
    g_string_free (text, TRUE);
  }
  return plan;
}

ClfftPlan2d *
clfft_plan_2d_new (ClfftEngine * engine, ClfftKind kind, guint width,
    guint height, GError ** error)
{
  gchar *key = g_strdup_printf ("2d %d %u %u", kind, width, height);
  ClfftPlan2d *plan = clfft_engine_take_plan (engine, key), *shared;

  if (plan) {
    g_free (key);
    return plan;
  }
  plan = plan_2d_build (engine, kind, width, height, key, error);
  if (!plan)
    return NULL;
  shared = clfft_engine_add_plan (engine, plan->share.key, plan);
  if (shared != plan)
    plan_2d_destroy (plan);
  return shared;
}

/* rows into scratch, columns across them into the output */
static gboolean
enqueue_2d_forward_across (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    const ClfftEvents * events, GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout in_rows = { 1, w }, bin_rows = { 1, plan->pitch };
  const ClfftRowLayout scratch_across = { plan->pitch, 1 };
  const ClfftRowLayout output_across = { b, 1 };
  const ClfftEvents rows = clfft_events_step (events, 0, 2),
      columns = clfft_events_step (events, 1, 2);

  return clfft_transform_enqueue (&plan->rows_forward,
      &plan->transform_scratch, input, in_rows, plan->scratch, bin_rows, h,
      NULL, 0, 1.0f, &rows, error)
      && clfft_transform_enqueue (&plan->cols_forward,
      &plan->transform_scratch, plan->scratch, scratch_across, output,
      output_across, b, NULL, 0, 1.0f, &columns, error);
}

/* columns across the rows into scratch, rows into the output; the input
 * stays */
static gboolean
enqueue_2d_inverse_across (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    const ClfftEvents * events, GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout out_rows = { 1, w }, bin_rows = { 1, plan->pitch };
  const ClfftRowLayout input_across = { b, 1 };
  const ClfftRowLayout scratch_across = { plan->pitch, 1 };
  const ClfftEvents columns = clfft_events_step (events, 0, 2),
      rows = clfft_events_step (events, 1, 2);

  return clfft_transform_enqueue (&plan->cols_inverse,
      &plan->transform_scratch, input, input_across, plan->scratch,
      scratch_across, b, NULL, 0, plan->cols_inverse_scale, &columns, error)
      && clfft_transform_enqueue (&plan->rows_inverse,
      &plan->transform_scratch, plan->scratch, bin_rows, output, out_rows, h,
      NULL, 0, plan->rows_inverse_scale, &rows, error);
}

/* rows, transpose, columns as rows, transpose back */
static gboolean
enqueue_2d_forward (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    const ClfftEvents * events, GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout in_rows = { 1, w }, bin_rows = { 1, b };
  const ClfftRowLayout columns = { 1, h };
  ClfftEvents steps[4];

  for (guint i = 0; i < 4; i++)
    steps[i] = clfft_events_step (events, i, 4);
  return clfft_transform_enqueue (&plan->rows_forward,
      &plan->transform_scratch, input, in_rows,
      plan->scratch, bin_rows, h, NULL, 0, 1.0f, &steps[0], error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      b, h, &steps[1], error)
      && clfft_transform_enqueue (&plan->cols_forward,
      &plan->transform_scratch, output, columns,
      plan->scratch, columns, b, NULL, 0, 1.0f, &steps[2], error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      h, b, &steps[3], error);
}

/* transpose, columns as rows, transpose back, rows; the input stays */
static gboolean
enqueue_2d_inverse (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    const ClfftEvents * events, GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout out_rows = { 1, w }, bin_rows = { 1, b };
  const ClfftRowLayout columns = { 1, h };
  /* C2C can stage through the output; C2R's real output is too small */
  cl_mem stage = plan->kind == CLFFT_C2R ? plan->scratch2 : output;
  ClfftEvents steps[4];

  for (guint i = 0; i < 4; i++)
    steps[i] = clfft_events_step (events, i, 4);
  return clfft_transpose_pass_enqueue (&plan->transpose, input, plan->scratch,
      b, h, &steps[0], error)
      && clfft_transform_enqueue (&plan->cols_inverse,
      &plan->transform_scratch, plan->scratch, columns,
      plan->scratch, columns, b, NULL, 0, plan->cols_inverse_scale, &steps[1],
      error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, stage,
      h, b, &steps[2], error)
      && clfft_transform_enqueue (&plan->rows_inverse,
      &plan->transform_scratch, stage, bin_rows, output,
      out_rows, h, NULL, 0, plan->rows_inverse_scale, &steps[3], error);
}

gboolean
clfft_plan_2d_enqueue (ClfftPlan2d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, cl_uint num_wait_events,
    const cl_event * wait_events, cl_event * event, GError ** error)
{
  const ClfftEvents events = { num_wait_events, wait_events, event };
  gboolean ok;

  if (!check_direction (plan->kind, direction, error))
    return FALSE;
  g_mutex_lock (&plan->share.lock);
  if (plan->across)
    ok = direction == CLFFT_DIRECTION_FORWARD ?
        enqueue_2d_forward_across (plan, input, output, &events, error) :
        enqueue_2d_inverse_across (plan, input, output, &events, error);
  else
    ok = direction == CLFFT_DIRECTION_FORWARD ?
        enqueue_2d_forward (plan, input, output, &events, error) :
        enqueue_2d_inverse (plan, input, output, &events, error);
  g_mutex_unlock (&plan->share.lock);
  return ok;
}

void
clfft_plan_2d_free (ClfftPlan2d * plan)
{
  if (clfft_engine_drop_plan (plan->share.engine, plan->share.key))
    plan_2d_destroy (plan);
}

static void
plan_2d_destroy (ClfftPlan2d * plan)
{
  clfft_transform_clear (&plan->rows_forward);
  clfft_transform_clear (&plan->rows_inverse);
  clfft_transform_clear (&plan->cols_forward);
  clfft_transform_clear (&plan->cols_inverse);
  clfft_transpose_pass_clear (&plan->transpose);
  clfft_buffer_release (&plan->scratch);
  clfft_buffer_release (&plan->scratch2);
  clfft_scratch_clear (&plan->transform_scratch);
  share_clear (&plan->share);
  g_free (plan);
}
