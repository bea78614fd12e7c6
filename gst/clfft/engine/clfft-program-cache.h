/* Built OpenCL programs, cached in memory per context and on disk per
 * user (clfft-program-cache.c says how). Below the engine, which keeps one
 * cache for its context: it knows devices, not engines. */
#ifndef __CLFFT_PROGRAM_CACHE_H__
#define __CLFFT_PROGRAM_CACHE_H__

#include "clfft-devices.h"
#include "clfft-program-stats.h"

G_BEGIN_DECLS

typedef struct _ClfftProgramCache ClfftProgramCache;

ClfftProgramCache *clfft_program_cache_new (const ClfftDeviceInfo * device,
    cl_context context);
void clfft_program_cache_free (ClfftProgramCache * cache);
cl_program clfft_program_cache_get (ClfftProgramCache * cache,
    const gchar * source_name, const gchar * options, GError ** error);
void clfft_program_cache_get_stats (ClfftProgramCache * cache,
    ClfftProgramStats * stats);
/* Writes the programs built so far that wait to be written (on CPU
 * devices they wait for the cache's end). */
void clfft_program_cache_finish_writes (ClfftProgramCache * cache);
/* Why the cache does not use the disk (its folder named), or NULL where
 * it does. */
const gchar *clfft_program_cache_get_warning (ClfftProgramCache * cache);

/* Has clfft_program_cache_get call notify (data) on the calling thread
 * whenever a program it asks for is not in memory or on disk, as that
 * program starts to build (or to be waited for, where another thread
 * builds it); NULL stops it. */
void clfft_program_cache_notify_builds (void (*notify) (gpointer data),
    gpointer data);

/* Has the programs that clfft_program_cache_get builds on the calling
 * thread from now on built as round round (0, the first: their own
 * options): a later round is another program to every cache, the
 * driver's included, so that a driver that built one wrong builds it
 * afresh (clfft-build-check.h). */
void clfft_program_cache_set_build_round (guint round);
/* The calling thread's round: what a thread that builds for it takes on. */
guint clfft_program_cache_get_build_round (void);

/* A test hook (clfft-testing.h includes this header): has program caches
 * made from now on keep binaries on every device, where PoCL's would keep
 * records of builds that PoCL's own cache answers: a test of both kinds of
 * entry. */
void clfft_testing_cache_binaries (gboolean force);

G_END_DECLS

#endif /* __CLFFT_PROGRAM_CACHE_H__ */
