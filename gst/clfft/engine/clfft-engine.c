/* The shared per-device engines: a context, its queues, its program cache
 * and plans, and the faults a test injects into it. */
#include "clfft-engine.h"
#include "clfft-engine-testing.h"
#include "clfft-faults.h"
#include "clfft-log.h"
#include "clfft-overrides.h"
#include "clfft-plans.h"
#include "clfft-program-cache.h"
#include "clfft-queue.h"

#include <string.h>

struct _ClfftEngine
{
  gint ref_count;               /* guarded by engines_lock */
  const ClfftDeviceInfo *device;
  cl_context context;
  cl_command_queue queue;
  ClfftProgramCache *programs;
  GMutex plans_lock;
  GHashTable *plans;            /* key -> PlanEntry, plans in use */
  /* held while commands are queued on queue, and by a tuning round that
   * must lie whole between other launches (clfft_engine_lock_queue) */
  GRecMutex queue_lock;
  /* a second queue, made at its first use (clfft_engine_begin_side), and
   * the override that begin_side replaced, for end_side (under
   * queue_lock) */
  cl_command_queue side_queue, before_side;
  /* maps and unmaps of host memory, made at its first use
   * (clfft_engine_get_host_queue; under queue_lock) */
  cl_command_queue host_queue;
  /* the thread whose launches go to override_queue rather than queue
   * (clfft_engine_begin_queue; both set under queue_lock) */
  GThread *override_thread;
  cl_command_queue override_queue;
  gboolean retired;             /* guarded by engines_lock */
  /* an injected fault (tests); guarded by fault_lock, and read atomically
   * first so that launches without one take no lock */
  GMutex fault_lock;
  gint fault;                   /* ClfftFault */
  guint launches_left;          /* launches (DEVICE_LOST) or host
                                 * allocations (HOST_OUT_OF_MEMORY) before
                                 * the fault strikes */
  gboolean lost;
};

typedef struct
{
  gpointer plan;
  guint uses;
} PlanEntry;

gchar *
clfft_engine_get_cache_warning (ClfftEngine * engine)
{
  const gchar *ours = clfft_program_cache_get_warning (engine->programs);
  const gchar *driver = clfft_device_get_driver_cache_warning
      (engine->device);

  if (driver && ours)
    return g_strconcat (driver, ". ", ours, NULL);
  return g_strdup (driver ? driver : ours);
}

/* ---- engines ---------------------------------------------------------- */

static GMutex engines_lock;
static GHashTable *engines;     /* device index -> ClfftEngine*, weak */

static ClfftEngine *
engine_new (const ClfftDeviceInfo * device, GError ** error)
{
  ClfftEngine *engine = g_new0 (ClfftEngine, 1);
  cl_context_properties props[] = {
    CL_CONTEXT_PLATFORM, (cl_context_properties) device->platform, 0
  };
  cl_int st;

  engine->ref_count = 1;
  engine->device = device;
  engine->context = clCreateContext (props, 1, &device->id, NULL, NULL, &st);
  if (st != CL_SUCCESS) {
    g_free (engine);
    clfft_fail (error, st, "clCreateContext");
    return NULL;
  }
  engine->queue = clCreateCommandQueue (engine->context, device->id,
      CL_QUEUE_PROFILING_ENABLE, &st);
  if (st != CL_SUCCESS) {
    clfft_warn_on_failure (clReleaseContext (engine->context),
        "clReleaseContext");
    g_free (engine);
    clfft_fail (error, st, "clCreateCommandQueue");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_CONTEXT, 1);
  clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  engine->programs = clfft_program_cache_new (device, engine->context);
  g_mutex_init (&engine->plans_lock);
  g_mutex_init (&engine->fault_lock);
  g_rec_mutex_init (&engine->queue_lock);
  engine->plans = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      g_free);
  clfft_log (CLFFT_LOG_INFO, "engine created on device %u: %s",
      device->index, device->name);
  return engine;
}

static void arm_fault_from_env (ClfftEngine * engine);

ClfftEngine *
clfft_engine_get (gint requested_index, GError ** error)
{
  const ClfftDeviceInfo *devices;
  ClfftEngine *engine;
  guint n;
  gint index;

  index = clfft_choose_device (requested_index, error);
  if (index < 0)
    return NULL;
  devices = clfft_list_devices (&n, error);

  g_mutex_lock (&engines_lock);
  if (!engines)
    engines = g_hash_table_new (NULL, NULL);
  engine = g_hash_table_lookup (engines, GINT_TO_POINTER (index));
  if (engine) {
    engine->ref_count++;
  } else {
    engine = engine_new (&devices[index], error);
    if (engine) {
      g_hash_table_insert (engines, GINT_TO_POINTER (index), engine);
      arm_fault_from_env (engine);
    }
  }
  g_mutex_unlock (&engines_lock);
  return engine;
}

ClfftEngine *
clfft_engine_ref (ClfftEngine * engine)
{
  g_mutex_lock (&engines_lock);
  engine->ref_count++;
  g_mutex_unlock (&engines_lock);
  return engine;
}

void
clfft_engine_unref (ClfftEngine * engine)
{
  gboolean last;

  g_mutex_lock (&engines_lock);
  last = --engine->ref_count == 0;
  if (last && !engine->retired)
    g_hash_table_remove (engines, GINT_TO_POINTER (engine->device->index));
  g_mutex_unlock (&engines_lock);
  if (!last)
    return;

  /* every plan holds the engine: none is left */
  g_warn_if_fail (g_hash_table_size (engine->plans) == 0);
  g_hash_table_unref (engine->plans);
  g_mutex_clear (&engine->plans_lock);
  g_mutex_clear (&engine->fault_lock);
  g_rec_mutex_clear (&engine->queue_lock);
  clfft_program_cache_free (engine->programs);
  clfft_warn_on_failure (clReleaseCommandQueue (engine->queue),
      "clReleaseCommandQueue");
  clfft_count_object (CLFFT_OBJECT_QUEUE, -1);
  if (engine->side_queue) {
    clfft_warn_on_failure (clReleaseCommandQueue (engine->side_queue),
        "clReleaseCommandQueue (side)");
    clfft_count_object (CLFFT_OBJECT_QUEUE, -1);
  }
  if (engine->host_queue) {
    clfft_warn_on_failure (clReleaseCommandQueue (engine->host_queue),
        "clReleaseCommandQueue (host memory)");
    clfft_count_object (CLFFT_OBJECT_QUEUE, -1);
  }
  clfft_warn_on_failure (clReleaseContext (engine->context), "clReleaseContext");
  clfft_count_object (CLFFT_OBJECT_CONTEXT, -1);
  g_free (engine);
}

void
clfft_engine_retire (ClfftEngine * engine)
{
  g_mutex_lock (&engines_lock);
  if (!engine->retired && engines && g_hash_table_lookup (engines,
          GINT_TO_POINTER (engine->device->index)) == engine)
    g_hash_table_remove (engines, GINT_TO_POINTER (engine->device->index));
  engine->retired = TRUE;
  g_mutex_unlock (&engines_lock);
}

/* ---- injected faults -------------------------------------------------- */

void
clfft_engine_inject_fault (ClfftEngine * engine, ClfftFault fault,
    guint after)
{
  g_mutex_lock (&engine->fault_lock);
  g_atomic_int_set (&engine->fault, fault);
  engine->launches_left = after;
  engine->lost = FALSE;
  g_mutex_unlock (&engine->fault_lock);
  clfft_log (CLFFT_LOG_WARNING, "fault %d injected into the engine of %s "
      "(after %u launches)", fault, engine->device->name, after);
}

/* CLFFT_FAULT_ENV, on the first engine made; call with engines_lock
 * held. */
static void
arm_fault_from_env (ClfftEngine * engine)
{
  static gboolean env_read;
  ClfftOverrides overrides;
  const gchar *env;
  guint64 after = 0;

  clfft_overrides_read (&overrides);
  env = overrides.fault;

  if (env_read || !env || !*env)
    return;
  env_read = TRUE;
  if (g_str_equal (env, "out-of-memory"))
    clfft_engine_inject_fault (engine, CLFFT_FAULT_OUT_OF_MEMORY, 0);
  else if (g_str_has_prefix (env, "host-out-of-memory:")
      && g_ascii_string_to_unsigned (env + strlen ("host-out-of-memory:"),
          10, 0, G_MAXUINT, &after, NULL))
    clfft_engine_inject_fault (engine, CLFFT_FAULT_HOST_OUT_OF_MEMORY, after);
  else if (g_str_equal (env, "device-lost")
      || (g_str_has_prefix (env, "device-lost:")
          && g_ascii_string_to_unsigned (env + strlen ("device-lost:"), 10, 0,
              G_MAXUINT, &after, NULL)))
    clfft_engine_inject_fault (engine, CLFFT_FAULT_DEVICE_LOST, after);
  else
    clfft_log (CLFFT_LOG_WARNING, CLFFT_FAULT_ENV "=%s is not out-of-memory, "
        "device-lost, device-lost:N or host-out-of-memory:N; no fault "
        "armed", env);
}

gboolean
clfft_engine_is_lost (ClfftEngine * engine)
{
  gboolean lost;

  g_mutex_lock (&engine->fault_lock);
  lost = engine->lost;
  g_mutex_unlock (&engine->fault_lock);
  return lost;
}

gboolean
clfft_engine_check_fault (ClfftEngine * engine, ClfftFaultPoint point,
    const gchar * what, GError ** error)
{
  cl_int status = CL_SUCCESS;

  if (g_atomic_int_get (&engine->fault) == CLFFT_FAULT_NONE)
    return TRUE;
  g_mutex_lock (&engine->fault_lock);
  switch ((ClfftFault) engine->fault) {
    case CLFFT_FAULT_NONE:
    case CLFFT_FAULT_HOST_OUT_OF_MEMORY:      /* clfft_engine_try_alloc */
      break;
    case CLFFT_FAULT_OUT_OF_MEMORY:
      if (point == CLFFT_FAULT_AT_ALLOCATION)
        status = CL_MEM_OBJECT_ALLOCATION_FAILURE;
      break;
    case CLFFT_FAULT_DEVICE_LOST:
      if (point == CLFFT_FAULT_AT_LAUNCH && !engine->lost) {
        if (engine->launches_left > 0)
          engine->launches_left--;
        else
          engine->lost = TRUE;
      }
      if (engine->lost)
        status = CL_DEVICE_NOT_AVAILABLE;
      break;
  }
  g_mutex_unlock (&engine->fault_lock);
  if (status == CL_SUCCESS)
    return TRUE;
  {
    gchar *call = g_strdup_printf ("%s (injected fault)", what);

    clfft_fail (error, status, call);
    g_free (call);
  }
  return FALSE;
}

/* Whether an injected CLFFT_FAULT_HOST_OUT_OF_MEMORY fails this host
 * allocation. */
static gboolean
host_allocation_fails (ClfftEngine * engine)
{
  gboolean fails = FALSE;

  if (g_atomic_int_get (&engine->fault) != CLFFT_FAULT_HOST_OUT_OF_MEMORY)
    return FALSE;
  g_mutex_lock (&engine->fault_lock);
  if (engine->fault == CLFFT_FAULT_HOST_OUT_OF_MEMORY) {
    if (engine->launches_left > 0)
      engine->launches_left--;
    else
      fails = TRUE;
  }
  g_mutex_unlock (&engine->fault_lock);
  return fails;
}

gpointer
clfft_engine_try_alloc (ClfftEngine * engine, gsize n_blocks,
    gsize block_size, gboolean zero, const gchar * what, GError ** error)
{
  gpointer memory = NULL;

  if (!host_allocation_fails (engine))
    memory = zero ? g_try_malloc0_n (MAX (n_blocks, 1), block_size) :
        g_try_malloc_n (MAX (n_blocks, 1), block_size);
  if (!memory) {
    gsize bytes;

    if (g_size_checked_mul (&bytes, n_blocks, block_size))
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY,
          "no host memory for %s (%" G_GSIZE_FORMAT " bytes)", what, bytes);
    else
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY,
          "no host memory for %s (%" G_GSIZE_FORMAT " x %" G_GSIZE_FORMAT
          " bytes)", what, n_blocks, block_size);
  }
  return memory;
}

const ClfftDeviceInfo *
clfft_engine_get_device (ClfftEngine * engine)
{
  return engine->device;
}

cl_context
clfft_engine_get_context (ClfftEngine * engine)
{
  return engine->context;
}

cl_command_queue
clfft_engine_get_queue (ClfftEngine * engine)
{
  /* another thread never sees its own there, whatever it reads */
  return g_atomic_pointer_get (&engine->override_thread) == g_thread_self ()
      ? engine->override_queue : engine->queue;
}

gboolean
clfft_engine_begin_side (ClfftEngine * engine, GError ** error)
{
  cl_int st;

  clfft_engine_lock_queue (engine);
  if (!engine->side_queue) {
    engine->side_queue = clCreateCommandQueue (engine->context,
        engine->device->id, CL_QUEUE_PROFILING_ENABLE, &st);
    if (st != CL_SUCCESS) {
      engine->side_queue = NULL;
      clfft_engine_unlock_queue (engine);
      return clfft_fail (error, st, "clCreateCommandQueue (side)");
    }
    clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  }
  engine->before_side = clfft_engine_begin_queue (engine,
      engine->side_queue);
  clfft_engine_unlock_queue (engine);
  return TRUE;
}

cl_command_queue
clfft_engine_get_host_queue (ClfftEngine * engine, GError ** error)
{
  cl_command_queue queue;
  cl_int st = CL_SUCCESS;

  clfft_engine_lock_queue (engine);
  if (!engine->host_queue) {
    engine->host_queue = clCreateCommandQueue (engine->context,
        engine->device->id, 0, &st);
    if (st != CL_SUCCESS)
      engine->host_queue = NULL;
    else
      clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  }
  queue = engine->host_queue;
  clfft_engine_unlock_queue (engine);
  if (!queue)
    clfft_fail (error, st, "clCreateCommandQueue (host memory)");
  return queue;
}

void
clfft_engine_end_side (ClfftEngine * engine)
{
  clfft_engine_end_queue (engine, engine->before_side);
}

cl_command_queue
clfft_engine_begin_queue (ClfftEngine * engine, cl_command_queue queue)
{
  cl_command_queue before;

  clfft_engine_lock_queue (engine);
  before = g_atomic_pointer_get (&engine->override_thread) == g_thread_self ()
      ? engine->override_queue : NULL;
  engine->override_queue = queue;
  g_atomic_pointer_set (&engine->override_thread, g_thread_self ());
  return before;
}

void
clfft_engine_end_queue (ClfftEngine * engine, cl_command_queue before)
{
  engine->override_queue = before;
  g_atomic_pointer_set (&engine->override_thread, before ? g_thread_self ()
      : NULL);
  clfft_engine_unlock_queue (engine);
}

gboolean
clfft_engine_finish_side (ClfftEngine * engine, GError ** error)
{
  cl_int st = CL_SUCCESS;

  clfft_engine_lock_queue (engine);
  if (engine->side_queue)
    st = clFinish (engine->side_queue);
  clfft_engine_unlock_queue (engine);
  return st == CL_SUCCESS || clfft_fail (error, st, "clFinish (side queue)");
}

void
clfft_engine_lock_queue (ClfftEngine * engine)
{
  g_rec_mutex_lock (&engine->queue_lock);
}

void
clfft_engine_unlock_queue (ClfftEngine * engine)
{
  g_rec_mutex_unlock (&engine->queue_lock);
}

cl_program
clfft_engine_get_program (ClfftEngine * engine, const gchar * source_name,
    const gchar * options, GError ** error)
{
  return clfft_program_cache_get (engine->programs, source_name, options,
      error);
}

void
clfft_engine_finish_cache_writes (ClfftEngine * engine)
{
  clfft_program_cache_finish_writes (engine->programs);
}

void
clfft_engine_get_program_stats (ClfftEngine * engine,
    ClfftProgramStats * stats)
{
  clfft_program_cache_get_stats (engine->programs, stats);
}

gpointer
clfft_engine_take_plan (ClfftEngine * engine, const gchar * key)
{
  PlanEntry *entry;

  g_mutex_lock (&engine->plans_lock);
  entry = g_hash_table_lookup (engine->plans, key);
  if (entry)
    entry->uses++;
  g_mutex_unlock (&engine->plans_lock);
  return entry ? entry->plan : NULL;
}

gpointer
clfft_engine_add_plan (ClfftEngine * engine, const gchar * key,
    gpointer plan)
{
  PlanEntry *entry;

  g_mutex_lock (&engine->plans_lock);
  entry = g_hash_table_lookup (engine->plans, key);
  if (entry) {
    entry->uses++;
  } else {
    entry = g_new (PlanEntry, 1);
    entry->plan = plan;
    entry->uses = 1;
    g_hash_table_insert (engine->plans, g_strdup (key), entry);
  }
  g_mutex_unlock (&engine->plans_lock);
  return entry->plan;
}

gboolean
clfft_engine_drop_plan (ClfftEngine * engine, const gchar * key)
{
  PlanEntry *entry;
  gboolean last;

  g_mutex_lock (&engine->plans_lock);
  entry = g_hash_table_lookup (engine->plans, key);
  g_assert (entry != NULL);
  last = --entry->uses == 0;
  if (last)
    g_hash_table_remove (engine->plans, key);
  g_mutex_unlock (&engine->plans_lock);
  return last;
}
