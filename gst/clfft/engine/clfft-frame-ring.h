/* Frames in flight: the one ring of slots that the engine's filters move
 * frames through (clfft-frame-filter.c for whole frames, clfft-filter2d.c
 * for callers of one plane). A frame's planes come in through a source
 * and go out through a sink (clfft-frame-ends.h): host memory copied
 * through pinned staging, moved straight by DMA, or read in place where
 * the device's memory is the host's. Each frame is uploaded on the ring's
 * upload queue, worked on by its work (ClfftFrameWorkOps) on the ring's
 * compute queue behind a barrier on the upload, and downloaded on the
 * download queue behind a marker after the work: three queues, so that
 * one frame's transfers never wait in line behind another frame's work,
 * and a queue of the stream's own for the work, so that it does not wait
 * behind other streams' uploads on the engine's in-order queue. */
#ifndef __CLFFT_FRAME_RING_H__
#define __CLFFT_FRAME_RING_H__

#include "clfft-frame-ends.h"

G_BEGIN_DECLS

/* Frames in flight at most. */
#define CLFFT_FRAME_RING_SIZE 4
#define CLFFT_FRAME_MAX_PLANES 4

typedef struct
{
  ClfftHostFrame planes[CLFFT_FRAME_MAX_PLANES];
} ClfftHostPlanes;

/* The planes of the frames: the bytes of a row that hold samples, the
 * rows, and whether the plane goes through the device at all (planes that
 * do not are neither read nor written). */
typedef struct
{
  guint n_planes;
  gsize row_bytes[CLFFT_FRAME_MAX_PLANES];
  guint rows[CLFFT_FRAME_MAX_PLANES];
  gboolean moved[CLFFT_FRAME_MAX_PLANES];
} ClfftRingPlanes;

/* A frame as its work runs it: the ring's slot, where each moved plane's
 * input lies now, and the uploads' end (NULL: nothing was uploaded). */
typedef struct
{
  guint slot;
  cl_mem planes[CLFFT_FRAME_MAX_PLANES];
  cl_event uploaded;
} ClfftRingFrame;

/* What runs a frame on the device, between its upload and its download,
 * called in this order for each frame. */
typedef struct
{
  /* What the next frame will need, decided before anything of it is
   * queued, outside the engine's queue lock (it may wait for a build
   * that needs the lock); NULL: nothing. place and enqueue then run with
   * the engine's queue the ring's compute queue, under that lock. */
  gboolean (*prepare) (gpointer work, GError ** error);
  /* Where plane p of the frame in slot enters (input) or leaves the work;
   * the place starts as the ring's own buffer. */
  gboolean (*place) (gpointer work, guint slot, guint p, gboolean input,
      ClfftPlanePlace * place, GError ** error);
  /* The frame's work on the engine's queue. *also: an event that the
   * download waits for besides the queue's end (work on another queue),
   * the work's, valid until the slot's next frame; NULL: none. */
  gboolean (*enqueue) (gpointer work, const ClfftRingFrame * frame,
      cl_event * also, GError ** error);
} ClfftFrameWorkOps;

typedef struct _ClfftFrameRing ClfftFrameRing;

ClfftFrameRing *clfft_frame_ring_new (ClfftEngine * engine,
    const ClfftFrameWorkOps * ops, gpointer work, GError ** error);
/* The planes of the next frames; none may be in flight. */
void clfft_frame_ring_set_planes (ClfftFrameRing * ring,
    const ClfftRingPlanes * planes);

/* Queues a frame and returns: src's moved planes up, the work, and down
 * into dst's. src and dst must stay untouched until the frame is
 * collected. More than CLFFT_FRAME_RING_SIZE in flight is an error. */
gboolean clfft_frame_ring_submit (ClfftFrameRing * ring,
    const ClfftHostPlanes * src, const ClfftHostPlanes * dst,
    GError ** error);
/* Returns when the oldest frame in flight is in its dst; collecting none
 * is an error. */
gboolean clfft_frame_ring_collect (ClfftFrameRing * ring, GError ** error);
guint clfft_frame_ring_in_flight (ClfftFrameRing * ring);
/* Waits for the work queued so far: for the host before it rewrites what
 * frames in flight read (a gain). */
gboolean clfft_frame_ring_finish (ClfftFrameRing * ring, GError ** error);
/* The ring's own buffer of plane p in slot, made where it was not: for
 * work queued again on the frame last filtered (benchmarks). */
cl_mem clfft_frame_ring_get_plane (ClfftFrameRing * ring, guint slot,
    guint p, GError ** error);
void clfft_frame_ring_free (ClfftFrameRing * ring);

G_END_DECLS

#endif /* __CLFFT_FRAME_RING_H__ */
