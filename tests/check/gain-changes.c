/* A gain set while frames are in flight: the host does not wait for them
 * (a property changed on a live pipeline drains nothing), the frames
 * submitted before take the old gain, those after the new one. A user
 * event holds back the queue that a frame runs on, so that the frame is
 * surely in flight when the gain changes, and a write of the gain not
 * ordered after it would overtake it; set_gain runs on a thread of its
 * own, so that one that waits for the frame fails the test rather than
 * hanging it. Grey frames (one plan, on the filter's own queue), I420 as
 * a stack (U and V below Y in the same launches, whose gain is made from
 * the chroma plan's) and I420 with its chroma plan on the engine's side
 * queue. */
#include <gst/check/gstcheck.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-frame-filter.h"
#include "engine/clfft-overrides.h"
#include "engine/clfft-queue.h"
#include "engine/clfft-testing.h"
#include "reference.h"

/* how long set_gain may take with the device held back: ample for the
 * host's own work on these frames, far short of the test's timeout */
#define SET_GAIN_SECONDS 60

static ClfftEngine *engine;
static GRand *rng;
static gint stacked;            /* atomic: the log said a stack runs */

/* The frame filter logs how its plans run: whether as a stack. */
static void
watch_log (ClfftLogLevel level, const gchar * message, gpointer user_data)
{
  if (strstr (message, "run their rows in the same launches"))
    g_atomic_int_set (&stacked, 1);
}

static void
setup (void)
{
  GError *error = NULL;

  clfft_set_log_func (watch_log, NULL);
  g_atomic_int_set (&stacked, 0);

  engine = clfft_engine_get (-1, &error);
  fail_unless (engine != NULL, "%s", error ? error->message : "");
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  clfft_engine_unref (engine);
  g_rand_free (rng);
  clfft_set_log_func (NULL, NULL);
  g_unsetenv (CLFFT_SIDE_QUEUE_ENV);
  g_unsetenv (CLFFT_LANES_ENV);
  g_unsetenv (CLFFT_ONE_LAUNCH_ENV);
}

/* The queues held back: where the frame runs, and not where the gain is
 * written (the engine's queue), unless the frame runs there, so that a
 * write not ordered after the frame would overtake it. */
typedef enum
{
  HOLD_FILTER_QUEUES = 1 << 0,  /* each plan's own: single planes */
  HOLD_ENGINE_QUEUE = 1 << 1,
  HOLD_SIDE_QUEUE = 1 << 2,
} Hold;

static void
hold_queue (cl_command_queue queue, cl_event gate)
{
  cl_int st = clEnqueueBarrierWithWaitList (queue, 1, &gate, NULL);

  fail_unless (st == CL_SUCCESS, "clEnqueueBarrierWithWaitList: %d", st);
}

typedef struct
{
  ClfftFrameFilter *filter;
  gfloat *gains[CLFFT_FRAME_MAX_CHANNELS];
  gint done;                    /* atomic */
  gboolean ok;
  gchar *message;
} GainSetter;

/* Each plan's gain: random in [0, 1] per bin of its transform size. */
static gfloat **
random_gains (ClfftFrameFilter * filter)
{
  gfloat **gains = g_new0 (gfloat *, CLFFT_FRAME_MAX_CHANNELS);

  for (guint p = 0; p < clfft_frame_filter_get_n_plans (filter); p++) {
    ClfftFramePlanShape shape;
    gsize n;

    clfft_frame_filter_get_plan_shape (filter, p, &shape);
    n = (gsize) shape.width * shape.height;
    gains[p] = g_new (gfloat, n);
    for (gsize i = 0; i < n; i++)
      gains[p][i] = g_rand_double_range (rng, 0.0, 1.0);
  }
  return gains;
}

static void
free_gains (gfloat ** gains)
{
  for (guint p = 0; p < CLFFT_FRAME_MAX_CHANNELS; p++)
    g_free (gains[p]);
  g_free (gains);
}

static gboolean
set_gains (ClfftFrameFilter * filter, gfloat ** gains, GError ** error)
{
  for (guint p = 0; p < clfft_frame_filter_get_n_plans (filter); p++)
    if (!clfft_frame_filter_set_gain (filter, p, gains[p], error))
      return FALSE;
  return TRUE;
}

static gpointer
set_gains_thread (gpointer data)
{
  GainSetter *s = data;
  GError *error = NULL;

  s->ok = set_gains (s->filter, s->gains, &error);
  if (error)
    s->message = g_strdup (error->message);
  g_clear_error (&error);
  g_atomic_int_set (&s->done, 1);
  return NULL;
}

static void
planes_alloc (const ClfftFrameLayout * layout, ClfftHostPlanes * planes,
    gboolean random)
{
  for (guint p = 0; p < layout->n_planes; p++) {
    const gsize size = layout->row_bytes[p] * layout->rows[p];

    planes->planes[p] = (ClfftHostFrame) {
    g_malloc0 (size), layout->row_bytes[p], FALSE};
    for (gsize i = 0; random && i < size; i++)
      planes->planes[p].data[i] = g_rand_int_range (rng, 0, 256);
  }
}

static void
planes_free (const ClfftFrameLayout * layout, ClfftHostPlanes * planes)
{
  for (guint p = 0; p < layout->n_planes; p++)
    g_free (planes->planes[p].data);
}

static gboolean
planes_equal (const ClfftFrameLayout * layout, const ClfftHostPlanes * a,
    const ClfftHostPlanes * b)
{
  for (guint p = 0; p < layout->n_planes; p++)
    if (memcmp (a->planes[p].data, b->planes[p].data,
            layout->row_bytes[p] * layout->rows[p]) != 0)
      return FALSE;
  return TRUE;
}

/* in filtered alone (nothing else in flight) into out */
static void
filter_alone (ClfftFrameFilter * filter, const ClfftHostPlanes * in,
    const ClfftHostPlanes * out)
{
  GError *error = NULL;

  fail_unless (clfft_frame_filter_submit (filter, in, out, &error)
      && clfft_frame_filter_collect (filter, &error), "%s",
      error ? error->message : "");
}

static void
check_gain_change_in_flight (const ClfftFrameLayout * layout,
    const gchar * side_queue, Hold hold, const gchar * what)
{
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS] = { 0 };
  ClfftHostPlanes a, b, a_old, a_new, b_new, got_a, got_b;
  ClfftFrameFilter *filter;
  gfloat **old_gains, **new_gains;
  GainSetter setter = { 0 };
  GThread *thread;
  GError *error = NULL;
  cl_event gate;
  cl_int st;
  gboolean new_plans, returned_while_held;
  gint64 deadline;

  if (side_queue)
    g_setenv (CLFFT_SIDE_QUEUE_ENV, side_queue, TRUE);
  filter = clfft_frame_filter_new (engine, layout, CLFFT_PADDING_NONE,
      &error);
  fail_unless (filter != NULL, "%s", error ? error->message : "");
  clfft_frame_filter_set_tuning (filter, CLFFT_TUNING_OFF);
  for (guint c = 0; c < layout->n_channels; c++)
    roles[c] = CLFFT_CHANNEL_FILTER;
  fail_unless (clfft_frame_filter_set_roles (filter, roles, &new_plans,
          &error), "%s", error ? error->message : "");
  /* every frame on the plans' own programs, not the generic filter's */
  fail_unless (clfft_frame_filter_finish_own_programs (filter, &error), "%s",
      error ? error->message : "");

  old_gains = random_gains (filter);
  new_gains = random_gains (filter);
  planes_alloc (layout, &a, TRUE);
  planes_alloc (layout, &b, TRUE);
  planes_alloc (layout, &a_old, FALSE);
  planes_alloc (layout, &a_new, FALSE);
  planes_alloc (layout, &b_new, FALSE);
  planes_alloc (layout, &got_a, FALSE);
  planes_alloc (layout, &got_b, FALSE);

  /* what each frame gives under each gain, one frame at a time */
  fail_unless (set_gains (filter, new_gains, &error), "%s",
      error ? error->message : "");
  filter_alone (filter, &a, &a_new);
  filter_alone (filter, &b, &b_new);
  fail_unless (set_gains (filter, old_gains, &error), "%s",
      error ? error->message : "");
  filter_alone (filter, &a, &a_old);
  fail_if (planes_equal (layout, &a_old, &a_new),
      "%s: the two gains give the same frame: the test tells nothing", what);

  /* a in flight, held back on the device, while the gain changes */
  gate = clCreateUserEvent (clfft_engine_get_context (engine), &st);
  fail_unless (st == CL_SUCCESS, "clCreateUserEvent: %d", st);
  if (hold & HOLD_ENGINE_QUEUE)
    hold_queue (clfft_engine_get_queue (engine), gate);
  if (hold & HOLD_SIDE_QUEUE) {
    fail_unless (clfft_engine_begin_side (engine, &error), "%s",
        error ? error->message : "");
    hold_queue (clfft_engine_get_queue (engine), gate);
    clfft_engine_end_side (engine);
  }
  for (guint p = 0; (hold & HOLD_FILTER_QUEUES)
      && p < clfft_frame_filter_get_n_plans (filter); p++)
    fail_unless (clfft_testing_filter2d_gate (clfft_frame_filter_get_plan
            (filter, p, NULL, NULL, NULL), gate, &error), "%s",
        error ? error->message : "");
  fail_unless (clfft_frame_filter_submit (filter, &a, &got_a, &error), "%s",
      error ? error->message : "");

  setter.filter = filter;
  memcpy (setter.gains, new_gains, sizeof (setter.gains));
  thread = g_thread_new ("set-gain", set_gains_thread, &setter);
  deadline = g_get_monotonic_time () + SET_GAIN_SECONDS * G_USEC_PER_SEC;
  while (!g_atomic_int_get (&setter.done)
      && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  returned_while_held = g_atomic_int_get (&setter.done);
  if (returned_while_held && setter.ok)
    fail_unless (clfft_frame_filter_submit (filter, &b, &got_b, &error),
        "%s", error ? error->message : "");
  /* let the device go, whatever happened, so that the thread ends */
  st = clSetUserEventStatus (gate, CL_COMPLETE);
  g_thread_join (thread);
  fail_unless (st == CL_SUCCESS, "clSetUserEventStatus: %d", st);
  fail_unless (returned_while_held, "%s: setting the gain waited for the "
      "frame in flight (still waiting after %d s)", what, SET_GAIN_SECONDS);
  fail_unless (setter.ok, "%s: %s", what, setter.message);
  fail_unless (clfft_frame_filter_collect (filter, &error)
      && clfft_frame_filter_collect (filter, &error), "%s",
      error ? error->message : "");
  fail_unless (planes_equal (layout, &got_a, &a_old),
      "%s: the frame submitted before the change did not get the old gain",
      what);
  fail_unless (planes_equal (layout, &got_b, &b_new),
      "%s: the frame submitted after the change did not get the new gain",
      what);

  fail_unless (clReleaseEvent (gate) == CL_SUCCESS);
  planes_free (layout, &a);
  planes_free (layout, &b);
  planes_free (layout, &a_old);
  planes_free (layout, &a_new);
  planes_free (layout, &b_new);
  planes_free (layout, &got_a);
  planes_free (layout, &got_b);
  free_gains (old_gains);
  free_gains (new_gains);
  g_free (setter.message);
  clfft_frame_filter_free (filter);
}

GST_START_TEST (test_grey_frames)
{
  const guint w = 96, h = 64;
  const ClfftFrameLayout gray8 = {
    1, {w}, {h}, 1, {{0, 0, 1, w, h, 8, 0, 1, 1}}
  };

  check_gain_change_in_flight (&gray8, NULL, HOLD_FILTER_QUEUES, "GRAY8");
}

GST_END_TEST;

GST_START_TEST (test_colour_frames)
{
  const guint w = 96, h = 64, cw = w / 2, ch = h / 2;
  const ClfftFrameLayout i420 = {
    3, {w, cw, cw}, {h, ch, ch}, 3, {
      {0, 0, 1, w, h, 8, 0, 1, 1}, {1, 0, 1, cw, ch, 8, 0, 2, 2},
      {2, 0, 1, cw, ch, 8, 0, 2, 2}}
  };

  /* small frames stack where they run the passes on one queue */
  g_setenv (CLFFT_LANES_ENV, "0", TRUE);
  g_setenv (CLFFT_ONE_LAUNCH_ENV, "0", TRUE);
  check_gain_change_in_flight (&i420, "0", HOLD_ENGINE_QUEUE,
      "I420, one queue");
  fail_unless (g_atomic_int_get (&stacked), "I420's plans did not stack");
  /* the chroma's plan held back, the luma's not */
  check_gain_change_in_flight (&i420, "1", HOLD_SIDE_QUEUE,
      "I420, side queue");
}

GST_END_TEST;

static Suite *
gain_changes_suite (void)
{
  Suite *s = suite_create ("gain-changes");
  TCase *tc = tcase_create ("general");

  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_grey_frames);
  tcase_add_test (tc, test_colour_frames);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (gain_changes);
