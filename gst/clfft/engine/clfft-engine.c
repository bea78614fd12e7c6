/* Device enumeration and choice, the shared per-device engines, logging. */
#include "clfft-private.h"
#include "clfft-device-env.h"
#include "clfft-overrides.h"
#include "clfft-testing.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

G_DEFINE_QUARK (clfft-error-quark, clfft_error);

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

/* ---- logging ---------------------------------------------------------- */

static ClfftLogFunc log_func;
static gpointer log_data;

void
clfft_set_log_func (ClfftLogFunc func, gpointer user_data)
{
  log_func = func;
  log_data = user_data;
}

void
clfft_log (ClfftLogLevel level, const gchar * format, ...)
{
  va_list args;
  gchar *message;

  if (!log_func)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  log_func (level, message, log_data);
  g_free (message);
}

/* ---- errors ----------------------------------------------------------- */

const gchar *
clfft_cl_status_name (cl_int status)
{
  switch (status) {
#define NAME(s) case s: return #s
      NAME (CL_SUCCESS);
      NAME (CL_DEVICE_NOT_FOUND);
      NAME (CL_DEVICE_NOT_AVAILABLE);
      NAME (CL_COMPILER_NOT_AVAILABLE);
      NAME (CL_MEM_OBJECT_ALLOCATION_FAILURE);
      NAME (CL_OUT_OF_RESOURCES);
      NAME (CL_OUT_OF_HOST_MEMORY);
      NAME (CL_PROFILING_INFO_NOT_AVAILABLE);
      NAME (CL_BUILD_PROGRAM_FAILURE);
      NAME (CL_INVALID_VALUE);
      NAME (CL_INVALID_PLATFORM);
      NAME (CL_INVALID_DEVICE);
      NAME (CL_INVALID_CONTEXT);
      NAME (CL_INVALID_COMMAND_QUEUE);
      NAME (CL_INVALID_MEM_OBJECT);
      NAME (CL_INVALID_BINARY);
      NAME (CL_INVALID_BUILD_OPTIONS);
      NAME (CL_INVALID_PROGRAM);
      NAME (CL_INVALID_PROGRAM_EXECUTABLE);
      NAME (CL_INVALID_KERNEL_NAME);
      NAME (CL_INVALID_KERNEL);
      NAME (CL_INVALID_ARG_INDEX);
      NAME (CL_INVALID_ARG_VALUE);
      NAME (CL_INVALID_ARG_SIZE);
      NAME (CL_INVALID_KERNEL_ARGS);
      NAME (CL_INVALID_WORK_DIMENSION);
      NAME (CL_INVALID_WORK_GROUP_SIZE);
      NAME (CL_INVALID_WORK_ITEM_SIZE);
      NAME (CL_INVALID_GLOBAL_OFFSET);
      NAME (CL_INVALID_EVENT_WAIT_LIST);
      NAME (CL_INVALID_EVENT);
      NAME (CL_INVALID_BUFFER_SIZE);
      NAME (CL_INVALID_GLOBAL_WORK_SIZE);
#undef NAME
    case -1001:
      return "CL_PLATFORM_NOT_FOUND_KHR";
    default:
      return "unknown OpenCL status";
  }
}

void
clfft_warn_on_failure (cl_int status, const gchar * what)
{
  if (status != CL_SUCCESS)
    clfft_log (CLFFT_LOG_WARNING, "%s failed: %s (%d)", what,
        clfft_cl_status_name (status), status);
}

gboolean
clfft_fail (GError ** error, cl_int status, const gchar * what)
{
  g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL, "%s failed: %s (%d)",
      what, clfft_cl_status_name (status), status);
  return FALSE;
}

/* ---- devices ---------------------------------------------------------- */

static gchar *
device_string (cl_device_id device, cl_device_info param)
{
  gsize size = 0;
  gchar *value;

  if (clGetDeviceInfo (device, param, 0, NULL, &size) != CL_SUCCESS)
    return g_strdup ("");
  value = g_malloc0 (size + 1);
  if (clGetDeviceInfo (device, param, size, value, NULL) != CL_SUCCESS)
    value[0] = '\0';
  return g_strstrip (value);
}

static gchar *
platform_string (cl_platform_id platform, cl_platform_info param)
{
  gsize size = 0;
  gchar *value;

  if (clGetPlatformInfo (platform, param, 0, NULL, &size) != CL_SUCCESS)
    return g_strdup ("");
  value = g_malloc0 (size + 1);
  if (clGetPlatformInfo (platform, param, size, value, NULL) != CL_SUCCESS)
    value[0] = '\0';
  return g_strstrip (value);
}

/* cl_nv_device_attribute_query */
#define CLFFT_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV 0x4000

/* NVIDIA's compute capability, major (8 for Ampere, 9 for Hopper); 0
 * where the device does not tell it. */
static guint
nv_compute_major (cl_device_id device)
{
  gchar *extensions = device_string (device, CL_DEVICE_EXTENSIONS);
  cl_uint major = 0;

  if (!strstr (extensions, "cl_nv_device_attribute_query")
      || clGetDeviceInfo (device, CLFFT_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV,
          sizeof (major), &major, NULL) != CL_SUCCESS)
    major = 0;
  g_free (extensions);
  return major;
}

static gboolean
fill_device_info (ClfftDeviceInfo * info, cl_platform_id platform,
    cl_device_id device, GError ** error)
{
  cl_ulong local_mem = 0;
  cl_bool unified = CL_FALSE;
  cl_uint align_bits = 0, units = 0;
  cl_int st;

  info->platform = platform;
  info->id = device;
  st = clGetDeviceInfo (device, CL_DEVICE_TYPE, sizeof (info->type),
      &info->type, NULL);
  if (st == CL_SUCCESS)
    st = clGetDeviceInfo (device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
        sizeof (info->max_work_group_size), &info->max_work_group_size, NULL);
  if (st == CL_SUCCESS)
    st = clGetDeviceInfo (device, CL_DEVICE_LOCAL_MEM_SIZE,
        sizeof (local_mem), &local_mem, NULL);
  if (st == CL_SUCCESS)
    st = clGetDeviceInfo (device, CL_DEVICE_MAX_COMPUTE_UNITS,
        sizeof (units), &units, NULL);
  if (st == CL_SUCCESS)
    st = clGetDeviceInfo (device, CL_DEVICE_HOST_UNIFIED_MEMORY,
        sizeof (unified), &unified, NULL);
  if (st == CL_SUCCESS)
    st = clGetDeviceInfo (device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
        sizeof (align_bits), &align_bits, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clGetDeviceInfo");
  info->local_mem_size = local_mem;
  info->compute_units = units;
  info->host_unified_memory = unified == CL_TRUE;
  info->mem_base_addr_align = MAX (align_bits / 8, 1);
  info->nv_compute_major = nv_compute_major (device);
  info->name = device_string (device, CL_DEVICE_NAME);
  info->vendor = device_string (device, CL_DEVICE_VENDOR);
  info->driver_version = device_string (device, CL_DRIVER_VERSION);
  info->device_version = device_string (device, CL_DEVICE_VERSION);
  info->platform_name = platform_string (platform, CL_PLATFORM_NAME);
  return TRUE;
}

static const gchar *const install_hint =
    "Install an OpenCL driver: pocl-opencl-icd runs on the CPU of any "
    "machine; a GPU needs its vendor's OpenCL driver (for instance "
    "nvidia-opencl-icd, mesa-opencl-icd or intel-opencl-icd).";

/* ---- PoCL's kernel cache ---------------------------------------------- */

/* Why PoCL's kernel cache is not where it would be, and where it went
 * (prepare_driver_cache); NULL where it is. Set once, before the first
 * platform query, under devices_lock. */
static gchar *driver_cache_warning;
/* the temporary folder made for PoCL's kernels, removed at exit */
static gchar *driver_cache_temporary;

static gboolean
is_pocl (const ClfftDeviceInfo * device)
{
  return strstr (device->platform_name, "Portable Computing Language") !=
      NULL;
}

/* Removes path, and everything under it where it is a folder (links are
 * removed, not followed). */
static void
remove_tree (const gchar * path)
{
  GStatBuf st;
  GDir *dir;
  const gchar *name;

  if (g_lstat (path, &st) == 0 && S_ISDIR (st.st_mode)
      && (dir = g_dir_open (path, 0, NULL))) {
    while ((name = g_dir_read_name (dir))) {
      gchar *child = g_build_filename (path, name, NULL);

      remove_tree (child);
      g_free (child);
    }
    g_dir_close (dir);
    g_rmdir (path);
  } else {
    g_unlink (path);
  }
}

static void
remove_driver_cache_temporary (void)
{
  remove_tree (driver_cache_temporary);
}

/* PoCL keeps its kernels in XDG_CACHE_HOME (pocl/kcache) unless
 * POCL_CACHE_DIR says otherwise. Where that folder cannot be written
 * (read-only, or not a folder), PoCL lists no device, so that the user is
 * told to install a driver; where it has no room, LLVM ends the process
 * in the middle of a kernel build ("LLVM ERROR: IO failure"). So before
 * the first platform query, which is when the ICD loader and PoCL take
 * their settings, such a folder is found and PoCL pointed at a temporary
 * folder of this process (removed at exit); a POCL_CACHE_DIR that the
 * user set is left alone, with a warning. g_setenv races with getenv on
 * other threads: it happens once, and only where the folder is unusable. */
static void
prepare_driver_cache (void)
{
  ClfftOverrides overrides;
  const gchar *base;
  gchar *folder, *why = NULL, *temporary, *temporary_why = NULL;
  GError *error = NULL;

  clfft_overrides_read (&overrides);
  if (overrides.pocl_cache_dir) {
    if (!clfft_cache_folder_usable (overrides.pocl_cache_dir, &why))
      driver_cache_warning = g_strdup_printf ("PoCL's kernel cache, "
          "POCL_CACHE_DIR=%s, cannot be used (%s): its kernel builds may "
          "fail", overrides.pocl_cache_dir, why);
    g_free (why);
    return;
  }
  base = overrides.cache_home && *overrides.cache_home ?
      overrides.cache_home : g_get_user_cache_dir ();
  folder = g_build_filename (base, "pocl", "kcache", NULL);
  if (clfft_cache_folder_usable (folder, &why)) {
    g_free (folder);
    return;
  }
  temporary = g_dir_make_tmp ("gst-clfft-pocl-XXXXXX", &error);
  if (!temporary)
    temporary_why = g_strdup (error->message);
  g_clear_error (&error);
  if (temporary && clfft_cache_folder_usable (temporary, &temporary_why)) {
    g_setenv ("POCL_CACHE_DIR", temporary, TRUE);
    driver_cache_temporary = temporary;
    atexit (remove_driver_cache_temporary);
    driver_cache_warning = g_strdup_printf ("PoCL's kernel cache %s cannot "
        "be used (%s): this process keeps its kernels in %s, and compiles "
        "them again at its next start", folder, why, temporary);
  } else {
    driver_cache_warning = g_strdup_printf ("PoCL's kernel cache %s cannot "
        "be used (%s), nor a temporary folder (%s): its kernel builds may "
        "fail", folder, why, temporary_why);
    if (temporary)
      g_rmdir (temporary);
    g_free (temporary);
  }
  clfft_log (CLFFT_LOG_WARNING, "%s", driver_cache_warning);
  g_free (temporary_why);
  g_free (why);
  g_free (folder);
}

gchar *
clfft_engine_get_cache_warning (ClfftEngine * engine)
{
  const gchar *ours = clfft_program_cache_get_warning (engine->programs);
  const gchar *driver = is_pocl (engine->device) ? driver_cache_warning :
      NULL;

  if (driver && ours)
    return g_strconcat (driver, ". ", ours, NULL);
  return g_strdup (driver ? driver : ours);
}

static GArray *
enumerate_devices (GError ** error)
{
  static gboolean driver_cache_prepared;
  cl_uint n_platforms = 0;
  cl_platform_id *platforms;
  GArray *devices;
  GString *skipped;
  cl_int st;

  if (!driver_cache_prepared) {
    prepare_driver_cache ();
    driver_cache_prepared = TRUE;
  }
  st = clGetPlatformIDs (0, NULL, &n_platforms);
  if (st == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */  || (st == CL_SUCCESS
          && n_platforms == 0)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_NO_PLATFORM,
        "No OpenCL platform found. %s", install_hint);
    return NULL;
  }
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clGetPlatformIDs");
    return NULL;
  }
  platforms = g_new0 (cl_platform_id, n_platforms);
  st = clGetPlatformIDs (n_platforms, platforms, NULL);
  if (st != CL_SUCCESS) {
    g_free (platforms);
    clfft_fail (error, st, "clGetPlatformIDs");
    return NULL;
  }

  devices = g_array_new (FALSE, TRUE, sizeof (ClfftDeviceInfo));
  /* why platforms or devices were skipped: "no device" would mislead where
   * the driver failed (out of host memory, say) */
  skipped = g_string_new (NULL);
  for (cl_uint p = 0; p < n_platforms; p++) {
    cl_uint n = 0;
    cl_device_id *ids;

    st = clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &n);
    if (st == CL_DEVICE_NOT_FOUND || (st == CL_SUCCESS && n == 0))
      continue;
    if (st != CL_SUCCESS) {
      clfft_log (CLFFT_LOG_WARNING, "skipping platform %u: clGetDeviceIDs: "
          "%s", p, clfft_cl_status_name (st));
      g_string_append_printf (skipped, "%splatform %u: clGetDeviceIDs: %s",
          skipped->len ? "; " : "", p, clfft_cl_status_name (st));
      continue;
    }
    ids = g_new0 (cl_device_id, n);
    st = clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, n, ids, NULL);
    if (st != CL_SUCCESS)
      g_string_append_printf (skipped, "%splatform %u: clGetDeviceIDs: %s",
          skipped->len ? "; " : "", p, clfft_cl_status_name (st));
    for (cl_uint d = 0; st == CL_SUCCESS && d < n; d++) {
      ClfftDeviceInfo info = { 0, };
      GError *err = NULL;

      if (!fill_device_info (&info, platforms[p], ids[d], &err)) {
        clfft_log (CLFFT_LOG_WARNING, "skipping a device: %s", err->message);
        g_string_append_printf (skipped, "%sa device of platform %u: %s",
            skipped->len ? "; " : "", p, err->message);
        g_clear_error (&err);
        continue;
      }
      info.index = devices->len;
      clfft_log (CLFFT_LOG_INFO, "device %u: %s (%s, %s)", info.index,
          info.name, info.platform_name, info.driver_version);
      g_array_append_val (devices, info);
    }
    g_free (ids);
  }
  g_free (platforms);

  if (devices->len == 0 && skipped->len) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL,
        "OpenCL platforms were found, but their devices could not be "
        "opened: %s", skipped->str);
  } else if (devices->len == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_NO_DEVICE,
        "OpenCL platforms were found, but no OpenCL device. %s",
        install_hint);
  }
  g_string_free (skipped, TRUE);
  if (devices->len == 0) {
    g_array_unref (devices);
    return NULL;
  }
  return devices;
}

static GMutex devices_lock;
static GArray *device_list;     /* kept once enumerated successfully */

const ClfftDeviceInfo *
clfft_list_devices (guint * n_devices, GError ** error)
{
  const ClfftDeviceInfo *result = NULL;

  g_mutex_lock (&devices_lock);
  if (!device_list)
    device_list = enumerate_devices (error);
  if (device_list) {
    result = (const ClfftDeviceInfo *) device_list->data;
    *n_devices = device_list->len;
  } else {
    *n_devices = 0;
  }
  g_mutex_unlock (&devices_lock);
  return result;
}

static gchar *
describe_devices (const ClfftDeviceInfo * devices, guint n)
{
  const gchar **names = g_new (const gchar *, n);
  gchar *list;

  for (guint i = 0; i < n; i++)
    names[i] = devices[i].name;
  list = clfft_device_env_describe (names, n);
  g_free (names);
  return list;
}

/* ---- the device choice ------------------------------------------------ */

/* The streams on each device and their bytes a second
 * (clfft_device_add_load), by which automatic choices balance */
typedef struct
{
  gint streams;
  gdouble bytes_per_second;
} DeviceLoad;

static GMutex loads_lock;
static DeviceLoad *loads;       /* one a device of clfft_list_devices () */

/* The loads, made at the first use; loads_lock held. */
static DeviceLoad *
device_loads (guint n)
{
  if (!loads)
    loads = g_new0 (DeviceLoad, n);
  return loads;
}

void
clfft_device_add_load (guint index, gint streams, gdouble bytes_per_second)
{
  guint n;

  if (!clfft_list_devices (&n, NULL) || index >= n)
    return;
  g_mutex_lock (&loads_lock);
  device_loads (n);
  loads[index].streams += streams;
  loads[index].bytes_per_second += bytes_per_second;
  /* rounding must not leave a device without streams looking busy */
  if (loads[index].streams <= 0)
    loads[index].bytes_per_second = 0.0;
  g_mutex_unlock (&loads_lock);
}

void
clfft_device_get_load (guint index, gint * streams,
    gdouble * bytes_per_second)
{
  guint n;
  gboolean known = clfft_list_devices (&n, NULL) && index < n;

  g_mutex_lock (&loads_lock);
  *streams = known && loads ? loads[index].streams : 0;
  *bytes_per_second = known && loads ? loads[index].bytes_per_second : 0.0;
  g_mutex_unlock (&loads_lock);
}

/* The devices GST_CLFFT_DEVICE names into in[] (clfft-device-env.h);
 * FALSE with error set where an item names none. */
static gboolean
match_device_env (const gchar * value, const ClfftDeviceInfo * devices,
    guint n, gboolean in[], GError ** error)
{
  const gchar **names = g_new (const gchar *, n);
  gchar *message;

  for (guint i = 0; i < n; i++)
    names[i] = devices[i].name;
  message = clfft_device_env_match (value, names, n, in);
  g_free (names);
  if (!message)
    return TRUE;
  g_set_error_literal (error, CLFFT_ERROR, CLFFT_ERROR_DEVICE_NOT_FOUND,
      message);
  g_free (message);
  return FALSE;
}

/* Without GST_CLFFT_DEVICE: the GPUs of the fastest kind (the name with
 * the most compute units; the first listed of equals), else the CPU
 * devices of that kind, else device 0. */
static void
default_devices (const ClfftDeviceInfo * devices, guint n, gboolean in[])
{
  const cl_device_type types[] = { CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_CPU };
  gint best = -1;

  for (guint t = 0; t < G_N_ELEMENTS (types) && best < 0; t++)
    for (guint i = 0; i < n; i++)
      if ((devices[i].type & types[t]) && (best < 0
              || devices[i].compute_units > devices[best].compute_units))
        best = (gint) i;
  if (best < 0)
    best = 0;
  for (guint i = 0; i < n; i++)
    in[i] = devices[i].type == devices[best].type
        && g_strcmp0 (devices[i].name, devices[best].name) == 0
        && devices[i].compute_units == devices[best].compute_units;
}

/* The set of an automatic choice: GST_CLFFT_DEVICE's devices (value),
 * else, where it is unset or names nothing (",", blanks), the default. */
static gboolean
devices_of_env (const gchar * value, const ClfftDeviceInfo * devices,
    guint n, gboolean in[], GError ** error)
{
  gboolean any = FALSE;

  if (value && !match_device_env (value, devices, n, in, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    any |= in[i];
  if (!any)
    default_devices (devices, n, in);
  return TRUE;
}

/* The devices an automatic choice picks from (candidates[i] for device
 * i), or NULL with error set where GST_CLFFT_DEVICE names none. */
static gboolean *
automatic_candidates (const ClfftDeviceInfo * devices, guint n,
    GError ** error)
{
  gboolean *in = g_new0 (gboolean, n);
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  if (!devices_of_env (overrides.device, devices, n, in, error))
    g_clear_pointer (&in, g_free);
  return in;
}

gboolean
clfft_automatic_choice_balances (void)
{
  const ClfftDeviceInfo *devices;
  gboolean *in;
  guint n, count = 0;

  devices = clfft_list_devices (&n, NULL);
  if (!devices || !(in = automatic_candidates (devices, n, NULL)))
    return FALSE;
  for (guint i = 0; i < n; i++)
    count += in[i];
  g_free (in);
  return count > 1;
}

gboolean
clfft_automatic_choice_allows (guint index)
{
  const ClfftDeviceInfo *devices;
  ClfftOverrides overrides;
  gboolean *in, allowed, any = FALSE;
  guint n;

  clfft_overrides_read (&overrides);
  if (!overrides.device)
    return TRUE;
  devices = clfft_list_devices (&n, NULL);
  if (!devices || index >= n)
    return FALSE;
  in = g_new0 (gboolean, n);
  allowed = match_device_env (overrides.device, devices, n, in, NULL);
  for (guint i = 0; allowed && i < n; i++)
    any |= in[i];
  allowed = allowed && (!any || in[index]);
  g_free (in);
  return allowed;
}

gint
clfft_choose_device (gint requested_index, GError ** error)
{
  const ClfftDeviceInfo *devices;
  const DeviceLoad *l;
  gboolean *in;
  guint n, count = 0;
  gint chosen = -1;

  devices = clfft_list_devices (&n, error);
  if (!devices)
    return -1;

  if (requested_index >= 0) {
    gchar *list;

    if ((guint) requested_index < n)
      return requested_index;
    list = describe_devices (devices, n);
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_DEVICE_NOT_FOUND,
        "There is no OpenCL device %d. Devices: %s", requested_index, list);
    g_free (list);
    return -1;
  }

  if (!(in = automatic_candidates (devices, n, error)))
    return -1;
  /* the least bytes a second, then the fewest streams, then the first */
  g_mutex_lock (&loads_lock);
  l = device_loads (n);
  for (guint i = 0; i < n; i++) {
    if (!in[i])
      continue;
    count++;
    if (chosen < 0 || l[i].bytes_per_second < l[chosen].bytes_per_second
        || (l[i].bytes_per_second == l[chosen].bytes_per_second
            && l[i].streams < l[chosen].streams))
      chosen = (gint) i;
  }
  if (count > 1)
    clfft_log (CLFFT_LOG_INFO, "device %d (%s): the least loaded of %u, "
        "with %d streams, %.0f bytes a second", chosen, devices[chosen].name,
        count, l[chosen].streams, l[chosen].bytes_per_second);
  g_mutex_unlock (&loads_lock);
  g_free (in);
  return chosen;
}

/* ---- live objects ----------------------------------------------------- */

static gint live_objects[CLFFT_N_OBJECT_KINDS];

void
clfft_count_object (ClfftObjectKind kind, gint delta)
{
  g_atomic_int_add (&live_objects[kind], delta);
}

void
clfft_get_live_objects (ClfftLiveObjects * live)
{
  live->contexts = g_atomic_int_get (&live_objects[CLFFT_OBJECT_CONTEXT]);
  live->queues = g_atomic_int_get (&live_objects[CLFFT_OBJECT_QUEUE]);
  live->programs = g_atomic_int_get (&live_objects[CLFFT_OBJECT_PROGRAM]);
  live->kernels = g_atomic_int_get (&live_objects[CLFFT_OBJECT_KERNEL]);
  live->buffers = g_atomic_int_get (&live_objects[CLFFT_OBJECT_BUFFER]);
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

gboolean
clfft_error_is_device_failure (const GError * error)
{
  return g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL)
      || g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_BUILD);
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
