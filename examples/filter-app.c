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
 * Once a first frame has come out, it makes its frames in buffers of the
 * pool that clfft2dfilter proposes: pinned host memory on a GPU, which the
 * device reads without a copy, where a frame in the application's own
 * memory is copied into such memory first (docs/clfft2dfilter.md).
 *
 *   filter-app [--frames N] [--width W] [--height H]
 *
 * Exits non-zero on an error from the pipeline, no device name, no pool
 * proposed, a frame lost, or a change of cutoff that made no difference.
 */
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CUTOFF_BEFORE 0.05
#define CUTOFF_AFTER 0.25

/* A zone plate (rings whose frequency grows outwards), moved by index
 * pixels, so that every frame differs and all frequencies are there; in a
 * buffer of pool, or of the application's memory where pool is NULL. */
static GstBuffer *
make_frame (const GstVideoInfo * info, GstBufferPool * pool, gint index)
{
  const gint width = GST_VIDEO_INFO_WIDTH (info);
  const gint height = GST_VIDEO_INFO_HEIGHT (info);
  GstBuffer *buffer = NULL;
  GstVideoFrame frame;

  if (!pool)
    buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info), NULL);
  else if (gst_buffer_pool_acquire_buffer (pool, &buffer, NULL) != GST_FLOW_OK)
    return NULL;
  if (!gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE)) {
    gst_buffer_unref (buffer);
    return NULL;
  }
  for (gint y = 0; y < height; y++) {
    guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint x = 0; x < width; x++) {
      gdouble dx = x - width / 2.0 + index, dy = y - height / 2.0;
      gdouble phase = G_PI * (dx * dx + dy * dy) / (2.0 * MAX (width, height));

      row[x] = (guint8) lround (127.5 + 127.0 * cos (phase));
    }
  }
  gst_video_frame_unmap (&frame);
  /* 30 frames a second */
  GST_BUFFER_PTS (buffer) = gst_util_uint64_scale (index, GST_SECOND, 30);
  GST_BUFFER_DURATION (buffer) = gst_util_uint64_scale (1, GST_SECOND, 30);
  return buffer;
}

/* Mean absolute difference between horizontal neighbours. */
static gdouble
fine_detail (GstSample * sample, const GstVideoInfo * info)
{
  const gint width = GST_VIDEO_INFO_WIDTH (info);
  const gint height = GST_VIDEO_INFO_HEIGHT (info);
  GstVideoFrame frame;
  guint64 sum = 0;

  if (!gst_video_frame_map (&frame, info, gst_sample_get_buffer (sample),
          GST_MAP_READ))
    return -1;
  for (gint y = 0; y < height; y++) {
    const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
        0) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint x = 1; x < width; x++)
      sum += ABS (row[x] - row[x - 1]);
  }
  gst_video_frame_unmap (&frame);
  return (gdouble) sum / (height * (width - 1));
}

/* The pool that the element after src proposes for frames of caps (the
 * query goes to src's peer), active; NULL where it proposes none. It
 * answers once the caps are negotiated, which they are when a first frame
 * has come out. size: a frame's, where the element says none. */
static GstBufferPool *
proposed_pool (GstElement * src, GstCaps * caps, guint size)
{
  GstPad *pad = gst_element_get_static_pad (src, "src");
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstBufferPool *pool = NULL;
  guint min = 0, max = 0;

  if (gst_pad_peer_query (pad, query)
      && gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
  if (pool) {
    GstStructure *config = gst_buffer_pool_get_config (pool);

    /* as the element asks: buffers for its frames in flight, more made as
     * needed (max 0) */
    gst_buffer_pool_config_set_params (config, caps, size, min, max);
    if (!gst_buffer_pool_set_config (pool, config)
        || !gst_buffer_pool_set_active (pool, TRUE))
      g_clear_object (&pool);
  }
  gst_query_unref (query);
  gst_object_unref (pad);
  return pool;
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
  GstVideoInfo info;
  GstBufferPool *pool = NULL;
  gboolean pool_asked = FALSE;
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
  gst_video_info_from_caps (&info, caps);
  g_object_set (src, "caps", caps, NULL);
  g_object_set (filter, "cutoff", CUTOFF_BEFORE, NULL);
  bus = gst_element_get_bus (pipeline);

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE || bus_has_error (bus))
    goto done;
  /* the element has its device from READY on */
  g_object_get (filter, "device-name", &device, NULL);
  g_print ("OpenCL device: %s\n", device ? device : "(none)");

  for (gint i = 0; i < frames; i++) {
    GstBuffer *frame;

    if (pulled > 0 && !pool_asked) {
      pool = proposed_pool (src, caps, GST_VIDEO_INFO_SIZE (&info));
      pool_asked = TRUE;
      g_print ("frame %d on: %s\n", i, pool ? "in clfft2dfilter's pool" :
          "in the application's memory (no pool proposed)");
    }
    if (i == frames / 2) {
      /* Properties may change while playing: the next frame takes them. */
      g_print ("frame %d: cutoff %.2f -> %.2f cycles per pixel\n", i,
          CUTOFF_BEFORE, CUTOFF_AFTER);
      g_object_set (filter, "cutoff", CUTOFF_AFTER, NULL);
    }
    frame = make_frame (&info, pool, i);
    if (!frame) {
      g_printerr ("cannot make frame %d\n", i);
      goto done;
    }
    if (gst_app_src_push_buffer (GST_APP_SRC (src), frame) != GST_FLOW_OK)
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
        detail_before = fine_detail (sample, &info);
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
      detail_after = fine_detail (sample, &info);
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
  else if (pool_asked && !pool)
    g_printerr ("clfft2dfilter proposed no pool\n");
  else if (pulled != frames)
    g_printerr ("lost frames: %d in, %d out\n", frames, pulled);
  else if (!(detail_after > 2 * detail_before))
    g_printerr ("the higher cutoff did not keep more detail\n");
  else
    status = 0;

done:
  gst_element_set_state (pipeline, GST_STATE_NULL);
  if (pool) {
    gst_buffer_pool_set_active (pool, FALSE);
    gst_object_unref (pool);
  }
  gst_caps_unref (caps);
  g_free (device);
  gst_object_unref (bus);
  gst_object_unref (src);
  gst_object_unref (filter);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return status;
}
