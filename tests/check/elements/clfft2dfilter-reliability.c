/* clfft2dfilter under bad input, faults and load: short buffers, caps it
 * cannot take, frames without timestamps, a device lost in mid-stream (an
 * error, or with fallback=true every frame out once, on the next device),
 * device memory exhausted, eight pipelines in eight threads on one engine,
 * state cycles, and a soak with flat memory. Each frame that comes out is
 * checked against the double-precision reference.
 *
 * Faults come from the engine's test aid CLFFT_FAULT, which arms the first
 * engine a process makes: check runs each test in a process of its own. */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <gmodule.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-filter2d.h"
#include "filter-reference.h"
#include "reference.h"

/* Rows of 64 bytes are packed in GRAY8 buffers (strides round to 4). */
#define WIDTH 64
#define HEIGHT 48
#define FRAME_SIZE (WIDTH * HEIGHT)
#define FRAME_DURATION (GST_SECOND / 30)
/* Longest a pipeline may take to finish before the test calls it a hang */
#define RUN_TIMEOUT (120 * GST_SECOND)

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

static const RefFilter lowpass = { "lowpass", "gaussian", 2, 0.08, 0.25,
  {0, 0}, 0.01, FALSE, 1.0, 0.0, FALSE, FALSE, FALSE
};

static guint8 *
random_pixels (GRand * r)
{
  guint8 *p = g_malloc (FRAME_SIZE);

  for (guint i = 0; i < FRAME_SIZE; i++)
    p[i] = g_rand_int_range (r, 0, 256);
  return p;
}

/* n random frames and their reference outputs under f. */
typedef struct
{
  guint n;
  guint8 **pixels, **expected;
} Frames;

static Frames *
frames_new (guint n, const RefFilter * f, GRand * r)
{
  Frames *frames = g_new0 (Frames, 1);

  frames->n = n;
  frames->pixels = g_new (guint8 *, n);
  frames->expected = g_new (guint8 *, n);
  for (guint i = 0; i < n; i++) {
    frames->pixels[i] = random_pixels (r);
    frames->expected[i] = reference_run (frames->pixels[i], WIDTH, HEIGHT, f);
  }
  return frames;
}

static void
frames_free (Frames * frames)
{
  for (guint i = 0; i < frames->n; i++) {
    g_free (frames->pixels[i]);
    g_free (frames->expected[i]);
  }
  g_free (frames->pixels);
  g_free (frames->expected);
  g_free (frames);
}

static GstBuffer *
frame_buffer (const guint8 * pixels, guint i)
{
  GstBuffer *buf = gst_buffer_new_memdup (pixels, FRAME_SIZE);

  GST_BUFFER_PTS (buf) = i * FRAME_DURATION;
  GST_BUFFER_DURATION (buf) = FRAME_DURATION;
  return buf;
}

/* The largest difference, in levels, between an output and the expected
 * pixels. */
static gint
max_abs_diff (GstBuffer * out, const guint8 * expected)
{
  GstMapInfo map;
  gint diff = 0;

  fail_unless (gst_buffer_map (out, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size, FRAME_SIZE);
  for (gsize i = 0; i < FRAME_SIZE; i++)
    diff = MAX (diff, ABS ((gint) map.data[i] - expected[i]));
  gst_buffer_unmap (out, &map);
  return diff;
}

/* What a pipeline run gave: the outputs in order, the messages of the
 * filter, and how it ended. */
typedef struct
{
  GPtrArray *outputs;           /* GstBuffer */
  GPtrArray *warnings, *errors; /* gchar*: "message\ndebug" */
  gboolean eos;
  gchar *device_name;           /* the filter's, at the end */
  ClfftEngine *engine;          /* of the filter's have-context, not owned */
} Run;

static void
run_clear (Run * run)
{
  g_ptr_array_unref (run->outputs);
  g_ptr_array_unref (run->warnings);
  g_ptr_array_unref (run->errors);
  g_free (run->device_name);
}

static gchar *
message_text (GstMessage * msg)
{
  GError *error = NULL;
  gchar *debug = NULL, *text;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
    gst_message_parse_error (msg, &error, &debug);
  else
    gst_message_parse_warning (msg, &error, &debug);
  text = g_strdup_printf ("%s\n%s", error->message, GST_STR_NULL (debug));
  g_error_free (error);
  g_free (debug);
  return text;
}

/* The engine in a have-context message of the filter's (a boxed type of
 * the plugin's: read as a pointer only). */
static ClfftEngine *
have_context_engine (GstMessage * msg)
{
  GstContext *context;
  const GValue *value;
  ClfftEngine *engine;

  gst_message_parse_have_context (msg, &context);
  value = gst_structure_get_value (gst_context_get_structure (context),
      "engine");
  fail_unless (value != NULL && G_VALUE_HOLDS_BOXED (value));
  engine = g_value_get_boxed (value);
  gst_context_unref (context);
  return engine;
}

#define FRAME_CAPS "video/x-raw,format=GRAY8,width=64,height=48,framerate=30/1"

/* appsrc caps=caps ! clfft2dfilter properties ! appsink */
static GstElement *
pipeline_new_with_caps (const gchar * caps, const gchar * properties)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time caps=%s ! "
      "clfft2dfilter name=filter %s ! appsink name=sink sync=false "
      "wait-on-eos=false", caps, properties);
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (launch, &error);

  fail_unless (pipeline != NULL, "%s: %s", launch, error ? error->message :
      "");
  g_free (launch);
  return pipeline;
}

static GstElement *
pipeline_new (const gchar * properties)
{
  return pipeline_new_with_caps (FRAME_CAPS, properties);
}

/* Pushes buffers (taking them) through appsrc caps=caps ! clfft2dfilter
 * properties ! appsink and gathers what comes out, until EOS or an error;
 * a run that ends neither way within RUN_TIMEOUT fails the test as a
 * hang. */
static void
run_buffers (const gchar * caps, const gchar * properties,
    GPtrArray * buffers, Run * run)
{
  GstElement *pipeline = pipeline_new_with_caps (caps, properties);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstElement *filter = gst_bin_get_by_name (GST_BIN (pipeline), "filter");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstSample *sample;
  gboolean done = FALSE;

  memset (run, 0, sizeof (*run));
  run->outputs = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  run->warnings = g_ptr_array_new_with_free_func (g_free);
  run->errors = g_ptr_array_new_with_free_func (g_free);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  for (guint i = 0; i < buffers->len; i++)
    gst_app_src_push_buffer (GST_APP_SRC (src), gst_buffer_ref
        (buffers->pdata[i]));
  g_ptr_array_unref (buffers);
  gst_app_src_end_of_stream (GST_APP_SRC (src));

  while (!done) {
    GstMessage *msg = gst_bus_timed_pop_filtered (bus, RUN_TIMEOUT,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_WARNING |
        GST_MESSAGE_HAVE_CONTEXT);

    fail_unless (msg != NULL, "the pipeline neither ended nor failed");
    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_EOS:
        run->eos = done = TRUE;
        break;
      case GST_MESSAGE_ERROR:
        g_ptr_array_add (run->errors, message_text (msg));
        done = TRUE;
        break;
      case GST_MESSAGE_WARNING:
        g_ptr_array_add (run->warnings, message_text (msg));
        break;
      default:
        run->engine = have_context_engine (msg);
        break;
    }
    gst_message_unref (msg);
  }
  g_object_get (filter, "device-name", &run->device_name, NULL);
  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0))) {
    g_ptr_array_add (run->outputs, gst_buffer_ref (gst_sample_get_buffer
            (sample)));
    gst_sample_unref (sample);
  }
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (filter);
  gst_object_unref (sink);
  gst_object_unref (src);
  gst_object_unref (pipeline);
}

/* The frames, stamped, through appsrc ! clfft2dfilter properties !
 * appsink: see run_buffers. */
static void
run_pipeline (const gchar * properties, const Frames * frames, Run * run)
{
  GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);

  for (guint i = 0; i < frames->n; i++)
    g_ptr_array_add (buffers, frame_buffer (frames->pixels[i], i));
  run_buffers (FRAME_CAPS, properties, buffers, run);
}

/* The outputs are frames 0, 1, ... of frames in order, each once, each
 * within a level of its reference. */
static void
check_outputs (const Run * run, const Frames * frames)
{
  for (guint i = 0; i < run->outputs->len; i++) {
    GstBuffer *out = run->outputs->pdata[i];
    gint diff;

    fail_unless_equals_uint64 (GST_BUFFER_PTS (out), i * FRAME_DURATION);
    diff = max_abs_diff (out, frames->expected[i]);
    fail_unless (diff <= 1, "frame %u: %d levels from the reference", i,
        diff);
  }
}

/* A device lost in mid-stream, without fallback: an error naming the
 * device, and an orderly stop; the frames out before it are right. */
GST_START_TEST (test_device_lost_is_an_error)
{
  Frames *frames = frames_new (12, &lowpass, rng);
  gchar *props = ref_filter_properties (&lowpass);
  Run run;

  g_setenv (CLFFT_FAULT_ENV, "device-lost:10", TRUE);
  run_pipeline (props, frames, &run);
  fail_unless_equals_int (run.errors->len, 1);
  fail_unless (!run.eos);
  fail_unless (strstr (run.errors->pdata[0], run.device_name) != NULL &&
      strstr (run.errors->pdata[0], "CL_DEVICE_NOT_AVAILABLE") != NULL,
      "%s", (gchar *) run.errors->pdata[0]);
  fail_unless (run.outputs->len < frames->n);
  check_outputs (&run, frames);
  run_clear (&run);
  g_free (props);
  frames_free (frames);
}

GST_END_TEST;

/* A device lost in mid-stream with fallback=true, at pipeline-depth 1 to
 * 4 (the loop's index): a warning naming the devices, and every frame out
 * once, in order, right. */
GST_START_TEST (test_fallback_loses_no_frame)
{
  Frames *frames = frames_new (16, &lowpass, rng);
  gchar *filter = ref_filter_properties (&lowpass);
  gchar *props = g_strdup_printf ("%s fallback=true pipeline-depth=%d",
      filter, __i__);
  gchar *expected;
  Run run;

  g_setenv (CLFFT_FAULT_ENV, "device-lost:10", TRUE);
  run_pipeline (props, frames, &run);
  fail_unless (run.errors->len == 0, "%s", run.errors->len ?
      (gchar *) run.errors->pdata[0] : "");
  fail_unless (run.eos);
  fail_unless_equals_int (run.warnings->len, 1);
  /* the device fell back to is the one in use at the end */
  expected = g_strdup_printf ("go to %s.", run.device_name);
  fail_unless (strstr (run.warnings->pdata[0], expected) != NULL &&
      strstr (run.warnings->pdata[0], "CL_DEVICE_NOT_AVAILABLE") != NULL,
      "%s", (gchar *) run.warnings->pdata[0]);
  fail_unless_equals_int (run.outputs->len, frames->n);
  check_outputs (&run, frames);
  run_clear (&run);
  g_free (expected);
  g_free (props);
  g_free (filter);
  frames_free (frames);
}

GST_END_TEST;

/* fallback=true covers the search of notches=auto (every frame) and the
 * spectrum view's: a device lost at the launch-th launch, which lands in
 * a search for some (before: "Cannot search the frame's spectrum for
 * periodic noise ... CL_DEVICE_NOT_AVAILABLE", the stream stopped),
 * gives one warning and every frame out once, in order, as the same
 * frames give on the device fallen back to (the fault arms only the
 * first engine: the second run has none). */
static void
check_search_falls_back (const gchar * properties, gint launch)
{
  Frames *frames = frames_new (8, &lowpass, rng);
  gchar *props = g_strdup_printf ("%s fallback=true", properties);
  gchar *fault = g_strdup_printf ("device-lost:%d", launch);
  Run run, again;

  g_setenv (CLFFT_FAULT_ENV, fault, TRUE);
  run_pipeline (props, frames, &run);
  fail_unless (run.errors->len == 0, "%s, %s: %s", properties, fault,
      run.errors->len ? (gchar *) run.errors->pdata[0] : "");
  fail_unless (run.eos);
  fail_unless_equals_int (run.warnings->len, 1);
  fail_unless (strstr (run.warnings->pdata[0], "CL_DEVICE_NOT_AVAILABLE")
      != NULL, "%s", (gchar *) run.warnings->pdata[0]);
  GST_INFO ("%s, %s: %s", properties, fault, (gchar *) run.warnings->pdata[0]);
  fail_unless_equals_int (run.outputs->len, frames->n);
  run_pipeline (props, frames, &again);
  fail_unless (again.errors->len == 0 && again.warnings->len == 0);
  fail_unless_equals_int (again.outputs->len, frames->n);
  for (guint i = 0; i < frames->n; i++) {
    GstBuffer *out = run.outputs->pdata[i];
    GstMapInfo map;
    gint diff;

    fail_unless_equals_uint64 (GST_BUFFER_PTS (out), i * FRAME_DURATION);
    fail_unless (gst_buffer_map (again.outputs->pdata[i], &map,
            GST_MAP_READ));
    diff = max_abs_diff (out, map.data);
    gst_buffer_unmap (again.outputs->pdata[i], &map);
    if (diff > 1)
      fail ("%s, %s, frame %u: %d levels from the run without a fault",
          properties, fault, i, diff);
  }
  run_clear (&run);
  run_clear (&again);
  g_free (fault);
  g_free (props);
  frames_free (frames);
}

GST_START_TEST (test_fallback_covers_the_notch_search)
{
  check_search_falls_back ("filter=notch notches=auto auto-notch-interval=1",
      __i__);
}

GST_END_TEST;

GST_START_TEST (test_fallback_covers_the_spectrum_view)
{
  check_search_falls_back ("mode=spectrum auto-notch-interval=1",
      __i__);
}

GST_END_TEST;

/* Device memory exhausted at the first frame: an error that says so, no
 * frame out, and an orderly stop. */
GST_START_TEST (test_out_of_memory_is_an_error)
{
  Frames *frames = frames_new (3, &lowpass, rng);
  Run run;

  g_setenv (CLFFT_FAULT_ENV, "out-of-memory", TRUE);
  run_pipeline ("fallback=true", frames, &run);
  fail_unless_equals_int (run.errors->len, 1);
  fail_unless (strstr (run.errors->pdata[0], "Cannot prepare") != NULL &&
      strstr (run.errors->pdata[0], "CL_MEM_OBJECT_ALLOCATION_FAILURE") !=
      NULL, "%s", (gchar *) run.errors->pdata[0]);
  fail_unless_equals_int (run.outputs->len, 0);
  run_clear (&run);
  frames_free (frames);
}

GST_END_TEST;

/* Host memory exhausted after __i__ allocations that the frame size decides
 * (the plan's tables, the mask, the gain): an error that says so, never
 * an abort; the frames out before it are right, and where no allocation
 * fails every frame is. */
GST_START_TEST (test_host_out_of_memory_is_an_error)
{
  Frames *frames = frames_new (3, &lowpass, rng);
  gchar *props = ref_filter_properties (&lowpass);
  gchar *fault = g_strdup_printf ("host-out-of-memory:%d", __i__);
  Run run;

  g_setenv (CLFFT_FAULT_ENV, fault, TRUE);
  run_pipeline (props, frames, &run);
  fail_unless (run.errors->len <= 1);
  if (run.errors->len == 1) {
    fail_unless (strstr (run.errors->pdata[0], "host memory") != NULL,
        "%s", (gchar *) run.errors->pdata[0]);
    fail_unless (run.outputs->len < 3);
  } else {
    fail_unless (__i__ > 0, "the first allocation did not fail");
    fail_unless_equals_int (run.outputs->len, 3);
  }
  GST_INFO ("%s: %u errors, %u frames out", fault, run.errors->len,
      run.outputs->len);
  check_outputs (&run, frames);
  run_clear (&run);
  g_free (fault);
  g_free (props);
  frames_free (frames);
}

GST_END_TEST;

/* One of eight pipelines, each with a setting and frames of its own. */
typedef struct
{
  RefFilter filter;
  Frames *frames;
  Run run;
} Worker;

static gpointer
run_worker (gpointer data)
{
  Worker *w = data;
  gchar *props = ref_filter_properties (&w->filter);

  run_pipeline (props, w->frames, &w->run);
  g_free (props);
  return NULL;
}

/* Eight pipelines in eight threads at once, on one engine: each output
 * right for its own pipeline's setting. */
GST_START_TEST (test_eight_pipelines_share_one_engine)
{
  const gchar *kinds[] = { "lowpass", "highpass", "bandpass", "bandstop" };
  Worker workers[8];
  GThread *threads[8];

  for (guint i = 0; i < 8; i++) {
    workers[i].filter = lowpass;
    workers[i].filter.filter = kinds[i % 4];
    workers[i].filter.cutoff = 0.05 + 0.02 * i;
    workers[i].filter.mirror = i >= 4;
    workers[i].frames = frames_new (24, &workers[i].filter, rng);
  }
  for (guint i = 0; i < 8; i++)
    threads[i] = g_thread_new ("pipeline", run_worker, &workers[i]);
  for (guint i = 0; i < 8; i++)
    g_thread_join (threads[i]);
  for (guint i = 0; i < 8; i++) {
    Run *run = &workers[i].run;

    fail_unless (run->eos && run->errors->len == 0, "pipeline %u failed", i);
    fail_unless_equals_int (run->outputs->len, workers[i].frames->n);
    check_outputs (run, workers[i].frames);
    fail_unless (run->engine != NULL && run->engine == workers[0].run.engine,
        "pipeline %u has an engine of its own", i);
    run_clear (run);
    frames_free (workers[i].frames);
  }
}

GST_END_TEST;

/* 1000 cycles NULL -> PLAYING -> NULL of the element alone (as gst-check's
 * generic/states does), each opening and closing the engine; resident
 * memory stays within 1 MiB after 100 cycles of warm-up. */
GST_START_TEST (test_state_cycles)
{
  GstElement *filter = gst_element_factory_make ("clfft2dfilter", NULL);
  gsize warm = 0;

  fail_unless (filter != NULL);
  for (guint i = 0; i < 1000; i++) {
    if (i == 100)
      warm = ref_resident_kib ();
    fail_if (gst_element_set_state (filter, GST_STATE_PLAYING) ==
        GST_STATE_CHANGE_FAILURE, "cycle %u", i);
    fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
  }
  GST_INFO ("resident memory %zu KiB after 100 cycles, %zu after 1000",
      warm, ref_resident_kib ());
  fail_unless (warm > 0);
  fail_unless (!ref_resident_tells_leaks ()
      || ref_resident_kib () < warm + 1024, "grew by %zd KiB",
      (gssize) ref_resident_kib () - (gssize) warm);
  gst_object_unref (filter);
}

GST_END_TEST;

/* The soak's frames: few, cycling, so that each output can be checked. */
#define SOAK_DISTINCT 8

typedef struct
{
  Frames *frames;
  guint received, bad;
  gsize warm_kib;               /* resident memory after the warm-up */
} Soak;

/* The live OpenCL objects of the engine inside the plugin, not of this
 * program's own copy of the engine. */
static ClfftLiveObjects
plugin_live_objects (void)
{
  static void (*get_live_objects) (ClfftLiveObjects *);
  ClfftLiveObjects live;

  if (!get_live_objects) {
    GstPlugin *plugin = gst_plugin_load_by_name ("clfft");
    GModule *module;

    fail_unless (plugin != NULL);
    module = g_module_open (gst_plugin_get_filename (plugin), 0);
    fail_unless (module != NULL, "%s", g_module_error ());
    fail_unless (g_module_symbol (module, "clfft_get_live_objects",
            (gpointer *) & get_live_objects), "%s", g_module_error ());
    /* the plugin stays loaded: the module is not closed */
    gst_object_unref (plugin);
  }
  get_live_objects (&live);
  return live;
}

/* The soak's objects at a 1000th frame: the same as after the warm-up,
 * but for buffers wrapped around frames in flight (at most depth). */
static void
assert_objects_flat (const ClfftLiveObjects * warm, guint depth, guint frame)
{
  ClfftLiveObjects now = plugin_live_objects ();

  fail_unless (now.contexts == warm->contexts && now.queues == warm->queues
      && now.programs == warm->programs && now.kernels == warm->kernels
      && now.buffers <= warm->buffers + (gint) depth, "frame %u: %d "
      "contexts, %d queues, %d programs, %d kernels, %d buffers; after the "
      "warm-up %d, %d, %d, %d, %d", frame, now.contexts, now.queues,
      now.programs, now.kernels, now.buffers, warm->contexts, warm->queues,
      warm->programs, warm->kernels, warm->buffers);
}

static GstFlowReturn
soak_new_sample (GstAppSink * sink, gpointer data)
{
  Soak *soak = data;
  GstSample *sample = gst_app_sink_pull_sample (sink);
  GstBuffer *out = gst_sample_get_buffer (sample);
  guint i = GST_BUFFER_PTS (out) / FRAME_DURATION;

  if (i != soak->received
      || max_abs_diff (out, soak->frames->expected[i % SOAK_DISTINCT]) > 1)
    soak->bad++;
  soak->received++;
  gst_sample_unref (sample);
  return GST_FLOW_OK;
}

/* CLFFT_SOAK_FRAMES frames (20000 by default) through one pipeline at
 * pipeline-depth 2, each checked as it comes out; after the first 2000,
 * resident memory read at every 1000th frame and at the end stays within
 * 1 MiB of what it was then, and the engine's OpenCL objects stay the same;
 * none are left once the pipeline is gone. */
GST_START_TEST (test_soak)
{
  const gchar *env = g_getenv ("CLFFT_SOAK_FRAMES");
  guint n = env ? atoi (env) : 20000, warm_up = MIN (2000, n / 10);
  GstElement *pipeline = pipeline_new ("filter=lowpass shape=gaussian "
      "cutoff=0.08 pipeline-depth=2");
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstAppSinkCallbacks callbacks = { NULL, NULL, soak_new_sample };
  Soak soak = { frames_new (SOAK_DISTINCT, &lowpass, rng), 0, 0, 0 };
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  gsize end_kib, peak_kib = 0;
  ClfftLiveObjects warm_objects = { 0 }, after;

  /* appsrc blocks while 4 frames wait: memory stays flat */
  g_object_set (src, "block", TRUE, "max-buffers", (guint64) 4, NULL);
  gst_app_sink_set_callbacks (GST_APP_SINK (sink), &callbacks, &soak, NULL);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  for (guint i = 0; i < n; i++) {
    if (i == warm_up) {
      soak.warm_kib = ref_resident_kib ();
      warm_objects = plugin_live_objects ();
    } else if (i > warm_up && i % 1000 == 0) {
      peak_kib = MAX (peak_kib, ref_resident_kib ());
      assert_objects_flat (&warm_objects, 2, i);
    }
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
            frame_buffer (soak.frames->pixels[i % SOAK_DISTINCT], i)),
        GST_FLOW_OK);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  msg = gst_bus_timed_pop_filtered (bus, RUN_TIMEOUT, GST_MESSAGE_EOS |
      GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  end_kib = ref_resident_kib ();
  peak_kib = MAX (peak_kib, end_kib);
  GST_INFO ("%u frames; resident memory %zu KiB after %u, at most %zu "
      "after that, %zu at the end; OpenCL objects after the warm-up: %d "
      "contexts, %d queues, %d programs, %d kernels, %d buffers", n,
      soak.warm_kib, warm_up, peak_kib, end_kib, warm_objects.contexts,
      warm_objects.queues, warm_objects.programs, warm_objects.kernels,
      warm_objects.buffers);
  fail_unless (warm_objects.contexts == 1 && warm_objects.buffers > 0);
  fail_unless_equals_int (soak.received, n);
  fail_unless_equals_int (soak.bad, 0);
  fail_unless (soak.warm_kib > 0);
  fail_unless (!ref_resident_tells_leaks ()
      || peak_kib < soak.warm_kib + 1024, "grew by %zd KiB",
      (gssize) peak_kib - (gssize) soak.warm_kib);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  after = plugin_live_objects ();
  fail_unless (after.contexts + after.queues + after.programs
      + after.kernels + after.buffers == 0, "left after the pipeline: %d "
      "contexts, %d queues, %d programs, %d kernels, %d buffers",
      after.contexts, after.queues, after.programs, after.kernels,
      after.buffers);
  frames_free (soak.frames);
}

GST_END_TEST;

/* A buffer shorter than its caps say, between good frames: an error that
 * says so, and the frames before it out and right. */
GST_START_TEST (test_short_buffer_is_an_error)
{
  Frames *frames = frames_new (3, &lowpass, rng);
  gchar *props = ref_filter_properties (&lowpass);
  GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  Run run;

  g_ptr_array_add (buffers, frame_buffer (frames->pixels[0], 0));
  g_ptr_array_add (buffers, gst_buffer_new_memdup (frames->pixels[1],
          FRAME_SIZE / 2));
  g_ptr_array_add (buffers, frame_buffer (frames->pixels[2], 2));
  run_buffers (FRAME_CAPS, props, buffers, &run);
  fail_unless_equals_int (run.errors->len, 1);
  fail_unless (strstr (run.errors->pdata[0], "does not hold a 64x48 frame")
      != NULL, "%s", (gchar *) run.errors->pdata[0]);
  fail_unless_equals_int (run.outputs->len, 1);
  check_outputs (&run, frames);
  run_clear (&run);
  g_free (props);
  frames_free (frames);
}

GST_END_TEST;

/* A frame whose GstVideoMeta does not fit its buffer: a stride of 0, a
 * stride shorter than a row, rows that end past the buffer. Each is an
 * error that says what is wrong, raised before anything reads the frame,
 * and nothing comes out. */
GST_START_TEST (test_bad_video_metas_are_errors)
{
  /* stride, offset, buffer size */
  static const struct
  {
    gint stride;
    gsize offset, size;
    const gchar *says;
  } metas[] = {
    {0, 0, FRAME_SIZE, "stride of 0 bytes"},
    {WIDTH / 2, 0, FRAME_SIZE, "stride of 32 bytes"},
    {WIDTH + 16, 0, FRAME_SIZE, "ends past"},
    {WIDTH, 64, FRAME_SIZE, "ends past"},
  };
  guint8 *pixels = g_malloc (FRAME_SIZE + 256);

  for (guint i = 0; i < FRAME_SIZE + 256; i++)
    pixels[i] = (guint8) g_rand_int (rng);
  for (guint m = 0; m < G_N_ELEMENTS (metas); m++) {
    GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
        gst_buffer_unref);
    GstBuffer *buf = gst_buffer_new_memdup (pixels, metas[m].size);
    gsize offsets[GST_VIDEO_MAX_PLANES] = { metas[m].offset };
    gint strides[GST_VIDEO_MAX_PLANES] = { metas[m].stride };
    Run run;

    gst_buffer_add_video_meta_full (buf, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_FORMAT_GRAY8, WIDTH, HEIGHT, 1, offsets, strides);
    GST_BUFFER_PTS (buf) = 0;
    g_ptr_array_add (buffers, buf);
    run_buffers (FRAME_CAPS, "", buffers, &run);
    fail_unless_equals_int (run.errors->len, 1);
    fail_unless (strstr (run.errors->pdata[0], "video meta does not fit")
        && strstr (run.errors->pdata[0], metas[m].says), "meta %u: %s", m,
        (gchar *) run.errors->pdata[0]);
    fail_unless_equals_int (run.outputs->len, 0);
    run_clear (&run);
  }
  g_free (pixels);
}

GST_END_TEST;

/* Formats and sizes outside the templates: negotiation fails, with an
 * error, and nothing comes out. */
GST_START_TEST (test_unsupported_caps_refused)
{
  const gchar *caps[] = {
    "video/x-raw,format=v210,width=64,height=48,framerate=30/1",
    "video/x-raw,format=GRAY8,width=1,height=1,framerate=30/1",
    "video/x-raw,format=GRAY8,width=9000,height=9000,framerate=30/1",
    "video/x-raw,format=GRAY8,width=64,height=48,framerate=30/1,"
        "interlace-mode=interleaved",
    "audio/x-raw,format=F32LE,rate=48000,channels=1,layout=interleaved",
  };

  for (guint i = 0; i < G_N_ELEMENTS (caps); i++) {
    GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
        gst_buffer_unref);
    Run run;

    g_ptr_array_add (buffers, gst_buffer_new_allocate (NULL, 64, NULL));
    run_buffers (caps[i], "", buffers, &run);
    fail_unless_equals_int (run.errors->len, 1);
    fail_unless (strstr (run.errors->pdata[0], "not-negotiated") != NULL,
        "%s: %s", caps[i], (gchar *) run.errors->pdata[0]);
    fail_unless_equals_int (run.outputs->len, 0);
    run_clear (&run);
  }
}

GST_END_TEST;

/* Frames with the timestamps given (GST_CLOCK_TIME_NONE: none) at
 * pipeline-depth 2: each out once, in the order pushed, right, with its
 * own timestamp as it came. */
static void
check_timestamps_kept (const GstClockTime * pts, guint n)
{
  Frames *frames = frames_new (n, &lowpass, rng);
  gchar *filter = ref_filter_properties (&lowpass);
  gchar *props = g_strdup_printf ("%s pipeline-depth=2", filter);
  GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  Run run;

  for (guint i = 0; i < n; i++) {
    GstBuffer *in = gst_buffer_new_memdup (frames->pixels[i], FRAME_SIZE);

    GST_BUFFER_PTS (in) = pts[i];
    g_ptr_array_add (buffers, in);
  }
  run_buffers (FRAME_CAPS, props, buffers, &run);
  fail_unless (run.eos && run.errors->len == 0);
  fail_unless_equals_int (run.outputs->len, n);
  for (guint i = 0; i < n; i++) {
    GstBuffer *out = run.outputs->pdata[i];

    fail_unless_equals_uint64 (GST_BUFFER_PTS (out), pts[i]);
    fail_unless (max_abs_diff (out, frames->expected[i]) <= 1, "frame %u",
        i);
  }
  run_clear (&run);
  g_free (props);
  g_free (filter);
  frames_free (frames);
}

GST_START_TEST (test_frames_without_timestamps)
{
  const GstClockTime none[6] = { GST_CLOCK_TIME_NONE, GST_CLOCK_TIME_NONE,
    GST_CLOCK_TIME_NONE, GST_CLOCK_TIME_NONE, GST_CLOCK_TIME_NONE,
    GST_CLOCK_TIME_NONE
  };

  check_timestamps_kept (none, G_N_ELEMENTS (none));
}

GST_END_TEST;

/* Timestamps that go backwards, repeat, jump far ahead and come and go. */
GST_START_TEST (test_frames_with_disordered_timestamps)
{
  const GstClockTime pts[7] = { 5 * GST_SECOND, 2 * GST_SECOND,
    2 * GST_SECOND, GST_CLOCK_TIME_NONE, 1000000 * GST_SECOND, 0,
    GST_CLOCK_TIME_NONE
  };

  check_timestamps_kept (pts, G_N_ELEMENTS (pts));
}

GST_END_TEST;

static Suite *
clfft2dfilter_reliability_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter-reliability");
  TCase *input = tcase_create ("bad-input");
  TCase *faults = tcase_create ("faults");
  TCase *load = tcase_create ("load");

  tcase_add_checked_fixture (input, setup, teardown);
  tcase_add_test (input, test_short_buffer_is_an_error);
  tcase_add_test (input, test_bad_video_metas_are_errors);
  tcase_add_test (input, test_unsupported_caps_refused);
  tcase_add_test (input, test_frames_without_timestamps);
  tcase_add_test (input, test_frames_with_disordered_timestamps);
  suite_add_tcase (s, input);
  tcase_add_checked_fixture (faults, setup, teardown);
  tcase_add_test (faults, test_device_lost_is_an_error);
  tcase_add_loop_test (faults, test_fallback_loses_no_frame, 1,
      CLFFT_FILTER2D_MAX_IN_FLIGHT + 1);
  tcase_add_loop_test (faults, test_fallback_covers_the_notch_search, 1, 9);
  tcase_add_loop_test (faults, test_fallback_covers_the_spectrum_view, 1, 9);
  tcase_add_test (faults, test_out_of_memory_is_an_error);
  tcase_add_loop_test (faults, test_host_out_of_memory_is_an_error, 0, 10);
  suite_add_tcase (s, faults);
  tcase_add_checked_fixture (load, setup, teardown);
  tcase_add_test (load, test_eight_pipelines_share_one_engine);
  tcase_add_test (load, test_state_cycles);
  tcase_add_test (load, test_soak);
  suite_add_tcase (s, load);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter_reliability);
