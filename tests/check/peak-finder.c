/* The spectrum's peak search of notches=auto and mode=spectrum
 * (clfft-peak-finder.h, kernels/peaks.cl) against the same search on the
 * host in double precision, on noise with gratings planted where the
 * kernel's work-groups reach them last. */
#include <gst/check/gstcheck.h>
#include <math.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-peak-finder.h"
#include "reference.h"

/* peaks.cl's ring: the (2 RING + 1)^2 bins around a peak, its 3 x 3
 * centre left out */
#define RING 5
/* the candidates the search once read back, in the kernel's order */
#define ONCE_READ 4096

static ClfftEngine *engine;
static GRand *rng;

static void
setup (void)
{
  GError *error = NULL;

  engine = clfft_engine_get (-1, &error);
  fail_unless (engine != NULL, "%s", error ? error->message : "");
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  clfft_engine_unref (engine);
  g_rand_free (rng);
}

/* A bin that stands out, at signed frequency indices (sx, sy). */
typedef struct
{
  gint sx, sy;
  gdouble ratio;
  gdouble amplitude;
} RefPeak;

static gint
ref_stronger_first (gconstpointer a, gconstpointer b)
{
  const RefPeak *x = a, *y = b;

  return x->ratio > y->ratio ? -1 : x->ratio < y->ratio;
}

/* The search peaks.cl documents, in double precision over the spectrum of
 * FFTW: every bin of the half spectrum (kx 0 .. W/2; on the columns kx = 0
 * and W/2 the rows of sy >= 0) at least min_radius from DC, no smaller
 * than its eight neighbours, and above threshold times the mean of its
 * ring, with its amplitude (twice the root of its 3 x 3 bins' energy over
 * W H). All of them, strongest first. */
static GArray *
ref_search (const gfloat * frame, guint w, guint h, gdouble min_radius,
    gdouble threshold)
{
  gdouble *in = g_new0 (gdouble, 2 * (gsize) w * h);
  gdouble *out = g_new (gdouble, 2 * (gsize) w * h);
  gdouble *mag = g_new (gdouble, (gsize) w * h);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (RefPeak));

  for (gsize i = 0; i < (gsize) w * h; i++)
    in[2 * i] = frame[i];
  ref_dft_2d (in, out, w, h, -1);
  for (gsize i = 0; i < (gsize) w * h; i++)
    mag[i] = hypot (out[2 * i], out[2 * i + 1]);
#define MAG(x, y) mag[(gsize) ((((y) % (gint) h) + h) % h) * w + \
    ((((x) % (gint) w) + w) % w)]
  for (guint ky = 0; ky < h; ky++)
    for (guint kx = 0; kx <= w / 2; kx++) {
      const gint sx = kx, sy = 2 * ky < h ? (gint) ky : (gint) ky - (gint) h;
      const gdouble fx = (gdouble) sx / w, fy = (gdouble) sy / h;
      const gdouble m = MAG (sx, sy);
      gdouble sum = 0.0, energy = m * m;
      guint n = 0;
      gboolean peak = TRUE;

      if ((kx == 0 || 2 * kx == w) && sy < 0)
        continue;
      if (fx * fx + fy * fy < min_radius * min_radius)
        continue;
      for (gint dy = -RING; dy <= RING && peak; dy++)
        for (gint dx = -RING; dx <= RING; dx++) {
          const gdouble v = MAG (sx + dx, sy + dy);

          if (dx == 0 && dy == 0)
            continue;
          if (ABS (dx) <= 1 && ABS (dy) <= 1) {
            peak = peak && v <= m;
            energy += v * v;
            continue;
          }
          sum += v;
          n++;
        }
      if (peak && m > threshold * sum / n) {
        RefPeak p = { sx, sy, m * n / sum, 2.0 * sqrt (energy) / ((gdouble) w
              * h) };

        g_array_append_val (found, p);
      }
    }
#undef MAG
  g_array_sort (found, ref_stronger_first);
  g_free (in);
  g_free (out);
  g_free (mag);
  return found;
}

/* The finder's peaks against the reference's: as many as the reference
 * has up to max_peaks, strongest first, each a candidate of the
 * reference of the same ratio (float's precision) and among its
 * strongest max_peaks (to the ratio's precision: near ties may swap). */
static void
check_peaks (const GArray * peaks, const GArray * ref, guint max_peaks,
    guint w, guint h)
{
  const guint expected = MIN (max_peaks, ref->len);
  const gdouble weakest = expected ? g_array_index (ref, RefPeak,
      expected - 1).ratio : 0.0;

  fail_unless_equals_int (peaks->len, expected);
  for (guint i = 0; i < peaks->len; i++) {
    const ClfftPeak *p = &g_array_index (peaks, ClfftPeak, i);
    const gint sx = (gint) lround (p->fx * w), sy = (gint) lround (p->fy * h);
    const RefPeak *r = NULL;

    for (guint j = 0; j < ref->len && !r; j++) {
      const RefPeak *c = &g_array_index (ref, RefPeak, j);

      if (c->sx == sx && c->sy == sy)
        r = c;
    }
    if (!r)
      fail ("peak %u at bin (%d, %d), ratio %g: not one of the reference's",
          i, sx, sy, p->ratio);
    if (fabs (p->ratio - r->ratio) > 1e-3 * r->ratio)
      fail ("peak %u at (%d, %d): ratio %g for %g", i, sx, sy, p->ratio,
          r->ratio);
    if (fabs (p->amplitude - r->amplitude) > 1e-3 * r->amplitude)
      fail ("peak %u at (%d, %d): amplitude %g for %g", i, sx, sy,
          p->amplitude, r->amplitude);
    if (r->ratio < weakest * (1 - 2e-3))
      fail ("peak %u at (%d, %d), ratio %g: below the reference's %u "
          "strongest (down to %g)", i, sx, sy, r->ratio, max_peaks, weakest);
    if (i > 0 && p->ratio > g_array_index (peaks, ClfftPeak, i - 1).ratio)
      fail ("peak %u is stronger than peak %u", i, i - 1);
  }
}

/* 640x480 noise and two gratings on whole bins of negative sy: the rows
 * of the half spectrum the kernel's work-groups reach last (y = H + sy).
 * At a threshold of 1.5 the noise has many thousand candidates, more
 * than ONCE_READ of them in the work-groups before the gratings', which
 * the search once never saw. The two strongest are the gratings; the 64
 * strongest are the reference's; and a frame of few candidates after
 * the many is searched alike. */
GST_START_TEST (test_peaks_match_reference_whatever_the_order)
{
  const guint w = 640, h = 480;
  const struct
  {
    gint sx, sy;
    gdouble amplitude;
  } gratings[] = { {203, -17, 6.0}, {97, -6, 5.0} };
  const ClfftPeakParams two = { 0.05, 1.5, 2 }, many = { 0.05, 1.5, 64 };
  const ClfftPeakParams few = { 0.05, 4.0, 64 };
  gfloat *frame = g_new (gfloat, (gsize) w * h);
  GArray *peaks = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  GError *error = NULL;
  ClfftPeakFinder *finder = clfft_peak_finder_new (engine, w, h, &error);
  GArray *ref;
  guint before_gratings = 0;

  fail_unless (finder != NULL, "%s", error ? error->message : "");
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++) {
      gdouble v = g_rand_double_range (rng, 0.0, 255.0);

      for (guint i = 0; i < G_N_ELEMENTS (gratings); i++)
        v += gratings[i].amplitude * cos (2 * G_PI * ((gdouble)
                gratings[i].sx * x / w + (gdouble) gratings[i].sy * y / h));
      frame[(gsize) y * w + x] = (gfloat) v;
    }
  ref = ref_search (frame, w, h, two.min_radius, two.threshold);
  /* the case this is about: candidates enough in the work-groups (16 x 16
   * bins, row by row) before the first grating's */
  for (guint i = 0; i < ref->len; i++) {
    const RefPeak *r = &g_array_index (ref, RefPeak, i);
    const guint ky = r->sy < 0 ? h + r->sy : (guint) r->sy;

    before_gratings += ky / 16 < (h + gratings[0].sy) / 16;
  }
  g_print ("%u candidates, %u in the work-groups before the gratings'\n",
      ref->len, before_gratings);
  fail_unless (before_gratings > ONCE_READ, "only %u candidates before the "
      "gratings (of %u)", before_gratings, ref->len);
  /* in either order: the noise moves each grating's ratio by up to a
   * quarter, and theirs are near */
  for (guint i = 0; i < G_N_ELEMENTS (gratings); i++) {
    const RefPeak *r = &g_array_index (ref, RefPeak, i);
    gboolean grating = FALSE;

    for (guint g = 0; g < G_N_ELEMENTS (gratings); g++)
      grating = grating || (r->sx == gratings[g].sx
          && r->sy == gratings[g].sy);
    fail_unless (grating, "the reference's strongest %u is (%d, %d), not a "
        "grating", i, r->sx, r->sy);
  }

  fail_unless (clfft_peak_finder_run (finder, frame, &two, peaks, &error),
      "%s", error ? error->message : "");
  check_peaks (peaks, ref, two.max_peaks, w, h);
  fail_unless (clfft_peak_finder_run (finder, frame, &many, peaks, &error),
      "%s", error ? error->message : "");
  check_peaks (peaks, ref, many.max_peaks, w, h);
  g_array_unref (ref);

  /* a frame of few candidates, with the room the many left */
  for (gsize i = 0; i < (gsize) w * h; i++)
    frame[i] = (gfloat) g_rand_double_range (rng, 0.0, 255.0) + 20.0f *
        cosf (2 * G_PI * (31.0f * (i % w) / w + 44.0f * (i / w) / h));
  ref = ref_search (frame, w, h, few.min_radius, few.threshold);
  fail_unless (clfft_peak_finder_run (finder, frame, &few, peaks, &error),
      "%s", error ? error->message : "");
  check_peaks (peaks, ref, few.max_peaks, w, h);
  g_array_unref (ref);

  clfft_peak_finder_free (finder);
  g_array_unref (peaks);
  g_free (frame);
}

GST_END_TEST;

/* noise of a still scene's frame (a sensor's: new each frame) and a
 * grating of amplitude a at signed bin (sx, sy) */
static void
noisy_grating (GRand * noise, gfloat * frame, guint w, guint h, gint sx,
    gint sy, gdouble a)
{
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      frame[(gsize) y * w + x] = (gfloat) (g_rand_double_range (noise, 0.0,
              255.0) + a * cos (2 * G_PI * ((gdouble) sx * x / w +
                  (gdouble) sy * y / h)));
}

/* The ratio of the bin (sx, sy) in frame as the reference computes it, 0
 * where it is no candidate at all (a neighbour is larger). */
static gdouble
ratio_at (const gfloat * frame, guint w, guint h, gint sx, gint sy)
{
  GArray *all = ref_search (frame, w, h, 0.05, 0.0);
  gdouble ratio = 0.0;

  for (guint i = 0; i < all->len; i++) {
    const RefPeak *r = &g_array_index (all, RefPeak, i);

    if (r->sx == sx && r->sy == sy)
      ratio = r->ratio;
  }
  g_array_unref (all);
  return ratio;
}

static gboolean
has_peak_at (const GArray * peaks, guint w, guint h, gint sx, gint sy)
{
  for (guint i = 0; i < peaks->len; i++) {
    const ClfftPeak *p = &g_array_index (peaks, ClfftPeak, i);

    if (lround (p->fx * w) == sx && lround (p->fy * h) == sy)
      return TRUE;
  }
  return FALSE;
}

/* A still scene's grating whose ratio falls below the threshold after it
 * was found (the sensor's noise, a weaker frame) stays found while it is
 * above CLFFT_PEAK_KEEP x threshold, where the search is given the
 * peaks found before; searched afresh, the same frame has no peak there
 * (what flickered). Below that it goes; and a second grating as weak,
 * never found before, is not found. */
GST_START_TEST (test_found_peaks_are_kept_near_the_threshold)
{
  const guint w = 256, h = 192;
  const gint sx = 61, sy = -37, other_sx = 23, other_sy = 41;
  gfloat *strong = g_new (gfloat, (gsize) w * h);
  gfloat *weak = g_new (gfloat, (gsize) w * h);
  gfloat *gone = g_new (gfloat, (gsize) w * h);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  GArray *again = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  GError *error = NULL;
  ClfftPeakFinder *finder = clfft_peak_finder_new (engine, w, h, &error);
  ClfftPeakParams params = { 0.05, 12.0, 8 };
  /* the ratio of a grating of one amplitude spreads by a quarter from one
   * noise to another: one fixed draw, whose ratios are checked below */
  GRand *noise = g_rand_new_with_seed (76);
  gdouble r_strong, r_weak, r_gone, r_other;

  fail_unless (finder != NULL, "%s", error ? error->message : "");
  noisy_grating (noise, strong, w, h, sx, sy, 12.0);
  noisy_grating (noise, weak, w, h, sx, sy, 5.0);
  noisy_grating (noise, gone, w, h, sx, sy, 2.6);
  g_rand_free (noise);
  /* and in the weak frame a second grating as weak, never found before */
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      weak[(gsize) y * w + x] += (gfloat) (5.0 * cos (2 * G_PI *
              ((gdouble) other_sx * x / w + (gdouble) other_sy * y / h)));
  r_strong = ratio_at (strong, w, h, sx, sy);
  r_weak = ratio_at (weak, w, h, sx, sy);
  r_other = ratio_at (weak, w, h, other_sx, other_sy);
  r_gone = ratio_at (gone, w, h, sx, sy);
  g_print ("the grating's ratio: %.2f, %.2f, %.2f; the other's %.2f "
      "(threshold %.0f)\n", r_strong, r_weak, r_gone, r_other,
      params.threshold);
  /* the cases this is about */
  fail_unless (r_strong > params.threshold, "strong: %g", r_strong);
  fail_unless (r_weak < params.threshold
      && r_weak > CLFFT_PEAK_KEEP * params.threshold, "weak: %g", r_weak);
  fail_unless (r_gone < CLFFT_PEAK_KEEP * params.threshold, "gone: %g",
      r_gone);
  fail_unless (r_other < params.threshold
      && r_other > CLFFT_PEAK_KEEP * params.threshold, "other: %g", r_other);

  fail_unless (clfft_peak_finder_run (finder, strong, &params, found,
          &error), "%s", error ? error->message : "");
  fail_unless (has_peak_at (found, w, h, sx, sy), "the strong grating was "
      "not found");
  /* the weak frame afresh: nothing there */
  fail_unless (clfft_peak_finder_run (finder, weak, &params, again, &error),
      "%s", error ? error->message : "");
  fail_if (has_peak_at (again, w, h, sx, sy), "the weak grating was found "
      "afresh");
  /* with the peaks found before: still there, and nothing else below the
   * threshold */
  params.kept = (const ClfftPeak *) found->data;
  params.n_kept = found->len;
  fail_unless (clfft_peak_finder_run (finder, weak, &params, again, &error),
      "%s", error ? error->message : "");
  fail_unless (has_peak_at (again, w, h, sx, sy), "the weak grating was "
      "lost though it was found before");
  for (guint i = 0; i < again->len; i++) {
    const ClfftPeak *p = &g_array_index (again, ClfftPeak, i);

    fail_unless (p->ratio > params.threshold
        || has_peak_at (found, w, h, lround (p->fx * w), lround (p->fy * h)),
        "(%g, %g) of ratio %g found below the threshold", p->fx, p->fy,
        p->ratio);
  }
  fail_if (has_peak_at (again, w, h, other_sx, other_sy), "the other "
      "grating, never found before, was found below the threshold");
  /* below the lower bar it goes */
  fail_unless (clfft_peak_finder_run (finder, gone, &params, again, &error),
      "%s", error ? error->message : "");
  fail_if (has_peak_at (again, w, h, sx, sy), "the grating was kept at "
      "ratio %g", r_gone);

  clfft_peak_finder_free (finder);
  g_array_unref (found);
  g_array_unref (again);
  g_free (strong);
  g_free (weak);
  g_free (gone);
}

GST_END_TEST;

/* A grating's amplitude, measured on noise of 0 to 255: on a bin and
 * half-way between bins in x, in y and in both, from 0.8 to 1.1 times the
 * amplitude planted (a grating between bins spreads beyond the 3 x 3 bins:
 * half-way in both, they hold 0.855^2 of its energy, 0.855 of the
 * amplitude; the noise adds a little); and
 * min_amplitude keeps a grating of 6 out and one of 12 in, however far
 * both stand out. */
GST_START_TEST (test_amplitude_of_gratings)
{
  const guint w = 320, h = 240;
  const gdouble offsets[4][2] = { {0, 0}, {0.5, 0}, {0, 0.5}, {0.5, 0.5} };
  gfloat *frame = g_new (gfloat, (gsize) w * h);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  GError *error = NULL;
  ClfftPeakFinder *finder = clfft_peak_finder_new (engine, w, h, &error);
  ClfftPeakParams params = { 0.05, 8.0, 4 };
  GRand *noise = g_rand_new_with_seed (7);

  fail_unless (finder != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++) {
    const gdouble cx = 71 + offsets[i][0], cy = -43 + offsets[i][1];
    const ClfftPeak *p;

    for (guint y = 0; y < h; y++)
      for (guint x = 0; x < w; x++)
        frame[(gsize) y * w + x] = (gfloat) (g_rand_double_range (noise,
                0.0, 255.0) + 30.0 * cos (2 * G_PI * (cx * x / w + cy * y /
                    h)));
    fail_unless (clfft_peak_finder_run (finder, frame, &params, found,
            &error), "%s", error ? error->message : "");
    fail_unless (found->len >= 1, "grating at (%g, %g) bins not found", cx,
        cy);
    p = &g_array_index (found, ClfftPeak, 0);
    GST_INFO ("grating of 30 at (%g, %g) bins: found at (%g, %g), "
        "amplitude %.2f, ratio %.1f", cx, cy, p->fx * w, p->fy * h,
        p->amplitude, p->ratio);
    fail_unless (fabs (p->fx * w - cx) <= 0.5 && fabs (p->fy * h - cy) <= 0.5,
        "grating at (%g, %g) bins found at (%g, %g)", cx, cy, p->fx * w,
        p->fy * h);
    fail_unless (p->amplitude >= 0.8 * 30.0 && p->amplitude <= 1.1 * 30.0,
        "grating of 30 "
        "at (%g, %g) bins: amplitude %g", cx, cy, p->amplitude);
  }

  params.min_amplitude = 9.0;
  for (guint i = 0; i < 2; i++) {
    const gdouble a = i ? 12.0 : 6.0;

    noisy_grating (noise, frame, w, h, 71, -43, a);
    fail_unless (clfft_peak_finder_run (finder, frame, &params, found,
            &error), "%s", error ? error->message : "");
    fail_unless (ratio_at (frame, w, h, 71, -43) > params.threshold,
        "the grating of %g does not stand out: ratio %g", a,
        ratio_at (frame, w, h, 71, -43));
    if (has_peak_at (found, w, h, 71, -43) != (i == 1))
      fail ("the grating of %g %s at a least amplitude of 9", a,
          i ? "was not found" : "was found");
  }
  g_rand_free (noise);
  g_array_unref (found);
  g_free (frame);
  clfft_peak_finder_free (finder);
}

GST_END_TEST;

static Suite *
peak_finder_suite (void)
{
  Suite *s = suite_create ("peak-finder");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_peaks_match_reference_whatever_the_order);
  tcase_add_test (tc, test_found_peaks_are_kept_near_the_threshold);
  tcase_add_test (tc, test_amplitude_of_gratings);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (peak_finder);
