/* The test hook of frames submitted to a 2D filter itself
 * (clfft-filter2d-frames.c). Tests include it through clfft-testing.h;
 * the plugin does not. */
#ifndef __CLFFT_FILTER2D_FRAMES_TESTING_H__
#define __CLFFT_FILTER2D_FRAMES_TESTING_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

/* Whether packed frames are read in place through host-pointer buffers;
 * by default where the device's memory is the host's. Between frames
 * only; for tests and benchmarks. */
void clfft_filter2d_set_zero_copy (ClfftFilter2d * filter,
    gboolean zero_copy);

G_END_DECLS

#endif /* __CLFFT_FILTER2D_FRAMES_TESTING_H__ */
