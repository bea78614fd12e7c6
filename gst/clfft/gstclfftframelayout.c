#include "gstclfftframelayout.h"

#include <string.h>

/* The bytes a sample of component c takes in its container. */
static guint
sample_bytes (const GstVideoFormatInfo * finfo, guint c)
{
  return (GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) +
      GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c) + 7) / 8;
}

guint
gst_clfft_comp_offset (const GstVideoInfo * info, guint c)
{
  guint offset = GST_VIDEO_INFO_COMP_POFFSET (info, c);
  guint bytes = sample_bytes (info->finfo, c);

  /* GStreamer 1.22's tables give P010_10LE's (and P012's, P016's) V at
   * byte 1, inside U's 16-bit sample: it counts samples there */
  return offset % bytes ? offset * bytes : offset;
}

static guint
plane_rows (const GstVideoInfo * info, guint p)
{
  guint rows = 0;

  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == p)
      rows = MAX (rows, (guint) GST_VIDEO_INFO_COMP_HEIGHT (info, c));
  return rows;
}

gsize
gst_clfft_plane_row_bytes (const GstVideoInfo * info, guint p)
{
  const GstVideoFormatInfo *finfo = info->finfo;
  gsize row = 0;
  guint pixel = 0;

  /* three samples to a 32-bit word, which the tables do not describe */
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_GRAY10_LE32)
    return ((gsize) GST_VIDEO_INFO_WIDTH (info) + 2) / 3 * 4;

  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == p) {
      gsize end = gst_clfft_comp_offset (info, c)
          + (gsize) GST_VIDEO_INFO_COMP_PSTRIDE (info, c)
          * (GST_VIDEO_INFO_COMP_WIDTH (info, c) - 1)
          + sample_bytes (finfo, c);
      guint pstride = GST_VIDEO_INFO_COMP_PSTRIDE (info, c);

      row = MAX (row, end);
      pixel = pixel ? MIN (pixel, pstride) : pstride;
    }
  /* whole pixels: RGBx's last padding byte too, so that it passes */
  return pixel > 1 ? (row + pixel - 1) / pixel * pixel : row;
}

gboolean
gst_clfft_frame_layout_from_info (const GstVideoInfo * info,
    ClfftFrameLayout * layout)
{
  const GstVideoFormatInfo *finfo = info->finfo;

  memset (layout, 0, sizeof (*layout));
  layout->n_planes = GST_VIDEO_INFO_N_PLANES (info);
  layout->n_channels = GST_VIDEO_INFO_N_COMPONENTS (info);
  if (layout->n_planes > CLFFT_FRAME_MAX_PLANES
      || layout->n_channels > CLFFT_FRAME_MAX_CHANNELS)
    return FALSE;
  for (guint p = 0; p < layout->n_planes; p++) {
    layout->row_bytes[p] = gst_clfft_plane_row_bytes (info, p);
    layout->rows[p] = plane_rows (info, p);
  }
  if (GST_VIDEO_INFO_FORMAT (info) == GST_VIDEO_FORMAT_GRAY10_LE32) {
    layout->channels[0] = (ClfftFrameChannel) {
      .plane = 0,.packing = CLFFT_SAMPLES_THREE_TO_A_WORD,
      .width = GST_VIDEO_INFO_WIDTH (info),
      .height = GST_VIDEO_INFO_HEIGHT (info),.depth = 10,.sx = 1,.sy = 1
    };
    return TRUE;
  }
  for (guint c = 0; c < layout->n_channels; c++) {
    ClfftFrameChannel *ch = &layout->channels[c];
    guint bytes = sample_bytes (finfo, c);

    /* whole containers of one or two bytes, little-endian */
    if ((bytes != 1 && bytes != 2) || GST_VIDEO_INFO_COMP_PSTRIDE (info, c) <
        (gint) bytes || (bytes == 2 && GST_VIDEO_FORMAT_INFO_IS_LE (finfo)
            == FALSE))
      return FALSE;
    ch->plane = GST_VIDEO_INFO_COMP_PLANE (info, c);
    ch->offset = gst_clfft_comp_offset (info, c);
    ch->step = GST_VIDEO_INFO_COMP_PSTRIDE (info, c);
    ch->width = GST_VIDEO_INFO_COMP_WIDTH (info, c);
    ch->height = GST_VIDEO_INFO_COMP_HEIGHT (info, c);
    ch->depth = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c);
    ch->shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c);
    ch->sx = 1u << GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);
    ch->sy = 1u << GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c);
    /* BT.601's luma, which the spectrum view of RGB shows */
    if (GST_VIDEO_INFO_IS_RGB (info) && c < 3)
      ch->luma_weight = (const gfloat[]) {
      0.299f, 0.587f, 0.114f}[c];
    /* the engine counts samples of 8 bits in bytes, others in 16 bits */
    if (bytes == 1 && ch->depth != 8)
      return FALSE;
  }
  return TRUE;
}

void
gst_clfft_frame_roles (const GstVideoInfo * info, GstClfftChroma chroma,
    gboolean luma_view, ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS])
{
  const gboolean yuv = GST_VIDEO_INFO_IS_YUV (info);

  for (guint c = 0; c < CLFFT_FRAME_MAX_CHANNELS; c++) {
    if (c == GST_VIDEO_COMP_A && GST_VIDEO_INFO_HAS_ALPHA (info))
      roles[c] = CLFFT_CHANNEL_PASS;
    else if (luma_view && GST_VIDEO_INFO_IS_RGB (info))
      roles[c] = CLFFT_CHANNEL_GRAY;
    else if (!yuv || c == GST_VIDEO_COMP_Y)
      roles[c] = CLFFT_CHANNEL_FILTER;
    else if (chroma == GST_CLFFT_CHROMA_NEUTRAL)
      roles[c] = CLFFT_CHANNEL_NEUTRAL;
    else if (chroma == GST_CLFFT_CHROMA_FILTER)
      roles[c] = CLFFT_CHANNEL_FILTER;
    else
      roles[c] = CLFFT_CHANNEL_PASS;
  }
}

/* Every sample of component c of a mapped frame set to its mid value. */
static void
fill_component (GstVideoFrame * frame, guint c)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  guint8 *data = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      GST_VIDEO_FRAME_COMP_PLANE (frame, c)) + gst_clfft_comp_offset
      (&frame->info, c);
  const gint stride = GST_VIDEO_FRAME_COMP_STRIDE (frame, c);
  const gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, c);
  const guint width = GST_VIDEO_FRAME_COMP_WIDTH (frame, c);
  const guint height = GST_VIDEO_FRAME_COMP_HEIGHT (frame, c);
  const guint mid = (1u << (GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) - 1))
      << GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c);

  for (guint y = 0; y < height; y++) {
    guint8 *row = data + (gsize) y * stride;

    if (sample_bytes (finfo, c) == 1 && pstride == 1) {
      memset (row, mid, width);
      continue;
    }
    for (guint x = 0; x < width; x++)
      if (sample_bytes (finfo, c) == 1)
        row[(gsize) x * pstride] = mid;
      else
        GST_WRITE_UINT16_LE (row + (gsize) x * pstride, mid);
  }
}

gboolean
gst_clfft_plane_pass (GstVideoFrame * out, const GstVideoFrame * in, guint p,
    const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS])
{
  gboolean all_neutral = TRUE;

  for (guint c = 0; c < GST_VIDEO_FRAME_N_COMPONENTS (in); c++)
    if (GST_VIDEO_FRAME_COMP_PLANE (in, c) == p)
      all_neutral = all_neutral && roles[c] == CLFFT_CHANNEL_NEUTRAL;
  /* neutral planes are written whole: nothing of them is copied */
  if (!all_neutral && !gst_video_frame_copy_plane (out, in, p))
    return FALSE;
  for (guint c = 0; c < GST_VIDEO_FRAME_N_COMPONENTS (in); c++)
    if (GST_VIDEO_FRAME_COMP_PLANE (in, c) == p
        && roles[c] == CLFFT_CHANNEL_NEUTRAL)
      fill_component (out, c);
  return TRUE;
}
