/* Real values to pixels by their range (kernels/normalize.cl): what
 * output=normalize and the spectrum view end in. The range is the values'
 * own, or from zero to their maximum; a saturation of p percent stretches
 * by the values at ranks p / 2 percent from each end instead, which a
 * histogram of the values finds on the device. */
#ifndef __CLFFT_STRETCH_H__
#define __CLFFT_STRETCH_H__

#include "clfft-passes.h"

G_BEGIN_DECLS

typedef struct
{
  ClfftEngine *engine;
  gsize pixel_size;             /* of the pixels out: 1 or 2 bytes */
  cl_kernel value_range, stretch;
  cl_mem ranges;                /* a (min, max) pair per group */
  /* the ranks' values of a saturation, made at its first use */
  cl_kernel saturation_start, saturation_histogram, saturation_pick;
  cl_mem hist, whole, picked, saturated;
} ClfftStretch;

/* from_zero: the range starts at zero, not at the values' least. */
gboolean clfft_stretch_init (ClfftStretch * stretch, ClfftEngine * engine,
    gsize pixel_size, gboolean from_zero, GError ** error);
void clfft_stretch_clear (ClfftStretch * stretch);

/* The width x height values in the top-left corner of values (rows of
 * pitch floats) to pixels (rows of width) by their range, or with a
 * saturation (percent, > 0) by the values of its ranks; on the engine's
 * queue. */
gboolean clfft_stretch_enqueue (ClfftStretch * stretch, cl_mem values,
    guint width, guint height, guint pitch, gfloat saturation, cl_mem pixels,
    GError ** error);

G_END_DECLS

#endif /* __CLFFT_STRETCH_H__ */
