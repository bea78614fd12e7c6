#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfftcontext.h"
#include "engine/clfft-overrides.h"

GST_DEBUG_CATEGORY_EXTERN (gst_clfft_debug);
#define GST_CAT_DEFAULT gst_clfft_debug

#define ENGINE_FIELD "engine"

/* A context's engine reads as its device's name where GStreamer prints
 * it (gst-launch-1.0 -v's have-context messages), not as NULL */
static void
engine_to_string (const GValue * from, GValue * to)
{
  ClfftEngine *engine = g_value_get_boxed (from);

  g_value_set_string (to, engine ? clfft_engine_get_device (engine)->name :
      NULL);
}

G_DEFINE_BOXED_TYPE_WITH_CODE (ClfftEngine, gst_clfft_engine,
    clfft_engine_ref, clfft_engine_unref,
    g_value_register_transform_func (g_define_type_id, G_TYPE_STRING,
        engine_to_string));

GstContext *
gst_clfft_context_new (ClfftEngine * engine)
{
  GstContext *context = gst_context_new (GST_CLFFT_ENGINE_CONTEXT_TYPE, TRUE);

  gst_structure_set (gst_context_writable_structure (context), ENGINE_FIELD,
      GST_TYPE_CLFFT_ENGINE, engine, NULL);
  return context;
}

/* Automatic device choices and the count of their streams, as one step:
 * so that elements going to READY at once on several threads spread. */
static GMutex choice_lock;

void
gst_clfft_load_set (GstElement * element, GstClfftLoad * load,
    ClfftEngine * engine, gdouble bytes_per_second)
{
  gint device = engine ? (gint) clfft_engine_get_device (engine)->index : -1;

  GST_OBJECT_LOCK (element);
  /* on the same device, in one step: a choice meanwhile sees no dip */
  if (device >= 0 && device == load->device) {
    clfft_device_add_load (device, 0, bytes_per_second -
        load->bytes_per_second);
  } else {
    if (load->device >= 0)
      clfft_device_add_load (load->device, -1, -load->bytes_per_second);
    if (device >= 0)
      clfft_device_add_load (device, 1, bytes_per_second);
  }
  load->device = device;
  load->bytes_per_second = device >= 0 ? bytes_per_second : 0.0;
  GST_OBJECT_UNLOCK (element);
}

static ClfftEngine *
context_get_engine (GstContext * context)
{
  ClfftEngine *engine = NULL;

  if (g_strcmp0 (gst_context_get_context_type (context),
          GST_CLFFT_ENGINE_CONTEXT_TYPE) != 0)
    return NULL;
  gst_structure_get (gst_context_get_structure (context), ENGINE_FIELD,
      GST_TYPE_CLFFT_ENGINE, &engine, NULL);
  return engine;
}

void
gst_clfft_handle_set_context (GstElement * element, GstContext * context,
    const gint * device_index, ClfftEngine ** engine)
{
  ClfftEngine *offered = context_get_engine (context);
  guint offered_index;
  gboolean allowed;

  if (!offered)
    return;
  offered_index = clfft_engine_get_device (offered)->index;
  /* before the object lock: the device list takes locks of its own */
  allowed = clfft_automatic_choice_allows (offered_index);
  GST_OBJECT_LOCK (element);
  if (!*engine && (*device_index < 0 ? allowed
          : (guint) * device_index == offered_index)) {
    *engine = offered;
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
gst_clfft_handle_context_query (GstElement * element, GstQuery * query,
    ClfftEngine ** engine)
{
  const gchar *type;
  GstContext *context = NULL;

  if (GST_QUERY_TYPE (query) != GST_QUERY_CONTEXT
      || !gst_query_parse_context_type (query, &type)
      || g_strcmp0 (type, GST_CLFFT_ENGINE_CONTEXT_TYPE) != 0)
    return FALSE;
  GST_OBJECT_LOCK (element);
  if (*engine)
    context = gst_clfft_context_new (*engine);
  GST_OBJECT_UNLOCK (element);
  if (!context)
    return FALSE;
  gst_query_set_context (query, context);
  gst_context_unref (context);
  return TRUE;
}

static gboolean
query_peers (GstElement * element, GstQuery * query, GstPadDirection dir)
{
  GstIterator *it = dir == GST_PAD_SRC ? gst_element_iterate_src_pads (element)
      : gst_element_iterate_sink_pads (element);
  GValue item = G_VALUE_INIT;
  gboolean answered = FALSE, done = FALSE;

  while (!done && !answered) {
    switch (gst_iterator_next (it, &item)) {
      case GST_ITERATOR_OK:
        answered = gst_pad_peer_query (g_value_get_object (&item), query);
        g_value_reset (&item);
        break;
      case GST_ITERATOR_RESYNC:
        gst_iterator_resync (it);
        break;
      default:
        done = TRUE;
        break;
    }
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return answered;
}

gboolean
gst_clfft_ensure_engine (GstElement * element, gint device_index,
    ClfftEngine ** engine, GstClfftLoad * load, GError ** error)
{
  GstQuery *query;
  GstContext *context = NULL;
  ClfftEngine *own, *stale = NULL;

  /* An engine may have come with a context while the element was in NULL,
   * before device-index or GST_CLFFT_DEVICE was set: an explicit
   * device-index wins, else the environment's devices. Asked outside the
   * object lock: the device list takes locks of its own. */
  GST_OBJECT_LOCK (element);
  own = *engine ? clfft_engine_ref (*engine) : NULL;
  GST_OBJECT_UNLOCK (element);
  if (own) {
    guint index = clfft_engine_get_device (own)->index;
    gboolean suits = device_index >= 0 ? index == (guint) device_index
        : clfft_automatic_choice_allows (index);

    if (!suits) {
      GST_OBJECT_LOCK (element);
      if (*engine == own) {
        stale = *engine;
        *engine = NULL;
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
  query = gst_query_new_context (GST_CLFFT_ENGINE_CONTEXT_TYPE);
  if (query_peers (element, query, GST_PAD_SRC)
      || query_peers (element, query, GST_PAD_SINK)) {
    gst_query_parse_context (query, &context);
    /* through the element's set_context, which keeps the context too */
    if (context)
      gst_element_set_context (element, context);
  }
  gst_query_unref (query);
  if (!*engine)
    gst_element_post_message (element, gst_message_new_need_context
        (GST_OBJECT (element), GST_CLFFT_ENGINE_CONTEXT_TYPE));
  GST_OBJECT_LOCK (element);
  own = *engine;
  GST_OBJECT_UNLOCK (element);
  if (own)
    return TRUE;

  /* 3. nobody has one: create it and tell the pipeline. */
  g_mutex_lock (&choice_lock);
  own = clfft_engine_get (device_index, error);
  if (own)
    gst_clfft_load_set (element, load, own, load->bytes_per_second);
  g_mutex_unlock (&choice_lock);
  if (!own)
    return FALSE;
  GST_OBJECT_LOCK (element);
  if (*engine)
    clfft_engine_unref (own);   /* a context arrived meanwhile */
  else
    *engine = own;
  GST_OBJECT_UNLOCK (element);
  context = gst_clfft_context_new (*engine);
  gst_element_set_context (element, context);
  if (clfft_automatic_choice_balances ()) {
    GST_DEBUG_OBJECT (element, "not announcing the engine: other branches "
        "balance over the devices");
    gst_context_unref (context);
  } else {
    gst_element_post_message (element,
        gst_message_new_have_context (GST_OBJECT (element), context));
  }
  return TRUE;
}

gboolean
gst_clfft_open_engine (GstElement * element, const gint * device_index_field,
    ClfftEngine ** engine, GstClfftLoad * load)
{
  GError *error = NULL;
  gchar *cache_warning;
  gint device_index;

  GST_OBJECT_LOCK (element);
  device_index = *device_index_field;
  GST_OBJECT_UNLOCK (element);

  if (!gst_clfft_ensure_engine (element, device_index, engine, load,
          &error)) {
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
  gst_clfft_load_set (element, load, *engine, load->bytes_per_second);
  /* an unusable cache folder costs builds at each start, and the user can
   * mend it */
  cache_warning = clfft_engine_get_cache_warning (*engine);
  if (cache_warning)
    GST_ELEMENT_WARNING (element, RESOURCE, OPEN_WRITE, ("%s",
            cache_warning), (NULL));
  g_free (cache_warning);
  GST_INFO_OBJECT (element, "using OpenCL device %s",
      clfft_engine_get_device (*engine)->name);
  g_object_notify (G_OBJECT (element), "device-name");
  g_object_notify (G_OBJECT (element), "device-index-in-use");
  return TRUE;
}

/* Candidates for a fallback from device failed, best first: see
 * gst_clfft_fall_back. */
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

gboolean
gst_clfft_fall_back (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load, GError ** error)
{
  const ClfftDeviceInfo *devices;
  ClfftEngine *failed, *next = NULL;
  guint n, count, *order;

  GST_OBJECT_LOCK (element);
  failed = clfft_engine_ref (*engine);
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
  failed = *engine;
  *engine = next;
  GST_OBJECT_UNLOCK (element);
  gst_clfft_load_set (element, load, next, load->bytes_per_second);
  clfft_engine_unref (failed);
  g_object_notify (G_OBJECT (element), "device-name");
  g_object_notify (G_OBJECT (element), "device-index-in-use");
  return TRUE;
}

gboolean
gst_clfft_device_failed (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load, gboolean fallback, const GError * cause,
    const gchar * task, const gchar * moved, GstClfftRemake remake)
{
  GError *error = NULL;
  gchar *failed_name, *text = NULL, *debug;
  gboolean ok = FALSE;

  GST_OBJECT_LOCK (element);
  failed_name = g_strdup (clfft_engine_get_device (*engine)->name);
  GST_OBJECT_UNLOCK (element);
  if (fallback)
    ok = gst_clfft_fall_back (element, engine, load, &error)
        && remake (element, &error);
  if (ok) {
    /* *engine is changed in the streaming thread only */
    text = g_strdup_printf ("OpenCL device %s failed; %s and the rest of "
        "the stream go to %s.", failed_name, moved,
        clfft_engine_get_device (*engine)->name);
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

void
gst_clfft_close_engine (GstElement * element, ClfftEngine ** engine,
    GstClfftLoad * load)
{
  ClfftEngine *old;

  gst_clfft_load_set (element, load, NULL, 0.0);

  GST_OBJECT_LOCK (element);
  old = *engine;
  *engine = NULL;
  GST_OBJECT_UNLOCK (element);
  if (old)
    clfft_engine_unref (old);
}

GstStateChangeReturn
gst_clfft_change_state (GstElement * element, GstStateChange transition,
    GstElementClass * parent_class, const gint * device_index,
    ClfftEngine ** engine, GstClfftLoad * load)
{
  GstStateChangeReturn ret;

  if (transition == GST_STATE_CHANGE_NULL_TO_READY
      && !gst_clfft_open_engine (element, device_index, engine, load))
    return GST_STATE_CHANGE_FAILURE;
  ret = parent_class->change_state (element, transition);
  if (transition == GST_STATE_CHANGE_READY_TO_NULL
      || (transition == GST_STATE_CHANGE_NULL_TO_READY
          && ret == GST_STATE_CHANGE_FAILURE))
    gst_clfft_close_engine (element, engine, load);
  return ret;
}
