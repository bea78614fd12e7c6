/* Embedding clfft2dfilter in an application:
 *
 *   appsrc ! clfft2dfilter ! appsink
 *
 * The application makes its own GRAY8 frames (a zone plate drifting
 * sideways), pushes them, pulls the filtered frames back, and halfway
 * through raises the lowpass cutoff while the pipeline plays. It prints the
 * OpenCL device the element chose, and how much fine detail (the mean
 * difference between neighbouring pixels) the frames kept before and after
 * the change: a higher cutoff keeps more.
 *
 *   filter-app [--frames N] [--width W] [--height H]
 *
 * Exits non-zero on an error from the pipeline, no device name, a frame
 * lost, or a change of cutoff that made no difference.
 */
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CUTOFF_BEFORE 0.05
#define CUTOFF_AFTER 0.25

/* A zone plate (rings whose frequency grows outwards), moved by shift
 * pixels, so that every frame differs and all frequencies are there. */
static GstBuffer *
make_frame (gint width, gint height, gint index)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, width * height, NULL);
  GstMapInfo map;

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (gint y = 0; y < height; y++)
    for (gint x = 0; x < width; x++) {
      gdouble dx = x - width / 2.0 + index, dy = y - height / 2.0;
      gdouble phase = G_PI * (dx * dx + dy * dy) / (2.0 * MAX (width, height));

      map.data[y * width + x] = (guint8) lround (127.5 + 127.0 * cos (phase));
    }
  gst_buffer_unmap (buffer, &map);
  /* 30 frames a second */
  GST_BUFFER_PTS (buffer) = gst_util_uint64_scale (index, GST_SECOND, 30);
  GST_BUFFER_DURATION (buffer) = gst_util_uint64_scale (1, GST_SECOND, 30);
  return buffer;
}

/* Mean absolute difference between horizontal neighbours. */
static gdouble
fine_detail (GstSample * sample, gint width, gint height)
{
  GstBuffer *buffer = gst_sample_get_buffer (sample);
  GstMapInfo map;
  guint64 sum = 0;

  if (!gst_buffer_map (buffer, &map, GST_MAP_READ))
    return -1;
  for (gint y = 0; y < height; y++)
    for (gint x = 1; x < width; x++)
      sum += ABS (map.data[y * width + x] - map.data[y * width + x - 1]);
  gst_buffer_unmap (buffer, &map);
  return (gdouble) sum / (height * (width - 1));
}

/* An error or a warning waiting on the bus: printed, TRUE for an error. */
static gboolean
bus_has_error (GstBus * bus)
{
  gboolean failed = FALSE;
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus,
              GST_MESSAGE_ERROR | GST_MESSAGE_WARNING))) {
    GError *err = NULL;
    gchar *debug = NULL;

    if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
      gst_message_parse_error (msg, &err, &debug);
      failed = TRUE;
    } else {
      gst_message_parse_warning (msg, &err, &debug);
    }
    g_printerr ("%s from %s: %s\n%s\n", failed ? "error" : "warning",
        GST_OBJECT_NAME (GST_MESSAGE_SRC (msg)), err->message,
        debug ? debug : "");
    g_clear_error (&err);
    g_free (debug);
    gst_message_unref (msg);
  }
  return failed;
}

int
main (int argc, char **argv)
{
  gint frames = 60, width = 320, height = 240;
  GOptionEntry options[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames, "frames to filter", "N"},
    {"width", 0, 0, G_OPTION_ARG_INT, &width, "frame width", "W"},
    {"height", 0, 0, G_OPTION_ARG_INT, &height, "frame height", "H"},
    {NULL}
  };
  GOptionContext *context = g_option_context_new ("- appsrc ! clfft2dfilter "
      "! appsink");
  GError *error = NULL;
  GstElement *pipeline, *src, *filter, *sink;
  GstBus *bus;
  GstCaps *caps;
  gchar *device = NULL;
  gdouble detail_before = 0, detail_after = 0;
  gint pulled = 0, status = 1;

  g_option_context_add_main_entries (context, options, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (context);
  if (frames < 2 || width < 2 || height < 2) {
    g_printerr ("need 2 frames or more, of 2x2 pixels or more\n");
    return 2;
  }

  pipeline = gst_parse_launch ("appsrc name=src format=time ! "
      "clfft2dfilter name=filter filter=lowpass shape=gaussian ! "
      "appsink name=sink sync=false", &error);
  if (!pipeline || error) {
    g_printerr ("%s\nIs the plugin found? Set GST_PLUGIN_PATH to the folder "
        "of libgstclfft.so (meson's build folder).\n", error->message);
    g_clear_error (&error);
    if (pipeline)
      gst_object_unref (pipeline);
    return 1;
  }
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  filter = gst_bin_get_by_name (GST_BIN (pipeline), "filter");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  caps = gst_caps_new_simple ("video/x-raw", "format", G_TYPE_STRING, "GRAY8",
      "width", G_TYPE_INT, width, "height", G_TYPE_INT, height,
      "framerate", GST_TYPE_FRACTION, 30, 1, NULL);
  g_object_set (src, "caps", caps, NULL);
  g_object_set (filter, "cutoff", CUTOFF_BEFORE, NULL);
  gst_caps_unref (caps);
  bus = gst_element_get_bus (pipeline);

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE || bus_has_error (bus))
    goto done;
  /* the element has its device from READY on */
  g_object_get (filter, "device-name", &device, NULL);
  g_print ("OpenCL device: %s\n", device ? device : "(none)");

  for (gint i = 0; i < frames; i++) {
    if (i == frames / 2) {
      /* Properties may change while playing: the next frame takes them. */
      g_print ("frame %d: cutoff %.2f -> %.2f cycles per pixel\n", i,
          CUTOFF_BEFORE, CUTOFF_AFTER);
      g_object_set (filter, "cutoff", CUTOFF_AFTER, NULL);
    }
    if (gst_app_src_push_buffer (GST_APP_SRC (src), make_frame (width,
                height, i)) != GST_FLOW_OK)
      break;
    /* The element holds up to pipeline-depth - 1 frames (depth 2 here:
     * appsrc is not live), so the first frame comes out with the second. */
    while (pulled < i) {
      GstSample *sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink),
          5 * GST_SECOND);

      if (!sample)
        break;
      /* frame pulled was filtered with the cutoff set before it was pushed */
      if (pulled == frames / 2 - 1)
        detail_before = fine_detail (sample, width, height);
      pulled++;
      gst_sample_unref (sample);
    }
    if (bus_has_error (bus))
      goto done;
  }
  gst_app_src_end_of_stream (GST_APP_SRC (src));
  for (GstSample * sample; (sample = gst_app_sink_try_pull_sample
          (GST_APP_SINK (sink), 5 * GST_SECOND)); gst_sample_unref (sample)) {
    if (pulled == frames - 1)
      detail_after = fine_detail (sample, width, height);
    pulled++;
  }
  if (bus_has_error (bus))
    goto done;

  g_print ("frames in %d, out %d\n", frames, pulled);
  g_print ("fine detail (mean |difference| of neighbours): %.2f at cutoff "
      "%.2f, %.2f at %.2f\n", detail_before, CUTOFF_BEFORE, detail_after,
      CUTOFF_AFTER);
  if (!device || !*device)
    g_printerr ("the element named no OpenCL device\n");
  else if (pulled != frames)
    g_printerr ("lost frames: %d in, %d out\n", frames, pulled);
  else if (!(detail_after > 2 * detail_before))
    g_printerr ("the higher cutoff did not keep more detail\n");
  else
    status = 0;

done:
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_free (device);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (filter);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return status;
}
