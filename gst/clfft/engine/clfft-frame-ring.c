/* The ring of frames in flight (clfft-frame-ring.h). */
#include "clfft-frame-ring.h"
#include "clfft-frame-ring-testing.h"
#include "clfft-frame-ends.h"
#include "clfft-passes.h"
#include "clfft-queue.h"
#include "clfft-log.h"
#include "clfft-faults.h"

#include <string.h>

#define MAX_PLANES CLFFT_FRAME_MAX_PLANES

/* One frame in flight, and the memory its slot keeps between frames. */
typedef struct
{
  cl_mem planes[MAX_PLANES];    /* the ring's own, made at first use */
  ClfftHostBuffer *staging_in[MAX_PLANES], *staging_out[MAX_PLANES];
  cl_mem borrowed[MAX_PLANES];  /* the frame's own memory, read in place */
  ClfftHostPlanes dst;
  const ClfftFrameEndOps *sinks[MAX_PLANES];
  cl_event uploaded, filtered, downloaded;
} Slot;

struct _ClfftFrameRing
{
  ClfftEngine *engine;
  const ClfftFrameWorkOps *ops;
  gpointer work;
  cl_command_queue upload, compute, download;
  ClfftRingPlanes planes;
  /* the device's memory is the host's: frames move without staging, and
   * are read in place where the work allows */
  gboolean shared_memory;
  Slot slots[CLFFT_FRAME_RING_SIZE];
  guint oldest, in_flight;
};

ClfftFrameRing *
clfft_frame_ring_new (ClfftEngine * engine, const ClfftFrameWorkOps * ops,
    gpointer work, GError ** error)
{
  ClfftFrameRing *r = g_new0 (ClfftFrameRing, 1);

  r->engine = clfft_engine_ref (engine);
  r->ops = ops;
  r->work = work;
  r->shared_memory = clfft_engine_get_device (engine)->host_unified_memory;
  if (!(r->upload = clfft_queue_new (engine, error))
      || !(r->compute = clfft_queue_new (engine, error))
      || !(r->download = clfft_queue_new (engine, error))) {
    clfft_frame_ring_free (r);
    return NULL;
  }
  return r;
}

static void
slot_release_plane (Slot * slot, guint p)
{
  clfft_buffer_release (&slot->planes[p]);
  g_clear_pointer (&slot->staging_in[p], clfft_host_buffer_free);
  g_clear_pointer (&slot->staging_out[p], clfft_host_buffer_free);
}

void
clfft_frame_ring_set_planes (ClfftFrameRing * r,
    const ClfftRingPlanes * planes)
{
  g_return_if_fail (r->in_flight == 0);
  g_return_if_fail (planes->n_planes <= MAX_PLANES);
  /* a plane of another size needs memory of another size */
  for (guint p = 0; p < MAX_PLANES; p++)
    if (p >= planes->n_planes || p >= r->planes.n_planes
        || planes->row_bytes[p] != r->planes.row_bytes[p]
        || planes->rows[p] != r->planes.rows[p])
      for (guint s = 0; s < CLFFT_FRAME_RING_SIZE; s++)
        slot_release_plane (&r->slots[s], p);
  r->planes = *planes;
}

void
clfft_frame_ring_set_shared_memory (ClfftFrameRing * r, gboolean shared)
{
  r->shared_memory = shared;
}

static gsize
plane_bytes (ClfftFrameRing * r, guint p)
{
  return r->planes.row_bytes[p] * r->planes.rows[p];
}

static gboolean
ensure_plane (ClfftFrameRing * r, Slot * slot, guint p, GError ** error)
{
  return slot->planes[p] || (slot->planes[p] = clfft_buffer_new (r->engine,
          CL_MEM_READ_WRITE, plane_bytes (r, p), NULL, error));
}

/* The one place where a plane's ends are chosen. place NULL: before the
 * work said where the plane goes (whether it stages on the host). */
static const ClfftFrameEndOps *
source_for (ClfftFrameRing * r, guint p, const ClfftHostFrame * host,
    const ClfftPlanePlace * place)
{
  if (!host->pinned && !r->shared_memory)
    return &clfft_source_copied;
  if (place && r->shared_memory && place->read_align
      && host->stride == r->planes.row_bytes[p]
      && (guintptr) host->data % place->read_align == 0)
    return &clfft_source_in_place;
  return &clfft_source_direct;
}

static const ClfftFrameEndOps *
sink_for (ClfftFrameRing * r, const ClfftHostFrame * host)
{
  return !host->pinned && !r->shared_memory ? &clfft_sink_copied :
      &clfft_sink_direct;
}

static ClfftPlaneTrip
trip_of (ClfftFrameRing * r, Slot * slot, guint p, gboolean up,
    const ClfftHostFrame * host, ClfftPlanePlace * place)
{
  return (ClfftPlaneTrip) {
    .engine = r->engine,
    .queue = up ? r->upload : r->download,
    .host = host,
    .row_bytes = r->planes.row_bytes[p],
    .rows = r->planes.rows[p],
    .staging = up ? &slot->staging_in[p] : &slot->staging_out[p],
    .place = place,
    .borrowed = &slot->borrowed[p],
    .done = up ? &slot->uploaded : &slot->downloaded,
  };
}

/* The host's part of the moved planes' sources: before the engine's queue
 * lock, which other streams wait for. */
static gboolean
stage (ClfftFrameRing * r, Slot * slot, const ClfftHostPlanes * src,
    GError ** error)
{
  for (guint p = 0; p < r->planes.n_planes; p++) {
    const ClfftFrameEndOps *source;
    ClfftPlaneTrip trip;

    /* a plane not moved may be no plane the caller filled in */
    if (!r->planes.moved[p])
      continue;
    source = source_for (r, p, &src->planes[p], NULL);
    trip = trip_of (r, slot, p, TRUE, &src->planes[p], NULL);
    if (source->stage && !source->stage (&trip, error))
      return FALSE;
  }
  return TRUE;
}

/* The place the work gives plane p, with the ring's own buffer where it
 * leaves that to the ring: the frame's input where given (output).  */
static gboolean
place_of (ClfftFrameRing * r, guint s, guint p, gboolean input,
    cl_mem input_buffer, ClfftPlanePlace * place, GError ** error)
{
  *place = (ClfftPlanePlace) {
  NULL, 0, r->planes.row_bytes[p], 0};
  if (!r->ops->place (r->work, s, p, input, place, error))
    return FALSE;
  if (place->buffer)
    return TRUE;
  place->offset = 0;
  place->pitch = r->planes.row_bytes[p];
  if (!input) {
    place->buffer = input_buffer;
    return TRUE;
  }
  if (!ensure_plane (r, &r->slots[s], p, error))
    return FALSE;
  place->buffer = r->slots[s].planes[p];
  return TRUE;
}

/* The moved planes to where the work reads them, with the compute queue
 * waiting for them. */
static gboolean
upload (ClfftFrameRing * r, guint s, const ClfftHostPlanes * src,
    ClfftRingFrame * frame, GError ** error)
{
  Slot *slot = &r->slots[s];
  cl_int st;

  *frame = (ClfftRingFrame) {
  .slot = s};
  for (guint p = 0; p < r->planes.n_planes; p++) {
    ClfftPlanePlace place;
    ClfftPlaneTrip trip;

    if (!r->planes.moved[p])
      continue;
    if (!place_of (r, s, p, TRUE, NULL, &place, error))
      return FALSE;
    trip = trip_of (r, slot, p, TRUE, &src->planes[p], &place);
    if (!source_for (r, p, &src->planes[p], &place)->move (&trip, error))
      return FALSE;
    frame->planes[p] = place.buffer;
  }
  if (!slot->uploaded)
    return TRUE;
  /* the uploads start now; the work waits for them (the queue is in
   * order: the last one's end is all of theirs) */
  st = clFlush (r->upload);
  if (st == CL_SUCCESS)
    st = clEnqueueBarrierWithWaitList (r->compute, 1, &slot->uploaded,
        NULL);
  frame->uploaded = slot->uploaded;
  return st == CL_SUCCESS || clfft_fail (error, st,
      "clFlush, clEnqueueBarrierWithWaitList (uploads)");
}

/* The moved planes from where the work left them into dst, once the work
 * (and also) is done. */
static gboolean
download (ClfftFrameRing * r, const ClfftRingFrame * frame, cl_event also,
    GError ** error)
{
  Slot *slot = &r->slots[frame->slot];
  const cl_event wait[2] = { slot->filtered, also };
  cl_int st;

  for (guint p = 0; p < r->planes.n_planes; p++) {
    ClfftPlanePlace place;
    ClfftPlaneTrip trip;

    if (!r->planes.moved[p])
      continue;
    if (!place_of (r, frame->slot, p, FALSE, frame->planes[p], &place,
            error))
      return FALSE;
    trip = trip_of (r, slot, p, FALSE, &slot->dst.planes[p], &place);
    trip.n_wait = also ? 2 : 1;
    trip.wait = wait;
    slot->sinks[p] = sink_for (r, &slot->dst.planes[p]);
    if (!slot->sinks[p]->move (&trip, error))
      return FALSE;
  }
  st = clFlush (r->download);
  return st == CL_SUCCESS || clfft_fail (error, st, "clFlush (downloads)");
}

/* Lets queued work that reads or writes host memory finish (error
 * paths). */
static void
finish_queues (ClfftFrameRing * r)
{
  clfft_warn_on_failure (clFinish (r->upload), "clFinish (uploads)");
  clfft_warn_on_failure (clFinish (clfft_engine_get_queue (r->engine)),
      "clFinish");
  clfft_warn_on_failure (clFinish (r->compute), "clFinish (frames)");
  clfft_warn_on_failure (clFinish (r->download), "clFinish (downloads)");
}

/* What a slot holds for one frame only; its work must have finished. */
static void
slot_clear_frame (Slot * slot)
{
  clfft_event_release (&slot->uploaded);
  clfft_event_release (&slot->filtered);
  clfft_event_release (&slot->downloaded);
  for (guint p = 0; p < MAX_PLANES; p++)
    clfft_buffer_release (&slot->borrowed[p]);
}

gboolean
clfft_frame_ring_submit (ClfftFrameRing * r, const ClfftHostPlanes * src,
    const ClfftHostPlanes * dst, GError ** error)
{
  const guint s = (r->oldest + r->in_flight) % CLFFT_FRAME_RING_SIZE;
  Slot *slot = &r->slots[s];
  ClfftRingFrame frame;
  cl_command_queue before;
  cl_event also = NULL;
  cl_int st;
  gboolean ok;

  if (r->in_flight == CLFFT_FRAME_RING_SIZE) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "%u frames are in flight already", r->in_flight);
    return FALSE;
  }
  slot->dst = *dst;
  ok = stage (r, slot, src, error)
      && (!r->ops->prepare || r->ops->prepare (r->work, error));
  /* the frame's commands side by side on the ring's queues, its
   * transfers too: NVIDIA's OpenCL took the calls of many streams'
   * threads at once slower than one thread's after another's */
  before = clfft_engine_begin_queue (r->engine, r->compute);
  ok = ok && upload (r, s, src, &frame, error)
      && r->ops->enqueue (r->work, &frame, &also, error);
  if (ok) {
    st = clEnqueueMarkerWithWaitList (r->compute, 0, NULL, &slot->filtered);
    if (st == CL_SUCCESS)
      st = clFlush (r->compute);
    ok = (st == CL_SUCCESS || clfft_fail (error, st,
            "clEnqueueMarkerWithWaitList, clFlush (a frame's work)"))
        && download (r, &frame, also, error);
  }
  if (!ok) {
    finish_queues (r);
    slot_clear_frame (slot);
  }
  clfft_engine_end_queue (r->engine, before);
  if (ok)
    r->in_flight++;
  return ok;
}

gboolean
clfft_frame_ring_collect (ClfftFrameRing * r, GError ** error)
{
  Slot *slot = &r->slots[r->oldest];
  cl_int st;

  if (r->in_flight == 0) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no frame is in flight");
    return FALSE;
  }
  /* a frame with no plane moved has no download to wait for */
  st = clWaitForEvents (1, slot->downloaded ? &slot->downloaded :
      &slot->filtered);
  for (guint p = 0; st == CL_SUCCESS && p < r->planes.n_planes; p++)
    if (r->planes.moved[p] && slot->sinks[p]->finish) {
      ClfftPlaneTrip trip = trip_of (r, slot, p, FALSE, &slot->dst.planes[p],
          NULL);

      slot->sinks[p]->finish (&trip);
    }
  if (st != CL_SUCCESS)
    finish_queues (r);
  /* releases are calls into the driver too (see submit) */
  clfft_engine_lock_queue (r->engine);
  slot_clear_frame (slot);
  clfft_engine_unlock_queue (r->engine);
  r->oldest = (r->oldest + 1) % CLFFT_FRAME_RING_SIZE;
  r->in_flight--;
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, "waiting for a frame's download");
  return clfft_engine_check_fault (r->engine, CLFFT_FAULT_AT_COMPLETION,
      "waiting for a frame's download", error);
}

guint
clfft_frame_ring_in_flight (ClfftFrameRing * r)
{
  return r->in_flight;
}

gboolean
clfft_frame_ring_finish (ClfftFrameRing * r, GError ** error)
{
  cl_int st = clFinish (r->compute);

  return st == CL_SUCCESS || clfft_fail (error, st, "clFinish (frames)");
}

cl_mem
clfft_frame_ring_get_plane (ClfftFrameRing * r, guint s, guint p,
    GError ** error)
{
  g_return_val_if_fail (s < CLFFT_FRAME_RING_SIZE && p < r->planes.n_planes,
      NULL);
  return ensure_plane (r, &r->slots[s], p, error) ? r->slots[s].planes[p] :
      NULL;
}

void
clfft_frame_ring_free (ClfftFrameRing * r)
{
  if (!r)
    return;
  if (r->in_flight)
    finish_queues (r);
  for (guint s = 0; s < CLFFT_FRAME_RING_SIZE; s++) {
    slot_clear_frame (&r->slots[s]);
    for (guint p = 0; p < MAX_PLANES; p++)
      slot_release_plane (&r->slots[s], p);
  }
  clfft_queue_release (&r->upload);
  clfft_queue_release (&r->compute);
  clfft_queue_release (&r->download);
  clfft_engine_unref (r->engine);
  g_free (r);
}
