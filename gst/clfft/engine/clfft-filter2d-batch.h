/* A filter's frames of one size run together, for the frame filter
 * (clfft-frame-filter.c): batches of planes, and channels in turn
 * (clfft-filter2d-batch.c). */
#ifndef __CLFFT_FILTER2D_BATCH_H__
#define __CLFFT_FILTER2D_BATCH_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

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
/* Frame c of the batch (c < n) takes the gain of sources[c], a filter of
 * the same size (the frame filter's plan of that channel's subsampling),
 * or this filter's own where sources or sources[c] is NULL; each copied
 * as it changes. */
void clfft_filter2d_set_batch_gains (ClfftFilter2d * filter, guint n,
    ClfftFilter2d * const *sources);

G_END_DECLS

#endif /* __CLFFT_FILTER2D_BATCH_H__ */
