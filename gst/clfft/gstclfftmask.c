#include "gstclfftmask.h"
#include "engine/clfft-file.h"

#include <glib/gstdio.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The largest mask side, and so the largest file worth reading. */
#define MAX_MASK_SIDE 16384
#define MAX_PGM_HEADER 4096

/* Signed index of DFT index k of an n-point axis: -n/2 .. (n-1)/2. */
static gint
signed_index (guint k, guint n)
{
  return k < (n + 1) / 2 ? (gint) k : (gint) k - (gint) n;
}

/* Signed frequency of DFT index k of an n-point axis, in cycles per pixel. */
static gdouble
frequency (guint k, guint n)
{
  return (gdouble) signed_index (k, n) / n;
}

/* The stripe suppression's factor at DFT index (kx, ky) of a width x
 * height transform (1 at DC, which is no stripe). */
static gdouble
stripe_factor (const GstClfftMaskParams * p, guint kx, guint ky,
    guint width, guint height)
{
  const gdouble s = (100.0 - p->stripe_tolerance) / 100.0;
  gdouble k;

  if (p->stripes == GST_CLFFT_STRIPES_NONE || (kx == 0 && ky == 0))
    return 1.0;
  k = p->stripes == GST_CLFFT_STRIPES_HORIZONTAL ?
      signed_index (kx, width) : signed_index (ky, height);
  return 1.0 - exp (-(k * s) * (k * s));
}

/* The lowpass of a shape at radius r for cutoff c (1 at r = 0, whatever
 * c; c = 0 keeps DC only). */
static gdouble
lowpass (GstClfftShape shape, guint order, gdouble r, gdouble c)
{
  if (c <= 0.0)
    return r <= 0.0 ? 1.0 : 0.0;
  switch (shape) {
    case GST_CLFFT_SHAPE_IDEAL:
      return r <= c ? 1.0 : 0.0;
    case GST_CLFFT_SHAPE_GAUSSIAN:{
      /* r / c first: with c so small that c^2 is 0 (a notch's own radius
       * may be), r^2 / 2c^2 at r = 0 was NaN */
      gdouble q = r / c;

      return exp (-0.5 * q * q);
    }
    case GST_CLFFT_SHAPE_BUTTERWORTH:{
      /* (r / c)^(2 order) by multiplication: pow took most of the time of
       * a large frame's mask */
      gdouble q = (r / c) * (r / c), power = 1.0;

      for (guint i = 0; i < order; i++)
        power *= q;
      return 1.0 / (1.0 + power);
    }
  }
  return 1.0;
}

static gdouble
band (const GstClfftMaskParams * p, gdouble r)
{
  if (p->cutoff_high <= p->cutoff)
    return 0.0;
  return lowpass (p->shape, p->order, r, p->cutoff_high) -
      lowpass (p->shape, p->order, r, p->cutoff);
}

/* A notch's radius: its own, else the mask's. */
static gdouble
notch_radius (const GstClfftMaskParams * p, const GstClfftNotch * notch)
{
  return notch->radius > 0.0 ? notch->radius : p->notch_radius;
}

/* A notch's factor 1 - LP (d, c) at frequency (fx, fy), the notch of
 * radius c at (cx, cy). */
static gdouble
notch_factor (const GstClfftMaskParams * p, gdouble c, gdouble cx,
    gdouble cy, gdouble fx, gdouble fy)
{
  gdouble dx = fx - cx, dy = fy - cy;

  return 1.0 - lowpass (p->shape, p->order, sqrt (dx * dx + dy * dy), c);
}

/* How far from its centre, in cycles per pixel, a notch of radius c can
 * be anything but exactly 1 in double precision. Beyond it LP (d, c) is
 * below 2^-60, a 64th of the half step of doubles below 1, so 1 - LP
 * rounds to 1 even with the last bits of exp and sqrt wrong: leaving
 * those bins out of the product changes no bit of it. Butterworth's tail
 * falls as (c / d)^2n, which at low orders reaches over the whole
 * spectrum. */
static gdouble
notch_reach (const GstClfftMaskParams * p, gdouble c)
{
  if (c <= 0.0)
    return 0.0;
  switch (p->shape) {
    case GST_CLFFT_SHAPE_IDEAL:
      return c;
    case GST_CLFFT_SHAPE_GAUSSIAN:
      /* exp (-d^2 / 2c^2) <= 2^-60 */
      return c * sqrt (2.0 * 60.0 * G_LN2);
    case GST_CLFFT_SHAPE_BUTTERWORTH:
      /* (d / c)^2n >= 2^60 */
      return c * pow (2.0, 30.0 / MAX (p->order, 1));
  }
  return INFINITY;
}

/* A notch or its mirror, and the signed indices of the rows it reaches. */
typedef struct
{
  gdouble cx, cy;
  gdouble radius, reach;
  gint first_row, last_row;
} NotchReach;

/* The signed indices of an n-point axis whose frequency (s / (n sub)) may
 * lie within reach of centre, clipped to the axis: -n/2 .. (n-1)/2, with a
 * bin more each side for the rounding of the frequencies. */
static void
indices_within (gdouble centre, gdouble reach, guint n, gdouble sub,
    gint * first, gint * last)
{
  const gdouble scale = (gdouble) n * sub;
  const gdouble lo = floor ((centre - reach) * scale) - 1;
  const gdouble hi = ceil ((centre + reach) * scale) + 1;

  *first = (gint) MAX (lo, -(gdouble) (n / 2));
  *last = (gint) MIN (hi, (gdouble) ((n + 1) / 2 - 1));
}

/* The notch filter's shape: row by row, each notch and mirror multiplied
 * into the bins within its reach only, in the order of the list as the
 * product over all bins would (so the result is that product's, bit for
 * bit); the mask then as gain_at and stripe_factor make it. The cost
 * grows with the area the notches reach, not with the list times the
 * frame. */
static void
notch_mask_fill (gfloat * gain, guint width, guint height,
    const GstClfftMaskParams * p, gdouble sx, gdouble sy)
{
  NotchReach *notch = g_new (NotchReach, 2 * (gsize) p->n_notches);
  gdouble *row = g_new (gdouble, width), *fx = g_new (gdouble, width);

  for (guint i = 0; i < 2 * p->n_notches; i++) {
    const gint mirror = i % 2 ? -1 : 1;
    NotchReach *n = &notch[i];

    n->cx = mirror * p->notches[i / 2].fx;
    n->cy = mirror * p->notches[i / 2].fy;
    n->radius = notch_radius (p, &p->notches[i / 2]);
    /* a touch wider than the bound: a bin at its edge is computed, not
     * skipped */
    n->reach = notch_reach (p, n->radius) * (1.0 + 1e-9);
    indices_within (n->cy, n->reach, height, sy, &n->first_row,
        &n->last_row);
  }
  for (guint kx = 0; kx < width; kx++)
    fx[kx] = frequency (kx, width) / sx;
  for (guint ky = 0; ky < height; ky++) {
    const gint y = signed_index (ky, height);
    const gdouble fy = frequency (ky, height) / sy;
    gfloat *out = gain + (gsize) ky * width;

    for (guint kx = 0; kx < width; kx++)
      row[kx] = 1.0;
    for (guint i = 0; i < 2 * p->n_notches; i++) {
      const NotchReach *n = &notch[i];
      gdouble dy = fy - n->cy, half;
      gint first, last;

      if (y < n->first_row || y > n->last_row)
        continue;
      /* the row's chord of the disc of the reach */
      half = sqrt (MAX (n->reach * n->reach - dy * dy, 0.0));
      indices_within (n->cx, half, width, sx, &first, &last);
      for (gint x = first; x <= last; x++) {
        const guint kx = x < 0 ? (guint) (x + (gint) width) : (guint) x;

        row[kx] *= notch_factor (p, n->radius, n->cx, n->cy, fx[kx], fy);
      }
    }
    for (guint kx = 0; kx < width; kx++)
      out[kx] = (gfloat) ((p->stop_gain + (p->pass_gain - p->stop_gain) *
              row[kx]) * stripe_factor (p, kx, ky, width, height));
  }
  g_free (fx);
  g_free (row);
  g_free (notch);
}

/* i modulo n, for negative i too */
static gint
wrap (gint i, gint n)
{
  return ((i % n) + n) % n;
}

/* The image's value at a frame frequency, the image centred on DC and
 * scaled to the frame: bilinear between its four nearest pixels. The
 * spectrum is periodic, so the neighbours wrap around the edges. */
static gdouble
image_gain (const GstClfftMaskImage * image, gdouble fx, gdouble fy)
{
  gdouble x = image->width / 2 + fx * image->width;
  gdouble y = image->height / 2 + fy * image->height;
  gdouble x0 = floor (x), y0 = floor (y), ax = x - x0, ay = y - y0;
  gint ix0 = wrap ((gint) x0, image->width);
  gint ix1 = wrap ((gint) x0 + 1, image->width);
  gint iy0 = wrap ((gint) y0, image->height);
  gint iy1 = wrap ((gint) y0 + 1, image->height);
  const guint8 *p = image->pixels;
  gsize w = image->width;
  gdouble top = (1 - ax) * p[iy0 * w + ix0] + ax * p[iy0 * w + ix1];
  gdouble bottom = (1 - ax) * p[iy1 * w + ix0] + ax * p[iy1 * w + ix1];

  return ((1 - ay) * top + ay * bottom) / 255.0;
}

/* The filter's own mask at frequency (fx, fy), 0 to 1. */
static gdouble
shape_at (const GstClfftMaskParams * p, gdouble fx, gdouble fy)
{
  gdouble r = sqrt (fx * fx + fy * fy);

  switch (p->filter) {
    case GST_CLFFT_FILTER_LOWPASS:
      return lowpass (p->shape, p->order, r, p->cutoff);
    case GST_CLFFT_FILTER_HIGHPASS:
      return 1.0 - lowpass (p->shape, p->order, r, p->cutoff);
    case GST_CLFFT_FILTER_BANDPASS:
      return band (p, r);
    case GST_CLFFT_FILTER_BANDSTOP:
      return 1.0 - band (p, r);
    case GST_CLFFT_FILTER_NOTCH:
      /* notch_mask_fill's, notch by notch */
      g_return_val_if_reached (1.0);
    case GST_CLFFT_FILTER_CUSTOM:
      return p->image ? image_gain (p->image, fx, fy) : 1.0;
    case GST_CLFFT_FILTER_STRUCTURES:{
      const gdouble large = p->structure_large, small = p->structure_small;

      if (r == 0.0)
        return 1.0;
      return (1.0 - exp (-4.0 * large * large * r * r)) *
          exp (-4.0 * small * small * r * r);
    }
    case GST_CLFFT_FILTER_NONE:
      break;
  }
  return 1.0;
}

/* The mask's gain at frequency (fx, fy), with the band gains. */
static gdouble
gain_at (const GstClfftMaskParams * p, gdouble fx, gdouble fy)
{
  return p->stop_gain + (p->pass_gain - p->stop_gain) * shape_at (p, fx, fy);
}

/* Whether the mask depends on |fx| and |fy| only (the radial filters):
 * then bins k and n - k of an axis, whose frequencies differ in sign
 * only, have the same gain, and a quarter of the mask gives the rest. */
static gboolean
mirrored_on_both_axes (const GstClfftMaskParams * p)
{
  return p->filter != GST_CLFFT_FILTER_NOTCH
      && p->filter != GST_CLFFT_FILTER_CUSTOM;
}

void
gst_clfft_mask_fill (gfloat * gain, guint width, guint height,
    const GstClfftMaskParams * p)
{
  const gdouble sx = p->sx ? p->sx : 1, sy = p->sy ? p->sy : 1;

  if (p->interleaved > 1) {
    /* A gain of period width / n in kx is a convolution whose taps fall
     * on every n-th column only: the n planes never mix. */
    const guint n = p->interleaved, one = width / n;
    GstClfftMaskParams plane = *p;
    gfloat *first;

    g_return_if_fail (width % n == 0);
    first = g_new (gfloat, (gsize) one * height);
    plane.interleaved = 1;
    gst_clfft_mask_fill (first, one, height, &plane);
    for (guint ky = 0; ky < height; ky++)
      for (guint kx = 0; kx < width; kx++)
        gain[(gsize) ky * width + kx] = first[(gsize) ky * one + kx % one];
    g_free (first);
    return;
  }
  if (p->filter == GST_CLFFT_FILTER_NOTCH) {
    notch_mask_fill (gain, width, height, p, sx, sy);
  } else if (mirrored_on_both_axes (p)) {
    /* rows 0 .. height / 2 computed for kx 0 .. width / 2, the rest
     * copied: a quarter of the work */
    for (guint ky = 0; ky <= height / 2; ky++) {
      gfloat *row = gain + (gsize) ky * width;
      gdouble fy = frequency (ky, height) / sy;

      for (guint kx = 0; kx <= width / 2; kx++)
        row[kx] = row[(width - kx) % width] =
            (gfloat) (gain_at (p, frequency (kx, width) / sx, fy) *
            stripe_factor (p, kx, ky, width, height));
      if (ky > 0 && height - ky != ky)
        memcpy (gain + (gsize) (height - ky) * width, row,
            width * sizeof (gfloat));
    }
  } else {
    for (guint ky = 0; ky < height; ky++) {
      gdouble fy = frequency (ky, height) / sy;

      for (guint kx = 0; kx < width; kx++)
        gain[(gsize) ky * width + kx] =
            (gfloat) (gain_at (p, frequency (kx, width) / sx, fy) *
            stripe_factor (p, kx, ky, width, height));
    }
  }
  if (p->preserve_dc)
    gain[0] = 1.0f;
}

/* The next number of a notch, after its comma where comma: moves *at past
 * it and the spaces after it. */
static gboolean
notch_number (gchar ** at, gboolean comma, gdouble * value)
{
  gchar *end, *start = *at;

  if (comma) {
    if (*start != ',')
      return FALSE;
    start++;
  }
  errno = 0;
  *value = g_ascii_strtod (start, &end);
  if (end == start || errno != 0 || !isfinite (*value))
    return FALSE;
  *at = g_strchug (end);
  return TRUE;
}

/* "fx,fy" or "fx,fy,radius", stripped */
static gboolean
parse_notch (gchar * item, GstClfftNotch * notch)
{
  gchar *at = item;

  notch->radius = 0.0;
  if (!notch_number (&at, FALSE, &notch->fx)
      || !notch_number (&at, TRUE, &notch->fy)
      || (*at == ',' && (!notch_number (&at, TRUE, &notch->radius)
              || notch->radius <= 0.0 || notch->radius > 0.5)))
    return FALSE;
  return *at == '\0' && fabs (notch->fx) <= 0.5 && fabs (notch->fy) <= 0.5;
}

GArray *
gst_clfft_notches_parse (const gchar * text, GError ** error)
{
  GArray *notches = g_array_new (FALSE, FALSE, sizeof (GstClfftNotch));
  const gchar *next = text ? text : "";

  /* item by item, not split whole: a list far too long costs no more
   * than one just too long */
  while (notches && *next) {
    const gchar *semicolon = strchr (next, ';');
    gsize length = semicolon ? (gsize) (semicolon - next) : strlen (next);
    gchar *copy = g_strndup (next, length), *item = g_strstrip (copy);
    GstClfftNotch notch;

    next += length + (semicolon ? 1 : 0);
    if (*item == '\0') {
      g_free (copy);
      continue;
    }
    if (notches->len == GST_CLFFT_MAX_NOTCHES) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
          "more than %u notches: a list holds at most %u",
          GST_CLFFT_MAX_NOTCHES, GST_CLFFT_MAX_NOTCHES);
      g_array_unref (notches);
      notches = NULL;
      g_free (copy);
      break;
    }
    if (parse_notch (item, &notch)) {
      g_array_append_val (notches, notch);
      g_free (copy);
      continue;
    }
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
        "notch \"%s\" is not \"fx,fy\" or \"fx,fy,radius\" with fx and "
        "fy in -0.5..0.5 and the radius in 0..0.5 (above 0) cycles per "
        "pixel", item);
    g_array_unref (notches);
    notches = NULL;
    g_free (copy);
  }
  return notches;
}

/* Skips whitespace and '#' comments, then reads a decimal header field. */
static gboolean
pgm_field (const guint8 * data, gsize size, gsize * at, guint * value)
{
  guint64 v = 0;
  gsize digits = 0;

  while (*at < size && (g_ascii_isspace (data[*at]) || data[*at] == '#')) {
    if (data[*at] == '#')
      while (*at < size && data[*at] != '\n')
        (*at)++;
    else
      (*at)++;
  }
  while (*at < size && g_ascii_isdigit (data[*at]) && digits < 10) {
    v = v * 10 + (data[(*at)++] - '0');
    digits++;
  }
  *value = (guint) MIN (v, G_MAXUINT);
  return digits > 0 && digits < 10;
}

GstClfftMaskImage *
gst_clfft_mask_image_parse (const guint8 * data, gsize size,
    const gchar * name, GError ** error)
{
  gsize at = 2;
  guint width, height, maxval;
  GstClfftMaskImage *image = NULL;

  /* "P5", whitespace, width, height, maxval, one whitespace, pixels */
  if (size < 3 || data[0] != 'P' || data[1] != '5'
      || !(g_ascii_isspace (data[2]) || data[2] == '#')
      || !pgm_field (data, size, &at, &width)
      || !pgm_field (data, size, &at, &height)
      || !pgm_field (data, size, &at, &maxval)
      || at >= size || !g_ascii_isspace (data[at])) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
        "%s is not a binary PGM (P5) file", name);
  } else if (width == 0 || height == 0 || width > MAX_MASK_SIDE
      || height > MAX_MASK_SIDE || maxval == 0 || maxval > 255) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
        "%s: a mask must be an 8-bit PGM of 1 to %u pixels a side "
        "(it is %ux%u, maxval %u)", name, MAX_MASK_SIDE, width, height,
        maxval);
  } else if (size - at - 1 < (gsize) width * height) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
        "%s is truncated: %ux%u pixels need %" G_GSIZE_FORMAT " bytes, it "
        "has %" G_GSIZE_FORMAT, name, width, height, (gsize) width * height,
        size - at - 1);
  } else {
    const guint8 *pixels = data + at + 1;

    image = g_rc_box_new (GstClfftMaskImage);
    image->width = width;
    image->height = height;
    image->pixels = g_malloc ((gsize) width * height);
    for (gsize i = 0; i < (gsize) width * height; i++)
      image->pixels[i] = (guint8) ((MIN (pixels[i], maxval) * 255u +
              maxval / 2) / maxval);
  }
  return image;
}

GstClfftMaskImage *
gst_clfft_mask_image_load (const gchar * path, GError ** error)
{
  gchar *contents;
  gsize size;
  GstClfftMaskImage *image;

  /* a regular file of a mask's size at most: a FIFO or a device would
   * block or never end (clfft-file.h) */
  if (!clfft_file_read_regular (path, (gsize) MAX_MASK_SIDE * MAX_MASK_SIDE
          + MAX_PGM_HEADER, TRUE, &contents, &size, error))
    return NULL;
  image = gst_clfft_mask_image_parse ((const guint8 *) contents, size, path,
      error);
  g_free (contents);
  return image;
}

GstClfftMaskImage *
gst_clfft_mask_image_ref (GstClfftMaskImage * image)
{
  return g_rc_box_acquire (image);
}

static void
mask_image_clear (gpointer data)
{
  g_free (((GstClfftMaskImage *) data)->pixels);
}

void
gst_clfft_mask_image_unref (GstClfftMaskImage * image)
{
  g_rc_box_release_full (image, mask_image_clear);
}
