/* See clfft-peak-finder.h. The frame is uploaded, transformed by the
 * engine's 2D R2C plan, and kernels/peaks.cl lists the bins that stand
 * out, in whatever order its work-groups run; the host reads them all and
 * keeps the strongest. */
#include "clfft-peak-finder.h"
#include "clfft-fft.h"
#include "clfft-filter2d.h"
#include "clfft-passes.h"
#include "clfft-kernel-args.h"
#include "clfft-log.h"
#include "clfft-faults.h"
#include "clfft-queue.h"

#include <math.h>
#include <stdlib.h>

/* room for candidates at first: a picture has none, periodic noise a
 * few; a noisy frame at a low threshold has thousands, and the room grows
 * to hold them (every bin at most) */
#define FIRST_ROOM 4096

struct _ClfftPeakFinder
{
  ClfftEngine *engine;
  guint width, height;
  ClfftPlan2d *plan;
  cl_kernel find_peaks;
  cl_mem frame, spectrum, count, candidates;
  guint room;                   /* candidates' size */
};

ClfftPeakFinder *
clfft_peak_finder_new (ClfftEngine * engine, guint width, guint height,
    GError ** error)
{
  const gsize bins = (gsize) (width / 2 + 1) * height;
  ClfftPeakFinder *f;

  if (!clfft_filter2d_size_supported (width, height, error))
    return NULL;
  f = g_new0 (ClfftPeakFinder, 1);
  f->engine = clfft_engine_ref (engine);
  f->width = width;
  f->height = height;
  if (!(f->plan = clfft_plan_2d_new (engine, CLFFT_R2C, width, height,
              error))
      || !(f->find_peaks = clfft_kernel_new (engine, "peaks.cl", "",
              "find_peaks", error))
      || !(f->frame = clfft_buffer_new (engine, CL_MEM_READ_ONLY,
              (gsize) width * height * sizeof (cl_float), NULL, error))
      || !(f->spectrum = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
              bins * sizeof (cl_float2), NULL, error))
      || !(f->count = clfft_buffer_new (engine, CL_MEM_READ_WRITE,
              sizeof (cl_uint), NULL, error))
      || !(f->candidates = clfft_buffer_new (engine, CL_MEM_WRITE_ONLY,
              (gsize) (f->room = MIN (FIRST_ROOM, bins)) * sizeof (cl_float4),
              NULL, error))) {
    clfft_peak_finder_free (f);
    return NULL;
  }
  return f;
}

/* Strongest first; ties by position, so that the order the work-groups
 * ran in never shows. */
static gint
stronger_first (gconstpointer a, gconstpointer b)
{
  const cl_float4 *x = a, *y = b;

  for (guint i = 0; i < 4; i++) {
    /* ratio, magnitude, then ky and kx */
    static const guint key[] = { 2, 3, 1, 0 };
    const cl_float u = x->s[key[i]], v = y->s[key[i]];

    if (u != v)
      return (i < 2 ? u > v : u < v) ? -1 : 1;
  }
  return 0;
}

/* The kernel over the spectrum, counting its candidates into *n; those
 * that fit lie in candidates. Under the queue's lock. */
static gboolean
enqueue_search (ClfftPeakFinder * f, const ClfftPeakParams * params,
    cl_uint * n, GError ** error)
{
  cl_command_queue queue = clfft_engine_get_queue (f->engine);
  const cl_uint zero = 0, room = f->room;
  const ClfftArgsFindPeaks args = {
    .spectrum = f->spectrum,
    .width = f->width,
    .height = f->height,
    .min_radius = params->min_radius,
    /* the lower bar of the peaks found before; the host applies each */
    .threshold = params->n_kept ? params->threshold * CLFFT_PEAK_KEEP :
        params->threshold,
    .max_peaks = room,
    .count = f->count,
    .peaks = f->candidates,
  };
  const gsize local[2] = { 16, 16 };
  const gsize global[2] = { (f->width / 2 + 1 + 15) / 16 * 16,
    (f->height + 15) / 16 * 16
  };
  cl_int st;

  /* a fill takes its pattern when queued; a write that does not block
   * would read zero from this stack frame whenever the queue runs it,
   * after a failed launch below returned too */
  st = clEnqueueFillBuffer (queue, f->count, &zero, sizeof (zero), 0,
      sizeof (zero), 0, NULL, NULL);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "clEnqueueFillBuffer (peaks)");
  if (!clfft_kernel_args_find_peaks (f->find_peaks, &args, error)
      || !clfft_kernel_enqueue (f->engine, f->find_peaks, 2, global, local,
          NULL, "find_peaks", error))
    return FALSE;
  st = clEnqueueReadBuffer (queue, f->count, CL_TRUE, 0, sizeof (*n), n, 0,
      NULL, NULL);
  return st == CL_SUCCESS || clfft_fail (error, st,
      "clEnqueueReadBuffer (peaks)");
}

/* |a - b| on a circle of n */
static gint
wrapped_distance (gint a, gint b, gint n)
{
  gint d = ((a - b) % n + n) % n;

  return MIN (d, n - d);
}

/* Whether the candidate at signed bin (sx, sy) is at a peak found before
 * or next to it, or to its mirror. */
static gboolean
near_kept (ClfftPeakFinder * f, const ClfftPeakParams * params, gint sx,
    gint sy)
{
  const gint w = f->width, h = f->height;

  for (guint i = 0; i < params->n_kept; i++) {
    const gint kx = (gint) lround (params->kept[i].fx * w);
    const gint ky = (gint) lround (params->kept[i].fy * h);

    for (gint mirror = 1; mirror >= -1; mirror -= 2)
      if (wrapped_distance (sx, mirror * kx, w) <= 1
          && wrapped_distance (sy, mirror * ky, h) <= 1)
        return TRUE;
  }
  return FALSE;
}

/* Room for n candidates (more than there was). */
static gboolean
grow_room (ClfftPeakFinder * f, cl_uint n, GError ** error)
{
  const guint bins = (f->width / 2 + 1) * f->height;
  guint room = f->room;

  while (room < n && room < bins)
    room = room > bins / 2 ? bins : 2 * room;
  clfft_buffer_release (&f->candidates);
  f->room = 0;
  if (!(f->candidates = clfft_buffer_new (f->engine, CL_MEM_WRITE_ONLY,
              (gsize) room * sizeof (cl_float4), NULL, error)))
    return FALSE;
  f->room = room;
  return TRUE;
}

gboolean
clfft_peak_finder_run (ClfftPeakFinder * f, const gfloat * frame,
    const ClfftPeakParams * params, GArray * peaks, GError ** error)
{
  cl_command_queue queue;
  cl_float4 *found = NULL;
  cl_uint n = 0;
  cl_int st;
  gboolean ok;

  g_array_set_size (peaks, 0);
  clfft_engine_lock_queue (f->engine);
  queue = clfft_engine_get_queue (f->engine);
  st = clEnqueueWriteBuffer (queue, f->frame, CL_FALSE, 0,
      (gsize) f->width * f->height * sizeof (cl_float), frame, 0, NULL, NULL);
  ok = (st == CL_SUCCESS || clfft_fail (error, st,
          "clEnqueueWriteBuffer (peaks)"))
      && clfft_plan_2d_enqueue (f->plan, CLFFT_DIRECTION_FORWARD, f->frame,
      f->spectrum, 0, NULL, NULL, error)
      && enqueue_search (f, params, &n, error);
  /* more than there was room for: all of them, from the spectrum still
   * there, so that the strongest are among them wherever they lie */
  if (ok && n > f->room)
    ok = grow_room (f, n, error) && enqueue_search (f, params, &n, error);
  if (ok) {
    n = MIN (n, f->room);
    /* up to 16 bytes a bin: a host allocation the frame size decides */
    found = clfft_engine_try_alloc (f->engine, MAX (n, 1),
        sizeof (cl_float4), FALSE, "the spectrum's peak candidates", error);
    ok = found != NULL;
  }
  if (ok && n > 0) {
    st = clEnqueueReadBuffer (queue, f->candidates, CL_TRUE, 0,
        n * sizeof (cl_float4), found, 0, NULL, NULL);
    ok = st == CL_SUCCESS || clfft_fail (error, st,
        "clEnqueueReadBuffer (peaks)");
  } else if (!ok) {
    clfft_warn_on_failure (clFinish (queue), "clFinish (peaks)");
  }
  clfft_engine_unlock_queue (f->engine);
  if (!ok) {
    g_free (found);
    return FALSE;
  }
  qsort (found, n, sizeof (cl_float4), stronger_first);
  for (guint i = 0; i < n && peaks->len < params->max_peaks; i++) {
    /* whole signed bins, from floats */
    const gint sx = (gint) found[i].s[0], sy = (gint) found[i].s[1];
    ClfftPeak peak = { (gdouble) sx / f->width, (gdouble) sy / f->height,
      found[i].s[2], 2.0 * found[i].s[3] / ((gdouble) f->width * f->height)
    };

    if (peak.amplitude < params->min_amplitude)
      continue;
    /* the device applied the threshold itself where nothing is kept */
    if (!params->n_kept || peak.ratio > params->threshold
        || near_kept (f, params, sx, sy))
      g_array_append_val (peaks, peak);
  }
  g_free (found);
  return clfft_engine_check_fault (f->engine, CLFFT_FAULT_AT_COMPLETION,
      "waiting for the peaks", error);
}

void
clfft_peak_finder_free (ClfftPeakFinder * f)
{
  g_clear_pointer (&f->plan, clfft_plan_2d_free);
  clfft_kernel_release (&f->find_peaks);
  clfft_buffer_release (&f->frame);
  clfft_buffer_release (&f->spectrum);
  clfft_buffer_release (&f->count);
  clfft_buffer_release (&f->candidates);
  clfft_engine_unref (f->engine);
  g_free (f);
}
