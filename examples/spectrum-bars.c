/* A live audio spectrum in the terminal, from clfftspectrum's messages
 * (the same "spectrum" messages as GStreamer's spectrum element posts):
 *
 *   audiotestsrc wave=saw is-live=true ! audioconvert !
 *       clfftspectrum bands=N interval=50 ms threshold=-80 ! fakesink
 *
 * or a file (--file) through decodebin. Each message redraws a bar graph
 * of the magnitudes in dB, bins grouped into columns on a logarithmic
 * frequency axis. Where standard output is no terminal (a log, a test) it
 * prints one line per message instead: the loudest bin and its level.
 *
 *   spectrum-bars [--file PATH] [--seconds S] [--bands N]
 *                 [--expect-peak HZ]
 *
 * --seconds counts from the first spectrum, not from the start, which on
 * a GPU's first run takes seconds of kernel builds and tuning.
 * --expect-peak makes it exit non-zero unless the loudest bin of the last
 * message lies within one bin of HZ.
 */
#include <gst/gst.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#define COLUMNS 48
#define ROWS 16
#define FLOOR_DB -80.0

typedef struct
{
  GMainLoop *loop;
  gboolean tty, failed;
  guint messages;
  gint rate;
  gdouble seconds, peak_hz, peak_db;
} App;

static gboolean
on_timeout (App * app)
{
  g_main_loop_quit (app->loop);
  return G_SOURCE_REMOVE;
}

/* Magnitude k of a spectrum message (a GstValueList of floats). */
static gfloat
magnitude (const GValue * list, guint k)
{
  return g_value_get_float (gst_value_list_get_value (list, k));
}

static void
draw_bars (const GValue * list, guint bands, gdouble bin_hz)
{
  gdouble level[COLUMNS];
  gdouble low = MAX (bin_hz, 20.0), high = bin_hz * (bands - 1);

  /* column c spans low * (high / low)^(c / COLUMNS) .. the next: its level
   * is the loudest bin there (the nearest bin where none falls inside) */
  for (guint c = 0; c < COLUMNS; c++) {
    gdouble from = low * pow (high / low, (gdouble) c / COLUMNS);
    gdouble to = low * pow (high / low, (gdouble) (c + 1) / COLUMNS);
    guint first = (guint) lround (from / bin_hz);
    guint last = MAX (first, (guint) lround (to / bin_hz));

    level[c] = FLOOR_DB;
    for (guint k = first; k <= last && k < bands; k++)
      level[c] = MAX (level[c], magnitude (list, k));
  }
  /* home, then the rows top down */
  g_print ("\033[H");
  for (gint row = ROWS; row > 0; row--) {
    /* + 0.0: the top row reads 0 dB, not -0 */
    gdouble threshold = FLOOR_DB * (ROWS - row) / ROWS + 0.0;

    g_print ("%4.0f dB |", threshold);
    for (guint c = 0; c < COLUMNS; c++)
      g_print ("%s", level[c] >= threshold ? "#" : " ");
    g_print ("\033[K\n");
  }
  g_print ("        +");
  for (guint c = 0; c < COLUMNS; c++)
    g_print ("-");
  g_print ("\n         %-8.0f%*s%.0f Hz (log scale)\033[K\n", low,
      COLUMNS - 16, "", high);
}

static gboolean
on_message (GstBus * bus, GstMessage * msg, App * app)
{
  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ELEMENT:{
      const GstStructure *s = gst_message_get_structure (msg);
      const GValue *list;
      guint bands, loudest = 0;
      gdouble bin_hz;

      if (!gst_structure_has_name (s, "spectrum")
          || !(list = gst_structure_get_value (s, "magnitude")))
        break;
      bands = gst_value_list_get_size (list);
      if (bands < 2 || app->rate <= 0)
        break;
      /* bands bins cover 0 .. rate / 2 */
      bin_hz = app->rate / (2.0 * (bands - 1));
      for (guint k = 1; k < bands; k++)
        if (magnitude (list, k) > magnitude (list, loudest))
          loudest = k;
      app->peak_hz = loudest * bin_hz;
      app->peak_db = magnitude (list, loudest);
      /* --seconds counts from the first spectrum: the first start on a
       * GPU spends seconds building and tuning its kernels */
      if (app->messages++ == 0 && app->seconds > 0)
        g_timeout_add ((guint) (app->seconds * 1000),
            (GSourceFunc) on_timeout, app);
      if (app->tty)
        draw_bars (list, bands, bin_hz);
      else
        g_print ("message %u: loudest bin %.1f Hz at %.1f dB\n",
            app->messages, app->peak_hz, app->peak_db);
      break;
    }
    case GST_MESSAGE_ERROR:{
      GError *err = NULL;
      gchar *debug = NULL;

      gst_message_parse_error (msg, &err, &debug);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (msg->src),
          err->message, debug ? debug : "");
      g_clear_error (&err);
      g_free (debug);
      app->failed = TRUE;
      g_main_loop_quit (app->loop);
      break;
    }
    case GST_MESSAGE_EOS:
      g_main_loop_quit (app->loop);
      break;
    default:
      break;
  }
  return TRUE;
}

/* The sample rate, from the caps that reach the spectrum element. */
static void
on_caps (GstPad * pad, GParamSpec * pspec, App * app)
{
  GstCaps *caps = gst_pad_get_current_caps (pad);

  if (caps) {
    gst_structure_get_int (gst_caps_get_structure (caps, 0), "rate",
        &app->rate);
    gst_caps_unref (caps);
  }
}

int
main (int argc, char **argv)
{
  gchar *file = NULL, *description, *source;
  gdouble expect_peak = 0;
  gint bands = 513;
  App app = { NULL };
  GOptionEntry options[] = {
    {"file", 0, 0, G_OPTION_ARG_FILENAME, &file, "audio file (default: a "
          "440 Hz sawtooth)", "PATH"},
    {"seconds", 0, 0, G_OPTION_ARG_DOUBLE, &app.seconds, "stop after S "
          "seconds of spectra (default: at the end)", "S"},
    {"bands", 0, 0, G_OPTION_ARG_INT, &bands, "frequency bands (default 513)",
        "N"},
    {"expect-peak", 0, 0, G_OPTION_ARG_DOUBLE, &expect_peak, "fail unless the "
          "last spectrum peaks at HZ", "HZ"},
    {NULL}
  };
  GOptionContext *context = g_option_context_new ("- a live spectrum from "
      "clfftspectrum");
  GError *error = NULL;
  GstElement *pipeline, *spectrum;
  GstBus *bus;
  gint status;

  g_option_context_add_main_entries (context, options, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (context);
  if (bands < 2) {
    g_printerr ("--bands must be 2 or more\n");
    return 2;
  }

  if (file) {
    gchar *quoted = g_strescape (file, NULL);

    source = g_strdup_printf ("filesrc location=\"%s\" ! decodebin ! "
        "audioconvert ! audioresample", quoted);
    g_free (quoted);
  } else {
    source = g_strdup ("audiotestsrc wave=saw freq=440 is-live=true ! "
        "audioconvert");
  }
  /* sync=true: a file plays at its own pace, as a live source does */
  description = g_strdup_printf ("%s ! clfftspectrum name=spectrum bands=%d "
      "interval=50000000 threshold=%d ! fakesink sync=true", source, bands,
      (gint) FLOOR_DB);
  pipeline = gst_parse_launch (description, &error);
  g_free (source);
  g_free (description);
  if (!pipeline || error) {
    g_printerr ("%s\nIs the plugin found? Set GST_PLUGIN_PATH to the folder "
        "of libgstclfft.so (meson's build folder).\n", error->message);
    g_clear_error (&error);
    if (pipeline)
      gst_object_unref (pipeline);
    return 1;
  }

  app.loop = g_main_loop_new (NULL, FALSE);
  app.tty = isatty (STDOUT_FILENO);
  spectrum = gst_bin_get_by_name (GST_BIN (pipeline), "spectrum");
  {
    GstPad *pad = gst_element_get_static_pad (spectrum, "sink");

    g_signal_connect (pad, "notify::caps", G_CALLBACK (on_caps), &app);
    gst_object_unref (pad);
  }
  bus = gst_element_get_bus (pipeline);
  gst_bus_add_watch (bus, (GstBusFunc) on_message, &app);
  if (app.tty)
    g_print ("\033[2J");

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    g_printerr ("the pipeline did not start\n");
    app.failed = TRUE;
  } else {
    g_main_loop_run (app.loop);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);

  status = app.failed ? 1 : 0;
  if (!app.failed && app.messages == 0) {
    g_printerr ("no spectrum message arrived\n");
    status = 1;
  } else if (!app.failed && expect_peak > 0) {
    gdouble bin_hz = app.rate / (2.0 * (bands - 1));

    g_print ("last spectrum: loudest bin %.1f Hz (expected %.1f, bins "
        "%.1f Hz apart)\n", app.peak_hz, expect_peak, bin_hz);
    if (fabs (app.peak_hz - expect_peak) > bin_hz)
      status = 1;
  }

  gst_bus_remove_watch (bus);
  gst_object_unref (bus);
  gst_object_unref (spectrum);
  gst_object_unref (pipeline);
  g_main_loop_unref (app.loop);
  g_free (file);
  return status;
}
