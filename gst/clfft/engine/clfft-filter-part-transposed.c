/* Passes over the transposed spectrum (CLFFT_FILTER_PATH_TRANSPOSED), for
 * a height through Bluestein, whose columns do not run in place: rows
 * forward, transpose, columns forward with the gain on their output,
 * columns inverse, transpose back, rows inverse. */
#include "clfft-filter-part.h"
#include "clfft-passes.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftTransform forward, inverse;
  ClfftTransposePass transpose;
  /* the spectrum transposed: bins rows of height */
  cl_mem transposed;
} TransposedPart;

static gboolean
transposed_plan (ClfftFilterPart * part, GError ** error)
{
  TransposedPart *p = (TransposedPart *) part;
  const ClfftFilterShape *s = part->shape;
  const guint stream = s->choice->outgrows_cache ? CLFFT_ROW_STREAM_GAIN : 0;
  const ClfftTransformSpec forward = { s->height, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, CLFFT_ROW_GAIN_ON_STORE | stream, s->bins,
    s->tuning, TRUE
  }, inverse = { s->height, 1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, 0,
    s->bins, s->tuning, TRUE
  };

  return clfft_transform_init (&p->forward, s->engine, &forward, error)
      && clfft_transform_init (&p->inverse, s->engine, &inverse, error)
      && clfft_transpose_pass_init (&p->transpose, s->engine, error)
      && (p->transposed = clfft_buffer_new (s->engine, CL_MEM_READ_WRITE,
          (gsize) s->bins * s->height * sizeof (cl_float2), NULL, error));
}

static guint
transposed_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  TransposedPart *p = (TransposedPart *) part;

  out[0] = part->rows_forward;
  out[1] = &p->forward;
  out[2] = &p->inverse;
  out[3] = part->rows_inverse;
  return 4;
}

static gboolean
transposed_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  TransposedPart *p = (TransposedPart *) part;
  const ClfftFilterShape *s = part->shape;
  const guint h = s->height;
  const ClfftRowLayout rows = { 1, h };

  return clfft_filter_part_enqueue_rows_forward (part, frame, error)
      && clfft_transpose_pass_enqueue (&p->transpose, frame->spectrum,
      p->transposed, s->bins, h, NULL, error)
      && clfft_transform_enqueue (&p->forward, s->scratch, p->transposed,
      rows, frame->spectrum, rows, s->bins, frame->gains.by_columns, h, 1.0f,
      NULL, error)
      && clfft_transform_enqueue (&p->inverse, s->scratch, frame->spectrum,
      rows, frame->spectrum, rows, s->bins, NULL, 0, 1.0f, NULL, error)
      && clfft_transpose_pass_enqueue (&p->transpose, frame->spectrum,
      p->transposed, h, s->bins, NULL, error)
      && clfft_filter_part_enqueue_end (part, frame, p->transposed, error);
}

static guint
transposed_launches (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  TransposedPart *p = (TransposedPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout rows = { 1, s->height };
  ClfftTransform *const columns[2] = { &p->forward, &p->inverse };
  const ClfftRowLaunch column_launches[2] = {
    clfft_transform_launch (&p->forward, p->transposed, rows,
        frame->spectrum, rows, s->bins, frame->gains.by_columns, s->height,
        1.0f),
    clfft_transform_launch (&p->inverse, frame->spectrum, rows,
        frame->spectrum, rows, s->bins, NULL, 0, 1.0f),
  };

  return clfft_filter_part_launches (part, frame, columns, column_launches,
      2, owners, launches);
}

static void
transposed_clear (ClfftFilterPart * part)
{
  TransposedPart *p = (TransposedPart *) part;

  clfft_transform_clear (&p->forward);
  clfft_transform_clear (&p->inverse);
  clfft_transpose_pass_clear (&p->transpose);
  clfft_buffer_release (&p->transposed);
}

const ClfftFilterPathOps clfft_filter_part_transposed = {
  .path = CLFFT_FILTER_PATH_TRANSPOSED,
  .size = sizeof (TransposedPart),
  .gains = CLFFT_GAIN_BY_COLUMNS,
  .plan = transposed_plan,
  .transforms = transposed_transforms,
  .enqueue = transposed_enqueue,
  .launches = transposed_launches,
  .clear = transposed_clear,
};
