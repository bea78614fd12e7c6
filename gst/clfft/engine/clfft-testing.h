/* Hooks for the engine's tests and benchmarks, all of them through the
 * includes; the plugin does not include this header. Each part declares
 * its own hooks beside it (clfft-engine-testing.h, clfft-program-cache.h,
 * clfft-build-check.h, clfft-filter2d-testing.h,
 * clfft-frame-filter-testing.h, clfft-spectrum-testing.h), so that a part
 * that defines hooks need not include this header, which stands above
 * every part. */
#ifndef __CLFFT_TESTING_H__
#define __CLFFT_TESTING_H__

#include "clfft-build-check.h"
#include "clfft-engine.h"
#include "clfft-engine-testing.h"
#include "clfft-filter2d.h"
#include "clfft-filter2d-testing.h"
#include "clfft-filter2d-frames-testing.h"
#include "clfft-frame-filter.h"
#include "clfft-frame-filter-testing.h"
#include "clfft-frame-ring-testing.h"
#include "clfft-overrides.h"
#include "clfft-program-cache.h"
#include "clfft-spectrum.h"
#include "clfft-spectrum-testing.h"

#endif /* __CLFFT_TESTING_H__ */
