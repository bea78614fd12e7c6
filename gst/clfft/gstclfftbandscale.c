/* clfftspectrum's log and octave bands: see gstclfftbandscale.h. */
#include <math.h>

#include "gstclfftbandscale.h"
#include "engine/clfft-spectrum.h"

gboolean
gst_clfft_band_edges (GstClfftBandScale scale, guint bands,
    guint per_octave, gdouble freq_min, gdouble freq_max, guint rate,
    GArray * edges, guint * nfft)
{
  const gdouble top = freq_max > 0 ? MIN (freq_max, rate / 2.0) :
      rate / 2.0;
  const gdouble ratio = top / freq_min;
  gdouble count;
  guint n;

  g_array_set_size (edges, 0);
  /* a denormal freq_min makes the ratio infinite: the edges would be
   * too (log), or their count (octave) */
  if (!(freq_min > 0 && freq_min < top && isfinite (ratio))
      || (scale == GST_CLFFT_BAND_SCALE_LOG ? bands : per_octave) == 0)
    return FALSE;
  /* a range narrower than a fraction of an octave is one band, not none
   * (a log2 of 1e-10 octaves rounds up to 1) */
  count = scale == GST_CLFFT_BAND_SCALE_LOG ? bands :
      ceil (log2 (ratio) * per_octave - 1e-9);
  n = (guint) MAX (count, 1.0);
  for (guint i = 0; i <= n; i++) {
    gdouble e = i == n ? top : scale == GST_CLFFT_BAND_SCALE_LOG ?
        freq_min * pow (ratio, (gdouble) i / n) :
        MIN (freq_min * pow (2.0, (gdouble) i / per_octave), top);

    /* log bands finer than a double tells apart would have no width */
    if (i > 0 && !(e > g_array_index (edges, gdouble, i - 1))) {
      g_array_set_size (edges, 0);
      return FALSE;
    }
    g_array_append_val (edges, e);
  }
  for (*nfft = GST_CLFFT_MIN_SCALE_FFT; *nfft < GST_CLFFT_MAX_SCALE_FFT
      && (gdouble) rate / *nfft > g_array_index (edges, gdouble, 1) -
      freq_min; *nfft *= 2);
  return TRUE;
}

void
gst_clfft_bins_to_bands (const GArray * edges, guint nfft, guint rate,
    const gfloat * bins, gdouble threshold, gfloat * bands)
{
  const gdouble width = (gdouble) rate / nfft;
  const guint n_bins = nfft / 2 + 1;

  for (guint b = 0; b + 1 < edges->len; b++) {
    const gdouble lo = g_array_index (edges, gdouble, b);
    const gdouble hi = g_array_index (edges, gdouble, b + 1);
    guint k = (guint) MIN (floor (lo / width + 0.5), (gdouble) n_bins);
    gdouble power = 0, weight = 0;

    for (; k < n_bins && (k - 0.5) * width < hi; k++) {
      gdouble share = clfft_bin_overlap (k, width, lo, hi);

      if (share <= 0)
        continue;
      power += share * pow (10.0, bins[k] / 10.0);
      weight += share;
    }
    bands[b] = weight > 0 ? MAX (10.0 * log10 (power / weight),
        threshold) : threshold;
  }
}
