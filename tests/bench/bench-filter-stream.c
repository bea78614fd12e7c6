/* Frames per second through a pipeline, as users run it:
 *   appsrc (frames made beforehand) ! clfft2dfilter pipeline-depth=D !
 *   fakesink sync=false
 * at depth 1 and 2, with the frames in the app's own (pageable) memory or
 * in buffers of the pool that clfft2dfilter proposes (pinned on a GPU);
 * and the latency of one frame (push to the sink's handoff) at depth 1.
 * Each figure is the median of --reps runs.
 *
 *   bench-filter-stream [--width W] [--height H] [--format F] [--frames N]
 *       [--reps R] [--csv FILE]
 *
 * --format: a format clfft2dfilter takes (GRAY8 by default; I420 and YUY2
 * filter their chroma too, as chroma=auto does).
 */
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <string.h>

#include "bench-frames.h"
#include "bench-util.h"

/* frames made beforehand, pushed in turn */
#define N_DISTINCT 8

/* --format */
static const gchar *format = "GRAY8";

typedef struct
{
  GstElement *pipeline, *src, *filter, *sink;
  GMutex lock;
  GCond handoff;
  guint64 handoffs;
} Pipeline;

static void
on_handoff (GstElement * sink, GstBuffer * buf, GstPad * pad, Pipeline * p)
{
  g_mutex_lock (&p->lock);
  p->handoffs++;
  g_cond_signal (&p->handoff);
  g_mutex_unlock (&p->lock);
}

static void
pipeline_start (Pipeline * p, guint w, guint h, guint depth)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time "
      "is-live=false max-bytes=0 caps=video/x-raw,format=%s,width=%u,"
      "height=%u,framerate=30/1 ! clfft2dfilter name=f filter=lowpass "
      "cutoff=0.1 pipeline-depth=%u ! fakesink name=sink sync=false "
      "signal-handoffs=true", format, w, h, depth);
  GError *error = NULL;

  memset (p, 0, sizeof (*p));
  p->pipeline = gst_parse_launch (launch, &error);
  if (!p->pipeline)
    g_error ("%s", error->message);
  g_free (launch);
  p->src = gst_bin_get_by_name (GST_BIN (p->pipeline), "src");
  p->filter = gst_bin_get_by_name (GST_BIN (p->pipeline), "f");
  p->sink = gst_bin_get_by_name (GST_BIN (p->pipeline), "sink");
  g_mutex_init (&p->lock);
  g_cond_init (&p->handoff);
  g_signal_connect (p->sink, "handoff", G_CALLBACK (on_handoff), p);
  if (gst_element_set_state (p->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE)
    g_error ("the pipeline does not start");
}

static void push_frame (Pipeline * p, GstBuffer ** frames, guint i);
static void wait_handoffs (Pipeline * p, guint64 count);

/* Caps are negotiated with the first buffer, and only then does
 * clfft2dfilter answer allocation queries: two frames of app memory go
 * through first (the second lets a held frame out at depth 2). Returns
 * the frames pushed. */
static guint
pipeline_prime (Pipeline * p, GstBuffer ** app_frames)
{
  push_frame (p, app_frames, 0);
  push_frame (p, app_frames, 1);
  wait_handoffs (p, 1);
  return 2;
}

static void
pipeline_stop (Pipeline * p)
{
  gst_element_set_state (p->pipeline, GST_STATE_NULL);
  gst_object_unref (p->src);
  gst_object_unref (p->filter);
  gst_object_unref (p->sink);
  gst_object_unref (p->pipeline);
  g_mutex_clear (&p->lock);
  g_cond_clear (&p->handoff);
}

/* N_DISTINCT random frames: in memory of the app, or in buffers of the
 * pool clfft2dfilter proposes (kept by the app, so they never go back). */
static GstBuffer **
make_frames (Pipeline * p, guint w, guint h, gboolean from_pool)
{
  GstBuffer **frames = g_new (GstBuffer *, N_DISTINCT);
  GstBufferPool *pool = NULL;
  GstVideoInfo info;

  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      w, h);
  if (from_pool)
    pool = bench_proposed_pool (p->src, &info, N_DISTINCT);
  for (guint i = 0; i < N_DISTINCT; i++)
    frames[i] = bench_random_frame (&info, pool);
  if (pool)
    gst_object_unref (pool);
  return frames;
}

static void
free_frames (GstBuffer ** frames)
{
  for (guint i = 0; i < N_DISTINCT; i++)
    gst_buffer_unref (frames[i]);
  g_free (frames);
}

static void
push_frame (Pipeline * p, GstBuffer ** frames, guint i)
{
  bench_push_frame (p->src, frames[i % N_DISTINCT], i);
}

static void
wait_handoffs (Pipeline * p, guint64 count)
{
  g_mutex_lock (&p->lock);
  while (p->handoffs < count)
    g_cond_wait (&p->handoff, &p->lock);
  g_mutex_unlock (&p->lock);
}

/* Frames per second of n frames, pushed all at once, to the last one out. */
static gdouble
run_throughput (guint w, guint h, guint depth, gboolean from_pool, guint n)
{
  Pipeline p;
  GstBuffer **frames;
  gint64 start;
  GstMessage *msg;
  gdouble fps;

  GstBuffer **app_frames;
  guint pushed;

  pipeline_start (&p, w, h, depth);
  app_frames = make_frames (&p, w, h, FALSE);
  pushed = pipeline_prime (&p, app_frames);
  frames = from_pool ? make_frames (&p, w, h, TRUE) : app_frames;
  /* warm up: kernels built, pools filled */
  for (guint i = 0; i < 2 * N_DISTINCT; i++)
    push_frame (&p, frames, pushed++);
  wait_handoffs (&p, pushed - (depth - 1));
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    push_frame (&p, frames, pushed++);
  gst_app_src_end_of_stream (GST_APP_SRC (p.src));
  msg = gst_bus_timed_pop_filtered (GST_ELEMENT_BUS (p.pipeline),
      GST_CLOCK_TIME_NONE, GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR)
    g_error ("the pipeline failed");
  /* the frames before the warm-up's last ones were out before start */
  fps = (n + depth - 1) / ((g_get_monotonic_time () - start) / 1e6);
  gst_message_unref (msg);
  if (p.handoffs != pushed)
    g_error ("%" G_GUINT64_FORMAT " frames out of %u", p.handoffs, pushed);
  if (frames != app_frames)
    free_frames (frames);
  free_frames (app_frames);
  pipeline_stop (&p);
  return fps;
}

/* Microseconds from pushing one frame to its handoff at the sink, depth 1:
 * the median of n frames, each pushed once the one before is out. */
static gdouble
run_latency (guint w, guint h, gboolean from_pool, guint n)
{
  Pipeline p;
  GstBuffer **frames;
  gdouble *us = g_new (gdouble, n), median;
  GstBuffer **app_frames;
  guint pushed;

  pipeline_start (&p, w, h, 1);
  app_frames = make_frames (&p, w, h, FALSE);
  pushed = pipeline_prime (&p, app_frames);
  wait_handoffs (&p, pushed);
  frames = from_pool ? make_frames (&p, w, h, TRUE) : app_frames;
  for (guint i = 0; i < N_DISTINCT + n; i++) {
    gint64 start = g_get_monotonic_time ();

    push_frame (&p, frames, pushed++);
    wait_handoffs (&p, pushed);
    if (i >= N_DISTINCT)
      us[i - N_DISTINCT] = g_get_monotonic_time () - start;
  }
  median = bench_median (us, n);
  g_free (us);
  if (frames != app_frames)
    free_frames (frames);
  free_frames (app_frames);
  pipeline_stop (&p);
  return median;
}

int
main (int argc, char **argv)
{
  guint w = 1920, h = 1080, n = 600, reps = 5;
  FILE *csv = NULL;
  gdouble base = 0;
  gchar *device = NULL;

  gst_init (&argc, &argv);
  for (gint i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--width") && i + 1 < argc)
      w = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--height") && i + 1 < argc)
      h = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--format") && i + 1 < argc)
      format = argv[++i];
    else if (!strcmp (argv[i], "--frames") && i + 1 < argc)
      n = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--reps") && i + 1 < argc)
      reps = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--csv") && i + 1 < argc)
      csv = fopen (argv[++i], "w");
  }
  {
    GstElement *f = gst_element_factory_make ("clfft2dfilter", NULL);

    if (!f)
      g_error ("no clfft2dfilter: is GST_PLUGIN_PATH set?");
    gst_element_set_state (f, GST_STATE_READY);
    g_object_get (f, "device-name", &device, NULL);
    gst_element_set_state (f, GST_STATE_NULL);
    gst_object_unref (f);
  }
  if (gst_video_format_from_string (format) == GST_VIDEO_FORMAT_UNKNOWN)
    g_error ("--format %s: no such video format", format);
  printf ("device: %s; %ux%u %s, %u frames, median of %u runs\n",
      device, w, h, format, n, reps);
  printf ("%-28s %12s %8s\n", "case", "value", "ratio");
  if (csv)
    fprintf (csv, "case,format,width,height,value,unit,ratio,device\n");
  for (gboolean from_pool = FALSE; from_pool <= TRUE; from_pool++)
    for (guint depth = 1; depth <= 2; depth++) {
      gdouble *fps = g_new (gdouble, reps), median;
      gchar *name = g_strdup_printf ("fps-depth%u-%s", depth,
          from_pool ? "pool" : "app-memory");

      for (guint r = 0; r < reps; r++)
        fps[r] = run_throughput (w, h, depth, from_pool, n);
      median = bench_median (fps, reps);
      if (base == 0)
        base = median;
      printf ("%-28s %12.1f %8.2f\n", name, median, median / base);
      if (csv)
        fprintf (csv, "%s,%s,%u,%u,%.1f,fps,%.3f,%s\n", name, format, w, h,
            median, median / base, device);
      g_free (name);
      g_free (fps);
    }
  for (gboolean from_pool = FALSE; from_pool <= TRUE; from_pool++) {
    gdouble us = run_latency (w, h, from_pool, MAX (n / 4, 10));
    const gchar *name = from_pool ? "latency-depth1-pool" :
        "latency-depth1-app-memory";

    printf ("%-28s %10.1f us\n", name, us);
    if (csv)
      fprintf (csv, "%s,%s,%u,%u,%.1f,us,,%s\n", name, format, w, h, us,
          device);
  }
  if (csv)
    fclose (csv);
  g_free (device);
  return 0;
}
