/* The environment variables that override the engine's own choices, all
 * read in one function into one struct, with those of other software
 * that the engine follows (XDG_CACHE_HOME, POCL_KERNEL_CACHE,
 * POCL_CACHE_DIR).
 * GST_CLFFT_DEVICE is for users; the rest of ours are aids for the tests
 * and benchmarks: most make the CPU device (PoCL) take the paths and
 * shapes a GPU takes, so that a CI without a GPU tests their kernels. */
#ifndef __CLFFT_OVERRIDES_H__
#define __CLFFT_OVERRIDES_H__

#include <glib.h>

G_BEGIN_DECLS

/* Their names, for the tests that set them (GST_CLFFT_DEVICE is
 * CLFFT_DEVICE_ENV in clfft-device-env.h). CLFFT_FAULT arms a fault on the
 * first engine a process makes ("out-of-memory", "device-lost:N" for
 * CLFFT_FAULT_DEVICE_LOST after N launches, or "host-out-of-memory:N"
 * after N host allocations: clfft-engine-testing.h), so that the engines
 * made after it (a fallback) work. */
#define CLFFT_FAULT_ENV "CLFFT_FAULT"
#define CLFFT_TUNE_ENV "CLFFT_TUNE"
#define CLFFT_ONE_LAUNCH_ENV "CLFFT_ONE_LAUNCH_FILTER"
#define CLFFT_ONE_LAUNCH_GROUPS_ENV "CLFFT_ONE_LAUNCH_GROUPS"
#define CLFFT_LANES_ENV "CLFFT_LANES_FILTER"
#define CLFFT_CACHE_HINTS_ENV "CLFFT_CACHE_HINTS"
#define CLFFT_GENERIC_KERNELS_ENV "CLFFT_GENERIC_KERNELS"
#define CLFFT_SIDE_QUEUE_ENV "CLFFT_SIDE_QUEUE"
#define CLFFT_STACKED_ROWS_ENV "CLFFT_STACKED_ROWS"
#define CLFFT_SPLIT_COLUMNS_ENV "CLFFT_SPLIT_COLUMNS"
#define CLFFT_CHECK_BUILDS_ENV "CLFFT_CHECK_BUILDS"

/* A yes-or-no override: unset leaves the engine's choice. */
typedef enum
{
  CLFFT_OVERRIDE_UNSET = -1,
  CLFFT_OVERRIDE_OFF = 0,       /* "0" */
  CLFFT_OVERRIDE_ON = 1,        /* "1" (for lanes and cache hints, any
                                 * value but "0") */
} ClfftOverride;

typedef struct
{
  /* GST_CLFFT_DEVICE: the device, as an index or a part of its name
   * (clfft_choose_device) */
  const gchar *device;
  /* CLFFT_FAULT: a fault armed on the first engine a process makes
   * (clfft-testing.h) */
  const gchar *fault;
  /* CLFFT_TUNE: what tuning=auto means: 0 (or off) tunes nowhere, 1 (or
   * blocking) at the first launch on every device (PoCL gains little and
   * takes about a second a kernel build), background in the background
   * where the owner can (else as 1); unset, the device's default */
  const gchar *tune;
  /* CLFFT_TUNE_PICK: the candidate that tuning keeps, whatever the
   * timings (-1: the fastest) */
  gint tune_pick;
  /* CLFFT_ONE_LAUNCH_FILTER: frames in one launch (clfft-filter-one-launch.h):
   * 0 nowhere, 1 wherever it can (CPU devices and any frame size too);
   * unset, small frames on NVIDIA's GPUs, where it pays */
  ClfftOverride one_launch;
  /* CLFFT_ONE_LAUNCH_GROUPS: launch this many groups and want them all in
   * the one launch's team (more than the device runs at once makes the
   * late groups leave); 0, what the plan's probe found */
  guint one_launch_groups;
  /* CLFFT_LANES_FILTER: frames in SIMD lanes (clfft-filter-lanes.h): 0
   * nowhere, 1 on any device where they fit; unset, on CPUs */
  ClfftOverride lanes;
  /* CLFFT_CACHE_HINTS: every frame size taken as outgrowing the cache (1)
   * or none (0): the cache hints and the mirrored gains
   * (clfft_filter2d_get_cache_hints); unset, by the frame's bytes */
  ClfftOverride cache_hints;
  /* CLFFT_SIDE_QUEUE: a colour frame's plans side by side on two queues
   * (1) or one after the other on the engine's queue (0); unset, side by
   * side for large frames (clfft-frame-filter.c) */
  ClfftOverride side_queue;
  /* CLFFT_STACKED_ROWS=0: a colour frame's luma and chroma of one width
   * run their rows apart, in launches of their own; unset (or 1), in the
   * same launches where they can (clfft-frame-filter.c's decide_stack):
   * for comparing the two in one benchmark run */
  ClfftOverride stacked_rows;
  /* CLFFT_SPLIT_COLUMNS: a filter's columns split into two halves in
   * the rows (CLFFT_FILTER_PATH_SPLIT_COLUMNS) wherever they can be (1)
   * or nowhere (0); unset, where they would take two passes each way */
  ClfftOverride split_columns;
  /* CLFFT_CHECK_BUILDS: the filters' freshly built programs checked
   * against a known answer (clfft-build-check.h) on every device (1) or
   * on none (0); unset, where the driver is known to build wrong */
  ClfftOverride check_builds;
  /* CLFFT_COMPOSITE_RADICES=1: radices 6 to 16 on CPUs too */
  gboolean composite_radices;
  /* CLFFT_GENERIC_KERNELS (set): row passes in the generic build, one
   * program for every length */
  gboolean generic_kernels;
  /* Limits that pretend a smaller device (0: the device's own):
   * CLFFT_KERNEL_WORK_GROUP_LIMIT (what a kernel allows),
   * CLFFT_KERNEL_WORK_GROUP_REPORTED (what the device says a kernel
   * allows, as NVIDIA's understates it), CLFFT_LOCAL_MEMORY_REPORTED
   * (bytes of local memory); and CLFFT_COMPUTE_UNITS_REPORTED, the
   * compute units that passes spread their groups over, in place of the
   * device's (a GPU's 132 on PoCL) */
  guint64 kernel_work_group_limit, kernel_work_group_reported;
  guint64 local_memory_reported, compute_units_reported;
  /* XDG_CACHE_HOME: where the program cache lives (read anew each time:
   * GLib's g_get_user_cache_dir keeps its first answer, and tests change
   * it) */
  const gchar *cache_home;
  /* POCL_KERNEL_CACHE=0: PoCL keeps no compiled programs of its own, so
   * the program cache must keep binaries (clfft-program-cache.c) */
  gboolean pocl_kernel_cache_off;
  /* POCL_CACHE_DIR: where PoCL keeps its kernels (unset: XDG_CACHE_HOME's
   * pocl/kcache); set by the engine where that folder is unusable
   * (clfft-engine.c's prepare_driver_cache) */
  const gchar *pocl_cache_dir;
} ClfftOverrides;

/* The overrides as the environment holds them now (tests change it
 * between engines). The strings are the environment's own: use them
 * before it changes. */
void clfft_overrides_read (ClfftOverrides * overrides);

/* value, or less where the limit override (0: unset) says so */
guint64 clfft_overrides_limit (guint64 value, guint64 limit);

G_END_DECLS

#endif /* __CLFFT_OVERRIDES_H__ */
