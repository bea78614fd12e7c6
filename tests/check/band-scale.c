/* clfftspectrum's log and octave bands (gstclfftbandscale.c), with no
 * device: their edges at the ends of the settings' ranges, and the bands'
 * levels against a reference that integrates every bin's share. Also run
 * under valgrind (valgrind/band-scale), where the edges of an empty
 * octave range were read before they were written. */
#include <gst/check/gstcheck.h>
#include <math.h>

#include "gstclfftbandscale.h"
#include "reference.h"

#define RATE 48000

/* Edges as documented: at least one band, finite, increasing, from
 * freq_min to the top; log edges a constant ratio apart, octave edges
 * 2^(1/per_octave) apart but the last. */
static void
check_edges (GstClfftBandScale scale, guint bands, guint per_octave,
    gdouble freq_min, gdouble freq_max, guint want_bands)
{
  const gdouble top = freq_max > 0 ? MIN (freq_max, RATE / 2.0) : RATE / 2.0;
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (gdouble));
  guint nfft = 0;
  const gchar *name = scale == GST_CLFFT_BAND_SCALE_LOG ? "log" : "octave";

  fail_unless (gst_clfft_band_edges (scale, bands, per_octave, freq_min,
          freq_max, RATE, edges, &nfft), "%s %g..%g refused", name,
      freq_min, freq_max);
  if (edges->len != want_bands + 1)
    fail ("%s %.10g..%g: %u edges, not %u", name, freq_min, freq_max,
        edges->len, want_bands + 1);
  if (g_array_index (edges, gdouble, 0) != freq_min
      || g_array_index (edges, gdouble, edges->len - 1) != top)
    fail ("%s: edges from %.17g to %.17g, not %.17g to %.17g", name,
        g_array_index (edges, gdouble, 0),
        g_array_index (edges, gdouble, edges->len - 1), freq_min, top);
  for (guint i = 1; i < edges->len; i++) {
    gdouble lo = g_array_index (edges, gdouble, i - 1);
    gdouble hi = g_array_index (edges, gdouble, i);
    gdouble want = scale == GST_CLFFT_BAND_SCALE_LOG ?
        pow (top / freq_min, 1.0 / want_bands) : pow (2.0, 1.0 / per_octave);

    if (!isfinite (hi) || !(hi > lo))
      fail ("%s: edge %u at %g after %g", name, i, hi, lo);
    else if (i + 1 < edges->len && fabs (hi / lo - want) > 1e-9 * want)
      fail ("%s: edges %u and %u %g apart, not %g", name, i - 1, i,
          hi / lo, want);
  }
  /* the documented FFT: the shortest power of two from 256 to 65536 whose
   * bins are no wider than the first band */
  {
    guint want = 256;

    while (want < 65536 && (gdouble) RATE / want >
        g_array_index (edges, gdouble, 1) - freq_min)
      want *= 2;
    fail_unless_equals_int (nfft, want);
  }
  g_array_unref (edges);
}

GST_START_TEST (test_band_edges)
{
  /* ranges like those of the element's reference test */
  check_edges (GST_CLFFT_BAND_SCALE_LOG, 24, 0, 100, 8000, 24);
  check_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 3, 50, 0, 27);
  check_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 48, 20, 0, 491);
  /* ranges narrower than one octave band: one band, not none (before:
   * no band, and its upper edge read before it was written) */
  check_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 3, 999.9999999, 1000, 1);
  check_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 1, 23999.999, 0, 1);
  check_edges (GST_CLFFT_BAND_SCALE_LOG, 1000, 0, 999.9999999, 1000,
      1000);
  /* a freq-min 1000 octaves down: every edge finite */
  check_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 1, 1e-300, 0,
      (guint) ceil (log2 (24000 / 1e-300) - 1e-9));
  check_edges (GST_CLFFT_BAND_SCALE_LOG, 100, 0, 1e-300, 0, 100);
}

GST_END_TEST;

GST_START_TEST (test_band_edges_refused)
{
  /* freq-min: not above 0, not below the top, or so small (denormal)
   * that top / freq-min is infinite (before: inf edges on the log scale,
   * and an octave count cast from infinity) */
  const gdouble refused[][2] = { {0, 0}, {-1, 0}, {24000, 0}, {30000, 0},
  {1000, 999}, {1000, 1000}, {5e-324, 0}, {1e-306, 0}, {NAN, 0},
  };
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (gdouble));
  guint nfft = 0;

  for (guint scale = GST_CLFFT_BAND_SCALE_LOG;
      scale <= GST_CLFFT_BAND_SCALE_OCTAVE; scale++)
    for (guint i = 0; i < G_N_ELEMENTS (refused); i++) {
      g_array_set_size (edges, 3);
      if (gst_clfft_band_edges (scale, 16, 3, refused[i][0], refused[i][1],
              RATE, edges, &nfft))
        fail ("scale %u, %g..%g: %u edges, not refused", scale,
            refused[i][0], refused[i][1], edges->len);
      else if (edges->len != 0)
        fail ("scale %u, %g..%g: refused with %u edges left", scale,
            refused[i][0], refused[i][1], edges->len);
    }
  /* 4194305 log bands between 999.9999999 and 1000 Hz: edges 2.4e-17
   * apart relative, less than a double tells apart */
  if (gst_clfft_band_edges (GST_CLFFT_BAND_SCALE_LOG, 4194305, 3,
          999.9999999, 1000, RATE, edges, &nfft))
    fail ("log bands of no width: %u edges, not refused", edges->len);
  g_array_unref (edges);
}

GST_END_TEST;

/* Each band the power average of the bins it covers, a bin split between
 * bands by the share of its width in each, against the same integral in
 * double precision over every bin; random levels from -120 to 0 dB. */
GST_START_TEST (test_bins_to_bands)
{
  const guint nfft = 4096, n_bins = nfft / 2 + 1;
  const gdouble width = (gdouble) RATE / nfft, threshold = -90;
  GArray *edges = g_array_new (FALSE, FALSE, sizeof (gdouble));
  gfloat *bins = g_new (gfloat, n_bins), *bands;
  GRand *rng = ref_rand_new ();
  guint fft = 0;

  for (guint k = 0; k < n_bins; k++)
    bins[k] = g_rand_double_range (rng, -120, 0);
  fail_unless (gst_clfft_band_edges (GST_CLFFT_BAND_SCALE_OCTAVE, 1, 12, 30,
          0, RATE, edges, &fft));
  bands = g_new (gfloat, edges->len - 1);
  gst_clfft_bins_to_bands (edges, nfft, RATE, bins, threshold, bands);
  for (guint b = 0; b + 1 < edges->len; b++) {
    gdouble lo = g_array_index (edges, gdouble, b);
    gdouble hi = g_array_index (edges, gdouble, b + 1);
    gdouble power = 0, weight = 0, want;

    for (guint k = 0; k < n_bins; k++) {
      gdouble share = MIN (hi, (k + 0.5) * width) - MAX (lo, (k - 0.5) *
          width);

      if (share > 0) {
        power += share * pow (10, bins[k] / 10.0);
        weight += share;
      }
    }
    want = MAX (10 * log10 (power / weight), threshold);
    if (fabs (bands[b] - want) > 1e-3)
      fail ("band %u (%g..%g Hz): %.5f dB, not %.5f", b, lo, hi, bands[b],
          want);
  }
  g_rand_free (rng);
  g_free (bins);
  g_free (bands);
  g_array_unref (edges);
}

GST_END_TEST;

static Suite *
band_scale_suite (void)
{
  Suite *s = suite_create ("band-scale");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_band_edges);
  tcase_add_test (tc, test_band_edges_refused);
  tcase_add_test (tc, test_bins_to_bands);
  return s;
}

GST_CHECK_MAIN (band_scale);
