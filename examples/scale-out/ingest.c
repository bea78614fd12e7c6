/* The ingest of examples/scale-out/: one source's frames fanned out to N
 * worker processes (worker.sh, each with its clfft2dfilter on its own GPU
 * or host) and the filtered frames brought back in order.
 *
 *   SOURCE ! appsink                                   frames in
 *   appsrc ! rtpvrawpay ! rtpstreampay ! tcpclientsink  one a worker
 *   tcpserversrc ! rtpstreamdepay ! rtpvrawdepay ! appsink   one a worker
 *   appsrc ! SINK                                      frames out
 *
 * Frames travel as RTP raw video (RFC 4175) framed on TCP (RFC 4571):
 * over UDP a frame is thousands of packets, and one lost to a full socket
 * buffer drops or tears the frame; TCP loses none and keeps the order.
 * Frame i goes to worker i % N, so the j-th frame back from worker k is
 * frame k + j N: round robin over an ordered, lossless transport needs no
 * frame numbers. Frames leave with the source's timestamps.
 *
 *   scale-out-ingest --source DESC [--sink DESC] --worker HOST:PORT ...
 *       [--reply-port PORT] [--listen HOST] [--timeout SECONDS]
 *
 * Worker k sends its frames back to port PORT + k of this host. Start the
 * ingest first (it prints "listening" once its ports are open), then the
 * workers; the ingest connects to them as they come up. Ctrl-C ends the
 * source, and the frames in flight still come back. Exits non-zero on an
 * error of any pipeline, a worker that does not come up, ends early, stops
 * sending, or gives back a frame more or of other caps.
 */
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* RFC 4571 frames a packet with a 16-bit length */
#define RTP_MTU 60000
/* frames queued on each leg before the one feeding it waits */
#define FRAMES_QUEUED 4
#define CONNECT_PAUSE_US (200 * 1000)
#define POLL_NS (100 * GST_MSECOND)

typedef struct
{
  gchar *host;
  gint port;                    /* where the worker listens */
  gint reply_port;              /* where its frames come back */
  GstElement *send, *send_src;
  GstElement *reply, *reply_caps, *reply_sink;
  guint given, given_back;
} Worker;

typedef struct
{
  GstClockTime pts, duration;
} Timestamps;

typedef struct
{
  Worker *workers;
  guint n_workers;
  GstElement *source, *source_sink;
  GstElement *output, *output_src;
  GMainLoop *loop;
  gint64 timeout_us;

  GMutex lock;
  GCond cond;
  GArray *sent;                 /* Timestamps of each frame sent */
  gboolean source_ended;
  gchar *failure;               /* the first, reported at exit */
  gint stopping;                /* atomic: threads leave */
  gboolean done;                /* the output took every frame */
  gint64 first_sent, last_out;  /* monotonic us */

  GstVideoInfo info;            /* the source's frames */
} Ingest;

static void
stop (Ingest * in)
{
  g_atomic_int_set (&in->stopping, 1);
  g_mutex_lock (&in->lock);
  g_cond_broadcast (&in->cond);
  g_mutex_unlock (&in->lock);
  g_main_loop_quit (in->loop);
}

static void fail (Ingest * in, const gchar * format, ...) G_GNUC_PRINTF (2, 3);

static void
fail (Ingest * in, const gchar * format, ...)
{
  va_list args;

  g_mutex_lock (&in->lock);
  if (!in->failure) {
    va_start (args, format);
    in->failure = g_strdup_vprintf (format, args);
    va_end (args);
  }
  g_mutex_unlock (&in->lock);
  stop (in);
}

static gboolean
on_message (GstBus * bus, GstMessage * msg, gpointer data)
{
  Ingest *in = data;
  /* the pipeline whose bus it is, not the element that posted */
  GstObject *pipeline = g_object_get_data (G_OBJECT (bus), "pipeline");
  GError *err = NULL;
  gchar *debug = NULL;

  switch (GST_MESSAGE_TYPE (msg)) {
    case GST_MESSAGE_ERROR:
      gst_message_parse_error (msg, &err, &debug);
      g_printerr ("%s: %s\n%s\n", GST_OBJECT_NAME (pipeline), err->message,
          debug ? debug : "");
      fail (in, "%s: %s", GST_OBJECT_NAME (pipeline), err->message);
      break;
    case GST_MESSAGE_WARNING:
      gst_message_parse_warning (msg, &err, &debug);
      g_printerr ("warning from %s: %s\n", GST_OBJECT_NAME (pipeline),
          err->message);
      break;
    case GST_MESSAGE_EOS:
      if (GST_ELEMENT (pipeline) == in->output) {
        in->last_out = g_get_monotonic_time ();
        in->done = TRUE;
        g_main_loop_quit (in->loop);
      } else if (GST_ELEMENT (pipeline) != in->source) {
        /* a leg to a worker sent its last frame: closing it ends the
         * worker's stream, whose end comes back on the reply leg */
        gst_element_set_state (GST_ELEMENT (pipeline), GST_STATE_NULL);
      }
      break;
    default:
      break;
  }
  g_clear_error (&err);
  g_free (debug);
  return G_SOURCE_CONTINUE;
}

static GstElement *
make_pipeline (Ingest * in, const gchar * name, const gchar * description,
    GstElement ** app)
{
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch_full (description, NULL,
      GST_PARSE_FLAG_FATAL_ERRORS, &error);
  GstBus *bus;

  if (!pipeline) {
    g_printerr ("%s: %s\n  %s\n", name, error->message, description);
    g_clear_error (&error);
    return NULL;
  }
  gst_object_set_name (GST_OBJECT (pipeline), name);
  *app = gst_bin_get_by_name (GST_BIN (pipeline), "app");
  bus = gst_element_get_bus (pipeline);
  g_object_set_data (G_OBJECT (bus), "pipeline", pipeline);
  gst_bus_add_watch (bus, on_message, in);
  gst_object_unref (bus);
  return pipeline;
}

/* The caps of RTP raw video on TCP that carry frames of info; NULL for a
 * format RFC 4175 has no sampling for or clfft2dfilter does not take.
 * worker.sh writes the same caps. */
static GstCaps *
rtp_stream_caps (const GstVideoInfo * info)
{
  const gchar *sampling;
  gchar *width, *height;
  GstCaps *caps;

  switch (GST_VIDEO_INFO_FORMAT (info)) {
    case GST_VIDEO_FORMAT_I420:
      sampling = "YCbCr-4:2:0";
      break;
    case GST_VIDEO_FORMAT_UYVY:
      sampling = "YCbCr-4:2:2";
      break;
    case GST_VIDEO_FORMAT_RGB:
      sampling = "RGB";
      break;
    case GST_VIDEO_FORMAT_BGR:
      sampling = "BGR";
      break;
    case GST_VIDEO_FORMAT_RGBA:
      sampling = "RGBA";
      break;
    case GST_VIDEO_FORMAT_BGRA:
      sampling = "BGRA";
      break;
    default:
      return NULL;
  }
  width = g_strdup_printf ("%d", GST_VIDEO_INFO_WIDTH (info));
  height = g_strdup_printf ("%d", GST_VIDEO_INFO_HEIGHT (info));
  caps = gst_caps_new_simple ("application/x-rtp-stream",
      "media", G_TYPE_STRING, "video", "clock-rate", G_TYPE_INT, 90000,
      "encoding-name", G_TYPE_STRING, "RAW", "sampling", G_TYPE_STRING,
      sampling, "depth", G_TYPE_STRING, "8", "width", G_TYPE_STRING, width,
      "height", G_TYPE_STRING, height, NULL);
  g_free (width);
  g_free (height);
  return caps;
}

/* The source's first caps, given to every leg before any frame leaves. */
static gboolean
take_caps (Ingest * in, GstCaps * caps)
{
  GstCaps *rtp;
  gchar *text;
  guint64 queued;

  if (!gst_video_info_from_caps (&in->info, caps) ||
      !(rtp = rtp_stream_caps (&in->info))) {
    text = gst_caps_to_string (caps);
    fail (in, "frames of %s cannot travel as RTP raw video to "
        "clfft2dfilter: convert them to I420, UYVY, RGB, BGR, RGBA or BGRA",
        text);
    g_free (text);
    return FALSE;
  }
  text = gst_caps_to_string (rtp);
  g_print ("frames travel as %s\n", text);
  g_free (text);
  queued = FRAMES_QUEUED * (guint64) GST_VIDEO_INFO_SIZE (&in->info);
  for (guint k = 0; k < in->n_workers; k++) {
    g_object_set (in->workers[k].reply_caps, "caps", rtp, NULL);
    g_object_set (in->workers[k].send_src, "caps", caps, "max-bytes",
        queued, NULL);
  }
  g_object_set (in->output_src, "caps", caps, "max-bytes", queued, NULL);
  gst_caps_unref (rtp);
  return TRUE;
}

/* Thread: the source's frames, in turn to each worker. */
static gpointer
feed (gpointer data)
{
  Ingest *in = data;
  GstCaps *first_caps = NULL;

  for (guint i = 0; !g_atomic_int_get (&in->stopping); i++) {
    GstSample *sample =
        gst_app_sink_pull_sample (GST_APP_SINK (in->source_sink));
    Worker *w = &in->workers[i % in->n_workers];
    GstBuffer *buffer;
    Timestamps t;

    if (!sample) {
      if (gst_app_sink_is_eos (GST_APP_SINK (in->source_sink))) {
        for (guint k = 0; k < in->n_workers; k++)
          gst_app_src_end_of_stream (GST_APP_SRC (in->workers[k].send_src));
        g_mutex_lock (&in->lock);
        in->source_ended = TRUE;
        g_cond_broadcast (&in->cond);
        g_mutex_unlock (&in->lock);
      }
      break;
    }
    if (!first_caps) {
      if (!take_caps (in, gst_sample_get_caps (sample))) {
        gst_sample_unref (sample);
        break;
      }
      first_caps = gst_caps_ref (gst_sample_get_caps (sample));
    } else if (!gst_caps_is_equal (first_caps, gst_sample_get_caps (sample))) {
      fail (in, "the source changed its caps at frame %u: the workers "
          "take one format and size a run", i);
      gst_sample_unref (sample);
      break;
    }
    buffer = gst_buffer_ref (gst_sample_get_buffer (sample));
    t.pts = GST_BUFFER_PTS (buffer);
    t.duration = GST_BUFFER_DURATION (buffer);
    gst_sample_unref (sample);
    g_mutex_lock (&in->lock);
    if (i == 0)
      in->first_sent = g_get_monotonic_time ();
    g_array_append_val (in->sent, t);
    g_cond_broadcast (&in->cond);
    g_mutex_unlock (&in->lock);
    w->given++;
    if (gst_app_src_push_buffer (GST_APP_SRC (w->send_src), buffer) !=
        GST_FLOW_OK)
      break;                    /* stopping: the legs are flushing */
  }
  if (first_caps)
    gst_caps_unref (first_caps);
  return NULL;
}

/* The next frame from worker k, or NULL (and the ingest failed) where it
 * ended, stayed silent for the timeout, or the ingest stops. */
static GstSample *
next_from (Ingest * in, guint k, guint frame)
{
  Worker *w = &in->workers[k];
  gint64 deadline = g_get_monotonic_time () + in->timeout_us;

  while (!g_atomic_int_get (&in->stopping)) {
    GstSample *sample = gst_app_sink_try_pull_sample
        (GST_APP_SINK (w->reply_sink), POLL_NS);

    if (sample)
      return sample;
    if (gst_app_sink_is_eos (GST_APP_SINK (w->reply_sink))) {
      fail (in, "worker %u (%s:%d) ended after giving back %u frames: "
          "frame %u never came back", k, w->host, w->port, w->given_back,
          frame);
      return NULL;
    }
    if (g_get_monotonic_time () > deadline) {
      fail (in, "worker %u (%s:%d) gave nothing back for %.0f s: frame %u "
          "is missing", k, w->host, w->port, in->timeout_us / 1e6, frame);
      return NULL;
    }
  }
  return NULL;
}

/* A frame from a worker laid out as the source's were (the depayloader's
 * strides may differ), or NULL where its caps are not the source's. */
static GstBuffer *
as_source_frame (Ingest * in, GstSample * sample, guint k)
{
  GstVideoInfo got;
  GstVideoFrame from, to;
  GstBuffer *out;

  if (!gst_video_info_from_caps (&got, gst_sample_get_caps (sample)) ||
      GST_VIDEO_INFO_FORMAT (&got) != GST_VIDEO_INFO_FORMAT (&in->info) ||
      got.width != in->info.width || got.height != in->info.height) {
    fail (in, "worker %u gave back frames of other caps", k);
    return NULL;
  }
  out = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&in->info),
      NULL);
  if (!gst_video_frame_map (&from, &got, gst_sample_get_buffer (sample),
          GST_MAP_READ)) {
    fail (in, "worker %u gave back a frame smaller than its caps", k);
    gst_buffer_unref (out);
    return NULL;
  }
  gst_video_frame_map (&to, &in->info, out, GST_MAP_WRITE);
  gst_video_frame_copy (&to, &from);
  gst_video_frame_unmap (&to);
  gst_video_frame_unmap (&from);
  return out;
}

/* After the last frame: each worker ends its stream with nothing more to
 * give back. */
static gboolean
workers_end (Ingest * in)
{
  for (guint k = 0; k < in->n_workers; k++) {
    Worker *w = &in->workers[k];
    GstAppSink *sink = GST_APP_SINK (w->reply_sink);
    gint64 deadline = g_get_monotonic_time () + in->timeout_us;

    while (!gst_app_sink_is_eos (sink)) {
      GstSample *extra = gst_app_sink_try_pull_sample (sink, POLL_NS);

      if (extra) {
        gst_sample_unref (extra);
        if (g_atomic_int_get (&in->stopping))
          return FALSE;
        fail (in, "worker %u (%s:%d) gave back more frames than the %u it "
            "was given", k, w->host, w->port, w->given);
        return FALSE;
      }
      if (g_atomic_int_get (&in->stopping))
        return FALSE;
      if (g_get_monotonic_time () > deadline) {
        fail (in, "worker %u (%s:%d) did not end its stream in %.0f s",
            k, w->host, w->port, in->timeout_us / 1e6);
        return FALSE;
      }
    }
  }
  return TRUE;
}

/* Thread: frame i from worker i % N, with its source timestamps, to the
 * output, until the source ended and every frame sent came back. */
static gpointer
collect (gpointer data)
{
  Ingest *in = data;

  for (guint i = 0;; i++) {
    guint k = i % in->n_workers;
    GstSample *sample;
    GstBuffer *out;
    Timestamps t;

    g_mutex_lock (&in->lock);
    while (!g_atomic_int_get (&in->stopping) && i >= in->sent->len &&
        !in->source_ended)
      g_cond_wait (&in->cond, &in->lock);
    if (g_atomic_int_get (&in->stopping) || i >= in->sent->len) {
      g_mutex_unlock (&in->lock);
      break;
    }
    t = g_array_index (in->sent, Timestamps, i);
    g_mutex_unlock (&in->lock);

    if (!(sample = next_from (in, k, i)))
      return NULL;
    out = as_source_frame (in, sample, k);
    gst_sample_unref (sample);
    if (!out)
      return NULL;
    in->workers[k].given_back++;
    GST_BUFFER_PTS (out) = t.pts;
    GST_BUFFER_DURATION (out) = t.duration;
    if (gst_app_src_push_buffer (GST_APP_SRC (in->output_src), out) !=
        GST_FLOW_OK)
      return NULL;
  }
  if (!g_atomic_int_get (&in->stopping) && workers_end (in))
    gst_app_src_end_of_stream (GST_APP_SRC (in->output_src));
  return NULL;
}

typedef struct
{
  Ingest *in;
  GThread *feeder, *collector;
} Threads;

/* Started from the running loop, so that a failure of theirs, however
 * early, quits a loop that runs (a quit before g_main_loop_run is lost). */
static gboolean
start_threads (gpointer data)
{
  Threads *t = data;

  t->feeder = g_thread_new ("feed", feed, t->in);
  t->collector = g_thread_new ("collect", collect, t->in);
  return G_SOURCE_REMOVE;
}

/* Ctrl-C: the source ends, so that the frames in flight come back and the
 * sink gets its end (a file is finished); a second one stops at once. */
static gboolean
on_interrupt (gpointer data)
{
  Ingest *in = data;
  static gboolean interrupted;

  if (interrupted) {
    fail (in, "interrupted twice: frames in flight are lost");
    return G_SOURCE_REMOVE;
  }
  interrupted = TRUE;
  g_printerr ("interrupted: ending the source; again to stop at once\n");
  gst_element_send_event (in->source, gst_event_new_eos ());
  return G_SOURCE_CONTINUE;
}

/* Connects the leg to worker w, trying again while it is not up yet, for
 * up to timeout_us. */
static gboolean
connect_worker (Worker * w, guint k, gint64 timeout_us)
{
  gint64 deadline = g_get_monotonic_time () + timeout_us;

  while (g_get_monotonic_time () < deadline) {
    GstBus *bus;

    if (gst_element_set_state (w->send, GST_STATE_PLAYING) !=
        GST_STATE_CHANGE_FAILURE)
      return TRUE;
    /* the refused connection's error: expected while the worker starts */
    bus = gst_element_get_bus (w->send);
    gst_bus_set_flushing (bus, TRUE);
    gst_bus_set_flushing (bus, FALSE);
    gst_object_unref (bus);
    gst_element_set_state (w->send, GST_STATE_NULL);
    g_usleep (CONNECT_PAUSE_US);
  }
  g_printerr ("worker %u at %s:%d did not come up in %.0f s\n", k, w->host,
      w->port, timeout_us / 1e6);
  return FALSE;
}

static gboolean
parse_worker (const gchar * spec, Worker * w)
{
  const gchar *colon = strrchr (spec, ':');
  gchar *end;
  glong port;

  if (!colon || colon == spec)
    return FALSE;
  port = strtol (colon + 1, &end, 10);
  if (*end || port < 1 || port > 65535)
    return FALSE;
  w->host = g_strndup (spec, colon - spec);
  w->port = (gint) port;
  return TRUE;
}

int
main (int argc, char **argv)
{
  gchar *source = NULL, *sink = NULL, *listen = NULL, **specs = NULL;
  gint reply_port = 5100;
  gdouble timeout = 60;
  GOptionEntry options[] = {
    {"source", 0, 0, G_OPTION_ARG_STRING, &source,
        "the frames, as a gst-launch-1.0 description", "DESC"},
    {"sink", 0, 0, G_OPTION_ARG_STRING, &sink,
        "where the filtered frames go (default fakesink)", "DESC"},
    {"worker", 0, 0, G_OPTION_ARG_STRING_ARRAY, &specs,
        "a worker's host and port, once for each worker", "HOST:PORT"},
    {"reply-port", 0, 0, G_OPTION_ARG_INT, &reply_port,
        "worker k sends its frames back to PORT + k (default 5100)", "PORT"},
    {"listen", 0, 0, G_OPTION_ARG_STRING, &listen,
        "the address the reply ports listen on (default 0.0.0.0)", "HOST"},
    {"timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout,
        "fail when a worker does not come up, or gives nothing back, for this "
        "long (default 60)",
        "SECONDS"},
    {NULL}
  };
  GOptionContext *context = g_option_context_new ("- fan frames out to "
      "clfft2dfilter workers and bring them back in order");
  GError *error = NULL;
  Ingest in = { 0 };
  Threads threads = { 0 };
  gchar *description;
  guint frames;
  gint status = 1;

  g_option_context_add_main_entries (context, options, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (context);
  in.n_workers = specs ? g_strv_length (specs) : 0;
  if (!source || in.n_workers == 0 || timeout <= 0 || reply_port < 1 ||
      reply_port + in.n_workers > 65536) {
    g_printerr ("usage: %s --source DESC --worker HOST:PORT [--worker ...] "
        "(--help for more)\n", argv[0]);
    return 2;
  }
  in.workers = g_new0 (Worker, in.n_workers);
  for (guint k = 0; k < in.n_workers; k++) {
    if (!parse_worker (specs[k], &in.workers[k])) {
      g_printerr ("not HOST:PORT: %s\n", specs[k]);
      return 2;
    }
    in.workers[k].reply_port = reply_port + (gint) k;
  }
  in.timeout_us = (gint64) (timeout * 1e6);
  in.loop = g_main_loop_new (NULL, FALSE);
  in.sent = g_array_new (FALSE, FALSE, sizeof (Timestamps));
  g_mutex_init (&in.lock);
  g_cond_init (&in.cond);

  /* the reply ports first: a worker connects back as it starts */
  for (guint k = 0; k < in.n_workers; k++) {
    Worker *w = &in.workers[k];
    gchar *name = g_strdup_printf ("from-worker-%u", k);

    description = g_strdup_printf ("tcpserversrc host=%s port=%d ! "
        "capsfilter name=caps ! rtpstreamdepay ! rtpvrawdepay ! "
        "appsink name=app sync=false max-buffers=%d", listen ? listen :
        "0.0.0.0", w->reply_port, FRAMES_QUEUED);
    w->reply = make_pipeline (&in, name, description, &w->reply_sink);
    g_free (description);
    g_free (name);
    if (!w->reply)
      return 1;
    w->reply_caps = gst_bin_get_by_name (GST_BIN (w->reply), "caps");
    if (gst_element_set_state (w->reply, GST_STATE_PLAYING) ==
        GST_STATE_CHANGE_FAILURE) {
      g_printerr ("cannot listen on port %d (taken?)\n", w->reply_port);
      return 1;
    }
  }
  g_print ("listening for the workers' frames on ports %d to %d\n",
      reply_port, reply_port + in.n_workers - 1);

  for (guint k = 0; k < in.n_workers; k++) {
    Worker *w = &in.workers[k];
    gchar *name = g_strdup_printf ("to-worker-%u", k);

    description = g_strdup_printf ("appsrc name=app format=time block=true "
        "! rtpvrawpay mtu=%d ! rtpstreampay ! tcpclientsink host=%s port=%d "
        "sync=false", RTP_MTU, w->host, w->port);
    w->send = make_pipeline (&in, name, description, &w->send_src);
    g_free (description);
    g_free (name);
    if (!w->send || !connect_worker (w, k, in.timeout_us))
      return 1;
    g_print ("worker %u: %s:%d\n", k, w->host, w->port);
  }

  description = g_strdup_printf ("appsrc name=app format=time block=true ! "
      "%s", sink ? sink : "fakesink");
  in.output = make_pipeline (&in, "output", description, &in.output_src);
  g_free (description);
  description = g_strdup_printf ("%s ! appsink name=app sync=false "
      "max-buffers=%d", source, FRAMES_QUEUED);
  in.source = make_pipeline (&in, "source", description, &in.source_sink);
  g_free (description);
  if (!in.output || !in.source ||
      gst_element_set_state (in.output, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE ||
      gst_element_set_state (in.source, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    g_printerr ("the source or the sink did not start\n");
    return 1;
  }

  threads.in = &in;
  g_idle_add (start_threads, &threads);
  g_unix_signal_add (SIGINT, on_interrupt, &in);
  g_main_loop_run (in.loop);

  /* leaving: every pipeline flushes, so that neither thread stays blocked */
  stop (&in);
  gst_element_set_state (in.source, GST_STATE_NULL);
  for (guint k = 0; k < in.n_workers; k++) {
    gst_element_set_state (in.workers[k].send, GST_STATE_NULL);
    gst_element_set_state (in.workers[k].reply, GST_STATE_NULL);
  }
  gst_element_set_state (in.output, GST_STATE_NULL);
  if (threads.feeder)
    g_thread_join (threads.feeder);
  if (threads.collector)
    g_thread_join (threads.collector);

  frames = in.sent->len;
  for (guint k = 0; k < in.n_workers; k++)
    g_print ("worker %u (%s:%d): %u frames given, %u given back\n", k,
        in.workers[k].host, in.workers[k].port, in.workers[k].given,
        in.workers[k].given_back);
  if (in.failure)
    g_printerr ("failed: %s\n", in.failure);
  else if (!in.done)
    g_printerr ("failed: the output did not end\n");
  else {
    /* from the first frame sent to the end of the output, so the workers'
     * start-up (first frames filtered while their kernels load) counts */
    if (frames > 0)
      g_print ("%u frames out, in order, in %.3f s: %.1f frames a second\n",
          frames, (in.last_out - in.first_sent) / 1e6,
          frames / ((in.last_out - in.first_sent) / 1e6));
    else
      g_print ("the source gave no frame\n");
    status = 0;
  }
  return status;
}
