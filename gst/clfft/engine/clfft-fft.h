/* FFT plans: batched 1D and 2D complex transforms on device buffers. */
#ifndef __CLFFT_FFT_H__
#define __CLFFT_FFT_H__

#include "clfft-engine.h"

G_BEGIN_DECLS

typedef enum
{
  CLFFT_FORWARD = -1,           /* X[k] = sum x[n] exp(-2 pi i n k / N) */
  CLFFT_INVERSE = 1,            /* x[n] = 1/N sum X[k] exp(+2 pi i n k / N) */
} ClfftDirection;

/* Data are cl_float2 (re, im) in row-major order. Transforms are out of
 * place and leave the input untouched; enqueue only queues the work on the
 * engine's queue. */

/* Whether the engine transforms length n (on any axis): 2..4096, with no
 * prime factor other than 2, 3, 5 and 7. */
gboolean clfft_length_supported (guint n);

typedef struct _ClfftPlan1d ClfftPlan1d;

/* batch rows of n contiguous elements (see clfft_length_supported). */
ClfftPlan1d *clfft_plan_1d_new (ClfftEngine * engine, guint n, guint batch,
    GError ** error);
gboolean clfft_plan_1d_enqueue (ClfftPlan1d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error);
void clfft_plan_1d_free (ClfftPlan1d * plan);

typedef struct _ClfftPlan2d ClfftPlan2d;

/* height rows of width elements (see clfft_length_supported). */
ClfftPlan2d *clfft_plan_2d_new (ClfftEngine * engine, guint width,
    guint height, GError ** error);
gboolean clfft_plan_2d_enqueue (ClfftPlan2d * plan, ClfftDirection direction,
    cl_mem input, cl_mem output, GError ** error);
void clfft_plan_2d_free (ClfftPlan2d * plan);

G_END_DECLS

#endif /* __CLFFT_FFT_H__ */
