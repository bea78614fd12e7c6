/* The three passes in one launch (CLFFT_FILTER_PATH_ONE_LAUNCH;
 * clfft-filter-one-launch.h), where the device can order memory across
 * work-groups (NVIDIA's GPUs) and the frame is small: each launch costs
 * the GPU time of its own, which the small frames' passes do not hide.
 * It takes the shapes of a part of the three passes under it, to which
 * it hands the frames that end in normalize's range, and all frames
 * where it cannot be made (with a log line). */
#include "clfft-filter-part.h"
#include "clfft-filter-one-launch.h"
#include "clfft-log.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftFilterOneLaunch *kernel;
  gboolean off;                 /* clfft_filter_part_set_one_launch */
} OneLaunchPart;

/* The one launch over the passes' shapes, where they fit it (each
 * transform in one pass of the half spectrum); else the passes run, and
 * a log line says why. */
static void
one_launch_make (OneLaunchPart * p, gboolean threaded, const gint * cancel)
{
  const ClfftFilterShape *s = p->base.shape;
  ClfftFilterPart *passes = p->base.inner;
  ClfftTransform *const columns = clfft_filter_part_get_columns (passes);
  GError *error = NULL;

  while (passes->ops != &clfft_filter_part_passes)
    passes = passes->inner;
  if (p->kernel || !s->choice->pairs || s->rows_forward->n_passes != 1
      || s->rows_forward->bluestein || columns->n_passes != 1
      || !clfft_filter_one_launch_supported (clfft_engine_get_device
          (s->engine)))
    return;
  /* the one launch takes the passes' shapes, built */
  if (!clfft_filter_part_build (passes, threaded, cancel, &error)
      || !(p->kernel = clfft_filter_one_launch_new (s->engine,
              &s->rows_forward->passes[0], &columns->passes[0],
              s->pixel_size, &error))) {
    clfft_log (CLFFT_LOG_INFO, "%s: the %ux%u filter runs in three passes",
        error->message, s->width, s->height);
    g_error_free (error);
  }
}

static gboolean
one_launch_build (ClfftFilterPart * part, gboolean threaded,
    const gint * cancel, GError ** error)
{
  if (!clfft_filter_part_build (part->inner, threaded, cancel, error))
    return FALSE;
  one_launch_make ((OneLaunchPart *) part, threaded, cancel);
  return TRUE;
}

static void
one_launch_forget (ClfftFilterPart * part)
{
  g_clear_pointer (&((OneLaunchPart *) part)->kernel,
      clfft_filter_one_launch_free);
}

static ClfftFilterPart *
one_launch_hands_to (ClfftFilterPart * part, gboolean normalized)
{
  OneLaunchPart *p = (OneLaunchPart *) part;

  /* the one launch does not end in normalize's range */
  return p->kernel && !p->off && !normalized ? part : part->inner;
}

static gboolean
one_launch_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  OneLaunchPart *p = (OneLaunchPart *) part;

  if (one_launch_hands_to (part, frame->normalized != NULL) != part)
    return part->inner->ops->enqueue (part->inner, frame, error);
  return clfft_filter_one_launch_enqueue (p->kernel, frame->pixels_in,
      frame->pixels_out, frame->spectrum, part->shape->choice->pitch,
      part->rows_forward->tables.real_twiddles, frame->gains.by_columns,
      frame->scale, frame->offset, frame->magnitude, error);
}

const ClfftFilterPathOps clfft_filter_part_one_launch = {
  .path = CLFFT_FILTER_PATH_ONE_LAUNCH,
  .size = sizeof (OneLaunchPart),
  .gains = CLFFT_GAIN_BY_COLUMNS,
  .plan = clfft_filter_part_plan_inner_passes,
  .transforms = clfft_filter_part_inner_transforms,
  .build = one_launch_build,
  .forget = one_launch_forget,
  .hands_to = one_launch_hands_to,
  .enqueue = one_launch_enqueue,
  /* what it made besides its inner part */
  .clear = one_launch_forget,
};

gboolean
clfft_filter_part_set_one_launch (ClfftFilterPart ** part,
    gboolean one_launch)
{
  OneLaunchPart *p;

  if ((*part)->ops != &clfft_filter_part_one_launch && one_launch
      && clfft_filter_part_get_columns (*part)) {
    /* over a part with the three passes in it: a part of its own, which
     * makes the one launch where it fits */
    p = g_malloc0 (sizeof (OneLaunchPart));
    p->base.ops = &clfft_filter_part_one_launch;
    p->base.shape = (*part)->shape;
    p->base.rows_forward = (*part)->rows_forward;
    p->base.rows_inverse = (*part)->rows_inverse;
    p->base.inner = *part;
    *part = &p->base;
  }
  if ((*part)->ops != &clfft_filter_part_one_launch)
    return FALSE;
  p = (OneLaunchPart *) * part;
  p->off = !one_launch;
  if (one_launch)
    one_launch_make (p, FALSE, NULL);
  return one_launch && p->kernel != NULL;
}
