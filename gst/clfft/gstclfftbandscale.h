/* clfftspectrum's log and octave bands: where their edges lie, and each
 * band's level from the bins of an FFT. */
#ifndef __GST_CLFFT_BAND_SCALE_H__
#define __GST_CLFFT_BAND_SCALE_H__

#include <glib.h>

G_BEGIN_DECLS

/* Where the bands lie on the frequency axis. */
typedef enum
{
  GST_CLFFT_BAND_SCALE_LINEAR,  /* bands bins from 0 to Nyquist (spectrum's) */
  GST_CLFFT_BAND_SCALE_LOG,     /* bands bands, log-spaced, freq-min to -max */
  GST_CLFFT_BAND_SCALE_OCTAVE,  /* bands-per-octave from freq-min to -max */
} GstClfftBandScale;

/* the FFT of the log and octave scales: the smallest power of two whose
 * bins are no wider than the narrowest band, within these */
#define GST_CLFFT_MIN_SCALE_FFT 256
#define GST_CLFFT_MAX_SCALE_FFT 65536

/* The edges (Hz) of the log (bands of them) or octave (per_octave an
 * octave) bands from freq_min to freq_max (0: half the rate) at rate,
 * into edges: at least one band, every edge finite and above the one
 * before; *nfft: the FFT length whose bins are no wider than the
 * narrowest (the first) band. FALSE, with edges empty, where freq_min is
 * not above 0 and below the top, or so far below it that the ratio of
 * the two is not a finite number, or where log bands would be too narrow
 * for two of their edges to differ in double precision. */
gboolean gst_clfft_band_edges (GstClfftBandScale scale, guint bands,
    guint per_octave, gdouble freq_min, gdouble freq_max, guint rate,
    GArray * edges, guint * nfft);

/* Each band of edges from the FFT's bins (decibels, nfft / 2 + 1 of
 * them, bin k centred on k rate / nfft and as wide): the power average
 * of the bins it covers, a bin split between bands weighted by the share
 * it lends each; in decibels, clamped at threshold. */
void gst_clfft_bins_to_bands (const GArray * edges, guint nfft, guint rate,
    const gfloat * bins, gdouble threshold, gfloat * bands);

G_END_DECLS

#endif /* __GST_CLFFT_BAND_SCALE_H__ */
