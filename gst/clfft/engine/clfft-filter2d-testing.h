/* The 2D filter's test hooks: its paths forced or read, its own programs
 * held back. Tests include them through clfft-testing.h; the plugin does
 * not. */
#ifndef __CLFFT_FILTER2D_TESTING_H__
#define __CLFFT_FILTER2D_TESTING_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

/* Holds the builds of the own programs of filters (clfft-filter2d.h) until
 * called with FALSE, so that their frames run the generic filter: a test
 * of it. A held filter's free waits for the release. */
void clfft_testing_hold_own_programs (gboolean hold);

/* Whether the filter's passes take cache hints: where the device takes
 * them (clfft_row_cache_hints_supported) and the frame outgrows the cache
 * (its spectrum and gains fill half the L2 of a large GPU, 25 MiB:
 * 3840x2160 frames), the columns read the gains as streaming data, the
 * rows read and write pixels as streaming data, and the rows inverse
 * drops the spectrum from the cache once it has read it, so that the
 * spectrum stays in the cache from pass to pass and is never written back
 * to memory after its last use. */
gboolean clfft_filter2d_get_cache_hints (ClfftFilter2d * filter);

/* Whether the columns read half of the gain: where frames run in three
 * passes (not in one launch nor in lanes), the frame outgrows the cache,
 * its columns run in one pass, and the gain set last (symmetrized) is the
 * same at ky and -ky in every column, as radial masks are, the column
 * pass reads the gain of ky and -ky once, from ky's place. On any
 * device. */
gboolean clfft_filter2d_get_gain_mirrored (ClfftFilter2d * filter);

/* Whether frames are filtered in one launch (clfft-filter-one-launch.h) rather
 * than in three passes: by default where that pays (frames up to about
 * 640x480 on NVIDIA's GPUs). TRUE
 * asks for it on any device that can run it (CPUs too); returns whether
 * frames now run in one launch. Between frames only; for tests and
 * benchmarks. */
gboolean clfft_filter2d_set_one_launch (ClfftFilter2d * filter,
    gboolean one_launch);

/* Whether frames are filtered in SIMD lanes (clfft-filter-lanes.h) rather
 * than in three passes, where the filter made them (by default on CPUs):
 * FALSE turns them off, TRUE back on; returns whether frames now run in
 * lanes (the one launch, where asked for, still goes first). Between
 * frames only; for tests and benchmarks. */
gboolean clfft_filter2d_set_lanes (ClfftFilter2d * filter, gboolean lanes);

/* The round of the builds of the filter's own programs now in use
 * (clfft-build-check.h): 0 unless their known answer came out wrong. */
guint clfft_filter2d_get_build_round (ClfftFilter2d * filter);

/* Queues the filter on the frame last uploaded, leaving the result on the
 * device: the on-device part of process, for benchmarks. */
gboolean clfft_filter2d_enqueue (ClfftFilter2d * filter, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FILTER2D_TESTING_H__ */
