/* Frequency masks of clfft2dfilter, in cycles per pixel. */
#ifndef __GST_CLFFT_MASK_H__
#define __GST_CLFFT_MASK_H__

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  GST_CLFFT_FILTER_LOWPASS,
  GST_CLFFT_FILTER_HIGHPASS,
  GST_CLFFT_FILTER_NONE,
} GstClfftFilterType;

/* Fills gain (height rows of width) in the unshifted DFT order: with signed
 * indices kx in [-W/2, W/2), ky in [-H/2, H/2) and
 * r = sqrt ((kx/W)^2 + (ky/H)^2), lowpass keeps r <= cutoff, highpass keeps
 * r > cutoff, none keeps everything (ideal, hard-edged masks). */
void gst_clfft_mask_fill (gfloat * gain, guint width, guint height,
    GstClfftFilterType filter, gdouble cutoff);

G_END_DECLS

#endif /* __GST_CLFFT_MASK_H__ */
