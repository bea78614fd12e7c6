/* gst-clfft engine: errors, the log, and the OpenCL objects alive.
 *
 * The ground of the engine's public API (clfft-engine.h includes it):
 * what every other part reports its failures and messages through.
 */
#ifndef __CLFFT_ERRORS_H__
#define __CLFFT_ERRORS_H__

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <glib.h>

G_BEGIN_DECLS

#define CLFFT_ERROR (clfft_error_quark ())
GQuark clfft_error_quark (void);

typedef enum
{
  CLFFT_ERROR_NO_PLATFORM,      /* no OpenCL platform (no ICD installed) */
  CLFFT_ERROR_NO_DEVICE,        /* platforms, but no device on any */
  CLFFT_ERROR_DEVICE_NOT_FOUND, /* the requested device does not exist */
  CLFFT_ERROR_BUILD,            /* a kernel failed to build */
  CLFFT_ERROR_OPENCL,           /* an OpenCL call failed */
  CLFFT_ERROR_UNSUPPORTED,      /* a size or layout the engine cannot do */
  CLFFT_ERROR_CANCELLED,        /* work given up by its owner (background
                                 * tuning of a filter being freed) */
  CLFFT_ERROR_HOST_MEMORY,      /* the host's memory ran out */
} ClfftError;

/* Whether error is the device's: an OpenCL call failed, or a kernel did
 * not build. Another device may then do better (an element's fallback);
 * the engine's refusals and the host's memory would fail on any. */
gboolean clfft_error_is_device_failure (const GError * error);

/* A readable name for an OpenCL status code. */
const gchar *clfft_cl_status_name (cl_int status);

typedef enum
{
  CLFFT_LOG_ERROR,
  CLFFT_LOG_WARNING,
  CLFFT_LOG_INFO,
  CLFFT_LOG_DEBUG,
} ClfftLogLevel;

typedef void (*ClfftLogFunc) (ClfftLogLevel level, const gchar * message,
    gpointer user_data);

/* Routes the engine's log (build logs, cache hits, device choice). The
 * default drops everything: errors also come back through GError. */
void clfft_set_log_func (ClfftLogFunc func, gpointer user_data);

/* The OpenCL objects that engines and their plans hold, process-wide: a
 * leak check for soak tests. Events are left out: callers of the FFT API
 * own the events it returns. The plugin exports it (the only symbol of
 * the engine it does), so that element tests can count the objects of the
 * engine inside the plugin, which is a copy of its own. */
typedef struct
{
  gint contexts, queues, programs, kernels, buffers;
} ClfftLiveObjects;

__attribute__ ((visibility ("default")))
void clfft_get_live_objects (ClfftLiveObjects * live);

G_END_DECLS

#endif /* __CLFFT_ERRORS_H__ */
