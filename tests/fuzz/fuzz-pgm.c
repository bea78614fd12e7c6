/* Fuzz target: the PGM mask reader (gst_clfft_mask_image_parse, which
 * mask-location files go through). Beyond not crashing (ASan, UBSan, and
 * no read past the data, which is copied to a buffer of its exact size),
 * it checks what the reader promises: NULL exactly when it sets an error,
 * and an image of 1 to 16384 pixels a side whose pixels were all in the
 * data. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gstclfftmask.h"

int LLVMFuzzerTestOneInput (const uint8_t * data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t * data, size_t size)
{
  guint8 *copy = g_memdup2 (data, size);
  GError *error = NULL;
  GstClfftMaskImage *image = gst_clfft_mask_image_parse (copy, size,
      "input", &error);

  if ((image == NULL) != (error != NULL))
    abort ();
  if (image) {
    if (image->width < 1 || image->height < 1 || image->width > 16384
        || image->height > 16384
        || (gsize) image->width * image->height > size)
      abort ();
    gst_clfft_mask_image_unref (image);
  } else {
    if (!error->message || !*error->message)
      abort ();
    g_error_free (error);
  }
  g_free (copy);
  return 0;
}
