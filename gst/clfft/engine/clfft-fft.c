/* 1D plans are one row pass; 2D plans are rows, transpose, rows, transpose. */
#include "clfft-fft.h"
#include "clfft-passes.h"

gboolean
clfft_length_supported (guint n)
{
  return clfft_row_length_supported (n);
}

struct _ClfftPlan1d
{
  guint n, batch;
  ClfftRowPass forward, inverse;
};

ClfftPlan1d *
clfft_plan_1d_new (ClfftEngine * engine, guint n, guint batch,
    GError ** error)
{
  ClfftPlan1d *plan = g_new0 (ClfftPlan1d, 1);

  plan->n = n;
  plan->batch = batch;
  if (!clfft_row_pass_init (&plan->forward, engine, n, CLFFT_FORWARD, 0, error)
      || !clfft_row_pass_init (&plan->inverse, engine, n, CLFFT_INVERSE, 0,
          error)) {
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

  return clfft_row_pass_enqueue (forward ? &plan->forward : &plan->inverse,
      input, plan->n, output, plan->n, plan->batch, NULL, 0,
      forward ? 1.0f : 1.0f / plan->n, error);
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

ClfftPlan2d *
clfft_plan_2d_new (ClfftEngine * engine, guint width, guint height,
    GError ** error)
{
  ClfftPlan2d *plan = g_new0 (ClfftPlan2d, 1);

  plan->width = width;
  plan->height = height;
  if (!clfft_row_pass_init (&plan->rows_forward, engine, width, CLFFT_FORWARD,
          0, error)
      || !clfft_row_pass_init (&plan->rows_inverse, engine, width,
          CLFFT_INVERSE, 0, error)
      || !clfft_row_pass_init (&plan->cols_forward, engine, height,
          CLFFT_FORWARD, 0, error)
      || !clfft_row_pass_init (&plan->cols_inverse, engine, height,
          CLFFT_INVERSE, 0, error)
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
  gfloat scale_rows = forward ? 1.0f : 1.0f / w;
  gfloat scale_cols = forward ? 1.0f : 1.0f / h;

  return clfft_row_pass_enqueue (forward ? &plan->rows_forward :
      &plan->rows_inverse, input, w, plan->scratch, w, h, NULL, 0, scale_rows,
      error)
      && clfft_transpose_pass_enqueue (&plan->transpose, plan->scratch, output,
      w, h, error)
      && clfft_row_pass_enqueue (forward ? &plan->cols_forward :
      &plan->cols_inverse, output, h, plan->scratch, h, w, NULL, 0,
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
