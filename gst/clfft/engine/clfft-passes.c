/* Row FFT and transpose passes: kernel selection, build options, launch. */
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-overrides.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-queue.h"

#include <math.h>
#include <string.h>

#define TRANSPOSE_TILE 32
#define TRANSPOSE_TILE_ROWS 8
/* Work-items a row pass aims for per work-group when rows are short. */
#define ROW_GROUP_TARGET 128
/* Rows side by side that a pass across rows wants per group: 16 (128
 * bytes of complex floats), and at least 4 (a 32-byte memory sector). */
#define ACROSS_ROWS_WANTED 16
/* The generic build's fixed shape: one row of up to GENERIC_MAX_N per
 * group of GENERIC_THREADS work-items, each holding up to GENERIC_VALUES
 * values (4096 / 64 plus the largest radix). */
#define GENERIC_THREADS 64
#define GENERIC_VALUES 80
#define GENERIC_MAX_N CLFFT_MAX_ROW_LENGTH

cl_mem
clfft_buffer_new (ClfftEngine * engine, cl_mem_flags flags, gsize size,
    gpointer host_data, GError ** error)
{
  cl_int st;
  cl_mem buffer;

  if (!clfft_engine_check_fault (engine, CLFFT_FAULT_AT_ALLOCATION,
          "clCreateBuffer", error))
    return NULL;
  buffer = clCreateBuffer (clfft_engine_get_context (engine), flags, size,
      host_data, &st);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateBuffer");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_BUFFER, 1);
  return buffer;
}

cl_mem
clfft_buffer_new_part (ClfftEngine * engine, cl_mem parent, gsize origin,
    gsize size, GError ** error)
{
  const cl_buffer_region region = { origin, size };
  cl_int st;
  cl_mem part;

  if (origin % clfft_engine_get_device (engine)->mem_base_addr_align) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a part of a buffer from byte %" G_GSIZE_FORMAT ", which the "
        "device's alignment does not allow", origin);
    return NULL;
  }
  part = clCreateSubBuffer (parent, CL_MEM_READ_WRITE,
      CL_BUFFER_CREATE_TYPE_REGION, &region, &st);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateSubBuffer");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_BUFFER, 1);
  return part;
}

void
clfft_buffer_release (cl_mem * buffer)
{
  if (*buffer) {
    clfft_warn_on_failure (clReleaseMemObject (*buffer), "clReleaseMemObject");
    clfft_count_object (CLFFT_OBJECT_BUFFER, -1);
  }
  *buffer = NULL;
}

gboolean
clfft_buffer_hold (cl_mem * holder, cl_mem buffer, GError ** error)
{
  cl_int st = clRetainMemObject (buffer);

  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clRetainMemObject");
  clfft_count_object (CLFFT_OBJECT_BUFFER, 1);
  *holder = buffer;
  return TRUE;
}

cl_command_queue
clfft_queue_new (ClfftEngine * engine, GError ** error)
{
  cl_int st;
  cl_command_queue queue =
      clCreateCommandQueue (clfft_engine_get_context (engine),
      clfft_engine_get_device (engine)->id, 0, &st);

  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateCommandQueue");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_QUEUE, 1);
  return queue;
}

void
clfft_queue_release (cl_command_queue * queue)
{
  if (*queue) {
    clfft_warn_on_failure (clReleaseCommandQueue (*queue),
        "clReleaseCommandQueue");
    clfft_count_object (CLFFT_OBJECT_QUEUE, -1);
  }
  *queue = NULL;
}

void
clfft_event_release (cl_event * event)
{
  if (*event)
    clfft_warn_on_failure (clReleaseEvent (*event), "clReleaseEvent");
  *event = NULL;
}

cl_kernel
clfft_kernel_new (ClfftEngine * engine, const gchar * source,
    const gchar * options, const gchar * name, GError ** error)
{
  cl_program program;
  cl_kernel kernel;
  cl_int st;

  program = clfft_engine_get_program (engine, source, options, error);
  if (!program)
    return NULL;
  kernel = clCreateKernel (program, name, &st);
  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clCreateKernel");
    return NULL;
  }
  clfft_count_object (CLFFT_OBJECT_KERNEL, 1);
  return kernel;
}

void
clfft_kernel_release (cl_kernel * kernel)
{
  if (*kernel) {
    clfft_warn_on_failure (clReleaseKernel (*kernel), "clReleaseKernel");
    clfft_count_object (CLFFT_OBJECT_KERNEL, -1);
  }
  *kernel = NULL;
}

/* The radices a stage can have: butterfly () in kernels/fft_stockham.cl,
 * largest first; the direct ones are those butterfly_direct () does. */
static const guint stage_radices[] = { 16, 15, 13, 12, 11, 10, 9, 8, 7, 6,
  5, 4, 3, 2
};
static const guint direct_radices[] = { 13, 11, 8, 7, 5, 4, 3, 2 };

static guint
schedule_chain (guint n, const guint radices[], guint n_stages, guint threads)
{
  guint chain = 0;

  for (guint s = 0; s < n_stages; s++)
    chain += (n / radices[s] + threads - 1) / threads * radices[s];
  return chain;
}

/* Tries the factorizations of rest into radices of at most max_radix
 * (so each set of radices once, largest first) after the stages already
 * in current, and keeps the best in best. */
static void
schedule_search (guint n, guint rest, guint max_radix, gboolean composite,
    ClfftRowSchedule * current, ClfftRowSchedule * best)
{
  const guint *radices = composite ? stage_radices : direct_radices;
  guint n_radices = composite ? G_N_ELEMENTS (stage_radices) :
      G_N_ELEMENTS (direct_radices);

  if (rest == 1) {
    /* as many work-items as the butterflies of one of the stages */
    for (guint s = 0; s < current->n_stages; s++) {
      guint threads = n / current->radices[s];
      guint chain = schedule_chain (n, current->radices, current->n_stages,
          threads);
      gboolean fewer_stages = best->n_stages == 0
          || current->n_stages < best->n_stages;
      gboolean same_stages = current->n_stages == best->n_stages;

      if (fewer_stages || (same_stages && (chain < best->chain
                  || (chain == best->chain && threads > best->threads)))) {
        *best = *current;
        best->threads = threads;
        best->chain = chain;
      }
    }
    return;
  }
  if (current->n_stages == CLFFT_MAX_STAGES || (best->n_stages > 0
          && current->n_stages >= best->n_stages))
    return;
  for (guint i = 0; i < n_radices; i++) {
    guint radix = radices[i];

    if (radix > max_radix || rest % radix != 0)
      continue;
    current->radices[current->n_stages++] = radix;
    schedule_search (n, rest / radix, radix, composite, current, best);
    current->n_stages--;
  }
}

/* The fewest stages (each an exchange through local memory, which bounds
 * the kernel on a GPU), then the shortest chain of work per work-item,
 * then the most work-items; composite: with radices of two butterflies
 * each. FALSE if n has a prime factor above 13. */
static gboolean
radix_schedule (guint n, gboolean composite, ClfftRowSchedule * best)
{
  ClfftRowSchedule current = { {0}, 0, 0, 0 };

  memset (best, 0, sizeof (*best));
  if (n == 1) {
    best->radices[0] = 1;
    best->n_stages = 1;
    best->threads = 1;
    best->chain = 1;
    return TRUE;
  }
  schedule_search (n, n, G_MAXUINT, composite, &current, best);
  return best->n_stages > 0;
}

/* Composite radices (fewer stages) pay on GPUs, where a stage's exchange
 * through local memory bounds the pass; on a CPU (PoCL) they made the
 * 640x480 filter slower. A test aid, CLFFT_COMPOSITE_RADICES=1, takes them
 * on any device, so that the CPU-only CI tests their kernels. */
static gboolean
use_composite_radices (const ClfftDeviceInfo * dev)
{
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  return !(dev->type & CL_DEVICE_TYPE_CPU) || overrides.composite_radices;
}

/* Appends to found each factorization of rest into exactly stages_left
 * more stages of at most max_radix, largest radix first. */
static void
factorizations (guint rest, guint max_radix, guint stages_left,
    gboolean composite, ClfftRowSchedule * current, GArray * found)
{
  const guint *radices = composite ? stage_radices : direct_radices;
  guint n_radices = composite ? G_N_ELEMENTS (stage_radices) :
      G_N_ELEMENTS (direct_radices);

  if (rest == 1 || stages_left == 0) {
    if (rest == 1 && stages_left == 0)
      g_array_append_val (found, *current);
    return;
  }
  for (guint i = 0; i < n_radices; i++) {
    if (radices[i] > max_radix || rest % radices[i] != 0)
      continue;
    current->radices[current->n_stages++] = radices[i];
    factorizations (rest / radices[i], radices[i], stages_left - 1,
        composite, current, found);
    current->n_stages--;
  }
}

static gint
compare_chains (gconstpointer a, gconstpointer b)
{
  const ClfftRowSchedule *x = a, *y = b;

  return (gint) x->chain - (gint) y->chain;
}

gboolean
clfft_row_schedule_equal (const ClfftRowSchedule * a,
    const ClfftRowSchedule * b)
{
  return a->n_stages == b->n_stages && a->threads == b->threads
      && a->prefetch_twiddles == b->prefetch_twiddles
      && memcmp (a->radices, b->radices, a->n_stages * sizeof (guint)) == 0;
}

static void
add_schedule (ClfftRowSchedule schedules[], guint * count,
    const ClfftRowSchedule * candidate)
{
  for (guint i = 0; i < *count; i++)
    if (clfft_row_schedule_equal (&schedules[i], candidate))
      return;
  if (*count < CLFFT_MAX_ROW_SCHEDULES)
    schedules[(*count)++] = *candidate;
}

/* Which schedule is fastest depends on the device in ways the rule of
 * radix_schedule does not capture (a factorization on more work-items, or
 * the same radices in another order, can win:
 * docs/experiments/2026-11-23-schedules-tuned-at-plan-time.md). So:
 * radix_schedule's choice, then the factorizations into as few stages, then
 * into one more, each largest radix first and last, on as many work-items as
 * the butterflies of their smallest radix (one butterfly per work-item and
 * stage), those with the shortest chains first. */
guint
clfft_row_schedules (ClfftEngine * engine, guint n,
    ClfftRowSchedule schedules[CLFFT_MAX_ROW_SCHEDULES])
{
  gboolean composite = use_composite_radices (clfft_engine_get_device
      (engine));
  guint count = 0;

  if (!clfft_row_length_direct (n) || !radix_schedule (n, composite,
          &schedules[0]))
    return 0;
  count = 1;
  for (guint extra = 0; extra < 2 && n > 1; extra++) {
    GArray *found = g_array_new (FALSE, TRUE, sizeof (ClfftRowSchedule));
    ClfftRowSchedule current = { {0}, 0, 0, 0 };
    guint stages = schedules[0].n_stages + extra;

    if (stages <= CLFFT_MAX_STAGES)
      factorizations (n, G_MAXUINT, stages, composite, &current, found);
    for (guint i = 0; i < found->len; i++) {
      ClfftRowSchedule *f = &g_array_index (found, ClfftRowSchedule, i);

      f->threads = n / f->radices[f->n_stages - 1];
      f->chain = schedule_chain (n, f->radices, f->n_stages, f->threads);
    }
    g_array_sort (found, compare_chains);
    for (guint i = 0; i < found->len; i++) {
      ClfftRowSchedule reversed = g_array_index (found, ClfftRowSchedule, i);

      add_schedule (schedules, &count, &g_array_index (found,
              ClfftRowSchedule, i));
      for (guint s = 0; s < reversed.n_stages; s++)
        reversed.radices[s] = g_array_index (found, ClfftRowSchedule,
            i).radices[reversed.n_stages - 1 - s];
      add_schedule (schedules, &count, &reversed);
    }
    g_array_free (found, TRUE);
  }
  return count;
}

gboolean
clfft_row_length_direct (guint n)
{
  ClfftRowSchedule schedule;

  return n >= 1 && n <= CLFFT_MAX_ROW_LENGTH
      && radix_schedule (n, FALSE, &schedule);
}

/* The tables a pass's kernel takes as arguments: only those its options
 * read (WITH_* in kernels/fft_stockham.cl); each flag is that option's
 * in fft_rows' arguments. */
typedef enum
{
  TABLE_REAL_TWIDDLES = CLFFT_ARGS_FFT_ROWS_WITH_REAL_TW,
  TABLE_GAIN = CLFFT_ARGS_FFT_ROWS_WITH_GAIN,
  TABLE_CHIRP = CLFFT_ARGS_FFT_ROWS_WITH_CHIRP,
  TABLE_CONV = CLFFT_ARGS_FFT_ROWS_WITH_CONV,
  TABLE_STEP_TWIDDLES = CLFFT_ARGS_FFT_ROWS_WITH_STEP_TW,
  TABLE_SPLIT_TWIDDLES = CLFFT_ARGS_FFT_ROWS_WITH_SPLIT_TW,
} RowTable;

/* Each table's build option. */
static const struct
{
  RowTable table;
  const gchar *option;
} row_tables[] = {
  {TABLE_REAL_TWIDDLES, " -D WITH_REAL_TW"},
  {TABLE_GAIN, " -D WITH_GAIN"},
  {TABLE_CHIRP, " -D WITH_CHIRP"},
  {TABLE_CONV, " -D WITH_CONV"},
  {TABLE_STEP_TWIDDLES, " -D WITH_STEP_TW"},
  {TABLE_SPLIT_TWIDDLES, " -D WITH_SPLIT_TW"},
};

static guint
spec_tables (const ClfftRowPassSpec * spec)
{
  guint tables = 0;

  if (spec->load == CLFFT_LOAD_HALF_SPECTRUM
      || spec->store == CLFFT_STORE_HALF_SPECTRUM)
    tables |= TABLE_REAL_TWIDDLES;
  if (spec->flags & (CLFFT_ROW_GAIN_BETWEEN | CLFFT_ROW_GAIN_ON_STORE))
    tables |= TABLE_GAIN;
  if (spec->flags & (CLFFT_ROW_LOAD_CHIRP | CLFFT_ROW_STORE_CHIRP))
    tables |= TABLE_CHIRP;
  if (spec->flags & (CLFFT_ROW_CONV_BETWEEN | CLFFT_ROW_STORE_CONV))
    tables |= TABLE_CONV;
  if (spec->flags & CLFFT_ROW_STORE_TWIDDLE)
    tables |= TABLE_STEP_TWIDDLES;
  if (spec->split_columns)
    tables |= TABLE_SPLIT_TWIDDLES;
  return tables;
}

/* The pass's kernel arguments; twiddles: its table of n values
 * (stage_twiddle_table). */
static gboolean
row_pass_set_args (ClfftRowPass * pass, cl_mem twiddles,
    const ClfftRowSide * src, const ClfftRowSide * dst, guint rows,
    guint sub_rows, const ClfftRowTables * tables, GError ** error)
{
  const ClfftArgsFftRows args = {
    .src = src->mem,
    .dst = dst->mem,
    .tw = twiddles,
    .num = {
      .src_stride = src->layout.stride,
      .src_dist = src->layout.distance,
      .dst_stride = dst->layout.stride,
      .dst_dist = dst->layout.distance,
      .batch = rows,
      .gain_dist = tables->gain_distance,
      .sub_rows = sub_rows,
      .src_sub_step = src->sub_step,
      .src_elem_step = src->elem_step,
      .dst_sub_step = dst->sub_step,
      .dst_elem_step = dst->elem_step,
      .magnitude = tables->magnitude,
      .scale = tables->scale,
      .offset = tables->offset,
    },
    .real_tw = tables->real_twiddles,
    .gain = tables->gain,
    .chirp = tables->chirp,
    .conv = tables->conv,
    .step_tw = tables->step_twiddles,
    .split_tw = tables->split_twiddles,
    .sh = pass->shape,
  };
  const guint options = spec_tables (&pass->spec)
      | (pass->generic ? CLFFT_ARGS_FFT_ROWS_GENERIC : 0);

  /* a pixel pair holds a sample of each of the two rows */
  if (rows % 2 && CLFFT_ROW_TWO_CHANNELS_OF_PAIRS (pass->spec.load,
          pass->spec.store)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "two channels of pixel pairs take an even number of rows, not %u",
        rows);
    return FALSE;
  }
  /* (no rows: a trial launch, kernel_runs_group) */
  if (pass->spec.split_columns && rows
      && rows != 2 * pass->spec.split_columns) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a pass that splits columns of %u takes all their rows, not %u",
        2 * pass->spec.split_columns, rows);
    return FALSE;
  }
  return clfft_kernel_args_fft_rows (pass->kernel, &args, options, error);
}

gboolean
clfft_row_pass_set_args (ClfftRowPass * pass, const ClfftRowSide * src,
    const ClfftRowSide * dst, guint rows, guint sub_rows,
    const ClfftRowTables * tables, GError ** error)
{
  return clfft_row_pass_build (pass, error)
      && row_pass_set_args (pass, pass->twiddles, src, dst, rows, sub_rows,
      tables, error);
}

/* Whether the pass unfolds a real spectrum as it writes across its rows
 * (UNFOLD_ACROSS_ROWS in kernels/fft_stockham.cl): its groups hold
 * sub-rows in pairs, k1 and n1 - k1. */
static gboolean
unfolds_across_rows (const ClfftRowPassSpec * spec)
{
  return spec->store == CLFFT_STORE_HALF_SPECTRUM
      && (spec->flags & CLFFT_ROW_STORE_ACROSS_ROWS);
}

gboolean
clfft_row_unfold_across_rows_fits (ClfftEngine * engine, guint n)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  /* two rows of PITCH (n + 1, no spare slots across rows); the generic
   * build takes one row a group */
  return !overrides.generic_kernels && 2 * (gsize) (n + 1) *
      sizeof (cl_float2) <= clfft_overrides_limit (dev->local_mem_size,
      overrides.local_memory_reported);
}

void
clfft_row_pass_shape (const ClfftRowPass * pass, guint rows, guint sub_rows,
    gsize * global, gsize * local)
{
  /* two real rows make one row of the FFT */
  guint fft_rows = CLFFT_ROW_TWO_REAL_ROWS_PER_ROW (pass->spec.load,
      pass->spec.store) ? rows / 2 + rows % 2 : rows;
  guint groups = (fft_rows + pass->rows_per_group - 1) / pass->rows_per_group;

  if (unfolds_across_rows (&pass->spec)) {
    /* each set's sub-rows below (n1 + 1) / 2, half a group at a time,
     * each with its mirror beside it */
    const guint half = pass->rows_per_group / 2,
        lower = (sub_rows + 1) / 2;

    groups = rows / sub_rows * ((lower + half - 1) / half);
  }
  *local = (gsize) pass->threads_per_row * pass->rows_per_group;
  *global = (gsize) groups * *local;
}

/* Whether the device runs one group of local work-items of the built
 * kernel. The group gets a batch of no rows, so it reads only its tables
 * (a scratch buffer of n zeros stands in for them) and writes nothing. */
static gboolean
kernel_runs_group (ClfftRowPass * pass, gsize local)
{
  gsize bytes = (gsize) pass->n * sizeof (cl_float2);
  gpointer zeros = clfft_engine_try_alloc (pass->engine, pass->n,
      sizeof (cl_float2), TRUE, "a trial table", NULL);
  cl_mem table = zeros ? clfft_buffer_new (pass->engine, CL_MEM_READ_ONLY |
      CL_MEM_COPY_HOST_PTR, bytes, zeros, NULL) : NULL;
  cl_command_queue queue = clfft_queue_new (pass->engine, NULL);
  const ClfftRowSide side = { table, {1, pass->n}, 0, 1 };
  const ClfftRowTables tables = { table, table, table, table, table, 0,
    1.0f, 0.0f, 0, table
  };
  cl_int st = CL_INVALID_VALUE;

  g_free (zeros);
  if (table && queue && row_pass_set_args (pass, table, &side, &side, 0, 1,
          &tables, NULL)) {
    st = clEnqueueNDRangeKernel (queue, pass->kernel, 1, NULL, &local,
        &local, 0, NULL, NULL);
    if (st == CL_SUCCESS)
      st = clFinish (queue);
  }
  clfft_buffer_release (&table);
  clfft_queue_release (&queue);
  return st == CL_SUCCESS;
}


/* How many of the wanted work-items per group the built kernel allows; 0
 * on error. NVIDIA's OpenCL (driver 580) reports 256 for every kernel,
 * even one built for a larger group (reqd_work_group_size) that it runs
 * as asked: a group that the kernel was built for and that the device
 * runs is allowed whatever the report says. */
static gsize
kernel_work_group_size (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    gsize wanted, GError ** error)
{
  gsize allowed = 0;
  cl_int st = clGetKernelWorkGroupInfo (pass->kernel, dev->id,
      CL_KERNEL_WORK_GROUP_SIZE, sizeof (allowed), &allowed, NULL);
  ClfftOverrides overrides;

  if (st != CL_SUCCESS) {
    clfft_fail (error, st, "clGetKernelWorkGroupInfo");
    return 0;
  }
  clfft_overrides_read (&overrides);
  /* A test aid: pretend the device reported fewer work-items (as NVIDIA's
   * does), so that the plan tries a group of the size it built for. */
  allowed = clfft_overrides_limit (allowed,
      overrides.kernel_work_group_reported);
  if (allowed < wanted && !pass->generic && kernel_runs_group (pass, wanted)) {
    clfft_log (CLFFT_LOG_INFO, "%s reports %" G_GSIZE_FORMAT " work-items "
        "per group for the length-%u kernel and runs the %" G_GSIZE_FORMAT
        " it was built for", dev->name, allowed, pass->n, wanted);
    allowed = wanted;
  }
  /* A test aid: pretend the compiler allowed fewer work-items. */
  return clfft_overrides_limit (allowed, overrides.kernel_work_group_limit);
}

/* Halves wanted until that many rows of row_bytes fit the budget and their
 * work-items the cap. */
static guint
rows_that_fit (guint wanted, gsize row_bytes, gsize budget, guint threads,
    gsize cap)
{
  guint rows = wanted;

  while (rows > 1 && ((gsize) rows * row_bytes > budget
          || (gsize) rows * threads > cap))
    rows /= 2;
  return rows;
}

/* Bank conflicts of one exchange laid out in blocks of block values with
 * pad spare slots after each (EXCHANGE_BLOCKS in kernels/fft_stockham.cl),
 * as NVIDIA's GPUs count them: 8-byte accesses go 16 lanes at a time to
 * 16 pairs of banks, and a pair that two addresses share serves them one
 * after the other (the lanes of one access touch distinct values, so
 * distinct addresses). The sum, over the exchange's stores and loads, of
 * each access's longest queue. */
static guint
exchange_conflicts (guint n, guint threads, guint wr, guint ns, guint rr,
    guint block, guint pad)
{
  const guint in_stride = n / rr;
  const guint in_skip = in_stride + pad * (in_stride / block);
  guint cost = 0;

  for (guint side = 0; side < 2; side++) {
    const guint radix = side ? rr : wr;
    const guint per_item = (n / radix + threads - 1) / threads;

    for (guint c = 0; c < per_item; c++)
      for (guint r = 0; r < radix; r++)
        for (guint lane0 = 0; lane0 < threads; lane0 += 16) {
          guint hits[16] = { 0 }, queue = 0;

          for (guint t = lane0; t < MIN (lane0 + 16, threads); t++) {
            const guint j = t + c * threads;
            guint addr;

            if (j >= n / radix)
              break;
            addr = side ? j + pad * (j / block) + r * in_skip :
                (j - j % ns) * wr + j % ns + pad * (j / (block / wr)) + r * ns;
            hits[addr % 16]++;
            queue = MAX (queue, hits[addr % 16]);
          }
          cost += queue;
        }
  }
  return cost;
}

/* The layout of the exchange between a stage of radix wr, after which
 * ns * wr points are combined, and one of radix rr, in a row with a spare
 * slot every 8 values (PITCH): blocks of *block values, a multiple of
 * ns * wr (so that a butterfly's outputs share a block) that divides the
 * next stage's input stride n / rr (so that its inputs lie a constant
 * apart), each followed by *pad spare slots, at most n / 8 in all. Of
 * those, the one with the fewest bank conflicts, then the least padding.
 * Every value's place is then its butterfly's place plus a constant, which
 * NVIDIA's compiler folds into the load or store. */
static void
exchange_layout (guint n, guint threads, guint wr, guint ns, guint rr,
    guint * block, guint * pad)
{
  guint best = G_MAXUINT;

  *block = n;
  *pad = 0;
  for (guint b = ns * wr; b <= n; b += ns * wr) {
    if ((n / rr) % b != 0 && b != n)
      continue;
    for (guint p = 0; p < 16; p++) {
      guint cost;

      /* a block of the whole row takes no spare slots */
      if (p > 0 && (b == n || p * ((n - 1) / b) > n / 8))
        break;
      cost = exchange_conflicts (n, threads, wr, ns, rr, b, p);
      if (cost < best) {
        best = cost;
        *block = b;
        *pad = p;
      }
    }
  }
}

/* EXCHANGE_BLOCKS and EXCHANGE_PADS: the layout of the exchange after
 * each stage, and last that of the exchange from the last stage back to
 * the first (GAIN_BETWEEN, CONV_BETWEEN). */
static void
append_exchange_layouts (GString * options, guint n, guint threads,
    const guint * radices, guint n_stages)
{
  guint blocks[CLFFT_MAX_STAGES], pads[CLFFT_MAX_STAGES], ns = 1;

  for (guint s = 0; s < n_stages; s++) {
    const guint next = s + 1 < n_stages ? radices[s + 1] : radices[0];

    exchange_layout (n, threads, radices[s], s + 1 < n_stages ? ns :
        n / radices[s], next, &blocks[s], &pads[s]);
    ns *= radices[s];
  }
  g_string_append (options, " -D EXCHANGE_BLOCKS=");
  for (guint s = 0; s < n_stages; s++)
    g_string_append_printf (options, "%s%u", s ? "," : "", blocks[s]);
  g_string_append (options, " -D EXCHANGE_PADS=");
  for (guint s = 0; s < n_stages; s++)
    g_string_append_printf (options, "%s%u", s ? "," : "", pads[s]);
}

/* The compute units that passes across rows spread their groups over: the
 * device's, or as many as the test aid in the environment says (so that
 * PoCL builds the shapes of a GPU's 132). */
static guint
spread_units (const ClfftDeviceInfo * dev)
{
  ClfftOverrides overrides;

  clfft_overrides_read (&overrides);
  /* in place of the device's, more or fewer */
  return overrides.compute_units_reported > 0 ?
      (guint) MIN (overrides.compute_units_reported, G_MAXUINT) :
      dev->compute_units;
}

guint
clfft_row_pass_spread_units (const ClfftRowPass * pass)
{
  const guint interleaved = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;

  if ((pass->spec.flags & interleaved) != interleaved
      || !(pass->spec.flags & CLFFT_ROW_GAIN_BETWEEN) || pass->generic
      || !pass->spec.spread_rows)
    return 0;
  return spread_units (clfft_engine_get_device (pass->engine));
}

/* Chooses the work-group shape for at most cap work-items and builds the
 * kernel: the schedule's work-items per row (fewer under the cap), stages
 * with more butterflies running several per work-item, and short rows
 * packed several to a group. A pass that reads or writes across rows wants
 * ACROSS_ROWS_WANTED rows side by side, as local memory allows; one that
 * does both (interleaved) and fits fewer than a sector's worth exchanges
 * real and imaginary parts apart where that fits more (SPLIT_EXCHANGE).
 * Where the groups of an interleaved pass with a gain between its two FFTs
 * would leave compute units idle, it takes fewer rows per group, down to
 * a sector's worth, so that each unit gets one group: the filter's column
 * pass at 1280x720 got faster so on a GPU whose units outnumbered its
 * groups, while the same columns forward only got slower, and keep their
 * groups (docs/experiments/2026-11-26-columns-spread-queue-ahead.md). */
static gboolean
build_row_kernel (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    const ClfftRowSchedule * schedule, guint flags, gsize cap,
    const gchar * suffix, GError ** error)
{
  const guint both_across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  gboolean across_rows = (flags & both_across) != 0;
  gboolean interleaved = (flags & both_across) == both_across;
  ClfftOverrides overrides;
  gsize local_mem;
  guint n = pass->n, values = 0, rows, units;
  const guint *radices = schedule->radices, n_stages = schedule->n_stages;
  /* spare local slots (PADDED in kernels/fft_stockham.cl) cost a pass
   * across rows rows per group, and gained nothing there on the GPUs
   * measured */
  gboolean pad = !across_rows;
  /* a row in local memory: PITCH in kernels/fft_stockham.cl */
  guint pitch = pad ? n + n / 8 + 1 : n + 1;
  gsize local_budget, local_bytes;
  GString *options;

  /* A test aid: pretend the device offers less local memory (NVIDIA's
   * 48 KiB), so that PoCL builds the shapes a GPU gets. */
  clfft_overrides_read (&overrides);
  local_mem = clfft_overrides_limit (dev->local_mem_size,
      overrides.local_memory_reported);
  local_budget = across_rows ? local_mem : local_mem / 2;

  /* a pass that unfolds across its rows holds them in pairs: it takes
   * fewer work-items a row, as the cap allows two rows */
  pass->threads_per_row = MIN (pass->generic ? GENERIC_THREADS :
      schedule->threads, unfolds_across_rows (&pass->spec) ?
      MAX (cap / 2, 1) : cap);
  for (guint s = 0; s < n_stages; s++) {
    guint per_item = (n / radices[s] + pass->threads_per_row - 1) /
        pass->threads_per_row;
    values = MAX (values, per_item * radices[s]);
  }
  if (pass->generic) {
    if (values > GENERIC_VALUES) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
          "the generic kernel does not run length %u on %u work-items", n,
          pass->threads_per_row);
      return FALSE;
    }
    values = GENERIC_VALUES;
    pitch = GENERIC_MAX_N + GENERIC_MAX_N / 8 + 1;
  }
  rows = pass->generic ? 1 : across_rows ? ACROSS_ROWS_WANTED :
      MAX (1, ROW_GROUP_TARGET / pass->threads_per_row);
  rows = rows_that_fit (rows, pitch * sizeof (cl_float2), local_budget,
      pass->threads_per_row, cap);
  pass->split_exchange = FALSE;
  if (interleaved && !pass->generic && rows < CLFFT_SECTOR_VALUES) {
    guint split_rows = rows_that_fit (ACROSS_ROWS_WANTED,
        pitch * sizeof (cl_float), local_budget, pass->threads_per_row, cap);

    if (split_rows > rows) {
      rows = split_rows;
      pass->split_exchange = TRUE;
    }
  }
  units = clfft_row_pass_spread_units (pass);
  if (units && !pass->split_exchange) {
    const guint per_unit = (pass->spec.spread_rows - 1) / units + 1;

    if (per_unit >= CLFFT_SECTOR_VALUES && per_unit < rows)
      rows = per_unit;
  }
  if (unfolds_across_rows (&pass->spec) && rows < 2) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "unfolding a real spectrum across rows of length %u takes two rows "
        "a group; %s fits one", n, dev->name);
    return FALSE;
  }
  pass->rows_per_group = rows;
  pass->values = values;
  local_bytes = (gsize) rows * pitch * (pass->split_exchange ?
      sizeof (cl_float) : sizeof (cl_float2));
  if (local_bytes > local_mem) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "FFT length %u needs %" G_GSIZE_FORMAT " bytes of local memory; %s "
        "offers %" G_GSIZE_FORMAT, n, local_bytes, dev->name, local_mem);
    return FALSE;
  }

  options = g_string_new (NULL);
  if (pass->generic) {
    g_string_append_printf (options, "-D GENERIC -D MAX_N=%u -D THREADS=%u "
        "-D ROWS=1 -D VALUES=%u", GENERIC_MAX_N, pass->threads_per_row,
        values);
  } else {
    g_string_append_printf (options, "-D N=%u -D THREADS=%u -D ROWS=%u "
        "-D VALUES=%u -D NUM_STAGES=%u -D RADICES=", n, pass->threads_per_row,
        rows, values, n_stages);
    for (guint s = 0; s < n_stages; s++)
      g_string_append_printf (options, "%s%u", s ? "," : "", radices[s]);
  }
  if (!pad)
    g_string_append (options, " -D NO_LDS_PAD");
  else if (!pass->generic)
    append_exchange_layouts (options, n, pass->threads_per_row, radices,
        n_stages);
  if (pass->split_exchange)
    g_string_append (options, " -D SPLIT_EXCHANGE");
  if (schedule->prefetch_twiddles)
    g_string_append (options, " -D PREFETCH_TWIDDLES");
  g_string_append (options, suffix);
  pass->kernel = clfft_kernel_new (pass->engine, "fft_stockham.cl",
      options->str, "fft_rows", error);
  g_string_free (options, TRUE);
  return pass->kernel != NULL;
}

cl_mem
clfft_table_upload (ClfftEngine * engine, const cl_float2 * table,
    guint count, GError ** error)
{
  return clfft_buffer_new (engine, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
      count * sizeof (cl_float2), (gpointer) table, error);
}

cl_mem
clfft_twiddle_table (ClfftEngine * engine, guint count, guint period,
    GError ** error)
{
  /* the first of the split tables alone */
  return clfft_split_twiddle_table (engine, count, 0, period, error);
}

guint
clfft_step_twiddle_shift (guint n)
{
  guint shift = 0;

  while ((guint64) 1 << (2 * shift) < n)
    shift++;
  return shift;
}

cl_mem
clfft_split_twiddle_table (ClfftEngine * engine, guint low, guint high,
    guint period, GError ** error)
{
  cl_float2 *table = clfft_engine_try_alloc (engine, low + high,
      sizeof (cl_float2), FALSE, "a twiddle table", error);
  cl_mem buffer;

  if (!table)
    return NULL;
  for (guint m = 0; m < low + high; m++) {
    double angle = -2.0 * G_PI * (double) (m < low ? m : (guint64) (m - low)
        * low) / (double) period;

    table[m].s[0] = (float) cos (angle);
    table[m].s[1] = (float) sin (angle);
  }
  buffer = clfft_table_upload (engine, table, low + high, error);
  g_free (table);
  return buffer;
}

/* The stages' twiddles, in the layout fft_pass () in
 * kernels/fft_stockham.cl reads: after the first stage, a block per stage
 * of radix R after ns combined points, entry (r - 1) * ns + k holding
 * exp(-2 pi i r k / (ns R)). The blocks take n - R1 entries; the table
 * has n (the trial group's scratch table stands in for it). */
static cl_mem
stage_twiddle_table (ClfftEngine * engine, const ClfftRowSchedule * schedule,
    guint n, GError ** error)
{
  cl_float2 *table = clfft_engine_try_alloc (engine, n, sizeof (cl_float2),
      TRUE, "a twiddle table", error), *block = table;
  cl_mem buffer;
  guint ns = schedule->radices[0];

  if (!table)
    return NULL;
  for (guint s = 1; s < schedule->n_stages; s++) {
    guint radix = schedule->radices[s];

    for (guint r = 1; r < radix; r++)
      for (guint k = 0; k < ns; k++) {
        double angle = -2.0 * G_PI * (double) (r * k) / (double) (ns * radix);

        block[(r - 1) * ns + k].s[0] = (float) cos (angle);
        block[(r - 1) * ns + k].s[1] = (float) sin (angle);
      }
    block += (radix - 1) * ns;
    ns *= radix;
  }
  g_assert (block <= table + n);
  buffer = clfft_table_upload (engine, table, n, error);
  g_free (table);
  return buffer;
}

static const gchar *const load_options[] = {
  [CLFFT_LOAD_COMPLEX] = "",
  [CLFFT_LOAD_U8] = " -D LOAD_U8",
  [CLFFT_LOAD_U16] = " -D LOAD_U16",
  [CLFFT_LOAD_REAL] = " -D LOAD_REAL",
  [CLFFT_LOAD_REAL_PAIRS] = " -D LOAD_REAL_PAIRS",
  [CLFFT_LOAD_HERMITIAN] = " -D LOAD_HERMITIAN",
  [CLFFT_LOAD_HALF_SPECTRUM] = " -D LOAD_HALF_SPECTRUM",
  [CLFFT_LOAD_U8_PAIRS] = " -D LOAD_U8_PAIRS",
  [CLFFT_LOAD_U16_PAIRS] = " -D LOAD_U16_PAIRS",
  [CLFFT_LOAD_TWO_REAL_ROWS] = " -D LOAD_TWO_REAL_ROWS",
  [CLFFT_LOAD_TWO_HALF_SPECTRA] = " -D LOAD_TWO_HALF_SPECTRA",
};

static const gchar *const store_options[] = {
  [CLFFT_STORE_COMPLEX] = "",
  [CLFFT_STORE_U8] = " -D STORE_U8",
  [CLFFT_STORE_U16] = " -D STORE_U16",
  [CLFFT_STORE_REAL] = " -D STORE_REAL",
  [CLFFT_STORE_REAL_PAIRS] = " -D STORE_REAL_PAIRS",
  [CLFFT_STORE_HALF] = " -D STORE_HALF",
  [CLFFT_STORE_HALF_SPECTRUM] = " -D STORE_HALF_SPECTRUM",
  [CLFFT_STORE_U8_PAIRS] = " -D STORE_U8_PAIRS",
  [CLFFT_STORE_U16_PAIRS] = " -D STORE_U16_PAIRS",
  [CLFFT_STORE_TWO_HALF_SPECTRA] = " -D STORE_TWO_HALF_SPECTRA",
};

static const struct
{
  guint flag;
  const gchar *option;
} flag_options[] = {
  {CLFFT_ROW_GAIN_BETWEEN, " -D GAIN_BETWEEN"},
  {CLFFT_ROW_GAIN_ON_STORE, " -D GAIN_ON_STORE"},
  {CLFFT_ROW_CONV_BETWEEN, " -D CONV_BETWEEN"},
  {CLFFT_ROW_LOAD_CHIRP, " -D LOAD_CHIRP"},
  {CLFFT_ROW_STORE_CHIRP, " -D STORE_CHIRP"},
  {CLFFT_ROW_STORE_CONV, " -D STORE_CONV"},
  {CLFFT_ROW_STORE_TWIDDLE, " -D STORE_TWIDDLE"},
  {CLFFT_ROW_LOAD_ACROSS_ROWS, " -D LOAD_ACROSS_ROWS"},
  {CLFFT_ROW_STORE_ACROSS_ROWS, " -D STORE_ACROSS_ROWS"},
  {CLFFT_ROW_SETS, " -D ROW_SETS"},
  {CLFFT_ROW_UNIT_STRIDE, " -D UNIT_STRIDE"},
  {CLFFT_ROW_STREAM_GAIN, " -D STREAM_GAIN"},
  {CLFFT_ROW_DROP_INPUT, " -D DROP_INPUT"},
  {CLFFT_ROW_STREAM_PIXELS, " -D STREAM_PIXELS"},
  {CLFFT_ROW_GAIN_MIRRORED, " -D GAIN_MIRRORED"},
  {CLFFT_ROW_SETS_SIDE_BY_SIDE, " -D SETS_SIDE_BY_SIDE"},
};

gboolean
clfft_row_cache_hints_supported (const ClfftDeviceInfo * dev)
{
  /* discard.global.L2 came with compute capability 8 */
  return (dev->type & CL_DEVICE_TYPE_GPU) && dev->nv_compute_major >= 8;
}

static gboolean
pixel_load (ClfftRowLoad load)
{
  return load == CLFFT_LOAD_U8 || load == CLFFT_LOAD_U16
      || load == CLFFT_LOAD_U8_PAIRS || load == CLFFT_LOAD_U16_PAIRS;
}

static gboolean
pixel_store (ClfftRowStore store)
{
  return store == CLFFT_STORE_U8 || store == CLFFT_STORE_U16
      || store == CLFFT_STORE_U8_PAIRS || store == CLFFT_STORE_U16_PAIRS;
}

/* spec's flags less the cache hints that dev or the pass do not take
 * (the generic build reads rows of any length: it drops none). */
static guint
applied_flags (const ClfftRowPassSpec * spec, const ClfftDeviceInfo * dev,
    gboolean generic)
{
  const guint across = CLFFT_ROW_LOAD_ACROSS_ROWS | CLFFT_ROW_SETS;
  guint flags = spec->flags;

  if (!clfft_row_cache_hints_supported (dev))
    flags &= ~CLFFT_ROW_CACHE_HINTS;
  if (!(flags & (CLFFT_ROW_GAIN_BETWEEN | CLFFT_ROW_GAIN_ON_STORE)))
    flags &= ~CLFFT_ROW_STREAM_GAIN;
  if ((spec->load != CLFFT_LOAD_HALF_SPECTRUM
          && spec->load != CLFFT_LOAD_HERMITIAN
          && spec->load != CLFFT_LOAD_TWO_HALF_SPECTRA)
      || !(flags & CLFFT_ROW_UNIT_STRIDE) || (flags & across) || generic
      || spec->split_columns)
    flags &= ~CLFFT_ROW_DROP_INPUT;
  if (!(flags & CLFFT_ROW_UNIT_STRIDE) || !(pixel_load (spec->load)
          || pixel_store (spec->store)))
    flags &= ~CLFFT_ROW_STREAM_PIXELS;
  return flags;
}

/* The -D options of a spec, after the shape ones (which the generic
 * build takes at launch instead, with the lengths and the sign). */
static gchar *
spec_options (const ClfftRowPassSpec * spec, gboolean generic)
{
  GString *s = g_string_new (NULL);
  guint length = spec->length ? spec->length : spec->n;

  g_string_append_printf (s, "%s%s", load_options[spec->load],
      store_options[spec->store]);
  for (guint i = 0; i < G_N_ELEMENTS (flag_options); i++)
    if (spec->flags & flag_options[i].flag)
      g_string_append (s, flag_options[i].option);
  for (guint i = 0; i < G_N_ELEMENTS (row_tables); i++)
    if (spec_tables (spec) & row_tables[i].table)
      g_string_append (s, row_tables[i].option);
  if (spec->halves_below)
    g_string_append_printf (s, " -D HALVES_BELOW=%u", spec->halves_below);
  if (spec->split_columns)
    g_string_append_printf (s, " -D SPLIT_COLUMNS=%u", spec->split_columns);
  if (spec->flags & CLFFT_ROW_STORE_TWIDDLE)
    g_string_append_printf (s, " -D STEP_TW_SHIFT=%u",
        spec->step_twiddle_shift);
  if (generic)
    return g_string_free (s, FALSE);
  g_string_append_printf (s, " -D SIGN=%s", spec->sign < 0 ? "-1.0f" :
      "1.0f");
  if (length != spec->n)
    g_string_append_printf (s, " -D LENGTH=%u", length);
  if (spec->load_length && spec->load_length != length)
    g_string_append_printf (s, " -D LOAD_LENGTH=%u", spec->load_length);
  if (spec->store_length && spec->store_length != length)
    g_string_append_printf (s, " -D STORE_LENGTH=%u", spec->store_length);
  return g_string_free (s, FALSE);
}

gboolean
clfft_row_pass_init (ClfftRowPass * pass, ClfftEngine * engine,
    const ClfftRowPassSpec * spec, GError ** error)
{
  return clfft_row_pass_init_scheduled (pass, engine, spec, NULL, error);
}

/* Builds pass's kernel for schedule from pass->spec. The compiled kernel
 * may allow fewer work-items than the device (its register use): it is
 * then rebuilt for that many. */
static gboolean
build_fitting_kernel (ClfftRowPass * pass, const ClfftDeviceInfo * dev,
    const ClfftRowSchedule * schedule, gsize cap, GError ** error)
{
  gchar *suffix = spec_options (&pass->spec, pass->generic);
  gsize allowed;

  for (guint attempt = 0; attempt < 4; attempt++) {
    if (!build_row_kernel (pass, dev, schedule, pass->spec.flags, cap,
            suffix, error))
      break;
    allowed = kernel_work_group_size (pass, dev,
        (gsize) pass->threads_per_row * pass->rows_per_group, error);
    if (allowed >= (gsize) pass->threads_per_row * pass->rows_per_group)
      break;
    clfft_log (CLFFT_LOG_INFO, "the length-%u kernel allows %" G_GSIZE_FORMAT
        " work-items per group, not %u: rebuilding", pass->n, allowed,
        pass->threads_per_row * pass->rows_per_group);
    clfft_kernel_release (&pass->kernel);
    if (allowed == 0)
      break;
    cap = allowed;
  }
  g_free (suffix);
  return pass->kernel != NULL;
}

/* Everything of pass but its kernel: the spec as applied, the schedule
 * and its twiddles. */
static gboolean
row_pass_plan (ClfftRowPass * pass, ClfftEngine * engine,
    const ClfftRowPassSpec * spec, const ClfftRowSchedule * wanted,
    GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (engine);
  ClfftRowSchedule schedule = { {0}, 0, 0, 0 };
  ClfftOverrides overrides;

  memset (pass, 0, sizeof (*pass));
  if (wanted)
    schedule = *wanted;
  else if (spec->n >= 1 && spec->n <= CLFFT_MAX_ROW_LENGTH)
    radix_schedule (spec->n, use_composite_radices (dev), &schedule);
  if (schedule.n_stages == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "a row pass does not run length %u: it takes lengths up to %u with "
        "no prime factor other than 2, 3, 5, 7, 11 and 13", spec->n,
        CLFFT_MAX_ROW_LENGTH);
    return FALSE;
  }
  for (guint s = 0; s < schedule.n_stages; s++) {
    gsize used = strlen (pass->radices);

    g_snprintf (pass->radices + used, sizeof (pass->radices) - used, "%s%u",
        s ? "x" : "", schedule.radices[s]);
  }
  if (schedule.prefetch_twiddles)
    g_strlcat (pass->radices, "+prefetch", sizeof (pass->radices));
  pass->n = spec->n;
  pass->spec = *spec;
  pass->schedule = schedule;
  pass->engine = clfft_engine_ref (engine);
  clfft_overrides_read (&overrides);
  /* the generic build takes the sign at launch: SPLIT_COLUMNS needs it
   * at build time */
  pass->generic = overrides.generic_kernels && !spec->split_columns;
  pass->spec.flags = applied_flags (spec, dev, pass->generic);
  if (pass->generic) {
    ClfftGenericShape *shape = &pass->shape;

    shape->n = spec->n;
    shape->num_stages = schedule.n_stages;
    shape->length = spec->length ? spec->length : spec->n;
    shape->load_length = spec->load_length ? spec->load_length :
        shape->length;
    shape->store_length = spec->store_length ? spec->store_length :
        shape->length;
    shape->sign = spec->sign < 0 ? -1.0f : 1.0f;
    memcpy (shape->radices, schedule.radices,
        schedule.n_stages * sizeof (guint));
  }
  pass->twiddles = stage_twiddle_table (engine, &schedule, pass->n, error);
  if (!pass->twiddles) {
    clfft_row_pass_clear (pass);
    return FALSE;
  }
  return TRUE;
}

gboolean
clfft_row_pass_build (ClfftRowPass * pass, GError ** error)
{
  const ClfftDeviceInfo *dev = clfft_engine_get_device (pass->engine);
  const gsize cap = dev->max_work_group_size;

  if (pass->kernel)
    return TRUE;
  if (!build_fitting_kernel (pass, dev, &pass->schedule, cap, error)
      && (pass->spec.flags & CLFFT_ROW_CACHE_HINTS)) {
    /* a driver whose compiler is older than PTX ISA 7.4 does not take
     * discard.global.L2: the pass runs without the hints */
    clfft_log (CLFFT_LOG_INFO, "the length-%u kernel runs without cache "
        "hints: %s", pass->n, error && *error ? (*error)->message : "");
    if (error)
      g_clear_error (error);
    pass->spec.flags &= ~CLFFT_ROW_CACHE_HINTS;
    build_fitting_kernel (pass, dev, &pass->schedule, cap, error);
  }
  if (!pass->kernel && error && !*error)
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no work-group shape of the length-%u kernel fits %s", pass->n,
        dev->name);
  return pass->kernel != NULL;
}

gboolean
clfft_row_pass_init_unbuilt (ClfftRowPass * pass, ClfftEngine * engine,
    const ClfftRowPassSpec * spec, GError ** error)
{
  return row_pass_plan (pass, engine, spec, NULL, error);
}

gboolean
clfft_row_pass_init_scheduled (ClfftRowPass * pass, ClfftEngine * engine,
    const ClfftRowPassSpec * spec, const ClfftRowSchedule * wanted,
    GError ** error)
{
  if (!row_pass_plan (pass, engine, spec, wanted, error))
    return FALSE;
  if (!clfft_row_pass_build (pass, error)) {
    clfft_row_pass_clear (pass);
    return FALSE;
  }
  return TRUE;
}

void
clfft_row_pass_clear (ClfftRowPass * pass)
{
  clfft_kernel_release (&pass->kernel);
  clfft_buffer_release (&pass->twiddles);
  if (pass->engine)
    clfft_engine_unref (pass->engine);
  memset (pass, 0, sizeof (*pass));
}

ClfftEvents
clfft_events_step (const ClfftEvents * events, guint i, guint n_steps)
{
  ClfftEvents step = { 0, NULL, NULL };

  if (events && i == 0) {
    step.n_wait = events->n_wait;
    step.wait = events->wait;
  }
  if (events && i + 1 == n_steps)
    step.done = events->done;
  return step;
}

gboolean
clfft_kernel_enqueue (ClfftEngine * engine, cl_kernel kernel, cl_uint dims,
    const gsize * global, const gsize * local, const ClfftEvents * events,
    const gchar * what, GError ** error)
{
  cl_int st;

  if (!clfft_engine_check_fault (engine, CLFFT_FAULT_AT_LAUNCH,
          "clEnqueueNDRangeKernel", error))
    return FALSE;
  clfft_engine_lock_queue (engine);
  st = clEnqueueNDRangeKernel (clfft_engine_get_queue (engine), kernel, dims,
      NULL, global, local, events ? events->n_wait : 0,
      events && events->n_wait ? events->wait : NULL,
      events ? events->done : NULL);
  clfft_engine_unlock_queue (engine);
  if (st != CL_SUCCESS) {
    gchar *call = g_strdup_printf ("clEnqueueNDRangeKernel (%s)", what);

    clfft_fail (error, st, call);
    g_free (call);
    return FALSE;
  }
  return TRUE;
}

gboolean
clfft_row_pass_enqueue (ClfftRowPass * pass, const ClfftRowSide * src,
    const ClfftRowSide * dst, guint rows, guint sub_rows,
    const ClfftRowTables * tables, const ClfftEvents * events,
    GError ** error)
{
  gsize local, global;

  g_return_val_if_fail (rows > 0 && sub_rows > 0, FALSE);
  if (!clfft_row_pass_build (pass, error))
    return FALSE;
  clfft_row_pass_shape (pass, rows, sub_rows, &global, &local);
  return row_pass_set_args (pass, pass->twiddles, src, dst, rows, sub_rows,
      tables, error)
      && clfft_kernel_enqueue (pass->engine, pass->kernel, 1, &global,
      &local, events, "fft_rows", error);
}

gboolean
clfft_transpose_pass_init (ClfftTransposePass * pass, ClfftEngine * engine,
    GError ** error)
{
  gchar *options = g_strdup_printf ("-D TILE=%d -D TILE_ROWS=%d",
      TRANSPOSE_TILE, TRANSPOSE_TILE_ROWS);

  pass->engine = clfft_engine_ref (engine);
  pass->kernel = clfft_kernel_new (engine, "transpose.cl", options, "transpose",
      error);
  g_free (options);
  if (!pass->kernel) {
    clfft_transpose_pass_clear (pass);
    return FALSE;
  }
  return TRUE;
}

void
clfft_transpose_pass_clear (ClfftTransposePass * pass)
{
  clfft_kernel_release (&pass->kernel);
  if (pass->engine)
    clfft_engine_unref (pass->engine);
  memset (pass, 0, sizeof (*pass));
}

gboolean
clfft_transpose_pass_enqueue (ClfftTransposePass * pass, cl_mem src,
    cl_mem dst, guint width, guint height, const ClfftEvents * events,
    GError ** error)
{
  const ClfftArgsTranspose args = {
    .src = src,
    .dst = dst,
    .width = width,
    .height = height,
  };
  gsize local[2] = { TRANSPOSE_TILE, TRANSPOSE_TILE_ROWS };
  gsize global[2] = {
    (width + TRANSPOSE_TILE - 1) / TRANSPOSE_TILE * TRANSPOSE_TILE,
    (height + TRANSPOSE_TILE - 1) / TRANSPOSE_TILE * TRANSPOSE_TILE_ROWS
  };

  return clfft_kernel_args_transpose (pass->kernel, &args, error)
      && clfft_kernel_enqueue (pass->engine, pass->kernel, 2, global, local,
      events, "transpose", error);
}
