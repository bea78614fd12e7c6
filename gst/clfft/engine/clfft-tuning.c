/* Plan-time tuning of row passes: see clfft-tuning.h. */
#include "clfft-tuning.h"
#include "clfft-file.h"
#include "clfft-hold.h"
#include "clfft-kernels.h"
#include "clfft-overrides.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-queue.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

/* The entries' format and the way the tuner times: 3, rounds are queued
 * behind a hold, so that they time the device and not the host's
 * enqueueing; entries of 2 were chosen without that, and are timed again
 * (2: schedules may prefetch their twiddles). A change of the kernels
 * needs no new format: the key names their sources (kernel_sources_sum). */
#define TUNING_FORMAT "gst-clfft tuning 3"
/* far above an entry's few lines */
#define MAX_ENTRY_BYTES 65536
/* Launches per timed round, and rounds per schedule after one to warm up:
 * the median round counts. */
#define LAUNCHES_PER_ROUND 10
#define ROUNDS 5
/* The hold's first length; it doubles where a round outlasts it, up to the
 * longest, for the rest of that pass's timing (so that one stall of the
 * host does not lengthen every later round). */
#define HOLD_FIRST_ITERATIONS (1u << 16)
#define HOLD_LONGEST_ITERATIONS (1u << 22)
/* Another schedule replaces the untuned one only when at least this much
 * faster: run-to-run noise
 * (docs/experiments/2026-11-26-tuning-on-the-device-alone.md) would
 * otherwise pick among equals at random. */
#define MARGIN 0.97

static GMutex lock;
static GHashTable *choices;     /* key -> ClfftRowSchedule */
static ClfftTuningStats stats;

/* Where passes are timed: a profiling queue of their own, each round
 * queued behind a hold of the device; or, in the background, the engine's
 * own queue (shared), each round queued whole under the queue's lock while
 * streams' frames run on queues of their own beside it. */
typedef struct
{
  ClfftEngine *engine;
  cl_command_queue queue;
  ClfftHold *hold;
  gboolean told_at_limit;       /* logged that the longest hold fell short */
  gboolean shared;
} Timing;

ClfftTuning
clfft_tuning_decide (ClfftEngine * engine, ClfftTuning requested,
    gboolean background_possible)
{
  ClfftOverrides overrides;
  const gchar *env;
  ClfftTuning tuning = requested;

  clfft_overrides_read (&overrides);
  env = overrides.tune;

  if (tuning == CLFFT_TUNING_AUTO) {
    if (g_strcmp0 (env, "0") == 0 || g_strcmp0 (env, "off") == 0)
      tuning = CLFFT_TUNING_OFF;
    else if (g_strcmp0 (env, "1") == 0 || g_strcmp0 (env, "blocking") == 0)
      tuning = CLFFT_TUNING_BLOCKING;
    else if (g_strcmp0 (env, "background") == 0)
      tuning = CLFFT_TUNING_BACKGROUND;
    else if (env && *env)
      clfft_log (CLFFT_LOG_WARNING, "%s=%s is not 0, 1, off, background or "
          "blocking: ignored", CLFFT_TUNE_ENV, env);
  }
  /* tuning pays on GPUs; on CPUs (PoCL) each schedule tried costs a
   * kernel build of a second or more, for little */
  if (tuning == CLFFT_TUNING_AUTO)
    tuning = (clfft_engine_get_device (engine)->type & CL_DEVICE_TYPE_CPU) ?
        CLFFT_TUNING_OFF : CLFFT_TUNING_BACKGROUND;
  if (tuning == CLFFT_TUNING_BACKGROUND && !background_possible)
    tuning = CLFFT_TUNING_BLOCKING;
  return tuning;
}

const gchar *
clfft_tuning_name (ClfftTuning tuning)
{
  switch (tuning) {
    case CLFFT_TUNING_AUTO:
      return "auto";
    case CLFFT_TUNING_OFF:
      return "off";
    case CLFFT_TUNING_BACKGROUND:
      return "background";
    case CLFFT_TUNING_BLOCKING:
      return "blocking";
  }
  return "?";
}

void
clfft_tuning_get_stats (ClfftTuningStats * out)
{
  g_mutex_lock (&lock);
  *out = stats;
  g_mutex_unlock (&lock);
}

void
clfft_tuning_forget (void)
{
  g_mutex_lock (&lock);
  if (choices)
    g_hash_table_remove_all (choices);
  g_mutex_unlock (&lock);
}

/* A SHA-256 over every embedded kernel source: a choice timed with other
 * kernels is never used. */
static const gchar *
kernel_sources_sum (void)
{
  static gchar *sum;

  if (g_once_init_enter (&sum)) {
    GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
    gchar *text;

    for (guint i = 0; i < clfft_n_kernel_sources; i++) {
      const ClfftKernelSource *k = &clfft_kernel_sources[i];

      g_checksum_update (checksum, (const guchar *) k->name,
          strlen (k->name) + 1);
      g_checksum_update (checksum, (const guchar *) k->source,
          strlen (k->source) + 1);
    }
    text = g_strdup (g_checksum_get_string (checksum));
    g_checksum_free (checksum);
    g_once_init_leave (&sum, text);
  }
  return sum;
}

/* What the choice depends on: device and driver, the kernels' sources,
 * the pass (with the rows it spreads over how many compute units, which
 * shape its groups), and how its launch lays out the rows. */
static gchar *
tuning_key (const ClfftRowPass * pass, const ClfftRowLaunch * l)
{
  const ClfftDeviceInfo *d = clfft_engine_get_device (pass->engine);
  const ClfftRowPassSpec *s = &pass->spec;
  const guint units = clfft_row_pass_spread_units (pass);
  gchar *spread = units ? g_strdup_printf (" spread=%u/%u", s->spread_rows,
      units) : g_strdup ("");
  gchar *key = g_strdup_printf ("%s|%s|%s|kernels=%.16s|n=%u sign=%d "
      "load=%d store=%d flags=%#x lengths=%u,%u,%u halves=%u%s|"
      "src=%u,%u,%u,%u dst=%u,%u,%u,%u rows=%u,%u in-place=%d",
      d->platform_name, d->name, d->driver_version, kernel_sources_sum (),
      s->n, s->sign, s->load, s->store, s->flags, s->length, s->load_length,
      s->store_length, s->halves_below, spread, l->src.layout.stride,
      l->src.layout.distance, l->src.sub_step, l->src.elem_step,
      l->dst.layout.stride, l->dst.layout.distance, l->dst.sub_step,
      l->dst.elem_step, l->rows, l->sub_rows, l->src.mem == l->dst.mem);

  g_free (spread);
  return key;
}

static gchar *
schedule_text (const ClfftRowSchedule * schedule)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < schedule->n_stages; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", schedule->radices[i]);
  g_string_append_printf (s, "@%u%s", schedule->threads,
      schedule->prefetch_twiddles ? "+prefetch" : "");
  return g_string_free (s, FALSE);
}

gboolean
clfft_tuning_prefetch_allowed (const ClfftDeviceInfo * device)
{
  /* the devices logged so far, by index */
  static guint64 logged;
  const guint major = clfft_device_pocl_major (device);
  /* 3.1 (Debian 12) is the last version seen right; 5.0 (Ubuntu 24.04)
   * and 6.0 (Debian 13) both fail; 4 was not tried. Not PoCL: 0 */
  const gboolean allowed = major < 4;

  if (clfft_device_first_seen (device, &logged) && !allowed)
    clfft_log (CLFFT_LOG_INFO, "%s: tuning leaves out prefetched twiddles "
        "on PoCL %u (its compiler at times makes such passes write "
        "nothing)", device->name, major);
  return allowed;
}

/* Whether text names one of candidates, with its twiddles prefetched (if
 * with_prefetch) or not; that schedule in *found. */
static gboolean
find_schedule (const gchar * text, const ClfftRowSchedule * candidates,
    guint count, gboolean with_prefetch, ClfftRowSchedule * found)
{
  for (guint i = 0; i < count * (with_prefetch ? 2 : 1); i++) {
    ClfftRowSchedule schedule = candidates[i % count];
    gchar *name;
    gboolean same;

    schedule.prefetch_twiddles = i >= count;
    name = schedule_text (&schedule);
    same = strcmp (name, text) == 0;
    g_free (name);
    if (same) {
      *found = schedule;
      return TRUE;
    }
  }
  return FALSE;
}

static gchar *
disk_path (const gchar * key)
{
  gchar *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);
  gchar *dir = clfft_program_cache_dir ();
  gchar *file = g_strconcat ("tuning-", sum, ".txt", NULL);
  gchar *path = g_build_filename (dir, file, NULL);

  g_free (sum);
  g_free (dir);
  g_free (file);
  return path;
}

/* Whether a valid entry for key holds one of candidates (in *found); an
 * entry that does not is removed. */
static gboolean
read_choice (const gchar * key, const ClfftRowSchedule * candidates,
    guint count, gboolean with_prefetch, ClfftRowSchedule * found)
{
  gchar *path = disk_path (key), *contents = NULL;
  gchar **lines = NULL;
  const gchar *problem = NULL;
  GError *error = NULL;

  /* a FIFO, a device or a link there is no entry of ours (clfft-file.h) */
  if (!clfft_file_read_regular (path, MAX_ENTRY_BYTES, FALSE, &contents,
          NULL, &error)) {
    if (clfft_file_error_is_foreign (error)) {
      clfft_log (CLFFT_LOG_WARNING, "discarding tuning entry: %s",
          error->message);
      g_unlink (path);
    }
    g_error_free (error);
    g_free (path);
    return FALSE;
  }
  lines = g_strsplit (contents, "\n", 4);
  if (g_strv_length (lines) < 3 || strcmp (lines[0], TUNING_FORMAT) != 0)
    problem = "not a gst-clfft tuning entry of this format";
  else if (strcmp (lines[1], key) != 0)
    problem = "made for another pass";
  else if (!find_schedule (lines[2], candidates, count, with_prefetch,
          found))
    problem = "not a schedule of this pass";
  if (problem) {
    clfft_log (CLFFT_LOG_WARNING, "discarding tuning entry %s: %s", path,
        problem);
    g_unlink (path);
    g_mutex_lock (&lock);
    stats.discarded++;
    g_mutex_unlock (&lock);
  }
  g_strfreev (lines);
  g_free (contents);
  g_free (path);
  return problem == NULL;
}

static void
write_choice (const gchar * key, const ClfftRowSchedule * schedule)
{
  gchar *path = disk_path (key), *dir = g_path_get_dirname (path);
  gchar *name = schedule_text (schedule);
  gchar *contents = g_strdup_printf ("%s\n%s\n%s\n", TUNING_FORMAT, key,
      name);
  GError *err = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0
      || !g_file_set_contents (path, contents, -1, &err)) {
    clfft_log (CLFFT_LOG_WARNING, "cannot write tuning entry %s: %s", path,
        err ? err->message : g_strerror (errno));
    g_clear_error (&err);
  }
  g_free (contents);
  g_free (name);
  g_free (dir);
  g_free (path);
}

static gboolean
remembered (const gchar * key, ClfftRowSchedule * schedule)
{
  ClfftRowSchedule *found;

  g_mutex_lock (&lock);
  found = choices ? g_hash_table_lookup (choices, key) : NULL;
  if (found) {
    *schedule = *found;
    stats.remembered++;
  }
  g_mutex_unlock (&lock);
  return found != NULL;
}

static void
remember (const gchar * key, const ClfftRowSchedule * schedule)
{
  g_mutex_lock (&lock);
  if (!choices)
    choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
        g_free);
  g_hash_table_replace (choices, g_strdup (key), g_memdup2 (schedule,
          sizeof (*schedule)));
  g_mutex_unlock (&lock);
}

static gint
compare_doubles (const void *a, const void *b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

static gboolean
event_end (cl_event event, cl_ulong * end)
{
  return clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END,
      sizeof (*end), end, NULL) == CL_SUCCESS;
}

/* The device time of the n_steps passes, each with its launch, run in
 * order (one pass or a transform's passes), microseconds: markers around
 * LAUNCHES_PER_ROUND runs queued behind the hold, the median of ROUNDS
 * rounds. A round that outlasted the hold runs again behind a longer one;
 * one that outlasted the longest counts as it is. The round that warms up
 * is not held: on NVIDIA's OpenCL the first launch of a kernel built just
 * now did not start before the hold ended, however long the hold. The
 * passes' arguments are set once: each must have a kernel of its own. */
static gboolean
time_steps (ClfftRowPass * const passes[], const ClfftRowLaunch l[],
    guint n_steps, Timing * timing, gdouble * us, GError ** error)
{
  cl_command_queue queue = timing->queue;
  ClfftEngine *engine = passes[0]->engine;
  gdouble rounds[ROUNDS];
  gsize global[CLFFT_TUNED_MAX_STEPS], local[CLFFT_TUNED_MAX_STEPS];

  g_return_val_if_fail (n_steps >= 1 && n_steps <= CLFFT_TUNED_MAX_STEPS,
      FALSE);
  for (guint s = 0; s < n_steps; s++) {
    for (guint o = 0; o < s; o++)
      g_return_val_if_fail (passes[o]->kernel != passes[s]->kernel, FALSE);
    if (!clfft_row_pass_set_args (passes[s], &l[s].src, &l[s].dst,
            l[s].rows, l[s].sub_rows, &l[s].tables, error))
      return FALSE;
    clfft_row_pass_shape (passes[s], l[s].rows, l[s].sub_rows, &global[s],
        &local[s]);
  }
  for (gint r = -1; r < ROUNDS; r++) {
    cl_event marks[2] = { NULL, NULL };
    cl_ulong end[2] = { 0, 0 };
    ClfftHoldOutcome outcome = CLFFT_HOLD_IN_TIME;
    gboolean held = r >= 0;
    cl_int st;

    /* on a shared queue, no other launch between the round's commands */
    if (timing->shared)
      clfft_engine_lock_queue (timing->engine);
    if (held && !clfft_hold_enqueue (timing->hold, queue, error)) {
      if (timing->shared)
        clfft_engine_unlock_queue (timing->engine);
      return FALSE;
    }
    st = clEnqueueMarkerWithWaitList (queue, 0, NULL, &marks[0]);

    for (guint i = 0; st == CL_SUCCESS && i < LAUNCHES_PER_ROUND * n_steps;
        i++) {
      const guint s = i % n_steps;

      if (!clfft_engine_check_fault (engine, CLFFT_FAULT_AT_LAUNCH,
              "clEnqueueNDRangeKernel (timing passes)", error)) {
        if (timing->shared)
          clfft_engine_unlock_queue (timing->engine);
        clFinish (queue);
        clfft_event_release (&marks[0]);
        return FALSE;
      }
      st = clEnqueueNDRangeKernel (queue, passes[s]->kernel, 1, NULL,
          &global[s], &local[s], 0, NULL, NULL);
    }
    if (st == CL_SUCCESS)
      st = clEnqueueMarkerWithWaitList (queue, 0, NULL, &marks[1]);
    if (timing->shared)
      clfft_engine_unlock_queue (timing->engine);
    if (st == CL_SUCCESS)
      st = clWaitForEvents (1, &marks[1]);
    if (st == CL_SUCCESS && !(event_end (marks[0], &end[0])
            && event_end (marks[1], &end[1])))
      st = CL_PROFILING_INFO_NOT_AVAILABLE;
    if (st != CL_SUCCESS)
      clFinish (queue);
    else if (held && !clfft_hold_check (timing->hold, marks[1], &outcome,
            error)) {
      clfft_event_release (&marks[0]);
      clfft_event_release (&marks[1]);
      return FALSE;
    }
    clfft_event_release (&marks[0]);
    clfft_event_release (&marks[1]);
    if (st != CL_SUCCESS)
      return clfft_fail (error, st, "timing row passes");
    if (outcome == CLFFT_HOLD_LENGTHENED) {
      clfft_log (CLFFT_LOG_DEBUG, "a timing round outlasted a hold of %.0f "
          "us: now %u iterations", clfft_hold_get_last_us (timing->hold),
          clfft_hold_get_iterations (timing->hold));
      r--;
      continue;
    }
    if (outcome == CLFFT_HOLD_AT_LIMIT && !timing->told_at_limit) {
      clfft_log (CLFFT_LOG_INFO, "a timing round outlasted a hold of %u "
          "iterations (%.0f us): such rounds count the host's enqueueing",
          clfft_hold_get_iterations (timing->hold),
          clfft_hold_get_last_us (timing->hold));
      timing->told_at_limit = TRUE;
    }
    if (r >= 0)
      rounds[r] = (gdouble) (end[1] - end[0]) / 1e3 / LAUNCHES_PER_ROUND;
  }
  qsort (rounds, ROUNDS, sizeof (rounds[0]), compare_doubles);
  *us = rounds[ROUNDS / 2];
  return TRUE;
}

static gboolean
time_pass (ClfftRowPass * pass, Timing * timing, const ClfftRowLaunch * l,
    gdouble * us, GError ** error)
{
  ClfftRowPass *const passes[1] = { pass };

  return time_steps (passes, l, 1, timing, us, error);
}

static gboolean
timing_init (Timing * timing, ClfftEngine * engine, gboolean shared,
    GError ** error)
{
  cl_int st;

  timing->engine = engine;
  timing->hold = NULL;
  timing->told_at_limit = FALSE;
  timing->shared = shared;
  if (shared) {
    timing->queue = clfft_engine_get_queue (engine);
  } else {
    timing->queue = clCreateCommandQueue (clfft_engine_get_context (engine),
        clfft_engine_get_device (engine)->id, CL_QUEUE_PROFILING_ENABLE, &st);
    if (st != CL_SUCCESS) {
      timing->queue = NULL;
      return clfft_fail (error, st, "clCreateCommandQueue (profiling)");
    }
    clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  }
  timing->hold = clfft_hold_new (engine, HOLD_FIRST_ITERATIONS,
      HOLD_LONGEST_ITERATIONS, error);
  return timing->hold != NULL;
}

static void
timing_clear (Timing * timing)
{
  clfft_hold_free (timing->hold);
  timing->hold = NULL;
  /* the engine's queue stays the engine's */
  if (timing->shared)
    timing->queue = NULL;
  clfft_queue_release (&timing->queue);
}

/* A copy of buffer for launches that would overwrite it, on queue. */
static cl_mem
copy_buffer (ClfftEngine * engine, cl_command_queue queue, cl_mem buffer,
    GError ** error)
{
  gsize size = 0;
  cl_mem copy;
  cl_int st = clGetMemObjectInfo (buffer, CL_MEM_SIZE, sizeof (size), &size,
      NULL);

  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clGetMemObjectInfo (CL_MEM_SIZE)");
    return NULL;
  }
  copy = clfft_buffer_new (engine, CL_MEM_READ_WRITE, size, NULL, error);
  if (copy && (st = clEnqueueCopyBuffer (queue, buffer, copy, 0, 0, size, 0,
              NULL, NULL)) != CL_SUCCESS) {
    clfft_fail (error, st, "clEnqueueCopyBuffer (timing copy)");
    clfft_buffer_release (&copy);
  }
  return copy;
}

static gboolean
drops_input (const ClfftRowPass * pass)
{
  return (pass->spec.flags & CLFFT_ROW_DROP_INPUT) != 0;
}

/* The launches of one alternative as the timing runs them (*timed):
 * where a step writes the first step's input, or the first drops it from
 * the cache (CLFFT_ROW_DROP_INPUT, which leaves it undefined), every step
 * takes a copy of that buffer (*copy, made on the first call, released by
 * the caller) in its place, so that the data is left as it was. */
static gboolean
timed_steps (ClfftEngine * engine, cl_command_queue queue,
    ClfftRowPass * const passes[], const ClfftRowLaunch launches[],
    guint n_steps, ClfftRowLaunch timed[], cl_mem * copy, GError ** error)
{
  const cl_mem input = launches[0].src.mem;
  gboolean overwritten = drops_input (passes[0]);

  for (guint s = 0; s < n_steps; s++) {
    timed[s] = launches[s];
    overwritten = overwritten || launches[s].dst.mem == input;
  }
  if (!overwritten)
    return TRUE;
  if (!*copy && !(*copy = copy_buffer (engine, queue, input, error)))
    return FALSE;
  for (guint s = 0; s < n_steps; s++) {
    if (timed[s].src.mem == input)
      timed[s].src.mem = *copy;
    if (timed[s].dst.mem == input)
      timed[s].dst.mem = *copy;
  }
  return TRUE;
}

/* Times schedule on launch l (pass itself where that is pass's schedule):
 * *us, or G_MAXDOUBLE where the schedule does not build. FALSE on a
 * timing error. */
static gboolean
time_schedule (ClfftRowPass * pass, const ClfftRowSchedule * schedule,
    Timing * timing, const ClfftRowLaunch * l, gdouble * us,
    GError ** error)
{
  gchar *name = schedule_text (schedule);
  ClfftRowPass trial;
  GError *build_error = NULL;
  gboolean ok = TRUE;

  if (clfft_row_schedule_equal (schedule, &pass->schedule))
    ok = time_pass (pass, timing, l, us, error);
  else if (clfft_row_pass_init_scheduled (&trial, pass->engine, &pass->spec,
          schedule, &build_error)) {
    ok = time_pass (&trial, timing, l, us, error);
    clfft_row_pass_clear (&trial);
  } else {
    clfft_log (CLFFT_LOG_INFO, "length-%u schedule %s not tried: %s",
        pass->n, name, build_error->message);
    g_clear_error (&build_error);
    *us = G_MAXDOUBLE;
  }
  if (ok && *us < G_MAXDOUBLE)
    clfft_log (CLFFT_LOG_DEBUG, "length-%u schedule %s: %.2f us a launch",
        pass->n, name, *us);
  g_free (name);
  return ok;
}

static gboolean
cancelled (const gint * cancel, GError ** error)
{
  if (!cancel || !g_atomic_int_get (cancel))
    return FALSE;
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_CANCELLED,
      "tuning was cancelled");
  return TRUE;
}

/* Times pass and each other candidate, then (with_prefetch) the fastest
 * with its twiddles prefetched, and sets *chosen to the fastest of all. */
static gboolean
time_schedules (ClfftRowPass * pass, const ClfftRowLaunch * launch,
    const ClfftRowSchedule * candidates, guint count, gboolean with_prefetch,
    gboolean shared, const gint * cancel, ClfftRowSchedule * chosen,
    GError ** error)
{
  Timing timing;
  ClfftRowLaunch l;
  ClfftRowSchedule best;
  cl_mem copy = NULL;
  gdouble us, best_us = G_MAXDOUBLE, untuned_us = G_MAXDOUBLE;
  guint timed = 0;
  gboolean ok = timing_init (&timing, pass->engine, shared, error)
      && timed_steps (pass->engine, timing.queue, &pass, launch, 1, &l, &copy,
      error);

  /* the untuned pass is the first candidate */
  for (guint i = 0; ok && i < count; i++) {
    ok = !cancelled (cancel, error)
        && time_schedule (pass, &candidates[i], &timing, &l, &us, error);
    if (ok && us < G_MAXDOUBLE)
      timed++;
    if (ok && i == 0)
      untuned_us = us;
    if (ok && (i == 0 || us < best_us)) {
      best = candidates[i];
      best_us = us;
    }
  }
  if (ok && best_us > MARGIN * untuned_us) {
    best = candidates[0];
    best_us = untuned_us;
  }
  if (ok && with_prefetch) {
    ClfftRowSchedule prefetched = best;

    prefetched.prefetch_twiddles = TRUE;
    ok = !cancelled (cancel, error)
        && time_schedule (pass, &prefetched, &timing, &l, &us, error);
    if (ok && us < G_MAXDOUBLE)
      timed++;
    if (ok && us < MARGIN * best_us) {
      best = prefetched;
      best_us = us;
    }
  }
  if (ok) {
    gchar *name = schedule_text (&best);
    gchar *untuned = schedule_text (&candidates[0]);

    clfft_log (CLFFT_LOG_INFO, "length-%u pass tuned over %u schedules: %s, "
        "%.1f us a launch (untuned %s, %.1f us)", pass->n, timed, name,
        best_us, untuned, untuned_us);
    g_free (name);
    g_free (untuned);
    *chosen = best;
    g_mutex_lock (&lock);
    stats.timed++;
    stats.schedules_timed += timed;
    g_mutex_unlock (&lock);
  }
  clfft_buffer_release (&copy);
  timing_clear (&timing);
  return ok;
}

gboolean
clfft_row_passes_fastest (ClfftRowPass * const passes[],
    const ClfftRowLaunch launches[], const guint n_steps[], guint count,
    guint * fastest, GError ** error)
{
  ClfftOverrides overrides;
  gdouble us[CLFFT_TUNED_MAX_ALTERNATIVES];
  guint first[CLFFT_TUNED_MAX_ALTERNATIVES];
  ClfftEngine *engine;
  Timing timing;
  cl_mem copy = NULL;
  guint best = 0;
  gboolean ok;

  g_return_val_if_fail (count >= 1 && count <= CLFFT_TUNED_MAX_ALTERNATIVES,
      FALSE);
  for (guint i = 0; i < count; i++) {
    g_return_val_if_fail (!n_steps || (n_steps[i] >= 1
            && n_steps[i] <= CLFFT_TUNED_MAX_STEPS), FALSE);
    first[i] = i ? first[i - 1] + (n_steps ? n_steps[i - 1] : 1) : 0;
  }
  engine = passes[0]->engine;
  ok = timing_init (&timing, engine, FALSE, error);
  /* the launches share their buffers: one copy serves them all */
  for (guint i = 0; ok && i < count; i++) {
    const guint steps = n_steps ? n_steps[i] : 1;
    ClfftRowLaunch l[CLFFT_TUNED_MAX_STEPS];

    ok = timed_steps (engine, timing.queue, passes + first[i],
        launches + first[i], steps, l, &copy, error)
        && time_steps (passes + first[i], l, steps, &timing, &us[i], error);
    if (ok && us[i] < us[best])
      best = i;
  }
  if (ok && us[best] > MARGIN * us[0])
    best = 0;
  clfft_overrides_read (&overrides);
  if (ok && overrides.tune_pick >= 0)
    best = MIN ((guint) overrides.tune_pick, count - 1);
  for (guint i = 0; ok && i < count; i++) {
    const guint steps = n_steps ? n_steps[i] : 1;
    GString *what = g_string_new (NULL);

    for (guint s = 0; s < steps; s++)
      g_string_append_printf (what, "%slength %u, radices %s", s ? "; " : "",
          passes[first[i] + s]->n, passes[first[i] + s]->radices);
    clfft_log (CLFFT_LOG_INFO, "alternative %u of %u (%s): %.1f us a run%s",
        i + 1, count, what->str, us[i], i == best ? ", kept" : "");
    g_string_free (what, TRUE);
  }
  if (ok) {
    *fastest = best;
    g_mutex_lock (&lock);
    stats.layouts_timed++;
    g_mutex_unlock (&lock);
  }
  clfft_buffer_release (&copy);
  timing_clear (&timing);
  return ok;
}

/* clfft_row_pass_tune, or with shared (the engine's queue) and cancel
 * clfft_row_pass_tune_in_background */
static gboolean
row_pass_tune (ClfftRowPass * pass, const ClfftRowLaunch * launch,
    gboolean shared, const gint * cancel, GError ** error)
{
  ClfftRowSchedule candidates[CLFFT_MAX_ROW_SCHEDULES], chosen;
  ClfftRowPass tuned;
  guint count;
  gchar *key;
  gboolean ok = TRUE, with_prefetch;

  if (pass->generic || pass->n < CLFFT_TUNED_MIN_LENGTH)
    return TRUE;
  if (!clfft_row_pass_build (pass, error))
    return FALSE;
  count = clfft_row_schedules (pass->engine, pass->n, candidates);
  if (count < 2)
    return TRUE;
  with_prefetch = clfft_tuning_prefetch_allowed (clfft_engine_get_device
      (pass->engine));
  key = tuning_key (pass, launch);
  if (!remembered (key, &chosen)) {
    if (read_choice (key, candidates, count, with_prefetch, &chosen)) {
      g_mutex_lock (&lock);
      stats.read_from_disk++;
      g_mutex_unlock (&lock);
    } else {
      ok = time_schedules (pass, launch, candidates, count, with_prefetch,
          shared, cancel, &chosen, error);
      if (ok)
        write_choice (key, &chosen);
    }
    if (ok)
      remember (key, &chosen);
  }
  g_free (key);
  if (!ok || clfft_row_schedule_equal (&chosen, &pass->schedule))
    return ok;
  if (!clfft_row_pass_init_scheduled (&tuned, pass->engine, &pass->spec,
          &chosen, error))
    return FALSE;
  clfft_row_pass_clear (pass);
  *pass = tuned;
  return TRUE;
}

gboolean
clfft_row_pass_tune (ClfftRowPass * pass, const ClfftRowLaunch * launch,
    GError ** error)
{
  return row_pass_tune (pass, launch, FALSE, NULL, error);
}

gboolean
clfft_row_pass_tune_in_background (ClfftRowPass * pass,
    const ClfftRowLaunch * launch, const gint * cancel, GError ** error)
{
  return row_pass_tune (pass, launch, TRUE, cancel, error);
}
