/* clfftspectrogram: every pixel of every picture against a double-precision
 * reference of the documented columns (FFTs through FFTW, the lines' power
 * averages, the levels), for each style, scale and channel layout; a
 * sweep's ridge; the colour maps; caps from downstream, playbin's
 * vis-plugin, a rate change, EOS and bad settings. */
#include <gst/check/gstcheck.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <gst/audio/audio.h>
#include <gst/video/video.h>
#include <gmodule.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "engine/clfft-engine.h"
#include "reference.h"

#define RATE 48000
#define FPS 50
/* audio frames a buffer: one picture's */
#define BUFFER_FRAMES (RATE / FPS)

static GRand *rng;

static void
setup (void)
{
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  g_rand_free (rng);
}

/* ---- audio ---------------------------------------------------------- */

/* seconds of channels-channel audio: per channel a few tones whose
 * amplitudes change over time, a tone of its own, and noise. */
static gfloat *
make_audio (guint channels, gdouble seconds)
{
  const guint frames = (guint) (seconds * RATE);
  gfloat *audio = g_new (gfloat, (gsize) frames * channels);
  gdouble phase_shift = g_rand_double (rng) * 2 * G_PI;

  for (guint j = 0; j < frames; j++) {
    gdouble t = (gdouble) j / RATE;

    for (guint c = 0; c < channels; c++) {
      gdouble v = 0.3 * sin (2 * G_PI * 440 * t + phase_shift)
          * (0.5 + 0.5 * sin (2 * G_PI * 1.5 * t))
          + 0.2 * sin (2 * G_PI * (1500 + 2500 * c) * t)
          + 0.05 * sin (2 * G_PI * 9000 * t) * (t > seconds / 2)
          + 0.01 * g_rand_double_range (rng, -1, 1);

      audio[(gsize) j * channels + c] = (gfloat) v;
    }
  }
  return audio;
}

/* ---- the reference -------------------------------------------------- */

typedef struct
{
  const gchar *style;
  const gchar *scale;
  const gchar *layout;          /* multi-channel */
  guint bands;
  guint64 interval;
  gdouble overlap;
  const gchar *average;
  gdouble freq_min, freq_max;   /* as the properties */
  gdouble range, gain;
  guint width, height;
  guint channels;
} Case;

static guint64
ref_column_end (const Case * c, guint64 k)
{
  return (guint64) floor ((k + 1) * (gdouble) c->interval * RATE / 1e9 +
      1e-9);
}

/* Adds the power |X|^2 / n^2 (or its decibels) of the Hann-windowed FFT
 * of frames p .. p + n - 1 of channel ch (-1: the mean of the channels;
 * silence outside the audio) to sums. */
static void
ref_add_fft (const Case * c, const gfloat * audio, guint frames, gint64 p,
    gint ch, gboolean db, gdouble * sums)
{
  const guint n = 2 * c->bands - 2;
  gdouble *x = g_new (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);

  for (guint i = 0; i < n; i++) {
    gint64 f = p + i;
    gdouble v = 0;

    if (f >= 0 && f < frames) {
      if (ch >= 0) {
        v = audio[f * c->channels + ch];
      } else {
        for (guint cc = 0; cc < c->channels; cc++)
          v += audio[f * c->channels + cc];
        v /= c->channels;
      }
    }
    x[2 * i] = v * (0.5 - 0.5 * cos (2 * G_PI * i / n));
    x[2 * i + 1] = 0;
  }
  ref_dft_1d (x, X, n, 1, -1);
  for (guint b = 0; b <= n / 2; b++) {
    gdouble pw = (X[2 * b] * X[2 * b] + X[2 * b + 1] * X[2 * b + 1]) /
        ((gdouble) n * n);

    sums[b] += db ? MAX (10 * log10 (pw), -400.0) : pw;
  }
  g_free (x);
  g_free (X);
}

/* Mean power of column k's FFTs, channel ch, n / 2 + 1 bins: the
 * column's FFTs start at its first frame every hop frames; where it is
 * shorter than n, one FFT over its last n frames. With average=db, the
 * power of the mean decibels. */
static void
ref_column (const Case * c, const gfloat * audio, guint frames, guint64 k,
    gint ch, gdouble * power)
{
  const guint n = 2 * c->bands - 2, bins = n / 2 + 1;
  const guint hop = MAX (1, n - (guint) floor (c->overlap * n + 0.5));
  const gint64 start = k ? (gint64) ref_column_end (c, k - 1) : 0;
  const gint64 end = (gint64) ref_column_end (c, k);
  gboolean db = !g_strcmp0 (c->average, "db");
  guint count = 0;

  memset (power, 0, bins * sizeof (gdouble));
  if (end - start >= n) {
    for (gint64 p = start; p + n <= end; p += hop, count++)
      ref_add_fft (c, audio, frames, p, ch, db, power);
  } else {
    ref_add_fft (c, audio, frames, end - n, ch, db, power);
    count = 1;
  }
  for (guint b = 0; b < bins; b++) {
    power[b] /= count;
    if (db)
      power[b] = pow (10.0, power[b] / 10);
  }
}

/* The frequency range of line i of a strip of lines lines. */
static void
ref_line_range (const Case * c, guint i, guint lines, gdouble * lo,
    gdouble * hi)
{
  gboolean log_scale = !g_strcmp0 (c->scale, "log");
  gdouble fmin = c->freq_min == 0 && log_scale ? 20.0 : c->freq_min;
  gdouble fmax = c->freq_max == 0 ? RATE / 2.0 : c->freq_max;

  if (log_scale) {
    *lo = fmin * pow (fmax / fmin, (gdouble) i / lines);
    *hi = fmin * pow (fmax / fmin, (gdouble) (i + 1) / lines);
  } else {
    *lo = fmin + (fmax - fmin) * i / lines;
    *hi = fmin + (fmax - fmin) * (i + 1) / lines;
  }
}

/* The level (unrounded, 0 .. 255) of the range lo .. hi of a column's
 * bins: the power average of the bins it covers, each bin k covering
 * (k -+ 1/2) rate / n, weighted by the share it lends. */
static gdouble
ref_level (const Case * c, const gdouble * power, gdouble lo, gdouble hi)
{
  const guint n = 2 * c->bands - 2, bins = n / 2 + 1;
  const gdouble w = (gdouble) RATE / n;
  gdouble sum = 0, weight = 0, t;

  for (guint k = 0; k < bins; k++) {
    gdouble share = MIN (hi, (k + 0.5) * w) - MAX (lo, (k - 0.5) * w);

    if (share > 0) {
      sum += share * power[k];
      weight += share;
    }
  }
  if (sum <= 0)
    return 0;
  t = (10 * log10 (sum / weight) + c->gain + c->range) / c->range;
  return 255 * CLAMP (t, 0.0, 1.0);
}

/* Whether a level lies so near a rounding edge that float and double
 * may round it apart. */
static gboolean
near_edge (gdouble level)
{
  return fabs (level - floor (level) - 0.5) < 0.02;
}

/* Whether got is the rounding of the level, or the other side of a
 * rounding edge it lies near. */
static gboolean
level_matches (guint got, gdouble level)
{
  return got == floor (level + 0.5) || (near_edge (level)
      && fabs (got - level) < 1);
}

/* The reference levels of column k (k < 0: none, all 0) on the
 * spectrogram's rows (scroll, replace) or the bars' lines (width a strip,
 * strips of channels for stack), lines x n_lines. */
static gdouble *
ref_column_levels (const Case * c, const gfloat * audio, guint frames,
    gint64 k, gboolean bars, guint * n_lines)
{
  const guint bins = c->bands;
  gboolean stack = !g_strcmp0 (c->layout, "stack");
  gboolean overlay = !g_strcmp0 (c->layout, "overlay");
  guint strips = stack ? c->channels : 1;
  guint lines = bars ? c->width * strips : c->height;
  gdouble *levels = g_new0 (gdouble, lines);
  gdouble *power = g_new (gdouble, (gsize) bins * c->channels);

  *n_lines = lines;
  if (k < 0)
    goto done;
  for (guint ch = 0; ch < (stack || overlay ? c->channels : 1); ch++)
    ref_column (c, audio, frames, (guint64) k, stack || overlay ? (gint) ch :
        -1, power + (gsize) ch * bins);
  for (guint s = 0; s < strips; s++) {
    guint first = bars ? s * c->width : s * c->height / strips;
    guint end = bars ? first + c->width : (s + 1) * c->height / strips;

    for (guint l = first; l < end; l++) {
      guint i = bars ? l - first : end - 1 - l;
      gdouble lo, hi;

      ref_line_range (c, i, end - first, &lo, &hi);
      if (stack)
        levels[l] = ref_level (c, power + (gsize) s * bins, lo, hi);
      else if (overlay)
        for (guint ch = 0; ch < c->channels; ch++)
          levels[l] = MAX (levels[l], ref_level (c, power + (gsize) ch *
                  bins, lo, hi));
      else
        levels[l] = ref_level (c, power, lo, hi);
    }
  }
done:
  g_free (power);
  return levels;
}

/* A bar's pixel h rows above its strip's bottom (of rows rows) at level:
 * lit where h < level x rows / 255, in the gray of h. */
static guint
bar_pixel (gdouble level, guint h, guint rows)
{
  return h * 255 < (guint) level * rows ? h * 256 / rows : 0;
}

/* ---- running the element -------------------------------------------- */

/* What a run of the element gave: its pictures, the warnings and errors
 * on the bus, whether it ended, the device in use at the end and the
 * engine of its have-context message (a boxed type of the plugin's, read
 * as a pointer only). */
typedef struct
{
  GPtrArray *pictures;          /* GstSample */
  GPtrArray *warnings, *errors; /* gchar*: "message\ndebug" */
  gboolean eos;
  gchar *device_name;
  gconstpointer engine;
} Run;

static void
run_clear (Run * run)
{
  g_clear_pointer (&run->pictures, g_ptr_array_unref);
  g_clear_pointer (&run->warnings, g_ptr_array_unref);
  g_clear_pointer (&run->errors, g_ptr_array_unref);
  g_clear_pointer (&run->device_name, g_free);
}

static gchar *
message_text (GstMessage * msg)
{
  GError *error = NULL;
  gchar *debug = NULL, *text;

  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
    gst_message_parse_error (msg, &error, &debug);
  else
    gst_message_parse_warning (msg, &error, &debug);
  text = g_strdup_printf ("%s\n%s", error->message, GST_STR_NULL (debug));
  g_error_free (error);
  g_free (debug);
  return text;
}

static gconstpointer
have_context_engine (GstMessage * msg)
{
  GstContext *context;
  const GValue *value;
  gconstpointer engine;

  gst_message_parse_have_context (msg, &context);
  value = gst_structure_get_value (gst_context_get_structure (context),
      "engine");
  fail_unless (value != NULL && G_VALUE_HOLDS_BOXED (value));
  engine = g_value_get_boxed (value);
  gst_context_unref (context);
  return engine;
}

/* Audio (frames x channels, F32LE at RATE) through clfftspectrogram with
 * settings and caps downstream, in buffers of a picture's audio, until EOS
 * or an error: a run that ends neither way within 120 s fails the test as
 * a hang. */
static void
run_audio (const gfloat * audio, guint frames, guint channels,
    const gchar * settings, const gchar * video_caps, Run * run)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time ! "
      "clfftspectrogram name=sg %s ! %s ! appsink name=sink sync=false "
      "wait-on-eos=false",
      settings, video_caps);
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (launch, &error);
  GstElement *src, *sink, *sg;
  GstAudioInfo info;
  GstCaps *caps;
  GstBus *bus;
  GstSample *sample;
  gboolean done = FALSE;

  fail_unless (pipeline != NULL && error == NULL, "%s: %s", launch,
      error ? error->message : "");
  memset (run, 0, sizeof (*run));
  run->pictures = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);
  run->warnings = g_ptr_array_new_with_free_func (g_free);
  run->errors = g_ptr_array_new_with_free_func (g_free);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  sg = gst_bin_get_by_name (GST_BIN (pipeline), "sg");
  gst_audio_info_set_format (&info, GST_AUDIO_FORMAT_F32LE, RATE, channels,
      NULL);
  caps = gst_audio_info_to_caps (&info);
  g_object_set (src, "caps", caps, "max-bytes", (guint64) 0, NULL);
  gst_caps_unref (caps);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  for (guint j = 0; j < frames; j += BUFFER_FRAMES) {
    guint n = MIN (BUFFER_FRAMES, frames - j);
    GstBuffer *buf = gst_buffer_new_memdup (audio + (gsize) j * channels,
        (gsize) n * channels * sizeof (gfloat));

    GST_BUFFER_PTS (buf) = gst_util_uint64_scale (j, GST_SECOND, RATE);
    GST_BUFFER_DURATION (buf) = gst_util_uint64_scale (n, GST_SECOND, RATE);
    fail_unless (gst_app_src_push_buffer (GST_APP_SRC (src), buf) ==
        GST_FLOW_OK);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  bus = gst_element_get_bus (pipeline);
  while (!done) {
    GstMessage *msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_WARNING |
        GST_MESSAGE_HAVE_CONTEXT);

    fail_unless (msg != NULL, "%s: no EOS nor error in 120 s", launch);
    switch (GST_MESSAGE_TYPE (msg)) {
      case GST_MESSAGE_EOS:
        run->eos = done = TRUE;
        break;
      case GST_MESSAGE_ERROR:
        g_ptr_array_add (run->errors, message_text (msg));
        done = TRUE;
        break;
      case GST_MESSAGE_WARNING:
        g_ptr_array_add (run->warnings, message_text (msg));
        break;
      default:
        run->engine = have_context_engine (msg);
        break;
    }
    gst_message_unref (msg);
  }
  g_object_get (sg, "device-name", &run->device_name, NULL);
  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0)))
    g_ptr_array_add (run->pictures, sample);
  gst_object_unref (bus);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (sg);
  gst_object_unref (pipeline);
  g_free (launch);
}

/* The pictures of audio (frames x channels, F32LE at RATE) through
 * clfftspectrogram with settings and caps downstream, each with its PTS;
 * NULL where the pipeline posted an error (its message in *error_text). */
static GPtrArray *
run_pictures (const gfloat * audio, guint frames, guint channels,
    const gchar * settings, const gchar * video_caps, gchar ** error_text)
{
  GPtrArray *pictures = NULL;
  Run run;

  run_audio (audio, frames, channels, settings, video_caps, &run);
  if (run.errors->len) {
    if (error_text)
      *error_text = g_strndup (run.errors->pdata[0],
          strcspn (run.errors->pdata[0], "\n"));
  } else {
    pictures = g_steal_pointer (&run.pictures);
  }
  run_clear (&run);
  return pictures;
}

/* A stream for run_stream: bytes of audio in a format, cut into buffers
 * of buffer_bytes (which may split frames), with or without timestamps;
 * once the pictures up to change_at have come, change is called (a
 * property, the caps downstream) and the timestamps from there on move by
 * jump. */
typedef struct
{
  const guint8 *data;
  gsize bytes;
  const gchar *format;          /* S16LE, S24LE, F32LE */
  guint channels;
  gsize buffer_bytes;
  gboolean no_timestamps;
  const gchar *src_format;      /* appsrc's format: time (NULL) or bytes */
  GstClockTime change_at;
  void (*change) (GstElement * pipeline, gpointer data);
  gpointer change_data;
  GstClockTimeDiff jump;
} Stream;

/* Pulls pictures into pictures until one ends at until or later (or
 * timeout passed): whether it came. */
static gboolean
pull_until (GstElement * sink, GPtrArray * pictures, GstClockTime until,
    GstClockTime timeout)
{
  gint64 deadline = g_get_monotonic_time () + timeout / GST_USECOND;

  while (g_get_monotonic_time () < deadline) {
    GstSample *sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
        GST_SECOND / 10);
    GstBuffer *buf;

    if (!sample)
      continue;
    g_ptr_array_add (pictures, sample);
    buf = gst_sample_get_buffer (sample);
    if (GST_BUFFER_PTS_IS_VALID (buf)
        && GST_BUFFER_PTS (buf) + GST_BUFFER_DURATION (buf) >= until)
      return TRUE;
  }
  return FALSE;
}

/* The pictures of stream st through clfftspectrogram with settings and
 * capsfilter caps (named cf) downstream; fails on an error. */
static GPtrArray *
run_stream (const Stream * st, const gchar * settings, const gchar * caps)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=%s ! "
      "clfftspectrogram name=sg %s ! capsfilter name=cf caps=\"%s\" ! "
      "appsink name=sink sync=false wait-on-eos=false",
      st->src_format ? st->src_format : "time", settings, caps);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *src, *sink;
  GstAudioInfo info;
  GstCaps *audio_caps;
  GPtrArray *pictures = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);
  GstBus *bus;
  GstMessage *msg;
  guint bpf;
  gboolean changed = st->change == NULL;

  fail_unless (pipeline != NULL, "%s", launch);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  gst_audio_info_set_format (&info, gst_audio_format_from_string
      (st->format), RATE, st->channels, NULL);
  bpf = GST_AUDIO_INFO_BPF (&info);
  audio_caps = gst_audio_info_to_caps (&info);
  g_object_set (src, "caps", audio_caps, "max-bytes", (guint64) 0, NULL);
  gst_caps_unref (audio_caps);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  for (gsize at = 0; at < st->bytes; at += st->buffer_bytes) {
    gsize n = MIN (st->buffer_bytes, st->bytes - at);
    GstBuffer *buf = gst_buffer_new_memdup (st->data + at, n);
    /* the time of the buffer's first whole frame */
    GstClockTime t = gst_util_uint64_scale ((at + bpf - 1) / bpf,
        GST_SECOND, RATE);

    if (!changed && t >= st->change_at) {
      fail_unless (pull_until (sink, pictures, st->change_at - 2 *
              GST_SECOND / FPS, 60 * GST_SECOND),
          "%s: no picture up to %" GST_TIME_FORMAT " in 60 s", settings,
          GST_TIME_ARGS (st->change_at));
      st->change (pipeline, st->change_data);
      changed = TRUE;
    }
    if (!st->no_timestamps) {
      GST_BUFFER_PTS (buf) = t + (changed && st->change ? st->jump : 0);
      GST_BUFFER_DURATION (buf) = gst_util_uint64_scale ((at + n) / bpf,
          GST_SECOND, RATE) - gst_util_uint64_scale (at / bpf, GST_SECOND,
          RATE);
    }
    fail_unless (gst_app_src_push_buffer (GST_APP_SRC (src), buf) ==
        GST_FLOW_OK);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  bus = gst_element_get_bus (pipeline);
  msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no EOS nor error in 120 s", launch);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *e;

    gst_message_parse_error (msg, &e, NULL);
    fail ("%s: %s", launch, e->message);
    g_error_free (e);
  } else {
    GstSample *sample;

    while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0)))
      g_ptr_array_add (pictures, sample);
  }
  gst_message_unref (msg);
  gst_object_unref (bus);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (launch);
  return pictures;
}

/* audio (frames x channels floats) as bytes of format. */
static guint8 *
audio_bytes (const gfloat * audio, gsize samples, const gchar * format,
    gsize * bytes)
{
  guint width = !g_strcmp0 (format, "S16LE") ? 2 :
      !g_strcmp0 (format, "S24LE") ? 3 : 4;
  guint8 *out = g_malloc (samples * width);

  for (gsize i = 0; i < samples; i++) {
    guint8 *o = out + i * width;

    if (width == 2) {
      GST_WRITE_UINT16_LE (o, (guint16) (gint16) lrint (audio[i] * 32767.0));
    } else if (width == 3) {
      gint32 v = (gint32) lrint (audio[i] * 8388607.0);

      GST_WRITE_UINT24_LE (o, (guint32) v & 0xffffff);
    } else {
      GST_WRITE_FLOAT_LE (o, audio[i]);
    }
  }
  *bytes = samples * width;
  return out;
}

/* Whether two pictures are the same, pixel for pixel, at the same time. */
static void
check_same_pictures (GPtrArray * a, GPtrArray * b, const gchar * what)
{
  fail_unless (a->len == b->len, "%s: %u pictures, %u in the reference run",
      what, b->len, a->len);
  for (guint p = 0; p < a->len; p++) {
    GstBuffer *ba = gst_sample_get_buffer (g_ptr_array_index (a, p));
    GstBuffer *bb = gst_sample_get_buffer (g_ptr_array_index (b, p));
    GstMapInfo ma, mb;

    if (GST_BUFFER_PTS (ba) != GST_BUFFER_PTS (bb)
        || GST_BUFFER_DURATION (ba) != GST_BUFFER_DURATION (bb))
      fail ("%s: picture %u at %" GST_TIME_FORMAT " for %" GST_TIME_FORMAT
          ", in the reference run at %" GST_TIME_FORMAT " for %"
          GST_TIME_FORMAT, what, p, GST_TIME_ARGS (GST_BUFFER_PTS (bb)),
          GST_TIME_ARGS (GST_BUFFER_DURATION (bb)),
          GST_TIME_ARGS (GST_BUFFER_PTS (ba)),
          GST_TIME_ARGS (GST_BUFFER_DURATION (ba)));
    fail_unless (gst_buffer_map (ba, &ma, GST_MAP_READ));
    fail_unless (gst_buffer_map (bb, &mb, GST_MAP_READ));
    fail_unless_equals_int (ma.size, mb.size);
    for (gsize i = 0; i < ma.size; i++)
      if (ma.data[i] != mb.data[i]) {
        fail ("%s: picture %u, byte %" G_GSIZE_FORMAT ": %u, %u in the "
            "reference run", what, p, i, mb.data[i], ma.data[i]);
        break;
      }
    gst_buffer_unmap (ba, &ma);
    gst_buffer_unmap (bb, &mb);
  }
}

/* The pictures' times frame by frame: picture p at start + p durations of
 * fps_n / fps_d, the last ending at until or later; with fps_n2, from the
 * first picture of that rate on (which must come within three pictures
 * of change_at, where the caps changed), counted from the end of the
 * picture before it. */
static void
check_times (GPtrArray * pictures, GstClockTime start, gint fps_n,
    gint fps_d, GstClockTime change_at, gint fps_n2, gint fps_d2,
    GstClockTime until, const gchar * what)
{
  GstClockTime base = start, changed = GST_CLOCK_TIME_NONE;
  GstBuffer *last = NULL;
  guint64 i = 0;
  gint n = fps_n, d = fps_d;

  for (guint p = 0; p < pictures->len; p++, i++) {
    GstBuffer *buf = gst_sample_get_buffer (g_ptr_array_index (pictures, p));
    GstClockTime due = base + gst_util_uint64_scale (i, GST_SECOND * d, n);
    GstClockTime length;

    if (fps_n2 && n == fps_n && GST_BUFFER_DURATION (buf) ==
        gst_util_uint64_scale (GST_SECOND, fps_d2, fps_n2)) {
      changed = base = due;
      i = 0;
      n = fps_n2;
      d = fps_d2;
    }
    length = gst_util_uint64_scale (GST_SECOND, d, n);
    if (GST_BUFFER_PTS (buf) != due || GST_BUFFER_DURATION (buf) != length) {
      GstClockTime pts = GST_BUFFER_PTS (buf);
      GstClockTime duration = GST_BUFFER_DURATION (buf);

      fail ("%s: picture %u at %" GST_TIME_FORMAT " for %" GST_TIME_FORMAT
          ", due at %" GST_TIME_FORMAT " for %" GST_TIME_FORMAT, what, p,
          GST_TIME_ARGS (pts), GST_TIME_ARGS (duration), GST_TIME_ARGS (due),
          GST_TIME_ARGS (length));
      return;
    }
    last = buf;
  }
  if (fps_n2) {
    GstClockTime earliest = change_at - 3 * gst_util_uint64_scale
        (GST_SECOND, fps_d, fps_n);
    GstClockTime latest = change_at + gst_util_uint64_scale (GST_SECOND,
        fps_d2, fps_n2);

    if (!GST_CLOCK_TIME_IS_VALID (changed) || changed < earliest
        || changed > latest)
      fail ("%s: the new rate from %" GST_TIME_FORMAT " on, the caps "
          "changed at %" GST_TIME_FORMAT, what, GST_TIME_ARGS (changed),
          GST_TIME_ARGS (change_at));
  }
  {
    GstClockTime end = last ? GST_BUFFER_PTS (last) +
        GST_BUFFER_DURATION (last) : 0;

    fail_unless (end >= until, "%s: %u pictures, the last ending at %"
        GST_TIME_FORMAT " where the audio ends at %" GST_TIME_FORMAT, what,
        pictures->len, GST_TIME_ARGS (end), GST_TIME_ARGS (until));
  }
}

static gchar *
case_settings (const Case * c)
{
  return g_strdup_printf ("style=%s scale=%s multi-channel=%s bands=%u "
      "interval=%" G_GUINT64_FORMAT " overlap=%g average=%s freq-min=%g "
      "freq-max=%g range=%g gain=%g window=hann colour-map=gray", c->style,
      c->scale, c->layout, c->bands, c->interval, c->overlap, c->average,
      c->freq_min, c->freq_max, c->range, c->gain);
}

/* Every pixel of pictures first .. end - 1 against the reference of
 * case c over audio (frames frames): each picture shows the columns that
 * ended by its end (PTS + duration). */
static guint
check_pictures (const Case * c, const gfloat * audio, guint frames,
    GPtrArray * pictures, guint first, guint end, const gchar * settings)
{
  gboolean bars = !g_strcmp0 (c->style, "bars");
  guint checked = 0;
  GHashTable *columns = g_hash_table_new_full (g_int64_hash, g_int64_equal,
      g_free, g_free);

  for (guint p = first; p < end; p++) {
    GstSample *sample = g_ptr_array_index (pictures, p);
    GstBuffer *buf = gst_sample_get_buffer (sample);
    GstVideoInfo vinfo;
    GstVideoFrame frame;
    guint64 limit, n_columns = 0;
    guint8 *row;

    fail_unless (gst_video_info_from_caps (&vinfo,
            gst_sample_get_caps (sample)));
    fail_unless (gst_video_frame_map (&frame, &vinfo, buf, GST_MAP_READ));
    limit = gst_util_uint64_scale_round (GST_BUFFER_PTS (buf) +
        GST_BUFFER_DURATION (buf), RATE, GST_SECOND);
    while (ref_column_end (c, n_columns) <= MIN (limit, frames))
      n_columns++;
    for (guint x = 0; x < c->width; x++) {
      /* the column (or for bars the newest) this x shows */
      gint64 k = bars ? (gint64) n_columns - 1 :
          !g_strcmp0 (c->style, "scroll") ? (gint64) n_columns -
          c->width + x : (gint64) n_columns - 1 - (gint64) ((n_columns - 1 -
              x + c->width) % c->width);
      gdouble *levels;
      guint n_lines;

      if (!g_strcmp0 (c->style, "replace") && x >= n_columns)
        k = -1;
      levels = g_hash_table_lookup (columns, &k);
      if (!levels) {
        gint64 *key = g_new (gint64, 1);

        *key = k;
        levels = ref_column_levels (c, audio, frames, k, bars, &n_lines);
        g_hash_table_insert (columns, key, levels);
      }
      for (guint y = 0; y < c->height; y++) {
        guint got;

        row = GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) + (gsize) y *
            GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);
        got = row[x];
        if (bars) {
          /* strips of rows, one per channel with stack */
          guint strips = !g_strcmp0 (c->layout, "stack") ? c->channels : 1;
          guint s = 0, top, rows, h;
          gdouble level;

          while (s + 1 < strips && (s + 1) * c->height / strips <= y)
            s++;
          top = s * c->height / strips;
          rows = (s + 1) * c->height / strips - top;
          h = top + rows - 1 - y;
          level = levels[s * c->width + x];
          if (got != bar_pixel (floor (level + 0.5), h, rows)
              && !(near_edge (level) && (got == bar_pixel (floor (level),
                          h, rows) || got == bar_pixel (ceil (level), h,
                          rows))))
            fail ("%s: picture %u, (%u, %u): %u, the bar of level %.3f "
                "gives %u", settings, p, x, y, got, level,
                bar_pixel (floor (level + 0.5), h, rows));
        } else if (!level_matches (got, levels[y])) {
          fail ("%s: picture %u (column %" G_GINT64_FORMAT "), (%u, %u): "
              "level %u, the reference %.3f", settings, p, k, x, y, got,
              levels[y]);
        }
        checked++;
      }
    }
    gst_video_frame_unmap (&frame);
  }
  g_hash_table_unref (columns);
  return checked;
}

/* Every pixel of every picture of case c against the reference. */
static void
check_case (const Case * c)
{
  const gdouble seconds = 0.6;
  const guint frames = (guint) (seconds * RATE);
  gfloat *audio = make_audio (c->channels, seconds);
  gchar *settings = case_settings (c);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", c->width, c->height, FPS);
  GPtrArray *pictures = run_pictures (audio, frames, c->channels, settings,
      caps, NULL);

  fail_unless (pictures != NULL && pictures->len >= seconds * FPS - 2,
      "%s: %u pictures", settings, pictures ? pictures->len : 0);
  fail_unless (check_pictures (c, audio, frames, pictures, 0, pictures->len,
          settings) > 0);
  g_ptr_array_unref (pictures);
  g_free (settings);
  g_free (caps);
  g_free (audio);
}

GST_START_TEST (test_pictures_against_reference)
{
  const gchar *styles[] = { "scroll", "replace", "bars" };
  const gchar *scales[] = { "linear", "log" };
  const gchar *layouts[] = { "mix", "stack", "overlay" };

  for (guint s = 0; s < G_N_ELEMENTS (styles); s++)
    for (guint f = 0; f < G_N_ELEMENTS (scales); f++)
      for (guint l = 0; l < G_N_ELEMENTS (layouts); l++) {
        /* one FFT over the latest samples a column, 10 ms each */
        Case c = { styles[s], scales[f], layouts[l], 257, 10 * GST_MSECOND,
          0.0, "power", 0, 0, 100, 0, 48, 40, 2
        };

        check_case (&c);
      }
}

GST_END_TEST;

GST_START_TEST (test_long_intervals_and_settings)
{
  /* several FFTs a column (overlapping), decibel averaging, a band of
   * frequencies, gain and range, three channels stacked */
  const Case cases[] = {
    {"scroll", "linear", "mix", 129, 30 * GST_MSECOND, 0.5, "db", 0, 0, 90,
        0, 20, 30, 1},
    {"replace", "log", "stack", 513, 25 * GST_MSECOND, 0.25, "power", 200,
        12000, 80, 10, 24, 45, 3},
    {"bars", "log", "overlay", 257, 40 * GST_MSECOND, 0.0, "db", 0, 0, 140,
        -6, 40, 32, 2},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_case (&cases[i]);
}

GST_END_TEST;

/* ---- a sweep -------------------------------------------------------- */

GST_START_TEST (test_sweep_ridge)
{
  /* a log sweep from 100 Hz to 12 kHz over 2 s, on the log scale */
  const gdouble seconds = 2.0, f0 = 100, f1 = 12000;
  const guint frames = (guint) (seconds * RATE), width = 120, height = 96;
  const gdouble rate_k = log (f1 / f0) / seconds;
  gfloat *audio = g_new (gfloat, frames);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", width, height, FPS);
  GPtrArray *pictures;
  GstVideoInfo vinfo;
  GstVideoFrame frame;
  GstSample *last;
  guint on_ridge = 0, columns = 0;

  for (guint j = 0; j < frames; j++) {
    gdouble t = (gdouble) j / RATE;

    audio[j] = (gfloat) (0.5 * sin (2 * G_PI * f0 * (exp (rate_k * t) - 1) /
            rate_k));
  }
  pictures = run_pictures (audio, frames, 1, "bands=2049 interval=10000000 "
      "scale=log freq-min=50 freq-max=20000 colour-map=gray", caps, NULL);
  fail_unless (pictures != NULL && pictures->len > 0);
  last = g_ptr_array_index (pictures, pictures->len - 1);
  fail_unless (gst_video_info_from_caps (&vinfo, gst_sample_get_caps (last)));
  fail_unless (gst_video_frame_map (&frame, &vinfo,
          gst_sample_get_buffer (last), GST_MAP_READ));
  {
    GstBuffer *buf = gst_sample_get_buffer (last);
    guint64 limit = gst_util_uint64_scale_round (GST_BUFFER_PTS (buf) +
        GST_BUFFER_DURATION (buf), RATE, GST_SECOND);
    guint64 n_columns = MIN (limit, frames) / (RATE / 100);

    for (guint x = 0; x < width; x++) {
      gint64 k = (gint64) n_columns - width + x;
      /* the column's FFT of 4096 ends with it: its middle's frequency */
      gdouble t = ((k + 1) * (RATE / 100.0) - 2048) / RATE;
      gdouble f = f0 * exp (rate_k * t);
      guint best = 0, best_y = 0;
      gint expected_y;

      /* where the rows are wider than the bins */
      if (k < 0 || f < 300)
        continue;
      for (guint y = 0; y < height; y++) {
        guint v = ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0))[y *
            GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0) + x];

        if (v > best) {
          best = v;
          best_y = y;
        }
      }
      /* row y from the top covers line height - 1 - y of the log axis */
      expected_y = height - 1 - (gint) floor (log (f / 50) / log (20000.0 /
              50) * height);
      columns++;
      if (abs ((gint) best_y - expected_y) <= 1)
        on_ridge++;
      else
        GST_INFO ("column %" G_GINT64_FORMAT " (%.0f Hz): ridge at row %u, "
            "expected %d", k, f, best_y, expected_y);
    }
  }
  gst_video_frame_unmap (&frame);
  /* every column on the ridge, within a row */
  fail_unless (columns > 60, "%u columns checked", columns);
  fail_unless (on_ridge == columns, "%u of %u columns on the ridge",
      on_ridge, columns);
  g_ptr_array_unref (pictures);
  g_free (caps);
  g_free (audio);
}

GST_END_TEST;

/* ---- colours -------------------------------------------------------- */

/* The colour of each level in map through RGBA, from a picture with every
 * level: the level of each pixel from the gray picture of the same audio. */
GST_START_TEST (test_colour_maps)
{
  const gdouble seconds = 0.5;
  const guint frames = (guint) (seconds * RATE);
  gfloat *audio = make_audio (1, seconds);
  const gchar *maps[] = { "magma", "inferno", "viridis" };
  /* each map's ends, as published */
  const guint8 ends[3][2][3] = {
    {{0, 0, 4}, {252, 253, 191}},
    {{0, 0, 4}, {252, 255, 164}},
    {{68, 1, 84}, {253, 231, 37}},
  };
  GPtrArray *gray = run_pictures (audio, frames, 1, "colour-map=gray "
      "range=60 gain=40", "video/x-raw,format=GRAY8,width=64,height=200,"
      "framerate=50/1", NULL);

  fail_unless (gray != NULL && gray->len > 0);
  for (guint m = 0; m < G_N_ELEMENTS (maps); m++) {
    gchar *settings = g_strdup_printf ("colour-map=%s range=60 gain=40",
        maps[m]);
    GPtrArray *rgba = run_pictures (audio, frames, 1, settings,
        "video/x-raw,format=RGBA,width=64,height=200,framerate=50/1", NULL);
    gint colour[256][3];
    guint seen = 0;
    gdouble last_luma = -1;

    memset (colour, -1, sizeof (colour));
    fail_unless (rgba != NULL && rgba->len == gray->len);
    for (guint p = 0; p < rgba->len; p++) {
      GstMapInfo gm, cm;

      fail_unless (gst_buffer_map (gst_sample_get_buffer
              (g_ptr_array_index (gray, p)), &gm, GST_MAP_READ));
      fail_unless (gst_buffer_map (gst_sample_get_buffer
              (g_ptr_array_index (rgba, p)), &cm, GST_MAP_READ));
      for (gsize i = 0; i < 64 * 200; i++) {
        guint level = gm.data[i];
        const guint8 *px = cm.data + 4 * i;

        if (px[3] != 255)
          fail ("%s: alpha %u", maps[m], px[3]);
        if (colour[level][0] < 0) {
          for (guint k = 0; k < 3; k++)
            colour[level][k] = px[k];
          seen++;
        } else if (colour[level][0] != px[0] || colour[level][1] != px[1]
            || colour[level][2] != px[2]) {
          fail ("%s: level %u in two colours", maps[m], level);
        }
      }
      gst_buffer_unmap (gst_sample_get_buffer (g_ptr_array_index (gray, p)),
          &gm);
      gst_buffer_unmap (gst_sample_get_buffer (g_ptr_array_index (rgba, p)),
          &cm);
    }
    /* the audio spans the levels; lightness rises with the level */
    fail_unless (seen > 128, "%s: %u levels seen", maps[m], seen);
    fail_unless (colour[0][0] >= 0 && colour[255][0] >= 0,
        "%s: the ends of the range not reached", maps[m]);
    for (guint e = 0; e < 2; e++)
      for (guint k = 0; k < 3; k++)
        fail_unless (abs (colour[e * 255][k] - ends[m][e][k]) <= 1,
            "%s: level %u channel %u is %d, the map's %u", maps[m], e * 255,
            k, colour[e * 255][k], ends[m][e][k]);
    for (guint level = 0; level < 256; level++) {
      gdouble luma;

      if (colour[level][0] < 0)
        continue;
      luma = 0.2126 * colour[level][0] + 0.7152 * colour[level][1] +
          0.0722 * colour[level][2];
      fail_unless (luma >= last_luma - 1.0, "%s: level %u darker than "
          "the one before", maps[m], level);
      last_luma = luma;
    }
    g_ptr_array_unref (rgba);
    g_free (settings);
  }
  g_ptr_array_unref (gray);
  g_free (audio);
}

GST_END_TEST;

/* ---- caps, playbin, changes, errors --------------------------------- */

GST_START_TEST (test_caps_from_downstream)
{
  const gdouble seconds = 0.4;
  const guint frames = (guint) (seconds * RATE);
  gfloat *audio = make_audio (2, seconds);
  /* downstream caps, the pictures' size and rate that must come */
  const struct
  {
    const gchar *caps;
    guint width, height, fps;
  } cases[] = {
    {"videoconvert ! video/x-raw,format=I420,width=160,height=120,"
          "framerate=25/1", 160, 120, 25},
    {"video/x-raw,format=BGRx,width=90,height=70,framerate=30/1", 90, 70,
        30},
    {"videoconvert ! videoscale ! video/x-raw,format=RGB", 320, 200, 25},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GPtrArray *pictures = run_pictures (audio, frames, 2, "", cases[i].caps,
        NULL);
    GstVideoInfo vinfo;

    fail_unless (pictures != NULL, "%s: an error", cases[i].caps);
    fail_unless (pictures->len >= seconds * cases[i].fps - 1,
        "%s: %u pictures", cases[i].caps, pictures->len);
    fail_unless (gst_video_info_from_caps (&vinfo,
            gst_sample_get_caps (g_ptr_array_index (pictures, 0))));
    fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&vinfo), cases[i].width);
    fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&vinfo), cases[i].height);
    fail_unless_equals_int (GST_VIDEO_INFO_FPS_N (&vinfo), cases[i].fps);
    /* at the frame rate, whatever the audio buffers' length (20 ms) */
    fail_unless (pictures->len <= seconds * cases[i].fps, "%s: %u pictures",
        cases[i].caps, pictures->len);
    for (guint p = 0; p < pictures->len; p++) {
      GstBuffer *buf = gst_sample_get_buffer (g_ptr_array_index (pictures,
              p));
      GstClockTime due = gst_util_uint64_scale (p, GST_SECOND,
          cases[i].fps);

      if (GST_BUFFER_PTS (buf) + 1 < due || GST_BUFFER_PTS (buf) > due + 1)
        fail ("%s: picture %u at %" GST_TIME_FORMAT ", due at %"
            GST_TIME_FORMAT, cases[i].caps, p,
            GST_TIME_ARGS (GST_BUFFER_PTS (buf)), GST_TIME_ARGS (due));
    }
    g_ptr_array_unref (pictures);
  }
  g_free (audio);
}

GST_END_TEST;

GST_START_TEST (test_bad_settings_error)
{
  const guint frames = RATE / 5;
  gfloat *audio = make_audio (3, 0.2);
  const struct
  {
    const gchar *settings;
    const gchar *caps;
    const gchar *says;
  } cases[] = {
    {"freq-min=5000 freq-max=1000", "video/x-raw,width=64,height=48",
        "freq-min"},
    {"scale=log freq-min=30000", "video/x-raw,width=64,height=48",
        "freq-min"},
    {"multi-channel=stack", "video/x-raw,width=64,height=2", "stacked"},
    /* the top an infinite multiple of freq-min (before: lines' edges of
     * inf, cast to bins) */
    {"scale=log freq-min=5e-324", "video/x-raw,width=64,height=48",
        "spectrogram"},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *text = NULL;
    GPtrArray *pictures = run_pictures (audio, frames, 3, cases[i].settings,
        cases[i].caps, &text);

    fail_unless (pictures == NULL, "%s: no error", cases[i].settings);
    fail_unless (text && strstr (text, cases[i].says), "%s: %s",
        cases[i].settings, text);
    g_free (text);
  }
  g_free (audio);
}

GST_END_TEST;

/* A rate change mid-stream: the columns after it are of the new rate's
 * audio (a 1 kHz tone, then a 5 kHz one), at the rows of their
 * frequencies from 0 to freq-max (fixed, so that a painter left at the
 * old rate would draw the tone at 7.5 kHz, not where it belongs). */
GST_START_TEST (test_rate_change)
{
  GstElement *pipeline = gst_parse_launch ("appsrc name=src format=time ! "
      "clfftspectrogram bands=1025 colour-map=gray freq-max=8000 ! "
      "video/x-raw,format=GRAY8,width=50,height=100,framerate=50/1 ! "
      "appsink name=sink sync=false wait-on-eos=false", NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  const guint rates[2] = { 48000, 32000 };
  const gdouble tones[2] = { 1000, 5000 };
  GstClockTime t = 0;
  GstSample *sample, *last = NULL;
  GstMessage *msg;
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMapInfo map;
  guint top_row = 0, best = 0;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  g_object_set (src, "max-bytes", (guint64) 0, NULL);
  for (guint r = 0; r < 2; r++) {
    GstAudioInfo info;
    GstCaps *caps;
    guint frames = rates[r] * 6 / 10, per = rates[r] / 50;

    gst_audio_info_set_format (&info, GST_AUDIO_FORMAT_F32LE, rates[r], 1,
        NULL);
    caps = gst_audio_info_to_caps (&info);
    g_object_set (src, "caps", caps, NULL);
    gst_caps_unref (caps);
    for (guint j = 0; j < frames; j += per) {
      gfloat *data = g_new (gfloat, per);
      GstBuffer *buf;

      for (guint i = 0; i < per; i++)
        data[i] = (gfloat) (0.5 * sin (2 * G_PI * tones[r] * (j + i) /
                rates[r]) + 0.001 * g_rand_double_range (rng, -1, 1));
      buf = gst_buffer_new_wrapped (data, per * sizeof (gfloat));
      GST_BUFFER_PTS (buf) = t;
      GST_BUFFER_DURATION (buf) = GST_SECOND / 50;
      t += GST_SECOND / 50;
      fail_unless (gst_app_src_push_buffer (GST_APP_SRC (src), buf) ==
          GST_FLOW_OK);
    }
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0))) {
    if (last)
      gst_sample_unref (last);
    last = sample;
  }
  fail_unless (last != NULL);
  /* the newest column: the 5 kHz tone at 32 kHz, row from the top */
  fail_unless (gst_buffer_map (gst_sample_get_buffer (last), &map,
          GST_MAP_READ));
  for (guint y = 0; y < 100; y++)
    if (map.data[y * 52 + 49] > best) {
      best = map.data[y * 52 + 49];
      top_row = y;
    }
  gst_buffer_unmap (gst_sample_get_buffer (last), &map);
  /* 0 .. 8 kHz over 100 rows from the bottom */
  fail_unless (abs ((gint) top_row - (gint) (99 - floor (5000 / 80.0))) <=
      1, "the tone at row %u", top_row);
  gst_sample_unref (last);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* A whole-frame quantization of audio as format holds it, in floats as
 * the element reads them. */
static gfloat *
quantized (const gfloat * audio, gsize samples, const gchar * format)
{
  gdouble max = !g_strcmp0 (format, "S16LE") ? 32767.0 :
      !g_strcmp0 (format, "S24LE") ? 8388607.0 : 0;
  gfloat *out = g_memdup2 (audio, samples * sizeof (gfloat));

  if (max > 0)
    for (gsize i = 0; i < samples; i++)
      out[i] = (gfloat) (lrint (audio[i] * max) / (gfloat) max);
  return out;
}

/* Frames split across buffers (a raw file read in blocks, as filesrc
 * does): stereo with a silent right channel, stacked, gives the pictures
 * of whole frames, the right strip black, in S16LE, S24LE and F32LE. */
GST_START_TEST (test_frames_split_across_buffers)
{
  const gdouble seconds = 0.5;
  const guint frames = (guint) (seconds * RATE);
  const struct
  {
    const gchar *format;
    gsize split_bytes;          /* not a whole number of frames */
  } cases[] = {
    {"S24LE", 4096}, {"S16LE", 4094}, {"F32LE", 4100},
  };
  const Case c = { "scroll", "linear", "stack", 257, 10 * GST_MSECOND, 0.0,
    "power", 0, 0, 100, 0, 48, 40, 2
  };
  gchar *settings = case_settings (&c);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", c.width, c.height, FPS);
  gfloat *audio = make_audio (2, seconds);

  for (guint j = 0; j < frames; j++)
    audio[2 * j + 1] = 0.0f;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gfloat *q = quantized (audio, 2 * (gsize) frames, cases[i].format);
    gsize bytes, bpf;
    guint8 *data = audio_bytes (audio, 2 * (gsize) frames, cases[i].format,
        &bytes);
    Stream st = { data, bytes, cases[i].format, 2, 0 };
    GPtrArray *whole, *split;
    gchar *what;

    bpf = bytes / frames;
    st.buffer_bytes = BUFFER_FRAMES * bpf;
    whole = run_stream (&st, settings, caps);
    st.buffer_bytes = cases[i].split_bytes;
    fail_unless (st.buffer_bytes % bpf != 0);
    split = run_stream (&st, settings, caps);
    what = g_strdup_printf ("%s in %" G_GSIZE_FORMAT "-byte buffers",
        cases[i].format, cases[i].split_bytes);
    fail_unless (split->len >= seconds * FPS - 2, "%s: %u pictures", what,
        split->len);
    fail_unless (check_pictures (&c, q, frames, split, 0, split->len,
            what) > 0);
    check_same_pictures (whole, split, what);
    g_ptr_array_unref (whole);
    g_ptr_array_unref (split);
    g_free (what);
    g_free (data);
    g_free (q);
  }
  g_free (audio);
  g_free (settings);
  g_free (caps);
}

GST_END_TEST;

static void
set_caps_downstream (GstElement * pipeline, gpointer caps)
{
  GstElement *cf = gst_bin_get_by_name (GST_BIN (pipeline), "cf");
  GstCaps *c = gst_caps_from_string (caps);

  g_object_set (cf, "caps", c, NULL);
  gst_caps_unref (c);
  gst_object_unref (cf);
}

/* A frame-rate change downstream mid-stream: the pictures go on at the
 * new rate from the end of the last one at the old rate, frame by frame,
 * each picture the columns that ended by its end, to the end. */
GST_START_TEST (test_frame_rate_change)
{
  const struct
  {
    gint from, to;
    gdouble at, seconds;
  } cases[] = {
    {30, 10, 3.0, 8.0}, {50, 25, 2.0, 5.0},
  };
  const Case c = { "scroll", "linear", "mix", 257, 10 * GST_MSECOND, 0.0,
    "power", 0, 0, 100, 0, 48, 40, 1
  };
  gchar *settings = case_settings (&c);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const guint frames = (guint) (cases[i].seconds * RATE);
    gfloat *audio = make_audio (1, cases[i].seconds);
    gchar *from = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
        "height=%u,framerate=%d/1", c.width, c.height, cases[i].from);
    gchar *to = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
        "height=%u,framerate=%d/1", c.width, c.height, cases[i].to);
    Stream st = { (const guint8 *) audio, (gsize) frames * sizeof (gfloat),
      "F32LE", 1, BUFFER_FRAMES * sizeof (gfloat)
    };
    GPtrArray *pictures;
    gchar *what = g_strdup_printf ("%d -> %d fps at %.0f s", cases[i].from,
        cases[i].to, cases[i].at);

    st.change_at = (GstClockTime) (cases[i].at * GST_SECOND);
    st.change = set_caps_downstream;
    st.change_data = to;
    pictures = run_stream (&st, settings, from);
    check_times (pictures, 0, cases[i].from, 1, st.change_at, cases[i].to, 1,
        (GstClockTime) (cases[i].seconds * GST_SECOND) - GST_SECOND /
        cases[i].to, what);
    fail_unless (check_pictures (&c, audio, frames, pictures, 0,
            pictures->len, what) > 0);
    g_ptr_array_unref (pictures);
    g_free (what);
    g_free (from);
    g_free (to);
    g_free (audio);
  }
  g_free (settings);
}

GST_END_TEST;

/* Audio without timestamps (appsrc without PTS; filesrc's raw audio in a
 * BYTES segment) gives the pictures, and their times, of the same audio
 * with them: time counts from the samples. */
GST_START_TEST (test_audio_without_timestamps)
{
  const gdouble seconds = 1.0;
  const guint frames = (guint) (seconds * RATE);
  const Case c = { "scroll", "linear", "overlay", 257, 10 * GST_MSECOND,
    0.0, "power", 0, 0, 100, 0, 48, 40, 2
  };
  gchar *settings = case_settings (&c);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", c.width, c.height, FPS);
  gfloat *audio = make_audio (2, seconds);
  Stream st = { (const guint8 *) audio, (gsize) frames * 2 * sizeof (gfloat),
    "F32LE", 2, 1000 * 2 * sizeof (gfloat)
  };
  GPtrArray *timed, *untimed, *bytes;

  timed = run_stream (&st, settings, caps);
  check_times (timed, 0, FPS, 1, 0, 0, 0, GST_SECOND - GST_SECOND / FPS,
      "with timestamps");
  fail_unless (check_pictures (&c, audio, frames, timed, 0, timed->len,
          "with timestamps") > 0);
  st.no_timestamps = TRUE;
  untimed = run_stream (&st, settings, caps);
  check_same_pictures (timed, untimed, "without timestamps");
  st.src_format = "bytes";
  bytes = run_stream (&st, settings, caps);
  check_same_pictures (timed, bytes, "without timestamps, BYTES segment");
  g_ptr_array_unref (timed);
  g_ptr_array_unref (untimed);
  g_ptr_array_unref (bytes);
  g_free (audio);
  g_free (settings);
  g_free (caps);
}

GST_END_TEST;

static void
set_property_string (GstElement * pipeline, gpointer assignment)
{
  GstElement *sg = gst_bin_get_by_name (GST_BIN (pipeline), "sg");
  gchar **kv = g_strsplit (assignment, "=", 2);

  gst_util_set_object_arg (G_OBJECT (sg), kv[0], kv[1]);
  g_strfreev (kv);
  gst_object_unref (sg);
}

/* The columns restarting mid-stream (multi-channel or interval changed
 * while playing, a jump of the audio's timestamps): the pictures' times
 * go on frame by frame, none repeated, none skipped (after a jump
 * forward, from the jump's time on; after a step back, from where they
 * were); the pictures before it match the reference. */
GST_START_TEST (test_restarts_keep_picture_times)
{
  const gdouble seconds = 2.0;
  const guint frames = (guint) (seconds * RATE);
  const struct
  {
    const gchar *change;
    GstClockTimeDiff jump;
  } cases[] = {
    {"multi-channel=stack", 0}, {"interval=20000000", 0},
    {"interval=7000000", 0}, {"multi-channel=overlay", GST_SECOND},
    {"gain=0", GST_SECOND / 2 + 7 * GST_MSECOND},
    {"multi-channel=stack", -GST_SECOND / 2},
  };
  const Case c = { "scroll", "linear", "mix", 257, 10 * GST_MSECOND, 0.0,
    "power", 0, 0, 100, 0, 48, 40, 2
  };
  gchar *settings = case_settings (&c);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", c.width, c.height, FPS);
  gfloat *audio = make_audio (2, seconds);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    Stream st = { (const guint8 *) audio,
      (gsize) frames * 2 * sizeof (gfloat), "F32LE", 2,
      BUFFER_FRAMES * 2 * sizeof (gfloat)
    };
    const GstClockTime frame = GST_SECOND / FPS;
    GstClockTime next = 0, jumped = 0;
    GPtrArray *pictures;
    guint before = 0;
    gchar *what = g_strdup_printf ("%s, timestamps moved by %"
        GST_STIME_FORMAT " at 1 s", cases[i].change,
        GST_STIME_ARGS (cases[i].jump));

    st.change_at = GST_SECOND;
    st.change = set_property_string;
    st.change_data = (gpointer) cases[i].change;
    st.jump = cases[i].jump;
    pictures = run_stream (&st, settings, caps);
    for (guint p = 0; p < pictures->len; p++) {
      GstBuffer *buf = gst_sample_get_buffer (g_ptr_array_index (pictures,
              p));
      GstClockTime pts = GST_BUFFER_PTS (buf);

      /* after a jump forward: from the first picture of the new times; a
       * step back: on once the audio reaches the next picture's time */
      if (cases[i].jump > 0 && !jumped && pts >= GST_SECOND) {
        jumped = GST_SECOND + cases[i].jump;
        next = (jumped + frame - 1) / frame * frame;
      }
      if (pts != next || GST_BUFFER_DURATION (buf) != frame) {
        fail ("%s: picture %u at %" GST_TIME_FORMAT " for %" GST_TIME_FORMAT
            ", due at %" GST_TIME_FORMAT, what, p, GST_TIME_ARGS (pts),
            GST_TIME_ARGS (GST_BUFFER_DURATION (buf)), GST_TIME_ARGS (next));
        break;
      }
      if (pts + frame <= GST_SECOND)
        before++;
      next += frame;
    }
    fail_unless (next >= GST_SECOND * seconds + st.jump - frame,
        "%s: the pictures end at %" GST_TIME_FORMAT, what,
        GST_TIME_ARGS (next));
    fail_unless (before == FPS, "%s: %u pictures before the change", what,
        before);
    /* the last one or two may have been drawn after the change */
    fail_unless (check_pictures (&c, audio, frames, pictures, 0, before - 2,
            what) > 0);
    g_ptr_array_unref (pictures);
    g_free (what);
  }
  g_free (audio);
  g_free (settings);
  g_free (caps);
}

GST_END_TEST;

/* Host memory exhausted after __i__ allocations that the settings decide
 * (CLFFT_FAULT=host-out-of-memory:N): an error on the bus that says so,
 * never an abort. */
GST_START_TEST (test_host_out_of_memory_is_an_error)
{
  gchar *fault = g_strdup_printf ("host-out-of-memory:%d", __i__);
  const gdouble seconds = 0.3;
  gfloat *audio = make_audio (2, seconds);
  gchar *text = NULL;
  GPtrArray *pictures;

  g_setenv ("CLFFT_FAULT", fault, TRUE);
  pictures = run_pictures (audio, (guint) (seconds * RATE), 2,
      "bands=4097 interval=1000000 multi-channel=stack",
      "video/x-raw,format=GRAY8,width=64,height=48,framerate=50/1", &text);
  GST_INFO ("%s: %s", fault, pictures ? "pictures" : text);
  if (!pictures)
    fail_unless (text && strstr (text, "host memory") != NULL, "%s: %s",
        fault, text);
  else
    fail_unless (pictures->len >= seconds * FPS - 2, "%s: %u pictures",
        fault, pictures->len);
  fail_unless (__i__ > 0 || pictures == NULL,
      "the first allocation did not fail");
  g_clear_pointer (&pictures, g_ptr_array_unref);
  g_free (text);
  g_free (audio);
  g_free (fault);
}

GST_END_TEST;

/* ---- device faults -------------------------------------------------- */

/* The live OpenCL objects of the engine inside the plugin, not of this
 * program's own copy of the engine. */
static ClfftLiveObjects
plugin_live_objects (void)
{
  static void (*get_live_objects) (ClfftLiveObjects *);
  ClfftLiveObjects live;

  if (!get_live_objects) {
    GstPlugin *plugin = gst_plugin_load_by_name ("clfft");
    GModule *module;

    fail_unless (plugin != NULL);
    module = g_module_open (gst_plugin_get_filename (plugin), 0);
    fail_unless (module != NULL, "%s", g_module_error ());
    fail_unless (g_module_symbol (module, "clfft_get_live_objects",
            (gpointer *) & get_live_objects), "%s", g_module_error ());
    /* the plugin stays loaded: the module is not closed */
    gst_object_unref (plugin);
  }
  get_live_objects (&live);
  return live;
}

static gboolean
same_objects (const ClfftLiveObjects * a, const ClfftLiveObjects * b)
{
  return a->contexts == b->contexts && a->queues == b->queues
      && a->programs == b->programs && a->kernels == b->kernels
      && a->buffers == b->buffers;
}


/* The faults' case: two channels stacked, scrolling, so that a picture
 * holds every column drawn so far (30 of 48), which a fallback must carry
 * over to the next device. */
static const Case fault_case = { "scroll", "linear", "stack", 257,
  10 * GST_MSECOND, 0.0, "power", 0, 0, 100, 0, 48, 40, 2
};

#define FAULT_SECONDS 0.3
#define FAULT_CAPS "video/x-raw,format=GRAY8,width=48,height=40,framerate=50/1"

/* The fault's case through the element, with extra settings. */
static void
run_fault_case (const gfloat * audio, const gchar * extra, Run * run)
{
  gchar *settings = case_settings (&fault_case);
  gchar *all = g_strdup_printf ("%s %s", settings, extra);

  run_audio (audio, (guint) (FAULT_SECONDS * RATE), fault_case.channels, all,
      FAULT_CAPS, run);
  g_free (all);
  g_free (settings);
}

/* A device lost at the __i__-th launch (CLFFT_FAULT=device-lost:N, which
 * lands in the FFTs, the columns' drawing or the picture's, of the first
 * pictures), without fallback: one error naming the device and
 * CL_DEVICE_NOT_AVAILABLE, an orderly stop, and the pictures out before
 * it those of a run without the fault (the fault arms only the first
 * engine a test's process makes: the second run has none). */
GST_START_TEST (test_device_lost_is_an_error)
{
  gfloat *audio = make_audio (fault_case.channels, FAULT_SECONDS);
  gchar *fault = g_strdup_printf ("device-lost:%d", __i__);
  Run run, again;

  g_setenv ("CLFFT_FAULT", fault, TRUE);
  run_fault_case (audio, "", &run);
  GST_INFO ("%s: %u pictures, %u errors: %s", fault, run.pictures->len,
      run.errors->len, run.errors->len ? (gchar *) run.errors->pdata[0] :
      "");
  fail_unless_equals_int (run.errors->len, 1);
  fail_unless (!run.eos);
  fail_unless (strstr (run.errors->pdata[0], run.device_name) != NULL
      && strstr (run.errors->pdata[0], "CL_DEVICE_NOT_AVAILABLE") != NULL,
      "%s: %s", fault, (gchar *) run.errors->pdata[0]);
  run_fault_case (audio, "", &again);
  fail_unless (again.eos && again.errors->len == 0);
  fail_unless (run.pictures->len < again.pictures->len);
  g_ptr_array_set_size (again.pictures, run.pictures->len);
  check_same_pictures (again.pictures, run.pictures, fault);
  run_clear (&run);
  run_clear (&again);
  g_free (fault);
  g_free (audio);
}

GST_END_TEST;

/* The same with fallback=true: one warning naming both devices and
 * CL_DEVICE_NOT_AVAILABLE, every picture out once at its time, each
 * equal to the run without the fault (on the device fallen back to) and
 * every pixel to the double-precision reference; no OpenCL object of
 * either engine left once the pipelines are gone. */
GST_START_TEST (test_fallback_keeps_every_picture)
{
  const guint frames = (guint) (FAULT_SECONDS * RATE);
  gfloat *audio = make_audio (fault_case.channels, FAULT_SECONDS);
  gchar *fault = g_strdup_printf ("device-lost:%d", __i__);
  gchar *expected;
  ClfftLiveObjects live;
  Run run, again;

  g_setenv ("CLFFT_FAULT", fault, TRUE);
  run_fault_case (audio, "fallback=true", &run);
  fail_unless (run.errors->len == 0, "%s: %s", fault, run.errors->len ?
      (gchar *) run.errors->pdata[0] : "");
  fail_unless (run.eos);
  fail_unless_equals_int (run.warnings->len, 1);
  GST_INFO ("%s: %u pictures; %s", fault, run.pictures->len,
      (gchar *) run.warnings->pdata[0]);
  /* the device fallen back to is the one in use at the end */
  expected = g_strdup_printf ("go to %s.", run.device_name);
  fail_unless (strstr (run.warnings->pdata[0], expected) != NULL
      && strstr (run.warnings->pdata[0], "CL_DEVICE_NOT_AVAILABLE") != NULL,
      "%s: %s", fault, (gchar *) run.warnings->pdata[0]);
  check_times (run.pictures, 0, FPS, 1, 0, 0, 0, FAULT_SECONDS * GST_SECOND,
      fault);
  run_fault_case (audio, "fallback=true", &again);
  fail_unless (again.eos && again.errors->len == 0
      && again.warnings->len == 0);
  check_same_pictures (again.pictures, run.pictures, fault);
  fail_unless (check_pictures (&fault_case, audio, frames, run.pictures, 0,
          run.pictures->len, fault) > 0);
  run_clear (&run);
  run_clear (&again);
  /* the failed engine's objects went with it */
  live = plugin_live_objects ();
  fail_unless (live.contexts + live.queues + live.programs + live.kernels
      + live.buffers == 0, "%s: left after the pipelines: %d contexts, %d "
      "queues, %d programs, %d kernels, %d buffers", fault, live.contexts,
      live.queues, live.programs, live.kernels, live.buffers);
  g_free (expected);
  g_free (fault);
  g_free (audio);
}

GST_END_TEST;

/* Device memory exhausted (CLFFT_FAULT=out-of-memory: every allocation
 * fails): without fallback (__i__ 0) an error that names the device, the
 * spectrogram it could not prepare and CL_MEM_OBJECT_ALLOCATION_FAILURE,
 * no picture; with fallback (__i__ 1) one warning, and the pictures of a
 * run without the fault, from the next device. */
GST_START_TEST (test_out_of_memory)
{
  gfloat *audio = make_audio (fault_case.channels, FAULT_SECONDS);
  const gchar *extra = __i__ ? "fallback=true" : "";
  Run run, again;

  g_setenv ("CLFFT_FAULT", "out-of-memory", TRUE);
  run_fault_case (audio, extra, &run);
  if (!__i__) {
    fail_unless_equals_int (run.errors->len, 1);
    GST_INFO ("out-of-memory: %s", (gchar *) run.errors->pdata[0]);
    fail_unless (!run.eos);
    fail_unless (strstr (run.errors->pdata[0], run.device_name) != NULL
        && strstr (run.errors->pdata[0], "failed to prepare a 48x40 "
            "spectrogram") != NULL
        && strstr (run.errors->pdata[0], "CL_MEM_OBJECT_ALLOCATION_FAILURE")
        != NULL, "%s", (gchar *) run.errors->pdata[0]);
    fail_unless_equals_int (run.pictures->len, 0);
  } else {
    fail_unless (run.eos && run.errors->len == 0, "%s", run.errors->len ?
        (gchar *) run.errors->pdata[0] : "");
    fail_unless_equals_int (run.warnings->len, 1);
    GST_INFO ("out-of-memory, fallback=true: %s",
        (gchar *) run.warnings->pdata[0]);
    fail_unless (strstr (run.warnings->pdata[0],
            "CL_MEM_OBJECT_ALLOCATION_FAILURE") != NULL, "%s",
        (gchar *) run.warnings->pdata[0]);
    run_fault_case (audio, extra, &again);
    check_same_pictures (again.pictures, run.pictures, "out-of-memory");
    run_clear (&again);
  }
  run_clear (&run);
  g_free (audio);
}

GST_END_TEST;

/* ---- load ------------------------------------------------------------ */

/* The soak's pictures as they come: their count, those at the wrong time,
 * and every SOAK_KEPT-th kept for the reference. */
#define SOAK_KEPT 250

typedef struct
{
  GMutex lock;
  guint received, mistimed;
  GPtrArray *kept;              /* GstSample */
} Soak;

static GstFlowReturn
soak_new_sample (GstAppSink * sink, gpointer data)
{
  Soak *soak = data;
  GstSample *sample = gst_app_sink_pull_sample (sink);
  GstBuffer *buf = gst_sample_get_buffer (sample);

  g_mutex_lock (&soak->lock);
  if (GST_BUFFER_PTS (buf) != gst_util_uint64_scale (soak->received,
          GST_SECOND, FPS) || GST_BUFFER_DURATION (buf) != GST_SECOND / FPS)
    soak->mistimed++;
  if (soak->received % SOAK_KEPT == SOAK_KEPT - 1)
    g_ptr_array_add (soak->kept, gst_sample_ref (sample));
  soak->received++;
  g_mutex_unlock (&soak->lock);
  gst_sample_unref (sample);
  return GST_FLOW_OK;
}

/* CLFFT_SOAK_PICTURES pictures (3000 by default, a minute of two-channel
 * audio, stacked) through appsrc ! clfftspectrogram ! appsink, each at its
 * time, every 250th against the double-precision reference; after the
 * first 500, resident memory read at every 500th picture and at the end
 * stays within 1 MiB of what it was then, and the engine's OpenCL objects
 * stay the same; none are left once the pipeline is gone. */
GST_START_TEST (test_soak)
{
  const gchar *env = g_getenv ("CLFFT_SOAK_PICTURES");
  const guint n = env ? atoi (env) : 3000, warm_up = MIN (500, n / 6);
  const guint frames = n * BUFFER_FRAMES;
  Case c = fault_case;
  gchar *settings = case_settings (&c);
  gchar *launch = g_strdup_printf ("appsrc name=src format=time block=true "
      "max-buffers=4 ! clfftspectrogram %s ! %s ! appsink name=sink "
      "sync=false wait-on-eos=false", settings, FAULT_CAPS);
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstAppSinkCallbacks callbacks = { NULL, NULL, soak_new_sample };
  Soak soak = { {0}, 0, 0, g_ptr_array_new_with_free_func ((GDestroyNotify)
          gst_sample_unref)
  };
  /* the audio in full, for the reference: allocated before the warm-up */
  gfloat *audio = make_audio (c.channels, (gdouble) frames / RATE);
  GstBus *bus = gst_element_get_bus (pipeline);
  ClfftLiveObjects warm_objects = { 0 }, now, after;
  gsize warm_kib = 0, peak_kib = 0, end_kib;
  GstAudioInfo info;
  GstCaps *caps;
  GstMessage *msg;
  gint64 start = g_get_monotonic_time ();

  g_mutex_init (&soak.lock);
  gst_audio_info_set_format (&info, GST_AUDIO_FORMAT_F32LE, RATE,
      c.channels, NULL);
  caps = gst_audio_info_to_caps (&info);
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  gst_app_sink_set_callbacks (GST_APP_SINK (sink), &callbacks, &soak, NULL);
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  for (guint i = 0; i < n; i++) {
    GstBuffer *buf = gst_buffer_new_memdup (audio + (gsize) i *
        BUFFER_FRAMES * c.channels, BUFFER_FRAMES * c.channels *
        sizeof (gfloat));

    if (i == warm_up) {
      warm_kib = ref_resident_kib ();
      warm_objects = plugin_live_objects ();
    } else if (i > warm_up && i % 500 == 0) {
      peak_kib = MAX (peak_kib, ref_resident_kib ());
      now = plugin_live_objects ();
      fail_unless (same_objects (&now, &warm_objects), "picture %u: %d "
          "contexts, %d queues, %d programs, %d kernels, %d buffers; after "
          "the warm-up %d, %d, %d, %d, %d", i, now.contexts, now.queues,
          now.programs, now.kernels, now.buffers, warm_objects.contexts,
          warm_objects.queues, warm_objects.programs, warm_objects.kernels,
          warm_objects.buffers);
    }
    GST_BUFFER_PTS (buf) = gst_util_uint64_scale (i, GST_SECOND, FPS);
    GST_BUFFER_DURATION (buf) = GST_SECOND / FPS;
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src), buf),
        GST_FLOW_OK);
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND, GST_MESSAGE_EOS |
      GST_MESSAGE_ERROR);
  fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "no EOS in 120 s");
  gst_message_unref (msg);
  end_kib = ref_resident_kib ();
  peak_kib = MAX (peak_kib, end_kib);
  GST_INFO ("%u pictures in %.1f s; resident memory %zu KiB after %u, at "
      "most %zu after that, %zu at the end; OpenCL objects after the "
      "warm-up: %d contexts, %d queues, %d programs, %d kernels, %d "
      "buffers", n, (g_get_monotonic_time () - start) / 1e6, warm_kib,
      warm_up, peak_kib, end_kib, warm_objects.contexts, warm_objects.queues,
      warm_objects.programs, warm_objects.kernels, warm_objects.buffers);
  fail_unless (warm_objects.contexts == 1 && warm_objects.buffers > 0);
  fail_unless_equals_int (soak.received, n);
  fail_unless_equals_int (soak.mistimed, 0);
  fail_unless (check_pictures (&c, audio, frames, soak.kept, 0,
          soak.kept->len, "soak") > 0);
  fail_unless_equals_int (soak.kept->len, n / SOAK_KEPT);
  fail_unless (warm_kib > 0);
  fail_unless (!ref_resident_tells_leaks () || peak_kib < warm_kib + 1024,
      "grew by %zd KiB", (gssize) peak_kib - (gssize) warm_kib);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  after = plugin_live_objects ();
  fail_unless (after.contexts + after.queues + after.programs
      + after.kernels + after.buffers == 0, "left after the pipeline: %d "
      "contexts, %d queues, %d programs, %d kernels, %d buffers",
      after.contexts, after.queues, after.programs, after.kernels,
      after.buffers);
  g_ptr_array_unref (soak.kept);
  g_mutex_clear (&soak.lock);
  g_free (audio);
  g_free (launch);
  g_free (settings);
}

GST_END_TEST;

/* One of the pipelines at once: its case, audio and run. */
typedef struct
{
  Case c;
  gfloat *audio;
  guint frames;
  Run run;
} Worker;

static gpointer
run_worker (gpointer data)
{
  Worker *w = data;
  gchar *settings = case_settings (&w->c);
  gchar *caps = g_strdup_printf ("video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=%u/1", w->c.width, w->c.height, FPS);

  run_audio (w->audio, w->frames, w->c.channels, settings, caps, &w->run);
  g_free (caps);
  g_free (settings);
  return NULL;
}

#define N_WORKERS 8

/* Eight pipelines in eight threads at once, each with its own style, scale,
 * channel layout and audio: all on one engine, every picture at its time
 * and every pixel against the reference of its own pipeline. */
GST_START_TEST (test_pipelines_share_one_engine)
{
  const gchar *styles[] = { "scroll", "replace", "bars" };
  const gchar *layouts[] = { "mix", "stack", "overlay" };
  const gdouble seconds = 0.4;
  Worker workers[N_WORKERS];
  GThread *threads[N_WORKERS];
  guint checked = 0;

  for (guint i = 0; i < N_WORKERS; i++) {
    Case c = { styles[i % 3], i % 2 ? "log" : "linear", layouts[(i / 2) % 3],
      129 + 128 * (i % 3), (10 + 5 * (i % 2)) * GST_MSECOND, 0.0,
      i % 2 ? "db" : "power", 0, 0, 100, 0, 32 + 8 * i, 24, 1 + i % 3
    };

    workers[i].c = c;
    workers[i].frames = (guint) (seconds * RATE);
    workers[i].audio = make_audio (c.channels, seconds);
  }
  for (guint i = 0; i < N_WORKERS; i++)
    threads[i] = g_thread_new ("pipeline", run_worker, &workers[i]);
  for (guint i = 0; i < N_WORKERS; i++)
    g_thread_join (threads[i]);
  for (guint i = 0; i < N_WORKERS; i++) {
    Worker *w = &workers[i];
    gchar *settings = case_settings (&w->c);

    fail_unless (w->run.eos && w->run.errors->len == 0, "%s: %s", settings,
        w->run.errors->len ? (gchar *) w->run.errors->pdata[0] : "no EOS");
    check_times (w->run.pictures, 0, FPS, 1, 0, 0, 0, seconds * GST_SECOND,
        settings);
    checked += check_pictures (&w->c, w->audio, w->frames, w->run.pictures,
        0, w->run.pictures->len, settings);
    fail_unless (w->run.engine != NULL
        && w->run.engine == workers[0].run.engine,
        "pipeline %u has an engine of its own", i);
    run_clear (&w->run);
    g_free (w->audio);
    g_free (settings);
  }
  GST_INFO ("%d pipelines at once: %u pixels checked", N_WORKERS, checked);
}

GST_END_TEST;

/* A neighbour that asks either pad for the engine's context (before it
 * asks the pipeline, as GStreamer's context exchange goes) gets the
 * engine that the element announced, as from the other two elements. */
GST_START_TEST (test_pads_answer_engine_queries)
{
  GstElement *pipeline = gst_pipeline_new (NULL);
  GstElement *element = gst_element_factory_make ("clfftspectrogram", NULL);
  GstBus *bus = gst_element_get_bus (pipeline);
  gconstpointer announced;
  GstMessage *msg;

  fail_unless (element != NULL);
  gst_bin_add (GST_BIN (pipeline), element);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_HAVE_CONTEXT);
  fail_unless (msg != NULL, "no engine announced at READY");
  announced = have_context_engine (msg);
  gst_message_unref (msg);
  for (guint p = 0; p < 2; p++) {
    GstPad *pad = gst_element_get_static_pad (element, p ? "src" : "sink");
    GstQuery *query = gst_query_new_context ("gst.clfft.engine");
    GstContext *context = NULL;
    const GValue *value;

    fail_unless (gst_pad_query (pad, query), "the %s pad did not answer",
        GST_PAD_NAME (pad));
    gst_query_parse_context (query, &context);
    fail_unless (context != NULL);
    value = gst_structure_get_value (gst_context_get_structure (context),
        "engine");
    fail_unless (value != NULL && G_VALUE_HOLDS_BOXED (value)
        && g_value_get_boxed (value) == announced,
        "the %s pad answered with another engine", GST_PAD_NAME (pad));
    gst_query_unref (query);
    gst_object_unref (pad);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* CYCLES cycles NULL -> PLAYING -> NULL of the element alone (as
 * gst-check's generic/states does), each taking the engine and letting it
 * go; resident memory stays within 1 MiB after the first tenth, and no
 * OpenCL object is left once the element is gone. */
#define CYCLES 1000

GST_START_TEST (test_state_cycles)
{
  GstElement *element = gst_element_factory_make ("clfftspectrogram", NULL);
  ClfftLiveObjects after;
  gsize warm = 0;

  fail_unless (element != NULL);
  for (guint i = 0; i < CYCLES; i++) {
    if (i == CYCLES / 10)
      warm = ref_resident_kib ();
    fail_if (gst_element_set_state (element, GST_STATE_PLAYING) ==
        GST_STATE_CHANGE_FAILURE, "cycle %u", i);
    fail_unless_equals_int (gst_element_set_state (element, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
  }
  GST_INFO ("resident memory %zu KiB after %u cycles, %zu after %u", warm,
      CYCLES / 10, ref_resident_kib (), CYCLES);
  fail_unless (warm > 0);
  fail_unless (!ref_resident_tells_leaks ()
      || ref_resident_kib () < warm + 1024, "grew by %zd KiB",
      (gssize) ref_resident_kib () - (gssize) warm);
  gst_object_unref (element);
  after = plugin_live_objects ();
  fail_unless (after.contexts + after.queues + after.programs
      + after.kernels + after.buffers == 0, "left: %d contexts, %d queues, "
      "%d programs, %d kernels, %d buffers", after.contexts, after.queues,
      after.programs, after.kernels, after.buffers);
}

GST_END_TEST;

/* FFTs far longer than a column (4M samples, 1 ms columns): the host
 * stages a bounded batch of them, not a whole FFT per column of the
 * picture (issue 71: 4 GB for bands=4194305 at 320 columns). */
GST_START_TEST (test_long_ffts_short_intervals_bounded_memory)
{
  GstElement *pipeline = gst_parse_launch ("audiotestsrc num-buffers=3 "
      "samplesperbuffer=800 wave=white-noise ! audio/x-raw,rate=8000 ! "
      "clfftspectrogram bands=2097153 interval=1000000 ! "
      "video/x-raw,width=16,height=16,framerate=10/1 ! "
      "appsink name=sink sync=false wait-on-eos=false", NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstBus *bus = gst_element_get_bus (pipeline);
  gsize before = ref_resident_kib ();
  struct rusage usage;
  GstMessage *msg;
  GstSample *sample;
  guint pictures = 0;
  glong grown;

  fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, 300 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no EOS nor error in 300 s");
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    GError *e;

    gst_message_parse_error (msg, &e, NULL);
    fail ("%s", e->message);
    g_error_free (e);
  }
  gst_message_unref (msg);
  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0))) {
    pictures++;
    gst_sample_unref (sample);
  }
  fail_unless_equals_int (pictures, 3);
  fail_unless (getrusage (RUSAGE_SELF, &usage) == 0);
  grown = usage.ru_maxrss - (glong) before;
  GST_INFO ("resident memory grew by up to %ld KiB", grown);
  /* the FFTs' device buffers (PoCL's are the host's) and one batch of
   * 64 MiB: 330 MiB; staging every column at once took 730 MiB */
  if (ref_resident_tells_leaks ())
    fail_unless (grown < 512 * 1024, "resident memory grew by %ld MiB",
        grown / 1024);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* playbin with vis-plugin=clfftspectrogram plays a WAV file to EOS and
 * shows pictures. */
GST_START_TEST (test_playbin_vis_plugin)
{
  gchar *dir = g_dir_make_tmp ("clfft-spectrogram-XXXXXX", NULL);
  gchar *path = g_build_filename (dir, "tone.wav", NULL);
  gchar *launch = g_strdup_printf ("audiotestsrc num-buffers=30 freq=880 ! "
      "audioconvert ! wavenc ! filesink location=%s", path);
  GstElement *writer = gst_parse_launch (launch, NULL);
  GstElement *playbin, *vis, *vsink;
  GstMessage *msg;
  GstBus *bus;
  gchar *uri = gst_filename_to_uri (path, NULL);
  guint64 rendered = 0;

  fail_unless (writer != NULL);
  gst_element_set_state (writer, GST_STATE_PLAYING);
  bus = gst_element_get_bus (writer);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND, GST_MESSAGE_EOS |
      GST_MESSAGE_ERROR);
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS);
  gst_message_unref (msg);
  gst_object_unref (bus);
  gst_element_set_state (writer, GST_STATE_NULL);
  gst_object_unref (writer);

  playbin = gst_element_factory_make ("playbin", NULL);
  vis = gst_element_factory_make ("clfftspectrogram", NULL);
  vsink = gst_element_factory_make ("fakesink", NULL);
  fail_unless (playbin && vis && vsink);
  g_object_set (vsink, "sync", FALSE, NULL);
  /* flags: audio (2) | vis (8) */
  g_object_set (playbin, "uri", uri, "vis-plugin", vis, "video-sink", vsink,
      "audio-sink", gst_element_factory_make ("fakesink", NULL), "flags", 2 |
      8, NULL);
  gst_element_set_state (playbin, GST_STATE_PLAYING);
  bus = gst_element_get_bus (playbin);
  msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND, GST_MESSAGE_EOS |
      GST_MESSAGE_ERROR);
  fail_unless (msg && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "playbin: no EOS");
  gst_message_unref (msg);
  {
    GstStructure *stats = NULL;

    g_object_get (vsink, "stats", &stats, NULL);
    fail_unless (gst_structure_get_uint64 (stats, "rendered", &rendered));
    gst_structure_free (stats);
  }
  fail_unless (rendered > 5, "%" G_GUINT64_FORMAT " pictures", rendered);
  gst_object_unref (bus);
  gst_element_set_state (playbin, GST_STATE_NULL);
  gst_object_unref (playbin);
  ref_remove_tree (dir);
  g_free (uri);
  g_free (launch);
  g_free (path);
  g_free (dir);
}

GST_END_TEST;

static Suite *
clfftspectrogram_suite (void)
{
  Suite *s = suite_create ("clfftspectrogram");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_pictures_against_reference);
  tcase_add_test (tc, test_long_intervals_and_settings);
  tcase_add_test (tc, test_sweep_ridge);
  tcase_add_test (tc, test_colour_maps);
  tcase_add_test (tc, test_caps_from_downstream);
  tcase_add_test (tc, test_bad_settings_error);
  tcase_add_test (tc, test_rate_change);
  tcase_add_test (tc, test_playbin_vis_plugin);
  tcase_add_test (tc, test_frames_split_across_buffers);
  tcase_add_test (tc, test_frame_rate_change);
  tcase_add_test (tc, test_audio_without_timestamps);
  tcase_add_test (tc, test_restarts_keep_picture_times);
  tcase_add_loop_test (tc, test_host_out_of_memory_is_an_error, 0, 10);
  tcase_add_test (tc, test_long_ffts_short_intervals_bounded_memory);
  tcase_add_loop_test (tc, test_device_lost_is_an_error, 0, 16);
  tcase_add_loop_test (tc, test_fallback_keeps_every_picture, 0, 16);
  tcase_add_loop_test (tc, test_out_of_memory, 0, 2);
  tcase_add_test (tc, test_soak);
  tcase_add_test (tc, test_pipelines_share_one_engine);
  tcase_add_test (tc, test_pads_answer_engine_queries);
  tcase_add_test (tc, test_state_cycles);
  return s;
}

GST_CHECK_MAIN (clfftspectrogram);
