/* The spectrum's test hooks. Tests include them through clfft-testing.h;
 * the plugin does not. */
#ifndef __CLFFT_SPECTRUM_TESTING_H__
#define __CLFFT_SPECTRUM_TESTING_H__

#include "clfft-spectrum.h"

G_BEGIN_DECLS

/* Whether runs of several chunks alternate between two device buffers, so
 * that uploads overlap transforms (the default where the device's memory
 * is not the host's), or use one; for tests and benchmarks. */
void clfft_spectrum_set_double_buffering (ClfftSpectrum * spectrum,
    gboolean on);

G_END_DECLS

#endif /* __CLFFT_SPECTRUM_TESTING_H__ */
