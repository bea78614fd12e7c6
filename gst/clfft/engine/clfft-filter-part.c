/* What the filter paths' parts share: see clfft-filter-part.h. */
#include "clfft-filter-part.h"
#include "clfft-errors.h"

#include <string.h>

ClfftFilterPart *
clfft_filter_part_new (const ClfftFilterShape * shape, GError ** error)
{
  /* the registration: each path's part */
  static const struct
  {
    ClfftFilterPath path;
    const ClfftFilterPathOps *ops;
  } parts[] = {
    {CLFFT_FILTER_PATH_PASSES, &clfft_filter_part_passes},
    {CLFFT_FILTER_PATH_TRANSPOSED, &clfft_filter_part_transposed},
    {CLFFT_FILTER_PATH_COLUMNS_IN_TWO_PASSES,
        &clfft_filter_part_columns_in_two_passes},
    {CLFFT_FILTER_PATH_SPLIT_COLUMNS, &clfft_filter_part_split_columns},
    {CLFFT_FILTER_PATH_ONE_LAUNCH, &clfft_filter_part_one_launch},
    {CLFFT_FILTER_PATH_LANES, &clfft_filter_part_lanes},
    {CLFFT_FILTER_PATH_GENERIC, &clfft_filter_part_generic},
  };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i].path == shape->choice->path)
      return clfft_filter_part_new_of (parts[i].ops, shape, error);
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "no part runs the filter path \"%s\"",
      clfft_filter_path_name (shape->choice->path));
  return NULL;
}

ClfftFilterPart *
clfft_filter_part_new_of (const ClfftFilterPathOps * ops,
    const ClfftFilterShape * shape, GError ** error)
{
  ClfftFilterPart *part = g_malloc0 (ops->size);

  part->ops = ops;
  part->shape = shape;
  part->rows_forward = shape->rows_forward;
  part->rows_inverse = shape->rows_inverse;
  if (!ops->plan (part, error)) {
    clfft_filter_part_free (part);
    return NULL;
  }
  return part;
}

void
clfft_filter_part_free (ClfftFilterPart * part)
{
  if (!part)
    return;
  part->ops->clear (part);
  clfft_filter_part_free (part->inner);
  g_free (part);
}

ClfftFilterPart *
clfft_filter_part_running (ClfftFilterPart * part, gboolean normalized)
{
  ClfftFilterPart *next;

  while (part->ops->hands_to
      && (next = part->ops->hands_to (part, normalized)) != part)
    part = next;
  return part;
}

gboolean
clfft_filter_part_may_read_mirrored (ClfftFilterPart * part)
{
  for (; part; part = part->inner)
    if (part->reads_mirrored_gain)
      return TRUE;
  return FALSE;
}

ClfftFilterPart *
clfft_filter_part_three_passes (ClfftFilterPart * part, gboolean normalized)
{
  part = clfft_filter_part_running (part, normalized);
  return part->ops == &clfft_filter_part_passes ? part : NULL;
}

gboolean
clfft_filter_part_build_transforms (ClfftTransform * const list[], guint n,
    gboolean threaded, const gint * cancel, GError ** error)
{
  if (!threaded)
    return clfft_transforms_build (list, n, error);
  for (guint i = 0; i < n; i++) {
    if (g_atomic_int_get (cancel)) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
          "the %u-point transform's build was cancelled",
          list[i]->spec.length);
      return FALSE;
    }
    if (!clfft_transform_build (list[i], error))
      return FALSE;
  }
  return TRUE;
}

gboolean
clfft_filter_part_scratch_covers (ClfftFilterPart * part,
    const ClfftTransform * t, GError ** error)
{
  ClfftScratch need = { 0, };

  clfft_scratch_add_need (&need, t);
  if (need.count > part->shape->scratch->count
      || need.bytes > part->shape->scratch->bytes) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a %u-point transform needs more scratch than the filter has",
        t->spec.length);
    return FALSE;
  }
  return TRUE;
}

gsize
clfft_filter_gain_count (const ClfftFilterShape * shape,
    ClfftGainLayouts layout)
{
  switch (layout) {
    case CLFFT_GAIN_BY_COLUMNS:
      return (gsize) shape->bins * shape->height;
    case CLFFT_GAIN_BY_ROWS:
      return (gsize) shape->choice->pitch * shape->height;
    case CLFFT_GAIN_SPLIT:
      return (gsize) (shape->choice->pitch + shape->bins) *
          (shape->height / 2);
  }
  return 0;
}

gboolean
clfft_filter_part_enqueue_rows_forward (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, GError ** error)
{
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout pixels = { 1, s->width }, bins = { 1,
    s->choice->pitch
  };

  return clfft_transform_enqueue (part->rows_forward, s->scratch,
      frame->pixels_in, pixels, frame->spectrum, bins, s->height, NULL, 0,
      1.0f, NULL, error);
}

gboolean
clfft_filter_part_enqueue_end (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, cl_mem filtered, GError ** error)
{
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout pixels = { 1, s->width }, bins = { 1,
    s->choice->pitch
  };

  if (frame->normalized)
    return frame->normalized (frame->filter, filtered, part->rows_inverse,
        error);
  return clfft_transform_enqueue (part->rows_inverse, s->scratch, filtered,
      bins, frame->pixels_out, pixels, s->height, NULL, 0, frame->scale,
      NULL, error);
}

guint
clfft_filter_part_launches (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, ClfftTransform * const columns[],
    const ClfftRowLaunch column_launches[], guint n,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  const ClfftFilterShape *s = part->shape;
  const ClfftRowLayout pixels = { 1, s->width }, bins = { 1,
    s->choice->pitch
  };

  g_return_val_if_fail (n + 2 <= CLFFT_FILTER_PART_MAX_TRANSFORMS, 0);
  owners[0] = part->rows_forward;
  launches[0] = clfft_transform_launch (part->rows_forward,
      frame->pixels_in, pixels, frame->spectrum, bins, s->height, NULL, 0,
      1.0f);
  for (guint i = 0; i < n; i++) {
    owners[1 + i] = columns[i];
    launches[1 + i] = column_launches[i];
  }
  owners[n + 1] = part->rows_inverse;
  launches[n + 1] = clfft_transform_launch (part->rows_inverse,
      frame->spectrum, bins, frame->pixels_out, pixels, s->height, NULL, 0,
      frame->scale);
  return n + 2;
}

gboolean
clfft_filter_part_build (ClfftFilterPart * part, gboolean threaded,
    const gint * cancel, GError ** error)
{
  ClfftTransform *list[CLFFT_FILTER_PART_MAX_TRANSFORMS];

  if (part->ops->build)
    return part->ops->build (part, threaded, cancel, error);
  return clfft_filter_part_build_transforms (list,
      clfft_filter_part_transforms (part, list), threaded, cancel, error);
}

guint
clfft_filter_part_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  return part->ops->transforms ? part->ops->transforms (part, out) : 0;
}

gboolean
clfft_filter_part_plan_inner_passes (ClfftFilterPart * part, GError ** error)
{
  part->inner = clfft_filter_part_new_of (&clfft_filter_part_passes,
      part->shape, error);
  return part->inner != NULL;
}

guint
clfft_filter_part_inner_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS])
{
  return clfft_filter_part_transforms (part->inner, out);
}

ClfftTransformSpec
clfft_filter_part_columns_spec (const ClfftFilterShape * s, guint length,
    guint count, guint flags)
{
  const guint across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  const guint stream = s->choice->outgrows_cache ? CLFFT_ROW_STREAM_GAIN : 0;
  const ClfftTransformSpec spec = { length, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, CLFFT_ROW_GAIN_BETWEEN | across | stream | flags,
    count, s->tuning, TRUE
  };

  return spec;
}
