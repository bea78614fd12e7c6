/* Fuzz target: the `notches` property's parser (gst_clfft_notches_parse).
 * Beyond not crashing (ASan, UBSan), it checks what the parser promises:
 * NULL exactly when it sets an error; every notch it returns lies in
 * -0.5..0.5 cycles per pixel; and the notches, printed back as text,
 * parse to the same notches. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "gstclfftmask.h"

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

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
