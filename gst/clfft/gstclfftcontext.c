#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gstclfftcontext.h"

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

ClfftEngine *
gst_clfft_context_get_engine (GstContext * context)
{
  ClfftEngine *engine = NULL;

  if (g_strcmp0 (gst_context_get_context_type (context),
          GST_CLFFT_ENGINE_CONTEXT_TYPE) != 0)
    return NULL;
  gst_structure_get (gst_context_get_structure (context), ENGINE_FIELD,
      GST_TYPE_CLFFT_ENGINE, &engine, NULL);
  return engine;
}

gboolean
gst_clfft_context_query_is_ours (GstQuery * query)
{
  const gchar *type;

  return GST_QUERY_TYPE (query) == GST_QUERY_CONTEXT
      && gst_query_parse_context_type (query, &type)
      && g_strcmp0 (type, GST_CLFFT_ENGINE_CONTEXT_TYPE) == 0;
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

void
gst_clfft_context_ask_peers (GstElement * element)
{
  GstQuery *query = gst_query_new_context (GST_CLFFT_ENGINE_CONTEXT_TYPE);
  GstContext *context = NULL;

  if (query_peers (element, query, GST_PAD_SRC)
      || query_peers (element, query, GST_PAD_SINK)) {
    gst_query_parse_context (query, &context);
    /* through the element's set_context, which keeps the context too */
    if (context)
      gst_element_set_context (element, context);
  }
  gst_query_unref (query);
}

void
gst_clfft_context_ask_application (GstElement * element)
{
  gst_element_post_message (element, gst_message_new_need_context
      (GST_OBJECT (element), GST_CLFFT_ENGINE_CONTEXT_TYPE));
}

void
gst_clfft_context_announce (GstElement * element, ClfftEngine * engine)
{
  GstContext *context = gst_clfft_context_new (engine);

  gst_element_set_context (element, context);
  if (clfft_automatic_choice_balances ()) {
    GST_DEBUG_OBJECT (element, "not announcing the engine: other branches "
        "balance over the devices");
    gst_context_unref (context);
  } else {
    gst_element_post_message (element,
        gst_message_new_have_context (GST_OBJECT (element), context));
  }
}
