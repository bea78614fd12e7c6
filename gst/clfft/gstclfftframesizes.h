/* Frame sizes as users write them: clfft2dfilter's prepare-sizes and
 * gst-clfft-prepare's --size. */
#ifndef __GST_CLFFT_FRAME_SIZES_H__
#define __GST_CLFFT_FRAME_SIZES_H__

#include <glib.h>
#include "engine/clfft-filter2d.h"

G_BEGIN_DECLS

typedef struct
{
  guint width, height;
  ClfftPixels pixels;
} GstClfftFrameSize;

/* "WxH" (8-bit pixels: GRAY8, I420, NV12) or "WxH:16" (GRAY16_LE),
 * separated by commas or spaces, each side from CLFFT_FRAME_SIDE_MIN to
 * CLFFT_FRAME_SIDE_MAX (what clfft2dfilter takes), in decimal digits
 * alone: no sign, no space inside. NULL or "" gives no size; NULL with
 * error set (naming the entry and the range) where an entry is not such a
 * size. */
GArray *gst_clfft_frame_sizes_parse (const gchar * text, GError ** error);

G_END_DECLS

#endif /* __GST_CLFFT_FRAME_SIZES_H__ */
