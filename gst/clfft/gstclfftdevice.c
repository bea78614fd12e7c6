#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfftdevice.h"
#include "gstclfftcontext.h"
#include "engine/clfft-overrides.h"

GST_DEBUG_CATEGORY_EXTERN (gst_clfft_debug);
#define GST_CAT_DEFAULT gst_clfft_debug

#define DEFAULT_DEVICE_INDEX -1
#define DEFAULT_FALLBACK FALSE

#define DEVICE_INDEX_BLURB "Index of the OpenCL device in the list of every " \
  "platform's devices (-1 = automatic: the least loaded of the devices " \
  "GST_CLFFT_DEVICE names, else of the GPUs of the fastest kind, else of " \
  "the CPUs); read when the element goes from NULL to READY"
#define DEVICE_NAME_BLURB "Name of the OpenCL device in use (set from READY on)"

void
gst_clfft_device_init (GstClfftDevice * device, GstElement * element)
{
  device->element = element;
  device->index = DEFAULT_DEVICE_INDEX;
  device->fallback = DEFAULT_FALLBACK;
  device->tuning = 0;
  device->engine = NULL;
  device->load = (GstClfftLoad) {
  -1, 0.0};
}

/* ---- properties ----------------------------------------------------- */

void
gst_clfft_device_install_properties (GObjectClass * gobject_class,
    guint first_prop_id, const GstClfftDeviceProperties * properties)
{
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  g_object_class_install_property (gobject_class,
      first_prop_id + GST_CLFFT_DEVICE_PROP_INDEX,
      g_param_spec_int ("device-index", "Device index",
          properties->device_index_blurb ? properties->device_index_blurb :
          DEVICE_INDEX_BLURB, -1, G_MAXINT, DEFAULT_DEVICE_INDEX, rw));
  g_object_class_install_property (gobject_class,
      first_prop_id + GST_CLFFT_DEVICE_PROP_NAME,
      g_param_spec_string ("device-name", "Device name",
          properties->device_name_blurb ? properties->device_name_blurb :
          DEVICE_NAME_BLURB, NULL, ro));
  g_object_class_install_property (gobject_class,
      first_prop_id + GST_CLFFT_DEVICE_PROP_INDEX_IN_USE,
      g_param_spec_int ("device-index-in-use", "Device index in use",
          "Index of the OpenCL device in use (set from READY on; -1 before)",
          -1, G_MAXINT, -1, ro));
  g_object_class_install_property (gobject_class,
      first_prop_id + GST_CLFFT_DEVICE_PROP_FALLBACK,
      g_param_spec_boolean ("fallback", "Fallback",
          properties->fallback_blurb, DEFAULT_FALLBACK,
          rw | GST_PARAM_MUTABLE_PLAYING));
  if (properties->tuning_get_type) {
    g_object_class_install_property (gobject_class,
        first_prop_id + GST_CLFFT_DEVICE_PROP_TUNING,
        g_param_spec_enum ("tuning", "Tuning", properties->tuning_blurb,
            properties->tuning_get_type (), properties->tuning_default,
            rw | GST_PARAM_MUTABLE_PLAYING));
    gst_type_mark_as_plugin_api (properties->tuning_get_type (), 0);
  }
}

static gboolean
is_device_prop (guint first_prop_id, guint prop_id)
{
  return prop_id >= first_prop_id
      && prop_id <= first_prop_id + GST_CLFFT_DEVICE_PROP_TUNING;
}

gboolean
gst_clfft_device_set_property (GstClfftDevice * device, guint first_prop_id,
    guint prop_id, const GValue * value)
{
  GstElement *element = device->element;
  gboolean engine_open = FALSE;

  if (!is_device_prop (first_prop_id, prop_id))
    return FALSE;
  GST_OBJECT_LOCK (element);
  switch (prop_id - first_prop_id) {
    case GST_CLFFT_DEVICE_PROP_INDEX:
      device->index = g_value_get_int (value);
      engine_open = device->engine != NULL;
      break;
    case GST_CLFFT_DEVICE_PROP_FALLBACK:
      device->fallback = g_value_get_boolean (value);
      break;
    case GST_CLFFT_DEVICE_PROP_TUNING:
      device->tuning = g_value_get_enum (value);
      break;
    default:
      /* device-name and device-index-in-use are read-only: GObject does
       * not call set_property for them */
      break;
  }
  GST_OBJECT_UNLOCK (element);
  /* logged outside the lock: an object's log line takes its lock */
  if (engine_open && GST_STATE (element) != GST_STATE_NULL)
    GST_WARNING_OBJECT (element, "device-index takes effect at the next "
        "change from NULL to READY");
  return TRUE;
}

gboolean
gst_clfft_device_get_property (GstClfftDevice * device, guint first_prop_id,
    guint prop_id, GValue * value)
{
  GstElement *element = device->element;

  if (!is_device_prop (first_prop_id, prop_id))
    return FALSE;
  GST_OBJECT_LOCK (element);
  switch (prop_id - first_prop_id) {
    case GST_CLFFT_DEVICE_PROP_INDEX:
      g_value_set_int (value, device->index);
      break;
    case GST_CLFFT_DEVICE_PROP_NAME:
      g_value_set_string (value, device->engine ?
          clfft_engine_get_device (device->engine)->name : NULL);
      break;
    case GST_CLFFT_DEVICE_PROP_INDEX_IN_USE:
      g_value_set_int (value, device->engine ?
          (gint) clfft_engine_get_device (device->engine)->index : -1);
      break;
    case GST_CLFFT_DEVICE_PROP_FALLBACK:
      g_value_set_boolean (value, device->fallback);
      break;
    case GST_CLFFT_DEVICE_PROP_TUNING:
      g_value_set_enum (value, device->tuning);
      break;
  }
  GST_OBJECT_UNLOCK (element);
  return TRUE;
}

gboolean
gst_clfft_device_get_fallback (GstClfftDevice * device)
{
  gboolean fallback;

  GST_OBJECT_LOCK (device->element);
  fallback = device->fallback;
  GST_OBJECT_UNLOCK (device->element);
  return fallback;
}

/* ---- load ----------------------------------------------------------- */

/* Automatic device choices and the count of their streams, as one step:
 * so that elements going to READY at once on several threads spread. */
static GMutex choice_lock;

/* Counts the element's stream on the device of engine (NULL: on none) at
 * bytes_per_second, in place of where it counted before. */
static void
load_set (GstClfftDevice * device, ClfftEngine * engine,
    gdouble bytes_per_second)
{
  GstClfftLoad *load = &device->load;
  gint index = engine ? (gint) clfft_engine_get_device (engine)->index : -1;

  GST_OBJECT_LOCK (device->element);
  /* on the same device, in one step: a choice meanwhile sees no dip */
  if (index >= 0 && index == load->device) {
    clfft_device_add_load (index, 0, bytes_per_second -
        load->bytes_per_second);
  } else {
    if (load->device >= 0)
      clfft_device_add_load (load->device, -1, -load->bytes_per_second);
    if (index >= 0)
      clfft_device_add_load (index, 1, bytes_per_second);
  }
  load->device = index;
  load->bytes_per_second = index >= 0 ? bytes_per_second : 0.0;
  GST_OBJECT_UNLOCK (device->element);
}

void
gst_clfft_device_set_load (GstClfftDevice * device, gdouble bytes_per_second)
{
  load_set (device, device->engine, bytes_per_second);
}

/* ---- the engine and the GstContext ---------------------------------- */

void
gst_clfft_device_set_context (GstClfftDevice * device, GstContext * context)
{
  GstElement *element = device->element;
  ClfftEngine *offered = gst_clfft_context_get_engine (context);
  guint offered_index;
  gboolean allowed;

  if (!offered)
    return;
  offered_index = clfft_engine_get_device (offered)->index;
  /* before the object lock: the device list takes locks of its own */
  allowed = clfft_automatic_choice_allows (offered_index);
  GST_OBJECT_LOCK (element);
  if (!device->engine && (device->index < 0 ? allowed
          : (guint) device->index == offered_index)) {
    device->engine = offered;
    offered = NULL;
  }
  GST_OBJECT_UNLOCK (element);
  if (offered)
    clfft_engine_unref (offered);
  else
    GST_DEBUG_OBJECT (element, "using the shared engine of device %u",
        offered_index);
}

gboolean
gst_clfft_device_answer_query (GstClfftDevice * device, GstQuery * query)
{
  GstContext *context = NULL;

  if (!gst_clfft_context_query_is_ours (query))
    return FALSE;
  GST_OBJECT_LOCK (device->element);
  if (device->engine)
    context = gst_clfft_context_new (device->engine);
  GST_OBJECT_UNLOCK (device->element);
  if (!context)
    return FALSE;
  gst_query_set_context (query, context);
  gst_context_unref (context);
  return TRUE;
}

/* Makes sure device->engine is set for device_index: asks the peers and
 * the application for a shared engine, else creates one (the choice and
 * the count of the stream as one step) and announces it. */
static gboolean
ensure_engine (GstClfftDevice * device, gint device_index, GError ** error)
{
  GstElement *element = device->element;
  ClfftEngine *own, *stale = NULL;

  /* An engine may have come with a context while the element was in NULL,
   * before device-index or GST_CLFFT_DEVICE was set: an explicit
   * device-index wins, else the environment's devices. Asked outside the
   * object lock: the device list takes locks of its own. */
  GST_OBJECT_LOCK (element);
  own = device->engine ? clfft_engine_ref (device->engine) : NULL;
  GST_OBJECT_UNLOCK (element);
  if (own) {
    guint index = clfft_engine_get_device (own)->index;
    gboolean suits = device_index >= 0 ? index == (guint) device_index
        : clfft_automatic_choice_allows (index);

    if (!suits) {
      GST_OBJECT_LOCK (element);
      if (device->engine == own) {
        stale = device->engine;
        device->engine = NULL;
      }
      GST_OBJECT_UNLOCK (element);
    }
    clfft_engine_unref (own);
    if (suits)
      return TRUE;
  }
  if (stale) {
    GST_DEBUG_OBJECT (element, "dropping the shared engine of device %u: "
        "device-index %d or " CLFFT_DEVICE_ENV " names another",
        clfft_engine_get_device (stale)->index, device_index);
    clfft_engine_unref (stale);
  }

  /* 1. a neighbour already has one; 2. the application or a bin has one
   * (set_context is called from the need-context message). */
  gst_clfft_context_ask_peers (element);
  GST_OBJECT_LOCK (element);
  own = device->engine;
  GST_OBJECT_UNLOCK (element);
  if (!own)
    gst_clfft_context_ask_application (element);
  GST_OBJECT_LOCK (element);
  own = device->engine;
  GST_OBJECT_UNLOCK (element);
  if (own)
    return TRUE;

  /* 3. nobody has one: create it and tell the pipeline. */
  g_mutex_lock (&choice_lock);
  own = clfft_engine_get (device_index, error);
  if (own)
    load_set (device, own, device->load.bytes_per_second);
  g_mutex_unlock (&choice_lock);
  if (!own)
    return FALSE;
  GST_OBJECT_LOCK (element);
  if (device->engine)
    clfft_engine_unref (own);   /* a context arrived meanwhile */
  else
    device->engine = own;
  own = clfft_engine_ref (device->engine);
  GST_OBJECT_UNLOCK (element);
  gst_clfft_context_announce (element, own);
  clfft_engine_unref (own);
  return TRUE;
}

/* For NULL to READY: ensures the engine for device-index and counts the
 * stream there, or posts a resource error that names the device asked for
 * and returns FALSE. */
static gboolean
open_engine (GstClfftDevice * device)
{
  GstElement *element = device->element;
  GError *error = NULL;
  gchar *cache_warning;
  gint device_index;

  GST_OBJECT_LOCK (element);
  device_index = device->index;
  GST_OBJECT_UNLOCK (element);

  if (!ensure_engine (device, device_index, &error)) {
    gint code = error->code == CLFFT_ERROR_OPENCL ? GST_RESOURCE_ERROR_FAILED
        : GST_RESOURCE_ERROR_NOT_FOUND;
    ClfftOverrides overrides;
    gchar *device_env;

    clfft_overrides_read (&overrides);
    /* a message's text must be UTF-8: the variable's bytes may not be */
    device_env = !overrides.device ? g_strdup ("(unset)")
        : g_utf8_validate (overrides.device, -1, NULL) ?
        g_strdup (overrides.device) : g_strescape (overrides.device, NULL);
    gst_element_message_full (element, GST_MESSAGE_ERROR, GST_RESOURCE_ERROR,
        code, g_strdup (error->message),
        g_strdup_printf ("device-index=%d, " CLFFT_DEVICE_ENV "=%s",
            device_index, device_env), __FILE__, GST_FUNCTION, __LINE__);
    g_free (device_env);
    g_error_free (error);
    return FALSE;
  }
  /* an engine from a context or a neighbour: counted there now */
  load_set (device, device->engine, device->load.bytes_per_second);
  /* an unusable cache folder costs builds at each start, and the user can
   * mend it */
  cache_warning = clfft_engine_get_cache_warning (device->engine);
  if (cache_warning)
    GST_ELEMENT_WARNING (element, RESOURCE, OPEN_WRITE, ("%s",
            cache_warning), (NULL));
  g_free (cache_warning);
  GST_INFO_OBJECT (element, "using OpenCL device %s",
      clfft_engine_get_device (device->engine)->name);
  g_object_notify (G_OBJECT (element), "device-name");
  g_object_notify (G_OBJECT (element), "device-index-in-use");
  return TRUE;
}

void
gst_clfft_device_clear (GstClfftDevice * device)
{
  ClfftEngine *old;

  load_set (device, NULL, 0.0);

  GST_OBJECT_LOCK (device->element);
  old = device->engine;
  device->engine = NULL;
  GST_OBJECT_UNLOCK (device->element);
  if (old)
    clfft_engine_unref (old);
}

GstStateChangeReturn
gst_clfft_device_change_state (GstClfftDevice * device,
    GstStateChange transition, GstElementClass * parent_class)
{
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_NULL_TO_READY && !open_engine (device))
    return GST_STATE_CHANGE_FAILURE;
  ret = parent_class->change_state (device->element, transition);
  if (transition == GST_STATE_CHANGE_READY_TO_NULL
      || (transition == GST_STATE_CHANGE_NULL_TO_READY
          && ret == GST_STATE_CHANGE_FAILURE))
    gst_clfft_device_clear (device);
  return ret;
}

/* ---- failure and fallback ------------------------------------------- */

/* Candidates for a fallback from device failed, best first: see
 * fall_back. */
static guint
fallback_order (const ClfftDeviceInfo * devices, guint n, guint failed,
    guint order[])
{
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (i != failed && (devices[i].type & CL_DEVICE_TYPE_CPU))
      order[count++] = i;
  for (guint k = 1; k < n; k++) {
    guint i = (failed + k) % n;

    if (!(devices[i].type & CL_DEVICE_TYPE_CPU))
      order[count++] = i;
  }
  order[count++] = failed;
  return count;
}

/* After the device of the engine failed: retires that engine (see
 * clfft_engine_retire) and replaces it, under the object lock, with the
 * engine of the next usable device: the first CPU other than the failed
 * device, else the next other device, else a new context on the failed
 * device itself. The pipeline's context is not changed: elements that
 * share the failed engine fall back on their own. FALSE with error set
 * when no device can be opened (the engine is then unchanged). */
static gboolean
fall_back (GstClfftDevice * device, GError ** error)
{
  GstElement *element = device->element;
  const ClfftDeviceInfo *devices;
  ClfftEngine *failed, *next = NULL;
  guint n, count, *order;

  GST_OBJECT_LOCK (element);
  failed = clfft_engine_ref (device->engine);
  GST_OBJECT_UNLOCK (element);
  clfft_engine_retire (failed);
  devices = clfft_list_devices (&n, error);
  if (!devices) {
    clfft_engine_unref (failed);
    return FALSE;
  }
  order = g_new (guint, n);
  count = fallback_order (devices, n, clfft_engine_get_device (failed)->index,
      order);
  for (guint k = 0; k < count && !next; k++) {
    g_clear_error (error);
    next = clfft_engine_get (order[k], error);
  }
  g_free (order);
  clfft_engine_unref (failed);
  if (!next)
    return FALSE;
  g_clear_error (error);
  GST_OBJECT_LOCK (element);
  failed = device->engine;
  device->engine = next;
  GST_OBJECT_UNLOCK (element);
  load_set (device, next, device->load.bytes_per_second);
  clfft_engine_unref (failed);
  g_object_notify (G_OBJECT (element), "device-name");
  g_object_notify (G_OBJECT (element), "device-index-in-use");
  return TRUE;
}

gboolean
gst_clfft_device_failed (GstClfftDevice * device, gboolean fallback,
    const GError * cause, const gchar * task, const gchar * moved,
    GstClfftRemake remake)
{
  GstElement *element = device->element;
  GError *error = NULL;
  gchar *failed_name, *text = NULL, *debug;
  gboolean ok = FALSE;

  GST_OBJECT_LOCK (element);
  failed_name = g_strdup (clfft_engine_get_device (device->engine)->name);
  GST_OBJECT_UNLOCK (element);
  if (fallback)
    ok = fall_back (device, &error) && remake (element, &error);
  if (ok) {
    /* the engine is changed in the streaming thread only */
    text = g_strdup_printf ("OpenCL device %s failed; %s and the rest of "
        "the stream go to %s.", failed_name, moved,
        clfft_engine_get_device (device->engine)->name);
    debug = g_strdup (cause->message);
  } else if (error) {
    text = g_strdup_printf ("OpenCL device %s failed to %s, and falling "
        "back to another device failed too.", failed_name, task);
    debug = g_strdup_printf ("%s; fallback: %s", cause->message,
        error->message);
  } else {
    text = g_strdup_printf ("OpenCL device %s failed to %s.", failed_name,
        task);
    debug = g_strdup (cause->message);
  }
  gst_element_message_full (element, ok ? GST_MESSAGE_WARNING :
      GST_MESSAGE_ERROR, GST_RESOURCE_ERROR, GST_RESOURCE_ERROR_FAILED, text,
      debug, __FILE__, GST_FUNCTION, __LINE__);
  g_clear_error (&error);
  g_free (failed_name);
  return ok;
}
