/* Columns split in two halves by the rows (CLFFT_FILTER_PATH_SPLIT_COLUMNS),
 * for a height above 4096 whose half runs in one pass, with rows of pixel
 * pairs in one pass: the rows forward take the sum and the difference of
 * pixel rows j and j + H/2, the first radix-2 step of a column, and store
 * them as spectrum rows 2j and 2j + 1; each half's columns then run in one
 * pass, the halves side by side in rows of twice the pitch, reading their
 * gain split likewise (CLFFT_GAIN_SPLIT); the rows inverse join the halves
 * as they load them (SPLIT_COLUMNS in kernels/fft_stockham.cl). The
 * shape's plain rows serve the spectrum view only. */
#include "clfft-filter-part.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftTransform rows_forward, rows_inverse, columns;
} SplitPart;

static gboolean
split_plan (ClfftFilterPart * part, GError ** error)
{
  SplitPart *p = (SplitPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftTransformSpec halves = clfft_filter_part_columns_spec (s,
      s->height / 2, s->choice->pitch + s->bins, 0);
  ClfftTransformSpec rows[2] = { s->rows_forward->spec,
    s->rows_inverse->spec
  };

  /* each pixel row is read by two rows of the batch: no streaming hint
   * that would drop it from the cache before the second */
  rows[0].flags &= ~CLFFT_ROW_STREAM_PIXELS;
  rows[0].split_columns = rows[1].split_columns = s->height / 2;
  if (!clfft_transform_init (&p->rows_forward, s->engine, &rows[0], error)
      || !clfft_transform_init (&p->rows_inverse, s->engine, &rows[1], error)
      || !clfft_transform_init (&p->columns, s->engine, &halves, error))
    return FALSE;
  part->rows_forward = &p->rows_forward;
  part->rows_inverse = &p->rows_inverse;
  return TRUE;
}

static guint
split_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  SplitPart *p = (SplitPart *) part;

  out[0] = &p->rows_forward;
  out[1] = &p->columns;
  out[2] = &p->rows_inverse;
  return 3;
}

static gboolean
split_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  SplitPart *p = (SplitPart *) part;
  const ClfftFilterShape *s = part->shape;
  /* the halves side by side: rows of twice the pitch */
  const ClfftRowLayout halves = { 2 * s->choice->pitch, 1 };

  return clfft_filter_part_enqueue_rows_forward (part, frame, error)
      && clfft_transform_enqueue (&p->columns, s->scratch, frame->spectrum,
      halves, frame->spectrum, halves, s->choice->pitch + s->bins,
      frame->gains.split, s->height / 2, 1.0f, NULL, error)
      && clfft_filter_part_enqueue_end (part, frame, frame->spectrum, error);
}

static guint
split_launches (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  SplitPart *p = (SplitPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout halves = { 2 * s->choice->pitch, 1 };
  ClfftTransform *const columns[1] = { &p->columns };
  const ClfftRowLaunch column_launches[1] = {
    clfft_transform_launch (&p->columns, frame->spectrum, halves,
        frame->spectrum, halves, s->choice->pitch + s->bins,
        frame->gains.split, s->height / 2, 1.0f),
  };

  return clfft_filter_part_launches (part, frame, columns, column_launches,
      1, owners, launches);
}

static void
split_clear (ClfftFilterPart * part)
{
  SplitPart *p = (SplitPart *) part;

  clfft_transform_clear (&p->rows_forward);
  clfft_transform_clear (&p->rows_inverse);
  clfft_transform_clear (&p->columns);
}

const ClfftFilterPathOps clfft_filter_part_split_columns = {
  .path = CLFFT_FILTER_PATH_SPLIT_COLUMNS,
  .size = sizeof (SplitPart),
  .gains = CLFFT_GAIN_SPLIT,
  .plan = split_plan,
  .transforms = split_transforms,
  .enqueue = split_enqueue,
  .launches = split_launches,
  .clear = split_clear,
};
