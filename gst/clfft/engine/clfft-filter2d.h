/* Frequency-domain filtering of 8-bit or 16-bit frames: forward 2D FFT, a
 * real gain per frequency, inverse 2D FFT, rounded and saturated back to
 * pixels. */
#ifndef __CLFFT_FILTER2D_H__
#define __CLFFT_FILTER2D_H__

#include "clfft-engine.h"
#include "clfft-filter-path.h"
#include "clfft-frame-ring.h"
#include "clfft-host-buffer.h"

G_BEGIN_DECLS

typedef struct _ClfftFilter2d ClfftFilter2d;

typedef enum
{
  CLFFT_PIXELS_U8,
  CLFFT_PIXELS_U16,             /* in the device's byte order */
} ClfftPixels;

typedef enum
{
  CLFFT_PADDING_NONE,           /* the frame itself: circular */
  CLFFT_PADDING_MIRROR,         /* mirror-extended, then cropped */
  /* as ImageJ's FFT Bandpass pads: mirror-tiled into the square of the
   * smallest power of two of at least 1.5 times the longer side, the
   * frame centred (its left and top margins rounded up), then cropped */
  CLFFT_PADDING_IMAGEJ,
} ClfftPadding;

/* The sides of the frames the filters take (clfft2dfilter's caps); a
 * plane of such a frame may be narrower, down to one sample (the 4:2:0
 * chroma of a frame 2 wide). No size outside reaches a loop or an
 * allocation of the engine's filters. */
#define CLFFT_FRAME_SIDE_MIN 2
#define CLFFT_FRAME_SIDE_MAX 8192
#define CLFFT_PLANE_SIDE_MIN 1

/* Whether the filters take a plane of width x height (both from
 * CLFFT_PLANE_SIDE_MIN to CLFFT_FRAME_SIDE_MAX); if not, error says so
 * with the range. */
gboolean clfft_filter2d_size_supported (guint width, guint height,
    GError ** error);

/* The padded length of a side of n pixels: the smallest fast length (see
 * clfft_transform_fast_length) of at least 1.5 n, as ImageJ pads, so each
 * margin is at least n / 4. */
guint clfft_filter2d_padded_length (guint n);
/* CLFFT_PADDING_IMAGEJ's side for a width x height frame; 0 for a size
 * the filters do not take. */
guint clfft_filter2d_imagej_length (guint width, guint height);

/* width and height: see clfft_length_supported. With CLFFT_PADDING_MIRROR
 * (or _IMAGEJ) the transforms run on the frame mirrored about its edges to
 * the padded size (kernels/mirror_pad.cl), and the frame is cropped back
 * out. The
 * gain starts as all ones. */
ClfftFilter2d *clfft_filter2d_new (ClfftEngine * engine, guint width,
    guint height, ClfftPixels pixels, ClfftPadding padding, GError ** error);

/* The size the transforms run at: the frame's, or the padded one. */
void clfft_filter2d_get_transform_size (ClfftFilter2d * filter,
    guint * width, guint * height);

/* Complex values from one row of the half spectrum (width / 2 + 1 bins) to
 * the next in the filter's passes. */
guint clfft_filter2d_get_spectrum_pitch (ClfftFilter2d * filter);


/* gain: the transform size's height rows of width values, in the unshifted
 * order of the DFT (element [ky][kx] for frequency indices ky, kx; index
 * W - k is -k). The output is the real part of the filtered frame, so only
 * (G(k) + G(-k)) / 2 acts: that is what the filter stores. */
gboolean clfft_filter2d_set_gain (ClfftFilter2d * filter, const gfloat * gain,
    GError ** error);

typedef enum
{
  CLFFT_OUTPUT_CLAMP,           /* value x gain + offset */
  CLFFT_OUTPUT_ABS,             /* |value| x gain + offset */
  CLFFT_OUTPUT_NORMALIZE,       /* the frame's min..max to the full range */
} ClfftOutput;

/* How filtered values become pixels, rounded half up and clamped to the
 * pixel's range; gain (>= 0) and offset serve clamp and abs. By default
 * clamp, gain 1, offset 0. normalize builds its kernels at the first frame
 * that uses it. */
void clfft_filter2d_set_output (ClfftFilter2d * filter, ClfftOutput output,
    gfloat gain, gfloat offset);

/* For normalize: the stretch ignores this share (percent, 0 to 99) of the
 * darkest and brightest values, split between both ends (ImageJ's
 * saturated pixels): the k-th smallest value, k = floor (count x percent
 * / 200), maps to 0 and the k-th largest to the full range, found on the
 * device to (max - min) / 2048^2. 0 (the default) stretches min..max. */
void clfft_filter2d_set_saturation (ClfftFilter2d * filter, gfloat percent);

typedef enum
{
  CLFFT_MODE_FILTER,            /* the filtered frame */
  CLFFT_MODE_SPECTRUM,          /* log (1 + |F x H|), DC at the centre,
                                 * scaled so the maximum is full scale */
} ClfftMode;

/* What process makes of a frame; spectrum builds its kernels at the first
 * frame that uses it, and needs a filter without padding (it shows the
 * frame's own spectrum, one pixel per frequency). */
void clfft_filter2d_set_mode (ClfftFilter2d * filter, ClfftMode mode);

/* Filters one frame; returns when dst holds the result. Strides in bytes.
 * The same as submit then collect of pageable frames, with no other frame
 * in flight. */
gboolean clfft_filter2d_process (ClfftFilter2d * filter, const guint8 * src,
    gsize src_stride, guint8 * dst, gsize dst_stride, GError ** error);

/* Frames in flight at most. */
#define CLFFT_FILTER2D_MAX_IN_FLIGHT CLFFT_FRAME_RING_SIZE

/* Frames in flight, through a ring of the filter's own
 * (clfft-frame-ring.h), made at the first submit: submit queues the upload
 * of src, the filtering behind it and the download into dst behind that,
 * on three queues, and returns; so frame N+1's upload and frame N-1's
 * download run while frame N is filtered. collect returns when the oldest
 * frame in flight is in its dst. src and dst must stay untouched until
 * their frame is collected. Submitting more than
 * CLFFT_FILTER2D_MAX_IN_FLIGHT frames, or collecting none, is an error.
 * Settings (gain, output, mode) apply to frames submitted after them.
 *
 * Host memory: pinned frames move by DMA straight from and to their
 * memory; others go through pinned staging of the ring's (one copy on
 * the host each way). Where the device's memory is the host's (a CPU
 * device, PoCL), frames whose rows are packed (stride = width x pixel
 * size) are read in place through host-pointer buffers, and results are
 * read straight into dst: one copy, no staging (see
 * clfft_filter2d_set_zero_copy). */
gboolean clfft_filter2d_submit (ClfftFilter2d * filter,
    const ClfftHostFrame * src, const ClfftHostFrame * dst, GError ** error);
gboolean clfft_filter2d_collect (ClfftFilter2d * filter, GError ** error);
guint clfft_filter2d_in_flight (ClfftFilter2d * filter);

/* How the passes' schedules are chosen (see ClfftTuning): by default
 * CLFFT_TUNING_AUTO, in the background on GPUs and by rule on CPUs.
 * Background tuning starts at the first frame that runs the three passes
 * (the one launch and the lanes are not tuned) and takes the faster
 * schedules in at the first frame after it has finished; frames are
 * filtered the same either way, within float rounding. Blocking, set
 * before any frame ran the generic filter, waits for the size's own
 * programs (see below), which the first frame then tunes. Between
 * frames. */
void clfft_filter2d_set_tuning (ClfftFilter2d * filter, ClfftTuning tuning);
/* The effort decided: never CLFFT_TUNING_AUTO. */
ClfftTuning clfft_filter2d_get_tuning (ClfftFilter2d * filter);
/* TRUE once, after the frame submitted last was the first to take the
 * schedules tuned in the background in: *seconds the tuning took. */
gboolean clfft_filter2d_take_tuned (ClfftFilter2d * filter,
    gdouble * seconds);

/* A new frame size's own programs (built for its size, the fastest) are
 * made on a thread. clfft_filter2d_new waits for them while they load
 * from the kernel cache; where one is not there (a size never built on
 * this machine), frames run the generic filter (clfft-filter-generic.h:
 * one program for every size, built once per device) until they are
 * built, and the first frame after that takes them in.
 * Frames the generic filter does not do (output=normalize, the spectrum
 * view, sizes it does not take) wait for them. */
/* Whether the next frame runs the generic filter. */
gboolean clfft_filter2d_runs_generic (ClfftFilter2d * filter);
/* The path the next frame takes, as its mode and output are now. */
ClfftFilterPath clfft_filter2d_get_path (ClfftFilter2d * filter);
/* Waits for the size's own programs and takes them in; the error of their
 * build where it failed. Between frames. */
gboolean clfft_filter2d_finish_own_programs (ClfftFilter2d * filter,
    GError ** error);
/* Builds no more of the size's own programs than the one in progress:
 * for a filter about to be freed as the stream goes on without it (a new
 * size), whose free would otherwise wait for them all. The free of a
 * filter whose own programs are still building waits for them, so that
 * they are in the kernel cache next time. */
void clfft_filter2d_cancel_own_programs (ClfftFilter2d * filter);
/* TRUE once, after the frame submitted last was the first to run the
 * size's own programs after frames ran the generic filter: *seconds from
 * clfft_filter2d_new to their being ready. */
gboolean clfft_filter2d_take_own_programs (ClfftFilter2d * filter,
    gdouble * seconds);



/* For the frame filter (clfft-frame-filter.c), and its batches and
 * stacks (clfft-filter2d-batch.h, clfft-filter2d-stack.h). */
/* clfft_filter2d_enqueue on a frame of pixels already on the device (in,
 * packed rows of the frame's width) into out (rows of the transform's
 * width). The caller holds the engine's queue;
 * the buffers must stay untouched until the engine's queue has run the
 * work. */
gboolean clfft_filter2d_enqueue_buffers (ClfftFilter2d * filter, cl_mem in,
    cl_mem out, GError ** error);
/* Before a frame's commands, outside the engine's queue lock: takes the
 * size's own programs in once built, and waits for them where the frame
 * needs them (see clfft_filter2d_runs_generic). */
gboolean clfft_filter2d_prepare_frame (ClfftFilter2d * filter,
    GError ** error);
/* The bytes that the addresses of its input (clfft_filter2d_enqueue_buffers)
 * are multiples of where it reads them: pixel pairs where its rows run
 * at half length (CLFFT_ROW_UNIT_STRIDE). */
gsize clfft_filter2d_get_read_align (ClfftFilter2d * filter);

/* The most frames in a batch */
#define CLFFT_FILTER2D_MAX_BATCH 4
/* As clfft_filter2d_new without padding, for batches of batch frames:
 * its path takes their data into account (whether they outgrow the
 * cache). With in_turn, the rows transforms of
 * clfft_filter2d_enqueue_in_turn are made too (and built with the size's
 * own programs) where its rows run in one pass of pixel pairs; with
 * halves_height, likewise the rows and columns of
 * clfft_filter2d_enqueue_stack with halves below of that height. */
ClfftFilter2d *clfft_filter2d_new_for_batch (ClfftEngine * engine,
    guint width, guint height, ClfftPixels pixels, guint batch,
    gboolean in_turn, guint halves_height, GError ** error);

void clfft_filter2d_free (ClfftFilter2d * filter);

G_END_DECLS

#endif /* __CLFFT_FILTER2D_H__ */
