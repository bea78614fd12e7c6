/* Frames submitted to a 2D filter itself (clfft_filter2d_submit, for
 * tests, benchmarks and gst-clfft-prepare): a ring of frames in flight
 * of its own (clfft-frame-ring.h), made at the first submit, whose work
 * is the filter on each slot's pixels in and out. The element's frames
 * go through the frame filter's ring instead. */
#include "clfft-filter2d-inside.h"
#include "clfft-frame-ring-testing.h"
#include "clfft-filter2d-frames-testing.h"
#include "clfft-errors.h"
#include "clfft-log.h"
#include "clfft-queue.h"

static gboolean
ring_prepare (gpointer work, GError ** error)
{
  return clfft_filter2d_prepare_frame (work, error);
}

/* The filter as the work of its own ring: a frame's one plane in and out
 * of the slot's pixels. */
static cl_mem
slot_pixels (ClfftFilter2d * f, guint slot, gboolean input, GError ** error)
{
  cl_mem *buffer = input ? &f->frames.inputs[slot] :
      &f->frames.outputs[slot];

  if (!*buffer)
    *buffer = clfft_buffer_new (f->engine, input ? CL_MEM_READ_ONLY :
        CL_MEM_WRITE_ONLY, input ? clfft_filter2d_frame_bytes (f) :
        (gsize) f->width * f->height * f->pixel_size, NULL, error);
  return *buffer;
}

static gboolean
ring_place (gpointer work, guint slot, guint p, gboolean input,
    ClfftPlanePlace * place, GError ** error)
{
  ClfftFilter2d *f = work;
  cl_mem buffer = slot_pixels (f, slot, input, error);

  if (!buffer)
    return FALSE;
  /* the frame is the top-left corner of the transform's rows */
  *place = (ClfftPlanePlace) {
    .buffer = buffer,
    .pitch = input ? clfft_filter2d_frame_row_bytes (f) :
        f->width * f->pixel_size,
    .read_align = input ? clfft_filter2d_get_read_align (f) : 0,
  };
  return TRUE;
}

static gboolean
ring_enqueue (gpointer work, const ClfftRingFrame * frame, cl_event * also,
    GError ** error)
{
  ClfftFilter2d *f = work;
  cl_mem out = slot_pixels (f, frame->slot, FALSE, error);

  return out && clfft_filter2d_enqueue_buffers (f, frame->planes[0], out,
      error);
}

static const ClfftFrameWorkOps ring_work = {
  ring_prepare, ring_place, ring_enqueue
};

static gboolean
ensure_ring (ClfftFilter2d * f, GError ** error)
{
  ClfftRingPlanes planes = { 1, {clfft_filter2d_frame_row_bytes (f)},
  {f->frame_height}, {TRUE}
  };

  if (f->frames.ring)
    return TRUE;
  if (!(f->frames.ring = clfft_frame_ring_new (f->engine, &ring_work, f,
              error)))
    return FALSE;
  clfft_frame_ring_set_planes (f->frames.ring, &planes);
  return TRUE;
}

gboolean
clfft_filter2d_submit (ClfftFilter2d * f, const ClfftHostFrame * src,
    const ClfftHostFrame * dst, GError ** error)
{
  const ClfftHostPlanes in = { {*src}
  }, out = { {*dst}
  };

  return ensure_ring (f, error)
      && clfft_frame_ring_submit (f->frames.ring, &in, &out, error);
}

gboolean
clfft_filter2d_collect (ClfftFilter2d * f, GError ** error)
{
  if (!f->frames.ring) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "no frame is in flight");
    return FALSE;
  }
  return clfft_frame_ring_collect (f->frames.ring, error);
}

guint
clfft_filter2d_in_flight (ClfftFilter2d * f)
{
  return f->frames.ring ? clfft_frame_ring_in_flight (f->frames.ring) : 0;
}

void
clfft_filter2d_set_zero_copy (ClfftFilter2d * f, gboolean zero_copy)
{
  GError *error = NULL;

  if (ensure_ring (f, &error))
    clfft_frame_ring_set_shared_memory (f->frames.ring, zero_copy);
  else {
    clfft_log (CLFFT_LOG_WARNING, "%s", error->message);
    g_error_free (error);
  }
}

gboolean
clfft_filter2d_process (ClfftFilter2d * f, const guint8 * src,
    gsize src_stride, guint8 * dst, gsize dst_stride, GError ** error)
{
  const ClfftHostFrame in = { (guint8 *) src, src_stride, FALSE };
  const ClfftHostFrame out = { dst, dst_stride, FALSE };

  if (clfft_filter2d_in_flight (f)) {
    g_set_error (error, CLFFT_ERROR, CLFFT_ERROR_UNSUPPORTED,
        "process with %u frames in flight", clfft_filter2d_in_flight (f));
    return FALSE;
  }
  return clfft_filter2d_submit (f, &in, &out, error)
      && clfft_filter2d_collect (f, error);
}
