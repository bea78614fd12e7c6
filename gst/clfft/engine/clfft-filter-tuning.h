/* A filter's tuning in the background (CLFFT_TUNING_BACKGROUND; see
 * clfft-background-tuning.h): the first frames run the rule's schedules
 * while a thread times others on copies of the frame's buffers, and the
 * tuned passes come in between two frames. Two rounds: the passes of the
 * filter's part, then the extra transforms that a frame of the stack or
 * of the channels in turn runs (two rounds at once would time each
 * other's launches). */
#ifndef __CLFFT_FILTER_TUNING_H__
#define __CLFFT_FILTER_TUNING_H__

#include "clfft-filter-part.h"

G_BEGIN_DECLS

typedef struct _ClfftFilterTuning ClfftFilterTuning;

/* For the width x height filter on engine (the size names it in the
 * log). */
ClfftFilterTuning *clfft_filter_tuning_new (ClfftEngine * engine,
    guint width, guint height);
/* Stops the tuning's threads, which read the transforms' tables. */
void clfft_filter_tuning_free (ClfftFilterTuning * tuning);

/* At each frame, with the part that takes it (NULL where none that runs
 * passes does: the spectrum view) and the frame: the first frame starts
 * the round of the part's passes (those of its transforms in one pass
 * where tuning pays), and the first frame after the round has finished
 * puts the tuned passes in. A round that cannot start is logged, and the
 * passes keep the rule's schedules. */
void clfft_filter_tuning_step (ClfftFilterTuning * tuning,
    ClfftFilterPart * part, const ClfftFilterFrame * frame);

/* Whether clfft_filter_tuning_extras_step has anything left to do: the
 * callers make their launches only then, rather than at every frame. */
gboolean clfft_filter_tuning_extras_pending (ClfftFilterTuning * tuning);
/* At each frame of the stack or of the channels in turn, with the extra
 * transforms it runs and their launches, whose buffers the tuning copies:
 * the first frame to call it decides the round's transforms, which start
 * once the part's round is in. The tuning is reported done after this
 * round where it was decided before the first round ended. */
void clfft_filter_tuning_extras_step (ClfftFilterTuning * tuning,
    ClfftTransform * const extras[], const ClfftRowLaunch launches[],
    guint n);

/* Whether the tuning has just finished: *seconds, how long it took (0
 * where there was nothing to tune); once. */
gboolean clfft_filter_tuning_take_seconds (ClfftFilterTuning * tuning,
    gdouble * seconds);

G_END_DECLS

#endif /* __CLFFT_FILTER_TUNING_H__ */
