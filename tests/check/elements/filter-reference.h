/* clfft2dfilter's documented maths in double precision: the masks, the
 * filtered frame, padding=mirror. Shared by the element's tests. */
#ifndef __CLFFT_TEST_FILTER_REFERENCE_H__
#define __CLFFT_TEST_FILTER_REFERENCE_H__

#include <glib.h>

G_BEGIN_DECLS

/* What the reference filter does. */
typedef struct
{
  const gchar *filter;          /* the nick of the filter property */
  const gchar *shape;
  guint order;
  gdouble cutoff, cutoff_high;
  gdouble notch[2];             /* one notch (fx, fy), for filter=notch */
  gdouble notch_radius;
  gboolean preserve_dc;
  gdouble gain, offset;
  gboolean abs;
  gboolean normalize;           /* output=normalize: gain, offset unused */
  gboolean mirror;              /* padding=mirror */
  /* pass-gain and stop-gain set (else 1 and 0, as the element's
   * defaults): the mask becomes stop + (pass - stop) x the filter's */
  gboolean band_gains;
  gdouble pass_gain, stop_gain;
  /* the stripes property's nick ("horizontal", "vertical"), or NULL for
   * none; and stripe-tolerance in percent. Applied by ref_plane_values,
   * which knows the transform's bins, not by ref_mask. */
  const gchar *stripes;
  gdouble stripe_tolerance;
  gdouble saturate;             /* percent, with normalize */
} RefFilter;

typedef gdouble (*RefGainFunc) (gdouble fx, gdouble fy, gconstpointer data);

/* The element's properties for a reference filter. */
gchar *ref_filter_properties (const RefFilter * f);
/* The lowpass of f's shape at radius r for cutoff c. */
gdouble ref_lowpass (const RefFilter * f, gdouble r, gdouble c);
/* The mask at signed frequencies (fx, fy) in cycles per pixel. */
gdouble ref_mask (const RefFilter * f, gdouble fx, gdouble fy);
/* |DFT| of a w x ht frame of bytes at signed bin (kx, ky), in double
 * precision. */
gdouble ref_bin_magnitude (const guint8 * frame, guint w, guint ht, gint kx,
    gint ky);
/* What normalize stretches of n values: min..max, or with a saturation
 * the k-th smallest and largest of them sorted, k = floor (n x saturate
 * / 200). */
void ref_stretch_range (const gdouble * values, gsize n, gdouble saturate,
    gdouble * lo, gdouble * hi);
/* w x ht real pixels filtered by gain: real parts, see the source. */
gdouble *ref_filtered_values (const gdouble * pixels, guint w, guint ht,
    RefGainFunc gain, gconstpointer data);
/* The mask of a reference filter (data), with preserve-dc. */
gdouble ref_filter_gain (gdouble fx, gdouble fy, gconstpointer data);
/* padding=mirror's size for a side of n. */
guint ref_padded_length (guint n);
/* Where padded position p reads a side of n pixels. */
guint ref_mirrored (guint p, guint n, guint padded);
/* The filtered real values of a plane subsampled sx, sy against the frame
 * (YUV's chroma), whose frequencies are in cycles per frame pixel (padded
 * and cropped for mirror). */
gdouble *ref_plane_values (const gdouble * in, guint w, guint ht,
    const RefFilter * f, guint sx, guint sy);
/* The filtered real values of the frame (padded and cropped for mirror). */
gdouble *ref_frame_values (const gdouble * in, guint w, guint ht,
    const RefFilter * f);
/* The element's output for a GRAY8 frame, rounded and clamped. */
guint8 *reference_run (const guint8 * in, guint w, guint ht,
    const RefFilter * f);
/* An ideal lowpass or highpass with the default output. */
guint8 *reference_filter (const guint8 * in, guint w, guint ht,
    gboolean highpass, gdouble cutoff);

G_END_DECLS

#endif /* __CLFFT_TEST_FILTER_REFERENCE_H__ */
