/* Where a fault that a test injected into an engine
 * (clfft-engine-testing.h) strikes: each part of the engine asks at its
 * device allocations, launches and waits. */
#ifndef __CLFFT_FAULTS_H__
#define __CLFFT_FAULTS_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Where an injected fault (clfft_engine_inject_fault) can strike. */
typedef enum
{
  CLFFT_FAULT_AT_ALLOCATION,
  CLFFT_FAULT_AT_LAUNCH,
  CLFFT_FAULT_AT_COMPLETION,    /* waiting for work in flight */
} ClfftFaultPoint;

/* FALSE, with error set as the failing OpenCL call what would set it,
 * where an injected fault strikes at point; TRUE otherwise. */
gboolean clfft_engine_check_fault (ClfftEngine * engine,
    ClfftFaultPoint point, const gchar * what, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FAULTS_H__ */
