/* The generic filter (CLFFT_FILTER_PATH_GENERIC; clfft-filter-generic.h):
 * one program for every frame size, which runs a new size's first frames
 * while the size's own programs build. It ends in pixels only (the filter
 * waits for its own programs where a frame ends otherwise), and its
 * inverse is a full-length one, where the gain's normalization is that of
 * a half-length one for pairs. */
#include "clfft-filter-part.h"
#include "clfft-filter-generic.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftFilterGeneric *kernels;
} GenericPart;

static gboolean
generic_plan (ClfftFilterPart * part, GError ** error)
{
  const ClfftFilterShape *s = part->shape;

  ((GenericPart *) part)->kernels = clfft_filter_generic_new (s->engine,
      s->width, s->height, s->pixel_size, error);
  return ((GenericPart *) part)->kernels != NULL;
}

static gboolean
generic_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  const ClfftFilterShape *s = part->shape;

  g_return_val_if_fail (frame->normalized == NULL, FALSE);
  return clfft_filter_generic_enqueue (((GenericPart *) part)->kernels,
      frame->pixels_in, frame->spectrum, s->choice->pitch,
      frame->gains.by_columns, frame->pixels_out,
      frame->scale * (s->choice->pairs ? 0.5f : 1.0f), frame->offset,
      frame->magnitude, error);
}

gboolean
clfft_filter_part_generic_launch_empty (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, GError ** error)
{
  g_return_val_if_fail (part->ops == &clfft_filter_part_generic, FALSE);
  return clfft_filter_generic_launch_empty (((GenericPart *) part)->kernels,
      frame->pixels_in, frame->spectrum, part->shape->choice->pitch,
      frame->gains.by_columns, frame->pixels_out, error);
}

static void
generic_clear (ClfftFilterPart * part)
{
  clfft_filter_generic_free (((GenericPart *) part)->kernels);
}

const ClfftFilterPathOps clfft_filter_part_generic = {
  .path = CLFFT_FILTER_PATH_GENERIC,
  .size = sizeof (GenericPart),
  .gains = CLFFT_GAIN_BY_COLUMNS,
  /* its program is built when planned; it has no transforms */
  .plan = generic_plan,
  .enqueue = generic_enqueue,
  .clear = generic_clear,
};
