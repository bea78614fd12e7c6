/* The ends of frames in host memory (clfft-frame-ends.h). */
#include "clfft-frame-ends.h"
#include "clfft-log.h"
#include "clfft-passes.h"

static gboolean
ensure_staging (ClfftPlaneTrip * t, GError ** error)
{
  return *t->staging || (*t->staging = clfft_host_buffer_new (t->engine,
          t->row_bytes * t->rows, error));
}

/* data, rows stride bytes apart, into the place (up), or the place into
 * data behind the trip's events. */
static gboolean
transfer_rows (ClfftPlaneTrip * t, gboolean up, guint8 * data, gsize stride,
    GError ** error)
{
  const ClfftPlanePlace *place = t->place;
  const gsize origin[3] = { 0, 0, 0 };
  const gsize at[3] = { place->offset % place->pitch,
    place->offset / place->pitch, 0
  };
  const gsize region[3] = { t->row_bytes, t->rows, 1 };
  cl_event done = NULL;
  cl_int st;

  st = up ? clEnqueueWriteBufferRect (t->queue, place->buffer, CL_FALSE, at,
      origin, region, place->pitch, 0, stride, 0, data, 0, NULL, &done) :
      clEnqueueReadBufferRect (t->queue, place->buffer, CL_FALSE, at, origin,
      region, place->pitch, 0, stride, 0, data, t->n_wait, t->wait, &done);
  if (st != CL_SUCCESS)
    return clfft_fail (error, st, up ? "clEnqueueWriteBufferRect (a plane)"
        : "clEnqueueReadBufferRect (a plane)");
  clfft_event_release (t->done);
  *t->done = done;
  return TRUE;
}

static gboolean
copied_stage (ClfftPlaneTrip * t, GError ** error)
{
  if (!ensure_staging (t, error))
    return FALSE;
  clfft_copy_rows (clfft_host_buffer_get_data (*t->staging), t->row_bytes,
      t->host->data, t->host->stride, t->row_bytes, t->rows);
  return TRUE;
}

static gboolean
copied_up (ClfftPlaneTrip * t, GError ** error)
{
  return transfer_rows (t, TRUE, clfft_host_buffer_get_data (*t->staging),
      t->row_bytes, error);
}

static gboolean
direct_up (ClfftPlaneTrip * t, GError ** error)
{
  return transfer_rows (t, TRUE, t->host->data, t->host->stride, error);
}

/* The place becomes a buffer of the frame's own memory: nothing moves. */
static gboolean
in_place_up (ClfftPlaneTrip * t, GError ** error)
{
  if (!(*t->borrowed = clfft_buffer_new (t->engine, CL_MEM_READ_ONLY |
              CL_MEM_USE_HOST_PTR, t->row_bytes * t->rows, t->host->data,
              error)))
    return FALSE;
  *t->place = (ClfftPlanePlace) {
  *t->borrowed, 0, t->row_bytes, 0};
  return TRUE;
}

static gboolean
copied_down (ClfftPlaneTrip * t, GError ** error)
{
  return ensure_staging (t, error)
      && transfer_rows (t, FALSE, clfft_host_buffer_get_data (*t->staging),
      t->row_bytes, error);
}

static void
copied_finish (ClfftPlaneTrip * t)
{
  clfft_copy_rows (t->host->data, t->host->stride,
      clfft_host_buffer_get_data (*t->staging), t->row_bytes, t->row_bytes,
      t->rows);
}

static gboolean
direct_down (ClfftPlaneTrip * t, GError ** error)
{
  return transfer_rows (t, FALSE, t->host->data, t->host->stride, error);
}

const ClfftFrameEndOps clfft_source_copied = {
  "copied through pinned staging", copied_stage, copied_up, NULL
};

const ClfftFrameEndOps clfft_source_direct = {
  "moved straight", NULL, direct_up, NULL
};

const ClfftFrameEndOps clfft_source_in_place = {
  "read in place", NULL, in_place_up, NULL
};

const ClfftFrameEndOps clfft_sink_copied = {
  "copied through pinned staging", NULL, copied_down, copied_finish
};

const ClfftFrameEndOps clfft_sink_direct = {
  "moved straight", NULL, direct_down, NULL
};
