/* Seconds to analyse a long stretch of multi-channel audio: GStreamer's
 * spectrum against clfftspectrum, in the same run, alternately, with
 * messages on (a bus handler takes each one, as an application would), with
 * our compact messages (against spectrum's messages), and off. The audio
 * is made beforehand and pushed through appsrc, so the source costs next
 * to nothing.
 *
 *   bench-spectrum [--seconds S] [--reps R] [--csv FILE]
 *
 * Default: 60 s of 8-channel 48 kHz F32, bands=1025, interval=10 ms,
 * multi-channel=true, median of 3 runs each. */
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <stdio.h>
#include <string.h>

#include "bench-util.h"

#define RATE 48000
#define CHANNELS 8
#define BUFFER_FRAMES 4800      /* 100 ms */

/* Takes each element message as it is posted, in the streaming thread. */
static GstBusSyncReply
count_message (GstBus * bus, GstMessage * message, gpointer data)
{
  if (GST_MESSAGE_TYPE (message) != GST_MESSAGE_ELEMENT)
    return GST_BUS_PASS;
  (*(guint *) data)++;
  gst_message_unref (message);
  return GST_BUS_DROP;
}

/* One run: seconds from PLAYING to EOS; *n_messages counts the element's
 * messages. */
typedef enum
{
  MESSAGES_ON,                  /* spectrum's lists and arrays */
  MESSAGES_COMPACT,             /* compact-messages=true (ours only) */
  MESSAGES_OFF,                 /* post-messages=false */
} Messages;

static gdouble
run_once (const gchar * element, Messages messages, GPtrArray * buffers,
    guint * n_messages)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time ! %s "
      "bands=1025 interval=10000000 multi-channel=true post-messages=%s%s ! "
      "fakesink sync=false", element, messages == MESSAGES_OFF ? "false" :
      "true", messages == MESSAGES_COMPACT ? " compact-messages=true" : "");
  GstElement *pipeline = gst_parse_launch (launch, NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstBus *bus = gst_element_get_bus (pipeline);
  GstCaps *caps = gst_caps_from_string ("audio/x-raw, format=F32LE, "
      "rate=48000, channels=8, channel-mask=(bitmask)0, "
      "layout=interleaved");
  GstMessage *done;
  gint64 start;
  gdouble seconds;

  *n_messages = 0;
  gst_bus_set_sync_handler (bus, count_message, n_messages, NULL);
  g_object_set (src, "caps", caps, "max-bytes", (guint64) 0, NULL);
  gst_caps_unref (caps);
  /* counted from READY on: the device is open (kernels come from the
   * cache after the first run, which the median leaves out) */
  gst_element_set_state (pipeline, GST_STATE_READY);
  start = g_get_monotonic_time ();
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  for (guint i = 0; i < buffers->len; i++)
    gst_app_src_push_buffer (GST_APP_SRC (src),
        gst_buffer_ref (g_ptr_array_index (buffers, i)));
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  done = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (GST_MESSAGE_TYPE (done) == GST_MESSAGE_ERROR) {
    GError *error;

    gst_message_parse_error (done, &error, NULL);
    g_error ("%s failed: %s", element, error->message);
  }
  gst_message_unref (done);
  gst_bus_set_sync_handler (bus, NULL, NULL, NULL);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (src);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
  g_free (launch);
  return seconds;
}

int
main (int argc, char **argv)
{
  static const gchar *elements[] = { "spectrum", "clfftspectrum" };
  guint seconds = 60, reps = 3;
  FILE *csv = NULL;
  GPtrArray *buffers = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);
  GRand *rng = g_rand_new_with_seed (1);
  GstElement *probe;
  gchar *device = NULL;
  gdouble median[3][2];

  gst_init (&argc, &argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--seconds") && i + 1 < argc)
      seconds = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--reps") && i + 1 < argc)
      reps = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--csv") && i + 1 < argc)
      csv = fopen (argv[++i], "w");
  }

  for (guint b = 0; b < seconds * RATE / BUFFER_FRAMES; b++) {
    GstBuffer *buffer = gst_buffer_new_allocate (NULL, BUFFER_FRAMES *
        CHANNELS * sizeof (gfloat), NULL);
    GstMapInfo map;
    gfloat *x;

    gst_buffer_map (buffer, &map, GST_MAP_WRITE);
    x = (gfloat *) map.data;
    for (guint i = 0; i < BUFFER_FRAMES * CHANNELS; i++)
      x[i] = 0.3 * g_rand_double_range (rng, -1, 1);
    gst_buffer_unmap (buffer, &map);
    GST_BUFFER_PTS (buffer) = gst_util_uint64_scale (b * BUFFER_FRAMES,
        GST_SECOND, RATE);
    GST_BUFFER_DURATION (buffer) = gst_util_uint64_scale (BUFFER_FRAMES,
        GST_SECOND, RATE);
    g_ptr_array_add (buffers, buffer);
  }

  probe = gst_element_factory_make ("clfftspectrum", NULL);
  if (!probe)
    g_error ("no clfftspectrum: set GST_PLUGIN_PATH");
  gst_element_set_state (probe, GST_STATE_READY);
  g_object_get (probe, "device-name", &device, NULL);
  gst_element_set_state (probe, GST_STATE_NULL);
  gst_object_unref (probe);
  printf ("device: %s\n%u s of %u-channel %u Hz F32, bands=1025, "
      "interval=10 ms, multi-channel; median of %u runs\n", device, seconds,
      CHANNELS, RATE, reps);
  printf ("%-8s %-14s %10s %10s %9s\n", "messages", "element", "seconds",
      "ratio", "messages");
  if (csv)
    fprintf (csv, "messages,element,seconds,ratio_to_spectrum,"
        "n_messages,device\n");

  for (Messages messages = MESSAGES_ON; messages <= MESSAGES_OFF;
      messages++) {
    static const gchar *names[] = { "on", "compact", "off" };
    /* compact: only ours has it; the peer is spectrum with messages on */
    guint first = messages == MESSAGES_COMPACT ? 1 : 0;
    gdouble runs[2][reps];
    guint counted[2];

    /* alternately, so that both see the same machine state */
    for (guint r = 0; r < reps; r++)
      for (guint e = first; e < 2; e++)
        runs[e][r] = run_once (elements[e], messages, buffers, &counted[e]);
    for (guint e = first; e < 2; e++)
      median[messages][e] = bench_median (runs[e], reps);
    if (messages == MESSAGES_COMPACT)
      median[messages][0] = median[MESSAGES_ON][0];
    for (guint e = first; e < 2; e++) {
      gdouble ratio = median[messages][e] / median[messages][0];

      printf ("%-8s %-14s %10.3f %10.3f %9u\n", names[messages], elements[e],
          median[messages][e], ratio, counted[e]);
      if (csv)
        fprintf (csv, "%s,%s,%.4f,%.4f,%u,%s\n", names[messages],
            elements[e], median[messages][e], ratio, counted[e], device);
    }
  }
  if (csv)
    fclose (csv);
  g_free (device);
  g_rand_free (rng);
  g_ptr_array_unref (buffers);
  return 0;
}
