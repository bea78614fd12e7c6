/* How long a user waits for clfft2dfilter: the first frame of a new
 * process with an empty kernel cache (cold) and with the cache the cold
 * run left (warm), and the longest gap between output frames when a live
 * stream changes to a size never seen before.
 *
 *   bench-startup [--sizes 640x480,1920x1080] [--reps R] [--tuning T]
 *       [--switch-sizes 320x240,400x300,...] [--csv FILE]
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

int
main (int argc, char **argv)
{
  gchar *sizes = g_strdup ("640x480,1920x1080"), *csv_path = NULL;
  gchar *switch_sizes = g_strdup ("320x240,400x300,640x360,800x600");
  gchar *child_frame = NULL, *child_switch = NULL, *reps_text = NULL;
  gchar *device = NULL;
  GOptionEntry entries[] = {
    {"sizes", 0, 0, G_OPTION_ARG_STRING, &sizes, "first-frame sizes", "LIST"},
    {"switch-sizes", 0, 0, G_OPTION_ARG_STRING, &switch_sizes,
        "the live stream's sizes, in turn (none: skip)", "LIST"},
    {"reps", 0, 0, G_OPTION_ARG_STRING, &reps_text, "repetitions", "R"},
    {"tuning", 0, 0, G_OPTION_ARG_STRING, &tuning, "the filter's tuning",
        "T"},
    {"csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path, "CSV output", "FILE"},
    {"first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_frame, NULL, NULL},
    {"size-change", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING,
        &child_switch, NULL, NULL},
    {NULL}
  };
  GOptionContext *ctx = g_option_context_new ("- clfft2dfilter start-up");
  GError *error = NULL;
  gchar *self = g_file_read_link ("/proc/self/exe", NULL);
  gchar **size_list;
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
  if (child_switch) {
    gchar **list = g_strsplit (child_switch, ",", -1);
    int ret = size_change (list);

    g_strfreev (list);
    return ret;
  }

  reps = reps_text ? bench_parse_count (reps_text) : 3;
  if (csv_path && !(csv = fopen (csv_path, "w")))
    g_error ("cannot write %s", csv_path);
  if (csv)
    fprintf (csv, "measure,size,tuning,reps,median_s,min_s,max_s,device\n");
  printf ("%-12s %-22s %10s %10s %10s\n", "measure", "size", "median s",
      "min s", "max s");
  size_list = g_strsplit (sizes, ",", -1);
  for (guint i = 0; size_list[i] && *size_list[i]; i++) {
    gdouble cold[64], warm[64];
    const gchar *args[] = { "--first-frame", size_list[i], NULL };

    for (guint r = 0; r < MIN (reps, 64); r++) {
      gchar *cache = new_cache ();
      gchar *out = run_child (self, cache, args);

      cold[r] = read_value (out, "first-frame", NULL);
      if (!device)
        read_value (out, "device", &device);
      g_free (out);
      out = run_child (self, cache, args);
      warm[r] = read_value (out, "first-frame", NULL);
      g_free (out);
      remove_tree (cache);
      g_free (cache);
    }
    for (guint k = 0; k < 2; k++) {
      gdouble *v = k ? warm : cold;
      gdouble lo = v[0], hi = v[0], median;

      for (guint r = 1; r < MIN (reps, 64); r++) {
        lo = MIN (lo, v[r]);
        hi = MAX (hi, v[r]);
      }
      median = bench_median (v, MIN (reps, 64));
      printf ("%-12s %-22s %10.3f %10.3f %10.3f\n", k ? "warm-first" :
          "cold-first", size_list[i], median, lo, hi);
      if (csv)
        fprintf (csv, "%s,%s,%s,%u,%.4f,%.4f,%.4f,\"%s\"\n", k ?
            "warm-first-frame" : "cold-first-frame", size_list[i],
            tuning ? tuning : "auto", reps, median, lo, hi, device);
    }
  }
  g_strfreev (size_list);

  if (switch_sizes && *switch_sizes) {
    gchar **list = g_strsplit (switch_sizes, ",", -1);
    guint n = g_strv_length (list);
    gdouble *gaps = g_new0 (gdouble, (gsize) n * MIN (reps, 64));
    const gchar *args[] = { "--size-change", switch_sizes, NULL };

    for (guint r = 0; r < MIN (reps, 64); r++) {
      gchar *cache = new_cache ();
      gchar *out = run_child (self, cache, args);

      for (guint s = 1; s < n; s++) {
        gchar *key = g_strdup_printf ("size-change %s %s", list[s - 1],
            list[s]);

        gaps[(s - 1) * MIN (reps, 64) + r] = read_value (out, key, NULL);
        g_free (key);
      }
      if (!device)
        read_value (out, "device", &device);
      g_free (out);
      remove_tree (cache);
      g_free (cache);
    }
    for (guint s = 1; s < n; s++) {
      gdouble *v = gaps + (s - 1) * MIN (reps, 64);
      gdouble lo = v[0], hi = v[0], median;
      gchar *what = g_strdup_printf ("%s to %s", list[s - 1], list[s]);

      for (guint r = 1; r < MIN (reps, 64); r++) {
        lo = MIN (lo, v[r]);
        hi = MAX (hi, v[r]);
      }
      median = bench_median (v, MIN (reps, 64));
      printf ("%-12s %-22s %10.3f %10.3f %10.3f\n", "longest-gap", what,
          median, lo, hi);
      if (csv)
        fprintf (csv, "longest-gap,%s,%s,%u,%.4f,%.4f,%.4f,\"%s\"\n", what,
            tuning ? tuning : "auto", reps, median, lo, hi, device);
      g_free (what);
    }
    g_free (gaps);
    g_strfreev (list);
  }
  printf ("device: %s\n", device ? device : "?");
  if (csv)
    fclose (csv);
  g_free (device);
  g_free (self);
  return 0;
}
