/* Frequency masks of clfft2dfilter, in cycles per pixel. */
#ifndef __GST_CLFFT_MASK_H__
#define __GST_CLFFT_MASK_H__

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  GST_CLFFT_FILTER_LOWPASS,
  GST_CLFFT_FILTER_HIGHPASS,
  GST_CLFFT_FILTER_BANDPASS,
  GST_CLFFT_FILTER_BANDSTOP,
  GST_CLFFT_FILTER_NOTCH,
  GST_CLFFT_FILTER_CUSTOM,
  GST_CLFFT_FILTER_NONE,
  /* ImageJ's FFT Bandpass: structures larger than structure_large and
   * smaller than structure_small pixels filtered out, DC kept */
  GST_CLFFT_FILTER_STRUCTURES,
} GstClfftFilterType;

typedef enum
{
  GST_CLFFT_SHAPE_IDEAL,
  GST_CLFFT_SHAPE_GAUSSIAN,
  GST_CLFFT_SHAPE_BUTTERWORTH,
} GstClfftShape;

/* Stripes suppressed as ImageJ's FFT Bandpass does: horizontal stripes
 * are the frequencies with fx = 0 (patterns that vary down the frame
 * only), vertical ones those with fy = 0. */
typedef enum
{
  GST_CLFFT_STRIPES_NONE,
  GST_CLFFT_STRIPES_HORIZONTAL,
  GST_CLFFT_STRIPES_VERTICAL,
} GstClfftStripes;

/* The most notches a list holds: a notch wide enough to reach the whole
 * spectrum costs a pass over the frame's mask, on the streaming thread
 * (as many as auto-notch-count finds, so a found list can be pasted). */
#define GST_CLFFT_MAX_NOTCHES 64

/* A notch at (fx, fy) cycles per pixel; its mirror (-fx, -fy) is implied.
 * radius, in cycles per pixel: the notch's own, or 0 for the mask's
 * notch_radius. */
typedef struct
{
  gdouble fx, fy;
  gdouble radius;
} GstClfftNotch;

/* An 8-bit mask image, centred: pixel (height/2, width/2) is DC. */
typedef struct
{
  guint width, height;
  guint8 *pixels;
} GstClfftMaskImage;

typedef struct
{
  GstClfftFilterType filter;
  GstClfftShape shape;
  guint order;
  gdouble cutoff, cutoff_high;
  const GstClfftNotch *notches;
  guint n_notches;
  gdouble notch_radius;
  const GstClfftMaskImage *image;       /* custom */
  gboolean preserve_dc;
  /* the plane's subsampling against the frame (2 for I420's chroma): its
   * frequencies are counted in cycles per pixel of the frame; 0 counts
   * as 1 */
  guint sx, sy;
  /* the gains where the filter passes (its mask 1) and where it stops (0):
   * the mask becomes stop + (pass - stop) x mask; 1 and 0 leave it */
  gdouble pass_gain, stop_gain;
  /* stripes suppressed, and the tolerance of their direction in percent
   * (ImageJ's default 5) */
  GstClfftStripes stripes;
  gdouble stripe_tolerance;
  /* structures: the sizes in pixels of the frame */
  gdouble structure_large, structure_small;
  /* planes of one size side by side, sample by sample (U and V of NV12's
   * UV plane): the mask of one plane, width / interleaved wide, repeated
   * across; the interleaved planes then come out filtered apart, as each
   * would with that mask alone. 0 counts as 1 */
  guint interleaved;
} GstClfftMaskParams;

/* Fills gain (height rows of width) in the unshifted DFT order. With
 * signed indices kx in [-W/2, W/2), ky in [-H/2, H/2), the frequencies
 * fx = kx / (W sx), fy = ky / (H sy) and r = sqrt (fx^2 + fy^2), and
 * LP (r, c) the lowpass of the shape
 * (ideal: r <= c; gaussian: exp (-r^2 / 2c^2); butterworth:
 * 1 / (1 + (r/c)^2n)):
 *   lowpass LP (r, cutoff); highpass 1 - LP (r, cutoff);
 *   bandpass LP (r, cutoff_high) - LP (r, cutoff), empty when cutoff_high
 *   <= cutoff; bandstop 1 - bandpass;
 *   notch: the product over the notches and their mirrors of
 *   1 - LP (d, notch_radius), d the distance to the notch;
 *   custom: the image, resampled bilinearly about DC, / 255;
 *   none: 1;
 *   structures: (1 - exp (-4 L^2 r^2)) exp (-4 S^2 r^2), 1 at DC, with L
 *   and S structure_large and structure_small (ImageJ's Gaussians, whose
 *   2 L / N in its N-point transform's bins is 2 L in cycles per pixel);
 * then stop_gain + (pass_gain - stop_gain) x that; with stripes, times
 * 1 - exp (-(k s)^2) everywhere but DC, k the signed index kx (horizontal
 * stripes) or ky (vertical) and s = (100 - stripe_tolerance) / 100, as
 * ImageJ's FFT Bandpass does in its own transform's bins (a subsampled
 * plane's index counts the frame's bins, as its frequencies do).
 * preserve_dc sets the DC gain to 1. */
void gst_clfft_mask_fill (gfloat * gain, guint width, guint height,
    const GstClfftMaskParams * params);

/* Parses "fx,fy;fx,fy;..." (each in -0.5..0.5, at most
 * GST_CLFFT_MAX_NOTCHES of them; an empty string is no notch). Returns
 * the notches, or NULL with error set. */
GArray *gst_clfft_notches_parse (const gchar * text, GError ** error);

/* Reads an 8-bit binary PGM (P5, maxval 1..255, up to 16384 pixels a side;
 * values are scaled to 0..255, rounded to nearest). NULL with error set
 * when the file is unreadable, not a regular file, or malformed.
 * Images are reference-counted, so a streaming thread can keep using one
 * that a property change has replaced. */
GstClfftMaskImage *gst_clfft_mask_image_load (const gchar * path,
    GError ** error);
/* The same from the file's bytes; name is the file's, for the errors. */
GstClfftMaskImage *gst_clfft_mask_image_parse (const guint8 * data,
    gsize size, const gchar * name, GError ** error);
GstClfftMaskImage *gst_clfft_mask_image_ref (GstClfftMaskImage * image);
void gst_clfft_mask_image_unref (GstClfftMaskImage * image);

G_END_DECLS

#endif /* __GST_CLFFT_MASK_H__ */
