/* Two frames of two sizes in one set of launches, for the frame filter
 * (clfft-frame-filter.c): a plane below another (clfft-filter2d-stack.c). */
#ifndef __CLFFT_FILTER2D_STACK_H__
#define __CLFFT_FILTER2D_STACK_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

/* Two frames, each filtered with its own filter's gain, whose rows run
 * in the same launches: in, top's height + below's height rows of top's
 * width, top's frame first; out the same. Below's frame is of top's
 * width (NV12's UV plane as one channel, under its Y), or with halves,
 * two frames of below's size side by side, each row of the two one row
 * of below's frame (I420's U and V under its Y), which top made with
 * clfft_filter2d_new_for_batch (halves_height, below's height) runs with
 * below's gain repeated across, whatever below's path. prepare says
 * whether the next frame runs so (*stacked): both filters run the
 * three passes, one pass of rows each in pixels out, without padding and
 * normalize, and the device lets the rows below start a buffer of their
 * own; it makes the stack's buffers, in top. If not, each frame goes
 * through clfft_filter2d_enqueue_buffers or a batch. Between frames;
 * enqueue_stack with the engine's queue held. */
gboolean clfft_filter2d_prepare_stack (ClfftFilter2d * top,
    ClfftFilter2d * below, gboolean halves, gboolean * stacked,
    GError ** error);
gboolean clfft_filter2d_enqueue_stack (ClfftFilter2d * top,
    ClfftFilter2d * below, cl_mem in, cl_mem out, GError ** error);
G_END_DECLS

#endif /* __CLFFT_FILTER2D_STACK_H__ */
