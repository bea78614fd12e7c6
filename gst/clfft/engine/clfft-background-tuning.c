/* Tuning row passes in the background: see clfft-background-tuning.h. */
#include "clfft-background-tuning.h"
#include "clfft-log.h"

#include <string.h>

#define MAX_JOBS 8

typedef struct
{
  ClfftRowPass pass;            /* the copy, tuned in place */
  ClfftRowSchedule original;
  ClfftRowLaunch launch;        /* on the tuner's buffers */
  gboolean tuned;               /* pass holds a schedule other than original */
} Job;

struct _ClfftBackgroundTuning
{
  ClfftEngine *engine;
  GThread *thread;
  gint cancel;                  /* atomic */
  gint done;                    /* atomic */
  gint64 start, end;            /* monotonic, us */
  Job jobs[MAX_JOBS];
  guint count;
  /* the owner's buffers and the tuner's stand-ins for them */
  cl_mem owners[MAX_JOBS * 2], own[MAX_JOBS * 2];
  guint n_buffers;
};

/* The tuner's stand-in for the owner's buffer, made the first time it is
 * asked for: a copy of what the owner's holds (a frame, its spectrum),
 * queued before the frames that follow, so that the schedules are timed
 * on data like the frames' (as blocking tuning times them), not on zeros,
 * on which a device may run at other clocks. */
static cl_mem
stand_in (ClfftBackgroundTuning * t, cl_mem owner, GError ** error)
{
  gsize size = 0;
  cl_mem mem;
  cl_int st;

  for (guint i = 0; i < t->n_buffers; i++)
    if (t->owners[i] == owner)
      return t->own[i];
  st = clGetMemObjectInfo (owner, CL_MEM_SIZE, sizeof (size), &size, NULL);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clGetMemObjectInfo (CL_MEM_SIZE)");
    return NULL;
  }
  mem = clfft_buffer_new (t->engine, CL_MEM_READ_WRITE, size, NULL, error);
  if (!mem)
    return NULL;
  t->owners[t->n_buffers] = owner;
  t->own[t->n_buffers++] = mem;
  if ((st = clEnqueueCopyBuffer (clfft_engine_get_queue (t->engine), owner,
              mem, 0, 0, size, 0, NULL, NULL)) != CL_SUCCESS) {
    clfft_fail (error, st, "clEnqueueCopyBuffer (tuning buffer)");
    return NULL;
  }
  return mem;
}

static gpointer
run (gpointer data)
{
  ClfftBackgroundTuning *t = data;
  guint changed = 0;

  for (guint i = 0; i < t->count && !g_atomic_int_get (&t->cancel); i++) {
    Job *job = &t->jobs[i];
    GError *error = NULL;

    if (!clfft_row_pass_tune_in_background (&job->pass, &job->launch,
            &t->cancel, &error)) {
      if (!g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_CANCELLED))
        clfft_log (CLFFT_LOG_WARNING, "tuning the length-%u pass in the "
            "background failed, it keeps its schedule: %s", job->pass.n,
            error->message);
      g_clear_error (&error);
      continue;
    }
    job->tuned = !clfft_row_schedule_equal (&job->pass.schedule,
        &job->original);
    changed += job->tuned;
  }
  t->end = g_get_monotonic_time ();
  if (!g_atomic_int_get (&t->cancel))
    clfft_log (CLFFT_LOG_INFO, "tuned %u passes in the background in "
        "%.2f s: %u take other schedules", t->count,
        (t->end - t->start) / 1e6, changed);
  g_atomic_int_set (&t->done, 1);
  return NULL;
}

static gboolean
job_init (ClfftBackgroundTuning * t, Job * job, ClfftRowPass * pass,
    const ClfftRowLaunch * launch, GError ** error)
{
  job->original = pass->schedule;
  job->launch = *launch;
  return (job->launch.src.mem = stand_in (t, launch->src.mem, error))
      && (job->launch.dst.mem = stand_in (t, launch->dst.mem, error))
      && clfft_row_pass_init_scheduled (&job->pass, pass->engine,
      &pass->spec, &pass->schedule, error);
}

ClfftBackgroundTuning *
clfft_background_tuning_start (ClfftEngine * engine,
    ClfftRowPass * const passes[], const ClfftRowLaunch launches[],
    guint count, GError ** error)
{
  ClfftBackgroundTuning *t;
  cl_int st;

  g_return_val_if_fail (count <= MAX_JOBS, NULL);
  t = g_new0 (ClfftBackgroundTuning, 1);
  t->engine = clfft_engine_ref (engine);
  t->start = g_get_monotonic_time ();
  for (t->count = 0; t->count < count; t->count++)
    if (!job_init (t, &t->jobs[t->count], passes[t->count],
            &launches[t->count], error)) {
      clfft_background_tuning_free (t);
      return NULL;
    }
  /* the stand-ins are filled before the thread's queue reads them */
  if ((st = clFinish (clfft_engine_get_queue (engine))) != CL_SUCCESS) {
    clfft_fail (error, st, "clFinish (tuning buffers)");
    clfft_background_tuning_free (t);
    return NULL;
  }
  t->thread = g_thread_try_new ("clfft-tuning", run, t, error);
  if (!t->thread) {
    clfft_background_tuning_free (t);
    return NULL;
  }
  return t;
}

gboolean
clfft_background_tuning_done (ClfftBackgroundTuning * t)
{
  return g_atomic_int_get (&t->done) != 0;
}

gboolean
clfft_background_tuning_take (ClfftBackgroundTuning * t, guint i,
    ClfftRowPass * pass)
{
  Job *job = &t->jobs[i];

  g_return_val_if_fail (clfft_background_tuning_done (t) && i < t->count,
      FALSE);
  if (!job->tuned)
    return FALSE;
  *pass = job->pass;
  memset (&job->pass, 0, sizeof (job->pass));
  job->tuned = FALSE;
  return TRUE;
}

gdouble
clfft_background_tuning_seconds (ClfftBackgroundTuning * t)
{
  return (t->end - t->start) / 1e6;
}

void
clfft_background_tuning_free (ClfftBackgroundTuning * t)
{
  if (!t)
    return;
  g_atomic_int_set (&t->cancel, 1);
  if (t->thread)
    g_thread_join (t->thread);
  for (guint i = 0; i < MAX_JOBS; i++)
    clfft_row_pass_clear (&t->jobs[i].pass);
  for (guint i = 0; i < t->n_buffers; i++)
    clfft_buffer_release (&t->own[i]);
  clfft_engine_unref (t->engine);
  g_free (t);
}
