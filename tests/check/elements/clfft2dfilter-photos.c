/* clfft2dfilter on real photos (examples/data, and scikit-image's
 * pictures for notches=auto on clean photos) of several sizes, square and
 * not.
 *
 * filter=structures against ImageJ 1.x's FFT Bandpass (Process > FFT >
 * Bandpass Filter), computed here in double precision from its
 * algorithm: the frame mirror-tiled, centred, into the square of the
 * smallest power of two N of at least 1.5 times its longer side; the
 * Gaussian factors of that size with DC kept, the stripes' factor in its
 * bins; cropped back; then, with autoscale, the contrast stretched as its
 * Enhance Contrast does (a 256-bin histogram, saturated pixels split
 * between both ends), or clamped without.
 *
 * notches=auto on the photos with gratings laid over them: the gratings'
 * frequencies found, removed as hand-placed notches remove them, and
 * nothing found on the photos themselves. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "filter-reference.h"
#include "reference.h"

/* ImageJ's dialog: its fields and their values. */
typedef struct
{
  gdouble large, small;         /* pixels */
  gint stripes;                 /* 0 none, 1 horizontal, 2 vertical */
  gdouble tolerance;            /* percent */
  gboolean autoscale, saturate;
} Dialog;

/* A picture of folder as GRAY8, scaled to w x ht, packed. */
static guint8 *
picture (const gchar * folder, const gchar * name, guint w, guint ht)
{
  gchar *path = g_build_filename (folder, name, NULL);
  gchar *launch = g_strdup_printf ("filesrc location=%s ! decodebin ! "
      "videoconvert ! videoscale ! video/x-raw,format=GRAY8,width=%u,"
      "height=%u ! appsink name=out", path, w, ht);
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
  g_free (path);
  return pixels;
}

/* A photo of examples/data. */
static guint8 *
photo (const gchar * name, guint w, guint ht)
{
  return picture (CLFFT_EXAMPLES_DATA, name, w, ht);
}

/* scikit-image's pictures (python3-skimage): CLFFT_SKIMAGE_DATA, or the
 * folder the environment names (a machine that has them elsewhere) */
static const gchar *
skimage_data (void)
{
  const gchar *folder = g_getenv ("CLFFT_SKIMAGE_DATA");

  folder = folder ? folder : CLFFT_SKIMAGE_DATA;
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    fail ("no %s: the tests read scikit-image's pictures (install "
        "python3-skimage)", folder);
  return folder;
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

/* the last clfft-notches message's amplitudes, one for each of its
 * notches, of 64 at most (auto-notch-count's most) (run_frames) */
static gdouble last_amplitudes[64];

/* n frames through one element with props, one after the other; the
 * last one out, packed; the last clfft-notches message's notches into
 * *found (NULL: none must come), its amplitudes into last_amplitudes. */
static guint8 *
run_frames (const guint8 * const *in, guint n, guint w, guint ht,
    const gchar * props, gchar ** found)
{
  gchar *launch = g_strdup_printf ("clfft2dfilter %s", props);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=30/1", w, ht);
  GstHarness *h = gst_harness_new_parse (launch);
  GstElement *filter = gst_harness_find_element (h, "clfft2dfilter");
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstVideoFrame frame;
  GstBuffer *buf;
  GstMessage *msg, *last = NULL;
  guint8 *out = g_malloc ((gsize) w * ht);

  gst_element_set_bus (filter, bus);
  gst_harness_set_caps_str (h, caps, caps);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, w, ht);
  for (guint i = 0; i < n; i++) {
    buf = gst_buffer_new_allocate (NULL, info.size, NULL);
    fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_WRITE));
    for (guint y = 0; y < ht; y++)
      memcpy ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) + (gsize) y *
          GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0), in[i] + (gsize) y * w,
          w);
    gst_video_frame_unmap (&frame);
    fail_unless_equals_int (gst_harness_push (h, buf), GST_FLOW_OK);
    buf = gst_harness_pull (h);
    fail_unless (buf != NULL);
    fail_unless (gst_video_frame_map (&frame, &info, buf, GST_MAP_READ));
    for (guint y = 0; y < ht; y++)
      memcpy (out + (gsize) y * w, (guint8 *) GST_VIDEO_FRAME_PLANE_DATA
          (&frame, 0) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame,
              0), w);
    gst_video_frame_unmap (&frame);
    gst_buffer_unref (buf);
  }
  /* the element posts other messages too (its kernels prepared) */
  while ((msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ELEMENT))) {
    if (gst_structure_has_name (gst_message_get_structure (msg),
            "clfft-notches")) {
      if (last)
        gst_message_unref (last);
      last = msg;
    } else
      gst_message_unref (msg);
  }
  if (found) {
    const GstStructure *st;
    gchar *property;

    fail_unless (last != NULL, "%s: no clfft-notches message", props);
    st = gst_message_get_structure (last);
    *found = g_strdup (gst_structure_get_string (st, "notches"));
    {
      gchar **a = g_strsplit (gst_structure_get_string (st, "amplitudes"),
          ";", -1);
      guint count = 0;

      fail_unless (gst_structure_get_uint (st, "count", &count));
      fail_unless (count <= G_N_ELEMENTS (last_amplitudes));
      fail_unless_equals_int (g_strv_length (a), count);
      for (guint i = 0; i < count; i++) {
        gchar *end;

        last_amplitudes[i] = g_ascii_strtod (a[i], &end);
        fail_unless (*end == '\0' && last_amplitudes[i] > 0, "amplitude "
            "\"%s\"", a[i]);
      }
      g_strfreev (a);
    }
    g_object_get (filter, "notches-found", &property, NULL);
    fail_unless_equals_string (property, *found);
    g_free (property);
    gst_message_unref (last);
  } else {
    fail_unless (last == NULL, "%s: a message where none was due", props);
  }
  gst_element_set_bus (filter, NULL);
  gst_object_unref (bus);
  gst_object_unref (filter);
  gst_harness_teardown (h);
  g_free (launch);
  g_free (caps);
  return out;
}

/* The frame through the element with props, packed; its clfft-notches
 * message's notches into *found (NULL: none must come). */
static guint8 *
run_frame (const guint8 * in, guint w, guint ht, const gchar * props,
    gchar ** found)
{
  return run_frames (&in, 1, w, ht, props, found);
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
    guint8 *got = run_frame (in, w, ht, props, NULL);
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

/* ---- notches=auto ----------------------------------------------------- */

/* A grating: amplitude levels of cos (2 pi (cx x / w + cy y / h)), cx and
 * cy cycles across and down (not always whole ones). */
typedef struct
{
  gdouble cx, cy, amplitude;
} Grating;

/* in at 0.7 of its contrast, plus the gratings, rounded and clamped. */
static guint8 *
with_gratings (const guint8 * in, guint w, guint ht, const Grating * g,
    guint n)
{
  guint8 *out = g_malloc ((gsize) w * ht);

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++) {
      gdouble v = 0.7 * in[(gsize) y * w + x] + 38;

      for (guint i = 0; i < n; i++)
        v += g[i].amplitude * cos (2 * G_PI * (g[i].cx * x / w + g[i].cy *
                y / ht));
      out[(gsize) y * w + x] = (guint8) CLAMP (floor (v + 0.5), 0, 255);
    }
  return out;
}

/* The notches of text ("fx,fy;..."), n of them into fx, fy. */
static guint
parse_notches (const gchar * text, gdouble * fx, gdouble * fy, guint max)
{
  gchar **items = g_strsplit (text, ";", -1);
  guint n = 0;

  for (guint i = 0; items[i] && *items[i]; i++) {
    fail_unless (n < max, "more notches than expected: \"%s\"", text);
    fail_unless (sscanf (items[i], "%lf,%lf", &fx[n], &fy[n]) == 2, "%s",
        text);
    n++;
  }
  g_strfreev (items);
  return n;
}

/* Whether the notch (fx, fy) or its mirror lies within half a bin of
 * grating g on each axis. */
static gboolean
notch_matches (gdouble fx, gdouble fy, const Grating * g, guint w, guint ht)
{
  for (gint mirror = 1; mirror >= -1; mirror -= 2)
    if (fabs (mirror * fx * w - g->cx) <= 0.5 + 1e-9
        && fabs (mirror * fy * ht - g->cy) <= 0.5 + 1e-9)
      return TRUE;
  return FALSE;
}

/* |DFT| of a frame at the bin nearest grating g. */
static gdouble
grating_magnitude (const guint8 * p, guint w, guint ht, const Grating * g)
{
  return ref_bin_magnitude (p, w, ht, (gint) lround (g->cx),
      (gint) lround (g->cy));
}

/* Gratings over the photos, whole cycles and not, at several angles: each
 * found within half a bin (or its mirror), none more; the frame filtered
 * with them as with the notches placed by hand at the true frequencies
 * (each grating's bin at most 3 dB above, the pictures 1.5 levels RMS
 * apart); the message's notches, pasted into notches, filter as auto did
 * (to a level: the text's ten digits); mode=spectrum posts the same. */
GST_START_TEST (test_auto_notches_find_gratings)
{
  static const struct
  {
    const gchar *name;
    guint w, ht;
    Grating g[2];
  } cases[] = {
    {"camera.png", 256, 256, {{24, 20, 30}, {-40, 12, 20}}},
    {"camera.png", 301, 211, {{37.3, -25.6, 25}, {0, 30, 20}}},
    {"coffee.png", 240, 160, {{60, 0, 25}, {-21.4, 33.2, 25}}},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const guint w = cases[i].w, ht = cases[i].ht;
    guint8 *clean = photo (cases[i].name, w, ht);
    guint8 *noisy = with_gratings (clean, w, ht, cases[i].g, 2);
    gchar *found, *hand_props, *pasted_props, *again;
    gdouble fx[8], fy[8];
    guint8 *automatic, *hand, *pasted;
    guint n;

    automatic = run_frame (noisy, w, ht,
        "filter=notch notches=auto", &found);
    GST_INFO ("%s %ux%u: notches found \"%s\"", cases[i].name, w, ht,
        found);
    n = parse_notches (found, fx, fy, G_N_ELEMENTS (fx));
    fail_unless_equals_int (n, 2);
    for (guint j = 0; j < 2; j++) {
      const Grating *g = &cases[i].g[j];
      const guint k = notch_matches (fx[0], fy[0], g, w, ht) ? 0 : 1;

      if (!notch_matches (fx[k], fy[k], g, w, ht))
        fail ("%s %ux%u: no notch found within half a bin of (%g, %g) "
            "cycles: \"%s\"", cases[i].name, w, ht, g->cx, g->cy, found);
      /* the grating's amplitude as posted: the 3 x 3 bins hold 0.855 of
       * it half-way between bins, the photo's own spectrum adds a little */
      GST_INFO ("grating (%g, %g) of %g: amplitude %g posted", g->cx, g->cy,
          g->amplitude, last_amplitudes[k]);
      if (last_amplitudes[k] < 0.8 * g->amplitude
          || last_amplitudes[k] > 1.2 * g->amplitude)
        fail ("%s %ux%u: grating (%g, %g) of %g posted as of %g",
            cases[i].name, w, ht, g->cx, g->cy, g->amplitude,
            last_amplitudes[k]);
    }
    hand_props = g_strdup_printf ("filter=notch notches=\"%.17g,%.17g;"
        "%.17g,%.17g\"", cases[i].g[0].cx / w, cases[i].g[0].cy / ht,
        cases[i].g[1].cx / w, cases[i].g[1].cy / ht);
    hand = run_frame (noisy, w, ht, hand_props, NULL);
    for (guint j = 0; j < 2; j++) {
      gdouble a = grating_magnitude (automatic, w, ht, &cases[i].g[j]);
      gdouble b = grating_magnitude (hand, w, ht, &cases[i].g[j]);
      gdouble before = grating_magnitude (noisy, w, ht, &cases[i].g[j]);

      GST_INFO ("grating (%g, %g): %.1f before, %.1f auto, %.1f by hand",
          cases[i].g[j].cx, cases[i].g[j].cy, before, a, b);
      if (a > M_SQRT2 * b + 1e-3 * before)
        fail ("%s %ux%u: grating (%g, %g) left at %g by auto, %g by hand "
            "(%g before)", cases[i].name, w, ht, cases[i].g[j].cx,
            cases[i].g[j].cy, a, b, before);
    }
    if (rms_levels (automatic, hand, (gsize) w * ht) > 1.5)
      fail ("%s %ux%u: auto and hand-placed notches %.2f levels RMS apart",
          cases[i].name, w, ht, rms_levels (automatic, hand, (gsize) w *
              ht));
    /* paste-ready: the message's text as the notches */
    pasted_props = g_strdup_printf ("filter=notch notches=\"%s\"", found);
    pasted = run_frame (noisy, w, ht, pasted_props, NULL);
    for (gsize p = 0; p < (gsize) w * ht; p++)
      if (ABS ((gint) pasted[p] - (gint) automatic[p]) > 1)
        fail ("%s: pixel %" G_GSIZE_FORMAT " %u where auto gave %u",
            pasted_props, p, pasted[p], automatic[p]);
    /* mode=spectrum posts the same */
    g_free (run_frame (noisy, w, ht,
            "filter=none mode=spectrum", &again));
    fail_unless_equals_string (again, found);
    g_free (again);
    g_free (pasted_props);
    g_free (pasted);
    g_free (hand_props);
    g_free (hand);
    g_free (automatic);
    g_free (found);
    g_free (noisy);
    g_free (clean);
  }
}

GST_END_TEST;

/* Noise with two gratings on whole bins of negative frequency down the
 * frame: the rows of the half spectrum whose work-groups the search
 * reaches last, behind thousands of the noise's candidates at a low
 * threshold (of which the search once read only the first 4096): both
 * gratings found, and nothing else. */
GST_START_TEST (test_auto_notches_behind_many_candidates)
{
  const guint w = 640, ht = 480;
  const Grating g[2] = { {203, -17, 8}, {97, -6, 7} };
  GRand *rng = ref_rand_new ();
  guint8 *noise = g_malloc ((gsize) w * ht), *noisy;
  gchar *found;
  gdouble fx[4], fy[4];
  guint n;

  for (gsize i = 0; i < (gsize) w * ht; i++)
    noise[i] = g_rand_int_range (rng, 0, 256);
  noisy = with_gratings (noise, w, ht, g, 2);
  g_free (run_frame (noisy, w, ht, "filter=notch notches=auto "
          "auto-notch-threshold=2 auto-notch-count=2", &found));
  n = parse_notches (found, fx, fy, G_N_ELEMENTS (fx));
  fail_unless_equals_int (n, 2);
  for (guint j = 0; j < 2; j++)
    if (!notch_matches (fx[0], fy[0], &g[j], w, ht)
        && !notch_matches (fx[1], fy[1], &g[j], w, ht))
      fail ("no notch found at (%g, %g) cycles: \"%s\"", g[j].cx, g[j].cy,
          found);
  g_free (found);
  g_free (noisy);
  g_free (noise);
  g_rand_free (rng);
}

GST_END_TEST;

/* The photos themselves have no periodic noise: nothing found, and the
 * frame passes unfiltered (the notch filter has no notch). */
GST_START_TEST (test_auto_notches_none_on_photos)
{
  static const struct
  {
    const gchar *name;
    guint w, ht;
  } photos[] = {
    {"astronaut.png", 512, 512}, {"brick.png", 512, 512},
    {"camera.png", 512, 512}, {"camera.png", 301, 211},
    {"cell.png", 660, 550}, {"chelsea.png", 451, 300},
    {"coffee.png", 600, 400}, {"coffee.png", 150, 233},
    {"coins.png", 384, 303}, {"grass.png", 512, 512},
    {"gravel.png", 512, 512}, {"hubble_deep_field.jpg", 436, 500},
    {"ihc.png", 512, 512}, {"moon.png", 512, 512},
    {"motorcycle_left.png", 370, 248}, {"motorcycle_right.png", 741, 497},
    {"page.png", 383, 191}, {"retina.jpg", 400, 400},
    {"rocket.jpg", 427, 640}, {"text.png", 448, 172},
    {"clock_motion.png", 300, 300},
  };
  const gchar *folder = skimage_data ();
  guint found_without_floor = 0;

  for (guint i = 0; i < G_N_ELEMENTS (photos); i++) {
    guint w = photos[i].w, ht = photos[i].ht;
    guint8 *in = picture (folder, photos[i].name, w, ht), *out;
    gchar *found;

    out = run_frame (in, w, ht, "filter=notch notches=auto", &found);
    if (g_strcmp0 (found, "") != 0)
      fail ("%s %ux%u: notches found on a clean photo: \"%s\"",
          photos[i].name, w, ht, found);
    if (rms_levels (in, out, (gsize) w * ht) > 0.5)
      fail ("%s %ux%u: changed by %.2f levels RMS with no notch",
          photos[i].name, w, ht, rms_levels (in, out, (gsize) w * ht));
    g_free (found);
    g_free (out);
    /* sharp peaks of patterns too faint to see, which only the least
     * amplitude keeps out */
    g_free (run_frame (in, w, ht, "filter=notch notches=auto "
            "auto-notch-min-amplitude=0", &found));
    GST_INFO ("%s %ux%u, any amplitude: \"%s\"", photos[i].name, w, ht,
        found);
    found_without_floor += g_strcmp0 (found, "") != 0;
    g_free (found);
    g_free (in);
  }
  fail_unless (found_without_floor >= 1, "no photo of the set has a peak "
      "below the least amplitude: the set does not test it");
}

GST_END_TEST;

/* A still scene searched at every frame (auto-notch-interval=1): a
 * grating found in one frame stays found in the next, where it is weaker,
 * below the threshold but above CLFFT_PEAK_KEEP (a half) of it, though
 * that frame searched alone has none: the notches do not flicker. On the
 * photo at full size, the grating's ratio is about 56 at 2 levels and 29
 * at 1 (the threshold set to 40, any amplitude taken). */
GST_START_TEST (test_auto_notches_hold_on_a_still_scene)
{
  const guint w = 512, ht = 512;
  const Grating strong = { 122, -74, 2 }, weak = { 122, -74, 1 };
  const gchar *props = "filter=notch notches=auto auto-notch-interval=1 "
      "auto-notch-threshold=40 auto-notch-min-amplitude=0";
  guint8 *clean = photo ("camera.png", w, ht);
  const guint8 *frames[2] = { with_gratings (clean, w, ht, &strong, 1),
    with_gratings (clean, w, ht, &weak, 1)
  };
  gchar *found;
  gdouble fx[4], fy[4];
  guint n;

  /* each alone: the strong one found, the weak one not */
  g_free (run_frame (frames[0], w, ht, props, &found));
  n = parse_notches (found, fx, fy, G_N_ELEMENTS (fx));
  fail_unless (n == 1 && notch_matches (fx[0], fy[0], &strong, w, ht),
      "the strong grating alone: \"%s\"", found);
  g_free (found);
  g_free (run_frame (frames[1], w, ht, props, &found));
  fail_unless_equals_string (found, "");
  g_free (found);
  /* the weak one after the strong one: kept */
  g_free (run_frames (frames, 2, w, ht, props, &found));
  n = parse_notches (found, fx, fy, G_N_ELEMENTS (fx));
  fail_unless (n == 1 && notch_matches (fx[0], fy[0], &weak, w, ht),
      "the weak grating after the strong one: \"%s\"", found);
  g_free (found);
  g_free ((gpointer) frames[0]);
  g_free ((gpointer) frames[1]);
  g_free (clean);
}

GST_END_TEST;

static Suite *
clfft2dfilter_photos_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter-photos");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_imagej_defaults);
  tcase_add_test (tc, test_imagej_structures_and_stripes);
  tcase_add_test (tc, test_auto_notches_find_gratings);
  tcase_add_test (tc, test_auto_notches_none_on_photos);
  tcase_add_test (tc, test_auto_notches_behind_many_candidates);
  tcase_add_test (tc, test_auto_notches_hold_on_a_still_scene);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter_photos);
