/* Hooks for the engine's tests and benchmarks; the plugin does not
 * include this header. */
#ifndef __CLFFT_TESTING_H__
#define __CLFFT_TESTING_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Writes to disk the programs the engine built that wait to be written:
 * on CPU devices they wait for the engine's end. */
void clfft_engine_finish_cache_writes (ClfftEngine * engine);

/* Has program caches made from now on keep binaries on every device,
 * where PoCL's would keep records of builds that PoCL's own cache
 * answers (clfft-program-cache.c): a test of both kinds of entry. */
void clfft_testing_cache_binaries (gboolean force);

/* Holds the builds of the own programs of filters (clfft-filter2d.h) until
 * called with FALSE, so that their frames run the generic filter: a test
 * of it. A held filter's free waits for the release. */
void clfft_testing_hold_own_programs (gboolean hold);

G_END_DECLS

#endif /* __CLFFT_TESTING_H__ */
