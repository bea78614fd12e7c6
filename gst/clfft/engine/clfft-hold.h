/* A kernel that holds the device while the host queues a batch behind it
 * (kernels/hold.cl), so that the batch then runs back to back and its
 * markers time the device alone, not the host's enqueueing (an empty
 * launch fed as it goes takes longer than one queued ahead:
 * docs/experiments/2026-11-26-columns-spread-queue-ahead.md).
 * Plan-time tuning and the benchmark time with it. */
#ifndef __CLFFT_HOLD_H__
#define __CLFFT_HOLD_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef struct _ClfftHold ClfftHold;

/* What a batch behind the hold shows, once its last command is done. */
typedef enum
{
  CLFFT_HOLD_IN_TIME,           /* the hold outlasted the enqueueing */
  CLFFT_HOLD_LENGTHENED,        /* it did not; it is now twice as long:
                                 * time the batch again */
  CLFFT_HOLD_AT_LIMIT           /* it did not, at its longest */
} ClfftHoldOutcome;

/* A hold of the engine's device, its first length first iterations of a
 * multiply-add chain, lengthened up to longest. NULL with error set on
 * failure. */
ClfftHold *clfft_hold_new (ClfftEngine * engine, guint first, guint longest,
    GError ** error);
void clfft_hold_free (ClfftHold * hold);

/* Queues the hold on queue (which profiles) and flushes it, so that it
 * starts while the host queues the batch. */
gboolean clfft_hold_enqueue (ClfftHold * hold, cl_command_queue queue,
    GError ** error);

/* *outcome for the batch queued behind the last hold, whose last command,
 * end, is complete: in time where the host queued end before the hold
 * ended (both on the device's clock). A driver that held queued work back
 * past that would go unseen. */
gboolean clfft_hold_check (ClfftHold * hold, cl_event end,
    ClfftHoldOutcome * outcome, GError ** error);

guint clfft_hold_get_iterations (const ClfftHold * hold);
/* How long the last hold checked ran on the device, in microseconds. */
gdouble clfft_hold_get_last_us (const ClfftHold * hold);

G_END_DECLS

#endif /* __CLFFT_HOLD_H__ */
