/* clfftspectrogram's colour maps: a colour for each level 0 .. 255. */
#ifndef __GST_CLFFT_COLOUR_MAPS_H__
#define __GST_CLFFT_COLOUR_MAPS_H__

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  GST_CLFFT_COLOUR_MAP_GRAY,
  GST_CLFFT_COLOUR_MAP_MAGMA,
  GST_CLFFT_COLOUR_MAP_INFERNO,
  GST_CLFFT_COLOUR_MAP_VIRIDIS,
} GstClfftColourMap;

/* The colour of level (0 .. 255) in map, as R, G, B. */
void gst_clfft_colour_map_rgb (GstClfftColourMap map, guint level,
    guint8 rgb[3]);

G_END_DECLS

#endif /* __GST_CLFFT_COLOUR_MAPS_H__ */
