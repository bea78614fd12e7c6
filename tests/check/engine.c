/* Engine tests: FFTs against a double-precision DFT, device choice, engine
 * sharing, and the program cache. */
#include <gst/check/gstcheck.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
#include <math.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-fft.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-frame-filter.h"
#include "engine/clfft-peak-finder.h"
#include "engine/clfft-spectrum.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-host-buffer.h"
#include "engine/clfft-transform.h"
#include "reference.h"

/* Relative L2 error bounds of issue 3: mixed radix, and Bluestein. */
#define TOLERANCE_DIRECT 5e-7
#define TOLERANCE_BLUESTEIN 1e-6

static ClfftEngine *engine;
static GRand *rng;

/* Lengths the engine runs in mixed radix, without Bluestein (in one pass
 * up to 4096, else in two; the tests stay far below 2^24). */
static gboolean
is_direct (guint n)
{
  static const guint primes[] = { 2, 3, 5, 7, 11, 13 };

  for (guint i = 0; i < G_N_ELEMENTS (primes); i++)
    while (n % primes[i] == 0)
      n /= primes[i];
  return n == 1;
}

static gdouble
tolerance (guint a, guint b)
{
  return is_direct (a) && is_direct (b) ? TOLERANCE_DIRECT :
      TOLERANCE_BLUESTEIN;
}

/* A real transform of even n runs at n/2 when that length is supported. */
static guint
real_kernel_length (guint n)
{
  return n % 2 == 0 && clfft_length_supported (n / 2) ? n / 2 : n;
}

static void
setup (void)
{
  GError *error = NULL;

  /* These tests check the kernels over many shapes; tuned, each shape
   * would first time up to 8 schedules, on a GPU too long for the suite.
   * tests/check/tuning.c checks every schedule that tuning can pick. */
  g_setenv ("CLFFT_TUNE", "0", FALSE);
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

#define CL_OK(call) G_STMT_START { \
  cl_int _st = (call); \
  fail_unless_equals_int_hex (_st, CL_SUCCESS); \
} G_STMT_END

static cl_mem
device_buffer (gsize size, const void *host)
{
  cl_int st;
  cl_mem buffer = clCreateBuffer (clfft_engine_get_context (engine),
      CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), size,
      (void *) host, &st);

  fail_unless_equals_int (st, CL_SUCCESS);
  return buffer;
}

/* Fills a buffer with NaN so that an element the kernels skip shows up. */
static void
poison (cl_mem buffer, gsize size)
{
  gfloat *nans = g_new (gfloat, size / sizeof (gfloat));

  for (gsize i = 0; i < size / sizeof (gfloat); i++)
    nans[i] = NAN;
  CL_OK (clEnqueueWriteBuffer (clfft_engine_get_queue (engine), buffer,
          CL_TRUE, 0, size, nans, 0, NULL, NULL));
  g_free (nans);
}

static void
read_back (cl_mem buffer, gsize size, void *host)
{
  CL_OK (clFinish (clfft_engine_get_queue (engine)));
  CL_OK (clEnqueueReadBuffer (clfft_engine_get_queue (engine), buffer,
          CL_TRUE, 0, size, host, 0, NULL, NULL));
}

/* Random complex input in [-1, 1), as floats and as the doubles the
 * reference sees. */
static void
random_complex (gfloat * f, gdouble * d, gsize n_values)
{
  for (gsize i = 0; i < n_values; i++) {
    f[i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
    d[i] = f[i];
  }
}

/* Whether the checks print each size's errors. */
static gboolean quiet;

/* Runs forward, inverse and the round trip of one plan shape, 1D (height =
 * batch) or 2D, and checks each against the reference; returns the largest
 * of the three errors. */
static gdouble
check_transform (guint width, guint height, gboolean two_d)
{
  gsize n_values = (gsize) 2 * width * height;
  gsize bytes = n_values * sizeof (gfloat);
  gfloat *x = g_new (gfloat, n_values), *y = g_new (gfloat, n_values);
  gdouble *xd = g_new (gdouble, n_values), *ref = g_new (gdouble, n_values);
  cl_mem in, out, back;
  ClfftPlan1d *plan1 = NULL;
  ClfftPlan2d *plan2 = NULL;
  GError *error = NULL;
  gdouble err, errs[3];
  gdouble bound = two_d ? tolerance (width, height) : tolerance (width, 1);

  random_complex (x, xd, n_values);
  in = device_buffer (bytes, x);
  out = device_buffer (bytes, NULL);
  back = device_buffer (bytes, NULL);
  poison (out, bytes);
  poison (back, bytes);

  if (two_d) {
    plan2 = clfft_plan_2d_new (engine, CLFFT_C2C, width, height, &error);
  } else {
    ClfftPlan1dDesc desc = { CLFFT_C2C, width, height, 0, 0, 0, 0 };

    plan1 = clfft_plan_1d_new (engine, &desc, &error);
  }
  fail_unless (plan1 || plan2, "plan %ux%u: %s", width, height,
      error ? error->message : "");

#define RUN(dir, src, dst) (two_d ? \
    clfft_plan_2d_enqueue (plan2, dir, src, dst, 0, NULL, NULL, &error) : \
    clfft_plan_1d_enqueue (plan1, dir, src, dst, 0, NULL, NULL, &error))

  /* forward */
  fail_unless (RUN (CLFFT_DIRECTION_FORWARD, in, out), "%s",
      error ? error->message : "");
  read_back (out, bytes, y);
  if (two_d)
    ref_dft_2d (xd, ref, width, height, -1);
  else
    ref_dft_1d (xd, ref, width, height, -1);
  err = errs[0] = rel_l2_error (y, ref, n_values);
  fail_unless (err < bound, "%s forward %ux%u: relative L2 error %g",
      two_d ? "2D" : "1D", width, height, err);

  /* inverse of the device's own spectrum returns the input */
  fail_unless (RUN (CLFFT_DIRECTION_INVERSE, out, back), "%s",
      error ? error->message : "");
  read_back (back, bytes, y);
  err = errs[1] = rel_l2_error (y, xd, n_values);
  fail_unless (err < bound, "%s round trip %ux%u: relative L2 error %g",
      two_d ? "2D" : "1D", width, height, err);

  /* inverse alone, against the reference inverse DFT / N */
  fail_unless (RUN (CLFFT_DIRECTION_INVERSE, in, out), "%s",
      error ? error->message : "");
  read_back (out, bytes, y);
  if (two_d)
    ref_dft_2d (xd, ref, width, height, 1);
  else
    ref_dft_1d (xd, ref, width, height, 1);
  for (gsize i = 0; i < n_values; i++)
    ref[i] /= two_d ? (gdouble) width * height : (gdouble) width;
  err = errs[2] = rel_l2_error (y, ref, n_values);
  fail_unless (err < bound, "%s inverse %ux%u: relative L2 error %g",
      two_d ? "2D" : "1D", width, height, err);
#undef RUN
  if (!quiet)
    g_print ("%s %ux%u: relative L2 error forward %.2e, round trip %.2e, "
        "inverse %.2e\n", two_d ? "2D" : "1D", width, height, errs[0],
        errs[1], errs[2]);

  if (plan1)
    clfft_plan_1d_free (plan1);
  if (plan2)
    clfft_plan_2d_free (plan2);
  CL_OK (clReleaseMemObject (in));
  CL_OK (clReleaseMemObject (out));
  CL_OK (clReleaseMemObject (back));
  g_free (x);
  g_free (y);
  g_free (xd);
  g_free (ref);
  return MAX (errs[0], MAX (errs[1], errs[2]));
}

GST_START_TEST (test_fft_1d_power_of_two_lengths)
{
  for (guint n = 2; n <= 4096; n *= 2) {
    /* several rows, and a batch that does not fill the last work-group */
    guint batch = CLAMP (16384 / n, 3, 67);

    check_transform (n, batch, FALSE);
  }
}

GST_END_TEST;

/* Rows that want more work-items than some GPUs allow in a work-group
 * (4096 / 8 = 512); also run with POCL_MAX_WORK_GROUP_SIZE=256, with
 * CLFFT_KERNEL_WORK_GROUP_LIMIT=128 and with
 * CLFFT_KERNEL_WORK_GROUP_REPORTED=64. */
static void
capture_info (ClfftLogLevel level, const gchar * message, gpointer data)
{
  if (level <= CLFFT_LOG_INFO)
    g_string_append_printf (data, "%s\n", message);
}

GST_START_TEST (test_fft_1d_long_rows)
{
  static const guint lengths[] = { 2048, 2187, 2401, 3125, 4096 };
  GString *log = g_string_new (NULL);

  clfft_set_log_func (capture_info, log);
  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_transform (lengths[i], 3, FALSE);
  clfft_set_log_func (NULL, NULL);
  /* CLFFT_KERNEL_WORK_GROUP_LIMIT makes the kernels allow fewer work-items
   * than asked for: the plans must have rebuilt them */
  if (g_getenv ("CLFFT_KERNEL_WORK_GROUP_LIMIT"))
    fail_unless (strstr (log->str, "rebuilding") != NULL, "no rebuild: %s",
        log->str);
  /* CLFFT_KERNEL_WORK_GROUP_REPORTED makes the device report fewer
   * work-items than it runs, as NVIDIA's OpenCL does: the plans must have
   * tried the groups they built for, and kept them */
  else if (g_getenv ("CLFFT_KERNEL_WORK_GROUP_REPORTED")) {
    fail_unless (strstr (log->str, "it was built for") != NULL,
        "no group tried: %s", log->str);
    fail_if (strstr (log->str, "rebuilding") != NULL, "rebuilt: %s",
        log->str);
  }
  g_string_free (log, TRUE);
}

GST_END_TEST;

/* A plan's description: what it does (head), then "(radices ...)" with
 * one schedule per pass, each a product of stage radices that gives the
 * pass's length; the schedule itself depends on the device (composite
 * radices on GPUs). */
static void
check_description (const gchar * got, const gchar * head,
    const guint lengths[], guint n_lengths)
{
  static const guint radices[] = { 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    15, 16
  };
  gchar *expected_head = g_strconcat (head, " (radices ", NULL);
  gchar **passes;
  const gchar *rest;

  fail_unless (g_str_has_prefix (got, expected_head), "%s", got);
  fail_unless (g_str_has_suffix (got, ")"), "%s", got);
  rest = got + strlen (expected_head);
  passes = g_strsplit (rest, ", ", -1);
  fail_unless_equals_int (g_strv_length (passes), n_lengths);
  for (guint i = 0; i < n_lengths; i++) {
    gchar **stages = g_strsplit (passes[i], "x", -1);
    guint product = 1;

    for (guint s = 0; stages[s]; s++) {
      guint radix = (guint) g_ascii_strtoull (stages[s], NULL, 10);
      gboolean known = FALSE;

      for (guint r = 0; r < G_N_ELEMENTS (radices); r++)
        known |= radix == radices[r];
      fail_unless (known, "radix %u in %s", radix, got);
      product *= radix;
    }
    fail_unless_equals_int (product, lengths[i]);
    g_strfreev (stages);
  }
  g_strfreev (passes);
  g_free (expected_head);
}

/* Lengths with a prime factor above 13 go through Bluestein (17 on 33,
 * 683 on 1365 and 2039 on 4095: convolution lengths with radix 11 or 13). */
GST_START_TEST (test_fft_1d_bluestein_lengths)
{
  static const guint lengths[] = { 1, 17, 19, 34, 97, 127, 254, 683,
    997, 1366, 2039, 2047,
  };

  ClfftPlan1dDesc desc = { CLFFT_R2C, 254, 8, 0, 0, 0, 0 };
  ClfftPlan1d *plan;

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_transform (lengths[i], CLAMP (16384 / lengths[i], 3, 67), FALSE);

  /* spectrum's default length: a half-length 127, prime, on 256 */
  plan = clfft_plan_1d_new (engine, &desc, NULL);
  fail_unless (plan != NULL);
  check_description (clfft_plan_1d_describe (plan),
      "R2C 254 x 8: FFT of length 127 through Bluestein on 256",
      (const guint[]) {256}, 1);
  clfft_plan_1d_free (plan);
}

GST_END_TEST;

GST_START_TEST (test_fft_1d_mixed_radix_lengths)
{
  /* every radix alone and mixed, and the lengths of video frames */
  static const guint lengths[] = { 3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 21,
    22, 25, 26, 27, 35, 49, 60, 100, 120, 121, 143, 169, 210, 243, 343, 480,
    625, 720, 1000, 1001, 1080, 1280, 1331, 1920, 2160, 2187, 2197, 2401,
    3125, 3840, 4000, 4095,
  };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_transform (lengths[i], CLAMP (16384 / lengths[i], 3, 67), FALSE);
}

GST_END_TEST;

/* Lengths above 4096 run in two passes (four-step), and Bluestein's
 * convolution above 4096 too. */
GST_START_TEST (test_fft_1d_two_pass_lengths)
{
  static const guint lengths[] = { 4116, 6000, 8192, 15625, 16807, 65536,
    /* Bluestein on a two-pass length */
    2053, 4099, 65537,
  };
  static const struct
  {
    ClfftKind kind;
    guint n;
    const gchar *description;
    guint pass_lengths[2];
  } plans[] = {
    /* the splits themselves: test_transform_split */
    {CLFFT_C2C, 65536, "C2C 65536 x 1: FFT of length 65536 in two passes, "
          "256 x 256", {256, 256}},
    {CLFFT_C2C, 4099, "C2C 4099 x 1: FFT of length 4099 through Bluestein "
          "on 8232 in two passes, 84 x 98", {84, 98}},
    {CLFFT_R2C, 8194, "R2C 8194 x 1: FFT of length 4097 through Bluestein "
          "on 8232 in two passes, 84 x 98, bins unfolded in a pass of their "
          "own", {84, 98}},
    {CLFFT_R2C, 65536, "R2C 65536 x 1: FFT of length 32768 in two passes, "
          "512 x 64, bins unfolded in the second", {512, 64}},
  };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_transform (lengths[i], lengths[i] > 20000 ? 2 : 3, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (plans); i++) {
    ClfftPlan1dDesc desc = { plans[i].kind, plans[i].n, 1, 0, 0, 0, 0 };
    ClfftPlan1d *plan = clfft_plan_1d_new (engine, &desc, NULL);

    fail_unless (plan != NULL);
    check_description (clfft_plan_1d_describe (plan), plans[i].description,
        plans[i].pass_lengths, 2);
    clfft_plan_1d_free (plan);
  }
}

GST_END_TEST;

/* How a transform in two passes splits its length (split_length): rows
 * with a second pass of 64 up to a first pass of 512, and everything else
 * (longer rows, a frame's columns, Bluestein's passes, a length that 64
 * does not divide) as balanced as can be, n1 <= n2. Built later, never:
 * only the split. */
GST_START_TEST (test_transform_split)
{
  const guint across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  static const struct
  {
    guint length;
    gboolean columns;
    guint n1, n2;
  } cases[] = {
    {8192, FALSE, 128, 64},
    {32768, FALSE, 512, 64},
    {65536, FALSE, 256, 256},
    {8192, TRUE, 64, 128},
    /* through Bluestein on 4224 */
    {2111, FALSE, 64, 66},
    {15625, FALSE, 125, 125},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const ClfftTransformSpec spec = { cases[i].length, -1,
      CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX, cases[i].columns ? across : 0,
      4, CLFFT_TUNING_OFF, TRUE
    };
    ClfftTransform t;
    GError *error = NULL;

    fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
        error ? error->message : "");
    fail_unless (t.n1 == cases[i].n1 && t.n2 == cases[i].n2,
        "%u%s: %u x %u, not %u x %u", cases[i].length,
        cases[i].columns ? " (columns)" : "", t.n1, t.n2, cases[i].n1,
        cases[i].n2);
    clfft_transform_clear (&t);
  }
}

GST_END_TEST;

typedef gboolean (*EnqueueFunc) (gpointer plan, ClfftDirection direction,
    cl_mem in, cl_mem out, GError ** error);

static gboolean
enqueue_1d (gpointer plan, ClfftDirection direction, cl_mem in, cl_mem out,
    GError ** error)
{
  return clfft_plan_1d_enqueue (plan, direction, in, out, 0, NULL, NULL, error);
}

static gboolean
enqueue_2d (gpointer plan, ClfftDirection direction, cl_mem in, cl_mem out,
    GError ** error)
{
  return clfft_plan_2d_enqueue (plan, direction, in, out, 0, NULL, NULL, error);
}

/* Runs an R2C plan on x against the reference spectrum ref (err[0]), the
 * C2R plan on that output back to x (err[1]) and on the reference spectrum
 * spec_ref (err[2]); checks that C2R leaves its input as it was. */
static void
real_round_trip (EnqueueFunc enqueue, gpointer forward, gpointer inverse,
    const gfloat * x, const gdouble * xd, gsize n_real, const gdouble * ref,
    const gfloat * spec_ref, gsize n_bins, gdouble err[3])
{
  gfloat *y = g_new (gfloat, n_real), *spec = g_new (gfloat, n_bins);
  cl_mem in = device_buffer (n_real * sizeof (gfloat), x);
  cl_mem spectrum = device_buffer (n_bins * sizeof (gfloat), NULL);
  cl_mem out = device_buffer (n_real * sizeof (gfloat), NULL);
  GError *error = NULL;

  poison (spectrum, n_bins * sizeof (gfloat));
  fail_unless (enqueue (forward, CLFFT_DIRECTION_FORWARD, in, spectrum,
          &error), "%s", error ? error->message : "");
  read_back (spectrum, n_bins * sizeof (gfloat), spec);
  err[0] = rel_l2_error (spec, ref, n_bins);

  poison (out, n_real * sizeof (gfloat));
  fail_unless (enqueue (inverse, CLFFT_DIRECTION_INVERSE, spectrum, out,
          &error), "%s", error ? error->message : "");
  read_back (out, n_real * sizeof (gfloat), y);
  err[1] = rel_l2_error (y, xd, n_real);

  CL_OK (clEnqueueWriteBuffer (clfft_engine_get_queue (engine), spectrum,
          CL_TRUE, 0, n_bins * sizeof (gfloat), spec_ref, 0, NULL, NULL));
  poison (out, n_real * sizeof (gfloat));
  fail_unless (enqueue (inverse, CLFFT_DIRECTION_INVERSE, spectrum, out,
          &error), "%s", error ? error->message : "");
  read_back (out, n_real * sizeof (gfloat), y);
  err[2] = rel_l2_error (y, xd, n_real);
  read_back (spectrum, n_bins * sizeof (gfloat), spec);
  fail_unless (memcmp (spec, spec_ref, n_bins * sizeof (gfloat)) == 0,
      "C2R changed its input");

  CL_OK (clReleaseMemObject (in));
  CL_OK (clReleaseMemObject (spectrum));
  CL_OK (clReleaseMemObject (out));
  g_free (y);
  g_free (spec);
}

/* R2C of batch real rows of length n with a given input stride/distance
 * (channel interleaving), against the reference; C2R of the reference
 * spectrum, and of the device's own, back to the input. Returns the
 * largest error. */
static gdouble
check_real_transform (guint n, guint batch, gboolean interleaved)
{
  guint bins = n / 2 + 1;
  gsize n_real = (gsize) n * batch, n_bins = (gsize) 2 * bins * batch;
  gfloat *x = g_new (gfloat, n_real), *spec_ref = g_new (gfloat, n_bins);
  gdouble *xc = g_new0 (gdouble, 2 * n_real), *full = g_new (gdouble,
      2 * n_real);
  gdouble *ref = g_new (gdouble, n_bins), *xd = g_new (gdouble, n_real);
  ClfftPlan1dDesc r2c = { CLFFT_R2C, n, batch, 0, 0, 0, 0 };
  ClfftPlan1dDesc c2r = { CLFFT_C2R, n, batch, 0, 0, 0, 0 };
  ClfftPlan1d *forward, *inverse;
  GError *error = NULL;
  gdouble err[3], bound;

  if (interleaved) {
    /* channel b, sample i at x[i * batch + b] */
    r2c.in_stride = c2r.out_stride = batch;
    r2c.in_distance = c2r.out_distance = 1;
  }
  for (gsize i = 0; i < n_real; i++)
    x[i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
  for (guint b = 0; b < batch; b++)
    for (guint i = 0; i < n; i++) {
      gsize at = interleaved ? (gsize) i * batch + b : (gsize) b * n + i;
      xc[2 * ((gsize) b * n + i)] = x[at];
      xd[at] = x[at];
    }
  ref_dft_1d (xc, full, n, batch, -1);
  for (guint b = 0; b < batch; b++)
    for (guint k = 0; k < bins; k++)
      for (guint c = 0; c < 2; c++) {
        ref[2 * ((gsize) b * bins + k) + c] =
            full[2 * ((gsize) b * n + k) + c];
        spec_ref[2 * ((gsize) b * bins + k) + c] =
            (gfloat) full[2 * ((gsize) b * n + k) + c];
      }
  /* The imaginary parts of the DC bin (and of the Nyquist bin of an even
   * length) cannot come from a real signal; C2R must ignore them. */
  for (guint b = 0; b < batch; b++) {
    spec_ref[2 * (gsize) b * bins + 1] += 0.5f;
    if (n % 2 == 0)
      spec_ref[2 * ((gsize) b * bins + n / 2) + 1] -= 0.25f;
  }

  forward = clfft_plan_1d_new (engine, &r2c, &error);
  fail_unless (forward != NULL, "R2C %u: %s", n, error ? error->message : "");
  inverse = clfft_plan_1d_new (engine, &c2r, &error);
  fail_unless (inverse != NULL, "C2R %u: %s", n, error ? error->message : "");
  real_round_trip (enqueue_1d, forward, inverse, x, xd, n_real, ref,
      spec_ref, n_bins, err);

  if (!quiet)
    g_print ("real %u x %u%s: relative L2 error R2C %.2e, round trip %.2e, "
        "C2R of the reference %.2e\n", n, batch, interleaved ?
        " interleaved" : "", err[0], err[1], err[2]);
  bound = tolerance (real_kernel_length (n), 1);
  fail_unless (err[0] < bound, "R2C %u: %g", n, err[0]);
  fail_unless (err[1] < bound, "R2C + C2R %u: %g", n, err[1]);
  fail_unless (err[2] < bound, "C2R %u: %g", n, err[2]);

  clfft_plan_1d_free (forward);
  clfft_plan_1d_free (inverse);
  g_free (x);
  g_free (spec_ref);
  g_free (xc);
  g_free (full);
  g_free (ref);
  g_free (xd);
  return MAX (err[0], MAX (err[1], err[2]));
}

/* Lengths drawn at random (the seed is printed), built specialized like
 * every plan outside engine-every-length: in one pass and in two. */
GST_START_TEST (test_fft_1d_random_lengths)
{
  for (guint i = 0; i < 8; i++) {
    guint n = g_rand_int_range (rng, 1, 4097);

    check_transform (n, CLAMP (16384 / n, 2, 33), FALSE);
  }
  for (guint i = 0; i < 4; i++)
    check_real_transform (g_rand_int_range (rng, 1, 4097), 3, FALSE);
  check_transform (g_rand_int_range (rng, 4097, 70000), 2, FALSE);
  check_real_transform (g_rand_int_range (rng, 8193, 70000), 2, FALSE);
}

GST_END_TEST;

GST_START_TEST (test_fft_1d_real)
{
  /* even lengths run at half length (2 as a length-1 FFT), odd ones at
   * full length */
  static const guint lengths[] = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 16, 30,
    64, 100, 210, 256, 1080, 1024, 2187, 3125, 4096, 8000, 8192,
    /* through Bluestein: odd, and even with a Bluestein half */
    97, 1023, 34, 254, 1366, 4094,
    /* half lengths with radix 11 or 13 (spectrum's bands=4096 is 8190, at
     * half length 4095 in one pass) */
    22, 26, 8190,
    /* in two passes: even (the second pass unfolds the bins, its groups
     * holding sub-rows k1 and n1 - k1: n1 = 128, 512, and the odd 105 of
     * 105 x 135), odd, and with Bluestein (odd, and even with a Bluestein
     * half, whose unfold is a pass of its own) */
    16384, 65536, 28350, 12005, 8191, 8194,
  };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_real_transform (lengths[i], CLAMP (16384 / lengths[i], 2, 33),
        FALSE);
  check_real_transform (480, 6, TRUE);
  check_real_transform (35, 8, TRUE);
  check_real_transform (8190, 2, TRUE);
  check_real_transform (12005, 3, TRUE);
  check_real_transform (16384, 3, TRUE);
}

GST_END_TEST;

/* Every length from 1 to 4096, C2C both ways and the R2C + C2R round
 * trip, each against FFTW in double precision. Built specialized, that is
 * thousands of kernels (a second each on PoCL), so this test is added only
 * where CLFFT_GENERIC_KERNELS makes the plans build the one generic kernel
 * of the same source, with the length as an argument (meson's
 * engine-every-length); the other tests cover the specialized builds. */
GST_START_TEST (test_fft_every_length)
{
  gdouble worst_c2c = 0, worst_real = 0;
  guint worst_c2c_n = 0, worst_real_n = 0;

  fail_unless (g_getenv ("CLFFT_GENERIC_KERNELS") != NULL);
  quiet = TRUE;
  for (guint n = 1; n <= 4096; n++) {
    gdouble c2c = check_transform (n, 2, FALSE);
    gdouble real = check_real_transform (n, 2, FALSE);

    if (c2c > worst_c2c) {
      worst_c2c = c2c;
      worst_c2c_n = n;
    }
    if (real > worst_real) {
      worst_real = real;
      worst_real_n = n;
    }
  }
  quiet = FALSE;
  g_print ("every length 1..4096: worst relative L2 error C2C %.2e (n = %u), "
      "R2C/C2R %.2e (n = %u)\n", worst_c2c, worst_c2c_n, worst_real,
      worst_real_n);
}

GST_END_TEST;

/* The reference R2C in 2D: bins 0 .. W/2 of each row's DFT, then the DFT
 * of each of those columns. */
static void
ref_r2c_2d (const gdouble * x, gdouble * out, guint w, guint h)
{
  guint b = w / 2 + 1;
  gdouble *row = g_new0 (gdouble, 2 * w), *row_out = g_new (gdouble, 2 * w);
  gdouble *bins = g_new (gdouble, (gsize) 2 * b * h);
  gdouble *col = g_new (gdouble, 2 * h), *col_out = g_new (gdouble, 2 * h);

  for (guint y = 0; y < h; y++) {
    for (guint i = 0; i < w; i++)
      row[2 * i] = x[(gsize) y * w + i];
    ref_dft_1d (row, row_out, w, 1, -1);
    memcpy (bins + (gsize) 2 * b * y, row_out, 2 * b * sizeof (gdouble));
  }
  for (guint k = 0; k < b; k++) {
    for (guint y = 0; y < h; y++) {
      col[2 * y] = bins[2 * ((gsize) y * b + k)];
      col[2 * y + 1] = bins[2 * ((gsize) y * b + k) + 1];
    }
    ref_dft_1d (col, col_out, h, 1, -1);
    for (guint y = 0; y < h; y++) {
      out[2 * ((gsize) y * b + k)] = col_out[2 * y];
      out[2 * ((gsize) y * b + k) + 1] = col_out[2 * y + 1];
    }
  }
  g_free (row);
  g_free (row_out);
  g_free (bins);
  g_free (col);
  g_free (col_out);
}

/* 2D R2C against the reference, C2R of the reference spectrum and of the
 * device's own back to the input. */
static void
check_real_2d (guint w, guint h)
{
  gsize n_real = (gsize) w * h, n_bins = (gsize) 2 * (w / 2 + 1) * h;
  gfloat *x = g_new (gfloat, n_real), *spec_ref = g_new (gfloat, n_bins);
  gdouble *xd = g_new (gdouble, n_real), *ref = g_new (gdouble, n_bins);
  ClfftPlan2d *forward, *inverse;
  GError *error = NULL;
  gdouble err[3], bound;

  for (gsize i = 0; i < n_real; i++)
    xd[i] = x[i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
  ref_r2c_2d (xd, ref, w, h);
  for (gsize i = 0; i < n_bins; i++)
    spec_ref[i] = (gfloat) ref[i];
  forward = clfft_plan_2d_new (engine, CLFFT_R2C, w, h, &error);
  fail_unless (forward != NULL, "%s", error ? error->message : "");
  inverse = clfft_plan_2d_new (engine, CLFFT_C2R, w, h, &error);
  fail_unless (inverse != NULL, "%s", error ? error->message : "");
  real_round_trip (enqueue_2d, forward, inverse, x, xd, n_real, ref,
      spec_ref, n_bins, err);

  g_print ("2D real %ux%u: relative L2 error R2C %.2e, round trip %.2e, "
      "C2R of the reference %.2e\n", w, h, err[0], err[1], err[2]);
  bound = tolerance (real_kernel_length (w), h);
  fail_unless (err[0] < bound, "2D R2C %ux%u: %g", w, h, err[0]);
  fail_unless (err[1] < bound, "2D round trip %ux%u: %g", w, h, err[1]);
  fail_unless (err[2] < bound, "2D C2R %ux%u: %g", w, h, err[2]);

  clfft_plan_2d_free (forward);
  clfft_plan_2d_free (inverse);
  g_free (x);
  g_free (spec_ref);
  g_free (xd);
  g_free (ref);
}

GST_START_TEST (test_fft_2d_real)
{
  static const guint sizes[][2] = {
    {64, 32}, {97, 61}, {2, 9}, {9, 2}, {254, 30}, {1920, 1080},
    {8192, 3}, {5, 8192}, {4099, 4},
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    check_real_2d (sizes[i][0], sizes[i][1]);
}

GST_END_TEST;

/* A 1D plan on a layout with strides and padded distances: every row is
 * checked against the reference, and every output element between the rows'
 * elements must keep the NaN it was poisoned with. The input's gaps hold NaN
 * too, so a read of one shows in the results. */
static void
check_strided (ClfftKind kind, guint n, guint batch, guint in_stride,
    guint in_distance, guint out_stride, guint out_distance)
{
  ClfftPlan1dDesc desc = { kind, n, batch, in_stride, in_distance,
    out_stride, out_distance
  };
  guint bins = n / 2 + 1;
  guint in_len = kind == CLFFT_C2R ? bins : n;
  guint out_len = kind == CLFFT_R2C ? bins : n;
  guint in_comp = kind == CLFFT_R2C ? 1 : 2, out_comp = kind == CLFFT_C2R ?
      1 : 2;
  gsize in_count = ((gsize) (batch - 1) * in_distance +
      (gsize) (in_len - 1) * in_stride + 1) * in_comp;
  gsize out_count = ((gsize) (batch - 1) * out_distance +
      (gsize) (out_len - 1) * out_stride + 1) * out_comp;
  gfloat *in = g_new (gfloat, in_count), *out = g_new (gfloat, out_count);
  gboolean *written = g_new0 (gboolean, out_count);
  gdouble *spec = g_new (gdouble, 2 * n);
  gdouble diff = 0, norm = 0;
  GError *error = NULL;
  ClfftPlan1d *plan;
  cl_mem in_buf, out_buf;

  for (gsize i = 0; i < in_count; i++)
    in[i] = NAN;
  plan = clfft_plan_1d_new (engine, &desc, &error);
  fail_unless (plan != NULL, "%s", error ? error->message : "");
  in_buf = device_buffer (in_count * sizeof (gfloat), NULL);
  out_buf = device_buffer (out_count * sizeof (gfloat), NULL);

  /* random rows; out holds what each output element should be */
  for (guint b = 0; b < batch; b++) {
    gdouble *rows_x = g_new0 (gdouble, 2 * n);

    for (guint i = 0; i < n; i++) {
      rows_x[2 * i] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
      if (kind == CLFFT_C2C)
        rows_x[2 * i + 1] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
    }
    ref_dft_1d (rows_x, spec, n, 1, -1);
    for (guint i = 0; i < in_len; i++)
      for (guint c = 0; c < in_comp; c++)
        in[((gsize) b * in_distance + (gsize) i * in_stride) * in_comp + c] =
            (gfloat) (kind == CLFFT_C2R ? spec[2 * i + c] : rows_x[2 * i + c]);
    /* expected output of row b, in x */
    for (guint i = 0; i < out_len; i++)
      for (guint c = 0; c < out_comp; c++) {
        gsize at = ((gsize) b * out_distance + (gsize) i * out_stride) *
            out_comp + c;
        gdouble want = kind == CLFFT_C2R ? rows_x[2 * i + c] :
            spec[2 * i + c];

        written[at] = TRUE;
        out[at] = (gfloat) want;        /* the expected value */
      }
    g_free (rows_x);
  }
  CL_OK (clEnqueueWriteBuffer (clfft_engine_get_queue (engine), in_buf,
          CL_TRUE, 0, in_count * sizeof (gfloat), in, 0, NULL, NULL));
  poison (out_buf, out_count * sizeof (gfloat));
  fail_unless (clfft_plan_1d_enqueue (plan, kind == CLFFT_C2R ?
          CLFFT_DIRECTION_INVERSE : CLFFT_DIRECTION_FORWARD, in_buf, out_buf,
          0, NULL, NULL, &error), "%s", error ? error->message : "");
  {
    gfloat *got = g_new (gfloat, out_count);

    read_back (out_buf, out_count * sizeof (gfloat), got);
    for (gsize i = 0; i < out_count; i++) {
      if (written[i]) {
        diff += ((gdouble) got[i] - out[i]) * ((gdouble) got[i] - out[i]);
        norm += (gdouble) out[i] * out[i];
      } else if (!isnan (got[i])) {
        fail ("%s %u: element %" G_GSIZE_FORMAT " between rows was written",
            clfft_plan_1d_describe (plan), n, i);
      }
    }
    g_free (got);
  }
  fail_unless (sqrt (diff / norm) < tolerance (real_kernel_length (n), 1),
      "%s with strides %u/%u, distances %u/%u: relative L2 error %g",
      clfft_plan_1d_describe (plan), in_stride, out_stride, in_distance,
      out_distance, sqrt (diff / norm));

  clfft_plan_1d_free (plan);
  CL_OK (clReleaseMemObject (in_buf));
  CL_OK (clReleaseMemObject (out_buf));
  g_free (in);
  g_free (out);
  g_free (written);
  g_free (spec);
}

GST_START_TEST (test_fft_1d_strided_layouts)
{
  static const guint lengths[] = { 15, 16, 22, 97, 6000, 4099 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++) {
    guint n = lengths[i];

    /* strided rows, padded distances */
    check_strided (CLFFT_C2C, n, 5, 3, 3 * n + 5, 2, 2 * n + 1);
    check_strided (CLFFT_R2C, n, 5, 2, 2 * n + 3, 3, 3 * n + 7);
    check_strided (CLFFT_C2R, n, 5, 3, 2 * n + 9, 2, 2 * n + 1);
    /* interleaved on both sides */
    check_strided (CLFFT_C2C, n, 4, 4, 1, 4, 1);
    check_strided (CLFFT_R2C, n, 3, 3, 1, 3, 1);
    check_strided (CLFFT_C2R, n, 3, 3, 1, 3, 1);
  }
}

GST_END_TEST;

GST_START_TEST (test_fft_2d_in_place)
{
  static const guint sizes[][2] = { {16, 8}, {97, 61} };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    guint w = sizes[s][0], h = sizes[s][1];
    gsize n_values = (gsize) 2 * w * h, bytes = n_values * sizeof (gfloat);
    gfloat *x = g_new (gfloat, n_values), *y = g_new (gfloat, n_values);
    gdouble *xd = g_new (gdouble, n_values), *ref = g_new (gdouble, n_values);
    ClfftPlan2d *plan = clfft_plan_2d_new (engine, CLFFT_C2C, w, h, NULL);
    cl_mem buf;
    gdouble err;

    fail_unless (plan != NULL);
    random_complex (x, xd, n_values);
    buf = device_buffer (bytes, x);
    fail_unless (clfft_plan_2d_enqueue (plan, CLFFT_DIRECTION_FORWARD, buf,
            buf, 0, NULL, NULL, NULL));
    read_back (buf, bytes, y);
    ref_dft_2d (xd, ref, w, h, -1);
    err = rel_l2_error (y, ref, n_values);
    fail_unless (err < tolerance (w, h), "in place %ux%u: %g", w, h, err);
    fail_unless (clfft_plan_2d_enqueue (plan, CLFFT_DIRECTION_INVERSE, buf,
            buf, 0, NULL, NULL, NULL));
    read_back (buf, bytes, y);
    err = rel_l2_error (y, xd, n_values);
    fail_unless (err < tolerance (w, h), "in place back %ux%u: %g", w, h,
        err);
    clfft_plan_2d_free (plan);
    CL_OK (clReleaseMemObject (buf));
    g_free (x);
    g_free (y);
    g_free (xd);
    g_free (ref);
  }
}

GST_END_TEST;

GST_START_TEST (test_fft_2d_sizes)
{
  static const guint sizes[][2] = {
    {2, 2}, {4, 8}, {16, 16}, {64, 32}, {32, 128}, {2, 256}, {256, 2},
    {512, 64}, {128, 512}, {4096, 2}, {2, 4096}, {3, 5}, {35, 48},
    {120, 90}, {160, 120}, {97, 61}, {2, 97}, {97, 2}, {1, 16}, {13, 1},
    {8192, 2}, {2, 8192}, {4099, 3}, {5, 6000}, {997, 631},
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    check_transform (sizes[i][0], sizes[i][1], TRUE);
  /* and sizes drawn at random (the seed is printed), one with columns
   * in two passes */
  for (guint i = 0; i < 3; i++)
    check_transform (g_rand_int_range (rng, 1, 1200),
        g_rand_int_range (rng, 1, 1200), TRUE);
  check_transform (g_rand_int_range (rng, 1, 7),
      g_rand_int_range (rng, 4097, 8193), TRUE);
}

GST_END_TEST;

GST_START_TEST (test_unsupported_length_is_an_error)
{
  GError *error = NULL;

  /* 2^23 + 1 = 3 x 2796203 needs a Bluestein length above 2^24 */
  ClfftPlan1dDesc prime = { CLFFT_C2C, 8388609, 1, 0, 0, 0, 0 };
  ClfftPlan1dDesc r2c = { CLFFT_R2C, 2 * 8388609, 1, 0, 0, 0, 0 };
  ClfftPlan1d *plan;

  fail_unless (clfft_plan_1d_new (engine, &prime, &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  fail_unless (clfft_plan_1d_new (engine, &r2c, &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  /* an R2C plan does not run inverse */
  r2c.n = 16;
  plan = clfft_plan_1d_new (engine, &r2c, &error);
  fail_unless (plan != NULL);
  fail_if (clfft_plan_1d_enqueue (plan, CLFFT_DIRECTION_INVERSE, NULL, NULL,
          0, NULL, NULL, &error));
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  clfft_plan_1d_free (plan);
  r2c.batch = 0;
  fail_unless (clfft_plan_1d_new (engine, &r2c, &error) == NULL);
  g_clear_error (&error);
  /* lengths whose 2n - 1 overflows 32 bits */
  fail_if (clfft_length_supported (2147483649u));
  prime.n = 2147483651u;
  fail_unless (clfft_plan_1d_new (engine, &prime, &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  fail_unless (clfft_plan_2d_new (engine, CLFFT_R2C, 2147483651u, 2,
          &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  fail_unless (clfft_plan_2d_new (engine, CLFFT_C2C, 8388609, 2,
          &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
}

GST_END_TEST;

/* One thread's use of a shared plan: its own buffers, forward, checked. */
typedef struct
{
  ClfftPlan1d *plan;
  guint n, batch;
  gfloat *x, *y;
  gdouble *ref;
  gboolean enqueued;
} SharedPlanUse;

static gpointer
use_shared_plan (gpointer data)
{
  SharedPlanUse *use = data;
  gsize bytes = (gsize) 2 * use->n * use->batch * sizeof (gfloat);
  cl_mem in = device_buffer (bytes, use->x), out = device_buffer (bytes, NULL);
  cl_event done = NULL;

  for (guint round = 0; round < 20; round++) {
    use->enqueued = clfft_plan_1d_enqueue (use->plan,
        CLFFT_DIRECTION_FORWARD, in, out, 0, NULL, &done, NULL);
    if (!use->enqueued)
      break;
    CL_OK (clWaitForEvents (1, &done));
    CL_OK (clReleaseEvent (done));
  }
  CL_OK (clEnqueueReadBuffer (clfft_engine_get_queue (engine), out, CL_TRUE,
          0, bytes, use->y, 0, NULL, NULL));
  CL_OK (clReleaseMemObject (in));
  CL_OK (clReleaseMemObject (out));
  return NULL;
}

GST_START_TEST (test_plans_are_shared)
{
  ClfftPlan1dDesc desc = { CLFFT_C2C, 6000, 3, 0, 0, 0, 0 };
  ClfftPlan1dDesc same = { CLFFT_C2C, 6000, 3, 1, 6000, 1, 6000 };
  ClfftPlan1dDesc other = { CLFFT_C2C, 6000, 4, 0, 0, 0, 0 };
  ClfftPlan1d *a = clfft_plan_1d_new (engine, &desc, NULL);
  ClfftPlan1d *b = clfft_plan_1d_new (engine, &same, NULL);
  ClfftPlan1d *c = clfft_plan_1d_new (engine, &other, NULL);
  ClfftPlan2d *p2 = clfft_plan_2d_new (engine, CLFFT_R2C, 64, 30, NULL);
  ClfftPlan2d *q2 = clfft_plan_2d_new (engine, CLFFT_R2C, 64, 30, NULL);
  SharedPlanUse uses[4];
  GThread *threads[4];

  fail_unless (a != NULL && c != NULL && p2 != NULL);
  fail_unless (a == b, "a plan with the default layout spelt out was built "
      "again");
  fail_unless (a != c);
  fail_unless (p2 == q2);
  clfft_plan_2d_free (q2);
  clfft_plan_2d_free (p2);
  clfft_plan_1d_free (c);

  /* several threads enqueue the shared plan at once, each on its data */
  for (guint i = 0; i < G_N_ELEMENTS (uses); i++) {
    gsize n_values = (gsize) 2 * desc.n * desc.batch;
    gdouble *xd = g_new (gdouble, n_values);

    uses[i] = (SharedPlanUse) {
    i % 2 ? a : b, desc.n, desc.batch, g_new (gfloat, n_values),
          g_new (gfloat, n_values), g_new (gdouble, n_values), FALSE};
    random_complex (uses[i].x, xd, n_values);
    ref_dft_1d (xd, uses[i].ref, desc.n, desc.batch, -1);
    g_free (xd);
  }
  for (guint i = 0; i < G_N_ELEMENTS (uses); i++)
    threads[i] = g_thread_new ("plan-user", use_shared_plan, &uses[i]);
  for (guint i = 0; i < G_N_ELEMENTS (uses); i++) {
    gdouble err;

    g_thread_join (threads[i]);
    fail_unless (uses[i].enqueued);
    err = rel_l2_error (uses[i].y, uses[i].ref, (gsize) 2 * desc.n *
        desc.batch);
    fail_unless (err < TOLERANCE_DIRECT, "thread %u: relative L2 error %g",
        i, err);
    g_free (uses[i].x);
    g_free (uses[i].y);
    g_free (uses[i].ref);
  }
  clfft_plan_1d_free (b);
  clfft_plan_1d_free (a);
}

GST_END_TEST;

/* A plan's first launch waits for the events it is given, and the event
 * it returns is its last launch's. A second queue writes the input behind
 * a user event, and reads the output as soon as the returned event is
 * complete: a first launch that did not wait would transform the NaN the
 * input starts with, and an event of an earlier launch would let the read
 * see the NaN the output starts with. Lengths in one pass, in two, and
 * through Bluestein in two with the unfold (five launches). */
GST_START_TEST (test_enqueue_waits_for_events)
{
  static const struct
  {
    ClfftKind kind;
    guint n, batch;
  } cases[] = { {CLFFT_C2C, 64, 2}, {CLFFT_C2C, 8192, 16}, {CLFFT_R2C, 8194,
          16},
  };
  cl_context context = clfft_engine_get_context (engine);
  cl_command_queue other;
  cl_int st;

  other = clCreateCommandQueue (context,
      clfft_engine_get_device (engine)->id, 0, &st);
  fail_unless_equals_int (st, CL_SUCCESS);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    guint n = cases[i].n, batch = cases[i].batch;
    gboolean real = cases[i].kind == CLFFT_R2C;
    ClfftPlan1dDesc desc = { cases[i].kind, n, batch, 0, 0, 0, 0 };
    ClfftPlan1d *plan = clfft_plan_1d_new (engine, &desc, NULL);
    gsize n_in = (gsize) (real ? 1 : 2) * n * batch;
    gsize n_out = (gsize) 2 * (real ? n / 2 + 1 : n) * batch;
    gfloat *x = g_new (gfloat, n_in), *y = g_new (gfloat, n_out);
    gdouble *xd = g_new0 (gdouble, 2 * (gsize) n * batch);
    gdouble *full = g_new (gdouble, 2 * (gsize) n * batch);
    gdouble *ref = g_new (gdouble, n_out);
    cl_mem in = device_buffer (n_in * sizeof (gfloat), NULL);
    cl_mem out = device_buffer (n_out * sizeof (gfloat), NULL);
    cl_event gate, written, done;
    cl_int status;
    gdouble err;

    fail_unless (plan != NULL);
    /* the reference: complex DFTs of the rows, their first bins for R2C */
    for (gsize j = 0; j < n_in; j++) {
      x[j] = (gfloat) g_rand_double_range (rng, -1.0, 1.0);
      xd[real ? 2 * j : j] = x[j];
    }
    ref_dft_1d (xd, full, n, batch, -1);
    for (guint b = 0; b < batch; b++)
      memcpy (ref + (n_out / batch) * b, full + (gsize) 2 * n * b,
          n_out / batch * sizeof (gdouble));
    poison (in, n_in * sizeof (gfloat));
    poison (out, n_out * sizeof (gfloat));

    gate = clCreateUserEvent (context, &st);
    fail_unless_equals_int (st, CL_SUCCESS);
    CL_OK (clEnqueueWriteBuffer (other, in, CL_FALSE, 0,
            n_in * sizeof (gfloat), x, 1, &gate, &written));
    CL_OK (clFlush (other));
    fail_unless (clfft_plan_1d_enqueue (plan, CLFFT_DIRECTION_FORWARD, in,
            out, 1, &written, &done, NULL));
    CL_OK (clFlush (clfft_engine_get_queue (engine)));
    g_usleep (G_USEC_PER_SEC / 20);
    CL_OK (clGetEventInfo (done, CL_EVENT_COMMAND_EXECUTION_STATUS,
            sizeof (status), &status, NULL));
    fail_unless (status != CL_COMPLETE, "%s ran before its wait list",
        clfft_plan_1d_describe (plan));
    CL_OK (clSetUserEventStatus (gate, CL_COMPLETE));
    CL_OK (clWaitForEvents (1, &done));
    CL_OK (clEnqueueReadBuffer (other, out, CL_TRUE, 0,
            n_out * sizeof (gfloat), y, 0, NULL, NULL));
    err = rel_l2_error (y, ref, n_out);
    fail_unless (err < TOLERANCE_BLUESTEIN, "%s: relative L2 error %g when "
        "its event completed", clfft_plan_1d_describe (plan), err);

    CL_OK (clFinish (clfft_engine_get_queue (engine)));
    CL_OK (clReleaseEvent (gate));
    CL_OK (clReleaseEvent (written));
    CL_OK (clReleaseEvent (done));
    CL_OK (clReleaseMemObject (in));
    CL_OK (clReleaseMemObject (out));
    clfft_plan_1d_free (plan);
    g_free (x);
    g_free (y);
    g_free (xd);
    g_free (full);
    g_free (ref);
  }
  CL_OK (clReleaseCommandQueue (other));
}

GST_END_TEST;

/* The staging copies, split over threads where large: every byte of every
 * row where it belongs, nothing between the rows touched. */
GST_START_TEST (test_copy_rows)
{
  static const guint shapes[][4] = {
    /* row bytes, rows, source stride, destination stride */
    {1920, 1080, 1920, 1920}, {1920, 1080, 2048, 1984}, {3, 5, 7, 3},
    {7680, 4320, 7680, 7744}, {1, 300000, 1, 2}, {300000, 1, 300001, 300000},
    {4095, 257, 4096, 4100},
  };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++) {
    const gsize row = shapes[i][0], rows = shapes[i][1];
    const gsize src_stride = shapes[i][2], dst_stride = shapes[i][3];
    gsize src_size = src_stride * (rows - 1) + row, dst_size = dst_stride *
        rows;
    guint8 *src = g_malloc (src_size), *dst = g_malloc (dst_size);

    for (gsize b = 0; b < src_size; b++)
      src[b] = (guint8) g_rand_int (rng);
    memset (dst, 0xA5, dst_size);
    clfft_copy_rows (dst, dst_stride, src, src_stride, row, rows);
    for (gsize y = 0; y < rows; y++)
      for (gsize x = 0; x < dst_stride; x++) {
        guint8 want = x < row ? src[y * src_stride + x] : 0xA5;

        if (dst[y * dst_stride + x] != want)
          fail ("shape %u: row %" G_GSIZE_FORMAT ", byte %" G_GSIZE_FORMAT
              ": %u for %u", i, y, x, dst[y * dst_stride + x], want);
      }
    g_free (src);
    g_free (dst);
  }
}

GST_END_TEST;

GST_START_TEST (test_engine_is_shared)
{
  GError *error = NULL;
  ClfftEngine *again = clfft_engine_get (-1, &error);
  gint index = clfft_engine_get_device (engine)->index;
  ClfftEngine *by_index = clfft_engine_get (index, &error);

  fail_unless (again == engine);
  fail_unless (by_index == engine);
  clfft_engine_unref (again);
  clfft_engine_unref (by_index);
}

GST_END_TEST;

/* The index of the first device whose name contains part, in any case. */
static gint
first_device_named (const ClfftDeviceInfo * devices, guint n,
    const gchar * part)
{
  for (guint i = 0; i < n; i++) {
    gchar *name = g_ascii_strdown (devices[i].name, -1);
    gchar *needle = g_ascii_strdown (part, -1);
    gboolean match = strstr (name, needle) != NULL;

    g_free (name);
    g_free (needle);
    if (match)
      return (gint) i;
  }
  return -1;
}

GST_START_TEST (test_device_choice)
{
  const ClfftDeviceInfo *devices;
  GError *error = NULL;
  guint n, automatic = 0;
  gchar *part;

  devices = clfft_list_devices (&n, &error);
  fail_unless (devices != NULL && n > 0);

  /* automatic: the first GPU, else the first CPU */
  g_unsetenv (CLFFT_DEVICE_ENV);
  while (automatic < n && !(devices[automatic].type & CL_DEVICE_TYPE_GPU))
    automatic++;
  if (automatic == n)
    for (automatic = 0; automatic < n; automatic++)
      if (devices[automatic].type & CL_DEVICE_TYPE_CPU)
        break;
  fail_unless_equals_int (clfft_choose_device (-1, NULL), automatic);

  /* the environment: an index, or a part of a name in any case */
  g_setenv (CLFFT_DEVICE_ENV, "0", TRUE);
  fail_unless_equals_int (clfft_choose_device (-1, NULL), 0);
  part = g_ascii_strup (devices[n - 1].name + strlen (devices[n - 1].name) / 2,
      4);
  g_setenv (CLFFT_DEVICE_ENV, part, TRUE);
  fail_unless_equals_int (clfft_choose_device (-1, NULL),
      first_device_named (devices, n, part));
  g_free (part);

  /* a number is an index only: past the list it is an error, even where
   * a device's name holds its digits */
  part = g_strdup_printf ("%u", n);
  g_setenv (CLFFT_DEVICE_ENV, part, TRUE);
  fail_unless_equals_int (clfft_choose_device (-1, &error), -1);
  fail_unless (g_error_matches (error, CLFFT_ERROR,
          CLFFT_ERROR_DEVICE_NOT_FOUND));
  fail_unless (strstr (error->message, "no OpenCL device") != NULL, "%s",
      error->message);
  g_clear_error (&error);
  g_free (part);
  /* digits alone are an index however many: past G_MAXUINT too, with the
   * number in the message (issue 71) */
  for (guint i = 0; i < 2; i++) {
    const gchar *index = i ? "4294967296" : "184467440737095516160000";

    g_setenv (CLFFT_DEVICE_ENV, index, TRUE);
    fail_unless_equals_int (clfft_choose_device (-1, &error), -1);
    fail_unless (g_error_matches (error, CLFFT_ERROR,
            CLFFT_ERROR_DEVICE_NOT_FOUND));
    part = g_strdup_printf ("there is no OpenCL device %s ", index);
    fail_unless (strstr (error->message, part) != NULL, "%s",
        error->message);
    g_clear_error (&error);
    g_free (part);
  }

  /* a value that is not UTF-8 (cut inside a character) is refused before
   * any folding, its bytes escaped in the message (issue 71) */
  g_setenv (CLFFT_DEVICE_ENV, "0,pthread\xf0", TRUE);
  fail_unless_equals_int (clfft_choose_device (-1, &error), -1);
  fail_unless (g_error_matches (error, CLFFT_ERROR,
          CLFFT_ERROR_DEVICE_NOT_FOUND));
  fail_unless (g_utf8_validate (error->message, -1, NULL));
  fail_unless (strstr (error->message, "\"pthread\\360\" is not valid "
          "UTF-8") != NULL, "%s", error->message);
  fail_unless (strstr (error->message, devices[0].name) != NULL);
  g_clear_error (&error);

  /* the property's index overrides the environment */
  g_setenv (CLFFT_DEVICE_ENV, "no-such-opencl-device", TRUE);
  fail_unless_equals_int (clfft_choose_device (n - 1, NULL), n - 1);
  fail_unless_equals_int (clfft_choose_device (-1, &error), -1);
  fail_unless (g_error_matches (error, CLFFT_ERROR,
          CLFFT_ERROR_DEVICE_NOT_FOUND));
  fail_unless (strstr (error->message, "no-such-opencl-device") != NULL);
  fail_unless (strstr (error->message, devices[0].name) != NULL);
  g_clear_error (&error);
  g_unsetenv (CLFFT_DEVICE_ENV);

  fail_unless_equals_int (clfft_choose_device (n + 5, &error), -1);
  fail_unless (g_error_matches (error, CLFFT_ERROR,
          CLFFT_ERROR_DEVICE_NOT_FOUND));
  g_clear_error (&error);
}

GST_END_TEST;

static GString *captured_log;

static void
capture_log (ClfftLogLevel level, const gchar * message, gpointer data)
{
  if (level == CLFFT_LOG_ERROR)
    g_string_append (captured_log, message);
}

GST_START_TEST (test_build_failure_is_reported_with_log)
{
  GError *error = NULL;

  captured_log = g_string_new (NULL);
  clfft_set_log_func (capture_log, NULL);
  /* Without -D N the kernel stops at its own #error. */
  fail_unless (clfft_engine_get_program (engine, "fft_stockham.cl",
          "-D THREADS=1", &error) == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_BUILD));
  fail_unless (strstr (error->message, "N must be defined") != NULL,
      "build log missing from the error: %s", error->message);
  fail_unless (strstr (captured_log->str, "N must be defined") != NULL,
      "build log missing from the engine log: %s", captured_log->str);
  g_clear_error (&error);
  fail_unless (clfft_engine_get_program (engine, "no-such.cl", "",
          &error) == NULL);
  g_clear_error (&error);
  clfft_set_log_func (NULL, NULL);
  g_string_free (captured_log, TRUE);
}

GST_END_TEST;

static guint
count_cache_files (const gchar * dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const gchar *name;
  guint count = 0;

  if (!d)
    return 0;
  while ((name = g_dir_read_name (d)))
    count += g_str_has_suffix (name, ".bin");
  g_dir_close (d);
  return count;
}

/* Transposes a random 48x20 matrix with a program from the cache. */
static void
check_transpose_program (cl_program program)
{
  guint w = 48, h = 20;
  gsize n = (gsize) 2 * w * h, bytes = n * sizeof (gfloat);
  gfloat *x = g_new (gfloat, n), *y = g_new (gfloat, n);
  gdouble *xd = g_new (gdouble, n);
  cl_mem in, out;
  cl_kernel kernel;
  cl_int st;
  gsize local[2] = { 16, 4 }, global[2] = { 48, 8 };

  random_complex (x, xd, n);
  in = device_buffer (bytes, x);
  out = device_buffer (bytes, NULL);
  poison (out, bytes);
  kernel = clCreateKernel (program, "transpose", &st);
  fail_unless_equals_int (st, CL_SUCCESS);
  CL_OK (clSetKernelArg (kernel, 0, sizeof (cl_mem), &in));
  CL_OK (clSetKernelArg (kernel, 1, sizeof (cl_mem), &out));
  CL_OK (clSetKernelArg (kernel, 2, sizeof (cl_uint), &w));
  CL_OK (clSetKernelArg (kernel, 3, sizeof (cl_uint), &h));
  CL_OK (clEnqueueNDRangeKernel (clfft_engine_get_queue (engine), kernel, 2,
          NULL, global, local, 0, NULL, NULL));
  read_back (out, bytes, y);
  for (guint r = 0; r < h; r++)
    for (guint c = 0; c < w; c++) {
      fail_unless_equals_float (y[2 * (c * h + r)], x[2 * (r * w + c)]);
      fail_unless_equals_float (y[2 * (c * h + r) + 1],
          x[2 * (r * w + c) + 1]);
    }
  CL_OK (clReleaseKernel (kernel));
  CL_OK (clReleaseMemObject (in));
  CL_OK (clReleaseMemObject (out));
  g_free (x);
  g_free (y);
  g_free (xd);
}

/* The size of the one file in dir. */
static goffset
cache_file_size (const gchar * dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  gchar *path = g_build_filename (dir, g_dir_read_name (d), NULL);
  GStatBuf st;

  fail_unless (g_stat (path, &st) == 0);
  g_dir_close (d);
  g_free (path);
  return st.st_size;
}

/* The program cache as the device keeps it (binaries, or on PoCL records
 * of builds that PoCL's own cache answers), or with binaries forced. */
static void
check_program_cache (gboolean binaries)
{
  gchar *home = g_dir_make_tmp ("clfft-cache-XXXXXX", NULL);
  gchar *dir, *options, *path = NULL, *contents;
  gchar *other_options, *other_path = NULL, *swap_path;
  ClfftProgramStats stats;
  GError *error = NULL;
  cl_program program;
  GDir *d;
  gsize length;
  gboolean records;

  g_setenv ("XDG_CACHE_HOME", home, TRUE);
  dir = clfft_program_cache_dir ();
  fail_unless (g_str_has_prefix (dir, home));
  /* A define of its own keeps this program out of every other cache. */
  options = g_strdup_printf ("-D TILE=16 -D TILE_ROWS=4 -D CACHE_TEST=%u",
      g_rand_int (rng));
  clfft_testing_cache_binaries (binaries);

  /* first use: compiled and stored */
  clfft_engine_unref (engine);
  engine = clfft_engine_get (-1, &error);
  records = !binaries && strstr (clfft_engine_get_device (engine)->
      platform_name, "Portable Computing Language") != NULL;
  program = clfft_engine_get_program (engine, "transpose.cl", options, &error);
  fail_unless (program != NULL);
  clfft_engine_get_program_stats (engine, &stats);
  fail_unless_equals_int (stats.built_from_source, 1);
  fail_unless_equals_int (stats.loaded_from_disk, 0);
  /* written now (on other CPU devices it would wait for the engine's end) */
  clfft_engine_finish_cache_writes (engine);
  fail_unless_equals_int (count_cache_files (dir), 1);
  /* a record is a header alone; a binary holds the program */
  if (records)
    fail_unless (cache_file_size (dir) < 128, "a record of %"
        G_GOFFSET_FORMAT " bytes", cache_file_size (dir));
  else
    fail_unless (cache_file_size (dir) > 1024, "a binary of %"
        G_GOFFSET_FORMAT " bytes", cache_file_size (dir));
  check_transpose_program (program);

  /* again in this engine: from memory */
  fail_unless (clfft_engine_get_program (engine, "transpose.cl", options,
          &error) == program);
  clfft_engine_get_program_stats (engine, &stats);
  fail_unless_equals_int (stats.memory_hits, 1);

  /* a new engine (a second pipeline start): from disk, and it runs */
  clfft_engine_unref (engine);
  engine = clfft_engine_get (-1, &error);
  program = clfft_engine_get_program (engine, "transpose.cl", options, &error);
  fail_unless (program != NULL);
  clfft_engine_get_program_stats (engine, &stats);
  fail_unless_equals_int (stats.built_from_source, 0);
  fail_unless_equals_int (stats.loaded_from_disk, 1);
  check_transpose_program (program);

  /* an entry with a byte flipped, cut to half its length, or cut to 3
   * bytes is detected, removed and rebuilt */
  d = g_dir_open (dir, 0, NULL);
  path = g_build_filename (dir, g_dir_read_name (d), NULL);
  g_dir_close (d);
  /* ... and so is a FIFO (whose open() would block without O_NONBLOCK)
   * or a link to /dev/zero (read until memory runs out) in its place */
  for (guint corruption = 0; corruption < 5; corruption++) {
    if (corruption < 3) {
      fail_unless (g_file_get_contents (path, &contents, &length, NULL));
      if (corruption == 0)
        contents[length - 1] ^= 0x5a;
      else
        length = corruption == 1 ? length / 2 : 3;
      fail_unless (g_file_set_contents (path, contents, length, NULL));
      g_free (contents);
    } else {
      fail_unless (g_unlink (path) == 0);
      fail_unless ((corruption == 3 ? mkfifo (path, 0644) :
              symlink ("/dev/zero", path)) == 0, "%s", g_strerror (errno));
    }
    clfft_engine_unref (engine);
    engine = clfft_engine_get (-1, &error);
    program = clfft_engine_get_program (engine, "transpose.cl", options,
        &error);
    fail_unless (program != NULL);
    clfft_engine_get_program_stats (engine, &stats);
    fail_unless_equals_int (stats.loaded_from_disk, 0);
    fail_unless_equals_int (stats.built_from_source, 1);
    check_transpose_program (program);
    clfft_engine_finish_cache_writes (engine);
    fail_unless_equals_int (count_cache_files (dir), 1);
    fail_unless (g_file_test (path, G_FILE_TEST_IS_REGULAR)
        && !g_file_test (path, G_FILE_TEST_IS_SYMLINK));
  }

  /* two valid entries swapped on disk: each is refused as made for the
   * other program, and both are built again */
  other_options = g_strdup_printf ("%s -D CACHE_TEST_OTHER=1", options);
  fail_unless (clfft_engine_get_program (engine, "transpose.cl",
          other_options, &error) != NULL);
  clfft_engine_finish_cache_writes (engine);
  fail_unless_equals_int (count_cache_files (dir), 2);
  d = g_dir_open (dir, 0, NULL);
  while (!other_path || strcmp (other_path, path) == 0) {
    g_free (other_path);
    other_path = g_build_filename (dir, g_dir_read_name (d), NULL);
  }
  g_dir_close (d);
  swap_path = g_strconcat (path, ".swap", NULL);
  fail_unless (g_rename (path, swap_path) == 0
      && g_rename (other_path, path) == 0
      && g_rename (swap_path, other_path) == 0);
  clfft_engine_unref (engine);
  engine = clfft_engine_get (-1, &error);
  program = clfft_engine_get_program (engine, "transpose.cl", options,
      &error);
  fail_unless (program != NULL);
  check_transpose_program (program);
  program = clfft_engine_get_program (engine, "transpose.cl", other_options,
      &error);
  fail_unless (program != NULL);
  check_transpose_program (program);
  clfft_engine_get_program_stats (engine, &stats);
  fail_unless_equals_int (stats.loaded_from_disk, 0);
  fail_unless_equals_int (stats.built_from_source, 2);
  clfft_engine_finish_cache_writes (engine);

  g_unlink (path);
  g_unlink (other_path);
  g_rmdir (dir);
  g_rmdir (home);
  g_free (path);
  g_free (other_path);
  g_free (swap_path);
  g_free (options);
  g_free (other_options);
  g_free (dir);
  g_free (home);
  clfft_testing_cache_binaries (FALSE);
}

GST_START_TEST (test_program_cache)
{
  check_program_cache (FALSE);
  check_program_cache (TRUE);
}

GST_END_TEST;

static gboolean
five_smooth (guint n)
{
  static const guint primes[] = { 2, 3, 5 };

  for (guint i = 0; i < G_N_ELEMENTS (primes); i++)
    while (n % primes[i] == 0)
      n /= primes[i];
  return n == 1;
}

/* padding=mirror's size for every side clfft2dfilter takes: the smallest
 * 2^a 3^b 5^c of at least 1.5 n, which a filter can be made at. */
/* Sizes outside the filters' range are refused at once, with the range
 * in the message, by every entry point that takes a size (before: the
 * ImageJ length doubled a 32-bit side until it wrapped to 0 and looped
 * there for ever, and 5000000x10 built kernels for seconds). */
GST_START_TEST (test_filter2d_sizes_out_of_range)
{
  static const guint sizes[][2] = { {0, 0}, {0, 16}, {16, 0}, {8193, 2},
  {2, 8193}, {5000000, 10}, {4294967291u, 10}, {G_MAXUINT, G_MAXUINT},
  };
  const ClfftPadding paddings[] = { CLFFT_PADDING_NONE,
    CLFFT_PADDING_MIRROR, CLFFT_PADDING_IMAGEJ
  };
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    const guint w = sizes[i][0], h = sizes[i][1];
    const gint64 start = g_get_monotonic_time ();
    ClfftFrameLayout layout = { 1, {w}, {h}, 1, {{0, 0, 1, w, h, 8, 0, 1, 1,
                1.0f, CLFFT_SAMPLES_IN_CONTAINERS}}
    };
    gdouble seconds;

    if (clfft_filter2d_imagej_length (w, h) != 0)
      fail ("%ux%u: an ImageJ length of %u", w, h,
          clfft_filter2d_imagej_length (w, h));
    for (guint p = 0; p < G_N_ELEMENTS (paddings); p++) {
      ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h,
          CLFFT_PIXELS_U8, paddings[p], &error);

      if (filter)
        fail ("%ux%u with padding %d: a filter was made", w, h, paddings[p]);
      else if (!g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED)
          || !strstr (error->message, "2 to 8192"))
        fail ("%ux%u: %s", w, h, error->message);
      g_clear_error (&error);
    }
    if (clfft_frame_filter_new (engine, &layout, CLFFT_PADDING_NONE, &error))
      fail ("%ux%u: a frame filter was made", w, h);
    else if (!strstr (error->message, "2 to 8192"))
      fail ("%ux%u: %s", w, h, error->message);
    g_clear_error (&error);
    if (clfft_peak_finder_new (engine, w, h, &error))
      fail ("%ux%u: a peak finder was made", w, h);
    else if (!strstr (error->message, "2 to 8192"))
      fail ("%ux%u: %s", w, h, error->message);
    g_clear_error (&error);
    seconds = (g_get_monotonic_time () - start) / 1e6;
    GST_INFO ("%ux%u refused in %.6f s", w, h, seconds);
    if (seconds > 1.0)
      fail ("%ux%u took %.1f s to refuse", w, h, seconds);
  }
  /* the edges of the range are taken: a 4:2:0 chroma plane of one
   * sample, and the longest side */
  for (guint i = 0; i < 2; i++) {
    const guint w = i ? 8192 : 1, h = i ? 2 : 1;
    ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);

    fail_unless (filter != NULL, "%ux%u: %s", w, h,
        error ? error->message : "");
    clfft_filter2d_free (filter);
  }
  fail_unless_equals_int (clfft_filter2d_imagej_length (8192, 2), 16384);
  clfft_engine_unref (engine);
}

GST_END_TEST;

GST_START_TEST (test_filter2d_padded_lengths)
{
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftFilter2d *filter;
  guint tw, th;

  for (guint n = 2; n <= 8192; n++) {
    guint p = clfft_filter2d_padded_length (n), least = (3 * n + 1) / 2;

    fail_unless (p >= least && five_smooth (p), "%u: %u", n, p);
    for (guint q = least; q < p; q++)
      if (five_smooth (q))
        fail ("%u: %u is smaller than %u", n, q, p);
  }

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  filter = clfft_filter2d_new (engine, 97, 8192, CLFFT_PIXELS_U8,
      CLFFT_PADDING_MIRROR, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  clfft_filter2d_get_transform_size (filter, &tw, &th);
  fail_unless_equals_int (tw, 150);
  fail_unless_equals_int (th, 12288);
  clfft_filter2d_free (filter);
  filter = clfft_filter2d_new (engine, 97, 61, CLFFT_PIXELS_U16,
      CLFFT_PADDING_NONE, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  clfft_filter2d_get_transform_size (filter, &tw, &th);
  fail_unless_equals_int (tw, 97);
  fail_unless_equals_int (th, 61);
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
}

GST_END_TEST;

/* clfft_spectrum_run against FFTW (Hann window): sums of decibels within
 * 0.01 dB per step, sums of phases (when asked for) within 1e-3 rad per
 * step or a whole turn apart (an atan2 at +-pi). */
static void
check_spectrum_run (guint n, guint channels, guint n_steps,
    const guint * group_start, guint n_groups, gboolean with_phase)
{
  const guint bins = n / 2 + 1;
  const gdouble threshold = -100;
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftSpectrum *spectrum;
  gsize per_group = (gsize) channels * bins;
  gfloat *frames = g_new (gfloat, (gsize) n_steps * channels * n);
  gfloat *magnitude = g_new (gfloat, n_groups * per_group);
  gfloat *phase = with_phase ? g_new (gfloat, n_groups * per_group) : NULL;
  gdouble *x = g_new (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);
  gdouble *ref_magnitude = g_new0 (gdouble, n_groups * per_group);
  gdouble *ref_phase = g_new0 (gdouble, n_groups * per_group);
  /* per value, the lowest power of its bin in any step of the group,
   * relative to the mean power of that step's bins */
  gdouble *ref_weakest = g_new (gdouble, n_groups * per_group);
  GRand *rng = ref_rand_new ();
  guint wrapped = 0;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  spectrum = clfft_spectrum_new (engine, n, channels, CLFFT_WINDOW_HANN,
      &error);
  fail_unless (spectrum != NULL, "%s", error ? error->message : "");
  fail_unless_equals_int (clfft_spectrum_get_bins (spectrum), bins);
  for (gsize i = 0; i < (gsize) n_steps * channels * n; i++)
    frames[i] = g_rand_double_range (rng, -1, 1);
  /* one device buffer, then two (uploads overlapping transforms): the
   * same sums bit for bit, checked against the reference below */
  for (gint two = 0; two <= 1; two++) {
    gfloat *one_magnitude = two ? g_memdup2 (magnitude,
        n_groups * per_group * sizeof (gfloat)) : NULL;
    gfloat *one_phase = two && phase ? g_memdup2 (phase,
        n_groups * per_group * sizeof (gfloat)) : NULL;

    clfft_spectrum_set_double_buffering (spectrum, two);
    fail_unless (clfft_spectrum_run (spectrum, frames, n_steps, group_start,
            n_groups, threshold, magnitude, phase, &error), "%s",
        error ? error->message : "");
    if (two) {
      fail_unless (memcmp (one_magnitude, magnitude,
              n_groups * per_group * sizeof (gfloat)) == 0);
      fail_unless (!phase || memcmp (one_phase, phase,
              n_groups * per_group * sizeof (gfloat)) == 0);
    }
    g_free (one_magnitude);
    g_free (one_phase);
  }

  for (guint g = 0; g < n_groups; g++)
    for (guint step = group_start[g]; step < group_start[g + 1]; step++)
      for (guint c = 0; c < channels; c++) {
        const gfloat *frame = frames + ((gsize) step * channels + c) * n;

        for (guint i = 0; i < n; i++) {
          x[2 * i] = frame[i] * (0.5 - 0.5 * cos (2 * G_PI * i / n));
          x[2 * i + 1] = 0;
        }
        gdouble mean_power = 0;

        ref_dft_1d (x, X, n, 1, -1);
        for (guint k = 0; k < bins; k++)
          mean_power += (X[2 * k] * X[2 * k] + X[2 * k + 1] * X[2 * k + 1]) /
              bins;
        for (guint k = 0; k < bins; k++) {
          gsize at = g * per_group + (gsize) c * bins + k;
          gdouble power = X[2 * k] * X[2 * k] + X[2 * k + 1] * X[2 * k + 1];
          gdouble db = 10 * log10 (power / ((gdouble) n * n));

          ref_magnitude[at] += MAX (db, threshold);
          ref_phase[at] += atan2 (X[2 * k + 1], X[2 * k]);
          ref_weakest[at] = step == group_start[g] ? power / mean_power :
              MIN (ref_weakest[at], power / mean_power);
        }
      }
  for (guint g = 0; g < n_groups; g++) {
    guint steps = group_start[g + 1] - group_start[g];

    for (gsize i = g * per_group; i < (g + 1) * per_group; i++) {
      if (!(fabs (magnitude[i] - ref_magnitude[i]) <= 0.01 * steps))
        fail ("group %u, value %" G_GSIZE_FORMAT ": %.4f dB against %.4f", g,
            i, magnitude[i], ref_magnitude[i]);
      /* where the bin is within 40 dB of its frame's mean power in every
       * step: a phase sum over steps is as far off as the phase of its
       * weakest bin, whose float error grows as the bin's power falls */
      if (phase && ref_weakest[i] > 1e-4) {
        gdouble d = phase[i] - ref_phase[i];
        gdouble turns = round (d / (2 * G_PI));

        if (!(fabs (d - turns * 2 * G_PI) <= 1e-3 * steps))
          fail ("group %u, value %" G_GSIZE_FORMAT ": phase %.5f against "
              "%.5f", g, i, phase[i], ref_phase[i]);
        wrapped += turns != 0;
      }
    }
  }
  fail_unless (wrapped * 1000 < n_groups * per_group, "%u wrapped", wrapped);

  clfft_spectrum_free (spectrum);
  clfft_engine_unref (engine);
  g_rand_free (rng);
  g_free (frames);
  g_free (magnitude);
  g_free (phase);
  g_free (x);
  g_free (X);
  g_free (ref_magnitude);
  g_free (ref_phase);
  g_free (ref_weakest);
}

/* Chunks of the device buffers: 64 channels of 65536 samples make chunks
 * of two steps, so group 2 (steps 3 and 4) spans the second and third
 * chunks (the third reusing the first's buffer when two alternate); 128
 * channels make chunks of one step (a plan of one step, not two), with an
 * empty group and no phases asked for. */
GST_START_TEST (test_spectrum_groups_across_chunks)
{
  const guint pairs[] = { 0, 2, 3, 5 }, singles[] = { 0, 0, 2 };

  check_spectrum_run (65536, 64, 5, pairs, 3, TRUE);
  check_spectrum_run (65536, 128, 2, singles, 2, FALSE);
}

GST_END_TEST;

/* Host memory for n frames of h rows, stride bytes apart: pinned, or
 * from malloc. */
typedef struct
{
  ClfftHostBuffer *pinned;
  guint8 *data;
} TestFrames;

static void
test_frames_alloc (TestFrames * t, ClfftEngine * engine, gboolean pinned,
    gsize bytes)
{
  GError *error = NULL;

  t->pinned = NULL;
  if (pinned) {
    t->pinned = clfft_host_buffer_new (engine, bytes, &error);
    fail_unless (t->pinned != NULL, "%s", error ? error->message : "");
    t->data = clfft_host_buffer_get_data (t->pinned);
  } else {
    t->data = g_malloc (bytes);
  }
}

static void
test_frames_free (TestFrames * t)
{
  if (t->pinned)
    clfft_host_buffer_free (t->pinned);
  else
    g_free (t->data);
}

/* Filters n_frames frames of in (frame i at i x frame_bytes) into out with
 * depth frames in flight, checking the count in flight throughout. */
static void
filter_in_flight (ClfftFilter2d * filter, guint depth, guint n_frames,
    gsize frame_bytes, const TestFrames * in, const TestFrames * out,
    gsize stride)
{
  GError *error = NULL;
  guint submitted = 0;

  for (guint collected = 0; collected < n_frames; collected++) {
    while (submitted < n_frames && submitted < collected + depth) {
      ClfftHostFrame src = { in->data + submitted * frame_bytes, stride,
        in->pinned != NULL
      }, dst = { out->data + submitted * frame_bytes, stride,
        out->pinned != NULL
      };

      fail_unless (clfft_filter2d_submit (filter, &src, &dst, &error), "%s",
          error->message);
      submitted++;
    }
    fail_unless_equals_int (clfft_filter2d_in_flight (filter),
        submitted - collected);
    fail_unless (clfft_filter2d_collect (filter, &error), "%s",
        error->message);
  }
  fail_unless_equals_int (clfft_filter2d_in_flight (filter), 0);
}

/* Frames in flight: at every depth from 1 to the most, frames submitted
 * ahead and collected in order are bit for bit the frames that process
 * gives one at a time, from and to pageable and pinned memory, with packed
 * and padded rows, used in place (zero copy) or not, with and without
 * padding; an output setting made between two submits applies to the
 * second only; too many frames, collecting none, and process with frames
 * in flight are errors; and a filter can be freed with frames in flight. */
GST_START_TEST (test_filter2d_frames_in_flight)
{
  const guint w = 97, h = 61, n_frames = 9;
  gsize size = (gsize) w * h;
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftFilter2d *filter;
  GRand *rng = ref_rand_new ();
  guint8 *frames = g_malloc (n_frames * size);
  guint8 *expected = g_malloc (n_frames * size), *got = g_malloc (size);
  gfloat *gain = g_new (gfloat, size);

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  for (gsize i = 0; i < n_frames * size; i++)
    frames[i] = g_rand_int_range (rng, 0, 256);

  for (ClfftPadding padding = CLFFT_PADDING_NONE;
      padding <= CLFFT_PADDING_MIRROR; padding++) {
    guint tw, th;

    filter = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8, padding,
        &error);
    fail_unless (filter != NULL, "%s", error ? error->message : "");
    /* every frame on the size's own programs: the generic filter, which
     * the first frames run while they build, rounds a few values the
     * other way (filter-paths compares the two) */
    fail_unless (clfft_filter2d_finish_own_programs (filter, &error), "%s",
        error ? error->message : "");
    clfft_filter2d_get_transform_size (filter, &tw, &th);
    gain = g_renew (gfloat, gain, (gsize) tw * th);
    for (gsize i = 0; i < (gsize) tw * th; i++)
      gain[i] = g_rand_double_range (rng, 0, 1);
    fail_unless (clfft_filter2d_set_gain (filter, gain, &error));
    /* abs with a gain, so that an output setting shows */
    clfft_filter2d_set_output (filter, CLFFT_OUTPUT_ABS, 3.0f, 0.0f);
    clfft_filter2d_set_zero_copy (filter, FALSE);
    for (guint i = 0; i < n_frames; i++)
      fail_unless (clfft_filter2d_process (filter, frames + i * size, w,
              expected + i * size, w, &error), "%s", error->message);

    for (guint variant = 0; variant < 8; variant++) {
      gboolean zero_copy = variant & 1, pinned = variant & 2;
      /* rows 3 bytes apart more than packed: never in place */
      gsize stride = variant & 4 ? w + 3 : w;
      gsize frame_bytes = stride * h;
      TestFrames in, out;

      clfft_filter2d_set_zero_copy (filter, zero_copy);
      test_frames_alloc (&in, engine, pinned, n_frames * frame_bytes);
      test_frames_alloc (&out, engine, pinned, n_frames * frame_bytes);
      for (guint i = 0; i < n_frames; i++)
        for (guint y = 0; y < h; y++)
          memcpy (in.data + i * frame_bytes + y * stride,
              frames + i * size + y * w, w);
      for (guint depth = 1; depth <= CLFFT_FILTER2D_MAX_IN_FLIGHT; depth++) {
        memset (out.data, 0, n_frames * frame_bytes);
        filter_in_flight (filter, depth, n_frames, frame_bytes, &in, &out,
            stride);
        for (guint i = 0; i < n_frames; i++)
          for (guint y = 0; y < h; y++)
            fail_unless (memcmp (out.data + i * frame_bytes + y * stride,
                    expected + i * size + y * w, w) == 0,
                "padding %d, zero copy %d, pinned %d, stride %"
                G_GSIZE_FORMAT ", depth %u: frame %u row %u differs",
                padding, zero_copy, pinned, stride, depth, i, y);
      }
      test_frames_free (&in);
      test_frames_free (&out);
    }
    if (padding == CLFFT_PADDING_MIRROR)
      break;
    clfft_filter2d_free (filter);
  }

  /* gain 3 for the first frame, 1 for the second, submitted back to back */
  {
    guint8 *got2 = g_malloc (size);
    ClfftHostFrame src = { frames, w, FALSE }, dst = { got, w, FALSE },
        dst2 = { got2, w, FALSE };

    fail_unless (clfft_filter2d_submit (filter, &src, &dst, &error));
    clfft_filter2d_set_output (filter, CLFFT_OUTPUT_ABS, 1.0f, 0.0f);
    fail_unless (clfft_filter2d_submit (filter, &src, &dst2, &error));
    fail_unless (!clfft_filter2d_process (filter, frames, w, got, w,
            &error));
    g_clear_error (&error);
    fail_unless (clfft_filter2d_collect (filter, &error));
    fail_unless (memcmp (got, expected, size) == 0);
    fail_unless (clfft_filter2d_collect (filter, &error));
    fail_unless (clfft_filter2d_process (filter, frames, w, expected, w,
            &error));
    fail_unless (memcmp (got2, expected, size) == 0);
    fail_unless (memcmp (got, got2, size) != 0);
    g_free (got2);

    for (guint i = 0; i < CLFFT_FILTER2D_MAX_IN_FLIGHT; i++)
      fail_unless (clfft_filter2d_submit (filter, &src, &dst, &error));
    fail_unless (!clfft_filter2d_submit (filter, &src, &dst, &error));
    fail_unless (error != NULL);
    g_clear_error (&error);
    for (guint i = 0; i < CLFFT_FILTER2D_MAX_IN_FLIGHT; i++)
      fail_unless (clfft_filter2d_collect (filter, &error));
    fail_unless (!clfft_filter2d_collect (filter, &error));
    fail_unless (error != NULL);
    g_clear_error (&error);

    /* freed with frames in flight */
    fail_unless (clfft_filter2d_submit (filter, &src, &dst, &error));
  }
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
  g_rand_free (rng);
  g_free (frames);
  g_free (expected);
  g_free (got);
  g_free (gain);
}

GST_END_TEST;

/* Frames of three planes (I420's) through the frame filter's ring, every
 * channel filtered, at every depth from 1 to the most in flight: from and
 * to pageable and pinned memory, with packed and padded rows, with the
 * device's memory taken as the host's (planes read in place) or not, bit
 * for bit the frames filtered one at a time from pageable packed memory
 * through staging; and those, plane by plane, the frames that a filter
 * of the plane's size alone gives with the same gain (within one level:
 * the frame filter runs the planes' rows in the same launches). */
GST_START_TEST (test_frame_filter_ends)
{
  const guint w = 96, h = 62, n_frames = 6;
  const guint cw = w / 2, ch = h / 2;
  const ClfftFrameLayout layout = {
    3, {w, cw, cw}, {h, ch, ch}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 1, cw, ch, 8, 0, 2, 2},
      {2, 0, 1, cw, ch, 8, 0, 2, 2}}
  };
  const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS] = { 0 };
  const gsize plane_size[3] = { (gsize) w * h, (gsize) cw * ch,
    (gsize) cw * ch
  };
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftFrameFilter *filter;
  GRand *rng = ref_rand_new ();
  guint8 *frames[3], *expected[3];
  gfloat *gains[2];
  gboolean new_plans;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  filter = clfft_frame_filter_new (engine, &layout, CLFFT_PADDING_NONE,
      &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  fail_unless (clfft_frame_filter_set_roles (filter, roles, &new_plans,
          &error), "%s", error ? error->message : "");
  fail_unless_equals_int (clfft_frame_filter_get_n_plans (filter), 2);
  fail_unless (clfft_frame_filter_finish_own_programs (filter, &error),
      "%s", error ? error->message : "");
  for (guint i = 0; i < 2; i++) {
    gsize n = i ? plane_size[1] : plane_size[0];

    gains[i] = g_new (gfloat, n);
    for (gsize k = 0; k < n; k++)
      gains[i][k] = g_rand_double_range (rng, 0, 1);
    fail_unless (clfft_frame_filter_set_gain (filter, i, gains[i], &error),
        "%s", error ? error->message : "");
  }
  for (guint p = 0; p < 3; p++) {
    frames[p] = g_malloc (n_frames * plane_size[p]);
    expected[p] = g_malloc (n_frames * plane_size[p]);
    for (gsize k = 0; k < n_frames * plane_size[p]; k++)
      frames[p][k] = g_rand_int_range (rng, 0, 256);
  }
  clfft_frame_filter_set_shared_memory (filter, FALSE);
  for (guint i = 0; i < n_frames; i++) {
    ClfftHostPlanes in = { 0 }, out = { 0 };

    for (guint p = 0; p < 3; p++) {
      in.planes[p] = (ClfftHostFrame) {
      frames[p] + i * plane_size[p], layout.row_bytes[p], FALSE};
      out.planes[p] = (ClfftHostFrame) {
      expected[p] + i * plane_size[p], layout.row_bytes[p], FALSE};
    }
    fail_unless (clfft_frame_filter_submit (filter, &in, &out, &error)
        && clfft_frame_filter_collect (filter, &error), "%s",
        error->message);
  }

  /* each plane by a filter of its own */
  for (guint p = 0; p < 3; p++) {
    const guint pw = p ? cw : w, ph = p ? ch : h;
    ClfftFilter2d *alone = clfft_filter2d_new (engine, pw, ph,
        CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, &error);
    guint8 *got = g_malloc (plane_size[p]);
    guint worst = 0;

    fail_unless (alone != NULL, "%s", error ? error->message : "");
    fail_unless (clfft_filter2d_finish_own_programs (alone, &error) &&
        clfft_filter2d_set_gain (alone, gains[p ? 1 : 0], &error), "%s",
        error->message);
    for (guint i = 0; i < n_frames; i++) {
      fail_unless (clfft_filter2d_process (alone, frames[p] + i *
              plane_size[p], pw, got, pw, &error), "%s", error->message);
      for (gsize k = 0; k < plane_size[p]; k++)
        worst = MAX (worst, (guint) ABS ((gint) got[k] -
                (gint) expected[p][i * plane_size[p] + k]));
    }
    fail_unless (worst <= 1, "plane %u: %u levels from its filter alone",
        p, worst);
    g_free (got);
    clfft_filter2d_free (alone);
  }

  for (guint variant = 0; variant < 8; variant++) {
    const gboolean shared = variant & 1, pinned = variant & 2;
    /* rows 5 bytes apart more than packed: never in place */
    const gsize pad = variant & 4 ? 5 : 0;
    TestFrames in[3], out[3];
    gsize stride[3], frame_bytes[3];

    clfft_frame_filter_set_shared_memory (filter, shared);
    for (guint p = 0; p < 3; p++) {
      stride[p] = layout.row_bytes[p] + pad;
      frame_bytes[p] = stride[p] * layout.rows[p];
      test_frames_alloc (&in[p], engine, pinned, n_frames * frame_bytes[p]);
      test_frames_alloc (&out[p], engine, pinned,
          n_frames * frame_bytes[p]);
      for (guint i = 0; i < n_frames; i++)
        for (guint y = 0; y < layout.rows[p]; y++)
          memcpy (in[p].data + i * frame_bytes[p] + y * stride[p],
              frames[p] + i * plane_size[p] + y * layout.row_bytes[p],
              layout.row_bytes[p]);
    }
    for (guint depth = 1; depth <= CLFFT_FRAME_RING_SIZE; depth++) {
      guint submitted = 0;

      for (guint p = 0; p < 3; p++)
        memset (out[p].data, 0, n_frames * frame_bytes[p]);
      for (guint collected = 0; collected < n_frames; collected++) {
        while (submitted < n_frames && submitted < collected + depth) {
          ClfftHostPlanes src = { 0 }, dst = { 0 };

          for (guint p = 0; p < 3; p++) {
            src.planes[p] = (ClfftHostFrame) {
            in[p].data + submitted * frame_bytes[p], stride[p], pinned};
            dst.planes[p] = (ClfftHostFrame) {
            out[p].data + submitted * frame_bytes[p], stride[p], pinned};
          }
          fail_unless (clfft_frame_filter_submit (filter, &src, &dst,
                  &error), "%s", error->message);
          submitted++;
        }
        fail_unless_equals_int (clfft_frame_filter_in_flight (filter),
            submitted - collected);
        fail_unless (clfft_frame_filter_collect (filter, &error), "%s",
            error->message);
      }
      for (guint p = 0; p < 3; p++)
        for (guint i = 0; i < n_frames; i++)
          for (guint y = 0; y < layout.rows[p]; y++)
            fail_unless (memcmp (out[p].data + i * frame_bytes[p] +
                    y * stride[p], expected[p] + i * plane_size[p] +
                    y * layout.row_bytes[p], layout.row_bytes[p]) == 0,
                "shared %d, pinned %d, stride %" G_GSIZE_FORMAT
                ", depth %u: plane %u of frame %u, row %u differs", shared,
                pinned, stride[p], depth, p, i, y);
    }
    for (guint p = 0; p < 3; p++) {
      test_frames_free (&in[p]);
      test_frames_free (&out[p]);
    }
  }
  clfft_frame_filter_free (filter);
  clfft_engine_unref (engine);
  g_rand_free (rng);
  for (guint p = 0; p < 3; p++) {
    g_free (frames[p]);
    g_free (expected[p]);
  }
  g_free (gains[0]);
  g_free (gains[1]);
}

GST_END_TEST;

/* Transforms columns columns of length h in place (element y of column c
 * at y * stride + c), as the filter's column pass does: forward, with a
 * gain between forward and inverse, and with a mirrored gain (the same at
 * y and h - y), of which the pass is given the first half only (the rest
 * of the buffer holds other values). The stride is columns, except for a
 * column too long for one pass (tall), which filters in three, its gains
 * side by side as the columns lie (bin y of column c at y * gain_dist +
 * c), and refuses a mirrored gain: its rows lie further apart than the
 * columns the transform takes, and its gains' rows further still, so that
 * the data's stride, the gain's and the scratch's (the columns') differ;
 * the values past the columns must stay as they were. Checks each
 * against the reference and returns the transform's description with a
 * gain. */
static gchar *
check_columns_pass (guint h, guint columns)
{
  const guint across = CLFFT_ROW_LOAD_ACROSS_ROWS |
      CLFFT_ROW_STORE_ACROSS_ROWS;
  /* a column in two passes each way: filtered in three */
  const gboolean tall = !clfft_row_length_direct (h);
  const guint stride = tall ? columns + 3 : columns;
  const guint gain_dist = tall ? columns + 2 : h;
  const gsize gain_values = tall ? (gsize) h * gain_dist :
      (gsize) h * columns;
  const ClfftRowLayout layout = { stride, 1 };
  gsize n_values = (gsize) 2 * h * columns;
  gsize bytes = (gsize) 2 * h * stride * sizeof (gfloat);
  gfloat *x = g_new (gfloat, n_values), *y = g_new (gfloat, n_values);
  gfloat *padded = g_new (gfloat, (gsize) 2 * h * stride);
  gfloat *gain = g_new (gfloat, (gsize) h * columns);
  gfloat *given = g_new (gfloat, gain_values);
  gdouble *xd = g_new (gdouble, n_values), *cols = g_new (gdouble, n_values);
  gdouble *spec = g_new (gdouble, n_values), *ref = g_new (gdouble, n_values);
  GError *error = NULL;
  gchar *description = NULL;
  cl_mem data, gain_mem;

  random_complex (x, xd, n_values);
  for (gsize i = 0; i < (gsize) h * columns; i++)
    gain[i] = given[i] = (gfloat) g_rand_double_range (rng, 0.0, 2.0);
  /* the columns past those transformed hold values that no pass may
   * take or change */
  for (gsize i = 0; i < (gsize) 2 * h * stride; i++)
    padded[i] = 7.0f;
  for (guint e = 0; e < h; e++)
    memcpy (padded + (gsize) 2 * e * stride, x + (gsize) 2 * e * columns,
        2 * columns * sizeof (gfloat));
  /* the reference works on rows: column c as row c */
  for (guint c = 0; c < columns; c++)
    for (guint e = 0; e < h; e++)
      for (guint part = 0; part < 2; part++)
        cols[2 * ((gsize) c * h + e) + part] =
            xd[2 * ((gsize) e * columns + c) + part];
  ref_dft_1d (cols, spec, h, columns, -1);

  for (guint with_gain = 0; with_gain < 3; with_gain++) {
    const gboolean mirrored = with_gain == 2;
    ClfftTransformSpec desc = { h, -1, CLFFT_LOAD_COMPLEX,
      CLFFT_STORE_COMPLEX, across | (with_gain ? CLFFT_ROW_GAIN_BETWEEN : 0) |
          (mirrored ? CLFFT_ROW_GAIN_MIRRORED : 0), columns
    };
    ClfftTransform t;
    ClfftScratch scratch = { 0, };
    gdouble err, *want = spec;

    if (tall && mirrored) {
      /* the three passes read the gains of bins, not of whole columns */
      fail_if (clfft_transform_init (&t, engine, &desc, &error));
      g_clear_error (&error);
      continue;
    }
    fail_unless (clfft_transform_init (&t, engine, &desc, &error), "%s",
        error ? error->message : "");
    fail_unless_equals_int (t.n_passes, !tall ? 1 : with_gain ? 3 : 2);
    if (tall) {
      /* gains side by side, as the columns lie: bin e of column c at
       * e x gain_dist + c */
      for (gsize i = 0; i < gain_values; i++)
        given[i] = -5.0f;
      for (guint c = 0; c < columns; c++)
        for (guint e = 0; e < h; e++)
          given[(gsize) e * gain_dist + c] = gain[(gsize) c * h + e];
    }
    if (mirrored) {
      /* e > h / 2 takes the gain of h - e; the buffer holds something else
       * there */
      for (guint c = 0; c < columns; c++)
        for (guint e = h / 2 + 1; e < h; e++) {
          given[(gsize) c * h + e] = -3.0f - gain[(gsize) c * h + e];
          gain[(gsize) c * h + e] = gain[(gsize) c * h + h - e];
        }
    }
    data = device_buffer (bytes, padded);
    gain_mem = device_buffer (gain_values * sizeof (gfloat),
        mirrored || tall ? given : gain);
    clfft_scratch_add_need (&scratch, &t);
    fail_unless (clfft_scratch_alloc (&scratch, engine, &error), "%s",
        error ? error->message : "");
    fail_unless (clfft_transform_enqueue (&t, &scratch, data, layout, data,
            layout, columns, with_gain ? gain_mem : NULL,
            with_gain ? gain_dist : 0, with_gain ? 1.0f / h : 1.0f, NULL,
            &error), "%s", error ? error->message : "");
    {
      gfloat *got = g_new (gfloat, (gsize) 2 * h * stride);

      read_back (data, bytes, got);
      for (guint e = 0; e < h; e++) {
        memcpy (y + (gsize) 2 * e * columns, got + (gsize) 2 * e * stride,
            2 * columns * sizeof (gfloat));
        for (guint v = 2 * columns; v < 2 * stride; v++)
          fail_unless (got[(gsize) 2 * e * stride + v] == 7.0f,
              "columns %u x %u: row %u, value %u past the columns changed",
              h, columns, e, v);
      }
      g_free (got);
    }
    if (with_gain) {
      /* the inverse DFT of the spectrum times the gain, over h */
      gdouble *scaled = g_new (gdouble, n_values);

      for (gsize i = 0; i < n_values; i++)
        scaled[i] = spec[i] * gain[i / 2] / h;
      ref_dft_1d (scaled, ref, h, columns, 1);
      g_free (scaled);
      want = ref;
    }
    /* back to the device's layout */
    for (guint c = 0; c < columns; c++)
      for (guint e = 0; e < h; e++)
        for (guint part = 0; part < 2; part++)
          cols[2 * ((gsize) e * columns + c) + part] =
              want[2 * ((gsize) c * h + e) + part];
    err = rel_l2_error (y, cols, n_values);
    g_print ("columns %u x %u%s (%s): relative L2 error %.2e\n", h, columns,
        mirrored ? ", mirrored gain between" : with_gain ? ", gain between" :
        "", clfft_transform_describe (&t), err);
    fail_unless (err < TOLERANCE_DIRECT, "columns %u x %u: %g", h, columns,
        err);
    if (with_gain == 1)
      description = g_strdup (clfft_transform_describe (&t));
    clfft_transform_clear (&t);
    clfft_scratch_clear (&scratch);
    CL_OK (clReleaseMemObject (data));
    CL_OK (clReleaseMemObject (gain_mem));
  }
  g_free (given);
  g_free (x);
  g_free (y);
  g_free (padded);
  g_free (gain);
  g_free (xd);
  g_free (cols);
  g_free (spec);
  g_free (ref);
  return description;
}

/* NVIDIA's 48 KiB of local memory holds 2 columns of 2160 complex values
 * per group, whose reads then fill half of each 32-byte memory sector: the
 * column pass exchanges real and imaginary parts apart to hold 4. Both
 * ways match the reference (the test aid makes PoCL offer 48 KiB). */
GST_START_TEST (test_columns_exchange_parts)
{
  gboolean generic = g_getenv ("CLFFT_GENERIC_KERNELS") != NULL;
  /* as the device offers (PoCL: 4 MiB, 16 columns of complex values) */
  gchar *description = check_columns_pass (2160, 21);

  g_free (description);
  g_setenv ("CLFFT_LOCAL_MEMORY_REPORTED", "49152", TRUE);
  description = check_columns_pass (2160, 21);
  if (!generic)
    fail_unless (strstr (description, "4 rows per group, parts exchanged "
            "apart") != NULL, "%s", description);
  g_free (description);
  /* 4 columns of 1080 fit as they are */
  description = check_columns_pass (1080, 9);
  fail_if (strstr (description, "parts exchanged apart"), "%s", description);
  g_free (description);
  g_unsetenv ("CLFFT_LOCAL_MEMORY_REPORTED");
}

GST_END_TEST;

/* Columns above 4096 with a gain between the forward and the inverse:
 * three passes, the middle one the second pass's FFTs, the gain and their
 * inverse (the 8K filter's columns); a height of two passes of 60 and 72
 * and one of 64 and 128, 5 columns (fewer than a group's rows). */
GST_START_TEST (test_columns_filtered_in_three_passes)
{
  static const guint heights[] = { 4320, 8192 };

  for (guint i = 0; i < G_N_ELEMENTS (heights); i++) {
    gchar *description = check_columns_pass (heights[i], 5);

    fail_unless (strstr (description, "the gain between them in the middle "
            "one") != NULL, "%s", description);
    g_free (description);
  }
}

GST_END_TEST;

/* The second pass of a real transform in two passes unfolds the bins in
 * groups of sub-rows in pairs, down to one pair a group; where local
 * memory holds less, the unfold is a pass of its own (the test aid makes
 * PoCL offer that little). A kernel that allows few work-items a group
 * takes fewer a row, so that a pair fits. Each against the reference:
 * n1 = 128 and 512 (of 128 x 64 and 512 x 64), and the odd n1 = 105 of
 * 105 x 135. */
GST_START_TEST (test_real_unfold_in_pairs_of_rows)
{
  static const struct
  {
    guint n;
    const gchar *local_memory;  /* NULL: as the device offers */
    const gchar *work_group_limit;      /* NULL: none */
    const gchar *unfold;
  } cases[] = {
    /* rows of 65 values in the second pass (8192 as 128 x 64): two fit,
     * not four. Where they do not, the first pass's rows of 128 barely
     * fit either: the odd split below takes that case. */
    {16384, "1500", NULL, "bins unfolded in the second"},
    /* rows of 136 (105 x 135) */
    {28350, "3000", NULL, "bins unfolded in the second"},
    {28350, "2000", NULL, "bins unfolded in a pass of their own"},
    /* as many work-items a group as a row's schedule wants, or fewer:
     * rows of 64 (radices 8x8) want 8 a row, a pair 16 */
    {65536, NULL, "8", "bins unfolded in the second"},
    {28350, NULL, "32", "bins unfolded in the second"},
  };

  if (g_getenv ("CLFFT_GENERIC_KERNELS"))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    ClfftPlan1dDesc desc = { CLFFT_R2C, cases[i].n, 3, 0, 0, 0, 0 };
    ClfftPlan1d *plan;

    if (cases[i].local_memory)
      g_setenv ("CLFFT_LOCAL_MEMORY_REPORTED", cases[i].local_memory, TRUE);
    if (cases[i].work_group_limit)
      g_setenv ("CLFFT_KERNEL_WORK_GROUP_LIMIT", cases[i].work_group_limit,
          TRUE);
    plan = clfft_plan_1d_new (engine, &desc, NULL);
    fail_unless (plan != NULL, "R2C %u", cases[i].n);
    fail_unless (strstr (clfft_plan_1d_describe (plan), cases[i].unfold)
        != NULL, "%s", clfft_plan_1d_describe (plan));
    check_real_transform (cases[i].n, 3, FALSE);
    clfft_plan_1d_free (plan);
    g_unsetenv ("CLFFT_LOCAL_MEMORY_REPORTED");
    g_unsetenv ("CLFFT_KERNEL_WORK_GROUP_LIMIT");
  }
}

GST_END_TEST;

/* Columns with a gain between the FFTs, in groups of as few as leave no
 * compute unit without one, down to 4: 641 columns of 720 take 5 per
 * group on a GPU of 132 units; columns forward only keep their groups.
 * The test aids make PoCL build a GPU's shapes at smaller sizes: 48 KiB
 * of local memory (groups of 8 columns of 720, 16 of 45) and a number of
 * units. Each shape matches the reference, a last group short of columns
 * too. */
GST_START_TEST (test_columns_spread_over_units)
{
  const struct
  {
    guint h, columns;
    const gchar *units;
    guint rows_per_group;
  } cases[] = {
    {720, 21, "5", 5},          /* 5 groups of 5, the last with 1 column */
    {720, 21, "2", 8},          /* 11 each: all 8 that fit */
    {45, 41, "8", 6},
    {45, 41, "16", 16},         /* 3 each, less than a sector's worth */
  };

  g_setenv ("CLFFT_LOCAL_MEMORY_REPORTED", "49152", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *description, *want;

    g_setenv ("CLFFT_COMPUTE_UNITS_REPORTED", cases[i].units, TRUE);
    description = check_columns_pass (cases[i].h, cases[i].columns);
    want = g_strdup_printf (" %u rows per group", cases[i].rows_per_group);
    if (!g_getenv ("CLFFT_GENERIC_KERNELS"))
      fail_unless (strstr (description, want) != NULL, "case %u: %s", i,
          description);
    g_free (want);
    g_free (description);
  }
  /* columns forward only keep the groups that fit */
  if (!g_getenv ("CLFFT_GENERIC_KERNELS")) {
    const ClfftTransformSpec forward = { 720, -1, CLFFT_LOAD_COMPLEX,
      CLFFT_STORE_COMPLEX, CLFFT_ROW_LOAD_ACROSS_ROWS |
          CLFFT_ROW_STORE_ACROSS_ROWS, 21
    };
    ClfftTransform t;
    GError *error = NULL;

    g_setenv ("CLFFT_COMPUTE_UNITS_REPORTED", "5", TRUE);
    fail_unless (clfft_transform_init (&t, engine, &forward, &error), "%s",
        error ? error->message : "");
    fail_unless (strstr (clfft_transform_describe (&t), " 8 rows per group")
        != NULL, "%s", clfft_transform_describe (&t));
    clfft_transform_clear (&t);
  }
  g_unsetenv ("CLFFT_COMPUTE_UNITS_REPORTED");
  g_unsetenv ("CLFFT_LOCAL_MEMORY_REPORTED");
}

GST_END_TEST;

/* Mirrored gains down columns of an odd length (check_columns_pass), and
 * only between a forward and an inverse FFT. */
GST_START_TEST (test_columns_mirrored_gain)
{
  const ClfftTransformSpec on_store = { 16, -1, CLFFT_LOAD_COMPLEX,
    CLFFT_STORE_COMPLEX, CLFFT_ROW_GAIN_ON_STORE | CLFFT_ROW_GAIN_MIRRORED, 2
  };
  gchar *description = check_columns_pass (45, 7);
  ClfftTransform t;
  GError *error = NULL;

  g_free (description);
  fail_if (clfft_transform_init (&t, engine, &on_store, &error));
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
}

GST_END_TEST;

/* A transform made for rows of adjacent elements (CLFFT_ROW_UNIT_STRIDE,
 * the filter's row passes) refuses other layouts before it launches
 * anything. */
GST_START_TEST (test_unit_stride_layouts_checked)
{
  const ClfftTransformSpec spec = { 16, -1, CLFFT_LOAD_U8_PAIRS,
    CLFFT_STORE_HALF_SPECTRUM, CLFFT_ROW_UNIT_STRIDE, 2
  };
  /* the filter's layouts would be pixels { 1, 32 } and bins { 1, 17 } */
  const ClfftRowLayout bad[][2] = {
    {{2, 64}, {1, 17}},         /* pixels 2 apart */
    {{1, 32}, {2, 34}},         /* bins 2 apart */
    {{1, 33}, {1, 17}},         /* a row of pairs starting mid-pair */
  };
  cl_mem src = device_buffer (2 * 64, NULL);
  cl_mem dst = device_buffer (2 * 34 * 2 * sizeof (gfloat), NULL);
  ClfftScratch scratch = { 0, };
  ClfftTransform t;
  GError *error = NULL;

  fail_unless (clfft_transform_init (&t, engine, &spec, &error), "%s",
      error ? error->message : "");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    fail_if (clfft_transform_enqueue (&t, &scratch, src, bad[i][0], dst,
            bad[i][1], 2, NULL, 0, 1.0f, NULL, &error), "layout %u", i);
    fail_unless (g_error_matches (error, CLFFT_ERROR,
            CLFFT_ERROR_UNSUPPORTED), "layout %u", i);
    g_clear_error (&error);
  }
  clfft_transform_clear (&t);
  CL_OK (clReleaseMemObject (src));
  CL_OK (clReleaseMemObject (dst));
}

GST_END_TEST;

/* Two channels whose samples alternate in a plane of pixel pairs (YUY2's
 * Y and its chroma), each plane row one complex row of length n: forward
 * to bins 0 .. n/2 of each channel's spectrum (rows 2r and 2r + 1), and
 * from such spectra back to the plane's pixels, against the double
 * DFT of each channel; an odd number of rows is refused. */
static void
check_two_channels_of_pairs (guint n, guint plane_rows)
{
  const guint bins = n / 2 + 1, pitch = 2 * n + 6, bins_pitch = bins + 3;
  const guint rows = 2 * plane_rows;
  const ClfftRowLayout pixels = { 1, pitch }, bin_rows = { 1, bins_pitch };
  const ClfftTransformSpec forward = { n, -1, CLFFT_LOAD_U8_PAIRS,
    CLFFT_STORE_TWO_HALF_SPECTRA,
    CLFFT_ROW_UNIT_STRIDE | CLFFT_ROW_CACHE_HINTS, rows
  }, inverse = { n, 1, CLFFT_LOAD_TWO_HALF_SPECTRA, CLFFT_STORE_U8_PAIRS,
    CLFFT_ROW_UNIT_STRIDE | CLFFT_ROW_CACHE_HINTS, rows
  };
  const gsize plane_size = (gsize) pitch * plane_rows;
  const gsize spectra_size = (gsize) bins_pitch * rows * 2 * sizeof (gfloat);
  guint8 *plane = g_malloc (plane_size), *back = g_malloc (plane_size);
  gfloat *got = g_new (gfloat, (gsize) bins_pitch * rows * 2);
  gdouble *in = g_new (gdouble, 2 * n), *ref = g_new (gdouble, 2 * n);
  cl_mem plane_mem, spectra_mem, back_mem;
  ClfftScratch scratch = { 0, };
  ClfftTransform fwd, inv;
  GError *error = NULL;

  for (gsize i = 0; i < plane_size; i++)
    plane[i] = g_rand_int_range (rng, 0, 256);
  plane_mem = device_buffer (plane_size, plane);
  spectra_mem = device_buffer (spectra_size, NULL);
  poison (spectra_mem, spectra_size);
  back_mem = device_buffer (plane_size, NULL);
  fail_unless (clfft_transform_init (&fwd, engine, &forward, &error), "%s",
      error ? error->message : "");
  fail_unless (clfft_transform_init (&inv, engine, &inverse, &error), "%s",
      error ? error->message : "");
  fail_unless (clfft_transform_enqueue (&fwd, &scratch, plane_mem, pixels,
          spectra_mem, bin_rows, rows, NULL, 0, 1.0f, NULL, &error), "%s",
      error ? error->message : "");
  read_back (spectra_mem, spectra_size, got);
  for (guint r = 0; r < rows; r++) {
    gdouble err;

    for (guint k = 0; k < n; k++) {
      in[2 * k] = plane[(gsize) (r / 2) * pitch + 2 * k + r % 2];
      in[2 * k + 1] = 0;
    }
    ref_dft_1d (in, ref, n, 1, -1);
    err = rel_l2_error (got + 2 * (gsize) r * bins_pitch, ref, 2 * bins);
    /* NaN (a bin left unwritten) fails too */
    if (!(err < 1e-5))
      fail ("length %u, row %u: forward error %g", n, r, err);
  }
  /* the inverse of those spectra, at the half-length inverse's scale, is
   * the plane again; the bytes between rows stay */
  memcpy (back, plane, plane_size);
  for (guint r = 0; r < plane_rows; r++)
    memset (back + (gsize) r * pitch, 0x5a, 2 * n);
  CL_OK (clEnqueueWriteBuffer (clfft_engine_get_queue (engine), back_mem,
          CL_TRUE, 0, plane_size, back, 0, NULL, NULL));
  fail_unless (clfft_transform_enqueue (&inv, &scratch, spectra_mem,
          bin_rows, back_mem, pixels, rows, NULL, 0, 2.0f / n, NULL,
          &error), "%s", error ? error->message : "");
  read_back (back_mem, plane_size, back);
  for (gsize i = 0; i < plane_size; i++)
    if (back[i] != plane[i])
      fail ("length %u: byte %" G_GSIZE_FORMAT " is %u, not %u", n, i,
          back[i], plane[i]);
  /* a pixel pair holds a sample of two rows */
  fail_if (clfft_transform_enqueue (&fwd, &scratch, plane_mem, pixels,
          spectra_mem, bin_rows, rows - 1, NULL, 0, 1.0f, NULL, &error));
  fail_unless (g_error_matches (error, CLFFT_ERROR,
          CLFFT_ERROR_UNSUPPORTED));
  g_clear_error (&error);
  clfft_transform_clear (&fwd);
  clfft_transform_clear (&inv);
  clfft_scratch_clear (&scratch);
  CL_OK (clReleaseMemObject (plane_mem));
  CL_OK (clReleaseMemObject (spectra_mem));
  CL_OK (clReleaseMemObject (back_mem));
  g_free (plane);
  g_free (back);
  g_free (got);
  g_free (in);
  g_free (ref);
}

GST_START_TEST (test_two_channels_of_pixel_pairs)
{
  /* powers of two, mixed radices, YUY2's 1080p row */
  static const guint lengths[] = { 2, 16, 90, 384, 1920 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    check_two_channels_of_pairs (lengths[i], 3);
}

GST_END_TEST;

/* The cache hints are taken where the device takes them and by the passes
 * they serve, and ignored elsewhere; a transform that drops its input
 * from the cache refuses to run in place. */
GST_START_TEST (test_cache_hints_where_supported)
{
  const guint hints = CLFFT_ROW_CACHE_HINTS;
  const gboolean supported =
      clfft_row_cache_hints_supported (clfft_engine_get_device (engine));
  const struct
  {
    ClfftTransformSpec spec;
    guint taken;                /* where the device takes hints */
  } cases[] = {
    {{16, 1, CLFFT_LOAD_HALF_SPECTRUM, CLFFT_STORE_U8_PAIRS,
            CLFFT_ROW_UNIT_STRIDE | hints, 2},
        CLFFT_ROW_DROP_INPUT | CLFFT_ROW_STREAM_PIXELS},
    {{33, 1, CLFFT_LOAD_HERMITIAN, CLFFT_STORE_U16,
            CLFFT_ROW_UNIT_STRIDE | hints, 2},
        CLFFT_ROW_DROP_INPUT | CLFFT_ROW_STREAM_PIXELS},
    {{16, -1, CLFFT_LOAD_U8_PAIRS, CLFFT_STORE_HALF_SPECTRUM,
            CLFFT_ROW_UNIT_STRIDE | hints, 2}, CLFFT_ROW_STREAM_PIXELS},
    {{33, -1, CLFFT_LOAD_U16, CLFFT_STORE_HALF,
            CLFFT_ROW_UNIT_STRIDE | hints, 2}, CLFFT_ROW_STREAM_PIXELS},
    {{16, -1, CLFFT_LOAD_COMPLEX, CLFFT_STORE_COMPLEX,
            CLFFT_ROW_GAIN_BETWEEN | hints, 2}, CLFFT_ROW_STREAM_GAIN},
    /* neither gains nor rows of stride 1 */
    {{16, 1, CLFFT_LOAD_HALF_SPECTRUM, CLFFT_STORE_U8_PAIRS, hints, 2}, 0},
    {{16, -1, CLFFT_LOAD_U8_PAIRS, CLFFT_STORE_HALF_SPECTRUM, hints, 2}, 0},
  };
  cl_mem buffer = device_buffer (4096, NULL);
  ClfftScratch scratch = { 0, };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const ClfftRowLayout bins = { 1, 17 }, pixels = { 1, 34 };
    ClfftTransform t;
    GError *error = NULL;
    guint taken = supported ? cases[i].taken : 0;

    /* the generic build reads rows of any length: it drops none */
    if (g_getenv (CLFFT_GENERIC_KERNELS_ENV))
      taken &= ~CLFFT_ROW_DROP_INPUT;
    fail_unless (clfft_transform_init (&t, engine, &cases[i].spec, &error),
        "%s", error ? error->message : "");
    fail_unless_equals_int (t.passes[0].spec.flags & hints, taken);
    if (t.passes[0].spec.flags & CLFFT_ROW_DROP_INPUT) {
      fail_if (clfft_transform_enqueue (&t, &scratch, buffer, bins, buffer,
              pixels, 2, NULL, 0, 1.0f, NULL, &error));
      fail_unless (g_error_matches (error, CLFFT_ERROR,
              CLFFT_ERROR_UNSUPPORTED));
      g_clear_error (&error);
    }
    clfft_transform_clear (&t);
  }
  CL_OK (clReleaseMemObject (buffer));
}

GST_END_TEST;

static Suite *
engine_suite (void)
{
  Suite *s = suite_create ("clfft-engine");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_fft_1d_power_of_two_lengths);
  tcase_add_test (tc, test_fft_1d_long_rows);
  tcase_add_test (tc, test_fft_1d_mixed_radix_lengths);
  tcase_add_test (tc, test_fft_1d_bluestein_lengths);
  tcase_add_test (tc, test_fft_1d_two_pass_lengths);
  tcase_add_test (tc, test_transform_split);
  tcase_add_test (tc, test_fft_1d_random_lengths);
  tcase_add_test (tc, test_fft_1d_real);
  tcase_add_test (tc, test_fft_2d_sizes);
  tcase_add_test (tc, test_fft_2d_real);
  tcase_add_test (tc, test_unit_stride_layouts_checked);
  tcase_add_test (tc, test_cache_hints_where_supported);
  tcase_add_test (tc, test_two_channels_of_pixel_pairs);
  tcase_add_test (tc, test_columns_mirrored_gain);
  tcase_add_test (tc, test_columns_spread_over_units);
  tcase_add_test (tc, test_fft_1d_strided_layouts);
  tcase_add_test (tc, test_fft_2d_in_place);
  tcase_add_test (tc, test_unsupported_length_is_an_error);
  tcase_add_test (tc, test_copy_rows);
  tcase_add_test (tc, test_engine_is_shared);
  tcase_add_test (tc, test_plans_are_shared);
  tcase_add_test (tc, test_enqueue_waits_for_events);
  tcase_add_test (tc, test_device_choice);
  tcase_add_test (tc, test_build_failure_is_reported_with_log);
  tcase_add_test (tc, test_program_cache);
  tcase_add_test (tc, test_filter2d_padded_lengths);
  tcase_add_test (tc, test_filter2d_sizes_out_of_range);
  tcase_add_test (tc, test_spectrum_groups_across_chunks);
  tcase_add_test (tc, test_filter2d_frames_in_flight);
  tcase_add_test (tc, test_frame_filter_ends);
  tcase_add_test (tc, test_columns_exchange_parts);
  tcase_add_test (tc, test_columns_filtered_in_three_passes);
  tcase_add_test (tc, test_real_unfold_in_pairs_of_rows);
  if (g_getenv ("CLFFT_GENERIC_KERNELS"))
    tcase_add_test (tc, test_fft_every_length);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (engine);
