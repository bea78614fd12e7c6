/* When a filter's own programs are built, checked and taken in
 * (clfft-own-programs.h). */
#include "clfft-own-programs.h"
#include "clfft-build-check.h"
#include "clfft-build-thread.h"
#include "clfft-program-cache.h"
#include "clfft-log.h"

struct _ClfftOwnPrograms
{
  ClfftEngine *engine;
  const ClfftOwnProgramsOps *ops;
  gpointer filter;
  guint width, height;
  ClfftFilterPart *standin;     /* while they build */
  ClfftBuildThread *thread;     /* building them */
  gint cancel;                  /* atomic: clfft_own_programs_cancel */
  gint64 start;                 /* new's, monotonic */
  /* seconds from start to the build's end, once taken in where frames ran
   * the stand-in, else < 0 */
  gdouble seconds;
  gboolean launched;            /* a frame has run them */
  gboolean stand_in_ran;        /* a frame has run the stand-in */
  gboolean checks;
  guint round;
};

ClfftOwnPrograms *
clfft_own_programs_new (ClfftEngine * engine, const ClfftOwnProgramsOps * ops,
    gpointer filter, guint width, guint height, gboolean checks)
{
  ClfftOwnPrograms *own = g_new0 (ClfftOwnPrograms, 1);

  own->engine = engine;
  own->ops = ops;
  own->filter = filter;
  own->width = width;
  own->height = height;
  own->checks = checks;
  own->start = g_get_monotonic_time ();
  own->seconds = -1.0;
  return own;
}

/* Whether they were cancelled: the build then builds no more. */
static gboolean
cancelled (ClfftOwnPrograms * own, GError ** error)
{
  if (!g_atomic_int_get (&own->cancel))
    return FALSE;
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
      "the %ux%u filter's own programs were cancelled", own->width,
      own->height);
  return TRUE;
}

static gboolean
build (ClfftOwnPrograms * own, gboolean threaded, GError ** error)
{
  return own->ops->build (own->filter, threaded, &own->cancel, error)
      && !cancelled (own, error);
}

/* build on the build thread */
static gboolean
build_threaded (gpointer data, GError ** error)
{
  return build (data, TRUE, error);
}

/* The check, where a check that cannot run (the device failing, memory
 * short) is no answer: the programs go on unchecked, and the frames that
 * follow meet the failure where the element's fallback covers them.
 * *right: TRUE where the check could not run. */
static void
check_or_skip (ClfftOwnPrograms * own, gboolean * right)
{
  GError *why = NULL;

  if (own->ops->check (own->filter, right, &why)) {
    own->launched = TRUE;
    return;
  }
  clfft_log (CLFFT_LOG_WARNING, "the %ux%u filter's own programs are not "
      "checked: %s", own->width, own->height, why->message);
  g_error_free (why);
  *right = TRUE;
}

/* After a wrong known answer: the programs planned again, to be built as
 * the next round; FALSE (error set) where the rounds are spent. */
static gboolean
again (ClfftOwnPrograms * own, GError ** error)
{
  if (own->round + 1 >= CLFFT_BUILD_CHECK_ROUNDS) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_BUILD, "the device built "
        "the %ux%u filter's programs wrong %u times running: they do not "
        "give the known answer (see docs/troubleshooting.md)", own->width,
        own->height, CLFFT_BUILD_CHECK_ROUNDS);
    return FALSE;
  }
  if (!own->ops->replan (own->filter, error))
    return FALSE;
  own->round++;
  return TRUE;
}

/* build on the calling thread, checked where builds are (built again as
 * the next round where wrong). */
static gboolean
build_checked (ClfftOwnPrograms * own, GError ** error)
{
  gboolean ok, right = FALSE;

  while (!right) {
    clfft_program_cache_set_build_round (own->round);
    ok = build (own, FALSE, error);
    clfft_program_cache_set_build_round (0);
    if (!ok)
      return FALSE;
    if (!own->checks)
      return TRUE;
    check_or_skip (own, &right);
    if (!right && !again (own, error))
      return FALSE;
  }
  return TRUE;
}

/* Starts the build thread; FALSE (why set) where it cannot. */
static gboolean
spawn (ClfftOwnPrograms * own, GError ** why)
{
  own->thread = clfft_build_thread_start (build_threaded, own, own->round,
      own->start, why);
  return own->thread != NULL;
}

/* Joins the build thread, which must have finished, and puts its
 * programs in place of the stand-in; where they are checked (check, and
 * the filter checks builds) and wrong, builds them again on a new thread
 * (frames still on the stand-in). */
static gboolean
take (ClfftOwnPrograms * own, gboolean check, GError ** error)
{
  gboolean ok, right = TRUE;
  gdouble ready;
  GError *own_error = NULL, *why = NULL;

  ok = clfft_build_thread_join (g_steal_pointer (&own->thread), &ready,
      &own_error);
  if (ok && check && own->checks) {
    check_or_skip (own, &right);
    ok = right || again (own, &own_error);
  }
  if (ok && !right) {
    if (spawn (own, &why))
      return TRUE;
    clfft_log (CLFFT_LOG_WARNING, "%s: the %ux%u filter builds its "
        "programs again before its next frame", why->message, own->width,
        own->height);
    g_error_free (why);
    ok = build_checked (own, &own_error);
  }
  /* told where frames ran the stand-in before */
  own->seconds = own->stand_in_ran ? ready : -1.0;
  g_clear_pointer (&own->standin, clfft_filter_part_free);
  if (!ok) {
    g_propagate_error (error, own_error);
    return FALSE;
  }
  return TRUE;
}

gboolean
clfft_own_programs_start (ClfftOwnPrograms * own, ClfftFilterPart * standin,
    GError ** error)
{
  GError *why = NULL;

  if (!standin)
    return build_checked (own, error);
  own->standin = standin;
  if (!spawn (own, &why)) {
    clfft_log (CLFFT_LOG_WARNING, "%s: the first %ux%u frame waits for the "
        "size's own programs", why->message, own->width, own->height);
    g_error_free (why);
    g_clear_pointer (&own->standin, clfft_filter_part_free);
    return build_checked (own, error);
  }
  if (clfft_build_thread_wait (own->thread, CLFFT_BUILD_WAIT_WHILE_LOADING))
    return take (own, TRUE, error);
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter runs the generic filter "
      "while its own programs build", own->width, own->height);
  return TRUE;
}

ClfftFilterPart *
clfft_own_programs_get_standin (ClfftOwnPrograms * own)
{
  return own->standin;
}

gboolean
clfft_own_programs_step (ClfftOwnPrograms * own, gboolean needed,
    GError ** error)
{
  /* a check may send them back to be built again */
  while (own->thread && clfft_build_thread_wait (own->thread, needed ?
          CLFFT_BUILD_WAIT_UNTIL_BUILT : CLFFT_BUILD_WAIT_NOT))
    if (!take (own, TRUE, error))
      return FALSE;
  return TRUE;
}

gboolean
clfft_own_programs_finish (ClfftOwnPrograms * own, GError ** error)
{
  return clfft_own_programs_step (own, TRUE, error);
}

void
clfft_own_programs_cancel (ClfftOwnPrograms * own)
{
  g_atomic_int_set (&own->cancel, 1);
}

void
clfft_own_programs_note_frame (ClfftOwnPrograms * own, gboolean generic)
{
  if (generic)
    own->stand_in_ran = TRUE;
  else
    own->launched = TRUE;
}

gboolean
clfft_own_programs_stand_in_ran (ClfftOwnPrograms * own)
{
  return own->stand_in_ran;
}

gboolean
clfft_own_programs_take_seconds (ClfftOwnPrograms * own, gdouble * seconds)
{
  if (own->seconds < 0)
    return FALSE;
  *seconds = own->seconds;
  own->seconds = -1.0;
  return TRUE;
}

guint
clfft_own_programs_get_round (ClfftOwnPrograms * own)
{
  return own->round;
}

gboolean
clfft_own_programs_compile_at_first_launch (ClfftEngine * engine)
{
  return (clfft_engine_get_device (engine)->type & CL_DEVICE_TYPE_CPU) != 0;
}

void
clfft_own_programs_free (ClfftOwnPrograms * own)
{
  if (!own)
    return;
  if (own->thread) {
    clfft_build_thread_wait (own->thread, CLFFT_BUILD_WAIT_UNTIL_BUILT);
    /* programs that no frame ran: launched once, so that the next start
     * finds them compiled in the device's cache too */
    if (take (own, FALSE, NULL) && !g_atomic_int_get (&own->cancel)
        && clfft_own_programs_compile_at_first_launch (own->engine)
        && !own->launched)
      own->ops->launch_unused (own->filter);
  }
  clfft_filter_part_free (own->standin);
  g_free (own);
}
