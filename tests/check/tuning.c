/* Plan-time tuning (engine/clfft-tuning.h): a tuned transform against the
 * double-precision DFT, out of place and in place (where the timing runs
 * on a copy), every schedule tuning can pick (complex, and unfolding real
 * spectra), the layout of real rows chosen by timing, the choice
 * remembered in memory and on disk, bad cache entries discarded, and the
 * hold that timing rounds are queued behind.
 * CLFFT_TUNE=1 turns tuning on where the device is a CPU. */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-hold.h"
#include "engine/clfft-kernels.h"
#include "engine/clfft-spectrum.h"
#include "engine/clfft-transform.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-tuning.h"
#include "reference.h"

/* a length that tunes (at least 256) and has several schedules */
#define LENGTH 320
#define BATCH 24
#define TOLERANCE 5e-7

static ClfftEngine *engine;
static GRand *rng;

static GPtrArray *tuning_entries (void);

static void
setup (void)
{
  GError *error = NULL;
  GPtrArray *entries = tuning_entries ();

  /* each test starts with no choices on disk (the program cache stays) */
  for (guint i = 0; i < entries->len; i++)
    g_unlink (g_ptr_array_index (entries, i));
  g_ptr_array_unref (entries);
  g_setenv (CLFFT_TUNE_ENV, "1", TRUE);
  engine = clfft_engine_get (-1, &error);
  fail_unless (engine != NULL, "no engine: %s", error ? error->message : "");
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  clfft_engine_unref (engine);
  g_rand_free (rng);
}

static cl_mem
device_buffer (gsize size, const void *host)
{
  cl_int st;
  cl_mem buffer = clCreateBuffer (clfft_engine_get_context (engine),
      CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, (void *) host, &st);

  fail_unless_equals_int (st, CL_SUCCESS);
  return buffer;
}

/* Fills count floats of buffer with a huge value, so that an output a
 * pass leaves unwritten fails the comparison (no schedule inherits the
 * previous one's results). */
static void
poison (cl_mem buffer, gsize count)
{
  const gfloat huge = 1e30f;

  fail_unless_equals_int (clEnqueueFillBuffer (clfft_engine_get_queue
          (engine), buffer, &huge, sizeof (huge), 0, count * sizeof (gfloat),
          0, NULL, NULL), CL_SUCCESS);
}

/* Whether a launch whose result came out with relative error err is
 * built again and run again: on a device whose builds the engine checks
 * (clfft-build-check.h: a driver that builds the same kernel wrong now and
 * then), a result off by more than TOLERANCE sends the programs back to
 * be built as the next round (this thread's builds from now on; 0 again
 * where not), as the engine sends a filter's, at most
 * CLFFT_BUILD_CHECK_ROUNDS rounds in all: a kernel of ours that is wrong
 * fails every round. */
static gboolean
built_again (gdouble err, guint * round, const gchar * what)
{
  if (err <= TOLERANCE || *round + 1 >= CLFFT_BUILD_CHECK_ROUNDS
      || !clfft_build_check_wanted (clfft_engine_get_device (engine))) {
    *round = 0;
    clfft_program_cache_set_build_round (0);
    return FALSE;
  }
  GST_WARNING ("%s: relative error %g in build round %u, built again",
      what, err, *round);
  clfft_program_cache_set_build_round (++*round);
  return TRUE;
}

/* One launch of a pass of spec with each of the count schedules, with its
 * twiddles prefetched (where tuning may pick that on the device) and not,
 * rows rows from in to out (n_out floats, poisoned before each), checked
 * against ref; what names the case in a failure. Returns the launches
 * checked. */
static guint
check_schedules (const ClfftRowPassSpec * spec,
    const ClfftRowSchedule * schedules, guint count, const ClfftRowSide * in,
    const ClfftRowSide * out, guint rows, const ClfftRowTables * tables,
    gfloat * y, const gdouble * ref, gsize n_out, const gchar * what)
{
  const guint variants = clfft_tuning_prefetch_allowed
      (clfft_engine_get_device (engine)) ? 2 : 1;

  for (guint c = 0, round = 0; c < variants * count; c++) {
    ClfftRowSchedule schedule = schedules[c % count];
    ClfftRowPass pass;
    GError *error = NULL;
    gdouble err;

    schedule.prefetch_twiddles = c >= count;
  again:
    fail_unless (clfft_row_pass_init_scheduled (&pass, engine, spec,
            &schedule, &error), "%s: %s", what,
        error ? error->message : "");
    poison (out->mem, n_out);
    fail_unless (clfft_row_pass_enqueue (&pass, in, out, rows, 1, tables,
            NULL, &error), "%s", error ? error->message : "");
    fail_unless_equals_int (clEnqueueReadBuffer (clfft_engine_get_queue
            (engine), out->mem, CL_TRUE, 0, n_out * sizeof (gfloat), y, 0,
            NULL, NULL), CL_SUCCESS);
    err = rel_l2_error (y, ref, n_out);
    GST_INFO ("%s, %s on %u work-items: error %.2e", what, pass.radices,
        pass.threads_per_row, err);
    if (built_again (err, &round, what)) {
      clfft_row_pass_clear (&pass);
      goto again;
    }
    fail_unless (err <= TOLERANCE, "%s, %s on %u work-items: relative error "
        "%g", what, pass.radices, pass.threads_per_row, err);
    clfft_row_pass_clear (&pass);
  }
  return variants * count;
}

/* One forward transform of BATCH random rows through a new plan, out of
 * place or in place, checked against the reference; returns the plan's
 * schedule, e.g. "8x8x5". Where hold is given, the transform is queued
 * behind it, and the hold must have outlasted that. */
static gchar *
run_and_check_behind (gboolean in_place, ClfftHold * hold)
{
  const ClfftTransformSpec spec = { LENGTH, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, 0, BATCH
  };
  const ClfftRowLayout rows = { 1, LENGTH };
  const gsize n_values = (gsize) 2 * LENGTH * BATCH;
  gfloat *x = g_new (gfloat, n_values), *y = g_new (gfloat, n_values);
  gdouble *xd = g_new (gdouble, n_values), *ref = g_new (gdouble, n_values);
  ClfftScratch scratch = { 0, 0, {NULL, NULL} };
  ClfftTransform t;
  GError *error = NULL;
  cl_command_queue queue = clfft_engine_get_queue (engine);
  cl_event end = NULL;
  cl_mem src, dst;
  gdouble err;
  gchar *schedule;

  /* with a hold the transform runs once before it and once behind it: not
   * in place */
  fail_if (hold && in_place);
  for (gsize i = 0; i < n_values; i++)
    xd[i] = x[i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
  ref_dft_1d (xd, ref, LENGTH, BATCH, -1);
  src = device_buffer (n_values * sizeof (gfloat), x);
  dst = in_place ? src : device_buffer (n_values * sizeof (gfloat), y);
  fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
      error ? error->message : "");
  if (hold) {
    /* once before, as PoCL builds a kernel on its first launch */
    fail_unless (clfft_transform_enqueue (&t, &scratch, src, rows, dst, rows,
            BATCH, NULL, 0, 1.0f, NULL, &error), "%s",
        error ? error->message : "");
    fail_unless_equals_int (clFinish (queue), CL_SUCCESS);
    fail_unless (clfft_hold_enqueue (hold, queue, &error), "%s",
        error ? error->message : "");
  }
  fail_unless (clfft_transform_enqueue (&t, &scratch, src, rows, dst, rows,
          BATCH, NULL, 0, 1.0f, NULL, &error), "%s",
      error ? error->message : "");
  if (hold)
    fail_unless_equals_int (clEnqueueMarkerWithWaitList (queue, 0, NULL,
            &end), CL_SUCCESS);
  fail_unless_equals_int (clEnqueueReadBuffer (queue, dst, CL_TRUE, 0,
          n_values * sizeof (gfloat), y, 0, NULL, NULL), CL_SUCCESS);
  if (hold) {
    ClfftHoldOutcome outcome;

    fail_unless (clfft_hold_check (hold, end, &outcome, &error), "%s",
        error ? error->message : "");
    fail_unless_equals_int (outcome, CLFFT_HOLD_IN_TIME);
    fail_unless_equals_int (clReleaseEvent (end), CL_SUCCESS);
  }
  err = rel_l2_error (y, ref, n_values);
  GST_INFO ("%s, %s: error %.2e", in_place ? "in place" : "out of place",
      clfft_transform_describe (&t), err);
  fail_unless (err <= TOLERANCE, "%s (%s): relative error %g",
      in_place ? "in place" : "out of place", clfft_transform_describe (&t),
      err);
  schedule = g_strdup (t.passes[0].radices);
  clfft_transform_clear (&t);
  clReleaseMemObject (src);
  if (!in_place)
    clReleaseMemObject (dst);
  g_free (x);
  g_free (y);
  g_free (xd);
  g_free (ref);
  return schedule;
}

static gchar *
run_and_check (gboolean in_place)
{
  return run_and_check_behind (in_place, NULL);
}

/* Every schedule that tuning may pick for these lengths (the filter's
 * rows and columns at 1280x720 to 3840x2160, the batched 1D R2C of 4096,
 * and 4095, with radix 13), with its twiddles prefetched and not, forward over BATCH random
 * rows, against the reference. */
GST_START_TEST (test_every_schedule_is_correct)
{
  static const guint lengths[] = { 320, 640, 720, 960, 1080, 1920, 2048,
    2160, 4095
  };
  ClfftRowPassSpec spec = { 0, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
    0, 0, 0, 0
  };
  const ClfftRowTables tables = { NULL, NULL, NULL, NULL, NULL, 0, 1.0f,
    0.0f, 0
  };
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++) {
    const guint n = lengths[i];
    const gsize n_values = (gsize) 2 * n * BATCH;
    ClfftRowSchedule schedules[CLFFT_MAX_ROW_SCHEDULES];
    guint count = clfft_row_schedules (engine, n, schedules);
    gfloat *x = g_new (gfloat, n_values), *y = g_new (gfloat, n_values);
    gdouble *xd = g_new (gdouble, n_values), *ref = g_new (gdouble,
        n_values);
    cl_mem src, dst;
    ClfftRowSide in, out;
    gchar *what;

    for (gsize v = 0; v < n_values; v++)
      xd[v] = x[v] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
    ref_dft_1d (xd, ref, n, BATCH, -1);
    src = device_buffer (n_values * sizeof (gfloat), x);
    dst = device_buffer (n_values * sizeof (gfloat), y);
    spec.n = n;
    fail_unless (count >= 2, "length %u has %u schedules", n, count);
    in = (ClfftRowSide) { src, {1, n}, 0, 1 };
    out = (ClfftRowSide) { dst, {1, n}, 0, 1 };
    what = g_strdup_printf ("length %u", n);
    checked += check_schedules (&spec, schedules, count, &in, &out, BATCH,
        &tables, y, ref, n_values, what);
    g_free (what);
    clReleaseMemObject (src);
    clReleaseMemObject (dst);
    g_free (x);
    g_free (y);
    g_free (xd);
    g_free (ref);
  }
  GST_INFO ("%u schedules checked", checked);
}

GST_END_TEST;

/* The passes that unfold real spectra from their last stage's outputs
 * (each work-item reads the partners Z[L-k] of its own Z[k] in local
 * memory), with every schedule tuning may pick (twiddles prefetched and
 * not): the 1D R2C two rows at a
 * time at 1024 and 4096 points, over an odd batch (the last row alone),
 * and the half-length transforms of 1920 and 3840 real points (the
 * filter's rows at 1920x1080 and 3840x2160) and of 8190 (clfftspectrum's
 * bands=4096, radix 13), against the reference. */
GST_START_TEST (test_every_schedule_unfolds_real_spectra)
{
  static const struct
  {
    guint n;                    /* FFT length of the pass */
    gboolean two_rows;          /* else a half-length transform */
  } cases[] = { {1024, TRUE}, {4096, TRUE}, {960, FALSE}, {1920, FALSE},
  {4095, FALSE}
  };
  const guint batch = 5;
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const guint n = cases[i].n;
    const guint real_n = cases[i].two_rows ? n : 2 * n;
    const guint bins = real_n / 2 + 1;
    const gsize n_real = (gsize) real_n * batch;
    const gsize n_out = (gsize) 2 * bins * batch;
    const ClfftRowPassSpec spec = { n, -1,
      cases[i].two_rows ? CLFFT_LOAD_TWO_REAL_ROWS : CLFFT_LOAD_REAL_PAIRS,
      cases[i].two_rows ? CLFFT_STORE_TWO_HALF_SPECTRA :
          CLFFT_STORE_HALF_SPECTRUM, 0, 0, 0, 0
    };
    ClfftRowSchedule schedules[CLFFT_MAX_ROW_SCHEDULES];
    guint count = clfft_row_schedules (engine, n, schedules);
    gfloat *x = g_new (gfloat, n_real), *y = g_new (gfloat, n_out);
    gdouble *xc = g_new0 (gdouble, 2 * n_real);
    gdouble *full = g_new (gdouble, 2 * n_real), *ref = g_new (gdouble,
        n_out);
    ClfftRowTables tables = { NULL, NULL, NULL, NULL, NULL, 0, 1.0f, 0.0f,
      0
    };
    GError *error = NULL;
    cl_mem src, dst;
    ClfftRowSide in, out;
    gchar *what;

    for (gsize v = 0; v < n_real; v++) {
      x[v] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
      xc[2 * v] = x[v];
    }
    ref_dft_1d (xc, full, real_n, batch, -1);
    for (guint b = 0; b < batch; b++)
      memcpy (ref + (gsize) 2 * b * bins, full + (gsize) 2 * b * real_n,
          2 * bins * sizeof (gdouble));
    src = device_buffer (n_real * sizeof (gfloat), x);
    dst = device_buffer (n_out * sizeof (gfloat), y);
    if (!cases[i].two_rows)
      fail_unless ((tables.real_twiddles = clfft_twiddle_table (engine,
                  n + 1, 2 * n, &error)) != NULL, "%s", error->message);
    fail_unless (count >= 2, "length %u has %u schedules", n, count);
    in = (ClfftRowSide) { src, {1, real_n}, 0, 1 };
    out = (ClfftRowSide) { dst, {1, bins}, 0, 1 };
    what = g_strdup_printf ("real length %u", real_n);
    checked += check_schedules (&spec, schedules, count, &in, &out, batch,
        &tables, y, ref, n_out, what);
    g_free (what);
    if (tables.real_twiddles)
      clReleaseMemObject (tables.real_twiddles);
    clReleaseMemObject (src);
    clReleaseMemObject (dst);
    g_free (x);
    g_free (y);
    g_free (xc);
    g_free (full);
    g_free (ref);
  }
  GST_INFO ("%u schedules checked", checked);
}

GST_END_TEST;

static ClfftTuningStats
stats_now (void)
{
  ClfftTuningStats stats;

  clfft_tuning_get_stats (&stats);
  return stats;
}

/* The split that pick forced on t (a transform of length n): the rule's
 * (rule_n1, no first pass length in the spec) for 0, else one of its own,
 * unlike each earlier pick's in firsts, where it goes. */
static void
check_split_picked (const ClfftTransform * t, guint n, guint pick,
    guint rule_n1, guint * firsts)
{
  fail_unless_equals_int (t->n1 * t->n2, n);
  fail_unless_equals_int (t->spec.first_pass_length, pick ? t->n1 : 0);
  fail_unless ((pick == 0) == (t->n1 == rule_n1), "pick %u: %s", pick,
      clfft_transform_describe (t));
  for (guint p = 0; p < pick; p++)
    fail_if (firsts[p] == t->n1, "picks %u and %u: both %u x %u", p, pick,
        t->n1, t->n2);
  firsts[pick] = t->n1;
}

/* A transform in two passes times other splits of its length against
 * the rule's on its first launch and keeps the fastest: with each of the
 * CLFFT_TRANSFORM_SPLITS_TIMED splits forced in turn (CLFFT_TUNE_PICK),
 * a complex transform of 6000 points (the rule's 75 x 80) out of place
 * and in place (where the timing must run on a copy), and a real one of
 * 12000 points through the half-length transform (bins unfolded in the
 * second pass), each runs the split picked, a split of its own, and its
 * output is right; so does the inverse of the real one into bytes, with
 * an offset its owner set after init, and its second launch times
 * nothing. */
GST_START_TEST (test_split_is_chosen)
{
  static const struct
  {
    gboolean real;
    gboolean in_place;
  } cases[] = { {FALSE, FALSE}, {FALSE, TRUE}, {TRUE, FALSE} };
  const guint n = 6000, batch = 3;
  guint rule_n1 = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++) {
    const gboolean real = cases[c].real;
    /* complex: n values a row in and out; real: 2n real values (n pairs)
     * in, n + 1 bins out */
    const guint real_n = 2 * n, bins = n + 1;
    const ClfftRowLayout in_rows = { 1, real ? 2 * n : n };
    const ClfftRowLayout out_rows = { 1, real ? bins : n };
    const gsize n_in = (gsize) 2 * n * batch;
    const gsize n_out = (gsize) 2 * (real ? bins : n) * batch;
    ClfftTransformSpec spec = { n, -1,
      real ? CLFFT_LOAD_REAL_PAIRS : CLFFT_LOAD_COMPLEX,
      real ? CLFFT_STORE_HALF_SPECTRUM : CLFFT_STORE_COMPLEX, 0, batch
    };
    /* in place, the input's buffer holds the output too */
    gfloat *x = g_new0 (gfloat, MAX (n_in, n_out));
    gfloat *y = g_new (gfloat, MAX (n_in, n_out));
    gdouble *xc = g_new0 (gdouble, (gsize) 2 * real_n * batch);
    gdouble *full = g_new (gdouble, (gsize) 2 * real_n * batch);
    gdouble *ref = g_new (gdouble, n_out);
    guint firsts[CLFFT_TRANSFORM_SPLITS_TIMED];
    ClfftTransform t;
    GError *error = NULL;

    for (gsize i = 0; i < n_in; i++) {
      x[i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
      if (real)
        xc[2 * i] = x[i];
      else
        xc[i] = x[i];
    }
    if (real) {
      ref_dft_1d (xc, full, real_n, batch, -1);
      for (guint b = 0; b < batch; b++)
        memcpy (ref + (gsize) 2 * b * bins, full + (gsize) 2 * b * real_n,
            2 * bins * sizeof (gdouble));
    } else {
      ref_dft_1d (xc, ref, n, batch, -1);
    }
    spec.tuning = CLFFT_TUNING_OFF;
    fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
        error ? error->message : "");
    rule_n1 = t.n1;
    fail_unless (t.n2 > 1 && t.unfold == NULL, "%s",
        clfft_transform_describe (&t));
    clfft_transform_clear (&t);
    spec.tuning = CLFFT_TUNING_AUTO;

    for (guint pick = 0, round = 0; pick < CLFFT_TRANSFORM_SPLITS_TIMED;
        pick++) {
      ClfftScratch scratch = { 0, 0, {NULL, NULL} };
      ClfftTuningStats before;
      gchar *pick_text = g_strdup_printf ("%u", pick);
      cl_mem src, dst;
      gdouble err;

      g_setenv ("CLFFT_TUNE_PICK", pick_text, TRUE);
      g_free (pick_text);
    again:
      before = stats_now ();
      src = device_buffer (MAX (n_in, n_out) * sizeof (gfloat), x);
      dst = cases[c].in_place ? src : device_buffer (n_out * sizeof (gfloat),
          y);
      fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
          error ? error->message : "");
      clfft_scratch_add_need (&scratch, &t);
      fail_unless (clfft_scratch_alloc (&scratch, engine, &error), "%s",
          error ? error->message : "");
      fail_unless (clfft_transform_enqueue (&t, &scratch, src, in_rows, dst,
              out_rows, batch, NULL, 0, 1.0f, NULL, &error), "%s",
          error ? error->message : "");
      fail_unless_equals_int (clEnqueueReadBuffer (clfft_engine_get_queue
              (engine), dst, CL_TRUE, 0, n_out * sizeof (gfloat), y, 0, NULL,
              NULL), CL_SUCCESS);
      err = rel_l2_error (y, ref, n_out);
      GST_INFO ("%s, pick %u: %s, error %.2e", real ? "real" :
          cases[c].in_place ? "complex in place" : "complex", pick,
          clfft_transform_describe (&t), err);
      if (built_again (err, &round, clfft_transform_describe (&t))) {
        clfft_transform_clear (&t);
        clfft_scratch_clear (&scratch);
        clReleaseMemObject (src);
        if (!cases[c].in_place)
          clReleaseMemObject (dst);
        goto again;
      }
      fail_unless (err <= TOLERANCE, "pick %u (%s): relative error %g",
          pick, clfft_transform_describe (&t), err);
      fail_unless_equals_int (stats_now ().layouts_timed,
          before.layouts_timed + 1);
      check_split_picked (&t, n, pick, rule_n1, firsts);
      clfft_transform_clear (&t);
      clfft_scratch_clear (&scratch);
      clReleaseMemObject (src);
      if (!cases[c].in_place)
        clReleaseMemObject (dst);
    }
    g_free (x);
    g_free (y);
    g_free (xc);
    g_free (full);
    g_free (ref);
  }

  /* the inverse of the real case into bytes, with an offset that the
   * owner sets after init: integers 0 to 200 back (the half-length
   * inverse's scale, 1/n), plus 20, exactly; a second launch times
   * nothing */
  {
    const guint real_n = 2 * n, bins = n + 1;
    const gfloat offset = 20.0f;
    const ClfftRowLayout in_rows = { 1, bins }, out_rows = { 1, real_n };
    const ClfftTransformSpec spec = { n, 1, CLFFT_LOAD_HALF_SPECTRUM,
      CLFFT_STORE_U8_PAIRS, 0, batch
    };
    gdouble *xc = g_new0 (gdouble, (gsize) 2 * real_n * batch);
    gdouble *full = g_new (gdouble, (gsize) 2 * real_n * batch);
    gfloat *spectrum = g_new (gfloat, (gsize) 2 * bins * batch);
    guint8 *expected = g_new (guint8, (gsize) real_n * batch);
    guint8 *got = g_new (guint8, (gsize) real_n * batch);
    guint firsts[CLFFT_TRANSFORM_SPLITS_TIMED];

    for (gsize i = 0; i < (gsize) real_n * batch; i++) {
      const guint value = (guint) g_rand_int_range (rng, 0, 201);

      xc[2 * i] = value;
      expected[i] = (guint8) (value + offset);
    }
    ref_dft_1d (xc, full, real_n, batch, -1);
    for (guint b = 0; b < batch; b++)
      for (guint k = 0; k < 2 * bins; k++)
        spectrum[(gsize) 2 * b * bins + k] =
            (gfloat) full[(gsize) 2 * b * real_n + k];

    for (guint pick = 0; pick < CLFFT_TRANSFORM_SPLITS_TIMED; pick++) {
      ClfftScratch scratch = { 0, 0, {NULL, NULL} };
      ClfftTuningStats before;
      gchar *pick_text = g_strdup_printf ("%u", pick);
      ClfftTransform t;
      GError *error = NULL;
      cl_mem src, dst;
      guint wrong = 0;

      g_setenv ("CLFFT_TUNE_PICK", pick_text, TRUE);
      g_free (pick_text);
      src = device_buffer ((gsize) 2 * bins * batch * sizeof (gfloat),
          spectrum);
      dst = device_buffer ((gsize) real_n * batch, got);
      fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
          error ? error->message : "");
      clfft_transform_set_byte_output (&t, offset, FALSE);
      clfft_scratch_add_need (&scratch, &t);
      fail_unless (clfft_scratch_alloc (&scratch, engine, &error), "%s",
          error ? error->message : "");
      for (guint launch = 0; launch < 2; launch++) {
        before = stats_now ();
        fail_unless (clfft_transform_enqueue (&t, &scratch, src, in_rows,
                dst, out_rows, batch, NULL, 0, 1.0f / n, NULL, &error),
            "%s", error ? error->message : "");
        fail_unless_equals_int (stats_now ().layouts_timed,
            before.layouts_timed + (launch == 0));
      }
      fail_unless_equals_int (clEnqueueReadBuffer (clfft_engine_get_queue
              (engine), dst, CL_TRUE, 0, (gsize) real_n * batch, got, 0,
              NULL, NULL), CL_SUCCESS);
      for (gsize i = 0; i < (gsize) real_n * batch; i++)
        wrong += got[i] != expected[i];
      GST_INFO ("inverse into bytes, pick %u: %s, %u wrong", pick,
          clfft_transform_describe (&t), wrong);
      fail_unless_equals_int (wrong, 0);
      check_split_picked (&t, n, pick, rule_n1, firsts);
      clfft_transform_clear (&t);
      clfft_scratch_clear (&scratch);
      clReleaseMemObject (src);
      clReleaseMemObject (dst);
    }
    g_free (xc);
    g_free (full);
    g_free (spectrum);
    g_free (expected);
    g_free (got);
  }
  g_unsetenv ("CLFFT_TUNE_PICK");
}

GST_END_TEST;

/* A transform of real rows two at a time (1024 points, an odd batch)
 * times the half-length layout against it on its first launch and keeps
 * the faster: with the choice forced each way (CLFFT_TUNE_PICK), out of
 * place and in place, for any stride and for stride 1 as a constant
 * (CLFFT_ROW_UNIT_STRIDE, which the half-length layout reads real pairs
 * with), the transform runs the layout picked, its output is right, and
 * the choice was timed. With stride 1 as a constant, rows that start
 * mid-pair are refused before the half-length layout can run on them. */
GST_START_TEST (test_real_layout_is_chosen)
{
  const guint n = 1024, batch = 5, bins = n / 2 + 1;
  /* input rows as long as the output's, so that it can run in place */
  const ClfftRowLayout in_rows = { 1, 2 * bins }, out_rows = { 1, bins };
  const ClfftRowLayout mid_pair_rows = { 1, 2 * bins - 1 };
  const gsize n_floats = (gsize) 2 * bins * batch;
  ClfftTransformSpec spec = { n, -1, CLFFT_LOAD_TWO_REAL_ROWS,
    CLFFT_STORE_TWO_HALF_SPECTRA, 0, batch
  };
  gfloat *x = g_new0 (gfloat, n_floats), *y = g_new (gfloat, n_floats);
  gdouble *xc = g_new0 (gdouble, (gsize) 2 * n * batch);
  gdouble *full = g_new (gdouble, (gsize) 2 * n * batch);
  gdouble *ref = g_new (gdouble, n_floats);

  for (guint b = 0; b < batch; b++)
    for (guint i = 0; i < n; i++) {
      x[(gsize) b * 2 * bins + i] = (gfloat) g_rand_double_range (rng, -1.0,
          1.0);
      xc[2 * ((gsize) b * n + i)] = x[(gsize) b * 2 * bins + i];
    }
  ref_dft_1d (xc, full, n, batch, -1);
  for (guint b = 0; b < batch; b++)
    memcpy (ref + (gsize) 2 * b * bins, full + (gsize) 2 * b * n,
        2 * bins * sizeof (gdouble));

  /* any stride, then stride 1 as a constant; each layout picked; out of
   * place, then in place */
  for (guint i = 0; i < 8; i++) {
    const guint unit = i / 4, pick = i / 2 % 2, in_place = i % 2;
    ClfftScratch scratch = { 0, 0, {NULL, NULL} };
    ClfftTuningStats before = stats_now ();
    ClfftTransform t;
    GError *error = NULL;
    cl_mem src, dst;
    gdouble err;

    spec.flags = unit ? CLFFT_ROW_UNIT_STRIDE : 0;
    g_setenv ("CLFFT_TUNE_PICK", pick ? "1" : "0", TRUE);
    clfft_tuning_forget ();
    src = device_buffer (n_floats * sizeof (gfloat), x);
    dst = in_place ? src : device_buffer (n_floats * sizeof (gfloat), y);
    fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
        error ? error->message : "");
    fail_unless (t.half != NULL, "no half-length alternative");
    fail_unless (clfft_transform_enqueue (&t, &scratch, src, in_rows, dst,
            out_rows, batch, NULL, 0, 1.0f, NULL, &error), "%s",
        error ? error->message : "");
    fail_unless_equals_int (clEnqueueReadBuffer (clfft_engine_get_queue
            (engine), dst, CL_TRUE, 0, n_floats * sizeof (gfloat), y, 0,
            NULL, NULL), CL_SUCCESS);
    err = rel_l2_error (y, ref, n_floats);
    GST_INFO ("unit stride %u, pick %u, %s, %s: error %.2e", unit, pick,
        in_place ? "in place" : "out of place",
        clfft_transform_describe (&t), err);
    fail_unless (err <= TOLERANCE, "unit stride %u, pick %u, %s (%s): "
        "relative error %g", unit, pick, in_place ? "in place" :
        "out of place", clfft_transform_describe (&t), err);
    fail_unless_equals_int (t.spec.load, pick ? CLFFT_LOAD_REAL_PAIRS :
        CLFFT_LOAD_TWO_REAL_ROWS);
    fail_unless (t.half == NULL);
    fail_unless_equals_int (stats_now ().layouts_timed,
        before.layouts_timed + 1);
    clfft_transform_clear (&t);
    clReleaseMemObject (src);
    if (!in_place)
      clReleaseMemObject (dst);
  }
  g_unsetenv ("CLFFT_TUNE_PICK");

  {
    ClfftScratch scratch = { 0, 0, {NULL, NULL} };
    cl_mem src = device_buffer (n_floats * sizeof (gfloat), x);
    cl_mem dst = device_buffer (n_floats * sizeof (gfloat), y);
    ClfftTransform t;
    GError *error = NULL;

    spec.flags = CLFFT_ROW_UNIT_STRIDE;
    clfft_tuning_forget ();
    fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
        error ? error->message : "");
    fail_unless (t.half != NULL, "no half-length alternative");
    fail_if (clfft_transform_enqueue (&t, &scratch, src, mid_pair_rows, dst,
            out_rows, batch, NULL, 0, 1.0f, NULL, &error),
        "rows starting mid-pair were taken");
    fail_unless (g_error_matches (error, CLFFT_ERROR,
            CLFFT_ERROR_UNSUPPORTED));
    g_clear_error (&error);
    clfft_transform_clear (&t);
    clReleaseMemObject (src);
    clReleaseMemObject (dst);
  }
  g_free (x);
  g_free (y);
  g_free (xc);
  g_free (full);
  g_free (ref);
}

GST_END_TEST;

/* The tuning entries in the cache directory. */
static GPtrArray *
tuning_entries (void)
{
  gchar *dir = clfft_program_cache_dir ();
  GPtrArray *paths = ref_files_with_prefix (dir, "tuning-");

  g_free (dir);
  return paths;
}

GST_START_TEST (test_tuned_transform_is_correct)
{
  ClfftRowSchedule schedules[CLFFT_MAX_ROW_SCHEDULES];
  guint count = clfft_row_schedules (engine, LENGTH, schedules);
  ClfftTuningStats before = stats_now (), after;
  gchar *schedule;

  fail_unless (count >= 2, "length %u has %u schedules", LENGTH, count);
  schedule = run_and_check (FALSE);
  after = stats_now ();
  fail_unless_equals_int (after.timed, before.timed + 1);
  /* every candidate, and the fastest again with its twiddles prefetched
   * where tuning may pick that */
  fail_unless_equals_int (after.schedules_timed, before.schedules_timed +
      count + (clfft_tuning_prefetch_allowed (clfft_engine_get_device
              (engine)) ? 1 : 0));
  g_free (schedule);
  /* in place, the timing runs on a copy: the input is intact for the
   * transform itself */
  schedule = run_and_check (TRUE);
  fail_unless_equals_int (stats_now ().timed, after.timed + 1);
  g_free (schedule);
}

GST_END_TEST;

GST_START_TEST (test_choice_is_remembered)
{
  ClfftTuningStats tuned_stats, memory_stats, disk_stats;
  gchar *tuned, *again, *from_disk;
  GPtrArray *entries;

  tuned = run_and_check (FALSE);
  tuned_stats = stats_now ();
  entries = tuning_entries ();
  fail_unless_equals_int (entries->len, 1);
  g_ptr_array_unref (entries);

  /* the same plan again: the choice from memory, nothing timed */
  again = run_and_check (FALSE);
  memory_stats = stats_now ();
  fail_unless_equals_int (memory_stats.timed, tuned_stats.timed);
  fail_unless_equals_int (memory_stats.remembered, tuned_stats.remembered + 1);
  fail_unless_equals_string (again, tuned);

  /* as a new process would: from disk */
  clfft_tuning_forget ();
  from_disk = run_and_check (FALSE);
  disk_stats = stats_now ();
  fail_unless_equals_int (disk_stats.timed, tuned_stats.timed);
  fail_unless_equals_int (disk_stats.read_from_disk,
      memory_stats.read_from_disk + 1);
  fail_unless_equals_string (from_disk, tuned);
  g_free (tuned);
  g_free (again);
  g_free (from_disk);
}

GST_END_TEST;

/* Queues hold on queue, lets it end, then queues a marker: the outcome
 * that clfft_hold_check gives that marker. */
static ClfftHoldOutcome
check_late_marker (ClfftHold * hold, cl_command_queue queue)
{
  ClfftHoldOutcome outcome = CLFFT_HOLD_IN_TIME;
  GError *error = NULL;
  cl_event end;

  fail_unless (clfft_hold_enqueue (hold, queue, &error), "%s",
      error ? error->message : "");
  fail_unless_equals_int (clFinish (queue), CL_SUCCESS);
  fail_unless_equals_int (clEnqueueMarkerWithWaitList (queue, 0, NULL, &end),
      CL_SUCCESS);
  fail_unless_equals_int (clWaitForEvents (1, &end), CL_SUCCESS);
  fail_unless (clfft_hold_check (hold, end, &outcome, &error), "%s",
      error ? error->message : "");
  fail_unless_equals_int (clReleaseEvent (end), CL_SUCCESS);
  return outcome;
}

/* The hold that timing rounds wait behind (engine/clfft-hold.h): one over
 * before the batch's last command is queued doubles, up to its longest; a
 * long one (2^24 dependent multiply-adds, milliseconds) runs far longer
 * than a short one and outlasts the enqueueing of a transform, which is
 * right behind it. */
GST_START_TEST (test_hold_outlasts_the_enqueueing)
{
  cl_command_queue queue = clfft_engine_get_queue (engine);
  GError *error = NULL;
  ClfftHold *hold = clfft_hold_new (engine, 1, 4, &error);
  gdouble short_us;

  fail_unless (hold != NULL, "%s", error ? error->message : "");
  fail_unless_equals_int (check_late_marker (hold, queue),
      CLFFT_HOLD_LENGTHENED);
  fail_unless_equals_int (clfft_hold_get_iterations (hold), 2);
  fail_unless_equals_int (check_late_marker (hold, queue),
      CLFFT_HOLD_LENGTHENED);
  fail_unless_equals_int (clfft_hold_get_iterations (hold), 4);
  fail_unless_equals_int (check_late_marker (hold, queue),
      CLFFT_HOLD_AT_LIMIT);
  fail_unless_equals_int (clfft_hold_get_iterations (hold), 4);
  short_us = clfft_hold_get_last_us (hold);
  clfft_hold_free (hold);

  hold = clfft_hold_new (engine, 1u << 24, 1u << 24, &error);
  fail_unless (hold != NULL, "%s", error ? error->message : "");
  g_free (run_and_check_behind (FALSE, hold));
  GST_INFO ("a hold of 4 iterations: %.1f us; of 2^24: %.0f us", short_us,
      clfft_hold_get_last_us (hold));
  /* the iterations reach the kernel */
  fail_unless (clfft_hold_get_last_us (hold) > 10.0 * short_us,
      "a hold of 2^24 iterations took %.1f us, of 4 %.1f us",
      clfft_hold_get_last_us (hold), short_us);
  clfft_hold_free (hold);
}

GST_END_TEST;

/* Replaces the contents of each tuning entry by contents. */
static void
overwrite_entries (const gchar * contents)
{
  GPtrArray *entries = tuning_entries ();

  fail_unless (entries->len > 0);
  for (guint i = 0; i < entries->len; i++)
    fail_unless (g_file_set_contents (g_ptr_array_index (entries, i),
            contents, -1, NULL));
  g_ptr_array_unref (entries);
}

/* The first 16 hex digits of a SHA-256 over the embedded kernels' names
 * and sources, each with its terminating zero: what a tuning entry's key
 * names them by. */
static gchar *
kernel_sources_digest (void)
{
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  gchar *digest;

  for (guint i = 0; i < clfft_n_kernel_sources; i++) {
    g_checksum_update (sum, (const guchar *) clfft_kernel_sources[i].name,
        strlen (clfft_kernel_sources[i].name) + 1);
    g_checksum_update (sum, (const guchar *) clfft_kernel_sources[i].source,
        strlen (clfft_kernel_sources[i].source) + 1);
  }
  digest = g_strndup (g_checksum_get_string (sum), 16);
  g_checksum_free (sum);
  return digest;
}

/* A choice is keyed by the kernels' sources: the entry names them, and an
 * entry timed with other kernels (its key the same but for their digest)
 * is never used: it is discarded and the pass timed again. */
GST_START_TEST (test_entry_names_kernel_sources)
{
  gchar *schedule = run_and_check (FALSE), *contents = NULL, *digest;
  gchar *field, *other_field, *stale;
  GPtrArray *entries = tuning_entries ();
  ClfftTuningStats before, after;
  gchar **lines;

  fail_unless_equals_int (entries->len, 1);
  fail_unless (g_file_get_contents (g_ptr_array_index (entries, 0),
          &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", 4);
  fail_unless (g_strv_length (lines) >= 3);
  digest = kernel_sources_digest ();
  field = g_strdup_printf ("|kernels=%s|", digest);
  fail_unless (strstr (lines[1], field) != NULL, "the key %s does not name "
      "the kernels' digest %s", lines[1], digest);

  /* the same entry as kernels of another digest would have written it */
  other_field = g_strdup ("|kernels=0123456789abcdef|");
  fail_if (g_strcmp0 (field, other_field) == 0);
  {
    gchar **parts = g_strsplit (contents, field, 2);

    stale = g_strjoinv (other_field, parts);
    g_strfreev (parts);
  }
  overwrite_entries (stale);
  clfft_tuning_forget ();
  before = stats_now ();
  g_free (schedule);
  schedule = run_and_check (FALSE);
  after = stats_now ();
  fail_unless_equals_int (after.read_from_disk, before.read_from_disk);
  fail_unless_equals_int (after.discarded, before.discarded + 1);
  fail_unless_equals_int (after.timed, before.timed + 1);
  g_free (schedule);
  g_free (stale);
  g_free (other_field);
  g_free (field);
  g_free (digest);
  g_strfreev (lines);
  g_free (contents);
  g_ptr_array_unref (entries);
}

GST_END_TEST;

GST_START_TEST (test_bad_entries_are_discarded)
{
  const gchar *bad[] = {
    "garbage",
    "gst-clfft tuning 3\nanother key\n8,8,5@40\n",
    NULL,                       /* the right key, a schedule not offered */
    NULL,                       /* the right key and schedule, format 2 */
  };
  gchar *schedule = run_and_check (FALSE);
  GPtrArray *entries = tuning_entries ();
  gchar *contents = NULL, **lines;

  fail_unless_equals_int (entries->len, 1);
  fail_unless (g_file_get_contents (g_ptr_array_index (entries, 0),
          &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", 3);
  bad[2] = g_strdup_printf ("gst-clfft tuning 3\n%s\n7,7@3\n", lines[1]);
  bad[3] = g_strdup_printf ("gst-clfft tuning 2\n%s\n%s\n", lines[1],
      lines[2]);
  g_strfreev (lines);
  g_free (contents);
  g_free (schedule);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    ClfftTuningStats before = stats_now (), after;

    overwrite_entries (bad[i]);
    clfft_tuning_forget ();
    schedule = run_and_check (FALSE);
    after = stats_now ();
    fail_unless_equals_int (after.discarded, before.discarded + 1);
    fail_unless_equals_int (after.timed, before.timed + 1);
    g_free (schedule);
    /* and a valid entry is written again */
    fail_unless (g_file_get_contents (g_ptr_array_index (entries, 0),
            &contents, NULL, NULL));
    fail_unless (g_str_has_prefix (contents, "gst-clfft tuning 3\n"));
    g_free (contents);
  }
  g_free ((gchar *) bad[2]);
  g_free ((gchar *) bad[3]);
  g_ptr_array_unref (entries);
}

GST_END_TEST;

/* An entry that names a schedule with its twiddles prefetched is read back
 * as such: the plan runs that build, untimed, and stays correct. Where
 * tuning may not pick it (PoCL 4 and later), it is discarded and timed
 * anew, and
 * the plan runs a schedule without. */
GST_START_TEST (test_prefetched_choice_is_read)
{
  gchar *schedule = run_and_check (FALSE), *contents = NULL, *entry;
  GPtrArray *entries = tuning_entries ();
  gchar **lines;
  ClfftTuningStats before, after;

  fail_unless_equals_int (entries->len, 1);
  fail_unless (g_file_get_contents (g_ptr_array_index (entries, 0),
          &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", 4);
  fail_unless (g_strv_length (lines) >= 3);
  /* the stored schedule, prefetched whether or not the timing chose so */
  if (!g_str_has_suffix (lines[2], "+prefetch"))
    entry = g_strdup_printf ("%s\n%s\n%s+prefetch\n", lines[0], lines[1],
        lines[2]);
  else
    entry = g_strdup (contents);
  overwrite_entries (entry);
  g_free (schedule);
  clfft_tuning_forget ();
  before = stats_now ();
  schedule = run_and_check (FALSE);
  after = stats_now ();
  if (clfft_tuning_prefetch_allowed (clfft_engine_get_device (engine))) {
    fail_unless_equals_int (after.read_from_disk, before.read_from_disk + 1);
    fail_unless_equals_int (after.timed, before.timed);
    fail_unless_equals_int (after.discarded, before.discarded);
    fail_unless (g_str_has_suffix (schedule, "+prefetch"), "ran %s",
        schedule);
  } else {
    fail_unless_equals_int (after.read_from_disk, before.read_from_disk);
    fail_unless_equals_int (after.timed, before.timed + 1);
    fail_unless_equals_int (after.discarded, before.discarded + 1);
    fail_if (g_str_has_suffix (schedule, "+prefetch"), "ran %s", schedule);
  }
  g_free (schedule);
  g_free (entry);
  g_strfreev (lines);
  g_free (contents);
  g_ptr_array_unref (entries);
}

GST_END_TEST;

/* Spectra (clfft-spectrum.h) time no schedule unless asked, whatever
 * CLFFT_TUNE says (it is 1 here), and time them when asked: sums of
 * decibels against the double-precision DFT either way, within 0.01 dB
 * per step. */
GST_START_TEST (test_spectrum_tunes_only_when_asked)
{
  const guint n = 2 * LENGTH, bins = n / 2 + 1, steps = 4;
  const guint group_start[] = { 0, steps };
  const gdouble threshold = -100;
  const ClfftTuning asked[] = { CLFFT_TUNING_AUTO, CLFFT_TUNING_BLOCKING };
  gfloat *frames = g_new (gfloat, (gsize) steps * n);
  gfloat *sums = g_new (gfloat, bins);
  gdouble *x = g_new (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);
  gdouble *want = g_new0 (gdouble, bins);
  GError *error = NULL;

  for (gsize i = 0; i < (gsize) steps * n; i++)
    frames[i] = g_rand_double_range (rng, -1, 1);
  for (guint s = 0; s < steps; s++) {
    for (guint i = 0; i < n; i++) {
      x[2 * i] = frames[(gsize) s * n + i] * (0.5 - 0.5 * cos (2 * G_PI * i /
              n));
      x[2 * i + 1] = 0;
    }
    ref_dft_1d (x, X, n, 1, -1);
    for (guint k = 0; k < bins; k++)
      want[k] += MAX (10 * log10 ((X[2 * k] * X[2 * k] + X[2 * k + 1] *
                  X[2 * k + 1]) / ((gdouble) n * n)), threshold);
  }
  clfft_tuning_forget ();
  for (guint a = 0; a < G_N_ELEMENTS (asked); a++) {
    ClfftSpectrum *spectrum = clfft_spectrum_new (engine, n, 1,
        CLFFT_WINDOW_HANN, &error);
    ClfftTuningStats before, after;

    fail_unless (spectrum != NULL, "%s", error ? error->message : "");
    clfft_spectrum_set_tuning (spectrum, asked[a]);
    fail_unless_equals_int (clfft_spectrum_get_tuning (spectrum),
        asked[a] == CLFFT_TUNING_AUTO ? CLFFT_TUNING_OFF : asked[a]);
    clfft_tuning_get_stats (&before);
    fail_unless (clfft_spectrum_run (spectrum, frames, steps, group_start, 1,
            threshold, sums, NULL, &error), "%s",
        error ? error->message : "");
    clfft_tuning_get_stats (&after);
    if (asked[a] == CLFFT_TUNING_AUTO) {
      fail_unless_equals_int (after.timed, before.timed);
    } else {
      fail_unless (after.timed > before.timed, "nothing timed");
    }
    for (guint k = 0; k < bins; k++)
      fail_unless (fabs (sums[k] - want[k]) <= 0.01 * steps, "tuning %s, "
          "bin %u: %g dB, not %g", clfft_tuning_name (asked[a]), k, sums[k],
          want[k]);
    clfft_spectrum_free (spectrum);
  }
  g_free (frames);
  g_free (sums);
  g_free (x);
  g_free (X);
  g_free (want);
}

GST_END_TEST;

/* clfft_program_cache_set_build_round's log, for test_build_round_
 * reaches_every_pass: the builds' lines */
static void
collect_builds (ClfftLogLevel level, const gchar * message, gpointer data)
{
  static GMutex lock;

  if (!g_str_has_prefix (message, "built "))
    return;
  g_mutex_lock (&lock);
  g_ptr_array_add (data, g_strdup (message));
  g_mutex_unlock (&lock);
}

/* A build round set on this thread reaches every pass that
 * clfft_transforms_build builds for it, on its threads too: each of two
 * transforms in two passes (four programs) builds anew as that round (a
 * round never used before: no cache has it), and nothing builds without
 * it; the thread's round is its own again after. */
GST_START_TEST (test_build_round_reaches_every_pass)
{
  const guint round = 1000 + g_rand_int_range (rng, 0, 1000000);
  gchar *define = g_strdup_printf ("CLFFT_BUILD_ROUND=%u", round);
  const ClfftTransformSpec spec = { 6000, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, 0, 3, CLFFT_TUNING_OFF, TRUE
  };
  ClfftTransformSpec inverse = spec;
  ClfftTransform forward_t, inverse_t;
  ClfftTransform *const both[] = { &forward_t, &inverse_t };
  GPtrArray *builds = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  guint with_round = 0;

  inverse.sign = 1;
  fail_unless (clfft_transform_init (&forward_t, engine, &spec, &error)
      && clfft_transform_init (&inverse_t, engine, &inverse, &error), "%s",
      error ? error->message : "");
  fail_unless_equals_int (forward_t.n_passes + inverse_t.n_passes, 4);
  clfft_set_log_func (collect_builds, builds);
  clfft_program_cache_set_build_round (round);
  fail_unless (clfft_transforms_build (both, 2, &error), "%s",
      error ? error->message : "");
  clfft_program_cache_set_build_round (0);
  clfft_set_log_func (NULL, NULL);
  for (guint i = 0; i < builds->len; i++) {
    const gchar *line = g_ptr_array_index (builds, i);

    GST_INFO ("%s", line);
    if (!strstr (line, define))
      fail ("built without round %u: %s", round, line);
    with_round++;
  }
  fail_unless_equals_int (with_round, 4);
  fail_unless_equals_int (clfft_program_cache_get_build_round (), 0);
  clfft_transform_clear (&forward_t);
  clfft_transform_clear (&inverse_t);
  g_ptr_array_unref (builds);
  g_free (define);
}

GST_END_TEST;

static Suite *
tuning_suite (void)
{
  Suite *s = suite_create ("tuning");
  TCase *tc = tcase_create ("general");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_tuned_transform_is_correct);
  tcase_add_test (tc, test_every_schedule_is_correct);
  tcase_add_test (tc, test_every_schedule_unfolds_real_spectra);
  tcase_add_test (tc, test_real_layout_is_chosen);
  tcase_add_test (tc, test_split_is_chosen);
  tcase_add_test (tc, test_build_round_reaches_every_pass);
  tcase_add_test (tc, test_choice_is_remembered);
  tcase_add_test (tc, test_bad_entries_are_discarded);
  tcase_add_test (tc, test_entry_names_kernel_sources);
  tcase_add_test (tc, test_prefetched_choice_is_read);
  tcase_add_test (tc, test_hold_outlasts_the_enqueueing);
  tcase_add_test (tc, test_spectrum_tunes_only_when_asked);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (tuning);
