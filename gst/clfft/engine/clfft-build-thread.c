/* A filter's own programs built on a thread: see clfft-build-thread.h. */
#include "clfft-build-thread.h"
#include "clfft-program-cache.h"

struct _ClfftBuildThread
{
  ClfftBuildFunc build;
  gpointer data;
  guint round;
  gint64 since;
  GThread *thread;
  GMutex lock;
  GCond cond;
  gboolean done;                /* under lock */
  gboolean compiling;           /* under lock: one is not cached */
  gboolean ok;
  GError *error;
  gdouble ready;
};

/* clfft_build_thread_hold */
static GMutex hold_lock;
static GCond hold_cond;
static gboolean hold;

void
clfft_build_thread_hold (gboolean held)
{
  g_mutex_lock (&hold_lock);
  hold = held;
  g_cond_broadcast (&hold_cond);
  g_mutex_unlock (&hold_lock);
}

/* clfft_program_cache_notify_builds on the thread: a program is not in
 * the cache, and frames need not wait for its build. */
static void
compiling (gpointer data)
{
  ClfftBuildThread *t = data;

  g_mutex_lock (&t->lock);
  t->compiling = TRUE;
  g_cond_broadcast (&t->cond);
  g_mutex_unlock (&t->lock);
}

static gpointer
run (gpointer data)
{
  ClfftBuildThread *t = data;
  gboolean ok;

  g_mutex_lock (&hold_lock);
  if (hold)
    compiling (t);
  while (hold)
    g_cond_wait (&hold_cond, &hold_lock);
  g_mutex_unlock (&hold_lock);
  clfft_program_cache_notify_builds (compiling, t);
  clfft_program_cache_set_build_round (t->round);
  ok = t->build (t->data, &t->error);
  clfft_program_cache_set_build_round (0);
  clfft_program_cache_notify_builds (NULL, NULL);

  g_mutex_lock (&t->lock);
  t->ready = (g_get_monotonic_time () - t->since) / 1e6;
  t->ok = ok;
  t->done = TRUE;
  g_cond_broadcast (&t->cond);
  g_mutex_unlock (&t->lock);
  return NULL;
}

ClfftBuildThread *
clfft_build_thread_start (ClfftBuildFunc build, gpointer data, guint round,
    gint64 since, GError ** why)
{
  ClfftBuildThread *t = g_new0 (ClfftBuildThread, 1);

  t->build = build;
  t->data = data;
  t->round = round;
  t->since = since;
  g_mutex_init (&t->lock);
  g_cond_init (&t->cond);
  t->thread = g_thread_try_new ("clfft-own-programs", run, t, why);
  if (!t->thread) {
    g_mutex_clear (&t->lock);
    g_cond_clear (&t->cond);
    g_free (t);
    return NULL;
  }
  return t;
}

gboolean
clfft_build_thread_wait (ClfftBuildThread * t, ClfftBuildWait wait)
{
  gboolean done;

  g_mutex_lock (&t->lock);
  while (!t->done && (wait == CLFFT_BUILD_WAIT_UNTIL_BUILT
          || (wait == CLFFT_BUILD_WAIT_WHILE_LOADING && !t->compiling)))
    g_cond_wait (&t->cond, &t->lock);
  done = t->done;
  g_mutex_unlock (&t->lock);
  return done;
}

gboolean
clfft_build_thread_join (ClfftBuildThread * t, gdouble * ready,
    GError ** error)
{
  gboolean ok;

  g_thread_join (t->thread);
  ok = t->ok;
  *ready = t->ready;
  if (!ok)
    g_propagate_error (error, t->error);
  else
    g_clear_error (&t->error);
  g_mutex_clear (&t->lock);
  g_cond_clear (&t->cond);
  g_free (t);
  return ok;
}
