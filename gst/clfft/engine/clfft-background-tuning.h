/* Tuning row passes on a thread of their own, while their owner keeps
 * launching the passes it has: each pass is copied, the copy tuned
 * (clfft_row_pass_tune) on device buffers of the tuner's own, and the
 * owner takes the tuned copies between its launches. So a stream's first
 * frames wait for no timing, and the faster schedules take over once
 * timed. */
#ifndef __CLFFT_BACKGROUND_TUNING_H__
#define __CLFFT_BACKGROUND_TUNING_H__

#include "clfft-tuning.h"

G_BEGIN_DECLS

typedef struct _ClfftBackgroundTuning ClfftBackgroundTuning;

/* Starts tuning copies of count passes (at most CLFFT_TRANSFORM_MAX_PASSES
 * x 2), each for its launch. The launches' buffers are replaced by copies
 * of them, made on the engine's queue (the same copy where two launches,
 * or a launch's two sides, share one), so the owner's data is never
 * written; their tables are read as they are and must outlive the
 * tuning. */
ClfftBackgroundTuning *clfft_background_tuning_start (ClfftEngine * engine,
    ClfftRowPass * const passes[], const ClfftRowLaunch launches[],
    guint count, GError ** error);

/* Whether the thread has finished (without waiting). */
gboolean clfft_background_tuning_done (ClfftBackgroundTuning * tuning);

/* Once done: moves into *pass the tuned copy of pass i and returns TRUE,
 * where its schedule differs from the pass's; FALSE where it is the same
 * or its tuning failed (logged). */
gboolean clfft_background_tuning_take (ClfftBackgroundTuning * tuning,
    guint i, ClfftRowPass * pass);

/* Seconds from the start to the end of the thread's work. */
gdouble clfft_background_tuning_seconds (ClfftBackgroundTuning * tuning);

/* Cancels the tuning where it still runs (it stops between two schedules)
 * and frees it. */
void clfft_background_tuning_free (ClfftBackgroundTuning * tuning);

G_END_DECLS

#endif /* __CLFFT_BACKGROUND_TUNING_H__ */
