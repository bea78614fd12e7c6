/* What clfft2dfilter prepares from READY on, on a thread of its own: on
 * GPUs the generic filter's program, which the first frames of any new
 * size run while the size's own programs build, then the kernels of the
 * frame sizes that prepare-sizes names (built or loaded from the cache),
 * so that a stream of one of those sizes, or a live switch to one, runs
 * the size's own kernels from its first frame. */
#ifndef __GST_CLFFT_PREPARE_AHEAD_H__
#define __GST_CLFFT_PREPARE_AHEAD_H__

#include <gst/gst.h>
#include "gstclfftframesizes.h"

G_BEGIN_DECLS

typedef struct _GstClfftAhead GstClfftAhead;

/* Prepares the generic filter on engine, then sizes (of
 * GstClfftFrameSize, or NULL) with padding, one after another, and posts
 * a clfft-prepare message from element for each size, step "ahead". NULL
 * where there is nothing to prepare, or no thread can start (a warning
 * on the bus). */
GstClfftAhead *gst_clfft_ahead_start (GstElement * element,
    ClfftEngine * engine, GArray * sizes, ClfftPadding padding);
/* Prepares no more sizes than the one in progress, waits for it, frees. */
void gst_clfft_ahead_stop (GstClfftAhead * ahead);

G_END_DECLS

#endif /* __GST_CLFFT_PREPARE_AHEAD_H__ */
