/* Columns in two passes each way (CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES),
 * for a height above CLFFT_MAX_ROW_LENGTH that splits into two direct
 * lengths: rows forward, then the columns in three passes in place (the
 * forward's first, the forward's second with the gain and its inverse,
 * the inverse's last), each reading and writing neighbouring columns side
 * by side, then rows inverse. The middle pass reads the gain by rows. */
#include "clfft-filter-part.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftTransform columns;
} ColumnsInTwoPart;

static gboolean
in_two_plan (ClfftFilterPart * part, GError ** error)
{
  ColumnsInTwoPart *p = (ColumnsInTwoPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftTransformSpec columns = clfft_filter_part_columns_spec (s,
      s->height, s->bins, 0);

  return clfft_transform_init (&p->columns, s->engine, &columns, error);
}

static guint
in_two_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  out[0] = part->rows_forward;
  out[1] = &((ColumnsInTwoPart *) part)->columns;
  out[2] = part->rows_inverse;
  return 3;
}

static gboolean
in_two_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  ColumnsInTwoPart *p = (ColumnsInTwoPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout columns = { s->choice->pitch, 1 };

  return clfft_filter_part_enqueue_rows_forward (part, frame, error)
      && clfft_transform_enqueue (&p->columns, s->scratch, frame->spectrum,
      columns, frame->spectrum, columns, s->bins, frame->gains.by_rows,
      s->choice->pitch, 1.0f, NULL, error)
      && clfft_filter_part_enqueue_end (part, frame, frame->spectrum, error);
}

/* the columns in three passes are not tuned: only transforms in one pass
 * are */
static guint
in_two_launches (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  return clfft_filter_part_launches (part, frame, NULL, NULL, 0, owners,
      launches);
}

static void
in_two_clear (ClfftFilterPart * part)
{
  clfft_transform_clear (&((ColumnsInTwoPart *) part)->columns);
}

const ClfftFilterPathOps clfft_filter_part_columns_in_two_passes = {
  .path = CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES,
  .size = sizeof (ColumnsInTwoPart),
  .gains = CLFFT_GAIN_BY_ROWS,
  .plan = in_two_plan,
  .transforms = in_two_transforms,
  .enqueue = in_two_enqueue,
  .launches = in_two_launches,
  .clear = in_two_clear,
};
