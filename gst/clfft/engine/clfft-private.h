/* Internal helpers shared by the engine's source files. */
#ifndef __CLFFT_PRIVATE_H__
#define __CLFFT_PRIVATE_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

void clfft_log (ClfftLogLevel level, const gchar * format, ...)
    G_GNUC_PRINTF (2, 3);

/* Sets CLFFT_ERROR_OPENCL with the call's name and status; returns FALSE so
 * that callers can write: if (st != CL_SUCCESS) return clfft_fail (...). */
gboolean clfft_fail (GError ** error, cl_int status, const gchar * what);

/* For calls whose failure cannot be handled (releases, draining the queue
 * on an error path): logs a warning. */
void clfft_warn_on_failure (cl_int status, const gchar * what);

typedef struct _ClfftProgramCache ClfftProgramCache;

ClfftProgramCache *clfft_program_cache_new (const ClfftDeviceInfo * device,
    cl_context context);
void clfft_program_cache_free (ClfftProgramCache * cache);
cl_program clfft_program_cache_get (ClfftProgramCache * cache,
    const gchar * source_name, const gchar * options, GError ** error);
void clfft_program_cache_get_stats (ClfftProgramCache * cache,
    ClfftProgramStats * stats);

G_END_DECLS

#endif /* __CLFFT_PRIVATE_H__ */
