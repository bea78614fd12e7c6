/* Errors, the log and the count of live OpenCL objects: see clfft-errors.h
 * and clfft-log.h. */
#include "clfft-log.h"

#include <stdarg.h>

G_DEFINE_QUARK (clfft-error-quark, clfft_error);

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

gboolean
clfft_error_is_device_failure (const GError * error)
{
  return g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL)
      || g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_BUILD);
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

