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
 * ring. All of them, strongest first. */
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
      gdouble sum = 0.0;
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
            continue;
          }
          sum += v;
          n++;
        }
      if (peak && m > threshold * sum / n) {
        RefPeak p = { sx, sy, m * n / sum };

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
  for (guint i = 0; i < G_N_ELEMENTS (gratings); i++) {
    const RefPeak *r = &g_array_index (ref, RefPeak, i);

    fail_unless (r->sx == gratings[i].sx && r->sy == gratings[i].sy,
        "the reference's strongest %u is (%d, %d), not a grating", i, r->sx,
        r->sy);
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

static Suite *
peak_finder_suite (void)
{
  Suite *s = suite_create ("peak-finder");
  TCase *tc = tcase_create ("general");

  tcase_set_timeout (tc, 600);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_peaks_match_reference_whatever_the_order);
  suite_add_tcase (s, tc);
  return s;
}

GST_CHECK_MAIN (peak_finder);
