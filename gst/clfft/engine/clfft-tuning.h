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

/* The environment variable: 0 tunes nowhere, 1 on every device (a test
 * aid: PoCL gains little and takes about a second per kernel build);
 * unset, plans tune on devices other than CPUs. */
#define CLFFT_TUNE_ENV "CLFFT_TUNE"

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
  guint layouts_timed;          /* choices between passes of other specs */
} ClfftTuningStats;

gboolean clfft_tuning_wanted (ClfftEngine * engine);

/* Makes *pass the fastest of the schedules of its length for launch (a
 * remembered choice, or the fastest timed now), rebuilding it where that
 * is not the one it has. Timing runs the launch repeatedly on a queue of
 * its own; where src and dst are one buffer, on a copy of it, so that
 * the data is left as it was. FALSE with error set on an OpenCL failure. */
gboolean clfft_row_pass_tune (ClfftRowPass * pass,
    const ClfftRowLaunch * launch, GError ** error);

/* Times count passes, each with its own launch (the launches write the
 * same buffers, one another's alternatives), as clfft_row_pass_tune times
 * a schedule, and sets *fastest to the index of the fastest; another one
 * replaces the first only when clearly faster. The test aid
 * CLFFT_TUNE_PICK=i makes it i, after the timing. FALSE with error set on
 * an OpenCL failure. */
gboolean clfft_row_passes_fastest (ClfftRowPass * const passes[],
    const ClfftRowLaunch launches[], guint count, guint * fastest,
    GError ** error);

void clfft_tuning_get_stats (ClfftTuningStats * stats);

/* Forgets the choices remembered in memory (those on disk stay): a test
 * aid. */
void clfft_tuning_forget (void);

G_END_DECLS

#endif /* __CLFFT_TUNING_H__ */
