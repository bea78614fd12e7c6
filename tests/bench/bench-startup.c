/* How long a user waits for clfft2dfilter: the first frame of a new
 * process with an empty kernel cache (cold) and with the cache the cold
 * run left (warm), and the longest gap between output frames when a live
 * stream changes to a size never seen before. The same for clfftspectrum:
 * its first message, and the longest gap between messages when a live
 * stream's `bands` changes to a value never seen before.
 *
 *   bench-startup [--sizes 640x480,1920x1080] [--reps R] [--tuning T]
 *       [--switch-sizes 320x240,400x300,...] [--bands 1025,4097]
 *       [--switch-bands 257,513,...] [--csv FILE]
 *
 * Each measurement runs in a child process of its own (this program
 * again, with --first-frame or --size-change), so that it starts as a
 * user's process does: no engine, no programs in memory. Cold runs get a
 * new cache folder (XDG_CACHE_HOME), and a new one for the compute cache
 * of NVIDIA's driver (CUDA_CACHE_PATH), which keeps compiled kernels of
 * its own; warm runs get the folders of the cold run before them. A first frame is timed from the pipeline's change to
 * PLAYING (the engine is made then) to the filtered frame at the appsink.
 * The size change pushes frames from a live appsrc at 30 frames a second,
 * a second of each size; the first size is a cold start and not counted.
 * The spectrum's first message is timed the same way, from PLAYING to the
 * message; its bands change pushes 10 ms of audio at a time, paced, with
 * a message every 50 ms, and sets the next `bands` every second.
 * Figures are medians over --reps.
 */
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "bench-util.h"

#define FRAME_RATE 30

static gchar *tuning = NULL;

static GstElement *
make_pipeline (gboolean live, GstElement ** src, GstElement ** sink)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time "
      "is-live=%s max-bytes=0 ! clfft2dfilter name=f%s%s ! "
      "appsink name=sink sync=false max-buffers=0", live ? "true" : "false",
      tuning ? " tuning=" : "", tuning ? tuning : "");
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (launch, &error);

  if (!pipeline)
    g_error ("%s", error->message);
  g_free (launch);
  *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  return pipeline;
}

static void
set_size (GstElement * src, guint w, guint h)
{
  GstCaps *caps = gst_caps_new_simple ("video/x-raw", "format",
      G_TYPE_STRING, "GRAY8", "width", G_TYPE_INT, w, "height", G_TYPE_INT,
      h, "framerate", GST_TYPE_FRACTION, FRAME_RATE, 1, NULL);

  gst_app_src_set_caps (GST_APP_SRC (src), caps);
  gst_caps_unref (caps);
}

/* A frame of noise: the filter's time does not depend on the pixels, but
 * a flat frame would hide a broken one in a glance at the output. */
static GstBuffer *
noise_frame (guint w, guint h, guint index, GRand * rng)
{
  GstVideoInfo info;
  GstBuffer *buf;
  GstMapInfo map;

  /* rows a stride apart, as GStreamer lays out GRAY8 */
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, w, h);
  buf = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_rand_int (rng) & 0xff;
  gst_buffer_unmap (buf, &map);
  GST_BUFFER_PTS (buf) = gst_util_uint64_scale (index, GST_SECOND,
      FRAME_RATE);
  GST_BUFFER_DURATION (buf) = GST_SECOND / FRAME_RATE;
  return buf;
}

static gchar *
device_name (GstElement * pipeline)
{
  GstElement *filter = gst_bin_get_by_name (GST_BIN (pipeline), "f");
  gchar *name = NULL;

  g_object_get (filter, "device-name", &name, NULL);
  gst_object_unref (filter);
  return name ? name : g_strdup ("?");
}

/* Child: the first frame of a w x h stream; prints its seconds. */
static int
first_frame (guint w, guint h)
{
  GstElement *src, *sink, *pipeline = make_pipeline (FALSE, &src, &sink);
  GRand *rng = g_rand_new_with_seed (w * 7919 + h);
  GstSample *sample;
  gint64 start;
  gchar *device;

  set_size (src, w, h);
  start = g_get_monotonic_time ();
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  gst_app_src_push_buffer (GST_APP_SRC (src), noise_frame (w, h, 0, rng));
  sample = gst_app_sink_pull_sample (GST_APP_SINK (sink));
  if (!sample)
    g_error ("no filtered frame came out");
  printf ("first-frame %.4f\n", (g_get_monotonic_time () - start) / 1e6);
  device = device_name (pipeline);
  printf ("device %s\n", device);
  gst_sample_unref (sample);
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_rand_free (rng);
  g_free (device);
  return 0;
}

static gboolean
parse_size (const gchar * text, guint * w, guint * h)
{
  return sscanf (text, "%ux%u", w, h) == 2 && *w >= 2 && *h >= 2;
}

typedef struct
{
  GMutex lock;
  GArray *arrivals;             /* gint64 us, per output frame */
  GArray *widths;               /* guint, per output frame */
} Outputs;

static GstFlowReturn
on_sample (GstAppSink * sink, Outputs * out)
{
  GstSample *sample = gst_app_sink_pull_sample (sink);
  gint64 now = g_get_monotonic_time ();
  GstStructure *s = gst_caps_get_structure (gst_sample_get_caps (sample), 0);
  gint w = 0;

  gst_structure_get_int (s, "width", &w);
  g_mutex_lock (&out->lock);
  g_array_append_val (out->arrivals, now);
  g_array_append_val (out->widths, w);
  g_mutex_unlock (&out->lock);
  gst_sample_unref (sample);
  return GST_FLOW_OK;
}

/* Child: a live stream through the sizes, a second each, paced at
 * FRAME_RATE; prints the longest gap between output frames around each
 * change of size (from the last frame of one size to the first of the
 * next, and within the new size), and checks that every frame came out
 * in order. */
static int
size_change (gchar ** sizes)
{
  GstElement *src, *sink, *pipeline = make_pipeline (TRUE, &src, &sink);
  GstAppSinkCallbacks callbacks = { NULL, NULL,
    (GstFlowReturn (*)(GstAppSink *, gpointer)) on_sample, NULL
  };
  Outputs out;
  GRand *rng = g_rand_new_with_seed (42);
  guint n_sizes = g_strv_length (sizes), index = 0;
  guint *firsts = g_new0 (guint, n_sizes + 1);
  gint64 start;

  g_mutex_init (&out.lock);
  out.arrivals = g_array_new (FALSE, FALSE, sizeof (gint64));
  out.widths = g_array_new (FALSE, FALSE, sizeof (guint));
  gst_app_sink_set_callbacks (GST_APP_SINK (sink), &callbacks, &out, NULL);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  start = g_get_monotonic_time ();
  for (guint s = 0; s < n_sizes; s++) {
    guint w, h;

    if (!parse_size (sizes[s], &w, &h))
      g_error ("not a size: %s", sizes[s]);
    set_size (src, w, h);
    firsts[s] = index;
    for (guint i = 0; i < FRAME_RATE; i++, index++) {
      gint64 due = start + (gint64) index * G_USEC_PER_SEC / FRAME_RATE;
      gint64 now = g_get_monotonic_time ();

      if (due > now)
        g_usleep (due - now);
      gst_app_src_push_buffer (GST_APP_SRC (src), noise_frame (w, h, index,
              rng));
    }
  }
  firsts[n_sizes] = index;
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  {
    GstBus *bus = gst_element_get_bus (pipeline);
    GstMessage *msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

    if (!msg || GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS)
      g_error ("the stream did not end well");
    gst_message_unref (msg);
    gst_object_unref (bus);
  }
  if (out.arrivals->len != index)
    g_error ("%u frames went in, %u came out", index, out.arrivals->len);
  for (guint s = 1; s < n_sizes; s++) {
    gint64 longest = 0;
    guint w, h;

    parse_size (sizes[s], &w, &h);
    for (guint i = firsts[s]; i < firsts[s + 1]; i++) {
      if (g_array_index (out.widths, guint, i) != w)
        g_error ("frame %u came out %u wide, not %u", i,
            g_array_index (out.widths, guint, i), w);
      longest = MAX (longest, g_array_index (out.arrivals, gint64, i) -
          g_array_index (out.arrivals, gint64, i - 1));
    }
    printf ("size-change %s %s %.4f\n", sizes[s - 1], sizes[s],
        longest / 1e6);
  }
  {
    gchar *device = device_name (pipeline);

    printf ("device %s\n", device);
    g_free (device);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_array_unref (out.arrivals);
  g_array_unref (out.widths);
  g_mutex_clear (&out.lock);
  g_rand_free (rng);
  g_free (firsts);
  return 0;
}

/* ---- clfftspectrum ------------------------------------------------ */

#define AUDIO_RATE 44100
/* samples per pushed buffer (10 ms) and the messages' interval (50 ms) */
#define AUDIO_BLOCK (AUDIO_RATE / 100)
#define SPECTRUM_INTERVAL (50 * GST_MSECOND)

static GstElement *
make_spectrum_pipeline (gboolean live, guint bands, GstElement ** src)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time "
      "is-live=%s max-bytes=0 caps=audio/x-raw,format=F32LE,rate=%u,"
      "channels=1,layout=interleaved ! clfftspectrum name=f bands=%u "
      "interval=%" G_GUINT64_FORMAT "%s%s ! fakesink sync=false",
      live ? "true" : "false", AUDIO_RATE, bands, SPECTRUM_INTERVAL,
      tuning ? " tuning=" : "", tuning ? tuning : "");
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (launch, &error);

  if (!pipeline)
    g_error ("%s", error->message);
  g_free (launch);
  *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  return pipeline;
}

/* blocks consecutive 10 ms blocks of a tone in noise, from block first */
static GstBuffer *
audio_blocks (guint first, guint blocks, GRand * rng)
{
  gsize samples = (gsize) blocks * AUDIO_BLOCK;
  GstBuffer *buf = gst_buffer_new_allocate (NULL, samples * sizeof (gfloat),
      NULL);
  GstMapInfo map;

  gst_buffer_map (buf, &map, GST_MAP_WRITE);
  for (gsize i = 0; i < samples; i++) {
    gdouble t = (gdouble) ((gsize) first * AUDIO_BLOCK + i) / AUDIO_RATE;

    ((gfloat *) map.data)[i] = (gfloat) (0.5 * sin (2 * G_PI * 1000 * t) +
        0.1 * g_rand_double_range (rng, -1.0, 1.0));
  }
  gst_buffer_unmap (buf, &map);
  GST_BUFFER_PTS (buf) = gst_util_uint64_scale (first, GST_SECOND, 100);
  GST_BUFFER_DURATION (buf) = gst_util_uint64_scale (blocks, GST_SECOND, 100);
  return buf;
}

typedef struct
{
  GMutex lock;
  GCond cond;
  GArray *arrivals;             /* gint64 us, per spectrum message */
  GArray *bands;                /* guint, per spectrum message */
} Messages;

static GstBusSyncReply
on_message (GstBus * bus, GstMessage * msg, Messages * out)
{
  const GstStructure *s = gst_message_get_structure (msg);
  gint64 now = g_get_monotonic_time ();
  const GValue *magnitude;
  guint bands;

  if (GST_MESSAGE_TYPE (msg) != GST_MESSAGE_ELEMENT
      || !gst_structure_has_name (s, "spectrum"))
    return GST_BUS_PASS;
  magnitude = gst_structure_get_value (s, "magnitude");
  bands = magnitude ? gst_value_list_get_size (magnitude) : 0;
  g_mutex_lock (&out->lock);
  g_array_append_val (out->arrivals, now);
  g_array_append_val (out->bands, bands);
  g_cond_broadcast (&out->cond);
  g_mutex_unlock (&out->lock);
  gst_message_unref (msg);
  return GST_BUS_DROP;
}

static void
messages_watch (Messages * out, GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);

  g_mutex_init (&out->lock);
  g_cond_init (&out->cond);
  out->arrivals = g_array_new (FALSE, FALSE, sizeof (gint64));
  out->bands = g_array_new (FALSE, FALSE, sizeof (guint));
  gst_bus_set_sync_handler (bus, (GstBusSyncHandler) on_message, out, NULL);
  gst_object_unref (bus);
}

static void
messages_clear (Messages * out)
{
  g_array_unref (out->arrivals);
  g_array_unref (out->bands);
  g_cond_clear (&out->cond);
  g_mutex_clear (&out->lock);
}

static void
finish_pipeline (GstElement * pipeline, GstElement * src)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  gst_app_src_end_of_stream (GST_APP_SRC (src));
  msg = gst_bus_timed_pop_filtered (bus, 120 * GST_SECOND,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (!msg || GST_MESSAGE_TYPE (msg) != GST_MESSAGE_EOS)
    g_error ("the stream did not end well");
  gst_message_unref (msg);
  gst_object_unref (bus);
}

/* Child: the first message of a spectrum of bands bands; prints its
 * seconds. */
static int
first_spectrum (guint bands)
{
  GstElement *src, *pipeline = make_spectrum_pipeline (FALSE, bands, &src);
  GRand *rng = g_rand_new_with_seed (bands);
  Messages out;
  gint64 start, deadline;
  gchar *device;

  messages_watch (&out, pipeline);
  start = g_get_monotonic_time ();
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  /* a second: several intervals and the longest frame */
  gst_app_src_push_buffer (GST_APP_SRC (src), audio_blocks (0, 100, rng));
  deadline = start + 120 * G_USEC_PER_SEC;
  g_mutex_lock (&out.lock);
  while (out.arrivals->len == 0)
    if (!g_cond_wait_until (&out.cond, &out.lock, deadline))
      g_error ("no spectrum message came");
  printf ("first-message %.4f\n",
      (g_array_index (out.arrivals, gint64, 0) - start) / 1e6);
  if (g_array_index (out.bands, guint, 0) != bands)
    g_error ("the first message has %u bands, not %u",
        g_array_index (out.bands, guint, 0), bands);
  g_mutex_unlock (&out.lock);
  device = device_name (pipeline);
  printf ("device %s\n", device);
  finish_pipeline (pipeline, src);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  messages_clear (&out);
  g_rand_free (rng);
  g_free (device);
  return 0;
}

/* Child: a live stream of audio whose spectrum takes the bands of the
 * list in turn, a second each; prints the longest gap between messages
 * around each change (from the last message of one value to the last of
 * the next), and checks that the messages came in the order of the list,
 * each value with the messages of most of its second. */
static int
bands_change (gchar ** values)
{
  guint n_values = g_strv_length (values), block = 0;
  guint *bands = g_new0 (guint, n_values);
  GstElement *src, *filter, *pipeline;
  GRand *rng = g_rand_new_with_seed (7);
  Messages out;
  gint64 start;

  for (guint v = 0; v < n_values; v++)
    if (!(bands[v] = bench_parse_count (values[v])) || bands[v] < 2)
      g_error ("not a number of bands: %s", values[v]);
  pipeline = make_spectrum_pipeline (TRUE, bands[0], &src);
  filter = gst_bin_get_by_name (GST_BIN (pipeline), "f");
  messages_watch (&out, pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  start = g_get_monotonic_time ();
  for (guint v = 0; v < n_values; v++) {
    g_object_set (filter, "bands", bands[v], NULL);
    for (guint i = 0; i < 100; i++, block++) {
      gint64 due = start + (gint64) block * G_USEC_PER_SEC / 100;
      gint64 now = g_get_monotonic_time ();

      if (due > now)
        g_usleep (due - now);
      gst_app_src_push_buffer (GST_APP_SRC (src), audio_blocks (block, 1,
              rng));
    }
    if (v == 0) {
      /* the first value is a cold start, not counted: the next value
       * comes once it has run, or the stream would apply it to the
       * first value's audio */
      g_mutex_lock (&out.lock);
      while (out.arrivals->len == 0)
        if (!g_cond_wait_until (&out.cond, &out.lock,
                g_get_monotonic_time () + 120 * G_USEC_PER_SEC))
          g_error ("no spectrum message came");
      g_mutex_unlock (&out.lock);
      start = g_get_monotonic_time () - (gint64) block * G_USEC_PER_SEC /
          100;
    }
  }
  finish_pipeline (pipeline, src);
  for (guint v = 1, m = 0; v < n_values; v++) {
    gint64 longest = 0;
    guint count = 0;

    /* the last message of the value before */
    while (m + 1 < out.bands->len
        && g_array_index (out.bands, guint, m + 1) == bands[v - 1])
      m++;
    for (m++; m < out.bands->len
        && g_array_index (out.bands, guint, m) == bands[v]; m++, count++)
      longest = MAX (longest, g_array_index (out.arrivals, gint64, m) -
          g_array_index (out.arrivals, gint64, m - 1));
    m--;
    /* 20 intervals a second, less the reset at the change */
    if (count < 15)
      g_error ("%u messages of %u bands, not about 20 (messages out of "
          "order or lost)", count, bands[v]);
    printf ("bands-change %u %u %.4f\n", bands[v - 1], bands[v],
        longest / 1e6);
  }
  {
    gchar *device = device_name (pipeline);

    printf ("device %s\n", device);
    g_free (device);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (filter);
  gst_object_unref (src);
  gst_object_unref (pipeline);
  messages_clear (&out);
  g_rand_free (rng);
  g_free (bands);
  return 0;
}

/* Runs this program again with args, XDG_CACHE_HOME=cache; returns its
 * output. */
static gchar *
run_child (const gchar * self, const gchar * cache, const gchar * const *args)
{
  GPtrArray *argv = g_ptr_array_new ();
  gchar *nv = g_build_filename (cache, "nv-compute-cache", NULL);
  gchar **env = g_environ_setenv (g_environ_setenv (g_get_environ (),
          "XDG_CACHE_HOME", cache, TRUE), "CUDA_CACHE_PATH", nv, TRUE);
  gchar *out = NULL;
  gint status = 0;
  GError *error = NULL;

  g_ptr_array_add (argv, (gpointer) self);
  if (tuning) {
    g_ptr_array_add (argv, (gpointer) "--tuning");
    g_ptr_array_add (argv, tuning);
  }
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (gchar **) argv->pdata, env, G_SPAWN_DEFAULT,
          NULL, NULL, &out, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    g_error ("child %s failed: %s", args[0], error->message);
  g_ptr_array_unref (argv);
  g_strfreev (env);
  g_free (nv);
  return out;
}

/* The value after key at the start of a line of text (0 if none). */
static gdouble
read_value (const gchar * text, const gchar * key, gchar ** rest)
{
  gchar **lines = g_strsplit (text, "\n", -1);
  gdouble value = 0.0;

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], key)) {
      const gchar *p = lines[i] + strlen (key);

      while (*p == ' ')
        p++;
      value = g_ascii_strtod (p, NULL);
      if (rest)
        *rest = g_strdup (p);
      break;
    }
  g_strfreev (lines);
  return value;
}

static gchar *
new_cache (void)
{
  gchar *dir = g_dir_make_tmp ("bench-startup-XXXXXX", NULL);

  if (!dir)
    g_error ("no temporary folder");
  return dir;
}

static void
remove_tree (const gchar * path)
{
  gchar *argv[] = { (gchar *) "rm", (gchar *) "-rf", (gchar *) path, NULL };

  g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
      NULL, NULL, NULL);
}

/* Prints and writes to csv the median, least and most of values. */
static void
report (FILE * csv, const gchar * measure, const gchar * what,
    const gdouble * values, guint reps, const gchar * device)
{
  gdouble lo = values[0], hi = values[0];
  gdouble *sorted = g_memdup2 (values, reps * sizeof (gdouble));
  gdouble median = bench_median (sorted, reps);

  for (guint r = 1; r < reps; r++) {
    lo = MIN (lo, values[r]);
    hi = MAX (hi, values[r]);
  }
  printf ("%-20s %-22s %10.3f %10.3f %10.3f\n", measure, what, median, lo,
      hi);
  if (csv)
    fprintf (csv, "%s,%s,%s,%u,%.4f,%.4f,%.4f,\"%s\"\n", measure, what,
        tuning ? tuning : "auto", reps, median, lo, hi, device);
  g_free (sorted);
}

/* Cold and warm first outputs of each item of list, the child's
 * child_option printing key. */
static void
measure_firsts (const gchar * self, const gchar * list,
    const gchar * child_option, const gchar * key, const gchar * measure,
    guint reps, FILE * csv, gchar ** device)
{
  gchar **items = g_strsplit (list, ",", -1);

  for (guint i = 0; items[i] && *items[i]; i++) {
    gdouble cold[64], warm[64];
    const gchar *args[] = { child_option, items[i], NULL };
    gchar *name;

    for (guint r = 0; r < reps; r++) {
      gchar *cache = new_cache ();
      gchar *out = run_child (self, cache, args);

      cold[r] = read_value (out, key, NULL);
      if (!*device)
        read_value (out, "device", device);
      g_free (out);
      out = run_child (self, cache, args);
      warm[r] = read_value (out, key, NULL);
      g_free (out);
      remove_tree (cache);
      g_free (cache);
    }
    name = g_strdup_printf ("cold-%s", measure);
    report (csv, name, items[i], cold, reps, *device);
    g_free (name);
    name = g_strdup_printf ("warm-%s", measure);
    report (csv, name, items[i], warm, reps, *device);
    g_free (name);
  }
  g_strfreev (items);
}

/* The longest gaps at each change of a child_option run through list,
 * which prints key, the two values and the gap. */
static void
measure_gaps (const gchar * self, const gchar * list,
    const gchar * child_option, const gchar * key, const gchar * measure,
    guint reps, FILE * csv, gchar ** device)
{
  gchar **items = g_strsplit (list, ",", -1);
  guint n = g_strv_length (items);
  gdouble *gaps = g_new0 (gdouble, (gsize) n * reps);
  const gchar *args[] = { child_option, list, NULL };

  for (guint r = 0; r < reps; r++) {
    gchar *cache = new_cache ();
    gchar *out = run_child (self, cache, args);

    for (guint s = 1; s < n; s++) {
      gchar *line = g_strdup_printf ("%s %s %s", key, items[s - 1],
          items[s]);

      gaps[(s - 1) * reps + r] = read_value (out, line, NULL);
      g_free (line);
    }
    if (!*device)
      read_value (out, "device", device);
    g_free (out);
    remove_tree (cache);
    g_free (cache);
  }
  for (guint s = 1; s < n; s++) {
    gchar *what = g_strdup_printf ("%s to %s", items[s - 1], items[s]);

    report (csv, measure, what, gaps + (s - 1) * reps, reps, *device);
    g_free (what);
  }
  g_free (gaps);
  g_strfreev (items);
}

int
main (int argc, char **argv)
{
  gchar *sizes = g_strdup ("640x480,1920x1080"), *csv_path = NULL;
  gchar *switch_sizes = g_strdup ("320x240,400x300,640x360,800x600");
  gchar *bands = NULL, *switch_bands = NULL;
  gchar *child_frame = NULL, *child_switch = NULL, *reps_text = NULL;
  gchar *child_spectrum = NULL, *child_bands = NULL;
  gchar *device = NULL;
  GOptionEntry entries[] = {
    {"sizes", 0, 0, G_OPTION_ARG_STRING, &sizes,
        "first-frame sizes (none: skip)", "LIST"},
    {"switch-sizes", 0, 0, G_OPTION_ARG_STRING, &switch_sizes,
        "the live stream's sizes, in turn (none: skip)", "LIST"},
    {"bands", 0, 0, G_OPTION_ARG_STRING, &bands,
        "clfftspectrum's first-message bands (default: none)", "LIST"},
    {"switch-bands", 0, 0, G_OPTION_ARG_STRING, &switch_bands,
        "a live spectrum's bands, in turn (default: none)", "LIST"},
    {"reps", 0, 0, G_OPTION_ARG_STRING, &reps_text, "repetitions", "R"},
    {"tuning", 0, 0, G_OPTION_ARG_STRING, &tuning, "the elements' tuning",
        "T"},
    {"csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path, "CSV output", "FILE"},
    {"first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_frame, NULL, NULL},
    {"size-change", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_switch, NULL, NULL},
    {"first-spectrum", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_spectrum, NULL, NULL},
    {"bands-change", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_bands, NULL, NULL},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- start-up of clfft2dfilter "
      "and clfftspectrum");
  GError *error = NULL;
  gchar *self = g_file_read_link ("/proc/self/exe", NULL);
  guint reps;
  FILE *csv = NULL;

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    g_error ("%s", error->message);
  g_option_context_free (ctx);
  gst_init (NULL, NULL);
  if (child_frame) {
    guint w, h;

    if (!parse_size (child_frame, &w, &h))
      g_error ("not a size: %s", child_frame);
    return first_frame (w, h);
  }
  if (child_spectrum)
    return first_spectrum (bench_parse_count (child_spectrum));
  if (child_switch || child_bands) {
    gchar **list = g_strsplit (child_switch ? child_switch : child_bands,
        ",", -1);
    int ret = child_switch ? size_change (list) : bands_change (list);

    g_strfreev (list);
    return ret;
  }

  reps = MIN (reps_text ? bench_parse_count (reps_text) : 3, 64);
  if (csv_path && !(csv = fopen (csv_path, "w")))
    g_error ("cannot write %s", csv_path);
  if (csv)
    fprintf (csv, "measure,size,tuning,reps,median_s,min_s,max_s,device\n");
  printf ("%-20s %-22s %10s %10s %10s\n", "measure", "size", "median s",
      "min s", "max s");
  if (sizes && *sizes)
    measure_firsts (self, sizes, "--first-frame", "first-frame",
        "first-frame", reps, csv, &device);
  if (switch_sizes && *switch_sizes)
    measure_gaps (self, switch_sizes, "--size-change", "size-change",
        "longest-gap", reps, csv, &device);
  if (bands && *bands)
    measure_firsts (self, bands, "--first-spectrum", "first-message",
        "first-message", reps, csv, &device);
  if (switch_bands && *switch_bands)
    measure_gaps (self, switch_bands, "--bands-change", "bands-change",
        "longest-message-gap", reps, csv, &device);
  printf ("device: %s\n", device ? device : "?");
  if (csv)
    fclose (csv);
  g_free (device);
  g_free (self);
  return 0;
}
