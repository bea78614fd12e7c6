/* Hooks for the engine's tests and benchmarks; the plugin does not
 * include this header. */
#ifndef __CLFFT_TESTING_H__
#define __CLFFT_TESTING_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Writes to disk the programs the engine built that wait to be written:
 * on CPU devices they wait for the engine's end. */
void clfft_engine_finish_cache_writes (ClfftEngine * engine);

G_END_DECLS

#endif /* __CLFFT_TESTING_H__ */
