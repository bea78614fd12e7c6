/* The isolated peaks of a frame's spectrum, found on the device: the
 * periodic noise that clfft2dfilter's notches=auto removes (a grating, a
 * screen's pattern, scan lines), each a sharp point of the magnitude (and
 * its mirror) well above the spectrum around it, where a picture's own
 * spectrum is smooth (kernels/peaks.cl). */
#ifndef __CLFFT_PEAK_FINDER_H__
#define __CLFFT_PEAK_FINDER_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef struct
{
  /* cycles per pixel: nearer DC the spectrum is the picture's own */
  gdouble min_radius;
  /* a peak's magnitude over the mean magnitude around it (its 11 x 11
   * bins but the 3 x 3 centre) */
  gdouble threshold;
  guint max_peaks;              /* the strongest ones are kept */
  /* the least amplitude of a peak's grating (see ClfftPeak), in the
   * frame's units: a weaker one is not found, however it stands out
   * (0: any) */
  gdouble min_amplitude;
  /* the peaks found before (the last search's on the same scene), or
   * none: a candidate at one of their bins or next to it (or to its
   * mirror) stands out at CLFFT_PEAK_KEEP x threshold, so that noise
   * near the threshold is not found and lost from one search to the
   * next */
  const struct _ClfftPeak *kept;
  guint n_kept;
} ClfftPeakParams;

/* How far below the threshold a peak found before may fall and still be
 * found: 6 dB. */
#define CLFFT_PEAK_KEEP 0.5

/* A peak at (fx, fy) cycles per pixel (its mirror (-fx, -fy) is the same
 * noise), its magnitude over the mean around it, and the amplitude of the
 * grating it is, in the frame's units: a cos (2 pi (fx x + fy y)) has
 * |F| = a W H / 2 at its bin, or spread over the bins next to it where it
 * lies between them; a is twice the root of the energy of the peak's
 * 3 x 3 bins over W H. */
typedef struct _ClfftPeak
{
  gdouble fx, fy;
  gdouble ratio;
  gdouble amplitude;
} ClfftPeak;

typedef struct _ClfftPeakFinder ClfftPeakFinder;

/* For frames of width x height (see clfft_length_supported); builds the
 * 2D R2C plan and the kernel. */
ClfftPeakFinder *clfft_peak_finder_new (ClfftEngine * engine, guint width,
    guint height, GError ** error);

/* The peaks of frame (height rows of width values), the max_peaks
 * strongest of all that stand out (whatever their number, so whatever
 * order the device found them in), strongest first and equal ones by
 * position, into peaks (of ClfftPeak, emptied first); waits for the
 * device. */
gboolean clfft_peak_finder_run (ClfftPeakFinder * finder,
    const gfloat * frame, const ClfftPeakParams * params, GArray * peaks,
    GError ** error);

void clfft_peak_finder_free (ClfftPeakFinder * finder);

G_END_DECLS

#endif /* __CLFFT_PEAK_FINDER_H__ */
