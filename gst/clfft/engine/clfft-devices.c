/* The OpenCL devices: listed once, chosen by request, environment and
 * load; PoCL's kernel cache made usable before the first listing. See
 * clfft-devices.h. */
#include "clfft-devices.h"
#include "clfft-file.h"
#include "clfft-log.h"
#include "clfft-overrides.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

const gchar *
clfft_device_get_driver_cache_warning (const ClfftDeviceInfo * device)
{
  return is_pocl (device) ? driver_cache_warning : NULL;
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

guint
clfft_device_pocl_major (const ClfftDeviceInfo * device)
{
  if (!device->platform_name || !device->driver_version
      || !strstr (device->platform_name, "Portable Computing Language"))
    return 0;
  return (guint) g_ascii_strtoull (device->driver_version, NULL, 10);
}

gboolean
clfft_device_first_seen (const ClfftDeviceInfo * device, guint64 * seen)
{
  static GMutex seen_lock;
  const guint64 bit = device->index < 64 ? G_GUINT64_CONSTANT (1) <<
      device->index : 0;
  gboolean first;

  g_mutex_lock (&seen_lock);
  first = bit && !(*seen & bit);
  *seen |= bit;
  g_mutex_unlock (&seen_lock);
  return first;
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

