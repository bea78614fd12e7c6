/**
 * SECTION:element-clfftspectrogram
 * @title: clfftspectrogram
 *
 * Audio in, video out: a spectrogram (or bars) of the audio, its spectra
 * computed and its pictures drawn on an OpenCL device. Every
 * #GstClfftSpectrogram:interval of audio becomes one column: the mean of
 * the interval's FFTs of 2 x bands - 2 samples (one FFT over the latest
 * samples where the interval is shorter), each pixel row the power
 * average of the FFT bins its frequency range covers (linear or
 * logarithmic, from #GstClfftSpectrogram:freq-min at the bottom to
 * #GstClfftSpectrogram:freq-max at the top), in decibels as
 * clfftspectrum's (10 log10 (|X|^2 / nfft^2)), shown through a colour map
 * over #GstClfftSpectrogram:range decibels. The picture scrolls one column
 * per interval (#GstClfftSpectrogram:style), wraps around, or shows the
 * newest spectrum as bars. The video's size, rate and format come from
 * downstream.
 *
 * Every sample reaches a column, including those of video frames dropped
 * for lateness (QoS): the next frame draws their columns. Pictures come
 * at the negotiated frame rate, each showing the columns that ended by its
 * end.
 *
 * A device that fails stops the stream with an error naming it, unless
 * #GstClfftSpectrogram:fallback is set: then the picture's columns, those
 * in progress and the rest of the stream go to the next usable device (a
 * CPU through PoCL first), with a warning message that names both
 * devices.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 audiotestsrc wave=chirp ! audioconvert ! \
 *     clfftspectrogram bands=2049 ! videoconvert ! autovideosink
 * ]| A scrolling spectrogram of a sweep, in magma.
 * |[
 * gst-launch-1.0 playbin uri=file:///path/to/song.ogg \
 *     vis-plugin=clfftspectrogram
 * ]| Plays a file with its spectrogram.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "gstclfftspectrogram.h"
#include "gstclfftaudiosamples.h"
#include "gstclfftcontext.h"
#include "gstclfftelements.h"

GST_DEBUG_CATEGORY_STATIC (gst_clfft_spectrogram_debug);
#define GST_CAT_DEFAULT gst_clfft_spectrogram_debug

#define DEFAULT_BANDS 1025
#define MAX_BANDS (CLFFT_SPECTRUM_MAX_LENGTH / 2 + 1)
#define DEFAULT_INTERVAL (GST_SECOND / 100)
#define MIN_INTERVAL GST_MSECOND
#define MAX_INTERVAL (3600 * GST_SECOND)
#define DEFAULT_WINDOW GST_CLFFT_WINDOW_HANN
#define DEFAULT_OVERLAP 0.0
#define MAX_OVERLAP 0.95
#define DEFAULT_AVERAGE GST_CLFFT_AVERAGE_POWER
#define DEFAULT_STYLE GST_CLFFT_SPECTROGRAM_STYLE_SCROLL
#define DEFAULT_SCALE GST_CLFFT_FREQUENCY_SCALE_LINEAR
#define DEFAULT_FREQ_MIN 0.0
#define DEFAULT_FREQ_MAX 0.0
#define MAX_FREQ 1.0e6
/* freq-min 0 on the log scale */
#define LOG_FREQ_MIN 20.0
#define DEFAULT_RANGE 120.0
#define MAX_RANGE 400.0
#define DEFAULT_GAIN 0.0
#define MAX_GAIN 200.0
#define DEFAULT_COLOUR_MAP GST_CLFFT_COLOUR_MAP_MAGMA
#define DEFAULT_MULTI_CHANNEL GST_CLFFT_CHANNEL_LAYOUT_MIX
/* a buffer this far from where the audio before it ends starts the
 * columns' time anew */
#define RESYNC_TOLERANCE (GST_SECOND / 50)
/* Bytes of steps staged for the device at once (at least a column's):
 * columns shorter than an FFT each stage a whole FFT, which for long FFTs
 * and short intervals would otherwise add up to gigabytes a picture. */
#define MAX_STAGE_BYTES (64u << 20)
/* on a picture the base class renders but that is not due: dropped on
 * the source pad */
#define BUFFER_FLAG_NOT_DUE GST_BUFFER_FLAG_LAST

enum
{
  PROP_0,
  PROP_BANDS,
  PROP_INTERVAL,
  PROP_WINDOW,
  PROP_OVERLAP,
  PROP_AVERAGE,
  PROP_STYLE,
  PROP_SCALE,
  PROP_FREQ_MIN,
  PROP_FREQ_MAX,
  PROP_RANGE,
  PROP_GAIN,
  PROP_COLOUR_MAP,
  PROP_MULTI_CHANNEL,
  /* and on, GstClfftDeviceProp */
  PROP_DEVICE_FIRST,
};

#define VIDEO_FORMATS \
  "{ RGBx, BGRx, xRGB, xBGR, RGBA, BGRA, ARGB, ABGR, GRAY8 }"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS (GST_CLFFT_AUDIO_CAPS));
static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS,
    GST_STATIC_CAPS (GST_VIDEO_CAPS_MAKE (VIDEO_FORMATS)));

GType
gst_clfft_spectrogram_style_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_SPECTROGRAM_STYLE_SCROLL, "A column per interval, the "
          "newest at the right, scrolling left", "scroll"},
    {GST_CLFFT_SPECTROGRAM_STYLE_REPLACE, "A column per interval, written "
          "left to right over the oldest, wrapping around", "replace"},
    {GST_CLFFT_SPECTROGRAM_STYLE_BARS, "The newest interval as bars, "
          "frequency across, level up", "bars"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftSpectrogramStyle", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_frequency_scale_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_FREQUENCY_SCALE_LINEAR, "Linear, from freq-min (or 0 Hz)",
        "linear"},
    {GST_CLFFT_FREQUENCY_SCALE_LOG, "Logarithmic, from freq-min (or 20 Hz)",
        "log"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftFrequencyScale", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_channel_layout_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_CHANNEL_LAYOUT_MIX, "The mean of the channels", "mix"},
    {GST_CLFFT_CHANNEL_LAYOUT_STACK, "Each channel in a strip of its own, "
          "the first at the top", "stack"},
    {GST_CLFFT_CHANNEL_LAYOUT_OVERLAY, "Every channel over the whole "
          "picture, the loudest shown", "overlay"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftChannelLayout", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_colour_map_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_COLOUR_MAP_GRAY, "Black to white", "gray"},
    {GST_CLFFT_COLOUR_MAP_MAGMA, "Magma: black, purple, orange, pale "
          "yellow", "magma"},
    {GST_CLFFT_COLOUR_MAP_INFERNO, "Inferno: black, purple, orange, "
          "yellow", "inferno"},
    {GST_CLFFT_COLOUR_MAP_VIRIDIS, "Viridis: blue, green, yellow",
        "viridis"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftColourMap", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

#define gst_clfft_spectrogram_parent_class parent_class
G_DEFINE_TYPE (GstClfftSpectrogram, gst_clfft_spectrogram,
    GST_TYPE_AUDIO_VISUALIZER);
GST_ELEMENT_REGISTER_DEFINE (clfftspectrogram, "clfftspectrogram",
    GST_RANK_NONE, GST_TYPE_CLFFT_SPECTROGRAM);

/* ---- the columns' time ---------------------------------------------- */

/* Room for more floats after floats->len, or FALSE with error set
 * (CLFFT_ERROR_HOST_MEMORY) where the host has none. */
static gboolean
reserve_floats (GstClfftSpectrogram * self, GstClfftFloats * floats,
    gsize more, const gchar * what, GError ** error)
{
  gsize want, size;
  gfloat *grown;

  if (!g_size_checked_add (&want, floats->len, more)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY,
        "no host memory for %s (more than %" G_GSIZE_FORMAT " floats)", what,
        G_MAXSIZE / sizeof (gfloat));
    return FALSE;
  }
  if (want <= floats->size)
    return TRUE;
  size = floats->size > want / 2 && floats->size < G_MAXSIZE / 2 ?
      2 * floats->size : want;
  if (!(grown = clfft_engine_try_alloc (self->device.engine, size,
              sizeof (gfloat), FALSE, what, error)))
    return FALSE;
  if (floats->len)
    memcpy (grown, floats->data, floats->len * sizeof (gfloat));
  g_free (floats->data);
  floats->data = grown;
  floats->size = size;
  return TRUE;
}

static void
clear_floats (GstClfftFloats * floats)
{
  g_clear_pointer (&floats->data, g_free);
  floats->len = floats->size = 0;
}

/* Posts the error of a failure to take or analyse audio. */
static void
post_failure (GstClfftSpectrogram * self, GError * error)
{
  if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY) &&
      self->nfft)
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Not enough host memory for the spectrogram's columns (FFTs of %u "
            "samples, %u channels).", self->nfft, self->out_channels),
        ("%s", error->message));
  else if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY))
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Not enough host memory for the audio of the spectrogram's columns "
            "(%u channels).", self->out_channels), ("%s", error->message));
  else
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Cannot draw the spectrogram on OpenCL device %s.",
            clfft_engine_get_device (self->device.engine)->name), ("%s",
            error->message));
  g_error_free (error);
  self->failed = TRUE;
}

/* The audio analysed from the next buffer on, its first frame at
 * origin (or at the next buffer's time, for GST_CLOCK_TIME_NONE). The
 * pictures' times go on. */
static void
restart_columns (GstClfftSpectrogram * self, GstClockTime origin)
{
  self->samples.len = 0;
  self->first_frame = 0;
  self->received = 0;
  self->columns = 0;
  self->origin = origin;
}

/* The pictures' times start at the next picture (a flush, a new stream),
 * and so do the audio's columns. */
static void
restart_stream (GstClfftSpectrogram * self)
{
  restart_columns (self, GST_CLOCK_TIME_NONE);
  g_byte_array_set_size (self->split_frame, 0);
  self->first_due = GST_CLOCK_TIME_NONE;
  self->n_due = 0;
  self->resume = GST_CLOCK_TIME_NONE;
}

/* The time of the frame after the last taken; GST_CLOCK_TIME_NONE before
 * the first. */
static GstClockTime
end_of_audio (GstClfftSpectrogram * self)
{
  if (!GST_CLOCK_TIME_IS_VALID (self->origin))
    return GST_CLOCK_TIME_NONE;
  return self->origin + gst_util_uint64_scale (self->received, GST_SECOND,
      MAX (self->rate, 1));
}

/* Where column k ends: frames from the origin. */
static guint64
column_end (GstClfftSpectrogram * self, guint64 k)
{
  return gst_util_uint64_scale (k + 1, self->interval_frames_num,
      GST_SECOND);
}

/* The audio's layout for the columns from the caps and properties;
 * whether it changed. */
static gboolean
read_audio_layout (GstClfftSpectrogram * self)
{
  GstAudioInfo *info = &GST_AUDIO_VISUALIZER (self)->ainfo;
  guint rate = GST_AUDIO_INFO_RATE (info), out_channels;
  guint64 interval;
  gboolean mix, changed;

  GST_OBJECT_LOCK (self);
  interval = self->interval;
  mix = self->multi_channel == GST_CLFFT_CHANNEL_LAYOUT_MIX;
  GST_OBJECT_UNLOCK (self);
  out_channels = mix ? 1 : GST_AUDIO_INFO_CHANNELS (info);
  changed = rate != self->rate || out_channels != self->out_channels
      || interval * rate != self->interval_frames_num;
  self->rate = rate;
  self->out_channels = out_channels;
  self->interval_frames_num = interval * rate;
  return changed;
}

/* The time of picture n of the pictures' grid. */
static GstClockTime
picture_time (GstClfftSpectrogram * self, guint64 n)
{
  return self->first_due + gst_util_uint64_scale (n, GST_SECOND *
      self->fps_d, self->fps_n);
}

/* The first picture of the grid at or after t (floor: at or before). */
static guint64
picture_at (GstClfftSpectrogram * self, GstClockTime t, gboolean floor)
{
  guint64 n;

  if (t <= self->first_due)
    return 0;
  n = gst_util_uint64_scale (t - self->first_due, self->fps_n,
      GST_SECOND * self->fps_d);
  if (!floor && picture_time (self, n) < t)
    n++;
  return n;
}

/* Appends n_frames whole frames: the mean of the channels, or each. */
static gboolean
append_frames (gpointer element, const guint8 * data, gsize n_frames)
{
  GstClfftSpectrogram *self = element;
  GstAudioInfo *info = &GST_AUDIO_VISUALIZER (self)->ainfo;
  GstAudioFormat format = GST_AUDIO_INFO_FORMAT (info);
  guint channels = GST_AUDIO_INFO_CHANNELS (info);
  gfloat max_value = gst_clfft_sample_max (info);
  gsize old = self->samples.len;
  GError *error = NULL;

  if (!reserve_floats (self, &self->samples, n_frames * self->out_channels,
          "the audio of a column", &error)) {
    post_failure (self, error);
    return FALSE;
  }
  self->samples.len += n_frames * self->out_channels;
  for (gsize j = 0; j < n_frames; j++) {
    gfloat *out = self->samples.data + old + j * self->out_channels;
    gsize first = j * channels;

    if (self->out_channels == 1 && channels > 1) {
      gfloat v = 0.0f;

      for (guint c = 0; c < channels; c++)
        v += gst_clfft_read_sample (data, format, first + c, max_value);
      out[0] = v / channels;
    } else {
      for (guint c = 0; c < self->out_channels; c++)
        out[c] = gst_clfft_read_sample (data, format, first + c, max_value);
    }
  }
  self->received += n_frames;
  return TRUE;
}

/* Takes the buffer's frames (pts: the time of its first byte). */
static void
take_samples (GstClfftSpectrogram * self, GstBuffer * buffer,
    GstClockTime pts)
{
  guint bpf = GST_AUDIO_INFO_BPF (&GST_AUDIO_VISUALIZER (self)->ainfo);
  GstClockTime expected = end_of_audio (self);
  GstMapInfo map;

  if (bpf == 0 || !gst_buffer_map (buffer, &map, GST_MAP_READ))
    return;
  if (!GST_CLOCK_TIME_IS_VALID (expected)
      || GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DISCONT)
      || (GstClockTimeDiff) (pts - expected) > (GstClockTimeDiff)
      RESYNC_TOLERANCE || (GstClockTimeDiff) (expected - pts) >
      (GstClockTimeDiff) RESYNC_TOLERANCE) {
    if (GST_CLOCK_TIME_IS_VALID (expected)) {
      GST_DEBUG_OBJECT (self, "audio at %" GST_TIME_FORMAT " where %"
          GST_TIME_FORMAT " was due: the columns start anew",
          GST_TIME_ARGS (pts), GST_TIME_ARGS (expected));
      /* no pictures of the gap: the next is the first of the new audio */
      if (pts > expected)
        self->resume = pts;
      g_byte_array_set_size (self->split_frame, 0);
    }
    restart_columns (self, pts);
  }
  gst_clfft_take_whole_frames (self->split_frame, map.data, map.size, bpf,
      append_frames, self);
  gst_buffer_unmap (buffer, &map);
}

/* Every sample is taken here, before the base class cuts the audio into
 * video frames (and drops the audio of late ones). Audio without
 * timestamps gets them here, counted from its samples, so that the base
 * class times its pictures as for audio with them. */
static GstFlowReturn
gst_clfft_spectrogram_chain (GstPad * pad, GstObject * parent,
    GstBuffer * buffer)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (parent);
  GstFlowReturn ret;

  if (self->failed) {
    gst_buffer_unref (buffer);
    return GST_FLOW_ERROR;
  }
  if (self->rate) {
    if (!GST_BUFFER_PTS_IS_VALID (buffer)) {
      GstClockTime next = end_of_audio (self);

      buffer = gst_buffer_make_writable (buffer);
      GST_BUFFER_PTS (buffer) = GST_CLOCK_TIME_IS_VALID (next) ? next :
          self->segment_start;
    }
    take_samples (self, buffer, GST_BUFFER_PTS (buffer));
    if (self->failed) {
      gst_buffer_unref (buffer);
      return GST_FLOW_ERROR;
    }
  }
  ret = self->base_chain (pad, parent, buffer);
  return self->failed ? GST_FLOW_ERROR : ret;
}

static GstPadProbeReturn
drop_not_due (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  return GST_BUFFER_FLAG_IS_SET (buffer, BUFFER_FLAG_NOT_DUE) ?
      GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK;
}

/* Neighbours asking for our engine (the GstContext exchange) get it, on
 * either pad, as from the other elements; the rest is the base class's. */
static gboolean
gst_clfft_spectrogram_query (GstPad * pad, GstObject * parent,
    GstQuery * query)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (parent);

  if (gst_clfft_device_answer_query (&self->device, query))
    return TRUE;
  return (GST_PAD_IS_SINK (pad) ? self->base_sink_query :
      self->base_src_query) (pad, parent, query);
}

static gboolean
gst_clfft_spectrogram_sink_event (GstPad * pad, GstObject * parent,
    GstEvent * event)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (parent);
  GstEventType type = GST_EVENT_TYPE (event);
  GstClockTime end = end_of_audio (self);
  gboolean ok;

  if (type == GST_EVENT_SEGMENT) {
    const GstSegment *segment;

    gst_event_parse_segment (event, &segment);
    if (segment->format == GST_FORMAT_TIME) {
      self->segment_start = segment->start;
    } else {
      /* raw audio from a file (BYTES): our pictures are timed from the
       * samples, in a TIME segment from 0, as rawaudioparse would */
      GstSegment time_segment;
      guint32 seqnum = gst_event_get_seqnum (event);

      gst_segment_init (&time_segment, GST_FORMAT_TIME);
      gst_event_unref (event);
      event = gst_event_new_segment (&time_segment);
      gst_event_set_seqnum (event, seqnum);
      self->segment_start = 0;
    }
  }
  ok = self->base_event (pad, parent, event);
  /* after the base class: the caps are its audio info now */
  if (type == GST_EVENT_FLUSH_STOP) {
    self->failed = FALSE;
    read_audio_layout (self);
    restart_stream (self);
  } else if (type == GST_EVENT_CAPS) {
    /* a new rate or number of channels: the painter's lines and stage
     * are of the old ones; made anew at the next picture */
    if (read_audio_layout (self))
      g_clear_pointer (&self->painter, clfft_spectrogram_free);
    /* audio of the new format goes on from where the old one ended */
    g_byte_array_set_size (self->split_frame, 0);
    restart_columns (self, end);
  } else if (type == GST_EVENT_SEGMENT) {
    /* a new segment (the next track of gapless playback, a seek's loop)
     * times its audio anew: so are the pictures, on a grid from the next
     * one, the picture kept */
    self->first_due = GST_CLOCK_TIME_NONE;
    self->n_due = 0;
    self->resume = GST_CLOCK_TIME_NONE;
  }
  return ok;
}

/* ---- the painter ---------------------------------------------------- */

/* The painter's colours for the video format: the map's colours in the
 * format's byte order (GRAY8: their luma), alpha and padding opaque. */
static gboolean
set_colours (GstClfftSpectrogram * self, GError ** error)
{
  const GstVideoInfo *vinfo = &GST_AUDIO_VISUALIZER (self)->vinfo;
  const GstVideoFormatInfo *finfo = vinfo->finfo;
  gboolean gray = GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo);
  GstClfftColourMap map;
  guint8 levels[256][4], blank[4] = { 0, 255, 255, 255 };

  GST_OBJECT_LOCK (self);
  map = self->colour_map;
  self->colours_pending = FALSE;
  GST_OBJECT_UNLOCK (self);
  if (!gray)
    for (guint i = 0; i < 3; i++)
      blank[GST_VIDEO_FORMAT_INFO_POFFSET (finfo, i)] = 0;
  for (guint level = 0; level < 256; level++) {
    guint8 rgb[3];

    gst_clfft_colour_map_rgb (map, level, rgb);
    memset (levels[level], 255, 4);
    if (gray)
      levels[level][0] = (guint8) floor (0.299 * rgb[0] + 0.587 * rgb[1] +
          0.114 * rgb[2] + 0.5);
    else
      for (guint i = 0; i < 3; i++)
        levels[level][GST_VIDEO_FORMAT_INFO_POFFSET (finfo, i)] = rgb[i];
  }
  return clfft_spectrogram_set_colours (self->painter, levels, blank, error);
}

/* The painter for the caps and properties, the columns started anew.
 * Posts the error of settings and host memory; where the device failed,
 * FALSE with error set and what failed in *task, for the caller's
 * fallback. */
static gboolean
make_painter (GstClfftSpectrogram * self, gchar ** task, GError ** error)
{
  GstAudioVisualizer *scope = GST_AUDIO_VISUALIZER (self);
  ClfftSpectrogramDesc desc = { 0 };
  GstClfftFrequencyScale scale;
  GstClfftChannelLayout layout;
  gdouble overlap;
  guint bands;

  g_clear_pointer (&self->painter, clfft_spectrogram_free);
  GST_OBJECT_LOCK (self);
  bands = self->bands;
  GST_OBJECT_UNLOCK (self);
  /* a new layout of the frames taken, or FFTs longer than the frames
   * kept: the columns start at the next frame */
  if ((read_audio_layout (self) || (self->nfft && 2 * bands - 2 !=
              self->nfft)) && GST_CLOCK_TIME_IS_VALID (self->origin))
    restart_columns (self, end_of_audio (self));
  GST_OBJECT_LOCK (self);
  overlap = self->overlap;
  self->visible = self->style == GST_CLFFT_SPECTROGRAM_STYLE_BARS ? 1 :
      GST_VIDEO_INFO_WIDTH (&scope->vinfo);
  scale = self->scale;
  layout = self->multi_channel;
  desc.window = (ClfftWindow) self->window;
  desc.average = (ClfftSpectrumAverage) self->average;
  desc.style = (ClfftSpectrogramStyle) self->style;
  desc.freq_min = self->freq_min;
  desc.freq_max = self->freq_max;
  self->reset_pending = FALSE;
  GST_OBJECT_UNLOCK (self);

  self->nfft = 2 * bands - 2;
  self->hop = MAX (1, self->nfft - (guint) floor (overlap * self->nfft +
          0.5));
  desc.n = self->nfft;
  desc.channels = self->out_channels;
  desc.rate = self->rate;
  desc.log_scale = scale == GST_CLFFT_FREQUENCY_SCALE_LOG;
  if (desc.freq_min == 0 && desc.log_scale)
    desc.freq_min = LOG_FREQ_MIN;
  if (desc.freq_max == 0 || desc.freq_max > self->rate / 2.0)
    desc.freq_max = self->rate / 2.0;
  desc.stacked = layout == GST_CLFFT_CHANNEL_LAYOUT_STACK;
  desc.width = GST_VIDEO_INFO_WIDTH (&scope->vinfo);
  desc.height = GST_VIDEO_INFO_HEIGHT (&scope->vinfo);
  desc.pixel_bytes = GST_VIDEO_INFO_COMP_PSTRIDE (&scope->vinfo, 0);
  if (!(desc.freq_min < desc.freq_max)) {
    GST_ELEMENT_ERROR (self, LIBRARY, SETTINGS,
        ("No frequencies from freq-min %g Hz to freq-max %g Hz at %u Hz.",
            desc.freq_min, desc.freq_max, self->rate), ("freq-min must be "
            "below freq-max (0: half the rate)"));
    return FALSE;
  }
  self->painter = clfft_spectrogram_new (self->device.engine, &desc, error);
  self->painted_format = GST_VIDEO_INFO_FORMAT (&scope->vinfo);
  self->painted_width = desc.width;
  self->painted_height = desc.height;
  if (!self->painter || !set_colours (self, error)) {
    g_clear_pointer (&self->painter, clfft_spectrogram_free);
    if (clfft_error_is_device_failure (*error)) {
      *task = g_strdup_printf ("prepare a %ux%u spectrogram of %u bands, "
          "%u channels%s", desc.width, desc.height, bands, desc.channels,
          desc.stacked ? " stacked" : "");
    } else if (g_error_matches (*error, CLFFT_ERROR,
            CLFFT_ERROR_HOST_MEMORY)) {
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Not enough host memory for a spectrogram of %u bands, %u "
              "channels.", bands, desc.channels), ("%s", (*error)->message));
      g_clear_error (error);
    } else {
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Cannot draw a %ux%u spectrogram of %u bands, %u channels%s.",
              desc.width, desc.height, bands, desc.channels,
              desc.stacked ? " stacked" : ""), ("%s", (*error)->message));
      g_clear_error (error);
    }
    return FALSE;
  }
  GST_INFO_OBJECT (self, "%ux%u, %u bands: FFTs of %u every %u frames, "
      "%u channels, %g to %g Hz", desc.width, desc.height, bands,
      self->nfft, self->hop, desc.channels, desc.freq_min, desc.freq_max);
  return TRUE;
}

static gboolean
gst_clfft_spectrogram_setup (GstAudioVisualizer * scope)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (scope);

  /* made at the next picture, once both caps are known; a new frame
   * rate alone keeps the picture */
  if (GST_VIDEO_INFO_FORMAT (&scope->vinfo) != self->painted_format
      || GST_VIDEO_INFO_WIDTH (&scope->vinfo) != self->painted_width
      || GST_VIDEO_INFO_HEIGHT (&scope->vinfo) != self->painted_height)
    g_clear_pointer (&self->painter, clfft_spectrogram_free);
  /* a new frame rate: its pictures start where the last one ended */
  if (GST_CLOCK_TIME_IS_VALID (self->first_due) && (self->fps_n !=
          scope->vinfo.fps_n || self->fps_d != scope->vinfo.fps_d)) {
    if (self->fps_n > 0)
      self->first_due = picture_time (self, self->n_due);
    self->n_due = 0;
  }
  self->fps_n = scope->vinfo.fps_n;
  self->fps_d = scope->vinfo.fps_d;
  gst_clfft_device_set_load (&self->device,
      (gdouble) GST_AUDIO_INFO_RATE (&scope->ainfo) *
      GST_AUDIO_INFO_BPF (&scope->ainfo));
  return TRUE;
}

/* ---- pictures ------------------------------------------------------- */

/* Stages the step at frame p of each channel: frames before the origin
 * (or no longer kept) are silence. */
static void
stage_step (GstClfftSpectrogram * self, gint64 p)
{
  const guint oc = self->out_channels, n = self->nfft;
  gfloat *stage = self->stage.data + self->stage.len;

  for (guint c = 0; c < oc; c++) {
    gfloat *out = stage + (gsize) c * n;

    for (guint i = 0; i < n; i++) {
      gint64 f = p + i;

      out[i] = f < (gint64) self->first_frame ? 0.0f :
          self->samples.data[(gsize) (f - (gint64) self->first_frame) * oc +
          c];
    }
  }
  self->stage.len += (gsize) oc * n;
}

/* The steps of column k. */
static guint64
column_steps (GstClfftSpectrogram * self, guint64 k)
{
  guint64 start = k ? column_end (self, k - 1) : 0;
  guint64 stop = column_end (self, k);

  return stop - start >= self->nfft ? (stop - start - self->nfft) /
      self->hop + 1 : 1;
}

/* Columns first .. end - 1 on the device, in batches of at most
 * MAX_STAGE_BYTES of steps (or one column), so that the host holds only
 * the audio and one batch. */
static gboolean
draw_columns (GstClfftSpectrogram * self, guint64 first, guint64 end,
    GError ** error)
{
  const gsize step_floats = (gsize) self->out_channels * self->nfft;
  const guint64 batch_steps = MAX (MAX_STAGE_BYTES / sizeof (gfloat) /
      step_floats, 1);

  for (guint64 k = first; k < end;) {
    guint64 last = k, steps = column_steps (self, k);
    guint n_steps = 0;

    while (last + 1 < end && steps + column_steps (self, last + 1) <=
        batch_steps)
      steps += column_steps (self, ++last);
    if (steps > G_MAXUINT) {
      g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY,
          "no host memory for a column of %" G_GUINT64_FORMAT " FFTs", steps);
      return FALSE;
    }
    self->stage.len = 0;
    g_array_set_size (self->column_start, 0);
    if (!reserve_floats (self, &self->stage, (gsize) steps * step_floats,
            "the FFTs of a column", error))
      return FALSE;
    for (; k <= last; k++) {
      guint64 start = k ? column_end (self, k - 1) : 0;
      guint64 stop = column_end (self, k);

      g_array_append_val (self->column_start, n_steps);
      if (stop - start >= self->nfft) {
        for (guint64 p = start; p + self->nfft <= stop; p += self->hop) {
          stage_step (self, (gint64) p);
          n_steps++;
        }
      } else {
        stage_step (self, (gint64) stop - self->nfft);
        n_steps++;
      }
    }
    g_array_append_val (self->column_start, n_steps);
    if (!clfft_spectrogram_add_columns (self->painter, self->stage.data,
            n_steps, (const guint *) self->column_start->data,
            self->column_start->len - 1, error))
      return FALSE;
  }
  return TRUE;
}

/* The columns whose audio ended by frame limit, on the device; their end
 * in *end. Until commit_columns, they may be added again (after a
 * fallback). */
static gboolean
add_columns (GstClfftSpectrogram * self, guint64 limit, guint64 * end,
    GError ** error)
{
  guint64 k = self->columns;

  *end = k;
  while (column_end (self, *end) <= limit)
    (*end)++;
  if (*end == k)
    return TRUE;
  /* columns that would leave the picture at once are not drawn */
  return draw_columns (self, *end - MIN (*end - k, self->visible), *end,
      error);
}

/* The columns up to end are in the picture: their audio goes. */
static void
commit_columns (GstClfftSpectrogram * self, guint64 end)
{
  guint64 keep;

  if (end == self->columns)
    return;
  self->columns = end;
  /* the next column needs its own frames and up to nfft before them */
  keep = column_end (self, end - 1);
  keep = keep > self->nfft ? keep - self->nfft : 0;
  if (keep > self->first_frame) {
    gsize dropped = MIN ((keep - self->first_frame) * self->out_channels,
        self->samples.len);

    memmove (self->samples.data, self->samples.data + dropped,
        (self->samples.len - dropped) * sizeof (gfloat));
    self->samples.len -= dropped;
    self->first_frame = keep;
  }
}

/* The painter again, on the engine fallen back to (GstClfftRemake), with
 * its columns as of its last picture. */
static gboolean
remake_painter (GstElement * element, GError ** error)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (element);
  ClfftSpectrogram *moved;

  /* none where making it failed: made at the next attempt */
  if (!self->painter)
    return TRUE;
  if (!(moved = clfft_spectrogram_copy_to (self->painter, self->device.engine,
              error)))
    return FALSE;
  clfft_spectrogram_free (self->painter);
  self->painter = moved;
  return TRUE;
}

/* A failure (cause, taken) of the device work for a picture, doing task:
 * where the device failed, with fallback (and may_fall_back: not for the
 * same picture twice), the painter moves to the next usable device; else
 * an error. TRUE when the work may be done again there. */
static gboolean
picture_failed (GstClfftSpectrogram * self, GError * cause,
    gboolean may_fall_back, const gchar * task)
{
  gboolean fallback, ok;

  if (!clfft_error_is_device_failure (cause)) {
    post_failure (self, cause);
    return FALSE;
  }
  fallback = gst_clfft_device_get_fallback (&self->device) && may_fall_back;
  ok = gst_clfft_device_failed (&self->device, fallback, cause, task,
      "its columns in progress", remake_painter);
  g_error_free (cause);
  if (!ok)
    self->failed = TRUE;
  return ok;
}

/* The painter for the properties: made anew where reset or where there
 * is none, its colours set anew where recolour. FALSE where it failed,
 * with the error posted. */
static gboolean
ensure_painter (GstClfftSpectrogram * self, gboolean reset,
    gboolean recolour)
{
  for (guint attempt = 0;; attempt++) {
    GError *error = NULL;
    gchar *task = NULL;
    gboolean ok;

    if ((reset || !self->painter) && !make_painter (self, &task, &error)) {
      /* make_painter posted its own errors */
      if (!error) {
        self->failed = TRUE;
        return FALSE;
      }
    } else if (recolour && !set_colours (self, &error)) {
      task = g_strdup ("set the colours");
    } else {
      return TRUE;
    }
    /* after a fallback: a painter moved, or none, made there */
    reset = FALSE;
    ok = picture_failed (self, error, attempt == 0, task);
    g_free (task);
    if (!ok)
      return FALSE;
  }
}

/* The base class renders a picture at the start of each buffer's audio
 * and then every picture's worth, starting again at the last one at the
 * next buffer, so its pictures follow the buffers rather than the frame
 * rate. Ours are on a grid of their own: picture n at first_due + n
 * frame durations, going on through restarts of the columns (properties,
 * caps) and frame-rate changes (rebased at the change). A picture goes out
 * once its audio has come; the base class's others are marked and dropped
 * on the source pad.
 * A failure posts its error and sets failed, which the chain returns as
 * GST_FLOW_ERROR: render returns TRUE, since GStreamer 1.22's base class
 * keeps its lock held after a render that fails and aborts when the
 * element is freed; the picture not drawn is marked, as one not due, and
 * dropped. */
static gboolean
gst_clfft_spectrogram_render (GstAudioVisualizer * scope, GstBuffer * audio,
    GstVideoFrame * video)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (scope);
  GstClockTime pts = GST_BUFFER_PTS (video->buffer);
  GstClockTime duration = GST_BUFFER_DURATION (video->buffer);
  gboolean reset, recolour, columns_due = FALSE;
  gdouble gain, range;
  guint64 due_end = 0;
  GError *error = NULL;

  /* The audio was taken in the chain function: this buffer's samples are
   * not read. GStreamer 1.24's GstAudioVisualizer (Ubuntu 24.04's 1.24.2)
   * appends each picture's samples to this one buffer and never drops the
   * old ones, so that it grew by a picture's audio at every picture:
   * drop them here (where the buffer is the base class's own). */
  if (gst_buffer_is_writable (audio))
    gst_buffer_remove_all_memory (audio);

  GST_OBJECT_LOCK (self);
  reset = self->reset_pending;
  recolour = self->colours_pending;
  gain = self->gain;
  range = self->range;
  GST_OBJECT_UNLOCK (self);
  /* until it is drawn */
  GST_BUFFER_FLAG_SET (video->buffer, BUFFER_FLAG_NOT_DUE);
  if (self->failed || !ensure_painter (self, reset, recolour))
    return TRUE;
  if (GST_CLOCK_TIME_IS_VALID (pts) && GST_CLOCK_TIME_IS_VALID (duration)
      && GST_CLOCK_TIME_IS_VALID (self->origin) && self->fps_n > 0) {
    GstClockTime due;

    if (!GST_CLOCK_TIME_IS_VALID (self->first_due)) {
      self->first_due = MAX (pts, self->origin);
      self->n_due = 0;
    }
    /* after a gap in the audio, the first picture of the audio after it */
    if (GST_CLOCK_TIME_IS_VALID (self->resume)) {
      self->n_due = MAX (self->n_due, picture_at (self, self->resume,
              FALSE));
      self->resume = GST_CLOCK_TIME_NONE;
    }
    due = picture_time (self, self->n_due);
    /* far behind the base class's pictures (it skipped late ones for
     * QoS): on to the last picture whose audio it has */
    if (pts > due + 2 * duration) {
      self->n_due = picture_at (self, pts, TRUE);
      due = picture_time (self, self->n_due);
    }
    /* a picture whose audio ended before the origin (before a restart of
     * the columns) shows the columns it has */
    due_end = due + duration <= self->origin ? 0 :
        gst_util_uint64_scale_round (due + duration - self->origin,
        self->rate, GST_SECOND);
    if (due_end > self->received)
      return TRUE;
    GST_BUFFER_PTS (video->buffer) = due;
    self->n_due++;
    columns_due = TRUE;
  }
  /* the columns that end by the end of this picture, and the picture;
   * after a fallback, both again on the next device */
  for (guint attempt = 0;; attempt++) {
    guint64 end = self->columns;

    clfft_spectrogram_set_levels (self->painter, gain, range);
    if ((!columns_due || add_columns (self, due_end, &end, &error))
        && clfft_spectrogram_draw (self->painter,
            GST_VIDEO_FRAME_PLANE_DATA (video, 0),
            GST_VIDEO_FRAME_PLANE_STRIDE (video, 0), &error)) {
      commit_columns (self, end);
      GST_BUFFER_FLAG_UNSET (video->buffer, BUFFER_FLAG_NOT_DUE);
      return TRUE;
    }
    if (!picture_failed (self, error, attempt == 0, "draw the spectrogram"))
      return TRUE;
    error = NULL;
  }
}

/* ---- properties and the element ------------------------------------- */

static void
gst_clfft_spectrogram_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (object);
  gboolean reset = TRUE;

  if (gst_clfft_device_set_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_BANDS:
      self->bands = g_value_get_uint (value);
      break;
    case PROP_INTERVAL:
      self->interval = g_value_get_uint64 (value);
      break;
    case PROP_WINDOW:
      self->window = g_value_get_enum (value);
      break;
    case PROP_OVERLAP:
      self->overlap = g_value_get_double (value);
      break;
    case PROP_AVERAGE:
      self->average = g_value_get_enum (value);
      break;
    case PROP_STYLE:
      self->style = g_value_get_enum (value);
      break;
    case PROP_SCALE:
      self->scale = g_value_get_enum (value);
      break;
    case PROP_FREQ_MIN:
      self->freq_min = g_value_get_double (value);
      break;
    case PROP_FREQ_MAX:
      self->freq_max = g_value_get_double (value);
      break;
    case PROP_MULTI_CHANNEL:
      self->multi_channel = g_value_get_enum (value);
      break;
    case PROP_RANGE:
      self->range = g_value_get_double (value);
      reset = FALSE;
      break;
    case PROP_GAIN:
      self->gain = g_value_get_double (value);
      reset = FALSE;
      break;
    case PROP_COLOUR_MAP:
      self->colour_map = g_value_get_enum (value);
      self->colours_pending = TRUE;
      reset = FALSE;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      reset = FALSE;
      break;
  }
  if (reset)
    self->reset_pending = TRUE;
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_spectrogram_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (object);

  if (gst_clfft_device_get_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_BANDS:
      g_value_set_uint (value, self->bands);
      break;
    case PROP_INTERVAL:
      g_value_set_uint64 (value, self->interval);
      break;
    case PROP_WINDOW:
      g_value_set_enum (value, self->window);
      break;
    case PROP_OVERLAP:
      g_value_set_double (value, self->overlap);
      break;
    case PROP_AVERAGE:
      g_value_set_enum (value, self->average);
      break;
    case PROP_STYLE:
      g_value_set_enum (value, self->style);
      break;
    case PROP_SCALE:
      g_value_set_enum (value, self->scale);
      break;
    case PROP_FREQ_MIN:
      g_value_set_double (value, self->freq_min);
      break;
    case PROP_FREQ_MAX:
      g_value_set_double (value, self->freq_max);
      break;
    case PROP_RANGE:
      g_value_set_double (value, self->range);
      break;
    case PROP_GAIN:
      g_value_set_double (value, self->gain);
      break;
    case PROP_COLOUR_MAP:
      g_value_set_enum (value, self->colour_map);
      break;
    case PROP_MULTI_CHANNEL:
      g_value_set_enum (value, self->multi_channel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_spectrogram_set_context (GstElement * element, GstContext * context)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (element);

  gst_clfft_device_set_context (&self->device, context);
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

static GstStateChangeReturn
gst_clfft_spectrogram_change_state (GstElement * element,
    GstStateChange transition)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (element);
  GstStateChangeReturn ret = gst_clfft_device_change_state (&self->device,
      transition, GST_ELEMENT_CLASS (parent_class));

  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY) {
    g_clear_pointer (&self->painter, clfft_spectrogram_free);
    self->failed = FALSE;
    restart_stream (self);
  }
  return ret;
}

static void
gst_clfft_spectrogram_finalize (GObject * object)
{
  GstClfftSpectrogram *self = GST_CLFFT_SPECTROGRAM (object);

  g_clear_pointer (&self->painter, clfft_spectrogram_free);
  clear_floats (&self->samples);
  g_byte_array_unref (self->split_frame);
  clear_floats (&self->stage);
  g_array_unref (self->column_start);
  gst_clfft_device_clear (&self->device);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static const GstClfftDeviceProperties device_properties = {
  .fallback_blurb = "When the device fails in mid-stream, draw the picture, "
      "its columns in progress and the rest of the stream on the next usable "
      "device (a CPU through PoCL first), with a warning message naming "
      "both, instead of stopping with an error",
  .device_index_blurb = "OpenCL device, as for clfft2dfilter (-1: the least "
      "loaded of the devices GST_CLFFT_DEVICE names, else of the fastest "
      "GPUs, else of the CPUs); read from NULL to READY",
  .device_name_blurb = "The OpenCL device in use, from READY on",
};

static void
gst_clfft_spectrogram_class_init (GstClfftSpectrogramClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstAudioVisualizerClass *scope_class = GST_AUDIO_VISUALIZER_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
      GST_PARAM_MUTABLE_PLAYING;

  GST_DEBUG_CATEGORY_INIT (gst_clfft_spectrogram_debug, "clfftspectrogram",
      0, "clfftspectrogram: spectrograms drawn on OpenCL devices");

  gobject_class->set_property = gst_clfft_spectrogram_set_property;
  gobject_class->get_property = gst_clfft_spectrogram_get_property;
  gobject_class->finalize = gst_clfft_spectrogram_finalize;
  element_class->set_context =
      GST_DEBUG_FUNCPTR (gst_clfft_spectrogram_set_context);
  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_clfft_spectrogram_change_state);
  scope_class->setup = GST_DEBUG_FUNCPTR (gst_clfft_spectrogram_setup);
  scope_class->render = GST_DEBUG_FUNCPTR (gst_clfft_spectrogram_render);

  g_object_class_install_property (gobject_class, PROP_BANDS,
      g_param_spec_uint ("bands", "Bands", "FFT bins from 0 Hz to half the "
          "rate: each FFT takes 2 x bands - 2 samples", 2, MAX_BANDS,
          DEFAULT_BANDS, rw));
  g_object_class_install_property (gobject_class, PROP_INTERVAL,
      g_param_spec_uint64 ("interval", "Interval", "Nanoseconds of audio a "
          "column (for bars, a new spectrum)", MIN_INTERVAL, MAX_INTERVAL,
          DEFAULT_INTERVAL, rw));
  g_object_class_install_property (gobject_class, PROP_WINDOW,
      g_param_spec_enum ("window", "Window", "Window of each FFT",
          GST_TYPE_CLFFT_WINDOW, DEFAULT_WINDOW, rw));
  g_object_class_install_property (gobject_class, PROP_OVERLAP,
      g_param_spec_double ("overlap", "Overlap", "Fraction by which the "
          "FFTs of an interval longer than one overlap", 0.0, MAX_OVERLAP,
          DEFAULT_OVERLAP, rw));
  g_object_class_install_property (gobject_class, PROP_AVERAGE,
      g_param_spec_enum ("average", "Average", "How an interval's FFTs are "
          "averaged", GST_TYPE_CLFFT_AVERAGE, DEFAULT_AVERAGE, rw));
  g_object_class_install_property (gobject_class, PROP_STYLE,
      g_param_spec_enum ("style", "Style", "What the picture shows",
          GST_TYPE_CLFFT_SPECTROGRAM_STYLE, DEFAULT_STYLE, rw));
  g_object_class_install_property (gobject_class, PROP_SCALE,
      g_param_spec_enum ("scale", "Scale", "The frequency axis",
          GST_TYPE_CLFFT_FREQUENCY_SCALE, DEFAULT_SCALE, rw));
  g_object_class_install_property (gobject_class, PROP_FREQ_MIN,
      g_param_spec_double ("freq-min", "Lowest frequency", "Hz at the "
          "bottom (for bars, the left); 0: 0 Hz on the linear scale, 20 Hz "
          "on the log scale", 0.0, MAX_FREQ, DEFAULT_FREQ_MIN, rw));
  g_object_class_install_property (gobject_class, PROP_FREQ_MAX,
      g_param_spec_double ("freq-max", "Highest frequency", "Hz at the top "
          "(for bars, the right), at most half the rate (0: half the rate)",
          0.0, MAX_FREQ, DEFAULT_FREQ_MAX, rw));
  g_object_class_install_property (gobject_class, PROP_RANGE,
      g_param_spec_double ("range", "Range", "Decibels from the lowest "
          "colour to the highest", 1.0, MAX_RANGE, DEFAULT_RANGE,
          rw | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_GAIN,
      g_param_spec_double ("gain", "Gain", "Decibels added before the "
          "colours: the highest colour is at -gain dB", -MAX_GAIN, MAX_GAIN,
          DEFAULT_GAIN, rw | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_COLOUR_MAP,
      g_param_spec_enum ("colour-map", "Colour map", "Colours from the "
          "lowest level to the highest (GRAY8 output: their luma)",
          GST_TYPE_CLFFT_COLOUR_MAP, DEFAULT_COLOUR_MAP, rw));
  g_object_class_install_property (gobject_class, PROP_MULTI_CHANNEL,
      g_param_spec_enum ("multi-channel", "Multi-channel", "How channels "
          "are shown", GST_TYPE_CLFFT_CHANNEL_LAYOUT, DEFAULT_MULTI_CHANNEL,
          rw));
  gst_clfft_device_install_properties (gobject_class, PROP_DEVICE_FIRST,
      &device_properties);

  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);
  gst_element_class_set_static_metadata (element_class,
      "OpenCL spectrogram", "Visualization",
      "Draws a spectrogram or bars of the audio on an OpenCL device",
      "gst-clfft developers");
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_SPECTROGRAM_STYLE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_FREQUENCY_SCALE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_CHANNEL_LAYOUT, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_COLOUR_MAP, 0);
}

static void
gst_clfft_spectrogram_init (GstClfftSpectrogram * self)
{
  GstPad *sink = gst_element_get_static_pad (GST_ELEMENT (self), "sink");
  GstPad *src;

  self->bands = DEFAULT_BANDS;
  self->interval = DEFAULT_INTERVAL;
  self->window = DEFAULT_WINDOW;
  self->overlap = DEFAULT_OVERLAP;
  self->average = DEFAULT_AVERAGE;
  self->style = DEFAULT_STYLE;
  self->scale = DEFAULT_SCALE;
  self->freq_min = DEFAULT_FREQ_MIN;
  self->freq_max = DEFAULT_FREQ_MAX;
  self->range = DEFAULT_RANGE;
  self->gain = DEFAULT_GAIN;
  self->colour_map = DEFAULT_COLOUR_MAP;
  self->multi_channel = DEFAULT_MULTI_CHANNEL;
  gst_clfft_device_init (&self->device, GST_ELEMENT (self));
  self->column_start = g_array_new (FALSE, FALSE, sizeof (guint));
  self->split_frame = g_byte_array_new ();
  self->origin = GST_CLOCK_TIME_NONE;
  self->first_due = GST_CLOCK_TIME_NONE;
  self->resume = GST_CLOCK_TIME_NONE;
  /* our pictures cover the whole frame: no shading of the last one */
  g_object_set (self, "shader", 0, NULL);
  self->base_chain = GST_PAD_CHAINFUNC (sink);
  self->base_event = GST_PAD_EVENTFUNC (sink);
  gst_pad_set_chain_function (sink, gst_clfft_spectrogram_chain);
  gst_pad_set_event_function (sink, gst_clfft_spectrogram_sink_event);
  self->base_sink_query = GST_PAD_QUERYFUNC (sink);
  gst_pad_set_query_function (sink, gst_clfft_spectrogram_query);
  gst_object_unref (sink);
  src = gst_element_get_static_pad (GST_ELEMENT (self), "src");
  self->base_src_query = GST_PAD_QUERYFUNC (src);
  gst_pad_set_query_function (src, gst_clfft_spectrogram_query);
  gst_pad_add_probe (src, GST_PAD_PROBE_TYPE_BUFFER, drop_not_due, NULL,
      NULL);
  gst_object_unref (src);
}
