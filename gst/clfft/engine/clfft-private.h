/* Internal helpers shared by the engine's source files. */
#ifndef __CLFFT_PRIVATE_H__
#define __CLFFT_PRIVATE_H__

#include "clfft-engine.h"
#include "clfft-filter2d.h"

G_BEGIN_DECLS

void clfft_log (ClfftLogLevel level, const gchar * format, ...)
    G_GNUC_PRINTF (2, 3);

/* Sets CLFFT_ERROR_OPENCL with the call's name and status; returns FALSE so
 * that callers can write: if (st != CL_SUCCESS) return clfft_fail (...). */
gboolean clfft_fail (GError ** error, cl_int status, const gchar * what);

/* For calls whose failure cannot be handled (releases, draining the queue
 * on an error path): logs a warning. */
void clfft_warn_on_failure (cl_int status, const gchar * what);

/* Counts OpenCL objects made (delta 1) and released (-1): see
 * clfft_get_live_objects. */
typedef enum
{
  CLFFT_OBJECT_CONTEXT,
  CLFFT_OBJECT_QUEUE,
  CLFFT_OBJECT_PROGRAM,
  CLFFT_OBJECT_KERNEL,
  CLFFT_OBJECT_BUFFER,
  CLFFT_N_OBJECT_KINDS,
} ClfftObjectKind;

void clfft_count_object (ClfftObjectKind kind, gint delta);

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
 * (clfft_filter2d_submit). The lock stays: without it, streams' threads
 * queued their frames side by side and NVIDIA's OpenCL ran them slower
 * (docs/experiments/2026-12-02-streams-upload-under-the-lock.md). begin
 * returns the queue the thread had before (NULL: the engine's), which end
 * takes back. */
cl_command_queue clfft_engine_begin_queue (ClfftEngine * engine,
    cl_command_queue queue);
void clfft_engine_end_queue (ClfftEngine * engine, cl_command_queue before);
/* Waits for the side queue's work, if it was ever made: for the host
 * before it rewrites a buffer that work may still read (a plan's gain),
 * since the engine's queue is not ordered with it. */
gboolean clfft_engine_finish_side (ClfftEngine * engine, GError ** error);

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

/* The free room that a cache folder must have: PoCL keeps about 250 KB
 * for each program (3 programs of a 64x48 filter took 684 KB), LLVM
 * writes its temporary files there too, and ends the process where a
 * write fails ("LLVM ERROR: IO failure"). */
#define CLFFT_CACHE_MIN_FREE_BYTES (64u << 20)

/* Whether files can be written in folder, which need not exist yet:
 * FALSE, with *why set (to g_free), where it or the nearest part of its
 * path that exists is not a folder, cannot be written (a read-only file
 * system: a file is made and removed to find out, as root ignores the
 * permission bits), or has less than CLFFT_CACHE_MIN_FREE_BYTES free.
 * Leaves nothing behind. */
gboolean clfft_cache_folder_usable (const gchar * folder, gchar ** why);

/* Has clfft_program_cache_get call notify (data) on the calling thread
 * whenever a program it asks for is not in memory or on disk, as that
 * program starts to build (or to be waited for, where another thread
 * builds it); NULL stops it. */
void clfft_program_cache_notify_builds (void (*notify) (gpointer data),
    gpointer data);

/* The engine's plans in use, by a key that names their parameters, so that
 * a plan is built once however many users ask for it. take returns the
 * plan under key, counting one more use, or NULL; add enters plan under key
 * with one use and returns it, or, if another thread entered one first,
 * counts a use of that one and returns it instead (the caller then frees
 * its own); drop counts one use less and returns TRUE when that was the
 * last, and the plan has left the engine. */
gpointer clfft_engine_take_plan (ClfftEngine * engine, const gchar * key);
gpointer clfft_engine_add_plan (ClfftEngine * engine, const gchar * key,
    gpointer plan);
gboolean clfft_engine_drop_plan (ClfftEngine * engine, const gchar * key);

/* rows rows of row_bytes from src to dst, each side's rows its stride
 * apart: frames into and out of pinned staging. Large copies are split
 * over a pool of threads, the caller copying a part too. */
void clfft_copy_rows (guint8 * dst, gsize dst_stride, const guint8 * src,
    gsize src_stride, gsize row_bytes, guint rows);

/* clfft_filter2d_enqueue on a frame of pixels already on the device (in,
 * packed rows of the frame's width) into out (rows of the transform's
 * width), for clfft-frame-filter.c. The caller holds the engine's queue;
 * the buffers must stay untouched until the engine's queue has run the
 * work. */
gboolean clfft_filter2d_enqueue_buffers (ClfftFilter2d * filter, cl_mem in,
    cl_mem out, GError ** error);

/* Frames of one size filtered together (YUV's U and V, RGB's R, G and B):
 * in, n x height rows of the frame's width, frame c's row r at row
 * n r + c; out the same at the transform's width. prepare says whether
 * the next frame's n runs as one batch (*batched): the three passes, one
 * pass each, in pixels out, no padding; it makes the batch's buffers. If
 * not, each frame goes through clfft_filter2d_enqueue_buffers. Between
 * frames; enqueue_batch with the engine's queue held. */
gboolean clfft_filter2d_prepare_batch (ClfftFilter2d * filter, guint n,
    gboolean * batched, GError ** error);
gboolean clfft_filter2d_enqueue_batch (ClfftFilter2d * filter, cl_mem in,
    cl_mem out, guint n, GError ** error);
/* The most frames in a batch */
#define CLFFT_FILTER2D_MAX_BATCH 4
/* As clfft_filter2d_new without padding, for batches of batch frames:
 * its path takes their data into account (whether they outgrow the
 * cache). With in_turn, the rows transforms of
 * clfft_filter2d_enqueue_in_turn are made too (and built with the size's
 * own programs) where its rows run in one pass of pixel pairs; with
 * halves_height, likewise the rows and columns of
 * clfft_filter2d_enqueue_stack with halves below of that height. */
ClfftFilter2d *clfft_filter2d_new_for_batch (ClfftEngine * engine,
    guint width, guint height, ClfftPixels pixels, guint batch,
    gboolean in_turn, guint halves_height, GError ** error);
/* What filter was made for: batches of *batch frames (1 for
 * clfft_filter2d_new), with channels in turn or not, with a frame of two
 * halves of that many rows below (0: none). */
void clfft_filter2d_get_batch_made_for (ClfftFilter2d * filter,
    guint * batch, gboolean * in_turn, guint * halves_height);
/* Whether a batch of two, prepared as above, may run as
 * clfft_filter2d_enqueue_in_turn: two frames whose samples alternate in
 * one plane (YUY2's Y and its U and V as one channel), frame c's sample
 * (x, y) at y pitch + 2 x + c of plane, filtered there in place; pitch
 * in samples, at least twice the width. The engine's queue held. */
gboolean clfft_filter2d_runs_in_turn (ClfftFilter2d * filter);
gboolean clfft_filter2d_enqueue_in_turn (ClfftFilter2d * filter,
    cl_mem plane, guint pitch, GError ** error);
/* Two frames, each filtered with its own filter's gain, whose rows run
 * in the same launches: in, top's height + below's height rows of top's
 * width, top's frame first; out the same. Below's frame is of top's
 * width (NV12's UV plane as one channel, under its Y), or with halves,
 * two frames of below's size side by side, each row of the two one row
 * of below's frame (I420's U and V under its Y), which top made with
 * clfft_filter2d_new_for_batch (halves_height, below's height) runs with
 * below's gain repeated across, whatever below's path. prepare says whether the next frame runs so (*stacked): both
 * filters run the three passes, one pass of rows each in pixels out,
 * without padding and normalize, and the device lets the rows below
 * start a buffer of their own; it makes the stack's buffers, in top. If
 * not, each frame goes through clfft_filter2d_enqueue_buffers or a
 * batch. Between frames; enqueue_stack with the engine's queue held. */
gboolean clfft_filter2d_prepare_stack (ClfftFilter2d * top,
    ClfftFilter2d * below, gboolean halves, gboolean * stacked,
    GError ** error);
gboolean clfft_filter2d_enqueue_stack (ClfftFilter2d * top,
    ClfftFilter2d * below, cl_mem in, cl_mem out, GError ** error);
/* Frame c of the batch (c < n) takes the gain of sources[c], a filter of
 * the same size (the frame filter's plan of that channel's subsampling),
 * or this filter's own where sources or sources[c] is NULL; each copied
 * as it changes. */
void clfft_filter2d_set_batch_gains (ClfftFilter2d * filter, guint n,
    ClfftFilter2d * const *sources);

G_END_DECLS

#endif /* __CLFFT_PRIVATE_H__ */
