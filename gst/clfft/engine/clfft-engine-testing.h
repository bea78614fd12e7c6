/* The engine object's test hooks: faults injected into it, and the
 * program cache's writes forced. Tests include them through
 * clfft-testing.h; the plugin does not. */
#ifndef __CLFFT_ENGINE_TESTING_H__
#define __CLFFT_ENGINE_TESTING_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Writes to disk the programs the engine built that wait to be written:
 * on CPU devices other than PoCL they wait for the engine's end. */
void clfft_engine_finish_cache_writes (ClfftEngine * engine);

/* Faults a test can make an engine show. */
typedef enum
{
  CLFFT_FAULT_NONE,
  /* every device memory allocation fails as the driver's would
   * (CL_MEM_OBJECT_ALLOCATION_FAILURE) */
  CLFFT_FAULT_OUT_OF_MEMORY,
  /* after `after` more kernel launches the device is gone: launches fail
   * (CL_DEVICE_NOT_AVAILABLE) and so does waiting for work in flight */
  CLFFT_FAULT_DEVICE_LOST,
  /* after `after` more host allocations through clfft_engine_try_alloc
   * every one fails, as g_try_malloc's would where memory ran out */
  CLFFT_FAULT_HOST_OUT_OF_MEMORY,
} ClfftFault;

/* Arms fault on engine (CLFFT_FAULT_NONE disarms it). For tests only. */
void clfft_engine_inject_fault (ClfftEngine * engine, ClfftFault fault,
    guint after);

G_END_DECLS

#endif /* __CLFFT_ENGINE_TESTING_H__ */
