/* clfft2dfilter through GstHarness: round trips, masks against a
 * double-precision reference, caps, properties, devices and contexts. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#include "reference.h"

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

static GstHarness *
harness_new (guint width, guint height, const gchar * properties)
{
  GstHarness *h;
  gchar *launch = g_strdup_printf ("clfft2dfilter %s", properties);
  gchar *caps = g_strdup_printf ("video/x-raw, format=GRAY8, width=%u, "
      "height=%u, framerate=30/1", width, height);

  h = gst_harness_new_parse (launch);
  gst_harness_set_caps_str (h, caps, caps);
  g_free (launch);
  g_free (caps);
  return h;
}

static GstElement *
harness_filter (GstHarness * h)
{
  return gst_harness_find_element (h, "clfft2dfilter");
}

/* Frames are packed (stride = width) in the tests; the harness gives them
 * the stride GstVideoInfo asks for. */
static GstBuffer *
frame_buffer (const guint8 * pixels, guint width, guint height)
{
  GstVideoInfo info;
  GstBuffer *buf;
  GstVideoFrame frame;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, width, height);
  buf = gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (guint y = 0; y < height; y++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), pixels + y * width,
        width);
  gst_video_frame_unmap (&frame);
  return buf;
}

/* Pushes one frame and returns the filtered pixels, packed. */
static guint8 *
filter_frame (GstHarness * h, const guint8 * pixels, guint width,
    guint height)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *out;
  guint8 *result = g_malloc ((gsize) width * height);

  fail_unless_equals_int (gst_harness_push (h, frame_buffer (pixels, width,
              height)), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, width, height);
  fail_unless (gst_video_frame_map (&frame, &info, out, GST_MAP_READ));
  for (guint y = 0; y < height; y++)
    memcpy (result + y * width,
        (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), width);
  gst_video_frame_unmap (&frame);
  gst_buffer_unref (out);
  return result;
}

static guint8 *
random_frame (guint width, guint height)
{
  guint8 *p = g_malloc ((gsize) width * height);

  for (gsize i = 0; i < (gsize) width * height; i++)
    p[i] = g_rand_int_range (rng, 0, 256);
  return p;
}

static gint
max_abs_diff (const guint8 * a, const guint8 * b, gsize n)
{
  gint worst = 0;

  for (gsize i = 0; i < n; i++)
    worst = MAX (worst, ABS ((gint) a[i] - (gint) b[i]));
  return worst;
}

GST_START_TEST (test_none_returns_frames_unchanged)
{
  static const guint sizes[][2] = { {2, 2}, {64, 32}, {16, 256}, {512, 8},
    {30, 14}, {7, 45}, {97, 61}, {1366, 768},
    /* the largest sizes: two passes per row or column */
    {8192, 4}, {3, 8192}, {4099, 5},
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    guint w = sizes[s][0], ht = sizes[s][1];
    GstHarness *h = harness_new (w, ht, "filter=none");

    for (guint i = 0; i < 3; i++) {
      guint8 *in = random_frame (w, ht), *out = filter_frame (h, in, w, ht);

      fail_unless (max_abs_diff (in, out, (gsize) w * ht) <= 1,
          "%ux%u changed by %d levels", w, ht,
          max_abs_diff (in, out, (gsize) w * ht));
      g_free (in);
      g_free (out);
    }
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

GST_START_TEST (test_lowpass_at_max_cutoff_equals_none)
{
  guint w = 128, ht = 64;
  GstHarness *lp = harness_new (w, ht, "filter=lowpass cutoff=0.71");
  GstHarness *none = harness_new (w, ht, "filter=none");
  guint8 *in = random_frame (w, ht);
  guint8 *a = filter_frame (lp, in, w, ht), *b = filter_frame (none, in, w,
      ht);

  fail_unless (memcmp (a, b, (gsize) w * ht) == 0);
  g_free (in);
  g_free (a);
  g_free (b);
  gst_harness_teardown (lp);
  gst_harness_teardown (none);
}

GST_END_TEST;

GST_START_TEST (test_constant_frames)
{
  guint w = 64, ht = 128;
  guint8 *in = g_malloc ((gsize) w * ht);
  const gdouble cutoffs[] = { 0.0, 0.05, 0.3 };

  for (guint c = 0; c < G_N_ELEMENTS (cutoffs); c++) {
    guint8 level = g_rand_int_range (rng, 1, 256);
    gchar *props_lp = g_strdup_printf ("filter=lowpass cutoff=%g", cutoffs[c]);
    gchar *props_hp = g_strdup_printf ("filter=highpass cutoff=%g",
        cutoffs[c]);
    GstHarness *lp = harness_new (w, ht, props_lp);
    GstHarness *hp = harness_new (w, ht, props_hp);
    guint8 *a, *b;

    memset (in, level, (gsize) w * ht);
    a = filter_frame (lp, in, w, ht);
    b = filter_frame (hp, in, w, ht);
    for (gsize i = 0; i < (gsize) w * ht; i++) {
      fail_unless_equals_int (a[i], level);
      fail_unless_equals_int (b[i], 0);
    }
    g_free (a);
    g_free (b);
    g_free (props_lp);
    g_free (props_hp);
    gst_harness_teardown (lp);
    gst_harness_teardown (hp);
  }
  g_free (in);
}

GST_END_TEST;

GST_START_TEST (test_lowpass_removes_grating_above_cutoff)
{
  guint w = 256, ht = 128;
  guint8 *in = g_malloc ((gsize) w * ht), *out;
  GstHarness *h = harness_new (w, ht, "filter=lowpass cutoff=0.1");
  /* 0.125 cycles/pixel across, 0.0625 down: r = 0.14 > 0.1 */
  gdouble fx = 0.125, fy = 0.0625, sum = 0.0;
  gint lo = 255, hi = 0;

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++) {
      in[y * w + x] = (guint8) lround (128.0 + 100.0 *
          cos (2.0 * G_PI * (fx * x + fy * y)));
      sum += in[y * w + x];
    }
  out = filter_frame (h, in, w, ht);
  for (gsize i = 0; i < (gsize) w * ht; i++) {
    lo = MIN (lo, out[i]);
    hi = MAX (hi, out[i]);
  }
  fail_unless (hi - lo <= 1, "output not flat: %d..%d", lo, hi);
  fail_unless (ABS (lo - sum / ((gdouble) w * ht)) <= 1.0);
  g_free (in);
  g_free (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The filter computed in double precision: DFT, the mask as the element's
 * documentation defines it, inverse DFT, rounded and clamped. */
static guint8 *
reference_filter (const guint8 * in, guint w, guint ht, gboolean highpass,
    gdouble cutoff)
{
  gsize n = (gsize) w * ht;
  gdouble *x = g_new0 (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);
  guint8 *out = g_malloc (n);

  for (gsize i = 0; i < n; i++)
    x[2 * i] = in[i];
  ref_dft_2d (x, X, w, ht, -1);
  for (guint ky = 0; ky < ht; ky++)
    for (guint kx = 0; kx < w; kx++) {
      /* signed indices in [-W/2, W/2) and [-H/2, H/2) */
      gdouble fx = (2 * kx < w ? (gdouble) kx : (gdouble) kx - w) / w;
      gdouble fy = (2 * ky < ht ? (gdouble) ky : (gdouble) ky - ht) / ht;
      gboolean inside = sqrt (fx * fx + fy * fy) <= cutoff;
      gdouble g = (inside != highpass) ? 1.0 : 0.0;

      X[2 * (ky * w + kx)] *= g;
      X[2 * (ky * w + kx) + 1] *= g;
    }
  ref_dft_2d (X, x, w, ht, 1);
  for (gsize i = 0; i < n; i++)
    out[i] = (guint8) CLAMP (lround (x[2 * i] / n), 0, 255);
  g_free (x);
  g_free (X);
  return out;
}

GST_START_TEST (test_matches_double_precision_reference)
{
  /* a power of two, mixed radices with a row stride, primes (Bluestein on
   * both axes), video sizes, and rows and columns above 4096 */
  static const guint sizes[][2] = { {64, 32}, {90, 21}, {97, 61},
    {1920, 1080}, {1366, 768}, {997, 631}, {6000, 6}, {7, 4500},
  };

  for (guint trial = 0; trial < 3 * G_N_ELEMENTS (sizes); trial++) {
    guint w = sizes[trial / 3][0], ht = sizes[trial / 3][1];
    gboolean highpass = trial % 3 == 1;
    gdouble cutoff = g_rand_double_range (rng, 0.02, 0.4);
    gchar *props = g_strdup_printf ("filter=%s cutoff=%.17g",
        highpass ? "highpass" : "lowpass", cutoff);
    GstHarness *h = harness_new (w, ht, props);
    guint8 *in = random_frame (w, ht);
    guint8 *ref = reference_filter (in, w, ht, highpass, cutoff);
    guint8 *out = filter_frame (h, in, w, ht);
    gint diff = max_abs_diff (ref, out, (gsize) w * ht);

    fail_unless (diff <= 1, "%s: %d levels from the reference", props, diff);
    g_free (in);
    g_free (ref);
    g_free (out);
    g_free (props);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

GST_START_TEST (test_property_change_applies_to_next_frame)
{
  guint w = 32, ht = 32;
  GstHarness *h = harness_new (w, ht, "filter=highpass cutoff=0.2");
  guint8 *in = random_frame (w, ht), *ref, *out;
  GstElement *filter;

  out = filter_frame (h, in, w, ht);
  ref = reference_filter (in, w, ht, TRUE, 0.2);
  fail_unless (max_abs_diff (ref, out, (gsize) w * ht) <= 1);
  g_free (out);
  g_free (ref);

  filter = harness_filter (h);
  g_object_set (filter, "filter", 0 /* lowpass */ , "cutoff", 0.1, NULL);
  out = filter_frame (h, in, w, ht);
  ref = reference_filter (in, w, ht, FALSE, 0.1);
  fail_unless (max_abs_diff (ref, out, (gsize) w * ht) <= 1);
  g_free (out);
  g_free (ref);
  g_free (in);
  gst_object_unref (filter);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Pushes a frame of a size outside 2..8192: its caps must be refused
 * before the element sees them, and nothing may come out. */
static void
check_size_refused (guint w, guint ht)
{
  GstHarness *h = gst_harness_new ("clfft2dfilter");
  gchar *caps = g_strdup_printf ("video/x-raw, format=GRAY8, width=%u, "
      "height=%u, framerate=30/1", w, ht);
  /* the harness's source pad feeds the element's sink pad */
  GstCaps *sink_caps = gst_pad_get_pad_template_caps (GST_PAD_PEER
      (h->srcpad));
  GstCaps *frame_caps = gst_caps_from_string (caps);
  guint8 *in = random_frame (w, ht);

  fail_if (gst_caps_can_intersect (sink_caps, frame_caps),
      "the sink template takes %ux%u", w, ht);
  gst_harness_set_src_caps_str (h, caps);
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (in, w, ht)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  gst_caps_unref (sink_caps);
  gst_caps_unref (frame_caps);
  gst_harness_teardown (h);
  g_free (caps);
  g_free (in);
}

GST_START_TEST (test_unsupported_sizes_refused)
{
  check_size_refused (8193, 64);
  check_size_refused (64, 9000);
  check_size_refused (1, 16);
}

GST_END_TEST;

GST_START_TEST (test_device_name_and_bad_device_index)
{
  GstElement *filter = gst_element_factory_make ("clfft2dfilter", NULL);
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *error = NULL;
  gchar *name = NULL;

  gst_element_set_bus (filter, bus);
  g_object_get (filter, "device-name", &name, NULL);
  fail_unless (name == NULL);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_get (filter, "device-name", &name, NULL);
  fail_unless (name != NULL && *name);
  g_free (name);
  /* too late for this run: a warning (logged without deadlocking) */
  g_object_set (filter, "device-index", 0, NULL);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  g_object_set (filter, "device-index", 999, NULL);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &error, NULL);
  fail_unless (strstr (error->message, "no OpenCL device 999") != NULL,
      "message: %s", error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  g_object_set (filter, "device-index", -1, NULL);
  g_setenv ("GST_CLFFT_DEVICE", "no-such-opencl-device", TRUE);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &error, NULL);
  fail_unless (strstr (error->message, "GST_CLFFT_DEVICE") != NULL,
      "message: %s", error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  g_unsetenv ("GST_CLFFT_DEVICE");

  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_bus (filter, NULL);
  gst_object_unref (bus);
  gst_object_unref (filter);
}

GST_END_TEST;

static gpointer
context_engine (GstElement * element)
{
  GstContext *context = gst_element_get_context (element, "gst.clfft.engine");
  const GValue *value;
  gpointer engine;

  fail_unless (context != NULL, "%s has no gst.clfft.engine context",
      GST_ELEMENT_NAME (element));
  value = gst_structure_get_value (gst_context_get_structure (context),
      "engine");
  fail_unless (value != NULL && G_VALUE_HOLDS_BOXED (value));
  engine = g_value_get_boxed (value);
  gst_context_unref (context);
  return engine;
}

GST_START_TEST (test_pipeline_shares_one_engine)
{
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=3 "
      "pattern=zone-plate kx2=20 ky2=20 ! "
      "video/x-raw,format=GRAY8,width=64,height=64 ! "
      "clfft2dfilter name=a filter=lowpass ! "
      "clfft2dfilter name=b filter=none ! fakesink", NULL);
  GstElement *a = gst_bin_get_by_name (GST_BIN (pipeline), "a");
  GstElement *b = gst_bin_get_by_name (GST_BIN (pipeline), "b");
  GstMessage *msg;
  guint have_context_messages = 0;

  fail_unless (pipeline != NULL);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  /* One element made the engine and announced it; the other took it from
   * the pipeline instead of making its own. */
  while ((msg = gst_bus_pop_filtered (GST_ELEMENT_BUS (pipeline),
              GST_MESSAGE_HAVE_CONTEXT))) {
    have_context_messages++;
    gst_message_unref (msg);
  }
  fail_unless_equals_int (have_context_messages, 1);
  fail_unless (context_engine (a) == context_engine (b));

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (pipeline),
      60 * GST_SECOND, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (a);
  gst_object_unref (b);
  gst_object_unref (pipeline);
}

GST_END_TEST;

static Suite *
clfft2dfilter_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_none_returns_frames_unchanged);
  tcase_add_test (tc, test_lowpass_at_max_cutoff_equals_none);
  tcase_add_test (tc, test_constant_frames);
  tcase_add_test (tc, test_lowpass_removes_grating_above_cutoff);
  tcase_add_test (tc, test_matches_double_precision_reference);
  tcase_add_test (tc, test_property_change_applies_to_next_frame);
  tcase_add_test (tc, test_unsupported_sizes_refused);
  tcase_add_test (tc, test_device_name_and_bad_device_index);
  tcase_add_test (tc, test_pipeline_shares_one_engine);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter);
