/* FFT plans: batched 1D transforms (complex, real-to-complex and
 * complex-to-real, with strides) and 2D transforms, on device buffers. */
#ifndef __CLFFT_FFT_H__
#define __CLFFT_FFT_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef enum
{
  CLFFT_DIRECTION_FORWARD = -1, /* X[k] = sum x[n] exp(-2 pi i n k / N) */
  CLFFT_DIRECTION_INVERSE = 1,  /* x[n] = 1/N sum X[k] exp(+2 pi i n k / N) */
} ClfftDirection;

typedef enum
{
  CLFFT_C2C,                    /* N complex to N complex, both directions */
  CLFFT_R2C,                    /* N real to N/2 + 1 complex, forward */
  CLFFT_C2R,                    /* N/2 + 1 complex to N real, inverse */
} ClfftKind;

/* Whether the engine transforms length n (on any axis): every n up to
 * 2^23, and up to 2^24 when n has no prime factor other than 2, 3, 5, 7,
 * 11 and 13 and splits into two such factors of at most 4096. Those run
 * directly in mixed radix (in one pass up to 4096, else in two), the others
 * through Bluestein's algorithm. A real transform of even n runs at n/2 when
 * that qualifies, else at n. */
gboolean clfft_length_supported (guint n);

/* Complex data are cl_float2 (re, im), real data cl_float. Strides and
 * distances count elements of each side's type; 0 means contiguous rows:
 * stride 1, distance the row length (n, or n/2 + 1 on the complex side of
 * R2C and C2R). Channel-interleaved audio of C channels is stride C,
 * distance 1, batch C. */
typedef struct
{
  ClfftKind kind;
  guint n;                      /* transform length (of the real side) */
  guint batch;
  guint in_stride, in_distance;
  guint out_stride, out_distance;
  /* whether the passes are timed at the first launch: as decided for the
   * device (clfft_tuning_decide: blocking on GPUs) where AUTO (0), never
   * where OFF; a plan does not tune in the background */
  ClfftTuning tuning;
} ClfftPlan1dDesc;

typedef struct _ClfftPlan1d ClfftPlan1d;

/* Builds the kernels the plan needs, or returns the engine's plan of the
 * same parameters while one is in use: each new needs its free. Transforms
 * are out of place and leave the input untouched. The inverse is
 * normalized by 1/N. R2C plans run forward only, C2R plans inverse only.
 *
 * enqueue only queues the work on the engine's queue (in order): its first
 * launch waits for the num_wait_events events of wait_events, and event
 * (when not NULL) receives the event of its last launch, which the caller
 * releases. Enqueues of one plan from several threads are serialized,
 * and its launches run in order on the engine's queue (its scratch memory
 * allows no more). */
ClfftPlan1d *clfft_plan_1d_new (ClfftEngine * engine,
    const ClfftPlan1dDesc * desc, GError ** error);
gboolean clfft_plan_1d_enqueue (ClfftPlan1d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, cl_uint num_wait_events,
    const cl_event * wait_events, cl_event * event, GError ** error);
void clfft_plan_1d_free (ClfftPlan1d * plan);

/* The plan's decomposition, e.g. "R2C 254 x 8: FFT of length 127 through
 * Bluestein on 256 (radices 8x8x4)" or "C2C 65536 x 2: FFT of length 65536
 * in two passes, 256 x 256 (radices 8x8x4, 8x8x4)" (a real transform of
 * even length runs at half length). It describes the plan as made: where
 * tuning is on, the first launch may change the schedules, for two
 * real rows at a time the layout, and for two passes the split (the
 * `clfft` debug log names what tuning kept). */
const gchar *clfft_plan_1d_describe (ClfftPlan1d * plan);

typedef struct _ClfftPlan2d ClfftPlan2d;

/* 2D transforms of height rows of width contiguous elements (see
 * clfft_length_supported for both), shared like 1D plans. C2C: complex to
 * complex, input may equal output. R2C: real rows to rows of width/2 + 1
 * complex bins, forward only; C2R the reverse, inverse only, leaving its
 * input intact. */
ClfftPlan2d *clfft_plan_2d_new (ClfftEngine * engine, ClfftKind kind,
    guint width, guint height, GError ** error);
gboolean clfft_plan_2d_enqueue (ClfftPlan2d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, cl_uint num_wait_events,
    const cl_event * wait_events, cl_event * event, GError ** error);
void clfft_plan_2d_free (ClfftPlan2d * plan);

G_END_DECLS

#endif /* __CLFFT_FFT_H__ */
