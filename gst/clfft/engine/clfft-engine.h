/* gst-clfft engine: OpenCL devices, shared contexts and the program cache.
 *
 * A small C API over OpenCL and GLib that knows nothing of GStreamer. The
 * plugin's elements, the tests and the benchmarks all use it.
 */
#ifndef __CLFFT_ENGINE_H__
#define __CLFFT_ENGINE_H__

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <glib.h>

G_BEGIN_DECLS

#define CLFFT_ERROR (clfft_error_quark ())
GQuark clfft_error_quark (void);

typedef enum
{
  CLFFT_ERROR_NO_PLATFORM,      /* no OpenCL platform (no ICD installed) */
  CLFFT_ERROR_NO_DEVICE,        /* platforms, but no device on any */
  CLFFT_ERROR_DEVICE_NOT_FOUND, /* the requested device does not exist */
  CLFFT_ERROR_BUILD,            /* a kernel failed to build */
  CLFFT_ERROR_OPENCL,           /* an OpenCL call failed */
  CLFFT_ERROR_UNSUPPORTED,      /* a size or layout the engine cannot do */
  CLFFT_ERROR_CANCELLED,        /* work given up by its owner (background
                                 * tuning of a filter being freed) */
  CLFFT_ERROR_HOST_MEMORY,      /* the host's memory ran out */
} ClfftError;

/* Whether error is the device's: an OpenCL call failed, or a kernel did
 * not build. Another device may then do better (an element's fallback);
 * the engine's refusals and the host's memory would fail on any. */
gboolean clfft_error_is_device_failure (const GError * error);

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

/* The environment variable that overrides automatic device choice: an index
 * into the device list, or a substring of a device name. */
#define CLFFT_DEVICE_ENV "GST_CLFFT_DEVICE"

typedef struct
{
  guint index;                  /* position in clfft_list_devices() */
  cl_platform_id platform;
  cl_device_id id;
  cl_device_type type;
  gchar *name;
  gchar *vendor;
  gchar *platform_name;
  gchar *driver_version;
  gchar *device_version;
  gsize max_work_group_size;
  gsize local_mem_size;
  guint compute_units;
  gboolean host_unified_memory; /* device memory is host memory (CPUs) */
  guint mem_base_addr_align;    /* bytes: where host-pointer buffers start
                                 * to be used in place, and where a part
                                 * of a buffer may start */
  guint nv_compute_major;       /* NVIDIA's compute capability, major;
                                 * 0 for other devices */
} ClfftDeviceInfo;

/* Every OpenCL device of every platform, in platform order. Enumerated once
 * per process; the array is owned by the engine. */
const ClfftDeviceInfo *clfft_list_devices (guint * n_devices, GError ** error);

/* Resolves a device request: index >= 0 names a device; -1 is automatic:
 * among the devices that CLFFT_DEVICE_ENV names (a comma-separated list of
 * indices and parts of names), else among the GPUs of the fastest kind
 * (the most compute units), else the CPU devices of that kind, it takes
 * the one with the least load (clfft_device_add_load: bytes a second,
 * then streams; then the first). Returns the index or -1 with error set. */
gint clfft_choose_device (gint requested_index, GError ** error);

/* Whether automatic choices have more than one device to balance over. */
gboolean clfft_automatic_choice_balances (void);

/* Whether a stream left to the automatic choice may run on device index
 * where another element already has an engine there (a neighbour, a
 * context): where CLFFT_DEVICE_ENV is unset or names nothing, any device;
 * else only a device it names, so that it pins every such stream (FALSE
 * where it names none: the stream's own choice then says why). */
gboolean clfft_automatic_choice_allows (guint index);

/* The work that streams bring to device index: a stream adds (1, its
 * bytes a second) when it starts there and takes them back when it stops;
 * a new rate adds the difference (0, new - old). An index past the list
 * counts nothing and reads as (0, 0). */
void clfft_device_add_load (guint index, gint streams,
    gdouble bytes_per_second);
void clfft_device_get_load (guint index, gint * streams,
    gdouble * bytes_per_second);

typedef enum
{
  CLFFT_LOG_ERROR,
  CLFFT_LOG_WARNING,
  CLFFT_LOG_INFO,
  CLFFT_LOG_DEBUG,
} ClfftLogLevel;

typedef void (*ClfftLogFunc) (ClfftLogLevel level, const gchar * message,
    gpointer user_data);

/* Routes the engine's log (build logs, cache hits, device choice). The
 * default drops everything: errors also come back through GError. */
void clfft_set_log_func (ClfftLogFunc func, gpointer user_data);

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

typedef struct
{
  guint built_from_source;
  guint loaded_from_disk;
  guint memory_hits;
} ClfftProgramStats;

void clfft_engine_get_program_stats (ClfftEngine * engine,
    ClfftProgramStats * stats);

/* The folder of the on-disk program cache. */
gchar *clfft_program_cache_dir (void);

/* The OpenCL objects that engines and their plans hold, process-wide: a
 * leak check for soak tests. Events are left out: callers of the FFT API
 * own the events it returns. The plugin exports it (the only symbol of
 * the engine it does), so that element tests can count the objects of the
 * engine inside the plugin, which is a copy of its own. */
typedef struct
{
  gint contexts, queues, programs, kernels, buffers;
} ClfftLiveObjects;

__attribute__ ((visibility ("default")))
void clfft_get_live_objects (ClfftLiveObjects * live);


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

/* A readable name for an OpenCL status code. */
const gchar *clfft_cl_status_name (cl_int status);

G_END_DECLS

#endif /* __CLFFT_ENGINE_H__ */
