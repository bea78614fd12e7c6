/* Fuzz target: frame sizes as users write them (clfft2dfilter's
 * prepare-sizes, gst-clfft-prepare's --size: gst_clfft_frame_sizes_parse).
 * Beyond not crashing or hanging (ASan, UBSan, libFuzzer's timeout), it
 * checks what the parser promises: NULL exactly when it sets an error,
 * whose message is valid UTF-8 and names the range; every side from
 * CLFFT_FRAME_SIDE_MIN to CLFFT_FRAME_SIDE_MAX; and the sizes, printed
 * back as text, parse to the same sizes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gstclfftframesizes.h"

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  /* the property's value is a C string: up to the first NUL */
  gchar *text = g_strndup ((const gchar *) data, size);
  GError *error = NULL;
  GArray *sizes = gst_clfft_frame_sizes_parse (text, &error);

  if ((sizes == NULL) != (error != NULL))
    abort ();
  if (sizes) {
    GString *again = g_string_new (NULL);
    GArray *reparsed;

    for (guint i = 0; i < sizes->len; i++) {
      const GstClfftFrameSize *s = &g_array_index (sizes, GstClfftFrameSize,
          i);

      if (s->width < CLFFT_FRAME_SIDE_MIN || s->width > CLFFT_FRAME_SIDE_MAX
          || s->height < CLFFT_FRAME_SIDE_MIN
          || s->height > CLFFT_FRAME_SIDE_MAX)
        abort ();
      g_string_append_printf (again, "%ux%u%s,", s->width, s->height,
          s->pixels == CLFFT_PIXELS_U16 ? ":16" : "");
    }
    reparsed = gst_clfft_frame_sizes_parse (again->str, NULL);
    if (!reparsed || reparsed->len != sizes->len
        || (sizes->len && memcmp (reparsed->data, sizes->data,
                sizes->len * sizeof (GstClfftFrameSize)) != 0))
      abort ();
    g_array_unref (reparsed);
    g_array_unref (sizes);
    g_string_free (again, TRUE);
  } else {
    if (!g_utf8_validate (error->message, -1, NULL)
        || !strstr (error->message, "from 2 to 8192"))
      abort ();
    g_error_free (error);
  }
  g_free (text);
  return 0;
}
