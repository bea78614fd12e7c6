#ifndef __GST_CLFFT_SPECTROGRAM_H__
#define __GST_CLFFT_SPECTROGRAM_H__

#include <gst/gst.h>
#include <gst/pbutils/gstaudiovisualizer.h>

#include "engine/clfft-spectrogram.h"
#include "gstclfftcolourmaps.h"
#include "gstclfftdevice.h"
#include "gstclfftspectrum.h"

G_BEGIN_DECLS

#define GST_TYPE_CLFFT_SPECTROGRAM (gst_clfft_spectrogram_get_type ())
G_DECLARE_FINAL_TYPE (GstClfftSpectrogram, gst_clfft_spectrogram, GST,
    CLFFT_SPECTROGRAM, GstAudioVisualizer);

#define GST_TYPE_CLFFT_SPECTROGRAM_STYLE \
  (gst_clfft_spectrogram_style_get_type ())
GType gst_clfft_spectrogram_style_get_type (void);

/* The engine's ClfftSpectrogramStyle, value for value. */
typedef enum
{
  GST_CLFFT_SPECTROGRAM_STYLE_SCROLL = CLFFT_SPECTROGRAM_SCROLL,
  GST_CLFFT_SPECTROGRAM_STYLE_REPLACE = CLFFT_SPECTROGRAM_REPLACE,
  GST_CLFFT_SPECTROGRAM_STYLE_BARS = CLFFT_SPECTROGRAM_BARS,
} GstClfftSpectrogramStyle;

#define GST_TYPE_CLFFT_FREQUENCY_SCALE (gst_clfft_frequency_scale_get_type ())
GType gst_clfft_frequency_scale_get_type (void);

typedef enum
{
  GST_CLFFT_FREQUENCY_SCALE_LINEAR,
  GST_CLFFT_FREQUENCY_SCALE_LOG,
} GstClfftFrequencyScale;

#define GST_TYPE_CLFFT_CHANNEL_LAYOUT (gst_clfft_channel_layout_get_type ())
GType gst_clfft_channel_layout_get_type (void);

typedef enum
{
  GST_CLFFT_CHANNEL_LAYOUT_MIX,         /* the mean of the channels */
  GST_CLFFT_CHANNEL_LAYOUT_STACK,       /* a strip each */
  GST_CLFFT_CHANNEL_LAYOUT_OVERLAY,     /* the loudest at each pixel */
} GstClfftChannelLayout;

#define GST_TYPE_CLFFT_COLOUR_MAP (gst_clfft_colour_map_get_type ())
GType gst_clfft_colour_map_get_type (void);

/* A growing array of floats whose memory comes from
 * clfft_engine_try_alloc: the settings decide its size. */
typedef struct
{
  gfloat *data;
  gsize len, size;
} GstClfftFloats;

struct _GstClfftSpectrogram
{
  GstAudioVisualizer parent;

  /* properties; guarded by the object lock */
  guint bands;
  guint64 interval;
  GstClfftWindow window;
  gdouble overlap;
  GstClfftAverage average;
  GstClfftSpectrogramStyle style;
  GstClfftFrequencyScale scale;
  gdouble freq_min, freq_max;   /* Hz; 0: the scale's own ends */
  gdouble range, gain;          /* dB */
  GstClfftColourMap colour_map;
  GstClfftChannelLayout multi_channel;
  /* a property that shapes the picture changed: drawn anew */
  gboolean reset_pending;
  gboolean colours_pending;
  GstClfftDevice device;        /* device-index, fallback; the engine */

  /* the base class's handlers of the pads, which ours call on */
  GstPadChainFunction base_chain;
  GstPadEventFunction base_event;
  GstPadQueryFunction base_sink_query, base_src_query;

  /* streaming state, used in the streaming thread only */
  ClfftSpectrogram *painter;
  /* the video the painter draws */
  GstVideoFormat painted_format;
  gint painted_width, painted_height;
  guint nfft, hop, out_channels, rate;
  guint visible;                /* columns the picture shows */
  gboolean failed;              /* an error was posted: the flow stops */
  guint64 interval_frames_num;  /* interval x rate, over GST_SECOND */
  /* the audio not yet analysed that a column still needs: out_channels
   * floats a frame, frame first_frame on, counted from origin */
  GstClfftFloats samples;
  guint64 first_frame, received;
  GstClockTime origin;          /* the time of frame 0 */
  /* the start of a frame that a buffer split, waiting for its end */
  GByteArray *split_frame;
  /* where audio without timestamps starts: the TIME segment's start */
  GstClockTime segment_start;
  /* the pictures' grid (picture_time): the time of picture 0, at fps_n /
   * fps_d, and the next picture to go out */
  GstClockTime first_due;
  gint fps_n, fps_d;
  guint64 n_due;
  /* after a gap in the audio: the time of the audio after it */
  GstClockTime resume;
  guint64 columns;              /* columns drawn since origin */
  GstClfftFloats stage;         /* steps for the device */
  GArray *column_start;         /* of guint */
};

G_END_DECLS

#endif /* __GST_CLFFT_SPECTROGRAM_H__ */
