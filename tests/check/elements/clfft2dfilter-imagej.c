/* filter=structures against ImageJ 1.x's FFT Bandpass (Process > FFT >
 * Bandpass Filter), computed here in double precision from its
 * algorithm: the frame mirror-tiled, centred, into the square of the
 * smallest power of two N of at least 1.5 times its longer side; the
 * Gaussian factors of that size with DC kept, the stripes' factor in its
 * bins; cropped back; then, with autoscale, the contrast stretched as its
 * Enhance Contrast does (a 256-bin histogram, saturated pixels split
 * between both ends), or clamped without. On real photos (examples/data)
 * of several sizes, square and not. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#include "reference.h"

/* ImageJ's dialog: its fields and their values. */
typedef struct
{
  gdouble large, small;         /* pixels */
  gint stripes;                 /* 0 none, 1 horizontal, 2 vertical */
  gdouble tolerance;            /* percent */
  gboolean autoscale, saturate;
} Dialog;

/* A photo of examples/data as GRAY8, scaled to w x ht, packed. */
static guint8 *
photo (const gchar * name, guint w, guint ht)
{
  gchar *launch = g_strdup_printf ("filesrc location=%s/%s ! pngdec ! "
      "videoconvert ! videoscale ! video/x-raw,format=GRAY8,width=%u,"
      "height=%u ! appsink name=out", CLFFT_EXAMPLES_DATA, name, w, ht);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *sink;
  GstSample *sample = NULL;
  GstVideoFrame frame;
  GstVideoInfo info;
  guint8 *pixels = g_malloc ((gsize) w * ht);

  fail_unless (pipeline != NULL, "%s", launch);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "out");
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  g_signal_emit_by_name (sink, "pull-sample", &sample);
  fail_unless (sample != NULL, "no frame from %s", launch);
  fail_unless (gst_video_info_from_caps (&info, gst_sample_get_caps
          (sample)));
  fail_unless (gst_video_frame_map (&frame, &info, gst_sample_get_buffer
          (sample), GST_MAP_READ));
  for (guint y = 0; y < ht; y++)
    memcpy (pixels + (gsize) y * w, (guint8 *) GST_VIDEO_FRAME_PLANE_DATA
        (&frame, 0) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
        w);
  gst_video_frame_unmap (&frame);
  gst_sample_unref (sample);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (launch);
  return pixels;
}

/* Position q of a side of n pixels mirror-tiled about the frame (edge
 * pixels repeated), q relative to the frame's first pixel. */
static guint
reflect (gint q, guint n)
{
  gint m = q % (gint) (2 * n);

  if (m < 0)
    m += 2 * n;
  return m < (gint) n ? (guint) m : 2 * n - 1 - (guint) m;
}

/* ImageJ's filtered values of a w x ht frame, before the conversion to 8
 * bits. */
static gdouble *
imagej_filtered (const guint8 * in, guint w, guint ht, const Dialog * d)
{
  const guint longer = MAX (w, ht);
  guint n = 2, x0, y0;
  gdouble scale_large, scale_small, sharp, *x, *spectrum, *out;

  while (n < 1.5 * longer)
    n *= 2;
  /* Math.round of a positive half rounds up */
  x0 = (guint) floor ((n - w) / 2.0 + 0.5);
  y0 = (guint) floor ((n - ht) / 2.0 + 0.5);
  scale_large = (2.0 * d->large / n) * (2.0 * d->large / n);
  scale_small = (2.0 * d->small / n) * (2.0 * d->small / n);
  sharp = (100.0 - d->tolerance) / 100.0;
  x = g_new0 (gdouble, 2 * (gsize) n * n);
  spectrum = g_new (gdouble, 2 * (gsize) n * n);
  for (guint y = 0; y < n; y++)
    for (guint c = 0; c < n; c++)
      x[2 * ((gsize) y * n + c)] = in[(gsize) reflect ((gint) y - (gint) y0,
              ht) * w + reflect ((gint) c - (gint) x0, w)];
  ref_dft_2d (x, spectrum, n, n, -1);
  for (guint ky = 0; ky < n; ky++)
    for (guint kx = 0; kx < n; kx++) {
      gdouble sx = 2 * kx < n ? kx : (gdouble) kx - n;
      gdouble sy = 2 * ky < n ? ky : (gdouble) ky - n;
      gdouble k2 = sx * sx + sy * sy, factor;

      if (kx == 0 && ky == 0)
        continue;
      factor = (1.0 - exp (-k2 * scale_large)) * exp (-k2 * scale_small);
      if (d->stripes == 1)
        factor *= 1.0 - exp (-sx * sx * sharp * sharp);
      else if (d->stripes == 2)
        factor *= 1.0 - exp (-sy * sy * sharp * sharp);
      spectrum[2 * ((gsize) ky * n + kx)] *= factor;
      spectrum[2 * ((gsize) ky * n + kx) + 1] *= factor;
    }
  ref_dft_2d (spectrum, x, n, n, 1);
  out = g_new (gdouble, (gsize) w * ht);
  for (guint y = 0; y < ht; y++)
    for (guint c = 0; c < w; c++)
      out[(gsize) y * w + c] = x[2 * ((gsize) (y + y0) * n + c + x0)] /
          ((gdouble) n * n);
  g_free (x);
  g_free (spectrum);
  return out;
}

/* ImageJ's 8-bit result: with autoscale, Enhance Contrast's range (256
 * bins over min..max; the first bin from each end whose count passes the
 * saturated threshold, its lower edge) mapped to 0..255, else the values
 * clamped; rounded half up either way. */
static guint8 *
imagej_result (const guint8 * in, guint w, guint ht, const Dialog * d)
{
  const gsize count = (gsize) w * ht;
  gdouble *v = imagej_filtered (in, w, ht, d);
  gdouble lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, min, max;
  guint8 *out = g_malloc (count);

  for (gsize i = 0; i < count; i++) {
    lo = MIN (lo, v[i]);
    hi = MAX (hi, v[i]);
  }
  min = lo;
  max = hi;
  if (d->autoscale) {
    guint hist[256] = { 0 }, threshold = (guint) (count * (d->saturate ?
            1.0 : 0.0) / 200.0), total = 0;
    gdouble bin = (hi - lo) / 256;
    gint hmin = -1, hmax = 256;

    for (gsize i = 0; i < count; i++)
      hist[MIN ((guint) ((v[i] - lo) / bin), 255u)]++;
    do
      total += hist[++hmin];
    while (total <= threshold && hmin < 255);
    total = 0;
    do
      total += hist[--hmax];
    while (total <= threshold && hmax > 0);
    if (hmax > hmin) {
      min = lo + hmin * bin;
      max = lo + hmax * bin;
    }
  }
  for (gsize i = 0; i < count; i++) {
    gdouble p = d->autoscale ? MAX (v[i] - min, 0.0) * 255.0 / (max - min)
        : v[i];

    out[i] = (guint8) CLAMP (floor (p + 0.5), 0, 255);
  }
  g_free (v);
  return out;
}

/* The element's properties for ImageJ's dialog. */
static gchar *
dialog_properties (const Dialog * d)
{
  static const gchar *stripes[] = { "none", "horizontal", "vertical" };

  return g_strdup_printf ("filter=structures structure-large=%g "
      "structure-small=%g stripes=%s stripe-tolerance=%g output=%s "
      "saturate=%g", d->large, d->small, stripes[d->stripes], d->tolerance,
      d->autoscale ? "normalize" : "clamp", d->saturate ? 1.0 : 0.0);
}

/* The frame through the element, packed. */
static guint8 *
element_result (const guint8 * in, guint w, guint ht, const gchar * props)
{
  gchar *launch = g_strdup_printf ("clfft2dfilter %s", props);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=30/1", w, ht);
  GstHarness *h = gst_harness_new_parse (launch);
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *buf;
  guint8 *out = g_malloc ((gsize) w * ht);

  gst_harness_set_caps_str (h, caps, caps);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, w, ht);
  buf = gst_buffer_new_allocate (NULL, info.size, NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
  for (guint y = 0; y < ht; y++)
    memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) + (gsize) y *
        GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), in + (gsize) y * w, w);
  gst_video_frame_unmap (&frame);
  fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
  buf = gst_harness_pull (h);
  fail_unless (buf != NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
  for (guint y = 0; y < ht; y++)
    memcpy (out + (gsize) y * w, (guint8 *) GST_VIDEO_FRAME_PLANE_DATA
        (&frame, 0) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0),
        w);
  gst_video_frame_unmap (&frame);
  gst_buffer_unref (buf);
  gst_harness_teardown (h);
  g_free (launch);
  g_free (caps);
  return out;
}

static gdouble
rms_levels (const guint8 * a, const guint8 * b, gsize n)
{
  gdouble sum = 0;

  for (gsize i = 0; i < n; i++)
    sum += ((gdouble) a[i] - b[i]) * ((gdouble) a[i] - b[i]);
  return sqrt (sum / n);
}

/* Every photo and size with the dialog d: within limit levels RMS of
 * ImageJ's result. */
static void
check_dialog (const Dialog * d, gdouble limit)
{
  static const struct
  {
    const gchar *name;
    guint w, ht;
  } photos[] = {
    {"camera.png", 256, 256}, {"camera.png", 301, 211},
    {"coffee.png", 240, 160}, {"coffee.png", 150, 233},
  };
  gchar *props = dialog_properties (d);

  for (guint i = 0; i < G_N_ELEMENTS (photos); i++) {
    guint w = photos[i].w, ht = photos[i].ht;
    guint8 *in = photo (photos[i].name, w, ht);
    guint8 *want = imagej_result (in, w, ht, d);
    guint8 *got = element_result (in, w, ht, props);
    gdouble rms = rms_levels (got, want, (gsize) w * ht);

    GST_INFO ("%s %ux%u %s: %.3f levels RMS from ImageJ", photos[i].name,
        w, ht, props, rms);
    if (rms > limit)
      fail ("%s %ux%u %s: %.3f levels RMS from ImageJ's result", photos[i].
          name, w, ht, props, rms);
    g_free (in);
    g_free (want);
    g_free (got);
  }
  g_free (props);
}

/* ImageJ's defaults (40 and 3 pixels, autoscale, saturate) and its
 * result without autoscale. */
GST_START_TEST (test_imagej_defaults)
{
  const Dialog autoscaled = { 40, 3, 0, 5, TRUE, TRUE };
  const Dialog clamped = { 40, 3, 0, 5, FALSE, FALSE };

  check_dialog (&autoscaled, 2.0);
  check_dialog (&clamped, 2.0);
}

GST_END_TEST;

/* Other sizes of structures, stripes of both directions and tolerances,
 * autoscale without saturation. */
GST_START_TEST (test_imagej_structures_and_stripes)
{
  const Dialog dialogs[] = {
    {20, 1, 1, 5, TRUE, TRUE},
    {60, 5, 2, 25, TRUE, TRUE},
    {10, 0, 0, 5, TRUE, FALSE},
    {40, 3, 1, 5, FALSE, FALSE},
  };

  for (guint i = 0; i < G_N_ELEMENTS (dialogs); i++)
    check_dialog (&dialogs[i], 2.0);
}

GST_END_TEST;

static Suite *
clfft2dfilter_imagej_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter-imagej");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_imagej_defaults);
  tcase_add_test (tc, test_imagej_structures_and_stripes);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter_imagej);
