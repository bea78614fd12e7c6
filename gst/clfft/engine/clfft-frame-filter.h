/* Frames of several planes and samples (YUV, RGB, packed or planar, 8 to
 * 16 bits) through clfft-filter2d.h: each channel (Y, U, V, R, G, B) is
 * taken out of its plane on the device, filtered by the plan of its size,
 * and put back; channels of one size share a plan, and run through it as
 * one batch where it can. */
#ifndef __CLFFT_FRAME_FILTER_H__
#define __CLFFT_FRAME_FILTER_H__

#include "clfft-filter2d.h"

G_BEGIN_DECLS

#define CLFFT_FRAME_MAX_CHANNELS 4

/* What becomes of a channel's samples in a frame. */
typedef enum
{
  CLFFT_CHANNEL_FILTER,         /* filtered */
  CLFFT_CHANNEL_PASS,           /* unchanged */
  CLFFT_CHANNEL_NEUTRAL,        /* set to the channel's mid value */
  /* set to the frame's luma filtered: the sum of the GRAY channels'
   * samples, each times its luma_weight, filtered as one channel (RGB's
   * spectrum view, gray) */
  CLFFT_CHANNEL_GRAY,
} ClfftChannelRole;

/* How a channel's samples lie in its plane. */
typedef enum
{
  /* each in a container of its own (see ClfftFrameChannel) */
  CLFFT_SAMPLES_IN_CONTAINERS,
  /* three 10-bit samples to each little-endian 32-bit word, the first in
   * the low bits, the top 2 bits unused (GRAY10_LE32): the plane's only
   * channel, offset and step 0, filtered in 16-bit containers */
  CLFFT_SAMPLES_THREE_TO_A_WORD,
} ClfftSamplePacking;

/* One channel: samples of `depth` bits, in 8-bit (depth 8) or 16-bit
 * (depth 9 to 16, little-endian) containers, shifted left by `shift` bits
 * in them (P010's 10 bits in the top of 16). Sample (x, y) is the
 * container at byte offset + y x the plane's stride + x x step, unless
 * packing says otherwise. sx, sy: the channel's subsampling against the
 * frame's full resolution; its frequencies are counted in cycles per
 * full-resolution pixel. */
typedef struct
{
  guint plane;
  guint offset, step;           /* bytes */
  guint width, height;          /* samples */
  guint depth, shift;
  guint sx, sy;
  gfloat luma_weight;           /* for CLFFT_CHANNEL_GRAY: BT.601's for RGB */
  ClfftSamplePacking packing;
} ClfftFrameChannel;

typedef struct
{
  guint n_planes;
  /* the bytes of a plane's row that hold samples, and its rows */
  gsize row_bytes[CLFFT_FRAME_MAX_PLANES];
  guint rows[CLFFT_FRAME_MAX_PLANES];
  guint n_channels;
  ClfftFrameChannel channels[CLFFT_FRAME_MAX_CHANNELS];
} ClfftFrameLayout;

typedef struct _ClfftFrameFilter ClfftFrameFilter;

/* A filter for frames of layout, every channel passed until
 * clfft_frame_filter_set_roles says otherwise. */
ClfftFrameFilter *clfft_frame_filter_new (ClfftEngine * engine,
    const ClfftFrameLayout * layout, ClfftPadding padding, GError ** error);

/* Each channel's role, from the next frame on (GRAY channels: up to three,
 * of one size); makes the plans that filtered channels need (each builds
 * its own programs as clfft_filter2d_new says). Between frames: none may
 * be in flight. *new_plans: whether a plan was made, whose gain is then
 * all ones. Where the output is the filtered picture (as the output and
 * mode set before say: not normalize, not the spectrum view; and no
 * padding), two filtered chroma channels whose samples alternate in one
 * plane (NV12's, YUY2's U and V) are filtered as one channel of both:
 * its plan says so (interleaved 2). After the output or mode changes to
 * or from one that allows this, set the roles again. */
gboolean clfft_frame_filter_set_roles (ClfftFrameFilter * filter,
    const ClfftChannelRole * roles, gboolean * new_plans, GError ** error);

/* Whether, with roles, the output and mode decide which channels are
 * filtered as one (a pair of chroma channels whose samples alternate in
 * one plane, no padding): the caller then sets the roles again when they
 * change between a picture and not. */
gboolean clfft_frame_filter_output_groups (ClfftFrameFilter * filter,
    const ClfftChannelRole * roles);
/* The plans: one per size, subsampling and interleaving of the channels
 * filtered so far, the first one the first channel's (the luma's, or
 * R's). The caller sets their gains (clfft_frame_filter_set_gain);
 * tuning, outputs and mode go through the functions below, which apply to
 * plans made later too. */
guint clfft_frame_filter_get_n_plans (ClfftFrameFilter * filter);

/* What a plan's gain is made for. */
typedef struct
{
  guint width, height;          /* the transform's: the channel's, or
                                 * padded (clfft_filter2d_get_transform_size) */
  guint sx, sy;                 /* the channels' subsampling: frequencies
                                 * are divided by it */
  /* planes side by side in the plan's channel: where above 1, its gain
   * is the mask of one plane, width / interleaved wide, repeated across
   * (GstClfftMaskParams.interleaved) */
  guint interleaved;
} ClfftFramePlanShape;

void clfft_frame_filter_get_plan_shape (ClfftFrameFilter * filter,
    guint index, ClfftFramePlanShape * shape);
/* As clfft_filter2d_set_gain for plan index: gain has shape's width x
 * height values. Frames in flight keep the gain they were submitted
 * with. */
gboolean clfft_frame_filter_set_gain (ClfftFrameFilter * filter,
    guint index, const gfloat * gain, GError ** error);

/* The first plan's preparation, as clfft-filter2d.h says of a filter's:
 * the tuning decided (never CLFFT_TUNING_AUTO), whether its next frame
 * runs the generic filter, and, TRUE once each, the steps that the frame
 * submitted last took in (its own programs; the schedules tuned in the
 * background), with *seconds each took. */
ClfftTuning clfft_frame_filter_get_tuning (ClfftFrameFilter * filter);
gboolean clfft_frame_filter_runs_generic (ClfftFrameFilter * filter);
gboolean clfft_frame_filter_take_own_programs (ClfftFrameFilter * filter,
    gdouble * seconds);
gboolean clfft_frame_filter_take_tuned (ClfftFrameFilter * filter,
    gdouble * seconds);
/* As clfft_filter2d_finish_own_programs for every plan: frames from now
 * on run the sizes' own programs (to prepare them ahead, or to test
 * them). */
gboolean clfft_frame_filter_finish_own_programs (ClfftFrameFilter * filter,
    GError ** error);
/* As clfft_filter2d_cancel_own_programs for every plan: for a filter
 * about to be freed as the stream goes on without it. */
void clfft_frame_filter_cancel_own_programs (ClfftFrameFilter * filter);

/* As clfft_filter2d_set_tuning for every plan, made or to be made. */
void clfft_frame_filter_set_tuning (ClfftFrameFilter * filter,
    ClfftTuning tuning);
/* As clfft_filter2d_set_output for every plan; offset in 8-bit levels,
 * scaled to each channel's range (x 257 for 16 bits, x 1023 / 255 for
 * 10 bits). */
void clfft_frame_filter_set_output (ClfftFrameFilter * filter,
    ClfftOutput output, gfloat gain, gfloat offset);
/* As clfft_filter2d_set_saturation for every plan: each channel's
 * normalize ignores that share of its own darkest and brightest values. */
void clfft_frame_filter_set_saturation (ClfftFrameFilter * filter,
    gfloat percent);
/* As clfft_filter2d_set_mode for every plan. */
void clfft_frame_filter_set_mode (ClfftFrameFilter * filter, ClfftMode mode);

/* A frame's planes in host memory. */
/* As clfft_filter2d_submit and _collect, for whole frames. Planes that
 * hold no filtered channel are neither read nor written: the caller
 * copies or fills them. */
gboolean clfft_frame_filter_submit (ClfftFrameFilter * filter,
    const ClfftHostPlanes * src, const ClfftHostPlanes * dst,
    GError ** error);
gboolean clfft_frame_filter_collect (ClfftFrameFilter * filter,
    GError ** error);
guint clfft_frame_filter_in_flight (ClfftFrameFilter * filter);

/* Whether plane p's samples go through the device with the roles set. */
gboolean clfft_frame_filter_plane_on_device (ClfftFrameFilter * filter,
    guint p);

void clfft_frame_filter_free (ClfftFrameFilter * filter);

G_END_DECLS

#endif /* __CLFFT_FRAME_FILTER_H__ */
