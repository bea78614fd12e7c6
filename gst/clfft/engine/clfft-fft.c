/* 1D plans are one row pass; 2D plans are rows, transpose, rows, transpose.
 *
 * A real transform of even length N runs as a complex transform of length
 * N/2 over the sample pairs (x[2m], x[2m+1]), with the unfolding into N/2 + 1
 * bins (or the folding back, for C2R) fused into the same pass. Odd lengths
 * run a full-length complex transform of the real data. */
#include "clfft-fft.h"
#include "clfft-passes.h"
#include "clfft-private.h"

gboolean
clfft_length_supported (guint n)
{
  return clfft_row_length_supported (n);
}

/* Sets up the row pass of one transform of length n. An inverse also
 * returns the scale that normalizes its output (forward output needs none). */
static gboolean
init_row_transform (ClfftRowPass * pass, ClfftEngine * engine, ClfftKind kind,
    ClfftDirection direction, guint n, gfloat * inverse_scale,
    GError ** error)
{
  const ClfftRowGain none = CLFFT_GAIN_NONE;
  gboolean half = n % 2 == 0 && clfft_row_length_supported (n / 2);

  if (inverse_scale)
    *inverse_scale = 1.0f / n;
  switch (kind) {
    case CLFFT_C2C:
      return clfft_row_pass_init (pass, engine, n, direction,
          CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, none, error);
    case CLFFT_R2C:
      if (half)
        return clfft_row_pass_init (pass, engine, n / 2, CLFFT_FORWARD,
            CLFFT_LOAD_REAL_PAIRS, CLFFT_STORE_HALF_SPECTRUM, none, error);
      return clfft_row_pass_init (pass, engine, n, CLFFT_FORWARD,
          CLFFT_LOAD_REAL, CLFFT_STORE_HALF, none, error);
    case CLFFT_C2R:
      if (half) {
        if (inverse_scale)      /* the inverse is of length n/2 */
          *inverse_scale = 2.0f / n;
        return clfft_row_pass_init (pass, engine, n / 2, CLFFT_INVERSE,
            CLFFT_LOAD_HALF_SPECTRUM, CLFFT_STORE_REAL_PAIRS, none, error);
      }
      return clfft_row_pass_init (pass, engine, n, CLFFT_INVERSE,
          CLFFT_LOAD_HERMITIAN, CLFFT_STORE_REAL, none, error);
  }
  return FALSE;
}

static const gchar *
kind_name (ClfftKind kind)
{
  return kind == CLFFT_C2C ? "C2C" : kind == CLFFT_R2C ? "R2C" : "C2R";
}

static void
describe_pass (GString * s, const ClfftRowPass * pass)
{
  if (pass->bluestein)
    g_string_append_printf (s, "%u through Bluestein on %u (radices %s)",
        pass->length, pass->n, pass->radices);
  else
    g_string_append_printf (s, "%u (radices %s)", pass->n, pass->radices);
}

struct _ClfftPlan1d
{
  ClfftPlan1dDesc desc;
  ClfftRowPass forward, inverse;        /* the ones the kind needs */
  gfloat inverse_scale;
  ClfftRowLayout in, out;
  gchar *description;
};

ClfftPlan1d *
clfft_plan_1d_new (ClfftEngine * engine, const ClfftPlan1dDesc * desc,
    GError ** error)
{
  ClfftPlan1d *plan = g_new0 (ClfftPlan1d, 1);
  guint n = desc->n, half = n / 2 + 1;
  guint in_length = desc->kind == CLFFT_C2R ? half : n;
  guint out_length = desc->kind == CLFFT_R2C ? half : n;
  gboolean ok = TRUE;
  GString *text;

  plan->desc = *desc;
  plan->in.stride = desc->in_stride ? desc->in_stride : 1;
  plan->in.distance = desc->in_distance ? desc->in_distance : in_length;
  plan->out.stride = desc->out_stride ? desc->out_stride : 1;
  plan->out.distance = desc->out_distance ? desc->out_distance : out_length;
  if (desc->batch == 0 || n == 0 || n > 2 * CLFFT_MAX_ROW_LENGTH) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a plan needs a batch of at least 1 and a length from 1 to %u "
        "(got %u)", 2 * CLFFT_MAX_ROW_LENGTH, n);
    g_free (plan);
    return NULL;
  }
  if (desc->kind != CLFFT_C2R)
    ok = init_row_transform (&plan->forward, engine, desc->kind,
        CLFFT_FORWARD, n, NULL, error);
  if (ok && desc->kind != CLFFT_R2C)
    ok = init_row_transform (&plan->inverse, engine, desc->kind,
        CLFFT_INVERSE, n, &plan->inverse_scale, error);
  if (!ok) {
    clfft_plan_1d_free (plan);
    return NULL;
  }
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s %u x %u: FFT of length ",
      kind_name (desc->kind), n, desc->batch);
  describe_pass (text, plan->forward.kernel ? &plan->forward :
      &plan->inverse);
  plan->description = g_string_free (text, FALSE);
  clfft_log (CLFFT_LOG_DEBUG, "plan %s", plan->description);
  return plan;
}

const gchar *
clfft_plan_1d_describe (ClfftPlan1d * plan)
{
  return plan->description;
}

gboolean
clfft_plan_1d_enqueue (ClfftPlan1d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error)
{
  gboolean forward = direction == CLFFT_FORWARD;
  ClfftRowPass *pass = forward ? &plan->forward : &plan->inverse;

  if (!pass->kernel) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a %s plan does not run %s", kind_name (plan->desc.kind),
        forward ? "forward" : "inverse");
    return FALSE;
  }
  return clfft_row_pass_enqueue (pass, input, plan->in, output, plan->out,
      plan->desc.batch, NULL, 0, forward ? 1.0f : plan->inverse_scale, error);
}

void
clfft_plan_1d_free (ClfftPlan1d * plan)
{
  clfft_row_pass_clear (&plan->forward);
  clfft_row_pass_clear (&plan->inverse);
  g_free (plan->description);
  g_free (plan);
}

/* 2D: the rows (length width) run first forward and last inverse; the
 * columns (length height) run as rows between two transposes. A real
 * transform's columns are the width/2 + 1 bins of each row. */
struct _ClfftPlan2d
{
  ClfftKind kind;
  guint width, height, bins;    /* bins: complex columns of the spectrum */
  ClfftRowPass rows_forward, rows_inverse;
  ClfftRowPass cols_forward, cols_inverse;
  gfloat rows_inverse_scale, cols_inverse_scale;
  ClfftTransposePass transpose;
  cl_mem scratch, scratch2;
};

ClfftPlan2d *
clfft_plan_2d_new (ClfftEngine * engine, ClfftKind kind, guint width,
    guint height, GError ** error)
{
  ClfftPlan2d *plan = g_new0 (ClfftPlan2d, 1);
  gsize bytes;
  gboolean ok = TRUE;

  plan->kind = kind;
  plan->width = width;
  plan->height = height;
  plan->bins = kind == CLFFT_C2C ? width : width / 2 + 1;
  bytes = (gsize) plan->bins * height * sizeof (cl_float2);
  if (kind != CLFFT_C2R)
    ok = init_row_transform (&plan->rows_forward, engine, kind,
        CLFFT_FORWARD, width, NULL, error)
        && init_row_transform (&plan->cols_forward, engine, CLFFT_C2C,
        CLFFT_FORWARD, height, NULL, error);
  if (ok && kind != CLFFT_R2C)
    ok = init_row_transform (&plan->rows_inverse, engine, kind,
        CLFFT_INVERSE, width, &plan->rows_inverse_scale, error)
        && init_row_transform (&plan->cols_inverse, engine, CLFFT_C2C,
        CLFFT_INVERSE, height, &plan->cols_inverse_scale, error);
  if (!ok || !clfft_transpose_pass_init (&plan->transpose, engine, error)
      || !(plan->scratch = clfft_buffer_new (engine, CL_MEM_READ_WRITE, bytes,
              NULL, error))
      || (kind == CLFFT_C2R && !(plan->scratch2 = clfft_buffer_new (engine,
                  CL_MEM_READ_WRITE, bytes, NULL, error)))) {
    clfft_plan_2d_free (plan);
    return NULL;
  }
  {
    GString *text = g_string_new (NULL);

    g_string_append_printf (text, "plan %s %ux%u: rows of length ",
        kind_name (kind), width, height);
    describe_pass (text, kind == CLFFT_C2R ? &plan->rows_inverse :
        &plan->rows_forward);
    g_string_append (text, ", transpose, columns of length ");
    describe_pass (text, kind == CLFFT_C2R ? &plan->cols_inverse :
        &plan->cols_forward);
    g_string_append (text, ", transpose");
    clfft_log (CLFFT_LOG_DEBUG, "%s", text->str);
    g_string_free (text, TRUE);
  }
  return plan;
}

/* rows, transpose, columns as rows, transpose back */
static gboolean
enqueue_2d_forward (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout in_rows = { 1, w }, bin_rows = { 1, b };
  const ClfftRowLayout columns = { 1, h };

  return clfft_row_pass_enqueue (&plan->rows_forward, input, in_rows,
      plan->scratch, bin_rows, h, NULL, 0, 1.0f, error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      b, h, error)
      && clfft_row_pass_enqueue (&plan->cols_forward, output, columns,
      plan->scratch, columns, b, NULL, 0, 1.0f, error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      h, b, error);
}

/* transpose, columns as rows, transpose back, rows; the input stays */
static gboolean
enqueue_2d_inverse (ClfftPlan2d * plan, cl_mem input, cl_mem output,
    GError ** error)
{
  guint w = plan->width, h = plan->height, b = plan->bins;
  const ClfftRowLayout out_rows = { 1, w }, bin_rows = { 1, b };
  const ClfftRowLayout columns = { 1, h };
  /* C2C can stage through the output; C2R's real output is too small */
  cl_mem stage = plan->kind == CLFFT_C2R ? plan->scratch2 : output;

  return clfft_transpose_pass_enqueue (&plan->transpose, input, plan->scratch,
      b, h, error)
      && clfft_row_pass_enqueue (&plan->cols_inverse, plan->scratch, columns,
      plan->scratch, columns, b, NULL, 0, plan->cols_inverse_scale, error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, stage,
      h, b, error)
      && clfft_row_pass_enqueue (&plan->rows_inverse, stage, bin_rows, output,
      out_rows, h, NULL, 0, plan->rows_inverse_scale, error);
}

gboolean
clfft_plan_2d_enqueue (ClfftPlan2d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error)
{
  gboolean forward = direction == CLFFT_FORWARD;

  if ((forward && plan->kind == CLFFT_C2R)
      || (!forward && plan->kind == CLFFT_R2C)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a %s plan does not run %s", kind_name (plan->kind),
        forward ? "forward" : "inverse");
    return FALSE;
  }
  return forward ? enqueue_2d_forward (plan, input, output, error) :
      enqueue_2d_inverse (plan, input, output, error);
}

void
clfft_plan_2d_free (ClfftPlan2d * plan)
{
  clfft_row_pass_clear (&plan->rows_forward);
  clfft_row_pass_clear (&plan->rows_inverse);
  clfft_row_pass_clear (&plan->cols_forward);
  clfft_row_pass_clear (&plan->cols_inverse);
  clfft_transpose_pass_clear (&plan->transpose);
  clfft_buffer_release (&plan->scratch);
  clfft_buffer_release (&plan->scratch2);
  g_free (plan);
}
