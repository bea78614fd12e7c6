/* The frame ring's test hook. Tests include it through clfft-testing.h;
 * the plugin does not. */
#ifndef __CLFFT_FRAME_RING_TESTING_H__
#define __CLFFT_FRAME_RING_TESTING_H__

#include "clfft-frame-ring.h"

G_BEGIN_DECLS

/* Whether the ring treats the device's memory as the host's (by default
 * where it is): pageable frames move without staging, and packed ones are
 * read in place where the work allows. Between frames. */
void clfft_frame_ring_set_shared_memory (ClfftFrameRing * ring,
    gboolean shared);

G_END_DECLS

#endif /* __CLFFT_FRAME_RING_TESTING_H__ */
