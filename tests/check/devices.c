/* Several devices of one kind: automatic choices balance the streams over
 * them (issue 43). Runs where there are at least two devices of a kind:
 * meson runs it on PoCL with POCL_DEVICES="pthread pthread". */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <math.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "filter-reference.h"

#define GST_CLFFT_ENGINE_CONTEXT_TYPE "gst.clfft.engine"
#define W 64
#define HT 48
#define FPS 30
#define BRANCHES 4

static GRand *rng;

/* Two devices of one kind (and no GPU of another kind): the indices of
 * the first two. */
static void
two_devices (guint * a, guint * b)
{
  const ClfftDeviceInfo *devices;
  guint n;

  devices = clfft_list_devices (&n, NULL);
  fail_unless (devices != NULL && n >= 2, "this suite needs two devices "
      "of one kind (POCL_DEVICES=\"pthread pthread\")");
  g_unsetenv (CLFFT_DEVICE_ENV);
  fail_unless (clfft_automatic_choice_balances (), "the devices are not of "
      "one kind: %s, %s", devices[0].name, devices[1].name);
  *a = clfft_choose_device (-1, NULL);
  fail_unless (*a < n);
  for (*b = 0; *b < n; (*b)++)
    if (*b != *a && g_str_equal (devices[*b].name, devices[*a].name))
      break;
  fail_unless (*b < n);
}

static void
assert_load (guint device, gint streams, gdouble bytes_per_second)
{
  gint s;
  gdouble bps;

  clfft_device_get_load (device, &s, &bps);
  fail_unless (s == streams && fabs (bps - bytes_per_second) < 0.5,
      "device %u: %d streams, %.1f bytes a second; %d and %.1f expected",
      device, s, bps, streams, bytes_per_second);
}

GST_START_TEST (test_choice_follows_load)
{
  guint a, b;
  gchar *value;

  two_devices (&a, &b);
  /* idle: the first; then the one with fewer bytes a second, then with
   * fewer streams */
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MIN (a, b));
  clfft_device_add_load (MIN (a, b), 1, 1000.0);
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MAX (a, b));
  clfft_device_add_load (MAX (a, b), 2, 1000.0);
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MIN (a, b));
  clfft_device_add_load (MIN (a, b), 0, 500.0);
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MAX (a, b));
  /* an explicit index and a single index in the environment pin */
  fail_unless_equals_int (clfft_choose_device (MIN (a, b), NULL),
      MIN (a, b));
  value = g_strdup_printf ("%u", MIN (a, b));
  g_setenv (CLFFT_DEVICE_ENV, value, TRUE);
  g_free (value);
  fail_if (clfft_automatic_choice_balances ());
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MIN (a, b));
  /* a list balances over its devices */
  value = g_strdup_printf ("%u, %u", b, a);
  g_setenv (CLFFT_DEVICE_ENV, value, TRUE);
  g_free (value);
  fail_unless (clfft_automatic_choice_balances ());
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MAX (a, b));
  /* a list of no items is no list */
  g_setenv (CLFFT_DEVICE_ENV, " , ", TRUE);
  fail_unless (clfft_automatic_choice_balances ());
  fail_unless_equals_int (clfft_choose_device (-1, NULL), MAX (a, b));
  /* an item that names nothing is an error, as a single one is */
  value = g_strdup_printf ("%u,no-such-opencl-device", a);
  g_setenv (CLFFT_DEVICE_ENV, value, TRUE);
  g_free (value);
  fail_unless_equals_int (clfft_choose_device (-1, NULL), -1);
  g_unsetenv (CLFFT_DEVICE_ENV);
  /* streams that end leave nothing behind */
  clfft_device_add_load (MIN (a, b), -1, -1500.0);
  clfft_device_add_load (MAX (a, b), -2, -1000.0);
  assert_load (a, 0, 0.0);
  assert_load (b, 0, 0.0);
  /* an index past the list counts nothing */
  clfft_device_add_load (G_MAXINT, 1, 1000.0);
  assert_load (G_MAXINT, 0, 0.0);
}

GST_END_TEST;

static guint8 *
random_frame (void)
{
  guint8 *p = g_malloc (W * HT);

  /* a ramp under noise: not flat, with low and high frequencies */
  for (guint y = 0; y < HT; y++)
    for (guint x = 0; x < W; x++)
      p[y * W + x] = (guint8) ((x * 2 + y) / 2 + g_rand_int_range (rng, 0,
              128));
  return p;
}

/* Pushes each branch's frames (frames[k] into branch k), checks each
 * output against the reference, and returns when every branch ended;
 * check runs once every branch has its first output. */
static void
run_branches (GstElement * pipeline, guint branches, guint8 ** frames,
    void (*check) (gpointer), gpointer data)
{
  GstAppSink *sinks[BRANCHES];
  GstSample *firsts[BRANCHES];
  guint8 *refs[BRANCHES];

  for (guint k = 0; k < branches; k++) {
    gchar *name = g_strdup_printf ("src%u", k);
    GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), name);
    GstBuffer *buf = gst_buffer_new_memdup (frames[k], W * HT);

    g_free (name);
    name = g_strdup_printf ("sink%u", k);
    sinks[k] = GST_APP_SINK (gst_bin_get_by_name (GST_BIN (pipeline), name));
    g_free (name);
    refs[k] = reference_filter (frames[k], W, HT, FALSE, 0.2);
    GST_BUFFER_PTS (buf) = 0;
    GST_BUFFER_DURATION (buf) = GST_SECOND / FPS;
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
            gst_buffer_ref (buf)), GST_FLOW_OK);
    GST_BUFFER_PTS (buf) = GST_SECOND / FPS;
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src), buf),
        GST_FLOW_OK);
    fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
        GST_FLOW_OK);
    gst_object_unref (src);
  }
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  for (guint k = 0; k < branches; k++) {
    firsts[k] = gst_app_sink_try_pull_sample (sinks[k], 60 * GST_SECOND);
    fail_unless (firsts[k] != NULL, "no output from branch %u", k);
  }
  check (data);
  for (guint k = 0; k < branches; k++) {
    for (guint i = 0; i < 2; i++) {
      GstSample *sample = i ? gst_app_sink_try_pull_sample (sinks[k],
          60 * GST_SECOND) : firsts[k];
      GstMapInfo map;

      fail_unless (sample != NULL, "branch %u lost frame %u", k, i);
      fail_unless (gst_buffer_map (gst_sample_get_buffer (sample), &map,
              GST_MAP_READ));
      fail_unless_equals_int (map.size, W * HT);
      for (gsize p = 0; p < W * HT; p++)
        if (ABS ((gint) map.data[p] - (gint) refs[k][p]) > 1)
          fail ("branch %u, frame %u, pixel %" G_GSIZE_FORMAT ": %u for %u",
              k, i, p, map.data[p], refs[k][p]);
      gst_buffer_unmap (gst_sample_get_buffer (sample), &map);
      gst_sample_unref (sample);
    }
    fail_unless (gst_app_sink_try_pull_sample (sinks[k], 0) == NULL,
        "branch %u: a frame too many", k);
    gst_object_unref (sinks[k]);
    g_free (refs[k]);
  }
}

static GstElement *
branches_pipeline (guint branches, const gchar * between)
    G_GNUC_PRINTF (2, 0);

static GstElement *
branches_pipeline (guint branches, const gchar * between)
{
  GString *s = g_string_new (NULL);
  GstElement *pipeline;
  GError *error = NULL;

  for (guint k = 0; k < branches; k++) {
    /* between names its elements with %u, the branch */
    gchar *named = g_strdup_printf (between, k, k);

    g_string_append_printf (s, "appsrc name=src%u format=time caps=video/"
        "x-raw,format=GRAY8,width=%u,height=%u,framerate=%u/1 ! %s ! appsink "
        "name=sink%u sync=false ", k, W, HT, FPS, named, k);
    g_free (named);
  }
  pipeline = gst_parse_launch (s->str, &error);
  fail_unless (pipeline != NULL, "%s", error ? error->message : "");
  g_string_free (s, TRUE);
  return pipeline;
}

/* How many of the pipeline's filters are on each of devices a and b. */
typedef struct
{
  GstElement *pipeline;
  guint a, b;
  gint on_a, on_b;
} Expected;

static void
check_devices (gpointer data)
{
  const Expected *e = data;
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (e->pipeline));
  GValue item = G_VALUE_INIT;
  gint on_a = 0, on_b = 0;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *el = g_value_get_object (&item);
    gchar *name = gst_object_get_name (GST_OBJECT (el));
    gint in_use;

    if (g_str_has_prefix (name, "f")) {
      g_object_get (el, "device-index-in-use", &in_use, NULL);
      on_a += in_use == (gint) e->a;
      on_b += in_use == (gint) e->b;
      fail_unless (in_use == (gint) e->a || in_use == (gint) e->b,
          "%s on device %d", name, in_use);
    }
    /* neighbours share: g<k> is where f<k> is */
    if (g_str_has_prefix (name, "g")) {
      gchar *f = g_strdup_printf ("f%s", name + 1);
      GstElement *fk = gst_bin_get_by_name (GST_BIN (e->pipeline), f);
      gint f_in_use;

      fail_unless (fk != NULL);
      g_object_get (el, "device-index-in-use", &in_use, NULL);
      g_object_get (fk, "device-index-in-use", &f_in_use, NULL);
      fail_unless_equals_int (in_use, f_in_use);
      gst_object_unref (fk);
      g_free (f);
    }
    g_free (name);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  fail_unless (on_a == e->on_a && on_b == e->on_b, "%d filters on device "
      "%u and %d on %u; %d and %d expected", on_a, e->a, on_b, e->b,
      e->on_a, e->on_b);
}

static void
run_pipeline (guint branches, const gchar * between, Expected * e)
{
  guint8 *frames[BRANCHES];

  e->pipeline = branches_pipeline (branches, between);
  for (guint k = 0; k < branches; k++)
    frames[k] = random_frame ();
  run_branches (e->pipeline, branches, frames, check_devices, e);
  fail_unless (gst_element_set_state (e->pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (e->pipeline);
  for (guint k = 0; k < branches; k++)
    g_free (frames[k]);
}

/* Branches of one pipeline, with the default device-index, take the two
 * devices in turn, and each filters its frames right. */
GST_START_TEST (test_branches_balance)
{
  Expected e;

  two_devices (&e.a, &e.b);
  e.on_a = e.on_b = BRANCHES / 2;
  run_pipeline (BRANCHES, "clfft2dfilter name=f%u filter=lowpass "
      "shape=ideal cutoff=0.2", &e);
}

GST_END_TEST;

/* The bytes a second count before the streams: beside a stream of large
 * frames on one device, two small ones both go to the other. */
GST_START_TEST (test_large_stream_weighs_more)
{
  GstElement *large = gst_parse_launch ("videotestsrc pattern=ball ! "
      "video/x-raw,format=GRAY8,width=256,height=256,framerate=30/1 ! "
      "clfft2dfilter name=large ! fakesink", NULL), *filter;
  gint large_on;
  Expected e;

  two_devices (&e.a, &e.b);
  fail_unless (large != NULL);
  fail_unless (gst_element_set_state (large, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless_equals_int (gst_element_get_state (large, NULL, NULL,
          60 * GST_SECOND), GST_STATE_CHANGE_SUCCESS);
  filter = gst_bin_get_by_name (GST_BIN (large), "large");
  g_object_get (filter, "device-index-in-use", &large_on, NULL);
  gst_object_unref (filter);
  fail_unless_equals_int (large_on, MIN (e.a, e.b));
  e.on_a = e.a == (guint) large_on ? 0 : 2;
  e.on_b = 2 - e.on_a;
  run_pipeline (2, "clfft2dfilter name=f%u filter=lowpass shape=ideal "
      "cutoff=0.2", &e);
  gst_element_set_state (large, GST_STATE_NULL);
  gst_object_unref (large);
}

GST_END_TEST;

/* Neighbours in a chain still share one engine: both filters of each
 * branch on one device, the branches on the two devices. */
GST_START_TEST (test_chain_shares_its_device)
{
  Expected e;

  two_devices (&e.a, &e.b);
  e.on_a = e.on_b = 1;
  run_pipeline (2, "clfft2dfilter name=f%u filter=none ! clfft2dfilter "
      "name=g%u filter=lowpass shape=ideal cutoff=0.2", &e);
}

GST_END_TEST;

/* An element pinned by device-index does not take the others of its
 * pipeline with it (through a have-context to the whole pipeline): they
 * still balance. */
GST_START_TEST (test_pinned_element_pins_itself)
{
  guint8 *frames[3];
  GString *launch = g_string_new (NULL);
  GstElement *pinned;
  GError *error = NULL;
  Expected e;

  two_devices (&e.a, &e.b);
  for (guint k = 0; k < 3; k++)
    g_string_append_printf (launch, "appsrc name=src%u format=time caps="
        "video/x-raw,format=GRAY8,width=%u,height=%u,framerate=%u/1 ! "
        "clfft2dfilter name=f%u filter=lowpass shape=ideal cutoff=0.2 ! "
        "appsink name=sink%u sync=false ", k, W, HT, FPS, k, k);
  e.pipeline = gst_parse_launch (launch->str, &error);
  fail_unless (e.pipeline != NULL, "%s", error ? error->message : "");
  g_string_free (launch, TRUE);
  /* the pinned one first: b has its stream before the others choose */
  pinned = gst_bin_get_by_name (GST_BIN (e.pipeline), "f0");
  g_object_set (pinned, "device-index", e.b, NULL);
  fail_unless_equals_int (gst_element_set_state (pinned, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (pinned);
  /* then one to a, and one to the first of the two, now even */
  e.on_a = 1 + (e.a < e.b);
  e.on_b = 1 + (e.b < e.a);
  for (guint k = 0; k < 3; k++)
    frames[k] = random_frame ();
  run_branches (e.pipeline, 3, frames, check_devices, &e);
  fail_unless (gst_element_set_state (e.pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (e.pipeline);
  for (guint k = 0; k < 3; k++)
    g_free (frames[k]);
}

GST_END_TEST;

/* A single device in GST_CLFFT_DEVICE pins every stream there. */
GST_START_TEST (test_environment_pins)
{
  Expected e;
  gchar *value;

  two_devices (&e.a, &e.b);
  value = g_strdup_printf ("%u", e.b);
  g_setenv (CLFFT_DEVICE_ENV, value, TRUE);
  g_free (value);
  e.on_a = 0;
  e.on_b = BRANCHES;
  run_pipeline (BRANCHES, "clfft2dfilter name=f%u filter=lowpass "
      "shape=ideal cutoff=0.2", &e);
  g_unsetenv (CLFFT_DEVICE_ENV);
}

GST_END_TEST;

/* The environment's single device wins over a neighbour pinned by
 * device-index elsewhere (issue 71): with GST_CLFFT_DEVICE=b and p0
 * pinned to a and in READY first, f0 (its downstream neighbour, which
 * used to take a through the context query) and f1 (another branch,
 * which used to take a from the pipeline's have-context) both go to b. */
GST_START_TEST (test_environment_pin_beats_pinned_neighbour)
{
  guint8 *frames[2];
  GstElement *pinned;
  GError *error = NULL;
  gchar *launch, *value;
  gint pinned_on;
  Expected e;

  two_devices (&e.a, &e.b);
  value = g_strdup_printf ("%u", e.b);
  g_setenv (CLFFT_DEVICE_ENV, value, TRUE);
  g_free (value);
  launch = g_strdup_printf ("appsrc name=src0 format=time caps=video/x-raw,"
      "format=GRAY8,width=%u,height=%u,framerate=%u/1 ! clfft2dfilter "
      "name=p0 device-index=%u filter=none ! clfft2dfilter name=f0 "
      "filter=lowpass shape=ideal cutoff=0.2 ! appsink name=sink0 sync=false "
      "appsrc name=src1 format=time caps=video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1 ! clfft2dfilter name=f1 filter=lowpass "
      "shape=ideal cutoff=0.2 ! appsink name=sink1 sync=false", W, HT, FPS,
      e.a, W, HT, FPS);
  e.pipeline = gst_parse_launch (launch, &error);
  fail_unless (e.pipeline != NULL, "%s", error ? error->message : "");
  g_free (launch);
  pinned = gst_bin_get_by_name (GST_BIN (e.pipeline), "p0");
  fail_unless_equals_int (gst_element_set_state (pinned, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (pinned, "device-index-in-use", &pinned_on, NULL);
  fail_unless_equals_int (pinned_on, e.a);
  e.on_a = 0;
  e.on_b = 2;
  for (guint k = 0; k < 2; k++)
    frames[k] = random_frame ();
  run_branches (e.pipeline, 2, frames, check_devices, &e);
  g_object_get (pinned, "device-index-in-use", &pinned_on, NULL);
  fail_unless_equals_int (pinned_on, e.a);
  gst_object_unref (pinned);
  fail_unless (gst_element_set_state (e.pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (e.pipeline);
  for (guint k = 0; k < 2; k++)
    g_free (frames[k]);
  g_unsetenv (CLFFT_DEVICE_ENV);
}

GST_END_TEST;

/* A context that the application takes from one element and sets on a
 * pipeline keeps every element there on its device. */
GST_START_TEST (test_application_context_keeps_device)
{
  guint8 *frames[BRANCHES];
  GstElement *announcer;
  GstContext *context;
  Expected e;

  two_devices (&e.a, &e.b);
  announcer = gst_element_factory_make ("clfft2dfilter", NULL);
  fail_unless (announcer != NULL);
  g_object_set (announcer, "device-index", e.b, NULL);
  fail_unless_equals_int (gst_element_set_state (announcer,
          GST_STATE_READY), GST_STATE_CHANGE_SUCCESS);
  context = gst_element_get_context (announcer,
      GST_CLFFT_ENGINE_CONTEXT_TYPE);
  fail_unless (context != NULL);
  fail_unless_equals_int (gst_element_set_state (announcer, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (announcer);
  e.pipeline = branches_pipeline (BRANCHES, "clfft2dfilter name=f%u "
      "filter=lowpass shape=ideal cutoff=0.2");
  gst_element_set_context (e.pipeline, context);
  gst_context_unref (context);
  e.on_a = 0;
  e.on_b = BRANCHES;
  for (guint k = 0; k < BRANCHES; k++)
    frames[k] = random_frame ();
  run_branches (e.pipeline, BRANCHES, frames, check_devices, &e);
  fail_unless (gst_element_set_state (e.pipeline, GST_STATE_NULL) ==
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (e.pipeline);
  for (guint k = 0; k < BRANCHES; k++)
    g_free (frames[k]);
}

GST_END_TEST;

static Suite *
devices_suite (void)
{
  Suite *s = suite_create ("devices");
  TCase *tc = tcase_create ("general");

  rng = g_rand_new_with_seed (43);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_choice_follows_load);
  tcase_add_test (tc, test_branches_balance);
  tcase_add_test (tc, test_large_stream_weighs_more);
  tcase_add_test (tc, test_chain_shares_its_device);
  tcase_add_test (tc, test_pinned_element_pins_itself);
  tcase_add_test (tc, test_environment_pins);
  tcase_add_test (tc, test_environment_pin_beats_pinned_neighbour);
  tcase_add_test (tc, test_application_context_keeps_device);
  return s;
}

GST_CHECK_MAIN (devices);
