/**
 * SECTION:element-clfft2dfilter
 * @title: clfft2dfilter
 *
 * Filters gray video in the frequency domain on an OpenCL device: each frame
 * goes through a forward 2D FFT, is multiplied by a mask, and comes back
 * through the inverse FFT. The output pixel is the real part of the result,
 * rounded to nearest and clamped to 0..255.
 *
 * Frequencies are in cycles per pixel, whatever the frame size. With signed
 * frequency indices kx in [-W/2, W/2) and ky in [-H/2, H/2) and
 * r = sqrt ((kx/W)^2 + (ky/H)^2), `lowpass` keeps r <= #GstClfft2dFilter:cutoff,
 * `highpass` keeps r > cutoff and `none` keeps everything (a pure forward
 * and inverse round trip). The masks are ideal (hard-edged).
 *
 * Widths and heights go from 2 to 8192, any value: sizes whose factors are
 * all 2, 3, 5 and 7 (1920x1080, 1280x720, 3840x2160) take the mixed-radix
 * FFT, others (1366x768, 997x631) Bluestein's algorithm, never padding.
 * Larger or smaller frames are refused at caps negotiation.
 *
 * The device is the first GPU, else the first CPU device (PoCL), unless the
 * environment variable `GST_CLFFT_DEVICE` (an index or a part of a device
 * name) or the #GstClfft2dFilter:device-index property says otherwise.
 * Elements of one pipeline share one engine through a GstContext of type
 * `gst.clfft.engine`.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc pattern=zone-plate kx2=128 ky2=128 ! \
 *     video/x-raw,format=GRAY8,width=512,height=512 ! \
 *     clfft2dfilter filter=lowpass cutoff=0.15 ! videoconvert ! autovideosink
 * ]| Keeps the rings of a zone plate up to 0.15 cycles per pixel.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfft2dfilter.h"
#include "gstclfftcontext.h"
#include "gstclfftelements.h"

GST_DEBUG_CATEGORY_STATIC (gst_clfft_2d_filter_debug);
#define GST_CAT_DEFAULT gst_clfft_2d_filter_debug

#define MIN_SIZE 2
#define MAX_SIZE 8192

#define DEFAULT_FILTER GST_CLFFT_FILTER_LOWPASS
#define DEFAULT_CUTOFF 0.05
#define MAX_CUTOFF 0.71
#define DEFAULT_DEVICE_INDEX -1

enum
{
  PROP_0,
  PROP_FILTER,
  PROP_CUTOFF,
  PROP_DEVICE_INDEX,
  PROP_DEVICE_NAME,
};

#define CLFFT_2D_FILTER_CAPS \
  "video/x-raw, format = (string) GRAY8, " \
  "width = (int) [ 2, 8192 ], height = (int) [ 2, 8192 ], " \
  "framerate = (fraction) [ 0/1, MAX ]"

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
    {GST_CLFFT_FILTER_NONE, "Keep every frequency (FFT round trip)", "none"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type)) {
    GType t = g_enum_register_static ("GstClfftFilterType", values);
    g_once_init_leave (&type, t);
  }
  return type;
}

#define gst_clfft_2d_filter_parent_class parent_class
G_DEFINE_TYPE (GstClfft2dFilter, gst_clfft_2d_filter, GST_TYPE_VIDEO_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clfft2dfilter, "clfft2dfilter", GST_RANK_NONE,
    GST_TYPE_CLFFT_2D_FILTER);

static void
gst_clfft_2d_filter_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);
  gboolean engine_open = FALSE;

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_FILTER:
      self->filter = g_value_get_enum (value);
      self->gain_dirty = TRUE;
      break;
    case PROP_CUTOFF:
      self->cutoff = g_value_get_double (value);
      self->gain_dirty = TRUE;
      break;
    case PROP_DEVICE_INDEX:
      self->device_index = g_value_get_int (value);
      engine_open = self->engine != NULL;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
  /* logged outside the lock: an object's log line takes its lock */
  if (engine_open && GST_STATE (self) != GST_STATE_NULL)
    GST_WARNING_OBJECT (self, "device-index takes effect at the next change "
        "from NULL to READY");
}

static void
gst_clfft_2d_filter_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_FILTER:
      g_value_set_enum (value, self->filter);
      break;
    case PROP_CUTOFF:
      g_value_set_double (value, self->cutoff);
      break;
    case PROP_DEVICE_INDEX:
      g_value_set_int (value, self->device_index);
      break;
    case PROP_DEVICE_NAME:
      g_value_set_string (value, self->engine ?
          clfft_engine_get_device (self->engine)->name : NULL);
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
  gint device_index;

  GST_OBJECT_LOCK (self);
  device_index = self->device_index;
  GST_OBJECT_UNLOCK (self);
  gst_clfft_handle_set_context (element, context, device_index,
      &self->engine);
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

static gboolean
gst_clfft_2d_filter_query (GstBaseTransform * trans, GstPadDirection dir,
    GstQuery * query)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (trans);

  if (GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT) {
    gboolean answered;

    GST_OBJECT_LOCK (self);
    answered = gst_clfft_handle_context_query (GST_ELEMENT (self), query,
        self->engine);
    GST_OBJECT_UNLOCK (self);
    if (answered)
      return TRUE;
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->query (trans, dir, query);
}

static gboolean
open_engine (GstClfft2dFilter * self)
{
  GError *error = NULL;
  gint device_index;

  GST_OBJECT_LOCK (self);
  device_index = self->device_index;
  GST_OBJECT_UNLOCK (self);

  if (!gst_clfft_ensure_engine (GST_ELEMENT (self), device_index,
          &self->engine, &error)) {
    gint code = error->code == CLFFT_ERROR_OPENCL ? GST_RESOURCE_ERROR_FAILED
        : GST_RESOURCE_ERROR_NOT_FOUND;

    gst_element_message_full (GST_ELEMENT (self), GST_MESSAGE_ERROR,
        GST_RESOURCE_ERROR, code, g_strdup (error->message),
        g_strdup_printf ("device-index=%d, " CLFFT_DEVICE_ENV "=%s",
            device_index, GST_STR_NULL (g_getenv (CLFFT_DEVICE_ENV))),
        __FILE__, GST_FUNCTION, __LINE__);
    g_error_free (error);
    return FALSE;
  }
  GST_INFO_OBJECT (self, "using OpenCL device %s",
      clfft_engine_get_device (self->engine)->name);
  g_object_notify (G_OBJECT (self), "device-name");
  return TRUE;
}

static void
close_engine (GstClfft2dFilter * self)
{
  ClfftEngine *engine;

  GST_OBJECT_LOCK (self);
  engine = self->engine;
  self->engine = NULL;
  GST_OBJECT_UNLOCK (self);
  if (engine)
    clfft_engine_unref (engine);
}

static GstStateChangeReturn
gst_clfft_2d_filter_change_state (GstElement * element,
    GstStateChange transition)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (element);
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_NULL_TO_READY && !open_engine (self))
    return GST_STATE_CHANGE_FAILURE;

  ret = GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);

  if (transition == GST_STATE_CHANGE_READY_TO_NULL
      || (transition == GST_STATE_CHANGE_NULL_TO_READY
          && ret == GST_STATE_CHANGE_FAILURE))
    close_engine (self);
  return ret;
}

static void
free_plan (GstClfft2dFilter * self)
{
  g_clear_pointer (&self->plan, clfft_filter2d_free);
  g_clear_pointer (&self->gain, g_free);
}

static gboolean
gst_clfft_2d_filter_set_info (GstVideoFilter * filter, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (filter);
  gint width = GST_VIDEO_INFO_WIDTH (in_info);
  gint height = GST_VIDEO_INFO_HEIGHT (in_info);
  GError *error = NULL;

  free_plan (self);
  /* the pad templates hold the same range */
  if (width < MIN_SIZE || width > MAX_SIZE || height < MIN_SIZE
      || height > MAX_SIZE) {
    GST_ELEMENT_ERROR (self, STREAM, FORMAT,
        ("clfft2dfilter cannot filter %dx%d frames: width and height must "
            "be from %d to %d.", width, height, MIN_SIZE, MAX_SIZE),
        ("refused caps %" GST_PTR_FORMAT, incaps));
    return FALSE;
  }

  self->plan = clfft_filter2d_new (self->engine, width, height, &error);
  if (!self->plan) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("Cannot prepare the %dx%d filter on the OpenCL device.", width,
            height), ("%s", error->message));
    g_error_free (error);
    return FALSE;
  }
  self->gain = g_new (gfloat, (gsize) width * height);
  GST_OBJECT_LOCK (self);
  self->gain_dirty = TRUE;
  GST_OBJECT_UNLOCK (self);
  GST_DEBUG_OBJECT (self, "prepared for %dx%d", width, height);
  return TRUE;
}

static gboolean
gst_clfft_2d_filter_stop (GstBaseTransform * trans)
{
  free_plan (GST_CLFFT_2D_FILTER (trans));
  return TRUE;
}

/* Recomputes the mask when a property changed since the last frame. */
static gboolean
update_gain (GstClfft2dFilter * self, const GstVideoInfo * info,
    GError ** error)
{
  GstClfftFilterType filter;
  gdouble cutoff;

  GST_OBJECT_LOCK (self);
  if (!self->gain_dirty) {
    GST_OBJECT_UNLOCK (self);
    return TRUE;
  }
  filter = self->filter;
  cutoff = self->cutoff;
  self->gain_dirty = FALSE;
  GST_OBJECT_UNLOCK (self);

  gst_clfft_mask_fill (self->gain, GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), filter, cutoff);
  GST_DEBUG_OBJECT (self, "mask: filter %d, cutoff %f", filter, cutoff);
  return clfft_filter2d_set_gain (self->plan, self->gain, error);
}

static GstFlowReturn
gst_clfft_2d_filter_transform_frame (GstVideoFilter * filter,
    GstVideoFrame * in, GstVideoFrame * out)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (filter);
  GError *error = NULL;

  if (!update_gain (self, &in->info, &error)
      || !clfft_filter2d_process (self->plan,
          GST_VIDEO_FRAME_PLANE_DATA (in, 0),
          GST_VIDEO_FRAME_PLANE_STRIDE (in, 0),
          GST_VIDEO_FRAME_PLANE_DATA (out, 0),
          GST_VIDEO_FRAME_PLANE_STRIDE (out, 0), &error)) {
    GST_ELEMENT_ERROR (self, RESOURCE, FAILED,
        ("The OpenCL device failed to filter a frame."), ("%s",
            error->message));
    g_error_free (error);
    return GST_FLOW_ERROR;
  }
  return GST_FLOW_OK;
}

static void
gst_clfft_2d_filter_finalize (GObject * object)
{
  GstClfft2dFilter *self = GST_CLFFT_2D_FILTER (object);

  free_plan (self);
  close_engine (self);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

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
  g_object_class_install_property (gobject_class, PROP_CUTOFF,
      g_param_spec_double ("cutoff", "Cutoff",
          "Cutoff frequency in cycles per pixel (radius in the 2D "
          "frequency plane)", 0.0, MAX_CUTOFF, DEFAULT_CUTOFF,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
          GST_PARAM_MUTABLE_PLAYING));
  g_object_class_install_property (gobject_class, PROP_DEVICE_INDEX,
      g_param_spec_int ("device-index", "Device index",
          "Index of the OpenCL device in the list of every platform's "
          "devices (-1 = automatic: GST_CLFFT_DEVICE, else the first GPU, "
          "else the first CPU); read when the element goes from NULL to "
          "READY", -1, G_MAXINT, DEFAULT_DEVICE_INDEX,
          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (gobject_class, PROP_DEVICE_NAME,
      g_param_spec_string ("device-name", "Device name",
          "Name of the OpenCL device in use (set from READY on)", NULL,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL FFT 2D filter", "Filter/Effect/Video",
      "Filters gray video in the frequency domain on an OpenCL device",
      "gst-clfft developers");
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);

  element_class->change_state =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_change_state);
  element_class->set_context =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_set_context);
  trans_class->query = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_query);
  trans_class->stop = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_stop);
  filter_class->set_info = GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_set_info);
  filter_class->transform_frame =
      GST_DEBUG_FUNCPTR (gst_clfft_2d_filter_transform_frame);

  gst_type_mark_as_plugin_api (GST_TYPE_CLFFT_FILTER_TYPE, 0);
}

static void
gst_clfft_2d_filter_init (GstClfft2dFilter * self)
{
  self->filter = DEFAULT_FILTER;
  self->cutoff = DEFAULT_CUTOFF;
  self->device_index = DEFAULT_DEVICE_INDEX;
  self->gain_dirty = TRUE;
}
