/* Audio samples as GStreamer's spectrum reads them, for clfftspectrum and
 * clfftspectrogram. */
#ifndef __GST_CLFFT_AUDIO_SAMPLES_H__
#define __GST_CLFFT_AUDIO_SAMPLES_H__

#include <gst/audio/audio.h>

G_BEGIN_DECLS

/* The caps' formats, interleaved. */
#define GST_CLFFT_AUDIO_CAPS \
  GST_AUDIO_CAPS_MAKE ("{ S16LE, S24LE, S32LE, F32LE, F64LE }") ", " \
  "layout = (string) interleaved"

/* What integers are divided by: 2^(bits - 1) - 1, in float. */
static inline gfloat
gst_clfft_sample_max (const GstAudioInfo * info)
{
  return (gfloat) ((1UL << ((GST_AUDIO_INFO_BPS (info) << 3) - 1)) - 1);
}

/* Sample i of data: an integer over max_value, a float as it is. */
static inline gdouble
gst_clfft_read_sample (const guint8 * data, GstAudioFormat format, gsize i,
    gfloat max_value)
{
  switch (format) {
    case GST_AUDIO_FORMAT_S16LE:
      return (gint16) GST_READ_UINT16_LE (data + 2 * i) / max_value;
    case GST_AUDIO_FORMAT_S24LE:{
      gint32 v = GST_READ_UINT24_LE (data + 3 * i);

      if (v & 0x00800000)
        v |= 0xff000000;
      return v / max_value;
    }
    case GST_AUDIO_FORMAT_S32LE:
      return (gint32) GST_READ_UINT32_LE (data + 4 * i) / max_value;
    case GST_AUDIO_FORMAT_F32LE:
      return GST_READ_FLOAT_LE (data + 4 * i);
    default:
      return GST_READ_DOUBLE_LE (data + 8 * i);
  }
}

/* Takes n_frames whole frames at data; FALSE stops the buffer. */
typedef gboolean (*GstClfftTakeFrames) (gpointer element,
    const guint8 * data, gsize n_frames);

/* Hands the whole frames of size bytes at data to take, frames of bpf
 * bytes that buffers may split (a raw file read in blocks that are not
 * whole frames): the start of a frame that the buffer before left in
 * split is completed first, and the end of this one waits there for the
 * next, so that every sample after a split stays in its channel. Empty
 * split at a discontinuity. Whether take took every frame. */
static inline gboolean
gst_clfft_take_whole_frames (GByteArray * split, const guint8 * data,
    gsize size, guint bpf, GstClfftTakeFrames take, gpointer element)
{
  gboolean ok = TRUE;
  gsize rest;

  if (split->len > 0) {
    gsize part = MIN (bpf - split->len, size);

    g_byte_array_append (split, data, part);
    data += part;
    size -= part;
    if (split->len == bpf) {
      ok = take (element, split->data, 1);
      g_byte_array_set_size (split, 0);
    }
  }
  if (ok && size >= bpf)
    ok = take (element, data, size / bpf);
  rest = size % bpf;
  if (ok && rest)
    g_byte_array_append (split, data + size - rest, rest);
  return ok;
}

G_END_DECLS

#endif /* __GST_CLFFT_AUDIO_SAMPLES_H__ */
