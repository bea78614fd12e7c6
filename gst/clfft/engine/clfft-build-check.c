/* See clfft-build-check.h. */
#include "clfft-build-check.h"
#include "clfft-log.h"
#include "clfft-overrides.h"

static GMutex lock;
/* the devices logged so far, by index */
static guint64 logged;
/* clfft_testing_spoil_build_checks (under lock) */
static guint spoil;

gboolean
clfft_build_check_wanted (const ClfftDeviceInfo * device)
{
  ClfftOverrides overrides;
  const guint major = clfft_device_pocl_major (device);
  gboolean wanted;
  const gchar *why;

  clfft_overrides_read (&overrides);
  if (overrides.check_builds != CLFFT_OVERRIDE_UNSET) {
    wanted = overrides.check_builds == CLFFT_OVERRIDE_ON;
    why = "as " CLFFT_CHECK_BUILDS_ENV " says";
  } else {
    /* 3.1 (Debian 12) built every program right in every run seen; 5.0
     * (Ubuntu 24.04) and 6.0 (Debian 13) did not; 4 was not tried */
    wanted = major >= 4;
    why = wanted ? "its compiler builds a kernel wrong now and then" :
        "its builds were never seen wrong";
  }
  if (clfft_device_first_seen (device, &logged))
    clfft_log (CLFFT_LOG_INFO, "%s: the filters' programs are %schecked "
        "against a known answer when built, %s", device->name,
        wanted ? "" : "not ", why);
  return wanted;
}

gboolean
clfft_build_check_spoiled (void)
{
  gboolean spoiled;

  g_mutex_lock (&lock);
  spoiled = spoil > 0;
  if (spoiled)
    spoil--;
  g_mutex_unlock (&lock);
  return spoiled;
}

void
clfft_testing_spoil_build_checks (guint count)
{
  g_mutex_lock (&lock);
  spoil = count;
  g_mutex_unlock (&lock);
}
