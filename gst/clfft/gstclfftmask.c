#include "gstclfftmask.h"

#include <math.h>

/* Signed frequency of DFT index k of an n-point axis, in cycles per pixel. */
static gdouble
frequency (guint k, guint n)
{
  gint signed_k = k < (n + 1) / 2 ? (gint) k : (gint) k - (gint) n;

  return (gdouble) signed_k / n;
}

void
gst_clfft_mask_fill (gfloat * gain, guint width, guint height,
    GstClfftFilterType filter, gdouble cutoff)
{
  for (guint ky = 0; ky < height; ky++) {
    gdouble fy = frequency (ky, height);

    for (guint kx = 0; kx < width; kx++) {
      gdouble fx = frequency (kx, width);
      gdouble r = sqrt (fx * fx + fy * fy);
      gfloat g;

      switch (filter) {
        case GST_CLFFT_FILTER_LOWPASS:
          g = r <= cutoff ? 1.0f : 0.0f;
          break;
        case GST_CLFFT_FILTER_HIGHPASS:
          g = r > cutoff ? 1.0f : 0.0f;
          break;
        default:
          g = 1.0f;
          break;
      }
      gain[(gsize) ky * width + kx] = g;
    }
  }
}
