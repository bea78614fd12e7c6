/**
 * SECTION:element-clfftspectrum
 * @title: clfftspectrum
 *
 * A drop-in for GStreamer's `spectrum` whose FFTs run batched on an
 * OpenCL device. The audio passes through unchanged; every
 * #GstClfftSpectrum:interval an element message named `spectrum` is
 * posted with the same fields, types and numbers as `spectrum`'s:
 * `endtime`, `timestamp`, `stream-time`, `running-time`, `duration`
 * (guint64), then `magnitude` (dB) and `phase` (radians), a GST_TYPE_LIST
 * of #GstClfftSpectrum:bands floats, or with
 * #GstClfftSpectrum:multi-channel a GST_TYPE_ARRAY of one GST_TYPE_ARRAY
 * per channel.
 *
 * As in `spectrum`, each FFT takes 2 x bands - 2 samples (the mean of the
 * channels, or each channel), windowed, and gives per band
 * 10 log10 (|X|^2 / nfft^2) clamped below at #GstClfftSpectrum:threshold;
 * a message carries the mean of those over the interval's FFTs, which
 * start at the interval's start and follow one another (one FFT at the
 * interval's end when it is shorter than an FFT). Samples are collected on
 * the host; when a buffer ends intervals, all FFTs staged for them, of
 * every channel, go to the device in one batched launch with the window,
 * the decibels, the threshold and the sums, and only the sums come back.
 *
 * On top of `spectrum`, all off by default: #GstClfftSpectrum:window,
 * #GstClfftSpectrum:overlap (Welch averaging),
 * #GstClfftSpectrum:compact-messages (magnitudes and phases as one
 * GstBuffer of floats each) and #GstClfftSpectrum:post-partial-interval
 * (the last, partial interval at EOS). With #GstClfftSpectrum:fallback, a
 * device that fails in mid-stream does not stop the stream: the staged
 * FFTs and the rest go to the next usable device, with a warning message
 * that names both devices.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 -m audiotestsrc wave=sine freq=1000 num-buffers=50 ! \
 *     audioconvert ! clfftspectrum bands=1025 interval=100000000 ! \
 *     fakesink
 * ]| Prints a `spectrum` message every 100 ms; the 1 kHz band stands out.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "gstclfftspectrum.h"
#include "gstclfftaudiosamples.h"
#include "gstclfftcontext.h"
#include "gstclfftelements.h"

GST_DEBUG_CATEGORY_STATIC (gst_clfft_spectrum_debug);
#define GST_CAT_DEFAULT gst_clfft_spectrum_debug

/* spectrum's defaults and ranges */
#define DEFAULT_BANDS 128
/* the FFT takes 2 x bands - 2 samples */
#define MAX_BANDS (CLFFT_SPECTRUM_MAX_LENGTH / 2 + 1)
#define DEFAULT_THRESHOLD -60
#define DEFAULT_INTERVAL (GST_SECOND / 10)
#define DEFAULT_MULTI_CHANNEL FALSE
#define DEFAULT_MESSAGE_MAGNITUDE TRUE
#define DEFAULT_MESSAGE_PHASE FALSE
#define DEFAULT_POST_MESSAGES TRUE
/* ours */
#define DEFAULT_WINDOW GST_CLFFT_WINDOW_HAMMING
#define DEFAULT_OVERLAP 0.0
#define MAX_OVERLAP 0.95
#define DEFAULT_COMPACT_MESSAGES FALSE
#define DEFAULT_POST_PARTIAL_INTERVAL FALSE
#define DEFAULT_TUNING GST_CLFFT_SPECTRUM_TUNING_AUTO
#define DEFAULT_AVERAGE GST_CLFFT_AVERAGE_DB
#define DEFAULT_BAND_SCALE GST_CLFFT_BAND_SCALE_LINEAR
#define DEFAULT_FREQ_MIN 20.0
#define DEFAULT_FREQ_MAX 0.0
#define MAX_FREQ 1.0e6
#define DEFAULT_BANDS_PER_OCTAVE 3
#define MAX_BANDS_PER_OCTAVE 48

/* Samples staged before the device runs, even with no interval ended. */
#define MAX_STAGED_SAMPLES (16u << 20)

enum
{
  PROP_0,
  PROP_POST_MESSAGES,
  PROP_MESSAGE_MAGNITUDE,
  PROP_MESSAGE_PHASE,
  PROP_INTERVAL,
  PROP_BANDS,
  PROP_THRESHOLD,
  PROP_MULTI_CHANNEL,
  PROP_WINDOW,
  PROP_OVERLAP,
  PROP_COMPACT_MESSAGES,
  PROP_POST_PARTIAL_INTERVAL,
  PROP_AVERAGE,
  PROP_BAND_SCALE,
  PROP_FREQ_MIN,
  PROP_FREQ_MAX,
  PROP_BANDS_PER_OCTAVE,
  /* and on, GstClfftDeviceProp */
  PROP_DEVICE_FIRST,
};


GType
gst_clfft_window_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_WINDOW_HAMMING, "Hamming (spectrum's)", "hamming"},
    {GST_CLFFT_WINDOW_HANN, "Hann", "hann"},
    {GST_CLFFT_WINDOW_BLACKMAN, "Blackman", "blackman"},
    {GST_CLFFT_WINDOW_BLACKMAN_HARRIS, "Blackman-Harris, 4 terms",
        "blackman-harris"},
    {GST_CLFFT_WINDOW_FLATTOP, "Flat top, for amplitudes", "flattop"},
    {GST_CLFFT_WINDOW_RECTANGULAR, "Rectangular (none)", "rectangular"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftWindow", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_band_scale_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_BAND_SCALE_LINEAR, "The FFT's bins from 0 Hz to Nyquist "
          "(spectrum's)", "linear"},
    {GST_CLFFT_BAND_SCALE_LOG, "bands bands, log-spaced from freq-min to "
          "freq-max", "log"},
    {GST_CLFFT_BAND_SCALE_OCTAVE, "bands-per-octave bands an octave from "
          "freq-min to freq-max", "octave"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftBandScale", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_average_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_AVERAGE_DB, "The mean of the decibels (spectrum's)", "db"},
    {GST_CLFFT_AVERAGE_POWER, "The decibels of the mean power, which does "
          "not bias noise down", "power"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftAverage", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_spectrum_tuning_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_SPECTRUM_TUNING_AUTO, "Automatic (off: spectra take "
          "microseconds)", "auto"},
    {GST_CLFFT_SPECTRUM_TUNING_OFF, "The rule's schedules", "off"},
    {GST_CLFFT_SPECTRUM_TUNING_BLOCKING, "Timed at the first launch of a "
          "new length or batch, holding the stream", "blocking"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftSpectrumTuning", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

#define gst_clfft_spectrum_parent_class parent_class
G_DEFINE_TYPE (GstClfftSpectrum, gst_clfft_spectrum, GST_TYPE_AUDIO_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clfftspectrum, "clfftspectrum", GST_RANK_NONE,
    GST_TYPE_CLFFT_SPECTRUM);

/* ---- state ---------------------------------------------------------- */

static void
free_state (GstClfftSpectrum * self)
{
  g_clear_pointer (&self->analyser, clfft_spectrum_free);
  g_clear_pointer (&self->ring, g_free);
  g_clear_pointer (&self->carry_magnitude, g_free);
  g_clear_pointer (&self->carry_phase, g_free);
  g_clear_pointer (&self->band_edges, g_array_unref);
  g_array_set_size (self->stage, 0);
  g_array_set_size (self->ended, 0);
  self->n_staged = 0;
  self->carry_valid = FALSE;
}

/* Drops the open interval (spectrum's flush: at a discontinuity). */
static void
drop_open_interval (GstClfftSpectrum * self)
{
  guint kept = self->ended->len ? g_array_index (self->ended,
      GstClfftSpectrumInterval, self->ended->len - 1).end_step : 0;

  self->num_frames = 0;
  self->num_fft = 0;
  self->accumulated_error = 0;
  self->n_staged = kept;
  g_array_set_size (self->stage, (gsize) kept * self->out_channels *
      self->nfft);
  self->carry_valid = FALSE;
}

/* spectrum's state for the current caps and properties. */
static gboolean
make_state (GstClfftSpectrum * self)
{
  GstAudioInfo *info = &GST_AUDIO_FILTER (self)->info;
  guint rate = GST_AUDIO_INFO_RATE (info);
  guint bands, bins;
  guint64 interval;
  gboolean multi_channel;
  gdouble overlap;
  ClfftWindow window;
  ClfftTuning tuning;
  GstClfftBandScale scale;
  guint per_octave;
  gdouble freq_min, freq_max;
  GError *error = NULL;
  gint64 start;

  GST_OBJECT_LOCK (self);
  bands = self->bands;
  interval = self->interval;
  multi_channel = self->multi_channel;
  overlap = self->overlap;
  window = (ClfftWindow) self->window;
  tuning = (ClfftTuning) self->device.tuning;
  self->state_average = self->average;
  scale = self->band_scale;
  per_octave = self->bands_per_octave;
  freq_min = self->freq_min;
  freq_max = self->freq_max;
  GST_OBJECT_UNLOCK (self);

  free_state (self);
  self->nfft = 2 * bands - 2;
  if (scale != GST_CLFFT_BAND_SCALE_LINEAR) {
    self->band_edges = g_array_new (FALSE, FALSE, sizeof (gdouble));
    if (!gst_clfft_band_edges (scale, bands, per_octave, freq_min, freq_max,
            rate, self->band_edges, &self->nfft)) {
      GST_ELEMENT_ERROR (self, LIBRARY, SETTINGS,
          ("No bands from freq-min %g Hz to freq-max %g Hz at %u Hz.",
              freq_min, freq_max, rate), ("freq-min must be above 0, "
              "below freq-max (0: half the rate) and a finite fraction of "
              "it"));
      g_clear_pointer (&self->band_edges, g_array_unref);
      return FALSE;
    }
  }
  self->state_multi_channel = multi_channel;
  self->out_channels = multi_channel ? GST_AUDIO_INFO_CHANNELS (info) : 1;
  start = g_get_monotonic_time ();
  self->analyser = clfft_spectrum_new (self->device.engine, self->nfft,
      self->out_channels, window, &error);
  if (self->analyser) {
    bins = clfft_spectrum_get_bins (self->analyser);
    if (!(self->ring = clfft_engine_try_alloc (self->device.engine,
                (gsize) self->out_channels * self->nfft, sizeof (gfloat),
                TRUE, "the channels' rings", &error))
        || !(self->carry_magnitude =
            clfft_engine_try_alloc (self->device.engine,
                (gsize) self->out_channels * bins, sizeof (gfloat), TRUE,
                "the magnitudes' sums", &error))
        || !(self->carry_phase = clfft_engine_try_alloc (self->device.engine,
                (gsize) self->out_channels * bins, sizeof (gfloat), TRUE,
                "the phases' sums", &error)))
      free_state (self);
  }
  if (!self->analyser) {
    if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY))
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Not enough host memory for spectra of %u bands of %u channels.",
              bands, self->out_channels), ("%s", error->message));
    else
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Cannot prepare spectra of %u bands on the OpenCL device.",
              bands), ("%s", error->message));
    g_error_free (error);
    return FALSE;
  }
  clfft_spectrum_set_tuning (self->analyser, tuning);
  clfft_spectrum_set_average (self->analyser,
      (ClfftSpectrumAverage) self->state_average);
  /* a log line, not clfft2dfilter's clfft-prepare message: the bus
   * carries spectrum's messages and no others */
  GST_INFO_OBJECT (self, "%u bands: plan in %.3f s (tuning %s)", bands,
      (g_get_monotonic_time () - start) / 1e6,
      clfft_tuning_name (clfft_spectrum_get_tuning (self->analyser)));
  self->hop = MAX (1, self->nfft - (guint) floor (overlap * self->nfft + 0.5));
  self->input_pos = 0;
  self->state_interval = interval;
  /* as spectrum: frames_todo is taken before the clamp to 1 */
  self->frames_per_interval = gst_util_uint64_scale (interval, rate,
      GST_SECOND);
  self->frames_todo = self->frames_per_interval;
  self->error_per_interval = (interval * rate) % GST_SECOND;
  if (self->frames_per_interval == 0)
    self->frames_per_interval = 1;
  self->num_frames = 0;
  self->num_fft = 0;
  self->accumulated_error = 0;
  GST_DEBUG_OBJECT (self, "%u bands: FFTs of %u every %u frames, %u "
      "channels, %" G_GUINT64_FORMAT " frames an interval", bands,
      self->nfft, self->hop, self->out_channels, self->frames_per_interval);
  return TRUE;
}

/* ---- input ---------------------------------------------------------- */

/* Writes n_frames frames into the rings from input_pos on: the mean of the
 * channels (summed in float, as spectrum does), or each channel. */
static void
read_frames (GstClfftSpectrum * self, const guint8 * data, guint n_frames)
{
  GstAudioInfo *info = &GST_AUDIO_FILTER (self)->info;
  GstAudioFormat format = GST_AUDIO_INFO_FORMAT (info);
  guint channels = GST_AUDIO_INFO_CHANNELS (info);
  gfloat max_value = gst_clfft_sample_max (info);
  guint pos = self->input_pos, nfft = self->nfft;

  for (guint j = 0; j < n_frames; j++) {
    gsize first = (gsize) j * channels;

    if (self->out_channels == 1) {
      gfloat v = 0.0f;

      for (guint c = 0; c < channels; c++)
        v += gst_clfft_read_sample (data, format, first + c, max_value);
      self->ring[pos] = v / channels;
    } else {
      for (guint c = 0; c < channels; c++)
        self->ring[(gsize) c * nfft + pos] = gst_clfft_read_sample (data,
            format, first + c, max_value);
    }
    pos = (pos + 1) % nfft;
  }
}

/* Stages one FFT step: each ring, oldest sample first. */
static void
stage_step (GstClfftSpectrum * self)
{
  guint nfft = self->nfft, pos = self->input_pos;

  for (guint c = 0; c < self->out_channels; c++) {
    const gfloat *ring = self->ring + (gsize) c * nfft;

    g_array_append_vals (self->stage, ring + pos, nfft - pos);
    g_array_append_vals (self->stage, ring, pos);
  }
  self->n_staged++;
  self->num_fft++;
}

/* ---- device and messages -------------------------------------------- */

/* Appends n floats to a GST_TYPE_LIST or GST_TYPE_ARRAY value. */
static void
append_floats (GValue * container, const gfloat * values, guint n)
{
  gboolean list = GST_VALUE_HOLDS_LIST (container);
  GValue v = G_VALUE_INIT;

  g_value_init (&v, G_TYPE_FLOAT);
  for (guint i = 0; i < n; i++) {
    g_value_set_float (&v, values[i]);
    if (list)
      gst_value_list_append_value (container, &v);
    else
      gst_value_array_append_value (container, &v);
  }
  g_value_unset (&v);
}

/* Sets field to the values of each channel, as spectrum does (a list of
 * floats, or with multi-channel an array of arrays, even of one channel),
 * or as one buffer of floats, channel after channel. */
static void
set_values_field (GstClfftSpectrum * self, GstStructure * s,
    const gchar * field, const gfloat * values, guint bands, gboolean compact)
{
  GValue value = G_VALUE_INIT;
  gsize n = (gsize) self->out_channels * bands;

  if (compact) {
    GstBuffer *buffer = gst_buffer_new_memdup (values, n * sizeof (gfloat));

    gst_structure_set (s, field, GST_TYPE_BUFFER, buffer, NULL);
    gst_buffer_unref (buffer);
    return;
  }
  if (!self->state_multi_channel) {
    gst_value_list_init (&value, bands);
    append_floats (&value, values, bands);
  } else {
    gst_value_array_init (&value, self->out_channels);
    for (guint c = 0; c < self->out_channels; c++) {
      GValue channel = G_VALUE_INIT;

      gst_value_array_init (&channel, bands);
      append_floats (&channel, values + (gsize) c * bands, bands);
      gst_value_array_append_and_take_value (&value, &channel);
    }
  }
  gst_structure_take_value (s, field, &value);
}

typedef struct
{
  gboolean magnitude, phase, compact;
} MessageFields;

static GstMessage *
interval_message (GstClfftSpectrum * self, const GstClfftSpectrumInterval *
    ended, const gfloat * magnitude, const gfloat * phase, guint bands,
    const MessageFields * fields)
{
  GstBaseTransform *trans = GST_BASE_TRANSFORM (self);
  /* a segment in another format than TIME (BYTES, from a raw file) gives
   * no running or stream time */
  const gboolean timed = trans->segment.format == GST_FORMAT_TIME;
  GstClockTime running_time = timed ? gst_segment_to_running_time
      (&trans->segment, GST_FORMAT_TIME, ended->timestamp) :
      GST_CLOCK_TIME_NONE;
  GstClockTime stream_time = timed ? gst_segment_to_stream_time
      (&trans->segment, GST_FORMAT_TIME, ended->timestamp) :
      GST_CLOCK_TIME_NONE;
  /* as spectrum, "for backwards compatibility" (wraps when NONE) */
  GstClockTime endtime = stream_time + ended->duration;
  GstStructure *s = gst_structure_new ("spectrum",
      "endtime", GST_TYPE_CLOCK_TIME, endtime,
      "timestamp", G_TYPE_UINT64, ended->timestamp,
      "stream-time", G_TYPE_UINT64, stream_time,
      "running-time", G_TYPE_UINT64, running_time,
      "duration", G_TYPE_UINT64, ended->duration, NULL);

  if (fields->compact)
    gst_structure_set (s, "channels", G_TYPE_UINT, self->out_channels,
        "bands", G_TYPE_UINT, bands, NULL);
  /* the log or octave bands' axis: edges, and centres (their geometric
   * means), in Hz */
  if (self->band_edges) {
    const GArray *edges = self->band_edges;
    gfloat *e = g_new (gfloat, edges->len), *centres = g_new (gfloat, bands);
    GValue list = G_VALUE_INIT;

    for (guint i = 0; i < edges->len; i++)
      e[i] = g_array_index (edges, gdouble, i);
    for (guint i = 0; i < bands; i++)
      centres[i] = sqrt (g_array_index (edges, gdouble, i) *
          g_array_index (edges, gdouble, i + 1));
    gst_value_list_init (&list, edges->len);
    append_floats (&list, e, edges->len);
    gst_structure_take_value (s, "band-edges", &list);
    gst_value_list_init (&list, bands);
    append_floats (&list, centres, bands);
    gst_structure_take_value (s, "frequencies", &list);
    g_free (e);
    g_free (centres);
  }
  if (fields->magnitude)
    set_values_field (self, s, "magnitude", magnitude, bands,
        fields->compact);
  if (fields->phase)
    set_values_field (self, s, "phase", phase, bands, fields->compact);
  return gst_message_new_element (GST_OBJECT (self), s);
}

/* The analyser again, on the engine fallen back to (GstClfftRemake). */
static gboolean
remake_analyser (GstElement * element, GError ** error)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (element);
  ClfftSpectrum *analyser;
  ClfftWindow window;

  GST_OBJECT_LOCK (self);
  window = (ClfftWindow) self->window;
  GST_OBJECT_UNLOCK (self);
  analyser = clfft_spectrum_new (self->device.engine, self->nfft,
      self->out_channels, window, error);
  if (!analyser)
    return FALSE;
  clfft_spectrum_set_tuning (analyser,
      clfft_spectrum_get_tuning (self->analyser));
  clfft_spectrum_set_average (analyser,
      (ClfftSpectrumAverage) self->state_average);
  clfft_spectrum_free (self->analyser);
  self->analyser = analyser;
  return TRUE;
}

/* Runs the staged steps on the device: one group per ended interval, and
 * one for the open interval's steps, whose sums carry over. Posts the
 * ended intervals' messages when post_messages. */
static gboolean
analyse_stage (GstClfftSpectrum * self)
{
  guint bins = clfft_spectrum_get_bins (self->analyser);
  guint rate = GST_AUDIO_INFO_RATE (&GST_AUDIO_FILTER (self)->info);
  gsize per_group = (gsize) self->out_channels * bins;
  guint n_ended = self->ended->len;
  gboolean open = self->n_staged > (n_ended ? g_array_index (self->ended,
          GstClfftSpectrumInterval, n_ended - 1).end_step : 0);
  guint n_groups = n_ended + (open ? 1 : 0);
  guint *group_start;
  gfloat *magnitude = NULL, *phase = NULL;
  MessageFields fields;
  gboolean post;
  gdouble threshold;
  GError *error = NULL;
  gboolean ok;

  if (n_groups == 0)
    return TRUE;
  GST_OBJECT_LOCK (self);
  fields.magnitude = self->message_magnitude;
  fields.phase = self->message_phase;
  fields.compact = self->compact_messages;
  post = self->post_messages;
  threshold = self->threshold;
  GST_OBJECT_UNLOCK (self);

  if (!(group_start = clfft_engine_try_alloc (self->device.engine,
              n_groups + 1, sizeof (guint), FALSE, "the intervals' steps",
              &error))
      || (fields.magnitude && !(magnitude = clfft_engine_try_alloc
              (self->device.engine, (gsize) n_groups * per_group,
                  sizeof (gfloat), TRUE, "the magnitudes", &error)))
      || (fields.phase && !(phase = clfft_engine_try_alloc (self->device.engine,
                  (gsize) n_groups * per_group, sizeof (gfloat), TRUE,
                  "the phases", &error)))) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Not enough host memory for the spectra of %u intervals.",
            n_groups), ("%s", error->message));
    g_error_free (error);
    g_free (group_start);
    g_free (magnitude);
    return FALSE;
  }
  group_start[0] = 0;
  for (guint g = 0; g < n_ended; g++)
    group_start[g + 1] = g_array_index (self->ended,
        GstClfftSpectrumInterval, g).end_step;
  group_start[n_groups] = self->n_staged;
  /* the staged frames are still on the host: after a fallback they run
   * again, once, on the next device */
  for (guint attempt = 0;; attempt++) {
    gboolean fallback;

    ok = clfft_spectrum_run (self->analyser,
        (const gfloat *) self->stage->data, self->n_staged, group_start,
        n_groups, threshold, magnitude, phase, &error);
    if (ok)
      break;
    /* only the device's failure may go better on another device */
    if (!clfft_error_is_device_failure (error)) {
      if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY))
        GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
            ("Not enough host memory to compute spectra of %u bands.",
                self->nfft / 2 + 1), ("%s", error->message));
      else
        GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
            ("Cannot compute spectra of %u bands.", self->nfft / 2 + 1),
            ("%s", error->message));
      g_error_free (error);
      break;
    }
    fallback = gst_clfft_device_get_fallback (&self->device) && attempt == 0;
    if (!gst_clfft_device_failed (&self->device, fallback, error,
            "compute spectra", "its spectra", remake_analyser)) {
      g_error_free (error);
      break;
    }
    g_clear_error (&error);
  }

  for (guint g = 0; ok && g < n_groups; g++) {
    gfloat *m = magnitude ? magnitude + g * per_group : NULL;
    gfloat *p = phase ? phase + g * per_group : NULL;

    /* the first group continues the interval open at the last run */
    if (g == 0 && self->carry_valid)
      for (gsize i = 0; i < per_group; i++) {
        if (m)
          m[i] += self->carry_magnitude[i];
        if (p)
          p[i] += self->carry_phase[i];
      }
    if (g < n_ended) {
      const GstClfftSpectrumInterval *ended = &g_array_index (self->ended,
          GstClfftSpectrumInterval, g);

      for (gsize i = 0; i < per_group; i++) {
        if (m)
          m[i] /= ended->num_fft;
        /* the mean power in decibels, clamped as each step's are */
        if (m && self->state_average == GST_CLFFT_AVERAGE_POWER)
          m[i] = MAX (10.0 * log10 (m[i]), threshold);
        if (p)
          p[i] /= ended->num_fft;
      }
      if (post && self->band_edges && m) {
        /* the scale's bands, each channel's from its bins; no phases */
        const guint n_bands = self->band_edges->len - 1;
        gfloat *banded = g_new (gfloat, (gsize) self->out_channels *
            n_bands);
        MessageFields banded_fields = fields;

        for (guint c = 0; c < self->out_channels; c++)
          gst_clfft_bins_to_bands (self->band_edges, self->nfft, rate,
              m + (gsize) c * bins, threshold, banded + (gsize) c * n_bands);
        banded_fields.phase = FALSE;
        gst_element_post_message (GST_ELEMENT (self),
            interval_message (self, ended, banded, NULL, n_bands,
                &banded_fields));
        g_free (banded);
      } else if (post) {
        gst_element_post_message (GST_ELEMENT (self),
            interval_message (self, ended, m, p, bins, &fields));
      }
    } else {
      /* what this run did not compute, its steps add nothing to (as in
       * spectrum, FFTs run while a message-* flag was off add nothing) */
      if (m)
        memcpy (self->carry_magnitude, m, per_group * sizeof (gfloat));
      else
        memset (self->carry_magnitude, 0, per_group * sizeof (gfloat));
      if (p)
        memcpy (self->carry_phase, p, per_group * sizeof (gfloat));
      else
        memset (self->carry_phase, 0, per_group * sizeof (gfloat));
    }
  }
  self->carry_valid = ok && open;
  g_array_set_size (self->stage, 0);
  g_array_set_size (self->ended, 0);
  self->n_staged = 0;
  g_free (group_start);
  g_free (magnitude);
  g_free (phase);
  return ok;
}

/* Ends the interval in progress: its steps are staged, its message waits
 * for analyse_stage. duration is what the message says. */
static void
end_interval (GstClfftSpectrum * self, GstClockTime duration)
{
  GstClfftSpectrumInterval ended = { self->message_ts, duration,
    (guint) self->num_fft, self->n_staged
  };
  guint rate = GST_AUDIO_INFO_RATE (&GST_AUDIO_FILTER (self)->info);

  g_array_append_val (self->ended, ended);
  if (GST_CLOCK_TIME_IS_VALID (self->message_ts))
    self->message_ts += gst_util_uint64_scale (self->num_frames, GST_SECOND,
        rate);
  self->num_frames = 0;
  self->num_fft = 0;
}

/* Frames until the next FFT: every hop frames once nfft have come. */
static guint64
frames_to_next_fft (GstClfftSpectrum * self)
{
  if (self->num_frames < self->nfft)
    return self->nfft - self->num_frames;
  return self->hop - (self->num_frames - self->nfft) % self->hop;
}

/* frames_left whole frames at data through the rings, the FFTs and the
 * intervals they end. */
static gboolean
take_frames (gpointer element, const guint8 * data, gsize frames_left)
{
  GstClfftSpectrum *self = element;
  guint bpf = GST_AUDIO_INFO_BPF (&GST_AUDIO_FILTER (self)->info);
  gboolean ok = TRUE;

  /* a block may be empty: spectrum's first interval of an interval under
   * one frame ends at once */
  while (ok && frames_left > 0) {
    guint64 block = MIN (MIN (self->frames_todo - self->num_frames,
            frames_left), frames_to_next_fft (self));
    gboolean full;

    read_frames (self, data, block);
    data += block * bpf;
    frames_left -= block;
    self->input_pos = (self->input_pos + block) % self->nfft;
    self->num_frames += block;
    full = self->num_frames == self->frames_todo;
    /* at each FFT's end, and once at the end of an interval too short for
     * one */
    if ((self->num_frames >= self->nfft
            && (self->num_frames - self->nfft) % self->hop == 0)
        || (full && self->num_fft == 0))
      stage_step (self);
    if (full) {
      /* spectrum's rounding: the fraction of a frame each interval
       * leaves adds a frame once it reaches one */
      self->frames_todo = self->frames_per_interval;
      if (self->accumulated_error >= GST_SECOND) {
        self->accumulated_error -= GST_SECOND;
        self->frames_todo++;
      }
      self->accumulated_error += self->error_per_interval;
      end_interval (self, self->state_interval);
    }
    if ((gsize) self->n_staged * self->out_channels * self->nfft >=
        MAX_STAGED_SAMPLES)
      ok = analyse_stage (self);
  }
  return ok;
}

static GstFlowReturn
gst_clfft_spectrum_transform_ip (GstBaseTransform * trans, GstBuffer * buffer)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (trans);
  guint bpf = GST_AUDIO_INFO_BPF (&GST_AUDIO_FILTER (self)->info);
  gboolean reset;
  GstMapInfo map;
  gboolean ok;

  GST_OBJECT_LOCK (self);
  reset = self->reset_pending;
  self->reset_pending = FALSE;
  GST_OBJECT_UNLOCK (self);
  if (reset)
    free_state (self);
  if (GST_BUFFER_IS_DISCONT (buffer)) {
    g_byte_array_set_size (self->split_frame, 0);
    if (self->analyser)
      drop_open_interval (self);
  }
  if (!self->analyser && !make_state (self))
    return GST_FLOW_ERROR;
  if (self->num_frames == 0)
    self->message_ts = GST_BUFFER_PTS (buffer);

  if (!gst_buffer_map (buffer, &map, GST_MAP_READ)) {
    GST_ELEMENT_ERROR (self, STREAM, FAILED, ("Cannot read a buffer."),
        (NULL));
    return GST_FLOW_ERROR;
  }
  ok = gst_clfft_take_whole_frames (self->split_frame, map.data, map.size,
      bpf, take_frames, self);
  gst_buffer_unmap (buffer, &map);
  if (ok && self->ended->len)
    ok = analyse_stage (self);
  return ok ? GST_FLOW_OK : GST_FLOW_ERROR;
}

static gboolean
gst_clfft_spectrum_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (trans);
  gboolean partial;

  GST_OBJECT_LOCK (self);
  partial = self->post_partial_interval;
  GST_OBJECT_UNLOCK (self);
  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP)
    g_byte_array_set_size (self->split_frame, 0);
  if (GST_EVENT_TYPE (event) == GST_EVENT_EOS && partial && self->analyser
      && self->num_frames > 0) {
    guint rate = GST_AUDIO_INFO_RATE (&GST_AUDIO_FILTER (self)->info);

    /* as at an interval's end, with the duration the frames had */
    if (self->num_fft == 0)
      stage_step (self);
    end_interval (self, gst_util_uint64_scale (self->num_frames, GST_SECOND,
            rate));
    analyse_stage (self);
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->sink_event (trans, event);
}

/* ---- element -------------------------------------------------------- */

static gboolean
gst_clfft_spectrum_setup (GstAudioFilter * filter, const GstAudioInfo * info)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (filter);

  free_state (self);
  g_byte_array_set_size (self->split_frame, 0);
  gst_clfft_device_set_load (&self->device,
      (gdouble) GST_AUDIO_INFO_RATE (info) * GST_AUDIO_INFO_BPF (info));
  return TRUE;
}

static gboolean
gst_clfft_spectrum_stop (GstBaseTransform * trans)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (trans);

  free_state (self);
  g_byte_array_set_size (self->split_frame, 0);
  return TRUE;
}

static void
gst_clfft_spectrum_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (object);

  if (gst_clfft_device_set_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_POST_MESSAGES:
      self->post_messages = g_value_get_boolean (value);
      break;
    case PROP_MESSAGE_MAGNITUDE:
      self->message_magnitude = g_value_get_boolean (value);
      break;
    case PROP_MESSAGE_PHASE:
      self->message_phase = g_value_get_boolean (value);
      break;
      /* as spectrum: a new value of these starts the state anew */
    case PROP_INTERVAL:
      if (self->interval != g_value_get_uint64 (value))
        self->reset_pending = TRUE;
      self->interval = g_value_get_uint64 (value);
      break;
    case PROP_BANDS:
      if (self->bands != g_value_get_uint (value))
        self->reset_pending = TRUE;
      self->bands = g_value_get_uint (value);
      break;
    case PROP_MULTI_CHANNEL:
      if (self->multi_channel != g_value_get_boolean (value))
        self->reset_pending = TRUE;
      self->multi_channel = g_value_get_boolean (value);
      break;
    case PROP_WINDOW:
      if (self->window != (GstClfftWindow) g_value_get_enum (value))
        self->reset_pending = TRUE;
      self->window = g_value_get_enum (value);
      break;
    case PROP_OVERLAP:
      if (self->overlap != g_value_get_double (value))
        self->reset_pending = TRUE;
      self->overlap = g_value_get_double (value);
      break;
    case PROP_THRESHOLD:
      self->threshold = g_value_get_int (value);
      break;
      /* the sums of an open interval are of one kind */
    case PROP_AVERAGE:
      if (self->average != (GstClfftAverage) g_value_get_enum (value))
        self->reset_pending = TRUE;
      self->average = g_value_get_enum (value);
      break;
      /* the bands' axis: a new one starts anew too */
    case PROP_BAND_SCALE:
      if (self->band_scale != (GstClfftBandScale) g_value_get_enum (value))
        self->reset_pending = TRUE;
      self->band_scale = g_value_get_enum (value);
      break;
    case PROP_FREQ_MIN:
      if (self->freq_min != g_value_get_double (value))
        self->reset_pending = TRUE;
      self->freq_min = g_value_get_double (value);
      break;
    case PROP_FREQ_MAX:
      if (self->freq_max != g_value_get_double (value))
        self->reset_pending = TRUE;
      self->freq_max = g_value_get_double (value);
      break;
    case PROP_BANDS_PER_OCTAVE:
      if (self->bands_per_octave != g_value_get_uint (value))
        self->reset_pending = TRUE;
      self->bands_per_octave = g_value_get_uint (value);
      break;
    case PROP_COMPACT_MESSAGES:
      self->compact_messages = g_value_get_boolean (value);
      break;
    case PROP_POST_PARTIAL_INTERVAL:
      self->post_partial_interval = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_spectrum_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (object);

  if (gst_clfft_device_get_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_POST_MESSAGES:
      g_value_set_boolean (value, self->post_messages);
      break;
    case PROP_MESSAGE_MAGNITUDE:
      g_value_set_boolean (value, self->message_magnitude);
      break;
    case PROP_MESSAGE_PHASE:
      g_value_set_boolean (value, self->message_phase);
      break;
    case PROP_INTERVAL:
      g_value_set_uint64 (value, self->interval);
      break;
    case PROP_BANDS:
      g_value_set_uint (value, self->bands);
      break;
    case PROP_THRESHOLD:
      g_value_set_int (value, self->threshold);
      break;
    case PROP_MULTI_CHANNEL:
      g_value_set_boolean (value, self->multi_channel);
      break;
    case PROP_WINDOW:
      g_value_set_enum (value, self->window);
      break;
    case PROP_OVERLAP:
      g_value_set_double (value, self->overlap);
      break;
    case PROP_COMPACT_MESSAGES:
      g_value_set_boolean (value, self->compact_messages);
      break;
    case PROP_POST_PARTIAL_INTERVAL:
      g_value_set_boolean (value, self->post_partial_interval);
      break;
    case PROP_AVERAGE:
      g_value_set_enum (value, self->average);
      break;
    case PROP_BAND_SCALE:
      g_value_set_enum (value, self->band_scale);
      break;
    case PROP_FREQ_MIN:
      g_value_set_double (value, self->freq_min);
      break;
    case PROP_FREQ_MAX:
      g_value_set_double (value, self->freq_max);
      break;
    case PROP_BANDS_PER_OCTAVE:
      g_value_set_uint (value, self->bands_per_octave);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_spectrum_set_context (GstElement * element, GstContext * context)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (element);

  gst_clfft_device_set_context (&self->device, context);
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

static gboolean
gst_clfft_spectrum_query (GstBaseTransform * trans, GstPadDirection dir,
    GstQuery * query)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (trans);

  if (gst_clfft_device_answer_query (&self->device, query))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->query (trans, dir, query);
}

static GstStateChangeReturn
gst_clfft_spectrum_change_state (GstElement * element,
    GstStateChange transition)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (element);

  return gst_clfft_device_change_state (&self->device, transition,
      GST_ELEMENT_CLASS (parent_class));
}

static void
gst_clfft_spectrum_finalize (GObject * object)
{
  GstClfftSpectrum *self = GST_CLFFT_SPECTRUM (object);

  free_state (self);
  g_array_unref (self->stage);
  g_array_unref (self->ended);
  g_byte_array_unref (self->split_frame);
  gst_clfft_device_clear (&self->device);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static const GstClfftDeviceProperties device_properties = {
  .fallback_blurb = "When the device fails in mid-stream, compute the failed "
      "spectra and the rest of the stream's on the next usable device (a CPU "
      "through PoCL first), with a warning message naming both, instead of "
      "stopping with an error",
  .tuning_get_type = gst_clfft_spectrum_tuning_get_type,
  .tuning_default = DEFAULT_TUNING,
  .tuning_blurb = "Whether the FFT schedules of new spectra (a new bands "
      "value, rate or channel count) are timed on the device at their first "
      "launch, holding the stream, or not",
};

static void
gst_clfft_spectrum_class_init (GstClfftSpectrumClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstAudioFilterClass *filter_class = GST_AUDIO_FILTER_CLASS (klass);
  GstCaps *caps;

  GST_DEBUG_CATEGORY_INIT (gst_clfft_spectrum_debug, "clfftspectrum", 0,
      "clfftspectrum element");

  gobject_class->set_property = gst_clfft_spectrum_set_property;
  gobject_class->get_property = gst_clfft_spectrum_get_property;
  gobject_class->finalize = gst_clfft_spectrum_finalize;

  /* spectrum's properties, names, ranges and defaults unchanged */
  g_object_class_install_property (gobject_class, PROP_POST_MESSAGES,
      g_param_spec_boolean ("post-messages", "Post Messages",
          "Whether to post a 'spectrum' element message on the bus for each "
          "passed interval", DEFAULT_POST_MESSAGES,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_MESSAGE_MAGNITUDE,
      g_param_spec_boolean ("message-magnitude", "Magnitude",
          "Whether to add a 'magnitude' field to the structure of any "
          "'spectrum' element messages posted on the bus",
          DEFAULT_MESSAGE_MAGNITUDE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_MESSAGE_PHASE,
      g_param_spec_boolean ("message-phase", "Phase",
          "Whether to add a 'phase' field to the structure of any "
          "'spectrum' element messages posted on the bus",
          DEFAULT_MESSAGE_PHASE, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_INTERVAL,
      g_param_spec_uint64 ("interval", "Interval",
          "Interval of time between message posts (in nanoseconds)", 1,
          G_MAXUINT64, DEFAULT_INTERVAL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_BANDS,
      g_param_spec_uint ("bands", "Bands", "Number of frequency bands", 2,
          MAX_BANDS, DEFAULT_BANDS,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_THRESHOLD,
      g_param_spec_int ("threshold", "Threshold",
          "dB threshold for result. All lower values will be set to this",
          G_MININT, 0, DEFAULT_THRESHOLD,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_MULTI_CHANNEL,
      g_param_spec_boolean ("multi-channel", "Multichannel results",
          "Send separate results for each channel", DEFAULT_MULTI_CHANNEL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));

  /* ours */
  g_object_class_install_property (gobject_class, PROP_WINDOW,
      g_param_spec_enum ("window", "Window",
          "Window applied to each FFT's samples (hamming as spectrum)",
          GST_TYPE_CLFFT_WINDOW, DEFAULT_WINDOW,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_OVERLAP,
      g_param_spec_double ("overlap", "Overlap",
          "Fraction of an FFT by which consecutive FFTs of an interval "
          "overlap (Welch averaging; 0 as spectrum)", 0.0, MAX_OVERLAP,
          DEFAULT_OVERLAP, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_COMPACT_MESSAGES,
      g_param_spec_boolean ("compact-messages", "Compact messages",
          "Put the magnitudes (and phases) in one GstBuffer of native floats "
          "each, channel after channel, with 'channels' and 'bands' fields, "
          "instead of one GValue per band", DEFAULT_COMPACT_MESSAGES,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_POST_PARTIAL_INTERVAL,
      g_param_spec_boolean ("post-partial-interval", "Post partial interval",
          "At EOS, post the interval in progress (which spectrum drops), its "
          "duration the time its samples cover", DEFAULT_POST_PARTIAL_INTERVAL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_AVERAGE,
      g_param_spec_enum ("average", "Average",
          "How an interval's spectra are averaged: their decibels (db, as "
          "spectrum), or their power, then in decibels (power: noise is not "
          "biased down); a new value starts the interval anew",
          GST_TYPE_CLFFT_AVERAGE, DEFAULT_AVERAGE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_BAND_SCALE,
      g_param_spec_enum ("band-scale", "Band scale",
          "Where the bands lie: the FFT's bins from 0 Hz to Nyquist "
          "(linear, spectrum's), or bands log-spaced (log: bands of them) "
          "or a fraction of an octave wide (octave: bands-per-octave) from "
          "freq-min to freq-max, each the power average of the bins it "
          "covers, with band-edges and frequencies in the messages",
          GST_TYPE_CLFFT_BAND_SCALE, DEFAULT_BAND_SCALE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_FREQ_MIN,
      g_param_spec_double ("freq-min", "Lowest frequency",
          "band-scale=log or octave: the first band's lower edge, in Hz",
          0.0, MAX_FREQ, DEFAULT_FREQ_MIN, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_FREQ_MAX,
      g_param_spec_double ("freq-max", "Highest frequency",
          "band-scale=log or octave: the last band's upper edge, in Hz (at "
          "most half the rate; 0: half the rate)", 0.0, MAX_FREQ,
          DEFAULT_FREQ_MAX, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_BANDS_PER_OCTAVE,
      g_param_spec_uint ("bands-per-octave", "Bands per octave",
          "band-scale=octave: bands an octave (3: third-octave bands)", 1,
          MAX_BANDS_PER_OCTAVE, DEFAULT_BANDS_PER_OCTAVE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));

  gst_clfft_device_install_properties (gobject_class, PROP_DEVICE_FIRST,
      &device_properties);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL spectrum analyzer", "Filter/Analyzer/Audio",
      "Run an FFT on the audio signal, output spectrum data (as spectrum, "
      "batched on an OpenCL device)", "gst-clfft developers");
  caps = gst_caps_from_string (GST_CLFFT_AUDIO_CAPS);
  gst_audio_filter_class_add_pad_templates (filter_class, caps);
  gst_caps_unref (caps);

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_clfft_spectrum_change_state);
  element_class->set_context =
      GST_DEBUG_FUNCPTR (gst_clfft_spectrum_set_context);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_clfft_spectrum_query);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_clfft_spectrum_stop);
  trans_class->transform_ip =
      GST_DEBUG_FUNCPTR (gst_clfft_spectrum_transform_ip);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_clfft_spectrum_sink_event);
  trans_class->passthrough_on_same_caps = TRUE;
  filter_class->setup = GST_DEBUG_FUNCPTR (gst_clfft_spectrum_setup);

  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_WINDOW, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_AVERAGE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_BAND_SCALE, 0);
}

static void
gst_clfft_spectrum_init (GstClfftSpectrum * self)
{
  self->bands = DEFAULT_BANDS;
  self->threshold = DEFAULT_THRESHOLD;
  self->average = DEFAULT_AVERAGE;
  self->band_scale = DEFAULT_BAND_SCALE;
  self->freq_min = DEFAULT_FREQ_MIN;
  self->freq_max = DEFAULT_FREQ_MAX;
  self->bands_per_octave = DEFAULT_BANDS_PER_OCTAVE;
  self->interval = DEFAULT_INTERVAL;
  self->multi_channel = DEFAULT_MULTI_CHANNEL;
  self->message_magnitude = DEFAULT_MESSAGE_MAGNITUDE;
  self->message_phase = DEFAULT_MESSAGE_PHASE;
  self->post_messages = DEFAULT_POST_MESSAGES;
  self->window = DEFAULT_WINDOW;
  self->overlap = DEFAULT_OVERLAP;
  self->compact_messages = DEFAULT_COMPACT_MESSAGES;
  self->post_partial_interval = DEFAULT_POST_PARTIAL_INTERVAL;
  gst_clfft_device_init (&self->device, GST_ELEMENT (self));
  self->device.tuning = DEFAULT_TUNING;
  self->stage = g_array_new (FALSE, FALSE, sizeof (gfloat));
  self->split_frame = g_byte_array_new ();
  self->ended = g_array_new (FALSE, FALSE,
      sizeof (GstClfftSpectrumInterval));
}
