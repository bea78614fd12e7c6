/* The engine's own side of clfft-errors.h: writing to the log, turning a
 * failed OpenCL call into an error, counting the OpenCL objects made. */
#ifndef __CLFFT_LOG_H__
#define __CLFFT_LOG_H__

#include "clfft-errors.h"

G_BEGIN_DECLS

void clfft_log (ClfftLogLevel level, const gchar * format, ...)
    G_GNUC_PRINTF (2, 3);

/* Sets CLFFT_ERROR_OPENCL with the call's name and status; returns FALSE so
 * that callers can write: if (st != CL_SUCCESS) return clfft_fail (...). */
gboolean clfft_fail (GError ** error, cl_int status, const gchar * what);

/* For calls whose failure cannot be handled (releases, draining the queue
 * on an error path): logs a warning. */
void clfft_warn_on_failure (cl_int status, const gchar * what);

/* Counts OpenCL objects made (delta 1) and released (-1): see
 * clfft_get_live_objects. */
typedef enum
{
  CLFFT_OBJECT_CONTEXT,
  CLFFT_OBJECT_QUEUE,
  CLFFT_OBJECT_PROGRAM,
  CLFFT_OBJECT_KERNEL,
  CLFFT_OBJECT_BUFFER,
  CLFFT_N_OBJECT_KINDS,
} ClfftObjectKind;

void clfft_count_object (ClfftObjectKind kind, gint delta);

G_END_DECLS

#endif /* __CLFFT_LOG_H__ */
