/* clfft2dfilter through GstHarness: round trips, masks against a
 * double-precision reference, caps, properties, devices and contexts. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/controller/gstdirectcontrolbinding.h>
#include <gst/controller/gstinterpolationcontrolsource.h>
#include <gst/video/video.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "filter-reference.h"
#include "gstclfftmask.h"
#include "reference.h"
#include "refused-values.h"

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
harness_new_format (const gchar * format, guint width, guint height,
    const gchar * properties)
{
  GstHarness *h;
  gchar *launch = g_strdup_printf ("clfft2dfilter %s", properties);
  gchar *caps = g_strdup_printf ("video/x-raw, format=%s, width=%u, "
      "height=%u, framerate=30/1", format, width, height);

  h = gst_harness_new_parse (launch);
  gst_harness_set_caps_str (h, caps, caps);
  g_free (launch);
  g_free (caps);
  return h;
}

static GstHarness *
harness_new (guint width, guint height, const gchar * properties)
{
  return harness_new_format ("GRAY8", width, height, properties);
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

/* Pushes one frame stamped pts and returns the filtered pixels, packed. */
static guint8 *
filter_frame_at (GstHarness * h, const guint8 * pixels, guint width,
    guint height, GstClockTime pts)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *out, *in = frame_buffer (pixels, width, height);
  guint8 *result = g_malloc ((gsize) width * height);

  GST_BUFFER_PTS (in) = pts;
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
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
filter_frame (GstHarness * h, const guint8 * pixels, guint width,
    guint height)
{
  return filter_frame_at (h, pixels, width, height, GST_CLOCK_TIME_NONE);
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
  GstHarness *lp = harness_new (w, ht,
      "filter=lowpass shape=ideal cutoff=0.71");
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
  GstHarness *h = harness_new (w, ht, "filter=lowpass shape=ideal "
      "cutoff=0.1");
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

/* Runs one frame through the element with f's properties and checks it
 * against the reference, every pixel within 1 level. */
static void
check_against_reference (const guint8 * in, guint w, guint ht,
    const RefFilter * f)
{
  gchar *props = ref_filter_properties (f);
  GstHarness *h = harness_new (w, ht, props);
  guint8 *ref = reference_run (in, w, ht, f), *out = filter_frame (h, in, w,
      ht);
  gint diff = max_abs_diff (ref, out, (gsize) w * ht);

  fail_unless (diff <= 1, "%ux%u %s: %d levels from the reference", w, ht,
      props, diff);
  g_free (ref);
  g_free (out);
  g_free (props);
  gst_harness_teardown (h);
}

/* A frame with structure: a zone plate over a gradient and a disc. */
static guint8 *
structured_frame (guint w, guint ht)
{
  guint8 *p = g_malloc ((gsize) w * ht);

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++) {
      gdouble dx = x - w / 2.0, dy = y - ht / 2.0;
      gdouble v = 60.0 + 80.0 * x / w + 40.0 * cos (G_PI * (dx * dx + dy * dy)
          / (2.0 * MAX (w, ht))) + (dx * dx + dy * dy < ht * ht / 16.0 ?
          30.0 : 0.0);

      p[(gsize) y * w + x] = (guint8) CLAMP (lround (v), 0, 255);
    }
  return p;
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
    RefFilter f = { trial % 3 == 1 ? "highpass" : "lowpass", "ideal", 2,
      g_rand_double_range (rng, 0.02, 0.4), 0.5, {0, 0}, 0.01, FALSE, 1.0,
      0.0, FALSE
    };
    guint8 *in = random_frame (w, ht);

    check_against_reference (in, w, ht, &f);
    g_free (in);
  }
}

GST_END_TEST;

/* Every filter but custom, and every shape. */
static const gchar *filters[] = { "lowpass", "highpass", "bandpass",
  "bandstop", "notch", "none"
};
static const gchar *shapes[] = { "ideal", "gaussian", "butterworth" };

/* filter in shape, with a random order, cutoffs, notch and notch radius
 * (each in the range the tests use), the default output. */
static RefFilter
random_filter (const gchar * filter, const gchar * shape)
{
  RefFilter f = { filter, shape, g_rand_int_range (rng, 1, 9), 0, 0, {0, 0},
    0, FALSE, 1.0, 0.0, FALSE
  };

  f.cutoff = g_rand_double_range (rng, 0.02, 0.15);
  f.cutoff_high = g_rand_double_range (rng, 0.18, 0.4);
  f.notch[0] = g_rand_double_range (rng, -0.4, 0.4);
  f.notch[1] = g_rand_double_range (rng, -0.4, 0.4);
  f.notch_radius = g_rand_double_range (rng, 0.01, 0.05);
  return f;
}

/* Every filter in every shape, on random frames and on frames with
 * structure, at odd and video sizes. */
GST_START_TEST (test_filters_and_shapes_match_reference)
{
  static const guint sizes[][2] = { {97, 61}, {640, 480}, {1280, 720} };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    guint w = sizes[s][0], ht = sizes[s][1];
    guint8 *frames[2] = { random_frame (w, ht), structured_frame (w, ht) };

    for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
      for (guint j = 0; j < G_N_ELEMENTS (shapes); j++) {
        RefFilter f = random_filter (filters[i], shapes[j]);

        /* the larger sizes take one frame each, alternately */
        if (s == 0 || (i + j) % 2 == 0)
          check_against_reference (frames[0], w, ht, &f);
        if (s == 0 || (i + j) % 2 == 1)
          check_against_reference (frames[1], w, ht, &f);
      }
    g_free (frames[0]);
    g_free (frames[1]);
  }
}

GST_END_TEST;

/* pass-gain and stop-gain for every filter and shape: the mask becomes
 * stop + (pass - stop) x the filter's, boosts above 1 included (the
 * high-boost sharpen, an attenuated band), with preserve-dc and the
 * outputs. */
GST_START_TEST (test_band_gains_match_reference)
{
  guint w = 97, ht = 61;
  guint8 *frames[2] = { random_frame (w, ht), structured_frame (w, ht) };
  const RefFilter sharpen = { "highpass", "gaussian", 2, 0.1, 0.25, {0, 0},
    0.01, FALSE, 1.0, 0.0, FALSE, FALSE, FALSE, TRUE, 2.0, 1.0
  };
  RefFilter attenuate = { "bandstop", "butterworth", 4, 0.05, 0.2, {0, 0},
    0.01, TRUE, 1.0, 0.0, FALSE, FALSE, FALSE, TRUE, 1.0, 0.3
  };

  for (guint i = 0; i < G_N_ELEMENTS (filters); i++)
    for (guint j = 0; j < G_N_ELEMENTS (shapes); j++) {
      RefFilter f = random_filter (filters[i], shapes[j]);

      f.band_gains = TRUE;
      f.pass_gain = g_rand_double_range (rng, 0.2, 1.8);
      f.stop_gain = g_rand_double_range (rng, 0.0, 0.8);

      check_against_reference (frames[(i + j) % 2], w, ht, &f);
    }
  check_against_reference (frames[1], w, ht, &sharpen);
  check_against_reference (frames[1], w, ht, &attenuate);
  attenuate.abs = TRUE;
  attenuate.gain = 2.0;
  check_against_reference (frames[0], w, ht, &attenuate);
  attenuate.normalize = TRUE;
  check_against_reference (frames[1], w, ht, &attenuate);
  g_free (frames[0]);
  g_free (frames[1]);
}

GST_END_TEST;

/* stripes and stripe-tolerance, ImageJ's meaning, with several filters,
 * band gains, preserve-dc and mirror padding, against the reference; and
 * stripes=horizontal removes horizontal stripes laid over a frame. */
GST_START_TEST (test_stripes_match_reference)
{
  guint w = 90, ht = 64;
  guint8 *in = structured_frame (w, ht), *striped, *out;
  const RefFilter cases[] = {
    {"none", "gaussian", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0,
        FALSE, FALSE, FALSE, FALSE, 1.0, 0.0, "horizontal", 5.0},
    {"none", "gaussian", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0,
        FALSE, FALSE, FALSE, FALSE, 1.0, 0.0, "vertical", 60.0},
    {"lowpass", "butterworth", 3, 0.2, 0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0,
        FALSE, FALSE, FALSE, FALSE, 1.0, 0.0, "vertical", 0.0},
    {"highpass", "gaussian", 2, 0.1, 0.25, {0, 0}, 0.01, TRUE, 1.0, 0.0,
        FALSE, FALSE, FALSE, TRUE, 2.0, 1.0, "horizontal", 20.0},
    {"bandpass", "gaussian", 2, 0.02, 0.3, {0, 0}, 0.01, TRUE, 1.0, 0.0,
        FALSE, FALSE, TRUE, FALSE, 1.0, 0.0, "horizontal", 5.0},
  };
  GstHarness *h;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_against_reference (in, w, ht, &cases[i]);

  /* stripes of 3 and 7 rows over the frame: rows of different means */
  striped = g_malloc ((gsize) w * ht);
  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++)
      striped[(gsize) y * w + x] = CLAMP (in[(gsize) y * w + x] +
          lround (25 * sin (2 * G_PI * y / 3.0) + 15 * sin (2 * G_PI * y /
                  7.0)), 0, 255);
  h = harness_new (w, ht, "filter=none stripes=horizontal preserve-dc=true");
  out = filter_frame (h, striped, w, ht);
  /* every frequency with fx = 0 but DC is gone: every row's mean is the
   * frame's, where the input's spread by the stripes */
  for (guint pass = 0; pass < 2; pass++) {
    const guint8 *p = pass ? out : striped;
    gdouble total = 0, spread = 0;

    for (gsize i = 0; i < (gsize) w * ht; i++)
      total += p[i];
    for (guint y = 0; y < ht; y++) {
      gdouble row = 0;

      for (guint x = 0; x < w; x++)
        row += p[(gsize) y * w + x];
      spread = MAX (spread, fabs (row / w - total / ((gsize) w * ht)));
    }
    if (pass == 0 && spread < 20)
      fail ("the input's stripes spread its rows' means by %g only", spread);
    if (pass == 1 && spread > 1.0)
      fail ("stripes=horizontal left the rows' means %g apart", spread);
  }
  g_free (out);
  gst_harness_teardown (h);
  g_free (striped);
  g_free (in);
}

GST_END_TEST;

/* output=normalize with saturate against the sort-based reference: a few
 * hot and cold pixels, which decide a min..max stretch, are saturated and
 * the rest spans the range; several shares, filters and sizes, padding. */
GST_START_TEST (test_saturate_matches_reference)
{
  static const guint sizes[][2] = { {97, 61}, {640, 480} };
  static const gdouble shares[] = { 0.5, 1.0, 5.0, 30.0 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    guint w = sizes[s][0], ht = sizes[s][1];
    guint8 *in = structured_frame (w, ht);

    /* hot and cold pixels: 0.1 % of them */
    for (guint i = 0; i < w * ht / 1000 + 1; i++)
      in[g_rand_int_range (rng, 0, w * ht)] = i % 2 ? 255 : 0;
    for (guint i = 0; i < G_N_ELEMENTS (shares); i++) {
      RefFilter f = { i % 2 ? "highpass" : "lowpass", "gaussian", 2,
        g_rand_double_range (rng, 0.03, 0.2), 0.25, {0, 0}, 0.01, FALSE,
        1.0, 0.0, FALSE, TRUE, i == 3, FALSE, 1.0, 0.0, NULL, 0.0,
        shares[i]
      };

      check_against_reference (in, w, ht, &f);
    }
    g_free (in);
  }
}

GST_END_TEST;

/* gain, offset, output=abs, output=normalize and preserve-dc, alone and
 * together. */
GST_START_TEST (test_output_controls_match_reference)
{
  guint w = 120, ht = 90;
  guint8 *in = structured_frame (w, ht);
  const RefFilter cases[] = {
    {"highpass", "gaussian", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE, 4.0, 0.0,
        TRUE},
    {"highpass", "butterworth", 3, 0.1, 0.25, {0, 0}, 0.01, FALSE, 1.0,
        128.0, FALSE},
    {"highpass", "ideal", 2, 0.08, 0.25, {0, 0}, 0.01, TRUE, 1.0, 0.0, FALSE},
    {"lowpass", "gaussian", 2, 0.1, 0.25, {0, 0}, 0.01, FALSE, 0.5, -20.0,
        FALSE},
    {"bandpass", "ideal", 2, 0.05, 0.2, {0, 0}, 0.01, TRUE, 2.5, 10.0, TRUE},
    {"highpass", "gaussian", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0,
        FALSE, TRUE},
    {"bandpass", "butterworth", 4, 0.05, 0.2, {0, 0}, 0.01, FALSE, 7.0, 9.0,
        FALSE, TRUE},
  };
  guint8 *flat = g_malloc ((gsize) w * ht), *out;
  GstHarness *h;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_against_reference (in, w, ht, &cases[i]);

  /* a highpass of a constant frame is 0 up to the FFT's rounding, which
   * normalize must not stretch */
  memset (flat, 77, (gsize) w * ht);
  h = harness_new (w, ht, "filter=highpass output=normalize");
  out = filter_frame (h, flat, w, ht);
  for (gsize i = 0; i < (gsize) w * ht; i++)
    fail_unless_equals_int (out[i], 0);
  gst_harness_teardown (h);
  g_free (out);
  g_free (flat);
  g_free (in);
}

GST_END_TEST;

/* padding=mirror against the reference filtered on the mirrored frame:
 * padded sizes with several radices (97x61 to 150x96, 640x480 to
 * 960x720), the smallest frame (2x2 to 3x3), a margin narrower than a
 * quarter on one side (45x7 to 72x12), with every output. */
GST_START_TEST (test_mirror_padding_matches_reference)
{
  static const guint sizes[][2] = { {97, 61}, {2, 2}, {45, 7}, {640, 480} };
  const RefFilter cases[] = {
    {"lowpass", "ideal", 2, 0.1, 0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0, FALSE,
        FALSE, TRUE},
    {"highpass", "gaussian", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE, 3.0, 0.0,
        TRUE, FALSE, TRUE},
    {"bandpass", "butterworth", 3, 0.03, 0.2, {0, 0}, 0.01, FALSE, 1.0, 0.0,
        FALSE, TRUE, TRUE},
    {"notch", "gaussian", 2, 0.05, 0.25, {0.2, -0.1}, 0.03, FALSE, 1.0, 0.0,
        FALSE, FALSE, TRUE},
    {"highpass", "ideal", 2, 0.08, 0.25, {0, 0}, 0.01, TRUE, 1.0, 20.0,
        FALSE, FALSE, TRUE},
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    guint w = sizes[s][0], ht = sizes[s][1];
    guint8 *frames[2] = { random_frame (w, ht), structured_frame (w, ht) };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      check_against_reference (frames[(s + i) % 2], w, ht, &cases[i]);
    g_free (frames[0]);
    g_free (frames[1]);
  }
}

GST_END_TEST;

/* Mean |output - input| over the two columns at each side. */
static gdouble
edge_error (const guint8 * out, const guint8 * in, guint w, guint ht)
{
  static const guint columns[] = { 0, 1 };
  gdouble sum = 0;

  for (guint y = 0; y < ht; y++)
    for (guint c = 0; c < G_N_ELEMENTS (columns); c++) {
      gsize left = (gsize) y * w + columns[c];
      gsize right = (gsize) y * w + w - 1 - columns[c];

      sum += ABS (out[left] - in[left]) + ABS (out[right] - in[right]);
    }
  return sum / (4.0 * ht);
}

/* What padding=mirror is for: a frame that is smooth but not periodic (a
 * half cosine from dark at the left to bright at the right, flat at both
 * edges) survives a lowpass at its edges, where the circular filter blends
 * the left edge with the right. */
GST_START_TEST (test_mirror_padding_keeps_edges)
{
  guint w = 128, ht = 64;
  guint8 *in = g_malloc ((gsize) w * ht), *circular, *mirrored;
  GstHarness *h = harness_new (w, ht, "filter=lowpass shape=gaussian "
      "cutoff=0.05");
  GstElement *filter = harness_filter (h);
  gdouble circular_error, mirrored_error;

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++)
      in[(gsize) y * w + x] = (guint8) lround (128 - 100 * cos (G_PI * (x +
                  0.5) / w));
  circular = filter_frame (h, in, w, ht);
  g_object_set (filter, "padding", 1 /* mirror */ , NULL);
  mirrored = filter_frame (h, in, w, ht);
  circular_error = edge_error (circular, in, w, ht);
  mirrored_error = edge_error (mirrored, in, w, ht);
  GST_INFO ("edge error: circular %.2f, mirrored %.2f levels",
      circular_error, mirrored_error);
  fail_unless (circular_error > 20, "circular: %g", circular_error);
  fail_unless (mirrored_error < 1.0, "mirrored: %g", mirrored_error);
  g_free (in);
  g_free (circular);
  g_free (mirrored);
  gst_object_unref (filter);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* A periodic pattern planted on a smooth picture: the notch on its
 * frequency takes its peak down by more than 40 dB and leaves the picture
 * within 1 level RMS. */
GST_START_TEST (test_notch_removes_planted_pattern)
{
  guint w = 256, ht = 128, kx = 64, ky = 16;   /* (0.25, 0.125) cycles */
  guint8 *base = g_malloc ((gsize) w * ht), *in = g_malloc ((gsize) w * ht);
  GstHarness *h = harness_new (w, ht, "filter=notch shape=gaussian "
      "notches=\"0.25,0.125\" notch-radius=0.02");
  gdouble sum = 0, before, after;
  guint8 *out;

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++) {
      gdouble smooth = 128 + 60 * sin (2 * G_PI * x / w) * cos (2 * G_PI *
          y / ht);
      gsize i = (gsize) y * w + x;

      base[i] = (guint8) lround (smooth);
      in[i] = (guint8) lround (smooth + 25 * cos (2 * G_PI *
              ((gdouble) kx * x / w + (gdouble) ky * y / ht)));
    }
  out = filter_frame (h, in, w, ht);
  before = ref_bin_magnitude (in, w, ht, kx, ky);
  after = ref_bin_magnitude (out, w, ht, kx, ky);
  fail_unless (20 * log10 (after / before) < -40, "the peak went from %g "
      "to %g", before, after);
  for (gsize i = 0; i < (gsize) w * ht; i++)
    sum += ((gdouble) out[i] - base[i]) * ((gdouble) out[i] - base[i]);
  fail_unless (sqrt (sum / ((gdouble) w * ht)) < 1.0, "the picture moved by "
      "%g levels RMS", sqrt (sum / ((gdouble) w * ht)));
  g_free (base);
  g_free (in);
  g_free (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Writes the mask of f (w x ht, DC at the centre) as an 8-bit PGM. */
static gchar *
write_mask_pgm (const RefFilter * f, guint w, guint ht)
{
  gchar *path;
  gint fd = g_file_open_tmp ("clfft-mask-XXXXXX.pgm", &path, NULL);
  GString *data = g_string_new (NULL);

  fail_unless (fd >= 0);
  close (fd);
  g_string_append_printf (data, "P5\n# a mask\n%u %u\n255\n", w, ht);
  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++)
      g_string_append_c (data, (gchar) lround (255 * ref_mask (f,
                  ((gdouble) x - w / 2) / w, ((gdouble) y - ht / 2) / ht)));
  fail_unless (g_file_set_contents (path, data->str, data->len, NULL));
  g_string_free (data, TRUE);
  return path;
}

/* A custom mask equal to a built-in one gives the same output. */
GST_START_TEST (test_custom_mask_equals_builtin)
{
  guint w = 97, ht = 61;
  RefFilter f = { "lowpass", "ideal", 2, 0.12, 0.25, {0, 0}, 0.01, FALSE,
    1.0, 0.0, FALSE
  };
  gchar *path = write_mask_pgm (&f, w, ht);
  gchar *props = g_strdup_printf ("filter=custom mask-location=\"%s\"",
      path);
  GstHarness *h = harness_new (w, ht, props);
  guint8 *in = structured_frame (w, ht), *out = filter_frame (h, in, w, ht);
  guint8 *ref = reference_run (in, w, ht, &f);

  fail_unless (max_abs_diff (ref, out, (gsize) w * ht) <= 1,
      "%d levels from the built-in lowpass", max_abs_diff (ref, out,
          (gsize) w * ht));
  g_unlink (path);
  g_free (path);
  g_free (props);
  g_free (in);
  g_free (out);
  g_free (ref);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* A mask image for the reference: w x h pixels of 0..maxval, DC at
 * (h/2, w/2). */
typedef struct
{
  guint w, h, maxval;
  const guint8 *pixels;
} RefMaskImage;

/* Bilinear between the four nearest pixels, one frame period spanning the
 * image and the neighbours wrapping around its edges; each pixel scaled to
 * 8 bits and rounded as the documented loader does. */
static gdouble
ref_image_gain (gdouble fx, gdouble fy, gconstpointer data)
{
  const RefMaskImage *m = data;
  gdouble mx = m->w / 2 + fx * m->w, my = m->h / 2 + fy * m->h;
  gint x0 = (gint) floor (mx), y0 = (gint) floor (my);
  gdouble ax = mx - x0, ay = my - y0, g = 0;

  for (gint dy = 0; dy < 2; dy++)
    for (gint dx = 0; dx < 2; dx++) {
      gint px = ((x0 + dx) % (gint) m->w + m->w) % m->w;
      gint py = ((y0 + dy) % (gint) m->h + m->h) % m->h;
      gdouble v = floor ((m->pixels[py * m->w + px] * 255.0 + m->maxval / 2)
          / m->maxval) / 255.0;

      g += (dx ? ax : 1 - ax) * (dy ? ay : 1 - ay) * v;
    }
  return g;
}

/* A custom mask of another size than the frame, with maxval 15: the
 * element resamples it bilinearly about DC, wrapping around the edges of
 * the periodic spectrum. The reference does the same from the pixels. (The
 * mask is not symmetric, so the output is the real part of a complex
 * result, in the element as in the reference.) */
GST_START_TEST (test_custom_mask_resampled)
{
  guint w = 96, ht = 64, mw = 40, mh = 30, maxval = 15;
  guint8 *mask = g_malloc ((gsize) mw * mh);
  RefMaskImage image = { mw, mh, maxval, mask };
  gchar *path, *props;
  gint fd = g_file_open_tmp ("clfft-mask-XXXXXX.pgm", &path, NULL);
  GString *data = g_string_new (NULL);
  gsize n = (gsize) w * ht;
  gdouble *pixels = g_new (gdouble, n), *values;
  guint8 *in = random_frame (w, ht), *out, *ref = g_malloc (n);
  GstHarness *h;

  close (fd);
  g_string_append_printf (data, "P5 %u %u %u\n", mw, mh, maxval);
  for (guint y = 0; y < mh; y++)
    for (guint i = 0; i < mw; i++) {
      /* a ramp over the positive horizontal frequencies, 0 elsewhere:
       * its edge columns differ, so clamping there instead of wrapping
       * would show */
      mask[y * mw + i] = i >= mw / 2 ? (guint8) (1 + (i - mw / 2) * (maxval -
              1) / (mw / 2 - 1)) : 0;
      g_string_append_c (data, (gchar) mask[y * mw + i]);
    }
  fail_unless (g_file_set_contents (path, data->str, data->len, NULL));
  props = g_strdup_printf ("filter=custom mask-location=\"%s\"", path);
  h = harness_new (w, ht, props);
  out = filter_frame (h, in, w, ht);

  for (gsize i = 0; i < n; i++)
    pixels[i] = in[i];
  values = ref_filtered_values (pixels, w, ht, ref_image_gain, &image);
  for (gsize i = 0; i < n; i++)
    ref[i] = (guint8) CLAMP (floor (values[i] + 0.5), 0, 255);
  fail_unless (max_abs_diff (ref, out, n) <= 1, "%d levels from the "
      "resampled mask", max_abs_diff (ref, out, n));

  g_unlink (path);
  g_free (path);
  g_free (props);
  g_string_free (data, TRUE);
  g_free (mask);
  g_free (pixels);
  g_free (values);
  g_free (in);
  g_free (out);
  g_free (ref);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Pops the next message of a type from the harness element's bus. */
static GstMessage *
pop_message (GstBus * bus, GstMessageType type)
{
  return gst_bus_pop_filtered (bus, type);
}

/* filter=structures pads a long, thin frame to a square thousands of
 * times its size (ImageJ's rule): a warning says so once, with both
 * sizes (before: nothing, and a 4096x2 frame took 30 s on PoCL); a frame
 * near a square gets none. The frames still pass. */
GST_START_TEST (test_square_padding_is_reported)
{
  const guint sizes[][3] = { {256, 2, 1}, {64, 48, 0} };
  GstBus *bus = gst_bus_new ();

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++) {
    const guint w = sizes[i][0], ht = sizes[i][1];
    GstHarness *h = gst_harness_new_parse ("clfft2dfilter "
        "filter=structures");
    GstElement *filter = harness_filter (h);
    gchar *caps = g_strdup_printf ("video/x-raw, format=GRAY8, width=%u, "
        "height=%u, framerate=30/1", w, ht);
    guint8 *in = random_frame (w, ht);
    GstMessage *msg;

    /* the plan is made with the caps: the bus first */
    gst_element_set_bus (filter, bus);
    gst_harness_set_caps_str (h, caps, caps);
    g_free (caps);
    for (guint f = 0; f < 2; f++)
      g_free (filter_frame (h, in, w, ht));
    msg = pop_message (bus, GST_MESSAGE_WARNING);
    if (sizes[i][2]) {
      GError *error = NULL;
      gchar *sizes_text = g_strdup_printf ("pads %ux%u frames to 512x512",
          w, ht);

      fail_unless (msg != NULL, "%ux%u: no warning", w, ht);
      gst_message_parse_warning (msg, &error, NULL);
      fail_unless (strstr (error->message, sizes_text) != NULL
          && strstr (error->message, "512 times") != NULL, "%s",
          error->message);
      GST_INFO ("%s", error->message);
      g_error_free (error);
      g_free (sizes_text);
      gst_message_unref (msg);
      /* once, not at every frame */
      fail_unless (pop_message (bus, GST_MESSAGE_WARNING) == NULL);
    } else
      fail_unless (msg == NULL, "%ux%u: a warning", w, ht);
    gst_element_set_bus (filter, NULL);
    gst_object_unref (filter);
    gst_harness_teardown (h);
    g_free (in);
  }
  gst_object_unref (bus);
}

GST_END_TEST;

/* Malformed notches are refused with a warning on the bus that quotes
 * them, and the notches stay; unreadable and malformed PGM files post a
 * warning, and filter=custom without a mask stops with an
 * error; cutoff-high <= cutoff posts a warning and empties the band. */
/* Notches refused before the element has a bus (as gst-launch sets them)
 * are posted when it goes to READY, whatever is set after them; an
 * element that never goes there frees its warning. filter=notch without
 * notches warns once, and the frames pass. */
GST_START_TEST (test_notch_problems_reach_the_bus)
{
  GstElement *filter = gst_element_factory_make ("clfft2dfilter", NULL);
  GstBus *bus = gst_bus_new ();
  guint w = 32, ht = 16;
  guint8 *in = random_frame (w, ht), *out;
  GstHarness *h;
  GstMessage *msg;
  GError *error = NULL;

  g_object_set (filter, "notches", "0.1 0.2", NULL);
  /* a mask read in between (here none) once freed the held warning */
  g_object_set (filter, "mask-location", "/nonexistent/mask.pgm", NULL);
  gst_element_set_bus (filter, bus);
  fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "the refused notches were not posted");
  gst_message_parse_warning (msg, &error, NULL);
  fail_unless (strstr (error->message, "\"0.1 0.2\"") != NULL, "%s",
      error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  gst_element_set_state (filter, GST_STATE_NULL);
  gst_object_unref (filter);
  filter = gst_element_factory_make ("clfft2dfilter", NULL);
  g_object_set (filter, "notches", "0.1 0.2", NULL);
  gst_object_unref (filter);

  h = harness_new (w, ht, "filter=notch");
  filter = harness_filter (h);
  gst_element_set_bus (filter, bus);
  for (guint i = 0; i < 3; i++) {
    out = filter_frame (h, in, w, ht);
    /* no notch: the mask is all ones, the frame comes back */
    for (gsize p = 0; p < (gsize) w * ht; p++)
      if (ABS (out[p] - in[p]) > 1)
        fail ("pixel %" G_GSIZE_FORMAT ": %u for %u", p, out[p], in[p]);
    g_free (out);
  }
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for filter=notch without notches");
  gst_message_unref (msg);
  /* once, not at every frame */
  fail_unless (pop_message (bus, GST_MESSAGE_WARNING) == NULL);
  gst_element_set_bus (filter, NULL);
  gst_object_unref (filter);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_free (in);
}

GST_END_TEST;

/* A notches list longer than the limit (thousands once held the streaming
 * thread for minutes while the mask was made) is refused at once with a
 * warning that gives the limit and quotes only the list's start; the
 * notches stay, and the frames are filtered with them. A list of the
 * limit's length is taken. A notch's own radius wins over notch-radius. */
GST_START_TEST (test_long_notch_lists)
{
  const guint w = 64, ht = 48;
  const RefFilter kept = { .filter = "notch", .shape = "gaussian",
    .order = 2, .notch = {0.1, 0.2}, .notch_radius = 0.05, .gain = 1.0
  };
  gchar *props = ref_filter_properties (&kept);
  GstHarness *h = harness_new (w, ht, props);
  GstElement *filter = harness_filter (h);
  GstBus *bus = gst_bus_new ();
  guint8 *in = random_frame (w, ht), *out, *ref;
  gchar *limit = g_strdup_printf ("at most %u", GST_CLFFT_MAX_NOTCHES);
  GString *longest = g_string_new (NULL), *too_long = g_string_new (NULL);
  gchar *text, *before;
  GstMessage *msg;
  GError *error = NULL;
  gint64 start;
  gint diff;

  g_object_get (filter, "notches", &before, NULL);
  for (guint i = 0; i < 10000; i++) {
    g_string_append_printf (too_long, "%s0.%04u,0.1", i ? ";" : "",
        i % 4000);
    if (i < GST_CLFFT_MAX_NOTCHES)
      g_string_append_printf (longest, "%s0.%04u,0.1", i ? ";" : "", i);
  }
  gst_element_set_bus (filter, bus);
  start = g_get_monotonic_time ();
  g_object_set (filter, "notches", too_long->str, NULL);
  if (g_get_monotonic_time () - start > G_USEC_PER_SEC)
    fail ("10000 notches took %.2f s to refuse",
        (g_get_monotonic_time () - start) / 1e6);
  g_object_get (filter, "notches", &text, NULL);
  /* not quoted: check's messages have a limit */
  if (strcmp (text, before) != 0)
    fail ("10000 notches taken: the notches are now %" G_GSIZE_FORMAT
        " characters long", strlen (text));
  g_free (text);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for 10000 notches");
  gst_message_parse_warning (msg, &error, NULL);
  fail_unless (strstr (error->message, limit) != NULL
      && strstr (error->message, "\"0.0000,0.1;") != NULL
      && strlen (error->message) < 1000, "%s", error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  /* filtered with the notch kept */
  out = filter_frame (h, in, w, ht);
  ref = reference_run (in, w, ht, &kept);
  diff = max_abs_diff (ref, out, (gsize) w * ht);
  fail_unless (diff <= 1, "%d levels from the kept notch's reference", diff);
  g_free (out);
  g_free (ref);

  g_object_set (filter, "notches", longest->str, NULL);
  g_object_get (filter, "notches", &text, NULL);
  fail_unless_equals_string (text, longest->str);
  g_free (text);
  fail_unless (pop_message (bus, GST_MESSAGE_WARNING) == NULL);
  g_free (filter_frame (h, in, w, ht));

  /* a notch with a radius of its own filters as notch-radius of that
   * value does, whatever notch-radius says; without it, notch-radius
   * counts (and the two differ, or this tells nothing) */
  g_object_set (filter, "notch-radius", 0.01, "notches", "0.1,0.2,0.05",
      NULL);
  out = filter_frame (h, in, w, ht);
  ref = reference_run (in, w, ht, &kept);
  diff = max_abs_diff (ref, out, (gsize) w * ht);
  fail_unless (diff <= 1, "%d levels from the reference of the notch's own "
      "radius", diff);
  g_free (out);
  g_object_set (filter, "notches", "0.1,0.2", NULL);
  out = filter_frame (h, in, w, ht);
  fail_unless (max_abs_diff (ref, out, (gsize) w * ht) > 1,
      "the notch-radius of 0.01 filtered as the notch's own 0.05");
  g_free (out);
  g_free (ref);

  gst_element_set_bus (filter, NULL);
  gst_object_unref (filter);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  g_string_free (longest, TRUE);
  g_string_free (too_long, TRUE);
  g_free (limit);
  g_free (before);
  g_free (props);
  g_free (in);
}

GST_END_TEST;

GST_START_TEST (test_bad_values_are_reported)
{
  guint w = 32, ht = 16;
  GstHarness *h = harness_new (w, ht, "filter=notch notches=\"0.1,0.2\"");
  GstElement *filter = harness_filter (h);
  GstBus *bus = gst_bus_new ();
  guint8 *in = random_frame (w, ht), *out;
  const gchar *bad_notches[] = { "0.1", "0.1,0.2;x,y", "0.6,0", "0.1,0.2,3",
    "0.1;0.2", ",",
  };
  gchar *text, *path;
  GstMessage *msg;
  GError *error = NULL;

  gst_element_set_bus (filter, bus);
  /* numbers out of range: GObject refuses them with a warning, and the
   * values stay */
  {
    gdouble cutoff, gain;
    guint order, depth;
    gint device_index;

    g_object_set (filter, "cutoff", 0.2, "gain", 2.0, "order", 3,
        "pipeline-depth", 2, NULL);
    ASSERT_VALUE_REFUSED (g_object_set (filter, "cutoff", -0.1, NULL));
    ASSERT_VALUE_REFUSED (g_object_set (filter, "cutoff", 0.8, NULL));
    ASSERT_VALUE_REFUSED (g_object_set (filter, "gain", -1.0, NULL));
    ASSERT_VALUE_REFUSED (g_object_set (filter, "order", 0, NULL));
    ASSERT_VALUE_REFUSED (g_object_set (filter, "pipeline-depth", 5, NULL));
    ASSERT_VALUE_REFUSED (g_object_set (filter, "device-index", -2, NULL));
    g_object_get (filter, "cutoff", &cutoff, "gain", &gain, "order", &order,
        "pipeline-depth", &depth, "device-index", &device_index, NULL);
    fail_unless_equals_float (cutoff, 0.2);
    fail_unless_equals_float (gain, 2.0);
    fail_unless_equals_int (order, 3);
    fail_unless_equals_int (depth, 2);
    fail_unless_equals_int (device_index, -1);
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad_notches); i++) {
    gchar *quoted = g_strdup_printf ("\"%s\"", bad_notches[i]);

    g_object_set (filter, "notches", bad_notches[i], NULL);
    g_object_get (filter, "notches", &text, NULL);
    fail_unless_equals_string (text, "0.1,0.2");
    g_free (text);
    msg = pop_message (bus, GST_MESSAGE_WARNING);
    fail_unless (msg != NULL, "no warning for notches %s", quoted);
    gst_message_parse_warning (msg, &error, NULL);
    fail_unless (strstr (error->message, quoted) != NULL, "%s",
        error->message);
    g_clear_error (&error);
    gst_message_unref (msg);
    g_free (quoted);
  }
  /* the stream goes on with the notches kept */
  fail_unless_equals_int (gst_harness_push (h, frame_buffer (in, w, ht)),
      GST_FLOW_OK);
  gst_buffer_unref (gst_harness_pull (h));

  /* a missing file, a wrong magic, a truncated image */
  path = g_build_filename (g_get_tmp_dir (), "clfft-no-such-mask.pgm", NULL);
  g_object_set (filter, "mask-location", path, NULL);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL);
  gst_message_parse_warning (msg, &error, NULL);
  fail_unless (strstr (error->message, path) != NULL, "%s", error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  g_free (path);
  {
    const gchar *bad_files[] = { "P2\n2 2\n255\n0 0 0 0\n",
      "P5\n4 4\n255\nabc", "P5\n4 4\n70000\n0123456789abcdef0123",
      "P5\n", "P52 2\n255\nabcd", "P5\n70000 1\n255\nabcd",
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++) {
      gint fd = g_file_open_tmp ("clfft-bad-XXXXXX.pgm", &path, NULL);

      close (fd);
      fail_unless (g_file_set_contents (path, bad_files[i], -1, NULL));
      g_object_set (filter, "mask-location", path, NULL);
      msg = pop_message (bus, GST_MESSAGE_WARNING);
      fail_unless (msg != NULL, "no warning for bad file %u", i);
      gst_message_unref (msg);
      g_unlink (path);
      g_free (path);
    }
  }
  /* a FIFO would block a read: refused at once */
  path = g_build_filename (g_get_tmp_dir (), "clfft-mask-fifo", NULL);
  g_unlink (path);
  fail_unless (mkfifo (path, 0600) == 0);
  g_object_set (filter, "mask-location", path, NULL);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL, "no warning for a FIFO");
  gst_message_unref (msg);
  g_unlink (path);
  g_free (path);

  /* custom with no good mask: an error at every frame that says why (the
   * last file read was the FIFO), nothing comes out */
  g_object_set (filter, "filter", 5 /* custom */ , NULL);
  for (guint i = 0; i < 2; i++) {
    fail_unless_equals_int (gst_harness_push (h, frame_buffer (in, w, ht)),
        GST_FLOW_ERROR);
    msg = pop_message (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL);
    gst_message_parse_error (msg, &error, NULL);
    fail_unless (strstr (error->message, "mask-location") != NULL
        && strstr (error->message, "not a regular file") != NULL, "%s",
        error->message);
    g_clear_error (&error);
    gst_message_unref (msg);
  }
  /* only the frame filtered with the notches kept came out */
  fail_unless_equals_int (gst_harness_buffers_received (h), 1);
  gst_element_set_bus (filter, NULL);
  gst_object_unref (filter);
  gst_object_unref (bus);
  gst_harness_teardown (h);

  /* an empty band: a warning, and black frames */
  h = harness_new (w, ht, "filter=bandpass cutoff=0.3 cutoff-high=0.2");
  filter = harness_filter (h);
  bus = gst_bus_new ();
  gst_element_set_bus (filter, bus);
  out = filter_frame (h, in, w, ht);
  for (gsize i = 0; i < (gsize) w * ht; i++)
    fail_unless_equals_int (out[i], 0);
  msg = pop_message (bus, GST_MESSAGE_WARNING);
  fail_unless (msg != NULL);
  gst_message_parse_warning (msg, &error, NULL);
  fail_unless (strstr (error->message, "cutoff-high") != NULL, "%s",
      error->message);
  g_clear_error (&error);
  gst_message_unref (msg);
  gst_element_set_bus (filter, NULL);
  gst_object_unref (filter);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  g_free (out);
  g_free (in);
}

GST_END_TEST;

/* Binds property of the element to a control source that steps through
 * values, value i from i seconds on. */
static GstControlSource *
control_steps (GstElement * element, const gchar * property,
    const gdouble * values, guint n_values)
{
  GstControlSource *source = gst_interpolation_control_source_new ();

  g_object_set (source, "mode", GST_INTERPOLATION_MODE_NONE, NULL);
  fail_unless (gst_object_add_control_binding (GST_OBJECT (element),
          gst_direct_control_binding_new_absolute (GST_OBJECT (element),
              property, source)));
  for (guint i = 0; i < n_values; i++)
    gst_timed_value_control_source_set (GST_TIMED_VALUE_CONTROL_SOURCE
        (source), i * GST_SECOND, values[i]);
  return source;
}

/* gain is controllable: a control source's value at each buffer's time
 * applies to that frame. */
GST_START_TEST (test_controlled_gain_follows_time)
{
  guint w = 16, ht = 8;
  GstHarness *h = harness_new (w, ht, "filter=none");
  GstElement *filter = harness_filter (h);
  const gdouble gains[] = { 1.0, 3.0 };
  GstControlSource *source = control_steps (filter, "gain", gains, 2);
  guint8 *in = g_malloc ((gsize) w * ht);

  for (gsize i = 0; i < (gsize) w * ht; i++)
    in[i] = g_rand_int_range (rng, 10, 60);
  for (guint f = 0; f < G_N_ELEMENTS (gains); f++) {
    guint8 *out = filter_frame_at (h, in, w, ht, f * GST_SECOND);

    for (gsize i = 0; i < (gsize) w * ht; i++)
      fail_unless (ABS (out[i] - in[i] * gains[f]) <= 1, "frame %u: %d for "
          "%g", f, out[i], in[i] * gains[f]);
    g_free (out);
  }
  g_free (in);
  gst_object_unref (source);
  gst_object_unref (filter);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* A packed 16-bit frame in a GRAY16_LE buffer. */
static GstBuffer *
gray16_buffer (const guint16 * pixels, guint w, guint ht)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *buf;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY16_LE, w, ht);
  buf = gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (guint y = 0; y < ht; y++)
    for (guint i = 0; i < w; i++)
      GST_WRITE_UINT16_LE ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0)
          + y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0) + 2 * i,
          pixels[(gsize) y * w + i]);
  gst_video_frame_unmap (&frame);
  return buf;
}

/* Pushes a 16-bit frame and returns the filtered one, packed. */
static guint16 *
filter_gray16 (GstHarness * h, const guint16 * pixels, guint w, guint ht)
{
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *buf;
  guint16 *out = g_new (guint16, (gsize) w * ht);

  fail_unless_equals_int (gst_harness_push (h, gray16_buffer (pixels, w,
              ht)), GST_FLOW_OK);
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY16_LE, w, ht);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  for (guint y = 0; y < ht; y++)
    for (guint i = 0; i < w; i++)
      out[(gsize) y * w + i] = GST_READ_UINT16_LE ((guint8 *)
          GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) + y *
          GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0) + 2 * i);
  gst_video_frame_unmap (&frame);
  gst_buffer_unref (buf);
  return out;
}

/* GRAY16_LE against the reference in 16-bit levels: abs with gain and
 * offset (which counts 8-bit levels, 257 to a 16-bit one), without and
 * with mirror padding; normalize to the full 16-bit range; a flat highpass
 * that normalize must not stretch. */
GST_START_TEST (test_gray16)
{
  guint w = 97, ht = 61;
  gsize n = (gsize) w * ht;
  GstHarness *h = harness_new_format ("GRAY16_LE", w, ht, "filter=highpass "
      "shape=butterworth cutoff=0.1 gain=3 offset=40 output=abs");
  GstElement *filter = harness_filter (h);
  guint16 *in = g_new (guint16, n), *out;
  gdouble *pixels = g_new (gdouble, n), *values;
  RefFilter f = { "highpass", "butterworth", 2, 0.1, 0.25, {0, 0}, 0.01,
    FALSE, 3.0, 40.0, TRUE
  };
  gdouble lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  gint worst;

  for (gsize i = 0; i < n; i++)
    pixels[i] = in[i] = g_rand_int_range (rng, 0, 65536);
  for (f.mirror = FALSE; f.mirror <= TRUE; f.mirror++) {
    g_object_set (filter, "padding", f.mirror, NULL);
    out = filter_gray16 (h, in, w, ht);
    values = ref_frame_values (pixels, w, ht, &f);
    worst = 0;
    for (gsize i = 0; i < n; i++) {
      gdouble v = fabs (values[i]) * 3.0 + 40.0 * 257;

      worst = MAX (worst, ABS (out[i] - (gint) CLAMP (floor (v + 0.5), 0,
                  65535)));
    }
    fail_unless (worst <= 1, "padding %d: %d 16-bit levels from the "
        "reference", f.mirror, worst);
    g_free (out);
    g_free (values);
  }

  /* the same frame normalized to the full 16-bit range */
  f.mirror = FALSE;
  g_object_set (filter, "padding", 0, "output", 2 /* normalize */ , NULL);
  out = filter_gray16 (h, in, w, ht);
  values = ref_frame_values (pixels, w, ht, &f);
  for (gsize i = 0; i < n; i++) {
    lo = MIN (lo, values[i]);
    hi = MAX (hi, values[i]);
  }
  worst = 0;
  for (gsize i = 0; i < n; i++)
    worst = MAX (worst, ABS (out[i] - (gint) floor ((values[i] - lo) *
                65535 / (hi - lo) + 0.5)));
  fail_unless (worst <= 1, "normalized: %d 16-bit levels from the "
      "reference", worst);
  g_free (out);
  g_free (values);

  /* a constant frame's highpass is flat up to the FFT's rounding, which
   * normalize must not stretch in 16 bits either */
  for (gsize i = 0; i < n; i++)
    in[i] = 60000;
  out = filter_gray16 (h, in, w, ht);
  for (gsize i = 0; i < n; i++)
    fail_unless_equals_int (out[i], 0);
  g_free (out);
  g_free (in);
  g_free (pixels);
  gst_object_unref (filter);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Runs one frame through mode=spectrum with f's mask and checks the
 * picture against log (1 + |F x H|) computed in double precision, DC at
 * (H/2, W/2), scaled to the frame's maximum: every pixel within 1 level.
 * Returns the picture. */
static guint8 *
check_spectrum_view (const guint8 * in, guint w, guint ht,
    const RefFilter * f)
{
  gsize n = (gsize) w * ht;
  gchar *mask = ref_filter_properties (f);
  gchar *props = g_strdup_printf ("%s mode=spectrum", mask);
  GstHarness *h = harness_new (w, ht, props);
  guint8 *out = filter_frame (h, in, w, ht), *ref = g_malloc (n);
  gdouble *x = g_new0 (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);
  gdouble *view = g_new (gdouble, n), top = 0;

  for (gsize i = 0; i < n; i++)
    x[2 * i] = in[i];
  ref_dft_2d (x, X, w, ht, -1);
  for (guint y = 0; y < ht; y++)
    for (guint i = 0; i < w; i++) {
      /* display (y, i) shows signed frequency (y - H/2, i - W/2) */
      guint ux = (i + w - w / 2) % w, uy = (y + ht - ht / 2) % ht;
      gdouble g = ref_filter_gain (((gdouble) i - w / 2) / w,
          ((gdouble) y - ht / 2) / ht, f);
      gsize at = (gsize) uy * w + ux;

      view[y * w + i] = log1p (g * hypot (X[2 * at], X[2 * at + 1]));
      top = MAX (top, view[y * w + i]);
    }
  for (gsize i = 0; i < n; i++)
    ref[i] = (guint8) CLAMP (floor (view[i] * 255 / top + 0.5), 0, 255);
  fail_unless (max_abs_diff (ref, out, n) <= 1, "%ux%u %s: %d levels from "
      "the reference view", w, ht, props, max_abs_diff (ref, out, n));
  g_free (mask);
  g_free (props);
  g_free (ref);
  g_free (x);
  g_free (X);
  g_free (view);
  gst_harness_teardown (h);
  return out;
}

/* mode=spectrum against the reference picture, with a mask whose columns
 * run in one kernel (128x64) and one whose columns take Bluestein (97x61,
 * with padding=mirror, which the view ignores); a cosine grating's two
 * peaks stand where they should. */
GST_START_TEST (test_spectrum_mode)
{
  guint w = 128, ht = 64, kx = 16, ky = 8;      /* (0.125, 0.125) cycles */
  guint8 *in = g_malloc ((gsize) w * ht), *out;
  RefFilter f = { "lowpass", "butterworth", 2, 0.3, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };
  guint peak_row = ht / 2 + ky, peak_col = w / 2 + kx;
  guint mirror_row = ht / 2 - ky, mirror_col = w / 2 - kx;

  for (guint y = 0; y < ht; y++)
    for (guint i = 0; i < w; i++)
      in[y * w + i] = (guint8) lround (128 + 90 * cos (2 * G_PI *
              ((gdouble) kx * i / w + (gdouble) ky * y / ht)) +
          g_rand_double_range (rng, -20, 20));
  out = check_spectrum_view (in, w, ht, &f);

  /* DC is the brightest; then the grating's two peaks, over their
   * neighbourhoods */
  fail_unless_equals_int (out[(ht / 2) * w + w / 2], 255);
  for (gint dy = -2; dy <= 2; dy++)
    for (gint dx = -2; dx <= 2; dx++) {
      if (dx == 0 && dy == 0)
        continue;
      fail_unless (out[peak_row * w + peak_col] > out[(peak_row + dy) * w +
              peak_col + dx]);
      fail_unless (out[mirror_row * w + mirror_col] > out[(mirror_row + dy) *
              w + mirror_col + dx]);
    }
  g_free (in);
  g_free (out);

  /* the view is of the frame itself, whatever the padding */
  in = structured_frame (97, 61);
  f.filter = "highpass";
  f.shape = "gaussian";
  f.cutoff = 0.05;
  f.mirror = TRUE;
  g_free (check_spectrum_view (in, 97, 61, &f));
  g_free (in);
}

GST_END_TEST;

/* Frames 0 and 1 of f's filter with property bound to a control source
 * stepping through values (*field of f following them for the
 * reference), each within a level of the reference. */
static void
check_controlled (RefFilter * f, const gchar * property,
    const gdouble values[2], gdouble * field)
{
  guint w = 64, ht = 48;
  gchar *props = ref_filter_properties (f);
  GstHarness *h = harness_new (w, ht, props);
  GstElement *filter = harness_filter (h);
  GstControlSource *source = control_steps (filter, property, values, 2);
  guint8 *in = structured_frame (w, ht);

  for (guint i = 0; i < 2; i++) {
    guint8 *out = filter_frame_at (h, in, w, ht, i * GST_SECOND), *ref;

    *field = values[i];
    ref = reference_run (in, w, ht, f);
    fail_unless (max_abs_diff (ref, out, (gsize) w * ht) <= 1, "frame %u "
        "(%s %g): %d levels from the reference", i, property, values[i],
        max_abs_diff (ref, out, (gsize) w * ht));
    g_free (out);
    g_free (ref);
  }
  g_free (in);
  g_free (props);
  gst_object_unref (source);
  gst_object_unref (filter);
  gst_harness_teardown (h);
}

/* cutoff is controllable too: the mask follows the control source's value
 * at each buffer's time. */
GST_START_TEST (test_controlled_cutoff_follows_time)
{
  RefFilter f = { "lowpass", "ideal", 2, 0.05, 0.25, {0, 0}, 0.01, FALSE,
    1.0, 0.0, FALSE
  };
  const gdouble cutoffs[] = { 0.05, 0.3 };

  check_controlled (&f, "cutoff", cutoffs, &f.cutoff);
}

GST_END_TEST;

/* pass-gain follows a control source like the cutoffs: a sharpen that
 * grows from one frame to the next. */
GST_START_TEST (test_controlled_pass_gain_follows_time)
{
  RefFilter f = { "highpass", "gaussian", 2, 0.1, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE, FALSE, FALSE, TRUE, 1.0, 1.0
  };
  const gdouble gains[] = { 1.5, 3.0 };

  check_controlled (&f, "pass-gain", gains, &f.pass_gain);
}

GST_END_TEST;

/* A segment in BYTES (a raw file read by filesrc) has no stream time:
 * frames are filtered as in TIME, without a GStreamer-CRITICAL (which
 * fails a check) at each frame's controlled properties. */
GST_START_TEST (test_bytes_segment)
{
  guint w = 32, ht = 32;
  GstHarness *h = harness_new (w, ht, "filter=highpass shape=ideal "
      "cutoff=0.2");
  guint8 *in = random_frame (w, ht), *ref = reference_filter (in, w, ht,
      TRUE, 0.2), *out;
  GstSegment segment;

  gst_segment_init (&segment, GST_FORMAT_BYTES);
  fail_unless (gst_harness_push_event (h, gst_event_new_segment (&segment)));
  for (guint i = 0; i < 3; i++) {
    out = filter_frame_at (h, in, w, ht, GST_CLOCK_TIME_NONE);
    fail_unless (max_abs_diff (ref, out, (gsize) w * ht) <= 1);
    g_free (out);
  }
  g_free (ref);
  g_free (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_property_change_applies_to_next_frame)
{
  guint w = 32, ht = 32;
  GstHarness *h = harness_new (w, ht, "filter=highpass shape=ideal "
      "cutoff=0.2");
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

/* Changes filter, padding and gain at random, from its own thread, until
 * stop is set. */
typedef struct
{
  GstElement *filter;
  GRand *rng;
  gint stop;
  guint changes;
} PropertyChanger;

static gpointer
change_properties (gpointer data)
{
  PropertyChanger *c = data;

  while (!g_atomic_int_get (&c->stop)) {
    gint value = g_rand_int_range (c->rng, 0, 2);

    switch (g_rand_int_range (c->rng, 0, 3)) {
      case 0:
        g_object_set (c->filter, "filter", value /* low, high */ , NULL);
        break;
      case 1:
        g_object_set (c->filter, "padding", value /* none, mirror */ , NULL);
        break;
      default:
        g_object_set (c->filter, "gain", 1.0 + value, NULL);
        break;
    }
    c->changes++;
    g_usleep (300);
  }
  return NULL;
}

/* The reference of one of the settings that change_properties makes: bit
 * 2 highpass, bit 1 mirror, bit 0 gain 2. */
static guint8 *
reference_of_setting (const guint8 * in, guint w, guint ht, guint setting)
{
  RefFilter f = { setting & 4 ? "highpass" : "lowpass", "gaussian", 2, 0.1,
    0.25, {0, 0}, 0.01, FALSE, setting & 1 ? 2.0 : 1.0, 0.0, FALSE, FALSE,
    (setting & 2) != 0
  };

  return reference_run (in, w, ht, &f);
}

/* Properties changed from another thread while frames stream in PLAYING:
 * each frame comes out once and matches the reference of one whole
 * setting, never a mix within the frame; a change made between two frames
 * applies from the second. */
GST_START_TEST (test_properties_change_while_playing)
{
  guint w = 48, ht = 40, n_frames = 60, seen = 0;
  GstHarness *h = harness_new (w, ht, "filter=lowpass shape=gaussian "
      "cutoff=0.1");
  guint8 *in = random_frame (w, ht), *refs[8], *out;
  PropertyChanger changer = { harness_filter (h),
    g_rand_new_with_seed (g_rand_int (rng)), 0, 0
  };
  GThread *thread;

  fail_unless_equals_int (GST_STATE (changer.filter), GST_STATE_PLAYING);
  for (guint s = 0; s < 8; s++)
    refs[s] = reference_of_setting (in, w, ht, s);
  /* the settings are told apart by their outputs */
  for (guint a = 0; a < 8; a++)
    for (guint b = a + 1; b < 8; b++)
      fail_unless (max_abs_diff (refs[a], refs[b], (gsize) w * ht) > 2,
          "settings %u and %u give the same frame", a, b);

  thread = g_thread_new ("change-properties", change_properties, &changer);
  for (guint i = 0; i < n_frames; i++) {
    guint s = 0;

    out = filter_frame_at (h, in, w, ht, i * GST_SECOND / 30);
    while (s < 8 && max_abs_diff (refs[s], out, (gsize) w * ht) > 1)
      s++;
    fail_unless (s < 8, "frame %u matches no setting", i);
    seen |= 1u << s;
    g_free (out);
  }
  g_atomic_int_set (&changer.stop, 1);
  g_thread_join (thread);
  GST_INFO ("%u changes; settings seen: 0x%02x", changer.changes, seen);
  fail_unless (changer.changes > 0);
  fail_unless (seen & (seen - 1), "the frames all had one setting");
  fail_unless_equals_int (gst_harness_buffers_in_queue (h), 0);

  /* every setting, each from the frame after it is made */
  for (guint s = 0; s < 8; s++) {
    g_object_set (changer.filter, "filter", s & 4 ? 1 : 0, "padding",
        s & 2 ? 1 : 0, "gain", s & 1 ? 2.0 : 1.0, NULL);
    out = filter_frame_at (h, in, w, ht, (n_frames + s) * GST_SECOND / 30);
    fail_unless (max_abs_diff (refs[s], out, (gsize) w * ht) <= 1,
        "setting %u: %d levels off", s, max_abs_diff (refs[s], out,
            (gsize) w * ht));
    g_free (out);
  }
  for (guint s = 0; s < 8; s++)
    g_free (refs[s]);
  g_free (in);
  g_rand_free (changer.rng);
  gst_object_unref (changer.filter);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Toggles mode between filter and spectrum every half millisecond until
 * stop is set. */
static gpointer
toggle_mode (gpointer data)
{
  PropertyChanger *c = data;

  while (!g_atomic_int_get (&c->stop)) {
    g_object_set (c->filter, "mode", (gint) (c->changes % 2), NULL);
    c->changes++;
    g_usleep (500);
  }
  return NULL;
}

/* The spectrum view ignores padding; mode toggled while padding=mirror
 * streams: every frame comes out as one whole setting (the view, or the
 * filter padded), never the filter unpadded, and no error (a setting
 * read twice once made a frame's plan refuse its mode, reported as a
 * device failure). */
GST_START_TEST (test_mode_toggled_with_padding)
{
  guint w = 48, ht = 40, n_frames = 200;
  GstHarness *h = harness_new (w, ht, "filter=lowpass shape=gaussian "
      "cutoff=0.1 padding=mirror");
  guint8 *in = random_frame (w, ht), *view, *padded, *unpadded, *out;
  PropertyChanger changer = { harness_filter (h), NULL, 0, 0 };
  guint views = 0;
  GThread *thread;

  g_object_set (changer.filter, "mode", 1, NULL);
  view = filter_frame_at (h, in, w, ht, 0);
  g_object_set (changer.filter, "mode", 0, NULL);
  padded = filter_frame_at (h, in, w, ht, GST_SECOND / 30);
  g_object_set (changer.filter, "padding", 0, NULL);
  unpadded = filter_frame_at (h, in, w, ht, 2 * GST_SECOND / 30);
  g_object_set (changer.filter, "padding", 1, NULL);
  fail_unless (max_abs_diff (padded, unpadded, (gsize) w * ht) > 2
      && max_abs_diff (view, unpadded, (gsize) w * ht) > 2
      && max_abs_diff (view, padded, (gsize) w * ht) > 2);

  thread = g_thread_new ("toggle-mode", toggle_mode, &changer);
  for (guint i = 0; i < n_frames; i++) {
    out = filter_frame_at (h, in, w, ht, (i + 3) * GST_SECOND / 30);
    if (max_abs_diff (view, out, (gsize) w * ht) <= 1)
      views++;
    else
      fail_unless (max_abs_diff (padded, out, (gsize) w * ht) <= 1,
          "frame %u is neither the spectrum view nor the padded filter (%d "
          "levels from the unpadded one)", i, max_abs_diff (unpadded, out,
              (gsize) w * ht));
    g_free (out);
  }
  g_atomic_int_set (&changer.stop, 1);
  g_thread_join (thread);
  GST_INFO ("%u toggles, %u views of %u frames", changer.changes, views,
      n_frames);
  fail_unless (views > 0 && views < n_frames);
  g_free (in);
  g_free (view);
  g_free (padded);
  g_free (unpadded);
  gst_object_unref (changer.filter);
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

/* GST_CLFFT_DEVICE values that name no device in a way the old parser
 * misread (issue 71): bytes that are not UTF-8 (read past their block by
 * g_utf8_casefold, under valgrind's valgrind/clfft2dfilter-refusals) and
 * an index past G_MAXUINT (taken as a part of a name). Each fails the
 * change to READY with an error that quotes the value and lists the
 * devices. */
GST_START_TEST (test_device_env_not_understood)
{
  static const struct
  {
    const gchar *value, *expected;
  } cases[] = {
    {"pthread\xf0", "\"pthread\\360\" is not valid UTF-8"},
    {"\xc3(,0", "\"\\303(\" is not valid UTF-8"},
    {"4294967296", "=4294967296: there is no OpenCL device 4294967296 "},
  };
  GstElement *filter = gst_element_factory_make ("clfft2dfilter", NULL);
  GstBus *bus = gst_bus_new ();

  gst_element_set_bus (filter, bus);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstMessage *msg;
    GError *error = NULL;
    gchar *debug = NULL;

    g_setenv ("GST_CLFFT_DEVICE", cases[i].value, TRUE);
    fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_READY),
        GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL);
    gst_message_parse_error (msg, &error, &debug);
    fail_unless (strstr (error->message, cases[i].expected) != NULL,
        "GST_CLFFT_DEVICE case %u: %s", i, error->message);
    fail_unless (strstr (error->message, "Devices: 0: ") != NULL, "%s",
        error->message);
    fail_unless (g_utf8_validate (debug, -1, NULL), "debug: %s", debug);
    g_clear_error (&error);
    g_free (debug);
    gst_message_unref (msg);
    fail_unless_equals_int (gst_element_set_state (filter, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
  }
  g_unsetenv ("GST_CLFFT_DEVICE");
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
  gboolean allocator_category = FALSE;
  GSList *categories;

  fail_unless (pipeline != NULL);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  /* One element made the engine and announced it; the other took it from
   * the pipeline instead of making its own. */
  while ((msg = gst_bus_pop_filtered (GST_ELEMENT_BUS (pipeline),
              GST_MESSAGE_HAVE_CONTEXT))) {
    GstContext *context;
    gchar *text, *device;

    /* printed (gst-launch-1.0 -v), the engine reads as its device: its
     * name up to the first character that printing escapes */
    gst_message_parse_have_context (msg, &context);
    text = gst_structure_to_string (gst_context_get_structure (context));
    g_object_get (a, "device-name", &device, NULL);
    device[strcspn (device, " ()")] = '\0';
    fail_unless (strlen (device) > 0 && strstr (text, device) != NULL
        && strstr (text, "NULL") == NULL, "%s", text);
    g_free (text);
    g_free (device);
    gst_context_unref (context);
    have_context_messages++;
    gst_message_unref (msg);
  }
  fail_unless_equals_int (have_context_messages, 1);
  /* the plugin's debug categories exist once it is loaded, not from their
   * first use */
  categories = gst_debug_get_all_categories ();
  for (GSList * l = categories; l; l = l->next)
    allocator_category |= g_str_equal (gst_debug_category_get_name (l->data),
        "clfftallocator");
  g_slist_free (categories);
  fail_unless (allocator_category);
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

/* Each frame size's plan posts clfft-prepare messages, one a step: the
 * plan ("plan"), the size's own programs taking over from the generic
 * filter where its first frames ran that ("own-programs"), and with
 * background tuning the tuned schedules going in ("tuned": at once where
 * the frames do not run the passes that tune, as in lanes on a CPU).
 * Steps come in that order; only the last is final, and a final one
 * comes while the stream runs. (filter-paths tests the generic filter's
 * hand-over with the own programs held back.) */
GST_START_TEST (test_prepare_messages)
{
  const struct
  {
    const gchar *tuning;
  } cases[] = { {"off"}, {"background"} };
  const gchar *steps[] = { "plan", "own-programs", "tuned" };

  for (guint t = 0; t < G_N_ELEMENTS (cases); t++) {
    gchar *launch = g_strdup_printf ("videotestsrc pattern=ball ! "
        "video/x-raw,format=GRAY8,width=64,height=48 ! "
        "clfft2dfilter tuning=%s ! fakesink", cases[t].tuning);
    GstElement *pipeline = gst_parse_launch (launch, NULL);
    GstBus *bus = gst_element_get_bus (pipeline);
    GstMessage *msg;
    gboolean final = FALSE, background = t % 2 == 1;
    guint count = 0, last_step = 0;

    fail_unless (pipeline != NULL);
    fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
        GST_STATE_CHANGE_FAILURE);
    while (!final && (msg = gst_bus_timed_pop_filtered (bus,
                120 * GST_SECOND, GST_MESSAGE_ERROR | GST_MESSAGE_ELEMENT))) {
      const GstStructure *s = gst_message_get_structure (msg);
      const gchar *step;
      gint w = 0, h = 0;
      gdouble seconds = -1;
      guint i;

      fail_unless (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ELEMENT,
          "tuning=%s: the stream failed", cases[t].tuning);
      if (gst_structure_has_name (s, "clfft-prepare")) {
        fail_unless (gst_structure_get_int (s, "width", &w)
            && gst_structure_get_int (s, "height", &h)
            && gst_structure_get_double (s, "seconds", &seconds)
            && gst_structure_get_boolean (s, "final", &final));
        fail_unless_equals_int (w, 64);
        fail_unless_equals_int (h, 48);
        fail_unless (seconds >= 0.0);
        fail_unless_equals_string (gst_structure_get_string (s, "tuning"),
            cases[t].tuning);
        step = gst_structure_get_string (s, "step");
        for (i = 0; i < G_N_ELEMENTS (steps); i++)
          if (!g_strcmp0 (step, steps[i]))
            break;
        fail_unless (i < G_N_ELEMENTS (steps), "step %s", step);
        /* each step once, in order; the first the plan */
        fail_unless (count == 0 ? i == 0 : i > last_step, "%s after %s",
            step, steps[last_step]);
        last_step = i;
        count++;
      }
      gst_message_unref (msg);
    }
    fail_unless (final, "tuning=%s: no final message", cases[t].tuning);
    /* background tuning ends with its own step */
    if (background)
      fail_unless_equals_string (steps[last_step], "tuned");
    gst_element_set_state (pipeline, GST_STATE_NULL);
    gst_object_unref (bus);
    gst_object_unref (pipeline);
    g_free (launch);
  }
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
  tcase_add_test (tc, test_prepare_messages);
  tcase_add_test (tc, test_lowpass_at_max_cutoff_equals_none);
  tcase_add_test (tc, test_constant_frames);
  tcase_add_test (tc, test_lowpass_removes_grating_above_cutoff);
  tcase_add_test (tc, test_matches_double_precision_reference);
  tcase_add_test (tc, test_filters_and_shapes_match_reference);
  tcase_add_test (tc, test_band_gains_match_reference);
  tcase_add_test (tc, test_stripes_match_reference);
  tcase_add_test (tc, test_saturate_matches_reference);
  tcase_add_test (tc, test_output_controls_match_reference);
  tcase_add_test (tc, test_mirror_padding_matches_reference);
  tcase_add_test (tc, test_mirror_padding_keeps_edges);
  tcase_add_test (tc, test_notch_removes_planted_pattern);
  tcase_add_test (tc, test_custom_mask_equals_builtin);
  tcase_add_test (tc, test_custom_mask_resampled);
  tcase_add_test (tc, test_bad_values_are_reported);
  tcase_add_test (tc, test_notch_problems_reach_the_bus);
  tcase_add_test (tc, test_square_padding_is_reported);
  tcase_add_test (tc, test_long_notch_lists);
  tcase_add_test (tc, test_controlled_gain_follows_time);
  tcase_add_test (tc, test_controlled_cutoff_follows_time);
  tcase_add_test (tc, test_controlled_pass_gain_follows_time);
  tcase_add_test (tc, test_gray16);
  tcase_add_test (tc, test_spectrum_mode);
  tcase_add_test (tc, test_property_change_applies_to_next_frame);
  tcase_add_test (tc, test_bytes_segment);
  tcase_add_test (tc, test_properties_change_while_playing);
  tcase_add_test (tc, test_mode_toggled_with_padding);
  tcase_add_test (tc, test_unsupported_sizes_refused);
  tcase_add_test (tc, test_device_name_and_bad_device_index);
  tcase_add_test (tc, test_device_env_not_understood);
  tcase_add_test (tc, test_pipeline_shares_one_engine);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter);
