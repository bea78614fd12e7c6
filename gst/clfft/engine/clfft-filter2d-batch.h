/* A filter's frames of one size run together, for the frame filter
 * (clfft-frame-filter.c): frames already on the device, batches of planes,
 * channels in turn, and stacks of planes of two sizes. */
#ifndef __CLFFT_FILTER2D_BATCH_H__
#define __CLFFT_FILTER2D_BATCH_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

/* clfft_filter2d_enqueue on a frame of pixels already on the device (in,
 * packed rows of the frame's width) into out (rows of the transform's
 * width), for clfft-frame-filter.c. The caller holds the engine's queue;
 * the buffers must stay untouched until the engine's queue has run the
 * work. */
gboolean clfft_filter2d_enqueue_buffers (ClfftFilter2d * filter, cl_mem in,
    cl_mem out, GError ** error);
/* Before a frame's commands, outside the engine's queue lock: takes the
 * size's own programs in once built, and waits for them where the frame
 * needs them (see clfft_filter2d_runs_generic). */
gboolean clfft_filter2d_prepare_frame (ClfftFilter2d * filter,
    GError ** error);
/* The bytes that the addresses of its input (clfft_filter2d_enqueue_buffers)
 * are multiples of where it reads them: pixel pairs where its rows run
 * at half length (CLFFT_ROW_UNIT_STRIDE). */
gsize clfft_filter2d_get_read_align (ClfftFilter2d * filter);

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

#endif /* __CLFFT_FILTER2D_BATCH_H__ */
