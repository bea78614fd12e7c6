/* Many streams at once (issue 43): N pipelines
 *   appsrc (frames made beforehand) ! clfft2dfilter pipeline-depth=D !
 *   fakesink sync=false
 * in one process, or one pipeline in each of N processes, every element
 * with the default device-index (the streams balance over the GPUs of the
 * fastest kind). Each stream keeps --in-flight frames between its push and
 * its sink, so that a frame's latency (push to the sink's handoff) is that
 * of a stream at full speed, not of a queue. Aggregate frames a second
 * (every stream's frames over the time from the first push to the last
 * handoff) and the median and 99th percentile of the frames' latencies;
 * each figure the median of --reps runs. In one process, also the
 * host's CPU time a frame (user and system, every thread of the process,
 * the background tuner's included, over the timed frames): where it grows
 * with the streams while the device is far from full, the host's work per
 * frame is what limits them.
 *
 *   bench-streams [--streams 1,2,4,8,16,32] [--sizes 1920x1080,...]
 *       [--frames N] [--reps R] [--in-flight K] [--depth D]
 *       [--memory pool|app] [--processes] [--csv FILE]
 *
 * --frames: per stream. --depth: the element's pipeline-depth (2, the
 * default's behind a source that is not live); --in-flight at least D.
 * --memory pool: frames in buffers of the pool
 * clfft2dfilter proposes (pinned on a GPU), as a decoder or camera source
 * that takes downstream's pool gives them; app: the application's own
 * memory. --processes: N processes of one stream each, started together
 * (each is this program with --child), each pinned by GST_CLFFT_DEVICE to
 * the device that the streams would take in turn in one process.
 */
#include <gst/gst.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-frames.h"
#include "bench-util.h"

#define N_DISTINCT 4

static guint in_flight = 4;
static guint depth = 2;         /* the element's pipeline-depth */
static gboolean from_pool = TRUE;

typedef struct
{
  GstElement *pipeline, *src, *sink;
  GstBuffer *frames[N_DISTINCT];
  GMutex lock;
  GCond handoff;
  guint handoffs;
  gint64 *pushed_at, *out_at;   /* per frame, microseconds */
  guint n_frames;               /* timed frames; warm-up frames before */
  guint warm_up;
  GThread *thread;
  gint64 go;                    /* when the timed frames may start */
  gint device;
} Stream;

static void
on_handoff (GstElement * sink, GstBuffer * buf, GstPad * pad, Stream * s)
{
  gint64 now = g_get_monotonic_time ();

  g_mutex_lock (&s->lock);
  if (s->handoffs >= s->warm_up && s->handoffs < s->warm_up + s->n_frames)
    s->out_at[s->handoffs - s->warm_up] = now;
  s->handoffs++;
  g_cond_signal (&s->handoff);
  g_mutex_unlock (&s->lock);
}

static void
wait_handoffs (Stream * s, guint count)
{
  g_mutex_lock (&s->lock);
  while (s->handoffs < count)
    g_cond_wait (&s->handoff, &s->lock);
  g_mutex_unlock (&s->lock);
}

static void
push (Stream * s, guint i)
{
  bench_push_frame (s->src, s->frames[i % N_DISTINCT], i);
}

static void
fill_frames (Stream * s, const GstVideoInfo * info, GstBufferPool * pool)
{
  for (guint i = 0; i < N_DISTINCT; i++)
    s->frames[i] = bench_random_frame (info, pool);
}

/* Starts a stream and runs its warm-up: caps, kernels, the pool. */
static void
stream_start (Stream * s, guint w, guint h, guint n_frames)
{
  gchar *launch = g_strdup_printf ("appsrc name=src format=time "
      "is-live=false max-bytes=0 caps=video/x-raw,format=GRAY8,width=%u,"
      "height=%u,framerate=30/1 ! clfft2dfilter name=f filter=lowpass "
      "cutoff=0.1 pipeline-depth=%u ! fakesink name=sink sync=false "
      "signal-handoffs=true", w, h, depth);
  GError *error = NULL;
  GstElement *filter;
  GstVideoInfo info;
  guint pushed = 0;

  memset (s, 0, sizeof (*s));
  s->pipeline = gst_parse_launch (launch, &error);
  if (!s->pipeline)
    g_error ("%s", error->message);
  g_free (launch);
  s->src = gst_bin_get_by_name (GST_BIN (s->pipeline), "src");
  s->sink = gst_bin_get_by_name (GST_BIN (s->pipeline), "sink");
  g_mutex_init (&s->lock);
  g_cond_init (&s->handoff);
  s->n_frames = n_frames;
  s->warm_up = 4 * N_DISTINCT;
  s->pushed_at = g_new0 (gint64, n_frames);
  s->out_at = g_new0 (gint64, n_frames);
  g_signal_connect (s->sink, "handoff", G_CALLBACK (on_handoff), s);
  if (gst_element_set_state (s->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE)
    g_error ("a pipeline does not start");
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_GRAY8, w, h);
  /* caps come with the first frames, and only then does clfft2dfilter
   * propose its pool: two frames of app memory first */
  fill_frames (s, &info, NULL);
  push (s, pushed++);
  push (s, pushed++);
  wait_handoffs (s, 1);
  if (from_pool) {
    GstBufferPool *pool = bench_proposed_pool (s->src, &info, N_DISTINCT);

    for (guint i = 0; i < N_DISTINCT; i++)
      gst_buffer_unref (s->frames[i]);
    fill_frames (s, &info, pool);
    gst_object_unref (pool);
  }
  while (pushed < s->warm_up) {
    wait_handoffs (s, pushed > in_flight ? pushed - in_flight : 0);
    push (s, pushed++);
  }
  filter = gst_bin_get_by_name (GST_BIN (s->pipeline), "f");
  g_object_get (filter, "device-index-in-use", &s->device, NULL);
  gst_object_unref (filter);
}

/* The timed frames, at most in_flight of them between push and sink. */
static gpointer
stream_run (gpointer data)
{
  Stream *s = data;

  while (g_get_monotonic_time () < s->go)
    g_usleep (100);
  for (guint i = 0; i < s->n_frames; i++) {
    guint pushed = s->warm_up + i;

    wait_handoffs (s, pushed > in_flight ? pushed - in_flight : 0);
    s->pushed_at[i] = g_get_monotonic_time ();
    push (s, pushed);
  }
  /* the last depth - 1 frames wait for the next, or the end */
  gst_app_src_end_of_stream (GST_APP_SRC (s->src));
  wait_handoffs (s, s->warm_up + s->n_frames);
  return NULL;
}

static void
stream_stop (Stream * s)
{
  gst_element_set_state (s->pipeline, GST_STATE_NULL);
  for (guint i = 0; i < N_DISTINCT; i++)
    gst_buffer_unref (s->frames[i]);
  gst_object_unref (s->src);
  gst_object_unref (s->sink);
  gst_object_unref (s->pipeline);
  g_mutex_clear (&s->lock);
  g_cond_clear (&s->handoff);
  g_free (s->pushed_at);
  g_free (s->out_at);
}

/* What a run of n streams gave. */
typedef struct
{
  gdouble fps, p50_us, p99_us;
  gdouble cpu_us;               /* the host's a frame; NAN across processes */
  gchar *devices;               /* "0 0 1 1": each stream's device */
} Result;

static gdouble
percentile (gdouble * values, guint n, gdouble p)
{
  gint64 k;

  bench_median (values, n);     /* sorts */
  k = (gint64) (p / 100.0 * n + 0.999999) - 1;
  return values[CLAMP (k, 0, (gint64) n - 1)];
}

/* Latencies and times of frames from streams' records: first push, last
 * handoff, and every latency appended to all. */
static void
collect (const gint64 * pushed_at, const gint64 * out_at, guint n,
    gint64 * first, gint64 * last, GArray * all)
{
  for (guint i = 0; i < n; i++) {
    gdouble us = out_at[i] - pushed_at[i];

    *first = MIN (*first, pushed_at[i]);
    *last = MAX (*last, out_at[i]);
    g_array_append_val (all, us);
  }
}

static Result
result_of (GArray * all, gint64 first, gint64 last, GString * devices)
{
  Result r;

  r.fps = all->len / ((last - first) / 1e6);
  r.p50_us = percentile ((gdouble *) all->data, all->len, 50.0);
  r.p99_us = percentile ((gdouble *) all->data, all->len, 99.0);
  r.devices = g_string_free (devices, FALSE);
  r.cpu_us = NAN;
  return r;
}

static Result
run_in_process (guint n, guint w, guint h, guint frames)
{
  Stream *streams = g_new (Stream, n);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (gdouble));
  GString *devices = g_string_new (NULL);
  gint64 first = G_MAXINT64, last = 0, go;
  gdouble cpu_before;
  Result r;

  for (guint k = 0; k < n; k++)
    stream_start (&streams[k], w, h, frames);
  cpu_before = bench_process_cpu_us ();
  go = g_get_monotonic_time () + 20000;
  for (guint k = 0; k < n; k++) {
    streams[k].go = go;
    streams[k].thread = g_thread_new ("stream", stream_run, &streams[k]);
  }
  for (guint k = 0; k < n; k++) {
    g_thread_join (streams[k].thread);
    collect (streams[k].pushed_at, streams[k].out_at, frames, &first, &last,
        all);
    g_string_append_printf (devices, "%s%d", k ? " " : "",
        streams[k].device);
  }
  r = result_of (all, first, last, devices);
  r.cpu_us = (bench_process_cpu_us () - cpu_before) / all->len;
  for (guint k = 0; k < n; k++)
    stream_stop (&streams[k]);
  g_array_unref (all);
  g_free (streams);
  return r;
}

/* --child W H FRAMES IN_FLIGHT pool|app DEPTH: one stream; "ready DEVICE"
 * once warm, then waits for a line on stdin, runs, and writes "frame PUSHED
 * OUT" lines (their monotonic microseconds: one clock for the processes
 * of a machine). */
static int
child_main (guint w, guint h, guint frames)
{
  Stream s;
  gchar line[16];

  stream_start (&s, w, h, frames);
  printf ("ready %d\n", s.device);
  fflush (stdout);
  if (!fgets (line, sizeof (line), stdin))
    g_error ("no start from the parent");
  s.go = 0;
  stream_run (&s);
  for (guint i = 0; i < frames; i++)
    printf ("frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
        s.pushed_at[i], s.out_at[i]);
  fflush (stdout);
  stream_stop (&s);
  return 0;
}

/* The devices that n streams of one process would take in turn: each
 * process is pinned to one (GST_CLFFT_DEVICE), as a launcher of one
 * process a stream would pin them, since processes do not see each
 * other's load. */
static gint *
balanced_devices (guint n)
{
  GstElement **f = g_new (GstElement *, n);
  gint *devices = g_new (gint, n);

  for (guint k = 0; k < n; k++) {
    f[k] = gst_element_factory_make ("clfft2dfilter", NULL);
    if (gst_element_set_state (f[k], GST_STATE_READY) !=
        GST_STATE_CHANGE_SUCCESS)
      g_error ("clfft2dfilter does not open a device");
    g_object_get (f[k], "device-index-in-use", &devices[k], NULL);
  }
  for (guint k = 0; k < n; k++) {
    gst_element_set_state (f[k], GST_STATE_NULL);
    gst_object_unref (f[k]);
  }
  g_free (f);
  return devices;
}

static Result
run_in_processes (const gchar * self, guint n, guint w, guint h,
    guint frames)
{
  GPid *pids = g_new (GPid, n);
  FILE **in = g_new (FILE *, n), **out = g_new (FILE *, n);
  GArray *all = g_array_new (FALSE, FALSE, sizeof (gdouble));
  GString *devices = g_string_new (NULL);
  gint64 first = G_MAXINT64, last = 0;
  gchar line[128];
  Result r;

  gint *pinned = balanced_devices (n);

  for (guint k = 0; k < n; k++) {
    gchar *pin = g_strdup_printf ("%d", pinned[k]);
    gchar **envp = g_environ_setenv (g_get_environ (), "GST_CLFFT_DEVICE",
        pin, TRUE);
    gchar *argv[] = { (gchar *) self, (gchar *) "--child",
      g_strdup_printf ("%u", w), g_strdup_printf ("%u", h),
      g_strdup_printf ("%u", frames), g_strdup_printf ("%u", in_flight),
      (gchar *) (from_pool ? "pool" : "app"), g_strdup_printf ("%u", depth),
      NULL
    };
    gint fd_in, fd_out;
    GError *error = NULL;
    gint device;

    if (!g_spawn_async_with_pipes (NULL, argv, envp, G_SPAWN_DEFAULT, NULL,
            NULL, &pids[k], &fd_in, &fd_out, NULL, &error))
      g_error ("%s", error->message);
    g_strfreev (envp);
    g_free (pin);
    for (guint a = 2; a < 6; a++)
      g_free (argv[a]);
    g_free (argv[7]);
    in[k] = fdopen (fd_in, "w");
    out[k] = fdopen (fd_out, "r");
    /* one at a time, as a pipeline each: the choice sees those before */
    if (!fgets (line, sizeof (line), out[k])
        || sscanf (line, "ready %d", &device) != 1)
      g_error ("stream process %u did not start", k);
    g_string_append_printf (devices, "%s%d", k ? " " : "", device);
  }
  for (guint k = 0; k < n; k++) {
    fputs ("go\n", in[k]);
    fflush (in[k]);
  }
  for (guint k = 0; k < n; k++) {
    gint64 *pushed_at = g_new (gint64, frames), *out_at = g_new (gint64,
        frames);

    for (guint i = 0; i < frames; i++)
      if (!fgets (line, sizeof (line), out[k])
          || sscanf (line, "frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT,
              &pushed_at[i], &out_at[i]) != 2)
        g_error ("stream process %u ended early", k);
    collect (pushed_at, out_at, frames, &first, &last, all);
    g_free (pushed_at);
    g_free (out_at);
    fclose (in[k]);
    fclose (out[k]);
    g_spawn_close_pid (pids[k]);
  }
  r = result_of (all, first, last, devices);
  g_array_unref (all);
  g_free (pinned);
  g_free (pids);
  g_free (in);
  g_free (out);
  return r;
}

static int
compare_doubles (const void *a, const void *b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  const gchar *streams_text = "1,2,4,8,16,32", *sizes_text = "1920x1080";
  guint frames = 600, reps = 3, n_counts, n_sizes;
  gboolean processes = FALSE;
  guint *counts;
  gchar **sizes;
  FILE *csv = NULL;
  gchar *device = NULL;

  gst_init (&argc, &argv);
  if (argc == 8 && !strcmp (argv[1], "--child")) {
    in_flight = bench_parse_count (argv[5]);
    from_pool = !strcmp (argv[6], "pool");
    depth = bench_parse_count (argv[7]);
    return child_main (bench_parse_count (argv[2]),
        bench_parse_count (argv[3]), bench_parse_count (argv[4]));
  }
  for (gint i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--streams") && i + 1 < argc)
      streams_text = argv[++i];
    else if (!strcmp (argv[i], "--sizes") && i + 1 < argc)
      sizes_text = argv[++i];
    else if (!strcmp (argv[i], "--frames") && i + 1 < argc)
      frames = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--reps") && i + 1 < argc)
      reps = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--in-flight") && i + 1 < argc)
      in_flight = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--depth") && i + 1 < argc)
      depth = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--memory") && i + 1 < argc)
      from_pool = strcmp (argv[++i], "app") != 0;
    else if (!strcmp (argv[i], "--processes"))
      processes = TRUE;
    else if (!strcmp (argv[i], "--csv") && i + 1 < argc)
      csv = fopen (argv[++i], "w");
    else
      g_error ("unknown argument %s", argv[i]);
  }
  if (in_flight < depth)
    g_error ("--in-flight %u is less than --depth %u: the element would "
        "hold every frame in flight", in_flight, depth);
  counts = bench_parse_list (streams_text, &n_counts);
  sizes = g_strsplit (sizes_text, ",", -1);
  n_sizes = g_strv_length (sizes);
  {
    GstElement *f = gst_element_factory_make ("clfft2dfilter", NULL);

    GParamSpec *spec;

    if (!f)
      g_error ("no clfft2dfilter: is GST_PLUGIN_PATH set?");
    spec = g_object_class_find_property (G_OBJECT_GET_CLASS (f),
        "pipeline-depth");
    if (depth > G_PARAM_SPEC_UINT (spec)->maximum)
      g_error ("--depth %u: clfft2dfilter's pipeline-depth is at most %u",
          depth, G_PARAM_SPEC_UINT (spec)->maximum);
    gst_element_set_state (f, GST_STATE_READY);
    g_object_get (f, "device-name", &device, NULL);
    gst_element_set_state (f, GST_STATE_NULL);
    gst_object_unref (f);
  }
  printf ("device: %s; GRAY8, %u frames a stream, %u in flight, "
      "pipeline-depth=%u, %s memory, %s, median of %u runs\n", device,
      frames, in_flight, depth,
      from_pool ? "the pool's" : "the application's",
      processes ? "a process a stream" : "one process", reps);
  printf ("%-11s %7s %10s %7s %10s %10s %8s  %s\n", "size", "streams",
      "fps", "ratio", "p50 us", "p99 us", "cpu us", "devices");
  if (csv)
    fprintf (csv, "case,width,height,streams,processes,memory,in_flight,"
        "pipeline_depth,fps,ratio_to_one,latency_p50_us,latency_p99_us,"
        "host_cpu_us,devices,device\n");
  for (guint z = 0; z < n_sizes; z++) {
    guint w, h;
    gdouble one = 0;

    if (sscanf (sizes[z], "%ux%u", &w, &h) != 2)
      g_error ("--sizes %s: WxH expected", sizes[z]);
    for (guint c = 0; c < n_counts; c++) {
      gdouble *fps = g_new (gdouble, reps), *p50 = g_new (gdouble, reps),
          *p99 = g_new (gdouble, reps), *cpu = g_new (gdouble, reps);
      gchar *devices = NULL;
      gdouble median;

      for (guint r = 0; r < reps; r++) {
        Result res = processes ? run_in_processes (argv[0], counts[c], w, h,
            frames) : run_in_process (counts[c], w, h, frames);

        fps[r] = res.fps;
        p50[r] = res.p50_us;
        p99[r] = res.p99_us;
        cpu[r] = res.cpu_us;
        g_free (devices);
        devices = res.devices;
      }
      median = bench_median (fps, reps);
      qsort (p50, reps, sizeof (gdouble), compare_doubles);
      qsort (p99, reps, sizeof (gdouble), compare_doubles);
      if (!processes)
        qsort (cpu, reps, sizeof (gdouble), compare_doubles);
      if (counts[c] == 1)
        one = median;
      printf ("%-11s %7u %10.1f %7.2f %10.1f %10.1f %8.1f  %s\n", sizes[z],
          counts[c], median, one > 0 ? median / one : 0.0, p50[reps / 2],
          p99[reps / 2], cpu[reps / 2], devices);
      if (csv) {
        fprintf (csv, "streams-%s,%u,%u,%u,%s,%s,%u,%u,%.1f,%.3f,%.1f,"
            "%.1f,",
            processes ? "processes" : "one-process", w, h, counts[c],
            processes ? "yes" : "no", from_pool ? "pool" : "app", in_flight,
            depth, median, one > 0 ? median / one : 0.0, p50[reps / 2],
            p99[reps / 2]);
        /* not measured across processes: left empty */
        if (!processes)
          fprintf (csv, "%.1f", cpu[reps / 2]);
        fprintf (csv, ",%s,%s\n", devices, device);
      }
      /* each row kept as it comes, should a run be cut short */
      fflush (stdout);
      if (csv)
        fflush (csv);
      g_free (devices);
      g_free (fps);
      g_free (p50);
      g_free (p99);
      g_free (cpu);
    }
  }
  if (csv)
    fclose (csv);
  g_strfreev (sizes);
  g_free (counts);
  g_free (device);
  return 0;
}
