/* Plan-time tuning of row passes: each schedule that clfft_row_schedules
 * offers for a pass is timed on the device with the pass's own launch,
 * then the fastest again with its twiddles prefetched, and the fastest of
 * all is kept. The choice is remembered for the process and on
 * disk next to the program cache, so that the next plan of the same shape
 * on the same device and driver builds one kernel and times nothing. */
#ifndef __CLFFT_TUNING_H__
#define __CLFFT_TUNING_H__

#include "clfft-passes.h"

G_BEGIN_DECLS

/* Rows shorter than this are not tuned: their passes are bound by the
 * launch, and each schedule or layout tried costs a kernel build. */
#define CLFFT_TUNED_MIN_LENGTH 256

/* A launch of a row pass, as clfft_row_pass_enqueue takes it. */
typedef struct
{
  ClfftRowSide src, dst;
  guint rows, sub_rows;
  ClfftRowTables tables;
} ClfftRowLaunch;

/* How the choices came about, process-wide since the start. */
typedef struct
{
  guint timed;                  /* passes tuned by timing their schedules */
  guint schedules_timed;        /* schedules timed in all */
  guint remembered;             /* choices found in memory */
  guint read_from_disk;         /* choices read from the cache directory */
  guint discarded;              /* cache entries found bad and removed */
  guint layouts_timed;          /* choices between passes of other specs,
                                 * or splits of a transform's length */
} ClfftTuningStats;

/* The one place where a tuning effort is decided: requested, or for
 * CLFFT_TUNING_AUTO the environment's (CLFFT_TUNE_ENV) or the device's
 * default. background_possible: whether the owner tunes in the
 * background (filters); where it does not, background means blocking.
 * Never CLFFT_TUNING_AUTO. */
ClfftTuning clfft_tuning_decide (ClfftEngine * engine, ClfftTuning requested,
    gboolean background_possible);

/* The one place where it is decided whether tuning may pick schedules
 * whose twiddles are prefetched (PREFETCH_TWIDDLES) on device: not on
 * PoCL 4 and later, whose kernel compiler (seen in 5.0 and 6.0) now and
 * then makes of such a pass a kernel
 * that runs and writes nothing (docs/experiments/2026-12-07-pocl6-
 * prefetch-twiddles.md). Logged once per device. */
gboolean clfft_tuning_prefetch_allowed (const ClfftDeviceInfo * device);

/* Makes *pass the fastest of the schedules of its length for launch (a
 * remembered choice, or the fastest timed now), rebuilding it where that
 * is not the one it has. Timing runs the launch repeatedly on a queue of
 * its own; where src and dst are one buffer, on a copy of it, so that
 * the data is left as it was. FALSE with error set on an OpenCL failure. */
gboolean clfft_row_pass_tune (ClfftRowPass * pass,
    const ClfftRowLaunch * launch, GError ** error);

/* The same for a thread that tunes in the background while a stream's
 * frames run: the rounds are timed on the engine's queue, each queued
 * whole (hold, markers, launches) under the queue's lock, so that the
 * frames run between the rounds and none inside one; given up with
 * CLFFT_ERROR_CANCELLED between two schedules once *cancel is set (read
 * atomically). */
gboolean clfft_row_pass_tune_in_background (ClfftRowPass * pass,
    const ClfftRowLaunch * launch, const gint * cancel, GError ** error);

/* The most alternatives clfft_row_passes_fastest times, and the most
 * passes one of them runs. */
#define CLFFT_TUNED_MAX_ALTERNATIVES 8
#define CLFFT_TUNED_MAX_STEPS 4

/* Times count alternatives, each a pass or a few run in order (n_steps[i]
 * passes for alternative i, NULL for one each; passes and launches hold
 * them one after another, each pass with its own launch and its own
 * kernel), as clfft_row_pass_tune times a schedule, and sets *fastest to
 * the index of the fastest; another one replaces the first only when
 * clearly faster. The alternatives' launches write the same buffers, one
 * another's alternatives; where one writes its first pass's input, the
 * timing runs on a copy of it. The test aid CLFFT_TUNE_PICK=i makes it
 * i, after the timing. FALSE with error set on an OpenCL failure. */
gboolean clfft_row_passes_fastest (ClfftRowPass * const passes[],
    const ClfftRowLaunch launches[], const guint n_steps[], guint count,
    guint * fastest, GError ** error);

void clfft_tuning_get_stats (ClfftTuningStats * stats);

/* Forgets the choices remembered in memory (those on disk stay): a test
 * aid. */
void clfft_tuning_forget (void);

G_END_DECLS

#endif /* __CLFFT_TUNING_H__ */
