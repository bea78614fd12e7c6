/* A filter path as a part (docs/design.md, "A new filter path"): what a
 * frame size's frames run between the pixels in and the pixels out, behind
 * one small interface, ClfftFilterPathOps. The 2D filter (clfft-filter2d.c)
 * keeps what every path shares, ClfftFilterShape: the frame's shape, its
 * rows transforms, the transforms' scratch; and it holds the gains in
 * each layout a part asks for. clfft_filter_path_choose picks the path
 * (clfft-filter-path.c), clfft_filter_part_new makes its part
 * (clfft-filter-part.c), and nothing else names a path. */
#ifndef __CLFFT_FILTER_PART_H__
#define __CLFFT_FILTER_PART_H__

#include "clfft-filter-path.h"
#include "clfft-transform.h"

G_BEGIN_DECLS

/* What every path of a filter shares; the filter owns it, and its parts
 * keep a pointer to it. */
typedef struct
{
  ClfftEngine *engine;
  guint width, height;          /* of the transforms */
  guint bins;                   /* width / 2 + 1: half-spectrum columns */
  gsize pixel_size;             /* bytes */
  /* the path chosen, the spectrum's pitch, pairs, the cache measure */
  const ClfftFilterChoice *choice;
  /* what the transforms do at their first launch (clfft-tuning.h) */
  ClfftTuning tuning;
  /* the rows of pixels to the half spectrum and back, as the frames'
   * output asks (clfft_transform_set_byte_output); planned by the filter
   * for every path, built by the parts whose frames run them */
  ClfftTransform *rows_forward, *rows_inverse;
  /* one scratch for all the transforms, sized once they are planned */
  ClfftScratch *scratch;
} ClfftFilterShape;

/* The layouts of the gain that a part's frames read, as flags: the
 * filter makes and fills each one asked for. */
typedef enum
{
  /* bins rows of height values: [kx][ky] */
  CLFFT_GAIN_BY_COLUMNS = 1 << 0,
  /* height rows of pitch values: [ky][kx] */
  CLFFT_GAIN_BY_ROWS = 1 << 1,
  /* pitch + bins columns of height / 2 (clfft-filter-part-split.c) */
  CLFFT_GAIN_SPLIT = 1 << 2,
} ClfftGainLayouts;

/* The gain in the layouts the filter holds (NULL where not made). */
typedef struct
{
  cl_mem by_columns, by_rows, split;
  /* the gain as given: height rows of width (the spectrum view's) */
  cl_mem as_given;
  /* the gain is the same at ky and -ky (ClfftFilterPart
   * .reads_mirrored_gain) */
  gboolean mirrored;
} ClfftFilterGains;

/* One frame through a part: its pixels on the device, where its spectrum
 * goes, its gain, and how it ends. */
typedef struct
{
  /* rows of the transform's width: the frame, or its padded copy; and
   * where the pixels go (the frame in their top-left corner) */
  cl_mem pixels_in, pixels_out;
  /* height rows of the choice's pitch */
  cl_mem spectrum;
  ClfftFilterGains gains;
  /* the pixels out: scale, offset and magnitude (ClfftOutput) */
  gfloat scale, offset;
  gboolean magnitude;
  /* where set, the frame ends in the filter's real values instead:
   * normalized (spectrum: where the filtered half spectrum lies; rows:
   * the inverse rows that the part's frames run, whose shape the end's
   * rows take) */
  gboolean (*normalized) (gpointer filter, cl_mem spectrum,
      const ClfftTransform * rows, GError ** error);
  gpointer filter;
} ClfftFilterFrame;

typedef struct _ClfftFilterPart ClfftFilterPart;

/* The most transforms a part lists */
#define CLFFT_FILTER_PART_MAX_TRANSFORMS 8

typedef struct
{
  ClfftFilterPath path;
  /* of the part's own structure, which starts with ClfftFilterPart */
  gsize size;
  ClfftGainLayouts gains;
  /* its frames transform the spectrum's padding with the bins: the
   * padding must hold zeros, not whatever the device's memory held */
  gboolean spectrum_zeroed;
  /* Plans the part's transforms (built later), and makes its buffers:
   * with the filter, before any frame. */
  gboolean (*plan) (ClfftFilterPart * part, GError ** error);
  /* The transforms the part planned or runs, the shape's rows among
   * those its frames run: what a check plans again, what tuning
   * settings reach, whose cache hints are read (NULL: none). */
  guint (*transforms) (ClfftFilterPart * part,
      ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS]);
  /* Builds what the part's frames run; threaded: on the filter's own
   * thread, one build at a time, stopping where *cancel is set (NULL:
   * clfft_filter_part_build_transforms of its transforms). */
  gboolean (*build) (ClfftFilterPart * part, gboolean threaded,
      const gint * cancel, GError ** error);
  /* Lets go of what build made besides the transforms, so that it is
   * built again (NULL: nothing). */
  void (*forget) (ClfftFilterPart * part);
  /* The part that takes a frame ending so (normalized or not), where the
   * part hands some frames to another (the one launch does not end in
   * normalize's range: it hands them to the three passes under it); NULL:
   * the part takes every frame itself. */
  ClfftFilterPart *(*hands_to) (ClfftFilterPart * part, gboolean normalized);
  /* Queues one frame on the engine's queue. */
  gboolean (*enqueue) (ClfftFilterPart * part, const ClfftFilterFrame * frame,
      GError ** error);
  /* The transforms that a frame runs and their launches, for tuning
   * those in one pass on copies (clfft-filter-tuning.h); returns how many
   * (NULL: none; see clfft_filter_part_launches). */
  guint (*launches) (ClfftFilterPart * part, const ClfftFilterFrame * frame,
      ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
      ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS]);
  /* Frees what the part made (not the shape's rows). */
  void (*clear) (ClfftFilterPart * part);
} ClfftFilterPathOps;

struct _ClfftFilterPart
{
  const ClfftFilterPathOps *ops;
  const ClfftFilterShape *shape;
  /* the rows the part's frames run: the shape's, or its own */
  ClfftTransform *rows_forward, *rows_inverse;
  /* its columns read the gain once for ky and -ky while it is so */
  gboolean reads_mirrored_gain;
  /* the part it hands frames to (hands_to), which it owns; or NULL */
  ClfftFilterPart *inner;
};

/* The parts, one file each: clfft-filter-part-<name>.c */
extern const ClfftFilterPathOps clfft_filter_part_passes;
extern const ClfftFilterPathOps clfft_filter_part_transposed;
extern const ClfftFilterPathOps clfft_filter_part_columns_in_two_passes;
extern const ClfftFilterPathOps clfft_filter_part_split_columns;
extern const ClfftFilterPathOps clfft_filter_part_one_launch;
extern const ClfftFilterPathOps clfft_filter_part_lanes;
extern const ClfftFilterPathOps clfft_filter_part_generic;
extern const ClfftFilterPathOps clfft_filter_part_spectrum_view;

/* The part for the choice's path, planned: the one place that maps a path
 * to its part. NULL (error set) where it cannot be planned. */
ClfftFilterPart *clfft_filter_part_new (const ClfftFilterShape * shape,
    GError ** error);
/* A part of ops over shape, planned. */
ClfftFilterPart *clfft_filter_part_new_of (const ClfftFilterPathOps * ops,
    const ClfftFilterShape * shape, GError ** error);
void clfft_filter_part_free (ClfftFilterPart * part);

/* The part that takes a frame ending so: part, or the one it hands the
 * frame to. */
ClfftFilterPart *clfft_filter_part_running (ClfftFilterPart * part,
    gboolean normalized);
/* Whether part, or one it may hand frames to, reads a mirrored gain once
 * for ky and -ky: the filter then looks for that symmetry in each gain. */
gboolean clfft_filter_part_may_read_mirrored (ClfftFilterPart * part);
/* The part of the three passes that takes a frame ending so, or NULL
 * where another path takes it: the filter's batches and stacks run only
 * on the three passes' columns. */
ClfftFilterPart *clfft_filter_part_three_passes (ClfftFilterPart * part,
    gboolean normalized);
/* A frame's rows forward, pixels to the spectrum, by the part's rows. */
gboolean clfft_filter_part_enqueue_rows_forward (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, GError ** error);
/* A frame's end: the part's rows inverse from the filtered half spectrum
 * (filtered, rows of the choice's pitch) into pixels, or the filter's
 * normalized end. */
gboolean clfft_filter_part_enqueue_end (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, cl_mem filtered, GError ** error);
/* The launches a frame of part makes, for ClfftFilterPathOps.launches:
 * its rows forward first, the n of its columns given, its rows inverse
 * last (as clfft_filter_part_enqueue_rows_forward and _end make them
 * without normalize). Returns how many. */
guint clfft_filter_part_launches (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, ClfftTransform * const columns[],
    const ClfftRowLaunch column_launches[], guint n,
    ClfftTransform * owners[CLFFT_FILTER_PART_MAX_TRANSFORMS],
    ClfftRowLaunch launches[CLFFT_FILTER_PART_MAX_TRANSFORMS]);

/* What part's frames run, built (its ops' build, else its transforms). */
gboolean clfft_filter_part_build (ClfftFilterPart * part, gboolean threaded,
    const gint * cancel, GError ** error);
/* The part's transforms (its ops' transforms, else none). */
guint clfft_filter_part_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS]);
/* transforms built: all at once, the first frame of a new size waiting
 * for the slowest build rather than for their sum; or threaded, one after
 * another, so that a filter cancelled meanwhile (a stream that changed
 * size again) waits for one build at most; no driver seen built them
 * faster side by side (docs/experiments/2026-11-26-parallel-builds.md). */
gboolean clfft_filter_part_build_transforms (ClfftTransform * const list[],
    guint n, gboolean threaded, const gint * cancel, GError ** error);

/* For a part over the three passes (the one launch, the lanes): plans
 * them as its inner part, and lists their transforms as its own. */
gboolean clfft_filter_part_plan_inner_passes (ClfftFilterPart * part,
    GError ** error);
guint clfft_filter_part_inner_transforms (ClfftFilterPart * part,
    ClfftTransform * out[CLFFT_FILTER_PART_MAX_TRANSFORMS]);

/* The spec of a frame's columns forward x gain x inverse in place, length
 * long, count of them across the rows, the cache hint where the data
 * outgrow the cache; flags added. */
ClfftTransformSpec clfft_filter_part_columns_spec (const ClfftFilterShape *
    shape, guint length, guint count, guint flags);

/* Whether the shape's scratch, sized for the transforms planned with the
 * filter, covers t, planned later (by construction it needs no more than
 * they did); FALSE with error set where not. */
gboolean clfft_filter_part_scratch_covers (ClfftFilterPart * part,
    const ClfftTransform * t, GError ** error);

/* The layout's values (ClfftGainLayouts, one flag) for a shape */
gsize clfft_filter_gain_count (const ClfftFilterShape * shape,
    ClfftGainLayouts layout);

/* The columns of a part of the three passes (clfft_filter_part_three_
 * passes), for the filter's batches and stacks: in place, bins columns of
 * spectrum (rows pitch apart) forward, times gain ([kx][ky], the shape's
 * height) and inverse. */
gboolean clfft_filter_part_enqueue_columns (ClfftFilterPart * part,
    cl_mem spectrum, guint pitch, guint bins, cl_mem gain,
    gboolean gain_mirrored, GError ** error);
/* Those columns' transform; from another part, that of the three passes
 * it hands frames to, or NULL. */
ClfftTransform *clfft_filter_part_get_columns (ClfftFilterPart * part);

/* The generic part's three kernels launched as a frame would, on its
 * buffers, with no result (see clfft_filter_generic_launch_empty). */
gboolean clfft_filter_part_generic_launch_empty (ClfftFilterPart * part,
    const ClfftFilterFrame * frame, GError ** error);

/* Test hooks (clfft-filter2d-testing.h): the one launch over a part of the
 * three passes, or the three passes again; the lanes off or on again.
 * Each returns whether frames now run what was asked for. */
gboolean clfft_filter_part_set_one_launch (ClfftFilterPart ** part,
    gboolean one_launch);
gboolean clfft_filter_part_set_lanes (ClfftFilterPart * part,
    gboolean lanes);

G_END_DECLS

#endif /* __CLFFT_FILTER_PART_H__ */
