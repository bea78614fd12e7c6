/* Fuzz target: the `notches` property's parser (gst_clfft_notches_parse)
 * and the masks of what it takes (gst_clfft_mask_fill). Beyond not
 * crashing (ASan, UBSan), it checks what the parser promises: NULL
 * exactly when it sets an error; a list of more than GST_CLFFT_MAX_NOTCHES
 * notches refused; every notch it returns lies in -0.5..0.5 cycles per
 * pixel; the notches, printed back as text, parse to the same notches;
 * and their masks, of every shape at radii from a point to the largest,
 * are the product over every notch and bin (within the float's rounding),
 * wherever the notches lie. There is no per-notch radius in the syntax:
 * notch-radius is a property of its own. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "gstclfftmask.h"
#include "notch-reference.h"

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

/* The items a list holds, as the parser splits and strips them. */
static guint
count_items (const gchar * text)
{
  gchar **items = g_strsplit (text, ";", -1);
  guint n = 0;

  for (guint i = 0; items[i]; i++)
    n += *g_strstrip (items[i]) != '\0';
  g_strfreev (items);
  return n;
}

/* The masks of the notches at two small sizes against the product. */
static void
check_masks (const GArray * notches)
{
  const guint sizes[][2] = { {3, 2}, {8, 5} };
  const gdouble radii[] = { 0.0, 0.01, 0.2, 0.71 };
  gfloat gain[40];

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint shape = GST_CLFFT_SHAPE_IDEAL;
        shape <= GST_CLFFT_SHAPE_BUTTERWORTH; shape++)
      for (guint r = 0; r < G_N_ELEMENTS (radii); r++) {
        const guint w = sizes[s][0], h = sizes[s][1];
        GstClfftMaskParams p = {
          .filter = GST_CLFFT_FILTER_NOTCH,
          .shape = shape,
          .order = 1 + r * 5,
          .notches = (const GstClfftNotch *) notches->data,
          .n_notches = notches->len,
          .notch_radius = radii[r],
          .pass_gain = 1.0,
        };

        gst_clfft_mask_fill (gain, w, h, &p);
        for (guint ky = 0; ky < h; ky++)
          for (guint kx = 0; kx < w; kx++) {
            const gint x = kx < (w + 1) / 2 ? (gint) kx : (gint) kx - (gint) w;
            const gint y = ky < (h + 1) / 2 ? (gint) ky : (gint) ky - (gint) h;
            const gdouble fx = (gdouble) x / w, fy = (gdouble) y / h;
            gdouble ref = 1.0;

            for (guint i = 0; i < notches->len; i++) {
              const GstClfftNotch *n = &g_array_index (notches,
                  GstClfftNotch, i);

              ref *= ref_notch_factor (&p, n, fx - n->fx, fy - n->fy)
                  * ref_notch_factor (&p, n, fx + n->fx, fy + n->fy);
            }
            if (!(fabs (gain[ky * w + kx] - ref) <= ldexp (ref, -24) + 1e-13))
              abort ();
          }
      }
}

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  /* the property's value is a C string: up to the first NUL */
  gchar *text = g_strndup ((const gchar *) data, size);
  GError *error = NULL;
  GArray *notches = gst_clfft_notches_parse (text, &error);

  if ((notches == NULL) != (error != NULL))
    abort ();
  if (notches) {
    GString *again = g_string_new (NULL);
    GArray *reparsed;

    if (notches->len > GST_CLFFT_MAX_NOTCHES
        || count_items (text) > GST_CLFFT_MAX_NOTCHES)
      abort ();
    for (guint i = 0; i < notches->len; i++) {
      const GstClfftNotch *n = &g_array_index (notches, GstClfftNotch, i);
      gchar x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];

      if (!(fabs (n->fx) <= 0.5 && fabs (n->fy) <= 0.5))
        abort ();
      g_string_append_printf (again, "%s,%s;",
          g_ascii_dtostr (x, sizeof (x), n->fx),
          g_ascii_dtostr (y, sizeof (y), n->fy));
    }
    reparsed = gst_clfft_notches_parse (again->str, NULL);
    if (!reparsed || reparsed->len != notches->len)
      abort ();
    for (guint i = 0; i < notches->len; i++) {
      const GstClfftNotch *a = &g_array_index (notches, GstClfftNotch, i);
      const GstClfftNotch *b = &g_array_index (reparsed, GstClfftNotch, i);

      if (a->fx != b->fx || a->fy != b->fy)
        abort ();
    }
    check_masks (notches);
    g_array_unref (reparsed);
    g_array_unref (notches);
    g_string_free (again, TRUE);
  } else {
    if (!error->message || !*error->message)
      abort ();
    g_error_free (error);
  }
  g_free (text);
  return 0;
}
