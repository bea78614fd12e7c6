/* The three passes (CLFFT_FILTER_PATH_PASSES): rows forward, then the
 * columns forward x gain x inverse in place, in one kernel that reads and
 * writes the columns of neighbouring bins side by side (coalesced), then
 * rows inverse. For frames that outgrow the cache, while the gain is the
 * same at ky and -ky (as radial masks are), the columns read it at
 * min (ky, H - ky) only (mirrored). The one launch and the lanes hand
 * frames they do not take to a part of these. */
#include "clfft-filter-part.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftTransform columns;
  /* columns reading each gain once for ky and -ky, for frames that
   * outgrow the cache; taken while the gain is so */
  ClfftTransform mirrored;
} PassesPart;

static gboolean
passes_plan (ClfftFilterPart * part, GError ** error)
{
  PassesPart *p = (PassesPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftTransformSpec columns = clfft_filter_part_columns_spec (s,
      s->height, s->bins, 0), mirrored = clfft_filter_part_columns_spec (s,
      s->height, s->bins, CLFFT_ROW_GAIN_MIRRORED);

  if (!clfft_transform_init (&p->columns, s->engine, &columns, error)
      || (s->choice->outgrows_cache
          && !clfft_transform_init (&p->mirrored, s->engine, &mirrored,
              error)))
    return FALSE;
  part->reads_mirrored_gain = p->mirrored.n_passes != 0;
  return TRUE;
}

static guint
passes_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  PassesPart *p = (PassesPart *) part;
  guint n = 0;

  out[n++] = part->rows_forward;
  out[n++] = &p->columns;
  if (p->mirrored.n_passes)
    out[n++] = &p->mirrored;
  out[n++] = part->rows_inverse;
  return n;
}

gboolean
clfft_filter_part_enqueue_columns (ClfftFilterPart * part, cl_mem spectrum,
    guint pitch, guint bins, cl_mem gain, gboolean gain_mirrored,
    GError ** error)
{
  PassesPart *p = (PassesPart *) part;
  const ClfftRowLayout columns = { pitch, 1 };

  g_return_val_if_fail (part->ops == &clfft_filter_part_passes, FALSE);
  return clfft_transform_enqueue (gain_mirrored && p->mirrored.n_passes ?
      &p->mirrored : &p->columns, part->shape->scratch, spectrum, columns,
      spectrum, columns, bins, gain, part->shape->height, 1.0f, NULL, error);
}

ClfftTransform *
clfft_filter_part_get_columns (ClfftFilterPart * part)
{
  while (part && part->ops != &clfft_filter_part_passes)
    part = part->inner;
  return part ? &((PassesPart *) part)->columns : NULL;
}

static gboolean
passes_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  const ClfftFilterShape *s = part->shape;

  return clfft_filter_part_enqueue_rows_forward (part, frame, error)
      && clfft_filter_part_enqueue_columns (part, frame->spectrum,
      s->choice->pitch, s->bins, frame->gains.by_columns,
      frame->gains.mirrored, error)
      && clfft_filter_part_enqueue_end (part, frame, frame->spectrum, error);
}

static guint
passes_launches (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  PassesPart *p = (PassesPart *) part;
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout columns = { s->choice->pitch, 1 };
  ClfftTransform *const both[2] = { &p->columns, &p->mirrored };
  const ClfftRowLaunch both_launches[2] = {
    clfft_transform_launch (&p->columns, frame->spectrum, columns,
        frame->spectrum, columns, s->bins, frame->gains.by_columns,
        s->height, 1.0f),
    clfft_transform_launch (&p->mirrored, frame->spectrum, columns,
        frame->spectrum, columns, s->bins, frame->gains.by_columns,
        s->height, 1.0f),
  };

  return clfft_filter_part_launches (part, frame, both, both_launches, 2,
      owners, launches);
}

static void
passes_clear (ClfftFilterPart * part)
{
  PassesPart *p = (PassesPart *) part;

  clfft_transform_clear (&p->columns);
  clfft_transform_clear (&p->mirrored);
}

const ClfftFilterPathOps clfft_filter_part_passes = {
  .path = CLFFT_FILTER_PATH_PASSES,
  .size = sizeof (PassesPart),
  .gains = CLFFT_GAIN_BY_COLUMNS,
  .plan = passes_plan,
  .transforms = passes_transforms,
  .enqueue = passes_enqueue,
  .launches = passes_launches,
  .clear = passes_clear,
};
