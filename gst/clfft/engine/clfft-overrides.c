/* See clfft-overrides.h. */
#include "clfft-overrides.h"
#include "clfft-device-env.h"

#include <stdlib.h>

/* "0" off; on for "1", or for any other value where any_on */
static ClfftOverride
read_switch (const gchar * name, gboolean any_on)
{
  const gchar *value = g_getenv (name);

  if (!value)
    return CLFFT_OVERRIDE_UNSET;
  if (g_strcmp0 (value, "0") == 0)
    return CLFFT_OVERRIDE_OFF;
  return any_on || g_strcmp0 (value, "1") == 0 ? CLFFT_OVERRIDE_ON :
      CLFFT_OVERRIDE_UNSET;
}

/* a positive count, or 0 where unset or not one */
static guint64
read_count (const gchar * name)
{
  const gchar *value = g_getenv (name);

  return value ? g_ascii_strtoull (value, NULL, 10) : 0;
}

void
clfft_overrides_read (ClfftOverrides * o)
{
  const gchar *pick = g_getenv ("CLFFT_TUNE_PICK");

  o->device = g_getenv (CLFFT_DEVICE_ENV);
  o->fault = g_getenv (CLFFT_FAULT_ENV);
  o->tune = g_getenv (CLFFT_TUNE_ENV);
  o->tune_pick = pick ? MAX (atoi (pick), 0) : -1;
  o->one_launch = read_switch (CLFFT_ONE_LAUNCH_ENV, FALSE);
  o->one_launch_groups = (guint) MIN (read_count
      (CLFFT_ONE_LAUNCH_GROUPS_ENV), 65536);
  o->lanes = read_switch (CLFFT_LANES_ENV, TRUE);
  o->cache_hints = read_switch (CLFFT_CACHE_HINTS_ENV, TRUE);
  o->side_queue = read_switch (CLFFT_SIDE_QUEUE_ENV, FALSE);
  o->stacked_rows = read_switch (CLFFT_STACKED_ROWS_ENV, FALSE);
  o->split_columns = read_switch (CLFFT_SPLIT_COLUMNS_ENV, FALSE);
  o->check_builds = read_switch (CLFFT_CHECK_BUILDS_ENV, FALSE);
  o->composite_radices =
      g_strcmp0 (g_getenv ("CLFFT_COMPOSITE_RADICES"), "1") == 0;
  o->generic_kernels = g_getenv (CLFFT_GENERIC_KERNELS_ENV) != NULL;
  o->kernel_work_group_limit = read_count ("CLFFT_KERNEL_WORK_GROUP_LIMIT");
  o->kernel_work_group_reported =
      read_count ("CLFFT_KERNEL_WORK_GROUP_REPORTED");
  o->local_memory_reported = read_count ("CLFFT_LOCAL_MEMORY_REPORTED");
  o->compute_units_reported = read_count ("CLFFT_COMPUTE_UNITS_REPORTED");
  o->cache_home = g_getenv ("XDG_CACHE_HOME");
  o->pocl_kernel_cache_off =
      g_strcmp0 (g_getenv ("POCL_KERNEL_CACHE"), "0") == 0;
  o->pocl_cache_dir = g_getenv ("POCL_CACHE_DIR");
}

guint64
clfft_overrides_limit (guint64 value, guint64 limit)
{
  return limit > 0 ? MIN (value, limit) : value;
}
