/* Hooks for the engine's tests and benchmarks; the plugin does not
 * include this header. */
#ifndef __CLFFT_TESTING_H__
#define __CLFFT_TESTING_H__

#include "clfft-engine.h"
#include "clfft-filter2d.h"
#include "clfft-frame-filter.h"
#include "clfft-overrides.h"
#include "clfft-spectrum.h"

G_BEGIN_DECLS

/* Writes to disk the programs the engine built that wait to be written:
 * on CPU devices other than PoCL they wait for the engine's end. */
void clfft_engine_finish_cache_writes (ClfftEngine * engine);

/* Has program caches made from now on keep binaries on every device,
 * where PoCL's would keep records of builds that PoCL's own cache
 * answers (clfft-program-cache.c): a test of both kinds of entry. */
void clfft_testing_cache_binaries (gboolean force);

/* Holds the builds of the own programs of filters (clfft-filter2d.h) until
 * called with FALSE, so that their frames run the generic filter: a test
 * of it. A held filter's free waits for the release. */
void clfft_testing_hold_own_programs (gboolean hold);

/* Faults a test can make an engine show. */
typedef enum
{
  CLFFT_FAULT_NONE,
  /* every device memory allocation fails as the driver's would
   * (CL_MEM_OBJECT_ALLOCATION_FAILURE) */
  CLFFT_FAULT_OUT_OF_MEMORY,
  /* after `after` more kernel launches the device is gone: launches fail
   * (CL_DEVICE_NOT_AVAILABLE) and so does waiting for work in flight */
  CLFFT_FAULT_DEVICE_LOST,
  /* after `after` more host allocations through clfft_engine_try_alloc
   * every one fails, as g_try_malloc's would where memory ran out */
  CLFFT_FAULT_HOST_OUT_OF_MEMORY,
} ClfftFault;

/* A test aid: the environment variable that arms a fault on the first
 * engine a process makes ("out-of-memory", "device-lost:N" for
 * CLFFT_FAULT_DEVICE_LOST after N launches, or "host-out-of-memory:N"
 * after N host allocations), so that the engines made after it (a
 * fallback) work. */
#define CLFFT_FAULT_ENV "CLFFT_FAULT"

/* Arms fault on engine (CLFFT_FAULT_NONE disarms it). For tests only. */
void clfft_engine_inject_fault (ClfftEngine * engine, ClfftFault fault,
    guint after);

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

/* Whether packed frames are read in place through host-pointer buffers;
 * by default where the device's memory is the host's. Between frames
 * only; for tests and benchmarks. */
void clfft_filter2d_set_zero_copy (ClfftFilter2d * filter,
    gboolean zero_copy);

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

/* Queues the filter on the frame last uploaded, leaving the result on the
 * device: the on-device part of process, for benchmarks. */
gboolean clfft_filter2d_enqueue (ClfftFilter2d * filter, GError ** error);

/* Queues the frame filter's work on the frame last submitted (its planes
 * still on the device), leaving the result there: the on-device part of a
 * frame, for benchmarks. */
gboolean clfft_frame_filter_enqueue (ClfftFrameFilter * filter,
    GError ** error);
/* Where frames leave part of their work on the engine's side queue
 * without the engine's queue waiting for it (the download does), queues
 * that wait on the engine's queue: after a batch of enqueues, so that a
 * marker behind it times the batch whole. */
gboolean clfft_frame_filter_join (ClfftFrameFilter * filter,
    GError ** error);

/* Whether runs of several chunks alternate between two device buffers, so
 * that uploads overlap transforms (the default where the device's memory
 * is not the host's), or use one; for tests and benchmarks. */
void clfft_spectrum_set_double_buffering (ClfftSpectrum * spectrum,
    gboolean on);

G_END_DECLS

#endif /* __CLFFT_TESTING_H__ */
