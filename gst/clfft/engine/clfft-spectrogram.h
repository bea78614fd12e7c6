/* Pictures of spectra drawn on the device (clfftspectrogram): a
 * ClfftSpectrum's averaged columns mapped onto the picture's lines (its
 * rows, or for bars its columns), each line the power average of the bins
 * its frequency range covers, turned into a level of 0 .. 255 over a range
 * of decibels and into a pixel through a colour table. The picture's
 * history stays on the device; only the picture comes back. */
#ifndef __CLFFT_SPECTROGRAM_H__
#define __CLFFT_SPECTROGRAM_H__

#include "clfft-spectrum.h"

G_BEGIN_DECLS

typedef enum
{
  /* one column per spectrum, the newest at the right, older ones moving
   * left */
  CLFFT_SPECTROGRAM_SCROLL,
  /* one column per spectrum, written left to right and wrapping around
   * over the oldest */
  CLFFT_SPECTROGRAM_REPLACE,
  /* the newest spectrum as bars: frequency across, level up */
  CLFFT_SPECTROGRAM_BARS,
} ClfftSpectrogramStyle;

typedef struct
{
  guint n;                      /* FFT length (clfft_spectrum_new) */
  guint channels;               /* spectra a step */
  ClfftWindow window;
  ClfftSpectrumAverage average;
  guint rate;                   /* samples a second */
  /* the frequency axis, Hz, 0 <= freq_min < freq_max <= rate / 2 (above
   * 0 for log), linear or logarithmic, from the bottom of a strip up (for
   * bars, from the left) */
  gdouble freq_min, freq_max;
  gboolean log_scale;
  /* each channel in a strip of its own, the first at the top; else each
   * line shows the loudest channel */
  gboolean stacked;
  ClfftSpectrogramStyle style;
  guint width, height;          /* pixels */
  guint pixel_bytes;            /* 1 or 4 */
} ClfftSpectrogramDesc;

typedef struct _ClfftSpectrogram ClfftSpectrogram;

/* The spectrum, the lines' table and the history, blank (level 0). */
ClfftSpectrogram *clfft_spectrogram_new (ClfftEngine * engine,
    const ClfftSpectrogramDesc * desc, GError ** error);

/* Level 0 .. 255 of a line's power p (the mean |X|^2 / n^2 of its bins):
 * round (255 (10 log10 p + gain + range) / range), clamped, for the
 * columns added from now on. */
void clfft_spectrogram_set_levels (ClfftSpectrogram * spectrogram,
    gdouble gain, gdouble range);

/* The pixel of each level, and of the pixels of no bar, pixel_bytes each,
 * in the picture's byte order. */
gboolean clfft_spectrogram_set_colours (ClfftSpectrogram * spectrogram,
    const guint8 levels[256][4], const guint8 blank[4], GError ** error);

/* Steps of frames as for clfft_spectrum_run; each of the n_columns groups
 * of steps becomes a column (for bars, the last group the bars). */
gboolean clfft_spectrogram_add_columns (ClfftSpectrogram * spectrogram,
    const gfloat * frames, guint n_steps, const guint * column_start,
    guint n_columns, GError ** error);

/* The picture, height rows stride bytes apart (at least width pixels),
 * into pixels. */
gboolean clfft_spectrogram_draw (ClfftSpectrogram * spectrogram,
    guint8 * pixels, gsize stride, GError ** error);

/* The spectrogram again on engine (after its own device failed): its
 * description, levels and colours, and its columns as of the last draw
 * that succeeded, from the host's copy. The columns added since are not
 * there: the caller adds them again. */
ClfftSpectrogram *clfft_spectrogram_copy_to (ClfftSpectrogram * spectrogram,
    ClfftEngine * engine, GError ** error);

void clfft_spectrogram_free (ClfftSpectrogram * spectrogram);

G_END_DECLS

#endif /* __CLFFT_SPECTROGRAM_H__ */
