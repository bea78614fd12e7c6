/* clfft2dfilter's documented maths in double precision: the masks, the
 * filtered frame, padding=mirror. Shared by the element's tests. */
#include <gst/check/gstcheck.h>
#include <math.h>
#include <string.h>

#include "filter-reference.h"
#include "reference.h"

/* The element's properties for a reference filter. */
gchar *
ref_filter_properties (const RefFilter * f)
{
  gchar *gains = f->band_gains ? g_strdup_printf (" pass-gain=%.17g "
      "stop-gain=%.17g", f->pass_gain, f->stop_gain) : g_strdup ("");
  gchar *stripes = f->stripes ? g_strdup_printf (" stripes=%s "
      "stripe-tolerance=%.17g", f->stripes, f->stripe_tolerance) :
      g_strdup (""), *saturate = g_strdup_printf (" saturate=%.17g",
      f->saturate);
  gchar *props = g_strdup_printf ("filter=%s shape=%s order=%u cutoff=%.17g "
      "cutoff-high=%.17g notches=\"%.17g,%.17g\" notch-radius=%.17g "
      "preserve-dc=%s gain=%.17g offset=%.17g output=%s padding=%s%s%s%s",
      f->filter, f->shape, f->order, f->cutoff, f->cutoff_high, f->notch[0],
      f->notch[1], f->notch_radius, f->preserve_dc ? "true" : "false",
      f->gain, f->offset, f->normalize ? "normalize" : f->abs ? "abs" :
      "clamp", f->mirror ? "mirror" : "none", gains, stripes,
      f->saturate > 0 ? saturate : "");

  g_free (gains);
  g_free (stripes);
  g_free (saturate);
  return props;
}

gdouble
ref_lowpass (const RefFilter * f, gdouble r, gdouble c)
{
  if (c <= 0)
    return r <= 0 ? 1.0 : 0.0;
  if (g_str_equal (f->shape, "ideal"))
    return r <= c ? 1.0 : 0.0;
  if (g_str_equal (f->shape, "gaussian"))
    return exp (-(r * r) / (2 * c * c));
  return 1.0 / (1.0 + pow (r / c, 2.0 * f->order));
}

/* The filter's own mask, 0 to 1. */
static gdouble
filter_mask (const RefFilter * f, gdouble fx, gdouble fy)
{
  gdouble r = hypot (fx, fy);
  gdouble band = f->cutoff_high > f->cutoff ?
      ref_lowpass (f, r, f->cutoff_high) - ref_lowpass (f, r, f->cutoff) : 0;

  if (g_str_equal (f->filter, "lowpass"))
    return ref_lowpass (f, r, f->cutoff);
  if (g_str_equal (f->filter, "highpass"))
    return 1.0 - ref_lowpass (f, r, f->cutoff);
  if (g_str_equal (f->filter, "bandpass"))
    return band;
  if (g_str_equal (f->filter, "bandstop"))
    return 1.0 - band;
  if (g_str_equal (f->filter, "notch"))
    return (1.0 - ref_lowpass (f, hypot (fx - f->notch[0], fy - f->notch[1]),
            f->notch_radius)) * (1.0 - ref_lowpass (f, hypot (fx +
                f->notch[0], fy + f->notch[1]), f->notch_radius));
  return 1.0;
}

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  const gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

void
ref_stretch_range (const gdouble * values, gsize n, gdouble saturate,
    gdouble * lo, gdouble * hi)
{
  gdouble *sorted = g_memdup2 (values, n * sizeof (gdouble));
  gsize k = (gsize) floor (n * saturate / 200.0);

  qsort (sorted, n, sizeof (gdouble), compare_doubles);
  *lo = sorted[k];
  *hi = sorted[n - 1 - k];
  g_free (sorted);
}

gdouble
ref_bin_magnitude (const guint8 * frame, guint w, guint ht, gint kx, gint ky)
{
  gdouble re = 0, im = 0;

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++) {
      gdouble a = -2 * G_PI * ((gdouble) kx * x / w + (gdouble) ky * y / ht);

      re += frame[(gsize) y * w + x] * cos (a);
      im += frame[(gsize) y * w + x] * sin (a);
    }
  return hypot (re, im);
}

/* The mask at signed frequencies (fx, fy) in cycles per pixel. */
gdouble
ref_mask (const RefFilter * f, gdouble fx, gdouble fy)
{
  const gdouble pass = f->band_gains ? f->pass_gain : 1.0;
  const gdouble stop = f->band_gains ? f->stop_gain : 0.0;

  return stop + (pass - stop) * filter_mask (f, fx, fy);
}

/* w x ht real pixels filtered in double precision: DFT, times gain at the
 * signed frequencies in cycles per pixel (indices in [-W/2, W/2) and
 * [-H/2, H/2)), inverse DFT normalized; returns the real parts. */
gdouble *
ref_filtered_values (const gdouble * pixels, guint w, guint ht,
    RefGainFunc gain, gconstpointer data)
{
  gsize n = (gsize) w * ht;
  gdouble *x = g_new0 (gdouble, 2 * n), *X = g_new (gdouble, 2 * n);
  gdouble *values = g_new (gdouble, n);

  for (gsize i = 0; i < n; i++)
    x[2 * i] = pixels[i];
  ref_dft_2d (x, X, w, ht, -1);
  for (guint ky = 0; ky < ht; ky++)
    for (guint kx = 0; kx < w; kx++) {
      gdouble fx = (2 * kx < w ? (gdouble) kx : (gdouble) kx - w) / w;
      gdouble fy = (2 * ky < ht ? (gdouble) ky : (gdouble) ky - ht) / ht;
      gdouble g = gain (fx, fy, data);

      X[2 * (ky * w + kx)] *= g;
      X[2 * (ky * w + kx) + 1] *= g;
    }
  ref_dft_2d (X, x, w, ht, 1);
  for (gsize i = 0; i < n; i++)
    values[i] = x[2 * i] / n;
  g_free (x);
  g_free (X);
  return values;
}

/* The mask of a reference filter, with preserve-dc. */
gdouble
ref_filter_gain (gdouble fx, gdouble fy, gconstpointer data)
{
  const RefFilter *f = data;

  return fx == 0 && fy == 0 && f->preserve_dc ? 1.0 : ref_mask (f, fx, fy);
}

/* padding=mirror's size for a side of n: the smallest 2^a 3^b 5^c of at
 * least 1.5 n. */
guint
ref_padded_length (guint n)
{
  for (guint p = (3 * n + 1) / 2;; p++) {
    guint rest = p;

    while (rest % 2 == 0)
      rest /= 2;
    while (rest % 3 == 0)
      rest /= 3;
    while (rest % 5 == 0)
      rest /= 5;
    if (rest == 1)
      return p;
  }
}

/* Where padded position p reads a side of n pixels: the frame, then its
 * mirror about the far edge, then (wrapping around) its mirror about the
 * near edge; each margin is narrower than the frame (the caller checks
 * padded - n <= 2 n once: check writes down every assertion that passes,
 * which per pixel took most of the element suites' time). */
guint
ref_mirrored (guint p, guint n, guint padded)
{
  guint right = (padded - n + 1) / 2;

  if (p < n)
    return p;
  if (p < n + right)
    return 2 * n - 1 - p;
  return padded - 1 - p;
}

/* The mask of a plane subsampled against the frame: its frequencies in
 * cycles per pixel of the frame; with the stripes in the bins of its
 * pw x ph transform. */
typedef struct
{
  const RefFilter *f;
  guint sx, sy;
  guint pw, ph;
} SubsampledFilter;

static gdouble
subsampled_gain (gdouble fx, gdouble fy, gconstpointer data)
{
  const SubsampledFilter *s = data;
  const RefFilter *f = s->f;
  /* ImageJ's stripe suppression, DC left alone */
  const gdouble k = f->stripes && g_str_equal (f->stripes, "horizontal") ?
      round (fx * s->pw) : round (fy * s->ph);
  const gdouble sharp = (100.0 - f->stripe_tolerance) / 100.0;
  const gdouble stripe = !f->stripes || (fx == 0 && fy == 0) ? 1.0 :
      1.0 - exp (-(k * sharp) * (k * sharp));

  return ref_filter_gain (fx / s->sx, fy / s->sy, f) * stripe;
}

/* The filtered real values of a plane subsampled sx, sy: of the plane
 * itself, or of it mirrored to the padded size and cropped back out. */
gdouble *
ref_plane_values (const gdouble * in, guint w, guint ht, const RefFilter * f,
    guint sx, guint sy)
{
  guint pw = f->mirror ? ref_padded_length (w) : w;
  guint ph = f->mirror ? ref_padded_length (ht) : ht;
  const SubsampledFilter s = { f, sx, sy, pw, ph };
  gdouble *pixels = g_new (gdouble, (gsize) pw * ph), *values, *frame;

  fail_unless (pw - w <= 2 * w && ph - ht <= 2 * ht);
  for (guint y = 0; y < ph; y++)
    for (guint x = 0; x < pw; x++)
      pixels[(gsize) y * pw + x] = in[(gsize) ref_mirrored (y, ht, ph) * w +
          ref_mirrored (x, w, pw)];
  values = ref_filtered_values (pixels, pw, ph, subsampled_gain, &s);
  frame = g_new (gdouble, (gsize) w * ht);
  for (guint y = 0; y < ht; y++)
    memcpy (frame + (gsize) y * w, values + (gsize) y * pw,
        w * sizeof (gdouble));
  g_free (pixels);
  g_free (values);
  return frame;
}

gdouble *
ref_frame_values (const gdouble * in, guint w, guint ht, const RefFilter * f)
{
  return ref_plane_values (in, w, ht, f, 1, 1);
}

/* The filter computed in double precision: DFT, the mask as the element's
 * documentation defines it, inverse DFT (all of it on the mirrored frame
 * for padding=mirror), then value (or |value|) x gain + offset, or the
 * frame's range stretched, rounded and clamped. */
guint8 *
reference_run (const guint8 * in, guint w, guint ht, const RefFilter * f)
{
  gsize n = (gsize) w * ht;
  gdouble *pixels = g_new (gdouble, n), *values;
  gdouble lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  guint8 *out = g_malloc (n);

  for (gsize i = 0; i < n; i++)
    pixels[i] = in[i];
  values = ref_frame_values (pixels, w, ht, f);
  ref_stretch_range (values, n, f->saturate, &lo, &hi);
  for (gsize i = 0; i < n; i++) {
    gdouble v = values[i];

    if (f->normalize)           /* flat within 0.01 level: 0 */
      v = hi - lo > 0.01 ? (v - lo) * 255 / (hi - lo) : 0;
    else
      v = (f->abs ? fabs (v) : v) * f->gain + f->offset;
    out[i] = (guint8) CLAMP (floor (v + 0.5), 0, 255);
  }
  g_free (pixels);
  g_free (values);
  return out;
}

/* An ideal lowpass or highpass with the default output. */
guint8 *
reference_filter (const guint8 * in, guint w, guint ht, gboolean highpass,
    gdouble cutoff)
{
  RefFilter f = { highpass ? "highpass" : "lowpass", "ideal", 2, cutoff,
    0.25, {0, 0}, 0.01, FALSE, 1.0, 0.0, FALSE
  };

  return reference_run (in, w, ht, &f);
}
