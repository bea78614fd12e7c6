/* The ends of a frame's trip through the device (clfft-frame-ring.h): a
 * source brings a plane up into its place on the device, a sink takes it
 * down from there. Each kind of memory a frame may lie in is a pair of
 * ends; the ring picks one per plane and frame (clfft-frame-ring.c's
 * source_for and sink_for). */
#ifndef __CLFFT_FRAME_ENDS_H__
#define __CLFFT_FRAME_ENDS_H__

#include "clfft-engine.h"
#include "clfft-host-buffer.h"

G_BEGIN_DECLS

/* A plane in host memory, rows stride bytes apart. pinned: data lies in a
 * ClfftHostBuffer of the ring's engine, so the device reaches it without
 * staging. */
typedef struct
{
  guint8 *data;
  gsize stride;
  gboolean pinned;
} ClfftHostFrame;

/* Where a plane enters or leaves the work on the device: rows pitch bytes
 * apart from byte offset of buffer on; buffer NULL: a buffer of the
 * ring's own, of packed rows, the same for the input and the output (the
 * work writes the plane in place). For an input, read_align non-zero says
 * that the work only reads it, from addresses that are multiples of
 * read_align bytes: the ring may put the frame's own memory there
 * instead, read in place. */
typedef struct
{
  cl_mem buffer;
  gsize offset, pitch;
  gsize read_align;
} ClfftPlanePlace;

/* One plane of one frame on its way, as an end sees it. */
typedef struct
{
  ClfftEngine *engine;
  cl_command_queue queue;       /* the ring's upload or download queue */
  const ClfftHostFrame *host;   /* the caller's plane */
  gsize row_bytes;
  guint rows;
  /* the slot's pinned memory for the plane, made at first use */
  ClfftHostBuffer **staging;
  /* on the device: where the work reads or wrote the plane; a source may
   * point it elsewhere (borrowed) */
  ClfftPlanePlace *place;
  /* a source's buffer of the frame's own memory, released with the frame */
  cl_mem *borrowed;
  /* a sink: what its transfer waits for */
  cl_uint n_wait;
  const cl_event *wait;
  /* the transfer's end, where there is a transfer (else left as it is) */
  cl_event *done;
} ClfftPlaneTrip;

typedef struct
{
  const gchar *name;
  /* On the host, before anything of the frame is queued (outside the
   * engine's queue lock); NULL: nothing to do there. */
  gboolean (*stage) (ClfftPlaneTrip * trip, GError ** error);
  /* Queues the transfer (or points the place at what needs none). */
  gboolean (*move) (ClfftPlaneTrip * trip, GError ** error);
  /* A sink's part on the host once the transfer is done; NULL: none. */
  void (*finish) (ClfftPlaneTrip * trip);
} ClfftFrameEndOps;

/* Host memory: copied through the slot's pinned staging (pageable memory
 * where the device's is its own); moved straight by DMA (pinned memory,
 * or any where the device's memory is the host's); read in place through
 * a host-pointer buffer (packed rows where the device's memory is the
 * host's). Sinks write straight into host memory, never in place:
 * host-pointer buffers for the output returned stale pixels on PoCL
 * 3.1. */
extern const ClfftFrameEndOps clfft_source_copied;
extern const ClfftFrameEndOps clfft_source_direct;
extern const ClfftFrameEndOps clfft_source_in_place;
extern const ClfftFrameEndOps clfft_sink_copied;
extern const ClfftFrameEndOps clfft_sink_direct;

G_END_DECLS

#endif /* __CLFFT_FRAME_ENDS_H__ */
