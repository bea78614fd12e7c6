/* The notch's factor of the documented shapes (gstclfftmask.h), written
 * apart from the element's, for the mask's tests and the notches fuzz
 * target. */
#ifndef __CLFFT_TEST_NOTCH_REFERENCE_H__
#define __CLFFT_TEST_NOTCH_REFERENCE_H__

#include <math.h>
#include <stdlib.h>

#include "gstclfftmask.h"

/* 1 - LP (d, c) at (dx, dy) from notch n, through expm1: c is the
 * notch's own radius, or p's where it has none */
static inline gdouble
ref_notch_factor (const GstClfftMaskParams * p, const GstClfftNotch * n,
    gdouble dx, gdouble dy)
{
  /* the distance as the mask computes it: an ideal notch's edge is a
   * comparison, which a last bit of hypot's could tip */
  const gdouble d = sqrt (dx * dx + dy * dy);
  const gdouble c = n->radius > 0.0 ? n->radius : p->notch_radius;

  if (c <= 0.0)
    return d <= 0.0 ? 0.0 : 1.0;
  switch (p->shape) {
    case GST_CLFFT_SHAPE_IDEAL:
      return d <= c ? 0.0 : 1.0;
    case GST_CLFFT_SHAPE_GAUSSIAN:{
      /* d / c first: finite for the tiniest radius */
      const gdouble q = d / c;

      return -expm1 (-0.5 * q * q);
    }
    case GST_CLFFT_SHAPE_BUTTERWORTH:
      /* 1 / (1 + (c / d)^2n): no infinity over infinity where d / c
       * overflows */
      return d <= 0.0 ? 0.0 : 1.0 / (1.0 + pow (c / d, 2.0 * p->order));
  }
  /* no other shape exists: a test that makes one is wrong */
  abort ();
}

#endif /* __CLFFT_TEST_NOTCH_REFERENCE_H__ */
