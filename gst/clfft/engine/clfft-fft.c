/* 1D plans are one row pass; 2D plans are rows, transpose, rows, transpose.
 *
 * A real transform of even length N runs as a complex transform of length
 * N/2 over the sample pairs (x[2m], x[2m+1]), with the unfolding into N/2 + 1
 * bins (or the folding back, for C2R) fused into the same pass. Odd lengths
 * run a full-length complex transform of the real data. */
#include "clfft-fft.h"
#include "clfft-passes.h"

gboolean
clfft_length_supported (guint n)
{
  return clfft_row_length_supported (n);
}

struct _ClfftPlan1d
{
  ClfftPlan1dDesc desc;
  ClfftRowPass forward, inverse;        /* the ones the kind needs */
  ClfftRowLayout in, out;
  gfloat inverse_scale;
};

static gboolean
half_length_path (guint n)
{
  return n % 2 == 0 && clfft_row_length_supported (n / 2);
}

static gboolean
init_passes (ClfftPlan1d * plan, ClfftEngine * engine, GError ** error)
{
  guint n = plan->desc.n;

  switch (plan->desc.kind) {
    case CLFFT_C2C:
      plan->inverse_scale = 1.0f / n;
      return clfft_row_pass_init (&plan->forward, engine, n, CLFFT_FORWARD,
          CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, CLFFT_GAIN_NONE, error)
          && clfft_row_pass_init (&plan->inverse, engine, n, CLFFT_INVERSE,
          CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, CLFFT_GAIN_NONE, error);
    case CLFFT_R2C:
      if (half_length_path (n)) {
        return clfft_row_pass_init (&plan->forward, engine, n / 2,
            CLFFT_FORWARD, CLFFT_LOAD_REAL_PAIRS, CLFFT_STORE_HALF_SPECTRUM,
            CLFFT_GAIN_NONE, error);
      }
      return clfft_row_pass_init (&plan->forward, engine, n, CLFFT_FORWARD,
          CLFFT_LOAD_REAL, CLFFT_STORE_HALF, CLFFT_GAIN_NONE, error);
    case CLFFT_C2R:
      if (half_length_path (n)) {
        plan->inverse_scale = 2.0f / n;
        return clfft_row_pass_init (&plan->inverse, engine, n / 2,
            CLFFT_INVERSE, CLFFT_LOAD_HALF_SPECTRUM, CLFFT_STORE_REAL_PAIRS,
            CLFFT_GAIN_NONE, error);
      }
      plan->inverse_scale = 1.0f / n;
      return clfft_row_pass_init (&plan->inverse, engine, n, CLFFT_INVERSE,
          CLFFT_LOAD_HERMITIAN, CLFFT_STORE_REAL, CLFFT_GAIN_NONE, error);
  }
  return FALSE;
}

ClfftPlan1d *
clfft_plan_1d_new (ClfftEngine * engine, const ClfftPlan1dDesc * desc,
    GError ** error)
{
  ClfftPlan1d *plan = g_new0 (ClfftPlan1d, 1);
  guint n = desc->n, half = n / 2 + 1;
  guint in_length = desc->kind == CLFFT_C2R ? half : n;
  guint out_length = desc->kind == CLFFT_R2C ? half : n;

  plan->desc = *desc;
  plan->in.stride = desc->in_stride ? desc->in_stride : 1;
  plan->in.distance = desc->in_distance ? desc->in_distance : in_length;
  plan->out.stride = desc->out_stride ? desc->out_stride : 1;
  plan->out.distance = desc->out_distance ? desc->out_distance : out_length;
  if (desc->batch == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a plan needs a batch of at least one transform");
    g_free (plan);
    return NULL;
  }
  if (!init_passes (plan, engine, error)) {
    clfft_plan_1d_free (plan);
    return NULL;
  }
  return plan;
}

gboolean
clfft_plan_1d_enqueue (ClfftPlan1d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error)
{
  gboolean forward = direction == CLFFT_FORWARD;
  ClfftRowPass *pass = forward ? &plan->forward : &plan->inverse;

  if (!pass->kernel) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a %s plan does not run %s", plan->desc.kind == CLFFT_R2C ?
        "real-to-complex" : "complex-to-real", forward ? "forward" :
        "inverse");
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
  g_free (plan);
}

struct _ClfftPlan2d
{
  guint width, height;
  ClfftRowPass rows_forward, rows_inverse;      /* length width */
  ClfftRowPass cols_forward, cols_inverse;      /* length height */
  ClfftTransposePass transpose;
  cl_mem scratch;
};

static gboolean
init_c2c (ClfftRowPass * pass, ClfftEngine * engine, guint n, gint sign,
    GError ** error)
{
  return clfft_row_pass_init (pass, engine, n, sign, CLFFT_LOAD_COMPLEX,
      CLFFT_STORE_COMPLEX, CLFFT_GAIN_NONE, error);
}

ClfftPlan2d *
clfft_plan_2d_new (ClfftEngine * engine, guint width, guint height,
    GError ** error)
{
  ClfftPlan2d *plan = g_new0 (ClfftPlan2d, 1);

  plan->width = width;
  plan->height = height;
  if (!init_c2c (&plan->rows_forward, engine, width, CLFFT_FORWARD, error)
      || !init_c2c (&plan->rows_inverse, engine, width, CLFFT_INVERSE, error)
      || !init_c2c (&plan->cols_forward, engine, height, CLFFT_FORWARD, error)
      || !init_c2c (&plan->cols_inverse, engine, height, CLFFT_INVERSE, error)
      || !clfft_transpose_pass_init (&plan->transpose, engine, error)
      || !(plan->scratch = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
              (gsize) width * height * sizeof (cl_float2), NULL, error))) {
    clfft_plan_2d_free (plan);
    return NULL;
  }
  return plan;
}

gboolean
clfft_plan_2d_enqueue (ClfftPlan2d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error)
{
  gboolean forward = direction == CLFFT_FORWARD;
  guint w = plan->width, h = plan->height;
  const ClfftRowLayout rows = { 1, w }, columns = { 1, h };
  gfloat scale_rows = forward ? 1.0f : 1.0f / w;
  gfloat scale_cols = forward ? 1.0f : 1.0f / h;

  return clfft_row_pass_enqueue (forward ? &plan->rows_forward :
      &plan->rows_inverse, input, rows, plan->scratch, rows, h, NULL, 0,
      scale_rows, error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      w, h, error)
      && clfft_row_pass_enqueue (forward ? &plan->cols_forward :
      &plan->cols_inverse, output, columns, plan->scratch, columns, w, NULL, 0,
      scale_cols, error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      h, w, error);
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
  g_free (plan);
}
