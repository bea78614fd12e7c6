/* Which queue of an engine a thread's commands go on, and the lock they
 * are queued under: the engine's queue, its side queue, or a queue of the
 * caller's (a stream's own). */
#ifndef __CLFFT_QUEUE_H__
#define __CLFFT_QUEUE_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Kernels are queued on the engine's queue under its lock
 * (clfft_kernel_enqueue; a filter holds it over a frame's commands), so
 * that whoever holds it (tuning in the background, which times a round of
 * launches on that queue behind a hold) has its commands there side by
 * side. The lock is recursive. */
void clfft_engine_lock_queue (ClfftEngine * engine);
void clfft_engine_unlock_queue (ClfftEngine * engine);

/* Between clfft_engine_begin_side and _end (which hold the queue lock),
 * the calling thread's launches and clfft_engine_get_queue go to the
 * engine's side queue, made at the first begin: for work that may run on
 * the device beside the engine's queue (a frame's planes of other sizes,
 * clfft-frame-filter.c). The caller orders the two queues with events.
 * begin fails (unlocked) where the queue cannot be made. */
gboolean clfft_engine_begin_side (ClfftEngine * engine, GError ** error);
void clfft_engine_end_side (ClfftEngine * engine);
/* Between clfft_engine_begin_queue and _end (which hold the queue lock),
 * the calling thread's launches and clfft_engine_get_queue go to queue, a
 * queue of the engine's context: for a stream whose frames must not wait
 * behind other streams' uploads on the engine's in-order queue
 * (clfft_frame_ring_submit). The lock stays: without it, streams' threads
 * queued their frames side by side and NVIDIA's OpenCL ran them slower
 * (docs/experiments/2026-12-02-streams-upload-under-the-lock.md). begin
 * returns the queue the thread had before (NULL: the engine's), which end
 * takes back. */
cl_command_queue clfft_engine_begin_queue (ClfftEngine * engine,
    cl_command_queue queue);
void clfft_engine_end_queue (ClfftEngine * engine, cl_command_queue before);
/* A queue of the engine's for mapping and unmapping host memory
 * (clfft-host-buffer.c), made at its first use: a map there waits for
 * no frame in flight on the others. NULL with error set where it cannot
 * be made. */
cl_command_queue clfft_engine_get_host_queue (ClfftEngine * engine,
    GError ** error);
/* Waits for the side queue's work, if it was ever made: for the host
 * before it rewrites a buffer that work may still read (a plan's gain),
 * since the engine's queue is not ordered with it. */
gboolean clfft_engine_finish_side (ClfftEngine * engine, GError ** error);

G_END_DECLS

#endif /* __CLFFT_QUEUE_H__ */
