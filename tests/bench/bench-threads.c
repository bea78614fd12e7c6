/* Many streams through the engine alone (issue 43): N threads, each with
 * a ClfftFilter2d of its own on the process's engine, as N clfft2dfilter
 * elements have, frames in pinned host memory, --depth frames in flight.
 * Then the same threads moving the frames only, up and back on two
 * queues each, which is the transfers' own ceiling; and the same on two
 * queues that all threads share. There is no
 * GStreamer here, so set beside bench-streams (the same streams through
 * pipelines) it tells the pipelines' threads apart from the engine and
 * the driver.
 *
 *   bench-threads [--threads 1,2,4,8,16] [--sizes 1920x1080,...]
 *       [--frames N] [--reps R] [--depth D] [--work filter,copies,...]
 *       [--csv FILE]
 *
 * --frames: per thread. Aggregate frames a second (every thread's frames
 * over the time from the start to the last thread's last frame) and the
 * process's CPU time a frame (user and system, every thread), each the
 * median of --reps runs after one run that is not kept. Every thread's
 * outputs must be the bytes that one filter alone gives (for copies, its
 * inputs), and the filter must change them.
 */
#include <stdio.h>
#include <string.h>

#include "engine/clfft-engine.h"
#include "engine/clfft-filter2d.h"
#include "engine/clfft-host-buffer.h"
#include "engine/clfft-testing.h"
#include "engine/clfft-tuning.h"
#include "gstclfftmask.h"
#include "bench-util.h"

/* distinct frames a thread cycles through; at least the most frames in
 * flight, so that an output is not overwritten before it is checked */
#define N_DISTINCT CLFFT_FILTER2D_MAX_IN_FLIGHT

#define CHECK_CL(call) G_STMT_START { \
  cl_int _st = (call); \
  if (_st != CL_SUCCESS) \
    g_error ("%s failed: %s (%d)", #call, clfft_cl_status_name (_st), _st); \
} G_STMT_END

typedef enum
{
  WORK_FILTER,
  WORK_COPIES,                  /* two queues a thread */
  WORK_COPIES_SHARED,           /* two queues for all threads */
} Work;

static const gchar *const work_names[] = { "filter", "copies",
  "copies-shared"
};

static ClfftEngine *engine;
static guint depth = 2;

/* Start line shared by a run's threads */
typedef struct
{
  GMutex lock;
  GCond cond;
  gboolean go;
} Start;

typedef struct
{
  Work work;
  Start *start;
  gsize frame_bytes;
  guint width, n_frames;
  ClfftHostBuffer *in, *out;    /* N_DISTINCT frames each */
  ClfftFilter2d *filter;        /* WORK_FILTER */
  cl_command_queue up, down;    /* the copies' (the thread's own, or
                                 * borrowed from shared) */
  gboolean own_queues;
  cl_mem device[CLFFT_FILTER2D_MAX_IN_FLIGHT];
  gint64 finished;
} Stream;

static guint8 *
frame_at (ClfftHostBuffer * buffer, gsize frame_bytes, guint i)
{
  return (guint8 *) clfft_host_buffer_get_data (buffer) +
      (gsize) (i % N_DISTINCT) * frame_bytes;
}

static void
wait_for_start (Start * start)
{
  g_mutex_lock (&start->lock);
  while (!start->go)
    g_cond_wait (&start->cond, &start->lock);
  g_mutex_unlock (&start->lock);
}

/* frames through the filter as clfft2dfilter sends them: submit until
 * depth are in flight, then collect the oldest */
static void
run_filter (Stream * s)
{
  GError *error = NULL;
  guint submitted = 0;

  for (guint collected = 0; collected < s->n_frames; collected++) {
    while (submitted < s->n_frames && submitted < collected + depth) {
      ClfftHostFrame src = { frame_at (s->in, s->frame_bytes, submitted),
        s->width, TRUE
      }, dst = {
      frame_at (s->out, s->frame_bytes, submitted), s->width, TRUE};

      if (!clfft_filter2d_submit (s->filter, &src, &dst, &error))
        g_error ("%s", error->message);
      submitted++;
    }
    if (!clfft_filter2d_collect (s->filter, &error))
      g_error ("%s", error->message);
  }
}

/* frames up to the device and back, as the filter moves them, without
 * the passes between: frame i goes through device buffer i % depth once
 * frame i - depth is back */
static void
run_copies (Stream * s)
{
  cl_event up[CLFFT_FILTER2D_MAX_IN_FLIGHT] = { 0 };
  cl_event down[CLFFT_FILTER2D_MAX_IN_FLIGHT] = { 0 };

  for (guint i = 0; i < s->n_frames + depth; i++) {
    guint k = i % depth;

    if (down[k]) {
      CHECK_CL (clWaitForEvents (1, &down[k]));
      CHECK_CL (clReleaseEvent (down[k]));
      CHECK_CL (clReleaseEvent (up[k]));
      down[k] = up[k] = NULL;
    }
    if (i >= s->n_frames)
      continue;
    CHECK_CL (clEnqueueWriteBuffer (s->up, s->device[k], CL_FALSE, 0,
            s->frame_bytes, frame_at (s->in, s->frame_bytes, i), 0, NULL,
            &up[k]));
    CHECK_CL (clFlush (s->up));
    CHECK_CL (clEnqueueReadBuffer (s->down, s->device[k], CL_FALSE, 0,
            s->frame_bytes, frame_at (s->out, s->frame_bytes, i), 1, &up[k],
            &down[k]));
    CHECK_CL (clFlush (s->down));
  }
}

static gpointer
stream_thread (gpointer data)
{
  Stream *s = data;

  wait_for_start (s->start);
  if (s->work == WORK_FILTER)
    run_filter (s);
  else
    run_copies (s);
  s->finished = g_get_monotonic_time ();
  return NULL;
}

/* clfft2dfilter's default mask (a Gaussian low-pass), so that the outputs
 * differ from the inputs */
static gfloat *
lowpass_gain (guint w, guint h)
{
  const GstClfftMaskParams lowpass = {.filter = GST_CLFFT_FILTER_LOWPASS,
    .shape = GST_CLFFT_SHAPE_GAUSSIAN, .cutoff = 0.05, .pass_gain = 1.0
  };
  gfloat *gain = g_new (gfloat, (gsize) w * h);

  gst_clfft_mask_fill (gain, w, h, &lowpass);
  return gain;
}

static ClfftFilter2d *
new_filter (guint w, guint h, const gfloat * gain)
{
  GError *error = NULL;
  ClfftFilter2d *filter = clfft_filter2d_new (engine, w, h, CLFFT_PIXELS_U8,
      CLFFT_PADDING_NONE, &error);

  /* the size's own programs, tuned as the plans are, not the generic
   * filter that an element uses while they build */
  if (!filter || !clfft_filter2d_finish_own_programs (filter, &error)
      || !clfft_filter2d_set_gain (filter, gain, &error))
    g_error ("filter %ux%u: %s", w, h, error->message);
  clfft_filter2d_set_tuning (filter, clfft_tuning_decide (engine,
          CLFFT_TUNING_AUTO, FALSE));
  return filter;
}

static cl_command_queue
queue_new (void)
{
  cl_int st;
  cl_command_queue queue =
      clCreateCommandQueue (clfft_engine_get_context (engine),
      clfft_engine_get_device (engine)->id, 0, &st);

  CHECK_CL (st);
  return queue;
}

/* shared: the two queues of WORK_COPIES_SHARED */
static void
stream_init (Stream * s, Work work, Start * start, guint w, guint h,
    guint n_frames, const guint8 * frames, const gfloat * gain,
    const cl_command_queue shared[2])
{
  GError *error = NULL;
  cl_int st;

  memset (s, 0, sizeof (*s));
  s->work = work;
  s->start = start;
  s->width = w;
  s->frame_bytes = (gsize) w * h;
  s->n_frames = n_frames;
  s->in = clfft_host_buffer_new (engine, N_DISTINCT * s->frame_bytes,
      &error);
  s->out = s->in ? clfft_host_buffer_new (engine, N_DISTINCT *
      s->frame_bytes, &error) : NULL;
  if (!s->out)
    g_error ("pinned host memory: %s", error->message);
  memcpy (clfft_host_buffer_get_data (s->in), frames,
      N_DISTINCT * s->frame_bytes);
  if (work == WORK_FILTER) {
    s->filter = new_filter (w, h, gain);
    return;
  }
  s->own_queues = work == WORK_COPIES;
  s->up = s->own_queues ? queue_new () : shared[0];
  s->down = s->own_queues ? queue_new () : shared[1];
  for (guint k = 0; k < depth; k++) {
    s->device[k] = clCreateBuffer (clfft_engine_get_context (engine),
        CL_MEM_READ_WRITE, s->frame_bytes, NULL, &st);
    CHECK_CL (st);
  }
}

static void
stream_clear (Stream * s)
{
  if (s->filter)
    clfft_filter2d_free (s->filter);
  if (s->own_queues) {
    CHECK_CL (clReleaseCommandQueue (s->up));
    CHECK_CL (clReleaseCommandQueue (s->down));
  }
  for (guint k = 0; k < depth; k++)
    if (s->device[k])
      CHECK_CL (clReleaseMemObject (s->device[k]));
  clfft_host_buffer_free (s->in);
  clfft_host_buffer_free (s->out);
}

/* One run of n threads: aggregate frames a second, and CPU us a frame. */
static void
run_threads (Stream * streams, guint n, Start * start, gdouble * fps,
    gdouble * cpu_us)
{
  GThread **threads = g_new (GThread *, n);
  gint64 begin, end = 0;
  gdouble cpu_before;

  start->go = FALSE;
  for (guint t = 0; t < n; t++)
    threads[t] = g_thread_new ("bench-stream", stream_thread, &streams[t]);
  cpu_before = bench_process_cpu_us ();
  g_mutex_lock (&start->lock);
  begin = g_get_monotonic_time ();
  start->go = TRUE;
  g_cond_broadcast (&start->cond);
  g_mutex_unlock (&start->lock);
  for (guint t = 0; t < n; t++) {
    g_thread_join (threads[t]);
    end = MAX (end, streams[t].finished);
  }
  *cpu_us = (bench_process_cpu_us () - cpu_before) /
      ((gdouble) n * streams[0].n_frames);
  *fps = (gdouble) n * streams[0].n_frames / ((end - begin) * 1e-6);
  g_free (threads);
}

/* Every thread's outputs against expected (N_DISTINCT frames) */
static void
check_outputs (Stream * streams, guint n, const guint8 * expected,
    const gchar * what)
{
  for (guint t = 0; t < n; t++)
    if (memcmp (clfft_host_buffer_get_data (streams[t].out), expected,
            N_DISTINCT * streams[t].frame_bytes) != 0)
      g_error ("%s: thread %u of %u gave other bytes than one filter alone",
          what, t, n);
}

/* The filter's outputs of frames, one at a time; they must differ from
 * the inputs. */
static guint8 *
reference_outputs (guint w, guint h, const guint8 * frames,
    const gfloat * gain)
{
  Stream s;
  guint8 *out;

  stream_init (&s, WORK_FILTER, NULL, w, h, N_DISTINCT, frames, gain,
      NULL);
  run_filter (&s);
  out = g_memdup2 (clfft_host_buffer_get_data (s.out),
      N_DISTINCT * s.frame_bytes);
  if (memcmp (out, frames, N_DISTINCT * s.frame_bytes) == 0)
    g_error ("the low-pass filter left %ux%u frames as they were", w, h);
  stream_clear (&s);
  return out;
}

int
main (int argc, char **argv)
{
  const gchar *threads_text = "1,2,4,8,16", *sizes_text = "1920x1080";
  const gchar *work_text = "filter,copies,copies-shared";
  gchar **work_names_asked;
  gboolean works[G_N_ELEMENTS (work_names)] = { FALSE };
  guint n_frames = 300, reps = 3, n_counts;
  FILE *csv = NULL;
  GError *error = NULL;
  guint *counts;
  gchar **sizes;

  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--threads") && i + 1 < argc)
      threads_text = argv[++i];
    else if (!strcmp (argv[i], "--sizes") && i + 1 < argc)
      sizes_text = argv[++i];
    else if (!strcmp (argv[i], "--frames") && i + 1 < argc)
      n_frames = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--reps") && i + 1 < argc)
      reps = bench_parse_count (argv[++i]);
    else if (!strcmp (argv[i], "--depth") && i + 1 < argc) {
      /* MIN evaluates its arguments twice */
      depth = bench_parse_count (argv[++i]);
      depth = MIN (depth, CLFFT_FILTER2D_MAX_IN_FLIGHT);
    } else if (!strcmp (argv[i], "--work") && i + 1 < argc)
      work_text = argv[++i];
    else if (!strcmp (argv[i], "--csv") && i + 1 < argc) {
      if (!(csv = fopen (argv[++i], "w")))
        g_error ("cannot write %s", argv[i]);
    } else {
      fprintf (stderr, "usage: %s [--threads 1,2,4,8,16] [--sizes WxH,...] "
          "[--frames N] [--reps R] [--depth D] [--work filter,copies,...] "
          "[--csv FILE]\n", argv[0]);
      return strcmp (argv[i], "--help") ? 2 : 0;
    }
  }
  work_names_asked = g_strsplit (work_text, ",", -1);
  for (guint i = 0; work_names_asked[i]; i++) {
    guint w = 0;

    while (w < G_N_ELEMENTS (work_names)
        && strcmp (work_names[w], work_names_asked[i]))
      w++;
    if (w == G_N_ELEMENTS (work_names))
      g_error ("--work takes filter, copies and copies-shared: %s",
          work_names_asked[i]);
    works[w] = TRUE;
  }
  g_strfreev (work_names_asked);
  if (!works[WORK_FILTER] && !works[WORK_COPIES] && !works[WORK_COPIES_SHARED])
    g_error ("--work names none of filter, copies and copies-shared");
  engine = clfft_engine_get (-1, &error);
  if (!engine)
    g_error ("%s", error->message);
  counts = bench_parse_list (threads_text, &n_counts);
  sizes = g_strsplit (sizes_text, ",", -1);
  printf ("device: %s (%s)\n", clfft_engine_get_device (engine)->name,
      clfft_engine_get_device (engine)->driver_version);
  printf ("%u frames a thread, %u in flight, pinned memory; median of %u "
      "runs\n", n_frames, depth, reps);
  printf ("%-13s %-10s %7s %10s %7s %8s\n", "work", "size", "threads", "fps",
      "ratio", "cpu_us");
  if (csv)
    fprintf (csv, "work,width,height,threads,depth,fps,ratio_to_one,"
        "host_cpu_us,device\n");

  for (guint z = 0; sizes[z]; z++) {
    guint w, h;
    guint8 *frames, *expected;
    gfloat *gain;

    if (sscanf (sizes[z], "%ux%u", &w, &h) != 2 || w < 2 || h < 2)
      g_error ("a size is WxH: %s", sizes[z]);
    frames = g_malloc ((gsize) N_DISTINCT * w * h);
    for (gsize i = 0; i < (gsize) N_DISTINCT * w * h; i++)
      frames[i] = g_random_int_range (0, 256);
    gain = lowpass_gain (w, h);
    expected = works[WORK_FILTER] ? reference_outputs (w, h, frames, gain)
        : NULL;
    for (Work work = WORK_FILTER; work <= WORK_COPIES_SHARED; work++) {
      gdouble one = 0;

      if (!works[work])
        continue;

      for (guint c = 0; c < n_counts; c++) {
        guint n = counts[c];
        Stream *streams = g_new (Stream, n);
        gdouble *fps = g_new (gdouble, reps), *cpu = g_new (gdouble, reps);
        gdouble fps_median, cpu_median;
        Start start = { 0 };
        cl_command_queue shared[2] = { NULL, NULL };

        g_mutex_init (&start.lock);
        g_cond_init (&start.cond);
        if (work == WORK_COPIES_SHARED) {
          shared[0] = queue_new ();
          shared[1] = queue_new ();
        }
        for (guint t = 0; t < n; t++)
          stream_init (&streams[t], work, &start, w, h, n_frames, frames,
              gain, shared);
        /* the first run builds, tunes and warms up; it is not kept */
        for (guint r = 0; r <= reps; r++) {
          gdouble f, u;

          run_threads (streams, n, &start, &f, &u);
          check_outputs (streams, n, work == WORK_FILTER ? expected : frames,
              work_names[work]);
          if (r > 0) {
            fps[r - 1] = f;
            cpu[r - 1] = u;
          }
        }
        fps_median = bench_median (fps, reps);
        cpu_median = bench_median (cpu, reps);
        if (one == 0)
          one = fps_median;
        printf ("%-13s %-10s %7u %10.1f %7.2f %8.1f\n", work_names[work],
            sizes[z], n, fps_median, fps_median / one, cpu_median);
        if (csv)
          fprintf (csv, "%s,%u,%u,%u,%u,%.1f,%.3f,%.1f,%s\n",
              work_names[work], w, h, n, depth, fps_median,
              fps_median / one, cpu_median,
              clfft_engine_get_device (engine)->name);
        fflush (stdout);
        for (guint t = 0; t < n; t++)
          stream_clear (&streams[t]);
        if (work == WORK_COPIES_SHARED) {
          CHECK_CL (clReleaseCommandQueue (shared[0]));
          CHECK_CL (clReleaseCommandQueue (shared[1]));
        }
        g_mutex_clear (&start.lock);
        g_cond_clear (&start.cond);
        g_free (streams);
        g_free (fps);
        g_free (cpu);
      }
    }
    g_free (frames);
    g_free (expected);
    g_free (gain);
  }
  if (csv)
    fclose (csv);
  g_free (counts);
  g_strfreev (sizes);
  clfft_engine_unref (engine);
  return 0;
}
