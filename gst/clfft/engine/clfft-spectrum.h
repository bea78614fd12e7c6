/* Batched power spectra of real frames in decibels, as GStreamer's spectrum
 * element computes them: a window, a real FFT of length n, then per bin
 * 10 log10 (|X|^2 / n^2) clamped below at a threshold, and the phase
 * atan2 (im, re), summed over groups of consecutive frames (the element's
 * intervals). Everything after the upload runs on the device. */
#ifndef __CLFFT_SPECTRUM_H__
#define __CLFFT_SPECTRUM_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

/* Periodic windows, w[i] for i in 0 .. n - 1 with x = 2 pi i / n. */
typedef enum
{
  CLFFT_WINDOW_HAMMING,         /* 0.53836 - 0.46164 cos x (GStreamer's) */
  CLFFT_WINDOW_HANN,            /* 0.5 - 0.5 cos x */
  CLFFT_WINDOW_BLACKMAN,        /* 0.42 - 0.5 cos x + 0.08 cos 2x */
  CLFFT_WINDOW_BLACKMAN_HARRIS, /* 4 terms, -92 dB sidelobes */
  CLFFT_WINDOW_FLATTOP,         /* 5 terms, amplitude flat within 0.01 dB */
  CLFFT_WINDOW_RECTANGULAR,     /* 1 */
} ClfftWindow;

/* The window's value at i of n, in double precision. */
gdouble clfft_window_value (ClfftWindow window, guint i, guint n);

typedef struct _ClfftSpectrum ClfftSpectrum;

/* Every even length up to it runs (Bluestein's convolution of the longest
 * is the engine's longest transform, 2^24). */
#define CLFFT_SPECTRUM_MAX_LENGTH (1u << 23)

/* Spectra of frames of n samples (even, 2 .. 2^24; see
 * clfft_length_supported) for channels channels, so n / 2 + 1 bins each.
 * Builds (or loads from the kernel cache) every program that its runs
 * need, so that the time to make it is the time a new length waits. */
ClfftSpectrum *clfft_spectrum_new (ClfftEngine * engine, guint n,
    guint channels, ClfftWindow window, GError ** error);

/* Whether the transforms' schedules are timed at their first launch
 * (CLFFT_TUNING_BLOCKING) or not: by default (AUTO) not, on any device,
 * since a spectrum's transforms take microseconds and a new length or
 * batch comes while audio flows, where timing would hold the stream for
 * seconds to save less than a launch costs. There is no tuning in the
 * background for spectra (BACKGROUND is OFF). A spectrum is made with
 * tuning OFF; a change makes its plans again at the next run. */
void clfft_spectrum_set_tuning (ClfftSpectrum * spectrum,
    ClfftTuning tuning);

/* What clfft_spectrum_run's magnitude sums add up over a group's steps. */
typedef enum
{
  /* the decibels clamped at the threshold, as GStreamer's spectrum */
  CLFFT_AVERAGE_DECIBELS,
  /* the power |X|^2 / n^2 itself: the caller takes 10 log10 of the mean
   * and clamps, so that noise is not biased down */
  CLFFT_AVERAGE_POWER,
} ClfftSpectrumAverage;

/* From the next run on (DECIBELS by default). */
void clfft_spectrum_set_average (ClfftSpectrum * spectrum,
    ClfftSpectrumAverage average);
ClfftTuning clfft_spectrum_get_tuning (ClfftSpectrum * spectrum);

guint clfft_spectrum_get_bins (ClfftSpectrum * spectrum);
/* The engine the spectra run on. */
ClfftEngine *clfft_spectrum_get_engine (ClfftSpectrum * spectrum);

/* Transforms n_steps steps of frames: step s, channel c at
 * frames + (s * channels + c) * n, oldest sample first. group_start holds
 * n_groups + 1 non-decreasing step indices from 0 to n_steps; group g
 * sums steps group_start[g] .. group_start[g + 1] - 1. magnitude_sums and
 * phase_sums (either may be NULL: not computed) receive n_groups x
 * channels x bins sums, in that order, of the clamped decibels (or the
 * power, clfft_spectrum_set_average) and of the phases. A large call is
 * one batched launch per device-sized chunk; on a GPU each chunk's upload
 * overlaps the previous chunk's transform. */
gboolean clfft_spectrum_run (ClfftSpectrum * spectrum, const gfloat * frames,
    guint n_steps, const guint * group_start, guint n_groups,
    gdouble threshold, gfloat * magnitude_sums, gfloat * phase_sums,
    GError ** error);

/* As clfft_spectrum_run, without phases, but the magnitude sums stay on
 * the device for the caller's kernels on the engine's queue: the
 * spectrum's buffer of n_groups x channels x bins floats, valid until its
 * next run, and in *group_starts its copy of group_start (n_groups + 1
 * uints); NULL with error set on failure. frames and group_start may be
 * freed on return. */
cl_mem clfft_spectrum_run_on_device (ClfftSpectrum * spectrum,
    const gfloat * frames, guint n_steps, const guint * group_start,
    guint n_groups, gdouble threshold, cl_mem * group_starts,
    GError ** error);

/* Hz of the range low .. high that bin k of a spectrum of bins width Hz
 * wide covers ((k - 1/2) .. (k + 1/2) width); 0 or less: none. */
static inline gdouble
clfft_bin_overlap (guint k, gdouble width, gdouble low, gdouble high)
{
  return MIN (high, (k + 0.5) * width) - MAX (low, (k - 0.5) * width);
}

void clfft_spectrum_free (ClfftSpectrum * spectrum);

G_END_DECLS

#endif /* __CLFFT_SPECTRUM_H__ */
