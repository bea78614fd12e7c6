/* The frame filter's test hooks: its plans, and its on-device work queued
 * alone, for benchmarks. Tests include them through clfft-testing.h; the
 * plugin does not. */
#ifndef __CLFFT_FRAME_FILTER_TESTING_H__
#define __CLFFT_FRAME_FILTER_TESTING_H__

#include "clfft-frame-filter.h"

G_BEGIN_DECLS

/* Plan index itself (see clfft_frame_filter_get_n_plans), for tests and
 * tools that work on it directly; and its shape's sx, sy and interleaved
 * where not NULL. */
ClfftFilter2d *clfft_frame_filter_get_plan (ClfftFrameFilter * filter,
    guint index, guint * sx, guint * sy, guint * interleaved);

/* Queues the frame filter's work on the frame last submitted (its planes
 * still on the device), leaving the result there: the on-device part of a
 * frame, for benchmarks. */
gboolean clfft_frame_filter_enqueue (ClfftFrameFilter * filter,
    GError ** error);
/* Where frames leave part of their work on the engine's side queue
 * without the engine's queue waiting for it (the download does), queues
 * that wait on the engine's queue: after a batch of enqueues, so that a
 * marker behind it times the batch whole. */
gboolean clfft_frame_filter_join (ClfftFrameFilter * filter,
    GError ** error);

/* As clfft_frame_ring_set_shared_memory, for the frame filter's ring. */
void clfft_frame_filter_set_shared_memory (ClfftFrameFilter * filter,
    gboolean shared);

G_END_DECLS

#endif /* __CLFFT_FRAME_FILTER_TESTING_H__ */
