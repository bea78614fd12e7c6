/* A filter's tuning in the background: see clfft-filter-tuning.h. */
#include "clfft-filter-tuning.h"
#include "clfft-background-tuning.h"
#include "clfft-log.h"

/* The most extra transforms a round takes */
#define MAX_EXTRAS 3

struct _ClfftFilterTuning
{
  ClfftEngine *engine;
  guint width, height;
  /* the part's round: started at the first frame, taken in at a later
   * one */
  ClfftBackgroundTuning *round;
  gboolean started;
  ClfftFilterPart *part;        /* whose passes it tunes, or NULL */
  gdouble seconds;              /* the tuning just taken in, else < 0 */
  /* the extras' round: its transforms, and the first round's seconds
   * while it runs */
  ClfftBackgroundTuning *extras_round;
  gboolean extras_started;
  ClfftTransform *extras[MAX_EXTRAS];
  guint n_extras;
  gdouble first_round_seconds;
};

ClfftFilterTuning *
clfft_filter_tuning_new (ClfftEngine * engine, guint width, guint height)
{
  ClfftFilterTuning *t = g_new0 (ClfftFilterTuning, 1);

  t->engine = engine;
  t->width = width;
  t->height = height;
  t->seconds = -1.0;
  t->first_round_seconds = -1.0;
  return t;
}

void
clfft_filter_tuning_free (ClfftFilterTuning * t)
{
  if (!t)
    return;
  clfft_background_tuning_free (t->round);
  clfft_background_tuning_free (t->extras_round);
  g_free (t);
}

/* Whether tuning pays for transform t: one pass, the size's own, long
 * enough. */
static gboolean
tuning_pays (const ClfftTransform * t)
{
  return t->n_passes == 1 && !t->passes[0].generic
      && t->passes[0].n >= CLFFT_TUNED_MIN_LENGTH;
}

/* The transforms of part in one pass where tuning pays, their passes and
 * the launches frame runs them with. Returns how many. */
static guint
passes_to_tune (ClfftFilterPart * part, const ClfftFilterFrame * frame,
    ClfftTransform * owners[], ClfftRowPass * passes[],
    ClfftRowLaunch launches[])
{
  ClfftTransform *all[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  ClfftRowLaunch all_launches[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  guint n, count = 0;

  if (!part || !part->ops->launches)
    return 0;
  n = part->ops->launches (part, frame, all, all_launches);
  for (guint i = 0; i < n; i++) {
    if (!tuning_pays (all[i]))
      continue;
    owners[count] = all[i];
    passes[count] = &all[i]->passes[0];
    launches[count++] = all_launches[i];
  }
  return count;
}

void
clfft_filter_tuning_step (ClfftFilterTuning * t, ClfftFilterPart * part,
    const ClfftFilterFrame * frame)
{
  ClfftTransform *owners[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  ClfftRowPass *passes[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS];
  ClfftRowPass tuned;
  guint count;
  GError *error = NULL;

  if (!t->started) {
    t->started = TRUE;
    t->part = part;
    count = passes_to_tune (part, frame, owners, passes, launches);
    /* nothing to tune: the schedules are final from the first frame */
    if (!count)
      t->seconds = 0.0;
    if (count && !(t->round = clfft_background_tuning_start (t->engine,
                passes, launches, count, &error))) {
      clfft_log (CLFFT_LOG_WARNING, "cannot tune the %ux%u filter in the "
          "background, it keeps the rule's schedules: %s", t->width,
          t->height, error->message);
      g_error_free (error);
    }
    return;
  }
  if (!t->round || !clfft_background_tuning_done (t->round))
    return;
  /* the same list as at the start: the part's transforms stay */
  count = passes_to_tune (t->part, frame, owners, passes, launches);
  for (guint i = 0; i < count; i++)
    if (clfft_background_tuning_take (t->round, i, &tuned))
      clfft_transform_replace_pass (owners[i], 0, &tuned);
  /* where the extras' round is to come, the tuning is done after it */
  if (t->extras_started && t->n_extras)
    t->first_round_seconds = clfft_background_tuning_seconds (t->round);
  else
    t->seconds = clfft_background_tuning_seconds (t->round);
  g_clear_pointer (&t->round, clfft_background_tuning_free);
}

gboolean
clfft_filter_tuning_extras_pending (ClfftFilterTuning * t)
{
  return !t->extras_started || t->n_extras;
}

void
clfft_filter_tuning_extras_step (ClfftFilterTuning * t,
    ClfftTransform * const extras[], const ClfftRowLaunch launches[],
    guint n)
{
  ClfftRowPass *passes[MAX_EXTRAS];
  ClfftRowLaunch round[MAX_EXTRAS];
  ClfftRowPass tuned;
  GError *error = NULL;

  g_return_if_fail (n <= MAX_EXTRAS);
  if (!clfft_filter_tuning_extras_pending (t))
    return;
  if (!t->extras_started) {
    t->extras_started = TRUE;
    for (guint i = 0; i < n; i++)
      if (tuning_pays (extras[i]))
        t->extras[t->n_extras++] = extras[i];
  }
  if (!t->n_extras || t->round || !t->started)
    return;
  if (!t->extras_round) {
    /* the round's transforms with this frame's launches, where it runs
     * them all */
    for (guint k = 0; k < t->n_extras; k++) {
      guint i = 0;

      while (i < n && extras[i] != t->extras[k])
        i++;
      if (i == n)
        return;
      passes[k] = &extras[i]->passes[0];
      round[k] = launches[i];
    }
    if (!(t->extras_round = clfft_background_tuning_start (t->engine,
                passes, round, t->n_extras, &error))) {
      clfft_log (CLFFT_LOG_WARNING, "cannot tune the %ux%u filter's extra "
          "transforms in the background, they keep the rule's schedules: "
          "%s", t->width, t->height, error->message);
      g_error_free (error);
      t->n_extras = 0;
      t->seconds = t->first_round_seconds;
      t->first_round_seconds = -1.0;
    }
    return;
  }
  if (!clfft_background_tuning_done (t->extras_round))
    return;
  for (guint k = 0; k < t->n_extras; k++)
    if (clfft_background_tuning_take (t->extras_round, k, &tuned))
      clfft_transform_replace_pass (t->extras[k], 0, &tuned);
  if (t->first_round_seconds >= 0)
    t->seconds = t->first_round_seconds +
        clfft_background_tuning_seconds (t->extras_round);
  t->first_round_seconds = -1.0;
  t->n_extras = 0;
  g_clear_pointer (&t->extras_round, clfft_background_tuning_free);
}

gboolean
clfft_filter_tuning_take_seconds (ClfftFilterTuning * t, gdouble * seconds)
{
  if (t->seconds < 0)
    return FALSE;
  *seconds = t->seconds;
  t->seconds = -1.0;
  return TRUE;
}
