/* A batched 1D transform of any supported length over rows of device
 * memory: one row pass when the length fits a work-group, else two passes
 * (four-step; three for a frame's columns with a gain between the forward
 * and the inverse), and Bluestein's algorithm for lengths with a prime
 * factor above 13. Plans chain these with transposes. */
#ifndef __CLFFT_TRANSFORM_H__
#define __CLFFT_TRANSFORM_H__

#include "clfft-tuning.h"

G_BEGIN_DECLS

/* Longest transform: lengths above CLFFT_MAX_ROW_LENGTH run in two passes
 * of at most CLFFT_MAX_ROW_LENGTH each. */
#define CLFFT_MAX_LENGTH (1u << 24)

/* Whether a transform of length n runs without Bluestein: in one pass, or
 * in two whose lengths both run in one. */
gboolean clfft_transform_length_direct (guint n);
/* Whether a transform of length n runs at all: directly, or through
 * Bluestein on a direct length >= 2n - 1. */
gboolean clfft_transform_length_supported (guint n);
/* The smallest length >= min with no prime factor above 5 that runs
 * without Bluestein: what padding pads to. 0 if none up to
 * CLFFT_MAX_LENGTH. */
guint clfft_transform_fast_length (guint min);

typedef struct
{
  guint length;
  gint sign;                    /* -1 forward, +1 inverse */
  ClfftRowLoad load;
  ClfftRowStore store;
  guint flags;                  /* CLFFT_ROW_GAIN_BETWEEN (one direct pass,
                                 * with CLFFT_ROW_GAIN_MIRRORED or not; or a
                                 * frame's columns in two passes each way,
                                 * not mirrored: three passes),
                                 * CLFFT_ROW_GAIN_ON_STORE,
                                 * CLFFT_ROW_UNIT_STRIDE (then enqueue takes
                                 * rows of adjacent values only; with two
                                 * real rows at a time, only the
                                 * half-length alternative that tuning
                                 * times uses it), the cache
                                 * hints CLFFT_ROW_STREAM_GAIN (for the
                                 * gains' pass), CLFFT_ROW_DROP_INPUT
                                 * (one direct pass only, where enqueue
                                 * refuses to run in place) and
                                 * CLFFT_ROW_STREAM_PIXELS, or 0 */
  guint max_batch;              /* the most rows one enqueue transforms */
  /* CLFFT_TUNING_BLOCKING (or AUTO deciding so): a transform in one pass
   * tunes its schedule on its first launch, rows in two passes their
   * split (see choose_split); otherwise not (where the
   * owner tunes in the background, it replaces the pass itself:
   * clfft_transform_replace_pass) */
  ClfftTuning tuning;
  /* the kernels are built by clfft_transform_build or the first enqueue,
   * not by init: for a path that may not run */
  gboolean build_later;
  /* rows of pixel pairs (one pass of unit stride only) from this row of
   * a batch on are two channels side by side, each half of the row
   * (HALVES_BELOW in kernels/fft_stockham.cl); 0, none */
  guint halves_below;
  /* n1 of a transform in two passes, n = n1 x n2: 0 for the rule's split
   * (a blocking tuning may time others at the first launch, and keep the
   * fastest: then the transform's spec holds it) */
  guint first_pass_length;
  /* one pass of pixel pairs to half spectra (forward) or back: the
   * frame's columns, of twice this height, as two halves split in the
   * rows (SPLIT_COLUMNS in kernels/fft_stockham.cl); 0, not */
  guint split_columns;
} ClfftTransformSpec;

#define CLFFT_TRANSFORM_MAX_PASSES 4
/* The most splits of its length, the rule's among them, that a transform
 * in two passes times at its first launch where tuning is blocking */
#define CLFFT_TRANSFORM_SPLITS_TIMED 6

typedef struct _ClfftTransform
{
  ClfftEngine *engine;
  ClfftTransformSpec spec;
  guint n;                      /* FFT length: length, or Bluestein's */
  gboolean bluestein;
  guint n1, n2;                 /* two passes (or three, filtering):
                                 * n = n1 x n2; else n2 = 1 */
  ClfftRowPass passes[CLFFT_TRANSFORM_MAX_PASSES];
  guint n_passes;
  ClfftRowTables tables;        /* the ones it owns; no gain */
  /* STORE_HALF_SPECTRUM in two passes: the second pass unfolds the bins,
   * or a kernel of its own (unfold) does */
  gboolean unfold_in_second;
  cl_kernel unfold;
  gboolean tuned;               /* tuned on its first launch: the schedule
                                 * of one pass, the split of two */
  /* Two real rows at a time, where tuning is wanted: the half-length
   * transform of the same rows, timed against it on the first launch,
   * which keeps the faster (NULL when there is none) */
  struct _ClfftTransform *half;
  gchar *description;
} ClfftTransform;

gboolean clfft_transform_init (ClfftTransform * transform,
    ClfftEngine * engine, const ClfftTransformSpec * spec, GError ** error);
void clfft_transform_clear (ClfftTransform * transform);

/* Builds the kernels of a transform made with build_later (none left to
 * build: TRUE). */
gboolean clfft_transform_build (ClfftTransform * transform, GError ** error);

/* clfft_transform_build of count transforms, their passes built side by
 * side, each on a thread of its own: drivers compile several programs at
 * once where they can. */
gboolean clfft_transforms_build (ClfftTransform * const transforms[],
    guint count, GError ** error);

/* Puts pass in the place of pass i, which it frees: the same spec with
 * another schedule (tuned in the background). Between launches only. */
void clfft_transform_replace_pass (ClfftTransform * transform, guint i,
    ClfftRowPass * pass);

/* Device memory between the passes of a transform. The transforms that one
 * plan chains on the in-order queue share one: its owner adds each
 * transform's need, then allocates. */
typedef struct
{
  guint count;                  /* buffers needed: 0, 1 or 2 */
  gsize bytes;                  /* of each */
  cl_mem mem[2];
} ClfftScratch;

void clfft_scratch_add_need (ClfftScratch * scratch,
    const ClfftTransform * transform);
gboolean clfft_scratch_alloc (ClfftScratch * scratch, ClfftEngine * engine,
    GError ** error);
void clfft_scratch_clear (ClfftScratch * scratch);

/* batch rows (at most spec.max_batch) from src to dst, through scratch
 * (which neither may be); dst may be src. gain (rows gain_distance apart;
 * for a frame's columns in two passes, or filtered in three, element e
 * of row b at e x gain_distance + b) only with a gain flag, else NULL;
 * scale multiplies the outputs. */
gboolean clfft_transform_enqueue (ClfftTransform * transform,
    const ClfftScratch * scratch, cl_mem src, ClfftRowLayout src_layout,
    cl_mem dst, ClfftRowLayout dst_layout, guint batch, cl_mem gain,
    guint gain_distance, gfloat scale, const ClfftEvents * events,
    GError ** error);

/* The launch of the one pass of a transform in one pass, as enqueue
 * makes it with these arguments (what tuning times it with). */
ClfftRowLaunch clfft_transform_launch (const ClfftTransform * transform,
    cl_mem src, ClfftRowLayout src_layout, cl_mem dst,
    ClfftRowLayout dst_layout, guint batch, cl_mem gain, guint gain_distance,
    gfloat scale);

/* For a transform that stores pixels (CLFFT_STORE_U8, CLFFT_STORE_U16):
 * offset added to the outputs, and whether they are the magnitudes of the
 * values. */
void clfft_transform_set_byte_output (ClfftTransform * transform,
    gfloat offset, gboolean magnitude);

/* e.g. "127 through Bluestein on 256 (radices 8x8x4)" or "65536 in two
 * passes, 256 x 256 (radices 8x8x4, 8x8x4)" */
const gchar *clfft_transform_describe (const ClfftTransform * transform);

G_END_DECLS

#endif /* __CLFFT_TRANSFORM_H__ */
