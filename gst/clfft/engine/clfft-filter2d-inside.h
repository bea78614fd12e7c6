/* Inside the 2D filter (clfft-filter2d.c): its structure and the calls
 * that the files of its frames make into it: frames run with others'
 * (clfft-filter2d-batch.c, clfft-filter2d-stack.c) and frames submitted
 * to it alone (clfft-filter2d-frames.c). For those files only:
 * everything else goes through clfft-filter2d.h. */
#ifndef __CLFFT_FILTER2D_INSIDE_H__
#define __CLFFT_FILTER2D_INSIDE_H__

#include "clfft-filter2d.h"
#include "clfft-filter-part.h"
#include "clfft-filter-tuning.h"
#include "clfft-own-programs.h"
#include "clfft-frame-ring.h"
#include "clfft-stretch.h"
#include "clfft-transform.h"

G_BEGIN_DECLS

/* Frames submitted to the filter itself (clfft-filter2d-frames.c): their
 * ring, made at the first, and each slot's pixels in and out (the first
 * slot's made with the filter: clfft_filter2d_enqueue's until a frame
 * runs). */
typedef struct
{
  ClfftFrameRing *ring;
  cl_mem inputs[CLFFT_FRAME_RING_SIZE], outputs[CLFFT_FRAME_RING_SIZE];
} ClfftFilterFrames;

/* Frames of one size in one set of launches (clfft-filter2d-batch.c):
 * batches of planes, their rows interleaved, and two channels in turn in
 * one plane. */
typedef struct
{
  guint planned;                /* the frames its batches will hold */
  /* the rows transforms with their pixels two channels in turn in one
   * plane, where asked for (n_passes 0 where not made) */
  gboolean in_turn_asked;
  ClfftTransform rows_forward_in_turn, rows_inverse_in_turn;
  /* the spectra of n frames, their rows interleaved, and each frame's
   * gain, pitch rows apart: the gain of sources[c] (the filter's own
   * where NULL), as of its gain_version versions[c] (0: not copied yet) */
  guint n;
  cl_mem spectrum, gain;
  ClfftFilter2d *sources[CLFFT_FILTER2D_MAX_BATCH];
  guint versions[CLFFT_FILTER2D_MAX_BATCH];
} ClfftPlaneBatch;

/* A frame below the filter's own in its launches
 * (clfft-filter2d-stack.c). */
typedef struct
{
  /* the rows of a frame of halves_height rows of two channels side by
   * side (each half a row) below the filter's own, and that frame's
   * columns, where asked for (n_passes 0 where not made) */
  guint halves_height;
  ClfftTransform rows_forward_halves, rows_inverse_halves, columns_halves;
  /* the spectra of the filter's frame and, below it, of a frame of its
   * width and height rows (the chroma's), rows pitch complex values
   * apart; below, the second's part */
  cl_mem spectrum, below;
  guint height, pitch;
  /* where the frame below is two channels side by side: whether it runs
   * so, and its gain (bins columns of height), the below filter's
   * repeated across, as of that filter's gain_version gain_version (0:
   * not made yet) */
  gboolean halves;
  cl_mem gain;
  guint gain_version;
} ClfftPlaneStack;

/* output=normalize: rows inverse into real values (rows of the
 * transform's width), then stretched. */
typedef struct
{
  ClfftTransform rows;
  cl_mem values;
  ClfftStretch stretch;
} ClfftFilterNormalize;

/* A padded frame (padding=mirror, imagej): the frame mirrored into
 * padded, a frame of the transforms' size, with the margins right of and
 * below the frame (kernels/mirror_pad.cl). */
typedef struct
{
  cl_kernel kernel;
  cl_uint far_margin[2];
  cl_mem padded;
} ClfftFilterPadding;

struct _ClfftFilter2d
{
  ClfftEngine *engine;
  ClfftFilterFrames frames;
  /* the queue its frames ran on last (retained): what the host waits
   * for before it rewrites what they read (the gain, the buffers of the
   * known answer's check) */
  cl_command_queue frames_queue;
  guint frame_width, frame_height;
  guint width, height;          /* of the transforms: the frame's, or padded */
  guint bins;                   /* width / 2 + 1: half-spectrum columns */
  /* the plan's path, with the spectrum's pitch (complex values from one
   * row to the next), whether rows run as half-length pair transforms, and
   * the cache measures */
  ClfftFilterChoice choice;
  /* what the path's part reads of the above (shape.choice is &choice) */
  ClfftFilterShape shape;
  /* the path's part: what the frames run once the size's own programs
   * are built */
  ClfftFilterPart *part;
  gfloat norm;                  /* 1 / (W H), as the rows inverse scales */
  gsize pixel_size;             /* bytes */
  ClfftFilterPadding padding;   /* padded frames only */
  /* the shape's rows; a part may run rows of its own instead */
  ClfftTransform rows_forward, rows_inverse;
  /* its frames with others' in the same launches: frames of one size
   * batched or in turn, and a frame below its own */
  ClfftPlaneBatch batch;
  ClfftPlaneStack stack;
  /* The size's own programs (its part's): when they are built, and what
   * runs frames meanwhile (the generic filter's part) */
  ClfftOwnPrograms *own;
  ClfftTuning tuning;           /* as decided: never AUTO */
  /* CLFFT_TUNING_BACKGROUND only: the tuning of the part's passes, and
   * of the stack's or the channels' in turn extra transforms */
  ClfftFilterTuning *background;
  ClfftScratch transform_scratch;       /* the transforms' own */
  ClfftOutput output;
  gfloat output_gain;
  gfloat saturation;            /* percent, for normalize */
  ClfftMode mode;
  /* built for the first normalized frame */
  ClfftFilterNormalize normalize;
  ClfftFilterPart *view;        /* made for the first spectrum frame */
  cl_mem bytes_in, bytes_out;   /* of the frame being filtered (not owned) */
  cl_mem spectrum;              /* height rows of bins complex values,
                                 * pitch apart (bins apart for the view) */
  /* in the layouts the part reads, and the generic filter's (by columns)
   * where it runs the first frames */
  ClfftFilterGains gains;
  /* counts the gains set, from 1 */
  guint gain_version;
};

/* The bytes of a row of the frame, and of the frame */
static inline gsize
clfft_filter2d_frame_row_bytes (ClfftFilter2d * f)
{
  return f->frame_width * f->pixel_size;
}

static inline gsize
clfft_filter2d_frame_bytes (ClfftFilter2d * f)
{
  return clfft_filter2d_frame_row_bytes (f) * f->frame_height;
}

/* Between frames: takes the size's own programs in once built, and waits
 * for them where the frame needs them. Never under the engine's queue
 * lock: the one launch's probe, on the build thread, takes it. */
gboolean clfft_filter2d_step_own_programs (ClfftFilter2d * f,
    GError ** error);
/* The part of the three passes that takes frames now (not the generic
 * filter, not the view), or NULL. */
ClfftFilterPart *clfft_filter2d_three_passes (ClfftFilter2d * f);
/* At a frame of the size's own programs: notes it and its queue, and
 * steps the background tuning. */
void clfft_filter2d_frame_begins (ClfftFilter2d * f);
/* Where a frame runs extra transforms (the stack's, the channels' in
 * turn) whose background tuning is pending: steps it with the frame's
 * launches of them. */
void clfft_filter2d_tune_extras (ClfftFilter2d * f,
    ClfftTransform * const extras[], const ClfftRowLaunch launches[],
    guint n);
gboolean clfft_filter2d_extras_tuning_pending (ClfftFilter2d * f);
/* value in the first bytes of buffer, done when this returns. */
gboolean clfft_filter2d_fill_floats (ClfftFilter2d * f, cl_mem buffer,
    gfloat value, gsize bytes, GError ** error);

G_END_DECLS

#endif /* __CLFFT_FILTER2D_INSIDE_H__ */
