/* The one-launch filter: see clfft-filter-one-launch.h and
 * kernels/filter_one_launch.cl. */
#include "clfft-filter-one-launch.h"
#include "clfft-kernel-args.h"
#include "clfft-overrides.h"
#include "clfft-log.h"

#include <stdlib.h>
#include <string.h>

/* Polls a group that has joined the team waits for the rest: some
 * milliseconds on a GPU, far more than groups that the device runs at once
 * take to start, and only spent in full when one of them does not (other
 * work holds the device, or the probe, which launches more than run). */
#define TEAM_WAIT 4096
/* The probe launches this many groups per compute unit: more than any
 * device runs at once. */
#define PROBE_GROUPS_PER_UNIT 16
/* Columns side by side in the column phase: 4 fill a 32-byte sector, and
 * ran faster than 2 or 8
 * (docs/experiments/2026-11-22-filter-in-one-launch.md). */
#define COLUMNS_PER_GROUP 4
/* Two slots of 4 counters (SLOT_SIZE in the kernel) */
#define SYNC_WORDS 8

struct _ClfftFilterOneLaunch
{
  ClfftEngine *engine;
  cl_kernel kernel;
  cl_mem sync;
  /* the passes' tables for the schedules built in, held: tuning may
   * replace the passes and their tables */
  cl_mem row_twiddles, column_twiddles;
  gsize group;                  /* work-items per group */
  guint team;                   /* groups per launch */
  guint epoch;                  /* launches so far: the sync slot */
};

/* The build option for the device's compiler: PTX on NVIDIA's GPUs (its
 * fence across work-groups, see filter_one_launch.cl), none on CPUs, whose
 * caches are coherent; NULL where the engine knows no fence across
 * work-groups. */
static const gchar *
compiler_option (const ClfftDeviceInfo * dev)
{
  if (dev->type & CL_DEVICE_TYPE_CPU)
    return "";
  if ((dev->type & CL_DEVICE_TYPE_GPU) && dev->vendor
      && strstr (dev->vendor, "NVIDIA"))
    return " -D PTX";
  return NULL;
}

gboolean
clfft_filter_one_launch_supported (const ClfftDeviceInfo * dev)
{
  return compiler_option (dev) != NULL;
}

static void
append_radices (GString * options, const gchar * name,
    const ClfftRowPass * pass)
{
  g_string_append_printf (options, " -D %s=", name);
  for (guint s = 0; s < pass->schedule.n_stages; s++)
    g_string_append_printf (options, "%s%u", s ? "," : "",
        pass->schedule.radices[s]);
}

static gboolean
set_args (ClfftFilterOneLaunch * one_launch, cl_mem src, cl_mem dst,
    cl_mem spectrum, cl_uint pitch, cl_mem real_twiddles, cl_mem gain,
    cl_float scale, cl_float offset, cl_uint magnitude, cl_uint wanted,
    cl_uint probe, GError ** error)
{
  const ClfftArgsFilterOneLaunch args = {
    .src = src,
    .dst = dst,
    .spectrum = spectrum,
    .pitch = pitch,
    .row_tw = one_launch->row_twiddles,
    .real_tw = real_twiddles,
    .col_tw = one_launch->column_twiddles,
    .gain = gain,
    .scale = scale,
    .offset = offset,
    .magnitude = magnitude,
    .sync = one_launch->sync,
    .epoch = one_launch->epoch,
    .wanted = wanted,
    .probe = probe,
  };

  return clfft_kernel_args_filter_one_launch (one_launch->kernel, &args,
      error);
}

static gboolean
launch (ClfftFilterOneLaunch * one_launch, guint groups, GError ** error)
{
  const gsize global = groups * one_launch->group;

  if (!clfft_kernel_enqueue (one_launch->engine, one_launch->kernel, 1, &global,
          &one_launch->group, NULL, "filter_one_launch", error))
    return FALSE;
  one_launch->epoch++;
  return TRUE;
}

/* Launches more groups than the device runs at once, with no work, and
 * reads how many formed the team: the most groups a launch takes from then
 * on. It also shows that the device runs the kernel's group size at all. */
static gboolean
probe_team (ClfftFilterOneLaunch * one_launch, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (one_launch->engine);
  cl_command_queue queue = clfft_engine_get_queue (one_launch->engine);
  cl_uint units = 0, words[SYNC_WORDS];
  guint slot = one_launch->epoch % 2, groups;
  cl_int st;

  st = clGetDeviceInfo (dev->id, CL_DEVICE_MAX_COMPUTE_UNITS,
      sizeof (units), &units, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clGetDeviceInfo (compute units)");
  groups = MAX (units, 1) * PROBE_GROUPS_PER_UNIT;
  if (!set_args (one_launch, one_launch->sync, one_launch->sync,
          one_launch->sync, 0, one_launch->sync, one_launch->sync, 1.0f,
          0.0f, 0, groups, 1, error)
      || !launch (one_launch, groups, error))
    return FALSE;
  st = clEnqueueReadBuffer (queue, one_launch->sync, CL_TRUE, 0, sizeof (words),
      words, 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueReadBuffer (team)");
  /* SLOT_TEAM: the team's size + 1 */
  one_launch->team = words[4 * slot + 1] ? words[4 * slot + 1] - 1 : 0;
  if (one_launch->team == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the one-launch filter's probe formed no team on %s", dev->name);
    return FALSE;
  }
  return TRUE;
}

ClfftFilterOneLaunch *
clfft_filter_one_launch_new (ClfftEngine * engine, const ClfftRowPass * rows,
    const ClfftRowPass * columns, gsize pixel_size, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  const gchar *compiler = compiler_option (dev);
  const cl_uint zeros[SYNC_WORDS] = { 0 };
  ClfftOverrides overrides;
  const guint column_cols = MIN (COLUMNS_PER_GROUP, columns->rows_per_group);
  const gsize column_group = (gsize) columns->threads_per_row *
      column_cols;
  const gsize group = MAX ((gsize) rows->threads_per_row *
      rows->rows_per_group, column_group);
  /* the team's barriers and place */
  const gsize local_budget = dev->local_mem_size - 64;
  /* columns side by side with one value spare per column (fft_stockham.cl's
   * PITCH without the spare slots) */
  const gsize column_values = (gsize) column_cols *
      (columns->n + 1);
  /* The row phases take as many rows as the group (sized by the larger
   * phase, mostly the columns) has work-items for, as local memory allows:
   * a row with a spare slot every 8 values (PADDED). */
  const gsize row_pitch = rows->n + rows->n / 8 + 1;
  guint row_rows = MAX (1, group / rows->threads_per_row);
  guint units;
  gsize lds_values;
  ClfftFilterOneLaunch *one_launch;
  GString *options;
  gboolean ok;

  while (row_rows > 1 && row_rows * row_pitch * sizeof (cl_float2) >
      local_budget)
    row_rows--;
  lds_values = MAX (row_rows * row_pitch, column_values);
  /* A group beyond the phases' units only waits at the barriers, and
   * each costs the team's atomics time
   * (docs/experiments/2026-11-22-one-launch-fewer-registers.md). */
  units = MAX ((columns->n + row_rows - 1) / row_rows,
      (rows->n + column_cols) / column_cols);
  if (!compiler || rows->generic || columns->generic || columns->split_exchange
      || lds_values * sizeof (cl_float2) > local_budget) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "the one-launch filter does not run %ux%u on %s", 2 * rows->n,
        columns->n, dev->name);
    return NULL;
  }
  one_launch = g_new0 (ClfftFilterOneLaunch, 1);
  one_launch->engine = clfft_engine_ref (engine);
  one_launch->group = group;
  options = g_string_new (NULL);
  g_string_append_printf (options, "-D GROUP=%" G_GSIZE_FORMAT " -D VALUES=%u"
      " -D LDS_VALUES=%" G_GSIZE_FORMAT " -D TEAM_WAIT=%u -D ROW_N=%u"
      " -D ROW_THREADS=%u -D ROW_ROWS=%u -D ROW_STAGES=%u", one_launch->group,
      MAX (rows->values, columns->values), lds_values, TEAM_WAIT, rows->n,
      rows->threads_per_row, row_rows, rows->schedule.n_stages);
  append_radices (options, "ROW_RADICES", rows);
  g_string_append_printf (options, " -D COL_N=%u -D COL_THREADS=%u"
      " -D COL_COLS=%u -D COL_STAGES=%u", columns->n,
      columns->threads_per_row, column_cols, columns->schedule.n_stages);
  append_radices (options, "COL_RADICES", columns);
  g_string_append_printf (options, "%s%s", pixel_size == 2 ?
      " -D PIXEL_U16" : "", compiler);
  one_launch->kernel = clfft_kernel_new (engine, "filter_one_launch.cl",
      options->str, "filter_one_launch", error);
  g_string_free (options, TRUE);
  ok = one_launch->kernel
      && clfft_buffer_hold (&one_launch->row_twiddles, rows->twiddles, error)
      && clfft_buffer_hold (&one_launch->column_twiddles, columns->twiddles,
      error)
      && (one_launch->sync = clfft_buffer_new (engine, CL_MEM_READ_WRITE |
          CL_MEM_COPY_HOST_PTR, sizeof (zeros), (gpointer) zeros, error));
  clfft_overrides_read (&overrides);
  if (ok && overrides.one_launch_groups > 0)
    one_launch->team = overrides.one_launch_groups;
  else if (ok && (ok = probe_team (one_launch, error)))
    one_launch->team = MIN (one_launch->team, units);
  if (!ok) {
    clfft_filter_one_launch_free (one_launch);
    return NULL;
  }
  clfft_log (CLFFT_LOG_INFO, "the %ux%u filter runs in one launch on %s: "
      "%u groups of %" G_GSIZE_FORMAT, 2 * rows->n, columns->n, dev->name,
      one_launch->team, one_launch->group);
  return one_launch;
}

void
clfft_filter_one_launch_free (ClfftFilterOneLaunch * one_launch)
{
  if (!one_launch)
    return;
  clfft_kernel_release (&one_launch->kernel);
  clfft_buffer_release (&one_launch->sync);
  clfft_buffer_release (&one_launch->row_twiddles);
  clfft_buffer_release (&one_launch->column_twiddles);
  clfft_engine_unref (one_launch->engine);
  g_free (one_launch);
}

gboolean
clfft_filter_one_launch_enqueue (ClfftFilterOneLaunch * one_launch, cl_mem src,
    cl_mem dst, cl_mem spectrum, guint pitch, cl_mem real_twiddles,
    cl_mem gain, gfloat scale, gfloat offset, gboolean magnitude,
    GError ** error)
{
  return set_args (one_launch, src, dst, spectrum, pitch, real_twiddles, gain,
      scale, offset, magnitude ? 1 : 0, one_launch->team, 0, error)
      && launch (one_launch, one_launch->team, error);
}
