/**
 * SECTION:element-clfft2dfilter
 * @title: clfft2dfilter
 *
 * Filters video in the frequency domain on an OpenCL device: each frame
 * goes through a forward 2D FFT, is multiplied by a mask, and comes back
 * through the inverse FFT. GRAY8, GRAY16_LE and GRAY10_LE32 frames (and
 * GRAY10_LE16 where built against GStreamer 1.26 or later) are filtered
 * whole; of RGB frames (RGBx, BGRx, xRGB, xBGR, RGBA, BGRA, ARGB,
 * ABGR, RGB, BGR, GBR) R, G and B are filtered with the same mask
 * (mode=spectrum shows the luma's spectrum, in gray), alpha passes; of YUV
 * frames (I420, YV12, NV12, NV21, Y42B, NV16, Y444, NV24, YUY2, UYVY,
 * YVYU, I420_10LE, I422_10LE, Y444_10LE, P010_10LE) the luma is filtered,
 * and the chroma planes are filtered too, pass unchanged or are set to
 * their mid value, a gray picture (#GstClfft2dFilter:chroma; by default
 * filtered where the output is the filtered picture, gray where it is not
 * a picture of the input: mode=spectrum, output=abs or normalize).
 * Packed layouts are split into planes and joined on the device. Every
 * plane's frequencies count cycles per luma pixel: a chroma plane
 * subsampled by sx, sy has bin (kx, ky) of its Wc x Hc transform at
 * (kx / (Wc sx), ky / (Hc sy)).
 *
 * Frequencies are in cycles per pixel, whatever the frame size. With signed
 * frequency indices kx in [-W/2, W/2) and ky in [-H/2, H/2),
 * r = sqrt ((kx/W)^2 + (ky/H)^2) and LP (r, c) the lowpass of
 * #GstClfft2dFilter:shape (`ideal`: r <= c; `gaussian`:
 * exp (-r^2 / 2c^2); `butterworth`: 1 / (1 + (r/c)^2n), n =
 * #GstClfft2dFilter:order), the masks are: `lowpass` LP (r, cutoff);
 * `highpass` 1 - LP (r, cutoff); `bandpass` LP (r, cutoff-high) -
 * LP (r, cutoff) and `bandstop` 1 minus that; `notch` the product over
 * #GstClfft2dFilter:notches and their mirrors of 1 - LP (d, c), d the
 * distance to the notch and c its own radius ("fx,fy,radius") or else
 * #GstClfft2dFilter:notch-radius; `custom` an 8-bit PGM
 * (#GstClfft2dFilter:mask-location) with DC at its centre; `none` all ones;
 * `structures` ImageJ's FFT Bandpass, (1 - exp (-4 L^2 r^2))
 * exp (-4 S^2 r^2) with L and S #GstClfft2dFilter:structure-large and
 * #GstClfft2dFilter:structure-small in pixels, DC kept, the frame padded
 * as ImageJ pads it. #GstClfft2dFilter:stripes removes horizontal or
 * vertical stripes as ImageJ does, with any filter. notches=auto finds
 * the notches itself: the isolated peaks of the frame's spectrum (periodic
 * noise) whose gratings are at least
 * #GstClfft2dFilter:auto-notch-min-amplitude levels strong, posted with
 * their amplitudes as a clfft-notches element message and kept in
 * #GstClfft2dFilter:notches-found. The mask M then becomes
 * stop-gain + (pass-gain - stop-gain) x M (#GstClfft2dFilter:pass-gain,
 * 1, and #GstClfft2dFilter:stop-gain, 0, by default):
 * filter=highpass stop-gain=1 pass-gain=2 sharpens.
 * #GstClfft2dFilter:preserve-dc keeps DC. Each output pixel is the real
 * part (or its magnitude, output=abs) times #GstClfft2dFilter:gain plus
 * #GstClfft2dFilter:offset (in 8-bit levels, scaled to the format: times
 * 257 for 16 bits, 1023 / 255 for 10),
 * rounded to nearest and clamped to the format's range; output=normalize
 * instead stretches each frame's min..max to the format's full range, or
 * with #GstClfft2dFilter:saturate=p the values that leave p % of the
 * pixels, half at each end, beyond it.
 * #GstClfft2dFilter:mode=spectrum shows log (1 + |F x H|) of the filtered
 * spectrum instead, DC at the centre, to find where to put notches.
 *
 * The DFT treats the frame as periodic, so by default (padding=none) a
 * filter blends each edge with the opposite one. With
 * #GstClfft2dFilter:padding=mirror each side is mirrored outwards (edge
 * pixels repeated) to the smallest size of at least 1.5 times the frame's
 * whose factors are 2, 3 and 5, the padded frame is filtered with the mask
 * at the same cycles per pixel, and the frame is cropped back out: less
 * ringing at the borders, for about 2.25 times the work.
 *
 * Widths and heights go from 2 to 8192, any value: sizes whose factors are
 * all 2, 3, 5, 7, 11 and 13 (1920x1080, 1280x720, 3840x2160) take the
 * mixed-radix FFT, others (1366x768, 997x631) Bluestein's algorithm;
 * padding=none never changes the size. Larger or smaller frames are refused at caps
 * negotiation.
 *
 * #GstClfft2dFilter:pipeline-depth sets how many frames are on the device
 * at once: with 2 or more, frames leave that many frames minus one later,
 * and one frame's transfers overlap another's FFTs. By default it is 1
 * behind a live source (least latency) and 2 otherwise. Upstream is
 * offered a pool of buffers in pinned memory, which the device reads
 * without a copy.
 *
 * A frame size's own kernels are loaded from the kernel cache, or built
 * by the OpenCL driver; while they build, frames run a generic filter
 * that serves every size (built once per device), and the size's own
 * kernels take over between frames. On GPUs the FFT passes' schedules are
 * then timed while frames run and the faster ones take over too
 * (#GstClfft2dFilter:tuning). Each step posts a `clfft-prepare` element
 * message (width, height, step, seconds, tuning, final).
 * `gst-clfft-prepare --size WxH` prepares sizes ahead of time, on the
 * machine; #GstClfft2dFilter:prepare-sizes from READY on, in the process
 * (a stream that will switch to them).
 *
 * The device is the least loaded of the GPUs of the fastest kind (else of
 * the CPU devices, PoCL), unless the environment variable
 * `GST_CLFFT_DEVICE` (indices or parts of device names, a comma between
 * them) or the #GstClfft2dFilter:device-index property says otherwise:
 * the branches of a pipeline, or pipelines of one process, spread over the
 * GPUs. Neighbours in a chain share one engine through a GstContext of
 * type `gst.clfft.engine`. A device that fails while filtering stops the stream
 * with an error, unless #GstClfft2dFilter:fallback is set: then the frames
 * in flight and the rest of the stream go to the next usable device (a CPU
 * through PoCL first), with a warning message that names both devices.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc pattern=zone-plate kx2=128 ky2=128 ! \
 *     video/x-raw,format=GRAY8,width=512,height=512 ! \
 *     clfft2dfilter filter=lowpass cutoff=0.15 ! videoconvert ! autovideosink
 * ]| Keeps the rings of a zone plate up to about 0.15 cycles per pixel.
 * |[
 * gst-launch-1.0 v4l2src ! clfft2dfilter filter=highpass output=abs \
 *     gain=4 ! videoconvert ! autovideosink
 * ]| A live camera as an edge filter, in the camera's own format.
 * |[
 * gst-launch-1.0 filesrc location=scan.png ! pngdec ! videoconvert ! \
 *     video/x-raw,format=GRAY8 ! imagefreeze num-buffers=1 ! \
 *     clfft2dfilter filter=bandpass \
 *     shape=butterworth cutoff=0.02 cutoff-high=0.2 padding=mirror ! \
 *     videoconvert ! pngenc ! filesink location=bandpass.png
 * ]| A band-pass of a still picture, as ImageJ's FFT band-pass does it
 * (mirrored edges, structures of 5 to 50 pixels).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfft2dfilter.h"
#include "gstclfftallocator.h"
#include "gstclfftcontext.h"
#include "gstclfftelements.h"

GST_DEBUG_CATEGORY_STATIC (gst_clfft_2d_filter_debug);
#define GST_CAT_DEFAULT gst_clfft_2d_filter_debug

#define MIN_SIZE CLFFT_FRAME_SIDE_MIN
#define MAX_SIZE CLFFT_FRAME_SIDE_MAX

#define DEFAULT_FILTER GST_CLFFT_FILTER_LOWPASS
#define DEFAULT_SHAPE GST_CLFFT_SHAPE_GAUSSIAN
#define DEFAULT_ORDER 2
#define MAX_ORDER 16
#define DEFAULT_CUTOFF 0.05
#define DEFAULT_CUTOFF_HIGH 0.25
#define MAX_CUTOFF 0.71
#define DEFAULT_NOTCH_RADIUS 0.01
#define DEFAULT_PRESERVE_DC FALSE
#define DEFAULT_STRUCTURE_LARGE 40.0
#define DEFAULT_STRUCTURE_SMALL 3.0
#define MAX_STRUCTURE 100000.0
#define DEFAULT_STRIPES GST_CLFFT_STRIPES_NONE
#define DEFAULT_STRIPE_TOLERANCE 5.0
#define DEFAULT_AUTO_NOTCH_COUNT 4
/* what notches=auto finds must fit the notches property */
#define MAX_AUTO_NOTCH_COUNT GST_CLFFT_MAX_NOTCHES
#define DEFAULT_AUTO_NOTCH_MIN_RADIUS 0.05
#define DEFAULT_AUTO_NOTCH_THRESHOLD 20.0
/* levels of an 8-bit frame: a grating weaker than this is not seen */
#define DEFAULT_AUTO_NOTCH_MIN_AMPLITUDE 2.0
#define DEFAULT_AUTO_NOTCH_INTERVAL 0
#define DEFAULT_SATURATE 0.0
#define MAX_SATURATE 99.0
#define DEFAULT_PASS_GAIN 1.0
#define DEFAULT_STOP_GAIN 0.0
#define MAX_BAND_GAIN 100.0
#define DEFAULT_GAIN 1.0
#define MAX_GAIN 1000.0
#define DEFAULT_OFFSET 0.0
#define MAX_OFFSET 255.0
#define DEFAULT_OUTPUT GST_CLFFT_OUTPUT_CLAMP
#define DEFAULT_CHROMA GST_CLFFT_CHROMA_AUTO
#define DEFAULT_MODE GST_CLFFT_MODE_FILTER
#define DEFAULT_PADDING GST_CLFFT_PADDING_NONE
#define DEFAULT_PIPELINE_DEPTH 0
#define DEFAULT_TUNING GST_CLFFT_TUNING_AUTO

enum
{
  PROP_0,
  PROP_FILTER,
  PROP_SHAPE,
  PROP_ORDER,
  PROP_CUTOFF,
  PROP_CUTOFF_HIGH,
  PROP_NOTCHES,
  PROP_NOTCH_RADIUS,
  PROP_MASK_LOCATION,
  PROP_PRESERVE_DC,
  PROP_PASS_GAIN,
  PROP_STOP_GAIN,
  PROP_STRIPES,
  PROP_STRIPE_TOLERANCE,
  PROP_STRUCTURE_LARGE,
  PROP_STRUCTURE_SMALL,
  PROP_GAIN,
  PROP_OFFSET,
  PROP_OUTPUT,
  PROP_SATURATE,
  PROP_CHROMA,
  PROP_MODE,
  PROP_PADDING,
  PROP_AUTO_NOTCH_COUNT,
  PROP_AUTO_NOTCH_MIN_RADIUS,
  PROP_AUTO_NOTCH_THRESHOLD,
  PROP_AUTO_NOTCH_MIN_AMPLITUDE,
  PROP_AUTO_NOTCH_INTERVAL,
  PROP_NOTCHES_FOUND,
  PROP_PIPELINE_DEPTH,
  PROP_PREPARE_SIZES,
  /* and on, GstClfftDeviceProp */
  PROP_DEVICE_FIRST,
};

/* progressive only: an interlaced frame's 2D spectrum mixes its two
 * fields, which belong to different instants (deinterlace first) */
/* GRAY10_LE16, 10-bit mono cameras' samples one to a 16-bit word, came
 * with GStreamer 1.26 */
#if GST_CHECK_VERSION (1, 26, 0)
#define CLFFT_2D_FILTER_FORMATS_SINCE_1_26 ", GRAY10_LE16"
#else
#define CLFFT_2D_FILTER_FORMATS_SINCE_1_26 ""
#endif

#define CLFFT_2D_FILTER_CAPS \
  "video/x-raw, format = (string) { GRAY8, GRAY16_LE, GRAY10_LE32, " \
  "I420, YV12, NV12, NV21, Y42B, NV16, Y444, NV24, YUY2, UYVY, YVYU, " \
  "I420_10LE, " \
  "I422_10LE, Y444_10LE, P010_10LE, RGBx, BGRx, xRGB, xBGR, RGBA, BGRA, " \
  "ARGB, ABGR, RGB, BGR, GBR" CLFFT_2D_FILTER_FORMATS_SINCE_1_26 " }, " \
  "width = (int) [ 2, 8192 ], height = (int) [ 2, 8192 ], " \
  "framerate = (fraction) [ 0/1, MAX ], " \
  "interlace-mode = (string) progressive"

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS (CLFFT_2D_FILTER_CAPS));
static GstStaticPadTemplate src_template = GST_STATIC_PAD_TEMPLATE ("src",
    GST_PAD_SRC, GST_PAD_ALWAYS, GST_STATIC_CAPS (CLFFT_2D_FILTER_CAPS));

GType
gst_clfft_filter_type_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_FILTER_LOWPASS, "Keep frequencies up to the cutoff",
        "lowpass"},
    {GST_CLFFT_FILTER_HIGHPASS, "Keep frequencies above the cutoff",
        "highpass"},
    {GST_CLFFT_FILTER_BANDPASS, "Keep frequencies between cutoff and "
          "cutoff-high", "bandpass"},
    {GST_CLFFT_FILTER_BANDSTOP, "Remove frequencies between cutoff and "
          "cutoff-high", "bandstop"},
    {GST_CLFFT_FILTER_NOTCH, "Remove the frequencies around each notch and "
          "its mirror", "notch"},
    {GST_CLFFT_FILTER_CUSTOM, "The mask of the mask-location image",
        "custom"},
    {GST_CLFFT_FILTER_NONE, "Keep every frequency (FFT round trip)", "none"},
    {GST_CLFFT_FILTER_STRUCTURES, "ImageJ's FFT Bandpass: filter large "
          "structures down to structure-large pixels and small ones up to "
          "structure-small, padded as ImageJ pads", "structures"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftFilterType", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_shape_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_SHAPE_IDEAL, "Hard edge: 1 up to the cutoff, then 0",
        "ideal"},
    {GST_CLFFT_SHAPE_GAUSSIAN, "exp (-r^2 / 2 cutoff^2)", "gaussian"},
    {GST_CLFFT_SHAPE_BUTTERWORTH, "1 / (1 + (r / cutoff)^(2 order))",
        "butterworth"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftShape", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_stripes_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_STRIPES_NONE, "Suppress no stripes", "none"},
    {GST_CLFFT_STRIPES_HORIZONTAL, "Suppress horizontal stripes (the "
          "frequencies with fx = 0)", "horizontal"},
    {GST_CLFFT_STRIPES_VERTICAL, "Suppress vertical stripes (the "
          "frequencies with fy = 0)", "vertical"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftStripes", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_output_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_OUTPUT_CLAMP, "value x gain + offset, clamped", "clamp"},
    {GST_CLFFT_OUTPUT_ABS, "|value| x gain + offset, clamped", "abs"},
    {GST_CLFFT_OUTPUT_NORMALIZE, "Each frame's min..max stretched to the "
          "full range", "normalize"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftOutput", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_chroma_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_CHROMA_AUTO, "filter where the output is the filtered "
          "picture, neutral where it is not a picture of the input "
          "(mode=spectrum, output=abs or normalize)", "auto"},
    {GST_CLFFT_CHROMA_PASS, "The chroma planes unchanged", "pass"},
    {GST_CLFFT_CHROMA_NEUTRAL, "The chroma planes at their mid value (128, "
          "or 512 for 10 bits): a gray picture", "neutral"},
    {GST_CLFFT_CHROMA_FILTER, "The chroma planes filtered with the luma's "
          "mask, in cycles per luma pixel", "filter"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftChroma", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_MODE_FILTER, "The filtered frame", "filter"},
    {GST_CLFFT_MODE_SPECTRUM, "log (1 + |F x H|) of the filtered spectrum, "
          "DC at the centre, scaled to the frame's maximum", "spectrum"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftMode", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_padding_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_PADDING_NONE, "None: the frame wraps around at its edges",
        "none"},
    {GST_CLFFT_PADDING_MIRROR, "Mirror each edge outwards to a fast size at "
          "least 1.5 times the frame's, then crop", "mirror"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftPadding", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

GType
gst_clfft_tuning_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CLFFT_TUNING_AUTO, "background on GPUs, off on CPUs (or as the "
          "CLFFT_TUNE environment variable says)", "auto"},
    {GST_CLFFT_TUNING_OFF, "The rule's schedules, nothing timed", "off"},
    {GST_CLFFT_TUNING_BACKGROUND, "The rule's schedules at once; faster "
          "ones timed on another thread take over between frames",
        "background"},
    {GST_CLFFT_TUNING_BLOCKING, "Faster schedules timed before the first "
          "frame of a new size leaves", "blocking"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftTuning", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

#define gst_clfft_2d_filter_parent_class parent_class
G_DEFINE_TYPE (GstClfft2dFilter, gst_clfft_2d_filter, GST_TYPE_VIDEO_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clfft2dfilter, "clfft2dfilter", GST_RANK_NONE,
    GST_TYPE_CLFFT_2D_FILTER);

/* A property value refused (text says which and why): a warning on the
 * bus, or where the element has none yet, at its change to READY. */
static void
warn_refused (GstClfft2dFilter * self, gchar * text)
{
  GstBus *bus = gst_element_get_bus (GST_ELEMENT (self));

  GST_WARNING_OBJECT (self, "%s", text);
  if (bus) {
    GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS, ("%s", text), (NULL));
    gst_object_unref (bus);
    g_free (text);
    return;
  }
  GST_OBJECT_LOCK (self);
  g_free (self->unposted_warning);
  self->unposted_warning = text;
  GST_OBJECT_UNLOCK (self);
}

/* The start of a refused string for a message: a list of thousands of
 * notches would make one of hundreds of kilobytes. */
#define MAX_QUOTED 200

static gchar *
quoted_start (const gchar * text)
{
  /* any bytes may come: C escapes keep the message valid UTF-8, and the
   * cut never splits an escape */
  gchar *start = g_strndup (text, MAX_QUOTED);
  gchar *quoted = g_strescape (start, NULL);
  gchar *result = strlen (text) > MAX_QUOTED ?
      g_strconcat (quoted, "...", NULL) : g_strdup (quoted);

  g_free (start);
  g_free (quoted);
  return result;
}

/* Takes a "fx,fy[,radius];..." list; a malformed or too long one is
 * refused with a warning and the notches stay as they were. */
static gboolean
set_notches (GstClfft2dFilter * self, const gchar * text)
{
  GError *error = NULL;
  const gboolean automatic = g_strcmp0 (text, "auto") == 0;
  GArray *notches = automatic ? g_array_new (FALSE, FALSE,
      sizeof (GstClfftNotch)) : gst_clfft_notches_parse (text, &error);

  if (!notches) {
    gchar *kept, *refused = quoted_start (text ? text : "");

    GST_OBJECT_LOCK (self);
    kept = g_strdup (self->notches_text ? self->notches_text : "");
    GST_OBJECT_UNLOCK (self);
    warn_refused (self, g_strdup_printf ("notches \"%s\" ignored (the "
            "notches stay \"%s\"): %s.", refused, kept, error->message));
    g_free (refused);
    g_free (kept);
    g_error_free (error);
    return FALSE;
  }
  GST_OBJECT_LOCK (self);
  g_free (self->notches_text);
  self->notches_text = g_strdup (text);
  g_array_unref (self->notches);
  self->notches = notches;
  self->notches_auto = automatic;
  /* the next frame is searched */
  self->peaks_stale = TRUE;
  self->mask_dirty = TRUE;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

/* Reads the mask image of path (NULL: none); an unreadable or malformed
 * file posts a warning and leaves no image, and why in *problem, so that
 * filter=custom stops with an error that says why until a good one is
 * given. */
static GstClfftMaskImage *
read_mask_image (GstClfft2dFilter * self, const gchar * path,
    gchar ** problem)
{
  GError *error = NULL;
  GstClfftMaskImage *image;

  if (!path) {
    *problem = g_strdup ("mask-location is not set");
    return NULL;
  }
  image = gst_clfft_mask_image_load (path, &error);
  if (!image) {
    GST_ELEMENT_WARNING (self, RESOURCE, READ,
        ("Cannot use %s as a mask.", path), ("%s", error->message));
    *problem = g_strdup (error->message);
    g_error_free (error);
  }
  return image;
}

/* Installs the image read for generation of mask-location, unless the
 * location changed while it was read: then a newer read installs its own. */
static void
replace_mask_image (GstClfft2dFilter * self, GstClfftMaskImage * image,
    gchar * problem, guint generation)
{
  GstClfftMaskImage *old = image;

  GST_OBJECT_LOCK (self);
  if (generation == self->mask_generation) {
    old = self->mask_image;
    self->mask_image = image;
    g_free (self->mask_problem);
    self->mask_problem = g_steal_pointer (&problem);
    self->mask_dirty = TRUE;
  }
  GST_OBJECT_UNLOCK (self);
  g_free (problem);
  if (old)
    gst_clfft_mask_image_unref (old);
}

/* Reads the image of the current mask-location and installs it. */
static void
reload_mask_image (GstClfft2dFilter * self)
{
  gchar *path, *problem = NULL;
  GstClfftMaskImage *image;
  guint generation;

  GST_OBJECT_LOCK (self);
  path = g_strdup (self->mask_location);
  generation = self->mask_generation;
  GST_OBJECT_UNLOCK (self);
  image = read_mask_image (self, path, &problem);
  replace_mask_image (self, image, problem, generation);
  g_free (path);
}

static void
set_mask_location (GstClfft2dFilter * self, const gchar * path)
{
  GST_OBJECT_LOCK (self);
  g_free (self->mask_location);
  self->mask_location = g_strdup (path);
  self->mask_generation++;
  GST_OBJECT_UNLOCK (self);
  reload_mask_image (self);
}

static void
gst_clfft_2d_filter_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);

  if (gst_clfft_device_set_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  /* parsed and read outside the lock: a file read can take a while */
  if (prop_id == PROP_NOTCHES) {
    if (!set_notches (self, g_value_get_string (value)))
      return;
  } else if (prop_id == PROP_MASK_LOCATION) {
    set_mask_location (self, g_value_get_string (value));
    return;
  }

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_FILTER:
      self->filter = g_value_get_enum (value);
      break;
    case PROP_SHAPE:
      self->shape = g_value_get_enum (value);
      break;
    case PROP_ORDER:
      self->order = g_value_get_uint (value);
      break;
    case PROP_CUTOFF:
      self->cutoff = g_value_get_double (value);
      break;
    case PROP_CUTOFF_HIGH:
      self->cutoff_high = g_value_get_double (value);
      break;
    case PROP_NOTCHES:
      break;
    case PROP_NOTCH_RADIUS:
      self->notch_radius = g_value_get_double (value);
      break;
    case PROP_PRESERVE_DC:
      self->preserve_dc = g_value_get_boolean (value);
      break;
    case PROP_PASS_GAIN:
      self->pass_gain = g_value_get_double (value);
      break;
    case PROP_STOP_GAIN:
      self->stop_gain = g_value_get_double (value);
      break;
    case PROP_STRIPES:
      self->stripes = g_value_get_enum (value);
      break;
    case PROP_STRIPE_TOLERANCE:
      self->stripe_tolerance = g_value_get_double (value);
      break;
    case PROP_STRUCTURE_LARGE:
      self->structure_large = g_value_get_double (value);
      break;
    case PROP_STRUCTURE_SMALL:
      self->structure_small = g_value_get_double (value);
      break;
    case PROP_GAIN:
      self->gain = g_value_get_double (value);
      break;
    case PROP_OFFSET:
      self->offset = g_value_get_double (value);
      break;
    case PROP_OUTPUT:
      self->output = g_value_get_enum (value);
      break;
    case PROP_SATURATE:
      self->saturate = g_value_get_double (value);
      break;
    case PROP_CHROMA:
      self->chroma = g_value_get_enum (value);
      break;
    case PROP_MODE:
      self->mode = g_value_get_enum (value);
      break;
    case PROP_PADDING:
      self->padding = g_value_get_enum (value);
      break;
    case PROP_PIPELINE_DEPTH:
      self->pipeline_depth = g_value_get_uint (value);
      break;
    case PROP_PREPARE_SIZES:
      g_free (self->prepare_sizes);
      self->prepare_sizes = g_value_dup_string (value);
      break;
    case PROP_AUTO_NOTCH_COUNT:
      self->auto_notch_count = g_value_get_uint (value);
      self->peaks_stale = TRUE;
      break;
    case PROP_AUTO_NOTCH_MIN_RADIUS:
      self->auto_notch_min_radius = g_value_get_double (value);
      self->peaks_stale = TRUE;
      break;
    case PROP_AUTO_NOTCH_THRESHOLD:
      self->auto_notch_threshold = g_value_get_double (value);
      self->peaks_stale = TRUE;
      break;
    case PROP_AUTO_NOTCH_MIN_AMPLITUDE:
      self->auto_notch_min_amplitude = g_value_get_double (value);
      self->peaks_stale = TRUE;
      break;
    case PROP_AUTO_NOTCH_INTERVAL:
      self->auto_notch_interval = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  /* the mask follows every property but the output's and the device's */
  if (prop_id < PROP_GAIN)
    self->mask_dirty = TRUE;
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_2d_filter_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);

  if (gst_clfft_device_get_property (&self->device, PROP_DEVICE_FIRST,
          prop_id, value))
    return;
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_FILTER:
      g_value_set_enum (value, self->filter);
      break;
    case PROP_SHAPE:
      g_value_set_enum (value, self->shape);
      break;
    case PROP_ORDER:
      g_value_set_uint (value, self->order);
      break;
    case PROP_CUTOFF:
      g_value_set_double (value, self->cutoff);
      break;
    case PROP_CUTOFF_HIGH:
      g_value_set_double (value, self->cutoff_high);
      break;
    case PROP_NOTCHES:
      g_value_set_string (value, self->notches_text);
      break;
    case PROP_NOTCH_RADIUS:
      g_value_set_double (value, self->notch_radius);
      break;
    case PROP_MASK_LOCATION:
      g_value_set_string (value, self->mask_location);
      break;
    case PROP_PRESERVE_DC:
      g_value_set_boolean (value, self->preserve_dc);
      break;
    case PROP_PASS_GAIN:
      g_value_set_double (value, self->pass_gain);
      break;
    case PROP_STOP_GAIN:
      g_value_set_double (value, self->stop_gain);
      break;
    case PROP_STRIPES:
      g_value_set_enum (value, self->stripes);
      break;
    case PROP_STRIPE_TOLERANCE:
      g_value_set_double (value, self->stripe_tolerance);
      break;
    case PROP_STRUCTURE_LARGE:
      g_value_set_double (value, self->structure_large);
      break;
    case PROP_STRUCTURE_SMALL:
      g_value_set_double (value, self->structure_small);
      break;
    case PROP_GAIN:
      g_value_set_double (value, self->gain);
      break;
    case PROP_OFFSET:
      g_value_set_double (value, self->offset);
      break;
    case PROP_OUTPUT:
      g_value_set_enum (value, self->output);
      break;
    case PROP_SATURATE:
      g_value_set_double (value, self->saturate);
      break;
    case PROP_CHROMA:
      g_value_set_enum (value, self->chroma);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_PADDING:
      g_value_set_enum (value, self->padding);
      break;
    case PROP_PIPELINE_DEPTH:
      g_value_set_uint (value, self->pipeline_depth);
      break;
    case PROP_PREPARE_SIZES:
      g_value_set_string (value, self->prepare_sizes);
      break;
    case PROP_AUTO_NOTCH_COUNT:
      g_value_set_uint (value, self->auto_notch_count);
      break;
    case PROP_AUTO_NOTCH_MIN_RADIUS:
      g_value_set_double (value, self->auto_notch_min_radius);
      break;
    case PROP_AUTO_NOTCH_THRESHOLD:
      g_value_set_double (value, self->auto_notch_threshold);
      break;
    case PROP_AUTO_NOTCH_MIN_AMPLITUDE:
      g_value_set_double (value, self->auto_notch_min_amplitude);
      break;
    case PROP_AUTO_NOTCH_INTERVAL:
      g_value_set_uint (value, self->auto_notch_interval);
      break;
    case PROP_NOTCHES_FOUND:
      g_value_set_string (value, self->notches_found);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_clfft_2d_filter_set_context (GstElement * element, GstContext * context)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (element);

  gst_clfft_device_set_context (&self->device, context);
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

static gboolean answer_latency_query (GstClfft2dFilter * self,
    GstQuery * query);
static GstFlowReturn drain_held (GstClfft2dFilter * self);

static gboolean
gst_clfft_2d_filter_query (GstBaseTransform * trans, GstPadDirection dir,
    GstQuery * query)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);

  if (gst_clfft_device_answer_query (&self->device, query))
    return TRUE;
  if (dir == GST_PAD_SRC && GST_QUERY_TYPE (query) == GST_QUERY_LATENCY)
    return answer_latency_query (self, query);
  /* upstream wants its buffers back: the frames held go first */
  if (dir == GST_PAD_SINK && GST_QUERY_TYPE (query) == GST_QUERY_DRAIN
      && drain_held (self) != GST_FLOW_OK)
    GST_DEBUG_OBJECT (self, "frames in flight not taken downstream");
  return GST_BASE_TRANSFORM_CLASS (parent_class)->query (trans, dir, query);
}

/* The padding that the engine's filter needs: the spectrum view shows the
 * frame's own spectrum, so it never pads; filter=structures pads as
 * ImageJ does, whose stripes count its transform's bins. */
static ClfftPadding
plan_padding (GstClfftPadding padding, GstClfftMode mode,
    GstClfftFilterType filter)
{
  return mode == GST_CLFFT_MODE_SPECTRUM ? CLFFT_PADDING_NONE :
      filter == GST_CLFFT_FILTER_STRUCTURES ? CLFFT_PADDING_IMAGEJ :
      (ClfftPadding) padding;
}

/* The generic filter and prepare-sizes, once the engine is open: a
 * malformed list is a warning, and the stream goes on without it. */
static void
start_ahead (GstClfft2dFilter * self)
{
  GError *error = NULL;
  GArray *sizes;
  ClfftPadding padding;

  GST_OBJECT_LOCK (self);
  sizes = gst_clfft_frame_sizes_parse (self->prepare_sizes, &error);
  padding = plan_padding (self->padding, self->mode, self->filter);
  GST_OBJECT_UNLOCK (self);
  if (!sizes) {
    GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
        ("No frame size is prepared ahead: prepare-sizes: %s",
            error->message), (NULL));
    g_error_free (error);
  }
  self->ahead = gst_clfft_ahead_start (GST_ELEMENT (self), self->device.engine,
      sizes, padding);
  g_clear_pointer (&sizes, g_array_unref);
}

static GstStateChangeReturn
gst_clfft_2d_filter_change_state (GstElement * element,
    GstStateChange transition)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (element);
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_READY_TO_NULL)
    g_clear_pointer (&self->ahead, gst_clfft_ahead_stop);
  if (transition == GST_STATE_CHANGE_NULL_TO_READY) {
    gchar *unposted;

    GST_OBJECT_LOCK (self);
    unposted = g_steal_pointer (&self->unposted_warning);
    GST_OBJECT_UNLOCK (self);
    if (unposted)
      GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS, ("%s", unposted),
          (NULL));
    g_free (unposted);
  }
  ret = gst_clfft_device_change_state (&self->device, transition,
      GST_ELEMENT_CLASS (parent_class));
  if (transition == GST_STATE_CHANGE_NULL_TO_READY
      && ret != GST_STATE_CHANGE_FAILURE)
    start_ahead (self);
  return ret;
}

static void
free_plan (GstClfft2dFilter * self, gboolean stream_goes_on)
{
  /* a stream at another size or on another device has no use for the old
   * size's programs still building; at the end they go to the cache */
  if (self->frames && stream_goes_on)
    clfft_frame_filter_cancel_own_programs (self->frames);
  g_clear_pointer (&self->frames, clfft_frame_filter_free);
  g_clear_pointer (&self->mask, g_free);
  /* a new size's frames are searched anew */
  g_clear_pointer (&self->peak_finder, clfft_peak_finder_free);
  GST_OBJECT_LOCK (self);
  self->peaks_stale = TRUE;
  GST_OBJECT_UNLOCK (self);
}

/* A frame in flight on the device: its buffers stay mapped until it is
 * collected. */
typedef struct
{
  GstBuffer *inbuf, *outbuf;
  GstVideoFrame in, out;
} HeldFrame;

/* Frees held, its frames mapped or not (gst_video_frame_map leaves a
 * frame it cannot map zeroed, without a buffer). */
static void
held_frame_free (HeldFrame * held)
{
  if (held->in.buffer)
    gst_video_frame_unmap (&held->in);
  if (held->out.buffer)
    gst_video_frame_unmap (&held->out);
  gst_buffer_unref (held->inbuf);
  if (held->outbuf)
    gst_buffer_unref (held->outbuf);
  g_free (held);
}

/* Frames on the device at once: the property, or automatic; at most what
 * the output pool has room for, and 1 in pull mode (nothing there would
 * push held frames at the end). Call with the object lock held. */
static guint
effective_depth_locked (GstClfft2dFilter * self)
{
  guint depth = self->pipeline_depth;

  if (depth == 0)
    depth = self->upstream_live ? 1 : 2;
  if (GST_PAD_MODE (GST_BASE_TRANSFORM_SINK_PAD (self)) == GST_PAD_MODE_PULL)
    depth = 1;
  return MIN (depth, self->depth_cap);
}

static guint
effective_depth (GstClfft2dFilter * self)
{
  guint depth;

  GST_OBJECT_LOCK (self);
  depth = effective_depth_locked (self);
  GST_OBJECT_UNLOCK (self);
  return depth;
}

/* What frames in flight add to the latency: a frame leaves depth - 1
 * frames later than it would alone. Call with the object lock held. */
static GstClockTime
added_latency_locked (GstClfft2dFilter * self)
{
  return (effective_depth_locked (self) - 1) * self->frame_duration;
}

static gboolean
answer_latency_query (GstClfft2dFilter * self, GstQuery * query)
{
  GstClockTime min, max, added;
  gboolean live;

  if (!gst_pad_peer_query (GST_BASE_TRANSFORM_SINK_PAD (self), query))
    return FALSE;
  gst_query_parse_latency (query, &live, &min, &max);
  GST_OBJECT_LOCK (self);
  self->upstream_live = live;
  added = self->reported_latency = added_latency_locked (self);
  GST_OBJECT_UNLOCK (self);
  GST_DEBUG_OBJECT (self, "upstream latency %" GST_TIME_FORMAT " live %d; "
      "adding %" GST_TIME_FORMAT, GST_TIME_ARGS (min), live,
      GST_TIME_ARGS (added));
  gst_query_set_latency (query, live, min + added,
      GST_CLOCK_TIME_IS_VALID (max) ? max + added : max);
  return TRUE;
}

/* Asks upstream whether it is live: automatic depth depends on it. */
static void
query_upstream_live (GstClfft2dFilter * self)
{
  GstQuery *query = gst_query_new_latency ();
  gboolean live = FALSE;

  if (gst_pad_peer_query (GST_BASE_TRANSFORM_SINK_PAD (self), query))
    gst_query_parse_latency (query, &live, NULL, NULL);
  gst_query_unref (query);
  GST_OBJECT_LOCK (self);
  self->upstream_live = live;
  GST_OBJECT_UNLOCK (self);
  GST_DEBUG_OBJECT (self, "upstream is %slive", live ? "" : "not ");
}

/* Posts a latency message when what frames in flight add has changed
 * since the last latency query answered. */
static void
check_latency (GstClfft2dFilter * self)
{
  GstClockTime added, reported;

  GST_OBJECT_LOCK (self);
  added = added_latency_locked (self);
  reported = self->reported_latency;
  if (GST_CLOCK_TIME_IS_VALID (reported))
    self->reported_latency = added;
  GST_OBJECT_UNLOCK (self);
  if (!GST_CLOCK_TIME_IS_VALID (reported) || added == reported)
    return;
  GST_INFO_OBJECT (self, "latency added changes from %" GST_TIME_FORMAT
      " to %" GST_TIME_FORMAT, GST_TIME_ARGS (reported),
      GST_TIME_ARGS (added));
  gst_element_post_message (GST_ELEMENT (self),
      gst_message_new_latency (GST_OBJECT (self)));
}

static gboolean device_failed (GstClfft2dFilter * self, GError * cause,
    gboolean may_fall_back);

/* The oldest frame in flight, once it is in its output buffer. Where the
 * device fails, the frames in flight move to another (fallback) once. */
static GstFlowReturn
collect_oldest (GstClfft2dFilter * self, GstBuffer ** outbuf)
{
  for (guint attempt = 0;; attempt++) {
    HeldFrame *held = g_queue_pop_head (&self->held);
    GError *error = NULL;

    *outbuf = NULL;
    if (clfft_frame_filter_collect (self->frames, &error)) {
      *outbuf = g_steal_pointer (&held->outbuf);
      held_frame_free (held);
      return GST_FLOW_OK;
    }
    /* the frame is redone on the next device, first of the frames */
    g_queue_push_head (&self->held, held);
    if (!device_failed (self, error, attempt == 0))
      return GST_FLOW_ERROR;
  }
}

/* Waits for the frames in flight and drops them (flushes, stops, and after
 * an error, when none may go downstream). */
static void
discard_held (GstClfft2dFilter * self)
{
  GError *error = NULL;

  if (!g_queue_is_empty (&self->held))
    GST_DEBUG_OBJECT (self, "dropping %u frames in flight",
        g_queue_get_length (&self->held));
  while (!g_queue_is_empty (&self->held)) {
    /* after a device failure some may not be on the device */
    if (self->frames && clfft_frame_filter_in_flight (self->frames) > 0
        && !clfft_frame_filter_collect (self->frames, &error)) {
      GST_WARNING_OBJECT (self, "frame in flight: %s", error->message);
      g_clear_error (&error);
    }
    held_frame_free (g_queue_pop_head (&self->held));
  }
}

/* Pushes every frame in flight, in order: before an event, so that events
 * and frames keep their order, and before the filter changes. */
static GstFlowReturn
drain_held (GstClfft2dFilter * self)
{
  GstFlowReturn ret = GST_FLOW_OK;
  GstBuffer *outbuf;

  if (!g_queue_is_empty (&self->held))
    GST_DEBUG_OBJECT (self, "draining %u frames in flight",
        g_queue_get_length (&self->held));
  while (ret == GST_FLOW_OK && !g_queue_is_empty (&self->held)) {
    ret = collect_oldest (self, &outbuf);
    if (ret == GST_FLOW_OK)
      ret = gst_pad_push (GST_BASE_TRANSFORM_SRC_PAD (self), outbuf);
  }
  /* what downstream refused goes */
  discard_held (self);
  return ret;
}

/* Makes the engine's filter for the frame size of set_info and the
 * padding, with no plan in place; the mask is made anew at the next
 * frame. */
/* The clfft-prepare message: a step of the plan of the stream's size took
 * seconds (what is the step: "plan", its first frames can run;
 * "own-programs", the size's own programs took over from the generic
 * filter; "tuned", the tuning in the background was taken in), with the
 * tuning decided; final where the plan will not change again. */
static void
post_prepare_message (GstClfft2dFilter * self, const gchar * what,
    gdouble seconds, gboolean final)
{
  ClfftTuning tuning = clfft_frame_filter_get_tuning (self->frames);

  GST_INFO_OBJECT (self, "%dx%d: %s in %.3f s (tuning %s%s)", self->width,
      self->height, what, seconds, clfft_tuning_name (tuning),
      final ? ", final" : "");
  gst_element_post_message (GST_ELEMENT (self),
      gst_message_new_element (GST_OBJECT (self),
          gst_structure_new ("clfft-prepare", "width", G_TYPE_INT,
              self->width, "height", G_TYPE_INT, self->height, "seconds",
              G_TYPE_DOUBLE, seconds, "tuning", G_TYPE_STRING,
              clfft_tuning_name (tuning), "step", G_TYPE_STRING, what,
              "final", G_TYPE_BOOLEAN, final, NULL)));
}

/* A new tuning property goes to the plan (from the next frame). */
static void
apply_tuning (GstClfft2dFilter * self)
{
  GstClfftTuning tuning;

  GST_OBJECT_LOCK (self);
  tuning = self->device.tuning;
  GST_OBJECT_UNLOCK (self);
  if (tuning == self->plan_tuning)
    return;
  clfft_frame_filter_set_tuning (self->frames, (ClfftTuning) tuning);
  self->plan_tuning = tuning;
}

/* Each channel's role for settings. */
static void
settings_roles (GstClfft2dFilter * self,
    const GstClfftFrameSettings * settings,
    ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS])
{
  gst_clfft_frame_roles (&self->info, settings->chroma,
      settings->mode == GST_CLFFT_MODE_SPECTRUM, roles);
}

/* Whether settings' output is the filtered picture: the frame filter may
 * then filter U and V as one channel where they alternate in a plane. */
static gboolean
output_is_picture (const GstClfftFrameSettings * settings)
{
  return settings->mode == GST_CLFFT_MODE_FILTER
      && settings->output != GST_CLFFT_OUTPUT_NORMALIZE;
}

static void
apply_output_and_mode (GstClfft2dFilter * self,
    const GstClfftFrameSettings * settings)
{
  /* offset in 8-bit levels, which the frame filter scales to the format */
  clfft_frame_filter_set_output (self->frames, (ClfftOutput) settings->output,
      settings->gain, settings->offset);
  clfft_frame_filter_set_saturation (self->frames, settings->saturate);
  clfft_frame_filter_set_mode (self->frames, (ClfftMode) settings->mode);
}

/* Gives the frame filter's channels roles (between frames), after the
 * output and mode that decide how it filters them, making the plans that
 * newly filtered channels need, with their masks to be made. */
static gboolean
apply_roles (GstClfft2dFilter * self, const GstClfftFrameSettings * settings,
    const ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS], GError ** error)
{
  gboolean new_plans;

  apply_output_and_mode (self, settings);
  if (!clfft_frame_filter_set_roles (self->frames, roles, &new_plans, error))
    return FALSE;
  memcpy (self->roles, roles, sizeof (self->roles));
  self->plan_picture = output_is_picture (settings);
  if (new_plans) {
    GST_OBJECT_LOCK (self);
    self->mask_dirty = TRUE;
    GST_OBJECT_UNLOCK (self);
  }
  return TRUE;
}

/* ImageJ pads to a square of a power of two of 1.5 times the longer side:
 * 2.25 to 9 times a square frame's pixels, but thousands of times a long
 * thin one's (4096x2 runs transforms of 8192x8192). Documented, yet a
 * user meets it as a stall: said on the bus once per plan, above
 * SQUARE_PADDING_WARNING times the frame. */
#define SQUARE_PADDING_WARNING 16
static void
warn_square_padding (GstClfft2dFilter * self,
    const GstClfftFrameSettings * settings, guint tw, guint th)
{
  const guint64 frame = (guint64) self->width * self->height;
  const guint64 padded = (guint64) tw * th;

  if (settings->padding != CLFFT_PADDING_IMAGEJ
      || padded <= SQUARE_PADDING_WARNING * frame)
    return;
  GST_ELEMENT_WARNING (self, STREAM, FORMAT,
      ("filter=structures pads %dx%d frames to %ux%u, as ImageJ's FFT "
          "Bandpass does: %" G_GUINT64_FORMAT " times the pixels of a "
          "frame, each frame's transforms that much slower.", self->width,
          self->height, tw, th, padded / frame),
      ("for long, thin frames, filter=bandpass with padding=mirror pads "
          "each side on its own"));
}

/* Makes the engine's frame filter for the caps' format and size and the
 * padding, its channels as settings say; the masks are made anew at the
 * next frame. */
static gboolean
make_plan (GstClfft2dFilter * self, const GstClfftFrameSettings * settings,
    GError ** error)
{
  gint64 start = g_get_monotonic_time ();
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];
  ClfftFramePlanShape main_shape;

  self->frames = clfft_frame_filter_new (self->device.engine, &self->layout,
      settings->padding, error);
  if (!self->frames)
    return FALSE;
  self->plan_tuning = GST_CLFFT_TUNING_AUTO;
  apply_tuning (self);
  settings_roles (self, settings, roles);
  if (!apply_roles (self, settings, roles, error)) {
    free_plan (self, TRUE);
    return FALSE;
  }
  post_prepare_message (self, "plan",
      (g_get_monotonic_time () - start) / 1e6,
      !clfft_frame_filter_runs_generic (self->frames)
      && clfft_frame_filter_get_tuning (self->frames) !=
      CLFFT_TUNING_BACKGROUND);
  self->plan_padding = settings->padding;
  /* the first plan (the luma's, R's, or the gray frame's) is the
   * stream's size */
  clfft_frame_filter_get_plan_shape (self->frames, 0, &main_shape);
  warn_square_padding (self, settings, main_shape.width, main_shape.height);
  self->mask_floats = (gsize) main_shape.width * main_shape.height;
  self->mask = clfft_engine_try_alloc (self->device.engine, self->mask_floats,
      sizeof (gfloat), FALSE, "the filter's mask", error);
  if (!self->mask) {
    free_plan (self, TRUE);
    return FALSE;
  }
  GST_OBJECT_LOCK (self);
  self->mask_dirty = TRUE;
  GST_OBJECT_UNLOCK (self);
  GST_DEBUG_OBJECT (self, "prepared for %dx%d %s frames, transforms of %ux%u",
      self->width, self->height, GST_VIDEO_INFO_NAME (&self->info),
      main_shape.width, main_shape.height);
  return TRUE;
}

/* (Re)makes the engine's frame filter where there is none for the
 * padding, and brings its channels' roles to settings; frames in flight
 * leave first. */
static gboolean
ensure_plan (GstClfft2dFilter * self, const GstClfftFrameSettings * settings)
{
  ClfftChannelRole roles[CLFFT_FRAME_MAX_CHANNELS];
  GError *error = NULL;

  if (self->frames && self->plan_padding == settings->padding) {
    settings_roles (self, settings, roles);
    if (!memcmp (roles, self->roles, sizeof (roles))
        && (output_is_picture (settings) == self->plan_picture
            || !clfft_frame_filter_output_groups (self->frames, roles)))
      return TRUE;
    if (drain_held (self) != GST_FLOW_OK)
      GST_DEBUG_OBJECT (self, "frames in flight not taken downstream");
    if (apply_roles (self, settings, roles, &error))
      return TRUE;
  } else {
    if (drain_held (self) != GST_FLOW_OK)
      GST_DEBUG_OBJECT (self, "frames in flight not taken downstream");
    free_plan (self, TRUE);
    if (make_plan (self, settings, &error))
      return TRUE;
  }
  if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY))
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Not enough host memory to filter %dx%d frames.", self->width,
            self->height), ("padding %d: %s", settings->padding,
            error->message));
  else
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Cannot prepare the %dx%d filter on the OpenCL device.",
            self->width, self->height), ("padding %d: %s", settings->padding,
            error->message));
  g_error_free (error);
  return FALSE;
}

static void read_frame_settings (GstClfft2dFilter * self,
    GstClfftFrameSettings * settings);

static gboolean
gst_clfft_2d_filter_set_info (GstVideoFilter * filter, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (filter);
  gint width = GST_VIDEO_INFO_WIDTH (in_info);
  gint height = GST_VIDEO_INFO_HEIGHT (in_info);
  GstClfftFrameSettings settings;

  /* frames of the old caps leave with them */
  if (drain_held (self) != GST_FLOW_OK)
    GST_DEBUG_OBJECT (self, "frames in flight not taken downstream");
  free_plan (self, TRUE);
  /* the pad templates hold the same range */
  if (width < MIN_SIZE || width > MAX_SIZE || height < MIN_SIZE
      || height > MAX_SIZE) {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT,
        ("clfft2dfilter cannot filter %dx%d frames: width and height must "
            "be from %d to %d.", width, height, MIN_SIZE, MAX_SIZE),
        ("refused caps %" GST_PTR_FORMAT, incaps));
    return FALSE;
  }

  /* the pad templates list only formats that have a layout */
  if (!gst_clfft_frame_layout_from_info (in_info, &self->layout)) {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT,
        ("clfft2dfilter cannot filter %s frames.",
            GST_VIDEO_INFO_NAME (in_info)), ("refused caps %" GST_PTR_FORMAT,
            incaps));
    return FALSE;
  }
  self->info = *in_info;
  self->width = width;
  self->height = height;
  GST_OBJECT_LOCK (self);
  self->frame_duration = GST_VIDEO_INFO_FPS_N (in_info) > 0 ?
      gst_util_uint64_scale_int (GST_SECOND, GST_VIDEO_INFO_FPS_D (in_info),
      GST_VIDEO_INFO_FPS_N (in_info)) : 0;
  GST_OBJECT_UNLOCK (self);
  /* a stream of unknown rate counts as a camera's */
  gst_clfft_device_set_load (&self->device,
      (gdouble) GST_VIDEO_INFO_SIZE (in_info) * (GST_VIDEO_INFO_FPS_N
          (in_info) > 0 ? (gdouble) GST_VIDEO_INFO_FPS_N (in_info) /
          GST_VIDEO_INFO_FPS_D (in_info) : 30.0));
  query_upstream_live (self);
  check_latency (self);
  read_frame_settings (self, &settings);
  if (!ensure_plan (self, &settings))
    return FALSE;
  /* the mask image is read again at each caps change */
  reload_mask_image (self);
  return TRUE;
}

static gboolean
gst_clfft_2d_filter_stop (GstBaseTransform * trans)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);

  discard_held (self);
  free_plan (self, FALSE);
  self->started = FALSE;
  self->depth_cap = CLFFT_FILTER2D_MAX_IN_FLIGHT;
  self->outputs_unpooled = FALSE;
  GST_OBJECT_LOCK (self);
  self->reported_latency = GST_CLOCK_TIME_NONE;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

/* Recomputes the mask when a property changed since the last frame, from
 * a copy of the properties taken under the lock. */
static gboolean
update_mask (GstClfft2dFilter * self, GError ** error)
{
  GstClfftMaskParams params;
  GArray *notches;
  GstClfftMaskImage *image;
  gchar *problem;
  gboolean ok = TRUE, automatic;

  GST_OBJECT_LOCK (self);
  automatic = self->notches_auto;
  if (!self->mask_dirty) {
    GST_OBJECT_UNLOCK (self);
    return TRUE;
  }
  notches = g_array_ref (self->notches);
  image = self->mask_image ? gst_clfft_mask_image_ref (self->mask_image) :
      NULL;
  problem = g_strdup (self->mask_problem);
  params = (GstClfftMaskParams) {
  self->filter, self->shape, self->order, self->cutoff, self->cutoff_high,
        (const GstClfftNotch *) notches->data, notches->len,
        self->notch_radius, image, self->preserve_dc, 1, 1,
        self->pass_gain, self->stop_gain, self->stripes,
        self->stripe_tolerance, self->structure_large,
        self->structure_small};
  self->mask_dirty = FALSE;
  GST_OBJECT_UNLOCK (self);

  if (params.filter == GST_CLFFT_FILTER_CUSTOM && !image) {
    g_set_error (error, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_NOT_FOUND,
        "filter=custom needs a readable 8-bit PGM in mask-location: %s",
        problem ? problem : "none was read");
    ok = FALSE;
  } else {
    gboolean band_empty = (params.filter == GST_CLFFT_FILTER_BANDPASS
        || params.filter == GST_CLFFT_FILTER_BANDSTOP)
        && params.cutoff_high <= params.cutoff;

    /* once as the band empties, not at every frame of a controlled cutoff */
    if (band_empty && !self->band_empty)
      GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
          ("cutoff-high (%g) is not above cutoff (%g): the band is empty.",
              params.cutoff_high, params.cutoff), (NULL));
    self->band_empty = band_empty;
    /* the same for notch filters with nothing to notch (none found by
     * notches=auto is an answer, posted as such) */
    if (params.filter == GST_CLFFT_FILTER_NOTCH && params.n_notches == 0
        && !automatic && !self->no_notches)
      GST_ELEMENT_WARNING (self, LIBRARY, SETTINGS,
          ("filter=notch has no notches: frames pass unfiltered."),
          ("set notches to \"fx,fy;...\" in cycles per pixel"));
    self->no_notches = params.filter == GST_CLFFT_FILTER_NOTCH
        && params.n_notches == 0;
    GST_DEBUG_OBJECT (self, "mask: filter %d, shape %d, order %u, cutoff %g, "
        "cutoff-high %g, %u notches of radius %g, preserve-dc %d, "
        "pass-gain %g, stop-gain %g, stripes %d of tolerance %g %%",
        params.filter, params.shape, params.order, params.cutoff,
        params.cutoff_high, params.n_notches, params.notch_radius,
        params.preserve_dc, params.pass_gain, params.stop_gain,
        params.stripes, params.stripe_tolerance);
    /* in cycles per pixel of the frame: the same at the padded size, and
     * divided by the subsampling for chroma planes; U and V side by side
     * each with its own */
    for (guint i = 0; ok && i < clfft_frame_filter_get_n_plans (self->frames);
        i++) {
      ClfftFramePlanShape shape;
      gsize size;

      clfft_frame_filter_get_plan_shape (self->frames, i, &shape);
      params.sx = shape.sx;
      params.sy = shape.sy;
      params.interleaved = shape.interleaved;
      size = (gsize) shape.width * shape.height;
      /* U and V side by side are wider than an odd width's luma */
      if (size > self->mask_floats) {
        g_free (self->mask);
        self->mask_floats = size;
        self->mask = clfft_engine_try_alloc (self->device.engine,
            self->mask_floats, sizeof (gfloat), FALSE, "the filter's mask",
            error);
        if (!self->mask) {
          self->mask_floats = 0;
          ok = FALSE;
          break;
        }
      }
      gst_clfft_mask_fill (self->mask, shape.width, shape.height, &params);
      ok = clfft_frame_filter_set_gain (self->frames, i, self->mask, error);
    }
  }
  /* a mask that failed stays to be made: the next frame fails too */
  if (!ok) {
    GST_OBJECT_LOCK (self);
    self->mask_dirty = TRUE;
    GST_OBJECT_UNLOCK (self);
  }
  g_array_unref (notches);
  g_free (problem);
  if (image)
    gst_clfft_mask_image_unref (image);
  return ok;
}

/* The luma of a mapped frame, width x height values: Y of gray and YUV,
 * BT.601's of RGB; unpacked by GStreamer, so every format reads alike. */
static void
frame_luma (const GstVideoFrame * frame, gfloat * luma)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  const gint w = GST_VIDEO_FRAME_WIDTH (frame);
  const gint h = GST_VIDEO_FRAME_HEIGHT (frame);
  const gboolean wide = GST_VIDEO_FORMAT_INFO_BITS (gst_video_format_get_info
      (finfo->unpack_format)) > 8;
  const gboolean rgb = GST_VIDEO_INFO_IS_RGB (&frame->info);
  guint8 *line = g_malloc ((gsize) w * 8);

  for (gint y = 0; y < h; y++) {
    finfo->unpack_func (finfo, GST_VIDEO_PACK_FLAG_TRUNCATE_RANGE, line,
        frame->data, frame->info.stride, 0, y, w);
    for (gint x = 0; x < w; x++) {
      /* AYUV or ARGB order */
      gfloat c[3];

      for (guint i = 0; i < 3; i++)
        c[i] = wide ? ((guint16 *) line)[4 * x + 1 + i] : line[4 * x + 1 +
            i];
      luma[(gsize) y * w + x] = rgb ? 0.299f * c[0] + 0.587f * c[1] +
          0.114f * c[2] : c[0];
    }
  }
  g_free (line);
}

/* "a;a;..." of peaks: their amplitudes in levels of an 8-bit frame, from
 * the search's units (scale per level). */
static gchar *
amplitudes_text (const GArray * peaks, gdouble scale)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < peaks->len; i++) {
    const ClfftPeak *p = &g_array_index (peaks, ClfftPeak, i);
    gchar a[G_ASCII_DTOSTR_BUF_SIZE];

    g_string_append_printf (text, "%s%s", i ? ";" : "",
        g_ascii_formatd (a, sizeof (a), "%.3g", p->amplitude / scale));
  }
  return g_string_free (text, FALSE);
}

/* "fx,fy;..." of peaks, as the notches property takes them. */
static gchar *
notches_text (const GArray * peaks)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < peaks->len; i++) {
    const ClfftPeak *p = &g_array_index (peaks, ClfftPeak, i);
    gchar fx[G_ASCII_DTOSTR_BUF_SIZE], fy[G_ASCII_DTOSTR_BUF_SIZE];

    g_string_append_printf (text, "%s%s,%s", i ? ";" : "",
        g_ascii_formatd (fx, sizeof (fx), "%.10g", p->fx),
        g_ascii_formatd (fy, sizeof (fy), "%.10g", p->fy));
  }
  return g_string_free (text, FALSE);
}

/* notches=auto (with filter=notch), or mode=spectrum: where a search is
 * due (the first frame of the caps or of the setting, then every
 * auto-notch-interval frames), the peaks of this frame's spectrum become
 * the notches (auto), and are posted as a clfft-notches message and kept
 * in notches-found. */
static gboolean
find_notches (GstClfft2dFilter * self, GstBuffer * inbuf, GError ** error)
{
  GstVideoFilter *video = GST_VIDEO_FILTER (self);
  ClfftPeakParams params;
  GstVideoFrame frame;
  GArray *peaks, *notches;
  gboolean automatic, due, fresh;
  gfloat *luma;
  gchar *text, *amplitudes;
  /* a level of an 8-bit frame in frame_luma's units, which are 16-bit
   * values for deeper formats */
  const gdouble level = GST_VIDEO_FORMAT_INFO_BITS (gst_video_format_get_info
      (video->in_info.finfo->unpack_format)) > 8 ? 257.0 : 1.0;
  gint w = GST_VIDEO_INFO_WIDTH (&video->in_info);
  gint h = GST_VIDEO_INFO_HEIGHT (&video->in_info);
  gint64 start;

  GST_OBJECT_LOCK (self);
  automatic = self->notches_auto && self->filter == GST_CLFFT_FILTER_NOTCH;
  due = (automatic || self->mode == GST_CLFFT_MODE_SPECTRUM)
      && (self->peaks_stale || (self->auto_notch_interval > 0
          && self->frames_since_peaks >= self->auto_notch_interval));
  params = (ClfftPeakParams) {
  self->auto_notch_min_radius, self->auto_notch_threshold,
        self->auto_notch_count, self->auto_notch_min_amplitude * level};
  fresh = self->peaks_stale;
  if (due) {
    self->peaks_stale = FALSE;
    self->frames_since_peaks = 0;
  }
  self->frames_since_peaks++;
  GST_OBJECT_UNLOCK (self);
  if (!due)
    return TRUE;

  if (!self->peak_finder && !(self->peak_finder =
          clfft_peak_finder_new (self->device.engine, w, h, error)))
    return FALSE;
  if (!gst_video_frame_map (&frame, &video->in_info, inbuf, GST_MAP_READ)) {
    g_set_error (error, GST_STREAM_ERROR, GST_STREAM_ERROR_FORMAT,
        "a buffer does not hold a %dx%d frame", w, h);
    return FALSE;
  }
  luma = g_new (gfloat, (gsize) w * h);
  frame_luma (&frame, luma);
  gst_video_frame_unmap (&frame);
  /* a new size or setting is searched afresh; the same scene keeps what
   * it found near the threshold rather than flicker */
  if (fresh)
    g_array_set_size (self->peaks_kept, 0);
  params.kept = (const ClfftPeak *) self->peaks_kept->data;
  params.n_kept = self->peaks_kept->len;
  peaks = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  start = g_get_monotonic_time ();
  if (!clfft_peak_finder_run (self->peak_finder, luma, &params, peaks,
          error)) {
    g_free (luma);
    g_array_unref (peaks);
    return FALSE;
  }
  GST_INFO_OBJECT (self, "the search of the %dx%d spectrum took %.2f ms "
      "(upload, transform, search and read back, the device waited for)",
      w, h, (g_get_monotonic_time () - start) / 1e3);
  g_free (luma);
  g_array_set_size (self->peaks_kept, 0);
  g_array_append_vals (self->peaks_kept, peaks->data, peaks->len);
  text = notches_text (peaks);
  amplitudes = amplitudes_text (peaks, level);
  notches = g_array_new (FALSE, FALSE, sizeof (GstClfftNotch));
  for (guint i = 0; i < peaks->len; i++) {
    const ClfftPeak *p = &g_array_index (peaks, ClfftPeak, i);
    GstClfftNotch notch = { p->fx, p->fy };

    g_array_append_val (notches, notch);
  }
  GST_INFO_OBJECT (self, "%u peaks in the spectrum: \"%s\", amplitudes "
      "\"%s\"", peaks->len, text, amplitudes);
  GST_OBJECT_LOCK (self);
  g_free (self->notches_found);
  self->notches_found = g_strdup (text);
  /* the setting may have changed meanwhile: then it stays */
  if (automatic && self->notches_auto) {
    g_array_unref (self->notches);
    self->notches = g_array_ref (notches);
    self->mask_dirty = TRUE;
  }
  GST_OBJECT_UNLOCK (self);
  gst_element_post_message (GST_ELEMENT (self),
      gst_message_new_element (GST_OBJECT (self),
          gst_structure_new ("clfft-notches", "notches", G_TYPE_STRING, text,
              "count", G_TYPE_UINT, peaks->len, "amplitudes", G_TYPE_STRING,
              amplitudes, NULL)));
  g_object_notify (G_OBJECT (self), "notches-found");
  g_array_unref (notches);
  g_array_unref (peaks);
  g_free (text);
  g_free (amplitudes);
  return TRUE;
}

/* Brings controlled properties to the buffer's stream time; a segment in
 * another format than TIME (BYTES, from a raw file) has none. */
static void
sync_controlled_properties (GstClfft2dFilter * self, GstBuffer * buffer)
{
  GstBaseTransform *trans = GST_BASE_TRANSFORM (self);
  GstClockTime stream_time = trans->segment.format != GST_FORMAT_TIME ?
      GST_CLOCK_TIME_NONE : gst_segment_to_stream_time (&trans->segment,
      GST_FORMAT_TIME, GST_BUFFER_PTS (buffer));

  if (GST_CLOCK_TIME_IS_VALID (stream_time))
    gst_object_sync_values (GST_OBJECT (self), stream_time);
}

static void
read_frame_settings (GstClfft2dFilter * self, GstClfftFrameSettings * settings)
{
  GST_OBJECT_LOCK (self);
  settings->mode = self->mode;
  settings->padding = plan_padding (self->padding, self->mode,
      self->filter);
  settings->output = self->output;
  /* auto: a gray picture where the luma is no picture of the input, so
   * that the input's colours do not lie over it; else the colours
   * filtered as the luma is */
  settings->chroma = self->chroma != GST_CLFFT_CHROMA_AUTO ? self->chroma :
      self->mode == GST_CLFFT_MODE_SPECTRUM
      || self->output != GST_CLFFT_OUTPUT_CLAMP ? GST_CLFFT_CHROMA_NEUTRAL :
      GST_CLFFT_CHROMA_FILTER;
  settings->gain = self->gain;
  settings->offset = self->offset;
  settings->saturate = self->saturate;
  GST_OBJECT_UNLOCK (self);
}

/* Brings the plan (made for settings->padding) to settings: the mask,
 * where the filter's properties changed or the plan is new, and the
 * output and mode. */
static gboolean
configure_plan (GstClfft2dFilter * self,
    const GstClfftFrameSettings * settings, GError ** error)
{
  if (!update_mask (self, error))
    return FALSE;
  apply_tuning (self);
  apply_output_and_mode (self, settings);
  self->settings = *settings;
  return TRUE;
}

/* Puts the planes of a mapped frame that hold filtered channels on the
 * device of the plan. */
static gboolean
submit_held (GstClfft2dFilter * self, HeldFrame * held, GError ** error)
{
  const gboolean in_pinned = gst_clfft_buffer_is_pinned (held->inbuf,
      self->device.engine);
  const gboolean out_pinned = gst_clfft_buffer_is_pinned (held->outbuf,
      self->device.engine);
  ClfftHostPlanes src = { 0 }, dst = { 0 };

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&held->in); p++) {
    src.planes[p] = (ClfftHostFrame) {
    GST_VIDEO_FRAME_PLANE_DATA (&held->in, p),
          GST_VIDEO_FRAME_PLANE_STRIDE (&held->in, p), in_pinned};
    dst.planes[p] = (ClfftHostFrame) {
    GST_VIDEO_FRAME_PLANE_DATA (&held->out, p),
          GST_VIDEO_FRAME_PLANE_STRIDE (&held->out, p), out_pinned};
  }
  return clfft_frame_filter_submit (self->frames, &src, &dst, error);
}

/* The filter and the frames in flight again, on the engine fallen back
 * to (GstClfftRemake). */
static gboolean
remake_filter (GstElement * element, GError ** error)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (element);
  const GstClfftFrameSettings settings = self->settings;

  if (!make_plan (self, &settings, error)
      || !configure_plan (self, &settings, error))
    return FALSE;
  for (GList * l = self->held.head; l; l = l->next)
    if (!submit_held (self, l->data, error))
      return FALSE;
  /* the pools in use may hold pinned memory of the failed device:
   * outputs leave it, and upstream is asked to negotiate anew */
  self->outputs_unpooled = TRUE;
  gst_pad_push_event (GST_BASE_TRANSFORM_SINK_PAD (self),
      gst_event_new_reconfigure ());
  return TRUE;
}

/* The device failed (cause) with the frames held in flight: with fallback
 * on (and may_fall_back: not for the same frame twice), the filter and
 * those frames move to the next usable device, with a warning that names
 * both devices. Otherwise, or when that fails too, an error, and the
 * frames go; so too where cause is not the device's (a refusal of the
 * engine's), with an error that does not blame the device. TRUE when the
 * frames are in flight again. Takes cause. */
static gboolean
device_failed (GstClfft2dFilter * self, GError * cause,
    gboolean may_fall_back)
{
  gchar *moved;
  gboolean fallback, ok;

  /* a request the engine refuses would be refused on any device */
  if (!clfft_error_is_device_failure (cause)) {
    GST_ELEMENT_ERROR (self, LIBRARY, SETTINGS,
        ("Cannot filter a %dx%d frame with these settings.", self->width,
            self->height), ("%s", cause->message));
    discard_held (self);
    g_error_free (cause);
    return FALSE;
  }
  fallback = gst_clfft_device_get_fallback (&self->device) && may_fall_back;
  /* the filter's memory on the failed device goes first */
  if (fallback)
    free_plan (self, TRUE);
  moved = g_strdup_printf ("its frames in flight (%u)",
      g_queue_get_length (&self->held));
  ok = gst_clfft_device_failed (&self->device, fallback, cause,
      "filter a frame", moved, remake_filter);
  if (!ok)
    discard_held (self);
  g_free (moved);
  g_error_free (cause);
  return ok;
}

/* Whether every plane of a mapped frame lies within what is mapped of its
 * buffer: a GstVideoMeta may give any offset and stride (0, less than a
 * row, rows past the buffer's end), which would be read past the end or
 * fail on the device. Where it does not, what is wrong in *problem. */
static gboolean
frame_fits (const GstVideoFrame * frame, gchar ** problem)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    /* with a meta each plane is mapped on its own, else the whole buffer */
    const GstMapInfo *map = &frame->map[frame->meta ? p : 0];
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, p);
    const gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
    const gsize row = gst_clfft_plane_row_bytes (&frame->info, p);
    guint rows = 0;
    gsize start, end;

    for (guint c = 0; c < GST_VIDEO_FRAME_N_COMPONENTS (frame); c++)
      if (GST_VIDEO_FRAME_COMP_PLANE (frame, c) == p)
        rows = MAX (rows, (guint) GST_VIDEO_FRAME_COMP_HEIGHT (frame, c));
    if (stride <= 0 || (gsize) stride < row) {
      *problem = g_strdup_printf ("plane %u has a stride of %d bytes where "
          "its rows hold %" G_GSIZE_FORMAT, p, stride, row);
      return FALSE;
    }
    start = data - map->data;
    end = start + (gsize) stride * (rows - 1) + row;
    if (data < map->data || end > map->size) {
      *problem = g_strdup_printf ("plane %u (%u rows of %" G_GSIZE_FORMAT
          " bytes, %d apart, from byte %" G_GSIZE_FORMAT ") ends past the %"
          G_GSIZE_FORMAT " bytes mapped", p, rows, row, stride, start,
          map->size);
      return FALSE;
    }
  }
  return TRUE;
}

/* Maps inbuf and an output buffer for it, copies the chroma planes, and
 * puts the luma on the device: the frame joins the frames in flight. */
static GstFlowReturn
submit_frame (GstClfft2dFilter * self, GstBuffer * inbuf)
{
  GstBaseTransform *trans = GST_BASE_TRANSFORM (self);
  GstVideoFilter *video = GST_VIDEO_FILTER (self);
  HeldFrame *held;
  GError *error = NULL;
  GstClfftFrameSettings settings;
  GstFlowReturn ret;
  gdouble step_seconds;
  gchar *problem = NULL;

  sync_controlled_properties (self, inbuf);
  read_frame_settings (self, &settings);
  for (guint attempt = 0;; attempt++) {
    gboolean searched, fallback;

    if (!ensure_plan (self, &settings)) {
      gst_buffer_unref (inbuf);
      return GST_FLOW_ERROR;
    }
    /* the search and the mask run on the device as the frames do: where
     * it fails, they move with the frames (fallback), and run again there
     * once */
    if ((searched = find_notches (self, inbuf, &error))
        && configure_plan (self, &settings, &error))
      break;
    fallback = gst_clfft_device_get_fallback (&self->device);
    if (attempt == 0 && fallback && clfft_error_is_device_failure (error)) {
      if (device_failed (self, g_steal_pointer (&error), TRUE))
        continue;
      gst_buffer_unref (inbuf);
      return GST_FLOW_ERROR;
    }
    if (!searched) {
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Cannot search the frame's spectrum for periodic noise: %s.",
              error->message), (NULL));
      g_error_free (error);
      gst_buffer_unref (inbuf);
      return GST_FLOW_ERROR;
    }
    if (g_error_matches (error, CLFFT_ERROR, CLFFT_ERROR_HOST_MEMORY))
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
          ("Not enough host memory for the mask of %dx%d frames.",
              self->width, self->height), ("%s", error->message));
    else
      GST_ELEMENT_ERROR (self, RESOURCE, SETTINGS,
          ("Cannot build the mask of the filter: %s.", error->message),
          (NULL));
    g_error_free (error);
    gst_buffer_unref (inbuf);
    return GST_FLOW_ERROR;
  }

  held = g_new0 (HeldFrame, 1);
  held->inbuf = inbuf;
  if (self->outputs_unpooled) {
    held->outbuf = gst_buffer_new_allocate (NULL,
        GST_VIDEO_INFO_SIZE (&video->out_info), NULL);
    ret = held->outbuf && GST_BASE_TRANSFORM_GET_CLASS (trans)->copy_metadata
        (trans, inbuf, held->outbuf) ? GST_FLOW_OK : GST_FLOW_ERROR;
  } else {
    ret = GST_BASE_TRANSFORM_CLASS (parent_class)->prepare_output_buffer
        (trans, inbuf, &held->outbuf);
  }
  if (ret != GST_FLOW_OK || !held->outbuf) {
    GST_DEBUG_OBJECT (self, "no output buffer: %s", gst_flow_get_name (ret));
    held_frame_free (held);
    return ret == GST_FLOW_OK ? GST_FLOW_ERROR : ret;
  }
  if (!gst_video_frame_map (&held->in, &video->in_info, inbuf, GST_MAP_READ)) {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT,
        ("A buffer does not hold a %dx%d frame.", self->width,
            self->height), ("buffer of %" G_GSIZE_FORMAT " bytes, where "
            "the caps ask for %" G_GSIZE_FORMAT " (rows %d bytes apart)",
            gst_buffer_get_size (inbuf), GST_VIDEO_INFO_SIZE
            (&video->in_info), GST_VIDEO_INFO_PLANE_STRIDE (&video->in_info,
                0)));
    held_frame_free (held);
    return GST_FLOW_ERROR;
  }
  if (!frame_fits (&held->in, &problem)) {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT,
        ("A buffer's video meta does not fit the buffer: %s.", problem),
        ("buffer of %" G_GSIZE_FORMAT " bytes", gst_buffer_get_size (inbuf)));
    g_free (problem);
    held_frame_free (held);
    return GST_FLOW_ERROR;
  }
  if (!gst_video_frame_map (&held->out, &video->out_info, held->outbuf,
          GST_MAP_WRITE)) {
    GST_ELEMENT_ERROR (self, STREAM, FAILED,
        ("Cannot map an output buffer for writing."), (NULL));
    held_frame_free (held);
    return GST_FLOW_ERROR;
  }
  if (!frame_fits (&held->out, &problem)) {
    GST_ELEMENT_ERROR (self, STREAM, FAILED,
        ("An output buffer's video meta does not fit the buffer: %s.",
            problem), (NULL));
    g_free (problem);
    held_frame_free (held);
    return GST_FLOW_ERROR;
  }
  /* planes with nothing filtered, passed or made neutral here; the rest
   * go to the device */
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&held->in); p++)
    if (!clfft_frame_filter_plane_on_device (self->frames, p)
        && !gst_clfft_plane_pass (&held->out, &held->in, p, self->roles)) {
      GST_ELEMENT_ERROR (self, STREAM, FAILED,
          ("Cannot copy plane %u of a frame.", p), (NULL));
      held_frame_free (held);
      return GST_FLOW_ERROR;
    }
  ret = submit_held (self, held, &error) ? GST_FLOW_OK : GST_FLOW_ERROR;
  g_queue_push_tail (&self->held, held);
  if (ret != GST_FLOW_OK && device_failed (self, error, TRUE))
    ret = GST_FLOW_OK;
  if (ret == GST_FLOW_OK && self->frames
      && clfft_frame_filter_take_own_programs (self->frames, &step_seconds))
    post_prepare_message (self, "own-programs", step_seconds,
        clfft_frame_filter_get_tuning (self->frames) !=
        CLFFT_TUNING_BACKGROUND);
  if (ret == GST_FLOW_OK && self->frames
      && clfft_frame_filter_take_tuned (self->frames, &step_seconds))
    post_prepare_message (self, "tuned", step_seconds, TRUE);
  return ret;
}

/* GstVideoFilter works in place when a subclass has no transform_frame;
 * frames here go to their own output buffers. */
static gboolean
gst_clfft_2d_filter_set_caps (GstBaseTransform * trans, GstCaps * incaps,
    GstCaps * outcaps)
{
  if (!GST_BASE_TRANSFORM_CLASS (parent_class)->set_caps (trans, incaps,
          outcaps))
    return FALSE;
  gst_base_transform_set_in_place (trans, FALSE);
  return TRUE;
}

/* Takes each input buffer from the base class (which has done QoS and
 * renegotiation) onto the device. */
static GstFlowReturn
gst_clfft_2d_filter_submit_input_buffer (GstBaseTransform * trans,
    gboolean is_discont, GstBuffer * input)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);
  GstFlowReturn ret;
  GstBuffer *inbuf;

  /* the base class flags the next buffer it pushes as a discontinuity:
   * that must be this frame, not one held from before */
  if (is_discont && (ret = drain_held (self)) != GST_FLOW_OK) {
    gst_buffer_unref (input);
    return ret;
  }
  ret = GST_BASE_TRANSFORM_CLASS (parent_class)->submit_input_buffer (trans,
      is_discont, input);
  inbuf = trans->queued_buf;
  if (ret != GST_FLOW_OK || !inbuf)
    return ret;
  trans->queued_buf = NULL;
  GST_OBJECT_LOCK (self);
  if (!self->frame_duration && GST_BUFFER_DURATION_IS_VALID (inbuf))
    self->frame_duration = GST_BUFFER_DURATION (inbuf);
  GST_OBJECT_UNLOCK (self);
  check_latency (self);
  return submit_frame (self, inbuf);
}

/* Hands out the oldest frame while the frames in flight reach the depth;
 * the base class calls it until it gives none. */
static GstFlowReturn
gst_clfft_2d_filter_generate_output (GstBaseTransform * trans,
    GstBuffer ** outbuf)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);

  *outbuf = NULL;
  /* the first frame after a start, flush or segment leaves at once, so
   * that a sink prerolls on it */
  if (g_queue_is_empty (&self->held) || (self->started
          && g_queue_get_length (&self->held) < effective_depth (self)))
    return GST_FLOW_OK;
  self->started = TRUE;
  return collect_oldest (self, outbuf);
}

/* Frames in flight leave before any serialized event (EOS, caps, segment,
 * gap, tags...), so that nothing overtakes them; a flush drops them. */
static gboolean
gst_clfft_2d_filter_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);

  if (GST_EVENT_TYPE (event) == GST_EVENT_FLUSH_STOP) {
    discard_held (self);
    self->started = FALSE;
  } else if (GST_EVENT_IS_SERIALIZED (event)) {
    GstFlowReturn ret = drain_held (self);

    if (ret != GST_FLOW_OK)
      GST_DEBUG_OBJECT (self, "draining before %s: %s",
          GST_EVENT_TYPE_NAME (event), gst_flow_get_name (ret));
    if (GST_EVENT_TYPE (event) == GST_EVENT_SEGMENT)
      self->started = FALSE;
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->sink_event (trans, event);
}

/* Upstream gets a pool of frames in pinned memory (on a GPU) or aligned
 * for use in place (where the device's memory is the host's), with room
 * for the frames in flight. */
/* Adds to query a video pool of caps' frames with room for min buffers,
 * in allocator's memory (NULL: system memory with params); video_meta:
 * buffers carry a GstVideoMeta. FALSE if the pool refuses the
 * configuration. */
static gboolean
add_video_pool (GstClfft2dFilter * self, GstQuery * query, GstCaps * caps,
    gsize size, guint min, GstAllocator * allocator,
    const GstAllocationParams * params, gboolean video_meta)
{
  GstBufferPool *pool = gst_video_buffer_pool_new ();
  GstStructure *config = gst_buffer_pool_get_config (pool);
  gboolean ok;

  gst_buffer_pool_config_set_params (config, caps, size, min, 0);
  gst_buffer_pool_config_set_allocator (config, allocator, params);
  if (video_meta)
    gst_buffer_pool_config_add_option (config,
        GST_BUFFER_POOL_OPTION_VIDEO_META);
  ok = gst_buffer_pool_set_config (pool, config);
  if (ok)
    gst_query_add_allocation_pool (query, pool, size, min, 0);
  else
    GST_WARNING_OBJECT (self, "cannot configure a pool for %" GST_PTR_FORMAT,
        caps);
  gst_object_unref (pool);
  return ok;
}

static gboolean
gst_clfft_2d_filter_propose_allocation (GstBaseTransform * trans,
    GstQuery * decide_query, GstQuery * query)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);
  const ClfftDeviceInfo *device;
  GstAllocationParams params;
  GstAllocator *allocator = NULL;
  GstVideoInfo info;
  GstCaps *caps;
  gboolean need_pool;

  gst_query_parse_allocation (query, &caps, &need_pool);
  if (!caps || !gst_video_info_from_caps (&info, caps) || !self->device.engine)
    return FALSE;
  device = clfft_engine_get_device (self->device.engine);
  gst_allocation_params_init (&params);
  params.align = device->mem_base_addr_align - 1;
  if (!device->host_unified_memory)
    allocator = gst_clfft_host_allocator_new (self->device.engine);
  gst_query_add_allocation_param (query, allocator, &params);
  if (need_pool)
    add_video_pool (self, query, caps, info.size,
        CLFFT_FILTER2D_MAX_IN_FLIGHT, allocator, &params, TRUE);
  if (allocator)
    gst_object_unref (allocator);
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  return TRUE;
}

/* Output buffers: downstream's pool with room for the frames in flight,
 * else (on a GPU) one in pinned memory, so that downloads are DMA too.
 * A pool with less room than that caps the depth: held frames keep their
 * output buffers, and a pool with none left would block. */
static gboolean
gst_clfft_2d_filter_decide_allocation (GstBaseTransform * trans,
    GstQuery * query)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);
  const guint extra = CLFFT_FILTER2D_MAX_IN_FLIGHT - 1;
  GstBufferPool *pool = NULL;
  guint size, min = 0, max, downstream_min = 0;
  GstCaps *caps;
  GstVideoInfo info;

  self->outputs_unpooled = FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0) {
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
    downstream_min = min;
    gst_query_set_nth_allocation_pool (query, 0, pool, size, min + extra,
        max ? MAX (max, min + extra + 1) : 0);
    if (pool)
      gst_object_unref (pool);
  } else if (self->device.engine
      && !clfft_engine_get_device (self->device.engine)->host_unified_memory) {
    gst_query_parse_allocation (query, &caps, NULL);
    if (caps && gst_video_info_from_caps (&info, caps)) {
      GstAllocator *allocator =
          gst_clfft_host_allocator_new (self->device.engine);
      /* configured here: the base class's own configuration would take the
       * query's allocator, which downstream left empty */
      gboolean configured = add_video_pool (self, query, caps, info.size,
          extra, allocator, NULL, FALSE);

      if (configured) {
        gst_query_add_allocation_param (query, allocator, NULL);
        self->depth_cap = CLFFT_FILTER2D_MAX_IN_FLIGHT;
        GST_DEBUG_OBJECT (self, "outputs in a pool of pinned memory");
      }
      gst_object_unref (allocator);
      if (configured)
        return TRUE;
    }
  }
  if (!GST_BASE_TRANSFORM_CLASS (parent_class)->decide_allocation (trans,
          query))
    return FALSE;
  self->depth_cap = CLFFT_FILTER2D_MAX_IN_FLIGHT;
  if (gst_query_get_n_allocation_pools (query) > 0) {
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
    if (pool)
      gst_object_unref (pool);
    if (max)
      self->depth_cap = CLAMP ((gint) max - (gint) downstream_min, 1,
          CLFFT_FILTER2D_MAX_IN_FLIGHT);
  }
  GST_DEBUG_OBJECT (self, "output pool of %u to %u buffers: at most %u "
      "frames in flight", min, max, self->depth_cap);
  return TRUE;
}

static void
gst_clfft_2d_filter_finalize (GObject * object)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);

  free_plan (self, FALSE);
  gst_clfft_device_clear (&self->device);
  g_free (self->prepare_sizes);
  g_free (self->notches_text);
  g_array_unref (self->notches);
  g_free (self->mask_location);
  g_free (self->mask_problem);
  g_free (self->unposted_warning);
  g_free (self->notches_found);
  g_array_unref (self->peaks_kept);
  if (self->mask_image)
    gst_clfft_mask_image_unref (self->mask_image);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

/**
 * GstClfft2dFilter:tuning:
 *
 * How the FFT passes' schedules are chosen for each frame size. Timing
 * the candidates on the device makes the filter faster on GPUs, and
 * takes seconds per new size: `background` filters at once with the
 * rule's schedules while another thread times the others, `blocking`
 * holds the first frame of a new size until they are timed, `off` times
 * nothing. Choices are kept on disk, so a size tuned once is not timed
 * again. Each plan posts a `clfft-prepare` element message.
 */
static const GstClfftDeviceProperties device_properties = {
  .fallback_blurb = "When the device fails in mid-stream, filter the failed "
      "frame and the rest of the stream on the next usable device (a CPU "
      "through PoCL first), with a warning message naming both, instead of "
      "stopping with an error",
  .tuning_get_type = gst_clfft_tuning_get_type,
  .tuning_default = DEFAULT_TUNING,
  .tuning_blurb = "How the FFT schedules of a new frame size are chosen: "
      "timed on the device in the background, before the first frame, or "
      "not",
};

static void
gst_clfft_2d_filter_class_init (GstClfft2dFilterClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstVideoFilterClass *filter_class = GST_VIDEO_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_clfft_2d_filter_debug, "clfft2dfilter", 0,
      "clfft2dfilter element");

  gobject_class->set_property = gst_clfft_2d_filter_set_property;
  gobject_class->get_property = gst_clfft_2d_filter_get_property;
  gobject_class->finalize = gst_clfft_2d_filter_finalize;

  g_object_class_install_property (gobject_class, PROP_FILTER,
      g_param_spec_enum ("filter", "Filter",
          "Which frequencies to keep", GST_TYPE_CLFFT_FILTER_TYPE,
          DEFAULT_FILTER, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_SHAPE,
      g_param_spec_enum ("shape", "Shape",
          "Profile of the lowpass that the filters are made of",
          GST_TYPE_CLFFT_SHAPE, DEFAULT_SHAPE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_ORDER,
      g_param_spec_uint ("order", "Order",
          "Order n of the butterworth shape", 1, MAX_ORDER, DEFAULT_ORDER,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_CUTOFF,
      g_param_spec_double ("cutoff", "Cutoff",
          "Cutoff of lowpass and highpass, lower edge of bandpass and "
          "bandstop, in cycles per pixel (a radius in the 2D frequency "
          "plane)", 0.0, MAX_CUTOFF, DEFAULT_CUTOFF,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_CUTOFF_HIGH,
      g_param_spec_double ("cutoff-high", "Upper cutoff",
          "Upper edge of bandpass and bandstop, in cycles per pixel (at "
          "most cutoff: the band is empty)", 0.0, MAX_CUTOFF,
          DEFAULT_CUTOFF_HIGH, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_NOTCHES,
      g_param_spec_string ("notches", "Notches",
          "Frequencies that filter=notch removes, with their mirrors: "
          "\"fx,fy;fx,fy;...\" in cycles per pixel (-0.5..0.5), each with "
          "a radius of its own where written \"fx,fy,radius\" (above 0, "
          "at most 0.5; else notch-radius), at most "
          G_STRINGIFY (GST_CLFFT_MAX_NOTCHES) " of them, or \"auto\" to "
          "find them in the frames' spectra", NULL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_NOTCH_RADIUS,
      g_param_spec_double ("notch-radius", "Notch radius",
          "Cutoff of the shape around each notch that has no radius of its "
          "own, in cycles per pixel", 0.0,
          MAX_CUTOFF, DEFAULT_NOTCH_RADIUS, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING |
          GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_MASK_LOCATION,
      g_param_spec_string ("mask-location", "Mask location",
          "8-bit binary PGM (P5) that filter=custom uses as the mask: gain = "
          "pixel / 255, DC at row H/2, column W/2, resampled bilinearly to "
          "the frame size; read when set and when the caps change", NULL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_PRESERVE_DC,
      g_param_spec_boolean ("preserve-dc", "Preserve DC",
          "Pass the DC term with gain 1 whatever the filter (a highpass "
          "then keeps the mean brightness)", DEFAULT_PRESERVE_DC,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_PASS_GAIN,
      g_param_spec_double ("pass-gain", "Pass-band gain",
          "Gain of the frequencies the filter passes (a factor: the mask is "
          "stop-gain + (pass-gain - stop-gain) x the filter's mask); with "
          "filter=highpass stop-gain=1, above 1 sharpens", 0.0,
          MAX_BAND_GAIN, DEFAULT_PASS_GAIN, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING |
          GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_STOP_GAIN,
      g_param_spec_double ("stop-gain", "Stop-band gain",
          "Gain of the frequencies the filter stops (a factor, 0 removes "
          "them: filter=bandstop stop-gain=0.3 attenuates the band)", 0.0,
          MAX_BAND_GAIN, DEFAULT_STOP_GAIN, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING |
          GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_STRUCTURE_LARGE,
      g_param_spec_double ("structure-large", "Large structures",
          "filter=structures: large structures are filtered out down to "
          "this size, in pixels (ImageJ's \"Filter large structures down "
          "to\")", 0.0, MAX_STRUCTURE, DEFAULT_STRUCTURE_LARGE,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_STRUCTURE_SMALL,
      g_param_spec_double ("structure-small", "Small structures",
          "filter=structures: small structures are filtered out up to this "
          "size, in pixels (ImageJ's \"Filter small structures up to\")",
          0.0, MAX_STRUCTURE, DEFAULT_STRUCTURE_SMALL, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING |
          GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_STRIPES,
      g_param_spec_enum ("stripes", "Suppress stripes",
          "Stripes to remove besides the filter, as ImageJ's FFT Bandpass "
          "does: the frequencies with fx = 0 (horizontal) or fy = 0 "
          "(vertical) but DC, widened by stripe-tolerance",
          GST_TYPE_CLFFT_STRIPES, DEFAULT_STRIPES, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_STRIPE_TOLERANCE,
      g_param_spec_double ("stripe-tolerance", "Stripe tolerance",
          "Tolerance of the stripes' direction, in percent (ImageJ's): the "
          "mask is multiplied by 1 - exp (-(k (100 - tolerance) / 100)^2), "
          "k the signed bin index kx for horizontal stripes, ky for "
          "vertical ones", 0.0, 100.0,
          DEFAULT_STRIPE_TOLERANCE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_GAIN,
      g_param_spec_double ("gain", "Gain",
          "Multiplies the filtered values before the offset", 0.0, MAX_GAIN,
          DEFAULT_GAIN, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_OFFSET,
      g_param_spec_double ("offset", "Offset",
          "Added to the filtered values, in 8-bit pixel levels (times 257 "
          "for GRAY16_LE)", -MAX_OFFSET,
          MAX_OFFSET, DEFAULT_OFFSET, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING |
          GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_OUTPUT,
      g_param_spec_enum ("output", "Output",
          "How filtered values become pixels (rounded to nearest and clamped "
          "each way; normalize ignores gain and offset)",
          GST_TYPE_CLFFT_OUTPUT, DEFAULT_OUTPUT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_SATURATE,
      g_param_spec_double ("saturate", "Saturated share",
          "For output=normalize: the share of each frame's darkest and "
          "brightest pixels, in percent split between both ends, that the "
          "stretch saturates (ImageJ's Enhance Contrast); 0 stretches "
          "min..max", 0.0, MAX_SATURATE, DEFAULT_SATURATE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_CHROMA,
      g_param_spec_enum ("chroma", "Chroma",
          "What becomes of the chroma planes of YUV frames, whose luma is "
          "filtered", GST_TYPE_CLFFT_CHROMA, DEFAULT_CHROMA,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "The filtered frame, or a picture of its spectrum: log (1 + "
          "|F x H|) with DC at row H/2, column W/2, scaled so that the "
          "frame's maximum is the format's (where to put notches)",
          GST_TYPE_CLFFT_MODE, DEFAULT_MODE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_PADDING,
      g_param_spec_enum ("padding", "Padding",
          "What lies beyond the frame's edges: none (the frame wraps around, "
          "as the DFT defines) or mirror (each edge mirrored outwards to a "
          "fast size at least 1.5 times the frame's, the result cropped; "
          "less ringing at the borders, more work; mode=spectrum ignores it)",
          GST_TYPE_CLFFT_PADDING, DEFAULT_PADDING, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_PIPELINE_DEPTH,
      g_param_spec_uint ("pipeline-depth", "Pipeline depth",
          "Frames on the device at once: 1 = each frame leaves before the "
          "next enters; 2 to 4 = frames leave that many frames later, so "
          "that transfers overlap the FFTs (more throughput, that many "
          "frames of latency less one); 0 = automatic: 1 when upstream is "
          "live, else 2", 0, CLFFT_FILTER2D_MAX_IN_FLIGHT,
          DEFAULT_PIPELINE_DEPTH, G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_PREPARE_SIZES,
      g_param_spec_string ("prepare-sizes", "Prepare sizes",
          "Frame sizes whose kernels are built (or loaded) from READY on, "
          "before caps arrive: WIDTHxHEIGHT for 8-bit pixels, "
          "WIDTHxHEIGHT:16 for GRAY16_LE, separated by commas", NULL,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  gst_clfft_device_install_properties (gobject_class, PROP_DEVICE_FIRST,
      &device_properties);
  g_object_class_install_property (gobject_class, PROP_AUTO_NOTCH_COUNT,
      g_param_spec_uint ("auto-notch-count", "Automatic notches",
          "notches=auto: at most this many peaks (each with its mirror)",
          1, MAX_AUTO_NOTCH_COUNT, DEFAULT_AUTO_NOTCH_COUNT,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class,
      PROP_AUTO_NOTCH_MIN_RADIUS, g_param_spec_double
      ("auto-notch-min-radius", "Automatic notches' radius",
          "notches=auto: peaks at least this far from DC, in cycles per "
          "pixel (nearer, the spectrum is the picture's own)", 0.0,
          MAX_CUTOFF, DEFAULT_AUTO_NOTCH_MIN_RADIUS, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_AUTO_NOTCH_THRESHOLD,
      g_param_spec_double ("auto-notch-threshold", "Automatic notches' "
          "threshold", "notches=auto: a peak's magnitude over the mean "
          "magnitude around it (its 11 x 11 bins but the 3 x 3 centre), a "
          "factor (20 is 26 dB); a peak found by the search before needs "
          "half of it", 1.0, 1.0e6, DEFAULT_AUTO_NOTCH_THRESHOLD,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class,
      PROP_AUTO_NOTCH_MIN_AMPLITUDE, g_param_spec_double
      ("auto-notch-min-amplitude", "Automatic notches' least amplitude",
          "notches=auto: a peak is found only where its grating's amplitude "
          "is at least this many levels of an 8-bit frame (of a frame's "
          "full range over 255 for deeper formats): weaker periodic "
          "patterns are not seen, however sharp their peak; 0 finds any",
          0.0, 255.0, DEFAULT_AUTO_NOTCH_MIN_AMPLITUDE, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_AUTO_NOTCH_INTERVAL,
      g_param_spec_uint ("auto-notch-interval", "Automatic notches' "
          "interval", "notches=auto: search the spectrum again every this "
          "many frames; 0 searches the first frame of each caps only",
          0, G_MAXUINT, DEFAULT_AUTO_NOTCH_INTERVAL, G_PARAM_READWRITE |
          G_PARAM_STATIC_STRINGS | GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_NOTCHES_FOUND,
      g_param_spec_string ("notches-found", "Notches found",
          "The peaks that notches=auto (or mode=spectrum) found last, in "
          "the notches syntax; also posted as a clfft-notches message",
          NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL FFT 2D filter", "Filter/Effect/Video",
      "Filters gray, YUV and RGB video in the frequency domain on an "
      "OpenCL device",
      "gst-clfft developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_change_state);
  element_class->set_context =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_set_context);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_query);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_stop);
  trans_class->submit_input_buffer =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_submit_input_buffer);
  trans_class->generate_output =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_generate_output);
  trans_class->sink_event = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_sink_event);
  trans_class->set_caps = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_set_caps);
  trans_class->propose_allocation =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_propose_allocation);
  trans_class->decide_allocation =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_decide_allocation);
  filter_class->set_info = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_set_info);

  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_FILTER_TYPE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_SHAPE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_STRIPES, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_OUTPUT, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_CHROMA, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_MODE, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_PADDING, 0);
}

static void
gst_clfft_2d_filter_init (GstClfft2dFilter * self)
{
  self->filter = DEFAULT_FILTER;
  self->shape = DEFAULT_SHAPE;
  self->order = DEFAULT_ORDER;
  self->cutoff = DEFAULT_CUTOFF;
  self->cutoff_high = DEFAULT_CUTOFF_HIGH;
  self->notches = g_array_new (FALSE, FALSE, sizeof (GstClfftNotch));
  self->peaks_kept = g_array_new (FALSE, FALSE, sizeof (ClfftPeak));
  self->auto_notch_count = DEFAULT_AUTO_NOTCH_COUNT;
  self->auto_notch_min_radius = DEFAULT_AUTO_NOTCH_MIN_RADIUS;
  self->auto_notch_threshold = DEFAULT_AUTO_NOTCH_THRESHOLD;
  self->auto_notch_min_amplitude = DEFAULT_AUTO_NOTCH_MIN_AMPLITUDE;
  self->auto_notch_interval = DEFAULT_AUTO_NOTCH_INTERVAL;
  self->peaks_stale = TRUE;
  self->notch_radius = DEFAULT_NOTCH_RADIUS;
  self->preserve_dc = DEFAULT_PRESERVE_DC;
  self->pass_gain = DEFAULT_PASS_GAIN;
  self->stop_gain = DEFAULT_STOP_GAIN;
  self->structure_large = DEFAULT_STRUCTURE_LARGE;
  self->structure_small = DEFAULT_STRUCTURE_SMALL;
  self->stripes = DEFAULT_STRIPES;
  self->stripe_tolerance = DEFAULT_STRIPE_TOLERANCE;
  self->saturate = DEFAULT_SATURATE;
  self->gain = DEFAULT_GAIN;
  self->offset = DEFAULT_OFFSET;
  self->output = DEFAULT_OUTPUT;
  self->chroma = DEFAULT_CHROMA;
  self->mode = DEFAULT_MODE;
  self->padding = DEFAULT_PADDING;
  gst_clfft_device_init (&self->device, GST_ELEMENT (self));
  self->pipeline_depth = DEFAULT_PIPELINE_DEPTH;
  self->device.tuning = DEFAULT_TUNING;
  self->mask_dirty = TRUE;
  g_queue_init (&self->held);
  self->depth_cap = CLFFT_FILTER2D_MAX_IN_FLIGHT;
  self->reported_latency = GST_CLOCK_TIME_NONE;
}
