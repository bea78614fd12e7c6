/* clfft2dfilter's video formats through GstHarness: every channel of every
 * format against a double-precision reference computed plane by plane
 * (chroma planes with the mask at their frequencies in cycles per luma
 * pixel), what chroma=pass, neutral and auto do, identity, and changes of
 * format mid-stream. */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#include "filter-reference.h"
#include "reference.h"

static GRand *rng;

static void
setup (void)
{
  rng = ref_rand_new ();
}

static void
teardown (void)
{
  g_rand_free (rng);
}

static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_GRAY16_LE,
  GST_VIDEO_FORMAT_GRAY10_LE32, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_NV12,
  GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_NV16,
  GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_NV24,
  GST_VIDEO_FORMAT_YUY2, GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_YVYU,
  GST_VIDEO_FORMAT_I420_10LE, GST_VIDEO_FORMAT_I422_10LE,
  GST_VIDEO_FORMAT_Y444_10LE, GST_VIDEO_FORMAT_P010_10LE,
  GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_xRGB,
  GST_VIDEO_FORMAT_xBGR, GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA,
  GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGB,
  GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_GBR,
#if GST_CHECK_VERSION (1, 26, 0)
  GST_VIDEO_FORMAT_GRAY10_LE16,
#endif
};

/* What a channel should come out as. */
typedef enum
{
  EXPECT_FILTERED,              /* the reference's, within a level or 4 */
  EXPECT_UNCHANGED,             /* sample for sample */
  EXPECT_NEUTRAL,               /* the mid value, every sample */
  EXPECT_UNCHECKED,             /* no picture of the input */
} Expect;

static guint
sample_bytes (const GstVideoFormatInfo * finfo, guint c)
{
  return (GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) +
      GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c) + 7) / 8;
}

/* The byte of its plane's rows where component c starts. GStreamer 1.22
 * gives P010_10LE's V at byte 1, which counts 16-bit samples; read_sample
 * is checked against GStreamer's own unpacking (check_against_unpack). */
static guint
comp_offset (const GstVideoFrame * frame, guint c)
{
  guint offset = GST_VIDEO_FRAME_COMP_POFFSET (frame, c);
  guint bytes = sample_bytes (frame->info.finfo, c);

  return offset % bytes ? offset * bytes : offset;
}

static guint8 *
sample_at (const GstVideoFrame * frame, guint c, guint x, guint y)
{
  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      GST_VIDEO_FRAME_COMP_PLANE (frame, c)) + (gsize) y *
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, GST_VIDEO_FRAME_COMP_PLANE (frame,
          c)) + comp_offset (frame, c) + (gsize) x *
      GST_VIDEO_FRAME_COMP_PSTRIDE (frame, c);
}

/* GRAY10_LE32: three 10-bit samples to a little-endian 32-bit word, the
 * first in the low bits; the word of sample (x, y), and its bits. */
static gboolean
three_to_a_word (const GstVideoFrame * frame)
{
  return GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_FORMAT_GRAY10_LE32;
}

static guint8 *
word_at (const GstVideoFrame * frame, guint x, guint y, guint * bit)
{
  *bit = 10 * (x % 3);
  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, 0) + (gsize) y *
      GST_VIDEO_FRAME_PLANE_STRIDE (frame, 0) + (x / 3) * 4;
}

/* Sample (x, y) of component c, as stored (shifted). */
static guint
read_sample (const GstVideoFrame * frame, guint c, guint x, guint y)
{
  const guint8 *p;
  guint bit;

  if (three_to_a_word (frame)) {
    /* word_at first: the operands of >> are read in no set order */
    p = word_at (frame, x, y, &bit);
    return (GST_READ_UINT32_LE (p) >> bit) & 0x3ff;
  }
  p = sample_at (frame, c, x, y);
  return sample_bytes (frame->info.finfo, c) == 1 ? *p :
      GST_READ_UINT16_LE (p);
}

static void
write_sample (GstVideoFrame * frame, guint c, guint x, guint y, guint v)
{
  guint8 *p;
  guint bit;

  if (three_to_a_word (frame)) {
    p = word_at (frame, x, y, &bit);
    GST_WRITE_UINT32_LE (p, (GST_READ_UINT32_LE (p) & ~(0x3ffu << bit)) |
        v << bit);
    return;
  }
  p = sample_at (frame, c, x, y);
  if (sample_bytes (frame->info.finfo, c) == 1)
    *p = v;
  else
    GST_WRITE_UINT16_LE (p, v);
}

static guint
comp_max (const GstVideoFormatInfo * finfo, guint c)
{
  return (1u << GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c)) - 1;
}

/* Row 0 of every component read as the test reads it equals GStreamer's
 * own unpacking of the row (full resolution, chroma repeated). */
static void
check_against_unpack (const GstVideoFrame * frame)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  const guint w = GST_VIDEO_FRAME_WIDTH (frame);
  const gboolean wide = GST_VIDEO_FORMAT_INFO_BITS (gst_video_format_get_info
      (finfo->unpack_format)) > 8;
  guint8 *line = g_malloc0 ((gsize) w * 8 + 64);
  gpointer data[GST_VIDEO_MAX_PLANES];
  gint strides[GST_VIDEO_MAX_PLANES];

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    data[p] = GST_VIDEO_FRAME_PLANE_DATA (frame, p);
    strides[p] = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
  }
  finfo->unpack_func (finfo, GST_VIDEO_PACK_FLAG_TRUNCATE_RANGE, line,
      (const gpointer *) data, strides, 0, 0, w);
  for (guint c = 0; c < GST_VIDEO_FRAME_N_COMPONENTS (frame); c++) {
    const guint sx = 1u << GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c);
    const guint depth = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c);
    /* AYUV or ARGB order: alpha first */
    const guint at = (c + 1) % 4;

    for (guint x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (frame, c); x++) {
      guint unpacked = wide ? ((guint16 *) line)[4 * (x * sx) + at] >>
          (16 - depth) : line[4 * (x * sx) + at];
      guint mine = read_sample (frame, c, x, 0) >>
          GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c);

      if (unpacked != mine)
        fail ("%s component %u sample %u: %u, GStreamer unpacks %u",
            GST_VIDEO_INFO_NAME (&frame->info), c, x, mine, unpacked);
    }
  }
  g_free (line);
}

/* A frame of random valid samples (the padding bytes random too). */
static GstBuffer *
random_buffer (const GstVideoInfo * info)
{
  GstBuffer *buf = gst_buffer_new_allocate (NULL, info->size, NULL);
  GstVideoFrame frame;
  GstMapInfo map;

  fail_unless (gst_buffer_map (buf, &map, GST_MAP_WRITE));
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_rand_int_range (rng, 0, 256);
  gst_buffer_unmap (buf, &map);
  fail_unless (gst_video_frame_map (&frame, info, buf, GST_MAP_WRITE));
  for (guint c = 0; c < GST_VIDEO_FRAME_N_COMPONENTS (&frame); c++)
    for (guint y = 0; y < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&frame, c); y++)
      for (guint x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (&frame, c);
          x++)
        write_sample (&frame, c, x, y, g_rand_int_range (rng, 0,
                comp_max (info->finfo, c) + 1) << GST_VIDEO_FORMAT_INFO_SHIFT
            (info->finfo, c));
  check_against_unpack (&frame);
  gst_video_frame_unmap (&frame);
  return buf;
}

/* Component c of in, filtered by f as the element documents it, in the
 * component's range: the mask at the plane's frequencies in cycles per
 * frame pixel, value (or |value|) x gain + offset (8-bit levels scaled to
 * the range), or the plane's min..max stretched; rounded, clamped. */
static guint *
reference_component (const GstVideoFrame * in, guint c, const RefFilter * f)
{
  const GstVideoFormatInfo *finfo = in->info.finfo;
  const guint w = GST_VIDEO_FRAME_COMP_WIDTH (in, c);
  const guint ht = GST_VIDEO_FRAME_COMP_HEIGHT (in, c);
  const guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c);
  const gdouble max = comp_max (finfo, c);
  const gsize n = (gsize) w * ht;
  gdouble *pixels = g_new (gdouble, n), *values;
  gdouble lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  guint *out = g_new (guint, n);

  for (guint y = 0; y < ht; y++)
    for (guint x = 0; x < w; x++)
      pixels[(gsize) y * w + x] = read_sample (in, c, x, y) >> shift;
  values = ref_plane_values (pixels, w, ht, f,
      1u << GST_VIDEO_FORMAT_INFO_W_SUB (finfo, c),
      1u << GST_VIDEO_FORMAT_INFO_H_SUB (finfo, c));
  ref_stretch_range (values, n, f->saturate, &lo, &hi);
  for (gsize i = 0; i < n; i++) {
    gdouble v = values[i];

    if (f->normalize)
      v = hi - lo > 0.01 ? (v - lo) * max / (hi - lo) : 0;
    else
      v = (f->abs ? fabs (v) : v) * f->gain + f->offset * max / 255;
    out[i] = (guint) CLAMP (floor (v + 0.5), 0, max);
  }
  g_free (pixels);
  g_free (values);
  return out;
}

static GstHarness *
harness_new_info (const GstVideoInfo * info, const gchar * props)
{
  gchar *launch = g_strdup_printf ("clfft2dfilter %s", props);
  GstCaps *caps = gst_video_info_to_caps (info);
  GstHarness *h = gst_harness_new_parse (launch);

  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  gst_harness_set_sink_caps (h, caps);
  g_free (launch);
  return h;
}

/* Pushes a random frame of info through h (props, f: what it does) and
 * checks each component: the luma and R, G, B as main says, chroma as
 * chroma says, alpha unchanged. */
static void
check_frame (GstHarness * h, const GstVideoInfo * info, const gchar * props,
    const RefFilter * f, Expect main, Expect chroma)
{
  const GstVideoFormatInfo *finfo = info->finfo;
  const gchar *name = GST_VIDEO_INFO_NAME (info);
  GstBuffer *in_buf = random_buffer (info), *out_buf;
  GstVideoFrame in, out;

  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in_buf)),
      GST_FLOW_OK);
  out_buf = gst_harness_pull (h);
  fail_unless (out_buf != NULL);
  fail_unless (gst_video_frame_map (&in, info, in_buf, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out, info, out_buf, GST_MAP_READ));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    const gboolean alpha = c == GST_VIDEO_COMP_A
        && GST_VIDEO_INFO_HAS_ALPHA (info);
    const gboolean is_chroma = GST_VIDEO_INFO_IS_YUV (info) && !alpha
        && c != GST_VIDEO_COMP_Y;
    const Expect expect = alpha ? EXPECT_UNCHANGED : is_chroma ? chroma :
        main;
    const guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c);
    const guint mid = 1u << (GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) - 1);
    const gint tolerance = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ? 4 : 1;
    const guint w = GST_VIDEO_INFO_COMP_WIDTH (info, c);
    guint *ref = expect == EXPECT_FILTERED ?
        reference_component (&in, c, f) : NULL;

    for (guint y = 0; expect != EXPECT_UNCHECKED
        && y < (guint) GST_VIDEO_INFO_COMP_HEIGHT (info, c); y++)
      for (guint x = 0; x < w; x++) {
        guint stored = read_sample (&out, c, x, y);
        gint got = stored >> shift;
        gint want = expect == EXPECT_FILTERED ? (gint) ref[y * w + x] :
            expect == EXPECT_NEUTRAL ? (gint) mid :
            (gint) (read_sample (&in, c, x, y) >> shift);

        /* the bits below a shifted sample stay 0 */
        if ((stored & ((1u << shift) - 1)) != 0
            || ABS (got - want) > (expect == EXPECT_FILTERED ? tolerance : 0))
          fail ("%s %dx%d (%s) component %u (%u, %u): %d for %d", name,
              GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
              props, c, x, y, got, want);
      }
    g_free (ref);
  }
  gst_video_frame_unmap (&in);
  gst_video_frame_unmap (&out);
  gst_buffer_unref (in_buf);
  gst_buffer_unref (out_buf);
}

/* One frame of format at w x ht through a new element. */
static void
check_format (GstVideoFormat format, guint w, guint ht, const gchar * extra,
    const RefFilter * f, Expect main, Expect chroma)
{
  gchar *mask = f ? ref_filter_properties (f) : g_strdup ("filter=none");
  gchar *props = g_strdup_printf ("%s %s", mask, extra);
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, format, w, ht);
  h = harness_new_info (&info, props);
  check_frame (h, &info, props, f, main, chroma);
  gst_harness_teardown (h);
  g_free (mask);
  g_free (props);
}

/* Every format, every channel against the reference: chroma filtered by
 * default (chroma=auto, the output a picture), with the luma's mask at
 * the chroma's frequencies; 10-bit samples rounded and clamped to their
 * range, with the offset scaled to it; odd and even sizes, mirror
 * padding for a few. */
GST_START_TEST (test_every_format_matches_reference)
{
  RefFilter blur = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };
  /* a high-boost over an offset: clamps at both ends */
  RefFilter boost = { "highpass", "ideal", 2, 0.1, 0.25, {0, 0}, 0.01,
    TRUE, 2.0, 40.0, FALSE
  };
  RefFilter mirrored = blur;

  mirrored.mirror = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    check_format (formats[i], 45, 27, "", &blur, EXPECT_FILTERED,
        EXPECT_FILTERED);
    check_format (formats[i], 46, 28, "chroma=filter", &boost,
        EXPECT_FILTERED, EXPECT_FILTERED);
  }
  check_format (GST_VIDEO_FORMAT_I420, 45, 27, "", &mirrored,
      EXPECT_FILTERED, EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_YUY2, 46, 28, "", &mirrored,
      EXPECT_FILTERED, EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_BGRA, 45, 27, "", &mirrored,
      EXPECT_FILTERED, EXPECT_FILTERED);
  /* stripes in each plane's own bins, which count the frame's */
  blur.stripes = "vertical";
  blur.stripe_tolerance = 30.0;
  check_format (GST_VIDEO_FORMAT_I420, 46, 28, "", &blur, EXPECT_FILTERED,
      EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_YUY2, 46, 28, "", &blur, EXPECT_FILTERED,
      EXPECT_FILTERED);
}

GST_END_TEST;

/* chroma=pass keeps every chroma sample, chroma=neutral sets them to the
 * mid value (128, 512 for 10 bits), with the luma filtered either way. */
GST_START_TEST (test_chroma_pass_and_neutral)
{
  RefFilter blur = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    if (!GST_VIDEO_FORMAT_INFO_IS_YUV (gst_video_format_get_info
            (formats[i])))
      continue;
    check_format (formats[i], 45, 27, "chroma=pass", &blur, EXPECT_FILTERED,
        EXPECT_UNCHANGED);
    check_format (formats[i], 45, 27, "chroma=neutral", &blur,
        EXPECT_FILTERED, EXPECT_NEUTRAL);
  }
}

GST_END_TEST;

/* filter=none returns every format sample for sample, odd sizes (whose
 * chroma sizes round up) included. */
GST_START_TEST (test_every_format_identity)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    check_format (formats[i], 45, 27, "", NULL, EXPECT_UNCHANGED,
        EXPECT_UNCHANGED);
    check_format (formats[i], 46, 28, "chroma=neutral", NULL,
        EXPECT_UNCHANGED, EXPECT_NEUTRAL);
  }
}

GST_END_TEST;

/* Where the output is not a picture of the input (output=abs, normalize,
 * mode=spectrum), chroma=auto makes YUV's chroma neutral (a gray
 * picture), and chroma=pass keeps it; RGB's channels take abs and
 * normalize each, against the reference. */
GST_START_TEST (test_outputs_that_are_no_picture)
{
  const GstVideoFormat yuv[] = { GST_VIDEO_FORMAT_I420,
    GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_YUY2,
    GST_VIDEO_FORMAT_I422_10LE, GST_VIDEO_FORMAT_P010_10LE
  };
  const gchar *not_pictures[] = { "filter=highpass output=abs",
    "filter=highpass output=normalize", "mode=spectrum"
  };
  RefFilter edges = { "highpass", "gaussian", 2, 0.1, 0.25, {0, 0}, 0.01,
    FALSE, 3.0, 0.0, TRUE
  };
  RefFilter stretched = edges;

  stretched.abs = FALSE;
  stretched.normalize = TRUE;
  for (guint j = 0; j < G_N_ELEMENTS (not_pictures); j++)
    for (guint i = 0; i < G_N_ELEMENTS (yuv); i++) {
      gchar *pass = g_strdup_printf ("%s chroma=pass", not_pictures[j]);
      GstVideoInfo info;
      GstHarness *h;

      gst_video_info_set_format (&info, yuv[i], 48, 32);
      h = harness_new_info (&info, not_pictures[j]);
      check_frame (h, &info, not_pictures[j], NULL, EXPECT_UNCHECKED,
          EXPECT_NEUTRAL);
      gst_harness_teardown (h);
      h = harness_new_info (&info, pass);
      check_frame (h, &info, pass, NULL, EXPECT_UNCHECKED, EXPECT_UNCHANGED);
      gst_harness_teardown (h);
      g_free (pass);
    }
  check_format (GST_VIDEO_FORMAT_RGBx, 48, 32, "", &edges, EXPECT_FILTERED,
      EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_ARGB, 48, 32, "", &stretched,
      EXPECT_FILTERED, EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_Y444_10LE, 48, 32, "chroma=filter",
      &stretched, EXPECT_FILTERED, EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_GRAY10_LE32, 47, 32, "", &stretched,
      EXPECT_FILTERED, EXPECT_FILTERED);
  /* each channel saturated on its own */
  stretched.saturate = 2.0;
  check_format (GST_VIDEO_FORMAT_ARGB, 48, 32, "", &stretched,
      EXPECT_FILTERED, EXPECT_FILTERED);
  check_format (GST_VIDEO_FORMAT_GRAY16_LE, 48, 32, "", &stretched,
      EXPECT_FILTERED, EXPECT_FILTERED);
}

GST_END_TEST;

/* mode=spectrum of RGB shows the spectrum of the luma (BT.601 weights) in
 * gray: R, G and B each as GRAY8's view of the luma frame (made here from
 * the samples), within two levels; alpha unchanged. */
GST_START_TEST (test_rgb_spectrum_shows_luma)
{
  const GstVideoFormat rgb[] = { GST_VIDEO_FORMAT_RGBx,
    GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_GBR
  };
  const guint w = 48, ht = 32;

  for (guint i = 0; i < G_N_ELEMENTS (rgb); i++) {
    GstVideoInfo info, gray_info;
    GstVideoFrame in, out, gray_in, gray_out;
    GstBuffer *in_buf, *out_buf, *gray_buf, *gray_out_buf;
    GstHarness *h, *gray;

    gst_video_info_set_format (&info, rgb[i], w, ht);
    gst_video_info_set_format (&gray_info, GST_VIDEO_FORMAT_GRAY8, w, ht);
    h = harness_new_info (&info, "mode=spectrum filter=none");
    gray = harness_new_info (&gray_info, "mode=spectrum filter=none");
    in_buf = random_buffer (&info);
    gray_buf = gst_buffer_new_allocate (NULL, gray_info.size, NULL);
    /* no luma within 0.01 of a half level, where the device's float sum
     * may round the other way: one level more or less where the spectrum
     * is near zero moves its log view by several levels */
    fail_unless (gst_video_frame_map (&in, &info, in_buf, GST_MAP_WRITE));
    for (guint y = 0; y < ht; y++)
      for (guint x = 0; x < w; x++) {
        gdouble l = 0.299 * read_sample (&in, 0, x, y) +
            0.587 * read_sample (&in, 1, x, y) +
            0.114 * read_sample (&in, 2, x, y);
        guint g = read_sample (&in, 1, x, y);

        if (fabs (l - floor (l) - 0.5) < 0.01)
          write_sample (&in, 1, x, y, g < 255 ? g + 1 : g - 1);
      }
    gst_video_frame_unmap (&in);
    fail_unless (gst_video_frame_map (&in, &info, in_buf, GST_MAP_READ));
    fail_unless (gst_video_frame_map (&gray_in, &gray_info, gray_buf,
            GST_MAP_WRITE));
    for (guint y = 0; y < ht; y++)
      for (guint x = 0; x < w; x++)
        ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&gray_in, 0))[y *
            GST_VIDEO_FRAME_PLANE_STRIDE (&gray_in, 0) + x] =
            (guint8) floor (0.299 * read_sample (&in, 0, x, y) +
            0.587 * read_sample (&in, 1, x, y) +
            0.114 * read_sample (&in, 2, x, y) + 0.5);
    gst_video_frame_unmap (&gray_in);
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in_buf)),
        GST_FLOW_OK);
    fail_unless_equals_int (gst_harness_push (gray, gray_buf), GST_FLOW_OK);
    out_buf = gst_harness_pull (h);
    gray_out_buf = gst_harness_pull (gray);
    fail_unless (gst_video_frame_map (&out, &info, out_buf, GST_MAP_READ));
    fail_unless (gst_video_frame_map (&gray_out, &gray_info, gray_out_buf,
            GST_MAP_READ));
    for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (&info); c++)
      for (guint y = 0; y < ht; y++)
        for (guint x = 0; x < w; x++) {
          gint got = read_sample (&out, c, x, y);
          gint want = c == GST_VIDEO_COMP_A ? (gint) read_sample (&in, c, x,
              y) : ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&gray_out,
                  0))[y * GST_VIDEO_FRAME_PLANE_STRIDE (&gray_out, 0) + x];

          /* two levels: the two plans may run schedules of their own,
           * whose float rounding moves the log view where the spectrum
           * is near zero */
          if (ABS (got - want) > (c == GST_VIDEO_COMP_A ? 0 : 2))
            fail ("%s component %u (%u, %u): %d for %d",
                GST_VIDEO_INFO_NAME (&info), c, x, y, got, want);
        }
    gst_video_frame_unmap (&in);
    gst_video_frame_unmap (&out);
    gst_video_frame_unmap (&gray_out);
    gst_buffer_unref (in_buf);
    gst_buffer_unref (out_buf);
    gst_buffer_unref (gray_out_buf);
    gst_harness_teardown (h);
    gst_harness_teardown (gray);
  }
}

GST_END_TEST;

/* mode=spectrum of P010_10LE, whose 10 bits lie in the top of 16, is the
 * view of the same picture in I420_10LE (samples in the low bits): the
 * spectrum of the samples' values, not of 64 times them (whose log view
 * once lay up to 140 levels off). Each luma within a level, the chroma
 * neutral in both; filters and shapes of both kinds. */
GST_START_TEST (test_p010_spectrum_equals_i420_10le)
{
  const guint w = 64, ht = 48;
  const gchar *props[] = { "mode=spectrum filter=none",
    "mode=spectrum filter=lowpass cutoff=0.2",
    "mode=spectrum filter=highpass shape=butterworth cutoff=0.05",
  };

  for (guint i = 0; i < G_N_ELEMENTS (props); i++) {
    GstVideoInfo i420_info, p010_info;
    GstVideoFrame i420, p010, i420_out, p010_out;
    GstBuffer *i420_buf, *p010_buf, *i420_out_buf, *p010_out_buf;
    GstHarness *h420, *h010;
    guint worst = 0;

    gst_video_info_set_format (&i420_info, GST_VIDEO_FORMAT_I420_10LE, w, ht);
    gst_video_info_set_format (&p010_info, GST_VIDEO_FORMAT_P010_10LE, w, ht);
    h420 = harness_new_info (&i420_info, props[i]);
    h010 = harness_new_info (&p010_info, props[i]);
    i420_buf = random_buffer (&i420_info);
    p010_buf = random_buffer (&p010_info);
    /* the same picture: P010's Y, U and V those of I420_10LE, shifted */
    fail_unless (gst_video_frame_map (&i420, &i420_info, i420_buf,
            GST_MAP_READ));
    fail_unless (gst_video_frame_map (&p010, &p010_info, p010_buf,
            GST_MAP_WRITE));
    for (guint c = 0; c < 3; c++)
      for (guint y = 0; y < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&i420, c);
          y++)
        for (guint x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (&i420, c);
            x++)
          write_sample (&p010, c, x, y, read_sample (&i420, c, x, y) <<
              GST_VIDEO_FORMAT_INFO_SHIFT (p010_info.finfo, c));
    check_against_unpack (&p010);
    gst_video_frame_unmap (&p010);
    gst_video_frame_unmap (&i420);
    fail_unless_equals_int (gst_harness_push (h420, i420_buf), GST_FLOW_OK);
    fail_unless_equals_int (gst_harness_push (h010, p010_buf), GST_FLOW_OK);
    i420_out_buf = gst_harness_pull (h420);
    p010_out_buf = gst_harness_pull (h010);
    fail_unless (gst_video_frame_map (&i420_out, &i420_info, i420_out_buf,
            GST_MAP_READ));
    fail_unless (gst_video_frame_map (&p010_out, &p010_info, p010_out_buf,
            GST_MAP_READ));
    for (guint c = 0; c < 3; c++)
      for (guint y = 0; y < (guint) GST_VIDEO_FRAME_COMP_HEIGHT (&i420_out,
              c); y++)
        for (guint x = 0; x < (guint) GST_VIDEO_FRAME_COMP_WIDTH (&i420_out,
                c); x++) {
          const guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (p010_info.finfo,
              c);
          const guint got = read_sample (&p010_out, c, x, y);
          const guint want = read_sample (&i420_out, c, x, y);
          const guint diff = ABS ((gint) (got >> shift) - (gint) want);

          worst = MAX (worst, diff);
          if (got & ((1u << shift) - 1))
            fail ("%s: P010 component %u (%u, %u) is %#x: low bits set",
                props[i], c, x, y, got);
          if (diff > 1 || (c > 0 && want != 512))
            fail ("%s: component %u (%u, %u): P010 %u, I420_10LE %u",
                props[i], c, x, y, got >> shift, want);
        }
    GST_INFO ("%s: P010 within %u of I420_10LE", props[i], worst);
    gst_video_frame_unmap (&i420_out);
    gst_video_frame_unmap (&p010_out);
    gst_buffer_unref (i420_out_buf);
    gst_buffer_unref (p010_out_buf);
    gst_harness_teardown (h420);
    gst_harness_teardown (h010);
  }
}

GST_END_TEST;

/* One stream whose format changes between frames, and whose size changes
 * with it: each frame is filtered as its own caps say. */
GST_START_TEST (test_format_changes_mid_stream)
{
  const struct
  {
    GstVideoFormat format;
    guint w, ht;
  } steps[] = {
    {GST_VIDEO_FORMAT_I420, 64, 48}, {GST_VIDEO_FORMAT_YUY2, 64, 48},
    {GST_VIDEO_FORMAT_RGBx, 64, 48}, {GST_VIDEO_FORMAT_P010_10LE, 80, 60},
    {GST_VIDEO_FORMAT_GRAY8, 80, 60}, {GST_VIDEO_FORMAT_NV12, 64, 48},
  };
  RefFilter blur = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };
  gchar *props = ref_filter_properties (&blur);
  GstHarness *h = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    GstVideoInfo info;
    GstCaps *caps;

    gst_video_info_set_format (&info, steps[i].format, steps[i].w,
        steps[i].ht);
    caps = gst_video_info_to_caps (&info);
    if (!h) {
      h = harness_new_info (&info, props);
    } else {
      gst_harness_set_sink_caps (h, gst_caps_ref (caps));
      gst_harness_set_src_caps (h, gst_caps_ref (caps));
    }
    gst_caps_unref (caps);
    check_frame (h, &info, props, &blur, EXPECT_FILTERED, EXPECT_FILTERED);
  }
  gst_harness_teardown (h);
  g_free (props);
}

GST_END_TEST;

/* U and V that alternate in one plane (NV12, NV16, YUY2) are filtered as
 * one channel where the output is the picture (clamp, abs); normalize
 * stretches each on its own, so the element filters them apart once the
 * output changes to it mid-stream, and as one again after: every frame
 * against the reference. */
GST_START_TEST (test_chroma_pair_follows_the_output)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_NV12,
    GST_VIDEO_FORMAT_NV16, GST_VIDEO_FORMAT_YUY2
  };
  RefFilter blur = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };
  RefFilter stretched = blur, absolute = blur;
  gchar *mask = ref_filter_properties (&blur);
  gchar *props = g_strdup_printf ("%s chroma=filter", mask);

  stretched.normalize = TRUE;
  /* lowpass values are positive: the offset makes abs differ */
  absolute.abs = TRUE;
  absolute.offset = -60.0;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstVideoInfo info;
    GstHarness *h;
    GstElement *filter;

    gst_video_info_set_format (&info, formats[i], 46, 28);
    h = harness_new_info (&info, props);
    filter = gst_harness_find_element (h, "clfft2dfilter");
    check_frame (h, &info, props, &blur, EXPECT_FILTERED, EXPECT_FILTERED);
    gst_util_set_object_arg (G_OBJECT (filter), "output", "normalize");
    check_frame (h, &info, "output=normalize", &stretched, EXPECT_FILTERED,
        EXPECT_FILTERED);
    gst_util_set_object_arg (G_OBJECT (filter), "output", "abs");
    g_object_set (filter, "offset", -60.0, NULL);
    check_frame (h, &info, "output=abs offset=-60", &absolute,
        EXPECT_FILTERED, EXPECT_FILTERED);
    gst_util_set_object_arg (G_OBJECT (filter), "output", "clamp");
    g_object_set (filter, "offset", 0.0, NULL);
    check_frame (h, &info, "output=clamp", &blur, EXPECT_FILTERED,
        EXPECT_FILTERED);
    gst_object_unref (filter);
    gst_harness_teardown (h);
  }
  g_free (mask);
  g_free (props);
}

GST_END_TEST;

/* A plan made while chroma=pass filters the luma alone; chroma=filter
 * then makes YUY2's luma plan again for the batch of Y and UV (in their
 * plane, where the passes run), and chroma=pass goes back to the luma
 * alone: each frame as its settings say. */
GST_START_TEST (test_chroma_filtered_after_pass)
{
  const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_YUY2,
    GST_VIDEO_FORMAT_UYVY, GST_VIDEO_FORMAT_NV12
  };
  RefFilter blur = { "lowpass", "gaussian", 2, 0.08, 0.25, {0, 0}, 0.01,
    FALSE, 1.0, 0.0, FALSE
  };
  gchar *mask = ref_filter_properties (&blur);
  gchar *props = g_strdup_printf ("%s chroma=pass", mask);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstVideoInfo info;
    GstHarness *h;
    GstElement *filter;

    gst_video_info_set_format (&info, formats[i], 46, 28);
    h = harness_new_info (&info, props);
    filter = gst_harness_find_element (h, "clfft2dfilter");
    check_frame (h, &info, props, &blur, EXPECT_FILTERED, EXPECT_UNCHANGED);
    gst_util_set_object_arg (G_OBJECT (filter), "chroma", "filter");
    check_frame (h, &info, "chroma=filter", &blur, EXPECT_FILTERED,
        EXPECT_FILTERED);
    check_frame (h, &info, "chroma=filter, again", &blur, EXPECT_FILTERED,
        EXPECT_FILTERED);
    gst_util_set_object_arg (G_OBJECT (filter), "chroma", "pass");
    check_frame (h, &info, "chroma=pass", &blur, EXPECT_FILTERED,
        EXPECT_UNCHANGED);
    gst_object_unref (filter);
    gst_harness_teardown (h);
  }
  g_free (mask);
  g_free (props);
}

GST_END_TEST;

static Suite *
clfft2dfilter_formats_suite (void)
{
  Suite *s = suite_create ("clfft2dfilter-formats");
  TCase *tc = tcase_create ("general");

  tcase_add_checked_fixture (tc, setup, teardown);
  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_every_format_matches_reference);
  tcase_add_test (tc, test_chroma_pass_and_neutral);
  tcase_add_test (tc, test_every_format_identity);
  tcase_add_test (tc, test_outputs_that_are_no_picture);
  tcase_add_test (tc, test_rgb_spectrum_shows_luma);
  tcase_add_test (tc, test_p010_spectrum_equals_i420_10le);
  tcase_add_test (tc, test_format_changes_mid_stream);
  tcase_add_test (tc, test_chroma_pair_follows_the_output);
  tcase_add_test (tc, test_chroma_filtered_after_pass);
  return s;
}

GST_CHECK_MAIN (clfft2dfilter_formats);
