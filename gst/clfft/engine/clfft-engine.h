/* gst-clfft engine: the shared per-device engines (a context, its queue and
 * program cache), with the public ground headers it includes: errors and
 * the log (clfft-errors.h), the devices (clfft-devices.h), the program
 * cache's counts and folder (clfft-program-stats.h).
 *
 * A small C API over OpenCL and GLib that knows nothing of GStreamer. The
 * plugin's elements, the tests and the benchmarks all use it.
 */
#ifndef __CLFFT_ENGINE_H__
#define __CLFFT_ENGINE_H__

#include "clfft-devices.h"
#include "clfft-errors.h"
#include "clfft-program-stats.h"

G_BEGIN_DECLS

/* How plans and filters choose the schedules of their passes (see
 * docs/design.md, "Tuning"): by rule, or by timing the candidates on the
 * device. */
typedef enum
{
  /* the device's default: on GPUs, filters tune in the background and
   * other plans at their first launch; on CPUs nothing is tuned. The
   * environment variable CLFFT_TUNE (clfft-tuning.h) overrides it. */
  CLFFT_TUNING_AUTO,
  CLFFT_TUNING_OFF,             /* the rule's schedules */
  /* the rule's schedules at once; a thread times the candidates while
   * frames run, and the faster schedules take over between frames
   * (filters; other plans tune at their first launch) */
  CLFFT_TUNING_BACKGROUND,
  CLFFT_TUNING_BLOCKING,        /* timed at the first launch, which waits */
} ClfftTuning;

/* A readable name: "auto", "off", "background" or "blocking". */
const gchar *clfft_tuning_name (ClfftTuning tuning);

typedef struct _ClfftEngine ClfftEngine;

/* Returns the process-wide engine of the chosen device (see
 * clfft_choose_device), creating its context and queue on first use. */
ClfftEngine *clfft_engine_get (gint requested_index, GError ** error);
ClfftEngine *clfft_engine_ref (ClfftEngine * engine);
void clfft_engine_unref (ClfftEngine * engine);

const ClfftDeviceInfo *clfft_engine_get_device (ClfftEngine * engine);
/* Why a cache folder that the engine's kernels would use cannot be used,
 * each folder named, and what is done instead (NULL where both can):
 * the driver's kernel cache (PoCL's, moved to a temporary folder) and the
 * engine's program cache (off). To g_free. */
gchar *clfft_engine_get_cache_warning (ClfftEngine * engine);
cl_context clfft_engine_get_context (ClfftEngine * engine);
cl_command_queue clfft_engine_get_queue (ClfftEngine * engine);

/* Returns the program built from the embedded kernel source_name with the
 * given build options, from the in-memory cache, else the on-disk cache
 * ($XDG_CACHE_HOME/gst-clfft), else by compiling it (and storing it there).
 * The program stays owned by the engine. */
cl_program clfft_engine_get_program (ClfftEngine * engine,
    const gchar * source_name, const gchar * options, GError ** error);

void clfft_engine_get_program_stats (ClfftEngine * engine,
    ClfftProgramStats * stats);

/* n_blocks x block_size bytes of host memory for what the frame size,
 * bands or channels decide (g_free them), or NULL with error set
 * (CLFFT_ERROR_HOST_MEMORY, naming what) where they cannot be had, so that
 * a stream too large for the host's memory fails with an error instead of
 * aborting; zeroed where zero. */
gpointer clfft_engine_try_alloc (ClfftEngine * engine, gsize n_blocks,
    gsize block_size, gboolean zero, const gchar * what, GError ** error);

/* Whether the device of engine has been lost (see CLFFT_FAULT_DEVICE_LOST). */
gboolean clfft_engine_is_lost (ClfftEngine * engine);

/* Takes engine out of the process-wide registry, so that the next
 * clfft_engine_get of its device makes a new context; those holding it
 * keep it until they unref it. For an engine whose device failed. */
void clfft_engine_retire (ClfftEngine * engine);

G_END_DECLS

#endif /* __CLFFT_ENGINE_H__ */
