/* The engine under injected faults and long runs: device memory exhausted
 * and a device lost are errors that leave no OpenCL object behind, a
 * retired engine gives way to a new one, and a soak of frames keeps the
 * count of OpenCL objects flat. Frames go through a filter of unit gain,
 * whose output must be its input. */
#include <gst/check/gstcheck.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-filter2d.h"
#include "reference.h"

#define WIDTH 64
#define HEIGHT 48
#define FRAME_SIZE (WIDTH * HEIGHT)

static GRand *rng;

static void
setup (void)
{
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  g_rand_free (rng);
}

static guint8 *
random_frame (void)
{
  guint8 *p = g_malloc (FRAME_SIZE);

  for (guint i = 0; i < FRAME_SIZE; i++)
    p[i] = g_rand_int_range (rng, 0, 256);
  return p;
}

static void
assert_live_objects (const ClfftLiveObjects * expected, const gchar * when)
{
  ClfftLiveObjects live;

  clfft_get_live_objects (&live);
  fail_unless (memcmp (&live, expected, sizeof (live)) == 0,
      "%s: %d contexts, %d queues, %d programs, %d kernels, %d buffers "
      "live; expected %d, %d, %d, %d, %d", when, live.contexts, live.queues,
      live.programs, live.kernels, live.buffers, expected->contexts,
      expected->queues, expected->programs, expected->kernels,
      expected->buffers);
}

static const ClfftLiveObjects none = { 0, 0, 0, 0, 0 };

/* A filter whose gain is all ones: frames come out as they went in. */
static ClfftFilter2d *
unit_filter_new (ClfftEngine * engine, GError ** error)
{
  ClfftFilter2d *filter = clfft_filter2d_new (engine, WIDTH, HEIGHT,
      CLFFT_PIXELS_U8, CLFFT_PADDING_NONE, error);

  if (filter)
    clfft_filter2d_set_zero_copy (filter, FALSE);
  return filter;
}

static void
assert_frame_through (ClfftFilter2d * filter, const gchar * when)
{
  guint8 *in = random_frame (), *out = g_malloc (FRAME_SIZE);
  GError *error = NULL;

  fail_unless (clfft_filter2d_process (filter, in, WIDTH, out, WIDTH,
          &error), "%s: %s", when, error ? error->message : "");
  fail_unless (memcmp (in, out, FRAME_SIZE) == 0, "%s: the frame changed",
      when);
  g_free (in);
  g_free (out);
}

/* Every object an engine and a filter make is released with them. */
GST_START_TEST (test_live_objects_released)
{
  GError *error = NULL;
  ClfftEngine *engine;
  ClfftFilter2d *filter;
  ClfftLiveObjects live;

  assert_live_objects (&none, "before any engine");
  engine = clfft_engine_get (-1, &error);
  fail_unless (engine != NULL, "%s", error ? error->message : "");
  clfft_get_live_objects (&live);
  fail_unless_equals_int (live.contexts, 1);
  fail_unless_equals_int (live.queues, 1);
  filter = unit_filter_new (engine, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  assert_frame_through (filter, "a frame");
  clfft_get_live_objects (&live);
  fail_unless (live.queues > 1 && live.programs > 0 && live.kernels > 0
      && live.buffers > 0);
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
  assert_live_objects (&none, "after the engine");
}

GST_END_TEST;

/* Device memory exhausted: making a filter is an error that says so and
 * leaves nothing behind; once memory is back, a filter works. */
GST_START_TEST (test_out_of_memory)
{
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftFilter2d *filter;
  ClfftLiveObjects before;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  clfft_get_live_objects (&before);
  clfft_engine_inject_fault (engine, CLFFT_FAULT_OUT_OF_MEMORY, 0);
  filter = unit_filter_new (engine, &error);
  fail_unless (filter == NULL);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL));
  fail_unless (strstr (error->message, "CL_MEM_OBJECT_ALLOCATION_FAILURE")
      != NULL, "%s", error->message);
  g_clear_error (&error);
  /* programs stay in the engine's cache; buffers and kernels go */
  {
    ClfftLiveObjects after;

    clfft_get_live_objects (&after);
    fail_unless_equals_int (after.buffers, before.buffers);
    fail_unless_equals_int (after.kernels, before.kernels);
    fail_unless_equals_int (after.queues, before.queues);
  }
  clfft_engine_inject_fault (engine, CLFFT_FAULT_NONE, 0);
  filter = unit_filter_new (engine, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  assert_frame_through (filter, "after the fault");
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
  assert_live_objects (&none, "after the engine");
}

GST_END_TEST;

/* A device lost while frames are in flight: the frames before come out
 * right, then submitting or collecting fails (never hangs), and keeps
 * failing; the engine says it is lost. Retired, it gives way to a new
 * engine of the same device, which works; both release everything. */
GST_START_TEST (test_device_lost)
{
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error), *fresh;
  ClfftFilter2d *filter;
  guint8 *in[8], *out[8];
  guint submitted = 0, collected = 0, failures = 0;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  filter = unit_filter_new (engine, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  /* the filter runs 3 kernels a frame: the fault strikes in frame 3 */
  clfft_engine_inject_fault (engine, CLFFT_FAULT_DEVICE_LOST, 7);
  for (guint i = 0; i < 8; i++) {
    in[i] = random_frame ();
    out[i] = g_malloc0 (FRAME_SIZE);
  }
  /* two frames in flight, until something fails */
  while (collected < 8 && failures == 0) {
    while (submitted < 8 && submitted < collected + 2 && failures == 0) {
      ClfftHostFrame src = { in[submitted], WIDTH, FALSE }, dst = {
      out[submitted], WIDTH, FALSE};

      if (clfft_filter2d_submit (filter, &src, &dst, &error))
        submitted++;
      else
        failures++;
    }
    if (failures == 0) {
      if (clfft_filter2d_collect (filter, &error)) {
        fail_unless (memcmp (in[collected], out[collected], FRAME_SIZE) == 0,
            "frame %u changed", collected);
        collected++;
      } else {
        failures++;
      }
    }
  }
  fail_unless_equals_int (failures, 1);
  fail_unless (collected >= 1 && collected < 8, "%u frames out", collected);
  fail_unless (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_OPENCL));
  fail_unless (strstr (error->message, "CL_DEVICE_NOT_AVAILABLE") != NULL,
      "%s", error->message);
  g_clear_error (&error);
  fail_unless (clfft_engine_is_lost (engine));
  /* frames left in flight fail too, one by one */
  while (clfft_filter2d_in_flight (filter) > 0) {
    fail_if (clfft_filter2d_collect (filter, &error));
    g_clear_error (&error);
  }
  fail_if (clfft_filter2d_process (filter, in[0], WIDTH, out[0], WIDTH,
          &error));
  g_clear_error (&error);

  clfft_engine_retire (engine);
  fresh = clfft_engine_get (clfft_engine_get_device (engine)->index, &error);
  fail_unless (fresh != NULL && fresh != engine, "%s",
      error ? error->message : "the same engine again");
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
  filter = unit_filter_new (fresh, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  assert_frame_through (filter, "on the new engine");
  clfft_filter2d_free (filter);
  clfft_engine_unref (fresh);
  assert_live_objects (&none, "after both engines");
  for (guint i = 0; i < 8; i++) {
    g_free (in[i]);
    g_free (out[i]);
  }
}

GST_END_TEST;

/* CLFFT_SOAK_FRAMES frames (20000 by default) with two in flight, each
 * checked: the OpenCL objects after a warm-up of 100 frames (each slot in
 * flight makes its buffers at its first frame) stay the same to the end,
 * and none is left after. */
GST_START_TEST (test_soak_objects_flat)
{
  const gchar *env = g_getenv ("CLFFT_SOAK_FRAMES");
  guint n = env ? atoi (env) : 20000;
  GError *error = NULL;
  ClfftEngine *engine = clfft_engine_get (-1, &error);
  ClfftFilter2d *filter;

  fail_unless (n > 100, "CLFFT_SOAK_FRAMES=%s: at least 101 frames", env);
  ClfftLiveObjects warm;
  guint8 *in[4], *out[4];
  guint submitted = 0;

  fail_unless (engine != NULL, "%s", error ? error->message : "");
  filter = unit_filter_new (engine, &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < 4; i++) {
    in[i] = random_frame ();
    out[i] = g_malloc (FRAME_SIZE);
  }
  for (guint collected = 0; collected < n; collected++) {
    while (submitted < n && submitted < collected + 2) {
      ClfftHostFrame src = { in[submitted % 4], WIDTH, FALSE }, dst = {
      out[submitted % 4], WIDTH, FALSE};

      memset (out[submitted % 4], 0, FRAME_SIZE);
      fail_unless (clfft_filter2d_submit (filter, &src, &dst, &error),
          "frame %u: %s", submitted, error ? error->message : "");
      submitted++;
    }
    fail_unless (clfft_filter2d_collect (filter, &error), "frame %u: %s",
        collected, error ? error->message : "");
    fail_unless (memcmp (in[collected % 4], out[collected % 4],
            FRAME_SIZE) == 0, "frame %u changed", collected);
    if (collected == 100) {
      clfft_get_live_objects (&warm);
      GST_INFO ("after 100 frames: %d contexts, %d queues, %d programs, "
          "%d kernels, %d buffers", warm.contexts, warm.queues, warm.programs,
          warm.kernels, warm.buffers);
    }
    else if (collected > 100 && (collected % 1000 == 0 || collected == n - 1))
      assert_live_objects (&warm, "in the soak");
  }
  GST_INFO ("%u frames, the same objects to the end", n);
  clfft_filter2d_free (filter);
  clfft_engine_unref (engine);
  assert_live_objects (&none, "after the soak");
  for (guint i = 0; i < 4; i++) {
    g_free (in[i]);
    g_free (out[i]);
  }
}

GST_END_TEST;

static Suite *
engine_faults_suite (void)
{
  Suite *s = suite_create ("clfft-engine-faults");
  TCase *tc = tcase_create ("general");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_live_objects_released);
  tcase_add_test (tc, test_out_of_memory);
  tcase_add_test (tc, test_device_lost);
  tcase_add_test (tc, test_soak_objects_flat);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (engine_faults);
