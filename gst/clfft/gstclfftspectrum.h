#ifndef __GST_CLFFT_SPECTRUM_H__
#define __GST_CLFFT_SPECTRUM_H__

#include <gst/gst.h>
#include <gst/audio/audio.h>
#include <gst/audio/gstaudiofilter.h>

#include "engine/clfft-engine.h"
#include "gstclfftdevice.h"
#include "engine/clfft-spectrum.h"
#include "gstclfftbandscale.h"

G_BEGIN_DECLS

#define GST_TYPE_CLFFT_SPECTRUM (gst_clfft_spectrum_get_type ())
G_DECLARE_FINAL_TYPE (GstClfftSpectrum, gst_clfft_spectrum, GST,
    CLFFT_SPECTRUM, GstAudioFilter);

#define GST_TYPE_CLFFT_WINDOW (gst_clfft_window_get_type ())
GType gst_clfft_window_get_type (void);

/* The engine's ClfftWindow, value for value. */
typedef enum
{
  GST_CLFFT_WINDOW_HAMMING = CLFFT_WINDOW_HAMMING,
  GST_CLFFT_WINDOW_HANN = CLFFT_WINDOW_HANN,
  GST_CLFFT_WINDOW_BLACKMAN = CLFFT_WINDOW_BLACKMAN,
  GST_CLFFT_WINDOW_BLACKMAN_HARRIS = CLFFT_WINDOW_BLACKMAN_HARRIS,
  GST_CLFFT_WINDOW_FLATTOP = CLFFT_WINDOW_FLATTOP,
  GST_CLFFT_WINDOW_RECTANGULAR = CLFFT_WINDOW_RECTANGULAR,
} GstClfftWindow;

#define GST_TYPE_CLFFT_BAND_SCALE (gst_clfft_band_scale_get_type ())
GType gst_clfft_band_scale_get_type (void);


#define GST_TYPE_CLFFT_AVERAGE (gst_clfft_average_get_type ())
GType gst_clfft_average_get_type (void);

/* The engine's ClfftSpectrumAverage, value for value. */
typedef enum
{
  GST_CLFFT_AVERAGE_DB = CLFFT_AVERAGE_DECIBELS,
  GST_CLFFT_AVERAGE_POWER = CLFFT_AVERAGE_POWER,
} GstClfftAverage;

#define GST_TYPE_CLFFT_SPECTRUM_TUNING (gst_clfft_spectrum_tuning_get_type ())
GType gst_clfft_spectrum_tuning_get_type (void);

/* The engine's ClfftTuning, value for value, less the background tuning
 * that spectra do not have. */
typedef enum
{
  GST_CLFFT_SPECTRUM_TUNING_AUTO = CLFFT_TUNING_AUTO,
  GST_CLFFT_SPECTRUM_TUNING_OFF = CLFFT_TUNING_OFF,
  GST_CLFFT_SPECTRUM_TUNING_BLOCKING = CLFFT_TUNING_BLOCKING,
} GstClfftSpectrumTuning;

/* An interval that ended: its steps are staged, its message not posted. */
typedef struct
{
  GstClockTime timestamp;
  GstClockTime duration;
  guint num_fft;
  guint end_step;               /* its steps end here in the stage */
} GstClfftSpectrumInterval;

struct _GstClfftSpectrum
{
  GstAudioFilter parent;

  /* properties; guarded by the object lock */
  guint bands;
  gint threshold;
  guint64 interval;
  gboolean multi_channel;
  gboolean message_magnitude, message_phase, post_messages;
  GstClfftWindow window;
  gdouble overlap;
  gboolean compact_messages;
  gboolean post_partial_interval;
  GstClfftAverage average;
  GstClfftBandScale band_scale;
  gdouble freq_min, freq_max;   /* Hz; freq_max 0: Nyquist */
  guint bands_per_octave;
  gboolean reset_pending;       /* a property that shapes the state changed */
  /* device-index, fallback, tuning (a GstClfftSpectrumTuning); the engine */
  GstClfftDevice device;

  /* streaming state, as spectrum's, from the first buffer after a reset */
  ClfftSpectrum *analyser;
  guint nfft, hop, out_channels;
  gboolean state_multi_channel; /* multi-channel when the state was made */
  guint64 state_interval;       /* interval when the state was made */
  GstClfftAverage state_average;        /* average when it was made */
  /* the edges in Hz of the log or octave bands (n_bands + 1 of them), or
   * NULL for the FFT's bins themselves */
  GArray *band_edges;
  gfloat *ring;                 /* out_channels rings of nfft samples */
  guint input_pos;              /* next write in the rings: the oldest */
  guint64 frames_per_interval, frames_todo, num_frames, num_fft;
  guint64 error_per_interval, accumulated_error;
  GstClockTime message_ts;

  /* FFT inputs waiting for the device: steps of out_channels x nfft */
  GArray *stage;                /* of gfloat */
  guint n_staged;
  GArray *ended;                /* of GstClfftSpectrumInterval */
  /* sums of the open interval's steps that went to the device already */
  gfloat *carry_magnitude, *carry_phase;
  gboolean carry_valid;

  /* the first bytes of a frame that a buffer split, waiting for the rest;
   * kept through a reset of the state above, dropped at a discontinuity,
   * a flush or new caps */
  GByteArray *split_frame;
};

G_END_DECLS

#endif /* __GST_CLFFT_SPECTRUM_H__ */
