/* The three passes in SIMD lanes (CLFFT_FILTER_PATH_LANES;
 * clfft-filter-lanes.h), on CPUs: each work-item transforms
 * CLFFT_FILTER_LANES rows or columns at once. The columns read the gain by
 * rows, as the spectrum lies, and transform the spectrum's padding with
 * the bins. It takes the shapes of a part of the three passes under it,
 * which runs the frames where the lanes cannot be made (with a log line)
 * or are turned off (clfft_filter_part_set_lanes). */
#include "clfft-filter-part.h"
#include "clfft-filter-lanes.h"
#include "clfft-log.h"

typedef struct
{
  ClfftFilterPart base;
  ClfftFilterLanes *kernel;
  gboolean off;                 /* clfft_filter_part_set_lanes */
} LanesPart;

/* The lanes take the passes' shapes, as planned: the passes are built
 * only where the lanes cannot be made, since on PoCL each build takes a
 * second or more (the passes otherwise build at their first frame, where
 * a test turns the lanes off). */
static gboolean
lanes_build (ClfftFilterPart * part, gboolean threaded, const gint * cancel,
    GError ** error)
{
  LanesPart *p = (LanesPart *) part;
  const ClfftFilterShape *s = part->shape;
  GError *why = NULL;

  if (!p->kernel)
    p->kernel = clfft_filter_lanes_new (s->engine,
        &s->rows_forward->passes[0],
        &clfft_filter_part_get_columns (part->inner)->passes[0],
        s->pixel_size, &why);
  if (p->kernel)
    return TRUE;
  clfft_log (CLFFT_LOG_INFO, "%s: the %ux%u filter runs in three passes",
      why->message, s->width, s->height);
  g_error_free (why);
  return clfft_filter_part_build (part->inner, threaded, cancel, error);
}

static void
lanes_forget (ClfftFilterPart * part)
{
  g_clear_pointer (&((LanesPart *) part)->kernel, clfft_filter_lanes_free);
}

static ClfftFilterPart *
lanes_hands_to (ClfftFilterPart * part, gboolean normalized)
{
  LanesPart *p = (LanesPart *) part;

  return p->kernel && !p->off ? part : part->inner;
}

/* The three passes in lanes, or the first two of them and the filter's
 * normalized end. */
static gboolean
lanes_enqueue (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    GError ** error)
{
  LanesPart *p = (LanesPart *) part;
  const guint pitch = part->shape->choice->pitch;
  const cl_mem real_twiddles = part->rows_forward->tables.real_twiddles;

  if (lanes_hands_to (part, FALSE) != part)
    return part->inner->ops->enqueue (part->inner, frame, error);
  if (!clfft_filter_lanes_enqueue_rows_forward (p->kernel, frame->pixels_in,
          frame->spectrum, pitch, real_twiddles, error)
      || !clfft_filter_lanes_enqueue_columns (p->kernel, frame->spectrum,
          pitch, frame->gains.by_rows, error))
    return FALSE;
  if (frame->normalized)
    return clfft_filter_part_enqueue_end (part, frame, frame->spectrum,
        error);
  return clfft_filter_lanes_enqueue_rows_inverse (p->kernel, frame->spectrum,
      pitch, frame->pixels_out, real_twiddles, frame->scale, frame->offset,
      frame->magnitude, error);
}

const ClfftFilterPathOps clfft_filter_part_lanes = {
  .path = CLFFT_FILTER_PATH_LANES,
  .size = sizeof (LanesPart),
  /* by columns for the passes under it */
  .gains = CLFFT_GAIN_BY_ROWS | CLFFT_GAIN_BY_COLUMNS,
  .spectrum_zeroed = TRUE,
  .plan = clfft_filter_part_plan_inner_passes,
  .transforms = clfft_filter_part_inner_transforms,
  .build = lanes_build,
  .forget = lanes_forget,
  .hands_to = lanes_hands_to,
  .enqueue = lanes_enqueue,
  /* what it made besides its inner part */
  .clear = lanes_forget,
};

gboolean
clfft_filter_part_set_lanes (ClfftFilterPart * part, gboolean lanes)
{
  LanesPart *p;

  /* where a test has put the one launch over it */
  while (part && part->ops != &clfft_filter_part_lanes)
    part = part->inner;
  if (!part)
    return FALSE;
  p = (LanesPart *) part;
  p->off = !lanes;
  return lanes && p->kernel != NULL;
}
