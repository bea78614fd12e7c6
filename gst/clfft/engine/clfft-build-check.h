/* Known-answer checks of freshly built programs, where a driver is known
 * to build some of them wrong now and then: PoCL from version 4 on
 * compiles a work-group function wrong at times, the same source and
 * options right at other times
 * (docs/experiments/2026-12-07-pocl6-split-pass-miscompiled.md). The owner
 * of the programs runs them on an input whose answer it knows before any
 * frame of its own; where the answer is wrong, it builds them again as
 * the next round (clfft_program_cache_set_build_round), a new program to
 * every cache, the driver's too, at most CLFFT_BUILD_CHECK_ROUNDS rounds
 * in all. */
#ifndef __CLFFT_BUILD_CHECK_H__
#define __CLFFT_BUILD_CHECK_H__

#include "clfft-devices.h"

G_BEGIN_DECLS

/* Builds of one set of programs before its owner gives up */
#define CLFFT_BUILD_CHECK_ROUNDS 3

/* Whether programs built for device are checked: the one place that
 * decides it, logged once per device. CLFFT_CHECK_BUILDS=1 checks them on
 * every device, 0 on none. */
gboolean clfft_build_check_wanted (const ClfftDeviceInfo * device);

/* For the check's owner: TRUE where a test asked this check to see a
 * wrong answer (clfft_testing_spoil_build_checks), one such answer less
 * to come. */
gboolean clfft_build_check_spoiled (void);

/* A test hook (clfft-testing.h includes this header): the next count
 * checks see a wrong answer, as if the driver had built their programs
 * wrong, so that a test sees the owner build them again. */
void clfft_testing_spoil_build_checks (guint count);

G_END_DECLS

#endif /* __CLFFT_BUILD_CHECK_H__ */
