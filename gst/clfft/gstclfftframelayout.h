/* clfft2dfilter's video formats as the engine's frame layouts
 * (engine/clfft-frame-filter.h), and what happens to each channel. */
#ifndef __GST_CLFFT_FRAME_LAYOUT_H__
#define __GST_CLFFT_FRAME_LAYOUT_H__

#include <gst/video/video.h>

#include "engine/clfft-frame-filter.h"

G_BEGIN_DECLS

/* What becomes of the chroma planes of YUV frames (the luma is filtered). */
typedef enum
{
  GST_CLFFT_CHROMA_AUTO,        /* filter where the output is a picture of
                                 * the input, else neutral */
  GST_CLFFT_CHROMA_PASS,        /* unchanged */
  GST_CLFFT_CHROMA_NEUTRAL,     /* the mid value: a gray picture */
  GST_CLFFT_CHROMA_FILTER,      /* filtered like the luma */
} GstClfftChroma;

/* The byte of a row of its plane where component c's first sample lies. */
guint gst_clfft_comp_offset (const GstVideoInfo * info, guint c);

/* The bytes of a row of plane p that hold samples: to the end of its last
 * pixel (RGBx's padding byte included). */
gsize gst_clfft_plane_row_bytes (const GstVideoInfo * info, guint p);

/* The frame layout of info's format and size; FALSE for formats whose
 * samples are not whole 8-bit or 16-bit containers. */
gboolean gst_clfft_frame_layout_from_info (const GstVideoInfo * info,
    ClfftFrameLayout * layout);

/* Each channel's role: luma and R, G, B filtered, alpha passed, chroma as
 * chroma (resolved: not auto); with luma_view (the spectrum view), R, G
 * and B all show the filtered luma, a gray picture. */
void gst_clfft_frame_roles (const GstVideoInfo * info, GstClfftChroma chroma,
    gboolean luma_view, ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS]);

/* Plane p of a mapped frame, none of whose channels is filtered, from the
 * input frame: copied, or set to the mid value where its channels are
 * neutral. FALSE where the copy fails. */
gboolean gst_clfft_plane_pass (GstVideoFrame * out, const GstVideoFrame * in,
    guint p, const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS]);

G_END_DECLS

#endif /* __GST_CLFFT_FRAME_LAYOUT_H__ */
